"""The Félagsvist state: a whole game as one immutable value.

Sets of cards are int bitmasks over :attr:`cardrules.cards.Card.index`; the
current trick and the play history are tuples of card indices. Applying an
action builds a new state that shares every unchanged tuple with the old one.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Final, TypeAlias

from cardrules.cards import Card, Suit, card_at, cards_in, format_cards
from cardrules.errors import GameNotOverError, IllegalActionError, InvalidNotationError
from cardrules.game import TERMINAL, Action, Outcome
from cardrules.games.felagsvist.actions import PLAYS, SEAT_NAMES, PlayCard, parse_play
from cardrules.games.felagsvist.options import FelagsvistOptions, RoundKind, Tiebreak
from cardrules.games.felagsvist.scoring import (
    DEAL_TRICKS,
    deal_scores,
    round_kind,
    strength_table,
    trump_suit,
)
from cardrules.judging import game_over
from cardrules.notation import format_seat
from cardrules.plays import PlayChain, unroll
from cardrules.rules import RuleId
from cardrules.trick import SUIT_MASKS, trick_winner
from cardrules.verdict import Verdict

__all__ = [
    "DealContext",
    "DealPlan",
    "FelagsvistObservation",
    "FelagsvistState",
    "History",
    "TrickTally",
    "deal_hands",
]

MAX_DEALS: Final = 13
_SUIT_NAMES: Final = ("clubs", "diamonds", "hearts", "spades")


@dataclass(frozen=True, slots=True)
class DealPlan:
    """Where each deal's deck order comes from, fixed when the game starts.

    Deal ``k`` uses ``decks[k - 1]`` when given, otherwise a shuffle drawn from
    ``seed`` and ``k`` alone (so the same seed always gives the same game).
    Also holds per-deal tables the engine looks up on every trick.
    """

    options: FelagsvistOptions
    seed: int
    decks: tuple[tuple[int, ...], ...] = ()
    trick_tables: tuple[tuple[int | None, tuple[int, ...]], ...] = field(
        init=False, repr=False, compare=False
    )
    """Per deal number (index 0 unused): the trump suit number and the card strengths."""

    def __post_init__(self) -> None:
        tables = []
        for deal_number in range(MAX_DEALS + 1):
            kind = round_kind(max(deal_number, 1), self.options.first_round)
            trump = trump_suit(kind)
            tables.append(
                (None if trump is None else int(trump), strength_table(kind, self.options.nolo_ace))
            )
        object.__setattr__(self, "trick_tables", tuple(tables))

    def deck(self, deal_number: int) -> tuple[int, ...]:
        """The deck order (card indices, top first) of deal ``deal_number``."""
        if deal_number <= len(self.decks):
            return self.decks[deal_number - 1]
        order = list(range(52))
        random.Random(f"felagsvist/{self.seed}/deal/{deal_number}").shuffle(order)
        return tuple(order)

    def kind(self, deal_number: int) -> RoundKind:
        """The round kind of deal ``deal_number`` (felagsvist.round.cycle)."""
        return round_kind(deal_number, self.options.first_round)


def deal_hands(deck: tuple[int, ...], dealer: int) -> tuple[int, int, int, int]:
    """The four hands (bitmasks) dealt from ``deck`` one card at a time from the dealer's left.

    felagsvist.deal.distribution: card k goes to seat ``dealer + 1 + k`` (mod 4).
    """
    hands = [0, 0, 0, 0]
    for k, card in enumerate(deck):
        hands[(dealer + 1 + k) % 4] |= 1 << card
    return hands[0], hands[1], hands[2], hands[3]


@dataclass(frozen=True, slots=True)
class FelagsvistObservation:
    """What one seat may know: its own hand and everything public, nothing else.

    felagsvist.info.hidden-hands and felagsvist.info.public-play.

    Attributes:
        seat: the observing seat.
        hand: the seat's own cards, in index order.
        hand_sizes: how many cards each seat holds.
        deal_number: the deal being played (1-based).
        round_kind: the kind of the deal.
        trump: the trump suit, or ``None`` in Grand and Nóló.
        dealer: the dealer of the deal.
        current_player: the seat to act, or ``TERMINAL``.
        plays: every card played in this deal so far, with its player, in order.
        trick: the cards of the trick in progress, with their players.
        tricks: the (NS, EW) tricks won in this deal.
        deal_scores: the (NS, EW) scores of every finished deal.
        totals: the (NS, EW) game totals.
    """

    seat: int
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    deal_number: int
    round_kind: RoundKind
    trump: Suit | None
    dealer: int
    current_player: int
    plays: tuple[tuple[int, Card], ...]
    trick: tuple[tuple[int, Card], ...]
    tricks: tuple[int, int]
    deal_scores: tuple[tuple[int, int], ...]
    totals: tuple[int, int]

    def __str__(self) -> str:
        """A few lines a player reads: the table as this seat sees it."""
        trump = "no trump" if self.trump is None else f"{_SUIT_NAMES[self.trump]} trump"
        to_act = (
            "game over" if self.current_player == TERMINAL else f"{format_seat(self.current_player)} to act"
        )
        trick = ", ".join(f"{format_seat(s)} {c.pretty()}" for s, c in self.trick) or "no card yet"
        sizes = " ".join(f"{format_seat(s)}:{n}" for s, n in enumerate(self.hand_sizes))
        return "\n".join(
            [
                f"seen by {format_seat(self.seat)} ({SEAT_NAMES[self.seat]}); deal {self.deal_number}, "
                f"{self.round_kind.label} ({trump}), dealer {format_seat(self.dealer)}; {to_act}",
                f"hand: {format_cards(self.hand, pretty=True) or '(empty)'}",
                f"trick: {trick}",
                f"cards held: {sizes}",
                f"tricks this deal: NS {self.tricks[0]}, EW {self.tricks[1]}; "
                f"totals: NS {self.totals[0]}, EW {self.totals[1]}",
            ]
        )


@dataclass(frozen=True, slots=True)
class DealContext:
    """The part of a state that stays fixed for a whole deal.

    Attributes:
        plan: the options and where every deal's deck comes from.
        deal_number: the deal, 1-based.
        dealer: the seat that dealt it.
        deck: its deck order (card indices, top first).
        deal_scores: the (NS, EW) scores of every earlier deal.
        totals: the (NS, EW) game totals before this deal.
    """

    plan: DealPlan
    deal_number: int
    dealer: int
    deck: tuple[int, ...]
    deal_scores: tuple[tuple[int, int], ...]
    totals: tuple[int, int]


@dataclass(frozen=True, slots=True)
class TrickTally:
    """The part of a state that changes once a trick: who leads, and what each side won.

    Attributes:
        leader: the seat that leads (or led) the current trick.
        tricks: the (NS, EW) tricks won in this deal.
        won: the (NS, EW) cards won in this deal, as bitmasks.
    """

    leader: int
    tricks: tuple[int, int]
    won: tuple[int, int]


_FRESH: Final = (0, 0)

History: TypeAlias = PlayChain
"""The plays of the deal, newest first (see :mod:`cardrules.plays`)."""


@dataclass(frozen=True, slots=True)
class FelagsvistState:
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
    """

    deal: DealContext
    hands: tuple[int, int, int, int]
    trick: tuple[int, ...]
    history: History
    tally: TrickTally
    current_player: int

    # -- construction ---------------------------------------------------------

    @classmethod
    def start(cls, plan: DealPlan, dealer: int) -> FelagsvistState:
        """The state before the first card of deal 1, dealt by ``dealer``."""
        return cls._dealt(plan, 1, dealer, (), _FRESH)

    @classmethod
    def _dealt(
        cls,
        plan: DealPlan,
        deal_number: int,
        dealer: int,
        history: tuple[tuple[int, int], ...],
        totals: tuple[int, int],
    ) -> FelagsvistState:
        deck = plan.deck(deal_number)
        first = (dealer + 1) % 4  # felagsvist.play.first-lead
        context = DealContext(plan, deal_number, dealer, deck, history, totals)
        return cls(context, deal_hands(deck, dealer), (), None, TrickTally(first, _FRESH, _FRESH), first)

    # -- views ----------------------------------------------------------------

    @property
    def plan(self) -> DealPlan:
        """The options and where every deal's deck comes from."""
        return self.deal.plan

    @property
    def deal_number(self) -> int:
        """The current deal, 1-based (the last one once the game is over)."""
        return self.deal.deal_number

    @property
    def dealer(self) -> int:
        """The dealer of the current deal."""
        return self.deal.dealer

    @property
    def deck(self) -> tuple[int, ...]:
        """The deck order of the current deal (card indices, top first)."""
        return self.deal.deck

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
    def deal_scores(self) -> tuple[tuple[int, int], ...]:
        """The (NS, EW) scores of every finished deal, in order."""
        if self.current_player == TERMINAL:
            return (*self.deal.deal_scores, self._final_score())
        return self.deal.deal_scores

    @property
    def totals(self) -> tuple[int, int]:
        """The (NS, EW) game totals of every finished deal (felagsvist.score.totals)."""
        ns, ew = self.deal.totals
        if self.current_player == TERMINAL:
            last_ns, last_ew = self._final_score()
            return ns + last_ns, ew + last_ew
        return ns, ew

    @property
    def first_dealer(self) -> int:
        """The seat that dealt deal 1 (the deal passes left after every deal)."""
        return (self.deal.dealer - self.deal.deal_number + 1) % 4

    def dealt_decks(self) -> tuple[tuple[Card, ...], ...]:
        """The deck order (top first) of every deal dealt so far, the current one last."""
        plan = self.deal.plan
        return tuple(tuple(card_at(c) for c in plan.deck(k)) for k in range(1, self.deal.deal_number + 1))

    def _final_score(self) -> tuple[int, int]:
        deal = self.deal
        kind = deal.plan.kind(deal.deal_number)
        return deal_scores(kind, self.tally.tricks[0], deal.plan.options.scoring)

    # -- the public protocol --------------------------------------------------

    @property
    def options(self) -> FelagsvistOptions:
        """The game's options."""
        return self.plan.options

    @property
    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self.current_player == TERMINAL

    @property
    def round_kind(self) -> RoundKind:
        """The kind of the current deal."""
        return self.plan.kind(self.deal_number)

    @property
    def trump(self) -> Suit | None:
        """The trump suit of the current deal, or ``None`` (felagsvist.round.trump)."""
        return trump_suit(self.round_kind)

    def legal_mask(self) -> int:
        """The legal cards of the player to act, as a bitmask (0 when terminal).

        The whole hand for the leader (felagsvist.play.lead-any) or a player
        void in the suit led (felagsvist.play.void-any), else the hand's cards
        of the suit led (felagsvist.play.must-follow).
        """
        seat = self.current_player
        if seat == TERMINAL:
            return 0
        hand = self.hands[seat]
        if not self.trick:
            return hand
        same = hand & SUIT_MASKS[self.trick[0] // 13]
        return same if same else hand

    def legal_actions(self) -> tuple[Action, ...]:
        """The legal plays in card-index order; empty exactly when the game is over."""
        mask = self.legal_mask()
        if not mask:
            return ()
        row = PLAYS[self.current_player]
        out = []
        while mask:
            low = mask & -mask
            out.append(row[low.bit_length() - 1])
            mask ^= low
        return tuple(out)

    def check(self, action: Action) -> Verdict:
        """Adjudicate ``action`` here, naming every rule it breaks. Never raises."""
        if self.current_player == TERMINAL:
            return game_over(self._end_reason())
        if (
            not isinstance(action, PlayCard)
            or not isinstance(action.seat, int)
            or not 0 <= action.seat < 4
            or not isinstance(action.card, Card)
        ):
            return Verdict.illegal(
                ("common.action.known",),
                f"{action} is not a Félagsvist action: the only action is a card play by p0-p3",
            )
        seat, card = action.seat, action.card
        actor, to_act = format_seat(seat), format_seat(self.current_player)
        broken: list[str] = []
        reasons: list[str] = []
        if seat != self.current_player:
            broken.append("common.turn.player-to-act")
            reasons.append(f"it is {to_act}'s turn, not {actor}'s")
        hand = self.hands[seat]
        if not hand >> card.index & 1:
            broken.append("common.cards.held")
            reasons.append(f"{actor} does not hold {card.pretty()}")
        elif seat == self.current_player and self.trick:
            led = self.trick[0] // 13
            same = hand & SUIT_MASKS[led]
            if same and card.suit != led:
                broken.append("felagsvist.play.must-follow")
                held = format_cards(cards_in(same), pretty=True)
                reasons.append(
                    f"{_SUIT_NAMES[led]} were led and {actor} holds {held}, "
                    f"so {card.pretty()} fails to follow suit"
                )
        if broken:
            return Verdict.illegal(tuple(broken), "; ".join(reasons))
        if not self.trick:
            return Verdict.allowed(("felagsvist.play.lead-any",), f"{actor} leads {card.pretty()}")
        led = self.trick[0] // 13
        if card.suit == led:
            return Verdict.allowed(
                ("felagsvist.play.must-follow",), f"{actor} follows {_SUIT_NAMES[led]} with {card.pretty()}"
            )
        return Verdict.allowed(
            ("felagsvist.play.void-any",),
            f"{actor} has no {_SUIT_NAMES[led]} and may play any card, {card.pretty()} included",
        )

    def attempt(self, action: Action) -> tuple[Verdict, FelagsvistState | None]:
        """Judge ``action`` and, when it is legal, apply it: the verdict and the next state (or ``None``)."""
        verdict = self.check(action)
        return verdict, (self.apply(action) if verdict.legal else None)

    def apply(self, action: Action) -> FelagsvistState:
        """The state after ``action``.

        Raises:
            IllegalActionError: the action is illegal here; its verdict names the rules.
        """
        seat = self.current_player
        if type(action) is PlayCard and action.seat == seat and type(action.card) is Card:
            # Fast path, the same test as legal_mask(): the card is held and follows suit if it can.
            card = action.card.index
            hand = self.hands[seat]
            if hand >> card & 1:
                trick = self.trick
                if not trick or card // 13 == trick[0] // 13 or not hand & SUIT_MASKS[trick[0] // 13]:
                    return self._play(seat, card)
        verdict = self.check(action)
        if verdict.legal:  # pragma: no cover - the fast path takes every legal action
            assert isinstance(action, PlayCard)
            return self._play(seat, action.card.index)
        raise IllegalActionError(verdict, str(action), self.compact())

    def parse_action(self, text: str) -> PlayCard:
        """Read a play such as ``"p2 play QS"``, ``"S play Q♠"``, ``"play qs"`` or ``"QS"``.

        With no actor, the actor is the player to act.

        Raises:
            InvalidNotationError: the text is not a Félagsvist action.
        """
        return parse_play(text, None if self.is_terminal else self.current_player)

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
        ns, ew = self.totals
        return None if ns == ew else (0 if ns > ew else 1)

    def _end_reason(self) -> str:
        if self.deal_number > 12:
            return f"deal {self.deal_number} broke the tie"
        return f"deal {self.deal_number} was the last"

    def outcome(self) -> Outcome | None:
        """``None`` until the game is over; then the winning side's seats, the totals and why it ended.

        felagsvist.game.winner: the side with the higher total wins; level totals are a tie
        (no winners, ``side`` ``None``). The game ends after deal 12
        (felagsvist.game.twelve-deals), or after deal 13 when play-on breaks a tie
        (felagsvist.game.tie).
        """
        if not self.is_terminal:
            return None
        side = self.winner()
        rule = "felagsvist.game.tie" if self.deal_number > 12 else "felagsvist.game.twelve-deals"
        winners = () if side is None else (side, side + 2)
        return Outcome(winners, self.scores(), RuleId(rule), self._end_reason(), side, side is None)

    def observation(self, seat: int) -> FelagsvistObservation:
        """What ``seat`` may know here: its own hand and the public play."""
        if not 0 <= seat < 4:
            raise InvalidNotationError(f"Félagsvist has seats p0-p3, not {seat}")
        trick_seats = [(self.leader + i) % 4 for i in range(len(self.trick))]
        return FelagsvistObservation(
            seat=seat,
            hand=tuple(cards_in(self.hands[seat])),
            hand_sizes=tuple(hand.bit_count() for hand in self.hands),
            deal_number=self.deal_number,
            round_kind=self.round_kind,
            trump=self.trump,
            dealer=self.dealer,
            current_player=self.current_player,
            plays=tuple((s, card_at(c)) for s, c in self.plays),
            trick=tuple((s, card_at(c)) for s, c in zip(trick_seats, self.trick, strict=True)),
            tricks=self.tricks,
            deal_scores=self.deal_scores,
            totals=self.totals,
        )

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

    def __repr__(self) -> str:
        return f"FelagsvistState{self.compact()}"

    # -- the engine -----------------------------------------------------------

    def _play(self, seat: int, card: int) -> FelagsvistState:
        h0, h1, h2, h3 = self.hands
        keep = ~(1 << card)
        if seat == 0:
            h0 &= keep
        elif seat == 1:
            h1 &= keep
        elif seat == 2:
            h2 &= keep
        else:
            h3 &= keep
        hands = (h0, h1, h2, h3)
        trick = (*self.trick, card)
        history = (self.history, seat, card)
        if len(trick) < 4:
            return _new_state(self.deal, hands, trick, history, self.tally, (seat + 1) % 4)
        # felagsvist.trick.winner, felagsvist.trick.winner-leads
        deal = self.deal
        tally = self.tally
        trump, strength = deal.plan.trick_tables[deal.deal_number]
        winner = (tally.leader + trick_winner(trick, trump, strength)) % 4
        taken = (1 << trick[0]) | (1 << trick[1]) | (1 << trick[2]) | (1 << trick[3])
        ns, ew = tally.tricks
        won_ns, won_ew = tally.won
        if winner % 2 == 0:
            tally = TrickTally(winner, (ns + 1, ew), (won_ns | taken, won_ew))
        else:
            tally = TrickTally(winner, (ns, ew + 1), (won_ns, won_ew | taken))
        if ns + ew + 1 < DEAL_TRICKS:
            return _new_state(deal, hands, (), history, tally, winner)
        # felagsvist.play.trick-order: the 13th trick ends the deal; it is scored.
        finished = FelagsvistState(deal, hands, (), history, tally, TERMINAL)
        totals = finished.totals
        if _game_over(deal.deal_number, totals, deal.plan.options.tiebreak):
            return finished
        # felagsvist.deal.rotation: the deal passes to the left.
        return FelagsvistState._dealt(
            deal.plan, deal.deal_number + 1, (deal.dealer + 1) % 4, finished.deal_scores, totals
        )


def _slot_setter(name: str) -> Callable[[FelagsvistState, object], None]:
    """The function that writes slot ``name`` of a state, bypassing the frozen ``__setattr__``."""
    setter: Callable[[FelagsvistState, object], None] = FelagsvistState.__dict__[name].__set__
    return setter


_SET_DEAL = _slot_setter("deal")
_SET_HANDS = _slot_setter("hands")
_SET_TRICK = _slot_setter("trick")
_SET_HISTORY = _slot_setter("history")
_SET_TALLY = _slot_setter("tally")
_SET_CURRENT = _slot_setter("current_player")


def _new_state(
    deal: DealContext,
    hands: tuple[int, int, int, int],
    trick: tuple[int, ...],
    history: History,
    tally: TrickTally,
    current_player: int,
) -> FelagsvistState:
    """``FelagsvistState(...)`` for the engine's hot path, in about half the time.

    A frozen dataclass's ``__init__`` goes through ``object.__setattr__`` once per
    field; writing the slots through their descriptors skips that lookup. The
    result is the same frozen value (equal to, and as immutable as, one built
    by the constructor).
    """
    state = object.__new__(FelagsvistState)
    _SET_DEAL(state, deal)
    _SET_HANDS(state, hands)
    _SET_TRICK(state, trick)
    _SET_HISTORY(state, history)
    _SET_TALLY(state, tally)
    _SET_CURRENT(state, current_player)
    return state


def _game_over(deal_number: int, totals: tuple[int, int], tiebreak: Tiebreak) -> bool:
    """felagsvist.game.twelve-deals, felagsvist.game.tie: does the game end after this deal?"""
    if deal_number >= MAX_DEALS:
        return True
    if deal_number < 12:
        return False
    return tiebreak is Tiebreak.NONE or totals[0] != totals[1]
