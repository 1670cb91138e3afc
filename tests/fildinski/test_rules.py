"""Fildinski rule tests: at least one test for every rule id of the specification.

Exact situations come from explicit deck orders (``start`` builds a deck from
the two hands, the turn-up and the top of the stock) dealt with
``game.from_deal``. Endgame situations are reached by playing a deal with the
first legal action and then rearranging the cards between the two hands and
the won piles (``position``), which keeps every card in exactly one zone.
Oracles (``oracle_wins``, ``oracle_legal``) are written here from the
specification's words, not from the engine's code.
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from collections.abc import Iterable
from itertools import pairwise
from typing import Final

import pytest

from cardrules import (
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
from cardrules.cards import parse_cards
from cardrules.games.fildinski import (
    Category,
    DeclareMelds,
    Dix,
    FildinskiGame,
    FildinskiState,
    MeldKind,
    PlayCard,
    meld_fits,
)
from cardrules.games.fildinski.cards import (
    DECK_KINDS,
    card_id,
    card_of,
    cards_of,
    ids_in,
    label_deck,
    shuffled_deck,
    strength_of,
)
from cardrules.games.fildinski.options import BeziquePair
from cardrules.verdict import Verdict

# -- helpers -----------------------------------------------------------------------------------

STRENGTH: Final = {r: n for n, r in enumerate("789JQKTA")}
"""fildinski.deck.ranking written out from the spec: 7=0, 8=1, 9=2, J=3, Q=4, K=5, 10=6, A=7."""


def fildinski(**options: object) -> FildinskiGame:
    game = get_game("fildinski", **options)
    assert isinstance(game, FildinskiGame)
    return game


def build_deck(nondealer: str, dealer: str, turnup: str, stock: str = "") -> list[Card]:
    """A deck order: the non-dealer's 8 cards, the dealer's 8, the turn-up, the stock top, the rest."""
    head = [*parse_cards(nondealer), *parse_cards(dealer), parse_card(turnup), *parse_cards(stock)]
    left = Counter({card: 2 for card in DECK_KINDS})
    left.subtract(head)
    assert all(n >= 0 for n in left.values()), "a card is named more than twice"
    rest = [card for card in DECK_KINDS for _ in range(left[card])]
    return head + rest


def start(
    nondealer: str, dealer_hand: str, turnup: str, stock: str = "", *, dealer: int = 1, **options: object
) -> FildinskiState:
    """Deal 1 with these exact hands; p0 is the non-dealer unless ``dealer`` says otherwise."""
    deck = build_deck(nondealer, dealer_hand, turnup, stock)
    return fildinski(**options).from_deal(deck, dealer=dealer)


def act(state: FildinskiState, *texts: str) -> FildinskiState:
    for text in texts:
        state = state.apply(state.parse_action(text))
    return state


def texts(state: FildinskiState) -> list[str]:
    return [str(a) for a in state.legal_actions()]


def kinds(mask: int) -> list[str]:
    return sorted(str(c) for c in cards_of(mask))


def mask_of(text: str, copy: int = 1) -> int:
    mask = 0
    for card in parse_cards(text):
        mask |= 1 << card_id(card, copy)
    return mask


def first_legal(state: FildinskiState) -> Action:
    return state.legal_actions()[0]


def to_endgame(game: FildinskiGame, seed: int = 3) -> FildinskiState:
    """Play deal 1 with the first legal action until trick 25 is about to be led."""
    state = game.new_game(seed)
    while not (state.in_endgame and not state.trick and not state.in_meld_step):
        state = state.apply(first_legal(state))
    assert state.deal_number == 1 and state.tricks_done == 24
    return state


def position(
    state: FildinskiState, hand0: str, hand1: str, *, leader: int, trick: str = ""
) -> FildinskiState:
    """``state`` (an endgame state) with these hands and trick; every other card goes to the won piles.

    The led card ``trick`` (if any) is taken out of the leader's pile of cards; the
    follower (the other seat) is then to act.
    """
    total = len(parse_cards(hand0)) + len(parse_cards(hand1)) + len(parse_cards(trick))
    assert total <= 16
    left = Counter({card: 2 for card in DECK_KINDS})
    zones = []
    for text in (hand0, hand1, trick):
        mask = 0
        for card in parse_cards(text):
            copy = 3 - left[card]
            left[card] -= 1
            assert left[card] >= 0
            mask |= 1 << card_id(card, copy)
        zones.append(mask)
    rest = 0
    for card, n in left.items():
        for copy in range(3 - n, 3):
            rest |= 1 << card_id(card, copy)
    ids = ids_in(rest)
    won0 = sum(1 << i for i in ids[: len(ids) // 2])
    won1 = rest & ~won0
    trick_ids = tuple(ids_in(zones[2]))
    done = 32 - max(zones[0].bit_count(), zones[1].bit_count())
    return dataclasses.replace(
        state,
        hands=(zones[0], zones[1]),
        won=(won0, won1),
        retired=(0, 0),
        trick=trick_ids,
        leader=leader,
        tricks_done=done,
        in_meld_step=False,
        fresh=0,
        current_player=1 - leader if trick_ids else leader,
    )


def illegal(state: FildinskiState, text: str) -> Verdict:
    verdict = state.check(state.parse_action(text))
    assert not verdict.legal, verdict
    with pytest.raises(IllegalActionError):
        state.apply(state.parse_action(text))
    return verdict


def oracle_wins(led: Card, follow: Card, trump: Suit) -> bool:
    """fildinski.play.trick-winner, from the spec's words: does the follower win?"""
    same = follow.suit == led.suit
    higher = STRENGTH[follow.rank.letter] > STRENGTH[led.rank.letter]
    return (same and higher) or (follow.suit == trump and led.suit != trump)


def oracle_legal(hand: Iterable[Card], led: Card, trump: Suit) -> set[Card]:
    """fildinski.endgame.legal-set, from the spec's words."""
    h = set(hand)
    f = {c for c in h if c.suit == led.suit}
    fplus = {c for c in f if STRENGTH[c.rank.letter] > STRENGTH[led.rank.letter]}
    r = {c for c in h if c.suit == trump}
    return fplus or f or r or h


