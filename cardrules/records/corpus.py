"""Checking a corpus of records: many at once, on any ``concurrent.futures`` executor, in input order.

:func:`check_corpus` takes the records as file paths, as texts
(:class:`RecordText`, such as the lines of a JSON Lines file that
:func:`read_jsonl` reads) or as :class:`~cardrules.records.model.Record`
values, from a list or a lazy iterator, and yields one :class:`CorpusResult`
per record, in the order given: the :class:`~cardrules.records.check.CheckReport`,
or the error that made the record unreadable. :class:`CorpusSummary` counts the
results as they come.

The records are checked in batches on the executor the caller chooses (see
:func:`cardrules.parallel.map_in_order`): none runs them in the calling thread,
a :class:`concurrent.futures.ProcessPoolExecutor` on local worker processes,
a Dask client's ``get_executor()`` on a cluster. What travels to a worker is
plain data (a path, a text or a record value, and the mode) and what comes back
is the frozen result, so the results are the same whatever the executor. A
path is read by the worker, so on a cluster the files must be where the
workers can read them; texts travel with the work.

>>> import cardrules
>>> from cardrules.records import RecordText, check_corpus, dumps, record_of, summarize
>>> game = cardrules.get_game("calabresella")
>>> start = game.new_game(seed=1)
>>> first = start.legal_actions()[0]
>>> good = record_of(game, start.apply(first), [first])
>>> wrong = record_of(game, start.apply(first), [first], claimed_scores={0: 99})
>>> corpus = [good, RecordText(dumps(wrong), "wrong.toml"), RecordText("format = 1", "broken.toml")]
>>> results = list(check_corpus(corpus))
>>> [result.status for result in results]
['ok', 'findings', 'unreadable']
>>> print(results[2])
broken.toml: unreadable: 4 problems: game: missing: every record has this field; ...
>>> print(summarize(results))
3 records: 1 ok, 1 with findings, 1 unreadable
"""

from __future__ import annotations

import functools
import json
import os
from collections.abc import Generator, Iterable, Iterator
from concurrent.futures import Executor
from dataclasses import dataclass, field
from typing import IO, Final, Literal, TypeAlias

from cardrules.errors import CardRulesError, InvalidArgumentError
from cardrules.parallel import DEFAULT_CHUNK, DEFAULT_IN_FLIGHT, map_in_order
from cardrules.records.check import CheckReport, Mode, check
from cardrules.records.errors import RecordError
from cardrules.records.files import MAX_RECORD_SIZE, FilePath, load_prepared, loads_prepared
from cardrules.records.model import Record, seat_token
from cardrules.records.report import findings
from cardrules.records.tree import to_tree
from cardrules.records.validate import Prepared, prepare
from cardrules.text import echo

__all__ = [
    "MAX_SKIPPED_LINE",
    "CorpusResult",
    "CorpusSummary",
    "RecordText",
    "Source",
    "Status",
    "check_corpus",
    "jsonl_line",
    "read_jsonl",
    "summarize",
]


@dataclass(frozen=True, slots=True)
class RecordText:
    """A record's text, TOML or JSON (or its UTF-8 bytes), with the name it is known by.

    Attributes:
        text: the record's text, as :func:`~cardrules.records.files.loads` reads it.
        source: where it came from, for messages (``"games.jsonl:12"``), or ``None``.
    """

    text: str | bytes
    source: str | None = None


Source: TypeAlias = "str | FilePath | RecordText | Record"
"""One record of a corpus: a file path (a string or a path object), a :class:`RecordText` or a record."""

Status = Literal["ok", "findings", "unreadable"]
"""What became of one record: every step legal and every claim right; a finding; unreadable."""


