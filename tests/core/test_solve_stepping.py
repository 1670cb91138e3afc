"""``Solver.value`` picks its zero-window targets from the bounds, the answers and a guess, and stays exact.

The toy ending here is the core's :class:`~cardrules.solve.endings.Race` with
its moves tried in an order the test draws, so the line each side plays by
its first-ordered move (the solver's guess) ends anywhere from the least to
the most the counted side can take, while the value stays the one the plain
minimax gives.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from functools import cache

import pytest
from hypothesis import given
from hypothesis import strategies as st

import cardrules
from cardrules.errors import SolveBudgetExceeded
from cardrules.solve import COMPILED, Solver, ending_of
from cardrules.solve.endings import Ending, Race


@cache
def race_value(tokens: int, side: int) -> int:
    """The counted side's tokens from here, by plain minimax over every take of one or two."""
    if tokens == 0:
        return 0
    results = [
        (take if side == 0 else 0) + race_value(tokens - take, 1 - side) for take in (1, 2)[: min(tokens, 2)]
    ]
    return max(results) if side == 0 else min(results)


@dataclass(frozen=True, slots=True)
class OrderedRace:
    """The core's ``Race``, its moves tried in the order ``pattern`` sets.

    With bit ``tokens`` of ``pattern`` set, the take of one is tried first.
    """

    race: Race
    pattern: int

    @property
    def side(self) -> int:
        """The side to move."""
        return self.race.side

    @property
    def value(self) -> int:
        """The tokens the counted side has taken."""
        return self.race.value

    @property
    def over(self) -> bool:
        """Whether no token is left."""
        return self.race.over

    def legal(self) -> tuple[int, ...]:
        """The race's legal takes."""
        return self.race.legal()

    def moves(self) -> tuple[int, ...]:
        """The legal takes, in the order the pattern sets."""
        legal = self.race.legal()
        return legal if self.pattern >> self.race.tokens & 1 else tuple(reversed(legal))

    def group(self, move: int) -> tuple[int, ...]:
        """Every take is alone in its group."""
        return (move,)

    def play(self, move: int) -> OrderedRace:
        """The race after the side to move takes ``move`` tokens."""
        return OrderedRace(self.race.play(move), self.pattern)

    def key(self) -> Hashable:
        """The race's key: the tokens left and the side to move."""
        return self.race.key()

    def bounds(self) -> tuple[int, int]:
        """The race's bounds."""
        return self.race.bounds()


def first_line(ending: OrderedRace) -> int:
    """The final value when both sides always play their first-ordered move."""
    while not ending.over:
        ending = ending.play(ending.moves()[0])
    return ending.value


@given(
    tokens=st.integers(min_value=0, max_value=30),
    side=st.integers(min_value=0, max_value=1),
    pattern=st.integers(min_value=0, max_value=2**31 - 1),
)
def test_the_value_is_exact_whatever_the_guess(tokens: int, side: int, pattern: int) -> None:
    ending = OrderedRace(Race(tokens, side), pattern)
    assert Solver().value(ending) == race_value(tokens, side)


def test_guesses_below_at_and_above_the_value_all_reach_it() -> None:
    # the orders drawn here make the first-ordered line end below, at and above the value
    seen = set()
    for pattern in range(512):
        ending = OrderedRace(Race(8, 0), pattern)
        value = race_value(8, 0)
        seen.add((first_line(ending) > value) - (first_line(ending) < value))
        assert Solver().value(ending) == value
    assert seen == {-1, 0, 1}


@pytest.mark.parametrize("side", [0, 1])
def test_the_guess_is_the_first_ordered_line_and_counts_its_positions(side: int) -> None:
    for pattern in range(256):
        ending = OrderedRace(Race(8, side), pattern)
        solver = Solver()
        assert solver._guess(ending) == first_line(ending)
        plays = 0
        node = ending
        while not node.over:
            node = node.play(node.moves()[0])
            plays += 1
        assert solver.nodes == plays


class RecordingSolver(Solver):
    """A solver that records each zero-window search ``value`` runs: its target and its answer."""

    def __init__(self, *, max_nodes: int = 1_000_000) -> None:
        super().__init__(max_nodes=max_nodes)
        self.searches: list[tuple[int, int]] = []

    def _zero(self, ending: Ending, target: int) -> int:
        found = super()._zero(ending, target)
        self.searches.append((target, found))
        return found


@pytest.mark.skipif(COMPILED, reason="a compiled Solver cannot be subclassed from Python")
@given(
    tokens=st.integers(min_value=0, max_value=30),
    side=st.integers(min_value=0, max_value=1),
    pattern=st.integers(min_value=0, max_value=2**31 - 1),
)
def test_every_search_narrows_the_range_left_by_the_answers_so_far(
    tokens: int, side: int, pattern: int
) -> None:
    ending = OrderedRace(Race(tokens, side), pattern)
    solver = RecordingSolver()
    value = solver.value(ending)
    assert value == race_value(tokens, side)
    low, high = ending.bounds()
    for target, found in solver.searches:
        # a target outside (low, high] would answer what is already known
        assert low < target <= high
        assert (found >= target) == (value >= target)  # a zero-window answer is a true bound
        if found >= target:
            low = min(found, high)
        else:
            high = max(found, low)
    assert low == high == value
    assert len(solver.searches) == len({target for target, _ in solver.searches})


def test_the_next_target_aims_next_to_an_answer_past_its_window_or_on_the_guess() -> None:
    next_target = Solver._next_target
    # a search at 7 proving 9 (fail-soft) or at most 5: test next to the answer
    assert next_target(9, 13, 7, 9, 2) == 10
    assert next_target(1, 5, 7, 5, 12) == 5
    # an answer on the guess: test next to it, above a proven low, at a proven high
    assert next_target(7, 13, 7, 7, 7) == 8
    assert next_target(1, 6, 7, 6, 6) == 6
    # else halve what is left, whatever the guess says: rounding up after an answer at its
    # target, down after one below it (3 of 2..6, so that "at least" is tested first)
    assert next_target(7, 13, 7, 7, 8) == 10
    assert next_target(1, 6, 7, 6, 3) == 3
    assert next_target(4, 5, 6, 5, 2) == 5  # one value left to test, whichever the rounding


def test_the_driver_stays_within_its_budget() -> None:
    state = cardrules.get_game("felagsvist", first_round="nolo", first_dealer="N").new_game(seed=1)
    for _ in range(24):
        state = state.apply(state.legal_actions()[0])
    ending = ending_of(state, state.current_player)
    whole = Solver()
    value = whole.value(ending)
    needed = whole.nodes
    assert needed > 100  # several searches, the guess's line included
    for budget in (1, 10, needed // 3, needed - 1, needed):
        solver = Solver(max_nodes=budget)
        if budget < needed:
            with pytest.raises(SolveBudgetExceeded) as caught:
                solver.value(ending)
            assert caught.value.nodes == budget + 1
        else:
            assert solver.value(ending) == value and solver.nodes == needed
