"""Fildinski's last eight tricks as an ending for the exact solver (:mod:`cardrules.solve`).

Once the stock is empty every card is known to both players
(fildinski.info.endgame-known), so the rest of the deal can be solved
exactly. :class:`FildinskiEnding` holds the two hands as id bitmasks, the led
card if any, the leader and the points the counted seat has scored since the
ending was built. The follower's legal cards come from
:func:`~cardrules.games.fildinski.play.legal_follow`, the winner from
:func:`~cardrules.games.fildinski.play.follower_wins` and a trick's points
from :func:`~cardrules.games.fildinski.scoring.score_trick` (brisques, trump
7s under either ``trump_seven_points`` value, the last-trick bonus under
either ``last_trick_bonus`` value), so the model states none of those rules.

Its value is the points the counted seat scores from here. A claim of
``points=P`` says the claimer scores at least P more points in the tricks
left (the last-trick bonus included where it is still to come); points won
before the position do not count.

Under ``meld_in_endgame = true`` the winner of each of tricks 25-32 has a
meld step (fildinski.endgame.no-melding), and so has the ending, a
:class:`FildinskiMeldEnding`: it also holds both won piles, the trick's
fresh cards and the cards each kind of meld has used, and in a meld step the
winner's moves are its declarations, asked of the engine's own
:func:`~cardrules.games.fildinski.meld_step.step_choices` (``meld none``
first, then one or two melds, in the engine's order), updated by
:func:`~cardrules.games.fildinski.meld_step.marked` and scored by
:func:`~cardrules.games.fildinski.scoring.score_melds`. Meld moves are
numbered from :data:`MELD_MOVES` (``meld none``); card plays are ids. The
counted seat's melds count in the value. The other seat's count for
nothing there (its melds touch neither the tricks nor the counted seat's
piles), so its declarations form one group and only ``meld none`` is
searched. The transposition key adds the counted seat's won cards that can
still be melded and the melds they have been in; the upper bound adds the
most meld points still possible, from the cards still to be won and the
pile, each kind's melds disjoint and clear of the cards the rules bar.
A position may be a meld step itself.

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
from functools import lru_cache
from typing import TYPE_CHECKING, Final, TypeAlias

from cardrules.errors import InvalidArgumentError, NotSolvableError
from cardrules.frozen import fast_constructor
from cardrules.game import TERMINAL, Action
from cardrules.games.fildinski.actions import DeclareMelds, MeldDecl, PlayCard
from cardrules.games.fildinski.cards import DEAL_TRICKS, SUIT_IDS, card_kind, kind_card
from cardrules.games.fildinski.deal import DealContext
from cardrules.games.fildinski.meld_step import (
    MAX_MELDS,
    Melds,
    fresh_cards,
    marked,
    outranked,
    reused,
    step_choices,
)
from cardrules.games.fildinski.melds import MeldKind, candidate_melds, reach_table
from cardrules.games.fildinski.options import BeziquePair, FildinskiOptions, MeldedCards, TrumpSevenPoints
from cardrules.games.fildinski.play import follower_wins, legal_follow
from cardrules.games.fildinski.scoring import score_melds, score_trick
from cardrules.solve.adapter import claimed_amount, read_claimer
from cardrules.solve.endings import rank_groups

if TYPE_CHECKING:
    from cardrules.games.fildinski.state import FildinskiState

__all__ = ["MELD_MOVES", "EndingRules", "FildinskiEnding", "FildinskiMeldEnding", "ending"]

MELD_MOVES: Final = 64
"""The move number of ``meld none``; the n-th declaration of a meld step is ``MELD_MOVES + n``."""

_BRISQUES: Final = sum(0b1111 << (16 * suit + 12) for suit in range(4))
"""The ids of every ace and ten (strengths 6 and 7): the cards worth 10 to a trick's winner."""

_KINDS: Final[tuple[MeldKind, ...]] = tuple(MeldKind)

Choices: TypeAlias = tuple[tuple[tuple[MeldDecl, ...], Melds], ...]
"""A meld step's declarations, in the engine's order, each with its melds resolved to card sets."""

_NONE: Final[Choices] = (((), ()),)
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
class _Piles:
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


