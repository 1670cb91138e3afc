"""The rules reference's worked examples: every legality rule has one, and each shows what it says.

The examples are data (``docs/rules/examples/*.toml``): a position, an action
and a caption under a rule id. The docs build judges and draws them; these
tests ask the engine the same questions, so an example whose verdict drifted
away from what its caption says fails here as well as in the build.
"""

from __future__ import annotations

import contextlib
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

import cardrules
import cardrules.svg
from cardrules.errors import CardRulesError
from cardrules.game import Action, AnyState
from cardrules.games import rule_books
from cardrules.rules import RuleKind
from docs._ext.rule_examples import (
    ExampleError,
    RuleExample,
    judge,
    judge_under,
    load_examples,
    missing_examples,
    with_option,
)
from tests.conftest import REPO_ROOT

EXAMPLES_DIR = Path(REPO_ROOT) / "docs" / "rules" / "examples"
EXAMPLES = load_examples(EXAMPLES_DIR)
LEGALITY_RULES = sorted(
    {rule.id for book in rule_books().values() for rule in book if rule.kind is RuleKind.LEGALITY}
)
RED = 'data-mark="#d62728"'


def test_every_legality_rule_has_an_example() -> None:
    assert missing_examples(LEGALITY_RULES, EXAMPLES) == ()


def test_a_rule_without_an_example_is_reported() -> None:
    """The check above can fail: drop the examples of one rule and it is named."""
    dropped = "felagsvist.play.must-follow"
    kept = [example for example in EXAMPLES if example.rule != dropped]
    assert missing_examples(LEGALITY_RULES, kept) == (dropped,)


def test_every_example_sits_under_a_rule_of_the_rule_books() -> None:
    known = {rule.id for book in rule_books().values() for rule in book}
    assert sorted({example.rule for example in EXAMPLES} - known) == []


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda example: example.where)
def test_each_example_reads_and_the_engine_says_what_it_shows(example: RuleExample) -> None:
    judged = judge(example)
    # The stored text is the position's own canonical form: it reads back unchanged.
    assert judged.state.position() == example.position
    assert judged.verdict.legal is (example.shows == "legal"), judged.verdict.reason
    if example.shows == "illegal":
        assert example.rule in judged.verdict.rule_ids, judged.verdict.rule_ids
    # The picture is the actor's view: valid SVG, the judged action marked red where it is drawn.
    root = ET.fromstring(judged.picture)
    assert root.tag.endswith("svg")
    if judged.verdict.legal and " play " in example.action:  # a card the actor holds, face up
        assert RED in judged.picture
    seen = cardrules.from_position(example.position).observation(judged.actor)
    assert judged.picture == cardrules.svg.table(seen, marks=_marks_of(judged.state, example.action))


def _marks_of(state: AnyState, action: str) -> dict[Action | str, str]:
    """The marks the example's picture is meant to carry: the action red, its alternatives green."""
    marks: dict[Action | str, str] = {}
    with contextlib.suppress(CardRulesError):  # text that is no action marks nothing red
        marks[state.parse_action(action)] = "disputed"
    for legal in state.legal_actions():
        marks.setdefault(legal, "legal")
    return marks


COMPARED = [example for example in EXAMPLES if example.compare]


def test_some_examples_compare_option_values() -> None:
    assert COMPARED


@pytest.mark.parametrize("example", COMPARED, ids=lambda example: example.where)
def test_a_comparison_shows_a_difference_under_its_option(example: RuleExample) -> None:
    rule = next(r for book in rule_books().values() for r in book if r.id == example.rule)
    assert example.compare in rule.options
    judged = judge_under(example)
    assert [j.option for j in judged] == [f"{example.compare}={value}" for value in example.values]
    assert len({j.verdict.legal for j in judged}) == 2, [j.verdict.reason for j in judged]
    for j, value in zip(judged, example.values, strict=True):
        assert f"{example.compare}={value}" in j.state.position()


def test_with_option_rewrites_only_the_options_section() -> None:
    position = cardrules.get_game("felagsvist", first_dealer="N").new_game(seed=1).position()
    changed = with_option(position, "nolo_ace", "low")
    assert "nolo_ace=low" in changed and changed.replace("nolo_ace=low", "nolo_ace=high") == position
    with pytest.raises(ExampleError, match="no option trump"):
        with_option(position, "trump", "x")


def test_a_malformed_example_file_names_the_file_and_the_field(tmp_path: Path) -> None:
    (tmp_path / "bad.toml").write_text(
        '[[example]]\nrule = "felagsvist.play.lead-any"\nshows = "maybe"\ncaption = "c"\n'
        'position = "felagsvist"\naction = "p0 play 2C"\n',
        encoding="utf-8",
    )
    with pytest.raises(ExampleError, match=r"bad\.toml, example 1: shows is 'legal' or 'illegal'"):
        load_examples(tmp_path)
    (tmp_path / "bad.toml").write_text('[[example]]\nrule = "x"\npicture = "y"\n', encoding="utf-8")
    with pytest.raises(ExampleError, match="unknown key picture"):
        load_examples(tmp_path)
