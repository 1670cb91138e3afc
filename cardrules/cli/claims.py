"""``cardrules claim`` and ``cardrules analyse``: settling claims and valuing every legal play, exactly.

Both take a position: a record and ``--step N`` (the position before step N),
or, without ``--step``, a position text (``-`` reads standard input).
``claim`` exits 0 when the claim holds, 1 when it fails (printing the
refutation) and 2 on bad input; ``analyse`` prints each legal action with its
value and exits 0. ``claim --score S`` and ``analyse --unit score`` count a
Calabresella hand's settlement for the claiming (or acting) seat instead of
its thirds, cappotto and stramazzo included.

On the command line the search has a wall-clock limit by default,
:data:`DEFAULT_SECONDS` (60 seconds), besides the solver's node budget: a
whole deal can take many minutes, and a script should not wait for that
unawares. ``--deadline SECONDS`` sets another limit and ``--deadline 0``
lifts it (the node budget, ``--max-nodes``, still holds).
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Final

from cardrules.errors import SolveBudgetExceeded
from cardrules.game import AnyState
from cardrules.games import from_position
from cardrules.records import MAX_RECORD_SIZE
from cardrules.solve import DEFAULT_MAX_NODES, analyse, claim

from .common import Subcommands, record_state, seconds_number, step_number, whole_number

__all__ = ["DEFAULT_SECONDS", "register"]

DEFAULT_SECONDS: Final = 60.0
"""The wall-clock limit of ``claim`` and ``analyse`` when ``--deadline`` is not given (seconds)."""


def _state(args: argparse.Namespace) -> AnyState:
    """The position the arguments name: before step ``--step`` of a record, or a position text."""
    if args.step is None:
        text = sys.stdin.read(MAX_RECORD_SIZE + 1) if args.source == "-" else args.source
        return from_position(text.strip())
    return record_state(args.source, args.step)


def _deadline(args: argparse.Namespace) -> float | None:
    """The solver's deadline: ``--deadline`` as given, the default limit without it, ``None`` for 0."""
    given: float | None = args.deadline
    if given is None:
        return DEFAULT_SECONDS
    return given if given > 0 else None


def _budget_ran_out(error: SolveBudgetExceeded, args: argparse.Namespace) -> SolveBudgetExceeded:
    """``error`` with a message that says how to give the search more room."""
    if args.deadline is None and error.budget.startswith("deadline="):
        how = (
            f"the command's default limit of {DEFAULT_SECONDS:g} seconds ran out; "
            "give more with --deadline SECONDS, or lift it with --deadline 0"
        )
    elif error.budget.startswith("deadline="):
        how = "give more with --deadline SECONDS, or lift it with --deadline 0"
    else:
        how = "give more with --max-nodes N"
    wider = SolveBudgetExceeded(error.budget, error.nodes)
    wider.args = (f"{error} ({how})",)
    return wider


def _cmd_claim(args: argparse.Namespace) -> int:
    state = _state(args)
    try:
        # the claimer goes to the game as text: it reads seat numbers in ASCII digits only
        result = claim(
            state,
            by=args.by,
            tricks=args.tricks,
            points=args.points,
            score=args.score,
            max_nodes=args.max_nodes,
            deadline=_deadline(args),
        )
    except SolveBudgetExceeded as error:
        raise _budget_ran_out(error, args) from None
    if args.json:
        data = {
            "holds": result.holds,
            "holds_always": result.holds_always,
            "by": list(result.by),
            "unit": result.unit,
            "claimed": result.claimed,
            "best": result.best,
            "refutation": list(result.refutation),
            "nodes": result.nodes,
        }
        print(json.dumps(data, indent=2))
        return 0 if result.holds else 1
    seats = ", ".join(f"p{seat}" for seat in result.by)
    if result.unit == "score":
        asked = f"{seats} claim a score of at least {result.claimed} for the hand"
    else:
        asked = f"{seats} claim {result.claimed} {result.unit} from here"
    if result.holds:
        always = {
            True: "; it holds whatever anyone plays",
            False: "",
            None: "; whether it holds whatever anyone plays was not settled within the budget",
        }[result.holds_always]
        print(f"claim holds: {asked} (best play makes {result.best}){always}")
        return 0
    print(f"claim fails: {asked}, but best play against them makes {result.best}")
    print("refutation:")
    for text in result.refutation:
        print(f"  {text}")
    return 1


def _cmd_analyse(args: argparse.Namespace) -> int:
    state = _state(args)
    try:
        result = analyse(state, unit=args.unit, max_nodes=args.max_nodes, deadline=_deadline(args))
    except SolveBudgetExceeded as error:
        raise _budget_ran_out(error, args) from None
    if args.json:
        data = {
            "seat": result.seat,
            "side": list(result.side),
            "unit": result.unit,
            "value": result.value,
            "actions": [
                {"action": str(item.action), "value": item.value, "loss": item.loss}
                for item in result.actions
            ],
            "nodes": result.nodes,
        }
        print(json.dumps(data, indent=2))
        return 0
    side = ", ".join(f"p{seat}" for seat in result.side)
    made = f"a score of {result.value}" if result.unit == "score" else f"{result.value} {result.unit}"
    print(f"p{result.seat} to act; best play makes {made} for {side}")
    width = max(len(str(item.action)) for item in result.actions)
    for item in result.actions:
        note = "best" if item.loss == 0 else f"loses {item.loss}"
        print(f"  {item.action!s:<{width}}  {item.value:>3}  {note}")
    return 0


def _source_and_budget(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "source",
        metavar="SOURCE",
        help="a record file with --step, or a position text (- reads standard input)",
    )
    parser.add_argument(
        "--step",
        type=step_number,
        metavar="N",
        help="the position before step N of the record SOURCE (from 0)",
    )
    parser.add_argument("--json", action="store_true", help="print the answer as a JSON object")
    parser.add_argument(
        "--max-nodes",
        type=whole_number,
        default=DEFAULT_MAX_NODES,
        metavar="N",
        help=f"the most positions the solver searches (default {DEFAULT_MAX_NODES:,})",
    )
    parser.add_argument(
        "--deadline",
        type=seconds_number,
        metavar="SECONDS",
        help=f"the most seconds the solver may take (default {DEFAULT_SECONDS:g}; 0: no time limit, "
        "only --max-nodes)",
    )


def register(sub: Subcommands) -> None:
    """Add the ``claim`` and ``analyse`` subcommands to ``sub``."""
    cl = sub.add_parser(
        "claim", help="settle a claim exactly: exit 0 it holds, 1 it fails (with the refutation), 2 bad input"
    )
    _source_and_budget(cl)
    cl.add_argument("--by", required=True, help="the claimer: a seat (0, p1, a seat name) or a side (NS, EW)")
    amount = cl.add_mutually_exclusive_group(required=True)
    amount.add_argument("--tricks", type=whole_number, metavar="N", help="the tricks claimed from here")
    amount.add_argument("--points", type=whole_number, metavar="P", help="the points claimed from here")
    amount.add_argument(
        "--score",
        type=whole_number,
        metavar="S",
        help="the least payment claimed for the whole hand (Calabresella; negative: pays at most -S)",
    )
    cl.set_defaults(run=_cmd_claim)
    an = sub.add_parser("analyse", help="the exact value of every legal action of the player to act")
    _source_and_budget(an)
    an.add_argument(
        "--unit",
        metavar="UNIT",
        help="count in UNIT instead of the game's claim unit: score (Calabresella: the hand's payment)",
    )
    an.set_defaults(run=_cmd_analyse)
