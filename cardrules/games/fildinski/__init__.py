"""Fildinski (Polish Bezique): two players, a 64-card double piquet deck, melds from won tricks.

The rules are those of the library's specification (see the rules reference);
:data:`~cardrules.games.fildinski.rules.RULES` lists them. Get a game with
``cardrules.get_game("fildinski")``.

Cards are physical: ids 0-63 (:mod:`cardrules.games.fildinski.cards`), zones
are id bitmasks, and each kind of card exists twice.

The flow of actions: the leader plays, the follower plays; the trick's winner
then has a meld step (after tricks 1-24, and after tricks 25-32 too under
``meld_in_endgame = true``), which it always ends with exactly one meld
declaration (:class:`~cardrules.games.fildinski.actions.DeclareMelds`:
``p0 meld none`` when it declares nothing, else one or two melds). A dix
(:class:`~cardrules.games.fildinski.actions.Dix`, ``p0 dix 7H``), when made,
comes in the same step before that declaration. The draws follow the
declaration.

>>> import cardrules
>>> state = cardrules.get_game("fildinski").new_game(seed=2)
>>> lead = state.legal_actions()[0]
>>> state = state.apply(lead)
>>> state = state.apply(state.legal_actions()[0])
>>> state.in_meld_step, str(state.legal_actions()[-1]).split()[1]
(True, 'meld')
"""

from cardrules.games.fildinski.actions import CardRef, DeclareMelds, Dix, MeldDecl, PlayCard
from cardrules.games.fildinski.deal import DealPlan
from cardrules.games.fildinski.game import FildinskiGame
from cardrules.games.fildinski.melds import MELD_POINTS, MeldKind, bezique_kinds, meld_fits
from cardrules.games.fildinski.observation import FildinskiObservation
from cardrules.games.fildinski.options import (
    BeziquePair,
    DixExchange,
    FildinskiOptions,
    LastTrickBonus,
    MeldedCards,
    TrumpSevenPoints,
)
from cardrules.games.fildinski.play import follower_wins, legal_follow
from cardrules.games.fildinski.rules import RULES
from cardrules.games.fildinski.scoring import Category, DealSummary, DixEvent, MeldEvent
from cardrules.games.fildinski.state import FildinskiState

__all__ = [
    "MELD_POINTS",
    "RULES",
    "BeziquePair",
    "CardRef",
    "Category",
    "DealPlan",
    "DealSummary",
    "DeclareMelds",
    "Dix",
    "DixEvent",
    "DixExchange",
    "FildinskiGame",
    "FildinskiObservation",
    "FildinskiOptions",
    "FildinskiState",
    "LastTrickBonus",
    "MeldDecl",
    "MeldEvent",
    "MeldKind",
    "MeldedCards",
    "PlayCard",
    "TrumpSevenPoints",
    "bezique_kinds",
    "follower_wins",
    "legal_follow",
    "meld_fits",
]
