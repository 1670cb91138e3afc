"""The exchange: the call, the handover, the return, the monte, the lay-away and the Solissimo raise.

For the exchange's actions (:class:`~cardrules.games.calabresella.actions.CallCard`,
:class:`~cardrules.games.calabresella.actions.ReturnCard`,
:class:`~cardrules.games.calabresella.actions.Discard` and
:class:`~cardrules.games.calabresella.actions.ChooseRaise`) this module holds
the legal set (:func:`legal`), the check (:func:`judge`, :func:`misplaced`)
and the transition (:func:`advance`), each written on the same conditions:
:func:`callable_mask` (calabresella.exchange.call), :func:`returnable_mask`
(calabresella.exchange.return) and :func:`lay_size` with :func:`lay_rule`
(calabresella.exchange.discard, calabresella.exchange.dividete,
calabresella.exchange.scegliete; the raise's rule is :func:`lay_away_rule`).
What follows the auction is :func:`begin`. The lay-away's legal set is a lazy
sequence of its own, :mod:`~cardrules.games.calabresella.lay_aways`.

>>> bin(returnable_mask(0b1011, 1))
'0b1001'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from cardrules.cards import Card, format_cards
from cardrules.game import Action
from cardrules.games.calabresella import play
from cardrules.games.calabresella.actions import (
    CALLS,
    RAISES,
    RETURNS,
    CallCard,
    ChooseRaise,
    Discard,
    ReturnCard,
)
from cardrules.games.calabresella.cards import DECK_MASK, cards_of, in_mask, mask_of, pretty
from cardrules.games.calabresella.deal import NO_TALLY, Phase, Setup, make_setup
from cardrules.games.calabresella.lay_aways import LayAways
from cardrules.games.calabresella.options import ReturnTiming, SolissimoRaises, SoloMonte
from cardrules.games.calabresella.rules import RULES
from cardrules.games.calabresella.scoring import Contract, Raise
from cardrules.judging import CARDS_HELD, Findings, not_held, rule_order
from cardrules.notation import format_seat
from cardrules.verdict import Verdict

if TYPE_CHECKING:
    from cardrules.games.calabresella.state import CalabresellaState

__all__ = [
    "CALLED_IN_MONTE",
    "RETURN",
    "SOLISSIMO",
    "advance",
    "begin",
    "callable_mask",
    "final_monte",
    "judge",
    "lay_allowed",
    "lay_away_rule",
    "lay_rule",
    "lay_size",
    "legal",
    "misplaced",
    "returnable_mask",
]

_CALL: Final = "calabresella.exchange.call"
CALLED_IN_MONTE: Final = "calabresella.exchange.called-in-monte"
"""The rule for a called card that lay in the monte."""
RETURN: Final = "calabresella.exchange.return"
"""The rule of the card returned for the called card."""
_DISCARD: Final = "calabresella.exchange.discard"
SOLISSIMO: Final = "calabresella.exchange.solissimo"
"""The rule of Solissimo's exchange: the 12 cards dealt, nothing laid away unless raised."""
_RAISE: Final = "calabresella.exchange.solissimo-raise"
_DIVIDETE: Final = "calabresella.exchange.dividete"
_SCEGLIETE: Final = "calabresella.exchange.scegliete"

_ORDER: Final = rule_order(RULES)


# The members the exchange compares with, read once (reading an enum member off its class is slow).
_CONTRACT_CHIAMO: Final = Contract.CHIAMO
_CONTRACT_SOLO: Final = Contract.SOLO
_PHASE_CALL: Final = Phase.CALL
_PHASE_DISCARD: Final = Phase.DISCARD
_PHASE_LAY: Final = Phase.LAY
_PHASE_RAISE: Final = Phase.RAISE
_PHASE_RETURN: Final = Phase.RETURN
_RAISE_DIVIDETE: Final = Raise.DIVIDETE
_RAISE_NONE: Final = Raise.NONE
_RAISE_SCEGLIETE: Final = Raise.SCEGLIETE
_RETURNTIMING_BEFORE_MONTE: Final = ReturnTiming.BEFORE_MONTE
_SOLISSIMORAISES_ON: Final = SolissimoRaises.ON
_SOLOMONTE_HIDDEN: Final = SoloMonte.HIDDEN


