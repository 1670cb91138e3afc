"""The Fildinski state: a whole game as one immutable value.

Sets of physical cards are int bitmasks over the ids of
:mod:`cardrules.games.fildinski.deck` (two bits per kind, so both copies of a
card are two distinct bits and every zone is a multiset of kinds). The stock
is the deal's deck order read from position ``17 + drawn`` down, with the
current turn-up under it.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Final, TypeAlias

from cardrules.cards import Card, Suit
from cardrules.errors import GameNotOverError, IllegalActionError, InvalidNotationError
from cardrules.game import TERMINAL, Action, Outcome
from cardrules.games.fildinski.actions import (
    CardRef,
    DeclareMelds,
    Dix,
    MeldDecl,
    PlayCard,
    parse_action_text,
)
from cardrules.games.fildinski.deck import (
    SUIT_IDS,
    card_kind,
    card_of,
    cards_of,
    deck_cards,
    ids_in,
    kind_card,
    shuffled_deck,
    strength_of,
)
from cardrules.games.fildinski.melds import (
    MeldKind,
    bezique_kinds,
    candidate_melds,
    meld_fits,
    reach_table,
)
from cardrules.games.fildinski.options import (
    DixExchange,
    FildinskiOptions,
    LastTrickBonus,
    MeldedCards,
    TrumpSevenPoints,
)
from cardrules.games.fildinski.scoring import Category, follower_wins, higher_in_suit, legal_follow
from cardrules.judging import game_over
from cardrules.notation import format_seat
from cardrules.plays import PlayChain, unroll
from cardrules.rules import RuleId
from cardrules.verdict import Verdict

__all__ = [
    "DealContext",
    "DealPlan",
    "DealSummary",
    "DixEvent",
    "FildinskiObservation",
    "FildinskiState",
    "History",
    "MeldEvent",
]

DEAL_TRICKS: Final = 32
STOCK_TRICKS: Final = 24
DRAWS: Final = 48
_SUIT_NAMES: Final = ("clubs", "diamonds", "hearts", "spades")
_SUIT_SINGULAR: Final = ("club", "diamond", "heart", "spade")
_KINDS: Final[tuple[MeldKind, ...]] = tuple(MeldKind)
_SEQ: Final = MeldKind.SEQUENCE.order
_ROYAL: Final = MeldKind.ROYAL_MARRIAGE.order
_BEZ: Final = MeldKind.BEZIQUE.order
_DOUBLE: Final = MeldKind.DOUBLE_BEZIQUE.order
_EVEN: Final = 0x5555_5555_5555_5555
_NO_POINTS: Final = (0,) * 12


@dataclass(frozen=True, slots=True)
class DealPlan:
    """Where each deal's deck order comes from, fixed when the game starts.

    Deal ``k`` uses ``decks[k - 1]`` when given, otherwise a shuffle drawn from
    ``seed`` and ``k`` alone, so the same seed always gives the same game.

    Attributes:
        options: the game's options.
        seed: the seed of the deals not given.
        decks: the given deck orders (ids, top first) of the first deals.
    """

    options: FildinskiOptions
    seed: int
    decks: tuple[tuple[int, ...], ...] = ()

    def deck(self, deal_number: int) -> tuple[int, ...]:
        """The deck order (ids, top first) of deal ``deal_number``."""
        if deal_number <= len(self.decks):
            return self.decks[deal_number - 1]
        return shuffled_deck(random.Random(f"fildinski/{self.seed}/deal/{deal_number}"))


@dataclass(frozen=True, slots=True)
class DealContext:
    """The part of a state fixed for a whole deal.

    Attributes:
        plan: the options and where every deal's deck comes from.
        deal_number: the deal, 1-based.
        dealer: the seat that dealt it.
        deck: its deck order (ids, top first).
        trump: the trump suit number, the suit of the dealt turn-up (fildinski.deal.turn-up).
        finished: a summary of every earlier deal.
        totals: the (p0, p1) game totals before this deal.
    """

    plan: DealPlan
    deal_number: int
    dealer: int
    deck: tuple[int, ...]
    trump: int
    finished: tuple[DealSummary, ...]
    totals: tuple[int, int]


@dataclass(frozen=True, slots=True)
class MeldEvent:
    """A scored meld: who made it, its kind, its cards (an id bitmask) and the trick it followed."""

    seat: int
    kind: MeldKind
    cards: int
    trick: int

    def __str__(self) -> str:
        cards = " ".join(str(c) for c in cards_of(self.cards))
        return f"{format_seat(self.seat)} {self.kind.label} {cards} (trick {self.trick})"


@dataclass(frozen=True, slots=True)
class DixEvent:
    """A dix exchange: who made it, the trump 7 given (an id), the former turn-up taken, the trick."""

    seat: int
    seven: int
    taken: int
    trick: int


@dataclass(frozen=True, slots=True)
class DealSummary:
    """What a finished deal scored, and how.

    Attributes:
        points: the deal's points, ``points[2 * category + seat]`` (see
            :attr:`FildinskiState.points`).
        melds: the deal's meld history.
        dix: the deal's dix, or ``None``.
        trump: the deal's trump suit number.
    """

    points: tuple[int, ...]
    melds: tuple[MeldEvent, ...]
    dix: DixEvent | None
    trump: int

    @property
    def scores(self) -> tuple[int, int]:
        """Each seat's deal score."""
        return sum(self.points[0::2]), sum(self.points[1::2])


History: TypeAlias = PlayChain
"""The plays of the deal, newest first (see :mod:`cardrules.plays`)."""


