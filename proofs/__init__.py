"""Z3 proofs of the rules' invariants, one package per game.

Each claim states which rule ids it proves and comes with a deliberately
wrong companion that must be refuted, so that a proof is shown able to fail.
Run ``python -m proofs`` to prove everything and print a table.

>>> from proofs import claims_for
>>> all(claim.game == "felagsvist" for claim in claims_for("felagsvist"))
True
"""

from __future__ import annotations

import importlib
from typing import Final

from proofs.claims import Claim, Family, Report, Result, check, check_all, prove

__all__ = ["GAMES", "Claim", "Family", "Report", "Result", "check", "check_all", "claims_for", "prove"]

GAMES: Final[tuple[str, ...]] = ("felagsvist", "fildinski", "calabresella", "backstab_fish")
"""The games with proofs, in the order of the table; game ``g``'s claims are ``proofs.g.CLAIMS``."""


def _claims(game: str) -> tuple[Claim, ...]:
    claims: tuple[Claim, ...] = importlib.import_module(f"proofs.{game}").CLAIMS
    return claims


def claims_for(game: str | None = None) -> tuple[Claim, ...]:
    """The claims of one game, or of every game when ``game`` is ``None``.

    Raises:
        KeyError: no game of that name has proofs.
    """
    if game is None:
        return tuple(claim for name in GAMES for claim in _claims(name))
    key = game.strip().lower().replace("-", "_")
    if key not in GAMES:
        raise KeyError(f"no proofs for a game called {game!r}; there are proofs for {', '.join(GAMES)}")
    return _claims(key)
