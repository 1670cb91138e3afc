"""The 64-card double piquet deck: physical card ids, kinds, strengths, the pack and deck orders.

fildinski.deck.card-identity: a physical card is a kind (suit, rank) and a copy
1 or 2; its id is ``16 * suit + 2 * strength + copy - 1``, so ids run 0-63 and
a set of physical cards is an int bitmask over ids (two bits per kind). The
kind of id ``i`` is ``i >> 1`` (``8 * suit + strength``), its suit ``i >> 4``
and its strength ``(i >> 1) & 7``.

fildinski.deck.ranking: strengths are 7=0, 8=1, 9=2, J=3, Q=4, K=5, 10=6, A=7.

The 64 cards make 32 tricks a deal (:data:`DEAL_TRICKS`): 16 are dealt and
48 drawn (:data:`DRAWS`), so 24 tricks are played while the stock lasts
(:data:`STOCK_TRICKS`).

A deck order is written with plain cards (``QS``), which do not say which copy
is which. The library labels copies by position: of the two cards of a kind
in a deck order, the one nearer the top is copy 1. So a deck order written
in a record always yields the same ids.

>>> from cardrules.cards import parse_card
>>> from cardrules.games.fildinski.cards import card_id, card_of, strength_of
>>> card_id(parse_card("AS"), 2), str(card_of(63)), strength_of(card_id(parse_card("TH"), 1))
(63, 'AS', 6)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from types import MappingProxyType
from typing import Final

from cardrules.cards import Card, Rank, Suit
from cardrules.shuffling import shuffle_steps

__all__ = [
    "DEAL_TRICKS",
    "DECK_KINDS",
    "DRAWS",
    "FULL",
    "ID_BITS",
    "KIND_OF_INDEX",
    "PACK",
    "PACK_NAME",
    "RANKS_BY_STRENGTH",
    "STOCK_TRICKS",
    "SUIT_IDS",
    "SUIT_NAMES",
    "SUIT_SINGULAR",
    "card_id",
    "card_kind",
    "card_of",
    "cards_of",
    "copy_of",
    "deck_cards",
    "ids_in",
    "kind_card",
    "kind_of",
    "label_deck",
    "mask_of",
    "shuffled_deck",
    "strength_of",
    "suit_of",
]

RANKS_BY_STRENGTH: Final[tuple[Rank, ...]] = (
    Rank.SEVEN,
    Rank.EIGHT,
    Rank.NINE,
    Rank.JACK,
    Rank.QUEEN,
    Rank.KING,
    Rank.TEN,
    Rank.ACE,
)
"""fildinski.deck.ranking: the eight ranks from weakest (7, strength 0) to strongest (A, strength 7)."""

_STRENGTH: Final[Mapping[Rank, int]] = MappingProxyType({rank: s for s, rank in enumerate(RANKS_BY_STRENGTH)})

FULL: Final[int] = (1 << 64) - 1
"""The bitmask of all 64 ids."""

SUIT_IDS: Final[tuple[int, int, int, int]] = (0xFFFF, 0xFFFF << 16, 0xFFFF << 32, 0xFFFF << 48)
"""The bitmask of the 16 ids of each suit, by :class:`~cardrules.cards.Suit` number."""

_KIND_CARDS: Final[tuple[Card, ...]] = tuple(Card(RANKS_BY_STRENGTH[k & 7], Suit(k >> 3)) for k in range(32))

DECK_KINDS: Final[tuple[Card, ...]] = _KIND_CARDS
"""The 32 kinds as cards, in kind order (clubs 7 first, spades ace last)."""

PACK: Final[tuple[Card, ...]] = _KIND_CARDS * 2
"""The 64 cards of a deal: every card from 7 to ace twice (fildinski.deck.composition)."""

PACK_NAME: Final = "64-card Fildinski deck, two of each card from 7 to ace"
"""How messages name the pack."""

DEAL_TRICKS: Final = 32
"""The tricks of one deal: every card is played once (fildinski.endgame.trick-cycle)."""

STOCK_TRICKS: Final = 24
"""The tricks played while the stock lasts (fildinski.play.trick-cycle)."""

DRAWS: Final = 48
"""The cards drawn from the stock in one deal, the turn-up last (fildinski.play.draw-order)."""

SUIT_NAMES: Final[tuple[str, ...]] = ("clubs", "diamonds", "hearts", "spades")
"""The name of each suit in the plural, by suit number (verdicts and observations)."""

SUIT_SINGULAR: Final[tuple[str, ...]] = ("club", "diamond", "heart", "spade")
"""The name of one card of each suit, by suit number."""


def strength_of(card: int) -> int:
    """The strength 0-7 of an id's rank (fildinski.deck.ranking)."""
    return (card >> 1) & 7


def suit_of(card: int) -> int:
    """The suit number of an id."""
    return card >> 4


def kind_of(card: int) -> int:
    """The kind 0-31 of an id: ``8 * suit + strength``."""
    return card >> 1


