"""Ranks, the only thing about a card that matters in Backstab Fish.

A :class:`FishRank` is a small int: 0 for the deuce up to 12 for the ace, and
13 for the joker rank of the ``double-jokers`` deck. Its text is the rank
letter of :mod:`cardrules.cards` (``2``-``9``, ``T``, ``J``, ``Q``, ``K``,
``A``) or ``JK`` for the jokers. Engines keep a hand as a packed int holding a
4-bit count per rank (rank ``r`` in bits ``4r`` to ``4r + 3``; no count ever
exceeds 8), which is cheap to copy and to update.

>>> from cardrules.cards import parse_card
>>> rank_of_card(parse_card("QS")), FishRank.QUEEN.plural, FishRank.SIX.named(1)
(<FishRank.QUEEN: 10>, 'queens', 'six')
>>> parse_rank("10"), parse_rank("jk")
(<FishRank.TEN: 8>, <FishRank.JOKER: 13>)
"""

from __future__ import annotations

from enum import IntEnum
from typing import Final

from cardrules.cards import Card, Joker
from cardrules.errors import InvalidNotationError

__all__ = [
    "ALL_RANKS",
    "FishRank",
    "count_of",
    "counts_of",
    "pack",
    "parse_rank",
    "rank_of_card",
]


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
        return _PLURALS[self]

    def named(self, count: int) -> str:
        """The rank's name for ``count`` cards: ``king`` for one, ``kings`` otherwise."""
        return _SINGULARS[self] if count == 1 else _PLURALS[self]

    def __str__(self) -> str:
        return _TOKENS[self]


ALL_RANKS: Final[tuple[FishRank, ...]] = tuple(FishRank)
"""Every rank in code order."""

_TOKENS: Final = ("2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A", "JK")
_PLURALS: Final = (
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
_SINGULARS: Final = tuple("six" if plural == "sixes" else plural[:-1] for plural in _PLURALS)
_BY_TEXT: Final[dict[str, FishRank]] = {
    **{token: FishRank(code) for code, token in enumerate(_TOKENS)},
    **{plural.upper(): FishRank(code) for code, plural in enumerate(_PLURALS)},
    "10": FishRank.TEN,
    "JOKER": FishRank.JOKER,
    "🃏": FishRank.JOKER,
}


def parse_rank(text: str) -> FishRank:
    """Read a rank: ``K``, ``k``, ``kings``, ``10``, ``T``, ``JK`` or ``joker``.

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
