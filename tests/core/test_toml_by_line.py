"""The TOML reader's line-by-line read of the long arrays gives the tree tomllib gives, or steps aside.

:func:`cardrules.records.toml_form.toml_tree` reads a record's ``deals`` and
``actions`` a line at a time where they are laid out as the writer lays them
out, and leaves everything else to tomllib. tomllib is the reference: for any
text, the tree is the one ``tomllib.loads`` gives, and a text tomllib refuses
is refused with tomllib's words. The texts here are canonical records, texts
the guard must send to tomllib (a multi-line string or a table that holds a
line opening a long array), and canonical records mutated at random.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Final

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardrules.records import RecordError, dumps, loads
from cardrules.records.toml_form import toml_tree
from cardrules.records.toml_lines import _simple_lines, read_by_line

TESTS: Final = Path(__file__).resolve().parents[1]
EXAMPLES: Final = TESTS.parent / "examples" / "records"
SMALL: Final = (TESTS / "felagsvist" / "records" / "card-already-played.toml").read_text(encoding="utf-8")
"""Nine steps, one of them with a comment: both kinds of line of the actions array."""
RECORDS: Final = [
    *sorted(EXAMPLES.glob("*.toml")),
    *sorted(TESTS.glob("*/records/*.toml")),
    *sorted((TESTS / "records").glob("*.toml")),
]

SNIPPETS: Final = (
    '"',
    "\\",
    "\t",
    "\r",
    "\r\n",
    "\n",
    "\x00",
    "\x7f",
    "\x85",
    "[",
    "]",
    "[x]\n",
    "[[x]]\n",
    "{",
    "}",
    ",",
    "#",
    "=",
    '"""',
    "'''",
    "'",
    "é",
    "\n]\n",
    "actions = [\n",
    "deals = [\n",
    'actions = [\n    "p1 play 2C",\n]\n',
    "actions.x = 1\n",
    '{ action = "p0 play 5S", comment = "x" },',
    '{ action = "p0 play 5S" },',
    '    "p0 play 5S",  # step 9\n',
    "0",
    "01",
    "+",
    "-",
    "_",
    ".",
    "e5",
    "x",
    " = 1\n",
    "a = 1\n",
    "format = 1\n",
    "a.b = 1\n",
    "true",
    "{ }",
    '"a" = 1\n',
)
"""Pieces of TOML that change how a line is read."""


def _same_as_tomllib(text: str) -> None:
    """``toml_tree(text)`` is what tomllib makes of ``text``, or both refuse it."""
    try:
        expected = tomllib.loads(text)
    except (ValueError, RecursionError):
        with pytest.raises(RecordError, match="not valid TOML"):
            toml_tree(text)
        assert read_by_line(text) is None
        return
    assert toml_tree(text) == expected
    fast = read_by_line(text)
    assert fast is None or fast == expected


