"""The search of the meld step's legal declarations: every meld the rules allow, one per outcome.

:func:`single_melds` finds every (kind, card set) the meld-step conditions
(:mod:`~cardrules.games.fildinski.meld_conditions`) allow as one meld, from
the kinds that reach a card of the trick just won; :func:`declarations` makes
of them every legal declaration in canonical order (none, single melds, pairs
of disjoint melds), one for each distinct outcome, naming a card's copy where
it matters (fildinski.meld.copy-choice). The meld step's legal set
(:func:`~cardrules.games.fildinski.meld_step.legal_actions`) and the solver
(:func:`step_choices`) both read it; the verdict on a declaration is the meld
step's own.
"""

from __future__ import annotations

from typing import Final

from cardrules.games.fildinski.actions import MeldDecl, meld_decl
from cardrules.games.fildinski.cards import ids_in
from cardrules.games.fildinski.meld_conditions import (
    Melds,
    MeldView,
    alike_copies,
    copy_classes,
    fresh_cards,
    meld_pool,
    outranked_at,
    reused_at,
    shared_cards,
)
from cardrules.games.fildinski.melds import MeldKind, meld_sets_at, reach_table, required_kinds
from cardrules.games.fildinski.options import BeziquePair

__all__ = ["declarations", "single_melds", "step_choices"]

_KINDS: Final[tuple[MeldKind, ...]] = tuple(MeldKind)
_EVEN_IDS: Final = 0x5555_5555_5555_5555


def single_melds(s: MeldView, seat: int) -> list[tuple[MeldKind, int]]:
    """Every (kind, card set) the meld-step rules allow as one meld, physical choices all listed."""
    pool = meld_pool(s, seat)
    fresh = fresh_cards(s)
    out: list[tuple[MeldKind, int]] = []
    here = pool & fresh  # every meld is inside the pool and holds a fresh card
    if not here:
        return out
    deal = s.deal
    trump = deal.trump
    table = trump if deal.plan.options.bezique_pair is _STANDARD_PAIR else 4 + trump
    reaches, reaching = _REACH[table]
    if here.bit_count() <= 2:  # the trick just won: the kinds that reach its cards
        low = here & -here
        rest = here ^ low
        bits = reaching[low.bit_length() - 1] | (reaching[rest.bit_length() - 1] if rest else 0)
        orders = _BIT_ORDERS[bits]
    else:  # no fresh card needed (meld_needs_trick_card = false): every kind that reaches the pool
        orders = tuple(order for order, reach in enumerate(reaches) if reach & here)
    used = s.used
    for order in orders:
        avail = pool & reaches[order]
        if avail.bit_count() < _SIZES[order]:  # too few of the kind's cards for any meld of it
            continue
        avail &= ~(reused_at(used, order) | outranked_at(used, order))
        if avail & fresh:
            for mask in meld_sets_at(order, avail, table):
                if mask & fresh:
                    out.append((_KINDS[order], mask))
    return out


def _by_id(reaches: tuple[int, ...]) -> tuple[int, ...]:
    """For each id, the meld kinds (bits by table order) whose reach holds it."""
    return tuple(sum(1 << order for order, reach in enumerate(reaches) if reach >> i & 1) for i in range(64))


assert tuple(BeziquePair) == (BeziquePair.STANDARD, BeziquePair.KLAVERJAS_HARTENDAME)
_STANDARD_PAIR: Final = BeziquePair.STANDARD  # read once: an enum member read off its class costs more
_REACH: Final[tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]] = tuple(
    (reach_table(trump, pair), _by_id(reach_table(trump, pair))) for pair in BeziquePair for trump in range(4)
)
"""Every meld kind's reach, by kind and by id, for each trump under each bezique pair (standard first)."""
_BIT_ORDERS: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(order for order in range(len(MeldKind)) if bits >> order & 1) for bits in range(1 << len(MeldKind))
)
_SIZES: Final[tuple[int, ...]] = tuple(
    len(required_kinds(kind, 0, BeziquePair.STANDARD, 1)) or 4
    for kind in MeldKind  # four of a rank: no fixed cards
)
"""How many cards a meld of each kind holds, by table order (four of a rank: 4; a marriage: 2)."""
_NO_CHOICE: Final[tuple[tuple[tuple[MeldDecl, ...], Melds], ...]] = (((), ()),)
"""The meld step's choices when no meld can be made: the declaration of none, with no melds."""


