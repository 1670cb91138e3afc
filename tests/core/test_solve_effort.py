"""How many positions the solver searches, pinned on a few Félagsvist endings.

``Solver.nodes``, ``ClaimResult.nodes`` and the command line's ``nodes``
report the search's effort, and budgets are counted in it: a change that
makes the search look at more or fewer positions (a cut moved, a bound asked
for in other places, a table entry kept for other cards) changes them, and
must do so on purpose, measured with the solver benchmark. The values are
the exact ones (the brute-force tests of each game check them); the counts
are the solver's own at the time of writing.
"""

from __future__ import annotations

import random

import pytest

import cardrules
from cardrules.solve import Solver

PINNED = [
    # (round kind, the ace in Nóló, deal seed, value and positions so far after seat 0, then after seat 1)
    ("hearts", "high", 1, (1, 70), (4, 140)),
    ("nolo", "high", 1, (4, 289), (1, 578)),
    ("grand", "high", 1, (1, 241), (4, 482)),
    ("hearts", "high", 12, (1, 121), (4, 242)),
    ("nolo", "low", 40, (5, 659), (0, 1318)),
    ("hearts", "high", 5, (2, 283), (3, 508)),
    ("nolo", "high", 30, (1, 406), (4, 870)),
]


@pytest.mark.parametrize(("kind", "ace", "seed", "first", "second"), PINNED)
def test_the_positions_searched_on_pinned_endings(
    kind: str, ace: str, seed: int, first: tuple[int, int], second: tuple[int, int]
) -> None:
    game = cardrules.get_game("felagsvist", first_dealer="N", first_round=kind, nolo_ace=ace)
    state = game.new_game(seed=seed)
    rng = random.Random(seed)
    for _ in range(32 + seed % 5):  # four or five tricks from the end
        state = state.apply(rng.choice(state.legal_actions()))
    solver = Solver()  # one solver for both seats: the second search meets the first one's table
    found = []
    for seat in (0, 1):
        value = solver.value(state.ending(seat))
        found.append((value, solver.nodes))
    assert found == [first, second]
