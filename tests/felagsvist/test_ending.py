"""The exact solver on Félagsvist endings agrees with a plain brute-force search over the engine.

Positions are drawn with the toolkit's :func:`~cardrules.testing.positions`
in every round kind under both ``nolo_ace`` values, then played on at random
(seeded from the drawn values) to one to three tricks from the end of the
deal. The brute force below walks the engine's own ``legal_actions()`` and
``apply()`` and reads the side's score from the engine's totals once the deal
is scored; it shares nothing with the solver's compact model.
"""

from __future__ import annotations

import random
from functools import cache

import pytest
from hypothesis import given
from hypothesis import strategies as st

import cardrules
from cardrules.errors import InvalidArgumentError, NotSolvableError, SolveBudgetExceeded
from cardrules.games.felagsvist import FelagsvistState, NoloAce, RoundKind
from cardrules.games.felagsvist.ending import FelagsvistEnding
from cardrules.games.felagsvist.ending.bounds import tops
from cardrules.games.felagsvist.play import trick_winner
from cardrules.solve import Solver, analyse, claim
from cardrules.solve.adapter import ending_of
from cardrules.testing import positions
from tests.felagsvist.ending_support import endings_in_play, hand_ending, redealt_below


def _totals_after_deal(state: FelagsvistState, deal: int) -> tuple[int, int] | None:
    """The (NS, EW) totals once deal ``deal`` is scored, or ``None`` while it is still played."""
    if state.is_terminal or state.deal_number != deal:
        return state.totals
    return None


def brute_force(state: FelagsvistState, side: int, deal: int, *, everyone_minimises: bool = False) -> int:
    """The side's game total once deal ``deal`` is scored, with best play by both sides.

    The side's seats take the most for it and the others the least; with
    ``everyone_minimises`` every seat takes the least for it.
    """

    @cache
    def walk(at: FelagsvistState) -> int:
        totals = _totals_after_deal(at, deal)
        if totals is not None:
            return totals[side]
        results = [walk(at.apply(action)) for action in at.legal_actions()]
        if at.current_player % 2 == side and not everyone_minimises:
            return max(results)
        return min(results)

    return walk(state)


def already(state: FelagsvistState, side: int) -> int:
    """The side's per-trick score already made by the tricks taken (the opponents' tricks in Nóló)."""
    won = state.tricks[side] if state.round_kind is not RoundKind.NOLO else state.tricks[1 - side]
    return state.totals[side] + won


def score_now(state: FelagsvistState, side: int, deal: int) -> int:
    """The side's score so far, with the tricks taken in deal ``deal`` (its total once it is scored)."""
    totals = _totals_after_deal(state, deal)
    return totals[side] if totals is not None else already(state, side)


@st.composite
def deals_in_play(draw: st.DrawFn, kinds: tuple[RoundKind, ...] = tuple(RoundKind)) -> FelagsvistState:
    """A Félagsvist deal of one of ``kinds`` (any, unless told), either ace option, somewhere in its play."""
    kind = draw(st.sampled_from(kinds), label="kind")
    ace = draw(st.sampled_from(tuple(NoloAce)), label="nolo_ace")
    game = cardrules.get_game("felagsvist", first_round=kind.value, nolo_ace=ace.value, first_dealer="N")
    state = draw(positions(game, phase=kind.value)).state
    assert isinstance(state, FelagsvistState)
    return state


@st.composite
def near_the_end(draw: st.DrawFn, fewest: int, most: int) -> FelagsvistState:
    """A Félagsvist deal of any round kind and ace option, ``fewest`` to ``most`` tricks from its end.

    Up to three cards may be played into the next trick.
    """
    state = draw(deals_in_play())
    left = draw(st.integers(min_value=fewest, max_value=most), label="tricks left")
    into = draw(st.integers(min_value=0, max_value=3), label="cards into the trick")
    rng = random.Random(draw(st.integers(min_value=0, max_value=2**16), label="play on"))
    while sum(state.tricks) < 13 - left or (sum(state.tricks) == 13 - left and len(state.trick) < into):
        state = state.apply(rng.choice(state.legal_actions()))
    return state


