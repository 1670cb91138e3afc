"""Sphinx support for the rules reference: a ``rule`` directive and a ``:rule:`` role.

A rule is written once, where the rules reference defines it::

    .. rule:: felagsvist.play.must-follow
       :source: 001_eb07f1e65d815eee.txt (Bermain & skor)
       :kind: legality
       :options: none

       A player who holds the suit led has to play a card of it.

and referred to from any page with ``:rule:`felagsvist.play.must-follow``` (or
``:rule:`the follow rule <felagsvist.play.must-follow>``` for other link text).

Rule ids are kept verbatim, dots and hyphens included: the id is the HTML anchor
of its entry, the name in the object inventory and the text of a link. A
``:rule:`` reference to an id that no page defines is always a warning, with or
without nitpicky mode, so ``sphinx-build -W`` fails on a misspelt id.

Every rule lives in the ``cardrules`` domain (``.. cardrules:rule::`` and
``:cardrules:rule:`` are the long spellings). The domain also provides a rule
index (``:ref:`cardrules-index```) and, when the configuration value
``cardrules_expected_rules`` maps ids to ``(kind, options)``, checks at the end
of reading that every expected rule is documented once with that kind and those
options, and that no page documents a rule that is not expected.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping, Sequence, Set
from typing import TYPE_CHECKING, Any, ClassVar, Final, NamedTuple, cast

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx import addnodes
from sphinx.directives import ObjectDescription
from sphinx.domains import Domain, Index, IndexEntry, ObjType
from sphinx.roles import XRefRole
from sphinx.util import logging
from sphinx.util.nodes import make_refnode

if TYPE_CHECKING:
    from docutils.nodes import Element, Node, system_message
    from sphinx.addnodes import desc_signature, pending_xref
    from sphinx.application import Sphinx
    from sphinx.builders import Builder
    from sphinx.environment import BuildEnvironment
    from sphinx.util.typing import ExtensionMetadata, OptionSpec

__all__ = [
    "BACKLINKS_ATTRIBUTE",
    "RULE_KINDS",
    "RuleDirective",
    "RuleEntry",
    "RuleIndex",
    "RuleRole",
    "RulesDomain",
    "setup",
]

logger = logging.getLogger(__name__)

DOMAIN: Final = "cardrules"
"""The name of the domain that holds every rule."""

RULE_KINDS: Final[tuple[str, ...]] = ("legality", "conservation", "scoring", "procedure", "information")
"""The kinds a rule may have, as in the specification's ``Kind:`` lines."""

_RULE_ID: Final = re.compile(r"[a-z][a-z0-9_]*(\.[a-z0-9][a-z0-9-]*){2,}")

BACKLINKS_ATTRIBUTE: Final = "cardrules_rule_backlinks"
"""The build environment attribute where ``cardrules_traceability`` leaves each rule's
``(tests, proofs)``; when it is set, every entry shows them as "Tested by" and "Proved by"."""


class RuleEntry(NamedTuple):
    """Where a rule is defined, and what the reference says about it."""

    docname: str
    anchor: str
    kind: str
    options: tuple[str, ...]
    summary: str
    line: int | None


def _kind(argument: str | None) -> str:
    return str(directives.choice((argument or "").strip().lower(), RULE_KINDS))


def _option_names(argument: str | None) -> tuple[str, ...]:
    """Read ``:options:``: option names separated by commas or spaces, or ``none``."""
    names = tuple(name for name in re.split(r"[\s,]+", argument or "") if name)
    if names == ("none",):
        return ()
    for name in names:
        if not re.fullmatch(r"[a-z][a-z0-9_]*", name):
            raise ValueError(f"{name!r} is not an option name (lower case with underscores)")
    return names


