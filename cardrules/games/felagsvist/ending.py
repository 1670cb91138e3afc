"""The Félagsvist play as an ending for the exact solver (:mod:`cardrules.solve`).

:class:`FelagsvistEnding` models the rest of a deal with every hand known:
four bitmask hands, the trick so far, the leader and the tricks taken since
the ending was built. Its moves are card indices. The legal cards come from
:func:`~cardrules.games.felagsvist.play.playable` and the winner of a trick
from a table read off :func:`~cardrules.games.felagsvist.play.trick_winner`, with the deal's
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
((0, 2), 'tricks', (1, 9), 13)
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING, Final

from cardrules.errors import InvalidArgumentError, NotSolvableError
from cardrules.frozen import fast_constructor
from cardrules.game import TERMINAL, Action
from cardrules.games.felagsvist import ending_bounds, ending_order
from cardrules.games.felagsvist.actions import PLAYS, SEAT_NAMES, PlayCard
from cardrules.games.felagsvist.cards import SUIT_MASKS, strength_table
from cardrules.games.felagsvist.deal import DEAL_TRICKS
from cardrules.games.felagsvist.ending_bounds import FIELD
from cardrules.games.felagsvist.ending_nolo import rotate, unrotate
from cardrules.games.felagsvist.options import NoloAce, RoundKind
from cardrules.games.felagsvist.play import playable, trick_winner
from cardrules.solve.adapter import claimed_amount, read_claimer

if TYPE_CHECKING:
    from cardrules.games.felagsvist.state import FelagsvistState

__all__ = ["EndingRules", "FelagsvistEnding", "ending"]

_SIDES: Final = MappingProxyType({"NS": 0, "EW": 1})

_UNDER: Final = tuple(((1 << 24 - 2 * place) - 1) << 26 * suit for suit in range(4) for place in range(13))
"""``_UNDER[13 * suit + place]``: the :attr:`~FelagsvistEnding.holders` bits of the suit below ``place``."""

_KEEP: Final = tuple(~(((1 << 26 - 2 * place) - 1) << 26 * suit) for suit in range(4) for place in range(13))
"""``_KEEP[13 * suit + place]``: all but the suit's :attr:`~FelagsvistEnding.holders` from ``place`` on."""

_PLACES: Final = tuple(
    ((1 << 2 * count) - 1) << 26 - 2 * count + 26 * suit for suit in range(4) for count in range(14)
)
"""``_PLACES[14 * suit + count]``: the suit's top ``count`` places in :attr:`~FelagsvistEnding.holders`."""

