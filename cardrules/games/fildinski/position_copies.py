"""Which copy of a double-pack card is which, in a Fildinski position.

Positions write cards by kind and name a copy (``QS#2``) only where the reader
could not tell it otherwise. Here the deal's public history is replayed card
by card (:func:`link_history`), each card taking the copy the text fixes or
its default, the melds and the dix re-judged as they were made; from it the
writer learns which cards to mark (:func:`written_cards`) and the reader the
id of every card (:func:`labelled`). The grammar and the default copies are
described in :mod:`~cardrules.games.fildinski.position`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import product
from typing import Final, TypeAlias, TypeVar

from cardrules.games.fildinski import state as st
from cardrules.games.fildinski.cards import DRAWS, STOCK_TRICKS, ids_in, kind_card
from cardrules.games.fildinski.deal import STOCK_TOP
from cardrules.games.fildinski.meld_step import outranking
from cardrules.games.fildinski.melds import MeldKind, meld_fits, reach_table
from cardrules.games.fildinski.options import BeziquePair, DixExchange, FildinskiOptions, MeldedCards
from cardrules.games.fildinski.play import follower_wins
from cardrules.games.fildinski.scoring import DixEvent, MeldEvent
from cardrules.position import PositionReader

__all__ = [
    "NO_MELDING", "WHO_AND_WHEN", "ZONE_NAMES", "Dix", "Key", "Labelled", "Linked", "Meld", "Tok", "Written",
    "card_places", "card_text", "keyed", "labelled", "link_history", "trick_winners", "written_cards",
]  # fmt: skip

T = TypeVar("T")

# The zones, in the order copies are labelled (the face-down stock last, as in a deck order).
_H0, _H1, _TRICK, _TURNUP, _W0, _W1, _R0, _R1, _STOCK = range(9)
ZONE_NAMES: Final = ("hands", "hands", "trick", "stock", "won", "won", "retired", "retired", "stock")
_LABELLED: Final = (_H0, _H1, _TRICK, _TURNUP, _STOCK)
"""The zones whose copies the position's own marks label (those of the piles come from the history)."""
_RETIRED: Final = frozenset({_R0, _R1})
_IDENTITY: Final = "fildinski.deck.card-identity"
WHO_AND_WHEN: Final = "fildinski.meld.who-and-when"
"""The rule a meld step out of turn breaks (the checks name it too)."""
NO_MELDING: Final = "fildinski.endgame.no-melding"
"""The rule a meld in the last eight tricks breaks under the default."""


@dataclass(frozen=True, slots=True)
class Tok:
    """A card as a position writes it: a kind (0-31) and the copy (1 or 2) when the text names it."""

    kind: int
    copy: int | None = None


def card_text(kind: int, copy: int | None = None) -> str:
    """A card kind as positions and their messages write it, with its copy when given (``QS#2``)."""
    return str(kind_card(kind)) + (f"#{copy}" if copy else "")


def card_places(zones: Sequence[Sequence[int]]) -> dict[int, list[tuple[int, int]]]:
    """For each kind, where its cards lie: (zone, index) in labelling order."""
    out: dict[int, list[tuple[int, int]]] = {}
    for zone, kinds in enumerate(zones):
        for index, kind in enumerate(kinds):
            out.setdefault(kind, []).append((zone, index))
    return out


def _visible(
    places: Mapping[int, Sequence[tuple[int, int]]], trump: int, pair: BeziquePair
) -> frozenset[int]:
    """The kinds of ``places`` whose two copies may yet be told apart: those the writer marks."""
    meld_ids = 0  # the ids some meld can use at all (the aces, kings, queens, jacks, trump ten)
    for reach in reach_table(trump, pair):
        meld_ids |= reach
    return frozenset(k for k, found in places.items() if not _invisible(k, [z for z, _ in found], meld_ids))


