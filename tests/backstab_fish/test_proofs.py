"""Backstab Fish proofs: every claim proved, and the loop witness refuted with its companion proved.

The claim tests carry the rule ids each claim proves. The refinement tests,
which read engine states as the model's variables and replay in the engine
the loop z3 finds, are in ``test_refinement.py`` next to this file.
"""

from __future__ import annotations

import pytest

from cardrules.games.backstab_fish.rules import RULES
from proofs import claims_for
from proofs.backstab_fish import conservation, lasso, scoring, termination
from proofs.claims import Claim, Report, check
from proofs.report import render_json, render_table
from proofs.z3facade import (
    Bool,
    Model,
    int_var,
)
from tests.backstab_fish.test_proofs_code import TESTED as CODE_TESTED
from tests.support.proofs import assert_passes, marked_rule_ids, report_of

# -- every claim proved, every wrong companion refuted ------------------------------


@pytest.mark.rule("backstab_fish.invariant.card-conservation")
@pytest.mark.rule("backstab_fish.answer.give")
@pytest.mark.rule("backstab_fish.answer.go-fish")
@pytest.mark.rule("backstab_fish.refill.seven")
@pytest.mark.rule("backstab_fish.setup.deal")
def test_every_turn_conserves_the_cards_of_every_rank(request: pytest.FixtureRequest) -> None:
    report = assert_passes(conservation.CONSERVATION, request)
    assert report.wrong is not None
    assert "card conservation" in (report.wrong.counterexample or "")


@pytest.mark.rule("backstab_fish.invariant.rank-multiples")
@pytest.mark.rule("backstab_fish.sets.lay-down")
@pytest.mark.rule("backstab_fish.end.sole-holder")
def test_cards_outside_laid_sets_come_in_fours(request: pytest.FixtureRequest) -> None:
    assert_passes(conservation.RANK_MULTIPLES, request)


@pytest.mark.rule("backstab_fish.invariant.legal-set-nonempty")
@pytest.mark.rule("backstab_fish.invariant.empty-hand-empty-stock")
@pytest.mark.rule("backstab_fish.turn.skip-empty")
@pytest.mark.rule("backstab_fish.ask.target")
def test_the_player_to_act_always_has_a_legal_ask(request: pytest.FixtureRequest) -> None:
    report = assert_passes(conservation.LEGAL_ASK, request)
    assert report.wrong is not None
    # Without the sole-holder end, a lone holder with an empty stock has nobody to ask.
    assert "stock 0 (" in (report.wrong.counterexample or "")


@pytest.mark.rule("backstab_fish.invariant.monotone")
@pytest.mark.rule("backstab_fish.end.stall-limit")
@pytest.mark.rule("backstab_fish.invariant.termination")
def test_every_turn_is_an_abstract_turn(request: pytest.FixtureRequest) -> None:
    assert_passes(termination.TURN_ABSTRACTION, request)


@pytest.mark.rule("backstab_fish.invariant.termination")
@pytest.mark.rule("backstab_fish.end.stall-limit")
def test_the_ranking_falls_on_every_turn(request: pytest.FixtureRequest) -> None:
    report = assert_passes(termination.RANKING, request)
    assert report.wrong is not None
    assert "drawing 0 cards from the stock and laying 0 sets" in (report.wrong.counterexample or "")


@pytest.mark.rule("backstab_fish.invariant.termination")
@pytest.mark.rule("backstab_fish.end.stall-limit")
def test_every_game_ends_within_the_bound(request: pytest.FixtureRequest) -> None:
    report = assert_passes(termination.TERMINATION_BOUND, request)
    assert report.wrong is not None
    assert (report.wrong.counterexample or "").startswith("goal:")


@pytest.mark.rule("backstab_fish.invariant.end-state")
@pytest.mark.rule("backstab_fish.end.final-lay-down")
@pytest.mark.rule("backstab_fish.score.per-set")
@pytest.mark.rule("backstab_fish.end.all-empty")
def test_the_scores_add_up_to_the_sets_of_the_deck(request: pytest.FixtureRequest) -> None:
    assert_passes(scoring.END_TOTAL, request)


