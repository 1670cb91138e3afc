"""What one seat sees: its own hand and the public record, and the text of both.

backstab_fish.info.hidden and backstab_fish.info.public: a seat sees its own
hand; of the others only how many cards they hold; of the stock only its size;
and every public event. The state keeps those events as a chain of small
tuples, newest first (``EventChain``), which the phase modules extend as
the turn goes; :func:`events_of` reads the chain back as
:class:`PublicEvent` values, oldest first.

>>> print(PublicEvent("ask", 0, 3, FishRank.KING, 2))
p0 asks p3 for 2 kings
>>> events_of(((None, ("ask", 1, 0, 12, 1, 0)), ("go-fish", 0, 1, 12, 1, 0)))[-1].kind
'go-fish'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Final, TypeAlias

from cardrules.game import TERMINAL
from cardrules.games.backstab_fish.actions import ASK
from cardrules.games.backstab_fish.cards import ALL_RANKS, NO_RANKS, FishRank, Ranks, set_ranks
from cardrules.notation import format_seat
from cardrules.svg import SvgPicture
from cardrules.svg.marks import Marks

if TYPE_CHECKING:
    from cardrules.games.backstab_fish.state import BackstabFishState

__all__ = [
    "ALL_EMPTY",
    "END_RULES",
    "SOLE_HOLDER",
    "STALL_LIMIT",
    "BackstabFishObservation",
    "PublicEvent",
    "events_of",
    "observe",
]

ALL_EMPTY: Final = "backstab_fish.end.all-empty"
"""The end rule of a game in which the stock and every hand are empty."""
SOLE_HOLDER: Final = "backstab_fish.end.sole-holder"
"""The end rule of a game in which the stock is empty and one player holds cards."""
STALL_LIMIT: Final = "backstab_fish.end.stall-limit"
"""The end rule of a game stopped by K unproductive turns in a row."""

END_RULES: Final = (ALL_EMPTY, SOLE_HOLDER, STALL_LIMIT)
"""The end rules in the order step 4 tries them; an ``end`` event stores its rule's place here."""

Event: TypeAlias = tuple[str, int, int, int, int, int]
"""A public event, internally: ``(kind, seat, other seat, rank, count, packed sets)``."""

EventChain: TypeAlias = "tuple[EventChain, tuple[str, int, int, int, int, int]] | None"
"""The public events so far, newest first, as a chain of ``(earlier, event)`` links of ``Event``.

(The event's tuple is written out, so that the alias reads back wherever it is imported.)
"""


@dataclass(frozen=True, slots=True)
class PublicEvent:
    """One public event (backstab_fish.info.public), as every player sees it.

    Attributes:
        kind: ``ask`` (``seat`` asks ``other`` for ``count`` of ``rank``),
            ``give`` (``seat`` hands ``count`` cards of ``rank`` to ``other``),
            ``go-fish`` (``seat`` says go fish to ``other``, who draws ``count``
            cards, 0 or 1), ``refill`` (``seat`` draws ``count`` cards),
            ``lay-down`` (``seat`` lays ``sets`` down at step 3), ``end-turn``
            (``seat`` lays nothing down), ``skip`` (``seat`` holds no card and
            is passed over), ``end`` (the game ends under ``rule``),
            ``final-lay-down`` (``seat`` lays ``sets`` down at the end).
        seat: the seat the event is about.
        other: the other seat involved, or -1.
        rank: the rank involved, or ``None``.
        count: the number of cards involved (0 if none).
        sets: the ranks of the sets laid, one per set.
        rule: for ``end``, the end rule's id.
    """

    kind: str
    seat: int
    other: int = -1
    rank: FishRank | None = None
    count: int = 0
    sets: Ranks = NO_RANKS
    rule: str = ""

    def __str__(self) -> str:
        who, other = format_seat(self.seat), format_seat(self.other)
        rank = self.rank.named(self.count) if self.rank is not None else ""
        sets = " ".join(rank.token for rank in self.sets)
        texts = {
            "ask": f"{who} asks {other} for {self.count} {rank}",
            "give": f"{who} hands {self.count} {rank} to {other}",
            "go-fish": f"{who} says go fish; {other} draws {self.count} card{'s' * (self.count != 1)}",
            "refill": f"{who} draws {self.count} card{'s' * (self.count != 1)} into an empty hand",
            "lay-down": f"{who} lays down {sets}",
            "end-turn": f"{who} lays nothing down",
            "skip": f"{who} holds no card and is skipped",
            "end": f"the game ends [{self.rule}]",
            "final-lay-down": f"{who} lays down {sets} at the end",
        }
        return texts.get(self.kind, self.kind)


