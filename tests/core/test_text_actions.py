"""check, attempt and apply take action text as well as actions, and answer alike for both."""

from __future__ import annotations

import random

import pytest

import cardrules
from cardrules.game import AnyState
from cardrules.games import GAMES, get_game
from cardrules.judging import value_text
from cardrules.testing.probing import illegal_probes


def _states(name: str, seed: int, every: int = 7) -> list[AnyState]:
    state = get_game(name).new_game(seed=seed)
    rng = random.Random(seed)
    seen: list[AnyState] = []
    step = 0
    while not state.is_terminal:
        if step % every == 0:
            seen.append(state)
        state = state.apply(rng.choice(state.legal_actions()))
        step += 1
    return [*seen, state]


@pytest.mark.parametrize("name", tuple(GAMES))
def test_text_is_judged_as_the_action_it_reads_as(name: str) -> None:
    for state in _states(name, 4)[:40]:
        legal = state.legal_actions()[:3]
        refused = [action for action, _ in illegal_probes(state)]
        for action in (*legal, *refused):
            text = str(action)
            assert state.check(text) == state.check(action), text
            assert state.attempt(text) == state.attempt(action), text
            if state.check(action).legal:
                assert state.apply(text) == state.apply(action)
            else:
                with pytest.raises(cardrules.IllegalActionError) as from_text:
                    state.apply(text)
                assert from_text.value.verdict == state.check(action)


@pytest.mark.rule("common.action.known")
@pytest.mark.parametrize("name", tuple(GAMES))
@pytest.mark.parametrize("text", ["", "p0 castle kingside", "play ZZ", "p0 play", "   "])
def test_unreadable_text_is_refused_by_check_and_attempt_and_apply(name: str, text: str) -> None:
    state = get_game(name).new_game(seed=1)
    verdict = state.check(text)
    assert not verdict.legal and verdict.rule_ids == ("common.action.known",)
    assert verdict.reason.startswith(f"{text!r} is no action here: ")
    assert state.attempt(text) == (verdict, None)
    with pytest.raises(cardrules.IllegalActionError) as info:
        state.apply(text)
    assert info.value.verdict == verdict


def test_a_legal_play_given_as_text_is_applied() -> None:
    state = get_game("felagsvist", first_dealer="N").new_game(seed=1)
    legal = state.legal_actions()[0]
    assert state.check(str(legal)).legal
    assert state.apply(str(legal)) == state.apply(legal)
    assert state.check("p1 play 2C").rule_ids == ("common.cards.held",)


@pytest.mark.rule("common.game.over")
@pytest.mark.parametrize("name", GAMES)
def test_text_given_to_a_finished_game_is_refused_because_the_game_is_over(name: str) -> None:
    """Even text that is no action at all: a finished game refuses every action under common.game.over,
    by ``check``, ``attempt`` and ``apply`` alike, before it reads the text."""
    options = {"stall_limit": 40} if name == "backstab_fish" else {}
    state = get_game(name, **options).new_game(seed=3)
    rng = random.Random(3)
    while not state.is_terminal:
        state = state.apply(rng.choice(state.legal_actions()))
    for text in ("p0 castle long", "p0 play QS", ""):
        assert state.check(text).rule_ids == ("common.game.over",)
        verdict, after = state.attempt(text)
        assert verdict.rule_ids == ("common.game.over",) and after is None
        with pytest.raises(cardrules.IllegalActionError, match=r"\[common.game.over\]"):
            state.apply(text)


def test_a_long_value_is_cut_to_two_hundred_characters_in_messages() -> None:
    shown = value_text(10**300)
    assert len(shown) == 200 and shown.endswith("...") and shown[:197] == str(10**300)[:197]
    assert value_text("x" * 198) == repr("x" * 198)  # 200 characters with the quotes: kept whole


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ("chess ; x", "not 'chess'"),
        ("", "not nothing"),
        ("  ", "not nothing"),
        ("Q" * 50, f"not '{'q' * 40}'"),
    ],
)
def test_a_position_that_names_no_game_is_refused_naming_what_it_starts_with(text: str, named: str) -> None:
    with pytest.raises(cardrules.InvalidPositionError, match=f"starts with a game's name .*, {named}$"):
        cardrules.from_position(text)
