"""The model of a Calabresella play: :class:`CalabresellaEnding` and the rules it keeps fixed.

See :mod:`cardrules.games.calabresella.ending` for what the ending models
and how it counts.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Final

from cardrules.errors import InvalidArgumentError
from cardrules.frozen import fast_constructor
from cardrules.game import Action
from cardrules.games.calabresella.actions import PLAYS, PlayCard
from cardrules.games.calabresella.cards import STRENGTH, SUIT_MASKS, mask_thirds
from cardrules.games.calabresella.options import CalabresellaOptions
from cardrules.games.calabresella.play import playable, trick_winner
from cardrules.games.calabresella.scoring import (
    HAND_THIRDS,
    HAND_TRICKS,
    Contract,
    Raise,
    bidder_thirds,
)
from cardrules.solve.adapter import claimed_amount
from cardrules.solve.endings import rank_groups

if TYPE_CHECKING:
    pass
from cardrules.games.calabresella.ending.settlement import COLUMNS, SettlementTable, settlement_table

__all__ = ["TRICK_BITS", "UNITS", "CalabresellaEnding", "EndingRules", "new_ending"]

UNITS: Final = ("points", "score")
"""The units a Calabresella ending counts in: thirds from here, or the hand's settlement."""

TRICK_BITS: Final = 4
"""A tally keeps the bidder's tricks in its low 4 bits and the bidder's thirds above them."""

_TALLY_BITS: Final = 10
"""A tally fits in 10 bits (thirds up to 35, tricks up to 12)."""

_BASE_BITS: Final = 16
"""The low bits of a tag tell apart the rules of the play; a score ending's settlement sits above them."""

_BASE_TAG: Final = (1 << _BASE_BITS) - 1


@dataclass(frozen=True, slots=True)
class EndingRules:
    """What stays fixed in one ending.

    Attributes:
        options: the game's options (for :func:`~cardrules.games.calabresella.play.playable`).
        nxt: the seat after each seat in the direction of play.
        bidder: the bidder's seat.
        contract: the contract.
        raised: the Solissimo raise (``Raise.NONE`` otherwise).
        counted: the seats of the counted side.
        levels: per suit, its cards from the strongest down as ``(mask, thirds)``.
        monte: the monte's cards, a bitmask (they go to the side of the twelfth trick).
        start: the thirds the counted side had won when the ending was built.
        settling: how the score counts, or ``None`` when the ending counts thirds (``"points"``).
        tag: a number telling apart endings under other rules (or units) in one transposition table.
    """

    options: CalabresellaOptions
    nxt: tuple[int, ...]
    bidder: int
    contract: Contract
    raised: Raise
    counted: tuple[int, ...]
    levels: tuple[tuple[tuple[int, int], ...], ...]
    monte: int
    start: int
    settling: SettlementTable | None
    tag: int


