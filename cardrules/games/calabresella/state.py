"""The Calabresella state: one hand, from the deal to the settlement, as an immutable value.

A game of the library is one hand (calabresella.procedure.session): it ends,
with no legal action left, once it is settled or once all three players have
passed. A session is a run of hands; :meth:`CalabresellaState.next_hand` deals
the next one from a finished hand, carrying the session balances.

Sets of cards are int bitmasks over :attr:`cardrules.cards.Card.index`; the
monte and the current trick are tuples of card indices. The parts of a state
are those of :mod:`cardrules.games.calabresella.deal`: what stays fixed for a
hand (:class:`~cardrules.games.calabresella.deal.DealContext`), what the auction
and the exchange decide (:class:`~cardrules.games.calabresella.deal.Setup`) and
what changes once a trick (:class:`~cardrules.games.calabresella.deal.Tally`),
so that a card play builds a small value.

The state holds no rule: its action table names, for each kind of action,
the judge and the transition of :mod:`~cardrules.games.calabresella.procedure`,
which hand it to the module of its phase
(:mod:`~cardrules.games.calabresella.auction`,
:mod:`~cardrules.games.calabresella.exchange`,
:mod:`~cardrules.games.calabresella.play`), where its legal set, its check
and its transition sit side by side; the door before them is the core's
(:class:`~cardrules.state_base.StateBase`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar, Final

from cardrules.cards import STANDARD_DECK, Card, Cards, card_at, cards_in, format_cards
from cardrules.errors import GameNotOverError
from cardrules.game import TERMINAL, Action, GameInfo, Outcome
from cardrules.games.calabresella import auction, exchange, play, procedure
from cardrules.games.calabresella.actions import (
    Bid,
    CallCard,
    ChooseRaise,
    Discard,
    Pass,
    PlayCard,
    ReturnCard,
    canonical_action,
    malformed,
    parse_action,
)
from cardrules.games.calabresella.cards import mask_of
from cardrules.games.calabresella.deal import (
    LEVEL_NAMES,
    NO_SETUP,
    NO_TALLY,
    DealContext,
    DealPlan,
    Phase,
    Setup,
    Tally,
    deal_hands,
    dealt_monte,
    make_context,
    next_dealer,
)
from cardrules.games.calabresella.info import INFO
from cardrules.games.calabresella.observation import CalabresellaObservation, observe
from cardrules.games.calabresella.options import CalabresellaOptions
from cardrules.games.calabresella.scoring import Contract, Raise, Settlement
from cardrules.notation import format_seat
from cardrules.plays import PlayChain, unroll
from cardrules.rules import RuleId
from cardrules.state_base import ActionTable, Maker, StateBase, action_table, step, with_maker

if TYPE_CHECKING:
    pass

if TYPE_CHECKING:
    from cardrules.games.calabresella.ending import CalabresellaEnding  # noqa: F401 - named in the base class, quoted

__all__ = ["CalabresellaState", "make_state"]


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class CalabresellaState(StateBase[CalabresellaObservation, Cards, "CalabresellaEnding", Action]):
    """A Calabresella hand in progress (or finished): an immutable value.

    Build one with :meth:`~cardrules.games.calabresella.game.CalabresellaGame.new_game`
    or :meth:`~cardrules.games.calabresella.game.CalabresellaGame.from_deal`. The
    zones of the specification are :attr:`hands` (H0, H1, H2), :attr:`monte`
    (M), :attr:`trick` (T), :attr:`won_bidder` (W_B) and
    :attr:`won_opponents` (W_O); in every state they partition the 40 cards.

    Attributes:
        context: the hand's dealer, deck, options and the balances before it.
        setup: the auction calls, the contract and what the exchange decided.
        phase: the current :class:`~cardrules.games.calabresella.deal.Phase`.
        hands: each seat's cards as a bitmask.
        monte: the card indices of the monte, in order (empty while a player
            holds the monte cards in hand, and after the settlement).
        trick: the card indices played to the current trick, leader first.
        history: the card plays of this hand, newest first (see
            :data:`~cardrules.plays.PlayChain`).
        tally: the current leader and each side's tricks and won piles.
        current_player: the seat to act, or :data:`~cardrules.game.TERMINAL`.
        settlement: the count and payments once the hand is settled, else ``None``.
    """

    context: DealContext
    setup: Setup
    phase: Phase
    hands: tuple[int, int, int]
    monte: tuple[int, ...]
    trick: tuple[int, ...]
    history: PlayChain
    tally: Tally
    current_player: int
    settlement: Settlement | None = None

    # -- what the game is, its actions, and how the door reads and prints ---------

    INFO: ClassVar[GameInfo] = INFO
    make: ClassVar[Maker[CalabresellaState]]  # the fast constructor (set below the class), for the phases
    ACTIONS: ClassVar[ActionTable[CalabresellaState]] = action_table(
        step(
            PlayCard,
            procedure.judge_play,
            procedure.take_play,
            lenient=play.PLAYABLE_AS_PLAYED,
            fast=procedure.fast_play,
        ),
        step(Pass, procedure.judge_auction, procedure.take_auction, fast=procedure.fast_shared),
        step(Bid, procedure.judge_auction, procedure.take_auction, fast=procedure.fast_shared),
        step(CallCard, procedure.judge_exchange, procedure.take_exchange, fast=procedure.fast_exchange),
        step(ReturnCard, procedure.judge_exchange, procedure.take_exchange, fast=procedure.fast_exchange),
        step(Discard, procedure.judge_exchange, procedure.take_exchange, fast=procedure.fast_exchange),
        step(ChooseRaise, procedure.judge_exchange, procedure.take_exchange, fast=procedure.fast_shared),
    )
    _read_action = staticmethod(parse_action)
    _canonical_action = staticmethod(canonical_action)
    _malformed = staticmethod(malformed)
    _observe = staticmethod(observe)
    _cards_of = staticmethod(Cards.from_mask)

    # -- construction ---------------------------------------------------------

    @classmethod
    def deal(
        cls, plan: DealPlan, dealer: int, hand_number: int = 1, balances: tuple[int, int, int] = (0, 0, 0)
    ) -> CalabresellaState:
        """The state right after the deal of hand ``hand_number`` by ``dealer``: E is to call."""
        deck = plan.deck(hand_number)
        context = make_context(plan, hand_number, dealer, deck, balances)
        hands = deal_hands(deck, dealer, plan.nxt)
        return make_state(
            context, NO_SETUP, _AUCTION, hands, dealt_monte(deck), (), None, NO_TALLY, plan.nxt[dealer], None
        )

    def next_hand(self) -> CalabresellaState:
        """The next hand of the session, dealt by :attr:`next_dealer`, balances carried.

        Its deck is the session's next explicit deck order (``later_deals`` of
        ``from_deal``) or a shuffle drawn from the seed. The new state is the
        start of a game of its own: its :meth:`dealt_decks` is its own deck.

        Raises:
            ValueError: this hand is not over yet.
        """
        if not self.is_terminal:
            raise ValueError("the hand is not over: finish it before dealing the next one")
        context = self.context
        return CalabresellaState.deal(context.plan, self.next_dealer, context.hand_number + 1, self.balances)

    # -- views ----------------------------------------------------------------

    @property
    def options(self) -> CalabresellaOptions:
        """The game's options."""
        return self.context.plan.options

    @property
    def dealer(self) -> int:
        """The dealer D of this hand."""
        return self.context.dealer

    @property
    def eldest(self) -> int:
        """The eldest hand E = next(D), who calls first."""
        return self.context.plan.nxt[self.context.dealer]

    def next_seat(self, seat: int) -> int:
        """next(seat) in turn order (calabresella.deal.direction)."""
        return self.context.plan.nxt[seat]

    @property
    def deck(self) -> tuple[int, ...]:
        """This hand's deck order (card indices, top first)."""
        return self.context.deck

    @property
    def dealt_monte(self) -> tuple[int, ...]:
        """The monte as dealt, ``deck[36:40]`` (calabresella.deal.monte)."""
        return dealt_monte(self.context.deck)

    @property
    def hand_number(self) -> int:
        """This hand's place in its session, 1-based."""
        return self.context.hand_number

    @property
    def bidder(self) -> int | None:
        """The bidder B once the auction has ended with a bid, else ``None``."""
        bidder = self.setup.bidder
        return None if bidder < 0 else bidder

    @property
    def opponents(self) -> tuple[int, int] | None:
        """``(O1, O2)`` = (next(B), next(O1)) once there is a bidder, else ``None``."""
        bidder = self.setup.bidder
        if bidder < 0:
            return None
        nxt = self.context.plan.nxt
        return nxt[bidder], nxt[nxt[bidder]]

    @property
    def contract(self) -> Contract | None:
        """The contract once the auction has ended with a bid, else ``None``."""
        return self.setup.contract

    @property
    def calls(self) -> tuple[tuple[int, int], ...]:
        """The auction calls as ``(seat, level)``, level 0 a pass and 1-3 Chiamo, Solo, Solissimo."""
        return self.setup.calls

    @property
    def abandoned(self) -> bool:
        """Whether the hand ended because all three passed (calabresella.bidding.all-pass)."""
        return self.phase is Phase.OVER and self.setup.bidder < 0

    @property
    def leader(self) -> int | None:
        """The leader of the current (or last) trick, or ``None`` before play."""
        leader = self.tally.leader
        return None if leader < 0 else leader

    @property
    def tricks_bidder(self) -> int:
        """Tricks won by the bidder so far."""
        return self.tally.tricks_bidder

    @property
    def tricks_opponents(self) -> int:
        """Tricks won by the opponents so far."""
        return self.tally.tricks_opponents

    @property
    def won_bidder(self) -> int:
        """W_B, the bidder's won pile, as a bitmask (the monte included once settled)."""
        return self.tally.won_bidder

    @property
    def won_opponents(self) -> int:
        """W_O, the opponents' pooled won pile, as a bitmask (the monte included once settled)."""
        return self.tally.won_opponents

    @property
    def trick_winners(self) -> tuple[int, ...]:
        """The winner of each completed trick, in order."""
        return self.tally.winners

    @property
    def plays(self) -> tuple[tuple[int, int], ...]:
        """The ``(seat, card index)`` plays of this hand, in order."""
        return unroll(self.history)

    @property
    def final_monte(self) -> tuple[int, ...]:
        """Once the exchange is over, the monte that lies out of play and goes to the last trick's side.

        calabresella.scoring.monte: the last lay-away (both opponents' after
        dividete), or the dealt monte when nothing was laid away.
        """
        return exchange.final_monte(self.setup, self.dealt_monte)

    def zones(self) -> dict[str, int]:
        """Every zone of the specification as a bitmask: ``H0``-``H2``, ``M``, ``T``, ``W_B``, ``W_O``.

        The seven masks are disjoint and together hold the 40 cards.
        """
        h0, h1, h2 = self.hands
        return {
            "H0": h0,
            "H1": h1,
            "H2": h2,
            "M": mask_of(self.monte),
            "T": mask_of(self.trick),
            "W_B": self.tally.won_bidder,
            "W_O": self.tally.won_opponents,
        }

    @property
    def balances(self) -> tuple[int, int, int]:
        """Each seat's session balance: the balance before this hand plus its payments."""
        before = self.context.balances
        paid = self.scores()
        return before[0] + paid[0], before[1] + paid[1], before[2] + paid[2]

    @property
    def next_dealer(self) -> int:
        """Who deals the next hand (calabresella.deal.rotation): next(D), or D again after an
        all-pass under ``redeal_dealer = same``."""
        return next_dealer(self.context.plan, self.context.dealer, self.abandoned)

    @property
    def first_dealer(self) -> int:
        """The dealer of this game's (this hand's) deal."""
        return self.context.dealer

    def dealt_decks(self) -> tuple[tuple[Card, ...], ...]:
        """The deck order of this game's one deal (top first).

        For a state read from a position
        (:meth:`~cardrules.games.calabresella.game.CalabresellaGame.from_position`) the deck is
        the canonical one the position goes back to: each seat's 12 dealt
        cards in index order, in packets of four from the eldest hand
        (calabresella.deal.packets), then the dealt monte in its order
        (calabresella.deal.monte). The position's later deck orders are the
        decks of the hands :meth:`next_hand` deals.
        """
        return (tuple([STANDARD_DECK[c] for c in self.context.deck]),)

    # -- the public protocol --------------------------------------------------

    @property
    def phase_name(self) -> str:
        """``"auction"``, ``"exchange"`` (the call, the return, the lay-aways), ``"play"`` or ``"over"``."""
        if self.current_player == TERMINAL:
            return "over"
        if self.phase == Phase.AUCTION:
            return "auction"
        return "play" if self.phase == Phase.PLAY else "exchange"

    def scores(self) -> tuple[int, ...]:
        """Each seat's net payment in this hand (its balance for a one-hand session).

        Zero until the hand is settled, and zero after an all-pass.
        """
        settlement = self.settlement
        return (0, 0, 0) if settlement is None else settlement.payments

    def winner(self) -> tuple[int, ...]:
        """The seats of the side that won the settled hand: ``(B,)`` or ``(O1, O2)``;
        ``()`` for an abandoned hand.

        Raises:
            GameNotOverError: the hand is not over yet.
        """
        if not self.is_terminal:
            raise GameNotOverError("the hand is not over: no winner yet")
        settlement = self.settlement
        if settlement is None:
            return ()
        if settlement.success:
            return (settlement.bidder,)
        opponents = self.opponents
        assert opponents is not None
        return tuple(sorted(opponents))

    def end_reason(self) -> str:
        """Why the finished hand is over (settled, or abandoned after all three passed)."""
        if self.abandoned:
            return "all three passed, so the hand was abandoned; the next hand is a new deal"
        return "the hand has been played and settled"

    def outcome(self) -> Outcome | None:
        """``None`` until the hand is over; then the winning side's seats, the payments and why it ended.

        A game is one hand (calabresella.procedure.session): the bidder alone, or both
        opponents, win a settled hand; nobody wins a hand abandoned after all three pass
        (calabresella.bidding.all-pass).
        """
        if not self.is_terminal:
            return None
        rule = "calabresella.bidding.all-pass" if self.abandoned else "calabresella.procedure.session"
        return Outcome(self.winner(), self.scores(), RuleId(rule), self.end_reason())

    def legal_mask(self) -> int:
        """In the play phase, the cards the player to act may play, as a bitmask; else 0.

        See :func:`cardrules.games.calabresella.play.playable` (calabresella.play.lead,
        calabresella.play.follow).
        """
        return play.legal_mask(self)

    def legal_actions(self) -> Sequence[Action]:
        """Every legal action in canonical order; empty exactly when the hand is over.

        Auction: pass, then the bids above the highest, lowest first. Call: the
        28 cards B lacks, in index order. Return and play: cards in index order.
        Lay-away: every set of the right size, in lexicographic index order.
        Raise: none, dividete, scegliete. A tuple, except in a lay-away, whose
        legal set (up to 1820 actions) is a :class:`~cardrules.games.calabresella.lay_aways.LayAways`,
        an immutable sequence that builds an action when it is indexed.
        """
        phase = self.phase
        if phase is _PLAY:
            return play.legal(self)
        if phase is _OVER:
            return ()
        if phase is _AUCTION:
            return auction.legal(self)
        return exchange.legal(self)

    # -- text -----------------------------------------------------------------

    def compact(self) -> str:
        """A one-line form of the whole state (hidden cards included), enough to reproduce a failure."""
        setup = self.setup
        to_act = "over" if self.is_terminal else f"{format_seat(self.current_player)} to act"
        hands = " | ".join(f"p{s}: {format_cards(cards_in(h))}" for s, h in enumerate(self.hands))
        calls = " ".join(f"p{s}:{LEVEL_NAMES[level].lower()}" for s, level in setup.calls) or "-"
        contract = "-" if setup.contract is None else f"{setup.contract.value} by p{setup.bidder}"
        if setup.raised is not None and setup.raised is not Raise.NONE:
            contract += f" {setup.raised.value}"
        if setup.called >= 0:
            contract += f", called {card_at(setup.called)}"
        monte = format_cards(card_at(c) for c in self.monte)
        trick = format_cards(card_at(c) for c in self.trick)
        return (
            f"[calabresella hand {self.context.hand_number} dealer p{self.context.dealer}, "
            f"{self.phase.name.lower()}, {to_act}; calls {calls}; contract {contract}; monte ({monte}); "
            f"trick ({trick}); tricks {self.tally.tricks_bidder}-{self.tally.tricks_opponents}; {hands}]"
        )


make_state: Final[
    Callable[
        [
            DealContext,
            Setup,
            Phase,
            tuple[int, int, int],
            tuple[int, ...],
            tuple[int, ...],
            PlayChain,
            Tally,
            int,
            Settlement | None,
        ],
        CalabresellaState,
    ]
] = with_maker(CalabresellaState)
"""Build a :class:`CalabresellaState` from all its fields, in order, fast: what ``state.make`` is, typed."""


# The members the hot paths compare with, read once (reading an enum member off its class is slow).
_AUCTION: Final = Phase.AUCTION
_PLAY: Final = Phase.PLAY
_OVER: Final = Phase.OVER
