"""The Félagsvist state: a whole game as one immutable value.

Sets of cards are int bitmasks over :attr:`cardrules.cards.Card.index`; the
current trick and the play history are tuples of card indices. Applying an
action builds a new state that shares every unchanged part with the old one.
The state holds the fields and their views; the rules live in the phase
modules: :mod:`~cardrules.games.felagsvist.deal` (dealing),
:mod:`~cardrules.games.felagsvist.play` (the legal set, the check and the
transition), :mod:`~cardrules.games.felagsvist.scoring` and
:mod:`~cardrules.games.felagsvist.observation`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, ClassVar, Final, TypeAlias

from cardrules.cards import STANDARD_DECK, Card, Cards, Suit, card_at, cards_in, format_cards
from cardrules.errors import GameNotOverError
from cardrules.game import TERMINAL, GameInfo
from cardrules.games.felagsvist import play as _play
from cardrules.games.felagsvist.actions import SEAT_NAMES, PlayCard, malformed, parse_play
from cardrules.games.felagsvist.deal import DealContext, DealPlan, Tally, open_deal, trump_suit
from cardrules.games.felagsvist.info import INFO
from cardrules.games.felagsvist.observation import FelagsvistObservation, observe
from cardrules.games.felagsvist.options import FelagsvistOptions, RoundKind
from cardrules.games.felagsvist.scoring import add_deal, scored_deal, winning_side
from cardrules.notation import format_seat
from cardrules.plays import PlayChain, unroll
from cardrules.state_base import ActionTable, Maker, StateBase, action_table, step, with_maker

if TYPE_CHECKING:
    pass

if TYPE_CHECKING:
    from cardrules.games.felagsvist.ending import FelagsvistEnding  # noqa: F401 - named in the base class, quoted

__all__ = ["FelagsvistState", "History", "new_state"]

History: TypeAlias = PlayChain
"""The plays of the deal, newest first (see :mod:`cardrules.plays`)."""


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class FelagsvistState(StateBase[FelagsvistObservation, Cards, "FelagsvistEnding", PlayCard]):
    """A Félagsvist game in progress (or finished): an immutable value.

    Build one with :meth:`~cardrules.games.felagsvist.game.FelagsvistGame.new_game` or
    :meth:`~cardrules.games.felagsvist.game.FelagsvistGame.from_deal`.
    Sides are 0 (NS) and 1 (EW); a seat's side is ``seat % 2``. What stays
    fixed for a deal lives in :attr:`deal` and what changes once a trick in
    :attr:`tally`, so that a play builds a small value; the properties below
    read through them.

    Attributes:
        deal: the deal being played and the scores before it.
        hands: each seat's cards as a bitmask.
        trick: the card indices played to the current trick, leader first.
        history: the plays of this deal, newest first, as a chain of
            ``(earlier, seat, card index)`` links ending in ``None`` (adding a
            play is then one small tuple); :attr:`plays` reads it in order.
        tally: the current leader and each side's tricks and won cards.
        current_player: the seat to act, or :data:`~cardrules.game.TERMINAL`.
        legal_cards: the cards the player to act may play, as a bitmask (0 once
            the game is over): :func:`~cardrules.games.felagsvist.play.playable` of
            their hand and the trick, worked out when the state is built, so that
            ``legal_actions`` and ``apply`` read it instead of working it out
            each. It follows from the fields above and takes no part in
            comparing, hashing or printing the state.
    """

    deal: DealContext
    hands: tuple[int, int, int, int]
    trick: tuple[int, ...]
    history: History
    tally: Tally
    current_player: int
    legal_cards: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(
            self, "legal_cards", _play.legal_cards(self.hands, self.trick, self.current_player)
        )

    @classmethod
    def start(
        cls,
        plan: DealPlan,
        dealer: int,
        deal_number: int = 1,
        deal_scores: tuple[tuple[int, int], ...] = (),
        totals: tuple[int, int] = (0, 0),
    ) -> FelagsvistState:
        """The state before the first card of deal ``deal_number`` (deal 1 unless given), dealt by ``dealer``.

        ``deal_scores`` and ``totals`` are those of the deals before it (see
        :func:`~cardrules.games.felagsvist.deal.open_deal`).
        """
        deal, hands, tally = open_deal(plan, deal_number, dealer, deal_scores, totals)
        leader = tally.leader
        return new_state(deal, hands, (), None, tally, leader, hands[leader])  # a leader plays any card

    # -- what the game is, its one action, and how the door reads and prints ------

    INFO: ClassVar[GameInfo] = INFO
    make: ClassVar[Maker[FelagsvistState]]  # the fast constructor (set below the class), for the phases
    ACTIONS: ClassVar[ActionTable[FelagsvistState]] = action_table(
        step(
            PlayCard,
            _play.judge_play,
            _play.take_play,
            lenient=_play.PLAYABLE_AS_PLAYED,
            fast=_play.fast_play,
        ),
    )
    _read_action = staticmethod(parse_play)
    _malformed = staticmethod(malformed)
    _observe = staticmethod(observe)
    _cards_of = staticmethod(Cards.from_mask)

    # -- the legal set and the end: the functions of cardrules.games.felagsvist.play,
    # -- bound directly (no wrapper call on the hot paths)

    apply = _play.apply_play
    legal_mask = _play.legal_mask
    legal_actions = _play.legal_actions
    outcome = _play.outcome

    # -- views ----------------------------------------------------------------

    @property
    def plan(self) -> DealPlan:
        """The options and where every deal's deck comes from."""
        return self.deal.plan

    @property
    def options(self) -> FelagsvistOptions:
        """The game's options."""
        return self.deal.plan.options

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
        """The seat that dealt deal 1 (the deal passes left after every deal)."""
        return (self.deal.dealer - self.deal.deal_number + 1) % 4

    @property
    def deck(self) -> tuple[int, ...]:
        """The deck order of the current deal (card indices, top first)."""
        return self.deal.deck

    def dealt_decks(self) -> tuple[tuple[Card, ...], ...]:
        """The deck order (top first) of every deal dealt so far, the current one last.

        For a game started with ``new_game`` or ``from_deal`` that is one deck
        per deal from deal 1. A state read from a position at deal ``k`` does
        not know the earlier decks: it gives one deck per deal from deal ``k``
        on, and deal ``k``'s deck is the canonical one that deals the hands the
        deal started with (each seat's cards in index order; see
        :mod:`~cardrules.games.felagsvist.position`), not necessarily the
        order the cards were really dealt in. :attr:`first_dealer` is derived
        from the current dealer as usual.
        """
        plan = self.deal.plan
        return tuple(
            tuple([STANDARD_DECK[c] for c in plan.deck(k)])
            for k in range(plan.first_deal, self.deal.deal_number + 1)
        )

    @property
    def round_kind(self) -> RoundKind:
        """The kind of the current deal (felagsvist.round.cycle)."""
        return self.deal.plan.kind(self.deal.deal_number)

    @property
    def trump(self) -> Suit | None:
        """The trump suit of the current deal, or ``None`` (felagsvist.round.trump)."""
        return trump_suit(self.round_kind)

    @property
    def plays(self) -> tuple[tuple[int, int], ...]:
        """The (seat, card index) plays of the current deal, in order."""
        return unroll(self.history)

    @property
    def leader(self) -> int:
        """The seat that leads (or led) the current trick."""
        return self.tally.leader

    @property
    def tricks(self) -> tuple[int, int]:
        """The (NS, EW) tricks won in the current deal."""
        return self.tally.tricks

    @property
    def won(self) -> tuple[int, int]:
        """The (NS, EW) cards won in the current deal, as bitmasks."""
        return self.tally.won

    @property
    def phase_name(self) -> str:
        """The kind of the deal being played (``"hearts"`` ... ``"nolo"``), or ``"over"``.

        Félagsvist has one phase of play; what changes the rules from deal to
        deal is the round kind (felagsvist.round.cycle), so that is what names it.
        """
        return "over" if self.current_player == TERMINAL else self.deal.plan.kind(self.deal.deal_number).value

    @property
    def deal_scores(self) -> tuple[tuple[int, int], ...]:
        """The (NS, EW) scores of every finished deal, in order."""
        if self.current_player == TERMINAL:
            return (*self.deal.deal_scores, scored_deal(self.deal, self.tally))
        return self.deal.deal_scores

    @property
    def totals(self) -> tuple[int, int]:
        """The (NS, EW) game totals of every finished deal (felagsvist.score.totals)."""
        if self.current_player == TERMINAL:
            return add_deal(self.deal.totals, scored_deal(self.deal, self.tally))
        return self.deal.totals

    def scores(self) -> tuple[int, ...]:
        """Each seat's game score: its side's total (partners share it)."""
        ns, ew = self.totals
        return ns, ew, ns, ew

    def winner(self) -> int | None:
        """The winning side (0 = NS, 1 = EW) of a finished game, or ``None`` for a tie.

        Raises:
            GameNotOverError: the game is not over yet.
        """
        if not self.is_terminal:
            raise GameNotOverError("the game is not over: no winner yet")
        return winning_side(self.totals)

    def end_reason(self) -> str:
        """Why the finished game is over (``deal 12 was the last``)."""
        return _play.end_reason(self.deal.deal_number)

    # -- text -----------------------------------------------------------------

    def compact(self) -> str:
        """A one-line form of the whole state, enough to reproduce a failure."""
        to_act = "over" if self.is_terminal else f"{format_seat(self.current_player)} to act"
        hands = " | ".join(f"{SEAT_NAMES[s]}: {format_cards(cards_in(h))}" for s, h in enumerate(self.hands))
        trick = format_cards(card_at(c) for c in self.trick)
        return (
            f"[felagsvist deal {self.deal_number} {self.round_kind.value} dealer "
            f"{format_seat(self.dealer)}, {to_act}, trick ({trick}) led by "
            f"{format_seat(self.leader)}, tricks {self.tricks[0]}-{self.tricks[1]}, "
            f"totals {self.totals[0]}-{self.totals[1]}; {hands}]"
        )


new_state: Final[
    Callable[
        [DealContext, tuple[int, int, int, int], tuple[int, ...], History, Tally, int, int], FelagsvistState
    ]
] = with_maker(FelagsvistState)
"""``FelagsvistState(deal, hands, trick, history, tally, current_player)`` for the hot path, built
without ``__init__`` (see :func:`cardrules.frozen.fast_constructor`); the caller passes
:attr:`~FelagsvistState.legal_cards` too, as :func:`~cardrules.games.felagsvist.play.legal_cards`
gives it."""
