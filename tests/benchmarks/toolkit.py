"""How fast the toolkit's Hypothesis strategies give examples, as a tester's test would draw them.

Each measurement runs a small Hypothesis test in this process, with a fixed
seed, no example database, and only the generate phase (no shrinking: nothing
fails), and counts the examples its body saw. The bodies draw what the toolkit's
guide shows:

- ``plays``: a position reached by legal play, every phase in its share
  (:func:`cardrules.testing.plays`, options drawn too);
- ``positions``: a position in a phase drawn at random (:func:`cardrules.testing.positions`);
- ``legal_actions``: a play, then one of its legal actions;
- ``illegal_actions``: a play, then an illegal action near it, with the play's states as
  the neighbours (``illegal_actions(played.state, played.states)``, the richest and the slowest);
- ``records``: the record of a whole game (:func:`cardrules.testing.records`).

Every run of a measurement draws the same examples, so the rates of the
repetitions compare.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from hypothesis import HealthCheck, Phase, given, seed, settings
from hypothesis import strategies as st

from cardrules.testing import illegal_actions, legal_actions, plays, positions, records

__all__ = ["EXAMPLES", "STRATEGIES", "strategy_run"]

EXAMPLES: Final = 12
"""Examples asked of Hypothesis per run."""

STRATEGIES: Final = ("plays", "positions", "legal_actions", "illegal_actions", "records")
"""The strategies measured, in the order of the table."""

_SEED: Final = 20261206


def _draw(name: str, game: str, data: st.DataObject) -> object:
    """One example of the strategy ``name`` for ``game``."""
    if name == "positions":
        return data.draw(positions(game))
    if name == "records":
        return data.draw(records(game))
    played = data.draw(plays(game))
    if name == "plays" or played.state.is_terminal:
        return played
    if name == "legal_actions":
        return data.draw(legal_actions(played.state))
    return data.draw(illegal_actions(played.state, played.states))


def strategy_run(game: str, name: str) -> Callable[[], int]:
    """One run of the strategy ``name`` for ``game``: a callable that draws the examples and counts them."""
    if name not in STRATEGIES:
        raise ValueError(f"no strategy {name!r} to time; known: {', '.join(STRATEGIES)}")

    def run() -> int:
        seen = [0]

        @seed(_SEED)
        @settings(
            max_examples=EXAMPLES,
            database=None,
            deadline=None,
            phases=[Phase.generate],
            suppress_health_check=list(HealthCheck),
        )
        @given(st.data())
        def body(data: st.DataObject) -> None:
            _draw(name, game, data)
            seen[0] += 1

        body()
        return seen[0]

    return run
