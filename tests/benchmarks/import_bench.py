"""How long does ``import cardrules`` take, and what does it load?

Run it with::

    python -m tests.benchmarks.import_bench [--repeat N] [--json PATH]

or ``nox -s bench``. Each repetition starts a fresh interpreter that runs
``python -X importtime -c "import cardrules; ..."``: the interpreter's own
figure for the whole ``cardrules`` import, children included (the ``cumulative``
column of its lines for ``cardrules`` and any submodule imported on first use),
with nothing cached in the process. A fresh
interpreter that imports only ``json`` is timed the same way beside it, as a
yardstick of how busy the machine is. It prints the fastest and the median in
milliseconds (the fastest is the figure for a quiet machine: a busy one only
adds to it) and the CPU time the interpreter spent beyond one that imports
nothing (fastest run of each; it counts the interpreter's own work, not the
time it waited for a core, so it varies less with the load), the goal of
issue 30 (under 100 ms), and the modules of cardrules the import loaded: the
core, and none of the heavy parts (the records, the solver, the testing kit,
the games' engines), which load when first used.
Then it times, the same way, the first use of each heavy part.
"""

from __future__ import annotations

import argparse
import json
import resource
import statistics
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Final

GOAL_MS: Final = 100.0
"""Issue 30: ``import cardrules`` under 100 ms on a quiet machine."""

FIRST_USES: Final = {
    "import cardrules": ("cardrules", "import cardrules"),
    "+ cardrules.records": ("cardrules", "import cardrules.records"),
    "+ cardrules.solve": ("cardrules", "import cardrules.solve"),
    "+ get_game('felagsvist')": ("cardrules", "import cardrules; cardrules.get_game('felagsvist')"),
    "import json (yardstick)": ("json", "import json"),
    "python alone": ("-", "pass"),
}
"""What each row times: the package whose imports are counted, and the code a fresh interpreter runs."""

_BARE: Final = "python alone"

_PROBE: Final = (
    "; import json, sys; print(json.dumps(sorted(m for m in sys.modules if m.startswith('cardrules'))))"
)


def import_ms(report: str, root: str) -> float:
    r"""The time spent importing ``root`` and its submodules, from ``-X importtime`` output, in ms.

    Sums the cumulative column of the lines not nested in another import (one
    space before the name) that name ``root`` or one of its submodules: the
    import itself, and any submodule imported later by a first use.

    >>> report = "import time: 5 | 900 | cardrules\nimport time: 4 | 300 |   cardrules.cards\n"
    >>> import_ms(report + "import time: 1 | 100 | cardrules.games.felagsvist\n", "cardrules")
    1.0
    """
    total = 0
    for line in report.splitlines():
        parts = line.split("|")
        if len(parts) != 3 or not parts[0].startswith("import time:"):
            continue
        name = parts[2].removeprefix(" ")
        if name == root or name.startswith(root + "."):  # nested lines keep more spaces: never equal
            total += int(parts[1])
    return total / 1000


def _time_once(root: str, code: str) -> tuple[float, float, list[str]]:
    """A fresh interpreter running ``code``: the wall-clock import time of ``root``, the CPU time
    of the whole interpreter (both in ms), and the cardrules modules it loaded."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(
        [sys.executable, "-X", "importtime", "-c", code + _PROBE],
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime) * 1000
    loaded: list[str] = json.loads(done.stdout.strip().splitlines()[-1])
    return import_ms(done.stderr, root), cpu, loaded


def measure(repeat: int) -> dict[str, object]:
    """Each row of :data:`FIRST_USES`, ``repeat`` times, interleaved so that a busy patch hits them all."""
    samples: dict[str, list[float]] = {label: [] for label in FIRST_USES}
    cpu: dict[str, list[float]] = {label: [] for label in FIRST_USES}
    loaded: dict[str, list[str]] = {}
    for _ in range(repeat):
        for label, (root, code) in FIRST_USES.items():
            spent, used, modules = _time_once(root, code)
            samples[label].append(spent)
            cpu[label].append(used)
            loaded[label] = modules
    bare = min(cpu[_BARE])
    return {
        "fastest_ms": {label: min(values) for label, values in samples.items()},
        "median_ms": {label: statistics.median(values) for label, values in samples.items()},
        "cpu_ms_over_bare_python": {label: min(values) - bare for label, values in cpu.items()},
        "samples_ms": samples,
        "cpu_samples_ms": cpu,
        "loaded_by_import_cardrules": loaded["import cardrules"],
        "goal_ms": GOAL_MS,
    }


def main(argv: Sequence[str] | None = None) -> int:
    """Time the import and print the table."""
    parser = argparse.ArgumentParser(prog="python -m tests.benchmarks.import_bench", description=__doc__)
    parser.add_argument("--repeat", type=int, default=7, help="fresh interpreters per row (default 7)")
    parser.add_argument("--seconds", type=float, help="accepted for nox -s bench; not used here")
    parser.add_argument("--json", metavar="PATH", help="also write the results as JSON to PATH")
    parser.add_argument("--compare", metavar="PATH", help="accepted for nox -s bench; not used here")
    args = parser.parse_args(argv)
    result = measure(max(args.repeat, 1))
    fastest: dict[str, float] = result["fastest_ms"]  # type: ignore[assignment]
    median: dict[str, float] = result["median_ms"]  # type: ignore[assignment]
    cpu: dict[str, float] = result["cpu_ms_over_bare_python"]  # type: ignore[assignment]
    print(f"{'':<28}{'fastest ms':>12}{'median ms':>12}{'CPU ms':>10}")
    for label in FIRST_USES:
        if label != _BARE:
            print(f"{label:<28}{fastest[label]:>12.1f}{median[label]:>12.1f}{cpu[label]:>10.1f}")
    verdict = "met" if fastest["import cardrules"] < GOAL_MS else "NOT met"
    print(f"goal: import cardrules under {GOAL_MS:.0f} ms on a quiet machine (the fastest run): {verdict}")
    print("import cardrules loads:", ", ".join(result["loaded_by_import_cardrules"]))  # type: ignore[arg-type]
    if args.json:
        Path(args.json).parent.mkdir(parents=True, exist_ok=True)
        Path(args.json).write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
