"""Card play, in the stock phase (tricks 1-24) and the last eight tricks: legal cards, verdicts, the trick.

The play of a card, as the other games' ``play`` modules hold it: the legal set
(:func:`legal_mask`, and the state's :func:`legal_actions`), the verdict
(:func:`judge_play`) and the transition (:func:`fast_play`, which is also
``apply``'s fast path, and :func:`take_play`), which the state's action table names.

Each rule's condition is written once and serves the legal set, the verdict
and the transition: :func:`legal_mask` (the whole hand under
fildinski.play.free-play and fildinski.endgame.free-discard, :func:`legal_follow`
for the endgame follower), :func:`follower_wins` (fildinski.play.trick-winner,
read by the transition from a table worked out from it) and
:func:`meld_step_follows`; the draw after the trick is
:func:`~cardrules.games.fildinski.deal.draw` (fildinski.play.draw-order).
Two one-line choices are written out again on the hot paths, to save a call
at every card played: :func:`legal_mask`'s in :func:`legal_actions` and
:func:`fast_play`, and :func:`meld_step_follows` in :func:`fast_play`; each copy
is marked where it stands, and ``tests/fildinski/test_fast_paths.py`` holds it
to the function it copies.

Everything works on the ids and bitmasks of :mod:`cardrules.games.fildinski.cards`, so the engine
and the proofs' refinement tests can call the trick functions on millions of tricks.

>>> from cardrules.games.fildinski.play import follower_wins, legal_follow
>>> follower_wins(0, 1, 3)  # the two 7s of clubs: the first played wins
False
>>> legal_follow(0b1100_0000 | 1 << 40, 0b10, 2) == 0b1100_0000  # 8♣ led: head it with a J♣
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from cardrules.cards import Card
from cardrules.game import TERMINAL, Action
from cardrules.games.fildinski.actions import PLAYS, PlayCard
from cardrules.games.fildinski.cards import (
    DEAL_TRICKS,
    DRAWS,
    ID_BITS,
    KIND_OF_INDEX,
    SUIT_IDS,
    card_kind,
)
from cardrules.games.fildinski.deal import next_deal
from cardrules.games.fildinski.follow_verdicts import (
    FREE_DISCARD,
    LEGAL_SET,
    MUST_FOLLOW,
    MUST_HEAD,
    MUST_TRUMP,
    PRETTY,
    allowed_follow,
    refused_follow,
)
from cardrules.games.fildinski.rules import RULES
from cardrules.games.fildinski.scoring import LAST_TRICKS, SCORING_IDS, game_ends, score_trick
from cardrules.judging import Findings, not_held, out_of_turn, rule_order, unknown_action
from cardrules.notation import format_seat
from cardrules.rules import RuleId
from cardrules.verdict import Verdict, make_verdict

if TYPE_CHECKING:
    from cardrules.games.fildinski.state import FildinskiState

__all__ = [
    "NO_CARD",
    "PLAYABLE_AS_PLAYED",
    "end_deal",
    "fast_play",
    "follow_duty",
    "follower_wins",
    "held_id",
    "judge_play",
    "legal_actions",
    "legal_follow",
    "legal_mask",
    "meld_step_follows",
    "take_play",
]

NO_CARD: Final = -1
"""What :func:`judge_play` resolves an illegal play to: no id."""

_HIGHER: Final[tuple[int, ...]] = tuple(
    ((0xFFFF << (2 * (strength + 1))) & 0xFFFF) << (16 * suit) for suit in range(4) for strength in range(8)
)
_NIBBLE: Final = bytes(sum(1 << k for k in range(4) if v >> (2 * k) & 3) for v in range(256))
"""The kinds (bit ``k`` for the ``k``-th) of the four kinds' ids in a byte of an id mask."""
_HIGH_NIBBLE: Final = tuple(bytes(n | high << 4 for n in _NIBBLE) for high in range(16))
_SUIT_KINDS: Final = tuple(b"".join(_HIGH_NIBBLE[_NIBBLE[high]] for high in range(256)))
"""The kinds (bit ``k`` for strength ``k``) of the ids of one suit, by the suit's 16 bits of an id mask: a
tuple (of the shared small ints), which is read faster than bytes."""
_SUIT_PLAYS: Final[tuple[tuple[tuple[tuple[Action, ...], ...], ...], ...]] = tuple(
    tuple(
        tuple(tuple(plays[8 * suit + k] for k in range(8) if kinds >> k & 1) for kinds in range(256))
        for suit in range(4)
    )
    for plays in PLAYS
)
"""The plays of each seat, by suit and then by a set of that suit's kinds, in kind order: built once."""

