"""Backstab Fish actions: an ask, a lay-down of sets, and ending the turn without laying any.

Canonical text:

- ``p0 ask p3 for 2 K``: p0 asks p3 for two kings (``for`` may be left out).
- ``p0 lay down 7 K K``: p0 lays down one set of sevens and two sets of kings
  (one rank per set, in rank order).
- ``p0 end turn``: p0 lays nothing down and ends the turn.

Which of them is due is the state's phase: :data:`ASK` (an ask) or
:data:`LAY_DOWN` (a lay-down or ending the turn, after an ask).

>>> read_action("p0 ask p3 for 2 kings", None)
Ask(seat=0, target=3, rank=<FishRank.KING: 11>, count=2)
>>> str(read_action("lay down K 7 K", 1)), str(read_action("p2 end turn", None))
('p1 lay down 7 K K', 'p2 end turn')
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Final

from cardrules.errors import InvalidNotationError
from cardrules.game import Action
from cardrules.games.backstab_fish.cards import FishRank, parse_rank
from cardrules.judging import action_text, value_text
from cardrules.notation import format_seat, parse_seat, split_actor

__all__ = [
    "ASK",
    "ASKS",
    "LAY_DOWN",
    "MAX_COUNT",
    "MAX_SEATS",
    "SEAT_TEXT",
    "Ask",
    "EndTurn",
    "LayDown",
    "malformed",
    "read_action",
]

ASK: Final = 0
"""Phase: the player to act must ask (step 1 of backstab_fish.turn.sequence)."""
LAY_DOWN: Final = 1
"""Phase: the player to act has asked and decides what to lay down (step 3)."""

MAX_SEATS: Final = 10
"""The most seats a game has (backstab_fish.setup.players)."""
MAX_COUNT: Final = 8
"""The most cards of one rank a deck holds, so the largest count an ask can name."""
SEAT_TEXT: Final = tuple(format_seat(seat) for seat in range(MAX_SEATS))
"""Each seat's actor token (``p0`` to ``p9``), written once for the checks' reasons."""


@dataclass(frozen=True, slots=True)
class Ask(Action):
    """``seat`` asks ``target`` for ``count`` cards of ``rank``. Text: ``p0 ask p3 for 2 K``.

    Attributes:
        target: the seat asked (T).
        rank: the rank asked for.
        count: how many cards of it (1 to the number of copies in the deck).
    """

    target: int
    rank: FishRank
    count: int

    def __post_init__(self) -> None:
        rank = self.rank
        if (
            type(rank) is not FishRank
            and isinstance(rank, int)
            and not isinstance(rank, bool)
            and 0 <= rank < 14
        ):
            object.__setattr__(self, "rank", FishRank(rank))  # a plain rank code is read as its rank

    def __str__(self) -> str:
        rank = self.rank.token if isinstance(self.rank, FishRank) else str(self.rank)
        return f"{format_seat(self.seat)} ask {format_seat(self.target)} for {self.count} {rank}"


@dataclass(frozen=True, slots=True)
class LayDown(Action):
    """``seat`` lays down sets: one rank per set, so two sets of kings is ``(K, K)``.

    The ranks are kept in rank order, whatever order they were given in.
    Text: ``p0 lay down 7 K K``.

    Attributes:
        sets: the rank of each set laid, in rank order (at least one).
    """

    sets: tuple[FishRank, ...]

    def __post_init__(self) -> None:
        sets = tuple(self.sets)
        if any(not isinstance(rank, int) or isinstance(rank, bool) or not 0 <= rank < 14 for rank in sets):
            raise TypeError(f"LayDown takes ranks (FishRank or rank codes 0-13), not {sets!r}")
        object.__setattr__(self, "sets", tuple(sorted(FishRank(rank) for rank in sets)))

    def __str__(self) -> str:
        ranks = " ".join(rank.token for rank in self.sets)
        return f"{format_seat(self.seat)} lay down {ranks}".rstrip()

    def set_counts(self) -> dict[int, int]:
        """How many sets of each rank are laid."""
        counts: dict[int, int] = {}
        for rank in self.sets:
            counts[rank] = counts.get(rank, 0) + 1
        return counts


@dataclass(frozen=True, slots=True)
class EndTurn(Action):
    """``seat`` lays no set down and ends the turn. Text: ``p0 end turn``."""

    def __str__(self) -> str:
        return f"{format_seat(self.seat)} end turn"


def malformed(action: object) -> str | None:
    """Why ``action`` is no Backstab Fish action (common.action.known), or ``None`` when it is one.

    The one door check of an action's parts, which ``check`` makes first and
    ``apply``'s fast paths never bypass: an :class:`Ask`, a :class:`LayDown` or
    an :class:`EndTurn` whose seats and count are ``int`` (not bools or floats)
    and whose ranks are :class:`~cardrules.games.backstab_fish.cards.FishRank`
    values, a lay-down's in a tuple. Whether the seats exist, and the rank and
    count suit the deck, is for the rules.

    >>> malformed(Ask(0, 1, True, 1)), malformed(Ask(0, 1, FishRank.KING, 2))
    ('True is not a rank', None)
    """
    try:  # the common case at once: exact types (a field missing raises, and is looked into below)
        if type(action) is Ask:
            if (
                type(action.seat) is int
                and type(action.target) is int
                and type(action.rank) is FishRank
                and type(action.count) is int
            ):
                return None
        elif (type(action) is EndTurn and type(action.seat) is int) or (
            type(action) is LayDown
            and type(action.seat) is int
            and type(action.sets) is tuple
            and all(type(rank) is FishRank for rank in action.sets)
        ):
            return None
    except AttributeError:
        pass
    if not isinstance(action, _KINDS):
        return (
            f"{action_text(action)} is not a Backstab Fish action: the actions are ask, lay down and end turn"
        )
    seat = getattr(action, "seat", None)
    if type(seat) is not int:
        return f"{value_text(seat)} is not a seat: a seat is a whole number, p0 being 0"
    if isinstance(action, Ask):
        target, rank, count = (getattr(action, name, None) for name in ("target", "rank", "count"))
        if type(target) is not int:
            return f"{value_text(target)} is not a seat: a seat is a whole number, p0 being 0"
        if type(rank) is not FishRank:
            return f"{value_text(rank)} is not a rank"
        if type(count) is not int:
            return f"{value_text(count)} is not a count: a count is a whole number"
    elif isinstance(action, LayDown):
        sets = getattr(action, "sets", None)
        if type(sets) is not tuple or any(type(rank) is not FishRank for rank in sets):
            return f"the sets of a lay-down are a tuple of ranks, not {value_text(sets)}"
    return None


_KINDS: Final = (Ask, LayDown, EndTurn)

ASKS: Final = tuple(
    tuple(
        tuple(tuple(Ask(seat, target, rank, count) for count in range(MAX_COUNT + 1)) for rank in FishRank)
        for target in range(MAX_SEATS)
    )
    for seat in range(MAX_SEATS)
)
"""One shared :class:`Ask` per asker, target, rank and count (0 to :data:`MAX_COUNT`).

