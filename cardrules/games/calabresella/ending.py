"""Calabresella's play as an ending for the exact solver: the bidder against the two others.

:class:`CalabresellaEnding` models the rest of the play with every hand
known: three bitmask hands, the trick so far, the leader and the thirds the
counted side (the bidder alone, or the two opponents together) has taken
since the ending was built. The legal cards come from
:func:`~cardrules.games.calabresella.play.playable` (under either
``follow_suit`` value), the winner of a trick from
:func:`~cardrules.games.calabresella.play.trick_winner`, and the value of the
cards taken from :func:`~cardrules.games.calabresella.cards.mask_thirds`;
the twelfth trick adds the last-trick bonus and the monte through
:func:`~cardrules.games.calabresella.scoring.bidder_thirds`
(calabresella.scoring.last-trick, calabresella.scoring.monte).

Its value is the thirds the counted side takes from here, and a claim of
``points=P`` counts thirds too (an ace is 3, a 3, 2, K, Q or J is 1, the last
trick 3 with the monte), from the position on. The multipliers of cappotto and
stramazzo are not part of the value: they follow from the tricks and the
thirds of the whole hand once it is settled.

>>> import cardrules
>>> state = cardrules.get_game("calabresella").new_game(seed=4)
>>> while state.phase_name != "play":
...     state = state.apply(state.legal_actions()[-1])
>>> ending = state.ending(state.setup.bidder)
>>> ending.unit, ending.bounds()[1]
('points', 35)
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from cardrules.errors import InvalidArgumentError, NotSolvableError
from cardrules.frozen import fast_constructor
from cardrules.game import Action
from cardrules.games.calabresella.actions import PLAYS, PlayCard
from cardrules.games.calabresella.cards import DECK_MASK, STRENGTH, SUIT_MASKS, THIRDS, mask_thirds
from cardrules.games.calabresella.deal import Phase
from cardrules.games.calabresella.options import CalabresellaOptions
from cardrules.games.calabresella.play import playable, trick_winner
from cardrules.games.calabresella.scoring import HAND_TRICKS, bidder_thirds
from cardrules.solve.search import rank_groups
from cardrules.solve.table import claimed_amount, read_claimer

if TYPE_CHECKING:
    from cardrules.games.calabresella.state import CalabresellaState

__all__ = ["CalabresellaEnding", "EndingRules", "ending"]


@dataclass(frozen=True, slots=True)
class EndingRules:
    """What stays fixed in one ending.

    Attributes:
        options: the game's options (for :func:`~cardrules.games.calabresella.play.playable`).
        nxt: the seat after each seat in the direction of play.
        counted: the seats of the counted side.
        levels: per suit, its cards from the strongest down as ``(mask, thirds)``.
        monte: the monte's cards, a bitmask (they go to the side of the twelfth trick).
        tag: a small number telling apart endings under other rules in one transposition table.
    """

    options: CalabresellaOptions
    nxt: tuple[int, ...]
    counted: tuple[int, ...]
    levels: tuple[tuple[tuple[int, int], ...], ...]
    monte: int
    tag: int


@dataclass(frozen=True, slots=True)
class CalabresellaEnding:
    """The rest of a Calabresella hand's play, counted for the bidder or for the two opponents.

    Attributes:
        rules: the options, the seat order, the counted side and the monte.
        hands: each seat's cards, as bitmasks of card indices.
        trick: the cards of the trick in progress, lead first.
        leader: the seat that led (or leads) the trick.
        seat: the seat to play.
        side: 0 when a seat of the counted side is to play, else 1.
        value: the thirds the counted side has taken since the ending was built.
        done: the tricks complete so far.
    """

    rules: EndingRules
    hands: tuple[int, int, int]
    trick: tuple[int, ...]
    leader: int
    seat: int
    side: int
    value: int
    done: int

    @property
    def over(self) -> bool:
        """Whether the twelfth trick is complete."""
        return self.done == HAND_TRICKS

    @property
    def unit(self) -> str:
        """A Calabresella claim counts thirds, as ``points``."""
        return "points"

    @property
    def counted(self) -> tuple[int, ...]:
        """The seats of the counted side."""
        return self.rules.counted

    def _legal_mask(self) -> int:
        return playable(self.hands[self.seat], self.trick, self.rules.options)

    def legal(self) -> tuple[int, ...]:
        """The legal cards of the seat to play, in card-index order (the engine's order)."""
        mask = self._legal_mask()
        out = []
        while mask:
            low = mask & -mask
            out.append(low.bit_length() - 1)
            mask ^= low
        return tuple(out)

    def _groups(self) -> tuple[int, ...]:
        seat = self.seat
        hand = self.hands[seat]
        others = 0
        for other, cards in enumerate(self.hands):
            if other != seat:
                others |= cards
        for card in self.trick:
            others |= 1 << card
        return rank_groups(self._legal_mask(), hand, others, self.rules.levels, SUIT_MASKS)

    def _beats(self, card: int) -> bool:
        """Whether ``card`` would take the trick so far."""
        trick = self.trick
        if len(trick) == 1:
            return trick_winner(trick[0], card, trick[0]) == 1
        return trick_winner(trick[0], trick[1], card) == 2

    def moves(self) -> tuple[int, ...]:
        """One card per group of equal legal cards: a leader's strongest first, a follower's winners first."""
        reps = [group.bit_length() - 1 for group in self._groups()]
        if not self.trick:
            reps.sort(key=lambda card: -STRENGTH[card])
            return tuple(reps)
        wins = sorted((card for card in reps if self._beats(card)), key=lambda card: STRENGTH[card])
        loses = sorted((card for card in reps if not self._beats(card)), key=lambda card: STRENGTH[card])
        return (*wins, *loses)

    def group(self, move: int) -> tuple[int, ...]:
        """The legal cards equivalent to ``move``."""
        for group in self._groups():
            if group >> move & 1:
                return tuple(card for card in self.legal() if group >> card & 1)
        raise InvalidArgumentError(f"card index {move} is not a legal play here")

    def play(self, move: int) -> CalabresellaEnding:
        """The ending after the seat to play plays card index ``move`` (a legal card)."""
        rules = self.rules
        seat = self.seat
        h0, h1, h2 = self.hands
        keep = ~(1 << move)
        hands = (
            (h0 & keep, h1, h2) if seat == 0 else (h0, h1 & keep, h2) if seat == 1 else (h0, h1, h2 & keep)
        )
        trick = (*self.trick, move)
        if len(trick) < 3:
            following = rules.nxt[seat]
            side = 0 if following in rules.counted else 1
            return _new(rules, hands, trick, self.leader, following, side, self.value, self.done)
        position = trick_winner(trick[0], trick[1], trick[2])
        winner = self.leader if position == 0 else rules.nxt[self.leader] if position == 1 else seat
        ours = winner in rules.counted
        number = self.done + 1
        value = self.value
        if ours:
            taken = (1 << trick[0]) | (1 << trick[1]) | (1 << trick[2])
            if number == HAND_TRICKS:
                value += bidder_thirds(taken | rules.monte, True)  # the same count serves either side
            else:
                value += mask_thirds(taken)
        return _new(rules, hands, (), winner, winner, 0 if ours else 1, value, number)

    def key(self) -> Hashable | None:
        """At a trick boundary: the leader and, per suit, each card left's holder and value, in rank order."""
        if self.trick:
            return None
        h0, h1, h2 = self.hands
        left = h0 | h1 | h2
        code = self.rules.tag << 2 | self.leader
        for suit in self.rules.levels:
            for mask, thirds in suit:
                if left & mask:
                    code = code << 4 | thirds << 2 | (1 if h1 & mask else 2 if h2 & mask else 0)
            code = code << 4 | 0b1111
        return code

    def bounds(self) -> tuple[int, int]:
        """At least nothing more, at most every third still to come (with the monte and the last trick)."""
        return self.value, self.most()

    def most(self) -> int:
        """The value if the counted side took every trick left."""
        left = self.hands[0] | self.hands[1] | self.hands[2]
        for card in self.trick:
            left |= 1 << card
        return self.value + bidder_thirds(left | self.rules.monte, True)

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
            if self._legal_mask() >> card & 1:
                return card
        raise InvalidArgumentError(f"{action} is not a legal play in this ending")

    def needed(self, amount: int) -> int:
        """A claim of ``amount`` thirds needs at least that many.

        Raises:
            InvalidArgumentError: ``amount`` is negative or more than the thirds still to come.
        """
        top = self.most() - self.value
        return claimed_amount(
            amount, top, f"a Calabresella claim here is of 0 to {top} points, counted in thirds"
        )

    def in_units(self, value: int) -> int:
        """Thirds are the value itself."""
        return value


_new: Final[
    Callable[
        [EndingRules, tuple[int, int, int], tuple[int, ...], int, int, int, int, int], CalabresellaEnding
    ]
] = fast_constructor(CalabresellaEnding)


def ending(state: CalabresellaState, by: int | str) -> CalabresellaEnding:
    """The rest of ``state``'s play as an ending, counted for the side of the seat ``by`` names.

    The bidder is a side alone; either opponent names the two opponents.

    Raises:
        NotSolvableError: the hand is not in its play (the auction, the exchange, or over).
        InvalidArgumentError: ``by`` names no seat.
    """
    if state.phase is not Phase.PLAY:
        raise NotSolvableError(
            "calabresella",
            state.phase_name,
            "only the play of the tricks, once the contract is settled, is solved",
        )
    seat_by = read_claimer(by, 3)
    bidder = state.setup.bidder
    counted = (bidder,) if seat_by == bidder else tuple(seat for seat in range(3) if seat != bidder)
    levels = tuple(
        tuple(
            (1 << card, THIRDS[card])
            for card in sorted(
                (c for c in range(13 * suit, 13 * suit + 13) if DECK_MASK >> c & 1),
                key=lambda c: -STRENGTH[c],
            )
        )
        for suit in range(4)
    )
    monte = 0
    for card in state.monte:
        monte |= 1 << card
    free = state.options.follow_suit.value == "free"
    tag = mask_thirds(monte) << 5 | bidder << 3 | (seat_by == bidder) << 2 | free << 1
    rules = EndingRules(state.options, tuple(state.context.plan.nxt), counted, levels, monte, tag)
    seat = state.current_player
    return _new(
        rules,
        state.hands,
        state.trick,
        state.tally.leader,
        seat,
        0 if seat in counted else 1,
        0,
        len(state.tally.winners),
    )
