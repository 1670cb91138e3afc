"""The rules reference reads for players: original texts by title, every one of them known.

The ``:source:`` of a rule entry cites an original text by its file name (as
the specification does); the page shows the text's title instead and keeps the
file name in the folded detail. These tests need Sphinx (the ``docs`` group)
and are skipped without it.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.conftest import REPO_ROOT

pytest.importorskip("sphinx")

from docs import conf
from docs._ext.cardrules_rules import _readable_source

DOCS = Path(REPO_ROOT) / "docs"
FILE_NAME = re.compile(r"\d{3}_[0-9a-f]{16}\.txt")


def test_every_original_text_cited_in_the_rules_reference_has_a_title() -> None:
    cited = {name for page in (DOCS / "rules").glob("*.rst") for name in FILE_NAME.findall(page.read_text())}
    assert cited, "the rules reference cites no original text"
    assert sorted(cited - set(conf.cardrules_source_titles)) == []


def test_a_source_shows_the_title_and_keeps_the_file_for_the_detail() -> None:
    source = "``002_56cd3db6ba8e169f.txt`` (*Spel*); ``000_18fd6b87590c8e2b.txt`` (*Fase Akhir*)"
    readable, files = _readable_source(source, conf.cardrules_source_titles)
    assert readable == "the Dutch rule text (*Spel*); the Indonesian rule text (*Fase Akhir*)"
    assert files == ("002_56cd3db6ba8e169f.txt", "000_18fd6b87590c8e2b.txt")


def test_an_unknown_file_stays_as_written() -> None:
    readable, files = _readable_source("``999_0000000000000000.txt`` (x)", {})
    assert readable == "``999_0000000000000000.txt`` (x)" and files == ("999_0000000000000000.txt",)
