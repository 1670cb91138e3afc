"""Calabresella's procedure: each kind of action's judge, transition and fast path, by phase module.

calabresella.procedure.phases: a hand goes through the auction, the exchange
(calling, returning, laying away, the raise) and the play, and each phase has
its own kinds of action. After the door every game shares
(:class:`~cardrules.state_base.StateBase`: the game over, text, an action of
no kind the game has), each judge here finds common.turn.player-to-act, then
the rule of phases for an action of another phase, then hands the action to
the rules of its own phase module (:func:`judge_play`, :func:`judge_auction`,
:func:`judge_exchange`); each transition hands a legal action to its phase
module's (:func:`take_play`, :func:`take_auction`, :func:`take_exchange`).
The state's action table names them, with the fast paths :func:`fast_play`,
:func:`fast_shared` and :func:`fast_exchange`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING, Final

from cardrules.cards import STANDARD_DECK, Card
from cardrules.game import Action
from cardrules.games.calabresella import auction, exchange, play
from cardrules.games.calabresella.actions import (
    Bid,
    CallCard,
    ChooseRaise,
    Discard,
    Pass,
    PlayCard,
    ReturnCard,
)
from cardrules.games.calabresella.cards import SUIT_MASKS
from cardrules.games.calabresella.deal import Phase
from cardrules.games.calabresella.rules import RULES
from cardrules.judging import Findings, not_held, out_of_turn, rule_order
from cardrules.notation import format_seat
from cardrules.verdict import Verdict

if TYPE_CHECKING:
    from cardrules.games.calabresella.state import CalabresellaState

__all__ = [
    "fast_exchange",
    "fast_play",
    "fast_shared",
    "judge_auction",
    "judge_exchange",
    "judge_play",
    "take_auction",
    "take_exchange",
    "take_play",
]

_PHASES: Final = "calabresella.procedure.phases"
_AUCTION: Final = Phase.AUCTION
_CALL: Final = Phase.CALL
_RETURN: Final = Phase.RETURN
_RAISE: Final = Phase.RAISE
_PLAY: Final = Phase.PLAY
_ORDER: Final = rule_order(RULES)

_DOING: Final = MappingProxyType({phase: f" {phase.task}" for phase in Phase})
"""What the player to act does in each phase, as common.turn.player-to-act words it after *turn*."""

_IN_PHASE: Final[Mapping[Phase, tuple[type[Action], ...]]] = MappingProxyType(
    {
        Phase.AUCTION: (Pass, Bid),
        Phase.CALL: (CallCard,),
        Phase.RETURN: (ReturnCard,),
        Phase.DISCARD: (Discard,),
        Phase.RAISE: (ChooseRaise,),
        Phase.LAY: (Discard,),
        Phase.PLAY: (PlayCard,),
    }
)
"""calabresella.procedure.phases: the kinds of action each phase has."""


def judge_play(state: CalabresellaState, action: PlayCard) -> tuple[Verdict, None]:
    """The verdict on a card play that passed the door (see :func:`judge_auction` for the order).

    In the play phase a play out of turn breaks common.turn.player-to-act and,
    for a card its player lacks, common.cards.held, and nothing else (the follow
    rule is the player to act's): its verdict depends on the seats and the card
    alone, so it is looked up (``_PLAY_OUT_OF_TURN``, built by this very
    judging). The player to act's play is :func:`~cardrules.games.calabresella.play.allowed`
    or :func:`~cardrules.games.calabresella.play.refusal`.
    """
    if state.phase is _PLAY:
        seat = action.seat
        index = action.card.index
        to_act = state.current_player
        if seat != to_act:
            held = state.hands[seat] >> index & 1
            return _PLAY_OUT_OF_TURN[to_act][seat][_HELD if held else index], None
        verdict = play.allowed(state, seat, index)
        return (verdict if verdict is not None else play.refusal(state, action)), None
    found, in_phase = _turn_and_phase(state, action)
    if not in_phase:
        _wrong_phase(state, action, found, "play a card")
    return play.judge(state, action, found, in_phase), None


def judge_auction(state: CalabresellaState, action: Pass | Bid) -> tuple[Verdict, None]:
    """The verdict on a call that passed the door.

    After the door's common refusals (common.game.over, common.action.known):
    common.turn.player-to-act, then calabresella.procedure.phases for an action
    of another phase (in the words of its phase module where one of its rules
    explains it), then the rules of the action's own phase module.
    """
    found, in_phase = _turn_and_phase(state, action)
    if not in_phase:
        found.add(*auction.misplaced(state, action))
    return auction.judge(state, action, found, in_phase), None


def judge_exchange(
    state: CalabresellaState, action: CallCard | ReturnCard | Discard | ChooseRaise
) -> tuple[Verdict, None]:
    """The verdict on a call of a card, a return, a lay-away or a raise that passed the door
    (see :func:`judge_auction` for the order)."""
    found, in_phase = _turn_and_phase(state, action)
    if not in_phase:
        special = exchange.misplaced(state, action)
        if special is not None:  # its own rule first, then the rule of phases, for the same reason
            found.add(*special)
            found.also(_PHASES)
        else:
            _wrong_phase(state, action, found, _verb(action))
    return exchange.judge(state, action, found, in_phase), None


def _turn_and_phase(state: CalabresellaState, action: Action) -> tuple[Findings, bool]:
    """common.turn.player-to-act found for ``action``, and whether it is of the current phase."""
    found = Findings()
    phase = state.phase
    out_of_turn(found, action.seat, state.current_player, doing=_DOING[phase])
    return found, isinstance(action, _IN_PHASE[phase])


def _out_of_turn_play(to_act: int, seat: int, card: Card | None) -> Verdict:
    """What :func:`judge_play` finds when ``seat`` plays in the play phase while ``to_act`` is to act:
    common.turn.player-to-act and, for a ``card`` the seat lacks (``None``: one it holds), what
    :func:`~cardrules.games.calabresella.play.judge` adds."""
    found = Findings()
    out_of_turn(found, seat, to_act, doing=_DOING[_PLAY])
    if card is not None:
        not_held(found, seat, card.pretty())
    return found.verdict(_ORDER)


_HELD: Final = len(STANDARD_DECK)
"""The place of the verdict on a held card in a row of :data:`_PLAY_OUT_OF_TURN`."""

_PLAY_OUT_OF_TURN: Final[tuple[tuple[tuple[Verdict, ...], ...], ...]] = tuple(
    tuple(
        ()
        if seat == to_act
        else (
            *(_out_of_turn_play(to_act, seat, card) for card in STANDARD_DECK),
            _out_of_turn_play(to_act, seat, None),
        )
        for seat in range(3)
    )
    for to_act in range(3)
)
"""Per seat to act and seat playing, the verdict on a play out of turn in the play phase: by the card's
index for a card the seat lacks, at :data:`_HELD` for one it holds (judged once, at import)."""


def _verb(action: Action) -> str:
    if isinstance(action, Discard):
        return "lay cards away"
    if isinstance(action, ReturnCard):
        return "return a card"
    if isinstance(action, CallCard):
        return "call a card"
    if isinstance(action, ChooseRaise):
        return "choose a raise"
    return "do that"


def _wrong_phase(state: CalabresellaState, action: Action, found: Findings, verb: str) -> None:
    """calabresella.procedure.phases: ``action`` belongs to another phase than the current one."""
    found.add(
        _PHASES,
        f"{format_seat(action.seat)} cannot {verb} here: "
        f"now {format_seat(state.current_player)} is {state.phase.task}",
    )


def take_play(state: CalabresellaState, action: PlayCard, _: None) -> CalabresellaState:
    """The state after a card play judged legal, or carried out as played (a revoke)."""
    return play.play(state, action.seat, action.card.index)


def take_auction(state: CalabresellaState, action: Pass | Bid, _: None) -> CalabresellaState:
    """The state after a call judged legal."""
    return auction.call(state, action)


def take_exchange(
    state: CalabresellaState, action: CallCard | ReturnCard | Discard | ChooseRaise, _: None
) -> CalabresellaState:
    """The state after a call of a card, a return, a lay-away or a raise judged legal."""
    return exchange.advance(state, action)


def fast_play(state: CalabresellaState, action: object) -> CalabresellaState | None:
    """The state after ``action`` when it is a legal card play by the player to act (the very condition
    of the legal set and the check, :func:`~cardrules.games.calabresella.play.playable`), taking only
    what the door takes; else ``None``."""
    seat = state.current_player
    try:
        fast = state.phase is _PLAY and type(action.seat) is int and action.seat == seat  # type: ignore[attr-defined]
        fast = fast and type(action.card) is Card  # type: ignore[attr-defined]
    except AttributeError:  # a value built around its constructor, a field missing: the door says so
        return None
    if fast:
        index = action.card.index  # type: ignore[attr-defined]
        hand = state.hands[seat]
        if hand >> index & 1:
            trick = state.trick
            # play.playable's test, written out on the plan's ``free`` as play.legal has it (a test holds
            # the fast path to the check): a held card follows suit, or the player is void in it.
            if trick and not state.context.plan.free:
                led = SUIT_MASKS[trick[0] // 13]
                if not led >> index & 1 and hand & led:
                    return None
            return play.play(state, seat, index)
    return None


def fast_shared(state: CalabresellaState, action: object) -> CalabresellaState | None:
    """The state after ``action`` when it is itself one of the shared legal actions of an auction or
    raise state; else ``None`` (the door judges it).

    Those phases' legal sets are the shared values of
    :mod:`~cardrules.games.calabresella.actions` (:func:`auction.legal
    <cardrules.games.calabresella.auction.legal>`, :func:`exchange.legal
    <cardrules.games.calabresella.exchange.legal>`), so an action found among
    them (by identity: an equal value built elsewhere is judged as usual) is
    legal without a verdict.
    """
    phase = state.phase
    legal: Sequence[Action]
    if phase is _AUCTION:
        legal = auction.legal(state)
    elif phase is _RAISE:
        legal = exchange.legal(state)
    else:
        return None
    for shared in legal:
        if shared is action:
            # a shared value of the phase's legal set: a call in the auction, a raise after it
            if phase is _AUCTION:
                return auction.call(state, shared)  # type: ignore[arg-type]
            return exchange.advance(state, shared)  # type: ignore[arg-type]
    return None


def fast_exchange(
    state: CalabresellaState, action: CallCard | ReturnCard | Discard
) -> CalabresellaState | None:
    """The state after ``action`` when it is a legal call of a card, return or lay-away by the player to
    act, on the very conditions of the legal set and the check
    (:func:`~cardrules.games.calabresella.exchange.callable_mask`,
    :func:`~cardrules.games.calabresella.exchange.returnable_mask`,
    :func:`~cardrules.games.calabresella.exchange.lay_allowed`), taking only what the door takes
    (exact card values); else ``None`` (the door judges it)."""
    seat = state.current_player
    phase = state.phase
    try:  # a value built around its constructor, a field missing: the door says why
        if type(action.seat) is not int or action.seat != seat:
            return None
        kind = type(action)
        if kind is Discard:
            cards = action.cards  # type: ignore[union-attr]
            fast = type(cards) is tuple and all(type(card) is Card for card in cards)
            fast = fast and exchange.lay_allowed(state, seat, cards)
        else:
            card = action.card  # type: ignore[union-attr]
            if type(card) is not Card:
                return None
            hand = state.hands[seat]
            if kind is CallCard:
                fast = phase is _CALL and bool(exchange.callable_mask(hand) >> card.index & 1)
            else:
                fast = phase is _RETURN and bool(
                    exchange.returnable_mask(hand, state.setup.called) >> card.index & 1
                )
    except AttributeError:
        return None
    return exchange.advance(state, action) if fast else None
