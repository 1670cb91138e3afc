"""``cardrules claim`` and ``cardrules analyse`` on the claim records of ``tests/records/``.

``felagsvist-claim.toml`` starts four tricks from the end of a deal in which
North-South can take all four; ``fildinski-claim.toml`` starts four tricks
from the end of a deal in which p0 can score 30 more points.
"""

from __future__ import annotations

import json
from typing import Final

import pytest

import cardrules
from cardrules.records import load
from tests.support.cli import run_cardrules

FELAGSVIST: Final = "tests/records/felagsvist-claim.toml"
FILDINSKI: Final = "tests/records/fildinski-claim.toml"


def test_a_felagsvist_claim_that_holds_exits_0() -> None:
    done = run_cardrules("claim", FELAGSVIST, "--step", "0", "--by", "NS", "--tricks", "4")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("claim holds: p0, p2 claim 4 tricks from here (best play makes 4)")


def test_a_refuted_felagsvist_claim_exits_1_and_prints_a_legal_line() -> None:
    done = run_cardrules("claim", FELAGSVIST, "--step", "0", "--by", "EW", "--tricks", "1")
    assert done.returncode == 1, done.stderr
    assert "claim fails" in done.stdout and "best play against them makes 0" in done.stdout
    line = [row.strip() for row in done.stdout.split("refutation:\n")[1].splitlines()]
    state = cardrules.from_position(load(FELAGSVIST).position or "")
    for text in line:
        state = state.apply(text)  # every step of the refutation is legal
    assert len(line) >= 1


def test_a_fildinski_endgame_claim_holds_and_then_fails_with_json() -> None:
    held = run_cardrules("claim", FILDINSKI, "--step", "0", "--by", "p0", "--points", "30", "--json")
    assert held.returncode == 0, held.stderr
    assert json.loads(held.stdout)["holds"] is True
    failed = run_cardrules("claim", FILDINSKI, "--step", "0", "--by", "0", "--points", "40", "--json")
    assert failed.returncode == 1, failed.stderr
    data = json.loads(failed.stdout)
    assert data["holds"] is False and data["best"] == 30 and data["refutation"]


def test_claim_on_a_position_text_and_bad_input() -> None:
    position = load(FELAGSVIST).position or ""
    done = run_cardrules("claim", position, "--by", "N", "--tricks", "4")
    assert done.returncode == 0, done.stderr
    wrong_unit = run_cardrules("claim", position, "--by", "N", "--points", "4")
    assert wrong_unit.returncode == 2 and "counts tricks, not points" in wrong_unit.stderr
    assert len(wrong_unit.stderr.strip().splitlines()) == 1
    bad_step = run_cardrules("claim", FELAGSVIST, "--step", "9", "--by", "N", "--tricks", "1")
    assert bad_step.returncode == 2 and "--step" in bad_step.stderr


def test_analyse_prints_every_legal_action_with_its_value() -> None:
    done = run_cardrules("analyse", FILDINSKI, "--step", "0")
    assert done.returncode == 0, done.stderr
    state = cardrules.from_position(load(FILDINSKI).position or "")
    assert done.stdout.startswith("p1 to act; best play makes")
    rows = done.stdout.splitlines()[1:]
    assert [row.split()[0] + " " + row.split()[1] + " " + row.split()[2] for row in rows] == [
        str(action) for action in state.legal_actions()
    ]
    as_json = json.loads(run_cardrules("analyse", FILDINSKI, "--step", "0", "--json").stdout)
    assert [item["action"] for item in as_json["actions"]] == [str(a) for a in state.legal_actions()]
    assert max(item["value"] for item in as_json["actions"]) == as_json["value"]


CALABRESELLA: Final = (
    "calabresella ; deal 1 dealer p2 ; hands 3C 3D JD / 4C 5C QD / 6C 7C 4D ; "
    "monte KD 7D 6D 5D ; dealt-monte KD 7D 6D 5D ; calls p0 solissimo ; raise none ; "
    "tricks p0 3S JS 5S / p0 2S 7S 4S / p0 AS 6S QC / p0 KS 2C JC / p0 QS AC 2D / "
    "p0 3H QH 6H / p0 2H JH 5H / p0 AH 7H 4H / p0 KH KC AD ; trick p0"
)
"""Calabresella, p0 in Solissimo with the first nine tricks, to lead 3C, 3D or JD: leading the JD
into p1's lone QD gives up 2 thirds but makes stramazzo, 9 from each opponent, where taking every
trick is cappotto, 6 from each."""


