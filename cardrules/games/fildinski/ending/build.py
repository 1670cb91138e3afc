"""A Fildinski state's last tricks as an ending (:func:`~cardrules.games.fildinski.ending.ending`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardrules.errors import NotSolvableError
from cardrules.game import TERMINAL
from cardrules.games.fildinski.cards import DEAL_TRICKS
from cardrules.games.fildinski.deal import DealContext
from cardrules.games.fildinski.ending.melding import meld_room, new_meld_ending
from cardrules.games.fildinski.ending.model import (
    KINDS,
    Choices,
    EndingRules,
    FildinskiEnding,
    Piles,
    new_ending,
)
from cardrules.games.fildinski.meld_step import (
    fresh_cards,
    outranked,
    reused,
    step_choices,
)
from cardrules.games.fildinski.melds import MeldKind, reach_table
from cardrules.games.fildinski.options import BeziquePair, MeldedCards, TrumpSevenPoints
from cardrules.games.fildinski.scoring import score_trick
from cardrules.solve.adapter import read_claimer

if TYPE_CHECKING:
    from cardrules.games.fildinski.state import FildinskiState

__all__ = ["ending"]


def _bars(deal: DealContext, kind: MeldKind) -> tuple[int, ...]:
    """The kinds (table positions) whose used cards a meld of ``kind`` may not take.

    Asked of the meld-step rules themselves (fildinski.meld.same-kind-once,
    fildinski.meld.class-order): a probe with every card used by one kind.
    """
    slots = []
    for slot in range(len(KINDS)):
        probe = Piles(deal, (0, 0), 0, tuple(-1 if n == slot else 0 for n in range(len(KINDS))))
        if reused(probe, kind) | outranked(probe, kind):
            slots.append(slot)
    return tuple(slots)


def _levels(trump: int, meldable: int, melding: bool) -> tuple[tuple[tuple[int, int], ...], ...]:
    """Per suit, its rank levels from the ace down, with their value classes.

    A brisque is class 1, a trump 7 class 2, any other card 0; under
    ``meld_in_endgame`` a rank that can be melded gets a class of its own
    (8 and up), so that no two of its cards are grouped as equal.
    """
    out = []
    for suit in range(4):
        row = []
        for strength in range(7, -1, -1):
            mask = 0b11 << (16 * suit + 2 * strength)
            value_class = 1 if strength >= 6 else 2 if (suit == trump and strength == 0) else 0
            if melding and mask & meldable:
                value_class = 8 + strength
            row.append((mask, value_class))
        out.append(tuple(row))
    return tuple(out)


def ending(state: FildinskiState, by: int | str) -> FildinskiEnding:
    """The last tricks of ``state``'s deal as an ending counted for the seat ``by`` names.

    Under ``meld_in_endgame = true`` a state in the meld step of one of the
    last eight tricks is an ending too.

    Raises:
        NotSolvableError: the stock is not empty yet, or the game is over.
        InvalidArgumentError: ``by`` names no seat.
    """
    phase = state.phase_name
    options = state.deal.plan.options
    if not state.in_endgame or state.current_player == TERMINAL:
        raise NotSolvableError(
            "fildinski",
            phase,
            "only the last eight tricks, once the stock is empty, are solved (every card known)",
        )
    counted = read_claimer(by, 2)
    trump = state.deal.trump
    captured = options.trump_seven_points is TrumpSevenPoints.CAPTURED
    melding = options.meld_in_endgame
    sevens = 0b11 << (16 * trump)
    meldable = 0
    reaches = reach_table(trump, options.bezique_pair)
    for reach in reaches:
        meldable |= reach
    klaverjas = options.bezique_pair is BeziquePair.KLAVERJAS_HARTENDAME
    rows = tuple(
        (kind.points, reach, _bars(state.deal, kind), n << 3 | trump << 1 | klaverjas)
        for n, (kind, reach) in enumerate(zip(KINDS, reaches, strict=True))
    )
    # Whether every meld needs a fresh card, asked of the rule itself: with no fresh card, it
    # gives no card (0) when it holds and every card (-1) when it does not.
    fresh_rule = fresh_cards(Piles(state.deal, (0, 0), 0, state.used)) != -1
    levels = _levels(trump, meldable, melding)
    zero = (0,) * len(state.points)
    # Whether trick 32 carries the bonus, asked of the scoring rule itself: a trick of two
    # pointless cards (7 and 8 of clubs, with no suit trump) scores only a last-trick bonus.
    last_bonus = score_trick(zero, (0, 2), 0, 0, -1, options, DEAL_TRICKS) != zero
    # The rules an ending's values depend on, one bit field each, so that endings under other rules
    # never share a key in one solver's table: bit 5 says whether the ending has meld steps, and only
    # then do the meld options (the three low bits) decide what the counted seat can still meld.
    tag = trump | captured << 2 | last_bonus << 3 | counted << 4 | melding << 5
    if melding:
        removed = options.melded_cards is MeldedCards.REMOVED
        tag = tag << 3 | options.meld_needs_trick_card << 2 | removed << 1 | klaverjas
    rules = EndingRules(
        trump, options, counted, levels, sevens, captured, last_bonus, zero, tag,
        state.deal, melding, meldable, 8 if melding else 6, rows, fresh_rule,
    )  # fmt: skip
    seat = state.current_player
    side = 0 if seat == counted else 1
    if not melding:
        return new_ending(rules, state.hands, state.trick, state.leader, seat, side, 0, state.tricks_done)
    stepping = state.in_meld_step
    fresh = state.fresh if stepping else 0
    steps = DEAL_TRICKS - state.tricks_done + (1 if stepping and side == 0 else 0)
    trick = 1 << state.trick[0] if state.trick else 0
    room = meld_room(rules, state.hands, trick, state.won, state.used, fresh if side == 0 else 0, steps)
    choices: Choices = ()
    if stepping and side == 0:
        choices = step_choices(Piles(state.deal, state.won, fresh, state.used), seat)
    return new_meld_ending(
        rules, state.hands, state.trick, state.leader, seat, side, 0, state.tricks_done,
        state.won, state.used, fresh, stepping, room, choices,
    )  # fmt: skip