def endings() -> st.SearchStrategy[FelagsvistState]:
    """A Félagsvist deal of any round kind and ace option, one to three tricks from its end."""
    return near_the_end(1, 3)


def longer_endings() -> st.SearchStrategy[FelagsvistState]:
    """A Félagsvist deal of any round kind and ace option, four tricks left, up to three cards in."""
    return near_the_end(4, 4)


def model_minimax(root: FelagsvistEnding) -> dict[FelagsvistEnding, int]:
    """The value still to come of every ending reachable from ``root``, by plain minimax over each legal card.

    It walks the model's own ``legal()`` and ``play()`` (which the brute force
    above ties to the engine), and nothing else of the solver: no grouping,
    no bounds, no table. At each trick boundary it also checks that the
    model's bounds hold the value.
    """
    values: dict[FelagsvistEnding, int] = {}

    def walk(node: FelagsvistEnding) -> int:
        known = values.get(node)
        if known is not None:
            return known
        if node.over:
            result = 0
        else:
            results = [child.value - node.value + walk(child) for child in map(node.play, node.legal())]
            result = max(results) if node.side == 0 else min(results)
        low, high = node.bounds()
        assert low <= node.value + result <= high, (node, low, high, result)
        values[node] = result
        return result

    walk(root)
    return values


@given(state=longer_endings(), seat=st.integers(min_value=0, max_value=3))
def test_solver_values_and_bounds_agree_with_plain_minimax_four_tricks_from_the_end(
    state: FelagsvistState, seat: int
) -> None:
    root = state.ending(seat)
    values = model_minimax(root)  # checks the bounds at every trick boundary on the way
    solver = Solver()  # one solver, so entries learnt on one ending are met again on others
    assert solver.value(root) == values[root]
    for move in root.legal():
        child = root.play(move)
        assert solver.value(child) == child.value + values[child]
        for reply in child.legal():
            grandchild = child.play(reply)
            target = grandchild.value + values[grandchild]
            assert solver.at_least(grandchild, target) and not solver.at_least(grandchild, target + 1)


@pytest.mark.rule("felagsvist.trick.winner")
@pytest.mark.rule("felagsvist.play.must-follow")
@given(state=endings(), seat=st.integers(min_value=0, max_value=3))
def test_solver_value_equals_brute_force(state: FelagsvistState, seat: int) -> None:
    side = seat % 2
    ending = state.ending(seat)
    solver = Solver()
    assert solver.value(ending) == brute_force(state, side, state.deal_number) - already(state, side)
    least = brute_force(state, side, state.deal_number, everyone_minimises=True) - already(state, side)
    assert solver.worst(ending) == least
    assert solver.always_at_least(ending, least) and not solver.always_at_least(ending, least + 1)


@given(state=endings())
def test_analysis_values_are_the_children_values(state: FelagsvistState) -> None:
    seat = state.current_player
    side = seat % 2
    result = analyse(state)
    assert [item.action for item in result.actions] == list(state.legal_actions())
    nolo = state.round_kind is RoundKind.NOLO
    left = 13 - sum(state.tricks)

    def tricks_taken(score: int) -> int:  # the side's tricks from here, for a per-trick score from here
        return left - score if nolo else score

    for item in result.actions:
        child = state.apply(item.action)
        assert item.value == tricks_taken(brute_force(child, side, state.deal_number) - already(state, side))
    assert result.value == tricks_taken(brute_force(state, side, state.deal_number) - already(state, side))
    best = min(item.value for item in result.actions) if nolo else max(item.value for item in result.actions)
    assert result.value == best
    assert all(item.loss == abs(item.value - best) for item in result.actions)


