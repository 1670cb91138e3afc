"""The Fildinski proofs: every claim proved and every wrong companion refuted.

Each test runs one claim of :mod:`proofs.fildinski`, marked with the rule ids
it proves; a few more check that every claim has a test, that the claims name
only Fildinski rule ids, and that some companions fail as they should. The
refinement tests, which compare the model with the engine, are in
``test_refinement.py`` next to this file.
"""

from __future__ import annotations

from typing import Final

import pytest

from cardrules.games.fildinski import (
    BeziquePair,
    bezique_kinds,
)
from cardrules.games.fildinski.cards import card_id
from cardrules.games.fildinski.rules import RULES
from proofs import claims_for
from proofs.claims import Claim, check, prove
from proofs.fildinski import code, conservation, deck, endgame, game, melds, model, points, tricks
from proofs.z3facade import (
    Binding,
    bv_var,
    evaluate_bv,
)
from tests.fildinski.test_proofs_code import TESTED as CODE_TESTED
from tests.support.proofs import assert_passes

# -- every claim proved, every wrong companion refuted ------------------------------


@pytest.mark.rule("fildinski.deck.composition")
@pytest.mark.rule("fildinski.deck.card-identity")
def test_card_ids_are_a_bijection_with_two_cards_per_kind(request: pytest.FixtureRequest) -> None:
    assert_passes(deck.CARD_IDS, request)


@pytest.mark.rule("fildinski.deck.card-identity")
def test_copy_labels_change_no_legal_set_winner_or_value(request: pytest.FixtureRequest) -> None:
    assert_passes(deck.COPY_SYMMETRY, request)


@pytest.mark.rule("fildinski.play.trick-winner")
@pytest.mark.rule("fildinski.deck.ranking")
def test_highest_trump_or_card_of_the_suit_led_wins_and_the_first_twin(
    request: pytest.FixtureRequest,
) -> None:
    assert_passes(tricks.TRICK_WINNER, request)


@pytest.mark.rule("fildinski.endgame.legal-set")
@pytest.mark.rule("fildinski.endgame.must-follow")
@pytest.mark.rule("fildinski.endgame.must-head")
@pytest.mark.rule("fildinski.endgame.must-trump")
@pytest.mark.rule("fildinski.endgame.free-discard")
def test_endgame_legal_set_equals_the_four_duties_for_every_hand(request: pytest.FixtureRequest) -> None:
    assert_passes(endgame.ENDGAME_LEGAL_SET, request)


@pytest.mark.rule("fildinski.play.trick-winner")
@pytest.mark.rule("fildinski.deck.ranking")
def test_the_engines_trick_winner_is_the_rules_for_every_trick(request: pytest.FixtureRequest) -> None:
    """The code itself, every argument symbolic: every led card, followed card and trump."""
    assert_passes(code.TRICK_WINNER_CODE, request)


@pytest.mark.rule("fildinski.endgame.legal-set")
@pytest.mark.rule("fildinski.endgame.must-follow")
@pytest.mark.rule("fildinski.endgame.must-head")
@pytest.mark.rule("fildinski.endgame.must-trump")
@pytest.mark.rule("fildinski.endgame.free-discard")
def test_the_engines_legal_follow_is_the_four_duties_for_every_input(request: pytest.FixtureRequest) -> None:
    """The code itself, run on a symbolic hand, for every led card and trump (not a sample)."""
    assert_passes(code.LEGAL_FOLLOW_CODE, request)


@pytest.mark.rule("fildinski.endgame.legal-set")
@pytest.mark.rule("fildinski.endgame.free-discard")
def test_endgame_legal_set_is_never_empty(request: pytest.FixtureRequest) -> None:
    assert_passes(endgame.LEGAL_NONEMPTY, request)


@pytest.mark.rule("fildinski.endgame.must-follow")
def test_endgame_follower_holding_the_suit_led_follows(request: pytest.FixtureRequest) -> None:
    assert_passes(endgame.MUST_FOLLOW, request)


@pytest.mark.rule("fildinski.endgame.must-head")
def test_endgame_follower_who_can_beat_the_led_card_must(request: pytest.FixtureRequest) -> None:
    assert_passes(endgame.MUST_HEAD, request)


@pytest.mark.rule("fildinski.endgame.must-trump")
def test_endgame_follower_void_in_the_suit_led_must_trump(request: pytest.FixtureRequest) -> None:
    assert_passes(endgame.MUST_TRUMP, request)


