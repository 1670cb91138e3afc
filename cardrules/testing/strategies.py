"""Hypothesis strategies for every game of the library.

- :func:`game_options`: option dictionaries a game accepts;
- :func:`plays`: positions reached by legal play, as :class:`Played` values
  (the game, the seed, the actions and every state on the way), which shrink
  towards fewer and earlier-listed actions;
- :func:`states`: the last state of such a play;
- :func:`legal_actions` and :func:`illegal_actions`: actions for one state;
- :func:`records`: records of complete games.

Every strategy takes a game by name (``"felagsvist"``) or as a
:class:`~cardrules.game.Game`. Nothing draws hidden randomness: a position is
a function of the values Hypothesis draws.

>>> from hypothesis import find
>>> found = find(plays("felagsvist", options={"first_dealer": "N"}), lambda p: len(p.actions) >= 3)
>>> found.seed, len(found.actions), found.state.current_player
(0, 3, 0)
"""

from __future__ import annotations

import dataclasses
import random
import typing
from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum

try:
    from hypothesis import strategies as st
except ImportError:  # pragma: no cover - exercised in a subprocess by the tests
    raise ImportError(
        "cardrules.testing's strategies need Hypothesis: install it with pip install 'cardrules[testing]'"
    ) from None

from cardrules.errors import InvalidArgumentError, InvalidOptionError
from cardrules.game import Action, AnyGame, AnyState
from cardrules.games import get_game
from cardrules.records import Record, record_of
from cardrules.testing.probing import candidate_actions

__all__ = [
    "Played",
    "game_options",
    "illegal_actions",
    "legal_actions",
    "option_values",
    "plays",
    "records",
    "states",
]

def _game(game: AnyGame | str, options: Mapping[str, object] | None = None) -> AnyGame:
    return get_game(game, **dict(options or {})) if isinstance(game, str) else game


def option_values(game: AnyGame | str) -> dict[str, tuple[object, ...]]:
    """The values tried for each option of ``game``: every value of an enum or a bool.

    A whole-number option takes the values the game's
    :attr:`~cardrules.game.GameInfo.sample_values` lists (values with which random play always
    ends, so Backstab Fish's ``stall_limit=none`` is not among them), or else
    only its default. Values that
    the game refuses on their own (an option value the specification names but
    the library does not implement) are left out.

    >>> option_values("felagsvist")["scoring"]
    ('per-trick', 'odd-tricks')
    """
    chosen = _game(game) if isinstance(game, str) else game
    info = chosen.info
    name = info.name
    defaults = chosen.options_dict()
    hints = typing.get_type_hints(info.options_type)
    samples = info.sample_values
    values: dict[str, tuple[object, ...]] = {}
    for field in dataclasses.fields(info.options_type):
        kind = hints[field.name]
        if isinstance(kind, type) and issubclass(kind, Enum):
            tried: tuple[object, ...] = tuple(member.value for member in kind)
        elif kind is bool:
            tried = (False, True)
        else:
            tried = tuple(samples.get(field.name, (defaults[field.name],)))
        accepted = []
        for value in tried:
            try:
                get_game(name, **{field.name: value})
            except InvalidOptionError:
                continue
            accepted.append(value)
        values[field.name] = tuple(accepted)
    return values


def game_options(game: AnyGame | str) -> st.SearchStrategy[dict[str, object]]:
    """Option dictionaries for ``game``: each option drawn from :func:`option_values`.

    Combinations the game refuses are filtered out. Shrinks towards the first
    value of each option (an enum's first member, ``False``).
    """
    name = _game(game).name if not isinstance(game, str) else game

    def accepted(options: dict[str, object]) -> bool:
        try:
            get_game(name, **options)
        except InvalidOptionError:
            return False
        return True

    fields = {option: st.sampled_from(values) for option, values in option_values(game).items() if values}
    return st.fixed_dictionaries(fields).filter(accepted)


