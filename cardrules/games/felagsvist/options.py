"""Félagsvist options: the disputed points of the specification as typed choices."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from cardrules.errors import InvalidOptionError
from cardrules.notation import read_seat

__all__ = [
    "FelagsvistOptions",
    "FirstDealer",
    "NoloAce",
    "RoundKind",
    "Scoring",
    "Session",
    "Tiebreak",
]


class RoundKind(Enum):
    """The kind of a deal: four trump rounds, Grand (no trump) and Nóló (no trump, reversed)."""

    HEARTS = "hearts"
    SPADES = "spades"
    GRAND = "grand"
    DIAMONDS = "diamonds"
    CLUBS = "clubs"
    NOLO = "nolo"

    @property
    def label(self) -> str:
        """The name a player reads (``Nóló``, ``Grand``, ``Hearts``)."""
        return "Nóló" if self is RoundKind.NOLO else self.value.capitalize()


class FirstDealer(Enum):
    """Who deals deal 1: drawn from the seed (``random``) or a fixed seat.

    A seat reads as everywhere else: its name (``E``), ``p1`` or ``1``; it is
    written as its name.

    >>> FirstDealer("p1"), FirstDealer(3)
    (<FirstDealer.E: 'E'>, <FirstDealer.W: 'W'>)
    """

    RANDOM = "random"
    N = "N"
    E = "E"
    S = "S"
    W = "W"

    @classmethod
    def _missing_(cls, value: object) -> FirstDealer | None:
        """A seat given as ``p1``, ``1``, a lower-case name or the int 1 (the enum's further spellings)."""
        seats = (cls.N, cls.E, cls.S, cls.W)
        if isinstance(value, int) and not isinstance(value, bool):
            return seats[value] if 0 <= value < 4 else None
        if isinstance(value, str):
            seat = read_seat(value, [seat.value for seat in seats])
            return seats[seat] if seat is not None and 0 <= seat < 4 else None
        return None


class NoloAce(Enum):
    """Whether the ace stays high in Nóló deals (``high``) or ranks below the 2 (``low``)."""

    HIGH = "high"
    LOW = "low"


class Scoring(Enum):
    """One point per trick (``per-trick``) or only tricks beyond six (``odd-tricks``)."""

    PER_TRICK = "per-trick"
    ODD_TRICKS = "odd-tricks"


class Tiebreak(Enum):
    """A tie after deal 12 stands (``none``) or one more deal decides (``play-on``)."""

    NONE = "none"
    PLAY_ON = "play-on"


class Session(Enum):
    """One table of four (``single-table``); ``progressive`` is named only and refused."""

    SINGLE_TABLE = "single-table"
    PROGRESSIVE = "progressive"


@dataclass(frozen=True, slots=True)
class FelagsvistOptions:
    """The options of a Félagsvist game, each with the specification's default."""

    first_round: RoundKind = RoundKind.HEARTS
    first_dealer: FirstDealer = FirstDealer.RANDOM
    nolo_ace: NoloAce = NoloAce.HIGH
    scoring: Scoring = Scoring.PER_TRICK
    tiebreak: Tiebreak = Tiebreak.NONE
    session: Session = Session.SINGLE_TABLE

    def __post_init__(self) -> None:
        if self.session is Session.PROGRESSIVE:
            raise InvalidOptionError(
                "session",
                "felagsvist option session=progressive (club evenings with moving partners) "
                "is not modelled by a single-table engine [felagsvist.seating.partnerships]",
            )
