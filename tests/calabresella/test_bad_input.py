"""Calabresella bad input: options, action text, deals and the command line fail cleanly.

Every refusal is one of the library's errors (a ``ValueError``), names what is
wrong, and never leaves a stray traceback on the command line.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardrules import get_game
from cardrules.cards import parse_card
from cardrules.errors import CardRulesError, InvalidDealError, InvalidNotationError, InvalidOptionError
from cardrules.games.calabresella import DECK, CalabresellaGame, CalabresellaOptions
from cardrules.games.calabresella.actions import CallCard, PlayCard, ReturnCard, malformed
from tests.calabresella.test_rules import base
from tests.support.cli import run_cardrules


@pytest.mark.parametrize(
    ("options", "name"),
    [
        ({"trumps": "on"}, "trumps"),
        ({"direction": "sideways"}, "direction"),
        ({"auction": "closed"}, "auction"),
        ({"follow-suit": "maybe"}, "follow-suit"),
        ({"stakes": "1,2"}, "stakes"),
        ({"stakes": "-1,2,3"}, "stakes"),
        ({"stakes": [1, 2, True]}, "stakes"),
        ({"redeal_dealer": 3}, "redeal_dealer"),
    ],
)
def test_bad_options_name_the_option(options: dict[str, object], name: str) -> None:
    with pytest.raises(InvalidOptionError) as info:
        get_game("calabresella", **options)
    assert info.value.option == name
    assert name in str(info.value)


def test_options_accept_hyphens_and_enum_members() -> None:
    game = get_game("calabresella", **{"follow-suit": "free", "return_timing": "before-monte"})
    assert isinstance(game, CalabresellaGame)
    assert game.options_dict()["follow_suit"] == "free"
    assert CalabresellaOptions(stakes=" 1 , 5 , 9 ").stakes == "1,5,9"
    with pytest.raises(InvalidOptionError):
        CalabresellaOptions(stakes="9,5,1")


@given(st.text(max_size=30))
def test_any_text_parses_or_raises_invalid_notation(text: str) -> None:
    state = base()
    try:
        action = state.parse_action(text)
    except InvalidNotationError:
        return
    assert str(state.parse_action(str(action))) == str(action)
    verdict = state.check(action)
    assert verdict.rule_ids


def test_bad_decks_are_invalid_deals() -> None:
    game = get_game("calabresella")
    with pytest.raises(InvalidDealError):
        game.from_deal("3S 2S AS", dealer=0)
    with pytest.raises(InvalidDealError, match="extra 8H"):
        game.from_deal([*[str(c) for c in DECK[:39]], "8H"], dealer=0)
    with pytest.raises(CardRulesError):
        game.from_deal(list(DECK), dealer="north")
    with pytest.raises(TypeError):
        game.new_game(seed="7")  # type: ignore[arg-type]


def test_the_command_line_refuses_bad_options_in_one_line() -> None:
    result = run_cardrules("simulate", "calabresella", "--option", "stakes=3,2,1")
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1 and "stakes" in result.stderr and "Traceback" not in result.stderr


def test_the_command_line_simulates_with_options() -> None:
    result = run_cardrules(
        "simulate",
        "calabresella",
        "--games",
        "20",
        "--option",
        "stakes=2,4,8",
        "--option",
        "auction=single-round",
    )
    assert result.returncode == 0, result.stderr
    assert "stakes=2,4,8" in result.stdout and "every game ended with no legal action left" in result.stdout


class _Lookalike:
    """Not a card, though it has a card's ``index`` (that of the two of clubs, in the deck)."""

    index = 0

    def __repr__(self) -> str:
        return "lookalike"


@pytest.mark.rule("common.action.known")
@pytest.mark.parametrize(("card", "named"), [(5, "5"), ("AS", "'AS'"), (_Lookalike(), "lookalike")])
@pytest.mark.parametrize("kind", [PlayCard, CallCard, ReturnCard])
def test_a_card_action_holding_no_card_is_refused_naming_what_it_holds(
    kind: type[PlayCard | CallCard | ReturnCard], card: object, named: str
) -> None:
    """Built around the constructor's types, a one-card action holding a number, a text or an object
    with a card's index is no Calabresella action, and the verdict says what stands for the card."""
    action = kind(0, card)  # type: ignore[arg-type]
    assert malformed(action) == f"{named} is not a card"
    assert malformed(kind(0, parse_card("AS"))) is None
