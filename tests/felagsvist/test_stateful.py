"""A Hypothesis state machine that plays Félagsvist games and checks the invariants after every step.

Each run starts a game with random options (every value except the refused
``session=progressive``) and a random seed. Its rules play one legal action,
play many at once (so that whole games of 624 plays are reached in few steps),
play out the deal, try illegal actions (wrong seat, card not held, revoke, any
action after the end) and expect the right rule id with the state unchanged,
and start a new game once one ends. After every single play, including each
play inside a many-plays step, the invariants below are checked.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace
from typing import Final

import pytest
from hypothesis import event
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)

from cardrules import STANDARD_DECK, TERMINAL, Action, Card, IllegalActionError, get_game
from cardrules.cards import Cards, card_at, cards_in
from cardrules.games.felagsvist import (
    FelagsvistGame,
    FelagsvistState,
    PlayCard,
    Scoring,
    Tiebreak,
    round_kind,
)
from tests.conftest import FELAGSVIST_OPTIONS, oracle_score, oracle_winner
from tests.support.machines import assert_refused

PACK: Final = Counter(card.index for card in STANDARD_DECK)
"""The pack as a multiset of card indices: every card exactly once."""
CARD_REPRS: Final = tuple(repr(card) for card in STANDARD_DECK)
CARD_PRETTY: Final = tuple(card.pretty() for card in STANDARD_DECK)

SEEDS: Final = st.integers(min_value=0, max_value=2**32 - 1)


def _card(action: Action) -> Card:
    assert isinstance(action, PlayCard)
    return action.card


def _hand(state: FelagsvistState, seat: int) -> tuple[Card, ...]:
    return tuple(cards_in(state.hands[seat]))


def _indices(mask: int) -> list[int]:
    return [card.index for card in cards_in(mask)]


def _revokes(state: FelagsvistState) -> list[Card]:
    """Cards the player to act holds but may not play because they hold the suit led."""
    if state.is_terminal or not state.trick:
        return []
    led = card_at(state.trick[0]).suit
    hand = _hand(state, state.current_player)
    if not any(card.suit == led for card in hand):
        return []
    return [card for card in hand if card.suit != led]


def _expected_legal(state: FelagsvistState) -> set[Card]:
    """The legal set as felagsvist.invariant.legal-set-nonempty defines it."""
    if state.is_terminal:
        return set()
    hand = set(_hand(state, state.current_player))
    if not state.trick:
        return hand
    led = card_at(state.trick[0]).suit
    same = {card for card in hand if card.suit == led}
    return same or hand


def check_state(state: FelagsvistState) -> None:
    """Every invariant of one state."""
    options = state.options
    # felagsvist.invariant.card-conservation: the places, counted as a multiset, make up the pack.
    counted: Counter[int] = Counter(state.trick)
    for mask in (*state.hands, state.won[0], state.won[1]):
        counted.update(_indices(mask))
    assert counted == PACK, state.compact()
    assert len(state.trick) == len(set(state.trick)) <= 3

    # felagsvist.invariant.hand-sizes
    sizes = [hand.bit_count() for hand in state.hands]
    if state.is_terminal:
        assert sizes == [0, 0, 0, 0]
        assert sum(state.tricks) == 13
    else:
        t = sum(state.tricks) + 1
        assert 1 <= t <= 13
        played = {(state.leader + i) % 4 for i in range(len(state.trick))}
        assert sizes == [14 - t - (seat in played) for seat in range(4)], state.compact()
        assert state.current_player == (state.leader + len(state.trick)) % 4
        assert len(state.plays) == 4 * (t - 1) + len(state.trick)

    # felagsvist.invariant.legal-set-nonempty and the follow-suit definition
    actions = state.legal_actions()
    assert bool(actions) == (not state.is_terminal)
    assert (state.current_player == TERMINAL) == state.is_terminal
    assert {_card(action) for action in actions} == _expected_legal(state)
    assert len(actions) == len(set(actions))
    assert all(action.seat == state.current_player for action in actions)
    assert [_card(a).index for a in actions] == sorted(_card(a).index for a in actions)  # canonical order

    # canonical text round-trips through parse_action
    for action in actions:
        assert state.parse_action(str(action)) == action

    # felagsvist.invariant.deal-score-sum, felagsvist.score.totals
    for ns, ew in state.deal_scores:
        if options.scoring is Scoring.PER_TRICK:
            assert ns + ew == 13
        else:
            assert (ns == 0) != (ew == 0) and 1 <= ns + ew <= 7
    assert state.totals == (sum(s[0] for s in state.deal_scores), sum(s[1] for s in state.deal_scores))
    assert len(state.deal_scores) == state.deal_number - (0 if state.is_terminal else 1)

    # felagsvist.round.cycle
    assert state.round_kind is round_kind(state.deal_number, options.first_round)

    # felagsvist.game.twelve-deals, felagsvist.game.tie, felagsvist.invariant.game-total
    if state.is_terminal:
        first_twelve = state.deal_scores[:12]
        tied_after_twelve = sum(s[0] for s in first_twelve) == sum(s[1] for s in first_twelve)
        thirteen = options.tiebreak is Tiebreak.PLAY_ON and tied_after_twelve
        assert len(state.deal_scores) == (13 if thirteen else 12)
        if options.scoring is Scoring.PER_TRICK:
            assert sum(state.totals) == (169 if thirteen else 156)
        if thirteen:
            assert state.totals[0] != state.totals[1]
        ns, ew = state.totals
        assert state.winner() == (None if ns == ew else (0 if ns > ew else 1))
    else:
        assert state.deal_number <= 12 or options.tiebreak is Tiebreak.PLAY_ON

    # felagsvist.info.hidden-hands and felagsvist.info.public-play
    public_cards = {card_at(c) for _, c in state.plays}
    public = None
    for seat in range(4):
        observation = state.observation(seat)
        own = _hand(state, seat)
        assert observation.seat == seat
        assert observation.hand == own
        shown = {*observation.hand, *(c for _, c in observation.plays), *(c for _, c in observation.trick)}
        assert shown <= set(own) | public_cards
        text, readable = repr(observation), str(observation)
        for other in range(4):
            if other != seat:
                for index in _indices(state.hands[other]):
                    assert CARD_REPRS[index] not in text, (seat, card_at(index))
                    assert CARD_PRETTY[index] not in text, (seat, card_at(index))  # a Cards repr
                    assert CARD_PRETTY[index] not in readable, (seat, card_at(index))
        shared = replace(observation, seat=0, hand=Cards())
        if public is None:
            public = shared
        assert shared == public


def check_transition(before: FelagsvistState, action: Action, after: FelagsvistState) -> None:
    """What one legal play must do, checked against the oracle of the specification."""
    assert before.check(action).legal
    card = _card(action)
    seat = before.current_player
    assert action.seat == seat
    options = before.options
    if len(before.trick) < 3:
        assert after.trick == (*before.trick, card.index)
        assert after.hands[seat] == before.hands[seat] & ~card.bit
        assert after.current_player == (seat + 1) % 4
        return
    cards = [card_at(c) for c in before.trick] + [card]
    winner = oracle_winner(cards, before.leader, before.round_kind, options.nolo_ace)
    side = winner % 2
    tricks = list(before.tricks)
    tricks[side] += 1
    taken = sum(c.bit for c in cards)
    if sum(tricks) < 13:
        assert after.deal_number == before.deal_number
        assert after.leader == after.current_player == winner  # felagsvist.trick.winner-leads
        assert after.tricks == tuple(tricks)
        assert after.won[side] == before.won[side] | taken
        assert after.won[1 - side] == before.won[1 - side]
        assert after.trick == ()
        return
    score = oracle_score(before.round_kind, (tricks[0], tricks[1]), options.scoring)
    assert after.deal_scores == (*before.deal_scores, score)
    if after.is_terminal:
        assert after.deal_number == before.deal_number
        assert after.tricks == tuple(tricks)
        assert after.won[side] == before.won[side] | taken
    else:
        assert after.deal_number == before.deal_number + 1
        assert after.dealer == (before.dealer + 1) % 4  # felagsvist.deal.rotation
        assert after.current_player == after.leader == (after.dealer + 1) % 4  # felagsvist.play.first-lead
        assert after.plays == () and after.tricks == (0, 0) and after.won == (0, 0)


class FelagsvistMachine(RuleBasedStateMachine):
    """Plays Félagsvist with random options, legal and illegal actions, game after game."""

    def __init__(self) -> None:
        super().__init__()
        self.game: FelagsvistGame = FelagsvistGame()
        self.state: FelagsvistState = self.game.new_game(seed=0)
        self.games_started = 0

    # -- starting games ------------------------------------------------------------------

    def _new_game(self, options: dict[str, str], seed: int) -> None:
        game = get_game("felagsvist", **options)
        assert isinstance(game, FelagsvistGame)
        assert game.options_dict() == options
        self.game = game
        self.state = game.new_game(seed=seed)
        assert self.state == game.new_game(seed=seed)  # deterministic from the seed
        self.games_started += 1
        check_state(self.state)

    @initialize(options=FELAGSVIST_OPTIONS, seed=SEEDS)
    def start(self, options: dict[str, str], seed: int) -> None:
        self._new_game(options, seed)

    @precondition(lambda self: self.state.is_terminal)
    @rule(options=FELAGSVIST_OPTIONS, seed=SEEDS)
    def redeal(self, options: dict[str, str], seed: int) -> None:
        self._new_game(options, seed)

    # -- legal play -------------------------------------------------------------------------

    def _advance(self, action: Action) -> None:
        before = self.state
        after = before.apply(action)
        check_transition(before, action, after)
        check_state(after)
        self.state = after
        if after.is_terminal:
            event("a game was played to the end")
            if len(after.deal_scores) == 13:
                event("a tie was played on to deal 13")

    @precondition(lambda self: not self.state.is_terminal)
    @rule(data=st.data())
    def play_one_legal_action(self, data: st.DataObject) -> None:
        self._advance(data.draw(st.sampled_from(self.state.legal_actions())))

    @precondition(lambda self: not self.state.is_terminal)
    @rule(count=st.integers(min_value=1, max_value=700), policy_seed=SEEDS)
    def play_many_legal_actions(self, count: int, policy_seed: int) -> None:
        rng = random.Random(policy_seed)
        for _ in range(count):
            if self.state.is_terminal:
                break
            actions = self.state.legal_actions()
            self._advance(actions[rng.randrange(len(actions))])

    @precondition(lambda self: not self.state.is_terminal)
    @rule(policy_seed=SEEDS)
    def play_out_the_deal(self, policy_seed: int) -> None:
        rng = random.Random(policy_seed)
        number = self.state.deal_number
        while not self.state.is_terminal and self.state.deal_number == number:
            actions = self.state.legal_actions()
            self._advance(actions[rng.randrange(len(actions))])

    # -- illegal actions ------------------------------------------------------------------------

    def _expect_refused(self, action: Action, rule_ids: tuple[str, ...]) -> None:
        state = self.state
        fingerprint = hash(state)
        with pytest.raises(IllegalActionError) as info:
            state.apply(action)
        assert all(rule_id in str(info.value) for rule_id in rule_ids)
        assert_refused(state, action, rule_ids)
        assert hash(state) == fingerprint
        assert self.state is state

    @precondition(lambda self: not self.state.is_terminal)
    @rule(data=st.data())
    def play_out_of_turn(self, data: st.DataObject) -> None:
        to_act = self.state.current_player
        seat = data.draw(st.sampled_from([s for s in range(4) if s != to_act]))
        card = data.draw(st.sampled_from(STANDARD_DECK))
        expected: tuple[str, ...] = ("common.turn.player-to-act",)
        if not self.state.hands[seat] >> card.index & 1:
            expected = (*expected, "common.cards.held")
        self._expect_refused(PlayCard(seat, card), expected)

    @precondition(lambda self: not self.state.is_terminal)
    @rule(data=st.data())
    def play_a_card_not_held(self, data: st.DataObject) -> None:
        seat = self.state.current_player
        missing = [card for card in STANDARD_DECK if not self.state.hands[seat] >> card.index & 1]
        card = data.draw(st.sampled_from(missing))
        self._expect_refused(PlayCard(seat, card), ("common.cards.held",))

    @precondition(lambda self: bool(_revokes(self.state)))
    @rule(data=st.data())
    def revoke(self, data: st.DataObject) -> None:
        card = data.draw(st.sampled_from(_revokes(self.state)))
        self._expect_refused(PlayCard(self.state.current_player, card), ("felagsvist.play.must-follow",))

    @precondition(lambda self: self.state.is_terminal)
    @rule(seat=st.integers(min_value=0, max_value=3), card=st.sampled_from(STANDARD_DECK))
    def act_after_the_end(self, seat: int, card: Card) -> None:
        self._expect_refused(PlayCard(seat, card), ("common.game.over",))

    # -- invariants -------------------------------------------------------------------------------

    @invariant()
    def the_state_is_consistent(self) -> None:
        check_state(self.state)


@pytest.mark.rule("felagsvist.invariant.card-conservation")
@pytest.mark.rule("felagsvist.invariant.hand-sizes")
@pytest.mark.rule("felagsvist.invariant.legal-set-nonempty")
@pytest.mark.rule("felagsvist.invariant.thirteen-tricks")
@pytest.mark.rule("felagsvist.invariant.deal-score-sum")
@pytest.mark.rule("felagsvist.invariant.game-total")
@pytest.mark.rule("felagsvist.info.hidden-hands")
@pytest.mark.rule("felagsvist.info.public-play")
@pytest.mark.rule("felagsvist.trick.winner")
@pytest.mark.rule("felagsvist.trick.winner-leads")
@pytest.mark.rule("felagsvist.play.must-follow")
@pytest.mark.rule("common.turn.player-to-act")
@pytest.mark.rule("common.cards.held")
@pytest.mark.rule("common.game.over")
def test_felagsvist_state_machine() -> None:
    run_state_machine_as_test(FelagsvistMachine)
