"""SCHEDULE"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from cardrules.notation import format_seat
from proofs.claims import Claim
from proofs.felagsvist.model import (
    _GAME_DEALS,
    _SEATS,
    CYCLE,
    KIND_LABELS,
    KINDS,
    _dealer,
    _first_leader,
    _is_kind,
    _partner,
    kind_index,
)
from proofs.z3facade import Bool, Int, Model, all_of, count, int_var

__all__ = ["DEAL_ROTATION", "ROUND_BALANCE", "ROUND_CYCLE"]


def _schedule_vars() -> tuple[Int, Int, Int]:
    return int_var("first_round"), int_var("first_dealer"), int_var("deal")


def _schedule_domain(s: Int, d: Int, k: Int) -> Bool:
    return s.between(0, len(CYCLE) - 1) & d.between(0, _SEATS - 1) & (k >= 1)


def _each_kind_twice(s: Int) -> Bool:
    deals = range(1, _GAME_DEALS + 1)
    return all_of(count(_is_kind(kind_index(s, k), kind) for k in deals).eq(2) for kind in KINDS)


def _each_seat_deals_three_times(d: Int) -> Bool:
    deals = range(1, _GAME_DEALS + 1)
    return all_of(count(_dealer(d, k).eq(seat) for k in deals).eq(3) for seat in range(_SEATS))


def _describe_schedule(model: Model) -> str:
    s_var, d_var, k_var = _schedule_vars()
    s, d, k = model.int_value(s_var), model.int_value(d_var), model.int_value(k_var)
    first = CYCLE[s] if 0 <= s < len(CYCLE) else f"index {s}"
    kinds = " ".join(KIND_LABELS[CYCLE[(s + j - 1) % len(CYCLE)]] for j in range(1, _GAME_DEALS + 1))
    dealers = " ".join(format_seat((d + j - 1) % _SEATS) for j in range(1, _GAME_DEALS + 1))

    def deal_text(deal: int) -> str:
        kind = KIND_LABELS[CYCLE[(s + deal - 1) % len(CYCLE)]]
        return f"deal {deal} is {kind}, dealt by {format_seat((d + deal - 1) % _SEATS)}"

    return "\n".join(
        (
            f"first_round = {first} (s = {s}), first dealer {format_seat(d % _SEATS)}",
            f"kinds of deals 1-12: {kinds}",
            f"dealers of deals 1-12: {dealers}",
            f"{deal_text(k)}; {deal_text(k + 6)}",
        )
    )


def _schedule_claim(
    name: str,
    rule_ids: tuple[str, ...],
    statement: str,
    formula: Callable[[Int, Int, Int], Bool],
    *,
    wrong: Claim | None = None,
) -> Claim:
    def build() -> Bool:
        s, d, k = _schedule_vars()
        return _schedule_domain(s, d, k).implies(formula(s, d, k))

    return Claim(name, rule_ids, build, _describe_schedule, statement=statement, wrong=wrong)


ROUND_CYCLE: Final = _schedule_claim(
    "felagsvist/round-cycle",
    ("felagsvist.round.cycle",),
    "For every first_round, kind(k + 6) = kind(k) for every deal k, and each kind comes twice in deals 1-12.",
    lambda s, _d, k: kind_index(s, k + 6).eq(kind_index(s, k)) & _each_kind_twice(s),
    wrong=_schedule_claim(
        "felagsvist/deal-one-is-hearts",
        ("felagsvist.round.cycle",),
        "Deal 1 is a Hearts deal whatever first_round says.",
        lambda s, _d, _k: _is_kind(kind_index(s, 1), "hearts"),
    ),
)

DEAL_ROTATION: Final = _schedule_claim(
    "felagsvist/deal-rotation",
    ("felagsvist.deal.rotation",),
    "With the deal passing left, for every first dealer each seat deals exactly three of deals 1-12.",
    lambda _s, d, _k: _each_seat_deals_three_times(d),
    wrong=_schedule_claim(
        "felagsvist/first-dealer-deals-last",
        ("felagsvist.deal.rotation",),
        "The first dealer also deals deal 12.",
        lambda _s, d, _k: _dealer(d, _GAME_DEALS).eq(d),
    ),
)


def _balanced(s: Int, d: Int, k: Int) -> Bool:
    return all_of(
        (
            kind_index(s, k + 6).eq(kind_index(s, k)),
            _dealer(d, k + 6).eq(_partner(_dealer(d, k))),
            _first_leader(d, k + 6).mod(2).eq(_first_leader(d, k).mod(2)),
            _each_kind_twice(s),
            _each_seat_deals_three_times(d),
        )
    )


ROUND_BALANCE: Final = _schedule_claim(
    "felagsvist/round-balance",
    ("felagsvist.invariant.round-balance",),
    "For every first_round and first dealer: deals k and k + 6 share a kind and are dealt by "
    "partners (so one side leads first in both), each kind comes twice and each seat deals three times.",
    _balanced,
    wrong=_schedule_claim(
        "felagsvist/same-dealer-six-deals-later",
        ("felagsvist.invariant.round-balance",),
        "Deal k + 6 is dealt by the dealer of deal k.",
        lambda _s, d, k: _dealer(d, k + 6).eq(_dealer(d, k)),
    ),
)
