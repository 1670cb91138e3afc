"""Félagsvist's proofs depend on what they name: each claim fails on a model broken like a rules bug.

Every claim of :data:`proofs.felagsvist.CLAIMS` has at least one break here: a
table entry changed or a condition dropped in the model (by monkeypatching the
model's table or function, as a wrong line would), after which the claim must
be refuted with a counterexample. A proof that still held would prove nothing
about the rule it names. The wrong companions (``test_proofs.py``) stay as
they are; these breaks are made in the model, not in the claim.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

import pytest

import cardrules.games.felagsvist.play as engine_play
import proofs.felagsvist.code as code
import proofs.felagsvist.conservation as conservation
import proofs.felagsvist.model as model
import proofs.felagsvist.schedule as schedule
import proofs.felagsvist.scoring as scoring
import proofs.felagsvist.tricks as tricks
from proofs.felagsvist import CLAIMS, legality
from proofs.induction import Move, SymState
from proofs.z3facade import BitVec, Bool, Int, bv_val, int_val, ite
from tests.felagsvist.test_proofs_code import BREAKS as CODE_BREAKS
from tests.support.proofs import Break, Patch, assert_refuted

_LEGAL_SET: Final = model.legal_set
"""The model's legal set as written, for breaks that change only one case of it."""


def _legal_set(rule: Callable[[BitVec, BitVec], BitVec]) -> Patch:
    return lambda mp: mp.setattr(model, "legal_set", rule)


def _no_void_fallback(hand: BitVec, led: BitVec) -> BitVec:
    """A follower void in the suit led may play nothing (felagsvist.play.void-any dropped)."""
    return ite(led.eq(model.NO_LEAD), hand, hand & model.led_mask(led))


def _leader_plays_clubs(hand: BitVec, led: BitVec) -> BitVec:
    """The leader may lead only clubs, or anything when void in clubs (lead-any misread)."""
    return ite(led.eq(model.NO_LEAD), _LEGAL_SET(hand, bv_val(0, model.LED_BITS)), _LEGAL_SET(hand, led))


def _follow_dropped(hand: BitVec, led: BitVec) -> BitVec:
    """Any card of the hand, suit led or not (felagsvist.play.must-follow dropped)."""
    return hand


def _void_plays_led_suit_only(hand: BitVec, led: BitVec) -> BitVec:
    """A void follower must play a club (the void rule read as a fixed suit)."""
    same = hand & model.led_mask(led)
    clubs = hand & model.led_mask(bv_val(0, model.LED_BITS))
    return ite(led.eq(model.NO_LEAD), hand, ite(same.ne(0), same, clubs))


def _ace_of_clubs_a_diamond(mp: pytest.MonkeyPatch) -> None:
    """The suit masks put the ace of clubs (index 12) among the diamonds."""
    masks = list(model.SUIT_MASKS)
    masks[0] &= ~(1 << 12)
    masks[1] |= 1 << 12
    mp.setattr(model, "SUIT_MASKS", tuple(masks))


def _king_below_queen(mp: pytest.MonkeyPatch) -> None:
    """The ace-high rank order with the queen and the king of every suit swapped."""
    high = list(model.ACE_HIGH)
    for suit in range(4):
        queen, king = 13 * suit + 10, 13 * suit + 11
        high[queen], high[king] = high[king], high[queen]
    mp.setattr(model, "ACE_HIGH", tuple(high))
    mp.setattr(model, "STRENGTH_TABLES", (model.ACE_LOW, tuple(high)))


def _book_of_seven(ns: Int, ew: Int, nolo: Bool) -> tuple[Int, Int]:
    """Odd tricks counted beyond seven, not six."""
    first, second = ite(nolo, ew, ns), ite(nolo, ns, ew)
    return ite(first > 7, first - 7, int_val(0)), ite(second > 7, second - 7, int_val(0))


def _both_score_ns_tricks(tricks_ns: Int, nolo: Bool) -> tuple[Int, Int]:
    """Each side scores the tricks NS won (felagsvist.score.trick-rounds misread)."""
    return tricks_ns, tricks_ns


def _deal_stays_two_seats(first_dealer: Int, deal: Int | int) -> Int:
    """The deal passes two seats on, not one."""
    return (first_dealer + (deal - 1) * 2).mod(model.SEAT_COUNT)