def test_a_calabresella_score_claim_counts_stramazzo() -> None:
    done = run_cardrules("claim", CALABRESELLA, "--by", "p0", "--score", "18")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("claim holds: p0 claim a score of at least 18 for the hand")
    refuted = run_cardrules("claim", CALABRESELLA, "--by", "p1", "--score", "-6", "--json")
    assert refuted.returncode == 1, refuted.stderr
    data = json.loads(refuted.stdout)
    assert data["unit"] == "score" and data["best"] == -9 and data["refutation"][0] == "p0 play JD"
    thirds = run_cardrules("claim", CALABRESELLA, "--by", "p0", "--points", "8")
    assert thirds.returncode == 0 and "8 points from here" in thirds.stdout


def test_analyse_by_score_and_a_unit_the_game_does_not_count() -> None:
    done = run_cardrules("analyse", CALABRESELLA, "--unit", "score")
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [
        "p0 to act; best play makes a score of 18 for p0",
        "  p0 play 3C   12  loses 6",
        "  p0 play 3D   12  loses 6",
        "  p0 play JD   18  best",
    ]
    by_thirds = json.loads(run_cardrules("analyse", CALABRESELLA, "--json").stdout)
    assert [item["loss"] for item in by_thirds["actions"]] == [0, 0, 2]
    wrong = run_cardrules("analyse", CALABRESELLA, "--unit", "tricks")
    assert wrong.returncode == 2 and "counts points or score, not tricks" in wrong.stderr
    position = load(FELAGSVIST).position or ""
    no_score = run_cardrules("claim", position, "--by", "N", "--score", "1")
    assert no_score.returncode == 2 and "counts tricks, not score" in no_score.stderr
    assert len(no_score.stderr.strip().splitlines()) == 1


# -- hostile claimers and amounts, and the default time limit (issue 32) ---------------------------


@pytest.mark.parametrize("by", ["²", "1" * 5000, "٣", "p٣", "0" * 50 + "1"])
def test_a_claimer_that_is_no_seat_is_one_line_and_exit_2(by: str) -> None:
    done = run_cardrules("claim", FELAGSVIST, "--step", "0", "--by", by, "--tricks", "4")
    assert done.returncode == 2, (done.stdout, done.stderr)
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "is not a claimer here" in lines[0], done.stderr
    assert len(lines[0]) < 300


@pytest.mark.parametrize(
    "option",
    [
        ("--tricks", "٤"),
        ("--tricks", "²"),
        ("--max-nodes", "1" * 5000),
        ("--step", "٠"),
        ("--deadline", "٣"),
        ("--deadline", "nan"),
        ("--deadline", "-1"),
    ],
)
def test_claim_numbers_are_read_in_ascii_digits_only(option: tuple[str, str]) -> None:
    args = {"--step": "0", "--tricks": "4", "--by": "NS"} | dict([option])
    flat = [item for pair in args.items() for item in pair]
    done = run_cardrules("claim", FELAGSVIST, *flat)
    assert done.returncode == 2, (done.stdout, done.stderr)
    assert len(done.stderr.strip().splitlines()) == 1 and option[0] in done.stderr, done.stderr


def _whole_deal() -> str:
    return cardrules.get_game("felagsvist").new_game(seed=5).position()


def test_claim_and_analyse_have_a_default_time_limit_that_says_how_to_lift_it(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from cardrules.cli import claims, main

    assert claims.DEFAULT_SECONDS == 60
    monkeypatch.setattr(claims, "DEFAULT_SECONDS", 0.05)  # the limit itself, made short to run
    position = _whole_deal()
    for args in (["claim", position, "--by", "NS", "--tricks", "13"], ["analyse", position]):
        assert main(args) == 2
        err = capsys.readouterr().err.strip().splitlines()
        assert len(err) == 1, err
        assert "default limit of 0.05 seconds" in err[0] and "--deadline 0" in err[0], err[0]


def test_deadline_0_lifts_the_time_limit_and_leaves_the_node_budget(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from cardrules.cli import claims, main

    monkeypatch.setattr(claims, "DEFAULT_SECONDS", 0.05)
    assert main(["analyse", _whole_deal(), "--deadline", "0", "--max-nodes", "20000"]) == 2
    err = capsys.readouterr().err
    assert "max_nodes=20000" in err and "--max-nodes" in err and "default limit" not in err, err


def test_the_help_says_what_the_default_budget_is() -> None:
    for command in ("claim", "analyse"):
        done = run_cardrules(command, "--help")
        text = " ".join(done.stdout.split())
        assert "default 60;" in text and "default 20,000,000" in text, text
