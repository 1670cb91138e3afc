"""Calabresella rule tests: at least one small test for every rule id of the specification.

Exact situations come from explicit deals: three hands and a monte are turned
into a deck order (``deck_for``) and dealt with ``game.from_deal(deck,
dealer=...)``. The dealer is p2 unless said otherwise, so that under the
default counter-clockwise direction the eldest hand is p0 and the auction goes
p0, p1, p2. Whole-hand properties play hands with seeded random policies and
check them against small oracles written here from the specification's words.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import replace
from itertools import combinations
from types import MappingProxyType
from typing import Final

import pytest

from cardrules import TERMINAL, Action, Card, IllegalActionError, InvalidDealError, get_game
from cardrules.cards import STANDARD_DECK, Rank, Suit, card_at, cards_in, parse_card, parse_cards
from cardrules.errors import InvalidArgumentError, InvalidNotationError, InvalidOptionError
from cardrules.games.calabresella import (
    DECK,
    RANK_ORDER,
    STRENGTH,
    THIRDS,
    Bid,
    CalabresellaGame,
    CalabresellaState,
    CallCard,
    ChooseRaise,
    Contract,
    Discard,
    Pass,
    Phase,
    PlayCard,
    Raise,
    ReturnCard,
    Settlement,
    mask_thirds,
    points,
    settle,
    stake,
    succeeds,
)
from cardrules.games.calabresella.options import ReverseCappotto, StramazzoBasis

Policy = Callable[[CalabresellaState], Action]

OPTION_VALUES: Final[dict[str, tuple[str, ...]]] = {
    "direction": ("counterclockwise", "clockwise"),
    "auction": ("open", "single-round"),
    "follow_suit": ("required", "free"),
    "opening_lead": ("eldest", "bidder"),
    "return_timing": ("after-monte", "before-monte"),
    "solo_monte": ("exposed", "hidden"),
    "solissimo_raises": ("on", "off"),
    "reverse_cappotto": ("on", "off"),
    "stramazzo_basis": ("rounded", "thirds"),
    "redeal_dealer": ("next", "same"),
}
"""Every enum option of the game and all its values (``stakes`` is a triple and drawn apart)."""

DECK_SET: Final = frozenset(DECK)
EMPTY: Final[Mapping[str, str]] = MappingProxyType({})


# -- helpers -----------------------------------------------------------------------


def calabresella(**options: object) -> CalabresellaGame:
    game = get_game("calabresella", **options)
    assert isinstance(game, CalabresellaGame)
    return game


def next_of(seat: int, direction: str = "counterclockwise") -> int:
    """next(s) read straight from the specification's Conventions."""
    return (seat + 1) % 3 if direction == "counterclockwise" else (seat + 2) % 3


