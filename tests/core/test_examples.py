"""Every script under examples/ runs and shows what it promises."""

from __future__ import annotations

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
    assert out.startswith("found after 1 actions: Played(felagsvist(")
    assert "extra (illegal in the reference): p2 play" in out and "[felagsvist.play.must-follow]" in out


def test_every_example_is_covered() -> None:
    assert {p.name for p in EXAMPLES.glob("*.py")} == {"felagsvist_dispute.py", "toy_whist.py"}
