"""Arguments of the wrong type get the library's errors in every game, never a TypeError or AttributeError."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

import pytest

import cardrules
from cardrules.errors import CardRulesError, InvalidArgumentError, InvalidDealError, InvalidNotationError

GAMES: Final = ("felagsvist", "fildinski", "calabresella", "backstab_fish")


def raised(call: Callable[[], object]) -> CardRulesError:
    """The library error ``call`` raises (any other exception fails the test)."""
    with pytest.raises(CardRulesError) as info:
        call()
    assert isinstance(info.value, ValueError)
    return info.value


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("text", [5, None, b"p0 play QS", 1.5, ["p0"]])
def test_action_text_that_is_not_a_string_is_a_notation_error(name: str, text: object) -> None:
    state = cardrules.get_game(name).new_game(seed=1)
    error = raised(lambda: state.parse_action(text))  # type: ignore[arg-type]
    assert isinstance(error, InvalidNotationError)
    assert type(text).__name__ in str(error)


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("seat", [None, "0", 1.0, True, -1, 99])
def test_observing_something_that_is_no_seat_is_an_invalid_argument(name: str, seat: object) -> None:
    state = cardrules.get_game(name).new_game(seed=1)
    assert isinstance(raised(lambda: state.observation(seat)), InvalidArgumentError)  # type: ignore[arg-type]


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("later", [None, 5, "AS KS", b"AS"])
def test_later_deals_that_are_not_a_sequence_of_decks_are_an_invalid_argument(
    name: str, later: object
) -> None:
    game = cardrules.get_game(name)
    deck = [str(card) for card in game.pack()]
    error = raised(lambda: game.from_deal(deck, later_deals=later))  # type: ignore[arg-type]
    assert isinstance(error, InvalidArgumentError) and "later_deals" in str(error)


@pytest.mark.rule("common.deal.permutation")
@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("deck", [b"AS KS", None, 5, bytearray(b"x"), {"AS"}])
def test_a_deck_that_is_no_sequence_of_cards_is_an_invalid_deal(name: str, deck: object) -> None:
    game = cardrules.get_game(name)
    error = raised(lambda: game.from_deal(deck))  # type: ignore[arg-type]
    assert isinstance(error, InvalidDealError) and "common.deal.permutation" in str(error)


@pytest.mark.parametrize("name", GAMES)
def test_a_deck_of_numbers_is_a_notation_error(name: str) -> None:
    game = cardrules.get_game(name)
    error = raised(lambda: game.from_deal([5] * len(game.pack())))  # type: ignore[list-item]
    assert isinstance(error, InvalidNotationError) and "int" in str(error)