@given(
    state=endings(), seat=st.integers(min_value=0, max_value=3), more=st.integers(min_value=0, max_value=2)
)
def test_claims_hold_exactly_up_to_the_best_and_refutations_defeat_them(
    state: FelagsvistState, seat: int, more: int
) -> None:
    side = seat % 2
    nolo = state.round_kind is RoundKind.NOLO
    left = 13 - sum(state.tricks)
    best = claim(state, by=seat, tricks=0 if nolo else left).best
    score = brute_force(state, side, state.deal_number) - already(state, side)
    assert best == (left - score if nolo else score)
    assert claim(state, by=seat, tricks=best).holds
    asked = best - 1 - more if nolo else best + 1 + more
    if not 0 <= asked <= left:
        return
    result = claim(state, by=seat, tricks=asked)
    assert not result.holds and not result.holds_always and result.refutation
    end = state
    for text in result.refutation:
        end = end.apply(end.parse_action(text))  # every step is legal in the engine
    completed = (len(state.trick) + len(result.refutation)) // 4
    scored = score_now(end, side, state.deal_number) - already(state, side)
    taken = completed - scored if nolo else scored  # the side's tricks along the line
    if nolo:
        assert taken > asked  # the side has already taken more than it claimed it would
    else:
        assert taken + left - completed < asked  # even taking the rest, the side falls short


def refutation_by_brute_force(state: FelagsvistState, side: int, needed: int) -> tuple[str, ...]:
    """The line the claims module documents, found over the engine: ``needed`` is the side's score from here.

    Until the side cannot reach ``needed`` even taking every trick left, its
    seats play the card that keeps the most for it, and the others, of the
    cards that keep it below ``needed``, the one that leaves it least; ties
    go to the first card in the engine's order.
    """
    deal = state.deal_number
    base = already(state, side)

    @cache
    def best(at: FelagsvistState) -> int:
        totals = _totals_after_deal(at, deal)
        if totals is not None:
            return totals[side] - base
        results = [best(at.apply(action)) for action in at.legal_actions()]
        return max(results) if at.current_player % 2 == side else min(results)

    line: list[str] = []
    at = state
    while (
        _totals_after_deal(at, deal) is None
        and score_now(at, side, deal) - base + 13 - sum(at.tricks) >= needed
    ):
        values = [(best(at.apply(action)), action) for action in at.legal_actions()]
        if at.current_player % 2 == side:
            _, action = max(values, key=lambda pair: pair[0])  # max keeps the first of equal ones
        else:
            _, action = min((pair for pair in values if pair[0] < needed), key=lambda pair: pair[0])
        line.append(str(action))
        at = at.apply(action)
    return tuple(line)


@given(
    state=endings(), seat=st.integers(min_value=0, max_value=3), more=st.integers(min_value=0, max_value=2)
)
def test_a_refutation_is_the_documented_line(state: FelagsvistState, seat: int, more: int) -> None:
    """Each step of a refutation is the one the claims module says, tie-breaks included."""
    side = seat % 2
    nolo = state.round_kind is RoundKind.NOLO
    left = 13 - sum(state.tricks)
    best = claim(state, by=seat, tricks=0 if nolo else left).best
    asked = best - 1 - more if nolo else best + 1 + more
    if not 0 <= asked <= left:
        return
    needed = left - asked if nolo else asked
    assert claim(state, by=seat, tricks=asked).refutation == refutation_by_brute_force(state, side, needed)


@pytest.mark.parametrize(("seed", "plays", "seat", "asked"), [(1, 41, 0, 1), (1, 41, 0, 2), (4, 40, 0, 3)])
def test_a_refutation_is_the_documented_line_in_seeded_deals(
    seed: int, plays: int, seat: int, asked: int
) -> None:
    """Deals where the opponents have cards of equal outcome to choose from, and better than the worst."""
    state = cardrules.get_game("felagsvist", first_dealer="N").new_game(seed=seed)
    rng = random.Random(seed)
    for _ in range(plays):
        state = state.apply(rng.choice(state.legal_actions()))
    result = claim(state, by=seat, tricks=asked)
    assert not result.holds
    assert result.refutation == refutation_by_brute_force(state, seat % 2, asked)


