"""Claims, their proofs and the table of results.

A :class:`Claim` is a formula that should hold for every value of its
variables, together with the rule ids it proves and a printer that turns a z3
counterexample into text a player can read. :func:`prove` checks that the
negation of the formula is unsatisfiable. A claim too big for one query is
stated as several :class:`Obligation` s instead, proved one by one; it holds
when every one of them does.

A proof that cannot fail proves nothing, so every claim carries a *wrong
companion*: a deliberately false variant (a plausible misreading of the same
rules, or a model with a plausible bug) that must be refuted with a
counterexample. :func:`check` runs both, and a claim *passes* only when it is
proved and its companion is refuted.

A few claims are witnesses instead (``Claim.expect_counterexample``): the
claim states something the rules do *not* guarantee (that a literal reading
of a game always ends, say), it passes when z3 refutes it, and its
counterexample is the result, printed in the table. Its companion is then the
variant expected to be proved, which shows the search can come up empty.

:func:`inductive_claim` states an inductive invariant of a small transition
system (``init => inv``, ``inv and step => inv'``, ``inv => goal``) as one
claim. Its variables are integers or bit-vectors (sets of cards), and a step
may be split into cases (one per card played, say) when z3 needs that help.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType

from cardrules.rules import rule_id
from proofs.z3facade import (
    Binding,
    BitVec,
    Bool,
    Engine,
    Int,
    Model,
    Status,
    all_of,
    any_of,
    bv_var,
    check_valid,
    int_var,
    substitute,
)

__all__ = [
    "Claim",
    "Move",
    "Obligation",
    "Part",
    "Report",
    "Result",
    "SymState",
    "TransitionSystem",
    "Var",
    "check",
    "check_all",
    "inductive_claim",
    "ints",
    "prove",
    "render_json",
    "render_table",
]

DEFAULT_TIMEOUT_MS = 20_000
"""The time limit z3 gets for one claim (for one obligation of a claim stated as several)."""


@dataclass(frozen=True, slots=True)
class Obligation:
    """One of the formulas a claim stated in pieces needs proved.

    Attributes:
        label: what this piece shows, for messages (``"base case"``).
        formula: the formula that must be valid.
        describe: turns a model of its negation into a counterexample;
            ``None`` uses the claim's own printer.
    """

    label: str
    formula: Bool
    describe: Callable[[Model], str] | None = None


@dataclass(frozen=True, slots=True)
class Claim:
    """A statement about the rules, checked for every value of its variables.

    Attributes:
        name: a short name, ``<game>/<what>`` (``felagsvist/legal-set-nonempty``).
        rule_ids: the ids (verbatim from the specification) of the rules it proves.
        build: returns the formula that must be valid, or the obligations that
            must all be valid.
        describe: turns a model of the formula's negation into a readable counterexample.
        statement: the claim in one sentence.
        wrong: the deliberately false companion that must be refuted (``None`` on a companion).
        engine: the z3 solver to use.
        expect_counterexample: the claim is *expected to be refuted*: its counterexample is
            the point (a witness that a rule is needed, such as a play that never ends), and
            its companion is the variant expected to be proved. Such a claim passes when it
            is refuted and its companion proved, and the table always prints its counterexample.
    """

    name: str
    rule_ids: tuple[str, ...]
    build: Callable[[], Bool | tuple[Obligation, ...]]
    describe: Callable[[Model], str]
    statement: str = ""
    wrong: Claim | None = None
    engine: Engine = Engine.DEFAULT
    expect_counterexample: bool = False

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
        proved: whether z3 showed the negation unsatisfiable (of every obligation).
        seconds: how long building and checking took.
        counterexample: the readable counterexample when the claim is false, else ``None``.
        status: what z3 said (about the first obligation that is not valid, if any).
        reason: why z3 gave up, when it did.
        obligations: how many formulas were checked (1 for a claim stated as one).
    """

    name: str
    rule_ids: tuple[str, ...]
    proved: bool
    seconds: float
    counterexample: str | None
    status: Status
    reason: str = ""
    obligations: int = 1

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
    """Try to prove ``claim``: the negation of its formula (of each obligation) must be unsatisfiable.

    Obligations are checked in order and the first that is not valid decides
    the result; its counterexample is prefixed with its label.
    """
    start = time.perf_counter()
    built = claim.build()
    pieces = (Obligation("", built),) if isinstance(built, Bool) else built
    status, counterexample, reason, checked = Status.VALID, None, "", 0
    for piece in pieces:
        checked += 1
        answer = check_valid(piece.formula, timeout_ms=timeout_ms, engine=claim.engine)
        if answer.status is Status.VALID:
            continue
        status = answer.status
        if answer.status is Status.INVALID and answer.model is not None:
            counterexample = (piece.describe or claim.describe)(answer.model)
            if piece.label:
                counterexample = f"{piece.label}: {counterexample}"
        else:
            reason = f"{piece.label}: {answer.reason}" if piece.label else answer.reason
        break
    return Result(
        name=claim.name,
        rule_ids=claim.rule_ids,
        proved=status is Status.VALID,
        seconds=time.perf_counter() - start,
        counterexample=counterexample,
        status=status,
        reason=reason,
        obligations=checked if status is not Status.VALID else len(pieces),
    )


