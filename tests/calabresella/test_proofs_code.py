"""Calabresella's proofs over the engine's scoring and auction code: each proved once, refuted when broken.

The claims of :mod:`proofs.calabresella.code_scoring` call or run the engine's
own functions and tables, so a break here changes the engine (monkeypatched,
as a wrong line would) and the claim must then be refuted with a counterexample.
"""

from __future__ import annotations

from typing import Final

import pytest

import cardrules.games.calabresella.auction as engine_auction
import cardrules.games.calabresella.cards as engine_cards
import cardrules.games.calabresella.exchange as engine_exchange
import cardrules.games.calabresella.scoring as engine
from cardrules.games.calabresella.options import ReverseCappotto, StramazzoBasis
from proofs.calabresella import code_scoring
from tests.support.proofs import Break, assert_passes, assert_refuted

TESTED: Final = (
    code_scoring.COUNT_CODE,
    code_scoring.PAYMENT_CODE,
    code_scoring.CARD_THIRDS_CODE,
    code_scoring.AUCTION_CODE,
    code_scoring.EXCHANGE_CODE,
)
"""The claims proved here (``test_proofs.py`` checks every claim of the game is proved somewhere)."""


@pytest.mark.rule("calabresella.scoring.rounding")
@pytest.mark.rule("calabresella.scoring.success")
@pytest.mark.rule("calabresella.scoring.cappotto")
@pytest.mark.rule("calabresella.scoring.stramazzo")
def test_the_engines_count_is_the_rules_for_every_hand_count(request: pytest.FixtureRequest) -> None:
    assert_passes(code_scoring.COUNT_CODE, request)


@pytest.mark.rule("calabresella.scoring.payment")
@pytest.mark.rule("calabresella.bidding.ladder")
@pytest.mark.rule("calabresella.exchange.solissimo-raise")
def test_the_engines_stakes_and_payments_hold_for_every_value(
    request: pytest.FixtureRequest,
) -> None:
    assert_passes(code_scoring.PAYMENT_CODE, request)


@pytest.mark.rule("calabresella.scoring.card-thirds")
def test_the_engines_card_values_match_entry_by_entry(
    request: pytest.FixtureRequest,
) -> None:
    assert_passes(code_scoring.CARD_THIRDS_CODE, request)


@pytest.mark.rule("calabresella.bidding.overcall")
@pytest.mark.rule("calabresella.bidding.pass-final")
def test_the_engines_auction_conditions_are_the_rules_for_every_call(request: pytest.FixtureRequest) -> None:
    assert_passes(code_scoring.AUCTION_CODE, request)


@pytest.mark.rule("calabresella.exchange.call")
@pytest.mark.rule("calabresella.exchange.return")
def test_the_engines_exchange_masks_are_the_rules_for_every_hand(request: pytest.FixtureRequest) -> None:
    assert_passes(code_scoring.EXCHANGE_CODE, request)


def _call_a_held_card(hand: int) -> int:
    """callable_mask offering the bidder's own cards too."""
    return engine_cards.DECK_MASK


_ORIGINAL_IS_CAPPOTTO: Final = engine.is_cappotto
_ORIGINAL_IS_STRAMAZZO: Final = engine.is_stramazzo


def _cappotto_fourteen_fifteenths(tricks_bidder: int, reverse: ReverseCappotto) -> bool:
    """is_cappotto with `tricks_bidder == 0` dropped: reverse cappotto never counts."""
    return tricks_bidder == 12


def _stramazzo_on_ten(tricks_bidder: int, thirds_bidder: int, basis: StramazzoBasis) -> bool:
    """is_stramazzo with 10 points taken for all the points."""
    return _ORIGINAL_IS_STRAMAZZO(tricks_bidder, thirds_bidder + 3 * (thirds_bidder // 3 == 10), basis)


def _success_at_seventeen(thirds_bidder: int) -> bool:
    """succeeds with `>= 18` moved to `>= 17`."""
    return thirds_bidder >= 17


def _payments_without_double(bidder: int, success: bool, value: int) -> tuple[int, int, int]:
    """payments with the bidder's net not doubled."""
    net = value if success else -value
    out = [-net, -net, -net]
    out[bidder] = net
    return out[0], out[1], out[2]


def _stake_without_raise(
    contract: engine.Contract, raised: engine.Raise, stakes: tuple[int, int, int]
) -> int:
    """stake with the raise's factor forgotten."""
    return stakes[contract.level - 1]


_THIRDS_KING_TWO: Final = tuple(
    2 if value == 1 and index % 13 == 11 else value for index, value in enumerate(engine_cards.THIRDS)
)
"""The THIRDS table with each king worth 2 thirds (index 11 of each suit is the king)."""


def _outbids_on_equal(contract: engine.Contract, level: int) -> bool:
    """outbids with `>` made `>=`."""
    return contract.level >= level


BREAKS: Final = (
    Break(
        code_scoring.COUNT_CODE,
        "reverse cappotto never counts",
        lambda mp: mp.setattr(engine, "is_cappotto", _cappotto_fourteen_fifteenths),
    ),
    Break(
        code_scoring.COUNT_CODE,
        "stramazzo at 10 points",
        lambda mp: mp.setattr(engine, "is_stramazzo", _stramazzo_on_ten),
    ),
    Break(
        code_scoring.COUNT_CODE,
        "success at 17 thirds",
        lambda mp: mp.setattr(engine, "succeeds", _success_at_seventeen),
    ),
    Break(
        code_scoring.PAYMENT_CODE,
        "the bidder's net not doubled",
        lambda mp: mp.setattr(engine, "payments", _payments_without_double),
    ),
    Break(
        code_scoring.PAYMENT_CODE,
        "the Solissimo raise forgotten",
        lambda mp: mp.setattr(engine, "stake", _stake_without_raise),
    ),
    Break(
        code_scoring.CARD_THIRDS_CODE,
        "each king worth 2 thirds in the table",
        lambda mp: mp.setattr(engine_cards, "THIRDS", _THIRDS_KING_TWO),
    ),
    Break(
        code_scoring.EXCHANGE_CODE,
        "a held card may be called",
        lambda mp: mp.setattr(engine_exchange, "callable_mask", _call_a_held_card),
    ),
    Break(
        code_scoring.AUCTION_CODE,
        "an equal bid outbids",
        lambda mp: mp.setattr(engine_auction, "outbids", _outbids_on_equal),
    ),
)
"""At least one break of the engine for every claim above."""


def test_every_code_claim_has_a_break() -> None:
    assert {b.claim.name for b in BREAKS} == {claim.name for claim in TESTED}


@pytest.mark.parametrize("broken", BREAKS, ids=lambda b: f"{b.claim.name}: {b.bug}")
def test_the_claim_fails_on_a_broken_engine(broken: Break, monkeypatch: pytest.MonkeyPatch) -> None:
    broken.apply(monkeypatch)
    assert_refuted(broken.claim)
