"""Every code block of README.md runs as written, and shows what its comments say.

The Python blocks are run one by one in a fresh namespace, from a folder
holding copies of the clone's example and test records (the README's paths
are relative to a clone). The shell examples of the command line are run
line by line with ``bash``, in that order and from the same folder; each
must exit as its comment says (``(exit status 1)``; 0 when it says nothing).

Left out, on purpose: the lines that create a virtual environment or install
a package (``python3 -m venv``, ``pip install``, ``python -m build``), since
they need a package index and minutes, and the environment running these
tests is already such an installation (``.ci/run`` and ``nox -s sdist`` make
it exactly that way); and ``bash .ci/run``, which runs this very suite.
"""

from __future__ import annotations

import importlib.util
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from cardrules.records import CheckReport
from cardrules.solve import ClaimResult
from cardrules.verdict import Verdict

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"

_FENCE = re.compile(r"^```(\w*)\n(.*?)^```$", re.MULTILINE | re.DOTALL)
_EXIT = re.compile(r"\(exit status (\d)\)")
_SETUP = ("python3 -m venv", "pip install", ".venv/bin/pip install", "python -m build", "bash .ci/run")
"""How the lines that are not run start (see the module's description)."""


def _blocks(language: str) -> list[str]:
    text = README.read_text(encoding="utf-8")
    return [body for lang, body in _FENCE.findall(text) if lang == language]


def _block(language: str, containing: str) -> str:
    (found,) = [body for body in _blocks(language) if containing in body]
    return found


@pytest.fixture
def clone_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A working folder with the clone's records where the README expects them."""
    for records in ("examples/records", "tests/records"):
        shutil.copytree(ROOT / records, tmp_path / records)
    monkeypatch.chdir(tmp_path)
    yield tmp_path


_RUN_BY_NAME = ("cardrules.claim(", "records.check(")
"""What the Python blocks that have a test of their own contain (see below)."""


def test_the_readme_has_the_blocks_these_tests_run() -> None:
    for marker in _RUN_BY_NAME:
        _block("python", marker)  # exactly one block each
    assert len(_blocks("sh")) >= 3
    text = README.read_text(encoding="utf-8")
    assert not [lang for lang, _ in _FENCE.findall(text) if lang not in ("python", "sh")]


def _missing_imports(source: str) -> list[str]:
    """The top-level modules ``source`` imports that are not installed here (an optional extra)."""
    names = re.findall(r"^\s*(?:import|from)\s+([A-Za-z_][\w]*)", source, re.MULTILINE)
    return sorted({name for name in names if importlib.util.find_spec(name) is None})


def test_every_other_python_block_runs_where_its_imports_are_installed(clone_folder: Path) -> None:
    others = [body for body in _blocks("python") if not any(marker in body for marker in _RUN_BY_NAME)]
    ran = []
    for body in others:
        if _missing_imports(body):  # such as pyspiel, from an optional extra: its own tests cover it
            continue
        _run_python(body)
        ran.append(body)
    if others and not ran:
        pytest.skip(f"each other block needs a module not installed here: {_missing_imports(others[0])}")


def _run_python(source: str) -> dict[str, object]:
    namespace: dict[str, object] = {"__name__": "__readme__"}
    exec(compile(source, str(README), "exec"), namespace)  # the README's own code
    return namespace


@pytest.mark.rule("felagsvist.play.lead-any")
def test_the_library_block_runs_and_its_claim_fails_as_it_says(clone_folder: Path) -> None:
    done = _run_python(_block("python", "cardrules.claim("))
    verdict = done["verdict"]
    assert isinstance(verdict, Verdict) and verdict.legal
    assert verdict.rule_ids == ("felagsvist.play.lead-any",)
    picture = done["picture"]
    assert isinstance(picture, str) and picture.startswith("<svg")
    result = done["result"]
    assert isinstance(result, ClaimResult)
    assert (result.holds, result.best) == (False, 3)  # the comment's "False, 3"
    assert result.refutation and result.refutation[0].startswith("p1 play")


@pytest.mark.rule("felagsvist.play.must-follow")
def test_the_records_block_finds_the_revoke(clone_folder: Path) -> None:
    done = _run_python(_block("python", "records.check("))
    report = done["report"]
    assert isinstance(report, CheckReport) and report.ok is False
    (violation,) = report.violations
    assert violation.step == 0 and "felagsvist.play.must-follow" in violation.verdict.rule_ids


def _shell(line: str, setup: list[str], env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["bash", "-c", "\n".join([*setup, line])],
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=120,
        check=False,
        env=env,
    )


