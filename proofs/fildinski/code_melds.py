"""The meld step's conditions on one meld, proved over the engine's code for every input.

fildinski/code-meld-conditions proves fildinski.meld.fresh-card,
fildinski.meld.same-kind-once and fildinski.meld.class-order over
:func:`cardrules.games.fildinski.meld_conditions.step_conditions`, the one
function the meld step's verdict and the position reader ask whether a meld
keeps them. It runs on a symbolic meld (any of the 2^64 - 1 non-empty id
sets: a meld of any kind holds cards), symbolic
fresh cards and, for each of the nine meld kinds, a symbolic set of the ids
that have served in a meld of that kind this deal. The kind and the option
``meld_needs_trick_card`` are split into their 18 combinations, one
obligation each.

Method: the function's own lines run on z3 bit-vectors
(:mod:`proofs.symbolic_int`, masks as :class:`~proofs.symbolic.Symbolic`),
on a small value that has the attributes a
:class:`~cardrules.games.fildinski.meld_conditions.MeldView` has. The
used sets are given in the order of the specification's meld table
(:data:`proofs.fildinski.model.MELD_VALUES`), so a kind whose table order
differs from the specification's reads the wrong set and the proof fails.
Whether the cards fit the kind at all (fildinski.meld.kinds) is
fildinski/code-melds's.

What is stated, from the specification's text and never from the engine:

- fresh-card: the meld shares an id with the fresh cards, unless
  ``meld_needs_trick_card`` is false;
- same-kind-once: the meld shares no id with the earlier melds of its kind;
- class-order: a royal marriage shares no id with an earlier trump sequence,
  a bezique none with an earlier double bezique; no other kind is barred.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType, SimpleNamespace
from typing import Final

import cardrules.games.fildinski.meld_conditions as engine
from cardrules.games.fildinski.melds import MeldKind
from cardrules.games.fildinski.options import FildinskiOptions
from proofs.claims import Family, Obligation
from proofs.fildinski.model import MELD_VALUES
from proofs.symbolic_int import int_paths
from proofs.z3facade import Bool, Model, all_of, bool_val, bv_var

__all__ = ["MELD_CONDITIONS_CODE"]

_IDS: Final = 64
"""The width of a set of Fildinski ids."""

_SPEC_KINDS: Final[tuple[str, ...]] = tuple(MELD_VALUES)
"""The meld kinds in the order of the specification's meld table."""

_MELD: Final = bv_var("code meld cards", _IDS)
_FRESH: Final = bv_var("code meld fresh cards", _IDS)
_USED: Final = tuple(bv_var(f"code meld used by {name}", _IDS) for name in _SPEC_KINDS)

_OUTRANKED_BY: Final[Mapping[str, str]] = MappingProxyType(
    {"royal marriage": "trump sequence", "bezique": "double bezique"}
)
"""fildinski.meld.class-order, as the specification words it: each barred kind and the higher meld."""

_EVERY_EARLIER_MELD: Final[Mapping[str, tuple[str, ...]]] = MappingProxyType(
    {name: _SPEC_KINDS for name in _SPEC_KINDS}
)
"""A misreading: a card of any scored meld never melds again, whatever the kinds."""

Barred = Mapping[str, tuple[str, ...]]
"""For each kind, the kinds whose earlier melds' cards it may not use."""

_SPEC_BARRED: Final[Barred] = MappingProxyType(
    {name: (name, _OUTRANKED_BY[name]) if name in _OUTRANKED_BY else (name,) for name in _SPEC_KINDS}
)
"""The specification: a kind's own earlier melds (same-kind-once) and its higher meld (class-order)."""


@dataclass(frozen=True, slots=True)
class _View:
    """The attributes the meld conditions read, with symbolic masks where the proof wants every value."""

    deal: object
    won: tuple[int, int]
    fresh: object
    used: tuple[object, ...]


def _deal(needs_fresh: bool) -> object:
    """A deal whose options have ``meld_needs_trick_card`` as given (the conditions read nothing else)."""
    return SimpleNamespace(plan=SimpleNamespace(options=FildinskiOptions(meld_needs_trick_card=needs_fresh)))


