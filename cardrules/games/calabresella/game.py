"""The Calabresella game object: validated options and initial states."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from cardrules.cards import Card
from cardrules.deals import read_deck
from cardrules.games.calabresella.deck import DECK
from cardrules.games.calabresella.options import CalabresellaOptions, options_from
from cardrules.games.calabresella.rules import RULES
from cardrules.games.calabresella.state import CalabresellaState, SessionPlan
from cardrules.notation import read_dealer
from cardrules.options import options_as_dict
from cardrules.rules import RuleBook

__all__ = ["CalabresellaGame"]


@dataclass(frozen=True, slots=True)
class CalabresellaGame:
    """Calabresella with fixed options. Get one with ``cardrules.get_game("calabresella", ...)``.

    A game is one hand (calabresella.procedure.session): it ends once settled,
    or once all three players pass. :meth:`~cardrules.games.calabresella.state.CalabresellaState.next_hand`
    continues the session with the next dealer and the balances so far.

    >>> import cardrules
    >>> game = cardrules.get_game("calabresella", stakes="1,2,4")
    >>> state = game.new_game(seed=1)
    >>> [str(a) for a in state.legal_actions()]
    ['p0 pass', 'p0 bid chiamo', 'p0 bid solo', 'p0 bid solissimo']
    """

    options: CalabresellaOptions = field(default_factory=CalabresellaOptions)

    @classmethod
    def with_options(cls, given: Mapping[str, object]) -> CalabresellaGame:
        """The game with options given by name (strings, enum values, or a triple for ``stakes``).

        Raises:
            InvalidOptionError: an unknown option or a value it does not take.
        """
        return cls(options_from(given))

    @property
    def name(self) -> str:
        """``"calabresella"``."""
        return "calabresella"

    @property
    def num_players(self) -> int:
        """Always 3."""
        return 3

    @property
    def rules(self) -> RuleBook:
        """The Calabresella rule book."""
        return RULES

    def options_dict(self) -> dict[str, str | int]:
        """Every option as a plain value (``stakes`` as text such as ``"1,2,3"``)."""
        return options_as_dict(self.options)

    def new_game(self, seed: int) -> CalabresellaState:
        """A new hand: the dealer (calabresella.deal.first-dealer) and the deck come from ``seed``."""
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise TypeError(f"seed must be an int, not {seed!r}")
        dealer = random.Random(f"calabresella/{seed}/first-dealer").randrange(3)
        return CalabresellaState.deal(SessionPlan(self.options, seed), dealer)

    def from_deal(
        self,
        deck_order: Sequence[Card | str],
        *,
        dealer: int | str | None = None,
        later_deals: Sequence[Sequence[Card | str]] = (),
        seed: int = 0,
    ) -> CalabresellaState:
        """A new hand dealt from ``deck_order`` (the 40 cards, top first).

        ``later_deals`` gives the deck orders of the session's following hands,
        used by :meth:`~cardrules.games.calabresella.state.CalabresellaState.next_hand`; hands beyond them are
        shuffled from ``seed``. ``dealer`` (a seat number or ``p0``-``p2``)
        deals this hand; by default it is drawn from ``seed``.

        Raises:
            InvalidDealError: a deck order is not a permutation of the 40-card deck
                (``common.deal.permutation``); the message names the missing and extra cards.
            InvalidNotationError: a card or the dealer cannot be read.
        """
        decks = tuple(_check_deck(deck, k) for k, deck in enumerate((deck_order, *later_deals), start=1))
        if dealer is None:
            first = random.Random(f"calabresella/{seed}/first-dealer").randrange(3)
        else:
            first = read_dealer(dealer, 3, "Calabresella")
        return CalabresellaState.deal(SessionPlan(self.options, seed, decks), first)



def _check_deck(deck: Sequence[Card | str], number: int) -> tuple[int, ...]:
    """common.deal.permutation: the deck must hold each of the 40 cards exactly once."""
    cards = read_deck(deck, DECK, deal_number=number, pack_name="40-card Calabresella deck")
    return tuple(card.index for card in cards)
