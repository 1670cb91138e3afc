"""Calabresella's scoring: the count in thirds, success, cappotto and stramazzo, stakes and payments.

calabresella/hand-total proves calabresella.scoring.hand-total,
calabresella.scoring.last-trick, calabresella.scoring.card-thirds and
calabresella.scoring.monte; calabresella/pooled-rounding proves
calabresella.scoring.rounding; calabresella/success proves
calabresella.scoring.success; calabresella/cappotto-or-stramazzo proves
calabresella.scoring.cappotto and calabresella.scoring.stramazzo;
calabresella/payments-zero-sum and calabresella/stake-ladder prove
calabresella.scoring.payment, calabresella.bidding.ladder and
calabresella.exchange.solissimo-raise.
"""

from __future__ import annotations

from typing import Final

from cardrules.cards import cards_in
from proofs.calabresella.model import (
    BONUS,
    DECK,
    DECK_INDICES,
    HAND_BITS,
    HAND_THIRDS,
    TRICKS,
    card_thirds,
    pile_var,
    points,
    show_pile,
    side_seat,
    thirds_of,
    within_deck,
)
from proofs.calabresella.settlement import (
    DEFAULT_STAKES,
    RAISE_FACTORS,
    hand_valid,
    hand_vars,
    multiplier,
    nets,
    settlement,
    stake_value,
    stake_vars,
    stakes_valid,
)
from proofs.claims import Family, Obligation
from proofs.z3facade import (
    BitVec,
    Bool,
    Engine,
    Int,
    Model,
    all_of,
    any_of,
    bool_var,
    bv_val,
    exactly_one,
    int_val,
    int_var,
    ite,
    sum_of,
)

__all__ = [
    "CONTRACTS",
    "HAND_TOTAL",
    "MULTIPLIER",
    "PAYMENT_ZERO_SUM",
    "POOLED_ROUNDING",
    "RAISES",
    "STAKE_LADDER",
    "SUCCESS",
]


# -- the count: thirds, points, success -------------------------------------------------


def _card_lemmas(piles: tuple[BitVec, ...]) -> Bool:
    """Each valued card of the deck is counted in exactly one of the piles' thirds.

    Proved on its own (a case split per card) and then assumed by the sum: z3
    adds up the per-card equations as linear arithmetic, which it cannot do
    when it has to find the pairing itself.
    """
    return all_of(
        sum_of(ite(pile.bit(i), int_val(card_thirds(i)), int_val(0)) for pile in piles).eq(card_thirds(i))
        for i in DECK_INDICES
        if card_thirds(i)
    )


def _two_piles() -> tuple[BitVec, BitVec, Bool]:
    won_b = pile_var("won by B")
    return won_b, bv_val(DECK, HAND_BITS) & ~won_b, bool_var("cal B won trick 12")


def _sides_formula(*, bonus: bool = True, lemmas: bool = False) -> Bool:
    """Whatever cards the bidder's pile holds and whoever won trick 12, the two sides' thirds make 35.

    The opponents hold the rest of the deck, the monte included. ``bonus=False``
    drops the last-trick bonus (the wrong companion's reading), and the total
    is then 32. ``lemmas`` states only the per-card lemmas (:func:`_card_lemmas`).
    """
    won_b, won_o, last_b = _two_piles()
    if lemmas:
        return within_deck(won_b).implies(_card_lemmas((won_b, won_o)))
    extra = BONUS if bonus else 0
    thirds_b = thirds_of(won_b) + ite(last_b, int_val(extra), int_val(0))
    thirds_o = thirds_of(won_o) + ite(last_b, int_val(0), int_val(extra))
    total = HAND_THIRDS if bonus else HAND_THIRDS - BONUS
    sums = (thirds_b + thirds_o).eq(total) & thirds_b.between(0, total)
    return (within_deck(won_b) & _card_lemmas((won_b, won_o))).implies(sums)


