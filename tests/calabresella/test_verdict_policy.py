"""Which rules a Calabresella refusal names, and in which order (common.md, "How a verdict names rules").

Each row is a position (deal 1 of the default options and a line of play), an
action text and the whole tuple of rule ids the verdict names: first the rule
a player would cite, then every other rule the action breaks in the rule
book's order. The choices the policy leaves open are documented in the rules
page, "Which rules a refusal names".

In deal 1 p0 holds 5C JC QC AC 3D 4H JH QH KH AH 7S QS, p1 KC 2D 5D 6D JD KD 2H
3H 5H 7H 5S KS, p2 2C 3C 4C 6C 7C 4D 7D QD 6H 3S 4S 6S; the monte is 2S AS AD JS.
"""

from __future__ import annotations

from collections.abc import Mapping

import pytest

from tests.support.policy import TO_THE_END, assert_policy, case, position

_DEFAULT: Mapping[str, object] = {}
_FREE: Mapping[str, object] = {"follow_suit": "free"}
_CHIAMO = ("p0 bid chiamo", "p1 pass", "p2 pass")
_RETURN = (*_CHIAMO, "p0 call 3S")  # p2 hands 3S over; p0 takes the monte, then returns a card
_FROM_MONTE = (*_CHIAMO, "p0 call 2S")  # the called card lies in the monte
_SOLO = ("p0 bid solo", "p1 pass", "p2 pass")  # p0 holds 16 and lays 4 away
_LED = (*_SOLO, "p0 discard 2S AS AD JS", "p0 play 5C")  # p1 holds KC and must follow clubs
_DIVIDETE = (
    "p0 bid solissimo",
    "p0 raise dividete",
)  # p1 lays 2 of KC 2D 5D 6D JD KD 2H 3H 5H 7H 2S 5S KS AS
_SCEGLIETE = ("p0 bid solissimo", "p0 raise scegliete")  # p1 lays 4 of its 16

PLAYER_TO_ACT = "common.turn.player-to-act"
HELD = "common.cards.held"
PHASES = "calabresella.procedure.phases"

