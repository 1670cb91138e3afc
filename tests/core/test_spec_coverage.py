"""Traceability: the rule ids of the specification, the rule books and the tests agree.

The specification is ``../shared/rules/<game>.md`` for every registered game,
plus ``common.md``, next to the repository; each rule is a line ``### <id>``.
Every id must be in its game's rule book (which ends with the common rules) and
carry at least one test marked with it; the rule books and the test markers must
name no id the specification lacks. Markers are found by reading the source of
every test module under ``tests/``.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Final

import pytest

from cardrules import COMMON_RULES, GAMES
from cardrules.games import rule_books

HEADING: Final = re.compile(r"^###\s+(\S+)\s*$", re.MULTILINE)
MARKER: Final = re.compile(r"""\brule\(\s*["']([^"']+)["']\s*\)""")
TESTS_DIR: Final = Path(__file__).resolve().parents[1]
GAME_NAMES: Final = tuple(sorted(GAMES))
SPEC_FILES: Final = (*(f"{game}.md" for game in GAME_NAMES), "common.md")


def spec_ids(rules_dir: Path, name: str) -> list[str]:
    path = rules_dir / name
    if not path.is_file():
        pytest.skip(f"the specification {name} is absent from {rules_dir}")
    return HEADING.findall(path.read_text(encoding="utf-8"))


def all_spec_ids(rules_dir: Path) -> list[str]:
    return [rule_id for name in SPEC_FILES for rule_id in spec_ids(rules_dir, name)]


def marked_ids() -> dict[str, list[str]]:
    """Every rule id named by a ``rule(...)`` marker under tests/, with the files naming it."""
    found: dict[str, list[str]] = {}
    for path in sorted(TESTS_DIR.rglob("*.py")):
        for rule_id in MARKER.findall(path.read_text(encoding="utf-8")):
            found.setdefault(rule_id, []).append(str(path.relative_to(TESTS_DIR)))
    return found


@pytest.mark.parametrize(
    ("game", "count"), [("felagsvist", 30), ("fildinski", 45), ("calabresella", 46), ("backstab_fish", 29)]
)
def test_the_spec_headings_are_read(rules_dir: Path, game: str, count: int) -> None:
    ids = spec_ids(rules_dir, f"{game}.md")
    common = spec_ids(rules_dir, "common.md")
    assert len(ids) == count
    assert len(common) == 5
    assert all(rule_id.startswith(f"{game}.") for rule_id in ids)
    assert all(rule_id.startswith("common.") for rule_id in common)
    assert len(set(ids + common)) == count + 5


def test_every_game_has_a_specification(rules_dir: Path) -> None:
    assert [game for game in GAME_NAMES if not (rules_dir / f"{game}.md").is_file()] == []


@pytest.mark.parametrize("game", GAME_NAMES)
def test_the_rule_book_follows_the_spec_order(rules_dir: Path, game: str) -> None:
    book = rule_books()[game]
    assert list(book.ids) == spec_ids(rules_dir, f"{game}.md") + spec_ids(rules_dir, "common.md")


def test_the_common_ids_are_the_cores(rules_dir: Path) -> None:
    assert list(COMMON_RULES.ids) == spec_ids(rules_dir, "common.md")


def test_every_spec_id_has_a_test_marked_with_it(rules_dir: Path) -> None:
    marked = marked_ids()
    untested = [rule_id for rule_id in all_spec_ids(rules_dir) if rule_id not in marked]
    assert untested == []


def test_every_marker_names_a_spec_id(rules_dir: Path) -> None:
    spec = set(all_spec_ids(rules_dir))
    unknown = {rule_id: files for rule_id, files in marked_ids().items() if rule_id not in spec}
    assert unknown == {}


def test_the_marker_scan_finds_markers() -> None:
    """Guards the scan itself: a broken pattern would make the coverage tests pass vacuously."""
    found = marked_ids()
    assert "common.game.over" in found
    assert any(name.startswith("felagsvist/test_rules") for name in found["felagsvist.play.must-follow"])
    sample = "@pytest.mark.rule(" + '"x.y.z")'  # split so the scan of this file does not see it
    assert MARKER.findall(sample) == ["x.y.z"]
    assert MARKER.findall("@rule(data=st.data())") == []