def _invisible(kind: int, places: Sequence[int], meld_ids: int) -> bool:
    """Whether no action, verdict or position will ever tell the two copies of ``kind`` apart.

    True for a card no meld uses, when a copy is retired (never melded
    again), when one copy lies in each seat's won pile (they never meet), and
    when both are in one hand (interchangeable). For such a card the writer
    marks no copy and the reader may label the copies as it likes.
    """
    if not meld_ids >> (2 * kind) & 1:
        return True
    a, b = places
    if a in _RETIRED or b in _RETIRED:
        return True
    if {a, b} == {_W0, _W1}:
        return True
    return a == b and a in (_H0, _H1)


# -- the history, linked to the cards -------------------------------------------------------------

Key: TypeAlias = tuple[str, int, int]
"""A card of the history: ``("play", trick, 0 or 1)``, ``("meld", meld, card)`` or ``("dix", 0, 0)``."""

Given: TypeAlias = Callable[[Key], "int | None"]
"""The id the text fixes for a history card (the writer: the true id), or ``None``."""

Note: TypeAlias = Callable[[Key, int, int], None]
"""Hears the default id of a history card: ``(key, kind, default)``."""

Report: TypeAlias = Callable[[str, str, "str | None"], None]


def keyed(plays: Iterable[tuple[T, T]], melds: Iterable[Iterable[T]], taken: T | None) -> dict[Key, T]:
    """The history's cards (the tricks' two, each meld's, the card the dix took) under their keys."""
    out: dict[Key, T] = {}
    for number, (a, b) in enumerate(plays, start=1):
        out["play", number, 0] = a
        out["play", number, 1] = b
    for index, cards in enumerate(melds):
        for position, card in enumerate(cards):
            out["meld", index, position] = card
    if taken is not None:
        out["dix", 0, 0] = taken
    return out


@dataclass(frozen=True, slots=True)
class Meld:
    seat: int
    trick: int
    kind: MeldKind
    cards: tuple[int, ...]  # kinds


@dataclass(frozen=True, slots=True)
class Dix:
    seat: int
    trick: int
    seven: int  # kind
    taken: int  # kind


@dataclass(slots=True)
class Linked:
    """What the history says once each of its cards is an id."""

    plays: list[tuple[int, int]] = field(default_factory=list)
    piles: list[int] = field(default_factory=lambda: [0, 0])
    retired: list[int] = field(default_factory=lambda: [0, 0])
    used: list[int] = field(default_factory=lambda: [0] * len(MeldKind))
    melds: list[MeldEvent] = field(default_factory=list)
    dix: DixEvent | None = None
    fresh: int = 0

    def placed(self) -> int:
        """The ids in a won or retired pile."""
        return self.piles[0] | self.piles[1] | self.retired[0] | self.retired[1]


def trick_winners(tricks: Sequence[tuple[int, int]], first: int, trump: int) -> list[tuple[int, int]]:
    """The (leader, winner) of each trick: fildinski.play.trick-winner and fildinski.deal.first-lead."""
    out = []
    leader = first
    for led, follow in tricks:
        winner = 1 - leader if follower_wins(2 * led, 2 * follow, trump) else leader
        out.append((leader, winner))
        leader = winner
    return out


