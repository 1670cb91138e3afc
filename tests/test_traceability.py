"""Traceability: every rule of the specification is documented, and every id the project names exists.

The specification is ``../shared/rules/<game>.md`` (the games that have a
package under ``cardrules/games/``, plus ``common.md``). These tests fail when

- a rule of the specification has no ``.. rule::`` entry in ``docs/`` (or more
  than one), or ``docs/`` has an entry for an id the specification lacks;
- code, tests, proofs, docs or examples name a rule-id-shaped string that is
  no rule of the specification (a typo, or a renamed id).

The other half of traceability (every id in the rule book and carrying a
marked test) is in ``test_spec_coverage.py``; the proofs check their own ids
in ``test_proofs.py``.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Final

import pytest

from tests.conftest import REPO_ROOT

HEADING: Final = re.compile(r"^###\s+(\S+)\s*$", re.MULTILINE)
DOC_ENTRY: Final = re.compile(r"^\s*\.\. rule::\s+(\S+)\s*$", re.MULTILINE)
GAMES: Final = ("common", "felagsvist", "fildinski", "calabresella", "backstab_fish")
RULE_ID: Final = re.compile(r"(?<![\w.-])(?:" + "|".join(GAMES) + r")(?:\.[a-z0-9][a-z0-9-]*){2,}(?![\w-])")
"""A rule-id-shaped string: a game, then two or more lower-case parts joined by dots.

It is not preceded by a dot, so module paths (``cardrules.games.felagsvist.state``)
are not taken for ids."""
DELIBERATELY_UNKNOWN: Final = re.compile(r"\.no-such-[a-z0-9-]+$")
"""Tests name ids such as ``felagsvist.play.no-such-rule`` on purpose, to see them refused."""
SCANNED: Final = ("cardrules", "tests", "proofs", "docs", "examples")
SUFFIXES: Final = frozenset({".py", ".rst", ".toml", ".json", ".md"})


def specified_games() -> tuple[str, ...]:
    """``common`` and every game with a package under ``cardrules/games/``."""
    packages = REPO_ROOT / "cardrules" / "games"
    return ("common", *sorted(p.name for p in packages.iterdir() if (p / "__init__.py").is_file()))


def spec_ids(rules_dir: Path) -> dict[str, str]:
    """Every rule id of the specified games, with the file that defines it."""
    ids: dict[str, str] = {}
    for game in specified_games():
        path = rules_dir / f"{game}.md"
        if not path.is_file():
            pytest.fail(f"cardrules/games/{game} exists but the specification has no {path.name}")
        for rule_id in HEADING.findall(path.read_text(encoding="utf-8")):
            ids[rule_id] = path.name
    return ids


def project_files() -> list[Path]:
    """The project's own text files that may name rule ids (built docs left out)."""
    files = []
    for top in SCANNED:
        for path in sorted((REPO_ROOT / top).rglob("*")):
            if path.suffix in SUFFIXES and path.is_file() and "_build" not in path.parts:
                files.append(path)
    return files


def doc_entries() -> dict[str, list[str]]:
    """Every ``.. rule::`` entry under docs/, with the pages that hold it."""
    entries: dict[str, list[str]] = {}
    for path in sorted((REPO_ROOT / "docs").rglob("*.rst")):
        if "_build" in path.parts:
            continue
        for rule_id in DOC_ENTRY.findall(path.read_text(encoding="utf-8")):
            entries.setdefault(rule_id, []).append(str(path.relative_to(REPO_ROOT)))
    return entries


def named_ids() -> dict[str, list[str]]:
    """Every rule-id-shaped string in the project, with ``file:line`` of each place."""
    found: dict[str, list[str]] = {}
    for path in project_files():
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            for match in RULE_ID.finditer(line):
                found.setdefault(match.group(0), []).append(f"{path.relative_to(REPO_ROOT)}:{number}")
    return found


def test_every_specified_rule_has_exactly_one_doc_entry(rules_dir: Path) -> None:
    entries = doc_entries()
    missing = sorted(rule_id for rule_id in spec_ids(rules_dir) if rule_id not in entries)
    assert not missing, f"rules with no '.. rule::' entry in docs/: {missing}"
    twice = {rule_id: pages for rule_id, pages in entries.items() if len(pages) > 1}
    assert not twice, f"rules documented more than once: {twice}"


def test_docs_define_no_rule_the_specification_lacks(rules_dir: Path) -> None:
    known = spec_ids(rules_dir)
    extra = {rule_id: pages for rule_id, pages in doc_entries().items() if rule_id not in known}
    assert not extra, f"'.. rule::' entries for ids the specification lacks: {extra}"


def test_every_rule_id_the_project_names_exists(rules_dir: Path) -> None:
    known = spec_ids(rules_dir)
    unknown = {
        rule_id: places[:5]
        for rule_id, places in named_ids().items()
        if rule_id not in known and not DELIBERATELY_UNKNOWN.search(rule_id)
    }
    assert not unknown, f"rule ids named in the project but absent from the specification: {unknown}"


def test_the_scan_finds_ids_in_every_part_of_the_project(rules_dir: Path) -> None:
    """A scan that found nothing would make the tests above pass vacuously."""
    known = spec_ids(rules_dir)
    places = [place for rule_id, where in named_ids().items() if rule_id in known for place in where]
    for top in ("cardrules", "tests", "proofs", "docs"):
        assert any(place.startswith(f"{top}/") for place in places), f"no rule id found under {top}/"
    assert len(doc_entries()) >= len(known)


@pytest.mark.parametrize(
    ("text", "ids"),
    [
        ("see felagsvist.play.must-follow.", ["felagsvist.play.must-follow"]),
        (":rule:`common.game.over`", ["common.game.over"]),
        ("cardrules.games.felagsvist.state", []),
        ("felagsvist.scoring.deal_scores", []),
        ('"backstab_fish.ask.no-such-rule"', ["backstab_fish.ask.no-such-rule"]),
        ("felagsvist.play", []),
    ],
)
def test_the_rule_id_pattern(text: str, ids: list[str]) -> None:
    assert RULE_ID.findall(text) == ids
