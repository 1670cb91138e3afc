"""Félagsvist (Icelandic social whist): four players, two partnerships, twelve deals.

The rules are those of the library's specification (see the rules reference);
:data:`~cardrules.games.felagsvist.rules.RULES` lists them. Get a game with
``cardrules.get_game("felagsvist")``.
"""

from cardrules.games.felagsvist.actions import SEAT_NAMES, PlayCard
from cardrules.games.felagsvist.deal import DealPlan, round_kind, trump_suit
from cardrules.games.felagsvist.game import FelagsvistGame
from cardrules.games.felagsvist.observation import FelagsvistObservation
from cardrules.games.felagsvist.options import (
    FelagsvistOptions,
    FirstDealer,
    NoloAce,
    RoundKind,
    Scoring,
    Session,
    Tiebreak,
)
from cardrules.games.felagsvist.rules import RULES
from cardrules.games.felagsvist.scoring import deal_scores
from cardrules.games.felagsvist.state import FelagsvistState

__all__ = [
    "RULES",
    "SEAT_NAMES",
    "DealPlan",
    "FelagsvistGame",
    "FelagsvistObservation",
    "FelagsvistOptions",
    "FelagsvistState",
    "FirstDealer",
    "NoloAce",
    "PlayCard",
    "RoundKind",
    "Scoring",
    "Session",
    "Tiebreak",
    "deal_scores",
    "round_kind",
    "trump_suit",
]
