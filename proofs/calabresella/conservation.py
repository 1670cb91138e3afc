"""Calabresella's card conservation over a whole hand, as an inductive invariant.

calabresella/card-conservation proves calabresella.deck.composition,
calabresella.deal.packets, calabresella.deal.monte,
calabresella.procedure.phases, calabresella.exchange.handover,
calabresella.exchange.called-in-monte, calabresella.exchange.take-monte,
calabresella.exchange.return, calabresella.exchange.discard,
calabresella.exchange.solissimo, calabresella.exchange.dividete,
calabresella.exchange.scegliete, calabresella.play.turn,
calabresella.play.tricks and calabresella.scoring.monte for every deck
order, every card moved and every trick winner.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Final

from proofs.calabresella.hand import HAND_SYSTEM, PART_SIZES, hand_system
from proofs.claims import Family, Obligation
from proofs.induction import Move, Part, SymState, TransitionSystem
from proofs.z3facade import Bool, Engine, Model, all_of, any_of, substitute

__all__ = ["CARD_CONSERVATION"]


_CONSERVATION_IDS: Final = (
    "calabresella.deck.composition",
    "calabresella.deal.packets",
    "calabresella.deal.monte",
    "calabresella.procedure.phases",
    "calabresella.exchange.handover",
    "calabresella.exchange.called-in-monte",
    "calabresella.exchange.take-monte",
    "calabresella.exchange.return",
    "calabresella.exchange.discard",
    "calabresella.exchange.solissimo",
    "calabresella.exchange.dividete",
    "calabresella.exchange.scegliete",
    "calabresella.play.turn",
    "calabresella.play.tricks",
    "calabresella.scoring.monte",
)


def _hand_obligations(name: str, system: TransitionSystem) -> tuple[Obligation, ...]:
    """The obligations of :func:`proofs.claims.inductive_claim`, with cases only where counting needs them.

    The same four kinds (base case, each move's cases cover its guard, each
    part preserved by each move, the goal), but a move's cases are used only
    for the part that counts cards (:data:`PART_SIZES`): the other parts are
    proved once for a symbolic card, which z3 does faster than forty times
    for a constant one.
    """
    parts, show = system.invariant, system.show_state
    initial = SymState.fresh(f"{name}:init", system.variables)
    before = SymState.fresh(f"{name}:before", system.variables)
    choice = SymState.fresh(f"{name}:input", system.inputs)
    anywhere = SymState.fresh(f"{name}:state", system.variables)

    def holds(chosen: tuple[Part, ...], state: SymState) -> Bool:
        return all_of(part.holds(state) for part in chosen)

    def broken(state: SymState, model: Model) -> str:
        names = [part.name for part in parts if not model.bool_value(part.holds(state))]
        return f"the invariant ({'; '.join(names)})" if names else "the invariant"

    def describe_base(model: Model) -> str:
        return f"the initial state {show(initial.values(model))} breaks {broken(initial, model)}"

    duties = [Obligation("base case", system.init(initial).implies(holds(parts, initial)), describe_base)]
    for move in system.step(before, choice):
        show_inputs = move.show_inputs or system.show_inputs
        label = f"inductive step ({move.label})"

        def describe_gap(model: Model, show_inputs: Callable[[Mapping[str, int]], str] = show_inputs) -> str:
            return f"no case covers {show_inputs(choice.values(model))} from {show(before.values(model))}"

        if move.cases:
            covered = move.guard.implies(any_of(choice.matches(case) for case in move.cases))
            duties.append(Obligation(f"{label}, its cases", covered, describe_gap))
        for part in parts:
            assumed = tuple(p for p in parts if part.assumes is None or p.name in part.assumes)
            formula = (holds(assumed, before) & move.guard).implies(part.holds(move.after))

            def describe_step(
                model: Model,
                move: Move = move,
                show_inputs: Callable[[Mapping[str, int]], str] = show_inputs,
            ) -> str:
                return (
                    f"from {show(before.values(model))}, which satisfies the parts assumed, "
                    f"{show_inputs(choice.values(model))} leads to {show(move.after.values(model))}, "
                    f"which breaks {broken(move.after, model)}"
                )

            cases = move.cases if part.name == PART_SIZES else ()
            for case in cases or (MappingProxyType({}),):
                fixed = choice.matches(case).implies(substitute(formula, choice.bindings(case)))
                duties.append(Obligation(label, fixed, describe_step))

    def describe_goal(model: Model) -> str:
        return f"{show(anywhere.values(model))} satisfies the invariant but not the claim"

    duties.append(Obligation("goal", holds(parts, anywhere).implies(system.goal(anywhere)), describe_goal))
    return tuple(duties)


_CONSERVATION: Final = Family(_CONSERVATION_IDS, engine=Engine.SMT_CORE)
"""Every obligation has its own printer, so the family's default one is never used."""

CARD_CONSERVATION: Final = _CONSERVATION.claim(
    "calabresella/card-conservation",
    "From any order of the 40 cards, through the deal in packets, any auction outcome, every "
    "exchange of every contract and raise (both return timings), every card played, every trick winner and "
    "the settlement: each card is in exactly one of the pile, the three hands, the monte, the trick and the "
    "two won piles, the sizes sum to 40, each zone has the size its phase gives it (12, 12, 12 and a monte "
    "of 4 before the opening lead), the player to act holds a card, and at settlement the two won piles "
    "are the deck, the bidder's holding 3 cards per trick plus the monte if it won trick 12.",
    lambda: _hand_obligations("calabresella/card-conservation", HAND_SYSTEM),
    wrong=_CONSERVATION.claim(
        "calabresella/card-conservation-called-card-copied",
        "The same when the called card, handed to the bidder, also stays in the giver's hand.",
        lambda: _hand_obligations(
            "calabresella/card-conservation-called-card-copied", hand_system(copy_called=True)
        ),
    ),
)
