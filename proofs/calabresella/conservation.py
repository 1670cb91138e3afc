"""Calabresella's card conservation over a whole hand, as an inductive invariant.

calabresella/card-conservation proves calabresella.deck.composition,
calabresella.deal.packets, calabresella.deal.monte,
calabresella.procedure.phases, calabresella.exchange.handover,
calabresella.exchange.called-in-monte, calabresella.exchange.take-monte,
calabresella.exchange.return, calabresella.exchange.discard,
calabresella.exchange.solissimo, calabresella.exchange.dividete,
calabresella.exchange.scegliete, calabresella.play.turn,
calabresella.play.tricks and calabresella.scoring.monte for every deck
order, every card moved and every trick winner.
"""

from __future__ import annotations

from typing import Final

from proofs.calabresella.hand import HAND_SYSTEM, hand_system
from proofs.claims import Family
from proofs.induction import inductive_member
from proofs.z3facade import Engine

__all__ = ["CARD_CONSERVATION"]


_CONSERVATION_IDS: Final = (
    "calabresella.deck.composition",
    "calabresella.deal.packets",
    "calabresella.deal.monte",
    "calabresella.procedure.phases",
    "calabresella.exchange.handover",
    "calabresella.exchange.called-in-monte",
    "calabresella.exchange.take-monte",
    "calabresella.exchange.return",
    "calabresella.exchange.discard",
    "calabresella.exchange.solissimo",
    "calabresella.exchange.dividete",
    "calabresella.exchange.scegliete",
    "calabresella.play.turn",
    "calabresella.play.tricks",
    "calabresella.scoring.monte",
)


_CONSERVATION: Final = Family(_CONSERVATION_IDS, engine=Engine.SMT_CORE)

CARD_CONSERVATION: Final = inductive_member(
    _CONSERVATION,
    "calabresella/card-conservation",
    "From any order of the 40 cards, through the deal in packets, any auction outcome, every "
    "exchange of every contract and raise (both return timings), every card played, every trick winner and "
    "the settlement: each card is in exactly one of the pile, the three hands, the monte, the trick and the "
    "two won piles, the sizes sum to 40, each zone has the size its phase gives it (12, 12, 12 and a monte "
    "of 4 before the opening lead), the player to act holds a card, and at settlement the two won piles "
    "are the deck, the bidder's holding 3 cards per trick plus the monte if it won trick 12.",
    HAND_SYSTEM,
    wrong=inductive_member(
        _CONSERVATION,
        "calabresella/card-conservation-called-card-copied",
        "The same when the called card, handed to the bidder, also stays in the giver's hand.",
        hand_system(copy_called=True),
    ),
)