@pytest.mark.rule("fildinski.endgame.free-discard")
def test_endgame_follower_with_neither_suit_nor_trump_plays_anything(request: pytest.FixtureRequest) -> None:
    assert_passes(endgame.FREE_DISCARD, request)


@pytest.mark.rule("fildinski.endgame.legal-set")
@pytest.mark.rule("fildinski.play.trick-winner")
def test_endgame_winner_is_the_same_for_every_legal_card(request: pytest.FixtureRequest) -> None:
    assert_passes(endgame.ENDGAME_WINNER_FIXED, request)


@pytest.mark.rule("fildinski.deck.composition")
@pytest.mark.rule("fildinski.deal.hands")
@pytest.mark.rule("fildinski.deal.turn-up")
@pytest.mark.rule("fildinski.play.trick-cycle")
@pytest.mark.rule("fildinski.play.won-cards")
@pytest.mark.rule("fildinski.play.draw-order")
@pytest.mark.rule("fildinski.meld.after-scoring")
@pytest.mark.rule("fildinski.dix.exchange")
@pytest.mark.rule("fildinski.endgame.last-draw")
@pytest.mark.rule("fildinski.game.deal-end")
def test_every_card_stays_in_exactly_one_zone(request: pytest.FixtureRequest) -> None:
    assert_passes(conservation.CONSERVATION, request)


@pytest.mark.rule("fildinski.deal.hands")
@pytest.mark.rule("fildinski.play.trick-cycle")
@pytest.mark.rule("fildinski.play.draw-order")
@pytest.mark.rule("fildinski.endgame.last-draw")
@pytest.mark.rule("fildinski.endgame.trick-cycle")
@pytest.mark.rule("fildinski.game.deal-end")
def test_zone_sizes_follow_the_trick_count(request: pytest.FixtureRequest) -> None:
    assert_passes(conservation.ZONE_SIZES, request)


@pytest.mark.rule("fildinski.score.brisques")
@pytest.mark.rule("fildinski.score.trump-seven")
def test_a_trick_scores_exactly_its_cards_values(request: pytest.FixtureRequest) -> None:
    assert_passes(tricks.TRICK_POINTS, request)


@pytest.mark.rule("fildinski.score.brisques")
@pytest.mark.rule("fildinski.score.trump-seven")
@pytest.mark.rule("fildinski.score.last-trick")
def test_card_points_of_a_deal_are_180_plus_the_last_trick(request: pytest.FixtureRequest) -> None:
    assert_passes(points.CARD_POINTS, request)


@pytest.mark.rule("fildinski.meld.kinds")
@pytest.mark.rule("fildinski.meld.same-kind-once")
def test_meld_points_are_at_most_1840(request: pytest.FixtureRequest) -> None:
    assert_passes(melds.MELD_BOUND, request)


@pytest.mark.rule("fildinski.meld.fresh-card")
@pytest.mark.rule("fildinski.meld.per-step")
@pytest.mark.rule("fildinski.meld.class-order")
def test_meld_points_are_at_most_1780_under_the_fresh_card_rule(request: pytest.FixtureRequest) -> None:
    assert_passes(melds.MELD_BOUND_FRESH, request)


@pytest.mark.rule("fildinski.meld.per-step")
@pytest.mark.rule("fildinski.meld.fresh-card")
def test_no_step_holds_three_melds_under_the_fresh_card_rule(request: pytest.FixtureRequest) -> None:
    assert_passes(melds.MELD_PER_STEP, request)


@pytest.mark.rule("fildinski.dix.once")
@pytest.mark.rule("fildinski.deal.turned-seven")
def test_at_most_one_dix_and_never_with_a_turned_seven(request: pytest.FixtureRequest) -> None:
    assert_passes(game.FIXED_BONUSES, request)


@pytest.mark.rule("fildinski.game.dealer-alternation")
@pytest.mark.rule("fildinski.deal.first-lead")
def test_the_deal_alternates(request: pytest.FixtureRequest) -> None:
    assert_passes(game.DEALER_ALTERNATION, request)


@pytest.mark.rule("fildinski.game.target")
@pytest.mark.rule("fildinski.game.both-past-target")
@pytest.mark.rule("fildinski.game.score-sheet")
def test_a_game_ends_only_with_a_strictly_higher_total(request: pytest.FixtureRequest) -> None:
    assert_passes(game.GAME_END, request)


@pytest.mark.rule("fildinski.play.free-play")
def test_stock_phase_follower_may_play_the_whole_hand(request: pytest.FixtureRequest) -> None:
    assert_passes(endgame.FREE_PLAY, request)


