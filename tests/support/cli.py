"""Running the ``cardrules`` command as a user would: in a subprocess, never with a traceback."""

from __future__ import annotations

import subprocess
import sys

__all__ = ["run_cardrules"]


def run_cardrules(
    *args: str, stdin: bytes | None = None, module: str = "cardrules.cli"
) -> subprocess.CompletedProcess[str]:
    """``python -m <module> ARGS`` with ``stdin`` (bytes, may be invalid UTF-8) and its output as text.

    Whatever the exit status, the command must not end with a stray traceback.
    """
    done = subprocess.run(
        [sys.executable, "-m", module, *args],
        capture_output=True,
        input=stdin.decode("utf-8", "surrogateescape") if stdin is not None else None,
        text=True,
        encoding="utf-8",
        timeout=120,
        check=False,
    )
    assert "Traceback" not in done.stderr, done.stderr
    return done
