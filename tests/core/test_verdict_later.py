"""Verdicts whose reason is written when first read: indistinguishable from those built with it."""

from __future__ import annotations

import copy
import dataclasses
import pickle
import random

import pytest

import cardrules
from cardrules.cards import STANDARD_DECK
from cardrules.games.felagsvist import FelagsvistState, PlayCard
from cardrules.rules import RuleId
from cardrules.verdict import Verdict, verdict_later

_RULES = (RuleId("common.turn.player-to-act"), RuleId("common.cards.held"))
_TEXT = "it is p1's turn, not p2's; p2 does not hold Q♠"


def _later() -> Verdict:
    return verdict_later(
        False, _RULES, "it is {}'s turn, not {}'s; {} does not hold {}".format, ("p1", "p2", "p2", "Q♠")
    )


def _unwritten(verdict: Verdict) -> bool:
    """Whether ``verdict``'s reason slot is still empty (read through the slot, not the attribute)."""
    try:
        Verdict.__dict__["reason"].__get__(verdict, Verdict)
    except AttributeError:
        return True
    return False


def test_a_later_verdict_is_unwritten_until_its_reason_is_read() -> None:
    later = _later()
    assert type(later) is Verdict and not later and later.rule_ids == _RULES
    assert _unwritten(later)
    assert later.reason == _TEXT
    assert not _unwritten(later)


@pytest.mark.parametrize(
    "view",
    [
        str,
        repr,
        hash,
        pickle.dumps,
        lambda v: pickle.loads(pickle.dumps(v)),
        copy.copy,
        copy.deepcopy,
        dataclasses.astuple,
        lambda v: dataclasses.replace(v, legal=True),
    ],
)
def test_a_later_verdict_shows_as_the_verdict_built_with_its_reason(view: object) -> None:
    eager = Verdict.illegal(_RULES, _TEXT)
    assert callable(view)
    assert view(_later()) == view(eager)  # each view on a verdict never read before


def test_a_later_verdict_equals_the_eager_one_both_ways_and_stays_frozen() -> None:
    eager = Verdict.illegal(_RULES, _TEXT)
    assert _later() == eager and eager == _later() and _later() != Verdict.illegal(_RULES, "other")
    later = _later()
    with pytest.raises(dataclasses.FrozenInstanceError):
        later.reason = "other"  # type: ignore[misc]
    with pytest.raises(AttributeError, match="no attribute 'reasons'"):
        getattr(later, "reasons")  # noqa: B009 - a misspelt name is still an error
    assert later.reason == _TEXT


def test_felagsvist_refusals_are_written_when_read_and_read_as_the_rules_say() -> None:
    """Out of turn, not held and a revoke, each with its whole reason, on random states."""
    game = cardrules.get_game("felagsvist")
    rng = random.Random(5)
    seen: set[tuple[RuleId, ...]] = set()
    for seed in range(3):
        state = game.new_game(seed=seed)
        while not state.is_terminal:
            assert isinstance(state, FelagsvistState)
            seat = rng.randrange(4)
            card = STANDARD_DECK[rng.randrange(52)]
            verdict = state.check(PlayCard(seat, card))
            if not verdict.legal:
                assert _unwritten(verdict)
                seen.add(verdict.rule_ids)
                to_act = state.current_player
                clauses = []
                if seat != to_act:
                    clauses.append(f"it is p{to_act}'s turn, not p{seat}'s")
                if not state.hands[seat] >> card.index & 1:
                    clauses.append(f"p{seat} does not hold {card.pretty()}")
                if "felagsvist.play.must-follow" in verdict.rule_ids:
                    assert seat == to_act and state.trick and card.index // 13 != state.trick[0] // 13
                    clauses.append("were led and")
                assert all(clause in verdict.reason for clause in clauses), (verdict, clauses)
                assert verdict == Verdict.illegal(verdict.rule_ids, verdict.reason)
            state = state.apply(rng.choice(state.legal_actions()))
    assert len(seen) >= 4, seen  # out of turn, with and without the card; not held; a revoke
