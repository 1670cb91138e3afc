"""Fildinski's procedure: the transitions and fast path of the meld step's actions, for the state's table.

After the door every game shares (:class:`~cardrules.state_base.StateBase`),
a card play goes to :mod:`~cardrules.games.fildinski.play` (its judge, its
transition and its fast path live there), a dix or a meld declaration to
:mod:`~cardrules.games.fildinski.dix` and :mod:`~cardrules.games.fildinski.meld_step` judges (:func:`judge_dix
<cardrules.games.fildinski.dix.judge_dix>`, :func:`judge_melds
<cardrules.games.fildinski.meld_step.judge_melds>`); what they resolved is
carried out here by the meld step's transitions, and ``meld none`` in the
actor's own meld step, legal exactly there, takes a fast path.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardrules.games.fildinski.actions import DeclareMelds, Dix
from cardrules.games.fildinski.dix import exchange
from cardrules.games.fildinski.meld_step import Melds, declare, in_step, remembered_melds

if TYPE_CHECKING:
    from cardrules.games.fildinski.state import FildinskiState

__all__ = ["fast_melds", "take_dix", "take_melds"]


def take_dix(s: FildinskiState, action: Dix, seven: int | None) -> FildinskiState:
    """The state after the dix ``action``, judged legal: ``seven`` is the id the judge resolved."""
    assert seven is not None, "a dix is carried out only when legal"
    return exchange(s, action.seat, seven)


def take_melds(s: FildinskiState, action: DeclareMelds, melds: Melds | None) -> FildinskiState:
    """The state after the declaration ``action``, judged legal: ``melds`` are those the judge resolved."""
    assert melds is not None, "a declaration is carried out only when legal"
    return declare(s, action.seat, melds)


def fast_melds(s: FildinskiState, action: object) -> FildinskiState | None:
    """The state after ``meld none`` in the actor's meld step, which is legal exactly there
    (:func:`~cardrules.games.fildinski.meld_conditions.in_step`), or after a declaration of the
    state's remembered legal set (:func:`~cardrules.games.fildinski.meld_step.remembered_melds`);
    ``None`` for any other declaration."""
    try:
        seat, melds = action.seat, action.melds  # type: ignore[attr-defined]
    except AttributeError:  # a field missing: the door says so
        return None
    if type(seat) is int and type(melds) is tuple and not melds and in_step(s, seat):
        return declare(s, seat, ())
    known = remembered_melds(s, action)
    return None if known is None else declare(s, seat, known)
