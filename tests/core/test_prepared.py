"""Reading a record once: ``loads_prepared`` / ``load_prepared`` and ``check`` on what they return."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardrules.records import RecordError, check, load, load_prepared, loads, loads_prepared

RECORDS = sorted((Path(__file__).parents[1] / "records").glob("*.toml"))
EXAMPLES = sorted((Path(__file__).parents[2] / "examples" / "records").glob("*.*"))


@pytest.mark.parametrize("path", RECORDS + EXAMPLES, ids=lambda path: path.name)
def test_a_prepared_record_checks_as_the_record_does(path: Path) -> None:
    try:
        record = load(path)
    except RecordError as error:  # a record kept because it is refused: refused the same way
        with pytest.raises(RecordError) as again:
            load_prepared(path)
        assert again.value.problems == error.problems
        return
    prepared = load_prepared(path)
    assert prepared.record == record
    for mode in ("strict", "lenient"):
        assert check(prepared, mode=mode) == check(record, mode=mode)


def test_loads_prepared_reads_text_as_loads_does() -> None:
    path = Path(__file__).parents[2] / "examples" / "records" / "felagsvist-complete.toml"
    text = path.read_text("utf-8")
    prepared = loads_prepared(text, source="x.toml")
    assert prepared.record == loads(text)
    assert check(prepared).ok


def test_loads_prepared_refuses_what_loads_refuses() -> None:
    for text in ("game = 5", "{", "format = 1\ngame = 'felagsvist'\n"):
        with pytest.raises(RecordError) as first:
            loads(text)
        with pytest.raises(RecordError) as second:
            loads_prepared(text)
        assert first.value.problems == second.value.problems
