"""Exact solving of the trick-taking play: the search, claims and the analysis of every move.

See :mod:`cardrules.solve.search` for the search and the :class:`~cardrules.solve.endings.Ending`
protocol games implement, :mod:`cardrules.solve.adapter` for how a game's state
gives one, :mod:`cardrules.solve.claims` for claims and
:mod:`cardrules.solve.analysis` for the value of every legal action.
"""

from cardrules.errors import NotSolvableError, SolveBudgetExceeded
from cardrules.solve.adapter import Solvable, TableEnding, ending_of
from cardrules.solve.analysis import ActionValue, Analysis, analyse
from cardrules.solve.claims import ClaimResult, claim
from cardrules.solve.endings import Ending, rank_groups
from cardrules.solve.search import DEFAULT_MAX_NODES, Solver

__all__ = [
    "DEFAULT_MAX_NODES",
    "ActionValue",
    "Analysis",
    "ClaimResult",
    "Ending",
    "NotSolvableError",
    "Solvable",
    "SolveBudgetExceeded",
    "Solver",
    "TableEnding",
    "analyse",
    "claim",
    "ending_of",
    "rank_groups",
]
