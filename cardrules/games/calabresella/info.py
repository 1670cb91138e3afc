"""What Calabresella is, as data: its :class:`~cardrules.game.GameInfo`.

Both the game (:class:`~cardrules.games.calabresella.game.CalabresellaGame`)
and its states (:class:`~cardrules.games.calabresella.state.CalabresellaState`)
name the game by it, so a state knows which game it belongs to.
"""

from __future__ import annotations

from typing import Final

from cardrules.game import GameInfo
from cardrules.games.calabresella.cards import DECK
from cardrules.games.calabresella.options import CalabresellaOptions
from cardrules.games.calabresella.rules import RULES

__all__ = ["INFO"]

INFO: Final = GameInfo(
    name="calabresella",
    title="Calabresella",
    rules=RULES,
    options_type=CalabresellaOptions,
    players=3,
    pack=DECK,
    pack_name="40-card Calabresella deck",
    sample_values={"stakes": ("1,2,3", "1,3,9", "2,3,4")},
    phases=("auction", "exchange", "play", "over"),
)
"""Calabresella as data: three seats and the 40-card Italian pack."""
