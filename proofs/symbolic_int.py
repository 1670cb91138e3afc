"""Running an engine function on z3 integers: its own arithmetic and comparisons, as terms.

The engine's scoring functions add, subtract and compare small integers
(``totals[0] + scores[0]``, ``max(totals) >= target``, ``thirds // 3``).
:func:`int_paths` calls such a function with :class:`SymbolicInt` arguments in
place of some of its integers (inside tuples too): ``+``, ``-``, ``*`` by a
constant, ``//`` and ``%`` by a positive constant build z3 integer terms, and
each comparison is a branch followed both ways, as in :mod:`proofs.symbolic`.
The result of a path is what the function returned with every
:class:`SymbolicInt` replaced by its term: an :class:`~proofs.z3facade.Int`,
a plain ``int`` or ``bool``, ``None``, or a tuple of these.

The integers are mathematical (no overflow), so a proof over them holds for
every Python ``int``. A truth test (``if points:``) is a branch too, on
whether the integer is 0. What cannot be followed fails loudly: a symbolic
integer used as an index or as a bit mask raises :class:`TypeError` (a proof
splits such an argument into its values instead).

Integers and masks can meet in one function: a :class:`~proofs.z3facade.BitVec`
argument is run as a :class:`~proofs.symbolic.Symbolic` mask on the same
paths. A function that looks a value up by a mask in a table built at import
(``_POINTS[card]``) can still be run whole: :func:`with_tables` gives it a
:class:`SymbolicTable` in the table's place, which reads the same entries and
answers a symbolic index with the integer term choosing among them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from types import FunctionType

from proofs.symbolic import Explorer, Symbolic
from proofs.z3facade import BitVec, Bool, Int, all_of, bool_val, int_val, ite

__all__ = [
    "IntPath",
    "SymbolicInt",
    "SymbolicTable",
    "Value",
    "agrees",
    "int_paths",
    "same_value",
    "with_tables",
]

Value = Int | int | bool | None | tuple["Value", ...]
"""What a path returns: an integer term, a plain value, or a tuple of them."""


class SymbolicInt:
    """An integer argument stood in for by a z3 integer: arithmetic builds terms, comparisons branch."""

    __slots__ = ("_explorer", "term")

    def __init__(self, term: Int, explorer: Explorer) -> None:
        self.term = term
        self._explorer = explorer

    def _wrap(self, term: Int) -> SymbolicInt:
        return SymbolicInt(term, self._explorer)

    @staticmethod
    def _operand(other: object) -> Int | int:
        if isinstance(other, SymbolicInt):
            return other.term
        if isinstance(other, bool) or not isinstance(other, int):
            raise TypeError(f"a symbolic integer meets {other!r}: only ints are followed")
        return other

    def __add__(self, other: SymbolicInt | int) -> SymbolicInt:
        return self._wrap(self.term + self._operand(other))

    __radd__ = __add__

    def __sub__(self, other: SymbolicInt | int) -> SymbolicInt:
        return self._wrap(self.term - self._operand(other))

    def __rsub__(self, other: int) -> SymbolicInt:
        return self._wrap(self._operand(other) - self.term)

    def __neg__(self) -> SymbolicInt:
        return self._wrap(-self.term)

    def __mul__(self, other: int) -> SymbolicInt:
        operand = self._operand(other)
        if not isinstance(operand, int):
            raise TypeError("a symbolic integer is multiplied by constants only")
        return self._wrap(self.term * operand)

    __rmul__ = __mul__

    def __floordiv__(self, other: int) -> SymbolicInt:
        if isinstance(other, bool) or not isinstance(other, int) or other <= 0:
            raise TypeError(f"a symbolic integer is divided by positive constants only, not {other!r}")
        return self._wrap(self.term.floordiv(other))

    def __mod__(self, other: int) -> SymbolicInt:
        if isinstance(other, bool) or not isinstance(other, int) or other <= 0:
            raise TypeError(f"a symbolic integer is reduced by positive constants only, not {other!r}")
        return self._wrap(self.term.mod(other))

    def __bool__(self) -> bool:
        return self._explorer.decide(self.term.ne(0))

    def __index__(self) -> int:
        raise TypeError("a symbolic integer cannot index a table: give the proof its values one by one")

    # A comparison is a branch: both outcomes are followed, each on its own path.
    def __eq__(self, other: object) -> bool:
        return self._explorer.decide(self.term.eq(self._operand(other)))

    def __ne__(self, other: object) -> bool:
        return self._explorer.decide(self.term.ne(self._operand(other)))

    def __lt__(self, other: SymbolicInt | int) -> bool:
        return self._explorer.decide(self.term < self._operand(other))

    def __le__(self, other: SymbolicInt | int) -> bool:
        return self._explorer.decide(self.term <= self._operand(other))

    def __gt__(self, other: SymbolicInt | int) -> bool:
        return self._explorer.decide(self.term > self._operand(other))

    def __ge__(self, other: SymbolicInt | int) -> bool:
        return self._explorer.decide(self.term >= self._operand(other))

    __hash__ = None  # type: ignore[assignment]


class SymbolicTable:
    """A table of ints (a ``bytes`` or tuple built at import) that a symbolic mask can index.

    Indexed by an int, it answers the entry; indexed by a
    :class:`~proofs.symbolic.Symbolic` mask, the integer term that is entry
    ``i`` where the mask is ``i``, for every index of the table, and 0 past its
    end (a proof states the index's domain). The entries are the table's own,
    read when the view is made. The term for an index term is built once and
    kept by the view (the runs of one function meet the same index many times).
    """

    __slots__ = ("_entries", "_terms")

    def __init__(self, entries: Sequence[int]) -> None:
        self._entries = tuple(entries)
        if any(isinstance(e, bool) or not isinstance(e, int) for e in self._entries):
            raise TypeError("a symbolic table holds ints only")
        self._terms: dict[str, Int] = {}

    def __len__(self) -> int:
        return len(self._entries)

    def __getitem__(self, index: Symbolic | int) -> SymbolicInt | int:
        if not isinstance(index, Symbolic):
            return self._entries[index]
        key = str(index.term)  # z3 prints equal terms alike
        term = self._terms.get(key)
        if term is None:
            term = int_val(0)
            for i in reversed(range(min(len(self._entries), 1 << index.term.width))):
                term = ite(index.term.eq(i), int_val(self._entries[i]), term)
            self._terms[key] = term
        return SymbolicInt(term, index.explorer)


def with_tables(function: Callable[..., object], *names: str) -> Callable[..., object]:
    """``function``'s own code, seeing a :class:`SymbolicTable` of each of its global tables ``names``.

    The copy reads the tables as they are when this is called (a changed
    table is what the copy sees), so a proof that runs it proves the code and
    its tables together.
    """
    if not isinstance(function, FunctionType):
        raise TypeError(f"{function!r} is not a Python function")
    scope = dict(function.__globals__)
    for name in names:
        scope[name] = SymbolicTable(scope[name])
    code = function.__code__
    return FunctionType(code, scope, function.__name__, function.__defaults__, function.__closure__)


@dataclass(frozen=True, slots=True)
class IntPath:
    """One way through the function: the condition that takes it and what it returns there."""

    condition: Bool
    result: Value


Argument = Int | int | bool | object


def _stand_in(argument: object, explorer: Explorer) -> object:
    if isinstance(argument, Int):
        return SymbolicInt(argument, explorer)
    if isinstance(argument, BitVec):
        return Symbolic(argument, explorer)
    if isinstance(argument, tuple):
        return tuple(_stand_in(item, explorer) for item in argument)
    return argument


def _read(result: object) -> Value:
    if isinstance(result, SymbolicInt):
        return result.term
    if result is None or isinstance(result, int | Int):
        return result
    if isinstance(result, tuple):
        return tuple(_read(item) for item in result)
    raise TypeError(f"the function returned {result!r}, which the proof cannot compare")


def int_paths(function: Callable[..., object], arguments: tuple[Argument, ...]) -> tuple[IntPath, ...]:
    """Every path of ``function`` called with ``arguments``, each :class:`Int` (in tuples too) symbolic.

    A :class:`~proofs.z3facade.BitVec` argument is a symbolic mask on the same
    paths. Other arguments (enum members, options, plain ints) are passed as they
    are. Raises :class:`TypeError` when the function uses a symbolic integer
    in a way that cannot be followed.
    """
    found: list[IntPath] = []
    pending: list[tuple[bool, ...]] = [()]
    while pending:
        explorer = Explorer(pending.pop(), pending)
        result = function(*(_stand_in(argument, explorer) for argument in arguments))
        found.append(IntPath(all_of(explorer.conditions), _read(result)))
    return tuple(found)


def same_value(result: Value, stated: Value) -> Bool:
    """The proposition that a path's ``result`` equals ``stated`` (tuples element by element).

    ``True``/``False`` and ``1``/``0`` are the same value, as they are in Python.

    Raises:
        ValueError: the two have different shapes (a tuple against a number, tuples of different lengths).
    """
    if isinstance(result, tuple) or isinstance(stated, tuple):
        if not (isinstance(result, tuple) and isinstance(stated, tuple)) or len(result) != len(stated):
            raise ValueError(f"{result!r} and {stated!r} have different shapes")
        return all_of(same_value(r, s) for r, s in zip(result, stated, strict=True))
    if result is None or stated is None:
        return bool_val(result is stated)
    return _as_int(result).eq(_as_int(stated))


def _as_int(value: Int | int | bool) -> Int:
    return value if isinstance(value, Int) else int_val(int(value))


def agrees(function: Callable[..., object], arguments: tuple[Argument, ...], stated: Value) -> Bool:
    """On every path of ``function`` (called as :func:`int_paths` does), it returns ``stated``."""
    return all_of(
        run.condition.implies(same_value(run.result, stated)) for run in int_paths(function, arguments)
    )
