"""Fuzzing the record reader: whatever the input, only the library's own errors come out.

Mutated records (bytes flipped, inserted or deleted; lines dropped, repeated,
swapped or replaced; the text cut short), random text and bytes, and random
JSON trees go to :func:`cardrules.records.loads`. It must either return a
record or raise a :class:`~cardrules.errors.CardRulesError` (which is also a
``ValueError``); nothing else may escape. A record it returns must check
(leniently) with the same guarantee, and write and read back unchanged.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Final

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardrules import CardRulesError
from cardrules.records import Record, check, dumps, load, loads, to_tree

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
    """Feed ``data`` to the reader; only CardRulesError may escape, and a record must survive use."""
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
