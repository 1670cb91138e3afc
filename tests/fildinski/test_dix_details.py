"""The dix's finer points: what a refused dix says, and which cards stay fresh after a dix from the trick.

Each assertion is what a player reads or can meld next; the mutation run
found that no other test held them.
"""

from __future__ import annotations

import pytest

from tests.fildinski.test_rules import P0, P1, act, mask_of, start


@pytest.mark.rule("fildinski.dix.exchange")
@pytest.mark.rule("common.cards.held")
def test_a_refused_dix_gives_each_reason_once() -> None:
    state = act(start(P0, P1, "AC"), "p0 play 9C", "p1 play 8S")  # p0 won trick 1 and holds no 7C
    seven = state.check("p0 dix 7C")
    assert seven.rule_ids == ("fildinski.dix.exchange", "common.cards.held")
    assert seven.reason == "the dix gives a trump 7 from hand, and p0 holds no 7♣"
    other = state.check("p0 dix 8D")
    assert other.rule_ids == ("fildinski.dix.exchange", "common.cards.held")
    assert other.reason == "the dix exchanges the trump 7 (7♣), not 8♦; p0 does not hold 8♦"


@pytest.mark.rule("fildinski.dix.exchange")
@pytest.mark.rule("fildinski.meld.fresh-card")
def test_after_a_dix_from_the_trick_only_the_other_card_of_the_trick_is_fresh() -> None:
    state = act(
        start(P0.replace("8C", "7C"), P1, "AC", dix_exchange="from_trick"), "p0 play 7C", "p1 play 8S"
    )
    assert state.fresh == state.won[0] == mask_of("7C", 1) | mask_of("8S", 1)
    after = act(state, "dix 7C")
    # The 7 left the won pile for the turn-up; the former turn-up joined it, but is not fresh.
    assert after.won[0] == mask_of("8S", 1) | mask_of("AC", 1)
    assert after.fresh == mask_of("8S", 1)
