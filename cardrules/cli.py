"""The ``cardrules`` command.

``cardrules rules GAME [RULE_ID]`` prints a rule book or one rule;
``cardrules simulate GAME`` plays random legal games and summarizes them.

Exit status: 0 success, 1 a finding (reserved for record checks), 2 bad input
(one clear line on stderr, never a traceback).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
import typing
from collections.abc import Sequence

from cardrules.errors import CardRulesError, InvalidOptionError
from cardrules.game import Game
from cardrules.registry import GAMES, get_game
from cardrules.rules import Rule

__all__ = ["main"]


def _parse_options(pairs: Sequence[str]) -> dict[str, object]:
    options: dict[str, object] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name.strip():
            raise InvalidOptionError(pair, f"--option takes NAME=VALUE, not {pair!r}")
        options[name.strip()] = value.strip()
    return options


def _format_rule(rule: Rule) -> str:
    options = ", ".join(rule.options) if rule.options else "none"
    return (
        f"{rule.id}\n  {rule.statement}\n  kind: {rule.kind.value}\n  source: {rule.source}\n"
        f"  options: {options}"
    )


def _cmd_rules(args: argparse.Namespace) -> int:
    game = get_game(args.game)
    if args.rule_id:
        if args.rule_id not in game.rules:
            raise CardRulesError(
                f"{args.game} has no rule {args.rule_id!r}; see `cardrules rules {args.game}`"
            )
        print(_format_rule(game.rules[args.rule_id]))
        return 0
    for rule in game.rules:
        print(f"{rule.id:45} {rule.kind.value:12} {rule.statement}")
    return 0


def _play_random(game: Game, seed: int, rng: random.Random) -> tuple[tuple[int, ...], int]:
    state = game.new_game(seed=seed)
    steps = 0
    while not state.is_terminal:
        state = state.apply(rng.choice(state.legal_actions()))
        steps += 1
    if state.legal_actions():
        raise AssertionError(f"game {seed}: a terminal state still has legal actions")
    return state.scores(), steps


def _cmd_simulate(args: argparse.Namespace) -> int:
    if args.games < 1:
        raise CardRulesError(f"--games takes a positive number, not {args.games}")
    game = get_game(args.game, **_parse_options(args.option))
    rng = random.Random(args.seed)
    show_progress = sys.stderr.isatty() and args.games >= 50
    scores: list[tuple[int, ...]] = []
    steps = 0
    start = time.perf_counter()
    for i in range(args.games):
        result, taken = _play_random(game, args.seed + i, rng)
        scores.append(result)
        steps += taken
        if show_progress and (i + 1) % max(1, args.games // 50) == 0:
            done = (i + 1) * 40 // args.games
            print(f"\r[{'#' * done}{'.' * (40 - done)}] {i + 1}/{args.games}", end="", file=sys.stderr)
    elapsed = time.perf_counter() - start
    if show_progress:
        print(file=sys.stderr)
    options = " ".join(f"{k}={v}" for k, v in game.options_dict().items())
    print(f"{args.games} random legal games of {game.name} (seed {args.seed}; {options})")
    print(f"{'seat':6} {'mean':>8} {'min':>6} {'max':>6} {'wins':>6}")
    best = [max(row) for row in scores]
    for seat in range(game.num_players):
        column = [row[seat] for row in scores]
        wins = sum(1 for row, top in zip(scores, best, strict=True) if row[seat] == top)
        print(f"p{seat:<5} {statistics.fmean(column):8.2f} {min(column):6d} {max(column):6d} {wins:6d}")
    print(
        f"{steps} actions in {elapsed:.2f} s: {args.games / elapsed:.1f} games/s, "
        f"{steps / elapsed:.0f} actions/s; every game ended with no legal action left"
    )
    return 0


class _Parser(argparse.ArgumentParser):
    """An argument parser whose usage errors are one line on stderr and exit status 2."""

    def error(self, message: str) -> typing.NoReturn:
        self.exit(2, f"{self.prog}: error: {message} (see {self.prog} --help)\n")


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="cardrules", description="Rules reference and adjudication for card games.")
    sub = parser.add_subparsers(dest="command", required=True)
    rules = sub.add_parser("rules", help="print a game's rule book, or one rule")
    rules.add_argument("game", choices=sorted(GAMES))
    rules.add_argument("rule_id", nargs="?")
    rules.set_defaults(run=_cmd_rules)
    sim = sub.add_parser("simulate", help="play random legal games and summarize them")
    sim.add_argument("game", choices=sorted(GAMES))
    sim.add_argument("--games", type=int, default=100, help="how many games (default 100)")
    sim.add_argument("--seed", type=int, default=0, help="seed of the deals and the random players")
    sim.add_argument("--option", action="append", default=[], metavar="NAME=VALUE", help="a game option")
    sim.set_defaults(run=_cmd_simulate)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command with ``argv`` (default: the process arguments); return the exit status."""
    parser = _parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as stop:  # argparse has printed its one-line usage error
        return 2 if stop.code else 0
    try:
        status: int = args.run(args)
    except CardRulesError as error:
        print(f"cardrules: error: {error}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # the reader (say, `head`) stopped reading: not an error
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0
    except KeyboardInterrupt:
        print("cardrules: interrupted", file=sys.stderr)
        return 130
    return status


if __name__ == "__main__":
    sys.exit(main())
