"""A Hypothesis state machine that plays Calabresella sessions and checks the invariants after every step.

Each run starts a session with random options (every value of every option,
and a few stake triples) and a random seed. Its rules play one legal action,
play many at once (so that whole hands are reached in few steps), play the hand
out, try illegal actions (wrong seat, a card not held, a revoke, a wrong number
of cards laid away, a held card called, a bid not above the highest, any action
after the end) and expect the right rule id with the state unchanged, and deal
the next hand of the session once one ends. After every single action,
including each inside a many-actions step, the invariants below are checked:

- the 40 cards are conserved: hands, monte, trick and both won piles are
  disjoint and together hold exactly the deck, in every hand of the session;
- the legal set is non-empty unless the hand is over, and every legal action checks legal;
- at settlement: the sides' points sum to 11 and their thirds to 35 (counted
  here from the won piles with the specification's values), the payments sum
  to zero, and the bidder succeeds exactly at 18 thirds or more;
- the session balances always sum to zero and an abandoned hand changes none.
"""

from __future__ import annotations

import math
import random
from dataclasses import replace
from typing import Final

from hypothesis import event
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
)

from cardrules import Action, get_game
from cardrules.cards import Card, card_at, cards_in
from cardrules.games.calabresella import (
    DECK,
    Bid,
    CalabresellaGame,
    CalabresellaState,
    CallCard,
    Contract,
    Discard,
    Pass,
    Phase,
    PlayCard,
    Raise,
    ReturnCard,
)
from tests.calabresella.test_rules import OPTION_VALUES
from tests.support.machines import assert_refused

DECK_MASK: Final = sum(card.bit for card in DECK)
RANK_VALUE: Final = {"A": 3, "3": 1, "2": 1, "K": 1, "Q": 1, "J": 1}
"""calabresella.scoring.card-thirds, read from the specification's words."""
ORDER: Final = "4567JQKA23"
"""calabresella.deck.rank-order, lowest first, read from the specification's words."""

OPTIONS: Final = st.fixed_dictionaries(
    {
        **{name: st.sampled_from(values) for name, values in OPTION_VALUES.items()},
        "stakes": st.sampled_from(("1,2,3", "1,2,4", "2,5,7", "1,10,100")),
    }
)
SEEDS: Final = st.integers(min_value=0, max_value=2**32 - 1)


def thirds_of(mask: int) -> int:
    return sum(RANK_VALUE.get(card.rank.letter, 0) for card in cards_in(mask))


def expected_legal(state: CalabresellaState) -> set[str] | int:
    """The legal set read from the specification's words: action texts, or for a lay-away how many sets."""
    if state.phase is Phase.OVER:
        return set()
    seat = state.current_player
    me = f"p{seat}"
    hand = list(cards_in(state.hands[seat]))
    phase = state.phase
    if phase is Phase.AUCTION:
        highest = max((level for _, level in state.calls), default=0)
        names = ("chiamo", "solo", "solissimo")
        return {f"{me} pass"} | {f"{me} bid {names[k]}" for k in range(highest, 3)}
    if phase is Phase.CALL:
        return {f"{me} call {card}" for card in DECK if card not in hand}
    if phase is Phase.RETURN:
        called = card_at(state.setup.called)
        return {f"{me} return {card}" for card in hand if card != called}
    if phase is Phase.RAISE:
        return {f"{me} raise {choice}" for choice in ("none", "dividete", "scegliete")}
    if phase in (Phase.DISCARD, Phase.LAY):
        size = 2 if phase is Phase.LAY and state.setup.raised is Raise.DIVIDETE else 4
        return math.comb(len(hand), size)
    if state.trick and state.options.follow_suit.value == "required":
        led = card_at(state.trick[0]).suit
        same = [card for card in hand if card.suit == led]
        hand = same or hand
    return {f"{me} play {card}" for card in hand}


