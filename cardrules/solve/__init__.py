"""Exact solving of the trick-taking play: the search, claims and the analysis of every move.

See :mod:`cardrules.solve.search` for the search and the :class:`~cardrules.solve.endings.Ending`
protocol games implement, :mod:`cardrules.solve.adapter` for how a game's state
gives one, :mod:`cardrules.solve.claims` for claims and
:mod:`cardrules.solve.analysis` for the value of every legal action.

An install may have the solver's hot modules compiled with mypyc (built with
``CARDRULES_COMPILE=1``; see the installation docs): :data:`COMPILED` tells.
Compiled or not, the package answers alike, and its ``.py`` sources are the
reference; only the compiled classes (:class:`~cardrules.solve.search.Solver`,
the Félagsvist ending) cannot be subclassed in a compiled install.
"""

from importlib.machinery import ExtensionFileLoader
from typing import Final

from cardrules.errors import NotSolvableError, SolveBudgetExceeded
from cardrules.solve import search
from cardrules.solve.adapter import Solvable, TableEnding, ending_of
from cardrules.solve.analysis import ActionValue, Analysis, analyse
from cardrules.solve.claims import ClaimResult, claim
from cardrules.solve.endings import Ending, rank_groups
from cardrules.solve.search import DEFAULT_MAX_NODES, Solver

COMPILED: Final[bool] = isinstance(getattr(search.__spec__, "loader", None), ExtensionFileLoader)
"""Whether this install's solver is compiled (its search module is an extension module built by mypyc)."""

__all__ = [
    "COMPILED",
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
