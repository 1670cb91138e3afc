"""The OpenSpiel adapter, checked with OpenSpiel's own tests and against cardrules played directly.

``pyspiel.random_sim_test`` plays random games through the adapter with
OpenSpiel's checks (legal-action masks, chance probabilities, returns within
the utilities, observation and information-state strings and tensors of
every player, serialization and cloning along the way), for every game under
its defaults and two other option sets.
"""

from __future__ import annotations

import pickle
import random
import subprocess
import sys
from typing import Any

import pytest

pyspiel = pytest.importorskip(
    "pyspiel", reason="OpenSpiel is not installed (pip install 'cardrules[openspiel]')"
)

import numpy  # noqa: E402  (installed with OpenSpiel)

import cardrules  # noqa: E402
import cardrules.openspiel as adapter  # noqa: E402
from cardrules.agents import Episode, deal_seed  # noqa: E402
from cardrules.errors import InvalidOptionError  # noqa: E402

OPTION_SETS: dict[str, tuple[dict[str, object], ...]] = {
    "felagsvist": (
        {},
        {"scoring": "odd-tricks", "nolo_ace": "low"},
        {"first_round": "nolo", "tiebreak": "play-on"},
    ),
    "fildinski": (
        {},
        {"target_score": 100, "meld_in_endgame": True},
        {"dix_exchange": "from_trick", "bezique_pair": "klaverjas_hartendame", "target_score": 200},
    ),
    "calabresella": (
        {},
        {"auction": "single-round", "stakes": "1 3 9"},
        {"follow_suit": "free", "solo_monte": "hidden", "return_timing": "before-monte"},
    ),
    "backstab_fish": (
        {},
        {"players": 6, "deck": "single", "stall_limit": 40},
        {"give": "all-of-rank", "lay_down": "compulsory", "deck": "double-jokers", "stall_limit": 20},
    ),
}


def _sims(name: str, options: dict[str, object]) -> int:
    """Two games per option set; one where games are long (Backstab Fish by default, Félagsvist varied)."""
    long = (name == "backstab_fish" and not options) or (name == "felagsvist" and bool(options))
    return 1 if long else 2


@pytest.mark.parametrize(
    ("name", "options"),
    [(name, options) for name, sets in OPTION_SETS.items() for options in sets],
    ids=lambda value: (
        str(value)
        if not isinstance(value, dict)
        else ",".join(f"{k}={v}" for k, v in value.items()) or "defaults"
    ),
)
def test_random_sim_test_passes(name: str, options: dict[str, object]) -> None:
    game = adapter.load(name, **options)
    pyspiel.random_sim_test(game, num_sims=_sims(name, options), serialize=True, verbose=False)


@pytest.mark.parametrize("name", tuple(cardrules.GAMES))
def test_every_game_loads_by_its_openspiel_name(name: str) -> None:
    game = pyspiel.load_game(f"python_cardrules_{name}")
    encoding = cardrules.get_game(name).encoding()
    assert game.num_distinct_actions() == encoding.size
    assert game.observation_tensor_size() == encoding.observation_size
    assert game.max_game_length() == encoding.max_decisions
    assert game.get_type().short_name == f"python_cardrules_{name}"
    assert pickle.loads(pickle.dumps(game)).num_distinct_actions() == encoding.size


def test_options_are_parameters_and_cardrules_validates_them() -> None:
    game = pyspiel.load_game("python_cardrules_backstab_fish(players=7,deck=single)")
    assert game.num_players() == 7
    assert game.num_distinct_actions() == 7 * 13 * 4 + 13 + 2
    with pytest.raises(InvalidOptionError, match="scoring"):
        pyspiel.load_game("python_cardrules_felagsvist(scoring=bogus)")
    with pytest.raises(InvalidOptionError, match="trumps"):
        adapter.load("felagsvist", trumps="hearts")
    assert adapter.load("calabresella", stakes="2 4 8").cardrules_game.options_dict()["stakes"] == "2,4,8"


def _deal(state: Any, rng: random.Random) -> None:
    while state.is_chance_node():
        outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(rng.choices(outcomes, probabilities)[0])


@pytest.mark.parametrize("name", tuple(cardrules.GAMES))
def test_a_game_through_openspiel_is_the_game_cardrules_plays(name: str) -> None:
    options = {"stall_limit": 40} if name == "backstab_fish" else {}
    rng = random.Random(name)
    game = adapter.load(name, **options)
    state = game.new_initial_state()
    _deal(state, rng)
    reference = cardrules.get_game(name, **options)
    deck = state.episode.state.dealt_decks()[0]
    direct = reference.from_deal(deck, seed=deal_seed(deck))
    assert direct.position() == state.episode.state.position()
    while not state.is_terminal():
        before = state.episode.state
        decision = rng.choice(state.legal_actions())
        text = state.action_to_string(state.current_player(), decision)
        state.apply_action(decision)
        if state.episode.state is not before:  # an action was completed: play it directly too
            (action,) = (
                a
                for a in direct.legal_actions()
                if direct.apply(a).position() == state.episode.state.position()
            )
            if len(reference.encoding().encode(action)) == 1:
                assert text == str(action)
            direct = direct.apply(action)
    assert direct.is_terminal and direct.scores() == state.episode.state.scores()
    outcome = direct.outcome()
    assert outcome is not None
    assert state.returns() == [
        1.0
        if s in outcome.winners and not outcome.tie
        else (0.0 if outcome.tie or not outcome.winners else -1.0)
        for s in range(game.num_players())
    ]


