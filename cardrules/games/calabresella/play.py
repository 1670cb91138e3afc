"""Play: the opening lead, following suit, the trick winner, the next lead and the end of the hand.

For the card play (:class:`~cardrules.games.calabresella.actions.PlayCard`)
this module holds the legal set (:func:`legal`), the check (:func:`judge`) and
the transition (:func:`play`); all three, and the fast path of
:meth:`~cardrules.games.calabresella.state.CalabresellaState.apply`, ask
:func:`playable` (calabresella.play.lead, calabresella.play.follow) which cards
may be played. After the twelfth trick the hand is counted and settled with
:mod:`cardrules.games.calabresella.scoring`.

>>> from cardrules.games.calabresella.options import CalabresellaOptions
>>> from cardrules.cards import parse_cards, mask_of as card_mask
>>> hand = card_mask(parse_cards("3S 7S KH"))
>>> pretty_mask(playable(hand, (parse_cards("AS")[0].index,), CalabresellaOptions()))
'3♠ 7♠'
>>> trick_winner(*(card.index for card in parse_cards("KH 3H 3S")))
1
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from cardrules.cards import STANDARD_DECK, Card, Suit, card_at
from cardrules.game import TERMINAL, Action
from cardrules.games.calabresella.actions import PLAYS, PlayCard
from cardrules.games.calabresella.cards import (
    STRENGTH,
    SUIT_MASKS,
    SUIT_NAMES,
    mask_of,
    pretty,
    pretty_mask,
    suit_table,
)
from cardrules.games.calabresella.deal import Phase, Setup, Tally, make_tally
from cardrules.games.calabresella.options import CalabresellaOptions, FollowSuit, OpeningLead
from cardrules.games.calabresella.rules import RULES
from cardrules.games.calabresella.scoring import HAND_TRICKS, Contract, Raise, bidder_thirds, settle
from cardrules.judging import Findings, not_held, rule_order
from cardrules.notation import format_seat
from cardrules.plays import PlayChain
from cardrules.rules import RuleId
from cardrules.verdict import Verdict

if TYPE_CHECKING:
    from cardrules.games.calabresella.state import CalabresellaState

__all__ = [
    "PLAYABLE_AS_PLAYED",
    "allowed",
    "judge",
    "legal",
    "legal_mask",
    "play",
    "playable",
    "refusal",
    "start",
    "trick_winner",
]

_LEAD: Final = "calabresella.play.lead"
_FOLLOW: Final = "calabresella.play.follow"

PLAYABLE_AS_PLAYED: Final[frozenset[RuleId]] = frozenset({RuleId(_FOLLOW)})
"""The rules a card play may break and still be carried out as played (``attempt(..., lenient=True)``).

Only calabresella.play.follow: a revoke is a card the player to act holds,
played in the play phase, which the trick takes as any other card.
"""

# The members the hot paths compare with, read once (reading an enum member off its class is slow).
_PLAY: Final = Phase.PLAY
_OVER: Final = Phase.OVER
_NO_RAISE: Final = Raise.NONE
_ORDER: Final = rule_order(RULES)
_FREE: Final = FollowSuit.FREE


def playable(hand: int, trick: tuple[int, ...], options: CalabresellaOptions) -> int:
    """The cards of ``hand`` that may be played to ``trick`` (its card indices, lead first), as a bitmask.

    calabresella.play.lead: the leader may play any card. calabresella.play.follow:
    a player holding the suit led must play one of those cards, one void in it
    may play any card; under ``follow_suit = free`` any card may always be played.
    """
    if not trick or options.follow_suit is _FREE:
        return hand
    same = hand & SUIT_MASKS[trick[0] // 13]
    return same if same else hand


def _may_play(state: CalabresellaState, hand: int, card: int) -> bool:
    return bool(playable(hand, state.trick, state.context.plan.options) >> card & 1)


def legal_mask(state: CalabresellaState) -> int:
    """In the play phase, the cards the player to act may play (:func:`playable`); else 0."""
    if state.phase is not _PLAY:
        return 0
    return playable(state.hands[state.current_player], state.trick, state.context.plan.options)


_SUIT_PLAYS: Final[tuple[tuple[tuple[tuple[PlayCard, ...], ...], ...], ...]] = tuple(
    tuple(suit_table(PLAYS[seat], suit) for suit in range(4)) for seat in range(3)
)
"""Per seat and suit, the shared plays of every set of that suit's cards (:func:`suit_table` of the plays)."""


