"""Backstab Fish tests for the survivors of the widened mutation run (every rules and position module).

Each test holds an outcome a user sees (a refusal's section and words, a
legal set) that one changed line in the engine let through the other tests.
"""

from __future__ import annotations

import dataclasses
import pickle
import random
import re
from typing import Final
from xml.etree import ElementTree

import pytest

import cardrules
from cardrules import IllegalActionError, InvalidNotationError, InvalidPositionError
from cardrules.errors import InvalidArgumentError, InvalidOptionError
from cardrules.games.backstab_fish import LAY_DOWN, procedure, quick_ask
from cardrules.games.backstab_fish.actions import Ask, EndTurn, LayDown, read_action
from cardrules.games.backstab_fish.cards import DECKS, FishRank, Ranks, count_of, pack, rank_of_card
from cardrules.games.backstab_fish.deal import DealContext
from cardrules.games.backstab_fish.observation import EventLog, PublicEvent
from cardrules.games.backstab_fish.options import BackstabFishOptions, Deck
from cardrules.games.backstab_fish.picture import fish_keys
from cardrules.games.backstab_fish.position_check import Judge
from cardrules.games.backstab_fish.position_history import Turn
from cardrules.games.backstab_fish.state import BackstabFishState
from cardrules.position import PositionReader
from tests.backstab_fish.test_rules import K, deal_order, game, situation

DISPUTE_HEAD: Final = (
    "backstab_fish ; options players=4 deck=double give=exact empty_target=forbidden "
    "lay_down=optional stall_limit=400 final_lay_down=on ; dealer p1 ; hands p0 3 5 7 9 T T J "
    "K / p1 2 2 4 T J K K / p2 2 4 4 7 7 9 Q A A / p3 4 6 8 8 8 9 T K ; stock 9 6 J 7 2 4 5 Q "
    "6 4 7 J 6 3 3 Q 3 5 3 7 8 8 Q J 6 J A 7 Q 9 J 5 K 9 T 8 K A 5 5 Q 7 5 J 2 6 5 A 6 A 2 T "
    "A 6 T 8 3 Q Q 9 2 K T 2 4 9 4 3 8 A K 3 ; laid p0 - / p1 - / p2 - / p3 - ; scores 0 0 0 "
    "0 ; phase ask p0 ; turns 5 ; stall 0 ; history "
)
"""The records folder's dispute position up to its history, which each test writes."""

DISPUTE_HISTORY: Final = (
    "p2 ask p0 3 Q fish / p0 ask p3 2 T fish / p3 ask p0 1 8 give / p0 ask p2 2 9 fish / p2 ask p0 7 9 fish"
)
"""The dispute position's own history."""


@pytest.mark.rule("backstab_fish.turn.sequence")
@pytest.mark.parametrize("turn", ["p2 ask p0", "p2 ask", "p2"])
def test_a_history_turn_cut_short_is_refused_as_a_position(turn: str) -> None:
    """A turn of three words or fewer is no ask: the reader says so for the history, it does not crash."""
    history = f"p2 ask p0 3 Q fish / p0 ask p3 2 T fish / p3 ask p0 1 8 give / p0 ask p2 2 9 fish / {turn}"
    with pytest.raises(InvalidPositionError) as refused:
        cardrules.from_position(DISPUTE_HEAD + history)
    assert [problem.section for problem in refused.value.problems] == ["history"]
    assert f"history: turn 5 ('{turn}'): write a turn as pP ask pT COUNT RANK" in str(refused.value)


def _forged_lay_down(seat: int, sets: tuple[int, ...]) -> LayDown:
    """A lay-down built around its constructor (which refuses a rank code past 13)."""
    action = object.__new__(LayDown)
    object.__setattr__(action, "seat", seat)
    object.__setattr__(action, "sets", sets)
    return action


@pytest.mark.rule("common.action.known")
@pytest.mark.parametrize("sets", [(14,), (13, 14), (-1,), (15,)])
def test_a_lay_down_of_a_rank_code_outside_the_ranks_is_an_unknown_action(sets: tuple[int, ...]) -> None:
    """At the lay-down decision, sets that are not ranks (codes past 13, or below 0) are refused.

    The verdict says so under common.action.known, and apply refuses it the same way. (Only the 14
    ranks pass the door, which is why the range check of ``check_decision`` is listed as equivalent.)
    """
    state = situation(["2", "K K K 3", "K 5 5", "7"], "9 9 9", to_act=1).apply(Ask(1, 2, K, 1))
    assert state.phase == LAY_DOWN and state.current_player == 1
    action = _forged_lay_down(1, sets)
    verdict = state.check(action)
    assert not verdict.legal and verdict.rule_ids == ("common.action.known",)
    assert verdict.reason == f"the sets of a lay-down are a tuple of ranks, not {sets}"
    with pytest.raises(IllegalActionError) as refused:
        state.apply(action)
    assert refused.value.verdict.rule_ids == ("common.action.known",)


