"""``cardrules rules`` and ``cardrules options``: a game's rule book and its options."""

from __future__ import annotations

import argparse
import dataclasses
import enum
import json
import typing

from cardrules.errors import CardRulesError
from cardrules.game import AnyGame
from cardrules.games import GAMES, get_game
from cardrules.options import did_you_mean
from cardrules.rules import Rule

from .common import Subcommands

__all__ = ["register"]


def _format_rule(rule: Rule) -> str:
    options = ", ".join(rule.options) if rule.options else "none"
    return (
        f"{rule.id}\n  {rule.statement}\n  kind: {rule.kind.value}\n  source: {rule.source}\n"
        f"  options: {options}"
    )


def _cmd_rules(args: argparse.Namespace) -> int:
    game = get_game(args.game)
    if args.rule_id:
        if args.rule_id not in game.rules:
            hint = did_you_mean(args.rule_id, [str(rule.id) for rule in game.rules])
            raise CardRulesError(
                f"{args.game} has no rule {args.rule_id!r}{hint}; see `cardrules rules {args.game}`"
            )
        print(_format_rule(game.rules[args.rule_id]))
        return 0
    for rule in game.rules:
        print(f"{rule.id:45} {rule.kind.value:12} {rule.statement}")
    return 0


def _option_rows(game: AnyGame) -> list[tuple[str, str, str, str]]:
    """Each option of ``game``: its name, default, the values it takes and the rules it changes."""
    kinds = typing.get_type_hints(game.info.options_type)
    defaults = get_game(game.name).options_dict()
    rows = []
    for field in dataclasses.fields(game.info.options_type):
        kind = kinds[field.name]
        if isinstance(kind, type) and issubclass(kind, enum.Enum):
            values = " | ".join(str(member.value) for member in kind)
        elif kind is bool:
            values = "true | false"
        else:
            values = "a whole number"
        rules = ", ".join(str(rule.id) for rule in game.rules if field.name in rule.options) or "-"
        default = defaults[field.name]
        shown = str(default).lower() if isinstance(default, bool) else str(default)
        rows.append((field.name, shown, values, rules))
    return rows


def _cmd_options(args: argparse.Namespace) -> int:
    game = get_game(args.game)
    rows = _option_rows(game)
    if args.json:
        keys = ("name", "default", "values", "rules")
        print(json.dumps([dict(zip(keys, row, strict=True)) for row in rows], indent=2, ensure_ascii=False))
        return 0
    for name, default, values, rules in rows:
        print(f"{name}  (default {default})\n  values: {values}\n  rules: {rules}")
    return 0


def register(sub: Subcommands) -> None:
    """Add the ``rules`` and ``options`` subcommands to ``sub``."""
    rules = sub.add_parser("rules", help="print a game's rule book, or one rule")
    rules.add_argument("game", choices=sorted(GAMES), help="the game")
    rules.add_argument("rule_id", nargs="?", help="one rule's id, such as felagsvist.play.must-follow")
    rules.set_defaults(run=_cmd_rules)
    opts = sub.add_parser("options", help="list a game's options: default, values, the rules each changes")
    opts.add_argument("game", choices=sorted(GAMES), help="the game")
    opts.add_argument("--json", action="store_true", help="print the options as a JSON array")
    opts.set_defaults(run=_cmd_options)