# -- the conditions -------------------------------------------------------------


def callable_mask(hand: int) -> int:
    """calabresella.exchange.call: the cards the Chiamo bidder may call, the 28 of the deck B lacks."""
    return DECK_MASK & ~hand


def returnable_mask(hand: int, called: int) -> int:
    """calabresella.exchange.return: the cards the bidder may return, any held card but the called one."""
    return hand & ~(1 << called)


def lay_size(state: CalabresellaState) -> int:
    """How many cards the player to act lays away: 2 in dividete, else 4.

    calabresella.exchange.discard (the bidder's 4), calabresella.exchange.dividete
    (each opponent's 2), calabresella.exchange.scegliete (each opponent's 4).
    """
    if state.phase is _PHASE_LAY and state.setup.raised is _RAISE_DIVIDETE:
        return 2
    return 4


def lay_rule(state: CalabresellaState) -> str:
    """The rule of the lay-away now due: the bidder's discard, or the opponents' dividete or scegliete."""
    if state.phase is _PHASE_LAY:
        return lay_away_rule(state.setup.raised)
    return _DISCARD


def lay_away_rule(raised: Raise | None) -> str:
    """The rule of a lay-away made under the Solissimo raise ``raised``.

    The opponents' lay-away under dividete (calabresella.exchange.dividete) or
    scegliete (calabresella.exchange.scegliete); with no raise, the bidder's
    discard (calabresella.exchange.discard).
    """
    if raised is _RAISE_DIVIDETE:
        return _DIVIDETE
    if raised is _RAISE_SCEGLIETE:
        return _SCEGLIETE
    return _DISCARD


def final_monte(setup: Setup, dealt: tuple[int, ...]) -> tuple[int, ...]:
    """The monte the exchange leaves out of play, for the last trick's side (calabresella.scoring.monte).

    The last lay-away (both opponents' pairs after dividete), or the ``dealt``
    monte when nothing was laid away (an unraised Solissimo).
    """
    if setup.raised is _RAISE_DIVIDETE:
        return setup.laid[-2][1] + setup.laid[-1][1]
    if setup.laid:
        return setup.laid[-1][1]
    return dealt


# -- the legal sets -------------------------------------------------------------


def legal(state: CalabresellaState) -> Sequence[Action]:
    """The legal actions of an exchange phase, in canonical order.

    Call: the 28 cards B lacks, in index order. Return: B's cards but the
    called one, in index order. Raise: none, dividete, scegliete. Lay-away:
    every set of the right size, in lexicographic index order, as a lazy
    :class:`~cardrules.games.calabresella.lay_aways.LayAways` (every other phase's set is a tuple).
    """
    phase = state.phase
    seat = state.current_player
    hand = state.hands[seat]
    if phase is _PHASE_CALL:
        return in_mask(CALLS[seat], callable_mask(hand))
    if phase is _PHASE_RETURN:
        return in_mask(RETURNS[seat], returnable_mask(hand, state.setup.called))
    if phase is _PHASE_RAISE:
        return RAISES[seat]
    return LayAways(seat, cards_of(hand), lay_size(state))


def lay_allowed(state: CalabresellaState, seat: int, cards: tuple[Card, ...]) -> bool:
    """Whether ``seat`` may lay ``cards`` (card values) away in ``state``: the fast test of ``apply``, on
    the conditions :func:`judge` words (the player to act, a lay-away phase, :func:`lay_size` distinct
    cards, each held, so in the deck)."""
    phase = state.phase
    if seat != state.current_player or (phase is not _PHASE_DISCARD and phase is not _PHASE_LAY):
        return False
    mask = 0
    for card in cards:
        mask |= 1 << card.index
    return (
        len(cards) == lay_size(state) and mask.bit_count() == len(cards) and state.hands[seat] & mask == mask
    )


# -- the check ------------------------------------------------------------------


