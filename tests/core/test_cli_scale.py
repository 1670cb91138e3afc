"""The command line's habits at scale: ``--jobs``, JSON Lines in and out, progress, Ctrl-C, help, typos.

Every command runs in a subprocess, as a user runs it. Progress lines are
asked for with a tiny ``--progress`` interval, so that they appear whatever
the speed of the machine (no test here waits on the clock).
"""

from __future__ import annotations

import argparse
import json
import re
import signal
import subprocess
import sys
from pathlib import Path
from typing import Final

import pytest

from cardrules.cli import _parser
from cardrules.records import jsonl_line
from cardrules.study import simulate
from tests.support.cli import run_cardrules

TESTS: Final = Path(__file__).resolve().parents[1]
REVOKE: Final = str(TESTS / "felagsvist" / "records" / "revoke.toml")
PROGRESS_LINE: Final = re.compile(
    r"^cardrules check: (\d+)/(\d+) records, [\d.]+ records/s, about \d+ s left$", re.MULTILINE
)


@pytest.fixture(scope="module")
def record_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Twelve Calabresella records as ``simulate --record-dir`` writes them."""
    folder = tmp_path_factory.mktemp("records")
    done = run_cardrules("simulate", "calabresella", "--games", "12", "--record-dir", str(folder))
    assert done.returncode == 0, done.stderr
    return folder


def _jsonl(count: int) -> str:
    lines = []
    for result in simulate("calabresella", {}, range(count), keep_records=True):
        assert result.record is not None
        lines.append(jsonl_line(result.record))
    return "".join(line + "\n" for line in lines)


def test_check_with_two_jobs_prints_the_same_json_lines_and_summary_as_with_one(record_dir: Path) -> None:
    one = run_cardrules("check", str(record_dir), "--json")
    two = run_cardrules("check", str(record_dir), "--jobs", "2", "--json")
    assert one.returncode == two.returncode == 0, two.stderr
    assert two.stdout == one.stdout
    rows = [json.loads(line) for line in two.stdout.splitlines()]
    assert len(rows) == 12 and all(row["ok"] and row["finished"] for row in rows)
    assert [row["record"] for row in rows] == sorted(str(path) for path in record_dir.iterdir())
    assert two.stderr.splitlines()[-1] == "12 records: 12 ok, 0 with findings, 0 unreadable"


def test_check_with_jobs_exits_with_the_worst_status(record_dir: Path, tmp_path: Path) -> None:
    broken = tmp_path / "broken.toml"
    broken.write_text("format = 1\n", encoding="utf-8")
    finding = run_cardrules("check", str(record_dir), REVOKE, "--jobs", "2")
    assert finding.returncode == 1
    lines = finding.stdout.splitlines()
    assert len(lines) == 14 and lines[-1] == "13 records: 12 ok, 1 with findings, 0 unreadable"
    assert lines[12].startswith(f"{REVOKE}: 1 finding (felagsvist, 624 steps, not finished): step 37: ")
    assert all(re.search(r": ok \(calabresella, \d+ steps, finished\)$", line) for line in lines[:12])
    worst = run_cardrules("check", REVOKE, str(broken), str(record_dir), "--jobs", "2")
    assert worst.returncode == 2
    assert worst.stdout.splitlines()[1].startswith(f"{broken}: unreadable: ")
    assert worst.stdout.splitlines()[-1] == "14 records: 12 ok, 1 with findings, 1 unreadable"


def test_check_reads_json_lines_from_a_file_and_from_standard_input(tmp_path: Path) -> None:
    games = tmp_path / "games.jsonl"
    games.write_text(_jsonl(5) + "\n" + '{"format": 1}\n', encoding="utf-8")
    from_file = run_cardrules("check", str(games), "--jobs", "2")
    assert from_file.returncode == 2
    lines = from_file.stdout.splitlines()
    assert [line.split(": ")[0] for line in lines[:-1]] == [f"{games}:{n}" for n in (1, 2, 3, 4, 5, 7)]
    assert lines[-1] == "6 records: 5 ok, 0 with findings, 1 unreadable"
    from_stdin = run_cardrules("check", "-", "--json", stdin=_jsonl(5).encode("utf-8"))
    assert from_stdin.returncode == 0, from_stdin.stderr
    rows = [json.loads(line) for line in from_stdin.stdout.splitlines()]
    assert [row["record"] for row in rows] == [f"<stdin>:{n}" for n in range(1, 6)]
    # one record's document on standard input is still one record, with its whole report
    one = run_cardrules("check", "-", stdin=Path(REVOKE).read_bytes())
    assert one.returncode == 1 and "felagsvist.play.must-follow:" in one.stdout


def test_a_directory_of_json_lines_files_is_checked_too(tmp_path: Path) -> None:
    (tmp_path / "a.jsonl").write_text(_jsonl(2), encoding="utf-8")
    (tmp_path / "notes.txt").write_text("not a record", encoding="utf-8")
    done = run_cardrules("check", str(tmp_path))
    assert (
        done.returncode == 0
        and done.stdout.splitlines()[-1] == "2 records: 2 ok, 0 with findings, 0 unreadable"
    )


def test_check_writes_progress_lines_with_the_count_the_rate_and_the_time_left(record_dir: Path) -> None:
    done = run_cardrules("check", str(record_dir), "--progress", "0.000001", "--json")
    assert done.returncode == 0
    counts = [int(match.group(1)) for match in PROGRESS_LINE.finditer(done.stderr)]
    assert counts and counts == sorted(counts) and max(counts) <= 12
    assert all(match.group(2) == "12" for match in PROGRESS_LINE.finditer(done.stderr))
    quiet = run_cardrules("check", str(record_dir), "--progress", "0", "--json")
    assert quiet.stderr == "12 records: 12 ok, 0 with findings, 0 unreadable\n"


def test_ctrl_c_during_check_prints_the_summary_of_the_records_checked() -> None:
    command = [sys.executable, "-m", "cardrules.cli", "check", "-", "--progress", "0.000001"]
    running = subprocess.Popen(
        command,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        encoding="utf-8",
        # a suite started in the background by a shell ignores Ctrl-C, and a child would inherit that
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    assert running.stdin is not None and running.stderr is not None
    running.stdin.write(_jsonl(20))  # one batch of 16 is checked; then check waits for more input
    running.stdin.flush()
    seen = ""
    while "cardrules check: 16 records" not in seen:
        line = running.stderr.readline()
        assert line, seen
        seen += line
    running.send_signal(signal.SIGINT)
    out, err = running.communicate(timeout=60)
    assert running.returncode == 130 and "Traceback" not in err
    assert "cardrules check: interrupted after 16 records" in err
    assert out.splitlines()[-1] == "16 records: 16 ok, 0 with findings, 0 unreadable"


def test_simulate_with_two_jobs_plays_the_same_games() -> None:
    one = run_cardrules("simulate", "fildinski", "--games", "6", "--json")
    two = run_cardrules("simulate", "fildinski", "--games", "6", "--json", "--jobs", "2")
    assert one.returncode == two.returncode == 0, two.stderr
    assert two.stdout == one.stdout
    games = [json.loads(line) for line in two.stdout.splitlines()]
    assert [game["seed"] for game in games] == list(range(6))
    assert set(games[0]) == {"game", "seed", "steps", "scores", "winners", "tie", "rule", "reason"}
    # the summary table goes to standard error with --json, the same table either way
    assert two.stderr.splitlines()[:4] == one.stderr.splitlines()[:4]
    assert two.stderr.startswith("6 random legal games of fildinski (seed 0; ")


def test_a_simulated_game_depends_on_its_seed_alone() -> None:
    four = run_cardrules("simulate", "calabresella", "--games", "4", "--json").stdout.splitlines()
    third = run_cardrules("simulate", "calabresella", "--games", "1", "--seed", "2", "--json").stdout
    assert third.splitlines() == [four[2]]


def test_simulate_writes_progress_lines_without_a_terminal() -> None:
    done = run_cardrules("simulate", "calabresella", "--games", "5", "--progress", "0.000001")
    assert done.returncode == 0
    line = re.compile(r"^cardrules simulate: (\d)/5 games, [\d.]+ games/s, about \d+ s left$", re.MULTILINE)
    assert [int(match.group(1)) for match in line.finditer(done.stderr)] == [1, 2, 3, 4, 5]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("check", "x", "--jobs", "0"), "argument --jobs: takes a positive whole number, not '0'"),
        (("simulate", "felagsvist", "--jobs", "two"), "argument --jobs: takes a positive whole number"),
        (("check", "x", "--progress", "-1"), "argument --progress: takes a number of seconds, 0 or more"),
    ],
)
def test_bad_jobs_or_progress_is_a_one_line_usage_error(args: tuple[str, ...], message: str) -> None:
    done = run_cardrules(*args)
    assert done.returncode == 2 and len(done.stderr.strip().splitlines()) == 1
    assert message in done.stderr


@pytest.mark.parametrize(
    ("args", "suggestion"),
    [
        (("chek", "x.toml"), "invalid choice: 'chek' (did you mean 'check'?)"),
        (("simulat", "felagsvist"), "(did you mean 'simulate'?)"),
        (("rules", "felagsvst"), "invalid choice: 'felagsvst' (did you mean 'felagsvist'?)"),
        (("options", "backstab-fish"), "(did you mean 'backstab_fish'?)"),
    ],
)
def test_a_mistyped_subcommand_or_game_gets_a_suggestion(args: tuple[str, ...], suggestion: str) -> None:
    done = run_cardrules(*args)
    assert done.returncode == 2 and len(done.stderr.strip().splitlines()) == 1
    assert suggestion in done.stderr and done.stdout == ""


def _subparsers(parser: argparse.ArgumentParser) -> list[tuple[str, argparse.ArgumentParser]]:
    found = [(parser.prog, parser)]
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for sub in action.choices.values():
                found += _subparsers(sub)
    return found


def test_every_argument_and_subcommand_has_help_text() -> None:
    missing = []
    for prog, parser in _subparsers(_parser()):
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                named = {choice.dest for choice in action._choices_actions if choice.help}
                missing += [f"{prog} {name}" for name in action.choices if name not in named]
            elif not action.help or action.help == argparse.SUPPRESS:
                missing.append(f"{prog} {'/'.join(action.option_strings) or action.dest}")
    assert not missing, f"arguments without help text: {missing}"


def test_every_subcommand_takes_json() -> None:
    lacking = [
        prog
        for prog, parser in _subparsers(_parser())
        if prog != "cardrules" and not any("--json" in action.option_strings for action in parser._actions)
    ]
    assert not lacking, f"subcommands without --json: {lacking}"


def test_json_of_rules_explain_position_and_judge() -> None:
    book = json.loads(run_cardrules("rules", "calabresella", "--json").stdout)
    assert {"id", "kind", "statement", "source", "options"} == set(book[0])
    rule = json.loads(run_cardrules("rules", "felagsvist", "felagsvist.play.must-follow", "--json").stdout)
    assert rule["id"] == "felagsvist.play.must-follow" and rule["kind"] == "legality"
    explained = run_cardrules("explain", REVOKE, "--step", "37", "--json")
    assert explained.returncode == 1
    data = json.loads(explained.stdout)
    assert data["step"] == 37 and data["actor"] == "p0" and data["action"] == "p0 play 7H"
    assert data["legal_actions"] == ["p0 play 2D", "p0 play TD"]
    assert data["verdict"]["rule_ids"] == ["felagsvist.play.must-follow"] and not data["verdict"]["legal"]
    position = json.loads(run_cardrules("position", REVOKE, "--step", "37", "--json").stdout)
    assert position["position"] == data["position"] and position["step"] == 37
    judged = run_cardrules("judge", data["position"], "p0 play 2D", "--json")
    assert judged.returncode == 0
    assert json.loads(judged.stdout)["legal"] is True
    refused = json.loads(run_cardrules("judge", data["position"], "p0 play 7H", "--json").stdout)
    assert refused["rule_ids"] == ["felagsvist.play.must-follow"] and refused["action"] == "p0 play 7H"
    assert "felagsvist.play.must-follow" in refused["statements"]


def test_json_of_the_conformance_commands(tmp_path: Path) -> None:
    kit = tmp_path / "kit"
    written = json.loads(
        run_cardrules("export-conformance", "calabresella", str(kit), "--cases", "3", "--json").stdout
    )
    assert written["cases"] == 3 and len(written["files"]) == 3 and written["game"] == "calabresella"
    replayed = run_cardrules("check-conformance", str(kit), "--json")
    assert replayed.returncode == 0
    assert json.loads(replayed.stdout) == {"directory": str(kit), "agrees": True, "differences": []}
