"""Every game as an OpenSpiel Python game: ``pyspiel.load_game("python_cardrules_felagsvist")``.

Importing this module registers the four games with OpenSpiel, as
``python_cardrules_felagsvist``, ``python_cardrules_fildinski``,
``python_cardrules_calabresella`` and ``python_cardrules_backstab_fish``. It
needs OpenSpiel (``pip install 'cardrules[openspiel]'``); ``import cardrules``
never imports it. Everything here goes through :mod:`cardrules.agents`, so
the games play exactly as the reference engine plays them.

**Parameters** are the game's options, by name, with the options' own
defaults (``cardrules options GAME`` lists them). cardrules validates them:
an unknown option or value is one :class:`~cardrules.errors.InvalidOptionError`
naming it. Two spellings differ from the library's, since OpenSpiel's game
strings cannot carry them: Calabresella's ``stakes`` is written with spaces
(``stakes=1 2 4``, a comma would end the parameter), and Backstab Fish's
``stall_limit`` is a whole number (``0``, the default, is 100 x ``players``;
the library's ``none``, a game that need not end, has no OpenSpiel form,
since OpenSpiel needs a bound on a game's length).

**Actions** are the decisions of the game's encoding module
(:mod:`cardrules.games.felagsvist.encoding` and the others): 52 for
Félagsvist, 143 for Fildinski, 167 for Calabresella, and for Backstab Fish
``players x ranks x copies + ranks + 2`` (431 with four players and two
packs). A compound action (a Calabresella discard, a Fildinski meld
declaration, a Backstab Fish lay-down) is a few decisions by the same player
in a row. ``action_to_string`` gives the reference notation of the decision,
its actor first (``p2 play QS``).

**Chance** is explicit for the first deal: a chance node per card of the
deck, top first, whose outcomes are the different cards not yet placed
(slots of :func:`cardrules.features.distinct_cards`) with their true
probabilities, so algorithms that enumerate or sample chance work. What the
engine draws later by itself (a first dealer the options leave open, the
deck orders of later deals) comes from a seed derived from that first deck
(:func:`cardrules.agents.deal_seed`): the engine deals each later deal itself
when the previous one ends, and OpenSpiel cannot be asked in between. A game
is therefore a function of its chance outcomes.

**Returns** are terminal only, for the whole game (every deal of a Félagsvist
or Fildinski game, one Calabresella hand, one game of Backstab Fish), from
the game's outcome: +1 for each winner, -1 for each other seat, 0 for every
seat when nobody wins or the best result is shared
(:func:`cardrules.agents.win_loss`). Partners share their side's result, so
Félagsvist and Fildinski are zero-sum; Calabresella (the bidder against two)
and Backstab Fish are general-sum. Félagsvist's Nóló deals count as the rules
score them: taking few tricks scores, and only the game's totals decide.

**Observations and information states** come from ``state.observation(seat)``
only: the string is the observation's text (with the decisions the seat has
taken towards its next action) and the tensor is the encoding's vector.
Within a deal an observation holds every public event and the seat's own
cards, so it is the seat's information state there; earlier deals are
summed up by their scores. **Serialization** and pickling go through the
position text (:meth:`~cardrules.game.State.position`), and a state prints
as its position.

>>> import pyspiel
>>> import cardrules.openspiel
>>> game = pyspiel.load_game("python_cardrules_felagsvist")
>>> game.num_distinct_actions(), game.num_players(), game.max_chance_outcomes()
(52, 4, 52)
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes())
(True, 52)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from enum import Enum
from types import MappingProxyType
from typing import Any, Final

try:
    import numpy as np
    import pyspiel
except ImportError as error:  # pragma: no cover - exercised in a subprocess by the tests
    raise ImportError(
        "cardrules.openspiel needs OpenSpiel and NumPy: pip install 'cardrules[openspiel]'"
    ) from error

from cardrules.agents import CHANCE, Episode
from cardrules.features import distinct_cards
from cardrules.game import AnyGame
from cardrules.games import GAMES, get_game

__all__ = [
    "SHORT_NAMES",
    "BackstabFishOpenSpielGame",
    "CalabresellaOpenSpielGame",
    "CardrulesGame",
    "CardrulesObserver",
    "CardrulesState",
    "FelagsvistOpenSpielGame",
    "FildinskiOpenSpielGame",
    "load",
    "parameters",
]

SHORT_NAMES: Final[Mapping[str, str]] = MappingProxyType({name: f"python_cardrules_{name}" for name in GAMES})
"""Each game's OpenSpiel name, by its cardrules name."""