def misplaced(
    state: CalabresellaState, action: CallCard | ReturnCard | Discard | ChooseRaise
) -> tuple[str, str] | None:
    """The exchange rule an exchange action breaks by coming in the wrong phase, if one says why.

    calabresella.exchange.call: only a Chiamo bidder calls a card.
    calabresella.exchange.called-in-monte: a called card found in the monte
    allows no second call and no return. calabresella.exchange.solissimo-raise:
    the raise is one decision, by a Solissimo bidder, right after the auction.
    calabresella.exchange.solissimo: a Solissimo bidder lays nothing away.
    ``None`` leaves the reason to calabresella.procedure.phases.
    """
    setup = state.setup
    contract = setup.contract
    if isinstance(action, CallCard):
        if contract is Contract.SOLO or contract is Contract.SOLISSIMO:
            return _CALL, f"no card is called in {contract.label}; only a Chiamo bidder calls a card"
        if setup.called_in_monte:
            return (
                CALLED_IN_MONTE,
                f"the called card {pretty(setup.called)} lay in the monte; no other card may be called",
            )
    elif isinstance(action, ReturnCard):
        if setup.called_in_monte:
            return (
                CALLED_IN_MONTE,
                f"the called card {pretty(setup.called)} came from the monte, so no card is returned",
            )
    elif isinstance(action, ChooseRaise):
        if contract is not Contract.SOLISSIMO:
            return _RAISE, "only a Solissimo bidder may raise, right after the auction"
        if state.options.solissimo_raises is SolissimoRaises.OFF:
            return _RAISE, "Solissimo raises are not played under solissimo_raises=off"
        return _RAISE, "the raise is chosen once, before the opening lead, and that moment has passed"
    elif contract is Contract.SOLISSIMO and action.seat == setup.bidder:  # a lay-away
        actor = format_seat(action.seat)
        return SOLISSIMO, f"{actor} bid Solissimo and plays the 12 cards dealt, laying nothing away"
    return None


def judge(
    state: CalabresellaState,
    action: CallCard | ReturnCard | Discard | ChooseRaise,
    found: Findings,
    in_phase: bool,
) -> Verdict:
    """The verdict on an exchange action, given what ``found`` holds already (the turn, the phase).

    common.cards.held for a card returned or laid away that the actor lacks;
    for the player to act in the right phase, calabresella.exchange.call,
    calabresella.exchange.return and the lay-away's size (:func:`lay_rule`).
    """
    seat = action.seat
    actor = format_seat(seat)
    hand = state.hands[seat]
    judged = in_phase and seat == state.current_player
    if isinstance(action, CallCard):
        card = action.card
        if judged and not callable_mask(hand) >> card.index & 1:
            found.add(_CALL, f"{actor} holds {card.pretty()}; the called card must be one {actor} lacks")
        if found:
            return found.verdict(_ORDER)
        return Verdict.allowed((_CALL,), f"{actor} lacks {card.pretty()} and may call it")
    if isinstance(action, ReturnCard):
        card = action.card
        if not hand >> card.index & 1:
            extra = ""
            if state.phase is _PHASE_RETURN and seat == state.setup.bidder and card.index in state.monte:
                # the bidder takes the monte after the return, under return_timing=before-monte only
                extra = " (under return_timing=before-monte the monte is taken after the return)"
            not_held(found, seat, card.pretty() + extra)
        elif judged and not returnable_mask(hand, state.setup.called) >> card.index & 1:
            found.add(RETURN, f"{actor} may return any card but the called card {card.pretty()}")
        if found:
            return found.verdict(_ORDER)
        return Verdict.allowed(
            (RETURN,),
            f"{actor} returns {card.pretty()} to p{state.setup.giver}, who handed over the called card",
        )
    if isinstance(action, Discard):
        if judged:
            _judge_lay(state, action, found, actor)
        missing = [card for card in action.cards if not hand >> card.index & 1]
        if missing:
            not_held(found, seat, format_cards(missing, pretty=True))
        if found:
            return found.verdict(_ORDER)
        if state.phase is _PHASE_LAY:
            return Verdict.allowed((lay_rule(state),), f"{actor} lays {len(action.cards)} cards away")
        return Verdict.allowed((_DISCARD,), f"{actor} lays 4 cards away")
    if found:
        return found.verdict(_ORDER)
    return Verdict.allowed((_RAISE,), f"{actor} chooses raise {action.choice.value}")


