"""Fildinski's proofs over the engine's scoring code: each proved once, and refuted on a broken engine.

The claims of :mod:`proofs.fildinski.code_scoring` and :mod:`proofs.fildinski.code_trick` call or
run the engine's own functions and tables, so a break here changes the engine (monkeypatched,
as a wrong line would) and the claim must then be refuted with a counterexample.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Final

import pytest

import cardrules.games.fildinski.meld_conditions as engine_conditions
import cardrules.games.fildinski.melds as engine_melds
import cardrules.games.fildinski.scoring as engine
from cardrules.games.fildinski.options import BeziquePair, FildinskiOptions, LastTrickBonus
from proofs.fildinski import code_melds, code_scoring, code_trick
from tests.support.proofs import Break, assert_passes, assert_refuted

TESTED: Final = (
    code_scoring.DEAL_POINTS_CODE,
    code_scoring.MELDS_CODE,
    code_trick.TRICK_POINTS_CODE,
    code_melds.MELD_CONDITIONS_CODE,
)
"""The claims proved here (``test_proofs.py`` checks every claim of the game is proved somewhere)."""


@pytest.mark.rule("fildinski.score.brisques")
@pytest.mark.rule("fildinski.deal.turned-seven")
@pytest.mark.rule("fildinski.game.deal-end")
def test_the_engines_deal_points_are_the_rules_for_every_input(request: pytest.FixtureRequest) -> None:
    assert_passes(code_scoring.DEAL_POINTS_CODE, request)


@pytest.mark.rule("fildinski.score.brisques")
@pytest.mark.rule("fildinski.score.trump-seven")
@pytest.mark.rule("fildinski.score.last-trick")
def test_the_engines_trick_points_are_the_rules_for_every_input(request: pytest.FixtureRequest) -> None:
    assert_passes(code_trick.TRICK_POINTS_CODE, request)


@pytest.mark.rule("fildinski.meld.fresh-card")
@pytest.mark.rule("fildinski.meld.same-kind-once")
@pytest.mark.rule("fildinski.meld.class-order")
def test_the_engines_meld_conditions_are_the_rules_for_every_meld(request: pytest.FixtureRequest) -> None:
    assert_passes(code_melds.MELD_CONDITIONS_CODE, request)


@pytest.mark.rule("fildinski.meld.kinds")
@pytest.mark.rule("fildinski.meld.bezique-pair")
def test_the_engines_meld_table_is_the_specifications_entry_by_entry(request: pytest.FixtureRequest) -> None:
    assert_passes(code_scoring.MELDS_CODE, request)


def _kings_are_brisques(card: int) -> bool:
    """is_brisque with `>= 6` moved to `>= 5`."""
    return (card >> 1) & 7 >= 5


def _seven_for_the_other_seat(turnup: int, dealer: int) -> tuple[int, ...]:
    """opening_points giving the turned seven's 10 to the non-dealer."""
    if (turnup >> 1) & 7 == 0:
        return engine.add_points(engine.NO_POINTS, engine.Category.TURNED_SEVEN, 1 - dealer, 10)
    return engine.NO_POINTS


def _first_slot_dropped(points: tuple[int, ...]) -> tuple[int, int]:
    """seat_totals starting each seat's sum at its second category."""
    return sum(points[2::2]), sum(points[3::2])


_ROYAL_MARRIAGE_20: Final = MappingProxyType(
    {**engine_melds.MELD_POINTS, engine_melds.MeldKind.ROYAL_MARRIAGE: 20}
)


def _bezique_always_standard(trump: int, pair: BeziquePair) -> tuple[int, int]:
    """bezique_kinds with the klaverjas_hartendame case dropped."""
    return 8 * 3 + 4, 8 * 1 + 3


_KINGS_SCORE: Final = bytes(10 if (card >> 1) & 7 >= 5 else 0 for card in range(64))
"""The brisque table with the kings in it."""

_BRISQUE_POINTS: Final = engine._BRISQUE_POINTS
"""The engine's table, by the name the broken score_trick below reads (the proof gives it a symbolic view)."""


