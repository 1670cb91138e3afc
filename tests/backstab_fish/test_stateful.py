"""A Hypothesis state machine that plays Backstab Fish and checks the invariants after every step.

Each run starts a game with random options (4 to 10 players, every deck, every
value of the enum options, stall limits from 1 to the default and ``none``) and
a random seed. Its rules play one legal action, play many at once, play the
game out, try illegal actions (out of turn, asking yourself, asking an empty
hand, a rank not held, a count out of range, a second ask, laying down fewer
than four, anything after the end) and expect the right rule id with the state
unchanged, and start a new game once one ends. After every single action the
invariants are checked: multiset conservation of the ranks across hands,
stock and laid sets; scores equal to the laid sets; a non-empty legal set
unless the game is over; the stall count and the turn bound; the monotone
quantities; and, at the end, every card laid after a natural end under the
default final lay-down, so that the scores add up to the deck's sets.
"""

from __future__ import annotations

import random
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

from cardrules import TERMINAL, Action, get_game
from cardrules.games.backstab_fish import (
    ALL_EMPTY,
    ASK,
    LAY_DOWN,
    SOLE_HOLDER,
    STALL_LIMIT,
    Ask,
    BackstabFishGame,
    BackstabFishState,
    EndTurn,
    FinalLayDown,
    FishRank,
    LayDown,
)
from tests.support.machines import assert_refused

SEEDS: Final = st.integers(min_value=0, max_value=2**32 - 1)

OPTIONS: Final = st.fixed_dictionaries(
    {
        "players": st.integers(min_value=4, max_value=10),
        "deck": st.sampled_from(["double", "double-jokers", "single"]),
        "give": st.sampled_from(["exact", "all-of-rank"]),
        "empty_target": st.sampled_from(["forbidden", "allowed"]),
        "lay_down": st.sampled_from(["optional", "compulsory"]),
        "final_lay_down": st.sampled_from(["on", "off"]),
    },
    optional={"stall_limit": st.sampled_from([1, 2, 3, 10, 60, "none"])},
)
"""Random options; without ``stall_limit`` the default 100 x players applies."""

LITERAL_CAP: Final = 3_000
"""Actions after which a game without a stall limit is left unfinished (it need not end)."""


def new_links(
    after: BackstabFishState, before: BackstabFishState
) -> list[tuple[str, int, int, int, int, int]]:
    """The public events added between ``before`` and ``after`` (``after`` reached from it), in order."""
    out: list[tuple[str, int, int, int, int, int]] = []
    link = after.history.chain
    while link is not before.history.chain:
        assert link is not None
        link, happened = link
        out.append(happened)
    out.reverse()
    return out


