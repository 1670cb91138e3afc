"""Game records: round trips, the tolerant reader, malformed records, replay, check and explain.

The disputed records of Félagsvist (``tests/felagsvist/records/``) are checked
in ``tests/felagsvist/test_records.py``; they serve here as inputs of the
reader and the explanations. The examples under ``examples/records/`` must check clean
and be canonical. Random games (Hypothesis) go through the record and back:
text, JSON, replay, and the same final state and scores.
"""

from __future__ import annotations

import dataclasses
import json
import random
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Final

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardrules import STANDARD_DECK, CardRulesError, get_game
from cardrules.game import Action, AnyGame, AnyState
from cardrules.records import (
    MAX_RECORD_SIZE,
    Record,
    RecordedAction,
    RecordError,
    check,
    dump,
    dumps,
    explain,
    format_report,
    json_schema,
    load,
    loads,
    prepare,
    record_of,
    replay,
    to_tree,
)
from cardrules.records.explain import legal_summary
from cardrules.records.json_form import loads_json
from cardrules.records.limits import MAX_INTEGER_DIGITS
from tests.conftest import FELAGSVIST_OPTIONS, REPO_ROOT

REPO: Final = Path(__file__).resolve().parents[2]
EXAMPLES: Final = REPO / "examples" / "records"
DISPUTED: Final = REPO / "tests" / "felagsvist" / "records"


# -- random games ---------------------------------------------------------------------------

SCORE_LIMIT: Final = 10**MAX_INTEGER_DIGITS - 1
"""The largest claimed score a record holds."""

TEXT: Final = st.text(st.characters(exclude_categories=["Cs"]), max_size=24)
"""Names and comments: any Unicode text (quotes, backslashes, control characters, emoji)."""


@dataclass(frozen=True)
class Played:
    """A game played with random legal actions, and its record."""

    game: AnyGame
    final: AnyState
    actions: tuple[Action, ...]
    record: Record


def play(
    game: AnyGame, seed: int, policy_seed: int, limit: int | None = None
) -> tuple[AnyState, list[Action]]:
    """Play ``game`` from ``seed`` with random legal actions, at most ``limit`` of them."""
    rng = random.Random(policy_seed)
    state = game.new_game(seed=seed)
    played: list[Action] = []
    while not state.is_terminal and (limit is None or len(played) < limit):
        action = rng.choice(state.legal_actions())
        played.append(action)
        state = state.apply(action)
    return state, played


@st.composite
def played_games(draw: st.DrawFn) -> Played:
    """A random game (random options, seed and policy), whole or cut short, with names, comments, claims."""
    game = get_game("felagsvist", **draw(FELAGSVIST_OPTIONS))
    seed = draw(st.integers(0, 2**32 - 1))
    limit = draw(st.one_of(st.none(), st.integers(0, 120)))
    final, played = play(game, seed, draw(st.integers(0, 2**32 - 1)), limit)
    names = draw(st.one_of(st.just(()), st.lists(TEXT, min_size=4, max_size=4)))
    claims = draw(
        st.one_of(
            st.none(),
            st.just(final.scores()),
            st.dictionaries(st.integers(0, 3), st.integers(-SCORE_LIMIT, SCORE_LIMIT)),
        )
    )
    record = record_of(game, final, played, names=names, claimed_scores=claims)
    if played:
        notes = draw(st.dictionaries(st.integers(0, len(played) - 1), TEXT, max_size=5))
        entries = [RecordedAction(e.text, notes.get(i)) for i, e in enumerate(record.actions)]
        record = dataclasses.replace(record, actions=tuple(entries))
    return Played(game, final, tuple(played), record)


@given(played_games())
def test_a_random_game_survives_the_record_and_replays_to_the_same_state(played: Played) -> None:
    text = dumps(played.record)
    again = loads(text)
    assert again == played.record
    assert dumps(again) == text
    states = list(replay(again))
    assert len(states) == len(played.actions) + 1
    assert states[-1].compact() == played.final.compact()
    assert states[-1].scores() == played.final.scores()
    assert states[-1].is_terminal == played.final.is_terminal


@given(played_games())
def test_the_json_form_holds_the_same_record(played: Played) -> None:
    text = dumps(played.record, form="json")
    again = loads(text)
    assert again == played.record
    assert dumps(again, form="json") == text
    assert json.loads(text) == to_tree(played.record)
    assert loads(dumps(played.record, form="json"), form="json") == loads(dumps(played.record), form="toml")


