"""Fildinski's game: who deals, when the game ends, and the one-off bonuses.

fildinski/dealer-alternation proves fildinski.game.dealer-alternation and
fildinski.deal.first-lead; fildinski/game-end proves fildinski.game.target,
fildinski.game.both-past-target and fildinski.game.score-sheet;
fildinski/dix-once proves fildinski.dix.once and fildinski.deal.turned-seven.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from proofs.claims import Family
from proofs.fildinski.conservation import indicator
from proofs.z3facade import Bool, Int, Model, all_of, bool_val, bv_var, int_var

__all__ = ["DEALER_ALTERNATION", "FIXED_BONUSES", "GAME_END", "seven_after_dix"]


# -- dealers, the end of the game and the one-off bonuses -------------------------------


def _dealer(first: Int, deal: Int) -> Int:
    """fildinski.game.dealer-alternation: the dealer of deal ``n`` (from 1) is ``first + n - 1`` mod 2."""
    return (first + deal - 1).mod(2)


def _describe_dealers(model: Model, gap: int) -> str:
    first, deal = int_var("first dealer"), int_var("deal")
    n = model.int_value(deal)
    return (
        f"first dealer p{model.int_value(first)}; "
        f"deal {n} dealt by p{model.int_value(_dealer(first, deal))}, "
        f"deal {n + gap} by p{model.int_value(_dealer(first, deal + gap))}"
    )


def _dealer_formula(gap: int) -> Bool:
    first, deal = int_var("first dealer"), int_var("deal")
    domain = first.between(0, 1) & (deal >= 1)
    leader = 1 - _dealer(first, deal)
    alternates = _dealer(first, deal + gap).ne(_dealer(first, deal))
    return domain.implies(alternates & leader.ne(_dealer(first, deal)) & leader.between(0, 1))


_DEALERS: Final = Family(
    ("fildinski.game.dealer-alternation", "fildinski.deal.first-lead"),
    lambda model: _describe_dealers(model, 1),
)

DEALER_ALTERNATION: Final = _DEALERS.claim(
    "fildinski/dealer-alternation",
    "For every first dealer and every deal n, deal n + 1 has the other dealer, and the non-dealer leads "
    "trick 1.",
    lambda: _dealer_formula(1),
    wrong=_DEALERS.claim(
        "fildinski/dealer-alternation-two-apart",
        "Deals two apart also have different dealers.",
        lambda: _dealer_formula(2),
        describe=lambda model: _describe_dealers(model, 2),
    ),
)


def _game_vars() -> tuple[Int, Int, Int]:
    return int_var("total p0"), int_var("total p1"), int_var("target")


def _describe_game(model: Model) -> str:
    t0, t1, target = (model.int_value(x) for x in _game_vars())
    return f"totals at the end of a deal: p0 {t0}, p1 {t1}; target {target}"


def _game_formula(ends: Callable[[Int, Int, Int], Bool]) -> Bool:
    t0, t1, target = _game_vars()
    domain = all_of(
        (t0 >= 0, t1 >= 0, target >= 10, t0.mod(10).eq(0), t1.mod(10).eq(0), target.mod(10).eq(0))
    )
    over = ends(t0, t1, target)
    winner_higher = over.implies((t0 > t1) | (t1 > t0))
    winner_past = over.implies(((t0 > t1) & (t0 >= target)) | ((t1 > t0) & (t1 >= target)))
    goes_on = (~over & ((t0 >= target) | (t1 >= target))).implies(t0.eq(t1))
    # fildinski.game.score-sheet: a deal score (a sum of positive multiples of 10, or 0) is added.
    deal = int_var("deal score p0")
    added = ((deal >= 0) & deal.mod(10).eq(0)).implies((t0 + deal >= t0) & (t0 + deal).mod(10).eq(0))
    return domain.implies(winner_higher & winner_past & goes_on & added)


def _game_ends(t0: Int, t1: Int, target: Int) -> Bool:
    """fildinski.game.target, checked at the end of a deal: over once a total reaches it and they differ."""
    return ((t0 >= target) | (t1 >= target)) & t0.ne(t1)


_END: Final = Family(
    ("fildinski.game.target", "fildinski.game.both-past-target", "fildinski.game.score-sheet"), _describe_game
)

GAME_END: Final = _END.claim(
    "fildinski/game-end",
    "For every pair of totals and every target (multiples of 10), a game that ends at the end of a deal "
    "ends with a strictly higher total at or past the target, whoever crossed it first; with a total past "
    "the target the game goes on only when the totals are equal; adding a deal score never lowers a total "
    "and keeps it a multiple of 10.",
    lambda: _game_formula(_game_ends),
    wrong=_END.claim(
        "fildinski/game-end-first-to-target",
        "The same, if the game ended as soon as a total reached the target.",
        lambda: _game_formula(lambda t0, t1, target: (t0 >= target) | (t1 >= target)),
    ),
)


def _describe_bonuses(model: Model) -> str:
    turned = model.bool_value(bv_var("turn-up is a 7", 1).eq(1))
    first, second = (model.bool_value(bv_var(f"dix {i}", 1).eq(1)) for i in (1, 2))
    return f"dealt turn-up a 7: {turned}; first dix made: {first}; second dix made: {second}"


def seven_after_dix(turned: Bool, dix: Bool) -> Bool:
    """fildinski.dix.once: the turn-up is a 7 once it was dealt one, or once a dix put the trump 7 there."""
    return turned | dix


def _bonus_formula(*, check_turnup: bool) -> Bool:
    """The turn-up through a deal: a 7 at the deal, then each dix makes it a 7."""
    turned = bv_var("turn-up is a 7", 1).eq(1)
    first, second = (bv_var(f"dix {i}", 1).eq(1) for i in (1, 2))
    seven_now = seven_after_dix(turned, first)
    allowed = (first.implies(~turned) & second.implies(~seven_now)) if check_turnup else bool_val(True)
    points = indicator(turned) * 10 + indicator(first) * 10 + indicator(second) * 10
    return allowed.implies(~(first & second) & (points <= 10))


_BONUSES: Final = Family(("fildinski.dix.once", "fildinski.deal.turned-seven"), _describe_bonuses)

FIXED_BONUSES: Final = _BONUSES.claim(
    "fildinski/dix-once",
    "Since a dix needs a turn-up that is not a 7 and leaves a 7 as the turn-up, a deal has at most one "
    "dix, never together with a turned 7: turned-seven bonus plus dix points are at most 10.",
    lambda: _bonus_formula(check_turnup=True),
    wrong=_BONUSES.claim(
        "fildinski/dix-once-without-turnup-check",
        "The same, if a dix did not need the turn-up to be other than a 7.",
        lambda: _bonus_formula(check_turnup=False),
    ),
)
