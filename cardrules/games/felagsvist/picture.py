"""The Félagsvist table as a picture: four seats around the trick, the deal's kind, tricks and totals.

:func:`draw_state` draws a state as an adjudicator sees it (every hand face
up, S at the bottom); :func:`draw_observation` draws what one seat sees
(felagsvist.info.hidden-hands: the other hands face down, only their sizes
known), with that seat at the bottom. Both draw one :class:`TableView`, so the
two pictures have the same layout; the view of an observation is built from
the observation alone, so it cannot show a card the seat may not see.

>>> import cardrules
>>> state = cardrules.get_game("felagsvist").new_game(seed=3)
>>> seen = draw_observation(state.observation(1), Marks())
>>> seen.count('class="card back"'), seen.count('class="card"')
(39, 13)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from cardrules.cards import Card, Suit, card_at, cards_in
from cardrules.game import TERMINAL
from cardrules.games.felagsvist.actions import SEAT_NAMES
from cardrules.games.felagsvist.cards import SUIT_NAMES
from cardrules.games.felagsvist.options import RoundKind
from cardrules.svg.draw import (
    CARD_HEIGHT,
    CARD_WIDTH,
    LIFT,
    document,
    draw_box,
    draw_card,
    draw_row,
    draw_text,
    face_of,
    fit_size,
    row_width,
)
from cardrules.svg.marks import MarkLookup, Marks

if TYPE_CHECKING:
    from cardrules.games.felagsvist.observation import FelagsvistObservation
    from cardrules.games.felagsvist.state import FelagsvistState

__all__ = ["TableView", "display_order", "draw_observation", "draw_state", "draw_view"]

WIDTH: Final = 960
"""The picture's width."""
HEIGHT: Final = 572
"""The picture's height."""

_SUIT_ORDER: Final = (Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS)  # colours alternate
_SIDES: Final = ("NS", "EW")


def display_order(cards: tuple[Card, ...]) -> tuple[Card, ...]:
    """Cards as a player sorts a hand: by suit (♠ ♥ ♣ ♦, colours alternating), the highest first."""
    return tuple(sorted(cards, key=lambda c: (_SUIT_ORDER.index(c.suit), -c.rank)))


@dataclass(frozen=True, slots=True)
class TableView:
    """What one picture of the table shows (every card it holds is one the viewer may see).

    Attributes:
        hands: each seat's hand, face up cards as cards, face-down ones as ``None``.
        trick: the trick in progress, ``(seat, card)`` leader first.
        last_trick: the last completed trick of the deal, ``(seat, card)``.
        bottom: the seat drawn at the bottom.
        viewer: the seat whose view it is, or ``None`` for the adjudicator's.
        deal_number, round_kind, trump, dealer, current_player: the deal and whose turn.
        tricks: the (NS, EW) tricks of the deal; totals: the game totals.
    """

    hands: tuple[tuple[Card | None, ...], ...]
    trick: tuple[tuple[int, Card], ...]
    last_trick: tuple[tuple[int, Card], ...]
    bottom: int
    viewer: int | None
    deal_number: int
    round_kind: RoundKind
    trump: Suit | None
    dealer: int
    current_player: int
    tricks: tuple[int, int]
    totals: tuple[int, int]


def _last_trick(plays: tuple[tuple[int, Card], ...], in_trick: int) -> tuple[tuple[int, Card], ...]:
    done = len(plays) - in_trick
    return plays[done - 4 : done] if done >= 4 else ()


def state_view(state: FelagsvistState) -> TableView:
    """The adjudicator's view of ``state``: every hand face up, S at the bottom."""
    trick = tuple(((state.leader + i) % 4, card_at(c)) for i, c in enumerate(state.trick))
    plays = tuple((s, card_at(c)) for s, c in state.plays)
    return TableView(
        hands=tuple(display_order(tuple(cards_in(h))) for h in state.hands),
        trick=trick,
        last_trick=_last_trick(plays, len(trick)),
        bottom=2,
        viewer=None,
        deal_number=state.deal_number,
        round_kind=state.round_kind,
        trump=state.trump,
        dealer=state.dealer,
        current_player=state.current_player,
        tricks=state.tricks,
        totals=state.totals,
    )


def observation_view(seen: FelagsvistObservation) -> TableView:
    """One seat's view, from its observation alone: its hand face up, the others face down."""
    hands = tuple(
        display_order(seen.hand) if seat == seen.seat else (None,) * size
        for seat, size in enumerate(seen.hand_sizes)
    )
    return TableView(
        hands=hands,
        trick=seen.trick,
        last_trick=_last_trick(seen.plays, len(seen.trick)),
        bottom=seen.seat,
        viewer=seen.seat,
        deal_number=seen.deal_number,
        round_kind=seen.round_kind,
        trump=seen.trump,
        dealer=seen.dealer,
        current_player=seen.current_player,
        tricks=seen.tricks,
        totals=seen.totals,
    )


def draw_state(state: FelagsvistState, marks: Marks) -> str:
    """The table of ``state`` as an adjudicator sees it, with ``marks``."""
    return draw_view(state_view(state), marks.lookup())


