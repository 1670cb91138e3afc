"""Mutation testing: change one line of the rules, run the tests that cover it, see them fail.

Run it as ``python -m tests.support.mutation`` (``nox -s mutation`` does, never
part of the default run). It works in four steps:

1. *Mutants.* Each chosen module is parsed with :mod:`ast` and every place
   where a rules bug could hide gives one or more mutants: a comparison
   negated or moved across its boundary, an integer moved by one, a divisor
   changed, ``|`` and ``&`` swapped, ``and`` and ``or`` swapped, a ``not``
   dropped, ``True`` and ``False`` swapped, ``continue`` and ``break``
   swapped, a statement deleted, a rule-id string replaced by the next id of
   the same rule book. ``--sample N`` draws ``N`` of them per module
   (``--seed`` fixes the draw).
2. *Coverage.* The tests are run once under :mod:`coverage` with one dynamic
   context per test, which gives, for each line, the tests that run it (and
   how long each takes). The map is cached in the output directory and made
   again when the sources change (or with ``--fresh-coverage``).
3. *Runs.* A copy of the repository is made in a temporary directory; for
   each mutant the copy's module is rewritten, the covering tests run there
   (fastest first, stopping at the first failure) with a timeout, and the
   module is restored. A failing test kills the mutant, a run past the
   timeout counts as killed by timeout, a clean run lets it survive.
   ``--jobs N`` runs N mutants at once, each in a copy of its own. Each
   run may use at most :data:`MEMORY_LIMIT` bytes of memory: a mutant that
   makes a search grow without end fails with ``MemoryError`` (killed)
   instead of taking the machine's memory from everything else. A line
   outside every function (a module-level table or constant, run when the
   module is imported) is tested by every test that runs some line of its
   module (so an encoding's constants meet the agents' tests), and, when
   the module is imported as the tests are collected, by its game's whole
   test folder too.
4. *Report.* ``--report FILE`` names the JSON report; a Markdown table per
   module (killed, survived, timeout, equivalent, kill rate) is written next
   to it and printed, with every survivor's file, line and mutation. Both
   files are written again after every mutant, so a run that is stopped
   keeps what it found; ``--resume`` then goes on from the report, keeping
   the killed and timed-out outcomes of mutants whose module has not
   changed since (a digest of each module's text is kept with the report)
   and running every other mutant again.

Mutants reviewed as equivalent (no test can tell them from the original) are
listed with the reason in ``tests/support/mutation_equivalents.toml``; they are
run like the others but left out of the kill rate.

The tool uses only :mod:`ast` from the standard library and :mod:`coverage`
(no mutation framework): the mutations wanted here (rule-id swaps, divisors)
are specific to this project, and a splice into the source keeps every other
line as written, so a survivor's line number is the one in the tree.
"""

from __future__ import annotations

import argparse
import ast
import hashlib
import json
import os
import queue
import random
import re
import resource
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import tomllib
from collections.abc import Callable, Iterable, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import asdict, dataclass, field, fields, replace
from pathlib import Path
from types import MappingProxyType
from typing import Final

REPO_ROOT: Final = Path(__file__).resolve().parents[2]
"""The repository root (the directory holding ``pyproject.toml``)."""

EQUIVALENTS_FILE: Final = Path(__file__).with_name("mutation_equivalents.toml")
"""The reviewed equivalent mutants, each with its reason."""

GAMES: Final = ("felagsvist", "fildinski", "calabresella", "backstab_fish")
"""The four games, by their package names."""

MEMORY_LIMIT: Final = 6 << 30
"""The address space one mutant's test run may take (6 GiB; two runs side by side fit a 24 GiB machine)."""

MUTATED_TREES: Final = ("cardrules/games", "cardrules/solve", "cardrules/records")
"""Every Python module under these folders is mutated by default (found afresh on each run)."""

RULES_MODULE_NAMES: Final = frozenset(
    {
        "auction",
        "exchange",
        "judging",
        "lay_aways",
        "lay_down",
        "meld_step",
        "melds",
        "play",
        "procedure",
        "tricks",
        "turn",
    }
)
"""The phase modules that decide legality: with scoring and position modules, held to the higher target."""


def discover_modules(root: Path) -> tuple[str, ...]:
    """Every module of :data:`MUTATED_TREES` under ``root``, plus the core's judging, sorted by path.

    Found by walking the folders, so a module moved into a subpackage (a
    game's ``ending/``) or renamed is mutated without a change here.
    """
    found = {
        path.relative_to(root).as_posix()
        for tree in MUTATED_TREES
        for path in (root / tree).rglob("*.py")
        if "__pycache__" not in path.parts
    }
    return tuple(sorted(found | {"cardrules/judging.py"}))


def module_kind(module: str) -> str:
    """``rules``, ``solver``, ``records`` or ``engine``: which kill-rate target the module has.

    A game's phase modules (:data:`RULES_MODULE_NAMES`), its scoring and its
    position modules are ``rules``; a game's solver endings and
    ``cardrules/solve/`` are ``solver``; the record reader is ``records``;
    the rest of a game (its cards, state, observation, options, pictures) is
    ``engine``.
    """
    path = Path(module)
    if module.startswith("cardrules/records/"):
        return "records"
    if module.startswith("cardrules/solve/") or path.stem.startswith("ending") or "ending" in path.parts:
        return "solver"
    if path.stem in RULES_MODULE_NAMES or path.stem == "scoring" or path.stem.startswith("position"):
        return "rules"
    return "engine"


