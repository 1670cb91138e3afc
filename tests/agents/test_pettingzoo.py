"""The PettingZoo environments: PettingZoo's own checks, and the same games as cardrules plays them.

Skipped without PettingZoo (the ``pettingzoo`` extra); the test that the
module names that extra when it is missing runs in a subprocess either way.
"""

from __future__ import annotations

import pickle
import random
import subprocess
import sys
import warnings
from collections.abc import Callable, Iterator
from typing import Any, Final, cast

import pytest

pytest.importorskip("pettingzoo")

import numpy as np
from pettingzoo.test.api_test import api_test as pettingzoo_api_test
from pettingzoo.test.seed_test import seed_test as pettingzoo_seed_test

import cardrules
from cardrules.agents import Episode, win_loss
from cardrules.errors import InvalidArgumentError
from cardrules.game import Action, AnyGame, AnyState
from cardrules.pettingzoo import CardrulesEnv, Observation, env, raw_env
from cardrules.svg import table as picture_of

GAMES: Final = ("felagsvist", "fildinski", "calabresella", "backstab_fish")

# PettingZoo's checks, typed for the calls made here (its test helpers are unannotated)
api_test = cast("Callable[..., None]", pettingzoo_api_test)
seed_test = cast("Callable[..., None]", pettingzoo_seed_test)

KNOWN_WARNINGS: Final = (
    "Observation is not a NumPy array",
    "Observation space for each agent probably should be gymnasium.spaces.box or gymnasium.spaces.discrete",
)
"""What ``api_test`` says of every dict observation with an action mask (its own classic games
are exempted by name); any other warning fails the test."""


# -- PettingZoo's own checks ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "options", "cycles"),
    [
        ("felagsvist", {}, 170),  # 624 decisions: a whole game, then every agent's dead step
        ("felagsvist", {"scoring": "odd-tricks", "first_dealer": "N"}, 40),
        ("fildinski", {}, 200),
        ("fildinski", {"target_score": 1000, "melded_cards": "removed"}, 60),
        ("calabresella", {}, 60),
        ("calabresella", {"auction": "single-round", "stakes": "1,3,5"}, 60),
        ("backstab_fish", {}, 40),
        ("backstab_fish", {"players": 5, "deck": "single"}, 40),
    ],
)
def test_api_test_passes(name: str, options: dict[str, Any], cycles: int) -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(env(name, **options), num_cycles=cycles)
    said = {str(warning.message) for warning in caught}
    assert said <= set(KNOWN_WARNINGS), said - set(KNOWN_WARNINGS)


@pytest.mark.parametrize("name", GAMES)
def test_seed_test_passes(name: str) -> None:
    seed_test(lambda: env(name), num_cycles=30)


def test_a_game_is_played_to_its_end_and_every_agent_leaves() -> None:
    table = env("calabresella")
    table.reset(seed=4)
    rewards: dict[str, float] = {}
    for agent in table.agent_iter():
        observation, reward, terminated, truncated, _ = table.last()
        assert not truncated
        if terminated:
            rewards[agent] = reward
            table.step(None)
        else:
            assert observation is not None
            table.step(int(np.flatnonzero(observation["action_mask"])[0]))
    assert table.agents == []
    assert sorted(rewards) == ["player_0", "player_1", "player_2"]
    final = table.unwrapped
    assert isinstance(final, CardrulesEnv)
    assert final.episode.is_terminal
    outcome = final.episode.state.outcome() if final.episode.state else None
    assert outcome is not None
    assert tuple(rewards[f"player_{seat}"] for seat in range(3)) == win_loss(outcome, 3)


# -- the same game as cardrules plays it ---------------------------------------------------------


def direct_action(state: AnyState, game: AnyGame, decisions: tuple[int, ...]) -> Action:
    """The one legal action of ``state`` whose decisions are ``decisions`` (the encoding's bijection)."""
    encoding = game.encoding()
    found = [action for action in state.legal_actions() if encoding.encode(action) == decisions]
    assert len(found) == 1, (decisions, found)
    return found[0]


def observations(table: CardrulesEnv) -> Iterator[tuple[str, Observation]]:
    for agent in table.possible_agents:
        yield agent, table.observe(agent)


