"""Backstab Fish records: golden disputed records, the complete example, and random round trips.

The disputed records under ``tests/backstab_fish/records/`` are real random
games (fixed options, seed and policy) with one illegal action slipped in;
a strict check must find that step, its actor, its action text and the rule
ids, and every file must be in canonical form. ``python -m
tests.backstab_fish.test_records --write`` regenerates them and the complete
example ``examples/records/backstab_fish-complete.toml`` from the recipes below.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Final

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules import get_game
from cardrules.game import Action
from cardrules.games.backstab_fish import (
    ASK,
    LAY_DOWN,
    Ask,
    BackstabFishGame,
    BackstabFishState,
    FishRank,
    LayDown,
)
from cardrules.records import (
    Record,
    RecordedAction,
    RecordError,
    check,
    dumps,
    json_schema,
    load,
    loads,
    record_of,
)
from tests.support.golden import assert_rejected_at

REPO: Final = Path(__file__).resolve().parents[2]
DISPUTED: Final = REPO / "tests" / "backstab_fish" / "records"
EXAMPLE: Final = REPO / "examples" / "records" / "backstab_fish-complete.toml"

Finder = Callable[[BackstabFishState], "tuple[Action, str] | None"]
"""Given a state, an illegal action to slip in there and its comment, or ``None`` to play on."""


@dataclass(frozen=True)
class Recipe:
    """How a disputed record is made and what a strict check must find in it."""

    options: dict[str, object]
    seed: int
    find: Finder
    rule_ids: tuple[str, ...]
    after: int = 4
    """Legal actions recorded after the illegal one (judged against the state before it)."""
    skip: int = 3
    """Legal actions played at least before looking for the spot."""


def _rank_not_held(state: BackstabFishState) -> tuple[Action, str] | None:
    seat = state.current_player
    if state.phase != ASK:
        return None
    absent = [FishRank(r) for r, n in enumerate(state.hand_counts(seat)) if not n and state.deal.copies[r]]
    if not absent:
        return None
    rank = absent[-1]
    target = (seat + 1) % state.players
    return Ask(seat, target, rank, 1), f"p{seat} holds no {rank.plural} yet asks for one"


def _yourself(state: BackstabFishState) -> tuple[Action, str] | None:
    seat = state.current_player
    if state.phase != ASK:
        return None
    rank = state.hand(seat)[0]
    return Ask(seat, seat, rank, 1), f"p{seat} asks themselves"


def _empty_hand(state: BackstabFishState) -> tuple[Action, str] | None:
    seat = state.current_player
    if state.phase != ASK or 0 not in state.sizes:
        return None
    empty = state.sizes.index(0)
    return Ask(seat, empty, state.hand(seat)[0], 1), f"p{empty} holds no cards, yet p{seat} asks them"


def _five_jokers(state: BackstabFishState) -> tuple[Action, str] | None:
    seat = state.current_player
    if state.phase != ASK or not state.hand_counts(seat)[FishRank.JOKER]:
        return None
    target = (seat + 1) % state.players
    return Ask(seat, target, FishRank.JOKER, 5), "the deck holds only four jokers"


def _second_ask(state: BackstabFishState) -> tuple[Action, str] | None:
    seat = state.current_player
    if state.phase != LAY_DOWN:
        return None
    target = next(s for s in range(state.players) if s != seat and state.sizes[s])
    return Ask(seat, target, state.hand(seat)[0], 1), f"p{seat} has asked already and asks again"


def _three_of_a_kind(state: BackstabFishState) -> tuple[Action, str] | None:
    seat = state.current_player
    if state.phase != LAY_DOWN:
        return None
    short = [FishRank(r) for r, n in enumerate(state.hand_counts(seat)) if 0 < n < 4]
    if not short:
        return None
    return LayDown(seat, (short[0],)), f"p{seat} lays down fewer than four {short[0].plural}"


def _out_of_turn(state: BackstabFishState) -> tuple[Action, str] | None:
    seat = state.current_player
    if state.phase != ASK:
        return None
    other = (seat + 2) % state.players
    rank = state.hand(other)[0]
    return Ask(other, seat, rank, 1), f"p{other} asks while it is p{seat}'s turn"


RECIPES: Final[dict[str, Recipe]] = {
    "ask-rank-not-held.toml": Recipe({}, 11, _rank_not_held, ("backstab_fish.ask.rank",)),
    "ask-yourself.toml": Recipe({"players": 5}, 12, _yourself, ("backstab_fish.ask.target",)),
    "ask-empty-hand.toml": Recipe(
        {"players": 8, "deck": "single"}, 13, _empty_hand, ("backstab_fish.ask.target",), skip=10
    ),
    "ask-five-jokers.toml": Recipe(
        {"deck": "double-jokers"}, 14, _five_jokers, ("backstab_fish.ask.count", "common.action.known")
    ),
    "second-ask.toml": Recipe({"players": 6}, 15, _second_ask, ("backstab_fish.turn.sequence",)),
    "lay-down-three.toml": Recipe(
        {}, 16, _three_of_a_kind, ("backstab_fish.sets.lay-down", "common.cards.held")
    ),
    "out-of-turn.toml": Recipe({"players": 7}, 17, _out_of_turn, ("common.turn.player-to-act",)),
}

AFTER_THE_END: Final = "ask-after-the-end.toml"
WRONG_CLAIM: Final = "claimed-score-wrong.toml"
SHORT_GAME: Final[dict[str, object]] = {"players": 4, "deck": "single", "stall_limit": 3}


def _game(options: dict[str, object]) -> BackstabFishGame:
    game = get_game("backstab_fish", **options)
    assert isinstance(game, BackstabFishGame)
    return game


def disputed_record(recipe: Recipe) -> tuple[Record, int, Action]:
    """Play the recipe's game; return its record, the illegal step and the illegal action."""
    game = _game(recipe.options)
    state = game.new_game(recipe.seed)
    rng = random.Random(recipe.seed)
    entries: list[RecordedAction] = []
    played = 0
    while True:
        found = recipe.find(state) if played >= recipe.skip else None
        if found is not None:
            break
        action = rng.choice(state.legal_actions())
        entries.append(RecordedAction(str(action)))
        state = state.apply(action)
        played += 1
        assert not state.is_terminal, "the recipe found no spot before the end"
    illegal, comment = found
    step = len(entries)
    entries.append(RecordedAction(str(illegal), comment))
    for _ in range(recipe.after):
        if state.is_terminal:
            break
        action = rng.choice(state.legal_actions())
        entries.append(RecordedAction(str(action)))
        state = state.apply(action)
    record = record_of(game, state, [])
    return (
        Record(game.name, record.options, record.seats, record.dealer, record.deals, tuple(entries)),
        step,
        illegal,
    )


