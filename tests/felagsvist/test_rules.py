"""Félagsvist rule tests: at least one small test for every rule id of the specification.

Exact situations come from explicit deals: four hands are turned into a deck
order (``deck_from_hands``) and dealt with ``game.from_deal(deck, dealer=...)``.
Whole-game properties play complete games with a fixed policy and check every
trick against an independent oracle written here from the specification's words
(``oracle_winner``, ``oracle_score``), not from the engine's code.

A real tie is reached, not constructed: ``find_tie`` plays the games of seeds
0, 1, 2, ... with the fixed policy "play the first legal action" until one ends
with equal totals (about one seed in twenty does). Under ``tiebreak=play-on`` the
same seed and policy replay the same twelve deals, so that game reaches deal 13.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, replace
from itertools import pairwise
from types import MappingProxyType
from typing import Final

import pytest

from cardrules import (
    STANDARD_DECK,
    TERMINAL,
    Action,
    Card,
    IllegalActionError,
    InvalidDealError,
    InvalidNotationError,
    InvalidOptionError,
    Rank,
    Suit,
    get_game,
    parse_card,
)
from cardrules.cards import Cards, card_at, cards_in
from cardrules.games.felagsvist import (
    FelagsvistGame,
    FelagsvistState,
    NoloAce,
    PlayCard,
    RoundKind,
    Scoring,
    Tiebreak,
    deal_scores,
    round_kind,
    trump_suit,
)
from cardrules.games.felagsvist.cards import strength_table
from cardrules.games.felagsvist.play import playable, trick_winner
from tests.conftest import complete_hands, deck_from_hands, oracle_score, oracle_winner

# -- helpers -----------------------------------------------------------------------

N, E, S, W = 0, 1, 2, 3
NS, EW = 0, 1
KINDS_IN_ORDER = ("hearts", "spades", "grand", "diamonds", "clubs", "nolo")
TRUMP_OF: Final[Mapping[str, Suit]] = MappingProxyType(
    {"hearts": Suit.HEARTS, "spades": Suit.SPADES, "diamonds": Suit.DIAMONDS, "clubs": Suit.CLUBS}
)

Policy = Callable[[FelagsvistState], Action]


def felagsvist(**options: str) -> FelagsvistGame:
    game = get_game("felagsvist", **options)
    assert isinstance(game, FelagsvistGame)
    return game


def deal(hands: tuple[str, str, str, str], *, dealer: int = W, **options: str) -> FelagsvistState:
    """Deal 1 of a game with these exact hands (N, E, S, W) and this dealer."""
    state = felagsvist(**options).from_deal(deck_from_hands(hands, dealer), dealer=dealer)
    for seat, text in enumerate(hands):
        assert held(state, seat) == set(text.split()), "the deck builder dealt the wrong hands"
    return state


def play(state: FelagsvistState, *texts: str) -> FelagsvistState:
    for text in texts:
        state = state.apply(state.parse_action(text))
    return state


def held(state: FelagsvistState, seat: int) -> set[str]:
    return {str(card) for card in cards_in(state.hands[seat])}


def card_of(action: Action) -> Card:
    assert isinstance(action, PlayCard)
    return action.card


def legal(state: FelagsvistState) -> set[str]:
    return {str(card_of(action)) for action in state.legal_actions()}


def ids_of(state: FelagsvistState, text: str) -> tuple[str, ...]:
    return state.check(state.parse_action(text)).rule_ids


def assert_refused(state: FelagsvistState, action: Action, *rule_ids: str) -> None:
    """``action`` is illegal with exactly ``rule_ids``, and applying it changes nothing."""
    verdict = state.check(action)
    assert not verdict.legal
    assert verdict.rule_ids == rule_ids, verdict
    before = replace(state)
    with pytest.raises(IllegalActionError) as info:
        state.apply(action)
    assert info.value.verdict == verdict
    for rule in rule_ids:
        assert rule in str(info.value)
    assert state == before


def first_legal(state: FelagsvistState) -> Action:
    return state.legal_actions()[0]


def random_policy(seed: int) -> Policy:
    rng = random.Random(seed)

    def choose(state: FelagsvistState) -> Action:
        actions = state.legal_actions()
        return actions[rng.randrange(len(actions))]

    return choose


def walk(state: FelagsvistState, policy: Policy) -> Iterator[FelagsvistState]:
    """Every state of the game from ``state`` to its end, both included."""
    yield state
    while not state.is_terminal:
        state = state.apply(policy(state))
        yield state


def finish(state: FelagsvistState, policy: Policy = first_legal) -> FelagsvistState:
    while not state.is_terminal:
        state = state.apply(policy(state))
    return state


def finish_deal(state: FelagsvistState, policy: Policy = first_legal) -> FelagsvistState:
    """Play until the current deal has been scored (the next deal's start or the end)."""
    number = state.deal_number
    while not state.is_terminal and state.deal_number == number:
        state = state.apply(policy(state))
    return state


@dataclass(frozen=True)
class DealRecord:
    number: int
    kind: RoundKind
    dealer: int
    first_leader: int
    tricks: tuple[int, int]
    plays: int
    score: tuple[int, int]
    totals: tuple[int, int]


def play_game(game: FelagsvistGame, seed: int, policy: Policy) -> tuple[list[DealRecord], FelagsvistState]:
    """Play a whole game, checking every trick against the oracle; one record per deal."""
    state = game.new_game(seed=seed)
    records: list[DealRecord] = []
    tricks = [0, 0]
    number, kind, dealer, first_leader = 0, RoundKind.HEARTS, 0, 0
    while not state.is_terminal:
        if not state.plays:
            number, kind, dealer, first_leader = (
                state.deal_number,
                state.round_kind,
                state.dealer,
                state.current_player,
            )
            tricks = [0, 0]
        action = policy(state)
        after = state.apply(action)
        if len(state.trick) == 3:
            cards = [card_at(c) for c in state.trick] + [card_of(action)]
            winner = oracle_winner(cards, state.leader, kind, game.options.nolo_ace)
            tricks[winner % 2] += 1
            if sum(tricks) < 13:
                assert after.leader == winner == after.current_player
                assert after.tricks == (tricks[0], tricks[1])
            else:
                records.append(
                    DealRecord(
                        number,
                        kind,
                        dealer,
                        first_leader,
                        (tricks[0], tricks[1]),
                        len(state.plays) + 1,
                        after.deal_scores[-1],
                        after.totals,
                    )
                )
        state = after
    return records, state


def find_tie(**options: str) -> int:
    """The first seed whose game, played by always taking the first legal action, ties."""
    game = felagsvist(**options, tiebreak="none")
    for seed in range(300):
        end = finish(game.new_game(seed=seed))
        if end.totals[NS] == end.totals[EW]:
            return seed
    pytest.fail(f"no tie among seeds 0-299 with options {options}")


def count_cards(state: FelagsvistState) -> Counter[Card]:
    places = [*state.hands, state.won[NS], state.won[EW]]
    counted: Counter[Card] = Counter(card for mask in places for card in cards_in(mask))
    counted.update(card_at(c) for c in state.trick)
    return counted


SPADES = "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S"
HEARTS = "AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H"
DIAMONDS = "AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D"
CLUBS = "AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C"
SUIT_HANDS = (SPADES, HEARTS, DIAMONDS, CLUBS)
"""N holds every spade, E every heart, S every diamond, W every club."""

MIXED = (
    "AS KS QS JS TS 2H 3H 2D 3D 4D 2C 3C 4C",
    "9S 8S 7S 4H 5H 6H 7H 5D 6D 7D 8D 5C 6C",
    "6S 5S 4S 3S 2S 8H 9H TH 9D TD 7C 8C 9C",
    "JH QH KH AH JD QD KD AD TC JC QC KC AC",
)
"""A deal in which W holds no spade and E holds three."""

TWO_TRUMPERS = (
    SPADES,
    "2H 4H 6H 8H TH QH AH 2D 3D 4D 5D 6D 7D",
    "3H 5H 7H 9H JH KH 8D 9D TD JD QD KD AD",
    CLUBS,
)
"""E and S hold all the hearts and diamonds and no spade."""


# -- common rules -----------------------------------------------------------------------


@pytest.mark.rule("common.turn.player-to-act")
def test_a_seat_out_of_turn_is_refused_whatever_card_it_plays() -> None:
    state = felagsvist(first_dealer="N").new_game(seed=4)
    state = state.apply(first_legal(state))
    state = state.apply(first_legal(state))  # mid-trick: E and S have played
    to_act = state.current_player
    for seat in range(4):
        if seat == to_act:
            continue
        for card in cards_in(state.hands[seat]):
            assert_refused(state, PlayCard(seat, card), "common.turn.player-to-act")


@pytest.mark.rule("common.turn.player-to-act")
@pytest.mark.rule("common.cards.held")
def test_out_of_turn_with_a_card_not_held_names_both_rules() -> None:
    state = deal(MIXED, dealer=W)
    assert state.current_player == N
    assert_refused(state, PlayCard(E, parse_card("AS")), "common.turn.player-to-act", "common.cards.held")


@pytest.mark.rule("common.cards.held")
def test_the_player_to_act_cannot_play_a_card_they_do_not_hold() -> None:
    state = deal(MIXED, dealer=W)
    for card in STANDARD_DECK:
        if str(card) not in held(state, N):
            assert_refused(state, PlayCard(N, card), "common.cards.held")


@pytest.mark.rule("common.cards.held")
def test_a_card_already_played_cannot_be_played_again() -> None:
    state = play(deal(MIXED, dealer=W), "AS", "7S", "2S", "TC")
    assert state.current_player == N
    assert "AS" not in held(state, N)
    assert ids_of(state, "AS") == ("common.cards.held",)


@pytest.mark.rule("common.game.over")
def test_a_finished_game_has_no_legal_action_and_refuses_every_play() -> None:
    end = finish(felagsvist().new_game(seed=2))
    assert end.is_terminal
    assert end.current_player == TERMINAL
    assert end.legal_actions() == ()
    assert end.legal_mask() == 0
    for seat in range(4):
        for card in STANDARD_DECK:
            assert_refused(end, PlayCard(seat, card), "common.game.over")
    assert_refused(end, Action(0), "common.game.over")
    ns, ew = end.totals
    assert end.scores() == (ns, ew, ns, ew)


@pytest.mark.rule("common.game.over")
def test_after_the_end_action_text_needs_an_actor() -> None:
    end = finish(felagsvist().new_game(seed=2))
    with pytest.raises(InvalidNotationError):
        end.parse_action("play QS")
    assert end.check(end.parse_action("p0 play QS")).rule_ids == ("common.game.over",)


@dataclass(frozen=True, slots=True)
class _Bid(Action):
    """An action of some other game: a bid of a number of tricks."""

    tricks: int


@pytest.mark.rule("common.action.known")
@pytest.mark.parametrize(
    "text", ["", "   ", "p1 bid 7", "p1 play", "p1 play QS KS", "p1 play ZZ", "p1 QS play"]
)
def test_text_that_is_no_felagsvist_action_is_invalid_notation(text: str) -> None:
    state = felagsvist(first_dealer="N").new_game(seed=1)
    with pytest.raises(InvalidNotationError):
        state.parse_action(text)


@pytest.mark.rule("common.action.known")
def test_an_action_of_another_kind_or_seat_is_refused_as_unknown() -> None:
    state = felagsvist(first_dealer="N").new_game(seed=1)
    card = card_of(first_legal(state))
    for action in (_Bid(1, 7), Action(1), PlayCard(4, card), PlayCard(-1, card), PlayCard(7, card)):
        assert_refused(state, action, "common.action.known")


@pytest.mark.rule("common.action.known")
def test_a_seat_number_outside_the_table_parses_then_is_refused() -> None:
    state = felagsvist(first_dealer="N").new_game(seed=1)
    action = state.parse_action("p4 play QS")
    assert action == PlayCard(4, parse_card("QS"))
    assert state.check(action).rule_ids == ("common.action.known",)


@pytest.mark.rule("common.deal.permutation")
def test_a_deck_missing_a_card_is_refused_naming_it() -> None:
    deck = [str(card) for card in STANDARD_DECK if str(card) != "7H"]
    with pytest.raises(InvalidDealError) as info:
        felagsvist().from_deal(deck, dealer=N)
    assert "7H" in str(info.value)
    assert "51" in str(info.value)
    assert "common.deal.permutation" in str(info.value)
    assert info.value.rule_id == "common.deal.permutation"


@pytest.mark.rule("common.deal.permutation")
def test_a_deck_with_a_repeated_card_is_refused_naming_it_and_the_missing_one() -> None:
    deck = [str(card) for card in STANDARD_DECK]
    deck[deck.index("2C")] = "AS"
    with pytest.raises(InvalidDealError) as info:
        felagsvist().from_deal(deck, dealer=N)
    message = str(info.value)
    assert "extra AS" in message
    assert "missing 2C" in message


@pytest.mark.rule("common.deal.permutation")
def test_a_deck_with_an_extra_card_is_refused() -> None:
    deck = [*STANDARD_DECK, parse_card("QS")]
    with pytest.raises(InvalidDealError, match="53 cards"):
        felagsvist().from_deal(deck, dealer=N)


@pytest.mark.rule("common.deal.permutation")
def test_a_bad_later_deal_is_refused_naming_its_number() -> None:
    with pytest.raises(InvalidDealError, match="deal 2"):
        felagsvist().from_deal(STANDARD_DECK, dealer=N, later_deals=[STANDARD_DECK[:-1]])


@pytest.mark.rule("common.deal.permutation")
def test_any_permutation_of_the_pack_is_accepted() -> None:
    deck = list(STANDARD_DECK)
    random.Random(3).shuffle(deck)
    state = felagsvist().from_deal(deck, dealer=S)
    assert state.deck == tuple(card.index for card in deck)


# -- cards, seats, structure ---------------------------------------------------------------


@pytest.mark.rule("felagsvist.cards.pack")
def test_every_deal_of_a_game_uses_the_whole_52_card_pack() -> None:
    starts = [s for s in walk(felagsvist().new_game(seed=8), first_legal) if not s.plays]
    assert len(starts) == 12
    for state in starts:
        cards = [card for hand in state.hands for card in cards_in(hand)]
        assert len(cards) == 52
        assert set(cards) == set(STANDARD_DECK)
        assert Counter(card.suit for card in cards) == {suit: 13 for suit in Suit}
        assert Counter(card.rank for card in cards) == {rank: 4 for rank in Rank}
        assert sorted(state.deck) == list(range(52))


@pytest.mark.rule("felagsvist.cards.rank-order")
def test_rank_order_is_ace_high_and_a_strict_order_in_every_kind() -> None:
    for kind in RoundKind:
        strength = strength_table(kind, NoloAce.HIGH)
        for suit in Suit:
            by_rank = [strength[Card(rank, suit).index] for rank in Rank]  # 2 .. A
            assert by_rank == sorted(by_rank)
            assert len(set(by_rank)) == 13


@pytest.mark.rule("felagsvist.cards.rank-order")
def test_nolo_ace_low_puts_the_ace_below_the_two_in_nolo_only() -> None:
    low = strength_table(RoundKind.NOLO, NoloAce.LOW)
    for suit in Suit:
        ranks = sorted(Rank, key=lambda rank: low[Card(rank, suit).index])
        assert ranks == [Rank.ACE, *[r for r in Rank if r is not Rank.ACE]]
    for kind in RoundKind:
        if kind is not RoundKind.NOLO:
            assert strength_table(kind, NoloAce.LOW) == strength_table(kind, NoloAce.HIGH)


@pytest.mark.rule("felagsvist.cards.rank-order")
@pytest.mark.rule("felagsvist.trick.winner")
@pytest.mark.parametrize("first_round", KINDS_IN_ORDER)
def test_the_ace_beats_the_king_and_queen_of_its_suit_in_every_kind(first_round: str) -> None:
    hands = complete_hands(("QC", "AC", "KC", "2C"))
    state = play(deal(hands, dealer=W, first_round=first_round), "QC", "AC", "KC", "2C")
    assert state.current_player == E
    assert state.tricks == (0, 1)


@pytest.mark.rule("felagsvist.cards.rank-order")
@pytest.mark.rule("felagsvist.trick.winner")
@pytest.mark.parametrize(("nolo_ace", "winner"), [("high", E), ("low", W)])
def test_in_nolo_the_ace_option_decides_ace_against_four(nolo_ace: str, winner: int) -> None:
    hands = complete_hands(("2S", "AS", "3S", "4S"))
    state = play(deal(hands, dealer=W, first_round="nolo", nolo_ace=nolo_ace), "2S", "AS", "3S", "4S")
    assert state.current_player == winner
    assert state.leader == winner


@pytest.mark.rule("felagsvist.cards.rank-order")
def test_nolo_ace_low_leaves_grand_ace_high() -> None:
    hands = complete_hands(("2S", "AS", "3S", "4S"))
    state = play(deal(hands, dealer=W, first_round="grand", nolo_ace="low"), "2S", "AS", "3S", "4S")
    assert state.current_player == E


@pytest.mark.rule("felagsvist.seating.partnerships")
def test_partners_share_their_side_total_in_the_scores() -> None:
    end = finish(felagsvist().new_game(seed=6))
    ns, ew = end.totals
    assert end.scores() == (ns, ew, ns, ew)
    assert ns + ew == 156


@pytest.mark.rule("felagsvist.seating.partnerships")
@pytest.mark.rule("felagsvist.trick.winner-leads")
def test_a_trick_won_by_either_partner_counts_for_their_side() -> None:
    # Hearts are trump. S overtrumps E: the trick is NS's.
    by_south = play(deal(TWO_TRUMPERS, dealer=W), "AS", "8H", "9H", "2C")
    assert by_south.tricks == (1, 0)
    assert by_south.current_player == S
    # N's spade holds when nobody trumps: also NS's.
    by_north = play(deal(TWO_TRUMPERS, dealer=W), "AS", "2D", "8D", "2C")
    assert by_north.tricks == (1, 0)
    assert by_north.current_player == N
    # E's trump stands when S discards: EW's.
    by_east = play(deal(TWO_TRUMPERS, dealer=W), "AS", "8H", "8D", "2C")
    assert by_east.tricks == (0, 1)
    assert by_east.current_player == E


@pytest.mark.rule("felagsvist.seating.partnerships")
def test_session_single_table_is_the_default_and_progressive_is_refused() -> None:
    assert felagsvist().options_dict()["session"] == "single-table"
    assert felagsvist(session="single-table").options == felagsvist().options
    with pytest.raises(InvalidOptionError) as info:
        get_game("felagsvist", session="progressive")
    assert info.value.option == "session"
    assert "progressive" in str(info.value)
    assert "felagsvist.seating.partnerships" in str(info.value)


@pytest.mark.rule("felagsvist.seating.partnerships")
def test_play_goes_clockwise_from_the_leader() -> None:
    state = deal(MIXED, dealer=S)  # W leads
    seats = []
    for _ in range(4):
        seats.append(state.current_player)
        state = state.apply(first_legal(state))
    assert seats == [W, N, E, S]


@pytest.mark.rule("felagsvist.game.twelve-deals")
@pytest.mark.parametrize("tiebreak", ["none", "play-on"])
def test_a_game_without_a_tie_is_exactly_twelve_deals(tiebreak: str) -> None:
    game = felagsvist(tiebreak=tiebreak)
    for seed in range(6):
        records, end = play_game(game, seed, first_legal)
        if end.totals[NS] == end.totals[EW]:
            continue
        assert [record.number for record in records] == list(range(1, 13))
        assert len(end.deal_scores) == 12
        assert end.deal_number == 12


@pytest.mark.rule("felagsvist.game.twelve-deals")
def test_a_tied_game_without_play_on_is_twelve_deals() -> None:
    seed = find_tie()
    end = finish(felagsvist(tiebreak="none").new_game(seed=seed))
    assert len(end.deal_scores) == 12
    assert end.deal_number == 12


@pytest.mark.rule("felagsvist.round.cycle")
@pytest.mark.parametrize("first_round", KINDS_IN_ORDER)
def test_deal_kinds_follow_the_cycle_from_the_first_round(first_round: str) -> None:
    records, _ = play_game(felagsvist(first_round=first_round), 1, first_legal)
    s = KINDS_IN_ORDER.index(first_round)
    expected = [KINDS_IN_ORDER[(s + k - 1) % 6] for k in range(1, 13)]
    assert [record.kind.value for record in records] == expected
    assert Counter(record.kind for record in records) == {kind: 2 for kind in RoundKind}


@pytest.mark.rule("felagsvist.round.cycle")
def test_the_default_cycle_starts_with_hearts() -> None:
    assert felagsvist().new_game(seed=0).round_kind is RoundKind.HEARTS
    expected = ["hearts", "spades", "grand", "diamonds", "clubs", "nolo"] * 2
    assert [round_kind(k, RoundKind.HEARTS).value for k in range(1, 13)] == expected


@pytest.mark.rule("felagsvist.round.trump")
@pytest.mark.parametrize("first_round", KINDS_IN_ORDER)
def test_the_named_suit_is_trump_and_grand_and_nolo_have_none(first_round: str) -> None:
    state = felagsvist(first_round=first_round).new_game(seed=0)
    expected = TRUMP_OF.get(first_round)
    assert state.trump == expected
    assert trump_suit(RoundKind(first_round)) == expected
    assert all(state.observation(seat).trump == expected for seat in range(4))


@pytest.mark.rule("felagsvist.round.trump")
@pytest.mark.rule("felagsvist.trick.winner")
def test_a_low_trump_beats_the_ace_of_the_suit_led() -> None:
    state = play(deal(MIXED, dealer=W), "AS", "7S", "2S", "JH")
    assert state.current_player == W
    assert state.tricks == (0, 1)


@pytest.mark.rule("felagsvist.deal.first-dealer")
@pytest.mark.parametrize(("name", "seat"), [("N", N), ("E", E), ("S", S), ("W", W)])
def test_a_fixed_first_dealer_deals_deal_one(name: str, seat: int) -> None:
    for seed in range(5):
        state = felagsvist(first_dealer=name).new_game(seed=seed)
        assert state.dealer == seat
        assert state.current_player == (seat + 1) % 4


@pytest.mark.rule("felagsvist.deal.first-dealer")
def test_a_random_first_dealer_is_the_default_and_each_seat_is_as_likely() -> None:
    assert felagsvist().options_dict()["first_dealer"] == "random"
    game = felagsvist()
    counts = Counter(game.new_game(seed=seed).dealer for seed in range(800))
    assert set(counts) == {N, E, S, W}
    # 200 expected per seat; a fair draw strays past 150..250 with probability < 1e-4.
    assert all(150 <= counts[seat] <= 250 for seat in range(4)), counts
    assert game.new_game(seed=17).dealer == game.new_game(seed=17).dealer


@pytest.mark.rule("felagsvist.deal.first-dealer")
def test_an_explicit_deal_names_its_dealer_by_number_or_name() -> None:
    assert felagsvist().from_deal(STANDARD_DECK, dealer="S").dealer == S
    assert felagsvist().from_deal(STANDARD_DECK, dealer=1).dealer == E
    assert felagsvist(first_dealer="W").from_deal(STANDARD_DECK).dealer == W
    with pytest.raises(InvalidNotationError):
        felagsvist().from_deal(STANDARD_DECK, dealer=4)


@pytest.mark.rule("felagsvist.deal.rotation")
def test_the_deal_passes_to_the_left_and_each_seat_deals_three_times() -> None:
    for first_dealer in ("random", "N", "E", "S", "W"):
        records, _ = play_game(felagsvist(first_dealer=first_dealer), 3, first_legal)
        dealers = [record.dealer for record in records]
        assert all(after == (before + 1) % 4 for before, after in pairwise(dealers))
        assert Counter(dealers) == {N: 3, E: 3, S: 3, W: 3}


@pytest.mark.rule("felagsvist.deal.distribution")
@pytest.mark.parametrize("dealer", [N, E, S, W])
def test_the_deck_is_dealt_one_card_at_a_time_from_the_dealers_left(dealer: int) -> None:
    deck = list(STANDARD_DECK)
    random.Random(dealer).shuffle(deck)
    state = felagsvist().from_deal(deck, dealer=dealer)
    for k, card in enumerate(deck):
        assert state.hands[(dealer + 1 + k) % 4] >> card.index & 1, (k, card)
    assert state.hands[dealer] >> deck[-1].index & 1  # the dealer gets the last card
    assert state.hands[(dealer + 1) % 4] >> deck[0].index & 1
    assert [hand.bit_count() for hand in state.hands] == [13, 13, 13, 13]
    assert sum(state.hands) == (1 << 52) - 1
    assert state.trick == () and state.won == (0, 0)


@pytest.mark.rule("felagsvist.deal.distribution")
def test_every_seeded_deal_is_dealt_from_its_deck_the_same_way() -> None:
    seen_decks = set()
    for state in walk(felagsvist().new_game(seed=12), first_legal):
        if state.plays or state.is_terminal:
            continue
        seen_decks.add(state.deck)
        for k, index in enumerate(state.deck):
            assert state.hands[(state.dealer + 1 + k) % 4] >> index & 1
    assert len(seen_decks) == 12  # a fresh shuffle for every deal


@pytest.mark.rule("felagsvist.play.first-lead")
def test_the_dealers_left_leads_to_the_first_trick_of_every_deal() -> None:
    for first_dealer in ("N", "E", "S", "W"):
        records, _ = play_game(felagsvist(first_dealer=first_dealer), 5, first_legal)
        assert all(record.first_leader == (record.dealer + 1) % 4 for record in records)
    for dealer in range(4):
        state = felagsvist().from_deal(STANDARD_DECK, dealer=dealer)
        assert state.current_player == state.leader == (dealer + 1) % 4


@pytest.mark.rule("felagsvist.play.trick-order")
def test_each_trick_is_one_card_per_seat_clockwise_from_the_leader() -> None:
    for state in walk(felagsvist().new_game(seed=9), random_policy(9)):
        if state.is_terminal:
            break
        assert state.current_player == (state.leader + len(state.trick)) % 4
        for position in range(len(state.plays) // 4):
            quartet = state.plays[4 * position : 4 * position + 4]
            assert [seat for seat, _ in quartet] == [(quartet[0][0] + i) % 4 for i in range(4)]


@pytest.mark.rule("felagsvist.play.trick-order")
def test_a_complete_trick_goes_to_the_winners_side_and_the_table_clears() -> None:
    state = play(deal(MIXED, dealer=W), "AS", "7S", "2S")
    assert len(state.trick) == 3
    after = play(state, "JH")
    assert after.trick == ()
    taken = {"AS", "7S", "2S", "JH"}
    assert {str(c) for c in cards_in(after.won[EW])} == taken
    assert after.won[NS] == 0


@pytest.mark.rule("felagsvist.play.trick-order")
def test_every_hand_is_empty_when_a_deal_is_scored_then_the_next_dealer_shuffles() -> None:
    state = felagsvist(first_dealer="N").new_game(seed=10)
    while len(state.plays) < 51:
        state = state.apply(first_legal(state))
    assert sorted(hand.bit_count() for hand in state.hands) == [0, 0, 0, 1]
    first_deck = state.deck
    nxt = state.apply(first_legal(state))
    assert nxt.deal_number == 2
    assert len(nxt.deal_scores) == 1
    assert nxt.dealer == E
    assert nxt.deck != first_deck
    assert nxt.plays == () and nxt.trick == () and nxt.tricks == (0, 0)


@pytest.mark.rule("felagsvist.play.lead-any")
@pytest.mark.parametrize("first_round", KINDS_IN_ORDER)
def test_the_leader_may_lead_any_card_trumps_included(first_round: str) -> None:
    state = deal(MIXED, dealer=W, first_round=first_round)
    assert legal(state) == held(state, N)
    for text in sorted(held(state, N)):
        verdict = state.check(state.parse_action(text))
        assert verdict.legal
        assert verdict.rule_ids == ("felagsvist.play.lead-any",)


@pytest.mark.rule("felagsvist.play.lead-any")
def test_a_trick_winner_may_lead_trump_at_once() -> None:
    state = play(deal(MIXED, dealer=W), "AS", "7S", "2S", "JH")
    assert state.current_player == W
    assert {"AH", "KH", "QH"} <= legal(state)
    assert legal(state) == held(state, W)


@pytest.mark.rule("felagsvist.play.must-follow")
def test_a_player_holding_the_suit_led_must_follow_with_any_card_of_it() -> None:
    state = play(deal(MIXED, dealer=W), "AS")
    assert legal(state) == {"9S", "8S", "7S"}
    for text in ("9S", "8S", "7S"):
        assert state.check(state.parse_action(text)).rule_ids == ("felagsvist.play.must-follow",)
    for text in held(state, E) - {"9S", "8S", "7S"}:
        assert_refused(state, state.parse_action(text), "felagsvist.play.must-follow")


@pytest.mark.rule("felagsvist.play.must-follow")
def test_a_revoke_verdict_says_which_cards_follow() -> None:
    state = play(deal(MIXED, dealer=W), "AS")
    verdict = state.check(state.parse_action("4H"))
    assert "spades" in verdict.reason
    assert "9♠" in verdict.reason and "4♥" in verdict.reason


@pytest.mark.rule("felagsvist.play.must-follow")
def test_a_trump_is_no_excuse_for_not_following() -> None:
    state = play(deal(MIXED, dealer=W), "2D")  # hearts are trump; E holds diamonds
    assert legal(state) == {"5D", "6D", "7D", "8D"}
    assert ids_of(state, "7H") == ("felagsvist.play.must-follow",)


@pytest.mark.rule("felagsvist.play.void-any")
def test_a_player_void_in_the_suit_led_may_play_any_card() -> None:
    state = play(deal(MIXED, dealer=W), "AS", "7S", "2S")
    assert legal(state) == held(state, W)
    assert len(legal(state)) == 13
    for text in ("JH", "TC", "AD"):
        assert state.check(state.parse_action(text)).rule_ids == ("felagsvist.play.void-any",)


@pytest.mark.rule("felagsvist.play.void-any")
def test_nobody_has_to_trump_or_overtrump() -> None:
    discarded = play(deal(MIXED, dealer=W), "AS", "7S", "2S", "TC")
    assert discarded.current_player == N  # W chose not to trump; the ace holds
    under = play(deal(TWO_TRUMPERS, dealer=W), "AS", "8H")
    assert "3H" in legal(under) and "8D" in legal(under)  # S may undertrump or discard
    assert play(under, "3H", "2C").current_player == E
    assert play(under, "8D", "2C").current_player == E


@pytest.mark.rule("felagsvist.play.void-any")
@pytest.mark.rule("felagsvist.trick.winner")
@pytest.mark.parametrize("first_round", ["grand", "nolo"])
def test_without_trumps_a_card_of_another_suit_never_wins(first_round: str) -> None:
    state = play(deal(TWO_TRUMPERS, dealer=W, first_round=first_round), "2S", "AH", "AD", "AC")
    assert state.current_player == N
    assert state.tricks == (1, 0)


@pytest.mark.rule("felagsvist.trick.winner")
def test_the_highest_of_several_trumps_wins() -> None:
    overtrumped = play(deal(TWO_TRUMPERS, dealer=W), "AS", "8H", "9H", "2C")
    assert overtrumped.current_player == S
    undertrumped = play(deal(TWO_TRUMPERS, dealer=W), "AS", "AH", "KH", "2C")
    assert undertrumped.current_player == E
    in_grand = play(deal(TWO_TRUMPERS, dealer=W, first_round="grand"), "AS", "AH", "KH", "2C")
    assert in_grand.current_player == N


@pytest.mark.rule("felagsvist.trick.winner")
@pytest.mark.parametrize("nolo_ace", ["high", "low"])
@pytest.mark.parametrize("first_round", KINDS_IN_ORDER)
def test_every_trick_of_whole_games_goes_to_the_winner_the_spec_names(
    first_round: str, nolo_ace: str
) -> None:
    game = felagsvist(first_round=first_round, nolo_ace=nolo_ace)
    records, _ = play_game(game, 21, random_policy(21))  # play_game checks each trick against the oracle
    assert len(records) >= 12


@pytest.mark.rule("felagsvist.trick.winner-leads")
def test_the_winner_leads_the_next_trick_and_only_their_side_scores_it() -> None:
    state = felagsvist(first_dealer="E").new_game(seed=14)
    for _ in range(13 * 4 - 1):
        before = state
        state = state.apply(first_legal(state))
        if state.trick == () and len(state.plays) % 4 == 0:
            gained = (state.tricks[NS] - before.tricks[NS], state.tricks[EW] - before.tricks[EW])
            assert sorted(gained) == [0, 1]
            assert gained[state.leader % 2] == 1
            assert state.current_player == state.leader


@pytest.mark.rule("felagsvist.trick.winner-leads")
def test_a_trick_won_by_a_discarding_players_partner_is_led_by_that_partner() -> None:
    state = play(deal(TWO_TRUMPERS, dealer=W), "AS", "8H", "9H", "2C")
    assert state.leader == S
    assert legal(state) == held(state, S)


# -- scoring and result ---------------------------------------------------------------------

SUIT_DEAL_TRICKS: Final[Mapping[str, tuple[int, int]]] = MappingProxyType(
    {
        "hearts": (0, 13),  # E trumps the first spade, then runs the hearts
        "spades": (13, 0),  # N holds every trump
        "grand": (13, 0),  # nobody can follow N's spades
        "diamonds": (13, 0),  # S trumps, then runs the diamonds
        "clubs": (0, 13),  # W trumps, then runs the clubs
        "nolo": (13, 0),  # as in Grand
    }
)
"""The tricks (NS, EW) of the SUIT_HANDS deal, forced whatever anyone plays."""


@pytest.mark.rule("felagsvist.score.trick-rounds")
@pytest.mark.parametrize("first_round", ["hearts", "spades", "grand", "diamonds", "clubs"])
@pytest.mark.parametrize(("scoring", "winner_scores"), [("per-trick", 13), ("odd-tricks", 7)])
def test_a_trick_round_scores_the_tricks_each_side_won(
    first_round: str, scoring: str, winner_scores: int
) -> None:
    state = deal(SUIT_HANDS, dealer=W, first_round=first_round, scoring=scoring)
    after = finish_deal(state)
    tricks = SUIT_DEAL_TRICKS[first_round]
    expected = (winner_scores, 0) if tricks[NS] == 13 else (0, winner_scores)
    assert after.deal_scores == (expected,)
    assert after.totals == expected


@pytest.mark.rule("felagsvist.score.trick-rounds")
@pytest.mark.rule("felagsvist.score.nolo")
def test_deal_scores_table_for_every_split() -> None:
    for tricks_ns in range(14):
        tricks = (tricks_ns, 13 - tricks_ns)
        for kind in RoundKind:
            for scoring in Scoring:
                assert deal_scores(kind, tricks_ns, scoring) == oracle_score(kind, tricks, scoring)
    assert deal_scores(RoundKind.GRAND, 8, Scoring.PER_TRICK) == (8, 5)
    assert deal_scores(RoundKind.GRAND, 8, Scoring.ODD_TRICKS) == (2, 0)
    assert deal_scores(RoundKind.NOLO, 8, Scoring.PER_TRICK) == (5, 8)
    assert deal_scores(RoundKind.NOLO, 8, Scoring.ODD_TRICKS) == (0, 2)
    assert deal_scores(RoundKind.CLUBS, 6, Scoring.ODD_TRICKS) == (0, 1)
    with pytest.raises(ValueError):
        deal_scores(RoundKind.HEARTS, 14, Scoring.PER_TRICK)


@pytest.mark.rule("felagsvist.score.trick-rounds")
@pytest.mark.rule("felagsvist.score.nolo")
@pytest.mark.parametrize("scoring", ["per-trick", "odd-tricks"])
def test_every_deal_of_whole_games_is_scored_from_its_tricks(scoring: str) -> None:
    game = felagsvist(scoring=scoring)
    kinds_seen = set()
    for seed in range(4):
        records, _ = play_game(game, seed, random_policy(seed))
        for record in records:
            kinds_seen.add(record.kind)
            assert record.score == oracle_score(record.kind, record.tricks, game.options.scoring)
    assert kinds_seen == set(RoundKind)


@pytest.mark.rule("felagsvist.score.nolo")
@pytest.mark.parametrize(("scoring", "loser_scores"), [("per-trick", 13), ("odd-tricks", 7)])
def test_in_nolo_a_side_scores_the_tricks_its_opponents_won(scoring: str, loser_scores: int) -> None:
    state = deal(SUIT_HANDS, dealer=W, first_round="nolo", scoring=scoring)
    after = finish_deal(state)
    # N takes all thirteen tricks, so NS scores nothing and EW scores them all.
    assert after.deal_scores == ((0, loser_scores),)


@pytest.mark.rule("felagsvist.score.totals")
@pytest.mark.parametrize("scoring", ["per-trick", "odd-tricks"])
def test_totals_are_running_sums_of_deal_scores_and_never_go_down(scoring: str) -> None:
    records, end = play_game(felagsvist(scoring=scoring), 7, random_policy(7))
    running = (0, 0)
    for record in records:
        after = (running[NS] + record.score[NS], running[EW] + record.score[EW])
        assert record.totals == after
        assert after[NS] >= running[NS] and after[EW] >= running[EW]
        running = after
    assert end.totals == running
    assert felagsvist().new_game(seed=7).totals == (0, 0)


@pytest.mark.rule("felagsvist.game.winner")
def test_the_side_with_the_higher_total_wins_when_the_game_ends() -> None:
    winners = set()
    for seed in range(6):
        end = finish(felagsvist().new_game(seed=seed), random_policy(seed))
        ns, ew = end.totals
        if ns == ew:
            continue
        assert end.winner() == (NS if ns > ew else EW)
        assert end.legal_actions() == ()
        winners.add(end.winner())
    assert winners  # at least one decided game was seen


@pytest.mark.rule("felagsvist.game.winner")
def test_there_is_no_winner_before_the_end() -> None:
    state = felagsvist().new_game(seed=1)
    with pytest.raises(ValueError, match="not over"):
        state.winner()


@pytest.mark.rule("felagsvist.game.winner")
def test_under_play_on_an_untied_game_still_ends_after_deal_twelve() -> None:
    for seed in range(5):
        end = finish(felagsvist(tiebreak="play-on").new_game(seed=seed))
        if end.totals[NS] != end.totals[EW]:
            assert len(end.deal_scores) == 12
            assert end.winner() is not None
            return
    pytest.fail("no untied game among seeds 0-4")


@pytest.mark.rule("felagsvist.game.tie")
@pytest.mark.rule("felagsvist.invariant.game-total")
def test_equal_totals_after_deal_twelve_are_a_tie_of_78_each() -> None:
    seed = find_tie()
    end = finish(felagsvist().new_game(seed=seed))
    assert end.is_terminal
    assert end.totals == (78, 78)
    assert end.winner() is None
    assert end.options.tiebreak is Tiebreak.NONE


@pytest.mark.rule("felagsvist.game.tie")
@pytest.mark.rule("felagsvist.game.twelve-deals")
@pytest.mark.rule("felagsvist.invariant.game-total")
def test_play_on_plays_deal_thirteen_after_a_tie_and_it_decides() -> None:
    seed = find_tie()
    state = felagsvist(tiebreak="play-on").new_game(seed=seed)
    first_kind = state.round_kind
    while state.deal_number < 13:
        assert not state.is_terminal
        if state.deal_number == 12:
            dealer_twelve = state.dealer
        state = state.apply(first_legal(state))
    assert state.totals == (78, 78)
    assert len(state.deal_scores) == 12
    assert state.round_kind is first_kind  # the next kind in the cycle after deal 12
    assert state.dealer == (dealer_twelve + 1) % 4
    assert state.current_player == (state.dealer + 1) % 4
    end = finish(state)
    assert len(end.deal_scores) == 13
    assert end.deal_number == 13
    ns, ew = end.totals
    assert ns + ew == 169
    assert ns != ew
    assert 78 <= ns <= 91 and 78 <= ew <= 91
    assert end.winner() == (NS if ns > ew else EW)


@pytest.mark.rule("felagsvist.game.tie")
def test_play_on_decides_an_odd_tricks_tie_too() -> None:
    seed = find_tie(scoring="odd-tricks")
    tied = finish(felagsvist(scoring="odd-tricks").new_game(seed=seed))
    assert tied.totals[NS] == tied.totals[EW]
    assert tied.winner() is None
    end = finish(felagsvist(scoring="odd-tricks", tiebreak="play-on").new_game(seed=seed))
    assert len(end.deal_scores) == 13
    last = end.deal_scores[-1]
    assert last[NS] != last[EW]
    assert end.winner() is not None


@pytest.mark.rule("felagsvist.game.tie")
def test_a_deal_thirteen_can_never_score_equal() -> None:
    for kind in RoundKind:
        for scoring in Scoring:
            for tricks_ns in range(14):
                ns, ew = deal_scores(kind, tricks_ns, scoring)
                assert ns != ew, (kind, scoring, tricks_ns)


# -- information -----------------------------------------------------------------------------


@pytest.mark.rule("felagsvist.info.hidden-hands")
def test_an_observation_shows_the_seats_own_hand_and_no_other() -> None:
    for state in list(walk(felagsvist().new_game(seed=15), random_policy(15)))[:120]:
        played = {card_at(c) for _, c in state.plays}
        for seat in range(4):
            observation = state.observation(seat)
            own = tuple(cards_in(state.hands[seat]))
            assert observation.hand == own
            text, shown = repr(observation), str(observation)
            for other in range(4):
                if other == seat:
                    continue
                for card in cards_in(state.hands[other]):
                    assert repr(card) not in text and card.pretty() not in text  # Cards print pretty
                    assert card.pretty() not in shown
                    assert card not in played


@pytest.mark.rule("felagsvist.info.hidden-hands")
def test_swapping_unplayed_cards_between_other_hands_changes_nothing_for_a_seat() -> None:
    base = list(MIXED)
    # E's 5C goes to W and W's AC to E: invisible to N and S.
    swapped = (MIXED[0], MIXED[1].replace("5C", "AC"), MIXED[2], MIXED[3].replace("AC", "5C"))
    one = deal((base[0], base[1], base[2], base[3]), dealer=W)
    two = deal(swapped, dealer=W)
    assert one != two
    for seat in (N, S):
        assert one.observation(seat) == two.observation(seat)
    one, two = play(one, "AS", "7S"), play(two, "AS", "7S")
    for seat in (N, S):
        assert one.observation(seat) == two.observation(seat)
        assert repr(one.observation(seat)) == repr(two.observation(seat))
    assert one.observation(E) != two.observation(E)


@pytest.mark.rule("felagsvist.info.hidden-hands")
def test_the_only_actions_are_card_plays() -> None:
    for state in walk(felagsvist().new_game(seed=16), first_legal):
        assert all(type(action) is PlayCard for action in state.legal_actions())


@pytest.mark.rule("felagsvist.info.public-play")
def test_all_four_observations_agree_on_the_public_record() -> None:
    for state in walk(felagsvist(first_round="grand").new_game(seed=17), random_policy(17)):
        observations = [state.observation(seat) for seat in range(4)]
        public = {replace(o, seat=0, hand=Cards()) for o in observations}
        assert len(public) == 1
        shared = observations[0]
        assert shared.plays == tuple((seat, card_at(c)) for seat, c in state.plays)
        assert [card.index for _, card in shared.trick] == list(state.trick)
        assert [seat for seat, _ in shared.trick] == [(state.leader + i) % 4 for i in range(len(state.trick))]
        assert shared.round_kind is state.round_kind
        assert shared.trump == state.trump
        assert shared.dealer == state.dealer
        assert shared.tricks == state.tricks
        assert shared.totals == state.totals
        assert shared.deal_scores == state.deal_scores
        assert shared.current_player == state.current_player
        assert shared.hand_sizes == tuple(hand.bit_count() for hand in state.hands)


# -- invariants ------------------------------------------------------------------------------


@pytest.mark.rule("felagsvist.invariant.card-conservation")
@pytest.mark.parametrize("seed", [0, 1])
def test_every_card_is_in_exactly_one_place_throughout_a_game(seed: int) -> None:
    pack = Counter(STANDARD_DECK)
    for state in walk(felagsvist().new_game(seed=seed), random_policy(seed)):
        assert count_cards(state) == pack


@pytest.mark.rule("felagsvist.invariant.hand-sizes")
def test_hands_hold_fourteen_minus_the_trick_number_less_any_card_played_to_it() -> None:
    for state in walk(felagsvist().new_game(seed=18), random_policy(18)):
        sizes = [hand.bit_count() for hand in state.hands]
        if state.is_terminal:
            assert sizes == [0, 0, 0, 0]
            continue
        t = state.tricks[NS] + state.tricks[EW] + 1
        played = {(state.leader + i) % 4 for i in range(len(state.trick))}
        assert sizes == [14 - t - (1 if seat in played else 0) for seat in range(4)]


@pytest.mark.rule("felagsvist.invariant.thirteen-tricks")
@pytest.mark.parametrize("first_round", ["hearts", "nolo"])
def test_every_deal_has_thirteen_tricks_shared_between_the_sides(first_round: str) -> None:
    records, end = play_game(felagsvist(first_round=first_round), 19, random_policy(19))
    for record in records:
        assert sum(record.tricks) == 13
        assert record.plays == 52
    assert sum(end.tricks) == 13
    assert len(end.plays) == 52


@pytest.mark.rule("felagsvist.invariant.legal-set-nonempty")
def test_the_player_to_act_always_has_a_legal_card_as_the_spec_defines() -> None:
    for state in walk(felagsvist(first_round="clubs").new_game(seed=20), random_policy(20)):
        if state.is_terminal:
            assert state.legal_actions() == ()
            continue
        hand = {str(card) for card in cards_in(state.hands[state.current_player])}
        assert hand
        if state.trick:
            led = card_at(state.trick[0]).suit.letter
            same = {text for text in hand if text.endswith(led)}
            expected = same or hand
        else:
            expected = hand
        assert legal(state) == expected
        assert all(action.seat == state.current_player for action in state.legal_actions())


@pytest.mark.rule("felagsvist.invariant.deal-score-sum")
@pytest.mark.parametrize("scoring", ["per-trick", "odd-tricks"])
def test_deal_scores_sum_to_thirteen_or_exactly_one_side_scores(scoring: str) -> None:
    for seed in range(3):
        records, _ = play_game(felagsvist(scoring=scoring), seed, random_policy(seed + 100))
        for record in records:
            ns, ew = record.score
            if scoring == "per-trick":
                assert ns + ew == 13
            else:
                assert (ns == 0) != (ew == 0)
                assert 1 <= ns + ew <= 7
    for kind in RoundKind:
        for tricks_ns in range(14):
            assert sum(deal_scores(kind, tricks_ns, Scoring.PER_TRICK)) == 13
            odd = deal_scores(kind, tricks_ns, Scoring.ODD_TRICKS)
            assert min(odd) == 0 and 1 <= max(odd) <= 7


@pytest.mark.rule("felagsvist.invariant.game-total")
def test_per_trick_totals_add_up_to_156_after_twelve_deals() -> None:
    for seed in range(5):
        end = finish(felagsvist().new_game(seed=seed), random_policy(seed))
        ns, ew = end.totals
        assert ns + ew == 156
        assert 0 <= ns <= 156 and 0 <= ew <= 156


@pytest.mark.rule("felagsvist.invariant.round-balance")
@pytest.mark.parametrize("first_round", KINDS_IN_ORDER)
def test_deals_k_and_k_plus_six_share_a_kind_and_are_dealt_by_partners(first_round: str) -> None:
    for first_dealer in ("N", "E", "S", "W"):
        records, _ = play_game(felagsvist(first_round=first_round, first_dealer=first_dealer), 2, first_legal)
        assert len(records) == 12
        for k in range(6):
            assert records[k + 6].kind is records[k].kind
            assert records[k + 6].dealer == (records[k].dealer + 2) % 4
            assert records[k + 6].first_leader % 2 == records[k].first_leader % 2
        assert Counter(record.kind for record in records) == {kind: 2 for kind in RoundKind}
        assert Counter(record.dealer for record in records) == {seat: 3 for seat in range(4)}


# -- the options table ---------------------------------------------------------------------------

OPTION_VALUES: Final[Mapping[str, tuple[str, tuple[str, ...]]]] = MappingProxyType(
    {
        "first_round": ("hearts", ("hearts", "spades", "grand", "diamonds", "clubs", "nolo")),
        "first_dealer": ("random", ("random", "N", "E", "S", "W")),
        "nolo_ace": ("high", ("high", "low")),
        "scoring": ("per-trick", ("per-trick", "odd-tricks")),
        "tiebreak": ("none", ("none", "play-on")),
        "session": ("single-table", ("single-table",)),
    }
)
"""Each option of the specification's table: its default and every value an engine plays."""


@pytest.mark.parametrize("option", sorted(OPTION_VALUES))
def test_every_option_has_the_spec_default_and_takes_every_listed_value(option: str) -> None:
    default, values = OPTION_VALUES[option]
    assert felagsvist().options_dict()[option] == default
    for value in values:
        game = felagsvist(**{option: value})
        assert game.options_dict()[option] == value
        state = game.new_game(seed=1)
        assert len(state.legal_actions()) == 13


@pytest.mark.rule("felagsvist.deal.first-dealer")
def test_an_explicit_dealer_must_agree_with_a_fixed_first_dealer() -> None:
    game = FelagsvistGame.with_options({"first_dealer": "E"})
    deck = [str(card) for card in STANDARD_DECK]
    assert game.from_deal(deck, dealer="E").dealer == 1
    assert game.from_deal(deck).dealer == 1
    with pytest.raises(InvalidOptionError) as info:
        game.from_deal(deck, dealer="S")
    assert info.value.option == "first_dealer"
    assert "felagsvist.deal.first-dealer" in str(info.value)
    # Under first_dealer=random any seat may be named as the dealer.
    assert FelagsvistGame().from_deal(deck, dealer="S").dealer == 2


# -- the play's condition and the trick winner, as functions -------------------------------------


@pytest.mark.rule("felagsvist.play.must-follow")
@pytest.mark.rule("felagsvist.play.void-any")
def test_playable_is_the_suit_led_or_the_whole_hand() -> None:
    hand = (1 << 0) | (1 << 13) | (1 << 14)  # 2C, 2D, 3D
    assert playable(hand, ()) == hand
    assert playable(hand, (20,)) == (1 << 13) | (1 << 14)  # 9♦ led
    assert playable(hand, (40,)) == hand  # 2♠ led
    assert playable(0, (27,)) == 0


@pytest.mark.rule("felagsvist.trick.winner")
def test_trick_winner_highest_trump_else_highest_of_suit_led() -> None:
    strength = tuple(i % 13 for i in range(52))
    two_c, king_c, ace_d, three_h = 0, 11, 25, 27
    assert trick_winner((two_c, ace_d, king_c, three_h), None, strength) == 2
    assert trick_winner((two_c, ace_d, king_c, three_h), 2, strength) == 3
    assert trick_winner((two_c, ace_d, king_c, three_h), 1, strength) == 1
