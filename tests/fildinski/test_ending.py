"""The exact solver on Fildinski's last tricks agrees with a plain brute-force search over the engine.

Endgame positions come from the toolkit's :func:`~cardrules.testing.positions`
under every value of the options that change the last tricks' points
(``trump_seven_points``, ``last_trick_bonus``), the others drawn, and are
played on at random to one to three tricks from the end. Under
``meld_in_endgame = true`` every option that changes what may be melded is
drawn too (``meld_needs_trick_card``, ``melded_cards``, ``bezique_pair``), and
a position may also stop in a meld step. The brute force walks the engine's
``legal_actions()`` and ``apply()`` and reads the seat's running score from
``scores()`` once the deal is over.
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
from cardrules.records import load
from cardrules.solve import Solver, analyse, claim
from cardrules.testing import positions
from tests.conftest import REPO_ROOT
from tests.support.cli import run_cardrules

MELDS_RECORD = REPO_ROOT / "tests" / "records" / "fildinski-endgame-melds.toml"
"""Four tricks from the end under meld_in_endgame = true; p1 can score 190 more, 80 of them a meld."""


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
def endings(draw: st.DrawFn, *, melding: bool = False) -> FildinskiState:
    """A Fildinski deal in its last tricks, one to three tricks from its end.

    With ``melding``, under ``meld_in_endgame = true`` and the meld options
    drawn; the position may then also be the meld step of the trick before.
    """
    options: dict[str, object] = {
        "trump_seven_points": draw(st.sampled_from(("played", "captured"))),
        "last_trick_bonus": draw(st.sampled_from(("final", "stock_end"))),
        "dix_exchange": draw(st.sampled_from(("from_hand", "from_trick"))),
    }
    if melding:
        options["meld_in_endgame"] = True
        options["meld_needs_trick_card"] = draw(st.booleans(), label="meld_needs_trick_card")
        options["melded_cards"] = draw(st.sampled_from(("stay", "removed")))
        options["bezique_pair"] = draw(st.sampled_from(("standard", "klaverjas_hartendame")))
    game = cardrules.get_game("fildinski", **options)
    state = draw(positions(game, phase="endgame")).state
    assert isinstance(state, FildinskiState)
    left = draw(st.integers(min_value=1, max_value=3), label="tricks left")
    into = draw(st.integers(min_value=0, max_value=2 if melding else 1), label="cards into the trick")
    rng = random.Random(draw(st.integers(min_value=0, max_value=2**16), label="play on"))

    def there(at: FildinskiState) -> bool:
        if at.tricks_done < 32 - left:
            return False
        if into == 2:  # stop in the meld step of trick 32 - left (or wherever the play already is)
            return True
        return at.tricks_done > 32 - left or (not at.in_meld_step and len(at.trick) >= into)

    while not there(state):
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
    check_analysis(state)


def check_analysis(state: FildinskiState) -> None:
    """Each action's value in the analysis is what it gains plus the brute-force value after it."""
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
    check_claims(state, seat, more)


def check_claims(state: FildinskiState, seat: int, more: int) -> None:
    """A claim of the best holds; one of ``more`` points above it fails, its refutation legal and below it."""
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


@pytest.mark.rule("fildinski.endgame.no-melding")
@given(state=endings(melding=True), seat=st.integers(min_value=0, max_value=1))
def test_with_endgame_melds_the_solver_value_equals_brute_force(state: FildinskiState, seat: int) -> None:
    ending = state.ending(seat)
    solver = Solver()
    best = brute_force(state, seat)
    assert solver.value(ending) == best
    least = brute_force(state, seat, everyone_minimises=True)
    assert solver.worst(ending) == least
    assert solver.always_at_least(ending, least) and not solver.always_at_least(ending, least + 1)
    deals = len(state.deal_scores)
    for action in state.legal_actions():  # the bounds hold one move on too, meld steps included
        child = state.apply(action)
        if not over(child, deals):
            low, high = child.ending(seat).bounds()
            assert low <= brute_force(child, seat, everyone_minimises=True)
            assert brute_force(child, seat) <= high


@given(state=endings(melding=True))
def test_with_endgame_melds_analysis_values_are_the_children_values(state: FildinskiState) -> None:
    check_analysis(state)
    ending = state.ending(state.current_player)
    for action in state.legal_actions():  # every action, meld declarations too, maps to a move and back
        assert ending.action(ending.move(action)) == action


