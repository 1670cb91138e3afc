"""Félagsvist's scoring code proved for every input: deal scores, game totals, the winner and the end.

- felagsvist/code-deal-scores: :func:`cardrules.games.felagsvist.scoring.deal_scores`
  equals :func:`~proofs.felagsvist.model.deal_scores_model` for every kind of
  deal, every trick count 0 to 13 and both scorings. Method: exhaustive
  enumeration (:mod:`proofs.exhaustive`), since the function takes an enum and
  a count of 14 values; the formula also shows the 168 inputs tried are every
  input the rules allow.
- felagsvist/code-totals: :func:`~cardrules.games.felagsvist.scoring.add_deal`
  and :func:`~cardrules.games.felagsvist.scoring.winning_side` run on z3
  integers (:mod:`proofs.symbolic_int`): the totals are the sums of the deal
  scores and the winner is the side with the higher total, for every integer
  total and score, not only those a game reaches.
- felagsvist/code-game-end: :func:`cardrules.games.felagsvist.play.game_ends`
  run on a symbolic deal number and totals under both tiebreak values equals
  :func:`~proofs.felagsvist.model.game_over`.

The engine is read when a claim is built, so a break test can change it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

import cardrules.games.felagsvist.play as engine_play
import cardrules.games.felagsvist.scoring as engine
from cardrules.games.felagsvist.options import RoundKind, Scoring, Tiebreak
from proofs.claims import Family
from proofs.exhaustive import Table, table_formula
from proofs.felagsvist.model import (
    DEAL_TRICKS,
    KINDS,
    deal_scores_model,
    game_over,
    leading_side,
    per_trick_scores,
)
from proofs.symbolic_int import agrees
from proofs.z3facade import Bool, Int, Model, all_of, bool_var, int_val, int_var, ite

__all__ = ["DEAL_SCORES_CODE", "GAME_END_CODE", "TOTALS_CODE"]

_KIND: Final = int_var("code kind of deal")
_TRICKS: Final = int_var("code tricks NS won")
_ODD: Final = bool_var("code odd-tricks scoring")
_NOLO: Final = KINDS.index("nolo")

Stated = Callable[[Int, Bool, Bool], tuple[Int, Int]]


def _engine_deal(point: tuple[int, ...]) -> tuple[int, ...]:
    kind, tricks, odd = point
    scoring = Scoring.ODD_TRICKS if odd else Scoring.PER_TRICK
    return engine.deal_scores(RoundKind(KINDS[kind]), tricks, scoring)


def _deal_table() -> Table:
    inputs = ((k, t, o) for k in range(len(KINDS)) for t in range(DEAL_TRICKS + 1) for o in (0, 1))
    return Table.of((_KIND, _TRICKS, _ODD), inputs, _engine_deal)


def _deal_formula(stated: Stated) -> Bool:
    domain = _KIND.between(0, len(KINDS) - 1) & _TRICKS.between(0, DEAL_TRICKS)
    return table_formula(_deal_table(), domain, stated(_TRICKS, _KIND.eq(_NOLO), _ODD))


def _describe_deal(stated: Stated) -> Callable[[Model], str]:
    def describe(model: Model) -> str:
        point = _deal_table().point(model)
        kind, tricks, odd = point
        ns, ew = stated(_TRICKS, _KIND.eq(_NOLO), _ODD)
        return (
            f"a {KINDS[kind]} deal, NS won {tricks} tricks, {'odd-tricks' if odd else 'per-trick'} scoring: "
            f"deal_scores (the engine) gives {_engine_deal(point)}, the rules "
            f"({model.int_value(ns)}, {model.int_value(ew)})"
        )

    return describe


def _no_book(tricks_ns: Int, nolo: Bool, odd_tricks: Bool) -> tuple[Int, Int]:
    """A misreading: odd-tricks scoring counts every trick, the book of six included."""
    return per_trick_scores(tricks_ns, nolo)


_DEAL: Final = Family(
    ("felagsvist.score.trick-rounds", "felagsvist.score.nolo"), _describe_deal(deal_scores_model)
)

DEAL_SCORES_CODE: Final = _DEAL.claim(
    "felagsvist/code-deal-scores",
    "The engine's deal_scores, called on every kind of deal, every trick count 0 to 13 and both scorings "
    "(168 inputs, shown by z3 to be every input the rules allow), returns the scores the rules state.",
    lambda: _deal_formula(deal_scores_model),
    wrong=_DEAL.claim(
        "felagsvist/code-deal-scores-no-book",
        "The same, against a reading where odd-tricks scoring also counts the book of six.",
        lambda: _deal_formula(_no_book),
        describe=_describe_deal(_no_book),
    ),
)


# -- the totals and the winner -----------------------------------------------------------

_TOTALS: Final = (int_var("code total NS"), int_var("code total EW"))
_SCORES: Final = (int_var("code deal score NS"), int_var("code deal score EW"))


def _side_number(side: int | None) -> int:
    """The engine's winner as the model numbers it: -1 for no winner."""
    return -1 if side is None else side