``ASKS[seat][target][rank][count]``; the engine lists its legal asks from them.
"""

_SHARED: Final[tuple[Ask | EndTurn, ...]] = (
    *(ask for by_target in ASKS for by_rank in by_target for row in by_rank for ask in row),
    *(EndTurn(seat) for seat in range(MAX_SEATS)),
)
_BY_TEXT: Final[Mapping[str, Ask | EndTurn]] = MappingProxyType({str(action): action for action in _SHARED})
"""Each shared ask and end of turn by its canonical text, which :func:`read_action` reads at once."""

_ASK_FORM: Final = "[actor] ask TARGET [for] COUNT RANK, as in 'p0 ask p3 for 2 K'"
_LAY_FORM: Final = "[actor] lay down RANK [RANK ...] (one rank per set), as in 'p0 lay down K 7'"


def _bad(text: str, form: str) -> InvalidNotationError:
    return InvalidNotationError(f"{text!r} is not a Backstab Fish action: write {form}")


def _read_ask(text: str, seat: int, words: list[str]) -> Ask:
    if len(words) == 4 and words[1].lower() == "for":
        words = [words[0], words[2], words[3]]
    if len(words) != 3:
        raise _bad(text, _ASK_FORM)
    target = parse_seat(words[0])
    count_text = words[1]
    if not (count_text.isascii() and count_text.isdigit() and len(count_text) <= 4):
        raise InvalidNotationError(
            f"{count_text!r} in {text!r} is not a count: write a whole number such as 2"
        )
    return Ask(seat, target, parse_rank(words[2]), int(count_text))


def read_action(text: str, default_seat: int | None) -> Ask | LayDown | EndTurn:
    """Read an action; the actor defaults to ``default_seat`` (the player to act).

    Raises:
        InvalidNotationError: the text is not a Backstab Fish action, or it
            names no actor where there is no player to act.
    """
    if type(text) is str:  # the canonical text of an action, read the long way to the same value
        known = _BY_TEXT.get(text)
        if known is not None:
            return known
    seat, words = split_actor(text)
    if not words:
        raise _bad(text, f"{_ASK_FORM}; or {_LAY_FORM}; or [actor] end turn")
    if seat is None:
        if default_seat is None:
            raise InvalidNotationError(f"{text!r} names no actor and nobody is to act")
        seat = default_seat
    verb = words[0].lower()
    rest = words[1:]
    if verb == "ask":
        return _read_ask(text, seat, rest)
    if verb == "lay":
        if rest and rest[0].lower() == "down":
            rest = rest[1:]
        if not rest:
            raise _bad(text, _LAY_FORM + "; to lay nothing, write '[actor] end turn'")
        return LayDown(seat, tuple(parse_rank(word) for word in rest))
    if verb == "end" and (not rest or (len(rest) == 1 and rest[0].lower() == "turn")):
        return EndTurn(seat)
    raise _bad(text, f"{_ASK_FORM}; or {_LAY_FORM}; or [actor] end turn")
