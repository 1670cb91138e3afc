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

import pytest
from hypothesis import given
from hypothesis import strategies as st

import cardrules
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


ONE_GROUP_AT_A_TIME = (
    "felagsvist ; options first_round=nolo first_dealer=N nolo_ace=high scoring=per-trick tiebreak=none "
    "session=single-table ; deal 1 dealer p0 round nolo ; turn p0 ; "
    "hands 7C 5S 9S TS / TD QH KH / 3H 2S 6S / 4C TH 8S ; "
    "plays p1 5C 9C JC 3C / p3 JS QS AS 7S / p1 6H 4H JH 9H / p3 AC TC 6C QC / p3 KS 4S 6D 3S / "
    "p3 2C 8C 7H KC / p2 2D 5D 3D 4D / p3 AD QD 7D JD / p3 2H 8H AH 5H / p1 8D KD 9D ; scores - ; seed 59"
)
"""A Nóló deal three tricks and a card from its end, where a seat often has a single group of
equivalent cards to play from (it follows suit with cards that play alike here): the entry kept
must hold the cards of that group, or it is used for endings of the shape where they differ."""


@pytest.mark.parametrize("seed", [0, 1, 5])
def test_one_solver_stays_exact_where_a_seat_plays_from_one_group(seed: int) -> None:
    state = cardrules.from_position(ONE_GROUP_AT_A_TIME)
    assert isinstance(state, FelagsvistState)
    root = state.ending(2)
    rng = random.Random(seed)
    solver = Solver()
    for _ in range(6):
        ending = redealt_below(root, strongest(root, [rng.randint(0, 3) for _ in range(4)]), rng)
        values = model_minimax(ending)
        for node in (ending, *map(ending.play, ending.legal())):
            assert solver.value(node) == node.value + values[node]
