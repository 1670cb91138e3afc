"""The exact solver on Fildinski's last tricks agrees with a plain brute-force search over the engine.

Endgame positions come from the toolkit's :func:`~cardrules.testing.positions`
under every value of the options that change the last tricks' points
(``trump_seven_points``, ``last_trick_bonus``), the others drawn, and are
played on at random to one to three tricks from the end. The brute force
walks the engine's ``legal_actions()`` and ``apply()`` and reads the seat's
running score from ``scores()`` once the deal is over.
"""

from __future__ import annotations

import random
from functools import cache

import pytest
from hypothesis import given
from hypothesis import strategies as st

import cardrules
from cardrules.errors import InvalidArgumentError, NotSolvableError
from cardrules.games.fildinski import FildinskiState
from cardrules.solve import Solver, analyse, claim
from cardrules.testing import positions


def score(at: FildinskiState, seat: int, deals: int) -> int:
    """``seat``'s score with the points of deal ``deals + 1`` so far (its total once that deal is over).

    Once the deal is over the next one may have begun, and its own first
    points (a turned-up seven) are not the last tricks': read the totals then.
    """
    if at.is_terminal or len(at.deal_scores) > deals:
        return at.totals[seat]
    return at.scores()[seat]


def over(at: FildinskiState, deals: int) -> bool:
    """Whether deal ``deals + 1`` is over."""
    return at.is_terminal or len(at.deal_scores) > deals


def brute_force(state: FildinskiState, seat: int, *, everyone_minimises: bool = False) -> int:
    """The points ``seat`` scores from here to the end of the deal, with best play by both seats."""
    deals = len(state.deal_scores)
    start = score(state, seat, deals)

    @cache
    def walk(at: FildinskiState) -> int:
        if over(at, deals):
            return score(at, seat, deals) - start
        results = [walk(at.apply(action)) for action in at.legal_actions()]
        return max(results) if at.current_player == seat and not everyone_minimises else min(results)

    return walk(state)


@st.composite
def endings(draw: st.DrawFn) -> FildinskiState:
    """A Fildinski deal in its last tricks, one to three tricks from its end."""
    options = {
        "trump_seven_points": draw(st.sampled_from(("played", "captured"))),
        "last_trick_bonus": draw(st.sampled_from(("final", "stock_end"))),
        "dix_exchange": draw(st.sampled_from(("from_hand", "from_trick"))),
    }
    game = cardrules.get_game("fildinski", **options)
    state = draw(positions(game, phase="endgame")).state
    assert isinstance(state, FildinskiState)
    left = draw(st.integers(min_value=1, max_value=3), label="tricks left")
    into = draw(st.integers(min_value=0, max_value=1), label="cards into the trick")
    rng = random.Random(draw(st.integers(min_value=0, max_value=2**16), label="play on"))
    while state.tricks_done < 32 - left or (state.tricks_done == 32 - left and len(state.trick) < into):
        state = state.apply(rng.choice(state.legal_actions()))
    return state


@pytest.mark.rule("fildinski.endgame.legal-set")
@pytest.mark.rule("fildinski.score.last-trick")
@given(state=endings(), seat=st.integers(min_value=0, max_value=1))
def test_solver_value_equals_brute_force(state: FildinskiState, seat: int) -> None:
    ending = state.ending(seat)
    solver = Solver()
    assert solver.value(ending) == brute_force(state, seat)
    least = brute_force(state, seat, everyone_minimises=True)
    assert solver.worst(ending) == least
    assert solver.always_at_least(ending, least) and not solver.always_at_least(ending, least + 1)


@given(state=endings())
def test_analysis_values_are_the_children_values(state: FildinskiState) -> None:
    seat = state.current_player
    result = analyse(state)
    assert [item.action for item in result.actions] == list(state.legal_actions())
    deals = len(state.deal_scores)
    for item in result.actions:
        child = state.apply(item.action)
        gained = score(child, seat, deals) - score(state, seat, deals)
        assert item.value == gained + (0 if over(child, deals) else brute_force(child, seat))
    assert result.value == brute_force(state, seat) == max(item.value for item in result.actions)
    assert all(item.loss == result.value - item.value for item in result.actions)


@given(
    state=endings(), seat=st.integers(min_value=0, max_value=1), more=st.integers(min_value=1, max_value=20)
)
def test_claims_hold_up_to_the_best_and_refutations_defeat_them(
    state: FildinskiState, seat: int, more: int
) -> None:
    best = brute_force(state, seat)
    assert claim(state, by=seat, points=best).holds
    ending = state.ending(seat)
    asked = best + more
    if asked > ending.most():
        return
    result = claim(state, by=seat, points=asked)
    assert not result.holds and result.best == best and result.refutation
    end = state
    for text in result.refutation:
        end = end.apply(end.parse_action(text))  # every step is legal in the engine
    deals = len(state.deal_scores)
    scored = score(end, seat, deals) - score(state, seat, deals)
    if not over(end, deals):
        scored += end.ending(seat).most()  # even taking every point left
    assert scored < asked


def test_only_the_last_tricks_are_solved() -> None:
    state = cardrules.get_game("fildinski").new_game(seed=1)
    with pytest.raises(NotSolvableError, match="'stock'"):
        claim(state, by=0, points=10)
    with pytest.raises(NotSolvableError, match="meld_in_endgame=true"):
        cardrules.get_game("fildinski", meld_in_endgame=True).new_game(seed=1).ending(0)


def test_a_fildinski_claim_counts_points() -> None:
    state = cardrules.get_game("fildinski").new_game(seed=3)
    rng = random.Random(3)
    while state.phase_name != "endgame":
        state = state.apply(rng.choice(state.legal_actions()))
    with pytest.raises(InvalidArgumentError, match="counts points, not tricks"):
        claim(state, by=0, tricks=3)
    with pytest.raises(InvalidArgumentError, match="not a claimer"):
        claim(state, by="N", points=3)