def _points_formula(*, total: int = HAND_THIRDS) -> Bool:
    """For every split b + (total - b) of the thirds: the points make 11, each 0 to 11, one side 6 or more.

    With the specification's total of 35 this is its own check,
    floor(b/3) + floor((35 - b)/3) = 11 for b in [0, 35].
    """
    b = int_var("cal thirds of B")
    o = int_val(total) - b
    claim = all_of(
        (
            (points(b) + points(o)).eq(11),
            points(b).between(0, 11),
            points(o).between(0, 11),
            exactly_one((points(b) >= 6, points(o) >= 6)),
        )
    )
    return b.between(0, total).implies(claim)


def _describe_sides(model: Model, *, bonus: bool = True) -> str:
    won_b = model.bv_value(pile_var("won by B"))
    last_b = model.bool_value(_two_piles()[2])
    won_o = DECK & ~won_b
    extra = BONUS if bonus else 0
    tb = sum(card_thirds(c.index) for c in cards_in(won_b)) + (extra if last_b else 0)
    to = sum(card_thirds(c.index) for c in cards_in(won_o)) + (0 if last_b else extra)
    return (
        f"bidder's pile {show_pile(won_b)}, opponents' pile {show_pile(won_o)}; trick 12 won by "
        f"{'the bidder' if last_b else 'the opponents'}; thirds {tb} + {to} = {tb + to}"
    )


def _describe_points(model: Model, *, total: int = HAND_THIRDS) -> str:
    b = model.int_value(int_var("cal thirds of B"))
    o = total - b
    return f"thirds {b} + {o} = {total}: points {b // 3} + {o // 3} = {b // 3 + o // 3}"


def _describe_total(model: Model) -> str:
    b = model.int_value(int_var("cal thirds of B"))
    verdict = "succeeds" if b // 3 >= 6 else "fails"
    return f"{_describe_points(model)}; with {b} thirds the bidder has {b // 3} points and {verdict}"


_TOTAL_IDS: Final = (
    "calabresella.scoring.hand-total",
    "calabresella.scoring.last-trick",
    "calabresella.scoring.card-thirds",
    "calabresella.scoring.monte",
)


def _total_obligations(*, bonus: bool = True) -> tuple[Obligation, ...]:
    total = HAND_THIRDS if bonus else HAND_THIRDS - BONUS
    return (
        Obligation("each card counted on one side", _sides_formula(lemmas=True), _describe_sides),
        Obligation(
            "the thirds of every split of the deck",
            _sides_formula(bonus=bonus),
            lambda model: _describe_sides(model, bonus=bonus),
        ),
        Obligation(
            f"the points of every split of {total} thirds",
            _points_formula(total=total),
            lambda model: _describe_points(model, total=total),
        ),
    )


_TOTAL: Final = Family(_TOTAL_IDS, _describe_total, engine=Engine.SMT_CORE)

HAND_TOTAL: Final = _TOTAL.claim(
    "calabresella/hand-total",
    "For every split of the 40 cards between the bidder's pile and the opponents' (the monte "
    "included) and either winner of trick 12, the sides' thirds, bonus included, add up to 35; and for "
    "every split of 35 thirds the rounded points add up to 11, each from 0 to 11, with exactly one side "
    "on 6 or more.",
    _total_obligations,
    wrong=_TOTAL.claim(
        "calabresella/hand-total-without-last-trick",
        "The same without the last-trick bonus: the 32 thirds of the cards alone still make 11 points.",
        lambda: _total_obligations(bonus=False),
    ),
)


def _three_piles() -> tuple[BitVec, BitVec, BitVec, Int]:
    return (
        pile_var("won by B"),
        pile_var("won by O1"),
        pile_var("won by O2"),
        int_var("cal trick 12 winner"),
    )


def _three_thirds() -> tuple[Int, Int, Int]:
    return int_var("cal thirds B"), int_var("cal thirds O1"), int_var("cal thirds O2")


