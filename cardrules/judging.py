"""Judging: findings gathered into one Verdict, and the common checks in one wording.

A game's check of an action collects what the action breaks, a rule id and a
reason for each, in a :class:`Findings`; :meth:`Findings.verdict` turns them into
one :class:`~cardrules.verdict.Verdict` (each rule id once; reasons joined by
``"; "``). Given a game's :func:`rule_order`, the verdict lists the first rule
found first (the one a player would cite) and the others in the rule book's
order, so two conforming engines name the same tuple. The ``common.*`` refusals of
:data:`~cardrules.rules.COMMON_RULES` are written here once, so every game
words them alike.

>>> found = Findings()
>>> out_of_turn(found, 2, 1)
>>> not_held(found, 2, "Q♠")
>>> print(found.verdict())
illegal: it is p1's turn, not p2's; p2 does not hold Q♠ [common.turn.player-to-act, common.cards.held]
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import cast

from cardrules.errors import CardRulesError, InvalidArgumentError
from cardrules.game import Action, AnyState
from cardrules.notation import format_seat
from cardrules.rules import RuleBook, RuleId
from cardrules.verdict import Verdict, make_verdict

__all__ = [
    "ACTION_KNOWN",
    "CARDS_HELD",
    "GAME_OVER",
    "PLAYER_TO_ACT",
    "Findings",
    "action_text",
    "as_played",
    "game_over",
    "not_held",
    "out_of_turn",
    "read_text",
    "rule_order",
    "unknown_action",
    "value_text",
]


PLAYER_TO_ACT = "common.turn.player-to-act"
CARDS_HELD = "common.cards.held"
GAME_OVER = "common.game.over"
ACTION_KNOWN = "common.action.known"


def as_played(verdict: Verdict, overridable: frozenset[RuleId]) -> bool:
    """Whether an illegal ``verdict`` names only rules of ``overridable``, so the action can be carried out.

    A game's ``attempt(action, lenient=True)`` asks this with the rules its
    transition does not need (Félagsvist: following suit): an action that
    breaks only those, such as a revoke, can still be played as it was made.
    A legal verdict is not such a case (it is played anyway).

    >>> from cardrules.verdict import make_verdict
    >>> revoke = make_verdict(False, (RuleId("felagsvist.play.must-follow"),), "a revoke")
    >>> as_played(revoke, frozenset({RuleId("felagsvist.play.must-follow")}))
    True
    >>> as_played(revoke, frozenset())
    False
    """
    return not verdict.legal and bool(verdict.rule_ids) and overridable.issuperset(verdict.rule_ids)


class Findings:
    """What one action breaks, gathered while it is judged: rule ids with their reasons.

    A short-lived builder inside one call of a game's ``check``; it is falsy
    while nothing is found.
    """

    __slots__ = ("reasons", "rules")

    def __init__(self) -> None:
        self.rules: list[str] = []
        self.reasons: list[str] = []

    def add(self, rule: str, reason: str) -> None:
        """Record that the action breaks ``rule``, for ``reason`` (a clause a player reads)."""
        self.rules.append(rule)
        self.reasons.append(reason)

    def also(self, *rules: str) -> None:
        """Record further rules the action breaks, for reasons already given."""
        self.rules.extend(rules)

    def __bool__(self) -> bool:
        return bool(self.rules)

    def verdict(self, order: Mapping[str, int] | None = None) -> Verdict:
        """The illegal verdict of everything found, each rule once.

        Without ``order`` the rules come in the order found. With a game's
        :func:`rule_order` the first rule found stays first and the others
        follow in the rule book's order (an id the book lacks goes last).

        >>> from cardrules.rules import COMMON_RULES
        >>> found = Findings()
        >>> found.add("common.action.known", "no such seat")
        >>> found.also("common.cards.held")
        >>> found.add("common.turn.player-to-act", "not your turn")
        >>> found.verdict(rule_order(COMMON_RULES)).rule_ids
        ('common.action.known', 'common.turn.player-to-act', 'common.cards.held')

        Raises:
            ValueError: nothing was found (a legal action has no such verdict).
        """
        if not self.rules:
            raise InvalidArgumentError("nothing was found: a legal action has no illegal verdict")
        return make_verdict(False, self.rule_ids(order), "; ".join(self.reasons))

    def rule_ids(self, order: Mapping[str, int] | None = None) -> tuple[RuleId, ...]:
        """The rules found, each once, in the order :meth:`verdict` names them (empty if none was found)."""
        unique = tuple(dict.fromkeys(self.rules))
        if order is not None and len(unique) > 2:
            last = len(order)
            unique = (unique[0], *sorted(unique[1:], key=lambda rule: order.get(rule, last)))
        return cast("tuple[RuleId, ...]", unique)


def rule_order(book: RuleBook) -> Mapping[str, int]:
    """Each rule id of ``book`` with its place in the book: the canonical order of a verdict's ids.

    >>> from cardrules.rules import COMMON_RULES
    >>> rule_order(COMMON_RULES)["common.cards.held"]
    1
    """
    return MappingProxyType({rule: place for place, rule in enumerate(book.ids)})


def out_of_turn(found: Findings, seat: int, to_act: int, doing: str = "") -> None:
    """common.turn.player-to-act, when ``seat`` is not ``to_act``: ``it is p1's turn, not p2's``.

    ``doing`` (such as ``" to bid"``) follows the word *turn* where the phase
    makes the sentence clearer.
    """
    if seat != to_act:
        found.add(PLAYER_TO_ACT, f"it is {format_seat(to_act)}'s turn{doing}, not {format_seat(seat)}'s")


def not_held(found: Findings, seat: int, cards: str) -> None:
    """common.cards.held: ``seat`` does not hold ``cards`` (already written for a player)."""
    found.add(CARDS_HELD, f"{format_seat(seat)} does not hold {cards}")


def game_over(why: str) -> Verdict:
    """common.game.over, in one wording for every game: ``the game is over (why); no action is legal``.

    >>> print(game_over("deal 12 was the last"))
    illegal: the game is over (deal 12 was the last); no action is legal [common.game.over]
    """
    return Verdict.illegal((GAME_OVER,), f"the game is over ({why}); no action is legal")


_TEXT_LIMIT = 200
"""How many characters of a text a message quotes at most (every canonical action text is shorter)."""


def action_text(action: object) -> str:
    """``str(action)`` for a message, shortened, and never raising.

    A game names the action it refuses in its verdicts and errors. An action
    object built with fields of the wrong types (or of another game, whose text
    is its own game's business) may fail to write itself; then the message
    names its class instead, and a long text is cut short.

    >>> from cardrules.game import Action
    >>> class Broken(Action):
    ...     def __str__(self) -> str:
    ...         raise AttributeError("no card")
    >>> action_text(Broken(0)), action_text("x" * 300)[-5:]
    ('a Broken with malformed fields', 'xx...')
    """
    try:
        text = str(action)
    except Exception:  # any failure of a foreign or malformed value to write itself
        return f"a {type(action).__name__} with malformed fields"
    return _cut(text)


def value_text(value: object) -> str:
    """``repr(value)`` for a message about a field of the wrong type: shortened, and never raising.

    >>> value_text(True), value_text("1"), value_text(10**300)[-3:]
    ('True', "'1'", '...')
    """
    try:
        text = repr(value)
    except Exception:  # a value that cannot write itself is named by its type
        return f"a malformed {type(value).__name__}"
    return _cut(text)


def _cut(text: str) -> str:
    return text if len(text) <= _TEXT_LIMIT else text[: _TEXT_LIMIT - 3] + "..."


def unknown_action(reason: str) -> Verdict:
    """common.action.known: ``reason`` says what the action is not (``x is not a Fildinski action: ...``)."""
    return Verdict.illegal((ACTION_KNOWN,), reason)


def read_text(state: AnyState, text: str) -> Action | Verdict:
    """Action text read in ``state``'s context, or the refusal of text that cannot be read there.

    ``check``, ``attempt`` and ``apply`` take text as well as actions: they read
    it here, then judge the action as if it had been given parsed. Text that is
    no action of the game is refused under common.action.known, naming why; in
    a finished game every text gets the refusal ``state.check`` gives there
    (common.game.over), so that ``apply`` and ``attempt`` refuse it as ``check``
    does (a game's ``check`` refuses a finished game before it reads any text).

    >>> import cardrules
    >>> state = cardrules.get_game("felagsvist", first_dealer="N").new_game(seed=1)
    >>> read_text(state, "p1 play 2C")
    PlayCard(seat=1, card=Card(rank=Rank.TWO, suit=Suit.CLUBS))
    >>> print(read_text(state, "p1 castle long"))
    illegal: 'p1 castle long' is no action here: 'p1 castle long' is not a Félagsvist action: \
write [actor] play CARD, as in 'p2 play QS' [common.action.known]
    """
    if state.is_terminal:
        return state.check(text)
    try:
        return state.parse_action(text)
    except CardRulesError as error:
        return unknown_action(f"{text!r} is no action here: {error}")