def _plain(value: object) -> int | str | bool:
    """An option's default as an OpenSpiel parameter value."""
    if isinstance(value, Enum):
        value = value.value
    if isinstance(value, str):
        return value.replace(",", " ")
    if isinstance(value, bool | int):
        return value
    raise TypeError(f"an option default of type {type(value).__name__} has no OpenSpiel form")


def parameters(name: str) -> dict[str, int | str | bool]:
    """The OpenSpiel parameters of game ``name``: every option with its default.

    >>> parameters("fildinski")["target_score"], parameters("calabresella")["stakes"]
    (500, '1 2 3')
    """
    options_type = get_game(name).info.options_type
    found: dict[str, int | str | bool] = {}
    for option in dataclasses.fields(options_type):  # the fields' own defaults (stall_limit's 0, not 400)
        factory = option.default_factory
        found[option.name] = _plain(factory() if callable(factory) else option.default)
    return found


def _players(game: AnyGame) -> tuple[int, int]:
    """The fewest and most seats the game can have under any options."""
    counts = game.info.sample_values.get("players")
    if game.info.players is None and counts:
        numbers = [int(str(count)) for count in counts]
        return min(numbers), max(numbers)
    return game.num_players, game.num_players


def _game_type(name: str) -> Any:
    game = get_game(name)
    fewest, most = _players(game)
    kind = pyspiel.GameType
    return kind(
        short_name=SHORT_NAMES[name],
        long_name=f"cardrules {game.info.title}",
        dynamics=kind.Dynamics.SEQUENTIAL,
        chance_mode=kind.ChanceMode.EXPLICIT_STOCHASTIC,
        information=kind.Information.IMPERFECT_INFORMATION,
        utility=kind.Utility.ZERO_SUM if game.encoding().zero_sum else kind.Utility.GENERAL_SUM,
        reward_model=kind.RewardModel.TERMINAL,
        max_num_players=most,
        min_num_players=fewest,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameters(name),
    )


class CardrulesGame(pyspiel.Game):  # type: ignore[misc]
    """One cardrules game as an OpenSpiel game; each game has its own subclass, registered by name.

    Attributes:
        cardrules_game: the cardrules game, with the options the parameters give.
    """

    NAME: str = ""

    def __init__(self, params: Mapping[str, object] | None = None) -> None:
        given = dict(params or {})
        defaults = parameters(self.NAME)
        # The options at their defaults are left to cardrules (stall_limit's 0 is no value it reads).
        chosen = {key: value for key, value in given.items() if key not in defaults or defaults[key] != value}
        self.cardrules_game: AnyGame = get_game(self.NAME, **chosen)
        encoding = self.cardrules_game.encoding()
        players = self.cardrules_game.num_players
        info = pyspiel.GameInfo(
            num_distinct_actions=encoding.size,
            max_chance_outcomes=len(distinct_cards(self.cardrules_game.pack())),
            num_players=players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0 if encoding.zero_sum else None,
            max_game_length=encoding.max_decisions,
        )
        super().__init__(_TYPES[self.NAME], info, given)

    def new_initial_state(self) -> CardrulesState:
        """The game before its first deal: chance places the deck's cards one by one."""
        return CardrulesState(self, Episode.deal(self.cardrules_game))

    def make_py_observer(self, iig_obs_type: object = None, params: object = None) -> CardrulesObserver:
        """The observer OpenSpiel asks for strings and tensors (see the module: both are the observation)."""
        if params:
            raise ValueError(f"cardrules observers take no parameters, not {params!r}")
        return CardrulesObserver(self.cardrules_game.encoding().observation_size)


