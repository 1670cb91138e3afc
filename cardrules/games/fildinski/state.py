"""The Fildinski state: a whole game as one immutable value, its views and its protocol methods.

Sets of physical cards are int bitmasks over the ids of
:mod:`cardrules.games.fildinski.cards` (two bits per kind, so both copies of a
card are two distinct bits and every zone is a multiset of kinds). The stock
is the deal's deck order read from position ``17 + drawn`` down, with the
current turn-up under it (:mod:`cardrules.games.fildinski.deal`).

The rules live in the phase modules, which this module dispatches to: card
play in :mod:`~cardrules.games.fildinski.tricks`, the meld step in
:mod:`~cardrules.games.fildinski.meld_step`. Each judges an action once,
giving the verdict and what it resolved (the id played, the seven given, the
melds' cards), so :meth:`FildinskiState.attempt` and
:meth:`FildinskiState.apply` never judge twice.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final, TypeAlias

from cardrules.base import check_seat
from cardrules.cards import Card, Cards, Suit
from cardrules.errors import GameNotOverError, IllegalActionError
from cardrules.frozen import fast_constructor, pretty_as_repr
from cardrules.game import TERMINAL, Action, Outcome
from cardrules.games.fildinski import meld_step, tricks
from cardrules.games.fildinski.actions import DeclareMelds, Dix, PlayCard, malformed, parse_action_text
from cardrules.games.fildinski.cards import DRAWS, card_of, cards_of, deck_cards, mask_of
from cardrules.games.fildinski.deal import (
    DealContext,
    DealPlan,
    deal_hands,
    first_deal,
    first_leader,
    next_deal,
    stock_cards,
)
from cardrules.games.fildinski.melds import MeldKind
from cardrules.games.fildinski.observation import FildinskiObservation, observe, sorted_cards
from cardrules.games.fildinski.options import FildinskiOptions
from cardrules.games.fildinski.scoring import (
    Category,
    DealSummary,
    DixEvent,
    MeldEvent,
    game_ends,
    game_winner,
    opening_points,
    seat_totals,
)
from cardrules.judging import action_text, as_played, game_over, read_text, unknown_action
from cardrules.notation import format_seat
from cardrules.plays import PlayChain, unroll
from cardrules.position import PositionEquality
from cardrules.rules import RuleId
from cardrules.svg import SvgPicture
from cardrules.svg.marks import Marks
from cardrules.verdict import Verdict

if TYPE_CHECKING:
    from cardrules.games.fildinski.ending import FildinskiEnding

__all__ = ["FildinskiState", "History", "deal_state", "end_deal", "make_state"]

History: TypeAlias = PlayChain
"""The plays of the deal, newest first (see :mod:`cardrules.plays`)."""

_Resolved: TypeAlias = "int | meld_step.Melds | None"
"""What judging an action resolved: the id played or given, or the melds' card sets."""


