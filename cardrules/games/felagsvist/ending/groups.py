"""The legal cards of a Félagsvist ending split into groups of equivalent cards (one of each is searched).

:func:`legal_groups` runs at every position the exact search visits, so it
works on the ending's bitmasks directly.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from cardrules.games.felagsvist.ending.bits import SUIT

if TYPE_CHECKING:
    from cardrules.games.felagsvist.ending.model import FelagsvistEnding

__all__ = ["follow", "legal_groups"]

_SHIFT: Final = (0, *(13 * ((length - 1) // 13) for length in range(1, 53)))
"""``_SHIFT[card + 1]``: the index of the first card of the card's suit (read by a mask's bit length)."""


def follow(hand: int, trick: tuple[int, ...]) -> int:
    """The cards of ``hand`` that may be played to ``trick``, as a bitmask (the engine's ``playable``).

    The rule of :func:`~cardrules.games.felagsvist.play.playable`
    (felagsvist.play.lead-any, felagsvist.play.must-follow,
    felagsvist.play.void-any), written once more here so that the compiled
    search reads it without calling back into the interpreter at every
    position; ``test_follow_is_the_engine_rule`` holds it to the engine's.
    """
    if not trick:
        return hand
    same = hand & SUIT[trick[0]]
    return same if same else hand


def legal_groups(ending: FelagsvistEnding) -> tuple[list[int], dict[int, int]]:
    """The legal cards split into groups of equivalent ones, suit by suit (clubs first).

    Each group stands as its highest card index; with the list of them
    comes, for each group of more than one card, its cards as a bitmask
    under that card.

    Cards of one hand and one suit are equivalent when no card still in
    play elsewhere (another hand, the trick) lies between them in
    strength: they win and lose against the same cards from now on. A
    suit with a legal card has all the hand's cards of that suit legal.
    Within a suit the groups come weakest first, in strength order (the
    Nóló order reads a follower's groups so).
    """
    hands = ending.hands
    hand = hands[ending.seat]
    trick = ending.trick
    legal = follow(hand, trick)
    if not legal & legal - 1:  # one legal card (a fifth of the searched positions)
        return [legal.bit_length() - 1], {}
    others = ending.in_hand ^ hand | ending.played
    ace_low = ending.rules.ace_low
    cards: list[int] = []
    ties: dict[int, int] = {}
    while legal:
        shift = _SHIFT[(legal & -legal).bit_length()]  # the lowest suit with a legal card
        mine = legal >> shift & 0x1FFF
        legal ^= mine << shift
        # the places in strength order no card in play elsewhere takes: a group is the cards
        # of ours in one run of them, and adding our lowest card to them carries through its run
        free = others >> shift & 0x1FFF ^ 0x1FFF
        if ace_low:  # rotate and unrotate written out: this runs at every position searched
            mine = (mine & 0xFFF) << 1 | mine >> 12
            free = (free & 0xFFF) << 1 | free >> 12
            while mine:
                group = mine & ~(free + (mine & -mine))
                mine ^= group
                group = (group >> 1 | (group & 1) << 12) << shift
                card = group.bit_length() - 1
                cards.append(card)
                if group & group - 1:
                    ties[card] = group
        else:
            while mine:
                group = mine & ~(free + (mine & -mine))
                mine ^= group
                card = group.bit_length() - 1 + shift
                cards.append(card)
                if group & group - 1:
                    ties[card] = group << shift
    return cards, ties