def test_a_claim_that_holds_whatever_is_played() -> None:
    state = cardrules.get_game("felagsvist", first_dealer="N").new_game(seed=1)
    for _ in range(36):
        state = state.apply(state.legal_actions()[0])
    result = claim(state, by="NS", tricks=0)
    assert result.holds and result.holds_always and result.refutation == ()


def test_bad_claims_are_refused_by_name() -> None:
    state = cardrules.get_game("felagsvist", first_dealer="N").new_game(seed=1)
    with pytest.raises(InvalidArgumentError, match="counts tricks, not points"):
        claim(state, by="N", points=3)
    with pytest.raises(InvalidArgumentError, match="0 to 13 tricks"):
        claim(state, by="N", tricks=14)
    with pytest.raises(InvalidArgumentError, match="not a claimer"):
        claim(state, by="NE", tricks=1)
    with pytest.raises(InvalidArgumentError, match="either tricks or points"):
        claim(state, by="N")


def test_a_finished_game_is_not_solvable() -> None:
    state = cardrules.get_game("felagsvist", first_dealer="N").new_game(seed=1)
    while not state.is_terminal:
        state = state.apply(state.legal_actions()[0])
    with pytest.raises(NotSolvableError, match="'over'"):
        state.ending(0)


def test_a_budget_that_runs_out_on_the_stricter_question_leaves_it_open() -> None:
    state = cardrules.get_game("felagsvist", first_dealer="N").new_game(seed=1)
    for _ in range(36):
        state = state.apply(state.legal_actions()[0])
    root = ending_of(state, "NS")
    tried = 0
    for tricks in range(1, claim(state, by="NS", tricks=0).best + 1):
        full = claim(state, by="NS", tricks=tricks)
        settling = Solver()  # what claim() searches before the stricter question: the claim, then its value
        settling.at_least(root, root.needed(tricks))
        settling.value(root)
        if not full.holds or full.nodes <= settling.nodes + 1:
            continue  # the stricter question is answered at once here: nothing to run out on
        tried += 1
        tight = claim(state, by="NS", tricks=tricks, max_nodes=settling.nodes + 1)
        assert tight.holds and tight.holds_always is None and tight.best == full.best
        with pytest.raises(SolveBudgetExceeded):  # a budget too small to settle the claim itself
            claim(state, by="NS", tricks=tricks, max_nodes=1)
    assert tried


@st.composite
def nolo_endings(draw: st.DrawFn) -> FelagsvistState:
    """A Nóló deal under either ``nolo_ace`` value, four tricks left, at a trick boundary."""
    state = draw(deals_in_play((RoundKind.NOLO,)))
    rng = random.Random(draw(st.integers(min_value=0, max_value=2**16), label="play on"))
    while sum(state.tricks) < 9:
        state = state.apply(rng.choice(state.legal_actions()))
    return state


@given(state=nolo_endings(), seat=st.integers(min_value=0, max_value=3))
def test_nolo_bounds_hold_the_plain_minimax_value(state: FelagsvistState, seat: int) -> None:
    root = state.ending(seat)
    values = model_minimax(root)  # checks the bounds at every trick boundary on the way
    assert Solver().value(root) == values[root]


def test_nolo_bounds_settle_some_endings_before_their_last_trick() -> None:
    # Seeded Nóló endings four tricks from the end: at some trick boundary
    # with three or more tricks left (two from the end the bounds are the
    # exact value in every round kind) the Nóló bounds say more than "none to
    # all", and wherever they do the plain minimax value lies within them.
    tightened = 0
    for seed in range(8):
        rng = random.Random(seed)
        ace = (NoloAce.HIGH, NoloAce.LOW)[seed % 2]
        game = cardrules.get_game("felagsvist", first_round="nolo", nolo_ace=ace.value, first_dealer="N")
        state = game.new_game(seed=seed)
        assert isinstance(state, FelagsvistState)
        while sum(state.tricks) < 9:
            state = state.apply(rng.choice(state.legal_actions()))
        values = model_minimax(state.ending(seed % 4))
        for node, result in values.items():
            low, high = node.bounds()
            if node.left >= 3 and not node.trick and (low, high) != (node.value, node.value + node.left):
                tightened += 1
                assert low <= node.value + result <= high
    assert tightened


