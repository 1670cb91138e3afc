"""Which copy of a double-pack card is which, in a Fildinski position.

Positions write cards by kind and name a copy (``QS#2``) only where the reader
could not tell it otherwise. The deal's public history, replayed card by card
(:func:`~cardrules.games.fildinski.position_history.link_history`), gives each
card the copy the text fixes or its default and re-judges the melds and the
dix as they were made; from it the writer learns which cards to mark
(:func:`written_cards`) and the reader the id of every card (:func:`labelled`).
The grammar and the default copies are described in
:mod:`~cardrules.games.fildinski.position`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from cardrules.games.fildinski import state as st
from cardrules.games.fildinski.cards import DRAWS, ids_in
from cardrules.games.fildinski.deal import STOCK_TOP
from cardrules.games.fildinski.melds import meld_ids
from cardrules.games.fildinski.options import BeziquePair, FildinskiOptions
from cardrules.games.fildinski.position_history import (
    Dix,
    Key,
    Linked,
    Meld,
    Report,
    card_text,
    keyed,
    link_history,
    trick_winners,
)
from cardrules.position import PositionReader

__all__ = ["ZONE_NAMES", "Labelled", "Tok", "Written", "card_places", "labelled", "written_cards"]

# The zones, in the order copies are labelled (the face-down stock last, as in a deck order).
_H0, _H1, _TRICK, _TURNUP, _W0, _W1, _R0, _R1, _STOCK = range(9)
ZONE_NAMES: Final = ("hands", "hands", "trick", "stock", "won", "won", "retired", "retired", "stock")
_LABELLED: Final = (_H0, _H1, _TRICK, _TURNUP, _STOCK)
"""The zones whose copies the position's own marks label (those of the piles come from the history)."""
_RETIRED: Final = frozenset({_R0, _R1})
_IDENTITY: Final = "fildinski.deck.card-identity"


@dataclass(frozen=True, slots=True)
class Tok:
    """A card as a position writes it: a kind (0-31) and the copy (1 or 2) when the text names it."""

    kind: int
    copy: int | None = None


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
    reach = meld_ids(trump, pair)  # the ids some meld can use (the aces, kings, queens, jacks, trump ten)
    return frozenset(k for k, found in places.items() if not _invisible(k, [z for z, _ in found], reach))


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
