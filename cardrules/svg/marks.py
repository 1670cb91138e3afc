"""Marks on a picture: which cards to highlight, in which colour, and how a game's cards are matched.

A caller gives marks as ``{target: colour}`` or as a list of targets (each
then ``"disputed"``); :func:`read_marks` checks them into a :class:`Marks`
value. A target is a card (``Card`` or its text, ``"QS"``), marked wherever it
lies face up, or an action, whose cards are marked where its actor holds or
played them. A colour is a name of :data:`COLOURS` or ``#rgb``/``#rrggbb``.
A game's picture code matches the marks to the cards it draws with
:meth:`Marks.lookup`, reading each target as card names (``data-card``) with
:func:`card_keys` or a reading of its own (Backstab Fish reads ranks).

>>> from cardrules.cards import parse_card
>>> marks = read_marks({parse_card("QS"): "legal", "KH": "#00f"})
>>> lookup = marks.lookup()
>>> lookup.colour("QS", seat=2), lookup.colour("KH", seat=None), lookup.colour("AS", seat=0)
('#2ca02c', '#00f', None)
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, fields, is_dataclass
from types import MappingProxyType
from typing import Final, TypeAlias

from cardrules.cards import Card, parse_card
from cardrules.errors import InvalidArgumentError
from cardrules.game import Action

__all__ = [
    "COLOURS",
    "NO_MARKS",
    "MarkLookup",
    "MarkSpec",
    "MarkTarget",
    "Marks",
    "card_keys",
    "read_colour",
    "read_marks",
]

COLOURS: Final[Mapping[str, str]] = MappingProxyType(
    {
        "disputed": "#d62728",
        "legal": "#2ca02c",
        "red": "#d62728",
        "green": "#2ca02c",
        "blue": "#1f77b4",
        "orange": "#ff7f0e",
        "purple": "#9467bd",
    }
)
"""The colour names a mark may use: ``disputed`` (red) for the action in dispute, ``legal`` (green)."""

_HEX: Final = re.compile(r"#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})")

MarkTarget: TypeAlias = "Card | Action | str"
"""What a mark names: a card, a card's text (``"QS"``) or an action."""

MarkSpec: TypeAlias = (
    "Marks | Mapping[Card | Action | str, str] | Iterable[Card | Action | str] | Card | Action | str | None"
)
"""Marks as given: ``{target: colour}``, targets (each ``"disputed"``), one target, or ``None``."""


def card_keys(target: MarkTarget) -> tuple[str, ...]:
    """The card names (``data-card``) a mark target names: the game-independent reading.

    A card names itself, a text is read as a card (``"Q♠"``, ``"JK"``), an action
    names every card among its fields, however deep (a meld's cards).

    Raises:
        InvalidNotationError: a text that is not a card.
    """
    if isinstance(target, str):
        return (str(parse_card(target, jokers=True)),)
    found: list[str] = []
    _collect(target, found)
    return tuple(found)


def _collect(value: object, found: list[str]) -> None:
    if isinstance(value, Card):
        found.append(str(value))
    elif isinstance(value, tuple):
        for item in value:
            _collect(item, found)
    elif is_dataclass(value) and not isinstance(value, type):
        for f in fields(value):
            _collect(getattr(value, f.name), found)


def read_colour(value: object) -> str:
    """A mark's colour as ``#rrggbb`` (or ``#rgb``): a name of :data:`COLOURS`, or a hex colour.

    Raises:
        InvalidArgumentError: any other value.
    """
    if isinstance(value, str) and value in COLOURS:
        return COLOURS[value]
    if isinstance(value, str) and _HEX.fullmatch(value):
        return value.lower()
    raise InvalidArgumentError(
        f"a mark's colour is one of {', '.join(COLOURS)} or #rgb / #rrggbb, not {value!r}"
    )


@dataclass(frozen=True, slots=True)
class MarkLookup:
    """Marks matched to one game's card names: which colour, if any, a card drawn for a seat gets.

    Attributes:
        colours: ``(seat, key) -> colour``; seat ``None`` matches any seat.
    """

    colours: Mapping[tuple[int | None, str], str]

    def colour(self, key: str, seat: int | None) -> str | None:
        """The colour of the card named ``key`` that belongs to (or was played by) ``seat``, or ``None``."""
        found = self.colours.get((seat, key)) if seat is not None else None
        return found if found is not None else self.colours.get((None, key))


@dataclass(frozen=True, slots=True)
class Marks:
    """Marks as read from the caller: each target with its colour (``#rrggbb``), in the order given.

    The game's picture code matches them to the cards it draws with :meth:`lookup`.
    """

    items: tuple[tuple[Card | Action | str, str], ...] = ()

    def lookup(self, keys_of: Callable[[MarkTarget], tuple[str, ...]] = card_keys) -> MarkLookup:
        """The marks matched by ``keys_of`` (a game's reading of a target as card names).

        An action's cards are marked for its actor only; a card's wherever it is
        face up. When two marks name the same card, the first one given wins.
        """
        colours: dict[tuple[int | None, str], str] = {}
        for target, colour in self.items:
            seat = target.seat if isinstance(target, Action) else None
            for key in keys_of(target):
                colours.setdefault((seat, key), colour)
        return MarkLookup(MappingProxyType(colours))


NO_MARKS: Final = MarkLookup(MappingProxyType({}))
"""A lookup that marks nothing."""


def read_marks(spec: MarkSpec) -> Marks:
    """Marks in any form :data:`MarkSpec` allows, checked: the targets' types and the colours.

    Raises:
        InvalidArgumentError: a target that is not a card, a text or an action, or an unknown colour.
    """
    if spec is None:
        return Marks()
    if isinstance(spec, Marks):
        return spec
    pairs: list[tuple[object, object]]
    if isinstance(spec, (Card, Action, str)):
        pairs = [(spec, "disputed")]
    elif isinstance(spec, Mapping):
        pairs = list(spec.items())
    else:
        pairs = [(target, "disputed") for target in spec]
    items: list[tuple[Card | Action | str, str]] = []
    for target, colour in pairs:
        if not isinstance(target, (Card, Action, str)):
            raise InvalidArgumentError(f"a mark names a card, a card's text or an action, not {target!r}")
        items.append((target, read_colour(colour)))
    return Marks(tuple(items))