@dataclass(frozen=True, slots=True)
class Played:
    """A position reached by legal play, with the way there.

    Attributes:
        game: the game, options included.
        seed: the seed of the initial state (``game.new_game(seed)``).
        actions: the actions played, in order.
        states: the initial state, then the state after each action.
    """

    game: AnyGame
    seed: int
    actions: tuple[Action, ...]
    states: tuple[AnyState, ...]

    @property
    def state(self) -> AnyState:
        """The position reached (the last state)."""
        return self.states[-1]

    def record(self) -> Record:
        """The record of the play so far, claiming the current scores when the game is over."""
        final = self.state
        claims = final.scores() if final.is_terminal else None
        return record_of(self.game, final, self.actions, claimed_scores=claims)

    def __repr__(self) -> str:
        options = ", ".join(f"{k}={v}" for k, v in self.game.options_dict().items())
        texts = ", ".join(str(action) for action in self.actions)
        return f"Played({self.game.name}({options}), seed={self.seed}, actions=[{texts}])"


@st.composite
def plays(
    draw: st.DrawFn,
    game: AnyGame | str,
    *,
    options: Mapping[str, object] | None = None,
    max_steps: int = 60,
    fast_forward: int = 0,
    to_end: bool = False,
) -> Played:
    """Positions of ``game`` reached by legal play.

    Args:
        game: a game name or a :class:`~cardrules.game.Game`.
        options: fixed options (for a game name); by default they are drawn
            with :func:`game_options`.
        max_steps: at most this many actions are drawn one by one (each a
            choice among the legal actions, shrinking towards the first).
        fast_forward: before those, up to this many actions are chosen by a
            seeded generator (shrinking towards none): a cheap way to reach
            late positions of long games.
        to_end: after the drawn actions, finish the game with the generator.
    """
    if isinstance(game, str):
        chosen = _game(game, options if options is not None else draw(game_options(game)))
    else:
        chosen = game
    seed = draw(st.integers(min_value=0, max_value=2**16), label="seed")
    skip = draw(st.integers(min_value=0, max_value=fast_forward), label="fast_forward") if fast_forward else 0
    rng = random.Random(f"cardrules.testing/{seed}")
    state = chosen.new_game(seed)
    actions: list[Action] = []
    states: list[AnyState] = [state]

    def take(action: Action) -> None:
        nonlocal state
        state = state.apply(action)
        actions.append(action)
        states.append(state)

    for _ in range(skip):
        if state.is_terminal:
            break
        take(rng.choice(state.legal_actions()))
    steps = draw(st.integers(min_value=0, max_value=max_steps), label="steps")
    for _ in range(steps):
        if state.is_terminal:
            break
        legal = state.legal_actions()
        take(legal[draw(st.integers(min_value=0, max_value=len(legal) - 1))])
    while to_end and not state.is_terminal:
        take(rng.choice(state.legal_actions()))
    return Played(chosen, seed, tuple(actions), tuple(states))


def states(
    game: AnyGame | str,
    *,
    options: Mapping[str, object] | None = None,
    max_steps: int = 60,
    fast_forward: int = 0,
) -> st.SearchStrategy[AnyState]:
    """The states of :func:`plays` (the position only, without the way there)."""
    return plays(game, options=options, max_steps=max_steps, fast_forward=fast_forward).map(
        lambda played: played.state
    )


def legal_actions(state: AnyState) -> st.SearchStrategy[Action]:
    """One of the legal actions of ``state`` (which must not be terminal).

    Raises:
        ValueError: ``state`` is terminal, so no action is legal.
    """
    legal = state.legal_actions()
    if not legal:
        raise InvalidArgumentError("the game is over: no action is legal")
    return st.sampled_from(legal)


def illegal_actions(state: AnyState, nearby: tuple[AnyState, ...] = ()) -> st.SearchStrategy[Action]:
    """A plausible action the reference refuses in ``state``.

    The candidates come from :func:`cardrules.testing.probing.candidate_actions`: the
    legal actions of this state, of ``nearby`` states (pass ``played.states``
    for a richer choice) and of the next states, taken by any seat.

    Raises:
        ValueError: no candidate is illegal (never the case in the library's games).
    """
    refused = [action for action in candidate_actions(state, nearby) if not state.check(action).legal]
    if not refused:
        raise InvalidArgumentError(f"no plausible illegal action found in {state.compact()}")
    return st.sampled_from(refused)


def records(game: AnyGame | str, *, options: Mapping[str, object] | None = None) -> st.SearchStrategy[Record]:
    """Records of complete games of ``game``, claiming the final scores."""
    return plays(game, options=options, max_steps=20, to_end=True).map(lambda played: played.record())
