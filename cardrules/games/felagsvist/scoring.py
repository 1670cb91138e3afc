"""Félagsvist scores: what a finished deal scores, the game totals and who wins.

Pure functions of small ints, shared by the engine, the tests and the proofs.
Sides are numbered 0 (NS) and 1 (EW); a seat's side is ``seat % 2``.

>>> deal_scores(RoundKind.NOLO, 4, Scoring.PER_TRICK), deal_scores(RoundKind.HEARTS, 9, Scoring.ODD_TRICKS)
((9, 4), (3, 0))
"""

from __future__ import annotations

from typing import Final

from cardrules.games.felagsvist.deal import DEAL_TRICKS, DealContext, Tally
from cardrules.games.felagsvist.options import RoundKind, Scoring

__all__ = ["add_deal", "deal_scores", "scored_deal", "winning_side"]

_NOLO: Final = RoundKind.NOLO
_ODD_TRICKS: Final = Scoring.ODD_TRICKS
"""The members :func:`deal_scores` compares with, read once (reading an enum member costs a lookup)."""


def deal_scores(kind: RoundKind, tricks_ns: int, scoring: Scoring) -> tuple[int, int]:
    """The (NS, EW) scores of a finished deal in which NS won ``tricks_ns`` tricks.

    felagsvist.score.trick-rounds: a side scores its own tricks; in Nóló
    (felagsvist.score.nolo) it scores its opponents' tricks. Under odd-tricks
    only the tricks beyond six count.
    """
    if not 0 <= tricks_ns <= DEAL_TRICKS:
        raise ValueError(f"a side wins 0 to 13 tricks, not {tricks_ns}")
    ns, ew = tricks_ns, DEAL_TRICKS - tricks_ns
    if kind is _NOLO:
        ns, ew = ew, ns
    if scoring is _ODD_TRICKS:
        ns, ew = max(0, ns - 6), max(0, ew - 6)
    return ns, ew


def scored_deal(deal: DealContext, tally: Tally) -> tuple[int, int]:
    """The (NS, EW) scores of ``deal`` once all its tricks are played, as ``tally`` counts them."""
    plan = deal.plan
    return deal_scores(plan.kind(deal.deal_number), tally.tricks[0], plan.options.scoring)


def add_deal(totals: tuple[int, int], scores: tuple[int, int]) -> tuple[int, int]:
    """The (NS, EW) game totals after a deal scoring ``scores`` (felagsvist.score.totals)."""
    return totals[0] + scores[0], totals[1] + scores[1]


def winning_side(totals: tuple[int, int]) -> int | None:
    """The side (0 = NS, 1 = EW) with the higher total, or ``None`` when level (felagsvist.game.winner)."""
    ns, ew = totals
    return None if ns == ew else (0 if ns > ew else 1)
