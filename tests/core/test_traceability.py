"""Traceability: every rule of the specification is documented, and every id the project names exists.

The specification is ``../shared/rules/<game>.md`` (the games that have a
package under ``cardrules/games/``, plus ``common.md``). These tests fail when

- a rule of the specification has no ``.. rule::`` entry in ``docs/`` (or more
  than one), or ``docs/`` has an entry for an id the specification lacks;
- code, tests, proofs, docs or examples name a rule-id-shaped string that is
  no rule of the specification or of a rule book (a typo, or a renamed id).

They read the repository with the scanner that also builds the documentation's
traceability page and the back-links of its rule entries
(``docs/_ext/cardrules_trace.py``), so the page and the tests cannot disagree.
The other half of traceability (every id in the rule book and carrying a
marked test) is in ``test_spec_coverage.py``; the proofs check their own ids
in ``test_proofs.py``.
"""

from __future__ import annotations

import doctest
from pathlib import Path
from typing import Final

import pytest

from cardrules.games import rule_books
from docs._ext import cardrules_trace as scan
from proofs import claims_for
from tests.conftest import REPO_ROOT

_PROOFS: Final = {claim.name: claim.rule_ids for claim in claims_for()}
_BOOK_IDS: Final = tuple(dict.fromkeys(rule_id for book in rule_books().values() for rule_id in book.ids))


def spec_ids(rules_dir: Path) -> dict[str, str]:
    """Every rule id of the specified games, with the file that defines it."""
    games = scan.specified_games(REPO_ROOT)
    missing = [game for game in games if not (rules_dir / f"{game}.md").is_file()]
    if missing:
        pytest.fail(f"cardrules/games has {missing} but the specification has no file for them")
    return {rule.rule_id: rule.site.path for rule in scan.read_spec(rules_dir, games)}


def known_ids(rules_dir: Path) -> set[str]:
    """The ids that exist: every rule of every game's specification, and of the rule books."""
    return {rule.rule_id for rule in scan.read_spec(rules_dir)} | set(_BOOK_IDS)


def test_every_specified_rule_has_exactly_one_doc_entry(rules_dir: Path) -> None:
    entries = scan.doc_entries(REPO_ROOT)
    missing = sorted(rule_id for rule_id in spec_ids(rules_dir) if rule_id not in entries)
    assert not missing, f"rules with no '.. rule::' entry in docs/: {missing}"
    twice = {rule_id: [str(site) for site in sites] for rule_id, sites in entries.items() if len(sites) > 1}
    assert not twice, f"rules documented more than once: {twice}"


def test_docs_define_no_rule_the_specification_lacks(rules_dir: Path) -> None:
    known = spec_ids(rules_dir)
    extra = {
        rule_id: [str(site) for site in sites]
        for rule_id, sites in scan.doc_entries(REPO_ROOT).items()
        if rule_id not in known
    }
    assert not extra, f"'.. rule::' entries for ids the specification lacks: {extra}"


def test_every_rule_id_the_project_names_exists(rules_dir: Path) -> None:
    known = known_ids(rules_dir)
    unknown: dict[str, list[str]] = {}
    for mention in scan.named_ids(REPO_ROOT):
        if mention.rule_id not in known and not scan.DELIBERATELY_UNKNOWN.search(mention.rule_id):
            unknown.setdefault(mention.rule_id, []).append(str(mention.site))
    assert not unknown, f"rule ids named in the project but absent from the specification: {unknown}"


def test_the_scan_finds_ids_in_every_part_of_the_project(rules_dir: Path) -> None:
    """A scan that found nothing would make the tests above pass vacuously."""
    known = spec_ids(rules_dir)
    places = [mention.site.path for mention in scan.named_ids(REPO_ROOT) if mention.rule_id in known]
    for top in ("cardrules", "tests", "proofs", "docs"):
        assert any(place.startswith(f"{top}/") for place in places), f"no rule id found under {top}/"
    assert len(scan.doc_entries(REPO_ROOT)) >= len(known)


def test_the_trace_of_every_rule_book_id_is_complete(rules_dir: Path) -> None:
    """What the traceability page shows: each rule has code, a marked test and one entry."""
    traces = scan.trace(
        REPO_ROOT, _BOOK_IDS, _PROOFS, scan.read_spec(rules_dir, scan.specified_games(REPO_ROOT))
    )
    assert [item.rule_id for item in traces] == list(_BOOK_IDS)
    gaps = {
        item.rule_id: [
            what
            for what, missing in (
                ("no code names it", not item.code),
                ("no marked test", not item.tests),
                ("not one docs entry", len(item.docs) != 1),
                ("not in the specification", item.spec is None),
            )
            if missing
        ]
        for item in traces
    }
    assert {rule_id: what for rule_id, what in gaps.items() if what} == {}


