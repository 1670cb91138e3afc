"""What Fildinski is, as data: its :class:`~cardrules.game.GameInfo`.

Both the game (:class:`~cardrules.games.fildinski.game.FildinskiGame`) and its
states (:class:`~cardrules.games.fildinski.state.FildinskiState`) name the game
by it, so a state knows which game it belongs to.
"""

from __future__ import annotations

from typing import Final

from cardrules.game import GameInfo
from cardrules.games.fildinski.cards import PACK, PACK_NAME
from cardrules.games.fildinski.options import FildinskiOptions
from cardrules.games.fildinski.rules import RULES

__all__ = ["INFO"]

INFO: Final = GameInfo(
    name="fildinski",
    title="Fildinski",
    rules=RULES,
    options_type=FildinskiOptions,
    players=2,
    pack=PACK,
    pack_name=PACK_NAME,
    sample_values={"target_score": (500, 100, 2000)},
    phases=("stock", "meld-step", "endgame", "over"),
)
"""Fildinski as data: two seats, a 64-card pack holding each card from 7 to ace twice."""
