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

from proofs.calabresella.model import (
    ABANDONED,
    CALL,
    CHOOSE,
    CHOOSE_STEPS,
    CONTRACT,
    DEAL,
    DEAL_SIZES,
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
    step_sizes,
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


COUNTERS: Final = (
    "phase",
    "k",
    "giver",
    "turn",
    "lead",
    "tricks",
    "played",
    "gathered",
    "winner",
    "tricks_b",
    "last_b",
)
"""The integer counters of the hand model."""

SIZE_NAMES: Final = tuple(f"n_{zone}" for zone in ZONES)
"""The variable holding each zone's size."""

NO_WINNER: Final = -1
"""The ``winner`` counter while no trick is complete."""


def pick_from(index: Int, values: tuple[int, ...]) -> Int:
    """``values[index]`` for an index in range (the last value beyond it)."""
    term = int_val(values[-1])
    for i in reversed(range(len(values) - 1)):
        term = ite(index.eq(i), int_val(values[i]), term)
    return term


def _zone(s: SymState, code: Int) -> BitVec:
    """The set of the zone with this code (empty for a code out of range)."""
    term = bv_val(0, HAND_BITS)
    for i, name in enumerate(ZONES):
        term = ite(code.eq(i), s.bv(name), term)
    return term


def _hand_code(relative: Int) -> Int:
    return relative + HAND0


def _sizes_are(s: SymState, sizes: Mapping[int, Int | int]) -> Bool:
    """Each zone's counter has the given size (0 for a zone not listed)."""
    return all_of(s[SIZE_NAMES[zone]].eq(sizes.get(zone, 0)) for zone in range(len(ZONES)))


def _dealt_shape(s: SymState) -> Bool:
    return _sizes_are(s, {HAND0: 12, HAND1: 12, HAND2: 12, MONTE: 4})


def _handed_sizes(s: SymState) -> Bool:
    """The called card handed over by the giver (1 or 2) and ``k`` monte cards taken since."""
    giver, k = s["giver"], s["k"]
    bidder, monte = int_val(13) + k, int_val(4) - k
    return (
        giver.between(1, 2)
        & k.between(0, 4)
        & ite(
            giver.eq(1),
            _sizes_are(s, {HAND0: bidder, HAND1: 11, HAND2: 12, MONTE: monte}),
            _sizes_are(s, {HAND0: bidder, HAND1: 12, HAND2: 11, MONTE: monte}),
        )
    )


def _by_steps(s: SymState, steps: tuple[tuple[int, int], ...]) -> Bool:
    rows = step_sizes(steps)
    k = s["k"]
    sizes = {
        zone: pick_from(k, tuple(row[j] for row in rows)) for j, zone in enumerate((HAND1, HAND2, MONTE))
    }
    return k.between(0, len(steps)) & _sizes_are(s, {HAND0: 12, **sizes})


def _one_if(condition: Bool) -> Int:
    return ite(condition, int_val(1), int_val(0))


def _play_sizes(s: SymState) -> Bool:
    """calabresella.play.turn and play.tricks: after t tricks a hand holds 12 - t, one fewer once played."""
    tricks, played, gathered, winner = s["tricks"], s["played"], s["gathered"], s["winner"]
    lead, turn, tricks_b, last_b = s["lead"], s["turn"], s["tricks_b"], s["last_b"]
    hands = [
        s[SIZE_NAMES[HAND0 + x]].eq(int_val(TRICKS) - tricks - _one_if((int_val(x) - lead).mod(3) < played))
        for x in range(3)
    ]
    return all_of(
        (
            tricks.between(0, TRICKS),
            played.between(0, 3),
            gathered.between(0, 2),
            winner.between(NO_WINNER, 2),
            winner.eq(NO_WINNER).implies(gathered.eq(0)),
            (winner >= 0).implies(played.eq(3)),
            tricks.eq(TRICKS).implies(played.eq(0)),
            lead.between(0, 2),
            turn.eq((lead + played).mod(3)),
            *hands,
            s["n_trick"].eq(played - gathered),
            s["n_monte"].eq(4),
            s["n_pile"].eq(0),
            tricks_b.between(0, tricks),
            s["n_won_b"].eq(tricks_b * 3 + ite(winner.eq(0), gathered, int_val(0))),
            s["n_won_o"].eq((tricks - tricks_b) * 3 + ite(winner >= 1, gathered, int_val(0))),
            last_b.between(0, 1),
            ((tricks >= 1) & tricks_b.eq(tricks)).implies(last_b.eq(1)),
            ((tricks >= 1) & tricks_b.eq(0)).implies(last_b.eq(0)),
        )
    )


def _settle_sizes(s: SymState) -> Bool:
    """calabresella.scoring.monte: ``k`` of the monte's cards moved to the last trick's winner."""
    k, tricks_b, last_b = s["k"], s["tricks_b"], s["last_b"]
    return all_of(
        (
            k.between(0, 4),
            tricks_b.between(0, TRICKS),
            last_b.between(0, 1),
            tricks_b.eq(TRICKS).implies(last_b.eq(1)),
            tricks_b.eq(0).implies(last_b.eq(0)),
            _sizes_are(
                s,
                {
                    MONTE: int_val(4) - k,
                    WON_B: tricks_b * 3 + ite(last_b.eq(1), k, int_val(0)),
                    WON_O: (int_val(TRICKS) - tricks_b) * 3 + ite(last_b.eq(0), k, int_val(0)),
                },
            ),
        )
    )


def _counters(s: SymState) -> Bool:
    """The phase's counters and the size every zone must have in it (integers only)."""
    phase, k = s["phase"], s["k"]
    dealt = {
        zone: pick_from(k, tuple(row[j] for row in DEAL_SIZES))
        for j, zone in enumerate((HAND0, HAND1, HAND2, MONTE))
    }
    by_phase = {
        DEAL: k.between(0, DEALT_CARDS) & _sizes_are(s, {PILE: int_val(DEALT_CARDS) - k, **dealt}),
        CONTRACT: _dealt_shape(s),
        CALL: _dealt_shape(s),
        HANDED: _handed_sizes(s),
        TAKE: k.between(0, 4)
        & _sizes_are(s, {HAND0: int_val(12) + k, HAND1: 12, HAND2: 12, MONTE: int_val(4) - k}),
        LAY: k.between(0, 4) & _sizes_are(s, {HAND0: int_val(16) - k, HAND1: 12, HAND2: 12, MONTE: k}),
        RAISE: _dealt_shape(s),
        DIVIDE: _by_steps(s, DIVIDE_STEPS),
        CHOOSE: _by_steps(s, CHOOSE_STEPS),
        LEAD: _dealt_shape(s),
        PLAYING: _play_sizes(s),
        SETTLE: _settle_sizes(s),
        ABANDONED: _dealt_shape(s),
    }
    total = sum_of(s[name] for name in SIZE_NAMES).eq(DEALT_CARDS)
    return (
        phase.between(0, len(PHASES) - 1)
        & total
        & all_of(phase.eq(p).implies(f) for p, f in by_phase.items())
    )


def _sizes(s: SymState) -> Bool:
    """Every zone holds as many cards as its counter says."""
    return all_of(popcount(s.bv(zone)).eq(s[size]) for zone, size in zip(ZONES, SIZE_NAMES, strict=True))


def _places(s: SymState) -> Bool:
    """Invariant 1 of the specification: each of the 40 cards is in exactly one zone."""
    sets = [s.bv(zone) for zone in ZONES]
    disjoint = [(sets[i] & sets[j]).eq(0) for i in range(len(sets)) for j in range(i + 1, len(sets))]
    union = sets[0]
    for part in sets[1:]:
        union = union | part
    return all_of((*disjoint, union.eq(DECK)))


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
        changes[size] = before[size] - _one_if(src.eq(i)) + _one_if(dst.eq(i))
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
    b_won = _one_if(winner.eq(0))
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
            _hand_code(s["turn"]),
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
    guard = guard & (_zone(before, src) & card).ne(0)
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


def _decisions(before: SymState, choice: SymState) -> tuple[Move, ...]:
    """The steps that move no card: the auction's outcome, the contract, the raise, leads and winners."""
    phase, k, pick = before["phase"], before["k"], choice["choice"]
    dealt = phase.eq(DEAL) & k.eq(DEALT_CARDS)
    by_choice = tuple(MappingProxyType({"choice": c}) for c in range(3))
    # calabresella.bidding.end: the bidder (position ``pick`` from E) holds hand0 from now on.
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
    done = (
        (phase.eq(LAY) & k.eq(4))
        | (phase.eq(DIVIDE) & k.eq(len(DIVIDE_STEPS)))
        | (phase.eq(CHOOSE) & k.eq(len(CHOOSE_STEPS)))
    )
    opening = {
        "phase": int_val(PLAYING),
        "lead": pick,
        "turn": pick,
        "tricks": int_val(0),
        "played": int_val(0),
        "gathered": int_val(0),
        "winner": int_val(NO_WINNER),
        "tricks_b": int_val(0),
        "last_b": int_val(0),
    }
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
            before.updated(opening),
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
    to_act = playing.implies(_zone(s, _hand_code(s["turn"])).ne(0))
    emptied = all_of(s.bv(ZONES[z]).eq(0) for z in (PILE, HAND0, HAND1, HAND2, MONTE, TRICK))
    over = settled(s).implies(
        emptied
        & (s.bv("won_b") | s.bv("won_o")).eq(DECK)
        & sizes[WON_B].eq(s["tricks_b"] * 3 + s["last_b"] * 4)
    )
    return all_of((_places(s), sum_of(sizes).eq(DEALT_CARDS), ready, to_act, over))


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
            Part(_PART_COUNTERS, _counters, assumes=(_PART_COUNTERS,), by_cases=False),
            Part(PART_SIZES, _sizes),
            Part(_PART_PLACES, _places, assumes=(_PART_PLACES,), by_cases=False),
        ),
        goal=_goal,
        show_state=_show_hand_state,
        show_inputs=_show_inputs,
    )


HAND_SYSTEM: Final = hand_system()
"""The whole hand as a transition system (hands by position from E while dealing, then B, O1, O2)."""
