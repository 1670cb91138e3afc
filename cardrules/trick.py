"""What the trick-taking games share: follow sets and trick winners.

Cards are the indices of :attr:`cardrules.cards.Card.index` and sets of cards
are int bitmasks over them, so these functions are cheap enough for engines
that run millions of tricks.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

__all__ = ["SUIT_MASKS", "follow_set", "suit_of", "trick_winner"]

SUIT_MASKS: Final[tuple[int, int, int, int]] = tuple(0x1FFF << (13 * s) for s in range(4))  # type: ignore[assignment]
"""The bitmask of each suit's 13 cards, indexed by :class:`~cardrules.cards.Suit`."""


def suit_of(card: int) -> int:
    """The suit number of a card index."""
    return card // 13


def follow_set(hand: int, led_suit: int | None) -> int:
    """The cards a player may play when the suit led must be followed if possible.

    ``led_suit`` is ``None`` for the leader, who may play anything. A player
    holding the suit led must play one of those cards; a player void in it may
    play any card. The result is empty only when the hand is.
    """
    if led_suit is None:
        return hand
    same = hand & SUIT_MASKS[led_suit]
    return same if same else hand


def trick_winner(cards: Sequence[int], trump: int | None, strength: Sequence[int]) -> int:
    """The position (0 = the lead) of the card that wins a complete trick.

    The highest trump wins if any trump was played; otherwise the highest card
    of the suit led. ``strength[card]`` orders cards within a suit (higher
    wins); cards of other suits never win. Equal cards cannot occur here.
    """
    best = 0
    best_card = cards[0]
    for position in range(1, len(cards)):
        card = cards[position]
        suit = card // 13
        best_suit = best_card // 13
        if suit == best_suit:
            if strength[card] > strength[best_card]:
                best, best_card = position, card
        elif suit == trump:
            best, best_card = position, card
    return best
