"""Félagsvist round kinds, trumps, card strength and deal scores.

Pure functions of small ints, shared by the engine, the tests and the proofs.
Sides are numbered 0 (NS) and 1 (EW); a seat's side is ``seat % 2``.
"""

from __future__ import annotations

from typing import Final

from cardrules.cards import Rank, Suit
from cardrules.games.felagsvist.options import NoloAce, RoundKind, Scoring

__all__ = [
    "CYCLE",
    "DEAL_TRICKS",
    "deal_scores",
    "round_kind",
    "strength_table",
    "trump_suit",
]

DEAL_TRICKS: Final = 13
"""Tricks in one deal."""

CYCLE: Final[tuple[RoundKind, ...]] = (
    RoundKind.HEARTS,
    RoundKind.SPADES,
    RoundKind.GRAND,
    RoundKind.DIAMONDS,
    RoundKind.CLUBS,
    RoundKind.NOLO,
)
"""The fixed cycle of round kinds (felagsvist.round.cycle)."""

_TRUMPS: Final = {
    RoundKind.HEARTS: Suit.HEARTS,
    RoundKind.SPADES: Suit.SPADES,
    RoundKind.DIAMONDS: Suit.DIAMONDS,
    RoundKind.CLUBS: Suit.CLUBS,
}


def round_kind(deal_number: int, first_round: RoundKind) -> RoundKind:
    """The kind of deal ``deal_number`` (1-based): ``cycle[(s + k - 1) mod 6]``."""
    return CYCLE[(CYCLE.index(first_round) + deal_number - 1) % 6]


def trump_suit(kind: RoundKind) -> Suit | None:
    """The trump suit of a round kind; ``None`` in Grand and Nóló (felagsvist.round.trump)."""
    return _TRUMPS.get(kind)


_HIGH: Final[tuple[int, ...]] = tuple(i % 13 for i in range(52))
_LOW: Final[tuple[int, ...]] = tuple(-1 if i % 13 == Rank.ACE - 2 else i % 13 for i in range(52))


def strength_table(kind: RoundKind, nolo_ace: NoloAce) -> tuple[int, ...]:
    """Strength of each card index within its suit (felagsvist.cards.rank-order).

    Ace high everywhere, except that ``nolo_ace=low`` puts the ace below the 2
    in Nóló deals.
    """
    if kind is RoundKind.NOLO and nolo_ace is NoloAce.LOW:
        return _LOW
    return _HIGH


def deal_scores(kind: RoundKind, tricks_ns: int, scoring: Scoring) -> tuple[int, int]:
    """The (NS, EW) scores of a finished deal in which NS won ``tricks_ns`` tricks.

    felagsvist.score.trick-rounds: a side scores its own tricks; in Nóló
    (felagsvist.score.nolo) it scores its opponents' tricks. Under odd-tricks
    only the tricks beyond six count.
    """
    if not 0 <= tricks_ns <= DEAL_TRICKS:
        raise ValueError(f"a side wins 0 to 13 tricks, not {tricks_ns}")
    ns, ew = tricks_ns, DEAL_TRICKS - tricks_ns
    if kind is RoundKind.NOLO:
        ns, ew = ew, ns
    if scoring is Scoring.ODD_TRICKS:
        ns, ew = max(0, ns - 6), max(0, ew - 6)
    return ns, ew
