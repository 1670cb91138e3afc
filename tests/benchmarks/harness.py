"""The benchmark harness the games share: random play against a plain loop, records, ``check()``, strategies.

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
  in plays per second: every other rate is also given as a ratio to it
  (:mod:`tests.benchmarks.report`);
- ``record_check:toml`` and ``record_check:json``: checking whole records as
  ``cardrules check`` does (read the text, parse, judge and apply every step,
  compare the claimed scores), in steps per second, over the records of a few
  random games written in each form;
- ``legal_actions``: ``legal_actions()`` on a fixed set of states reached by random
  play (every ``SAMPLE_EVERY``-th state of the games of ``SAMPLE_SEEDS``);
- ``check``: ``check()`` on a fixed mix: for each of those states one legal
  action and the illegal probes of :func:`cardrules.testing.probing.illegal_probes`;
- ``strategy:<name>``: the toolkit's Hypothesis strategies, in examples per second
  (:mod:`tests.benchmarks.toolkit`).

The table shows the median rate and the best, and the ratio to the plain loop;
the targets are on those ratios. ``--json`` writes everything, the targets and
whether each is met, so that a later run can be compared with ``--compare``.
"""

from __future__ import annotations

import argparse
import json
import random
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
from cardrules.records.files import Form
from cardrules.testing.probing import illegal_probes
from tests.benchmarks.report import Measurement, Report, Targets, format_table
from tests.benchmarks.toolkit import STRATEGIES, strategy_run
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


def _records(game: AnyGame, choose: Chooser, form: Form) -> list[tuple[str, int]]:
    """The ``form`` texts of the records of the games of ``RECORD_SEEDS``, each with its number of steps."""
    texts: list[tuple[str, int]] = []
    for seed in RECORD_SEEDS:
        played: list[Action] = []
        final, count = random_game(game, seed, choose, played)
        text = dumps(record_of(game, final, played, claimed_scores=final.scores()), form=form)
        report = check_record(loads(text, form=form))
        if not report.ok or report.checked != count:
            raise AssertionError(f"{form} record of game {seed} does not check as played: {report}")
        texts.append((text, count))
    return texts


def _record_work(records: Sequence[tuple[str, int]], form: Form) -> Callable[[], int]:
    def check_records() -> int:
        for text, _ in records:  # as `cardrules check` does: read and settle once, then check
            check_record(loads_prepared(text, form=form))
        return sum(count for _, count in records)

    return check_records


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


def _variant_plan(
    name: str, title: str, unit: str, variants: Sequence[Variant]
) -> tuple[list[tuple[str, str, str, Work]], list[list[int]]]:
    """The random-play measurements, one per variant, and their counters of games and actions played."""
    plan: list[tuple[str, str, str, Work]] = []
    counters: list[list[int]] = []
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

        key, label = f"games:{variant.label}", f"random {title} {unit}, {variant.label}"
        plan.append((key, label, f"{unit}/s", _timed(one_game)))
    return plan, counters


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
    strategies: bool = True,
    progress: TextIO | None = None,
) -> Report:
    """Set up and check the fixed sets, then time every measurement ``repeats`` times in turns."""
    first = cardrules.get_game(name, **variants[0].options)
    states, pairs = fixed(first, variants[0].choose)
    mix = Counter("legal" if v.legal else v.rule_ids[0] for v in (s.check(a) for s, a in pairs))
    plan, counters = _variant_plan(name, title, unit, variants)
    plan.append(("yardstick", "random games, plain mutable whist loop", "games/s", yardstick_work))
    for form in ("toml", "json"):
        records = _records(first, variants[0].choose, form)
        label = f"checking {len(records)} {form.upper()} records (read, judge, apply)"
        plan.append((f"record_check:{form}", label, "steps/s", _timed(_record_work(records, form))))

    def legal_calls() -> int:
        for state in states:
            fresh(state).legal_actions()
        return len(states)

    def check_calls() -> int:
        for state, action in pairs:
            state.check(action)
        return len(pairs)

    plan.append(("legal_actions", f"legal_actions() on {len(states)} states", "calls/s", _timed(legal_calls)))
    plan.append(
        ("check", f"check() on {len(pairs)} actions, {mix['legal']} legal", "calls/s", _timed(check_calls))
    )
    for strategy in STRATEGIES if strategies else ():
        label = f"strategy {strategy}, default options drawn"
        plan.append((f"strategy:{strategy}", label, "examples/s", _timed(strategy_run(name, strategy))))
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
        Measurement(
            key,
            label,
            unit,
            tuple(samples),
            per_unit[row] if row < len(per_unit) else 0.0,
            comparable=not key.startswith("strategy:"),
        )
        for row, ((key, label, unit, _), samples) in enumerate(zip(plan, rates, strict=True))
    )
    return Report(name, title, seconds, repeats, measurements, targets, tuple(sorted(mix.items())))


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
    parser.add_argument(
        "--no-strategies", action="store_true", help="leave out the toolkit's strategies (the slowest rows)"
    )
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
        strategies=not args.no_strategies,
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
