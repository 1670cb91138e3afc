"""Typed, validated game options.

Each game declares its options as a frozen dataclass whose fields are enums
(with string values, such as ``"per-trick"``), ints or bools, each with a
default. :func:`build_options` turns what a user passed (Python values or the
strings of a command line or a record) into that dataclass, and refuses any
unknown option or bad value with an :class:`~cardrules.errors.InvalidOptionError`
that names the option and the values it takes.

Every reader reads names and values alike: ``-`` and ``_`` are the same, and
so is letter case where no two values differ by case alone
(``dix-exchange=From-Hand`` is ``dix_exchange=from_hand``). What is written
(``options_dict()``, records, ``cardrules options``) is the canonical spelling,
the one each game's specification uses. An enum may read more spellings of a
value through its ``_missing_`` hook (Félagsvist's ``first_dealer`` reads any
seat: ``E``, ``p1`` or ``1``).
"""

from __future__ import annotations

import dataclasses
import difflib
import re
import typing
from collections.abc import Iterable, Mapping
from enum import Enum
from types import MappingProxyType
from typing import Any, Final, Protocol, TypeVar

from cardrules.errors import InvalidArgumentError, InvalidOptionError
from cardrules.text import echo

__all__ = [
    "MAX_OPTION_DIGITS",
    "OptionsDataclass",
    "build_options",
    "did_you_mean",
    "field_types",
    "option_key",
    "options_as_dict",
    "value_key",
    "whole_number",
]

MAX_OPTION_DIGITS: Final = 18
"""The most digits of a whole-number option, as text or as an int (larger values are refused)."""

_NUMERAL: Final = re.compile(rf"-?[0-9]{{1,{MAX_OPTION_DIGITS}}}", re.ASCII)


def whole_number(value: object) -> int | None:
    """``value`` as a whole-number option: an int (not a bool) or its ASCII numeral, at most 18 digits.

    ``None`` for anything else: other types, other digits (``"٥"``, ``"²0"``),
    two signs (``"--10"``), more digits than :data:`MAX_OPTION_DIGITS`. The
    cost does not grow with the input.

    >>> whole_number(" 12 "), whole_number("-3"), whole_number("--10"), whole_number("٥"), whole_number(True)
    (12, -3, None, None, None)
    """
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value if -(10**MAX_OPTION_DIGITS) < value < 10**MAX_OPTION_DIGITS else None
    if isinstance(value, str) and len(value) <= MAX_OPTION_DIGITS + 64:
        text = value.strip()
        if _NUMERAL.fullmatch(text):
            return int(text)
    return None


class OptionsDataclass(Protocol):
    """What every game's options class is: a dataclass (its fields are the options)."""

    __dataclass_fields__: typing.ClassVar[dict[str, dataclasses.Field[Any]]]


T = TypeVar("T", bound=OptionsDataclass)


def did_you_mean(given: str, choices: Iterable[str]) -> str:
    """`` (did you mean 'x'?)`` for the closest of ``choices`` to a mistyped ``given``, or ``""``.

    >>> did_you_mean("scorng", ["scoring", "tiebreak"]), did_you_mean("zzz", ["scoring"])
    (" (did you mean 'scoring'?)", '')
    """
    if len(given) > 100:  # no name of an option or a value is this long: no close match
        return ""
    close = difflib.get_close_matches(given, list(choices), n=1, cutoff=0.6)
    return f" (did you mean {close[0]!r}?)" if close else ""


def option_key(name: str) -> str:
    """An option's name as its dataclass spells it: blanks, case and ``-`` against ``_`` do not matter.

    >>> option_key(" Dix-Exchange ")
    'dix_exchange'
    """
    return name.strip().lower().replace("-", "_")


def value_key(text: str) -> str:
    """An option value as compared: case, surrounding blanks, and ``-`` against ``_`` do not matter.

    >>> value_key(" From-Hand ") == value_key("from_hand")
    True
    """
    return text.strip().lower().replace("_", "-")