TARGETS: Final[Mapping[str, float]] = MappingProxyType(
    {"rules": 0.95, "engine": 0.90, "solver": 0.90, "records": 0.90}
)
"""The kill rate each kind of module must reach (see :func:`module_kind`)."""

DEFAULT_SAMPLE: Final = 15
"""Mutants drawn per module when ``--sample`` is not given."""

_RULE_ID: Final = re.compile(r"[a-z][a-z0-9_]*(\.[a-z0-9][a-z0-9-]*){2,}")
_DURATION: Final = re.compile(r"^\s*([0-9.]+)s\s+(setup|call|teardown)\s+(\S.*?)\s*$")


# -- mutants ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Mutant:
    """One change to one module: the source span it replaces and the text put there.

    ``line`` and ``col`` are 1-based and 0-based as :mod:`ast` gives them (the
    column in characters, not bytes); ``description`` says what changed, in
    the words a survivor's report shows.
    """

    module: str
    line: int
    col: int
    end_line: int
    end_col: int
    kind: str
    original: str
    replacement: str
    description: str

    @property
    def key(self) -> str:
        """A stable name for the mutant: module, line, column and the change."""
        return f"{self.module}:{self.line}:{self.col}:{self.kind}:{self.replacement}"


_NEGATED: Final[Mapping[type[ast.cmpop], type[ast.cmpop]]] = MappingProxyType(
    {
        ast.Lt: ast.GtE,
        ast.GtE: ast.Lt,
        ast.Gt: ast.LtE,
        ast.LtE: ast.Gt,
        ast.Eq: ast.NotEq,
        ast.NotEq: ast.Eq,
        ast.In: ast.NotIn,
        ast.NotIn: ast.In,
        ast.Is: ast.IsNot,
        ast.IsNot: ast.Is,
    }
)
_BOUNDARY: Final[Mapping[type[ast.cmpop], type[ast.cmpop]]] = MappingProxyType(
    {
        ast.Lt: ast.LtE,
        ast.LtE: ast.Lt,
        ast.Gt: ast.GtE,
        ast.GtE: ast.Gt,
    }
)
_SWAPPED_OPS: Final[Mapping[type[ast.operator], type[ast.operator]]] = MappingProxyType(
    {
        ast.BitOr: ast.BitAnd,
        ast.BitAnd: ast.BitOr,
        ast.Add: ast.Sub,
        ast.Sub: ast.Add,
    }
)
_DELETABLE: Final = (ast.Expr, ast.AugAssign, ast.Return, ast.Raise, ast.If, ast.Assign, ast.AnnAssign)


def _char_col(lines: Sequence[str], line: int, byte_col: int) -> int:
    """The character column of a byte offset :mod:`ast` gives on a 1-based line."""
    return len(lines[line - 1].encode("utf-8")[:byte_col].decode("utf-8", errors="ignore"))


def _rule_id_successors() -> Mapping[str, str]:
    """For each rule id of every book, the next id of the same book (cyclically)."""
    from cardrules.games import rule_books
    from cardrules.rules import COMMON_RULES

    books: dict[str, list[str]] = {}
    for book in [*rule_books().values(), COMMON_RULES]:
        for text in book.ids:
            same_book = books.setdefault(text.split(".")[0], [])
            if text not in same_book:
                same_book.append(text)
    successors: dict[str, str] = {}
    for ids in books.values():
        for index, name in enumerate(ids):
            successors[name] = ids[(index + 1) % len(ids)]
    return successors


