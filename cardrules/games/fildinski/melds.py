"""The meld table: the nine kinds of meld, the cards each needs and what each is worth.

The specification's table in one place (fildinski.meld.kinds,
fildinski.meld.bezique-pair): :class:`MeldKind` with its text form and points
(:data:`MELD_POINTS`), :func:`bezique_kinds` and :func:`required_kinds` (the
card kinds a row names), :func:`meld_fits` (whether a set of physical cards,
an id bitmask, fits a row exactly) and :func:`candidate_melds` (every card set
of a kind inside a pool). The meld step
(:mod:`cardrules.games.fildinski.meld_step`) filters the candidates by its
own rules: fresh card, same kind once, class order.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from enum import Enum
from functools import cache
from itertools import combinations
from types import MappingProxyType
from typing import Final

from cardrules.errors import InvalidNotationError
from cardrules.games.fildinski.cards import ids_in
from cardrules.games.fildinski.options import BeziquePair

__all__ = [
    "MELD_POINTS",
    "MeldKind",
    "bezique_kinds",
    "candidate_melds",
    "meld_card_ids",
    "meld_fits",
    "meld_ids",
    "meld_sets_at",
    "parse_meld_kind",
    "reach_table",
    "required_kinds",
]

# Strengths (fildinski.deck.ranking).
_J, _Q, _K, _T, _A = 3, 4, 5, 6, 7
_CLUBS, _DIAMONDS, _HEARTS, _SPADES = 0, 1, 2, 3


class MeldKind(Enum):
    """The nine kinds of meld, in the order of the meld table; the value is the text form."""

    SEQUENCE = "sequence"
    FOUR_ACES = "four-aces"
    FOUR_KINGS = "four-kings"
    FOUR_QUEENS = "four-queens"
    FOUR_JACKS = "four-jacks"
    ROYAL_MARRIAGE = "royal-marriage"
    MARRIAGE = "marriage"
    BEZIQUE = "bezique"
    DOUBLE_BEZIQUE = "double-bezique"

    def __init__(self, value: str) -> None:
        self._order = len(type(self).__members__)  # the members made before this one

    @property
    def points(self) -> int:
        """The meld's value (fildinski.meld.kinds)."""
        return _POINTS[self._order]

    @property
    def order(self) -> int:
        """The kind's position in the meld table (0 for the trump sequence)."""
        return self._order

    @property
    def label(self) -> str:
        """The name a player reads (``trump sequence``, ``four aces``, ``double bezique``)."""
        return _LABELS[self._order]


MELD_POINTS: Final[Mapping[MeldKind, int]] = MappingProxyType(
    {
        MeldKind.SEQUENCE: 250,
        MeldKind.FOUR_ACES: 100,
        MeldKind.FOUR_KINGS: 80,
        MeldKind.FOUR_QUEENS: 60,
        MeldKind.FOUR_JACKS: 40,
        MeldKind.ROYAL_MARRIAGE: 40,
        MeldKind.MARRIAGE: 20,
        MeldKind.BEZIQUE: 40,
        MeldKind.DOUBLE_BEZIQUE: 500,
    }
)
"""fildinski.meld.kinds: the points of each kind of meld."""

assert all(kind.order == n for n, kind in enumerate(MeldKind))
_POINTS: Final[tuple[int, ...]] = tuple(MELD_POINTS[kind] for kind in MeldKind)
_LABELS: Final[tuple[str, ...]] = tuple(
    "trump sequence" if kind is MeldKind.SEQUENCE else kind.value.replace("-", " ") for kind in MeldKind
)
"""Each kind's :attr:`MeldKind.label`, by table order (read in every verdict on a meld)."""
_FOUR: Final[Mapping[MeldKind, int]] = MappingProxyType(
    {
        MeldKind.FOUR_ACES: _A,
        MeldKind.FOUR_KINGS: _K,
        MeldKind.FOUR_QUEENS: _Q,
        MeldKind.FOUR_JACKS: _J,
    }
)
_BY_TEXT: Final[Mapping[str, MeldKind]] = MappingProxyType({kind.value: kind for kind in MeldKind})


