"""Fanning work out to any ``concurrent.futures`` executor, in bounded batches, results in input order.

The library itself stays single-process and pure. Work that can be split, such
as checking a corpus of records (:func:`cardrules.records.corpus.check_corpus`)
or playing many games (:func:`cardrules.study.simulate`), goes through
:func:`map_in_order`: the items are grouped into batches of ``chunk``, at most
``in_flight`` batches are submitted at once, and the results come back one by
one in the order of the items, whatever order the batches finish in. The
executor is the caller's choice: ``None`` runs every batch in the calling
thread, a :class:`concurrent.futures.ProcessPoolExecutor` runs them on local
worker processes, and a Dask client's ``get_executor()`` runs them on a
cluster. The input is read lazily, so an endless iterator of items is fine:
only the batches in flight are held in memory.

For worker processes the function and the items must pickle: a module-level
function and plain data (paths, texts, tuples, frozen values).

>>> list(map_in_order(_squares, range(7), chunk=3))
[0, 1, 4, 9, 16, 25, 36]
"""

from __future__ import annotations

import collections
import concurrent.futures
import itertools
from collections.abc import Callable, Generator, Iterable, Iterator
from typing import Final, TypeVar

from cardrules.errors import InvalidArgumentError

__all__ = ["DEFAULT_CHUNK", "DEFAULT_IN_FLIGHT", "map_in_order"]

T = TypeVar("T")
R = TypeVar("R")

DEFAULT_CHUNK: Final = 16
"""How many items one batch holds by default: enough to make a worker's round trip worth it."""

DEFAULT_IN_FLIGHT: Final = 8
"""How many batches may be submitted and not yet collected, by default (bounds the memory held)."""


def _squares(batch: tuple[int, ...]) -> tuple[int, ...]:
    """The square of each number (the example of the module's description)."""
    return tuple(n * n for n in batch)


def _positive(name: str, value: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise InvalidArgumentError(f"{name} takes a positive whole number, not {value!r}")
    return value


def map_in_order(
    work: Callable[[tuple[T, ...]], tuple[R, ...]],
    items: Iterable[T],
    *,
    executor: concurrent.futures.Executor | None = None,
    chunk: int = DEFAULT_CHUNK,
    in_flight: int = DEFAULT_IN_FLIGHT,
) -> Generator[R, None, None]:
    """Apply ``work`` to the items in batches, on ``executor``, and yield its results in input order.

    Args:
        work: takes a batch (a tuple of items) and returns one result per item,
            in the batch's order. It must be a module-level function for an
            executor that sends work to other processes.
        items: the items, read lazily (an iterator may be endless).
        executor: where the batches run; ``None`` runs them in the calling thread.
        chunk: how many items one batch holds.
        in_flight: how many batches may be submitted and not yet collected.

    Closing the iterator early (``break`` in a ``for`` loop, or ``close()``)
    cancels the batches not yet started.

    Raises:
        InvalidArgumentError: ``chunk`` or ``in_flight`` is not a positive whole
            number (at once); ``work`` returned a different number of results
            than it was given items (when that batch is reached).
        Exception: whatever ``work`` raises, when its batch's results are reached.
    """
    _positive("chunk", chunk)
    _positive("in_flight", in_flight)
    return _in_order(work, iter(items), executor, chunk, in_flight)


def _in_order(
    work: Callable[[tuple[T, ...]], tuple[R, ...]],
    source: Iterator[T],
    executor: concurrent.futures.Executor | None,
    chunk: int,
    in_flight: int,
) -> Generator[R, None, None]:
    """:func:`map_in_order` once its arguments are checked (a generator, so nothing runs until asked)."""

    def batches() -> Iterator[tuple[T, ...]]:
        while batch := tuple(itertools.islice(source, chunk)):
            yield batch

    def results(batch: tuple[T, ...], done: tuple[R, ...]) -> tuple[R, ...]:
        if len(done) != len(batch):
            raise InvalidArgumentError(f"the work gave {len(done)} results for a batch of {len(batch)} items")
        return done

    if executor is None:
        for batch in batches():
            yield from results(batch, work(batch))
        return
    pending: collections.deque[tuple[tuple[T, ...], concurrent.futures.Future[tuple[R, ...]]]]
    pending = collections.deque()
    waiting = batches()
    try:
        for batch in itertools.islice(waiting, in_flight):
            pending.append((batch, executor.submit(work, batch)))
        while pending:
            batch, future = pending.popleft()
            done = future.result()
            following = next(waiting, None)  # keep the executor busy while the results are read
            if following is not None:
                pending.append((following, executor.submit(work, following)))
            yield from results(batch, done)
    finally:
        for _, future in pending:
            future.cancel()
