"""Z3 proofs of the rules' invariants, one module per game.

Each claim states which rule ids it proves and comes with a deliberately
wrong companion that must be refuted, so that a proof is shown able to fail.
Run ``python -m proofs`` to prove everything and print a table.

>>> from proofs import claims_for
>>> all(claim.game == "felagsvist" for claim in claims_for("felagsvist"))
True
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Final

from proofs import felagsvist
from proofs.claims import Claim, Report, Result, check, check_all, prove

__all__ = ["GAMES", "Claim", "Report", "Result", "check", "check_all", "claims_for", "prove"]

GAMES: Final[Mapping[str, tuple[Claim, ...]]] = MappingProxyType({"felagsvist": felagsvist.CLAIMS})
"""Each game's claims, in the order of the table."""


def claims_for(game: str | None = None) -> tuple[Claim, ...]:
    """The claims of one game, or of every game when ``game`` is ``None``.

    Raises:
        KeyError: no game of that name has proofs.
    """
    if game is None:
        return tuple(claim for claims in GAMES.values() for claim in claims)
    key = game.strip().lower().replace("-", "_")
    if key not in GAMES:
        raise KeyError(f"no proofs for a game called {game!r}; there are proofs for {', '.join(GAMES)}")
    return GAMES[key]