@dataclass(frozen=True, slots=True)
class CorpusResult:
    """What checking one record of a corpus gave.

    Attributes:
        index: the record's place in the input, counted from 0.
        source: the record's name: its path, the source of its text, or
            ``<record N>`` when it has none.
        report: the check's report, or ``None`` when the record was unreadable.
        reason: why the record was unreadable (one line, without the name), or ``None``.
        error: the error itself (a :class:`~cardrules.records.errors.RecordError`
            or an :class:`OSError`), or ``None``; it takes no part in ``==``, so
            results from different runs compare by what they say.
    """

    index: int
    source: str
    report: CheckReport | None
    reason: str | None = None
    error: RecordError | OSError | None = field(default=None, compare=False)

    @property
    def status(self) -> Status:
        """``"ok"``, ``"findings"`` or ``"unreadable"``."""
        if self.report is None:
            return "unreadable"
        return "ok" if self.report.ok else "findings"

    def __str__(self) -> str:
        """One line: the name, then ``ok``, the findings (the first illegal step), or why it is unreadable."""
        report = self.report
        if report is None:
            return f"{self.source}: unreadable: {self.reason}"
        plural = "" if report.steps == 1 else "s"
        end = "finished" if report.finished else "not finished"
        about = f"{report.game}, {report.steps} step{plural}, {end}"
        if report.ok:
            return f"{self.source}: ok ({about})"
        count = findings(report)
        first = report.first_violation
        if first is not None:
            what = str(first)
        else:
            seats = ", ".join(seat_token(seat) for seat in report.mismatched_seats)
            what = f"claimed scores differ for {seats}"
        return f"{self.source}: {count} finding{'' if count == 1 else 's'} ({about}): {what}"


@dataclass(frozen=True, slots=True)
class CorpusSummary:
    """The counts of a corpus checked so far; :meth:`add` gives the counts with one more result.

    Attributes:
        records: how many records were checked.
        ok: how many had every step legal and every claimed score right.
        findings: how many had an illegal step or a wrong claimed score.
        unreadable: how many could not be read (or did not fit their game).
    """

    records: int = 0
    ok: int = 0
    findings: int = 0
    unreadable: int = 0

    def add(self, result: CorpusResult) -> CorpusSummary:
        """These counts with ``result`` counted too."""
        status = result.status
        return CorpusSummary(
            self.records + 1,
            self.ok + (status == "ok"),
            self.findings + (status == "findings"),
            self.unreadable + (status == "unreadable"),
        )

    @property
    def exit_status(self) -> int:
        """The worst status, as ``cardrules check`` exits: 2 unreadable (or no record), 1 a finding, or 0."""
        if self.unreadable or not self.records:
            return 2
        return 1 if self.findings else 0

    def __str__(self) -> str:
        """``N records: a ok, b with findings, c unreadable``."""
        return (
            f"{self.records} record{'' if self.records == 1 else 's'}: {self.ok} ok, "
            f"{self.findings} with findings, {self.unreadable} unreadable"
        )


def summarize(results: Iterable[CorpusResult]) -> CorpusSummary:
    """The counts of ``results``."""
    summary = CorpusSummary()
    for result in results:
        summary = summary.add(result)
    return summary


def _name(index: int, source: Source) -> str:
    if isinstance(source, RecordText):
        return source.source if source.source is not None else f"<record {index}>"
    if isinstance(source, Record):
        return f"<record {index}>"
    return os.fspath(source)


def _is_source(source: object) -> bool:
    """Whether ``source`` is a record, a record text or a file name (not, say, an int or bytes)."""
    if isinstance(source, (str, RecordText, Record)):
        return True
    try:
        return isinstance(os.fspath(source), str)  # type: ignore[call-overload]
    except TypeError:
        return False


def _check_one(index: int, source: Source, mode: Mode) -> CorpusResult:
    if not _is_source(source):
        problem = RecordError([("document", f"not a record, a record text or a file name: {echo(source)}")])
        return CorpusResult(index, f"<record {index}>", None, str(problem), problem)
    name = _name(index, source)
    try:
        record: Record | Prepared  # read and checked against its game once, not again by check
        if isinstance(source, RecordText):
            record = loads_prepared(source.text, source=source.source)
        elif isinstance(source, Record):
            record = source
        else:
            record = load_prepared(source)
        return CorpusResult(index, name, check(record, mode=mode))
    except RecordError as error:
        # the reason without the name (the result carries it): the problems alone
        return CorpusResult(index, name, None, str(RecordError(error.problems)), error)
    except OSError as error:
        return CorpusResult(index, name, None, error.strerror or str(error), error)
    except CardRulesError as error:  # any other refusal of the record, as a record error
        problem = RecordError([("document", str(error))], name)
        return CorpusResult(index, name, None, str(RecordError(problem.problems)), problem)


