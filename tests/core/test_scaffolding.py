"""The scaffolding the core owns for every game: judging, game metadata, outcomes, fast construction."""

from __future__ import annotations

import pickle
from dataclasses import FrozenInstanceError, dataclass
from types import MappingProxyType

import pytest

import cardrules
from cardrules.base import check_seed
from cardrules.errors import CardRulesError, GameNotOverError, InvalidArgumentError, UnknownGameError
from cardrules.frozen import fast_constructor
from cardrules.game import TERMINAL, GameInfo, Outcome
from cardrules.games import GAMES, get_game, rule_books
from cardrules.judging import Findings, game_over, not_held, out_of_turn, unknown_action
from cardrules.testing.probing import illegal_probes

ALL_GAMES = tuple(GAMES)

# -- judging ------------------------------------------------------------------


def test_findings_start_empty_and_make_no_verdict() -> None:
    found = Findings()
    assert not found
    with pytest.raises(ValueError):
        found.verdict()


def test_findings_keep_each_rule_once_in_the_order_found() -> None:
    found = Findings()
    found.add("demo.a.one", "first")
    found.also("demo.a.two", "demo.a.one")
    found.add("demo.a.three", "second")
    verdict = found.verdict()
    assert not verdict.legal
    assert verdict.rule_ids == ("demo.a.one", "demo.a.two", "demo.a.three")
    assert verdict.reason == "first; second"


@pytest.mark.rule("common.turn.player-to-act")
def test_out_of_turn_says_whose_turn_it_is_and_only_when_it_is_not_the_seat() -> None:
    found = Findings()
    out_of_turn(found, 1, 1)
    assert not found
    out_of_turn(found, 2, 0, " to bid")
    assert found.rules == ["common.turn.player-to-act"]
    assert found.reasons == ["it is p0's turn to bid, not p2's"]


@pytest.mark.rule("common.cards.held")
def test_not_held_names_the_seat_and_the_cards() -> None:
    found = Findings()
    not_held(found, 3, "Q♠ 10♥")
    assert found.verdict().reason == "p3 does not hold Q♠ 10♥"
    assert found.verdict().rule_ids == ("common.cards.held",)


def test_game_over_and_unknown_action_name_their_common_rule() -> None:
    over = game_over("deal 12 was the last")
    assert over.rule_ids == ("common.game.over",)
    assert over.reason == "the game is over (deal 12 was the last); no action is legal"
    unknown = unknown_action("x is not an action")
    assert unknown.rule_ids == ("common.action.known",) and unknown.reason == "x is not an action"


# -- fast construction --------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Pair:
    left: int
    right: tuple[int, ...]


def test_fast_constructor_builds_the_same_frozen_value() -> None:
    make = fast_constructor(_Pair)
    fast, slow = make(1, (2, 3)), _Pair(1, (2, 3))
    assert type(fast) is _Pair and isinstance(fast, _Pair)
    assert fast == slow and hash(fast) == hash(slow) and repr(fast) == repr(slow)
    assert make(left=4, right=()) == _Pair(4, ())
    with pytest.raises(FrozenInstanceError):
        fast.left = 5  # type: ignore[misc]
    assert pickle.loads(pickle.dumps(fast)) == slow


@dataclass(frozen=True, slots=True)
class _Labelled(_Pair):
    label: str


def test_fast_constructor_writes_inherited_slots_too() -> None:
    make = fast_constructor(_Labelled)
    assert make(1, (), "x") == _Labelled(1, (), "x")
    assert make(1, (), "x") != _Labelled(2, (), "x")


class _Plain:
    __slots__ = ()


@dataclass(frozen=True, slots=True)
class _OnPlainBase(_Plain):
    left: int
    right: str


def test_fast_constructor_builds_an_instance_of_the_class_itself_on_either_path() -> None:
    # Each is built through a non-frozen twin that is then made an instance of the class itself,
    # on a plain base, on a frozen base (_Labelled) and on none.
    for cls, fields in ((_OnPlainBase, (1, "x")), (_Labelled, (1, (), "x")), (_Pair, (1, ()))):
        built = fast_constructor(cls)(*fields)
        assert type(built) is cls and built == cls(*fields) and hash(built) == hash(cls(*fields))
        with pytest.raises(FrozenInstanceError):
            built.left = 2  # type: ignore[misc]


class _Counted:
    """A base whose ``__new__`` and ``__init__`` count their calls (a twin on it must not call them)."""

    __slots__ = ()
    made: list[str] = []  # noqa: RUF012 - a test's record of the calls, read once below

    def __new__(cls, *args: object, **kwargs: object) -> _Counted:
        _Counted.made.append("new")
        return super().__new__(cls)

    def __init__(self, *args: object, **kwargs: object) -> None:
        _Counted.made.append("init")