def _without(text: str, section: str) -> str:
    """``text`` with one section (by name) left out."""
    return " ; ".join(part for part in text.split(" ; ") if part.split(" ", 1)[0] != section)


@pytest.mark.rule("backstab_fish.setup.deal")
@pytest.mark.parametrize("section", ["dealer", "hands", "stock", "laid", "scores", "phase", "turns", "stall"])
def test_a_position_missing_a_section_is_refused_naming_it(section: str) -> None:
    """Each section left out is one problem, ``<section>: the section is missing``, never a traceback."""
    text = DISPUTE_HEAD + "p2 ask p0 3 Q fish / p0 ask p3 2 T fish"
    with pytest.raises(InvalidPositionError) as refused:
        cardrules.from_position(_without(text, section))
    assert f"{section}: the section is missing" in str(refused.value)


@pytest.mark.rule("backstab_fish.setup.deal")
@pytest.mark.parametrize("dealer", ["p0 p1", "p1 p1", "-"])
def test_a_dealer_section_that_is_not_one_seat_is_refused(dealer: str) -> None:
    """The dealer section holds one seat: two words, or none, are refused in the dealer's own words."""
    text = DISPUTE_HEAD.replace("dealer p1", f"dealer {dealer}") + "p2 ask p0 3 Q fish"
    with pytest.raises(InvalidPositionError) as refused:
        cardrules.from_position(text)
    assert refused.value.problems[0].section == "dealer"


def _problems(text: str) -> list[tuple[str, str | None, str]]:
    """The section, rule and message of each problem the reader finds in ``text`` (it must refuse it)."""
    with pytest.raises(InvalidPositionError) as refused:
        cardrules.from_position(text)
    return [(problem.section, problem.rule, problem.message) for problem in refused.value.problems]


@pytest.mark.rule("backstab_fish.answer.go-fish")
def test_a_go_fish_is_refused_when_the_target_held_as_many_as_asked() -> None:
    """p0 ends the dispute holding one nine and drew nothing after turn 5: asked for one nine, p0 had to
    hand it over; asked for two, p0 rightly said go fish."""
    turns = "p2 ask p0 3 Q fish / p0 ask p3 2 T fish / p3 ask p0 1 8 give / p0 ask p2 2 9 fish / "
    assert cardrules.from_position(DISPUTE_HEAD + turns + "p2 ask p0 2 9 fish").current_player == 0
    assert _problems(DISPUTE_HEAD + turns + "p2 ask p0 1 9 fish") == [
        (
            "history",
            "backstab_fish.answer.go-fish",
            "turn 5 ('p2 ask p0 1 9 fish'): p0 held 1 nine or more, so had to hand 1 over",
        )
    ]


GIVES: Final = (
    "p0 ask p1 for 2 A",
    "p0 end turn",
    "p1 ask p3 for 1 4",
    "p3 ask p0 for 1 5",
    "p0 ask p2 for 2 2",
    "p0 end turn",
)
"""Four turns, each answered by a hand-over (no card drawn, so the deal can be worked back exactly)."""

TURN_4: Final = "turn 4 ('p0 ask p2 2 2 give end'): "

GIVEN_HANDS: Final = "p0 2 2 2 3 6 A A A A A / p1 4 4 7 8 K K / p2 3 3 9 9 Q / p3 4 5 5 5 6 6 J"


