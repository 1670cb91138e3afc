"""``cardrules simulate``: random legal games, summarized, with their records if asked.

The games are :func:`cardrules.study.simulate`'s: game ``S`` is played from
seed ``S`` alone, so ``--seed 5 --games 1`` replays the sixth game of
``--seed 0 --games 10``, and ``--jobs`` changes the speed, never the games.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

from cardrules import study
from cardrules.errors import CardRulesError
from cardrules.game import Outcome
from cardrules.games import GAMES, get_game
from cardrules.notation import format_seat as seat_token
from cardrules.records import dumps, write_atomically
from cardrules.study import GameResult

from .common import Progress, Subcommands, jobs_option, parse_options, print_json, progress_option, workers

__all__ = ["register"]


def _game_data(game: str, result: GameResult) -> dict[str, object]:
    """One game of ``simulate --json``, as a JSON Lines object."""
    outcome = result.outcome
    return {
        "game": game,
        "seed": result.seed,
        "steps": result.steps,
        "scores": {seat_token(seat): score for seat, score in enumerate(outcome.scores)},
        "winners": [seat_token(seat) for seat in outcome.winners],
        "tie": outcome.tie,
        "rule": outcome.rule,
        "reason": outcome.reason,
    }


def _cmd_simulate(args: argparse.Namespace) -> int:
    if args.games < 1:
        raise CardRulesError(f"--games takes a positive number, not {args.games}")
    options = parse_options(args.option)
    game = get_game(args.game, **options)
    record_dir: Path | None = args.record_dir
    if record_dir is not None:
        record_dir.mkdir(parents=True, exist_ok=True)
    seeds = range(args.seed, args.seed + args.games)
    progress = Progress("simulate", "games", args.games, args.progress)
    outcomes: list[Outcome] = []
    steps = 0
    writing = 0.0  # time spent writing records, left out of the throughput
    start = time.perf_counter()
    interrupted = False
    with workers(args.jobs) as executor:
        try:
            played = study.simulate(
                args.game, options, seeds, executor=executor, keep_records=record_dir is not None
            )
            for result in played:
                outcomes.append(result.outcome)
                steps += result.steps
                if result.record is not None and record_dir is not None:
                    began = time.perf_counter()
                    write_atomically(record_dir / f"{game.name}-seed{result.seed}.toml", dumps(result.record))
                    writing += time.perf_counter() - began
                if args.json:
                    print_json(_game_data(game.name, result), lines=True)
                progress.advance(len(outcomes))
        except KeyboardInterrupt:  # Ctrl-C: the summary of the games played so far, then exit 130
            interrupted = True
    # in this process, writing the records holds the games up, so it is left out of the rate;
    # with worker processes the games go on meanwhile, and the rate is the wall clock's
    elapsed = max(time.perf_counter() - start - (writing if args.jobs == 1 else 0.0), 1e-9)
    progress.close()
    count = len(outcomes)
    if interrupted:
        print(f"cardrules simulate: interrupted after {count} of {args.games} games", file=sys.stderr)
        if not count:
            return 130
    # with --json the games are the output, one a line, and the summary goes to standard error
    out = sys.stderr if args.json else sys.stdout
    options_text = " ".join(f"{k}={v}" for k, v in game.options_dict().items())
    print(f"{count} random legal games of {game.name} (seed {args.seed}; {options_text})", file=out)
    # wins: games the seat won outright (alone, or with its partner); ties: games whose
    # best result it shared with a rival (Outcome.tie), counted apart from the wins
    print(f"{'seat':6} {'mean':>8} {'min':>6} {'max':>6} {'wins':>6} {'ties':>6}", file=out)
    for seat in range(game.num_players):
        column = [outcome.scores[seat] for outcome in outcomes]
        wins = sum(1 for o in outcomes if seat in o.winners and not o.tie)
        ties = sum(1 for o in outcomes if o.tie and (seat in o.winners or not o.winners))
        mean = statistics.fmean(column)
        print(f"p{seat:<5} {mean:8.2f} {min(column):6d} {max(column):6d} {wins:6d} {ties:6d}", file=out)
    print(
        f"{steps} actions in {elapsed:.2f} s: {count / elapsed:.1f} games/s, "
        f"{steps / elapsed:.0f} actions/s; every game ended with no legal action left",
        file=out,
    )
    if record_dir is not None:
        print(f"{count} records written to {record_dir} in {writing:.2f} s", file=out)
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
    sim.add_argument(
        "--json",
        action="store_true",
        help="print each game as a JSON object, one a line (JSON Lines); the summary goes to standard error",
    )
    jobs_option(sim)
    progress_option(sim)
    sim.set_defaults(run=_cmd_simulate)
