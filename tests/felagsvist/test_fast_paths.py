"""The Félagsvist engine's fast paths give the answers of the plain code they replace.

- a deal's deck is the order ``random.Random(stream).shuffle`` gives, the draws written out;
- the legal plays come from per-suit tables, in card-index order, equal to reading the
  legal mask bit by bit;
- a legal play's verdict comes from a table built at import, the same value as writing it anew.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardrules.games.felagsvist.deal import shuffled_pack


@given(st.integers(-(10**12), 10**12), st.integers(1, 13))
def test_a_deck_is_the_order_the_standard_shuffle_gives(seed: int, deal_number: int) -> None:
    stream = f"felagsvist/{seed}/deal/{deal_number}"
    order = list(range(52))
    random.Random(stream).shuffle(order)
    assert shuffled_pack(stream) == tuple(order)


@pytest.mark.parametrize("stream", ["", "x", "felagsvist/0/deal/1", "felagsvist/-7/deal/13"])
def test_a_deck_is_the_standard_shuffle_for_fixed_streams(stream: str) -> None:
    order = list(range(52))
    random.Random(stream).shuffle(order)
    assert shuffled_pack(stream) == tuple(order)
    assert sorted(order) == list(range(52))
