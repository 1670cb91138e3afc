"""Shared checks of the golden records of disputed plays (``tests/<game>/records/``)."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from cardrules.records import Violation, check, dumps, load


def assert_rejected_at(path: Path, step: int, rule_ids: tuple[str, ...]) -> Violation:
    """The golden record at ``path`` is canonical and is rejected at ``step``, by exactly ``rule_ids``.

    The strict check stops there, and the lenient one finds that step first.
    Returns the violation, for further checks of its reason or actor.
    """
    record = load(path)
    assert dumps(record) == path.read_text(encoding="utf-8"), f"{path.name} is not in canonical form"
    report = check(record)
    assert not report.ok and report.checked == step + 1
    violation = report.first_violation
    assert violation is not None and violation.step == step
    assert violation.verdict.rule_ids == rule_ids
    assert violation.comment and violation.verdict.reason
    lenient = check(record, mode="lenient")
    first = lenient.violations[0]  # the same step and verdict; what the check did next may differ
    assert first == dataclasses.replace(violation, handling=first.handling)
    return violation


def disputed_rule(rule_ids: tuple[str, ...]) -> str:
    """The rule a golden record's case disputes: the first game rule its verdict names.

    A case's test is marked with this rule alone (not with every rule of the
    records, nor with the general ``common.*`` rules its verdict also names,
    unless it names no other).
    """
    return next((rule for rule in rule_ids if not rule.startswith("common.")), rule_ids[0])
