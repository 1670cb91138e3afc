"""The verdict on an ask, assembled without Findings, keeps the verdict policy and the legal set's test.

For every ask a state could be given (every seat, target, rank and count, and
targets and counts out of range), the verdict is legal exactly when the legal
set's own test (:func:`~cardrules.games.backstab_fish.turn.ask_allowed`) lets
it through, and a refusal names each rule once: the first found first, the
others in the rule book's order.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules import get_game
from cardrules.games.backstab_fish import turn
from cardrules.games.backstab_fish.actions import Ask
from cardrules.games.backstab_fish.cards import FishRank
from cardrules.games.backstab_fish.rules import RULES
from cardrules.judging import rule_order

_ORDER = rule_order(RULES)


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from([4, 6, 10]), st.integers(0, 400))
def test_ask_verdicts_follow_the_legal_test_and_the_policy(seed: int, players: int, steps: int) -> None:
    game = get_game("backstab_fish", players=players)
    rng = random.Random(seed)
    state = game.new_game(seed=seed)
    for _ in range(steps):
        if state.is_terminal:
            return
        state = state.apply(rng.choice(state.legal_actions()))
    if state.is_terminal:
        return
    legal = set(state.legal_actions())
    for seat in range(players):
        for target in (-1, *range(players), players):
            for rank in FishRank:
                for count in (0, 1, 4, 9):
                    action = Ask(seat, target, rank, count)
                    verdict = state.check(action)
                    assert verdict.legal == turn.ask_allowed(state, action) == (action in legal)
                    rules = verdict.rule_ids
                    assert len(set(rules)) == len(rules)
                    if not verdict.legal:
                        rest = [_ORDER.get(rule, len(_ORDER)) for rule in rules[1:]]
                        assert rest == sorted(rest), str(verdict)
