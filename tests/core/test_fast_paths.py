"""The core's fast paths give the answers of the general code they stand in front of.

:func:`cardrules.deals.read_deck` tells a permutation of the shared card values
by their sorted indices; a deck of cards built anew (equal values, other
objects) takes the general comparison. Both must agree, on good decks and bad.
Preparing a record reads each distinct action text once: every step keeps its
own comment, and a text that does not read is reported at every step.
:func:`cardrules.frozen.fast_constructor` builds through a twin class where it
can (on a frozen base too), and the value is still of its own class and frozen;
a class that takes no twin is built through its slots. The limit scans of a
record text run only on the parts that could break a limit, and refuse what a
scan of the whole text refuses, at the same place.
"""

from __future__ import annotations

import copy
import pickle
from dataclasses import FrozenInstanceError, dataclass
from typing import ClassVar

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardrules import get_game
from cardrules.cards import JOKER, STANDARD_DECK, Card, Joker, card_at, parse_card
from cardrules.deals import read_deck
from cardrules.errors import InvalidArgumentError, InvalidDealError
from cardrules.frozen import fast_constructor
from cardrules.games.felagsvist import FelagsvistState, PlayCard
from cardrules.games.felagsvist.deal import Tally, new_tally
from cardrules.games.felagsvist.state import new_state
from cardrules.records import Record, RecordedAction, RecordError, limits, prepare
from cardrules.verdict import Verdict, make_verdict


def _fresh(card: Card) -> Card:
    """An equal card that is not the shared value."""
    return Joker() if isinstance(card, Joker) else Card(card.rank, card.suit)


def _outcome(deck: list[Card], pack: tuple[Card, ...]) -> tuple[Card, ...] | str:
    try:
        return read_deck(deck, pack, deal_number=3, pack_name="test pack", jokers=True)
    except InvalidDealError as error:
        return str(error)


_CARDS = st.sampled_from((*STANDARD_DECK, JOKER))


@given(
    st.permutations(STANDARD_DECK),
    st.lists(st.tuples(st.integers(0, 51), _CARDS), max_size=3),
    st.integers(0, 2),
)
@pytest.mark.rule("common.deal.permutation")
def test_a_deck_of_shared_cards_is_judged_as_the_same_deck_of_new_cards(
    order: list[Card], changes: list[tuple[int, Card]], dropped: int
) -> None:
    deck = list(order)
    for position, card in changes:
        deck[position] = card
    deck = deck[dropped:]
    fast = _outcome(deck, STANDARD_DECK)
    general = _outcome([_fresh(card) for card in deck], STANDARD_DECK)
    assert fast == general
    assert isinstance(fast, tuple) == (sorted(card.index for card in deck) == list(range(52)))


@pytest.mark.rule("common.deal.permutation")
def test_a_double_pack_counts_each_card_twice() -> None:
    pack = (*STANDARD_DECK[:8], *STANDARD_DECK[:8])
    assert read_deck(list(reversed(pack)), pack, deal_number=1, pack_name="double pack")
    once_too_often = [*STANDARD_DECK[:8], *STANDARD_DECK[:7], STANDARD_DECK[0]]
    with pytest.raises(InvalidDealError, match=r"missing 9C; extra 2C"):
        read_deck(once_too_often, pack, deal_number=1, pack_name="double pack")


# -- reading a record's actions: each text is read once ------------------------------------------


def _record(texts: list[tuple[str, str | None]]) -> Record:
    game = get_game("felagsvist", first_dealer="N")
    start = game.new_game(seed=4)
    return Record(
        game="felagsvist",
        options=tuple(game.options_dict().items()),
        seats=("", "", "", ""),
        dealer=start.dealer,
        deals=(tuple(card_at(index) for index in start.deck),),
        actions=tuple(RecordedAction(text, comment) for text, comment in texts),
    )


def test_a_repeated_action_text_keeps_each_steps_comment_and_reads_to_the_same_action() -> None:
    prepared = prepare(_record([("p1  PLAY qs", None), ("p1 play QS", "again"), ("p1  PLAY qs", "third")]))
    assert [(entry.text, entry.comment) for entry in prepared.record.actions] == [
        ("p1 play QS", None),
        ("p1 play QS", "again"),
        ("p1 play QS", "third"),
    ]
    assert prepared.parsed == (PlayCard(1, parse_card("QS")),) * 3


def test_a_repeated_unreadable_action_is_reported_at_every_step() -> None:
    texts: list[tuple[str, str | None]] = [("p1 play ZZ", None), ("p1 play QS", None), ("p1 play ZZ", "x")]
    with pytest.raises(RecordError) as info:
        prepare(_record(texts))
    assert info.value.locations == ("actions[0]", "actions[2]")
    assert all("[common.action.known]" in message for _, message in info.value.problems)


