"""Fildinski's scoring code proved for every input: brisques, the turned seven, deal scores, the meld table.

- fildinski/code-deal-points: :func:`cardrules.games.fildinski.scoring.is_brisque`
  run on a symbolic card id (:mod:`proofs.symbolic`) says what the model's
  card values say, an A or a 10; :func:`~cardrules.games.fildinski.scoring.opening_points`
  called on all 64 turn-ups and both dealers (:mod:`proofs.exhaustive`, z3
  showing that is every input) gives the dealer 10 exactly for a 7;
  :func:`~cardrules.games.fildinski.scoring.seat_totals` run on 12 symbolic
  integers (:mod:`proofs.symbolic_int`) sums each seat's points.
- fildinski/code-melds: the engine's :data:`~cardrules.games.fildinski.melds.MELD_POINTS`
  table, built at import, and each :class:`~cardrules.games.fildinski.melds.MeldKind`'s
  ``points`` equal the specification's meld table entry by entry, and
  :func:`~cardrules.games.fildinski.melds.bezique_kinds` names the model's
  bezique cards for every trump and both ``bezique_pair`` values.

:func:`~cardrules.games.fildinski.scoring.score_trick` is proved in
:mod:`proofs.fildinski.code_trick`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

import cardrules.games.fildinski.melds as engine_melds
import cardrules.games.fildinski.scoring as engine
from cardrules.games.fildinski.options import BeziquePair
from proofs.claims import Family, Obligation
from proofs.exhaustive import Table, table_formula
from proofs.fildinski.melds import bezique_masks
from proofs.fildinski.model import (
    DECK,
    ID_BITS,
    MELD_VALUES,
    SEVEN,
    TEN,
    card_id,
    show_card,
    strength_of,
)
from proofs.symbolic import paths
from proofs.symbolic_int import agrees
from proofs.z3facade import BitVec, Bool, Int, Model, all_of, bool_var, bv_var, int_val, int_var, ite

__all__ = ["DEAL_POINTS_CODE", "MELDS_CODE"]

_CARD: Final = bv_var("code card id", ID_BITS)
_TURNUP: Final = bv_var("code turn-up id", ID_BITS)
_DEALER: Final = int_var("code dealer")
_POINTS: Final = tuple(int_var(f"code points slot {slot}") for slot in range(len(engine.NO_POINTS)))
_TURNED_SEVEN: Final = int(engine.Category.TURNED_SEVEN)

Brisque = Callable[[BitVec], Bool]


def _opening(point: tuple[int, ...]) -> tuple[int, ...]:
    turnup, dealer = point
    return engine.opening_points(turnup, dealer)


def _stated_opening(seven_scores: int) -> tuple[Int, ...]:
    """Each slot of the opening points: 10 for the dealer's turned-seven slot on a 7, else 0."""
    seven = strength_of(_TURNUP).eq(SEVEN)
    slots = []
    for slot in range(len(engine.NO_POINTS)):
        category, seat = divmod(slot, 2)
        if category == _TURNED_SEVEN:
            slots.append(ite(seven & _DEALER.eq(seat), int_val(seven_scores), int_val(0)))
        else:
            slots.append(int_val(0))
    return tuple(slots)


def _deal_formula(brisque: Brisque, seven_scores: int) -> tuple[Obligation, ...]:
    """One obligation per function: bit-vectors and integers in one query slow z3's default solver."""
    runs = paths(engine.is_brisque, (_CARD,), 1)
    brisques = all_of(run.condition.implies(run.result.eq(1).iff(brisque(_CARD))) for run in runs)
    table = Table.of((_TURNUP, _DEALER), ((t, d) for t in range(DECK) for d in (0, 1)), _opening)
    opening = table_formula(table, _DEALER.between(0, 1), _stated_opening(seven_scores))
    points = _POINTS
    totals = agrees(engine.seat_totals, (points,), (_sum(points[0::2]), _sum(points[1::2])))
    return (
        Obligation("is_brisque", brisques),
        Obligation("opening_points", opening),
        Obligation("seat_totals", totals),
    )


def _sum(terms: tuple[Int, ...]) -> Int:
    total = int_val(0)
    for term in terms:
        total = total + term
    return total


def _describe_deal(model: Model) -> str:
    card, turnup, dealer = model.bv_value(_CARD), model.bv_value(_TURNUP), model.int_value(_DEALER)
    points = tuple(model.int_value(p) for p in _POINTS)
    return (
        f"is_brisque({show_card(card)}) = {engine.is_brisque(card)}; opening_points for turn-up "
        f"{show_card(turnup)}, dealer {dealer}: {engine.opening_points(turnup, dealer)}; "
        f"seat_totals{points} = {engine.seat_totals(points)}"
    )


