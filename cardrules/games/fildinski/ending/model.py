"""The model of Fildinski's last tricks: :class:`FildinskiEnding` and the rules it keeps fixed.

See :mod:`cardrules.games.fildinski.ending` for what the ending models; the
meld steps under ``meld_in_endgame = true`` are
:mod:`~cardrules.games.fildinski.ending.melding`'s.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Final, TypeAlias

from cardrules.errors import InvalidArgumentError
from cardrules.frozen import fast_constructor
from cardrules.game import Action
from cardrules.games.fildinski.actions import MeldDecl, PlayCard
from cardrules.games.fildinski.cards import DEAL_TRICKS, SUIT_IDS, card_kind, kind_card
from cardrules.games.fildinski.deal import DealContext
from cardrules.games.fildinski.meld_step import (
    Melds,
)
from cardrules.games.fildinski.melds import MeldKind
from cardrules.games.fildinski.options import FildinskiOptions
from cardrules.games.fildinski.play import follower_wins, legal_follow
from cardrules.games.fildinski.scoring import score_trick
from cardrules.solve.adapter import claimed_amount
from cardrules.solve.endings import rank_groups

__all__ = [
    "KINDS",
    "MELD_MOVES",
    "NO_MELDS",
    "Choices",
    "EndingRules",
    "FildinskiEnding",
    "Piles",
    "new_ending",
]

MELD_MOVES: Final = 64
"""The move number of ``meld none``; the n-th declaration of a meld step is ``MELD_MOVES + n``."""

_BRISQUES: Final = sum(0b1111 << (16 * suit + 12) for suit in range(4))
"""The ids of every ace and ten (strengths 6 and 7): the cards worth 10 to a trick's winner."""

KINDS: Final[tuple[MeldKind, ...]] = tuple(MeldKind)
"""Every kind of meld, in the table's order (the place of a kind in a meld ending's ``used``)."""

Choices: TypeAlias = tuple[tuple[tuple[MeldDecl, ...], Melds], ...]
"""A meld step's declarations, in the engine's order, each with its melds resolved to card sets."""

NO_MELDS: Final[Choices] = (((), ()),)
"""The declarations of a meld step in which no meld can be made: ``meld none`` alone."""


@dataclass(frozen=True, slots=True)
class EndingRules:
    """What stays fixed in one ending: the trump, the options, the counted seat and the tables.

    Attributes:
        trump: the trump suit number.
        options: the game's options (for :func:`~cardrules.games.fildinski.scoring.score_trick`).
        counted: the counted seat.
        levels: per suit, its rank levels from the ace down as ``(mask of both copies, value class)``;
            under ``meld_in_endgame`` a rank that can be melded has a class of its own.
        sevens: the ids of the two trump 7s.
        captured: whether a trump 7 scores for the trick's winner (else for its player).
        last_bonus: whether trick 32 still carries the last-trick bonus.
        zero: an all-zero points tuple, for scoring one trick at a time.
        tag: a small number telling apart endings under other rules in one transposition table.
        deal: the deal (its trump and options, for the meld-step rules).
        melding: whether each endgame trick has a meld step (``meld_in_endgame``).
        meldable: the ids that can be in some meld at all, under this trump and options.
        width: the bits of one level in the transposition key.
        meld_rows: per meld kind, in table order: its points, the ids that can be in it, the
            kinds whose used cards it may not take (their table positions), and a small code
            of the kind, the trump and the bezique option.
        fresh_rule: whether every meld needs a card of the trick just won (``meld_needs_trick_card``).
    """

    trump: int
    options: FildinskiOptions
    counted: int
    levels: tuple[tuple[tuple[int, int], ...], ...]
    sevens: int
    captured: bool
    last_bonus: bool
    zero: tuple[int, ...]
    tag: int
    deal: DealContext
    melding: bool
    meldable: int
    width: int
    meld_rows: tuple[tuple[int, int, tuple[int, ...], int], ...]
    fresh_rule: bool


