"""Inductive invariants of small transition systems, stated as claims.

:func:`inductive_claim` states that a candidate invariant of a
:class:`TransitionSystem` is inductive and implies a goal
(``init => inv``, ``inv and step => inv'``, ``inv => goal``), as one claim
made of several obligations. The state variables are integers or bit-vectors
(sets of cards), and a step may be split into cases (one per card played,
say) when z3 needs that help.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType

from proofs.claims import Claim, Family, Obligation
from proofs.z3facade import (
    Binding,
    BitVec,
    Bool,
    Engine,
    Int,
    Model,
    all_of,
    any_of,
    bv_var,
    int_var,
    substitute,
)

__all__ = [
    "Move",
    "Part",
    "SymState",
    "TransitionSystem",
    "Var",
    "inductive_claim",
    "inductive_member",
    "ints",
]


@dataclass(frozen=True, slots=True)
class Var:
    """A variable of a transition system: an integer, or a ``width``-bit vector."""

    name: str
    width: int | None = None


def ints(*names: str) -> tuple[Var, ...]:
    """Integer variables with these names."""
    return tuple(Var(name) for name in names)


@dataclass(frozen=True, slots=True, eq=False)
class SymState:
    """A state of a transition system (or the choices a step makes): a term for each variable.

    ``state["t"]`` is an integer variable's term and ``state.bv("hand")`` a
    bit-vector's. A state built by :meth:`fresh` holds variables; the state
    after a step holds expressions over the state before it.
    """

    terms: Mapping[str, Int | BitVec]

    @classmethod
    def fresh(cls, prefix: str, variables: Sequence[Var]) -> SymState:
        """Fresh variables, named ``<prefix>.<name>``."""
        terms: dict[str, Int | BitVec] = {}
        for var in variables:
            name = f"{prefix}.{var.name}"
            terms[var.name] = int_var(name) if var.width is None else bv_var(name, var.width)
        return cls(MappingProxyType(terms))

    def _term(self, name: str) -> Int | BitVec:
        if name not in self.terms:
            raise KeyError(f"{name!r} is not a variable here; they are {', '.join(self.terms)}")
        return self.terms[name]

    def __getitem__(self, name: str) -> Int:
        term = self._term(name)
        if not isinstance(term, Int):
            raise TypeError(f"{name!r} is a bit-vector: use .bv({name!r})")
        return term

    def bv(self, name: str) -> BitVec:
        """The term of a bit-vector variable."""
        term = self._term(name)
        if not isinstance(term, BitVec):
            raise TypeError(f"{name!r} is an integer: use [{name!r}]")
        return term

    def updated(self, changes: Mapping[str, Int | BitVec]) -> SymState:
        """This state with some terms replaced (each by a term of the same sort)."""
        terms = dict(self.terms)
        for name, term in changes.items():
            old = self._term(name)
            if type(old) is not type(term) or (
                isinstance(old, BitVec) and isinstance(term, BitVec) and old.width != term.width
            ):
                raise TypeError(f"{name!r} cannot change sort in a step")
            terms[name] = term
        return SymState(MappingProxyType(terms))

    def values(self, model: Model) -> dict[str, int]:
        """Each term's value in ``model``."""
        return {
            name: model.int_value(term) if isinstance(term, Int) else model.bv_value(term)
            for name, term in self.terms.items()
        }

    def bindings(self, values: Mapping[str, int]) -> list[Binding]:
        """Pairs for :func:`~proofs.z3facade.substitute`: these variables, these values."""
        pairs: list[Binding] = []
        for name, value in values.items():
            term = self._term(name)
            # Two branches so that each pair has one of Binding's precise types.
            if isinstance(term, Int):
                pairs.append((term, value))
            else:
                pairs.append((term, value))
        return pairs

    def matches(self, values: Mapping[str, int]) -> Bool:
        """The variables named in ``values`` have those values."""
        return all_of(self._term(name).eq(value) for name, value in values.items())


@dataclass(frozen=True, slots=True, eq=False)
class Move:
    """One kind of step a system can take from a state.

    Attributes:
        label: what happens, for counterexamples (``"a card is played"``).
        guard: when the move is allowed (over the state before and the inputs).
        after: the state after it, as terms over the state before and the inputs.
        cases: values of some inputs that, between them, cover every input the
            guard allows. When given, each inductive obligation of the move is
            proved once per case with those inputs fixed (and that the cases
            cover the guard is proved too); z3 then works with constants, which
            it needs for counting the cards of a set. A part with
            ``by_cases=False`` is proved once, for symbolic inputs.
        show_inputs: how this move's choices read in a counterexample.
    """

    label: str
    guard: Bool
    after: SymState
    cases: tuple[Mapping[str, int], ...] = ()
    show_inputs: Callable[[Mapping[str, int]], str] | None = None
    """How this move's choices read in a counterexample; ``None`` uses the system's."""


@dataclass(frozen=True, slots=True)
class Part:
    """One named part of an invariant.

    The invariant is the conjunction of its parts. Each part gets its own step
    obligations, which keeps every query small and names the part a
    counterexample breaks. They assume the whole invariant before the step,
    or only the parts named in :attr:`assumes`.
    """

    name: str
    holds: Callable[[SymState], Bool]
    assumes: tuple[str, ...] | None = None
    """The parts its step obligations assume (itself included); ``None``, the whole invariant.

    Assuming less is a stronger requirement, so it is sound, and it can keep
    z3 from dragging in facts the part does not need (card counts, say)."""
    by_cases: bool = True
    """Whether its step obligations are split into each move's cases (see :attr:`Move.cases`).

    Counting the cards of a set needs the cases; a part that counts nothing is
    proved faster once, for symbolic inputs."""


