"""Running an engine function on z3 bit-vectors: the code itself, not a model of it, as a z3 term.

The engine's legality functions are small and work on integers as bit masks
(``hand & SUIT_IDS[suit]``). :func:`paths` calls such a function with
:class:`Symbolic` arguments in place of some of its integers: every ``&``,
``|``, ``^``, ``>>`` and ``<<`` on them (and ``+``, ``*`` by a constant and
``int.bit_count``, which count fields of a mask; ``~`` only as in ``mask & ~x``)
builds a z3 term instead of a number,
so what the function returns is a term over the arguments, computed by the
function's own lines.

Where the function branches on a value (``if same:``), ``bool()`` of a
:class:`Symbolic` asks which way to go, and so does a comparison with one
(``==``, ``<`` and the rest, unsigned): :func:`paths` runs the function once
per way through its branches, and each run gives a path, the condition under
which it is taken and the term it returns. The conditions of the paths cover
every value of the arguments between them, so a property shown for each path
under its condition holds for every input.

What cannot be followed fails loudly: a :class:`Symbolic` used as a list
index, or met with a negative or non-integer operand, raises
:class:`TypeError` (the proof then splits such an argument into its concrete
values instead). The bit width must hold every value the function makes: a
shift left or a sum past it would lose bits that a Python integer keeps.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from proofs.z3facade import BitVec, Bool, all_of, bv_val

__all__ = ["Complement", "Explorer", "Path", "Symbolic", "paths"]


class Explorer:
    """The choices of one run: those fixed by the run's prefix, then True at every new branch."""

    def __init__(self, prefix: tuple[bool, ...], pending: list[tuple[bool, ...]]) -> None:
        self.prefix = prefix
        self.pending = pending
        self.taken: list[bool] = []
        self.conditions: list[Bool] = []

    def decide(self, condition: Bool) -> bool:
        index = len(self.taken)
        if index < len(self.prefix):
            way = self.prefix[index]
        else:
            self.pending.append((*self.taken, False))
            way = True
        self.taken.append(way)
        self.conditions.append(condition if way else ~condition)
        return way