@dataclass(frozen=True, slots=True)
class Report:
    """A claim's result next to its wrong companion's."""

    claim: Result
    wrong: Result | None
    statement: str = ""
    wrong_statement: str = ""
    expect_counterexample: bool = False
    """The claim is a witness expected to be refuted, and its companion expected to be proved."""

    @property
    def passed(self) -> bool:
        """The claim is proved and its wrong companion refuted with a counterexample.

        For a claim expected to be refuted, the other way round: the claim is
        refuted with a counterexample and its companion proved.
        """
        if self.wrong is None:
            return False
        if self.expect_counterexample:
            return self.claim.refuted and self.wrong.proved
        return self.claim.proved and self.wrong.refuted

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
        expect_counterexample=claim.expect_counterexample,
    )


def check_all(claims: Iterable[Claim], *, timeout_ms: int = DEFAULT_TIMEOUT_MS) -> tuple[Report, ...]:
    """:func:`check` every claim, in order."""
    return tuple(check(claim, timeout_ms=timeout_ms) for claim in claims)


# -- inductive invariants ---------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Var:
    """A variable of a transition system: an integer, or a ``width``-bit vector."""

    name: str
    width: int | None = None


def ints(*names: str) -> tuple[Var, ...]:
    """Integer variables with these names."""
    return tuple(Var(name) for name in names)


@dataclass(frozen=True, slots=True, eq=False)
class SymState:
    """A state of a transition system (or the choices a step makes): a term for each variable.

    ``state["t"]`` is an integer variable's term and ``state.bv("hand")`` a
    bit-vector's. A state built by :meth:`fresh` holds variables; the state
    after a step holds expressions over the state before it.
    """

    terms: Mapping[str, Int | BitVec]

    @classmethod
    def fresh(cls, prefix: str, variables: Sequence[Var]) -> SymState:
        """Fresh variables, named ``<prefix>.<name>``."""
        terms: dict[str, Int | BitVec] = {}
        for var in variables:
            name = f"{prefix}.{var.name}"
            terms[var.name] = int_var(name) if var.width is None else bv_var(name, var.width)
        return cls(MappingProxyType(terms))

    def _term(self, name: str) -> Int | BitVec:
        if name not in self.terms:
            raise KeyError(f"{name!r} is not a variable here; they are {', '.join(self.terms)}")
        return self.terms[name]

    def __getitem__(self, name: str) -> Int:
        term = self._term(name)
        if not isinstance(term, Int):
            raise TypeError(f"{name!r} is a bit-vector: use .bv({name!r})")
        return term

    def bv(self, name: str) -> BitVec:
        """The term of a bit-vector variable."""
        term = self._term(name)
        if not isinstance(term, BitVec):
            raise TypeError(f"{name!r} is an integer: use [{name!r}]")
        return term

    def updated(self, changes: Mapping[str, Int | BitVec]) -> SymState:
        """This state with some terms replaced (each by a term of the same sort)."""
        terms = dict(self.terms)
        for name, term in changes.items():
            old = self._term(name)
            if type(old) is not type(term) or (
                isinstance(old, BitVec) and isinstance(term, BitVec) and old.width != term.width
            ):
                raise TypeError(f"{name!r} cannot change sort in a step")
            terms[name] = term
        return SymState(MappingProxyType(terms))

    def values(self, model: Model) -> dict[str, int]:
        """Each term's value in ``model``."""
        return {
            name: model.int_value(term) if isinstance(term, Int) else model.bv_value(term)
            for name, term in self.terms.items()
        }

    def bindings(self, values: Mapping[str, int]) -> list[Binding]:
        """Pairs for :func:`~proofs.z3facade.substitute`: these variables, these values."""
        pairs: list[Binding] = []
        for name, value in values.items():
            term = self._term(name)
            # Two branches so that each pair has one of Binding's precise types.
            if isinstance(term, Int):
                pairs.append((term, value))
            else:
                pairs.append((term, value))
        return pairs

    def matches(self, values: Mapping[str, int]) -> Bool:
        """The variables named in ``values`` have those values."""
        return all_of(self._term(name).eq(value) for name, value in values.items())


