"""Backstab Fish tests written to fail on changed lines the other tests let through.

The observation's phase label, its event log, the rule an ask of the wrong
player breaks, the words that say why a game ended and the count of
unproductive turns are each checked against what the rules say should happen,
so that a swapped label, a dropped event, a swapped rule id, a lost message or
a counter that stops counting (found by ``python -m tests.support.mutation``)
fails a test.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Final, cast

import pytest

from cardrules import TERMINAL, Action, get_game
from cardrules.games.backstab_fish import (
    ALL_EMPTY,
    SOLE_HOLDER,
    STALL_LIMIT,
    Ask,
    BackstabFishState,
    FishRank,
    PublicEvent,
)

TARGET = "backstab_fish.ask.target"

END_WORDS: Final = {
    ALL_EMPTY: "the stock and every hand are empty",
    SOLE_HOLDER: "the stock is empty and only one player holds cards",
    STALL_LIMIT: "{limit} turns in a row took no card from the stock and laid no set",
}
"""Why a game ended, in the words of the outcome and of the game-over verdict, per end rule."""

MOST_ACTIONS: Final = 5000
"""More actions than any game below needs (the longest takes about 700): a game still going is a bug."""


def _policy(state: BackstabFishState, rng: random.Random) -> Action:
    """A random legal action, asks for one card preferred (so that asks are often granted)."""
    legal = state.legal_actions()
    single = [a for a in legal if isinstance(a, Ask) and a.count == 1]
    return rng.choice(single or list(legal))


def _uniform(state: BackstabFishState, rng: random.Random) -> Action:
    """Any legal action, each as likely."""
    return rng.choice(state.legal_actions())


def _played_out(
    state: BackstabFishState, seed: int, policy: Callable[[BackstabFishState, random.Random], Action]
) -> BackstabFishState:
    """``state`` played to the end by ``policy`` drawing from ``random.Random(seed)``.

    Raises:
        AssertionError: the game is still going after :data:`MOST_ACTIONS` actions (a
            broken end rule fails the test rather than running for ever).
    """
    rng = random.Random(seed)
    for _ in range(MOST_ACTIONS):
        if state.is_terminal:
            return state
        state = state.apply(policy(state, rng))
    raise AssertionError(f"the game with seed {seed} is still going after {MOST_ACTIONS} actions")


def _random_game(seed: int, **options: object) -> BackstabFishState:
    """A whole game of uniformly random legal actions, dealt and drawn with ``seed``."""
    state = get_game("backstab_fish", **options).new_game(seed=seed)
    assert isinstance(state, BackstabFishState)
    return _played_out(state, seed, _uniform)


@pytest.mark.rule("backstab_fish.info.public")
@pytest.mark.parametrize("seed", [3, 8])
def test_the_observation_labels_the_phase_and_logs_each_ask_and_its_answer(seed: int) -> None:
    state = get_game("backstab_fish", players=4).new_game(seed=seed)
    assert isinstance(state, BackstabFishState)
    rng = random.Random(seed)
    kinds: set[str] = set()
    for _ in range(150):
        seen = [state.observation(seat) for seat in range(4)]
        assert len({obs.events for obs in seen}) == 1, "every seat sees the same public events"
        obs = seen[0]
        if state.is_terminal:
            assert obs.phase == "over" and state.current_player == TERMINAL and "game over" in str(obs)
            break
        asking = all(isinstance(action, Ask) for action in state.legal_actions())
        assert obs.phase == ("ask" if asking else "lay-down")
        assert ("to ask" if asking else "to lay down") in str(obs)
        action = _policy(state, rng)
        after = state.apply(action)
        new = after.observation(0).events[len(obs.events) :]
        assert new, f"{action} left no public event"
        kinds.update(event.kind for event in new)
        if isinstance(action, Ask):
            assert new[0] == PublicEvent("ask", action.seat, action.target, action.rank, action.count)
            answer = new[1]
            assert answer.kind in ("give", "go-fish")
            assert (answer.seat, answer.other) == (action.target, action.seat)
            if answer.kind == "give":
                assert answer.rank == action.rank and answer.count >= action.count
            else:
                assert answer.count == state.stock_size - after.stock_size - sum(
                    e.count for e in new[2:] if e.kind == "refill"
                )
        state = after
    assert {"ask", "give", "go-fish"} <= kinds


@pytest.mark.rule("backstab_fish.ask.target")
def test_an_ask_of_oneself_or_of_an_empty_hand_breaks_the_target_rule_first() -> None:
    state = get_game("backstab_fish", players=4).new_game(seed=3)
    assert isinstance(state, BackstabFishState)
    seat = state.current_player
    legal = [a for a in state.legal_actions() if isinstance(a, Ask)]
    rank = legal[0].rank
    verdict = state.check(Ask(seat, seat, rank, 1))
    assert not verdict.legal and verdict.rule_ids[0] == TARGET
    other = legal[0].target
    assert state.check(Ask(seat, other, rank, 1)).legal


@pytest.mark.rule("common.action.known")
@pytest.mark.parametrize("rank", [-1, 14, 99])
def test_an_ask_for_a_rank_outside_the_ranks_is_an_unknown_action_not_a_crash(rank: int) -> None:
    state = get_game("backstab_fish", players=4).new_game(seed=3)
    assert isinstance(state, BackstabFishState)
    seat = state.current_player
    verdict = state.check(Ask(seat, (seat + 1) % 4, cast(FishRank, rank), 1))
    assert not verdict.legal and "common.action.known" in verdict.rule_ids


@pytest.mark.rule("backstab_fish.info.public")
def test_events_without_a_rank_carry_none() -> None:
    state = get_game("backstab_fish", players=4).new_game(seed=8)
    assert isinstance(state, BackstabFishState)
    state = _played_out(state, 8, _policy)
    events = state.observation(0).events
    rankless = [event for event in events if event.kind in ("refill", "lay-down", "end-turn", "skip", "end")]
    assert rankless and all(event.rank is None for event in rankless)
    assert all(event.rank is not None for event in events if event.kind in ("ask", "give", "go-fish"))


@pytest.mark.rule("backstab_fish.end.all-empty")
@pytest.mark.rule("backstab_fish.end.sole-holder")
@pytest.mark.rule("backstab_fish.end.stall-limit")
def test_the_end_event_names_the_end_rule_that_applied() -> None:
    """All empty: nothing left to lay; one holder: it lays its sets down at the end; else the stall limit."""
    named = set()
    for seed in range(12):
        state = get_game("backstab_fish", players=4).new_game(seed=seed)
        assert isinstance(state, BackstabFishState)
        state = _played_out(state, seed, _policy)
        events = state.observation(0).events
        (end,) = [index for index, event in enumerate(events) if event.kind == "end"]
        after = events[end + 1 :]
        if after:
            assert [event.kind for event in after] == ["final-lay-down"]
            expected = "backstab_fish.end.sole-holder"
        elif state.deal.limit is not None and state.stall >= state.deal.limit:
            expected = "backstab_fish.end.stall-limit"
        else:
            assert state.stock_size == 0 and not any(state.sizes)
            expected = "backstab_fish.end.all-empty"
        assert events[end].rule == expected, seed
        named.add(expected)
    assert len(named) == 3


@pytest.mark.rule("backstab_fish.end.all-empty")
@pytest.mark.rule("backstab_fish.end.sole-holder")
@pytest.mark.rule("backstab_fish.end.stall-limit")
@pytest.mark.rule("common.game.over")
def test_the_outcome_and_the_game_over_verdict_say_in_words_which_end_rule_applied() -> None:
    """Each end rule has its own words, in the outcome's reason and in the refusal of any later action."""
    seen = set()
    # With the default limit, seed 2 empties every hand and seeds 0, 1 and 3 leave one holder.
    for seed, options in [
        *((seed, {"players": 4}) for seed in range(4)),
        (0, {"players": 4, "stall_limit": 3}),
        (1, {"players": 5, "stall_limit": 1}),
    ]:
        state = _random_game(seed, **options)
        outcome = state.outcome()
        assert outcome is not None and state.end_rule is not None
        words = END_WORDS[state.end_rule].format(limit=state.deal.limit)
        assert (outcome.rule, outcome.reason) == (state.end_rule, words), (seed, options)
        verdict = state.check(Ask(0, 1, cast(FishRank, 2), 1))
        assert not verdict.legal and verdict.rule_ids == ("common.game.over",)
        assert verdict.reason == f"the game is over ({words}); no action is legal"
        seen.add(state.end_rule)
    assert seen == set(END_WORDS)


