"""cardrules: a rules verification and reference library for card games.

Every rule has a stable id; every game is an immutable reference engine that
adjudicates actions with a :class:`~cardrules.verdict.Verdict` naming the rules involved.

>>> import cardrules
>>> game = cardrules.get_game("felagsvist")
>>> state = game.new_game(seed=1)
>>> len(state.legal_actions())
13
"""

from cardrules.cards import STANDARD_DECK, Card, Cards, Rank, Suit, parse_card, parse_cards
from cardrules.errors import (
    AmbiguousActionError,
    CardRulesError,
    IllegalActionError,
    InvalidDealError,
    InvalidNotationError,
    InvalidOptionError,
    UnknownGameError,
)
from cardrules.game import TERMINAL, Action, Game, State
from cardrules.games import GAMES, from_position, get_game
from cardrules.position import InvalidPositionError
from cardrules.records import RecordError
from cardrules.rules import COMMON_RULES, Rule, RuleBook, RuleId, RuleKind
from cardrules.solve import ClaimResult, NotSolvableError, SolveBudgetExceeded, analyse, claim
from cardrules.verdict import Verdict

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
    "Game",
    "IllegalActionError",
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
    "Verdict",
    "__version__",
    "analyse",
    "claim",
    "from_position",
    "get_game",
    "parse_card",
    "parse_cards",
]