def copy_of(card: int) -> int:
    """The copy number (1 or 2) of an id."""
    return (card & 1) + 1


def kind_card(kind: int) -> Card:
    """The plain card of a kind 0-31."""
    return _KIND_CARDS[kind]


def card_of(card: int) -> Card:
    """The plain card (rank and suit, no copy) of an id."""
    return _KIND_CARDS[card >> 1]


def card_kind(card: Card) -> int | None:
    """The kind 0-31 of a plain card, or ``None`` for a card outside the deck (2 to 6)."""
    strength = _STRENGTH.get(card.rank)
    return None if strength is None else 8 * card.suit + strength  # a Suit is an int


ID_BITS: Final[tuple[int, ...]] = tuple(1 << card for card in range(64))
"""The bit of each id in an id bitmask (``1 << id``), as a table: every card played or dealt asks it."""

KIND_OF_INDEX: Final[tuple[int, ...]] = tuple(
    next((k for k in range(32) if _KIND_CARDS[k].index == i), -1) for i in range(52)
)
"""The kind 0-31 of each card of the standard deck by its index, -1 for a card outside this deck (2 to 6)."""


def card_id(card: Card, copy: int) -> int:
    """The id of copy ``copy`` (1 or 2) of ``card``.

    Raises:
        ValueError: the card is not in the deck or the copy is not 1 or 2.
    """
    kind = card_kind(card)
    if kind is None or copy not in (1, 2):
        raise ValueError(f"{card} copy {copy} is not a card of the Fildinski deck")
    return 2 * kind + copy - 1


def ids_in(mask: int) -> list[int]:
    """The ids of a bitmask, in increasing order."""
    out: list[int] = []
    append = out.append
    while mask:
        low = mask & -mask
        append(low.bit_length() - 1)
        mask ^= low
    return out


def mask_of(ids: Iterable[int]) -> int:
    """The bitmask of some ids (the inverse of :func:`ids_in`)."""
    mask = 0
    for card in ids:
        mask |= 1 << card
    return mask


def cards_of(mask: int) -> tuple[Card, ...]:
    """The plain cards of a bitmask, in id order (copies repeated)."""
    return tuple(_KIND_CARDS[i >> 1] for i in ids_in(mask))


def label_deck(kinds: Iterable[int]) -> tuple[int, ...]:
    """Ids for a deck order of kinds: the first card of each kind is copy 1, the second copy 2."""
    seen = [0] * 32
    out = []
    for kind in kinds:
        out.append(2 * kind + seen[kind])
        seen[kind] += 1
    return tuple(out)


def deck_cards(deck: Sequence[int]) -> tuple[Card, ...]:
    """The plain cards of a deck order of ids."""
    return tuple(_KIND_CARDS[i >> 1] for i in deck)


def shuffled_deck(draw: Callable[[int], int]) -> tuple[int, ...]:
    """A uniformly shuffled deck order (ids, top first), copies labelled by position.

    ``draw`` is a generator's ``getrandbits``. The order of kinds is the one
    ``Random.shuffle`` gives the pack's kinds (a Fisher-Yates shuffle from the
    last place down, each place swapped with one drawn by ``getrandbits``
    below its count, a draw out of range drawn again), and the ids are
    :func:`label_deck`'s: the deck that ``label_deck`` makes of that shuffle.

    Both are written out in one loop, so that a card costs its draw and no
    call besides (:func:`cardrules.shuffling.shuffle_in_place` and
    ``label_deck`` one after the other cost half as much again). The walk
    fixes the places from the bottom of the deck up, so of the two cards of a
    kind the one placed first is the one nearer the bottom, copy 2; the
    other, placed later, is copy 1. ``tests/fildinski/test_deal_paths.py``
    holds it to ``Random.shuffle`` and :func:`label_deck`.
    """
    deck = list(_FIRST_COPIES)
    label = list(_SECOND_COPIES)  # by copy-1 id: the id the next card of that kind placed gets
    for place, width in _SHUFFLE_STEPS:  # shuffle_in_place, written out
        other = draw(width)
        while other > place:
            other = draw(width)
        card = deck[other]
        deck[other] = deck[place]
        deck[place] = label[card]
        label[card] = card
    return tuple(deck)  # the card left on top has its kind's other card below it: copy 1, as it stands


_FIRST_COPIES: Final[tuple[int, ...]] = tuple(card & ~1 for card in range(64))
"""The 64 cards as copy-1 ids (``2 * kind``), in pack order: what a deal shuffles."""
_SECOND_COPIES: Final[tuple[int, ...]] = tuple(card | 1 for card in range(64))
"""By copy-1 id, the copy-2 id of its kind: the id of the first card of a kind placed (nearer the bottom)."""
_SHUFFLE_STEPS: Final = shuffle_steps(len(_FIRST_COPIES))
"""Each place the shuffle fills, last first, with the bits of the draw that picks its card."""
