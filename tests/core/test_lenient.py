"""Playing on from an illegal step: ``attempt(action, lenient=True)`` and ``check(record, "lenient")``.

In every trick game a card the player to act holds, played in turn, that breaks
only a rule about which card may be played (a revoke) is carried out as played;
every other illegal action is not. A record of a game in which one such card
was played and play went on to the end gives exactly one finding under a
lenient check, and the check judges the rest of the game as it was played.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from types import MappingProxyType
from typing import Final

import pytest

import cardrules
from cardrules.game import Action, AnyState
from cardrules.games.calabresella import play as calabresella_play
from cardrules.games.felagsvist import play as felagsvist_play
from cardrules.games.fildinski import play as fildinski_play
from cardrules.records import check, format_report, record_of
from cardrules.testing.probing import illegal_probes

AS_PLAYED: Final[Mapping[str, frozenset[str]]] = MappingProxyType(
    {
        "felagsvist": felagsvist_play.PLAYABLE_AS_PLAYED,
        "fildinski": fildinski_play.PLAYABLE_AS_PLAYED,
        "calabresella": calabresella_play.PLAYABLE_AS_PLAYED,
        "backstab_fish": frozenset(),
    }
)
"""The rules each game may see broken by an action it still carries out as played."""

REVOKE_RULES: Final = MappingProxyType(
    {
        "felagsvist": "felagsvist.play.must-follow",
        "fildinski": "fildinski.endgame.legal-set",
        "calabresella": "calabresella.play.follow",
    }
)
"""A rule every revoke of the game names."""


def _held_plays(state: AnyState) -> list[Action]:
    """Every card the player to act holds, as a play (legal or not); none outside a trick game's play."""
    seat = state.current_player
    if state.is_terminal or not hasattr(state, "hand"):
        return []
    plays = []
    for card in state.hand(seat):
        try:
            plays.append(state.parse_action(f"p{seat} play {card}"))
        except ValueError:  # not a card game's hand (Backstab Fish holds ranks)
            return []
    return plays


def _walk(name: str, seed: int, most: int) -> list[AnyState]:
    game = cardrules.get_game(name)
    rng = random.Random(seed)
    states = [game.new_game(seed=seed)]
    while len(states) < most and not states[-1].is_terminal:
        state = states[-1]
        states.append(state.apply(rng.choice(list(state.legal_actions()))))
    return states


@pytest.mark.parametrize("name", sorted(AS_PLAYED))
def test_lenient_attempt_carries_out_only_a_held_card_played_in_turn_that_breaks_a_choice_rule(
    name: str,
) -> None:
    carried = refused = 0
    for state in _walk(name, seed=3, most=150)[::3]:
        candidates = [action for action, _ in illegal_probes(state)] + _held_plays(state)
        for action in candidates:
            strict_verdict, strict_after = state.attempt(action)
            verdict, after = state.attempt(action, lenient=True)
            assert verdict == strict_verdict == state.check(action)
            if verdict.legal:
                assert after is not None and strict_after is not None
                assert after.position() == strict_after.position()
                continue
            assert strict_after is None
            if after is None:
                refused += 1
                assert not set(verdict.rule_ids) <= AS_PLAYED[name] or name == "backstab_fish"
                continue
            carried += 1
            assert set(verdict.rule_ids) <= AS_PLAYED[name], verdict
            assert action.seat == state.current_player
            assert after.position() != state.position()
    assert refused > 0
    if name != "backstab_fish":
        assert carried > 0, "the walk met no revoke to carry out"


def _game_with_one_revoke(name: str) -> tuple[cardrules.Game[AnyState], AnyState, list[Action], int]:
    """A game in which the first possible revoke is played, then random legal play to the end."""
    game = cardrules.get_game(name)
    for seed in range(40):
        rng = random.Random(seed)
        state = game.new_game(seed=seed)
        played: list[Action] = []
        revoked = -1
        while not state.is_terminal:
            if revoked < 0:
                for action in _held_plays(state):
                    verdict, after = state.attempt(action, lenient=True)
                    if not verdict.legal and after is not None:
                        revoked, state = len(played), after
                        played.append(action)
                        break
                else:
                    action = rng.choice(list(state.legal_actions()))
                    played.append(action)
                    state = state.apply(action)
                continue
            action = rng.choice(list(state.legal_actions()))
            played.append(action)
            state = state.apply(action)
            if name == "fildinski" and len(state.dealt_decks()) > 1:
                break  # one deal is enough
        if revoked >= 0:
            return game, state, played, revoked
    raise AssertionError(f"no revoke found in {name}")


@pytest.mark.parametrize("name", sorted(REVOKE_RULES))
def test_a_record_with_one_revoke_gives_one_finding_under_a_lenient_check(name: str) -> None:
    game, end, played, revoked = _game_with_one_revoke(name)
    record = record_of(game, end, played, claimed_scores=end.scores())
    lenient = check(record, mode="lenient")
    (violation,) = lenient.violations
    assert violation.step == revoked and violation.handling == "played"
    assert REVOKE_RULES[name] in violation.verdict.rule_ids
    assert lenient.checked == lenient.steps == len(played)
    assert lenient.claims_match is True  # the scores of the game as it was played
    assert format_report(lenient).endswith("result: 1 finding")
    strict = check(record)
    assert strict.checked == revoked + 1 and strict.violations[0].handling == "stop"


def test_backstab_fish_never_carries_out_an_illegal_action() -> None:
    for state in _walk("backstab_fish", seed=5, most=60):
        for action, verdict in illegal_probes(state):
            assert state.attempt(action, lenient=True) == (verdict, None)
