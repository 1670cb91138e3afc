"""Calabresella records: the golden disputed records, the example hand and random round trips.

Each file under ``tests/calabresella/records/`` is the start of a hand (or a
whole hand) with one disputed point; :data:`DISPUTES` says at which step a
check must stop and which rule ids its verdict names, in order. One record
disputes no action but a claimed payment. Random hands with random options go
through the record text (TOML and JSON) and back and replay to the same state.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Final

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardrules import get_game
from cardrules.game import Action
from cardrules.games.calabresella import CalabresellaGame, CalabresellaState, Phase
from cardrules.records import check, dumps, format_report, load, loads, record_of, replay
from tests.calabresella.test_stateful import OPTIONS
from tests.support.cli import run_cardrules
from tests.support.golden import assert_rejected_at, disputed_rule

REPO: Final = Path(__file__).resolve().parents[2]
DISPUTED: Final = Path(__file__).resolve().parent / "records"
EXAMPLE: Final = REPO / "examples" / "records" / "calabresella-complete.toml"

DISPUTES: Final[dict[str, tuple[int, tuple[str, ...]]]] = {
    "revoke.toml": (3, ("calabresella.play.follow",)),
    "call-held-card.toml": (3, ("calabresella.exchange.call",)),
    "discard-three-cards.toml": (3, ("calabresella.exchange.discard",)),
    "return-called-card.toml": (4, ("calabresella.exchange.return",)),
    "return-before-monte.toml": (4, ("common.cards.held",)),
    "bid-after-pass.toml": (3, ("common.turn.player-to-act", "calabresella.bidding.pass-final")),
    "bid-not-higher.toml": (1, ("calabresella.bidding.overcall",)),
    "second-call-from-monte.toml": (
        4,
        ("calabresella.exchange.called-in-monte", "calabresella.procedure.phases"),
    ),
    "solissimo-discard.toml": (2, ("calabresella.exchange.solissimo", "calabresella.procedure.phases")),
    "raise-after-lead.toml": (
        3,
        (
            "common.turn.player-to-act",
            "calabresella.procedure.phases",
            "calabresella.exchange.solissimo-raise",
        ),
    ),
    "dividete-three-cards.toml": (2, ("calabresella.exchange.dividete",)),
    "play-after-all-pass.toml": (3, ("common.game.over",)),
}
"""Each golden record with an illegal step: that step and the rule ids its verdict names, in order."""

CLAIMS: Final = {"claimed-score-without-cappotto.toml": ((6, -3, -3), (12, -6, -6))}
"""Golden records whose dispute is the claimed payment: (claimed, actual) per seat."""


def test_every_golden_record_is_listed() -> None:
    assert {path.name for path in DISPUTED.glob("*.toml")} == set(DISPUTES) | set(CLAIMS)


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


@pytest.mark.rule("calabresella.scoring.cappotto")
@pytest.mark.rule("calabresella.scoring.payment")
def test_a_claim_that_forgets_cappotto_is_found() -> None:
    name = "claimed-score-without-cappotto.toml"
    record = load(DISPUTED / name)
    claimed, actual = CLAIMS[name]
    report = check(record)
    assert not report.ok and report.violations == () and report.finished
    assert report.claims_match is False
    assert tuple(record.claims[s] for s in range(3)) == claimed
    states = list(replay(record))
    final = states[-1]
    assert isinstance(final, CalabresellaState) and final.settlement is not None
    assert final.scores() == actual and final.settlement.cappotto


def test_the_verdicts_speak_in_the_players_terms() -> None:
    reasons = {
        name: check(load(DISPUTED / name)).first_violation for name in ("revoke.toml", "call-held-card.toml")
    }
    revoke, call = reasons["revoke.toml"], reasons["call-held-card.toml"]
    assert revoke is not None and "hearts were led and p1 holds 3♥ 6♥ 7♥ J♥" in revoke.verdict.reason
    assert call is not None and "p0 holds A♠" in call.verdict.reason


@pytest.mark.rule("calabresella.play.follow")
def test_the_command_line_check_rejects_the_revoke() -> None:
    result = run_cardrules("check", str(DISPUTED / "revoke.toml"))
    assert result.returncode == 1, result.stderr
    assert "calabresella.play.follow" in result.stdout


def test_the_example_hand_checks_clean_and_is_canonical() -> None:
    record = load(EXAMPLE)
    report = check(record)
    assert report.ok, format_report(report, EXAMPLE.name)
    assert report.finished and report.claims_match is True
    assert dumps(record) == EXAMPLE.read_text(encoding="utf-8")
    texts = [entry.text for entry in record.actions]
    assert any(" call " in t for t in texts) and any(" return " in t for t in texts)
    assert sum(" play " in t for t in texts) == 36


def _play(
    game: CalabresellaGame, seed: int, policy: int, limit: int | None
) -> tuple[CalabresellaState, list[Action]]:
    rng = random.Random(policy)
    state = game.new_game(seed)
    played: list[Action] = []
    while not state.is_terminal and (limit is None or len(played) < limit):
        actions = state.legal_actions()
        if state.phase is Phase.AUCTION and len(actions) > 1 and rng.random() < 0.6:
            actions = actions[1:2]
        action = rng.choice(actions)
        played.append(action)
        state = state.apply(action)
    return state, played


@pytest.mark.rule("common.action.known")
@given(
    options=OPTIONS,
    seed=st.integers(0, 2**32 - 1),
    policy=st.integers(0, 2**32 - 1),
    limit=st.one_of(st.none(), st.integers(0, 45)),
)
def test_random_hands_round_trip_through_records(
    options: dict[str, str], seed: int, policy: int, limit: int | None
) -> None:
    game = get_game("calabresella", **options)
    assert isinstance(game, CalabresellaGame)
    final, played = _play(game, seed, policy, limit)
    record = record_of(game, final, played, claimed_scores=final.scores())
    text = dumps(record)
    again = loads(text)
    assert again == record and dumps(again) == text
    assert loads(dumps(record, form="json"), form="json") == record
    states = list(replay(again))
    assert len(states) == len(played) + 1
    last = states[-1]
    assert isinstance(last, CalabresellaState)
    assert (last.hands, last.monte, last.trick, last.tally, last.setup, last.phase) == (
        final.hands,
        final.monte,
        final.trick,
        final.tally,
        final.setup,
        final.phase,
    )
    assert last.scores() == final.scores() and last.is_terminal == final.is_terminal
    report = check(again)
    assert report.ok and report.checked == len(played)
    for action in played:
        assert str(last.parse_action(str(action))) == str(action)