@pytest.mark.rule("backstab_fish.invariant.card-conservation")
@pytest.mark.rule("backstab_fish.ask.rank")
@pytest.mark.parametrize(
    ("hands", "expected"),
    [
        (  # p0 keeps only the two twos p2 handed over: p0 held none when asking for them
            "p0 2 2 3 3 6 A A A A A / p1 4 4 7 8 K K / p2 2 3 9 9 Q / p3 4 5 5 5 6 6 J",
            [
                (
                    "history",
                    "backstab_fish.ask.rank",
                    TURN_4 + "p0 held no twos, so could not ask for them",
                )
            ],
        ),
        (  # p0 holds one two but was handed two: the hands cannot account for the hand-over
            "p0 2 3 3 3 6 A A A A A / p1 4 4 7 8 K K / p2 2 2 9 9 Q / p3 4 5 5 5 6 6 J",
            [
                (
                    "history",
                    "backstab_fish.invariant.card-conservation",
                    TURN_4 + "p0 was handed 2 twos that the position does not account for",
                )
            ],
        ),
        (  # the same, and p1 holds neither four of turn 2: the turns before the first such turn are not
            # judged on hands that no longer add up, so turn 2 is not reported
            "p0 2 3 3 3 6 A A A A A / p1 5 5 7 8 K K / p2 2 2 9 9 Q / p3 4 4 4 5 6 6 J",
            [
                (
                    "history",
                    "backstab_fish.invariant.card-conservation",
                    TURN_4 + "p0 was handed 2 twos that the position does not account for",
                )
            ],
        ),
        (  # with turn 4 accounted for, turn 3 and turn 2 are each refused, the later one first
            "p0 2 2 2 3 6 A A A A A / p1 5 5 7 8 K K / p2 3 3 9 9 Q / p3 4 4 4 5 6 6 J",
            [
                (
                    "history",
                    "backstab_fish.ask.rank",
                    "turn 3 ('p3 ask p0 1 5 give'): p3 held no fives, so could not ask for them",
                ),
                (
                    "history",
                    "backstab_fish.invariant.card-conservation",
                    "turn 2 ('p1 ask p3 1 4 give'): p1 was handed 1 four that the position does not "
                    "account for",
                ),
            ],
        ),
    ],
)
def test_a_hand_over_is_judged_against_what_the_asker_holds_now(
    hands: str, expected: list[tuple[str, str, str]]
) -> None:
    """Worked back from the hands, an asker held (what it holds now) less (what it was handed): at
    least one card of the rank asked for, and never fewer than none."""
    state = game().from_deal(
        deal_order(["A A A 2 3 5 6", "A A K K 4 7 8", "2 2 3 3 9 9 Q", "4 4 5 5 6 6 J"], dealer=3), dealer=3
    )
    for action in GIVES:
        state = state.apply(action)
    text = state.position()
    assert f"hands {GIVEN_HANDS} ;" in text and cardrules.from_position(text).position() == text
    assert _problems(text.replace(GIVEN_HANDS, hands)) == expected


@pytest.mark.rule("backstab_fish.sets.lay-down")
def test_under_compulsory_lay_down_four_jokers_held_after_the_answer_must_be_laid() -> None:
    """The jokers are a rank like the others (the fourteenth, with deck=double-jokers): a history in
    which p0 is handed the fourth joker and keeps all four in hand is refused."""
    chosen = game(deck="double-jokers", lay_down="compulsory")
    hands = ["JK JK JK 2 3 5 6", "JK A K K 4 7 8", "2 2 3 3 9 9 Q", "4 4 5 5 6 6 J"]
    state = chosen.from_deal(deal_order(hands, dealer=3, deck=Deck.DOUBLE_JOKERS), dealer=3)
    text = state.apply("p0 ask p1 for 1 JK").position()
    assert "laid p0 JK /" in text and "history p0 ask p1 1 JK give lay JK" in text
    kept = (
        text.replace("hands p0 2 3 5 6 /", "hands p0 2 3 5 6 JK JK JK JK /")
        .replace("laid p0 JK /", "laid p0 - /")
        .replace("scores 1 0 0 0", "scores 0 0 0 0")
        .replace("stall 0", "stall 1")
        .replace("give lay JK", "give")
    )
    assert _problems(kept) == [
        (
            "history",
            "backstab_fish.sets.lay-down",
            "turn 1 ('p0 ask p1 1 JK give'): under lay_down=compulsory p0 lays down every set held after "
            "the answer, and held more than that",
        )
    ]


