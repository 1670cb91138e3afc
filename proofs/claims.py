"""Claims and how they are proved.

A :class:`Claim` is a formula that should hold for every value of its
variables, together with the rule ids it proves and a printer that turns a
z3 counterexample into text a player can read. :func:`prove` checks that the
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

A claim and its companion usually share their rule ids and their printer and
differ only in the formula; a :class:`Family` holds what they share, so each
game states a claim as its name, its sentence and its formula.

Inductive invariants of transition systems are in :mod:`proofs.induction`,
the table of results in :mod:`proofs.report`.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from cardrules.rules import rule_id
from proofs.z3facade import BACKSTOP_TIMEOUT_MS, Bool, Engine, Model, Status, check_valid

__all__ = [
    "DEFAULT_TIMEOUT_MS",
    "Claim",
    "Family",
    "Obligation",
    "Report",
    "Result",
    "check",
    "check_all",
    "prove",
]

DEFAULT_TIMEOUT_MS = BACKSTOP_TIMEOUT_MS
"""The time limit z3 gets for one claim (for one obligation of a claim stated as several).

Only a backstop: what bounds a check is z3's resource limit
(:data:`~proofs.z3check.RESOURCE_LIMIT`), which gives the same answer however
loaded the machine is.
"""


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
        resources: the most z3 resource units one of its checks used (to set
            :data:`~proofs.z3check.RESOURCE_LIMIT` from).
    """

    name: str
    rule_ids: tuple[str, ...]
    proved: bool
    seconds: float
    counterexample: str | None
    status: Status
    reason: str = ""
    obligations: int = 1
    resources: int = 0

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
    status, counterexample, reason, checked, resources = Status.VALID, None, "", 0, 0
    for piece in pieces:
        checked += 1
        answer = check_valid(piece.formula, timeout_ms=timeout_ms, engine=claim.engine)
        resources = max(resources, answer.resources)
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
        resources=resources,
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


def _no_printer(model: Model) -> str:
    return "the claim does not hold"


@dataclass(frozen=True, slots=True)
class Family:
    """What a group of claims shares: the rule ids they prove, their printer and their solver.

    A claim and its wrong companion are usually two members of one family,
    told apart by their formulas. :meth:`claim` states a member; a member that
    proves other rules or prints its counterexample its own way says so.
    :func:`proofs.induction.inductive_member` states a member that is an
    inductive invariant.
    """

    rule_ids: tuple[str, ...]
    describe: Callable[[Model], str] = _no_printer
    """The printer; the default suits claims whose every obligation has a printer of its own."""
    engine: Engine = Engine.DEFAULT

    def claim(
        self,
        name: str,
        statement: str,
        build: Callable[[], Bool | tuple[Obligation, ...]],
        *,
        wrong: Claim | None = None,
        rule_ids: tuple[str, ...] | None = None,
        describe: Callable[[Model], str] | None = None,
        expect_counterexample: bool = False,
    ) -> Claim:
        """The claim ``name``: ``build`` returns its formula (or obligations) when it is proved."""
        return Claim(
            name,
            self.rule_ids if rule_ids is None else rule_ids,
            build,
            self.describe if describe is None else describe,
            statement=statement,
            wrong=wrong,
            engine=self.engine,
            expect_counterexample=expect_counterexample,
        )