@dataclass(frozen=True, slots=True, eq=False)
class Move:
    """One kind of step a system can take from a state.

    Attributes:
        label: what happens, for counterexamples (``"a card is played"``).
        guard: when the move is allowed (over the state before and the inputs).
        after: the state after it, as terms over the state before and the inputs.
        cases: values of some inputs that, between them, cover every input the
            guard allows. When given, each inductive obligation of the move is
            proved once per case with those inputs fixed (and that the cases
            cover the guard is proved too); z3 then works with constants, which
            it needs for counting the cards of a set.
        show_inputs: how this move's choices read in a counterexample.
    """

    label: str
    guard: Bool
    after: SymState
    cases: tuple[Mapping[str, int], ...] = ()
    show_inputs: Callable[[Mapping[str, int]], str] | None = None
    """How this move's choices read in a counterexample; ``None`` uses the system's."""


@dataclass(frozen=True, slots=True)
class Part:
    """One named part of an invariant.

    The invariant is the conjunction of its parts. Each part gets its own step
    obligations, which keeps every query small and names the part a
    counterexample breaks. They assume the whole invariant before the step,
    or only the parts named in :attr:`assumes`.
    """

    name: str
    holds: Callable[[SymState], Bool]
    assumes: tuple[str, ...] | None = None
    """The parts its step obligations assume (itself included); ``None``, the whole invariant.

    Assuming less is a stronger requirement, so it is sound, and it can keep
    z3 from dragging in facts the part does not need (card counts, say)."""


@dataclass(frozen=True, slots=True)
class TransitionSystem:
    """A small system for inductive proofs.

    Attributes:
        variables: the state variables.
        inputs: the choices a step makes (a card played, a trick's winner, a deal's result).
        init: the initial states.
        step: ``step(before, inputs)``: the moves possible from ``before``.
        invariant: the parts of the candidate inductive invariant.
        goal: what the invariant must imply.
        show_state: a state as text.
        show_inputs: a step's choices as text.
    """

    variables: tuple[Var, ...]
    inputs: tuple[Var, ...]
    init: Callable[[SymState], Bool]
    step: Callable[[SymState, SymState], tuple[Move, ...]]
    invariant: tuple[Part, ...]
    goal: Callable[[SymState], Bool]
    show_state: Callable[[Mapping[str, int]], str]
    show_inputs: Callable[[Mapping[str, int]], str]


_Show = Callable[[Mapping[str, int]], str]


def _holds(parts: Sequence[Part], state: SymState) -> Bool:
    return all_of(part.holds(state) for part in parts)


def _broken(parts: Sequence[Part], state: SymState, model: Model) -> str:
    names = [part.name for part in parts if not model.bool_value(part.holds(state))]
    return f"the invariant ({'; '.join(names)})" if names else "the invariant"


