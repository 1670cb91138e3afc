"""The benchmark harness the games share: random play against a plain loop, record checking, ``check()``.

A game's benchmark module names its variants (option sets, and how a random
player picks among the legal actions), its targets, and calls :func:`bench_main`.
One process, one core. Every measurement runs ``--repeat`` times for about
``--seconds`` each, the measurements taking turns so that a slow patch of the
machine hits them all alike, and counts whole units of work:

- ``games:<label>``: complete random games (or hands: ``unit``) of each variant through
  the public API: ``new_game(seed=i)``, then the chosen legal action until none
  is legal; the rate in decisions (actions) per second is derived from the
  actions those games took;
- ``yardstick``: the plain mutable whist loop of :mod:`tests.benchmarks.yardstick`,
  in plays per second; the headline ratio is the first variant's decisions per
  second over the yardstick's plays per second, both measured in this run;
- ``record_check``: checking whole records as ``cardrules check`` does (read the
  TOML text, parse, judge and apply every step, compare the claimed scores), in
  steps per second, over the records of a few random games;
- ``legal_actions``: ``legal_actions()`` on a fixed set of states reached by random
  play (every ``SAMPLE_EVERY``-th state of the games of ``SAMPLE_SEEDS``);
- ``check``: ``check()`` on a fixed mix: for each of those states one legal
  action and the illegal probes of :func:`cardrules.testing.probing.illegal_probes`.

The table shows the median rate (the headline figure) and the best; ``--json``
writes everything, the targets and whether each is met, so that a later run can
be compared with ``--compare``.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import sys
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from time import perf_counter
from typing import Final, TextIO

import cardrules
from cardrules.game import Action, AnyGame, AnyState
from cardrules.records import check as check_record
from cardrules.records import dumps, loads, loads_prepared, record_of
from cardrules.testing.probing import illegal_probes
from tests.benchmarks.yardstick import PLAYS, yardstick_work

__all__ = [
    "Measurement",
    "Report",
    "Targets",
    "Variant",
    "bench_main",
    "random_game",
    "run",
    "sample_states",
    "uniform",
]

SAMPLE_SEEDS: Final = range(1000, 1006)
SAMPLE_EVERY: Final = 5
RECORD_SEEDS: Final = range(2000, 2006)
"""The random games whose records the ``record_check`` measurement checks."""

Chooser = Callable[[AnyState, Sequence[Action], random.Random], Action]
"""How a random player picks one of the legal actions of a state."""

Work = Callable[[float], tuple[int, float]]
"""Run for about the given seconds; return (units of work done, seconds taken)."""

Pairs = Sequence[tuple[AnyState, Action]]
Fixed = Callable[[AnyGame, Chooser], tuple[Sequence[AnyState], Pairs]]
"""A game's fixed sets: the states for ``legal_actions()``, the (state, action) mix for ``check()``."""


def uniform(state: AnyState, legal: Sequence[Action], rng: random.Random) -> Action:
    """Any legal action, each as likely (what ``cardrules simulate`` does)."""
    return rng.choice(legal)


@dataclass(frozen=True)
class Variant:
    """One kind of random game to time: a label, the options and the random player."""

    label: str
    options: Mapping[str, object] = field(default_factory=dict)
    choose: Chooser = uniform


@dataclass(frozen=True)
class Targets:
    """The rates issue "Speed" asks of a game (``None``: no target for that figure)."""

    ratio: float
    record_steps: float
    check_calls: float | None = None


def random_game(
    game: AnyGame, seed: int, choose: Chooser = uniform, played: list[Action] | None = None
) -> tuple[AnyState, int]:
    """Play one game to the end with ``choose``; the final state and the number of actions.

    The actions are appended to ``played`` when it is given.
    """
    rng = random.Random(seed)
    state = game.new_game(seed=seed)
    legal = state.legal_actions()
    count = 0
    while legal:
        action = choose(state, legal, rng)
        if played is not None:
            played.append(action)
        state = state.apply(action)
        legal = state.legal_actions()
        count += 1
    return state, count


def sample_states(game: AnyGame, choose: Chooser = uniform) -> list[AnyState]:
    """Every ``SAMPLE_EVERY``-th state of the games of ``SAMPLE_SEEDS`` (never a final state)."""
    out: list[AnyState] = []
    for seed in SAMPLE_SEEDS:
        rng = random.Random(seed)
        state = game.new_game(seed=seed)
        step = 0
        while not state.is_terminal:
            if step % SAMPLE_EVERY == 0:
                out.append(state)
            state = state.apply(choose(state, state.legal_actions(), rng))
            step += 1
    return out


