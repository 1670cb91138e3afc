"""What the proof tests of every game share.

- :func:`assert_passes`: a claim is proved, its wrong companion refuted with a
  counterexample, and the test's ``rule`` marks are exactly the ids it proves;
- :func:`report_of`: a claim checked once per test run, for the tests that
  read the same report (a witness's counterexample, a slow claim);
- :func:`value_of`: a model term evaluated on concrete values, as the
  refinement tests compare the model with the engine;
- :data:`SEEDS` and :data:`NO_SHRINKING`: how the refinement tests draw the
  seeds of their random games.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

import pytest
from hypothesis import Phase
from hypothesis import strategies as st

from proofs.claims import Claim, Report, Result, check, prove
from proofs.z3facade import Binding, BitVec, Int, Status, evaluate_bv, evaluate_int

__all__ = [
    "NO_SHRINKING",
    "SEEDS",
    "Break",
    "Patch",
    "assert_passes",
    "assert_refuted",
    "marked_rule_ids",
    "report_of",
    "value_of",
]

SEEDS: Final = st.integers(min_value=0, max_value=2**32 - 1)
"""The seeds of random games (a game is replayed from its seed, so a failure names it)."""

NO_SHRINKING: Final = (Phase.explicit, Phase.reuse, Phase.generate)
"""Hypothesis phases without shrinking: a shrunk seed is just another seed, so shrinking only costs time."""


@functools.cache
def report_of(claim: Claim) -> Report:
    """``claim`` checked with its wrong companion, once per test run."""
    return check(claim)


def marked_rule_ids(request: pytest.FixtureRequest) -> set[str]:
    """The rule ids of the test's ``@pytest.mark.rule`` marks."""
    return {mark.args[0] for mark in request.node.iter_markers("rule")}


def assert_passes(claim: Claim, request: pytest.FixtureRequest, *, cached: bool = False) -> Report:
    """Check that ``claim`` passes and that the test is marked with exactly the ids it proves.

    The claim must be proved and its wrong companion refuted with a non-empty
    counterexample. With ``cached`` the report comes from :func:`report_of`.
    Returns the report.
    """
    marked = marked_rule_ids(request)
    assert marked == set(claim.rule_ids), "the test's rule marks must be the ids the claim proves"
    report = report_of(claim) if cached else check(claim)
    assert report.claim.proved, report.claim.counterexample or report.claim.reason
    assert report.claim.counterexample is None
    assert report.wrong is not None, f"{claim.name} has no wrong companion"
    assert report.wrong.status is Status.INVALID, f"the wrong companion of {claim.name} was not refuted"
    assert report.wrong.counterexample and report.wrong.counterexample.strip()
    assert report.passed
    return report


def value_of(term: Int | BitVec, bindings: list[Binding]) -> int:
    """The value of an integer or bit-vector term once its variables take the values of ``bindings``."""
    return evaluate_int(term, bindings) if isinstance(term, Int) else evaluate_bv(term, bindings)


Patch = Callable[[pytest.MonkeyPatch], None]
"""A change to a proof model, put in with pytest's ``monkeypatch`` (undone after the test)."""


@dataclass(frozen=True, slots=True)
class Break:
    """A rules bug put into a model, and the claim that must then be refuted."""

    claim: Claim
    bug: str
    apply: Patch


def assert_refuted(claim: Claim) -> Result:
    """Prove ``claim`` afresh (a test has broken its model) and check that it is refuted.

    The counterexample must be non-empty: a broken model is caught by the
    claim, not by a solver that gave up.
    """
    result = prove(claim)
    assert not result.proved, f"{claim.name} still holds on the broken model"
    assert result.status is Status.INVALID, f"{claim.name}: {result.status} ({result.reason})"
    assert result.counterexample and result.counterexample.strip()
    return result
