"""The record model: one game as frozen values, independent of how it is written.

A :class:`Record` holds what is needed to replay a game exactly and no more:
the format version, the game and every one of its options, the seats (with
player names when known), the first dealer, each deal's complete deck order,
the ordered actions in their canonical text with explicit actors (each with
an optional comment) and, optionally, the scores the players claim.

Steps are numbered from 0, like the indices of the actions array: step ``n``
is ``record.actions[n]``.

:func:`record_of` writes the record of a game played with the library.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from cardrules.cards import Card
from cardrules.errors import InvalidArgumentError
from cardrules.frozen import fast_constructor
from cardrules.game import Action, AnyGame, AnyState
from cardrules.notation import format_seat as seat_token
from cardrules.notation import read_seat_token
from cardrules.text import echo

__all__ = ["FORMAT_VERSION", "Record", "RecordedAction", "read_seat_token", "record_of", "seat_token"]

FORMAT_VERSION: Final = 1
"""The version of the record format this library reads and writes."""


@dataclass(frozen=True, slots=True)
class RecordedAction:
    """One action of a record: its canonical text with the actor first, and an optional comment.

    An empty comment is the same as none. A text or comment that is not a
    string is refused here with :class:`~cardrules.errors.InvalidArgumentError`.

    Attributes:
        text: the action's text, such as ``"p2 play QS"``.
        comment: a remark about the action (``None`` when there is none).

    >>> from cardrules.records import RecordedAction
    >>> RecordedAction("p2 play QS").actor
    2
    """

    text: str
    comment: str | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.text, str):
            raise InvalidArgumentError(f"a recorded action's text must be a string, not {echo(self.text)}")
        if self.comment is not None and not isinstance(self.comment, str):
            raise InvalidArgumentError(
                f"a recorded action's comment must be a string or None, not {echo(self.comment)}"
            )
        if self.comment == "":
            object.__setattr__(self, "comment", None)

    @property
    def actor(self) -> int | None:
        """The seat named by the first word of :attr:`text`, or ``None`` if it names none."""
        words = self.text.split(maxsplit=1)
        return read_seat_token(words[0]) if words else None


@dataclass(frozen=True, slots=True)
class Record:
    """One game as a record.

    Sequences given as lists are stored as tuples, so a record is hashable and
    compares by value. A value of the wrong type (a game that is not a
    string, an option value that is not a string or an int, a list as an
    option value, a claimed score that is not an int, ...) is refused here
    with :class:`~cardrules.errors.InvalidArgumentError` naming the field,
    so every record is hashable and every field has its documented type;
    whether the values fit the game is checked when the record is written,
    checked or replayed.

    Attributes:
        game: the game's registry name (``"felagsvist"``).
        options: every option of the game as ``(name, value)`` pairs, in the
            game's order, defaults included (values as plain strings and ints).
        seats: one entry per seat, in seat order: the player's name, or ``""``
            when it is not known.
        dealer: the seat that dealt the first deal.
        deals: each deal's complete deck order, top card first, in the order dealt.
        actions: every action in the order taken; step ``n`` is ``actions[n]``.
        claimed_scores: ``(seat, score)`` pairs for the seats whose final score
            is claimed, in seat order; empty when nobody claims a score.
        format_version: the record format version (:data:`FORMAT_VERSION`).
        position: the position the record starts from
            (:mod:`cardrules.position`), or ``None`` when it starts from the
            first deal. A record that starts from a position has no
            ``deals`` (the position says where every later deal comes from),
            and its ``dealer`` is the position's first dealer; a position and
            one action is a complete dispute.
    """

    game: str
    options: tuple[tuple[str, str | int], ...]
    seats: tuple[str, ...]
    dealer: int
    deals: tuple[tuple[Card, ...], ...]
    actions: tuple[RecordedAction, ...] = ()
    claimed_scores: tuple[tuple[int, int], ...] = ()
    format_version: int = FORMAT_VERSION
    position: str | None = None

    def __post_init__(self) -> None:
        _check(isinstance(self.game, str), "game", "a string", self.game)
        options = tuple(_pair("options", pair) for pair in _items("options", self.options))
        for name, value in options:
            _check(isinstance(name, str), "options", "named by strings", name)
            _check(isinstance(value, (str, int)), f"options.{str(name)[:40]}", "a string or an int", value)
        seats = tuple(_items("seats", self.seats))
        for name in seats:
            _check(isinstance(name, str), "seats", "strings (the players' names)", name)
        _check(_is_int(self.dealer), "dealer", "a seat number (an int)", self.dealer)
        deals = tuple(tuple(_items("deals", deck)) for deck in _items("deals", self.deals))
        for deck in deals:
            for card in deck:
                _check(isinstance(card, Card), "deals", "deck orders of cards", card)
        actions = tuple(_items("actions", self.actions))
        for entry in actions:
            _check(isinstance(entry, RecordedAction), "actions", "RecordedAction values", entry)
        claims = tuple(
            _pair("claimed_scores", pair) for pair in _items("claimed_scores", self.claimed_scores)
        )
        for seat, score in claims:
            _check(_is_int(seat) and _is_int(score), "claimed_scores", "(seat, score) pairs of ints", score)
        _check(_is_int(self.format_version), "format_version", "an int", self.format_version)
        _check(self.position is None or isinstance(self.position, str), "position", "a string", self.position)
        object.__setattr__(self, "options", options)
        object.__setattr__(self, "seats", seats)
        object.__setattr__(self, "deals", deals)
        object.__setattr__(self, "actions", actions)
        object.__setattr__(self, "claimed_scores", tuple(sorted(claims)))

    @property
    def option_values(self) -> dict[str, str | int]:
        """The options as a new dict, ready for ``get_game(record.game, **record.option_values)``."""
        return dict(self.options)

    @property
    def claims(self) -> dict[int, int]:
        """The claimed scores as a new dict from seat to score."""
        return dict(self.claimed_scores)

    @property
    def steps(self) -> int:
        """How many actions (steps) the record holds."""
        return len(self.actions)


new_entry: Final[Callable[[str, str | None], RecordedAction]] = fast_constructor(RecordedAction)
"""``RecordedAction(text, comment)`` from a text and a comment that is ``None`` or not empty (internal).