def complete_record(options: dict[str, object], seed: int, *, claims_off_by: int = 0) -> Record:
    """A whole random game with its scores claimed (the first seat's claim off by ``claims_off_by``)."""
    game = _game(options)
    state = game.new_game(seed)
    rng = random.Random(seed)
    actions: list[Action] = []
    while not state.is_terminal:
        action = rng.choice(state.legal_actions())
        actions.append(action)
        state = state.apply(action)
    claims = list(state.scores())
    claims[0] += claims_off_by
    return record_of(game, state, actions, claimed_scores=claims)


def after_the_end_record() -> tuple[Record, int]:
    """A finished short game with one more ask recorded after its end."""
    record = complete_record(SHORT_GAME, 21)
    extra = RecordedAction("p0 ask p1 for 1 K", "the game is already over")
    step = len(record.actions)
    return Record(
        record.game, record.options, record.seats, record.dealer, record.deals, (*record.actions, extra)
    ), step


def write_all() -> None:
    """Regenerate the disputed records and the complete example."""
    DISPUTED.mkdir(parents=True, exist_ok=True)
    for name, recipe in RECIPES.items():
        record, _, _ = disputed_record(recipe)
        (DISPUTED / name).write_text(dumps(record), encoding="utf-8")
    late, _ = after_the_end_record()
    (DISPUTED / AFTER_THE_END).write_text(dumps(late), encoding="utf-8")
    (DISPUTED / WRONG_CLAIM).write_text(
        dumps(complete_record(SHORT_GAME, 22, claims_off_by=1)), encoding="utf-8"
    )
    EXAMPLE.write_text(dumps(complete_record({}, 2)), encoding="utf-8")


# -- golden disputed records ------------------------------------------------------------------


def test_every_disputed_record_has_a_recipe() -> None:
    names = {path.name for path in DISPUTED.glob("*.toml")}
    assert names == {*RECIPES, AFTER_THE_END, WRONG_CLAIM}


@pytest.mark.parametrize(
    "name",
    [
        pytest.param("ask-rank-not-held.toml", marks=pytest.mark.rule("backstab_fish.ask.rank")),
        pytest.param("ask-yourself.toml", marks=pytest.mark.rule("backstab_fish.ask.target")),
        pytest.param("ask-empty-hand.toml", marks=pytest.mark.rule("backstab_fish.ask.target")),
        pytest.param("ask-five-jokers.toml", marks=pytest.mark.rule("backstab_fish.ask.count")),
        pytest.param("second-ask.toml", marks=pytest.mark.rule("backstab_fish.turn.sequence")),
        pytest.param("lay-down-three.toml", marks=pytest.mark.rule("backstab_fish.sets.lay-down")),
        pytest.param("out-of-turn.toml", marks=pytest.mark.rule("common.turn.player-to-act")),
    ],
)
def test_a_disputed_record_gives_its_finding(name: str) -> None:
    recipe = RECIPES[name]
    _, step, illegal = disputed_record(recipe)
    violation = assert_rejected_at(DISPUTED / name, step, recipe.rule_ids)
    assert (violation.actor, violation.action) == (illegal.seat, str(illegal))
    assert check(load(DISPUTED / name)).claims_compared is False


