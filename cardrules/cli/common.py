"""What the subcommands share: the argument parser, game options, record files, the step option.

Also the habits of the commands that run long (``check`` over many records,
``simulate``): ``--jobs N`` worker processes, progress on standard error, and
JSON output.
"""

from __future__ import annotations

import argparse
import contextlib
import errno
import json
import re
import signal
import stat
import sys
import time
import typing
from collections.abc import Iterator, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from pathlib import Path

from cardrules.errors import InvalidOptionError
from cardrules.game import AnyState
from cardrules.options import did_you_mean
from cardrules.records import MAX_RECORD_SIZE, Record, RecordError, load, loads
from cardrules.records.explain import steps_range
from cardrules.records.files import file_kind
from cardrules.records.replay import initial_state, steps
from cardrules.records.validate import prepare
from cardrules.text import BIDI_CONTROLS, echo, safe_text

__all__ = [
    "RECORD_HELP",
    "Parser",
    "Progress",
    "Subcommands",
    "jobs_option",
    "json_option",
    "json_text",
    "parse_options",
    "print_json",
    "progress_option",
    "read_record",
    "record_names",
    "record_state",
    "say",
    "seconds_number",
    "skipped_line",
    "step_number",
    "step_option",
    "whole_number",
    "workers",
]

Subcommands: typing.TypeAlias = "argparse._SubParsersAction[argparse.ArgumentParser]"
"""The object each subcommand module registers its subcommands with."""

RECORD_HELP: typing.Final = "the record file, TOML or JSON (- reads standard input)"
"""The help text of a subcommand's one record argument."""


class Parser(argparse.ArgumentParser):
    """An argument parser whose usage errors are one line on stderr and exit status 2."""

    def error(self, message: str) -> typing.NoReturn:
        """Print ``message`` as one line with a pointer to ``--help``, and exit with status 2."""
        self.exit(2, f"{self.prog}: error: {safe_text(message)} (see {self.prog} --help)\n")

    def _check_value(self, action: argparse.Action, value: object) -> None:
        """Refuse a value that is not one of the argument's choices, with the closest as a suggestion.

        This covers subcommands and games alike; argparse suggests nothing before Python 3.14.
        """
        choices = action.choices
        if choices is None or value in choices:
            return
        hint = did_you_mean(str(value), [str(choice) for choice in choices])
        listed = ", ".join(repr(choice) for choice in choices)
        raise argparse.ArgumentError(action, f"invalid choice: {value!r}{hint} (choose from {listed})")


def say(text: str, *, lines: bool = False, file: typing.TextIO | None = None) -> None:
    """Print ``text`` with its control characters neutralised (:func:`~cardrules.text.safe_text`).

    ``lines`` keeps the line breaks of output that is several lines by design
    (a report, an explanation); every other control character, C1 included,
    is written as an escape, so input text cannot drive the terminal.
    """
    print(safe_text(text, keep_newlines=lines), file=file if file is not None else sys.stdout)


_C1: typing.Final = re.compile(f"[\x7f-\x9f\u2028\u2029{BIDI_CONTROLS}]")


def json_text(data: object, *, indent: int | None = None) -> str:
    """``data`` as JSON that keeps non-ASCII text but escapes what could drive a terminal.

    Besides the C0 controls, which JSON escapes itself, that is DEL, the C1
    controls (U+009B), the line and paragraph separators and the
    bidirectional controls (:data:`~cardrules.text.BIDI_CONTROLS`, U+202E).
    Outside strings JSON has no such characters, so the escapes only ever
    land inside strings.
    """
    text = json.dumps(data, indent=indent, ensure_ascii=False)
    return _C1.sub(lambda match: f"\\u{ord(match.group()):04x}", text)


def parse_options(pairs: Sequence[str]) -> dict[str, object]:
    """The game options of the ``--option NAME=VALUE`` arguments ``pairs``, as text values."""
    options: dict[str, object] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name.strip():
            raise InvalidOptionError(pair, f"--option takes NAME=VALUE, not {echo(pair)}")
        options[name.strip()] = value.strip()
    return options


def record_state(name: str, step: int) -> AnyState:
    """The state before step ``step`` of the record in file ``name`` (its number of steps: the end).

    Raises:
        RecordError: ``step`` is not a step of the record, or the record cannot be replayed to it.
    """
    record = read_record(name)
    total = len(record.actions)
    if not 0 <= step <= total:
        raise RecordError(
            [("--step", f"{step} is not a step of the record: {steps_range(total)} (or {total}: the end)")],
            name,
        )
    prepared = prepare(record)
    state = initial_state(prepared)
    for taken in steps(prepared, lenient=True):  # the game as it was played, as explain walks it
        if taken.number == step:
            break
        state = taken.after
    return state


