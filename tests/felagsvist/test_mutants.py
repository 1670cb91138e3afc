"""Félagsvist tests written to fail on changed lines the other tests let through.

The legal set is computed here from the cards themselves (a card's suit read
from :class:`~cardrules.cards.Card`), and every card outside it is tried
through ``check`` and through ``apply`` (whose fast path for card plays skips
``check``), so a slip in the engine's suit arithmetic or a swapped rule id
(found by ``python -m tests.support.mutation``) fails a test.
"""

from __future__ import annotations

import random

import pytest

from cardrules import IllegalActionError, InvalidPositionError, get_game
from cardrules.cards import Card, card_at, cards_in, parse_card
from cardrules.games.felagsvist import DealPlan, FelagsvistState, PlayCard, Tiebreak
from cardrules.games.felagsvist.actions import PLAYS, RANK_PICKS, SUIT_PLAYS
from cardrules.games.felagsvist.deal import shuffled_pack
from cardrules.games.felagsvist.options import FelagsvistOptions
from cardrules.games.felagsvist.play import game_ends
from tests.felagsvist.test_position import _tie_seed, impossible_tie

MUST_FOLLOW = "felagsvist.play.must-follow"
VOID_ANY = "felagsvist.play.void-any"


@pytest.mark.rule("felagsvist.play.must-follow")
@pytest.mark.rule("felagsvist.play.void-any")
@pytest.mark.rule("felagsvist.play.lead-any")
@pytest.mark.parametrize("first_round", ["hearts", "grand", "nolo"])
def test_the_legal_set_is_the_suit_led_when_held_and_apply_refuses_the_rest(first_round: str) -> None:
    """Each legal play names the rule that allows it; each other card is refused by must-follow."""
    state = get_game("felagsvist", first_round=first_round).new_game(seed=11)
    assert isinstance(state, FelagsvistState)
    rng = random.Random(11)
    refused = voids = 0
    for _ in range(52):
        seat = state.current_player
        hand = list(cards_in(state.hands[seat]))
        if state.trick:
            led = card_at(state.trick[0]).suit
            of_led = [card for card in hand if card.suit is led]
        else:
            of_led = []
        expected = set(of_led or hand)
        voids += bool(state.trick) and not of_led
        legal = [action for action in state.legal_actions() if isinstance(action, PlayCard)]
        assert {action.card for action in legal} == expected, state.compact()
        cited = "felagsvist.play.lead-any" if not state.trick else MUST_FOLLOW if of_led else VOID_ANY
        for action in legal:
            assert state.check(action).rule_ids == (cited,)
        for card in hand:
            if card in expected:
                continue
            refused += 1
            action = PlayCard(seat, card)
            verdict = state.check(action)
            assert not verdict.legal and verdict.rule_ids[0] == MUST_FOLLOW
            with pytest.raises(IllegalActionError) as error:
                state.apply(action)
            assert error.value.verdict.rule_ids[0] == MUST_FOLLOW
        state = state.apply(rng.choice(legal))
    assert refused and voids


@pytest.mark.rule("felagsvist.game.twelve-deals")
@pytest.mark.rule("felagsvist.game.tie")
@pytest.mark.parametrize("tiebreak", list(Tiebreak))
def test_the_game_ends_after_deal_twelve_or_thirteen_and_never_later(tiebreak: Tiebreak) -> None:
    """After deal 12 the game ends unless the totals are level under play-on; deal 13 is always the last.

    Deal 13 can never score level (a test in test_rules shows it), so a game
    tied after deal 13 is unreachable by play; the function must still end
    the game there, as the rules allow no fourteenth deal whatever the totals.
    """
    for number in range(1, 14):
        for totals in ((78, 78), (84, 85), (0, 0), (91, 78)):
            tied = totals[0] == totals[1]
            if number < 12:
                expected = False
            elif number == 12:
                expected = not (tied and tiebreak is Tiebreak.PLAY_ON)
            else:
                expected = True
            assert game_ends(number, totals, tiebreak) is expected, (number, totals)


