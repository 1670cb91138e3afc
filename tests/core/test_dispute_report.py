"""The dispute report: explain --svg and --html write the actor's view, the verdict and the rules."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

import cardrules
from cardrules.records import explain, load, record_of
from cardrules.records.dispute import dispute_html, dispute_svg, report_lines
from cardrules.svg.marks import COLOURS
from tests.conftest import REPO_ROOT
from tests.support.cli import run_cardrules

DISPUTES = REPO_ROOT / "tests" / "records"
SVG = "{http://www.w3.org/2000/svg}"
GAMES = ("felagsvist", "fildinski", "calabresella", "backstab_fish")


@pytest.mark.parametrize("game", GAMES)
def test_the_svg_report_shows_the_actors_view_the_action_red_and_the_alternatives_green(game: str) -> None:
    explanation = explain(load(DISPUTES / f"{game}-dispute.toml"), 0)
    root = ET.fromstring(dispute_svg(explanation))
    cards = [g for g in root.iter(f"{SVG}g") if "card" in (g.get("class") or "").split()]
    marks = {g.get("data-mark") for g in cards if g.get("data-mark")}
    assert COLOURS["legal"] in marks  # the legal alternatives
    # the disputed card, red; the Backstab Fish dispute asks for a rank p0 lacks: no card to mark
    assert (COLOURS["disputed"] in marks) is (game != "backstab_fish")
    texts = " ".join(t.text or "" for t in root.iter(f"{SVG}text"))
    rule = explanation.verdict.rule_ids[0]
    assert rule in texts and f"{explanation.action}: illegal" in texts
    # the actor's view: another seat's hand is face down, and its cards are named nowhere
    before = cardrules.from_position(explanation.position)
    other = next(s for s in range(len(before.scores())) if s != explanation.actor)
    hidden = {str(c) for c in getattr(before.observation(other), "hand", ())}
    seen = {
        g.get("data-card")
        for g in cards
        if g.get("data-seat") == f"p{other}" and g.get("data-zone") == "hand"
    }
    assert seen <= {None} and hidden


@pytest.mark.parametrize("game", GAMES)
def test_the_html_report_is_one_page_with_the_rule_statements_and_the_position(game: str) -> None:
    explanation = explain(load(DISPUTES / f"{game}-dispute.toml"), 0)
    page = dispute_html(explanation)
    assert page.startswith("<!DOCTYPE html>") and page.count("<svg") == 1
    for rule, statement in explanation.statements:
        assert rule in page and statement.replace("'", "&#x27;") in page
    assert "<script" not in page and "http://" not in page.replace("http://www.w3.org/2000/svg", "")
    assert report_lines(explanation)[1] == f"{explanation.action}: illegal"


def test_explain_writes_both_reports(tmp_path: Path) -> None:
    svg, html = tmp_path / "d.svg", tmp_path / "d.html"
    path = str(DISPUTES / "fildinski-dispute.toml")
    done = run_cardrules("explain", path, "--step", "0", "--svg", str(svg), "--html", str(html))
    assert done.returncode == 1, done.stderr  # the action is illegal
    assert ET.fromstring(svg.read_text(encoding="utf-8")).tag == f"{SVG}svg"
    assert "fildinski.endgame.must-head" in html.read_text(encoding="utf-8")
    assert f"dispute report written to {svg}" in done.stderr
    unwritable = run_cardrules("explain", path, "--step", "0", "--svg", str(tmp_path / "no" / "d.svg"))
    assert unwritable.returncode == 2 and len(unwritable.stderr.strip().splitlines()) == 1


def test_the_report_heading_counts_the_steps_and_the_reason_reads_as_a_sentence() -> None:
    game = cardrules.get_game("felagsvist", first_dealer="N")
    state = game.new_game(seed=3)
    one = record_of(game, state, [state.parse_action("p0 play 7C")])
    lines = report_lines(explain(one, 0))
    assert lines[0] == "The dispute at step 0 (the record's only step), as p0 saw it"
    assert lines[2][0].isupper()
    two = record_of(game, state, [state.legal_actions()[0], state.parse_action("p1 play 7C")])
    heading = report_lines(explain(two, 1))[0]
    assert heading.startswith("The dispute at step 1 (of steps 0 to 1), as p1 saw it")


EXAMPLE = REPO_ROOT / "examples" / "records" / "felagsvist-complete.toml"


def test_the_report_writes_the_short_position_unless_asked_for_the_full_one() -> None:
    # The example record gives all thirteen deals: the full position carries the twelve later
    # deck orders and the seed, which decide nothing in the deal in dispute.
    explanation = explain(load(EXAMPLE), 37)
    short, full = explanation.position, explanation.full_position
    assert " ; seed " not in short and " ; decks " not in short and len(short) < 500
    assert " ; seed " in full and " ; decks " in full and full.startswith(short.split(" ; scores")[0])
    assert cardrules.from_position(full).position(future=False) == short
    svg_short, svg_full = dispute_svg(explanation), dispute_svg(explanation, future=True)
    assert " ; decks " not in svg_short and svg_full.count("<text") > svg_short.count("<text") + 10
    assert short in dispute_html(explanation) and full not in dispute_html(explanation)
    assert full in dispute_html(explanation, future=True)


def test_explain_and_position_take_full() -> None:
    record = str(EXAMPLE)
    short = run_cardrules("position", record, "--step", "37")
    full = run_cardrules("position", record, "--step", "37", "--full")
    assert short.returncode == full.returncode == 0
    assert " ; seed " not in short.stdout and " ; seed " in full.stdout
    assert len(short.stdout) < 500 < len(full.stdout)
    told = run_cardrules("explain", record, "--step", "37")
    told_full = run_cardrules("explain", record, "--step", "37", "--full", "--json")
    assert f"position: {short.stdout.strip()}" in told.stdout.splitlines()
    assert '"position": "' + full.stdout.strip() + '"' in told_full.stdout
