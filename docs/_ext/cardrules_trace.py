"""Where the repository names each rule id: code, tests, proofs, docs and the specification.

The one place that knows how to find rule ids in the project's files. Two
things use it: the documentation (the traceability page and the "tested by /
proved by" lines of every rule entry, see ``cardrules_traceability.py``) and
``tests/test_traceability.py``, which fails when the scan finds a gap. It reads
files only (the standard library, no Sphinx, no ``cardrules``), so both can
import it, and the library itself never scans the repository.

- :func:`named_ids`: every rule-id-shaped string (:data:`RULE_ID`) in the
  project's text files, with ``file:line``;
- :func:`doc_entries`: every ``.. rule::`` entry under ``docs/``;
- :func:`marked_tests`: every test carrying ``@pytest.mark.rule("<id>")``,
  read from the syntax tree of the test modules (a marker on a class or in
  ``pytestmark`` marks every test under it);
- :func:`read_spec`: the rules of ``../shared/rules/<game>.md`` with their
  ``Check:`` lines, and :func:`calls_for_proof` on those lines;
- :func:`trace`: all of it per rule id, with the proofs (claim names) the
  caller passes in.

>>> RULE_ID.findall("see felagsvist.play.must-follow, not cardrules.games.felagsvist.state")
['felagsvist.play.must-follow']
>>> calls_for_proof("property test, plus a Z3 proof over the trick counters")
True
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Final

__all__ = [
    "DELIBERATELY_UNKNOWN",
    "GAMES",
    "RULE_ID",
    "SCANNED",
    "MarkedTest",
    "Mention",
    "RuleTrace",
    "Site",
    "SpecRule",
    "calls_for_proof",
    "doc_entries",
    "marked_tests",
    "named_ids",
    "project_files",
    "read_spec",
    "specified_games",
    "trace",
]

GAMES: Final = ("common", "felagsvist", "fildinski", "calabresella", "backstab_fish")
"""The prefixes a rule id can have: the core's ``common`` and the four games."""

RULE_ID: Final = re.compile(r"(?<![\w.-])(?:" + "|".join(GAMES) + r")(?:\.[a-z0-9][a-z0-9-]*){2,}(?![\w-])")
"""A rule-id-shaped string: a game, then two or more lower-case parts joined by dots.

It is not preceded by a dot, so module paths (``cardrules.games.felagsvist.state``)
are not taken for ids, and it cannot end inside a word, so neither are names with
an underscore (``felagsvist.scoring.deal_scores``)."""

DELIBERATELY_UNKNOWN: Final = re.compile(r"\.no-such-[a-z0-9-]+$")
"""Tests name ids such as ``felagsvist.play.no-such-rule`` on purpose, to see them refused."""

SCANNED: Final = ("cardrules", "tests", "proofs", "docs", "examples")
"""The top-level directories whose files may name rule ids."""

SUFFIXES: Final = frozenset({".py", ".rst", ".toml", ".json", ".md"})
_SKIPPED_DIRS: Final = frozenset({"_build", "__pycache__", ".hypothesis", ".mypy_cache", ".ruff_cache"})
_HEADING: Final = re.compile(r"^###\s+(\S+)\s*$")
_FIELD: Final = re.compile(r"^(Statement|Source|Kind|Variant|Check):\s*(.*)$")
_DOC_ENTRY: Final = re.compile(r"^\s*\.\.\s+(?:cardrules:)?rule::\s+(\S+)\s*$")
_PROOF_WORDS: Final = re.compile(r"\bz3\b|\bproofs?\b|\bproved\b|\bprove\b", re.IGNORECASE)


@dataclass(frozen=True, slots=True, order=True)
class Site:
    """A line of a file, its path relative to the repository root (always with ``/``)."""

    path: str
    line: int

    def __str__(self) -> str:
        return f"{self.path}:{self.line}"


@dataclass(frozen=True, slots=True)
class Mention:
    """A rule-id-shaped string and where it stands."""

    rule_id: str
    site: Site


@dataclass(frozen=True, slots=True, order=True)
class MarkedTest:
    """A test marked with a rule id: its pytest node id (``tests/test_x.py::test_y``) and where it is."""

    nodeid: str
    site: Site

    @property
    def name(self) -> str:
        """The node id without the ``tests/`` directory (``test_x.py::test_y``)."""
        return self.nodeid.removeprefix("tests/")


