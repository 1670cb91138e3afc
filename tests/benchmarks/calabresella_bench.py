"""How fast is the Calabresella reference engine?

Run it with::

    python -m tests.benchmarks.calabresella_bench [--seconds S] [--repeat N] [--json PATH] [--compare PATH]

or ``nox -s bench``. It times, with the shared harness (:mod:`tests.benchmarks.harness`):

- complete random hands (a game is one hand; an all-pass hand counts, as it is
  one in the rules), with uniformly random actions as ``cardrules simulate``
  plays them, and with an auction that takes the lowest bid four times in five,
  so that most hands are played out with an exchange;
- ``legal_actions()`` on states of every phase and ``check()`` on a mix of legal
  and illegal actions.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final

from cardrules.game import Action, AnyState
from cardrules.games.calabresella import CalabresellaState, Phase
from tests.benchmarks.harness import Variant, bench_main
from tests.benchmarks.report import OTHER_TARGETS

__all__ = ["TARGETS", "bidding", "main"]

TARGETS: Final = OTHER_TARGETS
"""What issue "Speed" asks of Calabresella: ratios to the plain loop (:mod:`tests.benchmarks.report`)."""


_AUCTION: Final = Phase.AUCTION  # read once: reading an enum member off its class costs more than a play


def bidding(state: AnyState, legal: Sequence[Action], rng: random.Random) -> Action:
    """In the auction, the lowest bid (listed after the pass) four times in five; otherwise any action."""
    assert isinstance(state, CalabresellaState)
    if state.phase is _AUCTION and len(legal) > 1 and rng.random() < 0.8:
        return legal[1]
    return rng.choice(legal)  # what uniform() does, without the call


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark and print its rates."""
    variants = [Variant("bidding, mostly played", choose=bidding), Variant("uniform random actions")]
    return bench_main("calabresella", "Calabresella", variants, TARGETS, argv, unit="hands")


if __name__ == "__main__":
    raise SystemExit(main())