@pytest.mark.rule("common.action.known")
@pytest.mark.parametrize("kind", ["ask", "end", "lay"])
def test_a_seat_below_zero_is_refused_as_no_seat_of_the_game(kind: str) -> None:
    """Seat -1 is not p3 counted from the end: each action by it names the seats the game has."""
    state = situation(["K K K 5 5 5 5", "2", "K 3", "7"], "9 9 9", to_act=0)
    if kind != "ask":
        state = state.apply(Ask(0, 2, K, 1))
    action = {"ask": Ask(-1, 2, K, 1), "end": EndTurn(-1), "lay": LayDown(-1, (FishRank.KING,))}[kind]
    verdict = state.check(action)
    assert verdict.rule_ids == ("common.action.known",)
    assert verdict.reason == "-1 is not a seat of this game: its seats are p0-p3"


@pytest.mark.rule("backstab_fish.sets.lay-down")
def test_the_lay_down_choices_come_in_the_order_of_their_texts() -> None:
    """After the end of turn, the lay-downs are listed in the order of their ranks, one rank per set.

    Fives and a king complete: five alone, five and king, then king alone (not the order in which
    the choices are counted, which would put both sets first).
    """
    state = situation(["K K K 5 5 5 5", "2", "K 3", "7"], "9 9 9", to_act=0).apply(Ask(0, 2, K, 1))
    five, king = FishRank.FIVE, FishRank.KING
    assert state.legal_actions() == (
        EndTurn(0),
        LayDown(0, (five,)),
        LayDown(0, (five, king)),
        LayDown(0, (king,)),
    )


@pytest.mark.rule("backstab_fish.ask.target")
def test_the_fast_paths_take_a_legal_ask_and_a_legal_end_of_turn_by_seat_zero() -> None:
    """``apply``'s shortcuts (used on the hot path) take the common legal actions themselves.

    The door would give the same states, so only this test tells that the shortcut runs: a legal ask,
    then the end of the turn by p0 (seat number 0, the one a boundary slip would leave out).
    """
    state = situation(["K K K 5 5 5 5", "2", "K 3", "7"], "9 9 9", to_act=0)
    ask = Ask(0, 2, K, 1)
    asked = quick_ask.fast_ask(state, ask)
    assert asked is not None and asked == state.apply(ask)
    ended = procedure.fast_end(asked, EndTurn(0))
    assert ended is not None and ended == asked.apply(EndTurn(0))
    assert procedure.fast_end(asked, EndTurn(1)) is None


LAID_HISTORY: Final = (
    "backstab_fish ; options players=4 deck=double give=exact empty_target=forbidden lay_down=optional "
    "stall_limit=400 final_lay_down=on ; dealer p1 ; hands p0 3 3 4 4 5 5 5 6 7 7 8 8 8 9 9 J J Q K A / "
    "p1 2 2 3 4 4 6 7 8 T T T J J / p2 2 4 4 6 6 7 7 9 9 T J Q Q A A / p3 2 3 3 5 6 7 7 8 8 9 9 T J J Q "
    "Q K ; stock A 5 5 Q 7 5 J 2 6 5 A 6 A 2 T A 6 T 8 3 Q Q 9 2 K T 2 4 9 4 3 8 A K 3 ; laid p0 - / "
    "p1 K / p2 - / p3 - ; scores 0 1 0 0 ; phase ask p2 ; turns 45 ; stall 0 ; history p2 ask p1 2 7 "
    "fish / p1 ask p3 7 4 fish / p3 ask p1 4 K fish / p1 ask p3 6 T fish / p3 ask p2 7 K fish / p2 ask "
    "p3 8 Q fish / p3 ask p0 8 4 fish / p0 ask p3 8 3 fish / p3 ask p0 8 K fish / p0 ask p3 7 9 fish / "
    "p3 ask p0 6 4 fish / p0 ask p1 1 9 fish / p1 ask p0 7 4 fish / p0 ask p2 8 4 fish / p2 ask p3 1 4 "
    "give / p3 ask p0 8 J fish / p0 ask p2 2 5 fish / p2 ask p3 4 7 fish / p3 ask p0 3 7 fish / p0 ask "
    "p2 3 Q fish / p2 ask p1 8 2 fish / p1 ask p0 4 2 fish / p0 ask p3 4 7 fish / p3 ask p0 8 9 fish / "
    "p0 ask p2 1 7 give / p2 ask p1 8 4 fish / p1 ask p0 7 J fish / p0 ask p3 3 K fish / p3 ask p2 7 T "
    "fish / p2 ask p1 4 Q fish / p1 ask p0 1 T give / p0 ask p3 4 J fish / p3 ask p0 5 7 fish / p0 ask "
    "p1 4 7 fish / p1 ask p3 7 6 fish / p3 ask p2 4 9 fish / p2 ask p0 1 9 give / p0 ask p1 2 7 fish / "
    "p1 ask p0 1 2 fish / p0 ask p1 3 3 fish / p1 ask p0 6 T fish / p0 ask p2 7 5 fish / p2 ask p0 3 J "
    "fish / p0 ask p1 6 A fish / p1 ask p2 3 2 fish lay K"
)
"""A position reached by seeded random play (four players), just after p1 laid a set of kings."""


