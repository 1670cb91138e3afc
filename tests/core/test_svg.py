"""cardrules.svg: the documents are valid SVG, show the right cards, hide what a seat may not see.

The pictures are read back as XML: each card is a ``<g class="card">`` group
naming its card (``data-card``), its owner (``data-seat``), where it lies
(``data-zone``) and its mark (``data-mark``); a face-down card has the class
``back`` and no name. Every phase of every game is drawn, from the
adjudicator's seat and from every seat's observation.
"""

from __future__ import annotations

import dataclasses
import re
import xml.etree.ElementTree as ET
from collections import Counter
from enum import Enum
from random import Random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cardrules
from cardrules import GAMES, get_game
from cardrules.cards import JOKER, Card, cards_in, parse_card, parse_cards
from cardrules.errors import InvalidArgumentError, InvalidNotationError
from cardrules.game import TERMINAL, Action, AnyState
from cardrules.games.backstab_fish.actions import Ask
from cardrules.games.backstab_fish.cards import FishRank, set_ranks
from cardrules.games.backstab_fish.state import BackstabFishState
from cardrules.games.calabresella.actions import CallCard
from cardrules.games.calabresella.state import CalabresellaState
from cardrules.games.felagsvist.actions import PlayCard
from cardrules.games.felagsvist.state import FelagsvistState
from cardrules.games.fildinski.cards import cards_of
from cardrules.games.fildinski.state import FildinskiState
from cardrules.svg import card, hand, judged, table, trick
from cardrules.svg.marks import COLOURS, card_keys, read_marks
from cardrules.testing import positions

NS = "{http://www.w3.org/2000/svg}"
RED, GREEN = COLOURS["disputed"], COLOURS["legal"]
GAME_PHASES = [(game, phase) for game in sorted(GAMES) for phase in get_game(game).info.phases]


# -- reading a picture back ---------------------------------------------------------


def parse(text: str) -> ET.Element:
    """The document's root, checked: an ``<svg>`` with a viewBox and a title first."""
    root = ET.fromstring(text)
    assert root.tag == f"{NS}svg"
    assert re.fullmatch(r"0 0 \d+(\.\d+)? \d+(\.\d+)?", root.get("viewBox", ""))
    assert root[0].tag == f"{NS}title" and (root[0].text or "").strip()
    return root


def card_elements(root: ET.Element, zone: str | None = None) -> list[ET.Element]:
    """The card groups of a picture, of one zone or all."""
    found = [g for g in root.iter(f"{NS}g") if g.get("class", "").split()[:1] == ["card"]]
    return [g for g in found if zone is None or g.get("data-zone") == zone]


def is_back(element: ET.Element) -> bool:
    return "back" in element.get("class", "").split()


def seat_of(element: ET.Element) -> int | None:
    seat = element.get("data-seat")
    return None if seat is None else int(seat)


def all_text(root: ET.Element) -> str:
    """Every text node and attribute of the document, joined."""
    return " ".join(
        [
            *(t for e in root.iter() for t in (e.text, e.tail) if t),
            *(v for e in root.iter() for v in e.attrib.values()),
        ]
    )


def badge_count(element: ET.Element) -> int:
    """The count a Backstab Fish hand card shows (``×3``), 1 when it shows none."""
    texts = [t.text or "" for t in element.iter(f"{NS}text")]
    counts = [int(t[1:]) for t in texts if t.startswith("×")]
    return counts[0] if counts else 1


def seat_label(element: ET.Element) -> str | None:
    """The seat name written under a card, inside its group (who played a trick card), or ``None``."""
    labels = [t.text for t in element.iter(f"{NS}text") if t.get("class") == "seat-label"]
    assert len(labels) <= 1
    return labels[0] if labels else None


def suit_inks(root: ET.Element) -> dict[str, set[str]]:
    """The fill of every suit-coloured element (a rank, a pip), by its ``data-suit``."""
    inks: dict[str, set[str]] = {}
    for element in root.iter():
        suit = element.get("data-suit")
        if suit is not None:
            inks.setdefault(suit, set()).add(element.get("fill", ""))
    return inks


def pile_size(element: ET.Element) -> int:
    """The size written on a face-down pile."""
    (text,) = [t.text for t in element.iter(f"{NS}text")]
    assert text is not None
    return int(text)


