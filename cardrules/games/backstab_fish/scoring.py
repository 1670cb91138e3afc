"""Sets, scores and winners.

Hands and laid sets are packed ints with a 4-bit field per rank (see
:mod:`~cardrules.games.backstab_fish.ranks`). Because no count exceeds 8, the
sets a hand can form, ``count div 4`` for every rank at once, are two shifts
and a mask away, and laying ``sets`` down takes ``4 * sets`` off the hand.

>>> from cardrules.games.backstab_fish.ranks import FishRank, pack
>>> hand = pack({FishRank.KING: 8, FishRank.SEVEN: 5, FishRank.TWO: 3})
>>> sets = sets_in(hand)
>>> set_count(sets), counts_text(sets)
(3, '7 K K')
>>> winners((2, 5, 5, 0))
(1, 2)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from cardrules.games.backstab_fish.ranks import ALL_RANKS, FishRank

__all__ = [
    "FOUR_OR_MORE",
    "counts_text",
    "set_count",
    "set_ranks",
    "sets_in",
    "winners",
]

FOUR_OR_MORE: Final = int("C" * 14, 16)
"""Bits 2 and 3 of every field: ``hand & FOUR_OR_MORE`` is non-zero iff some rank has 4 or more cards."""

_LOW2: Final = int("3" * 14, 16)
_ONES: Final = int("1" * 14, 16)
_TWOS: Final = int("2" * 14, 16)


def sets_in(hand: int) -> int:
    """The sets a packed hand can form: ``count div 4`` of each rank, packed the same way."""
    return hand >> 2 & _LOW2


def set_count(sets: int) -> int:
    """How many sets a packed set vector holds (each field is 0, 1 or 2)."""
    return (sets & _ONES).bit_count() + 2 * (sets & _TWOS).bit_count()


def set_ranks(sets: int) -> tuple[FishRank, ...]:
    """A packed set vector as one rank per set, in rank order."""
    out: list[FishRank] = []
    for rank in ALL_RANKS:
        out.extend((rank,) * (sets >> (rank << 2) & 15))
    return tuple(out)


def counts_text(sets: int) -> str:
    """A packed vector as rank tokens, one per unit, in rank order (``7 K K``)."""
    return " ".join(rank.token for rank in set_ranks(sets))


def winners(scores: Sequence[int]) -> tuple[int, ...]:
    """backstab_fish.score.winners: every seat with the highest score (ties all win)."""
    best = max(scores)
    return tuple(seat for seat, score in enumerate(scores) if score == best)