@dataclass(frozen=True, slots=True)
class FildinskiMeldEnding(FildinskiEnding):
    """The last tricks under ``meld_in_endgame = true``: a :class:`FildinskiEnding` with meld steps.

    After each trick the winner has its meld step: its moves are its
    declarations (``MELD_MOVES`` and up, in the engine's order), the counted
    seat's melds count in the value, and the other seat's declarations form
    one group searched as ``meld none``.

    Attributes:
        piles: both won piles, as id bitmasks.
        used: per meld kind, the ids that have been in a meld of that kind this deal.
        fresh: in a meld step, the cards of the trick just won (else 0).
        stepping: whether the trick's winner (``seat`` and ``leader``) is in its meld step.
        room: an upper bound on the meld points the counted seat can still score.
        choices: in the counted seat's meld step, its declarations (else empty; found when asked).
    """

    piles: tuple[int, int]
    used: tuple[int, ...]
    fresh: int
    stepping: bool
    room: int
    choices: Choices

    @property
    def over(self) -> bool:
        """Whether trick 32 and its meld step are complete."""
        return self.done == DEAL_TRICKS and not self.stepping

    def _choices(self) -> Choices:
        """The declarations of this meld step, as the engine lists them."""
        if self.choices:
            return self.choices
        return step_choices(_Piles(self.rules.deal, self.piles, self.fresh, self.used), self.seat)

    def _declaration(self, move: int) -> tuple[tuple[MeldDecl, ...], Melds]:
        choices = self._choices()
        index = move - MELD_MOVES
        if not 0 <= index < len(choices):
            raise InvalidArgumentError(f"move {move} is not a declaration of this meld step")
        return choices[index]

    def _gain(self, melds: Melds) -> int:
        """The meld points the counted seat scores when the seat to act makes ``melds``."""
        rules = self.rules
        if self.seat != rules.counted or not melds:
            return 0
        return sum(score_melds(rules.zero, self.seat, tuple(kind for kind, _ in melds))[rules.counted :: 2])

    def legal(self) -> tuple[int, ...]:
        """The legal cards (as :meth:`FildinskiEnding.legal`), or in a meld step its declarations."""
        if self.stepping:
            return tuple(range(MELD_MOVES, MELD_MOVES + len(self._choices())))
        return FildinskiEnding.legal(self)

    def moves(self) -> tuple[int, ...]:
        """As :meth:`FildinskiEnding.moves`; in a meld step, its declarations to search.

        The counted seat's highest-scoring first; in the other seat's meld
        step, ``meld none`` alone (its melds count for nothing here).
        """
        if not self.stepping:
            return FildinskiEnding.moves(self)
        if self.side:
            return (MELD_MOVES,)
        choices = self.choices
        order = sorted(range(len(choices)), key=lambda n: -self._gain(choices[n][1]))
        return tuple(MELD_MOVES + n for n in order)

    def group(self, move: int) -> tuple[int, ...]:
        """As :meth:`FildinskiEnding.group`; in the other seat's meld step, every declaration."""
        if not self.stepping:
            return FildinskiEnding.group(self, move)
        self._declaration(move)
        return self.legal() if self.side else (move,)

    def play(self, move: int) -> FildinskiMeldEnding:
        """The ending after the seat to play plays id ``move`` (a legal card), or declares ``move``."""
        rules = self.rules
        if self.stepping:
            seat = self.seat
            piles, used, room, gained = self.piles, self.used, self.room, 0
            if move != MELD_MOVES or self.choices:
                _, melds = self._declaration(move)
                if melds:
                    gained = self._gain(melds)
                    used, pile = marked(rules.deal, used, piles[seat], melds)
                    piles = (pile, piles[1]) if seat == 0 else (piles[0], pile)
            if seat == rules.counted:
                room = _room(rules, self.hands, 0, piles, used, 0, self.left)
            return _new_meld(
                rules, self.hands, (), seat, seat, self.side, self.value + gained, self.done,
                piles, used, 0, False, room, (),
            )  # fmt: skip
        after = FildinskiEnding.play(self, move)
        if after.trick:  # a lead: nothing is won yet
            return _new_meld(
                rules, after.hands, after.trick, after.leader, after.seat, after.side, after.value,
                after.done, self.piles, self.used, 0, False, self.room, (),
            )  # fmt: skip
        winner = after.seat
        taken = 1 << self.trick[0] | 1 << move
        piles = (
            (self.piles[0] | taken, self.piles[1]) if winner == 0 else (self.piles[0], self.piles[1] | taken)
        )
        mine = after.side == 0
        steps = DEAL_TRICKS - after.done + (1 if mine else 0)
        room = _room(rules, after.hands, 0, piles, self.used, taken if mine else 0, steps)
        choices: Choices = ()
        if mine:  # with no meld points possible, meld none is the one declaration
            choices = step_choices(_Piles(rules.deal, piles, taken, self.used), winner) if room else _NONE
        return _new_meld(
            rules, after.hands, (), winner, winner, after.side, after.value, after.done,
            piles, self.used, taken, True, room, choices,
        )  # fmt: skip

    def key(self) -> Hashable | None:
        """As :meth:`FildinskiEnding.key`, with the counted seat's meldable won cards and their melds.

        Those decide what it can still meld; the other seat's piles and melds
        never touch the counted seat's points. No key inside a meld step.
        """
        if self.stepping:
            return None
        code = FildinskiEnding.key(self)
        if code is None:
            return None
        pile = self.piles[self.rules.counted] & self.rules.meldable
        return code, pile, tuple(mask & pile for mask in self.used)

    def bounds(self) -> tuple[int, int]:
        """As :meth:`FildinskiEnding.bounds`, the melds still possible added to the most."""
        sure, contested = self._pools()
        return self.value + sure, self.value + sure + contested + self.room

    def most(self) -> int:
        """The value if the counted seat took every point still to come and made every meld it still might."""
        return self.bounds()[1]

    def action(self, move: int) -> Action:
        """The engine's play of the kind of id ``move``, or in a meld step the declaration ``move``."""
        if self.stepping:
            return DeclareMelds(self.seat, self._declaration(move)[0])
        return FildinskiEnding.action(self, move)

    def move(self, action: Action) -> int:
        """The id the engine plays for a legal play, or a legal declaration's number.

        Raises:
            InvalidArgumentError: ``action`` is not a legal play (or declaration) here.
        """
        if not self.stepping:
            return FildinskiEnding.move(self, action)
        if isinstance(action, DeclareMelds) and action.seat == self.seat:
            for n, (decls, _) in enumerate(self._choices()):
                if decls == action.melds:
                    return MELD_MOVES + n
        raise InvalidArgumentError(f"{action} is not a legal declaration in this meld step")