# -- fast construction through a twin class --------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Plain:
    left: int
    right: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class _OnAFrozenBase(_Plain):
    label: str


def test_a_value_built_through_the_twin_class_is_of_its_own_class_and_frozen() -> None:
    make = fast_constructor(_Plain)
    assert "_twin" in make.__code__.co_names  # the twin path was taken
    built = make(1, (2,))
    assert type(built) is _Plain and built == _Plain(1, (2,)) and hash(built) == hash(_Plain(1, (2,)))
    assert not hasattr(built, "__dict__")
    with pytest.raises(FrozenInstanceError):
        built.left = 3  # type: ignore[misc]
    assert copy.deepcopy(built) == built and pickle.loads(pickle.dumps(built)) == built


def test_a_class_on_a_frozen_base_is_built_through_the_twin_class_too() -> None:
    make = fast_constructor(_OnAFrozenBase)
    assert "_twin" in make.__code__.co_names  # a subclass twin: the frozen setattr it inherits it overrides
    built = make(1, (), "x")
    assert built == _OnAFrozenBase(1, (), "x") and type(built) is _OnAFrozenBase
    with pytest.raises(FrozenInstanceError):
        built.label = "y"  # type: ignore[misc]


class _Sealed:
    """A base whose classes marked ``sealed`` take no subclass: no twin can be made of them."""

    __slots__ = ()

    def __init_subclass__(cls) -> None:
        if any(base.__dict__.get("sealed") for base in cls.__bases__):
            raise TypeError(f"{cls.__bases__[0].__name__} takes no subclass")


@dataclass(frozen=True, slots=True)
class _SealedPair(_Sealed):
    sealed: ClassVar[bool] = True
    left: int
    right: str


def test_a_class_that_takes_no_twin_is_built_through_the_slot_descriptors() -> None:
    make = fast_constructor(_SealedPair)
    assert "_twin" not in make.__code__.co_names and "_set_left" in make.__code__.co_names
    built = make(1, "x")
    assert built == _SealedPair(1, "x") and type(built) is _SealedPair
    assert hash(built) == hash(_SealedPair(1, "x"))
    with pytest.raises(FrozenInstanceError):
        built.left = 2  # type: ignore[misc]


def test_the_engines_values_are_built_through_the_twin_class() -> None:
    for make, cls in ((new_state, FelagsvistState), (new_tally, Tally), (make_verdict, Verdict)):
        assert "_twin" in make.__code__.co_names, cls


def test_a_field_named_like_the_builders_own_names_is_refused() -> None:
    @dataclass(frozen=True, slots=True)
    class Shadowing:
        _cls: int

    with pytest.raises(InvalidArgumentError, match="reserved"):
        fast_constructor(Shadowing)


# -- the limit scans run only where they could match --------------------------------------------


def _full_scan(text: str) -> str | None:
    """The first limit the three scans of ``scan_text`` find over the whole text, with where."""
    lined = "\n" + text
    for pattern, subject in ((limits._DEEP, text), (limits._MANY_PARTS, lined), (limits._LONG_KEY, lined)):
        found = pattern.search(subject)
        if found is not None:
            return f"{pattern.pattern}@{found.start()}:{found.group()}"
    return None


def _scan(text: str) -> str | None:
    try:
        limits.scan_text(text)
    except RecordError as error:
        return str(error)
    return None


_KEYISH = st.text(alphabet='ab.=: \t\n{[,"\\', max_size=40)


@given(
    st.lists(st.one_of(_KEYISH, st.sampled_from(["k" * 101, '"' + "q" * 101 + '"', "x." * 9])), max_size=8)
)
def test_the_limit_scans_refuse_what_scanning_the_whole_text_finds(parts: list[str]) -> None:
    text = "".join(parts)
    found = _full_scan(text)
    refused = _scan(text)
    assert (found is None) == (refused is None), (text, found, refused)


@pytest.mark.parametrize(
    "text",
    [
        "a" * 150 + "\n" + "k" * 101 + " = 1",
        "x = 1\n" + "y = [" * 17 + "]" * 17,
        "a.b.c.d.e.f.g.h.i = 1",
        "a.b.c.d.e.f.g.h = 1",
        'p = { "' + "q" * 101 + '" = 2 }',
    ],
)
def test_the_limit_scans_name_the_same_place_as_a_whole_scan(text: str) -> None:
    found = _full_scan(text)
    refused = _scan(text)
    assert (found is None) == (refused is None)
    if found is not None and refused is not None:
        offset = int(found.split("@")[1].split(":")[0])  # placed as scan_text places it
        assert f"{limits.where(text, offset)}: " in refused
