"""The mutation tool's report: written after every mutant, and ``--resume`` keeps only what still holds."""

from __future__ import annotations

import threading
from collections.abc import Sequence
from pathlib import Path

import pytest

from tests.support.mutation import (
    CoverageMap,
    Mutant,
    Outcome,
    Stopped,
    function_lines,
    kept_outcomes,
    run_mutant,
    run_side_by_side,
    write_report,
)


def _mutant(line: int, module: str = "cardrules/games/x.py") -> Mutant:
    return Mutant(module, line, 4, line, 5, "constant", "1", "2", "constant moved: `1` -> `2`")


def test_a_resumed_run_keeps_only_killed_mutants_of_unchanged_modules(tmp_path: Path) -> None:
    report = tmp_path / "report.json"
    other = "cardrules/games/y.py"
    outcomes = [
        Outcome(_mutant(3), "killed", 2, 1.5, "tests/t.py::test_a"),
        Outcome(_mutant(4), "timeout", 2, 80.0),
        Outcome(_mutant(5), "survived", 2, 3.0),
        Outcome(_mutant(6), "uncovered", 0, 0.0),
        Outcome(_mutant(7, other), "killed", 1, 1.0, "tests/t.py::test_b"),
    ]
    digests = {"cardrules/games/x.py": "aa", other: "bb"}
    table = write_report(report, outcomes, "python -m tests.support.mutation", digests)
    assert report.with_suffix(".md").read_text(encoding="utf-8") == table
    assert "| cardrules/games/x.py | 1 | 1 | 1 | 1 | 0 | 50.0% (below) |" in table

    kept = kept_outcomes(report, {"cardrules/games/x.py": "aa", other: "changed"})
    assert kept == {outcomes[0].mutant: outcomes[0], outcomes[1].mutant: outcomes[1]}
    assert kept_outcomes(tmp_path / "missing.json", digests) == {}


def test_a_module_level_line_is_tested_by_every_test_that_uses_its_module() -> None:
    """A line run only at import has no test of its own in the map: every test that runs some other line
    of the same module (fastest first), and its game's folder, are the ones that may see the change."""
    cover = CoverageMap(
        lines={
            "cardrules/games/x/encoding.py": {
                7: ("tests/agents/t.py::test_a",),
                9: ("tests/x/t.py::test_b",),
            },
            "cardrules/games/x/other.py": {3: ("tests/x/t.py::test_c",)},
        },
        durations={"tests/agents/t.py::test_a": 2.0, "tests/x/t.py::test_b": 0.5},
        import_lines={"cardrules/games/x/encoding.py": frozenset({1})},
    )
    constant = _mutant(1, "cardrules/games/x/encoding.py")
    assert cover.runs_at_import(constant) and not cover.tests_for(constant)
    assert cover.tests_of_module(constant.module) == ("tests/x/t.py::test_b", "tests/agents/t.py::test_a")


def test_the_lines_inside_functions_are_told_from_those_run_at_import() -> None:
    """A default value, a class attribute and a constant run at import; a body or a lambda when called."""
    source = "\n".join(
        [
            "LIMIT = 4",  # 1
            "def f(x=LIMIT):",  # 2
            "    y = x + 1",  # 3
            "    return y",  # 4
            "class C:",  # 5
            "    SIZE = 3",  # 6
            "    def g(self):",  # 7
            "        return (lambda z: z)(1)",  # 8
            "PICK = lambda v: v",  # 9
        ]
    )
    assert function_lines(source) == frozenset({3, 4, 8, 9})


def test_mutants_run_side_by_side_each_in_a_copy_of_its_own_and_come_back_in_order(tmp_path: Path) -> None:
    """Two copies: the first two mutants are in their runs at once (the barrier lets neither finish
    alone), no copy serves two runs at the same time, and the outcomes keep the mutants' order."""
    copies = [tmp_path / "a", tmp_path / "b"]
    both_started = threading.Barrier(2, timeout=10)
    busy: set[Path] = set()
    lock = threading.Lock()

    def run(copy: Path, mutant: Mutant, stop: threading.Event) -> Outcome:
        with lock:
            assert copy not in busy
            busy.add(copy)
        if mutant.line < 5:
            both_started.wait()
        with lock:
            busy.remove(copy)
        return Outcome(mutant, "killed", 1, float(mutant.line), str(copy.name))

    heard: list[tuple[int, int, int]] = []

    def hear(number: int, outcome: Outcome, so_far: Sequence[Outcome]) -> None:
        heard.append((number, outcome.mutant.line, len(so_far)))
        assert [o.mutant.line for o in so_far] == sorted(o.mutant.line for o in so_far)

    mutants = [_mutant(line) for line in (3, 4, 5, 6, 7)]
    outcomes = run_side_by_side(mutants, run, copies, hear)
    assert [o.mutant for o in outcomes] == mutants
    assert {o.killed_by for o in outcomes[:2]} == {"a", "b"}
    assert [number for number, _, _ in heard] == [1, 2, 3, 4, 5]
    assert [size for _, _, size in heard] == [1, 2, 3, 4, 5]


def test_a_run_stopped_midway_ends_the_runs_under_way_and_starts_no_more(tmp_path: Path) -> None:
    """Ctrl-C (here ``heard`` raising it at the first outcome) drops the mutants not started, and
    the runs under way are told to stop and end before the interrupt goes on."""
    started: list[int] = []
    told_to_stop: list[int] = []
    lock = threading.Lock()

    def run(copy: Path, mutant: Mutant, stop: threading.Event) -> Outcome:
        with lock:
            started.append(mutant.line)
        if mutant.line > 3 and stop.wait(30):  # every run but the first waits until it is told to stop
            with lock:
                told_to_stop.append(mutant.line)
        return Outcome(mutant, "killed", 1, 0.0)

    def hear(number: int, outcome: Outcome, so_far: Sequence[Outcome]) -> None:
        raise KeyboardInterrupt

    mutants = [_mutant(line) for line in range(3, 13)]
    with pytest.raises(KeyboardInterrupt):
        run_side_by_side(mutants, run, [tmp_path / "a", tmp_path / "b"], hear)
    assert started[0] == 3 and 2 <= len(started) <= 3
    assert sorted(told_to_stop) == sorted(started[1:])


def test_a_mutants_tests_end_when_the_run_is_stopped_and_its_module_is_put_back(tmp_path: Path) -> None:
    """A real pytest run of a slow covering test: once the stop is set, the tests are ended, the
    mutant has no outcome (``Stopped``) and the copy's module reads as before."""
    copy = tmp_path / "repo"
    copy.mkdir()
    module = copy / "slow_mod.py"
    module.write_text("def f() -> int:\n    return 1\n", encoding="utf-8")
    (copy / "test_slow.py").write_text(
        "import time\nfrom slow_mod import f\n\n\ndef test_slow() -> None:\n"
        "    time.sleep(120)\n    assert f() == 1\n",
        encoding="utf-8",
    )
    mutant = Mutant("slow_mod.py", 2, 11, 2, 12, "constant", "1", "2", "constant moved: `1` -> `2`")
    cover = CoverageMap(
        {"slow_mod.py": {2: ("test_slow.py::test_slow",)}}, {"test_slow.py::test_slow": 120.0}
    )
    stop = threading.Event()
    threading.Timer(2.0, stop.set).start()
    with pytest.raises(Stopped):
        run_mutant(copy, mutant, cover, 60.0, stop=stop)
    assert module.read_text(encoding="utf-8") == "def f() -> int:\n    return 1\n"