PLAYABLE_AS_PLAYED: Final[frozenset[RuleId]] = frozenset(
    RuleId(rule) for rule in (MUST_HEAD, MUST_FOLLOW, MUST_TRUMP, LEGAL_SET)
)
"""The rules a card play may break and still be carried out as played (``attempt(..., lenient=True)``).

The follower's duties of the last eight tricks and the legal set they make: a
card the player to act holds, played outside a meld step, that fails them is
still a card the trick can take. A card not held, a play out of turn or in a
meld step breaks rules the transition itself needs.
"""
_FREE_PLAY: Final = (RuleId("fildinski.play.free-play"),)
_TRICK_CYCLE: Final = (RuleId("fildinski.play.trick-cycle"),)
_LEADS_IN_ENDGAME: Final = (RuleId(FREE_DISCARD),)
_ENDGAME_CYCLE: Final = "fildinski.endgame.trick-cycle"
_ORDER: Final = rule_order(RULES)


# -- the trick: who wins, who may play what -------------------------------------------------------


def follower_wins(led: int, follow: int, trump: int) -> bool:
    """fildinski.play.trick-winner: whether the follower's card beats the led card.

    The follower wins with a higher card of the suit led, or with a trump on a
    non-trump lead; otherwise (identical cards included) the leader wins.
    """
    led_suit = led >> 4
    follow_suit = follow >> 4
    if follow_suit == led_suit:
        return (follow >> 1) & 7 > (led >> 1) & 7
    return follow_suit == trump


_KIND_WINS: Final = tuple(
    tuple(tuple(follower_wins(2 * led, 2 * follow, trump) for follow in range(32)) for led in range(32))
    for trump in range(4)
)
_FOLLOWER_WINS: Final[tuple[tuple[tuple[bool, ...], ...], ...]] = tuple(
    tuple(tuple(row[follow >> 1] for follow in range(64)) for row in rows for _ in "12")
    for rows in _KIND_WINS
)
""":func:`follower_wins` for every trump, led id and following id (``[trump][led][follow]``), the table a
completed trick reads: worked out from the function once for each kind (both copies of a card win and
lose alike, and identical cards never beat each other; ``tests/fildinski/test_fast_paths.py`` holds the
table to the function on every id)."""
_ALONE: Final[tuple[tuple[int], ...]] = tuple((card,) for card in range(64))
"""``(card,)`` for each id: the trick a lead starts, built once."""


def legal_follow(hand: int, led: int, trump: int) -> int:
    """fildinski.endgame.legal-set: the endgame follower's legal cards (an id bitmask).

    The higher cards of the suit led if any (must-head), else the cards of that
    suit (must-follow), else the trumps (must-trump), else the whole hand
    (free-discard). Never empty when the hand is not.
    """
    same = hand & SUIT_IDS[led >> 4]
    if same:
        higher = same & _HIGHER[led >> 1]
        return higher if higher else same
    trumps = hand & SUIT_IDS[trump]
    return trumps if trumps else hand


def follow_duty(legal: int, led: int, trump: int) -> str:
    """The duty a legal set of :func:`legal_follow` answers: the rule id that chose it.

    A legal set holding a higher card of the suit led is fildinski.endgame.must-head's;
    one holding the suit led, must-follow's; one holding trumps, must-trump's;
    any other is the whole hand of fildinski.endgame.free-discard.
    """
    if legal & _HIGHER[led >> 1]:
        return MUST_HEAD
    if legal & SUIT_IDS[led >> 4]:
        return MUST_FOLLOW
    if legal & SUIT_IDS[trump]:
        return MUST_TRUMP
    return FREE_DISCARD


def legal_mask(s: FildinskiState) -> int:
    """The ids the player to act may play (0 in a meld step or when the game is over).

    fildinski.play.free-play and fildinski.endgame.free-discard: the whole hand;
    for the endgame follower, :func:`legal_follow` (fildinski.endgame.legal-set).
    """
    seat = s.current_player
    if seat == TERMINAL or s.in_meld_step:
        return 0
    hand = s.hands[seat]
    trick = s.trick
    if trick and s.drawn >= DRAWS:
        return legal_follow(hand, trick[0], s.deal.trump)
    return hand


