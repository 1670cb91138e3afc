"""Calabresella's procedure: which phase takes an action, judged and handed to its phase module.

calabresella.procedure.phases: a hand goes through the auction, the exchange
(calling, returning, laying away, the raise) and the play, and each phase has
its own kinds of action. :func:`judge` is the one judgement of an action for
``check``, ``attempt`` and ``apply``: the common refusals first, then the rule
of phases for an action of another phase, then the rules of the action's own
phase module; :func:`advance` hands a legal action to the transition of its
phase module.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING, Final

from cardrules.game import TERMINAL, Action
from cardrules.games.calabresella import auction, exchange, play
from cardrules.games.calabresella.actions import (
    Bid,
    CallCard,
    ChooseRaise,
    Discard,
    Pass,
    PlayCard,
    ReturnCard,
    malformed,
)
from cardrules.games.calabresella.deal import Phase
from cardrules.judging import Findings, game_over, out_of_turn, read_text, unknown_action
from cardrules.notation import format_seat
from cardrules.verdict import Verdict

if TYPE_CHECKING:
    from cardrules.games.calabresella.state import CalabresellaState

__all__ = ["advance", "judge", "quick"]

_PHASES: Final = "calabresella.procedure.phases"
_AUCTION: Final = Phase.AUCTION
_RAISE: Final = Phase.RAISE
_PLAY: Final = Phase.PLAY

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


def judge(state: CalabresellaState, action: Action | str) -> Verdict:
    """The one judgement of ``action`` in ``state``, for check, attempt and apply.

    The common refusals first (common.game.over, common.action.known,
    common.turn.player-to-act), then calabresella.procedure.phases for an action
    of another phase (in the words of its phase module where one of its rules
    explains it), then the rules of the action's own phase module.
    """
    if state.current_player == TERMINAL:
        return game_over(state._end_reason())
    if isinstance(action, str):
        read = read_text(state, action)
        return read if isinstance(read, Verdict) else judge(state, read)
    why = malformed(action)
    if why is not None:
        return unknown_action(why)
    phase = state.phase
    if phase is _PLAY and type(action) is PlayCard and action.seat == state.current_player:
        verdict = play.allowed(state, action.seat, action.card.index)
        if verdict is not None:  # a playable card: nothing else to find
            return verdict
    found = Findings()
    out_of_turn(found, action.seat, state.current_player, doing=_DOING[phase])
    in_phase = isinstance(action, _IN_PHASE[phase])
    if isinstance(action, PlayCard):
        if not in_phase:
            _wrong_phase(state, action, found, "play a card")
        return play.judge(state, action, found, in_phase)
    if isinstance(action, (Pass, Bid)):
        if not in_phase:
            found.add(*auction.misplaced(state, action))
        return auction.judge(state, action, found, in_phase)
    assert isinstance(action, (CallCard, ReturnCard, Discard, ChooseRaise))
    if not in_phase:
        special = exchange.misplaced(state, action)
        if special is not None:  # its own rule first, then the rule of phases, for the same reason
            found.add(*special)
            found.also(_PHASES)
        else:
            _wrong_phase(state, action, found, _verb(action))
    return exchange.judge(state, action, found, in_phase)


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


def quick(state: CalabresellaState, action: Action | str) -> Action | None:
    """``action`` when it is itself one of the shared legal actions of an auction or raise state, or ``None``.

    Those phases' legal sets are the shared values of
    :mod:`~cardrules.games.calabresella.actions` (:func:`auction.legal
    <cardrules.games.calabresella.auction.legal>`, :func:`exchange.legal
    <cardrules.games.calabresella.exchange.legal>`), so an action found among
    them is legal without a verdict, and ``apply`` hands it to :func:`advance`
    at once. ``None`` says nothing: :func:`judge` decides.
    """
    phase = state.phase
    legal: Sequence[Action]
    if phase is _AUCTION:
        legal = auction.legal(state)
    elif phase is _RAISE:
        legal = exchange.legal(state)
    else:
        return None
    for shared in legal:  # by identity: an equal value built elsewhere is judged as usual
        if shared is action:
            return shared
    return None


def advance(state: CalabresellaState, action: Action) -> CalabresellaState:
    """The state after ``action``, already judged legal, by the transition of its phase module."""
    if isinstance(action, PlayCard):
        return play.play(state, action.seat, action.card.index)
    if isinstance(action, (Pass, Bid)):
        return auction.call(state, action)
    assert isinstance(action, (CallCard, ReturnCard, Discard, ChooseRaise))
    return exchange.advance(state, action)