def legal(state: CalabresellaState) -> tuple[Action, ...]:
    """The legal card plays of the player to act, in index order: the :func:`playable` cards, suit by suit.

    :func:`playable`'s test is written out here, on the plan's ``free`` (the option read once), as the
    hottest path of random play; a test holds the two to the same cards.
    """
    seat = state.current_player
    mask = state.hands[seat]
    trick = state.trick
    if trick and not state.context.plan.free:  # calabresella.play.follow, as playable() has it
        same = mask & SUIT_MASKS[trick[0] // 13]
        if same:
            mask = same
    clubs, diamonds, hearts, spades = _SUIT_PLAYS[seat]
    return (
        clubs[mask & 0x1FFF]
        + diamonds[mask >> 13 & 0x1FFF]
        + hearts[mask >> 26 & 0x1FFF]
        + spades[mask >> 39]
    )


def judge(state: CalabresellaState, action: PlayCard, found: Findings, in_phase: bool) -> Verdict:
    """The verdict on a card play, given what ``found`` holds already (the turn, the phase).

    common.cards.held for a card the actor lacks; for the player to act in the
    play phase, calabresella.play.follow (:func:`playable`) when the card
    would fail to follow suit even if it were held.
    """
    seat = action.seat
    card = action.card
    hand = state.hands[seat]
    trick = state.trick
    held = hand >> card.index & 1
    if not held:
        not_held(found, seat, pretty(card.index))
    # A card not held also breaks the follow rule when it would be refused even if held.
    if in_phase and seat == state.current_player and not _may_play(state, hand | 1 << card.index, card.index):
        suit = SUIT_NAMES[card_at(trick[0]).suit]
        shown = pretty(card.index)
        holds = pretty_mask(hand & SUIT_MASKS[trick[0] // 13])
        found.add(
            _FOLLOW,
            f"{suit} were led and {format_seat(seat)} holds {holds}, so {shown} fails to follow suit",
        )
    if found:
        return found.verdict(_ORDER)
    return _ALLOWED[seat][card.index][_case(state)]


def allowed(state: CalabresellaState, seat: int, card: int) -> Verdict | None:
    """The verdict on the player to act, ``seat``, playing ``card`` (an index) when it is :func:`playable`;
    ``None`` when it is not (then :func:`judge` says why)."""
    if playable(state.hands[seat], state.trick, state.context.plan.options) >> card & 1:
        return _ALLOWED[seat][card][_case(state)]
    return None


def refusal(state: CalabresellaState, action: PlayCard) -> Verdict:
    """The verdict on the player to act's play of a card that is not :func:`playable` (in the play phase).

    A card the player lacks and could follow suit with breaks common.cards.held
    alone: its verdict depends on the seat and the card only, and is looked up
    (``_NOT_HELD``, built by :func:`judge`); any other goes to :func:`judge`.
    """
    seat = action.seat
    index = action.card.index
    hand = state.hands[seat]
    if not hand >> index & 1 and _may_play(state, hand | 1 << index, index):
        return _NOT_HELD[seat][index]
    return judge(state, action, Findings(), True)


def _not_held(seat: int, card: Card) -> Verdict:
    found = Findings()
    not_held(found, seat, card.pretty())
    return found.verdict(_ORDER)


_NOT_HELD: Final[tuple[tuple[Verdict, ...], ...]] = tuple(
    tuple(_not_held(seat, card) for card in STANDARD_DECK) for seat in range(3)
)
"""Per seat and card index, the verdict on the player to act's play of a card it lacks but could play
(common.cards.held alone: what :func:`judge` finds then)."""


def _case(state: CalabresellaState) -> int:
    """Which of a card's legal verdicts applies: 0 on a lead, else 1 + the suit led (5 + it under free)."""
    trick = state.trick
    if not trick:
        return 0
    if state.context.plan.options.follow_suit is _FREE:
        return 5 + trick[0] // 13
    return 1 + trick[0] // 13


def _allowed_verdict(seat: int, card: Card, led: Suit | None, free: bool) -> Verdict:
    """The legal verdict on ``seat`` playing ``card`` to a trick led in ``led`` (``None``: leading it).

    calabresella.play.lead, and calabresella.play.follow: following the suit
    led, a card of another suit under ``follow_suit = free``, or any card when
    void in the suit led.
    """
    actor = format_seat(seat)
    if led is None:
        return Verdict.allowed((_LEAD,), f"{actor} leads {card.pretty()}")
    if card.suit == led:
        return Verdict.allowed((_FOLLOW,), f"{actor} follows {SUIT_NAMES[led]} with {card.pretty()}")
    if free:
        return Verdict.allowed(
            (_FOLLOW,), f"under follow_suit=free {actor} may play {card.pretty()} on a {SUIT_NAMES[led]} lead"
        )
    return Verdict.allowed(
        (_FOLLOW,), f"{actor} has no {SUIT_NAMES[led]} and may play any card, {card.pretty()} included"
    )


_ALLOWED: Final[tuple[tuple[tuple[Verdict, ...], ...], ...]] = tuple(
    tuple(
        (
            _allowed_verdict(seat, card, None, False),
            *(_allowed_verdict(seat, card, led, False) for led in Suit),
            *(_allowed_verdict(seat, card, led, True) for led in Suit),
        )
        for card in STANDARD_DECK
    )
    for seat in range(3)
)
"""Per seat and card index, the shared legal verdicts of playing it, by :func:`_case`."""


def start(
    state: CalabresellaState, setup: Setup, hands: list[int], monte: tuple[int, ...]
) -> CalabresellaState:
    """The state at the opening lead, once the exchange is over, with ``monte`` out of play.

    calabresella.play.opening-lead: E leads, or B in Solissimo or under ``opening_lead = bidder``.
    """
    bidder = setup.bidder
    if setup.contract is Contract.SOLISSIMO or state.options.opening_lead is OpeningLead.BIDDER:
        leader = bidder
    else:
        leader = state.eldest
    return state.make(
        state.context,
        setup,
        Phase.PLAY,
        (hands[0], hands[1], hands[2]),
        monte,
        (),
        None,
        make_tally(leader, 0, 0, 0, 0, ()),
        leader,
        None,
    )


def trick_winner(first: int, second: int, third: int) -> int:
    """calabresella.play.trick-winner: the position (0 = the lead) of the highest card of the suit led."""
    best, position = first, 0
    suit = first // 13
    if second // 13 == suit and STRENGTH[second] > STRENGTH[best]:
        best, position = second, 1
    if third // 13 == suit and STRENGTH[third] > STRENGTH[best]:
        position = 2
    return position


def play(state: CalabresellaState, seat: int, card: int) -> CalabresellaState:
    """The state after ``seat`` plays the legal card ``card`` (an index).

    A third card closes the trick: its winner's side takes the three cards and
    the winner leads next (calabresella.play.next-lead); after the twelfth
    trick the hand is settled (calabresella.play.tricks).
    """
    h0, h1, h2 = state.hands
    keep = ~(1 << card)
    if seat == 0:
        h0 &= keep
    elif seat == 1:
        h1 &= keep
    else:
        h2 &= keep
    hands = (h0, h1, h2)
    trick = state.trick + (card,)  # noqa: RUF005 - faster than (*trick, card)
    history = (state.history, seat, card)
    make = state.make
    context = state.context
    nxt = context.plan.nxt
    if len(trick) < 3:
        return make(
            context,
            state.setup,
            _PLAY,
            hands,
            state.monte,
            trick,
            history,
            state.tally,
            nxt[seat],
            None,
        )
    tally = state.tally
    leader = tally.leader
    first, second, third = trick
    position = trick_winner(first, second, third)
    winner = leader if position == 0 else nxt[leader] if position == 1 else nxt[nxt[leader]]
    taken = (1 << first) | (1 << second) | (1 << third)
    winners = tally.winners + (winner,)  # noqa: RUF005 - faster than (*winners, winner)
    if winner == state.setup.bidder:
        tally = make_tally(
            winner,
            tally.tricks_bidder + 1,
            tally.tricks_opponents,
            tally.won_bidder | taken,
            tally.won_opponents,
            winners,
        )
    else:
        tally = make_tally(
            winner,
            tally.tricks_bidder,
            tally.tricks_opponents + 1,
            tally.won_bidder,
            tally.won_opponents | taken,
            winners,
        )
    if len(winners) < HAND_TRICKS:  # calabresella.play.next-lead: the winner leads
        return make(context, state.setup, _PLAY, hands, state.monte, (), history, tally, winner, None)
    return _end(state, hands, history, tally, winner)


def _end(
    state: CalabresellaState, hands: tuple[int, int, int], history: PlayChain, tally: Tally, last: int
) -> CalabresellaState:
    """The settled hand: calabresella.scoring.monte puts the monte in the pile of the last trick's side."""
    setup = state.setup
    bidder = setup.bidder
    monte = mask_of(state.monte)
    won_b, won_o = tally.won_bidder, tally.won_opponents
    if last == bidder:
        won_b |= monte
    else:
        won_o |= monte
    options = state.context.plan.options
    assert setup.contract is not None
    settlement = settle(
        bidder=bidder,
        contract=setup.contract,
        raised=setup.raised or _NO_RAISE,
        tricks_bidder=tally.tricks_bidder,
        thirds_bidder=bidder_thirds(won_b, last == bidder),
        stakes=options.stake_values,
        reverse=options.reverse_cappotto,
        basis=options.stramazzo_basis,
    )
    final = make_tally(last, tally.tricks_bidder, tally.tricks_opponents, won_b, won_o, tally.winners)
    return state.make(state.context, setup, _OVER, hands, (), (), history, final, TERMINAL, settlement)