def read_record(name: str) -> Record:
    """The record in file ``name`` (``-`` reads standard input)."""
    if name == "-":
        return loads(sys.stdin.buffer.read(MAX_RECORD_SIZE + 1), source="<stdin>")
    return load(name)


_RECORD_SUFFIXES = (".toml", ".json", ".jsonl")
_MAX_SKIPPED_NAMED = 10
"""How many skipped entries :func:`skipped_line` names (it counts them all)."""


def _not_a_record_file(path: Path) -> str | None:
    """Why the directory entry ``path`` is no record file to read, or ``None`` when it is a regular file."""
    try:
        mode = path.stat().st_mode
    except FileNotFoundError:
        return "a link to nothing" if path.is_symlink() else "gone"
    except OSError as error:
        if error.errno == errno.ELOOP:
            return "a loop of links"
        return error.strerror or "cannot be examined"
    return None if stat.S_ISREG(mode) else file_kind(mode)


def record_names(given: Sequence[str]) -> tuple[list[str], list[tuple[str, str]]]:
    """Each file named, and the record files of each directory named (TOML, JSON and JSON Lines).

    Returns the names to check, and the entries of the directories that have
    a record file's suffix but are no regular file (a FIFO, a device, a
    directory, a link to nothing, a loop of links), each with why, which are
    left out. Entries of other names are not records and not counted.

    Raises:
        RecordError: there is nothing to check: every name was a directory
            and none holds a record file.
    """
    names: list[str] = []
    skipped: list[tuple[str, str]] = []
    directories: list[str] = []
    for name in given:
        path = Path(name)
        if name != "-" and path.is_dir():
            directories.append(name)
            for entry in sorted(path.iterdir()):
                if entry.suffix not in _RECORD_SUFFIXES:
                    continue
                why = _not_a_record_file(entry)
                if why is None:
                    names.append(str(entry))
                else:
                    skipped.append((str(entry), why))
        else:
            names.append(name)
    if not names:
        left_out = f" ({skipped_line(skipped)})" if skipped else ""
        where = directories[0] if len(directories) == 1 else ", ".join(directories)
        raise RecordError([("", f"no record file (.toml, .json or .jsonl) to check{left_out}")], where)
    return names, skipped


def skipped_line(skipped: Sequence[tuple[str, str]]) -> str:
    """One line counting and naming (the first few of) the entries ``skipped``, each with why."""
    named = ", ".join(f"{name} ({why})" for name, why in skipped[:_MAX_SKIPPED_NAMED])
    more = len(skipped) - _MAX_SKIPPED_NAMED
    tail = f" and {more} more" if more > 0 else ""
    plural = "entry" if len(skipped) == 1 else "entries"
    return f"skipped {len(skipped)} directory {plural} that are not regular files: {named}{tail}"


_STEP: typing.Final = re.compile("-?[0-9]{1,9}", re.ASCII)


def step_number(text: str) -> int:
    """A ``--step`` value: a whole number in ASCII digits, nothing else (no blanks, no ``+``, no ``-0``).

    A negative number is read, so that the command can say which steps the
    record has; ``-0`` is refused, as it is no count.

    Raises:
        argparse.ArgumentTypeError: anything else (a usage error: exit status 2).
    """
    if not _STEP.fullmatch(text) or (text.startswith("-") and int(text) == 0):
        raise argparse.ArgumentTypeError(
            f"a step is a number counted from 0 (0, 1, 2, ...), not {echo(text)}"
        )
    return int(text)


_WHOLE: typing.Final = re.compile("-?[0-9]{1,18}", re.ASCII)
_SECONDS: typing.Final = re.compile("[0-9]{1,9}(?:[.][0-9]{0,9})?|[.][0-9]{1,9}", re.ASCII)


def whole_number(text: str) -> int:
    """A whole-number option value: at most 18 ASCII digits, ``-`` before them or not.

    Other digits (``²``, ``٣``) and longer numbers are refused, not read.

    Raises:
        argparse.ArgumentTypeError: anything else (a usage error: exit status 2).
    """
    if not _WHOLE.fullmatch(text):
        raise argparse.ArgumentTypeError(f"takes a whole number in the digits 0-9, not {echo(text)}")
    return int(text)


