"""Hypothesis strategies for every game of the library.

- :func:`game_options`: option dictionaries a game accepts;
- :func:`plays`: positions reached by legal play, as :class:`Played` values
  (the game, the seed, the actions and every state on the way), which shrink
  towards fewer and earlier-listed actions. By default each example first
  plays on to a phase of the game drawn at random (every phase of
  :attr:`GameInfo.phases <cardrules.game.GameInfo.phases>` gets its share,
  Fildinski's last eight tricks and Nóló deals included);
- :func:`positions`: positions in one phase of the game, asked for by name
  (``positions("fildinski", phase="endgame")``);
- :func:`states`: the last state of such a play;
- :func:`legal_actions` and :func:`illegal_actions`: actions for one state;
- :func:`records`: records of complete games.

Every strategy takes a game by name (``"felagsvist"``) or as a
:class:`~cardrules.game.Game`. Nothing draws hidden randomness: a position is
a function of the values Hypothesis draws.

>>> from hypothesis import find, settings
>>> once = settings(database=None, derandomize=True)  # the same example on every run
>>> start = plays("felagsvist", options={"first_dealer": "N"}, fast_forward=0)  # every example from the deal
>>> found = find(start, lambda p: len(p.actions) >= 3, settings=once)
>>> found.seed, len(found.actions), found.state.current_player
(0, 3, 0)
>>> late = find(plays("fildinski"), lambda p: p.state.phase_name == "endgame", settings=once)
>>> late.state.phase_name, late.state.observation(0).stock_size
('endgame', 0)
"""

from __future__ import annotations

import dataclasses
import random
import typing
from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum

try:
    from hypothesis import reject
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
    "positions",
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
        # Short on purpose: this is what a failing test prints. The position
        # (options included) sets the state up again with cardrules.from_position.
        return f"Played(seed={self.seed}, actions={len(self.actions)}, position={self.state.position()!r})"

    def _repr_pretty_(self, printer: typing.Any, cycle: bool) -> None:
        """The short repr for Hypothesis and IPython (which would print every field of a dataclass)."""
        printer.text(repr(self))


def _seeded(state: AnyState, rng: random.Random) -> Action:
    return rng.choice(state.legal_actions())


def _phase_of_game(game: AnyGame, phase: str) -> str:
    phases = game.info.phases
    if phase not in phases:
        raise InvalidArgumentError(f"{game.name} has the phases {', '.join(phases)}; not {phase!r}")
    return phase


@dataclass(slots=True)
class _Walk:
    """The states and actions of one line of play, grown by :meth:`take`."""

    states: list[AnyState]
    actions: list[Action]

    @property
    def state(self) -> AnyState:
        """The last state."""
        return self.states[-1]

    def take(self, action: Action, after: AnyState | None = None) -> AnyState:
        """Play ``action`` in the last state (``after`` is the state it gives, when already known)."""
        self.states.append(self.states[-1].apply(action) if after is None else after)
        self.actions.append(action)
        return self.states[-1]

    def stays(self, action: Action, phase: str) -> bool:
        """Play ``action`` if the game stays in ``phase`` after it; whether it did."""
        after = self.states[-1].apply(action)
        if after.phase_name != phase:
            return False
        self.take(action, after)
        return True


def _play_to_phase(walk: _Walk, phase: str, rng: random.Random) -> None:
    """Play seeded legal actions until the game is in ``phase`` or over."""
    while walk.state.phase_name != phase and not walk.state.is_terminal:
        walk.take(_seeded(walk.state, rng))


def _linger(walk: _Walk, phase: str, steps: int, rng: random.Random) -> None:
    """Up to ``steps`` more seeded actions that keep the game in ``phase``."""
    for _ in range(steps):
        if walk.state.is_terminal or not walk.stays(_seeded(walk.state, rng), phase):
            break


@st.composite
def plays(
    draw: st.DrawFn,
    game: AnyGame | str,
    *,
    options: Mapping[str, object] | None = None,
    max_steps: int = 60,
    fast_forward: int | None = None,
    to_end: bool = False,
) -> Played:
    """Positions of ``game`` reached by legal play.

    By default (``fast_forward=None``) each example draws one of the game's
    phases, plays seeded legal actions until the game is in it and then a
    few more that stay in it, and only then draws up to ``max_steps``
    actions one by one, as long as they keep the game in that phase: so the
    examples reach every phase of every game in a fair share, the ones late
    in a game too. Shrinking goes towards the first phase and the fewest
    actions.

    Args:
        game: a game name or a :class:`~cardrules.game.Game`.
        options: fixed options (for a game name); by default they are drawn
            with :func:`game_options`.
        max_steps: at most this many actions are drawn one by one (each a
            choice among the legal actions, shrinking towards the first).
        fast_forward: before those, up to this many actions are chosen by a
            seeded generator (shrinking towards none); ``None`` (the
            default) plays to a drawn phase instead, as said above, and ``0``
            starts every example at the deal.
        to_end: after the drawn actions, finish the game with the generator.
    """
    if isinstance(game, str):
        chosen = _game(game, options if options is not None else draw(game_options(game)))
    else:
        chosen = game
    seed = draw(st.integers(min_value=0, max_value=2**16), label="seed")
    rng = random.Random(f"cardrules.testing/{seed}")
    walk = _Walk([chosen.new_game(seed)], [])
    phase: str | None = None
    if fast_forward is None:
        # The phase follows from the seed: Hypothesis varies a wide integer
        # far more evenly than a short list, and shrinking the seed still
        # goes towards the first phase.
        phases = chosen.info.phases
        phase = phases[seed % len(phases)]
        _play_to_phase(walk, phase, rng)
        _linger(walk, phase, draw(st.integers(min_value=0, max_value=_LINGER), label="linger"), rng)
    else:
        most = fast_forward
        skip = draw(st.integers(min_value=0, max_value=most), label="fast_forward") if most else 0
        for _ in range(skip):
            if walk.state.is_terminal:
                break
            walk.take(_seeded(walk.state, rng))
    steps = draw(st.integers(min_value=0, max_value=max_steps), label="steps")
    for _ in range(steps):
        if walk.state.is_terminal:
            break
        legal = walk.state.legal_actions()
        action = legal[draw(st.integers(min_value=0, max_value=len(legal) - 1))]
        if phase is None:
            walk.take(action)
        elif not walk.stays(action, phase):
            break  # the drawn actions stay in the phase drawn, so every phase keeps its share
    while to_end and not walk.state.is_terminal:
        walk.take(_seeded(walk.state, rng))
    return Played(chosen, seed, tuple(walk.actions), tuple(walk.states))


