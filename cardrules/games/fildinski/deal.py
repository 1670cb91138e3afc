"""The deal: where each deal's deck order comes from, how it is dealt, the stock and the turn-up.

Two parts of a state are fixed for longer than a trick: the :class:`DealPlan`
for the whole game (the options, the seed, the given deck orders) and the
:class:`DealContext` for one deal (its number, dealer, deck order, trump and
what came before). Everything else in a
:class:`~cardrules.games.fildinski.state.FildinskiState` changes trick by trick.

fildinski.deal.hands: of a deck order ``d[0..63]`` (ids, top first) the
non-dealer gets ``d[0..7]``, the dealer ``d[8..15]``; ``d[16]`` is the turn-up
and ``d[17..63]`` the stock above it, so after ``drawn`` draws the stock is
``d[17 + drawn:]`` with the current turn-up under it.

>>> from cardrules.games.fildinski.deal import DealPlan, deal_hands, first_deal
>>> from cardrules.games.fildinski.options import FildinskiOptions
>>> context = first_deal(DealPlan(FildinskiOptions(), seed=3), dealer=0)
>>> hands, turnup = deal_hands(context)
>>> hands[0].bit_count(), hands[1].bit_count(), turnup == context.deck[16], context.trump == turnup >> 4
(8, 8, True, True)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from cardrules.frozen import fast_constructor
from cardrules.games.fildinski.cards import DRAWS, ID_BITS, shuffled_deck
from cardrules.games.fildinski.options import FildinskiOptions
from cardrules.games.fildinski.scoring import DealSummary
from cardrules.shuffling import seeded_bits

if TYPE_CHECKING:
    from cardrules.games.fildinski.state import FildinskiState

__all__ = [
    "STOCK_TOP",
    "DealContext",
    "DealPlan",
    "deal_hands",
    "draw",
    "first_deal",
    "first_leader",
    "next_deal",
    "stock_cards",
    "top_two",
]

STOCK_TOP: Final = 17
"""The position in the deck order of the stock's top card before the first draw."""


@dataclass(frozen=True, slots=True)
class DealPlan:
    """Where each deal's deck order comes from, fixed when the game starts.

    Deal ``k`` uses ``decks[k - first_deal]`` when given, otherwise a shuffle
    drawn from ``seed`` and ``k`` alone, so the same seed always gives the same
    game. A game started from a position at deal ``k`` has ``first_deal = k``:
    its first deck is the current deal's, rebuilt from the position.

    Attributes:
        options: the game's options.
        seed: the seed of the deals not given.
        decks: the given deck orders (ids, top first) of deals ``first_deal``, ``first_deal + 1``, ...
        first_deal: the deal number of ``decks[0]`` (1 unless the game started from a position).
    """

    options: FildinskiOptions
    seed: int
    decks: tuple[tuple[int, ...], ...] = ()
    first_deal: int = 1

    def deck(self, deal_number: int) -> tuple[int, ...]:
        """The deck order (ids, top first) of deal ``deal_number``."""
        index = deal_number - self.first_deal
        if 0 <= index < len(self.decks):
            return self.decks[index]
        return shuffled_deck(seeded_bits(f"fildinski/{self.seed}/deal/{deal_number}"))


@dataclass(frozen=True, slots=True)
class DealContext:
    """The part of a state fixed for a whole deal.

    Attributes:
        plan: the options and where every deal's deck comes from.
        deal_number: the deal, 1-based.
        dealer: the seat that dealt it.
        deck: its deck order (ids, top first).
        trump: the trump suit number, the suit of the dealt turn-up (fildinski.deal.turn-up).
        finished: a summary of every earlier deal.
        totals: the (p0, p1) game totals before this deal.
    """

    plan: DealPlan
    deal_number: int
    dealer: int
    deck: tuple[int, ...]
    trump: int
    finished: tuple[DealSummary, ...]
    totals: tuple[int, int]