def deck_for(
    hands: Sequence[str], monte: str = "", *, dealer: int = 2, direction: str = "counterclockwise"
) -> list[Card]:
    """A deck order dealing ``hands[seat]`` to each seat and ``monte`` as the monte.

    Hands and monte may be partial: the cards named nowhere fill the hands (seat
    order) and then the monte, in deck order. calabresella.deal.packets gives the
    k-th player from E the cards ``12r + 4k .. 12r + 4k + 3`` of round r.
    """
    given = [list(parse_cards(text)) for text in hands]
    pile = list(parse_cards(monte))
    named = [card for hand in given for card in hand] + pile
    assert len(set(named)) == len(named), "a card is named twice"
    rest = iter(card for card in DECK if card not in set(named))
    for hand in given:
        while len(hand) < 12:
            hand.append(next(rest))
    while len(pile) < 4:
        pile.append(next(rest))
    order: list[Card | None] = [None] * 40
    seat = next_of(dealer, direction)
    for k in range(3):
        for j, card in enumerate(given[seat]):
            order[12 * (j // 4) + 4 * k + j % 4] = card
        seat = next_of(seat, direction)
    order[36:40] = pile
    deck = [card for card in order if card is not None]
    assert len(deck) == 40
    return deck


def deal(
    hands: Sequence[str], monte: str = "", options: Mapping[str, str] = EMPTY, dealer: int = 2
) -> CalabresellaState:
    """A hand with these (partial) hands and monte, dealt by ``dealer``."""
    direction = options.get("direction", "counterclockwise")
    deck = deck_for(hands, monte, dealer=dealer, direction=direction)
    state = calabresella(**options).from_deal(deck, dealer=dealer)
    for seat, text in enumerate(hands):
        assert set(parse_cards(text)) <= held(state, seat), "the deck builder dealt the wrong hands"
    return state


def play(state: CalabresellaState, *texts: str) -> CalabresellaState:
    for text in texts:
        state = state.apply(state.parse_action(text))
    return state


def held(state: CalabresellaState, seat: int) -> set[Card]:
    return set(cards_in(state.hands[seat]))


def texts(state: CalabresellaState) -> list[str]:
    return [str(action) for action in state.legal_actions()]


def assert_refused(state: CalabresellaState, action: Action | str, *rule_ids: str) -> str:
    """``action`` is illegal with exactly ``rule_ids`` and applying it changes nothing; returns the reason."""
    if isinstance(action, str):
        action = state.parse_action(action)
    verdict = state.check(action)
    assert not verdict.legal, verdict
    assert verdict.rule_ids == rule_ids, verdict
    before = replace(state)
    with pytest.raises(IllegalActionError) as info:
        state.apply(action)
    assert info.value.verdict == verdict
    assert state == before
    return verdict.reason


def assert_allowed(state: CalabresellaState, text: str, rule_id: str) -> CalabresellaState:
    action = state.parse_action(text)
    verdict = state.check(action)
    assert verdict.legal, verdict
    assert verdict.rule_ids == (rule_id,), verdict
    assert action in state.legal_actions()
    return state.apply(action)


def first_legal(state: CalabresellaState) -> Action:
    return state.legal_actions()[0]


def random_policy(seed: int, bid_bias: float = 0.6) -> Policy:
    """Random legal actions; in the auction a bid is preferred to a pass with probability ``bid_bias``."""
    rng = random.Random(seed)

    def choose(state: CalabresellaState) -> Action:
        actions = state.legal_actions()
        if state.phase is Phase.AUCTION and len(actions) > 1 and rng.random() < bid_bias:
            return actions[1 + rng.randrange(len(actions) - 1)]
        return actions[rng.randrange(len(actions))]

    return choose


def walk(state: CalabresellaState, policy: Policy) -> Iterator[CalabresellaState]:
    """Every state of the hand from ``state`` to its end, both included."""
    yield state
    while not state.is_terminal:
        state = state.apply(policy(state))
        yield state


def finish(state: CalabresellaState, policy: Policy = first_legal) -> CalabresellaState:
    while not state.is_terminal:
        state = state.apply(policy(state))
    return state


def random_options(rng: random.Random) -> dict[str, str]:
    options = {name: rng.choice(values) for name, values in OPTION_VALUES.items()}
    options["stakes"] = rng.choice(("1,2,3", "1,2,4", "2,3,5"))
    return options


def played_hands(count: int, seed: int = 0, **fixed: str) -> Iterator[tuple[CalabresellaState, list[Action]]]:
    """``count`` hands with random options (``fixed`` ones kept), each with the actions that led there."""
    rng = random.Random(seed)
    for number in range(count):
        options = {**random_options(rng), **fixed}
        state = calabresella(**options).new_game(seed=seed * 1000 + number)
        policy = random_policy(seed * 1000 + number)
        actions: list[Action] = []
        while not state.is_terminal:
            action = policy(state)
            actions.append(action)
            state = state.apply(action)
        yield state, actions


def to_play(state: CalabresellaState) -> CalabresellaState:
    """Take the first legal action until the play phase (or the end) is reached."""
    while state.phase not in (Phase.PLAY, Phase.OVER):
        state = state.apply(first_legal(state))
    return state


# A deal used by many tests (dealer p2, so E = p0): p0 is strong in spades, p1 holds 3S.
P0: Final = "2S AS KS QS JS 7S 6S 5S 2H AH KH QH"
P1: Final = "3S 4S 3H JH 7H 6H 3D 2D AD KD QD JD"
P2: Final = "5H 4H 7D 6D 5D 4D 3C 2C AC KC QC JC"
MONTE: Final = "7C 6C 5C 4C"


def base(**options: str) -> CalabresellaState:
    return deal((P0, P1, P2), MONTE, options)


# -- deck and card values ----------------------------------------------------------


@pytest.mark.rule("calabresella.deck.composition")
def test_the_deck_is_forty_cards_without_eights_nines_and_tens() -> None:
    assert len(DECK) == 40 == len(set(DECK))
    assert Counter(card.suit for card in DECK) == dict.fromkeys(Suit, 10)
    assert Counter(card.rank for card in DECK) == dict.fromkeys(RANK_ORDER, 4)
    assert not {Rank.EIGHT, Rank.NINE, Rank.TEN} & {card.rank for card in DECK}
    state = calabresella().new_game(seed=5)
    dealt = [card for deck in state.dealt_decks() for card in deck]
    assert sorted(dealt, key=lambda c: c.index) == list(DECK)


@pytest.mark.rule("calabresella.deck.composition")
@pytest.mark.rule("common.deal.permutation")
def test_a_deck_with_a_ten_or_a_missing_card_is_refused() -> None:
    deck = deck_for((P0, P1, P2), MONTE)
    with pytest.raises(InvalidDealError, match=r"extra TS.*common.deal.permutation"):
        calabresella().from_deal([*deck[:39], parse_card("TS")], dealer=0)
    with pytest.raises(InvalidDealError, match=r"39 cards; missing 4C"):
        calabresella().from_deal(deck[:39], dealer=0)
    with pytest.raises(InvalidDealError, match=r"extra 2S"):
        calabresella().from_deal([*deck[:39], deck[0]], dealer=0)
    with pytest.raises(InvalidDealError, match="52 cards"):
        calabresella().from_deal(STANDARD_DECK, dealer=0)


def _suit_map(permutation: Sequence[int]) -> Callable[[Card], Card]:
    def mapped(card: Card) -> Card:
        return Card(card.rank, Suit(permutation[card.suit]))

    return mapped


def _map_action(action: Action, to: Callable[[Card], Card]) -> Action:
    if isinstance(action, (PlayCard, CallCard, ReturnCard)):
        return replace(action, card=to(action.card))
    if isinstance(action, Discard):
        return Discard(action.seat, tuple(to(card) for card in action.cards))
    return action


@pytest.mark.rule("calabresella.deck.italian")
def test_renaming_the_suits_changes_no_legal_set_trick_or_payment() -> None:
    rng = random.Random(11)
    for number in range(12):
        permutation = rng.sample(range(4), 4)
        to = _suit_map(permutation)
        options = random_options(rng)
        game = calabresella(**options)
        state = game.new_game(seed=number)
        twin = game.from_deal([to(card) for card in state.dealt_decks()[0]], dealer=state.dealer)
        policy = random_policy(number)
        while not state.is_terminal:
            mapped_legal = {str(_map_action(a, to)) for a in state.legal_actions()}
            assert mapped_legal == set(texts(twin))
            action = policy(state)
            state, twin = state.apply(action), twin.apply(_map_action(action, to))
            assert state.trick_winners == twin.trick_winners
        assert twin.is_terminal
        assert state.scores() == twin.scores()
        assert state.settlement == twin.settlement


@pytest.mark.rule("calabresella.deck.rank-order")
def test_the_three_is_highest_and_the_four_lowest_in_every_suit() -> None:
    for suit in Suit:
        cards = sorted((c for c in DECK if c.suit == suit), key=lambda c: -STRENGTH[c.index])
        assert "".join(c.rank.letter for c in cards) == "32AKQJ7654"
        assert [STRENGTH[c.index] for c in cards] == list(range(9, -1, -1))
    # In play: the 3 beats the ace and the 2 although the ace is worth more.
    state = play(to_play_solissimo(), "p0 play AS", "p1 play 3S", "p2 play 5H")
    assert state.trick_winners == (1,)


def to_play_solissimo() -> CalabresellaState:
    """The base deal with p0 in an unraised Solissimo: p0 leads."""
    return play(base(), "p0 bid solissimo", "p0 raise none")


@pytest.mark.rule("calabresella.scoring.card-thirds")
def test_aces_are_three_thirds_and_court_cards_one() -> None:
    value = {card: THIRDS[card.index] for card in DECK}
    for card, thirds in value.items():
        expected = 3 if card.rank is Rank.ACE else 1 if card.rank.letter in "32KQJ" else 0
        assert thirds == expected, card
    for suit in Suit:
        assert sum(v for c, v in value.items() if c.suit == suit) == 8
    assert sum(value.values()) == 32
    assert all(THIRDS[card.index] == 0 for card in STANDARD_DECK if card not in DECK_SET)
    assert mask_thirds(sum(card.bit for card in DECK)) == 32


@pytest.mark.rule("calabresella.scoring.last-trick")
def test_the_last_trick_earns_its_side_three_thirds() -> None:
    seen = set()
    for final, _ in played_hands(40, seed=3):
        settlement = final.settlement
        if settlement is None:
            continue
        last = final.trick_winners[-1]
        bidder_last = last == settlement.bidder
        seen.add(bidder_last)
        assert settlement.thirds_bidder == mask_thirds(final.won_bidder) + (3 if bidder_last else 0)
        assert settlement.thirds_opponents == mask_thirds(final.won_opponents) + (0 if bidder_last else 3)
    assert seen == {True, False}


@pytest.mark.rule("calabresella.scoring.hand-total")
def test_every_hand_scores_thirty_five_thirds_and_eleven_points() -> None:
    for b in range(36):
        assert points(b) + points(35 - b) == 11
    count = 0
    for final, _ in played_hands(30, seed=4):
        if final.settlement is not None:
            count += 1
            assert final.settlement.thirds_bidder + final.settlement.thirds_opponents == 35
            assert final.settlement.points_bidder + final.settlement.points_opponents == 11
    assert count > 10


@pytest.mark.rule("calabresella.scoring.rounding")
def test_each_side_rounds_its_pooled_thirds_down_once() -> None:
    assert points(17) == 5 and points(18) == 6 and points(2) == 0
    # The opponents took 4 and 5 thirds: pooled 9 thirds are 3 points, not 1 + 1.
    result = settle(
        bidder=0,
        contract=Contract.SOLO,
        raised=Raise.NONE,
        tricks_bidder=9,
        thirds_bidder=26,
        stakes=(1, 2, 3),
    )
    assert (result.thirds_opponents, result.points_opponents, result.points_bidder) == (9, 3, 8)
    assert 4 // 3 + 5 // 3 == 2 != result.points_opponents


@pytest.mark.rule("calabresella.scoring.success")
def test_the_bidder_succeeds_exactly_at_eighteen_thirds() -> None:
    for b in range(36):
        assert succeeds(b) == (b >= 18) == (points(b) >= 6)
        assert (points(b) >= 6) != (points(35 - b) >= 6)
    low = settle(
        bidder=1,
        contract=Contract.CHIAMO,
        raised=Raise.NONE,
        tricks_bidder=5,
        thirds_bidder=17,
        stakes=(1, 2, 3),
    )
    high = settle(
        bidder=1,
        contract=Contract.CHIAMO,
        raised=Raise.NONE,
        tricks_bidder=5,
        thirds_bidder=18,
        stakes=(1, 2, 3),
    )
    assert (low.success, low.payments) == (False, (1, -2, 1))
    assert (high.success, high.payments) == (True, (-1, 2, -1))


# -- dealer and deal ---------------------------------------------------------------


@pytest.mark.rule("calabresella.deal.first-dealer")
def test_the_first_dealer_is_drawn_evenly() -> None:
    game = calabresella()
    counts = Counter(game.new_game(seed=seed).dealer for seed in range(3000))
    assert set(counts) == {0, 1, 2}
    assert all(900 < count < 1100 for count in counts.values()), counts
    assert game.new_game(seed=7).dealer == game.new_game(seed=7).dealer


@pytest.mark.rule("calabresella.deal.direction")
@pytest.mark.parametrize("direction", ["counterclockwise", "clockwise"])
@pytest.mark.parametrize("dealer", [0, 1, 2])
def test_the_eldest_hand_is_next_of_the_dealer(direction: str, dealer: int) -> None:
    state = calabresella(direction=direction).new_game(seed=dealer)
    state = calabresella(direction=direction).from_deal(state.dealt_decks()[0], dealer=dealer)
    eldest = next_of(dealer, direction)
    assert state.eldest == eldest == state.current_player
    assert [state.next_seat(s) for s in range(3)] == [next_of(s, direction) for s in range(3)]
    # Chiamo by E; E leads the first trick; the next dealer is next(D).
    final = finish(to_play(state.apply(Bid(eldest, Contract.CHIAMO))))
    assert final.plays[0][0] == eldest
    assert final.next_dealer == eldest


@pytest.mark.rule("calabresella.deal.rotation")
@pytest.mark.parametrize("redeal", ["next", "same"])
def test_the_deal_passes_on_after_every_hand(redeal: str) -> None:
    game = calabresella(redeal_dealer=redeal)
    played = finish(to_play(play(game.new_game(seed=1), "bid solo")))
    assert played.next_dealer == next_of(played.dealer)
    assert played.next_hand().dealer == next_of(played.dealer)
    abandoned = play(game.new_game(seed=1), "pass", "pass", "pass")
    expected = abandoned.dealer if redeal == "same" else next_of(abandoned.dealer)
    assert abandoned.next_dealer == expected == abandoned.next_hand().dealer


@pytest.mark.rule("calabresella.deal.packets")
def test_three_rounds_of_packets_of_four_from_the_eldest_hand() -> None:
    rng = random.Random(2)
    for direction in ("counterclockwise", "clockwise"):
        for dealer in range(3):
            deck = list(DECK)
            rng.shuffle(deck)
            state = calabresella(direction=direction).from_deal(deck, dealer=dealer)
            seat = next_of(dealer, direction)
            for k in range(3):
                expected = {deck[12 * r + 4 * k + i] for r in range(3) for i in range(4)}
                assert held(state, seat) == expected
                seat = next_of(seat, direction)
            assert [len(held(state, s)) for s in range(3)] == [12, 12, 12]


@pytest.mark.rule("calabresella.deal.monte")
def test_the_last_four_cards_are_the_monte_in_order() -> None:
    deck = deck_for((P0, P1, P2), MONTE)
    state = calabresella().from_deal(deck, dealer=2)
    assert [card_at(c) for c in state.monte] == deck[36:40] == list(parse_cards(MONTE))
    assert state.observation(0).monte_size == 4
    for seat in range(3):
        assert not set(state.observation(seat).hand) & set(deck[36:40])


# -- the order of a hand -----------------------------------------------------------


def _sizes(state: CalabresellaState) -> tuple[int, int, int]:
    return state.hands[0].bit_count(), state.hands[1].bit_count(), state.hands[2].bit_count()


@pytest.mark.rule("calabresella.procedure.phases")
def test_a_chiamo_hand_goes_call_return_discard_then_play() -> None:
    state = play(base(), "p0 bid chiamo", "p1 pass", "p2 pass")
    assert (state.phase, state.current_player, state.bidder) == (Phase.CALL, 0, 0)
    state = play(state, "p0 call 3S")
    assert (state.phase, state.current_player, _sizes(state)) == (Phase.RETURN, 0, (17, 11, 12))
    state = play(state, "p0 return 7C")
    assert (state.phase, _sizes(state)) == (Phase.DISCARD, (16, 12, 12))
    state = play(state, "p0 discard 4C 5C 6C 5S")
    assert (state.phase, state.current_player, _sizes(state), len(state.monte)) == (
        Phase.PLAY,
        0,
        (12, 12, 12),
        4,
    )
    final = finish(state)
    assert final.is_terminal and len(final.plays) == 36


@pytest.mark.rule("calabresella.procedure.phases")
def test_nobody_can_pass_or_play_out_of_phase() -> None:
    state = base()
    reason = assert_refused(state, "p0 play 2S", "calabresella.procedure.phases")
    assert "to call (pass or bid)" in reason
    state = play(state, "p0 bid solo", "p1 pass", "p2 pass")
    assert state.phase is Phase.DISCARD
    assert_refused(state, "p0 pass", "calabresella.procedure.phases")
    assert_refused(state, "p0 play 2S", "calabresella.procedure.phases")
    state = play(state, "p0 discard 4C 5C 6C 7C")
    assert_refused(state, "p0 bid solissimo", "calabresella.procedure.phases")


@pytest.mark.rule("calabresella.procedure.phases")
def test_every_hand_ends_within_forty_three_decisions() -> None:
    lengths: Counter[int] = Counter()
    for final, actions in played_hands(60, seed=5):
        calls = sum(isinstance(a, (Pass, Bid)) for a in actions)
        plays = sum(isinstance(a, PlayCard) for a in actions)
        exchange = len(actions) - calls - plays
        if final.abandoned:
            assert len(actions) == calls == 3
        else:
            assert calls <= 4 and exchange <= 3 and plays == 36
            assert len(actions) <= 43
        lengths[len(actions)] += 1
    assert max(lengths) <= 43


# -- bidding -----------------------------------------------------------------------


@pytest.mark.rule("calabresella.bidding.ladder")
def test_the_ladder_and_its_stakes() -> None:
    stakes = (1, 2, 3)
    values = [stake(c, Raise.NONE, stakes) for c in Contract]
    assert values == [1, 2, 3]
    assert stake(Contract.SOLISSIMO, Raise.DIVIDETE, stakes) == 6
    assert stake(Contract.SOLISSIMO, Raise.SCEGLIETE, stakes) == 12
    assert [c.level for c in Contract] == [1, 2, 3]
    assert stake(Contract.SOLISSIMO, Raise.SCEGLIETE, (2, 5, 7)) == 28
    with pytest.raises(ValueError, match="only Solissimo"):
        stake(Contract.SOLO, Raise.DIVIDETE, stakes)
    assert calabresella(stakes="2, 5, 7").options.stake_values == (2, 5, 7)
    assert calabresella(stakes=(2, 5, 7)).options_dict()["stakes"] == "2,5,7"
    for bad in ("3,2,1", "1,1,2", "0,1,2", "1,2", "1,2,3,4", "a,b,c", "1.5,2,3", 7):
        with pytest.raises(InvalidOptionError, match="stakes") as info:
            calabresella(stakes=bad)
        assert info.value.option == "stakes"


@pytest.mark.rule("calabresella.bidding.ladder")
def test_the_stakes_option_sets_the_payment() -> None:
    state = play(base(stakes="2,5,9"), "p0 bid solo", "p1 pass", "p2 pass")
    final = finish(state)
    assert final.settlement is not None
    assert final.settlement.value == 5 * final.settlement.multiplier


@pytest.mark.rule("calabresella.bidding.order")
def test_the_eldest_calls_first_and_passed_players_are_skipped() -> None:
    state = base()
    assert state.current_player == 0
    state = play(state, "p0 bid chiamo", "p1 pass")
    assert state.current_player == 2
    state = play(state, "p2 bid solo")
    assert state.current_player == 0  # p1 has passed and is skipped
    state = play(state, "p0 pass")
    assert state.is_terminal is False and state.bidder == 2 and state.contract is Contract.SOLO


@pytest.mark.rule("calabresella.bidding.order")
def test_single_round_calls_go_eldest_then_next_then_dealer() -> None:
    state = base(auction="single-round")
    callers = []
    for text in ("bid chiamo", "bid solo", "pass"):
        callers.append(state.current_player)
        state = play(state, text)
    assert callers == [0, 1, 2]
    assert (state.bidder, state.contract) == (1, Contract.SOLO)
    assert len(state.calls) == 3


@pytest.mark.rule("calabresella.bidding.overcall")
def test_a_bid_must_be_higher_than_the_highest_so_far() -> None:
    state = base()
    assert texts(state) == ["p0 pass", "p0 bid chiamo", "p0 bid solo", "p0 bid solissimo"]
    state = play(state, "p0 bid solo")
    assert texts(state) == ["p1 pass", "p1 bid solissimo"]
    reason = assert_refused(state, "p1 bid chiamo", "calabresella.bidding.overcall")
    assert "highest bid is Solo" in reason
    assert_refused(state, "p1 bid solo", "calabresella.bidding.overcall")
    assert_allowed(state, "p1 pass", "calabresella.bidding.overcall")
    assert_allowed(state, "p1 bid solissimo", "calabresella.bidding.overcall")


@pytest.mark.rule("calabresella.bidding.pass-final")
def test_a_player_who_passed_cannot_call_again() -> None:
    state = play(base(), "p0 pass", "p1 bid chiamo", "p2 bid solo")
    assert state.current_player == 1  # p0 has passed and is skipped
    reason = assert_refused(
        state, "p0 bid solissimo", "common.turn.player-to-act", "calabresella.bidding.pass-final"
    )
    assert "p0 has passed" in reason
    for _final, actions in played_hands(30, seed=6):
        passed: set[int] = set()
        for action in actions:
            if isinstance(action, (Pass, Bid)):
                assert action.seat not in passed
                if isinstance(action, Pass):
                    passed.add(action.seat)


@pytest.mark.rule("calabresella.bidding.end")
def test_solissimo_ends_the_auction_at_once() -> None:
    state = play(base(), "p0 bid solissimo")
    assert (state.phase, state.bidder, state.contract) == (Phase.RAISE, 0, Contract.SOLISSIMO)
    assert len(state.calls) == 1


@pytest.mark.rule("calabresella.bidding.end")
def test_a_bid_stands_once_both_others_have_passed() -> None:
    state = play(base(), "p0 bid chiamo", "p1 bid solo", "p2 pass")
    assert state.phase is Phase.AUCTION and state.current_player == 0
    state = play(state, "p0 pass")
    assert (state.bidder, state.contract, len(state.calls)) == (1, Contract.SOLO, 4)
    for final, actions in played_hands(40, seed=7, auction="open"):
        calls = [a for a in actions if isinstance(a, (Pass, Bid))]
        levels = [a.contract for a in calls if isinstance(a, Bid)]
        assert len(levels) == len(set(levels))
        assert len(calls) == 3 if final.abandoned else len(calls) <= 4


@pytest.mark.rule("calabresella.bidding.end")
def test_a_single_round_auction_ends_after_the_dealer() -> None:
    state = play(base(auction="single-round"), "p0 bid chiamo", "p1 pass", "p2 pass")
    assert (state.bidder, state.contract, state.phase) == (0, Contract.CHIAMO, Phase.CALL)
    state = play(base(auction="single-round"), "p0 pass", "p1 pass", "p2 pass")
    assert state.abandoned


@pytest.mark.rule("calabresella.bidding.all-pass")
def test_three_passes_abandon_the_hand_without_payment() -> None:
    state = play(base(), "p0 pass", "p1 pass", "p2 pass")
    assert state.is_terminal and state.abandoned and state.current_player == TERMINAL
    assert state.scores() == (0, 0, 0) and state.legal_actions() == ()
    assert state.bidder is None and state.settlement is None
    fresh = state.next_hand()
    assert fresh.phase is Phase.AUCTION and fresh.hand_number == 2
    assert sum(_sizes(fresh)) + len(fresh.monte) == 40
    assert fresh.balances == (0, 0, 0)


# -- the exchange ------------------------------------------------------------------


def chiamo(**options: str) -> CalabresellaState:
    """The base deal after p0 has won the auction with Chiamo."""
    return play(base(**options), "p0 bid chiamo", "p1 pass", "p2 pass")


@pytest.mark.rule("calabresella.exchange.call")
def test_any_of_the_28_cards_the_bidder_lacks_may_be_called() -> None:
    state = chiamo()
    calls = state.legal_actions()
    assert len(calls) == 28
    assert {a.card for a in calls if isinstance(a, CallCard)} == DECK_SET - held(state, 0)
    reason = assert_refused(state, "p0 call AS", "calabresella.exchange.call")
    assert "p0 holds A♠" in reason
    assert_allowed(state, "p0 call 3S", "calabresella.exchange.call")


@pytest.mark.rule("calabresella.exchange.call")
def test_there_is_no_call_in_solo_or_solissimo() -> None:
    state = play(base(), "p0 bid solo", "p1 pass", "p2 pass")
    assert_refused(state, "p0 call 3S", "calabresella.exchange.call", "calabresella.procedure.phases")
    state = play(base(), "p0 bid solissimo")
    assert_refused(state, "p0 call 3S", "calabresella.exchange.call", "calabresella.procedure.phases")


@pytest.mark.rule("calabresella.exchange.handover")
def test_the_holder_hands_the_called_card_over_at_once() -> None:
    state = chiamo()
    after = play(state, "p0 call 3S")
    assert parse_card("3S") in held(after, 0)
    assert _sizes(after)[1] == 11
    assert held(after, 2) == held(state, 2)
    assert after.setup.giver == 1
    assert all(after.observation(s).giver == 1 for s in range(3))


@pytest.mark.rule("calabresella.exchange.called-in-monte")
def test_a_card_called_from_the_monte_comes_with_the_monte() -> None:
    state = play(chiamo(), "p0 call 7C")
    assert state.phase is Phase.DISCARD and _sizes(state) == (16, 12, 12)
    assert state.setup.called_in_monte and state.setup.giver == -1
    assert all(state.observation(s).called_in_monte for s in range(3))
    reason = assert_refused(
        state, "p0 call 3S", "calabresella.exchange.called-in-monte", "calabresella.procedure.phases"
    )
    assert "lay in the monte" in reason
    assert_refused(
        state, "p0 return 2S", "calabresella.exchange.called-in-monte", "calabresella.procedure.phases"
    )
    state = play(state, "p0 discard 4C 5C 6C 7C")
    assert _sizes(state) == (12, 12, 12)


@pytest.mark.rule("calabresella.exchange.take-monte")
@pytest.mark.parametrize("contract", ["chiamo", "solo"])
def test_the_monte_goes_into_the_bidders_hand(contract: str) -> None:
    state = play(base(), f"p0 bid {contract}", "p1 pass", "p2 pass")
    if contract == "chiamo":
        state = play(state, "p0 call 3D")
    assert state.monte == ()
    assert set(parse_cards(MONTE)) <= held(state, 0)
    for seat in range(3):
        assert state.observation(seat).exposed_monte == parse_cards(MONTE)


@pytest.mark.rule("calabresella.exchange.take-monte")
def test_before_monte_the_monte_is_taken_after_the_return() -> None:
    state = play(chiamo(return_timing="before-monte"), "p0 call 3S")
    assert state.phase is Phase.RETURN and len(state.monte) == 4 and _sizes(state) == (13, 11, 12)
    state = play(state, "p0 return 2H")
    assert state.monte == () and _sizes(state) == (16, 12, 12)


@pytest.mark.rule("calabresella.exchange.return")
def test_after_monte_any_card_but_the_called_one_may_be_returned() -> None:
    state = play(chiamo(), "p0 call 3S")
    returns = state.legal_actions()
    assert len(returns) == 16
    assert {a.card for a in returns if isinstance(a, ReturnCard)} == held(state, 0) - {parse_card("3S")}
    reason = assert_refused(state, "p0 return 3S", "calabresella.exchange.return")
    assert "called card 3♠" in reason
    after = assert_allowed(state, "p0 return 7C", "calabresella.exchange.return")  # a monte card is allowed
    assert parse_card("7C") in held(after, 1) and _sizes(after) == (16, 12, 12)
    assert all(after.observation(s).returned == parse_card("7C") for s in range(3))


@pytest.mark.rule("calabresella.exchange.return")
def test_before_monte_the_return_comes_from_the_twelve_dealt_cards() -> None:
    state = play(chiamo(return_timing="before-monte"), "p0 call 3S")
    assert {a.card for a in state.legal_actions() if isinstance(a, ReturnCard)} == set(parse_cards(P0))
    reason = assert_refused(state, "p0 return 7C", "common.cards.held")
    assert "before-monte" in reason


@pytest.mark.rule("calabresella.exchange.discard")
def test_every_four_cards_may_be_laid_and_no_other_number() -> None:
    state = play(base(), "p0 bid solo", "p1 pass", "p2 pass")
    hand = sorted(held(state, 0), key=lambda c: c.index)
    assert len(hand) == 16
    laid = state.legal_actions()
    assert len(laid) == 1820
    assert {a.cards for a in laid if isinstance(a, Discard)} == set(combinations(hand, 4))
    reason = assert_refused(state, "p0 discard 4C 5C 6C", "calabresella.exchange.discard")
    assert "exactly 4 cards" in reason and "not 3" in reason
    assert_refused(state, "p0 discard 4C 5C 6C 7C 2S", "calabresella.exchange.discard")
    assert_refused(state, "p0 discard 4C 4C 6C 7C", "calabresella.exchange.discard", "common.cards.held")
    assert_refused(state, "p0 discard 4C 5C 6C 3S", "common.cards.held")
    both = assert_refused(state, "p0 discard 4C 5C 3S", "calabresella.exchange.discard", "common.cards.held")
    assert "does not hold 3♠" in both and "not 3" in both
    after = assert_allowed(state, "p0 discard AS 2S 4C 5C", "calabresella.exchange.discard")
    assert _sizes(after)[0] == 12 and len(after.monte) == 4
    assert {card_at(c) for c in after.monte} == set(parse_cards("AS 2S 4C 5C"))


@pytest.mark.rule("calabresella.exchange.solissimo")
def test_the_solissimo_bidder_never_touches_the_monte() -> None:
    state = play(base(), "p0 bid solissimo")
    reason = assert_refused(
        state, "p0 discard 2S 5S 6S 7S", "calabresella.exchange.solissimo", "calabresella.procedure.phases"
    )
    assert "Solissimo" in reason
    state = play(state, "p0 raise none")
    assert state.phase is Phase.PLAY
    assert [card_at(c) for c in state.monte] == list(parse_cards(MONTE))
    assert held(state, 0) == set(parse_cards(P0))
    monte = set(parse_cards(MONTE))
    for seat in range(3):
        seen = state.observation(seat)
        assert seen.exposed_monte is None and not monte & set(seen.received + seen.laid + seen.hand)


@pytest.mark.rule("calabresella.exchange.solissimo-raise")
def test_the_raise_is_one_decision_right_after_a_solissimo_auction() -> None:
    state = play(base(), "p0 bid solissimo")
    assert texts(state) == ["p0 raise none", "p0 raise dividete", "p0 raise scegliete"]
    assert_refused(state, "p0 play 2S", "calabresella.procedure.phases")
    later = play(state, "p0 raise none")
    assert_refused(
        later, "p0 raise dividete", "calabresella.exchange.solissimo-raise", "calabresella.procedure.phases"
    )
    solo = play(base(), "p0 bid solo", "p1 pass", "p2 pass")
    assert_refused(
        solo, "p0 raise scegliete", "calabresella.exchange.solissimo-raise", "calabresella.procedure.phases"
    )
    off = play(base(solissimo_raises="off"), "p0 bid solissimo")
    assert off.phase is Phase.PLAY
    reason = assert_refused(
        off, "p0 raise dividete", "calabresella.exchange.solissimo-raise", "calabresella.procedure.phases"
    )
    assert "solissimo_raises=off" in reason


@pytest.mark.rule("calabresella.exchange.solissimo-raise")
def test_the_raise_multiplies_the_stake() -> None:
    for choice, factor in (("none", 1), ("dividete", 2), ("scegliete", 4)):
        final = finish(play(base(), "p0 bid solissimo", f"p0 raise {choice}"))
        assert final.settlement is not None
        assert final.settlement.value == 3 * factor * final.settlement.multiplier


@pytest.mark.rule("calabresella.exchange.dividete")
def test_dividete_gives_each_opponent_two_monte_cards_to_exchange() -> None:
    state = play(base(), "p0 bid solissimo", "p0 raise dividete")
    assert (state.phase, state.current_player, _sizes(state), state.monte) == (Phase.LAY, 1, (12, 14, 14), ())
    assert {parse_card("7C"), parse_card("6C")} <= held(state, 1)
    assert {parse_card("5C"), parse_card("4C")} <= held(state, 2)
    reason = assert_refused(state, "p1 discard 7C 6C 4S", "calabresella.exchange.dividete")
    assert "exactly 2 cards" in reason
    assert_refused(state, "p2 discard 5C 4C", "common.turn.player-to-act")
    assert len(state.legal_actions()) == 91
    state = assert_allowed(state, "p1 discard 4S 7H", "calabresella.exchange.dividete")
    assert state.current_player == 2 and _sizes(state) == (12, 12, 14)
    state = assert_allowed(state, "p2 discard 3C 5C", "calabresella.exchange.dividete")
    assert state.phase is Phase.PLAY and _sizes(state) == (12, 12, 12)
    assert {card_at(c) for c in state.monte} == set(parse_cards("4S 7H 3C 5C"))
    assert state.observation(1).received == parse_cards("7C 6C")
    assert state.observation(2).received == parse_cards("5C 4C")
    assert state.observation(0).received == () and state.observation(0).laid == ()


@pytest.mark.rule("calabresella.exchange.scegliete")
def test_scegliete_lets_each_opponent_in_turn_exchange_freely() -> None:
    state = play(base(), "p0 bid solissimo", "p0 raise scegliete")
    assert (state.phase, state.current_player, _sizes(state)) == (Phase.LAY, 1, (12, 16, 12))
    reason = assert_refused(state, "p1 discard 7C 6C", "calabresella.exchange.scegliete")
    assert "exactly 4 cards" in reason
    state = assert_allowed(state, "p1 discard 7C 6C 5C 4C", "calabresella.exchange.scegliete")  # all back
    assert (state.current_player, _sizes(state)) == (2, (12, 12, 16))
    state = assert_allowed(state, "p2 discard 4D 5D 6D 7D", "calabresella.exchange.scegliete")
    assert state.phase is Phase.PLAY and _sizes(state) == (12, 12, 12)
    assert {card_at(c) for c in state.monte} == set(parse_cards("4D 5D 6D 7D"))
    assert set(state.observation(2).received) == set(parse_cards(MONTE))
    assert state.observation(0).received == ()


# -- play --------------------------------------------------------------------------


@pytest.mark.rule("calabresella.play.opening-lead")
def test_the_eldest_leads_except_in_solissimo() -> None:
    solo = to_play(play(base(), "p0 pass", "p1 bid solo", "p2 pass"))
    assert (solo.bidder, solo.current_player) == (1, 0)
    sol = to_play(play(base(), "p0 pass", "p1 bid solissimo"))
    assert (sol.bidder, sol.current_player) == (1, 1)
    raised = to_play(play(base(), "p0 pass", "p1 bid solissimo", "p1 raise dividete"))
    assert raised.current_player == 1
    bidder_leads = to_play(play(base(opening_lead="bidder"), "p0 pass", "p1 bid solo", "p2 pass"))
    assert bidder_leads.current_player == 1


@pytest.mark.rule("calabresella.play.turn")
def test_each_trick_takes_one_card_from_each_seat_in_turn() -> None:
    for final, _ in played_hands(20, seed=8):
        if final.abandoned:
            continue
        plays = final.plays
        assert len(plays) == 36
        for t in range(12):
            seats = [seat for seat, _ in plays[3 * t : 3 * t + 3]]
            assert seats[1] == final.next_seat(seats[0]) and seats[2] == final.next_seat(seats[1])


@pytest.mark.rule("calabresella.play.lead")
def test_the_leader_may_lead_any_card() -> None:
    state = to_play_solissimo()
    assert {a.card for a in state.legal_actions() if isinstance(a, PlayCard)} == held(state, 0)
    assert state.check("p0 play 5S").reason == "p0 leads 5♠"
    assert_allowed(state, "p0 play 5S", "calabresella.play.lead")


@pytest.mark.rule("calabresella.play.follow")
def test_a_player_holding_the_suit_led_must_follow() -> None:
    state = play(to_play_solissimo(), "p0 play 2H")
    assert set(texts(state)) == {"p1 play 3H", "p1 play JH", "p1 play 7H", "p1 play 6H"}
    reason = assert_refused(state, "p1 play 3S", "calabresella.play.follow")
    assert "hearts were led" in reason and "p1 holds" in reason and "3♠ fails to follow suit" in reason
    assert state.check("p1 play 3H").reason == "p1 follows hearts with 3♥"
    state = assert_allowed(state, "p1 play 3H", "calabresella.play.follow")
    state = play(state, "p2 play 4H", "p1 play 3D", "p2 play 4D")
    # p0 holds no diamond and may play anything.
    assert set(texts(state)) == {f"p0 play {card}" for card in held(state, 0)}
    assert state.check("p0 play 5S").reason == "p0 has no diamonds and may play any card, 5♠ included"
    assert_allowed(state, "p0 play 5S", "calabresella.play.follow")


@pytest.mark.rule("calabresella.play.follow")
def test_under_free_any_card_may_be_played() -> None:
    state = play(base(follow_suit="free"), "p0 bid solissimo", "p0 raise none", "p0 play 2H")
    assert len(state.legal_actions()) == 12
    assert state.check("p1 play 3S").reason == "under follow_suit=free p1 may play 3♠ on a hearts lead"
    assert state.check("p1 play 3H").reason == "p1 follows hearts with 3♥"
    after = assert_allowed(state, "p1 play 3S", "calabresella.play.follow")
    assert after.current_player == 2


def test_plays_and_lay_aways_are_listed_in_canonical_order() -> None:
    # The protocol's order: playable cards in index order, under either follow_suit; every
    # lay-away of the right size, lexicographically in index order.
    plays = lays = 0
    for seed in range(30):
        game = calabresella(follow_suit="free" if seed % 3 == 0 else "required")
        for state in walk(game.new_game(seed=seed), random_policy(seed, bid_bias=0.9)):
            seat = state.current_player
            if state.phase is Phase.PLAY and not state.is_terminal:
                wanted: tuple[Action, ...] = tuple(
                    PlayCard(seat, card) for card in cards_in(state.legal_mask())
                )
                assert state.legal_actions() == wanted
                plays += 1
            elif state.phase in (Phase.DISCARD, Phase.LAY):
                size = 2 if state.phase is Phase.LAY and state.setup.raised is Raise.DIVIDETE else 4
                wanted = tuple(
                    Discard(seat, cards) for cards in combinations(cards_in(state.hands[seat]), size)
                )
                assert state.legal_actions() == wanted
                lays += 1
    assert plays > 500 and lays > 10


@pytest.mark.rule("calabresella.play.trick-winner")
def test_only_the_suit_led_can_win_the_trick() -> None:
    # free play so that a 3 of another suit can be thrown on a low lead
    state = play(base(follow_suit="free"), "p0 bid solissimo", "p0 raise none")
    state = play(state, "p0 play 5S", "p1 play 3H", "p2 play 3C")
    assert state.trick_winners == (0,) and state.current_player == 0
    assert state.won_bidder == sum(parse_card(c).bit for c in ("5S", "3H", "3C"))
    state = play(state, "p0 play 6S", "p1 play 4S", "p2 play 2C")
    assert state.trick_winners == (0, 0)
    state = play(state, "p0 play 7S", "p1 play 3S", "p2 play AC")
    assert state.trick_winners == (0, 0, 1) and state.tricks_opponents == 1


@pytest.mark.rule("calabresella.play.next-lead")
def test_the_winner_of_a_trick_leads_the_next() -> None:
    for final, _ in played_hands(20, seed=9):
        if final.abandoned:
            continue
        plays = final.plays
        for t in range(1, 12):
            assert plays[3 * t][0] == final.trick_winners[t - 1]


@pytest.mark.rule("calabresella.play.tricks")
def test_twelve_tricks_are_played_and_the_hands_run_out() -> None:
    for final, _ in played_hands(20, seed=10):
        if final.abandoned:
            continue
        assert len(final.trick_winners) == 12
        assert final.tricks_bidder + final.tricks_opponents == 12
        assert final.hands == (0, 0, 0) and final.trick == ()


# -- end of the hand ---------------------------------------------------------------


@pytest.mark.rule("calabresella.scoring.monte")
def test_the_monte_goes_to_the_winner_of_the_last_trick() -> None:
    for final, _ in played_hands(40, seed=12):
        if final.settlement is None:
            continue
        monte = sum(1 << c for c in final.final_monte)
        pile = final.won_bidder if final.trick_winners[-1] == final.settlement.bidder else final.won_opponents
        assert pile & monte == monte
        assert final.won_bidder & final.won_opponents == 0
        assert (final.won_bidder | final.won_opponents).bit_count() == 40
        assert final.monte == ()


@pytest.mark.rule("calabresella.scoring.payment")
def test_each_opponent_pays_or_is_paid_the_value() -> None:
    seen = set()
    for final, _ in played_hands(60, seed=13):
        s = final.settlement
        if s is None:
            continue
        seen.add(s.success)
        assert s.value == stake(s.contract, s.raised, final.options.stake_values) * s.multiplier
        net_b = 2 * s.value if s.success else -2 * s.value
        expected = [-net_b // 2] * 3
        expected[s.bidder] = net_b
        assert final.scores() == tuple(expected) and sum(final.scores()) == 0
        assert final.winner() == ((s.bidder,) if s.success else tuple(sorted(set(range(3)) - {s.bidder})))
    assert seen == {True, False}


def _top_cards_deal(**options: str) -> CalabresellaState:
    """p0 holds the 3, 2 and ace of every suit: leading them, p0 wins every trick in Solissimo."""
    top = "3S 2S AS 3H 2H AH 3D 2D AD 3C 2C AC"
    return deal((top, "", ""), "", options)


def _bottom_cards_deal(**options: str) -> CalabresellaState:
    """p0 holds the 7 to 4 of three suits, the opponents every higher card of those suits."""
    low = "7S 6S 5S 4S 7H 6H 5H 4H 7D 6D 5D 4D"
    return deal(
        (low, "3S 2S AS KS QS JS 3H 2H AH KH QH JH", "3D 2D AD KD QD JD 3C 2C AC KC QC JC"),
        "7C 6C 5C 4C",
        options,
    )


@pytest.mark.rule("calabresella.scoring.cappotto")
def test_the_bidder_taking_every_trick_is_cappotto() -> None:
    final = finish(play(_top_cards_deal(), "p0 bid solissimo", "p0 raise none"))
    s = final.settlement
    assert s is not None
    assert (s.tricks_bidder, s.points_bidder, s.success, s.cappotto, s.multiplier) == (12, 11, True, True, 2)
    assert s.thirds_bidder == 35 and not s.stramazzo
    assert final.scores() == (12, -6, -6)


@pytest.mark.rule("calabresella.scoring.cappotto")
@pytest.mark.parametrize(("reverse", "m"), [("on", 2), ("off", 1)])
def test_the_opponents_taking_every_trick_is_cappotto_by_default(reverse: str, m: int) -> None:
    final = finish(play(_bottom_cards_deal(reverse_cappotto=reverse), "p0 bid solissimo", "p0 raise none"))
    s = final.settlement
    assert s is not None
    assert (s.tricks_bidder, s.points_bidder, s.success, s.cappotto, s.multiplier) == (0, 0, False, m == 2, m)
    assert not s.stramazzo
    assert final.scores() == (-6 * m, 3 * m, 3 * m)


@pytest.mark.rule("calabresella.scoring.stramazzo")
def test_all_or_no_points_without_all_or_no_tricks_is_stramazzo() -> None:
    def solo(
        tricks: int,
        thirds: int,
        basis: StramazzoBasis = StramazzoBasis.ROUNDED,
        reverse: ReverseCappotto = ReverseCappotto.ON,
    ) -> Settlement:
        return settle(
            bidder=2,
            contract=Contract.SOLO,
            raised=Raise.NONE,
            tricks_bidder=tricks,
            thirds_bidder=thirds,
            stakes=(1, 2, 3),
            basis=basis,
            reverse=reverse,
        )

    everything = solo(11, 33)
    assert (everything.stramazzo, everything.multiplier, everything.payments) == (True, 3, (-6, -6, 12))
    nothing = solo(1, 2)
    assert (nothing.stramazzo, nothing.multiplier, nothing.success) == (True, 3, False)
    raw = StramazzoBasis.THIRDS
    assert not solo(11, 33, raw).stramazzo
    assert solo(11, 35, raw).stramazzo
    assert not solo(1, 2, raw).stramazzo
    assert solo(1, 0, raw).stramazzo
    for tricks in range(13):
        for thirds in range(36):
            for basis in StramazzoBasis:
                for reverse in ReverseCappotto:
                    s = solo(tricks, thirds, basis, reverse)
                    assert not (s.cappotto and s.stramazzo)
                    assert s.multiplier == (2 if s.cappotto else 3 if s.stramazzo else 1)


@pytest.mark.rule("calabresella.procedure.session")
def test_a_session_is_a_run_of_hands_whose_balances_sum_to_zero() -> None:
    state = calabresella().new_game(seed=21)
    policy = random_policy(21)
    balances = (0, 0, 0)
    dealers = []
    for number in range(1, 9):
        assert state.hand_number == number and state.balances == balances
        dealers.append(state.dealer)
        final = finish(state, policy)
        assert final.is_terminal and final.legal_actions() == ()
        assert final.balances == tuple(b + p for b, p in zip(balances, final.scores(), strict=True))
        assert sum(final.balances) == 0
        if final.abandoned:
            assert final.balances == balances
        balances = final.balances
        state = final.next_hand()
    with pytest.raises(ValueError, match="not over"):
        state.next_hand()
    # The game (one hand) records only its own deal.
    assert len(state.dealt_decks()) == 1 and state.first_dealer == state.dealer


@pytest.mark.rule("calabresella.procedure.session")
def test_later_deals_feed_the_next_hands_of_the_session() -> None:
    first = deck_for((P0, P1, P2), MONTE)
    second = list(reversed(first))
    state = calabresella().from_deal(first, dealer=2, later_deals=[second])
    final = play(state, "pass", "pass", "pass")
    assert list(final.next_hand().dealt_decks()[0]) == second


# -- information -------------------------------------------------------------------


@pytest.mark.rule("calabresella.info.hands")
def test_a_player_sees_only_their_own_hand() -> None:
    state = play(base(), "p0 bid solissimo", "p0 raise none", "p0 play 2S")
    seen = state.observation(0)
    assert set(seen.hand) == held(state, 0) and seen.hand_sizes == (11, 12, 12)
    # Swapping two cards between p1 and p2 changes nothing p0 sees.
    swapped = replace(
        state,
        hands=(
            state.hands[0],
            state.hands[1] ^ parse_card("3D").bit ^ parse_card("3C").bit,
            state.hands[2] ^ parse_card("3D").bit ^ parse_card("3C").bit,
        ),
    )
    assert swapped.observation(0) == seen
    assert swapped.observation(1) != state.observation(1)
    for card in held(state, 1) | held(state, 2) | {card_at(c) for c in state.monte}:
        assert repr(card) not in repr(seen) and card.pretty() not in str(seen)
        assert card.pretty() not in repr(seen)  # card sets print as Cards('5♣ J♣ ...')
    with pytest.raises(InvalidArgumentError):
        state.observation(3)


@pytest.mark.rule("calabresella.info.public-events")
def test_public_events_are_seen_alike_by_all() -> None:
    state = play(chiamo(), "p0 call 3S", "p0 return 7C", "p0 discard 4C 5C 6C 5S", "p0 play 2H", "p1 play 3H")
    views = [state.observation(seat) for seat in range(3)]
    for field in (
        "calls",
        "bidder",
        "contract",
        "called",
        "giver",
        "exposed_monte",
        "returned",
        "plays",
        "trick",
        "trick_winners",
        "tricks",
        "hand_sizes",
        "monte_size",
    ):
        assert len({repr(getattr(view, field)) for view in views}) == 1, field
    assert views[0].calls == ((0, "chiamo"), (1, "pass"), (2, "pass"))
    assert views[0].exposed_monte == parse_cards(MONTE) and views[0].returned == parse_card("7C")


@pytest.mark.rule("calabresella.info.public-events")
@pytest.mark.rule("calabresella.info.monte")
def test_a_hidden_solo_monte_is_known_to_the_bidder_alone() -> None:
    state = play(base(solo_monte="hidden"), "p0 bid solo", "p1 pass", "p2 pass")
    assert [state.observation(s).exposed_monte for s in range(3)] == [None, None, None]
    assert state.observation(0).received == parse_cards(MONTE)
    assert state.observation(1).received == () == state.observation(2).received
    state = play(state, "p0 discard 2H AH KH QH")
    assert set(state.observation(0).laid) == set(parse_cards("2H AH KH QH"))
    assert state.observation(1).laid == ()


@pytest.mark.rule("calabresella.info.monte")
def test_changing_the_hidden_monte_changes_no_observation() -> None:
    one = play(base(), "p0 bid solissimo", "p0 raise none", "p0 play 2S")
    other = deal((P0, P1, P2.replace("3C", "6C")), MONTE.replace("6C", "3C"))
    other = play(other, "p0 bid solissimo", "p0 raise none", "p0 play 2S")
    assert one.observation(0) == other.observation(0)
    assert one.observation(1) == other.observation(1)
    assert one.observation(2) != other.observation(2)  # p2's own hand differs


@pytest.mark.rule("calabresella.info.end")
def test_at_the_end_every_card_location_is_shown() -> None:
    final = finish(play(base(), "p0 bid solo", "p1 pass", "p2 pass"))
    for seat in range(3):
        seen = final.observation(seat)
        assert seen.final_monte is not None and seen.won_bidder is not None and seen.won_opponents is not None
        located = set(seen.won_bidder) | set(seen.won_opponents)
        assert len(located) == 40 and set(seen.final_monte) <= located
        assert seen.settlement == final.settlement


# -- common rules ------------------------------------------------------------------


@pytest.mark.rule("common.turn.player-to-act")
def test_only_the_player_to_act_may_act() -> None:
    state = base()
    reason = assert_refused(state, "p1 bid chiamo", "common.turn.player-to-act")
    assert "p0's turn" in reason
    state = to_play_solissimo()
    assert_refused(state, "p1 play 3S", "common.turn.player-to-act")
    assert_refused(state, PlayCard(2, parse_card("3S")), "common.turn.player-to-act", "common.cards.held")


@pytest.mark.rule("common.cards.held")
def test_only_held_cards_may_be_played_returned_or_laid() -> None:
    state = to_play_solissimo()
    reason = assert_refused(state, "p0 play 3S", "common.cards.held")
    assert "p0 does not hold 3♠" in reason
    solo = play(base(), "p0 bid solo", "p1 pass", "p2 pass")
    assert_refused(solo, "p0 discard 3S 4C 5C 6C", "common.cards.held")
    ret = play(chiamo(), "p0 call 3S")
    assert_refused(ret, "p0 return 3H", "common.cards.held")


@pytest.mark.rule("common.game.over")
def test_no_action_after_the_end() -> None:
    final = finish(play(base(), "p0 bid solo", "p1 pass", "p2 pass"))
    assert final.legal_actions() == () and final.current_player == TERMINAL
    assert_refused(final, PlayCard(0, parse_card("3S")), "common.game.over")
    abandoned = play(base(), "pass", "pass", "pass")
    reason = assert_refused(abandoned, Pass(0), "common.game.over")
    assert "abandoned" in reason


@pytest.mark.rule("common.action.known")
def test_actions_must_be_calabresella_actions() -> None:
    state = to_play_solissimo()
    for text in (
        "",
        "p0",
        "p0 dance",
        "p0 bid grand",
        "p0 raise double",
        "p0 call",
        "p0 play 3S 2S",
        "p0 ZZ",
    ):
        with pytest.raises(InvalidNotationError):
            state.parse_action(text)
    assert_refused(state, "p0 play 9S", "common.action.known")
    assert_refused(state, "p5 play 3S", "common.action.known")
    assert_refused(state, ChooseRaise(0, "double"), "common.action.known")  # type: ignore[arg-type]
    assert_refused(state, Action(0), "common.action.known")


@pytest.mark.rule("common.action.known")
def test_action_texts_round_trip() -> None:
    state = base()
    for text in (
        "p0 pass",
        "p0 bid chiamo",
        "p1 call 3S",
        "p2 return 7C",
        "p1 discard 4C 5C",
        "p0 raise none",
        "p2 play QH",
    ):
        assert str(state.parse_action(text)) == text
    assert str(state.parse_action("solo")) == "p0 bid solo"
    # Canonical texts with one card or none are found in a table: they read as the general reader reads them.
    for seat in range(3):
        for action in (
            Pass(seat),
            *(Bid(seat, contract) for contract in Contract),
            *(ChooseRaise(seat, choice) for choice in Raise),
            *(kind(seat, card) for kind in (CallCard, ReturnCard, PlayCard) for card in STANDARD_DECK),
        ):
            text = str(action)
            assert state.parse_action(text) == action == state.parse_action(text.replace(" ", "  "))
    assert str(state.parse_action("KH")) == "p0 play KH"
    assert str(state.parse_action("discard kd 4c")) == "p0 discard 4C KD"
    assert Discard(1, parse_cards("KD 4C")) == Discard(1, parse_cards("4C KD"))


@pytest.mark.rule("common.deal.permutation")
def test_bad_deals_and_dealers_are_refused() -> None:
    with pytest.raises(InvalidDealError, match=r"common\.deal\.permutation"):
        calabresella().from_deal(list(DECK)[:36], dealer=0)
    with pytest.raises(InvalidDealError):
        calabresella().from_deal(list(DECK), dealer=0, later_deals=[list(DECK)[1:]])
    with pytest.raises(InvalidNotationError):
        calabresella().from_deal(list(DECK), dealer=3)
    with pytest.raises(InvalidNotationError):
        calabresella().from_deal(["ZZ"] * 40, dealer=0)
    assert calabresella().from_deal([str(c) for c in DECK], dealer="p1").dealer == 1
