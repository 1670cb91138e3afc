"""Which rules a Félagsvist refusal names, and in which order (common.md, "How a verdict names rules").

Each row is a position (deal 1 with first_dealer=N and a line of play), an
action text and the whole tuple of rule ids the verdict names: first the rule
a player would cite, then every other rule the action breaks in the rule
book's order. The choices the policy leaves open are documented in the rules
page, "Which rules a refusal names".

In deal 1 p0 holds 5C QC KC 5D 7D JD 4H 6H 9H 2S 4S 7S TS, p1 7C 9C AC 4D 6D 9D
7H 8H QH KH 6S 8S JS, p2 2C 3C 4C 6C JC 3D 8D TD 2H 3H JH AH 5S, p3 8C TC 2D QD
KD AD 5H TH 3S 9S QS KS AS; p1 leads.
"""

from __future__ import annotations

from collections.abc import Mapping

import pytest

from cardrules.cards import parse_card
from cardrules.games.backstab_fish import Ask, FishRank
from cardrules.games.felagsvist import PlayCard
from tests.support.machines import assert_refused
from tests.support.policy import TO_THE_END, assert_policy, case, position

_N: Mapping[str, object] = {"first_dealer": "N"}
_LED = ("p1 play 7C",)  # p2 holds 2C 3C 4C 6C JC and must follow clubs
# Two tricks of clubs; in the third p0 leads KC, p1 and p2 follow, and p3 has no club left.
_VOID = (
    "p1 play 7C", "p2 play 2C", "p3 play 8C", "p0 play 5C",
    "p3 play TC", "p0 play QC", "p1 play 9C", "p2 play 3C",
    "p0 play KC", "p1 play AC", "p2 play 4C",
)  # fmt: skip

PLAYER_TO_ACT = "common.turn.player-to-act"
HELD = "common.cards.held"
MUST_FOLLOW = "felagsvist.play.must-follow"

ROWS = [
    case("lead-out-of-turn", _N, 1, (), "p2 play 2C", (PLAYER_TO_ACT,)),
    case("lead-out-of-turn-a-card-not-held", _N, 1, (), "p2 play 7C", (PLAYER_TO_ACT, HELD)),
    case("lead-a-card-not-held", _N, 1, (), "p1 play 2C", (HELD,)),
    case("revoke", _N, 1, _LED, "p2 play 3D", (MUST_FOLLOW,)),
    case("revoke-with-a-card-not-held", _N, 1, _LED, "p2 play 5D", (HELD, MUST_FOLLOW)),
    case("follow-with-a-card-not-held", _N, 1, _LED, "p2 play 5C", (HELD,)),
    case("play-the-card-just-played", _N, 1, _LED, "p2 play 7C", (HELD,)),
    case("follow-out-of-turn-off-suit", _N, 1, _LED, "p3 play 2D", (PLAYER_TO_ACT,)),
    case("discard-when-void-a-card-not-held", _N, 1, _VOID, "p3 play 4D", (HELD,)),
    case("play-after-the-end", _N, 1, (TO_THE_END,), "p0 play 2C", ("common.game.over",)),
]


@pytest.mark.parametrize(("options", "seed", "line", "action", "rule_ids"), ROWS)
def test_a_refusal_names_every_rule_it_breaks_in_order(
    options: Mapping[str, object], seed: int, line: tuple[str, ...], action: str, rule_ids: tuple[str, ...]
) -> None:
    assert_policy("felagsvist", options, seed, line, action, rule_ids)


@pytest.mark.rule("common.action.known")
def test_an_action_of_another_game_or_seat_names_only_common_action_known() -> None:
    state = position("felagsvist", _N, 1, ())
    assert_refused(state, Ask(1, 2, FishRank.KING, 1), ("common.action.known",))
    assert_refused(state, PlayCard(4, parse_card("2C")), ("common.action.known",))


@pytest.mark.rule("common.cards.held")
def test_a_user_can_assert_the_rule_a_player_cites() -> None:
    verdict = position("felagsvist", _N, 1, _LED).check("p2 play 5D")
    assert verdict.rule_ids[0] == HELD


@pytest.mark.rule("felagsvist.play.must-follow")
def test_a_user_can_assert_a_general_rule_is_named() -> None:
    verdict = position("felagsvist", _N, 1, _LED).check("p2 play 5D")
    assert MUST_FOLLOW in verdict.rule_ids
