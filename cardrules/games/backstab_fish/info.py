"""What Backstab Fish is, as data: its :class:`~cardrules.game.GameInfo`.

Both the game (:class:`~cardrules.games.backstab_fish.game.BackstabFishGame`)
and its states (:class:`~cardrules.games.backstab_fish.state.BackstabFishState`)
name the game by it, so a state knows which game it belongs to.
"""

from __future__ import annotations

from typing import Final

from cardrules.game import GameInfo
from cardrules.games.backstab_fish.options import MAX_PLAYERS, MIN_PLAYERS, BackstabFishOptions
from cardrules.games.backstab_fish.rules import RULES

__all__ = ["INFO"]

INFO: Final = GameInfo(
    name="backstab_fish",
    title="Backstab Fish",
    rules=RULES,
    options_type=BackstabFishOptions,
    players=None,
    max_deals=1,
    phases=("stock", "empty-stock", "over"),
    dealer_stream="dealer",
    sample_values={
        "players": tuple(range(MIN_PLAYERS, MAX_PLAYERS + 1)),
        "stall_limit": (400, 1, 3, 40),  # not "none": random play must end
    },
)
"""Backstab Fish as data: 4 to 10 seats and a deck chosen by option, one deal a game."""
