"""Step 3 of a turn, the lay-down decision, and the final lay-down at the end of the game.

backstab_fish.sets.lay-down: after the answer, P may lay down any number of the
sets P's hand can form, none included, in one decision: a
:class:`~cardrules.games.backstab_fish.actions.LayDown` or an
:class:`~cardrules.games.backstab_fish.actions.EndTurn`. The sets a hand can
form are :func:`sets_in` (``count div 4`` of each rank); the legal choices
(:func:`legal_choices`), the check (:func:`check_decision`) and the automatic
lay-downs (under ``lay_down=compulsory`` at step 3, and
backstab_fish.end.final-lay-down at the end) all use it.

>>> from cardrules.games.backstab_fish.cards import FishRank, counts_text, pack
>>> sets = sets_in(pack({FishRank.KING: 8, FishRank.SEVEN: 5, FishRank.TWO: 3}))
>>> counts_text(sets)
'7 K K'
>>> [str(choice) for choice in choices(1, sets)]
['p1 end turn', 'p1 lay down 7', 'p1 lay down 7 K', 'p1 lay down 7 K K', 'p1 lay down K', 'p1 lay down K K']
"""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING, Final

from cardrules.game import Action
from cardrules.games.backstab_fish import turn  # (which imports this one: its names are read at call time)
from cardrules.games.backstab_fish.actions import LAY_DOWN, MAX_SEATS, SEAT_TEXT, EndTurn, LayDown
from cardrules.games.backstab_fish.ask_verdicts import SEQUENCE
from cardrules.games.backstab_fish.cards import ALL_RANKS, FishRank, set_count
from cardrules.games.backstab_fish.observation import EventChain, event_log
from cardrules.games.backstab_fish.rules import RULES
from cardrules.games.backstab_fish.scoring import points_for
from cardrules.judging import ACTION_KNOWN, CARDS_HELD, Findings, out_of_turn, rule_order, unknown_action
from cardrules.rules import RuleId
from cardrules.verdict import Verdict

if TYPE_CHECKING:
    from cardrules.games.backstab_fish.state import BackstabFishState

__all__ = [
    "check_decision",
    "choices",
    "end_turn",
    "final_lay_down",
    "lay",
    "legal_choices",
    "pack_sets",
    "sets_in",
    "step_three",
]

LAY_RULE: Final = "backstab_fish.sets.lay-down"
_LAY_RULES: Final = (RuleId(LAY_RULE),)
_ORDER: Final = rule_order(RULES)

_LOW2: Final = int("3" * 14, 16)

_END_TURNS: Final = tuple(EndTurn(seat) for seat in range(MAX_SEATS))


def sets_in(hand: int) -> int:
    """backstab_fish.sets.lay-down: the sets a packed hand can lay down, ``count div 4`` of each rank.

    The answer is packed the same way, one field per rank holding its number of
    sets. Because no count exceeds 8, that is two shifts and a mask, and laying
    ``sets`` down takes ``4 * sets`` off the hand.
    """
    return hand >> 2 & _LOW2


def pack_sets(ranks: tuple[FishRank, ...]) -> int:
    """One rank per set (as a :class:`~cardrules.games.backstab_fish.actions.LayDown` names them), packed."""
    sets = 0
    for rank in ranks:
        sets += 1 << (rank << 2)
    return sets


# -- the legal choices and the check ------------------------------------------


def choices(seat: int, sets: int) -> tuple[Action, ...]:
    """Every lay-down choice of ``seat`` for a hand that can form ``sets`` (packed): end turn first.

    Then every non-empty choice of 0 to ``count div 4`` sets of each rank, in
    the order of their one-rank-per-set texts.
    """
    ranks = [rank for rank in ALL_RANKS if sets >> (rank << 2) & 15]
    out: list[Action] = [_END_TURNS[seat]]
    ranges = [range(sets >> (rank << 2) & 15, -1, -1) for rank in ranks]
    picks: list[tuple[FishRank, ...]] = []
    for vector in itertools.product(*ranges):
        chosen: list[FishRank] = []
        for rank, times in zip(ranks, vector, strict=True):
            chosen.extend((rank,) * times)
        if chosen:
            picks.append(tuple(chosen))
    picks.sort()
    out.extend(LayDown(seat, pick) for pick in picks)
    return tuple(out)


def legal_choices(state: BackstabFishState) -> tuple[Action, ...]:
    """The lay-down decision of the player to act (who has asked this turn)."""
    seat = state.current_player
    return choices(seat, sets_in(state.hands[seat]))