def link_history(
    tricks: Sequence[tuple[int, int]],
    winners: Sequence[tuple[int, int]],
    melds: Sequence[Meld],
    dix: Dix | None,
    options: FildinskiOptions,
    trump: int,
    turnup: int | None,
    visible: frozenset[int],
    given: Given,
    note: Note,
    report: Report,
) -> Linked:
    """Replay the deal's public history, choosing each card's id, and re-judge its melds and dix.

    The ids of the cards in the won and retired piles come from here. A card
    the text does not fix (``given``) takes a default: a card reaching a pile
    (a trick's, or the card a ``from_trick`` dix takes) the lowest copy not in
    a pile yet; a melded card of a ``visible`` kind the melder's copy the
    rules let it use, a card of the trick just won first, then the lowest;
    the melded cards of other kinds, the first choice that makes the meld
    step legal (those copies are never told apart again). ``note`` hears each
    default of a visible kind: the writer marks the cards whose copy differs.
    """
    removed = options.melded_cards is MeldedCards.REMOVED
    from_trick = options.dix_exchange is DixExchange.FROM_TRICK
    out = Linked()
    by_trick: dict[int, list[int]] = {}
    for index, meld in enumerate(melds):
        by_trick.setdefault(meld.trick, []).append(index)

    def arrival(key: Key, kind: int) -> int:
        placed = out.placed()
        free = [i for i in (2 * kind, 2 * kind + 1) if not placed >> i & 1] or [2 * kind]
        note(key, kind, free[0])
        card = given(key)
        return free[0] if card is None else card

    for number, ((led, follow), (_, winner)) in enumerate(zip(tricks, winners, strict=True), start=1):
        first = arrival(("play", number, 0), led)
        out.piles[winner] |= 1 << first
        second = arrival(("play", number, 1), follow)
        out.piles[winner] |= 1 << second
        out.plays.append((first, second))
        fresh = (1 << first) | (1 << second)
        if dix is not None and dix.trick == number and dix.seat == winner:
            sevens = [i for i in (first, second) if i >> 1 == dix.seven]
            if from_trick:
                seven = sevens[0] if sevens else 2 * dix.seven
                out.piles[winner] &= ~(1 << seven)
                got = arrival(("dix", 0, 0), dix.taken)
                out.piles[winner] |= 1 << got
                fresh &= ~(1 << seven)
            else:  # the card taken went to a hand: which copy it was never matters
                seven = turnup if turnup is not None and turnup >> 1 == dix.seven else 2 * dix.seven
                chosen = given(("dix", 0, 0))
                got = chosen if chosen is not None else 2 * dix.taken + (out.placed() >> (2 * dix.taken) & 1)
            out.dix = DixEvent(winner, seven, got, number)
        step_melds: list[int] = []
        for index in by_trick.get(number, ()):
            meld = melds[index]
            where = f"the {meld.kind.label} of trick {number}"
            if meld.seat != winner:
                report("melds", f"{where} is p{meld.seat}'s, but p{winner} won that trick", WHO_AND_WHEN)
            elif number > STOCK_TRICKS and not options.meld_in_endgame:
                report("melds", f"{where} follows the last draw (meld_in_endgame = false)", NO_MELDING)
            else:
                step_melds.append(index)
        if len(step_melds) > 2:
            report("melds", f"trick {number} has more than two melds", "fildinski.meld.per-step")
        masks = _step_cards(step_melds, melds, out, winner, fresh, visible, options, trump, given, note)
        step = 0
        for index, mask in zip(step_melds, masks, strict=True):
            meld = melds[index]
            where = f"the {meld.kind.label} of trick {number}"
            if mask.bit_count() != len(meld.cards):
                report(
                    "melds",
                    f"{where} names a card more often than p{winner}'s won pile holds it",
                    "fildinski.meld.from-won-cards",
                )
            _judge_meld(meld, mask, out, winner, fresh, step, options, trump, where, report)
            step |= mask
        for index, mask in zip(step_melds, masks, strict=True):
            meld = melds[index]
            out.used[meld.kind.order] |= mask
            out.melds.append(MeldEvent(winner, meld.kind, mask, number))
            if removed:
                out.piles[winner] &= ~mask
                out.retired[winner] |= mask
        out.fresh = fresh
    return out


def _barred(out: Linked, kind: MeldKind) -> int:
    """The cards no meld of ``kind`` may use: fildinski.meld.same-kind-once and fildinski.meld.class-order."""
    higher = outranking(kind)
    return out.used[kind.order] | (out.used[higher.order] if higher is not None else 0)


