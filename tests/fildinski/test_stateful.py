"""A Hypothesis state machine that plays Fildinski games and checks the invariants after every step.

Each run starts a game with random options and a random seed. Its rules play
one legal action, play many at once (so whole deals are reached in few steps),
try illegal actions (wrong seat, a card not held, an endgame card outside the
legal set, melds that break a meld rule, a dix where none is allowed) and
expect a verdict naming a rule with the state unchanged, and start a new game
once one ends. After every single action the invariants of the specification's
Invariants section are checked (``check_state``), and at every deal end the
deal's totals (``check_deal``).
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from typing import Final

from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from cardrules import TERMINAL, Action, get_game
from cardrules.games.fildinski import (
    CardRef,
    Category,
    DeclareMelds,
    Dix,
    FildinskiGame,
    FildinskiState,
    MeldDecl,
    MeldKind,
    PlayCard,
)
from cardrules.games.fildinski.cards import DECK_KINDS, FULL, card_kind, card_of, ids_in
from cardrules.games.fildinski.melds import candidate_melds
from cardrules.games.fildinski.play import legal_follow
from cardrules.games.fildinski.scoring import DealSummary
from tests.support.machines import assert_refused

OPTIONS: Final = st.fixed_dictionaries(
    {
        "target_score": st.sampled_from([100, 500, 2000]),
        "trump_seven_points": st.sampled_from(["played", "captured"]),
        "last_trick_bonus": st.sampled_from(["final", "stock_end"]),
        "dix_exchange": st.sampled_from(["from_hand", "from_trick"]),
        "melded_cards": st.sampled_from(["stay", "removed"]),
        "meld_needs_trick_card": st.booleans(),
        "meld_in_endgame": st.booleans(),
        "bezique_pair": st.sampled_from(["standard", "klaverjas_hartendame"]),
    }
)
SEEDS: Final = st.integers(min_value=0, max_value=2**32 - 1)


def zones(state: FildinskiState) -> list[int]:
    return [
        state.hands[0],
        state.hands[1],
        state.stock_mask,
        state.trick_mask,
        state.won[0],
        state.won[1],
        state.retired[0],
        state.retired[1],
    ]


def check_state(state: FildinskiState) -> None:
    """Every invariant of one state (Invariants 1-4, 8-10, 12 of the specification)."""
    # 1. Conservation: each of the 64 ids in exactly one zone.
    seen = 0
    for zone in zones(state):
        assert not seen & zone, state.compact()
        seen |= zone
    assert seen == FULL and sum(z.bit_count() for z in zones(state)) == 64, state.compact()
    # 2, 3. Zone sizes.
    k = state.tricks_done
    h0, h1 = (h.bit_count() for h in state.hands)
    piles = sum(z.bit_count() for z in zones(state)[4:])
    if state.is_terminal:
        assert h0 == h1 == 0 and state.stock == () and piles == 64
    else:
        assert piles == 2 * k, state.compact()
        assert len(state.stock) == 48 - state.drawn
        if state.drawn < 48:
            assert state.drawn == 2 * (k - 1 if state.in_meld_step else k)
            size = 7 if state.in_meld_step else 8
        else:
            size = 32 - k
        played = (state.leader,) if state.trick else ()
        assert (h0, h1) == tuple(size - (seat in played) for seat in (0, 1)), state.compact()
        # 4. The turn-up is the last card of the stock; the trump suit is its suit's original one.
        if state.stock:
            assert state.stock[-1] == state.turnup
        assert state.deal.trump == state.deal.deck[16] >> 4
        # The player to act.
        if state.in_meld_step:
            assert state.current_player == state.leader and not state.trick
        else:
            assert state.current_player == (state.leader + len(state.trick)) % 2
    # 8. Scores: positive multiples of 10.
    assert all(p >= 0 and p % 10 == 0 for p in state.points)
    # 9. The legal set.
    actions = state.legal_actions()
    assert bool(actions) == (not state.is_terminal)
    assert (state.current_player == TERMINAL) == state.is_terminal
    assert len({str(a) for a in actions}) == len(actions)
    for action in actions:
        assert action.seat == state.current_player
        assert state.check(action).legal, (str(action), state.compact())
        assert str(state.parse_action(str(action))) == str(action)
    if not state.is_terminal and not state.in_meld_step:
        hand = state.hands[state.current_player]
        mask = hand
        if state.trick and state.drawn >= 48:
            mask = legal_follow(hand, state.trick[0], state.deal.trump)
        expected = {str(card_of(i)) for i in ids_in(mask)}
        assert {str(a).split()[-1] for a in actions} == expected
        assert all(isinstance(a, PlayCard) for a in actions)
    if state.in_meld_step and state.drawn >= 48:
        assert not any(isinstance(a, Dix) for a in actions)
    # 10. The meld history of the deal.
    check_melds(state.summary, state.options.melded_cards.value == "removed")
    # 12. Observations: own hand and public facts only.
    for seat in (0, 1):
        obs = state.observation(seat)
        assert sorted(map(str, obs.hand)) == sorted(str(card_of(i)) for i in ids_in(state.hands[seat]))
        assert obs.hand_sizes == (h0, h1) and obs.stock_size == len(state.stock)


def check_melds(summary: DealSummary, removed: bool) -> None:
    """Invariant 11: same-kind melds disjoint (all melds under ``removed``); at most one dix."""
    by_kind: dict[MeldKind, int] = {}
    everything = 0
    for meld in summary.melds:
        assert not by_kind.get(meld.kind, 0) & meld.cards
        by_kind[meld.kind] = by_kind.get(meld.kind, 0) | meld.cards
        if removed:
            assert not everything & meld.cards
        everything |= meld.cards


def check_deal(summary: DealSummary, options: dict[str, object]) -> None:
    """Invariants 6, 7, 11 at the end of a deal."""
    points = summary.points

    def total(category: Category) -> int:
        return points[2 * category] + points[2 * category + 1]

    brisques, sevens = total(Category.BRISQUES), total(Category.TRUMP_SEVENS)
    if summary.dix is not None and options["dix_exchange"] == "from_trick":
        taken_brisque = (summary.dix.taken >> 1) & 7 >= 6
        assert sevens == 30 and brisques == (150 if taken_brisque else 160)
        assert brisques + sevens in (180, 190)
    else:
        assert brisques + sevens == 180
    assert total(Category.LAST_TRICK) == 10
    assert total(Category.TURNED_SEVEN) + total(Category.DIX) <= 10
    bound = 1780 if options["meld_needs_trick_card"] else 1840
    assert total(Category.MELDS) <= bound
    assert sum(1 for m in summary.melds if m.kind is MeldKind.DOUBLE_BEZIQUE) <= 1
    if options["meld_needs_trick_card"]:
        assert sum(m.kind.points for m in summary.melds if m.kind.value.endswith("bezique")) <= 540
    if not options["meld_in_endgame"]:
        assert all(m.trick <= 24 for m in summary.melds)


def swap_hidden(state: FildinskiState, seat: int) -> FildinskiState | None:
    """A state differing from ``state`` only in the opponent's hand and the face-down stock order."""
    other = 1 - seat
    deck = list(state.deal.deck)
    first = 17 + state.drawn
    if state.drawn >= 47 or not state.hands[other]:
        return None
    hidden = ids_in(state.hands[other])
    # Swap one opponent card with the top face-down card, then reverse the face-down stock.
    card = hidden[0]
    top = deck[first]
    if card >> 1 == top >> 1:
        return None
    face_down = deck[first:]
    face_down[0] = card
    face_down.reverse()
    deck[first:] = face_down
    hand = state.hands[other] & ~(1 << card) | (1 << top)
    hands = (hand, state.hands[1]) if other == 0 else (state.hands[0], hand)
    context = dataclasses.replace(state.deal, deck=tuple(deck))
    return dataclasses.replace(state, deal=context, hands=hands)


