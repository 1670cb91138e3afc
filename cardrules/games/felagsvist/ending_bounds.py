"""The bounds of a Félagsvist ending: the least and most its counted side can still end with.

The exact search (:mod:`cardrules.solve`) asks an ending for bounds at every
position, and stops there when they meet or fall outside its window. These
functions work them out for a :class:`~cardrules.games.felagsvist.ending.FelagsvistEnding`:
the last trick is forced, the last two are tried line by line, and earlier
trick boundaries use sure tricks (cashing top cards, top trumps, entries to
the partner) or, in Nóló, the two facts about top cards and low cards that
:func:`nolo_bounds` states. With the bounds comes the set of cards whose ranks
they rely on, which the rank-pattern transposition table keeps.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from cardrules.games.felagsvist.cards import SUIT_MASKS
from cardrules.games.felagsvist.play import playable

if TYPE_CHECKING:
    from cardrules.games.felagsvist.ending import FelagsvistEnding

__all__ = [
    "FIELD",
    "bounds",
    "last_trick",
    "nolo_bounds",
    "nolo_trick_bounds",
    "ranked_bounds",
    "rotate",
    "tops",
    "two_tricks",
    "unrotate",
]

FIELD: Final = (1 << 26) - 1
"""The bits of one suit in :attr:`~cardrules.games.felagsvist.ending.FelagsvistEnding.holders`."""

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
) -> tuple[int, tuple[int, ...]]:
    """The tricks the hand ``own`` holds, on lead, is sure to take for its side by cashing its top cards.

    With them comes, for each suit, how many of its top cards (all in
    ``own``) the count reads: any hand holding at least that many top cards
    of each suit, the lengths being the same, is sure of as many tricks.

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
    # how many of each suit's top cards (all this hand's) each count reads: a suit counted whole
    # needs only a run as long as the longest other holding, one counted for its rounds of
    # following only that many top cards; any run at least that long counts as much
    free_depths = [0, 0, 0, 0]
    ruffable_depths = [0, 0, 0, 0]
    for suit in range(4):
        mine = own[suit]
        if not mine:
            continue
        left_hand = lho[suit]
        right_hand = rho[suit]
        everyone = mine | mate[suit] | left_hand | right_hand
        run = (everyone >> (everyone & ~mine).bit_length()).bit_count()
        longest = max(mate[suit].bit_count(), left_hand.bit_count(), right_hand.bit_count())
        if run >= longest:
            free += mine.bit_count()
            free_depths[suit] = longest
        else:
            free += run
            free_depths[suit] = run
        if suit == trump:
            trump_run = run
            ruffable += run
            ruffable_depths[suit] = run
        elif not trumps_led_first:
            rounds = min(run, left_hand.bit_count(), right_hand.bit_count())
            ruffable += rounds
            ruffable_depths[suit] = rounds
    if not opponents_trump:
        return free, tuple(free_depths)
    assert trump is not None
    if trump_run >= max(lho[trump].bit_count(), rho[trump].bit_count()) and free >= ruffable:
        # a trump run that long reaches as far in a trump counted whole (its longest other
        # holding is at least either opponent's), so the draw stays open with those depths
        return free, tuple(free_depths)
    return ruffable, tuple(ruffable_depths)


def bounds(ending: FelagsvistEnding) -> tuple[int, int]:
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
    low, high, _ = ranked_bounds(ending)
    return low, high


def _between(ending: FelagsvistEnding, ours: int, theirs: int) -> tuple[int, int]:
    """The bounds when the leader's side is sure of ``ours`` tricks and the other side of ``theirs``."""
    value = ending.value
    if ending.leader % 2 == ending.rules.counted:
        return value + ours, value + ending.left - theirs
    return value + theirs, value + ending.left - ours


def _sure(ending: FelagsvistEnding) -> tuple[int, int, int, tuple[int, ...]]:
    """Outside Nóló, at a trick boundary: the sure tricks of the leader's side and of the other side.

    Then the seat whose runs of top cards the leader's side's count reads
    (the leader's, or its partner's when that counts more), and how many of
    each suit's top cards (all that seat's) it reads (see :func:`_cash`).
    """
    left = ending.left
    rules = ending.rules
    leader = ending.leader
    hands = ending.hands
    ace_low = rules.ace_low
    trump = rules.trump
    split = []
    for seat in (leader, (leader + 1) % 4, (leader + 2) % 4, (leader + 3) % 4):
        hand = hands[seat]
        if ace_low:
            split.append(tuple(rotate(hand >> shift & 0x1FFF) for shift in (0, 13, 26, 39)))
        else:
            split.append((hand & 0x1FFF, hand >> 13 & 0x1FFF, hand >> 26 & 0x1FFF, hand >> 39))
    own, lho, mate, rho = split
    source = leader
    ours, depths = _cash(own, mate, lho, rho, trump, False)
    theirs = 0
    opponents_trump = False
    if trump is not None:
        trumps = own[trump] | lho[trump] | mate[trump] | rho[trump]
        # a run of top trumps in one hand: each of them wins the trick it is played to
        for seat, held in ((leader, own), ((leader + 2) % 4, mate)):
            run = _run(held[trump], trumps)
            if run > ours:
                ours, source = run, seat
                depths = tuple(run if suit == trump else 0 for suit in range(4))
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
        if reach_side or reach_trump:
            partners, reads = _cash(mate, own, lho, rho, trump, not reach_side)
            if partners > ours:
                ours, source, depths = partners, (leader + 2) % 4, reads
    return min(ours, left), theirs, source, depths


