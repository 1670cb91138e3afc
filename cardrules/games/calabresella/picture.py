"""The Calabresella table as a picture: three hands, the monte, the auction and contract, the trick.

:func:`draw_state` draws a state as an adjudicator sees it (every hand, the
monte and both won piles face up, p0 at the bottom); :func:`draw_observation`
what one seat sees (calabresella.info.hands, calabresella.info.monte: the
other hands and the monte face down, only their sizes known; the monte cards
it was shown or took or laid away itself, and everything once the hand is
settled, calabresella.info.end), that seat at the bottom. The seat after the
bottom one in seat order sits on the right (counter-clockwise play, the
default, passes to the right). Both draw one :class:`TableView`.

>>> import cardrules
>>> state = cardrules.get_game("calabresella").new_game(seed=3)
>>> seen = draw_observation(state.observation(1), Marks())
>>> seen.count('data-zone="hand"'), seen.count('class="card back"')  # two hands and the monte face down
(36, 28)
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Final

from cardrules.cards import Card, Suit, card_at, cards_in
from cardrules.game import TERMINAL
from cardrules.games.calabresella.actions import CallCard
from cardrules.games.calabresella.cards import STRENGTH
from cardrules.games.calabresella.scoring import Contract, Raise, Settlement
from cardrules.svg.draw import (
    CARD_HEIGHT,
    CARD_WIDTH,
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
    from cardrules.games.calabresella.observation import CalabresellaObservation
    from cardrules.games.calabresella.state import CalabresellaState

__all__ = ["TableView", "display_order", "draw_observation", "draw_state", "draw_view"]

WIDTH: Final = 960
"""The picture's width (its height follows what lies on the table)."""

_SUIT_ORDER: Final = (Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS)  # colours alternate
_STEP: Final = 22
_MINI: Final = 0.5


def display_order(cards: tuple[Card, ...]) -> tuple[Card, ...]:
    """Cards as a player sorts them: by suit (♠ ♥ ♣ ♦), the strongest first (3 2 A K Q J 7 6 5 4)."""
    return tuple(sorted(cards, key=lambda c: (_SUIT_ORDER.index(c.suit), -STRENGTH[c.index])))


@dataclass(frozen=True, slots=True)
class TableView:
    """What one picture of the table shows (every card in it is one the viewer may see).

    Attributes:
        hands: each seat's hand, face-down cards as ``None``.
        monte: the monte on the table, face-down cards as ``None``.
        trick: the trick in progress; last_trick: the last completed one, ``(seat, card)``.
        shown_monte: the dealt monte as it was turned up for all, or ``None``.
        final_monte: once settled, the monte that went to the last trick's side, else ``None``.
        taken, laid: the monte cards the viewer took unseen and the cards it laid away.
        won: the bidder's and the opponents' won piles, or ``None`` while face down.
        turn_order: the seats in turn order from the eldest, when the picture knows it.
        bottom: the seat drawn at the bottom; viewer: whose view it is (``None``: the adjudicator's).
        Other fields: the hand, the auction and contract, whose turn it is, the count.
    """

    hands: tuple[tuple[Card | None, ...], ...]
    monte: tuple[Card | None, ...]
    trick: tuple[tuple[int, Card], ...]
    last_trick: tuple[tuple[int, Card], ...]
    shown_monte: tuple[Card, ...] | None
    final_monte: tuple[Card, ...] | None
    taken: tuple[Card, ...]
    laid: tuple[Card, ...]
    won: tuple[tuple[Card, ...], tuple[Card, ...]] | None
    turn_order: tuple[int, ...]
    bottom: int
    viewer: int | None
    dealer: int
    phase: str
    current_player: int
    calls: tuple[tuple[int, str], ...]
    bidder: int | None
    contract: Contract | None
    raised: Raise | None
    called: Card | None
    giver: int | None
    returned: Card | None
    tricks: tuple[int, int]
    settlement: Settlement | None
    balances: tuple[int, int, int]


def observation_view(seen: CalabresellaObservation) -> TableView:
    """One seat's view, from its observation alone: the other hands and the monte face down."""
    hands = tuple(
        display_order(seen.hand) if seat == seen.seat else (None,) * size
        for seat, size in enumerate(seen.hand_sizes)
    )
    monte: tuple[Card | None, ...] = (None,) * seen.monte_size
    won = None
    if seen.won_bidder is not None and seen.won_opponents is not None:
        won = (display_order(seen.won_bidder), display_order(seen.won_opponents))
    done = len(seen.plays) - len(seen.trick)
    return TableView(
        hands=hands,
        monte=monte,
        trick=seen.trick,
        last_trick=seen.plays[done - 3 : done] if done >= 3 else (),
        shown_monte=seen.exposed_monte,
        final_monte=seen.final_monte,
        taken=display_order(seen.received),
        laid=display_order(seen.laid),
        won=won,
        turn_order=(),
        bottom=seen.seat,
        viewer=seen.seat,
        dealer=seen.dealer,
        phase=seen.phase,
        current_player=seen.current_player,
        calls=seen.calls,
        bidder=seen.bidder,
        contract=seen.contract,
        raised=seen.raised,
        called=seen.called,
        giver=seen.giver,
        returned=seen.returned,
        tricks=seen.tricks,
        settlement=seen.settlement,
        balances=seen.balances,
    )


