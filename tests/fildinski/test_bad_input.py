"""Fildinski bad input: unreadable text, bad decks, bad options and bad seats give one clear error each."""

from __future__ import annotations

import random
from dataclasses import dataclass

import pytest

from cardrules import (
    InvalidDealError,
    InvalidNotationError,
    InvalidOptionError,
    InvalidPositionError,
    from_position,
    get_game,
)
from cardrules.cards import parse_card
from cardrules.errors import CardRulesError, InvalidArgumentError
from cardrules.games.fildinski import DeclareMelds, FildinskiState
from cardrules.games.fildinski.actions import CardRef, Dix, MeldDecl, PlayCard, parse_action_text
from cardrules.games.fildinski.cards import kind_card
from cardrules.games.fildinski.melds import MeldKind
from tests.fildinski.test_rules import P0, P1, build_deck, start


@pytest.mark.parametrize(
    "text",
    [
        "",
        "p0",
        "p0 play",
        "p0 play QS QH",
        "p0 play ZZ",
        "p0 dix",
        "p0 meld",
        "p0 meld bezique",
        "p0 meld pinochle QS JD",
        "p0 meld bezique QS#0 JD",
        "p0 meld bezique QS# JD",
        "p0 meld bezique QS JD +",
        "p0 meld none + bezique QS JD",
        "p0 bid 80",
    ],
)
def test_unreadable_action_text_is_invalid_notation(text: str) -> None:
    state = start(P0, P1, "9H")
    with pytest.raises(InvalidNotationError):
        state.parse_action(text)


def test_text_without_an_actor_after_the_end_names_no_one() -> None:
    state = start(P0, P1, "9H")
    final: FildinskiState = state
    import random

    rng = random.Random(0)
    while not final.is_terminal:
        final = final.apply(rng.choice(final.legal_actions()))
    with pytest.raises(InvalidNotationError, match="nobody is to act"):
        final.parse_action("play QS")
    assert not final.check(final.parse_action("p0 play QS")).legal


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("target_score", 0),
        ("target_score", -500),
        ("target_score", 499),
        ("target_score", "lots"),
        ("trump_seven_points", "both"),
        ("last_trick_bonus", "first"),
        ("dix_exchange", "never"),
        ("melded_cards", "burned"),
        ("meld_needs_trick_card", "maybe"),
        ("meld_in_endgame", 3),
        ("bezique_pair", "klaverjas"),
        ("players", 3),
    ],
)
def test_a_bad_option_names_the_option(name: str, value: object) -> None:
    with pytest.raises(InvalidOptionError) as error:
        get_game("fildinski", **{name: value})
    assert error.value.option == name


def test_options_accept_their_spellings() -> None:
    game = get_game(
        "fildinski", target_score="2000", meld_in_endgame="true", bezique_pair="KLAVERJAS_HARTENDAME"
    )
    assert game.options_dict()["target_score"] == 2000
    assert game.options_dict()["meld_in_endgame"] is True
    assert game.options_dict()["bezique_pair"] == "klaverjas_hartendame"


def test_bad_decks_and_dealers() -> None:
    game = get_game("fildinski")
    deck = build_deck(P0, P1, "9H")
    with pytest.raises(InvalidDealError, match="deal 1 "):
        game.from_deal(deck[:32])
    with pytest.raises(InvalidDealError, match="deal 2 "):
        game.from_deal(deck, later_deals=[deck[1:]])
    with pytest.raises(InvalidNotationError):
        game.from_deal(["QS", "XX"])
    with pytest.raises(InvalidNotationError):
        game.from_deal(deck, dealer="east")
    with pytest.raises(TypeError):
        game.new_game("7")  # type: ignore[arg-type]


def test_a_bad_seat_in_an_observation_or_action() -> None:
    state = start(P0, P1, "9H")
    with pytest.raises(InvalidArgumentError, match="Fildinski has seats 0 to 1"):
        state.observation(2)
    verdict = state.check(DeclareMelds(7, ()))
    assert verdict.rule_ids == ("common.action.known",)
    with pytest.raises(CardRulesError):
        state.apply(DeclareMelds(7, ()))


@dataclass(frozen=True, slots=True)
class _OddMeld(MeldDecl):
    """A value that passes for a meld in every field, but is not a MeldDecl itself."""


