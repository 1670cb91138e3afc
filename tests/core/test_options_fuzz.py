"""Fuzzing option values of every type: a game, or an ``InvalidOptionError`` in one short line.

Every option of every game gets values of every type: text (numerals with
signs, Unicode digits, long runs, the option's own values with noise), ints of
any size (past 4,300 digits too), bools, floats, ``None``, bytes, lists,
tuples, dicts and sets. :func:`cardrules.get_game` must either build the game
(whose options then write as plain values a record can hold) or raise the
library's :class:`~cardrules.errors.CardRulesError`, a ``ValueError``, with a
message of one bounded line; the same values in a record are refused by the
writer as by the reader.
"""

from __future__ import annotations

from functools import cache
from typing import Final

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardrules import CardRulesError, get_game
from cardrules.games import GAMES
from cardrules.records import Record, RecordError, dumps, loads

GAME_NAMES: Final = tuple(sorted(GAMES))

FUZZ: Final = settings(
    max_examples=settings().max_examples * 4,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

SHORT: Final = 600


@cache
def _options(name: str) -> tuple[tuple[str, str | int], ...]:
    return tuple(get_game(name).options_dict().items())


_NUMERALS: Final = st.one_of(
    st.from_regex(r"\A[ +\-]{0,3}[0-9٠-٩²³¹]{0,25}[ ]?\Z"),
    st.integers().map(str),
    st.integers(0, 6000).map(lambda digits: "7" * digits),
)
_BIG_INTS: Final = st.integers(0, 5200).map(lambda digits: 10**digits) | st.integers(0, 5200).map(
    lambda digits: -(10**digits)
)
_SCALARS: Final = st.one_of(
    st.text(max_size=30),
    _NUMERALS,
    st.integers(),
    _BIG_INTS,
    st.booleans(),
    st.floats(),
    st.none(),
    st.binary(max_size=8),
)
VALUES: Final = st.one_of(
    _SCALARS,
    st.lists(_SCALARS, max_size=4),
    st.tuples(_SCALARS, _SCALARS, _SCALARS),
    st.dictionaries(st.text(max_size=4), _SCALARS, max_size=2),
    st.frozensets(st.integers(), max_size=3),
)
"""Option values of every type."""


def _noisy(value: str | int, noise: str) -> str:
    return f"{noise}{value}{noise}"


def _try(name: str, given: dict[str, object]) -> bool:
    """Build the game; True if it was built. Only a short library error may escape."""
    try:
        game = get_game(name, **given)
    except CardRulesError as error:
        assert isinstance(error, ValueError)
        message = str(error)
        assert "\n" not in message and len(message) < SHORT, message[:300]
        return False
    written = game.options_dict()
    assert all(isinstance(value, (str, int)) for value in written.values())
    assert get_game(name, **written).options_dict() == written
    return True


@FUZZ
@given(st.sampled_from(GAME_NAMES), st.integers(0, 20), VALUES)
def test_any_value_of_any_option_is_a_game_or_an_option_error(name: str, which: int, value: object) -> None:
    option = _options(name)[which % len(_options(name))][0]
    _try(name, {option: value})


@FUZZ
@given(st.sampled_from(GAME_NAMES), st.integers(0, 20), st.text(max_size=3))
def test_an_option_value_with_noise_is_a_game_or_an_option_error(name: str, which: int, noise: str) -> None:
    option, default = _options(name)[which % len(_options(name))]
    _try(name, {option: _noisy(default, noise)})


@FUZZ
@given(st.sampled_from(GAME_NAMES), st.text(max_size=40), VALUES)
def test_any_option_name_is_a_game_or_an_option_error(name: str, option: str, value: object) -> None:
    _try(name, {option: value})


@FUZZ
@given(
    st.sampled_from(GAME_NAMES), st.integers(0, 20), st.one_of(st.text(max_size=30), _NUMERALS, st.integers())
)
def test_a_record_takes_exactly_the_option_values_the_game_takes(
    name: str, which: int, value: str | int
) -> None:
    option = _options(name)[which % len(_options(name))][0]
    built = _try(name, {option: value})
    start = get_game(name).new_game(seed=1)
    record = Record(
        game=name,
        options=((option, value),),
        seats=("",) * get_game(name).num_players,
        dealer=start.first_dealer,
        deals=start.dealt_decks(),
    )
    try:
        text = dumps(record)
    except RecordError as error:
        assert len(str(error)) < SHORT * 2
        assert not built or "options" not in error.locations
        return
    assert built
    assert loads(text).option_values == get_game(name, **{option: value}).options_dict()
