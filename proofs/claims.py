"""Claims, their proofs and the table of results.

A :class:`Claim` is a formula that should hold for every value of its
variables, together with the rule ids it proves and a printer that turns a z3
counterexample into text a player can read. :func:`prove` checks that the
negation of the formula is unsatisfiable.

A proof that cannot fail proves nothing, so every claim carries a *wrong
companion*: a deliberately false variant (a plausible misreading of the same
rules) that must be refuted with a counterexample. :func:`check` runs both, and
a claim *passes* only when it is proved and its companion is refuted.

:func:`inductive_claim` states an inductive invariant of a small transition
system over integer variables (``init => inv``, ``inv and step => inv'``,
``inv => goal``) as one claim.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass

from cardrules.rules import rule_id
from proofs.z3facade import Bool, Int, Model, Status, check_valid, int_var

__all__ = [
    "Claim",
    "IntState",
    "Report",
    "Result",
    "TransitionSystem",
    "check",
    "check_all",
    "inductive_claim",
    "prove",
    "render_json",
    "render_table",
]

DEFAULT_TIMEOUT_MS = 20_000
"""The time limit z3 gets for one claim."""


@dataclass(frozen=True, slots=True)
class Claim:
    """A statement about the rules, checked for every value of its variables.

    Attributes:
        name: a short name, ``<game>/<what>`` (``felagsvist/legal-set-nonempty``).
        rule_ids: the ids (verbatim from the specification) of the rules it proves.
        build: returns the formula that must be valid.
        describe: turns a model of the formula's negation into a readable counterexample.
        statement: the claim in one sentence.
        wrong: the deliberately false companion that must be refuted (``None`` on a companion).
    """

    name: str
    rule_ids: tuple[str, ...]
    build: Callable[[], Bool]
    describe: Callable[[Model], str]
    statement: str = ""
    wrong: Claim | None = None

    def __post_init__(self) -> None:
        if "/" not in self.name:
            raise ValueError(f"a claim's name is <game>/<what>, not {self.name!r}")
        if not self.rule_ids:
            raise ValueError(f"claim {self.name} names no rule")
        for text in self.rule_ids:
            rule_id(text)
        if self.wrong is not None and self.wrong.wrong is not None:
            raise ValueError(f"the wrong companion of {self.name} has a companion of its own")

    @property
    def game(self) -> str:
        """The game the claim is about (the part of its name before the ``/``)."""
        return self.name.split("/", 1)[0]


@dataclass(frozen=True, slots=True)
class Result:
    """The outcome of :func:`prove` for one claim.

    Attributes:
        name: the claim's name.
        rule_ids: the rule ids it proves.
        proved: whether z3 showed the negation unsatisfiable.
        seconds: how long building and checking took.
        counterexample: the readable counterexample when the claim is false, else ``None``.
        status: what z3 said.
        reason: why z3 gave up, when it did.
    """

    name: str
    rule_ids: tuple[str, ...]
    proved: bool
    seconds: float
    counterexample: str | None
    status: Status
    reason: str = ""

    @property
    def refuted(self) -> bool:
        """Whether the claim is false and a non-empty counterexample shows it."""
        return self.status is Status.INVALID and bool(self.counterexample)

    @property
    def outcome(self) -> str:
        """``proved``, ``refuted`` or ``unknown``, as the table prints it."""
        if self.proved:
            return "proved"
        return "refuted" if self.refuted else "unknown"


def prove(claim: Claim, *, timeout_ms: int = DEFAULT_TIMEOUT_MS) -> Result:
    """Try to prove ``claim``: its negation must be unsatisfiable."""
    start = time.perf_counter()
    answer = check_valid(claim.build(), timeout_ms=timeout_ms)
    counterexample = None
    if answer.status is Status.INVALID and answer.model is not None:
        counterexample = claim.describe(answer.model)
    return Result(
        name=claim.name,
        rule_ids=claim.rule_ids,
        proved=answer.status is Status.VALID,
        seconds=time.perf_counter() - start,
        counterexample=counterexample,
        status=answer.status,
        reason=answer.reason,
    )


@dataclass(frozen=True, slots=True)
class Report:
    """A claim's result next to its wrong companion's."""

    claim: Result
    wrong: Result | None
    statement: str = ""
    wrong_statement: str = ""

    @property
    def passed(self) -> bool:
        """The claim is proved and its wrong companion refuted with a counterexample."""
        return self.claim.proved and self.wrong is not None and self.wrong.refuted

    @property
    def seconds(self) -> float:
        """Time spent on the claim and its companion."""
        return self.claim.seconds + (self.wrong.seconds if self.wrong is not None else 0.0)


def check(claim: Claim, *, timeout_ms: int = DEFAULT_TIMEOUT_MS) -> Report:
    """Prove ``claim`` and try to refute its wrong companion."""
    wrong = claim.wrong
    return Report(
        claim=prove(claim, timeout_ms=timeout_ms),
        wrong=None if wrong is None else prove(wrong, timeout_ms=timeout_ms),
        statement=claim.statement,
        wrong_statement="" if wrong is None else wrong.statement,
    )


def check_all(claims: Iterable[Claim], *, timeout_ms: int = DEFAULT_TIMEOUT_MS) -> tuple[Report, ...]:
    """:func:`check` every claim, in order."""
    return tuple(check(claim, timeout_ms=timeout_ms) for claim in claims)


# -- inductive invariants ---------------------------------------------------------


@dataclass(frozen=True, slots=True)
class IntState:
    """One copy of a transition system's integer variables, named ``<copy>.<variable>``."""

    copy: str
    names: tuple[str, ...]

    def __getitem__(self, name: str) -> Int:
        if name not in self.names:
            raise KeyError(f"{name!r} is not a variable here; they are {', '.join(self.names)}")
        return int_var(f"{self.copy}.{name}")

    def values(self, model: Model) -> Mapping[str, int]:
        """Each variable's value in ``model``."""
        return {name: model.int_value(self[name]) for name in self.names}


