"""The Backstab Fish table as a picture: up to ten seats in a ring, the stock, laid sets and scores.

Only ranks matter in Backstab Fish (backstab_fish.setup.deck), so a card
shows its rank alone and a hand is drawn as one card per rank with how many
of it the seat holds (``×3``). :func:`draw_state` draws a state as an
adjudicator sees it (every hand face up, and the top of the stock);
:func:`draw_observation` what one seat sees (backstab_fish.info.hidden: the
other hands as face-down piles, only their sizes known; the stock by its size;
backstab_fish.info.public: the laid sets, the scores and the latest events),
that seat at the bottom. The seats sit clockwise around the table from the
top left, p0 first in the adjudicator's picture. Both draw one :class:`TableView`.

>>> import cardrules
>>> state = cardrules.get_game("backstab_fish", players=5).new_game(seed=3)
>>> seen = draw_observation(state.observation(2), Marks())
>>> seen.count('class="card back"')  # four hands and the stock, each one face-down pile
5
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Final

from cardrules.cards import Card
from cardrules.game import TERMINAL
from cardrules.games.backstab_fish.actions import Ask, LayDown
from cardrules.games.backstab_fish.cards import FishRank, parse_rank, rank_of_card, set_ranks
from cardrules.games.backstab_fish.observation import PublicEvent
from cardrules.svg.draw import (
    Shown,
    document,
    draw_box,
    draw_pile,
    draw_row,
    draw_text,
    fit_size,
    rank_face,
)
from cardrules.svg.marks import MarkLookup, Marks, MarkTarget

if TYPE_CHECKING:
    from cardrules.games.backstab_fish.observation import BackstabFishObservation
    from cardrules.games.backstab_fish.state import BackstabFishState

__all__ = ["TableView", "draw_observation", "draw_state", "draw_view", "fish_keys", "rank_face_of"]

_BLOCK_W: Final = 232
_BLOCK_H: Final = 150
_GAP: Final = 12
_HAND: Final = 0.64
_SET: Final = 0.5
_STOCK_SHOWN: Final = 12


def rank_face_of(rank: FishRank) -> Shown:
    """The face of a card of ``rank``: its rank alone (``10`` for the ten), named by its token (``T``)."""
    label = "10" if rank is FishRank.TEN else rank.token
    return rank_face(label, rank.token, rank.plural[:-1] if rank is not FishRank.SIX else "six")


def fish_keys(target: MarkTarget) -> tuple[str, ...]:
    """What a mark names here, ranks: a card's or a text's rank, an ask's rank, a lay-down's sets."""
    if isinstance(target, Card):
        return (rank_of_card(target).token,)
    if isinstance(target, str):
        return (parse_rank(target).token,)
    if isinstance(target, Ask):
        return (target.rank.token,)
    if isinstance(target, LayDown):
        return tuple(rank.token for rank in target.sets)
    return ()


@dataclass(frozen=True, slots=True)
class TableView:
    """What one picture of the table shows (every rank in it is one the viewer may see).

    Attributes:
        hands: each seat's hand as ``(rank, count)`` groups in rank order, or
            ``None`` for a hand the viewer may not see.
        sizes: how many cards each seat holds.
        laid: each seat's laid sets, one rank per set.
        scores: each seat's score.
        stock_size: how many cards the stock holds; stock_top: its top cards'
            ranks, top first (the adjudicator's view), else ``()``.
        events: the latest public events, oldest first.
        bottom: the seat drawn at the bottom middle; viewer: whose view it is (``None``: the adjudicator's).
        dealer, current_player, phase, turns, stall, stall_limit: whose turn it is, and the counters.
    """

    hands: tuple[tuple[tuple[FishRank, int], ...] | None, ...]
    sizes: tuple[int, ...]
    laid: tuple[tuple[FishRank, ...], ...]
    scores: tuple[int, ...]
    stock_size: int
    stock_top: tuple[FishRank, ...]
    events: tuple[PublicEvent, ...]
    bottom: int | None
    viewer: int | None
    dealer: int
    current_player: int
    phase: str
    turns: int
    stall: int
    stall_limit: int | None


def _groups(ranks: tuple[FishRank, ...]) -> tuple[tuple[FishRank, int], ...]:
    out: list[tuple[FishRank, int]] = []
    for rank in ranks:
        if out and out[-1][0] is rank:
            out[-1] = (rank, out[-1][1] + 1)
        else:
            out.append((rank, 1))
    return tuple(out)


def observation_view(seen: BackstabFishObservation) -> TableView:
    """One seat's view, from its observation alone: the other hands face down."""
    return TableView(
        hands=tuple(
            _groups(seen.hand) if seat == seen.seat else None for seat in range(len(seen.hand_sizes))
        ),
        sizes=seen.hand_sizes,
        laid=seen.laid,
        scores=seen.scores,
        stock_size=seen.stock_size,
        stock_top=(),
        events=seen.events[-3:],
        bottom=seen.seat,
        viewer=seen.seat,
        dealer=seen.dealer,
        current_player=seen.current_player,
        phase=seen.phase,
        turns=seen.turns,
        stall=seen.stall,
        stall_limit=seen.stall_limit,
    )


def state_view(state: BackstabFishState) -> TableView:
    """The adjudicator's view of ``state``: every hand face up, the top of the stock, p0 at the top left."""
    view = observation_view(state.observation(0))
    hands = tuple(_groups(set_ranks(hand)) for hand in state.hands)
    return replace(view, hands=hands, stock_top=state.stock_ranks()[:_STOCK_SHOWN], bottom=None, viewer=None)


def draw_state(state: BackstabFishState, marks: Marks) -> str:
    """The table of ``state`` as an adjudicator sees it, with ``marks``."""
    return draw_view(state_view(state), marks.lookup(fish_keys))


def draw_observation(seen: BackstabFishObservation, marks: Marks) -> str:
    """The table as the observation's seat sees it, with ``marks`` (only on cards it sees)."""
    return draw_view(observation_view(seen), marks.lookup(fish_keys))


def _slots(players: int) -> tuple[tuple[int, int], ...]:
    """The (row, column) of each place around the table, clockwise from the top left."""
    top = (players + 1) // 2
    bottom = players - top
    return tuple((0, c) for c in range(top)) + tuple((1, c) for c in reversed(range(bottom)))


def _seat_at(view: TableView, players: int) -> tuple[int, ...]:
    """The seat in each place: p0 first, or the viewer in the middle of the bottom row."""
    if view.bottom is None:
        return tuple(range(players))
    top = (players + 1) // 2
    place = top + (players - top - 1) // 2
    return tuple((view.bottom - place + k) % players for k in range(players))


def _block(view: TableView, seat: int, x: float, y: float, marks: MarkLookup) -> str:
    size, sets = view.sizes[seat], view.laid[seat]
    roles = [f"p{seat}", f"{size} card{'s' * (size != 1)}", f"score {view.scores[seat]}"]
    if seat == view.dealer:
        roles.append("dealer")
    acting = seat == view.current_player
    if acting:
        roles.append("to ask" if view.phase == "ask" else "to lay down")
    parts = [
        draw_box(x, y, _BLOCK_W, _BLOCK_H, fill="#eaf1e7", stroke="#a5322a" if acting else "#b9cbb4", rx=10),
        draw_text(
            x + 8,
            y + 18,
            " · ".join(roles),
            size=fit_size(" · ".join(roles), _BLOCK_W - 16, 12.5),
            weight="bold" if acting else "normal",
            fill="#a5322a" if acting else "#1d2a1d",
        ),
    ]
    hand = view.hands[seat]
    if hand is None:
        parts.append(draw_pile(size, x + 10, y + 34, scale=_HAND, seat=seat, zone="hand"))
    elif hand:
        step = min(30.0, (_BLOCK_W - 20 - 50 * _HAND) / _HAND / max(1, len(hand) - 1))
        faces = tuple(rank_face_of(rank) for rank, _ in hand)
        badges = tuple(f"×{count}" if count > 1 else None for _, count in hand)
        parts.append(
            draw_row(faces, x + 10, y + 34, seat=seat, marks=marks, scale=_HAND, step=step, badges=badges)
        )
    else:
        parts.append(draw_text(x + 10, y + 60, "no card", size=11))
    label = f"sets laid: {len(sets)}" if sets else "no set laid"
    parts.append(draw_text(x + 10, y + 96, label, size=11))
    if sets:
        step = min(30.0, (_BLOCK_W - 20 - 50 * _SET) / _SET / max(1, len(sets) - 1))
        faces = tuple(rank_face_of(rank) for rank in sets)
        parts.append(draw_row(faces, x + 10, y + 102, seat=seat, scale=_SET, step=step, zone="laid"))
    return "".join(parts)


def _centre(view: TableView, x: float, y: float, width: float) -> str:
    parts = [draw_pile(view.stock_size, x + 16, y + 12, scale=_HAND, caption=f"stock: {view.stock_size}")]
    if view.current_player == TERMINAL:
        turn = "the game is over"
    else:
        turn = f"p{view.current_player} to {'ask' if view.phase == 'ask' else 'lay down'}"
    limit = "" if view.stall_limit is None else f" of {view.stall_limit}"
    lines = [f"{turn} · turns played {view.turns} · unproductive turns in a row {view.stall}{limit}"]
    lines += [str(event) for event in view.events]
    for n, line in enumerate(lines):
        parts.append(draw_text(x + 80, y + 24 + 18 * n, line, size=fit_size(line, width - 96, 12)))
    if view.stock_top:
        parts.append(draw_text(x + 80, y + 24 + 18 * len(lines) + 4, "stock, top first:", size=11))
        faces = tuple(rank_face_of(rank) for rank in view.stock_top)
        parts.append(draw_row(faces, x + 180, y + 14 + 18 * len(lines), scale=_SET, step=30, zone="stock"))
    return "".join(parts)


def draw_view(view: TableView, marks: MarkLookup) -> str:
    """The picture of ``view``: the seats around the table in two rows, the stock and the news between."""
    players = len(view.sizes)
    columns = (players + 1) // 2
    width = max(820.0, 28 + columns * (_BLOCK_W + _GAP))
    row_y = (70.0, 70.0 + _BLOCK_H + 142)
    left = (width - (columns * _BLOCK_W + (columns - 1) * _GAP)) / 2
    bottom_count = players - columns
    bottom_left = (width - (bottom_count * _BLOCK_W + max(0, bottom_count - 1) * _GAP)) / 2
    parts = [draw_box(8, 62, width - 16, 2 * _BLOCK_H + 158, fill="#dfeadb", stroke="#b9cbb4", rx=14)]
    who = "" if view.viewer is None else f", seen by p{view.viewer}"
    first = f"Backstab Fish, {players} players{who}"
    second = (
        "scores: " + ", ".join(f"p{s} {p}" for s, p in enumerate(view.scores)) + f" · dealer p{view.dealer}"
    )
    parts.append(draw_text(20, 28, first, size=fit_size(first, width - 40, 17), weight="bold"))
    parts.append(draw_text(20, 50, second, size=fit_size(second, width - 40, 13)))
    for (row, column), seat in zip(_slots(players), _seat_at(view, players), strict=True):
        x = (left if row == 0 else bottom_left) + column * (_BLOCK_W + _GAP)
        parts.append(_block(view, seat, x, row_y[row], marks))
    parts.append(_centre(view, 24, row_y[0] + _BLOCK_H + 6, width - 48))
    height = row_y[1] + _BLOCK_H + 16
    title = "Backstab Fish table" if view.viewer is None else f"Backstab Fish table seen by p{view.viewer}"
    return document(width, height, title, "".join(parts))
