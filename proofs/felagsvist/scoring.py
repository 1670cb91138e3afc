"""Félagsvist's scores: what a deal scores, and what the game totals add up to.

felagsvist/deal-score-sum proves felagsvist.invariant.deal-score-sum and
felagsvist/deal-thirteen-decides proves felagsvist.game.tie, for every split
of the 13 tricks under both scoring options; felagsvist/game-total proves
felagsvist.invariant.game-total as an inductive invariant of the totals.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Final

from proofs.claims import Family
from proofs.felagsvist.model import (
    DEAL_TRICKS,
    GAME_DEALS,
    PLAY_ON_DEALS,
    odd_trick_scores,
    per_trick_scores,
    plural,
)
from proofs.induction import Move, Part, SymState, TransitionSystem, inductive_member, ints
from proofs.z3facade import Bool, Int, Model, all_of, bool_val, int_var, ite

__all__ = ["DEAL_SCORE_SUM", "GAME_TOTAL", "TIE_DECIDED"]


def _deal_vars() -> tuple[Int, Int]:
    return int_var("tricks_ns"), int_var("tricks_ew")


def _deal_played(ns: Int, ew: Int) -> Bool:
    return (ns >= 0) & (ew >= 0) & (ns + ew).eq(DEAL_TRICKS)


def _score_checks(ns: Int, ew: Int, check: Callable[[Int, Int, Int, Int], Bool]) -> Bool:
    """``check(per-trick NS, per-trick EW, odd-tricks NS, odd-tricks EW)`` in trick rounds and in Nóló."""
    parts = []
    for nolo in (bool_val(False), bool_val(True)):
        per_ns, per_ew = ite(nolo, ew, ns), ite(nolo, ns, ew)
        odd_ns, odd_ew = odd_trick_scores(ns, ew, nolo)
        parts.append(check(per_ns, per_ew, odd_ns, odd_ew))
    return all_of(parts)


def _describe_deal(model: Model) -> str:
    ns_var, ew_var = _deal_vars()
    ns, ew = model.int_value(ns_var), model.int_value(ew_var)

    def odd(tricks: int) -> int:
        return max(0, tricks - 6)

    return "\n".join(
        (
            f"tricks won: NS {ns}, EW {ew}",
            f"per-trick scores: trick round NS {ns} EW {ew}; Nóló NS {ew} EW {ns}",
            f"odd-tricks scores: trick round NS {odd(ns)} EW {odd(ew)}; Nóló NS {odd(ew)} EW {odd(ns)}",
        )
    )


def _every_deal(formula: Callable[[Int, Int], Bool]) -> Callable[[], Bool]:
    """The formula ``formula(ns, ew)`` for all trick counts of the two sides."""

    def build() -> Bool:
        return formula(*_deal_vars())

    return build


def _sum_and_single_scorer(ns: Int, ew: Int) -> Bool:
    def each(per_ns: Int, per_ew: Int, odd_ns: Int, odd_ew: Int) -> Bool:
        one_scores = (odd_ns.between(1, 7) & odd_ew.eq(0)) | (odd_ew.between(1, 7) & odd_ns.eq(0))
        return (per_ns + per_ew).eq(DEAL_TRICKS) & one_scores

    return _deal_played(ns, ew).implies(_score_checks(ns, ew, each))


_SCORE_SUM: Final = Family(("felagsvist.invariant.deal-score-sum",), _describe_deal)

DEAL_SCORE_SUM: Final = _SCORE_SUM.claim(
    "felagsvist/deal-score-sum",
    "For tricks a, b >= 0 with a + b = 13, per-trick scores sum to 13 in trick rounds and in Nóló; "
    "under odd-tricks exactly one side scores, between 1 and 7.",
    _every_deal(_sum_and_single_scorer),
    wrong=_SCORE_SUM.claim(
        "felagsvist/odd-tricks-sum-to-thirteen",
        "Odd-tricks scores also sum to 13.",
        _every_deal(
            lambda ns, ew: _deal_played(ns, ew).implies(
                _score_checks(ns, ew, lambda _pn, _pe, odd_ns, odd_ew: (odd_ns + odd_ew).eq(DEAL_TRICKS))
            )
        ),
    ),
)


def _scores_differ(ns: Int, ew: Int) -> Bool:
    return _score_checks(ns, ew, lambda per_ns, per_ew, odd_ns, odd_ew: per_ns.ne(per_ew) & odd_ns.ne(odd_ew))


_TIE: Final = Family(("felagsvist.game.tie",), _describe_deal)

TIE_DECIDED: Final = _TIE.claim(
    "felagsvist/deal-thirteen-decides",
    "A played-out deal never gives both sides the same score, under either scoring, so the deal 13 "
    "of tiebreak=play-on always decides a tied game.",
    _every_deal(lambda ns, ew: _deal_played(ns, ew).implies(_scores_differ(ns, ew))),
    wrong=_TIE.claim(
        "felagsvist/deal-decides-with-a-trick-missing",
        "Scores also differ when the sides' tricks add up to 13 or fewer.",
        _every_deal(
            lambda ns, ew: ((ns >= 0) & (ew >= 0) & (ns + ew <= DEAL_TRICKS)).implies(_scores_differ(ns, ew))
        ),
    ),
)


def _show_totals(state: Mapping[str, int]) -> str:
    return f"[{plural(state['k'], 'deal')} scored: totals NS {state['ns']}, EW {state['ew']}]"


def _show_deal(choice: Mapping[str, int]) -> str:
    kind = "a Nóló deal" if choice["nolo"] == 1 else "a trick-round deal" if choice["nolo"] == 0 else "?"
    return f"{kind} in which NS win {choice['tricks_ns']} tricks"


def _totals_init(s: SymState) -> Bool:
    return s["k"].eq(0) & s["ns"].eq(0) & s["ew"].eq(0)


def _totals_step(before: SymState, choice: SymState) -> tuple[Move, ...]:
    """One more deal scored per trick (felagsvist.score.totals); deal 13 only after a 12-deal tie."""
    tricks, nolo = choice["tricks_ns"], choice["nolo"]
    score_ns, score_ew = per_trick_scores(tricks, nolo.eq(1))
    guard = all_of(
        (
            before["k"] < PLAY_ON_DEALS,
            before["k"].eq(GAME_DEALS).implies(before["ns"].eq(before["ew"])),
            tricks.between(0, DEAL_TRICKS),
            nolo.between(0, 1),
        )
    )
    after = before.updated(
        {"k": before["k"] + 1, "ns": before["ns"] + score_ns, "ew": before["ew"] + score_ew}
    )
    return (Move("a deal is scored", guard, after),)


def _totals_invariant(s: SymState) -> Bool:
    k, ns, ew = s["k"], s["ns"], s["ew"]
    return all_of(
        (
            k.between(0, PLAY_ON_DEALS),
            ns >= 0,
            ew >= 0,
            (ns + ew).eq(k * DEAL_TRICKS),
            k.eq(PLAY_ON_DEALS).implies((ns >= 78) & (ew >= 78)),
        )
    )


def _totals_goal(s: SymState) -> Bool:
    k, ns, ew = s["k"], s["ns"], s["ew"]
    after_twelve = all_of(
        (
            (ns + ew).eq(156),
            ns.between(0, 156),
            ew.between(0, 156),
            ns.eq(ew).implies(ns.eq(78)),
        )
    )
    after_thirteen = (ns + ew).eq(169) & ns.between(78, 91) & ew.between(78, 91)
    return k.eq(GAME_DEALS).implies(after_twelve) & k.eq(PLAY_ON_DEALS).implies(after_thirteen)


def _totals_system(goal: Callable[[SymState], Bool]) -> TransitionSystem:
    return TransitionSystem(
        variables=ints("k", "ns", "ew"),
        inputs=ints("tricks_ns", "nolo"),
        init=_totals_init,
        step=_totals_step,
        invariant=(Part("totals add up to 13 per deal", _totals_invariant),),
        goal=goal,
        show_state=_show_totals,
        show_inputs=_show_deal,
    )


_TOTALS: Final = Family(("felagsvist.invariant.game-total",))

GAME_TOTAL: Final = inductive_member(
    _TOTALS,
    "felagsvist/game-total",
    "Under per-trick scoring the totals add up to 156 after deal 12 (a tie is 78-78) and to "
    "169 after a deal 13, each then between 78 and 91.",
    _totals_system(_totals_goal),
    wrong=inductive_member(
        _TOTALS,
        "felagsvist/game-total-156-after-deal-13",
        "The totals still add up to 156 after a deal 13.",
        _totals_system(lambda s: s["k"].eq(PLAY_ON_DEALS).implies((s["ns"] + s["ew"]).eq(156))),
    ),
)
