"""The ask, its answer, and the rest of the turn after it (backstab_fish.turn.sequence).

Which step a turn is at is :func:`asking` (backstab_fish.turn.sequence).
Step 1 of a turn is P's one ask (target, rank, count). Its three rules each
have one condition here, used alike by the legal set (:func:`seat_asks`), the
check (:func:`check_ask`) and the fast path of ``apply`` (:func:`ask_allowed`):

- backstab_fish.ask.target: :func:`may_ask`;
- backstab_fish.ask.rank: :func:`askable_ranks`;
- backstab_fish.ask.count: :func:`count_allowed`, which also fills the table of
  the asks each deck allows (:func:`ask_rows`).

A state keeps the asks of every seat (:func:`every_seat_asks`), so that its
legal asks (:func:`legal_asks`) are at hand; a turn works out again only those
of a seat whose ranks changed, or all of them when a hand empties or fills
(:func:`asks_after`).

Step 2, the answer, follows by rule in :func:`ask` (a hand-over or go fish,
and the target's refill); step 3, the lay-down decision, is
:mod:`~cardrules.games.backstab_fish.lay_down`'s; steps 4 and 5, the end checks
and the passing of the turn, are :func:`finish`, which every turn ends with.

>>> count_allowed(8, 8), count_allowed(5, 4), count_allowed(0, 8)
(True, False, False)
>>> from cardrules.games.backstab_fish.cards import FishRank, pack, unit_ranks
>>> unit_ranks(askable_ranks(pack({FishRank.KING: 5, FishRank.TWO: 1})))
(0, 11)
>>> may_ask(0, 0, (3, 3, 3, 3), False), may_ask(0, 2, (3, 3, 0, 3), False), may_ask(0, 2, (3, 3, 0, 3), True)
(False, False, True)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING, Final

from cardrules.game import TERMINAL, Action
from cardrules.games.backstab_fish import ask_verdicts as parts
from cardrules.games.backstab_fish import lay_down  # (which imports this one: read at call time)
from cardrules.games.backstab_fish.actions import ASK, ASKS, Ask
from cardrules.games.backstab_fish.ask_verdicts import ALLOWED_RULES
from cardrules.games.backstab_fish.cards import ALL_RANKS, RANK_CODES, FishRank, unit_ranks
from cardrules.games.backstab_fish.deal import DealContext
from cardrules.games.backstab_fish.observation import (
    ALL_EMPTY,
    END_RULES,
    SOLE_HOLDER,
    STALL_LIMIT,
    EventChain,
    event_log,
)
from cardrules.games.backstab_fish.options import BackstabFishOptions, Deck
from cardrules.judging import unknown_action
from cardrules.verdict import Verdict, verdict_later

if TYPE_CHECKING:
    from cardrules.games.backstab_fish.state import BackstabFishState

__all__ = [
    "REFILL",
    "AskRows",
    "SeatAsks",
    "ask",
    "ask_allowed",
    "ask_rows",
    "askable_ranks",
    "asking",
    "asks_after",
    "check_ask",
    "count_allowed",
    "end_reason",
    "end_rule",
    "every_seat_asks",
    "finish",
    "legal_asks",
    "may_ask",
    "seat_asks",
]

REFILL: Final = 7
"""backstab_fish.refill.seven: an emptied hand draws this many cards (or the rest of the stock)."""

_UNITS: Final = int("1" * 14, 16)

_RANK_COUNT: Final = len(ALL_RANKS)

# -- the order of a turn and the three ask rules ------------------------------


def asking(state: BackstabFishState) -> bool:
    """backstab_fish.turn.sequence: whether the player to act is at step 1, to ask.

    Otherwise P has asked and is at step 3, the lay-down decision: P gets no
    second ask, and sets are laid only after the answer.
    """
    return state.phase == ASK


def may_ask(seat: int, target: int, sizes: tuple[int, ...], open_targets: bool) -> bool:
    """backstab_fish.ask.target: ``seat`` may ask ``target`` (a seat of the game).

    T is another player, and holds a card unless ``empty_target=allowed``
    (``open_targets``); ``sizes`` are the hand sizes.
    """
    return target != seat and (sizes[target] > 0 or open_targets)


def askable_ranks(hand: int) -> int:
    """backstab_fish.ask.rank: the ranks P may ask for, those P's packed ``hand`` holds a card of.

    The answer is packed like a hand, with 1 in the field of each such rank, so
    ``askable_ranks(hand) >> (rank << 2) & 1`` says whether ``rank`` may be
    asked for, and :func:`~cardrules.games.backstab_fish.cards.unit_ranks`
    lists them. Each field is judged on its own, so for one rank it is enough
    to judge that rank's field alone: ``askable_ranks(hand >> (rank << 2) & 15)``
    is 1 or 0 (and cheaper, on a small int).
    """
    return (hand | hand >> 1 | hand >> 2 | hand >> 3) & _UNITS


def count_allowed(count: int, copies: int) -> bool:
    """backstab_fish.ask.count: ``count`` lies in 1..C_r, where ``copies`` is C_r."""
    return 1 <= count <= copies


# -- the legal asks -----------------------------------------------------------

AskRows = tuple[tuple[tuple[tuple[Ask, ...], ...], ...], ...]
"""Per asker, per target, per rank code, the asks a deck allows by count, in count order."""


def _rows_for(copies: tuple[int, ...]) -> AskRows:
    return tuple(
        tuple(
            tuple(
                tuple(ask for ask in row[rank] if count_allowed(ask.count, copies[rank]))
                for rank in RANK_CODES
            )
            for row in by_target
        )
        for by_target in ASKS  # the shared asks, so listing legal asks allocates none
    )


_ROWS: Final[Mapping[tuple[int, ...], AskRows]] = MappingProxyType(
    {copies: _rows_for(copies) for copies in {BackstabFishOptions(deck=deck).copies for deck in Deck}}
)
"""The ask table of each deck, by its copies per rank (shared by every game with that deck)."""


def ask_rows(copies: tuple[int, ...]) -> AskRows:
    """The asks a deck with ``copies`` (C_r per rank code) allows, by asker, target and rank.

    Each row holds the asks for the counts :func:`count_allowed` lets through;
    the same rows serve every game with that deck.
    """
    return _ROWS[copies]


def seat_asks(deal: DealContext, seat: int, hand: int, sizes: tuple[int, ...]) -> tuple[Action, ...]:
    """Every ask ``seat`` could make holding ``hand`` (packed) when the hands hold ``sizes`` cards.

    By target, then rank, then count: the targets :func:`may_ask` lets
    through, the ranks of :func:`askable_ranks` and the counts of the deck's
    rows (:func:`ask_rows`). For the player to act in the ask phase, these are
    the legal asks.
    """
    held = unit_ranks(askable_ranks(hand))
    if not held:
        return ()
    rows = deal.ask_rows[seat]
    open_targets = deal.open_targets
    out: list[Action] = []
    for target in range(deal.players):
        if may_ask(seat, target, sizes, open_targets):
            row = rows[target]
            for rank in held:
                out += row[rank]
    return tuple(out)


SeatAsks = tuple[tuple[Action, ...], ...]
"""Per seat, the asks it could make (:func:`seat_asks`)."""


def every_seat_asks(deal: DealContext, hands: tuple[int, ...], sizes: tuple[int, ...]) -> SeatAsks:
    """:func:`seat_asks` of every seat, for these ``hands`` (packed) and ``sizes``."""
    return tuple(seat_asks(deal, seat, hands[seat], sizes) for seat in range(deal.players))


def asks_after(
    before: BackstabFishState, hands: tuple[int, ...], sizes: tuple[int, ...], changed: tuple[int, ...]
) -> SeatAsks:
    """:func:`every_seat_asks` for the ``hands`` and ``sizes`` a step of a turn leaves, from ``before``.

    A seat's asks depend on nothing but the ranks it holds and on which hands
    are empty. ``changed`` names the seats whose ranks the step may have
    changed (at least every seat that took up a new rank or gave up the
    last card of one); the asks of ``before`` are kept for every other seat,
    so the states of a game share them, unless a hand emptied or filled.
    """
    deal = before.deal
    asks = before.asks
    old_sizes = before.sizes
    for seat in changed:
        if not sizes[seat] or not old_sizes[seat]:  # a hand emptied or filled: every seat's targets change
            return every_seat_asks(deal, hands, sizes)
        asks = (*asks[:seat], seat_asks(deal, seat, hands[seat], sizes), *asks[seat + 1 :])
    return asks


def legal_asks(state: BackstabFishState) -> tuple[Action, ...]:
    """Every legal ask of the player to act, by target, then rank, then count.

    The state keeps them (:attr:`~cardrules.games.backstab_fish.state.BackstabFishState.asks`).
    """
    return state.asks[state.current_player]


def ask_allowed(state: BackstabFishState, action: Ask) -> bool:
    """Whether ``action`` is a legal ask in ``state``, which is not over: the fast test ``apply`` uses.

    It takes the same conditions as :func:`check_ask` (the turn, the phase and
    the three ask rules), without building a verdict.
    """
    seat = action.seat
    target = action.target
    rank = action.rank
    count = action.count
    deal = state.deal
    return (
        seat == state.current_player
        and asking(state)
        and type(target) is int
        and 0 <= target < deal.players
        and may_ask(seat, target, state.sizes, deal.open_targets)
        and type(rank) is FishRank
        and askable_ranks(state.hands[seat] >> (rank << 2) & 15) == 1
        and type(count) is int
        and count_allowed(count, deal.copies[rank])
    )


def check_ask(state: BackstabFishState, action: Ask) -> Verdict:
    """The verdict on ``action`` (an ask by a seat of the game) in ``state``, which is not over.

    An ask whose target, rank or count is not even of the right type is unknown
    (common.action.known alone). Otherwise it names every rule it breaks: the
    turn (common.turn.player-to-act, or backstab_fish.turn.sequence for a
    second ask) and each of the three ask rules, with common.action.known
    beside the ask rule whose argument is out of range (a seat the game does
    not have, a rank outside the deck, a count outside 1..C_r). A rank outside
    the deck leaves the count unjudged, as its range is that rank's. The first
    rule found comes first, the rest in the rule book's order.
    """
    seat, target, rank, count = action.seat, action.target, action.rank, action.count
    deal = state.deal
    players = deal.players
    if type(target) is not int:
        return unknown_action(f"{target!r} is not a seat of this game: its seats are p0-p{players - 1}")
    if not isinstance(rank, int):
        return unknown_action(f"{rank!r} is not a rank")
    if type(count) is not int:
        return unknown_action(f"{count!r} is not a count")
    to_act = state.current_player
    if seat == to_act and ask_allowed(state, action):  # the legal set's own test first: nothing to find
        return verdict_later(True, ALLOWED_RULES, parts.allowed_reason, (seat, rank, target, count))
    found = 0  # the parts found, as bits of parts.RULES_FOUND's index; the reason is written from them
    if seat != to_act:
        found = parts.TURN_BROKEN
    elif not asking(state):
        found = parts.SEQUENCE_BROKEN
    if not 0 <= target < players:
        found |= parts.TARGET_REFUSED | parts.TARGET_KNOWN
    elif not may_ask(seat, target, state.sizes, deal.open_targets):
        found |= parts.TARGET_REFUSED
    copies = deal.copies[rank] if 0 <= rank < _RANK_COUNT else 0
    if not copies:
        found |= parts.RANK_REFUSED | parts.RANK_KNOWN
    else:
        if not askable_ranks(state.hands[seat] >> (rank << 2) & 15):
            found |= parts.RANK_REFUSED
        if not count_allowed(count, copies):
            found |= parts.COUNT_REFUSED | parts.COUNT_KNOWN
    if found:
        why = (found, seat, to_act, target, players, rank, count, copies, deal.options.deck)
        return verdict_later(False, parts.RULES_FOUND[found], parts.refusal_reason, why)
    return verdict_later(True, ALLOWED_RULES, parts.allowed_reason, (seat, rank, target, count))


# -- the answer and the rest of the turn --------------------------------------


def _draw(deal: DealContext, stock: int, taken: int) -> int:
    """The packed hand of the ``taken`` cards from the top of the stock at ``stock``."""
    hand = 0
    for drawn in deal.ranks[stock : stock + taken]:
        hand += 1 << (drawn << 2)
    return hand


def ask(state: BackstabFishState, seat: int, target: int, rank: int, count: int) -> BackstabFishState:
    """Steps 2 and 3 of a turn for a legal ask, and the rest of the turn when no decision is due.

    backstab_fish.answer.give or backstab_fish.answer.go-fish, the target's
    refill (backstab_fish.refill.seven), then step 3 (backstab_fish.sets.lay-down)
    when the asker's hand can form a set.
    """
    deal = state.deal
    shift = rank << 2
    hands = list(state.hands)
    sizes = list(state.sizes)
    stock = state.stock
    size = deal.size
    history: EventChain = (state.history.chain, ("ask", seat, target, rank, count, 0))
    productive = False
    held = hands[target] >> shift & 15
    if held >= count:
        # backstab_fish.answer.give: exactly the count asked, or all of the rank.
        give = count if deal.exact else held
        moved = give << shift
        hands[target] -= moved
        hands[seat] += moved
        sizes[target] -= give
        sizes[seat] += give
        history = (history, ("give", target, seat, rank, give, 0))
        # The asker held the rank already; the target gave up its last card of it, or not.
        changed: tuple[int, ...] = (target,) if give == held else ()
        if not sizes[target] and stock < size:
            # backstab_fish.refill.seven, at step 2.
            taken = min(REFILL, size - stock)
            hands[target] += _draw(deal, stock, taken)
            sizes[target] = taken
            stock += taken
            productive = True
            history = (history, ("refill", target, -1, -1, taken, 0))
    else:
        # backstab_fish.answer.go-fish: the top card of the stock, if any.
        drawn_count = 0
        changed = ()
        if stock < size:
            drawn = deal.ranks[stock] << 2
            if not hands[seat] >> drawn & 15:  # a rank new to the asker's hand
                changed = (seat,)
            hands[seat] += 1 << drawn
            sizes[seat] += 1
            stock += 1
            drawn_count = 1
            productive = True
        history = (history, ("go-fish", target, seat, rank, drawn_count, 0))
    sets = lay_down.sets_in(hands[seat])
    if sets:
        return lay_down.step_three(
            state, seat, target, hands, sizes, stock, productive, history, sets, changed
        )
    # backstab_fish.sets.lay-down: with no set to form, step 3 passes with no decision.
    return finish(
        state, seat, target, hands, sizes, stock, state.laid, state.points, productive, history, changed
    )


def end_rule(stock_empty: bool, sizes: Sequence[int], stall: int, limit: int | None) -> str | None:
    """Step 4, the end checks, in their order: the end rule that ends the game now, or ``None``.

    backstab_fish.end.all-empty and backstab_fish.end.sole-holder when the
    stock is empty and no one, or one player only, holds cards;
    backstab_fish.end.stall-limit when ``stall`` has reached K (``limit``).
    """
    if stock_empty:
        holders = len(sizes) - sizes.count(0)
        if holders == 0:
            return ALL_EMPTY
        if holders == 1:
            return SOLE_HOLDER
    if limit is not None and stall >= limit:
        return STALL_LIMIT
    return None


def end_reason(rule: str | None, limit: int | None) -> str:
    """Why the game ended under the end rule ``rule``, in words (``limit`` is K)."""
    if rule == ALL_EMPTY:
        return "the stock and every hand are empty"
    if rule == SOLE_HOLDER:
        return "the stock is empty and only one player holds cards"
    return f"{limit} turns in a row took no card from the stock and laid no set"


def finish(
    state: BackstabFishState,
    seat: int,
    target: int,
    hands: list[int],
    sizes: list[int],
    stock: int,
    laid: tuple[int, ...],
    points: tuple[int, ...],
    productive: bool,
    history: EventChain,
    changed: tuple[int, ...],
) -> BackstabFishState:
    """The rest of ``seat``'s turn after step 3: the asker's refill, the end checks and the next turn.

    ``hands``, ``sizes``, ``stock``, ``laid``, ``points``, ``productive`` and
    ``history`` are where the turn has got to; ``state`` is where it began,
    and ``changed`` the seats whose ranks may have changed since
    (:func:`asks_after`).
    """
    deal = state.deal
    size = deal.size
    if not sizes[seat] and stock < size:
        # backstab_fish.refill.seven, at step 3.
        taken = min(REFILL, size - stock)
        hands[seat] = _draw(deal, stock, taken)
        sizes[seat] = taken
        stock += taken
        productive = True
        history = (history, ("refill", seat, -1, -1, taken, 0))
        if seat not in changed:
            changed = (*changed, seat)
    stall = 0 if productive else state.stall + 1
    turns = state.turns + 1
    end = end_rule(stock == size, sizes, stall, deal.limit)
    if end is not None:
        following = TERMINAL
        history = (history, ("end", -1, -1, -1, END_RULES.index(end), 0))
        if deal.final_lay_down:
            laid, points, history = lay_down.final_lay_down(hands, sizes, laid, points, history)
    else:
        # backstab_fish.turn.next, backstab_fish.turn.skip-empty
        following = target
        if not sizes[following]:
            players = deal.players
            while not sizes[following]:
                history = (history, ("skip", following, -1, -1, 0, 0))
                following = (following + 1) % players
    hands_now, sizes_now = tuple(hands), tuple(sizes)
    if end is None:
        asks = asks_after(state, hands_now, sizes_now, changed) if changed else state.asks
        legal = asks[following]  # the legal asks of the next player (legal_asks)
    else:  # the final lay-down may change every hand
        asks = every_seat_asks(deal, hands_now, sizes_now)
        legal = ()
    return state.make(
        deal,
        hands_now,
        sizes_now,
        stock,
        laid,
        points,
        following,
        ASK,
        -1,
        False,
        stall,
        turns,
        end,
        event_log(history),
        asks,
        legal,
    )
