"""Calabresella's play: following suit and the trick winner.

calabresella/follow-suit proves calabresella.play.lead and
calabresella.play.follow for every hand and suit led under either
``follow_suit`` option; calabresella/trick-winner proves
calabresella.play.trick-winner for every three distinct cards.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from cardrules.cards import Suit
from proofs.calabresella.model import (
    NO_LEAD,
    FollowVars,
    TrickVars,
    follow_vars,
    led_mask,
    show_card,
    show_cards,
    strength_of,
    suit_number,
    trick_vars,
    trick_wins,
)
from proofs.claims import Family
from proofs.z3facade import Bool, Model, all_of, exactly_one

__all__ = ["FOLLOW_SUIT", "TRICK_WINNER", "describe_trick"]


def _describe_follow(model: Model) -> str:
    v = follow_vars()
    led = model.bv_value(v.led)
    led_text = (
        "nothing (the player to act leads)" if led == NO_LEAD else Suit(led).letter if led < 4 else str(led)
    )
    free = model.bool_value(v.free)
    return "\n".join(
        (
            f"hand of the player to act: {show_cards(model.bv_value(v.hand))}",
            f"suit led: {led_text}; follow_suit={'free' if free else 'required'}",
            f"cards of the suit led in the hand: {show_cards(model.bv_value(v.of_led))}",
            f"legal set: {show_cards(model.bv_value(v.legal))}",
        )
    )


def _every_hand(formula: Callable[[FollowVars], Bool]) -> Bool:
    v = follow_vars()
    return v.domain.implies(formula(v))


def _follow_holds(v: FollowVars) -> Bool:
    legal, hand = v.legal, v.hand
    off_suit = legal & ~led_mask(v.led)
    return all_of(
        (
            (legal & ~hand).eq(0),
            hand.ne(0).implies(legal.ne(0)),
            v.led.eq(NO_LEAD).implies(legal.eq(hand)),
            v.free.implies(legal.eq(hand)),
            (~v.free & v.led.ne(NO_LEAD) & v.of_led.ne(0)).implies(legal.eq(v.of_led)),
            (~v.free & v.led.ne(NO_LEAD) & off_suit.ne(0)).implies(v.of_led.eq(0)),
        )
    )


_FOLLOW: Final = Family(("calabresella.play.lead", "calabresella.play.follow"), _describe_follow)

FOLLOW_SUIT: Final = _FOLLOW.claim(
    "calabresella/follow-suit",
    "For every hand and suit led, under either follow_suit option: the legal set lies in the hand and is "
    "not empty when the hand is not; a leader may lead anything; under required a player holding the suit "
    "led may play only that suit, so a card off the suit led is played only by a player void in it.",
    lambda: _every_hand(_follow_holds),
    wrong=_FOLLOW.claim(
        "calabresella/follow-suit-even-when-void",
        "Under required, a follower may only ever play the suit led, void or not.",
        lambda: _every_hand(
            lambda v: (~v.free & v.led.ne(NO_LEAD) & v.hand.ne(0)).implies(v.legal.eq(v.of_led))
        ),
    ),
)


def describe_trick(model: Model) -> str:
    """A counterexample of the trick claims: the three cards and the winner."""
    v = trick_vars()
    cards = [model.bv_value(card) for card in v.cards]
    wins = [i for i, win in enumerate(trick_wins(v)) if model.bool_value(win)]
    names = ("the leader", "the second player", "the third player")
    shown = ", ".join(show_card(card) for card in cards)
    winner = "; ".join(f"{names[i]} with {show_card(cards[i])}" for i in wins) or "no card"
    return f"trick, in order of play: {shown}; winner by the specification: {winner}"


def _winner_formula(v: TrickVars) -> Bool:
    wins = trick_wins(v)
    suits = [suit_number(card) for card in v.cards]
    strengths = [strength_of(card) for card in v.cards]
    led_suit = all_of(wins[i].implies(suits[i].eq(suits[0])) for i in range(3))
    beats = all_of(
        wins[i].implies(suits[j].ne(suits[0]) | strengths[i].ugt(strengths[j]))
        for i in range(3)
        for j in range(3)
        if i != j
    )
    return exactly_one(wins) & led_suit & beats


def _strongest_wins(v: TrickVars) -> Bool:
    wins, loose = trick_wins(v), trick_wins(v, ignore_suit=True)
    return all_of(wins[i].iff(loose[i]) for i in range(3))


_WINNER: Final = Family(("calabresella.play.trick-winner",), describe_trick)

TRICK_WINNER: Final = _WINNER.claim(
    "calabresella/trick-winner",
    "For any three distinct cards, exactly one wins the trick: it is of the suit led and no other "
    "card of that suit in the trick outranks it.",
    lambda: trick_vars().domain.implies(_winner_formula(trick_vars())),
    wrong=_WINNER.claim(
        "calabresella/strongest-card-wins",
        "The strongest card of the trick wins, whatever its suit.",
        lambda: trick_vars().domain.implies(_strongest_wins(trick_vars())),
    ),
)
