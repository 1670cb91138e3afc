"""Readers with bounds: records, options, seeds and conformance kits refuse what is past a limit.

Each test here is a regression test for a hostile input that once cost
gigabytes, hung the reader, escaped as a stray exception or repeated the input
in full: it is now refused with the library's error, naming the limit, in a
message that stays short.
"""

from __future__ import annotations

import dataclasses
import json
import os
import shutil
from pathlib import Path
from typing import Final

import pytest

from cardrules import CardRulesError, get_game
from cardrules.errors import InvalidArgumentError, InvalidOptionError
from cardrules.position import MAX_SEED_DIGITS
from cardrules.records import RecordError, dumps, explain, load, loads
from cardrules.records.files import read_regular_file
from cardrules.records.limits import (
    MAX_ACTIONS,
    MAX_DEALS,
    MAX_DECK_CARDS,
    MAX_INTEGER_DIGITS,
    MAX_KEY_CHARS,
    MAX_KEY_PARTS,
    MAX_NESTING,
    MAX_OPTIONS,
    MAX_RECORD_ENTRIES,
    MAX_RECORD_SIZE,
    MAX_TEXT_CHARS,
    scan_text,
)
from cardrules.testing.conformance import MAX_CASES, ConformanceError, export_kit, replay_kit

TESTS: Final = Path(__file__).resolve().parents[1]
SMALL_PATH: Final = TESTS / "felagsvist" / "records" / "card-already-played.toml"
SHORT: Final = 600
"""No refusal message may be longer than this, whatever the size of the input."""


def _small() -> str:
    return SMALL_PATH.read_text(encoding="utf-8")


def _refused(text: str | bytes, needle: str) -> RecordError:
    with pytest.raises(RecordError) as info:
        loads(text)
    message = str(info.value)
    assert needle in message, message
    assert len(message) < SHORT and "\n" not in message, message[:2000]
    return info.value


def _with_actions(entries: str) -> str:
    text = _small()
    start = text.index("actions = [")
    return text[:start] + f"actions = [\n{entries}]\n"


# -- the raw text, before the parser -----------------------------------------------------------


def test_a_long_dotted_key_is_refused_before_the_toml_parser() -> None:
    key = ".".join(f"k{i}" for i in range(32_000))  # 213 KB; the TOML parser took 3.9 GB on it
    error = _refused(_small().replace("format = 1", f"format = 1\noptions.{key} = 1", 1), "dotted parts")
    assert f"limit of {MAX_KEY_PARTS}" in str(error)
    assert error.locations == ("line 3, column 1",)


def test_a_key_of_as_many_parts_as_the_limit_is_read() -> None:
    key = ".".join(["extra", *(f"k{i}" for i in range(MAX_KEY_PARTS - 1))])
    error = _refused(_small().replace("format = 1", f"format = 1\n{key} = 1", 1), "not a field of a record")
    assert "dotted parts" not in str(error)


def test_a_million_actions_are_refused_unread() -> None:
    _refused(_with_actions('"p0 play 5H",\n' * 1_000_000), f"limit of {MAX_RECORD_SIZE} characters")


def test_more_actions_than_the_limit_are_refused_before_any_is_read() -> None:
    _refused(_with_actions('"p0 play 5H",\n' * (MAX_ACTIONS + 1)), f"past the limit of {MAX_ACTIONS}")
    as_json = json.dumps({"format": 1, "game": "felagsvist", "actions": ["x"] * (MAX_ACTIONS + 1)})
    _refused(as_json, f"{MAX_ACTIONS + 1} actions, past the limit of {MAX_ACTIONS}")


def test_too_many_lines_and_commas_are_refused_before_the_parser() -> None:
    _refused("#\n" * (MAX_RECORD_ENTRIES + 1), f"past the limit of {MAX_RECORD_ENTRIES}")
    _refused("a = [" + "1," * (MAX_RECORD_ENTRIES + 1) + "]", "line breaks and commas")


def test_the_limit_of_line_breaks_and_commas_is_four_hundred_thousand_inclusive() -> None:
    """The scan refuses one past the limit and lets exactly the limit through (to the parser)."""
    scan_text("\n" * 400_000)
    scan_text("," * 200_000 + "\n" * 200_000)
    with pytest.raises(RecordError) as info:
        scan_text("\n" * 400_001, "many.toml")
    assert info.value.problems == (
        (
            "document",
            "the record holds 400001 line breaks and commas, past the limit of 400000 "
            "(a record holds at most 50000 actions and 1000 deals)",
        ),
    )
    assert info.value.source == "many.toml"


