"""Which rules a Backstab Fish refusal names, and in which order (common.md, "How a verdict names rules").

Each row is a position (a seed and a line of play), an action text and the whole
tuple of rule ids the verdict names: first the rule a player would cite, then
every other rule the action breaks in the rule book's order. The choices the
policy leaves open are documented in the rules page, "Which rules a refusal names".
"""

from __future__ import annotations

from collections.abc import Mapping

import pytest

from tests.support.policy import TO_THE_END, assert_policy, case, position

_FOUR: Mapping[str, object] = {"players": 4}
_SHORT: Mapping[str, object] = {"players": 4, "deck": "single", "stall_limit": 3}
_JOKERS: Mapping[str, object] = {"players": 4, "deck": "double-jokers"}
# Seed 0: p2 asks first, holding 2 2 2 4 5 8 T A; after the two asks below p0 holds
# 3 3 4 4 4 4 7 and is at step 3 with a set of fours to lay.
_ASKED = ("p2 ask p0 for 1 2", "p0 ask p1 for 1 3")

ROWS = [
    case(
        "another-seat-asks",
        _FOUR,
        0,
        (),
        "p1 ask p0 for 1 5",
        ("common.turn.player-to-act", "backstab_fish.ask.rank"),
    ),
    case("ask-yourself", _FOUR, 0, (), "p2 ask p2 for 1 2", ("backstab_fish.ask.target",)),
    case(
        "ask-a-seat-not-in-the-game",
        _FOUR,
        0,
        (),
        "p2 ask p7 for 1 2",
        ("backstab_fish.ask.target", "common.action.known"),
    ),
    case("ask-for-a-rank-not-held", _FOUR, 0, (), "p2 ask p0 for 1 K", ("backstab_fish.ask.rank",)),
    case(
        "ask-for-a-rank-outside-the-deck",
        _FOUR,
        0,
        (),
        "p2 ask p0 for 1 JK",
        ("backstab_fish.ask.rank", "common.action.known"),
    ),
    case(
        "ask-for-no-card",
        _FOUR,
        0,
        (),
        "p2 ask p0 for 0 2",
        ("backstab_fish.ask.count", "common.action.known"),
    ),
    case(
        "ask-for-more-than-the-deck-holds",
        _FOUR,
        0,
        (),
        "p2 ask p0 for 9 2",
        ("backstab_fish.ask.count", "common.action.known"),
    ),
    case(
        "ask-for-five-jokers",
        _JOKERS,
        0,
        (),
        "p2 ask p0 for 5 JK",
        ("backstab_fish.ask.rank", "backstab_fish.ask.count", "common.action.known"),
    ),
    case(
        "ask-yourself-for-a-rank-not-held-and-no-card",
        _FOUR,
        0,
        (),
        "p2 ask p2 for 0 K",
        (
            "backstab_fish.ask.target",
            "backstab_fish.ask.rank",
            "backstab_fish.ask.count",
            "common.action.known",
        ),
    ),
    case(
        "ask-nobody-for-no-such-rank",
        _FOUR,
        0,
        (),
        "p2 ask p9 for 0 JK",
        ("backstab_fish.ask.target", "backstab_fish.ask.rank", "common.action.known"),
    ),
    case(
        "another-seat-asks-itself-for-no-card",
        _FOUR,
        0,
        (),
        "p1 ask p1 for 0 Q",
        (
            "common.turn.player-to-act",
            "backstab_fish.ask.target",
            "backstab_fish.ask.count",
            "common.action.known",
        ),
    ),
    case(
        "lay-down-before-asking",
        _FOUR,
        0,
        (),
        "p2 lay down 2",
        ("backstab_fish.turn.sequence", "backstab_fish.sets.lay-down", "common.cards.held"),
    ),
    case(
        "end-the-turn-before-asking",
        _FOUR,
        0,
        (),
        "p2 end turn",
        ("backstab_fish.turn.sequence", "backstab_fish.sets.lay-down"),
    ),
    case(
        "lay-down-jokers-the-deck-lacks",
        _FOUR,
        0,
        _ASKED,
        "p0 lay down JK",
        ("backstab_fish.sets.lay-down", "common.cards.held", "common.action.known"),
    ),
    case("ask-a-second-time", _FOUR, 0, _ASKED, "p0 ask p1 for 1 4", ("backstab_fish.turn.sequence",)),
    case(
        "lay-down-two-sets-of-four-fours",
        _FOUR,
        0,
        _ASKED,
        "p0 lay down 4 4",
        ("backstab_fish.sets.lay-down", "common.cards.held"),
    ),
    case(
        "lay-down-every-part-judged",
        _FOUR,
        0,
        _ASKED,
        "p0 lay down 3 4 7",
        ("backstab_fish.sets.lay-down", "common.cards.held"),
    ),
    case(
        "another-seat-lays-down-a-set-it-lacks",
        _FOUR,
        0,
        _ASKED,
        "p1 lay down Q",
        ("common.turn.player-to-act", "backstab_fish.sets.lay-down", "common.cards.held"),
    ),
    case("another-seat-ends-the-turn", _FOUR, 0, _ASKED, "p1 end turn", ("common.turn.player-to-act",)),
    case("ask-after-the-end", _SHORT, 1, (TO_THE_END,), "p0 ask p1 for 1 2", ("common.game.over",)),
]


@pytest.mark.parametrize(("options", "seed", "line", "action", "rule_ids"), ROWS)
def test_a_refusal_names_every_rule_it_breaks_in_order(
    options: Mapping[str, object], seed: int, line: tuple[str, ...], action: str, rule_ids: tuple[str, ...]
) -> None:
    assert_policy("backstab_fish", options, seed, line, action, rule_ids)


@pytest.mark.rule("backstab_fish.ask.count")
def test_a_user_can_assert_the_rule_a_player_cites() -> None:
    verdict = position("backstab_fish", _FOUR, 0, ()).check("p2 ask p0 for 9 2")
    assert verdict.rule_ids[0] == "backstab_fish.ask.count"


@pytest.mark.rule("common.action.known")
def test_a_user_can_assert_a_general_rule_is_named() -> None:
    verdict = position("backstab_fish", _FOUR, 0, ()).check("p2 ask p7 for 1 2")
    assert "common.action.known" in verdict.rule_ids and "backstab_fish.ask.target" in verdict.rule_ids


@pytest.mark.rule("backstab_fish.sets.lay-down")
def test_every_rank_of_a_lay_down_is_judged() -> None:
    verdict = position("backstab_fish", _FOUR, 0, _ASKED).check("p0 lay down 3 4 7")
    assert "2 threes" in verdict.reason and "1 seven" in verdict.reason and "fours" not in verdict.reason