@given(played_games())
def test_a_random_legal_game_checks_clean(played: Played) -> None:
    report = check(played.record, mode="lenient")
    assert report.violations == ()
    assert report.checked == len(played.actions)
    assert report.finished == played.final.is_terminal
    assert report.scores == played.final.scores()
    wrong = tuple(
        seat for seat, score in played.record.claimed_scores if played.final.scores()[seat] != score
    )
    assert report.mismatched_seats == wrong
    assert report.ok == (not wrong)


def test_a_tie_broken_by_play_on_records_all_thirteen_deals() -> None:
    game = get_game("felagsvist", tiebreak="play-on", first_dealer="N")
    for seed in range(200):
        final, played = play(game, seed, seed)
        if len(final.dealt_decks()) == 13:
            break
    else:  # pragma: no cover - a tie comes about once in twenty games
        pytest.fail("no tie in 200 games")
    record = record_of(game, final, played, claimed_scores=final.scores())
    assert len(record.deals) == 13 and len(record.actions) == 13 * 52
    assert loads(dumps(record)) == record
    assert check(record).ok


# -- the examples and the canonical form ------------------------------------------------------


def _examples() -> list[Path]:
    return sorted(EXAMPLES.iterdir())


def test_the_examples_include_a_complete_game_in_toml_and_in_json() -> None:
    names = {path.name for path in _examples()}
    assert "felagsvist-complete.toml" in names and "felagsvist-complete.json" in names
    assert load(EXAMPLES / "felagsvist-complete.toml") == load(EXAMPLES / "felagsvist-complete.json")


@pytest.mark.parametrize("path", _examples(), ids=lambda path: path.name)
def test_every_example_checks_clean_and_is_canonical(path: Path) -> None:
    record = load(path)
    report = check(record)
    assert report.ok, format_report(report, path.name)
    assert report.finished and report.checked == report.steps == len(record.actions) > 0
    assert report.claims_match is True
    text = dumps(record, form="json") if path.suffix == ".json" else dumps(record)
    assert text == path.read_text(encoding="utf-8")


def test_the_canonical_toml_layout() -> None:
    text = (EXAMPLES / "felagsvist-complete.toml").read_text(encoding="utf-8")
    lines = text.splitlines()
    assert lines[0].startswith("# A cardrules game record (format 1)")
    assert [line.split(" =")[0] for line in lines[1:7]] == [
        "format",
        "game",
        "options",
        "seats",
        "dealer",
        "claimed_scores",
    ]
    assert lines.count("deals = [") == 1 and lines.count("actions = [") == 1
    # One action per line, each ending with its step, counted from 0 like the array: actions[n] is step n.
    step_lines = [line for line in lines if re.search(r"# step \d+$", line)]
    assert len(step_lines) == 624
    assert step_lines[0].endswith("# step 0") and step_lines[-1].endswith("# step 623")
    assert step_lines[37].endswith("# step 37")
    assert lines[0].endswith("Steps are numbered from 0.")
    assert next(line for line in lines if line.endswith("# deal 12")).count(" ") >= 51


def test_the_writer_escapes_names_and_comments() -> None:
    record = load(DISPUTED / "out-of-turn.toml")
    tricky = 'say "hi"\\ \n\ttab \x00 \x7f é ♠ 🂡'
    changed = dataclasses.replace(
        record,
        seats=(tricky, "", "Ann", ""),
        actions=(RecordedAction(record.actions[0].text, tricky), *record.actions[1:]),
    )
    text = dumps(changed)
    assert "\n\t" not in text and "\x00" not in text and "\x7f" not in text
    assert loads(text) == changed
    assert loads(dumps(changed, form="json")) == changed


def test_an_empty_comment_is_no_comment() -> None:
    assert RecordedAction("p1 play 2C", "") == RecordedAction("p1 play 2C")


# -- the tolerant reader -------------------------------------------------------------------------


def _small() -> str:
    return (DISPUTED / "out-of-turn.toml").read_text(encoding="utf-8")


def test_the_reader_fills_in_options_seats_and_canonical_text() -> None:
    canonical = load(DISPUTED / "out-of-turn.toml")
    deck = " ".join(card.pretty() for card in canonical.deals[0])  # Q♣ 10♦ ... instead of QC TD
    tolerant = f"""
format = 1
game = "Felagsvist"
options = {{ first-round = "HEARTS" }}
dealer = "P2"
deals = [ "{deck}" ]
actions = [ {", ".join(json.dumps(e.text.replace(" play ", " ").lower()) for e in canonical.actions)} ]
"""
    record = loads(tolerant)
    assert record == dataclasses.replace(
        canonical, actions=tuple(RecordedAction(e.text) for e in canonical.actions)
    )
    assert dict(record.options) == get_game("felagsvist").options_dict()
    assert record.seats == ("", "", "", "")


