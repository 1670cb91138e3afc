"""The Félagsvist proofs: every claim is proved, every wrong companion refuted, and the machinery can fail.

Each claim test carries the rule ids the claim proves and checks that they are
exactly the claim's own. The tests of the machinery (claims, families,
inductive systems, the z3 facade and the command line) use Félagsvist's claims
and toy systems. The refinement tests, which compare the model with the
engine, are in ``test_refinement.py`` next to this file.
"""

from __future__ import annotations

import json
from typing import Final

import pytest

from cardrules.games.felagsvist.rules import RULES
from proofs import claims_for
from proofs.__main__ import main
from proofs.claims import Claim, Family, Obligation, check, prove
from proofs.felagsvist import code, conservation, legality, model, schedule, scoring, tricks
from proofs.induction import Move, Part, SymState, TransitionSystem, Var, inductive_claim, ints
from proofs.report import render_table
from proofs.z3facade import (
    Binding,
    Bool,
    Engine,
    Status,
    bool_var,
    bv_val,
    bv_var,
    check_valid,
    evaluate_bv,
    evaluate_int,
    int_var,
    onehot,
    popcount,
)
from tests.felagsvist.test_proofs_code import TESTED as CODE_TESTED
from tests.support.proofs import assert_passes

# -- every claim proved, every wrong companion refuted ------------------------------


@pytest.mark.rule("felagsvist.invariant.legal-set-nonempty")
def test_legal_set_is_nonempty_for_every_nonempty_hand(request: pytest.FixtureRequest) -> None:
    assert_passes(legality.LEGAL_SET_NONEMPTY, request)


@pytest.mark.rule("felagsvist.play.lead-any")
def test_leader_may_play_the_whole_hand(request: pytest.FixtureRequest) -> None:
    assert_passes(legality.LEAD_ANY, request)


@pytest.mark.rule("felagsvist.play.must-follow")
def test_follower_holding_the_suit_led_must_follow(request: pytest.FixtureRequest) -> None:
    assert_passes(legality.MUST_FOLLOW, request)


@pytest.mark.rule("felagsvist.play.void-any")
def test_void_follower_may_play_the_whole_hand(request: pytest.FixtureRequest) -> None:
    assert_passes(legality.VOID_ANY, request)


@pytest.mark.rule("felagsvist.invariant.legal-set-nonempty")
@pytest.mark.rule("felagsvist.play.lead-any")
@pytest.mark.rule("felagsvist.play.must-follow")
@pytest.mark.rule("felagsvist.play.void-any")
def test_engine_legal_set_equals_the_specification_for_every_hand(request: pytest.FixtureRequest) -> None:
    assert_passes(legality.LEGAL_SET_DEFINITION, request)


@pytest.mark.rule("felagsvist.play.lead-any")
@pytest.mark.rule("felagsvist.play.must-follow")
@pytest.mark.rule("felagsvist.play.void-any")
def test_the_engines_playable_is_the_specifications_legal_set_for_every_input(
    request: pytest.FixtureRequest,
) -> None:
    """The code itself, run on a symbolic hand, for every trick in progress (not a sample)."""
    assert_passes(code.LEGAL_SET_CODE, request)


@pytest.mark.rule("felagsvist.trick.winner")
def test_exactly_one_card_wins_and_beats_the_others(request: pytest.FixtureRequest) -> None:
    assert_passes(tricks.TRICK_WINNER, request)


@pytest.mark.rule("felagsvist.invariant.deal-score-sum")
def test_deal_scores_sum_to_thirteen_or_one_side_scores(request: pytest.FixtureRequest) -> None:
    assert_passes(scoring.DEAL_SCORE_SUM, request)


@pytest.mark.rule("felagsvist.game.tie")
def test_a_played_out_deal_never_ties(request: pytest.FixtureRequest) -> None:
    assert_passes(scoring.TIE_DECIDED, request)


@pytest.mark.rule("felagsvist.round.cycle")
def test_round_kinds_repeat_every_six_deals(request: pytest.FixtureRequest) -> None:
    assert_passes(schedule.ROUND_CYCLE, request)


@pytest.mark.rule("felagsvist.deal.rotation")
def test_each_seat_deals_three_times(request: pytest.FixtureRequest) -> None:
    assert_passes(schedule.DEAL_ROTATION, request)


@pytest.mark.rule("felagsvist.invariant.round-balance")
def test_deals_six_apart_share_kind_and_side(request: pytest.FixtureRequest) -> None:
    assert_passes(schedule.ROUND_BALANCE, request)


