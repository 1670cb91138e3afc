"""The dix's finer points: what a refused dix says, which cards stay fresh after a dix from the trick,
and the legal set's dix read as the dix rules' functions read it.

Each assertion is what a player reads or can meld next; the mutation run
found that no other test held the first two.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

import cardrules
from cardrules.games.fildinski import FildinskiState
from cardrules.games.fildinski.cards import DRAWS
from cardrules.games.fildinski.dix import dix_card, dix_sevens, dix_spent
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


def dix_by_the_rules(s: FildinskiState, seat: int) -> int | None:
    """The reference: no dix after the last draw nor once spent, else the lower of the sevens on offer."""
    if s.drawn >= DRAWS or dix_spent(s):
        return None
    sevens = dix_sevens(s, seat)
    return (sevens & -sevens).bit_length() - 1 if sevens else None


@pytest.mark.rule("fildinski.dix.exchange")
@pytest.mark.rule("fildinski.dix.once")
@pytest.mark.parametrize("exchange", ["from_hand", "from_trick"])
def test_the_dix_of_the_legal_set_is_the_one_the_dix_rules_allow(exchange: str) -> None:
    """``dix_card`` (the dix rules written out, for the legal set) against those rules' own functions,
    for either seat in every state of seeded games that make the dix whenever they can."""
    engine = cardrules.get_game("fildinski", dix_exchange=exchange)
    seen: Counter[str] = Counter()
    for seed in range(6):
        rng = random.Random(seed)
        state: FildinskiState = engine.new_game(seed=seed)
        while not state.is_terminal:
            for seat in (0, 1):
                found = dix_card(state, seat)
                assert found == dix_by_the_rules(state, seat), (state.compact(), seat)
                seen["none" if found is None else "seven"] += 1
                seen["spent"] += dix_spent(state)
            legal = state.legal_actions()
            state = state.apply(legal[0] if rng.random() < 0.5 else rng.choice(legal))  # the dix comes first
    assert seen["seven"] > 10 and seen["spent"] > 100 and seen["none"] > 100, seen
