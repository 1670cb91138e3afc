"""How often the toolkit's default strategies reach each phase of each game.

``python -m tests.support.phases`` prints, per game and phase, the share of
default :func:`~cardrules.testing.strategies.plays` examples whose last state
is in that phase, and the share that pass through it on the way.
"""

from __future__ import annotations

import argparse
from collections import Counter

from hypothesis import HealthCheck, given, settings

from cardrules.games import GAMES, get_game
from cardrules.testing import Played, plays


def phase_shares(game: str, examples: int) -> tuple[dict[str, float], dict[str, float]]:
    """Over ``examples`` derandomized default examples of ``game``: the share ending in each phase,
    and the share passing through it."""
    ended: Counter[str] = Counter()
    passed: Counter[str] = Counter()
    drawn = 0

    @settings(
        max_examples=examples,
        derandomize=True,
        database=None,
        deadline=None,
        suppress_health_check=list(HealthCheck),
    )
    @given(plays(game))
    def sample(played: Played) -> None:
        nonlocal drawn
        drawn += 1
        ended[played.state.phase_name] += 1
        for phase in {state.phase_name for state in played.states}:
            passed[phase] += 1

    sample()
    phases = get_game(game).info.phases
    return (
        {phase: ended[phase] / drawn for phase in phases},
        {phase: passed[phase] / drawn for phase in phases},
    )


def main() -> None:
    """Print the table for every game."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--examples", type=int, default=300)
    args = parser.parse_args()
    print(f"{'game':14} {'phase':12} {'ends in':>8} {'reaches':>8}   ({args.examples} default examples)")
    for game in GAMES:
        ended, passed = phase_shares(game, args.examples)
        for phase in ended:
            print(f"{game:14} {phase:12} {ended[phase]:8.0%} {passed[phase]:8.0%}")


if __name__ == "__main__":
    main()
