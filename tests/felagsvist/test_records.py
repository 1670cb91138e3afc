"""Félagsvist's disputed records: what a check, a replay and an explanation find in each.

The disputed records in ``tests/felagsvist/records/`` are Félagsvist games (or
the start of one) with one disputed step each; :data:`DISPUTES` says what a
check must find in each.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from itertools import pairwise
from pathlib import Path
from typing import Final

import pytest

from cardrules import IllegalActionError
from cardrules.game import AnyState
from cardrules.games.felagsvist import (
    FelagsvistState,
)
from cardrules.records import (
    IllegalStepError,
    check,
    dumps,
    explain,
    format_explanation,
    format_report,
    initial_state,
    load,
    replay,
    report_to_data,
    steps,
)

REPO: Final = Path(__file__).resolve().parents[2]
DISPUTED: Final = REPO / "tests" / "felagsvist" / "records"


@pytest.mark.parametrize("path", sorted(DISPUTED.glob("*.toml")), ids=lambda path: path.name)
def test_every_disputed_record_is_canonical(path: Path) -> None:
    assert dumps(load(path)) == path.read_text(encoding="utf-8")


@dataclass(frozen=True)
class Dispute:
    """What a strict check must find in a disputed record (``step`` counted from 0, as in the array)."""

    step: int | None
    actor: str | None
    action: str | None
    rule_ids: tuple[str, ...]
    mismatched_seats: tuple[int, ...] = ()


DISPUTES: Final[Mapping[str, Dispute]] = {
    "revoke.toml": Dispute(37, "p0", "p0 play 7H", ("felagsvist.play.must-follow",)),
    "revoke-played-on.toml": Dispute(37, "p3", "p3 play 5H", ("felagsvist.play.must-follow",)),
    "out-of-turn.toml": Dispute(5, "p2", "p2 play 7S", ("common.turn.player-to-act",)),
    "card-already-played.toml": Dispute(6, "p3", "p3 play 6S", ("common.cards.held",)),
    "play-after-the-end.toml": Dispute(624, "p1", "p1 play 2C", ("common.game.over",)),
    "claimed-score-off-by-one.toml": Dispute(None, None, None, (), mismatched_seats=(0, 2)),
}


def test_every_disputed_record_has_its_expectation() -> None:
    assert {path.name for path in DISPUTED.glob("*.toml")} == set(DISPUTES)


@pytest.mark.parametrize(
    "name",
    [
        pytest.param("revoke.toml", marks=pytest.mark.rule("felagsvist.play.must-follow")),
        pytest.param("revoke-played-on.toml", marks=pytest.mark.rule("felagsvist.play.must-follow")),
        pytest.param("out-of-turn.toml", marks=pytest.mark.rule("common.turn.player-to-act")),
        pytest.param("card-already-played.toml", marks=pytest.mark.rule("common.cards.held")),
        pytest.param("play-after-the-end.toml", marks=pytest.mark.rule("common.game.over")),
        pytest.param("claimed-score-off-by-one.toml", marks=pytest.mark.rule("felagsvist.score.totals")),
    ],
)
def test_a_disputed_record_gives_the_expected_finding(name: str) -> None:
    expected = DISPUTES[name]
    record = load(DISPUTED / name)
    report = check(record)
    assert not report.ok
    assert report.mismatched_seats == expected.mismatched_seats
    if expected.step is None:
        assert report.violations == () and report.finished and report.claims_match is False
        return
    (violation,) = report.violations
    assert (violation.step, f"p{violation.actor}", violation.action) == (
        expected.step,
        expected.actor,
        expected.action,
    )
    assert violation.verdict.rule_ids == expected.rule_ids
    assert not violation.verdict.legal and violation.verdict.reason
    assert violation.comment  # each disputed step says what is disputed
    assert record.actions[violation.step].text == violation.action  # step n is actions[n]
    assert report.checked == expected.step + 1  # a count: steps 0 to the illegal one
    assert report.claims_compared is False


@pytest.mark.rule("felagsvist.play.must-follow")
def test_the_revoke_is_reported_with_step_actor_card_and_rule() -> None:
    """The acceptance case, in Python: a revoke at step 37, which is ``actions[37]``."""
    record = load(DISPUTED / "revoke.toml")
    assert record.actions[37].text == "p0 play 7H"
    report = check(record)
    line = format_report(report).splitlines()[1]
    assert line.startswith("step 37: p0 play 7H is illegal: diamonds were led and p0 holds 2♦ 10♦")
    assert line.endswith("[felagsvist.play.must-follow]")
    data = report_to_data(report)
    violation = data["violations"][0]  # type: ignore[index]
    assert violation["step"] == 37 and violation["actor"] == "p0" and violation["action"] == "p0 play 7H"
    assert violation["verdict"]["rule_ids"] == ["felagsvist.play.must-follow"]
    assert violation["message"] == line


@pytest.mark.rule("felagsvist.play.must-follow")
def test_a_lenient_check_of_a_game_with_one_revoke_gives_one_finding_and_judges_the_game_as_played() -> None:
    # revoke-played-on.toml: the deals of examples/records/felagsvist-complete.toml, played as there
    # to step 37, where West trumps a spade lead holding 2♠; play went on, to the end of the game.
    record = load(DISPUTED / "revoke-played-on.toml")
    report = check(record, mode="lenient")
    (violation,) = report.violations
    assert (violation.step, violation.action, violation.handling) == (37, "p3 play 5H", "played")
    assert violation.verdict.rule_ids == ("felagsvist.play.must-follow",)
    assert report.checked == report.steps == 624 and report.finished
    assert report.claims_compared and report.claims_match  # the scores of the game as it was played
    assert report.stop_reason == ""
    text = format_report(report)
    assert "  played as recorded: the check goes on from the game as it was played" in text.splitlines()
    assert text.endswith("result: 1 finding")
    strict = check(record)
    assert strict.checked == 38 and strict.violations[0].handling == "stop"


@pytest.mark.rule("felagsvist.play.must-follow")
def test_a_revoke_carried_out_takes_the_card_from_the_hand_and_the_trick_goes_on() -> None:
    record = load(DISPUTED / "revoke-played-on.toml")
    walked = list(steps(record, lenient=True))
    revoke = walked[37]
    assert revoke.as_played and not revoke.legal
    before, after = revoke.before, revoke.after
    assert isinstance(before, FelagsvistState) and isinstance(after, FelagsvistState)
    assert "5♥" in str(before.hand(3)) and "5♥" not in str(after.hand(3))
    assert after.current_player == 0  # the next seat clockwise, as after any card
    assert not any(step.as_played for step in walked if step.number != 37)
    # the strict walk skips it instead, as before
    skipped = list(steps(record))[37]
    assert skipped.after is skipped.before and not skipped.as_played


@pytest.mark.rule("felagsvist.play.must-follow")
def test_a_lenient_check_plays_on_from_a_revoke_and_stops_where_the_record_no_longer_fits() -> None:
    # revoke.toml swaps one card into a real game, so the rest of that game no longer fits
    # the game as played: the check plays the revoke, then stops with one finding saying why
    # instead of reporting every later step as out of turn.
    record = load(DISPUTED / "revoke.toml")
    report = check(record, mode="lenient")
    first = report.violations[0]
    assert first.step == 37 and first.verdict.rule_ids == ("felagsvist.play.must-follow",)
    assert first.handling == "played"
    last = report.violations[-1]
    assert last.handling == "stop" and report.checked == last.step + 1 < report.steps
    assert len(report.violations) < 10
    assert f"lenient mode cannot play step {last.step} as recorded" in report.stop_reason
    assert f"({report.stop_reason})" in format_report(report)
    assert not report.claims_compared


@pytest.mark.rule("common.cards.held")
def test_a_lenient_check_stops_at_a_card_nobody_holds_with_one_finding() -> None:
    # p3 plays 6S a second time; here the record goes on as if the trick had taken it (p0 next)
    record = load(DISPUTED / "card-already-played.toml")
    fitted = dataclasses.replace(record, actions=record.actions[:7] + record.actions[8:])
    assert fitted.actions[7].text == "p0 play 5S"
    report = check(fitted, mode="lenient")
    (violation,) = report.violations
    assert (violation.step, violation.handling) == (6, "stop")
    assert violation.verdict.rule_ids == ("common.cards.held",)
    assert report.checked == 7 and report.steps == 8 and not report.finished
    assert report.stop_reason == (
        "lenient mode cannot play step 6 as recorded, and the record does not go on without it: "
        "step 7 is illegal then too"
    )
    assert format_report(report).endswith("result: 1 finding")
    # in the golden record p3 takes the card back and plays AS: the step is set aside, the rest judged
    report = check(record, mode="lenient")
    (violation,) = report.violations
    assert (violation.step, violation.handling) == (6, "set-aside")
    assert report.checked == report.steps == 9


@pytest.mark.rule("common.turn.player-to-act")
def test_a_card_played_out_of_turn_and_taken_back_is_set_aside() -> None:
    # p2 played before p0; the record goes on with p0, p1, then p2 again: set aside, one finding
    report = check(load(DISPUTED / "out-of-turn.toml"), mode="lenient")
    (violation,) = report.violations
    assert (violation.step, violation.handling) == (5, "set-aside")
    assert report.checked == report.steps == 9
    assert (
        "  cannot be played as recorded: set aside, as the record goes on without it"
        in format_report(report).splitlines()
    )


@pytest.mark.rule("common.turn.player-to-act")
def test_strict_and_lenient_agree_on_the_first_violation() -> None:
    for name, expected in DISPUTES.items():
        strict = check(load(DISPUTED / name))
        lenient = check(load(DISPUTED / name), mode="lenient")
        assert strict.first_violation is not None or lenient.first_violation is None
        if strict.first_violation is not None:  # the same step and verdict; only what came next differs
            assert lenient.first_violation == dataclasses.replace(
                strict.first_violation, handling=lenient.violations[0].handling
            )
        if expected.step is not None and name != "revoke.toml":  # revoke.toml stops: see above
            assert lenient.checked == lenient.steps


def test_claims_are_not_compared_when_a_strict_check_stops_early() -> None:
    record = load(DISPUTED / "revoke-played-on.toml")
    claimed = dataclasses.replace(record, claimed_scores=((0, 1000),))
    strict = check(claimed)
    assert strict.claims_compared is False and strict.claims_match is None and strict.mismatched_seats == ()
    lenient = check(claimed, mode="lenient")
    assert lenient.claims_compared is True and lenient.mismatched_seats == (0,)
    assert "claimed scores not compared" in format_report(strict)


def test_a_record_without_claims_compares_none() -> None:
    report = check(load(DISPUTED / "out-of-turn.toml"))
    assert report.claimed_scores == () and report.claims_match is None


def test_check_refuses_an_unknown_mode() -> None:
    with pytest.raises(ValueError, match="strict"):
        check(load(DISPUTED / "out-of-turn.toml"), mode="gentle")  # type: ignore[arg-type]


# -- replay and explain ----------------------------------------------------------------------------


@pytest.mark.rule("felagsvist.play.must-follow")
def test_replay_stops_at_the_first_illegal_step_with_its_number() -> None:
    record = load(DISPUTED / "revoke.toml")
    seen: list[AnyState] = []
    with pytest.raises(IllegalStepError) as info:
        for state in replay(record):
            seen.append(state)
    assert len(seen) == 38  # the initial state and the states after steps 0 to 36
    error = info.value
    assert isinstance(error, IllegalActionError)
    assert error.step == 37 and error.verdict.rule_ids == ("felagsvist.play.must-follow",)
    assert str(error).startswith("step 37: illegal action 'p0 play 7H'")
    assert record.actions[error.step].text == "p0 play 7H"


def test_steps_give_the_state_before_and_after_each_action() -> None:
    record = load(DISPUTED / "card-already-played.toml")
    taken = list(steps(record))
    assert [step.number for step in taken] == list(range(9))  # step n is actions[n]
    assert all(step.entry == record.actions[step.number] for step in taken)
    assert taken[0].before.compact() == initial_state(record).compact()
    for earlier, later in pairwise(taken):
        assert later.before is earlier.after
    illegal = taken[6]
    assert illegal.number == 6 and not illegal.legal
    assert illegal.after is illegal.before and illegal.actor == 3


@pytest.mark.rule("felagsvist.info.hidden-hands")
def test_explain_shows_the_step_as_the_actor_saw_it() -> None:
    record = load(DISPUTED / "revoke.toml")
    explanation = explain(record, 37)
    assert explanation.step == 37 and explanation.entry == record.actions[37]
    assert explanation.actor == 0 and explanation.to_act == 0
    assert explanation.legal_actions == ("p0 play 2D", "p0 play TD")
    assert explanation.verdict.rule_ids == ("felagsvist.play.must-follow",)
    assert explanation.skipped == ()
    before = list(steps(record))[37].before
    assert isinstance(before, FelagsvistState)
    assert explanation.observation == str(before.observation(0))
    # p0's own hand is shown, and no card of another hand appears anywhere.
    text = format_explanation(explanation)
    assert "hand: 2♦ 10♦ 7♥ 10♠" in text
    words = set(text.replace(",", " ").split())
    hidden = {card.pretty() for seat in (1, 2, 3) for card in before.observation(seat).hand}
    assert hidden and not words & hidden


def test_explain_lists_the_earlier_illegal_steps_it_played_and_skipped() -> None:
    # revoke.toml, walked as played: 37 (the revoke) played as recorded, 40 (out of turn) skipped
    explanation = explain(load(DISPUTED / "revoke.toml"), 41)
    assert explanation.played_illegal == (37,) and explanation.skipped == (40,)
    text = format_explanation(explanation)
    assert "note: earlier illegal steps were played as recorded on the way: 37" in text
    assert "note: earlier illegal steps were skipped on the way: 40" in text
    # the table shown is the game as it was played: the revoked 7♥ is gone from p0's hand
    assert "7♥" not in explain(load(DISPUTED / "revoke.toml"), 41).observation.split("trick:")[0]


def test_explain_of_step_0_shows_the_initial_state() -> None:
    record = load(DISPUTED / "out-of-turn.toml")
    explanation = explain(record, 0)
    assert explanation.entry == record.actions[0] and explanation.skipped == ()
    start = initial_state(record)
    assert explanation.observation == str(start.observation(explanation.actor))
    assert format_explanation(explanation).startswith(f"step 0 (steps 0 to 8): {record.actions[0].text}\n")


@pytest.mark.parametrize("step", [9, -1, 10])
def test_explain_refuses_a_step_outside_the_record(step: int) -> None:
    with pytest.raises(ValueError, match=f"step {step} is not in the record: its steps are 0 to 8$"):
        explain(load(DISPUTED / "out-of-turn.toml"), step)


def test_explain_refuses_every_step_of_a_record_without_actions() -> None:
    record = dataclasses.replace(load(DISPUTED / "out-of-turn.toml"), actions=())
    with pytest.raises(ValueError, match="it has no steps"):
        explain(record, 0)
