"""The standard library's shuffle with its draws written out, for dealing at speed.

``random.Random.shuffle`` walks a list from the last place down and swaps
each place with one drawn below it, where each draw is ``getrandbits`` of
just enough bits, drawn again while out of range. Done through the method,
every place costs a call into ``_randbelow``; a deal shuffles a pack for
every deal of every simulated game. :func:`shuffle_in_place` makes the same
draws in one loop, so it gives exactly the order ``shuffle`` gives from the
same generator state (the walk is the same on CPython 3.11 to 3.13; each game
that uses it has a test holding it to ``Random.shuffle``).

Every deal seeds a generator from a text such as ``fildinski/7/deal/2``.
:func:`seeded_bits` gives the ``getrandbits`` of exactly the generator
``random.Random(text)`` makes, without the Python layers of its seeding, and
:func:`draw_below` makes ``randrange``'s draw with it.

>>> import random
>>> cards = list(range(10))
>>> shuffle_in_place(cards, shuffle_steps(10), seeded_bits("toy/7"))
>>> same = list(range(10))
>>> random.Random("toy/7").shuffle(same)
>>> cards == same
True
>>> draw_below(seeded_bits("toy/8"), 4) == random.Random("toy/8").randrange(4)
True
"""

from __future__ import annotations

from _random import Random as _Generator
from collections.abc import Callable
from hashlib import sha512
from typing import TypeVar

__all__ = ["draw_below", "seeded_bits", "shuffle_in_place", "shuffle_steps"]

T = TypeVar("T")


def seeded_bits(stream: str) -> Callable[[int], int]:
    """The ``getrandbits`` of ``random.Random(stream)``: the same generator state, the same draws.

    ``random.Random`` seeds from a text by turning it into the integer of its
    UTF-8 bytes followed by their SHA-512 digest (seed version 2, the default
    on CPython 3.11 to 3.13) and passing that to its C base class, which is
    the generator itself. Seeding the base class with that integer directly
    gives the same state while skipping the Python ``__init__`` and ``seed``
    frames (the state's setup, the same in both, is most of the cost).
    ``tests/core/test_shuffling.py`` holds the two draw for draw.
    """
    data = stream.encode()
    return _Generator(int.from_bytes(data + sha512(data).digest())).getrandbits


def draw_below(draw: Callable[[int], int], count: int) -> int:
    """A draw in ``range(count)`` as ``Random.randrange(count)`` makes it, ``draw`` being its ``getrandbits``.

    ``getrandbits`` of the bit length of ``count``, drawn again while out of range.
    """
    width = count.bit_length()
    drawn = draw(width)
    while drawn >= count:
        drawn = draw(width)
    return drawn


def shuffle_steps(size: int) -> tuple[tuple[int, int], ...]:
    """The places the walk over ``size`` items fills, last first, each with the bits of its draw.

    A game works this out once, at import, for its pack's size.
    """
    return tuple((place, (place + 1).bit_length()) for place in range(size - 1, 0, -1))


def shuffle_in_place(items: list[T], steps: tuple[tuple[int, int], ...], draw: Callable[[int], int]) -> None:
    """Shuffle ``items`` as ``Random.shuffle`` does, ``draw`` being the generator's ``getrandbits``.

    ``steps`` is :func:`shuffle_steps` of ``len(items)``.
    """
    for place, width in steps:
        other = draw(width)
        while other > place:
            other = draw(width)
        items[place], items[other] = items[other], items[place]