_make_context: Final[
    Callable[
        [DealPlan, int, int, tuple[int, ...], int, tuple[DealSummary, ...], tuple[int, int]], DealContext
    ]
] = fast_constructor(DealContext)
"""Build a :class:`DealContext` from valid fields, skipping ``__init__`` (a new one every deal)."""


def first_deal(plan: DealPlan, dealer: int) -> DealContext:
    """The context of deal 1, dealt by ``dealer`` (fildinski.deal.first-dealer: chosen by the caller)."""
    return _deal(plan, 1, dealer, (), (0, 0))


def next_deal(context: DealContext, summary: DealSummary, totals: tuple[int, int]) -> DealContext:
    """The context of the deal after ``context``'s, which scored ``summary`` and left ``totals``.

    fildinski.game.dealer-alternation: the other seat deals it.
    """
    finished = (*context.finished, summary)
    return _deal(context.plan, context.deal_number + 1, 1 - context.dealer, finished, totals)


def _deal(
    plan: DealPlan, deal_number: int, dealer: int, finished: tuple[DealSummary, ...], totals: tuple[int, int]
) -> DealContext:
    deck = plan.deck(deal_number)
    return _make_context(plan, deal_number, dealer, deck, deck[16] >> 4, finished, totals)


def deal_hands(context: DealContext) -> tuple[tuple[int, int], int]:
    """Both hands (id bitmasks) and the turn-up of a deal.

    fildinski.deal.hands: the non-dealer takes ``d[0..7]``, the dealer
    ``d[8..15]``. fildinski.deal.turn-up: ``d[16]`` is turned up; its suit is
    trump for the whole deal (:attr:`DealContext.trump`).
    """
    deck = context.deck
    a, b, c, d, e, f, g, h, i, j, k, m, n, o, p, q = deck[:16]  # written out: a loop costs twice as much
    bit = ID_BITS
    first = bit[a] | bit[b] | bit[c] | bit[d] | bit[e] | bit[f] | bit[g] | bit[h]
    second = bit[i] | bit[j] | bit[k] | bit[m] | bit[n] | bit[o] | bit[p] | bit[q]
    return ((second, first) if context.dealer == 0 else (first, second)), deck[16]


def first_leader(context: DealContext) -> int:
    """fildinski.deal.first-lead: the non-dealer leads to trick 1."""
    return 1 - context.dealer


def stock_cards(context: DealContext, drawn: int, turnup: int) -> tuple[int, ...]:
    """The stock after ``drawn`` draws, top first, the turn-up last (ids); empty once all 48 are drawn."""
    if drawn >= DRAWS:
        return ()
    return (*context.deck[STOCK_TOP + drawn :], turnup)


def top_two(context: DealContext, drawn: int, turnup: int) -> tuple[int, int]:
    """The next two cards to be drawn from a stock that is not empty: the second is the turn-up at the end."""
    first = context.deck[STOCK_TOP + drawn]
    second = turnup if drawn == DRAWS - 2 else context.deck[STOCK_TOP + 1 + drawn]  # the last pair
    return first, second


def draw(s: FildinskiState, seat: int) -> tuple[tuple[int, int], int]:
    """The hands and the count of cards drawn once the meld step of ``seat``, the trick's winner, ends.

    fildinski.play.draw-order: while the stock lasts the winner takes its top
    card and the loser the next (after trick 24, the turn-up); after the last
    draw nobody draws.
    """
    drawn = s.drawn
    if drawn >= DRAWS:
        return s.hands, drawn
    deck = s.deal.deck  # top_two, written out (tests/fildinski/test_quick_paths.py holds it to top_two)
    first = deck[STOCK_TOP + drawn]
    second = s.turnup if drawn == DRAWS - 2 else deck[STOCK_TOP + 1 + drawn]
    h0, h1 = s.hands
    if seat == 0:
        return (h0 | 1 << first, h1 | 1 << second), drawn + 2
    return (h0 | 1 << second, h1 | 1 << first), drawn + 2