def test_a_problem_on_the_line_after_a_blank_first_line_is_located_from_that_line() -> None:
    """The column counts from the line break before the problem, even the text's very first character."""
    assert _refused("\na = " + "[" * 100, f"limit of {MAX_NESTING} levels").locations == ("line 2, column 5",)
    assert _refused("a = " + "[" * 100, f"limit of {MAX_NESTING} levels").locations == ("line 1, column 5",)


def test_a_million_empty_deals_are_refused() -> None:
    deals = json.dumps([""] * (MAX_DEALS + 1))
    _refused(_small().replace("deals = [", f"deals = {deals}\nxdeals = [", 1), f"limit of {MAX_DEALS}")


def test_many_unknown_options_are_refused_at_once() -> None:
    options = ", ".join(f"o{i} = 1" for i in range(MAX_OPTIONS + 1))
    text = "\n".join(
        f"options = {{ {options} }}" if line.startswith("options =") else line
        for line in _small().split("\n")
    )
    error = _refused(text, f"past the limit of {MAX_OPTIONS}")
    assert len(error.problems) == 1


def test_a_deck_past_the_limit_is_refused() -> None:
    deck = json.dumps(["AS"] * (MAX_DECK_CARDS + 1))
    _refused(_small().replace("deals = [", f"deals = [{deck}]\nxdeals = [", 1), f"limit of {MAX_DECK_CARDS}")
    _refused(_small().replace("deals = [", f'deals = ["{"AS " * 40_000}"]\nxdeals = [', 1), "characters")


def test_deep_nesting_is_refused_before_the_parser() -> None:
    _refused("a = " + "[" * 100_000, f"limit of {MAX_NESTING} levels")
    _refused('{"a": ' + "{" * (MAX_NESTING + 1), f"limit of {MAX_NESTING} levels")


@pytest.mark.parametrize(
    "line",
    [
        '"' + "k" * (MAX_KEY_CHARS + 1) + '" = 1',
        "k" * (MAX_KEY_CHARS + 1) + " = 1",
        "options." + "k" * 5000 + " = 1",
    ],
)
def test_a_long_key_is_refused_and_not_repeated(line: str) -> None:
    _refused(_small().replace("format = 1", f"format = 1\n{line}", 1), f"limit of {MAX_KEY_CHARS} characters")


def test_a_long_key_after_a_long_line_without_one_is_refused() -> None:
    """The options line is long, but all its keys are short: the scan goes on to the lines after it."""
    text = _small()
    options = next(line for line in text.splitlines() if line.startswith("options = "))
    assert len(options) > MAX_KEY_CHARS
    line = "k" * (MAX_KEY_CHARS + 1) + " = 1"
    error = _refused(
        text.replace("\ndealer = ", f"\n{line}\ndealer = ", 1), f"limit of {MAX_KEY_CHARS} characters"
    )
    row = text[: text.index("\ndealer = ")].count("\n") + 2
    assert error.problems == (
        (
            f"line {row}, column 1",
            f"a key longer than the limit of {MAX_KEY_CHARS} characters (it starts {line[:40]!r})",
        ),
    )


def test_a_long_json_key_is_refused_and_not_repeated() -> None:
    _refused(json.dumps({"k" * 1_000_000: 1}), f"limit of {MAX_KEY_CHARS} characters")


def test_a_long_comment_is_refused_by_its_length() -> None:
    text = _with_actions(f'{{ action = "p0 play 5H", comment = "{"x" * (MAX_TEXT_CHARS + 1)}" }},\n')
    _refused(text, f"past the limit of {MAX_TEXT_CHARS}")


def test_a_huge_claimed_score_is_refused_by_reader_and_writer() -> None:
    claim = f"\nclaimed_scores = {{ p0 = {10 ** (MAX_INTEGER_DIGITS + 1)} }}"
    text = _small().replace("\ndealer = ", f"{claim}\ndealer = ")
    _refused(text, f"limit of {MAX_INTEGER_DIGITS} digits")
    record = dataclasses.replace(load(SMALL_PATH), claimed_scores=((0, 10**5000),))
    with pytest.raises(RecordError, match=f"limit of {MAX_INTEGER_DIGITS} digits") as info:
        dumps(record)
    assert len(str(info.value)) < SHORT