def nolo_ending(hands: str, leader: int, counted: int, *, ace: NoloAce = NoloAce.HIGH) -> FelagsvistEnding:
    """A Nóló ending at a trick boundary with the hands given (``"TC 2C 3H / JC ... / ..."``, N first)."""
    return hand_ending(hands, leader, counted, kind=RoundKind.NOLO, ace=ace)


def test_nolo_a_top_seat_takes_every_trick_when_the_lead_must_come_in_its_suits() -> None:
    # East's cards are the top of each of its suits; North leads and holds
    # no diamond (the only suit East lacks), so the first trick is led in a
    # suit East holds: East wins it and every trick after.
    root = nolo_ending("TC 2C 3H / JC KH 9S / 9H 8H 4H / 6D 2D 8S", leader=0, counted=0)
    assert root.bounds() == (3, 3) == (model_minimax(root)[root],) * 2  # NS score East-West's tricks


def test_nolo_a_leader_holding_only_suits_the_opponents_lack_takes_a_trick() -> None:
    # North holds only diamonds and neither East nor West holds one: North-South take the first trick.
    root = nolo_ending("9D 6D 4D 2D / TH 3H AS 2S / KD 3C 6S 3S / AH 9H QS JS", leader=0, counted=1)
    low, high = root.bounds()
    assert low >= 1 and low <= model_minimax(root)[root] <= high


@given(
    state=nolo_endings(), seat=st.integers(min_value=0, max_value=3), redeal=st.randoms(use_true_random=False)
)
def test_nolo_bounds_hold_wherever_the_cards_they_rely_on_stay(
    state: FelagsvistState, seat: int, redeal: random.Random
) -> None:
    # The rank-pattern table uses the bounds of an ending for every ending
    # of the same shape whose cards down to the weakest one the bounds rely
    # on lie in the same hands: there the plain minimax value must lie
    # within them too.
    check_bounds_where_their_cards_stay(state.ending(seat), redeal, inside=False)


def check_bounds_where_their_cards_stay(
    root: FelagsvistEnding, redeal: random.Random, *, inside: bool
) -> None:
    """Up to eight positions of ``root``'s play whose bounds say something, their low cards dealt again.

    Trick boundaries with three tricks left or more, or (``inside``)
    positions inside a trick with two or more: the plain minimax value of
    the position with the cards below those its bounds rely on dealt again
    (the trick so far the same) lies within its bounds.
    """
    checked = 0
    for node in model_minimax(root):
        if bool(node.trick) != inside or node.left < (2 if inside else 3) or checked == 8:
            continue
        low, high, cards = node.ranked_bounds()
        if (low, high) == (node.value, node.value + node.left):
            continue
        checked += 1
        other = redealt_below(node, node.top(node.depth(cards)), redeal)
        result = model_minimax(other)[other]
        assert low <= other.value + result <= high, (node, other, low, high, result)


