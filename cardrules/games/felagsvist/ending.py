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
((0, 2), 'tricks', (1, 9), 13)
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
from cardrules.games.felagsvist.cards import strength_table
from cardrules.games.felagsvist.deal import DEAL_TRICKS
from cardrules.games.felagsvist.options import NoloAce, RoundKind
from cardrules.games.felagsvist.play import playable, trick_winner
from cardrules.solve.table import claimed_amount, read_claimer

if TYPE_CHECKING:
    from cardrules.games.felagsvist.state import FelagsvistState

__all__ = ["EndingRules", "FelagsvistEnding", "ending"]

_SIDES: Final = MappingProxyType({"NS": 0, "EW": 1})

_FIELD: Final = (1 << 26) - 1
"""The bits of one suit in :attr:`FelagsvistEnding.holders`."""

_REPEATED: Final = tuple(
    tuple(sum(seat << 2 * place for place in range(count)) for count in range(14)) for seat in range(4)
)
"""``_REPEATED[seat][count]``: ``count`` places of a :attr:`FelagsvistEnding.holders` ladder, all ``seat``."""

_ODD: Final = _REPEATED[1]
"""``_ODD[count]``: the low bit of each of ``count`` ladder places (the holder's side)."""


@dataclass(frozen=True, slots=True)
class EndingRules:
    """What stays fixed in one ending: the deal's trump and strengths, and the counted side.

    Attributes:
        trump: the trump suit number, or ``None`` (Grand, Nóló).
        strength: each card's strength within its suit (the engine's table for the deal).
        beats: for each card index, the cards that take a trick from it when it
            is winning the trick so far, as a bitmask (read off
            :func:`~cardrules.games.felagsvist.play.trick_winner`; the search
            uses it to order its moves only).
        above: for each card index, the cards of its suit that rank above it, as a bitmask.
        counted: the counted side (0 NS, 1 EW).
        nolo: whether the deal is Nóló, where the counted side scores the tricks its opponents take.
        tag: a small number telling apart endings under other rules in one transposition table.
        ace_low: whether the ace ranks below the 2 (Nóló under ``nolo_ace=low``).
    """

    trump: int | None
    strength: tuple[int, ...]
    beats: tuple[int, ...]
    above: tuple[int, ...]
    counted: int
    nolo: bool
    tag: int
    ace_low: bool


def _rotate(mask: int) -> int:
    """One suit's 13 bits in strength order under ``nolo_ace=low``: the ace (bit 12) turned to the bottom."""
    return (mask & 0xFFF) << 1 | mask >> 12


def _unrotate(mask: int) -> int:
    """The inverse of :func:`_rotate`: strength order back to card-index order."""
    return mask >> 1 | (mask & 1) << 12


def _run(hand: int, everyone: int) -> int:
    """How many of the top cards of ``everyone`` (one suit, strength order) ``hand`` holds in a row."""
    return (everyone >> (everyone & ~hand).bit_length()).bit_count()


