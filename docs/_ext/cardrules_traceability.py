"""Sphinx support for traceability: a generated page, and back-links in every rule entry.

At the start of every build the repository is scanned (``cardrules_trace.py``,
the same code ``tests/test_traceability.py`` uses) for each rule id's code
sites, marked tests and proofs. Then:

- ``.. traceability::`` expands into one table per game: every rule id of the
  rule books with its code sites (``file:line``), its tests, the claims that
  prove it and its ``.. rule::`` entry; then the rules whose ``Check:`` line in
  the specification calls for a proof that none gives, and any id the project
  names that no rule book or specification has;
- every ``.. rule::`` entry gets "Tested by" and "Proved by" fields.

Configuration (all optional; without a root nothing is scanned and nothing added):

``cardrules_trace_root``
    the repository root, as a path;
``cardrules_trace_spec``
    the directory of the specification's ``<game>.md`` files. Only the
    "calls for a proof" section needs it: when it is absent, the page says so
    and the build goes on;
``cardrules_trace_proofs``
    each proof's claim name mapped to the rule ids it proves;
``cardrules_trace_code``
    each legality and scoring rule mapped to (status, code claims, why not,
    what stands in): whether the engine code deciding it is proved over all
    its inputs (``proofs/coverage.py``). The page gets a section of its own.

Pages holding rule entries or the directive are read again on every build, so
an incremental build never shows stale back-links.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence, Set
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar, Final, cast

from cardrules_rules import BACKLINKS_ATTRIBUTE
from cardrules_trace import (
    DELIBERATELY_UNKNOWN,
    MarkedTest,
    Mention,
    RuleTrace,
    Site,
    SpecRule,
    named_ids,
    read_spec,
    specified_games,
    trace,
)
from docutils import nodes
from sphinx import addnodes
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

if TYPE_CHECKING:
    from docutils.nodes import Node
    from sphinx.application import Sphinx
    from sphinx.environment import BuildEnvironment
    from sphinx.util.typing import ExtensionMetadata, OptionSpec

__all__ = ["Traceability", "TraceabilityDirective", "scan", "setup"]

logger = logging.getLogger(__name__)

_STATUSES: Final = ("proved", "partly proved", "not proved")

_GAME_TITLES: Final = {
    "felagsvist": "Félagsvist",
    "fildinski": "Fildinski",
    "calabresella": "Calabresella",
    "backstab_fish": "Backstab Fish",
    "common": "Rules common to every game",
}


@dataclass(frozen=True, slots=True)
class Traceability:
    """The result of one scan, kept on the build environment for the build's duration."""

    traces: tuple[RuleTrace, ...]
    spec_found: bool
    spec_games: tuple[str, ...]
    spec_only: tuple[str, ...]
    unknown: tuple[Mention, ...]
    scanned: bool = True
    backlinks: Mapping[str, tuple[tuple[str, ...], tuple[str, ...]]] = field(default_factory=dict)
    """Each rule's (tests, proofs), for the entries' back-links."""


def scan(
    root: Path, rule_ids: Sequence[str], proofs: Mapping[str, Sequence[str]], spec_dir: Path | None
) -> Traceability:
    """Scan the repository under ``root`` for the rules ``rule_ids`` (the rule books' ids, in order)."""
    spec: tuple[SpecRule, ...] = ()
    everything: tuple[SpecRule, ...] = ()
    games = specified_games(root)
    found = spec_dir is not None and spec_dir.is_dir()
    if found and spec_dir is not None:
        try:
            spec = read_spec(spec_dir, games)
            everything = read_spec(spec_dir)
        except FileNotFoundError as missing:
            logger.warning("traceability: %s", missing, type="cardrules", subtype="traceability")
            found = False
    traces = trace(root, rule_ids, proofs, spec)
    known = set(rule_ids) | {rule.rule_id for rule in everything}
    unknown = tuple(
        mention
        for mention in named_ids(root)
        if mention.rule_id not in known and not DELIBERATELY_UNKNOWN.search(mention.rule_id)
    )
    backlinks = {item.rule_id: (tuple(test.name for test in item.tests), item.proofs) for item in traces}
    listed = set(rule_ids)
    return Traceability(
        traces=traces,
        spec_found=found,
        spec_games=games,
        spec_only=tuple(rule.rule_id for rule in spec if rule.rule_id not in listed),
        unknown=unknown,
        backlinks=backlinks,
    )


