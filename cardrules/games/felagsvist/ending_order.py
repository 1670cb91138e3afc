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

from cardrules.games.felagsvist.play import playable

if TYPE_CHECKING:
    from cardrules.games.felagsvist.ending import FelagsvistEnding

__all__ = ["follows", "leads", "nolo_order", "order"]


def order(ending: FelagsvistEnding, groups: list[int]) -> tuple[int, ...]:
    """One card of each group of equivalent legal cards (its highest card index), in search order."""
    if len(groups) == 1:
        return (groups[0].bit_length() - 1,)
    rules = ending.rules
    if rules.nolo:
        return nolo_order(ending, groups)
    reps = [group.bit_length() - 1 for group in groups]
    if not ending.trick:
        return leads(ending, reps)
    return follows(ending, reps)


def nolo_order(ending: FelagsvistEnding, groups: list[int]) -> tuple[int, ...]:
    """:func:`order` in Nóló, where each side wants to lose tricks (more than one group).

    The leader tries first the cards an opponent must beat (it holds the
    suit, and only cards above this one), then its other cards of suits
    an opponent holds, highest first in both, and last the suits neither
    opponent holds (its own side takes those tricks), lowest first. A
    follower tries first the cards that keep the trick from its side,
    highest first, and when it discards, from its shortest suit first;
    then the cards that take the trick from the opponents, lowest first,
    or highest first when it plays last (the trick is its side's then).
    """
    rules = ending.rules
    strength = rules.strength
    reps = [group.bit_length() - 1 for group in groups]
    trick = ending.trick
    hands = ending.hands
    seat = ending.seat
    if not trick:
        above = rules.above
        lho = hands[(seat + 1) % 4]
        rho = hands[(seat + 3) % 4]

        def lead(card: int) -> tuple[int, int]:
            suit = 0x1FFF << (card - card % 13)
            left_hand = lho & suit
            right_hand = rho & suit
            if not left_hand | right_hand:
                return (2, strength[card])
            below = ~above[card]
            if (left_hand and not left_hand & below) or (right_hand and not right_hand & below):
                return (0, -strength[card])
            return (1, -strength[card])

        reps.sort(key=lead)
        return tuple(reps)
    beaten = 0 if (len(trick) - ending.ahead) % 2 == 0 else rules.beats[ending.best]
    wins = [card for card in reps if beaten >> card & 1]
    ducks = [card for card in reps if not beaten >> card & 1]
    wins.sort(key=strength.__getitem__, reverse=len(trick) == 3)
    if reps[0] // 13 != trick[0] // 13:  # void in the led suit: every card is a discard
        hand = hands[seat]
        ducks.sort(key=lambda card: (-(hand >> (card - card % 13) & 0x1FFF).bit_count(), strength[card]))
    else:
        ducks.sort(key=strength.__getitem__)
    ducks.reverse()
    return (*ducks, *wins)


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
    hands = ending.hands
    trick = ending.trick
    place = len(trick)
    everyone = hands[0] | hands[1] | hands[2] | hands[3]
    led = trick[0] // 13

    def cheap(card: int) -> tuple[bool, bool, int]:
        suit = card // 13
        return (suit == trump, suit != led and not everyone & above[card], strength[card])

    reps.sort(key=cheap)
    beaten = beats[ending.best]
    partner_winning = (place - ending.ahead) % 2 == 0
    if place == 3:
        if partner_winning:
            return tuple(reps)
        return (
            *[card for card in reps if beaten >> card & 1],
            *[card for card in reps if not beaten >> card & 1],
        )
    after = playable(hands[(ending.seat + 1) % 4], trick)  # what the next hand may play
    if partner_winning and not beaten & after:
        return tuple(reps)
    safe = [card for card in reps if beaten >> card & 1 and not beats[card] & after]
    if partner_winning:
        return (*safe, *[card for card in reps if card not in safe])
    wins = [card for card in reps if beaten >> card & 1 and beats[card] & after]
    loses = [card for card in reps if not beaten >> card & 1]
    return (*safe, *wins, *loses)


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
    everyone = hands[0] | hands[1] | hands[2] | hands[3]
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
            return (step, 1, -(own & suit).bit_count())
        if partner >> top & 1:
            return (step, 2, strength[card])
        if suit != trumps and not partner & suit and partner & trumps:
            return (step, 0, strength[card])
        return (5 if ruffed else 4, 0, -strength[card])

    reps.sort(key=order)
    return tuple(reps)