# A standard opening: p1 deals, p0 leads; trump is hearts (turn-up 9H).
P0 = "AS TS KS QS JD 8C 9C 7D"
P1 = "AH KH QH 8S 9S JS QD KD"


# -- deck and cards ----------------------------------------------------------------------------


@pytest.mark.rule("fildinski.deck.composition")
def test_every_deal_holds_each_card_from_seven_to_ace_exactly_twice() -> None:
    state = fildinski().new_game(5)
    for _ in range(400):
        if state.is_terminal:
            break
        state = state.apply(first_legal(state))
    for deck in state.dealt_decks():
        assert len(deck) == 64
        assert Counter(deck) == Counter({card: 2 for card in DECK_KINDS})
        assert all(card.rank >= Rank.SEVEN for card in deck)


@pytest.mark.rule("fildinski.deck.composition")
@pytest.mark.rule("common.deal.permutation")
def test_a_deck_that_is_not_the_double_piquet_pack_is_refused_naming_the_cards() -> None:
    deck = build_deck(P0, P1, "9H")
    assert str(deck[-1]) == "AS"
    with pytest.raises(InvalidDealError, match=r"63 cards; missing AS\) \[common\.deal\.permutation\]"):
        fildinski().from_deal(deck[:-1])
    third = [*deck[:-3], *parse_cards("AS AS AS")]
    with pytest.raises(InvalidDealError, match=r"extra AS AS\)") as error:
        fildinski().from_deal(third)
    assert "missing" in str(error.value)
    deuce = [*deck[:-1], parse_card("2C")]
    with pytest.raises(InvalidDealError, match=r"extra 2C"):
        fildinski().from_deal(deuce)
    # A reordering of the multiset is accepted, equal cards in any order.
    fildinski().from_deal(list(reversed(deck)), dealer=0)


@pytest.mark.rule("fildinski.deck.ranking")
def test_cards_rank_ace_ten_king_queen_jack_nine_eight_seven() -> None:
    order = [strength_of(card_id(Card(rank, Suit.CLUBS), 1)) for rank in (Rank.SEVEN, Rank.EIGHT, Rank.NINE)]
    order += [strength_of(card_id(parse_card(t), 1)) for t in ("JC", "QC", "KC", "TC", "AC")]
    assert order == list(range(8))
    # The ten beats the king in play.
    state = start("KS " + P0.replace("KS ", "").replace("AS", "8D"), P1.replace("8S", "TS"), "9H")
    state = act(state, "p0 play KS", "p1 play TS")
    assert state.current_player == 1 and state.in_meld_step
    assert kinds(state.won[1]) == ["KS", "TS"]


@pytest.mark.rule("fildinski.deck.card-identity")
def test_ids_are_a_bijection_and_copies_are_labelled_by_deck_position() -> None:
    ids = {card_id(card, copy) for card in DECK_KINDS for copy in (1, 2)}
    assert ids == set(range(64))
    assert card_id(parse_card("7C"), 1) == 0 and card_id(parse_card("AS"), 2) == 63
    assert label_deck([5, 3, 5, 3]) == (10, 6, 11, 7)
    assert all(card_of(i) == DECK_KINDS[i >> 1] for i in range(64))


def relabel(state: FildinskiState, kind: int) -> FildinskiState:
    """``state`` with the two copies of ``kind`` swapped everywhere (zones, deck, meld history, dix)."""
    low, high = 2 * kind, 2 * kind + 1

    def card(i: int) -> int:
        return high if i == low else low if i == high else i

    def mask(m: int) -> int:
        lo, hi = m >> low & 1, m >> high & 1
        return m & ~(3 << low) | lo << high | hi << low

    deal = dataclasses.replace(state.deal, deck=tuple(card(i) for i in state.deal.deck))
    melds = tuple(dataclasses.replace(m, cards=mask(m.cards)) for m in state.melds)
    dix = state.dix and dataclasses.replace(
        state.dix, seven=card(state.dix.seven), taken=card(state.dix.taken)
    )
    return dataclasses.replace(
        state,
        deal=deal,
        hands=(mask(state.hands[0]), mask(state.hands[1])),
        won=(mask(state.won[0]), mask(state.won[1])),
        retired=(mask(state.retired[0]), mask(state.retired[1])),
        turnup=card(state.turnup),
        trick=tuple(card(i) for i in state.trick),
        fresh=mask(state.fresh),
        used=tuple(mask(m) for m in state.used),
        melds=melds,
        dix=dix,
        history=None,
    )


def _unlabelled(state: FildinskiState, kind: int) -> list[str]:
    """The legal action texts with the copy numbers of ``kind`` swapped (what relabelling should give)."""
    name = str(DECK_KINDS[kind])
    swap = {f"{name}#1": f"{name}#2", f"{name}#2": f"{name}#1"}
    return sorted(" ".join(swap.get(w, w) for w in t.split()) for t in texts(state))


@pytest.mark.rule("fildinski.deck.card-identity")
@pytest.mark.parametrize("options", [{}, {"meld_needs_trick_card": False, "melded_cards": "removed"}])
def test_swapping_the_two_copies_of_a_kind_changes_no_legal_set_or_score(options: dict[str, object]) -> None:
    game = fildinski(**options)
    rng = random.Random(7)
    compared = 0
    for seed in range(4):
        state = game.new_game(seed)
        while not state.is_terminal:
            kind = rng.randrange(32)
            other = relabel(state, kind)
            assert _unlabelled(other, kind) == sorted(texts(state))
            assert other.scores() == state.scores()
            compared += 1
            action = rng.choice(state.legal_actions())
            state = state.apply(action)
    assert compared > 300
    # Plays never print a copy: two equal cards in a hand are one choice.
    assert all("#" not in t for t in texts(game.new_game(0)))


# -- deal ----------------------------------------------------------------------------------------


def test_a_shuffled_deck_is_the_order_random_shuffle_gives() -> None:
    # The deal's shuffle is written out for speed; it must stay the one random.shuffle makes,
    # or every seeded game would deal other cards.
    for seed in [*range(300), "fildinski/7/deal/3"]:
        kinds = [k for k in range(32) for _ in (0, 1)]
        random.Random(seed).shuffle(kinds)
        assert shuffled_deck(random.Random(seed).getrandbits) == label_deck(kinds)
    assert sorted(shuffled_deck(random.Random(1).getrandbits)) == list(range(64))


