"""``cardrules check``, ``cardrules explain`` and ``simulate --record-dir``, run through a subprocess.

Exit status: 0 when every step is legal and every claimed score right, 1 for a
finding, 2 for input that cannot be read (one line on stderr, no traceback,
nothing on stdout).

The acceptance case of the records issue asks for "a revoke at step 37", and
the disputed record ``tests/felagsvist/records/revoke.toml`` has exactly that. Steps are
numbered from 0, like the indices of the actions array (step 37 is
``actions[37]``, the 38th action): every trick takes four steps, so steps 0,
4, 8, ..., 36 (that is, 4k) each lead a trick, and step 37 is the second card
of the tenth trick, which can fail to follow suit.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Final

import pytest

from cardrules import get_game
from cardrules.records import MAX_RECORD_SIZE, check, dumps, format_report, load, record_of
from tests.support.cli import run_cardrules

TESTS: Final = Path(__file__).resolve().parents[1]
DISPUTED: Final = TESTS / "felagsvist" / "records"
EXAMPLES: Final = TESTS.parent / "examples" / "records"
REPORT_FIELDS: Final = {
    "record",
    "game",
    "mode",
    "ok",
    "steps",
    "checked",
    "finished",
    "violations",
    "scores",
    "claimed_scores",
    "claims_compared",
    "claims_match",
    "mismatched_seats",
    "stop_reason",
}
VIOLATION_FIELDS: Final = {"step", "actor", "action", "comment", "verdict", "state", "message", "handling"}


def _bad_input(done: subprocess.CompletedProcess[str], needle: str) -> None:
    assert done.returncode == 2, (done.stdout, done.stderr)
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("cardrules: error: "), done.stderr
    assert needle in lines[0], lines[0]
    assert done.stdout == ""


# -- check ----------------------------------------------------------------------------------------


def test_check_of_a_clean_record_exits_0() -> None:
    done = run_cardrules("check", str(EXAMPLES / "felagsvist-complete.toml"))
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-1] == "result: ok"
    assert "all 624 steps are legal" in done.stdout and "claimed scores match" in done.stdout
    assert done.stderr == ""


def test_check_json_of_a_clean_record_has_every_documented_field() -> None:
    done = run_cardrules("check", "--json", str(EXAMPLES / "felagsvist-complete.json"))
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert set(data) == REPORT_FIELDS
    assert data["ok"] is True and data["violations"] == [] and data["finished"] is True
    assert data["steps"] == data["checked"] == 624 and data["mode"] == "strict"
    assert data["claims_compared"] is True and data["claims_match"] is True
    assert data["scores"] == data["claimed_scores"] and set(data["scores"]) == {"p0", "p1", "p2", "p3"}


MUST_FOLLOW = "A player holding a card of the suit led must play a card of that suit."
"""The statement of felagsvist.play.must-follow, which check and explain print under the id."""


@pytest.mark.rule("felagsvist.play.must-follow")
def test_acceptance_a_revoke_gives_exit_1_with_the_step_actor_card_and_rule() -> None:
    record = str(DISPUTED / "revoke.toml")
    done = run_cardrules("check", record)
    assert done.returncode == 1, done.stderr
    line = done.stdout.splitlines()[1]
    assert line.startswith("step 37: p0 play 7H is illegal: ")
    assert "7♥" in line and line.endswith("[felagsvist.play.must-follow]")
    assert "stopped at step 37: 38 of 624 steps checked" in done.stdout
    assert done.stdout.splitlines()[-1] == "result: 1 finding"

    as_json = run_cardrules("check", "--json", record)
    assert as_json.returncode == 1
    data = json.loads(as_json.stdout)
    assert set(data) == REPORT_FIELDS and data["ok"] is False
    assert data["checked"] == 38  # a count: steps 0 to 37
    (violation,) = data["violations"]
    assert set(violation) == VIOLATION_FIELDS
    assert violation["step"] == 37 and violation["actor"] == "p0" and violation["action"] == "p0 play 7H"
    assert violation["verdict"] == {
        "legal": False,
        "rule_ids": ["felagsvist.play.must-follow"],
        "reason": "diamonds were led and p0 holds 2♦ 10♦, so 7♥ fails to follow suit",
        "statements": {"felagsvist.play.must-follow": MUST_FOLLOW},
    }
    assert violation["message"] == line
    # the text report states the rule under its id, so the reader need not look it up
    assert done.stdout.splitlines()[2] == (f"  felagsvist.play.must-follow: {MUST_FOLLOW}")


@pytest.mark.rule("common.turn.player-to-act")
def test_check_lenient_goes_on_after_an_illegal_step() -> None:
    # p2 played out of turn at step 5; skipped, the record goes on legally: p0, p1, then p2 again.
    done = run_cardrules("check", "--lenient", "--json", str(DISPUTED / "out-of-turn.toml"))
    assert done.returncode == 1
    data = json.loads(done.stdout)
    assert data["mode"] == "lenient" and data["checked"] == data["steps"] == 9
    assert [(v["step"], v["verdict"]["rule_ids"], v["handling"]) for v in data["violations"]] == [
        (5, ["common.turn.player-to-act"], "set-aside")
    ]
    assert data["stop_reason"] is None
    played_on = str(DISPUTED / "revoke-played-on.toml")
    revoke = json.loads(run_cardrules("check", "--lenient", "--json", played_on).stdout)
    assert revoke["checked"] == 624 and revoke["finished"] and revoke["claims_match"] is True
    assert [(v["step"], v["handling"]) for v in revoke["violations"]] == [(37, "played")]
    strict = json.loads(run_cardrules("check", "--json", played_on).stdout)
    assert strict["checked"] == 38 and strict["stop_reason"] == "strict mode stops at the first illegal step"
    assert strict["violations"][0]["handling"] == "stop"


@pytest.mark.rule("felagsvist.score.totals")
def test_check_of_a_wrong_claimed_score_exits_1_naming_the_seats() -> None:
    record = str(DISPUTED / "claimed-score-off-by-one.toml")
    done = run_cardrules("check", record)
    assert done.returncode == 1
    assert "claimed scores differ: p0 claimed 69 but scored 68; p2 claimed 69 but scored 68" in done.stdout
    data = json.loads(run_cardrules("check", "--json", record).stdout)
    assert data["violations"] == [] and data["claims_match"] is False
    assert data["mismatched_seats"] == ["p0", "p2"]


# The text report, whole: the commands above run in a child process, these in this one.

OUT_OF_TURN_STEP: Final = (
    "step 5: p2 play 7S is illegal: it is p0's turn, not p2's [common.turn.player-to-act]",
    "  common.turn.player-to-act: Only the player to act may act; an action by any other seat is illegal "
    "and leaves the state as it was.",
    "  comment: p2 played before p0, whose turn it was",
)
"""The lines of the out-of-turn record's illegal step, in either mode."""


