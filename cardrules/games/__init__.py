"""The game table: every game by name, loaded only when asked for.

One package per game lives here; each depends on the core and never on another
game, and the core never imports a game: :data:`GAMES` names each game's module
and class as strings, and :func:`get_game` imports the module the first time
the game is asked for.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, Final, Literal, cast, overload

from cardrules.errors import InvalidArgumentError, UnknownGameError
from cardrules.game import Game, GameFactory, State
from cardrules.options import did_you_mean
from cardrules.position import InvalidPositionError, PositionProblem
from cardrules.rules import RuleBook

if TYPE_CHECKING:  # for the types of get_game only: nothing here imports a game at run time
    from cardrules.games.backstab_fish import BackstabFishGame
    from cardrules.games.calabresella import CalabresellaGame
    from cardrules.games.felagsvist import FelagsvistGame
    from cardrules.games.fildinski import FildinskiGame

__all__ = ["GAMES", "from_position", "get_game", "rule_books"]

GAMES: Final[Mapping[str, tuple[str, str]]] = MappingProxyType(
    {
        "felagsvist": ("cardrules.games.felagsvist", "FelagsvistGame"),
        "fildinski": ("cardrules.games.fildinski", "FildinskiGame"),
        "calabresella": ("cardrules.games.calabresella", "CalabresellaGame"),
        "backstab_fish": ("cardrules.games.backstab_fish", "BackstabFishGame"),
    }
)
"""Each game's name and the module and class that implement it (read-only)."""


def _factory(name: object) -> GameFactory:
    if not isinstance(name, str):
        raise InvalidArgumentError(f"a game is named by a string, not {type(name).__name__}")
    key = name if name in GAMES else name.strip().lower().replace("-", "_")
    if key not in GAMES:
        hint = did_you_mean(key, GAMES)
        raise UnknownGameError(
            f"no game called {name[:100]!r}{hint}; the games are {', '.join(sorted(GAMES))}"
        )
    module_name, class_name = GAMES[key]
    # A game asked for again (a record checked after another) finds its module at once.
    module = sys.modules.get(module_name) or importlib.import_module(module_name)
    return cast("GameFactory", getattr(module, class_name))


@overload
def get_game(name: Literal["felagsvist"], **options: object) -> FelagsvistGame: ...
@overload
def get_game(name: Literal["fildinski"], **options: object) -> FildinskiGame: ...
@overload
def get_game(name: Literal["calabresella"], **options: object) -> CalabresellaGame: ...
@overload
def get_game(name: Literal["backstab_fish", "backstab-fish"], **options: object) -> BackstabFishGame: ...
@overload
def get_game(name: str, **options: object) -> Game[State[object]]: ...


def get_game(name: str, **options: object) -> Game[State[object]]:
    """The game called ``name`` with the given options (the rest take their defaults).

    Option values may be the option's enum members or their strings
    (``scoring="odd-tricks"``). Called with a game's name as a literal, the
    result is typed as that game's class, so a type checker knows its state
    and observation types (``get_game("fildinski").new_game(seed=1).observation(0).hand``).

    >>> get_game("felagsvist", scoring="odd-tricks").options_dict()["scoring"]
    'odd-tricks'

    Raises:
        UnknownGameError: no game has that name.
        InvalidOptionError: the game has no such option, or not that value.
    """
    return _factory(name).with_options(options)


def from_position(text: str, *, seed: int = 0) -> State[object]:
    """The state a position text describes, in the game its first word names.

    ``seed`` shuffles the later deals of a short position, one that leaves its
    seed out (``state.position(future=False)``); a text's own seed wins.

    >>> state = get_game("felagsvist", first_dealer="N").new_game(seed=2)
    >>> from_position(state.position()).position() == state.position()
    True

    Raises:
        InvalidPositionError: the text names no game, is malformed, or
            describes a position that cannot arise (every problem listed).
    """
    words = text.split(maxsplit=1) if isinstance(text, str) else []
    name = words[0].rstrip(";").strip().lower() if words else ""
    if name not in GAMES:
        shown = repr(name[:40]) if name else "nothing"
        raise InvalidPositionError(
            [
                PositionProblem(
                    "position", f"a position starts with a game's name ({', '.join(GAMES)}), not {shown}"
                )
            ]
        )
    return get_game(name).from_position(text, seed=seed)


def rule_books() -> dict[str, RuleBook]:
    """Every game's rule book (its own rules, then the common ones), by game name.

    >>> books = rule_books()
    >>> "felagsvist.play.must-follow" in books["felagsvist"]
    True
    """
    return {name: get_game(name).rules for name in GAMES}