def _public(event: Event) -> PublicEvent:
    kind, seat, other, rank, count, sets = event
    return PublicEvent(
        kind=kind,
        seat=seat,
        other=other,
        rank=ALL_RANKS[rank] if rank >= 0 else None,
        count=count,
        sets=set_ranks(sets) if sets else NO_RANKS,
        rule=END_RULES[count] if kind == "end" else "",
    )


def events_of(history: EventChain) -> tuple[PublicEvent, ...]:
    """The public events of a chain, oldest first."""
    out: list[Event] = []
    link = history
    while link is not None:
        link, event = link
        out.append(event)
    out.reverse()
    return tuple(_public(event) for event in out)


@dataclass(frozen=True, slots=True)
class BackstabFishObservation(SvgPicture):
    """What one seat may know: its own hand and everything public, nothing else.

    backstab_fish.info.hidden and backstab_fish.info.public: other hands are
    shown only by their sizes, the stock only by its size, and draws only by
    how many cards they take.

    Attributes:
        seat: the observing seat.
        hand: the seat's own cards, as ranks in rank order (they print as ranks: ``3 5 8 K K``).
        hand_sizes: how many cards each seat holds.
        stock_size: how many cards are left in the stock.
        laid: each seat's laid sets, one rank per set.
        scores: each seat's score.
        dealer: the dealer.
        current_player: the seat to act, or ``TERMINAL``.
        phase: ``ask``, ``lay-down`` or ``over``.
        stall: the number of unproductive turns in a row.
        stall_limit: K, or ``None``.
        turns: the number of turns played.
        events: every public event so far, in order.
    """

    seat: int
    hand: Ranks
    hand_sizes: tuple[int, ...]
    stock_size: int
    laid: tuple[Ranks, ...]
    scores: tuple[int, ...]
    dealer: int
    current_player: int
    phase: str
    stall: int
    stall_limit: int | None
    turns: int
    events: tuple[PublicEvent, ...]

    def _svg_table(self, marks: Marks) -> str:
        """The table as this seat sees it, for :func:`cardrules.svg.table`, ``svg()`` and notebooks."""
        from cardrules.games.backstab_fish.picture import draw_observation

        return draw_observation(self, marks)

    def __str__(self) -> str:
        """A few lines a player reads: the table as this seat sees it."""
        to_act = (
            "game over"
            if self.current_player == TERMINAL
            else f"{format_seat(self.current_player)} to {'ask' if self.phase == 'ask' else 'lay down'}"
        )
        sizes = " ".join(f"{format_seat(s)}:{n}" for s, n in enumerate(self.hand_sizes))
        laid = " | ".join(
            f"{format_seat(s)}: {' '.join(r.token for r in sets) or '-'}" for s, sets in enumerate(self.laid)
        )
        last = str(self.events[-1]) if self.events else "nothing yet"
        return "\n".join(
            [
                f"seen by {format_seat(self.seat)}; dealer {format_seat(self.dealer)}; {to_act}; "
                f"turn {self.turns}, stock {self.stock_size}, stall {self.stall}",
                f"hand: {self.hand or '(empty)'}",
                f"cards held: {sizes}",
                f"sets laid: {laid}",
                f"last: {last}",
            ]
        )


def observe(state: BackstabFishState, seat: int) -> BackstabFishObservation:
    """What ``seat`` (a valid seat) may know in ``state``: its own hand and the public record."""
    phase = "over" if state.is_terminal else ("ask" if state.phase == ASK else "lay-down")
    return BackstabFishObservation(
        seat=seat,
        hand=set_ranks(state.hands[seat]),
        hand_sizes=state.sizes,
        stock_size=state.stock_size,
        laid=tuple(set_ranks(sets) for sets in state.laid),
        scores=state.points,
        dealer=state.deal.dealer,
        current_player=state.current_player,
        phase=phase,
        stall=state.stall,
        stall_limit=state.deal.limit,
        turns=state.turns,
        events=events_of(state.history),
    )
