"""Tables over card bitmasks, for the hot paths of the Félagsvist ending: suits and counts.

``int.bit_count`` is a method call to compiled code (it boxes the int, looks
the method up and calls it), and the ending counts cards at nearly every
position the search visits; a table read is cheaper compiled and as cheap in
CPython.
"""

from __future__ import annotations

from typing import Final

__all__ = ["ONES", "SUIT"]

ONES: Final = tuple(mask.bit_count() for mask in range(1 << 13))
"""``ONES[mask]``: how many of one suit's 13 bits ``mask`` sets (``mask`` below ``1 << 13``)."""

SUIT: Final = tuple(0x1FFF << 13 * (card // 13) for card in range(52))
"""``SUIT[card]``: the cards of the card's suit, as a bitmask of card indices."""