ROWS = [
    # the auction
    case("bid-out-of-turn", _DEFAULT, 1, (), "p1 bid chiamo", (PLAYER_TO_ACT,)),
    case(
        "bid-not-higher", _DEFAULT, 1, ("p0 bid chiamo",), "p1 bid chiamo", ("calabresella.bidding.overcall",)
    ),
    case(
        "bid-after-passing",
        _DEFAULT,
        1,
        ("p0 bid chiamo", "p1 pass"),
        "p1 bid solo",
        (PLAYER_TO_ACT, "calabresella.bidding.pass-final"),
    ),
    case("play-in-the-auction", _DEFAULT, 1, (), "p0 play 5C", (PHASES,)),
    case("play-a-card-not-held-in-the-auction", _DEFAULT, 1, (), "p0 play 2C", (PHASES, HELD)),
    case("another-seat-plays-in-the-auction", _DEFAULT, 1, (), "p1 play 5C", (PLAYER_TO_ACT, PHASES, HELD)),
    case("lay-away-in-the-auction", _DEFAULT, 1, (), "p0 discard 5C JC QC AC", (PHASES,)),
    case(
        "raise-without-solissimo",
        _DEFAULT,
        1,
        (),
        "p0 raise dividete",
        ("calabresella.exchange.solissimo-raise", PHASES),
    ),
    # the call
    case("call-a-held-card", _DEFAULT, 1, _CHIAMO, "p0 call 5C", ("calabresella.exchange.call",)),
    case("pass-after-the-auction", _DEFAULT, 1, _CHIAMO, "p0 pass", (PHASES,)),
    case("return-before-the-call", _DEFAULT, 1, _CHIAMO, "p0 return 2C", (PHASES, HELD)),
    case("call-in-solo", _DEFAULT, 1, _SOLO, "p0 call 3S", ("calabresella.exchange.call", PHASES)),
    case(
        "call-again-from-the-monte",
        _DEFAULT,
        1,
        _FROM_MONTE,
        "p0 call 3S",
        ("calabresella.exchange.called-in-monte", PHASES),
    ),
    case(
        "return-after-a-call-from-the-monte",
        _DEFAULT,
        1,
        _FROM_MONTE,
        "p0 return 5C",
        ("calabresella.exchange.called-in-monte", PHASES),
    ),
    # the return
    case("return-the-called-card", _DEFAULT, 1, _RETURN, "p0 return 3S", ("calabresella.exchange.return",)),
    case("return-a-card-not-held", _DEFAULT, 1, _RETURN, "p0 return 2C", (HELD,)),
    case("lay-away-before-the-return", _DEFAULT, 1, _RETURN, "p0 discard 5C JC QC AC", (PHASES,)),
    # the lay-aways
    case(
        "discard-one-card-twice",
        _DEFAULT,
        1,
        _SOLO,
        "p0 discard AS AS JS QS",
        ("calabresella.exchange.discard", HELD),
    ),
    case("discard-three", _DEFAULT, 1, _SOLO, "p0 discard 5C JC QC", ("calabresella.exchange.discard",)),
    case("discard-a-card-not-held", _DEFAULT, 1, _SOLO, "p0 discard 5C JC QC 2C", (HELD,)),
    case(
        "discard-three-one-not-held",
        _DEFAULT,
        1,
        _SOLO,
        "p0 discard 5C JC 2C",
        ("calabresella.exchange.discard", HELD),
    ),
    case(
        "discard-twice-and-not-held",
        _DEFAULT,
        1,
        _SOLO,
        "p0 discard AS AS 2C KS",
        ("calabresella.exchange.discard", HELD),
    ),
    case("another-seat-discards", _DEFAULT, 1, _SOLO, "p1 discard KC 2D 5D 6D", (PLAYER_TO_ACT,)),
    case(
        "solissimo-bidder-discards",
        _DEFAULT,
        1,
        ("p0 bid solissimo",),
        "p0 discard 5C JC QC AC",
        ("calabresella.exchange.solissimo", PHASES),
    ),
    case("play-before-the-raise", _DEFAULT, 1, ("p0 bid solissimo",), "p0 play 5C", (PHASES,)),
    case(
        "dividete-one-card-twice",
        _DEFAULT,
        1,
        _DIVIDETE,
        "p1 discard AS AS",
        ("calabresella.exchange.dividete", HELD),
    ),
    case(
        "dividete-three", _DEFAULT, 1, _DIVIDETE, "p1 discard AS 2S KS", ("calabresella.exchange.dividete",)
    ),
    case(
        "scegliete-one-card-twice",
        _DEFAULT,
        1,
        _SCEGLIETE,
        "p1 discard AS AS JS KS",
        ("calabresella.exchange.scegliete", HELD),
    ),
    # the play
    case("revoke", _DEFAULT, 1, _LED, "p1 play 2D", ("calabresella.play.follow",)),
    case("revoke-with-a-card-not-held", _DEFAULT, 1, _LED, "p1 play 4D", (HELD, "calabresella.play.follow")),
    case("follow-with-a-card-not-held", _DEFAULT, 1, _LED, "p1 play 3C", (HELD,)),
    case("free-follow-with-a-card-not-held", _FREE, 1, _LED, "p1 play 4D", (HELD,)),
    case("another-seat-plays", _DEFAULT, 1, _LED, "p2 play 2C", (PLAYER_TO_ACT,)),
    case(
        "raise-after-the-lead",
        _DEFAULT,
        1,
        _LED,
        "p1 raise none",
        ("calabresella.exchange.solissimo-raise", PHASES),
    ),
    case("bid-in-the-play", _DEFAULT, 1, _LED, "p1 bid solo", (PHASES,)),
    case("play-after-the-end", _DEFAULT, 1, (TO_THE_END,), "p0 play 5C", ("common.game.over",)),
]


@pytest.mark.parametrize(("options", "seed", "line", "action", "rule_ids"), ROWS)
def test_a_refusal_names_every_rule_it_breaks_in_order(
    options: Mapping[str, object], seed: int, line: tuple[str, ...], action: str, rule_ids: tuple[str, ...]
) -> None:
    assert_policy("calabresella", options, seed, line, action, rule_ids)


@pytest.mark.rule("calabresella.exchange.discard")
def test_a_user_can_assert_the_rule_a_player_cites() -> None:
    verdict = position("calabresella", _DEFAULT, 1, _SOLO).check("p0 discard AS AS JS QS")
    assert verdict.rule_ids[0] == "calabresella.exchange.discard"


@pytest.mark.rule("calabresella.procedure.phases")
def test_a_user_can_assert_a_general_rule_is_named() -> None:
    verdict = position("calabresella", _DEFAULT, 1, _SOLO).check("p0 call 3S")
    assert verdict.rule_ids[0] == "calabresella.exchange.call" and PHASES in verdict.rule_ids