def check_invariants(state: CalabresellaState, balances_before: tuple[int, int, int]) -> None:
    """Every invariant the module lists, for one state."""
    zones = state.zones()
    union = 0
    total = 0
    for mask in zones.values():
        assert union & mask == 0, f"a card lies in two zones: {state!r}"
        union |= mask
        total += mask.bit_count()
    assert union == DECK_MASK and total == 40, f"cards not conserved: {state!r}"
    actions = state.legal_actions()
    assert bool(actions) != state.is_terminal
    expected = expected_legal(state)
    if isinstance(expected, int):
        assert len(actions) == len(set(actions)) == expected
        assert all(isinstance(a, Discard) and a.seat == state.current_player for a in actions)
    else:
        assert {str(action) for action in actions} == expected
    assert sum(state.balances) == 0
    if state.phase is Phase.PLAY and not state.trick:
        done = len(state.trick_winners)
        assert all(hand.bit_count() == 12 - done for hand in state.hands)
        assert len(state.monte) == 4
        assert (state.won_bidder | state.won_opponents).bit_count() == 3 * done
    if not state.is_terminal:
        return
    settlement = state.settlement
    if settlement is None:
        assert state.abandoned and state.balances == balances_before and state.scores() == (0, 0, 0)
        assert len(state.calls) == 3
        return
    last_to_bidder = state.trick_winners[-1] == settlement.bidder
    thirds_b = thirds_of(state.won_bidder) + (3 if last_to_bidder else 0)
    thirds_o = thirds_of(state.won_opponents) + (0 if last_to_bidder else 3)
    assert (settlement.thirds_bidder, settlement.thirds_opponents) == (thirds_b, thirds_o)
    assert thirds_b + thirds_o == 35
    assert settlement.points_bidder + settlement.points_opponents == 11
    assert settlement.success == (thirds_b >= 18)
    assert (settlement.points_bidder >= 6) != (settlement.points_opponents >= 6)
    assert sum(state.scores()) == 0
    assert not (settlement.cappotto and settlement.stramazzo)
    if settlement.tricks_bidder == 12:
        assert settlement.points_bidder == 11 and settlement.success and settlement.multiplier == 2
    assert state.hands == (0, 0, 0) and state.monte == ()
    assert state.balances == tuple(b + p for b, p in zip(balances_before, state.scores(), strict=True))