@pytest.mark.rule("felagsvist.invariant.thirteen-tricks")
def test_trick_counters_reach_thirteen_together(request: pytest.FixtureRequest) -> None:
    assert_passes(tricks.THIRTEEN_TRICKS, request)


@pytest.mark.rule("felagsvist.invariant.game-total")
def test_game_totals_are_156_or_169(request: pytest.FixtureRequest) -> None:
    assert_passes(scoring.GAME_TOTAL, request)


@pytest.mark.rule("felagsvist.deal.distribution")
@pytest.mark.rule("felagsvist.invariant.card-conservation")
def test_any_shuffle_deals_four_disjoint_thirteen_card_hands(request: pytest.FixtureRequest) -> None:
    assert_passes(conservation.DEAL_DISTRIBUTION, request)


@pytest.mark.rule("felagsvist.invariant.card-conservation")
@pytest.mark.rule("felagsvist.invariant.hand-sizes")
@pytest.mark.rule("felagsvist.invariant.legal-set-nonempty")
@pytest.mark.rule("felagsvist.play.trick-order")
def test_every_card_stays_in_exactly_one_zone(request: pytest.FixtureRequest) -> None:
    assert_passes(conservation.CARD_CONSERVATION, request)


_TESTED: Final = (
    legality.LEGAL_SET_NONEMPTY,
    legality.LEAD_ANY,
    legality.MUST_FOLLOW,
    legality.VOID_ANY,
    legality.LEGAL_SET_DEFINITION,
    code.LEGAL_SET_CODE,
    tricks.TRICK_WINNER,
    scoring.DEAL_SCORE_SUM,
    scoring.TIE_DECIDED,
    schedule.ROUND_CYCLE,
    schedule.DEAL_ROTATION,
    schedule.ROUND_BALANCE,
    tricks.THIRTEEN_TRICKS,
    scoring.GAME_TOTAL,
    conservation.DEAL_DISTRIBUTION,
    conservation.CARD_CONSERVATION,
)


def test_every_claim_has_a_test_above() -> None:
    assert {claim.name for claim in (*_TESTED, *CODE_TESTED)} == {
        claim.name for claim in claims_for("felagsvist")
    }


def test_claims_name_only_rule_ids_of_the_rule_book() -> None:
    for claim in claims_for("felagsvist"):
        assert claim.wrong is not None
        for rule in (*claim.rule_ids, *claim.wrong.rule_ids):
            assert rule in RULES, f"{claim.name} names {rule}, which is not a Félagsvist rule"


def test_claim_names_are_unique_and_not_rule_ids() -> None:
    names = [c.name for claim in claims_for() for c in (claim, claim.wrong) if c is not None]
    assert len(names) == len(set(names))
    assert all("/" in name and name not in RULES for name in names)


# -- the machinery can fail ---------------------------------------------------------


def _always_the_suit_led() -> Claim:
    """A deliberately broken claim, with a true statement as its "wrong" companion."""

    def build_false() -> Bool:
        v = model.follow_vars()
        return (v.domain & ~v.leading).implies(v.legal.eq(v.hand & model.led_mask(v.led)))

    def build_true() -> Bool:
        v = model.follow_vars()
        return v.domain.implies((v.legal & ~v.hand).eq(0))

    describe = legality.LEGAL_SET_NONEMPTY.describe
    return Claim(
        "felagsvist/broken-always-the-suit-led",
        ("felagsvist.play.must-follow",),
        build_false,
        describe,
        statement="A follower may only ever play cards of the suit led.",
        wrong=Claim(
            "felagsvist/broken-true-companion", ("felagsvist.play.must-follow",), build_true, describe
        ),
    )


def test_a_false_claim_fails_with_a_readable_counterexample() -> None:
    report = check(_always_the_suit_led())
    assert not report.passed
    assert not report.claim.proved and report.claim.refuted
    text = report.claim.counterexample or ""
    assert "suit led:" in text and "legal set (engine):" in text
    # The counterexample is a void follower with cards: its legal set is its hand.
    lines = dict(line.split(": ", 1) for line in text.splitlines())
    assert lines["cards of the suit led in the hand"] == "(none)"
    assert lines["legal set (engine)"] != "(none)"
    # ... and its "wrong" companion is true, so it is not refuted either.
    assert report.wrong is not None and report.wrong.proved and not report.wrong.refuted
    table = render_table((report,), total_seconds=report.seconds)
    assert "FAIL" in table and "counterexample: hand of the player to act:" in table
    assert "1 failed" in table


def test_a_claim_without_a_wrong_companion_does_not_pass() -> None:
    claim = legality.LEGAL_SET_NONEMPTY
    lonely = Claim(claim.name, claim.rule_ids, claim.build, claim.describe)
    report = check(lonely)
    assert report.claim.proved and report.wrong is None and not report.passed