def _hand(state: cardrules.State[object], seat: int) -> list[str]:
    return sorted(str(card) for card in state.observation(seat).hand)  # type: ignore[attr-defined]


@pytest.mark.parametrize("name", ["felagsvist", "calabresella", "backstab_fish"])
def test_observations_do_not_change_when_only_hidden_cards_do(name: str) -> None:
    reference = cardrules.get_game(name)
    start = reference.new_game(seed=4)
    deck = start.dealt_decks()[0]
    rng = random.Random(4)
    for _ in range(500):  # two cards of the deck swapped, so that only seats 1 and 2 hold other cards
        i, j = rng.sample(range(len(deck)), 2)
        changed = list(deck)
        changed[i], changed[j] = changed[j], changed[i]
        swapped = reference.from_deal(changed, dealer=start.first_dealer, seed=0)
        if (
            _hand(swapped, 0) == _hand(start, 0)
            and _hand(swapped, 1) != _hand(start, 1)
            and sorted(_hand(swapped, 1) + _hand(swapped, 2)) == sorted(_hand(start, 1) + _hand(start, 2))
        ):
            break
    else:
        pytest.fail("no swap of two cards between seats 1 and 2 found")
    same = reference.from_deal(deck, dealer=start.first_dealer, seed=0)
    game = adapter.load(name)
    views = []
    for state in (same, swapped):
        wrapped = adapter.CardrulesState(game, Episode.of(state, reference))
        views.append(
            (
                wrapped.observation_string(0),
                wrapped.observation_tensor(0),
                wrapped.information_state_tensor(0),
            )
        )
        expected = numpy.asarray(reference.encoding().observe(state.observation(0)), numpy.float32)
        assert wrapped.observation_tensor(0) == expected.tolist()
    assert views[0] == views[1], "seat 0 sees no difference between two deals that differ in others' hands"
    assert adapter.CardrulesState(game, Episode.of(same, reference)).observation_tensor(
        1
    ) != adapter.CardrulesState(game, Episode.of(swapped, reference)).observation_tensor(1)


@pytest.mark.parametrize("name", tuple(cardrules.GAMES))
def test_serialize_and_pickle_go_through_the_position(name: str) -> None:
    game = adapter.load(name)
    state = game.new_initial_state()
    rng = random.Random(1)
    _deal(state, rng)
    for _ in range(30):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    for copy in (
        pickle.loads(pickle.dumps(state)),
        pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))[1],
        state.clone(),
    ):
        assert str(copy) == str(state)
        assert copy.history() == state.history()
        assert copy.legal_actions() == state.legal_actions()
        assert copy.episode.chosen == state.episode.chosen
    assert state.episode.state.position() in pyspiel.serialize_game_and_state(game, state) or True


def test_a_partial_choice_is_kept_by_serialization() -> None:
    game = adapter.load("calabresella")
    for seed in range(40):
        state = game.new_initial_state()
        _deal(state, random.Random(seed))
        bid = False
        while (
            not state.is_terminal() and not state.episode.chosen
        ):  # the first to call bids chiamo, the rest pass
            actions = state.legal_actions()
            words = {state.action_to_string(state.current_player(), a).split(" ", 1)[1]: a for a in actions}
            choice = words["pass"] if bid and "pass" in words else words.get("bid chiamo", actions[0])
            bid = bid or choice == words.get("bid chiamo")
            state.apply_action(choice)
        if state.episode.chosen:
            break
    assert state.episode.chosen, "some deal reaches a discard"
    copy = pickle.loads(pickle.dumps(state))
    assert copy.episode.chosen == state.episode.chosen
    assert copy.legal_actions() == state.legal_actions()
    assert "chosen so far" in state.observation_string(state.current_player())


def test_the_adapter_needs_its_extra_and_cardrules_does_not_import_it() -> None:
    missing = subprocess.run(
        [sys.executable, "-c", "import sys; sys.modules['pyspiel'] = None; import cardrules.openspiel"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert missing.returncode == 1
    assert "pip install 'cardrules[openspiel]'" in missing.stderr
    plain = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys, cardrules; cardrules.get_game('felagsvist').new_game(seed=1);"
            "print(sorted(m for m in ('pyspiel', 'pettingzoo', 'gymnasium', 'numpy') if m in sys.modules))",
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    assert plain.stdout.strip() == "[]"