@dataclass(frozen=True, slots=True)
class _OnCountedBase(_Counted):
    left: int
    right: str


def test_fast_constructor_calls_no_new_or_init_of_a_base_on_either_way_of_making_the_bare_value() -> None:
    # _OnPlainBase's twin has object's __new__ and __init__ and is called; _OnCountedBase's would run
    # its base's, so its bare value is made by object.__new__ instead.
    for cls in (_OnPlainBase, _OnCountedBase):
        make = fast_constructor(cls)
        _Counted.made.clear()
        built = make(1, "x")
        assert _Counted.made == [] and type(built) is cls
        assert (built.left, built.right) == (1, "x") and built == make(1, "x")


def test_fast_constructor_needs_every_field() -> None:
    make = fast_constructor(_Pair)
    with pytest.raises(TypeError):
        make(1)


def test_fast_constructor_refuses_a_class_that_is_not_a_frozen_slotted_dataclass() -> None:
    @dataclass(frozen=True)
    class Unslotted:
        x: int

    @dataclass(slots=True)
    class Mutable:
        x: int

    with pytest.raises(TypeError, match="slotted"):
        fast_constructor(Unslotted)
    with pytest.raises(TypeError, match="frozen"):
        fast_constructor(Mutable)
    with pytest.raises(TypeError):
        fast_constructor(int)


# -- the game table and metadata ----------------------------------------------


def test_the_game_table_is_read_only() -> None:
    assert isinstance(GAMES, MappingProxyType)
    with pytest.raises(TypeError):
        GAMES["felagsvist"] = ("os", "system")  # type: ignore[index]


def test_get_game_refuses_unknown_names_and_non_strings_with_library_errors() -> None:
    with pytest.raises(UnknownGameError, match="no game called 'chess'"):
        get_game("chess")
    with pytest.raises(InvalidArgumentError) as info:
        get_game(5)  # type: ignore[call-overload]
    assert isinstance(info.value, CardRulesError) and isinstance(info.value, TypeError)


@pytest.mark.parametrize("name", ALL_GAMES)
def test_every_game_states_its_metadata_as_data(name: str) -> None:
    game = get_game(name)
    info = game.info
    assert isinstance(info, GameInfo)
    assert info.name == game.name == name
    assert game.rules is info.rules and game.rules is rule_books()[name]
    assert info.players in (None, game.num_players)
    assert len(game.pack()) > 0 and isinstance(game.jokers, bool)
    assert isinstance(info.sample_values, MappingProxyType)
    assert set(info.sample_values) <= set(game.options_dict())
    with pytest.raises(FrozenInstanceError):
        info.name = "other"  # type: ignore[misc]


@pytest.mark.parametrize("name", ALL_GAMES)
def test_a_seed_that_is_not_an_int_is_a_library_error(name: str) -> None:
    game = get_game(name)
    for seed in ("7", 1.0, True):
        with pytest.raises(InvalidArgumentError, match="seed must be an int"):
            game.new_game(seed=seed)  # type: ignore[arg-type]
    for bad in ("x", None):  # new_game draws a seed for None; from_deal's default is 0
        with pytest.raises(InvalidArgumentError):
            game.from_deal(game.pack(), seed=bad)  # type: ignore[arg-type]
    assert check_seed(-3) == -3


@pytest.mark.parametrize("name", ALL_GAMES)
def test_from_deal_with_the_pack_in_order_starts_a_game(name: str) -> None:
    game = get_game(name)
    state = game.from_deal(game.pack(), dealer=0)
    assert state.current_player != TERMINAL and state.legal_actions()
    assert state.dealt_decks()[0] == game.pack()


@pytest.mark.rule("common.deal.permutation")
def test_more_deck_orders_than_a_game_has_deals_are_refused() -> None:
    fish = get_game("backstab_fish")
    with pytest.raises(cardrules.InvalidDealError, match="one deal, not 2 deck orders"):
        fish.from_deal(fish.pack(), later_deals=[fish.pack()])
    whist = get_game("felagsvist")
    with pytest.raises(cardrules.InvalidDealError, match="at most 13 deals, not 14"):
        whist.from_deal(whist.pack(), later_deals=[whist.pack()] * 13)


# -- outcomes -----------------------------------------------------------------


def _finish(name: str, seed: int, **options: object) -> cardrules.State[object]:
    import random

    state = get_game(name, **options).new_game(seed=seed)
    rng = random.Random(seed)
    while not state.is_terminal:
        state = state.apply(rng.choice(state.legal_actions()))
    return state