@dataclass(frozen=True, slots=True)
class CalabresellaEnding:
    """The rest of a Calabresella hand's play, counted for the bidder or for the two opponents.

    Attributes:
        rules: the options, the seat order, the counted side, the monte and the unit.
        hands: each seat's cards, as bitmasks of card indices.
        trick: the cards of the trick in progress, lead first.
        leader: the seat that led (or leads) the trick.
        seat: the seat to play.
        side: 0 when a seat of the counted side is to play, else 1.
        value: in ``"points"``, the thirds the counted side has taken since the
            ending was built; in ``"score"``, 0 until the hand ends, then the
            seat's payment plus the offset.
        done: the tricks complete so far.
        tally: the bidder's tricks in the whole hand so far, plus 16 times the
            bidder's thirds so far (the last trick's bonus and the monte once won).
    """

    rules: EndingRules
    hands: tuple[int, int, int]
    trick: tuple[int, ...]
    leader: int
    seat: int
    side: int
    value: int
    done: int
    tally: int

    @property
    def over(self) -> bool:
        """Whether the twelfth trick is complete."""
        return self.done == HAND_TRICKS

    @property
    def unit(self) -> str:
        """``"points"`` (a claim counts thirds, as ``points``) or ``"score"`` (the hand's settlement)."""
        return "points" if self.rules.settling is None else "score"

    @property
    def units(self) -> tuple[str, ...]:
        """The units this ending can be counted in (:meth:`counted_in`): ``("points", "score")``."""
        return UNITS

    @property
    def counted(self) -> tuple[int, ...]:
        """The seats of the counted side."""
        return self.rules.counted

    def counted_in(self, unit: str) -> CalabresellaEnding:
        """The same position counted in ``unit``, ``"points"`` or ``"score"``.

        A points ending counts the thirds taken since this ending's rules were
        first built (by :func:`ending`); a score ending counts the whole hand.

        Raises:
            InvalidArgumentError: ``unit`` is neither.
        """
        if unit == self.unit:
            return self
        rules = self.rules
        if unit == "points":
            rules = replace(rules, settling=None, tag=rules.tag & _BASE_TAG)
            value = self._counted_thirds() - rules.start
        elif unit == "score":
            seat = rules.counted[0]  # either opponent: both pay or receive the same
            scoring = settlement_table(rules.options, rules.bidder, rules.contract, rules.raised, seat)
            tag = (scoring.tag << 1 | 1) << _BASE_BITS | rules.tag & _BASE_TAG
            rules = replace(rules, settling=scoring, tag=tag)
            value = scoring.finals[self._final_index()] if self.over else 0
        else:
            shown = str(unit)[:40]
            raise InvalidArgumentError(f"a Calabresella ending counts points or score, not {shown!r}")
        return new_ending(
            rules, self.hands, self.trick, self.leader, self.seat, self.side, value, self.done, self.tally
        )

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
            return new_ending(
                rules, hands, trick, self.leader, following, side, self.value, self.done, self.tally
            )
        position = trick_winner(trick[0], trick[1], trick[2])
        winner = self.leader if position == 0 else rules.nxt[self.leader] if position == 1 else seat
        ours = winner in rules.counted
        number = self.done + 1
        taken = (1 << trick[0]) | (1 << trick[1]) | (1 << trick[2])
        # the twelfth trick adds the monte and the last trick's bonus, whichever side takes it
        gained = bidder_thirds(taken | rules.monte, True) if number == HAND_TRICKS else mask_thirds(taken)
        tally = self.tally
        if winner == rules.bidder:
            tally += gained << TRICK_BITS | 1
        value = self.value
        scoring = rules.settling
        if scoring is None:
            if ours:
                value += gained
        elif number == HAND_TRICKS:
            value = scoring.finals[(tally & 15) * COLUMNS + (tally >> TRICK_BITS)]
        return new_ending(rules, hands, (), winner, winner, 0 if ours else 1, value, number, tally)

    def key(self) -> Hashable | None:
        """At a trick boundary: the leader and, per suit, each card left's holder and value, in rank order.

        A score ending adds the tally (the bidder's tricks and thirds so far), on which the payment depends.
        """
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
        if self.rules.settling is not None:
            code = code << _TALLY_BITS | self.tally
        return code

    def _to_come(self) -> int:
        """The thirds still to be won: the cards in the hands and the trick, the monte and the last trick."""
        if self.done == HAND_TRICKS:
            return 0
        left = self.hands[0] | self.hands[1] | self.hands[2]
        for card in self.trick:
            left |= 1 << card
        return bidder_thirds(left | self.rules.monte, True)

    def _final_index(self) -> int:
        """Where the tally's tricks and thirds stand in :attr:`SettlementTable.finals`."""
        return (self.tally & 15) * COLUMNS + (self.tally >> TRICK_BITS)

    def _counted_thirds(self) -> int:
        """The thirds the counted side has won in the whole hand so far."""
        bidder = self.tally >> TRICK_BITS
        if self.rules.counted == (self.rules.bidder,):
            return bidder
        return HAND_THIRDS - self._to_come() - bidder

    def bounds(self) -> tuple[int, int]:
        """The least and the most final value still possible.

        Points: nothing more, or every third still to come (with the monte and
        the last trick). Score: the least and the greatest payment (plus the
        offset) of the bidder taking no trick more, every trick left (and so
        every third), or any count of tricks between with any count of thirds.
        """
        scoring = self.rules.settling
        if scoring is None:
            return self.value, self.value + self._to_come()
        if self.done == HAND_TRICKS:
            return self.value, self.value
        tricks, thirds = self.tally & 15, self.tally >> TRICK_BITS
        left, to_come = HAND_TRICKS - self.done, self._to_come()
        finals = scoring.finals
        # the bidder takes no trick more and keeps its thirds, or every trick left and every third
        none = finals[tricks * COLUMNS + thirds]
        every = finals[(tricks + left) * COLUMNS + thirds + to_come]
        if left == 1:
            return (none, every) if none <= every else (every, none)
        low, high = scoring.span((tricks + 1, tricks + left - 1), (thirds, thirds + to_come))
        return min(low, none, every), max(high, none, every)

    def most(self) -> int:
        """The greatest final value still possible (points: the counted side taking every trick left)."""
        return self.bounds()[1]

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
        """The final value a claim of ``amount`` needs: thirds from here, or a payment for the hand.

        Raises:
            InvalidArgumentError: ``amount`` is out of range: in points, below 0 or
                more than the thirds still to come; in score, outside the least
                and the most payment the hand can still end with.
        """
        scoring = self.rules.settling
        low, high = self.bounds()
        if scoring is None:
            top = high - self.value
            return self.value + claimed_amount(
                amount, top, f"a Calabresella claim here is of 0 to {top} points, counted in thirds"
            )
        least, most = low - scoring.offset, high - scoring.offset
        refusal = f"a Calabresella score claim here is of {least} to {most} (the hand's payment)"
        return claimed_amount(amount, most, refusal, least=least) + scoring.offset

    def in_units(self, value: int) -> int:
        """A final value as the unit reads it: thirds as they are, a score less the offset."""
        scoring = self.rules.settling
        return value if scoring is None else value - scoring.offset


new_ending: Final[
    Callable[
        [EndingRules, tuple[int, int, int], tuple[int, ...], int, int, int, int, int, int],
        CalabresellaEnding,
    ]
] = fast_constructor(CalabresellaEnding)
"""Builds a :class:`CalabresellaEnding` from its fields (no checks)."""
