"""The record as a tree of plain values: the shape TOML and JSON share.

Both written forms hold the same tree, a table (object) with these fields, in
this order:

``format``
    the format version, the integer 1.
``game``
    the game's name, a string.
``options``
    a table from option name to value (string, integer or boolean); every
    option is written, defaults included. The reader fills in missing ones.
``seats``
    a table from seat token (``p0``, ``p1``, ...) to the player's name, ``""``
    when unknown; every seat is written. The reader treats a missing seat as
    unnamed.
``position``
    (only in a record that starts from a position) the position text
    (:mod:`cardrules.position`). Such a record has no ``dealer`` and no
    ``deals``: the position says who dealt and where every later deal comes
    from. A position and one action is a complete dispute.
``dealer``
    the seat token of the first dealer, such as ``"p2"`` (not in a record
    that starts from a position). Wherever a seat is written (the dealer,
    the keys of ``seats`` and ``claimed_scores``) the reader also takes the
    game's seat names, as its options do (``"E"`` in Félagsvist).
``claimed_scores``
    (only when some score is claimed) a table from seat token to an integer.
``deals``
    (not in a record that starts from a position) an array with one string
    per deal: its deck order, top card first, as canonical card text
    separated by single spaces. The reader also takes an array of card
    strings, commas, and any card text the library reads.
``actions``
    an array with one entry per step (step ``n`` is ``actions[n]``, counted
    from 0): the action's canonical text (a string
    that starts with its actor, ``"p2 play QS"``) or, when it has a comment,
    a table ``{action = "p2 play QS", comment = "..."}``.

:func:`to_tree` builds the tree of a record; :func:`from_tree` reads one
tolerantly, noting every problem with its location before it raises.
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping
from itertools import repeat
from typing import Final, TypeVar

from cardrules.records.draft import Draft, Problems, step_location
from cardrules.records.errors import RecordError
from cardrules.records.limits import (
    MAX_ACTIONS,
    MAX_DEALS,
    MAX_DECK_CARDS,
    MAX_KEY_CHARS,
    MAX_OPTIONS,
    count_problem,
    text_problem,
)
from cardrules.records.model import FORMAT_VERSION, Record, seat_token
from cardrules.records.validate import Prepared, settle

__all__ = ["FIELDS", "from_tree", "prepared_from_tree", "to_tree"]

FIELDS: Final[tuple[str, ...]] = (
    "format",
    "game",
    "options",
    "seats",
    "position",
    "dealer",
    "claimed_scores",
    "deals",
    "actions",
)
"""The fields of a record, in the order they are written."""

_T = TypeVar("_T", str, int)

_REQUIRED: Final = ("format", "game", "dealer", "deals", "actions")
_FROM_DEALS: Final = ("dealer", "deals")
"""The fields a record from a position leaves out."""
_ACTION_FIELDS: Final = ("action", "comment")
MAX_SHOWN_FIELDS: Final = 10
"""How many unknown fields of one table the reader names (internal)."""


def _key(key: object) -> str:
    """A table's key as a location: cut short when past :data:`MAX_KEY_CHARS`."""
    text = str(key)
    return text if len(text) <= MAX_KEY_CHARS else f"{text[:MAX_KEY_CHARS]}..."


def _too_many(
    location: str, value: list[object] | Mapping[str, object], what: str, most: int, problems: Problems
) -> bool:
    """Note a problem and say so when ``value`` holds more than ``most`` entries."""
    message = count_problem(what, len(value), most)
    if message is not None:
        problems.add(location, message)
        return True
    return False


def to_tree(record: Record) -> dict[str, object]:
    """The tree of ``record``, its fields in the written order.

    The record is written as it is; :func:`~cardrules.records.files.dumps`
    checks it and puts it in canonical form first.
    """
    tree: dict[str, object] = {
        "format": record.format_version,
        "game": record.game,
        "options": dict(record.options),
        "seats": {seat_token(seat): name for seat, name in enumerate(record.seats)},
    }
    if record.position is not None:
        tree["position"] = record.position
    else:
        tree["dealer"] = seat_token(record.dealer)
    if record.claimed_scores:
        tree["claimed_scores"] = {seat_token(seat): score for seat, score in record.claimed_scores}
    if record.position is None:
        tree["deals"] = [" ".join(str(card) for card in deck) for deck in record.deals]
    tree["actions"] = [
        entry.text if entry.comment is None else {"action": entry.text, "comment": entry.comment}
        for entry in record.actions
    ]
    return tree