class _Finder(ast.NodeVisitor):
    """Walks one module and lists its mutants."""

    def __init__(self, module: str, source: str, rule_ids: Mapping[str, str]) -> None:
        self.module = module
        self.lines = source.splitlines(keepends=True)
        self.rule_ids = rule_ids
        self.found: list[Mutant] = []
        self.depth = 0  # inside a function body when > 0

    def _add(self, node: ast.AST, kind: str, replacement: str, description: str) -> None:
        line, end_line = node.lineno, node.end_lineno  # type: ignore[attr-defined]
        col = _char_col(self.lines, line, node.col_offset)  # type: ignore[attr-defined]
        end_col = _char_col(self.lines, end_line, node.end_col_offset)  # type: ignore[attr-defined]
        original = ast.unparse(node) if not isinstance(node, ast.stmt) else self.lines[line - 1].strip()
        self.found.append(
            Mutant(self.module, line, col, end_line, end_col, kind, original, replacement, description)
        )

    def _expr(self, node: ast.expr, kind: str, new: ast.expr, what: str) -> None:
        text = ast.unparse(new)
        self._add(node, kind, f"({text})", f"{what}: `{ast.unparse(node)}` -> `{text}`")

    # functions: only their bodies are mutated, not decorators, defaults or annotations
    def visit_FunctionDef(self, node: ast.FunctionDef) -> None:
        """Mutate a function's body."""
        self._body(node.body)

    def visit_AsyncFunctionDef(self, node: ast.AsyncFunctionDef) -> None:
        """Mutate an async function's body."""
        self._body(node.body)

    def visit_ClassDef(self, node: ast.ClassDef) -> None:
        """Mutate the class's methods and class-level values."""
        for statement in node.body:
            self.visit(statement)

    def _body(self, body: Sequence[ast.stmt]) -> None:
        self.depth += 1
        for index, statement in enumerate(body):
            docstring = (
                index == 0
                and isinstance(statement, ast.Expr)
                and isinstance(statement.value, ast.Constant)
                and isinstance(statement.value.value, str)
            )
            if docstring:
                continue
            self.visit(statement)
        self.depth -= 1

    def visit_AnnAssign(self, node: ast.AnnAssign) -> None:
        """Mutate an annotated assignment's value only (never its annotation)."""
        self._statement(node)
        if node.value is not None:
            self.visit(node.value)

    def visit_JoinedStr(self, node: ast.JoinedStr) -> None:
        """Leave f-strings alone: their texts are wording, not rules."""

    def visit_Expr(self, node: ast.Expr) -> None:
        """Leave a bare string or ``...`` alone (a docstring, a class attribute's doc, a Protocol
        method's empty body): it is no code."""
        value = node.value
        inert = isinstance(value, ast.Constant) and (isinstance(value.value, str) or value.value is Ellipsis)
        if not inert:
            self.generic_visit(node)

    def generic_visit(self, node: ast.AST) -> None:
        """Offer the node's own mutants, then visit its children."""
        if isinstance(node, ast.stmt):
            self._statement(node)
        for name, value in ast.iter_fields(node):
            if name in ("body", "orelse", "finalbody") and isinstance(value, list):
                self._body_items(value)
            elif name == "handlers" and isinstance(value, list):
                for handler in value:
                    self._body_items(handler.body)
            elif isinstance(value, list):
                for item in value:
                    if isinstance(item, ast.AST):
                        self.visit(item)
            elif isinstance(value, ast.AST):
                self.visit(value)

    def _body_items(self, body: Sequence[ast.stmt]) -> None:
        for statement in body:
            self.visit(statement)

    def _statement(self, node: ast.stmt) -> None:
        if self.depth == 0:
            return
        if isinstance(node, _DELETABLE):
            self._add(node, "delete", "pass", f"statement deleted: `{self.lines[node.lineno - 1].strip()}`")

    def visit_Continue(self, node: ast.Continue) -> None:
        """``continue`` becomes ``break``."""
        self._add(node, "loop", "break", "`continue` -> `break`")

    def visit_Break(self, node: ast.Break) -> None:
        """``break`` becomes ``continue``."""
        self._add(node, "loop", "continue", "`break` -> `continue`")

    def visit_Compare(self, node: ast.Compare) -> None:
        """Each operator negated, and moved across its boundary where it has one."""
        for index, op in enumerate(node.ops):
            for table, what in ((_NEGATED, "comparison negated"), (_BOUNDARY, "boundary moved")):
                other = table.get(type(op))
                if other is None:
                    continue
                ops = list(node.ops)
                ops[index] = other()
                self._expr(node, "compare", ast.Compare(node.left, ops, node.comparators), what)
        self.generic_visit(node)

    def visit_BinOp(self, node: ast.BinOp) -> None:
        """``|``/``&`` and ``+``/``-`` swapped; a ``//`` or ``%`` divisor moved by one."""
        other = _SWAPPED_OPS.get(type(node.op))
        if other is not None:
            self._expr(node, "operator", ast.BinOp(node.left, other(), node.right), "operator swapped")
        if isinstance(node.op, ast.FloorDiv | ast.Mod) and not isinstance(node.right, ast.Constant):
            for step in (ast.Add(), ast.Sub()):
                moved = ast.BinOp(node.right, step, ast.Constant(1))
                self._expr(node, "divisor", ast.BinOp(node.left, node.op, moved), "divisor moved")
        self.generic_visit(node)

    def visit_BoolOp(self, node: ast.BoolOp) -> None:
        """``and`` and ``or`` swapped."""
        other: ast.boolop = ast.Or() if isinstance(node.op, ast.And) else ast.And()
        self._expr(node, "boolean", ast.BoolOp(other, node.values), "`and`/`or` swapped")
        self.generic_visit(node)

    def visit_UnaryOp(self, node: ast.UnaryOp) -> None:
        """A ``not`` dropped."""
        if isinstance(node.op, ast.Not):
            self._expr(node, "boolean", node.operand, "`not` dropped")
        self.generic_visit(node)

    def visit_Constant(self, node: ast.Constant) -> None:
        """Integers moved by one, booleans swapped, rule ids replaced by the next of their book."""
        value = node.value
        if isinstance(value, bool):
            self._expr(node, "constant", ast.Constant(not value), "boolean swapped")
        elif isinstance(value, int):
            for moved in (value + 1, value - 1):
                self._expr(node, "constant", ast.Constant(moved), "constant moved")
        elif isinstance(value, str) and _RULE_ID.fullmatch(value) and value in self.rule_ids:
            self._expr(node, "rule-id", ast.Constant(self.rule_ids[value]), "rule id swapped")


