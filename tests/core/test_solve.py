"""The solver's core: its search on a toy ending, its budget, and positions it refuses."""

from __future__ import annotations

from functools import cache

import pytest
from hypothesis import given
from hypothesis import strategies as st

import cardrules
from cardrules.errors import InvalidArgumentError, NotSolvableError, SolveBudgetExceeded
from cardrules.solve import Solver, analyse, claim
from cardrules.solve.endings import Race


@cache
def race_value(tokens: int, side: int, everyone_minimises: bool = False) -> int:
    """The counted side's tokens from here in :class:`Race`, by plain minimax over every take."""
    if tokens == 0:
        return 0
    results = []
    for take in (1, 2) if tokens >= 2 else (1,):
        gained = take if side == 0 else 0
        results.append(gained + race_value(tokens - take, 1 - side, everyone_minimises))
    return max(results) if side == 0 and not everyone_minimises else min(results)


@given(tokens=st.integers(min_value=0, max_value=40), side=st.integers(min_value=0, max_value=1))
def test_the_search_equals_minimax_on_a_toy_ending(tokens: int, side: int) -> None:
    solver = Solver()
    ending = Race(tokens, side)
    value = race_value(tokens, side)
    assert solver.value(ending) == value
    assert solver.at_least(ending, value) and not solver.at_least(ending, value + 1)
    assert solver.worst(ending) == race_value(tokens, side, True)
    least = race_value(tokens, side, True)
    assert solver.always_at_least(ending, least) and not solver.always_at_least(ending, least + 1)


def test_a_tiny_budget_ends_with_the_budget_error() -> None:
    with pytest.raises(SolveBudgetExceeded, match="max_nodes=10 ran out after 11 positions") as caught:
        Solver(max_nodes=10).value(Race(30, 0))
    assert caught.value.nodes == 11 and caught.value.budget == "max_nodes=10"
    state = cardrules.get_game("felagsvist", first_dealer="N").new_game(seed=2)
    with pytest.raises(SolveBudgetExceeded, match="max_nodes=50"):
        claim(state, by="N", tricks=7, max_nodes=50)
    with pytest.raises(SolveBudgetExceeded, match="max_nodes=50"):
        analyse(state, max_nodes=50)


def test_a_deadline_ends_a_long_search() -> None:
    state = cardrules.get_game("felagsvist", first_dealer="N").new_game(seed=2)
    with pytest.raises(SolveBudgetExceeded, match=r"deadline=0\.01s"):
        claim(state, by="N", tricks=7, deadline=0.01)


def test_budgets_must_be_positive() -> None:
    with pytest.raises(InvalidArgumentError, match="max_nodes"):
        Solver(max_nodes=0)
    with pytest.raises(InvalidArgumentError, match="deadline"):
        Solver(deadline=-1)


def test_a_game_without_trick_play_is_refused_by_name() -> None:
    state = cardrules.get_game("backstab_fish").new_game(seed=1)
    with pytest.raises(NotSolvableError, match="no trick-taking play"):
        claim(state, by=0, tricks=1)
    with pytest.raises(NotSolvableError, match="backstab"):
        analyse(state.position())


def test_claims_and_analysis_take_position_texts() -> None:
    state = cardrules.get_game("felagsvist", first_dealer="N").new_game(seed=1)
    for _ in range(40):
        state = state.apply(state.legal_actions()[0])
    text = state.position()
    assert cardrules.claim(text, by="EW", tricks=1) == claim(state, by="EW", tricks=1)
    assert cardrules.analyse(text) == analyse(state)
