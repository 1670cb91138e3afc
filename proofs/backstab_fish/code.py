"""Backstab Fish's engine code proved for every input: the three ask conditions, the points and the winners.

- backstab_fish/code-ask: :func:`cardrules.games.backstab_fish.turn.may_ask`
  run on symbolic hand sizes for every asker and target of every table of 4
  to 10 players and both ``empty_target`` readings;
  :func:`~cardrules.games.backstab_fish.turn.askable_ranks` run on a symbolic
  packed hand (:mod:`proofs.symbolic`, every 4-bit count of the 14 ranks);
  :func:`~cardrules.games.backstab_fish.turn.count_allowed` run on a symbolic
  count and number of copies (:mod:`proofs.symbolic_int`). Each equals the
  statement of :mod:`proofs.backstab_fish.statements`.
- backstab_fish/code-lay-down: :func:`cardrules.games.backstab_fish.lay_down.sets_in`
  run on a symbolic packed hand (each rank's count 0 to 8, the most copies a
  deck has) gives each rank's count divided by four.
- backstab_fish/code-scores: :func:`cardrules.games.backstab_fish.scoring.points_for`
  run on a symbolic row of laid sets (each rank 0, 1 or 2 sets: a rank has at
  most 8 copies), and :func:`~cardrules.games.backstab_fish.scoring.winners`
  run on symbolic scores for 4 and 5 players. Its lines do not depend on the
  number of players, but the paths through ``max`` and the comparisons
  quadruple with each seat (2^19 for 10 players, 2^11 for 6 already takes
  seconds), so 6 to 10 players are left to the bounded checks (the tests'
  whole games and the end-state claim).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final

import cardrules.games.backstab_fish.lay_down as engine_lay_down
import cardrules.games.backstab_fish.scoring as engine_scoring
import cardrules.games.backstab_fish.turn as engine
from proofs.backstab_fish.model import MAX_COPIES, MAX_PLAYERS, MIN_PLAYERS
from proofs.backstab_fish.statements import (
    FIELD_BITS,
    RANKS,
    count_allowed,
    field,
    may_ask,
    rank_held,
    sets_formable,
    sets_laid,
    top_scorers,
)
from proofs.claims import Family, Obligation
from proofs.symbolic import paths
from proofs.symbolic_int import agrees, int_paths
from proofs.z3facade import BitVec, Bool, Int, Model, all_of, bool_var, bv_val, bv_var, int_val, int_var, ite

__all__ = ["ASK_CODE", "LAY_DOWN_CODE", "SCORES_CODE"]

_WIDTH: Final = FIELD_BITS * RANKS
_HAND: Final = bv_var("code packed hand", _WIDTH)
_SIZES: Final = tuple(int_var(f"code hand size {seat}") for seat in range(MAX_PLAYERS))
_OPEN: Final = bool_var("code empty_target allowed")
_COUNT: Final = int_var("code count asked")
_COPIES: Final = int_var("code copies of the rank")

Target = Callable[[int, int, Sequence[Int], Bool], Bool]


def _held_units(hand: BitVec) -> BitVec:
    """The stated ranks P may ask for, packed as the engine packs them: 1 in the field of each."""
    total = bv_val(0, _WIDTH)
    for rank in range(RANKS):
        total = total | ite(rank_held(hand, rank), bv_val(1 << FIELD_BITS * rank, _WIDTH), bv_val(0, _WIDTH))
    return total


def _ask_formula(target_rule: Target) -> tuple[Obligation, ...]:
    """One obligation per function: integers and bit-vectors in one query slow z3's default solver."""
    parts = []
    for players in range(MIN_PLAYERS, MAX_PLAYERS + 1):
        sizes = _SIZES[:players]
        for seat in range(players):
            for target in range(players):
                for open_targets in (False, True):
                    chosen = _OPEN if open_targets else ~_OPEN
                    stated = ite(target_rule(seat, target, sizes, _OPEN), int_val(1), int_val(0))
                    ran = agrees(engine.may_ask, (seat, target, sizes, open_targets), stated)
                    parts.append(chosen.implies(ran))
    ranks = paths(engine.askable_ranks, (_HAND,), _WIDTH)
    held = all_of(run.condition.implies(run.result.eq(_held_units(_HAND))) for run in ranks)
    stated_count = ite(count_allowed(_COUNT, _COPIES), int_val(1), int_val(0))
    counted = agrees(engine.count_allowed, (_COUNT, _COPIES), stated_count)
    return (
        Obligation("may_ask", all_of(parts)),
        Obligation("askable_ranks", held),
        Obligation("count_allowed", counted),
    )


def _describe_ask(model: Model) -> str:
    sizes = tuple(model.int_value(s) for s in _SIZES[:MIN_PLAYERS])
    open_targets = model.bool_value(_OPEN)
    allowed = {
        (s, t): engine.may_ask(s, t, sizes, open_targets) for s in range(2) for t in range(MIN_PLAYERS)
    }
    hand = model.bv_value(_HAND)
    count, copies = model.int_value(_COUNT), model.int_value(_COPIES)
    return (
        f"4 players with hand sizes {sizes}, empty_target {'allowed' if open_targets else 'forbidden'}: "
        f"may_ask (the engine) by (asker, target) {allowed}; packed hand {hand:#x}: askable_ranks "
        f"{engine.askable_ranks(hand):#x}; count {count} of {copies} copies: "
        f"count_allowed {engine.count_allowed(count, copies)}"
    )


