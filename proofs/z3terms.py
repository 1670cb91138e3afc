"""The terms of the z3 facade: propositions, bit-vectors and integers, and how to build them.

:class:`Bool`, :class:`BitVec` and :class:`Int` each hold one z3 term and
offer the operations the proofs use, typed; the functions below make
variables, constants and the usual combinations (``ite``, ``all_of``,
``popcount`` and so on). Checking a formula and evaluating a term on values
are in :mod:`proofs.z3check`; :mod:`proofs.z3facade` gathers both, and the
proofs import from it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TypeVar

import z3

__all__ = [
    "BitVec",
    "Bool",
    "Int",
    "all_of",
    "any_of",
    "bool_val",
    "bool_var",
    "bv_from_bits",
    "bv_val",
    "bv_var",
    "count",
    "distinct",
    "exactly_one",
    "int_val",
    "int_var",
    "ite",
    "onehot",
    "popcount",
    "product",
    "sum_of",
]


class _Term:
    """What the three wrappers share: the z3 term and a refusal to be a Python bool."""

    __slots__ = ()

    @property
    def ref(self) -> object:
        raise NotImplementedError

    def __bool__(self) -> bool:
        raise TypeError(
            "a z3 formula has no Python truth value: use &, |, ~ and ite() instead of and, or, if"
        )

    def __str__(self) -> str:
        return str(self.ref)


@dataclass(frozen=True, slots=True, eq=False)
class Bool(_Term):
    """A proposition over the variables of a claim."""

    term: object

    @property
    def ref(self) -> object:
        return self.term

    def __and__(self, other: Bool | bool) -> Bool:
        return Bool(z3.And(self.term, _bool_ref(other)))

    def __or__(self, other: Bool | bool) -> Bool:
        return Bool(z3.Or(self.term, _bool_ref(other)))

    def __invert__(self) -> Bool:
        return Bool(z3.Not(self.term))

    def implies(self, other: Bool | bool) -> Bool:
        """``self => other``."""
        return Bool(z3.Implies(self.term, _bool_ref(other)))

    def iff(self, other: Bool | bool) -> Bool:
        """``self <=> other``."""
        return Bool(self.term == _bool_ref(other))


@dataclass(frozen=True, slots=True, eq=False)
class BitVec(_Term):
    """An unsigned bit-vector of :attr:`width` bits.

    An int operand must fit in the width (:class:`ValueError` otherwise), since
    a silently wrapped constant would change the meaning of a claim.
    """

    term: object
    width: int

    @property
    def ref(self) -> object:
        return self.term

    def _other(self, other: BitVec | int) -> object:
        if isinstance(other, BitVec):
            if other.width != self.width:
                raise ValueError(f"bit-vector widths differ: {self.width} and {other.width}")
            return other.term
        return _bv_const(other, self.width)

    def _same(self, term: object) -> BitVec:
        return BitVec(term, self.width)

    def __and__(self, other: BitVec | int) -> BitVec:
        return self._same(self.term & self._other(other))  # type: ignore[operator]

    def __or__(self, other: BitVec | int) -> BitVec:
        return self._same(self.term | self._other(other))  # type: ignore[operator]

    def __xor__(self, other: BitVec | int) -> BitVec:
        return self._same(self.term ^ self._other(other))  # type: ignore[operator]

    def __invert__(self) -> BitVec:
        return self._same(~self.term)  # type: ignore[operator]

    def __add__(self, other: BitVec | int) -> BitVec:
        return self._same(self.term + self._other(other))  # type: ignore[operator]

    def __sub__(self, other: BitVec | int) -> BitVec:
        return self._same(self.term - self._other(other))  # type: ignore[operator]

    def shl(self, other: BitVec | int) -> BitVec:
        """Shift left by ``other`` places (bits shifted out are lost; shifting by the width gives 0)."""
        return self._same(self.term << self._other(other))  # type: ignore[operator]

    def lshr(self, other: BitVec | int) -> BitVec:
        """Logical (unsigned) shift right by ``other`` places."""
        return self._same(z3.LShR(self.term, self._other(other)))

    def udiv(self, other: BitVec | int) -> BitVec:
        """Unsigned division."""
        return self._same(z3.UDiv(self.term, self._other(other)))

    def urem(self, other: BitVec | int) -> BitVec:
        """Unsigned remainder."""
        return self._same(z3.URem(self.term, self._other(other)))

    def eq(self, other: BitVec | int) -> Bool:
        """``self = other``."""
        return Bool(self.term == self._other(other))

    def ne(self, other: BitVec | int) -> Bool:
        """``self != other``."""
        return Bool(self.term != self._other(other))

    def ult(self, other: BitVec | int) -> Bool:
        """Unsigned ``self < other``."""
        return Bool(z3.ULT(self.term, self._other(other)))

    def ule(self, other: BitVec | int) -> Bool:
        """Unsigned ``self <= other``."""
        return Bool(z3.ULE(self.term, self._other(other)))

    def ugt(self, other: BitVec | int) -> Bool:
        """Unsigned ``self > other``."""
        return Bool(z3.UGT(self.term, self._other(other)))

    def uge(self, other: BitVec | int) -> Bool:
        """Unsigned ``self >= other``."""
        return Bool(z3.UGE(self.term, self._other(other)))

    def bit(self, index: int) -> Bool:
        """Whether bit ``index`` (0 = least significant) is set."""
        if not 0 <= index < self.width:
            raise ValueError(f"bit {index} is outside a {self.width}-bit vector")
        return Bool(z3.Extract(index, index, self.term) == z3.BitVecVal(1, 1))

    def resize(self, width: int) -> BitVec:
        """The same unsigned value in ``width`` bits (zero-extended, or cut to the low bits)."""
        if width == self.width:
            return self
        if width > self.width:
            return BitVec(z3.ZeroExt(width - self.width, self.term), width)
        return BitVec(z3.Extract(width - 1, 0, self.term), width)


@dataclass(frozen=True, slots=True, eq=False)
class Int(_Term):
    """A mathematical integer (unbounded)."""

    term: object

    @property
    def ref(self) -> object:
        return self.term

    def __add__(self, other: Int | int) -> Int:
        return Int(self.term + _int_ref(other))  # type: ignore[operator]

    def __radd__(self, other: int) -> Int:
        return Int(_int_ref(other) + self.term)  # type: ignore[operator]

    def __sub__(self, other: Int | int) -> Int:
        return Int(self.term - _int_ref(other))  # type: ignore[operator]

    def __rsub__(self, other: int) -> Int:
        return Int(_int_ref(other) - self.term)  # type: ignore[operator]

    def __mul__(self, other: int) -> Int:
        return Int(self.term * z3.IntVal(other))

    def __rmul__(self, other: int) -> Int:
        return Int(z3.IntVal(other) * self.term)

    def __neg__(self) -> Int:
        return Int(-self.term)  # type: ignore[operator]

    def mod(self, modulus: int) -> Int:
        """``self mod modulus`` for a positive constant modulus (always in ``0..modulus-1``)."""
        if modulus <= 0:
            raise ValueError(f"the modulus must be positive, not {modulus}")
        return Int(self.term % z3.IntVal(modulus))

    def floordiv(self, divisor: int) -> Int:
        """``floor(self / divisor)`` for a positive constant divisor (Python's ``//``).

        For a positive divisor z3's integer division rounds down, as ``//`` does,
        so ``self == divisor * self.floordiv(divisor) + self.mod(divisor)``.
        """
        if divisor <= 0:
            raise ValueError(f"the divisor must be positive, not {divisor}")
        return Int(self.term / z3.IntVal(divisor))

    def eq(self, other: Int | int) -> Bool:
        """``self = other``."""
        return Bool(self.term == _int_ref(other))

    def ne(self, other: Int | int) -> Bool:
        """``self != other``."""
        return Bool(self.term != _int_ref(other))

    def __lt__(self, other: Int | int) -> Bool:
        return Bool(self.term < _int_ref(other))  # type: ignore[operator]

    def __le__(self, other: Int | int) -> Bool:
        return Bool(self.term <= _int_ref(other))  # type: ignore[operator]

    def __gt__(self, other: Int | int) -> Bool:
        return Bool(self.term > _int_ref(other))  # type: ignore[operator]

    def __ge__(self, other: Int | int) -> Bool:
        return Bool(self.term >= _int_ref(other))  # type: ignore[operator]

    def between(self, low: Int | int, high: Int | int) -> Bool:
        """``low <= self <= high``."""
        return (self >= low) & (self <= high)


def _bool_ref(value: Bool | bool) -> object:
    return value.term if isinstance(value, Bool) else z3.BoolVal(value)


def _bv_const(value: int, width: int) -> object:
    # A constant that does not fit would silently wrap (2 in one bit is 0), so refuse it.
    if not 0 <= value < 1 << width:
        raise ValueError(f"{value} does not fit in an unsigned {width}-bit vector")
    return z3.BitVecVal(value, width)


def _int_ref(value: Int | int) -> object:
    return value.term if isinstance(value, Int) else z3.IntVal(value)


# -- construction ---------------------------------------------------------------


def bool_var(name: str) -> Bool:
    """The Boolean variable called ``name``."""
    return Bool(z3.Bool(name))


def bool_val(value: bool) -> Bool:
    """A Boolean constant."""
    return Bool(z3.BoolVal(value))


def bv_var(name: str, width: int) -> BitVec:
    """The ``width``-bit variable called ``name``."""
    return BitVec(z3.BitVec(name, width), width)


def bv_val(value: int, width: int) -> BitVec:
    """A ``width``-bit constant, ``0 <= value < 2**width``.

    Raises:
        ValueError: the value does not fit.
    """
    return BitVec(_bv_const(value, width), width)


def int_var(name: str) -> Int:
    """The integer variable called ``name``."""
    return Int(z3.Int(name))


def int_val(value: int) -> Int:
    """An integer constant."""
    return Int(z3.IntVal(value))


def bv_from_bits(bits: Sequence[Bool]) -> BitVec:
    """The bit-vector whose bit ``i`` is ``bits[i]`` (least significant first)."""
    if not bits:
        raise ValueError("a bit-vector needs at least one bit")
    one, zero = z3.BitVecVal(1, 1), z3.BitVecVal(0, 1)
    parts = [z3.If(bit.term, one, zero) for bit in reversed(bits)]
    term = parts[0] if len(parts) == 1 else z3.Concat(*parts)
    return BitVec(term, len(bits))


_T = TypeVar("_T", Bool, BitVec, Int)


def ite(condition: Bool, then: _T, otherwise: _T) -> _T:
    """``then`` where ``condition`` holds, else ``otherwise`` (both of one sort)."""
    if isinstance(then, BitVec):
        assert isinstance(otherwise, BitVec)
        if then.width != otherwise.width:
            raise ValueError(f"bit-vector widths differ: {then.width} and {otherwise.width}")
        return BitVec(z3.If(condition.term, then.term, otherwise.term), then.width)
    if isinstance(then, Int):
        return Int(z3.If(condition.term, then.term, otherwise.term))
    return Bool(z3.If(condition.term, then.term, otherwise.term))


def all_of(formulas: Iterable[Bool]) -> Bool:
    """The conjunction (true when empty)."""
    terms = [f.term for f in formulas]
    return Bool(z3.And(*terms)) if terms else bool_val(True)


def any_of(formulas: Iterable[Bool]) -> Bool:
    """The disjunction (false when empty)."""
    terms = [f.term for f in formulas]
    return Bool(z3.Or(*terms)) if terms else bool_val(False)


def count(formulas: Iterable[Bool]) -> Int:
    """How many of the formulas hold."""
    return sum_of(ite(f, int_val(1), int_val(0)) for f in formulas)


def exactly_one(formulas: Iterable[Bool]) -> Bool:
    """Exactly one of the formulas holds.

    Stated with Boolean connectives only (one holds, no two hold together):
    counting with integers would drag bit-vector claims into arithmetic and
    slow z3 down a hundredfold.
    """
    items = list(formulas)
    pairs = (~(items[i] & items[j]) for i in range(len(items)) for j in range(i + 1, len(items)))
    return any_of(items) & all_of(pairs)


def onehot(index: BitVec, width: int) -> BitVec:
    """The ``width``-bit vector with only bit ``index`` set (0 when ``index >= width``)."""
    if index.width > width:
        raise ValueError(f"a {index.width}-bit index does not fit a {width}-bit vector")
    return bv_val(1, width).shl(index.resize(width))


def popcount(vector: BitVec) -> Int:
    """How many bits of ``vector`` are set, as an integer (the size of a set of cards).

    Stated as a sum of integers, one per bit: z3 then sees that removing a known
    card from a set lowers the count by one, which a bit-vector adder hides.
    """
    return count(vector.bit(i) for i in range(vector.width))


def product(left: Int, right: Int) -> Int:
    """``left * right`` for two integer terms (nonlinear: z3 decides the small claims that need it)."""
    return Int(left.term * right.term)  # type: ignore[operator]


def sum_of(terms: Iterable[Int]) -> Int:
    """The sum (0 when empty)."""
    refs = [t.term for t in terms]
    return Int(z3.Sum(*refs)) if refs else int_val(0)


def distinct(terms: Sequence[BitVec] | Sequence[Int]) -> Bool:
    """All the terms have pairwise different values."""
    if len(terms) < 2:
        return bool_val(True)
    return Bool(z3.Distinct(*[t.term for t in terms]))
