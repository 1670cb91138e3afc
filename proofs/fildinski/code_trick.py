"""Fildinski's trick scoring code proved for every input: brisques, trump sevens and the last trick.

fildinski/code-trick-points proves fildinski.score.brisques,
fildinski.score.trump-seven and fildinski.score.last-trick over the engine
itself: :func:`cardrules.games.fildinski.scoring.score_trick`, run on symbolic
led and followed ids (all 64 each), a symbolic trump suit, a symbolic trick
number and twelve symbolic points slots, adds to each seat what the model says
a trick is worth.

Method: the function's own lines run on z3 terms (:mod:`proofs.symbolic_int`):
the ids, trump and trick number as bit-vector masks, the points as
integers. It reads what an id scores from a table built at import
(``_BRISQUE_POINTS``, indexed by the id), which a symbolic id cannot index;
:func:`~proofs.symbolic_int.with_tables` runs the same code with a view of
that table which answers a symbolic id with the term choosing among its 64
entries, so the table's contents are part of what is proved. The leader, the winner and the two options
(``trump_seven_points``, ``last_trick_bonus``) are split into their 16
combinations, one obligation each.

What is stated, from :mod:`proofs.fildinski.model` and never from the engine:

- the winner's brisque slot gains 10 for each A or 10 in the trick;
- each seat's brisque and trump-seven slots together gain the model's
  :func:`~proofs.fildinski.model.trick_points` for that seat (a trump 7 scores
  for its player under ``played`` and for the winner under ``captured``);
- the winner's last-trick slot gains 10 exactly on trick 32 (``final``) or
  trick 24 (``stock_end``);
- no other slot changes.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

import cardrules.games.fildinski.scoring as engine
from cardrules.games.fildinski.options import FildinskiOptions, LastTrickBonus, TrumpSevenPoints
from proofs.claims import Family, Obligation
from proofs.fildinski.model import (
    BRISQUE,
    DEAL_TRICKS,
    ID_BITS,
    LAST_TRICK,
    STOCK_TRICKS,
    SUIT_NAMES,
    TEN,
    show_card,
    strength_of,
    trick_points,
)
from proofs.symbolic_int import agrees, with_tables
from proofs.z3facade import BitVec, Int, Model, bool_val, bv_var, int_val, int_var, ite

__all__ = ["TRICK_POINTS_CODE"]

_WIDTH: Final = 8
"""The width the ids, trump and trick number are run in: room for ``8 * trump`` and ``id >> 1``."""

_LED: Final = bv_var("code trick led id", ID_BITS)
_FOLLOW: Final = bv_var("code trick followed id", ID_BITS)
_TRUMP: Final = bv_var("code trick trump", 2)
_NUMBER: Final = bv_var("code trick number", _WIDTH)
_SLOTS: Final = tuple(int_var(f"code trick points slot {i}") for i in range(len(engine.NO_POINTS)))

_BRISQUES: Final = int(engine.Category.BRISQUES)
_SEVENS: Final = int(engine.Category.TRUMP_SEVENS)
_LAST: Final = int(engine.Category.LAST_TRICK)

LastTrick = Callable[[bool], int]
"""Which trick earns the bonus, given whether ``last_trick_bonus`` is ``stock_end``."""


def _spec_last_trick(stock_end: bool) -> int:
    """fildinski.score.last-trick: trick 24 under ``stock_end``, trick 32 under ``final``."""
    return STOCK_TRICKS if stock_end else DEAL_TRICKS


def _always_final(stock_end: bool) -> int:
    """A misreading: the bonus is always for trick 32, whatever ``last_trick_bonus`` says."""
    return DEAL_TRICKS


def _options(played: bool, stock_end: bool) -> FildinskiOptions:
    return FildinskiOptions(
        trump_seven_points=TrumpSevenPoints.PLAYED if played else TrumpSevenPoints.CAPTURED,
        last_trick_bonus=LastTrickBonus.STOCK_END if stock_end else LastTrickBonus.FINAL,
    )


def _brisque(card: BitVec) -> Int:
    return ite(strength_of(card).uge(TEN), int_val(BRISQUE), int_val(0))


def _stated(leader: int, winner: int, played: bool, stock_end: bool, last: LastTrick) -> tuple[Int, ...]:
    """Each points slot after the trick, as the model states it."""
    slots: list[Int] = list(_SLOTS)
    brisques = _brisque(_LED) + _brisque(_FOLLOW)
    by_seat = trick_points(_LED, _FOLLOW, _TRUMP, bool_val(winner != leader), bool_val(not played))
    for relative, seat in enumerate((leader, 1 - leader)):
        won_brisques = brisques if seat == winner else int_val(0)
        slots[2 * _BRISQUES + seat] = slots[2 * _BRISQUES + seat] + won_brisques
        slots[2 * _SEVENS + seat] = slots[2 * _SEVENS + seat] + (by_seat[relative] - won_brisques)
    bonus = ite(_NUMBER.eq(last(stock_end)), int_val(LAST_TRICK), int_val(0))
    slots[2 * _LAST + winner] = slots[2 * _LAST + winner] + bonus
    return tuple(slots)


def _run(
    score_trick: Callable[..., object], leader: int, winner: int, options: FildinskiOptions
) -> Callable[..., object]:
    def run(led: object, follow: object, trump: object, number: object, points: object) -> object:
        return score_trick(points, (led, follow), leader, winner, trump, options, number)

    return run


def _describe(leader: int, winner: int, played: bool, stock_end: bool) -> Callable[[Model], str]:
    def describe(model: Model) -> str:
        led, follow, trump = (model.bv_value(v) for v in (_LED, _FOLLOW, _TRUMP))
        number = model.bv_value(_NUMBER)
        points = tuple(model.int_value(slot) for slot in _SLOTS)
        options = _options(played, stock_end)
        after = engine.score_trick(points, (led, follow), leader, winner, trump, options, number)
        return "\n".join(
            (
                f"trick {number}: {show_card(led)} led by seat {leader}, {show_card(follow)} followed, "
                f"won by seat {winner}; trump {SUIT_NAMES[trump]}; {options.trump_seven_points.value}, "
                f"{options.last_trick_bonus.value}",
                f"points before: {points}",
                f"score_trick (the engine): {after}",
            )
        )

    return describe


def _obligations(last: LastTrick) -> tuple[Obligation, ...]:
    arguments = (_LED.resize(_WIDTH), _FOLLOW.resize(_WIDTH), _TRUMP.resize(_WIDTH), _NUMBER, _SLOTS)
    score_trick = with_tables(engine.score_trick, "_BRISQUE_POINTS")
    found = []
    for leader in (0, 1):
        for winner in (0, 1):
            for played in (True, False):
                for stock_end in (False, True):
                    run = _run(score_trick, leader, winner, _options(played, stock_end))
                    stated = _stated(leader, winner, played, stock_end, last)
                    found.append(
                        Obligation(
                            f"leader {leader}, winner {winner}, "
                            f"{'played' if played else 'captured'}, {'stock_end' if stock_end else 'final'}",
                            agrees(run, arguments, stated),
                            _describe(leader, winner, played, stock_end),
                        )
                    )
    return tuple(found)


_TRICK: Final = Family(
    ("fildinski.score.brisques", "fildinski.score.trump-seven", "fildinski.score.last-trick")
)

TRICK_POINTS_CODE: Final = _TRICK.claim(
    "fildinski/code-trick-points",
    "The engine's score_trick, with its brisque table, run on symbolic led and followed ids, trump, trick "
    "number and points slots for each leader, winner and option: the winner gains 10 per A and 10, each "
    "seat the model's trick points, the winner of trick 32 (final) or 24 (stock_end) the 10 bonus, and no "
    "other slot changes.",
    lambda: _obligations(_spec_last_trick),
    wrong=_TRICK.claim(
        "fildinski/code-trick-points-always-final",
        "The same, against a reading where the last-trick bonus is for trick 32 whatever "
        "last_trick_bonus says.",
        lambda: _obligations(_always_final),
    ),
)
