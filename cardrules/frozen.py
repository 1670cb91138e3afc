"""Fast construction of frozen, slotted dataclass values.

A frozen dataclass's ``__init__`` assigns each field through
``object.__setattr__``, which costs a lookup per field; the engines build a new
state on every action, millions of times. :func:`fast_constructor` makes a
function that builds the same value several times faster: it fills the slots of
a bare instance of a private twin class (a subclass that adds no slots, so the
same memory layout, but not frozen) with plain attribute stores, then gives
the finished instance its real class. Where a class's layout does not allow
that, it writes each slot through its descriptor instead (about half the time
of ``__init__``). The value it builds is equal to, hashes like and is as
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


def fast_constructor(cls: type[T]) -> Callable[..., T]:
    """A function ``build(*fields)`` that makes a ``cls`` from all its fields, in field order.

    ``cls`` must be a frozen dataclass with ``slots=True`` and no ``__post_init__``
    work the caller relies on. The function's parameters are the field names,
    so it may be called with keywords too. Annotate the result with the exact
    ``Callable`` type at the call site to keep the arguments typed.

    A class compiled by mypyc has no slots to fill from Python, and its own
    compiled ``__init__`` stores each field directly, faster than any builder
    made here: for such a class the function is the class itself, whose
    ``__init__`` must then take every field, in field order (write it out in
    the class so that it compiles; the dataclass's own would not).

    Raises:
        TypeError: ``cls`` is not a slotted frozen dataclass.
    """
    compiled = "__mypyc_attrs__" in cls.__dict__
    if not dataclasses.is_dataclass(cls) or not (compiled or "__slots__" in cls.__dict__):
        raise InvalidArgumentError(f"{cls.__name__} is not a slotted dataclass")
    params = getattr(cls, "__dataclass_params__", None)
    if params is None or not params.frozen:
        raise InvalidArgumentError(f"{cls.__name__} is not a frozen dataclass")
    if compiled:
        return cls
    names = tuple(field.name for field in dataclasses.fields(cls))
    if any(
        not name.isidentifier() or keyword.iskeyword(name) or name.startswith(_RESERVED) for name in names
    ):
        raise InvalidArgumentError(
            f"{cls.__name__} has a field name that is not an identifier or is reserved "
            f"({', '.join(f'{prefix}...' for prefix in _RESERVED)})"
        )
    build = _twin_builder(cls, names) or _slot_builder(cls, names)
    build.__doc__ = f"Build a {cls.__name__} from its fields {', '.join(names)}, skipping __init__."
    build.__qualname__ = f"fast_constructor({cls.__name__})"
    result: Callable[..., T] = build
    return result


_RESERVED: Final = ("_built", "_new", "_cls", "_twin", "_set_")
"""How the names the builders' code uses for itself begin: no field name may begin so."""


def _compile(names: tuple[str, ...], body: list[str], namespace: dict[str, object]) -> types.FunctionType:
    """``def build(<names>): <body>`` compiled in ``namespace``.

    The source is made from the dataclass's own field names alone (checked to be
    identifiers that no builder name can clash with); the value being built has
    a name no field can take (a field may well be called "value").
    """
    exec("\n".join([f"def build({', '.join(names)}):", *body]), namespace)
    build = namespace["build"]
    assert isinstance(build, types.FunctionType)
    return build


def _slot_builder(cls: type[object], names: tuple[str, ...]) -> types.FunctionType:
    """A builder that writes each slot of a bare ``cls`` instance through the slot's descriptor."""
    namespace: dict[str, object] = {"_new": object.__new__, "_cls": cls}
    for name in names:
        # A field inherited from a slotted base class has its slot in that class.
        owner = next(klass for klass in cls.__mro__ if name in klass.__dict__)
        namespace[f"_set_{name}"] = owner.__dict__[name].__set__
    body = [
        "    _built = _new(_cls)",
        *(f"    _set_{name}(_built, {name})" for name in names),
        "    return _built",
    ]
    return _compile(names, body, namespace)


def _twin_builder(cls: type[object], names: tuple[str, ...]) -> types.FunctionType | None:
    """A builder that fills a bare instance of a non-frozen twin of ``cls``, then makes it a ``cls``.

    The twin is a subclass of ``cls`` that adds no slots and sets attributes as
    ``object`` does, so the fields' stores are plain slot stores and Python lets
    an instance change class between the two; since both share ``cls``'s layout,
    the change of class does not compare the two classes' slots name by name
    (as it must for twins that are siblings). The twin never leaves the
    builder. ``None`` when ``cls`` takes no subclass or Python does not let the
    instance change class: the caller falls back to :func:`_slot_builder`.
    """
    try:
        spec: dict[str, object] = {"__slots__": ()}
        spec.update(__setattr__=object.__setattr__, __delattr__=object.__delattr__)
        # Calling a twin whose classes leave __new__ to object (and a plain metaclass) makes the same bare
        # instance as object.__new__(twin), in fewer steps, once the twin's __init__ is object's (not the
        # dataclass's); any other twin is made by object.__new__.
        called = type(cls) is type and not any("__new__" in klass.__dict__ for klass in cls.__mro__[:-1])
        if called:
            spec["__init__"] = object.__init__
        twin = type(f"_{cls.__name__}Twin", (cls,), spec)
        namespace: dict[str, object] = {"_new": object.__new__, "_twin": twin, "_cls": cls}
        bare = "_twin()" if called else "_new(_twin)"
        body = [f"    _built = {bare}", *(f"    _built.{name} = {name}" for name in names)]
        body += ["    _built.__class__ = _cls", "    return _built"]
        build = _compile(names, body, namespace)
        probe = build(*(None for _ in names))
    except (TypeError, AttributeError):  # no subclass, or the class cannot be changed
        return None
    return build if type(probe) is cls and all(getattr(probe, name) is None for name in names) else None


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