def _system_obligations(name: str, system: TransitionSystem) -> tuple[Obligation, ...]:
    parts, show = system.invariant, system.show_state
    initial = SymState.fresh(f"{name}:init", system.variables)
    before = SymState.fresh(f"{name}:before", system.variables)
    choice = SymState.fresh(f"{name}:input", system.inputs)
    anywhere = SymState.fresh(f"{name}:state", system.variables)

    def describe_base(model: Model) -> str:
        return (
            f"the initial state {show(initial.values(model))} breaks the invariant "
            f"({_broken(parts, initial, model)})"
        )

    duties = [Obligation("base case", system.init(initial).implies(_holds(parts, initial)), describe_base)]
    names = {part.name for part in parts}
    for part in parts:
        unknown = set(part.assumes or ()) - names
        if unknown or (part.assumes is not None and part.name not in part.assumes):
            raise ValueError(
                f"part {part.name!r} of {name} must assume itself and only parts of the invariant"
            )
    for move in system.step(before, choice):
        show_inputs = move.show_inputs or system.show_inputs

        def describe_gap(model: Model, show_inputs: _Show = show_inputs) -> str:
            return f"no case covers {show_inputs(choice.values(model))} from {show(before.values(model))}"

        label = f"inductive step ({move.label})"
        if move.cases:
            covered = move.guard.implies(any_of(choice.matches(case) for case in move.cases))
            duties.append(Obligation(f"{label}, its cases", covered, describe_gap))
        for part in parts:
            assumed = tuple(p for p in parts if part.assumes is None or p.name in part.assumes)
            formula = (_holds(assumed, before) & move.guard).implies(part.holds(move.after))

            def describe_step(
                model: Model,
                move: Move = move,
                assumed: tuple[Part, ...] = assumed,
                show_inputs: _Show = show_inputs,
            ) -> str:
                which = "the invariant" if len(assumed) == len(parts) else "; ".join(p.name for p in assumed)
                return (
                    f"from {show(before.values(model))}, which satisfies {which}, "
                    f"{show_inputs(choice.values(model))} leads to {show(move.after.values(model))}, "
                    f"which breaks {_broken(parts, move.after, model)}"
                )

            for case in move.cases or (MappingProxyType({}),):
                # Fixing the case's inputs by substitution hands z3 constants; the equation
                # in front keeps their values in the counterexample.
                fixed = choice.matches(case).implies(substitute(formula, choice.bindings(case)))
                duties.append(Obligation(label, fixed, describe_step))

    def describe_goal(model: Model) -> str:
        return f"{show(anywhere.values(model))} satisfies the invariant but not the claim"

    goal = _holds(parts, anywhere).implies(system.goal(anywhere))
    duties.append(Obligation("goal", goal, describe_goal))
    return tuple(duties)


def inductive_claim(
    name: str,
    rule_ids: tuple[str, ...],
    system: TransitionSystem,
    *,
    statement: str = "",
    wrong: Claim | None = None,
    engine: Engine = Engine.DEFAULT,
) -> Claim:
    """The claim that ``system.invariant`` is inductive and implies ``system.goal``.

    Its obligations: every initial state satisfies the invariant; every move
    from a state satisfying it leads to a state satisfying it (part by part,
    case by case); and every state satisfying it satisfies the goal. So the
    goal holds in every reachable state. A counterexample names the obligation
    that fails.
    """

    def build() -> tuple[Obligation, ...]:
        return _system_obligations(name, system)

    def describe(model: Model) -> str:  # every obligation has its own printer
        return "the claim does not hold"

    return Claim(name, rule_ids, build, describe, statement=statement, wrong=wrong, engine=engine)


# -- output -------------------------------------------------------------------------


def _verdict(report: Report) -> str:
    return "PASS" if report.passed else "FAIL"


def _wrong_outcome(report: Report) -> str:
    if report.wrong is None:
        return "missing"
    if report.expect_counterexample:
        return f"{report.wrong.outcome} (expected proved)"
    return report.wrong.outcome


def _claim_outcome(report: Report) -> str:
    if report.expect_counterexample:
        return f"{report.claim.outcome} (expected refuted)"
    return report.claim.outcome


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
                _claim_outcome(report),
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
    if report.expect_counterexample:
        return _witness_details(report)
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


def _witness_details(report: Report) -> list[str]:
    """A claim expected to be refuted: its counterexample is always shown, since it is the result."""
    claim, wrong = report.claim, report.wrong
    lines: list[str] = []
    if claim.refuted:
        lines.append(f"{claim.name}: refuted, as expected (the counterexample is the result)")
    else:
        lines.append(f"FAIL {claim.name}: expected to be refuted, but it was {claim.outcome}")
        if claim.reason:
            lines.append(f"  z3 gave up: {claim.reason}")
    if report.statement:
        lines.append(f"  claim: {report.statement}")
    if claim.counterexample:
        lines.extend(_indent("counterexample: ", claim.counterexample))
    if wrong is None:
        lines.append(f"FAIL {claim.name}: no companion, so the search is not shown able to come up empty")
    elif not wrong.proved:
        lines.append(f"FAIL {claim.name}: its companion {wrong.name} was {wrong.outcome}, not proved")
        if report.wrong_statement:
            lines.append(f"  companion: {report.wrong_statement}")
        if wrong.counterexample:
            lines.extend(_indent("counterexample: ", wrong.counterexample))
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
        entry["expected"] = "refuted" if report.expect_counterexample else "proved"
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