def ranked_bounds(ending: FelagsvistEnding) -> tuple[int, int, int]:
    """:func:`bounds`, with the cards whose ranks they rely on: runs of top cards in one hand.

    Outside Nóló the tricks the leader's side is sure of are counted from
    the runs of top cards of one of its hands (the leader's, or its
    partner's when that counts more), and those of the other side from its
    run of top trumps; everything else the bounds read is how many cards of
    each suit each hand holds (the ending's
    :meth:`~cardrules.games.felagsvist.ending.FelagsvistEnding.shape`). So
    the cards returned are, in each suit that hand tops, as many of its
    top cards as the count reads (when its side is sure of a trick), and
    the other side's run of top trumps (when it is sure of one). Another
    ending of that shape with those cards in the same hands has bounds at
    least as tight: in a suit that hand does not top here, it has no run
    to count, and where it tops it there it has a run of a card or more;
    every count of sure tricks only grows with a run (and the partner is
    reached wherever it was here). ``test_ending_trump_bounds`` checks this
    by dealing the cards below again.
    """
    left = ending.left
    if ending.trick and left > 1:  # most positions searched: inside a trick
        if ending.rules.nolo:
            return nolo_trick_bounds(ending)
        value = ending.value  # outside Nóló no bound but the tricks left
        return value, value + left, 0
    if left == 1:
        final, won = last_trick(ending)
        return final, final, won
    if left == 2:
        final, won = two_tricks(ending)
        return final, final, won
    if ending.rules.nolo:
        return nolo_bounds(ending)
    ours, theirs, source, depths = _sure(ending)
    low, high = _between(ending, ours, theirs)
    if not ours and not theirs:
        return low, high, 0
    hands = ending.hands
    h0, h1, h2, h3 = hands
    ace_low = ending.rules.ace_low
    trump = ending.rules.trump
    # the leader's side's count reads so many top cards of each suit of one hand (source), the
    # other side's only its run of top trumps; a hand with at least those top cards, the lengths
    # being the same, counts as many sure tricks or more
    reading = hands[source] if ours else 0
    others = hands[(ending.leader + 1) % 4] | hands[(ending.leader + 3) % 4] if theirs else 0
    mask = 0
    for number, rest in enumerate(ending.suits()):
        if not rest:
            continue
        shift = 13 * number
        topmost = rest.bit_length() - 1
        bit = (unrotate(1 << topmost) if ace_low else 1 << topmost) << shift
        if reading & bit:
            kept = rest
            for _ in range(rest.bit_count() - depths[number]):
                kept &= kept - 1  # down to the top cards the count reads
        elif number == trump and others & bit:
            holder = h0 if h0 & bit else h1 if h1 & bit else h2 if h2 & bit else h3
            mine = holder >> shift & 0x1FFF
            kept = rest >> (rest & ~mine).bit_length() << (rest & ~mine).bit_length()
        else:
            continue
        mask |= (unrotate(kept) if ace_low else kept) << shift
    return low, high, mask


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
            below = (hand & floor - 1).bit_count()
            if below < rounds and below < hand.bit_count():
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
        kept = ((rotate(every) if ace_low else every) & -floor).bit_count()
        if kept < cost:
            cost = kept
            losing = floor << shift
    sure = [0, 0]  # the tricks each side (by seat parity) is sure to take
    cards = [0, 0]
    first, relied = (leading ^ 1, losing) if losing else (leading, winning)
    sure[first] = 1
    cards[first] = relied >> 1 & _LOW_TWELVE | (relied & _LOWEST) << 12 if ace_low else relied
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
            sure[seat & 1] = left
            cards[seat & 1] = hands[seat]
            break  # no seat of the other side is a top seat too (it would share a suit with this one)
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


def tops(ending: FelagsvistEnding, mask: int) -> int:
    """The strongest card of ``mask`` in each suit."""
    ace_low = ending.rules.ace_low
    tops = 0
    for shift in (0, 13, 26, 39):
        suit = mask >> shift & 0x1FFF
        if suit:
            if ace_low:  # in strength order the top bit is the strongest card
                suit = unrotate(1 << rotate(suit).bit_length() - 1)
            tops |= 1 << suit.bit_length() - 1 + shift
    return tops


def _pair(mask: int) -> tuple[int, ...]:
    """The card indices of ``mask``, one or two cards, lowest first."""
    low = mask & -mask
    if low == mask:
        return (low.bit_length() - 1,)
    return (low.bit_length() - 1, mask.bit_length() - 1)


