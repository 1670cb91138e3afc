"""The core: rule books, verdicts, options, the registry, determinism and immutability."""

from __future__ import annotations

import dataclasses
import random
from enum import Enum

import pytest

import cardrules
from cardrules import (
    COMMON_RULES,
    TERMINAL,
    Cards,
    Game,
    InvalidOptionError,
    Rule,
    RuleBook,
    RuleKind,
    State,
    Verdict,
    get_game,
)
from cardrules.games.felagsvist import (
    RULES,
    FelagsvistGame,
    FelagsvistOptions,
    FelagsvistState,
    FirstDealer,
    NoloAce,
    RoundKind,
    Scoring,
    Session,
    Tiebreak,
)
from cardrules.options import build_options, options_as_dict
from cardrules.rules import RuleId, make_rules, rule, rule_id

# -- the acceptance line -------------------------------------------------------


def test_a_new_felagsvist_game_offers_thirteen_legal_actions() -> None:
    state = get_game("felagsvist").new_game(seed=1)
    assert len(state.legal_actions()) == 13


# -- rule books ------------------------------------------------------------------


def _book() -> RuleBook:
    return make_rules(
        "demo",
        [
            rule("demo.play.one", kind=RuleKind.LEGALITY, statement="One.", source="Library"),
            rule(
                "demo.play.two",
                kind=RuleKind.SCORING,
                statement="Two.",
                source="Library",
                options=("target",),
            ),
        ],
    )


def test_rule_book_is_a_read_only_mapping_in_spec_order() -> None:
    book = _book()
    assert len(book) == 2
    assert book.ids == ("demo.play.one", "demo.play.two")
    assert [rule.id for rule in book] == list(book.ids)
    assert "demo.play.two" in book
    assert "demo.play.three" not in book
    assert 3 not in book
    rule = book["demo.play.two"]
    assert isinstance(rule, Rule)
    assert rule.kind is RuleKind.SCORING
    assert rule.options == ("target",)
    assert rule.game == "demo"


def test_rule_book_lookup_of_an_unknown_id_names_it_and_the_game() -> None:
    with pytest.raises(KeyError) as info:
        _book()["demo.play.nine"]
    assert "demo.play.nine" in str(info.value)
    assert "demo" in str(info.value)


def test_rule_book_refuses_a_duplicate_id() -> None:
    with pytest.raises(ValueError, match="listed twice"):
        make_rules(
            "demo",
            [
                rule("demo.a.b", kind=RuleKind.LEGALITY, statement="x", source="Library"),
                rule("demo.a.b", kind=RuleKind.LEGALITY, statement="y", source="Library"),
            ],
        )


def test_merged_rule_book_keeps_both_in_order() -> None:
    merged = _book().merged(COMMON_RULES)
    assert merged.ids == _book().ids + COMMON_RULES.ids
    assert merged.game == "demo"


@pytest.mark.parametrize("text", ["Felagsvist.a.b", "felagsvist.play", "felagsvist..x", "a b.c.d", ""])
def test_rule_id_refuses_text_not_of_the_form_game_area_name(text: str) -> None:
    with pytest.raises(ValueError):
        rule_id(text)


def test_rule_id_accepts_spec_ids() -> None:
    for entry in RULES:
        assert rule_id(entry.id) == entry.id


def test_common_rules_are_the_five_core_ids() -> None:
    assert set(COMMON_RULES.ids) == {
        "common.turn.player-to-act",
        "common.cards.held",
        "common.game.over",
        "common.action.known",
        "common.deal.permutation",
    }
    assert all(rule.game == "common" for rule in COMMON_RULES)


def test_felagsvist_book_is_its_thirty_rules_then_the_common_ones() -> None:
    assert len(RULES) == 35
    own = [rule for rule in RULES if rule.game == "felagsvist"]
    assert len(own) == 30
    assert RULES.ids[30:] == COMMON_RULES.ids
    assert get_game("felagsvist").rules is RULES


def test_rules_with_options_name_real_options() -> None:
    names = set(options_as_dict(FelagsvistOptions()))
    for entry in RULES:
        assert set(entry.options) <= names, entry.id


def test_rule_books_are_frozen() -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        RULES.game = "other"  # type: ignore[misc]


# -- verdicts --------------------------------------------------------------------


