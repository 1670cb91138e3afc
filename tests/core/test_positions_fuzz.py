"""Fuzzing the position readers of every game: whatever the text, a state or ``InvalidPositionError``.

Positions of real games (at the start, and after some random legal steps) are
mutated: characters flipped, inserted or deleted, tokens replaced by hostile
ones (huge or negative numbers, long runs, separators, control characters),
sections dropped, repeated or swapped. Each mutated text goes to the game's
``from_position``, which must either return a state whose position reads back
as itself or raise :class:`~cardrules.position.InvalidPositionError` with a
one-line message of bounded length; nothing else may escape.
"""

from __future__ import annotations

import random
from functools import cache
from typing import Final

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardrules import get_game
from cardrules.games import GAMES, from_position
from cardrules.position import InvalidPositionError

GAME_NAMES: Final = tuple(sorted(GAMES))

FUZZ: Final = settings(
    max_examples=settings().max_examples * 4,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
"""Four times the profile's examples: each one is cheap."""

HOSTILE_TOKENS: Final = (
    "9" * 13,
    "9" * 5000,
    "-1",
    "-0",
    "0",
    "/",
    "-",
    "=",
    "x=",
    "=y",
    "p99",
    "p-1",
    "JK",
    "JK#3",
    "AS#0",
    "²0",
    "٥",
    "\x1b[2J",
    "\u009b",
    "a" * 2000,
    "none",
    "true",
)


@cache
def _positions(name: str) -> tuple[str, ...]:
    """A few positions of ``name``: starts and states some random legal steps in."""
    game = get_game(name)
    out: list[str] = []
    for seed in range(3):
        state = game.new_game(seed=seed)
        rng = random.Random(seed)
        out.append(state.position())
        for _ in range(rng.randrange(5, 60)):
            if state.is_terminal:
                break
            state = state.apply(rng.choice(state.legal_actions()))
        out.append(state.position())
    return tuple(out)


def _read(name: str, text: str) -> None:
    try:
        state = get_game(name).from_position(text)
    except InvalidPositionError as error:
        message = str(error)
        assert "\n" not in message
        assert len(message) < 20_000, message[:200]
        return
    again = from_position(state.position())
    assert again.position() == state.position()


_EDITS: Final = st.lists(
    st.tuples(
        st.sampled_from(["flip", "insert", "delete", "token", "drop", "repeat", "swap"]),
        st.integers(0, 2**31),
        st.integers(0, 2**31),
        st.one_of(st.sampled_from(HOSTILE_TOKENS), st.text(max_size=8)),
    ),
    min_size=1,
    max_size=5,
)


def _edit(text: str, edits: list[tuple[str, int, int, str]]) -> str:
    for kind, first, second, payload in edits:
        if not text:
            text = payload
            continue
        if kind in ("flip", "insert", "delete"):
            at = first % len(text)
            if kind == "flip":
                text = text[:at] + chr((ord(text[at]) + 1 + second % 96) % 0x110000) + text[at + 1 :]
            elif kind == "insert":
                text = text[:at] + payload + text[at:]
            else:
                text = text[:at] + text[at + 1 + second % 4 :]
        elif kind == "token":
            words = text.split(" ")
            words[first % len(words)] = payload
            text = " ".join(words)
        else:
            sections = text.split(" ; ")
            i, j = first % len(sections), second % len(sections)
            if kind == "drop" and len(sections) > 1:
                del sections[i]
            elif kind == "repeat":
                sections.insert(i, sections[i])
            else:
                sections[i], sections[j] = sections[j], sections[i]
            text = " ; ".join(sections)
    return text.replace("\ud800", "")  # keep the text encodable: the reader takes str


@FUZZ
@given(st.sampled_from(GAME_NAMES), st.integers(0, 5), _EDITS)
def test_mutated_positions_raise_only_position_errors(
    name: str, which: int, edits: list[tuple[str, int, int, str]]
) -> None:
    base = _positions(name)
    _read(name, _edit(base[which % len(base)], edits))


@FUZZ
@given(st.sampled_from(GAME_NAMES), st.text(max_size=200))
def test_random_text_is_no_position(name: str, text: str) -> None:
    _read(name, text)


def test_every_unmutated_position_reads_back() -> None:
    for name in GAME_NAMES:
        for text in _positions(name):
            assert get_game(name).from_position(text).position() == text
