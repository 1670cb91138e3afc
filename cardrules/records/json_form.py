"""The JSON form of a record: the same tree as the TOML form, and its published JSON Schema.

The canonical JSON text is the tree of :mod:`cardrules.records.tree` with its
fields in the written order, indented by two spaces, non-ASCII text kept as
it is, and a final newline. The reader takes any JSON with that tree (it is
as tolerant as the TOML reader) and refuses an object that repeats a key.

The JSON Schema of the form ships with the package as
``cardrules/records/schema.json``; :func:`json_schema` returns it. It
describes what the writer produces.
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Final

from cardrules.records.errors import RecordError
from cardrules.records.model import Record
from cardrules.records.tree import from_tree, to_tree

__all__ = ["SCHEMA_ID", "dumps_json", "json_schema", "json_tree", "loads_json"]

SCHEMA_ID: Final = "cardrules-record-1.schema.json"
"""The ``$id`` of the published JSON Schema (format version 1)."""


class _DuplicateKeyError(ValueError):
    pass


def _no_duplicates(pairs: list[tuple[str, object]]) -> dict[str, object]:
    table: dict[str, object] = {}
    for key, value in pairs:
        if key in table:
            raise _DuplicateKeyError(f"the key {key!r} appears twice in one object")
        table[key] = value
    return table


def loads_json(text: str, *, source: str | None = None) -> Record:
    """Read a record from its JSON form, tolerantly.

    Raises:
        RecordError: the text is not JSON (the location is the parser's line
            and column), or the record has problems (each with its location).
    """
    return from_tree(json_tree(text, source=source), source=source)


def json_tree(text: str, *, source: str | None = None) -> object:
    """The parsed tree of a record's JSON text, before it is read as a record.

    Raises:
        RecordError: the text is not JSON (the location is the parser's line and column).
    """
    try:
        return json.loads(text, object_pairs_hook=_no_duplicates)
    except json.JSONDecodeError as error:
        where = f"line {error.lineno}, column {error.colno}"
        raise RecordError([(where, f"not valid JSON: {error.msg}")], source) from None
    except (ValueError, RecursionError) as error:  # a repeated key, a huge number, deep nesting
        reason = str(error) if isinstance(error, ValueError) else "the document nests too deeply"
        raise RecordError([("document", f"not valid JSON for a record: {reason}")], source) from None


def dumps_json(record: Record) -> str:
    """The canonical JSON text of ``record``, written as it is (not checked)."""
    return json.dumps(to_tree(record), indent=2, ensure_ascii=False) + "\n"


def json_schema() -> dict[str, object]:
    """The published JSON Schema of the JSON form (a new dict on every call)."""
    text = resources.files("cardrules.records").joinpath("schema.json").read_text(encoding="utf-8")
    schema: dict[str, object] = json.loads(text)
    return schema
