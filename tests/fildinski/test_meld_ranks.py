"""The meld search ranks the melds of one kind by their cards' copy classes with bit arithmetic.

fildinski.meld.copy-choice groups the melds of one kind that differ only in
alike copies, and the legal set lists the groups of one kind in the order of
their cards' ``copy_class`` keys, sorted, compared as lists. The search ranks
them instead with one number a meld (``_rank``, written out in
``declarations``): these tests hold that number to the sorted keys, on made-up
copy classes (Hypothesis) and on the legal sets of played games.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator

import pytest
from hypothesis import given
from hypothesis import strategies as st

import cardrules
from cardrules.games.fildinski import DeclareMelds, FildinskiState
from cardrules.games.fildinski.cards import ids_in
from cardrules.games.fildinski.ending.model import Piles
from cardrules.games.fildinski.meld_conditions import MeldView, copies_compared, copy_class
from cardrules.games.fildinski.meld_search import _rank, declarations, single_melds

_ALL_IDS = (1 << 64) - 1
_SPARSE = st.tuples(*(st.integers(0, _ALL_IDS),) * 3).map(lambda masks: masks[0] & masks[1] & masks[2])
"""A mask with about one id in eight: most copies of a kind then have the same class."""


def sorted_classes(view: MeldView, mask: int) -> tuple[int, ...]:
    """The reference: the ``copy_class`` keys of the meld's cards, sorted."""
    return tuple(sorted(copy_class(view, i) for i in ids_in(mask)))


def read_so(view: MeldView, mask: int) -> int:
    """``mask`` with each copy alike to its twin, taken without the twin, read as the lower copy."""
    out = mask
    for card in range(0, 64, 2):
        if mask >> card & 3 == 2 and copy_class(view, card) == copy_class(view, card + 1):
            out ^= 3 << card
    return out


@given(
    fresh=_SPARSE,
    used=st.lists(_SPARSE, min_size=9, max_size=9),
    kinds=st.lists(st.integers(0, 31), min_size=3, max_size=3, unique=True),
    size=st.integers(1, 4),
)
def test_the_rank_orders_melds_as_their_sorted_copy_classes(
    fresh: int, used: list[int], kinds: list[int], size: int
) -> None:
    """Every card set of ``size`` ids of three kinds, read so: the ranks order them as the sorted keys,
    and two sets read so have one rank exactly when they are one set."""
    deal = cardrules.get_game("fildinski").new_game(seed=1).deal
    view = Piles(deal, (_ALL_IDS, 0), fresh, tuple(used))
    greater = copies_compared(view)[1]
    ids = [card for kind in kinds for card in (2 * kind, 2 * kind + 1)]
    melds = {read_so(view, sum(1 << i for i in chosen)) for chosen in itertools.combinations(ids, size)}
    for a, b in itertools.combinations(melds, 2):
        assert (_rank(a, greater) < _rank(b, greater)) == (sorted_classes(view, a) < sorted_classes(view, b))
        assert _rank(a, greater) != _rank(b, greater)


def meld_steps(options: dict[str, object]) -> Iterator[FildinskiState]:
    """Every meld step with a meld to make, in seeded games that meld whenever they can."""
    engine = cardrules.get_game("fildinski", **options)
    for seed in range(8):
        rng = random.Random(seed)
        state: FildinskiState = engine.new_game(seed=seed)
        while not state.is_terminal:
            legal = state.legal_actions()
            melds = [a for a in legal if isinstance(a, DeclareMelds) and a.melds]
            if melds:
                yield state
            state = state.apply(rng.choice(melds) if melds and rng.random() < 0.8 else rng.choice(legal))


@pytest.mark.rule("fildinski.meld.copy-choice")
@pytest.mark.parametrize("options", [{}, {"melded_cards": "removed"}, {"meld_needs_trick_card": False}])
def test_the_single_melds_of_the_legal_set_come_by_kind_then_by_their_sorted_copy_classes(
    options: dict[str, object],
) -> None:
    ranked = 0
    for state in meld_steps(options):
        seat = state.current_player
        resolved = declarations(state, seat, single_melds(state, seat))[1]
        keys = [(m[0][0].order, sorted_classes(state, m[0][1])) for m in resolved if len(m) == 1]
        assert keys == sorted(keys) and len(set(keys)) == len(keys), state.compact()
        ranked += sum(1 for a, b in itertools.pairwise(keys) if a[0] == b[0])
    assert ranked > 10  # two groups of one kind or more, ranked by their classes