def test_the_laid_position_is_read_as_written() -> None:
    """The position the next tests change is one the reader accepts and writes back the same."""
    assert cardrules.from_position(LAID_HISTORY).position() == LAID_HISTORY


@pytest.mark.rule("backstab_fish.sets.lay-down")
@pytest.mark.parametrize(
    ("laid", "message"),
    [
        ("laid p0 - / p1 - / p2 - / p3 -", "p1 has no set laid; the history lays K in its turns"),
        ("laid p0 - / p1 K / p2 K / p3 -", "p2 has K laid; the history lays no set in its turns"),
    ],
)
def test_laid_sets_the_history_does_not_lay_are_refused(laid: str, message: str) -> None:
    """A set missing from the laid section, or one no turn laid (the game is not over), is a problem of
    the laid section (besides the card count and the score, which it also upsets)."""
    text = LAID_HISTORY.replace("laid p0 - / p1 K / p2 - / p3 -", laid)
    assert ("laid", "backstab_fish.sets.lay-down", message) in _problems(text)


@pytest.mark.rule("common.turn.player-to-act")
def test_a_history_turn_by_the_wrong_asker_is_the_only_problem() -> None:
    """p3 asking first, when p2 was to ask, is reported for that turn alone: the replay stops there."""
    history = "history p2 ask p0 3 Q fish / p0 ask p3 2 T fish"
    wrong = DISPUTE_HEAD.replace("turns 5", "turns 2").replace("history ", "") + history.replace(
        "history p2 ask p0 3 Q", "history p3 ask p0 3 Q"
    )
    assert _problems(wrong) == [
        ("history", "common.turn.player-to-act", "turn 1 ('p3 ask p0 3 Q fish'): it was p2's turn to ask")
    ]


@pytest.mark.rule("backstab_fish.answer.give")
def test_a_target_cannot_hand_over_more_cards_than_it_held() -> None:
    """Under give=all-of-rank, p0 (eight cards) handing over nine is refused, and the replay stops there."""
    history = DISPUTE_HISTORY.replace("p3 ask p0 1 8 give", "p3 ask p0 1 8 give 9")
    text = DISPUTE_HEAD.replace("give=exact", "give=all-of-rank") + history
    assert _problems(text) == [
        (
            "history",
            "backstab_fish.answer.give",
            "turn 3 ('p3 ask p0 1 8 give 9'): p0 held 8 cards and cannot hand over 9 for an ask of 1",
        )
    ]


@pytest.mark.rule("backstab_fish.turn.sequence")
@pytest.mark.parametrize(
    ("phase", "message"),
    [
        (
            "phase over backstab_fish.end.all-empty",
            "no end rule applied after the last turn, so the game goes on",
        ),
        (
            "phase lay-down p0 asked p2 unproductive",
            "p0 has not asked yet this turn, so the phase is ask, not lay-down",
        ),
    ],
)
def test_a_phase_the_history_does_not_lead_to_is_refused(phase: str, message: str) -> None:
    """The history leaves p0 to ask: a game over, or p0 at a lay-down decision, is a phase problem."""
    text = DISPUTE_HEAD.replace("phase ask p0", phase) + DISPUTE_HISTORY
    assert _problems(text) == [("phase", "backstab_fish.turn.sequence", message)]


ALL_GIVEN: Final = (
    "backstab_fish ; options players=4 deck=double give=exact empty_target=forbidden lay_down=optional "
    "stall_limit=400 final_lay_down=on ; dealer p1 ; hands p0 3 3 3 3 7 / p1 2 2 2 Q Q K K / p2 2 2 4 5 8 8 "
    "T A / p3 4 5 Q K ; stock J 9 T J Q 8 3 6 A J Q 9 2 Q T 9 5 7 9 7 6 J A K 9 2 7 J 5 8 A Q T A 9 K 3 8 T "
    "K A A J 6 6 K 3 7 A 2 5 T J 8 3 4 6 Q T 9 8 4 5 7 7 K 6 5 6 8 5 6 T J 7 9 ; laid p0 4 / p1 - / p2 - / "
    "p3 - ; scores 1 0 0 0 ; phase ask p3 ; turns 5 ; stall 1 ; history p2 ask p1 1 8 give / p1 ask p3 2 3 "
    "give / p3 ask p0 1 2 give / p0 ask p1 3 3 give lay 4 / p1 ask p3 2 2 give"
)
"""A position reached by seeded play in which every ask was answered with cards: no card drawn is hidden,
so the reader also has the engine play the history again from the deal it rebuilds."""


