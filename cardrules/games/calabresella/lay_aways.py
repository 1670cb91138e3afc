"""The lay-away's legal set: every choice of cards to lay away, as a sequence built on demand.

A lay-away of four cards from sixteen has 1820 choices. :func:`discards`
builds them all at once, and :class:`LayAways` is the same sequence as a lazy
immutable value that builds only the choices asked for, so random play and
membership tests cost one choice instead of all of them. The exchange's legal
set (:func:`cardrules.games.calabresella.exchange.legal`) returns it.
"""

from __future__ import annotations

import operator
import sys
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from itertools import combinations, repeat
from math import comb
from typing import Final, overload

from cardrules.cards import Card
from cardrules.frozen import fast_constructor
from cardrules.game import Action
from cardrules.games.calabresella.actions import (
    Bid,
    CallCard,
    ChooseRaise,
    Discard,
    Pass,
    PlayCard,
    ReturnCard,
)

__all__ = ["LayAways", "discards"]

_OTHER_KINDS: Final[frozenset[type[Action]]] = frozenset(
    (Pass, Bid, CallCard, ReturnCard, ChooseRaise, PlayCard)
)
"""The game's other action kinds: dataclasses whose values never equal a ``Discard``."""

_SET_SEAT: Final[Callable[[object, object], None]] = Action.__dict__["seat"].__set__
_SET_CARDS: Final[Callable[[object, object], None]] = Discard.__dict__["cards"].__set__
_NEW: Final[Callable[[type[Discard]], Discard]] = object.__new__
_MAKE_DISCARD: Final[Callable[[int, tuple[Card, ...]], Discard]] = fast_constructor(Discard)


class _Unplaced(Exception):
    """A value :meth:`LayAways._position` cannot place by rank: equality with each element decides.

    Its own class, so that only this case falls back to the comparison, and a
    slip in the ranking (an ``IndexError``, say) is not mistaken for it.
    """


def _drain(items: Iterator[object]) -> None:
    """Run an iterator to its end, keeping nothing (its items are the side effects' ``None``)."""
    deque(items, maxlen=0)


def discards(seat: int, hand: tuple[Card, ...], size: int) -> tuple[Discard, ...]:
    """Every ``Discard`` of ``size`` cards from ``hand`` (in index order), lexicographically.

    The cards of each combination are already in index order, so the actions are
    built without the constructor's sorting (up to 1820 of them for a lay-away of 4
    from 16): the blank values, their seat and their cards each in one pass that
    runs in C, with no Python step per action. :class:`LayAways` is the same
    sequence, built one action at a time as asked for.
    """
    actions = tuple(map(_NEW, repeat(Discard, comb(len(hand), size))))
    _drain(map(_SET_SEAT, actions, repeat(seat)))
    _drain(map(_SET_CARDS, actions, combinations(hand, size)))
    return actions


