"""What one Félagsvist seat sees: its own hand and everything public, and that as text.

felagsvist.info.hidden-hands: a seat sees its own cards and only how many the
others hold. felagsvist.info.public-play: every card played, by whom, is public.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from cardrules.base import check_seat
from cardrules.cards import Card, Cards, Suit, card_at
from cardrules.game import TERMINAL
from cardrules.games.felagsvist.actions import SEAT_NAMES
from cardrules.games.felagsvist.cards import SUIT_NAMES
from cardrules.games.felagsvist.options import RoundKind
from cardrules.notation import format_seat
from cardrules.svg import SvgPicture
from cardrules.svg.marks import Marks

if TYPE_CHECKING:
    from cardrules.games.felagsvist.state import FelagsvistState

__all__ = ["FelagsvistObservation", "observe"]


@dataclass(frozen=True, slots=True)
class FelagsvistObservation(SvgPicture):
    """What one seat may know: its own hand and everything public, nothing else.

    felagsvist.info.hidden-hands and felagsvist.info.public-play.

    Attributes:
        seat: the observing seat.
        hand: the seat's own cards, in index order (they print as cards: ``2♣ 7♣ Q♥``).
        hand_sizes: how many cards each seat holds.
        deal_number: the deal being played (1-based).
        round_kind: the kind of the deal.
        trump: the trump suit, or ``None`` in Grand and Nóló.
        dealer: the dealer of the deal.
        current_player: the seat to act, or ``TERMINAL``.
        plays: every card played in this deal so far, with its player, in order.
        trick: the cards of the trick in progress, with their players.
        tricks: the (NS, EW) tricks won in this deal.
        deal_scores: the (NS, EW) scores of every finished deal.
        totals: the (NS, EW) game totals.
    """

    seat: int
    hand: Cards
    hand_sizes: tuple[int, ...]
    deal_number: int
    round_kind: RoundKind
    trump: Suit | None
    dealer: int
    current_player: int
    plays: tuple[tuple[int, Card], ...]
    trick: tuple[tuple[int, Card], ...]
    tricks: tuple[int, int]
    deal_scores: tuple[tuple[int, int], ...]
    totals: tuple[int, int]

    def _svg_table(self, marks: Marks) -> str:
        """The table as this seat sees it, for :func:`cardrules.svg.table`, ``svg()`` and notebooks."""
        from cardrules.games.felagsvist.picture import draw_observation

        return draw_observation(self, marks)

    def __str__(self) -> str:
        """A few lines a player reads: the table as this seat sees it."""
        trump = "no trump" if self.trump is None else f"{SUIT_NAMES[self.trump]} trump"
        to_act = (
            "game over" if self.current_player == TERMINAL else f"{format_seat(self.current_player)} to act"
        )
        trick = ", ".join(f"{format_seat(s)} {c.pretty()}" for s, c in self.trick) or "no card yet"
        sizes = " ".join(f"{format_seat(s)}:{n}" for s, n in enumerate(self.hand_sizes))
        return "\n".join(
            [
                f"seen by {format_seat(self.seat)} ({SEAT_NAMES[self.seat]}); deal {self.deal_number}, "
                f"{self.round_kind.label} ({trump}), dealer {format_seat(self.dealer)}; {to_act}",
                f"hand: {self.hand or '(empty)'}",
                f"trick: {trick}",
                f"cards held: {sizes}",
                f"tricks this deal: NS {self.tricks[0]}, EW {self.tricks[1]}; "
                f"totals: NS {self.totals[0]}, EW {self.totals[1]}",
            ]
        )


def observe(state: FelagsvistState, seat: int) -> FelagsvistObservation:
    """What ``seat`` may know in ``state``: its own hand and the public play.

    Raises:
        InvalidArgumentError: ``seat`` is not one of the seats 0-3.
    """
    check_seat(seat, 4, "Félagsvist")
    trick_seats = [(state.leader + i) % 4 for i in range(len(state.trick))]
    return FelagsvistObservation(
        seat=seat,
        hand=Cards.from_mask(state.hands[seat]),
        hand_sizes=tuple(hand.bit_count() for hand in state.hands),
        deal_number=state.deal_number,
        round_kind=state.round_kind,
        trump=state.trump,
        dealer=state.dealer,
        current_player=state.current_player,
        plays=tuple((s, card_at(c)) for s, c in state.plays),
        trick=tuple((s, card_at(c)) for s, c in zip(trick_seats, state.trick, strict=True)),
        tricks=state.tricks,
        deal_scores=state.deal_scores,
        totals=state.totals,
    )