class CardrulesState(pyspiel.State):  # type: ignore[misc]
    """A position of a cardrules game as an OpenSpiel state, holding an :class:`~cardrules.agents.Episode`."""

    def __init__(self, game: CardrulesGame, episode: Episode) -> None:
        super().__init__(game)
        self.episode = episode

    def current_player(self) -> int:
        """The seat to decide, ``pyspiel.PlayerId.CHANCE`` while dealing, or ``TERMINAL``."""
        episode = self.episode
        if episode.is_chance:
            return int(pyspiel.PlayerId.CHANCE)
        if episode.is_terminal:
            return int(pyspiel.PlayerId.TERMINAL)
        return episode.current_player

    def _legal_actions(self, player: int) -> list[int]:
        return list(self.episode.choices())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The next card of the deck: every different card left, with its probability."""
        return list(self.episode.chance_outcomes())

    def _apply_action(self, action: int) -> None:
        action = int(action)
        if self.episode.current_player == CHANCE:
            self.episode = self.episode.deal_card(action)
        else:
            self.episode = self.episode.choose(action)

    def _action_to_string(self, player: int, action: int) -> str:
        episode = self.episode
        if player == int(pyspiel.PlayerId.CHANCE):
            return episode.chance_text(int(action))
        return f"p{player} {episode.encoding.decision_name(int(action))}"

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self.episode.is_terminal

    def returns(self) -> list[float]:
        """Each seat's return: 0 until the end, then +1, -1 or 0 (see the module)."""
        return list(self.episode.returns())

    def __str__(self) -> str:
        episode = self.episode
        if episode.state is None:
            return episode.observation_text(0)
        text = episode.state.position()
        return text if not episode.chosen else f"{text}\nchosen so far: {list(episode.chosen)}"


class CardrulesObserver:
    """What one seat sees, for OpenSpiel: the observation's text and the encoding's vector.

    Attributes:
        tensor: the vector of the last :meth:`set_from`, as float32.
        dict: the same vector under the name ``observation``.
    """

    def __init__(self, size: int) -> None:
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: CardrulesState, player: int) -> None:
        """Fill :attr:`tensor` with what ``player`` sees in ``state``."""
        self.tensor[:] = state.episode.observe(player)

    def string_from(self, state: CardrulesState, player: int) -> str:
        """What ``player`` sees in ``state``, as text."""
        return state.episode.observation_text(player)


def load(name: str, **options: object) -> Any:
    """``pyspiel.load_game`` for the cardrules game ``name`` with ``options`` (the module registers them).

    cardrules reads the options first, so an unknown one is an
    :class:`~cardrules.errors.InvalidOptionError` naming it, with a suggestion
    (``pyspiel.load_game`` refuses an unknown parameter name itself, in its own words).

    >>> load("calabresella", stakes="1 2 4").num_distinct_actions()
    167
    """
    name = name.replace("-", "_")
    get_game(name, **options)
    return pyspiel.load_game(SHORT_NAMES[name], dict(options))


class FelagsvistOpenSpielGame(CardrulesGame):
    """Félagsvist as ``python_cardrules_felagsvist``."""

    NAME = "felagsvist"


class FildinskiOpenSpielGame(CardrulesGame):
    """Fildinski as ``python_cardrules_fildinski``."""

    NAME = "fildinski"


class CalabresellaOpenSpielGame(CardrulesGame):
    """Calabresella as ``python_cardrules_calabresella``."""

    NAME = "calabresella"


class BackstabFishOpenSpielGame(CardrulesGame):
    """Backstab Fish as ``python_cardrules_backstab_fish``."""

    NAME = "backstab_fish"


_CLASSES: Final = (
    FelagsvistOpenSpielGame,
    FildinskiOpenSpielGame,
    CalabresellaOpenSpielGame,
    BackstabFishOpenSpielGame,
)
_TYPES: Final[Mapping[str, Any]] = MappingProxyType({cls.NAME: _game_type(cls.NAME) for cls in _CLASSES})
for _class in _CLASSES:
    pyspiel.register_game(_TYPES[_class.NAME], _class)
