"""Félagsvist's engine code proved for every input: the legal set cardrules computes.

felagsvist/code-legal-set proves felagsvist.play.lead-any,
felagsvist.play.must-follow and felagsvist.play.void-any of the engine
itself: :func:`cardrules.games.felagsvist.play.playable` equals
:func:`~proofs.felagsvist.model.legal_set_spec` (the three rules read card by
card, each card's suit taken from :func:`cardrules.cards.card_at`) for every
hand (any set of the 52 cards) and every trick in progress.

Method: the engine function's own lines run on a z3 bit-vector hand
(:mod:`proofs.symbolic`), through each of its branches. The trick is split
into its cases: empty (the player leads), or led by each of the 52 cards,
with one, two or three cards played; the cards after the first are symbolic
too, so the proof shows the legal set does not depend on them. Each case and
path gives one implication against the stated set over a symbolic suit led,
and one query proves them all.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

import cardrules.games.felagsvist.play as engine
from cardrules.cards import card_at
from proofs.claims import Family
from proofs.felagsvist.model import (
    HAND_BITS,
    LED_BITS,
    NO_LEAD,
    follow_vars,
    legal_set_spec,
    show_cards,
    show_led,
)
from proofs.symbolic import paths
from proofs.z3facade import BitVec, Bool, Model, all_of, bv_val, bv_var

__all__ = ["LEGAL_SET_CODE"]

Spec = Callable[[BitVec, BitVec], BitVec]

_INTERLEAVED: Final = tuple(i % 4 for i in range(HAND_BITS))


def _first_card_of(suit: int) -> int:
    return next(card for card in range(HAND_BITS) if int(card_at(card).suit) == suit)


def _describe(spec: Spec) -> Callable[[Model], str]:
    def describe(model: Model) -> str:
        v = follow_vars()
        hand, led = model.bv_value(v.hand), model.bv_value(v.led)
        trick = () if led == NO_LEAD else (_first_card_of(led),)
        stated = model.bv_value(spec(bv_val(hand, HAND_BITS), bv_val(led, LED_BITS)))
        return "\n".join(
            (
                f"hand: {show_cards(hand)}",
                f"suit led: {show_led(led)}",
                f"playable (the engine): {show_cards(engine.playable(hand, trick))}",
                f"legal set as stated: {show_cards(stated)}",
            )
        )

    return describe


def _formula(spec: Spec) -> Bool:
    """Every path of the engine function, in every case of the trick, returns the stated set."""
    v = follow_vars()
    stated = spec(v.hand, v.led)
    later = tuple(bv_var(f"trick card {n}", HAND_BITS) for n in (2, 3))
    cases: list[tuple[Bool, tuple[BitVec | int, ...]]] = [(v.led.eq(NO_LEAD), ())]
    for card in range(HAND_BITS):
        for played in range(3):
            cases.append((v.led.eq(int(card_at(card).suit)), (card, *later[:played])))
    implications = []
    for case, trick in cases:
        for run in paths(lambda hand, *cards: engine.playable(hand, cards), (v.hand, *trick), HAND_BITS):
            implications.append((case & run.condition).implies(run.result.eq(stated)))
    return v.led.ule(NO_LEAD).implies(all_of(implications))


_CODE: Final = Family(
    ("felagsvist.play.lead-any", "felagsvist.play.must-follow", "felagsvist.play.void-any"),
    _describe(legal_set_spec),
)

LEGAL_SET_CODE: Final = _CODE.claim(
    "felagsvist/code-legal-set",
    "The engine's playable, run on a symbolic hand for an empty trick and for every led card with one "
    "to three cards played, returns on every path the specification's card-by-card legal set: for all "
    "2^52 hands.",
    lambda: _formula(legal_set_spec),
    wrong=_CODE.claim(
        "felagsvist/code-legal-set-interleaved-suits",
        "The same, against the legal set with cards numbered rank-major (the suit of card i as i mod 4).",
        lambda: _formula(lambda hand, led: legal_set_spec(hand, led, suit_of=_INTERLEAVED)),
        describe=_describe(lambda hand, led: legal_set_spec(hand, led, suit_of=_INTERLEAVED)),
    ),
)