def _probe_mix(game: AnyGame, choose: Chooser) -> tuple[list[AnyState], list[tuple[AnyState, Action]]]:
    """The default fixed sets: sampled states, and for each one legal action and three illegal probes."""
    states = sample_states(game, choose)
    rng = random.Random(7)
    pairs: list[tuple[AnyState, Action]] = []
    for state in states:
        pairs.append((state, rng.choice(state.legal_actions())))
        pairs.extend((state, action) for action, _ in illegal_probes(state)[:3])
    return states, pairs


def _records(game: AnyGame, choose: Chooser) -> list[tuple[str, int]]:
    """The TOML text of the records of the games of ``RECORD_SEEDS``, each with its number of steps."""
    texts: list[tuple[str, int]] = []
    for seed in RECORD_SEEDS:
        played: list[Action] = []
        final, count = random_game(game, seed, choose, played)
        text = dumps(record_of(game, final, played, claimed_scores=final.scores()))
        report = check_record(loads(text))
        if not report.ok or report.checked != count:
            raise AssertionError(f"record of game {seed} does not check as played: {report}")
        texts.append((text, count))
    return texts


def _timed(unit_of_work: Callable[[], int]) -> Work:
    """A measurement that repeats ``unit_of_work`` (which returns the units it did) until the time is up."""

    def work(seconds: float) -> tuple[int, float]:
        start = perf_counter()
        deadline = start + seconds
        done = 0
        while True:
            done += unit_of_work()
            now = perf_counter()
            if now >= deadline:
                return done, now - start

    return work


@dataclass(frozen=True, slots=True)
class Measurement:
    """The rates of one measurement, one per repetition.

    Attributes:
        name: short key (``games:<label>``, ``yardstick``, ``record_check``, ``legal_actions``, ``check``).
        label: what the row of the table says.
        unit: what is counted per second.
        samples: the rate of each repetition.
        per_unit: decisions per unit of work, to show decisions per second too (0 if not meaningful).
    """

    name: str
    label: str
    unit: str
    samples: tuple[float, ...]
    per_unit: float = 0.0

    @property
    def median(self) -> float:
        """The median rate: the headline figure."""
        return statistics.median(self.samples)

    @property
    def best(self) -> float:
        """The highest rate of any repetition."""
        return max(self.samples)

    def as_dict(self) -> dict[str, object]:
        """A JSON-ready form."""
        out: dict[str, object] = {
            "label": self.label,
            "unit": self.unit,
            "median": round(self.median, 3),
            "best": round(self.best, 3),
            "worst": round(min(self.samples), 3),
            "samples": [round(rate, 3) for rate in self.samples],
        }
        if self.per_unit:
            out["decisions_per_unit"] = round(self.per_unit, 2)
            out["decisions_per_second_median"] = round(self.median * self.per_unit, 1)
        return out


@dataclass(frozen=True, slots=True)
class Report:
    """Everything one run of a game's benchmark found."""

    game: str
    title: str
    seconds: float
    repeats: int
    measurements: tuple[Measurement, ...]
    targets: Targets
    check_mix: tuple[tuple[str, int], ...]
    """How many pairs of the check mix get each verdict (``legal`` or the first rule named)."""

    def get(self, name: str) -> Measurement:
        """The measurement called ``name``."""
        for measurement in self.measurements:
            if measurement.name == name:
                return measurement
        raise KeyError(name)

    @property
    def decisions(self) -> float:
        """Decisions per second in random games of the first variant (median)."""
        first = self.measurements[0]
        return first.median * first.per_unit

    @property
    def ratio(self) -> float:
        """Decisions per second of the first variant over the yardstick's plays per second (medians)."""
        return self.decisions / (self.get("yardstick").median * PLAYS)

    def headline(self) -> dict[str, float]:
        """The figures the targets are about."""
        return {
            "ratio_to_yardstick": round(self.ratio, 4),
            "decisions_per_second": round(self.decisions, 1),
            "record_check_steps_per_second": round(self.get("record_check").median, 1),
            "check_calls_per_second": round(self.get("check").median, 1),
            "legal_actions_calls_per_second": round(self.get("legal_actions").median, 1),
        }

    def verdicts(self) -> dict[str, dict[str, object]]:
        """Each target, the figure measured and whether it is met."""
        figures = self.headline()
        wanted = {
            "ratio_to_yardstick": self.targets.ratio,
            "record_check_steps_per_second": self.targets.record_steps,
            "check_calls_per_second": self.targets.check_calls,
        }
        return {
            key: {"target": target, "measured": figures[key], "met": figures[key] >= target}
            for key, target in wanted.items()
            if target is not None
        }

    def as_dict(self) -> dict[str, object]:
        """A JSON-ready form."""
        return {
            "benchmark": self.game,
            "cardrules_version": cardrules.__version__,
            "python": f"{platform.python_version()} ({platform.python_implementation()})",
            "platform": platform.platform(),
            "seconds_per_repeat": self.seconds,
            "repeats": self.repeats,
            "statistic": "median of repeats (best and worst also given)",
            **self.headline(),
            "targets": self.verdicts(),
            "check_mix": dict(self.check_mix),
            "measurements": {m.name: m.as_dict() for m in self.measurements},
        }


