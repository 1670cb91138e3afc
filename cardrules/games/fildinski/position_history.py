"""A Fildinski position's history, played again card by card: which id each card is, and its melds re-judged.

:func:`link_history` replays the deal's public history (the tricks, the dix,
the melds), giving each card the copy the text fixes or a default, and judges
each meld step as it was made by asking the meld step's own conditions
(:mod:`~cardrules.games.fildinski.meld_step`) through a small view of the
piles at that moment (:class:`StepView`, a
:class:`~cardrules.games.fildinski.meld_step.MeldView`). The writer and the
reader of copies (:mod:`~cardrules.games.fildinski.position_copies`) both
build on it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import product
from typing import Final, TypeAlias, TypeVar

from cardrules.games.fildinski.cards import STOCK_TRICKS, ids_in, kind_card
from cardrules.games.fildinski.deal import DealContext, DealPlan
from cardrules.games.fildinski.meld_step import (
    CLASS_ORDER,
    FRESH_CARD,
    FROM_WON,
    KINDS,
    MAX_MELDS,
    NO_MELDING,
    PER_STEP,
    SAME_KIND_ONCE,
    WHO_AND_WHEN,
    meld_pool,
    outranked,
    outranking,
    reused,
    shared_cards,
    step_conditions,
)
from cardrules.games.fildinski.melds import MeldKind, meld_fits
from cardrules.games.fildinski.options import DixExchange, FildinskiOptions, MeldedCards
from cardrules.games.fildinski.play import follower_wins
from cardrules.games.fildinski.scoring import DixEvent, MeldEvent

__all__ = [
    "Dix", "Given", "Key", "Linked", "Meld", "Note", "Report", "StepView", "card_text", "keyed",
    "link_history", "trick_winners",
]  # fmt: skip

T = TypeVar("T")

Key: TypeAlias = tuple[str, int, int]
"""A card of the history: ``("play", trick, 0 or 1)``, ``("meld", meld, card)`` or ``("dix", 0, 0)``."""

Given: TypeAlias = Callable[[Key], "int | None"]
"""The id the text fixes for a history card (the writer: the true id), or ``None``."""

Note: TypeAlias = Callable[[Key, int, int], None]
"""Hears the default id of a history card: ``(key, kind, default)``."""

Report: TypeAlias = Callable[[str, str, "str | None"], None]
"""Hears a problem: ``(section, message, rule)``."""


def card_text(kind: int, copy: int | None = None) -> str:
    """A card kind as positions and their messages write it, with its copy when given (``QS#2``)."""
    return str(kind_card(kind)) + (f"#{copy}" if copy else "")


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
    """A meld of the history as written: its melder, the trick it followed, its kind and its cards' kinds."""

    seat: int
    trick: int
    kind: MeldKind
    cards: tuple[int, ...]  # kinds


@dataclass(frozen=True, slots=True)
class Dix:
    """The dix of the history as written: who, after which trick, the seven given, the card taken (kinds)."""

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


@dataclass(frozen=True, slots=True)
class StepView:
    """The piles at one meld step of the history, as the meld step's conditions read them (a ``MeldView``)."""

    deal: DealContext
    won: tuple[int, int]
    fresh: int
    used: tuple[int, ...]


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
    linker = _Linker(melds, options, trump, visible, given, note, report)
    by_trick: dict[int, list[int]] = {}
    for index, meld in enumerate(melds):
        by_trick.setdefault(meld.trick, []).append(index)
    for number, ((led, follow), (_, winner)) in enumerate(zip(tricks, winners, strict=True), start=1):
        fresh = linker.trick(number, led, follow, winner)
        if dix is not None and dix.trick == number and dix.seat == winner:
            fresh = linker.dix(dix, number, winner, fresh, turnup)
        step = linker.step_melds(number, winner, [(i, melds[i]) for i in by_trick.get(number, ())])
        if step:
            linker.meld_step(number, winner, fresh, step)
        linker.out.fresh = fresh
    return linker.out


class _Linker:
    """The replay of one history (:func:`link_history`): not a value, used once."""

    def __init__(
        self,
        melds: Sequence[Meld],
        options: FildinskiOptions,
        trump: int,
        visible: frozenset[int],
        given: Given,
        note: Note,
        report: Report,
    ) -> None:
        self.melds = melds
        self.options = options
        self.trump = trump
        self.deal = DealContext(DealPlan(options, 0), 0, 0, (), trump, (), (0, 0))  # the meld rules' deal
        self.visible = visible
        self.given = given
        self.note = note
        self.report = report
        self.out = Linked()

    def arrival(self, key: Key, kind: int) -> int:
        """The id of a card reaching a pile: the one the text fixes, else the lowest copy not in a pile."""
        placed = self.out.placed()
        free = [i for i in (2 * kind, 2 * kind + 1) if not placed >> i & 1] or [2 * kind]
        self.note(key, kind, free[0])
        card = self.given(key)
        return free[0] if card is None else card

    def trick(self, number: int, led: int, follow: int, winner: int) -> int:
        """Trick ``number``'s two cards to ``winner``'s pile; answers them, the step's fresh cards."""
        out = self.out
        first = self.arrival(("play", number, 0), led)
        out.piles[winner] |= 1 << first
        second = self.arrival(("play", number, 1), follow)
        out.piles[winner] |= 1 << second
        out.plays.append((first, second))
        return (1 << first) | (1 << second)

    def dix(self, dix: Dix, number: int, winner: int, fresh: int, turnup: int | None) -> int:
        """The dix made after trick ``number``; answers the step's fresh cards once it is made."""
        out = self.out
        first, second = out.plays[-1]
        sevens = [i for i in (first, second) if i >> 1 == dix.seven]
        if self.options.dix_exchange is DixExchange.FROM_TRICK:
            seven = sevens[0] if sevens else 2 * dix.seven
            out.piles[winner] &= ~(1 << seven)
            got = self.arrival(("dix", 0, 0), dix.taken)
            out.piles[winner] |= 1 << got
            fresh &= ~(1 << seven)
        else:  # the card taken went to a hand: which copy it was never matters
            seven = turnup if turnup is not None and turnup >> 1 == dix.seven else 2 * dix.seven
            chosen = self.given(("dix", 0, 0))
            got = chosen if chosen is not None else 2 * dix.taken + (out.placed() >> (2 * dix.taken) & 1)
        out.dix = DixEvent(winner, seven, got, number)
        return fresh

    def step_melds(self, number: int, winner: int, made: list[tuple[int, Meld]]) -> list[int]:
        """The melds (their indices) made in trick ``number``'s meld step, those out of turn reported."""
        step: list[int] = []
        for index, meld in made:
            where = f"the {meld.kind.label} of trick {number}"
            if meld.seat != winner:
                self.report("melds", f"{where} is p{meld.seat}'s, but p{winner} won that trick", WHO_AND_WHEN)
            elif number > STOCK_TRICKS and not self.options.meld_in_endgame:
                self.report("melds", f"{where} follows the last draw (meld_in_endgame = false)", NO_MELDING)
            else:
                step.append(index)
        if len(step) > MAX_MELDS:
            self.report("melds", f"trick {number} has more than two melds", PER_STEP)
        return step

    def meld_step(self, number: int, winner: int, fresh: int, step_melds: list[int]) -> None:
        """The melds of trick ``number``'s step: their ids chosen, each judged, then scored into the piles."""
        out = self.out
        view = StepView(self.deal, (out.piles[0], out.piles[1]), fresh, tuple(out.used))
        masks = self.step_cards(step_melds, view, winner)
        taken = 0
        for index, mask in zip(step_melds, masks, strict=True):
            meld = self.melds[index]
            where = f"the {meld.kind.label} of trick {number}"
            if mask.bit_count() != len(meld.cards):
                self.report(
                    "melds", f"{where} names a card more often than p{winner}'s won pile holds it", FROM_WON
                )
            self.judge_meld(meld, mask, view, winner, taken, where)
            taken |= mask
        for index, mask in zip(step_melds, masks, strict=True):
            meld = self.melds[index]
            out.used[meld.kind.order] |= mask
            out.melds.append(MeldEvent(winner, meld.kind, mask, number))
            if self.options.melded_cards is MeldedCards.REMOVED:
                out.piles[winner] &= ~mask
                out.retired[winner] |= mask

    def step_cards(self, step_melds: Sequence[int], view: StepView, seat: int) -> list[int]:
        """The cards (id bitmasks) of the melds of one step, each copy chosen (see :func:`link_history`)."""
        pile = meld_pool(view, seat)
        fresh = view.fresh
        chosen: dict[Key, int] = {}
        open_keys: list[tuple[Key, list[int]]] = []
        taken = 0
        for index in step_melds:
            meld = self.melds[index]
            barred = _barred(view, meld.kind)
            mask = 0
            for position, kind in enumerate(meld.cards):
                key: Key = ("meld", index, position)
                held = [i for i in (2 * kind, 2 * kind + 1) if pile >> i & 1] or [2 * kind]
                avail = pile & ~barred & ~taken & ~mask

                def preference(i: int, avail: int = avail) -> tuple[bool, bool, int]:
                    return (not avail >> i & 1, not fresh >> i & 1, i)

                held.sort(key=preference)
                card = self.given(key)
                if kind in self.visible:
                    self.note(key, kind, held[0])
                    card = held[0] if card is None else card
                if card is None:
                    open_keys.append((key, held))
                    continue
                chosen[key] = card
                mask |= 1 << card
            taken |= mask
        if open_keys:
            chosen.update(self.search(open_keys, chosen, step_melds, view, seat))
        masks = []
        for index in step_melds:
            mask = 0
            for position in range(len(self.melds[index].cards)):
                mask |= 1 << chosen["meld", index, position]
            masks.append(mask)
        return masks

    def search(
        self,
        open_keys: Sequence[tuple[Key, list[int]]],
        chosen: Mapping[Key, int],
        step_melds: Sequence[int],
        view: StepView,
        seat: int,
    ) -> dict[Key, int]:
        """The first copies for ``open_keys`` (each in its order of preference) that make the step legal."""
        first = {key: choices[0] for key, choices in open_keys}
        for tries, pick in enumerate(product(*(choices for _, choices in open_keys))):
            if tries >= _MAX_TRIES:
                break
            trial = {**chosen, **dict(zip((key for key, _ in open_keys), pick, strict=True))}
            masks = []
            for index in step_melds:
                mask = 0
                for position in range(len(self.melds[index].cards)):
                    mask |= 1 << trial["meld", index, position]
                masks.append(mask)
            if self.step_legal(step_melds, masks, view, seat):
                return {key: trial[key] for key, _ in open_keys}
        return first

    def step_legal(self, step_melds: Sequence[int], masks: Sequence[int], view: StepView, seat: int) -> bool:
        """Whether the melds of one step, with these cards, break none of the meld step's conditions."""
        pile = meld_pool(view, seat)
        taken = 0
        for index, mask in zip(step_melds, masks, strict=True):
            meld = self.melds[index]
            if (
                mask.bit_count() != len(meld.cards)
                or mask & ~pile
                or shared_cards(mask, taken)
                or not all(step_conditions(view, meld.kind, mask))
                or not meld_fits(meld.kind, mask, self.trump, self.options.bezique_pair)
            ):
                return False
            taken |= mask
        return True

    def judge_meld(self, meld: Meld, mask: int, view: StepView, seat: int, taken: int, where: str) -> None:
        """Re-judge one meld of the history as the meld step would have, asking its conditions."""
        kind = meld.kind
        report = self.report
        cards = " ".join(card_text(i >> 1) for i in ids_in(mask))
        if not meld_fits(kind, mask, self.trump, self.options.bezique_pair):
            report("melds", f"{where}, {cards}, is not a {kind.label}", KINDS)
            return
        missing = mask & ~meld_pool(view, seat)
        if missing:
            names = " ".join(card_text(i >> 1) for i in ids_in(missing))
            report("melds", f"{where} uses {names}, not in p{seat}'s won pile then", FROM_WON)
        fresh, once, in_order = step_conditions(view, kind, mask)
        if not fresh:
            report("melds", f"{where} holds no card of that trick", FRESH_CARD)
        if not once:
            report("melds", f"{where} reuses a card of an earlier {kind.label}", SAME_KIND_ONCE)
        higher = outranking(kind)
        if not in_order and higher is not None:  # only a kind with a higher meld can break the class order
            report("melds", f"{where} uses a card of a scored {higher.label}", CLASS_ORDER)
        if shared_cards(mask, taken):
            report("melds", f"{where} shares a card with the other meld of its step", PER_STEP)


_MAX_TRIES: Final = 4096


def _barred(view: StepView, kind: MeldKind) -> int:
    """The cards no meld of ``kind`` may use: fildinski.meld.same-kind-once and fildinski.meld.class-order."""
    return reused(view, kind) | outranked(view, kind)
