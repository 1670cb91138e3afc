"""Every example in the library's docstrings runs, in the namespace of its own module.

The documentation's doctest build runs the examples of the ``.rst`` pages; the
examples inside docstrings are run here instead, each with its module's globals,
as ``python -m doctest`` would, so an example may use the names of the module
it documents without importing them.
"""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import cardrules
from tests.support.extras import importable

MODULES = sorted(
    info.name
    for info in pkgutil.walk_packages(cardrules.__path__, prefix="cardrules.")
    if info.name and importable(info.name)  # an adapter is checked where its framework is installed
)


@pytest.mark.parametrize("name", ["cardrules", *MODULES])
def test_the_docstring_examples_of_the_module_hold(name: str) -> None:
    module = importlib.import_module(name)
    flags = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
    result = doctest.testmod(module, optionflags=flags, raise_on_error=False, verbose=False)
    assert result.failed == 0, f"{result.failed} of the {result.attempted} examples in {name} failed"


def test_the_examples_are_found() -> None:
    """Guards the walk: a walk that found no module would pass the test above vacuously."""
    finder = doctest.DocTestFinder()
    found = {name: finder.find(importlib.import_module(name)) for name in MODULES}
    examples = sum(len(test.examples) for tests in found.values() for test in tests)
    assert examples > 100
    assert {"cardrules.games", "cardrules.games.fildinski.options", "cardrules.testing"} <= set(found)
