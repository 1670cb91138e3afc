"""A toy Fildinski engine whose only bug is in the last eight tricks, and a test that finds it.

``legal_cards`` is what a hobbyist might write for the cards a Fildinski
player may play. While the stock lasts any card goes (fildinski.play.free-play),
and the toy gets that right. Once the stock is empty the follower must follow
suit, must beat the led card when they can, and must trump when void
(fildinski.endgame.legal-set). The toy forgets the middle duty: it lets a
follower who can beat the led card play a lower card of the suit instead.

The bug lives only in tricks 25 to 32, more than seventy actions into a
deal, so a test that starts every example at the deal never sees it. The
test below uses the toolkit's defaults, ``plays("fildinski")``, which reach
every phase of the game, the last eight tricks included; run it to watch it
fail with a short report (the position, the action and the rule)::

    pytest examples/toy_fildinski_endgame.py

or run the file to print the smallest disagreement Hypothesis finds::

    python examples/toy_fildinski_endgame.py
"""

from __future__ import annotations

from hypothesis import Phase, find, given, settings

from cardrules.game import State
from cardrules.games.fildinski import FildinskiObservation
from cardrules.testing import Played, assert_same_legal_actions, compare_legal_actions, plays

REPORT_PHASES = (Phase.explicit, Phase.reuse, Phase.generate, Phase.shrink)
"""Hypothesis's phases without ``explain``, whose list of covered lines would only lengthen the report."""


def legal_cards(hand: list[str], led: str | None, trump: str, stock_empty: bool) -> list[str]:
    """The toy's legal cards: ``hand`` and ``led`` as texts like ``"QS"``, ``trump`` a suit letter."""
    if led is None or not stock_empty:
        return list(hand)
    following = [card for card in hand if card[1] == led[1]]
    if following:
        return following  # the planted bug: no duty to beat the led card
    trumps = [card for card in hand if card[1] == trump]
    return trumps or list(hand)


def toy_actions(state: State) -> list[str]:
    """Ask the toy for its legal card plays in the reference's position ``state``, as action texts."""
    seat = state.current_player
    seen = state.observation(seat)
    assert isinstance(seen, FildinskiObservation)
    hand = sorted({str(card) for card in seen.hand})  # the two copies of a card are one play
    led = str(seen.trick[0][1]) if seen.trick else None
    cards = legal_cards(hand, led, str(seen.trump), seen.stock_size == 0)
    return [f"p{seat} play {card}" for card in cards]


def judged_by_the_toy(played: Played) -> bool:
    """Whether the toy judges the last state of ``played``: a card play, not a meld step or the end."""
    state = played.state
    return not state.is_terminal and state.phase_name in ("stock", "endgame")


@given(plays("fildinski"))
@settings(deadline=None, database=None, derandomize=True, phases=REPORT_PHASES)
def test_the_toy_agrees_with_the_reference(played: Played) -> None:
    """The test a user writes with the toolkit's defaults: it fails, naming the rule the toy breaks."""
    if judged_by_the_toy(played):
        assert_same_legal_actions(played.state, toy_actions(played.state))


def smallest_disagreement() -> Played:
    """The smallest position where the toy goes wrong, found and shrunk by Hypothesis."""

    def disagrees(played: Played) -> bool:
        state = played.state
        return judged_by_the_toy(played) and not compare_legal_actions(state, toy_actions(state)).agrees

    return find(plays("fildinski"), disagrees, settings=settings(database=None, derandomize=True))


if __name__ == "__main__":
    found = smallest_disagreement()
    print(f"found after {len(found.actions)} actions, in the phase {found.state.phase_name!r}:")
    print(f"position: {found.state.position()}")
    print(compare_legal_actions(found.state, toy_actions(found.state)))