The reader's, for values it has checked already: see :mod:`cardrules.frozen`.
"""

new_record: Final[
    Callable[
        [
            str,
            tuple[tuple[str, str | int], ...],
            tuple[str, ...],
            int,
            tuple[tuple[Card, ...], ...],
            tuple[RecordedAction, ...],
            tuple[tuple[int, int], ...],
            int,
            str | None,
        ],
        Record,
    ]
] = fast_constructor(Record)
"""``Record(...)`` from every field, in field order, already as :class:`Record` keeps it (internal).

The reader's, for a record it has checked against its game: tuples
throughout and the claims in seat order, as ``__post_init__`` leaves them.
"""


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check(good: bool, field: str, wanted: str, value: object) -> None:
    """Refuse a field of a record whose value is not what it must be."""
    if not good:
        raise InvalidArgumentError(f"a record's {field} must be {wanted}, not {echo(value)}")


def _items(field: str, value: object) -> Iterable[object]:
    """The entries of a sequence field (a tuple or a list; not a string, bytes or a mapping)."""
    if isinstance(value, (str, bytes, Mapping)) or not isinstance(value, Iterable):
        raise InvalidArgumentError(f"a record's {field} must be a tuple, not {echo(value)}")
    return value


def _pair(field: str, value: object) -> tuple[object, object]:
    items = tuple(_items(field, value))
    if len(items) != 2:
        raise InvalidArgumentError(f"a record's {field} are pairs, not {echo(value)}")
    return items[0], items[1]


def record_of(
    game: AnyGame,
    state: AnyState,
    actions: Iterable[Action],
    *,
    names: Sequence[str] = (),
    claimed_scores: Sequence[int] | Mapping[int, int] | None = None,
    position: str | None = None,
) -> Record:
    """The record of a game played with the library.

    ``state`` is the state reached after ``actions`` (all of them, from the
    start of the game or from ``position``, in order); it gives the first
    dealer and the deck order of every deal dealt so far. The game need not
    be over.

    Args:
        game: the game the actions were played in (its options are recorded).
        state: the state after the last action.
        actions: every action taken, in order.
        names: the players' names in seat order (none by default).
        claimed_scores: scores to record as claimed: one per seat in seat
            order, or a mapping from seat to score; ``None`` claims nothing.
            Pass ``state.scores()`` to record the result.
        position: the position text the actions start from
            (``start.position()``), for a game set up with
            ``game.from_position``; ``None`` when they start from the first deal.

    >>> import cardrules
    >>> from cardrules.records import record_of
    >>> game = cardrules.get_game("felagsvist", first_dealer="N")
    >>> start = game.new_game(seed=3)
    >>> first = start.legal_actions()[0]
    >>> record = record_of(game, start.apply(first), [first])
    >>> record.dealer, record.actions[0].text, len(record.deals[0])
    (0, 'p1 play 7C', 52)
    """
    seats = tuple(names) if names else ("",) * game.num_players
    if len(seats) != game.num_players:
        raise InvalidArgumentError(f"{game.name} has {game.num_players} seats; {len(seats)} names were given")
    if claimed_scores is None:
        claims: tuple[tuple[int, int], ...] = ()
    elif isinstance(claimed_scores, Mapping):
        claims = tuple(claimed_scores.items())
    else:
        claims = tuple(enumerate(claimed_scores))
    return Record(
        game=game.name,
        options=tuple(game.options_dict().items()),
        seats=seats,
        dealer=state.first_dealer,
        deals=() if position is not None else state.dealt_decks(),
        actions=tuple(RecordedAction(str(action)) for action in actions),
        claimed_scores=claims,
        position=position,
    )