@given(
    state=endings(melding=True),
    seat=st.integers(min_value=0, max_value=1),
    more=st.integers(min_value=1, max_value=60),
)
def test_with_endgame_melds_refutations_are_legal_and_end_below_the_claim(
    state: FildinskiState, seat: int, more: int
) -> None:
    check_claims(state, seat, more)


def melds_record_start() -> FildinskiState:
    """The position the record ``fildinski-endgame-melds.toml`` starts from."""
    state = cardrules.from_position(load(MELDS_RECORD).position or "")
    assert isinstance(state, FildinskiState)
    return state


@pytest.mark.rule("fildinski.endgame.no-melding")
def test_an_endgame_claim_counting_a_meld_holds_and_one_more_is_refuted_through_the_meld() -> None:
    state = melds_record_start()
    held = claim(state, by=1, points=190)
    assert held.holds and held.best == 190 == brute_force(state, 1)
    failed = claim(state, by=1, points=200)
    assert not failed.holds and failed.best == 190
    assert failed.refutation == ("p1 play TC", "p0 play KC", "p1 meld four-kings KC KC KD KS")
    end = state
    for text in failed.refutation:
        end = end.apply(text)  # each step legal in the engine, the meld too
    scored = end.scores()[1] - state.scores()[1]
    assert scored == 10 + 80  # the ten of the trick, then the four kings: the meld counts
    assert scored + end.ending(1).most() < 200  # even taking everything left, p1 falls short


def test_an_analysis_in_an_endgame_meld_step_values_each_declaration() -> None:
    state = melds_record_start()
    for text in ("p1 play TC", "p0 play KC"):
        state = state.apply(text)
    assert state.phase_name == "meld-step"
    result = analyse(state)
    rows = [(str(item.action), item.value, item.loss) for item in result.actions]
    assert [row[0] for row in rows] == [str(action) for action in state.legal_actions()]
    assert rows[1] == ("p1 meld four-kings KC KC KD KS", 180, 0)
    assert [row[1] for row in rows] == [
        brute_force(state.apply(a), 1) + state.apply(a).scores()[1] - state.scores()[1]
        for a in state.legal_actions()
    ]


def test_the_command_line_settles_the_endgame_meld_claim() -> None:
    held = run_cardrules("claim", str(MELDS_RECORD), "--step", "0", "--by", "p1", "--points", "190")
    assert held.returncode == 0, held.stderr
    failed = run_cardrules("claim", str(MELDS_RECORD), "--step", "0", "--by", "p1", "--points", "200")
    assert failed.returncode == 1, failed.stderr
    assert "  p1 meld four-kings KC KC KD KS" in failed.stdout.splitlines()


def test_only_the_last_tricks_are_solved() -> None:
    state = cardrules.get_game("fildinski").new_game(seed=1)
    with pytest.raises(NotSolvableError, match="'stock'"):
        claim(state, by=0, points=10)
    melding = cardrules.get_game("fildinski", meld_in_endgame=True, target_score=10)
    state = melding.new_game(seed=1)
    with pytest.raises(NotSolvableError, match="'stock'"):
        state.ending(0)
    rng = random.Random(1)
    while state.tricks_done < 24:  # the meld step of trick 24 comes before the last draws
        state = state.apply(rng.choice(state.legal_actions()))
    assert state.phase_name == "meld-step"
    with pytest.raises(NotSolvableError, match="'meld-step'"):
        state.ending(0)
    while not state.is_terminal:  # a target of 10 is passed in the first deal
        state = state.apply(rng.choice(state.legal_actions()))
    with pytest.raises(NotSolvableError, match="'over'"):
        state.ending(1)


def test_a_fildinski_claim_counts_points() -> None:
    state = cardrules.get_game("fildinski").new_game(seed=3)
    rng = random.Random(3)
    while state.phase_name != "endgame":
        state = state.apply(rng.choice(state.legal_actions()))
    with pytest.raises(InvalidArgumentError, match="counts points, not tricks"):
        claim(state, by=0, tricks=3)
    with pytest.raises(InvalidArgumentError, match="not a claimer"):
        claim(state, by="N", points=3)