@pytest.mark.rule("fildinski.deal.first-dealer")
def test_the_first_dealer_is_drawn_from_the_seed_or_given() -> None:
    dealers = {fildinski().new_game(seed).dealer for seed in range(30)}
    assert dealers == {0, 1}
    deck = build_deck(P0, P1, "9H")
    assert fildinski().from_deal(deck, dealer="p0").dealer == 0
    assert fildinski().from_deal(deck, dealer=1).dealer == 1
    assert fildinski().from_deal(deck, dealer=1).first_dealer == 1
    with pytest.raises(InvalidNotationError):
        fildinski().from_deal(deck, dealer=2)


@pytest.mark.rule("fildinski.deal.hands")
def test_the_non_dealer_gets_the_top_eight_the_dealer_the_next_eight() -> None:
    deck = build_deck(P0, P1, "9H", "7C 8C")
    state = fildinski().from_deal(deck, dealer=1)
    assert kinds(state.hands[0]) == sorted(P0.split())
    assert kinds(state.hands[1]) == sorted(P1.split())
    assert str(card_of(state.turnup)) == "9H"
    assert len(state.stock) == 48 and [str(card_of(c)) for c in state.stock[:2]] == ["7C", "8C"]
    assert state.won == (0, 0) and state.trick == ()
    # With p0 dealing, p1 gets the top eight.
    other = fildinski().from_deal(deck, dealer=0)
    assert kinds(other.hands[1]) == sorted(P0.split())


@pytest.mark.rule("fildinski.deal.turn-up")
def test_the_turn_up_fixes_trumps_and_lies_under_the_stock() -> None:
    state = start(P0, P1, "9H")
    assert state.trump is Suit.HEARTS
    assert state.stock[-1] == state.turnup
    state = act(state, "p0 play 8C", "p1 play 8S", "p0 meld none")
    assert state.stock[-1] == state.turnup and state.trump is Suit.HEARTS


@pytest.mark.rule("fildinski.deal.turned-seven")
def test_a_turned_seven_scores_ten_for_the_dealer() -> None:
    state = start(P0, P1, "7D")
    assert state.category_points(Category.TURNED_SEVEN) == (0, 10)
    assert state.scores() == (0, 10)
    state = start(P0, P1, "7D", dealer=0)
    assert state.category_points(Category.TURNED_SEVEN) == (10, 0)
    assert start(P0, P1, "8D").scores() == (0, 0)


@pytest.mark.rule("fildinski.deal.first-lead")
def test_the_non_dealer_leads_and_the_winner_leads_next() -> None:
    state = start(P0, P1, "9H")
    assert state.current_player == 0 and state.leader == 0
    state = act(state, "p0 play 8C", "p1 play AH", "p1 meld none")
    assert state.current_player == 1 and state.leader == 1


# -- tricks while the stock lasts --------------------------------------------------------------


@pytest.mark.rule("fildinski.play.trick-cycle")
def test_a_stock_trick_is_lead_follow_meld_step_then_two_draws() -> None:
    state = start(P0, P1, "9H", "8D 8H")
    state = act(state, "p0 play 8C")
    assert state.current_player == 1 and not state.in_meld_step
    state = act(state, "p1 play AH")
    assert state.in_meld_step and state.current_player == 1 and state.tricks_done == 1
    # No card may be played before the meld step ends.
    verdict = illegal(state, "p1 play KH")
    assert verdict.rule_ids[0] == "fildinski.play.trick-cycle"
    state = act(state, "p1 meld none")
    assert kinds(state.hands[1] & mask_of("8D", 1)) == ["8D"]  # the winner drew the top card
    assert {c.rank for c in cards_of(state.hands[0])} >= {Rank.EIGHT}
    assert state.hands[0].bit_count() == state.hands[1].bit_count() == 8
    assert len(state.stock) == 46 and state.current_player == 1


@pytest.mark.rule("fildinski.play.free-play")
def test_while_the_stock_lasts_any_card_may_follow() -> None:
    state = act(start(P0, P1, "9H"), "p0 play KS")
    assert {t.split()[-1] for t in texts(state)} == set(P1.split())
    verdict = state.check(state.parse_action("p1 play QD"))
    assert verdict.legal and verdict.rule_ids == ("fildinski.play.free-play",)


@pytest.mark.rule("fildinski.play.trick-winner")
def test_the_trick_winner_agrees_with_the_oracle_for_every_pair_and_trump() -> None:
    from cardrules.games.fildinski.play import follower_wins

    for trump in Suit:
        for led in range(64):
            for follow in range(64):
                if led != follow:
                    assert follower_wins(led, follow, trump) == oracle_wins(
                        card_of(led), card_of(follow), trump
                    )


@pytest.mark.rule("fildinski.play.trick-winner")
def test_of_two_identical_cards_the_first_played_wins() -> None:
    state = start(P0, P1.replace("8S", "KS"), "9H")
    state = act(state, "p0 play KS", "p1 play KS")
    assert state.current_player == 0 and state.in_meld_step
    state = start(P0, P1, "9H")
    state = act(state, "p0 play AS", "p1 play KH")  # a trump beats the ace led
    assert state.current_player == 1


@pytest.mark.rule("fildinski.play.won-cards")
def test_won_cards_lie_in_the_winners_pile_and_never_return() -> None:
    state = act(start(P0, P1, "9H"), "p0 play 8C", "p1 play 9S")
    assert kinds(state.won[0]) == ["8C", "9S"] and state.won[1] == 0
    state = act(state, "p0 meld none", "p0 play 9C", "p1 play 8S", "p0 meld none")
    assert kinds(state.won[0]) == ["8C", "8S", "9C", "9S"]
    first = state.won[0]
    for _ in range(30):
        state = state.apply(first_legal(state))
        assert state.won[0] & first == first  # never leaves the pile
        assert not (state.hands[0] | state.hands[1]) & first