# -- what each game's state holds ------------------------------------------------------


def hands_of(state: AnyState) -> tuple[tuple[str, ...], ...]:
    """Each seat's hand as card names (ranks in Backstab Fish)."""
    if isinstance(state, FildinskiState):
        return tuple(tuple(str(c) for c in cards_of(h)) for h in state.hands)
    if isinstance(state, BackstabFishState):
        return tuple(tuple(r.token for r in set_ranks(h)) for h in state.hands)
    assert isinstance(state, (FelagsvistState, CalabresellaState))
    return tuple(tuple(str(c) for c in cards_in(h)) for h in state.hands)


def hidden_from(state: AnyState, seat: int) -> set[str]:
    """The names of the cards lying where ``seat`` may not look: other hands, the stock, the monte."""
    names = {name for other, held in enumerate(hands_of(state)) if other != seat for name in held}
    if isinstance(state, FildinskiState):
        names |= {str(c) for c in cards_of(state.stock_mask)}
    elif isinstance(state, CalabresellaState):
        names |= {str(cardrules.cards.card_at(c)) for c in state.monte}
    elif isinstance(state, BackstabFishState):
        names |= {r.token for r in state.stock_ranks()}
    return names


def named_in(value: object) -> set[str]:
    """Every card (or rank) an observation holds anywhere in its fields, however deep."""
    if isinstance(value, FishRank):
        return {value.token}
    if isinstance(value, Card):
        return {str(value)}
    if isinstance(value, (Enum, str, int, float, bool)) or value is None:
        return set()
    if isinstance(value, tuple):
        return set().union(*(named_in(v) for v in value)) if value else set()
    assert dataclasses.is_dataclass(value), type(value)
    return set().union(*(named_in(getattr(value, f.name)) for f in dataclasses.fields(value)))


def seats(state: AnyState) -> range:
    return range(len(state.scores()))


# -- the core documents ----------------------------------------------------------------


def test_a_card_shows_its_name_and_a_face_down_card_none() -> None:
    up, down = parse(card(parse_card("TH"))), parse(card())
    (face,) = card_elements(up)
    assert face.get("data-card") == "TH" and not is_back(face)
    assert face.find(f"{NS}title") is not None and face.find(f"{NS}title").text == "10♥"  # type: ignore[union-attr]
    (back,) = card_elements(down)
    assert is_back(back) and back.get("data-card") is None


def test_the_joker_is_a_card_of_its_own() -> None:
    (joker,) = card_elements(parse(card(JOKER)))
    assert joker.get("data-card") == "JK" and "joker" in all_text(parse(card(JOKER)))


def test_a_hand_draws_every_card_in_order_and_marks_the_ones_named() -> None:
    root = parse(hand(parse_cards("AS KH 7C"), marks={"KH": "legal", parse_card("7C"): "#123"}))
    names = [(g.get("data-card"), g.get("data-mark")) for g in card_elements(root)]
    assert names == [("AS", None), ("KH", GREEN), ("7C", "#123")]


def test_a_trick_shows_each_card_over_its_seat_in_play_order() -> None:
    root = parse(trick([(2, parse_card("QS")), (3, parse_card("AS"))], seat_names=("N", "E", "S", "W")))
    assert [(g.get("data-card"), seat_of(g)) for g in card_elements(root)] == [("QS", 2), ("AS", 3)]
    assert [seat_label(g) for g in card_elements(root)] == ["S", "W"]


def test_text_is_escaped() -> None:
    title = 'a <b>hand</b> & "friends"'
    root = parse(hand(parse_cards("AS"), title=title))
    assert root[0].text == title


def test_marks_refuse_unknown_colours_and_targets() -> None:
    with pytest.raises(InvalidArgumentError, match="colour"):
        read_marks({"QS": "red; stroke: url(x)"})
    with pytest.raises(InvalidArgumentError, match="a mark names"):
        read_marks([42])  # type: ignore[list-item]
    with pytest.raises(InvalidNotationError):
        hand(parse_cards("AS"), marks="ZZ")
    with pytest.raises(InvalidArgumentError, match="cannot draw"):
        table(object())


