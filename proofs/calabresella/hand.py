"""A whole Calabresella hand as one transition system over card sets.

The deal in packets of four, the auction's outcome, every exchange of every
contract and raise, the twelve tricks and the settlement: the places are
52-bit vectors with integer counters, and each step moves one card. The claim
built on it is in :mod:`proofs.calabresella.conservation`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Final

from proofs.calabresella.hand_sizes import (
    COUNTERS,
    NO_WINNER,
    SIZE_NAMES,
    counters_invariant,
    hand_code,
    one_if,
    pick_from,
    places_invariant,
    sizes_invariant,
    zone_of,
)
from proofs.calabresella.model import (
    ABANDONED,
    CALL,
    CHOOSE,
    CHOOSE_STEPS,
    CONTRACT,
    DEAL,
    DEALT_CARDS,
    DECK,
    DECK_INDICES,
    DIVIDE,
    DIVIDE_STEPS,
    HAND0,
    HAND1,
    HAND2,
    HAND_BITS,
    HANDED,
    LAY,
    LEAD,
    MONTE,
    PHASES,
    PILE,
    PLAYING,
    RAISE,
    SETTLE,
    TAKE,
    TRICK,
    TRICKS,
    WON_B,
    WON_O,
    ZONES,
    deal_receiver,
    show_card,
    show_pile,
    side_seat,
)
from proofs.calabresella.scoring import CONTRACTS, RAISES
from proofs.induction import Move, Part, SymState, TransitionSystem, Var, ints
from proofs.z3facade import BitVec, Bool, Int, all_of, any_of, bv_val, int_val, ite, onehot, popcount, sum_of

__all__ = [
    "COUNTERS",
    "HAND_SYSTEM",
    "NO_WINNER",
    "PART_SIZES",
    "SIZE_NAMES",
    "hand_system",
    "pick_from",
    "settled",
]


def _moved(
    before: SymState, src: Int, dst: Int, card: BitVec, *, keep: Bool | None = None
) -> dict[str, Int | BitVec]:
    """The zones and counters after ``card`` goes from zone ``src`` to zone ``dst``.

    ``keep`` (a wrong companion's bug) leaves the card in its source too where it holds.
    """
    changes: dict[str, Int | BitVec] = {}
    empty = bv_val(0, HAND_BITS)
    for i, (zone, size) in enumerate(zip(ZONES, SIZE_NAMES, strict=True)):
        leaves = src.eq(i) if keep is None else src.eq(i) & ~keep
        changes[zone] = (before.bv(zone) & ~ite(leaves, card, empty)) | ite(dst.eq(i), card, empty)
        changes[size] = before[size] - one_if(src.eq(i)) + one_if(dst.eq(i))
    return changes


@dataclass(frozen=True, slots=True)
class _CardStep:
    """What the one card-moving move does in one situation."""

    when: Bool
    src: Int
    dst: Int
    updates: Mapping[str, Int]


def _card_steps(s: SymState, card: BitVec, choice: Int) -> tuple[_CardStep, ...]:
    """The one-card steps, pairwise exclusive; ``choice = 1`` picks the early return over the monte."""
    phase, k = s["phase"], s["k"]
    returning = choice.eq(1)
    one, zero = int_val(1), int_val(0)
    in_o1 = (s.bv("hand1") & card).ne(0)
    deal_dst = pick_from(k, tuple(deal_receiver(i) for i in range(DEALT_CARDS)))
    divide_src = pick_from(k, tuple(src for src, _ in DIVIDE_STEPS))
    divide_dst = pick_from(k, tuple(dst for _, dst in DIVIDE_STEPS))
    choose_src = pick_from(k, tuple(src for src, _ in CHOOSE_STEPS))
    choose_dst = pick_from(k, tuple(dst for _, dst in CHOOSE_STEPS))
    winner, gathered = s["winner"], s["gathered"]
    complete = gathered.eq(2)
    side_pile = ite(winner.eq(0), int_val(WON_B), int_val(WON_O))
    last_pile = ite(s["last_b"].eq(1), int_val(WON_B), int_val(WON_O))
    b_won = one_if(winner.eq(0))
    return (
        # calabresella.deal.packets and deal.monte: the next card of the deck to its receiver.
        _CardStep(phase.eq(DEAL) & (k < DEALT_CARDS), int_val(PILE), deal_dst, {"k": k + 1}),
        # calabresella.exchange.handover: the holder, whichever opponent it is, gives the called card.
        _CardStep(
            phase.eq(CALL) & (in_o1 | (s.bv("hand2") & card).ne(0)),
            ite(in_o1, int_val(HAND1), int_val(HAND2)),
            int_val(HAND0),
            {"phase": int_val(HANDED), "giver": ite(in_o1, one, int_val(2)), "k": zero},
        ),
        # calabresella.exchange.take-monte: a monte card into the bidder's hand.
        _CardStep(
            (phase.eq(HANDED) & (k < 4) & ~(k.eq(0) & returning)) | (phase.eq(TAKE) & (k < 4)),
            int_val(MONTE),
            int_val(HAND0),
            {"k": k + 1},
        ),
        # calabresella.exchange.return: before the monte (k = 0, choice 1) or after it (k = 4).
        _CardStep(
            phase.eq(HANDED) & ((k.eq(0) & returning) | k.eq(4)),
            int_val(HAND0),
            ite(s["giver"].eq(1), int_val(HAND1), int_val(HAND2)),
            {"phase": ite(k.eq(0), int_val(TAKE), int_val(LAY)), "k": zero},
        ),
        # calabresella.exchange.discard: one of the four cards laid away.
        _CardStep(phase.eq(LAY) & (k < 4), int_val(HAND0), int_val(MONTE), {"k": k + 1}),
        # calabresella.exchange.dividete and scegliete.
        _CardStep(phase.eq(DIVIDE) & (k < len(DIVIDE_STEPS)), divide_src, divide_dst, {"k": k + 1}),
        _CardStep(phase.eq(CHOOSE) & (k < len(CHOOSE_STEPS)), choose_src, choose_dst, {"k": k + 1}),
        # calabresella.play.turn: the player to act plays a card to the trick.
        _CardStep(
            phase.eq(PLAYING) & (s["played"] < 3) & (s["tricks"] < TRICKS),
            hand_code(s["turn"]),
            int_val(TRICK),
            {"played": s["played"] + one, "turn": (s["turn"] + one).mod(3)},
        ),
        # calabresella.play.trick-winner and next-lead: a card of the won trick to the winner's side.
        _CardStep(
            phase.eq(PLAYING) & (winner >= 0) & s["played"].eq(3),
            int_val(TRICK),
            side_pile,
            {
                "gathered": ite(complete, zero, gathered + one),
                "tricks": ite(complete, s["tricks"] + one, s["tricks"]),
                "played": ite(complete, zero, s["played"]),
                "lead": ite(complete, winner, s["lead"]),
                "turn": ite(complete, winner, s["turn"]),
                "tricks_b": ite(complete, s["tricks_b"] + b_won, s["tricks_b"]),
                "last_b": ite(complete, b_won, s["last_b"]),
                "winner": ite(complete, int_val(NO_WINNER), winner),
            },
        ),
        # calabresella.scoring.monte: a monte card to the pile of the winner of trick 12.
        _CardStep(phase.eq(SETTLE) & (k < 4), int_val(MONTE), last_pile, {"k": k + 1}),
    )


def _select(steps: tuple[_CardStep, ...], pick: Callable[[_CardStep], Int], default: Int) -> Int:
    term = default
    for step in reversed(steps):
        term = ite(step.when, pick(step), term)
    return term


def _card_move(before: SymState, choice: SymState, *, copy_called: bool) -> Move:
    index = choice.bv("card")
    card = onehot(index, HAND_BITS)
    steps = _card_steps(before, card, choice["choice"])
    nowhere = int_val(-1)
    src = _select(steps, lambda step: step.src, nowhere)
    dst = _select(steps, lambda step: step.dst, nowhere)
    guard = any_of(step.when for step in steps) & (card & bv_val(DECK, HAND_BITS)).ne(0)
    guard = guard & (zone_of(before, src) & card).ne(0)
    keep = before["phase"].eq(CALL) if copy_called else None
    changes = _moved(before, src, dst, card, keep=keep)
    for name in COUNTERS:
        updated = [step for step in steps if name in step.updates]
        if updated:
            term = before[name]
            for step in reversed(updated):
                term = ite(step.when, step.updates[name], term)
            changes[name] = term
    cases = tuple(MappingProxyType({"card": i}) for i in DECK_INDICES)
    return Move("a card moves", guard, before.updated(changes), cases, _show_card_choice)


def _relabelled(before: SymState, pick: Int) -> dict[str, Int | BitVec]:
    """calabresella.bidding.end: the bidder (position ``pick`` from E) holds hand0 from now on."""
    relabel: dict[str, Int | BitVec] = {"phase": int_val(CONTRACT)}
    for j in range(3):
        hand = bv_val(0, HAND_BITS)
        size = int_val(0)
        for bidder in range(3):
            source = (bidder + j) % 3
            hand = ite(pick.eq(bidder), before.bv(f"hand{source}"), hand)
            size = ite(pick.eq(bidder), before[f"n_hand{source}"], size)
        relabel[f"hand{j}"] = hand
        relabel[f"n_hand{j}"] = size
    return relabel


def _opening(leader: Int) -> dict[str, Int | BitVec]:
    """The counters as the play starts, ``leader`` (a position from the bidder) to lead."""
    zero = int_val(0)
    return {
        "phase": int_val(PLAYING),
        "lead": leader,
        "turn": leader,
        **{name: zero for name in ("tricks", "played", "gathered", "tricks_b", "last_b")},
        "winner": int_val(NO_WINNER),
    }


def _decisions(before: SymState, choice: SymState) -> tuple[Move, ...]:
    """The steps that move no card: the auction's outcome, the contract, the raise, leads and winners."""
    phase, k, pick = before["phase"], before["k"], choice["choice"]
    dealt = phase.eq(DEAL) & k.eq(DEALT_CARDS)
    by_choice = tuple(MappingProxyType({"choice": c}) for c in range(3))
    relabel = _relabelled(before, pick)
    done = (
        (phase.eq(LAY) & k.eq(4))
        | (phase.eq(DIVIDE) & k.eq(len(DIVIDE_STEPS)))
        | (phase.eq(CHOOSE) & k.eq(len(CHOOSE_STEPS)))
    )
    playing = phase.eq(PLAYING)
    return (
        Move("all three pass", dealt, before.updated({"phase": int_val(ABANDONED)})),
        Move(
            "a bid wins the auction",
            dealt & pick.between(0, 2),
            before.updated(relabel),
            by_choice,
            _show_bidder,
        ),
        Move(
            "the contract is settled",
            phase.eq(CONTRACT) & pick.between(0, 2),
            before.updated({"phase": pick_from(pick, (CALL, TAKE, RAISE)), "k": int_val(0)}),
            by_choice,
            _show_contract,
        ),
        Move(
            "the called card lies in the monte",
            phase.eq(CALL),
            before.updated({"phase": int_val(TAKE), "k": int_val(0)}),
        ),
        Move(
            "the monte is in the bidder's hand",
            phase.eq(TAKE) & k.eq(4),
            before.updated({"phase": int_val(LAY), "k": int_val(0)}),
        ),
        Move(
            "the raise is chosen",
            phase.eq(RAISE) & pick.between(0, 2),
            before.updated({"phase": pick_from(pick, (LEAD, DIVIDE, CHOOSE)), "k": int_val(0)}),
            by_choice,
            _show_raise,
        ),
        Move("the exchange ends", done, before.updated({"phase": int_val(LEAD)})),
        Move(
            "the opening lead is given",
            phase.eq(LEAD) & pick.between(0, 2),
            before.updated(_opening(pick)),
            by_choice,
            _show_leader,
        ),
        Move(
            "a trick is won",
            playing & before["played"].eq(3) & before["winner"].eq(NO_WINNER) & pick.between(0, 2),
            before.updated({"winner": pick}),
            by_choice,
            _show_winner,
        ),
        Move(
            "the twelfth trick is over",
            playing & before["tricks"].eq(TRICKS),
            before.updated({"phase": int_val(SETTLE), "k": int_val(0)}),
        ),
    )


def _show_card_choice(choice: Mapping[str, int]) -> str:
    return f"moving {show_card(choice['card'])}"


def _show_winner(choice: Mapping[str, int]) -> str:
    return f"{side_seat(choice['choice'])} winning the trick"


def _show_bidder(choice: Mapping[str, int]) -> str:
    return f"the player {choice['choice']} places after E winning the auction"


def _show_contract(choice: Mapping[str, int]) -> str:
    return f"the contract {CONTRACTS[choice['choice']] if 0 <= choice['choice'] < 3 else choice['choice']}"


def _show_raise(choice: Mapping[str, int]) -> str:
    return f"the raise {RAISES[choice['choice']] if 0 <= choice['choice'] < 3 else choice['choice']}"


def _show_leader(choice: Mapping[str, int]) -> str:
    return f"{side_seat(choice['choice'])} leading"


def _show_inputs(choice: Mapping[str, int]) -> str:
    return f"card {show_card(choice['card'])}, choice {choice['choice']}"


def _show_hand_state(v: Mapping[str, int]) -> str:
    phase = PHASES[v["phase"]] if 0 <= v["phase"] < len(PHASES) else str(v["phase"])
    zones = "; ".join(
        f"{zone} {show_pile(v[zone])}, counted {v[size]}"
        for zone, size in zip(ZONES, SIZE_NAMES, strict=True)
    )
    counters = ", ".join(f"{name} {v[name]}" for name in COUNTERS[1:])
    return f"[{phase}: {counters}; {zones}]"


def _init(s: SymState) -> Bool:
    """A shuffled deck, nothing dealt."""
    empty = all_of(s.bv(zone).eq(0) for zone in ZONES[1:])
    zero = all_of(s[name].eq(0) for name in (*COUNTERS, *SIZE_NAMES[1:]))
    return empty & s.bv("pile").eq(DECK) & s["n_pile"].eq(DEALT_CARDS) & zero


def settled(s: SymState) -> Bool:
    """The hand is settled: all four monte cards are in the winner of trick 12's pile."""
    return s["phase"].eq(SETTLE) & s["k"].eq(4)


def _goal(s: SymState) -> Bool:
    """What the claim asserts in every reachable state."""
    phase = s["phase"]
    sizes = [popcount(s.bv(zone)) for zone in ZONES]
    hands = (sizes[HAND0], sizes[HAND1], sizes[HAND2])
    ready = phase.eq(LEAD).implies(all_of((*(h.eq(12) for h in hands), sizes[MONTE].eq(4))))
    playing = phase.eq(PLAYING) & (s["tricks"] < TRICKS) & (s["played"] < 3)
    to_act = playing.implies(zone_of(s, hand_code(s["turn"])).ne(0))
    emptied = all_of(s.bv(ZONES[z]).eq(0) for z in (PILE, HAND0, HAND1, HAND2, MONTE, TRICK))
    over = settled(s).implies(
        emptied
        & (s.bv("won_b") | s.bv("won_o")).eq(DECK)
        & sizes[WON_B].eq(s["tricks_b"] * 3 + s["last_b"] * 4)
    )
    return all_of((places_invariant(s), sum_of(sizes).eq(DEALT_CARDS), ready, to_act, over))


_PART_COUNTERS: Final = "phase counters and zone sizes by phase"
PART_SIZES: Final = "each zone's cards counted"
_PART_PLACES: Final = "each card in exactly one zone"


def hand_system(*, copy_called: bool = False) -> TransitionSystem:
    """The hand from the shuffle to the settlement; ``copy_called`` is the wrong companion's bug."""

    def step(before: SymState, choice: SymState) -> tuple[Move, ...]:
        return (_card_move(before, choice, copy_called=copy_called), *_decisions(before, choice))

    return TransitionSystem(
        variables=(*(Var(zone, HAND_BITS) for zone in ZONES), *ints(*COUNTERS, *SIZE_NAMES)),
        inputs=(Var("card", 6), *ints("choice")),
        init=_init,
        step=step,
        invariant=(
            Part(_PART_COUNTERS, counters_invariant, assumes=(_PART_COUNTERS,), by_cases=False),
            Part(PART_SIZES, sizes_invariant),
            Part(_PART_PLACES, places_invariant, assumes=(_PART_PLACES,), by_cases=False),
        ),
        goal=_goal,
        show_state=_show_hand_state,
        show_inputs=_show_inputs,
    )


HAND_SYSTEM: Final = hand_system()
"""The whole hand as a transition system (hands by position from E while dealing, then B, O1, O2)."""
