"""The compiled build: which modules it compiles, and that compiled or not the package behaves alike.

``setup.py`` compiles the modules of its ``COMPILED_MODULES`` with mypyc when
``CARDRULES_COMPILE=1`` (``nox -s tests_compiled`` builds such a wheel and
runs the suite on it with ``CARDRULES_EXPECT_COMPILED=1``). These tests hold
:data:`cardrules.solve.COMPILED` to what the run expects, every listed module
to the same, and the compiled classes to the behaviour of the pure ones:
frozen, equal after a pickle or a copy, built alike by their constructor and
by the solver's fast path.
"""

from __future__ import annotations

import ast
import copy
import dataclasses
import importlib
import os
import pickle
import re
from importlib.machinery import ExtensionFileLoader
from pathlib import Path
from typing import Final

import pytest

import cardrules
from cardrules.games.felagsvist import FelagsvistState
from cardrules.games.felagsvist.ending import FelagsvistEnding
from cardrules.games.felagsvist.ending.model import new_ending
from cardrules.solve import COMPILED, Solver
from tests.conftest import REPO_ROOT

EXPECTED: Final = os.environ.get("CARDRULES_EXPECT_COMPILED", "") == "1"
"""Whether this run tests a compiled install (``nox -s tests_compiled`` says so)."""


def _constant_in(filename: str, name: str) -> object:
    """The value ``filename`` (beside the tests) assigns to the constant ``name``, read without running it."""
    path = REPO_ROOT / filename
    if not path.is_file():
        pytest.skip(f"no {filename} beside the tests (an unpacked wheel?)")
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Assign) and any(
            isinstance(target, ast.Name) and target.id == name for target in node.targets
        ):
            return ast.literal_eval(node.value)
    raise AssertionError(f"{filename} names no {name}")


def _listed_modules() -> list[str]:
    """The module names of ``COMPILED_MODULES`` in ``setup.py``."""
    paths = _constant_in("setup.py", "COMPILED_MODULES")
    assert isinstance(paths, tuple)
    return [str(Path(path).with_suffix("")).replace("/", ".") for path in paths]


def _compiled_tests() -> list[str]:
    """The glob patterns of ``COMPILED_TESTS`` in ``noxfile.py`` (nox is not imported)."""
    patterns = _constant_in("noxfile.py", "COMPILED_TESTS")
    assert isinstance(patterns, tuple)
    return [str(pattern) for pattern in patterns]


_RUNS_THE_SOLVER: Final = re.compile(
    r"cardrules\.solve|felagsvist\.ending|\bending_of\b|\bSolver\b|\.ending\(|\"(claim|analyse)\""
)
"""What a test file names when its tests may run a compiled module: the solver, an ending, a command."""


def _ending() -> FelagsvistEnding:
    """A Félagsvist ending two cards into a trick, from a seeded deal."""
    state = cardrules.get_game("felagsvist", first_dealer="N").new_game(seed=3)
    assert isinstance(state, FelagsvistState)
    node = state.ending("NS")
    for _ in range(2):
        node = node.play(node.moves()[0])
    return node


def test_the_flag_says_what_this_run_expects() -> None:
    assert COMPILED is EXPECTED


def test_every_module_the_build_compiles_is_compiled_exactly_when_the_solver_is() -> None:
    names = _listed_modules()
    assert "cardrules.solve.search" in names
    for name in names:
        loader = importlib.import_module(name).__spec__.loader  # type: ignore[union-attr]
        assert isinstance(loader, ExtensionFileLoader) is EXPECTED, name


def test_an_ending_stays_frozen() -> None:
    node = _ending()
    with pytest.raises(dataclasses.FrozenInstanceError):
        node.value = 5  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        node.rules.counted = 1  # type: ignore[misc]


def test_an_ending_and_its_rules_survive_a_pickle_and_a_copy() -> None:
    node = _ending()
    for again in (pickle.loads(pickle.dumps(node)), copy.copy(node), copy.deepcopy(node)):
        assert again == node and again.rules == node.rules
        assert (again.in_hand, again.played) == (node.in_hand, node.played)
        assert again.key() == node.key() and again.moves() == node.moves()


def test_the_constructor_works_out_what_the_fast_path_is_given() -> None:
    node = _ending()
    fields = [getattr(node, item.name) for item in dataclasses.fields(node) if item.init]
    built = FelagsvistEnding(*fields)
    fast = new_ending(*fields, node.in_hand, node.played)  # type: ignore[call-arg]
    for other in (built, fast):
        assert type(other) is FelagsvistEnding and other == node
        assert (other.in_hand, other.played) == (node.in_hand, node.played)
    replaced = dataclasses.replace(node, trick=())
    assert replaced.played == 0 and replaced.in_hand == node.in_hand


def test_the_solver_answers_the_same_question_twice_alike() -> None:
    node = _ending()
    first = Solver().value(node)
    assert Solver().value(pickle.loads(pickle.dumps(node))) == first
    assert node.value <= first <= node.most()


def test_the_compiled_run_takes_every_test_file_that_runs_the_solver() -> None:
    """The default compiled run (``nox -s tests_compiled``) runs the files ``COMPILED_TESTS`` matches: every
    test file that names the solver, an ending or the claim commands must be one of them, and every
    pattern must match some file."""
    patterns = _compiled_tests()
    chosen = set()
    for pattern in patterns:
        found = {path.relative_to(REPO_ROOT).as_posix() for path in REPO_ROOT.glob(pattern)}
        assert found, f"COMPILED_TESTS pattern {pattern} matches no test file"
        chosen |= found
    naming = {
        path.relative_to(REPO_ROOT).as_posix()
        for path in (REPO_ROOT / "tests").rglob("test_*.py")
        if _RUNS_THE_SOLVER.search(path.read_text(encoding="utf-8"))
    }
    assert "tests/core/test_solve.py" in naming
    assert naming <= chosen, (
        f"test files that run the solver but not in COMPILED_TESTS: {sorted(naming - chosen)}"
    )
