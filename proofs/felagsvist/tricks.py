"""Félagsvist's tricks: who wins one, and how the two sides' trick counts add up.

felagsvist/trick-winner proves felagsvist.trick.winner for every four distinct
cards, round kind and ``nolo_ace`` value; felagsvist/thirteen-tricks proves
felagsvist.invariant.thirteen-tricks as an inductive invariant of the trick
counters.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Final

from cardrules.cards import card_at
from cardrules.notation import format_seat
from proofs.claims import Family
from proofs.felagsvist.model import (
    DEAL_TRICKS,
    HAND_BITS,
    KIND_LABELS,
    KINDS,
    NO_TRUMP,
    SEATS,
    TRUMP_BITS,
    TrickVars,
    card_beats,
    order_label,
    plural,
    show_card,
    show_led,
    trick_vars,
    trick_wins,
)
from proofs.induction import Move, Part, SymState, TransitionSystem, inductive_member, ints
from proofs.z3facade import BitVec, Bool, Model, all_of, bv_val, exactly_one, ite

__all__ = ["THIRTEEN_TRICKS", "TRICK_WINNER"]


def _describe_trick(model: Model) -> str:
    v = trick_vars()
    leader = model.bv_value(v.leader)
    cards = [model.bv_value(card) for card in v.cards]
    trump = model.bv_value(v.trump)
    kind = KINDS[model.bv_value(v.kind)]
    ace = "low" if model.bool_value(v.ace_low) else "high"
    plays = [f"{format_seat((leader + i) % 4)} {show_card(card)}" for i, card in enumerate(cards)]
    trump_text = "none" if trump == NO_TRUMP else show_led(trump)
    winners = [
        f"{format_seat((leader + i) % 4)} ({SEATS[(leader + i) % 4]}) with {show_card(cards[i])}"
        for i, wins in enumerate(trick_wins(v))
        if model.bool_value(wins)
    ]
    written = [
        f"{format_seat((leader + i) % 4)} with {show_card(cards[i])}"
        for i, wins in enumerate(spec_winner(v))
        if model.bool_value(wins)
    ]
    return "\n".join(
        (
            f"trick, in order of play: {', '.join(plays)} (led by {format_seat(leader)})",
            f"a {KIND_LABELS[kind]} deal with nolo_ace={ace}: trump {trump_text}, "
            f"rank order {order_label(model.bv_value(v.table))}",
            f"winner by the model: {'; '.join(winners) or 'no card'}",
            f"winner by the rank order as the specification writes it: {'; '.join(written) or 'no card'}",
        )
    )


def _every_trick(formula: Callable[[TrickVars], Bool]) -> Callable[[], Bool]:
    """The formula for every four distinct cards, round kind, ``nolo_ace`` value and leader."""

    def build() -> Bool:
        v = trick_vars()
        return v.domain.implies(formula(v))

    return build


_WINNER: Final = Family(("felagsvist.trick.winner",), _describe_trick)


# The rank orders as felagsvist.cards.rank-order writes them, lowest first. The goal
# below reads them, not the model's strength tables, so a wrong table is refuted.
_SPEC_ORDER: Final = "23456789TJQKA"
_SPEC_ORDER_ACE_LOW: Final = "A23456789TJQK"


def _spec_place(card: BitVec, order: str) -> BitVec:
    """The card's place (0 lowest) in ``order``, read from its rank letter."""
    place = bv_val(0, 4)
    for index in range(HAND_BITS):
        place = ite(card.eq(index), bv_val(order.index(card_at(index).rank.letter), 4), place)
    return place


def _spec_suit(card: BitVec) -> BitVec:
    """The card's suit, read from the card itself."""
    suit = bv_val(0, TRUMP_BITS)
    for index in range(HAND_BITS):
        suit = ite(card.eq(index), bv_val(int(card_at(index).suit), TRUMP_BITS), suit)
    return suit


def spec_winner(v: TrickVars) -> tuple[Bool, Bool, Bool, Bool]:
    """For each position, whether the specification's words make that card the winner.

    felagsvist.trick.winner: the highest trump if any trump was played, else
    the highest card of the suit led; "highest" by felagsvist.cards.rank-order,
    with the ace below the 2 only in a Nóló deal under ``nolo_ace=low``.
    """
    ace_low = v.ace_low & v.kind.eq(KINDS.index("nolo"))
    places = [ite(ace_low, _spec_place(c, _SPEC_ORDER_ACE_LOW), _spec_place(c, _SPEC_ORDER)) for c in v.cards]
    suits = [_spec_suit(c) for c in v.cards]
    trumps = [v.trump.ne(NO_TRUMP) & suit.eq(v.trump) for suit in suits]
    led = [suit.eq(suits[0]) for suit in suits]
    any_trump = trumps[0] | trumps[1] | trumps[2] | trumps[3]

    def highest(i: int, among: list[Bool]) -> Bool:
        return among[i] & all_of(among[j].implies(places[i].ugt(places[j])) for j in range(4) if j != i)

    wins = [ite(any_trump, highest(i, trumps), highest(i, led)) for i in range(4)]
    return wins[0], wins[1], wins[2], wins[3]