def _sevens_to_the_winner(
    points: tuple[int, ...],
    trick: tuple[int, int],
    leader: int,
    winner: int,
    trump: int,
    options: FildinskiOptions,
    number: int,
) -> tuple[int, ...]:
    """score_trick giving every trump 7 to the trick's winner, whatever trump_seven_points says."""
    led, follow = trick
    out = points
    brisques = _BRISQUE_POINTS[led] + _BRISQUE_POINTS[follow]
    if brisques:
        out = engine.add_points(out, engine.Category.BRISQUES, winner, brisques)
    seven = 8 * trump
    for card in (led, follow):
        if card >> 1 == seven:
            out = engine.add_points(out, engine.Category.TRUMP_SEVENS, winner, 10)
    if number == (24 if options.last_trick_bonus is LastTrickBonus.STOCK_END else 32):
        out = engine.add_points(out, engine.Category.LAST_TRICK, winner, 10)
    return out


def _fresh_whatever_the_option(s: engine_conditions.MeldView) -> int:
    """fresh_cards ignoring ``meld_needs_trick_card = false``."""
    return s.fresh


def _reused_of_the_next_kind(used: tuple[int, ...], order: int) -> int:
    """reused_at reading the used cards of the next kind of the table."""
    return used[(order + 1) % len(used)]


_BEZIQUE_NOT_OUTRANKED: Final = tuple(
    -1 if kind is engine_melds.MeldKind.BEZIQUE else order
    for kind, order in zip(engine_melds.MeldKind, engine_conditions._HIGHER_ORDER, strict=True)
)
"""The class-order table without its bezique row: a double bezique's cards may form a bezique later."""


BREAKS: Final = (
    Break(
        code_melds.MELD_CONDITIONS_CODE,
        "melds need a fresh card under meld_needs_trick_card = false",
        lambda mp: mp.setattr(engine_conditions, "fresh_cards", _fresh_whatever_the_option),
    ),
    Break(
        code_melds.MELD_CONDITIONS_CODE,
        "same-kind-once reads the next kind's used cards",
        lambda mp: mp.setattr(engine_conditions, "reused_at", _reused_of_the_next_kind),
    ),
    Break(
        code_melds.MELD_CONDITIONS_CODE,
        "a bezique may reuse a double bezique's cards",
        lambda mp: mp.setattr(engine_conditions, "_HIGHER_ORDER", _BEZIQUE_NOT_OUTRANKED),
    ),
    Break(
        code_scoring.DEAL_POINTS_CODE,
        "kings are brisques",
        lambda mp: mp.setattr(engine, "is_brisque", _kings_are_brisques),
    ),
    Break(
        code_scoring.DEAL_POINTS_CODE,
        "the turned seven scores for the other seat",
        lambda mp: mp.setattr(engine, "opening_points", _seven_for_the_other_seat),
    ),
    Break(
        code_scoring.DEAL_POINTS_CODE,
        "seat totals miss the turned seven",
        lambda mp: mp.setattr(engine, "seat_totals", _first_slot_dropped),
    ),
    Break(
        code_trick.TRICK_POINTS_CODE,
        "kings score as brisques in the table",
        lambda mp: mp.setattr(engine, "_BRISQUE_POINTS", _KINGS_SCORE),
    ),
    Break(
        code_trick.TRICK_POINTS_CODE,
        "the last trick is the 31st",
        lambda mp: mp.setattr(engine, "DEAL_TRICKS", 31),
    ),
    Break(
        code_trick.TRICK_POINTS_CODE,
        "a trump 7 scores for the winner under played",
        lambda mp: mp.setattr(engine, "score_trick", _sevens_to_the_winner),
    ),
    Break(
        code_scoring.MELDS_CODE,
        "a royal marriage scores 20 in the table",
        lambda mp: mp.setattr(engine_melds, "MELD_POINTS", _ROYAL_MARRIAGE_20),
    ),
    Break(
        code_scoring.MELDS_CODE,
        "the klaverjas_hartendame bezique ignored",
        lambda mp: mp.setattr(engine_melds, "bezique_kinds", _bezique_always_standard),
    ),
)
"""At least one break of the engine for every claim above."""


def test_every_code_claim_has_a_break() -> None:
    assert {b.claim.name for b in BREAKS} == {claim.name for claim in TESTED}


@pytest.mark.parametrize("broken", BREAKS, ids=lambda b: f"{b.claim.name}: {b.bug}")
def test_the_claim_fails_on_a_broken_engine(broken: Break, monkeypatch: pytest.MonkeyPatch) -> None:
    broken.apply(monkeypatch)
    assert_refuted(broken.claim)
