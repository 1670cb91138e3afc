"""The model of a Félagsvist ending (:class:`~cardrules.games.felagsvist.ending.FelagsvistEnding`).

An ending is four bitmask hands, the trick so far, the leader and the
tricks taken since it was built, with the ladder of who holds which rank
(its ``holders``) kept up card by card for the rank-pattern
table. Its bounds are :mod:`~cardrules.games.felagsvist.ending.bounds`, its
groups of equivalent cards :mod:`~cardrules.games.felagsvist.ending.groups`
and its move order :mod:`~cardrules.games.felagsvist.ending.order`.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from typing import Final

from cardrules.errors import InvalidArgumentError
from cardrules.frozen import fast_constructor, reduce_to_init_fields
from cardrules.game import Action
from cardrules.games.felagsvist.actions import PLAYS, PlayCard
from cardrules.games.felagsvist.ending import bounds as ending_bounds
from cardrules.games.felagsvist.ending import order as ending_order
from cardrules.games.felagsvist.ending.bits import ONES, SUIT
from cardrules.games.felagsvist.ending.bounds import FIELD
from cardrules.games.felagsvist.ending.groups import legal_groups
from cardrules.games.felagsvist.ending.nolo import rotate, unrotate
from cardrules.games.felagsvist.ending.order import follows, leads, nolo_discards, nolo_follows, nolo_leads
from cardrules.games.felagsvist.play import playable
from cardrules.solve.adapter import claimed_amount

__all__ = ["EndingRules", "FelagsvistEnding", "new_ending"]

_UNDER: Final = tuple(((1 << 24 - 2 * place) - 1) << 26 * suit for suit in range(4) for place in range(13))
"""``_UNDER[13 * suit + place]``: the :attr:`~FelagsvistEnding.holders` bits of the suit below ``place``."""

_KEEP: Final = tuple(~(((1 << 26 - 2 * place) - 1) << 26 * suit) for suit in range(4) for place in range(13))
"""``_KEEP[13 * suit + place]``: all but the suit's :attr:`~FelagsvistEnding.holders` from ``place`` on."""

_PLACES: Final = tuple(
    ((1 << 2 * count) - 1) << 26 - 2 * count + 26 * suit for suit in range(4) for count in range(14)
)
"""``_PLACES[14 * suit + count]``: the suit's top ``count`` places in :attr:`~FelagsvistEnding.holders`."""

