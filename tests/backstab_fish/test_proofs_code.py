"""Backstab Fish's proofs over the engine's ask and score code: each proved once, refuted when broken.

The claims of :mod:`proofs.backstab_fish.code` run the engine's own functions
on z3 terms, so a break here changes the engine (monkeypatched, as a wrong
line would) and the claim must then be refuted with a counterexample.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

import pytest

import cardrules.games.backstab_fish.lay_down as engine_lay_down
import cardrules.games.backstab_fish.scoring as engine_scoring
import cardrules.games.backstab_fish.turn as engine
from proofs.backstab_fish import code
from tests.support.proofs import Break, assert_passes, assert_refuted

TESTED: Final = (code.ASK_CODE, code.LAY_DOWN_CODE, code.SCORES_CODE)
"""The claims proved here (``test_proofs.py`` checks every claim of the game is proved somewhere)."""


@pytest.mark.rule("backstab_fish.ask.target")
@pytest.mark.rule("backstab_fish.ask.rank")
@pytest.mark.rule("backstab_fish.ask.count")
def test_the_engines_ask_conditions_are_the_rules_for_every_input(request: pytest.FixtureRequest) -> None:
    assert_passes(code.ASK_CODE, request)


@pytest.mark.rule("backstab_fish.sets.lay-down")
def test_the_engines_formable_sets_are_the_rules_for_every_hand(request: pytest.FixtureRequest) -> None:
    assert_passes(code.LAY_DOWN_CODE, request)


@pytest.mark.rule("backstab_fish.score.per-set")
@pytest.mark.rule("backstab_fish.score.winners")
def test_the_engines_points_and_winners_are_the_rules(request: pytest.FixtureRequest) -> None:
    assert_passes(code.SCORES_CODE, request)


def _may_ask_self(seat: int, target: int, sizes: tuple[int, ...], open_targets: bool) -> bool:
    """may_ask with `target != seat` dropped."""
    return sizes[target] > 0 or open_targets


def _askable_without_top_bit(hand: int) -> int:
    """askable_ranks with `hand >> 3` dropped: a rank held 8 times (1000 in its field) is not askable."""
    return (hand | hand >> 1 | hand >> 2) & int("1" * 14, 16)


def _count_from_zero(count: int, copies: int) -> bool:
    """count_allowed with `1 <= count` made `0 <= count`."""
    return 0 <= count <= copies


def _sets_by_three(hand: int) -> int:
    """sets_in reading a set off each field's top two bits only when the field is full (8 -> 1 set)."""
    return hand >> 3 & int("1" * 14, 16)


def _twos_count_once(sets: int) -> int:
    """points_for with a rank's two sets counted as one."""
    return (sets & int("1" * 14, 16)).bit_count() + (sets & int("2" * 14, 16)).bit_count()


def _first_winner_only(scores: Sequence[int]) -> tuple[int, ...]:
    """winners keeping only the first seat on the top score."""
    return (max(range(len(scores)), key=lambda seat: (scores[seat], -seat)),)


BREAKS: Final = (
    Break(
        code.ASK_CODE, "the asker may ask themselves", lambda mp: mp.setattr(engine, "may_ask", _may_ask_self)
    ),
    Break(
        code.ASK_CODE,
        "a rank held 8 times cannot be asked for",
        lambda mp: mp.setattr(engine, "askable_ranks", _askable_without_top_bit),
    ),
    Break(
        code.ASK_CODE,
        "a count of 0 allowed",
        lambda mp: mp.setattr(engine, "count_allowed", _count_from_zero),
    ),
    Break(
        code.LAY_DOWN_CODE,
        "eight cards of a rank form one set",
        lambda mp: mp.setattr(engine_lay_down, "sets_in", _sets_by_three),
    ),
    Break(
        code.SCORES_CODE,
        "two sets of a rank score one point",
        lambda mp: mp.setattr(engine_scoring, "points_for", _twos_count_once),
    ),
    Break(
        code.SCORES_CODE,
        "a tie on top goes to the first seat",
        lambda mp: mp.setattr(engine_scoring, "winners", _first_winner_only),
    ),
)
"""At least one break of the engine for every claim above."""


def test_every_code_claim_has_a_break() -> None:
    assert {b.claim.name for b in BREAKS} == {claim.name for claim in TESTED}


@pytest.mark.parametrize("broken", BREAKS, ids=lambda b: f"{b.claim.name}: {b.bug}")
def test_the_claim_fails_on_a_broken_engine(broken: Break, monkeypatch: pytest.MonkeyPatch) -> None:
    broken.apply(monkeypatch)
    assert_refuted(broken.claim)
