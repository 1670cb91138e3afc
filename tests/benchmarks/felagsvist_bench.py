"""How fast is the Félagsvist reference engine, and how does it compare to a naive loop?

Run it with::

    python -m tests.benchmarks.felagsvist_bench [--seconds S] [--repeat N] [--json PATH]

or ``nox -s bench`` / ``tox -e bench``. It is one process on one core. It measures:

- ``games``: complete random games through the public API: ``new_game(seed=i)``,
  then ``apply(rng.choice(state.legal_actions()))`` with a ``random.Random(i)``
  until no action is legal (twelve deals of 52 plays each);
- ``legal_actions``: ``legal_actions()`` calls on a fixed set of states reached
  by random play (leads, follows and discards);
- ``check``: ``check()`` calls on a fixed mix of legal plays and illegal ones (out
  of turn, a card not held, a revoke, a play after the end);
- ``yardstick``: the same random games played by a plain mutable whist loop of the
  kind a hobbyist writes in an afternoon (lists of ``(rank, suit)`` tuples for
  hands, follow suit if possible, a random legal card, 13 tricks a deal, 12 deals a
  game), with no validation, no verdicts and no immutable states.

Every measurement runs ``--repeat`` times for about ``--seconds`` each, the
measurements taking turns so that a slow patch of the machine hits them all
alike. A repetition counts whole units of work (games, or passes over the fixed
set) until its time is up and reports the rate. The table shows the median rate
(the headline figure) and the best; the ratio to the yardstick is the ratio of
the medians. The garbage collector stays on, as it would in real use.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import sys
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from time import perf_counter
from typing import Final, TextIO

import cardrules
from cardrules.cards import STANDARD_DECK
from cardrules.game import Action, AnyGame, AnyState
from cardrules.games.felagsvist import FelagsvistState, PlayCard

__all__ = ["Measurement", "hobbyist_game", "main", "random_game", "run"]

DEALS_PER_GAME: Final = 12
PLAYS_PER_GAME: Final = DEALS_PER_GAME * 52
"""Plays in a game under the default options (a tie after deal 12 stands)."""

SAMPLE_SEEDS: Final = range(1000, 1008)
"""The games whose states make the fixed sets for ``legal_actions`` and ``check``."""

SAMPLE_EVERY: Final = 5
"""Keep every fifth state of those games (about 125 a game)."""

Work = Callable[[float], tuple[int, float]]
"""Run for about the given seconds; return (units of work done, seconds taken)."""


# -- what is measured ---------------------------------------------------------


def random_game(game: AnyGame, seed: int) -> AnyState:
    """Play one complete game of uniformly random legal actions; return the final state."""
    rng = random.Random(seed)
    state = game.new_game(seed=seed)
    actions = state.legal_actions()
    while actions:
        state = state.apply(rng.choice(actions))
        actions = state.legal_actions()
    return state


_KINDS: Final = ("H", "S", "grand", "D", "C", "nolo")


def hobbyist_game(seed: int) -> tuple[int, int]:
    """The yardstick: one random game of whist written the plain mutable way.

    Cards are ``(rank, suit)`` tuples with ranks 2..14, hands are lists, the
    trick is a list of ``(player, card)`` pairs. It follows the same cycle of
    round kinds and the same scoring as Félagsvist's defaults, so it does the
    same work minus every check. Returns the (NS, EW) totals.
    """
    rng = random.Random(seed)
    deck = [(rank, suit) for suit in "CDHS" for rank in range(2, 15)]
    dealer = rng.randrange(4)
    totals = [0, 0]
    for deal in range(DEALS_PER_GAME):
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
    final = random_game(game, 0)
    assert isinstance(final, FelagsvistState)
    if not final.is_terminal or sum(final.totals) != 13 * DEALS_PER_GAME or len(final.plays) != 52:
        raise AssertionError(f"cardrules game did not finish as expected: {final!r}")
    ns, ew = hobbyist_game(0)
    if ns + ew != 13 * DEALS_PER_GAME:
        raise AssertionError(f"yardstick game scored {ns}+{ew} tricks, not {13 * DEALS_PER_GAME}")


# -- timing -------------------------------------------------------------------


def games_work(game: AnyGame) -> Work:
    """Play cardrules games with seeds 0, 1, 2, ... until the time is up."""

    def work(seconds: float) -> tuple[int, float]:
        start = perf_counter()
        deadline = start + seconds
        seed = 0
        while True:
            random_game(game, seed)
            seed += 1
            now = perf_counter()
            if now >= deadline:
                return seed, now - start

    return work


def yardstick_work(seconds: float) -> tuple[int, float]:
    """Play yardstick games with seeds 0, 1, 2, ... until the time is up."""
    start = perf_counter()
    deadline = start + seconds
    seed = 0
    while True:
        hobbyist_game(seed)
        seed += 1
        now = perf_counter()
        if now >= deadline:
            return seed, now - start


def legal_actions_work(states: Sequence[AnyState]) -> Work:
    """Call ``legal_actions()`` on every state of the set, pass after pass."""

    def work(seconds: float) -> tuple[int, float]:
        start = perf_counter()
        deadline = start + seconds
        calls = 0
        while True:
            for state in states:
                state.legal_actions()
            calls += len(states)
            now = perf_counter()
            if now >= deadline:
                return calls, now - start

    return work


def check_work(pairs: Sequence[tuple[AnyState, Action]]) -> Work:
    """Call ``check(action)`` on every pair of the mix, pass after pass."""

    def work(seconds: float) -> tuple[int, float]:
        start = perf_counter()
        deadline = start + seconds
        calls = 0
        while True:
            for state, action in pairs:
                state.check(action)
            calls += len(pairs)
            now = perf_counter()
            if now >= deadline:
                return calls, now - start

    return work


@dataclass(frozen=True, slots=True)
class Measurement:
    """The rates of one measurement, one per repetition.

    Attributes:
        name: short key (``games``, ``legal_actions``, ``check``, ``yardstick``).
        label: what the row of the table says.
        unit: what is counted per second.
        samples: the rate of each repetition.
        per_unit: plays per unit of work, to show plays per second too (0 if not meaningful).
    """

    name: str
    label: str
    unit: str
    samples: tuple[float, ...]
    per_unit: int = 0

    @property
    def median(self) -> float:
        """The median rate: the headline figure."""
        return statistics.median(self.samples)

    @property
    def best(self) -> float:
        """The highest rate of any repetition."""
        return max(self.samples)

    def as_dict(self) -> dict[str, object]:
        """A JSON-ready form."""
        out: dict[str, object] = {
            "label": self.label,
            "unit": self.unit,
            "median": round(self.median, 3),
            "best": round(self.best, 3),
            "worst": round(min(self.samples), 3),
            "samples": [round(rate, 3) for rate in self.samples],
        }
        if self.per_unit:
            out["plays_per_second_median"] = round(self.median * self.per_unit, 1)
        return out


@dataclass(frozen=True, slots=True)
class Report:
    """Everything one run found."""

    seconds: float
    repeats: int
    measurements: tuple[Measurement, ...]
    check_mix: tuple[tuple[str, int], ...]
    """How many pairs of the check mix get each verdict (``legal`` or the first rule broken)."""
    states: int

    def get(self, name: str) -> Measurement:
        """The measurement called ``name``."""
        for measurement in self.measurements:
            if measurement.name == name:
                return measurement
        raise KeyError(name)

    @property
    def ratio(self) -> float:
        """cardrules games/s over yardstick games/s (medians)."""
        return self.get("games").median / self.get("yardstick").median

    def as_dict(self) -> dict[str, object]:
        """A JSON-ready form."""
        return {
            "benchmark": "felagsvist",
            "cardrules_version": cardrules.__version__,
            "python": f"{platform.python_version()} ({platform.python_implementation()})",
            "platform": platform.platform(),
            "seconds_per_repeat": self.seconds,
            "repeats": self.repeats,
            "statistic": "median of repeats (best also given)",
            "fixed_states": self.states,
            "check_mix": dict(self.check_mix),
            "measurements": {m.name: m.as_dict() for m in self.measurements},
            "ratio_to_yardstick": round(self.ratio, 4),
        }


def run(seconds: float, repeats: int, progress: TextIO | None = None) -> Report:
    """Set up, check the set-up, then time every measurement ``repeats`` times in turns."""
    game = cardrules.get_game("felagsvist")
    self_check(game)
    states, finals = sample_states(game)
    pairs = check_mix(states, finals)
    verdicts = [state.check(action) for state, action in pairs]
    mix = Counter("legal" if v.legal else v.rule_ids[0] for v in verdicts)
    legal = mix["legal"]
    plan: list[tuple[str, str, str, int, Work]] = [
        ("games", "random games, cardrules", "games/s", PLAYS_PER_GAME, games_work(game)),
        ("yardstick", "random games, mutable yardstick", "games/s", PLAYS_PER_GAME, yardstick_work),
        (
            "legal_actions",
            f"legal_actions() on {len(states)} states",
            "calls/s",
            0,
            legal_actions_work(states),
        ),
        ("check", f"check() on {len(pairs)} plays, {legal} legal", "calls/s", 0, check_work(pairs)),
    ]
    for *_, work in plan:  # warm up caches and the allocator, untimed
        work(min(0.2, seconds / 4))
    rates: list[list[float]] = [[] for _ in plan]
    for repeat in range(repeats):
        for row, (name, *_, work) in enumerate(plan):
            done, took = work(seconds)
            rates[row].append(done / took)
            if progress is not None:
                print(f"  repeat {repeat + 1}/{repeats} {name}: {done / took:,.1f}/s", file=progress)
    measurements = tuple(
        Measurement(name, label, unit, tuple(samples), per_unit)
        for (name, label, unit, per_unit, _), samples in zip(plan, rates, strict=True)
    )
    return Report(seconds, repeats, measurements, tuple(sorted(mix.items())), len(states))


# -- output -------------------------------------------------------------------


def format_table(report: Report) -> str:
    """The report as a plain-text table."""
    head = (
        f"cardrules {cardrules.__version__} Félagsvist benchmark: Python {platform.python_version()} "
        f"({platform.python_implementation()}), {platform.machine() or 'unknown machine'}, one core; "
        f"{report.repeats} repeats x {report.seconds:g} s, median and best of the repeats"
    )
    rows = [("measurement", "median", "best", "unit")]
    for m in report.measurements:
        rows.append((m.label, f"{m.median:,.1f}", f"{m.best:,.1f}", m.unit))
        if m.per_unit:
            rows.append(
                (
                    "  the same, in plays",
                    f"{m.median * m.per_unit:,.0f}",
                    f"{m.best * m.per_unit:,.0f}",
                    "plays/s",
                )
            )
    widths = [max(len(row[col]) for row in rows) for col in range(4)]
    lines = [head, ""]
    for number, row in enumerate(rows):
        label, median, best, unit = row
        lines.append(
            f"{label:<{widths[0]}}  {median:>{widths[1]}}  {best:>{widths[2]}}  {unit:<{widths[3]}}".rstrip()
        )
        if number == 0:
            lines.append("  ".join("-" * width for width in widths))
    lines.append("")
    lines.append(
        f"cardrules / yardstick (games/s, medians): {report.ratio:.3f}"
        f"  (the yardstick is {1 / report.ratio:.2f}x as fast)"
    )
    return "\n".join(lines)


def positive_float(text: str) -> float:
    """An argparse type: a number of seconds above zero."""
    value = float(text)
    if not value > 0:
        raise argparse.ArgumentTypeError(f"expected a positive number of seconds, not {text!r}")
    return value


def positive_int(text: str) -> int:
    """An argparse type: a count of at least one."""
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a count of at least 1, not {text!r}")
    return value


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark and print (and, if asked, write) its results."""
    parser = argparse.ArgumentParser(
        prog="python -m tests.benchmarks.felagsvist_bench",
        description="Time the Félagsvist engine (games, legal_actions, check) "
        "against a plain mutable whist loop.",
    )
    parser.add_argument(
        "--seconds",
        type=positive_float,
        default=1.0,
        help="seconds for each repetition of each of the 4 measurements (default 1.0; a run takes about "
        "4 x repeat x seconds, plus a few seconds of set-up)",
    )
    parser.add_argument(
        "--repeat", type=positive_int, default=5, help="repetitions of each measurement (default 5)"
    )
    parser.add_argument(
        "--json",
        metavar="PATH",
        help="also write the results as JSON to PATH; '-' writes JSON to stdout and the table to stderr",
    )
    parser.add_argument("--quiet", action="store_true", help="do not print progress to stderr")
    args = parser.parse_args(argv)
    json_path: str | None = args.json
    report = run(args.seconds, args.repeat, None if args.quiet else sys.stderr)
    table = format_table(report)
    document = json.dumps(report.as_dict(), indent=2, ensure_ascii=False)
    if json_path == "-":
        print(table, file=sys.stderr)
        print(document)
    else:
        print(table)
        if json_path:
            with open(json_path, "w", encoding="utf-8") as handle:
                handle.write(document + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