def _no_grand(mp: pytest.MonkeyPatch) -> None:
    """The cycle of round kinds with a second Hearts where Grand belongs."""
    cycle = tuple("hearts" if kind == "grand" else kind for kind in model.CYCLE)
    mp.setattr(model, "CYCLE", cycle)
    mp.setattr(schedule, "CYCLE", cycle)


def _trick_counts_for_ns_too(before: SymState, choice: SymState) -> tuple[Move, ...]:
    """Every trick adds one to NS, and one to EW when EW win it."""
    winner = choice["winner"]
    after = before.updated({"t": before["t"] + 1, "ns": before["ns"] + 1, "ew": before["ew"] + winner})
    return (Move("a trick is won", (before["t"] < model.DEAL_TRICKS) & winner.between(0, 1), after),)


# The code proof is broken in the engine itself, as a wrong line there would break it.
_HEARTS_AND_SPADES_SWAPPED: Final = (0x1FFF, 0x1FFF << 13, 0x1FFF << 39, 0x1FFF << 26)


def _playable_without_void_any(hand: int, trick: tuple[int, ...]) -> int:
    """The engine's playable with its void-any fallback dropped: a void follower may play nothing."""
    if not trick:
        return hand
    return hand & 0x1FFF << 13 * (trick[0] // 13)


BREAKS: Final[tuple[Break, ...]] = (
    Break(legality.LEGAL_SET_NONEMPTY, "a void follower may play nothing", _legal_set(_no_void_fallback)),
    Break(legality.LEAD_ANY, "the leader may lead only clubs", _legal_set(_leader_plays_clubs)),
    Break(legality.MUST_FOLLOW, "a follower need not follow suit", _legal_set(_follow_dropped)),
    Break(legality.VOID_ANY, "a void follower must play a club", _legal_set(_void_plays_led_suit_only)),
    Break(legality.LEGAL_SET_DEFINITION, "the ace of clubs masked as a diamond", _ace_of_clubs_a_diamond),
    Break(
        code.LEGAL_SET_CODE,
        "the engine's hearts and spades masks swapped",
        lambda mp: mp.setattr(engine_play, "SUIT_MASKS", _HEARTS_AND_SPADES_SWAPPED),
    ),
    Break(
        code.LEGAL_SET_CODE,
        "the engine's void-any fallback dropped",
        lambda mp: mp.setattr(engine_play, "playable", _playable_without_void_any),
    ),
    Break(tricks.TRICK_WINNER, "the king ranks below the queen", _king_below_queen),
    Break(
        scoring.DEAL_SCORE_SUM,
        "odd tricks counted beyond seven",
        lambda mp: mp.setattr(scoring, "odd_trick_scores", _book_of_seven),
    ),
    Break(
        scoring.TIE_DECIDED,
        "odd tricks counted beyond seven",
        lambda mp: mp.setattr(scoring, "odd_trick_scores", _book_of_seven),
    ),
    Break(schedule.ROUND_CYCLE, "Grand left out of the cycle", _no_grand),
    Break(
        schedule.DEAL_ROTATION,
        "the deal passes two seats on",
        lambda mp: mp.setattr(schedule, "dealer_of", _deal_stays_two_seats),
    ),
    Break(
        schedule.ROUND_BALANCE,
        "the deal passes two seats on",
        lambda mp: mp.setattr(schedule, "dealer_of", _deal_stays_two_seats),
    ),
    Break(
        tricks.THIRTEEN_TRICKS,
        "NS counts every trick",
        lambda mp: mp.setattr(tricks, "_tricks_step", _trick_counts_for_ns_too),
    ),
    Break(
        scoring.GAME_TOTAL,
        "both sides score NS's tricks",
        lambda mp: mp.setattr(scoring, "per_trick_scores", _both_score_ns_tricks),
    ),
    Break(
        conservation.DEAL_DISTRIBUTION,
        "twelve rounds dealt",
        lambda mp: mp.setattr(conservation, "_ROUNDS", 12),
    ),
    Break(
        conservation.CARD_CONSERVATION,
        "twelve tricks a deal",
        lambda mp: mp.setattr(conservation, "DEAL_TRICKS", 12),
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
