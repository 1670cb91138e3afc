"""The Fildinski deal, written out for speed, deals what the plain steps it stands for deal.

- :func:`~cardrules.games.fildinski.cards.shuffled_deck` shuffles and labels the copies in
  one loop: its deck is :func:`~cardrules.games.fildinski.cards.label_deck` of the kinds
  ``Random.shuffle`` puts in order;
- a seeded deal (:meth:`~cardrules.games.fildinski.deal.DealPlan.deck`) is that deck from
  ``random.Random("fildinski/<seed>/deal/<number>")``;
- :func:`~cardrules.games.fildinski.deal.deal_hands` ORs the bits of the top sixteen cards
  written out: the hands are the deck dealt as fildinski.deal.hands says, card by card;
- the context of a deal, built without ``__init__``, equals the one ``DealContext`` builds.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardrules.games.fildinski.cards import label_deck, shuffled_deck
from cardrules.games.fildinski.deal import DealContext, DealPlan, deal_hands, first_deal, next_deal
from cardrules.games.fildinski.options import FildinskiOptions
from cardrules.games.fildinski.scoring import NO_POINTS, DealSummary

_SEEDS = st.one_of(st.integers(-(10**15), 10**15), st.text(max_size=30))


def _standard_deck(rng: random.Random) -> tuple[int, ...]:
    """The deck the plain steps make: ``Random.shuffle`` of the pack's kinds, then the copies labelled."""
    kinds = [kind for kind in range(32) for _ in (0, 1)]
    rng.shuffle(kinds)
    return label_deck(kinds)


@given(seed=_SEEDS)
def test_a_shuffled_deck_is_the_standard_shuffle_labelled(seed: int | str) -> None:
    assert shuffled_deck(random.Random(seed).getrandbits) == _standard_deck(random.Random(seed))


@given(seed=st.integers(-(10**15), 10**15), number=st.integers(1, 40))
def test_a_seeded_deal_is_the_standard_shuffle_of_its_stream(seed: int, number: int) -> None:
    deck = DealPlan(FildinskiOptions(), seed).deck(number)
    assert deck == _standard_deck(random.Random(f"fildinski/{seed}/deal/{number}"))


@pytest.mark.rule("fildinski.deal.hands")
@given(seed=st.integers(0, 2**32), dealer=st.integers(0, 1))
def test_the_hands_are_the_top_sixteen_cards_dealt_card_by_card(seed: int, dealer: int) -> None:
    context = first_deal(DealPlan(FildinskiOptions(), seed), dealer)
    hands = [0, 0]
    for place, card in enumerate(context.deck[:16]):
        hands[1 - dealer if place < 8 else dealer] |= 1 << card
    assert deal_hands(context) == ((hands[0], hands[1]), context.deck[16])


@given(
    seed=st.integers(0, 2**32),
    dealer=st.integers(0, 1),
    totals=st.tuples(st.integers(0, 999), st.integers(0, 999)),
)
def test_a_deal_context_is_the_one_its_class_builds(seed: int, dealer: int, totals: tuple[int, int]) -> None:
    plan = DealPlan(FildinskiOptions(), seed)
    first = first_deal(plan, dealer)
    assert type(first) is DealContext
    assert first == DealContext(plan, 1, dealer, plan.deck(1), plan.deck(1)[16] >> 4, (), (0, 0))
    summary = DealSummary(NO_POINTS, (), None, first.trump)
    second = next_deal(first, summary, totals)
    assert type(second) is DealContext
    deck = plan.deck(2)
    assert second == DealContext(plan, 2, 1 - dealer, deck, deck[16] >> 4, (summary,), totals)
    assert hash(second) == hash(DealContext(plan, 2, 1 - dealer, deck, deck[16] >> 4, (summary,), totals))
