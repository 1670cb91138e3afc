"""Calabresella's play as an ending for the exact solver: the bidder against the two others.

:class:`CalabresellaEnding` models the rest of the play with every hand
known: three bitmask hands, the trick so far, the leader, the bidder's tricks
and thirds in the whole hand so far, and the value for the counted side (the
bidder alone, or the two opponents together). The legal cards come from
:func:`~cardrules.games.calabresella.play.playable` (under either
``follow_suit`` value), the winner of a trick from
:func:`~cardrules.games.calabresella.play.trick_winner`, and the value of the
cards taken from :func:`~cardrules.games.calabresella.cards.mask_thirds`;
the twelfth trick adds the last-trick bonus and the monte through
:func:`~cardrules.games.calabresella.scoring.bidder_thirds`
(calabresella.scoring.last-trick, calabresella.scoring.monte).

An ending counts in one of two units (:attr:`CalabresellaEnding.units`):

``"points"`` (the default)
    The thirds the counted side takes from here (an ace is 3, a 3, 2, K, Q
    or J is 1, the last trick 3 with the monte); a claim of ``points=P``
    counts thirds too, from the position on.
``"score"``
    The hand's settlement: what the seat the ending was built for (the
    bidder, or either opponent, who both pay or receive the same) receives,
    negative when it pays, as :func:`~cardrules.games.calabresella.scoring.settle`
    pays it from the bidder's tricks and thirds of the whole hand, tricks
    before the position included: the stake after any raise, times 2 for
    cappotto and 3 for stramazzo under the ``reverse_cappotto`` and
    ``stramazzo_basis`` options (calabresella.scoring.payment,
    calabresella.scoring.cappotto, calabresella.scoring.stramazzo). Only the
    end of the hand has a score, so the value stays at 0 until then and the
    final value is the payment plus a fixed offset (:attr:`SettlementTable.offset`)
    that keeps it non-negative; :meth:`CalabresellaEnding.in_units` and
    :meth:`CalabresellaEnding.needed` take the offset off and put it back.
    The best play for the score is not always the best for the thirds:
    stramazzo pays three times the stake and cappotto twice, so a bidder who
    can keep 33 thirds with a trick lost may give one up rather than take
    them all, and a defence that has taken every trick may hand the bidder
    one worth at most 2 thirds.

>>> import cardrules
>>> state = cardrules.get_game("calabresella").new_game(seed=4)
>>> while state.phase_name != "play":
...     state = state.apply(state.legal_actions()[-1])
>>> ending = state.ending(state.setup.bidder)
>>> ending.unit, ending.bounds()[1]
('points', 35)
>>> state.setup.contract.label, state.setup.raised.value
('Solissimo', 'scegliete')
>>> scored = ending.counted_in("score")
>>> scored.unit, scored.in_units(scored.bounds()[0]), scored.in_units(scored.bounds()[1])
('score', -72, 72)

A Solissimo raised to scegliete stakes 12 units, so from the first trick the
bidder may still win or lose anything up to three times 12 from each opponent.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Final

from cardrules.errors import InvalidArgumentError, NotSolvableError
from cardrules.frozen import fast_constructor
from cardrules.game import Action
from cardrules.games.calabresella.actions import PLAYS, PlayCard
from cardrules.games.calabresella.cards import DECK_MASK, STRENGTH, SUIT_MASKS, THIRDS, mask_thirds
from cardrules.games.calabresella.deal import Phase
from cardrules.games.calabresella.options import CalabresellaOptions, ReverseCappotto, StramazzoBasis
from cardrules.games.calabresella.play import playable, trick_winner
from cardrules.games.calabresella.scoring import (
    HAND_THIRDS,
    HAND_TRICKS,
    Contract,
    Raise,
    bidder_thirds,
    settle,
    stake,
)
from cardrules.solve.adapter import claimed_amount, read_claimer
from cardrules.solve.endings import rank_groups

if TYPE_CHECKING:
    from cardrules.games.calabresella.state import CalabresellaState

__all__ = ["UNITS", "CalabresellaEnding", "EndingRules", "SettlementTable", "ending", "settlement_table"]

UNITS: Final = ("points", "score")
"""The units a Calabresella ending counts in: thirds from here, or the hand's settlement."""

