"""The Fildinski table as a picture: two hands, the stock and turn-up, the trick, won piles and melds.

:func:`draw_state` draws a state as an adjudicator sees it (both hands and
the stock's cards in order, p0 at the bottom); :func:`draw_observation` what
one seat sees (fildinski.info.public, fildinski.info.hidden: the opponent's
hand and the stock face down, only their sizes known; the won piles, melds
and turn-up are public), that seat at the bottom. Both draw one
:class:`TableView`; the adjudicator's is the view of p0's observation with the
hidden zones turned up, so the two pictures share their layout.

>>> import cardrules
>>> state = cardrules.get_game("fildinski").new_game(seed=3)
>>> seen = draw_observation(state.observation(1), Marks())
>>> seen.count('data-zone="hand"'), seen.count('class="card back"')  # p0's 8 and the stock face down
(16, 9)
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Final

from cardrules.cards import Card, Suit
from cardrules.game import TERMINAL
from cardrules.games.fildinski.actions import DeclareMelds, PlayCard
from cardrules.games.fildinski.cards import SUIT_NAMES, card_kind, card_of, cards_of
from cardrules.games.fildinski.melds import MeldKind
from cardrules.svg.draw import (
    CARD_HEIGHT,
    CARD_WIDTH,
    document,
    draw_box,
    draw_card,
    draw_pile,
    draw_row,
    draw_text,
    face_of,
    fit_size,
    row_width,
)
from cardrules.svg.marks import MarkLookup, Marks, MarkTarget, card_keys

if TYPE_CHECKING:
    from cardrules.games.fildinski.observation import FildinskiObservation
    from cardrules.games.fildinski.state import FildinskiState

__all__ = ["TableView", "display_order", "draw_observation", "draw_state", "draw_view"]

WIDTH: Final = 960
"""The picture's width (its height follows the won piles and melds)."""

_SUIT_ORDER: Final = (Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS)  # colours alternate
_PANEL_X: Final = 516
_MINI: Final = 0.5
_MINI_STEP: Final = 14
_MELD: Final = 0.5


def display_order(cards: tuple[Card, ...]) -> tuple[Card, ...]:
    """Cards as a player sorts them: by suit (♠ ♥ ♣ ♦), the strongest first (A 10 K Q J 9 8 7)."""
    return tuple(sorted(cards, key=lambda c: (_SUIT_ORDER.index(c.suit), -(card_kind(c) or 0))))


@dataclass(frozen=True, slots=True)
class TableView:
    """What one picture of the table shows (every card in it is one the viewer may see).

    Attributes:
        hands: each seat's hand, face-down cards as ``None``.
        stock: the stock's cards top first (the adjudicator's view), or ``None`` when face down.
        stock_size: how many cards the stock holds, the turn-up included.
        turnup: the turn-up while it lies under the stock, else ``None``.
        trick: the trick in progress; last_trick: the last completed one, ``(seat, card)``.
        won, retired: each seat's won pile and retired cards.
        melds: every meld of the deal as (seat, kind, cards, trick); dix: (seat, seven, taken, trick).
        bottom: the seat drawn at the bottom; viewer: whose view it is (``None``: the adjudicator's).
        Other fields: the deal, whose turn it is, the points.
    """

    hands: tuple[tuple[Card | None, ...], tuple[Card | None, ...]]
    stock: tuple[Card, ...] | None
    stock_size: int
    turnup: Card | None
    trump: Suit
    trick: tuple[tuple[int, Card], ...]
    last_trick: tuple[tuple[int, Card], ...]
    won: tuple[tuple[Card, ...], tuple[Card, ...]]
    retired: tuple[tuple[Card, ...], tuple[Card, ...]]
    melds: tuple[tuple[int, MeldKind, tuple[Card, ...], int], ...]
    dix: tuple[int, Card, Card, int] | None
    bottom: int
    viewer: int | None
    deal_number: int
    dealer: int
    trick_number: int
    current_player: int
    in_meld_step: bool
    deal_points: tuple[int, int]
    totals: tuple[int, int]


def observation_view(seen: FildinskiObservation) -> TableView:
    """One seat's view, from its observation alone: the opponent's hand and the stock face down."""
    mine = display_order(seen.hand)
    other: tuple[Card | None, ...] = (None,) * seen.hand_sizes[1 - seen.seat]
    done = len(seen.plays) - len(seen.trick)
    return TableView(
        hands=(mine, other) if seen.seat == 0 else (other, mine),
        stock=None,
        stock_size=seen.stock_size,
        turnup=seen.turnup,
        trump=seen.trump,
        trick=seen.trick,
        last_trick=seen.plays[done - 2 : done] if done >= 2 else (),
        won=(display_order(seen.won[0]), display_order(seen.won[1])),
        retired=(display_order(seen.retired[0]), display_order(seen.retired[1])),
        melds=seen.melds,
        dix=seen.dix,
        bottom=seen.seat,
        viewer=seen.seat,
        deal_number=seen.deal_number,
        dealer=seen.dealer,
        trick_number=seen.trick_number,
        current_player=seen.current_player,
        in_meld_step=seen.in_meld_step,
        deal_points=seen.deal_points,
        totals=seen.totals,
    )


