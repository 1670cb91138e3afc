"""Backstab Fish ends: a turn only ever brings the game closer to its end.

:data:`TERMINATION_SYSTEM` keeps only the stock size, the sets not yet laid,
the stall count and the turn count. backstab_fish/turn-abstraction proves
that a turn of the game is a turn of that system (backstab_fish.invariant.monotone,
backstab_fish.end.stall-limit, backstab_fish.invariant.termination);
backstab_fish/ranking-decreases that the ranking
``(stock, D/4 - laid sets, K - stall)`` falls on every turn; and
backstab_fish/termination-bound that the number of turns is at most
``(S0 + D/4 + 1) x K`` (backstab_fish.invariant.termination,
backstab_fish.end.stall-limit).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from proofs.backstab_fish.model import SEATS, SET, plural, seat_total, seat_var, show_turn_inputs, turn_system
from proofs.claims import Claim, Family
from proofs.induction import Move, Part, SymState, TransitionSystem, inductive_member, ints
from proofs.z3facade import Bool, Int, Model, all_of, int_val, ite, product

__all__ = ["RANKING", "TERMINATION_BOUND", "TERMINATION_SYSTEM", "TURN_ABSTRACTION"]


# -- the turn, abstracted: monotone counts and the stall counter -----------------------


_ABSTRACTION: Final = Family(
    (
        "backstab_fish.invariant.monotone",
        "backstab_fish.end.stall-limit",
        "backstab_fish.invariant.termination",
    )
)


def _abstraction_claim(name: str, statement: str, *, bug: str = "", wrong: Claim | None = None) -> Claim:
    """Every turn from a reachable state changes (stock, laid sets, stall count) as the abstract turn does.

    The stock never grows, the laid sets never shrink, a productive turn sets
    the stall count to 0 and any other turn adds one, and play goes on only
    while the count is below K. ``bug`` picks a system with a deliberate bug.
    """
    system = turn_system(bug=bug)

    def abstract_step(before: SymState, after: SymState) -> Bool:
        stock, stock2 = before["stock"], after["stock"]
        laid, laid2 = seat_total(before, "sets"), seat_total(after, "sets")
        productive = (stock2 < stock) | (laid2 > laid)
        return all_of(
            (
                stock2.between(0, stock),
                laid2 >= laid,
                *(after[seat_var("sets", j)] >= before[seat_var("sets", j)] for j in SEATS),
                SET * laid2 <= before["deck"],
                ite(productive, after["stall"].eq(0), after["stall"].eq(before["stall"] + 1)),
                (after["over"].eq(0) & (before["limit"] > 0)).implies(after["stall"] < before["limit"]),
                (after["stall"] >= before["limit"]).implies(after["over"].eq(1) | before["limit"].eq(0)),
            )
        )

    def build() -> Bool:
        before = SymState.fresh(f"{name}:before", system.variables)
        choice = SymState.fresh(f"{name}:input", system.inputs)
        holds = all_of(part.holds(before) for part in system.invariant)
        moves = system.step(before, choice)
        return all_of((holds & move.guard).implies(abstract_step(before, move.after)) for move in moves)

    def describe(model: Model) -> str:
        before = SymState.fresh(f"{name}:before", system.variables)
        choice = SymState.fresh(f"{name}:input", system.inputs)
        lines = [f"from {system.show_state(before.values(model))}"]
        for move in system.step(before, choice):
            if model.bool_value(move.guard):
                lines.append(
                    f"{move.label}: {show_turn_inputs(choice.values(model))} leads to "
                    f"{system.show_state(move.after.values(model))}"
                )
        return "\n".join(lines)

    return _ABSTRACTION.claim(name, statement, build, wrong=wrong, describe=describe)


TURN_ABSTRACTION: Final = _abstraction_claim(
    "backstab_fish/turn-abstraction",
    "Every turn from a reachable state takes cards from the stock or lays sets (a productive turn, "
    "which resets the stall count) or leaves both alone and adds one to the count; play goes on "
    "only while the count is below K.",
    wrong=_abstraction_claim(
        "backstab_fish/turn-abstraction-granted-ask-productive",
        "The same, when a granted ask also counts as productive.",
        bug="all-granted-productive",
    ),
)


# -- termination over abstract counts ------------------------------------------------------


def _term_init(s: SymState) -> Bool:
    return all_of(
        (
            s["S0"] >= 0,
            s["Q"] >= 1,
            s["K"] >= 1,
            s["stock"].eq(s["S0"]),
            s["unlaid"].eq(s["Q"]),
            s["stall"].eq(0),
            s["turns"].eq(0),
            s["over"].eq(0),
        )
    )


def _term_step(before: SymState, choice: SymState) -> tuple[Move, ...]:
    """A turn: it draws ``drawn`` cards from the stock and lays ``laid`` sets; another end may fire."""
    drawn, laid, other_end = choice["drawn"], choice["laid"], choice["other_end"]
    productive = (drawn + laid) > 0
    stall = ite(productive, int_val(0), before["stall"] + 1)
    guard = all_of(
        (
            before["over"].eq(0),
            drawn.between(0, before["stock"]),
            laid.between(0, before["unlaid"]),
            other_end.between(0, 1),
        )
    )
    ends = other_end.eq(1) | (stall >= before["K"])
    after = before.updated(
        {
            "stock": before["stock"] - drawn,
            "unlaid": before["unlaid"] - laid,
            "stall": stall,
            "turns": before["turns"] + 1,
            "over": ite(ends, int_val(1), int_val(0)),
        }
    )
    return (Move("a turn", guard, after),)


def _term_ranges(s: SymState) -> Bool:
    return all_of(
        (
            s["S0"] >= 0,
            s["Q"] >= 1,
            s["K"] >= 1,
            s["stock"].between(0, s["S0"]),
            s["unlaid"].between(0, s["Q"]),
            s["stall"].between(0, s["K"]),
            s["over"].between(0, 1),
            s["over"].eq(0).implies(s["stall"] < s["K"]),
        )
    )


def _term_count(s: SymState) -> Bool:
    """Turns so far: at most K per productive turn so far (each draws or lays), plus the current run."""
    productive = (s["S0"] - s["stock"]) + (s["Q"] - s["unlaid"])
    return s["turns"] <= product(productive, s["K"]) + s["stall"]


def _bound(s: SymState, *, extra: int = 1) -> Int:
    """``(S0 + D/4 + extra) x K``; the spec's bound has ``extra`` = 1."""
    return product(s["S0"] + s["Q"] + extra, s["K"])


