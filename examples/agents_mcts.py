"""OpenSpiel's MCTS bot plays the first deal of Félagsvist games against uniform random play.

Seats N and S are MCTS bots (``open_spiel.python.algorithms.mcts``), E and W
pick a legal decision uniformly at random. Each game is dealt by OpenSpiel's
chance nodes from ``--seed``; only its first deal is played and counted. A
rollout goes to the end of the deal, not of the game, and scores the deal's
trick difference, so the search looks at what one deal decides.

The bots search the true state, so they see every hand: this is
perfect-information MCTS, the same footing as the double-dummy value. With
``--double-dummy N`` the exact solver gives, for the first N deals, how many
tricks N-S take against the best defence with every hand open
(``cardrules.analyse``, the value of the deal before its first card), each
within ``--dd-seconds`` (a deal the budget does not settle is left out).

Run: ``python examples/agents_mcts.py --deals 100 --simulations 100``
(needs ``pip install 'cardrules[openspiel]'``).
"""

from __future__ import annotations

import argparse
import statistics
import time
from dataclasses import dataclass
from typing import Any

import numpy as np
from open_spiel.python.algorithms import mcts

import cardrules
from cardrules.openspiel import load
from cardrules.solve import SolveBudgetExceeded

NS = (0, 2)


def _deal_number(state: Any) -> int:
    episode = state.episode
    return 0 if episode.state is None else int(episode.state.observation(0).deal_number)


def _tricks(state: Any, deal: int) -> tuple[int, int]:
    """The (NS, EW) tricks of deal ``deal``: in progress, or over (a Hearts deal scores its tricks)."""
    seen = state.episode.state.observation(0)
    return tuple(seen.tricks if seen.deal_number == deal else seen.deal_scores[deal - 1])  # type: ignore[return-value]


class DealRollout(mcts.Evaluator):
    """Random play to the end of the deal in progress.

    Each seat's value is its side's trick margin in that deal, over 13.
    """

    def __init__(self, rng: np.random.RandomState) -> None:
        self._rng = rng

    def evaluate(self, state: Any) -> np.ndarray:
        working = state.clone()
        deal = _deal_number(working)
        while not working.is_terminal() and _deal_number(working) == deal:
            working.apply_action(self._rng.choice(working.legal_actions()))
        tricks = _tricks(working, deal)
        margin = (tricks[0] - tricks[1]) / 13
        return np.array([margin, -margin, margin, -margin])

    def prior(self, state: Any) -> list[tuple[int, float]]:
        actions = state.legal_actions()
        return [(action, 1.0 / len(actions)) for action in actions]


@dataclass(frozen=True)
class DealResult:
    """One deal: the tricks N-S took, and their double-dummy value when it was asked for."""

    seed: int
    ns_tricks: int
    double_dummy: int | None


def play_deal(
    seed: int, simulations: int, *, mcts_seats: tuple[int, ...] = NS, solve: bool = False
) -> DealResult:
    """Deal a game from ``seed`` and play its first deal: MCTS at ``mcts_seats``, random play elsewhere.

    With ``solve`` (seconds), the exact solver first values the deal for N-S, double dummy.
    """
    game = load("felagsvist")
    rng = np.random.RandomState(seed)
    bot = mcts.MCTSBot(
        game, uct_c=2.0, max_simulations=simulations, evaluator=DealRollout(rng), random_state=rng
    )
    state = game.new_initial_state()
    while state.is_chance_node():
        outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(rng.choice(outcomes, p=probabilities))
    value = None
    if solve:
        try:
            analysis = cardrules.analyse(state.episode.state, deadline=solve)
            leader_side = NS if state.current_player() in NS else (1, 3)
            value = analysis.value if leader_side == NS else 13 - analysis.value
        except SolveBudgetExceeded:
            value = None
    while _deal_number(state) == 1 and not state.is_terminal():
        if state.current_player() in mcts_seats:
            action = bot.step(state)
        else:
            action = rng.choice(state.legal_actions())
        state.apply_action(action)
    return DealResult(seed, _tricks(state, 1)[0], value)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=4)
    parser.add_argument("--simulations", type=int, default=20)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--double-dummy", type=int, default=0, metavar="N", help="solve the first N deals")
    parser.add_argument("--dd-seconds", type=float, default=60.0, help="the solver's budget per deal")
    args = parser.parse_args()
    started = time.perf_counter()
    results = [
        play_deal(args.seed + n, args.simulations, solve=args.dd_seconds if n < args.double_dummy else 0.0)
        for n in range(args.deals)
    ]
    random_play = [
        play_deal(args.seed + n, args.simulations, mcts_seats=()).ns_tricks for n in range(args.deals)
    ]
    mcts_tricks = [result.ns_tricks for result in results]
    wins = sum(tricks >= 7 for tricks in mcts_tricks)
    print(f"deals: {args.deals}, MCTS simulations per decision: {args.simulations}")
    print(
        f"N-S as MCTS vs random E-W: mean {statistics.mean(mcts_tricks):.2f} tricks of 13, {wins} deals won"
    )
    random_wins = sum(tricks >= 7 for tricks in random_play)
    print(
        f"N-S as random vs random E-W: mean {statistics.mean(random_play):.2f} tricks of 13, "
        f"{random_wins} deals won (same deals)"
    )
    solved = [result for result in results if result.double_dummy is not None]
    if solved:
        dd = statistics.mean(result.double_dummy for result in solved if result.double_dummy is not None)
        took = statistics.mean(result.ns_tricks for result in solved)
        print(
            f"double-dummy value of N-S on the {len(solved)} of {args.double_dummy} deals solved in "
            f"{args.dd_seconds:g} s each: mean {dd:.2f} tricks (MCTS took {took:.2f})"
        )
    print(f"time: {time.perf_counter() - started:.1f} s")


if __name__ == "__main__":
    main()
