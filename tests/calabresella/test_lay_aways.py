"""The lay-away's lazy legal set (:class:`~cardrules.games.calabresella.lay_aways.LayAways`).

It must be the very sequence the plain enumeration gives (every ``Discard`` of
``k`` cards of the hand, combinations in lexicographic index order), element
for element, and behave as that tuple does for indexing, slicing, membership,
``index``, ``count``, equality, hashing and pickling.
"""

from __future__ import annotations

import copy
import pickle
from itertools import combinations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardrules import Action, get_game
from cardrules.cards import Card, Cards, cards_in, parse_card
from cardrules.games.calabresella import DECK, CalabresellaState, Discard, Pass, Phase, PlayCard, ReturnCard
from cardrules.games.calabresella.lay_aways import LayAways, discards

_INDICES = tuple(card.index for card in DECK)


def _hand(indices: frozenset[int]) -> tuple[Card, ...]:
    """The hand of those deck indices, in index order (as the engine holds it)."""
    return tuple(cards_in(sum(1 << i for i in indices)))


def _reference(seat: int, hand: tuple[Card, ...], size: int) -> tuple[Action, ...]:
    """The plain enumeration, through the public constructor: the canonical order of the lay-away."""
    return tuple(Discard(seat, cards) for cards in combinations(hand, size))


def _raw(seat: object, cards: object) -> Discard:
    """A ``Discard`` built around its constructor, so its cards keep the order (and type) given."""
    value = object.__new__(Discard)
    object.__setattr__(value, "seat", seat)
    object.__setattr__(value, "cards", cards)
    return value


hands = st.frozensets(st.sampled_from(_INDICES), max_size=16).map(_hand)


@given(hand=hands, seat=st.integers(0, 2), data=st.data())
def test_the_lazy_set_is_the_plain_enumeration_in_order(
    hand: tuple[Card, ...], seat: int, data: st.DataObject
) -> None:
    size = data.draw(st.integers(0, len(hand) + 1), label="size")
    lays = LayAways(seat, hand, size)
    wanted = _reference(seat, hand, size)
    assert len(lays) == len(wanted)
    assert tuple(lays) == wanted
    assert tuple(lays[i] for i in range(len(lays))) == wanted
    assert tuple(reversed(lays)) == wanted[::-1]
    assert discards(seat, hand, size) == wanted


@given(hand=hands, data=st.data())
def test_the_next_cards_of_a_partial_lay_away_are_those_some_lay_away_goes_on_with(
    hand: tuple[Card, ...], data: st.DataObject
) -> None:
    """``following(taken)``: exactly the cards that come next, in index order, in the lay-aways
    starting with ``taken`` (what a learning agent is offered one card at a time)."""
    size = data.draw(st.integers(1, max(1, len(hand))), label="size")
    lays = LayAways(0, hand, size)
    choices = list(combinations(hand, size))
    start = data.draw(st.sampled_from(choices), label="lay-away") if choices else ()
    for taken_count in range(min(size, len(start))):
        taken = start[:taken_count]
        wanted = sorted(
            {cards[taken_count] for cards in choices if cards[:taken_count] == taken},
            key=lambda card: card.index,
        )
        assert list(lays.following(taken)) == wanted, taken
    if len(hand) < size:
        assert lays.following(()) == ()


@pytest.mark.parametrize("size", [0, 1, 2, 3, 4, 15, 16, 17])
def test_every_element_of_a_full_lay_away_unranks_to_its_place(size: int) -> None:
    hand = DECK[:16]
    lays = LayAways(1, hand, size)
    wanted = _reference(1, hand, size)
    assert [lays[i] for i in range(len(lays))] == list(wanted)
    assert [lays.index(action) for action in wanted] == list(range(len(wanted)))


def test_indexing_and_slicing_agree_with_the_tuple() -> None:
    hand = DECK[3:17]
    lays = LayAways(2, hand, 4)
    wanted = _reference(2, hand, 4)
    assert len(lays) == 1001
    for index in (0, 1, 500, 1000, -1, -2, -1001):
        assert lays[index] == wanted[index]
    for chosen in (
        slice(None),
        slice(5, 9),
        slice(-3, None),
        slice(None, None, -1),
        slice(990, 2000, 3),
        slice(-1200, 4),
        slice(7, 2),
    ):
        assert lays[chosen] == wanted[chosen]
        assert type(lays[chosen]) is tuple
    for outside in (1001, 5000, -1002):
        with pytest.raises(IndexError):
            lays[outside]
    with pytest.raises(TypeError):
        lays["1"]  # type: ignore[call-overload]
    assert str(lays[True]) == str(wanted[1])


