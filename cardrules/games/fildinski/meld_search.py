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

from collections.abc import Mapping
from types import MappingProxyType
from typing import Final, TypeAlias

from cardrules.games.fildinski.actions import MeldDecl, meld_decl, name_copies
from cardrules.games.fildinski.meld_conditions import (
    Melds,
    MeldView,
    alike_copies,
    barred_at,
    copies_compared,
    meld_pool,
)
from cardrules.games.fildinski.melds import MeldKind, meld_sets_at, reach_table, required_kinds
from cardrules.games.fildinski.options import BeziquePair

__all__ = ["Choices", "declarations", "single_declaration", "single_melds", "step_choices"]

_KINDS: Final[tuple[MeldKind, ...]] = tuple(MeldKind)
_EVEN_IDS: Final = 0x5555_5555_5555_5555
_ALL_IDS: Final = (1 << 64) - 1


def single_melds(s: MeldView, seat: int) -> list[tuple[int, int]]:
    """Every meld the meld-step rules allow as one meld, physical choices all listed: each its kind's
    table order (:attr:`~cardrules.games.fildinski.melds.MeldKind.order`) and its card set.

    The legal set asks it in every meld step, so :func:`~cardrules.games.fildinski.meld_conditions.meld_pool`
    and :func:`~cardrules.games.fildinski.meld_conditions.fresh_cards` are written out here; a property
    test holds the melds found to those the meld table and the step conditions allow."""
    deal = s.deal
    options = deal.plan.options
    pool = s.won[seat]  # meld_pool
    trump = deal.trump
    table = trump if options.bezique_pair is _STANDARD_PAIR else 4 + trump
    if options.meld_needs_trick_card:  # fresh_cards
        fresh = s.fresh
        here = pool & fresh  # every meld is inside the pool and holds a fresh card
    else:
        fresh = -1
        here = pool
    out: list[tuple[int, int]] = []
    if here.bit_count() <= 2:  # the trick just won (or none of it left): the kinds that reach its cards
        reaching = _REACH[table][1]  # index -1, for no card, reaches no kind
        kinds = _KIND_CHECKS[table][
            reaching[here.bit_length() - 1] | reaching[(here & -here).bit_length() - 1]
        ]
    else:  # no fresh card needed (meld_needs_trick_card = false): every kind, by the count
        kinds = _KIND_CHECKS[table][-1]
    used = s.used
    for order, reach, size in kinds:
        avail = pool & reach
        if avail.bit_count() < size:  # too few of the kind's cards for any meld of it
            continue
        avail &= ~barred_at(used, order)
        if avail & fresh:
            for mask in meld_sets_at(order, avail, table, fresh):
                if mask & fresh:
                    out.append((order, mask))
    return out


def _by_id(reaches: tuple[int, ...]) -> tuple[int, ...]:
    """For each id, the meld kinds (bits by table order) whose reach holds it; last, for no id, none."""
    return (*(sum(1 << order for order, reach in enumerate(reaches) if reach >> i & 1) for i in range(64)), 0)


assert tuple(BeziquePair) == (BeziquePair.STANDARD, BeziquePair.KLAVERJAS_HARTENDAME)
_STANDARD_PAIR: Final = BeziquePair.STANDARD  # read once: an enum member read off its class costs more
_REACH: Final[tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]] = tuple(
    (reach_table(trump, pair), _by_id(reach_table(trump, pair))) for pair in BeziquePair for trump in range(4)
)
"""Every meld kind's reach, by kind and by id, for each trump under each bezique pair (standard first)."""
_SIZES: Final[tuple[int, ...]] = tuple(
    len(required_kinds(kind, 0, BeziquePair.STANDARD, 1)) or 4
    for kind in MeldKind  # four of a rank: no fixed cards
)
"""How many cards a meld of each kind holds, by table order (four of a rank: 4; a marriage: 2)."""


def _kind_checks(
    reaches: tuple[int, ...], reaching: tuple[int, ...]
) -> tuple[tuple[tuple[int, int, int], ...], ...]:
    """For each set of meld kinds (bits by table order) that the search can ask of one trump table (those
    reaching one or two ids, and last every kind), those kinds in table order, each with its reach and how
    many cards its meld holds; an empty entry for the sets it never asks (built at import, so kept few)."""
    one = set(reaching)
    asked = {first | second for first in one for second in one}
    return tuple(
        tuple((order, reach, _SIZES[order]) for order, reach in enumerate(reaches) if bits >> order & 1)
        if bits in asked or bits == _EVERY_KIND
        else ()
        for bits in range(_EVERY_KIND + 1)
    )