def legal_actions(s: FildinskiState) -> tuple[Action, ...]:
    """The state's ``legal_actions()``: the legal actions in canonical order, empty exactly when the game
    is over.

    Card plays in kind order (the ids of :func:`legal_mask`, written out here for the player to act
    outside a meld step); in a meld step the dix (when possible) first, then ``meld none``, then
    single melds, then pairs of melds
    (:func:`~cardrules.games.fildinski.meld_step.legal_actions`, which the state names).
    """
    seat = s.current_player
    if seat == TERMINAL:
        return ()
    if s.in_meld_step:
        return s._meld_step_actions(seat)
    hand = s.hands[seat]  # legal_mask, written out for the player to act outside a meld step
    trick = s.trick
    mask = legal_follow(hand, trick[0], s.deal.trump) if trick and s.drawn >= DRAWS else hand
    suits = _SUIT_PLAYS[seat]
    kinds = _SUIT_KINDS
    return (
        suits[0][kinds[mask & 0xFFFF]]
        + suits[1][kinds[mask >> 16 & 0xFFFF]]
        + suits[2][kinds[mask >> 32 & 0xFFFF]]
        + suits[3][kinds[mask >> 48]]
    )


def held_id(s: FildinskiState, seat: int, card: Card) -> int:
    """The id of ``card`` that ``seat`` plays when it holds it, legal or not (the lower copy held).

    What a play carried out as it was made (:data:`PLAYABLE_AS_PLAYED`) takes
    from the hand; :data:`NO_CARD` when ``seat`` holds no copy.
    """
    kind = card_kind(card)
    held = 0 if kind is None else s.hands[seat] >> (2 * kind) & 3
    if kind is None or not held:
        return NO_CARD
    return 2 * kind + (0 if held & 1 else 1)


# -- verdicts -------------------------------------------------------------------------------------


def judge_play(s: FildinskiState, action: PlayCard) -> tuple[Verdict, int]:
    """The verdict on a card play (the game not over), and the id it plays (:data:`NO_CARD` if illegal).

    A card held by the player to act outside a meld step is legal exactly when
    :func:`legal_mask` holds it. A refusal names common.turn.player-to-act
    first for another seat; in a meld step the trick cycle of the phase
    (fildinski.play.trick-cycle, fildinski.endgame.trick-cycle); a card not
    held names common.cards.held, then for the player to act the legal-set
    rules it breaks (``_also_outside_legal_set``); the ids after the
    first come in the rule book's order. The verdicts that depend on the seat
    and the card alone (a play out of turn, a legal lead or stock-phase play)
    are made once, at import, by the same code (``_out_of_turn``,
    ``_stock_play``).
    """
    seat, card = action.seat, action.card
    kind = card_kind(card) if isinstance(card, Card) else None
    if kind is None:
        return unknown_action(f"{card} is not a card of the Fildinski deck (7 to ace only)"), NO_CARD
    hand = s.hands[seat]
    held = hand >> (2 * kind) & 3
    if seat != s.current_player:  # the other seat (two seats, the game not over)
        return _OUT_OF_TURN[seat][kind] if not held else _OUT_OF_TURN_HELD[seat], NO_CARD
    if s.in_meld_step or not held:
        found = Findings()
        if s.in_meld_step:
            cycle = _ENDGAME_CYCLE if s.drawn >= DRAWS else _TRICK_CYCLE[0]
            found.add(cycle, _end_the_step_first(s, seat))
        if not held:
            not_held(found, seat, PRETTY[kind])
            if not s.in_meld_step:
                _also_outside_legal_set(s, seat, kind, hand, found)
        return found.verdict(_ORDER), NO_CARD
    mask = legal_mask(s)
    legal = mask >> (2 * kind) & 3
    if not legal:
        return _refused_follow(s, seat, kind, mask), NO_CARD
    if s.drawn < DRAWS:
        verdict = _STOCK_PLAYS[seat][1 if s.trick else 0][kind]
    elif not s.trick:
        verdict = _ENDGAME_LEADS[seat][kind]
    else:
        led = s.trick[0]
        verdict = allowed_follow(led, follow_duty(mask, led, s.deal.trump), format_seat(seat), PRETTY[kind])
    return verdict, 2 * kind + (0 if legal & 1 else 1)


def _out_of_turn(seat: int, kind: int, held: bool) -> Verdict:
    """The verdict on ``seat`` playing a card of ``kind`` out of turn: common.turn.player-to-act, and
    common.cards.held when ``seat`` lacks it (the legal set is the player to act's, so no more is said)."""
    found = Findings()
    out_of_turn(found, seat, 1 - seat)
    if not held:
        not_held(found, seat, PRETTY[kind])
    return found.verdict(_ORDER)


