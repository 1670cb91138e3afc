"""Félagsvist bad input: an option or a seat that is not one gets the library's error, naming it."""

from __future__ import annotations

import pytest

from cardrules import InvalidOptionError, get_game
from cardrules.errors import InvalidArgumentError
from cardrules.games.felagsvist import FelagsvistState
from cardrules.games.felagsvist.observation import observe
from cardrules.games.felagsvist.options import FirstDealer


@pytest.mark.parametrize(
    ("written", "seat"),
    [
        ("N", "N"),
        ("n", "N"),
        ("p0", "N"),
        ("p1", "E"),
        (1, "E"),
        ("e", "E"),
        ("S", "S"),
        (0, "N"),
        (3, "W"),
        ("w", "W"),
        ("p3", "W"),
    ],
)
def test_the_first_dealer_is_read_from_each_of_its_spellings(written: object, seat: str) -> None:
    assert get_game("felagsvist", first_dealer=written).options.first_dealer is FirstDealer(seat)


@pytest.mark.parametrize("written", [4, -1, "p4", "x", True, 2.0, None])
def test_a_first_dealer_that_is_no_seat_is_refused_by_name(written: object) -> None:
    with pytest.raises(InvalidOptionError, match="first_dealer takes random, N, E, S, W") as caught:
        get_game("felagsvist", first_dealer=written)
    assert caught.value.option == "first_dealer"


@pytest.mark.parametrize("seat", [4, -1, 5])
def test_an_observation_for_a_seat_past_the_table_is_refused(seat: int) -> None:
    """By the state's method and by the observation module's public ``observe`` alike."""
    state = get_game("felagsvist").new_game(seed=2)
    assert isinstance(state, FelagsvistState)
    assert state.observation(3).seat == observe(state, 3).seat == 3
    message = f"Félagsvist has seats 0 to 3 .*; {seat} is not one"
    with pytest.raises(InvalidArgumentError, match=message):
        state.observation(seat)
    with pytest.raises(InvalidArgumentError, match=message):
        observe(state, seat)
