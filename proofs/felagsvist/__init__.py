"""Félagsvist in Z3: the legal set, the trick winner, the cycle of deals, the scores and the cards.

Every claim holds for *all* values of its variables, not a sample. The
package's modules:

- :mod:`~proofs.felagsvist.model`: the specification's tables (card
  numbering, round cycle, trumps, rank orders) and the symbolic legal set,
  trick winner, deal scores and schedule;
- :mod:`~proofs.felagsvist.legality`: the legal set of the player to act;
- :mod:`~proofs.felagsvist.tricks`: the trick winner and the trick counters;
- :mod:`~proofs.felagsvist.scoring`: deal scores and game totals;
- :mod:`~proofs.felagsvist.schedule`: the cycle of round kinds and the dealers;
- :mod:`~proofs.felagsvist.conservation`: where the cards are during the deal
  and the play, as inductive invariants over sets of cards;
- :mod:`~proofs.felagsvist.code`: the engine's own legal set, run on z3
  bit-vectors and proved equal to the model's statement for every input;
- :mod:`~proofs.felagsvist.code_scoring`: the engine's deal scores, totals,
  winner and end of the game, checked on every input or run on z3 integers.

The refinement tests compare the model with the engine on concrete states.
"""

from __future__ import annotations

from typing import Final

from proofs.claims import Claim
from proofs.felagsvist.code import LEGAL_SET_CODE
from proofs.felagsvist.code_scoring import DEAL_SCORES_CODE, GAME_END_CODE, TOTALS_CODE
from proofs.felagsvist.conservation import CARD_CONSERVATION, DEAL_DISTRIBUTION
from proofs.felagsvist.legality import (
    LEAD_ANY,
    LEGAL_SET_DEFINITION,
    LEGAL_SET_NONEMPTY,
    MUST_FOLLOW,
    VOID_ANY,
)
from proofs.felagsvist.schedule import DEAL_ROTATION, ROUND_BALANCE, ROUND_CYCLE
from proofs.felagsvist.scoring import DEAL_SCORE_SUM, GAME_TOTAL, TIE_DECIDED
from proofs.felagsvist.tricks import THIRTEEN_TRICKS, TRICK_WINNER

__all__ = [
    "CARD_CONSERVATION",
    "CLAIMS",
    "DEAL_DISTRIBUTION",
    "DEAL_ROTATION",
    "DEAL_SCORES_CODE",
    "DEAL_SCORE_SUM",
    "GAME_END_CODE",
    "GAME_TOTAL",
    "LEAD_ANY",
    "LEGAL_SET_CODE",
    "LEGAL_SET_DEFINITION",
    "LEGAL_SET_NONEMPTY",
    "MUST_FOLLOW",
    "ROUND_BALANCE",
    "ROUND_CYCLE",
    "THIRTEEN_TRICKS",
    "TIE_DECIDED",
    "TOTALS_CODE",
    "TRICK_WINNER",
    "VOID_ANY",
]

CLAIMS: Final[tuple[Claim, ...]] = (
    LEGAL_SET_NONEMPTY,
    LEAD_ANY,
    MUST_FOLLOW,
    VOID_ANY,
    LEGAL_SET_DEFINITION,
    LEGAL_SET_CODE,
    TRICK_WINNER,
    DEAL_SCORE_SUM,
    DEAL_SCORES_CODE,
    TIE_DECIDED,
    TOTALS_CODE,
    GAME_END_CODE,
    ROUND_CYCLE,
    DEAL_ROTATION,
    ROUND_BALANCE,
    THIRTEEN_TRICKS,
    GAME_TOTAL,
    DEAL_DISTRIBUTION,
    CARD_CONSERVATION,
)
"""Every Félagsvist claim, in the order of the table."""