def seconds_number(text: str) -> float:
    """A number of seconds, 0 or more, in ASCII digits with a decimal point or not (``60``, ``2.5``).

    Raises:
        argparse.ArgumentTypeError: anything else (a usage error: exit status 2).
    """
    if not _SECONDS.fullmatch(text):
        raise argparse.ArgumentTypeError(f"takes a number of seconds such as 60 or 2.5, not {echo(text)}")
    return float(text)


def step_option(parser: argparse.ArgumentParser, explained: str) -> None:
    """Give ``parser`` the required ``--step N`` option, with the help text ``explained``."""
    parser.add_argument("--step", type=step_number, required=True, metavar="N", help=explained)


def json_option(parser: argparse.ArgumentParser, what: str) -> None:
    """Give ``parser`` the ``--json`` flag; ``what`` says what it prints."""
    parser.add_argument("--json", action="store_true", help=f"print {what}")


def print_json(data: object, *, lines: bool = False) -> None:
    """Print ``data`` as JSON: indented, or on one line for JSON Lines (``lines``); non-ASCII kept."""
    print(json_text(data, indent=None if lines else 2))


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"takes a positive whole number, not {text!r}")
    return value


def jobs_option(parser: argparse.ArgumentParser) -> None:
    """Give ``parser`` the ``--jobs N`` option (worker processes)."""
    parser.add_argument(
        "--jobs",
        type=_positive,
        default=1,
        metavar="N",
        help="worker processes to share the work (default 1: all in this process)",
    )


PROGRESS_SECONDS: typing.Final = 5.0
"""How often a long command writes a progress line to standard error, by default (seconds)."""


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not value >= 0 or value == float("inf"):
        raise argparse.ArgumentTypeError(f"takes a number of seconds, 0 or more, not {text!r}")
    return value


def progress_option(parser: argparse.ArgumentParser) -> None:
    """Give ``parser`` the ``--progress SECONDS`` option."""
    parser.add_argument(
        "--progress",
        type=_seconds,
        default=PROGRESS_SECONDS,
        metavar="SECONDS",
        help=f"seconds between progress lines on standard error (default {PROGRESS_SECONDS:g}; 0: none)",
    )


def _ignore_interrupts() -> None:
    """Leave Ctrl-C to the main process (run in each worker as it starts)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


@contextlib.contextmanager
def workers(jobs: int) -> Iterator[Executor | None]:
    """``jobs`` worker processes as an executor (``None`` for one job: the work stays in this process).

    The workers ignore Ctrl-C: the main process stops handing out work and
    prints its summary; on leaving, the work not yet started is cancelled.
    """
    if jobs == 1:
        yield None
        return
    pool = ProcessPoolExecutor(jobs, initializer=_ignore_interrupts)
    try:
        yield pool
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


class Progress:
    """Progress of a long command on standard error.

    Without a terminal (a CI log, a file) it writes a line every ``every``
    seconds with the count, the rate and, when the total is known, the time
    left; on a terminal it keeps one bar up to date instead. ``every`` 0 writes
    nothing.
    """

    def __init__(self, command: str, unit: str, total: int | None, every: float) -> None:
        self._command = command
        self._unit = unit
        self._total = total
        self._every = every
        self._bar = every > 0 and sys.stderr.isatty()
        self._start = time.monotonic()
        self._next = self._start + (0.2 if self._bar else every)
        self._shown = False

    def _text(self, done: int, now: float) -> str:
        elapsed = max(now - self._start, 1e-9)
        rate = done / elapsed
        count = f"{done}/{self._total}" if self._total is not None else str(done)
        text = f"{count} {self._unit}, {rate:.1f} {self._unit}/s"
        if self._total is not None and rate > 0:
            text += f", about {(self._total - done) / rate:.0f} s left"
        return text

    def advance(self, done: int) -> None:
        """Say that ``done`` items are finished (a line or a new bar, if it is time for one)."""
        if self._every <= 0:
            return
        now = time.monotonic()
        if now < self._next:
            return
        if self._bar:
            self._next = now + 0.2
            width = 30
            filled = width * done // self._total if self._total else 0
            bar = f"[{'#' * filled}{'.' * (width - filled)}] " if self._total else ""
            print(f"\r{bar}{self._text(done, now)}\x1b[K", end="", file=sys.stderr, flush=True)
            self._shown = True
        else:
            self._next = now + self._every
            print(f"cardrules {self._command}: {self._text(done, now)}", file=sys.stderr, flush=True)

    def close(self) -> None:
        """End the bar's line, if a bar was drawn."""
        if self._shown:
            print(file=sys.stderr, flush=True)
            self._shown = False
