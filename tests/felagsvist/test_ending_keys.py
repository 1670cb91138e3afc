"""A Félagsvist ending's bounds at a trick boundary read only what its key holds.

The solver works the bounds of a trick boundary out once per key and reads
them back for any ending with that key (see
:class:`~cardrules.solve.endings.RankedEnding`). Here each ending is
compared with the ending of the same key whose cards left are, in each suit,
the strongest ones, held in the same order by the same hands: the bounds
above the value and the places of the cards they rely on must be the same.
"""

from __future__ import annotations

import dataclasses
import random

from hypothesis import assume, given
from hypothesis import strategies as st

import cardrules
from cardrules.games.felagsvist.ending import FelagsvistEnding
from cardrules.games.felagsvist.ending.build import _ladder
from cardrules.games.felagsvist.options import RoundKind
from tests.felagsvist.ending_support import endings_in_play


def packed(node: FelagsvistEnding) -> FelagsvistEnding:
    """``node`` with each suit's cards left moved up to its strongest ranks, in order."""
    strength = node.rules.strength
    hands = [0, 0, 0, 0]
    for shift in (0, 13, 26, 39):
        ranked = sorted(range(shift, shift + 13), key=strength.__getitem__, reverse=True)
        left = [card for card in ranked if node.in_hand >> card & 1]
        for place, card in enumerate(left):
            seat = next(seat for seat in range(4) if node.hands[seat] >> card & 1)
            hands[seat] |= 1 << ranked[place]
    four = (hands[0], hands[1], hands[2], hands[3])
    holders, lengths = _ladder(four, node.rules.above)
    return dataclasses.replace(node, hands=four, holders=holders, lengths=lengths)


@given(endings_in_play(most_cards=48))
def test_equal_keys_give_the_same_bounds_relying_on_the_same_places(ending: FelagsvistEnding) -> None:
    assume(not ending.trick)
    other = packed(ending)
    assert other.key() == ending.key()
    low, high, cards = ending.ranked_bounds()
    other_low, other_high, other_cards = other.ranked_bounds()
    assert (other_low, other_high) == (low, high)
    assert other.depth(other_cards) == ending.depth(cards)


def test_endings_under_other_rules_carry_other_tags() -> None:
    """One solver keeps many endings' values in one table, so the tag in each key tells apart the rules
    the values depend on: the trump (or none), the side counted, whether the deal is Nóló and, in
    Nóló, whether the ace ranks low. Every deal of a seeded game under each ``nolo_ace`` value, both
    sides counted: equal tags only for equal rules, and all 14 kinds of rules met."""
    seen: dict[int, tuple[object, ...]] = {}
    for nolo_ace in ("high", "low"):
        state = cardrules.get_game("felagsvist", nolo_ace=nolo_ace).new_game(seed=1)
        rng = random.Random(1)
        while not state.is_terminal:
            if not state.trick:
                nolo = state.round_kind is RoundKind.NOLO
                for side in (0, 1):
                    rules = state.ending(side).rules
                    what = (state.round_kind, side, nolo and nolo_ace == "low")
                    assert seen.setdefault(rules.tag, what) == what, (rules.tag, what)
                    assert 0 <= rules.tag < 64, "an ending's key gives its tag six bits"
            state = state.apply(rng.choice(state.legal_actions()))
    assert len(seen) == 2 * (5 + 2)  # both sides: four trumps, Grand, Nóló with the ace high and low


@given(endings_in_play(most_cards=48), st.randoms(use_true_random=False))
def test_a_depth_mask_holds_two_ladder_bits_for_each_card_it_reads_back(
    ending: FelagsvistEnding, rng: random.Random
) -> None:
    """The table keeps what an answer relied on as a :meth:`~FelagsvistEnding.depth` mask (ladder bits, two a
    card) and reads it back with :meth:`~FelagsvistEnding.top`: every card in hand at or above the weakest
    card relied on, suit by suit. An answer that relied on no card is kept under the empty mask, which
    every ending of the shape shares."""
    assert ending.depth(0) == 0 and ending.top(0) == 0
    strength = ending.rules.strength
    for relevant in (ending.in_hand, rng.getrandbits(52) & ending.in_hand):
        depths = ending.depth(relevant)
        reached = 0
        for card in range(52):
            suit = range(13 * (card // 13), 13 * (card // 13) + 13)
            ours = [strength[other] for other in suit if relevant >> other & 1]
            if ending.in_hand >> card & 1 and ours and strength[card] >= min(ours):
                reached |= 1 << card
        assert ending.top(depths) == reached
        assert depths.bit_count() == 2 * reached.bit_count()
