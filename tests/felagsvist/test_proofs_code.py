"""Félagsvist's proofs over the engine's scoring code: each proved once, and refuted on a broken engine.

The claims of :mod:`proofs.felagsvist.code_scoring` call or run the engine's
own functions, so a break here changes the engine (monkeypatched, as a wrong
line would) and the claim must then be refuted with a counterexample.
"""

from __future__ import annotations

from typing import Final

import pytest

import cardrules.games.felagsvist.play as engine_play
import cardrules.games.felagsvist.scoring as engine
from cardrules.games.felagsvist.options import RoundKind, Scoring, Tiebreak
from proofs.felagsvist import code_scoring
from tests.support.proofs import Break, assert_passes, assert_refuted

TESTED: Final = (code_scoring.DEAL_SCORES_CODE, code_scoring.TOTALS_CODE, code_scoring.GAME_END_CODE)
"""The claims proved here (``test_proofs.py`` checks every claim of the game is proved somewhere)."""


@pytest.mark.rule("felagsvist.score.trick-rounds")
@pytest.mark.rule("felagsvist.score.nolo")
def test_the_engines_deal_scores_are_the_rules_for_every_input(request: pytest.FixtureRequest) -> None:
    assert_passes(code_scoring.DEAL_SCORES_CODE, request)


@pytest.mark.rule("felagsvist.score.totals")
@pytest.mark.rule("felagsvist.game.winner")
def test_the_engines_totals_and_winner_are_the_rules_for_every_integer(
    request: pytest.FixtureRequest,
) -> None:
    assert_passes(code_scoring.TOTALS_CODE, request)


@pytest.mark.rule("felagsvist.game.twelve-deals")
@pytest.mark.rule("felagsvist.game.tie")
def test_the_engines_game_end_is_the_rules_for_every_deal_and_total(request: pytest.FixtureRequest) -> None:
    assert_passes(code_scoring.GAME_END_CODE, request)


_ORIGINAL_DEAL_SCORES: Final = engine.deal_scores
_ORIGINAL_GAME_ENDS: Final = engine_play.game_ends


def _nolo_like_hearts(kind: RoundKind, tricks_ns: int, scoring: Scoring) -> tuple[int, int]:
    """deal_scores with the Nóló swap dropped: each side scores its own tricks in Nóló too."""
    return _ORIGINAL_DEAL_SCORES(RoundKind.HEARTS, tricks_ns, scoring)


def _lower_total_wins(totals: tuple[int, int]) -> int | None:
    """winning_side with its comparison turned round."""
    ns, ew = totals
    return None if ns == ew else (0 if ns < ew else 1)


def _add_to_both(totals: tuple[int, int], scores: tuple[int, int]) -> tuple[int, int]:
    """add_deal giving NS's score to both sides."""
    return totals[0] + scores[0], totals[1] + scores[0]


def _fourteenth_deal(deal_number: int, totals: tuple[int, int], tiebreak: Tiebreak) -> bool:
    """game_ends with `deal_number >= 13` made `> 13`: a tie after deal 13 under play-on goes on."""
    if deal_number == 13:
        return _ORIGINAL_GAME_ENDS(12, totals, tiebreak)
    return _ORIGINAL_GAME_ENDS(deal_number, totals, tiebreak)


BREAKS: Final = (
    Break(
        code_scoring.DEAL_SCORES_CODE,
        "Nóló scored like a trump deal",
        lambda mp: mp.setattr(engine, "deal_scores", _nolo_like_hearts),
    ),
    Break(
        code_scoring.TOTALS_CODE,
        "the lower total wins",
        lambda mp: mp.setattr(engine, "winning_side", _lower_total_wins),
    ),
    Break(
        code_scoring.TOTALS_CODE,
        "NS's deal score added to both totals",
        lambda mp: mp.setattr(engine, "add_deal", _add_to_both),
    ),
    Break(
        code_scoring.GAME_END_CODE,
        "a tie after deal 13 under play-on goes on",
        lambda mp: mp.setattr(engine_play, "game_ends", _fourteenth_deal),
    ),
)
"""At least one break of the engine for every claim above."""


def test_every_code_claim_has_a_break() -> None:
    assert {b.claim.name for b in BREAKS} == {claim.name for claim in TESTED}


@pytest.mark.parametrize("broken", BREAKS, ids=lambda b: f"{b.claim.name}: {b.bug}")
def test_the_claim_fails_on_a_broken_engine(broken: Break, monkeypatch: pytest.MonkeyPatch) -> None:
    broken.apply(monkeypatch)
    assert_refuted(broken.claim)
