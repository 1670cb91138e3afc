"""Calabresella tests written to fail on changed lines the other tests let through.

Each test states a rule in the words of the specification, computed from the
cards themselves (a card's suit read from :class:`~cardrules.cards.Card`, not
from index arithmetic), so that a slip in the engine's arithmetic or a dropped
condition (found by ``python -m tests.support.mutation``) makes it fail.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Final

import pytest

from cardrules import IllegalActionError, InvalidPositionError, get_game
from cardrules.cards import card_at, cards_in
from cardrules.errors import InvalidOptionError
from cardrules.games.calabresella import CalabresellaState, Phase, PlayCard, auction_status
from cardrules.games.calabresella.deal import DealPlan
from cardrules.games.calabresella.options import CalabresellaOptions, ReverseCappotto, StramazzoBasis
from cardrules.games.calabresella.scoring import (
    Contract,
    Raise,
    Settlement,
    is_stramazzo,
    multiplier,
    settle,
    stake,
)
from tests.calabresella.test_position import DISPUTE, choose
from tests.calabresella.test_position import read_text as read_position_text
from tests.calabresella.test_rules import base, play

FOLLOW = "calabresella.play.follow"


def _states(seed: int, **options: object) -> Iterator[CalabresellaState]:
    """Every state of one hand played with random legal actions (a seeded policy)."""
    state = get_game("calabresella", **options).new_game(seed=seed)
    assert isinstance(state, CalabresellaState)
    rng = random.Random(seed)
    while not state.is_terminal and state.context.hand_number == 1:
        yield state
        state = state.apply(rng.choice(state.legal_actions()))


@pytest.mark.rule("calabresella.play.follow")
def test_a_follower_holding_the_suit_led_must_play_it_through_apply_and_check() -> None:
    """The legal set is the hand's cards of the suit led when it holds some, else the hand.

    Every other card is refused by ``check`` and by ``apply`` (its fast path
    included) with calabresella.play.follow, and the state is left unchanged.
    """
    followed = 0
    for state in (state for seed in range(8) for state in _states(seed)):
        if state.phase is not Phase.PLAY or not state.trick:
            continue
        seat = state.current_player
        hand = list(cards_in(state.hands[seat]))
        led = card_at(state.trick[0]).suit
        of_led = [card for card in hand if card.suit is led]
        expected = set(of_led or hand)
        legal = {action.card for action in state.legal_actions() if isinstance(action, PlayCard)}
        assert legal == expected, state.compact()
        for card in hand:
            action = PlayCard(seat, card)
            if card in expected:
                assert state.check(action).legal
                continue
            followed += 1
            verdict = state.check(action)
            assert not verdict.legal and FOLLOW in verdict.rule_ids
            with pytest.raises(IllegalActionError) as refused:
                state.apply(action)
            assert FOLLOW in refused.value.verdict.rule_ids
            with pytest.raises(IllegalActionError):
                state.apply(str(action))
    assert followed, "no follower was ever refused: the test checked nothing"


@pytest.mark.rule("calabresella.scoring.stramazzo")
@pytest.mark.parametrize("basis", list(StramazzoBasis))
def test_stramazzo_needs_a_trick_lost_for_all_the_points_and_one_won_for_none(basis: StramazzoBasis) -> None:
    assert is_stramazzo(11, 35, basis)
    assert not is_stramazzo(12, 35, basis)  # all tricks and all points: cappotto, not stramazzo
    assert is_stramazzo(1, 0, basis)
    assert not is_stramazzo(0, 0, basis)
    assert not is_stramazzo(6, 18, basis)
    assert multiplier(12, 35, ReverseCappotto.OFF, basis) == 2
    assert multiplier(11, 35, ReverseCappotto.OFF, basis) == 3
    assert multiplier(0, 0, ReverseCappotto.OFF, basis) == 1
    assert multiplier(0, 0, ReverseCappotto.ON, basis) == 2


def _to_return(timing: str) -> CalabresellaState:
    """A Chiamo hand at its return step, under ``return_timing = timing``."""
    for seed in range(200):
        for state in _states(seed, return_timing=timing):
            if state.phase is Phase.RETURN:
                return state
    raise AssertionError("no seed reaches a return step")


@pytest.mark.rule("calabresella.info.monte")
def test_under_before_monte_the_monte_is_hidden_until_the_called_card_is_repaid() -> None:
    state = _to_return("before-monte")
    for seat in range(3):
        assert state.observation(seat).exposed_monte is None
    after = state.apply(state.legal_actions()[0])
    assert after.phase is not Phase.RETURN
    monte = {card_at(c) for c in state.dealt_monte}
    for seat in range(3):
        shown = after.observation(seat).exposed_monte
        assert shown is not None and set(shown) == monte


@pytest.mark.rule("calabresella.info.monte")
def test_under_after_monte_the_monte_is_shown_at_the_return_step() -> None:
    state = _to_return("after-monte")
    monte = {card_at(c) for c in state.dealt_monte}
    for seat in range(3):
        shown = state.observation(seat).exposed_monte
        assert shown is not None and set(shown) == monte


def _settle(
    bidder: int,
    contract: Contract,
    raised: Raise,
    tricks: int,
    thirds: int,
    reverse: ReverseCappotto = ReverseCappotto.ON,
) -> Settlement:
    return settle(
        bidder=bidder,
        contract=contract,
        raised=raised,
        tricks_bidder=tricks,
        thirds_bidder=thirds,
        stakes=(1, 2, 3),
        reverse=reverse,
    )


@pytest.mark.rule("calabresella.scoring.payment")
def test_a_settlement_refuses_counts_out_of_range_and_takes_the_bounds() -> None:
    stakes = (1, 2, 3)
    for tricks, thirds in ((-1, 10), (13, 35), (6, -1), (6, 36)):
        with pytest.raises(ValueError, match=r"tricks 0\.\.12 and thirds 0\.\.35"):
            _settle(0, Contract.SOLO, Raise.NONE, tricks, thirds)
    low = _settle(0, Contract.SOLO, Raise.NONE, 0, 0, ReverseCappotto.OFF)
    assert (low.success, low.multiplier, low.payments) == (False, 1, (-4, 2, 2))
    high = _settle(1, Contract.CHIAMO, Raise.NONE, 12, 35)
    assert (high.success, high.cappotto, high.multiplier, high.payments) == (True, True, 2, (-2, 4, -2))
    edge = _settle(2, Contract.SOLISSIMO, Raise.DIVIDETE, 6, 18)
    assert (edge.success, edge.value, edge.points_bidder, edge.points_opponents) == (True, 6, 6, 5)
    assert stake(Contract.SOLISSIMO, Raise.SCEGLIETE, stakes) == 12
    with pytest.raises(ValueError, match="only Solissimo"):
        stake(Contract.SOLO, Raise.DIVIDETE, stakes)


@pytest.mark.rule("calabresella.info.public-events")
def test_the_observation_text_names_the_contract_once_there_is_one() -> None:
    seen = set()
    for state in (state for seed in range(4) for state in _states(seed)):
        obs = state.observation(0)
        text = str(obs)
        if obs.contract is None:
            assert "no contract yet" in text
            seen.add("none")
        else:
            assert obs.bidder is not None
            assert f"{obs.contract.label} by p{obs.bidder}" in text and "no contract yet" not in text
            seen.add("contract")
    assert seen == {"none", "contract"}


# -- the auction's end and what follows it ------------------------------------------------


@pytest.mark.rule("calabresella.exchange.call")
@pytest.mark.rule("calabresella.info.public-events")
@pytest.mark.parametrize("opening", [("p0 bid solo", "p1 pass", "p2 pass"), ("p0 bid solissimo",)])
def test_in_solo_and_solissimo_nobody_calls_hands_over_or_is_repaid_a_card(opening: tuple[str, ...]) -> None:
    """Only Chiamo calls a card, so every seat sees no called card, no giver and no return, to the end."""
    state = play(base(), *opening)
    assert state.setup.contract in (Contract.SOLO, Contract.SOLISSIMO)
    steps = 0
    while True:
        setup = state.setup
        assert (setup.called, setup.giver, setup.returned) == (-1, -1, -1), state.compact()
        for seat in range(3):
            seen = state.observation(seat)
            assert (seen.called, seen.giver, seen.returned, seen.called_in_monte) == (None, None, None, False)
        assert " ; called - ; returned - ; " in state.position()
        if state.is_terminal:
            break
        state = state.apply(state.legal_actions()[0])
        steps += 1
    assert steps >= 36  # the twelve tricks were played


@pytest.mark.rule("calabresella.bidding.end")
@pytest.mark.rule("calabresella.bidding.order")
def test_after_a_bid_and_two_passes_nobody_is_left_to_call() -> None:
    """The auction ends when both others have passed; auction_status then names no caller (-1)."""
    nxt = (1, 2, 0)  # counterclockwise: p0, p1, p2, p0, ...
    for eldest in range(3):
        second, third = nxt[eldest], nxt[nxt[eldest]]
        for level in (1, 2):
            # the eldest bids and both others pass; or the eldest passes, the second bids, the third passes
            for calls in (
                ((eldest, level), (second, 0), (third, 0)),
                ((eldest, 0), (second, level), (third, 0)),
            ):
                bidder = next(seat for seat, bid in calls if bid)
                assert auction_status(calls, eldest, nxt, False) == (True, -1, bidder, level), calls
        # while one other may still call, the next unpassed seat is named; two passes and no bid yet
        # leave the third player to call
        assert auction_status(((eldest, 1), (second, 0)), eldest, nxt, False) == (False, third, eldest, 1)
        assert auction_status(((eldest, 0), (second, 0)), eldest, nxt, False) == (False, third, -1, 0)
    assert auction_status(((0, 0), (1, 0), (2, 0)), 0, nxt, False) == (True, -1, -1, 0)
    state = play(base(), "p0 bid chiamo", "p1 pass", "p2 pass")
    assert (state.phase, state.current_player, state.bidder) == (Phase.CALL, 0, 0)


@pytest.mark.rule("calabresella.bidding.end")
@pytest.mark.parametrize("single_round", [False, True])
@pytest.mark.parametrize("nxt", [(1, 2, 0), (2, 0, 1)], ids=["counterclockwise", "clockwise"])
def test_after_a_solissimo_the_auction_is_over_and_nobody_is_left_to_call(
    nxt: tuple[int, int, int], single_round: bool
) -> None:
    """Nothing may follow Solissimo: whoever bids it and whatever came before, no seat calls next (-1)."""
    for eldest in range(3):
        second, third = nxt[eldest], nxt[nxt[eldest]]
        for before in (
            (),
            ((eldest, 0),),
            ((eldest, 2),),
            ((eldest, 0), (second, 0)),
            ((eldest, 1), (second, 0)),
            ((eldest, 1), (second, 2)),
        ):
            seat = (eldest, second, third)[len(before)]
            calls = (*before, (seat, 3))
            assert auction_status(calls, eldest, nxt, single_round) == (True, -1, seat, 3), calls


@pytest.mark.rule("calabresella.bidding.order")
@pytest.mark.rule("calabresella.bidding.end")
def test_a_written_auction_with_a_call_out_of_turn_is_refused_for_that_call() -> None:
    """p0 bids and p2 passes before p1 has called: the refusal names the turn, not a missing contract.

    The written calls are read as an auction that ended with p0's bid (p0 is
    the only seat left to call), so the position is judged on its replay,
    which finds p2's pass out of turn; reading them as an auction still under
    way would instead complain that the exchange and play have no contract.
    """
    state = play(base(), "p0 bid chiamo", "p1 pass", "p2 pass")
    while state.phase is not Phase.PLAY:
        state = state.apply(state.legal_actions()[0])
    state = state.apply(state.legal_actions()[0])
    text = state.position()
    assert " ; calls p0 chiamo p1 pass p2 pass ; " in text and " ; trick p0 " in text
    nxt = state.context.plan.nxt
    assert auction_status(((0, 1), (2, 0)), 0, nxt, False) == (True, -1, 0, 1)
    with pytest.raises(InvalidPositionError) as refused:
        get_game("calabresella").from_position(
            text.replace("calls p0 chiamo p1 pass p2 pass", "calls p0 chiamo p2 pass")
        )
    (problem,) = refused.value.problems
    assert (problem.section, problem.rule) == ("calls", "common.turn.player-to-act")
    assert "p2 pass is illegal: it is p1's turn to call" in problem.message


PLURAL: Final = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
"""Each suit's plural name, by the letter of the card's text."""


@pytest.mark.rule("calabresella.play.lead")
@pytest.mark.rule("calabresella.play.follow")
@pytest.mark.parametrize("follow_suit", ["required", "free"])
def test_every_legal_play_is_explained_by_the_suit_of_the_trick_s_first_card(follow_suit: str) -> None:
    """A lead is a lead; a later card follows, or may be played on, the suit of the *first* card.

    The suit led is the first card's, whatever the second player played: the
    third player following it is said to follow it, and one void in it may play
    anything, both named by that suit (and under ``follow_suit=free`` any card
    is allowed on a lead of that suit).
    """
    seen = {"lead": 0, "third follows after a discard": 0, "void": 0}
    for state in (state for seed in range(6) for state in _states(seed, follow_suit=follow_suit)):
        if state.phase is not Phase.PLAY:
            continue
        seat = state.current_player
        hand = list(cards_in(state.hands[seat]))
        for action in state.legal_actions():
            assert isinstance(action, PlayCard)
            card = action.card
            reason = state.check(action).reason
            if not state.trick:
                assert reason == f"p{seat} leads {card.pretty()}"
                seen["lead"] += 1
                continue
            first, last = card_at(state.trick[0]), card_at(state.trick[-1])
            led = PLURAL[str(first)[-1]]
            if card.suit is first.suit:
                assert reason == f"p{seat} follows {led} with {card.pretty()}"
                if last.suit is not first.suit:
                    seen["third follows after a discard"] += 1
            elif follow_suit == "free":
                assert reason == f"under follow_suit=free p{seat} may play {card.pretty()} on a {led} lead"
            else:
                assert all(held.suit is not first.suit for held in hand)
                assert reason == f"p{seat} has no {led} and may play any card, {card.pretty()} included"
                seen["void"] += 1
    assert seen["lead"] and seen["third follows after a discard"], seen
    assert seen["void"] or follow_suit == "free", seen


@pytest.mark.rule("calabresella.procedure.phases")
def test_an_exchange_action_in_the_play_phase_is_refused_naming_what_it_would_do() -> None:
    """In the play of a Chiamo hand whose called card was handed over (not found in the monte), a call,
    a return or a lay-away by the player to act is refused by the rule of phases, in its own words."""
    state = read_position_text(DISPUTE)
    assert state.phase is Phase.PLAY and state.current_player == 2
    for text, verb in (
        ("p2 return 4S", "return a card"),
        ("p2 call 4S", "call a card"),
        ("p2 discard 4C 5C 2D 4D", "lay cards away"),
    ):
        verdict = state.check(text)
        assert not verdict.legal, text
        assert verdict.rule_ids == ("calabresella.procedure.phases",), text
        assert verdict.reason == f"p2 cannot {verb} here: now p2 is to play a card", text


RETURN_FIRST: Final = (
    "calabresella ; options return_timing=before-monte ; deal 1 dealer p2 ; seed 0 ; phase return p0 ; "
    "hands 2C 4C 5C KC 4D 5D 7D KD 5H 7H KH QS AS / 3C 2D 3D QD 2H 4H 6H JH QH AH 3S / "
    "6C JC QC AC 6D JD 3H 2S 4S 5S 7S JS ; monte 6S AD KS 7C ; dealt-monte 6S AD KS 7C ; "
    "calls p0 chiamo p1 pass p2 pass ; contract p0 chiamo ; called 2C p1"
)
"""p0 bid Chiamo and was handed 2♣ by p1; under return_timing=before-monte p0 returns a card before taking
the monte (seed 0)."""


@pytest.mark.rule("calabresella.exchange.return")
@pytest.mark.rule("common.cards.held")
def test_returning_a_card_not_held_explains_the_monte_only_for_a_monte_card_before_it_is_taken() -> None:
    state = read_position_text(RETURN_FIRST)
    assert state.phase is Phase.RETURN and state.current_player == 0
    assert state.check("p0 return 4C").reason == "p0 returns 4♣ to p1, who handed over the called card"
    for text, reason in (
        (
            "p0 return AD",
            "p0 does not hold A♦ (under return_timing=before-monte the monte is taken after the return)",
        ),
        ("p0 return 3C", "p0 does not hold 3♣"),
    ):
        verdict = state.check(text)
        assert (verdict.legal, verdict.rule_ids, verdict.reason) == (False, ("common.cards.held",), reason)
    # another seat never takes the monte, and under after-monte the bidder already has: no note
    verdict = state.check("p1 return AD")
    assert verdict.rule_ids == ("common.turn.player-to-act", "common.cards.held")
    assert verdict.reason.endswith("p1 does not hold A♦"), verdict.reason
    after = read_position_text(
        RETURN_FIRST.replace("before-monte", "after-monte")
        .replace("5H 7H KH QS AS", "5H 7H KH 6S QS KS AS")
        .replace("2C 4C 5C KC 4D 5D 7D KD", "2C 4C 5C 7C KC 4D 5D 7D KD AD")
        .replace("; monte 6S AD KS 7C ; dealt", "; monte - ; dealt")
    )
    assert after.phase is Phase.RETURN and after.current_player == 0
    for seat in (1, 2):
        verdict = after.check(f"p{seat} return AD")
        assert verdict.reason.endswith(f"p{seat} does not hold A♦"), verdict.reason
    # in the play phase the monte card is simply not held: the note belongs to the return phase
    play_state = read_position_text(DISPUTE)
    verdict = play_state.check("p0 return 2D")
    assert "p0 does not hold 2♦" in verdict.reason and "monte" not in verdict.reason


@pytest.mark.rule("calabresella.info.public-events")
def test_no_seat_sees_a_giver_before_a_called_card_is_handed_over() -> None:
    """The giver of the called card is public once a card is called, and nobody's before."""
    seen = 0
    for seed in range(12):
        state = get_game("calabresella").new_game(seed=seed)
        assert isinstance(state, CalabresellaState)
        rng = random.Random(seed)
        while True:
            for seat in range(3):
                _check_giver(state, seat)
                seen += state.observation(seat).giver is not None
            if state.is_terminal:
                break
            state = state.apply(choose(rng, state))  # a pass half the time: every contract comes up
    assert seen, "no card was ever handed over: the test checked half of its claim"


