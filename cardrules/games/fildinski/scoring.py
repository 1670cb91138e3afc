"""Trick-level rules on ids: the trick winner, the endgame legal set and card points.

Everything here works on the ids and bitmasks of
:mod:`cardrules.games.fildinski.deck`, so the engine and the proofs'
refinement tests can call it on millions of tricks.
"""

from __future__ import annotations

from enum import IntEnum
from typing import Final

from cardrules.games.fildinski.deck import SUIT_IDS

__all__ = [
    "Category",
    "follower_wins",
    "higher_in_suit",
    "is_brisque",
    "legal_follow",
]


class Category(IntEnum):
    """The kinds of scoring event of a deal (fildinski.game.deal-end)."""

    TURNED_SEVEN = 0
    """fildinski.deal.turned-seven"""
    BRISQUES = 1
    """fildinski.score.brisques"""
    TRUMP_SEVENS = 2
    """fildinski.score.trump-seven"""
    LAST_TRICK = 3
    """fildinski.score.last-trick"""
    MELDS = 4
    """fildinski.meld.kinds"""
    DIX = 5
    """fildinski.dix.exchange (from_hand only)"""


_HIGHER: Final[tuple[int, ...]] = tuple(
    ((0xFFFF << (2 * (strength + 1))) & 0xFFFF) << (16 * suit) for suit in range(4) for strength in range(8)
)


def higher_in_suit(led: int) -> int:
    """The ids of the led card's suit whose strength is strictly higher than its own."""
    return _HIGHER[led >> 1]


def follower_wins(led: int, follow: int, trump: int) -> bool:
    """fildinski.play.trick-winner: whether the follower's card beats the led card.

    The follower wins with a higher card of the suit led, or with a trump on a
    non-trump lead; otherwise (identical cards included) the leader wins.

    >>> from cardrules.games.fildinski.scoring import follower_wins
    >>> follower_wins(0, 1, 3)  # the two 7s of clubs: the first played wins
    False
    """
    led_suit = led >> 4
    follow_suit = follow >> 4
    if follow_suit == led_suit:
        return (follow >> 1) & 7 > (led >> 1) & 7
    return follow_suit == trump


def legal_follow(hand: int, led: int, trump: int) -> int:
    """fildinski.endgame.legal-set: the endgame follower's legal cards (an id bitmask).

    The higher cards of the suit led if any (must-head), else the cards of that
    suit (must-follow), else the trumps (must-trump), else the whole hand
    (free-discard). Never empty when the hand is not.
    """
    same = hand & SUIT_IDS[led >> 4]
    if same:
        higher = same & _HIGHER[led >> 1]
        return higher if higher else same
    trumps = hand & SUIT_IDS[trump]
    return trumps if trumps else hand


def is_brisque(card: int) -> bool:
    """Whether an id is an ace or a ten (fildinski.score.brisques)."""
    return (card >> 1) & 7 >= 6