_COLUMNS: Final = HAND_THIRDS + 1
"""The bidder's thirds at the end of a hand run from 0 to 35."""

_TRICK_BITS: Final = 4
"""A tally keeps the bidder's tricks in its low 4 bits and the bidder's thirds above them."""

_TALLY_BITS: Final = 10
"""A tally fits in 10 bits (thirds up to 35, tricks up to 12)."""

_BASE_BITS: Final = 16
"""The low bits of a tag tell apart the rules of the play; a score ending's settlement sits above them."""

_BASE_TAG: Final = (1 << _BASE_BITS) - 1


@dataclass(frozen=True, slots=True)
class SettlementTable:
    """The hand's settlement for one seat, as tables the ending reads (built by :func:`settlement_table`).

    Every entry is the seat's payment plus :attr:`offset`, so none is negative.

    Attributes:
        offset: what is added to each payment: the most the seat can pay.
        finals: the entry for the bidder's tricks ``t`` and thirds ``h`` of the
            whole hand at ``finals[t * 36 + h]``.
        spans: for the bidder's tricks running from ``a`` to ``b``, the classes
            of those trick counts at ``spans[a * 13 + b]`` (a class: the trick
            counts whose entries are equal for every count of thirds).
        lows: per class, the least entry for thirds from ``lo`` to ``hi`` at ``lows[c][lo * 36 + hi]``.
        highs: per class, the greatest entry, indexed as :attr:`lows`.
        tag: a number telling settlements apart in one transposition table.
    """

    offset: int
    finals: tuple[int, ...]
    spans: tuple[tuple[int, ...], ...]
    lows: tuple[tuple[int, ...], ...]
    highs: tuple[tuple[int, ...], ...]
    tag: int

    def span(self, tricks: tuple[int, int], thirds: tuple[int, int]) -> tuple[int, int]:
        """The least and the greatest entry for the bidder's tricks and thirds in the two closed ranges."""
        classes = self.spans[tricks[0] * (HAND_TRICKS + 1) + tricks[1]]
        index = thirds[0] * _COLUMNS + thirds[1]
        return min(self.lows[c][index] for c in classes), max(self.highs[c][index] for c in classes)


