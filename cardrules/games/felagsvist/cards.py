"""The Félagsvist pack as small ints: suit masks, suit names and card strengths.

Félagsvist plays one standard 52-card pack (felagsvist.cards.pack). A card is
its :attr:`cardrules.cards.Card.index` (``13 * suit + rank - 2``), so its suit is
``index // 13``; a set of cards is an int bitmask over those indices.

>>> bin(SUIT_MASKS[1]).count("1"), SUIT_NAMES[1], PRETTY[11], pretty_cards(0b1000000000101)
(13, 'diamonds', 'K♣', '2♣ 4♣ A♣')
>>> strength_table(RoundKind.NOLO, NoloAce.LOW)[12], strength_table(RoundKind.NOLO, NoloAce.HIGH)[12]
(-1, 12)
"""

from __future__ import annotations

from typing import Final

from cardrules.cards import STANDARD_DECK, Rank
from cardrules.games.felagsvist.options import NoloAce, RoundKind

__all__ = ["PRETTY", "SUIT_MASKS", "SUIT_NAMES", "pretty_cards", "strength_table"]

SUIT_MASKS: Final[tuple[int, int, int, int]] = (0x1FFF, 0x1FFF << 13, 0x1FFF << 26, 0x1FFF << 39)
"""The bitmask of each suit's 13 cards, indexed by suit number (:class:`~cardrules.cards.Suit`)."""

SUIT_NAMES: Final[tuple[str, str, str, str]] = ("clubs", "diamonds", "hearts", "spades")
"""The suit names a player reads, indexed by suit number."""

PRETTY: Final[tuple[str, ...]] = tuple(card.pretty() for card in STANDARD_DECK)
"""The form a player reads of each card index (``Q♠``, ``10♥``), from :meth:`cardrules.cards.Card.pretty`."""


def pretty_cards(mask: int) -> str:
    """The cards of a bitmask in index order, as a player reads them (``2♣ 4♣ A♣``)."""
    names = []
    while mask:
        low = mask & -mask
        names.append(PRETTY[low.bit_length() - 1])
        mask ^= low
    return " ".join(names)


_ACE_HIGH: Final[tuple[int, ...]] = tuple(i % 13 for i in range(52))
_ACE_LOW: Final[tuple[int, ...]] = tuple(-1 if i % 13 == Rank.ACE - 2 else i % 13 for i in range(52))


def strength_table(kind: RoundKind, nolo_ace: NoloAce) -> tuple[int, ...]:
    """The strength of each card index within its suit, higher beating lower (felagsvist.cards.rank-order).

    The ace is high everywhere, except that ``nolo_ace=low`` puts it below the 2
    in Nóló deals. Cards of different suits are never compared by strength.
    """
    if kind is RoundKind.NOLO and nolo_ace is NoloAce.LOW:
        return _ACE_LOW
    return _ACE_HIGH
