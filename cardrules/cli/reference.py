"""``cardrules rules`` and ``cardrules options``: a game's rule book and its options."""

from __future__ import annotations

import argparse
import dataclasses
import enum
import typing

from cardrules.errors import CardRulesError, InvalidOptionError
from cardrules.game import AnyGame
from cardrules.games import GAMES, get_game
from cardrules.options import did_you_mean
from cardrules.rules import Rule

from .common import Subcommands, json_option, print_json

__all__ = ["register"]


def _format_rule(rule: Rule) -> str:
    options = ", ".join(rule.options) if rule.options else "none"
    return (
        f"{rule.id}\n  {rule.statement}\n  kind: {rule.kind.value}\n  source: {rule.source}\n"
        f"  options: {options}"
    )


def _rule_data(rule: Rule) -> dict[str, object]:
    return {
        "id": rule.id,
        "kind": rule.kind.value,
        "statement": rule.statement,
        "source": rule.source,
        "options": list(rule.options),
    }


def _cmd_rules(args: argparse.Namespace) -> int:
    game = get_game(args.game)
    if args.rule_id:
        if args.rule_id not in game.rules:
            hint = did_you_mean(args.rule_id, [str(rule.id) for rule in game.rules])
            raise CardRulesError(
                f"{args.game} has no rule {args.rule_id!r}{hint}; see `cardrules rules {args.game}`"
            )
        rule = game.rules[args.rule_id]
        if args.json:
            print_json(_rule_data(rule))
        else:
            print(_format_rule(rule))
        return 0
    if args.json:
        print_json([_rule_data(rule) for rule in game.rules])
        return 0
    for rule in game.rules:
        print(f"{rule.id:45} {rule.kind.value:12} {rule.statement}")
    return 0


@dataclasses.dataclass(frozen=True, slots=True)
class _OptionRow:
    """One option as ``cardrules options`` shows it."""

    name: str
    default: str
    kind: str
    """``choice``, ``whole number``, ``whole number or none`` or ``text``."""
    values: tuple[str, ...]
    """The texts ``--option NAME=VALUE`` takes, for a choice; empty otherwise."""
    refused: tuple[str, ...]
    """The choices the specification names but the engine refuses (InvalidOptionError)."""
    rules: tuple[str, ...]

    def data(self) -> dict[str, object]:
        """The row as a JSON object, ``values``, ``refused`` and ``rules`` as lists."""
        return {
            "name": self.name,
            "default": self.default,
            "kind": self.kind,
            "values": list(self.values),
            "refused": list(self.refused),
            "rules": list(self.rules),
        }

    def text(self) -> str:
        """The row as three lines of text."""
        values = " | ".join(self.values) if self.kind == "choice" else f"a {self.kind}"
        if self.refused:
            values += f" (named but refused: {', '.join(self.refused)})"
        rules = ", ".join(self.rules) or "-"
        return f"{self.name}  (default {self.default})\n  values: {values}\n  rules: {rules}"


def _kind_and_choices(kind: object) -> tuple[str, tuple[str, ...]]:
    if isinstance(kind, type) and issubclass(kind, enum.Enum):
        return "choice", tuple(str(member.value) for member in kind)
    if kind is bool:
        return "choice", ("true", "false")
    if kind is int:
        return "whole number", ()
    if kind == int | None:
        return "whole number or none", ()
    return "text", ()


def _option_rows(game: AnyGame) -> list[_OptionRow]:
    """Each option of ``game``: its name, default, the values it takes and the rules it changes."""
    kinds = typing.get_type_hints(game.info.options_type)
    defaults = get_game(game.name).options_dict()
    rows = []
    for field in dataclasses.fields(game.info.options_type):
        kind, choices = _kind_and_choices(kinds[field.name])
        refused = []
        for value in choices:
            try:
                get_game(game.name, **{field.name: value})
            except InvalidOptionError:
                refused.append(value)
        rules = tuple(str(rule.id) for rule in game.rules if field.name in rule.options)
        default = defaults[field.name]
        shown = str(default).lower() if isinstance(default, bool) else str(default)
        taken = tuple(value for value in choices if value not in refused)
        rows.append(_OptionRow(field.name, shown, kind, taken, tuple(refused), rules))
    return rows


def _cmd_options(args: argparse.Namespace) -> int:
    rows = _option_rows(get_game(args.game))
    if args.json:
        print_json([row.data() for row in rows])
        return 0
    for row in rows:
        print(row.text())
    return 0


def register(sub: Subcommands) -> None:
    """Add the ``rules`` and ``options`` subcommands to ``sub``."""
    rules = sub.add_parser("rules", help="print a game's rule book, or one rule")
    rules.add_argument("game", choices=sorted(GAMES), help="the game")
    rules.add_argument("rule_id", nargs="?", help="one rule's id, such as felagsvist.play.must-follow")
    json_option(rules, "the rules as a JSON array (one rule: a JSON object)")
    rules.set_defaults(run=_cmd_rules)
    opts = sub.add_parser("options", help="list a game's options: default, values, the rules each changes")
    opts.add_argument("game", choices=sorted(GAMES), help="the game")
    json_option(
        opts,
        "the options as a JSON array of objects: name, default, kind (choice, whole number, "
        "whole number or none, text), values, refused (the choices named but not modelled) "
        "and rules (the last three lists)",
    )
    opts.set_defaults(run=_cmd_options)