def _step_cards(
    step_melds: Sequence[int],
    melds: Sequence[Meld],
    out: Linked,
    seat: int,
    fresh: int,
    visible: frozenset[int],
    options: FildinskiOptions,
    trump: int,
    given: Given,
    note: Note,
) -> list[int]:
    """The cards (id bitmasks) of the melds of one step, each copy chosen (see :func:`link_history`)."""
    pile = out.piles[seat]
    chosen: dict[Key, int] = {}
    open_keys: list[tuple[Key, list[int]]] = []
    taken = 0
    for index in step_melds:
        meld = melds[index]
        barred = _barred(out, meld.kind)
        mask = 0
        for position, kind in enumerate(meld.cards):
            key: Key = ("meld", index, position)
            held = [i for i in (2 * kind, 2 * kind + 1) if pile >> i & 1] or [2 * kind]
            avail = pile & ~barred & ~taken & ~mask

            def preference(i: int, avail: int = avail) -> tuple[bool, bool, int]:
                return (not avail >> i & 1, not fresh >> i & 1, i)

            held.sort(key=preference)
            card = given(key)
            if kind in visible:
                note(key, kind, held[0])
                card = held[0] if card is None else card
            if card is None:
                open_keys.append((key, held))
                continue
            chosen[key] = card
            mask |= 1 << card
        taken |= mask
    if open_keys:
        chosen.update(_search(open_keys, chosen, step_melds, melds, out, pile, fresh, options, trump))
    masks = []
    for index in step_melds:
        mask = 0
        for position in range(len(melds[index].cards)):
            mask |= 1 << chosen["meld", index, position]
        masks.append(mask)
    return masks


_MAX_TRIES: Final = 4096


def _search(
    open_keys: Sequence[tuple[Key, list[int]]],
    chosen: Mapping[Key, int],
    step_melds: Sequence[int],
    melds: Sequence[Meld],
    out: Linked,
    pile: int,
    fresh: int,
    options: FildinskiOptions,
    trump: int,
) -> dict[Key, int]:
    """The first copies for ``open_keys`` (in their order of preference) that make the step's melds legal."""
    first = {key: choices[0] for key, choices in open_keys}
    for tries, pick in enumerate(product(*(choices for _, choices in open_keys))):
        if tries >= _MAX_TRIES:
            break
        trial = {**chosen, **dict(zip((key for key, _ in open_keys), pick, strict=True))}
        step = 0
        ok = True
        for index in step_melds:
            meld = melds[index]
            mask = 0
            for position in range(len(meld.cards)):
                mask |= 1 << trial["meld", index, position]
            if (
                mask.bit_count() != len(meld.cards)
                or mask & ~pile
                or mask & step
                or mask & _barred(out, meld.kind)
                or (options.meld_needs_trick_card and not mask & fresh)
                or not meld_fits(meld.kind, mask, trump, options.bezique_pair)
            ):
                ok = False
                break
            step |= mask
        if ok:
            return {key: trial[key] for key, _ in open_keys}
    return first


def _judge_meld(
    meld: Meld,
    mask: int,
    out: Linked,
    seat: int,
    fresh: int,
    step: int,
    options: FildinskiOptions,
    trump: int,
    where: str,
    report: Report,
) -> None:
    """Re-judge one meld of the history as the meld step would have."""
    kind = meld.kind
    cards = " ".join(card_text(i >> 1) for i in ids_in(mask))
    if not meld_fits(kind, mask, trump, options.bezique_pair):
        report("melds", f"{where}, {cards}, is not a {kind.label}", "fildinski.meld.kinds")
        return
    missing = mask & ~out.piles[seat]
    if missing:
        names = " ".join(card_text(i >> 1) for i in ids_in(missing))
        report(
            "melds", f"{where} uses {names}, not in p{seat}'s won pile then", "fildinski.meld.from-won-cards"
        )
    if options.meld_needs_trick_card and not mask & fresh:
        report("melds", f"{where} holds no card of that trick", "fildinski.meld.fresh-card")
    if mask & out.used[kind.order]:
        report("melds", f"{where} reuses a card of an earlier {kind.label}", "fildinski.meld.same-kind-once")
    higher = outranking(kind)
    if higher is not None and mask & out.used[higher.order]:
        report("melds", f"{where} uses a card of a scored {higher.label}", "fildinski.meld.class-order")
    if mask & step:
        report("melds", f"{where} shares a card with the other meld of its step", "fildinski.meld.per-step")


# -- the copies the writer marks and the reader labels ---------------------------------------------------


def _meld_order(mask: int) -> list[int]:
    """A meld's ids in the order a meld action writes its cards: by suit, the strongest first."""
    return sorted(ids_in(mask), key=lambda i: (i >> 4, -(i >> 1), i))


