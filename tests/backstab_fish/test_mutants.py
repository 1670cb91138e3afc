"""Backstab Fish tests written to fail on changed lines the other tests let through.

The observation's phase label, its event log and the rule an ask of the wrong
player breaks are each checked against what the rules say should happen, so
that a swapped label, a dropped event or a swapped rule id (found by
``python -m tests.support.mutation``) fails a test.
"""

from __future__ import annotations

import random
from typing import cast

import pytest

from cardrules import TERMINAL, Action, get_game
from cardrules.games.backstab_fish import Ask, BackstabFishState, FishRank, PublicEvent

TARGET = "backstab_fish.ask.target"


def _policy(state: BackstabFishState, rng: random.Random) -> Action:
    """A random legal action, asks for one card preferred (so that asks are often granted)."""
    legal = state.legal_actions()
    single = [a for a in legal if isinstance(a, Ask) and a.count == 1]
    return rng.choice(single or list(legal))


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
    rng = random.Random(8)
    while not state.is_terminal:
        state = state.apply(_policy(state, rng))
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
        rng = random.Random(seed)
        while not state.is_terminal:
            state = state.apply(_policy(state, rng))
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