def _three_way_formula(*, lemmas: bool = False) -> Bool:
    """Three piles that partition the deck, and the bonus to one of them: 35 thirds, none negative."""
    won_b, won_1, won_2, last = _three_piles()
    deck = bv_val(DECK, HAND_BITS)
    partition = all_of(
        (
            (won_b & won_1).eq(0),
            (won_b & won_2).eq(0),
            (won_1 & won_2).eq(0),
            (won_b | won_1 | won_2).eq(deck),
            last.between(0, 2),
        )
    )
    card_lemmas = _card_lemmas((won_b, won_1, won_2))
    if lemmas:
        return partition.implies(card_lemmas)
    thirds = [
        thirds_of(pile) + ite(last.eq(seat), int_val(BONUS), int_val(0))
        for seat, pile in enumerate((won_b, won_1, won_2))
    ]
    return (partition & card_lemmas).implies(sum_of(thirds).eq(HAND_THIRDS) & all_of(t >= 0 for t in thirds))


def _pooled_formula(*, pooled: bool = True) -> Bool:
    """Thirds of B, O1 and O2 (none negative, 35 in all): B's points plus the opponents' make 11.

    The opponents' thirds are added before rounding; ``pooled=False`` (the
    wrong companion) rounds each opponent's separately.
    """
    b, one, two = _three_thirds()
    split = (b >= 0) & (one >= 0) & (two >= 0) & (b + one + two).eq(HAND_THIRDS)
    opponents = points(one + two) if pooled else points(one) + points(two)
    return split.implies((points(b) + opponents).eq(11))


def _describe_three(model: Model) -> str:
    won_b, won_1, won_2, last = _three_piles()
    piles = [model.bv_value(p) for p in (won_b, won_1, won_2)]
    winner = model.int_value(last)
    thirds = [
        sum(card_thirds(c.index) for c in cards_in(p)) + (3 if winner == i else 0)
        for i, p in enumerate(piles)
    ]
    return (
        f"bidder {show_pile(piles[0])}, O1 {show_pile(piles[1])}, O2 {show_pile(piles[2])}; "
        f"trick 12 won by {side_seat(winner)}; thirds {thirds[0]}, {thirds[1]}, {thirds[2]}"
    )


def _describe_pooled(model: Model) -> str:
    b, one, two = (model.int_value(t) for t in _three_thirds())
    return (
        f"thirds: bidder {b}, O1 {one}, O2 {two}; pooled points {b // 3} + {(one + two) // 3} = "
        f"{b // 3 + (one + two) // 3}; rounded separately {b // 3} + {one // 3} + {two // 3} = "
        f"{b // 3 + one // 3 + two // 3}"
    )


def _pooled_obligations(*, pooled: bool = True) -> tuple[Obligation, ...]:
    return (
        Obligation("each card counted in one pile", _three_way_formula(lemmas=True), _describe_three),
        Obligation("the thirds of every three-way split of the deck", _three_way_formula(), _describe_three),
        Obligation("the points of every three-way split of 35 thirds", _pooled_formula(pooled=pooled)),
    )


_POOLED: Final = Family(("calabresella.scoring.rounding",), _describe_pooled, engine=Engine.SMT_CORE)

POOLED_ROUNDING: Final = _POOLED.claim(
    "calabresella/pooled-rounding",
    "For every split of the deck among the bidder and the two opponents and any winner of trick "
    "12 the thirds make 35; and for any such thirds the bidder's points plus the opponents' points, "
    "counted once on their pooled thirds, make 11.",
    _pooled_obligations,
    wrong=_POOLED.claim(
        "calabresella/rounding-each-opponent",
        "The same when each opponent's thirds are rounded separately and then added.",
        lambda: _pooled_obligations(pooled=False),
    ),
)


def _success_formula(*, target: int = 18) -> Bool:
    b = int_var("cal thirds of B")
    o = int_val(HAND_THIRDS) - b
    claim = (points(b) >= 6).iff(b >= target) & exactly_one((points(b) >= 6, points(o) >= 6))
    return b.between(0, HAND_THIRDS).implies(claim)


_SUCCESS: Final = Family(("calabresella.scoring.success", "calabresella.scoring.hand-total"), _describe_total)

SUCCESS: Final = _SUCCESS.claim(
    "calabresella/success",
    "For b in [0, 35]: the bidder has 6 points exactly when b >= 18 thirds, and exactly one side "
    "has 6 points or more, so there is no tie.",
    _success_formula,
    wrong=_SUCCESS.claim(
        "calabresella/success-at-seventeen-thirds",
        "The bidder reaches 6 points from 17 thirds (the remainder rounded up).",
        lambda: _success_formula(target=17),
    ),
)


