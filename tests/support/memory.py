"""A bound on the memory one input may take: the peak of Python's allocations while it is handled.

:func:`bounded_memory` measures, with :mod:`tracemalloc`, how far the
allocations of a block rise above what was allocated when it began, and
fails the test when the rise passes the bound (:data:`MAX_GROWTH`, 50 MB by
default). The fuzz tests wrap each input in it, so an input that makes a
reader balloon is a finding, as an exception is.
"""

from __future__ import annotations

import tracemalloc
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Final

__all__ = ["MAX_GROWTH", "bounded_memory"]

MAX_GROWTH: Final = 50 * 1024 * 1024
"""How far (bytes) one input may raise the peak of allocations above the baseline: 50 MiB."""


@contextmanager
def bounded_memory(what: object = "the input", most: int = MAX_GROWTH) -> Iterator[None]:
    """Fail (``AssertionError``) when the block's peak allocation passes ``most`` bytes above its start.

    Tracing starts here when it is not already on, and stops again at the end
    of the block; nested blocks share one trace (the inner one resets the peak).
    """
    started = not tracemalloc.is_tracing()
    if started:
        tracemalloc.start()
    try:
        tracemalloc.reset_peak()
        baseline, _ = tracemalloc.get_traced_memory()
        yield
        _, peak = tracemalloc.get_traced_memory()
    finally:
        if started:
            tracemalloc.stop()
    growth = peak - baseline
    if growth > most:
        shown = repr(what)[:200]
        raise AssertionError(
            f"{growth / 2**20:.0f} MiB above the baseline, past {most / 2**20:.0f} MiB, for {shown}"
        )
