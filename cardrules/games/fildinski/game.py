"""The Fildinski game object: its metadata, validated options and initial states."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, ClassVar

from cardrules.base import GameBase, check_seed
from cardrules.cards import Card
from cardrules.game import GameInfo
from cardrules.games.fildinski.cards import card_kind, label_deck
from cardrules.games.fildinski.deal import DealPlan
from cardrules.games.fildinski.info import INFO
from cardrules.games.fildinski.options import FildinskiOptions
from cardrules.games.fildinski.position import read_position
from cardrules.games.fildinski.state import FildinskiState

if TYPE_CHECKING:
    from cardrules.games.fildinski.encoding import FildinskiEncoding

__all__ = ["INFO", "FildinskiGame"]


@dataclass(frozen=True, slots=True)
class FildinskiGame(GameBase[FildinskiOptions, FildinskiState]):
    """Fildinski with fixed options. Get one with ``cardrules.get_game("fildinski", ...)``.

    In a deck order given to ``from_deal``, of two equal cards the one nearer
    the top is copy 1 (fildinski.deck.composition).

    >>> import cardrules
    >>> game = cardrules.get_game("fildinski", target_score=2000)
    >>> state = game.new_game(seed=1)
    >>> state.hands[0].bit_count(), len(state.stock), state.current_player == 1 - state.dealer
    (8, 48, True)
    """

    INFO: ClassVar[GameInfo] = INFO
    options: FildinskiOptions = field(default_factory=FildinskiOptions)

    def _new_game(self, seed: int) -> FildinskiState:
        return FildinskiState.start(DealPlan(self.options, seed), self._first_dealer(seed))

    def encoding(self) -> FildinskiEncoding:
        """Fildinski's integer interface for agents (:mod:`~cardrules.games.fildinski.encoding`)."""
        from cardrules.games.fildinski.encoding import FildinskiEncoding

        return FildinskiEncoding(self.options)

    def from_position(self, text: str, *, seed: int = 0) -> FildinskiState:
        """The state a position text describes (see :mod:`cardrules.games.fildinski.position`).

        The position's options apply; an option it leaves out keeps this
        game's value. Nothing random is drawn: later deals come from the
        position's seed and deck orders, or from ``seed`` when the text leaves
        its seed out (a short position, ``state.position(future=False)``).

        Raises:
            InvalidPositionError: the text is malformed or the position cannot
                arise; the error lists every problem, each with its section
                and the rule it breaks.
        """
        return read_position(self, text, seed=check_seed(seed))

    def _from_decks(self, decks: tuple[tuple[Card, ...], ...], dealer: int, seed: int) -> FildinskiState:
        labelled = tuple(
            label_deck(kind for card in deck if (kind := card_kind(card)) is not None) for deck in decks
        )
        return FildinskiState.start(DealPlan(self.options, seed, labelled), dealer)
