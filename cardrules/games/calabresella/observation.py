"""What one Calabresella seat may know: its own hand and the public events, nothing else.

calabresella.info.hands, calabresella.info.public-events, calabresella.info.monte,
calabresella.info.end. :func:`observe` builds a seat's
:class:`CalabresellaObservation` from a state; it holds no card the seat may
not know, so its ``repr`` and ``str`` leak nothing either.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from cardrules.cards import Card, Cards, card_at
from cardrules.game import TERMINAL
from cardrules.games.calabresella.deal import LEVEL_NAMES, Phase
from cardrules.games.calabresella.options import ReturnTiming, SoloMonte
from cardrules.games.calabresella.scoring import Contract, Raise, Settlement
from cardrules.notation import format_seat
from cardrules.svg import SvgPicture
from cardrules.svg.marks import Marks

if TYPE_CHECKING:
    from cardrules.games.calabresella.state import CalabresellaState

__all__ = ["CalabresellaObservation", "observe"]


@dataclass(frozen=True, slots=True)
class CalabresellaObservation(SvgPicture):
    """One seat's view of a hand.

    Attributes:
        seat: the observing seat.
        hand: the seat's own cards, in index order (they print as cards: ``5♣ J♣ 4♥``).
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
    hand: Cards
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
    exposed_monte: Cards | None
    returned: Card | None
    raised: Raise | None
    received: Cards
    laid: Cards
    plays: tuple[tuple[int, Card], ...]
    trick: tuple[tuple[int, Card], ...]
    trick_winners: tuple[int, ...]
    tricks: tuple[int, int]
    final_monte: Cards | None
    won_bidder: Cards | None
    won_opponents: Cards | None
    settlement: Settlement | None
    balances: tuple[int, int, int]

    def _svg_table(self, marks: Marks) -> str:
        """The table as this seat sees it, for :func:`cardrules.svg.table`, ``svg()`` and notebooks."""
        from cardrules.games.calabresella.picture import draw_observation

        return draw_observation(self, marks)

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
            f"hand: {self.hand or '(empty)'}",
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


def observe(state: CalabresellaState, seat: int) -> CalabresellaObservation:
    """What ``seat`` (a valid seat) may know in ``state``: its own hand and the public events.

    The dealt monte is shown once the bidder has taken it in Chiamo, and in Solo
    under ``solo_monte = exposed`` (calabresella.info.public-events); cards taken
    or laid unseen are shown to their taker alone (calabresella.info.monte); the
    final monte and both won piles once the hand is settled (calabresella.info.end).
    """
    setup = state.setup
    tally = state.tally
    nxt = state.context.plan.nxt
    trick_seats = []
    s = tally.leader
    for _ in state.trick:
        trick_seats.append(s)
        s = nxt[s]
    exposed: Cards | None = None
    contract = setup.contract
    if _monte_taken(state) and (
        contract is Contract.CHIAMO
        or (contract is Contract.SOLO and state.options.solo_monte is SoloMonte.EXPOSED)
    ):
        exposed = Cards(card_at(c) for c in state.dealt_monte)
    received = Cards(card_at(c) for s2, cards in setup.received if s2 == seat for c in cards)
    laid = Cards(card_at(c) for s2, cards in setup.laid if s2 == seat for c in cards)
    settlement = state.settlement
    final_monte: Cards | None = None
    if settlement is not None:
        final_monte = Cards(card_at(c) for c in state.final_monte)
    hands = state.hands
    return CalabresellaObservation(
        seat=seat,
        hand=Cards.from_mask(hands[seat]),
        hand_sizes=(hands[0].bit_count(), hands[1].bit_count(), hands[2].bit_count()),
        monte_size=len(state.monte),
        dealer=state.context.dealer,
        phase=state.phase.name.lower(),
        current_player=state.current_player,
        calls=tuple((s2, LEVEL_NAMES[level].lower()) for s2, level in setup.calls),
        bidder=state.bidder,
        contract=contract,
        called=None if setup.called < 0 else card_at(setup.called),
        giver=None if setup.giver < 0 else setup.giver,
        called_in_monte=setup.called_in_monte and state.phase is not Phase.CALL,
        exposed_monte=exposed,
        returned=None if setup.returned < 0 else card_at(setup.returned),
        raised=setup.raised,
        received=received,
        laid=laid,
        plays=tuple((s2, card_at(c)) for s2, c in state.plays),
        trick=tuple((s2, card_at(c)) for s2, c in zip(trick_seats, state.trick, strict=True)),
        trick_winners=tally.winners,
        tricks=(tally.tricks_bidder, tally.tricks_opponents),
        final_monte=final_monte,
        won_bidder=Cards.from_mask(tally.won_bidder) if settlement is not None else None,
        won_opponents=Cards.from_mask(tally.won_opponents) if settlement is not None else None,
        settlement=settlement,
        balances=state.balances,
    )


def _monte_taken(state: CalabresellaState) -> bool:
    """Whether B has taken the dealt monte into hand (Chiamo and Solo, after that step)."""
    setup = state.setup
    if setup.contract is Contract.SOLO:
        return state.phase is not Phase.AUCTION
    if setup.contract is not Contract.CHIAMO or setup.called < 0:
        return False
    if state.phase is Phase.RETURN:
        return state.options.return_timing is ReturnTiming.AFTER_MONTE
    return state.phase is not Phase.CALL
