"""Calabresella options: the disputed points of the specification as typed choices.

Every option but ``stakes`` is an enum whose values are the specification's
spellings. ``stakes`` is a strictly increasing triple of positive integers (the
Chiamo, Solo and Solissimo stakes) written as text, ``"1,2,3"`` by default, so
that it travels through command lines and records as one plain value.

>>> CalabresellaOptions(stakes="2, 4, 8").stake_values
(2, 4, 8)
>>> parse_stakes("3,2,1")
Traceback (most recent call last):
...
cardrules.errors.InvalidOptionError: calabresella option stakes takes a strictly increasing triple \
of positive integers such as 1,2,3; not '3,2,1'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from enum import Enum
from types import MappingProxyType
from typing import Final

from cardrules.errors import InvalidOptionError
from cardrules.options import build_options, field_types, option_key, options_as_dict, whole_number
from cardrules.text import echo

__all__ = [
    "DEFAULT_OPTIONS",
    "DEFAULT_OPTION_TEXTS",
    "Auction",
    "CalabresellaOptions",
    "Direction",
    "FollowSuit",
    "OpeningLead",
    "RedealDealer",
    "ReturnTiming",
    "ReverseCappotto",
    "SolissimoRaises",
    "SoloMonte",
    "StramazzoBasis",
    "options_from",
    "parse_stakes",
]


class Direction(Enum):
    """Turn order (D1): ``counterclockwise`` makes next(s) = s + 1 mod 3, ``clockwise`` s + 2 mod 3."""

    COUNTERCLOCKWISE = "counterclockwise"
    CLOCKWISE = "clockwise"


class Auction(Enum):
    """The auction (D2): ``open`` overcalling until settled, or ``single-round`` (one call each)."""

    OPEN = "open"
    SINGLE_ROUND = "single-round"


class FollowSuit(Enum):
    """Following suit (D4): ``required`` when able, or ``free`` (the seed's text)."""

    REQUIRED = "required"
    FREE = "free"


class OpeningLead(Enum):
    """The first lead (D5): ``eldest`` (the bidder in Solissimo) or always the ``bidder``."""

    ELDEST = "eldest"
    BIDDER = "bidder"


class ReturnTiming(Enum):
    """When the called card is repaid (D6): ``after-monte`` or ``before-monte``."""

    AFTER_MONTE = "after-monte"
    BEFORE_MONTE = "before-monte"


class SoloMonte(Enum):
    """Whether the monte taken in Solo is shown to all (D7): ``exposed`` or ``hidden``."""

    EXPOSED = "exposed"
    HIDDEN = "hidden"


class SolissimoRaises(Enum):
    """Whether the Solissimo bidder may raise to dividete or scegliete (D8): ``on`` or ``off``."""

    ON = "on"
    OFF = "off"


class ReverseCappotto(Enum):
    """Whether the opponents taking all 12 tricks is cappotto too (D9): ``on`` or ``off``."""

    ON = "on"
    OFF = "off"


class StramazzoBasis(Enum):
    """What "all the points" means for stramazzo (D10): ``rounded`` points or raw ``thirds``."""

    ROUNDED = "rounded"
    THIRDS = "thirds"


class RedealDealer(Enum):
    """Who deals after an all-pass hand (D11): the ``next`` player or the ``same`` one."""

    NEXT = "next"
    SAME = "same"


def _bad_stakes(value: object) -> InvalidOptionError:
    return InvalidOptionError(
        "stakes",
        "calabresella option stakes takes a strictly increasing triple of positive integers "
        f"such as 1,2,3; not {echo(value)}",
    )


def parse_stakes(value: object) -> tuple[int, int, int]:
    """Read the ``stakes`` option: text such as ``"1,2,3"`` (commas or spaces, brackets
    allowed) or a sequence of three ints; the three must be positive and strictly increasing.

    Raises:
        InvalidOptionError: anything else, naming the option ``stakes``.
    """
    parts: list[object]
    if isinstance(value, str) and len(value) <= 200:
        text = value.strip().strip("()[]").replace(",", " ")
        parts = list(text.split())
    elif isinstance(value, (tuple, list)) and len(value) <= 3:
        parts = list(value)
    else:
        raise _bad_stakes(value)
    numbers: list[int] = []
    for part in parts:
        number = whole_number(part)
        if number is None:
            raise _bad_stakes(value)
        numbers.append(number)
    if len(numbers) != 3 or numbers[0] < 1 or not numbers[0] < numbers[1] < numbers[2]:
        raise _bad_stakes(value)
    return numbers[0], numbers[1], numbers[2]


@dataclass(frozen=True, slots=True)
class CalabresellaOptions:
    """The options of a Calabresella game, each with the specification's default.

    Attributes:
        direction: turn order (calabresella.deal.direction).
        auction: the form of the auction (calabresella.bidding.order, calabresella.bidding.end).
        stakes: the Chiamo, Solo and Solissimo stakes as canonical text ``"a,b,c"``
            (calabresella.bidding.ladder); :attr:`stake_values` gives the ints.
        follow_suit: calabresella.play.follow.
        opening_lead: calabresella.play.opening-lead.
        return_timing: calabresella.exchange.return.
        solo_monte: calabresella.exchange.take-monte (Solo only).
        solissimo_raises: calabresella.exchange.solissimo-raise.
        reverse_cappotto: calabresella.scoring.cappotto.
        stramazzo_basis: calabresella.scoring.stramazzo.
        redeal_dealer: calabresella.deal.rotation after an all-pass hand.
    """

    direction: Direction = Direction.COUNTERCLOCKWISE
    auction: Auction = Auction.OPEN
    stakes: str = "1,2,3"
    follow_suit: FollowSuit = FollowSuit.REQUIRED
    opening_lead: OpeningLead = OpeningLead.ELDEST
    return_timing: ReturnTiming = ReturnTiming.AFTER_MONTE
    solo_monte: SoloMonte = SoloMonte.EXPOSED
    solissimo_raises: SolissimoRaises = SolissimoRaises.ON
    reverse_cappotto: ReverseCappotto = ReverseCappotto.ON
    stramazzo_basis: StramazzoBasis = StramazzoBasis.ROUNDED
    redeal_dealer: RedealDealer = RedealDealer.NEXT

    def __post_init__(self) -> None:
        a, b, c = parse_stakes(self.stakes)
        object.__setattr__(self, "stakes", f"{a},{b},{c}")

    @property
    def stake_values(self) -> tuple[int, int, int]:
        """The Chiamo, Solo and Solissimo stakes as ints."""
        a, b, c = self.stakes.split(",")
        return int(a), int(b), int(c)


DEFAULT_OPTIONS: Final = CalabresellaOptions()
"""Every option at its default."""

DEFAULT_OPTION_TEXTS: Final[Mapping[str, str | int]] = MappingProxyType(options_as_dict(DEFAULT_OPTIONS))
"""The defaults as a record writes them: every option by its name, with its canonical text (read-only)."""

_TYPES: Final = field_types(CalabresellaOptions)
"""The field types of the options, worked out once for :func:`build_options`."""


def options_from(given: Mapping[str, object]) -> CalabresellaOptions:
    """Build the options from names and values (strings, enum members, or a triple for ``stakes``).

    Raises:
        InvalidOptionError: an unknown option or a value it does not take.
    """
    if not given or given == DEFAULT_OPTION_TEXTS:  # none, or a record's at the defaults: nothing to read
        return DEFAULT_OPTIONS
    rest: dict[str, object] = {}
    stakes: str | None = None
    for name, value in given.items():
        if option_key(name) == "stakes":
            if stakes is not None:
                raise InvalidOptionError(name, f"calabresella option stakes is given twice ({name!r} too)")
            a, b, c = parse_stakes(value)
            stakes = f"{a},{b},{c}"
        else:
            rest[name] = value
    options = build_options(CalabresellaOptions, "calabresella", rest, _TYPES)
    if stakes is not None:
        options = replace(options, stakes=stakes)
    return options