def _scan_for_build(app: Sphinx) -> None:
    env = app.env
    config = app.config
    root_text = str(config.cardrules_trace_root or "")
    if not root_text:
        env.cardrules_traceability = Traceability((), False, (), (), (), scanned=False)  # type: ignore[attr-defined]
        setattr(env, BACKLINKS_ATTRIBUTE, None)
        return
    spec_text = str(config.cardrules_trace_spec or "")
    expected = cast("Mapping[str, object]", config.cardrules_expected_rules)
    proofs = {
        str(name): tuple(str(rule_id) for rule_id in ids)
        for name, ids in cast("Mapping[str, Iterable[object]]", config.cardrules_trace_proofs).items()
    }
    result = scan(Path(root_text), list(expected), proofs, Path(spec_text) if spec_text else None)
    env.cardrules_traceability = result  # type: ignore[attr-defined]
    setattr(env, BACKLINKS_ATTRIBUTE, result.backlinks)


def current(env: BuildEnvironment) -> Traceability | None:
    """The scan of this build, or ``None`` when scanning is off."""
    result = cast("Traceability | None", getattr(env, "cardrules_traceability", None))
    return result if result is not None and result.scanned else None


# -- the page -----------------------------------------------------------------------


def _text(text: str) -> nodes.Text:
    return nodes.Text(text)


def _para(*children: Node) -> nodes.paragraph:
    paragraph = nodes.paragraph()
    paragraph.extend(children)
    return paragraph


def _rule_link(rule_id: str) -> addnodes.pending_xref:
    link = addnodes.pending_xref(
        "", refdomain="cardrules", reftype="rule", reftarget=rule_id, refexplicit=False, refwarn=True
    )
    link += nodes.literal(rule_id, rule_id)
    return link


def _lines(items: Sequence[str], *, empty: str = "none") -> list[Node]:
    if not items:
        return [_para(nodes.emphasis(empty, empty))]
    block = nodes.line_block()
    for item in items:
        block += nodes.line("", "", nodes.literal(item, item))
    return [block]


def _sites(sites: Sequence[Site]) -> list[str]:
    """``file:line, line`` per file, in order."""
    by_file: dict[str, list[int]] = {}
    for site in sites:
        by_file.setdefault(site.path, []).append(site.line)
    return [f"{path}:{', '.join(str(line) for line in lines)}" for path, lines in by_file.items()]


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}" if number == 1 else f"{number} {noun}s"


def _field(name: str, body: Sequence[Node]) -> nodes.field:
    content = nodes.field_body()
    content.extend(body)
    return nodes.field("", nodes.field_name(name, name), content)


def _tests(tests: Sequence[MarkedTest]) -> list[str]:
    return [test.name for test in tests]


def _table(
    headers: Sequence[str], widths: Sequence[int], rows: Sequence[Sequence[list[Node]]]
) -> nodes.table:
    table = nodes.table(classes=["cardrules-traceability"])
    group = nodes.tgroup(cols=len(headers))
    table += group
    for width in widths:
        group += nodes.colspec(colwidth=width)
    head = nodes.thead()
    group += head
    row = nodes.row()
    for header in headers:
        row += nodes.entry("", _para(_text(header)))
    head += row
    body = nodes.tbody()
    group += body
    for cells in rows:
        row = nodes.row()
        for cell in cells:
            entry = nodes.entry()
            entry.extend(cell)
            row += entry
        body += row
    return table


