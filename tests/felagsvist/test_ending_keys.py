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

from hypothesis import assume, given

from cardrules.games.felagsvist.ending import FelagsvistEnding
from cardrules.games.felagsvist.ending.build import _ladder
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
