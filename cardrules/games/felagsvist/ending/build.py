"""A Félagsvist state's deal as an ending (:func:`~cardrules.games.felagsvist.ending.ending`)."""

from __future__ import annotations

from types import MappingProxyType
from typing import TYPE_CHECKING, Final

from cardrules.errors import NotSolvableError
from cardrules.game import TERMINAL
from cardrules.games.felagsvist.actions import SEAT_NAMES
from cardrules.games.felagsvist.cards import SUIT_MASKS, strength_table
from cardrules.games.felagsvist.deal import DEAL_TRICKS
from cardrules.games.felagsvist.ending.model import EndingRules, FelagsvistEnding, new_ending
from cardrules.games.felagsvist.options import NoloAce, RoundKind
from cardrules.games.felagsvist.play import trick_winner
from cardrules.solve.adapter import read_claimer

if TYPE_CHECKING:
    from cardrules.games.felagsvist.state import FelagsvistState

__all__ = ["ending"]

_SIDES: Final = MappingProxyType({"NS": 0, "EW": 1})


def _beats(trump: int | None, strength: tuple[int, ...]) -> tuple[int, ...]:
    """For each card, the cards that take the trick from it when it is winning, read off the engine's rule."""
    table = []
    for card in range(52):
        mask = 0
        for other in range(52):
            if other != card and trick_winner((card, other), trump, strength) == 1:
                mask |= 1 << other
        table.append(mask)
    return tuple(table)


_BEATS: Final = MappingProxyType(
    {
        (trump, strength): _beats(trump, strength)
        for trump in (None, 0, 1, 2, 3)
        for strength in {strength_table(kind, ace) for kind in RoundKind for ace in NoloAce}
    }
)
""":func:`_beats` for every trump and strength table a deal can have, worked out once."""


def _ladder(hands: tuple[int, int, int, int], above: tuple[int, ...]) -> tuple[int, int]:
    """The :attr:`FelagsvistEnding.holders` and :attr:`FelagsvistEnding.lengths` of four hands."""
    left = hands[0] | hands[1] | hands[2] | hands[3]
    holders = 0
    lengths = 0
    for seat, hand in enumerate(hands):
        for suit in range(4):
            lengths |= (hand >> (13 * suit) & 0x1FFF).bit_count() << (16 * seat + 4 * suit)
        mask = hand
        while mask:
            low = mask & -mask
            card = low.bit_length() - 1
            mask ^= low
            place = (left & above[card]).bit_count()  # how many cards in hand rank above it
            holders |= seat << (26 * (card // 13) + 24 - 2 * place)
    return holders, lengths


def ending(state: FelagsvistState, by: int | str) -> FelagsvistEnding:
    """The rest of ``state``'s deal as an ending counted for the side of the seat ``by`` names.

    ``by`` is a seat (``0``-``3``, ``"p2"``, ``"S"``) or a side (``"NS"``, ``"EW"``).

    Raises:
        NotSolvableError: the game is over.
        InvalidArgumentError: ``by`` names no seat or side.
    """
    if state.current_player == TERMINAL:
        raise NotSolvableError("felagsvist", "over", "the game is over, so no play is left to solve")
    side = read_claimer(by, 4, SEAT_NAMES, _SIDES) % 2
    deal = state.deal
    trump, strength = deal.plan.trick_tables[deal.deal_number]
    nolo = state.round_kind is RoundKind.NOLO
    tag = (4 if trump is None else trump) | side << 3 | nolo << 4 | (strength[12] < 0) << 5
    strength = tuple(strength)
    above = tuple(
        sum(
            1 << other
            for other in range(13 * (card // 13), 13 * (card // 13) + 13)
            if strength[other] > strength[card]
        )
        for card in range(52)
    )
    # the strengths within a suit are a strict order: what does not rank above a card ranks below it
    below = tuple(SUIT_MASKS[card // 13] & ~above[card] & ~(1 << card) for card in range(52))
    rules = EndingRules(
        trump,
        strength,
        _BEATS.get((trump, strength)) or _beats(trump, strength),
        above,
        below,
        side,
        nolo,
        tag,
        strength[12] < 0,
    )
    seat = state.current_player
    done = state.tricks[0] + state.tricks[1]
    trick = state.trick
    best, ahead = -1, 0
    for place, card in enumerate(trick):
        if not place or rules.beats[best] >> card & 1:
            best, ahead = card, place
    return new_ending(
        rules,
        state.hands,
        state.trick,
        state.leader,
        seat,
        0 if seat % 2 == side else 1,
        0,  # value: nothing scored yet
        DEAL_TRICKS - done,
        best,
        ahead,
        0,  # won: no trick completed in the ending yet
        *_ladder(state.hands, above),
        state.hands[0] | state.hands[1] | state.hands[2] | state.hands[3],
        sum(1 << card for card in trick),
    )
