"""The Félagsvist play: which cards may be played, the verdict on a play, and what a play does.

Félagsvist has one phase and one action, playing a card. This module holds, side
by side, the legal set (:func:`playable`, :func:`legal_mask`,
:func:`legal_actions`), the check (:func:`judge_play`) and the transition
(:func:`apply_play`, reached from the door through :func:`take_play` and
:func:`play_card`, and from the fast path :func:`fast_play`), then the end of
a trick (:func:`trick_winner`), of a deal and of the game (:func:`game_ends`,
:func:`outcome`). The follow-suit condition is written once, in
:func:`playable`; the legal set and the check call it. The transition keeps
the legal cards of the player to act next in the state, and for a trick
already led writes the condition out (two operations, not a call);
``tests/felagsvist/test_fast_paths.py`` holds what it keeps to
:func:`playable` all through random games, and where it ends to the rules
written out plainly.

The functions take the state as their first argument. The state's action table
(:class:`~cardrules.games.felagsvist.state.FelagsvistState`) names
:func:`judge_play`, :func:`take_play` and the fast path :func:`fast_play`; the
door every action passes before them is the core's
(:class:`~cardrules.state_base.StateBase`). The state's ``apply`` is
:func:`apply_play`: the fast path's test written out, then the transition, or
that door when the test fails.

>>> hand = (1 << 0) | (1 << 13) | (1 << 14)     # 2♣, 2♦, 3♦
>>> bin(playable(hand, ())), bin(playable(hand, (20,))), bin(playable(hand, (40,)))
('0b110000000000001', '0b110000000000000', '0b110000000000001')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from cardrules.game import TERMINAL, Action, Outcome
from cardrules.games.felagsvist.actions import PLAYS, RANK_PICKS, SUIT_PLAYS, PlayCard
from cardrules.games.felagsvist.cards import PRETTY, SUIT_MASKS, SUIT_NAMES, pretty_cards
from cardrules.games.felagsvist.deal import DEAL_TRICKS, MAX_DEALS, Tally, new_tally
from cardrules.games.felagsvist.options import Tiebreak
from cardrules.games.felagsvist.rules import RULES
from cardrules.games.felagsvist.scoring import add_deal, scored_deal, winning_side
from cardrules.judging import (
    Findings,
    not_held,
    out_of_turn,
    rule_order,
)
from cardrules.notation import format_seat
from cardrules.rules import RuleId
from cardrules.state_base import StateBase
from cardrules.verdict import Verdict, make_verdict, verdict_later

if TYPE_CHECKING:
    from cardrules.games.felagsvist.state import FelagsvistState, History

__all__ = [
    "PLAYABLE_AS_PLAYED",
    "apply_play",
    "end_reason",
    "fast_play",
    "game_ends",
    "judge_play",
    "legal_actions",
    "legal_cards",
    "legal_mask",
    "outcome",
    "play_card",
    "playable",
    "take_play",
    "trick_winner",
]

_LEAD_ANY: Final = (RuleId("felagsvist.play.lead-any"),)
_MUST_FOLLOW: Final = (RuleId("felagsvist.play.must-follow"),)
_VOID_ANY: Final = (RuleId("felagsvist.play.void-any"),)
_ORDER: Final = rule_order(RULES)
_BELOW: Final = tuple((1 << 13 * suit) - 1 for suit in range(4))
"""The cards of the suits below each suit, as a bitmask."""
_SUIT_SHIFT: Final = (0, 13, 26, 39)
"""The index of each suit's first card."""
_TOP_SUIT: Final = (0, *(length // 13 for length in range(52)))
"""The suit of a mask's highest card, by the mask's bit length (a mask of length 0 reads suit 0)."""


# -- the legal set -------------------------------------------------------------


def playable(hand: int, trick: tuple[int, ...]) -> int:
    """The cards of ``hand`` that may be played to ``trick`` (card indices, leader first), as a bitmask.

    felagsvist.play.lead-any: the leader may play any card.
    felagsvist.play.must-follow: a player holding the suit led plays one of those cards.
    felagsvist.play.void-any: a player void in the suit led may play any card.
    The result is empty only when the hand is (felagsvist.invariant.legal-set-nonempty).
    """
    if not trick:
        return hand
    same = hand & SUIT_MASKS[trick[0] // 13]
    return same if same else hand


def legal_cards(hands: tuple[int, int, int, int], trick: tuple[int, ...], to_act: int) -> int:
    """The cards seat ``to_act`` may play to ``trick`` from its hand, as a bitmask (0 once the game is over).

    ``to_act`` is a seat or :data:`~cardrules.game.TERMINAL`.

    What a state keeps as :attr:`~cardrules.games.felagsvist.state.FelagsvistState.legal_cards`
    (see :func:`~cardrules.games.felagsvist.play.playable`).
    """
    return 0 if to_act == TERMINAL else playable(hands[to_act], trick)


def legal_mask(state: FelagsvistState) -> int:
    """The legal cards of the player to act, as a bitmask (0 when the game is over).

    See :func:`~cardrules.games.felagsvist.play.playable`; the state worked it
    out when it was built (:attr:`~cardrules.games.felagsvist.state.FelagsvistState.legal_cards`).
    """
    return state.legal_cards


def legal_actions(state: FelagsvistState) -> tuple[Action, ...]:
    """The legal plays in card-index order; empty exactly when the game is over."""
    seat = state.current_player
    if seat == TERMINAL:
        return ()
    mask = state.legal_cards
    rows = SUIT_PLAYS[seat]
    top = _TOP_SUIT[mask.bit_length()]  # the highest suit of the mask
    if not mask & _BELOW[top]:  # one suit (as when following): one pick
        return RANK_PICKS[mask >> _SUIT_SHIFT[top]](rows[top])
    low = mask & 0x3FFFFFF  # clubs and diamonds, then hearts and spades: each half fits one machine digit
    high = mask >> 26
    return (
        RANK_PICKS[low & 0x1FFF](rows[0])
        + RANK_PICKS[low >> 13](rows[1])
        + RANK_PICKS[high & 0x1FFF](rows[2])
        + RANK_PICKS[high >> 13](rows[3])
    )


# -- the check -----------------------------------------------------------------


def _legal_verdict(seat: int, card: int, led: int | None) -> Verdict:
    """The verdict on ``seat`` playing card index ``card``, a card :func:`playable` allows.

    ``led`` is the suit led to the trick, or ``None`` when ``seat`` leads it;
    the verdict names the rule of :func:`playable` that allows the card.
    """
    if led is None:
        return make_verdict(True, _LEAD_ANY, f"{format_seat(seat)} leads {PRETTY[card]}")
    if card // 13 == led:
        return make_verdict(
            True, _MUST_FOLLOW, f"{format_seat(seat)} follows {SUIT_NAMES[led]} with {PRETTY[card]}"
        )
    return make_verdict(
        True,
        _VOID_ANY,
        f"{format_seat(seat)} has no {SUIT_NAMES[led]} and may play any card, {PRETTY[card]} included",
    )


_LEADS: Final = 4
"""The row of :data:`_LEGAL` for a play that leads a trick (rows 0-3: the suit led)."""

_LEGAL: Final[tuple[tuple[tuple[tuple[Verdict, int], ...], ...], ...]] = tuple(
    tuple(tuple((_legal_verdict(seat, card, led), card) for card in range(52)) for seat in range(4))
    for led in (0, 1, 2, 3, None)
)
"""Every legal play's verdict with the card it plays, by suit led (or :data:`_LEADS`), seat and card,
written once at import: what :func:`judge_play` gives a legal play."""


def judge_play(state: FelagsvistState, action: PlayCard) -> tuple[Verdict, int | None]:
    """The verdict on a play that passed the door, naming every rule it breaks, and the card it plays.

    An illegal verdict names every one of common.turn.player-to-act,
    common.cards.held and felagsvist.play.must-follow that the play breaks, in
    that order (the last only for the player to act, when the card would fail
    to follow suit even if they held it), and words them when its reason is
    first read (``_refusal``); a legal one names the rule of
    :func:`~cardrules.games.felagsvist.play.playable` that allows it. The card
    is ``None`` for an illegal play.
    """
    to_act = state.current_player
    seat = action.seat
    card = action.card.index
    trick = state.trick
    if seat == to_act and state.legal_cards >> card & 1:  # the legal cards are playable(hand, trick)
        return _LEGAL[trick[0] // 13 if trick else _LEADS][seat][card]
    hand = state.hands[seat]
    absent = not hand >> card & 1
    # must-follow: the card would be refused even if held (the suit led is held and not followed)
    revoke = seat == to_act and not playable(hand | 1 << card, trick) >> card & 1
    broken = _BROKEN[seat != to_act][absent][revoke]
    why = (seat, to_act, card, hand, trick, absent, revoke)
    return verdict_later(False, broken, _refusal_reason, why), None


def _refusal(
    seat: int, to_act: int, card: int, hand: int, trick: tuple[int, ...], absent: bool, revoke: bool
) -> Findings:
    """What ``seat``'s play of card index ``card`` breaks, with the reasons, as :func:`judge_play` found it.

    ``absent``: ``hand`` lacks the card; ``revoke``: it fails to follow suit
    (felagsvist.play.must-follow); the play breaks common.turn.player-to-act
    when ``seat`` is not ``to_act``.
    """
    found = Findings()
    out_of_turn(found, seat, to_act)
    if absent:
        not_held(found, seat, PRETTY[card])
    if revoke:
        found.add(
            _MUST_FOLLOW[0],
            f"{SUIT_NAMES[trick[0] // 13]} were led and {format_seat(seat)} holds "
            f"{pretty_cards(playable(hand, trick))}, so {PRETTY[card]} fails to follow suit",
        )
    return found


def _refusal_reason(
    seat: int, to_act: int, card: int, hand: int, trick: tuple[int, ...], absent: bool, revoke: bool
) -> str:
    """The reason of :func:`judge_play`'s illegal verdict: :func:`_refusal`'s reasons, joined."""
    return "; ".join(_refusal(seat, to_act, card, hand, trick, absent, revoke).reasons)


_BROKEN: Final[tuple[tuple[tuple[tuple[RuleId, ...], ...], ...], ...]] = tuple(
    tuple(
        tuple(_refusal(0, turn, 0, 0, (13,), absent, revoke).rule_ids(_ORDER) for revoke in (False, True))
        for absent in (False, True)
    )
    for turn in (0, 1)  # seat 0 plays, seat 0 (in turn) or 1 to act
)
"""The rules :func:`_refusal` names, by whether the play is out of turn, of a card not held, and a revoke."""


# -- the transition ------------------------------------------------------------


PLAYABLE_AS_PLAYED: Final[frozenset[RuleId]] = frozenset(_MUST_FOLLOW)
"""The rules a play may break and still be carried out as played (``attempt(..., lenient=True)``).

Only felagsvist.play.must-follow: a revoke is a card the actor holds, played
in turn, so the trick takes it as it would any other card. A card not held, a
play out of turn or after the end breaks rules the transition itself needs.
"""


def take_play(state: FelagsvistState, action: PlayCard, card: int | None) -> FelagsvistState:
    """The state after ``action``, judged legal (``card`` is the card it plays) or carried out as played."""
    return play_card(state, action.seat, action.card.index if card is None else card)


def fast_play(state: FelagsvistState, action: object) -> FelagsvistState | None:
    """The state after ``action`` when it is a shared play of a card the state's legal set holds, by the
    player to act (``actions.PLAYS``); else ``None`` (``apply`` then takes
    it to the door).

    Such a play needs no judging beyond that bit. Anything else (a play built
    anew, a value built around its class) goes through the door.
    """
    seat = state.current_player
    try:  # a card of playable() (none once the game is over): no verdict is needed
        card = action.card.index  # type: ignore[attr-defined]
        shared = state.legal_cards >> card & 1 and PLAYS[seat][card] is action
    except (AttributeError, IndexError, TypeError, ValueError):  # a value built around the class: the door
        return None
    return apply_play(state, action) if shared else None  # type: ignore[arg-type]


def play_card(state: FelagsvistState, seat: int, card: int) -> FelagsvistState:
    """The state after ``seat``, the player to act, plays card index ``card``, a card they hold, judged
    legal or a revoke carried out as played (``attempt(..., lenient=True)``).

    The transition is :func:`apply_play`'s, given the shared play of the card. A revoke is carried
    out on the same position with every card of the hand allowed: the transition reads the cards,
    the trick and the tally, never which cards were allowed.
    """
    if not state.legal_cards >> card & 1:  # a revoke, carried out as played
        hand = state.hands[seat]
        state = state.make(state.deal, state.hands, state.trick, state.history, state.tally, seat, hand)
    return apply_play(state, PLAYS[seat][card])


_SEATS: Final = (0, 1, 2, 3, 0, 1, 2, 3)
"""Seat ``n % 4`` at index ``n``: the seats round the table clockwise (felagsvist.play.trick-order)."""

_BITS: Final = tuple(1 << card for card in range(52))
_LED_SUIT: Final = tuple(SUIT_MASKS[card // 13] for card in range(52))
"""The cards of each card's suit, as a bitmask: what a trick led with that card asks to follow."""
_ALONE: Final = tuple((card,) for card in range(52))
"""``(card,)`` for each card index: the one-card tuple a play adds to the trick, built once."""


def apply_play(state: FelagsvistState, action: Action | str) -> FelagsvistState:
    """``state.apply(action)``: a shared play of a legal card is carried out at once (the transition
    of every play), any other action goes to the door (:meth:`cardrules.state_base.StateBase.apply`,
    which judges it and carries it out through :func:`~cardrules.games.felagsvist.play.take_play`).

    The test is :func:`~cardrules.games.felagsvist.play.fast_play`'s, written out here so that the
    common case is one call; ``tests/felagsvist/test_fast_paths.py`` holds both to the judged path.
    Play goes clockwise (felagsvist.play.trick-order); the fourth card ends the trick, whose winner
    takes it and leads the next (felagsvist.trick.winner, felagsvist.trick.winner-leads); the
    thirteenth trick ends the deal.
    """
    seat = state.current_player
    try:
        card = action.card.index  # type: ignore[union-attr]
        shared = state.legal_cards >> card & 1 and PLAYS[seat][card] is action
    except (AttributeError, IndexError, TypeError, ValueError):  # a value built around the class: the door
        shared = False
    if not shared:
        return StateBase.apply(state, action)
    h0, h1, h2, h3 = state.hands
    bit = _BITS[card]  # held, so clearing it is flipping it
    if seat == 0:
        hands = (h0 ^ bit, h1, h2, h3)
    elif seat == 1:
        hands = (h0, h1 ^ bit, h2, h3)
    elif seat == 2:
        hands = (h0, h1, h2 ^ bit, h3)
    else:
        hands = (h0, h1, h2, h3 ^ bit)
    trick = state.trick + _ALONE[card]
    history = (state.history, seat, card)
    if len(trick) < 4:
        after = _SEATS[seat + 1]
        hand = hands[after]
        # playable(hand, trick), written out for a trick already led: the suit led if held, else any card
        same = hand & _LED_SUIT[trick[0]]
        return state.make(state.deal, hands, trick, history, state.tally, after, same or hand)
    deal = state.deal
    tally = state.tally
    # trick_winner(trick, trump, strength), read off the deal's table of which card beats which
    beats = deal.plan.trick_beats[deal.deal_number]
    c0, c1, c2, c3 = trick
    best, place = c0, 0
    if beats[best][c1]:
        best, place = c1, 1
    if beats[best][c2]:
        best, place = c2, 2
    if beats[best][c3]:
        place = 3
    winner = _SEATS[tally.leader + place]
    taken = _BITS[c0] | _BITS[c1] | _BITS[c2] | _BITS[c3]
    ns, ew = tally.tricks
    won_ns, won_ew = tally.won
    if winner % 2 == 0:
        tally = new_tally(winner, (ns + 1, ew), (won_ns | taken, won_ew))
    else:
        tally = new_tally(winner, (ns, ew + 1), (won_ns, won_ew | taken))
    if ns + ew + 1 < DEAL_TRICKS:
        return state.make(deal, hands, (), history, tally, winner, hands[winner])  # a leader plays any card
    return _end_deal(state, hands, history, tally)


# -- the end of a trick, a deal and the game -------------------------------------


def trick_winner(cards: Sequence[int], trump: int | None, strength: Sequence[int]) -> int:
    """The position (0 = the lead) of the card that wins a complete trick (felagsvist.trick.winner).

    The highest trump wins if any trump was played; otherwise the highest card
    of the suit led. ``strength[card]`` orders cards within a suit (see
    :func:`~cardrules.games.felagsvist.cards.strength_table`); cards of other
    suits never win.

    >>> trick_winner((13, 25, 0, 14), None, range(52)), trick_winner((13, 25, 0, 14), 0, range(52))
    (1, 2)
    """
    best = 0
    best_card = cards[0]
    best_suit = best_card // 13
    position = 0
    for card in cards:  # the lead meets itself first, and stays best
        suit = card // 13
        if suit == best_suit:
            if strength[card] > strength[best_card]:
                best, best_card = position, card
        elif suit == trump:
            best, best_card, best_suit = position, card, suit
        position += 1  # noqa: SIM113 - enumerate costs a tuple a card here
    return best


def _end_deal(
    state: FelagsvistState, hands: tuple[int, int, int, int], history: History, tally: Tally
) -> FelagsvistState:
    """After the thirteenth trick of ``state``'s deal: the deal is scored, then the game ends or the next
    deal is dealt.

    felagsvist.deal.rotation: the deal passes to the left.
    """
    deal = state.deal
    scores = scored_deal(deal, tally)  # what the finished state's deal_scores and totals end with
    totals = add_deal(deal.totals, scores)
    if game_ends(deal.deal_number, totals, deal.plan.options.tiebreak):
        return state.make(deal, hands, (), history, tally, TERMINAL, 0)
    return state.start(
        deal.plan, (deal.dealer + 1) % 4, deal.deal_number + 1, (*deal.deal_scores, scores), totals
    )


def game_ends(deal_number: int, totals: tuple[int, int], tiebreak: Tiebreak) -> bool:
    """Whether the game ends after deal ``deal_number``, with these totals.

    felagsvist.game.twelve-deals: it ends after deal 12, unless the totals are
    level under ``tiebreak=play-on`` (felagsvist.game.tie), when deal 13 decides.
    """
    if deal_number >= MAX_DEALS:
        return True
    if deal_number < 12:
        return False
    return tiebreak is Tiebreak.NONE or totals[0] != totals[1]


def end_reason(deal_number: int) -> str:
    """Why a game that ended after deal ``deal_number`` is over, as a clause (``deal 12 was the last``)."""
    if deal_number > 12:
        return f"deal {deal_number} broke the tie"
    return f"deal {deal_number} was the last"


def outcome(state: FelagsvistState) -> Outcome | None:
    """``None`` until the game is over; then the winning side's seats, the totals and why it ended.

    felagsvist.game.winner: the side with the higher total wins; level totals are a tie
    (no winners, ``side`` ``None``). The game ends after deal 12
    (felagsvist.game.twelve-deals), or after deal 13 when play-on breaks a tie
    (felagsvist.game.tie).
    """
    if state.current_player != TERMINAL:
        return None
    side = winning_side(state.totals)
    deal_number = state.deal.deal_number
    rule = "felagsvist.game.tie" if deal_number > 12 else "felagsvist.game.twelve-deals"
    winners = () if side is None else (side, side + 2)
    return Outcome(winners, state.scores(), RuleId(rule), end_reason(deal_number), side, side is None)
