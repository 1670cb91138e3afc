"""Edges of the solver's core that its game tests do not reach: claimers, rank groups, the engine's check.

- :func:`~cardrules.solve.adapter.read_claimer` refuses anything but a seat
  number or a seat's name, and a number past the last seat, by name;
- :func:`~cardrules.solve.endings.rank_groups` splits a hand's legal cards
  into groups of equivalent ones exactly as its documentation says, against a
  plain reading of that rule over one suit;
- a claim's refutation is played through the engine step by step, so a line
  the engine would refuse ends in the engine's own error, never in an answer.
"""

from __future__ import annotations

from typing import cast

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

import cardrules
from cardrules.errors import IllegalActionError, InvalidArgumentError
from cardrules.game import Action, AnyState
from cardrules.games.felagsvist import FelagsvistState
from cardrules.games.felagsvist.ending import FelagsvistEnding
from cardrules.solve import claim, rank_groups
from cardrules.solve.adapter import read_claimer

# -- claimers ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("by", [True, False, None, 1.0, b"p1", (0,)])
def test_a_claimer_of_another_type_is_refused_by_its_type(by: object) -> None:
    with pytest.raises(
        InvalidArgumentError, match=f"a claimer is a seat number or name, not {type(by).__name__}$"
    ):
        read_claimer(by, 4)


@pytest.mark.parametrize(("by", "seats"), [(4, 4), (3, 3), (2, 2), (5, 4), (-1, 4), ("p4", 4), ("p2", 2)])
def test_a_seat_past_the_last_is_refused_by_number(by: int | str, seats: int) -> None:
    number = by if isinstance(by, int) else int(by[1:])
    with pytest.raises(
        InvalidArgumentError,
        match=f"seat {number} is not a seat of this game, which has seats 0 to {seats - 1}",
    ):
        read_claimer(by, seats)


def test_every_seat_up_to_the_last_is_a_claimer() -> None:
    assert [read_claimer(seat, 4) for seat in range(4)] == [0, 1, 2, 3]
    assert [read_claimer(f"p{seat}", 3) for seat in range(3)] == [0, 1, 2]


def test_a_claim_by_a_bool_or_by_the_seat_past_the_last_is_refused() -> None:
    state = cardrules.get_game("felagsvist", first_dealer="N").new_game(seed=1)
    for _ in range(44):
        state = state.apply(state.legal_actions()[0])
    with pytest.raises(InvalidArgumentError, match="not bool"):
        claim(state, by=True, tricks=1)
    with pytest.raises(InvalidArgumentError, match="seat 4 is not a seat of this game"):
        claim(state, by=4, tricks=1)


# -- rank groups ------------------------------------------------------------------------------------

LEVEL = st.tuples(st.sampled_from("-LIO"), st.integers(min_value=0, max_value=1))
"""One rank level of a suit of single cards: gone (``-``), held and legal (``L``), held but not
legal (``I``) or held by another (``O``); and its value class."""


def _expected_groups(suit: list[tuple[str, int]]) -> list[list[int]]:
    """The legal levels of one suit (highest first) in groups, by the rule read plainly.

    Legal cards go together while nothing but gone cards lies between them and
    their value class stays the same; a card another holds, or one this hand
    holds but may not play, parts them.
    """
    groups: list[list[int]] = []
    run: list[int] = []
    run_class = -1
    for level, (where, value_class) in enumerate(suit):
        if where == "L":
            if run and value_class != run_class:
                groups.append(run)
                run = []
            run.append(level)
            run_class = value_class
        elif where in "IO" and run:
            groups.append(run)
            run = []
    if run:
        groups.append(run)
    return groups


@given(suit=st.lists(LEVEL, min_size=1, max_size=9))
@example(suit=[("L", 0), ("-", 0), ("L", 0)])  # the documented example: A and Q with the K gone
@example(suit=[("L", 0), ("I", 0), ("L", 0)])  # the K held, but not playable now
@example(suit=[("L", 0), ("O", 0), ("L", 0)])  # the K held by another
def test_rank_groups_follow_the_documented_rule_over_one_suit(suit: list[tuple[str, int]]) -> None:
    bit = {level: 1 << (len(suit) - 1 - level) for level in range(len(suit))}  # the highest level first
    levels = [tuple((bit[level], value_class) for level, (_, value_class) in enumerate(suit))]
    legal = sum(bit[level] for level, (where, _) in enumerate(suit) if where == "L")
    hand = legal | sum(bit[level] for level, (where, _) in enumerate(suit) if where == "I")
    others = sum(bit[level] for level, (where, _) in enumerate(suit) if where == "O")
    found = rank_groups(legal, hand, others, levels)
    assert list(found) == [sum(bit[level] for level in group) for group in _expected_groups(suit)]
    assert sum(found) == legal and len({*found}) == len(found)  # a partition of the legal cards


# -- the engine judges a refutation -----------------------------------------------------------------


class _TwoPositions:
    """A stand-in state whose ending is one position's while its engine is another's.

    It is what a game whose ending model had drifted from its engine would
    hand the solver: the refutation, found in the model, is played through
    the engine, which refuses it.
    """

    def __init__(self, modelled: FelagsvistState, engine: FelagsvistState) -> None:
        self.modelled = modelled
        self.engine = engine

    def ending(self, by: int | str) -> FelagsvistEnding:
        return self.modelled.ending(by)

    def apply(self, action: Action) -> FelagsvistState:
        return self.engine.apply(action)


def _late(seed: int) -> FelagsvistState:
    """A deal three tricks from its end, the first legal card played all along."""
    state = cardrules.get_game("felagsvist", first_dealer="N").new_game(seed=seed)
    for _ in range(40):
        state = state.apply(state.legal_actions()[0])
    assert isinstance(state, FelagsvistState)
    return state


def test_a_refutation_the_engine_refuses_is_the_engine_s_error() -> None:
    modelled, engine = _late(1), _late(2)
    failing = claim(modelled, by="NS", tricks=3)
    assert not failing.holds and failing.refutation
    with pytest.raises(IllegalActionError):
        engine.apply(engine.parse_action(failing.refutation[0]))
    with pytest.raises(IllegalActionError):
        claim(cast(AnyState, _TwoPositions(modelled, engine)), by="NS", tricks=3)