def mutants_of(
    module: str,
    root: Path = REPO_ROOT,
    rule_ids: Mapping[str, str] | None = None,
    lines: frozenset[int] | None = None,
) -> list[Mutant]:
    """Every mutant of ``module`` (a path relative to ``root``), in source order.

    ``lines`` (line numbers) keeps only the mutants of those lines, without making the others.
    """
    source = (root / module).read_text(encoding="utf-8")
    finder = _Finder(module, source, _rule_id_successors() if rule_ids is None else rule_ids)
    tree = ast.parse(source)
    for statement in tree.body:
        finder.visit(statement)
    unique: dict[str, Mutant] = {}
    for mutant in finder.found:
        if lines is not None and mutant.line not in lines:
            continue
        try:
            ast.parse(apply_mutant(source, mutant))
        except SyntaxError:
            continue  # a splice the grammar does not allow where it lands
        unique.setdefault(mutant.key, mutant)
    return sorted(unique.values(), key=lambda m: (m.line, m.col, m.kind, m.replacement))


def apply_mutant(source: str, mutant: Mutant) -> str:
    """``source`` with the mutant's span replaced (a deleted statement keeps its indentation)."""
    lines = source.splitlines(keepends=True)
    start = sum(len(text) for text in lines[: mutant.line - 1]) + mutant.col
    end = sum(len(text) for text in lines[: mutant.end_line - 1]) + mutant.end_col
    return source[:start] + mutant.replacement + source[end:]


def sample_mutants(mutants: Sequence[Mutant], count: int, seed: int) -> list[Mutant]:
    """``count`` of the mutants (all when fewer), drawn with ``seed``, in source order."""
    if count <= 0 or count >= len(mutants):
        return list(mutants)
    chosen = random.Random(f"{seed}:{mutants[0].module}").sample(list(mutants), count)
    return sorted(chosen, key=lambda m: (m.line, m.col, m.kind, m.replacement))


# -- equivalents ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Equivalent:
    """A mutant reviewed as equivalent: its module, the text of its line, the change and why.

    ``column`` (0-based, as the JSON report gives it) is only set when the same
    change can be made at two places of the line and only one of them is
    equivalent; otherwise the entry covers the change wherever it is made on
    the line.
    """

    module: str
    line_text: str
    description: str
    reason: str
    column: int | None = None

    def matches(self, mutant: Mutant, source_lines: Sequence[str]) -> bool:
        """Whether ``mutant`` is this one (its line read in ``source_lines`` of the original)."""
        return (
            mutant.module == self.module
            and mutant.description == self.description
            and self.column in (None, mutant.col)
            and source_lines[mutant.line - 1].strip() == self.line_text
        )


def load_equivalents(path: Path = EQUIVALENTS_FILE) -> tuple[Equivalent, ...]:
    """The reviewed equivalent mutants listed in ``path`` (none when it is absent)."""
    if not path.is_file():
        return ()
    table = tomllib.loads(path.read_text(encoding="utf-8"))
    return tuple(
        Equivalent(
            entry["module"], entry["line_text"], entry["description"], entry["reason"], entry.get("column")
        )
        for entry in table.get("equivalent", [])
    )


# -- coverage ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CoverageMap:
    """For each module and line, the tests that run it; each test's duration in seconds."""

    lines: Mapping[str, Mapping[int, tuple[str, ...]]]
    durations: Mapping[str, float]
    import_lines: Mapping[str, frozenset[int]] = field(default_factory=dict)

    def tests_for(self, mutant: Mutant) -> tuple[str, ...]:
        """The tests that run any line of the mutant's span, fastest first."""
        found: set[str] = set()
        table = self.lines.get(mutant.module, {})
        for line in range(mutant.line, mutant.end_line + 1):
            found.update(table.get(line, ()))
        return self._fastest_first(found)

    def runs_at_import(self, mutant: Mutant) -> bool:
        """Whether the mutant's first line runs while the modules are imported."""
        return mutant.line in self.import_lines.get(mutant.module, frozenset())

    def tests_of_module(self, module: str) -> tuple[str, ...]:
        """Every test that runs some line of ``module`` (after import), fastest first."""
        return self._fastest_first({test for tests in self.lines.get(module, {}).values() for test in tests})

    def _fastest_first(self, tests: Iterable[str]) -> tuple[str, ...]:
        return tuple(sorted(tests, key=lambda test: (self.durations.get(test, 0.0), test)))