@pytest.mark.rule("common.game.over")
def test_an_ask_after_the_end_is_found_at_its_step() -> None:
    record = load(DISPUTED / AFTER_THE_END)
    _, step = after_the_end_record()
    report = check(record)
    (violation,) = report.violations
    assert violation.step == step == len(record.actions) - 1
    assert violation.verdict.rule_ids == ("common.game.over",)


@pytest.mark.rule("backstab_fish.score.per-set")
def test_a_wrong_claimed_score_is_found() -> None:
    record = load(DISPUTED / WRONG_CLAIM)
    report = check(record)
    assert report.violations == () and report.finished
    assert report.claims_match is False and report.mismatched_seats == (0,)


def test_the_joker_record_writes_its_jokers_as_jk() -> None:
    text = (DISPUTED / "ask-five-jokers.toml").read_text(encoding="utf-8")
    deal = next(line for line in text.splitlines() if line.strip().startswith('"') and "deal 1" in line)
    assert deal.count("JK") == 4
    assert 'deck = "double-jokers"' in text


@pytest.mark.rule("common.deal.permutation")
def test_a_joker_in_a_game_without_jokers_is_a_malformed_record() -> None:
    text = (DISPUTED / "ask-rank-not-held.toml").read_text(encoding="utf-8")
    bad = text.replace('deals = [\n    "', 'deals = [\n    "JK ', 1)
    assert bad != text
    with pytest.raises(RecordError) as info:
        loads(bad)
    assert "joker" in str(info.value) and "common.deal.permutation" in str(info.value)
    felagsvist = (REPO / "examples" / "records" / "felagsvist-complete.toml").read_text(encoding="utf-8")
    with pytest.raises(RecordError, match="joker"):
        loads(felagsvist.replace('deals = [\n    "', 'deals = [\n    "JK ', 1))


def test_the_complete_example_checks_clean() -> None:
    record = load(EXAMPLE)
    assert dumps(record) == EXAMPLE.read_text(encoding="utf-8")
    report = check(record)
    assert report.ok and report.finished and report.claims_match is True
    assert record.game == "backstab_fish" and report.steps > 100


# -- round trips of random games --------------------------------------------------------------

OPTIONS: Final = st.fixed_dictionaries(
    {
        "players": st.integers(min_value=4, max_value=10),
        "deck": st.sampled_from(["double", "double-jokers", "single"]),
        "give": st.sampled_from(["exact", "all-of-rank"]),
        "empty_target": st.sampled_from(["forbidden", "allowed"]),
        "lay_down": st.sampled_from(["optional", "compulsory"]),
        "final_lay_down": st.sampled_from(["on", "off"]),
        "stall_limit": st.sampled_from([1, 5, 40, "none"]),
    }
)


@settings(max_examples=10)
@given(
    options=OPTIONS,
    seed=st.integers(min_value=0, max_value=2**20),
    prefix=st.integers(min_value=0, max_value=400),
)
def test_random_games_round_trip_through_records(options: dict[str, object], seed: int, prefix: int) -> None:
    game = _game(options)
    state = game.new_game(seed)
    rng = random.Random(seed)
    actions: list[Action] = []
    while not state.is_terminal and len(actions) < prefix:
        action = rng.choice(state.legal_actions())
        actions.append(action)
        state = state.apply(action)
    record = record_of(game, state, actions, claimed_scores=state.scores())
    for text, form in ((dumps(record), "toml"), (dumps(record, form="json"), "json")):
        again = loads(text)
        assert again == record
        assert (dumps(again) if form == "toml" else dumps(again, form="json")) == text
    report = check(record)
    assert report.ok and report.checked == len(actions) and report.claims_match is True
    assert report.finished == state.is_terminal and report.scores == state.scores()
    for action in actions:
        assert state.parse_action(str(action)) == action


def test_the_schema_pattern_accepts_joker_decks() -> None:
    import re

    pattern = json_schema()["$defs"]["deck"]["pattern"]  # type: ignore[index]
    assert re.fullmatch(str(pattern), "JK 2C JK AS")
    assert not re.fullmatch(str(pattern), "JX 2C")


if __name__ == "__main__":
    if sys.argv[1:] == ["--write"]:
        write_all()
        print(f"wrote {len(RECIPES) + 2} disputed records and the complete example")
    else:
        print("usage: python -m tests.backstab_fish.test_records --write")