@dataclass(frozen=True, slots=True)
class Written:
    """A state's cards as its position writes them, a copy named (``QS#2``) where the reader needs it."""

    hands: tuple[list[str], list[str]]
    trick: list[str]
    stock: list[str]  # top first, the turn-up last; empty once the stock is drawn
    won: tuple[list[str], list[str]]
    retired: tuple[list[str], list[str]]
    history: dict[Key, str]  # the tricks' cards, each meld's in the order its action writes them, the dix's
    winners: list[tuple[int, int]]  # the (leader, winner) of each trick


def written_cards(s: st.FildinskiState) -> Written:
    """The cards of ``s``, each marked with its copy when the reader's default would label it wrongly."""
    context = s.deal
    options = context.plan.options
    trump = context.trump
    endgame = s.drawn >= DRAWS
    zones: list[list[int]] = [
        ids_in(s.hands[0]), ids_in(s.hands[1]), list(s.trick), [] if endgame else [s.turnup],
        ids_in(s.won[0]), ids_in(s.won[1]), ids_in(s.retired[0]), ids_in(s.retired[1]),
        [] if endgame else list(context.deck[STOCK_TOP + s.drawn :]),
    ]  # fmt: skip
    places = card_places([[i >> 1 for i in zone] for zone in zones])
    visible = _visible(places, trump, options.bezique_pair)
    # The cards out of the piles: a kind's first place is marked when its ids are not the default's.
    placed = s.won[0] | s.won[1] | s.retired[0] | s.retired[1]
    marked: set[tuple[int, int]] = set()
    for kind in visible:
        unplayed = [(z, i) for z, i in places[kind] if z in _LABELLED]
        free = [c for c in (2 * kind, 2 * kind + 1) if not placed >> c & 1]
        if [zones[z][i] for z, i in unplayed] != free[: len(unplayed)]:
            marked.add(unplayed[0])
    # The history's cards: those whose id differs from the default the replay gives.
    plays = s.plays
    finished = [(plays[2 * n][1], plays[2 * n + 1][1]) for n in range(s.tricks_done)]
    melds = [Meld(m.seat, m.trick, m.kind, tuple(i >> 1 for i in _meld_order(m.cards))) for m in s.melds]
    dix = None if s.dix is None else Dix(s.dix.seat, s.dix.trick, s.dix.seven >> 1, s.dix.taken >> 1)
    truth = keyed(finished, (_meld_order(m.cards) for m in s.melds), None if s.dix is None else s.dix.taken)
    marks: set[Key] = set()

    def note(key: Key, kind: int, default: int) -> None:
        if kind in visible and truth[key] != default:
            marks.add(key)

    kinds = [(a >> 1, b >> 1) for a, b in finished]
    winners = trick_winners(kinds, 1 - context.dealer, trump)
    link_history(
        kinds, winners, melds, dix, options, trump, None if endgame else s.turnup, visible, truth.get, note,
        lambda section, message, rule: None,
    )  # fmt: skip
    text = [
        [card_text(i >> 1, (i & 1) + 1 if (z, n) in marked else None) for n, i in enumerate(zone)]
        for z, zone in enumerate(zones)
    ]
    return Written(
        (text[_H0], text[_H1]), text[_TRICK], text[_STOCK] + text[_TURNUP], (text[_W0], text[_W1]),
        (text[_R0], text[_R1]),
        {key: card_text(card >> 1, (card & 1) + 1 if key in marks else None) for key, card in truth.items()},
        winners,
    )  # fmt: skip


@dataclass(frozen=True, slots=True)
class Labelled:
    """The ids of a read position's cards, each copy told: the piles' from the history, the others' marks."""

    linked: Linked
    hands: tuple[int, int]
    won: tuple[int, int]
    retired: tuple[int, int]
    trick: tuple[int, ...]
    turnup: int | None
    stock: list[int]  # the face-down cards, top first