def test_marks_read_one_target_a_list_or_a_mapping() -> None:
    qs = parse_card("QS")
    assert read_marks(qs).items == ((qs, RED),)
    assert read_marks([qs, "KH"]).items == ((qs, RED), ("KH", RED))
    assert read_marks({qs: "blue"}).items == ((qs, COLOURS["blue"]),)
    assert read_marks(None).items == ()


def test_an_action_names_its_cards_however_deep() -> None:
    state = get_game("fildinski").new_game(seed=1)
    meld = state.parse_action("p0 meld bezique JD QS + marriage KH QH")
    assert sorted(card_keys(meld)) == ["JD", "KH", "QH", "QS"]
    assert card_keys(PlayCard(1, parse_card("QS"))) == ("QS",)
    assert card_keys("10♥") == ("TH",)


def test_states_and_observations_draw_themselves_in_notebooks() -> None:
    state = get_game("felagsvist").new_game(seed=2)
    seen = state.observation(1)
    assert state._repr_svg_() == table(state) == state.svg()
    assert seen._repr_svg_() == table(seen) == seen.svg()
    assert table(state) != seen.svg()


# -- marks on the right cards ----------------------------------------------------------


def test_a_disputed_play_and_its_alternatives_are_marked_on_the_players_own_cards() -> None:
    state = get_game("felagsvist").new_game(seed=1)
    for _ in range(5):
        state = state.apply(state.legal_actions()[-1])
    actor, (disputed, *others) = state.current_player, state.legal_actions()
    assert isinstance(disputed, PlayCard) and all(isinstance(a, PlayCard) for a in others)
    marks: dict[Action, str] = {disputed: "disputed", **{a: "legal" for a in others}}
    expected = {(str(a.card), actor, GREEN) for a in others if isinstance(a, PlayCard)}
    expected.add((str(disputed.card), actor, RED))
    for picture in (table(state, marks=marks), state.observation(actor).svg(marks=marks)):
        marked = {
            (g.get("data-card"), seat_of(g), g.get("data-mark"))
            for g in card_elements(parse(picture))
            if g.get("data-mark")
        }
        assert marked == expected
    # A seat that cannot see the actor's hand sees no mark: marks never say where a hidden card lies.
    assert "data-mark" not in state.observation((actor + 1) % 4).svg(marks=marks)


def test_a_card_marked_by_name_is_marked_wherever_it_lies_face_up() -> None:
    state = get_game("felagsvist").new_game(seed=4)
    target = parse_card("QS")
    owner = next(s for s, h in enumerate(state.hands) if h >> target.index & 1)
    marked = [g for g in card_elements(parse(state.svg(marks=[str(target)]))) if g.get("data-mark")]
    assert [(g.get("data-card"), seat_of(g), g.get("data-mark")) for g in marked] == [
        (str(target), owner, RED)
    ]


def test_a_called_card_is_marked_where_it_lies_even_in_another_hand() -> None:
    state = get_game("calabresella").new_game(seed=0)
    for call in ("bid chiamo", "pass", "pass"):
        state = state.apply(call)
    assert state.phase_name == "exchange"
    for called in state.legal_actions()[:6]:
        assert isinstance(called, CallCard)
        holder = next((s for s, h in enumerate(state.hands) if h >> called.card.index & 1), None)
        marked = [
            g for g in card_elements(parse(state.svg(marks={called: "disputed"}))) if g.get("data-mark")
        ]
        assert [(g.get("data-card"), seat_of(g)) for g in marked] == [(str(called.card), holder)]
        assert holder != called.seat


def test_a_backstab_fish_ask_marks_the_rank_in_the_askers_hand() -> None:
    state = get_game("backstab_fish", players=6).new_game(seed=3)
    ask = state.legal_actions()[0]
    assert isinstance(ask, Ask)
    marked = [g for g in card_elements(parse(state.svg(marks={ask: "disputed"}))) if g.get("data-mark")]
    assert [(g.get("data-card"), seat_of(g)) for g in marked] == [(ask.rank.token, ask.seat)]


# -- every phase of every game -------------------------------------------------------------


