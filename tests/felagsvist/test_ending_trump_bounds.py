"""The trump and Grand bounds of the Félagsvist ending keep what the rank-pattern table relies on.

The table reuses an entry for every ending of the same shape whose strongest
cards (down to the cards the bounds name) lie in the same hands. So moving
the cards below those among the hands (each hand keeping its suit lengths)
must leave bounds at least as tight. The bounds themselves are checked
against the plain minimax in ``test_ending.py``.
"""

from __future__ import annotations

import random

import pytest
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
    # with no trump against them South's two trumps take two tricks whatever their ranks
    ending = hand_ending("2D 3D 4D / 5D 6D 7D / 2S 3S 2H / 3H 4H 5H", 0, 0, kind=RoundKind.SPADES)
    assert ending.ranked_bounds() == (2, 3, 0)


@pytest.mark.parametrize(
    ("hands", "relied"),
    [
        # North leads in Grand and takes both tricks; each is won by the only card of its suit
        # played to it, so no rank decided it and the value holds for any cards of those lengths:
        ("AS AH / 2C 3C / 4C 5C / 6C 7C", ""),
        ("QD KD / AC AH / 3C 4C / 5C 6C", ""),  # East's ace of clubs (just under the diamonds) is no diamond
        ("QD KD / 2C 3C / AC AH / 5C 6C", ""),  # nor is South's
        # East, then South, follows under North's KS, whose rank then decides the first trick:
        ("KS AS / 2S 3C / 4C 5C / 6C 7C", "KS"),
        ("KS AS / 2C 3C / 2S 4C / 5C 6C", "KS"),
    ],
)
def test_the_last_two_tricks_rely_on_a_winner_when_another_card_of_its_suit_was_played_to_it(
    hands: str, relied: str
) -> None:
    ending = hand_ending(hands, 0, 0, kind=RoundKind.GRAND)
    assert ending.ranked_bounds() == (2, 2, _cards(relied))