@pytest.mark.parametrize("sign", [1, -1])
def test_a_claimed_score_one_digit_past_the_limit_is_refused_and_the_largest_within_is_read(
    sign: int,
) -> None:
    def claiming(score: int) -> str:
        return _small().replace("\ndealer = ", f"\nclaimed_scores = {{ p0 = {score}, p1 = 3 }}\ndealer = ")

    past = sign * 10**MAX_INTEGER_DIGITS
    error = _refused(claiming(past), f"limit of {MAX_INTEGER_DIGITS} digits")
    assert error.problems == (
        ("claimed_scores.p0", f"{past} is past the limit of {MAX_INTEGER_DIGITS} digits"),
    )
    within = sign * (10**MAX_INTEGER_DIGITS - 1)
    assert loads(claiming(within)).claimed_scores == ((0, within), (1, 3))


# -- the writer refuses what the reader refuses, and records hold their types -----------------------


def test_the_writer_refuses_a_claimed_score_that_is_a_string() -> None:
    record = load(SMALL_PATH)
    with pytest.raises(InvalidArgumentError, match="claimed_scores"):
        dataclasses.replace(record, claimed_scores=((0, "x"),))  # type: ignore[arg-type]
    claim = '\nclaimed_scores = { p0 = "x" }'
    _refused(_small().replace("\ndealer = ", f"{claim}\ndealer = "), "must be a whole number")


def test_the_writer_refuses_more_actions_than_the_reader_reads() -> None:
    record = load(SMALL_PATH)
    longer = dataclasses.replace(record, actions=record.actions * (MAX_ACTIONS // len(record.actions) + 1))
    with pytest.raises(RecordError, match=f"past the limit of {MAX_ACTIONS}"):
        dumps(longer)


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("game", 5),
        ("options", (("scoring", ["per-trick"]),)),
        ("options", "scoring"),
        ("seats", (5, "", "", "")),
        ("dealer", "p0"),
        ("dealer", True),
        ("deals", (("AS",),)),
        ("actions", ("p0 play 5H",)),
        ("claimed_scores", ((0, 1.5),)),
        ("position", 7),
        ("format_version", "1"),
    ],
)
def test_a_record_refuses_fields_of_the_wrong_type(field: str, value: object) -> None:
    record = load(SMALL_PATH)
    with pytest.raises(InvalidArgumentError) as info:
        dataclasses.replace(record, **{field: value})  # type: ignore[arg-type]
    assert field.split("_version")[0] in str(info.value)


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("options", ((1, "per-trick"),), "a record's options must be named by strings, not 1"),
        ("options", "scoring", "a record's options must be a tuple, not 'scoring'"),
        ("seats", "p0p1", "a record's seats must be a tuple, not 'p0p1'"),
        ("seats", b"p0", "a record's seats must be a tuple, not b'p0'"),
        ("seats", {"p0": ""}, "a record's seats must be a tuple, not a dict"),
        ("seats", 4, "a record's seats must be a tuple, not 4"),
        ("deals", ("AS",), "a record's deals must be a tuple, not 'AS'"),
    ],
)
def test_a_record_names_the_field_and_what_it_must_be(field: str, value: object, message: str) -> None:
    """A string, bytes or a mapping is not taken for a sequence of its characters or keys."""
    record = load(SMALL_PATH)
    with pytest.raises(InvalidArgumentError) as info:
        dataclasses.replace(record, **{field: value})  # type: ignore[arg-type]
    assert str(info.value) == message


def test_every_record_hashes() -> None:
    record = load(SMALL_PATH)
    assert hash(dataclasses.replace(record)) == hash(record)


