"""Fildinski's tricks: who wins one, and the card points it gives.

fildinski/trick-winner proves fildinski.play.trick-winner and
fildinski.deck.ranking for every ordered pair of distinct ids and every trump;
fildinski/trick-points proves fildinski.score.brisques and
fildinski.score.trump-seven for every trick and both ``trump_seven_points``
values.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from proofs.claims import Family
from proofs.fildinski.model import (
    SUIT_NAMES,
    TrickVars,
    card_value,
    follower_wins,
    follower_wins_by_ids,
    show_card,
    strength_of,
    suit_of,
    trick_key,
    trick_points,
    trick_vars,
)
from proofs.z3facade import Bool, Model, all_of, bv_var

__all__ = ["TRICK_POINTS", "TRICK_WINNER"]


def _describe_trick(model: Model) -> str:
    v = trick_vars()
    led, follower, trump = (model.bv_value(x) for x in (v.led, v.follower, v.trump))
    spec = model.bool_value(follower_wins(v.led, v.follower, v.trump))
    return "\n".join(
        (
            f"trump: {SUIT_NAMES[trump]}",
            f"led: {show_card(led)}; followed: {show_card(follower)}",
            f"winner by fildinski.play.trick-winner: {'the follower' if spec else 'the leader'}",
        )
    )


def _every_trick(formula: Callable[[TrickVars], Bool]) -> Bool:
    v = trick_vars()
    return v.led.ne(v.follower).implies(formula(v))


def _highest_wins(v: TrickVars) -> Bool:
    by_key = trick_key(v.follower, v.led, v.trump).ugt(trick_key(v.led, v.led, v.trump))
    twins = strength_of(v.led).eq(strength_of(v.follower)) & suit_of(v.led).eq(suit_of(v.follower))
    return follower_wins(v.led, v.follower, v.trump).iff(by_key) & twins.implies(
        ~follower_wins(v.led, v.follower, v.trump)
    )


_WINNER: Final = Family(("fildinski.play.trick-winner", "fildinski.deck.ranking"), _describe_trick)

TRICK_WINNER: Final = _WINNER.claim(
    "fildinski/trick-winner",
    "For every ordered pair of distinct ids and every trump suit, the rule's winner is the highest "
    "trump in the trick, or with no trump the highest card of the suit led (A, 10, K, Q, J, 9, 8, 7), "
    "and of two cards of one kind the leader's wins.",
    lambda: _every_trick(_highest_wins),
    wrong=_WINNER.claim(
        "fildinski/trick-winner-by-id",
        "The same winner, comparing ids instead of ranks within a suit (so copy 2 beats copy 1).",
        lambda: _every_trick(
            lambda v: follower_wins(v.led, v.follower, v.trump).iff(
                follower_wins_by_ids(v.led, v.follower, v.trump)
            )
        ),
    ),
)


def _describe_trick_points(model: Model) -> str:
    v = trick_vars()
    led, follower, trump = (model.bv_value(x) for x in (v.led, v.follower, v.trump))
    captured = model.bool_value(_captured_var())
    won = model.bool_value(follower_wins(v.led, v.follower, v.trump))
    points = trick_points(
        v.led, v.follower, v.trump, follower_wins(v.led, v.follower, v.trump), _captured_var()
    )
    doubled = trick_points(
        v.led, v.follower, v.trump, follower_wins(v.led, v.follower, v.trump), _captured_var(), both_ways=True
    )
    values = [model.int_value(card_value(card, v.trump)) for card in (v.led, v.follower)]
    return "\n".join(
        (
            f"trump: {SUIT_NAMES[trump]}; trump_seven_points = {'captured' if captured else 'played'}",
            f"led: {show_card(led)} (worth {values[0]}); "
            f"followed: {show_card(follower)} (worth {values[1]}); "
            f"won by the {'follower' if won else 'leader'}",
            f"points by the rules: leader {model.int_value(points[0])}, "
            f"follower {model.int_value(points[1])}",
            f"points if a trump 7 scored both ways: leader {model.int_value(doubled[0])}, "
            f"follower {model.int_value(doubled[1])}",
        )
    )


def _captured_var() -> Bool:
    return bv_var("captured", 1).eq(1)


def _trick_points_formula(*, both_ways: bool) -> Bool:
    v = trick_vars()
    won = follower_wins(v.led, v.follower, v.trump)
    lead, follow = trick_points(v.led, v.follower, v.trump, won, _captured_var(), both_ways=both_ways)
    total = card_value(v.led, v.trump) + card_value(v.follower, v.trump)
    each = all_of((x >= 0) & x.mod(10).eq(0) for x in (lead, follow))
    return v.led.ne(v.follower).implies((lead + follow).eq(total) & each)


_TRICK_POINTS: Final = Family(
    ("fildinski.score.brisques", "fildinski.score.trump-seven"), _describe_trick_points
)

TRICK_POINTS: Final = _TRICK_POINTS.claim(
    "fildinski/trick-points",
    "For every trick of two distinct ids, every trump and either trump_seven_points value, the two players "
    "together score exactly the card values of its two cards (10 per A, 10 and trump 7), each in multiples "
    "of 10.",
    lambda: _trick_points_formula(both_ways=False),
    wrong=_TRICK_POINTS.claim(
        "fildinski/trick-points-seven-both-ways",
        "The same, when a trump 7 scores for the player who played it and again for the trick's winner.",
        lambda: _trick_points_formula(both_ways=True),
    ),
)
