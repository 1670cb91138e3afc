"""An ask's verdict as a player reads it: the sentence written when it is first read, for a legal ask too.

The verdicts of asks word their reason only when it is read
(:func:`~cardrules.verdict.verdict_later`); these tests read it, for the
shared asks of the legal set and for equal asks built anew.
"""

from __future__ import annotations

import pytest

from cardrules import get_game
from cardrules.games.backstab_fish import Ask


@pytest.mark.rule("backstab_fish.ask.target")
@pytest.mark.rule("backstab_fish.ask.rank")
@pytest.mark.rule("backstab_fish.ask.count")
def test_a_legal_ask_says_what_the_asker_holds_and_whom_it_may_ask() -> None:
    state = get_game("backstab_fish").new_game(seed=3)
    first, last = state.legal_actions()[0], state.legal_actions()[-1]
    expected = {
        str(first): "p2 holds twos and may ask p0 for 1 of them",
        str(last): "p2 holds tens and may ask p3 for 8 of them",
    }
    for shared in (first, last):
        assert isinstance(shared, Ask)
        anew = Ask(shared.seat, shared.target, shared.rank, shared.count)
        for action in (shared, anew):
            verdict = state.check(action)
            assert verdict.legal
            assert verdict.rule_ids == (
                "backstab_fish.ask.target",
                "backstab_fish.ask.rank",
                "backstab_fish.ask.count",
            )
            assert verdict.reason == expected[str(shared)]
