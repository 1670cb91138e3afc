"""Suits, ranks and cards: values, one canonical text form, and decks.

A :class:`Card` is a frozen value. Its canonical text is the rank letter followed
by the suit letter, always two characters: ``"QS"`` for the queen of spades,
``"TH"`` for the ten of hearts. :func:`parse_card` is tolerant and also accepts
``"Q♠"``, ``"10S"``, ``"qs"`` and surrounding white space; :meth:`Card.pretty`
gives the form a player reads, ``"Q♠"`` or ``"10♥"``.

Every card of the standard 52-card pack has an :attr:`Card.index` from 0 to 51
(``suit * 13 + rank - 2``). Engines keep sets of cards as int bitmasks over these
indices and counts of cards as tuples indexed by them; :func:`card_at` turns an
index back into the (shared) :class:`Card` value.

>>> parse_card("10♥")
Card(rank=Rank.TEN, suit=Suit.HEARTS)
>>> str(parse_card("q♠")), parse_card("QS").pretty()
('QS', 'Q♠')

Some games add jokers to the pack. A joker is a :class:`Joker`, a
:class:`Card` with no rank and no suit whose canonical text is ``JK``; all
jokers are equal values (:data:`JOKER`). :func:`parse_card` reads one only when
asked to (``jokers=True``), so games without jokers never see one.

>>> parse_card("JK", jokers=True) == JOKER, str(JOKER), JOKER.index
(True, 'JK', 52)

A hand, a pile or any other set of cards in the public API is a :class:`Cards`:
a tuple of cards that prints as cards, so a user sees ``7♣ Q♣ 7♥`` where the
engine keeps an int bitmask. It is still a tuple (frozen, iterable, sized,
hashable, equal to the plain tuple of the same cards), and
:attr:`Cards.mask` gives the bitmask back for a fast caller.

>>> hand = Cards.from_mask(parse_card("7C").bit | parse_card("QC").bit | parse_card("7H").bit)
>>> print(hand), hand, len(hand)
7♣ Q♣ 7♥
(None, Cards('7♣ Q♣ 7♥'), 3)
>>> hand == Cards("7c qc 7h") == tuple(hand), hand.mask == mask_of(hand), hand.text
(True, True, '7C QC 7H')
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from enum import IntEnum
from types import MappingProxyType
from typing import Final

from cardrules.errors import InvalidArgumentError, InvalidNotationError

__all__ = [
    "JOKER",
    "STANDARD_DECK",
    "Card",
    "Cards",
    "Joker",
    "Rank",
    "Suit",
    "card_at",
    "cards_in",
    "format_cards",
    "is_card",
    "mask_of",
    "parse_card",
    "parse_cards",
]


class Suit(IntEnum):
    """The four suits, numbered in bridge order (clubs lowest).

    Suits have no order in most games of the library; the numbers only fix
    card indices and a canonical sort order.
    """

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def letter(self) -> str:
        """The one-letter canonical form: ``C``, ``D``, ``H`` or ``S``."""
        return _SUIT_LETTERS[self]

    @property
    def symbol(self) -> str:
        """The suit symbol a player reads: ``♣``, ``♦``, ``♥`` or ``♠``."""
        return _SUIT_SYMBOLS[self]

    @property
    def mask(self) -> int:
        """The bitmask of the 13 card indices of this suit."""
        return 0x1FFF << (13 * self)

    def __str__(self) -> str:
        return self.letter


class Rank(IntEnum):
    """The thirteen ranks, valued 2 (deuce) to 14 (ace).

    The numbers are a naming convention, not a game's rank order: every game
    states its own order (ace low in one round, the three high in another).
    """

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def letter(self) -> str:
        """The one-character canonical form: ``2``-``9``, ``T``, ``J``, ``Q``, ``K``, ``A``."""
        return _RANK_LETTERS[self]

    @property
    def label(self) -> str:
        """The form a player reads: ``10`` for the ten, otherwise :attr:`letter`."""
        return "10" if self is Rank.TEN else self.letter

    def __str__(self) -> str:
        return self.letter


_SUIT_LETTERS: Final = "CDHS"
"""Each suit's letter, indexed by the suit (an IntEnum indexes a str at C speed, where a mapping
would hash the member in Python)."""
_SUIT_SYMBOLS: Final = "♣♦♥♠"
"""Each suit's symbol, indexed by the suit."""
_RANK_LETTERS: Final = "..23456789TJQKA"
"""Each rank's letter, indexed by the rank's value (2 to 14)."""


