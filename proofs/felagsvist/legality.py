"""LEGALITY"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from proofs.claims import Claim
from proofs.felagsvist.model import (
    _FULL,
    DEAL_TRICKS,
    HAND_BITS,
    FollowVars,
    _plural,
    _show_cards,
    _show_led,
    follow_vars,
    led_mask,
    legal_set_spec,
)
from proofs.z3facade import BitVec, Bool, Model, bv_val, count

__all__ = ["LEAD_ANY", "LEGAL_SET_DEFINITION", "LEGAL_SET_NONEMPTY", "MUST_FOLLOW", "VOID_ANY"]


def _describe_follow(model: Model, claimed: tuple[str, Callable[[FollowVars], BitVec]] | None = None) -> str:
    v = follow_vars()
    hand, led = model.bv_value(v.hand), model.bv_value(v.led)
    spec = legal_set_spec(v.hand, v.led)
    extra = (
        () if claimed is None else (f"legal set {claimed[0]}: {_show_cards(model.bv_value(claimed[1](v)))}",)
    )
    return "\n".join(
        (
            f"hand of the player to act: {_show_cards(hand)} ({_plural(hand.bit_count(), 'card')})",
            f"suit led: {_show_led(led)}",
            f"cards of the suit led in the hand: {_show_cards(model.bv_value(v.hand & led_mask(v.led)))}",
            f"legal set (engine): {_show_cards(model.bv_value(v.legal))}",
            f"legal set (specification, card by card): {_show_cards(model.bv_value(spec))}",
            *extra,
        )
    )


def _legal_claim(
    name: str,
    rule_ids: tuple[str, ...],
    statement: str,
    formula: Callable[[FollowVars], Bool],
    *,
    wrong: Claim | None = None,
    real_hands: bool = False,
    claimed: tuple[str, Callable[[FollowVars], BitVec]] | None = None,
) -> Claim:
    """A claim about every hand and every suit led (or none).

    With ``real_hands`` (used by wrong companions) only hands of 1 to 13 cards
    count, so the counterexample is a hand a player could hold. ``claimed``
    names the legal set a wrong companion asserts, for its counterexample.
    """

    def build() -> Bool:
        v = follow_vars()
        assumptions = v.domain
        if real_hands:
            size = count(v.hand.bit(i) for i in range(HAND_BITS))
            assumptions = assumptions & size.between(1, DEAL_TRICKS)
        return assumptions.implies(formula(v))

    def describe(model: Model) -> str:
        return _describe_follow(model, claimed)

    return Claim(name, rule_ids, build, describe, statement=statement, wrong=wrong)


LEGAL_SET_NONEMPTY: Final = _legal_claim(
    "felagsvist/legal-set-nonempty",
    ("felagsvist.invariant.legal-set-nonempty",),
    "For every hand and suit led, a non-empty hand has a non-empty legal set, and every legal card is held.",
    lambda v: v.hand.ne(0).implies(v.legal.ne(0)) & (v.legal & ~v.hand).eq(0),
    wrong=_legal_claim(
        "felagsvist/legal-set-nonempty-without-cards",
        ("felagsvist.invariant.legal-set-nonempty",),
        "The legal set is non-empty even when the hand is empty.",
        lambda v: v.legal.ne(0),
    ),
)

LEAD_ANY: Final = _legal_claim(
    "felagsvist/lead-any",
    ("felagsvist.play.lead-any",),
    "When leading, the legal set is the whole hand.",
    lambda v: v.leading.implies(v.legal.eq(v.hand)),
    wrong=_legal_claim(
        "felagsvist/anyone-plays-any-card",
        ("felagsvist.play.lead-any",),
        "Not only the leader: every player may play any card of the hand.",
        lambda v: v.legal.eq(v.hand),
        real_hands=True,
        claimed=("claimed (the whole hand)", lambda v: v.hand),
    ),
)

MUST_FOLLOW: Final = _legal_claim(
    "felagsvist/must-follow",
    ("felagsvist.play.must-follow",),
    "A follower holding the suit led has exactly the hand's cards of that suit as the legal set.",
    lambda v: (~v.leading & ~v.void).implies(v.legal.eq(v.hand & led_mask(v.led))),
    wrong=_legal_claim(
        "felagsvist/must-follow-even-when-void",
        ("felagsvist.play.must-follow",),
        "A follower's legal set is always the hand's cards of the suit led, even when void in it.",
        lambda v: (~v.leading).implies(v.legal.eq(v.hand & led_mask(v.led))),
        real_hands=True,
        claimed=("claimed (the hand's cards of the suit led)", lambda v: v.hand & led_mask(v.led)),
    ),
)

VOID_ANY: Final = _legal_claim(
    "felagsvist/void-any",
    ("felagsvist.play.void-any",),
    "A follower void in the suit led has the whole hand as the legal set.",
    lambda v: (~v.leading & v.void).implies(v.legal.eq(v.hand)),
    wrong=_legal_claim(
        "felagsvist/void-plays-any-card-of-the-pack",
        ("felagsvist.play.void-any",),
        "A follower void in the suit led may play any card of the pack, held or not.",
        lambda v: (~v.leading & v.void).implies(v.legal.eq(_FULL)),
        real_hands=True,
        claimed=("claimed (the whole pack)", lambda _v: bv_val(_FULL, HAND_BITS)),
    ),
)

_INTERLEAVED: Final = tuple(i % 4 for i in range(HAND_BITS))

LEGAL_SET_DEFINITION: Final = _legal_claim(
    "felagsvist/legal-set-definition",
    (
        "felagsvist.invariant.legal-set-nonempty",
        "felagsvist.play.lead-any",
        "felagsvist.play.must-follow",
        "felagsvist.play.void-any",
    ),
    "For every hand and suit led, the engine's legal set (follow_set over SUIT_MASKS) equals "
    "the specification's card-by-card definition.",
    lambda v: v.legal.eq(legal_set_spec(v.hand, v.led)),
    wrong=_legal_claim(
        "felagsvist/legal-set-with-interleaved-suits",
        (
            "felagsvist.invariant.legal-set-nonempty",
            "felagsvist.play.lead-any",
            "felagsvist.play.must-follow",
            "felagsvist.play.void-any",
        ),
        "The same, with cards numbered rank-major (the suit of card i taken as i mod 4).",
        lambda v: v.legal.eq(legal_set_spec(v.hand, v.led, suit_of=_INTERLEAVED)),
        real_hands=True,
        claimed=(
            "claimed (suit of card i = i mod 4)",
            lambda v: legal_set_spec(v.hand, v.led, suit_of=_INTERLEAVED),
        ),
    ),
)
