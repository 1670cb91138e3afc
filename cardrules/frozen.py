"""Fast construction of frozen, slotted dataclass values.

A frozen dataclass's ``__init__`` assigns each field through
``object.__setattr__``, which costs a lookup per field; the engines build a new
state on every action, millions of times. :func:`fast_constructor` makes a
function that builds the same value faster: as an instance of an open twin of
the class (the same bases and slots, no frozen ``__setattr__``), whose slots
plain attribute assignment writes at the interpreter's quickest, then turned
into the class itself (assigning ``__class__`` between two classes of one
layout is allowed). Where a field's slot lies in a base class, or the layout
forbids the switch, it writes each slot through its descriptor instead. The
value it builds is equal to, hashes like and is as immutable as the one the
class's own constructor builds; only ``__post_init__`` (and defaults) are
skipped, so the caller passes every field, already valid.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True, slots=True)
... class Point:
...     x: int
...     y: int
>>> make = fast_constructor(Point)
>>> make(1, 2) == Point(1, 2), make(1, 2)
(True, Point(x=1, y=2))
"""

from __future__ import annotations

import dataclasses
import keyword
import types
from collections.abc import Callable
from typing import Any, TypeVar

from cardrules.errors import InvalidArgumentError

__all__ = ["fast_constructor", "pretty_as_repr", "reduce_to_init_fields"]

T = TypeVar("T")


def fast_constructor(cls: type[T]) -> Callable[..., T]:
    """A function ``build(*fields)`` that makes a ``cls`` from all its fields, in field order.

    ``cls`` must be a frozen dataclass with ``slots=True`` and no ``__post_init__``
    work the caller relies on. The function's parameters are the field names,
    so it may be called with keywords too. Annotate the result with the exact
    ``Callable`` type at the call site to keep the arguments typed.

    Raises:
        TypeError: ``cls`` is not a slotted frozen dataclass.
    """
    if not dataclasses.is_dataclass(cls) or "__slots__" not in cls.__dict__:
        raise InvalidArgumentError(f"{cls.__name__} is not a slotted dataclass")
    params = getattr(cls, "__dataclass_params__", None)
    if params is None or not params.frozen:
        raise InvalidArgumentError(f"{cls.__name__} is not a frozen dataclass")
    names = tuple(field.name for field in dataclasses.fields(cls))
    if any(not name.isidentifier() or keyword.iskeyword(name) or name.startswith("_built") for name in names):
        raise InvalidArgumentError(
            f"{cls.__name__} has a field name that is not an identifier or is reserved (_built...)"
        )
    namespace: dict[str, object] = {"_new": object.__new__, "_cls": cls}
    twin = _open_twin(cls, names)
    # The value being built has a name no field can take (a field may well be called "value").
    lines = [f"def build({', '.join(names)}):"]
    if twin is not None:
        namespace["_twin"] = twin
        lines.append("    _built = _new(_twin)")
        lines += [f"    _built.{name} = {name}" for name in names]
        lines.append("    _built.__class__ = _cls")
    else:
        for name in names:
            # A field inherited from a slotted base class has its slot in that class.
            owner = next(klass for klass in cls.__mro__ if name in klass.__dict__)
            namespace[f"_set_{name}"] = owner.__dict__[name].__set__
        lines.append("    _built = _new(_cls)")
        lines += [f"    _set_{name}(_built, {name})" for name in names]
    lines.append("    return _built")
    # The source is built from the dataclass's own field names alone (checked above).
    exec("\n".join(lines), namespace)
    build = namespace["build"]
    assert isinstance(build, types.FunctionType)
    build.__doc__ = f"Build a {cls.__name__} from its fields {', '.join(names)}, skipping __init__."
    build.__qualname__ = f"fast_constructor({cls.__name__})"
    result: Callable[..., T] = build
    return result


def _open_twin(cls: type[object], names: tuple[str, ...]) -> type[object] | None:
    """A class laid out as ``cls`` (its bases, its slots) with the plain ``__setattr__``, or ``None``.

    ``None`` when a field's slot is not ``cls``'s own, when a base sets
    attributes its own way, or when Python refuses to turn a twin into a
    ``cls`` (tried once, on an empty instance).
    """
    slots = cls.__dict__.get("__slots__")
    if not isinstance(slots, tuple) or not set(names) <= set(slots):
        return None
    twin = type(f"_Open{cls.__name__}", cls.__bases__, {"__slots__": slots, "__module__": cls.__module__})
    if any("__setattr__" in vars(base) for base in twin.__mro__[1:-1]):  # a base between it and object
        return None
    probe: object = object.__new__(twin)
    try:
        probe.__class__ = cls
    except TypeError:
        return None
    return twin


def reduce_to_init_fields(value: object) -> tuple[type[object], tuple[object, ...]]:
    """A ``__reduce__`` for a frozen dataclass whose other fields are derived from its init fields.

    Pickling (and ``copy``) then keeps only the fields ``__init__`` takes, in
    order; the class's ``__post_init__`` rebuilds the derived ones (tables
    worked out once, caches) on loading, so they never travel with the value.
    A class sets ``__reduce__ = reduce_to_init_fields``.

    >>> import copy
    >>> from dataclasses import dataclass, field
    >>> @dataclass(frozen=True, slots=True)
    ... class Squares:
    ...     n: int
    ...     table: tuple[int, ...] = field(init=False, repr=False, compare=False)
    ...     def __post_init__(self) -> None:
    ...         object.__setattr__(self, "table", tuple(i * i for i in range(self.n)))
    ...     __reduce__ = reduce_to_init_fields
    >>> Squares(3).__reduce__()[1], copy.copy(Squares(3)).table
    ((3,), (0, 1, 4))
    """
    cls = type(value)
    names = tuple(item.name for item in dataclasses.fields(cls) if item.init)  # type: ignore[arg-type]
    return cls, tuple(getattr(value, name) for name in names)


def pretty_as_repr(value: object, printer: Any, cycle: bool) -> None:
    """A ``_repr_pretty_`` that prints ``repr(value)``, for frozen values with a short repr of their own.

    Hypothesis and IPython print a dataclass field by field, which for a game
    state means its whole history; a class that sets ``_repr_pretty_ =
    pretty_as_repr`` is printed by its own one-line repr instead.
    """
    printer.text(repr(value))
