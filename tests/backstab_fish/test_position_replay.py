"""Backstab Fish positions: what the replay of a history must leave, turn by turn and at the end.

Step 3 of a turn (backstab_fish.sets.lay-down) is a decision only for a
player holding four cards of a rank after the answer: a history must write
that decision exactly when it was due, and under ``lay_down=compulsory``
every set held is laid. A target left with no card draws seven at once
(backstab_fish.refill.seven), and the stock left must be the one written.
These tests hold each side of those checks, with positions reached by the
engine and then changed by one word.
"""

from __future__ import annotations

import pytest

import cardrules
from cardrules.games.backstab_fish.deal import DealContext
from cardrules.games.backstab_fish.position_check import Judge
from cardrules.games.backstab_fish.position_history import Turn
from tests.backstab_fish.test_mutants_widened import ALL_GIVEN, _problems
from tests.backstab_fish.test_rules import deal_order, game


def _kept_four() -> str:
    """p0 is handed a fourth king and ends the turn keeping all four (lay_down=optional); p1 then asks."""
    hands = ["K K K 2 3 5 6", "K A 4 4 7 8 Q", "2 2 3 3 9 9 Q", "4 5 5 6 6 J J"]
    state = game().from_deal(deal_order(hands, dealer=3), dealer=3)
    for action in ("p0 ask p1 for 1 K", "p0 end", "p1 ask p0 for 1 4"):
        state = state.apply(action)
    text = state.position()
    assert "hands p0 2 3 5 6 K K K K /" in text
    assert text.endswith("history p0 ask p1 1 K give end / p1 ask p0 1 4 fish")
    return text


@pytest.mark.rule("backstab_fish.sets.lay-down")
def test_under_compulsory_lay_down_seven_of_a_rank_lay_one_set_and_keep_three() -> None:
    """With two packs a rank has eight cards: p0, holding five kings, is handed two more, lays one set
    (compulsory) and keeps three, which make no second set. The position reads back as written."""
    hands = ["K K K K K 2 3", "K K 4 5 6 7 8", "2 2 3 3 9 9 Q", "4 4 5 5 6 6 J"]
    chosen = game(lay_down="compulsory")
    state = chosen.from_deal(deal_order(hands, dealer=3), dealer=3).apply("p0 ask p1 for 2 K")
    text = state.position()
    assert "hands p0 2 3 K K K /" in text and "laid p0 K /" in text
    assert text.endswith("history p0 ask p1 2 K give lay K")
    assert cardrules.from_position(text).position() == text


@pytest.mark.rule("backstab_fish.sets.lay-down")
def test_a_history_turn_that_leaves_out_a_decision_that_was_due_is_refused() -> None:
    text = _kept_four()
    assert cardrules.from_position(text).position() == text
    assert _problems(text.replace("give end /", "give /")) == [
        (
            "history",
            "backstab_fish.sets.lay-down",
            "turn 1 ('p0 ask p1 1 K give'): p0 held four cards of a rank after the answer, so had the "
            "lay-down decision to make (lay or end)",
        )
    ]


@pytest.mark.rule("backstab_fish.sets.lay-down")
def test_a_history_turn_that_writes_a_decision_that_was_not_due_is_refused() -> None:
    assert _problems(_kept_four() + " end") == [
        (
            "history",
            "backstab_fish.sets.lay-down",
            "turn 2 ('p1 ask p0 1 4 fish end'): p1 held no four cards of a rank after the answer, so had no "
            "lay-down decision to make",
        )
    ]


def test_the_engines_replay_of_a_history_reaches_the_position_written(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The reader replays a history with no hidden draw with the engine too, and compares where that
    leads with the position it built: the engine's replay of a sound history is the position itself."""
    reached: list[str | None] = []
    replay = Judge.rejudge

    def kept(judge: Judge, deal: DealContext, history: list[Turn]) -> str | None:
        reached.append(replay(judge, deal, history))
        return reached[-1]

    monkeypatch.setattr(Judge, "rejudge", kept)
    assert cardrules.from_position(ALL_GIVEN).position() == ALL_GIVEN
    assert reached == [ALL_GIVEN]


@pytest.mark.rule("backstab_fish.refill.seven")
def test_a_target_that_hands_over_its_last_card_draws_seven_in_the_replay_of_the_history() -> None:
    """p1 holds seven kings and hands them all over: p1 draws seven from the stock at once, so the
    position after that turn shows seven cards in p1's hand and reads back as written."""
    hands = ["K 2 3 5 6 8 9", "K K K K K K K", "2 2 3 3 9 9 Q", "4 5 5 6 6 J J"]
    state = game().from_deal(deal_order(hands, dealer=3), dealer=3).apply("p0 ask p1 for 7 K")
    text = state.position()
    assert "/ p1 2 2 2 2 2 3 3 /" in text and text.endswith("history p0 ask p1 7 K give")
    assert cardrules.from_position(text).position() == text


@pytest.mark.rule("backstab_fish.invariant.card-conservation")
@pytest.mark.parametrize(("stock", "jacks", "size"), [("9 T", 7, 75), ("J J 9 T", 9, 77)])
def test_a_stock_one_card_short_or_long_is_refused_for_its_size_and_for_the_deck(
    stock: str, jacks: int, size: int
) -> None:
    text = ALL_GIVEN.replace("; stock J 9 T", f"; stock {stock}")
    assert _problems(text) == [
        (
            "hands",
            "backstab_fish.invariant.card-conservation",
            f"the hands, the stock and the laid sets hold {jacks} jacks; the double deck has 8",
        ),
        (
            "stock",
            "backstab_fish.invariant.card-conservation",
            f"the stock holds {size} cards; the history leaves 76",
        ),
    ]
