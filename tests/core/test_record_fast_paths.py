"""The fast paths of record checking agree with the careful ways they stand in for.

- ``walk(verdicts=False)`` (what ``check()`` walks) takes a sound step by its kind's fast path
  (``StateBase.apply_known``): every step gives the same state after it, and the same verdict
  where it is worded, as the walk that judges every step, on sound records and on records with
  an illegal step, strict and lenient.
- ``StateBase.read_canonical`` gives what ``parse_action`` reads exactly when the text is the
  action's canonical text, in every game (Calabresella through its table).
- Calabresella's default options are the options the slow reading builds.
- The limit scan's quick test never skips a line where the long-key search finds a key.
"""

from __future__ import annotations

import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cardrules
from cardrules.game import Action, AnyState
from cardrules.games.calabresella.options import (
    DEFAULT_OPTION_TEXTS,
    DEFAULT_OPTIONS,
    CalabresellaOptions,
    options_from,
)
from cardrules.options import options_as_dict
from cardrules.records import RecordError, dumps, loads_prepared, record_of
from cardrules.records.limits import _LONG_KEY, _may_hold_long_key
from cardrules.records.replay import KNOWN_LEGAL, walk
from cardrules.state_base import StateBase
from cardrules.testing.probing import illegal_probes

GAMES = ("felagsvist", "fildinski", "calabresella", "backstab_fish")


def _played(name: str, seed: int, most: int = 160) -> tuple[list[AnyState], list[Action]]:
    """The states and actions of a seeded random game, at most ``most`` actions."""
    rng = random.Random(seed)
    state = cardrules.get_game(name).new_game(seed=seed)
    states: list[AnyState] = [state]
    actions: list[Action] = []
    while not state.is_terminal and len(actions) < most:
        action = rng.choice(state.legal_actions())
        actions.append(action)
        state = state.apply(action)
        states.append(state)
    return states, actions


def _records(name: str, seed: int) -> list[str]:
    """A sound record of a random game, and the same record with an illegal step put in somewhere."""
    game = cardrules.get_game(name)
    states, actions = _played(name, seed)
    texts = [dumps(record_of(game, states[-1], actions))]
    rng = random.Random(seed)
    at = rng.randrange(len(actions))
    probes = illegal_probes(states[at])
    for probe, _ in probes[:2]:
        texts.append(dumps(record_of(game, states[-1], [*actions[:at], probe, *actions[at:]])))
    return texts


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("seed", range(2))
def test_the_fast_walk_takes_every_step_as_the_judged_walk_does(name: str, seed: int) -> None:
    taken = 0
    for text in _records(name, seed):
        try:
            prepared = loads_prepared(text)
        except RecordError:  # a probe the reader refuses (a seat the game does not have, say)
            continue
        for lenient in (False, True):
            judged = list(walk(prepared, lenient=lenient))
            fast = list(walk(prepared, lenient=lenient, verdicts=False))
            assert len(fast) == len(judged)
            for quick, slow in zip(fast, judged, strict=True):
                number, entry, action, before, verdict, after, played = quick
                assert (number, entry, action, before, after, played) == (*slow[:4], slow[5], slow[6])
                if verdict is KNOWN_LEGAL:
                    taken += 1
                    assert slow[4].legal
                else:
                    assert verdict == slow[4]
    assert taken > 0  # the fast path was taken


@pytest.mark.parametrize("name", GAMES)
def test_read_canonical_reads_exactly_the_canonical_texts(name: str) -> None:
    states, _ = _played(name, 11, most=120)
    checked = 0
    for state in states[::7]:
        assert isinstance(state, StateBase)
        for action in state.legal_actions()[:12]:
            text = str(action)
            for variant in (text, text.lower(), f" {text}", text.replace(" ", "  "), text.split(" ", 1)[-1]):
                try:
                    read = state.parse_action(variant)
                    expected = read if str(read) == variant else None
                except ValueError:
                    expected = None
                assert state.read_canonical(variant) == expected
                checked += 1
            assert state.read_canonical(text) == action
        assert state.read_canonical("p0 nonsense") is None
    assert checked > 0


def test_calabresella_default_options_are_the_options_the_slow_reading_builds() -> None:
    assert CalabresellaOptions() == DEFAULT_OPTIONS
    assert dict(DEFAULT_OPTION_TEXTS) == options_as_dict(CalabresellaOptions())
    assert options_from(dict(DEFAULT_OPTION_TEXTS)) is DEFAULT_OPTIONS
    assert options_from({}) is DEFAULT_OPTIONS
    respelled = {key.replace("_", "-").upper(): value for key, value in DEFAULT_OPTION_TEXTS.items()}
    assert options_from(respelled) == DEFAULT_OPTIONS  # the slow reading, to the same value
    game = cardrules.get_game("calabresella", **DEFAULT_OPTION_TEXTS)
    assert game.options is DEFAULT_OPTIONS and game.options_dict() == options_as_dict(DEFAULT_OPTIONS)
    other = cardrules.get_game("calabresella", **{**DEFAULT_OPTION_TEXTS, "stakes": "1,2,4"})
    assert other.options_dict() == {**DEFAULT_OPTION_TEXTS, "stakes": "1,2,4"}


_KEY_CHARS = st.sampled_from("abcXYZ09_-")
_OTHER = st.text(alphabet=st.sampled_from("ab \t\"'.=,{}[]\\:#"), max_size=30)


@st.composite
def _lines(draw: st.DrawFn) -> str:
    """A line with a key of about the limit's length, bare or quoted, among other characters."""
    length = draw(st.integers(min_value=90, max_value=130))
    key = "".join(draw(st.lists(_KEY_CHARS, min_size=length, max_size=length)))
    quote = draw(st.sampled_from(["", '"', "'"]))
    inner = draw(st.text(alphabet=st.sampled_from("ab\\\" '"), max_size=4))
    return f"{draw(_OTHER)}{draw(st.sampled_from(['{', ',', '']))} {quote}{key}{inner}{quote} {draw(_OTHER)}"


@settings(max_examples=300, deadline=None)
@given(_lines())
def test_the_quick_test_never_skips_a_line_holding_a_long_key(line: str) -> None:
    found = _LONG_KEY.search("\n" + line)
    if found is not None:
        assert _may_hold_long_key(line)
    if re.search(r"[^\"\n]{101}", line) is None and "'" not in line:
        assert not _may_hold_long_key(line)