def test_the_report_of_a_strict_check_that_stopped_says_where_and_the_scores_so_far() -> None:
    report = check(load(DISPUTED / "out-of-turn.toml"))
    assert format_report(report, "out-of-turn.toml").splitlines() == [
        "out-of-turn.toml: felagsvist, 9 steps, strict check",
        *OUT_OF_TURN_STEP,
        "stopped at step 5: 6 of 9 steps checked (strict mode stops at the first illegal step)",
        "the game did not reach its end; scores so far: p0 0, p1 0, p2 0, p3 0",
        "result: 1 finding",
    ]


def test_the_report_of_a_strict_check_that_stopped_leaves_the_claims_uncompared() -> None:
    report = check(load(DISPUTED / "revoke-played-on.toml"))
    assert report.claimed_scores and not report.claims_compared
    assert format_report(report).splitlines()[-4:] == [
        "stopped at step 37: 38 of 624 steps checked (strict mode stops at the first illegal step)",
        "the game did not reach its end; scores so far: p0 0, p1 0, p2 0, p3 0",
        "claimed scores not compared: the check stopped early",
        "result: 1 finding",
    ]


def test_the_report_of_a_lenient_check_that_went_to_the_last_step_says_no_stop() -> None:
    report = check(load(DISPUTED / "out-of-turn.toml"), "lenient")
    assert report.checked == report.steps == 9
    assert format_report(report).splitlines() == [
        "felagsvist, 9 steps, lenient check",
        *OUT_OF_TURN_STEP,
        "  cannot be played as recorded: set aside, as the record goes on without it",
        "the game did not reach its end; scores so far: p0 0, p1 0, p2 0, p3 0",
        "result: 1 finding",
    ]