@dataclass(frozen=True, slots=True, eq=False)
class FildinskiState(SvgPicture, PositionEquality):
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
        return deal_state(first_deal(plan, dealer))

    # -- views ----------------------------------------------------------------

    @property
    def options(self) -> FildinskiOptions:
        """The game's options."""
        return self.deal.plan.options

    @property
    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self.current_player == TERMINAL

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

    def _end_reason(self) -> str:
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
        return Outcome((winner,), self.scores(), RuleId("fildinski.game.target"), self._end_reason())

    # -- the protocol, dispatched to the phases ---------------------------------

    def legal_mask(self) -> int:
        """The ids the player to act may play (0 in a meld step or when terminal).

        See :func:`~cardrules.games.fildinski.tricks.legal_mask`.
        """
        return tricks.legal_mask(self)

    def legal_actions(self) -> tuple[Action, ...]:
        """The legal actions in canonical order; empty exactly when the game is over.

        Card plays in kind order
        (:func:`~cardrules.games.fildinski.tricks.legal_plays`); in a meld step
        the dix (when possible) first, then ``meld none``, then single melds,
        then pairs of melds
        (:func:`~cardrules.games.fildinski.meld_step.legal_actions`).
        """
        seat = self.current_player
        if seat == TERMINAL:
            return ()
        if self.in_meld_step:
            return meld_step.legal_actions(self, seat)
        return tricks.legal_plays(self, seat)

    def check(self, action: Action | str) -> Verdict:
        """Adjudicate ``action`` here, naming every rule it breaks. Never raises."""
        return self._judge(action)[0]

    def attempt(
        self, action: Action | str, *, lenient: bool = False
    ) -> tuple[Verdict, FildinskiState | None]:
        """Judge ``action`` once and apply it if legal: the verdict and the next state (or ``None``).

        With ``lenient``, a card play that breaks only the follower's duties of
        the last eight tricks (:data:`~cardrules.games.fildinski.tricks.PLAYABLE_AS_PLAYED`)
        is played as it was made: its verdict stays illegal, and the next state
        is the one after it.
        """
        if isinstance(action, str):
            read = read_text(self, action)
            if isinstance(read, Verdict):
                return read, None
            action = read
        verdict, resolved = self._judge(action)
        if not verdict.legal:
            if lenient and isinstance(action, PlayCard) and as_played(verdict, tricks.PLAYABLE_AS_PLAYED):
                held = tricks.held_id(self, action.seat, action.card)
                if held != tricks.NO_CARD:
                    return verdict, tricks.play(self, action.seat, held)
            return verdict, None
        return verdict, self._enact(action, resolved)

    def apply(self, action: Action | str) -> FildinskiState:
        """The state after ``action``.

        A legal card play takes the fast path, the legal set's own test
        (:func:`~cardrules.games.fildinski.tricks.playable`), and so does a
        legal ``meld none`` (:func:`~cardrules.games.fildinski.meld_step.in_step`:
        the declaration of no meld is legal exactly in the actor's meld step);
        any other action is judged once.

        Raises:
            IllegalActionError: the action is illegal here; its verdict names the rules.
        """
        try:  # the fast path takes only what the door takes: a play of a card by a seat number
            fast = type(action) is PlayCard and type(action.seat) is int and type(action.card) is Card
            fast = fast and type(action.card.index) is int  # type: ignore[union-attr]
        except AttributeError:  # a value built around its constructor, a field missing: the door says so
            fast = False
        if fast:
            assert isinstance(action, PlayCard)
            card = tricks.playable(self, action)
            if card >= 0:
                return tricks.play(self, action.seat, card)
        elif type(action) is DeclareMelds:
            try:
                seat, melds = action.seat, action.melds
            except AttributeError:  # a field missing: the door says so
                seat, melds = TERMINAL, None
            if type(seat) is int and type(melds) is tuple and not melds and meld_step.in_step(self, seat):
                return meld_step.declare(self, seat, ())
        if isinstance(action, str):
            read = read_text(self, action)
            if isinstance(read, Verdict):
                raise IllegalActionError(read, action, self.compact())
            action = read
        verdict, resolved = self._judge(action)
        if not verdict.legal:
            raise IllegalActionError(verdict, action_text(action), self.compact())
        return self._enact(action, resolved)

    def _judge(self, action: Action | str) -> tuple[Verdict, _Resolved]:
        """The verdict on ``action`` and what judging it resolved (``None`` or -1 when illegal)."""
        if self.current_player == TERMINAL:
            return game_over(self._end_reason()), None
        if isinstance(action, str):
            read = read_text(self, action)
            return (read, None) if isinstance(read, Verdict) else self._judge(read)
        why = malformed(action)  # the door: an action of the game, with parts of the right types
        if why is not None:
            return unknown_action(why), None
        if isinstance(action, PlayCard):
            return tricks.judge_play(self, action)
        if isinstance(action, DeclareMelds):
            return meld_step.judge_melds(self, action)
        assert isinstance(action, Dix)
        return meld_step.judge_dix(self, action)

    def _enact(self, action: Action, resolved: _Resolved) -> FildinskiState:
        """The state after the legal ``action``, from what :meth:`_judge` resolved."""
        if isinstance(action, PlayCard):
            assert isinstance(resolved, int)
            return tricks.play(self, action.seat, resolved)
        if isinstance(action, Dix):
            assert isinstance(resolved, int)
            return meld_step.exchange(self, action.seat, resolved)
        assert isinstance(action, DeclareMelds) and isinstance(resolved, tuple)
        return meld_step.declare(self, action.seat, resolved)

    def ending(self, by: int | str) -> FildinskiEnding:
        """The last eight tricks as a solver ending, counted for the seat ``by`` names.

        See :func:`~cardrules.games.fildinski.ending.ending`.
        """
        from cardrules.games.fildinski.ending import ending  # the module imports this one's siblings

        return ending(self, by)

    def parse_action(self, text: str) -> Action:
        """Read an action such as ``"p0 play QS"``, ``"meld bezique JD QS"`` or ``"dix 7H"``.

        With no actor, the actor is the player to act.

        Raises:
            InvalidNotationError: the text is not a Fildinski action.
        """
        return parse_action_text(text, None if self.is_terminal else self.current_player)

    def hand(self, seat: int) -> Cards:
        """``seat``'s hand as plain cards (copies repeated), sorted as an observation sorts them.

        The cards print as cards; :attr:`hands` keeps the bitmasks of card ids.

        Raises:
            InvalidArgumentError: ``seat`` is not 0 or 1.
        """
        return sorted_cards(self.hands[check_seat(seat, 2, "Fildinski")])

    def observation(self, seat: int) -> FildinskiObservation:
        """What ``seat`` may know here: its own hand and the public information.

        Raises:
            InvalidArgumentError: ``seat`` is not 0 or 1.
        """
        return observe(self, seat)

    # -- text -------------------------------------------------------------------

    def position(self, *, future: bool = True) -> str:
        """The position as one line of text, canonical; ``game.from_position`` reads it back.

        The sections and what they hold are those of
        :mod:`cardrules.games.fildinski.position`. With ``future=False`` the seed
        and later deck orders are left out (the short form a dispute needs).
        """
        from cardrules.games.fildinski.position import write_position

        return write_position(self, future=future)

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

    def _svg_table(self, marks: Marks) -> str:
        """The table as an adjudicator sees it, for :func:`cardrules.svg.table`, ``svg()`` and notebooks."""
        from cardrules.games.fildinski.picture import draw_state

        return draw_state(self, marks)

    _repr_pretty_ = pretty_as_repr  # printed by its one-line repr, not field by field

    def __repr__(self) -> str:
        return f"FildinskiState{self.compact()}"


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
] = fast_constructor(FildinskiState)
"""Build a state from all its fields, in field order (``deal, hands, won, retired, drawn, turnup,
trick, leader, tricks_done, in_meld_step, fresh, dix_done, points, used, melds, dix, history,
current_player``), skipping ``__init__``: the phases' transitions use it."""

