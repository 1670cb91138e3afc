"""The auction: passes and bids, their order, the overcall, the end and the all-pass.

For the auction's actions (:class:`~cardrules.games.calabresella.actions.Pass`
and :class:`~cardrules.games.calabresella.actions.Bid`) this module holds the
legal set (:func:`legal`), the check (:func:`judge`, :func:`misplaced`) and the
transition (:func:`call`), each written on the same conditions:
:func:`outbids` (calabresella.bidding.overcall), :func:`passed_mask`
(calabresella.bidding.pass-final) and :func:`auction_status` (the order and
the end of the auction).

>>> nxt = (1, 2, 0)  # counter-clockwise: next(s) = s + 1 mod 3
>>> auction_status(((1, 1), (2, 0), (0, 2)), 1, nxt, single_round=False)
(False, 1, 0, 2)
>>> [str(action) for action in legal_calls(1, 2)]
['p1 pass', 'p1 bid solissimo']
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from cardrules.game import TERMINAL, Action
from cardrules.games.calabresella import exchange
from cardrules.games.calabresella.actions import BIDS, PASSES, Bid, Pass
from cardrules.games.calabresella.deal import LEVEL_NAMES, NO_TALLY, Phase, make_setup
from cardrules.games.calabresella.options import Auction
from cardrules.games.calabresella.rules import RULES
from cardrules.games.calabresella.scoring import CONTRACTS, Contract
from cardrules.judging import Findings, rule_order
from cardrules.notation import format_seat
from cardrules.verdict import Verdict

if TYPE_CHECKING:
    from cardrules.games.calabresella.state import CalabresellaState

__all__ = [
    "auction_status",
    "call",
    "highest_bid",
    "judge",
    "legal",
    "legal_calls",
    "misplaced",
    "outbids",
    "passed_mask",
]

_OVERCALL: Final = "calabresella.bidding.overcall"
_PASS_FINAL: Final = "calabresella.bidding.pass-final"

_ORDER: Final = rule_order(RULES)
_AUCTION: Final = Phase.AUCTION
_OVER: Final = Phase.OVER
_SINGLE_ROUND: Final = Auction.SINGLE_ROUND  # read once: reading an enum member off its class is slow


def outbids(contract: Contract, level: int) -> bool:
    """calabresella.bidding.overcall: a bid must name a contract above the highest bid so far.

    ``level`` is the highest bid's level (0 while nobody has bid); a pass is always allowed.
    """
    return contract.level > level


def passed_mask(calls: tuple[tuple[int, int], ...]) -> int:
    """calabresella.bidding.pass-final: the seats (as a bitmask) that have passed and call no more."""
    mask = 0
    for seat, level in calls:
        if level == 0:
            mask |= 1 << seat
    return mask


def auction_status(
    calls: tuple[tuple[int, int], ...], eldest: int, nxt: tuple[int, int, int], single_round: bool
) -> tuple[bool, int, int, int]:
    """Where an auction stands after ``calls`` (each ``(seat, level)``, level 0 a pass, 1-3 a bid).

    Returns ``(over, caller, bidder, level)``: whether the auction has ended
    (calabresella.bidding.end), the seat to call next (-1 when over;
    calabresella.bidding.order), the highest bidder (-1 if none) and the
    highest bid's level (0 if none).
    """
    if not calls:
        return False, eldest, -1, 0
    bidder, level = _highest(calls)
    last = calls[-1][0]
    if level == 3:
        return True, -1, bidder, level  # (a) nothing may follow Solissimo
    if single_round:
        if len(calls) >= 3:
            return True, -1, bidder, level  # after the dealer's call
        return False, nxt[last], bidder, level
    passed = passed_mask(calls)
    n_passed = passed.bit_count()
    if n_passed == 3:
        return True, -1, -1, 0  # (c) all pass
    if bidder >= 0 and n_passed == 2:
        return True, -1, bidder, level  # (b) both others passed
    caller = nxt[last]
    if passed >> caller & 1:  # calabresella.bidding.order: passed players are skipped
        caller = nxt[caller]
    # Legal play never comes back to the bidder here, but calls read from a position (checked before
    # they are replayed) can: the auction then ends with that bid, and the replay names the real fault.
    if caller == bidder:
        return True, -1, bidder, level
    return False, caller, bidder, level


def _highest(calls: tuple[tuple[int, int], ...]) -> tuple[int, int]:
    """The highest bidder and the highest bid's level among ``calls``: the last bid's ((-1, 0) if none)."""
    level = 0
    bidder = -1
    for seat, bid in calls:
        if bid:
            level, bidder = bid, seat
    return bidder, level


def _status(state: CalabresellaState, calls: tuple[tuple[int, int], ...]) -> tuple[bool, int, int, int]:
    context = state.context
    plan = context.plan
    single_round = plan.options.auction is _SINGLE_ROUND
    return auction_status(calls, plan.nxt[context.dealer], plan.nxt, single_round)


def highest_bid(state: CalabresellaState) -> int:
    """The level of the highest bid so far in ``state``'s auction (0 while nobody has bid)."""
    # The level alone, as auction_status finds it, without working out the rest of the status: the legal
    # set and the fast path of every call ask for it.
    return _highest(state.setup.calls)[1]


