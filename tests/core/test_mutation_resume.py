"""The mutation tool's report: written after every mutant, and ``--resume`` keeps only what still holds."""

from __future__ import annotations

from pathlib import Path

from tests.support.mutation import Mutant, Outcome, kept_outcomes, write_report


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