@pytest.mark.rule("backstab_fish.turn.sequence")
def test_a_history_the_engine_replays_elsewhere_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    """The engine's second replay is compared with the position written: a difference is a problem.

    The reader's own replay and the engine agree on every history, so the engine's replay is made to
    land elsewhere here; the position itself is read as written when it is left alone.
    """
    assert cardrules.from_position(ALL_GIVEN).position() == ALL_GIVEN
    replays: list[int] = []

    def elsewhere(judge: Judge, deal: DealContext, history: list[Turn]) -> str:
        replays.append(len(history))
        return "backstab_fish ; elsewhere"

    monkeypatch.setattr(Judge, "rejudge", elsewhere)
    assert _problems(ALL_GIVEN) == [
        (
            "history",
            "backstab_fish.turn.sequence",
            "replayed from its deal by the engine, the history leads elsewhere",
        )
    ]
    assert replays == [5]


@pytest.mark.rule("common.turn.player-to-act")
def test_the_engines_replay_names_the_turn_it_refuses_and_the_engines_rule() -> None:
    """``rejudge`` plays the turns with the engine: a turn out of order is a history problem that
    quotes the turn, gives the engine's reason and cites the engine's rule, and nothing is reached."""
    state = cardrules.get_game("backstab_fish").new_game(seed=1)
    assert state.current_player == 2
    reader = PositionReader("backstab_fish", "backstab_fish")
    judge = Judge(reader, state.deal.options)
    turn = Turn(3, 2, 1, int(K), None, None, "p3 ask p2 1 K fish")
    assert judge.rejudge(state.deal, [turn]) is None
    with pytest.raises(InvalidPositionError) as refused:
        reader.finish()
    assert [(p.section, p.rule, p.message) for p in refused.value.problems] == [
        ("history", "common.turn.player-to-act", "turn 1 ('p3 ask p2 1 K fish'): it is p2's turn, not p3's")
    ]


@pytest.mark.rule("backstab_fish.setup.deck")
def test_a_state_read_from_a_position_takes_each_ranks_cards_in_the_decks_order() -> None:
    """As ``canonical_deck`` says: the k-th card of a rank in the read deal is that rank's k-th card in
    the deck's fixed order (suits are not written in a position, so this is the one choice made)."""
    state = cardrules.from_position(LAID_HISTORY)
    assert isinstance(state, BackstabFishState)
    deal = state.deal
    for rank in range(14):
        in_deal = [card for card, code in zip(deal.deck, deal.ranks, strict=True) if code == rank]
        in_deck = [card for card in DECKS[Deck.DOUBLE] if rank_of_card(card) == rank]
        assert in_deal == in_deck, rank


@pytest.mark.rule("backstab_fish.answer.give")
def test_under_give_exact_a_hand_over_of_other_than_the_count_is_refused_in_words_that_agree() -> None:
    """An ask for one eight answered with nine cards: one card changes hands (the singular), not nine."""
    history = DISPUTE_HISTORY.replace("p3 ask p0 1 8 give", "p3 ask p0 1 8 give 9")
    assert _problems(DISPUTE_HEAD + history) == [
        (
            "history",
            "backstab_fish.answer.give",
            "turn 3 ('p3 ask p0 1 8 give 9'): under give=exact, exactly 1 card changes hands",
        )
    ]


def test_packed_counts_read_back_rank_by_rank() -> None:
    """``count_of`` reads each rank's four bits of a packed hand, and ``Ranks.packed`` packs a hand."""
    hand = pack({3: 2, 11: 4, 13: 1})
    assert [count_of(hand, rank) for rank in range(14)] == [0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 4, 0, 1]
    ranks = Ranks((FishRank.FIVE, FishRank.KING, FishRank.KING))
    assert ranks.packed == pack({3: 1, 11: 2})
    assert Ranks(()).packed == 0