@pytest.mark.rule("felagsvist.game.tie")
def test_a_deal_13_after_untied_totals_is_refused_for_the_tie_alone() -> None:
    """At the start, middle and end of deal 13, untied totals after deal 12 are the one problem."""
    game = get_game("felagsvist", tiebreak="play-on")
    state = game.new_game(seed=_tie_seed())
    while state.deal_number < 13:
        state = state.apply(state.legal_actions()[0])
    checked = 0
    while True:
        if not state.plays or len(state.plays) in (7, 52):
            assert game.from_position(state.position()).position() == state.position()
            untied = impossible_tie(state.position())
            with pytest.raises(InvalidPositionError) as error:
                game.from_position(untied)
            (problem,) = error.value.problems
            assert (problem.section, problem.rule) == ("scores", "felagsvist.game.tie")
            assert problem.message.startswith(
                "deal 13 is played only after a tie, but the totals after deal 12 are "
            )
            checked += 1
        if state.is_terminal:
            break
        state = state.apply(state.legal_actions()[0])
    assert checked == 3


def test_the_rank_picks_take_exactly_the_cards_of_every_13_bit_mask() -> None:
    """The table behind the legal set, entry by entry over its whole domain (and no entry beyond it)."""
    assert len(RANK_PICKS) == 1 << 13
    for seat in range(4):
        for suit in range(4):
            row = SUIT_PLAYS[seat][suit]
            assert row == PLAYS[seat][13 * suit : 13 * suit + 13]
    row = SUIT_PLAYS[2][1]
    for mask in range(1 << 13):
        assert RANK_PICKS[mask](row) == tuple(row[rank] for rank in range(13) if mask >> rank & 1), mask


class _Subclassed(Card):
    """A card of a subclass: not a card of the pack as :class:`~cardrules.cards.Card` builds it."""


def _forged(index: object) -> Card:
    """A card value built past its constructor, claiming Q♠'s rank and suit and ``index``."""
    card = object.__new__(Card)
    queen = parse_card("QS")
    object.__setattr__(card, "rank", queen.rank)
    object.__setattr__(card, "suit", queen.suit)
    object.__setattr__(card, "index", index)
    return card


@pytest.mark.rule("common.action.known")
def test_plays_are_read_as_the_shared_values_and_malformed_ones_are_named() -> None:
    state = get_game("felagsvist").new_game(seed=1)
    for seat in range(4):
        for card in cards_in((1 << 52) - 1):
            assert state.parse_action(f"p{seat} play {card}") is PLAYS[seat][card.index]
    assert state.legal_actions()[0] is state.parse_action(str(state.legal_actions()[0]))
    queen = parse_card("QS")
    cases: list[tuple[PlayCard, str]] = [
        (PlayCard(4, queen), "4 is not a seat of Félagsvist: its seats are p0-p3"),
        (PlayCard(3, 5), "5 is not a card of the 52-card pack"),  # type: ignore[arg-type]
        (PlayCard(0, "QS"), "'QS' is not a card of the 52-card pack"),  # type: ignore[arg-type]
    ]
    # Forged cards compare equal to Q♠ (rank and suit), so each is tried on its own.
    for index in (52, 77, -1, "5", True):
        forged = _forged(index)
        cases.append(
            (PlayCard(state.current_player, forged), f"{forged!r} is not a card of the 52-card pack")
        )
    subclassed = _Subclassed(queen.rank, queen.suit)
    cases.append((PlayCard(state.current_player, subclassed), f"{queen!r} is not a card of the 52-card pack"))
    for action, reason in cases:
        verdict = state.check(action)
        assert (verdict.legal, verdict.rule_ids, verdict.reason) == (False, ("common.action.known",), reason)
        with pytest.raises(IllegalActionError):
            state.apply(action)
    assert (
        state.check(state.parse_action("p4 play QS")).reason
        == "4 is not a seat of Félagsvist: its seats are p0-p3"
    )


def test_a_plans_given_decks_serve_their_own_deals_and_the_seed_shuffles_the_rest() -> None:
    """Decks given from deal 5 serve deals 5 and 6 only; deals before and after come from the seed."""
    first, second = tuple(range(52)), tuple(reversed(range(52)))
    plan = DealPlan(FelagsvistOptions(), 7, (first, second), first_deal=5)
    for deal_number in range(1, 14):
        given = {5: first, 6: second}.get(deal_number)
        expected = given or shuffled_pack(f"felagsvist/7/deal/{deal_number}")
        assert plan.deck(deal_number) == expected, deal_number
    assert DealPlan(FelagsvistOptions(), 7).deck(1) == shuffled_pack("felagsvist/7/deal/1")
