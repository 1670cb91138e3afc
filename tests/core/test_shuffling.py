"""The seeded draws of :mod:`cardrules.shuffling` are the standard library's, draw for draw.

Every deal of every game is drawn from a generator seeded with a text;
:func:`~cardrules.shuffling.seeded_bits` seeds it without ``random.Random``'s
Python layers, so it must give the very generator ``random.Random(text)``
gives, or every seeded game would deal other cards. Each game's first dealer
(drawn with :func:`~cardrules.shuffling.draw_below`) must stay
``Random.randrange``'s draw from the game's dealer stream.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

import cardrules
from cardrules.games import GAMES
from cardrules.shuffling import draw_below, seeded_bits, shuffle_in_place, shuffle_steps

_WIDTHS = st.lists(st.integers(1, 200), min_size=1, max_size=40)


@given(stream=st.text(), widths=_WIDTHS)
def test_seeded_bits_draw_what_the_generator_seeded_with_the_text_draws(
    stream: str, widths: list[int]
) -> None:
    draw, reference = seeded_bits(stream), random.Random(stream)
    assert [draw(width) for width in widths] == [reference.getrandbits(width) for width in widths]


@pytest.mark.parametrize("stream", ["", "fildinski/0/deal/1", "calabresella/-5/hand/2", "félagsvist/7/ü"])
def test_seeded_bits_for_fixed_texts(stream: str) -> None:
    draw, reference = seeded_bits(stream), random.Random(stream)
    assert [draw(32) for _ in range(700)] == [reference.getrandbits(32) for _ in range(700)]  # past a twist


@given(stream=st.text(max_size=30), counts=st.lists(st.integers(1, 2**70), min_size=1, max_size=20))
def test_draw_below_is_randrange(stream: str, counts: list[int]) -> None:
    draw, reference = seeded_bits(stream), random.Random(stream)
    assert [draw_below(draw, count) for count in counts] == [reference.randrange(count) for count in counts]


@given(stream=st.text(max_size=30), size=st.integers(0, 120))
def test_shuffle_in_place_is_random_shuffle(stream: str, size: int) -> None:
    items, same = list(range(size)), list(range(size))
    shuffle_in_place(items, shuffle_steps(size), seeded_bits(stream))
    random.Random(stream).shuffle(same)
    assert items == same


@pytest.mark.parametrize("name", sorted(GAMES))
@given(seed=st.integers(-(10**15), 10**15))
def test_the_first_dealer_is_randrange_of_the_dealer_stream(name: str, seed: int) -> None:
    game = cardrules.get_game(name)
    stream = f"{game.info.name}/{seed}/{game.info.dealer_stream}"
    assert game.new_game(seed=seed).first_dealer == random.Random(stream).randrange(game.num_players)
