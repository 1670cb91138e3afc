"""Sphinx configuration for the cardrules documentation.

Build with ``sphinx-build -n -W --keep-going -b html docs docs/_build/html``; the
``doctest`` builder runs every example in the pages (tests/test_docstrings.py runs the docstrings' examples).
The build needs no network: intersphinx is deliberately not used.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING

from docutils import nodes
from sphinx import addnodes
from sphinx.ext.napoleon import _process_docstring as napoleon_process_docstring

if TYPE_CHECKING:
    from sphinx.application import Sphinx
    from sphinx.ext.autodoc._property_types import _AutodocObjType

DOCS = Path(__file__).resolve().parent
sys.path.insert(0, str(DOCS / "_ext"))
sys.path.insert(0, str(DOCS.parent))  # document the checkout, installed or not
sys.path.insert(0, str(DOCS.parent / "examples"))  # the testing guide imports examples/toy_whist.py

import cardrules  # noqa: E402
from cardrules.games import rule_books  # noqa: E402

try:  # the proofs need z3; without it the docs still build, listing no proofs
    from proofs import claims_for
    from proofs.coverage import code_coverage
except ImportError:  # pragma: no cover - z3 is part of every documented setup
    claims_for = None
    code_coverage = None

# -- Project ------------------------------------------------------------------

project = "cardrules"
author = "the cardrules authors"
copyright = "the cardrules authors"
release = cardrules.__version__
version = ".".join(release.split(".")[:2])
language = "en"

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
    "sphinx.ext.doctest",
    "cardrules_rules",
    "cardrules_traceability",
    "cardrules_examples",
]

exclude_patterns = ["_build", "Thumbs.db", ".DS_Store"]
nitpicky = True
default_role = "code"  # bare `backticks` are code, never a silent cross-reference

# -- Rules reference ------------------------------------------------------------

# Every rule the library's rule books know must have exactly one ``.. rule::``
# entry with the same kind and options, and no page may define another id
# (see _ext/cardrules_rules.py). Every game's book includes the common rules.
cardrules_expected_rules = {
    rule.id: (rule.kind.value, rule.options) for book in rule_books().values() for rule in book
}

# The original texts, cited by file name in the specification: a rule entry
# shows the title, and keeps the file name and the text's own heading in its
# folded detail.
cardrules_source_titles = {
    "000_18fd6b87590c8e2b.txt": (
        "the Indonesian rule text",
        "Fildinsky: Permainan Kartu Strategi Dua Pemain",
    ),
    "001_eb07f1e65d815eee.txt": ("the Indonesian rule text", "Whist Islandia"),
    "002_56cd3db6ba8e169f.txt": ("the Dutch rule text", "Fildinski, 2 spelers - Spelregels"),
    "003_2463ec5744ddca0f.txt": (
        "the Indonesian rule text",
        "Backstab Fish: Permainan Kartu Memancing yang Seru",
    ),
    "004_1e8cff621a5a98b3.txt": (
        "the Indonesian rule text",
        "Calabresella: Permainan Kartu Strategi Tiga Pemain dari Italia",
    ),
}

# Worked examples (_ext/cardrules_examples.py): positions and actions stored as
# data, judged and drawn by the engine at build time under each rule's entry.
cardrules_examples_dir = str(DOCS / "rules" / "examples")

# -- Traceability ---------------------------------------------------------------

# Every build scans the repository for each rule id's code sites, marked tests
# and proofs (_ext/cardrules_trace.py, shared with tests/test_traceability.py):
# traceability.rst shows the result and every rule entry links its tests and
# proofs. The specification next to the repository is read only for its Check:
# lines; without it the page says so and the build goes on.
cardrules_trace_root = str(DOCS.parent)
cardrules_trace_spec = str(DOCS.parent.parent / "shared" / "rules")
cardrules_trace_proofs = {} if claims_for is None else {c.name: c.rule_ids for c in claims_for()}
# Per legality and scoring rule: whether the engine function that decides it is
# proved over all its inputs (proofs/coverage.py), by which claims, and if not
# why not and what bounded check stands in.
cardrules_trace_code = (
    {}
    if claims_for is None or code_coverage is None
    else {
        item.rule_id: (
            item.status,
            item.claims,
            item.gap.reason if item.gap else "",
            item.gap.bounded if item.gap else "",
        )
        for item in code_coverage(
            [rule for rule, (kind, _) in cardrules_expected_rules.items() if kind in ("legality", "scoring")],
            claims_for(),
        )
    }
)

# -- autodoc and napoleon -----------------------------------------------------

autodoc_default_options = {
    "members": True,
    "member-order": "bysource",
    "show-inheritance": True,
}
autodoc_typehints = "description"
autodoc_typehints_format = "short"
autodoc_preserve_defaults = True
autodoc_class_signature = "mixed"


# A phase module imports its game's state only for type checking (the state module imports the
# phase modules, to name their functions in its action table), so autodoc could not evaluate the
# phase functions' annotations. Once every module is loaded, give each phase module the names it
# imports for type checking, for the docs only, so that its signatures link as the code means them.
def _names_for_the_docs() -> None:
    import importlib

    for game, cls, modules, extra in (
        ("felagsvist", "FelagsvistState", ("play",), ("History",)),
        ("fildinski", "FildinskiState", ("play", "meld_step", "meld_conditions", "dix", "procedure"), ()),
        ("calabresella", "CalabresellaState", ("auction", "exchange", "play", "procedure"), ()),
        ("backstab_fish", "BackstabFishState", ("turn", "lay_down", "procedure"), ()),
    ):
        state = importlib.import_module(f"cardrules.games.{game}.state")
        for name in modules:
            module = importlib.import_module(f"cardrules.games.{game}.{name}")
            for attr in (cls, *extra):
                vars(module).setdefault(attr, getattr(state, attr))


_names_for_the_docs()

napoleon_google_docstring = True
napoleon_numpy_docstring = False
napoleon_use_rtype = True
napoleon_attr_annotations = True

# Without intersphinx (no network), references to the standard library cannot
# be resolved. Ignore exactly those: every reference into cardrules must resolve.
nitpick_ignore_regex = [
    (r"py:(class|obj|data|exc)", r"(collections\.abc|enum|dataclasses|typing|random)\..*"),
    (r"py:class", r"(Sequence|Mapping|Iterable|Iterator|Enum|IntEnum)"),
    (r"py:class", r"(pathlib|hypothesis)\..*"),
    (r"py:class", r"concurrent\.futures\..*"),
    # The agent frameworks' own classes (OpenSpiel, PettingZoo, Gymnasium, NumPy) have no docs here.
    (r"py:(class|obj)", r"(pyspiel|pettingzoo|gymnasium|numpy|np)\..*"),
]
nitpick_ignore = [
    # Verdict's private base: the slot of a reason written when it is first read (cardrules.verdict).
    ("py:class", "cardrules.verdict._Wording"),
    # Private helpers of cardrules.options that appear in build_options' signature.
    ("py:class", "cardrules.options.T"),
    # The type variables of the generic protocols and of the shared Game code.
    ("py:class", "cardrules.game.StateT_co"),
    ("py:class", "cardrules.game.ObsT_co"),
    ("py:obj", "cardrules.game.ObsT_co"),
    ("py:obj", "cardrules.game.StateT_co"),
    ("py:class", "cardrules.state_base.S"),
    ("py:class", "cardrules.state_base.A"),
    ("py:class", "cardrules.state_base.R"),
    ("py:class", "cardrules.state_base.ObsT"),
    ("py:class", "cardrules.state_base.HandT"),
    ("py:class", "cardrules.state_base.EndT"),
    ("py:class", "cardrules.state_base.ActT"),
    ("py:obj", "cardrules.state_base.ActT"),
    ("py:obj", "cardrules.state_base.ObsT"),
    ("py:obj", "cardrules.state_base.HandT"),
    ("py:obj", "cardrules.state_base.EndT"),
    ("py:obj", "cardrules.state_base.T_co"),
    ("py:obj", "cardrules.state_base.S"),
    # A state's ending type, named (quoted) in its base class StateBase[...]: the ending imports the state.
    ("py:class", "FelagsvistEnding"),
    ("py:class", "FildinskiEnding"),
    ("py:class", "CalabresellaEnding"),
    ("py:obj", "cardrules.state_base.A"),
    ("py:obj", "cardrules.state_base.R"),
    ("py:class", "cardrules.base.OptionsT"),
    ("py:class", "cardrules.base.StateT"),
    ("py:obj", "cardrules.base.OptionsT"),
    ("py:obj", "cardrules.base.StateT"),
    ("py:class", "cardrules.frozen.T"),
    ("py:class", "cardrules.shuffling.T"),
    ("py:class", "cardrules.games.calabresella.cards.T"),
    ("py:class", "cardrules.position.T"),
    ("py:class", "cardrules.parallel.T"),
    ("py:class", "cardrules.parallel.R"),
    # Internal values that appear in the signatures of the position checks.
    ("py:class", "Counts"),
    ("py:class", "cardrules.games.fildinski.position_copies.Tok"),
    ("py:class", "cardrules.games.fildinski.position_history.T"),
    # Backstab Fish's private type aliases of its event chain.
    ("py:class", "Event"),
    ("py:class", "EventChain"),
]

# -- Hooks ----------------------------------------------------------------------

_ATTRIBUTE_LIKE = frozenset({"attribute", "property", "data"})


def _napoleon_without_inline_types(
    app: Sphinx, what: _AutodocObjType, name: str, obj: object, options: object, lines: list[str]
) -> None:
    """Run napoleon, but never read the start of an attribute's docstring as its type.

    Google style lets an attribute's docstring open with its type
    (``int: the count``), and napoleon reads any first line with a colon that
    way. cardrules never writes types there (the annotations carry them), and
    many first lines have a colon in the prose (``The suit symbol a player
    reads: ...``), which napoleon would turn into a bogus type. Passing no name
    makes napoleon treat such docstrings like any other; sections still work.
    """
    napoleon_process_docstring(app, what, "" if what in _ATTRIBUTE_LIKE else name, obj, options, lines)


def _no_object_base(app: Sphinx, name: str, obj: object, options: object, bases: list[type]) -> None:
    """Leave ``Bases: object`` out: every class has it, so it says nothing."""
    bases[:] = [base for base in bases if base is not object]


_LONGEST_VALUE = 80
"""A data value longer than this (a rule book, a deck) is left out of its signature."""


def _protocol_signature(
    app: Sphinx,
    what: str,
    name: str,
    obj: object,
    options: object,
    signature: str | None,
    return_annotation: str | None,
) -> tuple[str | None, str | None] | None:
    """A protocol is never constructed: leave out the ``(*args, **kwargs)`` it would otherwise show."""
    if what == "class" and getattr(obj, "_is_protocol", False) and signature == "(*args, **kwargs)":
        return "", return_annotation
    return None


def _short_values(app: Sphinx, doctree: nodes.document) -> None:
    """Drop an empty ``Bases:`` line, and the ``= value`` of a constant whose value would fill the page."""
    for paragraph in list(doctree.findall(nodes.paragraph)):
        if paragraph.astext().strip() == "Bases:" and isinstance(paragraph.parent, addnodes.desc_content):
            paragraph.parent.remove(paragraph)
    for desc in doctree.findall(addnodes.desc):
        if desc.get("objtype") not in ("data", "attribute"):
            continue
        for signature in desc.findall(addnodes.desc_signature):
            for annotation in list(signature.findall(addnodes.desc_annotation)):
                text = annotation.astext().strip()
                if text.startswith("=") and len(text) > _LONGEST_VALUE:
                    annotation.parent.remove(annotation)


def setup(app: Sphinx) -> None:
    app.connect("autodoc-process-bases", _no_object_base)
    app.connect("doctree-read", _short_values)
    app.connect("autodoc-process-signature", _protocol_signature)
    listeners = app.events.listeners["autodoc-process-docstring"]
    napoleon = [listener for listener in listeners if listener.handler is napoleon_process_docstring]
    if len(napoleon) != 1:
        raise RuntimeError("conf.py expects napoleon's docstring handler to be connected exactly once")
    app.disconnect(napoleon[0].id)
    app.connect("autodoc-process-docstring", _napoleon_without_inline_types, priority=napoleon[0].priority)


# -- doctest --------------------------------------------------------------------

# Pages carry their own imports, so an example that works here works for a reader.
doctest_global_setup = ""
# The examples in docstrings run in tests/test_docstrings.py, each in its own
# module's namespace; this build runs the examples written in the pages.
doctest_test_doctest_blocks = ""

# -- HTML -----------------------------------------------------------------------

html_theme = "furo"
html_title = f"cardrules {release}"
html_static_path = ["_static"]
html_css_files = ["cardrules.css"]
html_theme_options = {
    "navigation_with_keys": True,
}
