"""The pictures as they are drawn today, kept as files: any change to a picture shows as a failing test.

``test_svg.py`` reads pictures back as XML and checks what they show (which
cards, where, face up or down, marked or not); it cannot see a card drawn a
few pixels off, a label moved or a colour changed. These tests can: for each
game, the state seeded random play reaches after 20 actions, drawn for the
adjudicator and for seat 0, its state after 23 actions (a trick under way)
drawn for the adjudicator and for seat 1, and its start and end drawn for
the adjudicator (Backstab Fish with seven players, so that its seats fill
two uneven rows),
and the dispute report of each game's golden dispute record (``explain
--svg``, ``--html`` and the text of ``explain --full``), must give exactly the text of its file in
``tests/core/pictures/``.

A change to the pictures on purpose writes the files anew::

    CARDRULES_WRITE_PICTURES=1 python -m pytest tests/core/test_svg_golden.py

then look at them (any browser opens an SVG file) before committing them.
"""

from __future__ import annotations

import os
import random
from pathlib import Path
from typing import Final

import pytest

import cardrules
from cardrules.game import AnyState
from cardrules.records import explain, load
from cardrules.records.dispute import dispute_html, dispute_svg
from cardrules.records.explain import format_explanation
from cardrules.svg import table
from tests.conftest import REPO_ROOT

PICTURES: Final = Path(__file__).with_name("pictures")
"""Where the pictures are kept, one SVG file per game and view."""

WRITE: Final = os.environ.get("CARDRULES_WRITE_PICTURES") == "1"
"""Whether this run writes the pictures anew instead of comparing them."""


def _states(name: str) -> dict[str, AnyState]:
    """Seeded random play (seed 1) of ``name``: its start, the states after 20 and 23 actions, its end."""
    options = {"stall_limit": 40, "players": 7} if name == "backstab_fish" else {}
    state = cardrules.get_game(name, **options).new_game(seed=1)
    rng = random.Random(1)
    found = {"start": state}
    for taken in range(100_000):
        if taken in (20, 23):
            found["middle" if taken == 20 else "trick"] = state
        if state.is_terminal:
            break
        state = state.apply(rng.choice(state.legal_actions()))
    assert len(found) == 3 and state.is_terminal
    return {**found, "end": state}


@pytest.mark.parametrize("name", cardrules.GAMES)
def test_the_pictures_are_drawn_as_kept(name: str) -> None:
    states = _states(name)
    drawn = {f"{name}-{when}.svg": table(state) for when, state in states.items()}
    drawn[f"{name}-middle-seat0.svg"] = table(states["middle"].observation(0))
    drawn[f"{name}-trick-seat1.svg"] = table(states["trick"].observation(1))  # a card in front of its viewer
    _compare(drawn)


def _compare(drawn: dict[str, str]) -> None:
    """Each text equals its kept file (or, with ``CARDRULES_WRITE_PICTURES=1``, becomes it)."""
    for file, text in drawn.items():
        path = PICTURES / file
        if WRITE:
            path.write_text(text, encoding="utf-8")
        assert path.is_file(), f"{file} is missing: write the pictures (see the module's docstring)"
        assert text == path.read_text(encoding="utf-8"), f"{file} is drawn differently now"


@pytest.mark.parametrize("name", cardrules.GAMES)
def test_the_dispute_reports_are_drawn_as_kept(name: str) -> None:
    explanation = explain(load(REPO_ROOT / "tests" / "records" / f"{name}-dispute.toml"), 0)
    _compare(
        {
            f"{name}-dispute.svg": dispute_svg(explanation),
            f"{name}-dispute.html": dispute_html(explanation),
            f"{name}-explain.txt": format_explanation(explanation, future=True),
        }
    )