def kind_of(value: object) -> str:
    """How a value's type reads in a message (internal)."""
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, int):
        return "a whole number"
    if isinstance(value, float):
        return "a number with a fraction"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "an array"
    if isinstance(value, Mapping):
        return "a table"
    if isinstance(value, (datetime.date, datetime.time)):
        return "a date or time"
    if value is None:
        return "null"
    return type(value).__name__  # pragma: no cover - TOML and JSON make no other values


def from_tree(tree: object, *, source: str | None = None) -> Record:
    """Read a record from its tree, checking the shape and then the game.

    Args:
        tree: the parsed document (from ``tomllib`` or ``json``).
        source: the file name, for messages.

    Raises:
        RecordError: with every problem found, each with its location.
    """
    return prepared_from_tree(tree, source=source).record


def prepared_from_tree(tree: object, *, source: str | None = None) -> Prepared:
    """As :func:`from_tree`, and keep what checking the game found: the game, the start, the steps read.

    :func:`~cardrules.records.check.check` takes the result without checking
    the record against its game a second time.

    Raises:
        RecordError: with every problem found, each with its location.
    """
    problems = Problems()
    if not isinstance(tree, Mapping):
        problems.add("document", f"a record is a table of fields ({', '.join(FIELDS)}), not {kind_of(tree)}")
        raise RecordError(problems.items, source)
    unknown = [key for key in tree if key not in FIELDS]
    for key in unknown[:MAX_SHOWN_FIELDS]:
        problems.add(_key(key), f"not a field of a record; the fields are {', '.join(FIELDS)}")
    if len(unknown) > MAX_SHOWN_FIELDS:
        problems.add(
            "document", f"and {len(unknown) - MAX_SHOWN_FIELDS} more fields that a record does not have"
        )

    from_position = "position" in tree

    def get(key: str) -> object:
        if key not in tree and key in _REQUIRED and not (from_position and key in _FROM_DEALS):
            problems.add(key, "missing: every record has this field")
        if key in tree and from_position and key in _FROM_DEALS:
            problems.add(
                key, "a record that starts from a position has no dealer or deals: the position says them"
            )
            return None
        return tree.get(key)

    # In the written order, so that the problems come in the order of the file.
    format_version = _whole("format", get("format"), problems)
    game = _string("game", get("game"), problems)
    options = _options(get("options"), problems)
    seats = _table("seats", get("seats"), str, 'a string (the player\'s name, or "")', problems)
    position = _string("position", get("position"), problems) if from_position else None
    dealer = _string("dealer", get("dealer"), problems)
    claims = _table("claimed_scores", get("claimed_scores"), int, "a whole number", problems)
    deals = _deals(get("deals"), problems)
    actions = _actions(get("actions"), problems)
    draft = Draft(
        format_version, game, options, seats, dealer, deals, actions, claims, position, from_position
    )
    prepared = settle(draft, problems)
    if prepared is None:
        raise RecordError(problems.items, source)
    return prepared


def _whole(location: str, value: object, problems: Problems) -> int | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        problems.add(location, f"must be a whole number (format = {FORMAT_VERSION}), not {kind_of(value)}")
        return None
    return value


def _string(location: str, value: object, problems: Problems) -> str | None:
    if value is None:
        return None
    if not isinstance(value, str):
        problems.add(location, f"must be a string, not {kind_of(value)}")
        return None
    return value


def _options(value: object, problems: Problems) -> tuple[tuple[str, str | int], ...]:
    if value is None:
        return ()
    if not isinstance(value, Mapping):
        problems.add("options", f"must be a table of option names and values, not {kind_of(value)}")
        return ()
    if _too_many("options", value, "options", MAX_OPTIONS, problems):
        return ()
    out: list[tuple[str, str | int]] = []
    for name, option in value.items():
        long = text_problem(str(name), MAX_KEY_CHARS)
        if long is not None:
            problems.add(f"options.{_key(name)}", f"the option's name is {long}")
        elif isinstance(option, (str, int)):
            out.append((str(name), option))
        else:
            problems.add(
                f"options.{name}", f"must be a string, a whole number or true/false, not {kind_of(option)}"
            )
    return tuple(out)