@pytest.mark.rule("fildinski.play.draw-order")
def test_the_winner_draws_first_and_the_loser_of_trick_24_takes_the_turn_up() -> None:
    state = start(P0, P1, "9H", "8D JC")
    state = act(state, "p0 play 8C", "p1 play 8S", "p0 meld none")
    assert state.hands[0] & mask_of("8D", 1) and state.hands[1] & mask_of("JC", 1)
    # Play on to trick 24 and watch the turn-up.
    game = fildinski()
    state = game.new_game(11)
    while state.tricks_done < 24 or state.in_meld_step:
        if state.tricks_done == 24 and state.in_meld_step:
            turnup, winner = state.turnup, state.current_player
            after = state.apply(state.parse_action("meld none"))
            assert after.hands[1 - winner] >> turnup & 1
            assert after.stock == () and after.drawn == 48
            state = after
            break
        state = state.apply(first_legal(state))
    assert state.hands[0].bit_count() == state.hands[1].bit_count() == 8


# -- card points -------------------------------------------------------------------------------


@pytest.mark.rule("fildinski.score.brisques")
def test_aces_and_tens_score_ten_each_for_the_winner() -> None:
    state = act(start(P0, P1, "9H"), "p0 play TS", "p1 play AH")
    assert state.category_points(Category.BRISQUES) == (0, 20)
    state = act(start(P0, P1, "9H"), "p0 play 8C", "p1 play 9S")
    assert state.category_points(Category.BRISQUES) == (0, 0)


@pytest.mark.rule("fildinski.score.trump-seven")
def test_a_trump_seven_scores_for_its_player_or_for_the_trick_winner() -> None:
    hand = P0.replace("8C", "7H")
    state = act(start(hand, P1, "9H"), "p0 play 7H", "p1 play KH")
    assert state.category_points(Category.TRUMP_SEVENS) == (10, 0)
    state = act(start(hand, P1, "9H", trump_seven_points="captured"), "p0 play 7H", "p1 play KH")
    assert state.category_points(Category.TRUMP_SEVENS) == (0, 10)


@pytest.mark.rule("fildinski.score.last-trick")
def test_the_last_trick_bonus_goes_to_trick_32_or_to_trick_24() -> None:
    from cardrules.games.fildinski.play import follower_wins

    for bonus, trick in (("final", 32), ("stock_end", 24)):
        game = fildinski(last_trick_bonus=bonus, target_score=5000)
        state = game.new_game(4)
        winners: dict[int, int] = {}
        while state.deal_number == 1:
            action = first_legal(state)
            if isinstance(action, PlayCard) and len(state.trick) == 1:
                led = state.trick[0]
                follow = next(i for i in ids_in(state.hands[action.seat]) if card_of(i) == action.card)
                wins = follower_wins(led, follow, state.deal.trump)
                winners[state.tricks_done + 1] = action.seat if wins else 1 - action.seat
            state = state.apply(action)
        summary = state.deal.finished[0]
        lasts = summary.points[2 * Category.LAST_TRICK], summary.points[2 * Category.LAST_TRICK + 1]
        assert sum(lasts) == 10 and len(winners) == 32
        assert lasts[winners[trick]] == 10


# -- melding -----------------------------------------------------------------------------------


def _won_meld_step(won0: str, fresh: str, **options: object) -> FildinskiState:
    """p0 in the meld step of trick 1 with exactly ``won0`` (copy 1 of each) won, ``fresh`` just won."""
    base = fildinski(**options).from_deal(build_deck(P0, P1, "9H"), dealer=1)
    won = mask_of(won0)
    hands = base.hands[0] & ~won, base.hands[1] & ~won
    return dataclasses.replace(
        base,
        hands=hands,
        won=(won, 0),
        tricks_done=1,
        in_meld_step=True,
        fresh=mask_of(fresh) & won,
        leader=0,
        current_player=0,
    )


@pytest.mark.rule("fildinski.meld.kinds")
def test_the_meld_table() -> None:
    def fits(kind: MeldKind, text: str, trump: Suit = Suit.HEARTS) -> bool:
        mask = 0
        seen: Counter[str] = Counter()
        for card in text.split():
            seen[card] += 1
            mask |= 1 << card_id(parse_card(card), seen[card])
        return meld_fits(kind, mask, trump, BeziquePair.STANDARD)

    assert fits(MeldKind.SEQUENCE, "AH TH KH QH JH")
    assert not fits(MeldKind.SEQUENCE, "AS TS KS QS JS")
    assert fits(MeldKind.FOUR_ACES, "AH AH AS AC")  # suits free
    assert not fits(MeldKind.FOUR_ACES, "AH AS AC")
    assert fits(MeldKind.FOUR_KINGS, "KH KS KC KD") and fits(MeldKind.FOUR_JACKS, "JH JS JC JC")
    assert fits(MeldKind.FOUR_QUEENS, "QH QS QC QD")
    assert fits(MeldKind.ROYAL_MARRIAGE, "KH QH") and not fits(MeldKind.ROYAL_MARRIAGE, "KS QS")
    assert fits(MeldKind.MARRIAGE, "KS QS") and not fits(MeldKind.MARRIAGE, "KH QH")
    assert not fits(MeldKind.MARRIAGE, "KS QD")
    assert fits(MeldKind.BEZIQUE, "QS JD") and fits(MeldKind.DOUBLE_BEZIQUE, "QS QS JD JD")
    assert not fits(MeldKind.BEZIQUE, "QS JD JD")
    assert [k.points for k in MeldKind] == [250, 100, 80, 60, 40, 40, 20, 40, 500]
    state = _won_meld_step("QS JD", "QS")
    after = act(state, "meld bezique JD QS")
    assert after.category_points(Category.MELDS) == (40, 0)
    verdict = illegal(state, "meld marriage JD QS")
    assert verdict.rule_ids[0] == "fildinski.meld.kinds"


@pytest.mark.rule("fildinski.meld.who-and-when")
def test_only_the_trick_winner_melds_and_only_in_its_meld_step() -> None:
    state = _won_meld_step("QS JD", "QS")
    verdict = illegal(state, "p1 meld none")
    assert set(verdict.rule_ids) == {"common.turn.player-to-act", "fildinski.meld.who-and-when"}
    assert state.check(state.parse_action("p0 meld none")).legal  # ending the step is always legal
    after = act(state, "meld none")
    verdict = illegal(after, "p0 meld bezique JD QS")
    assert "fildinski.meld.who-and-when" in verdict.rule_ids