_LEGAL_CALLS: Final[tuple[tuple[tuple[Action, ...], ...], ...]] = tuple(
    tuple((PASSES[seat], *(bid for bid in BIDS[seat] if outbids(bid.contract, level))) for level in range(4))
    for seat in range(3)
)


def legal_calls(seat: int, level: int) -> tuple[Action, ...]:
    """The calls open to ``seat`` over a highest bid of ``level``: pass, then the bids that outbid it."""
    return _LEGAL_CALLS[seat][level]


def legal(state: CalabresellaState) -> tuple[Action, ...]:
    """The legal calls of the player to act: pass, then the bids above the highest, lowest first."""
    return _LEGAL_CALLS[state.current_player][highest_bid(state)]


def misplaced(state: CalabresellaState, action: Action) -> tuple[str, str]:
    """The rule and reason for a call made after the auction (calabresella.procedure.phases)."""
    return (
        "calabresella.procedure.phases",
        f"the auction is over; now {format_seat(state.current_player)} is {state.phase.task}",
    )


def judge(state: CalabresellaState, action: Pass | Bid, found: Findings, in_phase: bool) -> Verdict:
    """The verdict on a call, given what ``found`` holds already (the turn, the phase).

    calabresella.bidding.pass-final for a player who has passed, and
    calabresella.bidding.overcall for the player to act.
    """
    seat = action.seat
    actor = format_seat(seat)
    if in_phase:
        if seat != state.current_player:
            if passed_mask(state.setup.calls) >> seat & 1:
                found.add(_PASS_FINAL, f"{actor} has passed and makes no further call in this auction")
        elif isinstance(action, Bid):
            level = highest_bid(state)
            if not outbids(action.contract, level):
                higher = [contract.label for contract in CONTRACTS if outbids(contract, level)]
                found.add(
                    _OVERCALL,
                    f"the highest bid is {LEVEL_NAMES[level]}, so {actor} may only pass or bid "
                    f"higher ({' or '.join(higher)}), not {action.contract.label}",
                )
    if found:
        return found.verdict(_ORDER)
    if isinstance(action, Pass):
        return Verdict.allowed((_OVERCALL,), f"{actor} passes")
    return Verdict.allowed((_OVERCALL,), f"{actor} bids {action.contract.label}, above the highest bid")


def call(state: CalabresellaState, action: Pass | Bid) -> CalabresellaState:
    """The state after a legal call: the next caller, or the end of the auction.

    The auction ends (calabresella.bidding.end) with a contract, and the
    exchange begins; or, when all three pass (calabresella.bidding.all-pass),
    the hand is abandoned.
    """
    level = 0 if isinstance(action, Pass) else action.contract.level
    calls = (*state.setup.calls, (action.seat, level))
    over, caller, bidder, top = _status(state, calls)
    if over and bidder >= 0:
        setup = make_setup(calls, bidder, CONTRACTS[top - 1], -1, -1, -1, None, (), ())
        return exchange.begin(state, setup)
    # The auction goes on, or all three passed and the hand is abandoned (calabresella.bidding.all-pass).
    phase, to_act = (_OVER, TERMINAL) if over else (_AUCTION, caller)
    return state.make(
        state.context,
        make_setup(calls, -1, None, -1, -1, -1, None, (), ()),
        phase,
        state.hands,
        state.monte,
        (),
        None,
        NO_TALLY,
        to_act,
        None,
    )