def _unique_winner(v: TrickVars) -> Bool:
    wins = trick_wins(v)
    beats_all = all_of(
        wins[i].implies(all_of(card_beats(v, i, j) for j in range(4) if j != i)) for i in range(4)
    )
    as_specified = all_of(won.iff(spec) for won, spec in zip(wins, spec_winner(v), strict=True))
    return exactly_one(wins) & beats_all & as_specified


TRICK_WINNER: Final = _WINNER.claim(
    "felagsvist/trick-winner",
    "For any four distinct cards, any trump (or none) and either rank order, exactly one card "
    "wins the trick, it beats each of the other three, and it is the card the specification's rank "
    "order (A high to 2, the ace low in Nóló under nolo_ace=low) makes highest.",
    _every_trick(_unique_winner),
    wrong=_WINNER.claim(
        "felagsvist/leader-always-wins",
        "The card led always wins the trick.",
        _every_trick(lambda v: trick_wins(v)[0]),
    ),
)


# -- the trick counters (inductive) ---------------------------------------------------


def _show_tricks(state: Mapping[str, int]) -> str:
    return f"[{plural(state['t'], 'trick')} played: NS {state['ns']}, EW {state['ew']}]"


def _show_trick_winner(choice: Mapping[str, int]) -> str:
    side = choice["winner"]
    return f"{'NS' if side == 0 else 'EW' if side == 1 else f'side {side}'} winning the next trick"


def _tricks_init(s: SymState) -> Bool:
    return s["t"].eq(0) & s["ns"].eq(0) & s["ew"].eq(0)


def _tricks_step(before: SymState, choice: SymState) -> tuple[Move, ...]:
    """felagsvist.trick.winner-leads: each trick adds one to the winning side, and only to it."""
    winner = choice["winner"]
    after = before.updated(
        {"t": before["t"] + 1, "ns": before["ns"] + 1 - winner, "ew": before["ew"] + winner}
    )
    return (Move("a trick is won", (before["t"] < DEAL_TRICKS) & winner.between(0, 1), after),)


def _tricks_invariant(s: SymState) -> Bool:
    return s["t"].between(0, DEAL_TRICKS) & (s["ns"] >= 0) & (s["ew"] >= 0) & (s["ns"] + s["ew"]).eq(s["t"])


def _tricks_goal(s: SymState) -> Bool:
    # The engine ends the deal when the counters add up to 13; that is exactly the 13th trick.
    done = (s["ns"] + s["ew"]).eq(DEAL_TRICKS)
    return done.iff(s["t"].eq(DEAL_TRICKS)) & s["t"].eq(DEAL_TRICKS).implies(s["ns"].between(0, DEAL_TRICKS))


def _trick_system(name: str, invariant: Callable[[SymState], Bool]) -> TransitionSystem:
    return TransitionSystem(
        variables=ints("t", "ns", "ew"),
        inputs=ints("winner"),
        init=_tricks_init,
        step=lambda before, choice: _tricks_step(before, choice),  # read when proved, so a test can break it
        invariant=(Part(name, invariant),),
        goal=_tricks_goal,
        show_state=_show_tricks,
        show_inputs=_show_trick_winner,
    )


def _never_more_than_one_apart(s: SymState) -> Bool:
    gap = s["ns"] - s["ew"]
    return _tricks_invariant(s) & gap.between(-1, 1)


_COUNTERS: Final = Family(("felagsvist.invariant.thirteen-tricks",))

THIRTEEN_TRICKS: Final = inductive_member(
    _COUNTERS,
    "felagsvist/thirteen-tricks",
    "From 0-0, each trick adding 1 to exactly one side keeps NS + EW = tricks played; "
    "the counters reach 13 exactly after the 13th trick.",
    _trick_system("NS + EW = tricks played", _tricks_invariant),
    wrong=inductive_member(
        _COUNTERS,
        "felagsvist/sides-never-two-tricks-apart",
        "The two sides' trick counts never differ by more than one.",
        _trick_system("the sides are at most one trick apart", _never_more_than_one_apart),
    ),
)
