"""The Félagsvist engine's fast paths give the answers of the plain code they replace.

- a deal's deck is the order ``random.Random(stream).shuffle`` gives, the draws written out;
- the legal plays come from per-suit tables, in card-index order, equal to reading the
  legal mask bit by bit;
- the legal cards a state keeps are ``playable`` of the hand to act and the trick, however the
  state was built (played to, or rebuilt by ``dataclasses.replace``);
- a play built anew (not the shared value of :data:`~cardrules.games.felagsvist.actions.PLAYS`)
  takes the judged path of ``apply`` and ends where the shared one does;
- the winner of a trick, read off the deal's table of which card beats which, is
  ``trick_winner``'s, for every deal of every first round and Nóló ace;
- a play carried out by ``apply`` (the transition written out with its test), and a revoke
  carried out as played (``attempt(..., lenient=True)``), end where the rules, written out
  plainly here, say;
- the hands of a deal are the deck dealt one card at a time from the dealer's left.
"""

from __future__ import annotations

import dataclasses
import pickle
import random
from typing import cast

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardrules import get_game
from cardrules.cards import Card
from cardrules.game import TERMINAL, Action
from cardrules.games.felagsvist import FelagsvistState, PlayCard
from cardrules.games.felagsvist.actions import PLAYS, RANK_PICKS, SUIT_PLAYS
from cardrules.games.felagsvist.deal import DealPlan, deal_hands, shuffled_pack
from cardrules.games.felagsvist.options import FelagsvistOptions, NoloAce, RoundKind
from cardrules.games.felagsvist.play import playable, trick_winner


@given(st.integers(-(10**12), 10**12), st.integers(1, 13))
def test_a_deck_is_the_order_the_standard_shuffle_gives(seed: int, deal_number: int) -> None:
    stream = f"felagsvist/{seed}/deal/{deal_number}"
    order = list(range(52))
    random.Random(stream).shuffle(order)
    assert shuffled_pack(stream) == tuple(order)


@pytest.mark.parametrize("stream", ["", "x", "felagsvist/0/deal/1", "felagsvist/-7/deal/13"])
def test_a_deck_is_the_standard_shuffle_for_fixed_streams(stream: str) -> None:
    order = list(range(52))
    random.Random(stream).shuffle(order)
    assert shuffled_pack(stream) == tuple(order)
    assert sorted(order) == list(range(52))


def _new_game(seed: int, **options: str) -> FelagsvistState:
    state = get_game("felagsvist", **options).new_game(seed=seed)
    assert isinstance(state, FelagsvistState)
    return state


def _plays(actions: tuple[Action, ...]) -> tuple[PlayCard, ...]:
    assert all(isinstance(action, PlayCard) for action in actions)
    return cast("tuple[PlayCard, ...]", actions)


def _bit_by_bit(seat: int, mask: int) -> tuple[PlayCard, ...]:
    """The plays of the cards of ``mask``, read one bit at a time, lowest first."""
    return tuple(PLAYS[seat][card] for card in range(52) if mask >> card & 1)


@given(st.integers(0, 3), st.integers(0, (1 << 52) - 1), st.integers(0, 3))
def test_the_suit_tables_take_the_plays_of_any_mask_in_index_order(seat: int, mask: int, suit: int) -> None:
    one_suit = mask & 0x1FFF << 13 * suit
    for chosen in (mask, one_suit):
        picked = tuple(
            play
            for part in range(4)
            for play in RANK_PICKS[chosen >> 13 * part & 0x1FFF](SUIT_PLAYS[seat][part])
        )
        assert picked == _bit_by_bit(seat, chosen)


@given(st.integers(0, 10**6), st.integers(0, 300))
def test_the_legal_plays_are_the_legal_mask_read_bit_by_bit(seed: int, steps: int) -> None:
    rng = random.Random(seed)
    state = _new_game(seed)
    for _ in range(steps):
        legal = _plays(state.legal_actions())
        assert state.legal_mask() == playable(state.hands[state.current_player], state.trick)
        assert legal == _bit_by_bit(state.current_player, state.legal_mask())
        assert all(play is PLAYS[state.current_player][play.card.index] for play in legal)
        chosen = rng.choice(legal)
        after = state.apply(chosen)
        assert state.attempt(chosen) == (state.check(chosen), after)  # attempt's fast path agrees
        state = after


def test_a_play_built_anew_is_applied_as_the_shared_one() -> None:
    state = _new_game(2, first_dealer="N")
    for _ in range(7):
        shared = _plays(state.legal_actions())[-1]
        anew = PlayCard(shared.seat, Card(shared.card.rank, shared.card.suit))
        assert anew is not shared and anew == shared
        after = state.apply(anew)
        assert after == state.apply(shared)
        assert state.attempt(anew) == (state.check(shared), after)
        state = after


