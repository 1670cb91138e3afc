"""The fast paths of Calabresella's engine give what the plain ones give.

The deck is ``Random.shuffle``'s order; the verdicts looked up in the play
phase (a play out of turn, a card the player to act lacks) are those the
judging with :class:`~cardrules.judging.Findings` builds; card names come out
as :func:`~cardrules.cards.format_cards` writes them.
"""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from cardrules import get_game
from cardrules.cards import STANDARD_DECK, cards_in, format_cards
from cardrules.games.calabresella import CalabresellaState, Phase, auction, auction_status, play, procedure
from cardrules.games.calabresella.actions import PLAYS, PlayCard
from cardrules.games.calabresella.auction import legal_calls
from cardrules.games.calabresella.cards import DECK_INDICES, DECK_MASK, cards_of, in_mask, pretty_mask
from cardrules.games.calabresella.deal import DealPlan
from cardrules.games.calabresella.options import CalabresellaOptions
from cardrules.verdict import Verdict


@given(st.integers(-(10**12), 10**12), st.integers(1, 40))
def test_a_deck_is_the_order_the_standard_shuffle_gives(seed: int, hand_number: int) -> None:
    order = list(DECK_INDICES)
    random.Random(f"calabresella/{seed}/hand/{hand_number}").shuffle(order)
    assert DealPlan(CalabresellaOptions(), seed).deck(hand_number) == tuple(order)


@given(st.integers(0, DECK_MASK))
def test_card_names_are_written_as_format_cards_writes_them(mask: int) -> None:
    mask &= DECK_MASK
    assert pretty_mask(mask) == format_cards(cards_in(mask), pretty=True)


@given(st.integers(0, DECK_MASK))
def test_the_cards_of_a_mask_looked_up_by_suit_are_those_in_mask_lists(mask: int) -> None:
    """cards_of (the lay-away's hand, from the suit tables) lists what in_mask lists, in the same order."""
    mask &= DECK_MASK
    assert cards_of(mask) == in_mask(STANDARD_DECK, mask)


@given(
    st.integers(0, 10**6),
    st.sampled_from(["open", "single-round"]),
    st.sampled_from(["clockwise", "counterclockwise"]),
)
def test_the_highest_bid_is_the_level_auction_status_finds(seed: int, rounds: str, direction: str) -> None:
    """The auction's legal set reads the highest level off the calls alone (auction._highest); in every
    auction state the full status (auction_status) finds the same level."""
    game = get_game("calabresella", auction=rounds, direction=direction)
    rng = random.Random(seed)
    state = game.new_game(seed=seed)
    while state.phase is Phase.AUCTION:
        assert isinstance(state, CalabresellaState)
        nxt = state.context.plan.nxt
        status = auction_status(state.calls, state.eldest, nxt, rounds == "single-round")
        assert not status[0] and status[1] == state.current_player
        assert auction.highest_bid(state) == status[3]
        assert state.legal_actions() == legal_calls(state.current_player, status[3])
        state = state.apply(rng.choice(state.legal_actions()))


def _judged_by_findings(state: CalabresellaState, action: PlayCard) -> Verdict:
    """The plain judging of a card play: the turn and the phase found, then the play module's judge."""
    found, in_phase = procedure._turn_and_phase(state, action)
    return play.judge(state, action, found, in_phase)


@given(st.integers(0, 10**6), st.sampled_from(["required", "free"]), st.integers(0, 40))
def test_play_verdicts_looked_up_are_those_findings_build(seed: int, follow: str, steps: int) -> None:
    game = get_game("calabresella", follow_suit=follow)
    rng = random.Random(seed)
    state = game.new_game(seed=seed)
    while not state.is_terminal and (state.phase is not Phase.PLAY or steps > 0):
        if state.phase is Phase.PLAY:
            steps -= 1
        legal = state.legal_actions()
        state = state.apply(
            legal[1] if state.phase is Phase.AUCTION and len(legal) > 1 else rng.choice(legal)
        )
    if state.is_terminal:
        return
    assert isinstance(state, CalabresellaState)
    for seat in range(3):
        for index in DECK_INDICES:
            action = PLAYS[seat][index]
            assert state.check(action) == _judged_by_findings(state, action), str(action)


@given(st.integers(0, 10**6), st.sampled_from(["required", "free"]), st.integers(0, 40))
def test_the_written_out_follow_test_agrees_with_playable(seed: int, follow: str, steps: int) -> None:
    """The legal set and the fast path of a card play write playable()'s test out; both agree with it."""
    game = get_game("calabresella", follow_suit=follow)
    rng = random.Random(seed)
    state = game.new_game(seed=seed)
    while not state.is_terminal:
        legal = state.legal_actions()
        if state.phase is Phase.PLAY:
            assert isinstance(state, CalabresellaState)
            seat = state.current_player
            mask = play.playable(state.hands[seat], state.trick, state.options)
            assert legal == tuple(PLAYS[seat][card.index] for card in cards_in(mask))
            for index in DECK_INDICES:
                fast = procedure.fast_play(state, PLAYS[seat][index])
                assert (fast is not None) == bool(mask >> index & 1), (state.compact(), index)
                if fast is not None:
                    assert fast.position() == play.play(state, seat, index).position()
            steps -= 1
            if steps < 0:
                return
        state = state.apply(
            legal[1] if state.phase is Phase.AUCTION and len(legal) > 1 else rng.choice(legal)
        )
