"""A coverage-guided fuzzer over the readers, for a fixed time (``nox -s fuzz``; never part of pytest).

``python -m tests.fuzz_readers [--seconds N] [--corpus DIR]`` feeds generated
input to every reader the library has: record text (:func:`cardrules.records.loads`,
TOML and JSON), position text of every game (``from_position``), option values
as a record or the command line gives them (text for every option of every
game), action text in a game's start, JSON Lines streams
(:func:`~cardrules.records.read_jsonl` and
:func:`~cardrules.records.check_corpus`), the arguments of ``cardrules
claim`` and ``analyse``, and the dispute report writers (a record's comment
and names, written as SVG and HTML, which must parse as XML). A reader must
return a value or raise the library's
:class:`~cardrules.errors.CardRulesError`; anything else is a finding, and
so is an input that raises the peak of allocations more than 50 MiB above
where it began (:func:`tests.support.memory.bounded_memory`). The run ends
with the first finding (exit status 1 and the input that raised it).

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
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import Final, cast

TESTS: Final = Path(__file__).resolve().parent
ROOT: Final = TESTS.parent
GAME_NAMES: Final = ("backstab_fish", "calabresella", "felagsvist", "fildinski")
NIGHTLY_SECONDS: Final = 1800
"""How long a run fuzzes by default under the ``nightly`` Hypothesis profile (seconds)."""
DEFAULT_SECONDS: Final = (
    NIGHTLY_SECONDS if os.environ.get("HYPOTHESIS_PROFILE", "").strip() == "nightly" else 60
)
"""How long a run fuzzes when ``--seconds`` is not given: a minute, or half an hour at night."""


def _seeds() -> list[bytes]:
    """The starting corpus: shipped records (as records and as JSON Lines), a position of every game,
    claim arguments and a comment for the report writers."""
    import cardrules
    from cardrules.records import jsonl_line, load

    paths = sorted((TESTS / "felagsvist" / "records").glob("*.toml"))[:6]
    paths += sorted((ROOT / "examples" / "records").glob("*.toml"))[:2]
    found = [b"\x00" + path.read_bytes() for path in paths]
    lines = b"\n".join(jsonl_line(load(path)).encode() for path in paths[:3])
    found.append(b"\x08" + lines + b"\n")
    for index, name in enumerate(GAME_NAMES):
        found.append(bytes([1 + index]) + cardrules.get_game(name).new_game(seed=3).position().encode())
    found.append(b"\x09by\x00NS\x00tricks\x004")
    found.append(b"\x0ap3 had already played 6S\x1b[2J\x00North")
    return found


TARGETS: Final = 11
"""How many readers :func:`one_input` feeds (its first byte picks one, modulo this)."""


def one_input(data: bytes) -> None:
    """Feed ``data`` to one reader (its first byte picks which); only library errors may come out.

    The peak of allocations while the input is handled may rise at most
    :data:`~tests.support.memory.MAX_GROWTH` (50 MiB) above where it began.
    """
    from tests.support.memory import bounded_memory

    if not data:
        return
    with bounded_memory(data[:200]):
        _one_reader(data[0] % TARGETS, data[1:])


def _one_reader(target: int, rest: bytes) -> None:
    import cardrules
    from cardrules.records import loads

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
        elif target == 7:
            name = GAME_NAMES[len(rest) % len(GAME_NAMES)]
            cardrules.get_game(name).new_game(seed=1).parse_action(text)
        elif target == 8:
            _json_lines(rest)
        elif target == 9:
            _claim_arguments(text)
        else:
            _reports(rest)
    except cardrules.CardRulesError as error:
        if "\n" in str(error):
            raise AssertionError(f"a message of more than one line: {str(error)[:200]!r}") from None


def _json_lines(data: bytes) -> None:
    """A JSON Lines stream: one result per non-blank line, and no exception."""
    import io

    from cardrules.records import check_corpus, read_jsonl

    results = list(check_corpus(read_jsonl(io.BytesIO(data), "fuzz.jsonl")))
    lines = sum(1 for line in data.split(b"\n") if line.strip())
    if len(results) != lines:
        raise AssertionError(f"{len(results)} results for {lines} lines")


def _claim_arguments(text: str) -> None:
    """``cardrules claim`` or ``analyse`` with arguments cut from ``text``: exit 0, 1 or 2, nothing raw."""
    import io
    import re
    from contextlib import redirect_stderr, redirect_stdout

    from cardrules.cli import main
    from cardrules.records import load

    position = load(TESTS / "records" / "felagsvist-claim.toml").position or ""
    words = text.split("\x00")
    if len(words) % 2:
        args = [
            "claim",
            position,
            "--deadline=5",
            *(f"--{w}" if i % 2 == 0 else w for i, w in enumerate(words)),
        ]
    else:
        args = ["analyse", position, "--max-nodes=100000", *words]
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        status = main(args)
    shown = out.getvalue() + err.getvalue()
    if status not in (0, 1, 2) or (status == 2 and len(err.getvalue().strip().splitlines()) != 1):
        raise AssertionError(f"exit {status} with {shown[:300]!r}")
    if re.search("[\x00-\x09\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]", shown):
        raise AssertionError(f"a raw control character in {shown[:300]!r}")


def _reports(data: bytes) -> None:
    """The dispute report of a record whose comment and names are ``data``: well-formed XML."""
    import dataclasses
    import xml.etree.ElementTree as ET

    from cardrules.records import RecordedAction, explain, load
    from cardrules.records.dispute import dispute_html, dispute_svg

    record = load(TESTS / "felagsvist" / "records" / "card-already-played.toml")
    comment, _, name = data.decode("utf-8", "replace").partition("\x00")
    actions = list(record.actions)
    actions[6] = RecordedAction(actions[6].text, comment)
    try:
        record = dataclasses.replace(record, actions=tuple(actions), seats=(name, "", "", ""))
    except ValueError:
        return
    explanation = explain(record, 6)
    ET.fromstring(dispute_svg(explanation))
    page = dispute_html(explanation)
    ET.fromstring(page[page.index("<svg") : page.rindex("</svg>") + len("</svg>")])


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
    tracemalloc.start()  # once for the run: each input's bound only resets the peak
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
    tracemalloc.start()  # once for the run: each input's bound only resets the peak
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
    parser.add_argument(
        "--seconds",
        type=int,
        default=DEFAULT_SECONDS,
        help=f"how long to fuzz (default {DEFAULT_SECONDS}; {NIGHTLY_SECONDS} with the nightly profile)",
    )
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
