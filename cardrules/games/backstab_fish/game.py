"""The Backstab Fish game object: its metadata, validated options and initial states."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING, ClassVar, Final

from cardrules.base import GameBase, check_seed
from cardrules.cards import Card
from cardrules.game import GameInfo
from cardrules.games.backstab_fish.cards import DECKS, rank_of_card
from cardrules.games.backstab_fish.deal import DealContext
from cardrules.games.backstab_fish.info import INFO
from cardrules.games.backstab_fish.options import BackstabFishOptions, Deck, parse_options
from cardrules.games.backstab_fish.position import read_position
from cardrules.games.backstab_fish.state import BackstabFishState
from cardrules.shuffling import seeded_bits, shuffle_in_place, shuffle_steps

if TYPE_CHECKING:
    from cardrules.games.backstab_fish.encoding import BackstabFishEncoding

__all__ = ["INFO", "BackstabFishGame"]

_SHUFFLE_STEPS: Final[Mapping[Deck, tuple[tuple[int, int], ...]]] = MappingProxyType(
    {deck: shuffle_steps(len(cards)) for deck, cards in DECKS.items()}
)
"""The shuffle's walk over each deck (:func:`cardrules.shuffling.shuffle_steps` of its size)."""


@dataclass(frozen=True, slots=True)
class BackstabFishGame(GameBase[BackstabFishOptions, BackstabFishState]):
    """Backstab Fish with fixed options. Get one with ``cardrules.get_game("backstab_fish", ...)``.

    A deck order given to ``from_deal`` is a multiset permutation of the deck:
    two equal cards of two packs are two cards, and their order among
    themselves does not matter to play. Jokers are written ``JK``. A game has
    one deal.

    >>> import cardrules
    >>> game = cardrules.get_game("backstab_fish", players=5)
    >>> state = game.new_game(seed=1)
    >>> state.players, state.sizes, state.stock_size
    (5, (7, 7, 7, 7, 7), 69)
    >>> str(state.legal_actions()[0]).split()[:2] == [f"p{state.current_player}", "ask"]
    True
    """

    INFO: ClassVar[GameInfo] = INFO
    options: BackstabFishOptions = field(default_factory=BackstabFishOptions)

    @classmethod
    def _read_options(cls, given: Mapping[str, object]) -> BackstabFishOptions:
        return parse_options(given)

    @property
    def num_players(self) -> int:
        """N, the option ``players``."""
        return self.options.players

    @property
    def jokers(self) -> bool:
        """Whether the deck holds jokers (``deck=double-jokers``)."""
        return self.options.deck is Deck.DOUBLE_JOKERS

    def pack(self) -> tuple[Card, ...]:
        """The game's deck in a fixed order (a multiset: two packs hold every card twice)."""
        return DECKS[self.options.deck]

    def pack_name(self) -> str:
        """The deck option's name (``double deck``)."""
        return f"{self.options.deck.value} deck"

    def options_dict(self) -> dict[str, str | int]:
        """Every option as a plain value (``stall_limit`` as a number or ``none``)."""
        return self.options.as_dict()

    def encoding(self) -> BackstabFishEncoding:
        """Backstab Fish's integer interface for agents (:mod:`~cardrules.games.backstab_fish.encoding`)."""
        from cardrules.games.backstab_fish.encoding import BackstabFishEncoding

        return BackstabFishEncoding(self.options)

    def from_position(self, text: str, *, seed: int = 0) -> BackstabFishState:
        """The state a position text describes (see :mod:`~cardrules.games.backstab_fish.position`).

        The position's options apply; an option it leaves out keeps this
        game's value. Nothing is drawn at random: the stock is the position's.
        ``seed`` is not used (a game has one deal; its short position is its full one).

        Raises:
            InvalidPositionError: the text is malformed or the position cannot
                arise; the error lists every problem, each with its section and
                the rule it breaks.
        """
        check_seed(seed)  # refused like any other seed, though one deal needs none
        return read_position(self, text)

    def _seats_title(self) -> str:
        return f"Backstab Fish with {self.options.players} players"

    def _new_game(self, seed: int) -> BackstabFishState:
        order = list(self.pack())  # shuffled as random.Random(stream).shuffle shuffles it, in fewer steps
        shuffle_in_place(order, _SHUFFLE_STEPS[self.options.deck], seeded_bits(f"backstab_fish/{seed}/deck"))
        return self._start(tuple(order), self._first_dealer(seed))

    def _from_decks(self, decks: tuple[tuple[Card, ...], ...], dealer: int, seed: int) -> BackstabFishState:
        (order,) = decks  # a game is one deal: from_deal refuses a second deck order (INFO.max_deals)
        return self._start(order, dealer)

    def _start(self, order: tuple[Card, ...], dealer: int) -> BackstabFishState:
        ranks = tuple(int(rank_of_card(card)) for card in order)
        return BackstabFishState.start(DealContext(self.options, dealer, order, ranks))