def settlement_table(
    options: CalabresellaOptions, bidder: int, contract: Contract, raised: Raise, seat: int
) -> SettlementTable:
    """The settlement of a hand for ``seat``, for every count of the bidder's tricks and thirds.

    Each payment is :func:`~cardrules.games.calabresella.scoring.settle`'s own,
    under the contract, the raise, the stakes and the ``reverse_cappotto`` and
    ``stramazzo_basis`` options.
    """
    rows = tuple(
        tuple(
            settle(
                bidder=bidder,
                contract=contract,
                raised=raised,
                tricks_bidder=tricks,
                thirds_bidder=thirds,
                stakes=options.stake_values,
                reverse=options.reverse_cappotto,
                basis=options.stramazzo_basis,
            ).payments[seat]
            for thirds in range(_COLUMNS)
        )
        for tricks in range(HAND_TRICKS + 1)
    )
    offset = max(0, -min(min(row) for row in rows))
    rows = tuple(tuple(entry + offset for entry in row) for row in rows)
    distinct = list(dict.fromkeys(rows))
    class_of = [distinct.index(row) for row in rows]
    spans = tuple(
        tuple(sorted({class_of[t] for t in range(low, high + 1)})) if low <= high else ()
        for low in range(HAND_TRICKS + 1)
        for high in range(HAND_TRICKS + 1)
    )
    lows: list[tuple[int, ...]] = []
    highs: list[tuple[int, ...]] = []
    for row in distinct:
        least = [0] * (_COLUMNS * _COLUMNS)
        most = [0] * (_COLUMNS * _COLUMNS)
        for low in range(_COLUMNS):
            down = up = row[low]
            for high in range(low, _COLUMNS):
                down, up = min(down, row[high]), max(up, row[high])
                least[low * _COLUMNS + high], most[low * _COLUMNS + high] = down, up
        lows.append(tuple(least))
        highs.append(tuple(most))
    # What decides every entry: the stake after any raise, the two options, the seat's side.
    tag = stake(contract, raised, options.stake_values) << 3
    tag |= (options.reverse_cappotto is ReverseCappotto.ON) << 2
    tag |= (options.stramazzo_basis is StramazzoBasis.ROUNDED) << 1
    tag |= seat == bidder
    finals = tuple(entry for row in rows for entry in row)
    return SettlementTable(offset, finals, spans, tuple(lows), tuple(highs), tag)


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
        return _new(
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
            return _new(rules, hands, trick, self.leader, following, side, self.value, self.done, self.tally)
        position = trick_winner(trick[0], trick[1], trick[2])
        winner = self.leader if position == 0 else rules.nxt[self.leader] if position == 1 else seat
        ours = winner in rules.counted
        number = self.done + 1
        taken = (1 << trick[0]) | (1 << trick[1]) | (1 << trick[2])
        # the twelfth trick adds the monte and the last trick's bonus, whichever side takes it
        gained = bidder_thirds(taken | rules.monte, True) if number == HAND_TRICKS else mask_thirds(taken)
        tally = self.tally
        if winner == rules.bidder:
            tally += gained << _TRICK_BITS | 1
        value = self.value
        scoring = rules.settling
        if scoring is None:
            if ours:
                value += gained
        elif number == HAND_TRICKS:
            value = scoring.finals[(tally & 15) * _COLUMNS + (tally >> _TRICK_BITS)]
        return _new(rules, hands, (), winner, winner, 0 if ours else 1, value, number, tally)

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
        return (self.tally & 15) * _COLUMNS + (self.tally >> _TRICK_BITS)

    def _counted_thirds(self) -> int:
        """The thirds the counted side has won in the whole hand so far."""
        bidder = self.tally >> _TRICK_BITS
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
        tricks, thirds = self.tally & 15, self.tally >> _TRICK_BITS
        left, to_come = HAND_TRICKS - self.done, self._to_come()
        finals = scoring.finals
        # the bidder takes no trick more and keeps its thirds, or every trick left and every third
        none = finals[tricks * _COLUMNS + thirds]
        every = finals[(tricks + left) * _COLUMNS + thirds + to_come]
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


_new: Final[
    Callable[
        [EndingRules, tuple[int, int, int], tuple[int, ...], int, int, int, int, int, int],
        CalabresellaEnding,
    ]
] = fast_constructor(CalabresellaEnding)


def ending(state: CalabresellaState, by: int | str, unit: str = "points") -> CalabresellaEnding:
    """The rest of ``state``'s play as an ending, counted for the side of the seat ``by`` names, in ``unit``.

    The bidder is a side alone; either opponent names the two opponents.
    ``unit`` is ``"points"`` (thirds from here) or ``"score"`` (the hand's
    payment to the seat ``by`` names).

    Raises:
        NotSolvableError: the hand is not in its play (the auction, the exchange, or over).
        InvalidArgumentError: ``by`` names no seat, or ``unit`` is neither unit.
    """
    if state.phase is not Phase.PLAY:
        raise NotSolvableError(
            "calabresella",
            state.phase_name,
            "only the play of the tricks, once the contract is settled, is solved",
        )
    seat_by = read_claimer(by, 3)
    setup = state.setup
    bidder = setup.bidder
    assert setup.contract is not None  # the play has a contract
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
    won = state.tally.won_bidder if seat_by == bidder else state.tally.won_opponents
    rules = EndingRules(
        state.options,
        tuple(state.context.plan.nxt),
        bidder,
        setup.contract,
        setup.raised or Raise.NONE,
        counted,
        levels,
        monte,
        mask_thirds(won),
        None,
        tag,
    )
    seat = state.current_player
    tally = mask_thirds(state.tally.won_bidder) << _TRICK_BITS | state.tally.tricks_bidder
    built = _new(
        rules,
        state.hands,
        state.trick,
        state.tally.leader,
        seat,
        0 if seat in counted else 1,
        0,
        len(state.tally.winners),
        tally,
    )
    return built.counted_in(unit)
