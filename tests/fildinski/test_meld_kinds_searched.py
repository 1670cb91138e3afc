"""The meld search looks only at the kinds its tables pick, and still finds every meld the rules allow.

:func:`~cardrules.games.fildinski.meld_search.single_melds` reads from tables
built at import which kinds can hold a fresh card, with each kind's reach and
card count, and skips a kind with too few of its cards in the pool. Here it
is held, on piles Hypothesis draws (any pool, fresh cards (two, or fewer, or more), cards already
melded, trump and bezique pair, with and without the fresh-card rule), to
every card set of the meld table in the pool that keeps the step conditions.
The rows :func:`~cardrules.games.fildinski.melds.meld_sets_at` leaves out for
the ids asked (a common marriage's other suits) are held to giving none of
the melds that hold one of them.
"""

from __future__ import annotations

import dataclasses
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules.games.fildinski.deal import DealContext, DealPlan, first_deal
from cardrules.games.fildinski.meld_conditions import step_conditions
from cardrules.games.fildinski.meld_search import single_melds
from cardrules.games.fildinski.melds import MeldKind, candidate_melds, meld_sets_at
from cardrules.games.fildinski.options import BeziquePair, FildinskiOptions


@dataclasses.dataclass(frozen=True)
class _Piles:
    """A meld view of the piles alone (as the solver passes one)."""

    deal: DealContext
    won: tuple[int, int]
    fresh: int
    used: tuple[int, ...]


_FEW = st.sets(st.integers(0, 63), max_size=3).map(lambda ids: sum(1 << i for i in ids))
"""Up to three ids: a kind's cards already melded."""


_PILES = 20
"""The piles drawn from each example's seed, each up to the example's size."""


def _ids(rng: random.Random, count: int) -> int:
    """``count`` ids drawn at random (an id bitmask): Hypothesis's own integers keep to the low ids."""
    return sum(1 << i for i in rng.sample(range(64), count))


@settings(max_examples=100, deadline=None)
@given(
    trump=st.integers(0, 3),
    pair=st.sampled_from(list(BeziquePair)),
    needs_fresh=st.booleans(),
    seed=st.integers(0, 2**32),
    size=st.integers(0, 48),
    fresh_count=st.sampled_from([2, 2, 2, 1, 0, 3]),
    fresh_in_pool=st.booleans(),
    used=st.lists(_FEW, min_size=len(MeldKind), max_size=len(MeldKind)),
    seat=st.integers(0, 1),
)
def test_the_kinds_searched_find_every_meld_the_table_and_the_step_conditions_allow(
    trump: int,
    pair: BeziquePair,
    needs_fresh: bool,
    seed: int,
    size: int,
    fresh_count: int,
    fresh_in_pool: bool,
    used: list[int],
    seat: int,
) -> None:
    rng = random.Random(seed)
    options = FildinskiOptions(bezique_pair=pair, meld_needs_trick_card=needs_fresh)
    deal = dataclasses.replace(first_deal(DealPlan(options, seed=0), dealer=0), trump=trump)
    for _ in range(_PILES):
        pool, fresh = _ids(rng, rng.randint(0, size)), _ids(rng, fresh_count)
        if fresh_in_pool:  # the usual step: the trick just won lies in the winner's pile
            pool |= fresh
        won = (pool, 0) if seat == 0 else (0, pool)
        view = _Piles(deal, won, fresh, tuple(used))
        expected = {
            (kind.order, mask)
            for kind in MeldKind
            for mask in candidate_melds(kind, pool, trump, pair)
            if all(step_conditions(view, kind, mask))
        }
        found = single_melds(view, seat)
        assert len(found) == len(set(found)) and set(found) == expected


@settings(max_examples=200, deadline=None)
@given(
    order=st.integers(0, len(MeldKind) - 1),
    table=st.integers(0, 7),
    seed=st.integers(0, 2**32),
    size=st.integers(0, 64),
    asked=st.integers(0, 4),
)
def test_the_rows_left_out_for_the_ids_asked_hold_none_of_them(
    order: int, table: int, seed: int, size: int, asked: int
) -> None:
    rng = random.Random(seed)
    for _ in range(_PILES):
        pool, holding = _ids(rng, size), _ids(rng, asked)
        every = meld_sets_at(order, pool, table)
        kept = meld_sets_at(order, pool, table, holding)
        assert set(kept) <= set(every)
        assert [mask for mask in kept if mask & holding] == [mask for mask in every if mask & holding]