def _brisque(card: BitVec) -> Bool:
    """An A or a 10 (the model's card values)."""
    return strength_of(card).uge(TEN)


_DEAL: Final = Family(
    ("fildinski.score.brisques", "fildinski.deal.turned-seven", "fildinski.game.deal-end"), _describe_deal
)

DEAL_POINTS_CODE: Final = _DEAL.claim(
    "fildinski/code-deal-points",
    "The engine's is_brisque (a symbolic id) names the A and 10 cards; its opening_points (all 64 turn-ups, "
    "both dealers) gives the dealer 10 exactly for a 7; its seat_totals (12 symbolic slots) sums each "
    "seat's points.",
    lambda: _deal_formula(_brisque, 10),
    wrong=_DEAL.claim(
        "fildinski/code-deal-points-turned-seven-20",
        "The same, against a reading where a turned-up 7 scores 20.",
        lambda: _deal_formula(_brisque, 20),
    ),
)


# -- the meld table and the bezique pair ------------------------------------------------------

_KIND: Final = int_var("code meld kind")
_TRUMP: Final = bv_var("code trump suit", 2)
_VARIANT: Final = bool_var("code bezique_pair klaverjas_hartendame")
_KINDS: Final = tuple(engine_melds.MeldKind)

Values = Callable[[str], int]


def _kind_ids(kind: int) -> int:
    """The two physical cards of a card kind, as a set of ids (fildinski.deck.card-identity)."""
    suit, strength = divmod(kind, 8)
    return (1 << card_id(suit, strength, 1)) | (1 << card_id(suit, strength, 2))


def _engine_meld(point: tuple[int, ...]) -> tuple[int, ...]:
    kind = _KINDS[point[0]]
    return engine_melds.MELD_POINTS[kind], kind.points


def _engine_pair(point: tuple[int, ...]) -> tuple[int, ...]:
    trump, variant = point
    pair = BeziquePair.KLAVERJAS_HARTENDAME if variant else BeziquePair.STANDARD
    queen, jack = engine_melds.bezique_kinds(trump, pair)
    return _kind_ids(queen), _kind_ids(jack)


def _melds_formula(values: Values) -> Bool:
    stated = int_val(0)
    for index, kind in enumerate(_KINDS):
        stated = ite(_KIND.eq(index), int_val(values(kind.label)), stated)
    melds = Table.of((_KIND,), ((i,) for i in range(len(_KINDS))), _engine_meld)
    pairs = Table.of((_TRUMP, _VARIANT), ((t, v) for t in range(4) for v in (0, 1)), _engine_pair)
    return table_formula(melds, _KIND.between(0, len(_KINDS) - 1), (stated, stated)) & table_formula(
        pairs, _VARIANT | ~_VARIANT, bezique_masks(_TRUMP, _VARIANT)
    )


def _spec_value(label: str) -> int:
    """The specification's meld table, by the engine's label (its common marriage is ``marriage``)."""
    return MELD_VALUES["common marriage" if label == "marriage" else label]


def _describe_melds(model: Model) -> str:
    index = model.int_value(_KIND)
    kind = _KINDS[index] if 0 <= index < len(_KINDS) else None
    trump, variant = model.bv_value(_TRUMP), model.bool_value(_VARIANT)
    meld = f"{kind.label}: MELD_POINTS {_engine_meld((index,))}" if kind else f"kind #{index}"
    return (
        f"{meld}; trump {trump}, klaverjas_hartendame {variant}: bezique ids {_engine_pair((trump, variant))}"
    )


def _double_bezique_300(label: str) -> int:
    """A misreading of the meld table: a double bezique scores 300."""
    return 300 if label == "double bezique" else _spec_value(label)


_MELDS: Final = Family(("fildinski.meld.kinds", "fildinski.meld.bezique-pair"), _describe_melds)

MELDS_CODE: Final = _MELDS.claim(
    "fildinski/code-melds",
    "The engine's MELD_POINTS table, built at import, and each kind's points equal the specification's meld "
    "table entry by entry; its bezique_kinds names the model's bezique queen and jack for every trump and "
    "both bezique_pair values.",
    lambda: _melds_formula(_spec_value),
    wrong=_MELDS.claim(
        "fildinski/code-melds-double-bezique-300",
        "The same, against a meld table where a double bezique scores 300.",
        lambda: _melds_formula(_double_bezique_300),
    ),
)