def test_a_family_gives_its_members_its_rule_ids_printer_and_engine() -> None:
    x = int_var("x")
    family = Family(("felagsvist.invariant.game-total",), lambda m: f"x = {m.int_value(x)}", Engine.SMT_CORE)
    wrong = family.claim("toy/x-is-big", "x > 2 gives x >= 4.", lambda: (x > 2).implies(x >= 4))
    claim = family.claim(
        "toy/x-is-three", "x > 2 gives x >= 3.", lambda: (x > 2).implies(x >= 3), wrong=wrong
    )
    assert claim.rule_ids == wrong.rule_ids == family.rule_ids
    assert claim.engine is wrong.engine is Engine.SMT_CORE
    report = check(claim)
    assert report.passed and report.wrong is not None and report.wrong.counterexample == "x = 3"
    other = family.claim("toy/other", "", claim.build, rule_ids=("felagsvist.game.tie",), describe=str)
    assert other.rule_ids == ("felagsvist.game.tie",) and other.describe is str


def test_claim_rejects_malformed_rule_ids_and_names() -> None:
    claim = legality.LEAD_ANY
    with pytest.raises(ValueError):
        Claim(claim.name, ("not a rule id",), claim.build, claim.describe)
    with pytest.raises(ValueError):
        Claim("no-game-prefix", claim.rule_ids, claim.build, claim.describe)
    with pytest.raises(ValueError):
        Claim(claim.name, (), claim.build, claim.describe)


def _card_game(
    *,
    cases: tuple[int, ...],
    copy: bool = False,
    assumes: tuple[str, ...] | None = None,
    apart_by_cases: bool = True,
) -> Claim:
    """A toy system: cards move one at a time from a pile to a heap, split into cases by card.

    ``cases`` lists the cards with a case of their own (leaving one out is a
    gap the coverage obligation must catch); ``copy`` leaves a moved card in
    the pile too, which breaks the invariant.
    """

    def step(before: SymState, choice: SymState) -> tuple[Move, ...]:
        card = onehot(choice.bv("card"), 4)
        pile, heap = before.bv("pile"), before.bv("heap")
        guard = choice.bv("card").ult(4) & (pile & card).ne(0)
        after = before.updated(
            {"pile": pile if copy else pile & ~card, "heap": heap | card, "moved": before["moved"] + 1}
        )
        return (Move("a card moves", guard, after, tuple({"card": c} for c in cases)),)

    def counted(s: SymState) -> Bool:
        return (popcount(s.bv("heap")).eq(s["moved"])) & (popcount(s.bv("pile")) + s["moved"]).eq(4)

    def apart(s: SymState) -> Bool:
        return (s.bv("pile") & s.bv("heap")).eq(0) & (s.bv("pile") | s.bv("heap")).eq(15)

    system = TransitionSystem(
        variables=(Var("pile", 4), Var("heap", 4), *ints("moved")),
        inputs=(Var("card", 3),),
        init=lambda s: s.bv("pile").eq(15) & s.bv("heap").eq(0) & s["moved"].eq(0),
        step=step,
        invariant=(Part("counted", counted), Part("apart", apart, assumes=assumes, by_cases=apart_by_cases)),
        goal=lambda s: s["moved"].eq(4).implies(s.bv("pile").eq(0)),
        show_state=lambda v: f"[pile {v['pile']:04b}, heap {v['heap']:04b}, moved {v['moved']}]",
        show_inputs=lambda v: f"moving card {v['card']}",
    )
    return inductive_claim(
        "toy/cards", ("felagsvist.invariant.card-conservation",), system, engine=Engine.SMT_CORE
    )


def test_an_inductive_claim_split_by_cases_is_proved_case_by_case() -> None:
    result = prove(_card_game(cases=(0, 1, 2, 3)))
    assert result.proved, result.counterexample or result.reason
    # base, coverage, 2 parts x 4 cases, goal
    assert result.obligations == 1 + 1 + 2 * 4 + 1


def test_a_part_that_counts_nothing_may_be_proved_once_for_a_symbolic_card() -> None:
    result = prove(_card_game(cases=(0, 1, 2, 3), apart_by_cases=False))
    assert result.proved, result.counterexample or result.reason
    # base, coverage, "counted" x 4 cases, "apart" once, goal
    assert result.obligations == 1 + 1 + 4 + 1 + 1


def test_a_case_left_out_is_a_gap_the_coverage_obligation_finds() -> None:
    result = prove(_card_game(cases=(0, 1, 3)))
    assert result.refuted
    assert result.counterexample is not None
    assert result.counterexample.startswith(
        "inductive step (a card moves), its cases: no case covers moving card 2"
    )