def illegal_candidates(state: FildinskiState, rng: random.Random) -> list[Action]:
    """Actions to try: any card by either seat, a dix, and melds from the won piles."""
    out: list[Action] = []
    for seat in (0, 1):
        out.append(PlayCard(seat, rng.choice(DECK_KINDS)))
        out.append(Dix(seat, rng.choice(DECK_KINDS)))
        out.append(DeclareMelds(seat, ()))
        pool = state.won[seat] | state.hands[seat]
        singles: list[MeldDecl] = []
        for kind in MeldKind:
            for mask in list(candidate_melds(kind, pool, state.deal.trump, state.options.bezique_pair))[:3]:
                refs = tuple(CardRef(card_of(i), (i & 1) + 1) for i in ids_in(mask))
                singles.append(MeldDecl.of(kind, refs))
        out.extend(DeclareMelds(seat, (meld,)) for meld in singles)
        for n, first in enumerate(singles[:8]):
            out.extend(DeclareMelds(seat, (first, second)) for second in singles[n + 1 : 8])
        if len(singles) >= 3:
            out.append(DeclareMelds(seat, tuple(singles[:3])))
    return out


class FildinskiMachine(RuleBasedStateMachine):
    """Random games with random options; invariants after every action."""

    def __init__(self) -> None:
        super().__init__()
        self.game: FildinskiGame = FildinskiGame()
        self.options: dict[str, object] = {}
        self.state: FildinskiState = self.game.new_game(0)
        self.rng = random.Random(0)
        self.totals: tuple[int, ...] = (0, 0)

    @initialize(options=OPTIONS, seed=SEEDS)
    def start(self, options: dict[str, object], seed: int) -> None:
        game = get_game("fildinski", **options)
        assert isinstance(game, FildinskiGame)
        self.game, self.options = game, options
        self.state = game.new_game(seed)
        self.rng = random.Random(seed)
        self.totals = (0, 0)
        check_state(self.state)

    def step(self, action: Action) -> None:
        before = self.state
        after = before.apply(action)
        same_deal = after.deal_number == before.deal_number
        if isinstance(action, DeclareMelds):
            made = (after.melds if same_deal else after.finished_deals[-1].melds)[len(before.melds) :]
            assert len(made) == len(action.melds) <= 2
            for meld in made:
                # Invariant 10: inside the melder's won pile, by the trick winner, fresh under the default.
                assert meld.cards & before.won[meld.seat] == meld.cards
                assert meld.seat == before.current_player == before.leader
                if before.options.meld_needs_trick_card:
                    assert meld.cards & before.fresh
        if not same_deal or after.is_terminal:
            self.check_plays(before, action)
        if after.deal_number != before.deal_number or after.is_terminal:
            finished = after.finished_deals
            if after.deal_number != before.deal_number or (after.is_terminal and not before.is_terminal):
                check_deal(finished[-1] if after.is_terminal else after.deal.finished[-1], self.options)
        if after.deal_number != before.deal_number:
            assert after.dealer == 1 - before.dealer
        totals = after.scores()
        if after.deal_number == before.deal_number:
            assert totals[0] >= self.totals[0] and totals[1] >= self.totals[1]
        self.totals = totals
        self.state = after
        check_state(after)

    def check_plays(self, before: FildinskiState, action: Action) -> None:
        """Invariant 5: every id played once per deal; after a from_trick dix one trump 7 twice."""
        if before.is_terminal:
            return
        played = [card for _, card in before.plays]
        if isinstance(action, PlayCard):
            kind = card_kind(action.card)
            assert kind is not None
            legal = before.legal_mask() >> (2 * kind) & 3
            played.append(2 * kind + (0 if legal & 1 else 1))
        counts = Counter(played)
        dix = before.dix
        if dix is not None and before.options.dix_exchange.value == "from_trick":
            assert len(played) == 64 and counts[dix.seven] == 2 and counts[dix.taken] == 0
            assert all(n == 1 for card, n in counts.items() if card != dix.seven)
        else:
            assert len(played) == 64 and set(counts) == set(range(64))

    @precondition(lambda self: not self.state.is_terminal)
    @rule(data=st.data())
    def play_one(self, data: st.DataObject) -> None:
        actions = self.state.legal_actions()
        self.step(actions[data.draw(st.integers(0, len(actions) - 1))])

    @precondition(lambda self: not self.state.is_terminal)
    @rule(n=st.integers(1, 90))
    def play_many(self, n: int) -> None:
        for _ in range(n):
            if self.state.is_terminal:
                break
            self.step(self.rng.choice(self.state.legal_actions()))

    @rule()
    def try_illegal(self) -> None:
        state = self.state
        legal = {str(a) for a in state.legal_actions()}
        for action in illegal_candidates(state, self.rng):
            verdict = state.check(action)
            if str(action) in legal:
                assert verdict.legal
                continue
            if verdict.legal:
                # A legal action outside the canonical list names copies the list leaves plain:
                # it must have the same outcome as a listed one.
                assert isinstance(action, DeclareMelds)
                after = state.apply(action)
                kinds = sorted(
                    (m.kind.value, tuple(sorted(map(str, (card_of(i) for i in ids_in(m.cards))))))
                    for m in after.melds
                )
                assert any(
                    sorted(
                        (m.kind.value, tuple(sorted(map(str, (card_of(i) for i in ids_in(m.cards))))))
                        for m in state.apply(a).melds
                    )
                    == kinds
                    for a in state.legal_actions()
                )
                continue
            assert verdict.rule_ids and all(r.startswith(("fildinski.", "common.")) for r in verdict.rule_ids)
            if action.seat != state.current_player and not state.is_terminal:
                assert verdict.rule_ids[0] == "common.turn.player-to-act"  # cited first
            if state.is_terminal:
                assert verdict.rule_ids == ("common.game.over",)
            assert_refused(state, action, verdict.rule_ids)
            assert self.state is state
        # An endgame follower's card outside the legal set names the duty it breaks.
        if not state.is_terminal and state.trick and state.drawn >= 48:
            seat = state.current_player
            hand = state.hands[seat]
            allowed = legal_follow(hand, state.trick[0], state.deal.trump)
            for card in ids_in(hand & ~allowed):
                if allowed >> (card ^ 1) & 1:
                    continue
                verdict = state.check(PlayCard(seat, card_of(card)))
                assert not verdict.legal
                assert verdict.rule_ids[0] in (
                    "fildinski.endgame.must-head",
                    "fildinski.endgame.must-follow",
                    "fildinski.endgame.must-trump",
                )
        # A card the player to act does not hold names common.cards.held first.
        if not state.is_terminal and not state.in_meld_step:
            seat = state.current_player
            absent = [kind for kind in range(32) if not state.hands[seat] >> (2 * kind) & 3]
            if absent:
                verdict = state.check(PlayCard(seat, card_of(2 * self.rng.choice(absent))))
                assert verdict.rule_ids[0] == "common.cards.held", verdict

    @precondition(lambda self: self.state.is_terminal)
    @rule(seed=SEEDS)
    def new_game(self, seed: int) -> None:
        self.state = self.game.new_game(seed)
        self.totals = (0, 0)
        check_state(self.state)

    @invariant()
    def observations_hide_the_hand_and_the_stock_order(self) -> None:
        state = self.state
        if state.is_terminal:
            return
        for seat in (0, 1):
            other = swap_hidden(state, seat)
            if other is None:
                continue
            assert other.observation(seat) == state.observation(seat)
            assert other.observation(1 - seat) != state.observation(1 - seat)


TestFildinskiMachine = FildinskiMachine.TestCase