def test_an_allowed_verdict_is_truthy_and_names_its_rules() -> None:
    verdict = Verdict.allowed(("felagsvist.play.lead-any",), "p1 leads Q♠")
    assert verdict
    assert verdict.legal
    assert verdict.rule_ids == ("felagsvist.play.lead-any",)
    assert str(verdict) == "legal: p1 leads Q♠ [felagsvist.play.lead-any]"


def test_an_illegal_verdict_is_falsy_and_lists_every_rule() -> None:
    verdict = Verdict.illegal(("common.turn.player-to-act", "common.cards.held"), "not your turn")
    assert not verdict
    assert verdict.rule_ids == ("common.turn.player-to-act", "common.cards.held")
    assert str(verdict).startswith("illegal: not your turn [common.turn.player-to-act, common.cards.held]")


def test_an_illegal_verdict_must_name_a_rule() -> None:
    with pytest.raises(ValueError):
        Verdict.illegal((), "no reason")


def test_verdicts_are_frozen_and_compare_by_value() -> None:
    one = Verdict.illegal(("common.game.over",), "over")
    assert one == Verdict(False, (RuleId("common.game.over"),), "over")
    assert hash(one) == hash(Verdict(False, (RuleId("common.game.over"),), "over"))
    with pytest.raises(dataclasses.FrozenInstanceError):
        one.legal = True  # type: ignore[misc]


# -- options ---------------------------------------------------------------------


def test_default_options_are_the_spec_defaults() -> None:
    assert get_game("felagsvist").options_dict() == {
        "first_round": "hearts",
        "first_dealer": "random",
        "nolo_ace": "high",
        "scoring": "per-trick",
        "tiebreak": "none",
        "session": "single-table",
    }


def test_options_accept_enum_members_strings_any_case_and_hyphenated_names() -> None:
    built = build_options(
        FelagsvistOptions,
        "felagsvist",
        {"first-round": " NOLO ", "first_dealer": FirstDealer.W, "nolo_ace": "Low", "scoring": "odd-tricks"},
    )
    assert built == FelagsvistOptions(
        first_round=RoundKind.NOLO,
        first_dealer=FirstDealer.W,
        nolo_ace=NoloAce.LOW,
        scoring=Scoring.ODD_TRICKS,
    )
    assert built.tiebreak is Tiebreak.NONE
    assert built.session is Session.SINGLE_TABLE


@dataclasses.dataclass(frozen=True)
class _Demo:
    count: int = 1
    flag: bool = False


@pytest.mark.parametrize(
    ("given", "expected"), [({"count": "12"}, _Demo(12)), ({"flag": "yes"}, _Demo(flag=True))]
)
def test_options_convert_ints_and_bools_from_text(given: dict[str, object], expected: _Demo) -> None:
    assert build_options(_Demo, "demo", given) == expected


@pytest.mark.parametrize(("given", "option"), [({"count": "x"}, "count"), ({"flag": "maybe"}, "flag")])
def test_options_refuse_bad_ints_and_bools_naming_the_option(given: dict[str, object], option: str) -> None:
    with pytest.raises(InvalidOptionError) as info:
        build_options(_Demo, "demo", given)
    assert info.value.option == option
    assert option in str(info.value)


def test_options_as_dict_uses_enum_values() -> None:
    options = FelagsvistOptions(tiebreak=Tiebreak.PLAY_ON)
    as_dict = options_as_dict(options)
    assert as_dict["tiebreak"] == "play-on"
    assert all(not isinstance(value, Enum) for value in as_dict.values())


# -- the registry ------------------------------------------------------------------


@pytest.mark.parametrize("name", ["felagsvist", "Felagsvist", " FELAGSVIST "])
def test_get_game_finds_felagsvist_by_name(name: str) -> None:
    game = get_game(name)
    assert isinstance(game, FelagsvistGame)
    assert isinstance(game, Game)
    assert game.name == "felagsvist"
    assert game.num_players == 4
    assert "felagsvist" in cardrules.GAMES


def test_get_game_passes_options_through() -> None:
    game = get_game("felagsvist", scoring="odd-tricks", first_dealer="E")
    assert isinstance(game, FelagsvistGame)
    assert game.options.scoring is Scoring.ODD_TRICKS
    assert game.options.first_dealer is FirstDealer.E


