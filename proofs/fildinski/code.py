"""Fildinski's engine code proved for every input: the endgame legal set cardrules computes.

fildinski/code-legal-follow proves fildinski.endgame.legal-set and its four
duties of the engine itself: :func:`cardrules.games.fildinski.play.legal_follow`
equals :func:`~proofs.fildinski.model.endgame_legal_spec` (the duties read
card by card from the specification, in the model) for every hand (any set
of the 64 ids), every led card and every trump suit.

Method: the engine function's own lines run on a z3 bit-vector hand
(:mod:`proofs.symbolic`), so the term proved is the one the code computes,
through each of its branches. The led card and the trump are split into their
64 and 4 values, because the function looks up its tables by them: the
formula is one implication per case and path, against the stated set over
symbolic led and trump, so one query covers all 2^64 hands in each of the 256
cases. Unlike the model (:mod:`proofs.fildinski.model` never imports the
engine), this module reads the engine's function at proof time, so a break
test can change the engine and see the proof fail.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

import cardrules.games.fildinski.play as engine
from proofs.claims import Claim
from proofs.fildinski.model import (
    DECK,
    ID_BITS,
    SUIT_NAMES,
    FollowVars,
    endgame_legal_spec,
    follow_vars,
    follower_wins,
    follower_wins_by_ids,
    show_card,
    show_cards,
    trick_vars,
)
from proofs.symbolic import paths
from proofs.z3facade import BitVec, Bool, Model, all_of, bv_val, ite

__all__ = ["LEGAL_FOLLOW_CODE", "TRICK_WINNER_CODE"]

_RULE_IDS: Final = (
    "fildinski.endgame.legal-set",
    "fildinski.endgame.must-follow",
    "fildinski.endgame.must-head",
    "fildinski.endgame.must-trump",
    "fildinski.endgame.free-discard",
)

Spec = Callable[[BitVec, BitVec, BitVec], BitVec]


def _describe(spec: Spec) -> Callable[[Model], str]:
    def describe(model: Model) -> str:
        v = follow_vars()
        hand, led, trump = (model.bv_value(x) for x in (v.hand, v.led, v.trump))
        stated = model.bv_value(spec(bv_val(hand, DECK), bv_val(led, ID_BITS), bv_val(trump, 2)))
        return "\n".join(
            (
                f"follower's hand: {show_cards(hand)}",
                f"led card: {show_card(led)}; trump: {SUIT_NAMES[trump]}",
                f"legal_follow (the engine): {show_cards(engine.legal_follow(hand, led, trump))}",
                f"legal set as stated: {show_cards(stated)}",
            )
        )

    return describe


def _formula(spec: Spec) -> Bool:
    """For each led id and trump, every path of the engine function returns the stated set."""
    v = follow_vars()
    stated = spec(v.hand, v.led, v.trump)
    cases = []
    for led in range(DECK):
        for trump in range(4):
            case = v.led.eq(led) & v.trump.eq(trump)
            for run in paths(engine.legal_follow, (v.hand, led, trump), DECK):
                cases.append((case & run.condition).implies(run.result.eq(stated)))
    return all_of(cases)


def _discard_when_void(hand: BitVec, led: BitVec, trump: BitVec) -> BitVec:
    """A misreading: a follower void in the suit led may discard anything (must-trump forgotten)."""
    of_led = FollowVars(hand, led, trump).of_led
    return ite(of_led.ne(0), endgame_legal_spec(hand, led, trump), hand)


LEGAL_FOLLOW_CODE: Final = Claim(
    "fildinski/code-legal-follow",
    _RULE_IDS,
    lambda: _formula(endgame_legal_spec),
    _describe(endgame_legal_spec),
    statement=(
        "The engine's legal_follow, run on a symbolic hand for each led card and trump, returns on every "
        "path the card-by-card reading of must-follow, must-head, must-trump and free-discard: for all "
        "2^64 hands, 64 led ids and 4 trumps."
    ),
    wrong=Claim(
        "fildinski/code-legal-follow-discard-when-void",
        _RULE_IDS,
        lambda: _formula(_discard_when_void),
        _describe(_discard_when_void),
        statement="The same, against a reading where a follower void in the suit led may discard anything.",
    ),
)


# -- the trick winner ------------------------------------------------------------------------------

Wins = Callable[[BitVec, BitVec, BitVec], Bool]


def _describe_trick(rule: Wins) -> Callable[[Model], str]:
    def describe(model: Model) -> str:
        v = trick_vars()
        led, follower, trump = (model.bv_value(x) for x in (v.led, v.follower, v.trump))
        stated = model.bool_value(rule(bv_val(led, ID_BITS), bv_val(follower, ID_BITS), bv_val(trump, 2)))
        engine_says = engine.follower_wins(led, follower, trump)
        return "\n".join(
            (
                f"trump: {SUIT_NAMES[trump]}; led: {show_card(led)}; followed: {show_card(follower)}",
                f"follower_wins (the engine): {engine_says}; as stated: {stated}",
            )
        )

    return describe


def _trick_formula(rule: Wins) -> Bool:
    """Every path of the engine's follower_wins, all three arguments symbolic, gives the stated winner."""
    v = trick_vars()
    stated = rule(v.led, v.follower, v.trump)
    runs = paths(engine.follower_wins, (v.led, v.follower, v.trump.resize(ID_BITS)), 1)
    return all_of(run.condition.implies(run.result.eq(1).iff(stated)) for run in runs)


TRICK_WINNER_CODE: Final = Claim(
    "fildinski/code-trick-winner",
    ("fildinski.play.trick-winner", "fildinski.deck.ranking"),
    lambda: _trick_formula(follower_wins),
    _describe_trick(follower_wins),
    statement=(
        "The engine's follower_wins (its table of the cards above each kind, so the rank order A, 10, K, "
        "Q, J, 9, 8, 7), run with the led card, the followed card and the trump all symbolic, "
        "says on every path what the rule says: the follower wins with a higher card of the suit led or a "
        "trump on a plain lead, and loses otherwise (an identical card included), for all 64 x 64 x 4 cases."
    ),
    wrong=Claim(
        "fildinski/code-trick-winner-by-id",
        ("fildinski.play.trick-winner", "fildinski.deck.ranking"),
        lambda: _trick_formula(follower_wins_by_ids),
        _describe_trick(follower_wins_by_ids),
        statement="The same, against a reading that compares ids within a suit (so copy 2 beats copy 1).",
    ),
)
