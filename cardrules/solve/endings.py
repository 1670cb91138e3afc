"""What the exact search sees of a game: the :class:`Ending` protocol, its rank-pattern part, a toy.

A game's play phase reaches :class:`~cardrules.solve.search.Solver` as an
:class:`Ending`: a small immutable model of the cards left, whose moves are
small ints, whose value counts for one side (the *counted side*, numbered 0,
which maximises; the others, side 1, minimise), and which says which of its
legal moves are equivalent so that only one of each group is searched. An
ending that also offers the :class:`RankedEnding` methods gets the
rank-pattern transposition table. :func:`rank_groups` splits a hand's legal
cards into groups of equivalent ones, for the games' endings to build on;
:class:`Race` is a toy ending for the documentation and the core's tests.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

__all__ = ["Ending", "Race", "RankedEnding", "rank_groups"]


class Ending(Protocol):
    """A position of a trick-taking play phase, as the search sees it: an immutable value.

    Values count for the counted side (side 0) from the moment the ending was
    built: :attr:`value` is what that side has gained since, and the value of
    a finished ending is its final :attr:`value`. The counted side maximises
    it and the others (side 1) minimise it.
    """

    @property
    def side(self) -> int:
        """0 when the counted side is to move, 1 when one of the others is."""
        ...

    @property
    def over(self) -> bool:
        """Whether no move is left."""
        ...

    @property
    def value(self) -> int:
        """What the counted side has gained since the ending was built; it never falls as play goes on."""
        ...

    def legal(self) -> tuple[int, ...]:
        """Every legal move, in the engine's canonical order."""
        ...

    def moves(self) -> tuple[int, ...]:
        """One legal move per group of equivalent ones, in the order to search them (likely best first)."""
        ...

    def group(self, move: int) -> tuple[int, ...]:
        """The legal moves equivalent to ``move`` (``move`` included): each leads to the same value."""
        ...

    def play(self, move: int) -> Ending:
        """The ending after ``move``, a legal move."""
        ...

    def key(self) -> Hashable | None:
        """A key for the transposition table, or ``None`` where the ending does not keep one (inside a trick).

        Two endings with equal keys must have the same value still to come
        (the final value minus :attr:`value`), whatever was played before.
        """
        ...

    def bounds(self) -> tuple[int, int]:
        """The least and the most final value still possible from here."""
        ...


@runtime_checkable
class RankedEnding(Ending, Protocol):
    """An :class:`Ending` that also offers what a rank-pattern transposition table needs (optional).

    Its moves are cards and its masks are bitmasks of cards. An entry of the
    table is kept for a :meth:`shape` (at a trick boundary) with only the
    holders of the strongest cards of each suit that the search relied on:
    down to the weakest card whose rank decided a trick (:attr:`won`), a
    bound (:meth:`ranked_bounds`) or a group of equivalent cards
    (:meth:`settle`). Any ending of that shape whose strongest cards lie in
    the same hands reuses the entry: the cards below play alike in it. The
    bounds of a trick boundary are also kept under its :meth:`~Ending.key`,
    so they must read only what the key holds (at a trick boundary, equal
    keys give the same :meth:`ranked_bounds` less the :attr:`~Ending.value`),
    with the cards they relied on as :meth:`depth` places, read back by
    :meth:`top` when an ending with that key is met again. Inside a trick, :meth:`reach`
    tells how far the bounds can go, so that they are worked out only where
    they could decide the search's window.
    """

    def play(self, move: int) -> RankedEnding:
        """The ending after ``move``, a legal move."""
        ...

    @property
    def won(self) -> int:
        """At the start of a trick, the card that won the last trick if its rank decided it; else 0."""
        ...

    @property
    def lengths(self) -> int:
        """How many cards of each suit each hand holds, as one int (inside a trick too).

        The search keys what it learns of the move order inside a trick by it.
        """
        ...

    def shape(self) -> Hashable | None:
        """At a trick boundary, the leader and how many cards of each suit each hand holds; else ``None``.

        An ending that is :attr:`~Ending.over` is at a trick boundary.
        """
        ...

    def ladder(self) -> int:
        """Who holds the cards in hand, from the strongest of each suit down, as an int."""
        ...

    def depth(self, relevant: int) -> int:
        """The :meth:`ladder` bits of each suit's cards at or above its weakest card of ``relevant``."""
        ...

    def top(self, depths: int) -> int:
        """The cards whose :meth:`ladder` bits ``depths`` covers."""
        ...

    def ranked_bounds(self) -> tuple[int, int, int]:
        """:meth:`Ending.bounds`, and the cards whose ranks they rely on."""
        ...

    def reach(self) -> tuple[int, int]:
        """Inside a trick: the most the low of :meth:`ranked_bounds` can be, and the least its high can be.

        Worked out more cheaply than the bounds, so that the search asks for
        them only where they could decide its window.
        """
        ...

    def ranked_moves(self) -> tuple[tuple[int, ...], dict[int, int]]:
        """:meth:`Ending.moves`, and the cards of the group of each move that stands for more than one."""
        ...

    def settle(self, relevant: int, ties: int) -> int:
        """``relevant`` with every card of ``ties`` (groups searched through one card) a pattern must keep."""
        ...


