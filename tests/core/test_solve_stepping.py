"""``Solver.value`` steps from a guess (the first-ordered line), and stays exact however wrong the guess.

The toy ending here is the core's :class:`~cardrules.solve.search.Race` with
its moves tried in an order the test draws, so the line each side plays by
its first-ordered move (the solver's guess) ends anywhere from the least to
the most the counted side can take, while the value stays the one the plain
minimax gives.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from functools import cache

from hypothesis import given
from hypothesis import strategies as st

from cardrules.solve import Solver
from cardrules.solve.search import Race


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