class CalabresellaMachine(RuleBasedStateMachine):
    """Plays sessions of Calabresella hands, checking the invariants after every action."""

    def __init__(self) -> None:
        super().__init__()
        self.game: CalabresellaGame = CalabresellaGame()
        self.state: CalabresellaState = self.game.new_game(seed=0)
        self.before: tuple[int, int, int] = (0, 0, 0)
        self.hands_played = 0

    @initialize(options=OPTIONS, seed=SEEDS)
    def start(self, options: dict[str, str], seed: int) -> None:
        game = get_game("calabresella", **options)
        assert isinstance(game, CalabresellaGame)
        self.game = game
        self.state = game.new_game(seed=seed)
        self.before = (0, 0, 0)
        check_invariants(self.state, self.before)

    # -- legal play ------------------------------------------------------------

    def _apply(self, action: Action) -> None:
        before = self.state
        assert before.check(action).legal
        self.state = before.apply(action)
        check_invariants(self.state, self.before)
        if isinstance(action, PlayCard) and before.trick:
            led = card_at(before.trick[0]).suit
            if action.card.suit != led and before.options.follow_suit.value == "required":
                # Invariant 12: an off-suit card only from a player void in the suit led.
                assert not any(card.suit == led for card in cards_in(before.hands[action.seat]))
            if len(before.trick) == 2:
                cards = [card_at(c) for c in before.trick] + [action.card]
                assert before.leader is not None
                seats = [before.leader, before.next_seat(before.leader)]
                seats.append(before.next_seat(seats[1]))
                best = max(
                    (i for i in range(3) if cards[i].suit == cards[0].suit),
                    key=lambda i: ORDER.index(cards[i].rank.letter),
                )
                assert self.state.trick_winners[-1] == seats[best]

    @precondition(lambda self: not self.state.is_terminal)
    @rule(data=st.data())
    def one_action(self, data: st.DataObject) -> None:
        actions = self.state.legal_actions()
        if self.state.phase is Phase.AUCTION and len(actions) > 1:
            actions = actions[1:] if data.draw(st.booleans(), label="bid") else actions
        self._apply(data.draw(st.sampled_from(actions), label="action"))

    @precondition(lambda self: not self.state.is_terminal)
    @rule(count=st.integers(min_value=1, max_value=40), seed=SEEDS)
    def many_actions(self, count: int, seed: int) -> None:
        rng = random.Random(seed)
        for _ in range(count):
            if self.state.is_terminal:
                return
            actions = self.state.legal_actions()
            if self.state.phase is Phase.AUCTION and len(actions) > 1:
                # pass, the lowest bid or another bid, so that every contract comes up
                roll = rng.random()
                actions = actions[:1] if roll < 0.3 else actions[1:2] if roll < 0.8 else actions[1:]
            self._apply(rng.choice(actions))

    @precondition(lambda self: self.state.is_terminal)
    @rule()
    def next_hand(self) -> None:
        final = self.state
        event("abandoned" if final.abandoned else f"settled {final.contract and final.contract.value}")
        self.before = final.balances
        self.state = final.next_hand()
        self.hands_played += 1
        assert self.state.hand_number == final.hand_number + 1
        assert self.state.dealer == final.next_dealer
        check_invariants(self.state, self.before)

    # -- illegal actions ------------------------------------------------------

    def _refused(self, action: Action, rule_id: str) -> None:
        """``action`` was built to break ``rule_id``: its verdict names that rule first."""
        assert_refused(self.state, action, first=rule_id)

    @precondition(lambda self: not self.state.is_terminal)
    @rule(data=st.data())
    def out_of_turn(self, data: st.DataObject) -> None:
        state = self.state
        other = data.draw(st.sampled_from([s for s in range(3) if s != state.current_player]))
        action = data.draw(st.sampled_from(state.legal_actions()))
        self._refused(replace(action, seat=other), "common.turn.player-to-act")

    @precondition(lambda self: self.state.phase is Phase.PLAY)
    @rule(data=st.data())
    def card_not_held(self, data: st.DataObject) -> None:
        state = self.state
        absent = [card for card in DECK if not state.hands[state.current_player] >> card.index & 1]
        card = data.draw(st.sampled_from(absent))
        self._refused(PlayCard(state.current_player, card), "common.cards.held")

    @precondition(
        lambda self: (
            self.state.phase is Phase.PLAY
            and self.state.options.follow_suit.value == "required"
            and bool(self.state.trick)
            and self.state.legal_mask() != self.state.hands[self.state.current_player]
        )
    )
    @rule(data=st.data())
    def revoke(self, data: st.DataObject) -> None:
        state = self.state
        seat = state.current_player
        off = [card for card in cards_in(state.hands[seat] & ~state.legal_mask())]
        self._refused(PlayCard(seat, data.draw(st.sampled_from(off))), "calabresella.play.follow")

    @precondition(lambda self: self.state.phase in (Phase.DISCARD, Phase.LAY))
    @rule(data=st.data())
    def wrong_number_laid(self, data: st.DataObject) -> None:
        state = self.state
        seat = state.current_player
        hand = list(cards_in(state.hands[seat]))
        dividete = state.phase is Phase.LAY and state.setup.raised is Raise.DIVIDETE
        right = 2 if dividete else 4
        count = data.draw(st.sampled_from([n for n in range(1, 7) if n != right]))
        cards = tuple(data.draw(st.permutations(hand))[:count])
        if state.phase is Phase.DISCARD:
            rule_id = "calabresella.exchange.discard"
        elif state.setup.raised is Raise.DIVIDETE:
            rule_id = "calabresella.exchange.dividete"
        else:
            rule_id = "calabresella.exchange.scegliete"
        self._refused(Discard(seat, cards), rule_id)

    @precondition(lambda self: self.state.phase is Phase.CALL)
    @rule(data=st.data())
    def call_a_held_card(self, data: st.DataObject) -> None:
        state = self.state
        card = data.draw(st.sampled_from(list(cards_in(state.hands[state.current_player]))))
        self._refused(CallCard(state.current_player, card), "calabresella.exchange.call")

    @precondition(lambda self: self.state.phase is Phase.RETURN)
    @rule()
    def return_the_called_card(self) -> None:
        state = self.state
        self._refused(
            ReturnCard(state.current_player, card_at(state.setup.called)), "calabresella.exchange.return"
        )

    @precondition(
        lambda self: self.state.phase is Phase.AUCTION and any(level for _, level in self.state.calls)
    )
    @rule(data=st.data())
    def bid_too_low(self, data: st.DataObject) -> None:
        state = self.state
        highest = max(level for _, level in state.calls)
        low = [Bid(state.current_player, c) for c in Contract if c.level <= highest]
        self._refused(data.draw(st.sampled_from(low)), "calabresella.bidding.overcall")

    @precondition(lambda self: self.state.is_terminal)
    @rule(data=st.data())
    def after_the_end(self, data: st.DataObject) -> None:
        card: Card = data.draw(st.sampled_from(DECK))
        action: Action = data.draw(st.sampled_from([PlayCard(0, card), Pass(1), Discard(2, (card,))]))
        self._refused(action, "common.game.over")

    @invariant()
    def observations_hide_other_hands(self) -> None:
        state = self.state
        for seat in range(3):
            seen = state.observation(seat)
            assert set(seen.hand) == set(cards_in(state.hands[seat]))
            others = state.hands[(seat + 1) % 3] | state.hands[(seat + 2) % 3]
            assert not others & sum(card.bit for card in seen.hand)


TestCalabresellaMachine = CalabresellaMachine.TestCase


def test_the_machine_reaches_settled_and_abandoned_hands() -> None:
    """Guards the machine: with its own policies it does reach settlements and all-passes."""
    game = CalabresellaGame()
    kinds = set()
    for seed in range(40):
        rng = random.Random(seed)
        state = game.new_game(seed=seed)
        while not state.is_terminal:
            actions = state.legal_actions()
            if state.phase is Phase.AUCTION and rng.random() < 0.4:
                action: Action = actions[0]
            else:
                action = rng.choice(actions)
            state = state.apply(action)
            check_invariants(state, (0, 0, 0))
        kinds.add("abandoned" if state.abandoned else "settled")
    assert kinds == {"abandoned", "settled"}