def test_the_kept_legal_cards_follow_the_fields_however_the_state_is_built() -> None:
    state = _new_game(6)
    for _ in range(9):
        state = state.apply(state.legal_actions()[0])
    for seat in range(4):
        moved = dataclasses.replace(state, current_player=seat)
        assert moved.legal_cards == playable(state.hands[seat], state.trick)
        assert moved == dataclasses.replace(moved) and hash(moved) == hash(dataclasses.replace(moved))
    over = dataclasses.replace(state, current_player=TERMINAL)
    assert over.legal_cards == 0 and over.legal_actions() == ()
    assert "legal_cards" not in repr(state) and pickle.loads(pickle.dumps(state)) == state
    assert pickle.loads(pickle.dumps(state)).legal_cards == state.legal_cards


def _folded(beats: tuple[tuple[bool, ...], ...], trick: tuple[int, ...]) -> int:
    """The place of a trick's winner, as the transition reads it off the table of which card beats which."""
    best, place = trick[0], 0
    for at, card in enumerate(trick[1:], start=1):
        if beats[best][card]:
            best, place = card, at
    return place


@pytest.mark.parametrize("first_round", list(RoundKind))
@pytest.mark.parametrize("nolo_ace", list(NoloAce))
def test_the_table_of_which_card_beats_which_gives_the_trick_winner(
    first_round: RoundKind, nolo_ace: NoloAce
) -> None:
    plan = DealPlan(FelagsvistOptions(first_round=first_round, nolo_ace=nolo_ace), 0)
    rng = random.Random(f"{first_round.value}/{nolo_ace.value}")
    for deal_number in range(1, 14):
        trump, strength = plan.trick_tables[deal_number]
        beats = plan.trick_beats[deal_number]
        for lead in range(52):
            for card in range(52):
                if card != lead:
                    assert _folded(beats, (lead, card)) == trick_winner((lead, card), trump, strength)
        for _ in range(2000):
            trick = tuple(rng.sample(range(52), 4))
            assert _folded(beats, trick) == trick_winner(trick, trump, strength)


def _expected_after(state: FelagsvistState, seat: int, card: int) -> tuple[object, ...]:
    """The fields after ``seat`` (to act) plays card index ``card`` (held), by the rules read plainly."""
    hands = tuple(hand & ~(1 << card) if at == seat else hand for at, hand in enumerate(state.hands))
    trick = (*state.trick, card)
    plays = (*state.plays, (seat, card))
    if len(trick) < 4:
        after = (seat + 1) % 4
        return hands, trick, plays, state.tricks, after, playable(hands[after], trick)
    trump, strength = state.plan.trick_tables[state.deal_number]
    winner = (state.leader + trick_winner(trick, trump, strength)) % 4
    ns, ew = state.tricks
    tricks = (ns + 1, ew) if winner % 2 == 0 else (ns, ew + 1)
    return hands, (), plays, tricks, winner, hands[winner]


def _fields(state: FelagsvistState) -> tuple[object, ...]:
    return state.hands, state.trick, state.plays, state.tricks, state.current_player, state.legal_cards


@given(st.integers(0, 10**6), st.sampled_from(["hearts", "nolo", "grand"]))
def test_apply_and_a_revoke_carried_out_as_played_end_where_the_rules_say(
    seed: int, first_round: str
) -> None:
    rng = random.Random(seed)
    state = _new_game(seed, first_round=first_round)
    for _ in range(52 * 2 - 1):  # into the second deal: every trick ends, one deal ends
        seat = state.current_player
        hand, legal = state.hands[seat], state.legal_mask()
        revokes = [card for card in range(52) if hand >> card & 1 and not legal >> card & 1]
        if revokes and sum(state.tricks) < 12:
            revoke = PLAYS[seat][rng.choice(revokes)]
            verdict, played = state.attempt(revoke, lenient=True)
            assert not verdict.legal and played is not None
            assert _fields(played) == _expected_after(state, seat, revoke.card.index)
        play = _plays(state.legal_actions())[rng.randrange(len(state.legal_actions()))]
        after = state.apply(play)
        if sum(state.tricks) < 12 or len(state.trick) < 3:
            assert _fields(after) == _expected_after(state, seat, play.card.index)
        else:  # the deal ended: the next one is dealt, its dealer's left hand to lead
            assert after.deal_number == state.deal_number + 1 and after.trick == () and after.plays == ()
            assert after.current_player == (after.dealer + 1) % 4 == after.leader
        state = after


@given(st.permutations(range(52)), st.integers(0, 3))
def test_the_hands_are_the_deck_dealt_one_card_at_a_time_from_the_dealers_left(
    deck: list[int], dealer: int
) -> None:
    hands = [0, 0, 0, 0]
    for at, card in enumerate(deck):
        hands[(dealer + 1 + at) % 4] |= 1 << card
    assert deal_hands(tuple(deck), dealer) == tuple(hands)
