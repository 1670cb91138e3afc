"""Pieces of the games' observation vectors: a pack's different cards and their slots, one-hots, counts.

Each game's ``encoding`` module builds its vectors from these (see
:mod:`cardrules.agents`): a card's *slot* is its place among the different
cards of the pack, in index order, so a doubled pack has as many slots as a
single one, and a block of counts per seat is counted from the observing seat.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType

from cardrules.cards import Card

__all__ = ["card_counts", "card_slots", "cards_by_seat", "distinct_cards", "one_hot", "relative_seat"]


def distinct_cards(pack: Sequence[Card]) -> tuple[Card, ...]:
    """The different cards of ``pack`` (a pack may hold two equal copies), in index order.

    >>> import cardrules
    >>> len(distinct_cards(cardrules.get_game("fildinski").pack()))
    32
    """
    return tuple(sorted(set(pack), key=lambda card: card.index))


def card_slots(pack: Sequence[Card]) -> Mapping[Card, int]:
    """Each different card of ``pack`` and its place in :func:`distinct_cards` (read-only)."""
    return MappingProxyType({card: slot for slot, card in enumerate(distinct_cards(pack))})


def one_hot(index: int | None, size: int) -> list[float]:
    """``size`` zeros with a one at ``index`` (all zeros for ``None`` or an index outside).

    >>> one_hot(1, 3), one_hot(None, 2)
    ([0.0, 1.0, 0.0], [0.0, 0.0])
    """
    values = [0.0] * size
    if index is not None and 0 <= index < size:
        values[index] = 1.0
    return values


def card_counts(cards: Sequence[Card], slots: Mapping[Card, int]) -> list[float]:
    """How many of each different card ``cards`` holds, by slot (a pack's :func:`card_slots`)."""
    values = [0.0] * len(slots)
    for card in cards:
        values[slots[card]] += 1.0
    return values


def cards_by_seat(
    plays: Sequence[tuple[int, Card]], seat: int, players: int, slots: Mapping[Card, int]
) -> list[float]:
    """The cards of ``plays`` in one block per seat, counted from ``seat`` (its own block first)."""
    width = len(slots)
    values = [0.0] * (players * width)
    for player, card in plays:
        values[(player - seat) % players * width + slots[card]] += 1.0
    return values


def relative_seat(player: int, seat: int, players: int) -> int | None:
    """``player`` counted from ``seat`` (0 is ``seat`` itself), or ``None`` for no seat (terminal)."""
    return (player - seat) % players if 0 <= player < players else None
