"""Fast construction of frozen, slotted dataclass values.

A frozen dataclass's ``__init__`` assigns each field through
``object.__setattr__``, which costs a lookup per field; the engines build a new
state on every action, millions of times. :func:`fast_constructor` makes a
function that builds the same value in a fraction of the time: it writes the
slots of a twin class (the same base and slots, without the frozen
``__setattr__``) as plain attributes and then gives the value its class, or,
for a class with no such twin (a frozen base, a metaclass), writes each slot
through its descriptor. The value it builds is equal to, hashes like and is as
immutable as the one the class's own constructor builds; only
``__post_init__`` (and defaults) are skipped, so the caller passes every field,
already valid.

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
from typing import Any, Final, TypeVar

from cardrules.errors import InvalidArgumentError

__all__ = ["fast_constructor", "pretty_as_repr", "reduce_to_init_fields"]

T = TypeVar("T")

_RESERVED: Final = ("_built", "_new", "_cls", "_twin", "_set_")
"""The beginnings of the names the built function uses itself, which no field may take."""


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
    if any(
        not name.isidentifier() or keyword.iskeyword(name) or name.startswith(_RESERVED) for name in names
    ):
        raise InvalidArgumentError(
            f"{cls.__name__} has a field name that is not an identifier or is reserved "
            f"({', '.join(prefix + '...' for prefix in _RESERVED)})"
        )
    twin = _writable_twin(cls, names)
    if twin is not None:
        build = _compile(cls, names, {"_new": object.__new__, "_cls": cls, "_twin": twin}, by_twin=True)
        if _builds(build, cls, names):
            return build
    namespace: dict[str, object] = {"_new": object.__new__, "_cls": cls}
    for name in names:
        # A field inherited from a slotted base class has its slot in that class.
        owner = next(klass for klass in cls.__mro__ if name in klass.__dict__)
        namespace[f"_set_{name}"] = owner.__dict__[name].__set__
    return _compile(cls, names, namespace, by_twin=False)


def _writable_twin(cls: type[object], names: tuple[str, ...]) -> type[object] | None:
    """A plain class with the same base and slots as ``cls``, whose instances take attribute writes.

    ``None`` when ``cls`` has a metaclass, a base that intercepts writes (a
    frozen dataclass base) or makes its instances itself (its own ``__new__``
    or ``__init__``), or fields whose slots are not its own: those are built
    through the slot descriptors instead.
    """
    slots = cls.__dict__["__slots__"]
    base = cls.__base__
    if (
        type(cls) is not type
        or isinstance(slots, str)
        or tuple(slots) != names
        or base is None
        or any(
            name in klass.__dict__
            for klass in base.__mro__
            if klass is not object
            for name in ("__setattr__", "__new__", "__init__")
        )
    ):
        return None
    try:
        return type(f"_{cls.__name__}Draft", (base,), {"__slots__": slots, "__module__": cls.__module__})
    except TypeError:  # pragma: no cover - a base that refuses such a subclass
        return None


def _compile(
    cls: type[object], names: tuple[str, ...], namespace: dict[str, object], *, by_twin: bool
) -> Callable[..., Any]:
    """The ``build`` function: write each slot, through the twin class or through the slot descriptors.

    Through the twin, the value is made as a twin instance, its slots written
    as plain attributes (the twin has no frozen ``__setattr__``), and then
    given its class, ``cls``, which has the same layout: about half the time
    of calling each slot's descriptor. Either way the result is a ``cls``
    whose every field is set, as frozen as one ``cls(...)`` makes.
    """
    # The value being built has a name no field can take (a field may well be called "value").
    if by_twin:
        lines = [f"def build({', '.join(names)}):", "    _built = _twin()"]  # object's __new__ and __init__
        lines += [f"    _built.{name} = {name}" for name in names]
        lines.append("    _built.__class__ = _cls")
    else:
        lines = [f"def build({', '.join(names)}):", "    _built = _new(_cls)"]
        lines += [f"    _set_{name}(_built, {name})" for name in names]
    lines.append("    return _built")
    # The source is built from the dataclass's own field names alone (checked by the caller).
    exec("\n".join(lines), namespace)
    build = namespace["build"]
    assert isinstance(build, types.FunctionType)
    build.__doc__ = f"Build a {cls.__name__} from its fields {', '.join(names)}, skipping __init__."
    build.__qualname__ = f"fast_constructor({cls.__name__})"
    return build


def _builds(build: Callable[..., Any], cls: type[object], names: tuple[str, ...]) -> bool:
    """Whether ``build`` makes a ``cls`` holding the values it is given (tried once, on placeholders)."""
    marks = [object() for _ in names]
    try:
        value = build(*marks)
    except TypeError:  # pragma: no cover - a layout the interpreter will not swap classes between
        return False
    return type(value) is cls and all(
        getattr(value, name) is mark for name, mark in zip(names, marks, strict=True)
    )


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