@dataclass(frozen=True, slots=True)
class TransitionSystem:
    """A small system over integer variables, for inductive proofs.

    Attributes:
        variables: the state variables.
        inputs: the choices a step makes (a trick's winner, a deal's result).
        init: the initial states.
        step: ``step(before, inputs, after)``: the allowed transitions.
        invariant: the candidate inductive invariant.
        goal: what the invariant must imply.
        show_state: a state as text.
        show_inputs: a step's choices as text.
    """

    variables: tuple[str, ...]
    inputs: tuple[str, ...]
    init: Callable[[IntState], Bool]
    step: Callable[[IntState, IntState, IntState], Bool]
    invariant: Callable[[IntState], Bool]
    goal: Callable[[IntState], Bool]
    show_state: Callable[[Mapping[str, int]], str]
    show_inputs: Callable[[Mapping[str, int]], str]


@dataclass(frozen=True, slots=True)
class _Obligations:
    base: Bool
    step: Bool
    goal: Bool
    initial: IntState
    before: IntState
    choice: IntState
    after: IntState
    anywhere: IntState


def _obligations(name: str, system: TransitionSystem) -> _Obligations:
    def copy(label: str) -> IntState:
        return IntState(f"{name}:{label}", system.variables)

    initial, before, after, anywhere = copy("init"), copy("before"), copy("after"), copy("state")
    choice = IntState(f"{name}:input", system.inputs)
    inv = system.invariant
    return _Obligations(
        base=system.init(initial).implies(inv(initial)),
        step=(inv(before) & system.step(before, choice, after)).implies(inv(after)),
        goal=inv(anywhere).implies(system.goal(anywhere)),
        initial=initial,
        before=before,
        choice=choice,
        after=after,
        anywhere=anywhere,
    )


def inductive_claim(
    name: str,
    rule_ids: tuple[str, ...],
    system: TransitionSystem,
    *,
    statement: str = "",
    wrong: Claim | None = None,
) -> Claim:
    """The claim that ``system.invariant`` is inductive and implies ``system.goal``.

    Three obligations, proved together: every initial state satisfies the
    invariant; every step from a state satisfying it leads to a state
    satisfying it; and every state satisfying it satisfies the goal. So the goal
    holds in every reachable state. A counterexample names the obligation that
    fails.
    """

    def build() -> Bool:
        duties = _obligations(name, system)
        return duties.base & duties.step & duties.goal

    def describe(model: Model) -> str:
        duties = _obligations(name, system)
        show = system.show_state
        if not model.bool_value(duties.base):
            return f"base case: the initial state {show(duties.initial.values(model))} breaks the invariant"
        if not model.bool_value(duties.step):
            return (
                f"inductive step: from {show(duties.before.values(model))}, which satisfies the "
                f"invariant, {system.show_inputs(duties.choice.values(model))} leads to "
                f"{show(duties.after.values(model))}, which does not"
            )
        return f"goal: {show(duties.anywhere.values(model))} satisfies the invariant but not the claim"

    return Claim(name, rule_ids, build, describe, statement=statement, wrong=wrong)