def test_states_satisfy_the_state_protocol() -> None:
    state = get_game("felagsvist").new_game(seed=3)
    assert isinstance(state, State)
    assert not state.is_terminal
    assert state.current_player in range(4)
    assert TERMINAL not in range(4)


# -- determinism -------------------------------------------------------------------


def _felagsvist(**options: str) -> FelagsvistGame:
    game = get_game("felagsvist", **options)
    assert isinstance(game, FelagsvistGame)
    return game


def _play_out(state: FelagsvistState, rng: random.Random) -> FelagsvistState:
    while not state.is_terminal:
        actions = state.legal_actions()
        state = state.apply(actions[rng.randrange(len(actions))])
    return state


def test_the_same_seed_gives_equal_states() -> None:
    game = _felagsvist()
    one, two = game.new_game(seed=42), game.new_game(seed=42)
    assert one == two
    assert hash(one) == hash(two)
    assert one is not two


def test_the_same_seed_and_plays_give_equal_games_throughout() -> None:
    game = _felagsvist()
    end_one = _play_out(game.new_game(seed=5), random.Random(9))
    end_two = _play_out(game.new_game(seed=5), random.Random(9))
    assert end_one == end_two
    assert end_one.deal_scores == end_two.deal_scores


def test_different_seeds_give_different_deals() -> None:
    game = _felagsvist(first_dealer="N")
    hands = {game.new_game(seed=seed).hands for seed in range(20)}
    assert len(hands) == 20


def test_new_game_does_not_depend_on_the_global_random_source() -> None:
    game = _felagsvist()
    saved = random.getstate()
    try:
        random.seed(1)
        expected_next = random.random()
        random.seed(1)
        one = game.new_game(seed=11)
        # new_game neither reads nor advances the global source.
        assert random.random() == expected_next
        random.seed(2)
        two = game.new_game(seed=11)
        assert one == two
    finally:
        random.setstate(saved)


def test_seed_must_be_an_int() -> None:
    game = _felagsvist()
    with pytest.raises(TypeError):
        game.new_game(seed="7")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        game.new_game(seed=True)


# -- immutability -------------------------------------------------------------------


def test_states_are_frozen() -> None:
    state = _felagsvist().new_game(seed=1)
    before = dataclasses.replace(state)
    for f in dataclasses.fields(state):
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(state, f.name, getattr(state, f.name))
    with pytest.raises(dataclasses.FrozenInstanceError):
        state.current_player = 2  # type: ignore[misc]
    # Read-only views (properties) cannot be assigned either; a frozen slotted
    # class refuses with AttributeError or, on some Python versions, TypeError.
    for name in ("totals", "deal_scores", "tricks", "leader", "dealer"):
        with pytest.raises((AttributeError, TypeError)):
            setattr(state, name, (5, 5))
    assert state == before


def test_applying_an_action_leaves_the_old_state_as_it_was() -> None:
    state = _felagsvist().new_game(seed=1)
    before = dataclasses.replace(state)
    snapshot = state.compact()
    after = state.apply(state.legal_actions()[0])
    assert after != state
    assert state == before
    assert state.compact() == snapshot


def test_actions_observations_games_and_options_are_frozen() -> None:
    game = _felagsvist()
    state = game.new_game(seed=1)
    action = state.legal_actions()[0]
    observation = state.observation(0)
    with pytest.raises(dataclasses.FrozenInstanceError):
        action.seat = 3  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        observation.hand = Cards()  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        game.options = FelagsvistOptions()  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        game.options.scoring = Scoring.ODD_TRICKS  # type: ignore[misc]


def test_state_fields_hold_only_immutable_values() -> None:
    state = _felagsvist().new_game(seed=1)
    for f in dataclasses.fields(state):
        value = getattr(state, f.name)
        assert not isinstance(value, list | dict | set | bytearray), f.name
        hash(value)


def test_option_values_read_hyphens_and_underscores_alike() -> None:
    fildinski = get_game("fildinski", dix_exchange="from-trick", last_trick_bonus="STOCK-END")
    assert fildinski.options_dict()["dix_exchange"] == "from_trick"
    assert fildinski.options_dict()["last_trick_bonus"] == "stock_end"
    assert get_game("felagsvist", scoring="odd_tricks").options_dict()["scoring"] == "odd-tricks"
    assert get_game("calabresella", return_timing="before_monte").options_dict()["return_timing"] == (
        "before-monte"
    )
