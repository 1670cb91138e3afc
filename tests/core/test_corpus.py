"""Checking a corpus and running a study on any executor: the same results, in input order.

The corpus mixes what a corpus holds in practice: record files (TOML and JSON),
record texts, record values, a record with an illegal step, one with a wrong
claimed score, a text that is not a record and a path that does not exist. It
is checked in this process, on two worker processes and on a Dask local cluster
of two worker processes; every run must give the same results in the same
order. The cluster is started once for the module; its tests skip with the
reason when Dask is not installed.
"""

from __future__ import annotations

import concurrent.futures
import dataclasses
import io
import itertools
import logging
import pickle
from collections.abc import Iterator
from pathlib import Path
from typing import Final

import pytest

from cardrules.errors import InvalidArgumentError, UnknownGameError
from cardrules.games import get_game
from cardrules.parallel import map_in_order
from cardrules.records import (
    MAX_RECORD_SIZE,
    CorpusResult,
    CorpusSummary,
    Record,
    RecordError,
    RecordText,
    check,
    check_corpus,
    dumps,
    jsonl_line,
    load,
    loads,
    read_jsonl,
    summarize,
)
from cardrules.records.corpus import MAX_SKIPPED_LINE, Source
from cardrules.study import GameResult, play_random, simulate

TESTS: Final = Path(__file__).resolve().parents[1]
DISPUTED: Final = TESTS / "felagsvist" / "records"


def _records(game: str, seeds: range) -> list[Record]:
    records = []
    for result in simulate(game, {}, seeds, keep_records=True):
        assert result.record is not None
        records.append(result.record)
    return records


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> list[Source]:
    """Three dozen sources of every kind, with every status among them."""
    folder = tmp_path_factory.mktemp("corpus")
    small = _records("calabresella", range(24)) + _records("fildinski", range(2))
    sources: list[Source] = []
    for n, record in enumerate(small):
        if n % 4 == 0:  # a file, TOML or JSON
            path = folder / f"r{n}.{'json' if n % 8 else 'toml'}"
            path.write_text(dumps(record, form="json" if n % 8 else "toml"), encoding="utf-8")
            sources.append(path if n % 8 else str(path))
        elif n % 4 == 1:
            sources.append(RecordText(dumps(record), f"text {n}"))
        elif n % 4 == 2:
            sources.append(RecordText(jsonl_line(record).encode("utf-8"), f"line {n}"))
        else:
            sources.append(record)
    wrong = dataclasses.replace(small[0], claimed_scores=((0, 999),))
    sources[5:5] = [
        str(DISPUTED / "revoke.toml"),  # an illegal step
        wrong,  # a wrong claimed score
        RecordText("format = 1\n", "broken"),  # not a whole record
        str(folder / "missing.toml"),  # no such file
    ]
    return sources


def _statuses(results: list[CorpusResult]) -> list[str]:
    return [result.status for result in results]


def test_a_corpus_checked_in_process_has_one_result_per_record_in_input_order(corpus: list[Source]) -> None:
    results = list(check_corpus(corpus))
    assert [result.index for result in results] == list(range(len(corpus)))
    assert _statuses(results)[5:9] == ["findings", "findings", "unreadable", "unreadable"]
    assert _statuses(results).count("ok") == len(corpus) - 4
    for source, result in zip(corpus, results, strict=True):
        if result.report is not None:  # each report is what check() says of that record
            if isinstance(source, Record):
                record = source
            elif isinstance(source, RecordText):
                record = loads(source.text)
            else:
                record = load(source)
            assert result.report == check(record)
    assert results[5].report is not None and results[5].report.violations[0].step == 37
    assert results[6].report is not None and results[6].report.mismatched_seats == (0,)
    assert results[7].source == "broken" and isinstance(results[7].error, RecordError)
    assert isinstance(results[8].error, FileNotFoundError) and results[8].reason


def test_the_summary_counts_each_status_and_gives_the_worst_exit_status(corpus: list[Source]) -> None:
    results = list(check_corpus(corpus))
    summary = summarize(results)
    assert summary == CorpusSummary(len(corpus), len(corpus) - 4, 2, 2)
    assert str(summary) == f"{len(corpus)} records: {len(corpus) - 4} ok, 2 with findings, 2 unreadable"
    assert summary.exit_status == 2
    assert summarize(results[5:7]).exit_status == 1
    assert summarize(results[:5]).exit_status == 0
    assert CorpusSummary().exit_status == 2  # no record at all is bad input too


def test_each_result_is_one_line_naming_the_record(corpus: list[Source]) -> None:
    results = list(check_corpus(corpus))
    lines = [str(result) for result in results]
    assert all("\n" not in line for line in lines)
    assert lines[1] == "text 1: ok (calabresella, 40 steps, finished)"
    assert lines[5].startswith(f"{DISPUTED / 'revoke.toml'}: 1 finding (felagsvist, 624 steps, not finished)")
    assert "step 37: p0 play 7H is illegal" in lines[5] and "felagsvist.play.must-follow" in lines[5]
    assert (
        lines[6] == "<record 6>: 1 finding (calabresella, 41 steps, finished): claimed scores differ for p0"
    )
    assert lines[7].startswith("broken: unreadable: ") and lines[7].count("broken") == 1


