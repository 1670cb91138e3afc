"""The Nóló bounds of the Félagsvist ending: each fact on hands built for it, and what the table relies on.

``test_ending.py`` checks every bound against the plain minimax at every
position of Nóló endings four tricks from the end (under both ``nolo_ace``
values). Here each fact of
:func:`~cardrules.games.felagsvist.ending.nolo.nolo_bounds` and
:func:`~cardrules.games.felagsvist.ending.nolo.nolo_trick_bounds` is shown
on hands where it is the one that bites, next to the minimax value; and
moving the cards below the ones the bounds rely on (each hand keeping its
suit lengths) must leave them at least as tight, at any point of a deal,
inside tricks too, and must leave the minimax value within them.
"""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from cardrules.cards import mask_of, parse_cards
from cardrules.games.felagsvist import FelagsvistState, NoloAce, RoundKind
from cardrules.games.felagsvist.ending import FelagsvistEnding
from tests.felagsvist.ending_support import endings_in_play, redealt_below
from tests.felagsvist.test_ending import (
    check_bounds_where_their_cards_stay,
    model_minimax,
    nolo_ending,
    nolo_endings,
)


def _card(text: str) -> int:
    """The card index of one card written as ``"9D"``."""
    return mask_of(parse_cards(text)).bit_length() - 1


def _solved(root: FelagsvistEnding) -> tuple[int, int, int]:
    """The bounds of ``root`` and its final value by the plain minimax."""
    low, high = root.bounds()
    return low, high, root.value + model_minimax(root)[root]


def test_the_side_whose_lowest_cards_reach_higher_takes_the_first_trick() -> None:
    # North leads and holds clubs and diamonds, both held by East-West too. North's lowest
    # club (5) and diamond (9) lie above the lowest of each East-West hand there (2 and 4,
    # 2 and 4): whatever North leads, East-West follow under it, so North-South take the
    # first trick (and North-South count East-West's tricks).
    hands = "AC 5C TD 9D / 2C KC 2D 3D / 4H 3H 2H 5S / 4C 4D AH AS"
    assert _solved(nolo_ending(hands, leader=0, counted=0)) == (0, 3, 0)
    # with the ace below the two, North's lowest club is the ace: North leads it and
    # East-West take the trick (West's 4 or East's 2 wins), so they are sure of one
    low, high, value = _solved(nolo_ending(hands, leader=0, counted=0, ace=NoloAce.LOW))
    assert low == 1 and low <= value <= high


def test_a_side_high_in_the_suits_it_shares_takes_as_many_tricks_as_the_others_follow_below() -> None:
    # North-South's lowest cards of each suit East-West hold (queens, eight of hearts) lie
    # above every East-West card but West's ace of hearts, and West holds two hearts below
    # the eight: North-South are sure of the next two tricks, on lead or when East leads a
    # club. East-West count North-South's tricks.
    hands = "KC QC JH TH / 2C 3C 4D 5D / KD QD 9H 8H / 2H 3H AH 7D"
    for leader in (0, 1):
        low, high, value = _solved(nolo_ending(hands, leader=leader, counted=1))
        assert low == 2 and low <= value <= high
    # with the ace below the two, every East-West card lies below: North-South take them all
    assert _solved(nolo_ending(hands, leader=1, counted=1, ace=NoloAce.LOW)) == (4, 4, 4)


def test_the_side_sure_to_take_the_trick_in_progress_is_bounded_inside_it() -> None:
    # North leads the nine of diamonds; South holds none, and East and West each hold a
    # diamond below it: North-South take the trick whatever East and West play.
    root = nolo_ending("QC 5C TD 9D / 2C 6C 2D 3D / 4H 3H 2H 5S / 4C 4D AH AS", leader=0, counted=0)
    led = root.play(_card("9D"))
    assert _solved(led) == (0, 3, 0)
    assert _solved(led.play(_card("3D"))) == (0, 3, 0)
    # East leads the two of clubs: North's lowest club (the five) is above the two and West's
    # lowest club (the four), South holds none, so North-South take the trick.
    after = nolo_ending("QC 5C TD 9D / 2C 6C 2D 3D / 4H 3H 2H 5S / 4C 4D AH AS", leader=1, counted=0)
    low, high, value = _solved(after.play(_card("2C")))
    assert (low, high) == (0, 3) and low <= value <= high


@given(
    ending=endings_in_play((RoundKind.NOLO,), most_cards=40),
    shuffle=st.integers(min_value=0, max_value=2**16),
)
def test_moving_the_cards_below_the_ones_relied_on_keeps_the_nolo_bounds_as_tight(
    ending: FelagsvistEnding, shuffle: int
) -> None:
    low, high, cards = ending.ranked_bounds()
    kept = ending.top(ending.depth(cards)) if cards else 0
    other = redealt_below(ending, kept, random.Random(shuffle))
    other_low, other_high, _ = other.ranked_bounds()
    assert other_low >= low and other_high <= high, (ending, other, cards)


@given(
    state=nolo_endings(), seat=st.integers(min_value=0, max_value=3), redeal=st.randoms(use_true_random=False)
)
def test_nolo_bounds_inside_a_trick_hold_wherever_the_cards_they_rely_on_stay(
    state: FelagsvistState, seat: int, redeal: random.Random
) -> None:
    # As test_ending's check at trick boundaries, for the positions inside a trick: another
    # ending with the cards down to the one relied on in the same hands (the trick so far
    # the same) has its plain minimax value within the bounds too.
    check_bounds_where_their_cards_stay(state.ending(seat), redeal, inside=True)


def test_a_top_seat_takes_every_trick_with_the_ace_below_the_two() -> None:
    # With the ace below the two, East's king of clubs, king of hearts and queen of spades top
    # their suits (North's ace of clubs and West's ace of spades rank lowest); North leads and
    # holds no diamond, the suit East lacks, so East wins the first trick and every one after
    # (North-South count East-West's tricks).
    hands = "AC 2C 3H / KC KH QS / 9D 4D 4H / TD 2D AS"
    assert _solved(nolo_ending(hands, leader=0, counted=0, ace=NoloAce.LOW)) == (3, 3, 3)
    # with the ace on top, North's ace of clubs and West's ace of spades outrank East's cards
    low, high, value = _solved(nolo_ending(hands, leader=0, counted=0))
    assert low < 3 and low <= value <= high


def test_a_top_seat_on_lead_takes_every_trick_whatever_the_others_hold() -> None:
    # East leads, and each of its cards tops its suit: whatever it leads it wins, and leads again.
    # North holds a diamond, the suit East lacks, which does not matter with East on lead.
    hands = "5D 2C 3H / KC KH QS / 9H 4H 2S / TC 2D JS"
    for ace in NoloAce:
        assert _solved(nolo_ending(hands, leader=1, counted=1, ace=ace)) == (0, 0, 0)
    # off lead, North may lead its diamond: East-West are not sure of every trick
    low, high, value = _solved(nolo_ending(hands, leader=0, counted=1))
    assert high > 0 and low <= value <= high