@dataclass(frozen=True, slots=True)
class Piles:
    """What the meld-step rules read (a :class:`~cardrules.games.fildinski.meld_step.MeldView`)."""

    deal: DealContext
    won: tuple[int, int]
    fresh: int
    used: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class FildinskiEnding:
    """The rest of a Fildinski deal after the last draw, counted for one seat (an ``Ending``).

    Under ``meld_in_endgame = true`` the ending is a :class:`FildinskiMeldEnding`.

    Attributes:
        rules: the trump, the options and the counted seat.
        hands: both hands, as id bitmasks.
        trick: the led card, if the trick has begun.
        leader: the seat that led (or leads) the trick.
        seat: the seat to play.
        side: 0 when the counted seat is to play, else 1.
        value: the points the counted seat has scored since the ending was built.
        done: the tricks of the deal complete so far.
    """

    rules: EndingRules
    hands: tuple[int, int]
    trick: tuple[int, ...]
    leader: int
    seat: int
    side: int
    value: int
    done: int

    @property
    def over(self) -> bool:
        """Whether trick 32 is complete."""
        return self.done == DEAL_TRICKS

    @property
    def left(self) -> int:
        """How many tricks are not complete yet."""
        return DEAL_TRICKS - self.done

    @property
    def unit(self) -> str:
        """A Fildinski claim counts points."""
        return "points"

    @property
    def counted(self) -> tuple[int, ...]:
        """The counted seat."""
        return (self.rules.counted,)

    def _legal_mask(self) -> int:
        hand = self.hands[self.seat]
        if self.trick:
            return legal_follow(hand, self.trick[0], self.rules.trump)
        return hand

    def legal(self) -> tuple[int, ...]:
        """One id per legal kind, the lower copy held (the one the engine plays), in kind order."""
        mask = self._legal_mask()
        out = []
        for kind in range(32):
            pair = mask >> (2 * kind) & 3
            if pair:
                out.append(2 * kind + (0 if pair & 1 else 1))
        return tuple(out)

    def _groups(self) -> tuple[int, ...]:
        hand = self.hands[self.seat]
        others = self.hands[1 - self.seat]
        if self.trick:
            others |= 1 << self.trick[0]
        return rank_groups(self._legal_mask(), hand, others, self.rules.levels, SUIT_IDS)

    def moves(self) -> tuple[int, ...]:
        """One id per group of equal legal cards; a leader's strongest first, a follower's winners first."""
        reps = []
        for group in self._groups():
            low = group & -group
            reps.append(low.bit_length() - 1)
        if not self.trick:
            reps.sort(key=lambda card: -(card >> 1 & 7))
            return tuple(reps)
        led = self.trick[0]
        trump = self.rules.trump
        wins = [card for card in reps if follower_wins(led, card, trump)]
        loses = [card for card in reps if not follower_wins(led, card, trump)]
        return (*wins, *loses)

    def group(self, move: int) -> tuple[int, ...]:
        """The legal ids equivalent to ``move`` (one per kind, the lower copy held)."""
        legal = self.legal()
        for group in self._groups():
            if group >> move & 1:
                return tuple(card for card in legal if group >> card & 1 or group >> (card ^ 1) & 1)
        raise InvalidArgumentError(f"id {move} is not a legal play here")

    def play(self, move: int) -> FildinskiEnding:
        """The ending after the seat to play plays id ``move`` (a legal card)."""
        rules = self.rules
        seat = self.seat
        bit = 1 << move
        hands = (self.hands[0] & ~bit, self.hands[1]) if seat == 0 else (self.hands[0], self.hands[1] & ~bit)
        if not self.trick:
            other = 1 - seat
            return new_ending(
                rules, hands, (move,), seat, other, 0 if other == rules.counted else 1, self.value, self.done
            )
        led = self.trick[0]
        leader = self.leader
        winner = seat if follower_wins(led, move, rules.trump) else leader
        number = self.done + 1
        points = score_trick(rules.zero, (led, move), leader, winner, rules.trump, rules.options, number)
        gained = sum(points[rules.counted :: 2])
        return new_ending(
            rules, hands, (), winner, winner, 0 if winner == rules.counted else 1, self.value + gained, number
        )

    def key(self) -> Hashable | None:
        """At a trick boundary: the leader and, per suit, who holds the cards left, level by level.

        Only the order of the cards left, their value classes and their holders
        matter for what is still to come (the tricks left follow from the count).
        """
        if self.trick:
            return None
        h0, h1 = self.hands
        rules = self.rules
        width = rules.width
        end = (1 << width) - 1  # the end of a suit
        code = rules.tag << 1 | self.leader
        for suit in rules.levels:
            for mask, value_class in suit:
                mine = h0 & mask
                theirs = h1 & mask
                if mine or theirs:
                    code = code << width | value_class << 4 | mine.bit_count() << 2 | theirs.bit_count()
            code = code << width | end
        return code

    def _pools(self) -> tuple[int, int]:
        """The points still to come that the counted seat is sure of, and those either seat may take."""
        rules = self.rules
        left = self.hands[0] | self.hands[1]
        trick = 0
        if self.trick:
            trick = 1 << self.trick[0]
            left |= trick
        contested = (left & _BRISQUES).bit_count() * 10
        sure = 0
        sevens = left & rules.sevens
        if sevens:
            if rules.captured:
                contested += sevens.bit_count() * 10
            else:
                own = self.hands[rules.counted] | (trick if self.leader == rules.counted else 0)
                sure += (sevens & own).bit_count() * 10
        if rules.last_bonus and self.done < DEAL_TRICKS:
            contested += 10
        return sure, contested

    def bounds(self) -> tuple[int, int]:
        """At least its own trump 7s (if they score for their player); at most every point left."""
        sure, contested = self._pools()
        return self.value + sure, self.value + sure + contested

    def most(self) -> int:
        """The value if the counted seat took every point still to come."""
        return self.bounds()[1]

    def action(self, move: int) -> Action:
        """The engine's play of the kind of id ``move`` by the seat to play."""
        return PlayCard(self.seat, kind_card(move >> 1))

    def move(self, action: Action) -> int:
        """The id the engine plays for a legal play (the lower copy held).

        Raises:
            InvalidArgumentError: ``action`` is not a legal play here.
        """
        if isinstance(action, PlayCard) and action.seat == self.seat:
            kind = card_kind(action.card)
            if kind is not None:
                pair = self._legal_mask() >> (2 * kind) & 3
                if pair:
                    return 2 * kind + (0 if pair & 1 else 1)
        raise InvalidArgumentError(f"{action} is not a legal play in this ending")

    def needed(self, amount: int) -> int:
        """A claim of ``amount`` points needs at least that many.

        Raises:
            InvalidArgumentError: ``amount`` is negative or more than the points still to come.
        """
        top = self.most() - self.value
        return claimed_amount(
            amount, top, f"a Fildinski claim here is of 0 to {top} points (the points left)"
        )

    def in_units(self, value: int) -> int:
        """Points are the value itself."""
        return value


new_ending: Final[
    Callable[[EndingRules, tuple[int, int], tuple[int, ...], int, int, int, int, int], FildinskiEnding]
] = fast_constructor(FildinskiEnding)
"""Builds a :class:`FildinskiEnding` from its fields (no checks)."""
