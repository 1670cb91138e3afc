"""Which rules a Fildinski refusal names, and in which order (common.md, "How a verdict names rules").

Each row is a position and an action text with the whole tuple of rule ids the
verdict names: first the rule a player would cite, then every other rule the
action breaks in the rule book's order. The positions are an explicit deal
and a line of play, or an endgame reached from deal 1 of seed 3 with the
cards laid out by ``position`` (see ``tests/fildinski/test_rules.py``). The
choices the policy leaves open are documented in the rules page, "Which rules
a refusal names".
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Final

import pytest

from cardrules.games.fildinski import FildinskiState
from tests.fildinski.test_rules import act, fildinski, position, start, to_endgame
from tests.support.machines import assert_refused

# p0 leads and wins trick 1 with Q♠ over 7♥ (clubs are trumps), then trick 2 with J♦ over 8♥:
# its won pile is then Q♠ 7♥ J♦ 8♥, the fresh cards J♦ 8♥, and its hand holds the other Q♠ J♦.
_P0, _P1, _TURN_UP = "QS JD QS JD KH QH AC 8C", "7H 8H 9H 7D 8D 9D 7S 8S", "TC"
_STEP_1 = ("p0 play QS", "p1 play 7H")
_STEP_2 = (*_STEP_1, "p0 meld none", "p0 play JD", "p1 play 8H")
_STEP_3 = (*_STEP_2, "p0 meld bezique QS JD", "p0 play QS", "p1 play 9H")  # J♦ has served in a bezique


def _deal(dix_exchange: str = "from_hand") -> FildinskiState:
    return start(_P0, _P1, _TURN_UP, dix_exchange=dix_exchange)


def _endgame_meld_step() -> FildinskiState:
    """Trick 25 under meld_in_endgame = true, won by p0 (p0 holds AH 7S 8S 9S JS QS KS)."""
    return act(to_endgame(fildinski(meld_in_endgame=True)), "p1 play QD", "p0 play 9C")


def _laid_out(hand0: str, led: str) -> FildinskiState:
    """An endgame trick in which p1 has led ``led`` and p0 (holding ``hand0``) follows; clubs are trumps."""
    return position(to_endgame(fildinski()), hand0, "TH 9S 8D 7D", leader=1, trick=led)


STARTS: Final[Mapping[str, Callable[[], FildinskiState]]] = {
    "deal": _deal,
    "from-trick": lambda: _deal(dix_exchange="from_trick"),
    "endgame-meld-step": _endgame_meld_step,
    "must-head": lambda: _laid_out("KH 7H 9C 8S", "QH"),  # p0 must head Q♥ with K♥
    "must-trump": lambda: _laid_out("9C 8S 7S", "QH"),  # p0 has no heart and must trump with 9♣
    "endgame-lead": lambda: position(to_endgame(fildinski()), "9C 8S 7S KH", "TH 9S 8D 7D", leader=0),
}

PLAYER_TO_ACT = "common.turn.player-to-act"
HELD = "common.cards.held"
KNOWN = "common.action.known"
FREE_PLAY = "fildinski.play.free-play"
LEGAL_SET = "fildinski.endgame.legal-set"
MUST_FOLLOW = "fildinski.endgame.must-follow"
MUST_HEAD = "fildinski.endgame.must-head"
MUST_TRUMP = "fildinski.endgame.must-trump"
WHO_AND_WHEN = "fildinski.meld.who-and-when"
FROM_WON = "fildinski.meld.from-won-cards"
KINDS = "fildinski.meld.kinds"
FRESH = "fildinski.meld.fresh-card"
PER_STEP = "fildinski.meld.per-step"
EXCHANGE = "fildinski.dix.exchange"
NO_MELDING = "fildinski.endgame.no-melding"


def _row(name: str, begin: str, line: tuple[str, ...], action: str, rule_ids: tuple[str, ...]) -> object:
    return pytest.param(begin, line, action, rule_ids, id=name, marks=pytest.mark.rule(rule_ids[0]))


ROWS = [
    # card play while the stock lasts
    _row("lead-out-of-turn", "deal", (), "p1 play 7H", (PLAYER_TO_ACT,)),
    _row("lead-out-of-turn-a-card-not-held", "deal", (), "p1 play AC", (PLAYER_TO_ACT, HELD)),
    _row("lead-a-card-not-held", "deal", (), "p0 play AH", (HELD, FREE_PLAY)),
    _row("follow-with-a-card-not-held", "deal", ("p0 play QS",), "p1 play AS", (HELD, FREE_PLAY)),
    _row("play-in-the-meld-step", "deal", _STEP_1, "p0 play AC", ("fildinski.play.trick-cycle",)),
    _row(
        "play-a-card-not-held-in-the-meld-step",
        "deal",
        _STEP_1,
        "p0 play 9S",
        ("fildinski.play.trick-cycle", HELD),
    ),
    # the last eight tricks
    _row(
        "play-in-an-endgame-meld-step",
        "endgame-meld-step",
        (),
        "p0 play AH",
        ("fildinski.endgame.trick-cycle",),
    ),
    _row(
        "play-a-card-not-held-in-an-endgame-meld-step",
        "endgame-meld-step",
        (),
        "p0 play 7C",
        ("fildinski.endgame.trick-cycle", HELD),
    ),
    _row("fail-to-head", "must-head", (), "p0 play 7H", (MUST_HEAD, LEGAL_SET)),
    _row("fail-to-follow-and-to-head", "must-head", (), "p0 play 8S", (MUST_HEAD, MUST_FOLLOW, LEGAL_SET)),
    _row("fail-to-head-with-a-card-not-held", "must-head", (), "p0 play 8H", (HELD, MUST_HEAD, LEGAL_SET)),
    _row("head-with-a-card-not-held", "must-head", (), "p0 play AH", (HELD, LEGAL_SET)),
    _row(
        "fail-to-follow-with-a-card-not-held",
        "must-head",
        (),
        "p0 play AS",
        (HELD, MUST_FOLLOW, MUST_HEAD, LEGAL_SET),
    ),
    _row("fail-to-trump", "must-trump", (), "p0 play 8S", (MUST_TRUMP, LEGAL_SET)),
    _row("fail-to-trump-with-a-card-not-held", "must-trump", (), "p0 play AS", (HELD, MUST_TRUMP, LEGAL_SET)),
    _row("trump-with-a-card-not-held", "must-trump", (), "p0 play 8C", (HELD, LEGAL_SET)),
    _row("lead-a-card-not-held-in-the-endgame", "endgame-lead", (), "p0 play AS", (HELD, LEGAL_SET)),
    _row("dix-after-the-last-draw", "must-head", (), "p0 dix 7C", (NO_MELDING,)),
    _row("meld-after-the-last-draw", "must-head", (), "p0 meld none", (NO_MELDING,)),
    # the meld step
    _row("meld-by-the-loser", "deal", _STEP_1, "p1 meld none", (PLAYER_TO_ACT, WHO_AND_WHEN)),
    _row("meld-before-winning-a-trick", "deal", (), "p0 meld none", (WHO_AND_WHEN,)),
    _row("meld-from-the-hand", "deal", _STEP_1, "p0 meld bezique QS JD", (FROM_WON, HELD)),
    _row("meld-a-card-outside-the-deck", "deal", _STEP_2, "p0 meld bezique QS 2C", (KNOWN,)),
    _row(
        "meld-every-part-judged",
        "deal",
        _STEP_2,
        "p0 meld marriage QS 7H + bezique QS JD",
        (KINDS, FRESH, PER_STEP),
    ),
    _row(
        "meld-a-card-not-won-and-a-wrong-meld",
        "deal",
        _STEP_2,
        "p0 meld bezique AH QS + marriage JD 8H",
        (FROM_WON, KINDS, HELD),
    ),
    _row(
        "meld-three",
        "deal",
        _STEP_2,
        "p0 meld marriage KH QH + marriage QS 7H + bezique QS JD",
        (PER_STEP, KINDS, FROM_WON, FRESH, HELD),
    ),
    _row("meld-a-copy-unnamed", "deal", _STEP_3, "p0 meld bezique QS JD", ("fildinski.meld.copy-choice",)),
    _row(
        "meld-a-card-twice-in-a-kind",
        "deal",
        _STEP_3,
        "p0 meld bezique QS#2 JD",
        ("fildinski.meld.same-kind-once",),
    ),
    # the dix
    _row("dix-without-the-trump-seven", "deal", _STEP_1, "p0 dix 7C", (EXCHANGE, HELD)),
    _row("dix-another-card-held", "deal", _STEP_1, "p0 dix 8C", (EXCHANGE,)),
    _row("dix-another-card-not-held", "deal", _STEP_1, "p0 dix 7H", (EXCHANGE, HELD)),
    _row("dix-by-the-loser", "deal", _STEP_1, "p1 dix 7C", (PLAYER_TO_ACT, WHO_AND_WHEN)),
    _row("dix-from-a-trick-without-it", "from-trick", _STEP_1, "p0 dix 7C", (EXCHANGE, HELD)),
    _row("dix-from-the-trick-another-card", "from-trick", _STEP_1, "p0 dix 7H", (EXCHANGE,)),
]


@pytest.mark.parametrize(("begin", "line", "action", "rule_ids"), ROWS)
def test_a_refusal_names_every_rule_it_breaks_in_order(
    begin: str, line: tuple[str, ...], action: str, rule_ids: tuple[str, ...]
) -> None:
    state = act(STARTS[begin](), *line)
    assert_refused(state, state.parse_action(action), rule_ids)


@pytest.mark.rule("fildinski.endgame.trick-cycle")
def test_a_user_can_assert_the_rule_a_player_cites() -> None:
    verdict = _endgame_meld_step().check("p0 play AH")
    assert verdict.rule_ids[0] == "fildinski.endgame.trick-cycle"


@pytest.mark.rule("fildinski.endgame.legal-set")
def test_a_user_can_assert_a_general_rule_is_named() -> None:
    verdict = STARTS["must-head"]().check("p0 play 8H")
    assert verdict.rule_ids[0] == HELD and LEGAL_SET in verdict.rule_ids


@pytest.mark.rule("fildinski.meld.fresh-card")
def test_every_meld_of_a_declaration_is_judged() -> None:
    verdict = act(_deal(), *_STEP_2).check("p0 meld marriage QS 7H + bezique QS JD")
    assert "not a marriage" in verdict.reason and "neither card of trick 2" in verdict.reason
    assert "share QS" in verdict.reason
