"""``cardrules export-conformance`` and ``check-conformance``: kits for testing another engine."""

from __future__ import annotations

import argparse
from pathlib import Path

from cardrules.errors import CardRulesError
from cardrules.games import GAMES
from cardrules.testing.conformance import export_kit, replay_kit

from .common import Subcommands, parse_options

__all__ = ["register"]


def _cmd_export_conformance(args: argparse.Namespace) -> int:
    if args.cases < 1:
        raise CardRulesError(f"--cases takes a positive number, not {args.cases}")
    written = export_kit(
        args.game, args.directory, cases=args.cases, seed=args.seed, options=parse_options(args.option)
    )
    print(f"{len(written)} {args.game} conformance cases and manifest.json written to {args.directory}")
    return 0


def _cmd_check_conformance(args: argparse.Namespace) -> int:
    problems = replay_kit(args.directory)
    for problem in problems:
        print(problem)
    print("the kit agrees with the reference" if not problems else f"{len(problems)} differences")
    return 0 if not problems else 1


def register(sub: Subcommands) -> None:
    """Add the ``export-conformance`` and ``check-conformance`` subcommands to ``sub``."""
    kit = sub.add_parser(
        "export-conformance",
        help="write a conformance kit: golden cases as JSON for testing another engine",
    )
    kit.add_argument("game", choices=sorted(GAMES), help="the game")
    kit.add_argument("directory", type=Path, metavar="DIR", help="the kit's directory (created if missing)")
    kit.add_argument("--cases", type=int, default=40, help="how many cases (default 40)")
    kit.add_argument("--seed", type=int, default=0, help="seed of the games the cases come from")
    kit.add_argument("--option", action="append", default=[], metavar="NAME=VALUE", help="a game option")
    kit.set_defaults(run=_cmd_export_conformance)
    replay_kit_cmd = sub.add_parser(
        "check-conformance", help="replay a conformance kit against this version of the reference"
    )
    replay_kit_cmd.add_argument("directory", type=Path, metavar="DIR", help="the kit's directory")
    replay_kit_cmd.set_defaults(run=_cmd_check_conformance)
