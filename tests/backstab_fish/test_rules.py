"""Backstab Fish rule tests: at least one small test for every rule id of the specification.

Opening situations come from explicit deals: the hands (as rank tokens) and the
top of the stock are turned into a deck order (``deal_order``) and dealt with
``game.from_deal(order, dealer=...)``. Situations later in a game (an empty
stock, empty hands, laid sets) are built directly with ``situation``, which
makes a consistent state value: its deal's deck holds exactly the cards of
the hands, the laid sets and the stock, so conservation holds in it too.
Whole-game properties play complete games with random legal actions.
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from collections.abc import Iterator, Sequence
from itertools import pairwise
from typing import Final

import pytest

from cardrules import TERMINAL, Card, IllegalActionError, InvalidDealError, InvalidNotationError, get_game
from cardrules.cards import JOKER, STANDARD_DECK, Joker, Rank, Suit
from cardrules.errors import InvalidOptionError
from cardrules.games.backstab_fish import (
    ALL_EMPTY,
    ASK,
    DECKS,
    EMPTY_LOG,
    LAY_DOWN,
    SOLE_HOLDER,
    STALL_LIMIT,
    Ask,
    BackstabFishGame,
    BackstabFishState,
    DealContext,
    Deck,
    EndTurn,
    FishRank,
    LayDown,
    counts_of,
    pack,
    parse_rank,
)
from cardrules.games.backstab_fish.turn import every_seat_asks, seat_asks
from cardrules.games.felagsvist import PlayCard

K, Q, J, A, T = FishRank.KING, FishRank.QUEEN, FishRank.JACK, FishRank.ACE, FishRank.TEN
TWO, THREE, FIVE, SEVEN, NINE = FishRank.TWO, FishRank.THREE, FishRank.FIVE, FishRank.SEVEN, FishRank.NINE
JK = FishRank.JOKER


# -- helpers ------------------------------------------------------------------------------


def game(**options: object) -> BackstabFishGame:
    chosen = get_game("backstab_fish", **options)
    assert isinstance(chosen, BackstabFishGame)
    return chosen


def ranks(text: str) -> list[FishRank]:
    return [parse_rank(token) for token in text.split()]


def card_of(rank: FishRank, copy: int = 0) -> Card:
    """A card of ``rank`` (the suits and packs cycle with ``copy``)."""
    if rank is FishRank.JOKER:
        return JOKER
    return Card(Rank(rank + 2), Suit(copy % 4))


def deal_order(
    hands: Sequence[str], stock_top: str = "", *, dealer: int = 0, deck: Deck = Deck.DOUBLE
) -> list[Card]:
    """A deck order that deals ``hands[seat]`` (rank tokens) to every seat, then ``stock_top``.

    backstab_fish.setup.deal gives card k to seat ``dealer + 1 + k`` (mod N);
    the rest of the deck follows the named top of the stock.
    """
    players = len(hands)
    pool: dict[FishRank, list[Card]] = {}
    for card in DECKS[deck]:
        rank = JK if isinstance(card, Joker) else FishRank(card.rank - 2)
        pool.setdefault(rank, []).append(card)
    wanted = [ranks(hand) for hand in hands]
    size = len(wanted[0])
    assert all(len(hand) == size for hand in wanted)
    order: list[Card] = []
    for k in range(size * players):
        seat = (dealer + 1 + k) % players
        order.append(pool[wanted[seat][k // players]].pop())
    for rank in ranks(stock_top):
        order.append(pool[rank].pop())
    order.extend(card for rank in sorted(pool) for card in pool[rank])
    assert len(order) == len(DECKS[deck])
    return order


def situation(
    hands: Sequence[str],
    stock: str = "",
    laid: Sequence[str] = (),
    *,
    to_act: int = 0,
    stall: int = 0,
    turns: int = 0,
    dealer: int | None = None,
    **options: object,
) -> BackstabFishState:
    """A state in the middle of a game: these hands, this stock (top first) and these laid sets."""
    chosen = game(players=len(hands), **options)
    laid_text = list(laid) + [""] * (len(hands) - len(laid))
    cards: list[Card] = []
    for text in [*hands, *laid_text]:
        cards += [card_of(rank, i) for i, rank in enumerate(ranks(text))]
    stock_ranks = ranks(stock)
    cards += [card_of(rank, i) for i, rank in enumerate(stock_ranks)]
    deal = DealContext(
        chosen.options,
        (to_act - 1) % len(hands) if dealer is None else dealer,
        tuple(cards),
        tuple(int(JK if isinstance(card, Joker) else card.rank - 2) for card in cards),
    )
    hand_counts = [pack(dict(Counter(int(r) for r in ranks(text)))) for text in hands]
    laid_sets = [pack(dict(Counter(int(r) for r in ranks(text)[::4]))) for text in laid_text]
    points = tuple(len(ranks(text)) // 4 for text in laid_text)
    return BackstabFishState(
        deal,
        tuple(hand_counts),
        tuple(len(ranks(text)) for text in hands),
        len(cards) - len(stock_ranks),
        tuple(laid_sets),
        points,
        to_act,
        ASK,
        -1,
        False,
        stall,
        turns,
        None,
        EMPTY_LOG,
    )


def counts(state: BackstabFishState, seat: int) -> dict[FishRank, int]:
    return {FishRank(r): n for r, n in enumerate(state.hand_counts(seat)) if n}


def play_random(state: BackstabFishState, seed: int, limit: int = 100_000) -> Iterator[BackstabFishState]:
    rng = random.Random(seed)
    yield state
    for _ in range(limit):
        actions = state.legal_actions()
        if not actions:
            return
        state = state.apply(rng.choice(actions))
        yield state
    raise AssertionError("the game did not end")


def final(options: dict[str, object], seed: int) -> BackstabFishState:
    *_, last = play_random(game(**options).new_game(seed), seed)
    return last


SEVEN_EACH: Final = ("2 2 3 3 4 4 5", "6 6 7 7 8 8 9", "T T J J Q Q K", "A A 2 3 4 5 6")


# -- setup ------------------------------------------------------------------------------


@pytest.mark.rule("backstab_fish.setup.players")
@pytest.mark.parametrize("players", range(4, 11))
def test_four_to_ten_players_make_that_many_seats(players: int) -> None:
    state = game(players=players).new_game(seed=players)
    assert state.players == players == len(state.sizes) == len(state.scores())
    assert game(players=str(players)).num_players == players


@pytest.mark.rule("backstab_fish.setup.players")
def test_four_players_is_the_default() -> None:
    assert game().num_players == 4 and game().options_dict()["players"] == 4


@pytest.mark.rule("backstab_fish.setup.players")
@pytest.mark.parametrize("bad", [3, 11, 0, -4, "x", "4.5", 4.5, True, ""])
def test_any_other_number_of_players_is_an_invalid_option(bad: object) -> None:
    with pytest.raises(InvalidOptionError) as info:
        game(players=bad)
    assert info.value.option == "players"


@pytest.mark.rule("backstab_fish.setup.deck")
@pytest.mark.parametrize(
    ("deck", "size", "copies"),
    [("double", 104, [8] * 13 + [0]), ("double-jokers", 108, [8] * 13 + [4]), ("single", 52, [4] * 13 + [0])],
)
def test_the_deck_size_and_copies_per_rank_follow_the_option(deck: str, size: int, copies: list[int]) -> None:
    chosen = game(deck=deck)
    assert len(chosen.pack()) == chosen.options.deck_size == size
    assert list(chosen.options.copies) == copies
    by_rank = Counter(JK if isinstance(card, Joker) else FishRank(card.rank - 2) for card in chosen.pack())
    assert [by_rank[rank] for rank in FishRank] == copies
    assert size // 4 in (26, 27, 13) and set(copies) <= {0, 4, 8}


@pytest.mark.rule("backstab_fish.setup.deck")
def test_two_packs_without_jokers_is_the_default_deck() -> None:
    chosen = game()
    assert chosen.options.deck is Deck.DOUBLE and not chosen.jokers
    assert Counter(chosen.pack()) == Counter(STANDARD_DECK * 2)
    assert game(deck="double-jokers").jokers


@pytest.mark.rule("backstab_fish.setup.deal")
def test_card_k_goes_k_seats_after_the_dealers_left_and_the_rest_is_the_stock() -> None:
    order = deal_order(SEVEN_EACH, "K Q", dealer=2)
    state = game().from_deal(order, dealer=2)
    for seat, text in enumerate(SEVEN_EACH):
        assert counts(state, seat) == dict(Counter(ranks(text)))
    shuffled = list(DECKS[Deck.DOUBLE])
    random.Random(3).shuffle(shuffled)
    dealt = game().from_deal(shuffled, dealer=2)
    for seat in range(4):
        mine = [card for k, card in enumerate(shuffled[:28]) if (2 + 1 + k) % 4 == seat]
        expected = Counter(JK if isinstance(card, Joker) else FishRank(card.rank - 2) for card in mine)
        assert counts(dealt, seat) == dict(expected)
    assert state.stock_size == 104 - 28 == 76
    assert state.stock_ranks()[:2] == (K, Q) and state.stock_cards() == tuple(order[28:])
    assert state.dealt_decks() == (tuple(order),)


@pytest.mark.rule("backstab_fish.setup.deal")
@pytest.mark.parametrize(
    ("deck", "players", "hand", "stock"),
    [
        ("double", 4, 7, 76),
        ("double", 10, 7, 34),
        ("double-jokers", 4, 7, 80),
        ("double-jokers", 10, 7, 38),
        ("single", 7, 7, 3),
        ("single", 8, 5, 12),
        ("single", 10, 5, 2),
    ],
)
def test_hand_size_and_stock_size(deck: str, players: int, hand: int, stock: int) -> None:
    state = game(deck=deck, players=players).new_game(seed=5)
    assert state.sizes == (hand,) * players and state.stock_size == stock


@pytest.mark.rule("backstab_fish.setup.deal")
def test_the_dealer_is_drawn_from_the_seed_and_every_seat_can_deal() -> None:
    dealers = Counter(game(players=5).new_game(seed).dealer for seed in range(200))
    assert set(dealers) == set(range(5))
    assert game().new_game(seed=9).compact() == game().new_game(seed=9).compact()


@pytest.mark.rule("common.deal.permutation")
def test_a_multiset_permutation_of_two_packs_is_accepted_in_any_order() -> None:
    order = list(DECKS[Deck.DOUBLE])
    random.Random(1).shuffle(order)
    state = game().from_deal([str(card) for card in order], dealer="p1")
    assert state.dealer == 1 and state.dealt_decks() == (tuple(order),)


@pytest.mark.rule("common.deal.permutation")
@pytest.mark.parametrize(
    ("change", "named"),
    [
        (lambda order: order[:-1], "missing"),
        (lambda order: [*order, order[0]], "extra"),
        (lambda order: [order[0], *order[:-1]], "extra"),
        (lambda order: [*order[:-1], JOKER], "JK"),
    ],
)
def test_a_deal_that_is_not_the_deck_is_refused_naming_the_cards(change: object, named: str) -> None:
    order = list(DECKS[Deck.DOUBLE])
    assert callable(change)
    with pytest.raises(InvalidDealError) as info:
        game().from_deal(change(order))
    assert "common.deal.permutation" in str(info.value) and named in str(info.value)


@pytest.mark.rule("common.deal.permutation")
def test_the_joker_deck_needs_its_four_jokers_written_jk() -> None:
    order = [str(card) for card in DECKS[Deck.DOUBLE_JOKERS]]
    state = game(deck="double-jokers").from_deal(order[::-1], dealer=0)
    assert sum(1 for card in state.dealt_decks()[0] if isinstance(card, Joker)) == 4
    with pytest.raises(InvalidDealError, match="missing JK"):
        game(deck="double-jokers").from_deal(order[:-1])
    with pytest.raises(InvalidDealError, match="one deal"):
        game().from_deal(DECKS[Deck.DOUBLE], later_deals=[DECKS[Deck.DOUBLE]])
    with pytest.raises(InvalidNotationError):
        game().from_deal(DECKS[Deck.DOUBLE], dealer=7)


# -- turns ------------------------------------------------------------------------------


@pytest.mark.rule("backstab_fish.turn.first")
@pytest.mark.parametrize("dealer", range(4))
def test_the_dealers_left_asks_first(dealer: int) -> None:
    state = game().from_deal(deal_order(SEVEN_EACH, dealer=dealer), dealer=dealer)
    assert state.current_player == (dealer + 1) % 4 and state.phase == ASK
    assert {action.seat for action in state.legal_actions()} == {(dealer + 1) % 4}


@pytest.mark.rule("backstab_fish.turn.sequence")
def test_a_turn_is_one_ask_then_at_most_one_lay_down_decision() -> None:
    # p1 holds three kings and asks p2 (who holds one) for it: four kings, a decision.
    state = situation(["2", "K K K 3", "K 5 5", "7"], "9 9 9", to_act=1)
    after = state.apply(Ask(1, 2, K, 1))
    assert after.current_player == 1 and after.phase == LAY_DOWN and after.target == 2
    assert set(after.legal_actions()) == {EndTurn(1), LayDown(1, (K,))}
    second = after.check(Ask(1, 3, THREE, 1))
    assert not second and second.rule_ids == ("backstab_fish.turn.sequence",)
    assert "no second ask" in second.reason
    done = after.apply(EndTurn(1))
    assert done.current_player == 2 and done.phase == ASK and done.turns == 1


@pytest.mark.rule("backstab_fish.turn.sequence")
def test_drawing_the_rank_asked_gives_no_second_ask() -> None:
    state = situation(["2", "K 3", "5", "7"], "K 9", to_act=1)
    after = state.apply(Ask(1, 3, K, 1))
    assert counts(after, 1) == {K: 2, THREE: 1} and after.current_player == 3


@pytest.mark.rule("backstab_fish.turn.sequence")
def test_laying_down_before_asking_is_out_of_sequence() -> None:
    state = situation(["K K K K", "3", "5", "7"], "9")
    verdict = state.check(LayDown(0, (K,)))
    assert verdict.rule_ids == ("backstab_fish.turn.sequence", "backstab_fish.sets.lay-down")
    assert "must ask first" in verdict.reason
    assert state.check(EndTurn(0)).rule_ids[0] == "backstab_fish.turn.sequence"


@pytest.mark.rule("backstab_fish.turn.next")
def test_the_turn_passes_to_the_target_after_a_grant() -> None:
    state = game().from_deal(deal_order(SEVEN_EACH, dealer=3), dealer=3)
    after = state.apply(Ask(0, 3, TWO, 1))
    assert counts(after, 0)[TWO] == 3 and TWO not in counts(after, 3) and after.current_player == 3


@pytest.mark.rule("backstab_fish.turn.next")
def test_the_turn_passes_to_the_target_after_go_fish() -> None:
    state = game().from_deal(deal_order(SEVEN_EACH, "9", dealer=3), dealer=3)
    after = state.apply(Ask(0, 3, TWO, 2))
    assert after.current_player == 3 and counts(after, 0)[NINE] == 1


@pytest.mark.rule("backstab_fish.turn.skip-empty")
def test_a_target_left_empty_with_no_stock_is_skipped_clockwise() -> None:
    # p0 takes p1's last king; p1 and p2 hold nothing, so the turn goes to p3.
    state = situation(["K 3", "K", "", "5 5 5"], to_act=0)
    after = state.apply(Ask(0, 1, K, 1))
    assert after.sizes == (3, 0, 0, 3) and after.current_player == 3
    skipped = [event.seat for event in after.events if event.kind == "skip"]
    assert skipped == [1, 2]


@pytest.mark.rule("backstab_fish.turn.skip-empty")
def test_the_skip_can_come_back_round_to_the_asker() -> None:
    # p3 takes p0's last king; p0, p1 and p2 hold nothing, so p3 asks again before p4.
    state = situation(["K", "", "", "K 3", "5 5"], to_act=3)
    after = state.apply(Ask(3, 0, K, 1))
    assert after.current_player == 3 and [e.seat for e in after.events if e.kind == "skip"] == [0, 1, 2]
    alone = situation(["K", "", "", "K 3", ""], to_act=3, stall_limit="none")
    # Had p4 been empty too, p3 would hold every card left: the game ends instead.
    assert alone.apply(Ask(3, 0, K, 1)).end_rule == SOLE_HOLDER
    back = situation(["K 2", "", "", "K 3", "5"], to_act=3, empty_target="allowed")
    after = back.apply(Ask(3, 1, K, 1))
    # p1 holds nothing: go fish with no stock; p1 and p2 are skipped and p3 asks again.
    assert after.current_player == 3 and [e.seat for e in after.events if e.kind == "skip"] == [1, 2]


# -- the ask ----------------------------------------------------------------------------


@pytest.mark.rule("backstab_fish.ask.target")
def test_asking_yourself_is_refused() -> None:
    state = situation(["K 3", "K", "5", "7"], "9")
    verdict = state.check(Ask(0, 0, K, 1))
    assert verdict.rule_ids == ("backstab_fish.ask.target",) and "cannot ask themselves" in verdict.reason
    with pytest.raises(IllegalActionError) as info:
        state.apply(Ask(0, 0, K, 1))
    assert info.value.verdict == verdict


@pytest.mark.rule("backstab_fish.ask.target")
def test_asking_a_player_with_no_cards_is_refused_by_default() -> None:
    state = situation(["K 3", "", "5", "7"])
    verdict = state.check(Ask(0, 1, K, 1))
    assert verdict.rule_ids == ("backstab_fish.ask.target",) and "p1 holds no cards" in verdict.reason
    assert all(isinstance(a, Ask) and a.target != 1 for a in state.legal_actions())


@pytest.mark.rule("backstab_fish.ask.target")
def test_with_empty_target_allowed_the_ask_fails_and_the_empty_player_is_skipped() -> None:
    state = situation(["K 3", "", "5", "7"], empty_target="allowed")
    assert state.check(Ask(0, 1, K, 1))
    after = state.apply(Ask(0, 1, K, 1))
    assert after.sizes == state.sizes and after.current_player == 2
    assert [event.kind for event in after.events] == ["ask", "go-fish", "skip"]
    assert after.stall == 1


@pytest.mark.rule("backstab_fish.ask.rank")
def test_asking_for_a_rank_you_do_not_hold_is_refused() -> None:
    state = game().from_deal(deal_order(SEVEN_EACH, dealer=3), dealer=3)
    verdict = state.check(Ask(0, 1, K, 1))
    assert verdict.rule_ids == ("backstab_fish.ask.rank",)
    assert verdict.reason == "p0 holds no kings, so cannot ask for them"


@pytest.mark.rule("backstab_fish.ask.rank")
def test_a_rank_held_four_times_may_still_be_asked_for() -> None:
    state = situation(["K K K K 3", "K", "5", "7"], "9")
    assert state.check(Ask(0, 1, K, 1)).legal
    after = state.apply(Ask(0, 1, K, 1))
    assert counts(after, 0)[K] == 5


@pytest.mark.rule("backstab_fish.ask.count")
@pytest.mark.parametrize(
    ("deck", "rank", "top"), [("double", K, 8), ("single", K, 4), ("double-jokers", JK, 4)]
)
def test_the_count_runs_from_one_to_the_copies_in_the_deck(deck: str, rank: FishRank, top: int) -> None:
    hands = ["JK 3" if rank is JK else "K 3", "5", "5", "7"]
    state = situation(hands, deck=deck)
    assert state.check(Ask(0, 1, rank, top)).legal
    for bad in (0, top + 1, -1):
        verdict = state.check(Ask(0, 1, rank, bad))
        assert verdict.rule_ids == ("backstab_fish.ask.count", "common.action.known")
        assert f"1 to {top}" in verdict.reason


@pytest.mark.rule("backstab_fish.ask.count")
def test_the_legal_asks_are_every_target_rank_and_count() -> None:
    state = game().from_deal(deal_order(SEVEN_EACH, dealer=3), dealer=3)
    held = sorted(set(ranks(SEVEN_EACH[0])))
    expected = [Ask(0, t, r, c) for t in (1, 2, 3) for r in held for c in range(1, 9)]
    assert list(state.legal_actions()) == expected
    joker_state = situation(["JK K", "5", "5", "7"], deck="double-jokers")
    jokers = [a for a in joker_state.legal_actions() if isinstance(a, Ask) and a.rank is JK]
    assert sorted({a.count for a in jokers}) == [1, 2, 3, 4]


@pytest.mark.rule("common.action.known")
@pytest.mark.rule("backstab_fish.ask.rank")
def test_the_joker_rank_is_unknown_without_jokers() -> None:
    state = situation(["K", "5", "5", "7"])
    verdict = state.check(Ask(0, 1, JK, 1))
    assert verdict.rule_ids == ("backstab_fish.ask.rank", "common.action.known")
    assert "no jokers" in verdict.reason


# -- the answer -------------------------------------------------------------------------


@pytest.mark.rule("backstab_fish.answer.give")
def test_the_target_hands_over_exactly_the_count_and_keeps_the_rest() -> None:
    state = situation(["K 3", "K K K 5", "5", "7"], "9")
    after = state.apply(Ask(0, 1, K, 2))
    assert counts(after, 0) == {K: 3, THREE: 1} and counts(after, 1) == {K: 1, FIVE: 1}
    assert after.stock_size == 1 and after.sizes == (4, 2, 1, 1)
    assert [(e.kind, e.seat, e.other, e.count) for e in after.events] == [("ask", 0, 1, 2), ("give", 1, 0, 2)]


@pytest.mark.rule("backstab_fish.answer.give")
def test_all_of_rank_hands_over_every_card_of_the_rank() -> None:
    state = situation(["K 3", "K K K 5", "5", "7"], "9", give="all-of-rank")
    after = state.apply(Ask(0, 1, K, 2))
    assert counts(after, 0) == {K: 4, THREE: 1} and counts(after, 1) == {FIVE: 1}
    refused = state.apply(Ask(0, 1, K, 4))
    assert counts(refused, 1)[K] == 3 and counts(refused, 0)[NINE] == 1


@pytest.mark.rule("backstab_fish.answer.go-fish")
def test_too_few_cards_is_go_fish_and_the_asker_draws_the_top_card() -> None:
    state = situation(["K 3", "K 5", "5", "7"], "9 2")
    after = state.apply(Ask(0, 1, K, 2))
    assert counts(after, 1) == {K: 1, FIVE: 1}
    assert counts(after, 0) == {K: 1, THREE: 1, NINE: 1} and after.stock_ranks() == (TWO,)
    event = after.events[-1]
    assert (event.kind, event.seat, event.other, event.count) == ("go-fish", 1, 0, 1)


@pytest.mark.rule("backstab_fish.answer.go-fish")
def test_go_fish_with_an_empty_stock_draws_nothing() -> None:
    state = situation(["K 3", "5", "5", "7"])
    after = state.apply(Ask(0, 1, K, 1))
    assert after.hands == state.hands and after.stock_size == 0 and after.current_player == 1
    assert after.events[-1].count == 0


# -- sets and empty hands ---------------------------------------------------------------


@pytest.mark.rule("backstab_fish.sets.lay-down")
def test_the_lay_down_choices_are_every_vector_of_sets() -> None:
    # After the ask p0 holds 8 kings and 4 sevens: (0..2) x (0..1) = 6 choices.
    state = situation(["K K K K K K K 7 7 7 7", "K 5", "5", "3"], "9")
    after = state.apply(Ask(0, 1, K, 1))
    choices = after.legal_actions()
    assert choices[0] == EndTurn(0)
    assert set(choices[1:]) == {
        LayDown(0, sets) for sets in [(K,), (K, K), (SEVEN,), (SEVEN, K), (SEVEN, K, K)]
    }
    two = after.apply(LayDown(0, (K, SEVEN, K)))
    # p0 laid all twelve cards, so refills with the one card left in the stock.
    assert two.laid_sets(0) == (SEVEN, K, K) and two.scores()[0] == 3 and counts(two, 0) == {NINE: 1}
    assert two.stall == 0


@pytest.mark.rule("backstab_fish.sets.lay-down")
def test_laying_down_fewer_than_four_is_refused() -> None:
    state = situation(["K K K 7 7 7", "K", "5", "3"], "9")
    after = state.apply(Ask(0, 1, K, 1))
    verdict = after.check(LayDown(0, (SEVEN,)))
    assert verdict.rule_ids == ("backstab_fish.sets.lay-down", "common.cards.held")
    assert "a set is four cards of one rank and p0 holds 3 sevens" in verdict.reason
    two = after.check(LayDown(0, (K, K)))
    assert not two and "2 sets of kings take 8 cards and p0 holds 4" in two.reason


@pytest.mark.rule("backstab_fish.sets.lay-down")
def test_sets_kept_in_hand_can_be_asked_for_and_taken() -> None:
    state = situation(["K K K K 3", "K K 5", "5", "7"], "9 9")
    kept = state.apply(Ask(0, 1, K, 1)).apply(EndTurn(0))
    assert counts(kept, 0)[K] == 5 and kept.current_player == 1
    taken = kept.apply(Ask(1, 0, K, 5))
    assert counts(taken, 1)[K] == 6 and K not in counts(taken, 0)


@pytest.mark.rule("backstab_fish.sets.lay-down")
def test_compulsory_lay_down_lays_every_set_with_no_decision() -> None:
    state = situation(["K K K 7 7 7 7 3", "K 5", "5", "7"], "9", lay_down="compulsory")
    after = state.apply(Ask(0, 1, K, 1))
    assert after.current_player == 1 and after.laid_sets(0) == (SEVEN, K) and after.scores()[0] == 2
    assert all(isinstance(action, Ask) for action in after.legal_actions())


@pytest.mark.rule("backstab_fish.sets.lay-down")
def test_no_decision_without_four_of_a_rank() -> None:
    state = situation(["K K 3", "K 5", "5", "7"], "9")
    after = state.apply(Ask(0, 1, K, 1))
    assert after.phase == ASK and after.current_player == 1


@pytest.mark.rule("backstab_fish.refill.seven")
def test_a_target_emptied_by_the_hand_over_draws_seven() -> None:
    state = situation(["K 3", "K K", "5", "7"], "2 2 3 3 4 4 5 5 6")
    after = state.apply(Ask(0, 1, K, 2))
    assert after.sizes[1] == 7 and after.stock_ranks() == (FishRank.FIVE, FishRank.SIX)
    assert after.current_player == 1 and after.stall == 0


@pytest.mark.rule("backstab_fish.refill.seven")
def test_a_short_stock_refills_with_what_is_left() -> None:
    state = situation(["K 3", "K", "5", "7"], "2 3")
    after = state.apply(Ask(0, 1, K, 1))
    assert after.sizes[1] == 2 and after.stock_size == 0


@pytest.mark.rule("backstab_fish.refill.seven")
def test_an_asker_emptied_by_laying_down_draws_and_cannot_lay_the_new_cards() -> None:
    state = situation(["K K K", "K 5", "5", "7"], "9 9 9 9 2 2 2 2")
    after = state.apply(Ask(0, 1, K, 1)).apply(LayDown(0, (K,)))
    assert after.sizes[0] == 7 and counts(after, 0) == {NINE: 4, TWO: 3}
    assert after.current_player == 1 and after.phase == ASK
    empty = situation(["K K K", "K 2", "5", "7"]).apply(Ask(0, 1, K, 1)).apply(LayDown(0, (K,)))
    assert empty.sizes[0] == 0 and not empty.is_terminal


# -- the end ----------------------------------------------------------------------------


@pytest.mark.rule("backstab_fish.end.all-empty")
def test_the_game_ends_when_stock_and_hands_are_empty() -> None:
    state = situation(["K K K", "K", "", ""], laid=["", "", "5 5 5 5", ""])
    after = state.apply(Ask(0, 1, K, 1)).apply(LayDown(0, (K,)))
    assert after.is_terminal and after.end_rule == ALL_EMPTY and after.current_player == TERMINAL
    assert after.scores() == (1, 0, 1, 0)


@pytest.mark.rule("backstab_fish.end.sole-holder")
def test_the_game_ends_when_one_player_holds_every_card_left() -> None:
    state = situation(["K K K 5 5 5 5", "K", "", ""])
    after = state.apply(Ask(0, 1, K, 1))
    assert after.phase == LAY_DOWN
    ended = after.apply(EndTurn(0))
    assert ended.is_terminal and ended.end_rule == SOLE_HOLDER
    assert ended.scores() == (2, 0, 0, 0) and ended.sizes == (0, 0, 0, 0)


@pytest.mark.rule("backstab_fish.end.sole-holder")
def test_the_sole_holders_cards_split_into_sets() -> None:
    for seed in range(30):
        last = final({"players": 5, "deck": "single"}, seed)
        if last.end_rule == SOLE_HOLDER:
            events = [e for e in last.events if e.kind == "final-lay-down"]
            assert len(events) == 1 and sum(last.sizes) == 0
            return
    pytest.fail("no sole-holder end in 30 games")


@pytest.mark.rule("backstab_fish.end.stall-limit")
def test_k_unproductive_turns_in_a_row_end_the_game() -> None:
    state = situation(["K 3", "5 2", "5", "7"], stall=2, stall_limit=3)
    after = state.apply(Ask(0, 1, K, 1))
    assert after.is_terminal and after.end_rule == STALL_LIMIT and after.stall == 3


@pytest.mark.rule("backstab_fish.end.stall-limit")
def test_a_productive_turn_resets_the_count() -> None:
    state = situation(["K 3", "5 2", "5", "7"], "9", stall=2, stall_limit=3)
    after = state.apply(Ask(0, 1, K, 1))
    assert not after.is_terminal and after.stall == 0
    again = after.apply(Ask(1, 0, TWO, 1))
    assert again.stall == 1 and not again.is_terminal


@pytest.mark.rule("backstab_fish.end.stall-limit")
def test_the_default_limit_is_a_hundred_turns_per_player_and_none_removes_it() -> None:
    assert game().options.stall_limit == 400 and game(players=7).options_dict()["stall_limit"] == 700
    assert game(stall_limit="none").options.stall_limit is None
    assert game(stall_limit="none").options_dict()["stall_limit"] == "none"
    state = situation(["K 3", "5 2", "5", "7"], stall=10**6, stall_limit="none")
    assert not state.apply(Ask(0, 1, K, 1)).is_terminal
    for bad in (0, -1, "0", "many", 2.5):
        with pytest.raises(InvalidOptionError) as info:
            game(stall_limit=bad)
        assert info.value.option == "stall_limit"


@pytest.mark.rule("backstab_fish.end.stall-limit")
def test_the_literal_game_can_loop_for_ever() -> None:
    """Disputed point 7 (i): two players trade one king back and forth and the position recurs."""
    start = situation(["K K 3", "K K 5", "", ""], stall_limit="none")
    state = start
    for _ in range(50):
        state = state.apply(Ask(0, 1, K, 1)).apply(Ask(1, 0, K, 1))
    assert state.hands == start.hands and state.current_player == 0 and not state.is_terminal
    limited = situation(["K K 3", "K K 5", "", ""], stall_limit=100)
    for _ in range(100):
        assert not limited.is_terminal
        limited = limited.apply(Ask(limited.current_player, 1 - limited.current_player, K, 1))
    assert limited.is_terminal and limited.turns == 100


@pytest.mark.rule("backstab_fish.end.final-lay-down")
def test_every_set_in_hand_is_laid_at_the_end() -> None:
    state = situation(["K K K K 3", "7 7 7 7 7 7 7 7 5", "", ""], stall=0, stall_limit=1)
    after = state.apply(Ask(0, 1, THREE, 1))
    assert after.phase == LAY_DOWN
    ended = after.apply(EndTurn(0))
    assert ended.end_rule == STALL_LIMIT
    assert ended.laid_sets(0) == (K,) and ended.laid_sets(1) == (SEVEN, SEVEN)
    assert ended.scores() == (1, 2, 0, 0) and ended.sizes == (1, 1, 0, 0)
    assert all(max(ended.hand_counts(seat)) < 4 for seat in range(4))


@pytest.mark.rule("backstab_fish.end.final-lay-down")
def test_final_lay_down_off_scores_only_sets_laid_in_turns_and_never_refills() -> None:
    state = situation(["K K K K 3", "7 7 7 7 5", "", ""], stall_limit=1, final_lay_down="off")
    ended = state.apply(Ask(0, 1, THREE, 1)).apply(EndTurn(0))
    assert ended.scores() == (0, 0, 0, 0) and counts(ended, 1)[SEVEN] == 4
    # A stall end with cards in the stock: the final lay-down empties p0's hand and draws nothing.
    stall_end = situation(["K K K K", "7 5", "2", "2"], "9 9", stall=0, stall_limit=1, empty_target="allowed")
    ended = stall_end.apply(Ask(0, 2, K, 1))
    assert ended.is_terminal is False and ended.phase == LAY_DOWN
    ended = situation(["K K K K", "7 5", "2", "2"], "", stall=0, stall_limit=1).apply(Ask(0, 2, K, 1))
    assert ended.phase == LAY_DOWN
    ended = ended.apply(EndTurn(0))
    assert ended.end_rule == STALL_LIMIT and ended.sizes[0] == 0 and ended.laid_sets(0) == (K,)


@pytest.mark.rule("backstab_fish.score.per-set")
def test_each_laid_set_scores_one_point_for_its_owner() -> None:
    state = situation(["K K K K K K K K 3", "5", "5", "7"], "9", laid=["", "Q Q Q Q", "", ""])
    after = state.apply(Ask(0, 1, THREE, 1)).apply(LayDown(0, (K, K)))
    assert after.scores() == (2, 1, 0, 0)
    assert after.scores() == tuple(len(after.laid_sets(seat)) for seat in range(4))


@pytest.mark.rule("backstab_fish.score.winners")
def test_every_player_tied_for_the_top_score_wins() -> None:
    state = situation(["K K K", "K", "", ""], laid=["", "5 5 5 5", "", "Q Q Q Q 2 2 2 2"])
    ended = state.apply(Ask(0, 1, K, 1)).apply(LayDown(0, (K,)))
    assert ended.scores() == (1, 1, 0, 2) and ended.winners() == (3,)
    tie = situation(["K K K", "K", "", ""], laid=["", "5 5 5 5", "", ""]).apply(Ask(0, 1, K, 1))
    tie = tie.apply(LayDown(0, (K,)))
    assert tie.winners() == (0, 1)
    with pytest.raises(ValueError, match="not over"):
        state.winners()


# -- information ------------------------------------------------------------------------


@pytest.mark.rule("backstab_fish.info.hidden")
def test_an_observation_shows_the_own_hand_and_only_sizes_of_the_others() -> None:
    one = situation(["K 3", "5 5 2", "7 9", "Q"], "A J T")
    other = situation(["K 3", "2 9 7", "5 5", "Q"], "T A J")
    for seat in (0, 3):
        assert one.observation(seat) == other.observation(seat)
    assert one.observation(1) != other.observation(1)
    seen = one.observation(0)
    assert seen.hand == (THREE, K) and seen.hand_sizes == (2, 3, 2, 1) and seen.stock_size == 3
    assert "5" not in str(seen).split("hand:")[1].split("\n")[0]


@pytest.mark.rule("backstab_fish.info.hidden")
def test_a_drawn_card_is_seen_only_by_the_drawer() -> None:
    one = situation(["K 3", "5", "7", "Q"], "A J").apply(Ask(0, 1, K, 1))
    other = situation(["K 3", "5", "7", "Q"], "J A").apply(Ask(0, 1, K, 1))
    assert one.observation(1) == other.observation(1)
    assert one.observation(0) != other.observation(0)


@pytest.mark.rule("backstab_fish.info.public")
def test_asks_answers_sizes_and_sets_are_public_to_everyone() -> None:
    state = situation(["K K K 3", "K 5", "5", "7"], "9 9 9 9 9 9 9 9", laid=["", "", "", "2 2 2 2"])
    after = state.apply(Ask(0, 1, K, 1)).apply(LayDown(0, (K,)))
    views = [after.observation(seat) for seat in range(4)]
    for view in views:
        assert view.events == views[0].events and view.hand_sizes == after.sizes
        assert view.laid == ((K,), (), (), (TWO,)) and view.scores == (1, 0, 0, 1)
        assert view.stall == 0 and view.current_player == 1 and view.dealer == after.dealer
    assert [str(event) for event in views[0].events] == [
        "p0 asks p1 for 1 king",
        "p1 hands 1 king to p0",
        "p0 lays down K",
    ]
    fish = situation(["K 3", "5", "7", "Q"], "A J").apply(Ask(0, 1, K, 2))
    assert str(fish.observation(2).events[-1]) == "p1 says go fish; p0 draws 1 card"


# -- invariants over whole games ----------------------------------------------------------

OPTION_SETS: Final[tuple[dict[str, object], ...]] = (
    {},
    {"players": 10},
    {"players": 7, "deck": "double-jokers", "give": "all-of-rank"},
    {"players": 9, "deck": "single", "lay_down": "compulsory"},
    {"players": 5, "empty_target": "allowed", "stall_limit": 6, "final_lay_down": "off"},
    {"players": 4, "deck": "single", "stall_limit": 2},
)


def _games() -> Iterator[tuple[dict[str, object], list[BackstabFishState]]]:
    for number, options in enumerate(OPTION_SETS):
        for seed in range(2):
            yield options, list(play_random(game(**options).new_game(seed + 10 * number), seed))


GAMES: Final = list(_games())


@pytest.mark.rule("backstab_fish.invariant.card-conservation")
def test_hands_stock_and_laid_sets_always_hold_the_whole_deck() -> None:
    for options, states in GAMES:
        copies = game(**options).options.copies
        for state in states:
            total = [0] * 14
            for seat in range(state.players):
                for rank, n in enumerate(state.hand_counts(seat)):
                    total[rank] += n
                for rank, n in enumerate(state.laid_counts(seat)):
                    total[rank] += 4 * n
            for rank in state.stock_ranks():
                total[rank] += 1
            assert tuple(total) == copies
            dealt = len(game(**options).pack())
            assert sum(state.sizes) + state.stock_size + 4 * sum(state.scores()) == dealt


@pytest.mark.rule("backstab_fish.invariant.rank-multiples")
def test_cards_outside_laid_sets_are_a_multiple_of_four_per_rank() -> None:
    for _, states in GAMES:
        for state in states:
            outside = [0] * 14
            for seat in range(state.players):
                for rank, n in enumerate(state.hand_counts(seat)):
                    outside[rank] += n
            for rank in state.stock_ranks():
                outside[rank] += 1
            assert all(n % 4 == 0 for n in outside)


@pytest.mark.rule("backstab_fish.invariant.empty-hand-empty-stock")
def test_a_hand_is_empty_only_when_the_stock_is() -> None:
    for _, states in GAMES:
        for state in states[:-1]:
            if state.stock_size:
                assert all(state.sizes)
            assert state.sizes[state.current_player] > 0


@pytest.mark.rule("backstab_fish.invariant.monotone")
def test_the_stock_shrinks_and_sets_and_scores_grow() -> None:
    for _, states in GAMES:
        start = states[0]
        for before, after in pairwise(states):
            assert after.stock_size <= before.stock_size
            assert all(a >= b for a, b in zip(after.scores(), before.scores(), strict=True))
            assert all(set(before.laid_sets(s)) <= set(after.laid_sets(s)) for s in range(after.players))
            if after.turns == start.turns:
                continue
            # A turn ended: it was productive exactly when the stock shrank or a set was laid during it.
            if not after.is_terminal:
                took = after.stock_size < start.stock_size
                laid = sum(after.scores()) > sum(start.scores())
                assert (after.stall == 0) == (took or laid)
                assert after.stall in (0, start.stall + 1)
            start = after


@pytest.mark.rule("backstab_fish.invariant.legal-set-nonempty")
def test_the_player_to_act_always_has_a_legal_action() -> None:
    for _, states in GAMES:
        for state in states[:-1]:
            actions = state.legal_actions()
            assert actions and all(state.check(action).legal for action in actions[:50])
            if state.phase == LAY_DOWN:
                assert actions[0] == EndTurn(state.current_player)
        assert states[-1].is_terminal and states[-1].legal_actions() == ()


def test_the_asks_and_legal_actions_a_state_carries_are_those_worked_out_afresh() -> None:
    """A state keeps each seat's asks, sharing them with the state before; they are never stale."""
    shared = 0
    for _, states in GAMES:
        for before, state in pairwise(states):
            afresh = dataclasses.replace(state)  # built by the constructor, which works everything out
            assert state.asks == afresh.asks == every_seat_asks(state.deal, state.hands, state.sizes)
            assert state.legal_actions() == afresh.legal_actions(), state.compact()
            shared += sum(mine is theirs for mine, theirs in zip(state.asks, before.asks, strict=True))
            if state.phase == ASK and not state.is_terminal:
                seat = state.current_player
                assert state.legal_actions() == seat_asks(state.deal, seat, state.hands[seat], state.sizes)
    assert shared  # the states of a game do share them


