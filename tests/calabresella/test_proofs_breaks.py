"""Calabresella's proofs depend on what they name: each claim fails on a model broken like a rules bug.

Every claim of :data:`proofs.calabresella.CLAIMS` has at least one break here:
a table entry changed or a condition dropped in the model (monkeypatched, as a
wrong line would be), after which the claim must be refuted with a
counterexample. The wrong companions in ``test_proofs.py`` stay as they are.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Final

import pytest

import cardrules.games.calabresella.play as engine_play
import proofs.calabresella.bidding as bidding
import proofs.calabresella.code as code
import proofs.calabresella.deck as deck
import proofs.calabresella.hand as hand
import proofs.calabresella.model as model
import proofs.calabresella.play as play
import proofs.calabresella.scoring as scoring
import proofs.calabresella.settlement as settlement_model
from cardrules.cards import Rank, card_at
from proofs.calabresella import CLAIMS, conservation
from proofs.induction import SymState
from proofs.z3facade import BitVec, Bool, Int, any_of, bv_from_bits, int_val, ite
from tests.calabresella.test_proofs_code import BREAKS as CODE_BREAKS
from tests.support.proofs import Break, Patch, assert_refuted

_POINTS: Final = model.points
_AUCTION_STEP: Final = bidding.auction_step


def _with_rank(table: str, rank: Rank, value: int) -> Patch:
    def apply(mp: pytest.MonkeyPatch) -> None:
        changed = dict(getattr(model, table))
        changed[rank] = value
        mp.setattr(model, table, MappingProxyType(changed))

    return apply


def _king_and_queen_swapped(mp: pytest.MonkeyPatch) -> None:
    strengths = dict(model.RANK_STRENGTH)
    strengths[Rank.KING], strengths[Rank.QUEEN] = strengths[Rank.QUEEN], strengths[Rank.KING]
    mp.setattr(model, "RANK_STRENGTH", MappingProxyType(strengths))
    mp.setattr(deck, "RANK_STRENGTH", MappingProxyType(strengths))


def _void_plays_nothing(hand_: BitVec, led: BitVec, free: Bool) -> BitVec:
    """calabresella.play.follow without its void case: a void follower may play nothing."""
    leading = led.eq(model.NO_LEAD)
    return bv_from_bits(
        [hand_.bit(i) & (leading | free | led.eq(int(card_at(i).suit))) for i in range(model.HAND_BITS)]
    )


def _clubs_always_playable(hand_: BitVec, led: BitVec, free: Bool) -> BitVec:
    """A club may always be played, suit led or not: one suit made special."""
    legal = model.legal_set(hand_, led, free)
    clubs = [hand_.bit(i) & (card_at(i).suit == 0) for i in range(model.HAND_BITS)]
    return legal | bv_from_bits([any_of((c,)) for c in clubs])


def _rounded_to_nearest(thirds: Int) -> Int:
    """Points rounded to the nearest, not down (calabresella.scoring.rounding misread)."""
    return _POINTS(thirds + 1)


def _opponents_always_pay(value: Int, success: Bool, *, bidder_share: int = 2) -> tuple[Int, Int, Int]:
    """The opponents pay V even when the bidder fails (the bidder still pays them)."""
    net_b = ite(success, value * bidder_share, value * -bidder_share)
    return net_b, -value, -value


def _cappotto_pays_three(s: settlement_model.Settlement, *, trick_condition: bool = True) -> Int:
    """The multipliers of cappotto (2) and stramazzo (3) swapped."""
    return ite(
        s.cappotto, int_val(3), ite(s.stramazzo(trick_condition=trick_condition), int_val(2), int_val(1))
    )


def _solissimo_does_not_end(
    s: SymState, call: Int, *, rejoin: bool = False
) -> tuple[Bool, dict[str, Int | BitVec]]:
    """calabresella.bidding.end without its Solissimo case: the auction goes on after a Solissimo."""
    guard, after = _AUCTION_STEP(s, call, rejoin=rejoin)
    over = after["over"]
    assert isinstance(over, Int)
    return guard, {**after, "over": ite(call.eq(3), int_val(0), over)}


_O1_LAYS_ONE: Final = (
    *((model.MONTE, model.HAND1),) * 2,
    *((model.MONTE, model.HAND2),) * 2,
    (model.HAND1, model.MONTE),
    *((model.HAND2, model.MONTE),) * 3,
)
"""Dividete with O1 laying one card and O2 three: O1 keeps 13 cards."""


# The code proof is broken in the engine itself, as a wrong line there would break it.
_CLUBS_AND_DIAMONDS_SWAPPED: Final = (0x1FFF << 13, 0x1FFF, 0x1FFF << 26, 0x1FFF << 39)


BREAKS: Final[tuple[Break, ...]] = (
    Break(deck.DECK_VALUES, "the ace worth 2 thirds", _with_rank("RANK_THIRDS", Rank.ACE, 2)),
    Break(deck.DECK_VALUES, "the king and the queen swapped", _king_and_queen_swapped),
    Break(
        bidding.AUCTION,
        "a Solissimo does not end the auction",
        lambda mp: mp.setattr(bidding, "auction_step", _solissimo_does_not_end),
    ),
    Break(
        play.FOLLOW_SUIT,
        "a void follower may play nothing",
        lambda mp: mp.setattr(model, "legal_set", _void_plays_nothing),
    ),
    Break(
        code.LEGAL_SET_CODE,
        "the engine's clubs and diamonds masks swapped",
        lambda mp: mp.setattr(engine_play, "SUIT_MASKS", _CLUBS_AND_DIAMONDS_SWAPPED),
    ),
    Break(
        code.LEGAL_SET_CODE,
        "the engine never reads follow_suit = free",
        lambda mp: mp.setattr(engine_play, "_FREE", None),
    ),
    Break(play.TRICK_WINNER, "the king as strong as the queen", _with_rank("RANK_STRENGTH", Rank.KING, 5)),
    Break(
        deck.ITALIAN_PACK,
        "clubs always playable",
        lambda mp: mp.setattr(deck, "legal_set", _clubs_always_playable),
    ),
    Break(scoring.HAND_TOTAL, "a last-trick bonus of 4 thirds", lambda mp: mp.setattr(scoring, "BONUS", 4)),
    Break(
        scoring.POOLED_ROUNDING,
        "points rounded to the nearest",
        lambda mp: mp.setattr(scoring, "points", _rounded_to_nearest),
    ),
    Break(
        scoring.SUCCESS,
        "points rounded to the nearest",
        lambda mp: mp.setattr(scoring, "points", _rounded_to_nearest),
    ),
    Break(
        scoring.MULTIPLIER,
        "cappotto pays 3 and stramazzo 2",
        lambda mp: mp.setattr(scoring, "multiplier", _cappotto_pays_three),
    ),
    Break(
        scoring.PAYMENT_ZERO_SUM,
        "the opponents pay a failed bidder",
        lambda mp: mp.setattr(scoring, "nets", _opponents_always_pay),
    ),
    Break(
        scoring.STAKE_LADDER,
        "scegliete triples the stake",
        lambda mp: mp.setattr(settlement_model, "RAISE_FACTORS", (1, 2, 3)),
    ),
    Break(
        bidding.SESSION_BALANCE,
        "the opponents pay a failed bidder",
        lambda mp: mp.setattr(bidding, "nets", _opponents_always_pay),
    ),
    Break(
        conservation.CARD_CONSERVATION,
        "dividete: O1 lays one card, O2 three",
        lambda mp: mp.setattr(hand, "DIVIDE_STEPS", _O1_LAYS_ONE),
    ),
)
"""At least one break for every claim."""


def test_every_claim_has_a_break() -> None:
    """The breaks here and those of the engine in ``test_proofs_code.py`` together."""
    assert {b.claim.name for b in (*BREAKS, *CODE_BREAKS)} == {claim.name for claim in CLAIMS}


@pytest.mark.parametrize("broken", BREAKS, ids=lambda b: f"{b.claim.name}: {b.bug}")
def test_the_claim_fails_on_a_broken_model(broken: Break, monkeypatch: pytest.MonkeyPatch) -> None:
    broken.apply(monkeypatch)
    assert_refuted(broken.claim)
