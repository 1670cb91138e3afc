"""Helpers shared by the tests of the Félagsvist ending (not a test module)."""

from __future__ import annotations

import dataclasses
import random

from hypothesis import strategies as st

import cardrules
from cardrules.cards import mask_of, parse_cards
from cardrules.games.felagsvist import FelagsvistState, NoloAce, RoundKind
from cardrules.games.felagsvist.ending import FelagsvistEnding
from cardrules.games.felagsvist.ending.build import _ladder

__all__ = ["endings_in_play", "hand_ending", "redealt_below"]


@st.composite
def endings_in_play(
    draw: st.DrawFn, kinds: tuple[RoundKind, ...] = tuple(RoundKind), most_cards: int = 51
) -> FelagsvistEnding:
    """An ending of a deal of one of ``kinds``, either ace option, after up to ``most_cards`` random cards.

    It is counted for any seat; the cards are played at random from a drawn seed.
    """
    kind = draw(st.sampled_from(kinds), label="kind")
    ace = draw(st.sampled_from(tuple(NoloAce)), label="nolo_ace")
    game = cardrules.get_game("felagsvist", first_round=kind.value, nolo_ace=ace.value, first_dealer="N")
    state = game.new_game(seed=draw(st.integers(min_value=0, max_value=2**16), label="deal"))
    assert isinstance(state, FelagsvistState)
    rng = random.Random(draw(st.integers(min_value=0, max_value=2**16), label="play on"))
    for _ in range(draw(st.integers(min_value=0, max_value=most_cards), label="cards played")):
        state = state.apply(rng.choice(state.legal_actions()))
    return state.ending(draw(st.integers(min_value=0, max_value=3), label="seat"))


def redealt_below(node: FelagsvistEnding, kept: int, rng: random.Random) -> FelagsvistEnding:
    """``node`` with the cards of each suit not in ``kept`` dealt again among their holders at random.

    The suit lengths of every hand stay, and so do the holders of the
    ``kept`` cards: another ending a rank-pattern entry made for ``node``
    with those cards is used for.
    """
    hands = list(node.hands)
    for shift in (0, 13, 26, 39):
        cards = [
            card
            for card in range(shift, shift + 13)
            if not kept >> card & 1 and any(h >> card & 1 for h in hands)
        ]
        owners = [next(seat for seat in range(4) if hands[seat] >> card & 1) for card in cards]
        rng.shuffle(owners)
        for card in cards:
            for seat in range(4):
                hands[seat] &= ~(1 << card)
        for card, seat in zip(cards, owners, strict=True):
            hands[seat] |= 1 << card
    four = (hands[0], hands[1], hands[2], hands[3])
    holders, lengths = _ladder(four, node.rules.above)
    assert lengths == node.lengths and node.top(node.depth(kept)) & kept == kept
    return dataclasses.replace(node, hands=four, holders=holders, lengths=lengths)


def hand_ending(
    hands: str, leader: int, counted: int, *, kind: RoundKind = RoundKind.NOLO, ace: NoloAce = NoloAce.HIGH
) -> FelagsvistEnding:
    """An ending of a ``kind`` deal at a trick boundary with the hands given (N first, hands split by ``/``).

    The hands read as ``"TC 2C 3H / JC KH 9S / ..."``. It is the ending of a
    real deal of that kind with its hands, leader and counted side replaced;
    every hand must hold as many cards as the others.
    """
    game = cardrules.get_game("felagsvist", first_round=kind.value, nolo_ace=ace.value, first_dealer="N")
    state = game.new_game(seed=0)
    assert isinstance(state, FelagsvistState)
    base = state.ending(counted)
    masks = tuple(mask_of(parse_cards(text)) for text in hands.split("/"))
    assert len(masks) == 4 and len({mask.bit_count() for mask in masks}) == 1
    four = (masks[0], masks[1], masks[2], masks[3])
    holders, lengths = _ladder(four, base.rules.above)
    return dataclasses.replace(
        base,
        hands=four,
        trick=(),
        leader=leader,
        seat=leader,
        side=0 if leader % 2 == counted else 1,
        value=0,
        left=masks[0].bit_count(),
        best=-1,
        ahead=0,
        won=0,
        holders=holders,
        lengths=lengths,
    )
