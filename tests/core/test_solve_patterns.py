"""The rank-pattern table of the solver stays exact when one solver meets many endings of one shape.

An entry of the table holds for every ending of its shape whose strongest
cards, down to those its search relied on, lie in the same hands; the cards
below are taken to play alike. What an answer relies on is the narrowest
the search can keep (a cut relies on the move that cut alone, and the last
card of a trick reads the entries of the boundaries it leads to before
searching), so the entries are met again as widely as possible, and a card
left out by mistake shows as a wrong value for another ending of the shape.
Here one solver answers for a Félagsvist ending and for the same ending with
the cards of each suit below its few strongest dealt again among the hands
holding them (every hand keeps its suit lengths), each compared with a plain
minimax over the model.
"""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from cardrules.games.felagsvist import FelagsvistState
from cardrules.games.felagsvist.ending import FelagsvistEnding
from cardrules.solve import Solver
from tests.felagsvist.ending_support import redealt_below
from tests.felagsvist.test_ending import model_minimax, near_the_end


@st.composite
def shared_shapes(draw: st.DrawFn) -> tuple[FelagsvistState, int, int]:
    """A Félagsvist deal four tricks from its end, up to three cards in; a seat and a seed."""
    state = draw(near_the_end(4, 4))
    return state, draw(st.integers(min_value=0, max_value=3), label="seat"), draw(st.integers(0, 2**16))


def strongest(ending: FelagsvistEnding, counts: list[int]) -> int:
    """The ``counts[suit]`` strongest cards still in the hands of each suit, as a mask."""
    left = ending.in_hand
    kept = 0
    for suit, count in enumerate(counts):
        cards = [card for card in range(13 * suit, 13 * suit + 13) if left >> card & 1]
        cards.sort(key=ending.rules.strength.__getitem__, reverse=True)
        for card in cards[:count]:
            kept |= 1 << card
    return kept


@given(shared_shapes())
def test_one_solver_stays_exact_over_endings_of_one_shape(case: tuple[FelagsvistState, int, int]) -> None:
    state, seat, seed = case
    rng = random.Random(seed)
    root = state.ending(seat)
    solver = Solver()  # one solver: entries learnt on one ending are used for the others
    others = [
        redealt_below(root, strongest(root, [rng.randint(0, 3) for _ in range(4)]), rng) for _ in range(6)
    ]
    for ending in (root, *others):
        values = model_minimax(ending)
        value = ending.value + values[ending]
        assert solver.value(ending) == value
        assert solver.at_least(ending, value) and not solver.at_least(ending, value + 1)
        for move in ending.legal():
            child = ending.play(move)
            assert solver.value(child) == child.value + values[child]


@st.composite
def longer_shapes(draw: st.DrawFn) -> tuple[FelagsvistState, int, int]:
    """A Félagsvist deal six tricks from its end, up to three cards in; a seat and a seed."""
    state = draw(near_the_end(6, 6))
    return state, draw(st.integers(min_value=0, max_value=3), label="seat"), draw(st.integers(0, 2**16))


@given(longer_shapes())
def test_one_solver_answers_as_fresh_ones_over_longer_endings_of_one_shape(
    case: tuple[FelagsvistState, int, int],
) -> None:
    # too long for the plain minimax: each ending's value from a solver of its own, whose table
    # holds only what that ending's own search learnt
    state, seat, seed = case
    rng = random.Random(seed)
    root = state.ending(seat)
    shared = Solver()
    for _ in range(12):
        ending = redealt_below(root, strongest(root, [rng.randint(0, 4) for _ in range(4)]), rng)
        assert shared.value(ending) == Solver().value(ending)