def state_view(state: FildinskiState) -> TableView:
    """The adjudicator's view of ``state``: p0's view with p1's hand and the stock turned up."""
    view = observation_view(state.observation(0))
    hands = (display_order(cards_of(state.hands[0])), display_order(cards_of(state.hands[1])))
    return replace(view, hands=hands, stock=tuple(card_of(c) for c in state.stock), viewer=None)


def draw_state(state: FildinskiState, marks: Marks) -> str:
    """The table of ``state`` as an adjudicator sees it, with ``marks``."""
    return draw_view(state_view(state), marks)


def draw_observation(seen: FildinskiObservation, marks: Marks) -> str:
    """The table as the observation's seat sees it, with ``marks`` (only on cards it sees)."""
    return draw_view(observation_view(seen), marks)


def _in_hand(target: MarkTarget) -> tuple[str, ...]:
    """What a mark names in the hands, the trick and the stock: a meld's cards lie in a won pile instead."""
    return () if isinstance(target, DeclareMelds) else card_keys(target)


def _in_pile(target: MarkTarget) -> tuple[str, ...]:
    """What a mark names in the won piles: a card, a meld's cards, the dix's seven (from the trick)."""
    return () if isinstance(target, PlayCard) else card_keys(target)


def _header(view: TableView) -> str:
    turnup = "" if view.turnup is None else f", turn-up {view.turnup.pretty()}"
    who = "" if view.viewer is None else f", seen by p{view.viewer}"
    first = f"Fildinski, deal {view.deal_number}: {SUIT_NAMES[view.trump]} are trump{turnup}{who}"
    if view.current_player == TERMINAL:
        turn = "the game is over"
    elif view.in_meld_step:
        turn = f"p{view.current_player} in the meld step after trick {view.trick_number}"
    else:
        stage = "endgame" if view.turnup is None else "stock phase"
        turn = f"p{view.current_player} to play to trick {view.trick_number} ({stage})"
    second = (
        f"dealer p{view.dealer} · {turn} · deal points p0 {view.deal_points[0]}, p1 {view.deal_points[1]}"
        f" · totals p0 {view.totals[0]}, p1 {view.totals[1]}"
    )
    return draw_text(20, 28, first, size=fit_size(first, WIDTH - 40, 17), weight="bold") + draw_text(
        20, 50, second, size=fit_size(second, WIDTH - 40, 13)
    )


def _hand(view: TableView, seat: int, y: float, marks: MarkLookup) -> str:
    cards = tuple(None if c is None else face_of(c) for c in view.hands[seat])
    acting = seat == view.current_player
    text = f"p{seat} · {len(cards)} cards" + (" · dealer" if seat == view.dealer else "")
    if acting:
        text += " · in the meld step" if view.in_meld_step else " · to play"
    x = 260 - row_width(max(1, len(cards)), step=30) / 2
    label = draw_text(
        x,
        y - 18,
        text,
        size=13,
        weight="bold" if acting else "normal",
        fill="#a5322a" if acting else "#1d2a1d",
    )
    return label + draw_row(cards, x, y, seat=seat, marks=marks, step=30)


def _centre(view: TableView, marks: MarkLookup, y: float) -> str:
    """The stock and turn-up, the trick in progress and the last trick, in a band at ``y``."""
    face_down = view.stock_size - (view.turnup is not None)
    parts = [draw_pile(face_down, 30, y, caption=f"stock: {view.stock_size}")]
    if view.turnup is not None:
        parts.append(draw_card(face_of(view.turnup), 92, y, zone="turn-up"))
        parts.append(draw_text(117, y + CARD_HEIGHT + 14, "turn-up", size=11, anchor="middle"))
    for n, (seat, c) in enumerate(view.trick):
        shown = face_of(c)
        x = 190 + n * 60
        mark = marks.colour(shown.key, seat)
        parts.append(
            draw_card(shown, x, y, seat=seat, mark=mark, order=n + 1, zone="trick", label=f"p{seat}")
        )
    if not view.trick:
        parts.append(draw_text(245, y + 40, "no card in the trick", size=12, anchor="middle"))
    if view.last_trick:
        caption = "trick just won" if view.in_meld_step else "last trick"
        parts.append(draw_text(362, y + 4, caption, size=11))
        for n, (seat, c) in enumerate(view.last_trick):
            x = 362 + n * 40
            shown = face_of(c)
            parts.append(
                draw_card(
                    shown, x, y + 12, scale=0.64, seat=seat, order=n + 1, zone="last-trick", label=f"p{seat}"
                )
            )
    return "".join(parts)


