"""Backstab Fish options: the number of players and the disputed points as typed choices.

Every option has the specification's default. ``players`` is a whole number
from 4 to 10. ``stall_limit`` is a positive whole number or ``none`` (the
literal game, which need not end); left out, it is 100 times the number of
players, so :func:`parse_options` handles it itself rather than through the
core's :func:`~cardrules.options.build_options`, which knows plain ints only.

>>> options = parse_options({"players": "6", "give": "all-of-rank"})
>>> options.players, options.stall_limit, options.give.value
(6, 600, 'all-of-rank')
>>> parse_options({"stall-limit": "none"}).stall_limit is None
True
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum
from types import MappingProxyType
from typing import Final

from cardrules.errors import InvalidOptionError
from cardrules.options import build_options, field_types, option_key, whole_number
from cardrules.text import echo

__all__ = [
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "BackstabFishOptions",
    "Deck",
    "EmptyTarget",
    "FinalLayDown",
    "Give",
    "LayDownRule",
    "parse_options",
]

GAME: Final = "backstab_fish"
MIN_PLAYERS: Final = 4
MAX_PLAYERS: Final = 10
STALL_PER_PLAYER: Final = 100
"""The default stall limit is this many turns per player (backstab_fish.end.stall-limit)."""


class Deck(Enum):
    """The deck (backstab_fish.setup.deck): two packs, two packs and four jokers, or one pack."""

    DOUBLE = "double"
    DOUBLE_JOKERS = "double-jokers"
    SINGLE = "single"


class Give(Enum):
    """What a target holding enough cards hands over (backstab_fish.answer.give)."""

    EXACT = "exact"
    """Exactly the count asked for."""
    ALL_OF_RANK = "all-of-rank"
    """Every card of the rank the target holds."""


class EmptyTarget(Enum):
    """Whether a player with no cards may be asked (backstab_fish.ask.target)."""

    FORBIDDEN = "forbidden"
    ALLOWED = "allowed"


class LayDownRule(Enum):
    """Whether laying down sets is the asker's choice or automatic (backstab_fish.sets.lay-down)."""

    OPTIONAL = "optional"
    COMPULSORY = "compulsory"


class FinalLayDown(Enum):
    """Whether sets still in hand are laid down when the game ends (backstab_fish.end.final-lay-down)."""

    ON = "on"
    OFF = "off"


@dataclass(frozen=True, slots=True)
class BackstabFishOptions:
    """The options of a Backstab Fish game, each with the specification's default.

    Attributes:
        players: N, from 4 to 10 (backstab_fish.setup.players).
        deck: the deck (backstab_fish.setup.deck).
        give: what a granted ask hands over (backstab_fish.answer.give).
        empty_target: whether an empty hand may be asked (backstab_fish.ask.target).
        lay_down: optional or compulsory lay-down (backstab_fish.sets.lay-down).
        stall_limit: K, the number of unproductive turns in a row that ends the
            game, or ``None`` for no limit (backstab_fish.end.stall-limit). The
            default ``0`` stands for 100 x ``players`` and is replaced by that
            number when the options are made, so a built value is never 0.
        final_lay_down: whether hands are laid down at the end
            (backstab_fish.end.final-lay-down).
    """

    players: int = MIN_PLAYERS
    deck: Deck = Deck.DOUBLE
    give: Give = Give.EXACT
    empty_target: EmptyTarget = EmptyTarget.FORBIDDEN
    lay_down: LayDownRule = LayDownRule.OPTIONAL
    stall_limit: int | None = 0
    final_lay_down: FinalLayDown = FinalLayDown.ON

    def __post_init__(self) -> None:
        players = self.players
        if type(players) is not int or not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise InvalidOptionError(
                "players",
                f"{GAME} option players takes a whole number from {MIN_PLAYERS} to {MAX_PLAYERS}; "
                f"not {echo(players)} [backstab_fish.setup.players]",
            )
        limit = self.stall_limit
        if limit is None:
            return
        if type(limit) is not int or limit < 0:
            raise InvalidOptionError("stall_limit", _stall_message(limit))
        if limit == 0:
            object.__setattr__(self, "stall_limit", STALL_PER_PLAYER * players)

    @property
    def copies(self) -> tuple[int, ...]:
        """C_r for each rank code 0..13 (2, 3, ..., K, A, then the joker rank); 0 if the deck lacks it."""
        return _COPIES[self.deck]

    @property
    def deck_size(self) -> int:
        """D, the number of cards in the deck."""
        return sum(self.copies)

    @property
    def hand_size(self) -> int:
        """h, the cards dealt to each player: 7, or 5 with one pack and eight or more players."""
        return 5 if self.deck is Deck.SINGLE and self.players >= 8 else 7

    def as_dict(self) -> dict[str, str | int]:
        """Every option as a plain value, in field order (``stall_limit`` ``none`` when unlimited)."""
        return {
            "players": self.players,
            "deck": self.deck.value,
            "give": self.give.value,
            "empty_target": self.empty_target.value,
            "lay_down": self.lay_down.value,
            "stall_limit": "none" if self.stall_limit is None else self.stall_limit,
            "final_lay_down": self.final_lay_down.value,
        }


_COPIES: Final[Mapping[Deck, tuple[int, ...]]] = MappingProxyType(
    {
        Deck.DOUBLE: (8,) * 13 + (0,),
        Deck.DOUBLE_JOKERS: (8,) * 13 + (4,),
        Deck.SINGLE: (4,) * 13 + (0,),
    }
)


def _stall_message(value: object) -> str:
    return (
        f"{GAME} option stall_limit takes a positive whole number or none; not {echo(value)} "
        "[backstab_fish.end.stall-limit]"
    )


def _stall_value(value: object) -> int | None:
    """``stall_limit`` as given (an int, a numeral, ``none`` or ``None``) as K or ``None``."""
    if value is None:
        return None
    if isinstance(value, str) and value.strip().lower() == "none":
        return None
    number = whole_number(value)
    if number is not None and number > 0 and (isinstance(value, str) or type(value) is int):
        return number
    raise InvalidOptionError("stall_limit", _stall_message(value))


_TYPES: Final = field_types(BackstabFishOptions)
"""The field types of the options, worked out once for :func:`build_options`."""


def parse_options(given: Mapping[str, object]) -> BackstabFishOptions:
    """Build the options from names (hyphens or underscores) and values (strings or typed values).

    Raises:
        InvalidOptionError: an unknown option, an option given twice, or a value it does not take.
    """
    rest: dict[str, object] = {}
    seen: dict[str, str] = {}
    stall: tuple[bool, int | None] = (False, None)
    for raw_name, value in given.items():
        name = option_key(raw_name)
        if name in seen:
            raise InvalidOptionError(
                raw_name, f"{GAME} option {echo(name)} is given twice ({echo(seen[name])} too)"
            )
        seen[name] = raw_name
        if name == "stall_limit":
            stall = (True, _stall_value(value))
        else:
            rest[raw_name] = value
    options = build_options(BackstabFishOptions, GAME, rest, _TYPES)
    given_stall, limit = stall
    if given_stall:
        options = dataclasses.replace(options, stall_limit=limit)
    return options