@dataclass(frozen=True, slots=True)
class SpecRule:
    """A rule of the specification: its id, its game, its ``Check:`` line and where it is."""

    rule_id: str
    game: str
    check: str
    site: Site

    @property
    def calls_for_proof(self) -> bool:
        """Whether its ``Check:`` line asks for a proof (see :func:`calls_for_proof`)."""
        return calls_for_proof(self.check)


@dataclass(frozen=True, slots=True)
class RuleTrace:
    """Everything the scan knows about one rule id.

    Attributes:
        rule_id: the id.
        code: where ``cardrules/`` names it (the rule book, verdicts, comments).
        tests: the tests marked with it.
        proofs: the names of the claims that prove it.
        docs: its ``.. rule::`` entries (one when all is well).
        spec: its rule in the specification, when the specification was read.
    """

    rule_id: str
    code: tuple[Site, ...]
    tests: tuple[MarkedTest, ...]
    proofs: tuple[str, ...]
    docs: tuple[Site, ...]
    spec: SpecRule | None = None

    @property
    def game(self) -> str:
        """The id's first part (``felagsvist``, ``common``)."""
        return self.rule_id.split(".", 1)[0]

    @property
    def lacks_proof(self) -> bool:
        """The specification's ``Check:`` line asks for a proof and no claim proves the rule."""
        return self.spec is not None and self.spec.calls_for_proof and not self.proofs


def calls_for_proof(check: str) -> bool:
    """Whether a ``Check:`` line asks for a proof: it names Z3, a proof, or something proved."""
    return bool(_PROOF_WORDS.search(check))


def _relative(path: Path, root: Path) -> str:
    return path.relative_to(root).as_posix()


def project_files(root: Path, tops: Sequence[str] = SCANNED) -> tuple[Path, ...]:
    """The project's own text files under ``tops`` (built docs and caches left out), sorted."""
    found: list[Path] = []
    for top in tops:
        base = root / top
        if not base.is_dir():
            continue
        for path in sorted(base.rglob("*")):
            relative = path.relative_to(root).parts
            if path.suffix in SUFFIXES and path.is_file() and not _SKIPPED_DIRS.intersection(relative):
                found.append(path)
    return tuple(found)


def _lines(path: Path) -> Iterator[tuple[int, str]]:
    yield from enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)


def named_ids(root: Path, tops: Sequence[str] = SCANNED) -> tuple[Mention, ...]:
    """Every rule-id-shaped string in the project's files under ``tops``, in file and line order."""
    mentions: list[Mention] = []
    for path in project_files(root, tops):
        where = _relative(path, root)
        for number, line in _lines(path):
            mentions.extend(Mention(match.group(0), Site(where, number)) for match in RULE_ID.finditer(line))
    return tuple(mentions)


def doc_entries(root: Path) -> dict[str, tuple[Site, ...]]:
    """Every ``.. rule::`` entry in the reStructuredText under ``docs/``, by id."""
    entries: dict[str, list[Site]] = {}
    for path in project_files(root, ("docs",)):
        if path.suffix != ".rst":
            continue
        where = _relative(path, root)
        for number, line in _lines(path):
            match = _DOC_ENTRY.match(line)
            if match:
                entries.setdefault(match.group(1), []).append(Site(where, number))
    return {rule_id: tuple(sites) for rule_id, sites in entries.items()}


def _rule_marks(node: ast.expr) -> Iterator[tuple[str, int]]:
    """The ids of every ``<...>.mark.rule("<id>")`` call inside an expression, with their lines."""
    for call in ast.walk(node):
        if not isinstance(call, ast.Call) or not isinstance(call.func, ast.Attribute):
            continue
        owner = call.func.value
        if call.func.attr != "rule" or not (
            (isinstance(owner, ast.Attribute) and owner.attr == "mark")
            or (isinstance(owner, ast.Name) and owner.id == "mark")
        ):
            continue
        if call.args and isinstance(call.args[0], ast.Constant) and isinstance(call.args[0].value, str):
            yield call.args[0].value, call.lineno


def _module_marks(tree: ast.Module) -> list[str]:
    marks: list[str] = []
    for statement in tree.body:
        if isinstance(statement, ast.Assign) and any(
            isinstance(target, ast.Name) and target.id == "pytestmark" for target in statement.targets
        ):
            marks.extend(rule_id for rule_id, _ in _rule_marks(statement.value))
    return marks


