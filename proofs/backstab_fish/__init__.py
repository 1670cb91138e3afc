"""Backstab Fish in Z3: card conservation, the legal asks, the end count, termination and a loop.

Every claim holds for *all* values of its variables, not a sample. The
package's modules:

- :mod:`~proofs.backstab_fish.model`: the specification's numbers (players,
  decks, refill, set size) and one turn of the game over card counts,
  :data:`~proofs.backstab_fish.model.TURN_SYSTEM`, for every number of players
  from 4 to 10, every deck, every option and every choice. It follows one
  *tracked* rank through the hands, the stock and the laid sets next to the
  totals; any rank can be the tracked one, so what is proved for it holds for
  every rank, and the other ranks may move in any way the counts allow, which
  allows more than the rules do and so is sound for every claim over it;
- :mod:`~proofs.backstab_fish.conservation`: card conservation, rank multiples
  and a legal ask in every state of play, inductively over the turn;
- :mod:`~proofs.backstab_fish.termination`: a turn of the game is a turn of a
  small system of abstract counts, whose ranking falls on every turn, so the
  number of turns is bounded;
- :mod:`~proofs.backstab_fish.scoring`: the end count, the scores adding up to
  ``D/4``;
- :mod:`~proofs.backstab_fish.lasso`: without the stall limit the literal game
  need not end, a claim *expected to be refuted*: z3 finds a deal and two asks
  after which the position is the same again;
- :mod:`~proofs.backstab_fish.statements`: the ask and score rules stated on
  their own inputs (a packed hand, the hand sizes, the scores);
- :mod:`~proofs.backstab_fish.code`: the engine's ask conditions, points and
  winners, run on z3 terms and proved equal to those statements.

The model does not import the engine (only :mod:`~proofs.backstab_fish.code`
does). The refinement tests read engine states as the model's variables and
check that every turn the engine plays is a move of the model.
"""

from __future__ import annotations

from typing import Final

from proofs.backstab_fish.code import ASK_CODE, LAY_DOWN_CODE, SCORES_CODE
from proofs.backstab_fish.conservation import CONSERVATION, LEGAL_ASK, RANK_MULTIPLES
from proofs.backstab_fish.lasso import LITERAL_GAME_ENDS
from proofs.backstab_fish.scoring import END_TOTAL
from proofs.backstab_fish.termination import RANKING, TERMINATION_BOUND, TURN_ABSTRACTION
from proofs.claims import Claim

__all__ = [
    "ASK_CODE",
    "CLAIMS",
    "CONSERVATION",
    "END_TOTAL",
    "LAY_DOWN_CODE",
    "LEGAL_ASK",
    "LITERAL_GAME_ENDS",
    "RANKING",
    "RANK_MULTIPLES",
    "SCORES_CODE",
    "TERMINATION_BOUND",
    "TURN_ABSTRACTION",
]

CLAIMS: Final[tuple[Claim, ...]] = (
    CONSERVATION,
    RANK_MULTIPLES,
    LEGAL_ASK,
    TURN_ABSTRACTION,
    RANKING,
    TERMINATION_BOUND,
    END_TOTAL,
    LITERAL_GAME_ENDS,
    ASK_CODE,
    SCORES_CODE,
    LAY_DOWN_CODE,
)
"""Every Backstab Fish claim, in the order of the table."""
