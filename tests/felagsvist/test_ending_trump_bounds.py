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
from cardrules.cards import mask_of, parse_cards
from cardrules.games.felagsvist import FelagsvistState, RoundKind
from cardrules.games.felagsvist.ending import FelagsvistEnding
from tests.felagsvist.ending_support import hand_ending, redealt_below
from tests.felagsvist.test_ending import model_minimax


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


def _cards(text: str) -> int:
    return mask_of(parse_cards(text))


def test_a_grand_count_of_top_cards_relies_on_the_top_cards_it_reads_and_nothing_else() -> None:
    # North leads in Grand with AD QD over East's 5D: cashing them is two sure tricks, so
    # North-South end with two or three. The count reads North's top diamonds as far as
    # East's one diamond reaches, the ace; no other card (the 2 of clubs is not even in play).
    ending = hand_ending("AD QD 2S / 5D 3S 4S / 5H 6H 7H / 8H 9H TH", 0, 0, kind=RoundKind.GRAND)
    assert ending.ranked_bounds() == (2, 3, _cards("AD"))
    assert model_minimax(ending)[ending] == 2


def test_a_trump_count_relies_on_the_trumps_down_to_the_opponents_highest() -> None:
    # Spades are trump; South's AS KS lie above East's QS, the opponents' only trump: two sure
    # tricks for North-South, whatever North leads. The count reads the trumps down to the queen.
    ending = hand_ending("2D 3D 4D / QS 5D 6D / AS KS 2H / 3H 4H 5H", 0, 0, kind=RoundKind.SPADES)
    low, high, cards = ending.ranked_bounds()
    assert (low, high, cards) == (2, 3, _cards("QS"))
    assert ending.top(ending.depth(cards)) == _cards("AS KS QS")
    assert model_minimax(ending)[ending] == 2


def test_the_last_two_tricks_rely_on_no_card_when_no_rank_decides_a_trick() -> None:
    # North leads its two aces in Grand and nobody else holds a spade or a heart: each trick
    # is won by the only card of its suit played to it, so no rank decided it and the exact
    # value (both tricks to North-South) holds for any cards of those suit lengths.
    ending = hand_ending("AS AH / 2C 3C / 4C 5C / 6C 7C", 0, 0, kind=RoundKind.GRAND)
    assert ending.ranked_bounds() == (2, 2, 0)
    # when a rank does decide: East's spade is played under North's ace, which the value relies on
    ending = hand_ending("AS AH / 2S 3C / 4C 5C / 6C 7C", 0, 0, kind=RoundKind.GRAND)
    low, high, cards = ending.ranked_bounds()
    assert (low, high) == (2, 2) and cards & _cards("AS") and not cards & _cards("AH")
