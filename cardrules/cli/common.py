"""What the subcommands share: the argument parser, game options, record files, the step option."""

from __future__ import annotations

import argparse
import sys
import typing
from collections.abc import Sequence
from pathlib import Path

from cardrules.errors import InvalidOptionError
from cardrules.records import MAX_RECORD_SIZE, Record, load, loads

__all__ = [
    "RECORD_HELP",
    "Parser",
    "Subcommands",
    "parse_options",
    "read_record",
    "record_names",
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
        self.exit(2, f"{self.prog}: error: {message} (see {self.prog} --help)\n")


def parse_options(pairs: Sequence[str]) -> dict[str, object]:
    """The game options of the ``--option NAME=VALUE`` arguments ``pairs``, as text values."""
    options: dict[str, object] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name.strip():
            raise InvalidOptionError(pair, f"--option takes NAME=VALUE, not {pair!r}")
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


def step_option(parser: argparse.ArgumentParser, explained: str) -> None:
    """Give ``parser`` the required ``--step N`` option, with the help text ``explained``."""
    parser.add_argument("--step", type=int, required=True, metavar="N", help=explained)