def test_the_canonical_text_of_an_ask_or_an_end_of_turn_is_read_to_one_kept_value() -> None:
    """Records repeat these texts: each is read to a value equal to the action, the same value each time."""
    for action in (Ask(0, 2, K, 1), Ask(3, 1, FishRank.TWO, 4), EndTurn(2)):
        first = read_action(str(action), None)
        assert first == action and read_action(str(action), None) is first


def test_a_deals_repr_shows_what_defines_it_and_what_follows_plainly() -> None:
    """The options, dealer and deck (with their rank codes) and the plain numbers read off them; the
    option flags and row tables kept for speed stay out of the repr."""
    shown = [field.name for field in dataclasses.fields(DealContext) if field.repr]
    assert shown == [
        "options",
        "dealer",
        "deck",
        "ranks",
        "players",
        "limit",
        "size",
        "copies",
        "stock_start",
    ]
    deal = cardrules.get_game("backstab_fish").new_game(seed=1).deal
    assert repr(deal).startswith("DealContext(options=BackstabFishOptions(") and "ask_rows" not in repr(deal)


def test_the_game_names_its_deck_and_its_seats_in_messages() -> None:
    """A five-player single-deck game: the deck is ``single deck``; a dealer it lacks is refused naming
    the game by its players; a seed that is not an int is refused even where no deal is drawn."""
    game = cardrules.get_game("backstab_fish", players=5, deck="single")
    assert game.pack_name() == "single deck"
    with pytest.raises(
        InvalidNotationError, match=r"^Backstab Fish with 5 players has seats p0-p4; dealer 'p9'"
    ):
        game.from_deal(game.pack(), dealer="p9")
    with pytest.raises(InvalidArgumentError, match="seed must be an int, not str"):
        cardrules.get_game("backstab_fish").from_position(DISPUTE_HEAD + DISPUTE_HISTORY, seed="7")  # type: ignore[arg-type]


def test_a_state_pickles_and_its_history_hashes_as_the_value_it_is() -> None:
    """A pickled state loads equal, with an equal history of the same events; two histories of the same
    play, built apart, are equal and hash alike (one entry in a set), and the hash follows the events."""
    game = cardrules.get_game("backstab_fish", players=5)
    first, again = game.new_game(seed=3), game.new_game(seed=3)
    for _ in range(12):
        first, again = first.apply(first.legal_actions()[0]), again.apply(again.legal_actions()[0])
    assert first.history is not again.history and first.history.chain is not again.history.chain
    assert first.history == again.history and hash(first.history) == hash(again.history)
    assert len({first.history, again.history, EventLog.of(tuple(first.history))}) == 1
    assert hash(first.history) == hash(tuple(first.history.newest_first()))
    loaded = pickle.loads(pickle.dumps(first))
    assert loaded == first and loaded.history == first.history and len(loaded.history) == len(first.history)
    assert list(loaded.history) == list(first.history) and loaded.position() == first.position()
    assert loaded.apply(loaded.legal_actions()[0]) == first.apply(first.legal_actions()[0])


def test_a_public_event_given_its_kind_and_seat_alone_involves_no_other_seat_rank_card_set_or_rule() -> None:
    """The defaults of the fields an event may not use: no other seat, no rank, no card (0), no set."""
    skip = PublicEvent("skip", 2)
    assert skip == PublicEvent("skip", 2, other=-1, rank=None, count=0, sets=Ranks(()), rule="")
    assert str(PublicEvent("refill", 1)) == "p1 draws 0 cards into an empty hand"


@pytest.mark.rule("backstab_fish.end.stall-limit")
@pytest.mark.parametrize("limit", [-1, -400, 2.5, True, "40"])
def test_options_built_directly_refuse_a_stall_limit_that_is_not_a_whole_number_from_zero(
    limit: object,
) -> None:
    """``BackstabFishOptions`` checks its own fields (not only ``get_game``'s reading of them): a limit
    below zero, or not an int, is refused naming the option; 0 asks for the default, ``None`` for no limit."""
    with pytest.raises(InvalidOptionError) as refused:
        BackstabFishOptions(stall_limit=limit)  # type: ignore[arg-type]
    assert refused.value.option == "stall_limit"
    assert str(refused.value) == (
        f"backstab_fish option stall_limit takes a positive whole number or none; not {limit!r} "
        "[backstab_fish.end.stall-limit]"
    )
    with pytest.raises(InvalidOptionError, match="option stall_limit takes"):
        dataclasses.replace(BackstabFishOptions(players=5), stall_limit=limit)  # type: ignore[arg-type]
    assert (
        BackstabFishOptions(players=5).stall_limit
        == BackstabFishOptions(players=5, stall_limit=0).stall_limit
        == 500
    )
    assert BackstabFishOptions(stall_limit=None).stall_limit is None


