"""Fildinski's last eight tricks as an ending for the exact solver (:mod:`cardrules.solve`).

Once the stock is empty every card is known to both players
(fildinski.info.endgame-known), so the rest of the deal can be solved
exactly. :class:`FildinskiEnding` holds the two hands as id bitmasks, the led
card if any, the leader and the points the counted seat has scored since the
ending was built. The follower's legal cards come from
:func:`~cardrules.games.fildinski.tricks.legal_follow`, the winner from
:func:`~cardrules.games.fildinski.tricks.follower_wins` and a trick's points
from :func:`~cardrules.games.fildinski.scoring.score_trick` (brisques, trump
7s under either ``trump_seven_points`` value, the last-trick bonus under
either ``last_trick_bonus`` value), so the model states none of those rules.

Its value is the card points the counted seat scores from here. A claim of
``points=P`` says the claimer scores at least P more points in the tricks
left (the last-trick bonus included where it is still to come); points won
before the position do not count. Under ``meld_in_endgame = true`` the
winner of each endgame trick may still meld, which this model does not
search: such a position is refused with :class:`~cardrules.errors.NotSolvableError`.

>>> import random, cardrules
>>> state, rng = cardrules.get_game("fildinski").new_game(seed=3), random.Random(3)
>>> while state.phase_name != "endgame":
...     state = state.apply(rng.choice(state.legal_actions()))
>>> ending = state.ending(0)
>>> ending.unit, ending.counted, ending.left
('points', (0,), 8)
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from cardrules.errors import InvalidArgumentError, NotSolvableError
from cardrules.frozen import fast_constructor
from cardrules.game import TERMINAL, Action
from cardrules.games.fildinski.actions import PlayCard
from cardrules.games.fildinski.cards import DEAL_TRICKS, SUIT_IDS, card_kind, kind_card
from cardrules.games.fildinski.options import FildinskiOptions, TrumpSevenPoints
from cardrules.games.fildinski.scoring import score_trick
from cardrules.games.fildinski.tricks import follower_wins, legal_follow
from cardrules.solve.search import rank_groups
from cardrules.solve.table import claimed_amount, read_claimer

if TYPE_CHECKING:
    from cardrules.games.fildinski.state import FildinskiState

__all__ = ["EndingRules", "FildinskiEnding", "ending"]

_BRISQUES: Final = sum(0b1111 << (16 * suit + 12) for suit in range(4))
"""The ids of every ace and ten (strengths 6 and 7): the cards worth 10 to a trick's winner."""


@dataclass(frozen=True, slots=True)
class EndingRules:
    """What stays fixed in one ending: the trump, the options, the counted seat and the tables.

    Attributes:
        trump: the trump suit number.
        options: the game's options (for :func:`~cardrules.games.fildinski.scoring.score_trick`).
        counted: the counted seat.
        levels: per suit, its rank levels from the ace down as ``(mask of both copies, value class)``.
        sevens: the ids of the two trump 7s.
        captured: whether a trump 7 scores for the trick's winner (else for its player).
        last_bonus: whether trick 32 still carries the last-trick bonus.
        zero: an all-zero points tuple, for scoring one trick at a time.
        tag: a small number telling apart endings under other rules in one transposition table.
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


@dataclass(frozen=True, slots=True)
class FildinskiEnding:
    """The rest of a Fildinski deal after the last draw, counted for one seat (an ``Ending``).

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
        """A Fildinski claim counts card points."""
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
            return _new(
                rules, hands, (move,), seat, other, 0 if other == rules.counted else 1, self.value, self.done
            )
        led = self.trick[0]
        leader = self.leader
        winner = seat if follower_wins(led, move, rules.trump) else leader
        number = self.done + 1
        points = score_trick(rules.zero, (led, move), leader, winner, rules.trump, rules.options, number)
        gained = sum(points[rules.counted :: 2])
        return _new(
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
        code = self.rules.tag << 1 | self.leader
        for suit in self.rules.levels:
            for mask, value_class in suit:
                mine = h0 & mask
                theirs = h1 & mask
                if mine or theirs:
                    code = code << 6 | value_class << 4 | mine.bit_count() << 2 | theirs.bit_count()
            code = code << 6 | 0b111111  # the end of a suit
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
        if rules.last_bonus:
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


_new: Final[
    Callable[[EndingRules, tuple[int, int], tuple[int, ...], int, int, int, int, int], FildinskiEnding]
] = fast_constructor(FildinskiEnding)


def ending(state: FildinskiState, by: int | str) -> FildinskiEnding:
    """The last tricks of ``state``'s deal as an ending counted for the seat ``by`` names.

    Raises:
        NotSolvableError: the stock is not empty yet, the game is over, or
            ``meld_in_endgame`` is on (melds in the last tricks are not modelled).
        InvalidArgumentError: ``by`` names no seat.
    """
    phase = state.phase_name
    options = state.deal.plan.options
    if options.meld_in_endgame:
        raise NotSolvableError(
            "fildinski",
            phase,
            "under meld_in_endgame=true the winner of each of the last tricks may meld, "
            "which the solver does not model",
        )
    if phase != "endgame" or state.current_player == TERMINAL:
        raise NotSolvableError(
            "fildinski",
            phase,
            "only the last eight tricks, once the stock is empty, are solved (every card known)",
        )
    counted = read_claimer(by, 2)
    trump = state.deal.trump
    captured = options.trump_seven_points is TrumpSevenPoints.CAPTURED
    sevens = 0b11 << (16 * trump)
    levels = tuple(
        tuple(
            (
                0b11 << (16 * suit + 2 * strength),
                1 if strength >= 6 else 2 if (suit == trump and strength == 0) else 0,
            )
            for strength in range(7, -1, -1)
        )
        for suit in range(4)
    )
    zero = (0,) * len(state.points)
    # Whether trick 32 carries the bonus, asked of the scoring rule itself: a trick of two
    # pointless cards (7 and 8 of clubs, with no suit trump) scores only a last-trick bonus.
    last_bonus = score_trick(zero, (0, 2), 0, 0, -1, options, DEAL_TRICKS) != zero
    tag = trump | captured << 2 | last_bonus << 3 | counted << 4
    rules = EndingRules(trump, options, counted, levels, sevens, captured, last_bonus, zero, tag)
    seat = state.current_player
    return _new(
        rules,
        state.hands,
        state.trick,
        state.leader,
        seat,
        0 if seat == counted else 1,
        0,
        state.tricks_done,
    )
