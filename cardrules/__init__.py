"""cardrules: a rules verification and reference library for card games.

Every rule has a stable id; every game is an immutable reference engine that
adjudicates actions with a :class:`~cardrules.verdict.Verdict` naming the rules involved.

>>> import cardrules
>>> game = cardrules.get_game("felagsvist")
>>> state = game.new_game(seed=1)
>>> len(state.legal_actions())
13

Every public exception class is exported here, so ``except cardrules.RecordError``
needs no deeper import. :class:`~cardrules.testing.conformance.ConformanceError`
is loaded when it is first asked for (``cardrules.ConformanceError``), since it
lives with the conformance kit, which ``import cardrules`` does not load.
"""

from typing import TYPE_CHECKING

from cardrules.cards import STANDARD_DECK, Card, Cards, Rank, Suit, parse_card, parse_cards
from cardrules.errors import (
    AmbiguousActionError,
    CardRulesError,
    GameNotOverError,
    IllegalActionError,
    InvalidArgumentError,
    InvalidDealError,
    InvalidNotationError,
    InvalidOptionError,
    NotSolvableError,
    SolveBudgetExceeded,
    UnknownGameError,
    UnknownRuleError,
)
from cardrules.game import TERMINAL, Action, Game, State
from cardrules.games import GAMES, from_position, get_game
from cardrules.position import InvalidPositionError
from cardrules.records import IllegalStepError, RecordError
from cardrules.rules import COMMON_RULES, Rule, RuleBook, RuleId, RuleKind
from cardrules.solve import ClaimResult, analyse, claim
from cardrules.verdict import Verdict

if TYPE_CHECKING:
    from cardrules.testing.conformance import ConformanceError

__version__ = "0.1.0"

__all__ = [
    "COMMON_RULES",
    "GAMES",
    "STANDARD_DECK",
    "TERMINAL",
    "Action",
    "AmbiguousActionError",
    "Card",
    "CardRulesError",
    "Cards",
    "ClaimResult",
    "ConformanceError",
    "Game",
    "GameNotOverError",
    "IllegalActionError",
    "IllegalStepError",
    "InvalidArgumentError",
    "InvalidDealError",
    "InvalidNotationError",
    "InvalidOptionError",
    "InvalidPositionError",
    "NotSolvableError",
    "Rank",
    "RecordError",
    "Rule",
    "RuleBook",
    "RuleId",
    "RuleKind",
    "SolveBudgetExceeded",
    "State",
    "Suit",
    "UnknownGameError",
    "UnknownRuleError",
    "Verdict",
    "__version__",
    "analyse",
    "claim",
    "from_position",
    "get_game",
    "parse_card",
    "parse_cards",
]


def __getattr__(name: str) -> object:
    """``ConformanceError``, imported from the conformance kit when first asked for."""
    if name == "ConformanceError":
        from cardrules.testing.conformance import ConformanceError

        return ConformanceError
    raise AttributeError(f"module 'cardrules' has no attribute {name!r}")
