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

import z3

from proofs.z3terms import BitVec, Bool, Int

__all__ = [
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
    """z3 gave up (time limit or an undecidable fragment)."""


class Engine(Enum):
    """Which z3 solver :func:`check_valid` runs."""

    DEFAULT = "default"
    """z3's default solver, which picks a strategy from the formula (best for most claims)."""
    SMT_CORE = "smt"
    """The plain SMT core (z3's ``smt`` tactic). The default solver gives up on
    formulas mixing 52-bit card sets with integer counts of their cards, which
    this one decides in milliseconds."""


@dataclass(frozen=True, slots=True)
class Validity:
    """The answer of :func:`check_valid`."""

    status: Status
    model: Model | None = None
    reason: str = ""


def check_valid(formula: Bool, *, timeout_ms: int = 20_000, engine: Engine = Engine.DEFAULT) -> Validity:
    """Whether ``formula`` holds for every value of its free variables.

    Checks that its negation is unsatisfiable, with a fresh solver (of the
    given ``engine``) and a time limit, and returns a counterexample
    :class:`Model` when it is satisfiable.
    """
    solver = z3.Solver() if engine is Engine.DEFAULT else z3.Tactic(engine.value).solver()
    solver.set("timeout", timeout_ms)
    solver.add(z3.Not(formula.term))
    answer = solver.check()
    if answer == z3.unsat:
        return Validity(Status.VALID)
    if answer == z3.sat:
        return Validity(Status.INVALID, Model(solver.model()))
    return Validity(Status.UNKNOWN, reason=str(solver.reason_unknown()))