class TraceabilityDirective(SphinxDirective):
    """``.. traceability::``: the generated tables and lists (no arguments, no content)."""

    has_content = False
    option_spec: ClassVar[OptionSpec] = {}

    def run(self) -> list[Node]:
        pages = cast("set[str]", self.env.__dict__.setdefault("cardrules_traceability_pages", set()))
        pages.add(self.env.docname)
        result = current(self.env)
        if result is None:
            return [_para(_text("Traceability scanning is off (cardrules_trace_root is not set)."))]
        out: list[Node] = [self._summary(result)]
        games = dict.fromkeys(item.game for item in result.traces)
        for game in games:
            out.append(self._game_section(game, [item for item in result.traces if item.game == game]))
        out.append(self._code_section())
        out.append(self._proof_section(result))
        out.append(self._unknown_section(result))
        return out

    def _section(self, title: str, key: str) -> nodes.section:
        section = nodes.section(ids=[nodes.make_id(f"traceability-{key}")])
        section += nodes.title(title, title)
        self.state.document.note_implicit_target(section, section)
        return section

    def _summary(self, result: Traceability) -> nodes.paragraph:
        total = len(result.traces)
        tested = sum(1 for item in result.traces if item.tests)
        proved = sum(1 for item in result.traces if item.proofs)
        documented = sum(1 for item in result.traces if len(item.docs) == 1)
        return _para(
            _text(
                f"{total} rules: {documented} with one reference entry, {tested} with at least one "
                f"marked test, {proved} proved by at least one claim."
            )
        )

    def _game_section(self, game: str, items: Sequence[RuleTrace]) -> nodes.section:
        """A table to see the gaps at a glance, then every site, test and proof of each rule."""
        section = self._section(_GAME_TITLES.get(game, game), game)
        rows = [
            [
                [_para(_rule_link(item.rule_id))],
                [_para(_text(_count(len(item.code), "line")))],
                [_para(_text(_count(len(item.tests), "test")))],
                _lines(item.proofs),
                # The table's entry column is the page and line only (the list below has the path).
                _lines([str(site).removeprefix("docs/rules/") for site in item.docs], empty="missing"),
            ]
            for item in items
        ]
        section += _table(("Rule", "Code", "Tests", "Proofs", "Entry"), (30, 9, 9, 30, 22), rows)
        details = nodes.definition_list(classes=["cardrules-traceability"])
        for item in items:
            fields = nodes.field_list()
            fields += _field("Code", _lines(_sites(item.code)))
            fields += _field("Tests", _lines(_tests(item.tests)))
            fields += _field("Proofs", _lines(item.proofs))
            fields += _field("Entry", _lines([str(site) for site in item.docs], empty="missing"))
            details += nodes.definition_list_item(
                "", nodes.term("", "", _rule_link(item.rule_id)), nodes.definition("", fields)
            )
        section += details
        return section

    def _code_section(self) -> nodes.section:
        """Per legality and scoring rule: its code proved over all inputs, or why not and what stands in."""
        section = self._section("Proofs over the code", "code-proofs")
        code = cast("Mapping[str, tuple[str, tuple[str, ...], str, str]]", self.config.cardrules_trace_code)
        if not code:
            section += _para(_text("The proofs could not be imported when this page was built (z3 missing)."))
            return section
        counts = {status: sum(1 for row in code.values() if row[0] == status) for status in _STATUSES}
        section += _para(
            _text(
                f"{len(code)} rules of kind legality or scoring. For each, the engine function that decides "
                "it is proved equal to the model's statement of the rule for every input of its domain (by "
                "running the function's own lines on z3 terms, or by calling it on every input of a finite "
                "domain that z3 shows complete), or the reason there is no such proof and the bounded checks "
                f"that stand in: {counts['proved']} proved, {counts['partly proved']} partly proved, "
                f"{counts['not proved']} not proved. The list is proofs/coverage.py; a test fails when a "
                "rule has neither a code proof nor a written reason."
            )
        )
        rows = [
            [
                [_para(_rule_link(rule_id))],
                [_para(_text(status))],
                _lines(list(claims), empty="none"),
                [_para(_text(reason))] + ([_para(_text(f"Instead: {bounded}"))] if bounded else []),
            ]
            for rule_id, (status, claims, reason, bounded) in code.items()
        ]
        headers = ("Rule", "Code", "Code claims", "Why not, and what stands in")
        section += _table(headers, (24, 10, 22, 44), rows)
        return section

    def _proof_section(self, result: Traceability) -> nodes.section:
        section = self._section("Proofs called for but missing", "missing-proofs")
        if not result.spec_found:
            section += _para(
                _text(
                    "The specification (the directory cardrules_trace_spec names, ../shared/rules next to "
                    "the repository) was not found when this page was built, so its Check: lines could "
                    "not be read and this list is not available."
                )
            )
            return section
        calling = [item for item in result.traces if item.spec is not None and item.spec.calls_for_proof]
        missing = [item for item in calling if item.lacks_proof]
        section += _para(
            _text(
                f"{len(calling)} rules of the specification ({', '.join(result.spec_games)}) ask for a "
                "proof in their Check: line (they name Z3, a proof or something proved). "
            ),
            _text("Those without a claim that proves them:" if missing else "Every one of them has a claim."),
        )
        if missing:
            listing = nodes.bullet_list()
            for item in missing:
                check = item.spec.check if item.spec is not None else ""
                listing += nodes.list_item("", _para(_rule_link(item.rule_id), _text(f": {check}")))
            section += listing
        if result.spec_only:
            section += _para(_text("Rules of the specification that no rule book has yet:"))
            section += _lines(list(result.spec_only))
        return section

    def _unknown_section(self, result: Traceability) -> nodes.section:
        section = self._section("Ids that name no rule", "unknown-ids")
        against = "the rule books and the specification" if result.spec_found else "the rule books"
        if not result.unknown:
            section += _para(_text(f"Every rule id the project names is in {against}."))
            return section
        section += _para(_text(f"These strings look like rule ids but are not in {against}:"))
        section += _lines([f"{mention.rule_id} ({mention.site})" for mention in result.unknown])
        return section


