"""What a benchmark run found: its measurements, each as a ratio to the plain loop, and the targets.

Every figure of a game's benchmark is a rate that moves with the machine, so
the targets are on ratios: each rate, counted in decisions (actions, record
steps, ``check()`` calls) per second, divided by the plain whist loop's plays
per second (:mod:`tests.benchmarks.yardstick`) measured in the same run. The
ratio of one repetition pairs the rate with the loop's rate of the same
repetition (the measurements take turns, so both met the same patch of the
machine); the ratio shown is the median of those.

The toolkit's strategies are the exception: their target is a rate a tester
feels (examples per second), so it is given as it is.
"""

from __future__ import annotations

import platform
import statistics
from collections.abc import Mapping
from dataclasses import dataclass

import cardrules
from tests.benchmarks.yardstick import PLAYS

__all__ = ["FELAGSVIST_TARGETS", "OTHER_TARGETS", "Measurement", "Report", "Targets", "format_table"]


@dataclass(frozen=True)
class Targets:
    """What issue "Speed" asks of a game: ratios to the plain loop, and the strategies' examples per second.

    Attributes:
        random_play: decisions per second of random play (the first variant).
        record_check: record steps per second, for records in TOML and in JSON alike.
        check: ``check()`` calls per second.
        strategies: examples per second of each of the toolkit's strategies (not a ratio).
    """

    random_play: float
    record_check: float
    check: float
    strategies: float = 10.0


FELAGSVIST_TARGETS = Targets(random_play=0.6, record_check=0.25, check=1.0)
"""Félagsvist's targets (issue "Speed"): the game the plain loop plays, so the highest."""

OTHER_TARGETS = Targets(random_play=0.33, record_check=0.12, check=0.6)
"""The targets of every other game (issue "Speed")."""


@dataclass(frozen=True, slots=True)
class Measurement:
    """The rates of one measurement, one per repetition.

    Attributes:
        name: short key (``games:<label>``, ``yardstick``, ``record_check:toml``, ``record_check:json``,
            ``legal_actions``, ``check``, ``strategy:<name>``).
        label: what the row of the table says.
        unit: what is counted per second.
        samples: the rate of each repetition.
        per_unit: decisions per unit of work, to show decisions per second too (0: a unit is a
            decision already).
        comparable: whether the rate is one of decisions, so that a ratio to the plain loop means something.
    """

    name: str
    label: str
    unit: str
    samples: tuple[float, ...]
    per_unit: float = 0.0
    comparable: bool = True

    @property
    def median(self) -> float:
        """The median rate: the headline figure."""
        return statistics.median(self.samples)

    @property
    def best(self) -> float:
        """The highest rate of any repetition."""
        return max(self.samples)

    @property
    def decisions(self) -> tuple[float, ...]:
        """The rate of each repetition in decisions per second."""
        return tuple(rate * (self.per_unit or 1.0) for rate in self.samples)

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


_TARGETED = {"random_play": "random_play", "record_check:toml": "record_check", "check": "check"}
_TARGETED["record_check:json"] = "record_check"


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

    def ratio_of(self, measurement: Measurement) -> float:
        """The median over the repetitions of ``measurement``'s decisions per second over the loop's."""
        loop = self.get("yardstick").decisions
        return statistics.median(
            ours / theirs for ours, theirs in zip(measurement.decisions, loop, strict=True)
        )

    def ratios(self) -> dict[str, float]:
        """Every comparable measurement as a ratio to the plain loop (``random_play``: the first variant)."""
        out = {"random_play": round(self.ratio_of(self.measurements[0]), 4)}
        for measurement in self.measurements:
            if measurement.comparable and measurement.name != "yardstick":
                out[measurement.name] = round(self.ratio_of(measurement), 4)
        return out

    def headline(self) -> dict[str, float]:
        """The absolute figures (they move with the machine: compare only the ratios between runs)."""
        first = self.measurements[0]
        figures = {
            "plain_loop_plays_per_second": round(self.get("yardstick").median * PLAYS, 1),
            "decisions_per_second": round(first.median * first.per_unit, 1),
            "record_check_toml_steps_per_second": round(self.get("record_check:toml").median, 1),
            "record_check_json_steps_per_second": round(self.get("record_check:json").median, 1),
            "check_calls_per_second": round(self.get("check").median, 1),
            "legal_actions_calls_per_second": round(self.get("legal_actions").median, 1),
        }
        for measurement in self.measurements:
            if measurement.name.startswith("strategy:"):
                figures[f"{measurement.name}_examples_per_second"] = round(measurement.median, 2)
        return figures

    def verdicts(self) -> dict[str, dict[str, object]]:
        """Each target, the figure measured and whether it is met."""
        ratios = self.ratios()
        out: dict[str, dict[str, object]] = {}
        for key, target_name in _TARGETED.items():
            target = getattr(self.targets, target_name)
            out[key] = {"target": target, "measured": ratios[key], "met": ratios[key] >= target}
        for measurement in self.measurements:
            if measurement.name.startswith("strategy:"):
                rate = round(measurement.median, 2)
                target = self.targets.strategies
                out[measurement.name] = {"target": target, "measured": rate, "met": rate >= target}
        return out

    def as_dict(self) -> dict[str, object]:
        """A JSON-ready form."""
        return {
            "benchmark": self.game,
            "cardrules_version": cardrules.__version__,
            "python": f"{platform.python_version()} ({platform.python_implementation()})",
            "platform": platform.platform(),
            "seconds_per_repeat": self.seconds,
            "repeats": self.repeats,
            "statistic": "median of repeats (best and worst also given); ratios: median of per-repeat ratios",
            "ratios": self.ratios(),
            **self.headline(),
            "targets": self.verdicts(),
            "check_mix": dict(self.check_mix),
            "measurements": {m.name: m.as_dict() for m in self.measurements},
        }


