"""Traceability: the rule ids of the specification, the rule book and the tests agree.

The specification is ``../shared/rules/felagsvist.md`` and ``common.md`` next to
the repository; each rule is a line ``### <id>``. Every id must be in the
Félagsvist rule book and carry at least one test marked with it; the rule book
and the test markers must name no id the specification lacks. Markers are found
by reading the source of every test module under ``tests/``.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Final

import pytest

from cardrules import COMMON_RULES
from cardrules.games.felagsvist import RULES

HEADING: Final = re.compile(r"^###\s+(\S+)\s*$", re.MULTILINE)
MARKER: Final = re.compile(r"""\brule\(\s*["']([^"']+)["']\s*\)""")
TESTS_DIR: Final = Path(__file__).resolve().parent
SPEC_FILES: Final = ("felagsvist.md", "common.md")


def spec_ids(rules_dir: Path, name: str) -> list[str]:
    path = rules_dir / name
    if not path.is_file():
        pytest.skip(f"the specification {name} is absent from {rules_dir}")
    return HEADING.findall(path.read_text(encoding="utf-8"))


def marked_ids() -> dict[str, list[str]]:
    """Every rule id named by a ``rule(...)`` marker under tests/, with the files naming it."""
    found: dict[str, list[str]] = {}
    for path in sorted(TESTS_DIR.rglob("*.py")):
        for rule_id in MARKER.findall(path.read_text(encoding="utf-8")):
            found.setdefault(rule_id, []).append(str(path.relative_to(TESTS_DIR)))
    return found


def test_the_spec_headings_are_read(rules_dir: Path) -> None:
    felagsvist = spec_ids(rules_dir, "felagsvist.md")
    common = spec_ids(rules_dir, "common.md")
    assert len(felagsvist) == 30
    assert len(common) == 5
    assert all(rule_id.startswith("felagsvist.") for rule_id in felagsvist)
    assert all(rule_id.startswith("common.") for rule_id in common)
    assert len(set(felagsvist + common)) == 35


def test_every_spec_id_is_in_the_rule_book(rules_dir: Path) -> None:
    missing = [
        rule_id for name in SPEC_FILES for rule_id in spec_ids(rules_dir, name) if rule_id not in RULES
    ]
    assert missing == []


def test_the_common_ids_are_the_cores(rules_dir: Path) -> None:
    assert list(COMMON_RULES.ids) == spec_ids(rules_dir, "common.md")


def test_the_rule_book_follows_the_spec_order(rules_dir: Path) -> None:
    assert list(RULES.ids) == spec_ids(rules_dir, "felagsvist.md") + spec_ids(rules_dir, "common.md")


def test_the_rule_book_names_no_id_absent_from_the_spec(rules_dir: Path) -> None:
    spec = {rule_id for name in SPEC_FILES for rule_id in spec_ids(rules_dir, name)}
    assert [rule_id for rule_id in RULES.ids if rule_id not in spec] == []


def test_every_spec_id_has_a_test_marked_with_it(rules_dir: Path) -> None:
    marked = marked_ids()
    spec = [rule_id for name in SPEC_FILES for rule_id in spec_ids(rules_dir, name)]
    untested = [rule_id for rule_id in spec if rule_id not in marked]
    assert untested == []


def test_every_marker_names_a_spec_id(rules_dir: Path) -> None:
    spec = {rule_id for name in SPEC_FILES for rule_id in spec_ids(rules_dir, name)}
    unknown = {rule_id: files for rule_id, files in marked_ids().items() if rule_id not in spec}
    assert unknown == {}


def test_the_marker_scan_finds_markers() -> None:
    """Guards the scan itself: a broken pattern would make the coverage tests pass vacuously."""
    found = marked_ids()
    assert "common.game.over" in found
    assert any(name.startswith("test_felagsvist_rules") for name in found["felagsvist.play.must-follow"])
    sample = "@pytest.mark.rule(" + '"x.y.z")'  # split so the scan of this file does not see it
    assert MARKER.findall(sample) == ["x.y.z"]
    assert MARKER.findall("@rule(data=st.data())") == []