def _totals_formula(winner: Callable[[Int, Int], Int]) -> Bool:
    (ns, ew), (sn, se) = _TOTALS, _SCORES
    added = agrees(engine.add_deal, (_TOTALS, _SCORES), (ns + sn, ew + se))
    won = agrees(lambda totals: _side_number(engine.winning_side(totals)), (_TOTALS,), winner(ns, ew))
    return added & won


def _describe_totals(model: Model) -> str:
    (ns, ew), (sn, se) = ((model.int_value(a), model.int_value(b)) for a, b in (_TOTALS, _SCORES))
    return (
        f"totals {ns}-{ew}, deal scores {sn}-{se}: add_deal gives {engine.add_deal((ns, ew), (sn, se))}, "
        f"winning_side gives {engine.winning_side((ns, ew))}"
    )


def _lower_wins(ns: Int, ew: Int) -> Int:
    """A misreading: the side with the lower total wins (as if every deal were Nóló)."""
    return leading_side(ew, ns)


_RESULT: Final = Family(("felagsvist.score.totals", "felagsvist.game.winner"), _describe_totals)

TOTALS_CODE: Final = _RESULT.claim(
    "felagsvist/code-totals",
    "The engine's add_deal and winning_side, run on symbolic integer totals and scores, add each side's "
    "deal score to its total and name the side with the higher total (none when level), for all integers.",
    lambda: _totals_formula(leading_side),
    wrong=_RESULT.claim(
        "felagsvist/code-totals-lower-wins",
        "The same, against a reading where the side with the lower total wins.",
        lambda: _totals_formula(_lower_wins),
    ),
)


# -- the end of the game -------------------------------------------------------------------

_DEAL_NUMBER: Final = int_var("code deal just played")
_PLAY_ON: Final = bool_var("code tiebreak play-on")

Over = Callable[[Int, Int, Int, Bool], Bool]


def _end_formula(over: Over) -> Bool:
    ns, ew = _TOTALS
    stated = ite(over(_DEAL_NUMBER, ns, ew, _PLAY_ON), int_val(1), int_val(0))
    return all_of(
        (_PLAY_ON if tiebreak is Tiebreak.PLAY_ON else ~_PLAY_ON).implies(
            agrees(engine_play.game_ends, (_DEAL_NUMBER, _TOTALS, tiebreak), stated)
        )
        for tiebreak in Tiebreak
    )


def _describe_end(model: Model) -> str:
    deal, ns, ew = (model.int_value(v) for v in (_DEAL_NUMBER, *_TOTALS))
    tiebreak = Tiebreak.PLAY_ON if model.bool_value(_PLAY_ON) else Tiebreak.NONE
    return (
        f"after deal {deal} with totals {ns}-{ew} and tiebreak={tiebreak.value}: game_ends (the engine) "
        f"gives {engine_play.game_ends(deal, (ns, ew), tiebreak)}"
    )


def _fourteenth_deal(deal: Int, ns: Int, ew: Int, play_on: Bool) -> Bool:
    """A misreading: a tie after deal 13 under play-on is played on once more."""
    return (deal > 13) | ((deal.eq(12) | deal.eq(13)) & (~play_on | ns.ne(ew)))


_END: Final = Family(("felagsvist.game.twelve-deals", "felagsvist.game.tie"), _describe_end)

GAME_END_CODE: Final = _END.claim(
    "felagsvist/code-game-end",
    "The engine's game_ends, run on a symbolic deal number and totals under both tiebreak values, ends "
    "the game after deal 12 unless play-on meets level totals, and after deal 13 in any case.",
    lambda: _end_formula(game_over),
    wrong=_END.claim(
        "felagsvist/code-game-end-fourteenth-deal",
        "The same, against a reading where a tie after deal 13 under play-on is played on again.",
        lambda: _end_formula(_fourteenth_deal),
    ),
)
