"""Backstab Fish's ask and score rules stated on their own inputs, for the proofs over the engine's code.

Written from the specification, like :mod:`proofs.backstab_fish.model` (which
states the same rules over the whole turn), and never from the engine: a hand
or a row of laid sets is read as the specification describes it, a count per
rank, here laid out as the engine's packed integers are (four bits per rank,
rank ``r`` in bits ``4r`` to ``4r + 3``), since that layout is the input the
engine's functions take.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from proofs.z3facade import BitVec, Bool, Int, all_of, bool_val, bv_val, ite

__all__ = [
    "FIELD_BITS",
    "RANKS",
    "count_allowed",
    "field",
    "may_ask",
    "rank_held",
    "sets_formable",
    "sets_laid",
    "top_scorers",
]

RANKS: Final = 14
"""The ranks of the largest deck: thirteen, and the jokers (backstab_fish.setup.deck)."""
FIELD_BITS: Final = 4
"""The bits of one rank's count in a packed hand."""


def field(packed: BitVec, rank: int) -> BitVec:
    """The count of ``rank`` in a packed vector."""
    return packed.lshr(FIELD_BITS * rank) & (1 << FIELD_BITS) - 1


def may_ask(seat: int, target: int, sizes: Sequence[Int], open_targets: Bool) -> Bool:
    """backstab_fish.ask.target: another player, who holds a card unless empty targets are allowed."""
    if target == seat:
        return bool_val(False)
    return (sizes[target] >= 1) | open_targets


def rank_held(hand: BitVec, rank: int) -> Bool:
    """backstab_fish.ask.rank: the asker holds at least one card of ``rank``."""
    return field(hand, rank).ne(0)


def count_allowed(count: Int, copies: Int) -> Bool:
    """backstab_fish.ask.count: the count lies in 1 to the copies of the rank in the deck."""
    return (count >= 1) & (count <= copies)


def sets_laid(sets: BitVec) -> BitVec:
    """backstab_fish.score.per-set: one point per laid set, the sum of the sets of every rank."""
    total = bv_val(0, 8)
    for rank in range(RANKS):
        total = total + field(sets, rank).resize(8)
    return total.resize(sets.width)


def top_scorers(scores: Sequence[Int]) -> tuple[Bool, ...]:
    """backstab_fish.score.winners: for each seat, whether no seat has a higher score."""
    return tuple(all_of(score >= other for other in scores) for score in scores)


def sets_formable(hand: BitVec, *, most: int = 2) -> BitVec:
    """backstab_fish.sets.lay-down: the sets of four a hand can form, packed like it, per rank.

    Each rank's field holds its count divided by four (at most ``most`` sets;
    a wrong companion's misreading passes 1, as if a rank gave one set at most).
    """
    total = bv_val(0, hand.width)
    for rank in range(RANKS):
        count = field(hand, rank).lshr(2)
        sets = ite(count.ugt(most), bv_val(most, hand.width), count)
        total = total | sets.shl(FIELD_BITS * rank)
    return total
