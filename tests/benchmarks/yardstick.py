"""The yardstick every benchmark compares against: whist written the plain mutable way.

One random game of four-handed whist as a hobbyist writes it in an afternoon:
cards are ``(rank, suit)`` tuples with ranks 2..14, hands are lists, the trick
is a list of ``(player, card)`` pairs, a random card among those that follow
suit, no validation, no verdicts, no immutable states. It follows Félagsvist's
default cycle of round kinds and scoring (twelve deals of 13 tricks), so for
that game it does the same work minus every check. For the other games it is
the same fixed amount of plain Python work per decision, measured in the same
run: the ratio of a game's decisions per second to the yardstick's plays per
second says how close the engine comes to a plain loop.
"""

from __future__ import annotations

import random
from time import perf_counter
from typing import Final

__all__ = ["DEALS", "PLAYS", "yardstick_game", "yardstick_work"]

DEALS: Final = 12
"""Deals in a yardstick game."""

PLAYS: Final = DEALS * 52
"""Plays (decisions) in a yardstick game."""

_KINDS: Final = ("H", "S", "grand", "D", "C", "nolo")


def yardstick_game(seed: int) -> tuple[int, int]:
    """Play one random yardstick game with ``seed``; return the (NS, EW) totals."""
    rng = random.Random(seed)
    deck = [(rank, suit) for suit in "CDHS" for rank in range(2, 15)]
    dealer = rng.randrange(4)
    totals = [0, 0]
    for deal in range(DEALS):
        kind = _KINDS[deal % 6]
        trump = kind if len(kind) == 1 else None
        rng.shuffle(deck)
        hands: list[list[tuple[int, str]]] = [[], [], [], []]
        for i, card in enumerate(deck):
            hands[(dealer + 1 + i) % 4].append(card)
        leader = (dealer + 1) % 4
        won = [0, 0]
        for _ in range(13):
            trick: list[tuple[int, tuple[int, str]]] = []
            for k in range(4):
                player = (leader + k) % 4
                hand = hands[player]
                if trick:
                    led = trick[0][1][1]
                    playable = [card for card in hand if card[1] == led]
                    if not playable:
                        playable = hand
                else:
                    playable = hand
                card = rng.choice(playable)
                hand.remove(card)
                trick.append((player, card))
            winner, best = trick[0]
            for player, card in trick[1:]:
                if card[1] == best[1]:
                    if card[0] > best[0]:
                        winner, best = player, card
                elif card[1] == trump:
                    winner, best = player, card
            won[winner % 2] += 1
            leader = winner
        if kind == "nolo":
            totals[0] += won[1]
            totals[1] += won[0]
        else:
            totals[0] += won[0]
            totals[1] += won[1]
        dealer = (dealer + 1) % 4
    return totals[0], totals[1]


def yardstick_work(seconds: float) -> tuple[int, float]:
    """Play yardstick games with seeds 0, 1, 2, ... for about ``seconds``: (games, seconds taken)."""
    start = perf_counter()
    deadline = start + seconds
    seed = 0
    while True:
        yardstick_game(seed)
        seed += 1
        now = perf_counter()
        if now >= deadline:
            return seed, now - start
