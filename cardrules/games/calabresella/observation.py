"""What one Calabresella seat may know: its own hand and the public events, nothing else.

calabresella.info.hands, calabresella.info.public-events, calabresella.info.monte,
calabresella.info.end. The observation holds no card a seat may not know, so its
``repr`` and ``str`` leak nothing either.
"""

from __future__ import annotations

from dataclasses import dataclass

from cardrules.cards import Card, format_cards
from cardrules.game import TERMINAL
from cardrules.games.calabresella.scoring import Contract, Raise, Settlement
from cardrules.notation import format_seat

__all__ = ["CalabresellaObservation"]


@dataclass(frozen=True, slots=True)
class CalabresellaObservation:
    """One seat's view of a hand.

    Attributes:
        seat: the observing seat.
        hand: the seat's own cards, in index order.
        hand_sizes: how many cards each seat holds (public).
        monte_size: how many cards lie in the monte.
        dealer: the dealer.
        phase: the phase name (``auction``, ``call``, ``return``, ``discard``,
            ``raise``, ``lay``, ``play``, ``over``).
        current_player: the seat to act, or ``TERMINAL``.
        calls: every auction call as ``(seat, "pass" | "chiamo" | "solo" | "solissimo")``.
        bidder: the bidder, once known.
        contract: the contract, once known.
        called: the called card, once named.
        giver: the opponent who handed the called card over, if one did.
        called_in_monte: whether the called card lay in the monte.
        exposed_monte: the dealt monte once it has been turned up for all
            (Chiamo, and Solo under ``solo_monte = exposed``), else ``None``.
        returned: the card the bidder returned to the giver, once returned.
        raised: the Solissimo raise, once chosen.
        received: monte cards this seat took unseen by the others (the Solo
            monte under ``solo_monte = hidden``, monte cards after a raise).
        laid: the cards this seat laid face down as (part of) the monte.
        plays: every card played so far, with its player, in order.
        trick: the current trick's cards with their players.
        trick_winners: the winner of each completed trick.
        tricks: tricks won so far by the bidder and by the opponents.
        final_monte: once the hand is settled, the monte that went to the
            last trick's winner (calabresella.info.end), else ``None``.
        won_bidder: once settled, the bidder's won pile, else ``None``.
        won_opponents: once settled, the opponents' won pile, else ``None``.
        settlement: the count and payments once settled, else ``None``.
        balances: each seat's session balance (after this hand once settled).
    """

    seat: int
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, int, int]
    monte_size: int
    dealer: int
    phase: str
    current_player: int
    calls: tuple[tuple[int, str], ...]
    bidder: int | None
    contract: Contract | None
    called: Card | None
    giver: int | None
    called_in_monte: bool
    exposed_monte: tuple[Card, ...] | None
    returned: Card | None
    raised: Raise | None
    received: tuple[Card, ...]
    laid: tuple[Card, ...]
    plays: tuple[tuple[int, Card], ...]
    trick: tuple[tuple[int, Card], ...]
    trick_winners: tuple[int, ...]
    tricks: tuple[int, int]
    final_monte: tuple[Card, ...] | None
    won_bidder: tuple[Card, ...] | None
    won_opponents: tuple[Card, ...] | None
    settlement: Settlement | None
    balances: tuple[int, int, int]

    def __str__(self) -> str:
        """A few lines a player reads: the table as this seat sees it."""
        to_act = (
            "hand over" if self.current_player == TERMINAL else f"{format_seat(self.current_player)} to act"
        )
        contract = "no contract yet"
        if self.contract is not None:
            contract = f"{self.contract.label} by {format_seat(self.bidder or 0)}"
            if self.raised is not None and self.raised is not Raise.NONE:
                contract += f" ({self.raised.value})"
        calls = ", ".join(f"{format_seat(s)} {c}" for s, c in self.calls) or "none"
        trick = ", ".join(f"{format_seat(s)} {c.pretty()}" for s, c in self.trick) or "no card yet"
        sizes = " ".join(f"{format_seat(s)}:{n}" for s, n in enumerate(self.hand_sizes))
        lines = [
            f"seen by {format_seat(self.seat)}; dealer {format_seat(self.dealer)}; {self.phase}; {to_act}",
            f"hand: {format_cards(self.hand, pretty=True) or '(empty)'}",
            f"calls: {calls}; {contract}",
            f"trick: {trick}",
            f"cards held: {sizes}; monte: {self.monte_size} cards",
            f"tricks: bidder {self.tricks[0]}, opponents {self.tricks[1]}; balances {self.balances}",
        ]
        if self.settlement is not None:
            s = self.settlement
            result = "made it" if s.success else "failed"
            lines.append(
                f"settled: bidder {s.thirds_bidder} thirds ({s.points_bidder} points), {result}; "
                f"payments {s.payments}"
            )
        return "\n".join(lines)
