"""Fuzzing what the record fuzzer does not reach: JSON Lines, the claim arguments, the report writers.

- JSON Lines streams of real, mutated, blank and binary lines go to
  :func:`~cardrules.records.read_jsonl` and :func:`~cardrules.records.check_corpus`:
  one result per non-blank line, never an exception.
- ``cardrules claim`` and ``cardrules analyse`` get arbitrary claimers,
  amounts and budgets: exit 0, 1 or 2, one line on standard error when 2,
  and no raw control character in what they print.
- A record's comment and player names get arbitrary text, and
  :func:`~cardrules.records.dispute.dispute_svg` and
  :func:`~cardrules.records.dispute.dispute_html` must still write
  well-formed XML (the SVG parsed by :mod:`xml.etree.ElementTree`).

Every input is held to a peak of 50 MiB of allocations above the baseline
(:func:`tests.support.memory.bounded_memory`). The ``nightly`` Hypothesis
profile runs each test with its many examples.
"""

from __future__ import annotations

import dataclasses
import io
import re
import xml.etree.ElementTree as ET
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path
from typing import Final

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardrules.cli import main
from cardrules.records import RecordedAction, check_corpus, explain, jsonl_line, load, read_jsonl
from cardrules.records.dispute import dispute_html, dispute_svg
from tests.support.memory import bounded_memory

TESTS: Final = Path(__file__).resolve().parents[1]
SMALL: Final = load(TESTS / "felagsvist" / "records" / "card-already-played.toml")
"""Nine steps of one Félagsvist deal; step 6 is illegal and carries a comment."""
LINE: Final = jsonl_line(SMALL).encode("utf-8")
ENDING: Final = load(TESTS / "records" / "felagsvist-claim.toml").position or ""
"""Four tricks from the end of a Félagsvist deal: the solver settles it in a moment."""

FUZZ: Final = settings(
    max_examples=settings().max_examples * 2,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
RAW: Final = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")
"""A control character that must never reach a terminal raw (the line feed aside)."""


# -- JSON Lines ------------------------------------------------------------------------------------


def _mutated(line: bytes, edits: list[tuple[int, bytes]]) -> bytes:
    data = bytearray(line)
    for where, payload in edits:
        at = where % (len(data) + 1)
        data[at : at + len(payload) // 2] = payload
    return bytes(data)


_JSONL_LINE: Final = st.one_of(
    st.just(LINE),
    st.builds(_mutated, st.just(LINE), st.lists(st.tuples(st.integers(0, 2**16), st.binary(max_size=4)))),
    st.sampled_from([b"", b"   ", b"\r", b"{}", b"[]", b"{", b"null", b'{"format": 1}']),
    st.binary(max_size=64),
)


@FUZZ
@given(st.lists(_JSONL_LINE, max_size=6), st.booleans())
def test_json_lines_streams_give_one_result_a_line(lines: list[bytes], closed: bool) -> None:
    data = b"\n".join(lines) + (b"\n" if closed else b"")
    with bounded_memory(data[:200]):
        results = list(check_corpus(read_jsonl(io.BytesIO(data), "fuzz.jsonl")))
    wanted = [n + 1 for n, line in enumerate(data.split(b"\n")) if line.strip()]
    assert [result.source for result in results] == [f"fuzz.jsonl:{n}" for n in wanted]
    assert all(result.status in ("ok", "findings", "unreadable") for result in results)


# -- claim and analyse arguments -------------------------------------------------------------------

_ARGUMENT: Final = st.one_of(
    st.text(max_size=12),
    st.from_regex(r"-?[0-9]{1,30}", fullmatch=True),
    st.sampled_from(["NS", "EW", "N", "p0", "p3", "p4", "²", "٣", "1" * 5000, "0", "4", "-1", "nan", "inf"]),
)


def _run(args: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        status = main(args)
    return status, out.getvalue(), err.getvalue()


@FUZZ
@given(_ARGUMENT, _ARGUMENT, _ARGUMENT, st.sampled_from(["--tricks", "--points", "--score"]))
def test_claim_arguments_end_in_an_answer_or_one_line(by: str, amount: str, nodes: str, unit: str) -> None:
    args = ["claim", ENDING, f"--by={by}", f"{unit}={amount}", f"--max-nodes={nodes}", "--deadline=5"]
    with bounded_memory(args[2:]):
        status, out, err = _run(args)
    assert status in (0, 1, 2), (status, out, err)
    if status == 2:
        assert len(err.strip().splitlines()) == 1, err
    assert not RAW.search(out + err), repr(out + err)


@FUZZ
@given(_ARGUMENT, _ARGUMENT, st.sampled_from(["--unit", "--step", "--deadline"]))
def test_analyse_arguments_end_in_an_answer_or_one_line(value: str, nodes: str, option: str) -> None:
    args = ["analyse", ENDING, f"{option}={value}", f"--max-nodes={nodes}"]
    with bounded_memory(args[2:]):
        status, out, err = _run(args)
    assert status in (0, 2), (status, out, err)
    if status == 2:
        assert len(err.strip().splitlines()) == 1, err
    assert not RAW.search(out + err), repr(out + err)


# -- the report writers ----------------------------------------------------------------------------


@FUZZ
@given(st.text(max_size=60), st.text(max_size=20))
def test_dispute_reports_are_well_formed_whatever_the_comment_and_names(comment: str, name: str) -> None:
    actions = list(SMALL.actions)
    actions[6] = RecordedAction(actions[6].text, comment)
    record = dataclasses.replace(SMALL, actions=tuple(actions), seats=(name, "", name, ""))
    with bounded_memory(comment):
        explanation = explain(record, 6)
        picture = dispute_svg(explanation)
        page = dispute_html(explanation)
    ET.fromstring(picture)
    ET.fromstring(page[page.index("<svg") : page.rindex("</svg>") + len("</svg>")])
    assert not RAW.search(picture) and not RAW.search(page.replace("\n", " ")), repr(comment)
