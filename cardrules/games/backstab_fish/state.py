"""The Backstab Fish state: a whole game as one immutable value.

Only ranks matter (backstab_fish.setup.deck), so the engine keeps every zone as
ranks: a hand is a packed int with a 4-bit count per rank (see
:mod:`~cardrules.games.backstab_fish.ranks`), the stock is the rest of the
dealt deck order from a position on, and each seat's laid sets are a packed
int with the number of sets per rank. What stays fixed for the whole game (the
options, the dealer, the deck order and a few tables) lives in a shared
:class:`Table`.

A turn (backstab_fish.turn.sequence) is one ask, which the engine answers at
once (hand-over or go fish, and any refill), then, when the asker holds four
or more cards of a rank and lay-down is optional, one lay-down decision: a
:class:`~cardrules.games.backstab_fish.actions.LayDown` or an
:class:`~cardrules.games.backstab_fish.actions.EndTurn`. The end check and
the passing of the turn follow without any action.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Final, TypeAlias

from cardrules.cards import Card
from cardrules.errors import GameNotOverError, IllegalActionError, InvalidNotationError
from cardrules.game import TERMINAL, Action, Outcome
from cardrules.games.backstab_fish.actions import Ask, EndTurn, LayDown, read_action
from cardrules.games.backstab_fish.options import (
    BackstabFishOptions,
    Deck,
    EmptyTarget,
    FinalLayDown,
    Give,
    LayDownRule,
)
from cardrules.games.backstab_fish.ranks import ALL_RANKS, FishRank, counts_of
from cardrules.games.backstab_fish.scoring import FOUR_OR_MORE, set_count, set_ranks, sets_in, winners
from cardrules.judging import game_over
from cardrules.notation import format_seat
from cardrules.rules import RuleId
from cardrules.verdict import Verdict

__all__ = [
    "ALL_EMPTY",
    "ASK",
    "LAY_DOWN",
    "REFILL",
    "SOLE_HOLDER",
    "STALL_LIMIT",
    "BackstabFishObservation",
    "BackstabFishState",
    "PublicEvent",
    "Table",
]

ASK: Final = 0
"""Phase: the player to act must ask (step 1)."""
LAY_DOWN: Final = 1
"""Phase: the player to act has asked and decides what to lay down (step 3)."""

REFILL: Final = 7
"""backstab_fish.refill.seven: an emptied hand draws this many cards (or the rest of the stock)."""

ALL_EMPTY: Final = "backstab_fish.end.all-empty"
SOLE_HOLDER: Final = "backstab_fish.end.sole-holder"
STALL_LIMIT: Final = "backstab_fish.end.stall-limit"

_MAX_SEATS: Final = 10
_RANK_CODES: Final = tuple(range(14))

Event: TypeAlias = tuple[str, int, int, int, int, int]
"""A public event, internally: ``(kind, seat, other seat, rank, count, packed sets)``."""

EventChain: TypeAlias = "tuple[EventChain, Event] | None"
"""The public events so far, newest first, as a chain of ``(earlier, event)`` links."""

# One shared Ask per (asker, target, rank, count), so listing legal asks allocates none.
_ASKS: Final[tuple[tuple[tuple[tuple[Ask, ...], ...], ...], ...]] = tuple(
    tuple(
        tuple(tuple(Ask(seat, target, rank, count) for count in range(1, 9)) for rank in ALL_RANKS)
        for target in range(_MAX_SEATS)
    )
    for seat in range(_MAX_SEATS)
)
_END_TURNS: Final = tuple(EndTurn(seat) for seat in range(_MAX_SEATS))


_DECK_OPTIONS: Final = tuple(BackstabFishOptions(deck=deck) for deck in Deck)


def _ask_rows(copies: tuple[int, ...]) -> tuple[tuple[tuple[tuple[Ask, ...], ...], ...], ...]:
    """Per asker and target, per rank, the asks for counts 1..C_r (none for a rank the deck lacks)."""
    return tuple(
        tuple(tuple(row[rank][: copies[rank]] for rank in _RANK_CODES) for row in by_target)
        for by_target in _ASKS
    )


_ROWS: Final[Mapping[tuple[int, ...], tuple[tuple[tuple[tuple[Ask, ...], ...], ...], ...]]] = (
    MappingProxyType({copies: _ask_rows(copies) for copies in {options.copies for options in _DECK_OPTIONS}})
)
"""The ask table of each deck, by its copies per rank (shared by every game with that deck)."""


@dataclass(frozen=True, slots=True)
class Table:
    """What stays fixed for a whole game.

    Attributes:
        options: the game's options.
        dealer: the seat that dealt.
        deck: the dealt deck order, top card first.
        ranks: the rank code of each card of :attr:`deck`.
        players: N.
        limit: the stall limit K, or ``None`` for none.
        size: D, the deck size.
        copies: C_r for each rank code (0 for a rank the deck lacks).
        stock_start: where the stock begins in :attr:`deck` (h x N).
    """

    options: BackstabFishOptions
    dealer: int
    deck: tuple[Card, ...]
    ranks: tuple[int, ...]
    players: int = field(init=False)
    limit: int | None = field(init=False)
    size: int = field(init=False)
    copies: tuple[int, ...] = field(init=False)
    stock_start: int = field(init=False)
    exact: bool = field(init=False, repr=False)
    compulsory: bool = field(init=False, repr=False)
    open_targets: bool = field(init=False, repr=False)
    final_lay_down: bool = field(init=False, repr=False)
    ask_rows: tuple[tuple[tuple[tuple[Ask, ...], ...], ...], ...] = field(
        init=False, repr=False, compare=False
    )

    def __post_init__(self) -> None:
        options = self.options
        put = object.__setattr__
        put(self, "players", options.players)
        put(self, "limit", options.stall_limit)
        put(self, "size", len(self.ranks))
        put(self, "copies", options.copies)
        put(self, "stock_start", options.hand_size * options.players)
        put(self, "exact", options.give is Give.EXACT)
        put(self, "compulsory", options.lay_down is LayDownRule.COMPULSORY)
        put(self, "open_targets", options.empty_target is EmptyTarget.ALLOWED)
        put(self, "final_lay_down", options.final_lay_down is FinalLayDown.ON)
        put(self, "ask_rows", _ROWS[options.copies])


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
    sets: tuple[FishRank, ...] = ()
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


_END_CODES: Final = (ALL_EMPTY, SOLE_HOLDER, STALL_LIMIT)


def _public(event: Event) -> PublicEvent:
    kind, seat, other, rank, count, sets = event
    return PublicEvent(
        kind=kind,
        seat=seat,
        other=other,
        rank=ALL_RANKS[rank] if rank >= 0 else None,
        count=count,
        sets=set_ranks(sets) if sets else (),
        rule=_END_CODES[count] if kind == "end" else "",
    )


@dataclass(frozen=True, slots=True)
class BackstabFishObservation:
    """What one seat may know: its own hand and everything public, nothing else.

    backstab_fish.info.hidden and backstab_fish.info.public: other hands are
    shown only by their sizes, the stock only by its size, and draws only by
    how many cards they take.

    Attributes:
        seat: the observing seat.
        hand: the seat's own cards, as ranks in rank order.
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
    hand: tuple[FishRank, ...]
    hand_sizes: tuple[int, ...]
    stock_size: int
    laid: tuple[tuple[FishRank, ...], ...]
    scores: tuple[int, ...]
    dealer: int
    current_player: int
    phase: str
    stall: int
    stall_limit: int | None
    turns: int
    events: tuple[PublicEvent, ...]

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
                f"hand: {' '.join(r.token for r in self.hand) or '(empty)'}",
                f"cards held: {sizes}",
                f"sets laid: {laid}",
                f"last: {last}",
            ]
        )


