"""Settle a Félagsvist dispute, then play the game out.

Run it with ``python examples/felagsvist_dispute.py``. It deals a game from a
seed, lets the first three players of the first trick play, and asks the
library whether the fourth may throw a card of another suit. Then it plays
the rest of the game with a simple deterministic policy and prints the score
of every deal.
"""

from __future__ import annotations

import cardrules
from cardrules.games.felagsvist import FelagsvistState, PlayCard


def lowest_legal(state: FelagsvistState) -> PlayCard:
    """A simple policy: the first legal play in canonical order."""
    action = state.legal_actions()[0]
    assert isinstance(action, PlayCard)
    return action


def main() -> None:
    game = cardrules.get_game("felagsvist", first_dealer="N")
    state = game.new_game(seed=2024)
    assert isinstance(state, FelagsvistState)
    print(f"Deal 1 is {state.round_kind.label}; p{state.dealer} dealt, p{state.current_player} leads.")

    for _ in range(3):
        action = lowest_legal(state)
        print(f"  {action}")
        state = state.apply(action)

    seat = state.current_player
    led_suit = state.observation(seat).trick[0][1].suit
    hand = state.observation(seat).hand
    off_suit = [card for card in hand if card.suit != led_suit]
    if off_suit and any(card.suit == led_suit for card in hand):
        disputed = PlayCard(seat, off_suit[0])
        verdict = state.check(disputed)
        print(f"May p{seat} play {off_suit[0].pretty()}? {verdict}")
        try:
            state.apply(disputed)
        except cardrules.IllegalActionError as error:
            print(f"  apply() refuses it: {', '.join(error.verdict.rule_ids)}")

    while not state.is_terminal:
        state = state.apply(lowest_legal(state))
    for number, (ns, ew) in enumerate(state.deal_scores, start=1):
        print(f"deal {number:2}: NS {ns:2}  EW {ew:2}")
    ns, ew = state.totals
    winner = state.winner()
    result = "a tie" if winner is None else ("NS win" if winner == 0 else "EW win")
    print(f"final: NS {ns}, EW {ew}: {result}")


if __name__ == "__main__":
    main()
