"""Position text: one line that says everything deciding the rest of a game.

A position is what an adjudicator writes down to pose a dispute: the options,
every hand and zone, what has been played and scored so far, and whose turn it
is. ``state.position()`` writes one; ``game.from_position(text)`` (or
:func:`cardrules.from_position <cardrules.games.from_position>`, which reads the game's name from the text)
sets it up again. The grammar is shared by every game; what the sections are
is each game's own (its ``position`` module documents them).

The grammar::

    position := game-name (" ; " section)*
    section  := keyword (" " token)*
    token    := any run of characters other than spaces and ";"

Inside a section, ``/`` separates groups (the tricks of a deal, the sets laid)
and ``-`` stands for an empty list. Seats are written ``p0``, ``p1``, ...;
the reader also takes a game's own seat names. Option values are written as
``name=value`` in the ``options`` section.

The writer is strict and canonical: sections in one fixed order, every option
written, cards in the game's order.

The full form and the short form. ``state.position()`` writes the full form:
everything that decides the rest of the game, the future included (the seed the
later deals are shuffled from, and any later deck orders the game was given).
States compare and hash by it, and ``from_position(s.position()) == s``.
``state.position(future=False)`` writes the short form, which leaves the seed
and the later deck orders out: what a dispute needs, since no step of the
current deal depends on them (as a FEN holds the board and not the games to
come). ``cardrules position`` and the dispute report write the short form
unless asked for the full one. Read back, a short form gives a state with the
same legal actions, observations and verdicts to the end of the current deal;
the deals after it are shuffled from the seed given to ``from_position(text,
seed=N)`` (0 when none is given, as ``from_deal`` does), and that seed is
written in the state's full position, so nothing drawn is hidden and every
game goes on as it would from the full text with that seed. A text that
writes its own seed keeps it (``seed=`` applies only to a text that leaves
the seed out, as the game's options apply only to options the text leaves
out). Backstab Fish has one deal, so its two forms are the same text. The reader is tolerant: it takes
sections in any order and extra spaces, reads as much as it can, and reports
every problem it finds, each with the section it is in and, where the problem
is a position that cannot arise, the rule that forbids it
(:class:`InvalidPositionError`).

>>> reader = PositionReader("felagsvist ; deal 3 dealer p1 ; trick -", "felagsvist")
>>> reader.take("deal"), reader.take("trick")
(('3', 'dealer', 'p1'), ())
>>> str(PositionWriter("felagsvist").section("deal", 3, "dealer", "p1").section("trick"))
'felagsvist ; deal 3 dealer p1 ; trick -'
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Final, TypeVar

from cardrules.errors import InvalidNotationError, InvalidOptionError
from cardrules.notation import parse_seat
from cardrules.options import option_key
from cardrules.rules import RuleId
from cardrules.text import echo

__all__ = [
    "EMPTY",
    "MAX_POSITION_CHARS",
    "MAX_SEED_DIGITS",
    "InvalidPositionError",
    "PositionEquality",
    "PositionProblem",
    "PositionReader",
    "PositionWriter",
    "groups",
]

T = TypeVar("T")

EMPTY: Final = "-"
"""The token of an empty list."""

MAX_POSITION_CHARS: Final = 1_000_000
"""The longest position text read. Most positions are a few hundred characters; a
Backstab Fish position carries the public history of the game, some 20 characters
a turn, so a ten-player game of 1,800 turns writes about 38,000."""


class PositionEquality:
    """Equality and hash by position: two states are equal exactly when they write the same position.

    A game's state class inherits this (and is a dataclass with ``eq=False``),
    so a state read back from its own position equals it and hashes alike,
    as a board read from its FEN equals the board: ``from_position(s.position())
    == s``. What a position leaves out, because it does not decide the rest of
    the game (the deck order a deal was dealt from, the plays of deals already
    over), is left out of the comparison too. Comparing writes both positions,
    so it costs what :meth:`position` costs; a state is equal to itself at once.

    A state no play reaches, assembled field by field (``dataclasses.replace``
    on a test's fixture), may have no position to write; such a state compares
    and hashes by its fields, as a plain dataclass would, and equals no state
    that has a position.
    """

    __slots__ = ()

    def position(self, *, future: bool = True) -> str:
        """The position as canonical text (each game's state writes it); the short form without ``future``."""
        raise NotImplementedError

    def _equality_key(self) -> tuple[object, ...]:
        """The position text, or the fields of a state that cannot write one."""
        try:
            return ("position", self.position())
        except Exception:  # a state assembled by hand that no play reaches: compare it as data
            return ("fields", *(getattr(self, f.name) for f in dataclasses.fields(self) if f.compare))  # type: ignore[arg-type]

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        assert isinstance(other, PositionEquality)
        return self is other or self._equality_key() == other._equality_key()

    def __hash__(self) -> int:
        return hash((type(self).__name__, self._equality_key()))


_INTEGER: Final = re.compile(r"-?[0-9]{1,12}", re.ASCII)
"""A whole number as a position writes it: an optional minus and at most twelve digits."""

MAX_SEED_DIGITS: Final = 4300
"""The most digits a seed in a position may have (Python's own limit for reading an int)."""

_SEED: Final = re.compile(r"-?[0-9]+", re.ASCII)

_MAX_SHOWN: Final = 12
"""How many problems an error message lists (all of them stay in ``problems``)."""

_echo: Final = echo
"""A bad token quoted for a message, cut short when long (:func:`cardrules.text.echo`)."""


@dataclass(frozen=True, slots=True)
class PositionProblem:
    """One thing wrong with a position text.

    Attributes:
        section: the section it is in (``"hand p2"``, ``"options"``), or
            ``"position"`` for the text as a whole.
        message: what is wrong, in a sentence.
        rule: the rule that makes the position impossible, or ``None`` when
            the text is only malformed.
    """

    section: str
    message: str
    rule: RuleId | None = None

    def __str__(self) -> str:
        tail = f" [{self.rule}]" if self.rule else ""
        return f"{self.section}: {self.message}{tail}"


class InvalidPositionError(InvalidNotationError):
    """A position text that is malformed or describes a position that cannot arise.

    Attributes:
        problems: every problem found, in the order found.
    """

    def __init__(self, problems: Sequence[PositionProblem]) -> None:
        self.problems = tuple(problems)
        shown = "; ".join(str(p) for p in self.problems[:_MAX_SHOWN])
        more = len(self.problems) - _MAX_SHOWN
        count = "1 problem" if len(self.problems) == 1 else f"{len(self.problems)} problems"
        super().__init__(f"position refused ({count}): {shown}" + (f"; and {more} more" if more > 0 else ""))

    @property
    def rules(self) -> tuple[RuleId, ...]:
        """The rules the problems name, each once, in the order found."""
        return tuple(dict.fromkeys(p.rule for p in self.problems if p.rule))


def groups(tokens: Sequence[str]) -> tuple[tuple[str, ...], ...]:
    """Split tokens at ``/`` into groups; ``-`` alone is an empty group.

    >>> groups(("AS", "KS", "/", "-", "/", "QH"))
    (('AS', 'KS'), (), ('QH',))
    >>> groups(())
    ()
    """
    if not tokens:
        return ()
    out: list[tuple[str, ...]] = []
    current: list[str] = []
    for token in tokens:
        if token == "/":
            out.append(tuple(current))
            current = []
        elif token != EMPTY:
            current.append(token)
    out.append(tuple(current))
    return tuple(out)


class PositionReader:
    """Reads the sections of a position text and gathers every problem found.

    Create it with the text and the game's name, :meth:`take` each section the
    game knows (reading its tokens with the helpers below, which record a
    problem and return ``None`` on bad input), add the problems of an
    impossible position with :meth:`problem`, and call :meth:`finish`, which
    raises :class:`InvalidPositionError` naming every problem, unknown
    sections included.

    Not a value: a reader is used once, by one game's ``from_position``.
    """

    def __init__(self, text: object, game: str) -> None:
        self.problems: list[PositionProblem] = []
        self._sections: dict[str, tuple[str, ...]] = {}
        self._order: list[str] = []
        self._taken: set[str] = set()
        if not isinstance(text, str):
            self.problem("position", f"a position is text, not {type(text).__name__}")
            return
        if len(text) > MAX_POSITION_CHARS:
            self.problem("position", f"{len(text)} characters is past the limit of {MAX_POSITION_CHARS}")
            return
        parts = [part.split() for part in text.split(";")]
        head = parts[0] if parts else []
        if not head:
            self.problem("position", f"a position starts with the game's name, {game}")
        elif head[0].lower() != game or len(head) > 1:
            self.problem(
                "position", f"a position starts with the game's name, {game}, not {_echo(' '.join(head))}"
            )
        for words in parts[1:]:
            if not words:
                continue
            keyword = words[0].lower()
            if keyword in self._sections:
                self.problem(keyword, "the section is given twice")
                continue
            self._sections[keyword] = tuple(words[1:])
            self._order.append(keyword)

    # -- sections --------------------------------------------------------------

    def take(self, keyword: str, *, required: bool = True) -> tuple[str, ...] | None:
        """The tokens of section ``keyword`` (``()`` for ``-`` alone), or ``None`` when it is absent.

        An absent section is a problem unless ``required`` is false.
        """
        self._taken.add(keyword)
        tokens = self._sections.get(keyword)
        if tokens is None:
            if required and not any(p.section == "position" for p in self.problems):
                self.problem(keyword, "the section is missing")
            return None
        return () if tokens == (EMPTY,) else tokens

    def has(self, keyword: str) -> bool:
        """Whether the text has section ``keyword``."""
        return keyword in self._sections

    def problem(self, section: str, message: str, rule: str | None = None) -> None:
        """Record a problem in ``section``; ``rule`` names the rule an impossible position breaks."""
        self.problems.append(PositionProblem(section, message, RuleId(rule) if rule else None))

    @property
    def ok(self) -> bool:
        """Whether no problem has been found so far."""
        return not self.problems

    def finish(self) -> None:
        """Report the sections nobody took, then raise if any problem was found.

        Raises:
            InvalidPositionError: naming every problem.
        """
        for keyword in self._order:
            if keyword not in self._taken:
                known = ", ".join(sorted(self._taken))
                self.problem(keyword, f"no such section in this game's positions (they are {known})")
        if self.problems:
            raise InvalidPositionError(self.problems)

    # -- tokens ----------------------------------------------------------------

    def integer(self, section: str, token: str, low: int, high: int, what: str = "a number") -> int | None:
        """``token`` as an int in ``low..high``, or ``None`` (and a problem)."""
        if _INTEGER.fullmatch(token) is None:
            self.problem(section, f"{what} is a whole number, not {_echo(token)}")
            return None
        value = int(token)
        if not low <= value <= high:
            self.problem(section, f"{what} is {low} to {high}, not {value}")
            return None
        return value

    def seat(self, section: str, token: str, seats: int, names: Sequence[str] = ()) -> int | None:
        """``token`` as one of the game's ``seats`` (``p0``... or a seat name), or ``None``."""
        try:
            seat = parse_seat(token, names)
        except InvalidNotationError:
            self.problem(section, f"{_echo(token)} is not a seat (p0 to p{seats - 1})")
            return None
        if not 0 <= seat < seats:
            self.problem(section, f"the seats are p0 to p{seats - 1}, not {_echo(token)}")
            return None
        return seat

    def seed(self, section: str, tokens: Sequence[str]) -> int | None:
        """The one whole number of ``tokens`` (at most :data:`MAX_SEED_DIGITS` digits), or ``None``.

        A seed is any int, so it is not bounded like :meth:`integer`'s counts.
        """
        token = tokens[0] if len(tokens) == 1 else " ".join(tokens)
        if len(tokens) == 1 and _SEED.fullmatch(token) and len(token.lstrip("-")) <= MAX_SEED_DIGITS:
            return int(token)
        most = MAX_SEED_DIGITS
        self.problem(section, f"the seed is one whole number of at most {most} digits, not {_echo(token)}")
        return None

    def item(self, section: str, token: str, read: Callable[[str], T], what: str) -> T | None:
        """``read(token)``, or ``None`` and a problem when it raises a library notation error."""
        try:
            return read(token)
        except InvalidNotationError:
            self.problem(section, f"{_echo(token)} is not {what}")
            return None

    def items(
        self, section: str, tokens: Iterable[str], read: Callable[[str], T], what: str
    ) -> tuple[T, ...] | None:
        """Every token read with :meth:`item`; ``None`` if any of them is bad (each bad one reported)."""
        out: list[T] = []
        bad = False
        for token in tokens:
            if token == EMPTY:
                continue
            value = self.item(section, token, read, what)
            if value is None:
                bad = True
            else:
                out.append(value)
        return None if bad else tuple(out)

    def options(self, current: Mapping[str, object]) -> dict[str, object] | None:
        """The ``options`` section as ``name=value`` pairs over ``current`` (the game's own options).

        Names are read as every reader reads them (:func:`~cardrules.options.option_key`).
        Whether the names and values are the game's is for the game to say (:meth:`option_error`).
        """
        tokens = self.take("options", required=False)
        given = dict(current)
        if tokens is None:
            return given
        bad = False
        for token in tokens:
            name, sep, value = token.partition("=")
            if not sep or not name or not value:
                self.problem("options", f"an option is written name=value, not {_echo(token)}")
                bad = True
                continue
            given[option_key(name)] = value
        return None if bad else given

    def option_error(self, error: InvalidOptionError) -> None:
        """Record an option the game refused."""
        self.problem("options", str(error))


def _option_text(value: object) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


class PositionWriter:
    """Builds a position text section by section, in the order the sections are added.

    >>> str(PositionWriter("fildinski").section("hand", "p0", "AS", "10H").section("won", "-"))
    'fildinski ; hand p0 AS 10H ; won -'
    """

    __slots__ = ("_parts",)

    def __init__(self, game: str) -> None:
        self._parts: list[str] = [game]

    def section(self, keyword: str, *tokens: object) -> PositionWriter:
        """Add section ``keyword`` with ``tokens`` (each written with ``str``); no token writes ``-``."""
        words = [str(t) for t in tokens]
        self._parts.append(" ".join([keyword, *words]) if words else f"{keyword} {EMPTY}")
        return self

    def options(self, options: Mapping[str, object]) -> PositionWriter:
        """Add the ``options`` section: every option as ``name=value``, in the given order.

        Booleans are written ``true`` and ``false``, as the rules and records write them.
        """
        return self.section("options", *(f"{name}={_option_text(value)}" for name, value in options.items()))

    def __str__(self) -> str:
        return " ; ".join(self._parts)