def _minis(
    cards: tuple[Card, ...], x: float, y: float, seat: int | None, zone: str, marks: MarkLookup, per_row: int
) -> tuple[str, float]:
    """Small cards in rows of ``per_row`` from ``(x, y)``: the fragment and the height it takes."""
    parts = []
    rows = [cards[i : i + per_row] for i in range(0, len(cards), per_row)]
    for r, row in enumerate(rows):
        shown = tuple(face_of(c) for c in row)
        parts.append(
            draw_row(
                shown, x, y + r * 40, seat=seat, marks=marks, scale=_MINI, step=_MINI_STEP * 2, zone=zone
            )
        )
    return "".join(parts), 40 * len(rows)


def _panel(view: TableView, seat: int, y: float, marks: MarkLookup) -> tuple[str, float]:
    """One seat's won pile, retired cards, melds and dix from ``y``: the fragment and its end."""
    x = _PANEL_X + 12
    per_row = int((WIDTH - 40 - x - CARD_WIDTH * _MINI) // _MINI_STEP) + 1
    won = view.won[seat]
    parts = [
        draw_text(
            x,
            y + 16,
            f"p{seat}: deal points {view.deal_points[seat]}, won pile {len(won)} cards",
            size=13,
            weight="bold",
        )
    ]
    y += 30
    if won:
        fragment, height = _minis(won, x, y, seat, "won", marks, per_row)
        parts.append(fragment)
        y += height
    if view.retired[seat]:
        parts.append(draw_text(x, y + 10, f"retired melded cards: {len(view.retired[seat])}", size=11))
        fragment, height = _minis(view.retired[seat], x, y + 16, seat, "retired", marks, per_row)
        parts.append(fragment)
        y += height + 16
    melds = [m for m in view.melds if m[0] == seat]
    parts.append(draw_text(x, y + 12, "melds:" if melds else "no meld yet", size=11))
    y += 18
    for _, kind, cards, trick_number in melds:
        shown = tuple(face_of(c) for c in cards)
        parts.append(draw_row(shown, x, y, seat=seat, scale=_MELD, step=36, zone="meld"))
        text_x = x + row_width(len(cards), scale=_MELD, step=36) + 8
        parts.append(
            draw_text(text_x, y + 22, f"{kind.label}, {kind.points} (after trick {trick_number})", size=12)
        )
        y += 40
    if view.dix is not None and view.dix[0] == seat:
        _, seven, taken, trick_number = view.dix
        parts.append(
            draw_text(
                x, y + 12, f"dix after trick {trick_number}: {seven.pretty()} for {taken.pretty()}", size=11
            )
        )
        y += 20
    return "".join(parts), y + 8


def draw_view(view: TableView, given: Marks) -> str:
    """The picture of ``view``: the header, the hands around the stock and trick, each seat's pile and melds.

    A card play marks the card in its player's hand or the trick, a meld its
    cards in the melder's won pile, a dix the seven wherever it lies.
    """
    marks, pile_marks = given.lookup(_in_hand), given.lookup(_in_pile)
    top, bottom = 1 - view.bottom, view.bottom
    left = [
        _header(view),
        _hand(view, top, 112, marks),
        _centre(view, marks, 212),
        _hand(view, bottom, 366, marks),
    ]
    end_left = 450.0
    if view.stock is not None:
        left.append(
            draw_text(20, 470, f"stock, top first (the turn-up last): {len(view.stock)} cards", size=11)
        )
        fragment, height = _minis(view.stock, 20, 480, None, "stock", marks, 33)
        left.append(fragment)
        end_left = 480 + height
    top_panel, after_top = _panel(view, top, 70, pile_marks)
    bottom_panel, end_right = _panel(view, bottom, max(after_top, 270), pile_marks)
    height = max(end_left, end_right) + 12
    frame = draw_box(8, 64, _PANEL_X - 8, height - 72, fill="#dfeadb", stroke="#b9cbb4", rx=14) + draw_box(
        _PANEL_X, 64, WIDTH - 8 - _PANEL_X, height - 72, fill="#eaf1e7", stroke="#b9cbb4", rx=14
    )
    title = "Fildinski table" if view.viewer is None else f"Fildinski table seen by p{view.viewer}"
    body = frame + "".join(left) + top_panel + bottom_panel
    return document(WIDTH, height, f"{title}, deal {view.deal_number}", body)
