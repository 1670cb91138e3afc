"""The exact solver on Calabresella's play agrees with a plain brute-force search over the engine.

Play positions come from the toolkit's :func:`~cardrules.testing.positions`
under every value of the options that change the play (``follow_suit``,
``direction``, ``opening_lead``), and are played on at random to one to three
tricks from the end. The brute force walks the engine's ``legal_actions()``
and ``apply()`` and reads each side's thirds from the engine's settlement.
"""

from __future__ import annotations

import random
from functools import cache

import pytest
from hypothesis import given
from hypothesis import strategies as st

import cardrules
from cardrules.errors import InvalidArgumentError, NotSolvableError
from cardrules.games.calabresella import CalabresellaState
from cardrules.games.calabresella.cards import mask_thirds
from cardrules.solve import Solver, analyse, claim
from cardrules.testing import positions


def taken(at: CalabresellaState, bidder_side: bool) -> int:
    """The thirds a side holds: its settled thirds once the hand is over, else the cards it has won."""
    if at.settlement is not None:
        return at.settlement.thirds_bidder if bidder_side else at.settlement.thirds_opponents
    return mask_thirds(at.tally.won_bidder if bidder_side else at.tally.won_opponents)


def brute_force(state: CalabresellaState, seat: int, *, everyone_minimises: bool = False) -> int:
    """The thirds ``seat``'s side takes from here, with best play by all (the two opponents as one side)."""
    bidder = state.setup.bidder
    ours = seat == bidder
    start = taken(state, ours)

    @cache
    def walk(at: CalabresellaState) -> int:
        if at.is_terminal:
            return taken(at, ours) - start
        results = [walk(at.apply(action)) for action in at.legal_actions()]
        on_our_side = (at.current_player == bidder) == ours
        return max(results) if on_our_side and not everyone_minimises else min(results)

    return walk(state)


@st.composite
def endings(draw: st.DrawFn) -> CalabresellaState:
    """A Calabresella hand in its play, one to three tricks from its end."""
    options = {
        "follow_suit": draw(st.sampled_from(("required", "free"))),
        "direction": draw(st.sampled_from(("counterclockwise", "clockwise"))),
        "opening_lead": draw(st.sampled_from(("eldest", "bidder"))),
    }
    game = cardrules.get_game("calabresella", **options)
    state = draw(positions(game, phase="play")).state
    assert isinstance(state, CalabresellaState)
    left = draw(st.integers(min_value=1, max_value=3), label="tricks left")
    into = draw(st.integers(min_value=0, max_value=2), label="cards into the trick")
    rng = random.Random(draw(st.integers(min_value=0, max_value=2**16), label="play on"))
    while (done := len(state.tally.winners)) < 12 - left or (done == 12 - left and len(state.trick) < into):
        state = state.apply(rng.choice(state.legal_actions()))
    return state


@pytest.mark.rule("calabresella.play.trick-winner")
@pytest.mark.rule("calabresella.scoring.last-trick")
@pytest.mark.rule("calabresella.scoring.monte")
@given(state=endings(), seat=st.integers(min_value=0, max_value=2))
def test_solver_value_equals_brute_force(state: CalabresellaState, seat: int) -> None:
    ending = state.ending(seat)
    solver = Solver()
    assert solver.value(ending) == brute_force(state, seat)
    least = brute_force(state, seat, everyone_minimises=True)
    assert solver.worst(ending) == least
    assert solver.always_at_least(ending, least) and not solver.always_at_least(ending, least + 1)


@given(state=endings())
def test_analysis_values_are_the_children_values(state: CalabresellaState) -> None:
    seat = state.current_player
    ours = seat == state.setup.bidder
    result = analyse(state)
    assert [item.action for item in result.actions] == list(state.legal_actions())
    for item in result.actions:
        child = state.apply(item.action)
        gained = taken(child, ours) - taken(state, ours)
        assert item.value == gained + (0 if child.is_terminal else brute_force(child, seat))
    assert result.value == brute_force(state, seat) == max(item.value for item in result.actions)


@given(
    state=endings(), seat=st.integers(min_value=0, max_value=2), more=st.integers(min_value=1, max_value=10)
)
def test_claims_hold_up_to_the_best_and_refutations_defeat_them(
    state: CalabresellaState, seat: int, more: int
) -> None:
    best = brute_force(state, seat)
    assert claim(state, by=seat, points=best).holds
    asked = best + more
    if asked > state.ending(seat).most():
        return
    result = claim(state, by=seat, points=asked)
    assert not result.holds and result.best == best and result.refutation
    ours = seat == state.setup.bidder
    end = state
    for text in result.refutation:
        end = end.apply(end.parse_action(text))  # every step is legal in the engine
    scored = taken(end, ours) - taken(state, ours)
    if not end.is_terminal:
        scored += end.ending(seat).most()
    assert scored < asked


def test_only_the_play_is_solved() -> None:
    state = cardrules.get_game("calabresella").new_game(seed=1)
    with pytest.raises(NotSolvableError, match="'auction'"):
        claim(state, by=0, points=10)
    with pytest.raises(NotSolvableError, match="'auction'"):
        analyse(state)


def test_a_calabresella_claim_counts_thirds_as_points() -> None:
    state = cardrules.get_game("calabresella").new_game(seed=4)
    while state.phase_name != "play":
        state = state.apply(state.legal_actions()[-1])
    with pytest.raises(InvalidArgumentError, match="counts points, not tricks"):
        claim(state, by=0, tricks=3)
    with pytest.raises(InvalidArgumentError, match="0 to 35 points"):
        claim(state, by=0, points=36)
