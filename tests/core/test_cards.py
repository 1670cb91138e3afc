"""Cards: parsing in every accepted form, canonical and pretty text, indices and bitmasks."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardrules import STANDARD_DECK, Card, CardRulesError, InvalidNotationError, Rank, Suit, parse_card
from cardrules.cards import card_at, cards_in, format_cards, mask_of, parse_cards

QUEEN_OF_SPADES = Card(Rank.QUEEN, Suit.SPADES)
TEN_OF_HEARTS = Card(Rank.TEN, Suit.HEARTS)


@pytest.mark.parametrize("text", ["QS", "Q♠", "Q♤", "qs", "qS", "  QS\t", "q♠"])
def test_queen_of_spades_reads_in_every_accepted_form(text: str) -> None:
    assert parse_card(text) == QUEEN_OF_SPADES


@pytest.mark.parametrize("text", ["TH", "10H", "10♥", "th", "10h", "T♡"])
def test_ten_reads_as_t_or_10(text: str) -> None:
    assert parse_card(text) == TEN_OF_HEARTS


def test_ten_is_written_t_canonically_and_10_for_players() -> None:
    assert str(TEN_OF_HEARTS) == "TH"
    assert TEN_OF_HEARTS.pretty() == "10♥"
    assert QUEEN_OF_SPADES.pretty() == "Q♠"


def test_the_standard_deck_is_52_distinct_cards_in_index_order() -> None:
    assert len(STANDARD_DECK) == 52
    assert len(set(STANDARD_DECK)) == 52
    assert [card.index for card in STANDARD_DECK] == list(range(52))
    assert STANDARD_DECK[0] == Card(Rank.TWO, Suit.CLUBS)
    assert STANDARD_DECK[-1] == Card(Rank.ACE, Suit.SPADES)


@pytest.mark.parametrize("card", STANDARD_DECK, ids=str)
def test_canonical_and_pretty_text_round_trip(card: Card) -> None:
    text = str(card)
    assert len(text) == 2
    assert parse_card(text) == card
    assert parse_card(text.lower()) == card
    assert parse_card(card.pretty()) == card
    assert card_at(card.index) is parse_card(text)
    assert card.index == card.suit * 13 + card.rank - 2


def test_canonical_texts_are_all_different() -> None:
    assert len({str(card) for card in STANDARD_DECK}) == 52
    assert len({card.pretty() for card in STANDARD_DECK}) == 52


@pytest.mark.parametrize("text", ["", "Q", "S", "1S", "11S", "QX", "QSS", "ZZ", "Q S", "♠Q", "0S"])
def test_text_that_is_no_card_is_invalid_notation_quoting_it(text: str) -> None:
    with pytest.raises(InvalidNotationError) as info:
        parse_card(text)
    assert repr(text) in str(info.value)
    assert isinstance(info.value, ValueError)
    assert isinstance(info.value, CardRulesError)


def test_parse_cards_accepts_spaces_and_commas() -> None:
    assert parse_cards("QS 10H, 2c") == (QUEEN_OF_SPADES, TEN_OF_HEARTS, Card(Rank.TWO, Suit.CLUBS))
    assert parse_cards("") == ()


def test_format_cards_canonical_and_pretty() -> None:
    cards = (QUEEN_OF_SPADES, TEN_OF_HEARTS)
    assert format_cards(cards) == "QS TH"
    assert format_cards(cards, pretty=True) == "Q♠ 10♥"


@given(st.sets(st.sampled_from(STANDARD_DECK)))
def test_masks_round_trip_through_cards_in(cards: set[Card]) -> None:
    mask = mask_of(cards)
    assert mask.bit_count() == len(cards)
    assert set(cards_in(mask)) == cards
    assert [c.index for c in cards_in(mask)] == sorted(c.index for c in cards)


def test_suit_masks_partition_the_deck() -> None:
    masks = [suit.mask for suit in Suit]
    assert sum(masks) == (1 << 52) - 1
    for suit in Suit:
        assert {card.suit for card in cards_in(suit.mask)} == {suit}


def test_card_index_outside_the_deck_is_refused() -> None:
    with pytest.raises(InvalidNotationError):
        card_at(52)
    with pytest.raises(InvalidNotationError):
        card_at(-1)


def test_cards_are_frozen_values() -> None:
    card = parse_card("QS")
    with pytest.raises(dataclasses.FrozenInstanceError):
        card.rank = Rank.KING  # type: ignore[misc]
    assert card == Card(Rank.QUEEN, Suit.SPADES)
    assert hash(card) == hash(Card(Rank.QUEEN, Suit.SPADES))


def test_card_needs_a_rank_and_a_suit() -> None:
    with pytest.raises(TypeError):
        Card(12, 3)  # type: ignore[arg-type]


def test_card_repr_names_rank_and_suit() -> None:
    assert repr(QUEEN_OF_SPADES) == "Card(rank=Rank.QUEEN, suit=Suit.SPADES)"