@dataclass(frozen=True, slots=True)
class BackstabFishState:
    """A Backstab Fish game in progress (or finished): an immutable value.

    Build one with :meth:`~cardrules.games.backstab_fish.game.BackstabFishGame.new_game` or
    :meth:`~cardrules.games.backstab_fish.game.BackstabFishGame.from_deal`.

    Attributes:
        table: what stays fixed for the game (options, dealer, deck order).
        hands: each seat's hand as a packed int of 4-bit counts per rank
            (:func:`~cardrules.games.backstab_fish.ranks.counts_of` unpacks one).
        sizes: the number of cards in each hand.
        stock: the position in ``table.deck`` of the stock's top card; the
            stock is ``table.deck[stock:]``.
        laid: each seat's laid sets as a packed int of set counts per rank.
        points: each seat's score (its number of laid sets).
        current_player: the seat to act, or :data:`~cardrules.game.TERMINAL`.
        phase: :data:`ASK` or :data:`LAY_DOWN`.
        target: during :data:`LAY_DOWN`, the seat asked this turn (T); else -1.
        productive: during :data:`LAY_DOWN`, whether this turn has already taken
            a card from the stock.
        stall: unproductive turns in a row (backstab_fish.end.stall-limit).
        turns: turns completed (a skip is not a turn).
        end_rule: the end rule that ended the game, or ``None`` while it goes on.
        history: the public events, newest first, as a chain of links.
    """

    table: Table
    hands: tuple[int, ...]
    sizes: tuple[int, ...]
    stock: int
    laid: tuple[int, ...]
    points: tuple[int, ...]
    current_player: int
    phase: int
    target: int
    productive: bool
    stall: int
    turns: int
    end_rule: str | None
    history: EventChain

    # -- construction ---------------------------------------------------------

    @classmethod
    def deal(cls, table: Table) -> BackstabFishState:
        """backstab_fish.setup.deal: card k of the order goes to the k-th seat from the dealer's left.

        The rest is the stock, card h x N on top; backstab_fish.turn.first:
        the dealer's left asks first.
        """
        players = table.players
        hands = [0] * players
        first = (table.dealer + 1) % players
        for k in range(table.stock_start):
            hands[(first + k) % players] += 1 << (table.ranks[k] << 2)
        sizes = (table.options.hand_size,) * players
        zero = (0,) * players
        return cls(
            table, tuple(hands), sizes, table.stock_start, zero, zero, first, ASK, -1, False, 0, 0, None, None
        )

    # -- views ----------------------------------------------------------------

    @property
    def options(self) -> BackstabFishOptions:
        """The game's options."""
        return self.table.options

    @property
    def players(self) -> int:
        """N, the number of seats."""
        return self.table.players

    @property
    def dealer(self) -> int:
        """The dealer."""
        return self.table.dealer

    @property
    def first_dealer(self) -> int:
        """The dealer (a game has one deal)."""
        return self.table.dealer

    @property
    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self.current_player == TERMINAL

    @property
    def stock_size(self) -> int:
        """How many cards are left in the stock."""
        return self.table.size - self.stock

    def stock_ranks(self) -> tuple[FishRank, ...]:
        """The ranks of the stock, top card first."""
        return tuple(ALL_RANKS[r] for r in self.table.ranks[self.stock :])

    def stock_cards(self) -> tuple[Card, ...]:
        """The cards of the stock, top card first."""
        return self.table.deck[self.stock :]

    def hand_counts(self, seat: int) -> tuple[int, ...]:
        """The number of cards of each rank (codes 0..13) in ``seat``'s hand."""
        return counts_of(self.hands[seat])

    def hand(self, seat: int) -> tuple[FishRank, ...]:
        """``seat``'s hand as ranks in rank order."""
        return set_ranks(self.hands[seat])

    def laid_counts(self, seat: int) -> tuple[int, ...]:
        """The number of sets of each rank (codes 0..13) laid in front of ``seat``."""
        return counts_of(self.laid[seat])

    def laid_sets(self, seat: int) -> tuple[FishRank, ...]:
        """The sets laid in front of ``seat``, one rank per set, in rank order."""
        return set_ranks(self.laid[seat])

    def holders(self) -> tuple[int, ...]:
        """The seats that hold at least one card."""
        return tuple(seat for seat, size in enumerate(self.sizes) if size)

    def dealt_decks(self) -> tuple[tuple[Card, ...], ...]:
        """The deck order of the one deal of the game, top card first."""
        return (self.table.deck,)

    @property
    def events(self) -> tuple[PublicEvent, ...]:
        """Every public event so far, in order (backstab_fish.info.public)."""
        out: list[Event] = []
        link = self.history
        while link is not None:
            link, event = link
            out.append(event)
        out.reverse()
        return tuple(_public(event) for event in out)

    # -- the public protocol --------------------------------------------------

    def scores(self) -> tuple[int, ...]:
        """backstab_fish.score.per-set: each seat's number of laid sets."""
        return self.points

    def winners(self) -> tuple[int, ...]:
        """backstab_fish.score.winners: the seats with the highest score, once the game is over.

        Raises:
            GameNotOverError: the game is not over yet.
        """
        if not self.is_terminal:
            raise GameNotOverError("the game is not over: no winner yet")
        return winners(self.points)

    def _end_reason(self) -> str:
        if self.end_rule == ALL_EMPTY:
            return "the stock and every hand are empty"
        if self.end_rule == SOLE_HOLDER:
            return "the stock is empty and only one player holds cards"
        return f"{self.table.limit} turns in a row took no card from the stock and laid no set"

    def outcome(self) -> Outcome | None:
        """``None`` until the game is over; then the seats with the top score, the scores and the end rule.

        backstab_fish.score.winners: every seat level on the highest score wins (a tie when
        there are several).
        """
        if not self.is_terminal or self.end_rule is None:
            return None
        best = self.winners()
        return Outcome(best, self.scores(), RuleId(self.end_rule), self._end_reason(), tie=len(best) > 1)

    def legal_actions(self) -> tuple[Action, ...]:
        """Every legal action in canonical order; empty exactly when the game is over.

        Asks come by target, then rank, then count; a lay-down decision lists
        :class:`~cardrules.games.backstab_fish.actions.EndTurn` first, then every non-empty choice of sets.
        """
        seat = self.current_player
        if seat == TERMINAL:
            return ()
        if self.phase == LAY_DOWN:
            return _lay_options(seat, sets_in(self.hands[seat]))
        table = self.table
        hand = self.hands[seat]
        held = [rank for rank in _RANK_CODES if hand >> (rank << 2) & 15]
        rows = table.ask_rows[seat]
        sizes = self.sizes
        open_targets = table.open_targets
        out: list[Action] = []
        for target in range(table.players):
            if target == seat or not (sizes[target] or open_targets):
                continue
            row = rows[target]
            for rank in held:
                out += row[rank]
        return tuple(out)

    def check(self, action: Action) -> Verdict:
        """Adjudicate ``action`` here, naming every rule it breaks. Never raises."""
        if self.current_player == TERMINAL:
            return game_over(self._end_reason())
        if not isinstance(action, Ask | LayDown | EndTurn):
            return Verdict.illegal(
                ("common.action.known",),
                f"{action} is not a Backstab Fish action: the actions are ask, lay down and end turn",
            )
        seat = action.seat
        players = self.table.players
        if type(seat) is not int or not 0 <= seat < players:
            return Verdict.illegal(
                ("common.action.known",),
                f"{seat!r} is not a seat of this game: its seats are p0-p{players - 1}",
            )
        if isinstance(action, Ask):
            return self._check_ask(action)
        return self._check_lay_down(action)

    def attempt(self, action: Action) -> tuple[Verdict, BackstabFishState | None]:
        """Judge ``action`` and, when it is legal, apply it: the verdict and the next state (or ``None``)."""
        verdict = self.check(action)
        return verdict, (self.apply(action) if verdict.legal else None)

    def apply(self, action: Action) -> BackstabFishState:
        """The state after ``action``.

        Raises:
            IllegalActionError: the action is illegal here; its verdict names the rules.
        """
        seat = self.current_player
        kind = type(action)
        if kind is Ask and self.phase == ASK:
            assert isinstance(action, Ask)
            target, rank, count = action.target, action.rank, action.count
            if (
                action.seat == seat
                and type(target) is int
                and 0 <= target < self.table.players
                and target != seat
                and (self.sizes[target] or self.table.open_targets)
                and type(rank) is FishRank
                and self.hands[seat] >> (rank << 2) & 15
                and type(count) is int
                and 1 <= count <= self.table.copies[rank]
            ):
                return self._ask(seat, target, rank, count)
        elif kind is EndTurn and self.phase == LAY_DOWN and action.seat == seat:
            return self._finish(
                seat,
                self.target,
                list(self.hands),
                list(self.sizes),
                self.stock,
                list(self.laid),
                list(self.points),
                self.productive,
                (self.history, ("end-turn", seat, -1, -1, 0, 0)),
            )
        verdict = self.check(action)
        if not verdict.legal:
            raise IllegalActionError(verdict, str(action), self.compact())
        if isinstance(action, Ask):  # pragma: no cover - the fast path takes every legal ask
            return self._ask(seat, action.target, int(action.rank), action.count)
        assert isinstance(action, LayDown)  # a legal EndTurn takes the fast path
        return self._lay(seat, _pack_sets(action.sets))

    def parse_action(self, text: str) -> Ask | LayDown | EndTurn:
        """Read an action such as ``"p0 ask p3 for 2 K"``, ``"lay down K"`` or ``"end turn"``.

        With no actor, the actor is the player to act.

        Raises:
            InvalidNotationError: the text is not a Backstab Fish action.
        """
        return read_action(text, None if self.is_terminal else self.current_player)

    def observation(self, seat: int) -> BackstabFishObservation:
        """What ``seat`` may know here: its own hand and the public events."""
        players = self.table.players
        if type(seat) is not int or not 0 <= seat < players:
            raise InvalidNotationError(f"this game has seats p0-p{players - 1}, not {seat!r}")
        phase = "over" if self.is_terminal else ("ask" if self.phase == ASK else "lay-down")
        return BackstabFishObservation(
            seat=seat,
            hand=self.hand(seat),
            hand_sizes=self.sizes,
            stock_size=self.stock_size,
            laid=tuple(set_ranks(sets) for sets in self.laid),
            scores=self.points,
            dealer=self.table.dealer,
            current_player=self.current_player,
            phase=phase,
            stall=self.stall,
            stall_limit=self.table.limit,
            turns=self.turns,
            events=self.events,
        )

    # -- text -----------------------------------------------------------------

    def compact(self) -> str:
        """A one-line form of the whole state, enough to reproduce a failure."""
        if self.is_terminal:
            to_act = f"over ({self.end_rule})"
        else:
            to_act = f"{format_seat(self.current_player)} to {'ask' if self.phase == ASK else 'lay down'}"
        hands = " | ".join(
            f"{format_seat(s)}: {' '.join(r.token for r in self.hand(s)) or '-'}" for s in range(self.players)
        )
        laid = " | ".join(
            f"{format_seat(s)}: {' '.join(r.token for r in self.laid_sets(s)) or '-'}"
            for s in range(self.players)
        )
        limit = "none" if self.table.limit is None else self.table.limit
        return (
            f"[backstab_fish {self.players} players, dealer {format_seat(self.dealer)}, {to_act}, "
            f"turn {self.turns}, stall {self.stall}/{limit}, stock {self.stock_size}; hands {hands}; "
            f"laid {laid}; scores {'-'.join(map(str, self.points))}]"
        )

    def __repr__(self) -> str:
        return f"BackstabFishState{self.compact()}"

    # -- adjudication ---------------------------------------------------------

    def _check_ask(self, action: Ask) -> Verdict:
        seat, target, rank, count = action.seat, action.target, action.rank, action.count
        table = self.table
        players = table.players
        if type(target) is not int or not 0 <= target < players:
            return Verdict.illegal(
                ("common.action.known",),
                f"{target!r} is not a seat of this game: its seats are p0-p{players - 1}",
            )
        if not isinstance(rank, int) or not 0 <= rank < 14:
            return Verdict.illegal(("common.action.known",), f"{rank!r} is not a rank")
        rank = ALL_RANKS[rank]
        if not table.copies[rank]:
            return Verdict.illegal(
                ("common.action.known",),
                f"this deck ({table.options.deck.value}) has no {rank.plural}, so nobody can ask for them",
            )
        if type(count) is not int:
            return Verdict.illegal(("common.action.known",), f"{count!r} is not a count")
        actor, asked = format_seat(seat), format_seat(target)
        broken: list[str] = []
        reasons: list[str] = []
        if seat != self.current_player:
            broken.append("common.turn.player-to-act")
            reasons.append(f"it is {format_seat(self.current_player)}'s turn, not {actor}'s")
        elif self.phase == LAY_DOWN:
            broken.append("backstab_fish.turn.sequence")
            reasons.append(
                f"{actor} has already asked this turn and gets no second ask; lay down sets or end the turn"
            )
        if target == seat:
            broken.append("backstab_fish.ask.target")
            reasons.append(f"{actor} cannot ask themselves: ask another player")
        elif not self.sizes[target] and not table.open_targets:
            broken.append("backstab_fish.ask.target")
            reasons.append(f"{asked} holds no cards and cannot be asked")
        if not self.hands[seat] >> (rank << 2) & 15:
            broken.append("backstab_fish.ask.rank")
            reasons.append(f"{actor} holds no {rank.plural}, so cannot ask for them")
        copies = table.copies[rank]
        if not 1 <= count <= copies:
            broken.append("backstab_fish.ask.count")
            reasons.append(
                f"a count of {count} is out of range: ask for 1 to {copies} {rank.plural}, "
                f"as the deck holds {copies}"
            )
        if broken:
            return Verdict.illegal(tuple(broken), "; ".join(reasons))
        return Verdict.allowed(
            ("backstab_fish.ask.target", "backstab_fish.ask.rank", "backstab_fish.ask.count"),
            f"{actor} holds {rank.plural} and may ask {asked} for {count} of them",
        )

    def _check_lay_down(self, action: LayDown | EndTurn) -> Verdict:
        seat = action.seat
        actor = format_seat(seat)
        broken: list[str] = []
        reasons: list[str] = []
        if seat != self.current_player:
            broken.append("common.turn.player-to-act")
            reasons.append(f"it is {format_seat(self.current_player)}'s turn, not {actor}'s")
        elif self.phase == ASK:
            broken += ["backstab_fish.turn.sequence", "backstab_fish.sets.lay-down"]
            if self.table.compulsory:
                reasons.append(
                    f"{actor} must ask first, and under lay_down=compulsory sets are laid automatically"
                )
            else:
                reasons.append(f"{actor} must ask first: sets are laid down only after the answer")
        if isinstance(action, LayDown):
            sets = action.sets
            if not sets or not all(isinstance(rank, int) and 0 <= rank < 14 for rank in sets):
                return Verdict.illegal(
                    ("common.action.known",),
                    f"{action} names no set of this game: name one rank per set, or end the turn",
                )
            hand = self.hands[seat]
            short: list[str] = []
            for rank, wanted in sorted(action.set_counts().items()):
                held = hand >> (rank << 2) & 15
                if wanted * 4 > held:
                    name = ALL_RANKS[rank].plural
                    if wanted == 1:
                        short.append(
                            f"a set is four cards of one rank and {actor} holds {held} "
                            f"{ALL_RANKS[rank].named(held)}"
                        )
                    else:
                        short.append(
                            f"{wanted} sets of {name} take {4 * wanted} cards and {actor} holds {held}"
                        )
            if short:
                broken += ["backstab_fish.sets.lay-down", "common.cards.held"]
                reasons += short
        if broken:
            return Verdict.illegal(tuple(dict.fromkeys(broken)), "; ".join(reasons))
        if isinstance(action, EndTurn):
            return Verdict.allowed(
                ("backstab_fish.sets.lay-down",), f"{actor} lays nothing down and ends the turn"
            )
        return Verdict.allowed(
            ("backstab_fish.sets.lay-down",),
            f"{actor} lays down {len(action.sets)} set{'s' * (len(action.sets) > 1)}: "
            f"{' '.join(rank.token for rank in action.sets)}",
        )

    # -- the engine -----------------------------------------------------------

    def _ask(self, seat: int, target: int, rank: int, count: int) -> BackstabFishState:
        """Steps 2 and 3 of a turn for a legal ask (backstab_fish.answer.*, backstab_fish.sets.lay-down)."""
        table = self.table
        shift = rank << 2
        hands = list(self.hands)
        sizes = list(self.sizes)
        stock = self.stock
        size = table.size
        history: EventChain = (self.history, ("ask", seat, target, rank, count, 0))
        productive = False
        held = hands[target] >> shift & 15
        if held >= count:
            # backstab_fish.answer.give: exactly the count asked, or all of the rank.
            give = count if table.exact else held
            moved = give << shift
            hands[target] -= moved
            hands[seat] += moved
            sizes[target] -= give
            sizes[seat] += give
            history = (history, ("give", target, seat, rank, give, 0))
            if not sizes[target] and stock < size:
                # backstab_fish.refill.seven, at step 2.
                taken = min(REFILL, size - stock)
                hand = hands[target]
                for drawn in table.ranks[stock : stock + taken]:
                    hand += 1 << (drawn << 2)
                hands[target] = hand
                sizes[target] = taken
                stock += taken
                productive = True
                history = (history, ("refill", target, -1, -1, taken, 0))
        else:
            # backstab_fish.answer.go-fish: the top card of the stock, if any.
            drawn_count = 0
            if stock < size:
                hands[seat] += 1 << (table.ranks[stock] << 2)
                sizes[seat] += 1
                stock += 1
                drawn_count = 1
                productive = True
            history = (history, ("go-fish", target, seat, rank, drawn_count, 0))
        laid = list(self.laid)
        points = list(self.points)
        hand = hands[seat]
        if hand & FOUR_OR_MORE:
            if not table.compulsory:
                return _new_state(
                    table,
                    tuple(hands),
                    tuple(sizes),
                    stock,
                    self.laid,
                    self.points,
                    seat,
                    LAY_DOWN,
                    target,
                    productive,
                    self.stall,
                    self.turns,
                    None,
                    history,
                )
            sets = sets_in(hand)
            laid_now = set_count(sets)
            hands[seat] = hand - 4 * sets
            sizes[seat] -= 4 * laid_now
            laid[seat] += sets
            points[seat] += laid_now
            productive = True
            history = (history, ("lay-down", seat, -1, -1, laid_now, sets))
        return self._finish(seat, target, hands, sizes, stock, laid, points, productive, history)

    def _lay(self, seat: int, sets: int) -> BackstabFishState:
        """backstab_fish.sets.lay-down: lay ``sets`` (packed) from the asker's hand, then finish the turn."""
        hands = list(self.hands)
        sizes = list(self.sizes)
        laid = list(self.laid)
        points = list(self.points)
        count = set_count(sets)
        hands[seat] -= 4 * sets
        sizes[seat] -= 4 * count
        laid[seat] += sets
        points[seat] += count
        history: EventChain = (self.history, ("lay-down", seat, -1, -1, count, sets))
        return self._finish(seat, self.target, hands, sizes, self.stock, laid, points, True, history)

    def _finish(
        self,
        seat: int,
        target: int,
        hands: list[int],
        sizes: list[int],
        stock: int,
        laid: list[int],
        points: list[int],
        productive: bool,
        history: EventChain,
    ) -> BackstabFishState:
        """The rest of the turn: the asker's refill, the end check and the next turn."""
        table = self.table
        size = table.size
        if not sizes[seat] and stock < size:
            # backstab_fish.refill.seven, at step 3.
            taken = min(REFILL, size - stock)
            hand = 0
            for drawn in table.ranks[stock : stock + taken]:
                hand += 1 << (drawn << 2)
            hands[seat] = hand
            sizes[seat] = taken
            stock += taken
            productive = True
            history = (history, ("refill", seat, -1, -1, taken, 0))
        stall = 0 if productive else self.stall + 1
        turns = self.turns + 1
        end: str | None = None
        if stock == size:
            holders = sum(1 for held in sizes if held)
            if holders == 0:
                end = ALL_EMPTY  # backstab_fish.end.all-empty
            elif holders == 1:
                end = SOLE_HOLDER  # backstab_fish.end.sole-holder
        if end is None and table.limit is not None and stall >= table.limit:
            end = STALL_LIMIT  # backstab_fish.end.stall-limit
        if end is not None:
            history = (history, ("end", -1, -1, -1, _END_CODES.index(end), 0))
            if table.final_lay_down:
                # backstab_fish.end.final-lay-down: every set in every hand, no refill.
                for player in range(table.players):
                    sets = sets_in(hands[player])
                    if sets:
                        count = set_count(sets)
                        hands[player] -= 4 * sets
                        sizes[player] -= 4 * count
                        laid[player] += sets
                        points[player] += count
                        history = (history, ("final-lay-down", player, -1, -1, count, sets))
            return _new_state(
                table,
                tuple(hands),
                tuple(sizes),
                stock,
                tuple(laid),
                tuple(points),
                TERMINAL,
                ASK,
                -1,
                False,
                stall,
                turns,
                end,
                history,
            )
        # backstab_fish.turn.next, backstab_fish.turn.skip-empty
        following = target
        if not sizes[following]:
            players = table.players
            while not sizes[following]:
                history = (history, ("skip", following, -1, -1, 0, 0))
                following = (following + 1) % players
        return _new_state(
            table,
            tuple(hands),
            tuple(sizes),
            stock,
            tuple(laid),
            tuple(points),
            following,
            ASK,
            -1,
            False,
            stall,
            turns,
            None,
            history,
        )


