"""What the subcommands share: the argument parser, game options, record files, the step option."""

from __future__ import annotations

import argparse
import json
import re
import sys
import typing
from collections.abc import Sequence
from pathlib import Path

from cardrules.errors import InvalidOptionError
from cardrules.records import MAX_RECORD_SIZE, Record, load, loads
from cardrules.text import echo, safe_text

__all__ = [
    "RECORD_HELP",
    "Parser",
    "Subcommands",
    "json_text",
    "parse_options",
    "read_record",
    "record_names",
    "say",
    "step_number",
    "step_option",
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


def say(text: str, *, lines: bool = False, file: typing.TextIO | None = None) -> None:
    """Print ``text`` with its control characters neutralised (:func:`~cardrules.text.safe_text`).

    ``lines`` keeps the line breaks of output that is several lines by design
    (a report, an explanation); every other control character, C1 included,
    is written as an escape, so input text cannot drive the terminal.
    """
    print(safe_text(text, keep_newlines=lines), file=file if file is not None else sys.stdout)


_C1: typing.Final = re.compile("[\x7f-\x9f\u2028\u2029]")


def json_text(data: object, *, indent: int | None = None) -> str:
    """``data`` as JSON that keeps non-ASCII text but escapes DEL and the C1 controls (U+009B) too.

    The JSON writer already escapes the C0 controls; outside strings JSON has
    no such characters, so the escapes only ever land inside strings.
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


def read_record(name: str) -> Record:
    """The record in file ``name`` (``-`` reads standard input)."""
    if name == "-":
        return loads(sys.stdin.buffer.read(MAX_RECORD_SIZE + 1), source="<stdin>")
    return load(name)


_RECORD_SUFFIXES = (".toml", ".json")


def record_names(given: Sequence[str]) -> list[str]:
    """The record files named: each file as given, and the `.toml` and `.json` files of each directory."""
    names: list[str] = []
    for name in given:
        path = Path(name)
        if name != "-" and path.is_dir():
            names += sorted(str(p) for p in path.iterdir() if p.suffix in _RECORD_SUFFIXES and p.is_file())
        else:
            names.append(name)
    return names


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


def step_option(parser: argparse.ArgumentParser, explained: str) -> None:
    """Give ``parser`` the required ``--step N`` option, with the help text ``explained``."""
    parser.add_argument("--step", type=step_number, required=True, metavar="N", help=explained)