def check_decision(state: BackstabFishState, action: LayDown | EndTurn) -> Verdict:
    """The verdict on ``action`` (by a seat of the game) in ``state``, which is not over.

    Besides the turn (common.turn.player-to-act, or
    backstab_fish.turn.sequence before the ask), a lay-down breaks
    backstab_fish.sets.lay-down and common.cards.held when it names more sets
    of a rank than the hand can form (and common.action.known for a rank the
    deck lacks). Every rank named is judged; the first rule found comes first,
    the rest in the rule book's order.
    """
    seat = action.seat
    actor = SEAT_TEXT[seat]
    found = Findings()
    if seat != state.current_player:
        out_of_turn(found, seat, state.current_player)
    elif turn.asking(state):
        if state.deal.compulsory:
            reason = f"{actor} must ask first, and under lay_down=compulsory sets are laid automatically"
        else:
            reason = f"{actor} must ask first: sets are laid down only after the answer"
        found.add(SEQUENCE, reason)
        found.also(LAY_RULE)
    if isinstance(action, LayDown):
        if not action.sets or not all(isinstance(rank, int) and 0 <= rank < 14 for rank in action.sets):
            return unknown_action(
                f"{action} names no set of this game: name one rank per set, or end the turn"
            )
        hand = state.hands[seat]
        formed = sets_in(hand)
        for rank, wanted in sorted(action.set_counts().items()):
            if wanted > formed >> (rank << 2) & 15:
                held = hand >> (rank << 2) & 15
                if not state.deal.copies[rank]:
                    deck = state.deal.options.deck.value
                    reason = (
                        f"this deck ({deck}) has no {ALL_RANKS[rank].plural}, so no set of them can be laid"
                    )
                elif wanted == 1:
                    name = ALL_RANKS[rank].named(held)
                    reason = f"a set is four cards of one rank and {actor} holds {held} {name}"
                else:
                    reason = (
                        f"{wanted} sets of {ALL_RANKS[rank].plural} take {4 * wanted} cards "
                        f"and {actor} holds {held}"
                    )
                found.add(LAY_RULE, reason)
                found.also(CARDS_HELD)
                if not state.deal.copies[rank]:  # a set of a rank outside the deck
                    found.also(ACTION_KNOWN)
    if found:
        return found.verdict(_ORDER)
    if isinstance(action, EndTurn):
        return Verdict(True, _LAY_RULES, f"{actor} lays nothing down and ends the turn")
    count = len(action.sets)
    laid = " ".join(rank.token for rank in action.sets)
    return Verdict(True, _LAY_RULES, f"{actor} lays down {count} set{'s' * (count > 1)}: {laid}")


# -- the transitions ----------------------------------------------------------


def _lay(hands: list[int], sizes: list[int], laid: list[int], points: list[int], seat: int, sets: int) -> int:
    """Move ``sets`` (packed) from ``seat``'s hand to the sets in front of it and score them; their number."""
    count = set_count(sets)
    hands[seat] -= 4 * sets
    sizes[seat] -= 4 * count
    laid[seat] += sets
    points[seat] += points_for(sets)  # backstab_fish.score.per-set
    return count


def step_three(
    state: BackstabFishState,
    seat: int,
    target: int,
    hands: list[int],
    sizes: list[int],
    stock: int,
    productive: bool,
    history: EventChain,
    sets: int,
    changed: tuple[int, ...],
) -> BackstabFishState:
    """Step 3 after the answer to ``seat``'s ask of ``target``, when the hand can form ``sets`` (packed).

    Under ``lay_down=optional`` the state waits for the decision; under
    ``compulsory`` every set the hand can form is laid at once and the turn
    goes on (:func:`~cardrules.games.backstab_fish.turn.finish`). ``changed``
    are the seats whose ranks the answer may have changed
    (:func:`~cardrules.games.backstab_fish.turn.asks_after`).
    """
    deal = state.deal
    if not deal.compulsory:
        hands_now, sizes_now = tuple(hands), tuple(sizes)
        return state.make(
            deal,
            hands_now,
            sizes_now,
            stock,
            state.laid,
            state.points,
            seat,
            LAY_DOWN,
            target,
            productive,
            state.stall,
            state.turns,
            None,
            event_log(history),
            turn.asks_after(state, hands_now, sizes_now, changed),
            choices(seat, sets),  # the decision's legal choices (legal_choices)
        )
    laid = list(state.laid)
    points = list(state.points)
    count = _lay(hands, sizes, laid, points, seat, sets)
    history = (history, ("lay-down", seat, -1, -1, count, sets))
    if seat not in changed:  # laying sets may leave the hand without a rank it held
        changed = (*changed, seat)
    return turn.finish(
        state, seat, target, hands, sizes, stock, tuple(laid), tuple(points), True, history, changed
    )


def lay(state: BackstabFishState, seat: int, sets: int) -> BackstabFishState:
    """A legal lay-down of ``sets`` (packed) by the player to act, then the rest of the turn."""
    hands = list(state.hands)
    sizes = list(state.sizes)
    laid = list(state.laid)
    points = list(state.points)
    count = _lay(hands, sizes, laid, points, seat, sets)
    history: EventChain = (state.history.chain, ("lay-down", seat, -1, -1, count, sets))
    return turn.finish(
        state,
        seat,
        state.target,
        hands,
        sizes,
        state.stock,
        tuple(laid),
        tuple(points),
        True,
        history,
        (seat,),
    )


def end_turn(state: BackstabFishState, seat: int) -> BackstabFishState:
    """A legal end of turn by the player to act, laying nothing, then the rest of the turn."""
    return turn.finish(
        state,
        seat,
        state.target,
        list(state.hands),
        list(state.sizes),
        state.stock,
        state.laid,
        state.points,
        state.productive,
        (state.history.chain, ("end-turn", seat, -1, -1, 0, 0)),
        (),
    )


def final_lay_down(
    hands: list[int], sizes: list[int], laid: tuple[int, ...], points: tuple[int, ...], history: EventChain
) -> tuple[tuple[int, ...], tuple[int, ...], EventChain]:
    """backstab_fish.end.final-lay-down: every seat lays down every set it can form, with no refill.

    ``hands`` and ``sizes`` are updated in place; the answer is the new laid
    sets, scores and history.
    """
    laid_now = list(laid)
    scored = list(points)
    for player in range(len(hands)):
        sets = sets_in(hands[player])
        if sets:
            count = _lay(hands, sizes, laid_now, scored, player, sets)
            history = (history, ("final-lay-down", player, -1, -1, count, sets))
    return tuple(laid_now), tuple(scored), history