def step_choices(view: MeldView, seat: int) -> tuple[tuple[tuple[MeldDecl, ...], Melds], ...]:
    """Every legal declaration of ``seat``'s meld step, with its melds resolved, in canonical order.

    The declarations of :func:`~cardrules.games.fildinski.meld_step.legal_actions`
    (without the dix), each with its kinds and card sets, for a caller that
    holds only the piles (the solver).
    """
    singles = single_melds(view, seat)
    return tuple(declarations(view, seat, singles)) if singles else _NO_CHOICE


def declarations(
    s: MeldView, seat: int, singles: list[tuple[MeldKind, int]]
) -> list[tuple[tuple[MeldDecl, ...], Melds]]:
    """Every legal declaration, one per distinct outcome (fildinski.meld.copy-choice), in canonical order.

    None, then single melds, then pairs of disjoint melds (fildinski.meld.per-step),
    from the :func:`single_melds` of ``seat``, each with its melds resolved to card sets.

    Two melds of one kind are one outcome when their cards'
    :func:`~cardrules.games.fildinski.meld_conditions.copy_class` keys are the
    same multiset, that is when they differ only in taking one copy or its
    alike twin (:func:`~cardrules.games.fildinski.meld_conditions.alike_copies`):
    each such group of melds is written once, by the meld of the lowest ids, and the groups of one kind
    come in the order of their sorted keys.
    """
    pool = meld_pool(s, seat)
    alike = alike_copies(s)
    if len(singles) == 1:  # the common case: one meld, no pair (a meld shares its cards with itself)
        kind, mask = singles[0]
        return [((), ()), ((_decl(kind, mask, pool, alike),), ((kind, mask),))]
    upper = alike & ~_EVEN_IDS  # the upper copies alike to their twin: a meld reads them as the lower
    groups: dict[tuple[int, int], list[int]] = {}
    for kind, mask in singles:
        swap = mask & upper & ~(mask << 1)  # alike upper copies taken without their twin
        groups.setdefault((kind.order, mask ^ swap ^ swap >> 1), []).append(mask)
    keys = sorted(groups)
    if len(keys) > len({order for order, _ in keys}):  # a kind with two groups or more: order them by class
        cards = 0
        for _, canon in keys:
            cards |= canon
        classes = copy_classes(s, cards)
        keys.sort(key=lambda key: (key[0], tuple(sorted([classes[i] for i in ids_in(key[1])]))))
    for key in keys:
        if len(groups[key]) > 1:
            groups[key].sort(key=_ids_key)
    made: dict[tuple[int, int], MeldDecl] = {}

    def decl(order: int, mask: int) -> MeldDecl:
        found = made.get((order, mask))
        if found is None:
            found = made[order, mask] = _decl(_KINDS[order], mask, pool, alike)
        return found

    out: list[tuple[tuple[MeldDecl, ...], Melds]] = [((), ())]
    for key in keys:
        rep = groups[key][0]
        out.append(((decl(key[0], rep),), ((_KINDS[key[0]], rep),)))
    for n, first in enumerate(keys):
        a = groups[first][0]
        one = _KINDS[first[0]]
        for second in keys[n:]:
            for b in groups[second]:
                if not shared_cards(a, b):
                    out.append(((decl(first[0], a), decl(second[0], b)), ((one, a), (_KINDS[second[0]], b))))
                    break
    return out


def _ids_key(mask: int) -> tuple[int, ...]:
    """The ids of a card set in increasing order: melds of one kind and class are ranked by them."""
    return tuple(ids_in(mask))


def _decl(kind: MeldKind, mask: int, pool: int, alike: int) -> MeldDecl:
    """The declaration of one meld, naming a card's copy where :func:`copy_matters` says it must.

    That is where the twin lies in the pool outside the meld and the two
    copies are not alike (:func:`~cardrules.games.fildinski.meld_conditions.alike_copies`).
    """
    rest = pool & ~mask
    return meld_decl(kind, mask, mask & (rest >> 1 & _EVEN_IDS | (rest & _EVEN_IDS) << 1) & ~alike)