def _self_ask(seat: int, target: int, sizes: Sequence[Int], open_targets: Bool) -> Bool:
    """A misreading: the asker may name themselves (only the card condition is kept)."""
    return (sizes[target] >= 1) | open_targets


_ASK: Final = Family(
    ("backstab_fish.ask.target", "backstab_fish.ask.rank", "backstab_fish.ask.count"), _describe_ask
)

ASK_CODE: Final = _ASK.claim(
    "backstab_fish/code-ask",
    "The engine's may_ask (every asker and target of 4 to 10 players, symbolic hand sizes, either "
    "empty_target), askable_ranks (a symbolic packed hand) and count_allowed (symbolic count and copies) "
    "each return what the specification states, for every input.",
    lambda: _ask_formula(may_ask),
    wrong=_ASK.claim(
        "backstab_fish/code-ask-self",
        "The same, against a reading where the asker may name themselves.",
        lambda: _ask_formula(_self_ask),
    ),
)


# -- points and winners -------------------------------------------------------------------------

_SETS: Final = bv_var("code laid sets", _WIDTH)
_PROVED_TABLES: Final = (4, 5)
_SCORES: Final = tuple(int_var(f"code score {seat}") for seat in range(max(_PROVED_TABLES)))

Winners = Callable[[Sequence[Int]], tuple[Bool, ...]]


def _scores_formula(winners: Winners) -> tuple[Obligation, ...]:
    """Points and winners as two obligations (a bit-vector one and an integer one, each quick alone)."""
    sets_domain = all_of(field(_SETS, rank).ule(2) for rank in range(RANKS))
    runs = paths(engine_scoring.points_for, (_SETS,), _WIDTH)
    points = sets_domain.implies(all_of(r.condition.implies(r.result.eq(sets_laid(_SETS))) for r in runs))
    parts = []
    for players in _PROVED_TABLES:
        scores = _SCORES[:players]
        tops = winners(scores)
        for run in _winner_paths(scores):
            parts.append(
                run[0].implies(all_of(top if seat in run[1] else ~top for seat, top in enumerate(tops)))
            )
    return Obligation("points_for", points), Obligation("winners", all_of(parts))


def _winner_paths(scores: tuple[Int, ...]) -> list[tuple[Bool, tuple[int, ...]]]:
    found = []
    for run in int_paths(engine_scoring.winners, (scores,)):
        assert isinstance(run.result, tuple)
        found.append((run.condition, tuple(int(seat) for seat in run.result if isinstance(seat, int))))
    return found


def _describe_scores(model: Model) -> str:
    sets = model.bv_value(_SETS)
    scores = tuple(model.int_value(s) for s in _SCORES)
    return (
        f"laid sets {sets:#x}: points_for (the engine) {engine_scoring.points_for(sets)}; "
        f"scores {scores[:4]}: winners {engine_scoring.winners(scores[:4])}"
    )


def _first_top_only(scores: Sequence[Int]) -> tuple[Bool, ...]:
    """A misreading: a tie on the top score goes to the first seat only."""
    tops = top_scorers(scores)
    return tuple(top & all_of(~earlier for earlier in tops[:seat]) for seat, top in enumerate(tops))


_SCORES_FAMILY: Final = Family(
    ("backstab_fish.score.per-set", "backstab_fish.score.winners"), _describe_scores
)

SCORES_CODE: Final = _SCORES_FAMILY.claim(
    "backstab_fish/code-scores",
    "The engine's points_for, run on a symbolic row of laid sets, scores one point per set; its winners, "
    "run on symbolic scores of 4 and 5 players, names exactly the seats no one outscores.",
    lambda: _scores_formula(top_scorers),
    wrong=_SCORES_FAMILY.claim(
        "backstab_fish/code-scores-first-top-only",
        "The same, against a reading where a tie on the top score goes to the first seat only.",
        lambda: _scores_formula(_first_top_only),
    ),
)


# -- the sets a hand can lay down -------------------------------------------------------------

Formable = Callable[[BitVec], BitVec]


def _lay_down_formula(formable: Formable) -> Bool:
    domain = all_of(field(_HAND, rank).ule(MAX_COPIES) for rank in range(RANKS))
    runs = paths(engine_lay_down.sets_in, (_HAND,), _WIDTH)
    return domain.implies(all_of(run.condition.implies(run.result.eq(formable(_HAND))) for run in runs))


def _describe_lay_down(model: Model) -> str:
    hand = model.bv_value(_HAND)
    return f"packed hand {hand:#x}: sets_in (the engine) {engine_lay_down.sets_in(hand):#x}"


def _one_set_a_rank(hand: BitVec) -> BitVec:
    """A misreading: a rank gives one set at most, even with eight cards."""
    return sets_formable(hand, most=1)


_LAY: Final = Family(("backstab_fish.sets.lay-down",), _describe_lay_down)

LAY_DOWN_CODE: Final = _LAY.claim(
    "backstab_fish/code-lay-down",
    "The engine's sets_in, run on a symbolic packed hand with up to 8 cards of each rank, gives each rank's "
    "count divided by four: the sets of four the hand can lay down.",
    lambda: _lay_down_formula(sets_formable),
    wrong=_LAY.claim(
        "backstab_fish/code-lay-down-one-set-a-rank",
        "The same, against a reading where a rank gives one set at most.",
        lambda: _lay_down_formula(_one_set_a_rank),
    ),
)