_LINGER: typing.Final = 40
"""How many seeded actions at most :func:`plays` and :func:`positions` take inside the phase they reach."""

_SEED_TRIES: typing.Final = 64
"""How many seeds :func:`positions` tries for a phase a game may skip (an all-pass hand has no exchange)."""


@st.composite
def positions(
    draw: st.DrawFn,
    game: AnyGame | str,
    *,
    phase: str | None = None,
    options: Mapping[str, object] | None = None,
) -> Played:
    """Positions of ``game`` in one of its phases (:attr:`GameInfo.phases <cardrules.game.GameInfo.phases>`).

    ``phase`` names it (``"endgame"``, ``"auction"``, ``"empty-stock"``); by
    default it is drawn. Each example plays seeded legal actions until the
    game is in the phase, then up to a few dozen more that stay in it, so the
    last state is always in the phase. A game that can skip the phase (a
    Calabresella hand that everybody passes has no exchange) is dealt again
    from the next seed; options drawn here under which the phase never comes
    (Backstab Fish with a stall limit of 1 ends before the stock is empty)
    are drawn again.

    >>> from hypothesis import find
    >>> find(positions("fildinski", phase="endgame"), lambda p: True).state.phase_name
    'endgame'

    Raises:
        InvalidArgumentError: the game has no phase of that name, or no game
            from many seeds reaches it under the options given.
    """
    if isinstance(game, str):
        chosen = _game(game, options if options is not None else draw(game_options(game)))
    else:
        chosen = game
    wanted = _phase_of_game(chosen, phase) if phase is not None else draw(st.sampled_from(chosen.info.phases))
    first = draw(st.integers(min_value=0, max_value=2**16), label="seed")
    linger = draw(st.integers(min_value=0, max_value=_LINGER), label="linger")
    for seed in range(first, first + _SEED_TRIES):
        rng = random.Random(f"cardrules.testing/{seed}")
        walk = _Walk([chosen.new_game(seed)], [])
        _play_to_phase(walk, wanted, rng)
        if walk.state.phase_name == wanted:
            _linger(walk, wanted, linger, rng)
            return Played(chosen, seed, tuple(walk.actions), tuple(walk.states))
    if isinstance(game, str) and options is None:
        reject()  # options drawn here under which the phase never comes (a stall limit of 1): draw others
    raise InvalidArgumentError(
        f"no {chosen.name} game from seeds {first} to {first + _SEED_TRIES - 1} reaches the phase {wanted!r}"
    )


def states(
    game: AnyGame | str,
    *,
    options: Mapping[str, object] | None = None,
    max_steps: int = 60,
    fast_forward: int | None = None,
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
    for a richer choice) and of the next states, taken by any seat. A
    candidate is drawn, and the first refused one from it on (in text order,
    round to the start) is the example: so only a few candidates are judged
    per example, and shrinking goes towards the first refused one.

    Raises:
        ValueError: no candidate is illegal (never the case in the library's games), when drawn.
    """
    candidates = candidate_actions(state, nearby)
    return _first_refused(state, candidates)


@st.composite
def _first_refused(draw: st.DrawFn, state: AnyState, candidates: tuple[Action, ...]) -> Action:
    """The first candidate ``state`` refuses, from one drawn on."""
    if candidates:
        start = draw(st.integers(min_value=0, max_value=len(candidates) - 1), label="candidate")
        for offset in range(len(candidates)):
            action = candidates[(start + offset) % len(candidates)]
            if not state.check(action).legal:
                return action
    raise InvalidArgumentError(f"no plausible illegal action found in {state.compact()}")


def records(game: AnyGame | str, *, options: Mapping[str, object] | None = None) -> st.SearchStrategy[Record]:
    """Records of complete games of ``game``, claiming the final scores."""
    return plays(game, options=options, max_steps=20, to_end=True).map(lambda played: played.record())