def _tests_in(
    body: Iterable[ast.stmt], prefix: str, inherited: Sequence[str], where: str
) -> Iterator[tuple[str, MarkedTest]]:
    for statement in body:
        if isinstance(statement, ast.ClassDef) and statement.name.startswith("Test"):
            own = [rule_id for decorator in statement.decorator_list for rule_id, _ in _rule_marks(decorator)]
            yield from _tests_in(statement.body, f"{prefix}::{statement.name}", [*inherited, *own], where)
        elif isinstance(statement, ast.FunctionDef | ast.AsyncFunctionDef) and statement.name.startswith(
            "test"
        ):
            ref = MarkedTest(f"{prefix}::{statement.name}", Site(where, statement.lineno))
            own = [rule_id for decorator in statement.decorator_list for rule_id, _ in _rule_marks(decorator)]
            for rule_id in dict.fromkeys([*inherited, *own]):
                yield rule_id, ref


def marked_tests(root: Path) -> dict[str, tuple[MarkedTest, ...]]:
    """Every test under ``tests/`` marked with a rule id, by id (read from the source, not run)."""
    marked: dict[str, list[MarkedTest]] = {}
    for path in project_files(root, ("tests",)):
        if path.suffix != ".py" or not path.name.startswith("test_"):
            continue
        where = _relative(path, root)
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=where)
        for rule_id, ref in _tests_in(tree.body, where, _module_marks(tree), where):
            marked.setdefault(rule_id, []).append(ref)
    return {rule_id: tuple(sorted(refs)) for rule_id, refs in marked.items()}


def specified_games(root: Path) -> tuple[str, ...]:
    """``common`` and every game with a package under ``cardrules/games/``: the games the spec must cover."""
    packages = root / "cardrules" / "games"
    games = (
        sorted(p.name for p in packages.iterdir() if (p / "__init__.py").is_file())
        if packages.is_dir()
        else []
    )
    return ("common", *games)


def read_spec(rules_dir: Path, games: Sequence[str] | None = None) -> tuple[SpecRule, ...]:
    """The rules of ``<rules_dir>/<game>.md`` for each game (every ``*.md`` but the README when ``None``).

    A rule is a ``### <id>`` heading; its ``Check:`` field may run over
    several lines, up to the next field, heading or blank line.

    Raises:
        FileNotFoundError: a game's file is missing.
    """
    if games is None:
        paths = sorted(p for p in rules_dir.glob("*.md") if p.stem.lower() != "readme")
    else:
        paths = [rules_dir / f"{game}.md" for game in games]
    rules: list[SpecRule] = []
    for path in paths:
        if not path.is_file():
            raise FileNotFoundError(f"the specification has no {path.name} in {rules_dir}")
        rules.extend(_spec_rules(path, path.stem))
    return tuple(rules)


def _spec_rules(path: Path, game: str) -> Iterator[SpecRule]:
    current: tuple[str, int] | None = None
    check: list[str] = []
    in_check = False

    def finish() -> Iterator[SpecRule]:
        if current is not None:
            yield SpecRule(current[0], game, " ".join(check).strip(), Site(f"{game}.md", current[1]))

    for number, line in _lines(path):
        heading = _HEADING.match(line)
        if heading or line.startswith("## ") or line.startswith("# "):
            yield from finish()
            current, check, in_check = ((heading.group(1), number) if heading else None), [], False
            continue
        field = _FIELD.match(line)
        if field:
            in_check = field.group(1) == "Check"
            if in_check:
                check.append(field.group(2))
        elif not line.strip():
            in_check = False
        elif in_check:
            check.append(line.strip())
    yield from finish()


def trace(
    root: Path,
    rule_ids: Iterable[str],
    proofs: Mapping[str, Sequence[str]],
    spec: Iterable[SpecRule] = (),
) -> tuple[RuleTrace, ...]:
    """Each rule id's code sites, tests, proofs, docs entries and specification rule, in the given order.

    ``proofs`` maps a claim's name to the rule ids it proves.
    """
    code: dict[str, list[Site]] = {}
    for mention in named_ids(root, ("cardrules",)):
        code.setdefault(mention.rule_id, []).append(mention.site)
    tests, docs = marked_tests(root), doc_entries(root)
    by_rule: dict[str, list[str]] = {}
    for claim, ids in proofs.items():
        for rule_id in ids:
            by_rule.setdefault(rule_id, []).append(claim)
    specified = {rule.rule_id: rule for rule in spec}
    return tuple(
        RuleTrace(
            rule_id=rule_id,
            code=tuple(code.get(rule_id, ())),
            tests=tests.get(rule_id, ()),
            proofs=tuple(by_rule.get(rule_id, ())),
            docs=docs.get(rule_id, ()),
            spec=specified.get(rule_id),
        )
        for rule_id in dict.fromkeys(rule_ids)
    )
