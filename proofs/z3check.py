"""Checking the facade's formulas: validity with a counterexample, and evaluation on concrete values.

:func:`check_valid` asks z3 whether a formula holds for every value of its
variables and returns a :class:`Model` of its negation when it does not;
:func:`evaluate_bv` and the others put concrete values in a term's variables
(the refinement tests evaluate the model on the engine's states that way).
The terms are :mod:`proofs.z3terms`'; :mod:`proofs.z3facade` gathers both.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Final

import z3

from proofs.z3terms import BitVec, Bool, Int

__all__ = [
    "BACKSTOP_TIMEOUT_MS",
    "RESOURCE_LIMIT",
    "Binding",
    "Engine",
    "Model",
    "Status",
    "Validity",
    "check_valid",
    "evaluate_bool",
    "evaluate_bv",
    "evaluate_int",
    "partial",
    "substitute",
]


# -- evaluation on concrete values ------------------------------------------------

Binding = tuple[BitVec, int] | tuple[Int, int] | tuple[Bool, bool]
"""A variable and the concrete value to put in its place."""


def _pairs(bindings: Sequence[Binding]) -> list[tuple[object, object]]:
    pairs: list[tuple[object, object]] = []
    for var, value in bindings:
        if isinstance(var, BitVec):
            pairs.append((var.term, z3.BitVecVal(int(value), var.width)))
        elif isinstance(var, Int):
            pairs.append((var.term, z3.IntVal(int(value))))
        else:
            pairs.append((var.term, z3.BoolVal(bool(value))))
    return pairs


def _substitute(term: object, bindings: Sequence[Binding]) -> object:
    pairs = _pairs(bindings)
    return z3.simplify(z3.substitute(term, *pairs)) if pairs else z3.simplify(term)


def substitute(formula: Bool, bindings: Sequence[Binding]) -> Bool:
    """``formula`` with each bound variable replaced by its value (nothing else simplified)."""
    pairs = _pairs(bindings)
    return Bool(z3.substitute(formula.term, *pairs)) if pairs else formula


def partial(formula: Bool, bindings: Sequence[Binding]) -> Bool:
    """``formula`` with each bound variable replaced by its value, then simplified.

    The variables left unbound stay: a formula evaluated at many points that
    share some values is cheaper to evaluate once those are put in.
    """
    return Bool(_substitute(formula.term, bindings))


def evaluate_bv(term: BitVec, bindings: Sequence[Binding]) -> int:
    """The value of ``term`` once every variable in it is bound.

    Raises:
        ValueError: a variable of ``term`` is left unbound.
    """
    value = _substitute(term.term, bindings)
    if not z3.is_bv_value(value):
        raise ValueError(f"not every variable is bound: {value}")
    return int(value.as_long())  # type: ignore[attr-defined]


def evaluate_int(term: Int, bindings: Sequence[Binding]) -> int:
    """The value of ``term`` once every variable in it is bound."""
    value = _substitute(term.term, bindings)
    if not z3.is_int_value(value):
        raise ValueError(f"not every variable is bound: {value}")
    return int(value.as_long())  # type: ignore[attr-defined]


def evaluate_bool(term: Bool, bindings: Sequence[Binding]) -> bool:
    """The truth of ``term`` once every variable in it is bound."""
    value = _substitute(term.term, bindings)
    if z3.is_true(value):
        return True
    if z3.is_false(value):
        return False
    raise ValueError(f"not every variable is bound: {value}")


# -- checking validity ------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Model:
    """Values for the variables of a formula that is not valid: a counterexample.

    Variables the formula does not mention read as z3's default (0 or false).
    """

    _model: object

    def bv_value(self, term: BitVec) -> int:
        """The unsigned value of a bit-vector term."""
        return int(self._model.eval(term.term, model_completion=True).as_long())  # type: ignore[attr-defined]

    def int_value(self, term: Int) -> int:
        """The value of an integer term."""
        return int(self._model.eval(term.term, model_completion=True).as_long())  # type: ignore[attr-defined]

    def bool_value(self, term: Bool) -> bool:
        """The truth value of a proposition."""
        return bool(z3.is_true(self._model.eval(term.term, model_completion=True)))  # type: ignore[attr-defined]


class Status(Enum):
    """What z3 said about a formula."""

    VALID = "valid"
    """Its negation is unsatisfiable: it holds for every value of its variables."""
    INVALID = "invalid"
    """Its negation is satisfiable: :attr:`Validity.model` is a counterexample."""
    UNKNOWN = "unknown"
    """z3 gave up (resource or time limit, or an undecidable fragment)."""


class Engine(Enum):
    """Which z3 solver :func:`check_valid` runs."""

    DEFAULT = "default"
    """z3's default solver, which picks a strategy from the formula (best for most claims)."""
    SMT_CORE = "smt"
    """The plain SMT core (z3's ``smt`` tactic). The default solver gives up on
    formulas mixing 52-bit card sets with integer counts of their cards, which
    this one decides in milliseconds."""


