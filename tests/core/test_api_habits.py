"""Small habits of the API: a game without a seed, every error at the top level, options as data."""

from __future__ import annotations

import importlib
import inspect
import json
import pkgutil
import random
import re
import subprocess
import sys

import pytest

import cardrules
from cardrules.base import DRAWN_SEED_BITS, draw_seed
from cardrules.errors import CardRulesError
from cardrules.game import AnyState
from cardrules.games import GAMES
from tests.support.cli import run_cardrules

# -- new_game() without a seed ------------------------------------------------------------


def _seed_written(state: AnyState) -> int | None:
    found = re.search(r" ; seed (-?\d+)", state.position())
    return int(found.group(1)) if found else None


def _play_into_the_next_deal(state: AnyState, most: int = 120) -> list[AnyState]:
    """The states from ``state`` on, playing the first legal action, to the second deal or the end."""
    states = [state]
    while len(states) <= most and not state.is_terminal and len(state.dealt_decks()) < 2:
        state = state.apply(state.legal_actions()[0])
        states.append(state)
    return states


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_game_without_a_seed_draws_one_and_its_position_replays_it(name: str) -> None:
    game = cardrules.get_game(name)
    state = game.new_game()
    other = game.new_game()
    assert state.dealt_decks() != other.dealt_decks()  # two draws, two deals (2**53 seeds)
    again = game.from_position(state.position())
    seed = _seed_written(state)
    if name == "backstab_fish":
        assert seed is None  # one deal, drawn at once: the position holds all of it
        replays = [again]
    else:
        assert seed is not None and 0 <= seed < 2**DRAWN_SEED_BITS
        replays = [again, game.new_game(seed=seed)]
    walked = _play_into_the_next_deal(state)
    for replay in replays:
        assert [s.position() for s in _play_into_the_next_deal(replay)] == [s.position() for s in walked]
    if name in ("felagsvist", "fildinski"):
        assert len(walked[-1].dealt_decks()) == 2  # the walk reached a deal the seed alone decides


def test_a_game_without_a_seed_leaves_the_global_random_generator_alone() -> None:
    game = cardrules.get_game("felagsvist")
    saved = random.getstate()
    try:
        random.seed(5)
        first = game.new_game()
        untouched = random.getstate()
        random.seed(5)
        assert random.getstate() == untouched  # new_game() neither read nor advanced it
        second = game.new_game()
        assert first.dealt_decks() != second.dealt_decks()  # seeding random does not fix the draw
    finally:
        random.setstate(saved)


def test_a_drawn_seed_fits_a_json_number() -> None:
    seeds = {draw_seed() for _ in range(50)}
    assert len(seeds) == 50
    assert all(0 <= seed < 2**53 for seed in seeds)
    assert max(seeds).bit_length() > 40  # drawn over the whole range, not a small one


def test_new_game_still_refuses_a_seed_that_is_not_an_int() -> None:
    game = cardrules.get_game("fildinski")
    for bad in ("7", 7.0, True):
        with pytest.raises(cardrules.InvalidArgumentError, match="seed must be an int"):
            game.new_game(seed=bad)  # type: ignore[arg-type]


# -- every public error class at the top level ----------------------------------------------


def _public_error_classes() -> dict[str, type[BaseException]]:
    found: dict[str, type[BaseException]] = {}
    for module_info in pkgutil.walk_packages(cardrules.__path__, "cardrules."):
        try:
            module = importlib.import_module(module_info.name)
        except ImportError:  # an adapter whose optional extra is not installed here
            continue
        for name in getattr(module, "__all__", ()):
            value = getattr(module, name)
            if inspect.isclass(value) and issubclass(value, BaseException):
                found[name] = value
    return found


def test_every_public_error_class_is_exported_by_the_package() -> None:
    errors = _public_error_classes()
    assert {"InvalidArgumentError", "RecordError", "ConformanceError", "InvalidPositionError"} <= set(errors)
    for name, cls in errors.items():
        assert issubclass(cls, CardRulesError), name
        assert name in cardrules.__all__, name
        assert getattr(cardrules, name) is cls, name


def test_the_conformance_error_is_imported_only_when_asked_for() -> None:
    script = (
        "import sys, cardrules; print('cardrules.testing' in sys.modules); "
        "from cardrules import ConformanceError; print(ConformanceError.__module__); "
        "print(cardrules.NoSuchError)"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=60, check=False
    )
    assert done.stdout.splitlines() == ["False", "cardrules.testing.conformance"]
    assert "AttributeError: module 'cardrules' has no attribute 'NoSuchError'" in done.stderr


# -- cardrules options --json ------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(GAMES))
def test_options_as_json_list_values_that_the_game_accepts(name: str) -> None:
    done = run_cardrules("options", name, "--json")
    assert done.returncode == 0, done.stderr
    rows = json.loads(done.stdout)
    game = cardrules.get_game(name)
    assert [row["name"] for row in rows] == list(game.options_dict())
    for row in rows:
        assert set(row) == {"name", "default", "kind", "values", "refused", "rules"}
        assert all(isinstance(row[key], list) for key in ("values", "refused", "rules"))
        assert all(rule in game.rules for rule in row["rules"])
        if row["kind"] != "choice":
            assert row["values"] == row["refused"] == []
            assert row["kind"] in ("whole number", "whole number or none", "text")
            cardrules.get_game(name, **{row["name"]: row["default"]})  # the default, as text, is taken
            continue
        assert row["default"] in row["values"]
        for value in row["values"]:  # each listed value is one the game takes
            chosen = cardrules.get_game(name, **{row["name"]: value}).options_dict()[row["name"]]
            assert str(chosen).lower() == value.lower()
        for value in row["refused"]:
            with pytest.raises(cardrules.InvalidOptionError):
                cardrules.get_game(name, **{row["name"]: value})


def test_the_options_say_which_values_are_named_but_refused() -> None:
    done = run_cardrules("options", "felagsvist")
    assert "  values: single-table (named but refused: progressive)" in done.stdout.splitlines()
    kinds = {
        row["name"]: row["kind"]
        for row in json.loads(run_cardrules("options", "backstab_fish", "--json").stdout)
    }
    assert kinds["players"] == "whole number" and kinds["stall_limit"] == "whole number or none"