def labelled(
    reader: PositionReader,
    zones: Sequence[Sequence[Tok]],
    refs: Mapping[Key, Tok],
    melds: Sequence[Meld],
    dix: Dix | None,
    winners: Sequence[tuple[int, int]],
    kinds: Sequence[tuple[int, int]],
    options: FildinskiOptions,
    trump: int,
) -> Labelled | None:
    """Every card's id, the history replayed (its problems reported); ``None`` when the copies disagree.

    ``zones`` are the cards as read, in labelling order (hands, trick,
    turn-up, won, retired, face-down stock); ``refs`` the history's cards
    as written.
    """

    def given(key: Key) -> int | None:
        tok = refs[key]
        return None if tok.copy is None else 2 * tok.kind + tok.copy - 1

    turnup = 2 * zones[_TURNUP][0].kind if zones[_TURNUP] else None
    visible = _visible(card_places([[t.kind for t in zone] for zone in zones]), trump, options.bezique_pair)
    linked = link_history(
        kinds, winners, melds, dix, options, trump, turnup, visible, given,
        lambda key, kind, default: None, reader.problem,
    )  # fmt: skip
    ids = _label_piles(zones, linked, reader.problem)
    if not reader.ok:
        return None
    _label_unplayed(zones, linked, ids, reader.problem)
    if not reader.ok:
        return None

    def mask(zone: int) -> int:
        out = 0
        for card in ids[zone]:
            out |= 1 << card
        return out

    return Labelled(
        linked, (mask(_H0), mask(_H1)), (mask(_W0), mask(_W1)), (mask(_R0), mask(_R1)), tuple(ids[_TRICK]),
        ids[_TURNUP][0] if ids[_TURNUP] else None, ids[_STOCK],
    )  # fmt: skip


def _label_piles(zones: Sequence[Sequence[Tok]], linked: Linked, report: Report) -> list[list[int]]:
    """The ids of every zone's cards, those of the won and retired piles filled in from the history.

    The other zones' ids are left ``-1`` for :func:`_label_unplayed`.
    """
    ids: list[list[int]] = [[-1] * len(zone) for zone in zones]
    for zone, pile in zip((_W0, _W1, _R0, _R1), (*linked.piles, *linked.retired), strict=True):
        if sorted(t.kind for t in zones[zone]) != [i >> 1 for i in ids_in(pile)]:
            rule = "fildinski.meld.after-scoring" if zone in _RETIRED else "fildinski.play.won-cards"
            report(
                ZONE_NAMES[zone],
                f"p{zone % 2}'s {ZONE_NAMES[zone]} cards are not those the tricks, "
                "the dix and the melds leave there",
                rule,
            )
            continue
        left = pile
        for n, tok in sorted(enumerate(zones[zone]), key=lambda item: item[1].copy is None):
            if tok.copy:
                card = 2 * tok.kind + tok.copy - 1
                if not left >> card & 1:
                    report(
                        ZONE_NAMES[zone],
                        f"{card_text(tok.kind, tok.copy)} is not the copy the history puts here",
                        _IDENTITY,
                    )
            else:
                card = 2 * tok.kind if left >> (2 * tok.kind) & 1 else 2 * tok.kind + 1
            left &= ~(1 << card)
            ids[zone][n] = card
    return ids


def _label_unplayed(
    zones: Sequence[Sequence[Tok]], linked: Linked, ids: list[list[int]], report: Report
) -> None:
    """Fill in the ids of the cards not in a pile: the copies marked, then the others in labelling order."""
    placed = linked.placed()
    places = card_places([[t.kind for t in zone] if z in _LABELLED else [] for z, zone in enumerate(zones)])
    for kind, found in places.items():
        free = [c for c in (2 * kind, 2 * kind + 1) if not placed >> c & 1]
        if len(free) != len(found):
            report(
                "position",
                f"{card_text(kind)}: the history and the zones disagree on where its copies are",
                _IDENTITY,
            )
            continue
        for z, i in found:
            copy = zones[z][i].copy
            if copy is not None:
                card = 2 * kind + copy - 1
                if card not in free:
                    report(ZONE_NAMES[z], f"{card_text(kind, copy)} is in two places", _IDENTITY)
                    break
                free.remove(card)
                ids[z][i] = card
        for z, i in found:
            if ids[z][i] < 0 and free:
                ids[z][i] = free.pop(0)