def _judge_lay(state: CalabresellaState, action: Discard, found: Findings, actor: str) -> None:
    """A lay-away names :func:`lay_size` distinct cards.

    A card named twice breaks the lay-away's rule and common.cards.held (two
    copies of a card the hand holds once), the rule cited first.
    """
    rule = lay_rule(state)
    size = lay_size(state)
    indices = [card.index for card in action.cards]
    if len(set(indices)) != len(indices):
        twice = sorted({card for card in action.cards if indices.count(card.index) > 1}, key=_index)
        found.add(rule, f"{actor} names {format_cards(twice, pretty=True)} more than once")
        found.also(CARDS_HELD)
    elif len(indices) != size:
        found.add(rule, f"{actor} must lay exactly {size} cards away, not {len(indices)}")


def _index(card: Card) -> int:
    return card.index


# -- the transitions ------------------------------------------------------------


def begin(state: CalabresellaState, setup: Setup) -> CalabresellaState:
    """What follows an auction won with ``setup.contract``.

    Chiamo: the bidder calls a card. Solo: the bidder takes the monte
    (calabresella.exchange.take-monte). Solissimo: the raise decision under
    ``solissimo_raises = on`` (calabresella.exchange.solissimo-raise), else
    straight to play with the monte untouched (calabresella.exchange.solissimo).
    """
    hands = list(state.hands)
    bidder = setup.bidder
    contract = setup.contract
    if contract is _CONTRACT_CHIAMO:
        return _with(state, setup, _PHASE_CALL, hands, state.monte, bidder)
    if contract is _CONTRACT_SOLO:
        return _take_monte(state, setup, hands)
    if state.options.solissimo_raises is _SOLISSIMORAISES_ON:
        return _with(state, setup, _PHASE_RAISE, hands, state.monte, bidder)
    return play.start(state, setup, hands, state.monte)


def advance(
    state: CalabresellaState, action: CallCard | ReturnCard | Discard | ChooseRaise
) -> CalabresellaState:
    """The state after a legal exchange action."""
    setup = state.setup
    bidder = setup.bidder
    hands = list(state.hands)
    before_monte = state.options.return_timing is _RETURNTIMING_BEFORE_MONTE
    if isinstance(action, CallCard):
        card = action.card.index
        giver = -1
        for seat in range(3):
            if hands[seat] >> card & 1:
                giver = seat
        if giver < 0:  # calabresella.exchange.called-in-monte
            return _take_monte(state, _called(setup, card, -1), hands)
        # calabresella.exchange.handover: the holder gives it at once.
        hands[giver] &= ~(1 << card)
        hands[bidder] |= 1 << card
        setup = _called(setup, card, giver)
        if before_monte:
            return _with(state, setup, _PHASE_RETURN, hands, state.monte, bidder)
        return _take_monte(state, setup, hands, then=_PHASE_RETURN)
    if isinstance(action, ReturnCard):
        card = action.card.index
        hands[bidder] &= ~(1 << card)
        hands[setup.giver] |= 1 << card
        setup = make_setup(
            setup.calls,
            setup.bidder,
            setup.contract,
            setup.called,
            setup.giver,
            card,
            setup.raised,
            setup.laid,
            setup.received,
        )
        if before_monte:
            return _take_monte(state, setup, hands)
        return _with(state, setup, _PHASE_DISCARD, hands, state.monte, bidder)
    if isinstance(action, Discard):
        return _lay(state, action, hands)
    return _raise(state, action.choice, hands)