def test_batches_of_any_size_give_the_same_results(corpus: list[Source]) -> None:
    expected = list(check_corpus(corpus))
    assert list(check_corpus(corpus, chunk=1, in_flight=1)) == expected
    with concurrent.futures.ThreadPoolExecutor(3) as threads:
        assert list(check_corpus(iter(corpus), executor=threads, chunk=5, in_flight=2)) == expected


def test_a_corpus_checked_on_two_worker_processes_gives_identical_results(corpus: list[Source]) -> None:
    expected = list(check_corpus(corpus))
    with concurrent.futures.ProcessPoolExecutor(2) as pool:
        on_workers = list(check_corpus(corpus, executor=pool, chunk=4))
    assert on_workers == expected
    assert [str(result) for result in on_workers] == [str(result) for result in expected]
    assert isinstance(on_workers[7].error, RecordError) and on_workers[7].error.problems


def test_lenient_mode_goes_to_the_workers_too() -> None:
    revoke = [str(DISPUTED / "revoke-played-on.toml")]
    strict = next(check_corpus(revoke))
    with concurrent.futures.ProcessPoolExecutor(1) as pool:
        lenient = next(check_corpus(revoke, mode="lenient", executor=pool))
    assert strict.report is not None and lenient.report is not None
    assert strict.report.checked == 38 and lenient.report.checked == lenient.report.steps == 624
    assert [v.handling for v in lenient.report.violations] == ["played"]


def test_bad_arguments_are_refused_at_once() -> None:
    with pytest.raises(InvalidArgumentError, match="mode"):
        check_corpus([], mode="loose")  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError, match="chunk"):
        check_corpus([], chunk=0)
    with pytest.raises(InvalidArgumentError, match="in_flight"):
        check_corpus([], in_flight=True)
    with pytest.raises(UnknownGameError):
        simulate("chess", {}, range(3))


def test_a_record_error_pickles_with_its_problems_and_source() -> None:
    error = RecordError([("game", "no game called 'chess'"), ("actions[3]", "unreadable")], "x.toml")
    again = pickle.loads(pickle.dumps(error))
    assert type(again) is RecordError and again.problems == error.problems and again.source == "x.toml"
    assert str(again) == str(error)


def test_work_is_submitted_in_bounded_batches_and_read_lazily() -> None:
    taken: list[int] = []

    def numbers() -> Iterator[int]:
        for n in itertools.count():
            taken.append(n)
            yield n

    with concurrent.futures.ThreadPoolExecutor(2) as threads:
        results = map_in_order(_double, numbers(), executor=threads, chunk=3, in_flight=2)
        first = list(itertools.islice(results, 4))
        results.close()  # an endless input: only the batches in flight were read
    assert first == [0, 2, 4, 6]
    assert len(taken) <= 3 * 4
    assert list(map_in_order(_double, range(5), chunk=2)) == [0, 2, 4, 6, 8]


def _double(batch: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(2 * n for n in batch)


def _short(batch: tuple[int, ...]) -> tuple[int, ...]:
    return batch[1:]


def test_work_that_loses_a_result_is_an_error() -> None:
    with pytest.raises(InvalidArgumentError, match="2 results for a batch of 3"):
        list(map_in_order(_short, range(3), chunk=3))


# -- JSON Lines ------------------------------------------------------------------------------------


def test_json_lines_round_trip_one_record_a_line() -> None:
    records = _records("calabresella", range(3))
    lines = [jsonl_line(record) for record in records]
    assert all("\n" not in line for line in lines)
    stream = io.BytesIO(("\n".join(lines[:2]) + "\n\n" + lines[2] + "\n").encode("utf-8"))
    read = list(read_jsonl(stream, "games.jsonl"))
    assert [text.source for text in read] == ["games.jsonl:1", "games.jsonl:2", "games.jsonl:4"]
    assert [loads(text.text) for text in read] == records


def test_a_json_line_over_the_size_limit_is_refused_and_the_next_line_read() -> None:
    (record,) = _records("calabresella", range(1))
    huge = b'{"comment": "' + b"x" * MAX_RECORD_SIZE + b'"}\n'
    stream = io.BytesIO(huge + jsonl_line(record).encode("utf-8") + b"\n")
    first, second = check_corpus(read_jsonl(stream, "big.jsonl"))
    assert first.status == "unreadable" and "larger than the limit" in str(first.reason)
    assert second.source == "big.jsonl:2" and second.status == "ok"


class _Endless(io.RawIOBase):
    """``head``, then one byte over and over, with no end and no line break (counts what was read)."""

    def __init__(self, head: bytes, byte: bytes) -> None:
        self.head = head
        self.byte = byte
        self.read_so_far = 0

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: bytearray | memoryview) -> int:  # type: ignore[override]
        view = memoryview(buffer)
        if self.head:
            size = min(len(view), len(self.head))
            view[:size] = self.head[:size]
            self.head = self.head[size:]
            return size
        view[:] = self.byte * len(view)
        self.read_so_far += len(view)
        return len(view)


