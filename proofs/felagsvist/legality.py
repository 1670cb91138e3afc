"""Félagsvist's legal set: the player to act may lead anything, must follow suit, and is free when void.

Each claim holds for every hand (every subset of the 52 cards) and every suit
led or none. They prove felagsvist.play.lead-any, felagsvist.play.must-follow,
felagsvist.play.void-any and felagsvist.invariant.legal-set-nonempty, and that
the legal set computed by the suit masks equals the rule book's card-by-card
definition.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from proofs.claims import Family
from proofs.felagsvist.model import (
    DEAL_TRICKS,
    HAND_BITS,
    PACK,
    FollowVars,
    follow_vars,
    led_mask,
    legal_set_spec,
    plural,
    show_cards,
    show_led,
)
from proofs.z3facade import BitVec, Bool, Model, bv_val, count

__all__ = ["LEAD_ANY", "LEGAL_SET_DEFINITION", "LEGAL_SET_NONEMPTY", "MUST_FOLLOW", "VOID_ANY"]


def _describe_follow(model: Model, claimed: tuple[str, Callable[[FollowVars], BitVec]] | None = None) -> str:
    v = follow_vars()
    hand, led = model.bv_value(v.hand), model.bv_value(v.led)
    spec = legal_set_spec(v.hand, v.led)
    extra = (
        () if claimed is None else (f"legal set {claimed[0]}: {show_cards(model.bv_value(claimed[1](v)))}",)
    )
    return "\n".join(
        (
            f"hand of the player to act: {show_cards(hand)} ({plural(hand.bit_count(), 'card')})",
            f"suit led: {show_led(led)}",
            f"cards of the suit led in the hand: {show_cards(model.bv_value(v.hand & led_mask(v.led)))}",
            f"legal set (engine): {show_cards(model.bv_value(v.legal))}",
            f"legal set (specification, card by card): {show_cards(model.bv_value(spec))}",
            *extra,
        )
    )


def _every_hand(formula: Callable[[FollowVars], Bool], *, real_hands: bool = False) -> Callable[[], Bool]:
    """The formula for every hand and every suit led (or none).

    With ``real_hands`` (used by wrong companions) only hands of 1 to 13 cards
    count, so the counterexample is a hand a player could hold.
    """

    def build() -> Bool:
        v = follow_vars()
        assumptions = v.domain
        if real_hands:
            size = count(v.hand.bit(i) for i in range(HAND_BITS))
            assumptions = assumptions & size.between(1, DEAL_TRICKS)
        return assumptions.implies(formula(v))

    return build


def _claiming(label: str, legal: Callable[[FollowVars], BitVec]) -> Callable[[Model], str]:
    """The counterexample printer of a wrong companion that asserts the legal set ``legal``."""
    return lambda model: _describe_follow(model, (label, legal))


_NONEMPTY: Final = Family(("felagsvist.invariant.legal-set-nonempty",), _describe_follow)
_LEAD: Final = Family(("felagsvist.play.lead-any",), _describe_follow)
_FOLLOW: Final = Family(("felagsvist.play.must-follow",), _describe_follow)
_VOID: Final = Family(("felagsvist.play.void-any",), _describe_follow)
_DEFINITION: Final = Family(
    (
        "felagsvist.invariant.legal-set-nonempty",
        "felagsvist.play.lead-any",
        "felagsvist.play.must-follow",
        "felagsvist.play.void-any",
    ),
    _describe_follow,
)

LEGAL_SET_NONEMPTY: Final = _NONEMPTY.claim(
    "felagsvist/legal-set-nonempty",
    "For every hand and suit led, a non-empty hand has a non-empty legal set, and every legal card is held.",
    _every_hand(lambda v: v.hand.ne(0).implies(v.legal.ne(0)) & (v.legal & ~v.hand).eq(0)),
    wrong=_NONEMPTY.claim(
        "felagsvist/legal-set-nonempty-without-cards",
        "The legal set is non-empty even when the hand is empty.",
        _every_hand(lambda v: v.legal.ne(0)),
    ),
)

LEAD_ANY: Final = _LEAD.claim(
    "felagsvist/lead-any",
    "When leading, the legal set is the whole hand.",
    _every_hand(lambda v: v.leading.implies(v.legal.eq(v.hand))),
    wrong=_LEAD.claim(
        "felagsvist/anyone-plays-any-card",
        "Not only the leader: every player may play any card of the hand.",
        _every_hand(lambda v: v.legal.eq(v.hand), real_hands=True),
        describe=_claiming("claimed (the whole hand)", lambda v: v.hand),
    ),
)

MUST_FOLLOW: Final = _FOLLOW.claim(
    "felagsvist/must-follow",
    "A follower holding the suit led has exactly the hand's cards of that suit as the legal set.",
    _every_hand(lambda v: (~v.leading & ~v.void).implies(v.legal.eq(v.hand & led_mask(v.led)))),
    wrong=_FOLLOW.claim(
        "felagsvist/must-follow-even-when-void",
        "A follower's legal set is always the hand's cards of the suit led, even when void in it.",
        _every_hand(lambda v: (~v.leading).implies(v.legal.eq(v.hand & led_mask(v.led))), real_hands=True),
        describe=_claiming("claimed (the hand's cards of the suit led)", lambda v: v.hand & led_mask(v.led)),
    ),
)

VOID_ANY: Final = _VOID.claim(
    "felagsvist/void-any",
    "A follower void in the suit led has the whole hand as the legal set.",
    _every_hand(lambda v: (~v.leading & v.void).implies(v.legal.eq(v.hand))),
    wrong=_VOID.claim(
        "felagsvist/void-plays-any-card-of-the-pack",
        "A follower void in the suit led may play any card of the pack, held or not.",
        _every_hand(lambda v: (~v.leading & v.void).implies(v.legal.eq(PACK)), real_hands=True),
        describe=_claiming("claimed (the whole pack)", lambda _v: bv_val(PACK, HAND_BITS)),
    ),
)

_INTERLEAVED: Final = tuple(i % 4 for i in range(HAND_BITS))

LEGAL_SET_DEFINITION: Final = _DEFINITION.claim(
    "felagsvist/legal-set-definition",
    "For every hand and suit led, the legal set as the engine computes it (the suit led's cards, "
    "or the whole hand) equals "
    "the specification's card-by-card definition.",
    _every_hand(lambda v: v.legal.eq(legal_set_spec(v.hand, v.led))),
    wrong=_DEFINITION.claim(
        "felagsvist/legal-set-with-interleaved-suits",
        "The same, with cards numbered rank-major (the suit of card i taken as i mod 4).",
        _every_hand(
            lambda v: v.legal.eq(legal_set_spec(v.hand, v.led, suit_of=_INTERLEAVED)), real_hands=True
        ),
        describe=_claiming(
            "claimed (suit of card i = i mod 4)",
            lambda v: legal_set_spec(v.hand, v.led, suit_of=_INTERLEAVED),
        ),
    ),
)
