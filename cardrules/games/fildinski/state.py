"""The Fildinski state: a whole game as one immutable value, its views and its action table.

Sets of physical cards are int bitmasks over the ids of
:mod:`cardrules.games.fildinski.cards` (two bits per kind, so both copies of a
card are two distinct bits and every zone is a multiset of kinds). The stock
is the deal's deck order read from position ``17 + drawn`` down, with the
current turn-up under it (:mod:`cardrules.games.fildinski.deal`).

The rules live in the phase modules, which the state's action table names:
card play in :mod:`~cardrules.games.fildinski.play`, the meld step in
:mod:`~cardrules.games.fildinski.meld_step`. Each judges an action once,
giving the verdict and what it resolved (the id played, the seven given, the
melds' cards), which its transition takes, so ``attempt`` and ``apply``
(:class:`~cardrules.state_base.StateBase`'s door) never judge twice.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar, Final, TypeAlias

from cardrules.cards import Card, Cards, Suit
from cardrules.errors import GameNotOverError
from cardrules.game import TERMINAL, Action, GameInfo, Outcome
from cardrules.games.fildinski import meld_step, play, procedure
from cardrules.games.fildinski.actions import DeclareMelds, Dix, PlayCard, malformed, parse_action_text
from cardrules.games.fildinski.cards import DRAWS, card_of, cards_of, deck_cards, mask_of
from cardrules.games.fildinski.deal import (
    DealContext,
    DealPlan,
    deal_hands,
    first_deal,
    first_leader,
    stock_cards,
)
from cardrules.games.fildinski.dix import judge_dix
from cardrules.games.fildinski.info import INFO
from cardrules.games.fildinski.melds import MeldKind
from cardrules.games.fildinski.observation import FildinskiObservation, observe, sorted_cards
from cardrules.games.fildinski.options import FildinskiOptions
from cardrules.games.fildinski.scoring import (
    Category,
    DealSummary,
    DixEvent,
    MeldEvent,
    game_winner,
    opening_points,
    seat_totals,
)
from cardrules.notation import format_seat
from cardrules.plays import PlayChain, unroll
from cardrules.rules import RuleId
from cardrules.state_base import ActionTable, Maker, StateBase, action_table, step, with_maker

if TYPE_CHECKING:
    pass

if TYPE_CHECKING:
    from cardrules.games.fildinski.ending import FildinskiEnding  # noqa: F401 - named in the base class, quoted

__all__ = ["FildinskiState", "History", "make_state"]

History: TypeAlias = PlayChain
"""The plays of the deal, newest first (see :mod:`cardrules.plays`)."""

_NO_USE: Final[tuple[int, ...]] = (0,) * len(MeldKind)


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class FildinskiState(StateBase[FildinskiObservation, Cards, "FildinskiEnding", Action], meld_step.StepMemo):
    """A Fildinski game in progress (or finished): an immutable value.

    Build one with :meth:`~cardrules.games.fildinski.game.FildinskiGame.new_game`
    or :meth:`~cardrules.games.fildinski.game.FildinskiGame.from_deal`. Seats are
    0 and 1. Zones are id bitmasks (see :mod:`cardrules.games.fildinski.cards`).

    Attributes:
        deal: the deal being played and the scores before it.
        hands: each seat's hand.
        won: each seat's won pile.
        retired: each seat's retired melded cards (``melded_cards = removed`` only).
        drawn: how many cards have been drawn from the stock this deal (0-48).
        turnup: the current turn-up (an id); once drawn (``drawn == 48``) it is in a hand.
        trick: the ids of the trick in progress, leader's first.
        leader: the seat that leads (or led) the current trick; in a meld step, the trick's winner.
        tricks_done: how many tricks of the deal have been won (0-32).
        in_meld_step: whether the winner of trick ``tricks_done`` is in its meld step.
        fresh: in a meld step, the ids of the trick just won still in the won pile.
        dix_done: whether the deal's dix has been made.
        points: the deal's points, ``points[2 * category + seat]`` for each
            :class:`~cardrules.games.fildinski.scoring.Category`.
        used: for each meld kind in table order, the ids that have been in a meld of that kind this deal.
        melds: the deal's meld history, in order.
        dix: the deal's dix, or ``None``.
        history: the plays of this deal, newest first, as a chain of ``(earlier, seat, id)`` links.
        current_player: the seat to act, or :data:`~cardrules.game.TERMINAL`.
    """

    deal: DealContext
    hands: tuple[int, int]
    won: tuple[int, int]
    retired: tuple[int, int]
    drawn: int
    turnup: int
    trick: tuple[int, ...]
    leader: int
    tricks_done: int
    in_meld_step: bool
    fresh: int
    dix_done: bool
    points: tuple[int, ...]
    used: tuple[int, ...]
    melds: tuple[MeldEvent, ...]
    dix: DixEvent | None
    history: History
    current_player: int

    @classmethod
    def start(cls, plan: DealPlan, dealer: int) -> FildinskiState:
        """The state before the first lead of deal 1, dealt by ``dealer``."""
        return cls.dealt(first_deal(plan, dealer))

    @classmethod
    def dealt(cls, context: DealContext) -> FildinskiState:
        """The state before the first lead of the deal of ``context``.

        The hands and the turn-up come from :func:`~cardrules.games.fildinski.deal.deal_hands`,
        the opening points from fildinski.deal.turned-seven, the first lead from
        fildinski.deal.first-lead.
        """
        hands, turnup = deal_hands(context)
        first = first_leader(context)
        return cls.make(
            context, hands, (0, 0), (0, 0), 0, turnup, (), first, 0, False, 0, False,
            opening_points(turnup, context.dealer), _NO_USE, (), None, None, first,
        )  # fmt: skip

    # -- what the game is, its actions, and how the door reads and prints ---------

    INFO: ClassVar[GameInfo] = INFO
    make: ClassVar[Maker[FildinskiState]]  # the fast constructor (set below the class), for the phases
    ACTIONS: ClassVar[ActionTable[FildinskiState]] = action_table(
        step(PlayCard, play.judge_play, play.take_play, lenient=play.PLAYABLE_AS_PLAYED, fast=play.fast_play),
        step(DeclareMelds, meld_step.judge_melds, procedure.take_melds, fast=procedure.fast_melds),
        step(Dix, judge_dix, procedure.take_dix),
    )
    apply = procedure.apply_action  # the common actions in one call, any other through the door
    legal_actions = play.legal_actions  # card plays at once, a meld step's set from the one below
    _meld_step_actions = meld_step.legal_actions  # a method: the bound call is the quickest to look up
    _read_action = staticmethod(parse_action_text)
    _malformed = staticmethod(malformed)
    _observe = staticmethod(observe)
    _cards_of = staticmethod(sorted_cards)

    # -- views ----------------------------------------------------------------

    @property
    def options(self) -> FildinskiOptions:
        """The game's options."""
        return self.deal.plan.options

    @property
    def phase_name(self) -> str:
        """``"stock"`` (tricks 1-24), ``"meld-step"``, ``"endgame"`` (tricks 25-32) or ``"over"``."""
        if self.current_player == TERMINAL:
            return "over"
        if self.in_meld_step:
            return "meld-step"
        return "endgame" if self.drawn >= DRAWS else "stock"

    @property
    def trump(self) -> Suit:
        """The trump suit of the current deal (fildinski.deal.turn-up)."""
        return Suit(self.deal.trump)

    @property
    def deal_number(self) -> int:
        """The current deal, 1-based (the last one once the game is over)."""
        return self.deal.deal_number

    @property
    def dealer(self) -> int:
        """The dealer of the current deal."""
        return self.deal.dealer

    @property
    def first_dealer(self) -> int:
        """The seat that dealt deal 1 (fildinski.game.dealer-alternation)."""
        return (self.deal.dealer + self.deal.deal_number - 1) % 2

    @property
    def in_endgame(self) -> bool:
        """Whether the stock is exhausted (tricks 25-32)."""
        return self.drawn >= DRAWS

    @property
    def stock(self) -> tuple[int, ...]:
        """The stock, top first, the turn-up last (ids); empty in the endgame."""
        return stock_cards(self.deal, self.drawn, self.turnup)

    @property
    def stock_mask(self) -> int:
        """The stock as an id bitmask."""
        return mask_of(self.stock)

    @property
    def trick_mask(self) -> int:
        """The trick in progress as an id bitmask."""
        return mask_of(self.trick)

    @property
    def plays(self) -> tuple[tuple[int, int], ...]:
        """The (seat, id) plays of the current deal, in order."""
        return unroll(self.history)

    @property
    def deal_points(self) -> tuple[int, int]:
        """Each seat's points in the current deal so far."""
        return seat_totals(self.points)

    def category_points(self, category: Category) -> tuple[int, int]:
        """Each seat's points of one category in the current deal."""
        return self.points[2 * category], self.points[2 * category + 1]

    @property
    def summary(self) -> DealSummary:
        """The current deal's points, melds and dix so far."""
        return DealSummary(self.points, self.melds, self.dix, self.deal.trump)

    @property
    def finished_deals(self) -> tuple[DealSummary, ...]:
        """A summary of every finished deal, in order (the last deal too once the game is over)."""
        if self.is_terminal:
            return (*self.deal.finished, self.summary)
        return self.deal.finished

    @property
    def deal_scores(self) -> tuple[tuple[int, int], ...]:
        """The (p0, p1) scores of every finished deal, in order."""
        return tuple(d.scores for d in self.finished_deals)

    @property
    def totals(self) -> tuple[int, int]:
        """The game totals of every finished deal (fildinski.game.score-sheet)."""
        a, b = self.deal.totals
        if self.is_terminal:
            x, y = self.deal_points
            return a + x, b + y
        return a, b

    def dealt_decks(self) -> tuple[tuple[Card, ...], ...]:
        """The deck order (top first) of every deal dealt so far, the current one last.

        A game set up from a position at deal ``k`` (``game.from_position``)
        knows the decks from deal ``k`` on only: its first deck is the current
        deal's, rebuilt from the position's zones (the cards out of the stock
        first, the non-dealer's hand, the dealer's hand, the rest, each in
        card order, the deal's turn-up 17th, then the stock in its order).
        """
        plan = self.deal.plan
        return tuple(deck_cards(plan.deck(k)) for k in range(plan.first_deal, self.deal.deal_number + 1))

    def scores(self) -> tuple[int, ...]:
        """Each seat's running score: finished deals plus the points of the current deal."""
        a, b = self.deal.totals
        x, y = self.deal_points
        return a + x, b + y

    def winner(self) -> int | None:
        """The winning seat of a finished game (never a tie: fildinski.game.both-past-target).

        Raises:
            GameNotOverError: the game is not over yet.
        """
        if not self.is_terminal:
            raise GameNotOverError("the game is not over: no winner yet")
        return game_winner(self.totals)

    def end_reason(self) -> str:
        """Why the finished game is over (``p0 passed 2000 after deal 3``)."""
        leader = format_seat(game_winner(self.totals))
        return f"{leader} passed {self.options.target_score} after deal {self.deal_number}"

    def outcome(self) -> Outcome | None:
        """``None`` until the game is over; then the winning seat, the totals and the rule that ended it.

        fildinski.game.target: the game ends after the deal in which a total reaches the target
        and the totals differ; the higher total wins (never a tie).
        """
        if not self.is_terminal:
            return None
        winner = self.winner()
        assert winner is not None
        return Outcome((winner,), self.scores(), RuleId("fildinski.game.target"), self.end_reason())

    # -- the legal set, from the phases -------------------------------------------

    def legal_mask(self) -> int:
        """The ids the player to act may play (0 in a meld step or when terminal).

        See :func:`~cardrules.games.fildinski.play.legal_mask`.
        """
        return play.legal_mask(self)

    # -- text -------------------------------------------------------------------

    def compact(self) -> str:
        """A one-line form of the whole state, enough to reproduce a failure."""
        if self.is_terminal:
            to_act = "over"
        elif self.in_meld_step:
            to_act = f"{format_seat(self.current_player)} in meld step"
        else:
            to_act = f"{format_seat(self.current_player)} to act"
        hands = " | ".join(f"p{s}: {' '.join(str(c) for c in cards_of(h))}" for s, h in enumerate(self.hands))
        trick = " ".join(str(card_of(c)) for c in self.trick)
        return (
            f"[fildinski deal {self.deal_number} dealer {format_seat(self.dealer)} trump "
            f"{self.trump.letter}, {to_act}, trick {self.tricks_done + (0 if self.in_meld_step else 1)} "
            f"({trick}), stock {len(self.stock)} turn-up {card_of(self.turnup)}, points "
            f"{self.deal_points[0]}-{self.deal_points[1]}, totals {self.deal.totals[0]}-"
            f"{self.deal.totals[1]}; {hands}]"
        )


make_state: Final[
    Callable[
        [
            DealContext,
            tuple[int, int],
            tuple[int, int],
            tuple[int, int],
            int,
            int,
            tuple[int, ...],
            int,
            int,
            bool,
            int,
            bool,
            tuple[int, ...],
            tuple[int, ...],
            tuple[MeldEvent, ...],
            DixEvent | None,
            History,
            int,
        ],
        FildinskiState,
    ]
] = with_maker(FildinskiState)
"""Build a state from all its fields, in field order (``deal, hands, won, retired, drawn, turnup,
trick, leader, tricks_done, in_meld_step, fresh, dix_done, points, used, melds, dix, history,
current_player``), skipping ``__init__``: what ``state.make`` is, with its fields typed."""