def _stock_play(seat: int, kind: int, follows: bool, endgame: bool) -> Verdict:
    """The verdict on ``seat``'s legal play of a ``kind`` while the stock lasts (fildinski.play.free-play),
    or its lead of one of the last eight tricks (fildinski.endgame.free-discard)."""
    actor = format_seat(seat)
    name = PRETTY[kind]
    if endgame:
        return make_verdict(True, _LEADS_IN_ENDGAME, f"{actor} leads {name}; a leader may lead any card")
    if follows:
        reason = f"{actor} plays {name}; while the stock lasts any card may be played"
        return make_verdict(True, _FREE_PLAY, reason)
    return make_verdict(True, _FREE_PLAY, f"{actor} leads {name}")


_OUT_OF_TURN: Final[tuple[tuple[Verdict, ...], ...]] = tuple(
    tuple(_out_of_turn(seat, kind, False) for kind in range(32)) for seat in (0, 1)
)
"""Each seat's verdict on a card it does not hold, played out of turn, by kind (the same value every time)."""
_OUT_OF_TURN_HELD: Final[tuple[Verdict, ...]] = tuple(_out_of_turn(seat, 0, True) for seat in (0, 1))
"""Each seat's verdict on a card it holds, played out of turn."""
_STOCK_PLAYS: Final[tuple[tuple[tuple[Verdict, ...], ...], ...]] = tuple(
    tuple(tuple(_stock_play(seat, kind, follows, False) for kind in range(32)) for follows in (False, True))
    for seat in (0, 1)
)
"""Each seat's verdict on a legal lead (then follow) of each kind while the stock lasts."""
_ENDGAME_LEADS: Final[tuple[tuple[Verdict, ...], ...]] = tuple(
    tuple(_stock_play(seat, kind, False, True) for kind in range(32)) for seat in (0, 1)
)
"""Each seat's verdict on a lead of each kind in the last eight tricks."""


def _also_outside_legal_set(s: FildinskiState, seat: int, kind: int, hand: int, found: Findings) -> None:
    """The rules of the legal set a card not held breaks, after common.cards.held.

    In the stock phase fildinski.play.free-play (the legal set is the hand);
    in the last eight tricks fildinski.endgame.legal-set, with the follower's
    duties the card would fail even if it were held (:func:`legal_follow` on
    the hand with the card in it).
    """
    if s.drawn < DRAWS:
        found.add(
            _FREE_PLAY[0],
            f"while the stock lasts a player plays a card of their own hand, not {PRETTY[kind]}",
        )
        return
    if s.trick:
        led, trump = s.trick[0], s.deal.trump
        wider = hand | 3 << (2 * kind)
        mask = legal_follow(wider, led, trump)
        if not mask >> (2 * kind) & 3:
            refused = _refused_follow(s, seat, kind, mask)
            found.add(refused.rule_ids[0], refused.reason)
            found.also(*refused.rule_ids[1:])
            return
    found.add(LEGAL_SET, f"in the last eight tricks the legal cards are among {format_seat(seat)}'s own")


def _end_the_step_first(s: FildinskiState, seat: int) -> str:
    """Why ``seat``, in its meld step, may not play a card yet (fildinski.play.trick-cycle, or
    fildinski.endgame.trick-cycle after the last draw)."""
    actor = format_seat(seat)
    return (
        f"{actor} won trick {s.tricks_done} and must first end the meld step "
        f"(declare melds or '{actor} meld none') before the next card is played"
    )


def _refused_follow(s: FildinskiState, seat: int, kind: int, mask: int) -> Verdict:
    """The verdict on a held card outside the endgame follower's legal set ``mask``, in the duty's words."""
    led = s.trick[0]
    return refused_follow(led, follow_duty(mask, led, s.deal.trump), seat, kind, mask)


# -- transitions ----------------------------------------------------------------------------------


def meld_step_follows(s: FildinskiState) -> bool:
    """Whether the winner of the trick being played has a meld step after it.

    fildinski.play.trick-cycle: after every trick while the stock lasts;
    fildinski.endgame.no-melding: after the last draw only under ``meld_in_endgame``.
    """
    return s.drawn < DRAWS or s.deal.plan.options.meld_in_endgame


def end_deal(s: FildinskiState) -> FildinskiState:
    """The state after the last trick (and meld step) of a deal.

    fildinski.game.deal-end: the deal's points join the totals. The game ends
    when :func:`~cardrules.games.fildinski.scoring.game_ends` says so; otherwise
    the next deal begins (:func:`~cardrules.games.fildinski.deal.next_deal`).
    """
    context = s.deal
    a, b = context.totals
    x, y = s.deal_points
    totals = (a + x, b + y)
    if game_ends(totals, context.plan.options.target_score):
        return s.make(
            context, s.hands, s.won, s.retired, s.drawn, s.turnup, s.trick, s.leader, s.tricks_done,
            s.in_meld_step, s.fresh, s.dix_done, s.points, s.used, s.melds, s.dix, s.history, TERMINAL,
        )  # fmt: skip
    return s.dealt(next_deal(context, s.summary, totals))