def _term_system(*, extra: int = 1) -> TransitionSystem:
    def show(v: Mapping[str, int]) -> str:
        return (
            f"[S0 = {v['S0']}, D/4 = {v['Q']}, K = {v['K']}; stock {v['stock']}, "
            f"{v['unlaid']} sets not laid, {plural(v['stall'], 'unproductive turn')} in a row, "
            f"{plural(v['turns'], 'turn')} played, {'over' if v['over'] else 'in play'}; "
            f"bound {(v['S0'] + v['Q'] + extra) * v['K']}]"
        )

    def show_inputs(v: Mapping[str, int]) -> str:
        end = ", another end rule firing" if v["other_end"] else ""
        return f"a turn drawing {v['drawn']} cards from the stock and laying {v['laid']} sets{end}"

    return TransitionSystem(
        variables=ints("S0", "Q", "K", "stock", "unlaid", "stall", "turns", "over"),
        inputs=ints("drawn", "laid", "other_end"),
        init=_term_init,
        step=lambda before, choice: _term_step(before, choice),  # read when proved, so a test can break it
        invariant=(Part("ranges", _term_ranges), Part("turns counted", _term_count)),
        goal=lambda s: s["turns"] <= _bound(s, extra=extra),
        show_state=show,
        show_inputs=show_inputs,
    )


TERMINATION_SYSTEM: Final = _term_system()
"""The game as abstract counts: stock size, sets not yet laid, stall count and turns played."""

_TERMINATION_IDS: Final = ("backstab_fish.invariant.termination", "backstab_fish.end.stall-limit")

_TERMINATION: Final = Family(_TERMINATION_IDS)

TERMINATION_BOUND: Final = inductive_member(
    _TERMINATION,
    "backstab_fish/termination-bound",
    "With a stall limit K, every game ends within (S0 + D/4 + 1) x K turns: at most K turns "
    "per productive turn (there are at most S0 + D/4), plus the run of K that ends the game.",
    TERMINATION_SYSTEM,
    wrong=inductive_member(
        _TERMINATION,
        "backstab_fish/termination-bound-one-run-short",
        "Every game ends within (S0 + D/4) x K turns (forgetting the final run of K).",
        _term_system(extra=0),
    ),
)


def _ranking_claim(name: str, statement: str, *, with_stall: bool, wrong: Claim | None = None) -> Claim:
    """The ranking falls on every turn: lexicographically, and as ``(stock + unlaid) K + K - stall``."""

    def terms() -> tuple[SymState, SymState, Move]:
        before = SymState.fresh(f"{name}:before", TERMINATION_SYSTEM.variables)
        choice = SymState.fresh(f"{name}:input", TERMINATION_SYSTEM.inputs)
        (move,) = TERMINATION_SYSTEM.step(before, choice)
        return before, choice, move

    def build() -> Bool:
        before, _choice, move = terms()
        after = move.after
        s, u, k = before["stock"], before["unlaid"], before["stall"]
        s2, u2, k2 = after["stock"], after["unlaid"], after["stall"]
        falls = (s2 < s) | (s2.eq(s) & (u2 < u))
        if with_stall:
            big_k = before["K"]
            falls = falls | (s2.eq(s) & u2.eq(u) & (big_k - k2 < big_k - k))
            measure = product(s + u, big_k) + (big_k - k)
            measure2 = product(s2 + u2, big_k) + (big_k - k2)
            falls = falls & (measure2 < measure) & (measure2 >= 0)
        return (_term_ranges(before) & move.guard).implies(falls)

    def describe(model: Model) -> str:
        before, choice, move = terms()
        show, show_inputs = TERMINATION_SYSTEM.show_state, TERMINATION_SYSTEM.show_inputs
        return (
            f"from {show(before.values(model))}, {show_inputs(choice.values(model))} leads to "
            f"{show(move.after.values(model))}"
        )

    return _TERMINATION.claim(name, statement, build, wrong=wrong, describe=describe)


RANKING: Final = _ranking_claim(
    "backstab_fish/ranking-decreases",
    "On every turn of a game in play, (stock size, D/4 - laid sets, K - stall count) falls "
    "lexicographically, and (stock + D/4 - laid sets) x K + K - stall count falls and stays >= 0.",
    with_stall=True,
    wrong=_ranking_claim(
        "backstab_fish/ranking-without-stall-count",
        "(stock size, D/4 - laid sets) alone falls on every turn.",
        with_stall=False,
    ),
)
