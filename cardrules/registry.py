"""Find a game by name.

The registry maps each game's name to the module that defines it and imports
that module only when the game is asked for, so the core never imports a game.
"""

from __future__ import annotations

import importlib
from typing import Final

from cardrules.errors import UnknownGameError
from cardrules.game import Game

__all__ = ["GAMES", "get_game"]

GAMES: Final[dict[str, tuple[str, str]]] = {
    "felagsvist": ("cardrules.games.felagsvist", "FelagsvistGame"),
}
"""Each game's name and the module and class that implement it."""


def get_game(name: str, **options: object) -> Game:
    """The game called ``name`` with the given options (the rest take their defaults).

    Option values may be the option's enum members or their strings
    (``scoring="odd-tricks"``).

    >>> get_game("felagsvist", scoring="odd-tricks").options_dict()["scoring"]
    'odd-tricks'

    Raises:
        UnknownGameError: no game has that name.
        InvalidOptionError: the game has no such option, or not that value.
    """
    key = name.strip().lower().replace("-", "_")
    if key not in GAMES:
        raise UnknownGameError(f"no game called {name!r}; the games are {', '.join(sorted(GAMES))}")
    module_name, class_name = GAMES[key]
    factory = getattr(importlib.import_module(module_name), class_name)
    game: Game = factory.with_options(options)
    return game
