"""A coverage-guided fuzzer over the readers, for a fixed time (``nox -s fuzz``; never part of pytest).

``python -m tests.fuzz_readers [--seconds N] [--corpus DIR]`` feeds generated
input to every reader the library has: record text (:func:`cardrules.records.loads`,
TOML and JSON), position text of every game (``from_position``), option values
as a record or the command line gives them (text for every option of every
game), and action text in a game's start. A reader must return a value or
raise the library's :class:`~cardrules.errors.CardRulesError`; anything else
is a finding, and the run ends with it (exit status 1 and the input that
raised it).

With atheris installed the search is guided by the coverage of the library's
code (atheris drives libFuzzer); without it, Hypothesis's own fuzzing
(``fuzz_one_input``) is run in a loop over random buffers until the time is
up. Both start from the records and positions the repository ships.
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import os
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Final, cast

TESTS: Final = Path(__file__).resolve().parent
ROOT: Final = TESTS.parent
GAME_NAMES: Final = ("backstab_fish", "calabresella", "felagsvist", "fildinski")


def _seeds() -> list[bytes]:
    """The starting corpus: shipped records, and a position of every game."""
    import cardrules

    found = [path.read_bytes() for path in sorted((TESTS / "felagsvist" / "records").glob("*.toml"))][:6]
    found += [path.read_bytes() for path in sorted((ROOT / "examples" / "records").glob("*.toml"))][:2]
    for index, name in enumerate(GAME_NAMES):
        found.append(bytes([1 + index]) + cardrules.get_game(name).new_game(seed=3).position().encode())
    return found


def one_input(data: bytes) -> None:
    """Feed ``data`` to one reader (its first byte picks which); only library errors may come out."""
    import cardrules
    from cardrules.records import loads

    if not data:
        return
    target, rest = data[0] % 8, data[1:]
    text = rest.decode("utf-8", "replace")
    try:
        if target == 0:
            record = loads(rest)
            cardrules.records.dumps(record)
        elif target <= 4:
            cardrules.get_game(GAME_NAMES[target - 1]).from_position(text)
        elif target == 5:
            cardrules.from_position(text)
        elif target == 6:
            name = GAME_NAMES[len(rest) % len(GAME_NAMES)]
            game = cardrules.get_game(name)
            options = list(game.options_dict())
            option, _, value = text.partition("=")
            cardrules.get_game(name, **{options[len(option) % len(options)] if not value else option: value})
        else:
            name = GAME_NAMES[len(rest) % len(GAME_NAMES)]
            cardrules.get_game(name).new_game(seed=1).parse_action(text)
    except cardrules.CardRulesError as error:
        if "\n" in str(error):
            raise AssertionError(f"a message of more than one line: {str(error)[:200]!r}") from None


def _run_atheris(seconds: int, corpus: Path) -> int:
    atheris = importlib.import_module("atheris")  # untyped: kept out of the type checker's sight

    with atheris.instrument_imports(include=["cardrules"]):  # the library's code, for the guidance
        importlib.import_module("cardrules")
        importlib.import_module("cardrules.records")
    corpus.mkdir(parents=True, exist_ok=True)
    for number, seed in enumerate(_seeds()):
        (corpus / f"seed-{number:02d}").write_bytes(seed)
    artifacts = corpus.parent / "findings"
    artifacts.mkdir(parents=True, exist_ok=True)
    argv = [
        sys.argv[0],
        str(corpus),
        f"-max_total_time={seconds}",
        "-max_len=65536",
        "-rss_limit_mb=1024",
        "-timeout=10",
        f"-artifact_prefix={artifacts}{os.sep}",
        "-print_final_stats=1",
    ]
    atheris.Setup(argv, one_input)
    atheris.Fuzz()
    return 0  # pragma: no cover - atheris.Fuzz exits the process itself


def _run_hypothesis(seconds: int) -> int:
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    @settings(database=None, deadline=None, suppress_health_check=list(HealthCheck))
    @given(st.one_of(st.binary(max_size=4096), st.sampled_from(_seeds())))
    def target(data: bytes) -> None:
        one_input(data)

    hooks = getattr(target, "hypothesis")  # noqa: B009 - set by @given, unknown to the type checker
    fuzz = cast("Callable[[bytes], object]", hooks.fuzz_one_input)
    rng = random.Random(0)
    stop = time.monotonic() + seconds
    runs = 0
    while time.monotonic() < stop:
        fuzz(rng.randbytes(rng.randrange(1, 8192)))
        runs += 1
    print(f"fuzz_readers: {runs} inputs in {seconds} s with Hypothesis, nothing found")
    return 0


def main(argv: list[str] | None = None) -> int:
    """Run the fuzzer for the time asked; the exit status is 0 when it found nothing."""
    parser = argparse.ArgumentParser(prog="python -m tests.fuzz_readers", description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=int, default=60, help="how long to fuzz (default 60)")
    parser.add_argument("--corpus", type=Path, default=Path(".fuzz") / "corpus", help="the corpus folder")
    parser.add_argument("--hypothesis", action="store_true", help="use Hypothesis even if atheris is there")
    args = parser.parse_args(argv)
    if not args.hypothesis:
        if importlib.util.find_spec("atheris") is None:
            print("fuzz_readers: atheris is not installed; fuzzing with Hypothesis instead", file=sys.stderr)
        else:
            return _run_atheris(args.seconds, args.corpus)
    return _run_hypothesis(args.seconds)


if __name__ == "__main__":
    sys.exit(main())
