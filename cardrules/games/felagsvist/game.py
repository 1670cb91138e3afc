"""The Félagsvist game object: its metadata, validated options and initial states."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, ClassVar

from cardrules.base import GameBase, check_seed
from cardrules.cards import Card
from cardrules.errors import InvalidOptionError
from cardrules.game import GameInfo
from cardrules.games.felagsvist.actions import SEAT_NAMES
from cardrules.games.felagsvist.deal import DealPlan
from cardrules.games.felagsvist.info import INFO
from cardrules.games.felagsvist.options import FelagsvistOptions, FirstDealer
from cardrules.games.felagsvist.state import FelagsvistState

if TYPE_CHECKING:
    from cardrules.games.felagsvist.encoding import FelagsvistEncoding

__all__ = ["INFO", "FelagsvistGame"]


@dataclass(frozen=True, slots=True)
class FelagsvistGame(GameBase[FelagsvistOptions, FelagsvistState]):
    """Félagsvist with fixed options. Get one with ``cardrules.get_game("felagsvist", ...)``.

    The first dealer is fixed by the ``first_dealer`` option or drawn from
    the seed; a dealer given to ``from_deal`` that contradicts a fixed
    ``first_dealer`` is refused.

    >>> import cardrules
    >>> game = cardrules.get_game("felagsvist", first_dealer="N")
    >>> state = game.new_game(seed=1)
    >>> state.current_player, len(state.legal_actions())
    (1, 13)
    """

    INFO: ClassVar[GameInfo] = INFO
    options: FelagsvistOptions = field(default_factory=FelagsvistOptions)

    def _first_dealer(self, seed: int) -> int:
        """felagsvist.deal.first-dealer: fixed by the option, or drawn from the seed."""
        choice = self.options.first_dealer
        if choice is FirstDealer.RANDOM:
            return GameBase._first_dealer(self, seed)  # the seeded draw every game shares
        return SEAT_NAMES.index(choice.value)

    def _check_dealer(self, dealer: int) -> None:
        fixed = self.options.first_dealer
        if fixed is not FirstDealer.RANDOM and SEAT_NAMES.index(fixed.value) != dealer:
            raise InvalidOptionError(
                "first_dealer",
                f"first_dealer={fixed.value} (p{SEAT_NAMES.index(fixed.value)}) deals deal 1, "
                f"but the deal names dealer p{dealer} [felagsvist.deal.first-dealer]",
            )

    def encoding(self) -> FelagsvistEncoding:
        """Félagsvist's integer interface for agents (:mod:`~cardrules.games.felagsvist.encoding`)."""
        from cardrules.games.felagsvist.encoding import FelagsvistEncoding

        return FelagsvistEncoding(self.options)

    def from_position(self, text: str, *, seed: int = 0) -> FelagsvistState:
        """The state a position text describes (see :mod:`~cardrules.games.felagsvist.position`).

        The position's options apply; an option it leaves out keeps this
        game's value. The state's
        :meth:`~cardrules.games.felagsvist.state.FelagsvistState.dealt_decks` starts
        at the position's deal. Later deals come from the position's seed and
        deck orders, or from ``seed`` when the text leaves its seed out (a
        short position, ``state.position(future=False)``).

        >>> import cardrules
        >>> game = cardrules.get_game("felagsvist", first_dealer="N")
        >>> state = game.new_game(seed=1)
        >>> game.from_position(state.position()).legal_actions() == state.legal_actions()
        True

        Raises:
            InvalidPositionError: the text is malformed or the position cannot
                arise; the error lists every problem, each with its section and
                the rule it breaks.
        """
        # Imported here: the position module imports the play, which needs the state imported first.
        from cardrules.games.felagsvist.position import read_position

        return read_position(self, text, seed=check_seed(seed))

    def _new_game(self, seed: int) -> FelagsvistState:
        return FelagsvistState.start(DealPlan(self.options, seed), self._first_dealer(seed))

    def _from_decks(self, decks: tuple[tuple[Card, ...], ...], dealer: int, seed: int) -> FelagsvistState:
        indices = tuple(tuple(card.index for card in deck) for deck in decks)
        return FelagsvistState.start(DealPlan(self.options, seed, indices), dealer)
