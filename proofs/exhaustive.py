"""An engine function checked on every point of a finite domain, and z3 shown the domain is complete.

For a function of a few small arguments (a deal's trick count, a contract, an
option), the plainest proof is to call it on every input and compare each
answer with the model's statement. Two things make such a check a proof: the
inputs tried must be *all* the inputs, and each answer must equal the
statement. :func:`table_formula` states both in one formula over the model's
variables: wherever the domain's condition holds, the variables are one of
the rows tried and the statement equals that row's answer. z3 proving it
valid shows that no input of the domain was left out (the condition is
written from the rules, not from the rows) and that the engine agrees on each.

:class:`Table` holds the rows: the values of the variables, each an integer
(an enum member or option is given as its number in the model, a Boolean as
0 or 1), and the engine's answer as integers.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from proofs.z3facade import BitVec, Bool, Int, Model, all_of, any_of

__all__ = ["Table", "Term", "table_formula", "value_in"]

Term = Int | BitVec | Bool
"""A model variable or statement: an integer, a bit-vector or a proposition."""


def _equals(term: Term, value: int) -> Bool:
    if isinstance(term, Bool):
        return term if value else ~term
    return term.eq(value)


def value_in(model: Model, term: Term) -> int:
    """The value of ``term`` in a counterexample, as an integer (a proposition as 0 or 1)."""
    if isinstance(term, Bool):
        return int(model.bool_value(term))
    if isinstance(term, BitVec):
        return model.bv_value(term)
    return model.int_value(term)


@dataclass(frozen=True, slots=True)
class Table:
    """An engine function's answers: one row per input tried.

    Attributes:
        variables: the model's variables the inputs are values of.
        rows: each input (one integer per variable) with the engine's answer (a tuple of integers).
    """

    variables: tuple[Term, ...]
    rows: tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]

    @classmethod
    def of(
        cls,
        variables: Sequence[Term],
        inputs: Iterable[tuple[int, ...]],
        answer: Callable[[tuple[int, ...]], tuple[int, ...]],
    ) -> Table:
        """The table of ``answer`` (a call of the engine) on every one of ``inputs``."""
        return cls(tuple(variables), tuple((point, answer(point)) for point in inputs))

    def answer(self, point: tuple[int, ...]) -> tuple[int, ...] | None:
        """The engine's answer at ``point``, or ``None`` when it was not tried."""
        return next((out for values, out in self.rows if values == point), None)

    def point(self, model: Model) -> tuple[int, ...]:
        """The input a counterexample names."""
        return tuple(value_in(model, v) for v in self.variables)


def table_formula(table: Table, domain: Bool, stated: Sequence[Term]) -> Bool:
    """Where ``domain`` holds, the variables are a row of ``table`` and ``stated`` is its answer.

    Valid exactly when the rows cover the whole domain and the engine's answer
    equals the statement on each of them.
    """
    rows = (
        all_of(_equals(v, x) for v, x in zip(table.variables, point, strict=True))
        & all_of(_equals(s, y) for s, y in zip(stated, out, strict=True))
        for point, out in table.rows
    )
    return domain.implies(any_of(rows))
