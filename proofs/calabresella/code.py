"""Calabresella's engine code proved for every input: the legal set of the play cardrules computes.

calabresella/code-legal-set proves calabresella.play.lead and
calabresella.play.follow of the engine itself:
:func:`cardrules.games.calabresella.play.playable` equals
:func:`~proofs.calabresella.model.legal_set` (the rules read card by card,
each card's suit taken from :func:`cardrules.cards.card_at`) for every hand
of the game's 40 cards, every trick in progress and both ``follow_suit``
values.

Method: the engine function's own lines run on a z3 bit-vector hand
(:mod:`proofs.symbolic`), through each of its branches. The trick is split
into its cases: empty (the player leads), or led by each of the 40 cards with
one or two cards played (the second symbolic, so the proof shows it is not
read); ``follow_suit`` is split into its two values. Each case and path gives
one implication against the stated set over a symbolic suit led and option,
and one query proves them all.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

import cardrules.games.calabresella.play as engine
from cardrules.cards import card_at
from cardrules.games.calabresella.options import CalabresellaOptions, FollowSuit
from proofs.calabresella.model import (
    DECK_INDICES,
    HAND_BITS,
    NO_LEAD,
    follow_vars,
    led_mask,
    legal_set,
    show_cards,
)
from proofs.claims import Family
from proofs.symbolic import paths
from proofs.z3facade import BitVec, Bool, Model, all_of, bool_val, bv_val, bv_var, ite

__all__ = ["LEGAL_SET_CODE"]

Spec = Callable[[BitVec, BitVec, Bool], BitVec]

_OPTIONS: Final = {value: CalabresellaOptions(follow_suit=value) for value in FollowSuit}
_SUITS: Final = ("clubs", "diamonds", "hearts", "spades")


def _describe(spec: Spec) -> Callable[[Model], str]:
    def describe(model: Model) -> str:
        v = follow_vars()
        hand, led, free = model.bv_value(v.hand), model.bv_value(v.led), model.bool_value(v.free)
        trick = () if led == NO_LEAD else (next(i for i in DECK_INDICES if int(card_at(i).suit) == led),)
        options = _OPTIONS[FollowSuit.FREE if free else FollowSuit.REQUIRED]
        stated = model.bv_value(spec(bv_val(hand, HAND_BITS), bv_val(led, 3), bool_val(free)))
        return "\n".join(
            (
                f"hand: {show_cards(hand)}",
                f"suit led: {'none (leading)' if led == NO_LEAD else _SUITS[led]}; "
                f"follow_suit={options.follow_suit.value}",
                f"playable (the engine): {show_cards(engine.playable(hand, trick, options))}",
                f"legal set as stated: {show_cards(stated)}",
            )
        )

    return describe


def _playable_under(options: CalabresellaOptions) -> Callable[..., int]:
    """The engine's playable under ``options``, its hand and the trick's cards as separate arguments."""
    return lambda hand, *cards: engine.playable(hand, cards, options)


def _formula(spec: Spec) -> Bool:
    """Every path of the engine function, in every case of the trick and option, returns the stated set."""
    v = follow_vars()
    stated = spec(v.hand, v.led, v.free)
    second = bv_var("cal trick card 2", HAND_BITS)
    cases: list[tuple[Bool, tuple[BitVec | int, ...]]] = [(v.led.eq(NO_LEAD), ())]
    for card in DECK_INDICES:
        led = v.led.eq(int(card_at(card).suit))
        cases += [(led, (card,)), (led, (card, second))]
    implications = []
    for value, options in _OPTIONS.items():
        chosen = v.free if value is FollowSuit.FREE else ~v.free
        for case, trick in cases:
            runs = paths(_playable_under(options), (v.hand, *trick), HAND_BITS)
            for run in runs:
                implications.append((chosen & case & run.condition).implies(run.result.eq(stated)))
    return v.domain.implies(all_of(implications))


def _follow_even_when_void(hand: BitVec, led: BitVec, free: Bool) -> BitVec:
    """A misreading: under required, a follower plays only the suit led, void or not."""
    return ite(led.eq(NO_LEAD) | free, hand, hand & led_mask(led))


_CODE: Final = Family(("calabresella.play.lead", "calabresella.play.follow"), _describe(legal_set))

LEGAL_SET_CODE: Final = _CODE.claim(
    "calabresella/code-legal-set",
    "The engine's playable, run on a symbolic hand for an empty trick and for every led card with one or "
    "two cards played, under either follow_suit value, returns on every path the specification's "
    "card-by-card legal set: for every hand of the 40 cards.",
    lambda: _formula(legal_set),
    wrong=_CODE.claim(
        "calabresella/code-legal-set-follow-even-when-void",
        "The same, against a reading where a follower under required plays only the suit led, void or not.",
        lambda: _formula(_follow_even_when_void),
        describe=_describe(_follow_even_when_void),
    ),
)
