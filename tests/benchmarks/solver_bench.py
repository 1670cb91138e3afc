"""How fast is the exact solver on the endings of each trick game?

Run it with::

    python -m tests.benchmarks.solver_bench [--samples N] [--full N] [--json PATH] [--compare PATH]

or ``nox -s bench -- solver``. One process on one core. For each game it
solves (:meth:`cardrules.solve.Solver.value`, the exact value for the side to
play) endings of 4, 6 and 8 tricks reached by seeded random play (Félagsvist
in Grand, Nóló and a trump round in turn; Fildinski's last tricks; Calabresella's
play once the contract is settled), and, for Félagsvist, whole 13-trick deals,
the round kinds in turn (Grand, Nóló, then the four trump suits): twelve
deals, each kind twice, as in a game of twelve deals. Per ending size it
reports the median and the worst time and the positions searched per second,
and each whole deal's time. Last it times what a user runs on a whole deal,
``cardrules claim`` and ``cardrules analyse`` (in this process, through the
command line's own entry point), on the first whole deal.

Times are the CPU seconds of this process (``time.process_time``), so that
other work on a shared machine does not count; on a quiet machine they are
the seconds a user waits.

Targets (issue 31): 8-trick Félagsvist endings under 20 ms median; every
whole deal under 30 seconds, their median under 5 seconds. After the table
the run says whether it meets each of them.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import random
import statistics
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Final

import cardrules
from cardrules.cli import main as cli_main
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

WHOLE_DEALS: Final = 2 * len(KINDS)
"""How many whole deals are solved by default: each round kind twice."""

BUDGET: Final = 10_000_000
"""The most positions one solve may search before it counts as over budget.

A count of positions, not seconds, so that a loaded machine does not end a
solve early. It must lie past the 30-second target of a whole deal at the
speed measured: the compiled solver searches some 200,000 to 250,000
positions a second, so ten million is about 40 to 50 seconds (four million,
the budget set for the pure-Python search at about 100,000 a second, cut
off compiled solves of about 20 seconds). The pure-Python search, two to
three times slower, then spends longer on a deal before it runs out."""


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
        solver = Solver(max_nodes=BUDGET)
        start = time.process_time()
        ran_out = False
        try:
            solver.value(ending_of(state, state.current_player))
        except SolveBudgetExceeded:
            ran_out = True
            over += 1
        times.append(time.process_time() - start)
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


def time_commands(state: FelagsvistState) -> dict[str, float]:
    """Seconds ``cardrules claim`` (NS take 7 of the tricks) and ``cardrules analyse`` take on ``state``.

    Each runs through the command line's entry point in this process, as a
    user runs it but without the interpreter's start, its output discarded,
    with the benchmark's budget of positions (:data:`BUDGET`) instead of a
    deadline; a command that runs out of it has its seconds negated.
    """
    text = state.position()
    seconds: dict[str, float] = {}
    commands = {
        "claim": ["claim", text, "--by", "NS", "--tricks", "7"],
        "analyse": ["analyse", text],
    }
    budget = ["--deadline", "0", "--max-nodes", str(BUDGET)]
    for name, argv in commands.items():
        start = time.process_time()
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
            status = cli_main([*argv, *budget])
        # a negative time: the command ran out of budget (exit status 2) after that many seconds
        spent = round(time.process_time() - start, 3)
        seconds[name] = spent if status != 2 else -spent
    return seconds


def _targets(
    rows: dict[str, dict[str, float | int]], deals: list[dict[str, float | int | str | bool]]
) -> list[str]:
    """Lines saying whether the run meets each target of issue 31 (those it measured)."""
    lines = []
    eight = rows.get("felagsvist 8 tricks")
    if eight is not None:
        median = float(eight["median_s"])
        met = "met" if median < 0.020 else "not met"
        lines.append(f"target: 8-trick Félagsvist median under 0.020 s: {median} s, {met}")
    if deals:
        seconds = [float(deal["seconds"]) for deal in deals]
        late = sum(1 for deal in deals if deal["over"] or float(deal["seconds"]) >= 30)
        median = statistics.median(seconds)
        met = "met" if len(deals) >= 12 and not late and median < 5 else "not met"
        lines.append(
            f"target: whole deals each under 30 s, median under 5 s: median {median:.2f} s, "
            f"{late} of {len(deals)} at 30 s or over budget, {met}"
        )
    return lines


def main(argv: Sequence[str] | None = None, out: Callable[[str], None] = print) -> int:
    """Run the benchmark; print a table, and write it as JSON when asked."""
    parser = argparse.ArgumentParser(prog="solver_bench", description=__doc__.split("\n\n")[0])
    parser.add_argument("--samples", type=int, default=7, help="endings per game and size (default 7)")
    parser.add_argument(
        "--full",
        type=int,
        default=WHOLE_DEALS,
        help=f"whole Félagsvist deals (default {WHOLE_DEALS}, each round kind twice; 0 skips them)",
    )
    parser.add_argument(
        "--no-commands", action="store_true", help="skip timing cardrules claim and analyse on a whole deal"
    )
    parser.add_argument("--json", type=Path, help="write the figures here")
    parser.add_argument("--compare", type=Path, help="an earlier run's JSON, shown beside each median")
    args = parser.parse_args(argv)
    earlier: dict[str, dict[str, float]] = {}
    earlier_commands: dict[str, float] = {}
    if args.compare is not None and args.compare.is_file():
        last = json.loads(args.compare.read_text(encoding="utf-8"))
        earlier = last.get("rows", {})
        earlier_commands = last.get("commands", {})
    rows: dict[str, dict[str, float | int]] = {}
    cases = [(game, tricks) for game in ("felagsvist", "fildinski", "calabresella") for tricks in TRICKS]
    for game, tricks in cases:
        rows[f"{game} {tricks} tricks"] = measure(sample_endings(game, tricks, args.samples))
    details: list[str] = []
    deal_rows: list[dict[str, float | int | str | bool]] = []
    if args.full:
        deals = [_whole_deal(seed) for seed in range(args.full)]

        def note(number: int, nodes: int, seconds: float, ran_out: bool) -> None:
            kind = deals[number].round_kind.value
            late = " (over budget)" if ran_out else ""
            details.append(f"  whole deal {number} ({kind}): {nodes} positions, {seconds:.2f} s{late}")
            deal_rows.append(
                {"deal": number, "kind": kind, "nodes": nodes, "seconds": round(seconds, 3), "over": ran_out}
            )

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
    for line in _targets(rows, deal_rows):
        out(line)
    commands: dict[str, float] = {}
    if not args.no_commands:
        commands = time_commands(_whole_deal(0))
        for name, seconds in commands.items():
            before = earlier_commands.get(name)
            shown = f" ({before})" if before is not None else ""
            late = " (over budget)" if seconds < 0 else ""
            out(f"cardrules {name} on whole deal 0: {abs(seconds)} s{late}{shown}")
    if args.json is not None:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        figures = {"rows": rows, "deals": deal_rows, "commands": commands}
        args.json.write_text(json.dumps(figures, indent=2), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
