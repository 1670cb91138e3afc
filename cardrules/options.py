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
from typing import Any, Protocol, TypeVar

from cardrules.errors import InvalidArgumentError, InvalidOptionError

__all__ = ["OptionsDataclass", "build_options", "did_you_mean", "option_key", "options_as_dict", "value_key"]


class OptionsDataclass(Protocol):
    """What every game's options class is: a dataclass (its fields are the options)."""

    __dataclass_fields__: typing.ClassVar[dict[str, dataclasses.Field[Any]]]


T = TypeVar("T", bound=OptionsDataclass)


def did_you_mean(given: str, choices: Iterable[str]) -> str:
    """`` (did you mean 'x'?)`` for the closest of ``choices`` to a mistyped ``given``, or ``""``.

    >>> did_you_mean("scorng", ["scoring", "tiebreak"]), did_you_mean("zzz", ["scoring"])
    (" (did you mean 'scoring'?)", '')
    """
    close = difflib.get_close_matches(given[:100], list(choices), n=1, cutoff=0.6)
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
        if isinstance(value, str):
            wanted = value_key(value)
            matches = [member for member in kind if value_key(str(member.value)) == wanted]
            if len(matches) > 1:  # values that differ by case alone: the case decides
                matches = [member for member in matches if str(member.value) == value.strip()]
            if len(matches) == 1:
                return matches[0]
        try:  # an enum's own further spellings (its _missing_ hook), such as a seat for a dealer
            return kind(value.strip() if isinstance(value, str) else value)
        except ValueError:
            pass
        allowed = ", ".join(str(m.value) for m in kind)
        hint = did_you_mean(str(value), [str(m.value) for m in kind]) if isinstance(value, str) else ""
        raise InvalidOptionError(name, f"{game} option {name} takes {allowed}; not {value!r}{hint}")
    if kind is bool:
        if isinstance(value, bool):
            return value
        if isinstance(value, str) and value.strip().lower() in ("true", "false", "yes", "no"):
            return value.strip().lower() in ("true", "yes")
        raise InvalidOptionError(name, f"{game} option {name} takes true or false; not {value!r}")
    if kind is int:
        if isinstance(value, int) and not isinstance(value, bool):
            return value
        if isinstance(value, str) and re.fullmatch(r"-?[0-9]{1,18}", value.strip(), re.ASCII):
            return int(value)
        raise InvalidOptionError(name, f"{game} option {name} takes a whole number; not {value!r}")
    raise InvalidArgumentError(f"option {name} has a type options cannot convert: {kind!r}")


def build_options(cls: type[T], game: str, given: Mapping[str, object]) -> T:
    """Build the options dataclass ``cls`` of ``game`` from ``given``.

    Names and values are read as :func:`option_key` and the module's notes say.
    Missing options take their defaults.

    Raises:
        InvalidOptionError: an option ``game`` does not have, one given twice
            (``scoring`` and ``Scoring``), or a value it does not take.
    """
    hints = typing.get_type_hints(cls)
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
                raw_name, f"{game} has no option {raw_name!r}{hint}; its options are {known}"
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
        out[f.name] = value.value if isinstance(value, Enum) else value
    return out