def test_the_reader_takes_a_deck_as_an_array_or_with_commas() -> None:
    canonical = load(DISPUTED / "out-of-turn.toml")
    tree = to_tree(canonical)
    tree["deals"] = [[str(card) for card in canonical.deals[0]]]
    assert loads(json.dumps(tree)) == canonical
    tree["deals"] = [", ".join(str(card) for card in canonical.deals[0])]
    assert loads(json.dumps(tree)) == canonical


def test_reading_goes_by_the_content_and_writing_by_the_suffix(tmp_path: Path) -> None:
    record = load(DISPUTED / "out-of-turn.toml")
    for name in ("record.txt", "record.toml"):
        plain = tmp_path / name
        plain.write_text(dumps(record, form="json"), encoding="utf-8")
        assert load(plain) == record
    named = tmp_path / "record.json"
    dump(record, named)
    assert named.read_text(encoding="utf-8").startswith("{")
    assert load(named) == record
    assert loads(b"\xef\xbb\xbf" + dumps(record).encode()) == record  # a byte-order mark is ignored


# -- malformed records ----------------------------------------------------------------------------


def _with(old: str, new: str, text: str | None = None) -> str:
    base = _small() if text is None else text
    assert old in base, old
    return base.replace(old, new, 1)


def _problems(text: str | bytes) -> dict[str, str]:
    with pytest.raises(RecordError) as info:
        loads(text)
    error = info.value
    assert isinstance(error, CardRulesError) and isinstance(error, ValueError)
    assert "\n" not in str(error)
    return dict(error.problems)


@pytest.mark.parametrize(
    ("old", "new", "location", "needle"),
    [
        ('game = "felagsvist"', "game = 3", "game", "must be a string, not a whole number"),
        ('game = "felagsvist"', 'game = "chess"', "game", "no game called 'chess'"),
        ("format = 1", 'format = "1"', "format", "whole number"),
        ("format = 1", "format = 2", "format", "not 2"),
        ('scoring = "per-trick"', 'scoring = "double"', "options.scoring", "per-trick, odd-tricks"),
        ('scoring = "per-trick"', "scoring = 3", "options.scoring", "scoring"),
        ('scoring = "per-trick"', "scoring = 1.5", "options.scoring", "number with a fraction"),
        ('scoring = "per-trick"', 'colour = "red"', "options.colour", "no option 'colour'"),
        ('session = "single-table"', 'session = "progressive"', "options.session", "progressive"),
        ('p0 = ""', "p0 = 5", "seats.p0", "must be a string"),
        ('p3 = "" }', 'p3 = "", p7 = "Zed" }', "seats.p7", "p0-p3"),
        ('p3 = "" }', 'p3 = "", p03 = "Zed" }', "seats.p03", "p3 is named twice"),
        ('dealer = "p2"', 'dealer = "p7"', "dealer", "p0-p3"),
        ('dealer = "p2"', 'dealer = "South"', "dealer", "not a seat"),
        ('dealer = "p2"', "dealer = 2", "dealer", "must be a string"),
        ('dealer = "p2"', "", "dealer", "missing"),
        ("format = 1", "format = 1\nplayers = 4", "players", "not a field"),
        ("deals = [", "deals = 5\nold_deals = [", "deals", "array of deck orders"),
        ("QC 9D 3H", "QC 9D 1H", "deals[0]", "card 3 '1H'"),
        ("QC 9D 3H", "QC 9D QC", "deals[0]", "missing 3H; extra QC) [common.deal.permutation]"),
        ("QC 9D 3H ", "QC 9D ", "deals[0]", "51 cards; missing 3H"),
        ('"p3 play JD"', '"play JD"', "actions[0]", "step 0: 'play JD' does not start with its actor"),
        ('"p3 play JD"', '"p7 play JD"', "actions[0]", "step 0: 'p7 play JD' names p7"),
        ('"p0 play 3D"', '"p0 dance 3D"', "actions[1]", "step 1:"),
        ('"p0 play 3D"', '"p0 play 3X"', "actions[1]", "'3X' is not a card"),
        ('"p0 play 3D"', "3", "actions[1]", "step 1: must be the action's text"),
        ('"p0 play 3D"', '{ action = "p0 play 3D", note = "x" }', "actions[1].note", "not a field"),
        ('"p0 play 3D"', '{ comment = "x" }', "actions[1].action", "step 1: missing"),
        ('"p0 play 3D"', '{ action = "p0 play 3D", comment = 7 }', "actions[1].comment", "must be a string"),
        ('"p0 play 3D"', '{ action = "p0 play 3D", comment = 1979-05-27 }', "actions[1].comment", "date"),
        ("deals = [", "deals = []\nold = [", "deals", "at least the first deal"),
    ],
)
def test_a_malformed_record_names_the_field(old: str, new: str, location: str, needle: str) -> None:
    problems = _problems(_with(old, new))
    assert location in problems, problems
    assert needle in problems[location]