class RuleDirective(ObjectDescription[str]):
    """``.. rule:: <id>``: one rule of the reference, as an anchored entry.

    The content is the rule's statement. After it come the entry's worked
    examples (``cardrules_examples`` answers the ``cardrules-rule-content``
    event), one line with the kind, the options and the source (an original
    text's file name replaced by its title from ``cardrules_source_titles``),
    and a folded block with the source files, the tests and the proofs.
    """

    has_content = True
    required_arguments = 1
    optional_arguments = 0
    final_argument_whitespace = False
    option_spec: ClassVar[OptionSpec] = {
        "source": directives.unchanged_required,
        "kind": _kind,
        "options": _option_names,
        "no-index": directives.flag,
        "no-index-entry": directives.flag,
        "no-contents-entry": directives.flag,
    }

    def run(self) -> list[Node]:
        # Registered without a domain prefix as well: always act as cardrules:rule.
        self.name = f"{DOMAIN}:rule"
        return super().run()

    def get_signatures(self) -> list[str]:
        return [self.arguments[0].strip()]

    def handle_signature(self, sig: str, signode: desc_signature) -> str:
        if not _RULE_ID.fullmatch(sig):
            logger.warning(
                "%r is not a rule id (game.area.name, lower case with hyphens)",
                sig,
                location=signode,
                type="cardrules",
                subtype="rule",
            )
        signode += addnodes.desc_name(sig, sig)
        return sig

    def _object_hierarchy_parts(self, sig_node: desc_signature) -> tuple[str, ...]:
        return (sig_node.astext(),)

    def _toc_entry_name(self, sig_node: desc_signature) -> str:
        parts: tuple[str, ...] = sig_node.get("_toc_parts", ())
        return parts[-1] if parts else ""

    def add_target_and_index(self, name: str, sig: str, signode: desc_signature) -> None:
        anchor = name  # verbatim: dots and hyphens are valid in an HTML id
        signode["ids"].append(anchor)
        self.state.document.note_explicit_target(signode)
        if "no-index-entry" not in self.options:
            self.indexnode["entries"].append(("single", f"{name} (rule)", anchor, "", None))

    def transform_content(self, content_node: addnodes.desc_content) -> None:
        if not self.names:
            return
        name = self.names[0]
        where = (self.env.docname, self.lineno)
        source = str(self.options.get("source", "")).strip()
        kind = cast("str", self.options.get("kind", ""))
        options = cast("tuple[str, ...]", self.options.get("options", ()))
        for field, present in (("source", bool(source)), ("kind", bool(kind))):
            if not present:
                logger.warning("rule %s has no :%s: option", name, field, location=where, type="cardrules")
        if not content_node.children:
            logger.warning("rule %s has no statement", name, location=where, type="cardrules")
        summary = _first_sentence(next((p.astext() for p in content_node.findall(nodes.paragraph)), ""))

        # Players first: the statement (and, from cardrules_examples, its worked
        # examples), then one short line, then the traceability folded away.
        self.env.app.emit("cardrules-rule-content", name, content_node, self)
        titles = cast("Mapping[str, Sequence[str]]", self.env.config.cardrules_source_titles)
        readable, files = _readable_source(source, titles)
        meta = nodes.paragraph(classes=["rule-meta"])
        meta += nodes.Text(f"Kind: {kind or 'unknown'} · Options: ")
        meta.extend(_literals(options) or [nodes.Text("none")])
        if readable:
            inline, messages = self.state.inline_text(readable, self.lineno)
            meta += nodes.Text(" · Source: ")
            meta.extend([*inline, *messages])
        content_node += meta

        field_list = nodes.field_list(classes=["rule-fields"])
        if files:
            shown_files: list[Node] = []
            for position, file in enumerate(files):
                if position:
                    shown_files.append(nodes.Text("; "))
                shown_files.append(nodes.literal(file, file))
                heading = titles.get(file, ("", ""))[1:]
                if heading and heading[0]:
                    shown_files.append(nodes.Text(f" ({heading[0]})"))
            field_list += _field("Source files", shown_files)
        backlinks = cast(
            "Mapping[str, tuple[Sequence[str], Sequence[str]]] | None",
            getattr(self.env, BACKLINKS_ATTRIBUTE, None),
        )
        summary_text = "Source files"
        if backlinks is not None:
            tests, proofs = backlinks.get(name, ((), ()))
            field_list += _field("Tested by", _literals(tests) or [nodes.emphasis("", "no marked test")])
            if proofs:
                field_list += _field("Proved by", _literals(proofs))
            summary_text = f"Tests and proofs: {_count(len(tests), 'test')}, {_count(len(proofs), 'proof')}"
        if field_list.children:
            content_node += nodes.raw(
                "", f'<details class="rule-trace"><summary>{summary_text}</summary>', format="html"
            )
            content_node += field_list
            content_node += nodes.raw("", "</details>", format="html")

        if "no-index" not in self.options:
            domain = cast("RulesDomain", self.env.domains[DOMAIN])
            domain.note_rule(
                name,
                RuleEntry(self.env.docname, name, kind, options, summary, self.lineno),
                location=where,
            )


