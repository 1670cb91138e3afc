"""State equality means the same position: a state read from its own position equals it, hash included."""

from __future__ import annotations

import dataclasses
import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

import cardrules
from cardrules.games import GAMES
from cardrules.testing import positions

PHASES = [(name, phase) for name in sorted(GAMES) for phase in cardrules.get_game(name).info.phases]


@pytest.mark.parametrize(("name", "phase"), PHASES)
@given(data=st.data())
def test_a_state_read_from_its_position_equals_it_in_every_phase(
    name: str, phase: str, data: st.DataObject
) -> None:
    state = data.draw(positions(name, phase=phase)).state
    assert state.phase_name == phase
    back = cardrules.from_position(state.position())
    assert back == state and state == back
    assert hash(back) == hash(state)
    assert len({state, back}) == 1
    assert pickle.loads(pickle.dumps(state)) == state
    if not state.is_terminal:  # equality is not everything-equal: one card later is another position
        after = state.apply(state.legal_actions()[0])
        assert after != state and back != after


@pytest.mark.parametrize("name", sorted(GAMES))
def test_states_of_the_same_seed_are_equal_and_of_another_seed_are_not(name: str) -> None:
    game = cardrules.get_game(name)
    start = game.new_game(seed=21)
    assert start == game.new_game(seed=21) and hash(start) == hash(game.new_game(seed=21))
    assert start != game.new_game(seed=22)
    assert start == dataclasses.replace(start)  # type: ignore[type-var]
    other: object = start.position()
    assert start != other and start != object()  # a value of another type is never equal


def test_a_felagsvist_position_equals_the_game_it_came_from_although_the_deck_order_is_not_written() -> None:
    # The position gives the hands, not the order the pack was dealt in: the state read back
    # holds another deck order, and is still the same position.
    state = cardrules.get_game("felagsvist").new_game(seed=3)
    for _ in range(5):
        state = state.apply(state.legal_actions()[0])
    back = cardrules.from_position(state.position())
    assert back.dealt_decks() != state.dealt_decks()
    assert back == state


def test_a_state_assembled_by_hand_without_a_position_compares_by_its_fields() -> None:
    state = cardrules.get_game("fildinski").new_game(seed=2)
    for _ in range(6):
        state = state.apply(state.legal_actions()[0])
    odd = dataclasses.replace(state, tricks_done=state.tricks_done + 3)  # no play reaches it
    with pytest.raises(IndexError):
        odd.position()
    twin = dataclasses.replace(odd)
    assert odd == twin and hash(odd) == hash(twin)  # equality never raises
    assert odd != state and dataclasses.replace(odd, tricks_done=state.tricks_done) == state
