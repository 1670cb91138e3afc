"""How fast do the games play through the OpenSpiel and PettingZoo adapters, against cardrules directly?

Run it with::

    python -m tests.benchmarks.agents_bench [GAME ...] [--seconds S] [--repeat N] [--json PATH]

or ``nox -s bench``. For each game it plays complete games at random three ways,
taking turns so that a slow patch of the machine hits them all alike:

- ``direct``: ``game.from_deal(deck, seed=deal_seed(deck))``, then a uniformly
  random legal action until the game is over (the engine alone);
- ``openspiel``: the same deals through OpenSpiel (every card of the first deck
  a chance outcome, then a uniformly random legal decision until the end);
- ``pettingzoo``: ``env.reset(seed=...)``, then ``env.last()`` and a uniformly
  random decision of the action mask until every agent is done (an observation
  vector for every step, as an agent would get it);
- ``observing``: direct play that also asks the engine, at every step, for the
  observation of the seat to act (``state.observation(seat)``): what any agent
  needs, and so the fair yardstick of an environment that hands one out at
  every step.

It prints games per second for each and the adapters' ratio to direct play in
the same run (the issue's target: 0.5 or better), and PettingZoo's ratio to
direct play that observes. A framework that is not
installed is left out, saying so. Backstab Fish plays with ``stall_limit=40``
so that one game stays short; the other games use their defaults.
"""

from __future__ import annotations

import argparse
import importlib
import json
import random
import statistics
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from time import perf_counter
from typing import Any, Final

import cardrules
from cardrules.agents import deal_seed
from cardrules.features import card_slots
from cardrules.game import AnyGame

__all__ = ["main"]

OPTIONS: Final = {"backstab_fish": {"stall_limit": 40}}
"""Options that keep one random game short enough to time many."""

Player = Callable[[int], int]
"""Plays the game of one seed to the end; returns how many actions or decisions it took."""


def _deck(game: AnyGame, seed: int) -> tuple[cardrules.Card, ...]:
    return game.new_game(seed=seed).dealt_decks()[0]


def direct_player(game: AnyGame, *, observing: bool = False) -> Player:
    """Random play through cardrules alone (``observing``: asking for the acting seat's view each step)."""

    def play(seed: int) -> int:
        deck = _deck(game, seed)
        state = game.from_deal(deck, seed=deal_seed(deck))
        rng = random.Random(seed)
        count = 0
        legal = state.legal_actions()
        while legal:
            if observing:
                state.observation(state.current_player)
            state = state.apply(rng.choice(legal))
            legal = state.legal_actions()
            count += 1
        return count

    return play


def openspiel_player(name: str, game: AnyGame) -> Player | None:
    """Random play through ``cardrules.openspiel``, the same deals dealt as chance outcomes."""
    try:
        from cardrules.openspiel import load
    except ImportError:
        return None
    spiel_game = load(name, **OPTIONS.get(name, {}))
    slots = card_slots(game.pack())

    def play(seed: int) -> int:
        state = spiel_game.new_initial_state()
        for card in _deck(game, seed):
            state.apply_action(slots[card])
        rng = random.Random(seed)
        count = 0
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            count += 1
        return count

    return play


def pettingzoo_player(name: str) -> Player | None:
    """Random play through ``cardrules.pettingzoo``, observations and masks included."""
    try:
        adapter: Any = importlib.import_module("cardrules.pettingzoo")
    except ImportError:
        return None
    env: Any = adapter.env(name, **OPTIONS.get(name, {}))

    def play(seed: int) -> int:
        env.reset(seed=seed)
        rng = random.Random(seed)
        count = 0
        for _agent in env.agent_iter():
            observation, _reward, terminated, truncated, _info = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            mask = observation["action_mask"]
            env.step(rng.choice([index for index, legal in enumerate(mask) if legal]))
            count += 1
        return count

    return play


def _rate(play: Player, seeds: Sequence[int], seconds: float) -> float:
    """Games per second: whole games from ``seeds`` in turn until ``seconds`` have passed."""
    start = perf_counter()
    done = 0
    while True:
        play(seeds[done % len(seeds)])
        done += 1
        elapsed = perf_counter() - start
        if elapsed >= seconds:
            return done / elapsed


def measure(name: str, seconds: float, repeat: int) -> dict[str, object]:
    """Games per second of each way to play ``name``, and the adapters' ratios to direct play."""
    game = cardrules.get_game(name, **OPTIONS.get(name, {}))
    ways: dict[str, Player] = {
        "direct": direct_player(game),
        "observing": direct_player(game, observing=True),
    }
    for label, player in (
        ("openspiel", openspiel_player(name, game)),
        ("pettingzoo", pettingzoo_player(name)),
    ):
        if player is None:
            print(f"{name}: {label} is not installed, left out", file=sys.stderr)
        else:
            ways[label] = player
    seeds = list(range(1, 41))
    for play in ways.values():  # warm up
        play(seeds[0])
    samples: dict[str, list[float]] = {label: [] for label in ways}
    for _ in range(repeat):
        for label, play in ways.items():
            samples[label].append(_rate(play, seeds, seconds))
    medians = {label: statistics.median(rates) for label, rates in samples.items()}
    ratios = {label: medians[label] / medians["direct"] for label in medians if label != "direct"}
    if "pettingzoo" in medians:
        ratios["pettingzoo/observing"] = medians["pettingzoo"] / medians["observing"]
    return {"game": name, "games_per_second": medians, "samples": samples, "ratio_to_direct": ratios}


def main(argv: Sequence[str] | None = None) -> int:
    """Time every game (or those named) and print the table."""
    parser = argparse.ArgumentParser(prog="python -m tests.benchmarks.agents_bench", description=__doc__)
    parser.add_argument(
        "games", nargs="*", default=list(cardrules.GAMES), help="games to time (default: all)"
    )
    parser.add_argument("--seconds", type=float, default=2.0, help="seconds per repetition (default 2)")
    parser.add_argument("--repeat", type=int, default=3, help="repetitions, median shown (default 3)")
    parser.add_argument("--json", metavar="PATH", help="also write the results as JSON to PATH")
    parser.add_argument("--compare", metavar="PATH", help="accepted for nox -s bench; not used here")
    args = parser.parse_args(argv)
    results = [measure(name, args.seconds, args.repeat) for name in args.games]
    print(
        f"{'game':<15}{'direct games/s':>16}{'openspiel':>12}{'ratio':>8}{'pettingzoo':>12}{'ratio':>8}"
        f"{'observing':>12}{'pz/obs':>8}"
    )
    for result in results:
        rates: Any = result["games_per_second"]
        ratios: Any = result["ratio_to_direct"]
        row = f"{result['game']:<15}{rates['direct']:>16.1f}"
        for label in ("openspiel", "pettingzoo"):
            row += f"{rates[label]:>12.1f}{ratios[label]:>8.2f}" if label in rates else f"{'-':>12}{'-':>8}"
        shown = ratios.get("pettingzoo/observing")
        row += f"{rates['observing']:>12.1f}" + (f"{shown:>8.2f}" if shown is not None else f"{'-':>8}")
        print(row)
    if args.json:
        Path(args.json).parent.mkdir(parents=True, exist_ok=True)
        Path(args.json).write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
