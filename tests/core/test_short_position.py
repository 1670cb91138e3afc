"""The short position: ``state.position(future=False)`` leaves the seed and the later deals out.

Read back, it is the same game to the end of the current deal: the same legal
actions, observations and verdicts at every step. After that the deals come
from the seed given to ``from_position``, which the full position then writes.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cardrules
from cardrules.errors import InvalidArgumentError
from cardrules.game import AnyState
from cardrules.games import GAMES
from cardrules.testing import positions
from cardrules.testing.probing import illegal_probes

PHASES = [(name, phase) for name in sorted(GAMES) for phase in cardrules.get_game(name).info.phases]
_MOST_STEPS = 160


def _deals(state: AnyState) -> int:
    return len(state.dealt_decks())


def _assert_same_now(a: AnyState, b: AnyState) -> None:
    assert a.position(future=False) == b.position(future=False)
    assert a.current_player == b.current_player and a.is_terminal == b.is_terminal
    assert a.legal_actions() == b.legal_actions()
    assert a.scores() == b.scores()
    for seat in range(len(a.scores())):
        assert str(a.observation(seat)) == str(b.observation(seat))
    for action in [*a.legal_actions(), *(probe for probe, _ in illegal_probes(a))]:
        assert a.check(action) == b.check(action), action


@pytest.mark.parametrize(("name", "phase"), PHASES)
@settings(max_examples=4)
@given(data=st.data(), seed=st.integers(min_value=0, max_value=2**53 - 1))
def test_a_short_position_read_back_is_the_same_game_to_the_end_of_the_deal(
    name: str, phase: str, data: st.DataObject, seed: int
) -> None:
    state = data.draw(positions(name, phase=phase)).state
    short = state.position(future=False)
    assert " ; seed " not in short and " ; decks " not in short
    back = cardrules.from_position(short, seed=seed)
    assert back.position(future=False) == short
    if short == state.position():  # Backstab Fish: one deal, so no future to leave out
        assert name == "backstab_fish" and back == state
        return
    rng = random.Random(data.draw(st.integers(0, 2**32), label="walk"))
    a, b = state, back
    deals_a, deals_b = _deals(a), _deals(b)
    for _ in range(_MOST_STEPS):  # more than any deal of the trick games has
        _assert_same_now(a, b)
        if a.is_terminal:
            break
        action = rng.choice(a.legal_actions())
        a, b = a.apply(action), b.apply(action)
        if _deals(a) > deals_a or _deals(b) > deals_b:  # a new deal: from the game's future, or from ``seed``
            break


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_short_position_takes_its_later_deals_from_the_seed_it_is_given(name: str) -> None:
    game = cardrules.get_game(name)
    state = game.new_game(seed=11)
    for _ in range(3):
        state = state.apply(state.legal_actions()[0])
    short = state.position(future=False)
    # No later deck was given, so the seed is all the future there is: the same seed, the same game.
    assert game.from_position(short, seed=11) == state
    assert cardrules.from_position(short, seed=11) == state
    # Reading is deterministic: no seed given means seed 0, written in the full position.
    assert game.from_position(short) == game.from_position(short, seed=0)
    if name != "backstab_fish":  # one deal and no seed: the short form is the full one
        assert game.from_position(short, seed=12) != state
        assert " ; seed 0" in game.from_position(short).position()
        assert " ; seed 12" in game.from_position(short, seed=12).position()
    else:
        assert short == state.position()
    # A text that writes its own seed keeps it, as it keeps its own options.
    assert game.from_position(state.position(), seed=12) == state


@pytest.mark.parametrize("name", sorted(GAMES))
def test_from_position_refuses_a_seed_that_is_not_an_int(name: str) -> None:
    state = cardrules.get_game(name).new_game(seed=1)
    with pytest.raises(InvalidArgumentError, match="seed"):
        cardrules.from_position(state.position(future=False), seed="7")  # type: ignore[arg-type]


def test_a_felagsvist_game_goes_on_past_the_deal_of_a_short_position_from_its_seed() -> None:
    game = cardrules.get_game("felagsvist", first_dealer="N")
    state = game.new_game(seed=3)
    for _ in range(4):
        state = state.apply(state.legal_actions()[0])
    back, other = game.from_position(state.position(future=False), seed=99), game.new_game(seed=99)
    while len(back.dealt_decks()) == 1:
        back = back.apply(back.legal_actions()[0])
    while len(other.dealt_decks()) == 1:
        other = other.apply(other.legal_actions()[0])
    # The second deal is the one seed 99 shuffles, as a game started with seed 99 deals it.
    assert back.dealt_decks()[-1] == other.dealt_decks()[-1]
    assert " ; seed 99" in back.position()