def _engine_kind(name: str) -> MeldKind:
    """The engine's kind for a name of the specification's table (its common marriage is ``marriage``)."""
    label = "marriage" if name == "common marriage" else name
    (kind,) = (kind for kind in MeldKind if kind.label == label)
    return kind


def _step_conditions(
    kind: MeldKind, needs_fresh: bool, mask: object, fresh: object, used: tuple[object, ...]
) -> object:
    view = _View(_deal(needs_fresh), (0, 0), fresh, used)
    return engine.step_conditions(view, kind, mask)  # type: ignore[arg-type]


def _stated(name: str, needs_fresh: bool, barred: Barred) -> tuple[Bool, ...]:
    """Whether the meld keeps the fresh-card rule, same-kind-once and class-order, as stated."""
    used = dict(zip(_SPEC_KINDS, _USED, strict=True))
    fresh = (_MELD & _FRESH).ne(0) if needs_fresh else bool_val(True)
    in_order = all_of((_MELD & used[other]).eq(0) for other in barred[name] if other != name)
    return fresh, (_MELD & used[name]).eq(0), in_order


def _agrees(kind: MeldKind, needs_fresh: bool, stated: tuple[Bool, ...]) -> Bool:
    """On every path of step_conditions the three answers are the stated ones."""

    def run(mask: object, fresh: object, used: tuple[object, ...]) -> object:
        return _step_conditions(kind, needs_fresh, mask, fresh, used)

    found = []
    for path in int_paths(run, (_MELD, _FRESH, _USED)):
        result = path.result
        if not isinstance(result, tuple) or len(result) != len(stated):
            raise TypeError(f"step_conditions returned {result!r}, not three answers")
        answers = all_of(s if r else ~s for r, s in zip(result, stated, strict=True))
        found.append((_MELD.ne(0) & path.condition).implies(answers))  # a meld holds cards
    return all_of(found)


def _describe(name: str, needs_fresh: bool) -> Callable[[Model], str]:
    def describe(model: Model) -> str:
        mask, fresh = model.bv_value(_MELD), model.bv_value(_FRESH)
        used = tuple(model.bv_value(v) for v in _USED)
        got = _step_conditions(_engine_kind(name), needs_fresh, mask, fresh, used)
        shown = ", ".join(f"{n} {u:#x}" for n, u in zip(_SPEC_KINDS, used, strict=True) if u)
        return "\n".join(
            (
                f"a {name} on ids {mask:#x}; fresh cards {fresh:#x}; meld_needs_trick_card {needs_fresh}",
                f"used before: {shown or 'none'}",
                f"step_conditions (fresh card, same kind once, class order): {got}",
            )
        )

    return describe


def _obligations(barred: Barred) -> tuple[Obligation, ...]:
    found = []
    for name in _SPEC_KINDS:
        kind = _engine_kind(name)
        for needs_fresh in (True, False):
            holds = _agrees(kind, needs_fresh, _stated(name, needs_fresh, barred))
            label = f"{name}, meld_needs_trick_card {str(needs_fresh).lower()}"
            found.append(Obligation(label, holds, _describe(name, needs_fresh)))
    return tuple(found)


_CONDITIONS: Final = Family(
    ("fildinski.meld.fresh-card", "fildinski.meld.same-kind-once", "fildinski.meld.class-order")
)

MELD_CONDITIONS_CODE: Final = _CONDITIONS.claim(
    "fildinski/code-meld-conditions",
    "The engine's step_conditions, run on a symbolic meld, symbolic fresh cards and a symbolic set of used "
    "cards per meld kind, for every kind and both meld_needs_trick_card values: a meld keeps the fresh-card "
    "rule when it holds a fresh card (or the option drops the rule), same-kind-once when it shares no card "
    "with an earlier meld of its kind, and class-order when a royal marriage shares none with an earlier "
    "trump sequence and a bezique none with an earlier double bezique.",
    lambda: _obligations(_SPEC_BARRED),
    wrong=_CONDITIONS.claim(
        "fildinski/code-meld-conditions-any-earlier-meld",
        "The same, against a reading where a card of any scored meld, of whatever kind, never melds again.",
        lambda: _obligations(_EVERY_EARLIER_MELD),
    ),
)
