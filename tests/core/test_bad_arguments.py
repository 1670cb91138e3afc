"""Arguments of the wrong type get the library's errors in every game, never a TypeError or AttributeError."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Final

import pytest

import cardrules
from cardrules import records
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


# -- the records API (issue 32) -------------------------------------------------------------------


def _good_record() -> records.Record:
    game = cardrules.get_game("calabresella")
    start = game.new_game(seed=1)
    first = start.legal_actions()[0]
    return records.record_of(game, start.apply(first), [first])


@pytest.mark.parametrize("text", [5, None, b"p0 pass", ["p0 pass"]])
def test_a_recorded_action_that_is_not_text_is_refused_when_built(text: object) -> None:
    error = raised(lambda: records.RecordedAction(text=text))  # type: ignore[arg-type]
    assert isinstance(error, InvalidArgumentError) and "text must be a string" in str(error)
    if text is not None:  # no comment is a comment of None
        comment = raised(lambda: records.RecordedAction("p0 pass", comment=text))  # type: ignore[arg-type]
        assert isinstance(comment, InvalidArgumentError) and "comment" in str(comment)


@pytest.mark.parametrize(
    "call",
    [
        lambda: records.check(5),  # type: ignore[arg-type]
        lambda: records.dumps(5),  # type: ignore[arg-type]
        lambda: records.prepare(None),  # type: ignore[arg-type]
        lambda: list(records.replay("record.toml")),  # type: ignore[arg-type]
        lambda: records.explain({"game": "calabresella"}, 0),  # type: ignore[arg-type]
        lambda: records.jsonl_line(5),  # type: ignore[arg-type]
        lambda: records.loads(["x"]),  # type: ignore[arg-type]
        lambda: records.loads(5),  # type: ignore[arg-type]
        lambda: records.loads("format = 1", form="xml"),  # type: ignore[arg-type]
        lambda: records.load(5),  # type: ignore[arg-type]
        lambda: records.load_prepared(None),  # type: ignore[arg-type]
    ],
    ids=[
        "check",
        "dumps",
        "prepare",
        "replay",
        "explain",
        "jsonl",
        "loads-list",
        "loads-int",
        "form",
        "load",
        "load-prepared",
    ],
)
def test_the_records_api_refuses_ill_typed_values_with_its_own_error(call: Callable[[], object]) -> None:
    assert isinstance(raised(call), InvalidArgumentError)


def test_a_corpus_entry_of_no_known_kind_is_an_unreadable_result() -> None:
    odd = records.RecordText(5, "x")  # type: ignore[arg-type]
    results = list(records.check_corpus([_good_record(), 5, odd, b"name"]))  # type: ignore[list-item]
    assert [result.status for result in results] == ["ok", "unreadable", "unreadable", "unreadable"]
    assert "not a record" in str(results[1]) and "str or bytes" in str(results[2])


# -- action values that pass for ints (issue 32) ----------------------------------------------------


def _reachable(name: str) -> list[cardrules.game.AnyState]:
    """A few states of ``name`` with many kinds of legal action: the start and some random plies on."""
    state = cardrules.get_game(name).new_game(seed=2)
    states = [state]
    for ply in range(60):
        if state.is_terminal:
            break
        legal = state.legal_actions()
        state = state.apply(legal[ply * 7 % len(legal)])
        states.append(state)
    return states


@pytest.mark.rule("common.action.known")
@pytest.mark.parametrize("name", GAMES)
def test_an_action_with_a_bool_or_float_for_an_int_equals_no_legal_action(name: str) -> None:
    tried = 0
    for state in _reachable(name):
        legal = state.legal_actions()
        for action in legal[:6]:
            for field in dataclasses.fields(action):
                value = getattr(action, field.name)
                if not isinstance(value, int) or isinstance(value, bool):
                    continue
                odd: tuple[object, ...] = (float(value),) + ((bool(value),) if value in (0, 1) else ())
                for stand_in in odd:
                    try:
                        twin = dataclasses.replace(action, **{field.name: stand_in})  # type: ignore[arg-type]
                    except (TypeError, ValueError):
                        continue  # refused when built: no value to confuse
                    tried += 1
                    assert twin != action and twin not in legal, (action, twin)
                    assert not state.check(twin).legal, (action, twin)
    assert tried > 20
