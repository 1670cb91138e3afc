"""A Félagsvist position that cannot be read names every problem, section by section, and nothing else;
a finished game says why it is over.

Each test edits one section of a real position (seed 3, 60 random plays into
deal 2) and expects the exact list of problems: a reader that stops at the first
bad item, reports a problem twice, drops one, or reads on past a bad item into
a crash or a problem of another section fails here. Found by mutation testing
(issue "verification", the widened run over the position modules).
"""

from __future__ import annotations

import random
import re
from typing import Final

import pytest

from cardrules import InvalidPositionError, get_game
from cardrules.games.felagsvist.play import end_reason

GAME: Final = get_game("felagsvist")


def _position() -> str:
    state = GAME.new_game(seed=3)
    rng = random.Random(3)
    for _ in range(60):
        state = state.apply(rng.choice(state.legal_actions()))
    return state.position(future=False)


TEXT: Final = _position()


def problems(text: str) -> list[tuple[str, str]]:
    """Each problem of a refused position as (section, message)."""
    with pytest.raises(InvalidPositionError) as info:
        GAME.from_position(text)
    return [(problem.section, str(problem)) for problem in info.value.problems]


def edited(section: str, tokens: str) -> str:
    """``TEXT`` with ``section``'s words replaced by ``tokens``."""
    text, count = re.subn(rf"; {section} [^;]*", f"; {section} {tokens} ", TEXT)
    assert count == 1, f"no {section} section in {TEXT}"
    return text.rstrip()


def test_the_position_reads_back_as_it_is() -> None:
    assert "; scores 4 9" in TEXT and "; plays p0 6D 2D AD JD / p2 7S 6S QS KS" in TEXT
    assert GAME.from_position(TEXT).position(future=False) == TEXT


def test_every_deal_score_that_is_not_two_numbers_is_named() -> None:
    assert problems(edited("scores", "4 9 3")) == [
        ("scores", "scores: deal 1's score is two numbers, NS then EW, not 3")
    ]
    assert problems(edited("scores", "1 2 3 / 4 x")) == [
        ("scores", "scores: deal 1's score is two numbers, NS then EW, not 3"),
        ("scores", "scores: deal 2's EW score is a whole number, not 'x'"),
    ]


def test_one_unreadable_number_of_a_score_is_the_only_problem() -> None:
    assert problems(edited("scores", "4 x")) == [
        ("scores", "scores: deal 1's EW score is a whole number, not 'x'")
    ]
    assert problems(edited("scores", "x 9")) == [
        ("scores", "scores: deal 1's NS score is a whole number, not 'x'")
    ]


def test_an_unreadable_card_in_four_hands_is_the_only_problem() -> None:
    hands = re.search(r"; hands ([^;]*)", TEXT)
    assert hands is not None
    assert problems(edited("hands", hands.group(1).replace("4C 5C", "4C ZZ", 1))) == [
        ("hands", "hands: 'ZZ' is not a card (such as QS or TH)")
    ]


@pytest.mark.parametrize("section", ["deal", "hands"])
def test_a_missing_section_is_named_and_is_the_only_problem(section: str) -> None:
    text = re.sub(rf" ; {section} [^;]*", "", TEXT)
    assert problems(text) == [(section, f"{section}: the section is missing")]


def test_a_trick_of_five_cards_is_refused_by_the_trick_order() -> None:
    found = problems(TEXT.replace("plays p0 6D 2D AD JD", "plays p0 6D 2D AD JD 4C"))
    assert (
        "plays",
        "plays: trick 1 has 5 cards: a trick is one card from each seat, and only the last trick may be "
        "short [felagsvist.play.trick-order]",
    ) in found


def test_the_last_seat_holding_a_card_too_few_is_named() -> None:
    found = problems(TEXT.replace(" 8S 9S TS ;", " 8S 9S ;"))
    assert (
        "hands",
        "hands: p3 holds 10 cards and has played 2 this deal, 12 in all: every seat is dealt 13, so it "
        "should hold 11 [felagsvist.invariant.hand-sizes]",
    ) in found


def test_a_finished_game_says_which_deal_was_the_last() -> None:
    state = GAME.new_game(seed=5)
    rng = random.Random(5)
    while not state.is_terminal:
        state = state.apply(rng.choice(state.legal_actions()))
    assert state.end_reason() == "deal 12 was the last"
    assert str(state.check("p0 AS")) == (
        "illegal: the game is over (deal 12 was the last); no action is legal [common.game.over]"
    )
    assert end_reason(13) == "deal 13 broke the tie"