def _check_giver(state: CalabresellaState, seat: int) -> None:
    """No giver before a card is called; once one is, the giver no longer holds the called card."""
    observation = state.observation(seat)
    if observation.called is None:
        assert observation.giver is None, state.compact()
    elif observation.giver is not None:
        assert not state.hands[observation.giver] >> observation.called.index & 1


@pytest.mark.rule("calabresella.exchange.solissimo-raise")
def test_the_observation_text_shows_a_raise_only_when_one_was_chosen() -> None:
    state = get_game("calabresella").new_game(seed=3)
    assert isinstance(state, CalabresellaState)
    state = state.apply("p0 bid solissimo")
    while state.phase is Phase.AUCTION:
        state = state.apply(f"p{state.current_player} pass")
    for choice, shown in (("none", "Solissimo by p0"), ("dividete", "Solissimo by p0 (dividete)")):
        after = state.apply(f"p0 raise {choice}")
        for seat in range(3):
            assert str(after.observation(seat)).splitlines()[2] == f"calls: p0 solissimo; {shown}"


@pytest.mark.parametrize("stakes", ["1,2,2", "1,1,2", "2,2,2", "3,2,1", "0,1,2"])
def test_stakes_must_rise_strictly_from_a_positive_first(stakes: str) -> None:
    with pytest.raises(InvalidOptionError) as refused:
        get_game("calabresella", stakes=stakes)
    assert f"not '{stakes}'" in str(refused.value)
    assert "strictly increasing triple of positive integers" in str(refused.value)


