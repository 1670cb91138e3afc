"""Backstab Fish in every state of play: the cards are conserved, ranks come in fours, an ask is legal.

Inductive invariants of :data:`~proofs.backstab_fish.model.TURN_SYSTEM`.
backstab_fish/card-conservation proves backstab_fish.invariant.card-conservation,
backstab_fish.answer.give, backstab_fish.answer.go-fish,
backstab_fish.refill.seven and backstab_fish.setup.deal;
backstab_fish/rank-multiples proves backstab_fish.invariant.rank-multiples,
backstab_fish.sets.lay-down and backstab_fish.end.sole-holder;
backstab_fish/legal-set-nonempty proves backstab_fish.invariant.legal-set-nonempty,
backstab_fish.invariant.empty-hand-empty-stock, backstab_fish.turn.skip-empty
and backstab_fish.ask.target.
"""

from __future__ import annotations

from typing import Final

from proofs.backstab_fish.model import (
    CONSERVATION_PARTS,
    MULTIPLE_PARTS,
    PLAY_PARTS,
    SEATS,
    SET,
    ask_is_legal,
    seat_total,
    seat_var,
    turn_system,
)
from proofs.claims import Family
from proofs.induction import SymState, inductive_member
from proofs.z3facade import Bool, Int, all_of, any_of, int_val, int_var, ite

__all__ = ["CONSERVATION", "LEGAL_ASK", "RANK_MULTIPLES"]


def _seat_value(s: SymState, name: str, seat: Int) -> Int:
    value: Int = s[seat_var(name, SEATS[-1])]
    for j in reversed(SEATS[:-1]):
        value = ite(seat.eq(j), s[seat_var(name, j)], value)
    return value


def _ask_as_written(s: SymState, target: Int, tracked: Int, asked: Int) -> Bool:
    """An ask the specification allows, stated here from its words and not read from the model.

    backstab_fish.ask.target: T is another player, holding a card unless
    ``empty_target=allowed``; ask.rank: P holds a card of the rank asked
    (``tracked`` 1 for the tracked rank, 0 for another); ask.count: 1 to C_r,
    at most 8 for a rank the model does not track.
    """
    player = s["turn"]
    hand, size = _seat_value(s, "hand", player), _seat_value(s, "size", player)
    return all_of(
        (
            target >= 0,
            target < s["players"],
            target.ne(player),
            s["empty_ok"].eq(1) | (_seat_value(s, "size", target) >= 1),
            tracked.eq(1).implies((hand >= 1) & (asked <= s["copies"])),
            tracked.eq(0).implies(size - hand >= 1),
            tracked.eq(0) | tracked.eq(1),
            asked >= 1,
            asked <= 8,
        )
    )


def _legal_ask_exists(s: SymState) -> Bool:
    """backstab_fish.invariant.legal-set-nonempty: while play goes on, (T, r, 1) is legal for some T.

    And every ask the model allows is one the specification allows, so a model
    that lets a player ask for a rank not held (or of a player not at the
    table) is refuted, not taken as one more legal ask.
    """
    asks = [ask_is_legal(s, int_val(j), int_val(tracked), int_val(1)) for j in SEATS for tracked in (0, 1)]
    target, tracked, asked = (
        int_var("some ask's target"),
        int_var("some ask's rank"),
        int_var("some ask's count"),
    )
    only_as_written = ask_is_legal(s, target, tracked, asked).implies(
        _ask_as_written(s, target, tracked, asked)
    )
    return s["over"].eq(0).implies(any_of(asks) & only_as_written)


def _multiples(s: SymState) -> Bool:
    """backstab_fish.invariant.rank-multiples, and the sole holder's hand splitting into sets."""
    outside = seat_total(s, "hand") + s["stock_r"]
    sole = [
        (s["stock"].eq(0) & all_of(s[seat_var("size", i)].eq(0) for i in SEATS if i != j)).implies(
            s[seat_var("hand", j)].mod(SET).eq(0)
        )
        for j in SEATS
    ]
    return all_of((outside.mod(SET).eq(0), *sole))


_CONSERVATION: Final = Family(
    (
        "backstab_fish.invariant.card-conservation",
        "backstab_fish.answer.give",
        "backstab_fish.answer.go-fish",
        "backstab_fish.refill.seven",
        "backstab_fish.setup.deal",
    )
)

CONSERVATION: Final = inductive_member(
    _CONSERVATION,
    "backstab_fish/card-conservation",
    "From any deal of any deck to 4-10 players, under every option, every turn (ask, answer, "
    "lay-down, refills, end check) keeps the hands, the stock and the laid sets at D cards together, "
    "and the copies of each rank at C_r.",
    turn_system(parts=CONSERVATION_PARTS),
    wrong=inductive_member(
        _CONSERVATION,
        "backstab_fish/card-conservation-draw-stays-in-stock",
        "The same, when the card drawn on go fish is not taken off the stock.",
        turn_system(bug="draw-keeps-stock", parts=CONSERVATION_PARTS),
    ),
)

_MULTIPLES: Final = Family(
    (
        "backstab_fish.invariant.rank-multiples",
        "backstab_fish.sets.lay-down",
        "backstab_fish.end.sole-holder",
    )
)

RANK_MULTIPLES: Final = inductive_member(
    _MULTIPLES,
    "backstab_fish/rank-multiples",
    "In every reachable state the cards of a rank outside laid sets number a multiple of 4, "
    "and with an empty stock a sole holder's count of every rank is a multiple of 4.",
    turn_system(goal=_multiples, parts=MULTIPLE_PARTS),
    wrong=inductive_member(
        _MULTIPLES,
        "backstab_fish/rank-multiples-whole-rank-sets",
        "The same, when a laid 'set' takes every card of its rank the player holds (five or more).",
        turn_system(bug="lay-whole-rank", goal=_multiples, parts=MULTIPLE_PARTS),
    ),
)

_ASK: Final = Family(
    (
        "backstab_fish.invariant.legal-set-nonempty",
        "backstab_fish.invariant.empty-hand-empty-stock",
        "backstab_fish.turn.skip-empty",
        "backstab_fish.ask.target",
    )
)

LEGAL_ASK: Final = inductive_member(
    _ASK,
    "backstab_fish/legal-set-nonempty",
    "In every reachable state where the game is not over, the player to act holds a card and "
    "some other player can be asked for one card of a rank they hold.",
    turn_system(goal=_legal_ask_exists, parts=PLAY_PARTS),
    wrong=inductive_member(
        _ASK,
        "backstab_fish/legal-set-nonempty-without-sole-holder-end",
        "The same, when the game ends only once every hand and the stock are empty (no sole-holder end).",
        turn_system(bug="no-sole-holder", goal=_legal_ask_exists, parts=PLAY_PARTS),
    ),
)
