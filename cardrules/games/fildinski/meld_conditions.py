"""The conditions of a meld in the meld step: one function per rule, asked by every caller.

The meld step's legal set (:mod:`~cardrules.games.fildinski.meld_search`),
its verdict and transition (:mod:`~cardrules.games.fildinski.meld_step`, which
also offers every name here) and the solver's ending
(:mod:`~cardrules.games.fildinski.ending`) all ask these, on anything that is a
:class:`MeldView`: :func:`meld_pool` (fildinski.meld.from-won-cards),
:func:`in_step` (fildinski.meld.who-and-when, which the dix obeys too),
:func:`fresh_cards` (fildinski.meld.fresh-card), :func:`reused`
(fildinski.meld.same-kind-once), :func:`outranking` and :func:`outranked`
(fildinski.meld.class-order), :func:`barred_at` (the last two at once, for the search),
:func:`step_conditions` (those three at once, for one meld),
:func:`copy_matters`, :func:`copy_named`,
:func:`copy_class`, :func:`alike_copies` and :func:`copies_compared`
(fildinski.meld.copy-choice), :data:`MAX_MELDS` and :func:`shared_cards`
(fildinski.meld.per-step). Whether a card set fits a kind at all is the meld
table's (:func:`~cardrules.games.fildinski.melds.meld_fits`).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, Final, Protocol, TypeAlias

from cardrules.games.fildinski.deal import DealContext
from cardrules.games.fildinski.melds import MeldKind, meld_ids

if TYPE_CHECKING:
    from cardrules.games.fildinski.state import FildinskiState

__all__ = [
    "MAX_MELDS",
    "NO_MELDING",
    "WHO_AND_WHEN",
    "MeldView",
    "Melds",
    "alike_copies",
    "barred_at",
    "copies_compared",
    "copy_class",
    "copy_matters",
    "copy_named",
    "fresh_cards",
    "in_step",
    "meld_pool",
    "outranked",
    "outranked_at",
    "outranking",
    "reused",
    "reused_at",
    "shared_cards",
    "step_conditions",
]

Melds: TypeAlias = tuple[tuple[MeldKind, int], ...]
"""Resolved melds: each kind with its cards (an id bitmask)."""

WHO_AND_WHEN: Final = "fildinski.meld.who-and-when"
"""The rule of who melds and when: the trick's winner, in its meld step."""
NO_MELDING: Final = "fildinski.endgame.no-melding"
"""The rule against a meld or dix after the last draw (under the default)."""

MAX_MELDS: Final = 2
"""fildinski.meld.per-step: the most melds one meld step may make."""

_OUTRANKED_BY: Final[Mapping[MeldKind, MeldKind]] = MappingProxyType(
    {MeldKind.ROYAL_MARRIAGE: MeldKind.SEQUENCE, MeldKind.BEZIQUE: MeldKind.DOUBLE_BEZIQUE}
)
_HIGHER: Final[tuple[MeldKind | None, ...]] = tuple(_OUTRANKED_BY.get(kind) for kind in MeldKind)
_HIGHER_ORDER: Final[tuple[int, ...]] = tuple(-1 if higher is None else higher.order for higher in _HIGHER)
"""The table order of :data:`_HIGHER`'s kinds, -1 for none."""


class MeldView(Protocol):
    """What the meld-step conditions read: the deal, the won piles, the fresh cards and the used cards.

    A :class:`~cardrules.games.fildinski.state.FildinskiState` is one; the
    solver's ending (:mod:`cardrules.games.fildinski.ending`) passes a small
    value of its own, so both ask the same functions which melds are legal.
    """

    @property
    def deal(self) -> DealContext:
        """The deal (its trump and options)."""
        ...

    @property
    def won(self) -> tuple[int, int]:
        """Each seat's won pile (id bitmasks)."""
        ...

    @property
    def fresh(self) -> int:
        """The cards of the trick just won still in the winner's pile (an id bitmask)."""
        ...

    @property
    def used(self) -> tuple[int, ...]:
        """Per meld kind, in table order, the ids that have been in a meld of that kind this deal."""
        ...


def in_step(s: FildinskiState, seat: int) -> bool:
    """fildinski.meld.who-and-when: whether ``seat`` may act in a meld step now.

    Only the winner of the trick just played, in that trick's meld step.
    """
    return s.in_meld_step and seat == s.current_player


def meld_pool(s: MeldView, seat: int) -> int:
    """fildinski.meld.from-won-cards: the cards ``seat`` may meld, those of its own won pile."""
    return s.won[seat]


def fresh_cards(s: MeldView) -> int:
    """fildinski.meld.fresh-card: the ids of which every meld must hold one.

    The cards of the trick just won still in the won pile; every id when
    ``meld_needs_trick_card`` is false.
    """
    return s.fresh if s.deal.plan.options.meld_needs_trick_card else -1


def reused(s: MeldView, kind: MeldKind) -> int:
    """fildinski.meld.same-kind-once: the ids that have already been in a meld of ``kind`` this deal."""
    return reused_at(s.used, kind.order)


def reused_at(used: tuple[int, ...], order: int) -> int:
    """:func:`reused` for the kind of table order ``order``, from the used cards per kind (for the search)."""
    return used[order]