RESOURCE_LIMIT: Final = 100_000_000
"""z3's resource limit (``rlimit``) for one check: what makes a claim's answer the same on any machine.

z3 counts its work in resource units, the same for the same formula whatever
the machine's speed or load, so a check stopped at this count gives up
(:attr:`Status.UNKNOWN`) on every machine or on none, unlike a time limit.
Measured with z3 5.4 over every claim of ``python -m proofs`` and its wrong
companion (:attr:`~proofs.claims.Result.resources`), the most one check used
was about 10.3 million units (``calabresella/card-conservation``; next
``backstab_fish/card-conservation`` 8.0 and ``felagsvist/trick-winner`` 7.7
million), so the limit is about 10 times that. Measure again and raise it if a
new claim needs more. The time limit (:data:`BACKSTOP_TIMEOUT_MS`) is only a
backstop far beyond it.
"""

BACKSTOP_TIMEOUT_MS: Final = 600_000
"""The time limit of one check, in milliseconds: generous, so that :data:`RESOURCE_LIMIT` decides first.

The slowest check took about 11 s on a loaded 2-core machine; a time limit
near that made claims come back unknown under load, which the resource limit
does not.
"""


@dataclass(frozen=True, slots=True)
class Validity:
    """The answer of :func:`check_valid`.

    ``resources`` is the z3 resource units (``rlimit count``) the check used.
    """

    status: Status
    model: Model | None = None
    reason: str = ""
    resources: int = 0


def _resources_counted(solver: z3.Solver) -> int:
    """z3's ``rlimit count`` so far: a running count for the whole z3 context, not for one solver."""
    try:
        return int(solver.statistics().get_key_value("rlimit count"))
    except z3.Z3Exception:  # (a z3 that does not report it)
        return 0


def check_valid(
    formula: Bool,
    *,
    timeout_ms: int = BACKSTOP_TIMEOUT_MS,
    engine: Engine = Engine.DEFAULT,
    rlimit: int = RESOURCE_LIMIT,
) -> Validity:
    """Whether ``formula`` holds for every value of its free variables.

    Checks that its negation is unsatisfiable, with a fresh solver (of the
    given ``engine``), a resource limit of ``rlimit`` z3 units (counted from
    this check's start, so the answer does not depend on the machine's speed
    or load) and a time limit, and returns a counterexample :class:`Model`
    when it is satisfiable.
    """
    solver = z3.Solver() if engine is Engine.DEFAULT else z3.Tactic(engine.value).solver()
    solver.set("timeout", timeout_ms)
    solver.set("rlimit", rlimit)
    solver.add(z3.Not(formula.term))
    before = _resources_counted(solver)
    answer = solver.check()
    used = _resources_counted(solver) - before
    if answer == z3.unsat:
        return Validity(Status.VALID, resources=used)
    if answer == z3.sat:
        return Validity(Status.INVALID, Model(solver.model()), resources=used)
    return Validity(Status.UNKNOWN, reason=str(solver.reason_unknown()), resources=used)