def test_an_end_of_turn_marks_no_card_in_a_picture() -> None:
    """An end of turn names no rank: marked, it leaves the picture as it is, where a lay-down marks its set
    and an ask its rank."""
    state = cardrules.from_position(LAID_HISTORY)
    assert isinstance(state, BackstabFishState)
    assert fish_keys(EndTurn(0)) == () and fish_keys(LayDown(1, (K,))) == ("K",)
    assert fish_keys(Ask(2, 0, K, 1)) == ("K",) and fish_keys("8") == ("8",)
    assert state.svg(marks={EndTurn(0): "disputed"}) == state.svg()
    assert state.svg(marks={Ask(0, 2, FishRank.ACE, 1): "disputed"}) != state.svg()


SVG: Final = "{http://www.w3.org/2000/svg}"


def _translate(card: ElementTree.Element) -> tuple[float, float, float]:
    """The x, y and scale of a card group's ``translate(x y) scale(s)``."""
    x, y, scale = re.findall(r"-?[0-9.]+", card.get("transform", ""))
    return float(x), float(y), float(scale)


def test_every_card_of_a_long_hand_lies_inside_its_seats_box() -> None:
    """p0 holds eleven ranks: the cards overlap more so that the row ends inside p0's box, as every
    hand's cards do (the boxes are the rounded rectangles each seat's block is drawn in)."""
    state = cardrules.from_position(LAID_HISTORY)
    assert isinstance(state, BackstabFishState)
    root = ElementTree.fromstring(state.svg())
    boxes = [
        tuple(float(rect.get(key, "0")) for key in ("x", "y", "width", "height"))
        for rect in root.iter(f"{SVG}rect")
        if rect.get("rx") == "10"
    ]
    assert len(boxes) == 4
    cards = [g for g in root.iter(f"{SVG}g") if g.get("data-zone") == "hand"]
    assert len([card for card in cards if card.get("data-seat") == "0"]) == 11
    for card in cards:
        x, y, scale = _translate(card)
        face = card.find(f"{SVG}rect")
        assert face is not None
        right = x + scale * (float(face.get("x", "0")) + float(face.get("width", "0")))
        bottom = y + scale * (float(face.get("y", "0")) + float(face.get("height", "0")))
        assert any(
            bx <= x and right <= bx + width and by <= y and bottom <= by + height
            for bx, by, width, height in boxes
        ), (card.get("data-seat"), card.get("data-card"), right)


def test_a_seat_without_cards_is_drawn_with_no_card() -> None:
    """Seeded random play until a hand is empty: that seat's block says ``no card`` (where a hand's
    cards would be), in the adjudicator's picture and in the seat's own view, and only there."""
    chooser = random.Random(0)
    state = cardrules.get_game("backstab_fish").new_game(seed=0)
    while 0 not in state.sizes:
        state = state.apply(chooser.choice(state.legal_actions()))
    assert isinstance(state, BackstabFishState)
    empty = state.sizes.index(0)
    assert state.svg().count(">no card<") == 1 == state.sizes.count(0)
    assert state.observation(empty).svg().count(">no card<") == 1
    assert all(">no card<" not in state.observation(seat).svg() for seat in range(4) if seat != empty)
    label = f">p{empty} · 0 cards · score {state.points[empty]}"
    assert state.svg().index(label) < state.svg().index(">no card<")


def test_the_holders_are_the_seats_with_cards() -> None:
    """``holders()`` leaves out exactly the seats whose hands are empty, in seat order."""
    chooser = random.Random(0)
    state = cardrules.get_game("backstab_fish").new_game(seed=0)
    assert isinstance(state, BackstabFishState)
    assert state.holders() == (0, 1, 2, 3)
    while 0 not in state.sizes:
        state = state.apply(chooser.choice(state.legal_actions()))
    assert isinstance(state, BackstabFishState)
    assert state.holders() == tuple(seat for seat in range(4) if state.hand(seat))
    assert len(state.holders()) == 3