def outranking(kind: MeldKind) -> MeldKind | None:
    """fildinski.meld.class-order: the higher meld of ``kind``'s class whose cards ``kind`` may not reuse.

    A trump sequence's cards never form a royal marriage later, nor a double
    bezique's a bezique; other kinds have no such bar (``None``).
    """
    return _HIGHER[kind.order]


def outranked(s: MeldView, kind: MeldKind) -> int:
    """fildinski.meld.class-order: the ids a scored higher meld of ``kind``'s class bars from it."""
    return outranked_at(s.used, kind.order)


def outranked_at(used: tuple[int, ...], order: int) -> int:
    """:func:`outranked` for the kind of table order ``order``, from the used cards per kind (the search)."""
    higher = _HIGHER_ORDER[order]
    return 0 if higher < 0 else used[higher]


def barred_at(used: tuple[int, ...], order: int) -> int:
    """:func:`reused_at` and :func:`outranked_at` at once: the ids no meld of the kind of table order
    ``order`` may hold (the search asks it once a kind; a property test holds it to the two)."""
    higher = _HIGHER_ORDER[order]
    return used[order] if higher < 0 else used[order] | used[higher]


def step_conditions(s: MeldView, kind: MeldKind, mask: int) -> tuple[bool, bool, bool]:
    """Whether a meld of ``kind`` on the ids ``mask`` keeps each condition the meld step sets on one meld.

    In order: fildinski.meld.fresh-card (it holds a fresh card, or the
    option drops the rule), fildinski.meld.same-kind-once (none of its cards
    has served in a meld of its kind) and fildinski.meld.class-order (none is
    a card of a scored higher meld of its class). The meld step's verdict and
    the position reader both ask it; whether the cards fit the kind at all
    is the meld table's. The proof fildinski/code-meld-conditions runs it on
    symbolic masks.
    """
    return bool(mask & fresh_cards(s)), not mask & reused(s, kind), not mask & outranked(s, kind)


def shared_cards(first: int, second: int) -> int:
    """fildinski.meld.per-step: the cards two melds of one step share (they must share none)."""
    return first & second


def copy_class(s: MeldView, card: int) -> int:
    """fildinski.meld.copy-choice: a key equal for two copies exactly when no rule tells them apart.

    The card's kind, whether it is fresh, and for each meld kind whether it has
    been in one; the search orders the melds of one kind by these keys.
    """
    key = (card >> 1) << 1 | (s.fresh >> card & 1)
    for mask in s.used:
        key = key << 1 | (mask >> card & 1)
    return key


_EVEN_IDS: Final = 0x5555_5555_5555_5555


def alike_copies(s: MeldView) -> int:
    """fildinski.meld.copy-choice for every card at once: the ids whose twin has the same :func:`copy_class`.

    Both copies of a kind are in it or neither: they are alike when no rule
    tells them apart (both fresh or neither, and for each meld kind both or
    neither already in one). The first of :func:`copies_compared`.
    """
    return copies_compared(s)[0]


def copies_compared(s: MeldView) -> tuple[int, int]:
    """Every card's :func:`copy_class` against its twin's, with bit arithmetic instead of card by card.

    First the ids whose twin has the same key (:func:`alike_copies`); then the
    lower id of each kind whose lower copy has the greater key. Two copies'
    keys differ first where one of them is fresh and the other not, else at
    the first meld kind in table order that one of them has been in: the copy
    with the mark has the greater key. The meld search orders the melds of
    one kind by these keys; a property test holds both masks to
    :func:`copy_class`.
    """
    fresh = s.fresh
    differ = (fresh ^ fresh >> 1) & _EVEN_IDS  # the lower id of each kind whose copies differ so far
    greater = fresh & differ  # of those, the kinds whose lower copy holds the mark first
    for mask in s.used:
        if mask:  # most kinds have no meld yet
            first = (mask ^ mask >> 1) & _EVEN_IDS & ~differ
            greater |= mask & first
            differ |= first
    return ~(differ | differ << 1) & 0xFFFF_FFFF_FFFF_FFFF, greater


def copy_matters(s: MeldView, card: int, pool: int) -> bool:
    """fildinski.meld.copy-choice: whether a meld must name ``card``'s copy, its twin lying in ``pool``.

    Two copies differ when one is fresh and the other not, or when one has
    been in a meld of some kind and the other not.
    """
    twin = card ^ 1
    return bool(pool >> twin & 1) and copy_class(s, card) != copy_class(s, twin)


def copy_named(s: MeldView, card: int, pool: int) -> bool:
    """fildinski.meld.copy-choice: whether a copy mark on ``card`` (``QS#2``) picks out which copy is meant.

    Only where the copy is a choice: ``pool`` holds both copies, some meld of
    the deal can hold the kind, and the copies differ (:func:`copy_matters`).
    Elsewhere a marked card is read as the plain card, and a verdict writes no
    copy: no rule reads such a label (fildinski.deck.card-identity), so a
    position need not keep it, and a verdict is the same before and after a
    position round trip.
    """
    return (
        pool >> (card & ~1) & 3 == 3
        and bool(meld_ids(s.deal.trump, s.deal.plan.options.bezique_pair) >> card & 1)
        and copy_matters(s, card, pool)
    )