@dataclass(frozen=True, slots=True)
class FildinskiObservation:
    """What one seat may know: its own hand and everything public (fildinski.info.public).

    The opponent's hand and the order and identity of the face-down stock are
    not here (fildinski.info.hidden). Cards are plain cards (copies repeated);
    the copy labels of hidden cards are not shown.

    Attributes:
        seat: the observing seat.
        hand: the seat's own cards, sorted.
        hand_sizes: how many cards each seat holds.
        stock_size: how many cards the stock holds, turn-up included.
        turnup: the turn-up while it lies under the stock, else ``None``.
        trump: the trump suit.
        deal_number: the deal (1-based); dealer: its dealer.
        trick_number: the trick being played or just won (1-32).
        current_player: the seat to act, or ``TERMINAL``.
        in_meld_step: whether the player to act is in a meld step.
        plays: every card played to a trick this deal, with its player, in order.
        trick: the cards of the trick in progress, with their players.
        won: each seat's won pile, sorted.
        retired: each seat's retired cards, sorted.
        melds: every meld of the deal as (seat, kind, cards, trick).
        dix: the dix of the deal as (seat, seven, card taken, trick), or ``None``.
        deal_points: the (p0, p1) points of this deal so far.
        totals: the (p0, p1) game totals of the finished deals.
    """

    seat: int
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, int]
    stock_size: int
    turnup: Card | None
    trump: Suit
    deal_number: int
    dealer: int
    trick_number: int
    current_player: int
    in_meld_step: bool
    plays: tuple[tuple[int, Card], ...]
    trick: tuple[tuple[int, Card], ...]
    won: tuple[tuple[Card, ...], tuple[Card, ...]]
    retired: tuple[tuple[Card, ...], tuple[Card, ...]]
    melds: tuple[tuple[int, MeldKind, tuple[Card, ...], int], ...]
    dix: tuple[int, Card, Card, int] | None
    deal_points: tuple[int, int]
    totals: tuple[int, int]

    def __str__(self) -> str:
        """A few lines a player reads: the table as this seat sees it."""
        if self.current_player == TERMINAL:
            to_act = "game over"
        elif self.in_meld_step:
            to_act = f"{format_seat(self.current_player)} in the meld step of trick {self.trick_number}"
        else:
            to_act = f"{format_seat(self.current_player)} to play to trick {self.trick_number}"

        def pretty(cards: tuple[Card, ...]) -> str:
            return " ".join(c.pretty() for c in cards) or "(none)"

        turnup = f", turn-up {self.turnup.pretty()}" if self.turnup is not None else ", stock exhausted"
        trick = ", ".join(f"{format_seat(s)} {c.pretty()}" for s, c in self.trick) or "no card yet"
        melds = "; ".join(f"{format_seat(s)} {k.label} {pretty(c)} (trick {t})" for s, k, c, t in self.melds)
        return "\n".join(
            [
                f"seen by {format_seat(self.seat)}; deal {self.deal_number}, "
                f"dealer {format_seat(self.dealer)}, {_SUIT_NAMES[self.trump]} trump{turnup} "
                f"({self.stock_size} in stock); {to_act}",
                f"hand: {pretty(self.hand)}",
                f"trick: {trick}",
                f"won by p0: {pretty(self.won[0])}",
                f"won by p1: {pretty(self.won[1])}",
                f"melds: {melds or '(none)'}",
                f"cards held: p0:{self.hand_sizes[0]} p1:{self.hand_sizes[1]}; deal points "
                f"p0 {self.deal_points[0]}, p1 {self.deal_points[1]}; totals p0 {self.totals[0]}, "
                f"p1 {self.totals[1]}",
            ]
        )


