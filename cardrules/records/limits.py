"""The limits of the record reader and writer, and the cheap scan that checks the text first.

A record is read in three passes, and each refuses what is past a limit
before it does the work the limit protects:

1. :func:`scan_text`, on the raw text before any parser sees it, with
   string searches that cost one pass over the text: its size
   (:data:`MAX_RECORD_SIZE`), how many line breaks and commas it holds
   (:data:`MAX_RECORD_ENTRIES`, a bound on how many values a parser would
   build), runs of opening brackets (:data:`MAX_NESTING`), and the keys of
   TOML key/value pairs and JSON members: their length
   (:data:`MAX_KEY_CHARS`) and how many dotted parts they have
   (:data:`MAX_KEY_PARTS`; the standard TOML parser takes time and memory
   that grow with the square of a dotted key's parts);
2. the shape pass (:mod:`cardrules.records.tree`), which refuses too many
   options, deals or actions before it looks at any of them;
3. the game pass (:mod:`cardrules.records.validate`), shared by the reader
   and the writer, which also bounds each value: text lengths
   (:data:`MAX_TEXT_CHARS`, the position's own
   :data:`~cardrules.position.MAX_POSITION_CHARS`), deck lengths
   (:data:`MAX_DECK_CARDS`) and whole numbers (:data:`MAX_INTEGER_DIGITS`).

Every refusal is a :class:`~cardrules.records.errors.RecordError` whose
message names the limit and repeats at most a few dozen characters of the
input.
"""

from __future__ import annotations

import re
from typing import Final

from cardrules.records.errors import RecordError
from cardrules.text import short_int

__all__ = [
    "MAX_ACTIONS",
    "MAX_DEALS",
    "MAX_DECK_CARDS",
    "MAX_INTEGER_DIGITS",
    "MAX_KEY_CHARS",
    "MAX_KEY_PARTS",
    "MAX_NESTING",
    "MAX_OPTIONS",
    "MAX_RECORD_ENTRIES",
    "MAX_RECORD_SIZE",
    "MAX_TEXT_CHARS",
    "count_problem",
    "integer_problem",
    "scan_text",
    "text_problem",
    "where",
]

MAX_RECORD_SIZE: Final = 4 * 1024 * 1024
"""The largest record read, in bytes of a file (or characters of a string): 4 MiB.

A complete Félagsvist session of 624 steps takes about 21 KiB and a record
of :data:`MAX_ACTIONS` commented actions from the longest position about
3 MiB, so the limit leaves room for long games while refusing runaway input.
"""

MAX_RECORD_ENTRIES: Final = 400_000
"""The most line breaks and commas a record's text may hold together.

Every array entry and table field of a record is followed by a line break or
a comma, so this bounds how many values the parser builds; a canonical record
of :data:`MAX_ACTIONS` steps, each with a comment, needs at most six a step.
"""

MAX_ACTIONS: Final = 50_000
"""The most actions (steps) a record holds; the longest games of the library take a few thousand."""

MAX_DEALS: Final = 1_000
"""The most deck orders a record holds."""

MAX_OPTIONS: Final = 64
"""The most options a record's ``options`` table holds (a game has about ten)."""

MAX_DECK_CARDS: Final = 1_000
"""The most cards one deck order holds (the largest pack of the library has 108)."""

MAX_KEY_CHARS: Final = 100
"""The longest key of a table (a field, an option's name, a seat token)."""

MAX_KEY_PARTS: Final = 8
"""The most dotted parts one TOML key has (a record needs two: ``options.scoring``)."""

MAX_NESTING: Final = 16
"""The deepest nesting of arrays and tables (a record needs three levels)."""

MAX_TEXT_CHARS: Final = 100_000
"""The longest string of a record other than its position: a name, a comment, an action, a deal."""

MAX_INTEGER_DIGITS: Final = 18
"""The most digits of a whole number in a record (a claimed score, an option's value)."""

_PART: Final = r"""(?>[A-Za-z0-9_-]++|"[^"\\\n]*+(?:\\.[^"\\\n]*+)*+"|'[^'\n]*+')"""
_DOT: Final = r"[ \t]*+\.[ \t]*+"
_KEY_START: Final = r"[\n{,][ \t]*+\[{0,2}+[ \t]*+"
"""Where a key can begin: after a line break (and a table header's brackets), a brace or a comma."""

