"""Scores and winners: a point per laid set, and every seat level on the top score wins.

Laid sets are packed ints with a field per rank holding its number of sets (see
:mod:`~cardrules.games.backstab_fish.cards`).

>>> from cardrules.games.backstab_fish.cards import FishRank, pack
>>> points_for(pack({FishRank.KING: 2, FishRank.SEVEN: 1}))
3
>>> winners((2, 5, 5, 0))
(1, 2)
"""

from __future__ import annotations

from collections.abc import Sequence

from cardrules.games.backstab_fish.cards import set_count

__all__ = ["points_for", "winners"]


def points_for(sets: int) -> int:
    """backstab_fish.score.per-set: what laying ``sets`` (packed) scores, one point per set."""
    return set_count(sets)


def winners(scores: Sequence[int]) -> tuple[int, ...]:
    """backstab_fish.score.winners: every seat with the highest score (ties all win)."""
    best = max(scores)
    return tuple(seat for seat, score in enumerate(scores) if score == best)