_EVERY_KIND: Final = (1 << len(MeldKind)) - 1
_KIND_CHECKS: Final[tuple[tuple[tuple[tuple[int, int, int], ...], ...], ...]] = tuple(
    _kind_checks(reaches, reaching) for reaches, reaching in _REACH
)
"""For each trump table (as in ``_REACH``) and each set of meld kinds (bits by table order, the last entry
every kind), those kinds in table order, each with its reach and how many cards its meld holds."""
_NONE_CHOICE: Final[tuple[tuple[MeldDecl, ...], Melds]] = ((), ())
"""The declaration of none, with no melds: the first of every meld step's choices."""
_NO_CHOICE: Final[tuple[tuple[tuple[MeldDecl, ...], Melds], ...]] = (_NONE_CHOICE,)
"""The meld step's choices when no meld can be made: the declaration of none, with no melds."""


def step_choices(view: MeldView, seat: int) -> tuple[tuple[tuple[MeldDecl, ...], Melds], ...]:
    """Every legal declaration of ``seat``'s meld step, with its melds resolved, in canonical order.

    The declarations of :func:`~cardrules.games.fildinski.meld_step.legal_actions`
    (without the dix), each with its kinds and card sets, for a caller that
    holds only the piles (the solver).
    """
    singles = single_melds(view, seat)
    if not singles:
        return _NO_CHOICE
    written, resolved = declarations(view, seat, singles)
    return tuple(zip(written, resolved, strict=True))


Choices: TypeAlias = tuple[list[tuple[MeldDecl, ...]], list[Melds]]
"""The declarations of a meld step in canonical order, and beside them their melds resolved to card sets."""


def declarations(s: MeldView, seat: int, singles: list[tuple[int, int]]) -> Choices:
    """Every legal declaration, one per distinct outcome (fildinski.meld.copy-choice), in canonical order.

    None, then single melds, then pairs of disjoint melds (fildinski.meld.per-step),
    from the :func:`single_melds` of ``seat`` (each a kind's table order and a card set),
    in one list, and in another the melds of each resolved to card sets.

    Two melds of one kind are one outcome when their cards'
    :func:`~cardrules.games.fildinski.meld_conditions.copy_class` keys are the
    same multiset, that is when they differ only in taking one copy or its
    alike twin (:func:`~cardrules.games.fildinski.meld_conditions.alike_copies`):
    each such group of melds is written once, by the meld of the lowest ids, and the groups of one kind
    come in the order of their sorted keys (``_rank``).
    """
    if len(singles) == 1:  # the common case: one meld, no pair (a meld shares its cards with itself)
        order, mask = singles[0]
        return [(), (single_declaration(s, seat, order, mask),)], [(), ((_KINDS[order], mask),)]
    pool = meld_pool(s, seat)
    alike, greater = copies_compared(s)
    upper = alike & ~_EVEN_IDS  # the upper copies alike to their twin: a meld reads them as the lower
    groups: dict[int, list[int]] = {}  # by the kind's order and the meld's rank (_rank, written out)
    for order, mask in singles:
        swap = mask & upper & ~(mask << 1)  # alike upper copies taken without their twin
        canon = mask ^ swap ^ swap >> 1
        swap = (canon ^ canon >> 1) & greater
        key = order << 64 | _ALL_IDS ^ _from_bytes(
            (canon ^ swap ^ swap << 1).to_bytes(8, "little").translate(_REVERSED_BYTES), "big"
        )
        members = groups.get(key)
        if members is None:
            groups[key] = [mask]
        else:
            members.append(mask)
    keys = sorted(groups)  # by kind, then by the sorted copy classes of the meld read so
    written: list[tuple[MeldDecl, ...]] = [()]
    resolved: list[Melds] = [()]
    decls: list[MeldDecl] = []  # each group's declaration, its meld (the lowest ids) resolved, the others
    melds: list[tuple[MeldKind, int]] = []
    others: list[list[int]] = []
    for key in keys:
        members = groups[key]
        if len(members) > 1:
            members.sort(key=_ids_key, reverse=True)
        others.append(members[1:])
        order = key >> 64
        rep = members[0]
        decl = _decl(order, rep, pool, alike)
        meld = (_KINDS[order], rep)
        decls.append(decl)
        melds.append(meld)
        written.append((decl,))
        resolved.append((meld,))
    count = len(keys)
    for n in range(count):
        first = decls[n]
        one = melds[n]
        a = one[1]
        for m in range(n, count):
            other = melds[m]
            if not a & other[1]:  # shared_cards: no card in common
                written.append((first, decls[m]))
                resolved.append((one, other))
                continue
            for b in others[m]:  # a later meld of the group, sharing none: its own declaration
                if not a & b:
                    written.append((first, _decl(keys[m] >> 64, b, pool, alike)))
                    resolved.append((one, (other[0], b)))
                    break
    return written, resolved


def single_declaration(s: MeldView, seat: int, order: int, mask: int) -> MeldDecl:
    """The declaration of ``seat``'s meld ``mask`` of the kind of table order ``order`` when it is the only
    meld of the step (:func:`declarations` then lists none and this one), naming a copy where it must."""
    twins = _twins_outside(mask, s.won[seat])  # meld_pool; no twins (the common case): alike unasked
    return _written(order, mask, twins & ~alike_copies(s) if twins else 0)