_SHIFT: Final = (0, *(13 * ((length - 1) // 13) for length in range(1, 53)))
"""``_SHIFT[card + 1]``: the index of the first card of the card's suit (read by a mask's bit length)."""

_FIRST: Final = tuple(13 * (card // 13) for card in range(52))
"""``_FIRST[card]``: the index of the first card of the card's suit."""

_SUIT: Final = tuple(SUIT_MASKS[card // 13] for card in range(52))
"""``_SUIT[card]``: the cards of the card's suit."""

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
    hands: tuple[int, int, int, int]
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

    def __post_init__(self) -> None:
        """Work out :attr:`in_hand` and :attr:`played` (play builds its endings with them given)."""
        hands = self.hands
        object.__setattr__(self, "in_hand", hands[0] | hands[1] | hands[2] | hands[3])
        object.__setattr__(self, "played", sum(1 << card for card in self.trick))

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

    def _groups(self) -> tuple[list[int], dict[int, int]]:
        """The legal cards split into groups of equivalent ones, suit by suit (clubs first).

        Each group stands as its highest card index; with the list of them
        comes, for each group of more than one card, its cards as a bitmask
        under that card.

        Cards of one hand and one suit are equivalent when no card still in
        play elsewhere (another hand, the trick) lies between them in
        strength: they win and lose against the same cards from now on. A
        suit with a legal card has all the hand's cards of that suit legal.
        Within a suit the groups come weakest first, in strength order (the
        Nóló order reads a follower's groups so).
        """
        hands = self.hands
        hand = hands[self.seat]
        trick = self.trick
        legal = playable(hand, trick)
        if not legal & legal - 1:  # one legal card (a fifth of the searched positions)
            return [legal.bit_length() - 1], {}
        others = self.in_hand ^ hand | self.played
        ace_low = self.rules.ace_low
        cards: list[int] = []
        ties: dict[int, int] = {}
        while legal:
            shift = _SHIFT[(legal & -legal).bit_length()]  # the lowest suit with a legal card
            mine = legal >> shift & 0x1FFF
            legal ^= mine << shift
            # the places in strength order no card in play elsewhere takes: a group is the cards
            # of ours in one run of them, and adding our lowest card to them carries through its run
            free = others >> shift & 0x1FFF ^ 0x1FFF
            if ace_low:  # rotate and unrotate written out: this runs at every position searched
                mine = (mine & 0xFFF) << 1 | mine >> 12
                free = (free & 0xFFF) << 1 | free >> 12
                while mine:
                    group = mine & ~(free + (mine & -mine))
                    mine ^= group
                    group = (group >> 1 | (group & 1) << 12) << shift
                    card = group.bit_length() - 1
                    cards.append(card)
                    if group & group - 1:
                        ties[card] = group
            else:
                while mine:
                    group = mine & ~(free + (mine & -mine))
                    mine ^= group
                    card = group.bit_length() - 1 + shift
                    cards.append(card)
                    if group & group - 1:
                        ties[card] = group << shift
        return cards, ties

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
        :func:`~cardrules.games.felagsvist.ending_order.nolo_order`.
        """
        return ending_order.order(self, self._groups()[0])

    def ranked_moves(self) -> tuple[tuple[int, ...], dict[int, int]]:
        """:meth:`moves`, and for each move standing for more than one card, that group's cards.

        A table entry that relies on a move standing for its group must keep
        the ranks of the whole group, so that the cards stay equivalent in
        every ending the entry is used for.
        """
        cards, ties = self._groups()
        if len(cards) == 1:  # one move, whatever the order
            return (cards[0],), ties
        if self.rules.nolo:  # as ending_order.order would, without its look at one group
            return ending_order.nolo_order(self, cards), ties
        return ending_order.order(self, cards), ties

    def group(self, move: int) -> tuple[int, ...]:
        """The legal cards equivalent to ``move`` (rank neighbours among the cards left, in this hand)."""
        cards, ties = self._groups()
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
        slot = _FIRST[move] + (in_hand & rules.above[move]).bit_count()
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
        # inside a trick the seats take turns, so the side to play changes at every card
        if not trick:
            return _new(
                rules,
                hands,
                (move,),
                self.leader,
                seat + 1 & 3,
                self.side ^ 1,
                self.value,
                self.left,
                move,
                0,
                0,
                holders,
                lengths,
                in_hand,
                bit,
            )
        # The winner so far changes only when the card beats it (see EndingRules.beats), so the
        # card winning the trick so far, kept as it goes, is the winner once the trick is complete.
        played = len(trick)
        if rules.beats[self.best] >> move & 1:
            best, ahead = move, played
        else:
            best, ahead = self.best, self.ahead
        if played < 3:
            return _new(
                rules,
                hands,
                trick + (move,),  # noqa: RUF005 - a third of the time of (*trick, move)
                self.leader,
                seat + 1 & 3,
                self.side ^ 1,
                self.value,
                self.left,
                best,
                ahead,
                0,
                holders,
                lengths,
                in_hand,
                self.played | bit,
            )
        # its rank decided the trick when another card of its suit was played to it
        top = 1 << best
        won = top if (self.played | bit) & _SUIT[best] ^ top else 0
        winner = self.leader + ahead & 3
        side = (winner ^ rules.counted) & 1  # 0: the counted side won it, and scores it unless in Nóló
        return _new(
            rules,
            hands,
            (),
            winner,
            winner,
            side,
            self.value + (side == rules.nolo),
            self.left - 1,
            -1,
            0,
            won,
            holders,
            lengths,
            in_hand,
            0,
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
            mask |= _PLACES[14 * suit + (rest & -(mine & -mine)).bit_count()]
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
                drop = rest.bit_count() - (places.bit_count() >> 1)  # the cards in hand below them
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

    bounds = ending_bounds.bounds
    ranked_bounds = ending_bounds.ranked_bounds
    reach = ending_bounds.reach

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
        [
            EndingRules,
            tuple[int, int, int, int],
            tuple[int, ...],
            int,
            int,
            int,
            int,
            int,
            int,
            int,
            int,
            int,
            int,
            int,
            int,
        ],
        FelagsvistEnding,
    ]
] = fast_constructor(FelagsvistEnding)


def _beats(trump: int | None, strength: tuple[int, ...]) -> tuple[int, ...]:
    """For each card, the cards that take the trick from it when it is winning, read off the engine's rule."""
    table = []
    for card in range(52):
        mask = 0
        for other in range(52):
            if other != card and trick_winner((card, other), trump, strength) == 1:
                mask |= 1 << other
        table.append(mask)
    return tuple(table)


_BEATS: Final = MappingProxyType(
    {
        (trump, strength): _beats(trump, strength)
        for trump in (None, 0, 1, 2, 3)
        for strength in {strength_table(kind, ace) for kind in RoundKind for ace in NoloAce}
    }
)
""":func:`_beats` for every trump and strength table a deal can have, worked out once."""


def _ladder(hands: tuple[int, int, int, int], above: tuple[int, ...]) -> tuple[int, int]:
    """The :attr:`FelagsvistEnding.holders` and :attr:`FelagsvistEnding.lengths` of four hands."""
    left = hands[0] | hands[1] | hands[2] | hands[3]
    holders = 0
    lengths = 0
    for seat, hand in enumerate(hands):
        for suit in range(4):
            lengths |= (hand >> (13 * suit) & 0x1FFF).bit_count() << (16 * seat + 4 * suit)
        mask = hand
        while mask:
            low = mask & -mask
            card = low.bit_length() - 1
            mask ^= low
            place = (left & above[card]).bit_count()  # how many cards in hand rank above it
            holders |= seat << (26 * (card // 13) + 24 - 2 * place)
    return holders, lengths


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
    nolo = state.round_kind is RoundKind.NOLO
    tag = (4 if trump is None else trump) | side << 3 | nolo << 4 | (strength[12] < 0) << 5
    strength = tuple(strength)
    above = tuple(
        sum(
            1 << other
            for other in range(13 * (card // 13), 13 * (card // 13) + 13)
            if strength[other] > strength[card]
        )
        for card in range(52)
    )
    # the strengths within a suit are a strict order: what does not rank above a card ranks below it
    below = tuple(SUIT_MASKS[card // 13] & ~above[card] & ~(1 << card) for card in range(52))
    rules = EndingRules(
        trump,
        strength,
        _BEATS.get((trump, strength)) or _beats(trump, strength),
        above,
        below,
        side,
        nolo,
        tag,
        strength[12] < 0,
    )
    seat = state.current_player
    done = state.tricks[0] + state.tricks[1]
    trick = state.trick
    best, ahead = -1, 0
    for place, card in enumerate(trick):
        if not place or rules.beats[best] >> card & 1:
            best, ahead = card, place
    return _new(
        rules,
        state.hands,
        state.trick,
        state.leader,
        seat,
        0 if seat % 2 == side else 1,
        0,
        DEAL_TRICKS - done,
        best,
        ahead,
        0,
        *_ladder(state.hands, above),
        state.hands[0] | state.hands[1] | state.hands[2] | state.hands[3],
        sum(1 << card for card in trick),
    )
