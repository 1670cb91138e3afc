"""A conformance kit: golden cases, as plain JSON, that any engine can replay.

A kit is a directory. ``manifest.json`` names the game, the options, the kit's
format and its case files; each ``case-NNNN.json`` holds one situation of a
game played at random by the reference:

``record``
   how the situation arose: a game record in its JSON form (see the record
   format guide), whose actions are the prefix played so far;
``to_act``
   the seat to act (``"p2"``), or ``null`` once the game is over;
``observation``
   the state as the seat to act sees it (seat ``p0`` once the game is over),
   as the reference's observation with cards written ``"QS"``, options and
   enums as their values, and tuples as arrays;
``legal``
   every legal action, in the reference's canonical text, in its order;
``illegal``
   a few illegal actions, each with the ``rules`` its verdict names (most
   specific first) and the ``reason`` given.

A kit is read with bounds, like a record: the manifest names at most
:data:`MAX_CASES` case files, each a plain file name inside the kit's own
directory (no ``..``, no absolute name, no link that leads out of it), each
a regular file (a FIFO or a device is refused without being read) of at most
:data:`~cardrules.records.limits.MAX_RECORD_SIZE` bytes, nesting and keys
bounded as a record's are (:mod:`cardrules.records.limits`) and whole numbers
of at most :data:`MAX_NUMBER_DIGITS` digits. A kit past a bound is refused
with a :class:`ConformanceError` naming it.

An engine under test replays ``record`` (deal the given deck orders, apply the
actions) and compares what it computes with the rest. :func:`export_kit`
writes a kit, :func:`replay_kit` replays one against the reference (the
library's own tests do, for every game), and :func:`plain` is the conversion to
JSON values.

>>> import tempfile, pathlib
>>> with tempfile.TemporaryDirectory() as folder:
...     written = export_kit("felagsvist", folder, cases=3, seed=7)
...     problems = replay_kit(folder)
>>> len(written), problems
(3, [])
"""

from __future__ import annotations

import dataclasses
import enum
import json
import os
import random
import re
from collections.abc import Mapping, Sequence
from fractions import Fraction
from pathlib import Path
from typing import Final

from cardrules.cards import Card, Rank, Suit
from cardrules.errors import CardRulesError, InvalidArgumentError
from cardrules.game import Action, AnyGame, AnyState
from cardrules.games import get_game
from cardrules.notation import format_seat
from cardrules.records import RecordError, from_tree, record_of, replay, to_tree, write_atomically
from cardrules.records.files import read_regular_file
from cardrules.records.limits import MAX_RECORD_SIZE, scan_text
from cardrules.testing.probing import illegal_probes
from cardrules.text import echo

__all__ = [
    "KIT_FORMAT",
    "MAX_CASES",
    "MAX_NUMBER_DIGITS",
    "ConformanceError",
    "export_kit",
    "plain",
    "replay_kit",
    "situation",
]

KIT_FORMAT = 1
"""The version of the kit's layout, written in the manifest and in every case."""

MAX_CASES = 10_000
"""The most case files a kit's manifest may name."""

MAX_NUMBER_DIGITS = 18
"""The most digits of a whole number in a kit's files (a seed, a score, a count)."""

_MAX_NAME_CHARS = 255

_MANIFEST = "manifest.json"


class ConformanceError(CardRulesError):
    """A kit cannot be read: a missing manifest, a case that is not JSON, or a wrong format."""