# -- the state's action table: the transition of a judged play, and the fast path -----------------


def take_play(s: FildinskiState, action: PlayCard, card: int | None) -> FildinskiState:
    """The state after ``action``, judged legal (``card`` is the id :func:`judge_play` resolved), or
    carried out as played (``card`` is ``None``: the lower copy held, :func:`held_id`)."""
    if card is None:
        card = held_id(s, action.seat, action.card)
        assert card != NO_CARD, "a play carried out as played is of a card held"
    after = fast_play(s, action, card)
    assert after is not None, "a play of a given id is always carried out"
    return after


def fast_play(s: FildinskiState, action: object, card: int = NO_CARD) -> FildinskiState | None:
    """The state after the card play ``action`` of the player to act; the transition of every play.

    Given ``card``, that id is played: the id :func:`judge_play` resolved, or the id held of a play
    carried out as played (:func:`take_play`). Without it this is the fast path of ``apply``, which
    plays a play ``legal_actions`` handed out (a shared value, told by identity), or one of a card by
    a seat number, when :func:`legal_mask` holds it (tested here as it tests it), the lower copy held
    being the one played; for any other it gives ``None``, and the door judges it.

    A lead starts the trick; a follow completes it (fildinski.play.trick-cycle,
    fildinski.endgame.trick-cycle): the winner (:func:`follower_wins`, read from its table) scores the
    trick's points and takes both cards, then has its meld step (:func:`meld_step_follows`) or leads
    the next trick; after trick 32 the deal ends (:func:`end_deal`).
    """
    seat = s.current_player
    if card < 0:  # NO_CARD: test the play
        try:
            kind = KIND_OF_INDEX[action.card.index]  # type: ignore[attr-defined]
            if PLAYS[seat][kind] is not action:  # built elsewhere: its fields decide
                played, actor = action.card, action.seat  # type: ignore[attr-defined]
                found = card_kind(played) if type(played) is Card and type(played.index) is int else None
                if found is None or type(actor) is not int or actor != seat:
                    return None
                kind = found
        except (AttributeError, IndexError, TypeError):  # a field missing or of another type: the door
            return None
        if s.in_meld_step:  # no card is played in a meld step (a game over has no row in PLAYS: not here)
            return None
        hand = s.hands[seat]  # legal_mask, written out: the whole hand but for the endgame follower
        trick = s.trick
        legal = legal_follow(hand, trick[0], s.deal.trump) if trick and s.drawn >= DRAWS else hand
        card = 2 * kind
        legal = legal >> card & 3
        if not legal:
            return None
        if not legal & 1:  # the lower copy held is the one played
            card += 1
    h0, h1 = s.hands
    bit = ID_BITS[card]  # a card held: taking it from the hand is flipping its bit
    hands = (h0 ^ bit, h1) if seat == 0 else (h0, h1 ^ bit)
    history = (s.history, seat, card)
    trick = s.trick
    if not trick:
        return s.make(
            s.deal, hands, s.won, s.retired, s.drawn, s.turnup, _ALONE[card], s.leader, s.tricks_done,
            s.in_meld_step, s.fresh, s.dix_done, s.points, s.used, s.melds, s.dix, history, 1 - seat,
        )  # fmt: skip
    led = trick[0]
    context = s.deal
    trump = context.trump
    leader = s.leader
    winner = seat if _FOLLOWER_WINS[trump][led][card] else leader
    number = s.tricks_done + 1
    taken = ID_BITS[led] | bit
    points = s.points  # a trick without a scoring card, nor a last trick, scores nothing (SCORING_IDS)
    if taken & SCORING_IDS[trump] or number in LAST_TRICKS:
        points = score_trick(points, (led, card), leader, winner, trump, context.plan.options, number)
    w0, w1 = s.won
    won = (w0 | taken, w1) if winner == 0 else (w0, w1 | taken)
    step = s.drawn < DRAWS or context.plan.options.meld_in_endgame  # meld_step_follows, written out
    after = s.make(
        context, hands, won, s.retired, s.drawn, s.turnup, (), winner, number,
        step, taken if step else 0, s.dix_done, points, s.used, s.melds, s.dix, history, winner,
    )  # fmt: skip
    if not step and number == DEAL_TRICKS:
        return end_deal(after)
    return after
