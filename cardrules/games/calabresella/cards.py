"""The Calabresella deck: 40 cards, their strength in a trick, their value in thirds, suit masks.

Cards are :class:`cardrules.cards.Card` values; the engine works on their
indices 0..51 (:attr:`cardrules.cards.Card.index`, the suit is ``index // 13``)
and on int bitmasks over them, so the tables below are indexed by card index
and hold ``-1`` (strength) or ``0`` (thirds) for the twelve cards the game does
not use.

>>> len(DECK), sum(THIRDS[card.index] for card in DECK)
(40, 32)
>>> [card.rank.letter for card in sorted(DECK[:10], key=lambda c: -STRENGTH[c.index])]
['3', '2', 'A', 'K', 'Q', 'J', '7', '6', '5', '4']
>>> pretty_mask(mask_of((0, 12)) & SUIT_MASKS[0])
'2♣ A♣'
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from types import MappingProxyType
from typing import Final, TypeVar

from cardrules.cards import STANDARD_DECK, Card, Rank, Suit

T = TypeVar("T")

__all__ = [
    "DECK",
    "DECK_INDICES",
    "DECK_MASK",
    "RANK_ORDER",
    "STRENGTH",
    "SUIT_MASKS",
    "SUIT_NAMES",
    "THIRDS",
    "card_thirds",
    "cards_of",
    "in_deck",
    "in_mask",
    "mask_of",
    "mask_thirds",
    "pretty",
    "pretty_mask",
    "suit_table",
]

RANK_ORDER: Final[tuple[Rank, ...]] = (
    Rank.THREE,
    Rank.TWO,
    Rank.ACE,
    Rank.KING,
    Rank.QUEEN,
    Rank.JACK,
    Rank.SEVEN,
    Rank.SIX,
    Rank.FIVE,
    Rank.FOUR,
)
"""calabresella.deck.rank-order: the ranks of a suit, strongest first."""

_VALUE: Final[Mapping[Rank, int]] = MappingProxyType(
    {
        Rank.ACE: 3,
        Rank.THREE: 1,
        Rank.TWO: 1,
        Rank.KING: 1,
        Rank.QUEEN: 1,
        Rank.JACK: 1,
    }
)

DECK: Final[tuple[Card, ...]] = tuple(
    card for card in STANDARD_DECK if card.rank not in (Rank.EIGHT, Rank.NINE, Rank.TEN)
)
"""calabresella.deck.composition: the 40 cards in index order (clubs first)."""

DECK_INDICES: Final[tuple[int, ...]] = tuple(card.index for card in DECK)
"""The indices of the 40 cards, in index order: the unshuffled deck."""

DECK_MASK: Final[int] = sum(card.bit for card in DECK)
"""The bitmask of the 40 cards."""

SUIT_MASKS: Final[tuple[int, int, int, int]] = (
    Suit.CLUBS.mask,
    Suit.DIAMONDS.mask,
    Suit.HEARTS.mask,
    Suit.SPADES.mask,
)
"""The bitmask of each suit's card indices, indexed by suit number (``index // 13``)."""

STRENGTH: Final[tuple[int, ...]] = tuple(
    9 - RANK_ORDER.index(card.rank) if card.rank in RANK_ORDER else -1 for card in STANDARD_DECK
)
"""Per card index: the strength within its suit, 9 (the 3) down to 0 (the 4); -1 outside the deck."""

THIRDS: Final[tuple[int, ...]] = tuple(
    _VALUE.get(card.rank, 0) if card.rank in RANK_ORDER else 0 for card in STANDARD_DECK
)
"""calabresella.scoring.card-thirds: per card index, the card's value in thirds of a point."""

SUIT_NAMES: Final[Mapping[Suit, str]] = MappingProxyType(
    {
        Suit.CLUBS: "clubs",
        Suit.DIAMONDS: "diamonds",
        Suit.HEARTS: "hearts",
        Suit.SPADES: "spades",
    }
)
"""The plural name of each suit, for verdicts."""

_VALUED: Final[tuple[tuple[int, int], ...]] = tuple(
    (card.bit, THIRDS[card.index]) for card in DECK if THIRDS[card.index]
)


