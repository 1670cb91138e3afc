"""The move order of a Félagsvist ending: which card the exact search tries first.

The search (:mod:`cardrules.solve`) cuts the most when the best move comes
first, so :meth:`~cardrules.games.felagsvist.ending.FelagsvistEnding.moves`
gives one card per group of equivalent legal cards in the order
:func:`order` chooses: :func:`leads` and :func:`follows` outside Nóló, where a
side wants tricks, and :func:`nolo_order` in Nóló, where it wants to lose
them. An order changes how many positions the search visits, never a value.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardrules.games.felagsvist.ending.bits import ONES
from cardrules.games.felagsvist.ending.groups import follow

if TYPE_CHECKING:
    from cardrules.games.felagsvist.ending.model import FelagsvistEnding

__all__ = ["follows", "leads", "nolo_discards", "nolo_follows", "nolo_leads", "nolo_order", "order"]


def order(ending: FelagsvistEnding, reps: list[int]) -> tuple[int, ...]:
    """The cards ``reps`` in search order: one card of each group of equivalent legal cards.

    ``reps`` holds the highest card index of each group, in the order the
    ending finds its groups (suit by suit, weakest first within a suit); the
    list may be reordered.
    """
    if len(reps) == 1:
        return (reps[0],)
    if ending.rules.nolo:
        return nolo_order(ending, reps)
    if not ending.trick:
        return leads(ending, reps)
    return follows(ending, reps)


def nolo_order(ending: FelagsvistEnding, reps: list[int]) -> tuple[int, ...]:
    """:func:`order` in Nóló, where each side wants to lose tricks (more than one group).

    Each hand still to play a trick is sure to play at least its lowest
    card of the led suit, and does best playing just that (see
    :func:`~cardrules.games.felagsvist.ending.nolo.nolo_bounds`), so a
    side's highest card in the trick is at least the highest of the cards
    it has played and of those lowest cards.

    The leader tries first the suits both opponents hold: the cards that
    lose the trick that way (below the opponents' highest lowest card,
    with its partner's lowest card below it too), highest first, then its
    other cards of those suits, highest first. The suits only one opponent
    holds come next, in the same order: there the void opponent sheds a
    card of its choice, which helps the opponents (tried after the
    others, such leads save positions in the search). Last come the suits
    neither opponent holds (its own side takes those tricks), lowest
    first. A follower whose side takes the trick whatever it plays tries
    its highest cards first;
    otherwise it tries first the cards that keep the trick from its side
    (below the opponents' highest card so reckoned), then those that take
    it, highest first in both; when it discards, from its shortest suit
    first, the highest card first, and between suits of one length the
    card with the most cards of the other hands under it first (the one
    likeliest to take a trick later).
    """
    trick = ending.trick
    if not trick:
        return nolo_leads(ending, reps)
    if reps[0] // 13 != trick[0] // 13:  # void in the led suit: every card is a discard
        return nolo_discards(ending, reps)
    return nolo_follows(ending, reps)


def nolo_leads(ending: FelagsvistEnding, reps: list[int]) -> tuple[int, ...]:
    """:func:`nolo_order` for the leader: suits both opponents hold, then one, then neither."""
    rules = ending.rules
    strength = rules.strength
    ace_low = rules.ace_low
    hands = ending.hands
    seat = ending.seat
    # Each lead gets one integer key, sorted once: its class and its strength (falling, but
    # rising in the suits only its side holds) above its card index (which keeps ties in the
    # groups' order, as a stable sort would: only cards of different suits tie, and the
    # groups come suit by suit in card-index order).
    lho = hands[(seat + 1) % 4]
    rho = hands[(seat + 3) % 4]
    partner = hands[(seat + 2) % 4]
    keys = []
    top = 0
    mine = True
    limit = low = high = 0
    for card in reps:  # the groups come suit by suit
        if card >= top:
            base = card - card % 13
            top = base + 13
            left_hand = lho >> base & 0x1FFF
            right_hand = rho >> base & 0x1FFF
            mine = not left_hand | right_hand  # only its side holds the suit
            if not mine:
                # a void opponent would discard: the suit's leads go after those of the
                # suits both opponents hold
                low, high = (12, 28) if left_hand and right_hand else (44, 60)
                ally = partner >> base & 0x1FFF
                if ace_low:  # in strength order
                    left_hand = (left_hand & 0xFFF) << 1 | left_hand >> 12
                    right_hand = (right_hand & 0xFFF) << 1 | right_hand >> 12
                    ally = (ally & 0xFFF) << 1 | ally >> 12
                # the opponents' highest lowest card; the leads below it lose the trick if
                # the partner's lowest card lies below it too
                floor = max(left_hand & -left_hand, right_hand & -right_hand)
                limit = floor.bit_length() - 1 - ace_low if ally & -ally < floor else -2
        value = strength[card]
        if mine:
            keys.append((64 + value) << 6 | card)
        else:
            keys.append(((low if value < limit else high) - value) << 6 | card)
    keys.sort()
    return tuple([key & 63 for key in keys])


def nolo_discards(ending: FelagsvistEnding, reps: list[int]) -> tuple[int, ...]:
    """:func:`nolo_order` for a follower void in the led suit: from its shortest suit, highest first."""
    rules = ending.rules
    strength = rules.strength
    hands = ending.hands
    seat = ending.seat
    # Shortest suit first; between suits of one length, the card with the most cards of the
    # other hands below it first (within a suit, the highest first); then the strongest: the
    # keys sorted falling (their card indices break ties as the groups' order reversed, as
    # for the leads).
    hand = hands[seat]
    others = ending.in_hand ^ hand
    below = rules.below
    keys = []
    top = 0
    shorter = 0
    for card in reps:  # the groups come suit by suit
        if card >= top:
            base = card - card % 13
            top = base + 13
            shorter = (13 - ONES[hand >> base & 0x1FFF]) << 14
        keys.append(shorter | ONES[(others & below[card]) >> base] << 10 | strength[card] + 1 << 6 | card)
    keys.sort(reverse=True)
    return tuple([key & 63 for key in keys])


def nolo_follows(ending: FelagsvistEnding, reps: list[int]) -> tuple[int, ...]:
    """:func:`nolo_order` for a follower of the led suit: ducks first, highest first, unless its side wins."""
    rules = ending.rules
    strength = rules.strength
    ace_low = rules.ace_low
    trick = ending.trick
    hands = ending.hands
    seat = ending.seat
    led = trick[0] // 13
    reps.reverse()  # the groups of the led suit come weakest first: now strongest first
    place = len(trick)
    if place == 3:  # the last hand: the card winning the trick decides
        if not (3 - ending.ahead) % 2:  # its partner's: the trick is its side's whatever it plays
            return tuple(reps)
        theirs = strength[ending.best]
    else:
        # The highest card of the led suit each side is sure to have in the trick besides this
        # one (as its strength plus 2, 0 for none): the cards played, and the lowest card of
        # each hand still to play (it plays no lower).
        base = 13 * led
        if place == 1:  # the leader's partner plays next, then this hand's partner
            theirs = strength[trick[0]] + 2
            cards = hands[(seat + 1) % 4] >> base & 0x1FFF
            if cards:
                value = 1 if ace_low and cards >> 12 else (cards & -cards).bit_length() + 1
                if value > theirs:
                    theirs = value
            cards = hands[(seat + 2) % 4] >> base & 0x1FFF
            ours = 0
            if cards:
                ours = 1 if ace_low and cards >> 12 else (cards & -cards).bit_length() + 1
        else:  # its partner led, the next hand plays last
            ours = strength[trick[0]] + 2
            card = trick[1]
            theirs = strength[card] + 2 if card // 13 == led else 0
            cards = hands[(seat + 1) % 4] >> base & 0x1FFF
            if cards:
                value = 1 if ace_low and cards >> 12 else (cards & -cards).bit_length() + 1
                if value > theirs:
                    theirs = value
        if ours > theirs:  # the trick is this side's whatever it plays: the highest cards first
            return tuple(reps)
        theirs -= 2
    # Those that take the trick from the opponents (above their highest card so reckoned) go
    # after the others.
    wins = 0
    for card in reps:
        if strength[card] < theirs:
            break
        wins += 1
    if not wins:
        return tuple(reps)
    return (*reps[wins:], *reps[:wins])


def follows(ending: FelagsvistEnding, reps: list[int]) -> tuple[int, ...]:
    """The cards of a follower in search order, outside Nóló.

    Cards go cheapest first: cards of the led suit before discards,
    discards of cards that are not the top of their suit before those
    that are, trumps last, the lowest first within each. The fourth hand
    tries first the cards that take the trick, unless its partner is
    winning it. Second and third hands try first the cards that take the
    trick and that the next hand cannot beat; then, the partner not
    winning, the other cards that take the trick; then the rest. With the
    partner winning and the next hand unable to beat its card, the
    cheapest cards come first.
    """
    rules = ending.rules
    strength = rules.strength
    trump = rules.trump
    beats = rules.beats
    above = rules.above
    trick = ending.trick
    place = len(trick)
    everyone = ending.in_hand
    led = trick[0] // 13
    beaten = beats[ending.best]
    partner_winning = (place - ending.ahead) % 2 == 0
    # Each card gets one integer key, sorted once: its class (0 first: the groups named above),
    # then how cheap it is (a trump, a discard of a card that is not the top of its suit, its
    # strength), above its card index (cards of one cost differ in suit, and the groups come suit
    # by suit: the index keeps them in the groups' order, as a stable sort would).
    after = 0  # what the next hand may play (second and third hands)
    classes = 1  # 1: one class; 2: those that take the trick first; 3: safe ones, wins, the rest
    if place == 3:
        if not partner_winning:
            classes = 2
    else:
        after = follow(ending.hands[(ending.seat + 1) % 4], trick)
        if not partner_winning or beaten & after:
            classes = 3
    keys = []
    for card in reps:
        suit = card // 13
        key = (
            (suit == trump) << 11
            | (suit != led and not everyone & above[card]) << 10
            | strength[card] << 6
            | card
        )
        if classes == 2:
            if not beaten >> card & 1:
                key |= 1 << 12
        elif classes == 3:
            if not beaten >> card & 1:
                key |= 2 << 12
            elif beats[card] & after:  # the next hand can beat it
                key |= (2 if partner_winning else 1) << 12
        keys.append(key)
    keys.sort()
    return tuple([key & 63 for key in keys])


def leads(ending: FelagsvistEnding, reps: list[int]) -> tuple[int, ...]:
    """The leads in search order, outside Nóló.

    First the low cards of a side suit the partner is void in while it
    holds trumps (a lead for its ruff), then the top cards of a suit
    (cashing, the longest suit first), then the low cards of a suit whose
    top card the partner holds (an entry to it); the same again where an
    opponent is void in the suit and holds trumps (it could ruff); then
    the other leads, highest first, those an opponent could ruff last.
    """
    hands = ending.hands
    seat = ending.seat
    rules = ending.rules
    strength = rules.strength
    trump = rules.trump
    everyone = ending.in_hand
    own = hands[seat]
    partner = hands[(seat + 2) % 4]
    left_hand = hands[(seat + 1) % 4]
    right_hand = hands[(seat + 3) % 4]
    ace_low = rules.ace_low
    trumps = 0 if trump is None else 0x1FFF << 13 * trump

    def order(card: int) -> tuple[int, int, int]:
        shift = card - card % 13
        suit = 0x1FFF << shift
        rest = everyone >> shift & 0x1FFF
        if ace_low:
            low = rest & 0xFFF
            top = shift + (low.bit_length() - 1 if low else 12)
        else:
            top = shift + rest.bit_length() - 1
        ruffed = suit != trumps and bool(
            (not left_hand & suit and left_hand & trumps) or (not right_hand & suit and right_hand & trumps)
        )
        step = 3 if ruffed else 0
        if card == top:
            return (step, 1, -ONES[own >> shift & 0x1FFF])
        if partner >> top & 1:
            return (step, 2, strength[card])
        if suit != trumps and not partner & suit and partner & trumps:
            return (step, 0, strength[card])
        return (5 if ruffed else 4, 0, -strength[card])

    reps.sort(key=order)
    return tuple(reps)