def test_membership_index_and_count_agree_with_the_tuple_on_near_misses() -> None:
    hand = DECK[0:16:2] + DECK[20:26]  # 14 cards, not a run of the deck
    hand = tuple(sorted(hand, key=lambda card: card.index))
    lays = LayAways(1, hand, 4)
    wanted = _reference(1, hand, 4)
    member = wanted[321]
    assert isinstance(member, Discard)
    first, second, third, fourth = member.cards
    lacking = next(card for card in DECK if card not in hand)
    probes: list[object] = [
        member,
        wanted[0],
        wanted[-1],
        Discard(1, member.cards),  # an equal value built anew
        _raw(True, member.cards),  # a seat equal to 1
        Discard(0, member.cards),  # wrong seat
        Discard(2, member.cards),
        Discard(1, (first, second, third, lacking)),  # a card not held
        Discard(1, (first, second, third, third)),  # a card named twice
        Discard(1, (first, first, second, third)),
        _raw(1, (second, first, third, fourth)),  # cards out of index order
        _raw(1, (fourth, third, second, first)),
        Discard(1, (first, second, third)),  # too few
        Discard(1, (first, second, third, fourth, lacking)),  # too many
        Discard(1, ()),
        _raw(1, list(member.cards)),  # not a tuple: never equal to one
        _raw(1, Cards(member.cards)),  # a tuple subclass: equal to the tuple
        PlayCard(1, first),
        ReturnCard(1, first),
        Pass(1),
        str(member),
        None,
        member.cards,
    ]
    for probe in probes:
        assert (probe in lays) == (probe in wanted), probe
        assert lays.count(probe) == wanted.count(probe), probe
        if probe in wanted:
            assert lays.index(probe) == wanted.index(probe)
            here = wanted.index(probe)
            assert lays.index(probe, here) == here == lays.index(probe, -len(wanted), here + 1)
            with pytest.raises(ValueError):
                lays.index(probe, here + 1)
            with pytest.raises(ValueError):
                lays.index(probe, 0, here)
        else:
            with pytest.raises(ValueError):
                lays.index(probe)
    assert member in lays and Discard(0, member.cards) not in lays and _raw(1, Cards(member.cards)) in lays


def test_equality_and_hash_are_those_of_the_tuple() -> None:
    hand = DECK[8:22]
    lays = LayAways(0, hand, 2)
    wanted = _reference(0, hand, 2)
    assert lays == wanted and wanted == lays and (lays != wanted) is False
    assert hash(lays) == hash(wanted)
    assert lays == LayAways(0, hand, 2) and hash(lays) == hash(LayAways(0, hand, 2))
    assert lays != wanted[:-1] and lays != wanted[::-1] and lays != ()
    assert lays != LayAways(1, hand, 2) and lays != LayAways(0, hand, 3) and lays != LayAways(0, hand[1:], 2)
    assert lays != list(wanted)  # as a tuple is never equal to a list
    # Different hands, one same (empty or single) set: equal all the same.
    assert LayAways(0, hand, 20) == LayAways(0, DECK[:3], 5) == ()
    assert LayAways(2, hand, 0) == LayAways(2, DECK[:3], 0) == (Discard(2, ()),)
    table: dict[object, int] = {lays: 1}
    assert table[wanted] == 1


def test_pickles_copies_and_stays_immutable() -> None:
    lays = LayAways(2, DECK[20:36], 4)
    for back in (pickle.loads(pickle.dumps(lays)), copy.copy(lays), copy.deepcopy(lays)):
        assert type(back) is LayAways
        assert back == lays and tuple(back) == tuple(lays)
    with pytest.raises(AttributeError):
        lays._size = 2
    with pytest.raises(AttributeError):
        setattr(lays, "extra", 1)  # noqa: B010 - no such attribute, so mypy would refuse the statement
    with pytest.raises(AttributeError):
        del lays._seat
    assert len(lays) == 1820
    assert "1820" in repr(lays) and len(repr(lays)) < 80


def _lay_away_state() -> CalabresellaState:
    """A bidder's discard, reached by a seeded hand (the first seed whose auction takes Solo)."""
    game = get_game("calabresella")
    for seed in range(200):
        state = game.new_game(seed=seed)
        assert isinstance(state, CalabresellaState)
        state = state.apply(f"p{state.current_player} bid solo")
        while state.phase is Phase.AUCTION:
            state = state.apply(f"p{state.current_player} pass")
        if state.phase is Phase.DISCARD:
            return state
    raise AssertionError("no seed reached a discard")


def test_the_discard_state_gives_the_lazy_set_and_judges_each_element_legal() -> None:
    state = _lay_away_state()
    legal = state.legal_actions()
    assert type(legal) is LayAways and len(legal) == 1820
    seat = state.current_player
    assert legal == _reference(seat, tuple(cards_in(state.hands[seat])), 4)
    for index in (0, 77, 1000, -1):
        action = legal[index]
        assert state.check(action).legal and action in legal
        assert state.apply(action).monte == tuple(card.index for card in action.cards)  # type: ignore[attr-defined]
    held = tuple(cards_in(state.hands[seat]))
    ace = parse_card("AS")  # the highest index, so the lowest three held cards come first
    assert (Discard(seat, (held[0], held[1], held[2], ace)) in legal) == (ace in held)
    # Every other decision's legal set is a plain tuple.
    after = state.apply(legal[0])
    assert type(after.legal_actions()) is tuple