def draw_observation(seen: FelagsvistObservation, marks: Marks) -> str:
    """The table as the observation's seat sees it, with ``marks`` (only on cards it sees)."""
    return draw_view(observation_view(seen), marks.lookup())


def _name(seat: int) -> str:
    return f"{SEAT_NAMES[seat]} (p{seat})"


def _header(view: TableView) -> str:
    trump = "no trump" if view.trump is None else f"{SUIT_NAMES[view.trump]} are trump"
    nolo = ", fewest tricks wins" if view.round_kind is RoundKind.NOLO else ""
    who = "" if view.viewer is None else f", seen by {_name(view.viewer)}"
    first = f"Félagsvist, deal {view.deal_number}: {view.round_kind.label} ({trump}{nolo}){who}"
    over = view.current_player == TERMINAL
    turn = "the game is over" if over else f"{_name(view.current_player)} to play"
    second = (
        f"dealer {_name(view.dealer)} · {turn} · tricks this deal NS {view.tricks[0]}, EW {view.tricks[1]}"
        f" · game totals NS {view.totals[0]}, EW {view.totals[1]}"
    )
    return draw_text(20, 28, first, size=fit_size(first, WIDTH - 40, 17), weight="bold") + draw_text(
        20, 50, second, size=fit_size(second, WIDTH - 40, 13)
    )


def _seat_label(view: TableView, seat: int, x: float, y: float, anchor: str = "start") -> str:
    held = len(view.hands[seat])
    text = f"{_name(seat)} · {_SIDES[seat % 2]} · {held} card{'s' * (held != 1)}"
    if seat == view.dealer:
        text += " · dealer"
    acting = seat == view.current_player
    if acting:
        text += " · to play"
    return draw_text(
        x,
        y,
        text,
        size=13,
        anchor=anchor,
        weight="bold" if acting else "normal",
        fill="#a5322a" if acting else "#1d2a1d",
    )


def draw_view(view: TableView, marks: MarkLookup) -> str:
    """The picture of ``view``: the header, the four hands around the trick and the last trick."""
    parts = [draw_box(8, 64, WIDTH - 16, HEIGHT - 72, fill="#dfeadb", stroke="#b9cbb4", rx=14), _header(view)]
    cx, cy = WIDTH / 2, 292
    # Where each seat sits, counted clockwise from the bottom: bottom, left, top, right.
    side_y = cy - CARD_HEIGHT / 2
    for offset in range(4):
        seat = (view.bottom + offset) % 4
        cards = tuple(None if c is None else face_of(c) for c in view.hands[seat])
        width = row_width(max(1, len(cards)))
        spots: tuple[tuple[float, float, float, str], ...] = (
            (cx - width / 2, 478, cx, "middle"),
            (24, side_y, 24, "start"),
            (cx - width / 2, 100, cx, "middle"),
            (WIDTH - 24 - width, side_y, WIDTH - 24, "end"),
        )
        x, y, lx, anchor = spots[offset]
        parts.append(_seat_label(view, seat, lx, y - 12 - LIFT, anchor))
        parts.append(draw_row(cards, x, y, seat=seat, marks=marks))
    parts.append(_trick(view, marks, cx, cy))
    parts.append(_last(view))
    title = "Félagsvist table" if view.viewer is None else f"Félagsvist table seen by {_name(view.viewer)}"
    return document(WIDTH, HEIGHT, f"{title}, deal {view.deal_number}", "".join(parts))


def _trick(view: TableView, marks: MarkLookup, cx: float, cy: float) -> str:
    """The trick in progress as a cross: each card in front of its player, numbered, its seat under it."""
    spots = (
        (cx - CARD_WIDTH / 2, cy - CARD_HEIGHT / 2 + 58),  # bottom
        (cx - CARD_WIDTH / 2 - 58, cy - CARD_HEIGHT / 2),  # left
        (cx - CARD_WIDTH / 2, cy - CARD_HEIGHT / 2 - 58),  # top
        (cx - CARD_WIDTH / 2 + 58, cy - CARD_HEIGHT / 2),  # right
    )
    parts = []
    if not view.trick:
        parts.append(draw_text(cx, cy + 5, "no card played to this trick", size=12, anchor="middle"))
    for n, (seat, c) in enumerate(view.trick):
        x, y = spots[(seat - view.bottom) % 4]
        shown = face_of(c)
        mark = marks.colour(shown.key, seat)
        parts.append(
            draw_card(shown, x, y, seat=seat, mark=mark, order=n + 1, zone="trick", label=SEAT_NAMES[seat])
        )
    return "".join(parts)


def _last(view: TableView) -> str:
    """The last completed trick, small, in the bottom right corner."""
    if not view.last_trick:
        return ""
    x0, y0 = WIDTH - 24 - 4 * 36, 490
    parts = [draw_text(x0, y0 - 8, "last trick", size=11)]
    for n, (seat, c) in enumerate(view.last_trick):
        shown = face_of(c)
        parts.append(
            draw_card(
                shown,
                x0 + n * 36,
                y0,
                scale=0.64,
                seat=seat,
                order=n + 1,
                zone="last-trick",
                label=SEAT_NAMES[seat],
            )
        )
    return "".join(parts)
