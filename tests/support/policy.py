"""What the verdict-policy tables of every game share: a position from a seed and a line of play.

Each game's ``tests/<game>/test_verdict_policy.py`` lists refusals as rows: a
starting point (options, a seed, the actions played from it), an action text
and the whole tuple of rule ids its verdict must name, in order. The helpers
here turn a row into its state and its expected refusal.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import pytest

from cardrules import get_game
from cardrules.game import AnyState
from cardrules.verdict import Verdict
from tests.support.machines import assert_refused

__all__ = ["TO_THE_END", "assert_policy", "case", "position"]

TO_THE_END = "..."
"""A line's last entry meaning: go on with the first legal action until the game is over."""


def position(game: str, options: Mapping[str, object], seed: int, line: Sequence[str]) -> AnyState:
    """The state reached from ``game``'s deal ``seed`` under ``options`` by playing ``line`` (texts)."""
    state = get_game(game, **options).new_game(seed=seed)
    for text in line:
        if text == TO_THE_END:
            while not state.is_terminal:
                state = state.apply(state.legal_actions()[0])
        else:
            state = state.apply(text)
    return state


def case(
    name: str,
    options: Mapping[str, object],
    seed: int,
    line: Sequence[str],
    action: str,
    rule_ids: tuple[str, ...],
) -> object:
    """One row of a policy table, marked with the rule its verdict must name first."""
    return pytest.param(
        options, seed, tuple(line), action, rule_ids, id=name, marks=pytest.mark.rule(rule_ids[0])
    )


def assert_policy(
    game: str,
    options: Mapping[str, object],
    seed: int,
    line: Sequence[str],
    action: str,
    rule_ids: tuple[str, ...],
) -> Verdict:
    """The row's action is refused by check, attempt and apply alike, naming exactly ``rule_ids``."""
    state = position(game, options, seed, line)
    return assert_refused(state, state.parse_action(action), rule_ids)