@pytest.mark.rule("common.action.known")
def test_an_action_by_a_seat_the_game_lacks_is_a_malformed_record_with_its_step() -> None:
    problems = _problems(_with('"p0 play 3S"', '"p7 play 3S"'))
    assert problems == {
        "actions[6]": "step 6: 'p7 play 3S' names p7, but the game's seats are p0-p3 [common.action.known]"
    }


@pytest.mark.rule("common.deal.permutation")
def test_a_deal_that_is_not_a_permutation_names_the_deal_and_the_rule() -> None:
    record = load(EXAMPLES / "felagsvist-complete.toml")
    deals = list(record.deals)
    deals[3] = deals[3][:51] + deals[2][:1]  # deal 4 loses its last card and repeats deal 3's first
    text = dumps(record).replace(" ".join(map(str, record.deals[3])), " ".join(map(str, deals[3])))
    problems = _problems(text)
    assert list(problems) == ["deals[3]"]
    assert problems["deals[3]"].startswith("deal 4 is not a permutation of the 52-card pack")
    assert "[common.deal.permutation]" in problems["deals[3]"]
    with pytest.raises(RecordError) as info:
        prepare(dataclasses.replace(record, deals=tuple(deals)))
    assert info.value.locations == ("deals[3]",)


def test_the_reader_reports_every_problem_at_once() -> None:
    text = _with('game = "felagsvist"', "game = 3")
    text = _with('dealer = "p2"', 'dealer = "South"', text)
    text = _with('"p0 play 3D"', '"play 3D"', text)
    problems = _problems(text)
    assert list(problems) == ["game", "dealer", "actions[1]"]
    text = _with('scoring = "per-trick"', 'scoring = "double"')
    text = _with("QC 9D 3H", "QC 9D QC", text)
    text = _with('"p3 play JD"', '"p5 play JD"', text)
    text = _with('"p0 play 3D"', '"p0 play 33"', text)
    text = _with('"p0 play 3S"', "[]", text)
    problems = _problems(text)
    assert list(problems) == ["actions[6]", "options.scoring", "deals[0]", "actions[0]", "actions[1]"]


def test_a_message_lists_the_first_problems_and_counts_the_rest() -> None:
    text = (EXAMPLES / "felagsvist-complete.toml").read_text(encoding="utf-8").replace(" play ", " fly ")
    with pytest.raises(RecordError) as info:
        loads(text)
    assert len(info.value.problems) == 624
    message = str(info.value)
    assert message.startswith("624 problems: actions[0]: step 0:")
    assert message.endswith("; and 614 more problems")
    assert message.count("actions[") == 10


@pytest.mark.parametrize(
    ("text", "location", "needle"),
    [
        ('format = 1\ngame = "felagsvist\n', "line 2, column 19", "not valid TOML: Illegal character"),
        ("format = 1\n[[[\n", "line 2, column 3", "not valid TOML"),
        ("format = 1\nformat = 1\n", "line 2, column 11", "not valid TOML: Cannot overwrite a value"),
        ('{"format": 1, "format": 1}', "document", "appears twice"),
        ('{"format": 1,\n "game": }', "line 2, column 10", "not valid JSON"),
        ('{"format": ' + "9" * 5000 + "}", "document", "not valid JSON"),
        ("a = " + "[" * 5000, "line 1, column 5", "nests deeper than the limit of 16 levels"),
        ('{"a": ' + "[" * 100_000, "line 1, column 7", "nests deeper than the limit of 16 levels"),
        ("a = " + "[1, " * 1000, "document", "not valid TOML"),
        ('{"a": ' + "[1, " * 100_000, "document", "nests too deeply"),
        ("", "format", "missing"),
    ],
)
def test_text_that_is_not_a_record_gives_the_parsers_location(text: str, location: str, needle: str) -> None:
    problems = _problems(text)
    assert location in problems, problems
    assert needle in problems[location]