_new: Final[
    Callable[[EndingRules, tuple[int, int], tuple[int, ...], int, int, int, int, int], FildinskiEnding]
] = fast_constructor(FildinskiEnding)
_new_meld: Final[
    Callable[
        [
            EndingRules, tuple[int, int], tuple[int, ...], int, int, int, int, int,
            tuple[int, int], tuple[int, ...], int, bool, int, Choices,
        ],
        FildinskiMeldEnding,
    ]
] = fast_constructor(FildinskiMeldEnding)  # fmt: skip


# -- how many meld points are still possible ---------------------------------------------------------


def _room(
    rules: EndingRules,
    hands: tuple[int, int],
    trick: int,
    piles: tuple[int, int],
    used: tuple[int, ...],
    fresh: int,
    steps: int,
) -> int:
    """An upper bound on the meld points the counted seat can still score, in ``steps`` meld steps of its own.

    The melds it can still make lie in its won pile and the cards still to be
    won (the hands and the trick); each kind's melds avoid the cards already
    used by that kind (fildinski.meld.same-kind-once) and by the higher kind
    of its class (fildinski.meld.class-order), and each needs a card still to
    be won or ``fresh`` (a card of the trick it has just won) when the
    fresh-card rule holds. Each step makes at most :data:`MAX_MELDS` melds.
    """
    if not rules.melding or steps <= 0:
        return 0
    to_come = hands[0] | hands[1] | trick
    within = piles[rules.counted] | to_come
    needs = to_come | fresh if rules.fresh_rule else -1
    values: list[int] = []
    for points, reach, bars, code in rules.meld_rows:
        avail = within & reach
        if avail:
            for slot in bars:
                avail &= ~used[slot]
            if avail:
                count = _most_melds(code << 128 | avail << 64 | (needs & avail))
                values.extend([points] * count)
    values.sort(reverse=True)
    return sum(values[: MAX_MELDS * steps])


@lru_cache(maxsize=1 << 14)
def _most_melds(key: int) -> int:
    """The most pairwise disjoint melds of one kind inside a set of cards, each holding a needed card.

    ``key`` packs the question into one int (quick to hash): from bit 128 the
    kind's table order, the trump and the bezique option; from bit 64 the
    cards; below, the cards of which each meld needs one.
    """
    code, avail, needs = key >> 128, key >> 64 & _IDS, key & _IDS
    kind, trump, pair = _KINDS[code >> 3], code >> 1 & 3, _PAIRS[code & 1]
    found = tuple(mask for mask in candidate_melds(kind, avail, trump, pair) if mask & needs)

    def most(start: int, taken: int) -> int:
        best = 0
        for n in range(start, len(found)):
            if not found[n] & taken:
                best = max(best, 1 + most(n + 1, taken | found[n]))
        return best

    return most(0, 0)


_IDS: Final = (1 << 64) - 1
_PAIRS: Final = (BeziquePair.STANDARD, BeziquePair.KLAVERJAS_HARTENDAME)


