"""The verdict on an ask in one call: Backstab Fish's ``check``.

Nearly every action a Backstab Fish state is asked to judge is an ask. The
door every game shares (:meth:`~cardrules.state_base.StateBase.check`) reaches
the ask's verdict five calls deep: the door's check of the action's parts
(:func:`~cardrules.games.backstab_fish.actions.malformed`), the judge of the
action table (:func:`~cardrules.games.backstab_fish.procedure.judge_ask`), its
check of the seat, :func:`~cardrules.games.backstab_fish.turn.check_ask` and
the legal set's test (:func:`~cardrules.games.backstab_fish.turn.ask_allowed`),
each then calling the condition of one rule. For a short verdict, those
calls are most of its cost.

:func:`check_action`, the state's ``check``, judges at once an ask the door
would hand to ``check_ask``: an :class:`~cardrules.games.backstab_fish.actions.Ask`
whose parts are of the exact types, by a seat of the game, in a game not
over. What the door and ``check_ask`` find for such an ask is written out
below, each part with its rule, and the verdict is built from the same rule
ids and reasons (:mod:`~cardrules.games.backstab_fish.ask_verdicts`). Every
other action goes to the door. ``tests/backstab_fish/test_fast_paths.py``
holds the two to each other: every ask of random states, under every option
the ask rules read, gets the same verdict, word for word, either way.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardrules.game import TERMINAL, Action
from cardrules.games.backstab_fish import ask_verdicts as parts
from cardrules.games.backstab_fish.actions import ASK, Ask
from cardrules.games.backstab_fish.cards import FishRank
from cardrules.state_base import StateBase
from cardrules.verdict import Verdict, verdict_later

if TYPE_CHECKING:
    from cardrules.games.backstab_fish.state import BackstabFishState

__all__ = ["check_action"]


def check_action(state: BackstabFishState, action: Action | str) -> Verdict:
    """``state.check(action)``: an ask by a seat of the game, its parts of the exact types, judged here in
    one call; any other action, and text, at the door (:meth:`~cardrules.state_base.StateBase.check`)."""
    if type(action) is not Ask:
        return StateBase.check(state, action)
    try:  # a value built around its class, a field missing: the door says why
        seat, target, rank, count = action.seat, action.target, action.rank, action.count
    except AttributeError:
        return StateBase.check(state, action)
    deal = state.deal
    players = deal.players
    to_act = state.current_player
    if not (
        type(seat) is int  # what the door's malformed and procedure.seat_unknown let through
        and type(target) is int
        and type(rank) is FishRank
        and type(count) is int
        and 0 <= seat < players
        and to_act != TERMINAL
    ):
        return StateBase.check(state, action)
    # turn.check_ask, with each rule's condition written out in the order it finds them
    found = 0
    if seat != to_act:  # common.turn.player-to-act
        found = parts.TURN_BROKEN
    elif state.phase != ASK:  # backstab_fish.turn.sequence (turn.asking)
        found = parts.SEQUENCE_BROKEN
    if not 0 <= target < players:  # backstab_fish.ask.target, and no seat of the game
        found |= parts.TARGET_REFUSED | parts.TARGET_KNOWN
    elif target == seat or not (state.sizes[target] or deal.open_targets):  # turn.may_ask
        found |= parts.TARGET_REFUSED
    copies = deal.copies[rank]
    if not copies:  # a rank the deck lacks: backstab_fish.ask.rank, and no rank of the game
        found |= parts.RANK_REFUSED | parts.RANK_KNOWN
    else:
        if not state.hands[seat] >> (rank << 2) & 15:  # backstab_fish.ask.rank (turn.askable_ranks)
            found |= parts.RANK_REFUSED
        if not 0 < count <= copies:  # backstab_fish.ask.count (turn.count_allowed), out of range
            found |= parts.COUNT_REFUSED | parts.COUNT_KNOWN
    if found:
        why = (found, seat, to_act, target, players, rank, count, copies, deal.options.deck)
        return verdict_later(False, parts.RULES_FOUND[found], parts.refusal_reason, why)
    return verdict_later(True, parts.ALLOWED_RULES, parts.allowed_reason, (seat, rank, target, count))