@pytest.mark.parametrize("path", RECORDS, ids=lambda path: path.name)
def test_written_records_are_read_by_line_as_tomllib_reads_them(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    _same_as_tomllib(text)  # some are written by hand
    canonical = dumps(loads(text))
    fast = read_by_line(canonical)
    assert fast is not None, "a record as the writer lays it out is read line by line"
    assert fast == tomllib.loads(canonical)
    assert fast["actions"], "the tests' records have actions"


def test_comments_and_crlf_are_read_as_tomllib_reads_them() -> None:
    for text in (SMALL, SMALL.replace("\n", "\r\n"), SMALL.replace("  # step", "\t# step\t\x85")):
        fast = read_by_line(text)
        assert fast is not None
        assert fast == tomllib.loads(text)
    entry = tomllib.loads(SMALL)["actions"][6]
    assert entry == {"action": "p3 play 6S", "comment": "p3 had already played 6S in trick 1"}


@pytest.mark.parametrize(
    ("text", "tree"),
    [
        ('actions = [\n    "p1 play 7C",\n]\ngame = "x"\n', {"actions": ["p1 play 7C"], "game": "x"}),
        ('deals = [\n    "AS",\n]\n\nactions = []\n', {"deals": ["AS"], "actions": []}),
        ('actions = [\n    "p1 play 7C",\n]', {"actions": ["p1 play 7C"]}),
        ('actions = [\n    "p1 play 7C",\n]\n', {"actions": ["p1 play 7C"]}),
        ("actions = [\n]\n", {"actions": []}),
        # an array of another name, laid out as the deals would be, stays that array
        (
            'a = [    \n    "AS",\n]\nactions = [\n    "p1 play 7C",\n]\n',
            {"a": ["AS"], "actions": ["p1 play 7C"]},
        ),
        # the deals, after the actions, with no line that starts with a bracket after them: left to tomllib
        (
            'actions = [\n    "p1 play 7C",\n]\ndeals = [\n    "AS"]\n',
            {"actions": ["p1 play 7C"], "deals": ["AS"]},
        ),
        # a comment after the closing bracket stays in the text, after the empty array
        (
            'deals = [\n    "AS",\n] # c\nactions = [\n    "p1 play 7C",\n]\n',
            {"deals": ["AS"], "actions": ["p1 play 7C"]},
        ),
        # the deals left to tomllib (an escape in them), the actions still read by line
        (
            'deals = [\n    "\\u0041S",\n]\nactions = [\n    "p1 play 7C",\n]\n',
            {"deals": ["AS"], "actions": ["p1 play 7C"]},
        ),
        # the deals read by line, the actions (with no line that starts with a bracket after them) by tomllib
        (
            '#\ndeals = [\n    "AS",\n]\nactions = [\n    "p1 play 7C"]\n',
            {"deals": ["AS"], "actions": ["p1 play 7C"]},
        ),
    ],
)
def test_each_long_array_is_read_by_line_where_it_can_be_whatever_is_around_it(
    text: str, tree: object
) -> None:
    assert read_by_line(text) == tree == tomllib.loads(text)


@pytest.mark.parametrize(
    "text",
    [
        # a multi-line string holds lines that would open and fill the actions array
        'game = """\nactions = [\n    "p1 play 7C",\n]\n"""\nactions = []\n',
        "game = '''\nactions = [\n    \"p1 play 7C\",\n]\n'''\nactions = []\n",
        # the second array opens in a table: it is that table's, not the record's
        'actions = []\n[x]\nactions = [\n    "p1 play 7C",\n]\n',
        'actions = []\n  [[x]]\nactions = [\n    "p1 play 7C",\n]\n',
        '[x]\nactions = [\n    "p1 play 7C",\n]\n',
        # no long array laid out a line an item: nothing here is faster than tomllib
        'game = "x"\n',
        'actions = ["p1 play 7C"]\n',
        'actions = [\n    "p1 play 7C"]\n',
    ],
)
def test_the_guard_leaves_an_array_that_may_not_be_the_records_to_tomllib(text: str) -> None:
    assert read_by_line(text) is None
    assert toml_tree(text) == tomllib.loads(text)


@pytest.mark.parametrize(
    "text",
    [
        'actions = [\n    "p1 play 7C",\n]\nactions = []\n',  # given twice
        'actions.x = 1\nactions = [\n    "p1 play 7C",\n]\n',
        'actions = [\n    "p1 play 7C"\n]\n',  # no comma: left to tomllib, which reads it
        'actions = [\n    "p1 play \\u0037C",\n]\n',  # an escape: left to tomllib
        'actions = [\n    "p1 play 7C",  # a\x01\n]\n',  # a control character in a comment
        'actions = [\n    "p1 play 7C",\n] x\n',
        'actions = [\n    "p1 play 7C",\n',  # cut short
    ],
)
def test_texts_the_line_read_cannot_take_are_read_or_refused_as_tomllib_does(text: str) -> None:
    _same_as_tomllib(text)


HEAD_LINES: Final = (
    "a = 1",
    "a = +1",
    "a = -0",
    "a = 01",
    "a = 1_000",
    "a = 1e3",
    "a = 1.5",
    "a = 0x10",
    "a = 1979-05-27",
    "a = 07:32:00",
    "a = " + "9" * 31,
    "a = " + "9" * 32,
    "a = " + "9" * 5000,
    "a = true",
    "a = truex",
    "a = inf",
    "a = -inf",
    "a = {}",
    "a = { }",
    "a = { b = 1, }",
    "a = { b = 1, b = 2 }",
    'a = { b = 1, c = -2, d = "x", e = false }',
    'a = { b = "}" }',
    "a = { b = 1 } # }",
    "a = { b = { c = 1 } }",
    "a = { b = 1 x }",
    'a = "x" # c',
    'a = "x" "y"',
    "a = 1 2",
    "a = []",
    "a = [ ]",
    "a = [1]",
    "a.b = 1",
    '"a" = 1',
    "a = 'x'",
    'a = "\\u00e9"',
    'a = "é"',
    "a=1",
    "  a\t=  1  ",
    "a = 1\na = 2",
    "a = 1\r",
    "\ufeffa = 1",
    "# a comment\t with a tab",
    "# a comment \x01",
)
"""Lines for the head of a record: some read here, some left to tomllib, some refused by it."""


@pytest.mark.parametrize("line", HEAD_LINES)
def test_head_lines_are_read_as_tomllib_reads_them(line: str) -> None:
    simple = _simple_lines(line)
    try:
        expected = tomllib.loads(line)
    except ValueError:
        assert simple is None
    else:
        assert simple is None or simple == expected
        assert simple is None or list(simple) == list(expected)
    _same_as_tomllib(f'{line}\nactions = [\n    "p1 play 7C",\n]\n')


def test_inline_tables_empty_or_without_spaces_are_read_line_by_line() -> None:
    text = 'a = {}\nb = { \t}\nc = {d = 1,e = "x"}\nf = { g = true }'
    assert (
        _simple_lines(text)
        == {"a": {}, "b": {}, "c": {"d": 1, "e": "x"}, "f": {"g": True}}
        == tomllib.loads(text)
    )


@pytest.mark.parametrize("path", RECORDS, ids=lambda path: path.name)
def test_the_head_of_a_written_record_is_read_line_by_line(path: Path) -> None:
    canonical = dumps(loads(path.read_text(encoding="utf-8")))
    head = canonical[: canonical.index("\nactions = [")]
    head = head[: head.index("\ndeals = [")] if "\ndeals = [" in head else head
    assert _simple_lines(head) == tomllib.loads(head)


@settings(
    max_examples=settings().max_examples * 4,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(
    st.lists(
        st.tuples(st.integers(0, len(SMALL)), st.integers(0, 12), st.sampled_from(SNIPPETS)),
        min_size=1,
        max_size=4,
    )
)
def test_mutated_records_are_read_as_tomllib_reads_them(edits: list[tuple[int, int, str]]) -> None:
    text = SMALL
    for at, cut, snippet in edits:
        at = min(at, len(text))
        text = text[:at] + snippet + text[at + cut :]
    _same_as_tomllib(text)
