"""Find a game by name.

The registry maps each game's name to the module that defines it and imports
that module only when the game is asked for, so the core never imports a game.
"""

from __future__ import annotations

import importlib
from typing import Any, Final

from cardrules.errors import UnknownGameError
from cardrules.game import Game
from cardrules.rules import RuleBook

__all__ = ["GAMES", "get_game", "rule_books"]

GAMES: Final[dict[str, tuple[str, str]]] = {
    "felagsvist": ("cardrules.games.felagsvist", "FelagsvistGame"),
    "fildinski": ("cardrules.games.fildinski", "FildinskiGame"),
    "calabresella": ("cardrules.games.calabresella", "CalabresellaGame"),
    "backstab_fish": ("cardrules.games.backstab_fish", "BackstabFishGame"),
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
    factory = _factory(name)
    game: Game = factory.with_options(options)
    return game


def _factory(name: str) -> Any:
    key = name.strip().lower().replace("-", "_")
    if key not in GAMES:
        raise UnknownGameError(f"no game called {name!r}; the games are {', '.join(sorted(GAMES))}")
    module_name, class_name = GAMES[key]
    return getattr(importlib.import_module(module_name), class_name)


def rule_books() -> dict[str, RuleBook]:
    """Every game's rule book (its own rules, then the common ones), by game name.

    >>> books = rule_books()
    >>> "felagsvist.play.must-follow" in books["felagsvist"]
    True
    """
    return {name: get_game(name).rules for name in GAMES}
