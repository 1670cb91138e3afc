"""The ask most turns make, carried out at once: Backstab Fish's ``apply``.

Once the stock is empty, most turns are alike: P asks, holding no set, a
target who lacks the cards asked for; the target says go fish, P draws
nothing, no hand changes, and the turn passes to the target
(backstab_fish.answer.go-fish, backstab_fish.turn.next). Random play spends
most of its decisions there. :func:`fast_ask` carries such an ask out by
building the next state straight from the one before (the same hands, sizes
and legal asks, the stall one longer, two events more), and any other legal
ask through :func:`~cardrules.games.backstab_fish.turn.ask`, the reference;
the state's ``apply`` is :func:`apply_action`, which tries it first.

A shared ask (:data:`~cardrules.games.backstab_fish.actions.ASKS`, what
``legal_actions`` and the record reader give) is judged here: being that
value, its fields are known to be of the right types and in range, so what
is left of :func:`~cardrules.games.backstab_fish.turn.ask_allowed` is written
out below, and so is the case of :func:`~cardrules.games.backstab_fish.turn.ask`
and :func:`~cardrules.games.backstab_fish.turn.finish` it takes. An ask built
anew is judged by ``ask_allowed`` itself and taken by ``ask``; anything else
goes to the door (:meth:`~cardrules.state_base.StateBase.apply`).
``tests/backstab_fish/test_fast_paths.py`` holds both to the reference:
every ask of random states, shared or built anew, legal or not, ends in the
state (field by field) or the refusal the judged path gives.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from cardrules.games.backstab_fish import turn
from cardrules.games.backstab_fish.actions import ASK, ASKS, Ask
from cardrules.games.backstab_fish.observation import event_log
from cardrules.state_base import StateBase

if TYPE_CHECKING:
    from cardrules.game import Action
    from cardrules.games.backstab_fish.state import BackstabFishState

__all__ = ["apply_action", "fast_ask"]

_SETS: Final = int("3" * 14, 16)
"""Where :func:`~cardrules.games.backstab_fish.lay_down.sets_in` reads a hand's sets, after two shifts."""


def fast_ask(state: BackstabFishState, action: Ask) -> BackstabFishState | None:
    """The state after ``action`` when it is a legal ask (the fast path of the state's table); else ``None``,
    and the door judges it."""
    try:  # a value built around its class, a field missing: the door says why
        seat, target, rank, count = action.seat, action.target, action.rank, action.count
    except AttributeError:
        return None
    try:  # a shared ask, so its fields are of the right types and in range
        shared = ASKS[seat][target][rank][count] is action
    except (IndexError, TypeError):
        shared = False
    if not shared:  # an ask built anew: the legal set's own test, which looks at the types too
        known = type(seat) is int and state.current_player >= 0 and turn.ask_allowed(state, action)
        return turn.ask(state, seat, target, rank, count) if known else None
    deal = state.deal
    sizes = state.sizes
    hands = state.hands
    shift = rank << 2
    if not (
        seat == state.current_player  # the turn (a shared ask's seat is never TERMINAL)
        and state.phase == ASK  # backstab_fish.turn.sequence
        and target < deal.players  # backstab_fish.ask.target: a seat of the game,
        and target != seat  # another player,
        and (sizes[target] or deal.open_targets)  # holding a card unless empty_target=allowed
        and hands[seat] >> shift & 15  # backstab_fish.ask.rank
        and 0 < count <= deal.copies[rank]  # backstab_fish.ask.count
    ):
        return None
    if hands[target] >> shift & 15 >= count or state.stock < deal.size or hands[seat] >> 2 & _SETS:
        # a hand-over, a draw, or a lay-down decision due: the whole turn by rule
        return turn.ask(state, seat, target, rank, count)
    # backstab_fish.answer.go-fish from an empty stock: nothing moves, and no set is formed
    stall = state.stall + 1
    if not sizes[target] or turn.end_rule(True, sizes, stall, deal.limit) is not None:
        return turn.ask(state, seat, target, rank, count)  # a skip or the end: by rule
    history = (
        (state.history.chain, ("ask", seat, target, rank, count, 0)),
        ("go-fish", target, seat, rank, 0, 0),
    )
    asks = state.asks
    return state.make(
        deal,
        hands,
        sizes,
        state.stock,
        state.laid,
        state.points,
        target,  # backstab_fish.turn.next
        ASK,
        -1,
        False,
        stall,
        state.turns + 1,
        None,
        event_log(history),
        asks,
        asks[target],  # the target's legal asks, unchanged
    )


def apply_action(state: BackstabFishState, action: Action | str) -> BackstabFishState:
    """``state.apply(action)``: a legal ask at once
    (:func:`~cardrules.games.backstab_fish.quick_ask.fast_ask`), any other action through the door
    (:meth:`~cardrules.state_base.StateBase.apply`, which judges it)."""
    if type(action) is Ask:
        after = fast_ask(state, action)
        if after is not None:
            return after
    return StateBase.apply(state, action)
