"""What Félagsvist is, as data: its :class:`~cardrules.game.GameInfo`.

Both the game (:class:`~cardrules.games.felagsvist.game.FelagsvistGame`) and
its states (:class:`~cardrules.games.felagsvist.state.FelagsvistState`) name
the game by it, so a state knows which game it belongs to.
"""

from __future__ import annotations

from typing import Final

from cardrules.cards import STANDARD_DECK
from cardrules.game import GameInfo
from cardrules.games.felagsvist.actions import SEAT_NAMES
from cardrules.games.felagsvist.deal import CYCLE, MAX_DEALS
from cardrules.games.felagsvist.options import FelagsvistOptions
from cardrules.games.felagsvist.rules import RULES

__all__ = ["INFO"]

INFO: Final = GameInfo(
    name="felagsvist",
    title="Félagsvist",
    rules=RULES,
    options_type=FelagsvistOptions,
    players=4,
    seat_names=SEAT_NAMES,
    pack=STANDARD_DECK,
    pack_name="52-card pack",
    max_deals=MAX_DEALS,
    phases=(*(kind.value for kind in CYCLE), "over"),
)
"""Félagsvist as data: four seats N, E, S, W, one 52-card pack, at most 13 deals."""
