"""Bad input: every error is precise, names what was wrong, and is a ValueError and a CardRulesError."""

from __future__ import annotations

import pytest

from cardrules import (
    STANDARD_DECK,
    CardRulesError,
    IllegalActionError,
    InvalidDealError,
    InvalidNotationError,
    InvalidOptionError,
    UnknownGameError,
    get_game,
    parse_card,
)
from cardrules.cards import cards_in
from cardrules.errors import InvalidArgumentError
from cardrules.games.felagsvist import FelagsvistGame, FelagsvistState, PlayCard


def _game(**options: str) -> FelagsvistGame:
    game = get_game("felagsvist", **options)
    assert isinstance(game, FelagsvistGame)
    return game


def _state() -> FelagsvistState:
    """A new game in which p1 (E) is to act, N having dealt."""
    state = _game(first_dealer="N").new_game(seed=1)
    assert state.current_player == 1
    return state


def _is_value_error_of_the_library(error: BaseException) -> None:
    assert isinstance(error, ValueError)
    assert isinstance(error, CardRulesError)


# -- card and action text ----------------------------------------------------------------


@pytest.mark.parametrize("text", ["ZZ", "1S", "QX", "Q", "", "QS!", "K♠♠", "11H"])
def test_malformed_card_text_is_invalid_notation_quoting_the_text(text: str) -> None:
    with pytest.raises(InvalidNotationError) as info:
        parse_card(text)
    assert repr(text) in str(info.value)
    _is_value_error_of_the_library(info.value)


@pytest.mark.rule("common.action.known")
@pytest.mark.parametrize(
    ("text", "quoted"),
    [
        ("p1 play", "p1 play"),
        ("p1 play QS KS", "p1 play QS KS"),
        ("p1 QS play", "p1 QS play"),
        ("play play QS", "play play QS"),
        ("p1 play ZZ", "ZZ"),
        ("p1 lead", "lead"),
        ("X play QS", "X play QS"),
    ],
)
def test_malformed_action_text_is_invalid_notation_naming_the_bad_part(text: str, quoted: str) -> None:
    with pytest.raises(InvalidNotationError) as info:
        _state().parse_action(text)
    assert repr(quoted) in str(info.value)
    _is_value_error_of_the_library(info.value)


@pytest.mark.rule("common.action.known")
def test_empty_action_text_is_invalid_notation() -> None:
    for text in ("", "  ", "\n"):
        with pytest.raises(InvalidNotationError, match="empty"):
            _state().parse_action(text)


# -- games and options --------------------------------------------------------------------


@pytest.mark.parametrize("name", ["whist", "", "felagsvist2", "fildinski-x"])
def test_an_unknown_game_is_refused_naming_it_and_the_known_games(name: str) -> None:
    with pytest.raises(UnknownGameError) as info:
        get_game(name)
    assert repr(name) in str(info.value)
    assert "felagsvist" in str(info.value)
    _is_value_error_of_the_library(info.value)


@pytest.mark.parametrize("option", ["colour", "target_score", "first-lead"])
def test_an_unknown_option_is_refused_naming_it(option: str) -> None:
    with pytest.raises(InvalidOptionError) as info:
        get_game("felagsvist", **{option: "1"})
    assert info.value.option == option
    assert option in str(info.value)
    assert "scoring" in str(info.value)  # the message lists the options there are
    _is_value_error_of_the_library(info.value)


@pytest.mark.parametrize(
    ("option", "value"),
    [
        ("first_round", "trumps"),
        ("first_dealer", "North"),
        ("first_dealer", 4),  # a seat number the game lacks (0 is N)
        ("first_dealer", "p4"),
        ("nolo_ace", "middle"),
        ("scoring", "rubber"),
        ("tiebreak", "coin"),
        ("session", "club"),
        ("first-dealer", "North"),
    ],
)
def test_a_bad_option_value_is_refused_naming_the_option_and_its_values(option: str, value: object) -> None:
    with pytest.raises(InvalidOptionError) as info:
        get_game("felagsvist", **{option: value})
    assert info.value.option == option
    assert option in str(info.value)
    assert repr(value) in str(info.value)
    _is_value_error_of_the_library(info.value)


@pytest.mark.rule("felagsvist.seating.partnerships")
def test_the_progressive_session_is_refused_not_played_as_single_table() -> None:
    with pytest.raises(InvalidOptionError) as info:
        get_game("felagsvist", session="progressive")
    assert info.value.option == "session"
    _is_value_error_of_the_library(info.value)


# -- illegal actions ------------------------------------------------------------------------


@pytest.mark.rule("common.turn.player-to-act")
def test_a_wrong_player_acting_is_an_illegal_action_naming_the_rule() -> None:
    state = _state()
    card = next(cards_in(state.hands[2]))
    with pytest.raises(IllegalActionError) as info:
        state.apply(PlayCard(2, card))
    error = info.value
    assert error.verdict.rule_ids == ("common.turn.player-to-act",)
    assert "common.turn.player-to-act" in str(error)
    assert "p2" in str(error) and str(card) in str(error)
    assert error.action == f"p2 play {card}"
    assert error.state == state.compact()
    _is_value_error_of_the_library(error)


