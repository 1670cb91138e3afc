"""How fast is the exact solver on the endings of each trick game?

Run it with::

    python -m tests.benchmarks.solver_bench [--samples N] [--full N] [--json PATH] [--compare PATH]

or ``nox -s bench -- solver``. One process on one core. For each game it
solves (:meth:`cardrules.solve.Solver.value`, the exact value for the side to
play) endings of 4, 6 and 8 tricks reached by seeded random play (Félagsvist
in Grand, Nóló and a trump round in turn; Fildinski's last tricks; Calabresella's
play once the contract is settled), and, for Félagsvist, whole 13-trick deals,
one of each round kind in turn (Grand, Nóló, then the four trump suits), as a
game of twelve deals has each kind twice.
It reports the median and the worst time and the positions searched per
second. Targets (issue 14): 8-trick endings under one second median, a whole
Félagsvist deal under 30 seconds.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Final

import cardrules
from cardrules.game import AnyState
from cardrules.games.calabresella import CalabresellaState
from cardrules.games.felagsvist import FelagsvistState
from cardrules.games.fildinski import FildinskiState
from cardrules.solve import SolveBudgetExceeded, Solver, ending_of

__all__ = ["main", "measure", "sample_endings"]

TRICKS: Final = (4, 6, 8)
"""The ending sizes measured, in tricks left."""

KINDS: Final = ("grand", "nolo", "spades", "hearts", "diamonds", "clubs")
"""The Félagsvist round kinds of the whole deals, in turn (the endings take the first three)."""

DEADLINE: Final = 120.0
"""The most seconds one solve may take before it counts as over budget."""


def _left(state: AnyState) -> int:
    """The tricks not yet complete in the state's deal."""
    if isinstance(state, FelagsvistState):
        return 13 - sum(state.tricks)
    if isinstance(state, FildinskiState):
        return 32 - state.tricks_done
    assert isinstance(state, CalabresellaState)
    return 12 - len(state.tally.winners)


def _whole_deal(seed: int, kinds: int = len(KINDS)) -> FelagsvistState:
    """A seeded Félagsvist deal before its first card, of the round kind ``KINDS[seed % kinds]``."""
    kind = KINDS[seed % kinds]
    state = cardrules.get_game("felagsvist", first_round=kind, first_dealer="N").new_game(seed=seed)
    assert isinstance(state, FelagsvistState)
    return state


def _play_phase(game: str, seed: int) -> AnyState | None:
    """A seeded game of ``game`` played at random to the start of the phase the solver takes."""
    rng = random.Random(f"solver-bench/{game}/{seed}")
    if game == "felagsvist":
        return _whole_deal(seed, 3)
    state: AnyState = cardrules.get_game(game).new_game(seed=seed)
    wanted = "endgame" if game == "fildinski" else "play"
    while state.phase_name != wanted:
        if state.is_terminal:
            return None
        state = state.apply(rng.choice(state.legal_actions()))
    return state


def sample_endings(game: str, tricks: int, count: int) -> list[AnyState]:
    """``count`` positions of ``game`` with ``tricks`` tricks left, each at the start of a trick."""
    found: list[AnyState] = []
    seed = 0
    while len(found) < count:
        state = _play_phase(game, seed)
        seed += 1
        if state is None:
            continue
        rng = random.Random(f"solver-bench/{game}/{seed}/play")
        while _left(state) > tricks:
            state = state.apply(rng.choice(state.legal_actions()))
        if _left(state) == tricks:
            found.append(state)
    return found


def measure(
    states: Sequence[AnyState], each: Callable[[int, int, float, bool], None] | None = None
) -> dict[str, float | int]:
    """Solve each state; the median and worst seconds, the positions per second and how many ran out.

    ``each``, when given, is told of every solve in turn: its number, the
    positions it searched, its seconds and whether it ran out of budget.
    """
    times: list[float] = []
    nodes = 0
    over = 0
    for number, state in enumerate(states):
        solver = Solver(deadline=DEADLINE)
        start = time.perf_counter()
        ran_out = False
        try:
            solver.value(ending_of(state, state.current_player))
        except SolveBudgetExceeded:
            ran_out = True
            over += 1
        times.append(time.perf_counter() - start)
        nodes += solver.nodes
        if each is not None:
            each(number, solver.nodes, times[-1], ran_out)
    total = sum(times)
    return {
        "samples": len(states),
        "median_s": round(statistics.median(times), 4),
        "worst_s": round(max(times), 4),
        "nodes_per_s": round(nodes / total) if total else 0,
        "nodes": nodes,
        "over_budget": over,
    }


def main(argv: Sequence[str] | None = None, out: Callable[[str], None] = print) -> int:
    """Run the benchmark; print a table, and write it as JSON when asked."""
    parser = argparse.ArgumentParser(prog="solver_bench", description=__doc__.split("\n\n")[0])
    parser.add_argument("--samples", type=int, default=7, help="endings per game and size (default 7)")
    parser.add_argument(
        "--full",
        type=int,
        default=len(KINDS),
        help="whole Félagsvist deals (default 6, one of each round kind; 0 skips them)",
    )
    parser.add_argument("--json", type=Path, help="write the figures here")
    parser.add_argument("--compare", type=Path, help="an earlier run's JSON, shown beside each median")
    args = parser.parse_args(argv)
    earlier: dict[str, dict[str, float]] = {}
    if args.compare is not None and args.compare.is_file():
        earlier = json.loads(args.compare.read_text(encoding="utf-8")).get("rows", {})
    rows: dict[str, dict[str, float | int]] = {}
    cases = [(game, tricks) for game in ("felagsvist", "fildinski", "calabresella") for tricks in TRICKS]
    for game, tricks in cases:
        rows[f"{game} {tricks} tricks"] = measure(sample_endings(game, tricks, args.samples))
    details: list[str] = []
    if args.full:
        deals = [_whole_deal(seed) for seed in range(args.full)]

        def note(number: int, nodes: int, seconds: float, ran_out: bool) -> None:
            kind = deals[number].round_kind.value
            late = " (over budget)" if ran_out else ""
            details.append(f"  whole deal {number} ({kind}): {nodes} positions, {seconds:.1f} s{late}")

        rows["felagsvist 13 tricks (whole deal)"] = measure(deals, note)
    out(f"{'ending':<36} {'n':>3} {'median s':>9} {'worst s':>9} {'nodes/s':>9} {'over':>5}  (before)")
    for name, row in rows.items():
        before = earlier.get(name, {}).get("median_s")
        shown = f"({before})" if before is not None else ""
        out(
            f"{name:<36} {row['samples']:>3} {row['median_s']:>9} {row['worst_s']:>9} "
            f"{row['nodes_per_s']:>9} {row['over_budget']:>5}  {shown}"
        )
    for line in details:
        out(line)
    if args.json is not None:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps({"rows": rows}, indent=2), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