@pytest.mark.rule("fildinski.meld.from-won-cards")
def test_melds_come_only_from_the_melders_won_pile() -> None:
    state = _won_meld_step("QS", "QS")  # JD is not won
    verdict = illegal(state, "meld bezique JD QS")
    assert verdict.rule_ids[0] == "fildinski.meld.from-won-cards"
    assert "common.cards.held" in verdict.rule_ids and "won" in verdict.reason


@pytest.mark.rule("fildinski.meld.fresh-card")
def test_a_meld_needs_a_card_of_the_trick_just_won() -> None:
    state = _won_meld_step("QS JD 8C 9C", "8C 9C")
    verdict = illegal(state, "meld bezique JD QS")
    assert verdict.rule_ids == ("fildinski.meld.fresh-card",)
    assert texts(state) == ["p0 meld none"]
    state = _won_meld_step("QS JD 8C 9C", "8C 9C", meld_needs_trick_card=False)
    assert state.check(state.parse_action("meld bezique JD QS")).legal


@pytest.mark.rule("fildinski.meld.per-step")
def test_at_most_two_disjoint_melds_per_step() -> None:
    state = _won_meld_step("KS QS JD KC QC", "QS KC", meld_needs_trick_card=False)
    assert "p0 meld marriage KC QC + marriage KS QS" in texts(state)
    assert "p0 meld marriage KS QS + bezique JD QS" not in texts(state)
    verdict = illegal(state, "meld marriage KS QS + bezique JD QS")
    assert verdict.rule_ids == ("fildinski.meld.per-step",)
    verdict = illegal(state, "meld marriage KS QS + marriage KC QC + bezique JD QS")
    assert verdict.rule_ids == ("fildinski.meld.per-step",)
    assert all(t.count("+") <= 1 for t in texts(state))


@pytest.mark.rule("fildinski.meld.same-kind-once")
def test_no_card_serves_twice_in_one_kind_but_may_in_another() -> None:
    state = _won_meld_step("KS QS JD", "QS", meld_needs_trick_card=False)
    state = act(state, "meld marriage KS QS")
    again = dataclasses.replace(state, in_meld_step=True, current_player=0, fresh=state.won[0])
    again = dataclasses.replace(again, hands=state.hands, drawn=state.drawn)
    verdict = illegal(again, "meld marriage KS QS")
    assert verdict.rule_ids == ("fildinski.meld.same-kind-once",)
    assert again.check(again.parse_action("meld bezique JD QS")).legal  # another kind: allowed


@pytest.mark.rule("fildinski.meld.copy-choice")
def test_distinguishable_copies_are_named_and_interchangeable_ones_are_one_choice() -> None:
    # Both QS won, one already in a bezique: the two copies differ.
    state = _won_meld_step("QS JD", "QS")
    state = act(state, "meld bezique JD QS")
    pile = state.won[0] | mask_of("QS KS JD", 2)
    hands = state.hands[0] & ~pile, state.hands[1] & ~pile
    state = dataclasses.replace(
        state,
        hands=hands,
        won=(pile, 0),
        in_meld_step=True,
        fresh=mask_of("KS", 2),
        current_player=0,
        leader=0,
    )
    legal = texts(state)
    assert "p0 meld marriage KS QS#1" in legal and "p0 meld marriage KS QS#2" in legal
    verdict = illegal(state, "meld marriage KS QS")
    assert verdict.rule_ids[0] == "fildinski.meld.copy-choice"
    # The legal set never lists two actions with the same outcome.
    outcomes = [act(state, t).used for t in legal]
    assert len(outcomes) == len(set(outcomes))
    # Two interchangeable copies (same history, neither fresh) are one choice with no copy named.
    plain = _won_meld_step("KS QS", "KS", meld_needs_trick_card=False)
    pile = plain.won[0] | mask_of("QS", 2)
    plain = dataclasses.replace(plain, won=(pile, 0), hands=(plain.hands[0] & ~pile, plain.hands[1] & ~pile))
    assert texts(plain) == ["p0 meld none", "p0 meld marriage KS QS"]


@pytest.mark.rule("fildinski.meld.class-order")
def test_no_royal_marriage_after_a_sequence_but_sequence_after_royal_marriage() -> None:
    state = _won_meld_step("AH TH KH QH JH", "AH", meld_needs_trick_card=False)
    after = act(state, "meld sequence AH TH KH QH JH")
    again = dataclasses.replace(after, in_meld_step=True, current_player=0)
    verdict = illegal(again, "meld royal-marriage KH QH")
    assert verdict.rule_ids == ("fildinski.meld.class-order",)
    upward = act(state, "meld royal-marriage KH QH")
    upward = dataclasses.replace(upward, in_meld_step=True, current_player=0)
    assert upward.check(upward.parse_action("meld sequence AH TH KH QH JH")).legal
    # Double bezique, then no bezique from its cards.
    double = _won_meld_step("QS JD", "QS", meld_needs_trick_card=False)
    pile = double.won[0] | mask_of("QS JD", 2)
    double = dataclasses.replace(
        double, won=(pile, 0), hands=(double.hands[0] & ~pile, double.hands[1] & ~pile)
    )
    double = act(double, "meld double-bezique JD JD QS QS")
    double = dataclasses.replace(double, in_meld_step=True, current_player=0)
    assert illegal(double, "meld bezique JD QS").rule_ids == ("fildinski.meld.class-order",)


@pytest.mark.rule("fildinski.meld.after-scoring")
def test_melded_cards_stay_or_are_retired() -> None:
    stay = act(_won_meld_step("QS JD", "QS"), "meld bezique JD QS")
    assert kinds(stay.won[0]) == ["JD", "QS"] and stay.retired == (0, 0)
    gone = act(_won_meld_step("QS JD", "QS", melded_cards="removed"), "meld bezique JD QS")
    assert gone.won[0] == 0 and kinds(gone.retired[0]) == ["JD", "QS"]
    assert gone.category_points(Category.MELDS) == (40, 0)


