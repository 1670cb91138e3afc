"""The conformance kit: exported for every game, replayed clean, and able to catch a difference."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cardrules import GAMES, get_game
from cardrules.cli import main
from cardrules.testing.conformance import ConformanceError, export_kit, plain, replay_kit
from cardrules.testing.probing import candidate_actions, illegal_probes

GAME_NAMES = sorted(GAMES)


def _case(folder: Path, number: int) -> dict[str, object]:
    data = json.loads((folder / f"case-{number:04d}.json").read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


def _write(folder: Path, number: int, case: dict[str, object]) -> None:
    (folder / f"case-{number:04d}.json").write_text(json.dumps(case), encoding="utf-8")


@pytest.mark.parametrize("game", GAME_NAMES)
def test_the_kit_of_every_game_replays_clean(tmp_path: Path, game: str) -> None:
    written = export_kit(game, tmp_path, cases=12, seed=3)
    assert len(written) == 12
    assert replay_kit(tmp_path) == []
    manifest = json.loads((tmp_path / "manifest.json").read_text(encoding="utf-8"))
    assert manifest["game"] == game and manifest["cases"] == [path.name for path in written]
    cases = [_case(tmp_path, n) for n in range(1, 13)]
    assert any(case["to_act"] is None and case["legal"] == [] for case in cases), "no final position"
    assert all(case["illegal"] for case in cases), "every case probes at least one illegal action"
    rules = {rule for case in cases for probe in case["illegal"] for rule in probe["rules"]}  # type: ignore[attr-defined]
    assert any(not rule.startswith("common.") for rule in rules), f"only common rules probed: {rules}"


@pytest.mark.parametrize("game", GAME_NAMES)
def test_a_kit_is_the_same_on_every_export(tmp_path: Path, game: str) -> None:
    export_kit(game, tmp_path / "a", cases=4, seed=9)
    export_kit(game, tmp_path / "b", cases=4, seed=9)
    for path in sorted((tmp_path / "a").iterdir()):
        assert path.read_bytes() == (tmp_path / "b" / path.name).read_bytes()


def test_replay_reports_a_legal_set_an_observation_and_a_verdict_that_differ(tmp_path: Path) -> None:
    export_kit("felagsvist", tmp_path, cases=3, seed=1)
    case = _case(tmp_path, 2)
    legal = case["legal"]
    assert isinstance(legal, list) and legal
    case["legal"] = legal[1:]
    observation = case["observation"]
    assert isinstance(observation, dict)
    observation["hand_sizes"] = [0, 0, 0, 0]
    probes = case["illegal"]
    assert isinstance(probes, list) and probes
    probes[0]["rules"] = ["felagsvist.play.no-such-rule"]
    _write(tmp_path, 2, case)
    problems = replay_kit(tmp_path)
    assert len(problems) == 3 and all(problem.startswith("case-0002.json: ") for problem in problems)
    assert "observation differs" in problems[0] and "legal is" in problems[1]
    assert "not as the kit says" in problems[2]


def test_replay_refuses_a_kit_it_cannot_read(tmp_path: Path) -> None:
    with pytest.raises(ConformanceError, match=r"manifest\.json: no such file"):
        replay_kit(tmp_path)
    (tmp_path / "manifest.json").write_text("{", encoding="utf-8")
    with pytest.raises(ConformanceError, match="not a JSON file"):
        replay_kit(tmp_path)
    (tmp_path / "manifest.json").write_text('{"format": 99}', encoding="utf-8")
    with pytest.raises(ConformanceError, match="not a format-1 conformance file"):
        replay_kit(tmp_path)


def test_the_commands_export_and_check_a_kit(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        main(
            [
                "export-conformance",
                "felagsvist",
                str(tmp_path),
                "--cases",
                "3",
                "--option",
                "scoring=odd-tricks",
            ]
        )
        == 0
    )
    assert "3 felagsvist conformance cases" in capsys.readouterr().out
    assert (
        json.loads((tmp_path / "manifest.json").read_text(encoding="utf-8"))["options"]["scoring"]
        == "odd-tricks"
    )
    assert main(["check-conformance", str(tmp_path)]) == 0
    assert "agrees with the reference" in capsys.readouterr().out
    case = _case(tmp_path, 1)
    case["to_act"] = "p9"
    _write(tmp_path, 1, case)
    assert main(["check-conformance", str(tmp_path)]) == 1
    assert "1 differences" in capsys.readouterr().out
    assert main(["export-conformance", "felagsvist", str(tmp_path), "--cases", "0"]) == 2
    assert main(["check-conformance", str(tmp_path / "missing")]) == 2
    assert capsys.readouterr().err.count("\n") == 2


def test_probes_are_illegal_and_name_distinct_rule_sets() -> None:
    state = get_game("felagsvist", first_dealer="N").new_game(seed=4)
    for _ in range(2):
        state = state.apply(state.legal_actions()[0])
    probes = illegal_probes(state)
    assert len({verdict.rule_ids for _, verdict in probes}) == len(probes) >= 2
    assert all(not state.check(action).legal for action, _ in probes)
    assert set(map(str, state.legal_actions())) <= set(map(str, candidate_actions(state)))


def test_plain_turns_values_into_json() -> None:
    state = get_game("felagsvist", first_dealer="N").new_game(seed=4)
    observed = plain(state.observation(1))
    assert isinstance(observed, dict)
    assert json.loads(json.dumps(observed)) == observed
    assert observed["seat"] == 1 and len(observed["hand"]) == 13


def test_a_kit_exported_over_an_older_one_leaves_none_of_its_cases(tmp_path: Path) -> None:
    kit = tmp_path / "kit"
    export_kit("felagsvist", kit, cases=6, seed=1)
    (kit / "notes.txt").write_text("mine", encoding="utf-8")
    (kit / "case-0099.json").write_text("{}", encoding="utf-8")  # named as a case: the kit's own
    assert main(["export-conformance", "felagsvist", str(kit), "--cases", "3", "--seed", "2"]) == 0
    assert sorted(path.name for path in kit.iterdir()) == [
        "case-0001.json",
        "case-0002.json",
        "case-0003.json",
        "manifest.json",
        "notes.txt",
    ]
    assert replay_kit(kit) == []


@pytest.mark.rule("common.game.over")
def test_a_probe_without_an_actor_after_the_end_is_judged_game_over(tmp_path: Path) -> None:
    export_kit("calabresella", tmp_path, cases=9, seed=0)
    path = tmp_path / "case-0009.json"
    case = json.loads(path.read_text(encoding="utf-8"))
    assert case["to_act"] is None  # the end of the hand
    probe = dict(case["illegal"][0])
    assert probe["rules"] == ["common.game.over"]
    case["illegal"].append({**probe, "action": probe["action"].split(maxsplit=1)[1]})  # "play 2H"
    path.write_text(json.dumps(case), encoding="utf-8")
    assert replay_kit(tmp_path) == []
