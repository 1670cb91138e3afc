"""The benchmark harness the games share: random games, ``legal_actions()`` and ``check()`` rates.

A game's benchmark module names its variants (option sets, and how a random
player picks among the legal actions) and calls :func:`bench_main`. One process,
one core; each measurement runs for about ``--seconds`` (``--repeat`` times,
median shown) and counts whole units of work:

- complete random games (or hands) of each variant through the public API:
  ``new_game(seed=i)``, then the chosen legal action until none is legal;
- ``legal_actions()`` on a fixed set of states reached by random play (every
  ``SAMPLE_EVERY``-th state of a few games of the first variant);
- ``check()`` on a fixed mix: for each of those states one legal action and the
  illegal probes of :func:`cardrules.testing.probing.illegal_probes` (a card not held,
  out of turn, an action that breaks one of the game's own rules, ...).
"""

from __future__ import annotations

import argparse
import random
import statistics
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from time import perf_counter
from typing import Final

import cardrules
from cardrules.game import Action, AnyGame, AnyState
from cardrules.testing.probing import illegal_probes

__all__ = ["Variant", "bench_main", "random_game", "sample_states", "uniform"]

SAMPLE_SEEDS: Final = range(1000, 1006)
SAMPLE_EVERY: Final = 5

Chooser = Callable[[AnyState, tuple[Action, ...], random.Random], Action]
"""How a random player picks one of the legal actions of a state."""


def uniform(state: AnyState, legal: tuple[Action, ...], rng: random.Random) -> Action:
    """Any legal action, each as likely (what ``cardrules simulate`` does)."""
    return rng.choice(legal)


@dataclass(frozen=True)
class Variant:
    """One kind of random game to time: a label, the options and the random player."""

    label: str
    options: Mapping[str, object] = field(default_factory=dict)
    choose: Chooser = uniform


def random_game(game: AnyGame, seed: int, choose: Chooser = uniform) -> tuple[AnyState, int]:
    """Play one game to the end with ``choose``; the final state and the number of actions."""
    rng = random.Random(seed)
    state = game.new_game(seed=seed)
    legal = state.legal_actions()
    count = 0
    while legal:
        state = state.apply(choose(state, legal, rng))
        legal = state.legal_actions()
        count += 1
    return state, count


def sample_states(game: AnyGame, choose: Chooser = uniform) -> list[AnyState]:
    """Every ``SAMPLE_EVERY``-th state of the games of ``SAMPLE_SEEDS`` (never a final state)."""
    out: list[AnyState] = []
    for seed in SAMPLE_SEEDS:
        rng = random.Random(seed)
        state = game.new_game(seed=seed)
        step = 0
        while not state.is_terminal:
            if step % SAMPLE_EVERY == 0:
                out.append(state)
            state = state.apply(choose(state, state.legal_actions(), rng))
            step += 1
    return out


def _check_mix(states: Sequence[AnyState]) -> list[tuple[AnyState, Action]]:
    rng = random.Random(7)
    pairs: list[tuple[AnyState, Action]] = []
    for state in states:
        pairs.append((state, rng.choice(state.legal_actions())))
        pairs.extend((state, action) for action, _ in illegal_probes(state)[:3])
    return pairs


def _rate(work: Callable[[], int], seconds: float, repeats: int) -> float:
    """Units of work per second: the median of ``repeats`` runs of about ``seconds`` each."""
    work()  # warm up
    rates: list[float] = []
    for _ in range(repeats):
        done = 0
        start = perf_counter()
        while (elapsed := perf_counter() - start) < seconds:
            done += work()
        rates.append(done / elapsed)
    return statistics.median(rates)


def _time_games(game: AnyGame, choose: Chooser, seconds: float, repeats: int) -> tuple[float, float]:
    """Games per second, and the actions per second that makes."""
    seeds = iter(range(10**9))
    played = [0, 0]  # games, actions

    def one_game() -> int:
        _, count = random_game(game, next(seeds), choose)
        played[0] += 1
        played[1] += count
        return 1

    per_second = _rate(one_game, seconds, repeats)
    return per_second, per_second * played[1] / played[0]


def bench_main(
    name: str,
    title: str,
    variants: Sequence[Variant],
    argv: Sequence[str] | None = None,
    *,
    unit: str = "games",
    fresh: Callable[[AnyState], AnyState] = lambda state: state,
) -> int:
    """Parse ``--seconds`` and ``--repeat``, time game ``name`` and print one line per measurement.

    ``fresh`` readies a sampled state for another ``legal_actions()`` call (an
    engine that remembers its answer must forget it, so that the call does the
    work again).
    """
    parser = argparse.ArgumentParser(
        prog=f"python -m tests.benchmarks.{name}_bench", description=f"Time the {title} engine."
    )
    parser.add_argument("--seconds", type=float, default=2.0, help="seconds per measurement (default 2)")
    parser.add_argument(
        "--repeat", type=int, default=1, help="runs per measurement, median shown (default 1)"
    )
    args = parser.parse_args(argv)
    if not args.seconds > 0 or args.repeat < 1:
        parser.error("--seconds takes a positive number and --repeat a positive whole number")
    seconds: float = args.seconds
    repeats: int = args.repeat
    print(f"cardrules {cardrules.__version__} {title} benchmark: one core, {repeats} x {seconds:g} s each")
    for variant in variants:
        game = cardrules.get_game(name, **variant.options)
        per_second, actions = _time_games(game, variant.choose, seconds, repeats)
        label = f"{unit} ({variant.label}):"
        print(f"{label}{per_second:>{48 - len(label)},.1f} {unit}/s  ({actions:,.0f} actions/s)")
    first = variants[0]
    states = sample_states(cardrules.get_game(name, **first.options), first.choose)
    pairs = _check_mix(states)
    illegal = sum(1 for state, action in pairs if not state.check(action).legal)

    def legal_calls() -> int:
        for state in states:
            fresh(state).legal_actions()
        return len(states)

    def check_calls() -> int:
        for state, action in pairs:
            state.check(action)
        return len(pairs)

    label = f"legal_actions() on {len(states)} states:"
    print(f"{label}{_rate(legal_calls, seconds, repeats):>{48 - len(label)},.0f} calls/s")
    label = f"check() on {len(pairs)} actions, {illegal} illegal:"
    print(f"{label}{_rate(check_calls, seconds, repeats):>{48 - len(label)},.0f} calls/s")
    return 0
