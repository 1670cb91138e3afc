"""Fildinski tests written to fail on changed lines the other tests let through.

Each test checks a rule on the legal set itself (what ``legal_actions`` offers),
on ``check`` and on ``apply``, so that a dropped condition or a flipped
operator in the engine (found by ``python -m tests.support.mutation``) fails it.
"""

from __future__ import annotations

import dataclasses
from collections import Counter

import pytest

from cardrules import get_game
from cardrules.games.fildinski import Category
from cardrules.games.fildinski.cards import card_id, card_of, ids_in, strength_of, suit_of
from cardrules.games.fildinski.melds import MeldKind, candidate_melds
from cardrules.games.fildinski.options import BeziquePair
from cardrules.games.fildinski.scoring import is_brisque
from tests.fildinski.test_rules import _won_meld_step, act, illegal, mask_of, texts


@pytest.mark.rule("fildinski.meld.kinds")
def test_a_double_bezique_is_offered_when_both_pairs_are_won() -> None:
    state = _won_meld_step("QS JD", "QS", meld_needs_trick_card=False)
    pile = state.won[0] | mask_of("QS JD", 2)
    state = dataclasses.replace(state, won=(pile, 0), hands=(state.hands[0] & ~pile, state.hands[1] & ~pile))
    offered = texts(state)
    assert "p0 meld double-bezique JD JD QS QS" in offered
    after = act(state, "meld double-bezique JD JD QS QS")
    assert after.category_points(Category.MELDS) == (500, 0)
    both = mask_of("QS JD") | mask_of("QS JD", 2)
    assert list(candidate_melds(MeldKind.DOUBLE_BEZIQUE, both, 2, BeziquePair.STANDARD)) == [both]
    assert list(candidate_melds(MeldKind.DOUBLE_BEZIQUE, mask_of("QS JD"), 2, BeziquePair.STANDARD)) == []


@pytest.mark.rule("fildinski.meld.class-order")
def test_no_royal_marriage_is_offered_from_a_scored_sequence() -> None:
    state = _won_meld_step("AH TH KH QH JH", "AH", meld_needs_trick_card=False)
    after = act(state, "meld sequence AH TH KH QH JH")
    again = dataclasses.replace(after, in_meld_step=True, current_player=0)
    assert not [text for text in texts(again) if "royal-marriage" in text]
    illegal(again, "meld royal-marriage KH QH")
    # The upward order stays open: a royal marriage, then the sequence over its cards.
    upward = dataclasses.replace(act(state, "meld royal-marriage KH QH"), in_meld_step=True, current_player=0)
    assert "p0 meld sequence AH TH KH QH JH" in texts(upward)


@pytest.mark.rule("fildinski.deck.card-identity")
def test_an_ids_suit_strength_and_copy_are_those_of_its_card() -> None:
    ranks = "789JQKTA"
    for card in range(64):
        plain = card_of(card)
        assert suit_of(card) == int(plain.suit)
        assert strength_of(card) == ranks.index(plain.rank.letter)
        assert card_id(plain, card % 2 + 1) == card


@pytest.mark.rule("fildinski.score.brisques")
def test_the_brisques_are_the_aces_and_the_tens() -> None:
    assert [card for card in range(64) if is_brisque(card)] == [
        card for card in range(64) if card_of(card).rank.letter in "AT"
    ]


@pytest.mark.rule("fildinski.meld.kinds")
def test_fours_of_a_kind_are_offered_alone_and_together() -> None:
    state = _won_meld_step("KS KH KD KC AS AH AD AC", "KS", meld_needs_trick_card=False)
    assert texts(state) == [
        "p0 meld none",
        "p0 meld four-aces AC AD AH AS",
        "p0 meld four-kings KC KD KH KS",
        "p0 meld four-aces AC AD AH AS + four-kings KC KD KH KS",
    ]
    after = act(state, "meld four-aces AC AD AH AS + four-kings KC KD KH KS")
    assert after.category_points(Category.MELDS) == (180, 0)
    fresh_only = _won_meld_step("KS KH KD KC AS AH AD AC", "KS")
    assert texts(fresh_only) == ["p0 meld none", "p0 meld four-kings KC KD KH KS"]


def test_each_seats_won_and_retired_piles_are_its_own_in_every_observation() -> None:
    game = get_game("fildinski")
    for seed in range(6):
        state = game.new_game(seed=seed)
        while not state.is_terminal and not (state.won[0] and state.won[1] and state.won[0] != state.won[1]):
            state = state.apply(state.legal_actions()[0])
        assert state.won[0] != state.won[1], seed
        for seat in (0, 1):
            seen = state.observation(seat)
            for player in (0, 1):
                assert Counter(seen.won[player]) == Counter(card_of(i) for i in ids_in(state.won[player]))
                assert Counter(seen.retired[player]) == Counter(
                    card_of(i) for i in ids_in(state.retired[player])
                )
