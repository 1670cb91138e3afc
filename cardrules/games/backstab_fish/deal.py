"""The deal: what stays fixed for the game, and the hands and stock it deals.

A Backstab Fish game has one deal, so what is fixed for the deal is fixed for
the whole game: the options, the dealer and the dealt deck order, with a few
tables worked out once from them. That is the :class:`DealContext` every state
of the game shares. There is no separate plan for later deals, and no tally:
everything else changes on every turn and lives in the state itself.

backstab_fish.setup.deal: card k of the order goes to the k-th seat from the
dealer's left; the rest is the stock, card h x N on top
(:func:`dealt_hands`). backstab_fish.turn.first: the dealer's left asks first
(:func:`first_player`).

>>> from cardrules.cards import parse_cards
>>> from cardrules.games.backstab_fish.cards import counts_of
>>> from cardrules.games.backstab_fish.options import BackstabFishOptions
>>> order = tuple(parse_cards("2S 3S 4S 5S " * 7 + "AS KS"))
>>> context = DealContext(BackstabFishOptions(), 3, order, tuple(c.rank - 2 for c in order))
>>> context.stock_start, context.size, first_player(context)
(28, 30, 0)
>>> [counts_of(hand)[:4] for hand in dealt_hands(context)]
[(7, 0, 0, 0), (0, 7, 0, 0), (0, 0, 7, 0), (0, 0, 0, 7)]
"""

from __future__ import annotations

from dataclasses import dataclass, field

from cardrules.cards import Card
from cardrules.frozen import reduce_to_init_fields
from cardrules.games.backstab_fish.actions import Ask
from cardrules.games.backstab_fish.options import (
    BackstabFishOptions,
    EmptyTarget,
    FinalLayDown,
    Give,
    LayDownRule,
)

__all__ = ["DealContext", "dealt_hands", "first_player"]


@dataclass(frozen=True, slots=True)
class DealContext:
    """What stays fixed for the game's one deal, and so for the whole game.

    Attributes:
        options: the game's options.
        dealer: the seat that dealt.
        deck: the dealt deck order, top card first.
        ranks: the rank code of each card of :attr:`deck`.
        players: N.
        limit: the stall limit K, or ``None`` for none.
        size: D, the deck size.
        copies: C_r for each rank code (0 for a rank the deck lacks).
        stock_start: where the stock begins in :attr:`deck` (h x N).
    """

    options: BackstabFishOptions
    dealer: int
    deck: tuple[Card, ...]
    ranks: tuple[int, ...]
    players: int = field(init=False)
    limit: int | None = field(init=False)
    size: int = field(init=False)
    copies: tuple[int, ...] = field(init=False)
    stock_start: int = field(init=False)
    exact: bool = field(init=False, repr=False)
    compulsory: bool = field(init=False, repr=False)
    open_targets: bool = field(init=False, repr=False)
    final_lay_down: bool = field(init=False, repr=False)
    ask_rows: tuple[tuple[tuple[tuple[Ask, ...], ...], ...], ...] = field(
        init=False, repr=False, compare=False
    )

    def __post_init__(self) -> None:
        # The ask table is the ask rules' (turn.py); turn.py builds states, so it
        # imports state.py, which imports this module: import it here, once a game.
        from cardrules.games.backstab_fish.turn import ask_rows

        options = self.options
        put = object.__setattr__
        put(self, "players", options.players)
        put(self, "limit", options.stall_limit)
        put(self, "size", len(self.ranks))
        put(self, "copies", options.copies)
        put(self, "stock_start", options.hand_size * options.players)
        put(self, "exact", options.give is Give.EXACT)
        put(self, "compulsory", options.lay_down is LayDownRule.COMPULSORY)
        put(self, "open_targets", options.empty_target is EmptyTarget.ALLOWED)
        put(self, "final_lay_down", options.final_lay_down is FinalLayDown.ON)
        put(self, "ask_rows", ask_rows(options.copies))

    __reduce__ = reduce_to_init_fields  # the derived tables are rebuilt on loading, never pickled


def first_player(context: DealContext) -> int:
    """backstab_fish.turn.first: the seat to the dealer's left takes the first turn."""
    return (context.dealer + 1) % context.players


def dealt_hands(context: DealContext) -> tuple[int, ...]:
    """backstab_fish.setup.deal: each seat's packed hand once the first h x N cards are dealt.

    Card k of the order goes to the k-th seat clockwise from the dealer's left;
    the stock is the rest of the order, from card h x N on.
    """
    players = context.players
    hands = [0] * players
    first = first_player(context)
    ranks = context.ranks
    for k in range(context.stock_start):
        hands[(first + k) % players] += 1 << (ranks[k] << 2)
    return tuple(hands)