@pytest.mark.parametrize(
    ("name", "options", "seed"),
    [
        ("felagsvist", {}, 11),
        ("fildinski", {}, 12),
        ("calabresella", {}, 13),
        ("calabresella", {}, 16),
        ("backstab_fish", {"stall_limit": 40}, 14),
    ],
)
def test_a_seeded_game_through_the_env_is_the_game_cardrules_deals_from_that_seed(
    name: str, options: dict[str, Any], seed: int
) -> None:
    """Random legal decisions through the env; the same actions applied to ``new_game(seed)`` directly."""
    game = cardrules.get_game(name, **options)
    encoding = game.encoding()
    table = CardrulesEnv(name, **options)
    table.reset(seed=seed)
    state = game.new_game(seed)
    assert table.episode.state == state
    rng = random.Random(seed)
    pending: tuple[int, ...] = ()
    actions: list[str] = []
    longest = 1
    while not table.terminations[table.agent_selection]:
        agent = table.agent_selection
        assert agent == f"player_{state.current_player}"
        observation, reward, _, _, info = table.last()
        assert observation is not None
        legal = [int(d) for d in np.flatnonzero(observation["action_mask"])]
        assert legal == list(cast("dict[int, str]", info["legal_actions"]))
        assert reward == 0.0
        decision = rng.choice(legal)
        table.step(decision)
        pending += (decision,)
        if table.episode.chosen:  # the action goes on: the same agent decides again
            assert table.agent_selection == agent and table.episode.state == state
            continue
        action = direct_action(state, game, pending)
        longest = max(longest, len(pending))
        actions.append(str(action))
        state = state.apply(action)
        pending = ()
        assert table.episode.state == state
        for other, seen in observations(table):
            expected = encoding.observe(state.observation(table.possible_agents.index(other)))
            assert np.array_equal(seen["observation"], np.asarray(expected, dtype=np.float32))
    assert state.is_terminal and actions
    outcome = state.outcome()
    assert outcome is not None
    assert all(table.terminations.values()) and not any(table.truncations.values())
    rewards = tuple(table.rewards[agent] for agent in table.possible_agents)
    assert rewards == win_loss(outcome, game.num_players)
    final = table.episode.state
    assert final is not None and final.scores() == state.scores()
    if name == "calabresella" and seed == 16:
        assert longest > 1, "this seed's hand has a discard of several decisions"


def test_reset_without_a_seed_continues_the_generator_of_the_last_seed() -> None:
    first, second = CardrulesEnv("felagsvist"), CardrulesEnv("felagsvist")
    first.reset(seed=5)
    second.reset(seed=5)
    starts = []
    for table in (first, second):
        table.reset()
        starts.append(table.episode.state)
        table.reset()
        starts.append(table.episode.state)
    assert starts[0] == starts[2] and starts[1] == starts[3] and starts[0] != starts[1]
    assert starts[0] != cardrules.get_game("felagsvist").new_game(5)


def test_a_pickled_environment_plays_on_as_the_original() -> None:
    table = raw_env("fildinski")
    table.reset(seed=3)
    for _ in range(5):
        table.step(min(cast("dict[int, str]", table.infos[table.agent_selection]["legal_actions"])))
    copy = pickle.loads(pickle.dumps(table))
    for _ in range(20):
        assert copy.agent_selection == table.agent_selection and copy.infos == table.infos
        for agent in table.possible_agents:
            assert np.array_equal(copy.observe(agent)["observation"], table.observe(agent)["observation"])
        decision = min(cast("dict[int, str]", table.infos[table.agent_selection]["legal_actions"]))
        table.step(decision)
        copy.step(decision)
    state, copied = table.episode.state, copy.episode.state
    assert state is not None and copied is not None and copied.position() == state.position()
    table.reset()
    copy.reset()  # the generator travels too
    assert table.episode.state == copy.episode.state


@pytest.mark.parametrize("seed", [-1, 1.5, "7", True])
def test_a_seed_that_is_no_non_negative_int_is_refused(seed: object) -> None:
    with pytest.raises(InvalidArgumentError, match="seed"):
        CardrulesEnv("felagsvist").reset(seed=seed)  # type: ignore[arg-type]


# -- what an agent sees -----------------------------------------------------------------------------


