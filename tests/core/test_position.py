"""cardrules.position: the shared grammar, the tolerant reader, the errors; from_position; same futures."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import cardrules
from cardrules import GAMES, get_game
from cardrules.position import (
    MAX_POSITION_CHARS,
    MAX_SEED_DIGITS,
    InvalidPositionError,
    PositionProblem,
    PositionReader,
    PositionWriter,
    groups,
)
from cardrules.testing import assert_same_future, future_difference, positions


def test_the_reader_takes_sections_in_any_order_and_reports_the_ones_nobody_took() -> None:
    reader = PositionReader("felagsvist ;  trick - ; deal 3   dealer p1 ; colour blue", "felagsvist")
    assert reader.take("deal") == ("3", "dealer", "p1")
    assert reader.take("trick") == ()
    assert reader.take("plays", required=False) is None
    assert reader.ok
    with pytest.raises(InvalidPositionError) as refused:
        reader.finish()
    (problem,) = refused.value.problems
    assert problem.section == "colour" and "no such section" in problem.message and problem.rule is None


def test_every_problem_is_reported_with_its_section_and_rule() -> None:
    reader = PositionReader("felagsvist ; deal x ; deal 2", "felagsvist")
    reader.take("hands")
    tokens = reader.take("deal")
    assert tokens == ("x",)
    assert reader.integer("deal", "x", 1, 13, "the deal") is None
    reader.problem("hands", "p0 holds 14 cards", "felagsvist.invariant.hand-sizes")
    with pytest.raises(InvalidPositionError) as refused:
        reader.finish()
    error = refused.value
    assert [p.section for p in error.problems] == ["deal", "hands", "deal", "hands"]
    assert error.rules == ("felagsvist.invariant.hand-sizes",)
    assert str(error).startswith("position refused (4 problems): deal: the section is given twice; ")
    assert "[felagsvist.invariant.hand-sizes]" in str(error)
    assert isinstance(error, cardrules.CardRulesError) and isinstance(error, ValueError)


def test_numbers_and_seats_are_read_strictly() -> None:
    reader = PositionReader("x", "x")
    assert reader.integer("s", "-5", -9, 9) == -5
    for bad in ("--5", "5.0", "٣", "1" * 13, "+5", ""):
        assert reader.integer("s", bad, -(10**13), 10**13) is None
    assert reader.integer("s", "10", 0, 9) is None
    assert reader.seat("s", "p2", 4) == 2 and reader.seat("s", "W", 4, ("N", "E", "S", "W")) == 3
    assert reader.seat("s", "p4", 4) is None and reader.seat("s", "north", 4) is None
    assert len(reader.problems) == 9


def test_the_game_name_must_come_first_and_the_text_must_be_text_of_bounded_size() -> None:
    for text, expected in [
        ("fildinski ; deal 1", "starts with the game's name, felagsvist, not 'fildinski'"),
        ("", "starts with the game's name, felagsvist"),
        ("x" * (MAX_POSITION_CHARS + 1), f"past the limit of {MAX_POSITION_CHARS}"),
    ]:
        reader = PositionReader(text, "felagsvist")
        assert not reader.ok and expected in reader.problems[0].message
    assert not PositionReader(None, "felagsvist").ok


def test_a_long_bad_token_is_echoed_short() -> None:
    reader = PositionReader("x", "x")
    reader.integer("seed", "9" * 5000, 0, 10)
    assert len(reader.problems[0].message) < 200


def test_the_writer_is_canonical_and_groups_read_back() -> None:
    text = str(
        PositionWriter("fildinski")
        .options({"target_score": 500, "meld_in_endgame": False})
        .section("hands", "p0", "AS", "/", "p1")
        .section("trick")
    )
    assert text == "fildinski ; options target_score=500 meld_in_endgame=false ; hands p0 AS / p1 ; trick -"
    reader = PositionReader(text, "fildinski")
    assert reader.options({"target_score": 1000, "bezique_pair": "standard"}) == {
        "target_score": "500",
        "meld_in_endgame": "false",
        "bezique_pair": "standard",
    }
    hands = reader.take("hands")
    assert hands is not None and groups(hands) == (("p0", "AS"), ("p1",))
    assert groups(("-",)) == ((),) and groups(()) == ()


def test_an_option_not_written_name_equals_value_is_a_problem() -> None:
    reader = PositionReader("felagsvist ; options scoring odd-tricks=", "felagsvist")
    assert reader.options({}) is None
    assert [p.section for p in reader.problems] == ["options", "options"]


def test_a_problem_reads_as_its_section_message_and_rule() -> None:
    problem = PositionProblem(
        "hands", "AS is in two hands", cardrules.RuleId("felagsvist.invariant.card-conservation")
    )
    assert str(problem) == "hands: AS is in two hands [felagsvist.invariant.card-conservation]"


def test_many_problems_are_listed_up_to_a_dozen_in_the_message() -> None:
    error = InvalidPositionError([PositionProblem(f"s{i}", "bad") for i in range(30)])
    assert len(error.problems) == 30 and str(error).endswith("; and 18 more")


@pytest.mark.parametrize("text", [None, 7, "", "   ", "chess ; board", "felagsvist;", ";;;"])
def test_from_position_refuses_text_that_names_no_game_or_no_position(text: object) -> None:
    with pytest.raises(InvalidPositionError):
        cardrules.from_position(text)  # type: ignore[arg-type]


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_game_reads_back_its_start_and_names_the_game_it_is(game: str) -> None:
    start = get_game(game).new_game(seed=11)
    text = start.position()
    assert text.startswith(f"{game} ; options ")
    again = cardrules.from_position(text)
    assert type(again) is type(start) and again.position() == text
    assert_same_future(start, again, steps=10)
    with pytest.raises(InvalidPositionError):  # a position of one game is not a position of another
        get_game("felagsvist" if game != "felagsvist" else "fildinski").from_position(text)


@pytest.mark.parametrize("game", sorted(GAMES))
@given(data=st.data())
def test_positions_in_every_phase_read_back_with_the_same_future(game: str, data: st.DataObject) -> None:
    played = data.draw(positions(game))
    state = played.state
    assert_same_future(state, cardrules.from_position(state.position()), steps=6)


def test_options_in_a_position_override_the_game_objects_and_missing_ones_keep_them() -> None:
    state = get_game("felagsvist", scoring="odd-tricks", first_dealer="N").new_game(seed=2)
    text = state.position()
    plain = get_game("felagsvist").from_position(text)  # the position's options apply
    assert plain.position() == text
    shorter = text.replace(" scoring=odd-tricks", "")
    kept = get_game("felagsvist", scoring="odd-tricks").from_position(shorter)
    assert kept.position() == text


def test_same_future_finds_a_difference_and_says_where() -> None:
    game = get_game("felagsvist", first_dealer="N")
    a = game.new_game(seed=3)
    b = game.new_game(seed=4)
    found = future_difference(a, b)
    assert found is not None and found.startswith("at step 0 (no action yet) in the position")
    # the same deal, one card later: the difference is found at once
    assert future_difference(a, a.apply(a.legal_actions()[0])) is not None
    assert future_difference(a, game.new_game(seed=3)) is None


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_position_of_any_seed_reads_back_and_a_bad_seed_is_one_problem(game: str) -> None:
    # Fildinski's own reader once stopped at 100 digits and refused its own positions
    for seed in (0, -7, 10**150, -(10 ** (MAX_SEED_DIGITS - 1))):
        text = get_game(game).new_game(seed=seed).position()
        assert cardrules.from_position(text).position() == text
    if game != "backstab_fish":  # one deal: no seed section
        text = get_game(game).new_game(seed=5).position().replace(" ; seed 5", " ; seed 5x")
        with pytest.raises(
            InvalidPositionError, match="seed: the seed is one whole number of at most 4300 digits"
        ):
            cardrules.from_position(text)
