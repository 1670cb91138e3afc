"""Calabresella's Z3 proofs: each claim proved and each wrong companion refuted.

The claim tests carry the rule ids each claim proves. The refinement tests,
which compare the model with the engine, are in ``test_refinement.py`` next
to this file.
"""

from __future__ import annotations

from typing import Final

import pytest

from cardrules.games.calabresella.rules import RULES
from proofs import claims_for
from proofs.calabresella import bidding, code, conservation, deck, play, scoring
from tests.calabresella.test_proofs_code import TESTED as CODE_TESTED
from tests.support.proofs import assert_passes, report_of

# -- every claim proved, every wrong companion refuted ------------------------------


@pytest.mark.rule("calabresella.deck.composition")
@pytest.mark.rule("calabresella.deck.rank-order")
@pytest.mark.rule("calabresella.scoring.card-thirds")
def test_deck_has_forty_cards_and_thirty_two_thirds(request: pytest.FixtureRequest) -> None:
    assert_passes(deck.DECK_VALUES, request, cached=True)


@pytest.mark.rule("calabresella.bidding.order")
@pytest.mark.rule("calabresella.bidding.overcall")
@pytest.mark.rule("calabresella.bidding.pass-final")
@pytest.mark.rule("calabresella.bidding.end")
def test_every_auction_ends_in_at_most_four_calls(request: pytest.FixtureRequest) -> None:
    assert_passes(bidding.AUCTION, request, cached=True)


@pytest.mark.rule("calabresella.play.lead")
@pytest.mark.rule("calabresella.play.follow")
def test_legal_set_follows_suit_under_either_option(request: pytest.FixtureRequest) -> None:
    assert_passes(play.FOLLOW_SUIT, request, cached=True)


@pytest.mark.rule("calabresella.play.lead")
@pytest.mark.rule("calabresella.play.follow")
def test_the_engines_playable_is_the_specifications_legal_set_for_every_input(
    request: pytest.FixtureRequest,
) -> None:
    """The code itself, run on a symbolic hand, for every trick in progress and option (not a sample)."""
    assert_passes(code.LEGAL_SET_CODE, request)


@pytest.mark.rule("calabresella.play.trick-winner")
def test_the_highest_card_of_the_suit_led_wins(request: pytest.FixtureRequest) -> None:
    assert_passes(play.TRICK_WINNER, request, cached=True)


@pytest.mark.rule("calabresella.deck.italian")
def test_renaming_the_suits_renames_legal_sets_and_keeps_winners(request: pytest.FixtureRequest) -> None:
    assert_passes(deck.ITALIAN_PACK, request, cached=True)


@pytest.mark.rule("calabresella.scoring.hand-total")
@pytest.mark.rule("calabresella.scoring.last-trick")
@pytest.mark.rule("calabresella.scoring.card-thirds")
@pytest.mark.rule("calabresella.scoring.monte")
def test_every_split_of_the_deck_makes_35_thirds_and_11_points(request: pytest.FixtureRequest) -> None:
    assert_passes(scoring.HAND_TOTAL, request, cached=True)


@pytest.mark.rule("calabresella.scoring.rounding")
def test_the_opponents_round_their_pooled_thirds_once(request: pytest.FixtureRequest) -> None:
    assert_passes(scoring.POOLED_ROUNDING, request, cached=True)


@pytest.mark.rule("calabresella.scoring.success")
@pytest.mark.rule("calabresella.scoring.hand-total")
def test_success_is_exactly_18_thirds_and_never_a_tie(request: pytest.FixtureRequest) -> None:
    assert_passes(scoring.SUCCESS, request, cached=True)


@pytest.mark.rule("calabresella.scoring.cappotto")
@pytest.mark.rule("calabresella.scoring.stramazzo")
@pytest.mark.rule("calabresella.scoring.success")
def test_cappotto_and_stramazzo_never_both_apply(request: pytest.FixtureRequest) -> None:
    assert_passes(scoring.MULTIPLIER, request, cached=True)


