"""The exception hierarchy of cardrules.

Every exception the library raises on purpose is a :class:`CardRulesError`.
Those about a bad value (text, options, a deal, a record) are also
:class:`ValueError`, so ``except ValueError`` keeps working for callers who do
not know this library. Messages name the rule id or the field at fault and,
where there is one, a compact form of the state, so a failure can be
reproduced from the message alone.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from cardrules.verdict import Verdict

__all__ = [
    "AmbiguousActionError",
    "CardRulesError",
    "GameNotOverError",
    "IllegalActionError",
    "InvalidArgumentError",
    "InvalidDealError",
    "InvalidNotationError",
    "InvalidOptionError",
    "NotSolvableError",
    "SolveBudgetExceeded",
    "UnknownGameError",
    "UnknownRuleError",
]


class CardRulesError(Exception):
    """Base class of every exception raised by cardrules."""


class InvalidNotationError(CardRulesError, ValueError):
    """Text that is not a card, a seat or an action of the game (``common.action.known``)."""


class AmbiguousActionError(InvalidNotationError):
    """Action text that could mean more than one action in the state it is read in."""


class InvalidOptionError(CardRulesError, ValueError):
    """An option that the game does not have, or a value the option does not take.

    Attributes:
        option: the option's name as given.
    """

    def __init__(self, option: str, message: str) -> None:
        super().__init__(message)
        self.option = option


class UnknownGameError(CardRulesError, ValueError):
    """A game name that the library does not know."""


class UnknownRuleError(CardRulesError, KeyError):
    """A rule id that a rule book does not hold (a :class:`KeyError`, as a mapping's lookup raises).

    Its text is the message itself, not the quoted key.
    """

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else ""


class InvalidArgumentError(CardRulesError, TypeError, ValueError):
    """An argument of the wrong type or out of range, such as a seed that is not an int.

    It is a :class:`TypeError` and a :class:`ValueError` too, so callers that
    catch either keep working.
    """


class GameNotOverError(CardRulesError, ValueError):
    """A question only a finished game can answer (who won), asked before the end."""


class InvalidDealError(CardRulesError, ValueError):
    """An explicit deal that is not a permutation of the game's deck (``common.deal.permutation``)."""

    rule_id = "common.deal.permutation"


class IllegalActionError(CardRulesError, ValueError):
    """An action that breaks the rules in the state it was applied to.

    The state is left unchanged (states are immutable); :attr:`verdict` names
    every rule the action breaks and says why.

    Attributes:
        verdict: the :class:`~cardrules.verdict.Verdict` of the action.
        action: the canonical text of the action.
        state: a compact text form of the state it was tried in.
    """

    def __init__(self, verdict: Verdict, action: str, state: str) -> None:
        rules = ", ".join(verdict.rule_ids)
        super().__init__(f"illegal action {action!r}: {verdict.reason} [{rules}] in state {state}")
        self.verdict = verdict
        self.action = action
        self.state = state


class SolveBudgetExceeded(CardRulesError):
    """The exact solver ran out of its budget (nodes or time) before it had an answer.

    The solver never guesses: it answers exactly or raises this.

    Attributes:
        budget: the budget that ran out, as given (``"max_nodes=1000"``, ``"deadline=2.0s"``).
        nodes: how many positions it had searched by then.
    """

    def __init__(self, budget: str, nodes: int) -> None:
        super().__init__(
            f"the solver's budget {budget} ran out after {nodes} positions searched, with no answer"
        )
        self.budget = budget
        self.nodes = nodes


class NotSolvableError(CardRulesError, ValueError):
    """A position the exact solver does not take: a game or a phase without a trick ending it models.

    Attributes:
        game: the game's name.
        phase: the phase of the position (``"stock"``, ``"auction"``).
    """

    def __init__(self, game: str, phase: str, why: str) -> None:
        super().__init__(f"the solver cannot take a {game} position in the phase {phase!r}: {why}")
        self.game = game
        self.phase = phase