def _cash(
    own: tuple[int, ...],
    mate: tuple[int, ...],
    lho: tuple[int, ...],
    rho: tuple[int, ...],
    trump: int | None,
    trumps_led_first: bool,
) -> int:
    """The tricks the hand ``own`` holds, on lead, is sure to take for its side by cashing its top cards.

    Each argument holds one hand's cards per suit, in strength order. The hand
    keeps the lead as long as it wins, so it may cash one suit after another:

    - while no opponent holds a trump (or once they are drawn), a suit gives
      its run of top cards, and every card of the suit when no other hand
      holds more cards of it than that run (the others are then void of it);
    - while an opponent holds a trump, a side suit gives its top cards only
      for as many rounds as both opponents follow, and trumps their run of top
      trumps; the side suits are cashed first, so no discard changes a length.
      When the top trumps are at least as many as either opponent's trumps,
      the hand may draw them first and then cash as if no trump were out.

    ``trumps_led_first``: the first trick is a trump lead (the entry to this
    hand), so the side suits cannot come first.
    """
    opponents_trump = trump is not None and bool(lho[trump] | rho[trump])
    free = 0  # no opponent trump left
    ruffable = 0  # opponents with trumps, side suits first
    trump_run = 0
    for suit in range(4):
        mine = own[suit]
        if not mine:
            continue
        left_hand = lho[suit]
        right_hand = rho[suit]
        everyone = mine | mate[suit] | left_hand | right_hand
        run = (everyone >> (everyone & ~mine).bit_length()).bit_count()
        longest = max(mate[suit].bit_count(), left_hand.bit_count(), right_hand.bit_count())
        free += mine.bit_count() if run >= longest else run
        if suit == trump:
            trump_run = run
            ruffable += run
        elif not trumps_led_first:
            ruffable += min(run, left_hand.bit_count(), right_hand.bit_count())
    if not opponents_trump:
        return free
    assert trump is not None
    if trump_run >= max(lho[trump].bit_count(), rho[trump].bit_count()):
        return max(free, ruffable)
    return ruffable


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

    def _groups(self) -> list[int]:
        """The legal cards split into groups of equivalent ones, as bitmasks, each suit strongest first.

        Cards of one hand and one suit are equivalent when no card still in
        play elsewhere (another hand, the trick) lies between them in
        strength: they win and lose against the same cards from now on. A
        suit with a legal card has all the hand's cards of that suit legal.
        """
        seat = self.seat
        hands = self.hands
        hand = hands[seat]
        trick = self.trick
        legal = playable(hand, trick)
        others = (hands[0] | hands[1] | hands[2] | hands[3]) ^ hand
        for card in trick:
            others |= 1 << card
        ace_low = self.rules.ace_low
        groups = []
        for shift in (0, 13, 26, 39):
            mine = legal >> shift & 0x1FFF
            if not mine:
                continue
            rest = others >> shift & 0x1FFF
            if ace_low:
                mine = _rotate(mine)
                rest = _rotate(rest)
            while mine:
                floor = (rest & ((1 << (mine.bit_length() - 1)) - 1)).bit_length()
                group = (
                    mine >> floor << floor
                )  # the top card and every one of ours down to the next card not ours
                mine ^= group
                groups.append((_unrotate(group) if ace_low else group) << shift)
        return groups

    def moves(self) -> tuple[int, ...]:
        """One card per group of equivalent legal cards, the likely best first.

        The leader tries first the top cards of a suit (cashing), then low
        cards of suits where its partner holds the top card, then the rest,
        highest first. A follower whose side is not winning the trick tries
        first the cards that take it (the lowest first), then the others,
        lowest first and trumps last; with its partner winning, it tries its
        lowest cards first. In Nóló, where a side wants to lose tricks, a
        follower tries its highest ducking cards first.
        """
        return self._order(self._groups())

    def ranked_moves(self) -> tuple[tuple[int, ...], dict[int, int]]:
        """:meth:`moves`, and for each move standing for more than one card, that group's cards.

        A table entry that relies on a move standing for its group must keep
        the ranks of the whole group, so that the cards stay equivalent in
        every ending the entry is used for.
        """
        groups = self._groups()
        ties = {group.bit_length() - 1: group for group in groups if group & (group - 1)}
        return self._order(groups), ties

    def _order(self, groups: list[int]) -> tuple[int, ...]:
        """One card of each group (its highest card index), in the order :meth:`moves` gives."""
        if len(groups) == 1:
            return (groups[0].bit_length() - 1,)
        rules = self.rules
        strength = rules.strength
        reps = [group.bit_length() - 1 for group in groups]
        trick = self.trick
        if not trick:
            if rules.nolo:
                reps.sort(key=lambda card: -strength[card])
                return tuple(reps)
            return self._leads(reps)
        trump = rules.trump
        beaten = 0 if (len(trick) - self.ahead) % 2 == 0 else rules.beats[self.best]
        wins = [card for card in reps if beaten >> card & 1]
        loses = [card for card in reps if not beaten >> card & 1]
        wins.sort(key=lambda card: (card // 13 == trump, strength[card]))
        loses.sort(key=lambda card: (card // 13 == trump, strength[card]))
        if rules.nolo:
            # In Nóló a side wants to lose tricks: duck first, highest ducking card first.
            loses.reverse()
            return (*loses, *wins)
        return (*wins, *loses)

    def _leads(self, reps: list[int]) -> tuple[int, ...]:
        """The leads in the order :meth:`moves` gives them, outside Nóló."""
        hands = self.hands
        strength = self.rules.strength
        everyone = hands[0] | hands[1] | hands[2] | hands[3]
        partner = hands[(self.seat + 2) % 4]
        ace_low = self.rules.ace_low

        def order(card: int) -> tuple[int, int]:
            shift = card - card % 13
            rest = everyone >> shift & 0x1FFF
            if ace_low:
                low = rest & 0xFFF
                top = shift + (low.bit_length() - 1 if low else 12)
            else:
                top = shift + rest.bit_length() - 1
            if card == top:
                return (0, -strength[card])
            if partner >> top & 1:
                return (1, strength[card])
            return (2, -strength[card])

        reps.sort(key=order)
        return tuple(reps)

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
        suit = move // 13
        # the card leaves the ladder of its suit: the cards below it move up one place
        field = self.holders >> (26 * suit) & _FIELD
        cut = 24 - 2 * ((h0 | h1 | h2 | h3) & rules.above[move]).bit_count()
        moved = field >> (cut + 2) << (cut + 2) | (field & ((1 << cut) - 1)) << 2
        holders = self.holders ^ (field ^ moved) << (26 * suit)
        lengths = self.lengths - (1 << (16 * seat + 4 * suit))
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
            if len(trick) == 1:
                best, ahead = move, 0
            elif rules.beats[self.best] >> move & 1:
                best, ahead = move, len(trick) - 1
            else:
                best, ahead = self.best, self.ahead
            return _new(
                rules,
                hands,
                trick,
                self.leader,
                following,
                0 if following % 2 == rules.counted else 1,
                self.value,
                self.left,
                best,
                ahead,
                0,
                holders,
                lengths,
            )
        place = trick_winner(trick, rules.trump, rules.strength)
        card = trick[place]
        suit = card // 13
        won = 0
        for other in trick:
            if other != card and other // 13 == suit:
                won = 1 << card
                break
        winner = (self.leader + place) % 4
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
            -1,
            0,
            won,
            holders,
            lengths,
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

    def _suits(self) -> tuple[int, int, int, int]:
        """The cards still in the hands, one 13-bit strength-ordered mask per suit."""
        h0, h1, h2, h3 = self.hands
        left = h0 | h1 | h2 | h3
        if self.rules.ace_low:
            return (
                _rotate(left & 0x1FFF),
                _rotate(left >> 13 & 0x1FFF),
                _rotate(left >> 26 & 0x1FFF),
                _rotate(left >> 39),
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
        h0, h1, h2, h3 = self.hands
        left = h0 | h1 | h2 | h3
        above = self.rules.above
        ace_low = self.rules.ace_low
        mask = 0
        for shift in (0, 13, 26, 39):
            mine = relevant >> shift & 0x1FFF
            if not mine:
                continue
            weakest = 12 if ace_low and mine >> 12 else (mine & -mine).bit_length() - 1
            count = (left & above[shift + weakest]).bit_count() + 1
            mask |= ((1 << 2 * count) - 1) << (26 - 2 * count + 2 * shift)
        return mask

    def top(self, depths: int) -> int:
        """The cards in hand whose :meth:`ladder` bits ``depths`` (a :meth:`depth` mask) covers."""
        ace_low = self.rules.ace_low
        mask = 0
        for number, rest in enumerate(self._suits()):
            count = (depths >> (26 * number) & _FIELD).bit_count() // 2
            if not count:
                continue
            drop = rest.bit_count() - count
            while drop:
                rest &= rest - 1
                drop -= 1
            mask |= (_unrotate(rest) if ace_low else rest) << (13 * number)
        return mask

    def settle(self, relevant: int, ties: int) -> int:
        """``relevant`` with the ``ties`` a pattern must keep: in a suit, all once one reaches its cards.

        A group of equivalent cards searched through one of them stays
        equivalent in another ending when the pattern holds all of it, or
        none of it (its cards then all lie below the pattern, where the cards
        play alike); in a suit where some tied card ranks at or above the
        weakest card of ``relevant``, every tied card joins.
        """
        strength = self.rules.strength
        for shift in (0, 13, 26, 39):
            tied = ties >> shift & 0x1FFF
            mine = relevant >> shift & 0x1FFF
            if not tied or not mine:
                continue
            weakest = min(strength[shift + card] for card in range(13) if mine >> card & 1)
            if any(strength[shift + card] >= weakest for card in range(13) if tied >> card & 1):
                relevant |= tied << shift
        return relevant

    def ranked_bounds(self) -> tuple[int, int, int]:
        """:meth:`bounds`, with the cards whose ranks they rely on: each suit's run of top cards in one hand.

        Everything else the bounds read is how many cards of each suit each
        hand holds (the :meth:`shape`), so another ending of that shape whose
        suits have those runs of top cards in the same hands has bounds at least as tight.
        """
        if self.left == 1:
            final, won = self._last()
            return final, final, won
        if self.trick:
            return self.value, self.value + self.left, 0
        if self.left == 2:
            final, won = self._two()
            return final, final, won
        if self.rules.nolo:
            return self._nolo()
        low, high = self.bounds()
        if low == self.value and high == self.value + self.left:
            return low, high, 0
        h0, h1, h2, h3 = self.hands
        ace_low = self.rules.ace_low
        mask = 0
        for number, rest in enumerate(self._suits()):
            if not rest:
                continue
            shift = 13 * number
            topmost = rest.bit_length() - 1
            bit = (_unrotate(1 << topmost) if ace_low else 1 << topmost) << shift
            holder = h0 if h0 & bit else h1 if h1 & bit else h2 if h2 & bit else h3
            mine = holder >> shift & 0x1FFF
            if ace_low:
                mine = _rotate(mine)
            run = rest >> (rest & ~mine).bit_length() << (rest & ~mine).bit_length()
            mask |= (_unrotate(run) if ace_low else run) << shift
        return low, high, mask

    def _nolo(self) -> tuple[int, int, int]:
        """The Nóló bounds at a trick boundary, with the cards whose ranks they rely on.

        With no trump, the highest card of the led suit wins the trick. Take a
        seat each of whose cards outranks every other card of its suit still in
        play (its cards are the top run of each suit it holds). In any trick
        led in a suit it holds, it must follow and it wins. After that it
        leads, and wins again, to the end. So its side takes every trick from
        the first one led in a suit it holds; when the seat leads now, all of
        them. The tricks before that are led in suits it is void in by then
        (it may have discarded a whole suit on the earlier ones); each such
        trick takes one card of the led suit from every other hand that holds
        the suit (they must follow), so a suit can be led so at most as many
        times as the longest holding of it among the other three hands. The
        seat's side therefore takes at least the tricks left less, over every
        suit, that longest holding. The bound relies on the seat's cards
        being the top of each suit, so its cards are the ones returned (the
        lengths are in the :meth:`shape`).
        """
        value = self.value
        left = self.left
        leader = self.leader
        holders = self.holders
        lengths = self.lengths
        # each suit's ladder (strongest card's holder in the top two bits), and each seat's suit lengths
        fields = (holders & _FIELD, holders >> 26 & _FIELD, holders >> 52 & _FIELD, holders >> 78)
        counts = [
            (
                lengths >> shift & 15,
                lengths >> shift + 4 & 15,
                lengths >> shift + 8 & 15,
                lengths >> shift + 12 & 15,
            )
            for shift in (0, 16, 32, 48)
        ]
        # the tricks left less, for each suit, its longest holding among the other hands
        spare = [left, left, left, left]
        for suit in range(4):
            ranked = sorted((counts[seat][suit], seat) for seat in range(4))
            longest, holder = ranked[3]
            spare[0] -= longest
            spare[1] -= longest
            spare[2] -= longest
            spare[3] -= longest
            spare[holder] += longest - ranked[2][0]
        spare[leader] = left
        sure = [0, 0]  # the tricks each side (by seat parity) is sure to take
        cards = [0, 0]
        for seat in range(4):
            mine = counts[seat]
            forced = spare[seat]
            if forced <= sure[seat % 2]:
                continue
            for suit in range(4):
                held = mine[suit]
                if held and fields[suit] >> 26 - 2 * held != _REPEATED[seat][held]:
                    break  # another hand holds a card of this suit above one of this seat's
            else:
                sure[seat % 2] = forced
                cards[seat % 2] = self.hands[seat]
        # A side not on lead each of whose cards ranks below every card of its
        # suit the opponents hold takes no trick: the lead is the opponents', a
        # trick led in a suit it holds is led with a card above all of its
        # cards of that suit, and it never wins a trick, so it never leads.
        under = 1 - leader % 2
        if sure[1 - under] < left:
            theirs = counts[1 - under], counts[3 - under]
            ours = counts[under], counts[under + 2]
            contested = 0  # the suits the opponents hold: there the side's top card must lie below theirs
            for suit in range(4):
                above = theirs[0][suit] + theirs[1][suit]
                if above:
                    contested |= 0x1FFF << 13 * suit
                if (
                    above
                    and ours[0][suit] + ours[1][suit]
                    and fields[suit] >> 26 - 2 * above & _ODD[above] != _ODD[above] * (1 - under)
                ):
                    break  # one of the side's cards of this suit outranks an opponent's
            else:
                sure[1 - under] = left
                cards[1 - under] = self._tops((self.hands[under] | self.hands[under + 2]) & contested)
        counted = self.rules.counted
        # the counted side scores the tricks its opponents take
        return value + sure[1 - counted], value + left - sure[counted], cards[0] | cards[1]

    def _tops(self, mask: int) -> int:
        """The strongest card of ``mask`` in each suit."""
        strength = self.rules.strength
        tops = 0
        for shift in (0, 13, 26, 39):
            suit = mask >> shift & 0x1FFF
            if suit:
                best = max((shift + card for card in range(13) if suit >> card & 1), key=strength.__getitem__)
                tops |= 1 << best
        return tops

    def _two(self) -> tuple[int, int]:
        """The last two tricks from their start, every line tried: the final value and the ranks it read.

        Each hand holds two cards, so the first trick has at most sixteen
        lines and the second is forced. The cards returned are the winners of
        the tricks on the lines looked at whose ranks decided them (another
        card of the suit was played to them), as the search itself would
        gather them: every other card plays alike below them.
        """
        rules = self.rules
        trump = rules.trump
        strength = rules.strength
        counted = rules.counted
        nolo = rules.nolo
        hands = self.hands
        leader = self.leader
        seats = (leader, (leader + 1) % 4, (leader + 2) % 4, (leader + 3) % 4)
        relied = 0

        def score(trick: tuple[int, ...], first: int) -> tuple[int, int]:
            """What the counted side scores for ``trick`` led by seat ``first`` (0 or 1), and its winner."""
            nonlocal relied
            place = trick_winner(trick, trump, strength)
            card = trick[place]
            suit = card // 13
            for other in trick:
                if other != card and other // 13 == suit:
                    relied |= 1 << card  # its rank decided the trick
                    break
            winner = (first + place) % 4
            return (1 if (winner % 2 == counted) != nolo else 0), winner

        def walk(place: int, trick: tuple[int, ...]) -> int:
            """The best the counted side scores from here, the first trick's cards so far ``trick``."""
            if place == 4:
                gained, first = score(trick, leader)
                rest = []
                for turn in range(4):
                    seat = (first + turn) % 4
                    rest.append((hands[seat] ^ 1 << trick[(seat - leader) % 4]).bit_length() - 1)
                return gained + score(tuple(rest), first)[0]
            seat = seats[place]
            options = playable(hands[seat], trick)
            maximise = seat % 2 == counted
            best = -1 if maximise else 3
            while options:
                low = options & -options
                options ^= low
                found = walk(place + 1, (*trick, low.bit_length() - 1))
                if maximise:
                    if found > best:
                        best = found
                        if best == 2:
                            break
                elif found < best:
                    best = found
                    if best == 0:
                        break
            return best

        return self.value + walk(0, ()), relied

    def _last(self) -> tuple[int, int]:
        """The last trick, every card forced: the final value, and the winner if its rank decided it."""
        rules = self.rules
        trick = list(self.trick)
        seat = self.seat
        while len(trick) < 4:
            trick.append(self.hands[seat].bit_length() - 1)
            seat = (seat + 1) % 4
        place = trick_winner(trick, rules.trump, rules.strength)
        card = trick[place]
        won = 0
        for other in trick:
            if other != card and other // 13 == card // 13:
                won = 1 << card
                break
        scored = ((self.leader + place) % 2 == rules.counted) != rules.nolo
        return self.value + scored, won

    def bounds(self) -> tuple[int, int]:
        """The least and most the counted side can still end with.

        In the last trick every card is forced, so the value is worked out;
        at the start of the last two tricks every line is tried at once, so
        the value is exact there too.

        At most all the tricks left, at least none. In Nóló, at a trick
        boundary, a side is sure of the rest once a hand of only top cards
        must follow suit, and a side off lead whose every card lies below
        the opponents' in its suit takes none. Outside Nóló, at a trick
        boundary, the leader's side is sure of the tricks the leader can cash
        suit after suit (its top cards; a whole suit once the others are out
        of it; only while both opponents follow while they hold trumps,
        unless the leader can draw those first), or those its partner can
        cash once the leader reaches it with a low card of a suit whose top
        card the partner holds; in a trump deal each side is also sure of its
        run of top trumps held in one hand (each wins the trick it is played to).
        """
        value = self.value
        left = self.left
        if left == 1:
            final = self._last()[0]
            return final, final
        rules = self.rules
        if self.trick:
            return value, value + left
        if left == 2:
            final = self._two()[0]
            return final, final
        if rules.nolo:
            low, high, _ = self._nolo()
            return low, high
        leader = self.leader
        hands = self.hands
        ace_low = rules.ace_low
        trump = rules.trump
        split = []
        for seat in (leader, (leader + 1) % 4, (leader + 2) % 4, (leader + 3) % 4):
            hand = hands[seat]
            if ace_low:
                split.append(tuple(_rotate(hand >> shift & 0x1FFF) for shift in (0, 13, 26, 39)))
            else:
                split.append((hand & 0x1FFF, hand >> 13 & 0x1FFF, hand >> 26 & 0x1FFF, hand >> 39))
        own, lho, mate, rho = split
        ours = _cash(own, mate, lho, rho, trump, False)
        theirs = 0
        opponents_trump = False
        if trump is not None:
            trumps = own[trump] | lho[trump] | mate[trump] | rho[trump]
            ours = max(ours, _run(own[trump], trumps), _run(mate[trump], trumps))
            theirs = max(_run(lho[trump], trumps), _run(rho[trump], trumps))
            opponents_trump = bool(lho[trump] | rho[trump])
        if ours < left:
            reach_side = reach_trump = False
            for suit in range(4):
                if not own[suit] or not mate[suit]:
                    continue
                everyone = own[suit] | lho[suit] | mate[suit] | rho[suit]
                if not mate[suit] >> (everyone.bit_length() - 1):
                    continue  # the partner does not hold the top card
                if suit == trump:
                    reach_trump = True
                elif not opponents_trump or (lho[suit] and rho[suit]):
                    reach_side = True
            if reach_side:
                ours = max(ours, _cash(mate, own, lho, rho, trump, False))
            elif reach_trump:
                ours = max(ours, _cash(mate, own, lho, rho, trump, True))
        if ours > left:
            ours = left
        if leader % 2 == rules.counted:
            return value + ours, value + left - theirs
        return value + theirs, value + left - ours

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
    rules = EndingRules(
        trump,
        strength,
        _BEATS.get((trump, strength)) or _beats(trump, strength),
        above,
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
    )
