"""A Calabresella state's play as an ending: :func:`~cardrules.games.calabresella.ending.ending`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardrules.errors import NotSolvableError
from cardrules.games.calabresella.cards import DECK_MASK, STRENGTH, THIRDS, mask_thirds
from cardrules.games.calabresella.deal import Phase
from cardrules.games.calabresella.scoring import (
    Raise,
)
from cardrules.solve.adapter import read_claimer

if TYPE_CHECKING:
    from cardrules.games.calabresella.state import CalabresellaState
from cardrules.games.calabresella.ending.model import TRICK_BITS, CalabresellaEnding, EndingRules, new_ending

__all__ = ["ending"]


def ending(state: CalabresellaState, by: int | str, unit: str = "points") -> CalabresellaEnding:
    """The rest of ``state``'s play as an ending, counted for the side of the seat ``by`` names, in ``unit``.

    The bidder is a side alone; either opponent names the two opponents.
    ``unit`` is ``"points"`` (thirds from here) or ``"score"`` (the hand's
    payment to the seat ``by`` names).

    Raises:
        NotSolvableError: the hand is not in its play (the auction, the exchange, or over).
        InvalidArgumentError: ``by`` names no seat, or ``unit`` is neither unit.
    """
    if state.phase is not Phase.PLAY:
        raise NotSolvableError(
            "calabresella",
            state.phase_name,
            "only the play of the tricks, once the contract is settled, is solved",
        )
    seat_by = read_claimer(by, 3)
    setup = state.setup
    bidder = setup.bidder
    assert setup.contract is not None  # the play has a contract
    counted = (bidder,) if seat_by == bidder else tuple(seat for seat in range(3) if seat != bidder)
    levels = tuple(
        tuple(
            (1 << card, THIRDS[card])
            for card in sorted(
                (c for c in range(13 * suit, 13 * suit + 13) if DECK_MASK >> c & 1),
                key=lambda c: -STRENGTH[c],
            )
        )
        for suit in range(4)
    )
    monte = 0
    for card in state.monte:
        monte |= 1 << card
    free = state.options.follow_suit.value == "free"
    tag = mask_thirds(monte) << 5 | bidder << 3 | (seat_by == bidder) << 2 | free << 1
    won = state.tally.won_bidder if seat_by == bidder else state.tally.won_opponents
    rules = EndingRules(
        state.options,
        tuple(state.context.plan.nxt),
        bidder,
        setup.contract,
        setup.raised or Raise.NONE,
        counted,
        levels,
        monte,
        mask_thirds(won),
        None,
        tag,
    )
    seat = state.current_player
    tally = mask_thirds(state.tally.won_bidder) << TRICK_BITS | state.tally.tricks_bidder
    built = new_ending(
        rules,
        state.hands,
        state.trick,
        state.tally.leader,
        seat,
        0 if seat in counted else 1,
        0,
        len(state.tally.winners),
        tally,
    )
    return built.counted_in(unit)