@pytest.mark.rule("felagsvist.trick.winner")
@given(state=deals_in_play(), seat=st.integers(min_value=0, max_value=3), seed=st.integers(0, 2**16))
def test_the_model_plays_a_deal_out_as_the_engine_does(state: FelagsvistState, seat: int, seed: int) -> None:
    # Card by card through the engine and the model side by side: the same
    # hands, seat to play, card winning each trick so far and trick winners,
    # the per-trick score, the card whose rank won each trick, and the
    # holders ladder, suit lengths, cards in hand and cards of the trick the
    # model keeps up card by card equal to those worked out afresh.
    rng = random.Random(seed)
    side = seat % 2
    start = already(state, side)
    node = state.ending(seat)
    deal = state.deal_number
    while not node.over:
        assert node.hands == state.hands and node.seat == state.current_player
        assert (node.holders, node.lengths) == (state.ending(seat).holders, state.ending(seat).lengths)
        assert node.in_hand == state.hands[0] | state.hands[1] | state.hands[2] | state.hands[3]
        assert node.played == sum(1 << card for card in state.trick)
        card = rng.choice(node.legal())
        trick = (*state.trick, card)
        state = state.apply(node.action(card))
        node = node.play(card)
        assert node.side == (0 if node.seat % 2 == side else 1)
        place = trick_winner(trick, node.rules.trump, node.rules.strength)
        if len(trick) < 4:
            assert node.won == 0 and (node.best, node.ahead) == (trick[place], place)
            continue
        winner = trick[place]
        contested = sum(other // 13 == winner // 13 for other in trick) > 1
        assert node.won == (1 << winner if contested else 0)
        assert node.value == score_now(state, side, deal) - start or node.over
        if not node.over:
            assert node.leader == state.current_player
    assert state.deal_number != deal or state.is_terminal


@given(
    state=endings(),
    seat=st.integers(min_value=0, max_value=3),
    picks=st.lists(st.integers(min_value=0, max_value=51), max_size=8),
)
def test_depth_and_top_cover_the_cards_down_to_the_weakest_relied_on(
    state: FelagsvistState, seat: int, picks: list[int]
) -> None:
    # depth() covers, in each suit, the ladder places from the strongest card
    # in hand down to the weakest of the cards given; top() reads the cards in
    # those places back. A card is in a place when that many cards of its
    # suit in hand rank above it, so the two agree card by card with the
    # strengths, and reading the cards back changes no suit's weakest card.
    node = state.ending(seat)
    strength = node.rules.strength
    left = node.hands[0] | node.hands[1] | node.hands[2] | node.hands[3]
    relevant = 0
    for card in picks:
        if left >> card & 1:
            relevant |= 1 << card
    covered = node.top(node.depth(relevant))
    for card in range(52):
        if not left >> card & 1:
            assert not covered >> card & 1
            continue
        suit = range(13 * (card // 13), 13 * (card // 13) + 13)
        relied = [other for other in suit if relevant >> other & 1]
        inside = bool(relied) and strength[card] >= min(strength[other] for other in relied)
        assert bool(covered >> card & 1) == inside, card
    assert node.depth(covered) == node.depth(relevant)
    tied = covered & ~relevant
    settled = node.settle(relevant, tied)
    assert settled == covered  # ties at or above the weakest all join
    assert node.settle(relevant, left & ~covered) == relevant  # ties all below it stay out


@given(
    state=endings(),
    seat=st.integers(min_value=0, max_value=3),
    picks=st.lists(st.integers(min_value=0, max_value=51), max_size=12),
)
def test_tops_are_the_strongest_card_of_each_suit(
    state: FelagsvistState, seat: int, picks: list[int]
) -> None:
    # tops() reads each suit's strongest card of a mask off the suit's strength
    # order; the engine's strength table says which card that is.
    node = state.ending(seat)
    strength = node.rules.strength
    mask = 0
    for card in picks:
        mask |= 1 << card
    expected = 0
    for suit in range(4):
        cards = [card for card in range(13 * suit, 13 * suit + 13) if mask >> card & 1]
        if cards:
            expected |= 1 << max(cards, key=strength.__getitem__)
    assert tops(node, mask) == expected


@given(ending=endings_in_play())
def test_the_bounds_inside_a_trick_stay_within_their_reach(ending: FelagsvistEnding) -> None:
    # The search asks for the bounds inside a trick only where reach() says
    # they could decide its window, so they must never go further than it says.
    if not ending.trick:
        return
    floor, ceiling = ending.reach()
    low, high, _ = ending.ranked_bounds()
    assert low <= floor and high >= ceiling, (ending, floor, ceiling, low, high)
