"""The bounds of a Félagsvist ending: the least and most its counted side can still end with.

The exact search (:mod:`cardrules.solve`) asks an ending for bounds at every
position, and stops there when they meet or fall outside its window. These
functions work them out for a :class:`~cardrules.games.felagsvist.ending.FelagsvistEnding`:
the last trick is forced, the last two are tried line by line, and earlier
trick boundaries use sure tricks (cashing top cards, top trumps, entries to
the partner) or, in Nóló, the facts that
:func:`~cardrules.games.felagsvist.ending.nolo.nolo_bounds` states. With the
bounds comes the set of cards whose ranks they rely on, which the
rank-pattern transposition table keeps.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from cardrules.games.felagsvist.ending.bits import ONES, SUIT
from cardrules.games.felagsvist.ending.groups import follow
from cardrules.games.felagsvist.ending.nolo import nolo_bounds, nolo_trick_bounds, rotate, unrotate

if TYPE_CHECKING:
    from cardrules.games.felagsvist.ending.model import FelagsvistEnding

__all__ = [
    "FIELD",
    "bounds",
    "last_trick",
    "ranked_bounds",
    "reach",
    "tops",
    "two_tricks",
]

FIELD: Final = (1 << 26) - 1
"""The bits of one suit in :attr:`~cardrules.games.felagsvist.ending.FelagsvistEnding.holders`."""


def _run(hand: int, everyone: int) -> int:
    """How many of the top cards of ``everyone`` (one suit, strength order) ``hand`` holds in a row."""
    return ONES[everyone >> (everyone & ~hand).bit_length()]


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
        partner = mate[suit]
        everyone = mine | partner | left_hand | right_hand
        run = ONES[everyone >> (everyone & ~mine).bit_length()]
        lefts = ONES[left_hand]
        rights = ONES[right_hand]
        longest = ONES[partner]  # the longest other holding
        if lefts > longest:
            longest = lefts
        if rights > longest:
            longest = rights
        if run >= longest:
            free += ONES[mine]
            free_depths[suit] = longest
        else:
            free += run
            free_depths[suit] = run
        if suit == trump:
            trump_run = run
            ruffable += run
            ruffable_depths[suit] = run
        elif not trumps_led_first:
            rounds = run if run < lefts else lefts
            if rights < rounds:
                rounds = rights
            ruffable += rounds
            ruffable_depths[suit] = rounds
    if not opponents_trump:
        return free, tuple(free_depths)
    assert trump is not None
    if trump_run >= ONES[lho[trump]] and trump_run >= ONES[rho[trump]] and free >= ruffable:
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
    card the partner holds; in a trump deal each side is also sure of as
    many tricks as one of its hands holds trumps above every trump of the
    other side (each wins the trick it is played to).
    """
    low, high, _ = ranked_bounds(ending)
    return low, high


def _between(ending: FelagsvistEnding, ours: int, theirs: int) -> tuple[int, int]:
    """The bounds when the leader's side is sure of ``ours`` tricks and the other side of ``theirs``."""
    value = ending.value
    if ending.leader % 2 == ending.rules.counted:
        return value + ours, value + ending.left - theirs
    return value + theirs, value + ending.left - ours


