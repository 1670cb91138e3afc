"""Calabresella in Z3: the deck and its thirds, the trick, the count, the payments and the cards.

Every claim holds for *all* values of its variables, not a sample:

- a set of cards (a hand, a won pile, the monte) is a 52-bit vector over
  :attr:`cardrules.cards.Card.index`, limited to the 40 cards of the game; a
  trick is three distinct 6-bit card indices;
- card values are integers in thirds, and a side's points are
  ``floor(thirds / 3)``: nothing in the model is a float;
- the stakes are three symbolic positive integers, so the payment claims hold
  for every ``stakes`` option, not only the default ``1,2,3``;
- the auction is a small transition system of integers, under either
  ``auction`` option;
- a suit renaming is four distinct symbolic suits, one image per suit;
- a whole hand (the deal in packets of four, the auction's outcome, every
  exchange of every contract and raise, the twelve tricks and the settlement)
  is one transition system whose places are 52-bit vectors with integer
  counters, and card conservation is an inductive invariant of it, proved for
  every deck order, every card moved and every trick winner.

The package's modules:

- :mod:`~proofs.calabresella.model`: the specification's tables (rank order,
  card values, zones and phases) and the symbolic legal set and trick winner;
- :mod:`~proofs.calabresella.deck`: the deck's values and the Italian pack;
- :mod:`~proofs.calabresella.play`: following suit and the trick winner;
- :mod:`~proofs.calabresella.scoring`: the count, success, the multiplier and
  the payments;
- :mod:`~proofs.calabresella.bidding`: the auction and the session;
- :mod:`~proofs.calabresella.hand`: the whole hand as a transition system;
- :mod:`~proofs.calabresella.conservation`: card conservation over it;
- :mod:`~proofs.calabresella.settlement`: cappotto, stramazzo, the
  multiplier, the stakes and the payments, stated on a settled hand and on
  its counts;
- :mod:`~proofs.calabresella.code`: the engine's own legal set, run on z3
  bit-vectors and proved equal to the model's statement for every input;
- :mod:`~proofs.calabresella.code_scoring`: the engine's count, stakes,
  payments, card values and auction conditions, checked on every input.

The model is written from the specification, not from the engine (only
:mod:`~proofs.calabresella.code` and :mod:`~proofs.calabresella.code_scoring`
import the engine): the rank
order and the card values are the specification's own tables (only the card
numbering of :mod:`cardrules.cards` is shared). The refinement tests evaluate
the model's terms on states the engine reaches and check that both agree.
"""

from __future__ import annotations

from typing import Final

from proofs.calabresella.bidding import AUCTION, SESSION_BALANCE
from proofs.calabresella.code import LEGAL_SET_CODE
from proofs.calabresella.code_scoring import (
    AUCTION_CODE,
    CARD_THIRDS_CODE,
    COUNT_CODE,
    EXCHANGE_CODE,
    PAYMENT_CODE,
)
from proofs.calabresella.conservation import CARD_CONSERVATION
from proofs.calabresella.deck import DECK_VALUES, ITALIAN_PACK
from proofs.calabresella.play import FOLLOW_SUIT, TRICK_WINNER
from proofs.calabresella.scoring import (
    HAND_TOTAL,
    MULTIPLIER,
    PAYMENT_ZERO_SUM,
    POOLED_ROUNDING,
    STAKE_LADDER,
    SUCCESS,
)
from proofs.claims import Claim

__all__ = [
    "AUCTION",
    "AUCTION_CODE",
    "CARD_CONSERVATION",
    "CARD_THIRDS_CODE",
    "CLAIMS",
    "COUNT_CODE",
    "DECK_VALUES",
    "EXCHANGE_CODE",
    "FOLLOW_SUIT",
    "HAND_TOTAL",
    "ITALIAN_PACK",
    "LEGAL_SET_CODE",
    "MULTIPLIER",
    "PAYMENT_CODE",
    "PAYMENT_ZERO_SUM",
    "POOLED_ROUNDING",
    "SESSION_BALANCE",
    "STAKE_LADDER",
    "SUCCESS",
    "TRICK_WINNER",
]

CLAIMS: Final[tuple[Claim, ...]] = (
    DECK_VALUES,
    AUCTION,
    FOLLOW_SUIT,
    LEGAL_SET_CODE,
    TRICK_WINNER,
    ITALIAN_PACK,
    HAND_TOTAL,
    POOLED_ROUNDING,
    SUCCESS,
    MULTIPLIER,
    PAYMENT_ZERO_SUM,
    STAKE_LADDER,
    SESSION_BALANCE,
    CARD_CONSERVATION,
    COUNT_CODE,
    PAYMENT_CODE,
    CARD_THIRDS_CODE,
    AUCTION_CODE,
    EXCHANGE_CODE,
)
"""Every Calabresella claim, in the order of the table."""