_REVERSED_BYTES: Final = bytes(int(format(byte, "08b")[::-1], 2) for byte in range(256))
"""Each byte with its bits in the opposite order."""
_from_bytes: Final = int.from_bytes


def _reversed(mask: int) -> int:
    """The 64 bits of ``mask`` in the opposite order: id 0's bit the highest, id 63's the lowest."""
    return _from_bytes(mask.to_bytes(8, "little").translate(_REVERSED_BYTES), "big")


def _rank(canon: int, greater: int) -> int:
    """A key that ranks the melds of one kind, each read with its alike copies as the lower ids
    (``canon``), as their cards' :func:`~cardrules.games.fildinski.meld_conditions.copy_class` keys, sorted,
    rank as lists; ``greater`` is the second mask of
    :func:`~cardrules.games.fildinski.meld_conditions.copies_compared`.

    Of two sorted lists of one length, the smaller is the one that holds the
    smallest key the two hold unequally often more often. The keys come in
    the order of the card kinds, and the two copies of a kind have one key
    (alike: a meld read so holds the lower copy, or both) or two; swapping the
    copies of the kinds whose lower copy has the greater key puts the smaller
    keys at the lower ids, so the smaller list is the meld holding the lowest
    id where the two differ (a count of two beating one at an alike kind).
    With the bits reversed that is the greater number, so its complement ranks
    first. :func:`declarations` writes it out; a property test holds the ranks
    to the sorted keys.
    """
    swap = (canon ^ canon >> 1) & greater  # the kinds to swap, where the meld holds one copy
    return _ALL_IDS ^ _reversed(canon ^ swap ^ swap << 1)


def _ids_key(mask: int) -> int:
    """A key that ranks card sets of one size by their ids in increasing order, read backwards.

    Melds of one kind and class are ranked by their ids in increasing order;
    for two sets of one size that is the set holding the lowest id in one of
    them only first, which is the set whose bits, read from id 63 down to
    id 0 as a number, are the greater (a property test holds the two
    orders equal).
    """
    return _reversed(mask)


def _plain_key(order: int, mask: int) -> int:
    """What a meld of the kind of table order ``order`` on ``mask`` is written from when no copy is named:
    its kind and how many copies of each card kind it holds (``mask``'s copy labels left out)."""
    return ((mask & _EVEN_IDS) + (mask >> 1 & _EVEN_IDS)) << 4 | order


def _plain_decls() -> Mapping[int, MeldDecl]:
    """Every meld's declaration naming no copy, by :func:`_plain_key`, for every trump and bezique pair:
    :func:`~cardrules.games.fildinski.actions.meld_decl` of one card set of each key, written once."""
    out: dict[int, MeldDecl] = {}
    for order, kind in enumerate(_KINDS):
        fixed = required_kinds(kind, 0, _STANDARD_PAIR, 1)  # none for four of a rank: the same melds
        for table in range(8) if fixed else range(1):  # under every trump and pair
            for mask in meld_sets_at(order, _ALL_IDS, table):
                key = _plain_key(order, mask)
                if key not in out:
                    out[key] = meld_decl(kind, mask, 0)
    return MappingProxyType(out)


_PLAIN_DECLS: Final = _plain_decls()


def _decl(order: int, mask: int, pool: int, alike: int) -> MeldDecl:
    """The declaration of one meld, naming a card's copy where :func:`copy_matters` says it must.

    That is where the twin lies in the pool outside the meld and the two
    copies are not alike (:func:`~cardrules.games.fildinski.meld_conditions.alike_copies`).
    """
    rest = pool & ~mask  # _twins_outside and _written, written out: every group of the search asks this
    named = mask & (rest >> 1 & _EVEN_IDS | (rest & _EVEN_IDS) << 1) & ~alike
    plain = _PLAIN_DECLS[((mask & _EVEN_IDS) + (mask >> 1 & _EVEN_IDS)) << 4 | order]
    return name_copies(plain, mask, named) if named else plain


def _written(order: int, mask: int, named: int) -> MeldDecl:
    """:func:`~cardrules.games.fildinski.actions.meld_decl` of a meld of the kind of table order ``order``
    naming the copies ``named``: the declaration naming none read off :data:`_PLAIN_DECLS` (by
    :func:`_plain_key`, written out here), the named copies put in by
    :func:`~cardrules.games.fildinski.actions.name_copies`."""
    plain = _PLAIN_DECLS[((mask & _EVEN_IDS) + (mask >> 1 & _EVEN_IDS)) << 4 | order]
    return name_copies(plain, mask, named) if named else plain


def _twins_outside(mask: int, pool: int) -> int:
    """The ids of the meld ``mask`` whose twin lies in ``pool`` outside the meld: the copies that may need
    naming (those :func:`_decl` names unless they are alike)."""
    rest = pool & ~mask
    return mask & (rest >> 1 & _EVEN_IDS | (rest & _EVEN_IDS) << 1)