class Symbolic:
    """An integer argument stood in for by a z3 bit-vector: bit operations build terms."""

    __slots__ = ("_explorer", "term")

    def __init__(self, term: BitVec, explorer: Explorer) -> None:
        self.term = term
        self._explorer = explorer

    @property
    def explorer(self) -> Explorer:
        """The run this mask belongs to (a value made from it takes its branches on the same paths)."""
        return self._explorer

    def _wrap(self, term: BitVec) -> Symbolic:
        return Symbolic(term, self._explorer)

    @staticmethod
    def _operand(other: Symbolic | int) -> BitVec | int:
        if isinstance(other, Symbolic):
            return other.term
        if isinstance(other, bool) or not isinstance(other, int) or other < 0:
            raise TypeError(f"a symbolic mask meets {other!r}: only non-negative ints are followed")
        return other

    def __and__(self, other: Symbolic | int) -> Symbolic:
        if isinstance(other, int) and not isinstance(other, bool) and other < 0:
            # A mask with some bits cleared (``hand & ~(1 << card)``): this mask is non-negative
            # and fits the width, so only the operand's low bits can matter.
            other &= (1 << self.term.width) - 1
        return self._wrap(self.term & self._operand(other))

    __rand__ = __and__

    def __invert__(self) -> Complement:
        return Complement(self)

    def __or__(self, other: Symbolic | int) -> Symbolic:
        return self._wrap(self.term | self._operand(other))

    __ror__ = __or__

    def __xor__(self, other: Symbolic | int) -> Symbolic:
        return self._wrap(self.term ^ self._operand(other))

    __rxor__ = __xor__

    def __rshift__(self, other: Symbolic | int) -> Symbolic:
        return self._wrap(self.term.lshr(self._operand(other)))

    def __lshift__(self, other: Symbolic | int) -> Symbolic:
        return self._wrap(self.term.shl(self._operand(other)))

    def __add__(self, other: Symbolic | int) -> Symbolic:
        return self._wrap(self.term + self._operand(other))

    __radd__ = __add__

    def __mul__(self, other: int) -> Symbolic:
        """A product by a constant, as repeated sums (z3's bit-vector product is slow to reason about)."""
        factor = self._operand(other)
        if not isinstance(factor, int):
            raise TypeError("a symbolic mask is multiplied by constants only")
        total = bv_val(0, self.term.width)
        for _ in range(factor):
            total = total + self.term
        return self._wrap(total)

    __rmul__ = __mul__

    def bit_count(self) -> Symbolic:
        """How many bits are set (``int.bit_count``), as a term of the same width."""
        width = self.term.width
        narrow = width.bit_length()  # holds the count; narrow adders keep the term small for z3
        total = bv_val(0, narrow)
        for i in range(width):
            total = total + (self.term.lshr(i) & 1).resize(narrow)
        return self._wrap(total.resize(width))

    def __bool__(self) -> bool:
        return self._explorer.decide(self.term.ne(0))

    def __index__(self) -> int:
        raise TypeError(
            "a symbolic mask cannot index a table: give the proof this argument's values one by one"
        )

    # A comparison is a branch too: both outcomes are followed, each on its own path.
    def __eq__(self, other: object) -> bool:
        return self._explorer.decide(self.term.eq(self._operand(other)))  # type: ignore[arg-type]

    def __ne__(self, other: object) -> bool:
        return self._explorer.decide(self.term.ne(self._operand(other)))  # type: ignore[arg-type]

    def __lt__(self, other: Symbolic | int) -> bool:
        return self._explorer.decide(self.term.ult(self._operand(other)))

    def __le__(self, other: Symbolic | int) -> bool:
        return self._explorer.decide(self.term.ule(self._operand(other)))

    def __gt__(self, other: Symbolic | int) -> bool:
        return self._explorer.decide(self.term.ugt(self._operand(other)))

    def __ge__(self, other: Symbolic | int) -> bool:
        return self._explorer.decide(self.term.uge(self._operand(other)))

    __hash__ = None  # type: ignore[assignment]


class Complement:
    """``~mask`` of a :class:`Symbolic` mask, a negative number in Python: only ``&`` with a mask is followed.

    ``DECK_MASK & ~hand`` is the deck's cards outside the hand; any other use
    of the complement (a result, a branch, another operator) fails loudly.
    """

    __slots__ = ("_of",)

    def __init__(self, of: Symbolic) -> None:
        self._of = of

    def __and__(self, other: Symbolic | int) -> Symbolic:
        if isinstance(other, int) and not isinstance(other, bool) and other < 0:
            raise TypeError("the complement of a symbolic mask meets a negative number: not followed")
        return Symbolic(~self._of.term, self._of._explorer) & other

    __rand__ = __and__

    def __bool__(self) -> bool:
        raise TypeError("the complement of a symbolic mask is used on its own: only `mask & ~x` is followed")


@dataclass(frozen=True, slots=True)
class Path:
    """One way through the function: the condition that takes it and the term it returns."""

    condition: Bool
    result: BitVec


def paths(
    function: Callable[..., object], arguments: tuple[BitVec | int, ...], width: int
) -> tuple[Path, ...]:
    """Every path of ``function`` called with ``arguments``, the bit-vectors standing in for integers.

    The result of each path is a ``width``-bit term (an integer result is a
    constant). Raises :class:`TypeError` when the function uses a symbolic
    argument in a way that cannot be followed.
    """
    found: list[Path] = []
    pending: list[tuple[bool, ...]] = [()]
    while pending:
        explorer = Explorer(pending.pop(), pending)
        called = tuple(Symbolic(a, explorer) if isinstance(a, BitVec) else a for a in arguments)
        result = function(*called)
        if isinstance(result, Symbolic):
            term = result.term
        elif isinstance(result, int) and result >= 0:  # a bool is 0 or 1
            term = bv_val(int(result), width)
        else:
            raise TypeError(f"the function returned {result!r}, not a mask")
        found.append(Path(all_of(explorer.conditions), term))
    return tuple(found)
