"""The TOML form of a record: a tolerant reader and the one canonical writer.

The canonical form puts every field at the top level, in a fixed order, so
that the short fields come first and the long arrays last::

    # A cardrules game record (format 1). Steps are numbered from 0.
    format = 1
    game = "felagsvist"
    options = { first_round = "hearts", first_dealer = "random", ... }
    seats = { p0 = "Anna", p1 = "", p2 = "", p3 = "" }
    dealer = "p2"
    claimed_scores = { p0 = 80, p1 = 76, p2 = 80, p3 = 76 }

    deals = [
        "4C 7H ... KD",  # deal 1
    ]

    actions = [
        "p3 play 4C",  # step 0
        { action = "p0 play 5D", comment = "North says this was a revoke" },  # step 1
    ]

A record that starts from a position writes ``position = "..."`` (the
position's one line) where the others write ``dealer``, and has no ``deals``::

    format = 1
    game = "fildinski"
    options = { target_score = 500, ... }
    seats = { p0 = "", p1 = "" }
    position = "fildinski ; options ... ; ..."

    actions = [
        "p1 play 9H",  # step 0
    ]

One action per line keeps a 624-step game readable and easy to compare line
by line, and the ``# step n`` comment the writer puts at the end of each line
lets a reader find step 37 with a text search. Steps count from 0, like the
array: the line marked ``# step n`` is ``actions[n]``. Deals count from 1, as
the game numbers them: ``# deal 1`` is ``deals[0]``. Those comments, like the
header, are written by the writer and ignored by the reader: a comment that
belongs to an action goes in its ``comment`` field, so it survives a round
trip. Strings are TOML basic strings (``"..."``), escaped where needed;
claimed scores appear only when some score is claimed.

:func:`dumps_toml` writes a record as it is; use
:func:`~cardrules.records.files.dumps`, which checks the record and puts it in
canonical form first.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterable
from types import MappingProxyType
from typing import Final

from cardrules.records.errors import RecordError
from cardrules.records.model import Record, seat_token
from cardrules.records.toml_lines import read_by_line
from cardrules.records.tree import from_tree

__all__ = ["HEADER", "dumps_toml", "loads_toml", "toml_tree"]

HEADER: Final = "# A cardrules game record (format 1). Steps are numbered from 0."
"""The first line of every canonical TOML record."""

_BARE_KEY: Final = re.compile(r"[A-Za-z0-9_-]+")
_WHERE: Final = re.compile(r"\s*\(at (line \d+, column \d+|end of document)\)\s*$")
_ESCAPES: Final = MappingProxyType(
    {'"': '\\"', "\\": "\\\\", "\b": "\\b", "\t": "\\t", "\n": "\\n", "\f": "\\f", "\r": "\\r"}
)


def loads_toml(text: str, *, source: str | None = None) -> Record:
    """Read a record from TOML text, tolerantly (see :mod:`cardrules.records.tree`).

    Raises:
        RecordError: the text is not TOML (the location is the parser's line
            and column), or the record has problems (each with its location).
    """
    return from_tree(toml_tree(text, source=source), source=source)


def toml_tree(text: str, *, source: str | None = None) -> object:
    """The parsed tree of TOML text, before it is read as a record.

    Raises:
        RecordError: the text is not TOML (the location is the parser's line and column).
    """
    tree = read_by_line(text)  # the writer's layout, read fast; anything else is tomllib's
    if tree is not None:
        return tree
    try:
        return tomllib.loads(text)
    except (ValueError, RecursionError) as error:  # TOMLDecodeError is a ValueError
        message = str(error) if isinstance(error, ValueError) else "the document nests too deeply"
        where = _WHERE.search(message)
        location = where.group(1) if where else "document"
        reason = message[: where.start()] if where else message
        if location == "end of document":
            lines = text.split("\n")
            location = f"line {len(lines)}, column {len(lines[-1]) + 1}"
            reason += " at the end of the text (is the file cut short?)"
        raise RecordError([(location, f"not valid TOML: {reason}")], source) from None


def toml_string(text: str) -> str:
    """``text`` as a TOML basic string, escaped (non-ASCII letters are kept as they are)."""
    out = []
    for char in text:
        if char in _ESCAPES:
            out.append(_ESCAPES[char])
        elif char < " " or char == "\x7f":
            out.append(f"\\u{ord(char):04X}")
        else:
            out.append(char)
    return '"' + "".join(out) + '"'


def _key(name: str) -> str:
    return name if _BARE_KEY.fullmatch(name) else toml_string(name)


def _value(value: str | int) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    return toml_string(value)


def _inline(pairs: Iterable[tuple[str, str | int]]) -> str:
    body = ", ".join(f"{_key(key)} = {_value(value)}" for key, value in pairs)
    return f"{{ {body} }}" if body else "{}"


def _array(name: str, items: list[str], label: str, first: int) -> list[str]:
    """The array ``name``, one item a line, each marked ``# label n`` with ``n`` counted from ``first``."""
    if not items:
        return [f"{name} = []"]
    return [f"{name} = [", *(f"    {item},  # {label} {n}" for n, item in enumerate(items, start=first)), "]"]


def dumps_toml(record: Record) -> str:
    """The canonical TOML text of ``record``, written as it is (not checked)."""
    lines = [
        HEADER,
        f"format = {record.format_version}",
        f"game = {toml_string(record.game)}",
        f"options = {_inline(record.options)}",
        f"seats = {_inline((seat_token(seat), name) for seat, name in enumerate(record.seats))}",
    ]
    if record.position is not None:
        lines.append(f"position = {toml_string(record.position)}")
    else:
        lines.append(f"dealer = {toml_string(seat_token(record.dealer))}")
    if record.claimed_scores:
        claims = _inline((seat_token(seat), score) for seat, score in record.claimed_scores)
        lines.append(f"claimed_scores = {claims}")
    deals = [toml_string(" ".join(str(card) for card in deck)) for deck in record.deals]
    actions = [
        toml_string(entry.text)
        if entry.comment is None
        else f"{{ action = {toml_string(entry.text)}, comment = {toml_string(entry.comment)} }}"
        for entry in record.actions
    ]
    if record.position is None:
        lines += ["", *_array("deals", deals, "deal", 1)]
    lines += ["", *_array("actions", actions, "step", 0)]
    return "\n".join(lines) + "\n"
