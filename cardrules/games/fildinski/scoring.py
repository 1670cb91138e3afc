"""Points and settlement: card points, the scored melds and dix, deal scores and the end of the game.

A deal's points are a flat tuple, ``points[2 * category + seat]`` for each
:class:`Category`, so that every scoring event adds to one slot. Card points
work on the ids of :mod:`cardrules.games.fildinski.cards`; meld values are the
meld table's (:data:`~cardrules.games.fildinski.melds.MELD_POINTS`).

>>> from cardrules.games.fildinski.scoring import game_ends, seat_totals
>>> seat_totals((10, 0, 20, 30, 0, 0, 0, 10, 40, 0, 0, 0))
(70, 40)
>>> game_ends((510, 510), 500), game_ends((510, 480), 500)
(False, True)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import IntEnum
from typing import Final

from cardrules.frozen import fast_constructor
from cardrules.games.fildinski.cards import DEAL_TRICKS, STOCK_TRICKS, cards_of, strength_of
from cardrules.games.fildinski.melds import MeldKind
from cardrules.games.fildinski.options import FildinskiOptions, LastTrickBonus, TrumpSevenPoints
from cardrules.notation import format_seat

__all__ = [
    "BRISQUE_POINTS",
    "DIX_POINTS",
    "LAST_TRICKS",
    "LAST_TRICK_POINTS",
    "NO_POINTS",
    "SCORING_IDS",
    "TRUMP_SEVEN_POINTS",
    "TURNED_SEVEN_POINTS",
    "Category",
    "DealSummary",
    "DixEvent",
    "MeldEvent",
    "add_points",
    "game_ends",
    "game_winner",
    "is_brisque",
    "make_meld_event",
    "opening_points",
    "score_melds",
    "score_trick",
    "seat_totals",
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


NO_POINTS: Final[tuple[int, ...]] = (0,) * (2 * len(Category))
"""A deal's points before anything is scored."""

TURNED_SEVEN_POINTS: Final = 10
"""fildinski.deal.turned-seven: what the dealer scores when the turn-up is a 7."""
BRISQUE_POINTS: Final = 10
"""fildinski.score.brisques: what each ace and ten scores its trick's winner."""
TRUMP_SEVEN_POINTS: Final = 10
"""fildinski.score.trump-seven: what each trump 7 scores."""
LAST_TRICK_POINTS: Final = 10
"""fildinski.score.last-trick: the bonus for the last trick."""
DIX_POINTS: Final = 10
"""fildinski.dix.exchange: what the dix scores under ``dix_exchange = from_hand``."""


@dataclass(frozen=True, slots=True)
class MeldEvent:
    """A scored meld: who made it, its kind, its cards (an id bitmask) and the trick it followed."""

    seat: int
    kind: MeldKind
    cards: int
    trick: int

    def __str__(self) -> str:
        cards = " ".join(str(c) for c in cards_of(self.cards))
        return f"{format_seat(self.seat)} {self.kind.label} {cards} (trick {self.trick})"


make_meld_event: Final[Callable[[int, MeldKind, int, int], MeldEvent]] = fast_constructor(MeldEvent)
"""Build a :class:`MeldEvent` from valid fields, skipping ``__init__`` (for the meld step)."""


@dataclass(frozen=True, slots=True)
class DixEvent:
    """A dix exchange: who made it, the trump 7 given (an id), the former turn-up taken, the trick."""

    seat: int
    seven: int
    taken: int
    trick: int


@dataclass(frozen=True, slots=True)
class DealSummary:
    """What a finished deal scored, and how.

    Attributes:
        points: the deal's points, ``points[2 * category + seat]`` (see :class:`Category`).
        melds: the deal's meld history.
        dix: the deal's dix, or ``None``.
        trump: the deal's trump suit number.
    """

    points: tuple[int, ...]
    melds: tuple[MeldEvent, ...]
    dix: DixEvent | None
    trump: int

    @property
    def scores(self) -> tuple[int, int]:
        """Each seat's deal score."""
        return seat_totals(self.points)


def seat_totals(points: tuple[int, ...]) -> tuple[int, int]:
    """fildinski.game.deal-end: each seat's deal score, the sum of its points in every category."""
    return sum(points[0::2]), sum(points[1::2])


# The members the transitions read, once: an enum member read off its class costs more.
_BRISQUES: Final = Category.BRISQUES
_TRUMP_SEVENS: Final = Category.TRUMP_SEVENS
_LAST_TRICK: Final = Category.LAST_TRICK
_MELDS: Final = Category.MELDS
_BRISQUE_SLOT: Final = 2 * int(_BRISQUES)
"""``points[_BRISQUE_SLOT + seat]`` is ``seat``'s brisques (and likewise for the two slots below)."""
_SEVEN_SLOT: Final = 2 * int(_TRUMP_SEVENS)
_LAST_SLOT: Final = 2 * int(_LAST_TRICK)
_PLAYED: Final = TrumpSevenPoints.PLAYED
_STOCK_END: Final = LastTrickBonus.STOCK_END


