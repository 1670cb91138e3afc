"""The settlement tables a Calabresella score ending reads, against ``settle`` itself.

A score ending's search bounds a hand still being played by the least and the
greatest payment over every way it can end (:meth:`SettlementTable.span`), and
keeps the values of endings under different settlements apart in one
transposition table by the table's ``tag``. Both are checked here entry by
entry against :func:`~cardrules.games.calabresella.scoring.settle`.
"""

from __future__ import annotations

import random
from itertools import product
from typing import Final

import pytest

from cardrules.games.calabresella.ending import SettlementTable, settlement_table
from cardrules.games.calabresella.options import CalabresellaOptions, ReverseCappotto, StramazzoBasis
from cardrules.games.calabresella.scoring import HAND_THIRDS, HAND_TRICKS, Contract, Raise, settle

COLUMNS: Final = HAND_THIRDS + 1

SETTLEMENTS: Final = [
    (contract, raised)
    for contract in Contract
    for raised in (Raise if contract is Contract.SOLISSIMO else (Raise.NONE,))
]


def _options(stakes: str, reverse: ReverseCappotto, basis: StramazzoBasis) -> CalabresellaOptions:
    return CalabresellaOptions(stakes=stakes, reverse_cappotto=reverse, stramazzo_basis=basis)


def _payment(
    options: CalabresellaOptions, contract: Contract, raised: Raise, seat: int, tricks: int, thirds: int
) -> int:
    """What ``seat`` is paid when the bidder p0 ends the hand with these tricks and thirds."""
    return settle(
        bidder=0,
        contract=contract,
        raised=raised,
        tricks_bidder=tricks,
        thirds_bidder=thirds,
        stakes=options.stake_values,
        reverse=options.reverse_cappotto,
        basis=options.stramazzo_basis,
    ).payments[seat]


@pytest.mark.rule("calabresella.scoring.payment")
@pytest.mark.parametrize(("contract", "raised"), SETTLEMENTS)
@pytest.mark.parametrize("seat", [0, 1])
def test_every_entry_and_every_span_is_the_payment_settle_gives(
    contract: Contract, raised: Raise, seat: int
) -> None:
    """Each final entry is the payment plus the offset; a span over closed ranges of the bidder's tricks
    and thirds is the least and the greatest of those payments."""
    rng = random.Random(f"{contract}{raised}{seat}")
    for reverse, basis in product(ReverseCappotto, StramazzoBasis):
        options = _options("1,2,3", reverse, basis)
        table = settlement_table(options, 0, contract, raised, seat)
        paid = [
            [_payment(options, contract, raised, seat, t, h) for h in range(COLUMNS)]
            for t in range(HAND_TRICKS + 1)
        ]
        assert table.offset == max(0, -min(min(row) for row in paid))
        assert table.finals == tuple(entry + table.offset for row in paid for entry in row)
        ranges = [(low, high) for low in range(HAND_TRICKS + 1) for high in range(low, HAND_TRICKS + 1)]
        for low, high in ranges:
            for _ in range(6):
                first = rng.randrange(COLUMNS)
                last = rng.randrange(first, COLUMNS)
                entries = [
                    paid[t][h] + table.offset for t in range(low, high + 1) for h in range(first, last + 1)
                ]
                assert table.span((low, high), (first, last)) == (min(entries), max(entries)), (
                    low,
                    high,
                    first,
                    last,
                )


def test_settlement_tables_with_the_same_tag_are_the_same_table() -> None:
    """The tag tells apart every two settlements that pay differently (over contracts, raises, stakes,
    both options and both sides), so one transposition table can hold endings under several."""
    by_tag: dict[int, SettlementTable] = {}
    for stakes, reverse, basis, (contract, raised), seat in product(
        ("1,2,3", "2,3,4", "1,3,9"), ReverseCappotto, StramazzoBasis, SETTLEMENTS, (0, 1)
    ):
        table = settlement_table(_options(stakes, reverse, basis), 0, contract, raised, seat)
        known = by_tag.setdefault(table.tag, table)
        assert (known.finals, known.offset) == (table.finals, table.offset), (
            stakes,
            reverse,
            basis,
            contract,
            raised,
            seat,
        )
    assert len(by_tag) > 20