def check_adjudicators_picture(state: AnyState) -> None:
    """Every hand face up and complete; the picture is a function of the position."""
    root = parse(table(state))
    for seat, held in enumerate(hands_of(state)):
        mine = [g for g in card_elements(root, "hand") if seat_of(g) == seat]
        assert not any(is_back(g) for g in mine)
        if isinstance(state, BackstabFishState):
            assert Counter({g.get("data-card"): badge_count(g) for g in mine}) == Counter(held)
        else:
            assert Counter(g.get("data-card") for g in mine) == Counter(held)
    assert table(state) == table(state)
    assert table(cardrules.from_position(state.position())) == table(state)


def check_observation_picture(state: AnyState, seat: int, picture: str | None = None) -> None:
    """The seat's own hand face up, every other hand face down by its size; nothing hidden named.

    ``picture`` is the document checked, by default the observation's own.
    """
    seen = state.observation(seat)
    root = parse(table(seen) if picture is None else picture)
    for other, held in enumerate(hands_of(state)):
        elements = [g for g in card_elements(root, "hand") if seat_of(g) == other]
        if other == seat:
            assert not any(is_back(g) for g in elements)
            names = (
                Counter({g.get("data-card"): badge_count(g) for g in elements})
                if isinstance(state, BackstabFishState)
                else Counter(g.get("data-card") for g in elements)
            )
            assert names == Counter(held)
        else:
            assert all(is_back(g) and g.get("data-card") is None for g in elements)
            shown = (
                sum(pile_size(g) for g in elements) if isinstance(state, BackstabFishState) else len(elements)
            )
            assert shown == len(held)
    for zone in ("stock", "monte"):
        assert all(is_back(g) for g in card_elements(root, zone))
    # No card the seat may not know is named anywhere: not as a card, a title or a word.
    leaked = hidden_from(state, seat) - named_in(seen)
    drawn = {g.get("data-card") for g in card_elements(root)}
    assert not leaked & drawn, leaked & drawn
    if not isinstance(state, BackstabFishState):
        words = all_text(root)
        assert not [c for c in leaked if parse_card(c).pretty() in words]


@pytest.mark.parametrize(("game", "phase"), GAME_PHASES)
@settings(max_examples=8)
@given(data=st.data())
def test_every_phase_draws_for_the_adjudicator_and_for_every_seat(
    game: str, phase: str, data: st.DataObject
) -> None:
    state = data.draw(positions(game, phase=phase)).state
    check_adjudicators_picture(state)
    for seat in seats(state):
        check_observation_picture(state, seat)


def check_trick_labels(game: str, root: ET.Element) -> int:
    """Every card of the trick in progress and of the last trick carries its player's seat name; how many."""
    names = get_game(game).info.seat_names
    played = card_elements(root, "trick") + card_elements(root, "last-trick")
    for g in played:
        seat = seat_of(g)
        assert seat is not None
        assert seat_label(g) == (names[seat] if names else f"p{seat}"), (g.get("data-card"), seat)
    return len(played)


@pytest.mark.parametrize("game", ["felagsvist", "fildinski", "calabresella"])
@settings(max_examples=10)
@given(data=st.data())
def test_every_trick_card_shows_who_played_it(game: str, data: st.DataObject) -> None:
    state = data.draw(positions(game)).state
    check_trick_labels(game, parse(table(state)))
    for seat in seats(state):
        check_trick_labels(game, parse(table(state.observation(seat))))


@pytest.mark.parametrize("game", ["felagsvist", "fildinski", "calabresella"])
def test_a_trick_half_played_and_the_last_trick_are_labelled(game: str) -> None:
    """Not only in principle: a seeded game with a trick behind it and one under way has labels on both."""
    state = get_game(game).new_game(seed=3)
    rng = Random(3)
    wanted = 2 * len(state.scores()) - 1  # one trick done, the next one card short
    while check_trick_labels(game, parse(table(state))) < wanted:
        state = state.apply(rng.choice(state.legal_actions()))
    assert len(card_elements(parse(table(state)), "last-trick")) == len(state.scores())