def in_deck(card: Card) -> bool:
    """Whether ``card`` is one of the 40 cards of the game."""
    return bool(DECK_MASK >> card.index & 1)


def card_thirds(card: Card) -> int:
    """A card's value in thirds: 3 for an ace, 1 for a 3, 2, K, Q or J, else 0."""
    return THIRDS[card.index]


_BY_VALUE: Final[tuple[tuple[int, int], ...]] = tuple(
    (value, sum(bit for bit, worth in _VALUED if worth == value)) for value in sorted({v for _, v in _VALUED})
)
"""Per value in thirds that a card may have (1 and 3), the bitmask of the cards worth it."""


def mask_thirds(mask: int) -> int:
    """The total value in thirds of the cards of a bitmask (per value, that value times its cards)."""
    total = 0
    for value, bits in _BY_VALUE:
        total += value * (mask & bits).bit_count()
    return total


def in_mask(row: tuple[T, ...], mask: int) -> tuple[T, ...]:
    """The items of ``row`` (one per card index: cards, or the shared actions of a kind) at the cards of
    ``mask``, in index order."""
    out: list[T] = []
    while mask:
        low = mask & -mask
        out.append(row[low.bit_length() - 1])
        mask ^= low
    return tuple(out)


def suit_table(row: tuple[T, ...], suit: int) -> tuple[tuple[T, ...], ...]:
    """Per set of one suit's cards (its 13 bits of a mask, shifted down, as an index), the items of
    ``row`` (one per card index) at those cards, in index order: :func:`in_mask` of each set, looked up.

    A tuple of all 8,192 sets, indexed at the speed of a list (a mapping of the 1,024 sets of the game's
    cards costs a hash and a probe per lookup); a set holding a card the game leaves out (an 8, 9 or
    10) has no items. Built from the smaller sets up: a set's items are those of the set without its
    highest card, then that card's.
    """
    positions = [index - 13 * suit for index in DECK_INDICES if index // 13 == suit]
    table: list[tuple[T, ...]] = [()] * (1 << 13)
    keys = [0]
    for subset in range(1, 1 << len(positions)):  # the subsets of the suit's cards, as numbers
        top = subset.bit_length() - 1
        rest = keys[subset ^ (1 << top)]
        key = rest | 1 << positions[top]
        keys.append(key)
        table[key] = (*table[rest], row[13 * suit + positions[top]])
    return tuple(table)


_SUIT_CARDS: Final[tuple[tuple[tuple[Card, ...], ...], ...]] = tuple(
    suit_table(STANDARD_DECK, suit) for suit in range(4)
)
"""Per suit, the cards of every set of that suit's cards (:func:`suit_table` of the deck)."""


def cards_of(mask: int) -> tuple[Card, ...]:
    """The cards of a bitmask of the game's cards, in index order: ``in_mask(STANDARD_DECK, mask)``,
    one suit at a time from :func:`suit_table` (a lay-away's legal set lists the hand so)."""
    clubs, diamonds, hearts, spades = _SUIT_CARDS
    return (
        clubs[mask & 0x1FFF]
        + diamonds[mask >> 13 & 0x1FFF]
        + hearts[mask >> 26 & 0x1FFF]
        + spades[mask >> 39]
    )


def mask_of(indices: Iterable[int]) -> int:
    """The bitmask of some distinct card indices (the monte, a trick, a lay-away)."""
    mask = 0
    for index in indices:
        mask |= 1 << index
    return mask


_PRETTY: Final[tuple[str, ...]] = tuple(card.pretty() for card in STANDARD_DECK)
"""Per card index, the card in the form a player reads (:meth:`cardrules.cards.Card.pretty`)."""


def pretty(index: int) -> str:
    """The card of an index in the form a player reads: ``3♠``."""
    return _PRETTY[index]


def pretty_mask(mask: int) -> str:
    """The cards of a bitmask in index order, as a player reads them: ``5♣ K♣``.

    The text of ``format_cards(cards_in(mask), pretty=True)``, each card's form looked up.
    """
    names: list[str] = []
    while mask:
        low = mask & -mask
        names.append(_PRETTY[low.bit_length() - 1])
        mask ^= low
    return " ".join(names)