# -- output -------------------------------------------------------------------------


def _verdict(report: Report) -> str:
    return "PASS" if report.passed else "FAIL"


def _wrong_outcome(report: Report) -> str:
    if report.wrong is None:
        return "missing"
    return report.wrong.outcome


def render_table(reports: Sequence[Report], *, total_seconds: float, verbose: bool = False) -> str:
    """The results as a text table, with the counterexample of every failure.

    With ``verbose``, also the counterexample that refutes each wrong companion.
    """
    header = ("claim", "rule ids", "claim", "wrong companion", "seconds", "")
    rows: list[tuple[str, str, str, str, str, str]] = [header]
    for report in reports:
        ids = report.claim.rule_ids
        rows.append(
            (
                report.claim.name,
                ids[0],
                report.claim.outcome,
                _wrong_outcome(report),
                f"{report.seconds:.3f}",
                _verdict(report),
            )
        )
        rows.extend(("", extra, "", "", "", "") for extra in ids[1:])
    widths = [max(len(row[i]) for row in rows) for i in range(len(header))]

    def line(row: tuple[str, str, str, str, str, str]) -> str:
        cells = [cell.ljust(width) for cell, width in zip(row, widths, strict=True)]
        cells[4] = row[4].rjust(widths[4])
        return "  ".join(cells).rstrip()

    out = [line(rows[0]), "  ".join("-" * width for width in widths)]
    out.extend(line(row) for row in rows[1:])
    failed = [report for report in reports if not report.passed]
    out.append("")
    out.append(
        f"{len(reports)} claims: {len(reports) - len(failed)} passed, {len(failed)} failed, "
        f"in {total_seconds:.2f} s"
    )
    for report in reports:
        details = _details(report, verbose=verbose)
        if details:
            out.append("")
            out.extend(details)
    return "\n".join(out)


def _details(report: Report, *, verbose: bool) -> list[str]:
    lines: list[str] = []
    claim, wrong = report.claim, report.wrong
    if not claim.proved:
        lines.append(f"FAIL {claim.name}: the claim is {claim.outcome}")
        if report.statement:
            lines.append(f"  claim: {report.statement}")
        if claim.counterexample:
            lines.extend(_indent("counterexample: ", claim.counterexample))
        elif claim.reason:
            lines.append(f"  z3 gave up: {claim.reason}")
    if wrong is None:
        lines.append(f"FAIL {claim.name}: no wrong companion, so the proof is not shown able to fail")
    elif not wrong.refuted:
        lines.append(f"FAIL {claim.name}: its wrong companion {wrong.name} was {wrong.outcome}, not refuted")
        if report.wrong_statement:
            lines.append(f"  wrong companion: {report.wrong_statement}")
    elif verbose:
        lines.append(f"{claim.name}: wrong companion {wrong.name} refuted")
        if report.wrong_statement:
            lines.append(f"  wrong claim: {report.wrong_statement}")
        lines.extend(_indent("counterexample: ", wrong.counterexample or ""))
    return lines


def _indent(label: str, text: str) -> list[str]:
    first, *rest = text.splitlines() or [""]
    pad = " " * (2 + len(label))
    return [f"  {label}{first}", *(pad + line for line in rest)]


def _result_json(result: Result) -> dict[str, object]:
    return {
        "name": result.name,
        "rule_ids": list(result.rule_ids),
        "outcome": result.outcome,
        "proved": result.proved,
        "seconds": round(result.seconds, 4),
        "counterexample": result.counterexample,
        "reason": result.reason or None,
    }


def render_json(reports: Sequence[Report], *, total_seconds: float) -> str:
    """The results as a JSON document (one object per claim, with its wrong companion)."""
    claims = []
    for report in reports:
        entry = _result_json(report.claim)
        entry["statement"] = report.statement
        entry["passed"] = report.passed
        wrong = None
        if report.wrong is not None:
            wrong = _result_json(report.wrong)
            wrong["statement"] = report.wrong_statement
        entry["wrong"] = wrong
        claims.append(entry)
    document = {
        "passed": all(report.passed for report in reports),
        "seconds": round(total_seconds, 3),
        "claims": claims,
    }
    return json.dumps(document, indent=2, ensure_ascii=False)
