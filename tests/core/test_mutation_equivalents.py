"""The reviewed equivalent mutants still name mutants the tool makes.

``tests/support/mutation_equivalents.toml`` leaves each listed mutant out of
the kill rate. An entry whose line was rewritten or removed would match
nothing and quietly stop saying anything, or, worse, match a new line its
reason was never written for; each entry must name a mutant that
``mutants_of`` finds today in its module, on a line with exactly its text.
"""

from __future__ import annotations

import pytest

from tests.support.mutation import REPO_ROOT, Equivalent, load_equivalents, mutants_of

EQUIVALENTS = load_equivalents()


def test_the_reviewed_list_is_read() -> None:
    assert len(EQUIVALENTS) >= 10
    assert all(entry.reason.strip() and entry.description.strip() for entry in EQUIVALENTS)


def test_each_mutant_is_listed_once() -> None:
    """Two entries for one mutant would give it two reasons: the list names each mutant once."""
    keys = [(entry.module, entry.line_text, entry.description, entry.column) for entry in EQUIVALENTS]
    assert [key for key in keys if keys.count(key) > 1] == []


@pytest.mark.parametrize("entry", EQUIVALENTS, ids=lambda e: f"{e.module}: {e.description}"[:90])
def test_each_equivalent_names_a_mutant_of_its_module_today(entry: Equivalent) -> None:
    source_lines = (REPO_ROOT / entry.module).read_text(encoding="utf-8").splitlines()
    where = frozenset(n for n, line in enumerate(source_lines, 1) if line.strip() == entry.line_text)
    assert where, f"{entry.module} has no line {entry.line_text!r}"
    made = mutants_of(entry.module, lines=where)
    found = [mutant for mutant in made if entry.matches(mutant, source_lines)]
    assert found, f"no mutant of {entry.module} matches {entry.line_text!r} with {entry.description!r}"
