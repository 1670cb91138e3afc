"""``cardrules simulate``: random legal games, summarized, with their records if asked."""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

from cardrules.errors import CardRulesError
from cardrules.game import Action, AnyGame, Outcome
from cardrules.games import GAMES, get_game
from cardrules.records import Record, dumps, record_of, write_atomically

from .common import Subcommands, parse_options

__all__ = ["register"]


def _play_random(
    game: AnyGame, seed: int, rng: random.Random, keep: bool
) -> tuple[Outcome, int, Record | None]:
    state = game.new_game(seed=seed)
    steps = 0
    played: list[Action] = []
    while not state.is_terminal:
        action = rng.choice(state.legal_actions())
        if keep:
            played.append(action)
        state = state.apply(action)
        steps += 1
    if state.legal_actions():
        raise AssertionError(f"game {seed}: a terminal state still has legal actions")
    record = record_of(game, state, played, claimed_scores=state.scores()) if keep else None
    outcome = state.outcome()
    if outcome is None:
        raise AssertionError(f"game {seed}: a terminal state has no outcome")
    return outcome, steps, record


_PROGRESS_SECONDS = 10.0
"""How often ``simulate`` writes a progress line to a standard error that is not a terminal (a CI log)."""


def _cmd_simulate(args: argparse.Namespace) -> int:
    if args.games < 1:
        raise CardRulesError(f"--games takes a positive number, not {args.games}")
    game = get_game(args.game, **parse_options(args.option))
    rng = random.Random(args.seed)
    record_dir: Path | None = args.record_dir
    if record_dir is not None:
        record_dir.mkdir(parents=True, exist_ok=True)
    bar = sys.stderr.isatty() and args.games >= 50
    outcomes: list[Outcome] = []
    steps = 0
    writing = 0.0  # time spent writing records, left out of the throughput
    start = time.perf_counter()
    next_line = start + _PROGRESS_SECONDS  # without a terminal: a progress line every so often
    interrupted = False
    try:
        for i in range(args.games):
            result, taken, record = _play_random(game, args.seed + i, rng, record_dir is not None)
            outcomes.append(result)
            steps += taken
            if record is not None and record_dir is not None:
                began = time.perf_counter()
                write_atomically(record_dir / f"{game.name}-seed{args.seed + i}.toml", dumps(record))
                writing += time.perf_counter() - began
            if bar and (i + 1) % max(1, args.games // 50) == 0:
                done = (i + 1) * 40 // args.games
                print(f"\r[{'#' * done}{'.' * (40 - done)}] {i + 1}/{args.games}", end="", file=sys.stderr)
            elif not bar and time.perf_counter() >= next_line:
                next_line += _PROGRESS_SECONDS
                print(f"cardrules simulate: {i + 1}/{args.games} games", file=sys.stderr, flush=True)
    except KeyboardInterrupt:  # Ctrl-C: the summary of the games played so far, then exit 130
        interrupted = True
    elapsed = max(time.perf_counter() - start - writing, 1e-9)
    if bar:
        print(file=sys.stderr)
    played = len(outcomes)
    if interrupted:
        print(f"cardrules simulate: interrupted after {played} of {args.games} games", file=sys.stderr)
        if not played:
            return 130
    options = " ".join(f"{k}={v}" for k, v in game.options_dict().items())
    print(f"{played} random legal games of {game.name} (seed {args.seed}; {options})")
    # wins: games the seat won outright (alone, or with its partner); ties: games whose
    # best result it shared with a rival (Outcome.tie), counted apart from the wins
    print(f"{'seat':6} {'mean':>8} {'min':>6} {'max':>6} {'wins':>6} {'ties':>6}")
    for seat in range(game.num_players):
        column = [outcome.scores[seat] for outcome in outcomes]
        wins = sum(1 for o in outcomes if seat in o.winners and not o.tie)
        ties = sum(1 for o in outcomes if o.tie and (seat in o.winners or not o.winners))
        mean = statistics.fmean(column)
        print(f"p{seat:<5} {mean:8.2f} {min(column):6d} {max(column):6d} {wins:6d} {ties:6d}")
    print(
        f"{steps} actions in {elapsed:.2f} s: {played / elapsed:.1f} games/s, "
        f"{steps / elapsed:.0f} actions/s; every game ended with no legal action left"
    )
    if record_dir is not None:
        print(f"{played} records written to {record_dir} in {writing:.2f} s")
    return 130 if interrupted else 0


def register(sub: Subcommands) -> None:
    """Add the ``simulate`` subcommand to ``sub``."""
    sim = sub.add_parser("simulate", help="play random legal games and summarize them")
    sim.add_argument("game", choices=sorted(GAMES), help="the game")
    sim.add_argument("--games", type=int, default=100, help="how many games (default 100)")
    sim.add_argument("--seed", type=int, default=0, help="seed of the deals and the random players")
    sim.add_argument("--option", action="append", default=[], metavar="NAME=VALUE", help="a game option")
    sim.add_argument(
        "--record-dir",
        type=Path,
        metavar="DIR",
        help="write each game's record to DIR as GAME-seedS.toml (created if missing)",
    )
    sim.set_defaults(run=_cmd_simulate)
