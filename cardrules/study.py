"""Simulation studies: many random legal games of one game, on any ``concurrent.futures`` executor.

:func:`simulate` plays one game per seed: the deal comes from the seed
(``new_game(seed=seed)``) and every action is drawn from the legal actions by
a random player seeded from the same seed, so each game depends on its seed
alone. The games are played in batches on the executor the caller chooses (see
:func:`cardrules.parallel.map_in_order`) and their results come back in seed
order, the same whatever the executor and however many workers it has.
``cardrules simulate`` is this function with a summary.

>>> from cardrules.study import simulate
>>> [(r.seed, r.steps, r.outcome.scores) for r in simulate("calabresella", {}, range(2))]
[(0, 41, (-12, 24, -12)), (1, 40, (12, -6, -6))]
"""

from __future__ import annotations

import functools
import random
from collections.abc import Generator, Iterable, Mapping
from concurrent.futures import Executor
from dataclasses import dataclass

from cardrules.errors import InvalidArgumentError
from cardrules.game import Action, AnyGame, Outcome
from cardrules.games import get_game
from cardrules.parallel import DEFAULT_CHUNK, DEFAULT_IN_FLIGHT, map_in_order
from cardrules.records.model import Record, record_of

__all__ = ["GameResult", "play_random", "simulate"]


@dataclass(frozen=True, slots=True)
class GameResult:
    """One game of a study.

    Attributes:
        seed: the game's seed (of the deal and of the random player).
        outcome: how the game ended.
        steps: how many actions it took.
        record: the game's record, when records were asked for; else ``None``.
    """

    seed: int
    outcome: Outcome
    steps: int
    record: Record | None = None


def play_random(game: AnyGame, seed: int, *, keep_record: bool = False) -> GameResult:
    """Play one game of ``game`` from ``seed`` to its end, every action drawn at random from the legal ones.

    The random player is seeded from ``seed`` (apart from the deal's shuffle),
    so the same game and seed always give the same game.
    """
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise InvalidArgumentError(f"a seed is a whole number, not {seed!r}")
    chooser = random.Random(f"cardrules.study:{seed}")
    state = game.new_game(seed=seed)
    played: list[Action] = []
    while not state.is_terminal:
        action = chooser.choice(state.legal_actions())
        played.append(action)
        state = state.apply(action)
    outcome = state.outcome()
    if outcome is None or state.legal_actions():  # pragma: no cover - every game's own tests exclude it
        raise AssertionError(f"game {seed}: a terminal state must have an outcome and no legal action")
    record = record_of(game, state, played, claimed_scores=state.scores()) if keep_record else None
    return GameResult(seed, outcome, len(played), record)


@functools.lru_cache(maxsize=8)
def _game(name: str, options: tuple[tuple[str, object], ...]) -> AnyGame:
    """The game a worker plays, made once per worker for each name and options."""
    return get_game(name, **dict(options))


def _play_batch(
    seeds: tuple[int, ...], name: str, options: tuple[tuple[str, object], ...], keep_record: bool
) -> tuple[GameResult, ...]:
    """Play the game of each seed of ``seeds`` (the work a worker process is sent)."""
    game = _game(name, options)
    return tuple(play_random(game, seed, keep_record=keep_record) for seed in seeds)


def simulate(
    game_name: str,
    options: Mapping[str, object],
    seeds: Iterable[int],
    *,
    executor: Executor | None = None,
    keep_records: bool = False,
    chunk: int = DEFAULT_CHUNK,
    in_flight: int = DEFAULT_IN_FLIGHT,
) -> Generator[GameResult, None, None]:
    """Play one random legal game for each seed and yield the results in seed order.

    Args:
        game_name: the game, as :func:`cardrules.get_game() <cardrules.games.get_game>` takes it.
        options: its options (names to values, text or typed).
        seeds: the seeds, read lazily.
        executor: where the games are played: ``None`` in the calling thread,
            or any :class:`concurrent.futures.Executor`.
        keep_records: whether each result carries the game's record.
        chunk: how many games one task plays.
        in_flight: how many tasks may be submitted and not yet collected.

    Raises:
        UnknownGameError, InvalidOptionError: the game or an option is wrong
            (at once, before any game is played).
    """
    given = tuple(options.items())
    _game(game_name, given)  # a wrong game or option fails here, in the caller
    work = functools.partial(_play_batch, name=game_name, options=given, keep_record=keep_records)
    return map_in_order(work, seeds, executor=executor, chunk=chunk, in_flight=in_flight)