def _table(
    location: str, value: object, kind: type[_T], wanted: str, problems: Problems
) -> tuple[tuple[str, _T], ...]:
    if value is None:
        return ()
    if not isinstance(value, Mapping):
        problems.add(location, f"must be a table from seat (p0, p1, ...) to {wanted}, not {kind_of(value)}")
        return ()
    if _too_many(location, value, "seats", MAX_OPTIONS, problems):
        return ()
    out: list[tuple[str, _T]] = []
    for token, item in value.items():
        long = text_problem(str(token), MAX_KEY_CHARS)
        if long is not None:
            problems.add(f"{location}.{_key(token)}", f"the seat is {long}")
        elif isinstance(item, kind) and not isinstance(item, bool):
            out.append((str(token), item))
        else:
            problems.add(f"{location}.{token}", f"must be {wanted}, not {kind_of(item)}")
    return tuple(out)


def _deals(value: object, problems: Problems) -> tuple[tuple[str, ...] | None, ...] | None:
    if value is None:
        return None
    if not isinstance(value, list):
        problems.add("deals", f"must be an array of deck orders, not {kind_of(value)}")
        return None
    if _too_many("deals", value, "deck orders", MAX_DEALS, problems):
        return None
    out: list[tuple[str, ...] | None] = []
    for k, deck in enumerate(value):
        long = text_problem(deck) if isinstance(deck, str) else None
        if long is not None:
            problems.add(f"deals[{k}]", f"the deck order is {long}")
            out.append(None)
        elif isinstance(deck, list) and _too_many(f"deals[{k}]", deck, "cards", MAX_DECK_CARDS, problems):
            out.append(None)
        elif isinstance(deck, str):
            out.append(tuple(deck.replace(",", " ").split()))
        elif isinstance(deck, list) and all(isinstance(card, str) for card in deck):
            out.append(tuple(card for card in deck if isinstance(card, str)))
        else:
            problems.add(f"deals[{k}]", f"must be a string of cards, top card first, not {kind_of(deck)}")
            out.append(None)
    return tuple(out)


def _actions(value: object, problems: Problems) -> tuple[tuple[str, str | None] | None, ...] | None:
    if value is None:
        return None
    if not isinstance(value, list):
        problems.add("actions", f"must be an array of actions, not {kind_of(value)}")
        return None
    if _too_many("actions", value, "actions", MAX_ACTIONS, problems):
        return None
    if set(map(type, value)) <= {str}:  # the usual record: every action is its text alone
        return tuple(zip(value, repeat(None)))
    out: list[tuple[str, str | None] | None] = []
    for index, entry in enumerate(value):
        if isinstance(entry, str):
            out.append((entry, None))
            continue
        location = step_location(index)
        if not isinstance(entry, Mapping):
            problems.add(
                location,
                f"step {index}: must be the action's text or a table with action and comment, "
                f"not {kind_of(entry)}",
            )
            out.append(None)
            continue
        good = True
        for key in [key for key in entry if key not in _ACTION_FIELDS][:MAX_SHOWN_FIELDS]:
            problems.add(
                f"{location}.{_key(key)}", "not a field of an action; the fields are action and comment"
            )
            good = False
        text, comment = entry.get("action"), entry.get("comment")
        if text is None:
            problems.add(f"{location}.action", f"step {index}: missing: the action's text")
            good = False
        elif not isinstance(text, str):
            problems.add(f"{location}.action", f"step {index}: must be a string, not {kind_of(text)}")
            good = False
        if comment is not None and not isinstance(comment, str):
            problems.add(f"{location}.comment", f"must be a string, not {kind_of(comment)}")
            good = False
        if good and isinstance(text, str) and (comment is None or isinstance(comment, str)):
            out.append((text, comment))
        else:
            out.append(None)
    return tuple(out)