def test_a_deal_plan_shows_and_compares_only_what_it_is_built_from() -> None:
    """``next(s)`` is derived from the direction option: not part of the plan's repr."""
    plan = DealPlan(CalabresellaOptions(), 7)
    assert repr(plan).endswith(", seed=7, decks=(), first_hand=1)") and "nxt" not in repr(plan)
    assert plan.nxt == (1, 2, 0) and DealPlan(CalabresellaOptions(), 7) == plan


@pytest.mark.rule("calabresella.procedure.session")
@pytest.mark.rule("calabresella.bidding.all-pass")
def test_the_outcome_names_the_rule_that_ended_the_hand_and_the_state_keeps_its_deck() -> None:
    """A settled hand ends under calabresella.procedure.session, an abandoned one under
    calabresella.bidding.all-pass; and the state holds the deck order the hand was dealt from."""
    game = get_game("calabresella")
    deck = list(game.pack())
    random.Random(5).shuffle(deck)
    start = game.from_deal(deck, dealer=2)
    assert isinstance(start, CalabresellaState)
    assert start.deck == tuple(card.index for card in deck)
    abandoned = start
    while not abandoned.is_terminal:
        abandoned = abandoned.apply(f"p{abandoned.current_player} pass")
    outcome = abandoned.outcome()
    assert outcome is not None and outcome.rule == "calabresella.bidding.all-pass"
    settled = play(start, "p0 bid solo", "p1 pass", "p2 pass")
    while not settled.is_terminal:
        settled = settled.apply(settled.legal_actions()[0])
    outcome = settled.outcome()
    assert outcome is not None and outcome.rule == "calabresella.procedure.session"
    assert settled.deck == start.deck
