"""How fast is the Fildinski reference engine?

Run it with::

    python -m tests.benchmarks.fildinski_bench [--seconds S] [--repeat N] [--json PATH] [--compare PATH]

or ``nox -s bench``. It times, with the shared harness (:mod:`tests.benchmarks.harness`),
complete random games under the default options (deals until a total reaches 500),
``legal_actions()`` on states of every phase (leads, follows, meld steps, endgame
follows) and ``check()`` on a mix of legal and illegal actions.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from tests.benchmarks.harness import Variant, bench_main
from tests.benchmarks.report import OTHER_TARGETS

__all__ = ["TARGETS", "main"]

TARGETS: Final = OTHER_TARGETS
"""What issue "Speed" asks of Fildinski: ratios to the plain loop (:mod:`tests.benchmarks.report`)."""


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark and print its rates (the states keep no memo, so nothing needs forgetting)."""
    return bench_main("fildinski", "Fildinski", [Variant("default options")], TARGETS, argv)


if __name__ == "__main__":
    raise SystemExit(main())
