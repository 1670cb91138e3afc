"""Calabresella's auction and session, as inductive invariants of small transition systems.

calabresella/auction proves calabresella.bidding.order,
calabresella.bidding.overcall, calabresella.bidding.pass-final and
calabresella.bidding.end under either ``auction`` option;
calabresella/session-balances proves calabresella.procedure.session,
calabresella.bidding.all-pass and calabresella.scoring.payment.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Final

from proofs.calabresella.settlement import nets
from proofs.induction import Move, Part, SymState, TransitionSystem, inductive_claim, ints
from proofs.z3facade import BitVec, Bool, Int, all_of, bool_val, int_val, ite

__all__ = ["AUCTION", "AUCTION_SYSTEM", "SESSION_BALANCE", "auction_step"]


# -- the session ---------------------------------------------------------------------


def _session_step(before: SymState, choice: SymState, *, ante: int = 0) -> tuple[Move, ...]:
    """A hand is settled (the bidder, V and the outcome chosen freely) or abandoned after an all-pass.

    ``ante`` is the wrong companion's rule: each player puts that much in a
    pool nobody wins after an all-pass.
    """
    bidder, value, won = choice["bidder"], choice["value"], choice["won"]
    success = won.eq(1)
    net_b, net_o, _ = nets(value, success)
    changes: dict[str, Int | BitVec] = {}
    for seat in range(3):
        balance = before[f"balance{seat}"]
        changes[f"balance{seat}"] = balance + ite(bidder.eq(seat), net_b, net_o)
    changes["hands"] = before["hands"] + 1
    settled = Move(
        "a hand is settled",
        (value >= 1) & won.between(0, 1) & bidder.between(0, 2),
        before.updated(changes),
        tuple(MappingProxyType({"bidder": seat}) for seat in range(3)),
    )
    abandoned_changes: dict[str, Int | BitVec] = {
        f"balance{seat}": before[f"balance{seat}"] - ante for seat in range(3)
    }
    abandoned_changes["hands"] = before["hands"] + 1
    abandoned = Move("all three pass", bool_val(True), before.updated(abandoned_changes))
    return settled, abandoned


def _balances(s: SymState) -> Int:
    return s["balance0"] + s["balance1"] + s["balance2"]


def _session_system(*, ante: int = 0) -> TransitionSystem:
    def show_state(v: Mapping[str, int]) -> str:
        return f"[after {v['hands']} hands: balances {v['balance0']}, {v['balance1']}, {v['balance2']}]"

    def show_inputs(v: Mapping[str, int]) -> str:
        outcome = "succeeding" if v["won"] == 1 else "failing"
        return f"seat {v['bidder']} bidding for V = {v['value']} and {outcome} (or an all-pass)"

    return TransitionSystem(
        variables=ints("balance0", "balance1", "balance2", "hands"),
        inputs=ints("bidder", "value", "won"),
        init=lambda s: all_of(s[name].eq(0) for name in ("balance0", "balance1", "balance2", "hands")),
        step=lambda before, choice: _session_step(before, choice, ante=ante),
        invariant=(Part("the balances sum to 0", lambda s: _balances(s).eq(0)),),
        goal=lambda s: _balances(s).eq(0),
        show_state=show_state,
        show_inputs=show_inputs,
    )


SESSION_BALANCE: Final = inductive_claim(
    "calabresella/session-balances",
    ("calabresella.procedure.session", "calabresella.bidding.all-pass", "calabresella.scoring.payment"),
    _session_system(),
    statement="Over any session, whoever bids, for any V and either outcome, and with any number of "
    "abandoned hands, the three balances sum to 0 after every hand.",
    wrong=inductive_claim(
        "calabresella/session-ante-after-all-pass",
        ("calabresella.procedure.session", "calabresella.bidding.all-pass", "calabresella.scoring.payment"),
        _session_system(ante=1),
        statement="The same when an all-pass costs each player one unit into a pool nobody wins.",
    ),
)

# -- the auction ------------------------------------------------------------------------

_AUCTION_VARS: Final = ("passed0", "passed1", "passed2", "level", "high", "caller", "calls", "over", "single")
"""Seats are positions from E in turn order (0 = E, 2 = the dealer). ``passedJ`` is 1 once J passed;
``level`` the highest bid (0 none, 1 Chiamo, 2 Solo, 3 Solissimo) and ``high`` its maker (-1 none);
``caller`` the position to call; ``calls`` how many calls were made; ``over`` 1 once the auction has
ended; ``single`` 1 under ``auction = single-round``."""
_SOLISSIMO: Final = 3


def _passed(s: SymState, position: Int) -> Int:
    return ite(position.eq(0), s["passed0"], ite(position.eq(1), s["passed1"], s["passed2"]))


def _passes(s: SymState) -> Int:
    return s["passed0"] + s["passed1"] + s["passed2"]


def auction_step(s: SymState, call: Int, *, rejoin: bool = False) -> tuple[Bool, dict[str, Int | BitVec]]:
    """A call by the player to call: the guard (calabresella.bidding.overcall) and the state after it.

    ``call`` is 0 for a pass, else the level bid. The next caller is the next
    player in turn order who has not passed (calabresella.bidding.order), or
    simply the next player under ``single-round``; the auction ends on a
    Solissimo, on an all-pass, when a bid stands and both others have passed,
    or after the third call under ``single-round`` (calabresella.bidding.end).
    ``rejoin`` is a wrong companion's bug: passed players are not skipped.
    """
    caller, level, high, single = s["caller"], s["level"], s["high"], s["single"].eq(1)
    is_pass = call.eq(0)
    guard = s["over"].eq(0) & call.between(0, _SOLISSIMO) & (is_pass | (call > level))
    passed = {f"passed{j}": ite(is_pass & caller.eq(j), int_val(1), s[f"passed{j}"]) for j in range(3)}
    after_passes = passed["passed0"] + passed["passed1"] + passed["passed2"]
    new_high = ite(is_pass, high, caller)
    new_level = ite(is_pass, level, call)
    calls = s["calls"] + 1
    first = (caller + 1).mod(3)
    first_passed = ite(first.eq(0), passed["passed0"], ite(first.eq(1), passed["passed1"], passed["passed2"]))
    skip = first_passed.eq(1) if not rejoin else bool_val(False)
    nxt = ite(single | ~skip, first, (caller + 2).mod(3))
    ended = ite(
        single,
        call.eq(_SOLISSIMO) | calls.eq(3),
        call.eq(_SOLISSIMO) | after_passes.eq(3) | ((new_high >= 0) & after_passes.eq(2)),
    )
    after: dict[str, Int | BitVec] = {
        **passed,
        "level": new_level,
        "high": new_high,
        "calls": calls,
        "over": ite(ended, int_val(1), int_val(0)),
        "caller": nxt,
    }
    return guard, after


def _auction_parts(s: SymState) -> Bool:
    """The counts and positions that make the auction's properties inductive."""
    passed = [s[f"passed{j}"] for j in range(3)]
    level, high, caller, calls, over = s["level"], s["high"], s["caller"], s["calls"], s["over"]
    single, live = s["single"].eq(1), over.eq(0)
    after_high = (high + 1).mod(3)
    return all_of(
        (
            *(p.between(0, 1) for p in passed),
            level.between(0, _SOLISSIMO),
            high.between(-1, 2),
            caller.between(0, 2),
            over.between(0, 1),
            s["single"].between(0, 1),
            level.eq(0).iff(high.eq(-1)),
            (high >= 0).implies(_passed(s, high).eq(0)),
            # every call is a pass or a bid, and each bid raised the level
            (calls >= _passes(s)) & (calls <= _passes(s) + level),
            live.implies(level < _SOLISSIMO),
            (live & ~single).implies(
                _passed(s, caller).eq(0)
                & caller.ne(high)
                & (_passes(s) <= 2)
                & _passes(s).eq(2).implies(level.eq(0))
                & ((high >= 0) & caller.eq((high + 2).mod(3))).implies(_passed(s, after_high).eq(1))
            ),
            calls <= 4,
            single.implies(calls <= 3),
            (single & live).implies(
                caller.eq(calls)
                & (calls <= 2)
                & (high < caller)
                & all_of((calls <= j).implies(passed[j].eq(0)) for j in range(3))
            ),
            (~single & over.eq(1) & level.eq(0)).implies(_passes(s).eq(3)),
        )
    )