@pytest.mark.rule("calabresella.scoring.payment")
@pytest.mark.rule("calabresella.bidding.ladder")
@pytest.mark.rule("calabresella.exchange.solissimo-raise")
def test_payments_sum_to_zero_for_every_stake(request: pytest.FixtureRequest) -> None:
    assert_passes(scoring.PAYMENT_ZERO_SUM, request, cached=True)


@pytest.mark.rule("calabresella.bidding.ladder")
@pytest.mark.rule("calabresella.exchange.solissimo-raise")
def test_the_stake_ladder_increases_and_v_takes_ten_values(request: pytest.FixtureRequest) -> None:
    assert_passes(scoring.STAKE_LADDER, request, cached=True)


@pytest.mark.rule("calabresella.procedure.session")
@pytest.mark.rule("calabresella.bidding.all-pass")
@pytest.mark.rule("calabresella.scoring.payment")
def test_session_balances_always_sum_to_zero(request: pytest.FixtureRequest) -> None:
    assert_passes(bidding.SESSION_BALANCE, request, cached=True)


@pytest.mark.rule("calabresella.deck.composition")
@pytest.mark.rule("calabresella.deal.packets")
@pytest.mark.rule("calabresella.deal.monte")
@pytest.mark.rule("calabresella.procedure.phases")
@pytest.mark.rule("calabresella.exchange.handover")
@pytest.mark.rule("calabresella.exchange.called-in-monte")
@pytest.mark.rule("calabresella.exchange.take-monte")
@pytest.mark.rule("calabresella.exchange.return")
@pytest.mark.rule("calabresella.exchange.discard")
@pytest.mark.rule("calabresella.exchange.solissimo")
@pytest.mark.rule("calabresella.exchange.dividete")
@pytest.mark.rule("calabresella.exchange.scegliete")
@pytest.mark.rule("calabresella.play.turn")
@pytest.mark.rule("calabresella.play.tricks")
@pytest.mark.rule("calabresella.scoring.monte")
def test_forty_cards_are_conserved_through_the_whole_hand(request: pytest.FixtureRequest) -> None:
    assert_passes(conservation.CARD_CONSERVATION, request, cached=True)


_TESTED: Final = (
    deck.DECK_VALUES,
    bidding.AUCTION,
    play.FOLLOW_SUIT,
    code.LEGAL_SET_CODE,
    play.TRICK_WINNER,
    deck.ITALIAN_PACK,
    scoring.HAND_TOTAL,
    scoring.POOLED_ROUNDING,
    scoring.SUCCESS,
    scoring.MULTIPLIER,
    scoring.PAYMENT_ZERO_SUM,
    scoring.STAKE_LADDER,
    bidding.SESSION_BALANCE,
    conservation.CARD_CONSERVATION,
)


def test_every_calabresella_claim_has_a_test_above() -> None:
    assert [claim.name for claim in (*_TESTED, *CODE_TESTED)] == [
        claim.name for claim in claims_for("calabresella")
    ]


def test_claims_name_only_calabresella_rule_ids() -> None:
    for claim in claims_for("calabresella"):
        assert claim.wrong is not None and claim.wrong.wrong is None
        for rule in (*claim.rule_ids, *claim.wrong.rule_ids):
            assert rule in RULES and rule.startswith("calabresella."), f"{claim.name} names {rule}"


def test_the_conservation_proof_fails_on_a_broken_exchange() -> None:
    """The wrong companion's counterexample names the broken step and the invariant parts it breaks."""
    report = report_of(conservation.CARD_CONSERVATION).wrong
    assert report is not None
    text = report.counterexample or ""
    assert report.refuted and text.startswith("inductive step (a card moves)")
    assert "[call:" in text and "leads to [handed:" in text
    assert "each zone's cards counted" in text