def test_the_four_colour_pack_tells_the_black_suits_and_the_red_suits_apart() -> None:
    """Clubs green and diamonds blue in the four-colour pack; the usual pack shares black and red."""
    state = get_game("felagsvist").new_game(seed=1)
    usual, four = suit_inks(parse(table(state))), suit_inks(parse(table(state, four_colours=True)))
    assert set(usual) == set(four) == {"C", "D", "H", "S"}
    assert all(len(inks) == 1 for inks in (*usual.values(), *four.values()))  # one ink a suit
    assert usual["C"] == usual["S"] and usual["D"] == usual["H"]
    assert len(set().union(*four.values())) == 4  # four suits, four inks
    assert four["S"] == usual["S"] and four["H"] == usual["H"]
    assert suit_inks(parse(card(parse_card("7C"), four_colours=True)))["C"] == four["C"]
    assert suit_inks(parse(hand(parse_cards("7C 7S"), four_colours=True))) == {"C": four["C"], "S": four["S"]}


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_four_colour_pack_hides_what_the_usual_one_hides(game: str) -> None:
    state = get_game(game).new_game(seed=5)
    for seat in seats(state):
        check_observation_picture(state, seat, picture=table(state.observation(seat), four_colours=True))
    assert table(state, four_colours=True).count('class="card') == table(state).count('class="card')


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_observation_check_catches_a_picture_that_shows_hidden_cards(game: str) -> None:
    """The check above can fail: the adjudicator's picture, offered as a seat's, shows its hidden cards."""
    state = get_game(game).new_game(seed=5)
    seat = max(state.current_player, 0)
    check_observation_picture(state, seat)  # the seat's own picture passes
    with pytest.raises(AssertionError):
        check_observation_picture(state, seat, picture=table(state))


@pytest.mark.parametrize("game", sorted(GAMES))
@settings(max_examples=8)
@given(data=st.data())
def test_legal_actions_mark_only_the_actors_cards_and_the_disputed_one_in_red(
    game: str, data: st.DataObject
) -> None:
    state = data.draw(positions(game)).state
    if state.current_player == TERMINAL:
        return
    actor, legal = state.current_player, state.legal_actions()
    marks: dict[Action | str | Card, str] = {legal[0]: "disputed", **{a: "legal" for a in legal[1:]}}
    root = parse(table(state, marks=marks))
    marked = [g for g in card_elements(root) if g.get("data-mark")]
    assert not any(is_back(g) for g in marked)
    named = set().union(*(names_of(state, action) for action in legal))
    for g in marked:
        assert g.get("data-card") in named
        assert seat_of(g) == actor or isinstance(legal[0], CallCard)  # a called card is marked where it lies
    first = names_of(state, legal[0])
    reds = {g.get("data-card") for g in marked if g.get("data-mark") == RED}
    assert reds <= first
    if first & set(hands_of(state)[actor]):
        assert reds, "the disputed action's card is drawn but not marked"


def names_of(state: AnyState, action: Action) -> set[str]:
    """The card names an action marks: its cards, or in Backstab Fish its ranks."""
    from cardrules.games.backstab_fish.picture import fish_keys

    return set(fish_keys(action) if isinstance(state, BackstabFishState) else card_keys(action))


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_judged_picture_is_the_actors_view_the_action_red_the_alternatives_green(
    game: str,
) -> None:
    state = get_game(game).new_game(seed=4)
    actor, legal = state.current_player, state.legal_actions()
    disputed = legal[-1]
    root = parse(judged(state, disputed))
    assert root.findtext(f"{NS}title") == parse(table(state.observation(actor))).findtext(f"{NS}title")
    marked = [g for g in card_elements(root) if g.get("data-mark")]
    assert not any(is_back(g) for g in marked)
    reds = {g.get("data-card") for g in marked if g.get("data-mark") == RED}
    greens = {g.get("data-card") for g in marked if g.get("data-mark") == GREEN}
    assert reds <= names_of(state, disputed)
    assert greens <= set().union(*(names_of(state, a) for a in legal[:-1])) if legal[:-1] else not greens
    if names_of(state, disputed) & set(hands_of(state)[actor]):
        assert reds, "the judged action's card is in the actor's hand but not marked red"
    # The same action given as text draws the same picture; text that is no action marks nothing red.
    assert judged(state, str(disputed)) == judged(state, disputed)
    nothing = parse(judged(state, f"p{actor} castle long"))
    assert not [g for g in card_elements(nothing) if g.get("data-mark") == RED]