def parse_meld_kind(text: str) -> MeldKind:
    """Read a meld kind by its text form (``four-aces``; ``_`` for ``-`` and any case accepted).

    Raises:
        InvalidNotationError: no meld kind has that name.
    """
    kind = _BY_TEXT.get(text.strip().lower().replace("_", "-"))
    if kind is None:
        names = ", ".join(_BY_TEXT)
        raise InvalidNotationError(f"{text!r} is not a kind of meld; the kinds are {names}")
    return kind


def bezique_kinds(trump: int, pair: BeziquePair) -> tuple[int, int]:
    """fildinski.meld.bezique-pair: the kinds (queen, jack) of the bezique cards.

    Q♠ and J♦ by default; Q♥ and J♣ under ``klaverjas_hartendame`` when ♦ or ♠ is trump.
    """
    if pair is BeziquePair.KLAVERJAS_HARTENDAME and trump in (_DIAMONDS, _SPADES):
        return 8 * _HEARTS + _Q, 8 * _CLUBS + _J
    return 8 * _SPADES + _Q, 8 * _DIAMONDS + _J


def required_kinds(kind: MeldKind, trump: int, pair: BeziquePair, suit: int | None = None) -> tuple[int, ...]:
    """The card kinds (with repeats) a meld needs, for the kinds whose cards are fixed.

    Four of a rank leaves the suits free and returns ``()``. A common marriage
    needs ``suit``.
    """
    if kind is MeldKind.SEQUENCE:
        return tuple(8 * trump + s for s in (_A, _T, _K, _Q, _J))
    if kind is MeldKind.ROYAL_MARRIAGE:
        return 8 * trump + _K, 8 * trump + _Q
    if kind is MeldKind.MARRIAGE:
        if suit is None:
            return ()
        return 8 * suit + _K, 8 * suit + _Q
    queen, jack = bezique_kinds(trump, pair)
    if kind is MeldKind.BEZIQUE:
        return queen, jack
    if kind is MeldKind.DOUBLE_BEZIQUE:
        return queen, queen, jack, jack
    return ()


def meld_fits(kind: MeldKind, cards: int, trump: int, pair: BeziquePair) -> bool:
    """fildinski.meld.kinds: whether the card set (id bitmask) fits the kind's row exactly.

    >>> from cardrules.games.fildinski.cards import card_id
    >>> from cardrules.games.fildinski.melds import MeldKind, meld_fits
    >>> from cardrules.games.fildinski.options import BeziquePair
    >>> from cardrules.cards import parse_card
    >>> qs, jd = card_id(parse_card("QS"), 1), card_id(parse_card("JD"), 2)
    >>> meld_fits(MeldKind.BEZIQUE, 1 << qs | 1 << jd, 2, BeziquePair.STANDARD)
    True
    """
    order = kind.order
    rank = _RANK_BY_ORDER[order]
    if rank >= 0:
        return cards.bit_count() == 4 and not cards & ~_RANK_IDS[rank]
    count = cards.bit_count()
    for once, twice, parts, _ in _NEEDS[order][trump if pair is BeziquePair.STANDARD else 4 + trump]:
        # both copies of each kind needed twice, one copy of each kind needed once, nothing else
        if (
            count == twice.bit_count() + len(parts)
            and cards & twice == twice
            and (cards | cards >> 1) & once == once
            and not cards & ~(twice | once | once << 1)
        ):
            return True
    return False


def _rank_ids(strength: int, suits: tuple[int, ...] = (0, 1, 2, 3)) -> int:
    mask = 0
    for suit in suits:
        mask |= 3 << (16 * suit + 2 * strength)
    return mask


def meld_card_ids(kind: MeldKind, trump: int, pair: BeziquePair) -> int:
    """The ids that can belong to a meld of ``kind`` at all (a quick filter before enumerating)."""
    rank = _FOUR.get(kind)
    if rank is not None:
        return _rank_ids(rank)
    if kind is MeldKind.MARRIAGE:
        others = tuple(s for s in range(4) if s != trump)
        return _rank_ids(_K, others) | _rank_ids(_Q, others)
    mask = 0
    for k in required_kinds(kind, trump, pair):
        mask |= 3 << (2 * k)
    return mask