def test_the_report_of_a_complete_legal_game_gives_the_final_scores_and_the_claims() -> None:
    report = check(load(EXAMPLES / "felagsvist-complete.toml"))
    assert format_report(report).splitlines() == [
        "felagsvist, 624 steps, strict check",
        "all 624 steps are legal",
        "the game reached its end; final scores: p0 77, p1 79, p2 77, p3 79",
        "claimed scores match: p0 77, p1 79, p2 77, p3 79",
        "result: ok",
    ]


@pytest.mark.parametrize(
    ("claims", "claim_lines", "result"),
    [
        ({}, [], "result: ok"),
        ({0: 0, 1: 0, 2: 0, 3: 0}, ["claimed scores match: p0 0, p1 0, p2 0, p3 0"], "result: ok"),
        (
            {0: 0, 1: 5, 3: 2},
            ["claimed scores differ: p1 claimed 5 but scored 0; p3 claimed 2 but scored 0"],
            "result: 1 finding",
        ),
    ],
)
def test_the_report_of_an_unfinished_legal_game_gives_the_scores_so_far_and_the_claims(
    claims: dict[int, int], claim_lines: list[str], result: str
) -> None:
    game = get_game("felagsvist")
    state = game.new_game(seed=1)
    actions = []
    for _ in range(3):
        actions.append(state.legal_actions()[0])
        state = state.apply(actions[-1])
    first = record_of(game, game.new_game(seed=1).apply(actions[0]), actions[:1])
    assert format_report(check(first)).splitlines()[:2] == [
        "felagsvist, 1 step, strict check",
        "its one step is legal",
    ]
    record = record_of(game, state, actions, claimed_scores=claims)
    for mode in ("strict", "lenient"):
        assert format_report(check(record, mode), "short.toml").splitlines() == [
            f"short.toml: felagsvist, 3 steps, {mode} check",
            "all 3 steps are legal",
            "the game did not reach its end; scores so far: p0 0, p1 0, p2 0, p3 0",
            *claim_lines,
            result,
        ]


def test_check_reads_standard_input() -> None:
    text = (DISPUTED / "card-already-played.toml").read_bytes()
    done = run_cardrules("check", "-", stdin=text)
    assert done.returncode == 1
    assert done.stdout.startswith("-: felagsvist, 9 steps, strict check")
    assert "step 6: p3 play 6S is illegal: p3 does not hold 6♠ [common.cards.held]" in done.stdout


