"""Rule ids, rules and rule books.

Every rule of every game has a stable id such as
``"felagsvist.play.must-follow"``: the game, an area and a name, lower case with
hyphens. The ids come verbatim from the normative specification and are never
renamed. A :class:`RuleBook` lists a game's rules with a one-line statement, the
kind of rule and the option (if any) that changes it.

The core owns the ``common.*`` rules (:data:`COMMON_RULES`): acting out of
turn, a card not held, acting after the end, an action the game does not
have, and an explicit deal that is not a permutation of the deck.

>>> COMMON_RULES["common.turn.player-to-act"].kind
<RuleKind.LEGALITY: 'legality'>
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from enum import Enum
from types import MappingProxyType
from typing import Final, NewType

from cardrules.errors import InvalidArgumentError, UnknownRuleError

__all__ = [
    "COMMON_RULES",
    "Rule",
    "RuleBook",
    "RuleId",
    "RuleKind",
    "make_rules",
    "rule",
    "rule_id",
]

RuleId = NewType("RuleId", str)
"""A rule's identifier, ``<game>.<area>.<name>`` (a ``str`` at run time)."""

_RULE_ID: Final = re.compile(r"[a-z][a-z0-9_]*(\.[a-z0-9][a-z0-9-]*){2,}")


def rule_id(text: str) -> RuleId:
    """Check that ``text`` has the form of a rule id and return it as a :data:`RuleId`.

    Raises:
        ValueError: the text is not of the form ``game.area.name``.
    """
    if not _RULE_ID.fullmatch(text):
        raise InvalidArgumentError(f"{text!r} is not a rule id of the form game.area.name")
    return RuleId(text)


class RuleKind(Enum):
    """Which family of invariant a rule feeds."""

    LEGALITY = "legality"
    """Which actions are allowed in a state."""
    CONSERVATION = "conservation"
    """Where cards may be and how they move."""
    SCORING = "scoring"
    """How points are earned and what totals add up to."""
    PROCEDURE = "procedure"
    """Dealing, turn order, phases, the end of a deal and of the game."""
    INFORMATION = "information"
    """What each player may see."""


@dataclass(frozen=True, slots=True)
class Rule:
    """One rule of a game.

    Attributes:
        id: the stable rule id.
        kind: the family of invariant it feeds.
        statement: the rule in one or two sentences, in this library's words.
        source: where it comes from (a seed text and heading, or ``Library``).
        options: the names of the options that change it (empty if none).
    """

    id: RuleId
    kind: RuleKind
    statement: str
    source: str
    options: tuple[str, ...] = ()

    @property
    def game(self) -> str:
        """The game part of the id (``common`` for the core's rules)."""
        return self.id.split(".", 1)[0]


@dataclass(frozen=True, slots=True)
class RuleBook:
    """The rules of one game (or of the core), in the order of its specification.

    A rule book is a read-only mapping from :data:`RuleId` to :class:`Rule`.
    It pickles, copies and deep-copies as its game and its rules, from which
    the lookup by id is built again.
    """

    game: str
    rules: tuple[Rule, ...]
    _by_id: Mapping[str, Rule] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        by_id: dict[str, Rule] = {}
        for rule in self.rules:
            if rule.id in by_id:
                raise InvalidArgumentError(f"rule {rule.id} is listed twice in the {self.game} rule book")
            by_id[rule.id] = rule
        object.__setattr__(self, "_by_id", MappingProxyType(by_id))

    def __reduce__(self) -> tuple[type[RuleBook], tuple[str, tuple[Rule, ...]]]:
        """Pickle (and copy) as the game and the rules: the read-only lookup is made again from them."""
        return (type(self), (self.game, self.rules))

    def __getitem__(self, key: str) -> Rule:
        try:
            return self._by_id[key]
        except KeyError:
            raise UnknownRuleError(f"{key!r} is not a rule of {self.game}") from None

    def __contains__(self, key: object) -> bool:
        return key in self._by_id

    def __iter__(self) -> Iterator[Rule]:
        return iter(self.rules)

    def __len__(self) -> int:
        return len(self.rules)

    @property
    def ids(self) -> tuple[RuleId, ...]:
        """Every rule id, in order."""
        return tuple(rule.id for rule in self.rules)

    def merged(self, other: RuleBook) -> RuleBook:
        """A book with this book's rules followed by ``other``'s."""
        return RuleBook(self.game, self.rules + other.rules)


def rule(id: str, *, kind: RuleKind, statement: str, source: str, options: tuple[str, ...] = ()) -> Rule:
    """One row of a rule book, its fields named: the id is checked to have the form of a rule id.

    >>> rule("toy.play.any", kind=RuleKind.LEGALITY, statement="Play any card.", source="Library").id
    'toy.play.any'

    Raises:
        ValueError: ``id`` is not of the form ``game.area.name``.
    """
    return Rule(rule_id(id), kind, statement, source, options)


def make_rules(game: str, rules: Iterable[Rule]) -> RuleBook:
    """The :class:`RuleBook` of ``game`` holding ``rules`` (rows made with :func:`rule`), in order."""
    return RuleBook(game, tuple(rules))


COMMON_RULES: Final[RuleBook] = make_rules(
    "common",
    [
        rule(
            "common.turn.player-to-act",
            kind=RuleKind.LEGALITY,
            statement="Only the player to act may act; an action by any other seat is illegal "
            "and leaves the state as it was.",
            source="Library",
        ),
        rule(
            "common.cards.held",
            kind=RuleKind.LEGALITY,
            statement="A player may only use cards they hold in the zone the action takes them "
            "from, and no more copies than they hold there.",
            source="Library",
        ),
        rule(
            "common.game.over",
            kind=RuleKind.PROCEDURE,
            statement="Once the game has ended no action is legal, the legal set is empty and the scores are final.",
            source="Library",
        ),
        rule(
            "common.action.known",
            kind=RuleKind.LEGALITY,
            statement="An action must be one the game defines, with arguments of the right form; "
            "text that is no such action is invalid notation.",
            source="Library",
        ),
        rule(
            "common.deal.permutation",
            kind=RuleKind.CONSERVATION,
            statement="An explicit deal must be a permutation of the game's deck under its options: "
            "each card as often as the deck holds it and no other card.",
            source="Library",
        ),
    ],
)
"""The rules of the core, shared by every game."""
