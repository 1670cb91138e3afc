"""Fildinski options: the disputed points of the specification as typed choices."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from cardrules.errors import InvalidOptionError
from cardrules.text import echo

__all__ = [
    "BeziquePair",
    "DixExchange",
    "FildinskiOptions",
    "LastTrickBonus",
    "MeldedCards",
    "TrumpSevenPoints",
]


class TrumpSevenPoints(Enum):
    """Who scores a trump 7: the player who plays it (``played``) or the trick's winner (``captured``)."""

    PLAYED = "played"
    CAPTURED = "captured"


class LastTrickBonus(Enum):
    """Which trick earns the 10-point bonus: trick 32 (``final``) or trick 24 (``stock_end``)."""

    FINAL = "final"
    STOCK_END = "stock_end"


class DixExchange(Enum):
    """The dix: a trump 7 from hand for 10 (``from_hand``) or the 7 of the trick just won (``from_trick``)."""

    FROM_HAND = "from_hand"
    FROM_TRICK = "from_trick"


class MeldedCards(Enum):
    """Melded cards stay in the won pile (``stay``) or leave play at once (``removed``)."""

    STAY = "stay"
    REMOVED = "removed"


class BeziquePair(Enum):
    """The bezique cards: Q♠ J♦ (``standard``), or Q♥ J♣ under ♦/♠ trumps (``klaverjas_hartendame``)."""

    STANDARD = "standard"
    KLAVERJAS_HARTENDAME = "klaverjas_hartendame"


@dataclass(frozen=True, slots=True)
class FildinskiOptions:
    """The options of a Fildinski game, each with the specification's default.

    Attributes:
        target_score: the game ends after a deal at whose end a total reaches it
            (fildinski.game.target); a positive multiple of 10.
        trump_seven_points: fildinski.score.trump-seven.
        last_trick_bonus: fildinski.score.last-trick.
        dix_exchange: fildinski.dix.exchange.
        melded_cards: fildinski.meld.after-scoring.
        meld_needs_trick_card: fildinski.meld.fresh-card.
        meld_in_endgame: fildinski.endgame.no-melding.
        bezique_pair: fildinski.meld.bezique-pair.

    >>> from cardrules.games.fildinski.options import FildinskiOptions
    >>> FildinskiOptions().target_score
    500
    """

    target_score: int = 500
    trump_seven_points: TrumpSevenPoints = TrumpSevenPoints.PLAYED
    last_trick_bonus: LastTrickBonus = LastTrickBonus.FINAL
    dix_exchange: DixExchange = DixExchange.FROM_HAND
    melded_cards: MeldedCards = MeldedCards.STAY
    meld_needs_trick_card: bool = True
    meld_in_endgame: bool = False
    bezique_pair: BeziquePair = BeziquePair.STANDARD

    def __post_init__(self) -> None:
        target = self.target_score
        if not isinstance(target, int) or isinstance(target, bool) or target <= 0 or target % 10:
            raise InvalidOptionError(
                "target_score",
                f"fildinski option target_score takes a positive multiple of 10 (500, 2000, ...); "
                f"not {echo(target)} [fildinski.game.target]",
            )