_FIRST: Final = tuple(13 * (card // 13) for card in range(52))
"""``_FIRST[card]``: the index of the first card of the card's suit."""

_ONE: Final = tuple(tuple(1 << 16 * seat + 4 * (card // 13) for card in range(52)) for seat in range(4))
"""``_ONE[seat][card]``: one card of the card's suit in the seat's :attr:`FelagsvistEnding.lengths` count."""


@dataclass(frozen=True, slots=True)
class EndingRules:
    """What stays fixed in one ending: the deal's trump and strengths, and the counted side.

    Attributes:
        trump: the trump suit number, or ``None`` (Grand, Nóló).
        strength: each card's strength within its suit (the engine's table for the deal).
        beats: for each card index, the cards that take a trick from it when it
            is winning the trick so far, as a bitmask (read off
            :func:`~cardrules.games.felagsvist.play.trick_winner`, which keeps
            the card winning so far and replaces it only by a card that beats
            it, so the card this table leaves winning after the fourth card
            is the trick's winner; the search also uses it to order its moves).
        above: for each card index, the cards of its suit that rank above it, as a bitmask.
        below: for each card index, the cards of its suit that rank below it, as a bitmask.
        counted: the counted side (0 NS, 1 EW).
        nolo: whether the deal is Nóló, where the counted side scores the tricks its opponents take.
        tag: a small number telling apart endings under other rules in one transposition table.
        ace_low: whether the ace ranks below the 2 (Nóló under ``nolo_ace=low``).
    """

    trump: int | None
    strength: tuple[int, ...]
    beats: tuple[int, ...]
    above: tuple[int, ...]
    below: tuple[int, ...]
    counted: int
    nolo: bool
    tag: int
    ace_low: bool

    def __reduce__(self) -> tuple[type[object], tuple[object, ...]]:
        """Pickle and copy by the fields, alike in a compiled build (see :mod:`cardrules.solve`)."""
        return reduce_to_init_fields(self)


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
        best: the card winning the trick so far (``-1`` before its lead), for move ordering.
        ahead: the place in the trick of that card (0 for the lead).
        won: at the start of a trick, the card that won the trick just
            completed when its rank decided it (another card of its suit was
            played to it), as a bitmask; else 0.
        holders: who holds the cards still in hand, 26 bits a suit (clubs
            lowest): from the strongest card down, 2 bits each giving its
            seat, the strongest in the suit's top bits (see :meth:`ladder`).
        lengths: how many cards of each suit each seat holds, 4 bits each
            (seat 0's clubs lowest).
        in_hand: the cards still in the hands, as one bitmask: worked out
            from :attr:`hands` when built (``dataclasses.replace`` too), then
            kept up card by card, as the search reads it at every position.
        played: the cards of the trick in progress, as one bitmask: worked
            out from :attr:`trick` and kept up as :attr:`in_hand` is.
    """

    rules: EndingRules
    # four hands, typed as a tuple of any length: compiled, a tuple of four ints is kept unboxed,
    # and reading it at a seat worked out at run time (hands[seat]) boxes all four first
    hands: tuple[int, ...]
    trick: tuple[int, ...]
    leader: int
    seat: int
    side: int
    value: int
    left: int
    best: int
    ahead: int
    won: int
    holders: int
    lengths: int
    in_hand: int = field(init=False, repr=False, compare=False)
    played: int = field(init=False, repr=False, compare=False)

    def __init__(
        self, rules: EndingRules, hands: tuple[int, ...], trick: tuple[int, ...], leader: int,
        seat: int, side: int, value: int, left: int, best: int, ahead: int, won: int, holders: int,
        lengths: int, in_hand: int = -1, played: int = -1,
    ) -> None:  # fmt: skip
        """Store every field; :attr:`in_hand` and :attr:`played` are worked out unless given.

        Written out, not left to the dataclass, so that a build compiled with
        mypyc compiles it: :func:`new_ending` is then this constructor.
        """
        object.__setattr__(self, "rules", rules)
        object.__setattr__(self, "hands", hands)
        object.__setattr__(self, "trick", trick)
        object.__setattr__(self, "leader", leader)
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "side", side)
        object.__setattr__(self, "value", value)
        object.__setattr__(self, "left", left)
        object.__setattr__(self, "best", best)
        object.__setattr__(self, "ahead", ahead)
        object.__setattr__(self, "won", won)
        object.__setattr__(self, "holders", holders)
        object.__setattr__(self, "lengths", lengths)
        if in_hand < 0:
            in_hand = hands[0] | hands[1] | hands[2] | hands[3]
        object.__setattr__(self, "in_hand", in_hand)
        if played < 0:
            played = sum(1 << card for card in trick)
        object.__setattr__(self, "played", played)

    def __reduce__(self) -> tuple[type[object], tuple[object, ...]]:
        """Pickle and copy by the fields ``__init__`` takes, alike in a compiled build."""
        return reduce_to_init_fields(self)

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

    def moves(self) -> tuple[int, ...]:
        """One card per group of equivalent legal cards, the likely best first.

        Outside Nóló, the leader tries first a lead for its partner's ruff,
        then the top cards of a suit (cashing), then low cards of suits where
        its partner holds the top card, leads an opponent could ruff after
        those, then the rest, highest first. A follower whose side is not
        winning the trick tries first the cards that take it (the lowest
        first, those the next hand cannot beat before the others), then the
        others, lowest first, winners and trumps last; with its partner
        winning, it tries its lowest cards first, unless the next hand could
        beat the partner's card. In Nóló, where a side wants to lose tricks,
        the leader tries first the cards an opponent must beat, and a follower
        its highest ducking cards (a discard from its shortest suit); see
        :func:`~cardrules.games.felagsvist.ending.order.nolo_order`.
        """
        return ending_order.order(self, legal_groups(self)[0])

    def ranked_moves(self) -> tuple[tuple[int, ...], dict[int, int]]:
        """:meth:`moves`, and for each move standing for more than one card, that group's cards.

        A table entry that relies on a move standing for its group must keep
        the ranks of the whole group, so that the cards stay equivalent in
        every ending the entry is used for.
        """
        cards, ties = legal_groups(self)
        if len(cards) == 1:  # one move, whatever the order
            return (cards[0],), ties
        # order() and nolo_order() written out (this runs at every position searched)
        trick = self.trick
        if self.rules.nolo:
            if not trick:
                return nolo_leads(self, cards), ties
            if cards[0] // 13 != trick[0] // 13:  # void in the led suit
                return nolo_discards(self, cards), ties
            return nolo_follows(self, cards), ties
        if not trick:
            return leads(self, cards), ties
        return follows(self, cards), ties

    def group(self, move: int) -> tuple[int, ...]:
        """The legal cards equivalent to ``move`` (rank neighbours among the cards left, in this hand)."""
        cards, ties = legal_groups(self)
        for card in cards:
            group = ties.get(card, 1 << card)
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
        in_hand = self.in_hand ^ bit
        # the card leaves the ladder of its suit: the cards below it move up one place
        first = _FIRST[move]
        slot = first + ONES[(in_hand & rules.above[move]) >> first]
        holders = self.holders
        holders = holders & _KEEP[slot] | (holders & _UNDER[slot]) << 2
        lengths = self.lengths - _ONE[seat][move]
        if seat == 0:
            hands = (h0 ^ bit, h1, h2, h3)
        elif seat == 1:
            hands = (h0, h1 ^ bit, h2, h3)
        elif seat == 2:
            hands = (h0, h1, h2 ^ bit, h3)
        else:
            hands = (h0, h1, h2, h3 ^ bit)
        trick = self.trick
        leader = self.leader
        side = self.side ^ 1
        value = self.value
        left = self.left
        won = 0
        # Inside a trick the seats take turns, so the side to play changes at every card. The
        # winner so far changes only when the card beats it (see EndingRules.beats), so the card
        # winning the trick so far, kept as it goes, is the winner once the trick is complete.
        if not trick:
            trick = (move,)
            best = move
            ahead = 0
            played = bit
            seat = seat + 1 & 3
        else:
            played = len(trick)
            if rules.beats[self.best] >> move & 1:
                best, ahead = move, played
            else:
                best, ahead = self.best, self.ahead
            if played == 3:
                # its rank decided the trick when another card of its suit was played to it
                top = 1 << best
                won = top if (self.played | bit) & SUIT[best] ^ top else 0
                leader = seat = self.leader + ahead & 3
                side = (seat ^ rules.counted) & 1  # 0: the counted side won it; it scores it unless in Nóló
                value += side == rules.nolo
                left -= 1
                trick, best, ahead, played = (), -1, 0, 0
            else:
                trick, played = trick + (move,), self.played | bit  # noqa: RUF005 - faster than (*trick, move)
                seat = seat + 1 & 3
        if _NATIVE:  # compiled: the class's own constructor, which compiled code calls directly
            return FelagsvistEnding(
                rules, hands, trick, leader, seat, side, value, left, best, ahead, won, holders, lengths,
                in_hand, played,
            )  # fmt: skip
        return new_ending(
            rules, hands, trick, leader, seat, side, value, left, best, ahead, won, holders, lengths, in_hand,
            played,
        )  # fmt: skip

    def key(self) -> Hashable | None:
        """At a trick boundary, who holds each card left, by rank order within its suit, and the leader.

        The key keeps only the order of the cards left, not which cards they
        are: two endings whose cards left lie in the same order among the same
        hands play out alike, since a card wins or loses only against cards
        still in play.
        """
        if self.trick:
            return None
        return (self.holders << 64 | self.lengths) << 8 | self.rules.tag << 2 | self.leader

    # -- the rank-pattern transposition table (see :meth:`cardrules.solve.Solver`) ------------------

    def shape(self) -> Hashable | None:
        """At a trick boundary, the leader and how many cards of each suit each hand holds; else ``None``."""
        if self.trick:
            return None
        return self.lengths << 8 | self.rules.tag << 2 | self.leader

    def suits(self) -> tuple[int, int, int, int]:
        """The cards still in the hands, one 13-bit strength-ordered mask per suit."""
        left = self.in_hand
        if self.rules.ace_low:
            return (
                rotate(left & 0x1FFF),
                rotate(left >> 13 & 0x1FFF),
                rotate(left >> 26 & 0x1FFF),
                rotate(left >> 39),
            )
        return (left & 0x1FFF, left >> 13 & 0x1FFF, left >> 26 & 0x1FFF, left >> 39)

    def ladder(self) -> int:
        """Who holds each card still in hand, from the strongest of each suit down (:attr:`holders`).

        Within one :meth:`shape`, ``ladder() & mask`` for a :meth:`depth` mask
        tells who holds that many of the strongest cards of each suit.
        """
        return self.holders

    def depth(self, relevant: int) -> int:
        """The :meth:`ladder` bits of each suit's cards in hand at or above the weakest of ``relevant``."""
        if not relevant:
            return 0
        left = self.in_hand
        ace_low = self.rules.ace_low
        mask = 0
        for suit in (0, 1, 2, 3):
            shift = 13 * suit
            mine = relevant >> shift & 0x1FFF
            if not mine:
                continue
            rest = left >> shift & 0x1FFF
            if ace_low:  # in strength order
                mine = rotate(mine)
                rest = rotate(rest)
            # the cards in hand at or above the weakest of ours: -low keeps the bits from low up
            mask |= _PLACES[14 * suit + ONES[rest & -(mine & -mine)]]
        return mask

    def top(self, depths: int) -> int:
        """The cards in hand whose :meth:`ladder` bits ``depths`` (a :meth:`depth` mask) covers."""
        if not depths:
            return 0
        left = self.in_hand
        ace_low = self.rules.ace_low
        mask = 0
        shift = 0  # the suit's first card index; its ladder field is depths' lowest 26 bits
        while depths:
            places = depths & FIELD
            depths >>= 26
            if places:
                rest = left >> shift & 0x1FFF
                # the cards in hand below them (two ladder bits a place)
                drop = ONES[rest] - (ONES[places & 0x1FFF] + ONES[places >> 13] >> 1)
                if drop:
                    if ace_low:
                        rest = rotate(rest)  # strength order
                    while drop:  # the weakest first
                        rest &= rest - 1
                        drop -= 1
                    if ace_low:
                        rest = unrotate(rest)
                mask |= rest << shift
            shift += 13
        return mask

    def settle(self, relevant: int, ties: int) -> int:
        """``relevant`` with the ``ties`` a pattern must keep: in a suit, all once one reaches its cards.

        A group of equivalent cards searched through one of them stays
        equivalent in another ending when the pattern holds all of it, or
        none of it (its cards then all lie below the pattern, where the cards
        play alike); in a suit where some tied card ranks at or above the
        weakest card of ``relevant``, every tied card joins.
        """
        ace_low = self.rules.ace_low
        for shift in (0, 13, 26, 39):
            tied = ties >> shift & 0x1FFF
            if not tied:
                continue
            mine = relevant >> shift & 0x1FFF
            if not mine:
                continue
            if ace_low:  # in strength order
                mine = rotate(mine)
                if rotate(tied) >= mine & -mine:
                    relevant |= tied << shift
            elif tied >= mine & -mine:  # a tied card at or above the weakest of relevant
                relevant |= tied << shift
        return relevant

    def bounds(self) -> tuple[int, int]:
        """The least and the most final value still possible (worked out in the bounds module)."""
        return ending_bounds.bounds(self)

    def ranked_bounds(self) -> tuple[int, int, int]:
        """The bounds and the cards whose ranks they rely on (worked out in the bounds module)."""
        return ending_bounds.ranked_bounds(self)

    def reach(self) -> tuple[int, int]:
        """Inside a trick, how far the bounds can go (worked out in the bounds module)."""
        return ending_bounds.reach(self)

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


new_ending: Final[Callable[
    [EndingRules, tuple[int, ...], tuple[int, ...],
     int, int, int, int, int, int, int, int, int, int, int, int],
    FelagsvistEnding,
]] = fast_constructor(FelagsvistEnding)  # fmt: skip
"""Builds a :class:`FelagsvistEnding` from its fields and its ``in_hand`` and ``played`` (no checks)."""

_NATIVE: Final = new_ending is FelagsvistEnding
"""Whether this module is compiled (mypyc): :meth:`FelagsvistEnding.play` then calls the class itself."""
