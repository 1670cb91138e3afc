"""Fildinski's procedure: the transitions and fast path of the meld step's actions, for the state's table.

After the door every game shares (:class:`~cardrules.state_base.StateBase`),
a card play goes to :mod:`~cardrules.games.fildinski.play` (its judge, its
transition and its fast path live there), a dix or a meld declaration to
:mod:`~cardrules.games.fildinski.dix` and :mod:`~cardrules.games.fildinski.meld_step` judges (:func:`judge_dix
<cardrules.games.fildinski.dix.judge_dix>`, :func:`judge_melds
<cardrules.games.fildinski.meld_step.judge_melds>`); what they resolved is
carried out here by the meld step's transitions, and ``meld none`` in the
actor's own meld step, legal exactly there, takes a fast path. The state's
``apply`` (:func:`apply_action`) hands a card play or a declaration to its
kind's fast path first, without the door's table lookups.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardrules.game import Action
from cardrules.games.fildinski.actions import DeclareMelds, Dix, PlayCard
from cardrules.games.fildinski.dix import exchange
from cardrules.games.fildinski.meld_step import Melds, declare, remembered_melds
from cardrules.games.fildinski.play import fast_play
from cardrules.state_base import StateBase

if TYPE_CHECKING:
    from cardrules.games.fildinski.state import FildinskiState

__all__ = ["apply_action", "fast_melds", "take_dix", "take_melds"]


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
    none = type(seat) is int and type(melds) is tuple and not melds
    # in_step, written out: the trick's winner in its meld step (tests/fildinski/test_quick_paths.py)
    if none and s.in_meld_step and seat == s.current_player:
        return declare(s, seat, ())
    known = remembered_melds(s, action)
    return None if known is None else declare(s, seat, known)


def apply_action(s: FildinskiState, action: Action | str) -> FildinskiState:
    """``state.apply(action)``: a legal card play or meld declaration that its kind's fast path knows
    (:func:`~cardrules.games.fildinski.play.fast_play`,
    :func:`~cardrules.games.fildinski.procedure.fast_melds`) at once, any other action through the door
    (:meth:`~cardrules.state_base.StateBase.apply`, which judges it)."""
    kind = type(action)
    if kind is PlayCard:
        after = fast_play(s, action)
        if after is not None:
            return after
    elif kind is DeclareMelds:
        after = fast_melds(s, action)
        if after is not None:
            return after
    return StateBase.apply(s, action)