def _library_digest(root: Path) -> str:
    """A digest of the library, the proofs and the shared test support: when it changes, all is stale."""
    digest = hashlib.sha256()
    paths = [*(root / "cardrules").rglob("*.py"), *(root / "proofs").rglob("*.py")]
    paths += [*(root / "tests" / "support").rglob("*.py"), root / "tests" / "conftest.py"]
    paths = [path for path in paths if path.name != "mutation.py"]  # this tool runs no test
    for path in sorted(paths):
        digest.update(str(path.relative_to(root)).encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()


def _test_file_digests(root: Path, test_paths: Sequence[str]) -> dict[str, str]:
    """For each test file under ``test_paths``, a digest of its text (by path from the root)."""
    found: dict[str, str] = {}
    for given in test_paths:
        base = root / given
        files = [base] if base.is_file() else sorted(base.rglob("test_*.py"))
        for path in files:
            found[path.relative_to(root).as_posix()] = hashlib.sha256(path.read_bytes()).hexdigest()
    return found


def _test_env(root: Path) -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(root)
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    env.setdefault("HYPOTHESIS_PROFILE", "ci")
    return env


def collect_coverage(root: Path, test_paths: Sequence[str], out_dir: Path) -> CoverageMap:
    """Run ``test_paths`` once under coverage, one context per test, and read the map."""
    from coverage import CoverageData

    data_file = out_dir / "coverage.sqlite"
    data_file.unlink(missing_ok=True)
    command = [
        sys.executable,
        "-m",
        "pytest",
        "-q",
        "-p",
        "no:cacheprovider",
        "--cov=cardrules",
        "--cov-context=test",
        "--cov-report=",
        "--durations=0",
        "--durations-min=0",
        *test_paths,
    ]
    env = _test_env(root)
    env["COVERAGE_FILE"] = str(data_file)
    print(f"mutation: collecting coverage per test over {' '.join(test_paths)}", flush=True)
    done = subprocess.run(command, cwd=root, env=env, capture_output=True, text=True, check=False)
    if done.returncode not in (0, 1):
        sys.stderr.write(done.stdout[-4000:] + done.stderr[-4000:])
        raise SystemExit(f"mutation: the coverage run failed (pytest exit {done.returncode})")
    if done.returncode == 1:
        print(
            "mutation: warning: some tests fail on the original code; they count for no mutant:", flush=True
        )
        for text in done.stdout.splitlines():
            if text.startswith(("FAILED ", "ERROR ")):
                print(f"  {text}", flush=True)
    durations: dict[str, float] = {}
    for text in done.stdout.splitlines():
        match = _DURATION.match(text)
        if match:
            durations[match[3]] = durations.get(match[3], 0.0) + float(match[1])
    failed = {text.split(" ", 2)[1] for text in done.stdout.splitlines() if text.startswith("FAILED ")}
    data = CoverageData(basename=str(data_file))
    data.read()
    lines: dict[str, dict[int, tuple[str, ...]]] = {}
    import_lines: dict[str, frozenset[int]] = {}
    for filename in data.measured_files():
        module = Path(filename).resolve().relative_to(root.resolve()).as_posix()
        by_line = data.contexts_by_lineno(filename)
        table: dict[int, tuple[str, ...]] = {}
        at_import: set[int] = set()
        for line, contexts in by_line.items():
            tests = sorted({context.rsplit("|", 1)[0] for context in contexts if context} - failed)
            table[line] = tuple(tests)
            if "" in contexts:
                at_import.add(line)
        lines[module] = table
        import_lines[module] = frozenset(at_import)
    return CoverageMap(lines, durations, import_lines)


def _merged(old: CoverageMap, new: CoverageMap | None, stale: set[str]) -> CoverageMap:
    """``old`` without the tests of the ``stale`` files, plus what ``new`` measured."""

    def kept(test: str) -> bool:
        return test.split("::", 1)[0] not in stale

    lines: dict[str, dict[int, tuple[str, ...]]] = {}
    for module, table in old.lines.items():
        lines[module] = {line: tuple(t for t in tests if kept(t)) for line, tests in table.items()}
    durations = {test: seconds for test, seconds in old.durations.items() if kept(test)}
    import_lines = dict(old.import_lines)
    if new is not None:
        for module, table in new.lines.items():
            merged = lines.setdefault(module, {})
            for line, tests in table.items():
                merged[line] = tuple(sorted({*merged.get(line, ()), *tests}))
        durations.update(new.durations)
        for module, at_import in new.import_lines.items():
            import_lines[module] = import_lines.get(module, frozenset()) | at_import
    return CoverageMap(lines, durations, import_lines)


def _read_cache(stored: Mapping[str, object]) -> CoverageMap:
    lines = stored["lines"]
    durations = stored["durations"]
    import_lines = stored["import_lines"]
    assert isinstance(lines, dict) and isinstance(durations, dict) and isinstance(import_lines, dict)
    return CoverageMap(
        {module: {int(k): tuple(v) for k, v in table.items()} for module, table in lines.items()},
        {str(k): float(v) for k, v in durations.items()},
        {module: frozenset(v) for module, v in import_lines.items()},
    )


def coverage_map(root: Path, test_paths: Sequence[str], out_dir: Path, *, fresh: bool) -> CoverageMap:
    """The coverage map from the cache in ``out_dir``, brought up to date.

    When the library, the proofs or the shared test support changed (or with
    ``fresh``), every test is measured again; when only some test files
    changed, only those are, and their entries replaced.
    """
    cache = out_dir / "coverage-map.json"
    library = _library_digest(root)
    files = _test_file_digests(root, test_paths)
    made: CoverageMap | None = None
    if cache.is_file() and not fresh:
        stored = json.loads(cache.read_text(encoding="utf-8"))
        if stored.get("library") == library and stored.get("tests") == list(test_paths):
            old_files: dict[str, str] = stored.get("files", {})
            stale = {f for f in files if old_files.get(f) != files[f]} | (set(old_files) - set(files))
            if not stale:
                return _read_cache(stored)
            changed = sorted(f for f in stale if f in files)
            new = collect_coverage(root, changed, out_dir) if changed else None
            made = _merged(_read_cache(stored), new, stale)
    if made is None:
        made = collect_coverage(root, test_paths, out_dir)
    cache.write_text(
        json.dumps(
            {
                "library": library,
                "tests": list(test_paths),
                "files": files,
                "lines": {m: {str(k): list(v) for k, v in t.items()} for m, t in made.lines.items()},
                "durations": dict(made.durations),
                "import_lines": {m: sorted(v) for m, v in made.import_lines.items()},
            }
        ),
        encoding="utf-8",
    )
    return made


# -- runs -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Outcome:
    """What became of one mutant: ``killed``, ``survived``, ``timeout`` or ``uncovered``.

    ``equivalent`` holds the reviewed reason when the mutant is listed as
    equivalent; ``killed_by`` the first failing test when pytest names one.
    """

    mutant: Mutant
    status: str
    tests_run: int
    seconds: float
    killed_by: str = ""
    equivalent: str = ""


def _copy_tree(root: Path) -> Path:
    """A copy of the repository to mutate, with the shared rules next to it as in the original."""
    base = Path(tempfile.mkdtemp(prefix="cardrules-mutation-"))
    copy = base / "repo"
    ignore = shutil.ignore_patterns(
        "__pycache__", ".git", ".venv", ".nox", ".tox", "_build", ".mutation", "*.pyc"
    )
    shutil.copytree(root, copy, ignore=ignore)
    shared = (root / ".." / "shared").resolve()
    if shared.is_dir():
        (base / "shared").symlink_to(shared, target_is_directory=True)
    return copy


def _game_folder(module: str) -> str:
    parts = Path(module).parts
    if len(parts) > 2 and parts[1] == "games":
        return f"tests/{parts[2]}"
    return "tests/core"


def _expected_seconds(cover: CoverageMap, test: str) -> float:
    """How long ``test`` took under coverage; for a folder, all its tests together."""
    if "::" in test:
        return cover.durations.get(test, 1.0)
    prefix = test.rstrip("/") + "/"
    return sum(seconds for name, seconds in cover.durations.items() if name.startswith(prefix)) or 60.0


def _limit_memory() -> None:
    """In the child, before pytest starts: cap its address space at :data:`MEMORY_LIMIT`."""
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))


