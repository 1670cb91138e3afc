"""``import cardrules`` loads the core only; the heavy parts load when first used, under the same names."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

import cardrules

HEAVY = ("cardrules.records", "cardrules.solve", "cardrules.testing", "cardrules.svg", "cardrules.agents")
"""Parts ``import cardrules`` must not load: each is loaded by the code that uses it."""


def _loaded_after(code: str) -> list[str]:
    """The cardrules modules a fresh interpreter holds after running ``code``."""
    probe = (
        "; import json, sys; print(json.dumps(sorted(m for m in sys.modules if m.startswith('cardrules'))))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code + probe], capture_output=True, text=True, timeout=120, check=True
    )
    loaded: list[str] = json.loads(done.stdout.splitlines()[-1])
    return loaded


def test_import_cardrules_loads_no_heavy_part_and_no_game() -> None:
    loaded = _loaded_after("import cardrules")
    assert "cardrules" in loaded and "cardrules.games" in loaded
    heavy = [m for m in loaded if m.startswith(HEAVY) or m.startswith("cardrules.games.")]
    assert heavy == []


@pytest.mark.parametrize(
    ("code", "part"),
    [
        ("cardrules.RecordError", "cardrules.records"),
        ("cardrules.IllegalStepError", "cardrules.records"),
        ("cardrules.claim", "cardrules.solve"),
        ("cardrules.records.check", "cardrules.records"),
        ("cardrules.get_game('felagsvist')", "cardrules.games.felagsvist"),
    ],
)
def test_a_heavy_part_loads_when_first_used(code: str, part: str) -> None:
    assert part in _loaded_after(f"import cardrules; {code}")


def test_every_public_name_resolves_to_the_object_of_its_home_module() -> None:
    from cardrules.records.errors import IllegalStepError, RecordError
    from cardrules.solve import ClaimResult, analyse, claim
    from cardrules.testing.conformance import ConformanceError

    for name in cardrules.__all__:
        assert getattr(cardrules, name) is not None, name
        assert name in dir(cardrules)
    assert (cardrules.RecordError, cardrules.IllegalStepError) == (RecordError, IllegalStepError)
    assert (cardrules.claim, cardrules.analyse, cardrules.ClaimResult) == (claim, analyse, ClaimResult)
    assert cardrules.ConformanceError is ConformanceError
    assert issubclass(cardrules.RecordError, cardrules.CardRulesError)


def test_from_cardrules_import_works_for_every_public_name_in_a_fresh_interpreter() -> None:
    names = ", ".join(n for n in cardrules.__all__ if n != "__version__")
    code = f"from cardrules import {names}; import cardrules; print(type(cardrules.records.check).__name__)"
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=False
    )
    # the records package's check is its function (from cardrules.records.check), not the submodule
    assert done.returncode == 0 and done.stdout.strip() == "function", done.stderr


def test_a_name_that_is_neither_public_nor_a_submodule_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="has no attribute 'no_such_thing'"):
        cardrules.no_such_thing  # noqa: B018
    assert not hasattr(cardrules, "_private")
