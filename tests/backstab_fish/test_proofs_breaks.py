"""Backstab Fish's proofs depend on what they name: each claim fails on a model broken like a rules bug.

Every claim of :data:`proofs.backstab_fish.CLAIMS` has at least one break here:
a number changed or a condition dropped in the model (monkeypatched, as a
wrong line would be), after which the claim must fail: refuted with a
counterexample, or, for the witness that the literal game need not end
(expected to be refuted, its stall-limit companion expected to be proved), no
longer passing. The wrong companions in ``test_proofs.py`` stay as they are.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Final

import pytest

import proofs.backstab_fish.lasso as lasso
import proofs.backstab_fish.model as model
import proofs.backstab_fish.scoring as scoring
import proofs.backstab_fish.termination as termination
from proofs.backstab_fish import CLAIMS, conservation
from proofs.claims import Claim, check
from proofs.induction import Move, SymState
from proofs.z3facade import Bool, Int, all_of, bool_val, ite
from tests.backstab_fish.test_proofs_code import BREAKS as CODE_BREAKS
from tests.support.proofs import Break, assert_refuted

_TURN: Final = model._turn
_TERM_STEP: Final = termination._term_step


def _draw_any_rank(tracked: Int, drawn: Int, stock: Int, stock_r: Int) -> Bool:
    """A card drawn may be of the tracked rank although the stock holds none of it."""
    return all_of((tracked.between(0, drawn), drawn <= stock))


def _ask_for_any_rank(s: SymState, target: Int, tracked: Int, asked: Int) -> Bool:
    """backstab_fish.ask.rank dropped: a player may ask for a rank not held."""
    return all_of(
        (
            target.between(0, s["players"] - 1),
            target.ne(s["turn"]),
            s["empty_ok"].eq(1) | _target_holds(s, target),
            tracked.between(0, 1),
            asked.between(1, model.MAX_COPIES),
            tracked.eq(1).implies(asked <= s["copies"]),
        )
    )


def _target_holds(s: SymState, target: Int) -> Bool:
    size: Int = s[model.seat_var("size", model.MAX_PLAYERS - 1)]
    for j in reversed(range(model.MAX_PLAYERS - 1)):
        size = ite(target.eq(j), s[model.seat_var("size", j)], size)
    return size > 0


def _asks_for_any_rank(mp: pytest.MonkeyPatch) -> None:
    """The model's legal ask, in the turn and as the claim reads it, without backstab_fish.ask.rank."""
    mp.setattr(model, "ask_is_legal", _ask_for_any_rank)
    mp.setattr(conservation, "ask_is_legal", _ask_for_any_rank)


def _stall_never_counts(before: SymState, choice: SymState, *, granted: bool, bug: str) -> Move:
    """backstab_fish.end.stall-limit broken: an unproductive turn leaves the stall count as it was."""
    move = _TURN(before, choice, granted=granted, bug=bug)
    return replace(move, after=move.after.updated({"stall": before["stall"]}))


def _draw_keeps_stock(before: SymState, choice: SymState) -> tuple[Move, ...]:
    """An abstract turn whose drawn cards stay in the stock, though it counts as productive."""
    (move,) = _TERM_STEP(before, choice)
    return (replace(move, after=move.after.updated({"stock": before["stock"]})),)


def _always_productive(stock_before: Int, stock_after: Int, sets_laid: Int) -> Bool:
    """Every turn counts as productive, so the stall count never grows."""
    return bool_val(True)


def _assert_fails(claim: Claim) -> None:
    if claim.expect_counterexample:
        assert not check(claim).passed, f"{claim.name} still passes on the broken model"
    else:
        assert_refuted(claim)


BREAKS: Final[tuple[Break, ...]] = (
    Break(
        conservation.CONSERVATION,
        "a drawn card of a rank the stock lacks",
        lambda mp: mp.setattr(model, "_draw_ok", _draw_any_rank),
    ),
    Break(conservation.RANK_MULTIPLES, "a set of three cards", lambda mp: mp.setattr(model, "SET", 3)),
    Break(
        conservation.LEGAL_ASK,
        "an ask for a rank not held",
        _asks_for_any_rank,
    ),
    Break(
        termination.TURN_ABSTRACTION,
        "the stall count never grows",
        lambda mp: mp.setattr(model, "_turn", _stall_never_counts),
    ),
    Break(
        termination.RANKING,
        "drawn cards stay in the stock",
        lambda mp: mp.setattr(termination, "_term_step", _draw_keeps_stock),
    ),
    Break(
        termination.TERMINATION_BOUND,
        "drawn cards stay in the stock",
        lambda mp: mp.setattr(termination, "_term_step", _draw_keeps_stock),
    ),
    Break(scoring.END_TOTAL, "a set of three cards", lambda mp: mp.setattr(scoring, "SET", 3)),
    Break(
        lasso.LITERAL_GAME_ENDS,
        "every turn productive",
        lambda mp: mp.setattr(lasso, "is_productive", _always_productive),
    ),
)
"""At least one break for every claim."""


def test_every_claim_has_a_break() -> None:
    """The breaks here and those of the engine in ``test_proofs_code.py`` together."""
    assert {b.claim.name for b in (*BREAKS, *CODE_BREAKS)} == {claim.name for claim in CLAIMS}


@pytest.mark.parametrize("broken", BREAKS, ids=lambda b: f"{b.claim.name}: {b.bug}")
def test_the_claim_fails_on_a_broken_model(broken: Break, monkeypatch: pytest.MonkeyPatch) -> None:
    broken.apply(monkeypatch)
    _assert_fails(broken.claim)