def _auction_goal(s: SymState) -> Bool:
    """Invariant 10 and the rules' checks, in every reachable auction state."""
    level, high, caller, calls, over = s["level"], s["high"], s["caller"], s["calls"], s["over"]
    single, live, done = s["single"].eq(1), over.eq(0), over.eq(1)
    return all_of(
        (
            calls <= 4,
            (done & level.eq(0) & ~single).implies(calls.eq(3)),
            single.implies(calls <= 3),
            (live & ~single).implies(caller.ne(high) & _passed(s, caller).eq(0)),
            (live & single).implies(caller.eq(calls)),
            level.eq(_SOLISSIMO).implies(done),
        )
    )


def _auction_system(*, rejoin: bool = False) -> TransitionSystem:
    def step(before: SymState, choice: SymState) -> tuple[Move, ...]:
        guard, after = auction_step(before, choice["call"], rejoin=rejoin)
        cases = tuple(MappingProxyType({"call": c}) for c in range(_SOLISSIMO + 1))
        return (Move("a call", guard, before.updated(after), cases),)

    def init(s: SymState) -> Bool:
        zero = all_of(
            s[name].eq(0) for name in ("passed0", "passed1", "passed2", "level", "caller", "calls", "over")
        )
        return zero & s["high"].eq(-1) & s["single"].between(0, 1)

    def show_state(v: Mapping[str, int]) -> str:
        level = ("no bid", "Chiamo", "Solo", "Solissimo")[v["level"]] if 0 <= v["level"] <= 3 else v["level"]
        passed = [j for j in range(3) if v[f"passed{j}"] == 1]
        return (
            f"[{'single-round' if v['single'] == 1 else 'open'} auction after {v['calls']} calls: highest "
            f"{level} by position {v['high']}, passed {passed}, position {v['caller']} to call"
            f"{', over' if v['over'] == 1 else ''}]"
        )

    def show_inputs(v: Mapping[str, int]) -> str:
        return "a pass" if v["call"] == 0 else f"a bid of level {v['call']}"

    return TransitionSystem(
        variables=ints(*_AUCTION_VARS),
        inputs=ints("call"),
        init=init,
        step=step,
        invariant=(Part("auction counts and positions", _auction_parts),),
        goal=_auction_goal,
        show_state=show_state,
        show_inputs=show_inputs,
    )


AUCTION_SYSTEM: Final = _auction_system()
"""The auction, under either ``auction`` option (positions from E)."""

_AUCTION_IDS: Final = (
    "calabresella.bidding.order",
    "calabresella.bidding.overcall",
    "calabresella.bidding.pass-final",
    "calabresella.bidding.end",
)

AUCTION: Final = inductive_claim(
    "calabresella/auction",
    _AUCTION_IDS,
    AUCTION_SYSTEM,
    statement="In every auction, open or single-round, with legal calls only: the player asked to call has "
    "not passed and does not hold the highest bid, a Solissimo ends it, it ends after at most 4 calls, "
    "after exactly 3 when all pass (open), and after at most 3 under single-round, E, next(E) and D calling "
    "in that order.",
    wrong=inductive_claim(
        "calabresella/auction-without-skipping-passed-players",
        _AUCTION_IDS,
        _auction_system(rejoin=True),
        statement="The same when the turn passes to the next player even if that player has passed.",
    ),
)
