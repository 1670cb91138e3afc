"""The standard library's shuffle with its draws written out, for dealing at speed.

``random.Random.shuffle`` walks a list from the last place down and swaps
each place with one drawn below it, where each draw is ``getrandbits`` of
just enough bits, drawn again while out of range. Done through the method,
every place costs a call into ``_randbelow``; a deal shuffles a pack for
every deal of every simulated game. :func:`shuffle_in_place` makes the same
draws in one loop, so it gives exactly the order ``shuffle`` gives from the
same generator state (the walk is the same on CPython 3.11 to 3.13; each game
that uses it has a test holding it to ``Random.shuffle``).

>>> import random
>>> cards = list(range(10))
>>> shuffle_in_place(cards, shuffle_steps(10), random.Random(7).getrandbits)
>>> same = list(range(10))
>>> random.Random(7).shuffle(same)
>>> cards == same
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

__all__ = ["shuffle_in_place", "shuffle_steps"]

T = TypeVar("T")


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
