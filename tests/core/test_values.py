"""States are values whatever their length, and hold nothing mutable; module-level tables are read-only.

A state is compared, hashed, copied and pickled as a value, however long its
game (Backstab Fish with no stall limit runs to thousands of events); it holds
only immutable parts, carries no cache when pickled or rebuilt with
``dataclasses.replace``; and no module of the library keeps a table that a
caller could edit.
"""

from __future__ import annotations

import copy
import dataclasses
import importlib
import pickle
import pkgutil
import random
from collections.abc import Iterator
from enum import Enum
from types import MappingProxyType, ModuleType
from typing import Final

import pytest

import cardrules
from cardrules.game import AnyState
from tests.support.extras import importable

GAMES: Final = ("felagsvist", "fildinski", "calabresella", "backstab_fish")

MUTABLE: Final = (dict, list, set, bytearray)
"""The built-in containers a caller could change in place."""


def library_modules() -> Iterator[ModuleType]:
    """Every module of the library but the command line's entry module (and an adapter missing its extra)."""
    yield cardrules
    for info in pkgutil.walk_packages(cardrules.__path__, prefix="cardrules."):
        if not info.name.endswith("__main__") and importable(info.name):
            yield importlib.import_module(info.name)


def mutable_parts(value: object, where: str) -> list[str]:
    """Where a mutable container sits inside ``value`` (an empty list when there is none).

    The walk goes through tuples, frozensets, read-only mappings and the fields
    of the library's own dataclasses and slotted values, with a stack rather
    than recursion (a long game's history is a deep chain).
    """
    found: list[str] = []
    seen: set[int] = set()
    stack: list[tuple[object, str]] = [(value, where)]
    while stack:
        item, path = stack.pop()
        if id(item) in seen or isinstance(item, (str, bytes, int, float, Enum, type(None))):
            continue
        seen.add(id(item))
        if isinstance(item, MUTABLE):
            found.append(f"{path}: {type(item).__name__}")
        elif isinstance(item, (tuple, frozenset)):
            stack.extend((part, f"{path}[{n}]") for n, part in enumerate(item))
        elif isinstance(item, MappingProxyType):
            stack.extend((part, f"{path}[{key!r}]") for key, part in item.items())
        elif type(item).__module__.startswith("cardrules"):
            params = getattr(type(item), "__dataclass_params__", None)
            if params is not None and not params.frozen:
                found.append(f"{path}: a mutable dataclass {type(item).__name__}")
            for klass in type(item).__mro__:
                for name in getattr(klass, "__slots__", ()):
                    if hasattr(item, name):
                        stack.append((getattr(item, name), f"{path}.{name}"))
            stack.extend((part, f"{path}.{name}") for name, part in getattr(item, "__dict__", {}).items())
    return found


def random_line(name: str, seed: int, **options: object) -> list[AnyState]:
    """Every state of one random game of ``name``, from the deal to the end."""
    state = cardrules.get_game(name, **options).new_game(seed=seed)
    rng = random.Random(seed)
    line = [state]
    while not state.is_terminal:
        state = state.apply(rng.choice(state.legal_actions()))
        line.append(state)
    return line


# -- module-level tables ------------------------------------------------------------------------


def test_no_module_keeps_a_table_a_caller_could_edit() -> None:
    problems = []
    for module in library_modules():
        for name, value in vars(module).items():
            if name.startswith("__") or isinstance(value, (ModuleType, type)) or callable(value):
                continue
            problems += mutable_parts(value, f"{module.__name__}.{name}")
    assert problems == []


def test_the_walk_finds_a_table_that_could_be_edited() -> None:
    """Guards the walk above: an editable table, even inside a frozen value, is found."""

    @dataclasses.dataclass(frozen=True)
    class Holder:
        table: object

    Holder.__module__ = "cardrules.example"
    assert mutable_parts({"a": 1}, "x") == ["x: dict"]
    assert mutable_parts((1, MappingProxyType({"k": [2]})), "x") == ["x[1]['k']: list"]
    assert mutable_parts(Holder(bytearray()), "x") == ["x.table: bytearray"]