def test_a_broken_step_is_refuted_naming_the_part_it_breaks() -> None:
    result = prove(_card_game(cases=(0, 1, 2, 3), copy=True))
    assert result.refuted and result.counterexample is not None
    assert "which satisfies the invariant, moving card" in result.counterexample
    assert "which breaks the invariant (counted; apart)" in result.counterexample


def test_a_part_may_assume_less_but_must_assume_itself() -> None:
    assert prove(_card_game(cases=(0, 1, 2, 3), assumes=("apart",))).proved
    with pytest.raises(ValueError, match="must assume itself"):
        prove(_card_game(cases=(0, 1, 2, 3), assumes=("counted",)))
    with pytest.raises(ValueError, match="must assume itself"):
        prove(_card_game(cases=(0, 1, 2, 3), assumes=("apart", "no such part")))


def test_an_obligation_reports_its_label_and_the_first_failure() -> None:
    x = int_var("x")
    claim = Claim(
        "toy/obligations",
        ("felagsvist.invariant.game-total",),
        lambda: (
            Obligation("first", (x > 2).implies(x >= 3)),
            Obligation("second", (x > 2).implies(x >= 4), lambda m: f"x = {m.int_value(x)}"),
            Obligation("third", (x > 2).implies(x >= 5)),
        ),
        lambda m: "unused",
    )
    result = prove(claim)
    assert result.refuted and result.counterexample == "second: x = 3"
    assert result.obligations == 2


def test_symbolic_states_keep_their_sorts() -> None:
    state = SymState.fresh("toy", (Var("hand", 52), *ints("count")))
    assert state.bv("hand").width == 52
    with pytest.raises(TypeError):
        state["hand"]
    with pytest.raises(TypeError):
        state.bv("count")
    with pytest.raises(KeyError):
        state["missing"]
    with pytest.raises(TypeError):
        state.updated({"count": bv_val(0, 52)})
    with pytest.raises(TypeError):
        state.updated({"hand": bv_val(0, 51)})


def test_popcount_and_onehot_evaluate_like_python() -> None:
    hand, index = bv_var("hand", 52), bv_var("index", 6)
    for mask, card in ((0, 0), ((1 << 52) - 1, 51), (0b1011 << 13, 13), (1 << 40, 60)):
        bindings: list[Binding] = [(hand, mask), (index, card)]
        assert evaluate_int(popcount(hand), bindings) == mask.bit_count()
        assert evaluate_bv(onehot(index, 52), bindings) == ((1 << card) if card < 52 else 0)
        assert evaluate_bv(hand.lshr(index.resize(52)), bindings) == mask >> card


def test_facade_refuses_wrapped_constants_and_python_truth() -> None:
    with pytest.raises(ValueError):
        bv_val(2, 1)
    with pytest.raises(ValueError):
        bv_var("x", 3).ult(8)
    with pytest.raises(TypeError):
        bool(bool_var("p"))
    x = int_var("x")
    assert check_valid((x > 2).implies(x >= 3)).status is Status.VALID
    refuted = check_valid((x > 2).implies(x >= 4))
    assert refuted.status is Status.INVALID and refuted.model is not None
    assert refuted.model.int_value(x) == 3


def test_command_line_json_reports_the_chosen_claims(capsys: pytest.CaptureFixture[str]) -> None:
    chosen = ["felagsvist/thirteen-tricks", "felagsvist/must-follow"]
    assert main(["--game", "felagsvist", "--json", "--claim", chosen[0], "--claim", chosen[1]]) == 0
    document = json.loads(capsys.readouterr().out)
    assert document["passed"] is True
    names = [entry["name"] for entry in document["claims"]]
    assert names == [claim.name for claim in claims_for("felagsvist") if claim.name in chosen]
    for entry in document["claims"]:
        assert entry["outcome"] == "proved" and entry["wrong"]["outcome"] == "refuted"
        assert entry["wrong"]["counterexample"]


def test_command_line_refuses_an_unknown_claim(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(["--claim", "felagsvist/no-such-claim"])
    assert stopped.value.code == 2
    assert "no claim called felagsvist/no-such-claim" in capsys.readouterr().err


def test_the_table_shows_where_an_inductive_proof_breaks() -> None:
    """A wrong companion checked as if it were a claim: FAIL, and the step that breaks the invariant."""
    wrong = tricks.THIRTEEN_TRICKS.wrong
    assert wrong is not None
    report = check(wrong)
    table = render_table((report,), total_seconds=report.seconds)
    assert "FAIL" in table and "inductive step (a trick is won)" in table
