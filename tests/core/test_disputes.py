"""tests/records/: a dispute in every game, written as a position and one action."""

from __future__ import annotations

import pytest

import cardrules
from cardrules.records import check, explain, load, record_of, replay
from tests.conftest import REPO_ROOT
from tests.support.cli import run_cardrules

DISPUTES = REPO_ROOT / "tests" / "records"

CASES = [
    ("felagsvist", "felagsvist.play.must-follow"),
    ("fildinski", "fildinski.endgame.must-head"),
    ("calabresella", "calabresella.play.follow"),
    ("backstab_fish", "backstab_fish.ask.rank"),
]


def _statement(game: str, rule: str) -> str:
    return cardrules.get_game(game).rules[rule].statement


def test_there_is_one_dispute_per_game() -> None:
    assert sorted(path.name for path in DISPUTES.glob("*-dispute.toml")) == sorted(
        f"{g}-dispute.toml" for g, _ in CASES
    )


@pytest.mark.parametrize(("game", "rule"), CASES)
def test_check_names_the_rule_with_its_statement(game: str, rule: str) -> None:
    path = DISPUTES / f"{game}-dispute.toml"
    done = run_cardrules("check", str(path))
    assert done.returncode == 1, done.stderr
    lines = done.stdout.splitlines()
    assert lines[1].startswith("step 0: ") and f"[{rule}" in lines[1]  # the rule a player cites, first
    assert lines[2] == f"  {rule}: {_statement(game, rule)}"
    assert lines[-1] == "result: 1 finding"


@pytest.mark.parametrize(("game", "rule"), CASES)
def test_a_dispute_is_a_position_and_one_action_that_replays_and_explains(game: str, rule: str) -> None:
    record = load(DISPUTES / f"{game}-dispute.toml")
    assert record.position is not None and record.deals == () and len(record.actions) == 1
    start = cardrules.from_position(record.position)
    assert start.position() == record.position  # written canonical
    report = check(record)
    assert not report.ok and report.violations[0].verdict.rule_ids[0] == rule
    explained = explain(record, 0)
    assert explained.position == start.position(future=False)  # the short form: what the dispute needs
    assert explained.full_position == explained.position_text(future=True) == record.position
    assert explained.statements[0] == (rule, _statement(game, rule))
    walk = replay(record)
    assert next(walk).position() == record.position  # the walk starts at the position
    with pytest.raises(cardrules.errors.IllegalActionError):
        next(walk)


@pytest.mark.parametrize(("game", "rule"), CASES)
def test_judge_poses_the_dispute_without_a_file(game: str, rule: str) -> None:
    record = load(DISPUTES / f"{game}-dispute.toml")
    assert record.position is not None
    done = run_cardrules("judge", record.position, record.actions[0].text)
    assert done.returncode == 1, done.stderr
    assert f"[{rule}" in done.stdout.splitlines()[0]
    assert f"  {rule}: {_statement(game, rule)}" in done.stdout.splitlines()
    legal = cardrules.from_position(record.position).legal_actions()[0]
    assert run_cardrules("judge", record.position, str(legal)).returncode == 0


@pytest.mark.parametrize(("game", "rule"), CASES)
def test_position_prints_the_position_before_a_step(game: str, rule: str) -> None:
    path = DISPUTES / f"{game}-dispute.toml"
    record = load(path)
    assert record.position is not None
    start = cardrules.from_position(record.position)
    before = run_cardrules("position", str(path), "--step", "0")
    assert before.returncode == 0 and before.stdout.strip() == start.position(future=False)
    full = run_cardrules("position", str(path), "--step", "0", "--full")
    assert full.returncode == 0 and full.stdout.strip() == record.position
    # step 1 is past the only action, an illegal one. The walk follows the game as it was
    # played, as a lenient check does: a revoke is played as recorded, anything else skipped.
    verdict, played = start.attempt(start.parse_action(record.actions[0].text), lenient=True)
    assert not verdict.legal
    after = run_cardrules("position", str(path), "--step", "1").stdout.strip()
    if game == "backstab_fish":  # an ask for a rank not held: never carried out
        assert played is None and after == record.position == start.position(future=False)
    else:
        assert played is not None and after == played.position(future=False) != record.position
    past = run_cardrules("position", str(path), "--step", "2")
    assert past.returncode == 2 and "is not a step of the record" in past.stderr


def test_position_after_legal_steps_and_record_of_a_position() -> None:
    game = cardrules.get_game("felagsvist", first_dealer="N")
    start = game.new_game(seed=4)
    state = start
    played = []
    for _ in range(6):
        action = state.legal_actions()[-1]
        played.append(action)
        state = state.apply(action)
    # a record of the last three actions, from the position after the first three
    at_three = start
    for action in played[:3]:
        at_three = at_three.apply(action)
    from_three = game.from_position(at_three.position())
    record = record_of(game, state, played[3:], position=from_three.position())
    assert record.position == at_three.position() and record.deals == ()
    states = list(replay(record))
    assert [s.position() for s in states][-1] == state.position()
