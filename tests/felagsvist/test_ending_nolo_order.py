"""The Nóló move order tries first what its docstring says, checked by playing the trick out on the model.

:func:`~cardrules.games.felagsvist.ending.order.nolo_order` reckons who takes
a trick from the lowest card of the led suit of each hand still to play. Here
the trick is played out instead, card by card through the model's own
``play``: the hands after a card play their lowest card of the led suit (any
card when void), and the winner is the model's.
"""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from cardrules.games.felagsvist import RoundKind
from cardrules.games.felagsvist.ending import FelagsvistEnding
from tests.felagsvist.ending_support import endings_in_play


def _lowest(node: FelagsvistEnding) -> int:
    """The legal card of the seat to play that ranks lowest (its weakest card of the led suit)."""
    strength = node.rules.strength
    return min(node.legal(), key=strength.__getitem__)


def _taker(node: FelagsvistEnding, card: int) -> int:
    """The side (by seat parity) taking the trick once ``card`` is played and every later hand plays low."""
    after = node.play(card)
    while after.trick:
        after = after.play(_lowest(after))
    return after.leader % 2


def _takers(node: FelagsvistEnding, card: int) -> set[int]:
    """Each side that may take the trick led with ``card``: the partner plays low, the others anything."""
    partner = (node.seat + 2) % 4
    found: set[int] = set()
    stack = [node.play(card)]
    while stack:
        after = stack.pop()
        if not after.trick:
            found.add(after.leader % 2)
        elif after.seat == partner:
            stack.append(after.play(_lowest(after)))
        else:
            stack.extend(after.play(reply) for reply in after.legal())
    return found


def _opponents_holding(node: FelagsvistEnding, card: int) -> int:
    """How many opponents of the seat to play still hold a card of ``card``'s suit."""
    suit = 0x1FFF << card - card % 13
    return sum(1 for seat in (node.seat + 1, node.seat + 3) if node.hands[seat % 4] & suit)


@given(ending=endings_in_play((RoundKind.NOLO,), most_cards=47))
def test_a_nolo_leader_tries_first_a_lead_its_side_surely_loses_in_a_suit_both_opponents_hold(
    ending: FelagsvistEnding,
) -> None:
    if ending.trick or ending.left < 2:
        return
    side = ending.seat % 2

    def loses(card: int) -> bool:
        """The side loses the trick, its partner playing low, whatever the opponents play."""
        return _takers(ending, card) == {1 - side}

    moves = ending.moves()
    both = [card for card in moves if _opponents_holding(ending, card) == 2]
    if any(map(loses, both)):
        assert moves[0] in both
        assert loses(moves[0])
    elif both:
        assert moves[0] in both


@given(ending=endings_in_play((RoundKind.NOLO,), most_cards=47))
def test_a_nolo_leader_tries_the_suits_both_opponents_hold_then_one_then_none_sure_losses_first(
    ending: FelagsvistEnding,
) -> None:
    if ending.trick or ending.left < 2:
        return
    side = ending.seat % 2
    moves = ending.moves()
    holding = [_opponents_holding(ending, card) for card in moves]
    assert holding == sorted(holding, reverse=True)
    for count in (1, 2):
        losing = [
            _takers(ending, card) == {1 - side}
            for card, held in zip(moves, holding, strict=True)
            if held == count
        ]
        assert losing == sorted(losing, reverse=True)  # within a count, the sure losses first


@given(ending=endings_in_play((RoundKind.NOLO,), most_cards=47))
def test_a_nolo_follower_whose_side_takes_the_trick_anyway_sheds_its_highest_card(
    ending: FelagsvistEnding,
) -> None:
    if not ending.trick or ending.left < 2:
        return
    legal = ending.legal()
    if any(card // 13 != ending.trick[0] // 13 for card in legal):
        return  # discarding: another rule
    side = ending.seat % 2
    if all(_taker(ending, card) == side for card in legal):
        strength = ending.rules.strength
        assert strength[ending.moves()[0]] == max(strength[card] for card in legal)


def _check_discard_order(node: FelagsvistEnding) -> None:
    """A discarding hand tries first, of its shortest suits, the card most other cards lie under."""
    legal = node.legal()
    strength = node.rules.strength
    others = [card for card in range(52) if (node.in_hand ^ node.hands[node.seat]) >> card & 1]

    def length(card: int) -> int:
        return sum(1 for other in legal if other // 13 == card // 13)

    def under(card: int) -> int:
        return sum(1 for other in others if other // 13 == card // 13 and strength[other] < strength[card])

    first = node.moves()[0]
    shortest = min(map(length, legal))
    assert length(first) == shortest
    assert under(first) == max(under(card) for card in legal if length(card) == shortest)


@given(
    ending=endings_in_play((RoundKind.NOLO,), most_cards=47), seed=st.integers(min_value=0, max_value=2**16)
)
def test_a_discarding_nolo_follower_sheds_first_from_its_shortest_suit_the_card_most_cards_lie_under(
    ending: FelagsvistEnding, seed: int
) -> None:
    rng = random.Random(seed)
    node = ending
    while not node.over:  # every discard with a choice of suits on a random play-out
        legal = node.legal()
        if node.trick and len({card // 13 for card in legal}) > 1:
            assert all(card // 13 != node.trick[0] // 13 for card in legal)
            _check_discard_order(node)
        node = node.play(rng.choice(legal))