def _multiplier_formula(*, trick_condition: bool = True) -> Bool:
    s = settlement()
    m = multiplier(s, trick_condition=trick_condition)
    both = s.cappotto & s.stramazzo(trick_condition=trick_condition)
    sweep = s.tricks_b.eq(TRICKS).implies(points(s.thirds).eq(11) & s.success() & m.eq(2))
    swept = (s.reverse & s.tricks_b.eq(0)).implies(points(s.thirds).eq(0) & ~s.success() & m.eq(2))
    return s.played.implies(all_of((~both, m.between(1, 3), sweep, swept)))


def _describe_settlement(model: Model, *, trick_condition: bool = True) -> str:
    s = settlement()
    won_b, tricks = model.bv_value(s.won_b), model.int_value(s.tricks_b)
    return (
        f"bidder won {tricks} tricks{' including trick 12' if model.bool_value(s.last_b) else ''}; pile "
        f"{show_pile(won_b)}; thirds(B) {model.int_value(s.thirds)}; reverse_cappotto="
        f"{'on' if model.bool_value(s.reverse) else 'off'}, stramazzo_basis="
        f"{'thirds' if model.bool_value(s.by_thirds) else 'rounded'}; cappotto "
        f"{model.bool_value(s.cappotto)}, stramazzo "
        f"{model.bool_value(s.stramazzo(trick_condition=trick_condition))}"
    )


_MULTIPLIER: Final = Family(
    ("calabresella.scoring.cappotto", "calabresella.scoring.stramazzo", "calabresella.scoring.success"),
    _describe_settlement,
    engine=Engine.SMT_CORE,
)

MULTIPLIER: Final = _MULTIPLIER.claim(
    "calabresella/cappotto-or-stramazzo",
    "For every pile the bidder can end with (3 cards per trick won, plus the monte with trick "
    "12), under both reverse_cappotto and both stramazzo_basis values: cappotto and stramazzo never both "
    "apply, m is 1, 2 or 3, and taking all 12 tricks gives 11 points, success and m = 2 (taking none, "
    "with reverse cappotto, 0 points, failure and m = 2).",
    _multiplier_formula,
    wrong=_MULTIPLIER.claim(
        "calabresella/stramazzo-without-the-lost-trick",
        "The same, reading stramazzo as all or none of the points whatever the tricks.",
        lambda: _multiplier_formula(trick_condition=False),
        describe=lambda model: _describe_settlement(model, trick_condition=False),
    ),
)


def _payment_formula(*, bidder_share: int = 2) -> Bool:
    stakes = stake_vars()
    contract, raised, m, success = hand_vars()
    value = stake_value(stakes, contract, raised, m)
    net_b, net_1, net_2 = nets(value, success, bidder_share=bidder_share)
    claim = all_of(
        (
            (net_b + net_1 + net_2).eq(0),
            value >= 1,
            net_b.eq(value * 2) | net_b.eq(value * -2),
            net_1.eq(net_2),
            (net_1 * 2).eq(-net_b),
        )
    )
    return (stakes_valid(stakes) & hand_valid(contract, raised, m)).implies(claim)


CONTRACTS: Final = ("Chiamo", "Solo", "Solissimo")
RAISES: Final = ("no raise", "dividete", "scegliete")


def _describe_payment(model: Model, *, bidder_share: int = 2) -> str:
    stakes = [model.int_value(s) for s in stake_vars()]
    contract, raised, m, success = hand_vars()
    c, r, mm = model.int_value(contract), model.int_value(raised), model.int_value(m)
    won = model.bool_value(success)
    value = stakes[c] * RAISE_FACTORS[r] * mm if 0 <= c < 3 and 0 <= r < 3 else 0
    b = value * bidder_share * (1 if won else -1)
    o = -value if won else value
    return (
        f"stakes {stakes[0]},{stakes[1]},{stakes[2]}; {CONTRACTS[c] if 0 <= c < 3 else c}, "
        f"{RAISES[r] if 0 <= r < 3 else r}, m = {mm}, the bidder {'succeeds' if won else 'fails'}: "
        f"V = {value}; "
        f"nets B {b}, O1 {o}, O2 {o} (sum {b + 2 * o})"
    )


