"""The Backstab Fish state: a whole game as one immutable value.

Only ranks matter (backstab_fish.setup.deck), so the engine keeps every zone as
ranks: a hand is a packed int with a 4-bit count per rank (see
:mod:`~cardrules.games.backstab_fish.cards`), the stock is the rest of the
dealt deck order from a position on, and each seat's laid sets are a packed
int with the number of sets per rank. What stays fixed for the whole game (the
options, the dealer, the deck order and a few tables) lives in a shared
:class:`~cardrules.games.backstab_fish.deal.DealContext`.

A turn (backstab_fish.turn.sequence) is one ask, which the engine answers at
once (hand-over or go fish, and any refill), then, when the asker holds four
or more cards of a rank and lay-down is optional, one lay-down decision: a
:class:`~cardrules.games.backstab_fish.actions.LayDown` or an
:class:`~cardrules.games.backstab_fish.actions.EndTurn`. The end check and
the passing of the turn follow without any action. The rules live in the phase
modules, :mod:`~cardrules.games.backstab_fish.turn` (the ask, the answer, the
end of the turn) and :mod:`~cardrules.games.backstab_fish.lay_down` (the
decision); the state's action table names each kind's judge and transition
(:mod:`~cardrules.games.backstab_fish.procedure`, which hands it to its phase
module), after the door every game shares (:class:`~cardrules.state_base.StateBase`).
The state's ``apply`` and ``check`` take the common case of an ask in one call
(:mod:`~cardrules.games.backstab_fish.quick_ask`,
:mod:`~cardrules.games.backstab_fish.quick_check`) and any other action through the door.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import ClassVar, Final, NoReturn

from cardrules.cards import Card, Cards
from cardrules.errors import GameNotOverError
from cardrules.frozen import reduce_to_init_fields
from cardrules.game import TERMINAL, Action, GameInfo, Outcome
from cardrules.games.backstab_fish import lay_down, procedure, quick_ask, quick_check, turn
from cardrules.games.backstab_fish.actions import ASK, Ask, EndTurn, LayDown, malformed, read_action
from cardrules.games.backstab_fish.cards import Ranks, counts_of, set_ranks
from cardrules.games.backstab_fish.deal import DealContext, dealt_hands, first_player
from cardrules.games.backstab_fish.info import INFO
from cardrules.games.backstab_fish.observation import (
    EMPTY_LOG,
    BackstabFishObservation,
    EventLog,
    PublicEvent,
    events_of,
    observe,
)
from cardrules.games.backstab_fish.options import BackstabFishOptions
from cardrules.games.backstab_fish.scoring import winners
from cardrules.notation import format_seat
from cardrules.rules import RuleId
from cardrules.state_base import ActionTable, Maker, StateBase, action_table, step, with_maker

__all__ = ["BackstabFishState", "make"]


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class BackstabFishState(StateBase[BackstabFishObservation, Ranks, NoReturn, Ask | LayDown | EndTurn]):
    """A Backstab Fish game in progress (or finished): an immutable value.

    Build one with :meth:`~cardrules.games.backstab_fish.game.BackstabFishGame.new_game` or
    :meth:`~cardrules.games.backstab_fish.game.BackstabFishGame.from_deal`.

    Attributes:
        deal: what stays fixed for the game (options, dealer, deck order).
        hands: each seat's hand as a packed int of 4-bit counts per rank
            (:func:`~cardrules.games.backstab_fish.cards.counts_of` unpacks one).
        sizes: the number of cards in each hand.
        stock: the position in ``deal.deck`` of the stock's top card; the
            stock is ``deal.deck[stock:]``.
        laid: each seat's laid sets as a packed int of set counts per rank.
        points: each seat's score (its number of laid sets).
        current_player: the seat to act, or :data:`~cardrules.game.TERMINAL`.
        phase: :data:`~cardrules.games.backstab_fish.actions.ASK` or
            :data:`~cardrules.games.backstab_fish.actions.LAY_DOWN`.
        target: during the lay-down phase, the seat asked this turn (T); else -1.
        productive: during the lay-down phase, whether this turn has already
            taken a card from the stock.
        stall: unproductive turns in a row (backstab_fish.end.stall-limit).
        turns: turns completed (a skip is not a turn).
        end_rule: the end rule that ended the game, or ``None`` while it goes on.
        history: the public events so far (an
            :class:`~cardrules.games.backstab_fish.observation.EventLog`).
        asks: derived from the hands: per seat, the asks it could make
            (:func:`~cardrules.games.backstab_fish.turn.seat_asks`), so that
            the legal asks of the player to act are at hand; states share
            them while a seat's ranks and the empty hands stay the same.
        legal: derived: the legal actions of the player to act, which
            :meth:`legal_actions` answers (worked out as the state is built).
    """

    deal: DealContext
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
    history: EventLog
    asks: tuple[tuple[Action, ...], ...] = field(init=False, repr=False, compare=False)
    legal: tuple[Action, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "asks", turn.every_seat_asks(self.deal, self.hands, self.sizes))
        if self.current_player == TERMINAL:
            legal: tuple[Action, ...] = ()
        elif turn.asking(self):
            legal = turn.legal_asks(self)
        else:
            legal = lay_down.legal_choices(self)
        object.__setattr__(self, "legal", legal)

    __reduce__ = reduce_to_init_fields  # the asks and legal actions are worked out again on loading

    # -- what the game is, its actions, and how the door reads and prints ---------

    INFO: ClassVar[GameInfo] = INFO
    make: ClassVar[Maker[BackstabFishState]]  # the fast constructor (set below the class), for the phases
    ACTIONS: ClassVar[ActionTable[BackstabFishState]] = action_table(
        step(Ask, procedure.judge_ask, procedure.take_ask, fast=quick_ask.fast_ask),
        step(LayDown, procedure.judge_decision, procedure.take_lay),
        step(EndTurn, procedure.judge_decision, procedure.take_end, fast=procedure.fast_end),
    )
    _read_action = staticmethod(read_action)
    _malformed = staticmethod(malformed)
    _observe = staticmethod(observe)
    _cards_of = staticmethod(set_ranks)
    apply = quick_ask.apply_action  # the common ask in one call, any other action through the door
    check = quick_check.check_action  # a well-formed ask judged in one call, any other action at the door

    # -- construction ---------------------------------------------------------

    @classmethod
    def start(cls, deal: DealContext) -> BackstabFishState:
        """The state just after the deal: the hands dealt, the rest the stock, the dealer's left to ask."""
        zero = (0,) * deal.players
        sizes = (deal.options.hand_size,) * deal.players
        first = first_player(deal)
        return cls(
            deal,
            dealt_hands(deal),
            sizes,
            deal.stock_start,
            zero,
            zero,
            first,
            ASK,
            -1,
            False,
            0,
            0,
            None,
            EMPTY_LOG,
        )

    # -- views ----------------------------------------------------------------

    @property
    def options(self) -> BackstabFishOptions:
        """The game's options."""
        return self.deal.options

    @property
    def players(self) -> int:
        """N, the number of seats."""
        return self.deal.players

    @property
    def dealer(self) -> int:
        """The dealer."""
        return self.deal.dealer

    @property
    def first_dealer(self) -> int:
        """The dealer (a game has one deal)."""
        return self.deal.dealer

    @property
    def phase_name(self) -> str:
        """``"stock"`` while the stock has cards, ``"empty-stock"`` once it is empty, or ``"over"``."""
        if self.current_player == TERMINAL:
            return "over"
        return "stock" if self.stock < self.deal.size else "empty-stock"

    @property
    def stock_size(self) -> int:
        """How many cards are left in the stock."""
        return self.deal.size - self.stock

    def stock_ranks(self) -> Ranks:
        """The ranks of the stock, top card first (they print as ranks)."""
        return Ranks(self.deal.ranks[self.stock :])

    def stock_cards(self) -> Cards:
        """The cards of the stock, top card first (they print as cards)."""
        return Cards(self.deal.deck[self.stock :])

    def hand_counts(self, seat: int) -> tuple[int, ...]:
        """The number of cards of each rank (codes 0..13) in ``seat``'s hand."""
        return counts_of(self.hands[seat])

    def laid_counts(self, seat: int) -> tuple[int, ...]:
        """The number of sets of each rank (codes 0..13) laid in front of ``seat``."""
        return counts_of(self.laid[seat])

    def laid_sets(self, seat: int) -> Ranks:
        """The sets laid in front of ``seat``, one rank per set, in rank order."""
        return set_ranks(self.laid[seat])

    def holders(self) -> tuple[int, ...]:
        """The seats that hold at least one card."""
        return tuple(seat for seat, size in enumerate(self.sizes) if size)

    def dealt_decks(self) -> tuple[tuple[Card, ...], ...]:
        """The deck order of the one deal of the game, top card first: one deck, as a game has one deal.

        A state read from a position knows nothing of the cards already drawn,
        so its deck is rebuilt canonically from the zones
        (:func:`~cardrules.games.backstab_fish.position.canonical_deck`): the
        cards outside the stock in the order a deal from the dealer's left
        would give out the hands, then the laid sets, then the stock in its
        order. Before the first turn that deck deals exactly the position's
        hands; the stock is always the position's, rank for rank.
        """
        return (self.deal.deck,)

    @property
    def events(self) -> tuple[PublicEvent, ...]:
        """Every public event so far, in order (backstab_fish.info.public)."""
        return events_of(self.history)

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

    def outcome(self) -> Outcome | None:
        """``None`` until the game is over; then the seats with the top score, the scores and the end rule.

        backstab_fish.score.winners: every seat level on the highest score wins (a tie when
        there are several).
        """
        if not self.is_terminal or self.end_rule is None:
            return None
        best = self.winners()
        return Outcome(best, self.scores(), RuleId(self.end_rule), self.end_reason(), tie=len(best) > 1)

    def end_reason(self) -> str:
        """Why the finished game is over (the end rule that ended it, in words)."""
        return turn.end_reason(self.end_rule, self.deal.limit)

    def legal_actions(self) -> tuple[Action, ...]:
        """Every legal action in canonical order; empty exactly when the game is over.

        Asks come by target, then rank, then count; a lay-down decision lists
        :class:`~cardrules.games.backstab_fish.actions.EndTurn` first, then every non-empty choice of sets.
        """
        return self.legal

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
        limit = "none" if self.deal.limit is None else self.deal.limit
        return (
            f"[backstab_fish {self.players} players, dealer {format_seat(self.dealer)}, {to_act}, "
            f"turn {self.turns}, stall {self.stall}/{limit}, stock {self.stock_size}; hands {hands}; "
            f"laid {laid}; scores {'-'.join(map(str, self.points))}]"
        )


make: Final[
    Callable[
        [
            DealContext,
            tuple[int, ...],
            tuple[int, ...],
            int,
            tuple[int, ...],
            tuple[int, ...],
            int,
            int,
            int,
            bool,
            int,
            int,
            str | None,
            EventLog,
            tuple[tuple[Action, ...], ...],
            tuple[Action, ...],
        ],
        BackstabFishState,
    ]
] = with_maker(BackstabFishState)
"""``BackstabFishState(...)`` for the engine's hot path: the same frozen value, built without ``__init__``
(what ``state.make`` is, with its fields typed)."""
