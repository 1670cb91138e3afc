"""Calabresella (Terziglio): three players, one bidder against two, no trumps.

The rules are those of the library's specification (see the rules reference);
:data:`~cardrules.games.calabresella.rules.RULES` lists them. Get a game with
``cardrules.get_game("calabresella")``. A game is one hand, from the deal to
its settlement (or to an all-pass);
:meth:`~cardrules.games.calabresella.state.CalabresellaState.next_hand` deals the
next hand of a session.
"""

from cardrules.games.calabresella.actions import (
    Bid,
    CallCard,
    ChooseRaise,
    Discard,
    Pass,
    PlayCard,
    ReturnCard,
)
from cardrules.games.calabresella.auction import auction_status
from cardrules.games.calabresella.cards import DECK, RANK_ORDER, STRENGTH, THIRDS, card_thirds, mask_thirds
from cardrules.games.calabresella.deal import DealContext, DealPlan, Phase, Setup, Tally, deal_hands
from cardrules.games.calabresella.game import CalabresellaGame
from cardrules.games.calabresella.observation import CalabresellaObservation
from cardrules.games.calabresella.options import (
    Auction,
    CalabresellaOptions,
    Direction,
    FollowSuit,
    OpeningLead,
    RedealDealer,
    ReturnTiming,
    ReverseCappotto,
    SolissimoRaises,
    SoloMonte,
    StramazzoBasis,
    parse_stakes,
)
from cardrules.games.calabresella.rules import RULES
from cardrules.games.calabresella.scoring import (
    Contract,
    Raise,
    Settlement,
    is_cappotto,
    is_stramazzo,
    multiplier,
    payments,
    points,
    settle,
    stake,
    succeeds,
)
from cardrules.games.calabresella.state import CalabresellaState

__all__ = [
    "DECK",
    "RANK_ORDER",
    "RULES",
    "STRENGTH",
    "THIRDS",
    "Auction",
    "Bid",
    "CalabresellaGame",
    "CalabresellaObservation",
    "CalabresellaOptions",
    "CalabresellaState",
    "CallCard",
    "ChooseRaise",
    "Contract",
    "DealContext",
    "DealPlan",
    "Direction",
    "Discard",
    "FollowSuit",
    "OpeningLead",
    "Pass",
    "Phase",
    "PlayCard",
    "Raise",
    "RedealDealer",
    "ReturnCard",
    "ReturnTiming",
    "ReverseCappotto",
    "Settlement",
    "Setup",
    "SolissimoRaises",
    "SoloMonte",
    "StramazzoBasis",
    "Tally",
    "auction_status",
    "card_thirds",
    "deal_hands",
    "is_cappotto",
    "is_stramazzo",
    "mask_thirds",
    "multiplier",
    "parse_stakes",
    "payments",
    "points",
    "settle",
    "stake",
    "succeeds",
]
