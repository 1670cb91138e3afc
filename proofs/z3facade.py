"""A small typed facade over z3.

z3-solver ships without type hints, so the proofs never touch z3 objects
directly: they build formulas from the three wrappers below, each holding one
z3 term, and ask :func:`check_valid` whether a formula holds for every value of
its variables.

- :class:`Bool`: a proposition; ``&``, ``|``, ``~``, :meth:`Bool.implies`.
- :class:`BitVec`: a fixed-width unsigned bit-vector (a hand of 52 cards is a
  52-bit vector); bitwise operators, shifts and unsigned comparisons.
- :class:`Int`: a mathematical integer; ``+``, ``-``, ``*`` by a constant,
  ``<``, ``<=``, ``>``, ``>=`` and :meth:`Int.mod` by a constant.

Equality is spelled :meth:`eq` / :meth:`ne` (``==`` keeps its Python meaning,
object identity), and a wrapper refuses ``bool()`` so that ``and``, ``or`` and
``if`` on a formula fail loudly instead of silently picking one side.

Variables are identified by name and sort: two calls of :func:`int_var` with
the same name give the same z3 constant, which is how a claim's builder and its
counterexample printer agree on the variables without sharing any state.

:func:`check_valid` runs z3's default solver unless told otherwise;
:attr:`Engine.SMT_CORE` runs the plain SMT core instead, which is the one that
copes with claims mixing 52-bit card sets and integer card counts
(:func:`popcount`).
"""

from __future__ import annotations

from proofs.z3check import (
    Binding,
    Engine,
    Model,
    Status,
    Validity,
    check_valid,
    evaluate_bool,
    evaluate_bv,
    evaluate_int,
    partial,
    substitute,
)
from proofs.z3terms import (
    BitVec,
    Bool,
    Int,
    all_of,
    any_of,
    bool_val,
    bool_var,
    bv_from_bits,
    bv_val,
    bv_var,
    count,
    distinct,
    exactly_one,
    int_val,
    int_var,
    ite,
    onehot,
    popcount,
    product,
    sum_of,
)

__all__ = [
    "Binding",
    "BitVec",
    "Bool",
    "Engine",
    "Int",
    "Model",
    "Status",
    "Validity",
    "all_of",
    "any_of",
    "bool_val",
    "bool_var",
    "bv_from_bits",
    "bv_val",
    "bv_var",
    "check_valid",
    "count",
    "distinct",
    "evaluate_bool",
    "evaluate_bv",
    "evaluate_int",
    "exactly_one",
    "int_val",
    "int_var",
    "ite",
    "onehot",
    "partial",
    "popcount",
    "product",
    "substitute",
    "sum_of",
]