def _environment(folder: Path) -> dict[str, str]:
    """The calling environment with this Python's ``cardrules`` command first on PATH."""
    scripts = Path(sys.executable).parent
    if not (scripts / "cardrules").exists():  # not installed as a script here: the module stands in
        scripts = folder / "bin"
        scripts.mkdir()
        shim = scripts / "cardrules"
        shim.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m cardrules "$@"\n', encoding="utf-8")
        shim.chmod(0o755)
    return {**os.environ, "PATH": f"{scripts}{os.pathsep}{os.environ.get('PATH', '')}"}


needs_bash = pytest.mark.skipif(
    sys.platform == "win32" or shutil.which("bash") is None, reason="the README's shell lines need bash"
)


def _waves(lines: list[str]) -> tuple[list[str], list[str]]:
    """The lines that may run at once, then those that read a folder an earlier line writes."""
    written = {match for line in lines for match in re.findall(r"--record-dir (\S+)", line)}
    later = [
        line
        for line in lines
        if any(f" {folder}" in line.replace(f"--record-dir {folder}", "") for folder in written)
    ]
    return [line for line in lines if line not in later], later


@needs_bash
def test_the_command_line_examples_run_and_exit_as_they_say(clone_folder: Path) -> None:
    env = _environment(clone_folder)
    setup: list[str] = []  # the variable assignments, like record=...
    lines: list[str] = []
    for line in _block("sh", "cardrules judge").splitlines():
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        if re.fullmatch(r"[a-z_]+=\S+", line.strip()):
            setup.append(line.strip())
        else:
            lines.append(line)
    assert len(lines) >= 10
    first, second = _waves(lines)
    assert second == [line for line in lines if line.startswith("cardrules check out/")]
    outputs: dict[str, str] = {}
    with ThreadPoolExecutor(max_workers=os.cpu_count() or 1) as pool:  # each line is a process of its own
        for wave in (first, second):
            for line, done in zip(wave, pool.map(lambda line: _shell(line, setup, env), wave), strict=True):
                wanted = int(match.group(1)) if (match := _EXIT.search(line)) else 0
                assert done.returncode == wanted, f"{line}\n{done.stdout}\n{done.stderr}"
                assert "Traceback" not in done.stderr, done.stderr
                outputs[line.split("#")[0].split('"')[0].strip()] = done.stdout
    judged = next(out for command, out in outputs.items() if command.startswith("cardrules judge"))
    assert judged.startswith("p3 play 5H: illegal:") and "[felagsvist.play.must-follow]" in judged
    assert len(list((clone_folder / "out").iterdir())) == 100  # simulate --record-dir wrote every game
    page = (clone_folder / "dispute.html").read_text(encoding="utf-8")
    assert page.lstrip().lower().startswith("<!doctype html") and "felagsvist.play.must-follow" in page


@needs_bash
def test_the_fresh_machine_command_runs_once_installed(clone_folder: Path) -> None:
    # The first command sets up .venv and installs, then runs two cardrules commands;
    # here the install is the environment running the tests, so only those two run.
    (first,) = [line for line in _block("sh", "bash .ci/run").splitlines() if "&&" in line]
    parts = [part.strip() for part in first.split("&&")]
    assert parts[0].startswith("python3 -m venv .venv") and "pip install -e ." in parts[1]
    commands = [part.removeprefix(".venv/bin/") for part in parts[2:]]
    assert [command.split()[:2] for command in commands] == [
        ["cardrules", "simulate"],
        ["cardrules", "check"],
    ]
    env = _environment(clone_folder)
    simulated, checked = (_shell(command, [], env) for command in commands)
    assert simulated.returncode == 0, simulated.stderr
    assert simulated.stdout.startswith("200 random legal games of felagsvist (seed 1;")
    assert "every game ended with no legal action left" in simulated.stdout
    assert checked.returncode == 0 and checked.stdout.rstrip().endswith("result: ok"), checked.stdout


def test_every_shell_line_left_out_is_a_setup_line() -> None:
    # The lines no test above runs: the install block, and the fresh-machine set-up and suite.
    left_out = [
        line
        for body in _blocks("sh")
        if "cardrules judge" not in body
        for line in body.splitlines()
        if line.strip() and not line.lstrip().startswith("#")
    ]
    for line in left_out:
        pieces = [piece.strip() for piece in line.split("#")[0].split("&&")]
        assert all(
            piece.startswith(_SETUP) or piece.startswith(".venv/bin/cardrules ") for piece in pieces
        ), line
