"""Fuzzing the record reader: whatever the input, only the library's own errors come out.

Mutated records (bytes flipped, inserted or deleted; lines dropped, repeated,
swapped or replaced; the text cut short), random text and bytes, and random
JSON trees, and trees drawn from the published JSON Schema go to
:func:`cardrules.records.loads`. It must either return a
record or raise a :class:`~cardrules.errors.CardRulesError` (which is also a
``ValueError``); nothing else may escape. A record it returns must check
(leniently) with the same guarantee, and write and read back unchanged. No
input may raise the peak of allocations by more than 50 MiB
(:func:`tests.support.memory.bounded_memory`).

With ``HYPOTHESIS_PROFILE=nightly``, :func:`test_many_records_raise_only_library_errors`
feeds the reader :data:`NIGHTLY_RECORDS` records of every kind above.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Final, cast

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardrules import CardRulesError
from cardrules.records import Record, check, dumps, json_schema, load, loads, to_tree
from tests.support.memory import bounded_memory

TESTS: Final = Path(__file__).resolve().parents[1]
SMALL_PATH: Final = TESTS / "felagsvist" / "records" / "card-already-played.toml"
SMALL: Final = SMALL_PATH.read_bytes()
"""A short disputed record (nine steps of one deal): cheap to mutate and replay."""
FULL: Final = (TESTS.parent / "examples" / "records" / "felagsvist-complete.toml").read_bytes()
"""A complete 624-step game, for line-level mutations."""
SMALL_JSON: Final = dumps(load(SMALL_PATH), form="json").encode()

FUZZ: Final = settings(
    max_examples=settings().max_examples * 4,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
"""Four times the profile's examples: each one is cheap."""


def _read(data: str | bytes) -> None:
    """Feed ``data`` to the reader; only CardRulesError may escape, and a record must survive use.

    Reading, writing and checking one input may raise the peak of allocations
    by at most :data:`~tests.support.memory.MAX_GROWTH` (50 MiB).
    """
    with bounded_memory(data[:200]):
        _read_and_use(data)


def _read_and_use(data: str | bytes) -> None:
    try:
        record = loads(data)
    except CardRulesError as error:
        assert isinstance(error, ValueError)
        assert str(error) and "\n" not in str(error)
        return
    assert isinstance(record, Record)
    assert loads(dumps(record)) == record
    assert loads(dumps(record, form="json")) == record
    try:
        check(record, mode="lenient")
    except CardRulesError as error:
        assert isinstance(error, ValueError)


_EDITS: Final = st.lists(
    st.tuples(
        st.sampled_from(["flip", "insert", "delete"]),
        st.integers(0, 2**31),
        st.binary(min_size=1, max_size=3),
    ),
    min_size=1,
    max_size=6,
)


def _edit_bytes(base: bytes, edits: list[tuple[str, int, bytes]]) -> bytes:
    data = bytearray(base)
    for kind, where, payload in edits:
        if not data:
            data.extend(payload)
            continue
        at = where % len(data)
        if kind == "flip":
            data[at] ^= payload[0] or 1
        elif kind == "insert":
            data[at:at] = payload
        else:
            del data[at : at + len(payload)]
    return bytes(data)


@FUZZ
@given(_EDITS, st.sampled_from([SMALL, SMALL_JSON]))
def test_mutated_bytes_raise_only_library_errors(edits: list[tuple[str, int, bytes]], base: bytes) -> None:
    _read(_edit_bytes(base, edits))


_LINE_EDITS: Final = st.lists(
    st.tuples(
        st.sampled_from(["drop", "repeat", "swap", "replace"]),
        st.integers(0, 2**31),
        st.integers(0, 2**31),
        st.text(max_size=40),
    ),
    min_size=1,
    max_size=4,
)


def _edit_lines(base: bytes, edits: list[tuple[str, int, int, str]]) -> str:
    lines = base.decode("utf-8").split("\n")
    for kind, first, second, text in edits:
        if not lines:
            lines.append(text)
            continue
        i, j = first % len(lines), second % len(lines)
        if kind == "drop":
            del lines[i]
        elif kind == "repeat":
            lines.insert(i, lines[i])
        elif kind == "swap":
            lines[i], lines[j] = lines[j], lines[i]
        else:
            lines[i] = text
    return "\n".join(lines)


@FUZZ
@given(_LINE_EDITS, st.sampled_from([SMALL, SMALL_JSON]))
def test_mutated_lines_raise_only_library_errors(edits: list[tuple[str, int, int, str]], base: bytes) -> None:
    _read(_edit_lines(base, edits))


@settings(max_examples=max(5, settings().max_examples // 2), suppress_health_check=[HealthCheck.too_slow])
@given(_LINE_EDITS)
def test_a_mutated_complete_game_raises_only_library_errors(edits: list[tuple[str, int, int, str]]) -> None:
    _read(_edit_lines(FULL, edits))


@FUZZ
@given(st.integers(0, len(FULL)))
def test_a_record_cut_anywhere_raises_only_library_errors(length: int) -> None:
    _read(FULL[:length])


@FUZZ
@given(st.one_of(st.text(), st.binary()))
def test_random_text_raises_only_library_errors(data: str | bytes) -> None:
    _read(data)


_SCALARS: Final = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.floats(allow_nan=False),
    st.text(max_size=12),
    st.sampled_from(["felagsvist", "p0", "p3", "p7", "p2 play QS", "play QS", "QS", "hearts", "per-trick"]),
)
_JSON: Final = st.recursive(
    _SCALARS,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4),
        st.dictionaries(
            st.one_of(
                st.sampled_from(["format", "game", "options", "seats", "dealer", "claimed_scores", "deals"]),
                st.sampled_from(["actions", "action", "comment", "scoring", "p0", "p1", "p9"]),
                st.text(max_size=6),
            ),
            inner,
            max_size=5,
        ),
    ),
    max_leaves=20,
)


