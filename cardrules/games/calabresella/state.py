"""The Calabresella state: one hand, from the deal to the settlement, as an immutable value.

A game of the library is one hand (calabresella.procedure.session): it ends,
with no legal action left, once it is settled or once all three players have
passed. A session is a run of hands; :meth:`CalabresellaState.next_hand` deals
the next one from a finished hand, carrying the session balances.

Sets of cards are int bitmasks over :attr:`cardrules.cards.Card.index`; the
monte and the current trick are tuples of card indices. What stays fixed for a
hand lives in :class:`HandContext`, what the auction and the exchange decide in
:class:`Setup`, and what changes once a trick in :class:`Tally`, so that a card
play builds a small value.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from enum import IntEnum
from itertools import combinations
from typing import Final

from cardrules.cards import Card, card_at, cards_in, format_cards
from cardrules.errors import GameNotOverError, IllegalActionError, InvalidNotationError
from cardrules.game import TERMINAL, Action, Outcome
from cardrules.games.calabresella.actions import (
    BIDS,
    PASSES,
    PLAYS,
    RAISES,
    Bid,
    CallCard,
    ChooseRaise,
    Discard,
    Pass,
    PlayCard,
    ReturnCard,
    parse_action,
)
from cardrules.games.calabresella.deck import DECK, DECK_MASK, STRENGTH, SUIT_NAMES, mask_thirds
from cardrules.games.calabresella.observation import CalabresellaObservation
from cardrules.games.calabresella.options import (
    Auction,
    CalabresellaOptions,
    Direction,
    FollowSuit,
    OpeningLead,
    RedealDealer,
    ReturnTiming,
    SolissimoRaises,
    SoloMonte,
)
from cardrules.games.calabresella.scoring import (
    CONTRACTS,
    HAND_TRICKS,
    LAST_TRICK_THIRDS,
    Contract,
    Raise,
    Settlement,
    settle,
)
from cardrules.judging import game_over
from cardrules.notation import format_seat
from cardrules.plays import PlayChain, unroll
from cardrules.rules import RuleId
from cardrules.trick import SUIT_MASKS
from cardrules.verdict import Verdict

__all__ = [
    "CalabresellaState",
    "HandContext",
    "Phase",
    "SessionPlan",
    "Setup",
    "Tally",
    "auction_status",
    "deal_hands",
]

_DECK_ORDER: Final[tuple[int, ...]] = tuple(card.index for card in DECK)


class Phase(IntEnum):
    """The phase of a hand (calabresella.procedure.phases); :attr:`CalabresellaState.phase`."""

    AUCTION = 0
    """Auction calls (pass or bid)."""
    CALL = 1
    """The Chiamo bidder names the called card."""
    RETURN = 2
    """The bidder repays the giver of the called card."""
    DISCARD = 3
    """The bidder lays 4 cards away."""
    RAISE = 4
    """The Solissimo bidder chooses no raise, dividete or scegliete."""
    LAY = 5
    """An opponent lays 2 (dividete) or 4 (scegliete) cards away."""
    PLAY = 6
    """The twelve tricks."""
    OVER = 7
    """The hand is settled, or abandoned after an all-pass."""


@dataclass(frozen=True, slots=True)
class SessionPlan:
    """The options and where every hand's deck order comes from, fixed when a session starts.

    Hand ``k`` of the session (1-based) uses ``decks[k - 1]`` when given,
    otherwise a shuffle drawn from ``seed`` and ``k`` alone.

    Attributes:
        options: the game's options.
        seed: the seed of the shuffles not given explicitly.
        decks: explicit deck orders (card indices, top first) of hands 1, 2, ...
        nxt: ``nxt[s]`` is next(s) under the ``direction`` option.
    """

    options: CalabresellaOptions
    seed: int
    decks: tuple[tuple[int, ...], ...] = ()
    nxt: tuple[int, int, int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        # calabresella.deal.direction: next(s) is s + 1 (counter-clockwise) or s + 2 (clockwise), mod 3.
        step = 1 if self.options.direction is Direction.COUNTERCLOCKWISE else 2
        object.__setattr__(self, "nxt", ((0 + step) % 3, (1 + step) % 3, (2 + step) % 3))

    def deck(self, hand_number: int) -> tuple[int, ...]:
        """The deck order (card indices, top first) of hand ``hand_number`` of the session."""
        if hand_number <= len(self.decks):
            return self.decks[hand_number - 1]
        order = list(_DECK_ORDER)
        random.Random(f"calabresella/{self.seed}/hand/{hand_number}").shuffle(order)
        return tuple(order)


def deal_hands(deck: tuple[int, ...], dealer: int, nxt: tuple[int, int, int]) -> tuple[int, int, int]:
    """The three hands (bitmasks) dealt from ``deck`` (calabresella.deal.packets).

    In round r (0..2) the k-th player from the eldest hand E = next(dealer)
    receives ``deck[12r + 4k]`` to ``deck[12r + 4k + 3]``; the last four cards
    are the monte (calabresella.deal.monte).
    """
    hands = [0, 0, 0]
    seat = nxt[dealer]
    for k in range(3):
        mask = 0
        for r in range(3):
            for i in range(12 * r + 4 * k, 12 * r + 4 * k + 4):
                mask |= 1 << deck[i]
        hands[seat] = mask
        seat = nxt[seat]
    return hands[0], hands[1], hands[2]


def auction_status(
    calls: tuple[tuple[int, int], ...], eldest: int, nxt: tuple[int, int, int], single_round: bool
) -> tuple[bool, int, int, int]:
    """Where an auction stands after ``calls`` (each ``(seat, level)``, level 0 a pass, 1-3 a bid).

    Returns ``(over, caller, bidder, level)``: whether the auction has ended
    (calabresella.bidding.end), the seat to call next (-1 when over), the
    highest bidder (-1 if none) and the highest bid's level (0 if none).
    """
    if not calls:
        return False, eldest, -1, 0
    passed = 0
    level = 0
    bidder = -1
    for seat, bid in calls:
        if bid == 0:
            passed |= 1 << seat
        else:
            level, bidder = bid, seat
    last = calls[-1][0]
    if level == 3:
        return True, -1, bidder, level  # (a) nothing may follow Solissimo
    if single_round:
        if len(calls) >= 3:
            return True, -1, bidder, level  # after the dealer's call
        return False, nxt[last], bidder, level
    n_passed = passed.bit_count()
    if n_passed == 3:
        return True, -1, -1, 0  # (c) all pass
    if bidder >= 0 and n_passed == 2:
        return True, -1, bidder, level  # (b) both others passed
    caller = nxt[last]
    if passed >> caller & 1:  # calabresella.bidding.order: passed players are skipped
        caller = nxt[caller]
    if caller == bidder:  # pragma: no cover - the specification shows this cannot happen
        return True, -1, bidder, level
    return False, caller, bidder, level


@dataclass(frozen=True, slots=True)
class HandContext:
    """The part of a state that stays fixed for a whole hand.

    Attributes:
        plan: the options and where every hand's deck comes from.
        hand_number: the hand's place in the session, 1-based.
        dealer: the seat that dealt it.
        deck: its deck order (card indices, top first).
        balances: each seat's session balance before this hand.
    """

    plan: SessionPlan
    hand_number: int
    dealer: int
    deck: tuple[int, ...]
    balances: tuple[int, int, int]


@dataclass(frozen=True, slots=True)
class Setup:
    """What the auction and the exchange have decided so far.

    Attributes:
        calls: the auction calls in order, as ``(seat, level)``; level 0 is a
            pass, 1 Chiamo, 2 Solo, 3 Solissimo.
        bidder: the bidder B, or -1 while the auction lasts (and after an all-pass).
        contract: the contract, or ``None``.
        called: the called card's index, or -1.
        giver: the opponent who handed the called card over, or -1 (no call
            yet, not Chiamo, or the called card lay in the monte).
        returned: the index of the card B returned to the giver, or -1.
        raised: the Solissimo raise once chosen, else ``None``.
        laid: every lay-away in order, as ``(seat, card indices)``: B's 4 in
            Chiamo and Solo, the opponents' 2 or 4 after a raise.
        received: cards taken from the monte unseen by the others, as
            ``(seat, card indices)``: B's monte in Solo under ``solo_monte =
            hidden``, the opponents' monte cards after a raise.
    """

    calls: tuple[tuple[int, int], ...] = ()
    bidder: int = -1
    contract: Contract | None = None
    called: int = -1
    giver: int = -1
    returned: int = -1
    raised: Raise | None = None
    laid: tuple[tuple[int, tuple[int, ...]], ...] = ()
    received: tuple[tuple[int, tuple[int, ...]], ...] = ()

    @property
    def called_in_monte(self) -> bool:
        """Whether a card was called and it lay in the monte (calabresella.exchange.called-in-monte)."""
        return self.called >= 0 and self.giver < 0


@dataclass(frozen=True, slots=True)
class Tally:
    """The part of a state that changes once a trick.

    Attributes:
        leader: the seat that leads (or led) the current trick.
        tricks_bidder: tricks won by the bidder.
        tricks_opponents: tricks won by the opponents together.
        won_bidder: the bidder's won pile W_B, as a bitmask.
        won_opponents: the opponents' pooled won pile W_O, as a bitmask.
        winners: the winner of each completed trick, in order.
    """

    leader: int
    tricks_bidder: int = 0
    tricks_opponents: int = 0
    won_bidder: int = 0
    won_opponents: int = 0
    winners: tuple[int, ...] = ()


_NO_TALLY: Final = Tally(-1)
_NO_SETUP: Final = Setup()


_PHASE_WORDS: Final = {
    Phase.AUCTION: "to call (pass or bid)",
    Phase.CALL: "to name the called card",
    Phase.RETURN: "to return a card to the giver of the called card",
    Phase.DISCARD: "to lay 4 cards away",
    Phase.RAISE: "to choose the Solissimo raise (none, dividete or scegliete)",
    Phase.LAY: "to lay cards away",
    Phase.PLAY: "to play a card",
}
_EXPECTED: Final[dict[Phase, type[Action]]] = {
    Phase.AUCTION: Bid,
    Phase.CALL: CallCard,
    Phase.RETURN: ReturnCard,
    Phase.DISCARD: Discard,
    Phase.RAISE: ChooseRaise,
    Phase.LAY: Discard,
    Phase.PLAY: PlayCard,
}
_KINDS: Final = (Pass, Bid, CallCard, ReturnCard, Discard, ChooseRaise, PlayCard)
_LEVEL_NAMES: Final = ("pass", "Chiamo", "Solo", "Solissimo")


def _mask(cards: tuple[int, ...]) -> int:
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


def _pretty(index: int) -> str:
    return card_at(index).pretty()


def _pretty_mask(mask: int) -> str:
    return format_cards(cards_in(mask), pretty=True)


@dataclass(frozen=True, slots=True)
class CalabresellaState:
    """A Calabresella hand in progress (or finished): an immutable value.

    Build one with :meth:`~cardrules.games.calabresella.game.CalabresellaGame.new_game`
    or :meth:`~cardrules.games.calabresella.game.CalabresellaGame.from_deal`. The
    zones of the specification are :attr:`hands` (H0, H1, H2), :attr:`monte`
    (M), :attr:`trick` (T), :attr:`won_bidder` (W_B) and
    :attr:`won_opponents` (W_O); in every state they partition the 40 cards.

    Attributes:
        context: the hand's dealer, deck, options and the balances before it.
        setup: the auction calls, the contract and what the exchange decided.
        phase: the current :class:`Phase`.
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

    context: HandContext
    setup: Setup
    phase: Phase
    hands: tuple[int, int, int]
    monte: tuple[int, ...]
    trick: tuple[int, ...]
    history: PlayChain
    tally: Tally
    current_player: int
    settlement: Settlement | None = None

    # -- construction ---------------------------------------------------------

    @classmethod
    def deal(
        cls, plan: SessionPlan, dealer: int, hand_number: int = 1, balances: tuple[int, int, int] = (0, 0, 0)
    ) -> CalabresellaState:
        """The state right after the deal of hand ``hand_number`` by ``dealer``: E is to call."""
        deck = plan.deck(hand_number)
        context = HandContext(plan, hand_number, dealer, deck, balances)
        hands = deal_hands(deck, dealer, plan.nxt)
        return cls(
            context, _NO_SETUP, Phase.AUCTION, hands, deck[36:40], (), None, _NO_TALLY, plan.nxt[dealer]
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
        return self.context.deck[36:40]

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

    def zones(self) -> dict[str, int]:
        """Every zone of the specification as a bitmask: ``H0``-``H2``, ``M``, ``T``, ``W_B``, ``W_O``.

        The seven masks are disjoint and together hold the 40 cards.
        """
        h0, h1, h2 = self.hands
        return {
            "H0": h0,
            "H1": h1,
            "H2": h2,
            "M": _mask(self.monte),
            "T": _mask(self.trick),
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
        dealer = self.context.dealer
        if self.abandoned and self.options.redeal_dealer is RedealDealer.SAME:
            return dealer
        return self.context.plan.nxt[dealer]

    @property
    def first_dealer(self) -> int:
        """The dealer of this game's (this hand's) deal."""
        return self.context.dealer

    def dealt_decks(self) -> tuple[tuple[Card, ...], ...]:
        """The deck order of this game's one deal (top first)."""
        return (tuple(card_at(c) for c in self.context.deck),)

    # -- the public protocol --------------------------------------------------

    @property
    def is_terminal(self) -> bool:
        """Whether the hand is over (settled or abandoned)."""
        return self.current_player == TERMINAL

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

    def _end_reason(self) -> str:
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
        return Outcome(self.winner(), self.scores(), RuleId(rule), self._end_reason())

    def legal_mask(self) -> int:
        """In the play phase, the cards the player to act may play, as a bitmask; else 0.

        The whole hand for the leader (calabresella.play.lead) or under
        ``follow_suit = free``; otherwise the cards of the suit led if the hand
        has any, else the whole hand (calabresella.play.follow).
        """
        if self.phase is not Phase.PLAY:
            return 0
        hand = self.hands[self.current_player]
        if not self.trick or self.options.follow_suit is FollowSuit.FREE:
            return hand
        same = hand & SUIT_MASKS[self.trick[0] // 13]
        return same if same else hand

    def legal_actions(self) -> tuple[Action, ...]:
        """Every legal action in canonical order; empty exactly when the hand is over.

        Auction: pass, then the bids above the highest, lowest first. Call: the
        28 cards B lacks, in index order. Return and play: cards in index order.
        Lay-away: every set of the right size, in lexicographic index order.
        Raise: none, dividete, scegliete.
        """
        phase = self.phase
        seat = self.current_player
        if phase is Phase.PLAY:
            mask = self.legal_mask()
            row = PLAYS[seat]
            out: list[Action] = []
            while mask:
                low = mask & -mask
                out.append(row[low.bit_length() - 1])
                mask ^= low
            return tuple(out)
        if phase is Phase.OVER:
            return ()
        if phase is Phase.AUCTION:
            level = self._auction()[3]
            return (PASSES[seat], *BIDS[seat][level:])
        if phase is Phase.CALL:
            return tuple(CallCard(seat, card) for card in cards_in(DECK_MASK & ~self.hands[seat]))
        if phase is Phase.RETURN:
            hand = self.hands[seat] & ~(1 << self.setup.called)
            return tuple(ReturnCard(seat, card) for card in cards_in(hand))
        if phase is Phase.RAISE:
            return RAISES[seat]
        return _discards(seat, tuple(cards_in(self.hands[seat])), self._lay_size())

    def check(self, action: Action) -> Verdict:
        """Adjudicate ``action`` here, naming every rule it breaks. Never raises."""
        if self.is_terminal:
            return game_over(self._end_reason())
        unknown = _unknown(action)
        if unknown is not None:
            return Verdict.illegal(("common.action.known",), unknown)
        seat = action.seat
        to_act = self.current_player
        actor, mover = format_seat(seat), format_seat(to_act)
        broken: list[str] = []
        reasons: list[str] = []
        phase = self.phase
        if seat != to_act:
            broken.append("common.turn.player-to-act")
            reasons.append(f"it is {mover}'s turn {_PHASE_WORDS[phase]}, not {actor}'s")
            if (
                phase is Phase.AUCTION
                and isinstance(action, (Pass, Bid))
                and any(s == seat and level == 0 for s, level in self.setup.calls)
            ):
                broken.append("calabresella.bidding.pass-final")
                reasons.append(f"{actor} has passed and makes no further call in this auction")
        expected = _EXPECTED[phase]
        kind_ok = isinstance(action, expected) or (phase is Phase.AUCTION and isinstance(action, Pass))
        if not kind_ok:
            rule, reason = self._wrong_kind(action)
            broken.append(rule)
            reasons.append(reason)
        held = self._held_problem(action)
        if held is not None:
            broken.append("common.cards.held")
            reasons.append(held)
        if seat == to_act and kind_ok and (held is None or isinstance(action, Discard)):
            specific = self._specific(action)
            if specific is not None:
                broken.append(specific[0])
                reasons.append(specific[1])
        if broken:
            return Verdict.illegal(tuple(broken), "; ".join(reasons))
        return self._allowed(action)

    def attempt(self, action: Action) -> tuple[Verdict, CalabresellaState | None]:
        """Judge ``action`` and, when it is legal, apply it: the verdict and the next state (or ``None``)."""
        verdict = self.check(action)
        return verdict, (self.apply(action) if verdict.legal else None)

    def apply(self, action: Action) -> CalabresellaState:
        """The state after ``action``.

        Raises:
            IllegalActionError: the action is illegal here; its verdict names the rules.
        """
        seat = self.current_player
        if self.phase is Phase.PLAY and type(action) is PlayCard and action.seat == seat:
            card_value = action.card
            if type(card_value) is Card:
                # Fast path, the same test as legal_mask(): the card is held and follows suit if it must.
                card = card_value.index
                hand = self.hands[seat]
                if hand >> card & 1:
                    trick = self.trick
                    if (
                        not trick
                        or card // 13 == trick[0] // 13
                        or not hand & SUIT_MASKS[trick[0] // 13]
                        or self.options.follow_suit is FollowSuit.FREE
                    ):
                        return self._play(seat, card)
        verdict = self.check(action)
        if not verdict.legal:
            raise IllegalActionError(verdict, str(action), self.compact())
        return self._advance(action)

    def parse_action(self, text: str) -> Action:
        """Read an action such as ``"p1 bid solo"``, ``"call 3S"``, ``"p0 discard 4C 5C 6C 7C"`` or ``"3S"``.

        With no actor, the actor is the player to act.

        Raises:
            InvalidNotationError: the text is not a Calabresella action.
        """
        return parse_action(text, None if self.is_terminal else self.current_player)

    def observation(self, seat: int) -> CalabresellaObservation:
        """What ``seat`` may know here: its own hand and the public events, nothing else.

        calabresella.info.hands, calabresella.info.public-events, calabresella.info.monte
        and, once the hand is over, calabresella.info.end.
        """
        if not isinstance(seat, int) or not 0 <= seat < 3:
            raise InvalidNotationError(f"Calabresella has seats p0-p2, not {seat!r}")
        setup = self.setup
        nxt = self.context.plan.nxt
        leader = self.tally.leader
        trick_seats = []
        s = leader
        for _ in self.trick:
            trick_seats.append(s)
            s = nxt[s]
        exposed: tuple[Card, ...] | None = None
        contract = setup.contract
        if self._monte_taken() and (
            contract is Contract.CHIAMO
            or (contract is Contract.SOLO and self.options.solo_monte is SoloMonte.EXPOSED)
        ):
            exposed = tuple(card_at(c) for c in self.dealt_monte)
        received = tuple(card_at(c) for s2, cards in setup.received if s2 == seat for c in cards)
        laid = tuple(card_at(c) for s2, cards in setup.laid if s2 == seat for c in cards)
        settlement = self.settlement
        final_monte: tuple[Card, ...] | None = None
        if settlement is not None:
            final_monte = tuple(card_at(c) for c in self._final_monte())
        return CalabresellaObservation(
            seat=seat,
            hand=tuple(cards_in(self.hands[seat])),
            hand_sizes=(self.hands[0].bit_count(), self.hands[1].bit_count(), self.hands[2].bit_count()),
            monte_size=len(self.monte),
            dealer=self.context.dealer,
            phase=self.phase.name.lower(),
            current_player=self.current_player,
            calls=tuple((s2, _LEVEL_NAMES[level].lower()) for s2, level in setup.calls),
            bidder=self.bidder,
            contract=contract,
            called=None if setup.called < 0 else card_at(setup.called),
            giver=None if setup.giver < 0 else setup.giver,
            called_in_monte=setup.called_in_monte and self.phase is not Phase.CALL,
            exposed_monte=exposed,
            returned=None if setup.returned < 0 else card_at(setup.returned),
            raised=setup.raised,
            received=received,
            laid=laid,
            plays=tuple((s2, card_at(c)) for s2, c in self.plays),
            trick=tuple((s2, card_at(c)) for s2, c in zip(trick_seats, self.trick, strict=True)),
            trick_winners=self.tally.winners,
            tricks=(self.tally.tricks_bidder, self.tally.tricks_opponents),
            final_monte=final_monte,
            won_bidder=tuple(cards_in(self.tally.won_bidder)) if settlement is not None else None,
            won_opponents=tuple(cards_in(self.tally.won_opponents)) if settlement is not None else None,
            settlement=settlement,
            balances=self.balances,
        )

    # -- text -----------------------------------------------------------------

    def compact(self) -> str:
        """A one-line form of the whole state (hidden cards included), enough to reproduce a failure."""
        setup = self.setup
        to_act = "over" if self.is_terminal else f"{format_seat(self.current_player)} to act"
        hands = " | ".join(f"p{s}: {format_cards(cards_in(h))}" for s, h in enumerate(self.hands))
        calls = " ".join(f"p{s}:{_LEVEL_NAMES[level].lower()}" for s, level in setup.calls) or "-"
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

    def __repr__(self) -> str:
        return f"CalabresellaState{self.compact()}"

    # -- adjudication helpers -------------------------------------------------

    def _auction(self) -> tuple[bool, int, int, int]:
        context = self.context
        plan = context.plan
        return auction_status(
            self.setup.calls,
            plan.nxt[context.dealer],
            plan.nxt,
            plan.options.auction is Auction.SINGLE_ROUND,
        )

    def _monte_taken(self) -> bool:
        """Whether B has taken the dealt monte into hand (Chiamo and Solo, after that step)."""
        setup = self.setup
        if setup.contract is Contract.SOLO:
            return self.phase is not Phase.AUCTION
        if setup.contract is not Contract.CHIAMO or setup.called < 0:
            return False
        if self.phase is Phase.RETURN:
            return self.options.return_timing is ReturnTiming.AFTER_MONTE
        return self.phase is not Phase.CALL

    def _lay_size(self) -> int:
        if self.phase is Phase.LAY and self.setup.raised is Raise.DIVIDETE:
            return 2
        return 4

    def _final_monte(self) -> tuple[int, ...]:
        """The monte that went to the last trick's winner: the last lay-away, or the dealt monte."""
        setup = self.setup
        if setup.raised is Raise.DIVIDETE:
            return setup.laid[-2][1] + setup.laid[-1][1]
        if setup.laid:
            return setup.laid[-1][1]
        return self.dealt_monte

    def _wrong_kind(self, action: Action) -> tuple[str, str]:
        """The rule and reason for an action of a kind the current phase does not have."""
        setup = self.setup
        actor = format_seat(action.seat)
        phase = self.phase
        doing = f"now {format_seat(self.current_player)} is {_PHASE_WORDS[phase]}"
        if isinstance(action, CallCard):
            if setup.contract in (Contract.SOLO, Contract.SOLISSIMO):
                return (
                    "calabresella.exchange.call",
                    f"no card is called in {setup.contract.label}; only a Chiamo bidder calls a card",
                )
            if setup.called_in_monte:
                return (
                    "calabresella.exchange.called-in-monte",
                    f"the called card {_pretty(setup.called)} lay in the monte; no other card may be called",
                )
        if isinstance(action, ReturnCard) and setup.called_in_monte:
            return (
                "calabresella.exchange.called-in-monte",
                f"the called card {_pretty(setup.called)} came from the monte, so no card is returned",
            )
        if isinstance(action, ChooseRaise):
            if setup.contract is not Contract.SOLISSIMO:
                return (
                    "calabresella.exchange.solissimo-raise",
                    "only a Solissimo bidder may raise, right after the auction",
                )
            if self.options.solissimo_raises is SolissimoRaises.OFF:
                return (
                    "calabresella.exchange.solissimo-raise",
                    "Solissimo raises are not played under solissimo_raises=off",
                )
            return (
                "calabresella.exchange.solissimo-raise",
                "the raise is chosen once, before the opening lead, and that moment has passed",
            )
        if (
            isinstance(action, Discard)
            and setup.contract is Contract.SOLISSIMO
            and action.seat == setup.bidder
        ):
            return (
                "calabresella.exchange.solissimo",
                f"{actor} bid Solissimo and plays the 12 cards dealt, laying nothing away",
            )
        if isinstance(action, (Pass, Bid)):
            return "calabresella.procedure.phases", f"the auction is over; {doing}"
        return "calabresella.procedure.phases", f"{actor} cannot {_verb(action)} here: {doing}"

    def _held_problem(self, action: Action) -> str | None:
        """For actions that take cards from the actor's hand: the reason a card is not held, or ``None``."""
        seat = action.seat
        hand = self.hands[seat]
        actor = format_seat(seat)
        if isinstance(action, (PlayCard, ReturnCard)):
            if not hand >> action.card.index & 1:
                extra = ""
                if (
                    isinstance(action, ReturnCard)
                    and self.phase is Phase.RETURN
                    and action.card.index in self.dealt_monte
                ):
                    extra = " (under return_timing=before-monte the monte is taken after the return)"
                return f"{actor} does not hold {action.card.pretty()}{extra}"
        elif isinstance(action, Discard):
            missing = [card for card in action.cards if not hand >> card.index & 1]
            if missing:
                return f"{actor} does not hold {format_cards(missing, pretty=True)}"
        return None

    def _specific(self, action: Action) -> tuple[str, str] | None:
        """The game rule broken by an action of the right kind, by the right seat, with held cards."""
        setup = self.setup
        seat = action.seat
        actor = format_seat(seat)
        if isinstance(action, Bid):
            level = self._auction()[3]
            if action.contract.level <= level:
                higher = [c.label for c in CONTRACTS[level:]]
                return (
                    "calabresella.bidding.overcall",
                    f"the highest bid is {_LEVEL_NAMES[level]}, so {actor} may only pass or bid "
                    f"higher ({' or '.join(higher)}), not {action.contract.label}",
                )
            return None
        if isinstance(action, CallCard):
            if self.hands[seat] >> action.card.index & 1:
                return (
                    "calabresella.exchange.call",
                    f"{actor} holds {action.card.pretty()}; the called card must be one {actor} lacks",
                )
            return None
        if isinstance(action, ReturnCard):
            if action.card.index == setup.called:
                return (
                    "calabresella.exchange.return",
                    f"{actor} may return any card but the called card {action.card.pretty()}",
                )
            return None
        if isinstance(action, Discard):
            size = self._lay_size()
            rule = "calabresella.exchange.discard"
            if self.phase is Phase.LAY:
                rule = (
                    "calabresella.exchange.dividete"
                    if setup.raised is Raise.DIVIDETE
                    else "calabresella.exchange.scegliete"
                )
            indices = [card.index for card in action.cards]
            if len(set(indices)) != len(indices):
                twice = sorted({card for card in action.cards if indices.count(card.index) > 1}, key=_idx)
                return rule, f"{actor} names {format_cards(twice, pretty=True)} more than once"
            if len(indices) != size:
                return (
                    rule,
                    f"{actor} must lay exactly {size} cards away, not {len(indices)}",
                )
            return None
        if isinstance(action, PlayCard):
            trick = self.trick
            if trick and self.options.follow_suit is FollowSuit.REQUIRED:
                led = trick[0] // 13
                same = self.hands[seat] & SUIT_MASKS[led]
                if same and action.card.suit != led:
                    suit = SUIT_NAMES[card_at(trick[0]).suit]
                    return (
                        "calabresella.play.follow",
                        f"{suit} were led and {actor} holds {_pretty_mask(same)}, so "
                        f"{action.card.pretty()} fails to follow suit",
                    )
            return None
        return None

    def _allowed(self, action: Action) -> Verdict:
        actor = format_seat(action.seat)
        setup = self.setup
        if isinstance(action, Pass):
            return Verdict.allowed(("calabresella.bidding.overcall",), f"{actor} passes")
        if isinstance(action, Bid):
            return Verdict.allowed(
                ("calabresella.bidding.overcall",),
                f"{actor} bids {action.contract.label}, above the highest bid",
            )
        if isinstance(action, CallCard):
            return Verdict.allowed(
                ("calabresella.exchange.call",), f"{actor} lacks {action.card.pretty()} and may call it"
            )
        if isinstance(action, ReturnCard):
            return Verdict.allowed(
                ("calabresella.exchange.return",),
                f"{actor} returns {action.card.pretty()} to p{setup.giver}, who handed over the called card",
            )
        if isinstance(action, ChooseRaise):
            return Verdict.allowed(
                ("calabresella.exchange.solissimo-raise",), f"{actor} chooses raise {action.choice.value}"
            )
        if isinstance(action, Discard):
            if self.phase is Phase.LAY:
                rule = (
                    "calabresella.exchange.dividete"
                    if setup.raised is Raise.DIVIDETE
                    else "calabresella.exchange.scegliete"
                )
                return Verdict.allowed((rule,), f"{actor} lays {len(action.cards)} cards away")
            return Verdict.allowed(("calabresella.exchange.discard",), f"{actor} lays 4 cards away")
        assert isinstance(action, PlayCard)
        card = action.card
        if not self.trick:
            return Verdict.allowed(("calabresella.play.lead",), f"{actor} leads {card.pretty()}")
        led = card_at(self.trick[0]).suit
        if card.suit == led:
            return Verdict.allowed(
                ("calabresella.play.follow",), f"{actor} follows {SUIT_NAMES[led]} with {card.pretty()}"
            )
        if self.options.follow_suit is FollowSuit.FREE:
            return Verdict.allowed(
                ("calabresella.play.follow",),
                f"under follow_suit=free {actor} may play {card.pretty()} on a {SUIT_NAMES[led]} lead",
            )
        return Verdict.allowed(
            ("calabresella.play.follow",),
            f"{actor} has no {SUIT_NAMES[led]} and may play any card, {card.pretty()} included",
        )

    # -- the engine -----------------------------------------------------------

    def _advance(self, action: Action) -> CalabresellaState:
        """Apply a legal action that is not a card play."""
        if isinstance(action, PlayCard):
            return self._play(action.seat, action.card.index)
        if isinstance(action, (Pass, Bid)):
            return self._call(action)
        setup = self.setup
        bidder = setup.bidder
        hands = list(self.hands)
        if isinstance(action, CallCard):
            card = action.card.index
            giver = -1
            for seat in range(3):
                if hands[seat] >> card & 1:
                    giver = seat
            if giver < 0:  # calabresella.exchange.called-in-monte
                setup = replace(setup, called=card)
                return self._take_monte(setup, hands)
            # calabresella.exchange.handover: the holder gives it at once.
            hands[giver] &= ~(1 << card)
            hands[bidder] |= 1 << card
            setup = replace(setup, called=card, giver=giver)
            if self.options.return_timing is ReturnTiming.BEFORE_MONTE:
                return self._with(setup, Phase.RETURN, hands, self.monte, bidder)
            return self._take_monte(setup, hands, then=Phase.RETURN)
        if isinstance(action, ReturnCard):
            card = action.card.index
            hands[bidder] &= ~(1 << card)
            hands[setup.giver] |= 1 << card
            setup = replace(setup, returned=card)
            if self.options.return_timing is ReturnTiming.BEFORE_MONTE:
                return self._take_monte(setup, hands)
            return self._with(setup, Phase.DISCARD, hands, self.monte, bidder)
        if isinstance(action, Discard):
            seat = action.seat
            cards = tuple(card.index for card in action.cards)
            hands[seat] &= ~_mask(cards)
            setup = replace(setup, laid=(*setup.laid, (seat, cards)))
            if self.phase is Phase.DISCARD:
                return self._start_play(setup, hands, cards)
            o1, o2 = self.opponents or (0, 0)
            if setup.raised is Raise.DIVIDETE:
                if seat == o1:
                    return self._with(setup, Phase.LAY, hands, cards, o2)
                return self._start_play(setup, hands, self.monte + cards)
            if seat == o1:  # scegliete: O2 now takes the monte O1 left
                hands[o2] |= _mask(cards)
                setup = replace(setup, received=(*setup.received, (o2, cards)))
                return self._with(setup, Phase.LAY, hands, (), o2)
            return self._start_play(setup, hands, cards)
        assert isinstance(action, ChooseRaise)
        choice = action.choice
        setup = replace(setup, raised=choice)
        if choice is Raise.NONE:
            return self._start_play(setup, hands, self.monte)
        o1, o2 = self.opponents or (0, 0)
        monte = self.monte
        received: tuple[tuple[int, tuple[int, ...]], ...]
        if choice is Raise.DIVIDETE:
            hands[o1] |= _mask(monte[0:2])
            hands[o2] |= _mask(monte[2:4])
            received = ((o1, monte[0:2]), (o2, monte[2:4]))
        else:
            hands[o1] |= _mask(monte)
            received = ((o1, monte),)
        setup = replace(setup, received=received)
        return self._with(setup, Phase.LAY, hands, (), o1)

    def _with(
        self, setup: Setup, phase: Phase, hands: list[int], monte: tuple[int, ...], current: int
    ) -> CalabresellaState:
        return CalabresellaState(
            self.context, setup, phase, (hands[0], hands[1], hands[2]), monte, (), None, _NO_TALLY, current
        )

    def _take_monte(self, setup: Setup, hands: list[int], then: Phase = Phase.DISCARD) -> CalabresellaState:
        """calabresella.exchange.take-monte: the monte goes into B's hand (shown unless Solo is hidden)."""
        bidder = setup.bidder
        monte = self.monte
        hands[bidder] |= _mask(monte)
        if setup.contract is Contract.SOLO and self.options.solo_monte is SoloMonte.HIDDEN:
            setup = replace(setup, received=((bidder, monte),))
        return self._with(setup, then, hands, (), bidder)

    def _start_play(self, setup: Setup, hands: list[int], monte: tuple[int, ...]) -> CalabresellaState:
        """calabresella.play.opening-lead: E leads, or B in Solissimo or under ``opening_lead = bidder``."""
        bidder = setup.bidder
        if setup.contract is Contract.SOLISSIMO or self.options.opening_lead is OpeningLead.BIDDER:
            leader = bidder
        else:
            leader = self.eldest
        return CalabresellaState(
            self.context,
            setup,
            Phase.PLAY,
            (hands[0], hands[1], hands[2]),
            monte,
            (),
            None,
            Tally(leader),
            leader,
        )

    def _call(self, action: Pass | Bid) -> CalabresellaState:
        level = 0 if isinstance(action, Pass) else action.contract.level
        calls = (*self.setup.calls, (action.seat, level))
        context = self.context
        plan = context.plan
        over, caller, bidder, top = auction_status(
            calls, plan.nxt[context.dealer], plan.nxt, plan.options.auction is Auction.SINGLE_ROUND
        )
        if not over:
            setup = Setup(calls=calls)
            return CalabresellaState(
                context, setup, Phase.AUCTION, self.hands, self.monte, (), None, _NO_TALLY, caller
            )
        if bidder < 0:  # calabresella.bidding.all-pass: the hand is abandoned
            return CalabresellaState(
                context, Setup(calls=calls), Phase.OVER, self.hands, self.monte, (), None, _NO_TALLY, TERMINAL
            )
        contract = CONTRACTS[top - 1]
        setup = Setup(calls=calls, bidder=bidder, contract=contract)
        hands = list(self.hands)
        if contract is Contract.CHIAMO:
            return self._with(setup, Phase.CALL, hands, self.monte, bidder)
        if contract is Contract.SOLO:
            return self._take_monte(setup, hands)
        if plan.options.solissimo_raises is SolissimoRaises.ON:
            return self._with(setup, Phase.RAISE, hands, self.monte, bidder)
        return self._start_play(setup, hands, self.monte)

    def _play(self, seat: int, card: int) -> CalabresellaState:
        h0, h1, h2 = self.hands
        keep = ~(1 << card)
        if seat == 0:
            h0 &= keep
        elif seat == 1:
            h1 &= keep
        else:
            h2 &= keep
        hands = (h0, h1, h2)
        trick = (*self.trick, card)
        history = (self.history, seat, card)
        nxt = self.context.plan.nxt
        if len(trick) < 3:
            return _new_state(self, hands, trick, history, self.tally, nxt[seat])
        # calabresella.play.trick-winner: the highest card of the suit led.
        tally = self.tally
        leader = tally.leader
        first, second, third = trick
        best, position = first, 0
        suit = first // 13
        if second // 13 == suit and STRENGTH[second] > STRENGTH[best]:
            best, position = second, 1
        if third // 13 == suit and STRENGTH[third] > STRENGTH[best]:
            position = 2
        winner = leader if position == 0 else nxt[leader] if position == 1 else nxt[nxt[leader]]
        taken = (1 << first) | (1 << second) | (1 << third)
        bidder = self.setup.bidder
        winners = (*tally.winners, winner)
        if winner == bidder:
            tally = Tally(
                winner,
                tally.tricks_bidder + 1,
                tally.tricks_opponents,
                tally.won_bidder | taken,
                tally.won_opponents,
                winners,
            )
        else:
            tally = Tally(
                winner,
                tally.tricks_bidder,
                tally.tricks_opponents + 1,
                tally.won_bidder,
                tally.won_opponents | taken,
                winners,
            )
        if len(winners) < HAND_TRICKS:
            # calabresella.play.next-lead: the winner leads.
            return _new_state(self, hands, (), history, tally, winner)
        return self._settle(hands, history, tally, winner)

    def _settle(
        self, hands: tuple[int, int, int], history: PlayChain, tally: Tally, last: int
    ) -> CalabresellaState:
        """calabresella.scoring.monte and the count: the monte goes to the last trick's side."""
        setup = self.setup
        bidder = setup.bidder
        monte = _mask(self.monte)
        won_b, won_o = tally.won_bidder, tally.won_opponents
        if last == bidder:
            won_b |= monte
        else:
            won_o |= monte
        thirds_b = mask_thirds(won_b) + (LAST_TRICK_THIRDS if last == bidder else 0)
        options = self.options
        assert setup.contract is not None
        settlement = settle(
            bidder=bidder,
            contract=setup.contract,
            raised=setup.raised or Raise.NONE,
            tricks_bidder=tally.tricks_bidder,
            thirds_bidder=thirds_b,
            stakes=options.stake_values,
            reverse=options.reverse_cappotto,
            basis=options.stramazzo_basis,
        )
        final = Tally(last, tally.tricks_bidder, tally.tricks_opponents, won_b, won_o, tally.winners)
        return CalabresellaState(
            self.context, setup, Phase.OVER, hands, (), (), history, final, TERMINAL, settlement
        )


def _idx(card: Card) -> int:
    return card.index


def _verb(action: Action) -> str:
    if isinstance(action, PlayCard):
        return "play a card"
    if isinstance(action, Discard):
        return "lay cards away"
    if isinstance(action, ReturnCard):
        return "return a card"
    if isinstance(action, CallCard):
        return "call a card"
    return "do that"


def _unknown(action: Action) -> str | None:
    """Why ``action`` is no Calabresella action (common.action.known), or ``None`` if it is one."""
    try:
        return _unknown_fields(action)
    except (AttributeError, TypeError):  # a value built around the constructor, missing its fields
        return f"{type(action).__name__} value with missing or malformed fields is no Calabresella action"


def _unknown_fields(action: Action) -> str | None:
    if not isinstance(action, _KINDS):
        return f"{action!r} is not a Calabresella action"
    seat = action.seat
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < 3:
        return f"Calabresella has seats p0-p2, not {seat!r}"
    cards: tuple[object, ...] = ()
    if isinstance(action, (PlayCard, CallCard, ReturnCard)):
        cards = (action.card,)
    elif isinstance(action, Discard):
        cards = action.cards
    for card in cards:
        if not isinstance(card, Card):
            return f"{card!r} is not a card"
        if not DECK_MASK >> card.index & 1:
            return f"{card.pretty()} is not in the Calabresella deck (it has no 8, 9 or 10)"
    if isinstance(action, Bid) and not isinstance(action.contract, Contract):
        return f"{action.contract!r} is not a bid (chiamo, solo or solissimo)"
    if isinstance(action, ChooseRaise) and not isinstance(action.choice, Raise):
        return f"{action.choice!r} is not a raise (none, dividete or scegliete)"
    return None


def _slot_setter(cls: type, name: str) -> Callable[[object, object], None]:
    """The function that writes slot ``name`` of ``cls``, bypassing the frozen ``__setattr__``."""
    setter: Callable[[object, object], None] = cls.__dict__[name].__set__
    return setter


_SET_CONTEXT = _slot_setter(CalabresellaState, "context")
_SET_SETUP = _slot_setter(CalabresellaState, "setup")
_SET_PHASE = _slot_setter(CalabresellaState, "phase")
_SET_HANDS = _slot_setter(CalabresellaState, "hands")
_SET_MONTE = _slot_setter(CalabresellaState, "monte")
_SET_TRICK = _slot_setter(CalabresellaState, "trick")
_SET_HISTORY = _slot_setter(CalabresellaState, "history")
_SET_TALLY = _slot_setter(CalabresellaState, "tally")
_SET_CURRENT = _slot_setter(CalabresellaState, "current_player")
_SET_SETTLEMENT = _slot_setter(CalabresellaState, "settlement")
_SET_DISCARD_SEAT = _slot_setter(Action, "seat")
_SET_DISCARD_CARDS = _slot_setter(Discard, "cards")


def _new_state(
    old: CalabresellaState,
    hands: tuple[int, int, int],
    trick: tuple[int, ...],
    history: PlayChain,
    tally: Tally,
    current_player: int,
) -> CalabresellaState:
    """A play-phase state like ``old`` with new hands, trick, history, tally and player, built fast.

    Writing the slots through their descriptors skips the frozen dataclass's
    per-field ``object.__setattr__``; the result is the same frozen value.
    """
    state = object.__new__(CalabresellaState)
    _SET_CONTEXT(state, old.context)
    _SET_SETUP(state, old.setup)
    _SET_PHASE(state, Phase.PLAY)
    _SET_HANDS(state, hands)
    _SET_MONTE(state, old.monte)
    _SET_TRICK(state, trick)
    _SET_HISTORY(state, history)
    _SET_TALLY(state, tally)
    _SET_CURRENT(state, current_player)
    _SET_SETTLEMENT(state, None)
    return state


def _discards(seat: int, hand: tuple[Card, ...], size: int) -> tuple[Discard, ...]:
    """Every ``Discard`` of ``size`` cards from ``hand`` (in index order), lexicographically.

    The cards of each combination are already in index order, so the actions are
    built without the constructor's sorting (up to 1820 of them for a lay-away of 4 from 16).
    """
    new = object.__new__
    set_seat, set_cards = _SET_DISCARD_SEAT, _SET_DISCARD_CARDS
    out: list[Discard] = []
    append = out.append
    for cards in combinations(hand, size):
        action = new(Discard)
        set_seat(action, seat)
        set_cards(action, cards)
        append(action)
    return tuple(out)
