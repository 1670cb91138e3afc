"""Every script under examples/ runs and shows what it promises."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def _run(script: Path) -> str:
    done = subprocess.run(
        [sys.executable, str(script)], capture_output=True, text=True, timeout=120, check=False
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


@pytest.mark.rule("felagsvist.play.must-follow")
def test_dispute_example_refuses_the_revoke_and_finishes_the_game() -> None:
    out = _run(EXAMPLES / "felagsvist_dispute.py")
    assert "illegal" in out and "[felagsvist.play.must-follow]" in out
    assert "deal 12:" in out and "final: NS" in out


@pytest.mark.rule("felagsvist.play.must-follow")
def test_toy_engine_example_finds_its_planted_bug() -> None:
    out = _run(EXAMPLES / "toy_whist.py")
    assert out.startswith("found after 1 actions: Played(seed=")
    assert "extra (illegal in the reference): p2 play" in out and "[felagsvist.play.must-follow]" in out


@pytest.mark.rule("fildinski.endgame.must-head")
def test_an_endgame_only_bug_fails_a_test_on_the_toolkits_defaults_in_under_40_lines() -> None:
    # The toy's only bug is in the last eight tricks, which the default plays() reach.
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "-p",
            "no:cacheprovider",
            "--tb=short",
            "-W",
            "error::hypothesis.errors.HypothesisWarning",
            str(EXAMPLES / "toy_fildinski_endgame.py"),
        ],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
        cwd=EXAMPLES,
    )
    lines = done.stdout.splitlines()
    assert done.returncode == 1, done.stdout + done.stderr
    assert "1 failed" in lines[-1]
    assert "[fildinski.endgame.must-head" in done.stdout
    assert "position: fildinski ; " in done.stdout  # the failing position, ready for from_position
    assert len(lines) < 40, done.stdout


@pytest.mark.rule("fildinski.endgame.must-head")
def test_the_endgame_toy_prints_its_smallest_disagreement() -> None:
    out = _run(EXAMPLES / "toy_fildinski_endgame.py")
    assert "in the phase 'endgame'" in out and "[fildinski.endgame.must-head" in out


def test_every_example_is_covered() -> None:
    assert {p.name for p in EXAMPLES.glob("*.py")} == {
        "felagsvist_dispute.py",
        "toy_whist.py",
        "toy_fildinski_endgame.py",
        "agents_mcts.py",
    }


def test_the_mcts_example_plays_deals_and_reports_them() -> None:
    pytest.importorskip("pyspiel", reason="OpenSpiel is not installed (pip install '.[openspiel]')")
    script = EXAMPLES / "agents_mcts.py"
    done = subprocess.run(
        [sys.executable, str(script), "--deals", "2", "--simulations", "8", "--seed", "5"],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    found = re.search(r"MCTS vs random E-W: mean (\d+\.\d\d) tricks of 13, (\d) deals won", done.stdout)
    assert found is not None, done.stdout
    assert 0 <= float(found.group(1)) <= 13 and 0 <= int(found.group(2)) <= 2
    baseline = re.search(r"random vs random E-W: mean (\d+\.\d\d) tricks of 13, (\d) deals won", done.stdout)
    assert baseline is not None and 0 <= float(baseline.group(1)) <= 13
