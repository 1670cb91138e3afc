"""How fast is the Félagsvist reference engine, and how does it compare to a naive loop?

Run it with::

    python -m tests.benchmarks.felagsvist_bench [--seconds S] [--repeat N] [--json PATH] [--compare PATH]

or ``nox -s bench`` / ``tox -e bench``. It is one process on one core, with the
shared harness (:mod:`tests.benchmarks.harness`). It measures complete random
games through the public API (twelve deals of 52 plays each), the plain mutable
whist loop of :mod:`tests.benchmarks.yardstick` (the same cycle of round kinds
and scoring, so for this game it does the same work minus every check), checking
whole records, ``legal_actions()`` on a fixed set of states (leads, follows and
discards) and ``check()`` on a fixed mix of legal plays and illegal ones (out of
turn, a card not held, a revoke, a play after the end).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final

from cardrules.cards import STANDARD_DECK
from cardrules.game import Action, AnyGame, AnyState
from cardrules.games.felagsvist import FelagsvistState, PlayCard
from tests.benchmarks.harness import Chooser, Variant, bench_main, random_game
from tests.benchmarks.report import FELAGSVIST_TARGETS
from tests.benchmarks.yardstick import DEALS, yardstick_game

__all__ = ["TARGETS", "check_mix", "fixed_sets", "main", "sample_states"]

SAMPLE_SEEDS: Final = range(1000, 1008)
"""The games whose states make the fixed sets for ``legal_actions`` and ``check``."""

SAMPLE_EVERY: Final = 5
"""Keep every fifth state of those games (about 125 a game)."""

TARGETS: Final = FELAGSVIST_TARGETS
"""What issue "Speed" asks of Félagsvist: ratios to the plain loop (:mod:`tests.benchmarks.report`)."""


def sample_states(game: AnyGame) -> tuple[list[AnyState], list[AnyState]]:
    """Non-terminal states reached by random play, and the final states of those games."""
    states: list[AnyState] = []
    finals: list[AnyState] = []
    for seed in SAMPLE_SEEDS:
        rng = random.Random(seed)
        state = game.new_game(seed=seed)
        step = 0
        actions = state.legal_actions()
        while actions:
            if step % SAMPLE_EVERY == 0:
                states.append(state)
            state = state.apply(rng.choice(actions))
            actions = state.legal_actions()
            step += 1
        finals.append(state)
    return states, finals


def check_mix(states: Sequence[AnyState], finals: Sequence[AnyState]) -> list[tuple[AnyState, Action]]:
    """A fixed mix of (state, action) pairs: one legal play and one illegal play per state.

    The illegal plays take turns: out of turn (``common.turn.player-to-act``), a
    card the actor does not hold (``common.cards.held``) and, where the actor
    could revoke, a revoke (``felagsvist.play.must-follow``); each final state
    adds one play after the end (``common.game.over``). Every pair is
    adjudicated once here, and the mix is rejected if a verdict is not the one
    intended.
    """
    rng = random.Random(7)
    pairs: list[tuple[AnyState, Action, bool]] = []
    for number, state in enumerate(states):
        assert isinstance(state, FelagsvistState)
        seat = state.current_player
        pairs.append((state, rng.choice(state.legal_actions()), True))
        hand = state.hands[seat]
        kind = number % 3
        if kind == 2:
            legal_mask = state.legal_mask()
            off_suit = [i for i in range(52) if hand >> i & 1 and not legal_mask >> i & 1]
            if off_suit:
                pairs.append((state, PlayCard(seat, STANDARD_DECK[rng.choice(off_suit)]), False))
                continue
            kind = 1
        others = [other for other in range(4) if other != seat and state.hands[other]]
        if kind == 0 and others:
            other = rng.choice(others)
            held = [i for i in range(52) if state.hands[other] >> i & 1]
            pairs.append((state, PlayCard(other, STANDARD_DECK[rng.choice(held)]), False))
        else:
            absent = [i for i in range(52) if not hand >> i & 1]
            pairs.append((state, PlayCard(seat, STANDARD_DECK[rng.choice(absent)]), False))
    for final in finals:
        pairs.append((final, PlayCard(0, STANDARD_DECK[0]), False))
    for state, action, legal in pairs:
        verdict = state.check(action)
        if verdict.legal is not legal:
            raise AssertionError(f"check mix: expected legal={legal} for {action} in {state!r}: {verdict}")
    return [(state, action) for state, action, _ in pairs]


def self_check(game: AnyGame) -> None:
    """Both players of whole games must finish them: 156 tricks scored, every card played."""
    final, _ = random_game(game, 0)
    assert isinstance(final, FelagsvistState)
    if not final.is_terminal or sum(final.totals) != 13 * DEALS or len(final.plays) != 52:
        raise AssertionError(f"cardrules game did not finish as expected: {final!r}")
    ns, ew = yardstick_game(0)
    if ns + ew != 13 * DEALS:
        raise AssertionError(f"yardstick game scored {ns}+{ew} tricks, not {13 * DEALS}")


def fixed_sets(game: AnyGame, choose: Chooser) -> tuple[list[AnyState], list[tuple[AnyState, Action]]]:
    """The harness's fixed sets for Félagsvist: the sampled states and :func:`check_mix` over them."""
    self_check(game)
    states, finals = sample_states(game)
    return states, check_mix(states, finals)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark and print (and, if asked, write) its results."""
    return bench_main(
        "felagsvist", "Félagsvist", [Variant("default options")], TARGETS, argv, fixed=fixed_sets
    )


if __name__ == "__main__":
    raise SystemExit(main())
