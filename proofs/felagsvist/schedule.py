"""Félagsvist's schedule: the cycle of round kinds and who deals each deal.

For every first_round, first dealer and deal number: felagsvist/round-cycle
proves felagsvist.round.cycle, felagsvist/deal-rotation proves
felagsvist.deal.rotation, and felagsvist/round-balance proves
felagsvist.invariant.round-balance.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from cardrules.notation import format_seat
from proofs.claims import Family
from proofs.felagsvist.model import (
    CYCLE,
    GAME_DEALS,
    KIND_LABELS,
    KINDS,
    SEAT_COUNT,
    dealer_of,
    first_leader,
    is_kind,
    kind_index,
    partner,
)
from proofs.z3facade import Bool, Int, Model, all_of, count, int_var

__all__ = ["DEAL_ROTATION", "ROUND_BALANCE", "ROUND_CYCLE"]


def _schedule_vars() -> tuple[Int, Int, Int]:
    return int_var("first_round"), int_var("first_dealer"), int_var("deal")


def _schedule_domain(s: Int, d: Int, k: Int) -> Bool:
    return s.between(0, len(CYCLE) - 1) & d.between(0, SEAT_COUNT - 1) & (k >= 1)


def _each_kind_twice(s: Int) -> Bool:
    deals = range(1, GAME_DEALS + 1)
    return all_of(count(is_kind(kind_index(s, k), kind) for k in deals).eq(2) for kind in KINDS)


def _each_seat_deals_three_times(d: Int) -> Bool:
    deals = range(1, GAME_DEALS + 1)
    return all_of(count(dealer_of(d, k).eq(seat) for k in deals).eq(3) for seat in range(SEAT_COUNT))


def _describe_schedule(model: Model) -> str:
    s_var, d_var, k_var = _schedule_vars()
    s, d, k = model.int_value(s_var), model.int_value(d_var), model.int_value(k_var)
    first = CYCLE[s] if 0 <= s < len(CYCLE) else f"index {s}"
    kinds = " ".join(KIND_LABELS[CYCLE[(s + j - 1) % len(CYCLE)]] for j in range(1, GAME_DEALS + 1))
    dealers = " ".join(format_seat((d + j - 1) % SEAT_COUNT) for j in range(1, GAME_DEALS + 1))

    def deal_text(deal: int) -> str:
        kind = KIND_LABELS[CYCLE[(s + deal - 1) % len(CYCLE)]]
        return f"deal {deal} is {kind}, dealt by {format_seat((d + deal - 1) % SEAT_COUNT)}"

    return "\n".join(
        (
            f"first_round = {first} (s = {s}), first dealer {format_seat(d % SEAT_COUNT)}",
            f"kinds of deals 1-12: {kinds}",
            f"dealers of deals 1-12: {dealers}",
            f"{deal_text(k)}; {deal_text(k + 6)}",
        )
    )


def _every_schedule(formula: Callable[[Int, Int, Int], Bool]) -> Callable[[], Bool]:
    """The formula ``formula(s, d, k)`` for every first round ``s``, first dealer ``d`` and deal ``k``."""

    def build() -> Bool:
        s, d, k = _schedule_vars()
        return _schedule_domain(s, d, k).implies(formula(s, d, k))

    return build


_CYCLE: Final = Family(("felagsvist.round.cycle",), _describe_schedule)

ROUND_CYCLE: Final = _CYCLE.claim(
    "felagsvist/round-cycle",
    "For every first_round, kind(k + 6) = kind(k) for every deal k, and each kind comes twice in deals 1-12.",
    _every_schedule(lambda s, _d, k: kind_index(s, k + 6).eq(kind_index(s, k)) & _each_kind_twice(s)),
    wrong=_CYCLE.claim(
        "felagsvist/deal-one-is-hearts",
        "Deal 1 is a Hearts deal whatever first_round says.",
        _every_schedule(lambda s, _d, _k: is_kind(kind_index(s, 1), "hearts")),
    ),
)

_ROTATION: Final = Family(("felagsvist.deal.rotation",), _describe_schedule)

DEAL_ROTATION: Final = _ROTATION.claim(
    "felagsvist/deal-rotation",
    "With the deal passing left, for every first dealer each seat deals exactly three of deals 1-12.",
    _every_schedule(lambda _s, d, _k: _each_seat_deals_three_times(d)),
    wrong=_ROTATION.claim(
        "felagsvist/first-dealer-deals-last",
        "The first dealer also deals deal 12.",
        _every_schedule(lambda _s, d, _k: dealer_of(d, GAME_DEALS).eq(d)),
    ),
)


def _balanced(s: Int, d: Int, k: Int) -> Bool:
    return all_of(
        (
            kind_index(s, k + 6).eq(kind_index(s, k)),
            dealer_of(d, k + 6).eq(partner(dealer_of(d, k))),
            first_leader(d, k + 6).mod(2).eq(first_leader(d, k).mod(2)),
            _each_kind_twice(s),
            _each_seat_deals_three_times(d),
        )
    )


_BALANCE: Final = Family(("felagsvist.invariant.round-balance",), _describe_schedule)

ROUND_BALANCE: Final = _BALANCE.claim(
    "felagsvist/round-balance",
    "For every first_round and first dealer: deals k and k + 6 share a kind and are dealt by "
    "partners (so one side leads first in both), each kind comes twice and each seat deals three times.",
    _every_schedule(_balanced),
    wrong=_BALANCE.claim(
        "felagsvist/same-dealer-six-deals-later",
        "Deal k + 6 is dealt by the dealer of deal k.",
        _every_schedule(lambda _s, d, k: dealer_of(d, k + 6).eq(dealer_of(d, k))),
    ),
)