@FUZZ
@given(_JSON)
def test_random_json_trees_raise_only_library_errors(tree: object) -> None:
    _read(json.dumps(tree))


@FUZZ
@given(
    st.sampled_from(["format", "game", "options", "seats", "dealer", "claimed_scores", "deals", "actions"]),
    _JSON,
)
def test_a_record_with_one_field_replaced_raises_only_library_errors(field: str, value: object) -> None:
    tree = to_tree(load(SMALL_PATH))
    tree[field] = value
    _read(json.dumps(tree))


# -- records drawn from the published JSON Schema ---------------------------------------------------

SCHEMA: Final = json_schema()
_DEFS: Final[dict[str, object]] = dict(cast("dict[str, object]", SCHEMA["$defs"]))

_PLAYS: Final = st.sampled_from([entry.text for entry in load(SMALL_PATH).actions])
"""Real action texts, so that schema records also reach the game's own checks."""


def _from_schema(node: object, depth: int = 0) -> st.SearchStrategy[object]:
    """Values that the schema ``node`` allows (a small generator for the keywords the record schema uses)."""
    assert isinstance(node, dict)
    if "$ref" in node:
        name = str(node["$ref"]).rsplit("/", 1)[-1]
        return _from_schema(_DEFS[name], depth)
    if "const" in node:
        return st.just(node["const"])
    if "oneOf" in node and "type" not in node:  # with a type, oneOf only constrains which fields come
        options = node["oneOf"]
        assert isinstance(options, list)
        return st.one_of(*(_from_schema(option, depth) for option in options))
    kind = node.get("type")
    if isinstance(kind, list):
        return st.one_of(*(_from_schema({**node, "type": one}, depth) for one in kind))
    if kind == "string":
        pattern = node.get("pattern")
        text = st.from_regex(str(pattern), fullmatch=True) if pattern else st.text(max_size=20)
        return st.one_of(text, _PLAYS) if node is _DEFS.get("action") else text
    if kind == "integer":
        return st.integers()
    if kind == "boolean":
        return st.booleans()
    if kind == "array":
        return st.lists(_from_schema(node["items"], depth + 1), max_size=6)
    if kind == "object":
        properties = node.get("properties", {})
        assert isinstance(properties, dict)
        if properties:
            required = node.get("required", [])
            assert isinstance(required, list)
            return st.fixed_dictionaries(
                {key: _from_schema(properties[key], depth + 1) for key in required},
                optional={
                    key: _from_schema(value, depth + 1)
                    for key, value in properties.items()
                    if key not in required
                },
            )
        names = cast("dict[str, object]", node.get("propertyNames", {"type": "string"}))
        values = node.get("additionalProperties", {"type": "string"})
        return st.dictionaries(
            _from_schema({"type": "string", **names}, depth + 1), _from_schema(values, depth + 1), max_size=5
        )
    raise AssertionError(f"the record schema uses {node!r}, which this generator does not know")


SCHEMA_RECORDS: Final = _from_schema(SCHEMA)
"""Record trees drawn from the schema (its ``allOf`` about dealer and position aside, so both kinds come)."""


@FUZZ
@given(SCHEMA_RECORDS)
def test_records_drawn_from_the_schema_raise_only_library_errors(tree: object) -> None:
    _read(json.dumps(tree))


@FUZZ
@given(SCHEMA_RECORDS, st.sampled_from(["json", "toml"]))
def test_schema_fields_on_a_real_record_raise_only_library_errors(tree: object, form: str) -> None:
    assert isinstance(tree, dict)
    real = to_tree(load(SMALL_PATH))
    real.update({key: value for key, value in tree.items() if key not in ("format", "game")})
    try:
        text = json.dumps(real) if form == "json" else dumps(loads(json.dumps(real)), form="toml")
    except CardRulesError:
        return
    _read(text)


# -- the nightly run: at least 100,000 records --------------------------------------------------------

NIGHTLY: Final = os.environ.get("HYPOTHESIS_PROFILE", "").strip() == "nightly"
NIGHTLY_RECORDS: Final = 100_000
"""How many records the nightly profile feeds the reader, in the last test of this module."""


def _mutated_record(draw: st.DrawFn) -> bytes | str:
    kind = draw(st.sampled_from(["bytes", "lines", "cut", "schema", "tree"]))
    if kind == "bytes":
        return _edit_bytes(draw(st.sampled_from([SMALL, SMALL_JSON])), draw(_EDITS))
    if kind == "lines":
        return _edit_lines(draw(st.sampled_from([SMALL, SMALL_JSON])), draw(_LINE_EDITS))
    if kind == "cut":
        return SMALL[: draw(st.integers(0, len(SMALL)))]
    if kind == "schema":
        return json.dumps(draw(SCHEMA_RECORDS))
    tree = to_tree(load(SMALL_PATH))
    tree[draw(st.sampled_from(sorted(tree)))] = draw(_JSON)
    return json.dumps(tree)


@settings(
    max_examples=NIGHTLY_RECORDS if NIGHTLY else settings().max_examples * 4,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    database=None if NIGHTLY else settings().database,
)
@given(st.composite(lambda draw: _mutated_record(draw))())
def test_many_records_raise_only_library_errors(data: bytes | str) -> None:
    _read(data)