class LayAways(Sequence[Action]):
    """The legal set of a lay-away, :func:`discards` as a sequence that builds only what is asked for.

    Random play draws one lay-away of up to 1820, so this sequence builds the
    ``i``-th one when it is indexed (by unranking the ``i``-th combination in
    lexicographic index order) and the whole tuple only when it is iterated.
    It is an immutable value: equal to the tuple of the same actions in the same
    order (and to another such sequence), hashed as that tuple, and pickled as
    itself. Membership is decided by the rule: a
    :class:`~cardrules.games.calabresella.actions.Discard` by ``seat`` of ``size``
    distinct cards of the hand, in index order.

    >>> from cardrules.games.calabresella.cards import DECK
    >>> lays = LayAways(1, DECK[:16], 4)
    >>> len(lays), str(lays[0]), str(lays[-1])
    (1820, 'p1 discard 2C 3C 4C 5C', 'p1 discard 4D 5D 6D 7D')
    >>> lays == discards(1, DECK[:16], 4) and lays[5] in lays
    True
    """

    __slots__ = ("_hand", "_length", "_seat", "_size")

    _seat: int
    _hand: tuple[Card, ...]
    _size: int
    _length: int

    def __init__(self, seat: int, hand: tuple[Card, ...], size: int) -> None:
        """The lay-aways of ``size`` cards by ``seat`` from ``hand`` (distinct cards in index order)."""
        object.__setattr__(self, "_seat", seat)
        object.__setattr__(self, "_hand", hand)
        object.__setattr__(self, "_size", size)
        object.__setattr__(self, "_length", comb(len(hand), size))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"LayAways is immutable; cannot set {name}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"LayAways is immutable; cannot delete {name}")

    def __len__(self) -> int:
        return self._length

    @property
    def seat(self) -> int:
        """The seat that lays away."""
        return self._seat

    @property
    def size(self) -> int:
        """How many cards a lay-away holds."""
        return self._size

    def following(self, taken: tuple[Card, ...]) -> tuple[Card, ...]:
        """The cards that can come next in a lay-away whose lowest cards (in index order) are ``taken``.

        Every choice of :attr:`size` cards of the hand is a lay-away, so the next
        card is a later card of the hand that leaves enough cards after it.
        ``taken`` must be cards of the hand in index order, fewer than :attr:`size`.

        >>> from cardrules.games.calabresella.cards import DECK
        >>> lays = LayAways(1, DECK[:16], 4)
        >>> len(lays.following(())), [str(card) for card in lays.following(DECK[:3])][:2]
        (13, ['5C', '6C'])
        """
        hand = self._hand
        start = hand.index(taken[-1]) + 1 if taken else 0
        still = self._size - len(taken)
        return hand[start : len(hand) - still + 1] if still > 0 else ()

    @overload
    def __getitem__(self, index: int) -> Action: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[Action, ...]: ...

    def __getitem__(self, index: int | slice) -> Action | tuple[Action, ...]:
        """The ``index``-th lay-away (negative from the end), or a tuple of those a slice picks."""
        if isinstance(index, slice):
            return tuple(self._unrank(i) for i in range(self._length)[index])
        length = self._length
        i = operator.index(index)
        if i < 0:
            i += length
        if not 0 <= i < length:
            raise IndexError(f"lay-away index {index} out of range for {length} lay-aways")
        return self._unrank(i)

    def _unrank(self, rank: int) -> Discard:
        """The lay-away of lexicographic rank ``0 <= rank < len(self)``: its card positions, picked in turn.

        Of the combinations left once the earlier positions are fixed, those that
        take position ``at`` next number ``comb(n - at - 1, left - 1)`` and come
        before those that skip it.
        """
        hand = self._hand
        n = len(hand)
        picked: list[Card] = []
        at = 0
        for left in range(self._size, 0, -1):
            count = comb(n - at - 1, left - 1)
            while rank >= count:
                rank -= count
                at += 1
                count = comb(n - at - 1, left - 1)
            picked.append(hand[at])
            at += 1
        return _MAKE_DISCARD(self._seat, tuple(picked))

    def __iter__(self) -> Iterator[Action]:
        return iter(discards(self._seat, self._hand, self._size))

    def __reversed__(self) -> Iterator[Action]:
        return reversed(discards(self._seat, self._hand, self._size))

    def _position(self, value: object) -> int | None:
        """Where ``value`` stands in the sequence, or ``None`` when it is no member (exact types only).

        Raises:
            _Unplaced: ``value`` is of a kind the rule cannot place; the caller
                compares it with every element instead.
        """
        if type(value) is not Discard:
            if type(value) in _OTHER_KINDS:
                return None  # an action of another kind is never equal to a Discard
            raise _Unplaced(value)
        cards = value.cards
        if (
            type(value.seat) is not int
            or type(cards) is not tuple
            or any(type(card) is not Card for card in cards)
        ):
            raise _Unplaced(value)  # a seat of 1.0 or True, say: equality with each element decides
        if self._seat != value.seat or len(cards) != self._size:
            return None
        hand = self._hand
        n = len(hand)
        rank = 0
        at = 0
        left = self._size
        for card in cards:  # each card at a later position of the hand than the one before
            while at < n and not (hand[at] is card or hand[at] == card):
                rank += comb(n - at - 1, left - 1)
                at += 1
            if at == n:
                return None
            at += 1
            left -= 1
        return rank

    def __contains__(self, value: object) -> bool:
        try:
            return self._position(value) is not None
        except _Unplaced:
            return value in discards(self._seat, self._hand, self._size)

    def index(self, value: object, start: int = 0, stop: int | None = None) -> int:
        """The position of ``value``, as for a tuple.

        Raises:
            ValueError: ``value`` is not in the sequence between ``start`` and ``stop``.
        """
        try:
            found = self._position(value)
        except _Unplaced:
            everything = discards(self._seat, self._hand, self._size)
            return everything.index(value, start, sys.maxsize if stop is None else stop)
        begin, end, _ = slice(start, stop).indices(self._length)
        if found is None or not begin <= found < end:
            raise ValueError(f"{value!r} is not among these lay-aways")
        return found

    def count(self, value: object) -> int:
        """How many elements equal ``value``: 1 or 0, as the lay-aways are distinct."""
        try:
            return 0 if self._position(value) is None else 1
        except _Unplaced:
            return discards(self._seat, self._hand, self._size).count(value)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, LayAways):
            if (self._seat, self._hand, self._size) == (other._seat, other._hand, other._size):
                return True
            return len(self) == len(other) and tuple(self) == tuple(other)
        if isinstance(other, tuple):
            return len(other) == self._length and discards(self._seat, self._hand, self._size) == other
        return NotImplemented

    def __ne__(self, other: object) -> bool:
        equal = self.__eq__(other)
        return equal if equal is NotImplemented else not equal

    def __hash__(self) -> int:
        return hash(discards(self._seat, self._hand, self._size))

    def __repr__(self) -> str:
        return (
            f"LayAways(seat={self._seat}, {self._size} of {len(self._hand)} cards: {self._length} lay-aways)"
        )

    def __reduce__(self) -> tuple[type[LayAways], tuple[int, tuple[Card, ...], int]]:
        return LayAways, (self._seat, self._hand, self._size)