def plain(value: object) -> object:
    """``value`` as JSON values: cards as text, enums by value, dataclasses as objects, tuples as arrays.

    >>> from cardrules.cards import parse_card
    >>> plain((parse_card("QS"), Suit.HEARTS, {"tricks": (3, 4)}))
    ['QS', 'H', {'tricks': [3, 4]}]
    """
    if isinstance(value, Card | Suit | Rank | Fraction | Action):
        return str(value)
    if value is None or isinstance(value, bool | int | str):
        return value
    if isinstance(value, enum.Enum):
        return plain(value.value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {field.name: plain(getattr(value, field.name)) for field in dataclasses.fields(value)}
    if isinstance(value, Mapping):
        return {str(plain(key)): plain(item) for key, item in value.items()}
    if isinstance(value, frozenset | set):
        return sorted((plain(item) for item in value), key=str)
    if isinstance(value, Sequence):
        return [plain(item) for item in value]
    return str(value)


def situation(game: AnyGame, played: Sequence[Action], states: Sequence[AnyState]) -> dict[str, object]:
    """One case: the situation after ``played``, with ``states`` every state from the start to it.

    ``states`` has one more entry than ``played`` (the initial state first).
    """
    state = states[-1]
    seat = state.current_player if not state.is_terminal else 0
    nearby = states[-13:-1]
    return {
        "format": KIT_FORMAT,
        "record": to_tree(record_of(game, state, played)),
        "to_act": None if state.is_terminal else format_seat(state.current_player),
        "observation": plain(state.observation(seat)),
        "legal": [str(action) for action in state.legal_actions()],
        "illegal": [
            {"action": str(action), "rules": list(verdict.rule_ids), "reason": verdict.reason}
            for action, verdict in illegal_probes(state, nearby)
        ],
    }


def _game_path(game: AnyGame, seed: int, rng: random.Random) -> tuple[list[Action], list[AnyState]]:
    state = game.new_game(seed=seed)
    played: list[Action] = []
    states = [state]
    while not state.is_terminal:
        action = rng.choice(state.legal_actions())
        state = state.apply(action)
        played.append(action)
        states.append(state)
    return played, states


def export_kit(
    game_name: str,
    directory: str | Path,
    *,
    cases: int = 40,
    seed: int = 0,
    options: Mapping[str, object] | None = None,
) -> list[Path]:
    """Write a kit of ``cases`` situations of ``game_name`` into ``directory``; return the case files.

    The situations are taken from random games played from ``seed`` (so the kit
    is the same on every run): the start of each game, its end, and states
    spread between them.

    A kit written over an older one replaces it: once the new manifest is
    written, the case files of the older kit that the new one does not have
    (regular files named ``case-NNNN.json``, the names this function writes)
    are removed. Other files in the directory are left alone.

    Raises:
        UnknownGameError, InvalidOptionError: as :func:`~cardrules.games.get_game`.
        ValueError: ``cases`` is not positive.
    """
    if cases < 1:
        raise InvalidArgumentError(f"a kit needs at least one case, not {cases}")
    game = get_game(game_name, **dict(options or {}))
    folder = Path(directory)
    folder.mkdir(parents=True, exist_ok=True)
    rng = random.Random(f"conformance/{game.name}/{seed}")
    written: list[Path] = []
    game_seed = seed
    while len(written) < cases:
        played, states = _game_path(game, game_seed, rng)
        game_seed += 1
        picks = sorted({0, len(played), *(rng.randrange(len(played) + 1) for _ in range(8))})
        for step in picks[: cases - len(written)]:
            path = folder / f"case-{len(written) + 1:04d}.json"
            case = situation(game, played[:step], states[: step + 1])
            write_atomically(path, json.dumps(case, ensure_ascii=False, indent=1) + "\n")
            written.append(path)
    manifest = {
        "format": KIT_FORMAT,
        "game": game.name,
        "options": dict(game.options_dict()),
        "seed": seed,
        "cases": [path.name for path in written],
    }
    write_atomically(folder / _MANIFEST, json.dumps(manifest, ensure_ascii=False, indent=1) + "\n")
    _remove_old_cases(folder, {path.name for path in written})
    return written


_CASE_NAME: Final = re.compile(r"case-[0-9]{4,}\.json", re.ASCII)
"""The name of a case file :func:`export_kit` writes."""


def _remove_old_cases(folder: Path, kept: set[str]) -> None:
    """Remove the case files in ``folder`` (by their name) that are not in ``kept``: an older kit's."""
    with os.scandir(folder) as entries:
        stale = [
            entry.path
            for entry in entries
            if _CASE_NAME.fullmatch(entry.name)
            and entry.name not in kept
            and entry.is_file(follow_symlinks=False)
        ]
    for path in stale:
        os.unlink(path)


def _whole(text: str) -> int:
    """A JSON integer of at most :data:`MAX_NUMBER_DIGITS` digits (the JSON reader's ``parse_int``)."""
    if len(text.lstrip("-")) > MAX_NUMBER_DIGITS:
        raise ValueError(f"a whole number of {len(text)} digits, past the limit of {MAX_NUMBER_DIGITS}")
    return int(text)


def _case_path(folder: Path, name: str) -> Path:
    """The file ``name`` of the kit in ``folder``: a plain name of a file that stays inside the folder."""
    shown = echo(name)
    if (
        not name
        or len(name) > _MAX_NAME_CHARS
        or name in (".", "..")
        or "/" in name
        or "\\" in name
        or "\x00" in name
        or os.path.isabs(name)
        or Path(name).drive
    ):
        raise ConformanceError(f"{_MANIFEST}: {shown} is not the name of a file in the kit's directory")
    path = folder / name
    try:
        inside = path.resolve(strict=False).parent == folder.resolve(strict=False)
    except (OSError, RuntimeError):  # a loop of links
        inside = False
    if not inside:
        raise ConformanceError(f"{_MANIFEST}: {shown} leads out of the kit's directory")
    return path


def _read_json(path: Path) -> dict[str, object]:
    try:
        raw = read_regular_file(str(path), MAX_RECORD_SIZE + 1)
    except FileNotFoundError:
        raise ConformanceError(f"{path.name}: no such file in the kit") from None
    except RecordError as error:
        raise ConformanceError(f"{path.name}: {error.problems[0][1]}") from None
    except OSError as error:
        raise ConformanceError(f"{path.name}: cannot be read ({error.strerror or error})") from None
    try:
        if len(raw) > MAX_RECORD_SIZE:
            raise ConformanceError(
                f"{path.name}: larger than the limit of {MAX_RECORD_SIZE} bytes for a kit's file"
            )
        text = raw.decode("utf-8")
        scan_text(text)
        data = json.loads(text, parse_int=_whole)
    except RecordError as error:
        location, message = error.problems[0]
        raise ConformanceError(f"{path.name}: {location}: {message}") from None
    except (UnicodeDecodeError, ValueError, RecursionError) as error:
        reason = "it nests too deeply" if isinstance(error, RecursionError) else echo(str(error), limit=200)
        raise ConformanceError(f"{path.name}: not a JSON file ({reason})") from None
    if not isinstance(data, dict) or data.get("format") != KIT_FORMAT:
        raise ConformanceError(f"{path.name}: not a format-{KIT_FORMAT} conformance file")
    return data


def _differences(name: str, case: Mapping[str, object], state: AnyState) -> list[str]:
    found: list[str] = []
    to_act = None if state.is_terminal else format_seat(state.current_player)
    if case.get("to_act") != to_act:
        found.append(f"{name}: to_act is {echo(case.get('to_act'))}, the reference says {to_act!r}")
    seat = 0 if state.is_terminal else state.current_player
    if case.get("observation") != plain(state.observation(seat)):
        found.append(f"{name}: the observation differs from the reference's")
    legal = [str(action) for action in state.legal_actions()]
    if case.get("legal") != legal:
        found.append(
            f"{name}: legal is {echo(str(case.get('legal')), limit=400)}, the reference says {legal}"
        )
    probes = case.get("illegal")
    for probe in probes if isinstance(probes, list) else []:
        text = probe.get("action") if isinstance(probe, dict) else None
        if not isinstance(text, str):
            found.append(f"{name}: an illegal entry without an action text")
            continue
        try:  # once the game is over, the text itself (common.game.over, even without an actor)
            verdict = state.check(text if state.is_terminal else state.parse_action(text))
        except ValueError as error:
            found.append(f"{name}: the reference cannot read {echo(text)}: {error}")
            continue
        if (
            verdict.legal
            or list(verdict.rule_ids) != probe.get("rules")
            or verdict.reason != probe.get("reason")
        ):
            found.append(f"{name}: {echo(text)} is {verdict} by the reference, not as the kit says")
    return found


def replay_kit(directory: str | Path) -> list[str]:
    """Replay every case of the kit in ``directory`` against the reference; return the differences.

    An empty list means the kit and the reference agree on every case.

    Raises:
        ConformanceError: the kit cannot be read.
        RecordError: a case's record is malformed.
    """
    folder = Path(directory)
    manifest = _read_json(_case_path(folder, _MANIFEST))
    names = manifest.get("cases")
    if not isinstance(names, list) or not all(isinstance(name, str) for name in names):
        raise ConformanceError(f"{_MANIFEST}: 'cases' must be a list of file names")
    if len(names) > MAX_CASES:
        raise ConformanceError(f"{_MANIFEST}: {len(names)} cases, past the limit of {MAX_CASES}")
    paths = [_case_path(folder, name) for name in names]
    problems: list[str] = []
    for name, path in zip(names, paths, strict=True):
        case = _read_json(path)
        record = from_tree(case.get("record"), source=name)
        if record.game != manifest.get("game"):
            problems.append(f"{name}: a {record.game} record in a kit of {echo(manifest.get('game'))}")
            continue
        *_, state = replay(record)
        problems.extend(_differences(name, case, state))
    return problems
