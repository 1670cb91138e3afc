"""A toy whist engine written the quick way, with a rules bug planted in it, and the toolkit finding it.

``legal_cards`` is what a hobbyist might write for the cards a Félagsvist player
may play: follow suit when you can, otherwise play anything. It carries a
common misreading of the rules: "you may always trump". In a deal with trumps
it lets a player who holds the suit led play a trump instead, which the rules
forbid (that would be a revoke).

Run this file to watch ``cardrules.testing`` find the bug: Hypothesis plays
random positions, compares the toy's legal set with the reference's, and
shrinks the first disagreement to a small case, which is printed in the
reference's notation with the rule the toy breaks::

    python examples/toy_whist.py

The documentation's testing guide walks through the same code.
"""

from __future__ import annotations

from hypothesis import find, settings

from cardrules.game import State
from cardrules.games.felagsvist import FelagsvistObservation
from cardrules.testing import Played, compare_legal_actions, plays


def legal_cards(hand: list[str], led: str | None, trump: str | None) -> list[str]:
    """The toy's legal cards: ``hand`` as texts like ``"QS"``, ``led`` and ``trump`` suit letters."""
    if led is None:
        return list(hand)
    following = [card for card in hand if card[1] == led]
    if not following:
        return list(hand)
    trumps = [card for card in hand if trump is not None and card[1] == trump and card[1] != led]
    return following + trumps  # the planted bug: a trump is allowed even when the player can follow


def toy_actions(state: State) -> list[str]:
    """Ask the toy for its legal set in the reference's position ``state``, as action texts."""
    seat = state.current_player
    seen = state.observation(seat)
    assert isinstance(seen, FelagsvistObservation)
    hand = [str(card) for card in seen.hand]
    led = str(seen.trick[0][1].suit) if seen.trick else None
    trump = None if seen.trump is None else str(seen.trump)
    return [f"p{seat} play {card}" for card in legal_cards(hand, led, trump)]


def disagrees(played: Played) -> bool:
    """Whether the toy and the reference disagree about the legal set at the end of ``played``."""
    state = played.state
    return not state.is_terminal and not compare_legal_actions(state, toy_actions(state)).agrees


def smallest_disagreement() -> Played:
    """The smallest position where the toy goes wrong, found and shrunk by Hypothesis."""
    search = plays("felagsvist", options={"first_dealer": "N"}, max_steps=20)
    return find(search, disagrees, settings=settings(database=None, derandomize=True, max_examples=500))


if __name__ == "__main__":
    found = smallest_disagreement()
    print(f"found after {len(found.actions)} actions: {found!r}")
    print(compare_legal_actions(found.state, toy_actions(found.state)))
