"""The solver's core: its search on a toy ending, its budget, and positions it refuses."""

from __future__ import annotations

from functools import cache

import pytest
from hypothesis import given
from hypothesis import strategies as st

import cardrules
from cardrules.errors import InvalidArgumentError, NotSolvableError, SolveBudgetExceeded
from cardrules.solve import Solver, analyse, claim
from cardrules.solve.adapter import ending_of
from cardrules.solve.endings import Race, RankedEnding


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
    with pytest.raises(NotSolvableError, match="Backstab Fish"):
        analyse(state.position())


def test_a_refusal_names_the_game_by_its_title_from_the_state_s_metadata() -> None:
    """The state says which game it is (its INFO); nothing is guessed from its class's name."""
    state = cardrules.get_game("backstab_fish", players=5).new_game(seed=2)
    assert state.INFO.title == "Backstab Fish"
    with pytest.raises(NotSolvableError) as refused:
        claim(state, by=1, tricks=1)
    assert refused.value.game == "Backstab Fish"
    assert str(refused.value).startswith("the solver cannot take a Backstab Fish position in the phase")


def test_claims_and_analysis_take_position_texts() -> None:
    state = cardrules.get_game("felagsvist", first_dealer="N").new_game(seed=1)
    for _ in range(40):
        state = state.apply(state.legal_actions()[0])
    text = state.position()
    assert cardrules.claim(text, by="EW", tricks=1) == claim(state, by="EW", tricks=1)
    assert cardrules.analyse(text) == analyse(state)


PLAIN_SEARCH_POSITION = (
    "calabresella ; options direction=counterclockwise auction=open stakes=1,2,3 follow_suit=required "
    "opening_lead=eldest return_timing=after-monte solo_monte=exposed solissimo_raises=on "
    "reverse_cappotto=on stramazzo_basis=rounded redeal_dealer=next ; deal 1 dealer p2 ; "
    "balances 0 0 0 ; seed 3 ; phase play p0 ; hands 2C 5C 2D 4H 6H 7S QS / 3D 7D AD JH 4S KS AS / "
    "4C JC 6D QD 3H KH 2S ; monte 2H 5H KD JS ; dealt-monte 2H 5H KD JS ; calls p0 solissimo ; "
    "contract p0 solissimo ; called - ; returned - ; raise none ; laid - ; "
    "tricks p0 5S 3S 6S / p1 KC AC QC / p2 7H QH AH / p1 JD 5D 4D / p1 7C 6C 3C ; trick p0 ; score -"
)
"""A Calabresella Solissimo with seven tricks to play: its ending has no rank patterns, so the
solver runs its plain alpha-beta search on it (a few thousand positions)."""


def test_the_plain_search_counts_its_positions_and_keeps_to_its_budgets() -> None:
    state = cardrules.get_game("calabresella").from_position(PLAIN_SEARCH_POSITION)
    ending = ending_of(state, 0)
    assert not isinstance(ending, RankedEnding)
    whole = Solver()
    value = whole.value(ending)
    needed = whole.nodes
    # The first-ordered line alone is 21 plays: the count must take in the alpha-beta search too,
    # which here passes the interval at which a deadline is looked at (2,048 positions).
    assert needed > 2_048
    for budget in (30, 100, needed // 2, needed - 1):
        solver = Solver(max_nodes=budget)
        with pytest.raises(SolveBudgetExceeded) as caught:
            solver.value(ending)
        assert caught.value.nodes == budget + 1
    exact = Solver(max_nodes=needed)
    assert exact.value(ending) == value and exact.nodes == needed
    with pytest.raises(SolveBudgetExceeded, match=r"deadline=1e-09s"):
        Solver(deadline=1e-9).value(ending)
    with pytest.raises(SolveBudgetExceeded, match="max_nodes=100"):
        analyse(state, max_nodes=100)
    # the toy race takes the plain path as well: 30 tokens need more than 100 positions
    race = Solver()
    race.value(Race(30, 0))
    assert race.nodes > 100
    with pytest.raises(SolveBudgetExceeded, match="max_nodes=100"):
        Solver(max_nodes=100).value(Race(30, 0))


def test_a_question_asked_again_is_answered_from_the_table_in_one_position() -> None:
    """What a search proved about the root is kept: the same question again reads it and searches nothing."""
    for tokens in range(1, 31):
        for side in (0, 1):
            ending = Race(tokens, side)
            value = race_value(tokens, side)
            for target in (value, value + 1):  # the answer is proven exactly at the target, or just below
                solver = Solver()
                answer = solver.at_least(ending, target)
                before = solver.nodes
                assert solver.at_least(ending, target) == answer == (target <= value)
                assert solver.nodes == before + 1


def test_the_worst_case_counts_its_positions_and_keeps_to_its_budget() -> None:
    ending = Race(30, 0)
    whole = Solver()
    least = whole.worst(ending)
    needed = whole.nodes
    assert least == race_value(30, 0, True) and needed > 30  # one position a take, at least
    for budget in (1, 10, needed - 1):
        with pytest.raises(SolveBudgetExceeded) as caught:
            Solver(max_nodes=budget).worst(ending)
        assert caught.value.nodes == budget + 1
    exact = Solver(max_nodes=needed)
    assert exact.worst(ending) == least and exact.nodes == needed