def test_a_json_document_must_be_an_object() -> None:
    with pytest.raises(RecordError) as info:
        loads("[1, 2]", form="json")
    assert info.value.problems == (
        (
            "document",
            "a record is a table of fields (format, game, options, seats, position, dealer, "
            "claimed_scores, deals, actions), not an array",
        ),
    )


def test_a_truncated_file_names_its_last_line() -> None:
    text = (EXAMPLES / "felagsvist-complete.toml").read_text(encoding="utf-8")
    cut = text[: len(text) // 2]
    problems = _problems(cut)
    ((location, message),) = problems.items()
    assert location.startswith(f"line {cut.count(chr(10)) + 1}, column ")
    assert "cut short" in message


def test_a_truncated_json_file_names_the_parsers_place() -> None:
    text = (EXAMPLES / "felagsvist-complete.json").read_text(encoding="utf-8")
    problems = _problems(text[:5000])
    (location,) = problems
    assert location.startswith("line ")


def test_a_huge_record_is_refused_before_parsing() -> None:
    problems = _problems(b"#" * (MAX_RECORD_SIZE + 1))
    assert "larger than the limit" in problems["document"]
    problems = _problems("#" * (MAX_RECORD_SIZE + 1))
    assert "larger than the limit" in problems["document"]


def test_a_huge_file_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "huge.toml"
    path.write_bytes(b"# " + b"x" * (MAX_RECORD_SIZE + 10))
    with pytest.raises(RecordError) as info:
        load(path)
    assert info.value.source == str(path)
    assert str(info.value).startswith(f"{path}: document: the record is larger than the limit")


def test_bytes_that_are_not_utf8_name_the_place() -> None:
    problems = _problems(b'format = 1\ngame = "f\xffelagsvist"\n')
    assert problems == {"line 2, column 10": "the record is not UTF-8 text"}


def test_a_lone_surrogate_is_not_text() -> None:
    problems = _problems("format = 1\n# \ud800\n")
    assert problems == {"line 2, column 3": "the text holds a lone surrogate, which is not Unicode text"}
    tree = to_tree(load(DISPUTED / "out-of-turn.toml"))
    tree["seats"] = {"p0": "\\ud800"}
    problems = _problems(json.dumps(tree).replace("\\\\ud800", "\\ud800"))
    assert "seats.p0" in problems


def test_more_deals_than_a_game_can_have() -> None:
    record = load(EXAMPLES / "felagsvist-complete.toml")
    extra = dataclasses.replace(record, deals=record.deals + record.deals[:2])
    with pytest.raises(RecordError) as info:
        dumps(extra)
    assert info.value.locations == ("deals",)
    assert "at most 13 deals" in str(info.value)


def test_actions_that_run_past_the_recorded_deals_are_a_malformed_record() -> None:
    record = load(EXAMPLES / "felagsvist-complete.toml")
    short = dataclasses.replace(record, deals=record.deals[:2])
    for mode in ("strict", "lenient"):
        with pytest.raises(RecordError) as info:
            check(short, mode="strict" if mode == "strict" else "lenient")
        assert info.value.locations == ("deals",)
        assert "reach deal 3" in str(info.value)
    with pytest.raises(RecordError):
        explain(short, 200)


def test_a_deal_the_game_never_reaches_is_a_malformed_record() -> None:
    record = load(EXAMPLES / "felagsvist-complete.toml")
    longer = dataclasses.replace(record, deals=(*record.deals, record.deals[0]))
    with pytest.raises(RecordError) as info:
        check(longer)
    assert info.value.locations == ("deals[12]",)
    # A record that stops before the end may give later deals.
    partial = dataclasses.replace(record, actions=record.actions[:60])
    assert check(partial).violations == ()


def test_the_writer_refuses_a_record_that_does_not_fit_its_game(tmp_path: Path) -> None:
    record = load(DISPUTED / "out-of-turn.toml")
    bad = dataclasses.replace(record, dealer=9, actions=(RecordedAction("p2 play ZZ"),))
    target = tmp_path / "bad.toml"
    with pytest.raises(RecordError) as info:
        dump(bad, target)
    assert set(info.value.locations) == {"dealer", "actions[0]"}
    assert list(tmp_path.iterdir()) == []


def test_dump_replaces_a_file_atomically(tmp_path: Path) -> None:
    target = tmp_path / "game.toml"
    target.write_text("old", encoding="utf-8")
    record = load(DISPUTED / "out-of-turn.toml")
    dump(record, target)
    assert load(target) == record
    assert [path.name for path in tmp_path.iterdir()] == ["game.toml"]


def test_dump_into_a_missing_folder_raises_the_error_of_the_write_alone(tmp_path: Path) -> None:
    """The temporary file was never made: cleaning up adds no second error on top of the first."""
    record = load(DISPUTED / "out-of-turn.toml")
    with pytest.raises(FileNotFoundError) as info:
        dump(record, tmp_path / "missing" / "game.toml")
    assert info.value.__context__ is None and info.value.__cause__ is None
    assert str(info.value.filename).endswith(".tmp") and ".game.toml." in str(info.value.filename)
    assert list(tmp_path.iterdir()) == []


def test_the_json_reader_reads_the_json_form_back_and_names_its_source_in_problems() -> None:
    """``loads_json`` reads what ``dumps(form="json")`` writes, as ``loads`` does; a broken text is a
    record error located by the JSON parser and named by its source."""
    record = load(DISPUTED / "out-of-turn.toml")
    text = dumps(record, form="json")
    assert loads_json(text) == record == loads(text, form="json")
    with pytest.raises(RecordError) as info:
        loads_json(text[:-3], source="cut.json")
    assert info.value.source == "cut.json" and info.value.locations[0].startswith("line ")
    with pytest.raises(RecordError) as shaped:
        loads_json('{"format": 1}', source="bare.json")
    assert "game" in shaped.value.locations and shaped.value.source == "bare.json"


def test_a_record_built_in_python_is_put_in_canonical_form() -> None:
    canonical = load(DISPUTED / "out-of-turn.toml")
    loose = dataclasses.replace(
        canonical,
        game="Felagsvist",
        options=(("scoring", "PER-TRICK"),),
        seats=("Ann",),
        actions=tuple(RecordedAction(e.text.replace("play ", "").lower()) for e in canonical.actions),
    )
    prepared = prepare(loose)
    plain = tuple(RecordedAction(e.text) for e in canonical.actions)
    assert prepared.record == dataclasses.replace(canonical, seats=("Ann", "", "", ""), actions=plain)
    assert loads(dumps(loose)) == prepared.record


def test_record_of_takes_names_and_claims() -> None:
    game = get_game("felagsvist", first_dealer="E")
    final, played = play(game, 4, 4, limit=10)
    record = record_of(game, final, played, names=["A", "B", "C", "D"], claimed_scores={2: 5, 0: 1})
    assert record.seats == ("A", "B", "C", "D") and record.dealer == 1
    assert record.claimed_scores == ((0, 1), (2, 5)) and record.claims == {0: 1, 2: 5}
    with pytest.raises(ValueError, match="4 seats"):
        record_of(game, final, played, names=["A"])


# -- the disputed records --------------------------------------------------------------------------


def test_an_error_location_and_its_step_name_the_same_action() -> None:
    record = load(EXAMPLES / "felagsvist-complete.toml")
    actions = list(record.actions)
    actions[37] = RecordedAction("p0 play 1H")
    with pytest.raises(RecordError) as info:
        prepare(dataclasses.replace(record, actions=tuple(actions)))
    ((location, message),) = info.value.problems
    assert location == "actions[37]" and message.startswith("step 37: ")


# -- the published JSON Schema ---------------------------------------------------------------------


def _validate(
    value: object, schema: Mapping[str, object], root: Mapping[str, object], where: str
) -> list[str]:
    """A small validator for the keywords the record schema uses (no dependency needed)."""
    if "$ref" in schema:
        ref = str(schema["$ref"])
        assert ref.startswith("#/$defs/")
        target = root["$defs"][ref.removeprefix("#/$defs/")]  # type: ignore[index]
        return _validate(value, target, root, where)
    errors: list[str] = []
    names = {"string": str, "integer": int, "boolean": bool, "object": dict, "array": list}
    if "type" in schema:
        kinds = schema["type"] if isinstance(schema["type"], list) else [schema["type"]]
        ok = any(
            isinstance(value, names[str(kind)]) and not (kind == "integer" and isinstance(value, bool))
            for kind in kinds
        )
        if not ok:
            return [f"{where}: {value!r} is not of type {kinds}"]
    if "const" in schema and value != schema["const"]:
        errors.append(f"{where}: {value!r} is not {schema['const']!r}")
    if "pattern" in schema and isinstance(value, str) and not re.search(str(schema["pattern"]), value):
        errors.append(f"{where}: {value!r} does not match {schema['pattern']}")
    if "minLength" in schema and isinstance(value, str) and len(value) < int(str(schema["minLength"])):
        errors.append(f"{where}: too short")
    if "oneOf" in schema:
        matches = [s for s in schema["oneOf"] if not _validate(value, s, root, where)]  # type: ignore[attr-defined]
        if len(matches) != 1:
            errors.append(f"{where}: matches {len(matches)} of oneOf")
    if isinstance(value, dict):
        props: Mapping[str, Mapping[str, object]] = schema.get("properties", {})  # type: ignore[assignment]
        for key in schema.get("required", []):  # type: ignore[attr-defined]
            if key not in value:
                errors.append(f"{where}: {key} is required")
        if "minProperties" in schema and len(value) < int(str(schema["minProperties"])):
            errors.append(f"{where}: too few properties")
        for key, item in value.items():
            if "propertyNames" in schema:
                errors += _validate(key, schema["propertyNames"], root, f"{where}.{key} (name)")  # type: ignore[arg-type]
            if key in props:
                errors += _validate(item, props[key], root, f"{where}.{key}")
            elif schema.get("additionalProperties") is False:
                errors.append(f"{where}: {key} is not allowed")
            elif isinstance(schema.get("additionalProperties"), dict):
                errors += _validate(item, schema["additionalProperties"], root, f"{where}.{key}")  # type: ignore[arg-type]
    if isinstance(value, list):
        if "minItems" in schema and len(value) < int(str(schema["minItems"])):
            errors.append(f"{where}: too few items")
        if "items" in schema:
            for i, item in enumerate(value):
                errors += _validate(item, schema["items"], root, f"{where}[{i}]")  # type: ignore[arg-type]
    return errors


def _schema_errors(value: object) -> list[str]:
    schema = json_schema()
    return _validate(value, schema, schema, "record")


def test_the_schema_is_published_with_the_package() -> None:
    schema = json_schema()
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert schema["required"] == ["format", "game", "options", "seats", "actions"]
    # a record starts from its deals (dealer and deals) or from a position, never both
    starts = schema["oneOf"]
    assert isinstance(starts, list) and [s["required"] for s in starts] == [["dealer", "deals"], ["position"]]
    assert json_schema() is not schema  # a fresh copy every time


def test_the_json_examples_and_every_written_record_follow_the_schema() -> None:
    for path in EXAMPLES.glob("*.json"):
        assert _schema_errors(json.loads(path.read_text(encoding="utf-8"))) == [], path.name
    disputes = (REPO / "tests" / "records").glob("*.toml")
    for path in [*EXAMPLES.glob("*.toml"), *DISPUTED.glob("*.toml"), *disputes]:
        assert _schema_errors(json.loads(dumps(load(path), form="json"))) == [], path.name


@given(played_games())
def test_every_random_record_follows_the_schema(played: Played) -> None:
    assert _schema_errors(json.loads(dumps(played.record, form="json"))) == []


def test_the_schema_refuses_what_the_writer_never_writes() -> None:
    tree = json.loads((EXAMPLES / "felagsvist-complete.json").read_text(encoding="utf-8"))
    for key, value in [
        ("format", 2),
        ("dealer", "p"),
        ("deals", ["as ks"]),
        ("actions", [{"action": "p0 play AS"}]),
        ("actions", ["play AS"]),
        ("seats", {"north": "Ann"}),
        ("claimed_scores", {"p0": "80"}),
        ("extra", 1),
    ]:
        assert _schema_errors({**tree, key: value}) != [], key


def test_a_full_json_schema_validator_agrees_when_installed() -> None:
    jsonschema = pytest.importorskip("jsonschema")
    schema = json_schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    for path in EXAMPLES.glob("*.json"):
        jsonschema.validate(json.loads(path.read_text(encoding="utf-8")), schema)


# -- small things ------------------------------------------------------------------------------------


def test_a_record_is_a_frozen_hashable_value() -> None:
    record = load(DISPUTED / "out-of-turn.toml")
    with pytest.raises(dataclasses.FrozenInstanceError):
        record.game = "x"  # type: ignore[misc]
    as_lists = Record(
        game=record.game,
        options=list(record.options),  # type: ignore[arg-type]
        seats=list(record.seats),  # type: ignore[arg-type]
        dealer=record.dealer,
        deals=[list(deck) for deck in record.deals],  # type: ignore[arg-type]
        actions=list(record.actions),  # type: ignore[arg-type]
    )
    assert as_lists == record and hash(as_lists) == hash(record)
    assert record.steps == 9 and record.option_values["scoring"] == "per-trick"


def test_a_record_error_needs_a_problem() -> None:
    with pytest.raises(ValueError):
        RecordError([])


def test_the_full_deck_is_in_every_record() -> None:
    disputes = (REPO / "tests" / "records").glob("*.toml")
    for path in [*EXAMPLES.glob("*.toml"), *DISPUTED.glob("*.toml"), *disputes]:
        record = load(path)
        for deck in record.deals:
            if record.game != "felagsvist":  # another game's deck: its own deal check decides
                get_game(record.game, **record.option_values).from_deal(deck)
                continue
            assert sorted(card.index for card in deck) == [card.index for card in STANDARD_DECK]


@pytest.mark.rule("felagsvist.deal.first-dealer")
def test_a_dealer_that_contradicts_a_fixed_first_dealer_is_a_malformed_record() -> None:
    game = get_game("felagsvist", first_dealer="N")
    state = game.new_game(seed=3)
    record = record_of(game, state, [])
    text = dumps(record).replace('dealer = "p0"', 'dealer = "p2"')
    with pytest.raises(RecordError) as info:
        loads(text)
    assert any(location == "dealer" for location, _ in info.value.problems)
    assert "felagsvist.deal.first-dealer" in str(info.value)


def test_seats_in_a_record_may_be_written_with_the_games_seat_names() -> None:
    # as the options read first_dealer = "N", the record reads dealer = "E" and seats = { N = ... }
    game = get_game("felagsvist", first_dealer="E")
    state = game.new_game(seed=3)
    text = dumps(record_of(game, state, [], names=["Anna", "", "", ""], claimed_scores={1: 0}))
    text = text.replace('dealer = "p1"', 'dealer = "e"').replace('p0 = "Anna"', 'N = "Anna"')
    text = text.replace("claimed_scores = { p1 = 0 }", "claimed_scores = { E = 0 }")
    assert 'dealer = "e"' in text and 'N = "Anna"' in text and "{ E = 0 }" in text
    record = loads(text)
    assert record.dealer == 1 and record.seats[0] == "Anna" and record.claimed_scores == ((1, 0),)
    assert 'dealer = "p1"' in dumps(record)  # written canonical
    with pytest.raises(RecordError, match=r"'X' is not a seat: write p0, p1, \.\.\. \(or N, E, S, W\)"):
        loads(text.replace('dealer = "e"', 'dealer = "X"'))


def test_a_strict_check_says_why_it_stopped() -> None:
    """The strict check stops at the first illegal step and says so in its report."""
    report = check(load(REPO_ROOT / "tests" / "records" / "felagsvist-dispute.toml"))
    assert not report.ok and report.stop_reason == "strict mode stops at the first illegal step"
    assert (
        check(load(REPO_ROOT / "tests" / "records" / "felagsvist-dispute.toml"), mode="lenient").stop_reason
        == ""
    )


def test_every_unreadable_deal_is_named_not_only_the_first() -> None:
    """A deal that is not a string, then one with a card that is no card: both deals' problems."""
    game = get_game("felagsvist")
    state = game.new_game(seed=1)
    text = dumps(record_of(game, state, [state.legal_actions()[0]]))
    deck = text.split('deals = [\n    "', 1)[1].split('"', 1)[0]
    broken = text.replace(f'    "{deck}"', f'    5,\n    "{deck.replace("9C", "ZZ", 1)}"')
    with pytest.raises(RecordError) as refused:
        loads(broken)
    assert refused.value.problems == (
        ("deals[0]", "must be a string of cards, top card first, not a whole number"),
        ("deals[1]", "card 1 'ZZ': not a card (write a rank 2-9, T, J, Q, K, A, then C, D, H or S)"),
    )


def test_an_action_by_a_seat_the_game_lacks_is_refused_when_the_record_is_read() -> None:
    """p4 in a four-seat game (seats p0-p3): the first seat past the last is refused, not read."""
    game = get_game("felagsvist")
    state = game.new_game(seed=1)
    text = dumps(record_of(game, state, [state.legal_actions()[0]])).replace('"p3 play 7C"', '"p4 play 7C"')
    with pytest.raises(RecordError) as refused:
        loads(text)
    assert refused.value.problems == (
        ("actions[0]", "step 0: 'p4 play 7C' names p4, but the game's seats are p0-p3 [common.action.known]"),
    )


def test_the_legal_actions_are_listed_whole_up_to_a_point_then_counted() -> None:
    """None when the game is over; every action while they are few; the first ones and a count after."""
    assert legal_summary(()) == "none (the game is over)"
    few = tuple(f"p0 play {n}" for n in range(24))
    assert legal_summary(few) == ", ".join(few)
    many = tuple(f"p0 play {n}" for n in range(25))
    assert legal_summary(many) == ", ".join(many[:20]) + ", ... and 5 more (25 in all)"
