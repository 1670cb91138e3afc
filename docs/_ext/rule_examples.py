"""The rules reference's worked examples: positions and actions stored as data, judged by the engine.

Each file ``docs/rules/examples/<name>.toml`` holds ``[[example]]`` tables::

    [[example]]
    rule = "felagsvist.play.must-follow"       # the rule the example shows
    shows = "illegal"                          # or "legal": what the engine must answer
    caption = "Diamonds were led and North still holds diamonds: a spade is refused."
    position = "felagsvist ; options ... ; seed 1"   # a state.position() text
    action = "p0 play 7S"
    compare = "nolo_ace"                       # optional: an option of the game ...
    values = ["high", "low"]                   # ... and the values to judge it under

Nothing about the verdict is stored: :func:`judge` reads the position with
:func:`cardrules.from_position`, asks the engine, and draws the table as the
actor saw it with :func:`cardrules.svg.judged`, so a page built from an
example always shows what the engine says now. With ``compare``, the same
position and action are judged again under each value (the position's
``options`` section rewritten), side by side.

The Sphinx extension ``cardrules_examples`` renders them; the test
``tests/core/test_rule_examples.py`` checks them. This module needs no Sphinx.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Final

import cardrules
from cardrules.game import Action, AnyState
from cardrules.svg import judged
from cardrules.verdict import Verdict

__all__ = [
    "EXAMPLE_KEYS",
    "ExampleError",
    "Judged",
    "RuleExample",
    "examples_by_rule",
    "judge",
    "judge_under",
    "load_examples",
    "missing_examples",
    "with_option",
]

EXAMPLE_KEYS: Final = frozenset({"rule", "shows", "caption", "position", "action", "compare", "values"})
"""The keys an ``[[example]]`` table may have."""

_OPTIONS: Final = re.compile(r"(;\s*options\s)([^;]*)")


class ExampleError(ValueError):
    """An example file that cannot be read: names the file, the example and the field."""


@dataclass(frozen=True, slots=True)
class RuleExample:
    """One worked example, as stored: which rule, what it shows, the position and the action.

    Attributes:
        rule: the id of the rule the example sits under.
        shows: ``"legal"`` or ``"illegal"``, what the engine must answer.
        caption: one line for a player, saying what the picture shows.
        position: a position text, as ``state.position()`` writes it.
        action: the action's text, as ``state.parse_action`` reads it.
        compare: an option of the game to judge the action under each of ``values``, or ``""``.
        values: the values of ``compare``, as option text.
        where: the file and the example's number, for messages.
    """

    rule: str
    shows: str
    caption: str
    position: str
    action: str
    compare: str = ""
    values: tuple[str, ...] = ()
    where: str = ""


@dataclass(frozen=True, slots=True)
class Judged:
    """An example with the engine's answer: the state, the verdict, the alternatives and the picture.

    Attributes:
        example: the stored example.
        state: the position read back.
        verdict: ``state.check(action)``.
        actor: the seat whose view the picture shows.
        legal_actions: the text of every legal action in the position.
        picture: the SVG of the table as the actor saw it, the action and its alternatives marked.
        option: the option value judged under (``compare=value``), or ``""`` for the position as stored.
    """

    example: RuleExample
    state: AnyState
    verdict: Verdict
    actor: int
    legal_actions: tuple[str, ...]
    picture: str
    option: str = ""


def _text(table: Mapping[str, object], key: str, where: str, *, required: bool = True) -> str:
    value = table.get(key, "")
    if not isinstance(value, str) or (required and not value.strip()):
        raise ExampleError(f"{where}: {key} must be a non-empty string")
    return " ".join(value.split())


def _example(table: Mapping[str, object], where: str) -> RuleExample:
    unknown = sorted(set(table) - EXAMPLE_KEYS)
    if unknown:
        raise ExampleError(
            f"{where}: unknown key {', '.join(unknown)} (allowed: {', '.join(sorted(EXAMPLE_KEYS))})"
        )
    shows = _text(table, "shows", where)
    if shows not in ("legal", "illegal"):
        raise ExampleError(f"{where}: shows is 'legal' or 'illegal', not {shows!r}")
    compare = _text(table, "compare", where, required=False)
    raw_values = table.get("values", [])
    if not isinstance(raw_values, list) or not all(isinstance(v, str) for v in raw_values):
        raise ExampleError(f"{where}: values must be a list of strings")
    values = tuple(str(v) for v in raw_values)
    if bool(compare) != bool(values):
        raise ExampleError(f"{where}: compare and values go together")
    return RuleExample(
        rule=_text(table, "rule", where),
        shows=shows,
        caption=_text(table, "caption", where),
        position=_text(table, "position", where),
        action=_text(table, "action", where),
        compare=compare,
        values=values,
        where=where,
    )


def load_examples(directory: str | Path) -> tuple[RuleExample, ...]:
    """Every example of every ``*.toml`` file in ``directory``, files in name order.

    Raises:
        ExampleError: a file that is not TOML, or an example with a missing or wrong field.
    """
    found: list[RuleExample] = []
    for path in sorted(Path(directory).glob("*.toml")):
        try:
            tree = tomllib.loads(path.read_text(encoding="utf-8"))
        except tomllib.TOMLDecodeError as error:
            raise ExampleError(f"{path.name}: not TOML: {error}") from error
        tables = tree.get("example", [])
        if set(tree) - {"example"} or not isinstance(tables, list):
            raise ExampleError(f"{path.name}: holds [[example]] tables only")
        for number, table in enumerate(tables, 1):
            found.append(_example(table, f"{path.name}, example {number}"))
    return tuple(found)


def with_option(position: str, name: str, value: str) -> str:
    """The position text with option ``name`` set to ``value`` in its ``options`` section.

    Raises:
        ExampleError: the position has no such option.
    """
    match = _OPTIONS.search(position)
    if match is None or not re.search(rf"(^|\s){re.escape(name)}=\S+", match.group(2)):
        raise ExampleError(f"the position has no option {name}")
    section = re.sub(rf"(^|\s){re.escape(name)}=\S+", rf"\g<1>{name}={value}", match.group(2))
    return position[: match.start(2)] + section + position[match.end(2) :]


def _judged(example: RuleExample, position: str, option: str) -> Judged:
    state = cardrules.from_position(position)
    verdict = state.check(example.action)
    try:
        read: Action | None = state.parse_action(example.action)
    except cardrules.errors.CardRulesError:
        read = None
    actor = read.seat if read is not None else max(state.current_player, 0)
    return Judged(
        example=example,
        state=state,
        verdict=verdict,
        actor=actor,
        legal_actions=tuple(str(a) for a in state.legal_actions()),
        picture=judged(state, example.action, seat=actor),
        option=option,
    )


def judge(example: RuleExample) -> Judged:
    """The example judged by the engine, as stored.

    Raises:
        InvalidPositionError: the position does not read.
    """
    return _judged(example, example.position, "")


def judge_under(example: RuleExample) -> tuple[Judged, ...]:
    """The example judged under each value of its ``compare`` option (empty without one)."""
    return tuple(
        _judged(example, with_option(example.position, example.compare, value), f"{example.compare}={value}")
        for value in example.values
    )


def examples_by_rule(examples: Iterable[RuleExample]) -> dict[str, list[RuleExample]]:
    """The examples grouped by the rule they sit under, in file order."""
    grouped: dict[str, list[RuleExample]] = {}
    for example in examples:
        grouped.setdefault(example.rule, []).append(example)
    return grouped


def missing_examples(rule_ids: Iterable[str], examples: Iterable[RuleExample]) -> tuple[str, ...]:
    """The rule ids, in the order given, that no example sits under."""
    shown = {example.rule for example in examples}
    return tuple(rule_id for rule_id in rule_ids if rule_id not in shown)
