"""The trump and Grand bounds of the Félagsvist ending keep what the rank-pattern table relies on.

The table reuses an entry for every ending of the same shape whose strongest
cards (down to the cards the bounds name) lie in the same hands. So moving
the cards below those among the hands (each hand keeping its suit lengths)
must leave bounds at least as tight. The bounds themselves are checked
against the plain minimax in ``test_ending.py``.
"""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

import cardrules
from cardrules.games.felagsvist import FelagsvistState
from cardrules.games.felagsvist.ending import FelagsvistEnding
from tests.felagsvist.ending_support import redealt_below


@st.composite
def trick_boundaries(draw: st.DrawFn) -> FelagsvistEnding:
    """An ending of a trump or Grand deal at the start of a trick, three to thirteen tricks left."""
    kind = draw(st.sampled_from(("hearts", "spades", "grand", "diamonds", "clubs")), label="kind")
    game = cardrules.get_game("felagsvist", first_round=kind, first_dealer="N")
    state = game.new_game(seed=draw(st.integers(min_value=0, max_value=2**16), label="deal"))
    assert isinstance(state, FelagsvistState)
    rng = random.Random(draw(st.integers(min_value=0, max_value=2**16), label="play on"))
    tricks = draw(st.integers(min_value=0, max_value=10), label="tricks played")
    while sum(state.tricks) < tricks or state.trick:
        state = state.apply(rng.choice(state.legal_actions()))
    return state.ending(draw(st.integers(min_value=0, max_value=3), label="seat"))


@given(ending=trick_boundaries(), shuffle=st.integers(min_value=0, max_value=2**16))
def test_moving_the_cards_below_the_ones_relied_on_keeps_the_bounds_as_tight(
    ending: FelagsvistEnding, shuffle: int
) -> None:
    low, high, cards = ending.ranked_bounds()
    kept = ending.top(ending.depth(cards))
    other = redealt_below(ending, kept, random.Random(shuffle))
    assert other.shape() == ending.shape()
    assert other.ladder() & ending.depth(cards) == ending.ladder() & ending.depth(cards)
    other_low, other_high, _ = other.ranked_bounds()
    assert other_low >= low and other_high <= high, (ending, other, cards)


def test_the_trump_bounds_rely_on_fewer_cards_than_every_top_run() -> None:
    # the cards relied on leave out some suit's top run in some seeded ending (so the table's
    # patterns are wider than "every suit's run of top cards"), and the bounds stay as tight
    narrower = 0
    for seed in range(40):
        rng = random.Random(seed)
        game = cardrules.get_game("felagsvist", first_round=("spades", "grand")[seed % 2], first_dealer="N")
        state = game.new_game(seed=seed)
        assert isinstance(state, FelagsvistState)
        while sum(state.tricks) < 6 or state.trick:
            state = state.apply(rng.choice(state.legal_actions()))
        ending = state.ending(seed % 4)
        low, high, cards = ending.ranked_bounds()
        if (low, high) == (ending.value, ending.value + ending.left):
            continue
        tops = 0
        for rest, shift in zip(ending.suits(), (0, 13, 26, 39), strict=True):
            if rest:
                tops |= 1 << (shift + rest.bit_length() - 1)
        if tops & ~cards:
            narrower += 1
            other = redealt_below(ending, ending.top(ending.depth(cards)), rng)
            other_low, other_high, _ = other.ranked_bounds()
            assert other_low >= low and other_high <= high
    assert narrower
