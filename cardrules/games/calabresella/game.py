"""The Calabresella game object: its metadata, validated options and initial states."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, ClassVar

from cardrules.base import GameBase, check_seed
from cardrules.cards import Card
from cardrules.game import GameInfo
from cardrules.games.calabresella.deal import DealPlan
from cardrules.games.calabresella.info import INFO
from cardrules.games.calabresella.options import (
    DEFAULT_OPTION_TEXTS,
    DEFAULT_OPTIONS,
    CalabresellaOptions,
    options_from,
)
from cardrules.games.calabresella.position import read_position
from cardrules.games.calabresella.state import CalabresellaState

if TYPE_CHECKING:
    from cardrules.games.calabresella.encoding import CalabresellaEncoding

__all__ = ["INFO", "CalabresellaGame"]


@dataclass(frozen=True, slots=True)
class CalabresellaGame(GameBase[CalabresellaOptions, CalabresellaState]):
    """Calabresella with fixed options. Get one with ``cardrules.get_game("calabresella", ...)``.

    A game is one hand (calabresella.procedure.session): it ends once settled,
    or once all three players pass. :meth:`~cardrules.games.calabresella.state.CalabresellaState.next_hand`
    continues the session with the next dealer and the balances so far. Deck
    orders given to ``from_deal`` after the first are the session's following
    hands.

    >>> import cardrules
    >>> game = cardrules.get_game("calabresella", stakes="1,2,4")
    >>> state = game.new_game(seed=1)
    >>> [str(a) for a in state.legal_actions()]
    ['p0 pass', 'p0 bid chiamo', 'p0 bid solo', 'p0 bid solissimo']
    """

    INFO: ClassVar[GameInfo] = INFO
    options: CalabresellaOptions = field(default_factory=CalabresellaOptions)

    @classmethod
    def _read_options(cls, given: Mapping[str, object]) -> CalabresellaOptions:
        return options_from(given)

    def options_dict(self) -> dict[str, str | int]:
        """Every option as a plain value (enum values as their strings), every option present."""
        if self.options is DEFAULT_OPTIONS:  # the usual game, whose options a record writes: known at once
            return dict(DEFAULT_OPTION_TEXTS)
        return GameBase.options_dict(self)

    def _new_game(self, seed: int) -> CalabresellaState:
        return CalabresellaState.deal(DealPlan(self.options, seed), self._first_dealer(seed))

    def _from_decks(self, decks: tuple[tuple[Card, ...], ...], dealer: int, seed: int) -> CalabresellaState:
        indices = tuple(tuple(card.index for card in deck) for deck in decks)
        return CalabresellaState.deal(DealPlan(self.options, seed, indices), dealer)

    def encoding(self) -> CalabresellaEncoding:
        """Calabresella's integer interface for agents (:mod:`~cardrules.games.calabresella.encoding`)."""
        from cardrules.games.calabresella.encoding import CalabresellaEncoding

        return CalabresellaEncoding(self.options)

    def from_position(self, text: str, *, seed: int = 0) -> CalabresellaState:
        """The state a position text describes (see :mod:`cardrules.games.calabresella.position`).

        The position's options apply; an option it leaves out keeps this game's
        value. The hand is dealt again from the deck its zones and history go
        back to, and the history is replayed with the engine's own check.
        Later hands come from the position's seed and deck orders, or from
        ``seed`` when the text leaves its seed out (a short position).

        Raises:
            InvalidPositionError: the text is malformed or the position cannot
                arise; the error lists every problem, each with its section
                and the rule it breaks.
        """
        return read_position(self, text, seed=check_seed(seed))