@pytest.mark.rule("fildinski.meld.bezique-pair")
def test_the_klaverjas_variant_uses_queen_of_hearts_and_jack_of_clubs_under_red_diamonds_or_spades() -> None:
    from cardrules.games.fildinski.melds import bezique_kinds

    for trump in Suit:
        q, j = bezique_kinds(trump, BeziquePair.STANDARD)
        assert (str(DECK_KINDS[q]), str(DECK_KINDS[j])) == ("QS", "JD")
        q, j = bezique_kinds(trump, BeziquePair.KLAVERJAS_HARTENDAME)
        expected = ("QH", "JC") if trump in (Suit.DIAMONDS, Suit.SPADES) else ("QS", "JD")
        assert (str(DECK_KINDS[q]), str(DECK_KINDS[j])) == expected
    base = start(P0, P1, "9S", bezique_pair="klaverjas_hartendame")
    won = mask_of("QH JC QS JD")
    state = dataclasses.replace(
        base,
        hands=(base.hands[0] & ~won, base.hands[1] & ~won),
        won=(won, 0),
        tricks_done=1,
        in_meld_step=True,
        fresh=mask_of("QH QS"),
        leader=0,
        current_player=0,
    )
    assert "p0 meld bezique JC QH" in texts(state)
    verdict = illegal(state, "meld bezique JD QS")
    assert verdict.rule_ids == ("fildinski.meld.kinds", "fildinski.meld.bezique-pair")
    # One reason for both rules, said once.
    assert verdict.reason == "JD QS is not a bezique (the bezique cards this deal are QH and JC)"


# -- the dix -----------------------------------------------------------------------------------


@pytest.mark.rule("fildinski.dix.exchange")
def test_the_dix_from_hand_swaps_the_trump_seven_for_the_turn_up_for_ten() -> None:
    state = act(start(P0, P1.replace("8S", "7H"), "AH"), "p0 play 8C", "p1 play 9S")
    assert not any("dix" in t for t in texts(state))  # p0 won and holds no trump 7
    state = act(start(P0.replace("8C", "7C"), P1, "AC"), "p0 play 9C", "p1 play 8S")
    assert texts(state)[0] == "p0 dix 7C"
    after = act(state, "dix 7C")
    assert str(card_of(after.turnup)) == "7C" and after.trump is Suit.CLUBS
    assert after.hands[0] & mask_of("AC", 1) or after.hands[0] & mask_of("AC", 2)
    assert after.category_points(Category.DIX) == (10, 0)
    assert after.hands[0].bit_count() == 7 and len(after.stock) == 48  # no zone size changes
    assert after.in_meld_step and not any("dix" in t for t in texts(after))


@pytest.mark.rule("fildinski.dix.exchange")
def test_the_dix_from_the_trick_swaps_the_won_seven_and_scores_nothing() -> None:
    state = act(
        start(P0.replace("8C", "7C"), P1, "AC", dix_exchange="from_trick"), "p0 play 7C", "p1 play 8S"
    )
    assert texts(state)[0] == "p0 dix 7C"
    after = act(state, "dix 7C")
    assert str(card_of(after.turnup)) == "7C"
    assert kinds(after.won[0]) == ["8S", "AC"]
    assert after.category_points(Category.DIX) == (0, 0)
    assert after.category_points(Category.TRUMP_SEVENS) == (10, 0)
    # From hand is not allowed under from_trick.
    other = act(
        start(P0.replace("8C", "7C"), P1, "AC", dix_exchange="from_trick"), "p0 play 9C", "p1 play 8S"
    )
    assert illegal(other, "dix 7C").rule_ids == ("fildinski.dix.exchange", "common.cards.held")


@pytest.mark.rule("fildinski.dix.once")
def test_one_dix_per_deal_and_none_after_a_turned_seven() -> None:
    state = act(start(P0.replace("8C", "7C").replace("9C", "7C"), P1, "AC"), "p0 play JD", "p1 play 8S")
    state = act(state, "dix 7C")
    assert illegal(state, "dix 7C").rule_ids == ("fildinski.dix.once",)
    seven = act(start(P0.replace("8C", "7C"), P1, "7C"), "p0 play 9C", "p1 play 8S")
    verdict = illegal(seven, "dix 7C")
    assert verdict.rule_ids == ("fildinski.dix.once",)


# -- the endgame ---------------------------------------------------------------------------------


@pytest.mark.rule("fildinski.endgame.last-draw")
def test_after_trick_24_the_stock_is_empty_and_both_hold_eight() -> None:
    state = to_endgame(fildinski())
    assert state.stock == () and state.drawn == 48
    assert state.hands[0].bit_count() == state.hands[1].bit_count() == 8
    obs = state.observation(0)
    assert obs.turnup is None and obs.stock_size == 0


@pytest.mark.rule("fildinski.endgame.trick-cycle")
def test_endgame_tricks_have_no_draw_and_no_meld_step_by_default() -> None:
    state = to_endgame(fildinski())
    leader = state.current_player
    state = state.apply(first_legal(state))
    state = state.apply(first_legal(state))
    assert not state.in_meld_step and state.trick == () and state.tricks_done == 25
    assert state.hands[0].bit_count() == state.hands[1].bit_count() == 7
    assert all(isinstance(a, PlayCard) for a in state.legal_actions())
    assert leader in (0, 1)
    melding = to_endgame(fildinski(meld_in_endgame=True))
    melding = melding.apply(first_legal(melding))
    melding = melding.apply(first_legal(melding))
    assert melding.in_meld_step
    assert all(isinstance(a, DeclareMelds) for a in melding.legal_actions())  # never a dix


@pytest.mark.rule("fildinski.endgame.no-melding")
def test_no_meld_and_no_dix_after_the_last_draw() -> None:
    state = to_endgame(fildinski())
    verdict = illegal(state, f"p{state.current_player} meld none")
    assert "fildinski.endgame.no-melding" in verdict.rule_ids
    trump7 = Card(Rank.SEVEN, state.trump)
    verdict = state.check(Dix(state.current_player, trump7))
    assert not verdict.legal and "fildinski.endgame.no-melding" in verdict.rule_ids


