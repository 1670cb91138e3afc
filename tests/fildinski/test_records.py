"""Fildinski records: the golden disputed records, the example game and random round trips.

Each file under ``tests/fildinski/records/`` is the start of a real game with
one disputed action at its last step; :data:`DISPUTES` says which step and
which rule a check must name first. Random games with random options go
through the record text and back and replay to the same state.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Final

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardrules import get_game
from cardrules.game import Action, AnyGame, AnyState
from cardrules.games.fildinski import FildinskiState
from cardrules.records import check, dumps, format_report, load, loads, record_of, replay
from tests.fildinski.test_stateful import OPTIONS
from tests.support.cli import run_cardrules
from tests.support.golden import assert_rejected_at, disputed_rule

REPO: Final = Path(__file__).resolve().parents[2]
DISPUTED: Final = Path(__file__).resolve().parent / "records"
EXAMPLE: Final = REPO / "examples" / "records" / "fildinski-complete.toml"

DISPUTES: Final[dict[str, tuple[int, tuple[str, ...]]]] = {
    "endgame-must-head.toml": (
        79,
        ("fildinski.endgame.must-head", "fildinski.endgame.must-follow", "fildinski.endgame.legal-set"),
    ),
    "endgame-must-follow.toml": (73, ("fildinski.endgame.must-follow", "fildinski.endgame.legal-set")),
    "endgame-must-trump.toml": (75, ("fildinski.endgame.must-trump", "fildinski.endgame.legal-set")),
    "meld-without-fresh-card.toml": (26, ("fildinski.meld.fresh-card",)),
    "meld-card-reused-in-kind.toml": (35, ("fildinski.meld.same-kind-once",)),
    "meld-by-trick-loser.toml": (47, ("common.turn.player-to-act", "fildinski.meld.who-and-when")),
    "meld-after-last-draw.toml": (72, ("fildinski.endgame.no-melding",)),
    "meld-three-in-one-step.toml": (23, ("fildinski.meld.per-step",)),
}
"""Each golden record: the step of its disputed action and the rule ids the verdict names, in order."""


def test_every_golden_record_is_listed() -> None:
    assert {path.name for path in DISPUTED.glob("*.toml")} == set(DISPUTES)


@pytest.mark.parametrize(
    "name",
    [
        pytest.param(name, marks=pytest.mark.rule(disputed_rule(DISPUTES[name][1])))
        for name in sorted(DISPUTES)
    ],
)
def test_a_golden_record_is_rejected_at_its_disputed_step(name: str) -> None:
    step, rules = DISPUTES[name]
    assert_rejected_at(DISPUTED / name, step, rules)
    lenient = check(load(DISPUTED / name), mode="lenient")
    assert [v.step for v in lenient.violations] == [step] and lenient.steps == step + 1


def test_the_must_head_record_names_the_card_that_should_have_been_played() -> None:
    report = check(load(DISPUTED / "endgame-must-head.toml"))
    violation = report.first_violation
    assert violation is not None
    assert "must head the trick" in violation.verdict.reason and "holds K♠ 10♠" in violation.verdict.reason


@pytest.mark.rule("fildinski.endgame.must-head")
def test_the_command_line_check_rejects_the_must_head_record() -> None:
    result = run_cardrules("check", str(DISPUTED / "endgame-must-head.toml"))
    assert result.returncode == 1, result.stderr
    assert "fildinski.endgame.must-head" in result.stdout


def test_the_example_game_checks_clean_and_is_canonical() -> None:
    record = load(EXAMPLE)
    report = check(record)
    assert report.ok, format_report(report, EXAMPLE.name)
    assert report.finished and report.claims_match is True
    assert len(record.deals) >= 2
    assert dumps(record) == EXAMPLE.read_text(encoding="utf-8")
    texts = [entry.text for entry in record.actions]
    assert any(" dix " in t for t in texts) and any(" meld " in t and "none" not in t for t in texts)


def same_position(a: FildinskiState, b: AnyState) -> bool:
    """Two states of one game agree on every zone, score and history (their deal plans may differ)."""
    assert isinstance(b, FildinskiState)
    fields: tuple[str, ...] = (
        "hands",
        "won",
        "retired",
        "drawn",
        "turnup",
        "trick",
        "tricks_done",
        "in_meld_step",
        "fresh",
    )
    fields += ("dix_done", "points", "used", "melds", "dix", "history", "current_player", "leader")
    return all(getattr(a, f) == getattr(b, f) for f in fields) and (
        a.deal.deck,
        a.deal.totals,
        a.deal.finished,
        a.deal.dealer,
        a.deal_number,
    ) == (b.deal.deck, b.deal.totals, b.deal.finished, b.deal.dealer, b.deal_number)


def _play(game: AnyGame, seed: int, policy: int, limit: int | None) -> tuple[AnyState, list[Action]]:
    rng = random.Random(policy)
    state = game.new_game(seed)
    played: list[Action] = []
    while not state.is_terminal and (limit is None or len(played) < limit):
        action = rng.choice(state.legal_actions())
        played.append(action)
        state = state.apply(action)
    return state, played


@given(
    options=OPTIONS,
    seed=st.integers(0, 2**32 - 1),
    policy=st.integers(0, 2**32 - 1),
    limit=st.one_of(st.none(), st.integers(0, 150)),
)
def test_random_games_round_trip_through_records(
    options: dict[str, object], seed: int, policy: int, limit: int | None
) -> None:
    game = get_game("fildinski", **options)
    final, played = _play(game, seed, policy, limit)
    record = record_of(game, final, played, claimed_scores=final.scores())
    text = dumps(record)
    again = loads(text)
    assert again == record and dumps(again) == text
    states = list(replay(again))
    assert len(states) == len(played) + 1
    last = states[-1]
    assert isinstance(last, FildinskiState)
    assert same_position(last, final)
    assert last.scores() == final.scores() and last.is_terminal == final.is_terminal
    report = check(again)
    assert report.ok and report.checked == len(played)
    assert dumps(record, form="json") and loads(dumps(record, form="json"), form="json") == record