def test_an_endless_json_line_ends_the_reading_after_a_bounded_skip() -> None:
    (record,) = _records("calabresella", range(1))
    endless = _Endless(jsonl_line(record).encode("utf-8") + b"\n", b"x")
    lines = read_jsonl(io.BufferedReader(endless), "endless.jsonl")
    assert next(lines).source == "endless.jsonl:1"
    with pytest.raises(RecordError, match="line 2: runs on past 67108864 bytes"):
        next(lines)
    assert endless.read_so_far < MAX_SKIPPED_LINE + 2 * MAX_RECORD_SIZE


# -- studies ---------------------------------------------------------------------------------------


def _study(executor: concurrent.futures.Executor | None = None) -> list[GameResult]:
    return list(simulate("backstab_fish", {"players": "5"}, range(10, 22), executor=executor, chunk=5))


def test_a_study_gives_each_game_in_seed_order_whatever_the_executor() -> None:
    expected = _study()
    assert [result.seed for result in expected] == list(range(10, 22))
    assert all(result.steps > 0 and result.record is None for result in expected)
    with concurrent.futures.ProcessPoolExecutor(2) as pool:
        assert _study(pool) == expected


def test_a_game_of_a_study_depends_on_its_seed_alone() -> None:
    (alone,) = simulate("felagsvist", {}, [7])
    among = list(simulate("felagsvist", {}, range(5, 9)))[2]
    assert alone == among
    again = play_random(get_game("felagsvist"), 7, keep_record=True)
    assert (again.outcome, again.steps) == (alone.outcome, alone.steps)
    assert again.record is not None and check(again.record).ok and check(again.record).finished


# -- Dask ------------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def dask_executor() -> Iterator[concurrent.futures.Executor]:
    """A Dask local cluster of two worker processes (no dashboard), as a concurrent.futures executor."""
    distributed = pytest.importorskip(
        "distributed", reason="Dask is not installed (pip install 'cardrules[dask]')"
    )
    cluster = distributed.LocalCluster(
        n_workers=2,
        threads_per_worker=1,
        processes=True,
        dashboard_address=None,
        silence_logs=logging.ERROR,
    )
    client = distributed.Client(cluster)
    try:
        yield client.get_executor()
    finally:
        client.close()
        cluster.close()


def test_a_corpus_checked_on_a_dask_cluster_gives_identical_results(
    corpus: list[Source], dask_executor: concurrent.futures.Executor
) -> None:
    expected = list(check_corpus(corpus))
    with concurrent.futures.ProcessPoolExecutor(2) as pool:
        on_processes = list(check_corpus(corpus, executor=pool))
    on_dask = list(check_corpus(corpus, executor=dask_executor, chunk=4, in_flight=3))
    assert on_dask == on_processes == expected
    reports = [result.report for result in on_dask]
    assert reports == [result.report for result in expected]
    assert isinstance(on_dask[7].error, RecordError)


def test_a_study_on_a_dask_cluster_gives_the_same_games(dask_executor: concurrent.futures.Executor) -> None:
    assert _study(dask_executor) == _study()


def test_things_that_are_no_record_are_each_an_unreadable_result() -> None:
    """An int and bytes in a corpus are neither records, texts nor file names: each is its own result,
    named by its place, and the corpus goes on to the next."""
    results = list(check_corpus([5, b"x"]))  # type: ignore[list-item]
    assert [(r.index, r.source, r.report, r.reason) for r in results] == [
        (0, "<record 0>", None, "document: not a record, a record text or a file name: 5"),
        (1, "<record 1>", None, "document: not a record, a record text or a file name: b'x'"),
    ]


def test_a_record_text_whose_text_is_no_text_is_an_unreadable_result_and_the_corpus_goes_on() -> None:
    """A :class:`RecordText` holding an int is refused by the reader with its own error (not a record
    error): the result still names the record and gives the reason, and the next record is checked."""
    good = load(DISPUTED / "out-of-turn.toml")
    results = list(check_corpus([RecordText(3, "three.toml"), good]))  # type: ignore[arg-type]
    assert [(r.index, r.source, r.report, r.reason) for r in results[:1]] == [
        (0, "three.toml", None, "document: a record's text must be a str or bytes, not 3")
    ]
    error = results[0].error
    assert isinstance(error, RecordError) and error.source == "three.toml"
    assert error.problems == (("document", "a record's text must be a str or bytes, not 3"),)
    assert results[1].index == 1 and results[1].report is not None