def run(
    name: str,
    title: str,
    variants: Sequence[Variant],
    targets: Targets,
    seconds: float,
    repeats: int,
    *,
    fresh: Callable[[AnyState], AnyState] = lambda state: state,
    fixed: Fixed = _probe_mix,
    unit: str = "games",
    progress: TextIO | None = None,
) -> Report:
    """Set up and check the fixed sets, then time every measurement ``repeats`` times in turns."""
    first = cardrules.get_game(name, **variants[0].options)
    states, pairs = fixed(first, variants[0].choose)
    mix = Counter("legal" if v.legal else v.rule_ids[0] for v in (s.check(a) for s, a in pairs))
    records = _records(first, variants[0].choose)
    plan: list[tuple[str, str, str, Work]] = []
    counters: list[list[int]] = []  # per variant: games and actions played while timing
    for variant in variants:
        game = cardrules.get_game(name, **variant.options)
        played = [0, 0]
        counters.append(played)
        seeds = iter(range(10**9))

        def one_game(
            game: AnyGame = game,
            choose: Chooser = variant.choose,
            played: list[int] = played,
            seeds: Iterator[int] = seeds,
        ) -> int:
            _, count = random_game(game, next(seeds), choose)
            played[0] += 1
            played[1] += count
            return 1

        plan.append(
            (
                f"games:{variant.label}",
                f"random {title} {unit}, {variant.label}",
                f"{unit}/s",
                _timed(one_game),
            )
        )
    plan.append(("yardstick", "random games, plain mutable whist loop", "games/s", yardstick_work))

    def check_records() -> int:
        for text, _ in records:  # as `cardrules check` does: read and settle once, then check
            check_record(loads_prepared(text))
        return sum(count for _, count in records)

    def legal_calls() -> int:
        for state in states:
            fresh(state).legal_actions()
        return len(states)

    def check_calls() -> int:
        for state, action in pairs:
            state.check(action)
        return len(pairs)

    plan.append(
        (
            "record_check",
            f"checking {len(records)} records (read, judge, apply)",
            "steps/s",
            _timed(check_records),
        )
    )
    plan.append(("legal_actions", f"legal_actions() on {len(states)} states", "calls/s", _timed(legal_calls)))
    plan.append(
        ("check", f"check() on {len(pairs)} actions, {mix['legal']} legal", "calls/s", _timed(check_calls))
    )
    for *_, work in plan:  # warm up caches and the allocator, untimed
        work(min(0.2, seconds / 4))
    for played in counters:
        played[:] = [0, 0]
    rates: list[list[float]] = [[] for _ in plan]
    for repeat in range(repeats):
        for row, (key, _, _, work) in enumerate(plan):
            done, took = work(seconds)
            rates[row].append(done / took)
            if progress is not None:
                print(f"  repeat {repeat + 1}/{repeats} {key}: {done / took:,.1f}/s", file=progress)
    per_unit = [played[1] / played[0] if played[0] else 0.0 for played in counters] + [float(PLAYS)]
    measurements = tuple(
        Measurement(key, label, unit, tuple(samples), per_unit[row] if row < len(per_unit) else 0.0)
        for row, ((key, label, unit, _), samples) in enumerate(zip(plan, rates, strict=True))
    )
    return Report(name, title, seconds, repeats, measurements, targets, tuple(sorted(mix.items())))