def test_the_game_table_and_a_rule_book_are_read_only() -> None:
    from cardrules.games import GAMES as TABLE
    from cardrules.games.backstab_fish import DECKS

    with pytest.raises(TypeError):
        TABLE["felagsvist"] = TABLE["fildinski"]  # type: ignore[index]
    deck = next(iter(DECKS))
    with pytest.raises(TypeError):
        DECKS[deck] = ()  # type: ignore[index]
    book = cardrules.get_game("felagsvist").rules
    assert mutable_parts(book, "rules") == []


# -- states --------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", GAMES)
def test_no_state_of_a_game_holds_a_mutable_part(name: str) -> None:
    line = random_line(name, 11)
    for state in [*line[:: max(1, len(line) // 40)], line[-1]]:
        assert mutable_parts(state, "state") == []


@pytest.mark.parametrize("name", GAMES)
def test_a_state_rebuilt_for_another_seat_keeps_no_answer_of_the_first(name: str) -> None:
    state = random_line(name, 5)[3]
    state.legal_actions()  # an engine that remembered its answer would carry it over
    other = next(seat for seat in range(4) if seat != state.current_player)
    moved = dataclasses.replace(state, current_player=other)  # type: ignore[type-var]
    assert moved.legal_actions(), moved
    assert all(action.seat == other for action in moved.legal_actions())


@pytest.mark.parametrize("name", GAMES)
def test_a_start_state_pickles_small(name: str) -> None:
    """A state carries no cache: a new game pickles in a few kilobytes (Backstab Fish took 215 KB)."""
    state = cardrules.get_game(name).new_game(seed=1)
    data = pickle.dumps(state)
    assert len(data) < 4096
    again = pickle.loads(data)
    assert again == state
    assert again.legal_actions() == state.legal_actions()


def test_the_longest_games_compare_hash_copy_and_pickle_as_values() -> None:
    """Backstab Fish with no stall limit and ten players: thousands of events, no RecursionError."""
    options = {"players": 10, "stall_limit": "none"}
    mine, twin = random_line("backstab_fish", 3, **options), random_line("backstab_fish", 3, **options)
    end, other = mine[-1], twin[-1]
    assert len(end.events) > 2000  # type: ignore[attr-defined]  # past the depth that broke the chain
    assert end == other and hash(end) == hash(other)
    assert end != mine[-2]
    again = pickle.loads(pickle.dumps(end))
    assert again == end and again.events == end.events  # type: ignore[attr-defined]
    assert copy.deepcopy(end) == end and copy.copy(end) == end
    assert len(pickle.dumps(end)) < 200_000


def test_two_histories_differing_in_one_event_are_unequal_and_hash_apart() -> None:
    from cardrules.games.backstab_fish import EventLog

    events = tuple(("ask", n % 4, (n + 1) % 4, n % 13, 1, 0) for n in range(3000))
    changed = (*events[:10], ("ask", 0, 2, 5, 2, 0), *events[11:])
    assert EventLog.of(events) == EventLog.of(events)
    assert hash(EventLog.of(events)) == hash(EventLog.of(events))
    assert EventLog.of(events) != EventLog.of(changed)
    assert EventLog.of(events) != EventLog.of(events[:-1])
    assert tuple(EventLog.of(events)) == events and len(EventLog.of(events)) == 3000


def test_every_rule_book_pickles_copies_and_deep_copies_equal() -> None:
    from cardrules.games import rule_books
    from cardrules.rules import COMMON_RULES

    for book in [*rule_books().values(), COMMON_RULES]:
        for twin in (pickle.loads(pickle.dumps(book)), copy.deepcopy(book), copy.copy(book)):
            assert twin == book and twin.ids == book.ids
            assert all(twin[rule_id] == book[rule_id] for rule_id in book.ids)
            assert isinstance(twin._by_id, MappingProxyType)  # still read-only
