"""cardrules: a rules verification and reference library for card games.

Every rule has a stable id; every game is an immutable reference engine that
adjudicates actions with a :class:`~cardrules.verdict.Verdict` naming the rules involved.

>>> import cardrules
>>> game = cardrules.get_game("felagsvist")
>>> state = game.new_game(seed=1)
>>> len(state.legal_actions())
13

Every public exception class is exported here, so ``except cardrules.RecordError``
needs no deeper import.

``import cardrules`` loads the core only (cards, rules, verdicts, the game
protocol and the game table); the heavier parts are loaded when first used
(:pep:`562`), as ``import numpy`` leaves ``numpy.testing`` alone: the records
(:mod:`cardrules.records`, which brings the record forms and the corpus tools)
when ``RecordError`` or ``IllegalStepError`` is first asked for, the solver
(:mod:`cardrules.solve`) for ``claim``, ``analyse`` and ``ClaimResult``, the
conformance kit for ``ConformanceError``, and every game's engine at its first
``get_game``. ``from cardrules import X`` and ``cardrules.X`` work for every name
of ``__all__``, and ``cardrules.records`` (any subpackage) for any submodule,
as if all were imported at once.
"""

import importlib
from types import MappingProxyType
from typing import TYPE_CHECKING, Final

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
from cardrules.rules import COMMON_RULES, Rule, RuleBook, RuleId, RuleKind
from cardrules.verdict import Verdict

if TYPE_CHECKING:
    from cardrules.records.errors import IllegalStepError, RecordError
    from cardrules.solve import ClaimResult, analyse, claim
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


_LAZY: Final = MappingProxyType(
    {
        "ClaimResult": "cardrules.solve",
        "ConformanceError": "cardrules.testing.conformance",
        "IllegalStepError": "cardrules.records.errors",
        "RecordError": "cardrules.records.errors",
        "analyse": "cardrules.solve",
        "claim": "cardrules.solve",
    }
)
"""The names of ``__all__`` loaded when first asked for, each with the module that defines it."""


def __getattr__(name: str) -> object:
    """A name of :data:`_LAZY`, or a submodule, imported when first asked for (:pep:`562`)."""
    home = _LAZY.get(name)
    if home is not None:
        value = getattr(importlib.import_module(home), name)
        globals()[name] = value  # asked once: the module's own attribute from now on
        return value
    if not name.startswith("_"):
        try:
            return importlib.import_module(f"{__name__}.{name}")
        except ModuleNotFoundError as error:
            if error.name != f"{__name__}.{name}":
                raise  # the submodule exists, and needs something that is not installed
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