@pytest.mark.rule("common.game.over")
@pytest.mark.parametrize("name", ALL_GAMES)
def test_outcome_is_none_until_the_end_then_one_shape_in_every_game(name: str) -> None:
    options: dict[str, object] = {"target_score": 100} if name == "fildinski" else {}
    start = get_game(name, **options).new_game(seed=5)
    assert start.outcome() is None
    end = _finish(name, 5, **options)
    outcome = end.outcome()
    assert isinstance(outcome, Outcome)
    assert outcome.scores == end.scores()
    assert outcome.rule in end_rules(name)
    assert all(0 <= seat < len(outcome.scores) for seat in outcome.winners)
    assert list(outcome.winners) == sorted(set(outcome.winners))
    verdict = end.check(start.legal_actions()[0])
    assert verdict.rule_ids == ("common.game.over",)
    assert verdict.reason == f"the game is over ({outcome.reason}); no action is legal"
    assert {rule for _, v in illegal_probes(end) for rule in v.rule_ids} <= {"common.game.over"}


def end_rules(name: str) -> set[str]:
    """The rules that may end a game of ``name``."""
    return {
        "felagsvist": {"felagsvist.game.twelve-deals", "felagsvist.game.tie"},
        "fildinski": {"fildinski.game.target"},
        "calabresella": {"calabresella.procedure.session", "calabresella.bidding.all-pass"},
        "backstab_fish": {
            "backstab_fish.end.all-empty",
            "backstab_fish.end.sole-holder",
            "backstab_fish.end.stall-limit",
        },
    }[name]


def test_partnership_outcomes_name_the_side_and_both_partners() -> None:
    for seed in range(6):
        end = _finish("felagsvist", seed)
        outcome = end.outcome()
        assert outcome is not None
        ns, ew = end.scores()[0], end.scores()[1]
        if ns == ew:
            assert outcome.tie and outcome.side is None and outcome.winners == ()
        else:
            side = 0 if ns > ew else 1
            assert not outcome.tie and outcome.side == side and outcome.winners == (side, side + 2)


def test_backstab_fish_ties_share_the_win() -> None:
    seen_tie = False
    for seed in range(12):
        end = _finish("backstab_fish", seed, players=4)
        outcome = end.outcome()
        assert outcome is not None
        best = max(end.scores())
        assert outcome.winners == tuple(s for s, v in enumerate(end.scores()) if v == best)
        assert outcome.tie == (len(outcome.winners) > 1) and outcome.side is None
        seen_tie = seen_tie or outcome.tie
    assert seen_tie


@pytest.mark.parametrize("name", ALL_GAMES)
def test_asking_for_the_winner_before_the_end_is_a_library_error(name: str) -> None:
    state = get_game(name).new_game(seed=2)
    ask = getattr(state, "winners", None) or state.winner  # type: ignore[attr-defined]
    with pytest.raises(GameNotOverError, match="not over"):
        ask()


@pytest.mark.parametrize("name", ALL_GAMES)
def test_attempt_judges_and_applies_like_check_and_apply(name: str) -> None:
    state = get_game(name).new_game(seed=3)
    legal = state.legal_actions()[0]
    verdict, after = state.attempt(legal)
    assert verdict == state.check(legal) and after == state.apply(legal)
    for action, refused in illegal_probes(state):
        assert state.attempt(action) == (refused, None)


def test_every_deliberate_error_of_the_core_is_a_library_error() -> None:
    from cardrules.errors import UnknownRuleError
    from cardrules.rules import COMMON_RULES, rule_id
    from cardrules.verdict import Verdict

    missing = ".".join(("common", "nope", "x"))  # built, so the id scan does not take it for a rule id
    with pytest.raises(UnknownRuleError, match="is not a rule of common") as info:
        COMMON_RULES[missing]
    assert isinstance(info.value, KeyError) and isinstance(info.value, CardRulesError)
    for attempt in (lambda: rule_id("Not An Id"), lambda: Verdict.illegal((), "no rule")):
        with pytest.raises(InvalidArgumentError):
            attempt()
    with pytest.raises(InvalidArgumentError):
        cardrules.Card("Q", "S")  # type: ignore[arg-type]


def test_get_game_by_a_literal_name_is_typed_as_that_game() -> None:
    # mypy --strict checks this file: the attribute below exists only on Fildinski's observation.
    hand = cardrules.get_game("fildinski").new_game(seed=1).observation(0).hand
    assert len(hand) == 8 and all(isinstance(card, cardrules.Card) for card in hand)
    tricks = cardrules.get_game("felagsvist").new_game(seed=1).observation(0).tricks
    assert tricks == (0, 0)
