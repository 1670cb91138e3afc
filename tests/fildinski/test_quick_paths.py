"""The one-line rules the Fildinski hot paths write out agree with the functions they copy.

- :func:`~cardrules.games.fildinski.play.fast_play` picks a completed trick's winner as
  :func:`~cardrules.games.fildinski.play.follower_wins` does.
- :func:`~cardrules.games.fildinski.deal.draw` draws the two cards
  :func:`~cardrules.games.fildinski.deal.top_two` names, the winner the first.
- :func:`~cardrules.games.fildinski.procedure.fast_melds` takes ``meld none`` exactly
  where :func:`~cardrules.games.fildinski.meld_conditions.in_step` lets the seat act.
- ``apply`` (:func:`~cardrules.games.fildinski.procedure.apply_action`, which skips the
  door for the common actions) gives the state the door's judged path gives.

Each is held on the states of random games under options drawn by Hypothesis.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

import cardrules
from cardrules.game import Action
from cardrules.games.fildinski import DeclareMelds, FildinskiState
from cardrules.games.fildinski.cards import DRAWS
from cardrules.games.fildinski.deal import draw, top_two
from cardrules.games.fildinski.meld_conditions import in_step
from cardrules.games.fildinski.play import follower_wins
from cardrules.games.fildinski.procedure import fast_melds

_OPTIONS = st.fixed_dictionaries(
    {},
    optional={
        "meld_in_endgame": st.booleans(),
        "melded_cards": st.sampled_from(["stay", "removed"]),
        "dix_exchange": st.sampled_from(["from_hand", "from_trick"]),
        "trump_seven_points": st.sampled_from(["played", "captured"]),
        "last_trick_bonus": st.sampled_from(["final", "stock_end"]),
        "target_score": st.sampled_from([300, 1000]),
    },
)


def _walk(seed: int, options: dict[str, object]) -> Iterator[tuple[FildinskiState, Action]]:
    """Each state of one random game and the action taken there."""
    state: FildinskiState = cardrules.get_game("fildinski", **options).new_game(seed=seed)
    rng = random.Random(seed)
    while not state.is_terminal:
        action = rng.choice(state.legal_actions())
        yield state, action
        state = state.apply(action)


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32), options=_OPTIONS)
def test_a_completed_trick_goes_to_the_seat_follower_wins_names(seed: int, options: dict[str, Any]) -> None:
    for state, action in _walk(seed, options):
        after = state.apply(action)
        if state.trick and not state.in_meld_step and after.deal is state.deal and not after.is_terminal:
            assert after.history is not None
            led, card = state.trick[0], after.history[2]
            wins = follower_wins(led, card, state.deal.trump)
            assert after.leader == (state.current_player if wins else state.leader)
            assert after.won[after.leader] == state.won[after.leader] | 1 << led | 1 << card


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32), options=_OPTIONS)
def test_the_draw_takes_the_two_cards_top_two_names(seed: int, options: dict[str, object]) -> None:
    for state, _ in _walk(seed, options):
        for seat in (0, 1):
            hands, drawn = draw(state, seat)
            if state.drawn >= DRAWS:
                assert (hands, drawn) == (state.hands, state.drawn)
                continue
            first, second = top_two(state.deal, state.drawn, state.turnup)
            gains = (1 << first, 1 << second) if seat == 0 else (1 << second, 1 << first)
            assert hands == (state.hands[0] | gains[0], state.hands[1] | gains[1])
            assert drawn == state.drawn + 2


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32), options=_OPTIONS)
def test_meld_none_is_taken_at_once_exactly_where_in_step_lets_the_seat_act(
    seed: int, options: dict[str, object]
) -> None:
    for state, _ in _walk(seed, options):
        for seat in (0, 1):
            taken = fast_melds(state, DeclareMelds(seat, ()))
            assert (taken is not None) == in_step(state, seat)


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32), options=_OPTIONS)
def test_apply_gives_the_state_of_the_judged_path(seed: int, options: dict[str, object]) -> None:
    for state, action in _walk(seed, options):
        verdict, judged = state.attempt(action)  # judge, then the kind's transition
        assert verdict.legal and judged is not None
        after = state.apply(action)
        assert after == judged and after.position() == judged.position()