def format_table(report: Report, previous: Mapping[str, object] | None = None) -> str:
    """The report as a plain-text table; with ``previous`` (an earlier run's JSON), the change too."""
    head = (
        f"cardrules {cardrules.__version__} {report.title} benchmark: Python {platform.python_version()} "
        f"({platform.python_implementation()}), one core; "
        f"{report.repeats} repeats x {report.seconds:g} s, median and best of the repeats"
    )
    rows = [("measurement", "median", "best", "unit")]
    for m in report.measurements:
        rows.append((m.label, f"{m.median:,.1f}", f"{m.best:,.1f}", m.unit))
        if m.per_unit:
            rows.append(
                (
                    "  the same, in decisions",
                    f"{m.median * m.per_unit:,.0f}",
                    f"{m.best * m.per_unit:,.0f}",
                    "decisions/s",
                )
            )
    widths = [max(len(row[col]) for row in rows) for col in range(4)]
    lines = [head, ""]
    for number, (label, median, best, unit) in enumerate(rows):
        lines.append(f"{label:<{widths[0]}}  {median:>{widths[1]}}  {best:>{widths[2]}}  {unit}".rstrip())
        if number == 0:
            lines.append("  ".join("-" * width for width in widths))
    lines.append("")
    for key, value in report.headline().items():
        line = f"{key}: {value:,.4g}" if key.startswith("ratio") else f"{key}: {value:,.0f}"
        if previous is not None and isinstance(previous.get(key), int | float):
            old = float(previous[key])  # type: ignore[arg-type]
            line += f"  (was {old:,.4g}, {100 * (value - old) / old:+.1f}%)" if old else ""
        lines.append(line)
    for key, verdict in report.verdicts().items():
        met = "met" if verdict["met"] else "NOT met"
        lines.append(f"target {key} >= {verdict['target']:,}: {met}")
    return "\n".join(lines)


def _positive_float(text: str) -> float:
    value = float(text)
    if not value > 0:
        raise argparse.ArgumentTypeError(f"expected a positive number of seconds, not {text!r}")
    return value


def _positive_int(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a count of at least 1, not {text!r}")
    return value


def bench_main(
    name: str,
    title: str,
    variants: Sequence[Variant],
    targets: Targets,
    argv: Sequence[str] | None = None,
    *,
    fresh: Callable[[AnyState], AnyState] = lambda state: state,
    fixed: Fixed = _probe_mix,
    unit: str = "games",
) -> int:
    """Parse the arguments, time game ``name``, print the table and write the JSON if asked.

    ``fresh`` readies a sampled state for another ``legal_actions()`` call (an
    engine that remembers its answer must forget it, so that the call does the
    work again); ``fixed`` builds the fixed sets of ``legal_actions()`` and
    ``check()`` (default: sampled states and the toolkit's illegal probes).
    """
    parser = argparse.ArgumentParser(
        prog=f"python -m tests.benchmarks.{name}_bench",
        description=f"Time the {title} engine against a plain mutable whist loop.",
    )
    parser.add_argument(
        "--seconds", type=_positive_float, default=1.0, help="seconds per repetition (default 1)"
    )
    parser.add_argument(
        "--repeat", type=_positive_int, default=3, help="repetitions, median shown (default 3)"
    )
    parser.add_argument("--json", metavar="PATH", help="also write the results as JSON to PATH ('-': stdout)")
    parser.add_argument(
        "--compare", metavar="PATH", help="an earlier run's JSON: show the change of each figure"
    )
    parser.add_argument("--quiet", action="store_true", help="do not print progress to stderr")
    args = parser.parse_args(argv)
    previous: Mapping[str, object] | None = None
    if args.compare and Path(args.compare).is_file():
        previous = json.loads(Path(args.compare).read_text(encoding="utf-8"))
    report = run(
        name,
        title,
        variants,
        targets,
        args.seconds,
        args.repeat,
        fresh=fresh,
        fixed=fixed,
        unit=unit,
        progress=None if args.quiet else sys.stderr,
    )
    table = format_table(report, previous)
    document = json.dumps(report.as_dict(), indent=2, ensure_ascii=False)
    if args.json == "-":
        print(table, file=sys.stderr)
        print(document)
        return 0
    print(table)
    if args.json:
        Path(args.json).parent.mkdir(parents=True, exist_ok=True)
        Path(args.json).write_text(document + "\n", encoding="utf-8")
    return 0