@pytest.mark.rule("backstab_fish.end.stall-limit")
@pytest.mark.parametrize("limit", [1, 3, 40])
def test_each_unproductive_turn_adds_one_to_the_stall_count_and_the_limit_ends_the_game(limit: int) -> None:
    """A turn that takes no card from the stock and lays no set adds one; any other turn resets it to 0.

    The games are played to their end, so the count must reach K for the
    stall-limit end to apply: a count that stops growing leaves the game going.
    """
    stall_ends = 0
    for seed in range(6):
        state = get_game("backstab_fish", players=4, stall_limit=limit).new_game(seed=seed)
        assert isinstance(state, BackstabFishState) and state.stall == 0
        rng = random.Random(seed)
        start = state  # where the turn under way began
        for _ in range(MOST_ACTIONS):
            if state.is_terminal:
                break
            state = state.apply(rng.choice(state.legal_actions()))
            if state.turns == start.turns:
                continue  # the turn goes on (a lay-down decision)
            assert state.turns == start.turns + 1
            if state.end_rule == STALL_LIMIT:  # the last turn was unproductive (a final lay-down may follow)
                assert state.stall == start.stall + 1, (seed, state.turns)
            elif not state.is_terminal:  # (the other ends may lay sets down after the last turn)
                productive = state.stock_size != start.stock_size or state.laid != start.laid
                assert state.stall == (0 if productive else start.stall + 1), (seed, state.turns)
            assert state.stall <= limit
            assert (state.end_rule == STALL_LIMIT) == (state.stall == limit), (seed, state.turns)
            start = state
        else:
            raise AssertionError(f"the game with seed {seed} and stall limit {limit} is still going")
        stall_ends += state.end_rule == STALL_LIMIT
    assert stall_ends >= 1
