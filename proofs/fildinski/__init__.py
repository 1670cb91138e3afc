"""Fildinski (Polish Bezique) in Z3: cards, tricks, the endgame legal set, conservation, points and melds.

The model is written from the specification, not from the engine: a physical
card is an id ``16*s + 2*str + (copy - 1)`` (fildinski.deck.card-identity), so
the two cards of a kind are the ids ``2k`` and ``2k + 1`` and a set of physical
cards (a hand, the stock, a won pile) is a 64-bit vector. Every claim holds for
*all* values of its variables. The package's modules:

- :mod:`~proofs.fildinski.model`: the card ids, the rank order, the trick
  winner, the endgame legal set, the card values and the meld table;
- :mod:`~proofs.fildinski.deck`: the card ids and the symmetry of the two
  copies of a kind;
- :mod:`~proofs.fildinski.tricks`: the trick winner and a trick's card points;
- :mod:`~proofs.fildinski.endgame`: the legal set once the stock is gone, the
  free play before, the bezique pair and the known endgame;
- :mod:`~proofs.fildinski.conservation`: card conservation and the zone sizes
  over a deal, as inductive invariants;
- :mod:`~proofs.fildinski.points`: the card points of a deal, inductively;
- :mod:`~proofs.fildinski.melds`: the meld bounds;
- :mod:`~proofs.fildinski.game`: the dealers, the end of the game and the
  one-off bonuses;
- :mod:`~proofs.fildinski.code`: the engine's own trick winner and endgame
  legal set, run on z3 bit-vectors and proved equal to the model's statements
  for every input;
- :mod:`~proofs.fildinski.code_scoring`: the engine's brisques, turned seven,
  deal scores, meld table and bezique pair, checked on every input;
- :mod:`~proofs.fildinski.code_trick`: the engine's trick scoring (brisques,
  trump sevens, the last trick) with its table, run on z3 terms;
- :mod:`~proofs.fildinski.code_melds`: the meld step's conditions on one meld
  (a fresh card, the same kind once, the class order), run on z3 bit-vectors.

Only the four ``code`` modules import the engine: the model has its own ids, masks and rules.
The refinement tests evaluate these terms on the engine's states and compare.
"""

from __future__ import annotations

from typing import Final

from proofs.claims import Claim
from proofs.fildinski.code import LEGAL_FOLLOW_CODE, TRICK_WINNER_CODE
from proofs.fildinski.code_melds import MELD_CONDITIONS_CODE
from proofs.fildinski.code_scoring import DEAL_POINTS_CODE, MELDS_CODE
from proofs.fildinski.code_trick import TRICK_POINTS_CODE
from proofs.fildinski.conservation import CONSERVATION, ZONE_SIZES
from proofs.fildinski.deck import CARD_IDS, COPY_SYMMETRY
from proofs.fildinski.endgame import (
    ENDGAME_KNOWN,
    ENDGAME_LEGAL_SET,
    ENDGAME_WINNER_FIXED,
    FREE_DISCARD,
    FREE_PLAY,
    LEGAL_NONEMPTY,
    MUST_FOLLOW,
    MUST_HEAD,
    MUST_TRUMP,
)
from proofs.fildinski.game import DEALER_ALTERNATION, FIXED_BONUSES, GAME_END
from proofs.fildinski.melds import BEZIQUE_PAIR, MELD_BOUND, MELD_BOUND_FRESH, MELD_PER_STEP
from proofs.fildinski.points import CARD_POINTS
from proofs.fildinski.tricks import TRICK_POINTS, TRICK_WINNER

__all__ = [
    "BEZIQUE_PAIR",
    "CARD_IDS",
    "CARD_POINTS",
    "CLAIMS",
    "CONSERVATION",
    "COPY_SYMMETRY",
    "DEALER_ALTERNATION",
    "DEAL_POINTS_CODE",
    "ENDGAME_KNOWN",
    "ENDGAME_LEGAL_SET",
    "ENDGAME_WINNER_FIXED",
    "FIXED_BONUSES",
    "FREE_DISCARD",
    "FREE_PLAY",
    "GAME_END",
    "LEGAL_FOLLOW_CODE",
    "LEGAL_NONEMPTY",
    "MELDS_CODE",
    "MELD_BOUND",
    "MELD_BOUND_FRESH",
    "MELD_CONDITIONS_CODE",
    "MELD_PER_STEP",
    "MUST_FOLLOW",
    "MUST_HEAD",
    "MUST_TRUMP",
    "TRICK_POINTS",
    "TRICK_POINTS_CODE",
    "TRICK_WINNER",
    "TRICK_WINNER_CODE",
    "ZONE_SIZES",
]

CLAIMS: Final[tuple[Claim, ...]] = (
    CARD_IDS,
    COPY_SYMMETRY,
    TRICK_WINNER,
    TRICK_WINNER_CODE,
    ENDGAME_LEGAL_SET,
    LEGAL_FOLLOW_CODE,
    LEGAL_NONEMPTY,
    MUST_FOLLOW,
    MUST_HEAD,
    MUST_TRUMP,
    FREE_DISCARD,
    ENDGAME_WINNER_FIXED,
    FREE_PLAY,
    ENDGAME_KNOWN,
    CONSERVATION,
    ZONE_SIZES,
    TRICK_POINTS,
    CARD_POINTS,
    MELD_BOUND,
    MELD_BOUND_FRESH,
    MELD_PER_STEP,
    BEZIQUE_PAIR,
    FIXED_BONUSES,
    DEALER_ALTERNATION,
    GAME_END,
    DEAL_POINTS_CODE,
    TRICK_POINTS_CODE,
    MELDS_CODE,
    MELD_CONDITIONS_CODE,
)
"""Every Fildinski claim, in the order of the table."""
