"""What one seat may know, and its text (fildinski.info.public, fildinski.info.hidden).

A seat sees its own hand and everything on the table: the turn-up, the won
piles, the melds, the dix and the scores. It never sees the opponent's hand
nor the face-down stock; of a hidden card it does not learn the copy label
either, since observations hold plain cards.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from cardrules.base import check_seat
from cardrules.cards import Card, Cards, Suit
from cardrules.game import TERMINAL
from cardrules.games.fildinski.actions import meld_refs
from cardrules.games.fildinski.cards import DRAWS, SUIT_NAMES, card_of, cards_of, ids_in
from cardrules.games.fildinski.melds import MeldKind
from cardrules.notation import format_seat
from cardrules.svg import SvgPicture
from cardrules.svg.marks import Marks

if TYPE_CHECKING:
    from cardrules.games.fildinski.state import FildinskiState

__all__ = ["FildinskiObservation", "observe", "sorted_cards"]


@dataclass(frozen=True, slots=True)
class FildinskiObservation(SvgPicture):
    """What one seat may know: its own hand and everything public (fildinski.info.public).

    The opponent's hand and the order and identity of the face-down stock are
    not here (fildinski.info.hidden). Cards are plain cards (copies repeated);
    the copy labels of hidden cards are not shown.

    Attributes:
        seat: the observing seat.
        hand: the seat's own cards, sorted (they print as cards: ``7♣ Q♣ 7♥``).
        hand_sizes: how many cards each seat holds.
        stock_size: how many cards the stock holds, turn-up included.
        turnup: the turn-up while it lies under the stock, else ``None``.
        trump: the trump suit.
        deal_number: the deal (1-based); dealer: its dealer.
        trick_number: the trick being played or just won (1-32).
        current_player: the seat to act, or ``TERMINAL``.
        in_meld_step: whether the player to act is in a meld step.
        plays: every card played to a trick this deal, with its player, in order.
        trick: the cards of the trick in progress, with their players.
        won: each seat's won pile, sorted.
        retired: each seat's retired cards, sorted.
        melds: every meld of the deal as (seat, kind, cards, trick).
        dix: the dix of the deal as (seat, seven, card taken, trick), or ``None``.
        deal_points: the (p0, p1) points of this deal so far.
        totals: the (p0, p1) game totals of the finished deals.
    """

    seat: int
    hand: Cards
    hand_sizes: tuple[int, int]
    stock_size: int
    turnup: Card | None
    trump: Suit
    deal_number: int
    dealer: int
    trick_number: int
    current_player: int
    in_meld_step: bool
    plays: tuple[tuple[int, Card], ...]
    trick: tuple[tuple[int, Card], ...]
    won: tuple[Cards, Cards]
    retired: tuple[Cards, Cards]
    melds: tuple[tuple[int, MeldKind, Cards, int], ...]
    dix: tuple[int, Card, Card, int] | None
    deal_points: tuple[int, int]
    totals: tuple[int, int]

    def _svg_table(self, marks: Marks) -> str:
        """The table as this seat sees it, for :func:`cardrules.svg.table`, ``svg()`` and notebooks."""
        from cardrules.games.fildinski.picture import draw_observation

        return draw_observation(self, marks)

    def __str__(self) -> str:
        """A few lines a player reads: the table as this seat sees it."""
        if self.current_player == TERMINAL:
            to_act = "game over"
        elif self.in_meld_step:
            to_act = f"{format_seat(self.current_player)} in the meld step of trick {self.trick_number}"
        else:
            to_act = f"{format_seat(self.current_player)} to play to trick {self.trick_number}"

        def pretty(cards: Cards) -> str:
            return str(cards) or "(none)"

        turnup = f", turn-up {self.turnup.pretty()}" if self.turnup is not None else ", stock exhausted"
        trick = ", ".join(f"{format_seat(s)} {c.pretty()}" for s, c in self.trick) or "no card yet"
        melds = "; ".join(f"{format_seat(s)} {k.label} {pretty(c)} (trick {t})" for s, k, c, t in self.melds)
        return "\n".join(
            [
                f"seen by {format_seat(self.seat)}; deal {self.deal_number}, "
                f"dealer {format_seat(self.dealer)}, {SUIT_NAMES[self.trump]} trump{turnup} "
                f"({self.stock_size} in stock); {to_act}",
                f"hand: {pretty(self.hand)}",
                f"trick: {trick}",
                f"won by p0: {pretty(self.won[0])}",
                f"won by p1: {pretty(self.won[1])}",
                f"melds: {melds or '(none)'}",
                f"cards held: p0:{self.hand_sizes[0]} p1:{self.hand_sizes[1]}; deal points "
                f"p0 {self.deal_points[0]}, p1 {self.deal_points[1]}; totals p0 {self.totals[0]}, "
                f"p1 {self.totals[1]}",
            ]
        )


def observe(state: FildinskiState, seat: int) -> FildinskiObservation:
    """What ``seat`` may know in ``state``: its own hand and the public information.

    Raises:
        InvalidArgumentError: ``seat`` is not 0 or 1.
    """
    check_seat(seat, 2, "Fildinski")
    trick_seats = (state.leader, 1 - state.leader)
    dix = state.dix
    return FildinskiObservation(
        seat=seat,
        hand=sorted_cards(state.hands[seat]),
        hand_sizes=(state.hands[0].bit_count(), state.hands[1].bit_count()),
        stock_size=len(state.stock),
        turnup=None if state.drawn >= DRAWS else card_of(state.turnup),
        trump=state.trump,
        deal_number=state.deal_number,
        dealer=state.dealer,
        trick_number=state.tricks_done if state.in_meld_step else state.tricks_done + 1,
        current_player=state.current_player,
        in_meld_step=state.in_meld_step,
        plays=tuple((s, card_of(c)) for s, c in state.plays),
        trick=tuple((trick_seats[n], card_of(c)) for n, c in enumerate(state.trick)),
        won=(sorted_cards(state.won[0]), sorted_cards(state.won[1])),
        retired=(sorted_cards(state.retired[0]), sorted_cards(state.retired[1])),
        melds=tuple(
            (m.seat, m.kind, Cards(r.card for r in meld_refs(ids_in(m.cards))), m.trick) for m in state.melds
        ),
        dix=None if dix is None else (dix.seat, card_of(dix.seven), card_of(dix.taken), dix.trick),
        deal_points=state.deal_points,
        totals=state.totals,
    )


def sorted_cards(mask: int) -> Cards:
    """The plain cards of a mask of card ids (copies repeated), by suit, then by strength, weakest first.

    That is id order (an id is ``2 * (8 * suit + strength)`` plus the copy), as
    :func:`~cardrules.games.fildinski.cards.cards_of` lists them.
    """
    return Cards(cards_of(mask))