@pytest.mark.rule("fildinski.endgame.won-face-down")
def test_won_piles_stay_public_in_the_endgame_under_either_option() -> None:
    for melding in (False, True):
        state = to_endgame(fildinski(meld_in_endgame=melding))
        for seat in (0, 1):
            obs = state.observation(seat)
            assert sorted(map(str, obs.won[0])) == kinds(state.won[0])
            assert sorted(map(str, obs.won[1])) == kinds(state.won[1])


@pytest.mark.rule("fildinski.endgame.must-follow")
def test_the_endgame_follower_must_follow_suit() -> None:
    base = to_endgame(fildinski())
    trump = base.trump.letter
    plain = next(s for s in "CDHS" if s != trump)
    other = next(s for s in "CDHS" if s not in (trump, plain))
    state = position(base, f"A{plain}", f"7{plain} 8{other}", leader=0, trick=f"K{plain}")
    state = dataclasses.replace(state, hands=(0, state.hands[1]))
    verdict = illegal(state, f"p1 play 8{other}")
    assert verdict.rule_ids[0] == "fildinski.endgame.must-follow"
    assert f"7{plain}" in verdict.reason.replace("♣", "C").replace("♦", "D").replace("♥", "H").replace(
        "♠", "S"
    )
    assert texts(state) == [f"p1 play 7{plain}"]


@pytest.mark.rule("fildinski.endgame.must-head")
def test_the_endgame_follower_must_beat_the_led_card_when_able() -> None:
    base = to_endgame(fildinski())
    trump = base.trump.letter
    plain = next(s for s in "CDHS" if s != trump)
    other = next(s for s in "CDHS" if s not in (trump, plain))
    state = position(base, "", f"8{plain} A{plain} 9{other}", leader=0, trick=f"K{plain}")
    verdict = illegal(state, f"p1 play 9{other}")
    assert verdict.rule_ids[0] == "fildinski.endgame.must-head"
    assert "fildinski.endgame.must-follow" in verdict.rule_ids
    verdict = illegal(state, f"p1 play 8{plain}")
    assert verdict.rule_ids[0] == "fildinski.endgame.must-head"
    assert card_of(card_id(parse_card(f"A{plain}"), 1)).pretty() in verdict.reason
    assert texts(state) == [f"p1 play A{plain}"]
    # In trumps too; and an identical card does not beat the led card.
    trumps = position(base, "", f"8{trump} K{trump} 9{other}", leader=0, trick=f"K{trump}")
    assert texts(trumps) == [f"p1 play 8{trump}", f"p1 play K{trump}"]
    higher = position(base, "", f"8{trump} A{trump}", leader=0, trick=f"K{trump}")
    assert texts(higher) == [f"p1 play A{trump}"]


@pytest.mark.rule("fildinski.endgame.must-trump")
def test_the_endgame_follower_void_in_the_suit_led_must_trump() -> None:
    base = to_endgame(fildinski())
    trump = base.trump.letter
    plain = next(s for s in "CDHS" if s != trump)
    other = next(s for s in "CDHS" if s not in (trump, plain))
    state = position(base, "", f"7{trump} A{other}", leader=0, trick=f"K{plain}")
    verdict = illegal(state, f"p1 play A{other}")
    assert verdict.rule_ids[0] == "fildinski.endgame.must-trump"
    assert texts(state) == [f"p1 play 7{trump}"]


@pytest.mark.rule("fildinski.endgame.free-discard")
def test_with_neither_suit_nor_trump_any_card_and_any_lead() -> None:
    base = to_endgame(fildinski())
    trump = base.trump.letter
    plain, other, third = (s for s in "CDHS" if s != trump)
    state = position(base, "", f"7{other} A{third}", leader=0, trick=f"K{plain}")
    assert len(texts(state)) == 2
    assert (
        state.check(state.parse_action(f"p1 play A{third}")).rule_ids[0] == "fildinski.endgame.free-discard"
    )
    lead = position(base, f"7{other} A{third} K{trump}", "8C 8D 8H", leader=0)
    assert len(texts(lead)) == 3


@pytest.mark.rule("fildinski.endgame.legal-set")
def test_the_endgame_legal_set_matches_the_oracle_on_random_hands() -> None:
    base = to_endgame(fildinski())
    trump = base.trump
    rng = random.Random(3)
    pack = [card for card in DECK_KINDS for _ in (0, 1)]
    for _ in range(300):
        rng.shuffle(pack)
        size = rng.randint(1, 8)
        hand, led = pack[:size], pack[size]
        state = position(base, "", " ".join(map(str, hand)), leader=0, trick=str(led))
        legal = {a.card for a in state.legal_actions() if isinstance(a, PlayCard)}
        assert legal == oracle_legal(hand, led, trump)
        winners = set()
        for action in state.legal_actions():
            assert isinstance(action, PlayCard)
            winners.add(oracle_wins(led, action.card, trump))
        assert len(winners) == 1  # the trick winner does not depend on the legal card chosen


# -- end of deal and game ----------------------------------------------------------------------


def _play_out(game: FildinskiGame, seed: int) -> FildinskiState:
    state = game.new_game(seed)
    rng = random.Random(seed)
    while not state.is_terminal:
        state = state.apply(rng.choice(state.legal_actions()))
    return state


@pytest.mark.rule("fildinski.game.deal-end")
def test_a_deal_ends_after_trick_32_with_every_card_won() -> None:
    game = fildinski(target_score=5000)
    state = game.new_game(2)
    while state.deal_number == 1:
        last = state
        state = state.apply(first_legal(state))
    assert last.tricks_done == 31 and len(last.trick) == 1
    summary = state.deal.finished[0]
    assert all(p >= 0 and p % 10 == 0 for p in summary.points)
    assert state.deal.totals == summary.scores
    assert state.deal_number == 2 and state.tricks_done == 0


@pytest.mark.rule("fildinski.game.score-sheet")
def test_totals_are_the_sums_of_the_deal_scores() -> None:
    final = _play_out(fildinski(), 8)
    scores = final.deal_scores
    assert final.totals == (sum(s[0] for s in scores), sum(s[1] for s in scores))
    assert final.scores() == final.totals
    assert all(t % 10 == 0 for t in final.totals)