def _bars(deal: DealContext, kind: MeldKind) -> tuple[int, ...]:
    """The kinds (table positions) whose used cards a meld of ``kind`` may not take.

    Asked of the meld-step rules themselves (fildinski.meld.same-kind-once,
    fildinski.meld.class-order): a probe with every card used by one kind.
    """
    slots = []
    for slot in range(len(_KINDS)):
        probe = _Piles(deal, (0, 0), 0, tuple(-1 if n == slot else 0 for n in range(len(_KINDS))))
        if reused(probe, kind) | outranked(probe, kind):
            slots.append(slot)
    return tuple(slots)


def _levels(trump: int, meldable: int, melding: bool) -> tuple[tuple[tuple[int, int], ...], ...]:
    """Per suit, its rank levels from the ace down, with their value classes.

    A brisque is class 1, a trump 7 class 2, any other card 0; under
    ``meld_in_endgame`` a rank that can be melded gets a class of its own
    (8 and up), so that no two of its cards are grouped as equal.
    """
    out = []
    for suit in range(4):
        row = []
        for strength in range(7, -1, -1):
            mask = 0b11 << (16 * suit + 2 * strength)
            value_class = 1 if strength >= 6 else 2 if (suit == trump and strength == 0) else 0
            if melding and mask & meldable:
                value_class = 8 + strength
            row.append((mask, value_class))
        out.append(tuple(row))
    return tuple(out)


def ending(state: FildinskiState, by: int | str) -> FildinskiEnding:
    """The last tricks of ``state``'s deal as an ending counted for the seat ``by`` names.

    Under ``meld_in_endgame = true`` a state in the meld step of one of the
    last eight tricks is an ending too.

    Raises:
        NotSolvableError: the stock is not empty yet, or the game is over.
        InvalidArgumentError: ``by`` names no seat.
    """
    phase = state.phase_name
    options = state.deal.plan.options
    if not state.in_endgame or state.current_player == TERMINAL:
        raise NotSolvableError(
            "fildinski",
            phase,
            "only the last eight tricks, once the stock is empty, are solved (every card known)",
        )
    counted = read_claimer(by, 2)
    trump = state.deal.trump
    captured = options.trump_seven_points is TrumpSevenPoints.CAPTURED
    melding = options.meld_in_endgame
    sevens = 0b11 << (16 * trump)
    meldable = 0
    reaches = reach_table(trump, options.bezique_pair)
    for reach in reaches:
        meldable |= reach
    klaverjas = options.bezique_pair is BeziquePair.KLAVERJAS_HARTENDAME
    rows = tuple(
        (kind.points, reach, _bars(state.deal, kind), n << 3 | trump << 1 | klaverjas)
        for n, (kind, reach) in enumerate(zip(_KINDS, reaches, strict=True))
    )
    # Whether every meld needs a fresh card, asked of the rule itself: with no fresh card, it
    # gives no card (0) when it holds and every card (-1) when it does not.
    fresh_rule = fresh_cards(_Piles(state.deal, (0, 0), 0, state.used)) != -1
    levels = _levels(trump, meldable, melding)
    zero = (0,) * len(state.points)
    # Whether trick 32 carries the bonus, asked of the scoring rule itself: a trick of two
    # pointless cards (7 and 8 of clubs, with no suit trump) scores only a last-trick bonus.
    last_bonus = score_trick(zero, (0, 2), 0, 0, -1, options, DEAL_TRICKS) != zero
    tag = trump | captured << 2 | last_bonus << 3 | counted << 4
    if melding:  # the meld options decide what the counted seat can still meld
        removed = options.melded_cards is MeldedCards.REMOVED
        tag = tag << 4 | options.meld_needs_trick_card << 3 | removed << 2 | klaverjas << 1 | 1
    rules = EndingRules(
        trump, options, counted, levels, sevens, captured, last_bonus, zero, tag,
        state.deal, melding, meldable, 8 if melding else 6, rows, fresh_rule,
    )  # fmt: skip
    seat = state.current_player
    side = 0 if seat == counted else 1
    if not melding:
        return _new(rules, state.hands, state.trick, state.leader, seat, side, 0, state.tricks_done)
    stepping = state.in_meld_step
    fresh = state.fresh if stepping else 0
    steps = DEAL_TRICKS - state.tricks_done + (1 if stepping and side == 0 else 0)
    trick = 1 << state.trick[0] if state.trick else 0
    room = _room(rules, state.hands, trick, state.won, state.used, fresh if side == 0 else 0, steps)
    choices: Choices = ()
    if stepping and side == 0:
        choices = step_choices(_Piles(state.deal, state.won, fresh, state.used), seat)
    return _new_meld(
        rules, state.hands, state.trick, state.leader, seat, side, 0, state.tricks_done,
        state.won, state.used, fresh, stepping, room, choices,
    )  # fmt: skip
