"""The benchmark's report: ratios to the plain loop, the targets on them, the table (no timing here)."""

from __future__ import annotations

from tests.benchmarks.report import OTHER_TARGETS, Measurement, Report, format_table
from tests.benchmarks.yardstick import PLAYS


def _report(check_rates: tuple[float, ...]) -> Report:
    loop = tuple(rate / PLAYS for rate in (100_000.0, 200_000.0, 100_000.0))  # games/s of the plain loop
    measurements = (
        Measurement("games:default", "random games", "games/s", (100.0, 100.0, 100.0), per_unit=400.0),
        Measurement("yardstick", "plain loop", "games/s", loop, per_unit=float(PLAYS)),
        Measurement("record_check:toml", "TOML records", "steps/s", (12_000.0, 12_000.0, 12_000.0)),
        Measurement("record_check:json", "JSON records", "steps/s", (20_000.0, 20_000.0, 20_000.0)),
        Measurement("legal_actions", "legal_actions()", "calls/s", (50_000.0, 50_000.0, 50_000.0)),
        Measurement("check", "check()", "calls/s", check_rates),
        Measurement("strategy:plays", "plays", "examples/s", (9.0, 12.0, 11.0), comparable=False),
    )
    return Report("toy", "Toy", 1.0, 3, measurements, OTHER_TARGETS, (("legal", 3),))


def test_each_ratio_is_the_median_of_the_ratios_of_one_repeat() -> None:
    # The loop ran at 100k, 200k, 100k plays/s: random play at 40k decisions/s is 0.4, 0.2, 0.4.
    report = _report((60_000.0, 60_000.0, 60_000.0))
    ratios = report.ratios()
    assert ratios["random_play"] == 0.4
    assert ratios["record_check:toml"] == 0.12 and ratios["record_check:json"] == 0.2
    assert ratios["check"] == 0.6 and ratios["legal_actions"] == 0.5
    assert "strategy:plays" not in ratios and "yardstick" not in ratios


def test_the_targets_are_on_the_ratios_and_the_strategies_on_examples_per_second() -> None:
    verdicts = _report((59_000.0, 59_000.0, 59_000.0)).verdicts()
    assert {key: verdict["met"] for key, verdict in verdicts.items()} == {
        "random_play": True,
        "record_check:toml": True,
        "record_check:json": True,
        "check": False,  # 0.59 of the loop, the target is 0.6
        "strategy:plays": True,  # median 11 examples/s, the target is 10
    }


def test_the_table_prints_each_ratio_its_target_and_the_change_from_the_run_before() -> None:
    before = _report((30_000.0, 30_000.0, 30_000.0)).as_dict()
    text = format_table(_report((60_000.0, 60_000.0, 60_000.0)), before)
    line = next(row for row in text.splitlines() if row.strip().startswith("check "))
    assert "0.6" in line and "target >= 0.6" in line and "met" in line and "(was 0.3, +100.0%)" in line
    assert "NOT met" not in text
    assert "plain_loop_plays_per_second: 100,000" in text
