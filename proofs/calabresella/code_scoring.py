"""Calabresella's scoring, auction and exchange code proved for every input: count, payment, card values.

- calabresella/code-count: :func:`cardrules.games.calabresella.scoring.settle`
  (its points, success, cappotto, stramazzo and multiplier) and
  :func:`~cardrules.games.calabresella.scoring.multiplier` equal the rules for
  every count a hand can end with: 0 to 12 tricks, 0 to 35 thirds, both
  ``reverse_cappotto`` and both ``stramazzo_basis`` values. Method: exhaustive
  enumeration (:mod:`proofs.exhaustive`) of the 1,872 counts, z3 showing they
  are every count the rules allow; the stakes and seat are fixed here, since
  the payment claim below covers them.
- calabresella/code-payment: :func:`~cardrules.games.calabresella.scoring.stake`
  and :func:`~cardrules.games.calabresella.scoring.payments` run on z3
  integers (:mod:`proofs.symbolic_int`) for every stake, raise, bidder,
  outcome and value.
- calabresella/code-card-thirds: the engine's table
  :data:`cardrules.games.calabresella.cards.THIRDS`, built at import, equals
  the specification's card values entry by entry for the 52 indices, and
  :func:`~cardrules.games.calabresella.cards.mask_thirds` of each single card
  agrees with it.
- calabresella/code-auction: :func:`cardrules.games.calabresella.auction.outbids`
  run on a symbolic highest bid for each contract, and
  :func:`~cardrules.games.calabresella.auction.passed_mask` run on symbolic
  calls for every order of up to four callers.
- calabresella/code-exchange: :func:`cardrules.games.calabresella.exchange.callable_mask`
  and :func:`~cardrules.games.calabresella.exchange.returnable_mask` run on a
  symbolic hand of the deck (the latter for every called card).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import Final

import cardrules.games.calabresella.auction as engine_auction
import cardrules.games.calabresella.cards as engine_cards
import cardrules.games.calabresella.exchange as engine_exchange
import cardrules.games.calabresella.scoring as engine
from cardrules.games.calabresella.options import ReverseCappotto, StramazzoBasis
from proofs.calabresella.model import (
    DECK,
    DECK_INDICES,
    HAND_BITS,
    HAND_THIRDS,
    TRICKS,
    card_thirds,
    points,
    show_card,
    show_cards,
    within_deck,
)
from proofs.calabresella.settlement import (
    LADDER,
    is_cappotto,
    is_stramazzo,
    nets,
    overcalls,
    passed_seats,
    stake_value,
)
from proofs.claims import Family
from proofs.exhaustive import Table, table_formula
from proofs.symbolic import paths
from proofs.symbolic_int import agrees
from proofs.z3facade import (
    BitVec,
    Bool,
    Int,
    Model,
    all_of,
    bool_val,
    bool_var,
    bv_val,
    bv_var,
    int_val,
    int_var,
    ite,
    sum_of,
)

__all__ = ["AUCTION_CODE", "CARD_THIRDS_CODE", "COUNT_CODE", "EXCHANGE_CODE", "PAYMENT_CODE"]

# -- the count ------------------------------------------------------------------------------

_TRICKS: Final = int_var("code tricks of B")
_THIRDS: Final = int_var("code thirds of B")
_REVERSE: Final = bool_var("code reverse_cappotto on")
_BY_THIRDS: Final = bool_var("code stramazzo_basis thirds")
_FIELDS: Final = ("points of B", "points of the opponents", "success", "cappotto", "stramazzo", "multiplier")


def _engine_count(point: tuple[int, ...]) -> tuple[int, ...]:
    tricks, thirds, reverse, by_thirds = point
    on = ReverseCappotto.ON if reverse else ReverseCappotto.OFF
    basis = StramazzoBasis.THIRDS if by_thirds else StramazzoBasis.ROUNDED
    s = engine.settle(
        bidder=0,
        contract=engine.Contract.SOLO,
        raised=engine.Raise.NONE,
        tricks_bidder=tricks,
        thirds_bidder=thirds,
        stakes=(1, 2, 3),
        reverse=on,
        basis=basis,
    )
    m = engine.multiplier(tricks, thirds, on, basis)
    return s.points_bidder, s.points_opponents, s.success, s.cappotto, s.stramazzo, s.multiplier, m


def _count_table() -> Table:
    inputs = itertools.product(range(TRICKS + 1), range(HAND_THIRDS + 1), (0, 1), (0, 1))
    return Table.of((_TRICKS, _THIRDS, _REVERSE, _BY_THIRDS), inputs, _engine_count)


Stramazzo = Callable[[Int, Int, Bool], Bool]


def _stated_count(stramazzo: Stramazzo) -> tuple[Int, ...]:
    cappotto = is_cappotto(_TRICKS, _REVERSE)
    other = ~cappotto & stramazzo(_TRICKS, _THIRDS, _BY_THIRDS)
    m = ite(cappotto, int_val(2), ite(other, int_val(3), int_val(1)))
    flags = (points(_THIRDS) >= 6, cappotto, other)
    as_ints = tuple(ite(flag, int_val(1), int_val(0)) for flag in flags)
    return (points(_THIRDS), points(HAND_THIRDS - _THIRDS), *as_ints, m, m)


def _count_formula(stramazzo: Stramazzo) -> Bool:
    domain = _TRICKS.between(0, TRICKS) & _THIRDS.between(0, HAND_THIRDS)
    return table_formula(_count_table(), domain, _stated_count(stramazzo))


def _describe_count(stramazzo: Stramazzo) -> Callable[[Model], str]:
    def describe(model: Model) -> str:
        point = _count_table().point(model)
        tricks, thirds, reverse, by_thirds = point
        stated = tuple(model.int_value(term) for term in _stated_count(stramazzo))
        names = (*_FIELDS, "multiplier()")
        got = _engine_count(point)
        wrong = [f"{n}: engine {g}, rules {s}" for n, g, s in zip(names, got, stated, strict=True) if g != s]
        return (
            f"bidder with {tricks} tricks and {thirds} thirds, reverse_cappotto "
            f"{'on' if reverse else 'off'}, stramazzo_basis {'thirds' if by_thirds else 'rounded'}: "
            + "; ".join(wrong)
        )

    return describe


def _stramazzo_without_although(tricks: Int, thirds: Int, by_thirds: Bool) -> Bool:
    """A misreading: stramazzo is all the points or none, whatever the tricks."""
    return is_stramazzo(tricks, thirds, by_thirds, trick_condition=False)


_COUNT: Final = Family(
    (
        "calabresella.scoring.rounding",
        "calabresella.scoring.success",
        "calabresella.scoring.cappotto",
        "calabresella.scoring.stramazzo",
    ),
    _describe_count(is_stramazzo),
)

COUNT_CODE: Final = _COUNT.claim(
    "calabresella/code-count",
    "The engine's settle and multiplier, called on every count a hand can end with (1,872, shown by z3 "
    "to be all of them), give the rules' points, success, cappotto, stramazzo and multiplier.",
    lambda: _count_formula(is_stramazzo),
    wrong=_COUNT.claim(
        "calabresella/code-count-stramazzo-without-although",
        "The same, against a reading where stramazzo ignores whether a trick was lost or won.",
        lambda: _count_formula(_stramazzo_without_although),
        describe=_describe_count(_stramazzo_without_although),
    ),
)


# -- the stake and the payment ----------------------------------------------------------------

_STAKES: Final = (int_var("code stake Chiamo"), int_var("code stake Solo"), int_var("code stake Solissimo"))
_VALUE: Final = int_var("code value V")
_RAISES: Final = (engine.Raise.NONE, engine.Raise.DIVIDETE, engine.Raise.SCEGLIETE)

Nets = Callable[[Int, Bool], tuple[Int, Int, Int]]


def _payment_formula(stated_nets: Nets) -> Bool:
    parts = []
    for c, name in enumerate(LADDER):
        contract = engine.Contract(name)
        for r, raised in enumerate(_RAISES):
            if r and name != "solissimo":
                continue
            stated = stake_value(_STAKES, int_val(c), int_val(r), int_val(1))
            parts.append(agrees(engine.stake, (contract, raised, _STAKES), stated))
    for bidder in range(3):
        for success in (False, True):
            net_b, net_o, _ = stated_nets(_VALUE, bool_val(success))
            paid = tuple(net_b if seat == bidder else net_o for seat in range(3))
            parts.append(agrees(engine.payments, (bidder, success, _VALUE), paid))
    return all_of(parts)


def _describe_payment(model: Model) -> str:
    stakes = tuple(model.int_value(s) for s in _STAKES)
    value = model.int_value(_VALUE)
    paid = {(b, ok): engine.payments(b, ok, value) for b in range(3) for ok in (False, True)}
    return f"stakes {stakes}, V = {value}: payments (the engine) by (bidder, success) {paid}"


def _failed_bidder_pays_once(value: Int, success: Bool) -> tuple[Int, Int, Int]:
    """A misreading: a failed bidder pays V to the pool once, not V to each opponent."""
    net_b, net_o, _ = nets(value, success)
    return ite(success, net_b, -value), net_o, net_o


_PAYMENT: Final = Family(
    (
        "calabresella.scoring.payment",
        "calabresella.bidding.ladder",
        "calabresella.exchange.solissimo-raise",
    ),
    _describe_payment,
)

PAYMENT_CODE: Final = _PAYMENT.claim(
    "calabresella/code-payment",
    "The engine's stake, run on symbolic stakes for every contract and raise, is the contract's stake "
    "times the raise's factor; its payments, run on a symbolic V for every bidder and outcome, pay V from "
    "each opponent to a successful bidder and V to each opponent from a failed one.",
    lambda: _payment_formula(nets),
    wrong=_PAYMENT.claim(
        "calabresella/code-payment-failed-bidder-pays-once",
        "The same, against a reading where a failed bidder pays V only once.",
        lambda: _payment_formula(_failed_bidder_pays_once),
    ),
)


# -- the card values --------------------------------------------------------------------------

_INDEX: Final = int_var("code card index")


def _engine_thirds(point: tuple[int, ...]) -> tuple[int, ...]:
    (index,) = point
    return engine_cards.THIRDS[index], engine_cards.mask_thirds(1 << index)


def _thirds_table() -> Table:
    return Table.of((_INDEX,), ((i,) for i in range(HAND_BITS)), _engine_thirds)


Values = Callable[[int], int]


def _stated_thirds(values: Values) -> Int:
    return sum_of(ite(_INDEX.eq(i), int_val(values(i)), int_val(0)) for i in range(HAND_BITS))


def _thirds_formula(values: Values) -> Bool:
    stated = _stated_thirds(values)
    return table_formula(_thirds_table(), _INDEX.between(0, HAND_BITS - 1), (stated, stated))


def _describe_thirds(values: Values) -> Callable[[Model], str]:
    def describe(model: Model) -> str:
        index = model.int_value(_INDEX)
        table, single = _engine_thirds((index,))
        return f"{show_card(index)}: THIRDS {table}, mask_thirds {single}, the rules {values(index)}"

    return describe


def _ace_like_the_others(index: int) -> int:
    """A misreading: the ace is worth a third like the 3, 2 and court cards."""
    return min(card_thirds(index), 1)


_THIRDS_FAMILY: Final = Family(("calabresella.scoring.card-thirds",), _describe_thirds(card_thirds))

CARD_THIRDS_CODE: Final = _THIRDS_FAMILY.claim(
    "calabresella/code-card-thirds",
    "The engine's THIRDS table, built at import, and its mask_thirds of each single card give every one "
    "of the 52 card indices the specification's value in thirds (0 outside the 40-card deck).",
    lambda: _thirds_formula(card_thirds),
    wrong=_THIRDS_FAMILY.claim(
        "calabresella/code-card-thirds-ace-one-third",
        "The same, against a reading where an ace is worth one third.",
        lambda: _thirds_formula(_ace_like_the_others),
        describe=_describe_thirds(_ace_like_the_others),
    ),
)


# -- the auction's conditions -----------------------------------------------------------------

_HIGHEST: Final = int_var("code highest bid so far")
_LEVELS: Final = tuple(int_var(f"code level of call {n}") for n in range(1, 5))

Overcall = Callable[[int, Int], Bool]


def _auction_formula(overcall: Overcall) -> Bool:
    parts = []
    for level, name in enumerate(LADDER, 1):
        stated = ite(overcall(level, _HIGHEST), int_val(1), int_val(0))
        parts.append(agrees(engine_auction.outbids, (engine.Contract(name), _HIGHEST), stated))
    for length in range(5):
        for seats in itertools.product(range(3), repeat=length):
            calls = tuple(zip(seats, _LEVELS[:length], strict=True))
            parts.append(agrees(engine_auction.passed_mask, (calls,), passed_seats(calls)))
    return all_of(parts)


def _describe_auction(model: Model) -> str:
    highest = model.int_value(_HIGHEST)
    outbids = {name: engine_auction.outbids(engine.Contract(name), highest) for name in LADDER}
    levels = tuple(model.int_value(v) for v in _LEVELS)
    return f"highest bid so far {highest}: outbids (the engine) {outbids}; call levels {levels}"


def _equal_bid_stands(level: int, highest: Int) -> Bool:
    """A misreading: a bid equal to the highest so far is allowed."""
    return highest <= level


_AUCTION: Final = Family(
    ("calabresella.bidding.overcall", "calabresella.bidding.pass-final"), _describe_auction
)

AUCTION_CODE: Final = _AUCTION.claim(
    "calabresella/code-auction",
    "The engine's outbids, run on a symbolic highest bid, allows a contract exactly when it stands higher "
    "on the ladder; its passed_mask, run on symbolic levels for every order of up to four callers, marks "
    "exactly the seats that have passed.",
    lambda: _auction_formula(overcalls),
    wrong=_AUCTION.claim(
        "calabresella/code-auction-equal-bid",
        "The same, against a reading where a bid may equal the highest bid so far.",
        lambda: _auction_formula(_equal_bid_stands),
    ),
)


# -- the exchange's two masks -----------------------------------------------------------------

_BIDDER_HAND: Final = bv_var("code bidder's hand", HAND_BITS)
_CALLED: Final = int_var("code called card index")

Returnable = Callable[[BitVec, int], BitVec]


def _returnable(hand: BitVec, called: int) -> BitVec:
    """calabresella.exchange.return: any card the bidder holds but the called one."""
    return hand & ~bv_val(1 << called, HAND_BITS)


def _exchange_formula(returnable: Returnable) -> Bool:
    callable_runs = paths(engine_exchange.callable_mask, (_BIDDER_HAND,), HAND_BITS)
    missing = bv_val(DECK, HAND_BITS) & ~_BIDDER_HAND
    parts = [run.condition.implies(run.result.eq(missing)) for run in callable_runs]
    for called in DECK_INDICES:
        for run in paths(engine_exchange.returnable_mask, (_BIDDER_HAND, called), HAND_BITS):
            parts.append(
                (_CALLED.eq(called) & run.condition).implies(run.result.eq(returnable(_BIDDER_HAND, called)))
            )
    return within_deck(_BIDDER_HAND).implies(all_of(parts))


def _describe_exchange(model: Model) -> str:
    hand, called = model.bv_value(_BIDDER_HAND), model.int_value(_CALLED)
    callable_cards = show_cards(engine_exchange.callable_mask(hand))
    returnable = show_cards(engine_exchange.returnable_mask(hand, called)) if 0 <= called < HAND_BITS else "-"
    return (
        f"bidder's hand {show_cards(hand)}: callable_mask (the engine) {callable_cards}; "
        f"returnable_mask with {show_card(called) if 0 <= called < HAND_BITS else called} called {returnable}"
    )


def _return_the_called_card(hand: BitVec, called: int) -> BitVec:
    """A misreading: the called card may be given back like any other."""
    return hand


_EXCHANGE: Final = Family(("calabresella.exchange.call", "calabresella.exchange.return"), _describe_exchange)

EXCHANGE_CODE: Final = _EXCHANGE.claim(
    "calabresella/code-exchange",
    "The engine's callable_mask, run on a symbolic hand of the deck, offers exactly the deck's cards the "
    "bidder lacks; its returnable_mask, for every called card, offers every held card but the called one.",
    lambda: _exchange_formula(_returnable),
    wrong=_EXCHANGE.claim(
        "calabresella/code-exchange-return-called",
        "The same, against a reading where the called card may be given back.",
        lambda: _exchange_formula(_return_the_called_card),
    ),
)