@pytest.fixture(scope="module")
def literal_report() -> Report:
    """The loop search, run once per test run (it takes seconds; the refinement tests replay its loop)."""
    return report_of(lasso.LITERAL_GAME_ENDS)


@pytest.mark.rule("backstab_fish.end.stall-limit")
@pytest.mark.rule("backstab_fish.invariant.termination")
def test_the_literal_game_can_loop_for_ever(request: pytest.FixtureRequest, literal_report: Report) -> None:
    claim = lasso.LITERAL_GAME_ENDS
    assert marked_rule_ids(request) == set(claim.rule_ids)
    assert claim.expect_counterexample and claim.wrong is not None and not claim.wrong.expect_counterexample
    report = literal_report
    assert report.expect_counterexample
    assert report.claim.refuted and not report.claim.proved
    assert report.wrong is not None and report.wrong.proved
    assert report.passed
    text = report.claim.counterexample or ""
    assert "can be repeated for ever" in text and "turn 1:" in text
    table = render_table((report,), total_seconds=report.seconds)
    assert "refuted (expected refuted)" in table and "PASS" in table
    assert "can be repeated for ever" in table, "the table shows the loop"


def test_every_claim_has_a_test_above() -> None:
    tested = {
        conservation.CONSERVATION,
        conservation.RANK_MULTIPLES,
        conservation.LEGAL_ASK,
        termination.TURN_ABSTRACTION,
        termination.RANKING,
        termination.TERMINATION_BOUND,
        scoring.END_TOTAL,
        lasso.LITERAL_GAME_ENDS,
        *CODE_TESTED,
    }
    assert {claim.name for claim in tested} == {claim.name for claim in claims_for("backstab_fish")}


def test_claims_name_only_rule_ids_of_the_rule_book() -> None:
    for claim in claims_for("backstab_fish"):
        assert claim.wrong is not None
        for rule in (*claim.rule_ids, *claim.wrong.rule_ids):
            assert rule in RULES, f"{claim.name} names {rule}, which is not a Backstab Fish rule"


def test_every_rule_whose_check_asks_for_a_proof_has_a_claim() -> None:
    proved = {rule for claim in claims_for("backstab_fish") for rule in claim.rule_ids}
    for rule in (
        "backstab_fish.invariant.rank-multiples",
        "backstab_fish.invariant.end-state",
        "backstab_fish.invariant.termination",
    ):
        assert rule in proved


# -- the machinery for a claim expected to be refuted ---------------------------------


def _toy_witness(*, truth: bool, companion_truth: bool) -> Claim:
    """A claim expected to be refuted: ``x < 3`` for every ``x`` (false), or ``x = x`` (true)."""
    x = int_var("toy witness x")

    def build(holds: bool) -> Bool:
        return x.eq(x) if holds else x < 3

    def describe(found: Model) -> str:
        return f"x = {found.int_value(x)}"

    return Claim(
        "backstab_fish/toy-witness",
        ("backstab_fish.invariant.termination",),
        lambda: build(truth),
        describe,
        statement="toy",
        wrong=Claim(
            "backstab_fish/toy-witness-companion",
            ("backstab_fish.invariant.termination",),
            lambda: build(companion_truth),
            describe,
        ),
        expect_counterexample=True,
    )


def test_a_witness_claim_passes_only_when_refuted_with_its_companion_proved() -> None:
    good = check(_toy_witness(truth=False, companion_truth=True))
    assert good.passed and good.claim.refuted and good.wrong is not None and good.wrong.proved
    proved_witness = check(_toy_witness(truth=True, companion_truth=True))
    assert not proved_witness.passed
    refuted_companion = check(_toy_witness(truth=False, companion_truth=False))
    assert not refuted_companion.passed
    table = render_table((good, proved_witness), total_seconds=0.0)
    assert "refuted, as expected" in table and "x = " in table
    assert "FAIL backstab_fish/toy-witness: expected to be refuted, but it was proved" in table
    assert '"expected": "refuted"' in render_json((good,), total_seconds=0.0)
