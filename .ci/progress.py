"""Pass a command's output through, with a progress line at least once a minute.

``.ci/run`` pipes nox through this filter. Every ``--every`` seconds (60 by
default) it prints one line with the time since the start and the end of the
last line of output (for pytest, the test file it is in), as in::

    [.ci/run 7m02s] running; last output: tests/core/test_solve.py ......

While output flows, the line waits for the end of the current line, so it
never splits pytest's line of dots; when the command has been silent that long
it is printed at once. Everything else is passed through unchanged, byte for
byte, as it comes. The exit status is 0; the caller takes the command's own
status from the pipe.
"""

from __future__ import annotations

import argparse
import os
import select
import sys
import time


def _clock(seconds: float) -> str:
    minutes, rest = divmod(int(seconds), 60)
    return f"{minutes}m{rest:02d}s"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--every", type=float, default=60.0, help="seconds between progress lines (60)")
    parser.add_argument("--label", default=".ci/run", help="the name the lines start with")
    args = parser.parse_args()
    source, sink = sys.stdin.fileno(), sys.stdout.buffer
    started = time.monotonic()
    due = started + args.every
    recent = b"\n"

    def progress(now: float) -> None:
        lines = [line for line in recent.decode("utf-8", "replace").splitlines() if line.strip()]
        shown = lines[-1].strip()[-80:] if lines else "nothing yet"
        lead = "" if recent.endswith(b"\n") else "\n"
        sink.write(f"{lead}[{args.label} {_clock(now - started)}] running; last output: {shown}\n".encode())
        sink.flush()

    while True:
        ready, _, _ = select.select([source], [], [], max(0.0, due - time.monotonic()))
        now = time.monotonic()
        if not ready:  # silent until the line was due: say so now, mid-line if need be
            progress(now)
            due = now + args.every
            continue
        chunk = os.read(source, 65536)
        if not chunk:
            return 0
        sink.write(chunk)
        sink.flush()
        recent = (recent + chunk)[-400:]
        if now >= due and chunk.endswith(b"\n"):  # output flows: the line waits for the end of a line
            progress(now)
            due = now + args.every


if __name__ == "__main__":
    raise SystemExit(main())