def _sure(ending: FelagsvistEnding) -> tuple[int, int, int, tuple[int, ...], int]:
    """Outside Nóló, at a trick boundary: the sure tricks of the leader's side and of the other side.

    Then the seat whose runs of top cards the leader's side's count reads
    (the leader's, or its partner's when that counts more), and how many of
    each suit's top cards (all that seat's) it reads (see :func:`_cash`).
    Last, as a mask of cards, the trumps whose places a trump count read
    (see :func:`_trump_tricks`): a count reads every trump down to that card.
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
    pinned = 0
    if trump is not None:
        ours_pinned, mine, seat = _trump_tricks(own[trump], mate[trump], lho[trump] | rho[trump])
        if mine > ours:
            ours, source, depths = mine, (leader + seat) % 4, (0, 0, 0, 0)
            pinned = ours_pinned
        theirs_pinned, theirs, _ = _trump_tricks(lho[trump], rho[trump], own[trump] | mate[trump])
        if theirs:
            pinned |= theirs_pinned
        if pinned:
            pinned = (unrotate(pinned) if ace_low else pinned) << 13 * trump
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
    return min(ours, left), theirs, source, depths, pinned


def _trump_tricks(first: int, second: int, opponents: int) -> tuple[int, int, int]:
    """The trump tricks a side is sure of: a hand's trumps above every trump of the other side.

    ``first`` and ``second`` are the side's two hands' trumps, ``opponents``
    the other side's, all in strength order. Each trump of one hand above
    every trump of the opponents wins the trick it is played to for its side
    (only the partner can beat it), and a hand plays one card a trick, so the
    side is sure of as many tricks as the hand with more of them has (with no
    trump out against them, every trump of that hand). Returns the opponents'
    highest trump (a bit, 0 when they hold none: the count then reads only the
    lengths), the count, and 0 or 2 for the hand counted (the first or the
    second).
    """
    shift = opponents.bit_length()
    one = ONES[first >> shift]
    two = ONES[second >> shift]
    highest = 1 << shift - 1 if shift else 0
    if two > one:
        return highest, two, 2
    return highest, one, 0


def ranked_bounds(ending: FelagsvistEnding) -> tuple[int, int, int]:
    """:func:`bounds`, with the cards whose ranks they rely on: runs of top cards in one hand.

    Outside Nóló the tricks the leader's side is sure of are counted from
    the runs of top cards of one of its hands (the leader's, or its
    partner's when that counts more) or from one hand's trumps above every
    trump of the other side, and those of the other side from the same
    trump count; everything else the bounds read is how many cards of
    each suit each hand holds (the ending's
    :meth:`~cardrules.games.felagsvist.ending.FelagsvistEnding.shape`). So
    the cards returned are, in each suit that hand tops, as many of its
    top cards as the count reads (when its side is sure of a trick), and,
    for a trump count, the trumps down to the other side's highest. Another
    ending of that shape with those cards in the same hands has bounds at
    least as tight: in a suit that hand does not top here, it has no run
    to count, and where it tops it there it has a run of a card or more;
    every count of sure tricks only grows with a run, a trump count stays
    the same (and the partner is reached wherever it was here). ``test_ending_trump_bounds`` checks this
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
    ours, theirs, source, depths, pinned = _sure(ending)
    low, high = _between(ending, ours, theirs)
    if not ours and not theirs:
        return low, high, 0
    hands = ending.hands
    ace_low = ending.rules.ace_low
    # the leader's side's count reads so many top cards of each suit of one hand (source), or
    # the trumps down to the other side's highest (pinned, as the other side's count does); a
    # hand with at least those top cards, the lengths being the same, counts as many or more
    reading = hands[source] if ours else 0
    mask = pinned
    for number, rest in enumerate(ending.suits()):
        if not rest:
            continue
        shift = 13 * number
        topmost = rest.bit_length() - 1
        bit = (unrotate(1 << topmost) if ace_low else 1 << topmost) << shift
        if reading & bit:
            kept = rest
            for _ in range(ONES[rest] - depths[number]):
                kept &= kept - 1  # down to the top cards the count reads
        else:
            continue
        mask |= (unrotate(kept) if ace_low else kept) << shift
    return low, high, mask


def reach(ending: FelagsvistEnding) -> tuple[int, int]:
    """Inside a trick: the most the low of the bounds can be, and the least their high can be.

    Worked out without the bounds
    (:func:`~cardrules.games.felagsvist.ending.bounds.ranked_bounds`), so
    that the search asks for them only where they could decide its window.
    In the last trick the value is worked out exactly
    (:func:`~cardrules.games.felagsvist.ending.bounds.last_trick`): it
    scores that trick or not.
    Before it, in Nóló, the bounds tell which side takes the trick in
    progress and nothing more
    (:func:`~cardrules.games.felagsvist.ending.nolo.nolo_trick_bounds`):
    the low is at most one trick above the value, the high at least one
    below the most. Outside Nóló they are the value and the most.
    """
    value = ending.value
    left = ending.left
    if left == 1:
        return value + 1, value
    if ending.rules.nolo:
        return value + 1, value + left - 1
    return value, value + left


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

    Each hand holds two cards: the first trick has at most sixteen lines,
    tried as a search would (each seat's legal cards lowest first, a seat
    stopping once its side has both tricks, or none), and the second is
    forced. A trick's winner is the card the ``beats`` table of the rules
    leaves winning. The cards returned are the winners whose ranks decided
    their tricks (another card of the suit was played to them) on the lines
    looked at, as the search would gather them.
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
        seconds = _pair(follow(second, lead))
        thirds = _pair(follow(third, lead))
        fourths = _pair(follow(fourth, lead))
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
                kept = (rest0, rest1, rest2, fourth)
                best3, decided = _fourth_seat(
                    beats, fourths, win2, place2, 1 << card0 | 1 << card1 | 1 << card2, kept, gain, up
                )
                relied |= decided
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
    played = ending.played
    best, ahead = ending.best, ending.ahead
    seat = ending.seat
    for place in range(len(ending.trick), 4):
        card = hands[seat].bit_length() - 1
        played |= 1 << card
        if not place or beats[best] >> card & 1:
            best, ahead = card, place
        seat = seat + 1 & 3
    won = 1 << best if played & SUIT[best] != 1 << best else 0
    scored = ((ending.leader + ahead) % 2 == rules.counted) != rules.nolo
    return ending.value + scored, won


def _fourth_seat(
    beats: tuple[int, ...],
    fourths: tuple[int, ...],
    win2: int,
    place2: int,
    played: int,
    kept: tuple[int, int, int, int],
    gain: tuple[int, int, int, int],
    up: bool,
) -> tuple[int, int]:
    """:func:`two_tricks` once three cards of the first trick are down: the fourth seat's best card.

    ``win2`` is the card winning so far, ``place2`` its place after the
    leader, ``played`` the three cards as a mask, ``kept`` the first three
    seats' last cards and the fourth seat's hand. Returns what the counted
    side scores over both tricks with the fourth seat's best card, and the
    winners whose ranks decided their tricks on the lines looked at.
    """
    rest0, rest1, rest2, fourth = kept
    relied = 0
    best3 = 3 if up else -1
    for card3 in fourths:
        if beats[win2] >> card3 & 1:
            win, place = card3, 3
        else:
            win, place = win2, place2
        if (played | 1 << card3) & SUIT[win] != 1 << win:
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
        if (1 << rest0 | 1 << rest1 | 1 << rest2 | 1 << rests[3]) & SUIT[last] != 1 << last:
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
    return best3, relied