def swap_hidden(position: str, name: str) -> str:
    """The position with one card swapped between two places that seat 0 cannot see.

    Two other seats' hands, or (Fildinski, two players) the other hand and the stock's top.
    """
    sections = position.split(" ; ")
    at = next(n for n, section in enumerate(sections) if section.startswith("hands "))
    hands = [part.split() for part in sections[at].removeprefix("hands ").split(" / ")]
    labelled = name != "felagsvist"  # every game but Félagsvist names the seat before its cards
    first = hands[1]
    if name == "fildinski":
        stock_at = next(n for n, section in enumerate(sections) if section.startswith("stock "))
        other = sections[stock_at].split()
    else:
        other = hands[2]
    i = 1 if labelled else 0
    j = next(k for k in range(1, len(other)) if other[k] != first[i])
    first[i], other[j] = other[j], first[i]
    sections[at] = "hands " + " / ".join(" ".join(hand) for hand in hands)
    if name == "fildinski":
        sections[stock_at] = " ".join(other)
    return " ; ".join(sections)


@pytest.mark.parametrize("name", GAMES)
def test_a_seat_sees_the_same_vector_whatever_the_cards_it_cannot_see(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = cardrules.get_game(name)
    start = game.new_game(seed=21)
    other = game.from_position(swap_hidden(start.position(), name))
    assert other != start

    def started(state: AnyState) -> CardrulesEnv:
        monkeypatch.setattr(Episode, "start", classmethod(lambda cls, game, seed: Episode.of(state, game)))
        table = CardrulesEnv(name)
        table.reset(seed=0)
        assert table.episode.state == state
        return table

    one, two = started(start), started(other)
    assert one.observe("player_0")["observation"].tolist() == two.observe("player_0")["observation"].tolist()
    # the test can fail: the seat that holds the swapped card sees the difference
    assert one.observe("player_1")["observation"].tolist() != two.observe("player_1")["observation"].tolist()
    assert one.svg("player_0") == two.svg("player_0")


def test_only_the_agent_to_act_has_a_mask_and_legal_actions() -> None:
    table = CardrulesEnv("felagsvist")
    table.reset(seed=2)
    to_act = table.agent_selection
    state = table.episode.state
    assert state is not None
    encoding = table.encoding
    expected = {encoding.encode(action)[0]: str(action) for action in state.legal_actions()}
    assert table.infos[to_act] == {"legal_actions": expected}
    for agent in table.possible_agents:
        mask = table.observe(agent)["action_mask"]
        assert mask.dtype == np.int8
        assert mask.sum() == (len(expected) if agent == to_act else 0)
        if agent != to_act:
            assert table.infos[agent] == {}


# -- illegal actions --------------------------------------------------------------------------------------


@pytest.mark.rule("common.cards.held")
def test_an_illegal_decision_ends_the_game_with_minus_one_for_its_taker_and_the_verdict_in_its_info() -> None:
    table = env("felagsvist")
    table.reset(seed=1)
    offender = table.agent_selection
    raw = table.unwrapped
    assert isinstance(raw, CardrulesEnv)
    before = raw.episode.state
    assert before is not None
    observation, *_ = table.last()
    assert observation is not None
    not_held = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    table.step(not_held)
    assert raw.episode.state == before  # nothing applied
    assert table.rewards == {agent: (-1.0 if agent == offender else 0.0) for agent in table.possible_agents}
    assert all(table.terminations.values()) and not any(table.truncations.values())
    info = table.infos[offender]
    verdict = before.check(f"{offender.replace('player_', 'p')} play {cardrules.cards.card_at(not_held)}")
    assert not verdict.legal and verdict.rule_ids == ("common.cards.held",)
    assert info == {"illegal": verdict.reason, "rule_ids": verdict.rule_ids, "action": info["action"]}
    assert info["action"] == f"p3 play {cardrules.cards.card_at(not_held)}"
    assert all(table.infos[agent] == {} for agent in table.possible_agents if agent != offender)
    assert raw.observe(offender)["action_mask"].sum() == 0
    with pytest.raises(InvalidArgumentError, match="only action is None"):
        raw.step(0)
    returns = {}
    for agent in table.agent_iter():
        _, reward, terminated, _, _ = table.last()
        assert terminated
        returns[agent] = reward
        table.step(None)
    assert returns == {agent: (-1.0 if agent == offender else 0.0) for agent in table.possible_agents}


def test_an_illegal_decision_inside_an_action_drops_the_decisions_taken_towards_it() -> None:
    table = raw_env("calabresella")
    table.reset(seed=16)
    rng = random.Random(16)
    while not table.episode.chosen:  # play until an agent is part-way through a discard
        assert not table.terminations[table.agent_selection]
        legal = cast("dict[int, str]", table.infos[table.agent_selection]["legal_actions"])
        table.step(rng.choice(list(legal)))
    agent, before = table.agent_selection, table.episode.state
    mask = table.observe(agent)["action_mask"]
    names = [table.encoding.decision_name(d) for d in range(table.encoding.size)]
    closed = next(d for d, name in enumerate(names) if name.startswith("discard ") and not mask[d])
    chosen = table.episode.chosen
    taken = [names[d] for d in chosen]
    table.step(closed)
    assert table.episode.state == before and table.episode.chosen == chosen  # the game stops as it stood
    assert table.rewards[agent] == -1.0 and all(table.terminations.values())
    info = table.infos[agent]
    assert info["action"] == " ".join([agent.replace("player_", "p"), *taken, names[closed]])
    assert info["rule_ids"] and info["illegal"]


def test_a_decision_outside_the_space_is_an_assertion_through_env_and_illegal_on_the_raw_env() -> None:
    wrapped = env("felagsvist")
    wrapped.reset(seed=1)
    with pytest.raises(AssertionError, match="action space"):
        wrapped.step(52)
    raw = raw_env("felagsvist")
    raw.reset(seed=1)
    offender = raw.agent_selection
    raw.step(52)
    assert raw.infos[offender]["rule_ids"] == ("common.action.known",)
    assert raw.rewards[offender] == -1.0


def test_an_action_that_is_no_integer_is_a_programming_error_not_a_move() -> None:
    raw = raw_env("felagsvist")
    raw.reset(seed=1)
    with pytest.raises(InvalidArgumentError, match="not an action"):
        raw.step(None)
    assert not any(raw.terminations.values())


# -- pictures and text ----------------------------------------------------------------------------


def test_ansi_render_is_the_observation_text_of_the_agent_to_act() -> None:
    table = env("fildinski", render_mode="ansi")
    table.reset(seed=3)
    raw = table.unwrapped
    assert isinstance(raw, CardrulesEnv)
    seat = raw.possible_agents.index(raw.agent_selection)
    state = raw.episode.state
    assert state is not None
    assert table.render() == str(state.observation(seat)) == raw.episode.observation_text(seat)


def test_render_without_a_mode_warns_and_gives_nothing_and_an_unknown_mode_is_refused() -> None:
    table = raw_env("felagsvist")
    table.reset(seed=1)
    with pytest.warns(UserWarning, match="render_mode"):
        assert table.render() is None
    with pytest.raises(InvalidArgumentError, match="human"):
        raw_env("felagsvist", render_mode="human")


def test_the_svg_is_the_picture_of_the_agents_observation() -> None:
    table = raw_env("felagsvist")
    table.reset(seed=1)
    state = table.episode.state
    assert state is not None
    picture = table.svg("player_1")
    assert picture == picture_of(state.observation(1))
    assert picture.count('class="card back"') == 39  # the three other hands, face down
    seat = table.possible_agents.index(table.agent_selection)
    assert table.svg() == picture_of(state.observation(seat))


# -- the extra ----------------------------------------------------------------------------------------------


def test_without_pettingzoo_the_module_says_which_extra_to_install() -> None:
    code = "import sys; sys.modules['pettingzoo'] = None; import cardrules.pettingzoo"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert done.returncode == 1
    assert done.stderr.strip().splitlines()[-1] == (
        "ImportError: cardrules.pettingzoo needs PettingZoo: pip install 'cardrules[pettingzoo]'"
    )


def test_import_cardrules_imports_no_framework() -> None:
    code = (
        "import sys, cardrules, cardrules.agents\n"
        "for name in ('felagsvist', 'fildinski', 'calabresella', 'backstab_fish'):\n"
        "    game = cardrules.get_game(name)\n"
        "    cardrules.agents.Episode.start(game, 1).observe(0)\n"
        "print(sorted(m for m in ('pettingzoo', 'gymnasium', 'numpy') if m in sys.modules))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"
