"""cardrules.testing: the strategies, the assertions and the legal-set comparison, for every game."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest
from hypothesis import find, given, settings
from hypothesis import strategies as st

import cardrules
from cardrules import GAMES, get_game
from cardrules.game import AnyState
from cardrules.testing import (
    Played,
    assert_illegal,
    assert_legal,
    assert_same_legal_actions,
    compare_legal_actions,
    game_options,
    illegal_actions,
    legal_actions,
    option_values,
    plays,
    positions,
    records,
)
from tests.conftest import REPO_ROOT

GAME_NAMES = sorted(GAMES)


def _toy() -> ModuleType:
    path = REPO_ROOT / "examples" / "toy_whist.py"
    spec = importlib.util.spec_from_file_location("toy_whist", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("toy_whist", module)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("game", GAME_NAMES)
@given(data=st.data())
def test_drawn_options_are_accepted_and_drawn_positions_are_reachable(game: str, data: st.DataObject) -> None:
    options = data.draw(game_options(game))
    assert set(options) == set(get_game(game).options_dict())
    played = data.draw(plays(game, options=options, max_steps=15))
    assert len(played.states) == len(played.actions) + 1
    state = played.states[0]
    for action, after in zip(played.actions, played.states[1:], strict=True):
        assert state.check(action).legal
        assert str(state.apply(action).compact()) == after.compact()
        state = after
    if not played.state.is_terminal:
        action = data.draw(legal_actions(played.state))
        assert assert_legal(played.state, action).legal
        wrong = data.draw(illegal_actions(played.state, played.states))
        assert not assert_illegal(played.state, wrong).legal


@pytest.mark.parametrize("game", GAME_NAMES)
def test_every_enum_and_bool_option_offers_all_its_accepted_values(game: str) -> None:
    values = option_values(game)
    assert set(values) == set(get_game(game).options_dict())
    assert all(values[name] for name in values)
    assert any(len(tried) > 1 for tried in values.values())


def test_an_option_value_the_game_refuses_is_never_drawn() -> None:
    assert option_values("felagsvist")["session"] == ("single-table",)


@settings(max_examples=3)
@given(records("felagsvist", options={"first_dealer": "S"}))
def test_drawn_records_are_complete_games_that_check_clean(record: cardrules.records.Record) -> None:
    report = cardrules.records.check(record)
    assert report.ok and report.finished and report.claims_match is True


def test_assert_legal_fails_with_the_rule_the_reason_and_the_state() -> None:
    state = get_game("felagsvist", first_dealer="N").new_game(seed=1)
    with pytest.raises(AssertionError) as failure:
        assert_legal(state, "p3 play 7C")
    message = str(failure.value)
    assert "[common.turn.player-to-act" in message and "it is p1's turn" in message
    assert f"position: {state.position()}" in message  # the position sets the state up again


def test_assert_illegal_checks_the_rule_named() -> None:
    state = get_game("felagsvist", first_dealer="N").new_game(seed=1)
    legal = str(state.legal_actions()[0])
    with pytest.raises(AssertionError, match="to be illegal, but the reference allows it"):
        assert_illegal(state, legal)
    with pytest.raises(AssertionError, match=r"not by felagsvist\.play\.must-follow"):
        assert_illegal(state, "p2 play AS", rule="felagsvist.play.must-follow")
    with pytest.raises(AssertionError, match="the reference cannot read"):
        assert_illegal(state, "p1 fold")


def test_the_legal_set_comparison_reports_each_difference_in_reference_notation() -> None:
    state = get_game("felagsvist", first_dealer="N").new_game(seed=1)
    reference = [str(action) for action in state.legal_actions()]
    assert compare_legal_actions(state, reversed(reference)).agrees
    diff = compare_legal_actions(state, [*reference[1:], "p1 play XX", "p2 play AS"])
    assert [str(action) for action, _ in diff.missing] == [reference[0]]
    assert [(str(action), verdict.rule_ids) for action, verdict in diff.extra] == [
        ("p2 play AS", ("common.turn.player-to-act", "common.cards.held"))
    ]
    assert diff.unreadable == ("p1 play XX",)
    text = str(diff)
    assert f"missing (legal in the reference): {reference[0]} [felagsvist.play.lead-any]" in text
    assert "extra (illegal in the reference): p2 play AS [common.turn.player-to-act" in text
    with pytest.raises(AssertionError, match="the legal sets differ"):
        assert_same_legal_actions(state, reference[1:])


def test_a_missing_action_is_named_with_the_rule_that_permits_it() -> None:
    state = get_game("felagsvist", first_dealer="N").new_game(seed=1)
    reference = state.legal_actions()
    diff = compare_legal_actions(state, reference[1:])
    assert [(str(action), verdict.rule_ids) for action, verdict in diff.missing] == [
        (str(reference[0]), ("felagsvist.play.lead-any",))
    ]
    assert diff.extra == () and not diff.agrees


@pytest.mark.rule("felagsvist.play.must-follow")
def test_the_toolkit_finds_the_toy_engines_planted_bug_and_shrinks_it() -> None:
    toy = _toy()
    found: Played = toy.smallest_disagreement()
    assert len(found.actions) == 1, found
    diff = compare_legal_actions(found.state, toy.toy_actions(found.state))
    assert diff.missing == () and diff.extra
    assert all(verdict.rule_ids == ("felagsvist.play.must-follow",) for _, verdict in diff.extra)


@pytest.mark.rule("felagsvist.play.must-follow")
def test_a_hypothesis_test_of_the_toy_fails_naming_the_rule() -> None:
    toy = _toy()

    @settings(max_examples=200, derandomize=True, database=None)
    @given(plays("felagsvist", options={"first_dealer": "N"}, max_steps=20))
    def toy_agrees_with_the_reference(played: Played) -> None:
        state: AnyState = played.state
        if not state.is_terminal:
            assert_same_legal_actions(state, toy.toy_actions(state))

    with pytest.raises(
        AssertionError, match=r"extra \(illegal in the reference\).*felagsvist\.play\.must-follow"
    ):
        toy_agrees_with_the_reference()


def test_the_fixed_toy_agrees_with_the_reference(monkeypatch: pytest.MonkeyPatch) -> None:
    """The comparison can pass: with the bug taken out, no position disagrees."""
    toy = _toy()

    def fixed(hand: list[str], led: str | None, trump: str | None) -> list[str]:
        following = [card for card in hand if led is not None and card[1] == led]
        return following or list(hand)

    monkeypatch.setattr(toy, "legal_cards", fixed)

    @settings(max_examples=60, derandomize=True, database=None)
    @given(plays("felagsvist", max_steps=30, fast_forward=300))
    def toy_agrees_with_the_reference(played: Played) -> None:
        if not played.state.is_terminal:
            assert_same_legal_actions(played.state, toy.toy_actions(played.state))

    toy_agrees_with_the_reference()


def test_without_hypothesis_a_strategy_says_which_extra_to_install() -> None:
    code = "import sys; sys.modules['hypothesis'] = None; from cardrules.testing import plays"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert done.returncode == 1
    assert done.stderr.strip().splitlines()[-1] == (
        "ImportError: cardrules.testing's strategies need Hypothesis: "
        "install it with pip install 'cardrules[testing]'"
    )


def test_without_hypothesis_the_kit_probes_and_assertions_still_work() -> None:
    code = (
        "import sys; sys.modules['hypothesis'] = None\n"
        "import cardrules\n"
        "from cardrules.testing import assert_illegal\n"
        "from cardrules.testing.conformance import export_kit\n"
        "from cardrules.testing.probing import illegal_probes\n"
        "state = cardrules.get_game('felagsvist', first_dealer='N').new_game(seed=1)\n"
        "print(sorted({r for _, v in illegal_probes(state) for r in v.rule_ids}))\n"
        "print(assert_illegal(state, 'p2 play AS', rule='common.cards.held').rule_ids[-1])\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [
        "['common.cards.held', 'common.turn.player-to-act']",
        "common.cards.held",
    ]


def test_the_strategies_module_needs_hypothesis_only() -> None:
    source = (Path(cardrules.__file__).parent / "testing" / "strategies.py").read_text(encoding="utf-8")
    assert "import pytest" not in source


# -- phases: the default strategies and positions() reach every phase ------------


@pytest.mark.parametrize("game", GAME_NAMES)
def test_every_phase_gets_a_fair_share_of_the_default_examples(game: str) -> None:
    # The phase of each default example follows from its seed, so every phase
    # is drawn alike; Hypothesis's own choice of seeds is lumpy (it mutates
    # earlier examples), so the floor is low: every phase is reached by at
    # least 1 in 100 examples (the end of a twelve-deal Félagsvist game
    # included). Before phases, no default Fildinski example reached the
    # last eight tricks.
    from tests.support.phases import phase_shares

    ended, passed = phase_shares(game, 200)
    assert min(ended.values()) >= 1 / 100, ended
    assert min(passed.values()) >= 1 / 100, passed


@pytest.mark.parametrize(
    ("game", "phase"),
    [(game, phase) for game in GAME_NAMES for phase in get_game(game).info.phases],
)
@given(data=st.data())
def test_positions_are_in_the_phase_asked_for_and_reached_by_legal_play(
    game: str, phase: str, data: st.DataObject
) -> None:
    played = data.draw(positions(game, phase=phase))
    assert played.state.phase_name == phase
    state = played.states[0]
    for action in played.actions:
        assert state.check(action).legal
        state = state.apply(action)
    assert state.position() == played.state.position()


def test_positions_refuses_a_phase_the_game_does_not_have() -> None:
    with pytest.raises(
        cardrules.errors.InvalidArgumentError, match="fildinski has the phases stock, meld-step"
    ):
        find(positions("fildinski", phase="auction"), lambda played: True)


def test_a_failing_example_prints_one_short_line_not_every_state() -> None:
    from hypothesis.vendor.pretty import pretty

    played = find(
        positions("fildinski", phase="endgame"), lambda played: True, settings=settings(database=None)
    )
    shown = pretty(played)
    assert "\n" not in shown and len(shown) < 3000
    assert shown.startswith(
        f"Played(seed={played.seed}, actions={len(played.actions)}, position='fildinski ; "
    )
    assert cardrules.from_position(played.state.position()).position() == played.state.position()
    # a state drawn on its own (states()) prints as its one-line repr, not field by field
    assert pretty(played.state) == repr(played.state) and "\n" not in pretty(played.state)


@pytest.mark.rule("common.game.over")
@pytest.mark.parametrize("name", ["felagsvist", "fildinski", "calabresella", "backstab_fish"])
def test_after_the_end_an_action_text_without_an_actor_is_common_game_over(name: str) -> None:
    state = cardrules.get_game(name).new_game(seed=1)
    while not state.is_terminal:
        state = state.apply(state.legal_actions()[0])
    for text in ("play QS", "pass", "end turn", "QS", "p0 play QS"):
        assert assert_illegal(state, text, "common.game.over").rule_ids == ("common.game.over",)