def _convert(game: str, name: str, kind: object, value: object) -> object:
    """``value`` as the option's type; ``name`` is the option as the caller spelled it."""
    if isinstance(kind, type) and issubclass(kind, Enum):
        if isinstance(value, kind):
            return value
        exact = kind._value2member_map_.get(value) if isinstance(value, str) else None
        if exact is not None:  # the canonical spelling (as records write it) reads as itself at once
            return exact
        if isinstance(value, str) and len(value) <= 100:
            wanted = value_key(value)
            matches = [member for member in kind if value_key(str(member.value)) == wanted]
            if len(matches) > 1:  # values that differ by case alone: the case decides
                matches = [member for member in matches if str(member.value) == value.strip()]
            if len(matches) == 1:
                return matches[0]
        try:  # an enum's own further spellings (its _missing_ hook), such as a seat for a dealer
            return kind(value.strip() if isinstance(value, str) and len(value) <= 100 else value)
        except (ValueError, TypeError):
            pass
        allowed = ", ".join(str(m.value) for m in kind)
        hint = did_you_mean(str(value), [str(m.value) for m in kind]) if isinstance(value, str) else ""
        raise InvalidOptionError(name, f"{game} option {name} takes {allowed}; not {echo(value)}{hint}")
    if kind is bool:
        if isinstance(value, bool):
            return value
        if isinstance(value, str) and value.strip().lower() in ("true", "false", "yes", "no"):
            return value.strip().lower() in ("true", "yes")
        raise InvalidOptionError(name, f"{game} option {name} takes true or false; not {echo(value)}")
    if kind is int:
        number = whole_number(value)
        if number is not None:
            return number
        raise InvalidOptionError(name, f"{game} option {name} takes a whole number; not {echo(value)}")
    raise InvalidArgumentError(f"option {name} has a type options cannot convert: {kind!r}")


def field_types(cls: type[object]) -> Mapping[str, object]:
    """The field types of the options dataclass ``cls``, by field name (read-only).

    ``typing.get_type_hints`` evaluates every annotation anew on each call, and
    a game is built for every record checked: each game works them out once, at
    import (:attr:`cardrules.game.GameInfo.option_types`), and hands them to
    :func:`build_options`.
    """
    return MappingProxyType(typing.get_type_hints(cls))


def build_options(
    cls: type[T], game: str, given: Mapping[str, object], types: Mapping[str, object] | None = None
) -> T:
    """Build the options dataclass ``cls`` of ``game`` from ``given``.

    Names and values are read as :func:`option_key` and the module's notes say.
    Missing options take their defaults. ``types`` are ``cls``'s
    :func:`field_types`, when the caller has them already.

    Raises:
        InvalidOptionError: an option ``game`` does not have, one given twice
            (``scoring`` and ``Scoring``), or a value it does not take.
    """
    hints = field_types(cls) if types is None else types
    fields = {f.name for f in dataclasses.fields(cls)}
    values: dict[str, object] = {}
    seen: dict[str, str] = {}
    for raw_name, value in given.items():
        name = option_key(raw_name)
        if name in seen:
            raise InvalidOptionError(raw_name, f"{game} option {name} is given twice ({seen[name]!r} too)")
        seen[name] = raw_name
        if name not in fields:
            known = ", ".join(sorted(fields))
            hint = did_you_mean(name, fields)
            raise InvalidOptionError(
                raw_name, f"{game} has no option {echo(raw_name)}{hint}; its options are {known}"
            )
        values[name] = _convert(game, raw_name, hints[name], value)
    return cls(**values)


def options_as_dict(options: object) -> dict[str, str | int]:
    """Every option of an options dataclass as a plain value (enum values as their strings), in field order.

    Raises:
        TypeError: ``options`` is not a dataclass instance.
    """
    if not dataclasses.is_dataclass(options) or isinstance(options, type):
        raise InvalidArgumentError(f"{options!r} is not an options dataclass")
    out: dict[str, str | int] = {}
    for f in dataclasses.fields(options):
        value = getattr(options, f.name)
        out[f.name] = value._value_ if isinstance(value, Enum) else value  # `.value` is a slow descriptor
    return out