def state_view(state: CalabresellaState) -> TableView:
    """The adjudicator's view of ``state``: p0's view with every hand, the monte and the won piles face up."""
    view = observation_view(state.observation(0))
    eldest = state.eldest
    return replace(
        view,
        hands=tuple(display_order(tuple(cards_in(h))) for h in state.hands),
        monte=tuple(card_at(c) for c in state.monte),
        taken=(),
        laid=(),
        won=(
            display_order(tuple(cards_in(state.won_bidder))),
            display_order(tuple(cards_in(state.won_opponents))),
        ),
        turn_order=(eldest, state.next_seat(eldest), state.next_seat(state.next_seat(eldest))),
        viewer=None,
    )


def draw_state(state: CalabresellaState, marks: Marks) -> str:
    """The table of ``state`` as an adjudicator sees it, with ``marks``."""
    return draw_view(state_view(state), marks)


def draw_observation(seen: CalabresellaObservation, marks: Marks) -> str:
    """The table as the observation's seat sees it, with ``marks`` (only on cards it sees)."""
    return draw_view(observation_view(seen), marks)


def _contract(view: TableView) -> str:
    if view.contract is None:
        return "auction" if view.phase == "auction" else "all three passed: no contract"
    text = f"{view.contract.label} by p{view.bidder}"
    if view.raised is not None and view.raised is not Raise.NONE:
        text += f", {view.raised.value}"
    return text


def _header(view: TableView) -> str:
    who = "" if view.viewer is None else f", seen by p{view.viewer}"
    first = f"Calabresella: {_contract(view)}{who}"
    if view.current_player == TERMINAL:
        turn = "the hand is over"
    else:
        turn = f"p{view.current_player} to act ({view.phase})"
    order = "" if not view.turn_order else " · turn order " + " → ".join(f"p{s}" for s in view.turn_order)
    second = (
        f"dealer p{view.dealer} · {turn} · tricks: bidder {view.tricks[0]}, opponents {view.tricks[1]}{order}"
    )
    return draw_text(20, 28, first, size=fit_size(first, WIDTH - 40, 17), weight="bold") + draw_text(
        20, 50, second, size=fit_size(second, WIDTH - 40, 13)
    )


def _hand(view: TableView, seat: int, x: float, y: float, marks: MarkLookup, anchor: str) -> str:
    cards = tuple(None if c is None else face_of(c) for c in view.hands[seat])
    width = row_width(max(1, len(cards)), step=_STEP)
    left = {"start": x, "middle": x - width / 2, "end": x - width}[anchor]
    roles = [f"p{seat}", f"{len(cards)} cards"]
    if seat == view.dealer:
        roles.append("dealer")
    if seat == view.bidder:
        roles.append("bidder")
    if view.settlement is not None:
        roles.append(f"paid {view.settlement.payments[seat]:+d}")
    acting = seat == view.current_player
    if acting:
        roles.append("to act")
    label = draw_text(
        x,
        y - 18,
        " · ".join(roles),
        size=13,
        anchor=anchor,
        weight="bold" if acting else "normal",
        fill="#a5322a" if acting else "#1d2a1d",
    )
    return label + draw_row(cards, left, y, seat=seat, marks=marks, step=_STEP)


def _facts(view: TableView) -> list[str]:
    """The lines of the panel: the auction, the called card and what became of it, the count."""
    calls = ", ".join(f"p{s} {c}" for s, c in view.calls) or "none yet"
    lines = [f"calls: {calls}"]
    if view.called is not None:
        given = "it lay in the monte" if view.giver is None else f"p{view.giver} gave it"
        lines.append(f"called card {view.called.pretty()}: {given}")
    if view.returned is not None:
        lines.append(f"returned {view.returned.pretty()} to p{view.giver}")
    if view.settlement is not None:
        s = view.settlement
        result = "made it" if s.success else "failed"
        lines.append(f"count: bidder {s.thirds_bidder} thirds ({s.points_bidder} points), {result}")
        extra = [word for word, on in (("cappotto", s.cappotto), ("stramazzo", s.stramazzo)) if on]
        lines.append(f"stake {s.value}" + (f" ({', '.join(extra)})" if extra else ""))
    lines.append("balances: " + ", ".join(f"p{s} {b:+d}" for s, b in enumerate(view.balances)))
    return lines