@dataclass(frozen=True, slots=True, order=False)
class Card:
    """One playing card: a rank and a suit.

    Two cards with the same rank and suit are equal values; games played with
    two packs count them as a multiset.
    """

    rank: Rank
    suit: Suit
    index: int = field(init=False, repr=False, compare=False)
    """The card's index 0..51 in the standard pack: ``suit * 13 + rank - 2``."""

    def __post_init__(self) -> None:
        if not isinstance(self.rank, Rank) or not isinstance(self.suit, Suit):
            raise InvalidArgumentError(f"Card takes a Rank and a Suit, not {self.rank!r}, {self.suit!r}")
        object.__setattr__(self, "index", self.suit * 13 + self.rank - 2)

    @property
    def bit(self) -> int:
        """``1 << index``: this card as a one-card bitmask."""
        return 1 << self.index

    def pretty(self) -> str:
        """The form a player reads, with the suit symbol: ``Q♠``, ``10♥``."""
        return self.rank.label + self.suit.symbol

    def __str__(self) -> str:
        return _TEXTS[self.index]  # read often (every action's and record's text): worked out once

    def __repr__(self) -> str:
        return f"Card(rank=Rank.{self.rank.name}, suit=Suit.{self.suit.name})"


_ALL: Final[tuple[Card, ...]] = tuple(Card(Rank(i % 13 + 2), Suit(i // 13)) for i in range(52))

_TEXTS: Final[tuple[str, ...]] = tuple(card.rank.letter + card.suit.letter for card in _ALL)
"""Each card's canonical text, by index: what :meth:`Card.__str__` gives."""

STANDARD_DECK: Final[tuple[Card, ...]] = _ALL
"""The 52 cards of a standard pack in index order (clubs 2 first, spades ace last)."""

_RANK_TEXT: Final[Mapping[str, Rank]] = MappingProxyType(
    {
        **{r.letter: r for r in Rank},
        "10": Rank.TEN,
    }
)
_SUIT_TEXT: Final[Mapping[str, Suit]] = MappingProxyType(
    {
        **{s.letter: s for s in Suit},
        **{s.symbol: s for s in Suit},
        "♤": Suit.SPADES,
        "♡": Suit.HEARTS,
        "♢": Suit.DIAMONDS,
        "♧": Suit.CLUBS,
    }
)
_BY_TEXT: Final[Mapping[str, Card]] = MappingProxyType(
    {
        rank_text + suit_text: _ALL[suit * 13 + rank - 2]
        for rank_text, rank in _RANK_TEXT.items()
        for suit_text, suit in _SUIT_TEXT.items()
    }
)


class Joker(Card):
    """A joker: a card with no rank and no suit, for the games whose pack has jokers.

    Its canonical text is ``JK`` and its :attr:`~Card.index` is 52, just past the
    standard pack, so bitmasks and tables of the 52 standard cards never meet
    it. Every joker equals every other: use the shared value :data:`JOKER`. A
    joker has no rank and no suit; reading its ``rank`` or ``suit`` raises
    ``AttributeError``, so a game that uses jokers tests
    ``isinstance(card, Joker)`` first.
    """

    __slots__ = ()

    def __init__(self) -> None:  # the rank and suit slots stay empty
        object.__setattr__(self, "index", JOKER_INDEX)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Joker)

    def __hash__(self) -> int:
        return hash("joker")

    def __reduce__(self) -> tuple[type[Joker], tuple[()]]:
        return Joker, ()

    def pretty(self) -> str:
        """The form a player reads: ``🃏``."""
        return "🃏"

    def __str__(self) -> str:
        return "JK"

    def __repr__(self) -> str:
        return "Joker()"


JOKER_INDEX: Final = 52
"""The :attr:`Card.index` of every joker."""

JOKER: Final[Joker] = Joker()
"""The joker (all jokers are equal values)."""

_JOKER_TEXT: Final = frozenset({"JK", "JOKER", "🃏"})


def card_at(index: int) -> Card:
    """The card with the given index 0..51 (see :attr:`Card.index`)."""
    if not 0 <= index < 52:
        raise InvalidNotationError(f"card index {index} is outside 0..51")
    return _ALL[index]


def parse_card(text: str, *, jokers: bool = False) -> Card:
    """Read one card, tolerantly.

    Accepts the canonical form (``QS``), suit symbols (``Q♠``), ``10`` or ``T``
    for the ten, any letter case and surrounding white space. With
    ``jokers=True`` it also reads a joker (``JK``, ``joker`` or ``🃏``) as
    :data:`JOKER`; by default a joker is not a card.

    Raises:
        InvalidNotationError: the text is not a card, with the text quoted
            (or it is not a ``str`` at all).
    """
    if not isinstance(text, str):
        raise InvalidNotationError(
            f"a {type(text).__name__} is not a card: give a Card or its text, as in QS or 10♥"
        )
    key = text.strip().upper()
    card = _BY_TEXT.get(key)
    if card is None and jokers and key in _JOKER_TEXT:
        return JOKER
    if card is None:
        raise InvalidNotationError(
            f"{text!r} is not a card: write a rank (2-9, T or 10, J, Q, K, A) "
            "then a suit (C, D, H, S or ♣ ♦ ♥ ♠), as in QS or 10♥"
        )
    return card


def is_card(value: object, *, jokers: bool = False) -> bool:
    """Whether ``value`` is a card of the 52-card pack as :class:`Card` builds it (or a joker, if ``jokers``).

    What an action's card field must be before a game looks at it: a
    :class:`Card` itself (not a subclass, not a number, not text) whose index
    is set. The games check their action objects with it at the door.

    >>> is_card(STANDARD_DECK[5]), is_card(JOKER), is_card(JOKER, jokers=True), is_card(5)
    (True, False, True, False)
    """
    if type(value) is Card:
        index = getattr(value, "index", None)
        return type(index) is int and 0 <= index < 52
    return jokers and type(value) is Joker


def parse_cards(text: str, *, jokers: bool = False) -> tuple[Card, ...]:
    """Read cards separated by white space or commas (``"QS 10H, 2c"``); see :func:`parse_card`."""
    return tuple(parse_card(part, jokers=jokers) for part in text.replace(",", " ").split())


def format_cards(cards: Iterable[Card], *, pretty: bool = False) -> str:
    """Cards joined by single spaces, canonical (``QS TH``) or pretty (``Q♠ 10♥``)."""
    return " ".join(card.pretty() if pretty else str(card) for card in cards)


def mask_of(cards: Iterable[Card]) -> int:
    """The bitmask of a set of distinct cards."""
    mask = 0
    for card in cards:
        mask |= card.bit
    return mask


def cards_in(mask: int) -> Iterator[Card]:
    """The cards of a bitmask, in index order."""
    while mask:
        low = mask & -mask
        yield _ALL[low.bit_length() - 1]
        mask ^= low


class Cards(tuple[Card, ...]):
    """A set of cards as a value: a hand, a won pile, the monte, a meld.

    A tuple of :class:`Card` (in the order the API states, usually index
    order), so it is frozen, iterable, sized, hashable and equal to the plain
    tuple of the same cards; what it adds is its text. ``str`` gives the cards
    as a player reads them (``7♣ Q♣ 10♥``, empty for no card), ``repr`` a short
    form that reads back (``Cards('7♣ Q♣ 10♥')``), :attr:`text` the canonical
    form (``7C QC TH``) and :attr:`mask` the bitmask the engines keep.

    ``Cards(text)`` reads cards as :func:`parse_cards` does (jokers included);
    ``Cards(iterable)`` takes cards; :meth:`from_mask` takes a bitmask.
    Slicing or adding gives a plain tuple, as for any tuple subclass.

    Raises:
        InvalidArgumentError: something given is not a card.
        InvalidNotationError: text that is not cards.
    """

    __slots__ = ()

    def __new__(cls, cards: Iterable[Card] | str = ()) -> Cards:
        """The cards of ``cards``: an iterable of cards, or text such as ``"7C Q♣ 10h"``."""
        items = parse_cards(cards, jokers=True) if isinstance(cards, str) else tuple(cards)
        for card in items:
            if not isinstance(card, Card):
                raise InvalidArgumentError(f"Cards holds cards, not {card!r}")
        return super().__new__(cls, items)

    @classmethod
    def from_mask(cls, mask: int) -> Cards:
        """The cards of a bitmask over :attr:`Card.index`, in index order."""
        return super().__new__(cls, cards_in(mask))

    @property
    def mask(self) -> int:
        """The bitmask of these cards (``sum(card.bit)``), as the engines keep a set of distinct cards.

        Raises:
            InvalidArgumentError: a card is repeated (two packs) or a joker,
                which a bitmask over the 52 cards cannot hold.
        """
        mask = 0
        for card in self:
            if isinstance(card, Joker) or mask >> card.index & 1:
                why = "a joker" if isinstance(card, Joker) else f"{card.pretty()} twice"
                raise InvalidArgumentError(f"{self!r} holds {why}, which a bitmask of the 52 cards cannot")
            mask |= card.bit
        return mask

    @property
    def text(self) -> str:
        """The canonical text, cards joined by spaces: ``7C QC TH``."""
        return format_cards(self)

    def __str__(self) -> str:
        return format_cards(self, pretty=True)

    def __repr__(self) -> str:
        return f"Cards({format_cards(self, pretty=True)!r})"

    def __getnewargs__(self) -> tuple[tuple[Card, ...]]:
        return (tuple(self),)
