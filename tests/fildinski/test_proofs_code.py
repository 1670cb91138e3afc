"""Fildinski's proofs over the engine's scoring code: each proved once, and refuted on a broken engine.

The claims of :mod:`proofs.fildinski.code_scoring` call or run the engine's
own functions and tables, so a break here changes the engine (monkeypatched,
as a wrong line would) and the claim must then be refuted with a counterexample.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Final

import pytest

import cardrules.games.fildinski.melds as engine_melds
import cardrules.games.fildinski.scoring as engine
from cardrules.games.fildinski.options import BeziquePair
from proofs.fildinski import code_scoring
from tests.support.proofs import Break, assert_passes, assert_refuted

TESTED: Final = (code_scoring.DEAL_POINTS_CODE, code_scoring.MELDS_CODE)
"""The claims proved here (``test_proofs.py`` checks every claim of the game is proved somewhere)."""


@pytest.mark.rule("fildinski.score.brisques")
@pytest.mark.rule("fildinski.deal.turned-seven")
@pytest.mark.rule("fildinski.game.deal-end")
def test_the_engines_deal_points_are_the_rules_for_every_input(request: pytest.FixtureRequest) -> None:
    assert_passes(code_scoring.DEAL_POINTS_CODE, request)


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


BREAKS: Final = (
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