# -- keeping pages fresh ---------------------------------------------------------------


def _pages(env: BuildEnvironment) -> set[str]:
    return cast("set[str]", env.__dict__.setdefault("cardrules_traceability_pages", set()))


def _outdated(
    app: Sphinx, env: BuildEnvironment, added: Set[str], changed: Set[str], removed: Set[str]
) -> list[str]:
    """Read the rule pages and the traceability page again: the scan may have changed."""
    domain = env.domains["cardrules"]
    rules = cast("Mapping[str, object]", domain.data.get("rules", {}))
    docnames = {getattr(entry, "docname", "") for entry in rules.values()} | _pages(env)
    return sorted(name for name in docnames if name and name in env.found_docs and name not in removed)


def _purge(app: Sphinx, env: BuildEnvironment, docname: str) -> None:
    _pages(env).discard(docname)


def _merge(app: Sphinx, env: BuildEnvironment, docnames: Set[str], other: BuildEnvironment) -> None:
    _pages(env).update(name for name in _pages(other) if name in docnames)


def setup(app: Sphinx) -> ExtensionMetadata:
    """Register the directive, the configuration values and the scan at the start of each build."""
    app.setup_extension("cardrules_rules")
    app.add_config_value("cardrules_trace_root", "", "env", types=frozenset({str}))
    app.add_config_value("cardrules_trace_spec", "", "env", types=frozenset({str}))
    app.add_config_value("cardrules_trace_proofs", {}, "env", types=frozenset({dict}))
    app.add_config_value("cardrules_trace_code", {}, "env", types=frozenset({dict}))
    app.add_directive("traceability", TraceabilityDirective)
    app.connect("builder-inited", _scan_for_build)
    app.connect("env-get-outdated", _outdated)
    app.connect("env-purge-doc", _purge)
    app.connect("env-merge-info", _merge)
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True, "env_version": 1}
