"""The ``cardrules`` command (one module per group of subcommands).

``cardrules rules GAME [RULE_ID]`` prints a rule book or one rule;
``cardrules options GAME`` lists a game's options;
``cardrules simulate GAME`` plays random legal games, summarizes them and, with
``--record-dir``, writes the record of each; ``cardrules check RECORD``
adjudicates a recorded game; ``cardrules explain RECORD --step N`` explains one
step of it (steps are numbered from 0: step N is the record's actions[N], and
the state shown is the one before it); ``cardrules position RECORD --step N``
prints the position before step N; ``cardrules judge POSITION ACTION`` judges
one action in a position given on the command line; ``cardrules
export-conformance GAME DIR`` writes a conformance kit and ``cardrules check-conformance DIR`` replays one;
``cardrules claim SOURCE --by SEAT --tricks N`` settles a claim exactly and
``cardrules analyse SOURCE`` values every legal action (SOURCE a record with
``--step N``, or a position text); both search at most 20,000,000 positions
(``--max-nodes``) for at most 60 seconds (``--deadline``; ``--deadline 0``
lifts the time limit).

Exit status: 0 success (for check: every step legal and every claimed score
right), 1 a finding (an illegal step or a wrong claimed score; for explain and
judge: the action is illegal), 2 bad input (one clear line on stderr, never a
traceback).
"""

from __future__ import annotations

import os
import signal
import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from types import FrameType

from cardrules import __version__
from cardrules.errors import CardRulesError
from cardrules.text import safe_text

from . import claims, conformance, records, reference, simulate
from .common import Parser

__all__ = ["main"]


def _parser() -> Parser:
    """The ``cardrules`` argument parser: each subcommand module adds its own subcommands."""
    parser = Parser(prog="cardrules", description="Rules reference and adjudication for card games.")
    parser.add_argument(
        "--version", action="version", version=f"cardrules {__version__}", help="print the version and exit"
    )
    sub = parser.add_subparsers(dest="command", required=True)
    for module in (reference, simulate, records, claims, conformance):
        module.register(sub)
    return parser


_MAX_ERROR_CHARS = 2000
"""The longest error line printed (the library's messages are far shorter; this is a last guard)."""


def _error(message: str) -> None:
    """Print one error line on stderr: control characters neutralised, line breaks as spaces, cut short."""
    line = safe_text(" ".join(message.splitlines()))
    if len(line) > _MAX_ERROR_CHARS:
        line = f"{line[:_MAX_ERROR_CHARS]}... ({len(line)} characters)"
    print(f"cardrules: error: {line}", file=sys.stderr)


def _interrupt(signum: int, frame: FrameType | None) -> None:
    """SIGTERM handler: stop as Ctrl-C stops, through the same clean-up (no temporary file is left)."""
    raise KeyboardInterrupt


@contextmanager
def _terminate_as_interrupt() -> Iterator[None]:
    """While the command runs, SIGTERM raises :class:`KeyboardInterrupt` (main thread only)."""
    try:
        previous = signal.signal(signal.SIGTERM, _interrupt)
    except ValueError:  # not the main thread: leave signals alone
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command with ``argv`` (default: the process arguments); return the exit status.

    SIGTERM stops a command as Ctrl-C does (exit status 130, after the same
    clean-up: ``simulate`` prints what it played and leaves no temporary file).
    """
    parser = _parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as stop:  # argparse has printed its one-line usage error
        return 2 if stop.code else 0
    try:
        with _terminate_as_interrupt():
            status: int = args.run(args)
    except CardRulesError as error:
        _error(str(error))
        return 2
    except BrokenPipeError:  # the reader (say, `head`) stopped reading: not an error
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0
    except OSError as error:  # a record that cannot be read, a directory that cannot be written
        where = f"{error.filename}: " if error.filename else ""
        _error(f"{where}{error.strerror or error}")
        return 2
    except KeyboardInterrupt:
        print("cardrules: interrupted", file=sys.stderr)
        return 130
    return status
