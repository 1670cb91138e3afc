"""The Backstab Fish deck: ranks, the only thing about a card that matters, and packed counts.

A :class:`FishRank` is a small int: 0 for the deuce up to 12 for the ace, and
13 for the joker rank of the ``double-jokers`` deck. Its text is the rank
letter of :mod:`cardrules.cards` (``2``-``9``, ``T``, ``J``, ``Q``, ``K``,
``A``) or ``JK`` for the jokers. :data:`DECKS` holds each deck the ``deck``
option names (backstab_fish.setup.deck), and :func:`rank_of_card` maps a card
to its rank.

The engine keeps a hand as a packed int holding a 4-bit count per rank (rank
``r`` in bits ``4r`` to ``4r + 3``; no count ever exceeds 8), which is cheap to
copy and to update. Laid sets are packed the same way, one field per rank
holding its number of sets, and so are sets of ranks (a field of 0 or 1).

>>> from cardrules.cards import parse_card
>>> rank_of_card(parse_card("QS")), FishRank.QUEEN.plural, FishRank.SIX.named(1)
(<FishRank.QUEEN: 10>, 'queens', 'six')
>>> parse_rank("10"), parse_rank("jk")
(<FishRank.TEN: 8>, <FishRank.JOKER: 13>)
>>> hand = pack({FishRank.KING: 8, FishRank.SEVEN: 5})
>>> count_of(hand, FishRank.KING), set_count(pack({FishRank.KING: 2, FishRank.SEVEN: 1}))
(8, 3)
>>> counts_text(pack({FishRank.KING: 2, FishRank.SEVEN: 1})), unit_ranks(pack({FishRank.ACE: 1, 0: 1}))
('7 K K', (0, 12))

A hand or the laid sets in the public API is a :class:`Ranks`, a tuple of
ranks that prints as ranks (suits do not matter in this game):

>>> hand = Ranks.from_packed(pack({FishRank.KING: 2, FishRank.SEVEN: 1}))
>>> print(hand), hand, hand.packed == pack({FishRank.KING: 2, FishRank.SEVEN: 1})
7 K K
(None, Ranks('7 K K'), True)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from enum import IntEnum
from types import MappingProxyType
from typing import Final

from cardrules.cards import JOKER, STANDARD_DECK, Card, Joker
from cardrules.errors import InvalidNotationError
from cardrules.games.backstab_fish.options import Deck

__all__ = [
    "ALL_RANKS",
    "DECKS",
    "NO_RANKS",
    "PLURALS",
    "RANK_CODES",
    "FishRank",
    "Ranks",
    "count_of",
    "counts_of",
    "counts_text",
    "pack",
    "parse_rank",
    "rank_of_card",
    "set_count",
    "set_ranks",
    "unit_ranks",
]

DECKS: Final[Mapping[Deck, tuple[Card, ...]]] = MappingProxyType(
    {
        Deck.DOUBLE: STANDARD_DECK * 2,
        Deck.DOUBLE_JOKERS: STANDARD_DECK * 2 + (JOKER,) * 4,
        Deck.SINGLE: STANDARD_DECK,
    }
)
"""backstab_fish.setup.deck: each deck in a fixed order (two packs, two packs and four jokers, one pack)."""


class FishRank(IntEnum):
    """The fourteen ranks: the thirteen of a pack (deuce 0 .. ace 12) and the jokers (13)."""

    TWO = 0
    THREE = 1
    FOUR = 2
    FIVE = 3
    SIX = 4
    SEVEN = 5
    EIGHT = 6
    NINE = 7
    TEN = 8
    JACK = 9
    QUEEN = 10
    KING = 11
    ACE = 12
    JOKER = 13

    @property
    def token(self) -> str:
        """The canonical text: ``2``-``9``, ``T``, ``J``, ``Q``, ``K``, ``A`` or ``JK``."""
        return _TOKENS[self]

    @property
    def plural(self) -> str:
        """The name a player reads for several cards of the rank: ``kings``, ``tens``, ``jokers``."""
        return PLURALS[self]

    def named(self, count: int) -> str:
        """The rank's name for ``count`` cards: ``king`` for one, ``kings`` otherwise."""
        return _SINGULARS[self] if count == 1 else PLURALS[self]

    def __str__(self) -> str:
        return _TOKENS[self]


ALL_RANKS: Final[tuple[FishRank, ...]] = tuple(FishRank)
"""Every rank in code order."""

RANK_CODES: Final[tuple[int, ...]] = tuple(range(14))
"""Every rank code, 0 to 13, as plain ints."""

_TOKENS: Final = ("2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A", "JK")
PLURALS: Final[tuple[str, ...]] = (
    "twos",
    "threes",
    "fours",
    "fives",
    "sixes",
    "sevens",
    "eights",
    "nines",
    "tens",
    "jacks",
    "queens",
    "kings",
    "aces",
    "jokers",
)
"""Each rank's name for several cards, by rank code (:attr:`FishRank.plural`)."""
_SINGULARS: Final = tuple("six" if plural == "sixes" else plural[:-1] for plural in PLURALS)
_BY_TEXT: Final[dict[str, FishRank]] = {
    **{token: FishRank(code) for code, token in enumerate(_TOKENS)},
    **{plural.upper(): FishRank(code) for code, plural in enumerate(PLURALS)},
    **{singular.upper(): FishRank(code) for code, singular in enumerate(_SINGULARS)},
    "10": FishRank.TEN,
    "JOKER": FishRank.JOKER,
    "🃏": FishRank.JOKER,
}


