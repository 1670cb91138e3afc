"""fildinski.meld.copy-choice: interchangeable copies are one choice, whichever copy a meld names."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

import cardrules
from cardrules.games.fildinski import CardRef, DeclareMelds, FildinskiState, MeldDecl


def copy_named(action: DeclareMelds) -> Iterator[DeclareMelds]:
    """``action`` with one plain card of one meld written with a copy, #1 or #2."""
    for i, meld in enumerate(action.melds):
        for j, ref in enumerate(meld.cards):
            if ref.copy is None:
                for copy in (1, 2):
                    cards = (*meld.cards[:j], CardRef(ref.card, copy), *meld.cards[j + 1 :])
                    yield DeclareMelds(
                        action.seat, (*action.melds[:i], MeldDecl(meld.kind, cards), *action.melds[i + 1 :])
                    )


@pytest.mark.rule("fildinski.meld.copy-choice")
def test_naming_an_interchangeable_copy_gives_the_state_the_plain_card_gives() -> None:
    compared = 0
    for seed in range(1, 4):
        state: FildinskiState = cardrules.get_game("fildinski").new_game(seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal:
            for action in state.legal_actions():
                if isinstance(action, DeclareMelds):
                    for named in copy_named(action):
                        if state.check(named).legal:
                            assert state.apply(named) == state.apply(action), (str(named), str(action))
                            compared += 1
            state = state.apply(rng.choice(state.legal_actions()))
    assert compared > 5
