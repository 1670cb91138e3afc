"""The Nóló bounds of a Félagsvist ending, and the strength order under ``nolo_ace=low``.

In Nóló (no trump) each side wants to lose tricks. :func:`nolo_bounds` bounds
the tricks each side must still take at a trick boundary, and
:func:`nolo_trick_bounds` tells which side takes a trick in progress, both
with the cards whose ranks they rely on (the rank-pattern transposition table
keeps those). :func:`~cardrules.games.felagsvist.ending.bounds.ranked_bounds`
hands Nóló positions to them. Under ``nolo_ace=low`` the ace ranks below the
two: :func:`rotate` and :func:`unrotate` turn one suit's card bits into
strength order and back.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from cardrules.games.felagsvist.ending.bits import ONES

if TYPE_CHECKING:
    from cardrules.games.felagsvist.ending.model import FelagsvistEnding

__all__ = ["nolo_bounds", "nolo_trick_bounds", "rotate", "unrotate"]

_SEAT_LADDER: Final = tuple(
    sum(seat << 2 * place + 26 * suit for suit in range(4) for place in range(13)) for seat in range(4)
)
"""``_SEAT_LADDER[seat]``: every place of every suit's ladder held by ``seat``.

Xor-ed with an ending's :attr:`~cardrules.games.felagsvist.ending.FelagsvistEnding.holders`,
it leaves zero the places the seat holds.
"""


def _top_places(counts: int, first: int) -> int:
    """The ladder places of the top cards of the suits ``first`` and ``first + 1``.

    As many places in each as the nibble of ``counts`` for it (the low nibble for ``first``).
    """
    places = 0
    for suit in (first, first + 1):
        count = min(counts >> 4 * (suit - first) & 15, 13)
        places |= ((1 << 2 * count) - 1) << 26 - 2 * count + 26 * suit
    return places


_TOP_LOW: Final = tuple(_top_places(counts, 0) for counts in range(256))
"""``_TOP_LOW[byte]``: the ladder places of the top cards of clubs and diamonds, as many as a seat's
:attr:`~cardrules.games.felagsvist.ending.FelagsvistEnding.lengths` byte for them counts."""

_TOP_HIGH: Final = tuple(_top_places(counts, 2) for counts in range(256))
"""``_TOP_HIGH[byte]``: as :data:`_TOP_LOW`, for hearts and spades (the seat's high lengths byte)."""

_WEAKEST: Final = (
    tuple(cards & -cards for cards in range(1 << 13)),
    tuple(order & -order for order in ((cards & 0xFFF) << 1 | cards >> 12 for cards in range(1 << 13))),
)
"""``_WEAKEST[ace_low][cards]``: the weakest of one suit's 13 bits ``cards``, as its bit in strength order.

0 when ``cards`` is 0. See :func:`rotate` for the strength order under ``nolo_ace=low``.
"""

_FIRST: Final = tuple(card - card % 13 for card in range(52))
"""``_FIRST[card]``: the index of the first card of the card's suit."""

_LOW_TWELVE: Final = sum(0xFFF << shift for shift in (0, 13, 26, 39))
"""The lowest twelve bits of each suit of a 52-bit mask."""

_LOWEST: Final = sum(1 << shift for shift in (0, 13, 26, 39))
"""The lowest bit of each suit of a 52-bit mask."""


_ORDERED: Final = (
    tuple(1 << card % 13 for card in range(52)),
    tuple((1 << card % 13 & 0xFFF) << 1 | 1 << card % 13 >> 12 for card in range(52)),
)
"""``_ORDERED[ace_low][card]``: the card's bit among its suit's 13 in strength order (see :func:`rotate`)."""


def rotate(mask: int) -> int:
    """One suit's 13 bits in strength order under ``nolo_ace=low``: the ace (bit 12) turned to the bottom."""
    return (mask & 0xFFF) << 1 | mask >> 12


def unrotate(mask: int) -> int:
    """The inverse of :func:`rotate`: strength order back to card-index order."""
    return mask >> 1 | (mask & 1) << 12


def _rounds(ending: FelagsvistEnding, side: int) -> tuple[int, int]:
    """How many tricks in a row ``side`` (by seat parity) is sure to take, high in the suits it shares.

    With it come the cards whose ranks that relies on.

    Let the other side play, in every trick, its lowest card of the led
    suit (and, void in it, a discard that lowers none of its hands' lowest
    card of a suit: the highest card of some suit). In each suit both sides
    hold, take the weakest of the lowest cards of the side's hands (its
    "floor"); say each hand of the other side holds ``k`` or more cards of
    the suit below it, or all its cards of the suit. While the side is on
    lead, the trick is led in a suit the leader holds, and the leader's
    card is at least the floor; a hand of the other side has played at
    most one card of the suit in each earlier trick, its lowest, so up to
    the ``k``-th trick from now its card is one of its ``k`` lowest, below
    the floor (or, holding all its cards below it, every card it has).
    So the side wins each of the next ``k`` tricks it leads, and the
    winner leads the next (a suit only the side holds wins too). When the
    other side leads now, it leads its lowest card of a suit they share,
    and loses that trick the same way, when its leader holds such a suit.
    The side is sure of the least ``k`` over the suits they share (all
    the tricks left when every hand of the other side lies below the floor
    in each). This takes in the side off lead each of whose cards ranks
    below every opponent's card of its suit: it takes no trick, the
    opponents all of them.

    It relies, in each suit they share, on the floor: in another ending
    with the cards from that one up in the same hands and the same
    lengths, each hand of the side has all its cards of the suit among
    them, and each hand of the other side as many cards below it.
    """
    hands = ending.hands
    ace_low = ending.rules.ace_low
    near = hands[side]
    far = hands[side + 2]
    first = hands[side ^ 1]
    second = hands[side ^ 1 | 2]
    on_lead = ending.leader % 2 == side
    leading = hands[ending.leader]
    shared = False  # whether the other side's leader holds a suit the side holds
    rounds = ending.left
    relied = 0
    for shift in (0, 13, 26, 39):
        mine = near >> shift & 0x1FFF
        partner = far >> shift & 0x1FFF
        if not mine | partner:
            continue
        lho = first >> shift & 0x1FFF
        rho = second >> shift & 0x1FFF
        if not lho | rho:
            continue
        if not on_lead and leading >> shift & 0x1FFF:
            shared = True
        if ace_low:  # in strength order
            mine = rotate(mine)
            partner = rotate(partner)
            lho = rotate(lho)
            rho = rotate(rho)
        low = mine & -mine
        other = partner & -partner
        floor = other if not low or (other and other < low) else low
        for hand in (lho, rho):
            below = ONES[hand & floor - 1]
            if below < rounds and below < ONES[hand]:
                if not below:
                    return 0, 0
                rounds = below
        relied |= (unrotate(floor) if ace_low else floor) << shift
    if not on_lead and not shared:
        return 0, 0
    return rounds, relied


def nolo_trick_bounds(ending: FelagsvistEnding) -> tuple[int, int, int]:
    """The Nóló bounds inside a trick, with the card whose rank they rely on.

    One side or the other is sure to take the trick in progress: each hand
    still to play does best playing its lowest card of the led suit (see
    :func:`nolo_bounds`), so the side whose highest card so reckoned (of
    those played and those lowest cards) is the higher takes it. That
    relies on that card, when the other side has a card of the led suit
    to compare: another ending with the cards from that one up in the same
    hands and the same lengths has the other side's cards below it too.
    """
    trick = ending.trick
    leader = ending.leader
    hands = ending.hands
    led = _FIRST[trick[0]]
    ace_low = ending.rules.ace_low
    order = _ORDERED[ace_low]
    lowest = _WEAKEST[ace_low]
    ahead = ending.ahead
    # Each side's highest card of the led suit so reckoned, in strength order: the card winning
    # the trick so far is the highest played; the other side's highest played is the lead or a
    # card next to the winning one; each hand still to play counts its lowest card of the suit.
    ours = order[ending.best]  # the side winning the trick so far
    theirs = 0
    played = len(trick)
    if played == 3:
        if ahead == 1:
            theirs = order[trick[0]]
            card = trick[2]
            if 0 <= card - led < 13 and order[card] > theirs:
                theirs = order[card]
            last = lowest[hands[leader + 3 & 3] >> led & 0x1FFF]
            if last > ours:
                ours = last
        else:
            card = trick[1]
            if 0 <= card - led < 13:
                theirs = order[card]
            last = lowest[hands[leader + 3 & 3] >> led & 0x1FFF]
            if last > theirs:
                theirs = last
    else:
        if played == 2:
            card = trick[1 - ahead]
            if 0 <= card - led < 13:
                theirs = order[card]
        for place in range(played, 4):
            low = lowest[hands[leader + place & 3] >> led & 0x1FFF]
            if (place ^ ahead) & 1:
                if low > theirs:
                    theirs = low
            elif low > ours:
                ours = low
    value = ending.value
    if ours > theirs:
        relied = (unrotate(ours) if ace_low else ours) << led if theirs else 0
        if (leader + ahead ^ ending.rules.counted) & 1:
            return value + 1, value + ending.left, relied
        return value, value + ending.left - 1, relied
    relied = (unrotate(theirs) if ace_low else theirs) << led
    if (leader + ahead ^ ending.rules.counted) & 1:
        return value, value + ending.left - 1, relied
    return value + 1, value + ending.left, relied


def nolo_bounds(ending: FelagsvistEnding) -> tuple[int, int, int]:
    """The Nóló bounds at a trick boundary, with the cards whose ranks they rely on.

    With no trump, the highest card of the led suit wins the trick. Three
    facts bound the tricks a side must take; each relies on the lengths
    (the :meth:`~cardrules.games.felagsvist.ending.FelagsvistEnding.shape`)
    and on some cards, which are returned (another ending of that shape
    with those cards, and every card above them, in the same hands has
    bounds at least as tight).

    The first trick: one side or the other is sure to take it. In a trick
    led in a suit, each side wants the highest card of that suit played to
    be the other side's. A hand holding the suit plays one of its cards of
    it, and a void hand discards, which never wins. So once the suit is
    chosen, every hand does best playing its lowest card of it: whatever
    the others play, the highest card a side plays is at least the highest
    of its hands' lowest cards of the suit (the "floor" of the side), and
    playing the lowest cards reaches exactly that. The side with the higher
    floor takes the trick: its floor beats every card the other side plays
    when that side plays its lowest cards, and no card of its own can go
    below its floor. A side holding none of the suit has no floor and takes
    no trick led in it. The leader picks the suit among those it holds: its
    side takes the trick whatever it leads when its floor is the higher in
    each, else the other side takes it when the leader leads a suit where
    the other floor is higher. The same reckoning, with the cards already
    played, tells who takes a trick in progress (:func:`nolo_trick_bounds`).
    It relies, in each suit that settles it, on the higher of the two
    floors (when the other side holds the suit): in another ending with the
    cards from that one up in the same hands and the same lengths, the hand
    whose lowest card it is has all its cards of the suit among them, so
    that floor is still there, and each hand of the other side still holds
    as many cards of the suit below it, so the other floor is still lower.
    Of the suits where the other side takes the trick, the one relying on
    the fewest cards is chosen.

    A top seat: each of its cards outranks every other card of its suit
    still in play. In any trick led in a suit it holds, it must follow and
    it wins; after that it leads, and wins again, to the end. So its side
    takes every trick from the first one led in a suit it holds: all of
    them when it leads now, or when the hand on lead holds no suit the seat
    is void in (the first trick is led in one it holds). The bound relies
    on the seat's cards being the top of each suit, so its cards are
    returned.

    A side high in the suits it shares: when, in each suit both sides
    hold, the weakest of its hands' lowest cards lies above ``k`` or more
    of the suit's cards in each hand of the other side (or above all of
    them), the side is sure of ``k`` tricks in a row, when it leads or when
    the other side's leader holds such a suit (it leads its lowest cards
    into it); ``_rounds`` in the code proves it. So a side off lead each of
    whose cards ranks below every opponent's card of its suit takes no
    trick. It relies on that weakest lowest card in each shared suit.
    """
    value = ending.value
    left = ending.left
    if not left:
        return value, value, 0
    leader = ending.leader
    leading = leader & 1
    ace_low = ending.rules.ace_low
    winning, losing, out_even, out_odd, shares = _floors(ending)
    sure = [0, 0]  # the tricks each side (by seat parity) is sure to take
    cards = [0, 0]
    first, relied = (leading ^ 1, losing) if losing else (leading, winning)
    sure[first] = 1
    cards[first] = relied >> 1 & _LOW_TWELVE | (relied & _LOWEST) << 12 if ace_low else relied
    seat = _top_seat(ending, sure)
    if seat >= 0:
        sure[seat & 1] = left
        cards[seat & 1] = ending.hands[seat]
    for side, out in ((0, out_even), (1, out_odd)):
        if out or sure[side] >= left or (side != leading and not shares):
            continue
        rounds, relied = _rounds(ending, side)
        if rounds > sure[side]:
            sure[side] = rounds
            cards[side] = relied
    counted = ending.rules.counted
    # the counted side scores the tricks its opponents take
    return value + sure[1 - counted], value + left - sure[counted], cards[0] | cards[1]


def _floors(ending: FelagsvistEnding) -> tuple[int, int, bool, bool, bool]:
    """:func:`nolo_bounds`' pass over the suits both sides hold: the first trick's floors, and more.

    Returns the floors of the suits the leader holds where its side takes
    the first trick, the floor of the suit chosen among those where the
    other side takes it (0: none), whether ``_rounds`` counts nothing for
    North-South and for East-West, and whether the leader holds a suit both
    sides hold.
    """
    leader = ending.leader
    hands = ending.hands
    north, east, south, west = hands
    ace_low = ending.rules.ace_low
    lowest = _WEAKEST[ace_low]
    leading = leader & 1
    lead_hand = hands[leader]
    # One pass over the suits both sides hold reads the floors of the first trick, and whether
    # _rounds can count anything for each side: for a side, nothing once a hand of the other side
    # holding a suit they share has its lowest card of it above the weakest of the side's lowest
    # cards there (that hand has no card below the side's floor, see _rounds), nor, off lead, when
    # the leader holds no suit they share.
    winning = 0  # the floors of the suits where the leader's side takes the first trick
    losing = 0  # the floor of the suit chosen among those where the other side takes it
    cost = 14
    out_even = out_odd = False  # whether _rounds counts nothing for the side (by seat parity)
    shares = False  # whether the leader holds a suit both sides hold
    for shift in (0, 13, 26, 39):
        # each hand's lowest card of the suit, in strength order (none when void)
        n = lowest[north >> shift & 0x1FFF]
        s = lowest[south >> shift & 0x1FFF]
        if not n | s:
            continue
        e = lowest[east >> shift & 0x1FFF]
        w = lowest[west >> shift & 0x1FFF]
        if not e | w:
            continue  # only North-South hold it: a trick led in it is theirs
        even = n if n > s else s  # each side's floor
        odd = e if e > w else w
        if even > odd:  # North-South take a trick led in it
            floor = even
            taker = 0
            out_odd = True
            if not out_even and (0 < n < odd or 0 < s < odd):
                out_even = True
        else:
            floor = odd
            taker = 1
            out_even = True
            if not out_odd and (0 < e < even or 0 < w < even):
                out_odd = True
        if not lead_hand >> shift & 0x1FFF:
            continue
        shares = True
        if taker == leading:
            winning |= floor << shift
            continue
        # the cards the pattern keeps for this suit: those from the floor up
        every = (north | east | south | west) >> shift & 0x1FFF
        kept = ONES[(rotate(every) if ace_low else every) & -floor]
        if kept < cost:
            cost = kept
            losing = floor << shift
    return winning, losing, out_even, out_odd, shares


def _top_seat(ending: FelagsvistEnding, sure: list[int]) -> int:
    """The first top seat (its cards top their suits) making its side sure of more than ``sure`` (or -1).

    Such a seat's side takes every trick left from the first one led in a
    suit it holds: all of them when it leads, or when the leader holds no
    suit the seat is void in (see :func:`nolo_bounds`).
    """
    leader = ending.leader
    left = ending.left
    # a top seat: the top places of each suit's ladder, as many as its cards there, are its own
    holders = ending.holders
    lengths = ending.lengths
    for seat in (0, 1, 2, 3):
        counts = lengths >> 16 * seat & 0xFFFF
        if (holders ^ _SEAT_LADDER[seat]) & (_TOP_LOW[counts & 0xFF] | _TOP_HIGH[counts >> 8]):
            continue  # another hand holds a card of some suit above one of this seat's
        if seat != leader:
            lead = lengths >> 16 * leader & 0xFFFF
            # one bit per suit held, from each nibble
            if (
                (lead | lead >> 1 | lead >> 2 | lead >> 3)
                & ~(counts | counts >> 1 | counts >> 2 | counts >> 3)
                & 0x1111
            ):
                continue  # the first trick may be led in a suit it lacks
        if left > sure[seat & 1]:
            return seat  # no seat of the other side is a top seat too (it would share a suit with this one)
    return -1