def parse_rank(text: str) -> FishRank:
    """Read a rank: ``K``, ``k``, ``king``, ``kings``, ``10``, ``T``, ``JK`` or ``joker``.

    Raises:
        InvalidNotationError: the text is not a rank, quoted.
    """
    rank = _BY_TEXT.get(text.strip().upper())
    if rank is None:
        raise InvalidNotationError(
            f"{text!r} is not a rank: write 2-9, T or 10, J, Q, K, A, or JK for the jokers"
        )
    return rank


def rank_of_card(card: Card) -> FishRank:
    """The rank of a card; every joker has the joker rank."""
    if isinstance(card, Joker):
        return FishRank.JOKER
    return ALL_RANKS[card.rank - 2]


def count_of(hand: int, rank: int) -> int:
    """How many cards of ``rank`` a packed hand holds."""
    return hand >> (rank << 2) & 15


def counts_of(hand: int) -> tuple[int, ...]:
    """A packed hand as 14 counts, one per rank code."""
    return tuple(hand >> (rank << 2) & 15 for rank in range(14))


def pack(counts: dict[int, int] | tuple[int, ...]) -> int:
    """Counts per rank (a tuple indexed by rank code, or a mapping) as a packed hand."""
    items = counts.items() if isinstance(counts, dict) else enumerate(counts)
    hand = 0
    for rank, count in items:
        if not 0 <= count <= 15:
            raise ValueError(f"a packed hand holds 0 to 15 cards of a rank, not {count}")
        hand += count << (rank << 2)
    return hand


_ONES: Final = int("1" * 14, 16)
_TWOS: Final = int("2" * 14, 16)


def set_count(sets: int) -> int:
    """How many sets a packed set vector holds (each field is 0, 1 or 2)."""
    return (sets & _ONES).bit_count() + 2 * (sets & _TWOS).bit_count()


class Ranks(tuple[FishRank, ...]):
    """Cards of this game as a value: one rank per card (a hand) or per set (laid sets), in rank order.

    A tuple of :class:`FishRank`, so it is frozen, iterable, sized, hashable
    and equal to the plain tuple of the same ranks. ``str`` gives the ranks as
    a player reads them (``7 7 K``, empty for none), ``repr`` a short form that
    reads back (``Ranks('7 7 K')``) and :attr:`packed` the packed counts the
    engine keeps.

    ``Ranks(text)`` reads ranks as :func:`parse_rank` does; ``Ranks(iterable)``
    takes ranks (or rank codes); :meth:`from_packed` takes packed counts.

    Raises:
        InvalidNotationError: text that is not ranks, or a code that is no rank.
    """

    __slots__ = ()

    def __new__(cls, ranks: Iterable[int] | str = ()) -> Ranks:
        """The ranks of ``ranks``: an iterable of ranks or codes, or text such as ``"7 7 kings"``."""
        if isinstance(ranks, str):
            return super().__new__(cls, (parse_rank(word) for word in ranks.replace(",", " ").split()))
        items: list[FishRank] = []
        for rank in ranks:
            if isinstance(rank, bool) or not isinstance(rank, int) or not 0 <= rank < len(ALL_RANKS):
                raise InvalidNotationError(
                    f"{rank!r} is not a rank code (0 for the deuce to 13 for the jokers)"
                )
            items.append(ALL_RANKS[rank])
        return super().__new__(cls, items)

    @classmethod
    def from_packed(cls, packed: int) -> Ranks:
        """The ranks of packed counts (a hand, or laid sets), one per unit, in rank order."""
        out: list[FishRank] = []
        for rank in ALL_RANKS:
            out.extend((rank,) * (packed >> (rank << 2) & 15))
        return super().__new__(cls, out)

    @property
    def packed(self) -> int:
        """These ranks as packed counts (4 bits per rank), the engine's own form of a hand.

        Raises:
            ValueError: more than 15 of one rank, which a packed field cannot hold.
        """
        counts = [0] * len(ALL_RANKS)
        for rank in self:
            counts[rank] += 1
        return pack(tuple(counts))

    def __str__(self) -> str:
        return " ".join(rank.token for rank in self)

    def __repr__(self) -> str:
        return f"Ranks({str(self)!r})"

    def __getnewargs__(self) -> tuple[tuple[FishRank, ...]]:
        return (tuple(self),)


NO_RANKS: Final = Ranks()
"""No rank at all: an empty hand, no set laid."""


def set_ranks(sets: int) -> Ranks:
    """A packed vector as one rank per unit, in rank order: laid sets as one rank per set."""
    return Ranks.from_packed(sets)


def counts_text(sets: int) -> str:
    """A packed vector as rank tokens, one per unit, in rank order (``7 K K``)."""
    return " ".join(rank.token for rank in set_ranks(sets))


def _spread(bits: int) -> int:
    """Seven bits as a packed vector of seven fields of 0 or 1 (bit i into field i)."""
    return sum(1 << (i << 2) for i in range(7) if bits >> i & 1)


_LOW_UNITS: Final[Mapping[int, tuple[int, ...]]] = MappingProxyType(
    {_spread(bits): tuple(i for i in range(7) if bits >> i & 1) for bits in range(128)}
)
_HIGH_UNITS: Final[Mapping[int, tuple[int, ...]]] = MappingProxyType(
    {_spread(bits): tuple(i + 7 for i in range(7) if bits >> i & 1) for bits in range(128)}
)
_LOW_FIELDS: Final = (1 << 28) - 1


def unit_ranks(units: int) -> tuple[int, ...]:
    """The rank codes of the fields set to 1 in a packed vector of 0s and 1s, in rank order.

    Two table look-ups, one per seven ranks, rather than a test per rank.
    """
    return _LOW_UNITS[units & _LOW_FIELDS] + _HIGH_UNITS[units >> 28]
