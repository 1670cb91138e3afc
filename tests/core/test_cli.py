"""The ``cardrules`` command, run as a user would: through a subprocess."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time

import pytest

from tests.support.cli import run_cardrules


def test_simulate_plays_complete_games_and_reports_throughput() -> None:
    done = run_cardrules("simulate", "felagsvist", "--games", "5", "--seed", "3")
    assert done.returncode == 0, done.stderr
    assert "5 random legal games of felagsvist" in done.stdout
    assert "games/s" in done.stdout
    rows = [line.split() for line in done.stdout.splitlines() if line.startswith("p")]
    means = [float(row[1]) for row in rows]
    assert len(means) == 4
    # Partners share a total, and per-trick totals add up to 156.
    assert means[0] == means[2] and means[1] == means[3]
    assert means[0] + means[1] == pytest.approx(156)


def test_simulate_counts_a_tie_apart_from_the_wins() -> None:
    # every game is won by one side or tied: wins of NS, wins of EW and ties add up to the games
    done = run_cardrules("simulate", "felagsvist", "--games", "60", "--seed", "1")
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[1].split() == ["seat", "mean", "min", "max", "wins", "ties"]
    rows = [line.split() for line in done.stdout.splitlines() if line.startswith("p")]
    wins = [int(row[4]) for row in rows]
    ties = {int(row[5]) for row in rows}
    assert wins[0] == wins[2] and wins[1] == wins[3] and len(ties) == 1
    assert wins[0] + wins[1] + ties.pop() == 60


def test_simulate_is_deterministic_for_a_seed() -> None:
    first = run_cardrules("simulate", "felagsvist", "--games", "3", "--seed", "9").stdout
    second = run_cardrules("simulate", "felagsvist", "--games", "3", "--seed", "9").stdout
    assert first.splitlines()[:6] == second.splitlines()[:6]


def test_simulate_takes_options() -> None:
    done = run_cardrules("simulate", "felagsvist", "--games", "2", "--option", "scoring=odd-tricks")
    assert done.returncode == 0, done.stderr
    assert "scoring=odd-tricks" in done.stdout


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (("simulate", "felagsvist", "--option", "scoring=bad"), "scoring"),
        (("simulate", "felagsvist", "--option", "colour=red"), "colour"),
        (("simulate", "felagsvist", "--option", "novalue"), "NAME=VALUE"),
        (("simulate", "felagsvist", "--option", "session=progressive"), "progressive"),
        (("simulate", "chess"), "chess"),
        (("rules", "felagsvist", "felagsvist.play.no-such-rule"), "no-such-rule"),
        (("simulate", "felagsvist", "--games", "0"), "--games"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(args: tuple[str, ...], needle: str) -> None:
    done = run_cardrules(*args)
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and needle in lines[0]
    assert "Traceback" not in done.stderr


def test_rules_prints_one_rule_with_its_fields() -> None:
    done = run_cardrules("rules", "felagsvist", "felagsvist.play.must-follow")
    assert done.returncode == 0
    assert done.stdout.startswith("felagsvist.play.must-follow\n")
    assert "kind: legality" in done.stdout and "source:" in done.stdout


def test_rules_lists_the_whole_book() -> None:
    done = run_cardrules("rules", "felagsvist")
    ids = [line.split()[0] for line in done.stdout.splitlines()]
    assert "felagsvist.trick.winner" in ids and "common.game.over" in ids
    assert len(ids) == 35


def test_python_dash_m_cardrules_is_the_command_and_says_its_version() -> None:
    import cardrules

    done = run_cardrules("--version", module="cardrules")
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == f"cardrules {cardrules.__version__}"
    rules = run_cardrules("rules", "felagsvist", module="cardrules")
    assert rules.returncode == 0 and "felagsvist.play.must-follow" in rules.stdout


def test_options_lists_every_option_with_its_default_values_and_rules() -> None:
    done = run_cardrules("options", "fildinski")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert "dix_exchange  (default from_hand)" in lines
    assert "  values: from_hand | from_trick" in lines
    assert "meld_in_endgame  (default false)" in lines
    as_json = run_cardrules("options", "felagsvist", "--json")
    names = [row["name"] for row in json.loads(as_json.stdout)]
    assert names == ["first_round", "first_dealer", "nolo_ace", "scoring", "tiebreak", "session"]


@pytest.mark.parametrize(
    ("args", "suggestion"),
    [
        (("simulate", "felagsvist", "--option", "scorng=odd-tricks"), "(did you mean 'scoring'?)"),
        (("simulate", "felagsvist", "--option", "scoring=odd-trick"), "(did you mean 'odd-tricks'?)"),
        (
            ("rules", "felagsvist", "felagsvist.play." + "must-folow"),
            "(did you mean 'felagsvist.play.must-follow'?)",
        ),
    ],
)
def test_a_typo_gets_a_suggestion_in_one_line(args: tuple[str, ...], suggestion: str) -> None:
    done = run_cardrules(*args)
    assert done.returncode == 2 and len(done.stderr.strip().splitlines()) == 1
    assert suggestion in done.stderr


def test_explain_summarises_a_long_legal_set() -> None:
    done = run_cardrules("explain", "tests/records/backstab_fish-dispute.toml", "--step", "0")
    (line,) = [line for line in done.stdout.splitlines() if line.startswith("legal actions: ")]
    assert line.endswith(" in all)") and ", ... and " in line and line.count(", ") == 20


def test_ctrl_c_during_simulate_prints_the_summary_of_the_games_played() -> None:
    command = [sys.executable, "-m", "cardrules.cli", "simulate", "felagsvist", "--games", "1000000"]
    running = subprocess.Popen(
        command,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        # Ctrl-C as at a terminal, even where this suite runs with SIGINT ignored (a background job)
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    time.sleep(3)  # well past start-up: games are being played
    running.send_signal(signal.SIGINT)
    out, err = running.communicate(timeout=60)
    assert running.returncode == 130 and "Traceback" not in err
    (line,) = [line for line in err.splitlines() if "interrupted after" in line]
    played = int(line.split("interrupted after ")[1].split()[0])
    assert played > 0 and out.startswith(f"{played} random legal games of felagsvist")
    assert "games/s" in out