@cache
def reach_table(trump: int, pair: BeziquePair) -> tuple[int, ...]:
    """:func:`meld_card_ids` of every kind, in table order (computed once per trump and option)."""
    return tuple(meld_card_ids(kind, trump, pair) for kind in MeldKind)


@cache
def meld_ids(trump: int, pair: BeziquePair) -> int:
    """The ids some meld can hold at all under ``trump`` and ``pair`` (the union of :func:`reach_table`)."""
    out = 0
    for reach in reach_table(trump, pair):
        out |= reach
    return out


def candidate_melds(kind: MeldKind, pool: int, trump: int, pair: BeziquePair) -> Iterator[int]:
    """Every card set (id bitmask) inside ``pool`` that fits ``kind``, in no set order."""
    return iter(meld_sets_at(kind.order, pool, trump if pair is BeziquePair.STANDARD else 4 + trump))


def meld_sets_at(order: int, pool: int, table: int, holding: int = -1) -> list[int]:
    """:func:`candidate_melds` as a list, for the kind of table order ``order`` and trump table ``table``.

    ``table`` is the trump under the standard bezique pair, 4 + the trump under
    the other (the meld step's legal set calls it for every fresh card's kinds).
    Given ``holding`` (ids), it leaves out the rows that hold none of them (a
    common marriage's other suits): every set a row gives lies within the row,
    so the sets left out hold none of ``holding``; some sets it gives may still
    hold none (the meld step asks for the melds holding a fresh card).
    """
    rank = _RANK_BY_ORDER[order]
    if rank >= 0:
        same = pool & _RANK_IDS[rank]
        count = same.bit_count()
        if count <= 4:  # the common cases at once: too few cards, or exactly one meld
            return [same] if count == 4 else []
        return [(1 << a) | (1 << b) | (1 << c) | (1 << d) for a, b, c, d in combinations(ids_in(same), 4)]
    out: list[int] = []
    for once, twice, parts, reach in _NEEDS[order][table]:
        if not reach & holding or pool & twice != twice or (pool | pool >> 1) & once != once:
            continue  # no id asked for, a kind the row needs missing, or one needed twice with one copy
        masks = [twice]
        for part in parts:
            here = pool & part
            if here == part:  # both copies: either one may serve
                low = here & -here
                masks = [m | low for m in masks] + [m | (here ^ low) for m in masks]
            else:
                masks = [m | here for m in masks]
        out += masks
    return out


_Need = tuple[int, int, tuple[int, ...], int]


def _need(kinds: tuple[int, ...]) -> _Need:
    """A fixed row's kinds as masks: the lower ids of the kinds needed once, the ids of those needed
    twice, the two ids of each kind needed once, and every id of the row."""
    once = sorted({k for k in kinds if kinds.count(k) == 1})
    twice = {k for k in kinds if kinds.count(k) == 2}
    parts = tuple(3 << 2 * k for k in once)
    doubled = sum(3 << 2 * k for k in twice)
    return sum(1 << 2 * k for k in once), doubled, parts, doubled | sum(parts)


def _needs(kind: MeldKind, trump: int, pair: BeziquePair) -> tuple[_Need, ...]:
    """The rows a meld of a fixed kind may take (a common marriage one per plain suit)."""
    if kind is MeldKind.MARRIAGE:
        return tuple(_need(required_kinds(kind, trump, pair, suit)) for suit in range(4) if suit != trump)
    return (_need(required_kinds(kind, trump, pair)),)


assert tuple(BeziquePair) == (BeziquePair.STANDARD, BeziquePair.KLAVERJAS_HARTENDAME)
_RANK_IDS: Final[tuple[int, ...]] = tuple(_rank_ids(strength) for strength in range(8))
_RANK_BY_ORDER: Final[tuple[int, ...]] = tuple(_FOUR.get(kind, -1) for kind in MeldKind)
"""The strength of each kind's rank for four of a rank, -1 for the other kinds (by table order)."""
_NEEDS: Final[tuple[tuple[tuple[_Need, ...], ...], ...]] = tuple(
    tuple(() if kind in _FOUR else _needs(kind, trump, pair) for pair in BeziquePair for trump in range(4))
    for kind in MeldKind
)
"""The rows of each fixed kind (by table order), for each trump under each bezique pair (standard first)."""
