"""The Félagsvist play as an ending for the exact solver (:mod:`cardrules.solve`).

:class:`FelagsvistEnding` models the rest of a deal with every hand known:
four bitmask hands, the trick so far, the leader and the tricks taken since
the ending was built. Its moves are card indices. The legal cards come from
:func:`~cardrules.games.felagsvist.play.playable` and the winner of a trick
from :func:`~cardrules.games.felagsvist.play.trick_winner`, with the deal's
own trump and strengths (so Nóló under either ``nolo_ace`` value is the
engine's), so the model states no rule of its own.

Its value counts for the claimer's side and is what that side scores per
trick from here (felagsvist.score.trick-rounds, felagsvist.score.nolo): the
tricks it takes in a trump or Grand deal, the tricks its opponents take in a
Nóló deal. A claim of ``tricks=N`` reads as a player says it: in a trump or
Grand deal "we take at least N of the tricks left"; in Nóló, where tricks are
what a side avoids, "we take at most N of the tricks left" (``tricks=0`` is
"the rest are yours"). Under ``scoring=odd-tricks`` the deal score is a
non-decreasing function of the tricks, so the best play for tricks is the
best play for the score too.

>>> import cardrules
>>> state = cardrules.get_game("felagsvist", first_dealer="N").new_game(seed=1)
>>> ending = state.ending("NS")
>>> ending.counted, ending.unit, ending.bounds(), len(ending.legal())
((0, 2), 'tricks', (0, 13), 13)
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING, Final

from cardrules.errors import InvalidArgumentError, NotSolvableError
from cardrules.frozen import fast_constructor
from cardrules.game import TERMINAL, Action
from cardrules.games.felagsvist.actions import PLAYS, SEAT_NAMES, PlayCard
from cardrules.games.felagsvist.cards import SUIT_MASKS
from cardrules.games.felagsvist.deal import DEAL_TRICKS
from cardrules.games.felagsvist.options import RoundKind
from cardrules.games.felagsvist.play import playable, trick_winner
from cardrules.solve.search import rank_groups
from cardrules.solve.table import claimed_amount, read_claimer

if TYPE_CHECKING:
    from cardrules.games.felagsvist.state import FelagsvistState

__all__ = ["EndingRules", "FelagsvistEnding", "ending"]

_SIDES: Final = MappingProxyType({"NS": 0, "EW": 1})


@dataclass(frozen=True, slots=True)
class EndingRules:
    """What stays fixed in one ending: the deal's trump and strengths, and the counted side.

    Attributes:
        trump: the trump suit number, or ``None`` (Grand, Nóló).
        strength: each card's strength within its suit (the engine's table for the deal).
        levels: per suit, its cards from the strongest down, as
            :func:`~cardrules.solve.search.rank_groups` takes them.
        orders: per suit, its card indices from the strongest down.
        counted: the counted side (0 NS, 1 EW).
        nolo: whether the deal is Nóló, where the counted side scores the tricks its opponents take.
        tag: a small number telling apart endings under other rules in one transposition table.
        ace_low: whether the ace ranks below the 2 (Nóló under ``nolo_ace=low``).
    """

    trump: int | None
    strength: tuple[int, ...]
    levels: tuple[tuple[tuple[int, int], ...], ...]
    orders: tuple[tuple[int, ...], ...]
    counted: int
    nolo: bool
    tag: int
    ace_low: bool


@dataclass(frozen=True, slots=True)
class FelagsvistEnding:
    """The rest of a Félagsvist deal, every hand known, counted for one side (an ``Ending``).

    Attributes:
        rules: the deal's trump, strengths and the counted side.
        hands: each seat's cards, as bitmasks of card indices.
        trick: the cards of the trick in progress, leader first.
        leader: the seat that led the trick in progress (or leads the next).
        seat: the seat to play.
        side: 0 when the counted side is to play, else 1.
        value: what the counted side has scored since the ending was built.
        left: how many tricks are not complete yet (the one in progress included).
    """

    rules: EndingRules
    hands: tuple[int, int, int, int]
    trick: tuple[int, ...]
    leader: int
    seat: int
    side: int
    value: int
    left: int

    @property
    def over(self) -> bool:
        """Whether every trick is complete."""
        return self.left == 0

    @property
    def unit(self) -> str:
        """A Félagsvist claim counts tricks."""
        return "tricks"

    @property
    def counted(self) -> tuple[int, ...]:
        """The two seats of the counted side."""
        return (self.rules.counted, self.rules.counted + 2)

    def legal(self) -> tuple[int, ...]:
        """The legal cards of the seat to play, in card-index order (the engine's order)."""
        mask = playable(self.hands[self.seat], self.trick)
        out = []
        while mask:
            low = mask & -mask
            out.append(low.bit_length() - 1)
            mask ^= low
        return tuple(out)

    def _groups(self) -> tuple[int, ...]:
        seat = self.seat
        hands = self.hands
        hand = hands[seat]
        others = 0
        for other in range(4):
            if other != seat:
                others |= hands[other]
        for card in self.trick:
            others |= 1 << card
        return rank_groups(playable(hand, self.trick), hand, others, self.rules.levels, SUIT_MASKS)

    def moves(self) -> tuple[int, ...]:
        """One card per group of equivalent legal cards, the likely best first.

        The leader tries its strongest cards first. A follower tries first the
        cards that would take the trick so far from the other side (the lowest
        such first), then the others, lowest first; with its partner winning,
        it tries its lowest cards first.
        """
        rules = self.rules
        strength = rules.strength
        reps = [group.bit_length() - 1 for group in self._groups()]
        trick = self.trick
        if not trick:
            reps.sort(key=lambda card: -strength[card])
            return tuple(reps)
        position = len(trick)
        ahead = trick_winner(trick, rules.trump, strength)
        partner_ahead = (position - ahead) % 2 == 0
        trump = rules.trump
        wins: list[int] = []
        loses: list[int] = []
        for card in reps:
            if not partner_ahead and trick_winner((*trick, card), trump, strength) == position:
                wins.append(card)
            else:
                loses.append(card)
        # A trump is "higher" than any card of another suit for ordering within the winners.
        wins.sort(key=lambda card: (card // 13 == trump, strength[card]))
        loses.sort(key=lambda card: (card // 13 == trump, strength[card]))
        if rules.nolo:
            # In Nóló a side wants to lose tricks: duck first, highest ducking card first.
            loses.reverse()
            return (*loses, *wins)
        return (*wins, *loses)

    def group(self, move: int) -> tuple[int, ...]:
        """The legal cards equivalent to ``move`` (rank neighbours among the cards left, in this hand)."""
        for group in self._groups():
            if group >> move & 1:
                out = []
                while group:
                    low = group & -group
                    out.append(low.bit_length() - 1)
                    group ^= low
                return tuple(out)
        raise InvalidArgumentError(f"card index {move} is not a legal play here")

    def play(self, move: int) -> FelagsvistEnding:
        """The ending after the seat to play plays card index ``move`` (a legal card)."""
        seat = self.seat
        rules = self.rules
        h0, h1, h2, h3 = self.hands
        bit = 1 << move
        if seat == 0:
            hands = (h0 ^ bit, h1, h2, h3)
        elif seat == 1:
            hands = (h0, h1 ^ bit, h2, h3)
        elif seat == 2:
            hands = (h0, h1, h2 ^ bit, h3)
        else:
            hands = (h0, h1, h2, h3 ^ bit)
        trick = (*self.trick, move)
        if len(trick) < 4:
            following = (seat + 1) % 4
            return _new(
                rules,
                hands,
                trick,
                self.leader,
                following,
                0 if following % 2 == rules.counted else 1,
                self.value,
                self.left,
            )
        winner = (self.leader + trick_winner(trick, rules.trump, rules.strength)) % 4
        ours = winner % 2 == rules.counted
        scored = ours != rules.nolo
        return _new(
            rules,
            hands,
            (),
            winner,
            winner,
            0 if ours else 1,
            self.value + 1 if scored else self.value,
            self.left - 1,
        )

    def key(self) -> Hashable | None:
        """At a trick boundary, who holds each card left, by rank order within its suit, and the leader.

        The key keeps only the order of the cards left, not which cards they
        are: two endings whose cards left lie in the same order among the same
        hands play out alike, since a card wins or loses only against cards
        still in play.
        """
        if self.trick:
            return None
        h0, h1, h2, h3 = self.hands
        left = h0 | h1 | h2 | h3
        code = self.rules.tag << 2 | self.leader
        ace_low = self.rules.ace_low
        for shift in (0, 13, 26, 39):
            rest = left >> shift & 0x1FFF
            one = h1 >> shift & 0x1FFF
            two = h2 >> shift & 0x1FFF
            three = h3 >> shift & 0x1FFF
            if ace_low:  # the ace (bit 12) ranks below the 2: turn it to the bottom
                rest = (rest & 0xFFF) << 1 | rest >> 12
                one = (one & 0xFFF) << 1 | one >> 12
                two = (two & 0xFFF) << 1 | two >> 12
                three = (three & 0xFFF) << 1 | three >> 12
            code = code << 4 | rest.bit_count()
            while rest:  # each card left, weakest first: its holder
                low = rest & -rest
                code = code << 2 | (1 if one & low else 2 if two & low else 3 if three & low else 0)
                rest ^= low
        return code

    def bounds(self) -> tuple[int, int]:
        """The least and most the counted side can still end with.

        At most all the tricks left, at least none; outside Nóló, at a trick
        boundary, the leader's side is sure of the leader's top cards it can
        cash one after the other: in each suit, the run of the highest cards
        left that the leader holds, counted only in trumps while an opponent
        still holds a trump.
        """
        value = self.value
        left = self.left
        rules = self.rules
        if self.trick or rules.nolo:
            return value, value + left
        leader = self.leader
        hands = self.hands
        hand = hands[leader]
        others = hands[(leader + 1) % 4] | hands[(leader + 3) % 4] | hands[(leader + 2) % 4]
        trump = rules.trump
        shifts: tuple[int, ...] = (0, 13, 26, 39)
        if trump is not None and (hands[(leader + 1) % 4] | hands[(leader + 3) % 4]) & SUIT_MASKS[trump]:
            shifts = (13 * trump,)
        everyone = hand | others
        sure = 0
        for shift in shifts:  # outside Nóló the aces are high, so a suit's cards rank in index order
            rest = everyone >> shift & 0x1FFF
            mine = hand >> shift & 0x1FFF
            while rest:
                top = 1 << (rest.bit_length() - 1)
                if not mine & top:
                    break
                sure += 1
                rest ^= top
        if sure > left:
            sure = left
        if leader % 2 == rules.counted:
            return value + sure, value + left
        return value, value + left - sure

    def most(self) -> int:
        """The value if the counted side scored every trick left."""
        return self.value + self.left

    def action(self, move: int) -> Action:
        """The engine's play of card index ``move`` by the seat to play."""
        return PLAYS[self.seat][move]

    def move(self, action: Action) -> int:
        """The card index of a legal play.

        Raises:
            InvalidArgumentError: ``action`` is not a legal play here.
        """
        if isinstance(action, PlayCard) and action.seat == self.seat:
            card = action.card.index
            if playable(self.hands[self.seat], self.trick) >> card & 1:
                return card
        raise InvalidArgumentError(f"{action} is not a legal play in this ending")

    def needed(self, amount: int) -> int:
        """The least value a claim of ``amount`` tricks needs (at least that many; at most, in Nóló).

        Raises:
            InvalidArgumentError: ``amount`` is not between 0 and the tricks left.
        """
        wanted = claimed_amount(
            amount, self.left, f"a Félagsvist claim is of 0 to {self.left} tricks (the tricks left)"
        )
        return self.left - wanted if self.rules.nolo else wanted

    def in_units(self, value: int) -> int:
        """The tricks the counted side takes from here, for a final value (Nóló: the tricks left minus it)."""
        return self.left - value if self.rules.nolo else value


_new: Final[
    Callable[
        [EndingRules, tuple[int, int, int, int], tuple[int, ...], int, int, int, int, int],
        FelagsvistEnding,
    ]
] = fast_constructor(FelagsvistEnding)


def _orders(strength: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """Each suit's card indices from the strongest down."""
    return tuple(
        tuple(sorted(range(13 * suit, 13 * suit + 13), key=lambda c: -strength[c])) for suit in range(4)
    )


def ending(state: FelagsvistState, by: int | str) -> FelagsvistEnding:
    """The rest of ``state``'s deal as an ending counted for the side of the seat ``by`` names.

    ``by`` is a seat (``0``-``3``, ``"p2"``, ``"S"``) or a side (``"NS"``, ``"EW"``).

    Raises:
        NotSolvableError: the game is over.
        InvalidArgumentError: ``by`` names no seat or side.
    """
    if state.current_player == TERMINAL:
        raise NotSolvableError("felagsvist", "over", "the game is over, so no play is left to solve")
    side = read_claimer(by, 4, SEAT_NAMES, _SIDES) % 2
    deal = state.deal
    trump, strength = deal.plan.trick_tables[deal.deal_number]
    orders = _orders(tuple(strength))
    levels = tuple(tuple((1 << card, 0) for card in suit) for suit in orders)  # one card a level, one class
    nolo = state.round_kind is RoundKind.NOLO
    tag = (4 if trump is None else trump) | side << 3 | nolo << 4 | (strength[12] < 0) << 5
    rules = EndingRules(trump, tuple(strength), levels, orders, side, nolo, tag, strength[12] < 0)
    seat = state.current_player
    done = state.tricks[0] + state.tricks[1]
    return _new(
        rules,
        state.hands,
        state.trick,
        state.leader,
        seat,
        0 if seat % 2 == side else 1,
        0,
        DEAL_TRICKS - done,
    )