_SOURCE_FILE: Final = re.compile(r"``(\d{3}_[0-9a-f]{16}\.txt)``")


def _readable_source(source: str, titles: Mapping[str, Sequence[str]]) -> tuple[str, tuple[str, ...]]:
    """The ``:source:`` text with each original text's file name replaced by its title, and the files.

    ``titles`` maps a file name to ``(title, heading)``: "the Dutch rule text"
    and the text's own heading, shown with the file name in the folded detail.
    """
    files: list[str] = []

    def title(match: re.Match[str]) -> str:
        file = match.group(1)
        if file not in files:
            files.append(file)
        known = titles.get(file)
        return str(known[0]) if known else match.group(0)

    return _SOURCE_FILE.sub(title, source), tuple(files)


def _count(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _first_sentence(text: str) -> str:
    """The first sentence of a statement, for link titles and the rule index."""
    flat = " ".join(text.split())
    match = re.match(r"(.+?[.!?])(?=\s|$)", flat)
    return match.group(1) if match else flat


def _literals(items: Sequence[str]) -> list[Node]:
    """``a``, ``b``, ``c``: the items as code, separated by commas."""
    shown: list[Node] = []
    for position, item in enumerate(items):
        if position:
            shown.append(nodes.Text(", "))
        shown.append(nodes.literal(item, item))
    return shown


def _field(name: str, body: Sequence[Node]) -> nodes.field:
    paragraph = nodes.paragraph("", "")
    paragraph.extend(body)
    return nodes.field("", nodes.field_name(name, name), nodes.field_body("", paragraph))


class RuleRole(XRefRole):
    """``:rule:`<id>```: a link to the rule's entry; unknown ids are warned about."""

    def __init__(self) -> None:
        super().__init__(innernodeclass=nodes.literal, warn_dangling=True)

    def run(self) -> tuple[list[Node], list[system_message]]:
        # Registered without a domain prefix as well: always act as cardrules:rule.
        self.name = f"{DOMAIN}:rule"
        return super().run()

    def process_link(
        self, env: BuildEnvironment, refnode: Element, has_explicit_title: bool, title: str, target: str
    ) -> tuple[str, str]:
        return title.strip(), target.strip()


class RuleIndex(Index):
    """Every rule, grouped by game, linking to its entry."""

    name = "index"
    localname = "Rule index"
    shortname = "rules"

    def generate(
        self, docnames: Iterable[str] | None = None
    ) -> tuple[list[tuple[str, list[IndexEntry]]], bool]:
        wanted = None if docnames is None else set(docnames)
        groups: dict[str, list[IndexEntry]] = {}
        domain = cast("RulesDomain", self.domain)
        for rule_id, entry in sorted(domain.rules.items()):
            if wanted is not None and entry.docname not in wanted:
                continue
            game = rule_id.split(".", 1)[0]
            groups.setdefault(game, []).append(
                IndexEntry(rule_id, 0, entry.docname, entry.anchor, entry.kind, "", entry.summary)
            )
        return sorted(groups.items()), False


class RulesDomain(Domain):
    """Holds every rule defined in the documentation, keyed by its verbatim id."""

    name = DOMAIN
    label = "Card rules"
    object_types: ClassVar[dict[str, ObjType]] = {"rule": ObjType("rule", "rule")}
    directives: ClassVar[dict[str, type[Any]]] = {"rule": RuleDirective}
    roles: ClassVar[dict[str, Any]] = {"rule": RuleRole()}
    indices: ClassVar[list[type[Index]]] = [RuleIndex]
    dangling_warnings: ClassVar[dict[str, str]] = {"rule": "unknown rule id: %(target)s"}
    initial_data: ClassVar[dict[str, Any]] = {"rules": {}}
    data_version = 1

    @property
    def rules(self) -> dict[str, RuleEntry]:
        """Rule id -> where it is defined."""
        return cast("dict[str, RuleEntry]", self.data.setdefault("rules", {}))

    def note_rule(
        self, rule_id: str, entry: RuleEntry, location: tuple[str, int | None] | None = None
    ) -> None:
        """Record a rule's definition, warning if another entry already defines it."""
        if rule_id in self.rules:
            other = self.rules[rule_id]
            logger.warning(
                "rule %s is defined twice (also in %s, line %s)",
                rule_id,
                other.docname,
                other.line,
                location=location,
                type="cardrules",
                subtype="duplicate",
            )
            return
        self.rules[rule_id] = entry

    def clear_doc(self, docname: str) -> None:
        for rule_id, entry in list(self.rules.items()):
            if entry.docname == docname:
                del self.rules[rule_id]

    def merge_domaindata(self, docnames: Set[str], otherdata: dict[str, Any]) -> None:
        others = cast("dict[str, RuleEntry]", otherdata.get("rules", {}))
        for rule_id, entry in others.items():
            if entry.docname in docnames:
                self.note_rule(rule_id, entry)

    def resolve_xref(
        self,
        env: BuildEnvironment,
        fromdocname: str,
        builder: Builder,
        typ: str,
        target: str,
        node: pending_xref,
        contnode: Element,
    ) -> nodes.reference | None:
        entry = self.rules.get(target)
        if entry is None:
            return None
        return make_refnode(builder, fromdocname, entry.docname, entry.anchor, contnode, entry.summary)

    def resolve_any_xref(
        self,
        env: BuildEnvironment,
        fromdocname: str,
        builder: Builder,
        target: str,
        node: pending_xref,
        contnode: Element,
    ) -> list[tuple[str, nodes.reference]]:
        found = self.resolve_xref(env, fromdocname, builder, "rule", target, node, contnode)
        return [] if found is None else [(f"{DOMAIN}:rule", found)]

    def get_objects(self) -> Iterator[tuple[str, str, str, str, str, int]]:
        for rule_id, entry in self.rules.items():
            yield rule_id, rule_id, "rule", entry.docname, entry.anchor, 1

    def check_consistency(self) -> None:
        expected = cast("Mapping[str, Sequence[object]]", self.env.config.cardrules_expected_rules)
        if not expected:
            return
        for rule_id, (kind, options) in expected.items():
            entry = self.rules.get(rule_id)
            if entry is None:
                logger.warning("rule %s has no entry in the rules reference", rule_id, type="cardrules")
                continue
            location = (entry.docname, entry.line)
            if entry.kind != str(kind):
                logger.warning(
                    "rule %s is documented with kind %s, but the rule book says %s",
                    rule_id,
                    entry.kind,
                    kind,
                    location=location,
                    type="cardrules",
                )
            if set(entry.options) != {str(o) for o in cast("Iterable[object]", options)}:
                logger.warning(
                    "rule %s is documented with options %s, but the rule book says %s",
                    rule_id,
                    ", ".join(entry.options) or "none",
                    ", ".join(str(o) for o in cast("Iterable[object]", options)) or "none",
                    location=location,
                    type="cardrules",
                )
        for rule_id, entry in self.rules.items():
            if rule_id not in expected:
                logger.warning(
                    "rule %s is documented but no rule book has it",
                    rule_id,
                    location=(entry.docname, entry.line),
                    type="cardrules",
                )


def setup(app: Sphinx) -> ExtensionMetadata:
    """Register the domain, and ``rule`` and ``:rule:`` without a prefix."""
    app.require_sphinx("7.2")
    app.add_domain(RulesDomain)
    app.add_directive("rule", RuleDirective)
    app.add_role("rule", RuleRole())
    app.add_config_value("cardrules_expected_rules", {}, "env", types=frozenset({dict}))
    app.add_config_value("cardrules_source_titles", {}, "env", types=frozenset({dict}))
    app.add_event("cardrules-rule-content")
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True, "env_version": 1}
