"""A Calabresella hand's settlement as tables a score ending reads: :class:`SettlementTable`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from cardrules.games.calabresella.options import CalabresellaOptions, ReverseCappotto, StramazzoBasis
from cardrules.games.calabresella.scoring import (
    HAND_THIRDS,
    HAND_TRICKS,
    Contract,
    Raise,
    settle,
    stake,
)

if TYPE_CHECKING:
    pass

__all__ = ["COLUMNS", "SettlementTable", "settlement_table"]

COLUMNS: Final = HAND_THIRDS + 1
"""The bidder's thirds at the end of a hand run from 0 to 35."""


@dataclass(frozen=True, slots=True)
class SettlementTable:
    """The hand's settlement for one seat, as tables the ending reads (built by :func:`settlement_table`).

    Every entry is the seat's payment plus :attr:`offset`, so none is negative.

    Attributes:
        offset: what is added to each payment: the most the seat can pay.
        finals: the entry for the bidder's tricks ``t`` and thirds ``h`` of the
            whole hand at ``finals[t * 36 + h]``.
        spans: for the bidder's tricks running from ``a`` to ``b``, the classes
            of those trick counts at ``spans[a * 13 + b]`` (a class: the trick
            counts whose entries are equal for every count of thirds).
        lows: per class, the least entry for thirds from ``lo`` to ``hi`` at ``lows[c][lo * 36 + hi]``.
        highs: per class, the greatest entry, indexed as :attr:`lows`.
        tag: a number telling settlements apart in one transposition table.
    """

    offset: int
    finals: tuple[int, ...]
    spans: tuple[tuple[int, ...], ...]
    lows: tuple[tuple[int, ...], ...]
    highs: tuple[tuple[int, ...], ...]
    tag: int

    def span(self, tricks: tuple[int, int], thirds: tuple[int, int]) -> tuple[int, int]:
        """The least and the greatest entry for the bidder's tricks and thirds in the two closed ranges."""
        classes = self.spans[tricks[0] * (HAND_TRICKS + 1) + tricks[1]]
        index = thirds[0] * COLUMNS + thirds[1]
        return min(self.lows[c][index] for c in classes), max(self.highs[c][index] for c in classes)


def settlement_table(
    options: CalabresellaOptions, bidder: int, contract: Contract, raised: Raise, seat: int
) -> SettlementTable:
    """The settlement of a hand for ``seat``, for every count of the bidder's tricks and thirds.

    Each payment is :func:`~cardrules.games.calabresella.scoring.settle`'s own,
    under the contract, the raise, the stakes and the ``reverse_cappotto`` and
    ``stramazzo_basis`` options.
    """
    rows = tuple(
        tuple(
            settle(
                bidder=bidder,
                contract=contract,
                raised=raised,
                tricks_bidder=tricks,
                thirds_bidder=thirds,
                stakes=options.stake_values,
                reverse=options.reverse_cappotto,
                basis=options.stramazzo_basis,
            ).payments[seat]
            for thirds in range(COLUMNS)
        )
        for tricks in range(HAND_TRICKS + 1)
    )
    offset = max(0, -min(min(row) for row in rows))
    rows = tuple(tuple(entry + offset for entry in row) for row in rows)
    distinct = list(dict.fromkeys(rows))
    class_of = [distinct.index(row) for row in rows]
    spans = tuple(
        tuple(sorted({class_of[t] for t in range(low, high + 1)})) if low <= high else ()
        for low in range(HAND_TRICKS + 1)
        for high in range(HAND_TRICKS + 1)
    )
    lows: list[tuple[int, ...]] = []
    highs: list[tuple[int, ...]] = []
    for row in distinct:
        least = [0] * (COLUMNS * COLUMNS)
        most = [0] * (COLUMNS * COLUMNS)
        for low in range(COLUMNS):
            down = up = row[low]
            for high in range(low, COLUMNS):
                down, up = min(down, row[high]), max(up, row[high])
                least[low * COLUMNS + high], most[low * COLUMNS + high] = down, up
        lows.append(tuple(least))
        highs.append(tuple(most))
    # What decides every entry: the stake after any raise, the two options, the seat's side.
    tag = stake(contract, raised, options.stake_values) << 3
    tag |= (options.reverse_cappotto is ReverseCappotto.ON) << 2
    tag |= (options.stramazzo_basis is StramazzoBasis.ROUNDED) << 1
    tag |= seat == bidder
    finals = tuple(entry for row in rows for entry in row)
    return SettlementTable(offset, finals, spans, tuple(lows), tuple(highs), tag)
