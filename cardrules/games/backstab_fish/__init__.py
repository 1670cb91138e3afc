"""Backstab Fish: a Go Fish variant for 4 to 10 players in which the asker names a count.

The rules are those of the library's specification (see the rules reference);
:data:`~cardrules.games.backstab_fish.rules.RULES` lists them. Get a game with
``cardrules.get_game("backstab_fish")``.
"""

from cardrules.games.backstab_fish.actions import ASK, LAY_DOWN, Ask, EndTurn, LayDown
from cardrules.games.backstab_fish.cards import (
    DECKS,
    FishRank,
    Ranks,
    counts_of,
    pack,
    parse_rank,
    rank_of_card,
    set_count,
)
from cardrules.games.backstab_fish.deal import DealContext
from cardrules.games.backstab_fish.game import BackstabFishGame
from cardrules.games.backstab_fish.lay_down import sets_in
from cardrules.games.backstab_fish.observation import (
    ALL_EMPTY,
    SOLE_HOLDER,
    STALL_LIMIT,
    BackstabFishObservation,
    PublicEvent,
)
from cardrules.games.backstab_fish.options import (
    BackstabFishOptions,
    Deck,
    EmptyTarget,
    FinalLayDown,
    Give,
    LayDownRule,
    parse_options,
)
from cardrules.games.backstab_fish.rules import RULES
from cardrules.games.backstab_fish.scoring import winners
from cardrules.games.backstab_fish.state import BackstabFishState

__all__ = [
    "ALL_EMPTY",
    "ASK",
    "DECKS",
    "LAY_DOWN",
    "RULES",
    "SOLE_HOLDER",
    "STALL_LIMIT",
    "Ask",
    "BackstabFishGame",
    "BackstabFishObservation",
    "BackstabFishOptions",
    "BackstabFishState",
    "DealContext",
    "Deck",
    "EmptyTarget",
    "EndTurn",
    "FinalLayDown",
    "FishRank",
    "Give",
    "LayDown",
    "LayDownRule",
    "PublicEvent",
    "Ranks",
    "counts_of",
    "pack",
    "parse_options",
    "parse_rank",
    "rank_of_card",
    "set_count",
    "sets_in",
    "winners",
]
