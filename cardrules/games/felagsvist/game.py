"""The Félagsvist game object: validated options and initial states."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from cardrules.cards import STANDARD_DECK, Card
from cardrules.deals import read_deck
from cardrules.errors import InvalidDealError, InvalidOptionError
from cardrules.games.felagsvist.actions import SEAT_NAMES
from cardrules.games.felagsvist.options import FelagsvistOptions, FirstDealer
from cardrules.games.felagsvist.rules import RULES
from cardrules.games.felagsvist.state import MAX_DEALS, DealPlan, FelagsvistState
from cardrules.notation import read_dealer
from cardrules.options import build_options, options_as_dict
from cardrules.rules import RuleBook

__all__ = ["FelagsvistGame"]


@dataclass(frozen=True, slots=True)
class FelagsvistGame:
    """Félagsvist with fixed options. Get one with ``cardrules.get_game("felagsvist", ...)``.

    >>> import cardrules
    >>> game = cardrules.get_game("felagsvist", first_dealer="N")
    >>> state = game.new_game(seed=1)
    >>> state.current_player, len(state.legal_actions())
    (1, 13)
    """

    options: FelagsvistOptions = field(default_factory=FelagsvistOptions)

    @classmethod
    def with_options(cls, given: Mapping[str, object]) -> FelagsvistGame:
        """The game with options given by name (strings or enum values).

        Raises:
            InvalidOptionError: an unknown option or a value it does not take.
        """
        return cls(build_options(FelagsvistOptions, "felagsvist", given))

    @property
    def name(self) -> str:
        """``"felagsvist"``."""
        return "felagsvist"

    @property
    def num_players(self) -> int:
        """Always 4."""
        return 4

    @property
    def rules(self) -> RuleBook:
        """The Félagsvist rule book."""
        return RULES

    def options_dict(self) -> dict[str, str | int]:
        """Every option as a plain value."""
        return options_as_dict(self.options)

    def _first_dealer(self, seed: int) -> int:
        """felagsvist.deal.first-dealer: fixed by the option, or drawn from the seed."""
        choice = self.options.first_dealer
        if choice is FirstDealer.RANDOM:
            return random.Random(f"felagsvist/{seed}/first-dealer").randrange(4)
        return SEAT_NAMES.index(choice.value)

    def new_game(self, seed: int) -> FelagsvistState:
        """A new game; the first dealer (if random) and every deck come from ``seed``."""
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise TypeError(f"seed must be an int, not {seed!r}")
        return FelagsvistState.start(DealPlan(self.options, seed), self._first_dealer(seed))

    def from_deal(
        self,
        deck_order: Sequence[Card | str],
        *,
        dealer: int | str | None = None,
        later_deals: Sequence[Sequence[Card | str]] = (),
        seed: int = 0,
    ) -> FelagsvistState:
        """A new game whose first deal uses ``deck_order`` (top card first).

        ``later_deals`` gives the deck orders of deals 2, 3, ...; deals beyond
        them are shuffled from ``seed``. ``dealer`` (a seat number or name)
        deals deal 1; by default the ``first_dealer`` option decides, drawing
        from ``seed`` when it is ``random``. A ``dealer`` that contradicts a
        fixed ``first_dealer`` is refused.

        Raises:
            InvalidDealError: a deck order is not a permutation of the 52-card
                pack (``common.deal.permutation``); the message names the
                missing and extra cards.
            InvalidNotationError: a card or the dealer cannot be read.
            InvalidOptionError: ``dealer`` is not the seat a fixed ``first_dealer`` names.
        """
        given = (deck_order, *later_deals)
        if len(given) > MAX_DEALS:
            raise InvalidDealError(f"a game has at most {MAX_DEALS} deals, not {len(given)} deck orders")
        decks = tuple(_check_deck(deck, k) for k, deck in enumerate(given, start=1))
        if dealer is None:
            first = self._first_dealer(seed)
        else:
            first = read_dealer(dealer, 4, "Félagsvist", SEAT_NAMES)
            fixed = self.options.first_dealer
            if fixed is not FirstDealer.RANDOM and SEAT_NAMES.index(fixed.value) != first:
                raise InvalidOptionError(
                    "first_dealer",
                    f"first_dealer={fixed.value} (p{SEAT_NAMES.index(fixed.value)}) deals deal 1, "
                    f"but the deal names dealer p{first} [felagsvist.deal.first-dealer]",
                )
        return FelagsvistState.start(DealPlan(self.options, seed, decks), first)



def _check_deck(deck: Sequence[Card | str], deal_number: int) -> tuple[int, ...]:
    """common.deal.permutation: the deck must hold each of the 52 cards exactly once."""
    cards = read_deck(deck, STANDARD_DECK, deal_number=deal_number, pack_name="52-card pack")
    return tuple(card.index for card in cards)