def _change(value: float, old: object) -> str:
    if not isinstance(old, int | float) or not old:
        return ""
    return f"  (was {old:,.4g}, {100 * (value - old) / old:+.1f}%)"


def _previous_ratios(previous: Mapping[str, object] | None) -> Mapping[str, object]:
    found = previous.get("ratios") if previous is not None else None
    return found if isinstance(found, Mapping) else {}


def format_table(report: Report, previous: Mapping[str, object] | None = None) -> str:
    """The report as a plain-text table; with ``previous`` (an earlier run's JSON), the change too.

    Each row gives the median and best rate and, where the rate counts decisions,
    the ratio to the plain loop. Below it come the ratios the targets are about,
    each with its target and whether it is met, then the absolute headline figures.
    """
    head = (
        f"cardrules {cardrules.__version__} {report.title} benchmark: Python {platform.python_version()} "
        f"({platform.python_implementation()}), one core; "
        f"{report.repeats} repeats x {report.seconds:g} s, median and best of the repeats"
    )
    rows = [("measurement", "median", "best", "unit", "ratio")]
    for m in report.measurements:
        ratio = f"{report.ratio_of(m):.3f}" if m.comparable and not m.per_unit else ""
        rows.append((m.label, f"{m.median:,.1f}", f"{m.best:,.1f}", m.unit, ratio))
        if m.per_unit:
            rows.append(
                (
                    "  the same, in decisions",
                    f"{m.median * m.per_unit:,.0f}",
                    f"{m.best * m.per_unit:,.0f}",
                    "decisions/s",
                    f"{report.ratio_of(m):.3f}",
                )
            )
    widths = [max(len(row[col]) for row in rows) for col in range(5)]
    lines = [head, ""]
    for number, (label, median, best, unit, ratio) in enumerate(rows):
        lines.append(
            f"{label:<{widths[0]}}  {median:>{widths[1]}}  {best:>{widths[2]}}  "
            f"{unit:<{widths[3]}}  {ratio:>{widths[4]}}".rstrip()
        )
        if number == 0:
            lines.append("  ".join("-" * width for width in widths))
    lines.append("")
    lines.append("targets (ratios to the plain loop in this run; strategies in examples/s):")
    old_ratios = _previous_ratios(previous)
    old_targets = previous.get("targets") if previous is not None else None
    for key, verdict in report.verdicts().items():
        measured = verdict["measured"]
        assert isinstance(measured, float | int)
        met = "met" if verdict["met"] else "NOT met"
        old: object = old_ratios.get(key)
        if key.startswith("strategy:") and isinstance(old_targets, Mapping):
            entry = old_targets.get(key)
            old = entry.get("measured") if isinstance(entry, Mapping) else None
        lines.append(
            f"  {key:<26} {measured:>8.4g}  target >= {verdict['target']:<5} {met}{_change(measured, old)}"
        )
    lines.append("")
    for key, value in report.headline().items():
        shown = f"{value:,.0f}" if value >= 100 else f"{value:.3g}"
        lines.append(f"{key}: {shown}" + _change(value, previous.get(key) if previous else None))
    return "\n".join(lines)