_NO_USE: Final[tuple[int, ...]] = (0,) * len(MeldKind)


def deal_state(context: DealContext) -> FildinskiState:
    """The state before the first lead of the deal of ``context``.

    The hands and the turn-up come from :func:`~cardrules.games.fildinski.deal.deal_hands`,
    the opening points from fildinski.deal.turned-seven, the first lead from
    fildinski.deal.first-lead.
    """
    hands, turnup = deal_hands(context)
    first = first_leader(context)
    return make_state(
        context, hands, (0, 0), (0, 0), 0, turnup, (), first, 0, False, 0, False,
        opening_points(turnup, context.dealer), _NO_USE, (), None, None, first,
    )  # fmt: skip


def end_deal(s: FildinskiState) -> FildinskiState:
    """The state after the last trick (and meld step) of a deal.

    fildinski.game.deal-end: the deal's points join the totals. The game ends
    when :func:`~cardrules.games.fildinski.scoring.game_ends` says so; otherwise
    the next deal begins (:func:`~cardrules.games.fildinski.deal.next_deal`).
    """
    context = s.deal
    a, b = context.totals
    x, y = s.deal_points
    totals = (a + x, b + y)
    if game_ends(totals, context.plan.options.target_score):
        return make_state(
            context, s.hands, s.won, s.retired, s.drawn, s.turnup, s.trick, s.leader, s.tricks_done,
            s.in_meld_step, s.fresh, s.dix_done, s.points, s.used, s.melds, s.dix, s.history, TERMINAL,
        )  # fmt: skip
    return deal_state(next_deal(context, s.summary, totals))