def function_lines(source: str) -> frozenset[int]:
    """The lines of ``source`` inside a function or lambda body: run when called, not when imported."""
    inside: set[int] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            body = node.body if isinstance(node.body, list) else [node.body]
            inside.update(range(body[0].lineno, (node.end_lineno or body[-1].lineno) + 1))
    return frozenset(inside)


class Stopped(Exception):
    """A mutant's run ended early because the whole run is being stopped (Ctrl-C): it has no outcome."""


def run_mutant(
    copy: Path,
    mutant: Mutant,
    cover: CoverageMap,
    timeout_floor: float,
    factor: float = 3.0,
    stop: threading.Event | None = None,
) -> Outcome:
    """Apply ``mutant`` in ``copy``, run the tests that cover it, restore the module.

    The time limit is ``factor`` times what the covering tests took together
    under coverage (which runs them slower than the mutant's run does), plus
    20 seconds to start pytest, and never under ``timeout_floor``: a mutant
    that survives runs every covering test, so a slow solver module's limit is
    its slow tests' own time with room to spare, and a run past it is a mutant
    that made the search run on (counted as killed by timeout). When ``stop``
    is set meanwhile, the tests are ended at once and :class:`Stopped` raised.
    """
    tests = list(cover.tests_for(mutant))
    target = copy / mutant.module
    original = target.read_text(encoding="utf-8")
    # A module-level line runs when the module is first imported (during the collection, or inside
    # whichever test imports it first): whatever uses the module may see its change.
    if cover.runs_at_import(mutant):
        tests = [_game_folder(mutant.module), *cover.tests_of_module(mutant.module)]
    elif mutant.line not in function_lines(original):
        tests = list(cover.tests_of_module(mutant.module))
    if not tests:
        return Outcome(mutant, "uncovered", 0, 0.0)
    mutated = apply_mutant(original, mutant)
    expected = sum(_expected_seconds(cover, test) for test in tests)
    limit = max(timeout_floor, factor * expected + 20)
    command = [sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider", "--no-header", *tests]
    started = time.monotonic()
    target.write_text(mutated, encoding="utf-8")
    try:
        process = subprocess.Popen(
            command,
            cwd=copy,
            env=_test_env(copy),
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            start_new_session=True,
            preexec_fn=_limit_memory,
        )
        while True:  # look for a stop once a second; communicate again loses no output
            try:
                output, _ = process.communicate(
                    timeout=min(1.0, max(0.0, started + limit - time.monotonic()))
                )
                break
            except subprocess.TimeoutExpired:
                stopping = stop is not None and stop.is_set()
                if stopping or time.monotonic() >= started + limit:
                    os.killpg(process.pid, signal.SIGKILL)
                    process.communicate()
                    if stopping:
                        raise Stopped(mutant.key) from None
                    return Outcome(mutant, "timeout", len(tests), time.monotonic() - started)
    finally:
        target.write_text(original, encoding="utf-8")
    seconds = time.monotonic() - started
    if process.returncode == 0:
        return Outcome(mutant, "survived", len(tests), seconds)
    if process.returncode == 5:
        return Outcome(mutant, "uncovered", 0, seconds)
    failed = [text.split(" ", 2)[1] for text in output.splitlines() if text.startswith(("FAILED ", "ERROR "))]
    return Outcome(mutant, "killed", len(tests), seconds, killed_by=failed[0] if failed else "")


def run_side_by_side(
    mutants: Sequence[Mutant],
    run: Callable[[Path, Mutant, threading.Event], Outcome],
    copies: Sequence[Path],
    heard: Callable[[int, Outcome, Sequence[Outcome]], None],
) -> list[Outcome]:
    """Run each mutant in one of ``copies``, as many at once as there are copies.

    A copy serves one mutant at a time. ``heard`` is called as each outcome
    comes in, with its number in the order of arrival and every outcome so
    far in the order of ``mutants``; the outcomes are returned in that order.
    When anything stops the run (Ctrl-C, or ``heard`` raising), the mutants
    not started are dropped, the event ``run`` is handed is set so that the
    runs under way end (see :func:`run_mutant`), and the exception goes on
    once they have.
    """
    free: queue.SimpleQueue[Path] = queue.SimpleQueue()
    for copy in copies:
        free.put(copy)
    stop = threading.Event()

    def one(mutant: Mutant) -> Outcome:
        copy = free.get()
        try:
            return run(copy, mutant, stop)
        finally:
            free.put(copy)

    found: dict[int, Outcome] = {}
    pool = ThreadPoolExecutor(max_workers=len(copies))
    try:
        futures = {pool.submit(one, mutant): index for index, mutant in enumerate(mutants)}
        for number, future in enumerate(as_completed(futures), 1):
            found[futures[future]] = future.result()
            heard(number, found[futures[future]], [found[index] for index in sorted(found)])
    except BaseException:
        stop.set()
        pool.shutdown(wait=True, cancel_futures=True)
        raise
    pool.shutdown()
    return [found[index] for index in sorted(found)]


# -- report -----------------------------------------------------------------------------


def summarize(outcomes: Iterable[Outcome]) -> dict[str, dict[str, float]]:
    """Per module: killed, survived, timeout, uncovered, equivalent and the kill rate.

    The rate is (killed + timeout) over every mutant that is not equivalent
    (an uncovered mutant counts against it, as a survivor does).
    """
    table: dict[str, dict[str, float]] = {}
    for outcome in outcomes:
        row = table.setdefault(
            outcome.mutant.module,
            {"killed": 0, "survived": 0, "timeout": 0, "uncovered": 0, "equivalent": 0},
        )
        row["equivalent" if outcome.equivalent else outcome.status] += 1
    for row in table.values():
        counted = row["killed"] + row["survived"] + row["timeout"] + row["uncovered"]
        row["rate"] = (row["killed"] + row["timeout"]) / counted if counted else 1.0
    return table


def markdown(outcomes: Sequence[Outcome], command: str) -> str:
    """The readable report: the table per module, the totals, then every survivor."""
    table = summarize(outcomes)
    out = [
        "# Mutation report",
        "",
        f"Command: `{command}`",
        "",
        "| module | killed | survived | timeout | uncovered | equivalent | kill rate | target |",
        "|---|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for module in sorted(table):
        row = table[module]
        target = TARGETS[module_kind(module)]
        mark = "" if row["rate"] >= target else " (below)"
        out.append(
            f"| {module} | {row['killed']:.0f} | {row['survived']:.0f} | {row['timeout']:.0f} "
            f"| {row['uncovered']:.0f} | {row['equivalent']:.0f} | {row['rate']:.1%}{mark} | {target:.0%} |"
        )
    totals = summarize(
        Outcome(
            Mutant("all", 0, 0, 0, 0, "", "", "", ""),
            outcome.status,
            0,
            0.0,
            equivalent=outcome.equivalent,
        )
        for outcome in outcomes
    ).get("all")
    if totals:
        out.append(
            f"| **all** | {totals['killed']:.0f} | {totals['survived']:.0f} | {totals['timeout']:.0f} "
            f"| {totals['uncovered']:.0f} | {totals['equivalent']:.0f} | {totals['rate']:.1%} | |"
        )
    survivors = [o for o in outcomes if o.status in ("survived", "uncovered") and not o.equivalent]
    out += ["", f"## Survivors ({len(survivors)})", ""]
    for outcome in survivors:
        m = outcome.mutant
        note = (
            " (no test runs this line)"
            if outcome.status == "uncovered"
            else f" ({outcome.tests_run} tests ran)"
        )
        out.append(f"- `{m.module}:{m.line}`: {m.description}{note}")
    equivalents = [o for o in outcomes if o.equivalent]
    if equivalents:
        out += ["", f"## Equivalent ({len(equivalents)})", ""]
        for outcome in equivalents:
            m = outcome.mutant
            out.append(f"- `{m.module}:{m.line}`: {m.description}: {outcome.equivalent}")
    return "\n".join(out) + "\n"


# -- the command ------------------------------------------------------------------------


def _arguments(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m tests.support.mutation", description=__doc__.split("\n")[0]
    )
    parser.add_argument(
        "--sample",
        type=int,
        default=DEFAULT_SAMPLE,
        help=f"mutants drawn per module (0: all; default {DEFAULT_SAMPLE})",
    )
    parser.add_argument("--seed", type=int, default=19, help="the seed of the draw (default 19)")
    parser.add_argument(
        "--modules",
        nargs="+",
        metavar="PATH",
        help="modules to mutate (default: every module under cardrules/games, solve and records)",
    )
    parser.add_argument(
        "--report", type=Path, default=Path(".mutation/report.json"), help="the JSON report to write"
    )
    parser.add_argument(
        "--tests", nargs="+", default=["tests"], metavar="PATH", help="tests to collect coverage from"
    )
    parser.add_argument(
        "--timeout", type=float, default=60.0, help="the least timeout per mutant, in seconds"
    )
    parser.add_argument(
        "--timeout-factor",
        type=float,
        default=3.0,
        help="each mutant's limit is this many times its covering tests' time under coverage, plus 20 s",
    )
    parser.add_argument("--fresh-coverage", action="store_true", help="collect coverage again even if cached")
    parser.add_argument("--list", action="store_true", help="only list the sampled mutants")
    parser.add_argument(
        "--jobs", type=int, default=1, help="mutants run side by side, each in its own copy (default 1)"
    )
    parser.add_argument(
        "--resume",
        action="store_true",
        help="keep the killed outcomes the report already holds for modules unchanged since",
    )
    return parser.parse_args(argv)


def _is_equivalent(mutant: Mutant, equivalents: Sequence[Equivalent], root: Path) -> str:
    lines = (root / mutant.module).read_text(encoding="utf-8").splitlines()
    for entry in equivalents:
        if entry.matches(mutant, lines):
            return entry.reason
    return ""


def _module_digests(root: Path, modules: Iterable[str]) -> dict[str, str]:
    return {module: hashlib.sha256((root / module).read_bytes()).hexdigest() for module in modules}


def kept_outcomes(report: Path, digests: Mapping[str, str]) -> dict[Mutant, Outcome]:
    """The killed and timed-out outcomes of an earlier report whose module is unchanged.

    A mutant is kept only when it is the very same change (module, place and
    text) and its module's digest is the one recorded with the report; a
    survivor is never kept, since a test added since may kill it.
    """
    if not report.is_file():
        return {}
    stored = json.loads(report.read_text(encoding="utf-8"))
    recorded: dict[str, str] = stored.get("digests", {})
    names = [f.name for f in fields(Mutant)]
    kept: dict[Mutant, Outcome] = {}
    for entry in stored.get("mutants", []):
        module = entry["module"]
        if entry["status"] not in ("killed", "timeout") or recorded.get(module) != digests.get(module):
            continue
        mutant = Mutant(**{name: entry[name] for name in names})
        status, tests_run, seconds = entry["status"], entry["tests_run"], entry["seconds"]
        kept[mutant] = Outcome(mutant, status, tests_run, seconds, entry["killed_by"])
    return kept


def write_report(report: Path, outcomes: Sequence[Outcome], command: str, digests: Mapping[str, str]) -> str:
    """Write the JSON report and its Markdown table next to it; return the table."""
    report.write_text(
        json.dumps(
            {
                "command": command,
                "digests": dict(digests),
                "summary": summarize(outcomes),
                "mutants": [
                    {**asdict(o.mutant), **{k: v for k, v in asdict(o).items() if k != "mutant"}}
                    for o in outcomes
                ],
            },
            indent=2,
            ensure_ascii=False,
        ),
        encoding="utf-8",
    )
    text = markdown(outcomes, command)
    report.with_suffix(".md").write_text(text, encoding="utf-8")
    return text


def main(argv: Sequence[str] | None = None) -> int:
    """Sample, run and report; the exit status is 0 when every module meets its target."""
    args = _arguments(argv)
    root = REPO_ROOT
    modules = tuple(args.modules or discover_modules(root))
    for module in modules:
        if not (root / module).is_file():
            raise SystemExit(f"mutation: no module {module} (give paths relative to the repository root)")
    rule_ids = _rule_id_successors()
    chosen = [
        m
        for module in modules
        for m in sample_mutants(mutants_of(module, root, rule_ids), args.sample, args.seed)
    ]
    if args.list:
        for mutant in chosen:
            print(f"{mutant.module}:{mutant.line}: {mutant.description}")
        return 0
    report: Path = args.report if args.report.is_absolute() else root / args.report
    report.parent.mkdir(parents=True, exist_ok=True)
    digests = _module_digests(root, modules)
    kept = kept_outcomes(report, digests) if args.resume else {}
    command = "python -m tests.support.mutation " + " ".join(sys.argv[1:] if argv is None else argv)
    cover = coverage_map(root, args.tests, report.parent, fresh=args.fresh_coverage)
    equivalents = load_equivalents()

    def run(copy: Path, mutant: Mutant, stop: threading.Event) -> Outcome:
        outcome = kept.get(mutant) or run_mutant(copy, mutant, cover, args.timeout, args.timeout_factor, stop)
        reason = _is_equivalent(mutant, equivalents, root)
        return replace(outcome, equivalent=reason) if reason else outcome

    def heard(number: int, outcome: Outcome, so_far: Sequence[Outcome]) -> None:
        write_report(report, so_far, command, digests)
        mutant = outcome.mutant
        print(
            f"[{number}/{len(chosen)}] {outcome.status:9} {outcome.seconds:6.1f}s "
            f"{mutant.module}:{mutant.line} {mutant.description}{' (kept)' if mutant in kept else ''}",
            flush=True,
        )

    copies = [_copy_tree(root) for _ in range(max(1, args.jobs))]
    try:
        outcomes = run_side_by_side(chosen, run, copies, heard)
    finally:
        for copy in copies:
            shutil.rmtree(copy.parent, ignore_errors=True)
    text = write_report(report, outcomes, command, digests)
    print(text)
    below = [m for m, row in summarize(outcomes).items() if row["rate"] < TARGETS[module_kind(m)]]
    return 1 if below else 0


if __name__ == "__main__":
    sys.exit(main())
