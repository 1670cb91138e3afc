"""A digest of what the engines do, to show that a refactor changes no behaviour.

``python -m tests.support.digest`` plays seeded random games of every game
under its default options and under each other value of every choice option
(one at a time, plus a few whole-number settings), and hashes what a user can
see at every step: the legal actions' texts, the position text, every seat's
observation, the scores, the verdict of every legal action and of a handful of
illegal ones (the previous step's actions, also attempted leniently, and the
legal ones given to another seat), every fifth step the state read back from
its position, and at the end the outcome. It prints one SHA-256 per game and option
set, and with ``--write FILE`` / ``--compare FILE`` keeps or checks them as
JSON. Two runs on the same code give the same digests; a refactor that changes
any verdict text, legal order, position or observation changes them.
"""

from __future__ import annotations

import argparse
import dataclasses
import enum
import hashlib
import json
import random
import sys
import typing
from collections.abc import Iterator, Mapping
from pathlib import Path

from cardrules import get_game
from cardrules.game import AnyState
from cardrules.games import GAMES

__all__ = ["digest", "option_sets"]

_WHOLE_NUMBERS: Mapping[str, Mapping[str, tuple[object, ...]]] = {
    "fildinski": {"target_score": (1500,)},
    "backstab_fish": {"players": (6, 10), "stall_limit": (40,)},
    "calabresella": {"stakes": ("2,3,5",)},
}
"""Settings of options that are not a choice, tried beside the defaults."""


def option_sets(game: str) -> Iterator[dict[str, object]]:
    """The defaults, then each other value of each choice option alone, then the settings above."""
    options_type = get_game(game).info.options_type
    kinds = typing.get_type_hints(options_type)
    defaults = get_game(game).options_dict()
    yield {}
    for field in dataclasses.fields(options_type):
        kind = kinds[field.name]
        values: tuple[object, ...] = ()
        if isinstance(kind, type) and issubclass(kind, enum.Enum):
            values = tuple(member.value for member in kind)
        elif kind is bool:
            values = (True, False)
        for value in values:
            if str(value).lower() == str(defaults[field.name]).lower():
                continue
            try:
                get_game(game, **{field.name: value})
            except Exception:  # a value the game names but refuses
                continue
            yield {field.name: value}
    for name, settings in _WHOLE_NUMBERS.get(game, {}).items():
        for value in settings:
            yield {name: value}


def _verdict(state: AnyState, action: object) -> str:
    verdict = state.check(action)  # type: ignore[arg-type]
    return f"{verdict.legal}|{','.join(map(str, verdict.rule_ids))}|{verdict.reason}"


def _other_seat(text: str, seats: int) -> str | None:
    if len(text) > 1 and text[0] == "p" and text[1].isdigit():
        seat = int(text[1])
        return f"p{(seat + 1) % seats}{text[2:]}"
    return None


def digest(game: str, options: Mapping[str, object], games: int, max_steps: int) -> str:
    """The SHA-256 of ``games`` seeded random games of ``game`` under ``options`` (see the module)."""
    hasher = hashlib.sha256()
    engine = get_game(game, **options)

    def feed(*parts: object) -> None:
        for part in parts:
            hasher.update(str(part).encode())
            hasher.update(b"\x1f")
        hasher.update(b"\n")

    for number in range(games):
        chooser = random.Random(number)
        state = engine.new_game(seed=1000 + number)
        previous: list[str] = []
        for _step in range(max_steps):
            legal = state.legal_actions()
            texts = [str(action) for action in legal]
            players = len(state.scores())
            feed("legal", *texts)
            feed("position", state.position())
            feed("scores", *state.scores())
            feed("phase", state.phase_name, state.current_player)
            for seat in range(players):
                feed("observation", seat, str(state.observation(seat)))
            sample = texts if len(texts) <= 40 else chooser.sample(texts, 40)
            for text in sample:
                feed("check", text, _verdict(state, text))
            for text in previous[:8]:
                feed("stale", text, _verdict(state, text))
            for text in previous[:3]:
                verdict, after = state.attempt(text, lenient=True)
                feed("lenient", text, verdict.legal, verdict.reason, after is None or after.position())
            if _step % 5 == 0:
                again = engine.from_position(state.position())
                feed("reread", again == state, *(str(action) for action in again.legal_actions()))
                for text in sample[:8]:
                    feed("reread check", text, _verdict(again, text))
            for text in sample[:8]:
                moved = _other_seat(text, players)
                if moved is not None:
                    feed("moved", moved, _verdict(state, moved))
            if state.is_terminal:
                break
            action = legal[chooser.randrange(len(legal))]
            feed("apply", action)
            state = state.apply(action)
            previous = sample
        feed("outcome", state.outcome())
    return hasher.hexdigest()


def main(argv: list[str] | None = None) -> int:
    """Print (and write or compare) the digests."""
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=3, help="games per option set (default 3)")
    parser.add_argument("--max-steps", type=int, default=600, help="steps per game at most (default 600)")
    parser.add_argument("--only", choices=list(GAMES), help="one game")
    parser.add_argument("--write", type=Path, help="write the digests to this JSON file")
    parser.add_argument("--compare", type=Path, help="compare with the digests in this JSON file")
    args = parser.parse_args(argv)
    found: dict[str, str] = {}
    for game in GAMES:
        if args.only and game != args.only:
            continue
        for options in option_sets(game):
            key = f"{game} {json.dumps(options, sort_keys=True)}"
            found[key] = digest(game, options, args.games, args.max_steps)
            print(f"{found[key][:16]}  {key}", flush=True)
    if args.write:
        args.write.write_text(json.dumps(found, indent=1, sort_keys=True) + "\n")
    if args.compare:
        expected = json.loads(args.compare.read_text())
        differ = [key for key in found if expected.get(key) != found[key]]
        for key in differ:
            print(f"DIFFERS: {key}")
        print(f"{len(found) - len(differ)} of {len(found)} option sets give the same digest")
        return 1 if differ else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