def add_points(points: tuple[int, ...], category: Category, seat: int, amount: int) -> tuple[int, ...]:
    """``points`` with ``amount`` more for ``seat`` in ``category``."""
    out = list(points)  # a list and back: faster than slicing the tuple around the slot
    out[2 * category + seat] += amount
    return tuple(out)


def score_melds(points: tuple[int, ...], seat: int, kinds: Sequence[MeldKind]) -> tuple[int, ...]:
    """fildinski.meld.kinds: ``points`` after ``seat`` melds ``kinds``, each scoring its value at once."""
    gained = 0
    for kind in kinds:
        gained += kind.points
    return add_points(points, _MELDS, seat, gained)


def is_brisque(card: int) -> bool:
    """Whether an id is an ace or a ten (fildinski.score.brisques)."""
    return (card >> 1) & 7 >= 6


_BRISQUE_POINTS: Final = bytes(BRISQUE_POINTS if is_brisque(card) else 0 for card in range(64))
"""What each id scores its trick's winner (fildinski.score.brisques), from :func:`is_brisque`."""


def opening_points(turnup: int, dealer: int) -> tuple[int, ...]:
    """A deal's points before the first lead: fildinski.deal.turned-seven (10 to the dealer for a 7)."""
    if strength_of(turnup) == 0:
        return add_points(NO_POINTS, Category.TURNED_SEVEN, dealer, TURNED_SEVEN_POINTS)
    return NO_POINTS


def score_trick(
    points: tuple[int, ...],
    trick: tuple[int, int],
    leader: int,
    winner: int,
    trump: int,
    options: FildinskiOptions,
    number: int,
) -> tuple[int, ...]:
    """``points`` after trick ``number`` (the led card, then the follower's) is won by ``winner``.

    fildinski.score.brisques: 10 to the winner for each ace and ten.
    fildinski.score.trump-seven: 10 for each trump 7, to its player (``played``)
    or to the winner (``captured``). fildinski.score.last-trick: 10 to the
    winner of trick 32 (``final``) or of trick 24 (``stock_end``).
    """
    led, follow = trick
    brisques = _BRISQUE_POINTS[led] + _BRISQUE_POINTS[follow]
    seven = 8 * trump
    led_seven = led >> 1 == seven
    follow_seven = follow >> 1 == seven
    last = number == (STOCK_TRICKS if options.last_trick_bonus is _STOCK_END else DEAL_TRICKS)
    if not (brisques or led_seven or follow_seven or last):
        return points  # shared when the trick scores nothing
    out = list(points)  # one list for every slot the trick changes (as add_points does for one)
    out[_BRISQUE_SLOT + winner] += brisques
    if led_seven or follow_seven:
        played = options.trump_seven_points is _PLAYED
        if led_seven:
            out[_SEVEN_SLOT + (leader if played else winner)] += TRUMP_SEVEN_POINTS
        if follow_seven:
            out[_SEVEN_SLOT + (1 - leader if played else winner)] += TRUMP_SEVEN_POINTS
    if last:
        out[_LAST_SLOT + winner] += LAST_TRICK_POINTS
    return tuple(out)


LAST_TRICKS: Final = (STOCK_TRICKS, DEAL_TRICKS)
"""The tricks a last-trick bonus can go to (fildinski.score.last-trick, under either option)."""
SCORING_IDS: Final[tuple[int, ...]] = tuple(
    sum(1 << card for card in range(64) if is_brisque(card) or card >> 1 == 8 * trump) for trump in range(4)
)
"""For each trump, the ids that score when played to a trick: the aces, the tens and the trump 7s.

A trick without one of them, other than the 24th and the 32nd (the only ones
a last-trick bonus can go to), scores nothing: :func:`score_trick` gives its
points back unchanged, and the card play's transition does not ask it.
"""


def game_ends(totals: tuple[int, int], target: int) -> bool:
    """fildinski.game.target and fildinski.game.both-past-target: whether the game ends with these totals.

    It ends after a deal at whose end a total reaches the target, unless the
    totals are level (then another deal is played).
    """
    return max(totals) >= target and totals[0] != totals[1]


def game_winner(totals: tuple[int, int]) -> int:
    """The seat with the higher total (fildinski.game.target; never a tie at the end)."""
    return 0 if totals[0] > totals[1] else 1
