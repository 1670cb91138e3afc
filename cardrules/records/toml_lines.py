"""Reading a TOML record laid out as the writer lays it out, a line at a time, with tomllib as the reference.

tomllib reads a document a character at a time, in Python: reading the TOML
text was the largest part of checking a record. The writer's layout
(:mod:`cardrules.records.toml_form`) is plain enough to read with a few
regular expressions, and :func:`read_by_line` does so:

- each long array (``deals``, ``actions``) that opens on a line of its own
  (``actions = [``), holds one item a line (a string with no escape, or the
  table of an action with its comment) and closes on a line that starts with its bracket, is
  read with one regular expression, and left empty in the rest of the text
  (``actions = []``);
- the rest, when every line is blank, a comment or a bare key with a simple
  value (a string with no escape, a decimal whole number, ``true``,
  ``false``, ``[]``, or an inline table of bare keys with such values), is
  read a line at a time; otherwise tomllib reads it.

The tree is the one ``tomllib.loads`` gives for the whole text: each line
read here means exactly what tomllib makes of it, and a guard (no multi-line
string, no table header) keeps every line where tomllib would put it. Any
other text, and any text tomllib refuses, gives ``None``: the caller leaves
the whole text to tomllib, which reads it or words the error. A test holds
the two readers to the same trees on records and on mutated records.
"""

from __future__ import annotations

import re
import tomllib
from typing import Any, Final

__all__ = ["read_by_line"]

_LONG_ARRAYS: Final = ("deals", "actions")
"""The arrays that make a record long."""
_PLAIN: Final = r'[^"\\\x00-\x1f\x7f]*+'
"""The inside of a TOML basic string with no escape and no control character: its value is its text."""
_COMMENT: Final = r"(?:#[^\x00-\x08\x0a-\x1f\x7f]*+)?"
"""A comment, or nothing: tomllib takes any character in one but the control characters other than tab."""
_ITEM: Final = re.compile(
    rf'^[ \t]*+(?:("{_PLAIN}")|\{{ action = "({_PLAIN})", comment = "({_PLAIN})" \}}),[ \t]*+{_COMMENT}\n',
    re.MULTILINE,
)
"""One whole line of a long array: a plain string (kept with its quotes, so that an empty string still
shows), or an action with its comment; a comma; perhaps a comment. No part of it takes a line break
but the last, so a match is exactly one line."""
_TABLE_LINE: Final = re.compile(r"\n[ \t]*+\[")
"""A line that may be a table's header (or an array in an array: a line-by-line read does not look closer)."""

_KEY: Final = r"[A-Za-z0-9_-]++"
"""A bare key."""
_SCALAR: Final = rf'"{_PLAIN}"|[+-]?+(?:0|[1-9][0-9]{{0,30}}+)|true|false'
"""A value read here: a plain string, a decimal whole number (no ``_``, at most 31 digits), true or false."""
_PAIR: Final = re.compile(rf"[ \t]*+({_KEY})[ \t]*+=[ \t]*+({_SCALAR})[ \t]*+(,?)")
"""One key and value of an inline table, and the comma after it, if any."""
_LINE: Final = re.compile(
    rf"[ \t]*+(?:({_KEY})[ \t]*+=[ \t]*+(?:({_SCALAR})|(\[\])|\{{(.*)\}}))?[ \t]*+{_COMMENT}"
)
"""A line read here: blank, a comment, or a bare key with a simple value, ``[]`` or an inline table."""


def read_by_line(text: str) -> dict[str, Any] | None:
    """The tree tomllib gives for ``text``, read a line at a time; ``None`` if it must be left to tomllib.

    See the module's description.
    """
    src = text.replace("\r\n", "\n")  # as tomllib does
    if '"""' in src or "'''" in src or src.lstrip(" \t")[:1] == "[" or _TABLE_LINE.search(src):
        return None  # a multi-line string or a table could hold a line that opens a long array
    arrays: dict[str, list[object]] = {}
    for key in _LONG_ARRAYS:
        opening = f"{key} = [\n"
        if src.startswith(opening):
            start = 0
        else:
            start = src.find(f"\n{opening}") + 1
            if start == 0:
                continue
        body = start + len(opening)
        close = src.find("\n]", start) + 1  # the first line after the opening that starts with a bracket
        if close == 0:
            continue  # what follows the bracket on its line stays in the text, after the empty array
        block = src[body:close]  # whole lines, each ending with its line break
        found = _ITEM.findall(block)
        if len(found) != block.count("\n"):  # a match is one whole line: so every line is an item
            continue
        arrays[key] = [
            plain[1:-1] if plain else {"action": action, "comment": comment}
            for plain, action, comment in found
        ]
        src = f"{src[:start]}{key} = []{src[close + 1 :]}"
    if not arrays:
        return None
    tree = _simple_lines(src)
    if tree is None:
        try:
            tree = tomllib.loads(src)
        except (ValueError, RecursionError):
            return None
    # Each array read here is `key = []` in what was read, at the top level (the guard above: no table,
    # no multi-line string, and an inline table is one line): the tree holds it as an empty array.
    tree.update(arrays)
    return tree


def _scalar(text: str) -> str | int | bool:
    """The value of a scalar :data:`_SCALAR` matched."""
    if text[0] == '"':
        return text[1:-1]
    if text in ("true", "false"):
        return text == "true"
    return int(text)


def _simple_lines(src: str) -> dict[str, Any] | None:
    """The tree of ``src`` when every line is one :data:`_LINE` reads and no key repeats, else ``None``."""
    tree: dict[str, Any] = {}
    for line in src.split("\n"):
        match = _LINE.fullmatch(line)
        if match is None:
            return None
        key, scalar, empty, table = match.groups()
        if key is None:
            continue  # a blank line or a comment
        if key in tree:
            return None  # tomllib refuses a key given twice
        if scalar is not None:
            tree[key] = _scalar(scalar)
        elif empty is not None:
            tree[key] = []
        else:
            inner = _inline_table(table)
            if inner is None:
                return None
            tree[key] = inner
    return tree


def _inline_table(body: str) -> dict[str, Any] | None:
    """The table an inline table's ``body`` (between its braces) holds, or ``None`` if not read here."""
    inner: dict[str, Any] = {}
    if body.strip(" \t") == "":
        return inner
    at = 0
    while True:
        pair = _PAIR.match(body, at)
        if pair is None:
            return None
        key, value, comma = pair.groups()
        if key in inner:
            return None
        inner[key] = _scalar(value)
        at = pair.end()
        if not comma:
            return inner if at == len(body) else None