def _check_batch(batch: tuple[tuple[int, Source], ...], mode: Mode) -> tuple[CorpusResult, ...]:
    """Check each ``(index, source)`` of ``batch`` (the work a worker process is sent)."""
    return tuple(_check_one(index, source, mode) for index, source in batch)


def check_corpus(
    sources: Iterable[Source],
    *,
    mode: Mode = "strict",
    executor: Executor | None = None,
    chunk: int = DEFAULT_CHUNK,
    in_flight: int = DEFAULT_IN_FLIGHT,
) -> Generator[CorpusResult, None, None]:
    """Check every record of ``sources`` and yield one result per record, in the order given.

    Args:
        sources: the records: paths, :class:`RecordText` values or records,
            read lazily (a generator need not fit in memory).
        mode: ``"strict"`` or ``"lenient"``, as for :func:`~cardrules.records.check.check`.
        executor: where the records are checked: ``None`` in the calling
            thread, or any :class:`concurrent.futures.Executor` (local
            worker processes, a Dask client's ``get_executor()``).
        chunk: how many records one task checks.
        in_flight: how many tasks may be submitted and not yet collected.

    A record that cannot be read is a result with :attr:`CorpusResult.reason`,
    never an exception, so one broken file does not stop a corpus.

    Raises:
        InvalidArgumentError: ``mode``, ``chunk`` or ``in_flight`` is not one
            the function takes (raised at once, before any record is read).
    """
    if mode not in ("strict", "lenient"):
        raise InvalidArgumentError(f"mode must be 'strict' or 'lenient', not {mode!r}")
    work = functools.partial(_check_batch, mode=mode)
    return map_in_order(work, enumerate(sources), executor=executor, chunk=chunk, in_flight=in_flight)


MAX_SKIPPED_LINE: Final = 16 * MAX_RECORD_SIZE
"""How much of one over-long JSON Lines line :func:`read_jsonl` skips before it gives up (64 MiB)."""


def read_jsonl(stream: IO[bytes], source: str, *, first_line: int = 1) -> Iterator[RecordText]:
    """The records of a JSON Lines stream, one record's JSON a line, read as needed.

    Blank lines are skipped. Each record is named ``source:LINE``, the lines
    counted from ``first_line`` (for a stream whose first lines were already
    read). A line longer than the record size limit is passed on cut at the
    limit, so that checking it says it is too large, and the rest of that
    line is skipped, up to :data:`MAX_SKIPPED_LINE` bytes: a line that has not
    ended by then (an endless stream with no line break) ends the reading.
    No more than the record size limit is held in memory at once.

    Raises:
        RecordError: a line runs on past :data:`MAX_SKIPPED_LINE` bytes; the
            records before it have been passed on.
    """
    number = first_line - 1
    while True:
        line = stream.readline(MAX_RECORD_SIZE + 1)
        if not line:
            return
        number += 1
        if len(line) > MAX_RECORD_SIZE and not line.endswith(b"\n"):
            skipped = len(line)
            while (rest := stream.readline(MAX_RECORD_SIZE + 1)) and not rest.endswith(b"\n"):
                skipped += len(rest)
                if skipped > MAX_SKIPPED_LINE:
                    raise RecordError(
                        [
                            (
                                f"line {number}",
                                f"runs on past {MAX_SKIPPED_LINE} bytes (64 MiB) without a line break: "
                                "the rest of the stream is not read",
                            )
                        ],
                        source,
                    )
        if line.strip():
            yield RecordText(line, f"{source}:{number}")


def jsonl_line(record: Record) -> str:
    """``record`` as one line of JSON Lines: its canonical JSON form on one line, without a newline.

    The record is checked against its game first, as :func:`~cardrules.records.files.dumps` does.

    Raises:
        RecordError: the record does not fit its game.
    """
    return json.dumps(to_tree(prepare(record).record), ensure_ascii=False, separators=(",", ":"))