_PAYMENT: Final = Family(
    ("calabresella.scoring.payment", "calabresella.bidding.ladder", "calabresella.exchange.solissimo-raise"),
    _describe_payment,
)

PAYMENT_ZERO_SUM: Final = _PAYMENT.claim(
    "calabresella/payments-zero-sum",
    "For every strictly increasing triple of positive stakes, every contract, raise and "
    "multiplier and either outcome: V >= 1, the bidder's net is +2V or -2V, each opponent's is minus half "
    "of it, and the three nets sum to 0.",
    _payment_formula,
    wrong=_PAYMENT.claim(
        "calabresella/payments-bidder-collects-one-stake",
        "The same when the bidder collects (or pays) V once while each opponent pays (or collects) V.",
        lambda: _payment_formula(bidder_share=1),
        describe=lambda model: _describe_payment(model, bidder_share=1),
    ),
)

_DEFAULT_VALUES: Final = (1, 2, 3, 4, 6, 9, 12, 18, 24, 36)


def _ladder_formula(*, cap: int | None = None) -> Bool:
    """The ladder with raises is strictly increasing for any stakes; V takes the listed values by default.

    ``cap`` is the wrong companion: V never exceeds it under the default stakes.
    """
    stakes = stake_vars()
    chiamo, solo, solissimo = stakes
    contract, raised, m, _success = hand_vars()
    zero, one, two = int_val(0), int_val(1), int_val(2)
    dividete = stake_value(stakes, two, one, one)
    scegliete = stake_value(stakes, two, two, one)
    ladder = all_of(
        (
            stake_value(stakes, zero, zero, one).eq(chiamo),
            stake_value(stakes, one, zero, one).eq(solo),
            stake_value(stakes, two, zero, one).eq(solissimo),
            dividete.eq(solissimo * 2),
            scegliete.eq(solissimo * 4),
            chiamo < solo,
            solo < solissimo,
            solissimo < dividete,
            dividete < scegliete,
        )
    )
    defaults = (int_val(DEFAULT_STAKES[0]), int_val(DEFAULT_STAKES[1]), int_val(DEFAULT_STAKES[2]))
    value = stake_value(defaults, contract, raised, m)
    listed = any_of(value.eq(v) for v in _DEFAULT_VALUES) if cap is None else value <= cap
    return stakes_valid(stakes).implies(ladder) & hand_valid(contract, raised, m).implies(listed)


def _describe_ladder(model: Model) -> str:
    contract, raised, m, _success = hand_vars()
    c, r, mm = model.int_value(contract), model.int_value(raised), model.int_value(m)
    value = DEFAULT_STAKES[c] * RAISE_FACTORS[r] * mm if 0 <= c < 3 and 0 <= r < 3 else 0
    return (
        f"default stakes 1,2,3; {CONTRACTS[c] if 0 <= c < 3 else c}, "
        f"{RAISES[r] if 0 <= r < 3 else r}, m = {mm}: V = {value}"
    )


_LADDER: Final = Family(
    ("calabresella.bidding.ladder", "calabresella.exchange.solissimo-raise"), _describe_ladder
)

STAKE_LADDER: Final = _LADDER.claim(
    "calabresella/stake-ladder",
    "For every strictly increasing triple of positive stakes, Chiamo < Solo < Solissimo < "
    "dividete (2x) < scegliete (4x); with the default stakes V is one of 1, 2, 3, 4, 6, 9, 12, 18, 24, 36.",
    _ladder_formula,
    wrong=_LADDER.claim(
        "calabresella/stake-multipliers-do-not-stack",
        "With the default stakes V never exceeds 12, the scegliete value (as if cappotto and "
        "stramazzo did not apply on top of a raise).",
        lambda: _ladder_formula(cap=12),
    ),
)