def _lay(state: CalabresellaState, action: Discard, hands: list[int]) -> CalabresellaState:
    """A lay-away: the bidder's discard, or an opponent's in dividete or scegliete."""
    seat = action.seat
    cards = tuple(card.index for card in action.cards)
    hands[seat] &= ~mask_of(cards)
    setup = _with_lay(state.setup, (*state.setup.laid, (seat, cards)))
    if state.phase is _PHASE_DISCARD:
        return play.start(state, setup, hands, cards)
    o1, o2 = state.opponents or (0, 0)
    if setup.raised is _RAISE_DIVIDETE:
        if seat == o1:
            return _with(state, setup, _PHASE_LAY, hands, cards, o2)
        return play.start(state, setup, hands, state.monte + cards)
    if seat == o1:  # scegliete: O2 now takes the monte O1 left
        hands[o2] |= mask_of(cards)
        setup = _received(setup, (*setup.received, (o2, cards)))
        return _with(state, setup, _PHASE_LAY, hands, (), o2)
    return play.start(state, setup, hands, cards)


def _raise(state: CalabresellaState, choice: Raise, hands: list[int]) -> CalabresellaState:
    """The Solissimo raise: none (play begins), dividete (2 monte cards each) or scegliete (O1 takes 4)."""
    setup = state.setup
    setup = make_setup(
        setup.calls,
        setup.bidder,
        setup.contract,
        setup.called,
        setup.giver,
        setup.returned,
        choice,
        setup.laid,
        setup.received,
    )
    monte = state.monte
    if choice is _RAISE_NONE:
        return play.start(state, setup, hands, monte)
    o1, o2 = state.opponents or (0, 0)
    received: tuple[tuple[int, tuple[int, ...]], ...]
    if choice is _RAISE_DIVIDETE:
        hands[o1] |= mask_of(monte[0:2])
        hands[o2] |= mask_of(monte[2:4])
        received = ((o1, monte[0:2]), (o2, monte[2:4]))
    else:
        hands[o1] |= mask_of(monte)
        received = ((o1, monte),)
    return _with(state, _received(setup, received), _PHASE_LAY, hands, (), o1)


def _called(setup: Setup, called: int, giver: int) -> Setup:
    """``setup`` with the called card and its giver (-1 when it lay in the monte)."""
    return make_setup(
        setup.calls,
        setup.bidder,
        setup.contract,
        called,
        giver,
        setup.returned,
        setup.raised,
        setup.laid,
        setup.received,
    )


def _with_lay(setup: Setup, laid: tuple[tuple[int, tuple[int, ...]], ...]) -> Setup:
    """``setup`` with the lay-aways ``laid``."""
    return make_setup(
        setup.calls,
        setup.bidder,
        setup.contract,
        setup.called,
        setup.giver,
        setup.returned,
        setup.raised,
        laid,
        setup.received,
    )


def _received(setup: Setup, received: tuple[tuple[int, tuple[int, ...]], ...]) -> Setup:
    """``setup`` with the monte cards taken unseen, ``received``."""
    return make_setup(
        setup.calls,
        setup.bidder,
        setup.contract,
        setup.called,
        setup.giver,
        setup.returned,
        setup.raised,
        setup.laid,
        received,
    )


def _with(
    state: CalabresellaState,
    setup: Setup,
    phase: Phase,
    hands: list[int],
    monte: tuple[int, ...],
    current: int,
) -> CalabresellaState:
    """An exchange state: ``state``'s hand with a new setup, phase, hands, monte and player to act."""
    return state.make(
        state.context, setup, phase, (hands[0], hands[1], hands[2]), monte, (), None, NO_TALLY, current, None
    )


def _take_monte(
    state: CalabresellaState, setup: Setup, hands: list[int], then: Phase = Phase.DISCARD
) -> CalabresellaState:
    """calabresella.exchange.take-monte: the monte goes into B's hand (shown unless Solo is hidden)."""
    bidder = setup.bidder
    monte = state.monte
    hands[bidder] |= mask_of(monte)
    if setup.contract is _CONTRACT_SOLO and state.options.solo_monte is _SOLOMONTE_HIDDEN:
        setup = _received(setup, ((bidder, monte),))
    return _with(state, setup, then, hands, (), bidder)
