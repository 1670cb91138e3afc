"""The Fildinski game object: validated options and initial states."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from cardrules.cards import Card
from cardrules.games.fildinski.deck import check_deck
from cardrules.games.fildinski.options import FildinskiOptions
from cardrules.games.fildinski.rules import RULES
from cardrules.games.fildinski.state import DealPlan, FildinskiState
from cardrules.notation import read_dealer
from cardrules.options import build_options, options_as_dict
from cardrules.rules import RuleBook

__all__ = ["FildinskiGame"]


@dataclass(frozen=True, slots=True)
class FildinskiGame:
    """Fildinski with fixed options. Get one with ``cardrules.get_game("fildinski", ...)``.

    >>> import cardrules
    >>> game = cardrules.get_game("fildinski", target_score=2000)
    >>> state = game.new_game(seed=1)
    >>> state.hands[0].bit_count(), len(state.stock), state.current_player == 1 - state.dealer
    (8, 48, True)
    """

    options: FildinskiOptions = field(default_factory=FildinskiOptions)

    @classmethod
    def with_options(cls, given: Mapping[str, object]) -> FildinskiGame:
        """The game with options given by name (strings or enum values).

        Raises:
            InvalidOptionError: an unknown option or a value it does not take.
        """
        return cls(build_options(FildinskiOptions, "fildinski", given))

    @property
    def name(self) -> str:
        """``"fildinski"``."""
        return "fildinski"

    @property
    def num_players(self) -> int:
        """Always 2."""
        return 2

    @property
    def rules(self) -> RuleBook:
        """The Fildinski rule book."""
        return RULES

    def options_dict(self) -> dict[str, str | int]:
        """Every option as a plain value."""
        return options_as_dict(self.options)

    @staticmethod
    def _first_dealer(seed: int) -> int:
        """fildinski.deal.first-dealer: a uniform draw from the seed."""
        return random.Random(f"fildinski/{seed}/first-dealer").randrange(2)

    def new_game(self, seed: int) -> FildinskiState:
        """A new game; the first dealer and every deck come from ``seed``."""
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise TypeError(f"seed must be an int, not {seed!r}")
        return FildinskiState.start(DealPlan(self.options, seed), self._first_dealer(seed))

    def from_deal(
        self,
        deck_order: Sequence[Card | str],
        *,
        dealer: int | str | None = None,
        later_deals: Sequence[Sequence[Card | str]] = (),
        seed: int = 0,
    ) -> FildinskiState:
        """A new game whose first deal uses ``deck_order`` (top card first).

        The deck must hold each of the 32 cards from 7 to ace exactly twice
        (fildinski.deck.composition); of two equal cards the one nearer the top
        is copy 1. ``later_deals`` gives the deck orders of deals 2, 3, ...; deals
        beyond them are shuffled from ``seed``. ``dealer`` (``0``, ``1``, ``"p0"``
        or ``"p1"``) deals deal 1; by default it is drawn from ``seed``.

        Raises:
            InvalidDealError: a deck order is not a permutation of the 64-card
                deck (``common.deal.permutation``); the message names the
                missing and extra cards.
            InvalidNotationError: a card or the dealer cannot be read.
        """
        given = (deck_order, *later_deals)
        decks = tuple(check_deck(deck, k) for k, deck in enumerate(given, start=1))
        first = self._first_dealer(seed) if dealer is None else read_dealer(dealer, 2, "Fildinski")
        return FildinskiState.start(DealPlan(self.options, seed, decks), first)