@dataclass(frozen=True, slots=True)
class FildinskiState:
    """A Fildinski game in progress (or finished): an immutable value.

    Build one with :meth:`~cardrules.games.fildinski.game.FildinskiGame.new_game`
    or :meth:`~cardrules.games.fildinski.game.FildinskiGame.from_deal`. Seats are
    0 and 1. Zones are id bitmasks (see :mod:`cardrules.games.fildinski.deck`).

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
    _legal: list[tuple[Action, ...]] = field(default_factory=list, compare=False, repr=False)

    # -- construction ---------------------------------------------------------

    @classmethod
    def start(cls, plan: DealPlan, dealer: int) -> FildinskiState:
        """The state before the first lead of deal 1, dealt by ``dealer``."""
        return cls._dealt(plan, 1, dealer, (), (0, 0))

    @classmethod
    def _dealt(
        cls,
        plan: DealPlan,
        deal_number: int,
        dealer: int,
        finished: tuple[DealSummary, ...],
        totals: tuple[int, int],
    ) -> FildinskiState:
        # fildinski.deal.hands: non-dealer d[0..7], dealer d[8..15], turn-up d[16], stock d[17..63].
        deck = plan.deck(deal_number)
        first = 1 - dealer
        hands = [0, 0]
        for card in deck[:8]:
            hands[first] |= 1 << card
        for card in deck[8:16]:
            hands[dealer] |= 1 << card
        turnup = deck[16]
        points = list(_NO_POINTS)
        if strength_of(turnup) == 0:  # fildinski.deal.turned-seven
            points[2 * Category.TURNED_SEVEN + dealer] = 10
        context = DealContext(plan, deal_number, dealer, deck, turnup >> 4, finished, totals)
        return cls(
            context,
            (hands[0], hands[1]),
            (0, 0),
            (0, 0),
            0,
            turnup,
            (),
            first,  # fildinski.deal.first-lead
            0,
            False,
            0,
            False,
            tuple(points),
            (0,) * len(_KINDS),
            (),
            None,
            None,
            first,
        )

    def _but(self, **changes: object) -> FildinskiState:
        """A copy with some fields changed, built slot by slot (the engine's hot path).

        The result is the same frozen value the constructor would build, with an
        empty memo of legal actions.
        """
        state = object.__new__(FildinskiState)
        for name, setter in _SETTERS:
            setter(state, changes[name] if name in changes else getattr(self, name))
        _SET_LEGAL(state, [])
        return state

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
        if self.drawn >= DRAWS:
            return ()
        return (*self.deal.deck[17 + self.drawn :], self.turnup)

    @property
    def stock_mask(self) -> int:
        """The stock as an id bitmask."""
        mask = 0
        for card in self.stock:
            mask |= 1 << card
        return mask

    @property
    def trick_mask(self) -> int:
        """The trick in progress as an id bitmask."""
        mask = 0
        for card in self.trick:
            mask |= 1 << card
        return mask

    @property
    def plays(self) -> tuple[tuple[int, int], ...]:
        """The (seat, id) plays of the current deal, in order."""
        return unroll(self.history)

    @property
    def deal_points(self) -> tuple[int, int]:
        """Each seat's points in the current deal so far."""
        p = self.points
        return sum(p[0::2]), sum(p[1::2])

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
        """The deck order (top first) of every deal dealt so far, the current one last."""
        plan = self.deal.plan
        return tuple(deck_cards(plan.deck(k)) for k in range(1, self.deal.deal_number + 1))

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
        a, b = self.totals
        return 0 if a > b else 1

    def _end_reason(self) -> str:
        a, b = self.totals
        leader = format_seat(0 if a > b else 1)
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

    # -- legality ---------------------------------------------------------------

    def legal_mask(self) -> int:
        """The ids the player to act may play (0 in a meld step or when terminal).

        fildinski.play.free-play and fildinski.endgame.free-discard: the whole hand;
        for the endgame follower, fildinski.endgame.legal-set.
        """
        seat = self.current_player
        if seat == TERMINAL or self.in_meld_step:
            return 0
        hand = self.hands[seat]
        if self.trick and self.drawn >= DRAWS:
            return legal_follow(hand, self.trick[0], self.deal.trump)
        return hand

    def legal_actions(self) -> tuple[Action, ...]:
        """The legal actions in canonical order; empty exactly when the game is over.

        Card plays in kind order; in a meld step the dix (when possible) first,
        then ``meld none``, then single melds, then pairs of melds.
        """
        if self._legal:
            return self._legal[0]
        seat = self.current_player
        if seat == TERMINAL:
            out: tuple[Action, ...] = ()
        elif self.in_meld_step:
            dix = self._dix_card(seat)
            melds = tuple(DeclareMelds(seat, decls) for decls in self._meld_choices(seat))
            out = ((Dix(seat, card_of(dix)),) if dix is not None else ()) + melds
        else:
            mask = self.legal_mask()
            kinds = (mask | (mask >> 1)) & _EVEN
            row = _PLAYS[seat]
            found = []
            while kinds:
                low = kinds & -kinds
                found.append(row[(low.bit_length() - 1) >> 1])
                kinds ^= low
            out = tuple(found)
        self._legal.append(out)
        return out

    def _dix_card(self, seat: int) -> int | None:
        """The trump 7 the winner may exchange in this meld step, or ``None`` (fildinski.dix.exchange)."""
        if self.dix_done or self.drawn >= DRAWS or strength_of(self.turnup) == 0:
            return None
        sevens = 3 << (16 * self.deal.trump)
        if self.options.dix_exchange is DixExchange.FROM_HAND:
            pool = self.hands[seat] & sevens
        else:
            pool = self.fresh & self.won[seat] & sevens
        if not pool:
            return None
        return (pool & -pool).bit_length() - 1

    def _excluded(self, kind: MeldKind) -> int:
        """Ids barred from a new meld of ``kind`` (fildinski.meld.same-kind-once, class-order)."""
        used = self.used
        barred = used[kind.order]
        if kind is MeldKind.ROYAL_MARRIAGE:
            barred |= used[_SEQ]
        elif kind is MeldKind.BEZIQUE:
            barred |= used[_DOUBLE]
        return barred

    def _class_of(self, card: int) -> int:
        """A key equal for two copies exactly when no rule tells them apart (fildinski.meld.copy-choice)."""
        key = (card >> 1) << 1 | (self.fresh >> card & 1)
        for mask in self.used:
            key = key << 1 | (mask >> card & 1)
        return key

    def _needs_copy(self, card: int, pool: int) -> bool:
        twin = card ^ 1
        return bool(pool >> twin & 1) and self._class_of(card) != self._class_of(twin)

    def _single_melds(self, seat: int) -> list[tuple[MeldKind, int]]:
        """Every (kind, card set) the meld-step rules allow as one meld, physical choices all listed."""
        pool = self.won[seat]
        options = self.options
        fresh = self.fresh if options.meld_needs_trick_card else -1
        trump = self.deal.trump
        out = []
        pair = options.bezique_pair
        for kind, reach in zip(_KINDS, reach_table(trump, pair), strict=True):
            if not reach & fresh:
                continue
            avail = pool & reach & ~self._excluded(kind)
            for mask in candidate_melds(kind, avail, trump, pair):
                if mask & fresh:
                    out.append((kind, mask))
        return out

    def _meld_choices(self, seat: int) -> list[tuple[MeldDecl, ...]]:
        """fildinski.meld.copy-choice: one declaration per distinct outcome, canonical order."""
        pool = self.won[seat]
        groups: dict[tuple[int, tuple[int, ...]], list[tuple[tuple[int, ...], int]]] = {}
        for kind, mask in self._single_melds(seat):
            ids = ids_in(mask)
            key = (kind.order, tuple(sorted(self._class_of(i) for i in ids)))
            groups.setdefault(key, []).append((tuple(ids), mask))
        keys = sorted(groups)
        for key in keys:
            groups[key].sort()
        reps = {key: groups[key][0][1] for key in keys}
        out: list[tuple[MeldDecl, ...]] = [()]
        for key in keys:
            out.append((self._decl(_KINDS[key[0]], reps[key], pool),))
        for n, first in enumerate(keys):
            a = reps[first]
            for second in keys[n:]:
                for _, b in groups[second]:
                    if not a & b:
                        out.append(
                            (self._decl(_KINDS[first[0]], a, pool), self._decl(_KINDS[second[0]], b, pool))
                        )
                        break
        return out

    def _decl(self, kind: MeldKind, mask: int, pool: int) -> MeldDecl:
        refs = tuple(
            CardRef(card_of(i), (i & 1) + 1 if self._needs_copy(i, pool & ~mask | 1 << i) else None)
            for i in ids_in(mask)
        )
        return MeldDecl.of(kind, refs)

    def check(self, action: Action) -> Verdict:
        """Adjudicate ``action`` here, naming every rule it breaks. Never raises."""
        if self.current_player == TERMINAL:
            return game_over(self._end_reason())
        seat = getattr(action, "seat", None)
        if (
            not isinstance(action, (PlayCard, Dix, DeclareMelds))
            or not isinstance(seat, int)
            or seat not in (0, 1)
        ):
            return Verdict.illegal(
                ("common.action.known",),
                f"{action} is not a Fildinski action: a card play, a dix or a meld declaration by p0 or p1",
            )
        if isinstance(action, PlayCard):
            return self._check_play(action)
        if isinstance(action, Dix):
            return self._check_dix(action)
        return self._check_melds(action)

    def _turn(self, seat: int, broken: list[str], reasons: list[str]) -> None:
        if seat != self.current_player:
            broken.append("common.turn.player-to-act")
            reasons.append(f"it is {format_seat(self.current_player)}'s turn, not {format_seat(seat)}'s")

    def _check_play(self, action: PlayCard) -> Verdict:
        seat, card = action.seat, action.card
        actor = format_seat(seat)
        kind = card_kind(card) if isinstance(card, Card) else None
        if kind is None:
            return Verdict.illegal(
                ("common.action.known",), f"{card} is not a card of the Fildinski deck (7 to ace only)"
            )
        broken: list[str] = []
        reasons: list[str] = []
        self._turn(seat, broken, reasons)
        if self.in_meld_step and seat == self.current_player:
            broken.append("fildinski.play.trick-cycle")
            reasons.append(
                f"{actor} won trick {self.tricks_done} and must first end the meld step "
                f"(declare melds or '{actor} meld none') before the next card is played"
            )
        held = self.hands[seat] >> (2 * kind) & 3
        if not held:
            broken.append("common.cards.held")
            reasons.append(f"{actor} does not hold {card.pretty()}")
        elif not broken and self.trick and self.drawn >= DRAWS:
            follow = self._endgame_follow_verdict(seat, kind)
            if follow is not None:
                return follow
        if broken:
            return Verdict.illegal(tuple(broken), "; ".join(reasons))
        if not self.trick:
            if self.drawn >= DRAWS:
                return Verdict.allowed(
                    ("fildinski.endgame.free-discard",),
                    f"{actor} leads {card.pretty()}; a leader may lead any card",
                )
            return Verdict.allowed(("fildinski.play.free-play",), f"{actor} leads {card.pretty()}")
        if self.drawn < DRAWS:
            return Verdict.allowed(
                ("fildinski.play.free-play",),
                f"{actor} plays {card.pretty()}; while the stock lasts any card may be played",
            )
        return self._endgame_allowed(seat, kind)

    def _endgame_sets(self, seat: int) -> tuple[int, int, int, int]:
        hand = self.hands[seat]
        led = self.trick[0]
        same = hand & SUIT_IDS[led >> 4]
        higher = same & higher_in_suit(led)
        trumps = hand & SUIT_IDS[self.deal.trump]
        return hand, same, higher, trumps

    def _endgame_follow_verdict(self, seat: int, kind: int) -> Verdict | None:
        """The verdict on an illegal endgame follow, or ``None`` when the card is legal."""
        _hand, same, higher, trumps = self._endgame_sets(seat)
        bit = 3 << (2 * kind)
        led = self.trick[0]
        led_card = card_of(led).pretty()
        led_suit = _SUIT_NAMES[led >> 4]
        actor = format_seat(seat)
        card = kind_card(kind).pretty()
        if higher:
            if higher & bit:
                return None
            should = _pretty_kinds(higher)
            rules = ["fildinski.endgame.must-head"]
            if not same & bit:
                rules.append("fildinski.endgame.must-follow")
            rules.append("fildinski.endgame.legal-set")
            word = (
                "a higher " + _SUIT_SINGULAR[led >> 4] if _count_kinds(higher) == 1 else f"higher {led_suit}"
            )
            return Verdict.illegal(
                tuple(rules),
                f"{led_card} was led and {actor} holds {should}, {word}, so must head the trick "
                f"with {should if _count_kinds(higher) == 1 else 'one of them'} instead of {card}",
            )
        if same:
            if same & bit:
                return None
            should = _pretty_kinds(same)
            return Verdict.illegal(
                ("fildinski.endgame.must-follow", "fildinski.endgame.legal-set"),
                f"{led_suit} were led and {actor} holds {should}, so must follow suit with "
                f"{should if _count_kinds(same) == 1 else 'one of them'} instead of {card}",
            )
        if trumps:
            if trumps & bit:
                return None
            should = _pretty_kinds(trumps)
            return Verdict.illegal(
                ("fildinski.endgame.must-trump", "fildinski.endgame.legal-set"),
                f"{actor} has no {led_suit} but holds the trump{'s' if _count_kinds(trumps) > 1 else ''} "
                f"{should}, so must trump with {should if _count_kinds(trumps) == 1 else 'one of them'} "
                f"instead of {card}",
            )
        return None

    def _endgame_allowed(self, seat: int, kind: int) -> Verdict:
        _hand, same, higher, trumps = self._endgame_sets(seat)
        actor = format_seat(seat)
        card = kind_card(kind).pretty()
        led = card_of(self.trick[0]).pretty()
        if higher:
            return Verdict.allowed(
                ("fildinski.endgame.must-head", "fildinski.endgame.legal-set"),
                f"{actor} heads {led} with {card}",
            )
        if same:
            return Verdict.allowed(
                ("fildinski.endgame.must-follow", "fildinski.endgame.legal-set"),
                f"{actor} cannot beat {led} and follows suit with {card}",
            )
        if trumps:
            return Verdict.allowed(
                ("fildinski.endgame.must-trump", "fildinski.endgame.legal-set"),
                f"{actor} has no {_SUIT_NAMES[self.trick[0] >> 4]} and trumps with {card}",
            )
        return Verdict.allowed(
            ("fildinski.endgame.free-discard", "fildinski.endgame.legal-set"),
            f"{actor} has neither the suit led nor a trump and may discard {card}",
        )

    def _check_dix(self, action: Dix) -> Verdict:
        seat, card = action.seat, action.card
        actor = format_seat(seat)
        kind = card_kind(card) if isinstance(card, Card) else None
        if kind is None:
            return Verdict.illegal(
                ("common.action.known",), f"{card} is not a card of the Fildinski deck (7 to ace only)"
            )
        trump = self.deal.trump
        seven = kind_card(8 * trump).pretty()
        broken: list[str] = []
        reasons: list[str] = []
        self._turn(seat, broken, reasons)
        if kind != 8 * trump:
            broken.append("fildinski.dix.exchange")
            reasons.append(f"the dix exchanges the trump 7 ({seven}), not {card.pretty()}")
        if self.drawn >= DRAWS:
            broken.append("fildinski.endgame.no-melding")
            reasons.append("the stock is exhausted: no dix after the last draw")
        elif not self.in_meld_step:
            broken.append("fildinski.meld.who-and-when")
            reasons.append("the dix is made only in the meld step of the trick just won, before its melds")
        elif seat != self.current_player:
            broken.append("fildinski.meld.who-and-when")
            reasons.append(
                f"only the winner of trick {self.tricks_done}, {format_seat(self.leader)}, may exchange"
            )
        if self.dix_done:
            broken.append("fildinski.dix.once")
            reasons.append("the dix has already been made in this deal")
        elif strength_of(self.turnup) == 0 and self.drawn < DRAWS:
            broken.append("fildinski.dix.once")
            reasons.append(
                f"the turn-up is already a 7 ({card_of(self.turnup).pretty()}): no exchange is possible"
            )
        if kind == 8 * trump and not broken:
            sevens = 3 << (2 * kind)
            if self.options.dix_exchange is DixExchange.FROM_HAND:
                if not self.hands[seat] & sevens:
                    broken.append("common.cards.held")
                    reasons.append(f"{actor} does not hold {seven}")
            elif not self.fresh & self.won[seat] & sevens:
                broken.append("fildinski.dix.exchange")
                reasons.append(
                    f"with dix_exchange = from_trick only the trump 7 of the trick just won may be "
                    f"exchanged, "
                    f"and trick {self.tricks_done} holds no {seven}"
                )
        if broken:
            return Verdict.illegal(tuple(broken), "; ".join(reasons))
        turnup = card_of(self.turnup).pretty()
        if self.options.dix_exchange is DixExchange.FROM_HAND:
            return Verdict.allowed(
                ("fildinski.dix.exchange",),
                f"{actor} exchanges {seven} from hand for the turn-up {turnup}, scoring 10",
            )
        return Verdict.allowed(
            ("fildinski.dix.exchange",),
            f"{actor} exchanges the won {seven} for the turn-up {turnup}, which joins the won pile",
        )

    def _resolve(
        self, seat: int, melds: tuple[MeldDecl, ...], broken: list[str], reasons: list[str]
    ) -> list[int] | None:
        """The id bitmask of each declared meld, or ``None`` when a card cannot be placed."""
        pool = self.won[seat]
        taken = 0
        out = []
        actor = format_seat(seat)
        ok = True
        for decl in melds:
            mask = 0
            plain = [card_kind(r.card) for r in decl.cards if r.copy is None and isinstance(r.card, Card)]
            for ref in decl.cards:
                kind = card_kind(ref.card) if isinstance(ref.card, Card) else None
                if kind is None:
                    broken.append("common.action.known")
                    reasons.append(f"{ref} is not a card of the Fildinski deck (7 to ace only)")
                    return None
                if ref.copy is not None:
                    card = 2 * kind + ref.copy - 1
                    if not (pool & ~mask) >> card & 1:
                        ok = False
                        reason = self._not_in_pile(seat, card, mask)
                        _add(broken, reasons, "fildinski.meld.from-won-cards", reason)
                        continue
                else:
                    here = pool >> (2 * kind) & 3
                    avail = here & ~(mask >> (2 * kind)) & 3
                    if not avail:
                        ok = False
                        reason = self._not_in_pile(seat, 2 * kind, mask)
                        _add(broken, reasons, "fildinski.meld.from-won-cards", reason)
                        continue
                    if here == 3 and plain.count(kind) < 2 and self._needs_copy(2 * kind, pool):
                        ok = False
                        _add(
                            broken,
                            reasons,
                            "fildinski.meld.copy-choice",
                            f"{actor}'s won pile holds both {kind_card(kind)} and they differ "
                            f"({self._copy_difference(2 * kind)}): write {kind_card(kind)}#1 or "
                            f"{kind_card(kind)}#2",
                        )
                        continue
                    free = avail & ~(taken >> (2 * kind))
                    pick = free if free else avail  # a card another meld took: per-step reports it
                    card = 2 * kind + (0 if pick & 1 else 1)
                mask |= 1 << card
            taken |= mask
            out.append(mask)
        if not ok:
            if "fildinski.meld.from-won-cards" in broken and "common.cards.held" not in broken:
                broken.append("common.cards.held")
            return None
        return out

    def _not_in_pile(self, seat: int, card: int, used: int) -> str:
        actor = format_seat(seat)
        name = card_of(card).pretty()
        if self.won[seat] >> card & 1 and used >> card & 1:
            return f"{actor} names {name} twice in one meld"
        if used >> card & 1 or used >> (card ^ 1) & 1:
            return f"{actor} names {name} more often than the won pile holds it"
        if self.retired[seat] >> card & 1 or self.retired[seat] >> (card ^ 1) & 1:
            return f"{name} was retired after an earlier meld and cannot be melded again"
        if self.hands[seat] >> (card & ~1) & 3:
            return f"{name} is in {actor}'s hand, and melds are made only from won cards"
        return f"{name} is not in {actor}'s won pile"

    def _copy_difference(self, card: int) -> str:
        fresh = self.fresh >> card & 1, self.fresh >> (card ^ 1) & 1
        if fresh[0] != fresh[1]:
            return f"#{1 if fresh[0] else 2} was won in the trick just won"
        return "one of them has already been in a meld"

    def _check_melds(self, action: DeclareMelds) -> Verdict:
        seat = action.seat
        actor = format_seat(seat)
        broken: list[str] = []
        reasons: list[str] = []
        self._turn(seat, broken, reasons)
        if not self.in_meld_step:
            if self.drawn >= DRAWS and not self.options.meld_in_endgame:
                broken.append("fildinski.endgame.no-melding")
                reasons.append("after the last draw no meld may be made (meld_in_endgame = false)")
            else:
                broken.append("fildinski.meld.who-and-when")
                reasons.append("melds are declared only in the meld step right after winning a trick")
        elif seat != self.current_player:
            broken.append("fildinski.meld.who-and-when")
            reasons.append(
                f"only the winner of trick {self.tricks_done}, {format_seat(self.leader)}, may meld"
            )
        melds = action.melds
        if len(melds) > 2:
            broken.append("fildinski.meld.per-step")
            reasons.append(f"{len(melds)} melds declared; at most two melds may be made in one meld step")
        if broken:
            return Verdict.illegal(tuple(broken), "; ".join(reasons))
        masks = self._resolve(seat, melds, broken, reasons)
        if masks is None:
            return Verdict.illegal(tuple(broken), "; ".join(reasons))
        options = self.options
        trump = self.deal.trump
        for decl, mask in zip(melds, masks, strict=True):
            kind = decl.kind
            pool = self.won[seat]
            cards = _names(mask, pool)
            if not meld_fits(kind, mask, trump, options.bezique_pair):
                rules = ["fildinski.meld.kinds"]
                if kind in (MeldKind.BEZIQUE, MeldKind.DOUBLE_BEZIQUE):
                    rules.append("fildinski.meld.bezique-pair")
                queen, jack = bezique_kinds(trump, options.bezique_pair)
                hint = (
                    f" (the bezique cards this deal are {kind_card(queen)} and {kind_card(jack)})"
                    if kind in (MeldKind.BEZIQUE, MeldKind.DOUBLE_BEZIQUE)
                    else ""
                )
                for rule in rules:
                    _add(broken, reasons, rule, f"{cards} is not a {kind.label}{hint}")
                continue
            if options.meld_needs_trick_card and not mask & self.fresh:
                _add(
                    broken,
                    reasons,
                    "fildinski.meld.fresh-card",
                    f"the {kind.label} {cards} holds neither card of trick {self.tricks_done} "
                    f"({_names(self.fresh, pool) or 'none left'})",
                )
            again = mask & self.used[kind.order]
            if again:
                _add(
                    broken,
                    reasons,
                    "fildinski.meld.same-kind-once",
                    f"{_names(again, pool)} already served in a {kind.label} this deal",
                )
            if kind is MeldKind.ROYAL_MARRIAGE and mask & self.used[_SEQ]:
                _add(
                    broken,
                    reasons,
                    "fildinski.meld.class-order",
                    "a card of a scored trump sequence cannot later form a royal marriage",
                )
            if kind is MeldKind.BEZIQUE and mask & self.used[_DOUBLE]:
                _add(
                    broken,
                    reasons,
                    "fildinski.meld.class-order",
                    "a card of a scored double bezique cannot later form a bezique",
                )
        if len(masks) == 2 and masks[0] & masks[1]:
            _add(
                broken,
                reasons,
                "fildinski.meld.per-step",
                f"the two melds share {_names(masks[0] & masks[1], self.won[seat])}",
            )
        if broken:
            return Verdict.illegal(tuple(broken), "; ".join(reasons))
        if not melds:
            return Verdict.allowed(
                ("fildinski.meld.who-and-when",), f"{actor} ends the meld step without a meld"
            )
        named = " and ".join(f"{d.kind.label} ({d.kind.points})" for d in melds)
        return Verdict.allowed(
            ("fildinski.meld.who-and-when", "fildinski.meld.kinds"), f"{actor} melds {named}"
        )

    # -- applying ---------------------------------------------------------------

    def attempt(self, action: Action) -> tuple[Verdict, FildinskiState | None]:
        """Judge ``action`` and, when it is legal, apply it: the verdict and the next state (or ``None``)."""
        verdict = self.check(action)
        return verdict, (self.apply(action) if verdict.legal else None)

    def apply(self, action: Action) -> FildinskiState:
        """The state after ``action``.

        Raises:
            IllegalActionError: the action is illegal here; its verdict names the rules.
        """
        seat = self.current_player
        if type(action) is PlayCard and action.seat == seat and not self.in_meld_step:
            kind = card_kind(action.card)
            if kind is not None:
                legal = self.legal_mask() >> (2 * kind) & 3
                if legal:
                    return self._play(seat, 2 * kind + (0 if legal & 1 else 1))
        verdict = self.check(action)
        if not verdict.legal:
            raise IllegalActionError(verdict, str(action), self.compact())
        if isinstance(action, Dix):
            return self._dix(seat)
        assert isinstance(action, DeclareMelds)
        masks = self._resolve(seat, action.melds, [], [])
        assert masks is not None
        return self._declare(seat, tuple(zip((d.kind for d in action.melds), masks, strict=True)))

    def parse_action(self, text: str) -> Action:
        """Read an action such as ``"p0 play QS"``, ``"meld bezique JD QS"`` or ``"dix 7H"``.

        With no actor, the actor is the player to act.

        Raises:
            InvalidNotationError: the text is not a Fildinski action.
        """
        return parse_action_text(text, None if self.is_terminal else self.current_player)

    def _play(self, seat: int, card: int) -> FildinskiState:
        hands = (
            (self.hands[0] & ~(1 << card), self.hands[1])
            if seat == 0
            else (self.hands[0], self.hands[1] & ~(1 << card))
        )
        trick = (*self.trick, card)
        history = (self.history, seat, card)
        if len(trick) == 1:
            return self._but(hands=hands, trick=trick, history=history, current_player=1 - seat)
        # fildinski.play.trick-winner
        led, follow = trick
        trump = self.deal.trump
        leader = self.leader
        winner = seat if follower_wins(led, follow, trump) else leader
        options = self.options
        points = list(self.points)
        # fildinski.score.brisques
        for c in trick:
            if (c >> 1) & 7 >= 6:
                points[2 * Category.BRISQUES + winner] += 10
        # fildinski.score.trump-seven
        played_by = (leader, seat)
        for n, c in enumerate(trick):
            if c >> 1 == 8 * trump:
                scorer = played_by[n] if options.trump_seven_points is TrumpSevenPoints.PLAYED else winner
                points[2 * Category.TRUMP_SEVENS + scorer] += 10
        number = self.tricks_done + 1
        # fildinski.score.last-trick
        last = STOCK_TRICKS if options.last_trick_bonus is LastTrickBonus.STOCK_END else DEAL_TRICKS
        if number == last:
            points[2 * Category.LAST_TRICK + winner] += 10
        taken = (1 << led) | (1 << follow)
        won = (self.won[0] | taken, self.won[1]) if winner == 0 else (self.won[0], self.won[1] | taken)
        step = self.drawn < DRAWS or options.meld_in_endgame
        after = self._but(
            hands=hands,
            won=won,
            trick=(),
            history=history,
            leader=winner,
            tricks_done=number,
            in_meld_step=step,
            fresh=taken if step else 0,
            points=tuple(points),
            current_player=winner,
        )
        if not step and number == DEAL_TRICKS:
            return after._end_deal()
        return after

    def _dix(self, seat: int) -> FildinskiState:
        seven = self._dix_card(seat)
        assert seven is not None
        old = self.turnup
        event = DixEvent(seat, seven, old, self.tricks_done)
        if self.options.dix_exchange is DixExchange.FROM_HAND:
            hand = (self.hands[seat] & ~(1 << seven)) | (1 << old)
            hands = (hand, self.hands[1]) if seat == 0 else (self.hands[0], hand)
            points = list(self.points)
            points[2 * Category.DIX + seat] += 10
            return self._but(hands=hands, turnup=seven, dix_done=True, dix=event, points=tuple(points))
        pile = (self.won[seat] & ~(1 << seven)) | (1 << old)
        won = (pile, self.won[1]) if seat == 0 else (self.won[0], pile)
        return self._but(won=won, turnup=seven, dix_done=True, dix=event, fresh=self.fresh & ~(1 << seven))

    def _declare(self, seat: int, melds: tuple[tuple[MeldKind, int], ...]) -> FildinskiState:
        points = list(self.points)
        used = list(self.used)
        events = list(self.melds)
        won = list(self.won)
        retired = list(self.retired)
        removed = self.options.melded_cards is MeldedCards.REMOVED
        for kind, mask in melds:
            points[2 * Category.MELDS + seat] += kind.points
            used[kind.order] |= mask
            events.append(MeldEvent(seat, kind, mask, self.tricks_done))
            if removed:  # fildinski.meld.after-scoring
                won[seat] &= ~mask
                retired[seat] |= mask
        hands = self.hands
        drawn = self.drawn
        if drawn < DRAWS:
            # fildinski.play.draw-order: the winner draws first; the turn-up is drawn last.
            deck = self.deal.deck
            first = deck[17 + drawn]
            second = deck[18 + drawn] if 18 + drawn < 64 else self.turnup
            h = [hands[0], hands[1]]
            h[seat] |= 1 << first
            h[1 - seat] |= 1 << second
            hands = (h[0], h[1])
            drawn += 2
        after = self._but(
            hands=hands,
            won=(won[0], won[1]),
            retired=(retired[0], retired[1]),
            drawn=drawn,
            in_meld_step=False,
            fresh=0,
            points=tuple(points),
            used=tuple(used),
            melds=tuple(events),
        )
        if self.tricks_done == DEAL_TRICKS:
            return after._end_deal()
        return after

    def _end_deal(self) -> FildinskiState:
        """fildinski.game.deal-end, target, both-past-target, dealer-alternation."""
        context = self.deal
        a, b = context.totals
        x, y = self.deal_points
        totals = (a + x, b + y)
        target = context.plan.options.target_score
        if max(totals) >= target and totals[0] != totals[1]:
            return self._but(current_player=TERMINAL)
        return FildinskiState._dealt(
            context.plan,
            context.deal_number + 1,
            1 - context.dealer,
            (*context.finished, self.summary),
            totals,
        )

    # -- information ------------------------------------------------------------

    def observation(self, seat: int) -> FildinskiObservation:
        """What ``seat`` may know here: its own hand and the public information."""
        if seat not in (0, 1):
            raise InvalidNotationError(f"Fildinski has seats p0 and p1, not {seat}")
        trick_seats = (self.leader, 1 - self.leader)
        return FildinskiObservation(
            seat=seat,
            hand=tuple(sorted(cards_of(self.hands[seat]), key=_card_order)),
            hand_sizes=(self.hands[0].bit_count(), self.hands[1].bit_count()),
            stock_size=len(self.stock),
            turnup=None if self.drawn >= DRAWS else card_of(self.turnup),
            trump=self.trump,
            deal_number=self.deal_number,
            dealer=self.dealer,
            trick_number=self.tricks_done if self.in_meld_step else self.tricks_done + 1,
            current_player=self.current_player,
            in_meld_step=self.in_meld_step,
            plays=tuple((s, card_of(c)) for s, c in self.plays),
            trick=tuple((trick_seats[n], card_of(c)) for n, c in enumerate(self.trick)),
            won=(
                tuple(sorted(cards_of(self.won[0]), key=_card_order)),
                tuple(sorted(cards_of(self.won[1]), key=_card_order)),
            ),
            retired=(
                tuple(sorted(cards_of(self.retired[0]), key=_card_order)),
                tuple(sorted(cards_of(self.retired[1]), key=_card_order)),
            ),
            melds=tuple((m.seat, m.kind, _meld_cards(m.cards), m.trick) for m in self.melds),
            dix=None
            if self.dix is None
            else (self.dix.seat, card_of(self.dix.seven), card_of(self.dix.taken), self.dix.trick),
            deal_points=self.deal_points,
            totals=self.totals,
        )

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

    def __repr__(self) -> str:
        return f"FildinskiState{self.compact()}"


_FIELDS: Final[tuple[str, ...]] = tuple(
    name for name in FildinskiState.__dataclass_fields__ if name != "_legal"
)
_SETTERS: Final[tuple[tuple[str, Callable[[FildinskiState, object], None]], ...]] = tuple(
    (name, FildinskiState.__dict__[name].__set__) for name in _FIELDS
)
_SET_LEGAL: Final[Callable[[FildinskiState, object], None]] = FildinskiState.__dict__["_legal"].__set__
_PLAYS: Final[tuple[tuple[PlayCard, ...], ...]] = tuple(
    tuple(PlayCard(seat, kind_card(k)) for k in range(32)) for seat in (0, 1)
)


def _card_order(card: Card) -> tuple[int, int]:
    kind = card_kind(card)
    return int(card.suit), kind if kind is not None else -1


def _meld_cards(mask: int) -> tuple[Card, ...]:
    """A meld's cards in canonical meld order (by suit, the strongest first)."""
    refs = tuple(CardRef(card_of(i)) for i in ids_in(mask))
    return tuple(r.card for r in MeldDecl.of(MeldKind.SEQUENCE, refs).cards)


def _names(mask: int, pool: int) -> str:
    """Cards in canonical meld order, naming the copy (``QS#2``) when ``pool`` holds both."""
    refs = [CardRef(card_of(i), (i & 1) + 1 if pool >> (i ^ 1) & 1 else None) for i in ids_in(mask)]
    return " ".join(str(r) for r in MeldDecl.of(MeldKind.SEQUENCE, tuple(refs)).cards)


def _pretty_kinds(mask: int) -> str:
    kinds = sorted({i >> 1 for i in ids_in(mask)})
    return " ".join(kind_card(k).pretty() for k in kinds)


def _count_kinds(mask: int) -> int:
    return len({i >> 1 for i in ids_in(mask)})


def _add(broken: list[str], reasons: list[str], rule: str, reason: str) -> None:
    if rule not in broken:
        broken.append(rule)
    reasons.append(reason)