@pytest.mark.parametrize(
    ("content", "needle"),
    [
        ('format = 1\ngame = "felagsvist\n', "line 2, column 19: not valid TOML"),
        ("format = 1\ngame = 3\n", "game: must be a string, not a whole number"),
        ('{"format": 1, "game": "chess"', "line 1, column 30: not valid JSON"),
        ("GAME_CHESS", "game: no game called 'chess'"),
        ("OPTION", "options.colour: felagsvist has no option 'colour'"),
        ("CARD", "deals[0]: card 1 'XX'"),
        ("PERMUTATION", "[common.deal.permutation]"),
        ("SEAT", "actions[0]: step 0: 'p7 play JD' names p7"),
        ("TRUNCATED", "cut short"),
    ],
)
def test_check_of_a_malformed_record_is_one_line_and_exit_2(
    tmp_path: Path, content: str, needle: str
) -> None:
    small = (DISPUTED / "out-of-turn.toml").read_text(encoding="utf-8")
    replacements = {
        "GAME_CHESS": small.replace('game = "felagsvist"', 'game = "chess"'),
        "OPTION": small.replace('scoring = "per-trick"', 'colour = "red"'),
        "CARD": small.replace('"QC 9D', '"XX 9D'),
        "PERMUTATION": small.replace('"QC 9D', '"9D 9D'),
        "SEAT": small.replace('"p3 play JD"', '"p7 play JD"'),
        "TRUNCATED": small[: len(small) // 2],
    }
    path = tmp_path / "record.toml"
    path.write_text(replacements.get(content, content), encoding="utf-8")
    _bad_input(run_cardrules("check", str(path)), needle)


def test_check_of_a_missing_file_is_one_line_and_exit_2(tmp_path: Path) -> None:
    _bad_input(run_cardrules("check", str(tmp_path / "nothing.toml")), "No such file")


def test_check_of_a_huge_file_is_one_line_and_exit_2(tmp_path: Path) -> None:
    path = tmp_path / "huge.toml"
    path.write_bytes(b"#" * (MAX_RECORD_SIZE + 1))
    _bad_input(run_cardrules("check", str(path)), "larger than the limit")


def test_check_of_bytes_that_are_not_text_is_one_line_and_exit_2(tmp_path: Path) -> None:
    path = tmp_path / "binary.toml"
    path.write_bytes(b"format = 1\n\xff\xfe\x00")
    _bad_input(run_cardrules("check", str(path)), "line 2, column 1: the record is not UTF-8 text")


def test_check_without_a_record_is_a_usage_error() -> None:
    done = run_cardrules("check")
    assert done.returncode == 2 and len(done.stderr.strip().splitlines()) == 1


# -- explain --------------------------------------------------------------------------------------


@pytest.mark.rule("felagsvist.play.must-follow")
def test_explain_shows_what_the_actor_saw_what_was_legal_and_the_verdict() -> None:
    done = run_cardrules("explain", str(DISPUTED / "revoke.toml"), "--step", "37")
    assert done.returncode == 1, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == "step 37 (steps 0 to 623): p0 play 7H"
    assert "before step 37, as p0 saw it (p0 was to act):" in lines
    assert "  hand: 2♦ 10♦ 7♥ 10♠" in lines and "  trick: p3 A♦" in lines
    assert "legal actions: p0 play 2D, p0 play TD" in lines
    assert lines[-3].startswith("verdict: illegal: diamonds were led") and lines[-3].endswith(
        "[felagsvist.play.must-follow]"
    )
    # the rule's statement under its id, then the position to pose the dispute again
    assert lines[-2] == (f"  felagsvist.play.must-follow: {MUST_FOLLOW}")
    assert lines[-1].startswith("position: felagsvist ; options ") and "; plays " in lines[-1]
    position = lines[-1].removeprefix("position: ")
    judged = run_cardrules("judge", position, "p0 play 7H")
    assert judged.returncode == 1 and judged.stdout.splitlines()[0].endswith("[felagsvist.play.must-follow]")
    assert run_cardrules("judge", position, "p0 play 2D").returncode == 0


@pytest.mark.rule("felagsvist.play.lead-any")
def test_explain_of_a_legal_step_exits_0() -> None:
    # Step 0 is the first action, explained in the initial state.
    done = run_cardrules("explain", str(EXAMPLES / "felagsvist-complete.toml"), "--step", "0")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("step 0 (steps 0 to 623): p2 play 7H\n")
    assert "before step 0, as p2 saw it (p2 was to act):" in done.stdout
    assert "  cards held: p0:13 p1:13 p2:13 p3:13" in done.stdout  # nobody has played yet
    assert done.stdout.splitlines()[-3].endswith("[felagsvist.play.lead-any]")
    assert "comment: deal 1 is Hearts" in done.stdout


@pytest.mark.parametrize("step", ["9", "10", "-1"])
def test_explain_of_a_step_outside_the_record_is_exit_2(step: str) -> None:
    done = run_cardrules("explain", str(DISPUTED / "out-of-turn.toml"), "--step", step)
    _bad_input(done, "steps are 0 to 8")


def test_explain_of_the_last_step_is_in_the_record() -> None:
    done = run_cardrules("explain", str(DISPUTED / "out-of-turn.toml"), "--step", "8")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == "step 8 (steps 0 to 8): p2 play 7S"
    assert lines[1] == "note: earlier illegal steps were skipped on the way: 5"


def test_explain_needs_a_step() -> None:
    done = run_cardrules("explain", str(DISPUTED / "out-of-turn.toml"))
    assert done.returncode == 2 and "--step" in done.stderr and len(done.stderr.strip().splitlines()) == 1


# -- simulate --record-dir --------------------------------------------------------------------------


def test_simulate_writes_one_canonical_record_per_game(tmp_path: Path) -> None:
    out = tmp_path / "records"
    done = run_cardrules("simulate", "felagsvist", "--games", "3", "--seed", "40", "--record-dir", str(out))
    assert done.returncode == 0, done.stderr
    assert f"3 records written to {out}" in done.stdout
    names = sorted(path.name for path in out.iterdir())
    assert names == ["felagsvist-seed40.toml", "felagsvist-seed41.toml", "felagsvist-seed42.toml"]
    means = [float(line.split()[1]) for line in done.stdout.splitlines() if line.startswith("p0 ")]
    finals = []
    for name in names:
        record = load(out / name)
        assert dumps(record) == (out / name).read_text(encoding="utf-8")
        report = check(record)
        assert report.ok and report.finished and report.claims_match is True
        finals.append(report.scores[0])
    assert means == [pytest.approx(sum(finals) / 3, abs=0.01)]


def test_simulate_records_the_same_games_as_without_records(tmp_path: Path) -> None:
    plain = run_cardrules("simulate", "felagsvist", "--games", "2", "--seed", "5")
    recorded = run_cardrules(
        "simulate", "felagsvist", "--games", "2", "--seed", "5", "--record-dir", str(tmp_path)
    )
    assert plain.stdout.splitlines()[:6] == recorded.stdout.splitlines()[:6]


def test_simulate_into_a_directory_that_cannot_be_made_is_exit_2(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a directory", encoding="utf-8")
    done = run_cardrules("simulate", "felagsvist", "--games", "1", "--record-dir", str(blocker / "sub"))
    _bad_input(done, str(blocker / "sub"))


def test_check_takes_many_records_and_directories_with_a_summary(tmp_path: Path) -> None:
    # what simulate --record-dir writes is checked in one call; a broken file is one line, the rest go on
    written = run_cardrules("simulate", "calabresella", "--games", "3", "--record-dir", str(tmp_path))
    assert written.returncode == 0, written.stderr
    done = run_cardrules("check", str(tmp_path))
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-1] == "3 records: 3 ok, 0 with findings, 0 unreadable"
    (tmp_path / "broken.toml").write_text("format = 1\n", encoding="utf-8")
    disputed = str(DISPUTED / "revoke.toml")
    mixed = run_cardrules("check", str(tmp_path), disputed)
    assert mixed.returncode == 2  # an unreadable record is bad input, whatever the others hold
    broken = f"{tmp_path / 'broken.toml'}: unreadable: "
    assert any(line.startswith(broken) for line in mixed.stdout.splitlines())
    assert mixed.stdout.splitlines()[-1] == "5 records: 3 ok, 1 with findings, 1 unreadable"
    (tmp_path / "broken.toml").unlink()
    lines = run_cardrules("check", "--json", str(tmp_path), disputed)
    assert lines.returncode == 1  # a finding, nothing unreadable
    rows = [json.loads(line) for line in lines.stdout.splitlines()]  # JSON Lines, one report a line
    assert [row["ok"] for row in rows] == [True, True, True, False]
    assert lines.stderr.strip() == "4 records: 3 ok, 1 with findings, 0 unreadable"
