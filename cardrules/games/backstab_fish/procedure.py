"""Backstab Fish's procedure: each kind of action's judge, transition and fast path, by phase module.

The state's action table names these. After the door every game shares
(:class:`~cardrules.state_base.StateBase`: the game over, text, an action of
no kind the game has), each judge checks the one part the door cannot, the
seat (an option sets how many there are, :func:`seat_unknown`), then hands
the action to the check of its phase module: an ask to
:func:`~cardrules.games.backstab_fish.turn.check_ask`, a lay-down decision to
:func:`~cardrules.games.backstab_fish.lay_down.check_decision`. Each
transition is its phase module's; the fast path of an end of turn is here, and
that of an ask is :func:`~cardrules.games.backstab_fish.quick_ask.fast_ask`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardrules.game import Action
from cardrules.games.backstab_fish import lay_down, turn
from cardrules.games.backstab_fish.actions import Ask, EndTurn, LayDown
from cardrules.judging import unknown_action
from cardrules.verdict import Verdict

if TYPE_CHECKING:
    from cardrules.games.backstab_fish.state import BackstabFishState

__all__ = [
    "fast_end",
    "judge_ask",
    "judge_decision",
    "seat_unknown",
    "take_ask",
    "take_end",
    "take_lay",
]


def seat_unknown(state: BackstabFishState, action: Action) -> Verdict | None:
    """The refusal (common.action.known) of an action by a seat this game does not have, or ``None``."""
    seat = action.seat
    players = state.deal.players
    if type(seat) is not int or not 0 <= seat < players:
        return unknown_action(f"{seat!r} is not a seat of this game: its seats are p0-p{players - 1}")
    return None


# -- the ask (turn) ---------------------------------------------------------------------------------


def judge_ask(state: BackstabFishState, action: Ask) -> tuple[Verdict, None]:
    """The verdict on an ask that passed the door: the seat, then
    :func:`~cardrules.games.backstab_fish.turn.check_ask`."""
    refused = seat_unknown(state, action)
    return (refused if refused is not None else turn.check_ask(state, action)), None


def take_ask(state: BackstabFishState, action: Ask, _: None) -> BackstabFishState:
    """The state after an ask judged legal: its answer and the rest of the turn."""
    return turn.ask(state, action.seat, action.target, int(action.rank), action.count)


# -- the lay-down decision --------------------------------------------------------------------------


def judge_decision(state: BackstabFishState, action: LayDown | EndTurn) -> tuple[Verdict, None]:
    """The verdict on a lay-down decision that passed the door: the seat, then
    :func:`~cardrules.games.backstab_fish.lay_down.check_decision`."""
    refused = seat_unknown(state, action)
    return (refused if refused is not None else lay_down.check_decision(state, action)), None


def take_lay(state: BackstabFishState, action: LayDown, _: None) -> BackstabFishState:
    """The state after a lay-down judged legal."""
    return lay_down.lay(state, action.seat, lay_down.pack_sets(action.sets))


def take_end(state: BackstabFishState, action: EndTurn, _: None) -> BackstabFishState:
    """The state after an end of turn judged legal."""
    return lay_down.end_turn(state, action.seat)


def fast_end(state: BackstabFishState, action: EndTurn) -> BackstabFishState | None:
    """The state after ``action`` when it ends the turn of the player to act at the lay-down decision
    (a seat number, never a bool, never once the game is over); else ``None`` (the door judges it)."""
    try:  # a value built around its constructor, a field missing: the door says why
        fast = type(action.seat) is int and action.seat == state.current_player >= 0
    except AttributeError:
        return None
    return lay_down.end_turn(state, action.seat) if fast and not turn.asking(state) else None