def two_tricks(ending: FelagsvistEnding) -> tuple[int, int]:
    """The last two tricks from their start, every line tried: the final value and the ranks it read.

    Each hand holds two cards, so the first trick has at most sixteen
    lines and the second is forced. The cards returned are the winners of
    the tricks on the lines looked at whose ranks decided them (another
    card of the suit was played to them), as the search itself would
    gather them: every other card plays alike below them.

    The lines are tried as a search over the first trick would try them:
    each seat's legal cards lowest first, a seat stopping once it has the
    best its side can get (both tricks, or none). A trick's winner is the
    card the :attr:`~cardrules.games.felagsvist.ending.EndingRules.beats`
    table leaves winning once its four cards are played.
    """
    rules = ending.rules
    beats = rules.beats
    hands = ending.hands
    leader = ending.leader
    first = hands[leader]
    second = hands[leader + 1 & 3]
    third = hands[leader + 2 & 3]
    fourth = hands[leader + 3 & 3]
    # Whether the leader's side is the counted side (the seats after it alternate), and what
    # the counted side scores for a trick won by the seat that many places after the leader.
    up = (leader ^ rules.counted) & 1 == 0
    even = int(up != rules.nolo)
    gain = (even, 1 - even, even, 1 - even)
    relied = 0
    best0 = -1 if up else 3
    for card0 in _pair(first):
        lead = (card0,)
        rest0 = (first ^ 1 << card0).bit_length() - 1
        seconds = _pair(playable(second, lead))
        thirds = _pair(playable(third, lead))
        fourths = _pair(playable(fourth, lead))
        best1 = 3 if up else -1
        for card1 in seconds:
            rest1 = (second ^ 1 << card1).bit_length() - 1
            if beats[card0] >> card1 & 1:
                win1, place1 = card1, 1
            else:
                win1, place1 = card0, 0
            best2 = -1 if up else 3
            for card2 in thirds:
                rest2 = (third ^ 1 << card2).bit_length() - 1
                if beats[win1] >> card2 & 1:
                    win2, place2 = card2, 2
                else:
                    win2, place2 = win1, place1
                played = 1 << card0 | 1 << card1 | 1 << card2
                best3 = 3 if up else -1
                for card3 in fourths:
                    if beats[win2] >> card3 & 1:
                        win, place = card3, 3
                    else:
                        win, place = win2, place2
                    if (played | 1 << card3) & SUIT_MASKS[win // 13] != 1 << win:
                        relied |= 1 << win  # its rank decided the trick
                    # the last trick, led by the winner of the first, every card forced
                    rests = (rest0, rest1, rest2, (fourth ^ 1 << card3).bit_length() - 1)
                    last = rests[place]
                    ahead = place
                    card = rests[place + 1 & 3]
                    if beats[last] >> card & 1:
                        last, ahead = card, place + 1
                    card = rests[place + 2 & 3]
                    if beats[last] >> card & 1:
                        last, ahead = card, place + 2
                    card = rests[place + 3 & 3]
                    if beats[last] >> card & 1:
                        last, ahead = card, place + 3
                    if (1 << rest0 | 1 << rest1 | 1 << rest2 | 1 << rests[3]) & SUIT_MASKS[
                        last // 13
                    ] != 1 << last:
                        relied |= 1 << last
                    found = gain[place] + gain[ahead & 3]
                    if up:  # the fourth seat is on the other side
                        if found < best3:
                            best3 = found
                            if not found:
                                break
                    elif found > best3:
                        best3 = found
                        if found == 2:
                            break
                if up:
                    if best3 > best2:
                        best2 = best3
                        if best3 == 2:
                            break
                elif best3 < best2:
                    best2 = best3
                    if not best3:
                        break
            if up:
                if best2 < best1:
                    best1 = best2
                    if not best2:
                        break
            elif best2 > best1:
                best1 = best2
                if best2 == 2:
                    break
        if up:
            if best1 > best0:
                best0 = best1
                if best1 == 2:
                    break
        elif best1 < best0:
            best0 = best1
            if not best1:
                break
    return ending.value + best0, relied


def last_trick(ending: FelagsvistEnding) -> tuple[int, int]:
    """The last trick, every card forced: the final value, and the winner if its rank decided it."""
    rules = ending.rules
    beats = rules.beats
    hands = ending.hands
    played = 0
    for card in ending.trick:
        played |= 1 << card
    best, ahead = ending.best, ending.ahead
    seat = ending.seat
    for place in range(len(ending.trick), 4):
        card = hands[seat].bit_length() - 1
        played |= 1 << card
        if not place or beats[best] >> card & 1:
            best, ahead = card, place
        seat = seat + 1 & 3
    won = 1 << best if played & SUIT_MASKS[best // 13] != 1 << best else 0
    scored = ((ending.leader + ahead) % 2 == rules.counted) != rules.nolo
    return ending.value + scored, won
