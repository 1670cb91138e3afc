"""The Backstab Fish game object: validated options and initial states."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Final

from cardrules.cards import JOKER, STANDARD_DECK, Card
from cardrules.deals import read_deck
from cardrules.errors import InvalidDealError
from cardrules.games.backstab_fish.options import BackstabFishOptions, Deck, parse_options
from cardrules.games.backstab_fish.ranks import rank_of_card
from cardrules.games.backstab_fish.rules import RULES
from cardrules.games.backstab_fish.state import BackstabFishState, Table
from cardrules.notation import read_dealer
from cardrules.rules import RuleBook

__all__ = ["DECKS", "BackstabFishGame"]

DECKS: Final[dict[Deck, tuple[Card, ...]]] = {
    Deck.DOUBLE: STANDARD_DECK * 2,
    Deck.DOUBLE_JOKERS: STANDARD_DECK * 2 + (JOKER,) * 4,
    Deck.SINGLE: STANDARD_DECK,
}
"""backstab_fish.setup.deck: each deck in a fixed order (two packs, two packs and four jokers, one pack)."""


@dataclass(frozen=True, slots=True)
class BackstabFishGame:
    """Backstab Fish with fixed options. Get one with ``cardrules.get_game("backstab_fish", ...)``.

    >>> import cardrules
    >>> game = cardrules.get_game("backstab_fish", players=5)
    >>> state = game.new_game(seed=1)
    >>> state.players, state.sizes, state.stock_size
    (5, (7, 7, 7, 7, 7), 69)
    >>> str(state.legal_actions()[0]).split()[:2] == [f"p{state.current_player}", "ask"]
    True
    """

    options: BackstabFishOptions = field(default_factory=BackstabFishOptions)

    @classmethod
    def with_options(cls, given: Mapping[str, object]) -> BackstabFishGame:
        """The game with options given by name (strings or typed values).

        Raises:
            InvalidOptionError: an unknown option or a value it does not take.
        """
        return cls(parse_options(given))

    @property
    def name(self) -> str:
        """``"backstab_fish"``."""
        return "backstab_fish"

    @property
    def num_players(self) -> int:
        """N, the option ``players``."""
        return self.options.players

    @property
    def rules(self) -> RuleBook:
        """The Backstab Fish rule book."""
        return RULES

    @property
    def deck_has_jokers(self) -> bool:
        """Whether the deck holds jokers (``deck=double-jokers``); record readers ask this."""
        return self.options.deck is Deck.DOUBLE_JOKERS

    @property
    def deck(self) -> tuple[Card, ...]:
        """The game's deck in a fixed order (a multiset: two packs hold every card twice)."""
        return DECKS[self.options.deck]

    def options_dict(self) -> dict[str, str | int]:
        """Every option as a plain value (``stall_limit`` as a number or ``none``)."""
        return self.options.as_dict()

    def _dealer(self, seed: int) -> int:
        """backstab_fish.setup.deal: the dealer is drawn uniformly from the seed."""
        return random.Random(f"backstab_fish/{seed}/dealer").randrange(self.options.players)

    def new_game(self, seed: int) -> BackstabFishState:
        """A new game; the dealer and the shuffle come from ``seed``."""
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise TypeError(f"seed must be an int, not {seed!r}")
        order = list(self.deck)
        random.Random(f"backstab_fish/{seed}/deck").shuffle(order)
        return self._start(tuple(order), self._dealer(seed))

    def from_deal(
        self,
        deck_order: Sequence[Card | str],
        *,
        dealer: int | str | None = None,
        later_deals: Sequence[Sequence[Card | str]] = (),
        seed: int = 0,
    ) -> BackstabFishState:
        """A new game dealt from ``deck_order`` (top card first).

        The order must be a multiset permutation of the deck: two equal cards
        of two packs are two cards, and their order among themselves does not
        matter to play. Jokers are written ``JK``. ``dealer`` is a seat number
        or ``p<n>``; by default it is drawn from ``seed``. A game has one deal,
        so ``later_deals`` must be empty.

        Raises:
            InvalidDealError: the order is not a permutation of the deck, or
                later deals are given (``common.deal.permutation``).
            InvalidNotationError: a card or the dealer cannot be read.
        """
        if later_deals:
            raise InvalidDealError(
                f"a game of Backstab Fish has one deal; {len(later_deals)} later deck order(s) were given "
                "[common.deal.permutation]"
            )
        cards = read_deck(
            deck_order, self.deck, deal_number=1, pack_name=f"{self.options.deck.value} deck", jokers=True
        )
        players = self.options.players
        if dealer is None:
            first = self._dealer(seed)
        else:
            first = read_dealer(dealer, players, f"Backstab Fish with {players} players")
        return self._start(cards, first)

    def _start(self, order: tuple[Card, ...], dealer: int) -> BackstabFishState:
        ranks = tuple(int(rank_of_card(card)) for card in order)
        return BackstabFishState.deal(Table(self.options, dealer, order, ranks))

