"""Seats and actors in action text.

An action's canonical text starts with its actor, ``p`` and the seat number
(``"p2 play QS"``). Readers also accept the bare number (``"2 play QS"``), a
game's own seat names (``N``, ``E``, ``S``, ``W`` in Félagsvist, any case) and
text with no actor at all, which means the player to act. Every reader of a
seat (action text, a record's ``dealer`` and seats, positions, options such as
Félagsvist's ``first_dealer``, the command line) reads it through
:func:`read_seat`, so a seat reads the same way everywhere; it is written as
``p0``, ``p1``, ... (:func:`format_seat`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from types import MappingProxyType
from typing import Final

from cardrules.errors import InvalidNotationError

__all__ = ["format_seat", "parse_seat", "read_dealer", "read_seat", "read_seat_token", "split_actor"]

_SEAT_TOKEN: Final = re.compile(r"[pP]([0-9]{1,4})", re.ASCII)
"""``p`` and a seat number of at most four ASCII digits."""
_SEAT_NUMBER: Final = re.compile(r"[pP]?([0-9]{1,4})", re.ASCII)
"""A seat number of at most four ASCII digits, ``p`` before it or not."""


_TOKENS: Final = MappingProxyType({f"p{seat}": seat for seat in range(100)})
"""The canonical tokens of the first hundred seats and their seats: what action text writes, read at once."""


def format_seat(seat: int) -> str:
    """The canonical actor token of a seat: ``p0``, ``p1``, ..."""
    return f"p{seat}"


def read_seat_token(text: str) -> int | None:
    """The seat of a token ``p<number>`` (``P`` accepted), or ``None`` if it is no such token.

    >>> from cardrules.notation import read_seat_token
    >>> read_seat_token("p2"), read_seat_token("S"), read_seat_token("p-1")
    (2, None, None)
    """
    match = _SEAT_TOKEN.fullmatch(text)
    return int(match.group(1)) if match else None


def read_seat(token: str, names: Sequence[str] = ()) -> int | None:
    """The seat ``token`` names, or ``None``: ``p2``, ``P2``, ``2``, or one of the game's seat ``names``.

    Names are compared without regard to case; surrounding blanks do not
    matter. The number is not range-checked.

    >>> from cardrules.notation import read_seat
    >>> read_seat("p2"), read_seat(" 2 "), read_seat("s", ("N", "E", "S", "W")), read_seat("south")
    (2, 2, 2, None)
    """
    seat = _TOKENS.get(token)
    if seat is not None:  # the canonical token, as records and legal actions write it
        return seat
    text = token.strip()
    match = _SEAT_NUMBER.fullmatch(text)
    if match:
        return int(match.group(1))
    upper = text.upper()
    return next((seat for seat, name in enumerate(names) if upper == name.upper()), None)


def parse_seat(token: str, names: Sequence[str] = ()) -> int:
    """Read a seat (see :func:`read_seat`): ``p<number>``, the number alone, or one of the game's ``names``.

    The number is not range-checked here: a seat the game does not have makes a
    well-formed action that adjudication rejects (``common.action.known``).

    Raises:
        InvalidNotationError: the token is not a seat.
    """
    seat = read_seat(token, names)
    if seat is not None:
        return seat
    named = f" or one of {', '.join(names)}" if names else ""
    raise InvalidNotationError(f"{token!r} is not a seat: write p0, p1, ... (or 0, 1, ...){named}")


def read_dealer(dealer: int | str, seats: int, title: str, names: Sequence[str] = ()) -> int:
    """The dealer given to ``from_deal``: a seat number, a token such as ``p1``, or a seat name.

    >>> read_dealer("p2", 3, "Calabresella"), read_dealer(1, 2, "Fildinski")
    (2, 1)

    Raises:
        InvalidNotationError: not a seat, or not one of the game's ``seats``
            (the message names the game, ``title``).
    """
    if isinstance(dealer, bool) or not isinstance(dealer, int | str):
        raise InvalidNotationError(f"the dealer is a seat number or a seat such as p0, not {dealer!r}")
    seat = dealer if isinstance(dealer, int) else parse_seat(dealer, names)
    if not 0 <= seat < seats:
        raise InvalidNotationError(f"{title} has seats p0-p{seats - 1}; dealer {dealer!r} is none of them")
    return seat


def split_actor(text: str, names: Sequence[str] = ()) -> tuple[int | None, list[str]]:
    """Split action text into its actor (``None`` if absent) and the remaining words.

    Raises:
        InvalidNotationError: ``text`` is empty, or not a ``str`` at all.
    """
    if not isinstance(text, str):
        raise InvalidNotationError(f"action text is a str, not {type(text).__name__}")
    words = text.split()
    if not words:
        raise InvalidNotationError("empty action text")
    try:
        seat = parse_seat(words[0], names)
    except InvalidNotationError:
        return None, words
    return seat, words[1:]