@pytest.mark.rule("fildinski.info.endgame-known")
def test_the_endgame_is_a_game_of_perfect_information(request: pytest.FixtureRequest) -> None:
    assert_passes(endgame.ENDGAME_KNOWN, request)


@pytest.mark.rule("fildinski.meld.bezique-pair")
def test_the_bezique_pair_follows_the_option_and_the_trump(request: pytest.FixtureRequest) -> None:
    assert_passes(melds.BEZIQUE_PAIR, request)


@pytest.mark.rule("fildinski.meld.bezique-pair")
@pytest.mark.parametrize("pair", list(BeziquePair))
@pytest.mark.parametrize("trump", range(4))
def test_engine_bezique_cards_are_the_models(pair: BeziquePair, trump: int) -> None:
    variant = bv_var("refine variant", 1)
    trump_var = bv_var("refine trump", 2)
    queens, jacks = melds.bezique_masks(trump_var, variant.eq(1))
    bindings: list[Binding] = [(variant, int(pair is BeziquePair.KLAVERJAS_HARTENDAME)), (trump_var, trump)]
    queen, jack = bezique_kinds(trump, pair)
    assert evaluate_bv(queens, bindings) == 0b11 << (2 * queen)
    assert evaluate_bv(jacks, bindings) == 0b11 << (2 * jack)


_TESTED: Final = (
    deck.CARD_IDS,
    deck.COPY_SYMMETRY,
    tricks.TRICK_WINNER,
    code.TRICK_WINNER_CODE,
    endgame.ENDGAME_LEGAL_SET,
    code.LEGAL_FOLLOW_CODE,
    endgame.LEGAL_NONEMPTY,
    endgame.MUST_FOLLOW,
    endgame.MUST_HEAD,
    endgame.MUST_TRUMP,
    endgame.FREE_DISCARD,
    endgame.ENDGAME_WINNER_FIXED,
    endgame.FREE_PLAY,
    endgame.ENDGAME_KNOWN,
    conservation.CONSERVATION,
    conservation.ZONE_SIZES,
    tricks.TRICK_POINTS,
    points.CARD_POINTS,
    melds.MELD_BOUND,
    melds.MELD_BOUND_FRESH,
    melds.MELD_PER_STEP,
    melds.BEZIQUE_PAIR,
    game.FIXED_BONUSES,
    game.DEALER_ALTERNATION,
    game.GAME_END,
)


def test_every_fildinski_claim_has_a_test_above() -> None:
    assert {claim.name for claim in (*_TESTED, *CODE_TESTED)} == {
        claim.name for claim in claims_for("fildinski")
    }


def test_fildinski_claims_name_only_fildinski_rule_ids() -> None:
    for claim in claims_for("fildinski"):
        assert claim.game == "fildinski"
        assert claim.wrong is not None and claim.wrong.game == "fildinski"
        for rule in (*claim.rule_ids, *claim.wrong.rule_ids):
            assert rule in RULES and rule.startswith("fildinski."), f"{claim.name} names {rule}"


def test_the_marriage_lemma_needs_the_per_step_rule() -> None:
    """Part (b) of the 1780 bound is not vacuous: without per-step disjointness its melds can all score."""
    assert prove(
        Claim("fildinski/lemma-b", ("fildinski.meld.per-step",), melds.marriage_lemma, lambda _m: "x")
    ).proved
    loose = Claim(
        "fildinski/lemma-b-loose",
        ("fildinski.meld.per-step",),
        lambda: melds.marriage_lemma(per_step=False),
        melds.describe_marriages,
    )
    result = prove(loose)
    assert result.refuted and result.counterexample is not None
    assert result.counterexample.startswith("arrival tricks: KC#1 ")


def test_a_refuted_companion_shows_the_disputed_endgame_play() -> None:
    """The must-head companion's counterexample names a hand, the led card and a lower card it would allow."""
    report = check(endgame.MUST_HEAD)
    assert report.wrong is not None and report.wrong.counterexample is not None
    text = report.wrong.counterexample
    assert "follower's hand:" in text and "led card:" in text and "legal set claimed (all of F):" in text
    lines = dict(line.split(": ", 1) for line in text.splitlines() if line.startswith("legal set"))
    assert lines["legal set (fildinski.endgame.legal-set)"] != lines["legal set claimed (all of F)"]


def test_model_ids_and_values_agree_with_the_engine_deck() -> None:
    from cardrules.games.fildinski.cards import card_of

    for card in range(model.DECK):
        assert model.show_card(card).split("#")[0] == str(card_of(card))
        assert card_id(card_of(card), card % 2 + 1) == card
