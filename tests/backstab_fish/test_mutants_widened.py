"""Backstab Fish tests for the survivors of the widened mutation run (every rules and position module).

Each test holds an outcome a user sees (a refusal's section and words, a
legal set) that one changed line in the engine let through the other tests.
"""

from __future__ import annotations

from typing import Final

import pytest

import cardrules
from cardrules import IllegalActionError, InvalidPositionError
from cardrules.games.backstab_fish import LAY_DOWN, procedure
from cardrules.games.backstab_fish.actions import Ask, EndTurn, LayDown
from cardrules.games.backstab_fish.cards import FishRank
from cardrules.games.backstab_fish.options import Deck
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
            "turn 5 ('p2 ask p0 1 9 fish'): p0 held 1 nines or more, so had to hand 1 over",
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
                    "turn 2 ('p1 ask p3 1 4 give'): p1 was handed 1 fours that the position does not "
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
    asked = procedure.fast_ask(state, ask)
    assert asked is not None and asked == state.apply(ask)
    ended = procedure.fast_end(asked, EndTurn(0))
    assert ended is not None and ended == asked.apply(EndTurn(0))
    assert procedure.fast_end(asked, EndTurn(1)) is None
