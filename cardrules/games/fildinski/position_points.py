"""The points of a Fildinski position: the earlier deals and their totals, and this deal's points.

:func:`~cardrules.games.fildinski.position_check.checked_state` asks these
checks of a position read: each earlier deal a possible deal of the game, the
totals their sum (:func:`check_past`), and this deal's points, category by
category, those its history gives (:func:`check_turned_seven`,
:func:`check_points`). Every score is the scoring module's named constant.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from cardrules.games.fildinski.dix import EXCHANGE, ONCE
from cardrules.games.fildinski.options import DixExchange
from cardrules.games.fildinski.position_history import card_text
from cardrules.games.fildinski.scoring import (
    BRISQUE_POINTS,
    DIX_POINTS,
    LAST_TRICK_POINTS,
    NO_POINTS,
    TRUMP_SEVEN_POINTS,
    TURNED_SEVEN_POINTS,
    Category,
    game_ends,
    opening_points,
    score_trick,
)
from cardrules.position import PositionReader

if TYPE_CHECKING:
    from cardrules.games.fildinski.position_check import Sections
    from cardrules.games.fildinski.position_copies import Tok

__all__ = ["CATEGORY_NAMES", "CATEGORY_RULES", "check_past", "check_points", "check_turned_seven"]

CATEGORY_NAMES: Final[tuple[str, ...]] = tuple(c.name.lower().replace("_", "-") for c in Category)
"""The point categories as positions name them, in :class:`~.scoring.Category` order."""

CATEGORY_RULES: Final[tuple[str, ...]] = (
    "fildinski.deal.turned-seven",
    "fildinski.score.brisques",
    "fildinski.score.trump-seven",
    "fildinski.score.last-trick",
    "fildinski.meld.kinds",
    "fildinski.dix.exchange",
)
"""The rule each point category reflects, in :class:`~.scoring.Category` order."""

_BRISQUES: Final = 16 * BRISQUE_POINTS
"""What the aces and tens of a deal score (the dix from a trick may take one away, as a turn-up)."""
_SEVENS: Final = 2 * TRUMP_SEVEN_POINTS
"""What the two trump 7s of a deal score (the dix from a trick may bring the turn-up's in a third time)."""


def check_past(reader: PositionReader, read: Sections) -> None:
    """The earlier deals, each a possible deal of the game, and the totals they add up to."""
    if len(read.past) != read.number - 1:
        reader.problem(
            "past", f"deal {read.number} follows {read.number - 1} earlier deals, not {len(read.past)}"
        )
        return
    options = read.options
    from_trick = options.dix_exchange is DixExchange.FROM_TRICK
    running = (0, 0)
    for number, summary in enumerate(read.past, start=1):
        where = f"deal {number}"
        p = summary.points
        dealer = (read.dealer + read.number - number) % 2

        def both(category: Category, p: tuple[int, ...] = p) -> int:
            return p[2 * category] + p[2 * category + 1]

        if p[2 * Category.TURNED_SEVEN + 1 - dealer]:
            reader.problem(
                "past",
                f"{where}: only its dealer, p{dealer}, scores a turned seven",
                "fildinski.deal.turned-seven",
            )
        if (
            both(Category.TURNED_SEVEN) > TURNED_SEVEN_POINTS
            or both(Category.DIX) > DIX_POINTS
            or both(Category.TURNED_SEVEN) + both(Category.DIX) > max(TURNED_SEVEN_POINTS, DIX_POINTS)
        ):
            reader.problem(
                "past", f"{where}: a deal has one turned seven or one dix, worth {DIX_POINTS}", ONCE
            )
        if from_trick and both(Category.DIX):
            reader.problem(
                "past", f"{where}: with dix_exchange = from_trick the dix scores nothing", EXCHANGE
            )
        if both(Category.LAST_TRICK) != LAST_TRICK_POINTS:
            reader.problem(
                "past",
                f"{where}: the last trick is worth {LAST_TRICK_POINTS} once a deal",
                "fildinski.score.last-trick",
            )
        if both(Category.BRISQUES) not in (
            (_BRISQUES - BRISQUE_POINTS, _BRISQUES) if from_trick else (_BRISQUES,)
        ):
            reader.problem(
                "past",
                f"{where}: the aces and tens of a deal are worth {_BRISQUES}",
                "fildinski.score.brisques",
            )
        if both(Category.TRUMP_SEVENS) not in (
            (_SEVENS, _SEVENS + TRUMP_SEVEN_POINTS) if from_trick else (_SEVENS,)
        ):
            reader.problem(
                "past",
                f"{where}: the trump sevens of a deal are worth {_SEVENS}",
                "fildinski.score.trump-seven",
            )
        a, b = summary.scores
        running = (running[0] + a, running[1] + b)
        if game_ends(running, options.target_score):
            reader.problem(
                "past", f"the game ended after {where} ({running[0]}-{running[1]})", "fildinski.game.target"
            )
    if running != read.totals:
        reader.problem(
            "totals",
            f"the totals are {read.totals[0]}-{read.totals[1]}, "
            f"but the earlier deals add up to {running[0]}-{running[1]}",
            "fildinski.game.score-sheet",
        )


def check_turned_seven(reader: PositionReader, read: Sections, turnup: Tok | None) -> None:
    """The dealer's turned-seven points, against the deal's turn-up (fildinski.deal.turned-seven)."""
    slot = 2 * Category.TURNED_SEVEN
    given = read.points[slot : slot + 2]
    dealer = read.dealer
    if given[1 - dealer]:
        reader.problem(
            "points", f"only the dealer, p{dealer}, scores a turned seven", "fildinski.deal.turned-seven"
        )
    if given[dealer] not in (0, TURNED_SEVEN_POINTS):
        reader.problem(
            "points", f"a turned seven scores {TURNED_SEVEN_POINTS}", "fildinski.deal.turned-seven"
        )
    if read.dix is not None:
        original: int | None = read.dix[3].kind
    else:
        original = turnup.kind if turnup is not None else None
    if original is not None:
        expected = opening_points(2 * original, dealer)[slot + dealer]
        if given[dealer] != expected and given[1 - dealer] == 0:
            reader.problem(
                "points",
                f"the turn-up {card_text(original)} {'is' if expected else 'is not'} a 7: "
                f"the dealer's turned-seven points are {expected}",
                "fildinski.deal.turned-seven",
            )


def check_points(
    reader: PositionReader,
    read: Sections,
    kinds: Sequence[tuple[int, int]],
    winners: Sequence[tuple[int, int]],
) -> None:
    """This deal's points, category by category, against those its history gives (but the turned seven)."""
    options = read.options
    derived = list(NO_POINTS)
    for number, ((led, follow), (lead_seat, winner)) in enumerate(zip(kinds, winners, strict=True), start=1):
        derived = list(
            score_trick(tuple(derived), (2 * led, 2 * follow), lead_seat, winner, read.trump, options, number)
        )
    for meld in read.melds:
        derived[2 * Category.MELDS + meld[0]] += meld[2].points
    if read.dix is not None and options.dix_exchange is DixExchange.FROM_HAND:
        derived[2 * Category.DIX + read.dix[0]] += DIX_POINTS
    for category in Category:
        if category is Category.TURNED_SEVEN:
            continue
        for seat in (0, 1):
            slot = 2 * category + seat
            if derived[slot] != read.points[slot]:
                reader.problem(
                    "points",
                    f"p{seat}'s {CATEGORY_NAMES[category]} points are {read.points[slot]}, "
                    f"but the deal's history gives {derived[slot]}",
                    CATEGORY_RULES[category],
                )