# -- special files ------------------------------------------------------------------------------------


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_is_refused_without_being_read(tmp_path: Path) -> None:
    fifo = tmp_path / "record.toml"
    os.mkfifo(fifo)
    with pytest.raises(RecordError, match="FIFO"):
        load(fifo)  # opening it for reading would block for ever


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_put_in_place_of_the_file_after_the_check_is_refused_once_open(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The file is a regular one when it is looked at, and a FIFO by the time it is opened (another
    process swapped it): the open file is checked again and refused, naming what it is, unread."""
    path = tmp_path / "record.toml"
    path.write_text(_small(), encoding="utf-8")
    real_open = os.open
    swapped: list[str] = []

    def open_after_a_swap(name: str | os.PathLike[str], flags: int, *args: int, **kwargs: int) -> int:
        if os.fspath(name) == os.fspath(path) and not swapped:
            path.unlink()
            os.mkfifo(path)
            swapped.append(os.fspath(name))
        return real_open(name, flags, *args, **kwargs)

    monkeypatch.setattr(os, "open", open_after_a_swap)
    with pytest.raises(RecordError) as info:
        load(path)
    assert swapped == [str(path)]
    assert info.value.problems == (("document", "a FIFO (named pipe), not a regular file: not read"),)
    assert info.value.source == str(path)


def test_a_file_longer_than_asked_is_read_to_the_byte_asked_and_no_further(tmp_path: Path) -> None:
    """At most the bytes asked are read, however long the file (``load`` asks for one byte past the size
    limit: enough to tell that there is more)."""
    path = tmp_path / "long.toml"
    data = bytes(range(256)) * 12_288  # 3 MiB, read in more than one chunk
    path.write_bytes(data)
    assert read_regular_file(str(path), 1_500_000) == data[:1_500_000]
    assert read_regular_file(str(path), 2 * len(data)) == data


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero here")
def test_a_device_is_refused_without_being_read() -> None:
    with pytest.raises(RecordError, match="character device"):
        load("/dev/zero")


def test_a_directory_is_refused(tmp_path: Path) -> None:
    with pytest.raises(RecordError, match="directory"):
        load(tmp_path)


def test_a_loop_of_links_is_an_os_error(tmp_path: Path) -> None:
    (tmp_path / "a").symlink_to(tmp_path / "b")
    (tmp_path / "b").symlink_to(tmp_path / "a")
    with pytest.raises(OSError):
        load(tmp_path / "a")


# -- option values, seeds, steps ----------------------------------------------------------------------

_INT_OPTIONS: Final = (
    ("fildinski", "target_score"),
    ("backstab_fish", "players"),
    ("backstab_fish", "stall_limit"),
    ("calabresella", "stakes"),
)


@pytest.mark.parametrize(("game", "option"), _INT_OPTIONS)
@pytest.mark.parametrize(
    "value",
    ["--10", "²0", "٥", "1" * 5000, 10**5000, -(10**5000), 10**19, b"5", 1.5],
    ids=[
        "two-signs",
        "superscript",
        "arabic-indic",
        "5000-digits",
        "10**5000",
        "-10**5000",
        "10**19",
        "bytes",
        "float",
    ],
)
def test_a_number_that_is_not_one_is_an_option_error(game: str, option: str, value: object) -> None:
    with pytest.raises(InvalidOptionError) as info:
        get_game(game, **{option: value})
    assert len(str(info.value)) < SHORT


@pytest.mark.parametrize(
    "value",
    [10**5000, "x" * 1_000_000, ["per-trick"], b"per-trick"],
    ids=["huge-int", "long", "list", "bytes"],
)
def test_a_value_of_a_choice_option_is_quoted_short(value: object) -> None:
    with pytest.raises(InvalidOptionError) as info:
        get_game("felagsvist", scoring=value)
    assert len(str(info.value)) < SHORT


def test_an_unknown_option_is_quoted_short() -> None:
    with pytest.raises(InvalidOptionError) as info:
        get_game("felagsvist", **{"x" * 1_000_000: 1})
    assert len(str(info.value)) < SHORT


def test_the_options_still_read_numerals() -> None:
    assert get_game("backstab_fish", players=" 6 ", stall_limit="70").options_dict()["stall_limit"] == 70
    assert get_game("calabresella", stakes="2,3,4").options_dict()["stakes"] == "2,3,4"
    assert get_game("fildinski", target_score="1000").options_dict()["target_score"] == 1000


@pytest.mark.parametrize("name", [5, None, b"felagsvist", ["felagsvist"]])
def test_a_game_is_named_by_a_string(name: object) -> None:
    with pytest.raises(InvalidArgumentError):
        get_game(name)  # type: ignore[call-overload]


def test_a_seed_the_position_cannot_write_is_refused() -> None:
    game = get_game("felagsvist")
    for seed in (10**MAX_SEED_DIGITS, -(10**MAX_SEED_DIGITS), 10**5000):
        with pytest.raises(InvalidArgumentError, match="MAX_SEED_DIGITS") as info:
            game.new_game(seed=seed)
        assert len(str(info.value)) < SHORT
    largest = game.new_game(seed=10**MAX_SEED_DIGITS - 1)
    assert game.from_position(largest.position()).position() == largest.position()


@pytest.mark.parametrize("step", [1.5, True, "3", None])
def test_explain_refuses_a_step_that_is_not_an_int(step: object) -> None:
    with pytest.raises(InvalidArgumentError):
        explain(load(SMALL_PATH), step)  # type: ignore[arg-type]


# -- conformance kits ---------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def kit(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("kit")
    export_kit("felagsvist", folder, cases=2, seed=1)
    return folder


def _copy_with(kit: Path, where: Path, cases: list[str]) -> Path:
    folder = where / "kit"
    shutil.copytree(kit, folder)
    manifest = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
    manifest["cases"] = cases
    (folder / "manifest.json").write_text(json.dumps(manifest), encoding="utf-8")
    return folder


@pytest.mark.parametrize("name", ["../outside-case.json", "/etc/passwd", "sub/case.json", "..", "", "a\\b"])
def test_a_kit_reads_only_plain_names_of_its_own_folder(kit: Path, tmp_path: Path, name: str) -> None:
    shutil.copy(kit / "case-0001.json", tmp_path / "outside-case.json")
    folder = _copy_with(kit, tmp_path, ["case-0001.json", name])
    with pytest.raises(ConformanceError, match="kit's directory"):
        replay_kit(folder)


def test_a_kit_refuses_a_link_that_leads_out(kit: Path, tmp_path: Path) -> None:
    shutil.copy(kit / "case-0001.json", tmp_path / "outside-case.json")
    folder = _copy_with(kit, tmp_path, ["case-0001.json", "linked.json"])
    (folder / "linked.json").symlink_to(tmp_path / "outside-case.json")
    with pytest.raises(ConformanceError, match="leads out"):
        replay_kit(folder)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_kit_refuses_a_fifo_without_opening_it(kit: Path, tmp_path: Path) -> None:
    folder = _copy_with(kit, tmp_path, ["case-0001.json", "fifo.json"])
    os.mkfifo(folder / "fifo.json")
    with pytest.raises(ConformanceError, match="FIFO"):
        replay_kit(folder)


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero here")
def test_a_kit_refuses_a_device(kit: Path, tmp_path: Path) -> None:
    folder = _copy_with(kit, tmp_path, ["zero.json"])
    (folder / "zero.json").symlink_to("/dev/zero")
    with pytest.raises(ConformanceError):
        replay_kit(folder)


@pytest.mark.parametrize(
    "content",
    ["[" * 100_000, '{"format": ' + "9" * 5000 + "}", '{"format": 1, "x": ' + "1" * 30 + "}", "\xff"],
)
def test_a_kit_refuses_a_case_past_its_bounds(kit: Path, tmp_path: Path, content: str) -> None:
    folder = _copy_with(kit, tmp_path, ["case-0001.json", "bad.json"])
    (folder / "bad.json").write_bytes(
        content.encode("utf-8", "surrogateescape") if content != "\xff" else b"\xff"
    )
    with pytest.raises(ConformanceError) as info:
        replay_kit(folder)
    assert len(str(info.value)) < SHORT


def test_a_kit_refuses_too_many_cases(kit: Path, tmp_path: Path) -> None:
    folder = _copy_with(kit, tmp_path, ["case-0001.json"] * (MAX_CASES + 1))
    with pytest.raises(ConformanceError, match=f"limit of {MAX_CASES}"):
        replay_kit(folder)


def test_a_kit_within_its_bounds_still_agrees(kit: Path) -> None:
    assert replay_kit(kit) == []


def test_library_errors_are_value_errors() -> None:
    assert issubclass(ConformanceError, CardRulesError)
    assert issubclass(RecordError, ValueError)


def test_a_kit_refuses_a_manifest_that_leads_out(kit: Path, tmp_path: Path) -> None:
    folder = tmp_path / "kit"
    shutil.copytree(kit, folder)
    (folder / "manifest.json").rename(tmp_path / "manifest.json")
    (folder / "manifest.json").symlink_to(tmp_path / "manifest.json")
    with pytest.raises(ConformanceError, match="leads out"):
        replay_kit(folder)


def test_the_writer_refuses_more_deals_and_longer_decks_than_the_reader_reads() -> None:
    """Each refused with its one problem: the writer stops at the limits before it checks anything else."""
    record = load(SMALL_PATH)
    deck = record.deals[0]
    for longer, problem in (
        (
            dataclasses.replace(record, deals=(deck,) * (MAX_DEALS + 1)),
            ("deals", "1001 deck orders, past the limit of 1000"),
        ),
        (dataclasses.replace(record, deals=(deck * 20,)), ("deals[0]", "1040 cards, past the limit of 1000")),
    ):
        with pytest.raises(RecordError) as info:
            dumps(longer)
        assert info.value.problems == (problem,)
