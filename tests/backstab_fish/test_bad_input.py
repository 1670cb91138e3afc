"""Backstab Fish bad input: every error is precise and of the library's kinds, never a stray traceback."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardrules import CardRulesError, IllegalActionError, InvalidNotationError, InvalidOptionError, get_game
from cardrules.errors import InvalidArgumentError
from cardrules.games.backstab_fish import Ask, BackstabFishGame, BackstabFishState, EndTurn, FishRank, LayDown
from cardrules.games.backstab_fish.actions import read_action
from tests.backstab_fish.test_rules import situation


def _state() -> BackstabFishState:
    game = get_game("backstab_fish", players=5)
    assert isinstance(game, BackstabFishGame)
    return game.new_game(seed=4)


@pytest.mark.rule("common.action.known")
@given(
    seat=st.integers(min_value=-3, max_value=12),
    target=st.integers(min_value=-3, max_value=12),
    rank=st.integers(min_value=-2, max_value=16),
    count=st.integers(min_value=-2, max_value=12),
)
def test_check_never_raises_and_apply_raises_only_illegal_action(
    seat: int, target: int, rank: int, count: int
) -> None:
    state = _state()
    action = Ask(seat, target, rank, count)  # type: ignore[arg-type]
    verdict = state.check(action)
    assert verdict.rule_ids and verdict.reason
    if verdict.legal:
        assert action in state.legal_actions()
        state.apply(action)
    else:
        assert action not in state.legal_actions()
        with pytest.raises(IllegalActionError) as info:
            state.apply(action)
        assert info.value.verdict == verdict and state.compact() in str(info.value)


@pytest.mark.rule("common.action.known")
def test_actions_with_arguments_of_the_wrong_type_are_unknown() -> None:
    state = _state()
    seat = state.current_player
    rank = state.hand(seat)[0]
    for action in (
        Ask("p0", 1, rank, 1),  # type: ignore[arg-type]
        Ask(seat, "p1", rank, 1),  # type: ignore[arg-type]
        Ask(seat, (seat + 1) % 5, "K", 1),  # type: ignore[arg-type]
        Ask(seat, (seat + 1) % 5, rank, 1.0),  # type: ignore[arg-type]
        Ask(seat, (seat + 1) % 5, rank, True),
    ):
        verdict = state.check(action)
        assert verdict.rule_ids == ("common.action.known",), (action, verdict)
        with pytest.raises(IllegalActionError):
            state.apply(action)
    with pytest.raises(TypeError):
        LayDown(0, ("K",))  # type: ignore[arg-type]
    assert LayDown(0, (11, 5)).sets == (FishRank.SEVEN, FishRank.KING)  # type: ignore[arg-type]


@pytest.mark.rule("common.action.known")
@given(text=st.text(max_size=30))
def test_any_text_parses_or_is_invalid_notation(text: str) -> None:
    state = _state()
    try:
        action = state.parse_action(text)
    except InvalidNotationError as error:
        assert isinstance(error, ValueError) and isinstance(error, CardRulesError)
        return
    assert state.parse_action(str(action)) == action
    state.check(action)


def test_every_canonical_text_read_at_once_is_the_action_read_the_long_way() -> None:
    """read_action looks canonical texts up; written another way, each reads to the same action."""
    for seat in range(10):
        for target in range(10):
            for rank in FishRank:
                for count in range(9):
                    action = Ask(seat, target, rank, count)
                    text = str(action)
                    assert read_action(text, None) == action
                    assert read_action(text.replace(" for ", "  ").upper(), None) == action
        assert read_action(f"p{seat} end turn", None) == EndTurn(seat) == read_action("END TURN", seat)


@pytest.mark.rule("common.action.known")
def test_an_unreadable_action_quotes_the_text() -> None:
    state = _state()
    for text, quoted in [
        ("p1 ask p2 for many K", "many"),
        ("p1 ask p2 for 2 kingz", "kingz"),
        ("p1 ask p2 for 2", "p1 ask p2 for 2"),
        ("p1 lay down", "p1 lay down"),
        ("p1 throw K", "p1 throw K"),
        ("p1 ask me for 2 K", "me"),
    ]:
        with pytest.raises(InvalidNotationError) as info:
            state.parse_action(text)
        assert repr(quoted) in str(info.value), (text, str(info.value))
    finished = situation(["K K K", "K", "", ""]).apply(Ask(0, 1, FishRank.KING, 1)).apply(EndTurn(0))
    assert finished.is_terminal
    with pytest.raises(InvalidNotationError, match="names no actor"):
        finished.parse_action("end turn")


@pytest.mark.rule("backstab_fish.setup.players")
def test_bad_options_name_the_option() -> None:
    cases: list[tuple[dict[str, object], str]] = [
        ({"players": 12}, "players"),
        ({"deck": "triple"}, "deck"),
        ({"give": "some"}, "give"),
        ({"empty_target": "maybe"}, "empty_target"),
        ({"lay_down": "never"}, "lay_down"),
        ({"final_lay_down": "yes"}, "final_lay_down"),
        ({"stall_limit": "soon"}, "stall_limit"),
        ({"stall-limit": 0}, "stall_limit"),
        ({"colour": "red"}, "colour"),
    ]
    for options, name in cases:
        with pytest.raises(InvalidOptionError) as info:
            get_game("backstab_fish", **options)
        assert info.value.option == name
    with pytest.raises(InvalidOptionError, match="given twice"):
        get_game("backstab_fish", **{"stall_limit": 5, "stall-limit": 6})
    assert (
        get_game("backstab_fish", **{"stall-limit": "12", "final-lay-down": "OFF"}).options_dict()[
            "stall_limit"
        ]
        == 12
    )


def test_an_observation_of_a_seat_the_game_lacks_is_refused() -> None:
    for seat in (5, -1, True, "p1", 1.0):  # a seat number the game has, nothing else
        with pytest.raises(InvalidArgumentError, match="has seats 0 to 4"):
            _state().observation(seat)  # type: ignore[arg-type]


@pytest.mark.rule("backstab_fish.setup.deck")
def test_the_joker_is_a_card_only_where_asked_for() -> None:
    import copy
    import pickle

    from cardrules.cards import JOKER, STANDARD_DECK, Card, Joker, parse_card, parse_cards

    assert parse_card(" joker ", jokers=True) is JOKER and parse_card("🃏", jokers=True) == Joker()
    assert parse_cards("JK 2C, jk", jokers=True) == (JOKER, STANDARD_DECK[0], JOKER)
    assert (
        isinstance(JOKER, Card) and str(JOKER) == "JK" and repr(JOKER) == "Joker()" and JOKER.pretty() == "🃏"
    )
    assert JOKER.index == 52 and hash(JOKER) == hash(Joker()) and JOKER not in STANDARD_DECK
    assert copy.deepcopy(JOKER) == JOKER and pickle.loads(pickle.dumps(JOKER)) == JOKER
    with pytest.raises(InvalidNotationError, match="'JK' is not a card"):
        parse_card("JK")
    felagsvist = get_game("felagsvist", first_dealer="N").new_game(seed=1)
    with pytest.raises(InvalidNotationError):
        felagsvist.parse_action("p1 play JK")