@pytest.mark.rule("common.cards.held")
def test_a_card_not_in_hand_is_an_illegal_action_naming_the_rule() -> None:
    state = _state()
    card = next(cards_in(state.hands[0]))
    with pytest.raises(IllegalActionError) as info:
        state.apply(PlayCard(1, card))
    error = info.value
    assert error.verdict.rule_ids == ("common.cards.held",)
    assert "common.cards.held" in str(error)
    assert card.pretty() in error.verdict.reason
    assert state.compact() in str(error)
    _is_value_error_of_the_library(error)


@pytest.mark.rule("common.cards.held")
def test_text_for_a_card_not_in_hand_parses_then_is_illegal() -> None:
    state = _state()
    card = next(cards_in(state.hands[3]))
    action = state.parse_action(f"play {card}")
    with pytest.raises(IllegalActionError, match=r"common\.cards\.held"):
        state.apply(action)


@pytest.mark.rule("common.action.known")
def test_check_never_raises_even_for_a_malformed_play() -> None:
    """State.check promises never to raise; a play whose card is not a Card is no action of the game."""
    state = _state()
    bogus = PlayCard(1, "QS")  # type: ignore[arg-type]
    verdict = state.check(bogus)
    assert not verdict.legal
    assert verdict.rule_ids == ("common.action.known",)
    with pytest.raises(IllegalActionError):
        state.apply(bogus)


# -- explicit deals ---------------------------------------------------------------------------


def _deck() -> list[str]:
    return [str(card) for card in STANDARD_DECK]


@pytest.mark.rule("common.deal.permutation")
def test_a_deal_with_a_missing_card_names_it() -> None:
    deck = _deck()
    deck.remove("QH")
    with pytest.raises(InvalidDealError) as info:
        _game().from_deal(deck, dealer=0)
    assert "missing QH" in str(info.value)
    assert "51 cards" in str(info.value)
    assert "common.deal.permutation" in str(info.value)
    _is_value_error_of_the_library(info.value)


@pytest.mark.rule("common.deal.permutation")
def test_a_deal_with_a_repeated_card_names_it() -> None:
    deck = _deck()
    deck[0] = "KD"
    with pytest.raises(InvalidDealError) as info:
        _game().from_deal(deck, dealer=0)
    assert "extra KD" in str(info.value)
    assert "missing 2C" in str(info.value)
    _is_value_error_of_the_library(info.value)


@pytest.mark.rule("common.deal.permutation")
def test_a_deal_with_a_repeated_card_added_names_it_and_the_count() -> None:
    with pytest.raises(InvalidDealError) as info:
        _game().from_deal([*_deck(), "AS"], dealer=0)
    assert "53 cards" in str(info.value)
    assert "extra AS" in str(info.value)


@pytest.mark.rule("common.deal.permutation")
def test_an_empty_deal_names_every_card_missing() -> None:
    with pytest.raises(InvalidDealError) as info:
        _game().from_deal([], dealer=0)
    assert "0 cards" in str(info.value)
    assert all(str(card) in str(info.value) for card in STANDARD_DECK)


@pytest.mark.rule("common.deal.permutation")
def test_a_deal_with_unreadable_card_text_is_refused_quoting_the_text() -> None:
    """Unreadable card text in a deal is invalid notation, as ``from_deal`` documents."""
    deck = _deck()
    deck[5] = "ZZ"
    with pytest.raises(InvalidNotationError) as info:
        _game().from_deal(deck, dealer=0)
    assert "'ZZ'" in str(info.value)
    _is_value_error_of_the_library(info.value)


@pytest.mark.rule("common.deal.permutation")
def test_too_many_deck_orders_are_refused() -> None:
    with pytest.raises(InvalidDealError, match="at most 13"):
        _game().from_deal(STANDARD_DECK, dealer=0, later_deals=[STANDARD_DECK] * 13)


def test_an_unknown_dealer_is_invalid_notation() -> None:
    for dealer in ("X", "p4", 7, -1):
        with pytest.raises(InvalidNotationError):
            _game().from_deal(STANDARD_DECK, dealer=dealer)


def test_observing_a_seat_the_table_does_not_have_is_an_invalid_argument() -> None:
    # a seat number is an argument, not notation: the same error class in every game
    for game in ("felagsvist", "fildinski", "calabresella", "backstab_fish"):
        state = get_game(game).new_game(seed=1)
        with pytest.raises(InvalidArgumentError, match="has seats 0 to"):
            state.observation(7)
        # a seat written as in texts is refused with the number to pass instead
        with pytest.raises(InvalidArgumentError, match=r"'p1' is not one: pass the number 1$"):
            state.observation("p1")  # type: ignore[arg-type]


@pytest.mark.parametrize("token", ["p²", "p" + "9" * 5000, "p-1", "p 2"])
@pytest.mark.rule("common.action.known")
def test_an_actor_that_is_not_p_and_ascii_digits_is_invalid_notation(token: str) -> None:
    state = _state()
    with pytest.raises(InvalidNotationError):
        state.parse_action(f"{token} play QS")
