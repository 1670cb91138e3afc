"""How fast is the Backstab Fish reference engine?

Run it with::

    python -m tests.benchmarks.backstab_fish_bench [--seconds S] [--repeat N] [--json PATH] [--compare PATH]

or ``nox -s bench``. It times, with the shared harness (:mod:`tests.benchmarks.harness`),
complete random games for 10 players and for 4 (the default), ``legal_actions()`` on
states of 10-player games (asks with nine targets, lay-down decisions) and ``check()``
on a mix of legal and illegal actions.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from tests.benchmarks.harness import Variant, bench_main
from tests.benchmarks.report import OTHER_TARGETS

__all__ = ["TARGETS", "main"]

TARGETS: Final = OTHER_TARGETS
"""What issue "Speed" asks of Backstab Fish: ratios to the plain loop (:mod:`tests.benchmarks.report`)."""


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark and print its rates."""
    variants = [Variant("10 players", {"players": 10}), Variant("4 players")]
    return bench_main("backstab_fish", "Backstab Fish", variants, TARGETS, argv)


if __name__ == "__main__":
    raise SystemExit(main())