def test_rules_whose_check_asks_for_a_proof_are_found_and_proved(rules_dir: Path) -> None:
    """The page's list of proofs called for but missing reads the Check: lines; this guards that reading."""
    spec = scan.read_spec(rules_dir, scan.specified_games(REPO_ROOT))
    asking = {rule.rule_id for rule in spec if rule.calls_for_proof}
    assert {"felagsvist.invariant.thirteen-tricks", "felagsvist.invariant.deal-score-sum"} <= asking
    traces = scan.trace(REPO_ROOT, sorted(asking), _PROOFS, spec)
    assert [item.rule_id for item in traces if item.lacks_proof] == []
    unproved = scan.trace(REPO_ROOT, sorted(asking), {}, spec)
    assert all(item.lacks_proof for item in unproved)


def test_marked_tests_are_read_from_the_syntax_tree() -> None:
    """Markers on functions, on classes and in pytestmark count; hypothesis's @rule does not."""
    marked = scan.marked_tests(REPO_ROOT)
    names = {test.nodeid for tests in marked.values() for test in tests}
    assert "tests/felagsvist/test_stateful.py::test_felagsvist_state_machine" in names
    this = "tests/core/test_traceability.py::test_marked_tests_are_read_from_the_syntax_tree"
    assert this not in names, "this test carries no rule marker"
    stateful = {test.nodeid for test in marked["felagsvist.play.must-follow"]}
    assert "tests/felagsvist/test_stateful.py::test_felagsvist_state_machine" in stateful
    assert all(test.nodeid.split("::")[-1].startswith("test") for tests in marked.values() for test in tests)


def test_the_marker_reader_handles_classes_and_module_marks(tmp_path: Path) -> None:
    tests = tmp_path / "tests"
    tests.mkdir()
    mark = "pytest.mark.rule"
    (tests / "test_sample.py").write_text(
        "import pytest\n"
        f"pytestmark = [{mark}('common.game.over')]\n"
        f"@{mark}('common.cards.held')\n"
        "class TestGroup:\n"
        f"    @{mark}('common.action.known')\n"
        "    def test_inside(self): ...\n"
        "    def helper(self): ...\n"
        "@rule(data=None)\n"
        "def test_plain(): ...\n",
        encoding="utf-8",
    )
    marked = {rule_id: [t.nodeid for t in refs] for rule_id, refs in scan.marked_tests(tmp_path).items()}
    assert marked == {
        "common.game.over": [
            "tests/test_sample.py::TestGroup::test_inside",
            "tests/test_sample.py::test_plain",
        ],
        "common.cards.held": ["tests/test_sample.py::TestGroup::test_inside"],
        "common.action.known": ["tests/test_sample.py::TestGroup::test_inside"],
    }


def test_the_spec_reader_joins_check_lines_that_run_on(tmp_path: Path) -> None:
    (tmp_path / "demo.md").write_text(
        "# Demo\n\n## Rules\n\n### demo.area.one\nStatement: x\nCheck: first half,\nsecond half.\n"
        "\n### demo.area.two\nCheck: a Z3 claim.\nKind: procedure\n",
        encoding="utf-8",
    )
    rules = scan.read_spec(tmp_path)
    assert [(r.rule_id, r.check, r.calls_for_proof) for r in rules] == [
        ("demo.area.one", "first half, second half.", False),
        ("demo.area.two", "a Z3 claim.", True),
    ]
    with pytest.raises(FileNotFoundError):
        scan.read_spec(tmp_path, ("felagsvist",))


@pytest.mark.parametrize(
    ("text", "ids"),
    [
        ("see felagsvist.play.must-follow.", ["felagsvist.play.must-follow"]),
        (":rule:`common.game.over`", ["common.game.over"]),
        ("cardrules.games.felagsvist.state", []),
        ("felagsvist.scoring.deal_scores", []),
        ('"backstab_fish.ask.no-such-rule"', ["backstab_fish.ask.no-such-rule"]),
        ("felagsvist.play", []),
        ("felagsvist/legal-set-nonempty", []),
    ],
)
def test_the_rule_id_pattern(text: str, ids: list[str]) -> None:
    assert scan.RULE_ID.findall(text) == ids


def test_the_scanner_examples_hold() -> None:
    assert doctest.testmod(scan, raise_on_error=False).failed == 0