def check_state(state: BackstabFishState, game: BackstabFishGame) -> None:
    """Every invariant that holds in a single state."""
    options = game.options
    copies = options.copies
    players = state.players
    # backstab_fish.invariant.card-conservation: hands + stock + 4 x laid sets = the deck, per rank.
    total = [0] * 14
    laid = [0] * 14
    for seat in range(players):
        counts = state.hand_counts(seat)
        assert sum(counts) == state.sizes[seat]
        for rank, n in enumerate(counts):
            total[rank] += n
        for rank, n in enumerate(state.laid_counts(seat)):
            laid[rank] += 4 * n
    for rank in state.deal.ranks[state.stock :]:
        total[rank] += 1
    assert tuple(t + n for t, n in zip(total, laid, strict=True)) == copies
    # backstab_fish.invariant.rank-multiples: hands and stock hold a multiple of 4 of every rank.
    assert all(n % 4 == 0 for n in total)
    # backstab_fish.score.per-set: a score is the number of sets laid in front of the seat.
    assert state.scores() == tuple(len(state.laid_sets(seat)) for seat in range(players))
    # backstab_fish.invariant.legal-set-nonempty, common.game.over
    actions = state.legal_actions()
    assert bool(actions) == (not state.is_terminal)
    assert len(set(actions)) == len(actions)
    # backstab_fish.invariant.termination: the turns stay within (S0 + D/4 + 1) x K.
    limit = options.stall_limit
    if limit is not None:
        start = options.deck_size - options.hand_size * players
        assert state.turns <= (start + options.deck_size // 4 + 1) * limit
        assert state.stall <= limit
    if not state.is_terminal:
        seat = state.current_player
        assert all(action.seat == seat for action in actions)
        # backstab_fish.invariant.empty-hand-empty-stock
        assert state.sizes[seat] > 0
        if state.stock_size:
            assert all(state.sizes)
        if limit is not None:
            assert state.stall < limit
        if state.phase == LAY_DOWN:
            assert actions[0] == EndTurn(seat) and game.options.lay_down.value != "compulsory"
            assert max(state.hand_counts(seat)) >= 4
        else:
            assert all(isinstance(action, Ask) for action in actions)
            held = {FishRank(r) for r, n in enumerate(state.hand_counts(seat)) if n}
            assert {action.rank for action in actions if isinstance(action, Ask)} == held
    else:
        assert state.current_player == TERMINAL and state.end_rule in (ALL_EMPTY, SOLE_HOLDER, STALL_LIMIT)
        final_on = options.final_lay_down is FinalLayDown.ON
        if final_on:  # backstab_fish.end.final-lay-down
            assert all(max(state.hand_counts(seat)) < 4 for seat in range(players))
        # backstab_fish.invariant.end-state
        assert sum(state.scores()) <= options.deck_size // 4
        if state.end_rule in (ALL_EMPTY, SOLE_HOLDER) and final_on:
            assert sum(state.sizes) == 0 and state.stock_size == 0
            assert sum(state.scores()) == options.deck_size // 4
        if state.end_rule == SOLE_HOLDER:
            assert state.stock_size == 0
        if state.end_rule == ALL_EMPTY:
            assert state.stock_size == 0
        assert max(state.scores()) in state.scores()
        assert state.winners() == tuple(s for s in range(players) if state.scores()[s] == max(state.scores()))
    # backstab_fish.info.hidden / info.public: a seat sees its own hand and the sizes only
    # (the observation lists every public event, so it is looked at now and then).
    if state.turns % 100 == 0 or state.is_terminal:
        seat = state.current_player if not state.is_terminal else 0
        seen = state.observation(seat)
        assert seen.hand == state.hand(seat) and seen.hand_sizes == state.sizes
        assert seen.stock_size == state.stock_size and seen.scores == state.scores()
        assert len(seen.events) >= 2 * state.turns


def check_transition(
    before: BackstabFishState, after: BackstabFishState, turn_start: BackstabFishState
) -> None:
    """backstab_fish.invariant.monotone and the stall count across one action."""
    assert after.stock_size <= before.stock_size
    assert all(a >= b for a, b in zip(after.scores(), before.scores(), strict=True))
    assert after.turns - before.turns in (0, 1)
    if after.turns == before.turns:
        assert after.phase == LAY_DOWN and after.current_player == before.current_player
        return
    happened = new_links(after, turn_start)
    productive = any(
        kind == "refill" or kind == "lay-down" or (kind == "go-fish" and count == 1)
        for kind, _, _, _, count, _ in happened
    )
    assert productive == (
        after.stock_size < turn_start.stock_size or any(k == "lay-down" for k, *_ in happened)
    )
    # backstab_fish.end.stall-limit: a productive turn resets the count, any other adds one.
    assert after.stall == (0 if productive else turn_start.stall + 1)
    asks = [h for h in happened if h[0] == "ask"]
    assert len(asks) == 1  # backstab_fish.turn.sequence: one ask a turn
    _, asker, target, *_ = asks[0]
    assert asker == turn_start.current_player
    if not after.is_terminal:
        # backstab_fish.turn.next / turn.skip-empty
        skipped = [seat for kind, seat, *_ in happened if kind == "skip"]
        expected = target
        for seat in skipped:
            assert seat == expected and after.sizes[seat] == 0
            expected = (expected + 1) % after.players
        assert after.current_player == expected and after.phase == ASK


class BackstabFishMachine(RuleBasedStateMachine):
    """Plays Backstab Fish with random options, legal and illegal actions, game after game."""

    def __init__(self) -> None:
        super().__init__()
        self.game: BackstabFishGame = BackstabFishGame()
        self.state: BackstabFishState = self.game.new_game(seed=0)
        self.turn_start = self.state
        self.steps = 0

    def _new_game(self, options: dict[str, object], seed: int) -> None:
        game = get_game("backstab_fish", **options)
        assert isinstance(game, BackstabFishGame)
        self.game = game
        self.state = game.new_game(seed=seed)
        assert self.state == game.new_game(seed=seed)  # deterministic from the seed
        self.turn_start = self.state
        self.steps = 0
        check_state(self.state, game)

    @initialize(options=OPTIONS, seed=SEEDS)
    def start(self, options: dict[str, object], seed: int) -> None:
        self._new_game(options, seed)

    @precondition(lambda self: self.state.is_terminal)
    @rule(options=OPTIONS, seed=SEEDS)
    def redeal(self, options: dict[str, object], seed: int) -> None:
        self._new_game(options, seed)

    # -- legal play -------------------------------------------------------------------------

    def _advance(self, action: Action) -> None:
        before = self.state
        assert before.check(action).legal
        after = before.apply(action)
        check_transition(before, after, self.turn_start)
        check_state(after, self.game)
        self.state = after
        self.steps += 1
        if after.phase == ASK:
            self.turn_start = after
        if after.is_terminal:
            event(f"a game ended: {after.end_rule}")

    def _playing(self) -> bool:
        return not self.state.is_terminal and self.steps < LITERAL_CAP

    @precondition(lambda self: self._playing())
    @rule(data=st.data())
    def play_one_legal_action(self, data: st.DataObject) -> None:
        self._advance(data.draw(st.sampled_from(self.state.legal_actions())))

    @precondition(lambda self: self._playing())
    @rule(count=st.integers(min_value=1, max_value=400), policy_seed=SEEDS)
    def play_many_legal_actions(self, count: int, policy_seed: int) -> None:
        rng = random.Random(policy_seed)
        for _ in range(count):
            if not self._playing():
                break
            actions = self.state.legal_actions()
            self._advance(actions[rng.randrange(len(actions))])

    @precondition(lambda self: self._playing())
    @rule(policy_seed=SEEDS)
    def play_out_the_game(self, policy_seed: int) -> None:
        rng = random.Random(policy_seed)
        while self._playing():
            actions = self.state.legal_actions()
            self._advance(actions[rng.randrange(len(actions))])
        if self.game.options.stall_limit is not None:
            assert self.state.is_terminal  # backstab_fish.invariant.termination

    # -- illegal actions ------------------------------------------------------------------------

    def _expect_refused(self, action: Action, rule_ids: tuple[str, ...]) -> None:
        state = self.state
        assert_refused(state, action, rule_ids)
        assert self.state is state

    def _asking(self) -> bool:
        return not self.state.is_terminal and self.state.phase == ASK

    @precondition(lambda self: not self.state.is_terminal)
    @rule(data=st.data())
    def act_out_of_turn(self, data: st.DataObject) -> None:
        legal = data.draw(st.sampled_from(self.state.legal_actions()))
        seat = data.draw(st.sampled_from([s for s in range(self.state.players) if s != legal.seat]))
        if isinstance(legal, Ask):
            expected: tuple[str, ...] = ("common.turn.player-to-act",)
            if seat == legal.target:
                expected += ("backstab_fish.ask.target",)
            if not self.state.hand_counts(seat)[legal.rank]:
                expected += ("backstab_fish.ask.rank",)
            self._expect_refused(Ask(seat, legal.target, legal.rank, legal.count), expected)
        else:
            self._expect_refused(EndTurn(seat), ("common.turn.player-to-act",))

    @precondition(lambda self: self._asking())
    @rule(data=st.data())
    def ask_yourself(self, data: st.DataObject) -> None:
        seat = self.state.current_player
        legal = data.draw(st.sampled_from(self.state.legal_actions()))
        assert isinstance(legal, Ask)
        self._expect_refused(Ask(seat, seat, legal.rank, legal.count), ("backstab_fish.ask.target",))

    @precondition(
        lambda self: (
            self._asking() and self.game.options.empty_target.value == "forbidden" and 0 in self.state.sizes
        )
    )
    @rule(data=st.data())
    def ask_an_empty_hand(self, data: st.DataObject) -> None:
        seat = self.state.current_player
        empty = data.draw(st.sampled_from([s for s, n in enumerate(self.state.sizes) if n == 0]))
        legal = data.draw(st.sampled_from(self.state.legal_actions()))
        assert isinstance(legal, Ask)
        self._expect_refused(Ask(seat, empty, legal.rank, 1), ("backstab_fish.ask.target",))

    @precondition(lambda self: self._asking())
    @rule(data=st.data())
    def ask_for_a_rank_not_held(self, data: st.DataObject) -> None:
        seat = self.state.current_player
        copies = self.game.options.copies
        absent = [FishRank(r) for r, n in enumerate(self.state.hand_counts(seat)) if not n and copies[r]]
        if not absent:
            return
        rank = data.draw(st.sampled_from(absent))
        legal = data.draw(st.sampled_from(self.state.legal_actions()))
        assert isinstance(legal, Ask)
        self._expect_refused(Ask(seat, legal.target, rank, 1), ("backstab_fish.ask.rank",))

    @precondition(lambda self: self._asking())
    @rule(data=st.data(), over=st.sampled_from([0, 1, 5]))
    def ask_for_a_count_out_of_range(self, data: st.DataObject, over: int) -> None:
        legal = data.draw(st.sampled_from(self.state.legal_actions()))
        assert isinstance(legal, Ask)
        count = 0 if over == 0 else self.game.options.copies[legal.rank] + over
        expected = ("backstab_fish.ask.count", "common.action.known")
        self._expect_refused(Ask(legal.seat, legal.target, legal.rank, count), expected)

    @precondition(lambda self: not self.state.is_terminal and self.state.phase == LAY_DOWN)
    @rule(data=st.data())
    def ask_twice_in_a_turn(self, data: st.DataObject) -> None:
        seat = self.state.current_player
        rank = data.draw(st.sampled_from(self.state.hand(seat)))
        target = data.draw(
            st.sampled_from([s for s in range(self.state.players) if s != seat and self.state.sizes[s]])
        )
        self._expect_refused(Ask(seat, target, rank, 1), ("backstab_fish.turn.sequence",))

    @precondition(lambda self: not self.state.is_terminal and self.state.phase == LAY_DOWN)
    @rule(data=st.data())
    def lay_down_fewer_than_four(self, data: st.DataObject) -> None:
        seat = self.state.current_player
        short = [FishRank(r) for r, n in enumerate(self.state.hand_counts(seat)) if 0 < n < 4]
        if not short:
            return
        rank = data.draw(st.sampled_from(short))
        self._expect_refused(LayDown(seat, (rank,)), ("backstab_fish.sets.lay-down", "common.cards.held"))

    @precondition(lambda self: self._asking())
    @rule()
    def lay_down_before_asking(self) -> None:
        seat = self.state.current_player
        self._expect_refused(EndTurn(seat), ("backstab_fish.turn.sequence", "backstab_fish.sets.lay-down"))

    @precondition(lambda self: self.state.is_terminal)
    @rule(seat=st.integers(min_value=0, max_value=3), rank=st.sampled_from(list(FishRank)[:13]))
    def act_after_the_end(self, seat: int, rank: FishRank) -> None:
        self._expect_refused(Ask(seat, (seat + 1) % 4, rank, 1), ("common.game.over",))
        self._expect_refused(EndTurn(seat), ("common.game.over",))

    # -- invariants -------------------------------------------------------------------------------

    @invariant()
    def the_state_is_consistent(self) -> None:
        check_state(self.state, self.game)


@pytest.mark.rule("backstab_fish.invariant.card-conservation")
@pytest.mark.rule("backstab_fish.invariant.rank-multiples")
@pytest.mark.rule("backstab_fish.invariant.empty-hand-empty-stock")
@pytest.mark.rule("backstab_fish.invariant.monotone")
@pytest.mark.rule("backstab_fish.invariant.legal-set-nonempty")
@pytest.mark.rule("backstab_fish.invariant.end-state")
@pytest.mark.rule("backstab_fish.invariant.termination")
@pytest.mark.rule("backstab_fish.score.per-set")
@pytest.mark.rule("backstab_fish.end.stall-limit")
@pytest.mark.rule("backstab_fish.turn.next")
@pytest.mark.rule("backstab_fish.turn.skip-empty")
@pytest.mark.rule("backstab_fish.ask.target")
@pytest.mark.rule("backstab_fish.ask.rank")
@pytest.mark.rule("backstab_fish.ask.count")
@pytest.mark.rule("common.turn.player-to-act")
@pytest.mark.rule("common.game.over")
def test_backstab_fish_state_machine() -> None:
    run_state_machine_as_test(BackstabFishMachine)
