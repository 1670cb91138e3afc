"""The command line against hostile input: one line and exit 2, no hang, nothing raw on the terminal.

Regression tests for special files given as records, terminal control
sequences in a record's comment or names, option values that are not values,
strict ``--step`` reading, and SIGTERM during ``simulate --record-dir``.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Final

import pytest

from tests.support.cli import run_cardrules

TESTS: Final = Path(__file__).resolve().parents[1]
SMALL_PATH: Final = TESTS / "felagsvist" / "records" / "card-already-played.toml"
HOSTILE: Final = "\x1b[2J\x1b]0;owned\x07\u009b31m\x7f\x85"
"""Clear the screen, set the window title, a C1 CSI (U+009B), DEL and a C1 NEL."""
SIMULATE: Final = (sys.executable, "-m", "cardrules.cli", "simulate", "felagsvist", "--games", "100000")
RAW: Final = ("\x1b", "\x07", "\u009b", "\x7f", "\x85")


def _one_error_line(done: subprocess.CompletedProcess[str], needle: str = "") -> str:
    assert done.returncode == 2, (done.returncode, done.stdout, done.stderr)
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    assert needle in lines[0], lines[0]
    assert not any(char in done.stderr for char in RAW), repr(done.stderr)
    return lines[0]


def _hostile_record(tmp_path: Path) -> Path:
    text = SMALL_PATH.read_text(encoding="utf-8")
    escaped = json.dumps(HOSTILE)  # a TOML basic string takes JSON's escapes for these
    text = text.replace("p3 had already played 6S in trick 1", escaped[1:-1])
    text = text.replace('p0 = "", p1 = ""', f"p0 = {escaped}, p1 = {escaped}", 1)
    path = tmp_path / "hostile.toml"
    path.write_text(text, encoding="utf-8")
    return path


# -- special files ----------------------------------------------------------------------------


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_check_refuses_a_fifo_without_hanging(tmp_path: Path) -> None:
    fifo = tmp_path / "record.toml"
    os.mkfifo(fifo)
    _one_error_line(run_cardrules("check", str(fifo)), "FIFO")


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero here")
def test_check_refuses_dev_zero() -> None:
    _one_error_line(run_cardrules("check", "/dev/zero"), "character device")


def test_check_refuses_a_loop_of_links(tmp_path: Path) -> None:
    (tmp_path / "a.toml").symlink_to(tmp_path / "b.toml")
    (tmp_path / "b.toml").symlink_to(tmp_path / "a.toml")
    _one_error_line(run_cardrules("check", str(tmp_path / "a.toml")), "a.toml")


def test_check_refuses_a_long_dotted_key_quickly(tmp_path: Path) -> None:
    key = ".".join(f"k{i}" for i in range(32_000))
    text = SMALL_PATH.read_text(encoding="utf-8").replace("format = 1", f"format = 1\noptions.{key} = 1", 1)
    path = tmp_path / "dotted.toml"
    path.write_text(text, encoding="utf-8")
    line = _one_error_line(run_cardrules("check", str(path)), "dotted parts")
    assert len(line) < 300


def test_check_refuses_a_million_actions(tmp_path: Path) -> None:
    text = SMALL_PATH.read_text(encoding="utf-8")
    text = text[: text.index("actions = [")] + "actions = [\n" + '"p0 play 5H",\n' * 1_000_000 + "]\n"
    path = tmp_path / "million.toml"
    path.write_text(text, encoding="utf-8")
    _one_error_line(run_cardrules("check", str(path)), "limit of")


# -- terminal output --------------------------------------------------------------------------


def test_check_prints_no_control_characters_from_the_record(tmp_path: Path) -> None:
    path = _hostile_record(tmp_path)
    for args in (["check", str(path)], ["check", "--lenient", str(path)], ["check", str(path), str(path)]):
        done = run_cardrules(*args)
        assert done.returncode == 1, done.stderr
        assert not any(char in done.stdout for char in RAW), repr(done.stdout)
        if len(args) == 2 or "--lenient" in args:  # one record: its whole report, the comment shown escaped
            assert "\\x1b[2J" in done.stdout


def test_check_json_escapes_c1_too(tmp_path: Path) -> None:
    path = _hostile_record(tmp_path)
    one = run_cardrules("check", "--json", str(path))
    several = run_cardrules("check", "--json", str(path), str(path))
    for done in (one, several):
        assert not any(char in done.stdout for char in RAW), repr(done.stdout)
    reports = [json.loads(one.stdout), *(json.loads(line) for line in several.stdout.splitlines())]
    for report in reports:  # the JSON still carries the text itself
        assert report["violations"][0]["comment"] == HOSTILE


def test_explain_prints_no_control_characters_from_the_record(tmp_path: Path) -> None:
    done = run_cardrules("explain", str(_hostile_record(tmp_path)), "--step", "6")
    assert done.returncode == 1, done.stderr
    assert not any(char in done.stdout for char in RAW), repr(done.stdout)
    assert len(done.stdout.splitlines()) > 3  # multi-line by design, still


def test_position_and_judge_print_no_control_characters(tmp_path: Path) -> None:
    done = run_cardrules("position", str(_hostile_record(tmp_path)), "--step", "3")
    assert done.returncode == 0, done.stderr
    position = done.stdout.strip()
    judged = run_cardrules("judge", position, f"p1 play {HOSTILE}")
    assert not any(char in judged.stdout + judged.stderr for char in RAW), repr(judged.stdout + judged.stderr)


def test_an_error_message_prints_no_control_characters() -> None:
    _one_error_line(run_cardrules("check", f"no-such-{HOSTILE}.toml"), "no-such-")
    _one_error_line(run_cardrules("rules", f"chess{HOSTILE}"), "chess")
    _one_error_line(run_cardrules("judge", f"felagsvist{HOSTILE} ; x", "p0 play AS"))


# -- option values and steps --------------------------------------------------------------------


@pytest.mark.parametrize(
    "option", ["target_score=--10", "target_score=²0", "target_score=" + "1" * 5000, "target_score=٥"]
)
def test_simulate_with_an_option_that_is_no_number_is_one_line(option: str) -> None:
    line = _one_error_line(run_cardrules("simulate", "fildinski", "--games", "1", "--option", option))
    assert len(line) < 300


def test_a_record_with_an_option_that_is_no_number_is_one_line(tmp_path: Path) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(SMALL_PATH.read_text(encoding="utf-8").replace('"per-trick"', '"²0"'), encoding="utf-8")
    _one_error_line(run_cardrules("check", str(path)), "scoring")


@pytest.mark.parametrize("step", [" 3", "-0", "+3", "3.0", "٣", "1e3"])
def test_explain_refuses_a_step_that_is_not_a_count(step: str) -> None:
    _one_error_line(run_cardrules("explain", str(SMALL_PATH), "--step", step), "step")
    _one_error_line(run_cardrules("position", str(SMALL_PATH), "--step", step), "step")


def test_explain_of_step_minus_one_is_exit_2() -> None:
    _one_error_line(run_cardrules("explain", str(SMALL_PATH), "--step", "-1"), "steps are 0 to")


# -- interrupts ----------------------------------------------------------------------------------


@pytest.mark.skipif(sys.platform == "win32", reason="SIGTERM is not a signal there")
@pytest.mark.parametrize("attempt", range(3))
def test_sigterm_during_simulate_leaves_no_temporary_file(tmp_path: Path, attempt: int) -> None:
    folder = tmp_path / "records"
    process = subprocess.Popen(
        [*SIMULATE, "--record-dir", str(folder), "--seed", str(attempt)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and len(list(folder.glob("*.toml"))) < 2 + attempt:
            time.sleep(0.01)
        process.send_signal(signal.SIGTERM)
        _, err = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    assert process.returncode == 130, err
    assert "Traceback" not in err and "interrupted" in err, err
    assert [p.name for p in folder.iterdir() if p.name.endswith(".tmp")] == []
    assert all(p.read_text(encoding="utf-8").startswith("# A cardrules") for p in folder.iterdir())


# -- JSON Lines from special files and endless streams (issue 32) -----------------------------------


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_check_refuses_a_json_lines_fifo_without_hanging(tmp_path: Path) -> None:
    fifo = tmp_path / "games.jsonl"
    os.mkfifo(fifo)
    done = run_cardrules("check", str(fifo))
    assert done.returncode == 2, done.stderr
    assert done.stdout.splitlines() == [
        f"{fifo}: unreadable: document: a FIFO (named pipe), not a regular file: not read",
        "1 record: 0 ok, 0 with findings, 1 unreadable",
    ]


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero here")
def test_check_refuses_a_json_lines_link_to_dev_zero(tmp_path: Path) -> None:
    link = tmp_path / "zero.jsonl"
    link.symlink_to("/dev/zero")
    done = run_cardrules("check", str(link))
    assert done.returncode == 2 and "a character device, not a regular file" in done.stdout, done.stdout


def _endless_into_check(chunk: bytes, first: bytes = b"") -> subprocess.CompletedProcess[str]:
    """``cardrules check -`` fed ``first`` and then ``chunk`` over and over, with no end."""
    writer = (
        f"import sys\nout = sys.stdout.buffer\nout.write({first!r})\nwhile True:\n    out.write({chunk!r})"
    )
    producer = subprocess.Popen(
        [sys.executable, "-c", writer], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL
    )
    try:
        return subprocess.run(
            [sys.executable, "-m", "cardrules.cli", "check", "-"],
            stdin=producer.stdout,
            capture_output=True,
            text=True,
            encoding="utf-8",
            timeout=60,
            check=False,
        )
    finally:
        producer.kill()
        producer.wait()
        if producer.stdout is not None:
            producer.stdout.close()


@pytest.mark.parametrize(
    ("first", "chunk", "needle"),
    [
        (b'{"format": 1}\n', b"x" * 65536, "line 2: runs on past"),
        (b"", b" " * 65536, "blank space and no record"),
        (b"", b"{" * 65536, "larger than the limit"),
    ],
)
def test_check_of_an_endless_line_on_standard_input_ends_within_seconds(
    first: bytes, chunk: bytes, needle: str
) -> None:
    started = time.monotonic()
    done = _endless_into_check(chunk, first)
    assert time.monotonic() - started < 30
    assert done.returncode == 2, (done.stdout, done.stderr)
    assert "Traceback" not in done.stderr
    assert needle in done.stdout + done.stderr, (done.stdout, done.stderr)


# -- reports and bidirectional controls (issue 32) ------------------------------------------------

BIDI: Final = ("\u202e", "\u202d", "\u2066", "\u2067", "\u2068", "\u2069", "\u200f", "\u061c")
"""Right-to-left override and its kin: they reorder what a terminal shows after them."""


def test_explain_writes_well_formed_svg_and_html_from_a_hostile_comment(tmp_path: Path) -> None:
    import xml.etree.ElementTree as ET

    record = _hostile_record(tmp_path)
    record.write_text(
        record.read_text(encoding="utf-8").replace("\\u0085", "\\u0085\\u202e\\u0001"), encoding="utf-8"
    )
    svg, page = tmp_path / "dispute.svg", tmp_path / "dispute.html"
    done = run_cardrules("explain", str(record), "--step", "6", "--svg", str(svg), "--html", str(page))
    assert done.returncode == 1, done.stderr
    picture = svg.read_text(encoding="utf-8")
    root = ET.fromstring(picture)  # well-formed XML: no control character, escaped or not
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    assert "\\x1b[2J" in picture and "\\u202e" in picture
    html = page.read_text(encoding="utf-8")
    for text in (picture, html):
        assert not any(char in text for char in (*RAW, "\x01", *BIDI)), repr(text)
    html_svg = html[html.index("<svg") : html.index("</svg>") + len("</svg>")]
    ET.fromstring(html_svg)


@pytest.mark.rule("common.action.known")
def test_bidirectional_controls_reach_no_terminal(tmp_path: Path) -> None:
    record = _hostile_record(tmp_path)
    record.write_text(
        record.read_text(encoding="utf-8").replace("\\u0085", "\\u0085" + "".join(BIDI)), encoding="utf-8"
    )
    explained = run_cardrules("explain", str(record), "--step", "6")
    assert explained.returncode == 1, explained.stderr
    assert "\\u202e" in explained.stdout
    position = run_cardrules("position", str(SMALL_PATH), "--step", "3").stdout.strip()
    judged = run_cardrules("judge", position, "p1 play \u202eSA9")
    assert judged.returncode in (1, 2), judged.stderr
    refused = run_cardrules("judge", "felagsvist\u202e ; x", "p0 play AS")
    _one_error_line(refused)
    as_json = run_cardrules("judge", "--json", position, "p1 play \u202eSA9")
    assert json.loads(as_json.stdout)["action"] == "p1 play \u202eSA9"  # the text itself, escaped in JSON
    for done in (explained, judged, refused, as_json):
        output = done.stdout + done.stderr
        assert not any(char in output for char in BIDI), repr(output)


# -- directories: nothing to check, and what is left out (issue 32) ---------------------------------


def test_check_of_an_empty_directory_is_one_line_and_exit_2(tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("not a record", encoding="utf-8")
    line = _one_error_line(run_cardrules("check", str(tmp_path)), str(tmp_path))
    assert "no record file" in line


def _mixed_folder(folder: Path) -> list[str]:
    """A folder of two records and the special entries a check must leave out; their names."""
    folder.mkdir()
    (folder / "a.toml").write_bytes(SMALL_PATH.read_bytes())
    (folder / "b.toml").write_bytes(SMALL_PATH.read_bytes())
    (folder / "dangling.json").symlink_to(folder / "nothing.json")
    (folder / "loop1.toml").symlink_to(folder / "loop2.toml")
    (folder / "loop2.toml").symlink_to(folder / "loop1.toml")
    (folder / "sub.toml").mkdir()
    left_out = [
        "dangling.json (a link to nothing)",
        "loop1.toml (a loop of links)",
        "loop2.toml (a loop of links)",
    ]
    left_out.append("sub.toml (a directory)")
    if hasattr(os, "mkfifo"):
        os.mkfifo(folder / "pipe.jsonl")
        left_out.append("pipe.jsonl (a FIFO (named pipe))")
    if Path("/dev/null").exists():
        (folder / "null.toml").symlink_to("/dev/null")
        left_out.append("null.toml (a character device)")
    return sorted(left_out)


def test_check_of_a_directory_counts_and_names_the_entries_it_skipped(tmp_path: Path) -> None:
    folder = tmp_path / "mixed"
    left_out = _mixed_folder(folder)
    done = run_cardrules("check", str(folder))
    assert done.returncode == 1, done.stderr
    lines = done.stdout.splitlines()
    assert lines[-2] == "2 records: 0 ok, 2 with findings, 0 unreadable"
    named = ", ".join(f"{folder / entry}" for entry in left_out)
    assert lines[-1] == f"skipped {len(left_out)} directory entries that are not regular files: {named}"
    as_json = run_cardrules("check", "--json", str(folder))
    assert as_json.stderr.splitlines()[-1].startswith(f"skipped {len(left_out)} directory entries")
    for entry in ("a.toml", "b.toml"):
        (folder / entry).unlink()
    line = _one_error_line(run_cardrules("check", str(folder)), "no record file")
    assert f"skipped {len(left_out)} directory entries" in line