def rank_groups(
    legal: int,
    hand: int,
    others: int,
    levels: Sequence[Sequence[tuple[int, int]]],
    suits: Sequence[int] = (),
) -> tuple[int, ...]:
    """The legal cards of one hand split into groups of equivalent cards, as bitmasks.

    ``levels`` lists, for each suit, its rank levels from the highest down, each
    as ``(mask of the cards of that level, its value class)``; cards of one
    level are equal in rank (the two copies of a card in a doubled pack).
    ``hand`` holds the cards of the hand to move (``legal`` of them may be
    played) and ``others`` every other card still in play (the other hands and
    the trick so far). Cards are equivalent when they lie on consecutive
    levels among the cards still in play, all held by this hand and of one
    value class: no card another holds lies between them or at their rank, so
    they win and lose against exactly the same cards from now on. A level a
    card of ``others`` shares makes a group of its own. ``suits``, when given,
    holds each suit's mask, so that suits with no legal card are skipped.

    >>> levels = (((0b100, 0), (0b010, 0), (0b001, 0)),)  # one suit: A, K, Q
    >>> [bin(g) for g in rank_groups(0b101, 0b101, 0b000, levels)]  # A and Q with the K gone
    ['0b101']
    >>> [bin(g) for g in rank_groups(0b101, 0b101, 0b010, levels)]  # the K held by another
    ['0b100', '0b1']
    """
    groups: list[int] = []
    for number, suit in enumerate(levels):
        if suits and not legal & suits[number]:
            continue
        current = 0
        current_class = 0
        for mask, value_class in suit:
            mine = mask & legal
            if mask & others:
                if current:
                    groups.append(current)
                    current = 0
                if mine:
                    groups.append(mine)
            elif mine:
                if current and (value_class != current_class or mask & hand & ~legal):
                    groups.append(current)
                    current = 0
                current |= mine
                current_class = value_class
            elif mask & hand and current:
                groups.append(current)
                current = 0
        if current:
            groups.append(current)
    return tuple(groups)


@dataclass(frozen=True, slots=True)
class Race:
    """A toy ending for the documentation and the core's tests: a race to take tokens.

    ``tokens`` tokens are left; the side to move takes one or two. The counted
    side scores the tokens it takes. Moves are 1 and 2 (only 1 when one
    token is left); the two moves are never equivalent.

    >>> Race(2, 0).legal(), Race(2, 0).play(2).value, Race(2, 0).play(2).over
    ((1, 2), 2, True)
    """

    tokens: int
    side: int
    value: int = 0

    @property
    def over(self) -> bool:
        """Whether no token is left."""
        return self.tokens == 0

    def legal(self) -> tuple[int, ...]:
        """Take one token, or two when two are left."""
        return (1, 2) if self.tokens >= 2 else (1,) if self.tokens else ()

    def moves(self) -> tuple[int, ...]:
        """The legal moves, the bigger take first."""
        return tuple(reversed(self.legal()))

    def group(self, move: int) -> tuple[int, ...]:
        """Every move is alone in its group."""
        return (move,)

    def play(self, move: int) -> Race:
        """The race after the side to move takes ``move`` tokens."""
        gained = move if self.side == 0 else 0
        return Race(self.tokens - move, 1 - self.side, self.value + gained)

    def key(self) -> Hashable:
        """The tokens left and the side to move decide what is still to come."""
        return (self.tokens, self.side)

    def bounds(self) -> tuple[int, int]:
        """The counted side may still take none or all of the tokens left."""
        return self.value, self.value + self.tokens
