"""The core's fast paths give the answers of the general code they stand in front of.

:func:`cardrules.deals.read_deck` tells a permutation of the shared card values
by their sorted indices; a deck of cards built anew (equal values, other
objects) takes the general comparison. Both must agree, on good decks and bad.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardrules.cards import JOKER, STANDARD_DECK, Card, Joker
from cardrules.deals import read_deck
from cardrules.errors import InvalidDealError


def _fresh(card: Card) -> Card:
    """An equal card that is not the shared value."""
    return Joker() if isinstance(card, Joker) else Card(card.rank, card.suit)


def _outcome(deck: list[Card], pack: tuple[Card, ...]) -> tuple[Card, ...] | str:
    try:
        return read_deck(deck, pack, deal_number=3, pack_name="test pack", jokers=True)
    except InvalidDealError as error:
        return str(error)


_CARDS = st.sampled_from((*STANDARD_DECK, JOKER))


@given(
    st.permutations(STANDARD_DECK),
    st.lists(st.tuples(st.integers(0, 51), _CARDS), max_size=3),
    st.integers(0, 2),
)
@pytest.mark.rule("common.deal.permutation")
def test_a_deck_of_shared_cards_is_judged_as_the_same_deck_of_new_cards(
    order: list[Card], changes: list[tuple[int, Card]], dropped: int
) -> None:
    deck = list(order)
    for position, card in changes:
        deck[position] = card
    deck = deck[dropped:]
    fast = _outcome(deck, STANDARD_DECK)
    general = _outcome([_fresh(card) for card in deck], STANDARD_DECK)
    assert fast == general
    assert isinstance(fast, tuple) == (sorted(card.index for card in deck) == list(range(52)))


@pytest.mark.rule("common.deal.permutation")
def test_a_double_pack_counts_each_card_twice() -> None:
    pack = (*STANDARD_DECK[:8], *STANDARD_DECK[:8])
    assert read_deck(list(reversed(pack)), pack, deal_number=1, pack_name="double pack")
    once_too_often = [*STANDARD_DECK[:8], *STANDARD_DECK[:7], STANDARD_DECK[0]]
    with pytest.raises(InvalidDealError, match=r"missing 9C; extra 2C"):
        read_deck(once_too_often, pack, deal_number=1, pack_name="double pack")