def _centre(view: TableView, marks: MarkLookup, y: float) -> str:
    """The monte, the trick and the facts panel, in a band at ``y``."""
    monte = tuple(None if c is None else face_of(c) for c in view.monte)
    caption = f"monte (on the table, face down): {len(monte)} cards" if monte else "no monte on the table"
    parts = [draw_text(24, y - 10, caption, size=12)]
    parts.append(draw_row(monte, 24, y, marks=marks, step=CARD_WIDTH + 4, zone="monte"))
    cx = 470
    for n, (seat, c) in enumerate(view.trick):
        x = cx - 85 + n * 60
        shown = face_of(c)
        mark = marks.colour(shown.key, seat)
        parts.append(
            draw_card(shown, x, y, seat=seat, mark=mark, order=n + 1, zone="trick", label=f"p{seat}")
        )
    if not view.trick:
        parts.append(draw_text(cx, y + 40, "no card in the trick", size=12, anchor="middle"))
    if view.last_trick:
        parts.append(draw_text(cx - 60, y + CARD_HEIGHT + 36, "last trick", size=11, anchor="end"))
        for n, (seat, c) in enumerate(view.last_trick):
            parts.append(
                draw_card(
                    face_of(c),
                    cx - 50 + n * 34,
                    y + CARD_HEIGHT + 24,
                    scale=0.6,
                    seat=seat,
                    order=n + 1,
                    zone="last-trick",
                    label=f"p{seat}",
                )
            )
    for n, line in enumerate(_facts(view)):
        parts.append(draw_text(604, y + 6 + 18 * n, line, size=fit_size(line, WIDTH - 628, 12)))
    return "".join(parts)


def _minis(
    title: str, cards: tuple[Card, ...], x: float, y: float, zone: str, seat: int | None, marks: MarkLookup
) -> str:
    shown = tuple(face_of(c) for c in cards)
    return draw_text(x, y, title, size=12) + draw_row(
        shown, x, y + 8, seat=seat, marks=marks, scale=_MINI, step=28, zone=zone
    )


def draw_view(view: TableView, given: Marks) -> str:
    """The picture of ``view``: the header, three hands around the monte and the trick, the won piles.

    A called card is marked wherever it lies; other actions mark their cards
    in their actor's hand or in the trick.
    """
    marks = Marks(tuple((t.card if isinstance(t, CallCard) else t, c) for t, c in given.items)).lookup()
    right, left = (view.bottom + 1) % 3, (view.bottom + 2) % 3
    parts = [
        _header(view),
        _hand(view, left, 24, 112, marks, "start"),
        _hand(view, right, WIDTH - 24, 112, marks, "end"),
        _centre(view, marks, 236),
        _hand(view, view.bottom, WIDTH / 2, 450, marks, "middle"),
    ]
    y = 556.0
    extras: list[tuple[str, tuple[Card, ...], str, int | None]] = []
    if view.shown_monte is not None:
        extras.append(("the monte as turned up for all", view.shown_monte, "shown-monte", None))
    if view.taken:
        extras.append(("monte cards you took unseen", view.taken, "taken", view.viewer))
    if view.laid:
        extras.append(("cards you laid away", view.laid, "laid", view.viewer))
    if view.final_monte is not None:
        extras.append(
            (
                "the monte, which went to the side that won the last trick",
                view.final_monte,
                "final-monte",
                None,
            )
        )
    if view.won is not None and view.bidder is not None:
        for side, cards in zip(("the bidder", "the opponents"), view.won, strict=True):
            if cards:
                extras.append((f"won by {side}: {len(cards)} cards", cards, "won", None))
    # Small groups two to a line, the won piles a line each.
    column = 0
    for title, cards, zone, seat in extras:
        if column == 1 and len(cards) > 8:
            column, y = 0, y + 56
        parts.append(_minis(title, cards, 24 + column * WIDTH / 2, y, zone, seat, marks))
        column = 1 - column if len(cards) <= 8 else 0
        y += 0 if column == 1 else 56
    height = y + (56 if column == 1 else 0) + 4
    frame = draw_box(8, 64, WIDTH - 16, height - 72, fill="#dfeadb", stroke="#b9cbb4", rx=14)
    title = "Calabresella table" if view.viewer is None else f"Calabresella table seen by p{view.viewer}"
    return document(WIDTH, height, title, frame + "".join(parts))