@dataclass(frozen=True, slots=True)
class TransitionSystem:
    """A small system for inductive proofs.

    Attributes:
        variables: the state variables.
        inputs: the choices a step makes (a card played, a trick's winner, a deal's result).
        init: the initial states.
        step: ``step(before, inputs)``: the moves possible from ``before``.
        invariant: the parts of the candidate inductive invariant.
        goal: what the invariant must imply.
        show_state: a state as text.
        show_inputs: a step's choices as text.
    """

    variables: tuple[Var, ...]
    inputs: tuple[Var, ...]
    init: Callable[[SymState], Bool]
    step: Callable[[SymState, SymState], tuple[Move, ...]]
    invariant: tuple[Part, ...]
    goal: Callable[[SymState], Bool]
    show_state: Callable[[Mapping[str, int]], str]
    show_inputs: Callable[[Mapping[str, int]], str]


_Show = Callable[[Mapping[str, int]], str]


def _holds(parts: Sequence[Part], state: SymState) -> Bool:
    return all_of(part.holds(state) for part in parts)


def _broken(parts: Sequence[Part], state: SymState, model: Model) -> str:
    names = [part.name for part in parts if not model.bool_value(part.holds(state))]
    return f"the invariant ({'; '.join(names)})" if names else "the invariant"


def _system_obligations(name: str, system: TransitionSystem) -> tuple[Obligation, ...]:
    parts, show = system.invariant, system.show_state
    initial = SymState.fresh(f"{name}:init", system.variables)
    before = SymState.fresh(f"{name}:before", system.variables)
    choice = SymState.fresh(f"{name}:input", system.inputs)
    anywhere = SymState.fresh(f"{name}:state", system.variables)

    def describe_base(model: Model) -> str:
        return (
            f"the initial state {show(initial.values(model))} breaks the invariant "
            f"({_broken(parts, initial, model)})"
        )

    duties = [Obligation("base case", system.init(initial).implies(_holds(parts, initial)), describe_base)]
    names = {part.name for part in parts}
    for part in parts:
        unknown = set(part.assumes or ()) - names
        if unknown or (part.assumes is not None and part.name not in part.assumes):
            raise ValueError(
                f"part {part.name!r} of {name} must assume itself and only parts of the invariant"
            )
    for move in system.step(before, choice):
        show_inputs = move.show_inputs or system.show_inputs

        def describe_gap(model: Model, show_inputs: _Show = show_inputs) -> str:
            return f"no case covers {show_inputs(choice.values(model))} from {show(before.values(model))}"

        label = f"inductive step ({move.label})"
        if move.cases:
            covered = move.guard.implies(any_of(choice.matches(case) for case in move.cases))
            duties.append(Obligation(f"{label}, its cases", covered, describe_gap))
        for part in parts:
            assumed = tuple(p for p in parts if part.assumes is None or p.name in part.assumes)
            formula = (_holds(assumed, before) & move.guard).implies(part.holds(move.after))

            def describe_step(
                model: Model,
                move: Move = move,
                assumed: tuple[Part, ...] = assumed,
                show_inputs: _Show = show_inputs,
            ) -> str:
                which = "the invariant" if len(assumed) == len(parts) else "; ".join(p.name for p in assumed)
                return (
                    f"from {show(before.values(model))}, which satisfies {which}, "
                    f"{show_inputs(choice.values(model))} leads to {show(move.after.values(model))}, "
                    f"which breaks {_broken(parts, move.after, model)}"
                )

            for case in (move.cases if part.by_cases else ()) or (MappingProxyType({}),):
                # Fixing the case's inputs by substitution hands z3 constants; the equation
                # in front keeps their values in the counterexample.
                fixed = choice.matches(case).implies(substitute(formula, choice.bindings(case)))
                duties.append(Obligation(label, fixed, describe_step))

    def describe_goal(model: Model) -> str:
        return f"{show(anywhere.values(model))} satisfies the invariant but not the claim"

    goal = _holds(parts, anywhere).implies(system.goal(anywhere))
    duties.append(Obligation("goal", goal, describe_goal))
    return tuple(duties)


def inductive_claim(
    name: str,
    rule_ids: tuple[str, ...],
    system: TransitionSystem,
    *,
    statement: str = "",
    wrong: Claim | None = None,
    engine: Engine = Engine.DEFAULT,
) -> Claim:
    """The claim that ``system.invariant`` is inductive and implies ``system.goal``.

    Its obligations: every initial state satisfies the invariant; every move
    from a state satisfying it leads to a state satisfying it (part by part,
    case by case); and every state satisfying it satisfies the goal. So the
    goal holds in every reachable state. A counterexample names the obligation
    that fails.
    """

    def build() -> tuple[Obligation, ...]:
        return _system_obligations(name, system)

    # Every obligation has its own printer, so the family's default one is never used.
    return Family(rule_ids, engine=engine).claim(name, statement, build, wrong=wrong)


def inductive_member(
    family: Family, name: str, statement: str, system: TransitionSystem, *, wrong: Claim | None = None
) -> Claim:
    """:func:`inductive_claim` for a member of ``family`` (its rule ids and its solver)."""
    return inductive_claim(
        name, family.rule_ids, system, statement=statement, wrong=wrong, engine=family.engine
    )