@pytest.mark.rule("backstab_fish.invariant.end-state")
def test_a_natural_end_with_the_final_lay_down_lays_every_card() -> None:
    for options, states in GAMES:
        last = states[-1]
        deck = len(game(**options).pack())
        assert sum(last.scores()) <= deck // 4
        if last.end_rule in (ALL_EMPTY, SOLE_HOLDER) and options.get("final_lay_down", "on") == "on":
            assert sum(last.scores()) == deck // 4 and sum(last.sizes) == 0 and last.stock_size == 0


@pytest.mark.rule("backstab_fish.invariant.termination")
def test_every_game_ends_within_the_bound() -> None:
    for options, states in GAMES:
        chosen = game(**options)
        limit = chosen.options.stall_limit
        assert limit is not None
        start = states[0]
        bound = (start.stock_size + len(chosen.pack()) // 4 + 1) * limit
        assert states[-1].is_terminal and states[-1].turns <= bound


# -- common rules -----------------------------------------------------------------------


@pytest.mark.rule("common.turn.player-to-act")
def test_an_ask_out_of_turn_is_refused_and_changes_nothing() -> None:
    state = situation(["K 3", "K 5", "5", "7"], "9")
    verdict = state.check(Ask(1, 0, K, 1))
    assert (
        verdict.rule_ids == ("common.turn.player-to-act",) and "it is p0's turn, not p1's" in verdict.reason
    )
    with pytest.raises(IllegalActionError):
        state.apply(Ask(1, 0, K, 1))
    both = state.check(Ask(2, 2, K, 1))
    assert both.rule_ids == (
        "common.turn.player-to-act",
        "backstab_fish.ask.target",
        "backstab_fish.ask.rank",
    )


@pytest.mark.rule("common.cards.held")
def test_laying_down_cards_not_held_names_the_held_rule() -> None:
    after = situation(["K K K 3", "K 5", "5", "7"], "9").apply(Ask(0, 1, K, 1))
    verdict = after.check(LayDown(0, (THREE,)))
    assert "common.cards.held" in verdict.rule_ids and "p0 holds 1 three" in verdict.reason


@pytest.mark.rule("common.game.over")
def test_no_action_is_legal_after_the_end() -> None:
    last = final({}, 3)
    assert last.is_terminal and last.legal_actions() == ()
    for action in (Ask(0, 1, K, 1), EndTurn(0), LayDown(1, (K,))):
        verdict = last.check(action)
        assert verdict.rule_ids == ("common.game.over",)
        with pytest.raises(IllegalActionError):
            last.apply(action)


@pytest.mark.rule("common.action.known")
@pytest.mark.parametrize(
    "text",
    [
        "",
        "p0 ask",
        "p0 ask p1 2",
        "p0 ask p1 for two K",
        "p0 ask p1 for 2 Z",
        "p0 lay down",
        "p0 fly",
        "p0 end game",
    ],
)
def test_unreadable_action_text_is_invalid_notation(text: str) -> None:
    with pytest.raises(InvalidNotationError):
        situation(["K 3", "K 5", "5", "7"]).parse_action(text)


@pytest.mark.rule("common.action.known")
def test_other_games_actions_and_seats_outside_the_table_are_unknown() -> None:
    state = situation(["K 3", "K 5", "5", "7"])
    assert state.check(PlayCard(0, STANDARD_DECK[0])).rule_ids == ("common.action.known",)
    assert state.check(Ask(4, 1, K, 1)).rule_ids == ("common.action.known",)
    assert state.check(Ask(0, 9, K, 1)).rule_ids == ("backstab_fish.ask.target", "common.action.known")
    assert state.parse_action("p9 ask p1 for 1 K") == Ask(9, 1, K, 1)


@pytest.mark.rule("common.action.known")
def test_action_text_round_trips() -> None:
    state = situation(["K K K 3", "K 5", "5", "7"], "9")
    for text, action in [
        ("p0 ask p3 for 2 K", Ask(0, 3, K, 2)),
        ("ask p3 2 kings", Ask(0, 3, K, 2)),
        ("p1 lay down K 7 K", LayDown(1, (SEVEN, K, K))),
        ("p0 lay JK", LayDown(0, (JK,))),
        ("p2 end turn", EndTurn(2)),
        ("end", EndTurn(0)),
        ("P0 ASK P1 FOR 10 10", Ask(0, 1, T, 10)),
    ]:
        parsed = state.parse_action(text)
        assert parsed == action
        assert state.parse_action(str(parsed)) == parsed
    assert str(Ask(0, 3, K, 2)) == "p0 ask p3 for 2 K" and str(LayDown(1, (K, SEVEN))) == "p1 lay down 7 K"
    assert counts_of(pack({K: 2})) == tuple(2 if r == K else 0 for r in range(14))


@pytest.mark.rule("common.action.known")
def test_rank_words_are_read_singular_or_plural() -> None:
    from cardrules.games.backstab_fish.cards import parse_rank

    for singular, plural in (("ace", "aces"), ("six", "sixes"), ("king", "kings"), ("joker", "jokers")):
        assert parse_rank(singular) == parse_rank(plural) == parse_rank(singular.upper())
    state = game().new_game(seed=1)
    ask = state.legal_actions()[0]
    assert isinstance(ask, Ask)
    word = ask.rank.named(1) if ask.count == 1 else ask.rank.plural
    other = ask.rank.plural if ask.count == 1 else ask.rank.named(1)
    text = f"p{ask.seat} ask p{ask.target} for {ask.count} {other}"
    assert state.parse_action(text) == ask, (word, text)