_MANY_PARTS: Final = re.compile(rf"{_KEY_START}{_PART}(?:{_DOT}{_PART}){{{MAX_KEY_PARTS}}}")
_LONG_KEY: Final = re.compile(
    rf"{_KEY_START}(?:{_PART}{_DOT})*"
    rf"(?:[A-Za-z0-9_-]{{{MAX_KEY_CHARS + 1}}}[A-Za-z0-9_-]*[ \t]*[.=]"
    rf'|"[^"\\\n]{{{MAX_KEY_CHARS + 1}}}[^"\\\n]*(?:\\.[^"\\\n]*)*"[ \t]*[.=:]'
    rf"|'[^'\n]{{{MAX_KEY_CHARS + 1}}}[^'\n]*'[ \t]*[.=])"
)
"""A key longer than :data:`MAX_KEY_CHARS` (bare, or quoted and followed by what follows a key)."""
_LONG_LINE: Final = re.compile(rf"\n[^\n]{{{MAX_KEY_CHARS + 1},}}")
"""A line (with the line break before it) long enough to hold a key past :data:`MAX_KEY_CHARS`."""
_DEEP: Final = re.compile(rf"[\[{{](?:[ \t\r\n]*[\[{{]){{{MAX_NESTING}}}")


def _may_hold_long_key(line: str) -> bool:
    """Whether :data:`_LONG_KEY` may match in ``line``, as a quick test finds it (internal).

    Each of its keys holds more than :data:`MAX_KEY_CHARS` characters in a row with no double quote
    (a bare key, or the inside of a double-quoted one), or is single-quoted. A record's long lines
    (its options, with every value quoted) have neither, and the search would try every character.
    """
    return "'" in line or max(map(len, line.split('"'))) > MAX_KEY_CHARS


def where(text: str, offset: int) -> str:
    """``line L, column C`` of ``offset`` in ``text`` (internal)."""
    line = text.count("\n", 0, offset) + 1
    column = offset - (text.rfind("\n", 0, offset) + 1) + 1
    return f"line {line}, column {column}"


def _key_text(found: str) -> str:
    """The start of a key the scan found, quoted for a message."""
    return repr(found.lstrip("\n{,[ \t")[:40])


def scan_text(text: str, source: str | None = None) -> None:
    """Refuse a record text past a limit, before it is parsed (see the module's description).

    Raises:
        RecordError: naming the limit, located where the text breaks it.
    """
    if len(text) > MAX_RECORD_SIZE:
        raise RecordError(
            [("document", f"the record is larger than the limit of {MAX_RECORD_SIZE} characters (4 MiB)")],
            source,
        )
    entries = text.count("\n") + text.count(",")
    if entries > MAX_RECORD_ENTRIES:
        raise RecordError(
            [
                (
                    "document",
                    f"the record holds {entries} line breaks and commas, past the limit of "
                    f"{MAX_RECORD_ENTRIES} (a record holds at most {MAX_ACTIONS} actions "
                    f"and {MAX_DEALS} deals)",
                )
            ],
            source,
        )
    # Each scan below runs only where it could match: a nesting past the limit takes more than
    # MAX_NESTING brackets and braces, a key of too many parts MAX_KEY_PARTS dots, and a key too
    # long a line longer than MAX_KEY_CHARS (no match crosses a line break). A record is long and
    # has none of these, and the scans, run over all of it, took a sixth of checking it.
    deep = _DEEP.search(text) if text.count("[") + text.count("{") > MAX_NESTING else None
    if deep is not None:
        raise RecordError(
            [(where(text, deep.start()), f"the record nests deeper than the limit of {MAX_NESTING} levels")],
            source,
        )
    lined = "\n" + text  # every key starts after a line break, a brace or a comma
    many = _MANY_PARTS.search(lined) if text.count(".") >= MAX_KEY_PARTS else None
    if many is not None:
        raise RecordError(
            [
                (
                    where(text, many.start()),
                    f"a key of more than {MAX_KEY_PARTS} dotted parts, past the limit of {MAX_KEY_PARTS} "
                    f"(it starts {_key_text(many.group())})",
                )
            ],
            source,
        )
    long = None
    for line in _LONG_LINE.finditer(lined):  # in order, so the first match is the one a whole scan finds
        if not _may_hold_long_key(line.group()):
            continue
        long = _LONG_KEY.search(lined, line.start(), line.end())
        if long is not None:
            break
    if long is not None:
        raise RecordError(
            [
                (
                    where(text, long.start()),
                    f"a key longer than the limit of {MAX_KEY_CHARS} characters "
                    f"(it starts {_key_text(long.group())})",
                )
            ],
            source,
        )


def count_problem(what: str, count: int, most: int) -> str | None:
    """The message refusing ``count`` entries of ``what`` past ``most``, or ``None`` (internal)."""
    if count <= most:
        return None
    return f"{count} {what}, past the limit of {most}"


def text_problem(value: str, most: int = MAX_TEXT_CHARS) -> str | None:
    """The message refusing a string longer than ``most`` characters, or ``None`` (internal)."""
    if len(value) <= most:
        return None
    return f"a string of {len(value)} characters, past the limit of {most} (it starts {value[:40]!r})"


def integer_problem(value: int) -> str | None:
    """The message refusing a whole number of more than :data:`MAX_INTEGER_DIGITS` digits, or ``None``."""
    if -(10**MAX_INTEGER_DIGITS) < value < 10**MAX_INTEGER_DIGITS:
        return None
    return f"{short_int(value)} is past the limit of {MAX_INTEGER_DIGITS} digits"
