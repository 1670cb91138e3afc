"""The counters of the whole-hand system and its invariant's parts: each zone's size, each card's place.

:mod:`proofs.calabresella.hand` builds the transition system of a whole
hand; this module holds what its invariant says about each state: the phase
counters in range and the zone sizes each phase leaves
(:func:`counters_invariant`), the size counters equal to the cards in each
zone (:func:`sizes_invariant`), and every card in exactly one zone
(:func:`places_invariant`).
"""

from __future__ import annotations

from collections.abc import Mapping
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
    TRICKS,
    WON_B,
    WON_O,
    ZONES,
    step_sizes,
)
from proofs.induction import SymState
from proofs.z3facade import BitVec, Bool, Int, all_of, bv_val, int_val, ite, popcount, sum_of

__all__ = [
    "COUNTERS",
    "NO_WINNER",
    "SIZE_NAMES",
    "counters_invariant",
    "hand_code",
    "one_if",
    "pick_from",
    "places_invariant",
    "sizes_invariant",
    "zone_of",
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


def zone_of(s: SymState, code: Int) -> BitVec:
    """The set of the zone with this code (empty for a code out of range)."""
    term = bv_val(0, HAND_BITS)
    for i, name in enumerate(ZONES):
        term = ite(code.eq(i), s.bv(name), term)
    return term


def hand_code(relative: Int) -> Int:
    """The zone code of the hand at ``relative`` (0 the bidder, or E while dealing)."""
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


def one_if(condition: Bool) -> Int:
    """1 where ``condition`` holds, else 0."""
    return ite(condition, int_val(1), int_val(0))


def _play_sizes(s: SymState) -> Bool:
    """calabresella.play.turn and play.tricks: after t tricks a hand holds 12 - t, one fewer once played."""
    tricks, played, gathered, winner = s["tricks"], s["played"], s["gathered"], s["winner"]
    lead, turn, tricks_b, last_b = s["lead"], s["turn"], s["tricks_b"], s["last_b"]
    hands = [
        s[SIZE_NAMES[HAND0 + x]].eq(int_val(TRICKS) - tricks - one_if((int_val(x) - lead).mod(3) < played))
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


def counters_invariant(s: SymState) -> Bool:
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


def sizes_invariant(s: SymState) -> Bool:
    """Every zone holds as many cards as its counter says."""
    return all_of(popcount(s.bv(zone)).eq(s[size]) for zone, size in zip(ZONES, SIZE_NAMES, strict=True))


def places_invariant(s: SymState) -> Bool:
    """Invariant 1 of the specification: each of the 40 cards is in exactly one zone."""
    sets = [s.bv(zone) for zone in ZONES]
    disjoint = [(sets[i] & sets[j]).eq(0) for i in range(len(sets)) for j in range(i + 1, len(sets))]
    union = sets[0]
    for part in sets[1:]:
        union = union | part
    return all_of((*disjoint, union.eq(DECK)))
