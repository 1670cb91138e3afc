"""A deal's card plays kept as a chain of links, so that adding a play copies nothing.

The engines of the trick-taking games record each play as a new link
``(earlier plays, seat, card)`` in front of the chain; :func:`unroll` gives the
plays back in the order they were made.

>>> chain: PlayChain = None
>>> for seat, card in ((1, 12), (2, 7), (3, 40)):
...     chain = (chain, seat, card)
>>> unroll(chain)
((1, 12), (2, 7), (3, 40))
"""

from __future__ import annotations

from typing import TypeAlias

__all__ = ["PlayChain", "unroll"]

PlayChain: TypeAlias = "tuple[PlayChain, int, int] | None"
"""The plays so far, newest first: ``(earlier plays, seat, card)``, or ``None`` for none."""


def unroll(chain: PlayChain) -> tuple[tuple[int, int], ...]:
    """The ``(seat, card)`` plays of ``chain``, oldest first."""
    out: list[tuple[int, int]] = []
    link = chain
    while link is not None:
        link, seat, card = link
        out.append((seat, card))
    out.reverse()
    return tuple(out)