def _pack_sets(ranks: tuple[FishRank, ...]) -> int:
    sets = 0
    for rank in ranks:
        sets += 1 << (rank << 2)
    return sets


def _lay_options(seat: int, sets: int) -> tuple[Action, ...]:
    """Every lay-down choice for a hand that can form ``sets`` (packed): end turn first."""
    ranks = [rank for rank in ALL_RANKS if sets >> (rank << 2) & 15]
    choices: list[Action] = [_END_TURNS[seat]]
    ranges = [range(sets >> (rank << 2) & 15, -1, -1) for rank in ranks]
    picks: list[tuple[FishRank, ...]] = []
    for vector in itertools.product(*ranges):
        chosen: list[FishRank] = []
        for rank, times in zip(ranks, vector, strict=True):
            chosen.extend((rank,) * times)
        if chosen:
            picks.append(tuple(chosen))
    picks.sort()
    choices.extend(LayDown(seat, pick) for pick in picks)
    return tuple(choices)


def _slot_setter(name: str) -> Callable[[BackstabFishState, object], None]:
    """The function that writes slot ``name`` of a state, bypassing the frozen ``__setattr__``."""
    setter: Callable[[BackstabFishState, object], None] = BackstabFishState.__dict__[name].__set__
    return setter


_SETTERS: Final = tuple(
    _slot_setter(name)
    for name in (
        "table",
        "hands",
        "sizes",
        "stock",
        "laid",
        "points",
        "current_player",
        "phase",
        "target",
        "productive",
        "stall",
        "turns",
        "end_rule",
        "history",
    )
)
(
    _SET_TABLE,
    _SET_HANDS,
    _SET_SIZES,
    _SET_STOCK,
    _SET_LAID,
    _SET_POINTS,
    _SET_CURRENT,
    _SET_PHASE,
    _SET_TARGET,
    _SET_PRODUCTIVE,
    _SET_STALL,
    _SET_TURNS,
    _SET_END,
    _SET_HISTORY,
) = _SETTERS


def _new_state(
    table: Table,
    hands: tuple[int, ...],
    sizes: tuple[int, ...],
    stock: int,
    laid: tuple[int, ...],
    points: tuple[int, ...],
    current_player: int,
    phase: int,
    target: int,
    productive: bool,
    stall: int,
    turns: int,
    end_rule: str | None,
    history: EventChain,
) -> BackstabFishState:
    """``BackstabFishState(...)`` for the engine's hot path, writing the slots directly.

    The result is the same frozen value the constructor builds (equal to it,
    and as immutable).
    """
    state = object.__new__(BackstabFishState)
    _SET_TABLE(state, table)
    _SET_HANDS(state, hands)
    _SET_SIZES(state, sizes)
    _SET_STOCK(state, stock)
    _SET_LAID(state, laid)
    _SET_POINTS(state, points)
    _SET_CURRENT(state, current_player)
    _SET_PHASE(state, phase)
    _SET_TARGET(state, target)
    _SET_PRODUCTIVE(state, productive)
    _SET_STALL(state, stall)
    _SET_TURNS(state, turns)
    _SET_END(state, end_rule)
    _SET_HISTORY(state, history)
    return state