@pytest.mark.rule("fildinski.game.dealer-alternation")
def test_the_non_dealer_deals_next() -> None:
    game = fildinski(target_score=3000)
    state = game.new_game(1)
    dealers = [state.dealer]
    rng = random.Random(1)
    while not state.is_terminal:
        state = state.apply(rng.choice(state.legal_actions()))
        if state.deal_number > len(dealers):
            dealers.append(state.dealer)
    assert len(dealers) >= 2
    assert all(a != b for a, b in pairwise(dealers))


@pytest.mark.rule("fildinski.game.target")
def test_the_game_ends_at_the_end_of_the_first_deal_reaching_the_target() -> None:
    for target in (500, 2000):
        final = _play_out(fildinski(target_score=target), 12)
        totals = final.totals
        assert max(totals) >= target and totals[0] != totals[1]
        running = [0, 0]
        for a, b in final.deal_scores[:-1]:
            running[0] += a
            running[1] += b
            assert max(running) < target or running[0] == running[1]
        assert final.winner() == (0 if totals[0] > totals[1] else 1)
    with pytest.raises(InvalidOptionError, match="target_score"):
        fildinski(target_score=505)
    with pytest.raises(InvalidOptionError, match="target_score"):
        fildinski(target_score=0)


@pytest.mark.rule("fildinski.game.both-past-target")
def test_equal_totals_past_the_target_play_another_deal() -> None:
    base = to_endgame(fildinski())
    plain = next(s for s in "CDHS" if s != base.trump.letter)
    last = position(base, f"8{plain}", "", leader=1, trick=f"7{plain}")  # trick 32: p0 follows and wins
    before = last.deal_points
    # p0 gains 10 for the last trick; make both totals end at 600.
    context = dataclasses.replace(last.deal, totals=(590 - before[0], 600 - before[1]))
    tie = dataclasses.replace(last, deal=context)
    after = act(tie, f"p0 play 8{plain}")
    assert not after.is_terminal and after.deal_number == 2 and after.totals == (600, 600)
    context = dataclasses.replace(last.deal, totals=(600 - before[0], 590 - before[1]))
    won = act(dataclasses.replace(last, deal=context), f"p0 play 8{plain}")
    assert won.is_terminal and won.totals == (610, 590) and won.winner() == 0


# -- information --------------------------------------------------------------------------------


@pytest.mark.rule("fildinski.info.public")
def test_observations_show_the_public_record() -> None:
    state = act(start(P0, P1, "9H"), "p0 play TS", "p1 play AH", "p1 meld none")
    obs = state.observation(0)
    assert obs.turnup == parse_card("9H") and obs.trump is Suit.HEARTS
    assert obs.hand_sizes == (8, 8) and obs.stock_size == 46
    assert [(s, str(c)) for s, c in obs.plays] == [(0, "TS"), (1, "AH")]
    assert sorted(map(str, obs.won[1])) == ["AH", "TS"]
    assert obs.deal_points == state.deal_points == (0, 20)


@pytest.mark.rule("fildinski.info.hidden")
def test_observations_hide_the_opponents_hand_and_the_stock_order() -> None:
    deck = build_deck(P0, P1, "9H")
    a = fildinski().from_deal(deck, dealer=1)
    # Swap the dealer's hand with 8 stock cards and shuffle the rest of the stock.
    swapped = deck[:8] + deck[17:25] + deck[16:17] + list(reversed(deck[8:16] + deck[25:]))
    b = fildinski().from_deal(swapped, dealer=1)
    assert a.hands[1] != b.hands[1] and a.stock != b.stock
    assert a.observation(0) == b.observation(0)
    assert a.observation(1) != b.observation(1)
    assert Counter(a.observation(0).hand) == Counter(parse_cards(P0))


@pytest.mark.rule("fildinski.info.endgame-known")
def test_in_the_endgame_the_opponents_hand_follows_from_the_observation() -> None:
    state = to_endgame(fildinski())
    for seat in (0, 1):
        obs = state.observation(seat)
        seen = Counter(obs.hand) + Counter(obs.won[0]) + Counter(obs.won[1])
        seen += Counter(obs.retired[0]) + Counter(obs.retired[1]) + Counter(c for _, c in obs.trick)
        rest = Counter({card: 2 for card in DECK_KINDS}) - seen
        assert rest == Counter(cards_of(state.hands[1 - seat]))


# -- the common rules ----------------------------------------------------------------------------


@pytest.mark.rule("common.turn.player-to-act")
def test_only_the_player_to_act_may_act() -> None:
    state = start(P0, P1, "9H")
    verdict = illegal(state, "p1 play AH")
    assert verdict.rule_ids == ("common.turn.player-to-act",)


@pytest.mark.rule("common.cards.held")
def test_a_card_not_held_cannot_be_played() -> None:
    state = start(P0, P1, "9H")
    verdict = illegal(state, "p0 play AH")
    assert verdict.rule_ids == ("common.cards.held", "fildinski.play.free-play")


@pytest.mark.rule("common.game.over")
def test_nothing_is_legal_after_the_game() -> None:
    final = _play_out(fildinski(), 5)
    assert final.current_player == TERMINAL and final.legal_actions() == ()
    verdict = final.check(PlayCard(0, parse_card("AS")))
    assert verdict.rule_ids == ("common.game.over",)
    with pytest.raises(ValueError):
        _ = start(P0, P1, "9H").winner()


@pytest.mark.rule("common.action.known")
def test_unknown_actions_and_cards_outside_the_deck() -> None:
    state = start(P0, P1, "9H")
    with pytest.raises(InvalidNotationError):
        state.parse_action("p0 bid 3")
    with pytest.raises(InvalidNotationError):
        state.parse_action("p0 meld bezique")
    with pytest.raises(InvalidNotationError):
        state.parse_action("p0 meld trio QS JD")
    with pytest.raises(InvalidNotationError):
        state.parse_action("p0 meld bezique QS#3 JD")
    assert state.check(state.parse_action("p0 play 2C")).rule_ids == ("common.action.known",)
    assert state.check(PlayCard(5, parse_card("AS"))).rule_ids == ("common.action.known",)
    for text in (
        "p0 play QS",
        "p1 dix 7H",
        "p0 meld none",
        "p1 meld bezique JD QS#2 + four-queens QC QD QH QS#1",
    ):
        assert str(state.parse_action(text)) == text