@pytest.mark.rule("common.action.known")
def test_a_meld_of_a_subclass_is_not_a_meld() -> None:
    """The door takes a MeldDecl exactly: a subclass, even with good fields, is an unknown action."""
    odd = _OddMeld(MeldKind.BEZIQUE, (CardRef(parse_card("QS"), None), CardRef(parse_card("JD"), None)))
    verdict = start(P0, P1, "9H").check(DeclareMelds(0, (odd,)))
    assert not verdict.legal and verdict.rule_ids == ("common.action.known",)
    assert verdict.reason.endswith("is not a meld (a MeldDecl)") and verdict.reason.startswith("_OddMeld(")


@pytest.mark.rule("common.action.known")
@pytest.mark.parametrize(
    ("melds", "reason"),
    [
        (("x",), "'x' is not a meld (a MeldDecl)"),
        (
            (MeldDecl(MeldKind.BEZIQUE, (CardRef(parse_card("QS"), 3), CardRef(parse_card("JD"), None))),),
            "3 is not a copy of a card: a copy is None, 1 or 2",
        ),
        (
            (MeldDecl(MeldKind.BEZIQUE, (CardRef(parse_card("QS"), True), CardRef(parse_card("JD"), None))),),
            "True is not a copy of a card: a copy is None, 1 or 2",
        ),
    ],
)
def test_a_declaration_of_things_that_are_not_melds_is_an_unknown_action(
    melds: tuple[object, ...], reason: str
) -> None:
    """The door looks inside a declaration: each meld is a MeldDecl, each copy None, 1 or 2 (an int)."""
    verdict = start(P0, P1, "9H").check(DeclareMelds(0, melds))  # type: ignore[arg-type]
    assert (verdict.legal, verdict.rule_ids, verdict.reason) == (False, ("common.action.known",), reason)


def test_the_canonical_texts_of_plays_dixes_and_meld_none_are_read_to_one_value_each() -> None:
    """Records hold these texts over and over: each is read to a value equal to the action, and the
    same value each time (one kept per text, not a new one per read)."""
    for seat in (0, 1):
        for kind in range(32):
            for action in (PlayCard(seat, kind_card(kind)), Dix(seat, kind_card(kind))):
                first = parse_action_text(str(action), None)
                assert first == action and parse_action_text(str(action), None) is first, action
        none = DeclareMelds(seat, ())
        assert parse_action_text(str(none), None) is parse_action_text(str(none), None) == none


def _second_deal_after_a_meld() -> str:
    """A seeded position of deal 2, ten tricks in, with a past deal, a meld, and p0 in a meld step."""
    state = get_game("fildinski", target_score=5000).new_game(seed=6)
    assert isinstance(state, FildinskiState)
    rng = random.Random(6)
    while not state.deal_scores or state.tricks_done < 10:
        state = state.apply(rng.choice(state.legal_actions()))
    return state.position()


@pytest.mark.parametrize(
    ("section", "written", "broken"),
    [
        ("hands", "hands p0 7C 8C 7D 9D QH TH TH / p1", "hands / p1"),
        ("hands", "hands p0 7C", "hands px 7C"),
        ("hands", "/ p1 9C TC 7D", "/ p0 9C TC 7D"),
        ("retired", "retired p0 - / p1 -", "retired p0 -"),
        ("tricks", "p0 8C AH /", "p0 8C /"),
        ("tricks", "p0 8C AH /", "p0 8C AX /"),
        ("past", "past S p0", "past X p0"),
        ("past", "past S p0 brisques=60", "past S px brisques=60"),
        ("past", "melds=320 dix", "melds=325 dix"),
        ("melds", "melds p0 6 four-jacks JC JD#1 JD JS", "melds p0 6 four-jacks"),
        ("melds", "melds p0 6 four-jacks JC", "melds p0 6 four-jackz JC"),
        ("points", "points p0 brisques=40", "points p0 brisks=40"),
        ("points", "points p0 brisques=40", "points p0 brisques=4x"),
        ("points", "points p0 brisques=40", "points p0 brisques=45"),
    ],
)
def test_one_broken_item_of_a_position_is_one_problem(section: str, written: str, broken: str) -> None:
    """A section with one unreadable item is refused for that item alone: the reader drops the section
    instead of passing on what it could read, so no check after it reports what only follows from the
    gap (a missing trick, a seat with no cards)."""
    text = _second_deal_after_a_meld()
    assert written in text
    with pytest.raises(InvalidPositionError) as caught:
        from_position(text.replace(written, broken, 1))
    assert [problem.section for problem in caught.value.problems] == [section], caught.value.problems
