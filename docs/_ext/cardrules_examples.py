"""Sphinx support for worked examples: each rule's examples drawn and judged at build time.

The examples are data (``docs/rules/examples/*.toml``, read by
``rule_examples.py``): a position, an action and a caption under a rule id.
At build time each is read with :func:`cardrules.from_position`, judged by the
engine and drawn as the actor saw it (:func:`cardrules.svg.judged`: the action
red, the legal alternatives green), with the verdict, the rules it names and
the alternatives beside the picture. Nothing is stored but the question, so a
page always shows the engine's present answer.

- Every ``.. rule::`` entry shows the examples of its id, under its statement
  (``cardrules_rules`` emits ``cardrules-rule-content`` for each entry).
- ``.. rule-example:: <rule id>`` shows a rule's examples anywhere else; with
  ``:compare:`` it shows only the examples that compare option values, each
  judged under every value, side by side (the disputed points use it);
  ``:index: N`` picks one example (counting from 1).

Configuration: ``cardrules_examples_dir``, the directory of the example files
(no examples without it). An example whose position does not read, or whose
verdict does not say what it ``shows``, is a build warning.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from random import Random
from typing import TYPE_CHECKING, Any, ClassVar

from docutils import nodes
from docutils.parsers.rst import directives
from rule_examples import Judged, RuleExample, examples_by_rule, judge, judge_under, load_examples
from sphinx import addnodes
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

import cardrules
from cardrules import records
from cardrules.cards import Card
from cardrules.game import Action, AnyState
from cardrules.svg import judged, table, trick

if TYPE_CHECKING:
    from docutils.nodes import Node
    from sphinx.application import Sphinx
    from sphinx.environment import BuildEnvironment
    from sphinx.util.typing import ExtensionMetadata, OptionSpec

__all__ = ["RuleExampleDirective", "example_nodes", "setup"]

logger = logging.getLogger(__name__)

_SEAT_FIRST = re.compile(r"p\d+\b")

_SHOWN_ALTERNATIVES = 10
"""How many legal alternatives are listed before the rest are counted."""


def _examples(env: BuildEnvironment) -> dict[str, list[RuleExample]]:
    directory = str(env.config.cardrules_examples_dir or "")
    if not directory:
        return {}
    cached: tuple[str, dict[str, list[RuleExample]]] | None = getattr(env, "_cardrules_examples", None)
    if cached is None or cached[0] != directory:
        cached = (directory, examples_by_rule(load_examples(Path(directory))))
        env._cardrules_examples = cached  # type: ignore[attr-defined]
    return cached[1]


def _rule_link(rule_id: str) -> addnodes.pending_xref:
    xref = addnodes.pending_xref(
        "", refdomain="cardrules", reftype="rule", reftarget=rule_id, refexplicit=False, refwarn=True
    )
    xref += nodes.literal(rule_id, rule_id)
    return xref


def _alternatives(legal: tuple[str, ...], limit: int = _SHOWN_ALTERNATIVES) -> list[Node]:
    if not legal:
        return [nodes.Text("none (the game is over)")]
    shown: list[Node] = []
    for n, text in enumerate(legal[:limit]):
        if n:
            shown.append(nodes.Text(", "))
        shown.append(nodes.literal(text, text))
    if len(legal) > limit:
        shown.append(nodes.Text(f" and {len(legal) - limit} more ({len(legal)} in all)"))
    return shown


def _verdict_paragraph(judged: Judged) -> nodes.paragraph:
    word = "legal" if judged.verdict.legal else "illegal"
    paragraph = nodes.paragraph(classes=["rule-example-verdict", word])
    paragraph += nodes.literal(judged.example.action, judged.example.action)
    paragraph += nodes.Text(": ")
    paragraph += nodes.strong(word, word)
    reason = judged.verdict.reason
    if not _SEAT_FIRST.match(reason):  # a seat token (p0) keeps its lower case
        reason = reason[:1].upper() + reason[1:]
    paragraph += nodes.Text(f". {reason}")
    if judged.verdict.rule_ids:
        paragraph += nodes.Text(" (")
        for n, rule_id in enumerate(judged.verdict.rule_ids):
            if n:
                paragraph += nodes.Text(", ")
            paragraph += _rule_link(rule_id)
        paragraph += nodes.Text(")")
    return paragraph


def _picture(judged: Judged, classes: str) -> nodes.raw:
    seat = f"p{judged.actor}"
    html = f'<div class="{classes}" role="img" aria-label="the table as {seat} saw it">{judged.picture}</div>'
    return nodes.raw("", html, format="html")


def _checked(judged: Judged, location: object) -> None:
    """Warn when the engine's answer is not what the example says it shows."""
    example = judged.example
    shown = "legal" if judged.verdict.legal else "illegal"
    if shown != example.shows:
        logger.warning(
            "example of %s (%s) shows %s, but the engine finds %s: %s",
            example.rule,
            example.where,
            example.shows,
            shown,
            judged.verdict.reason,
            location=location,
            type="cardrules",
            subtype="example",
        )
    elif shown == "illegal" and example.rule not in judged.verdict.rule_ids:
        logger.warning(
            "example of %s (%s) is illegal, but the verdict names %s",
            example.rule,
            example.where,
            ", ".join(judged.verdict.rule_ids),
            location=location,
            type="cardrules",
            subtype="example",
        )


def example_nodes(example: RuleExample, location: object) -> list[Node]:
    """One example: the picture beside the caption, the verdict, the alternatives and the position."""
    try:
        judged = judge(example)
    except Exception as error:  # any failure becomes one warning naming the example
        logger.warning(
            "example of %s (%s) cannot be judged: %s",
            example.rule,
            example.where,
            error,
            location=location,
            type="cardrules",
            subtype="example",
        )
        return []
    _checked(judged, location)
    box = nodes.container(classes=["rule-example", judged.example.shows])
    box += _picture(judged, "rule-example-picture")
    text = nodes.container(classes=["rule-example-text"])
    caption = nodes.paragraph(classes=["rule-example-caption"])
    caption += nodes.strong("Example", "Example")
    caption += nodes.Text(f" ({example.shows} play): {example.caption}")
    text += caption
    text += _verdict_paragraph(judged)
    seen = nodes.paragraph()
    seen += nodes.Text(
        f"Drawn as p{judged.actor} saw it: the action in red, the legal alternatives in green. "
    )
    seen += nodes.Text("Legal here: ")
    seen.extend(_alternatives(judged.legal_actions))
    text += seen
    text += nodes.raw(
        "", "<details><summary>The position (for <code>cardrules judge</code>)</summary>", format="html"
    )
    text += nodes.literal_block(example.position, example.position, classes=["rule-example-position"])
    text += nodes.raw("", "</details>", format="html")
    box += text
    return [box, *_comparison_nodes(example, location)]


def _comparison_nodes(example: RuleExample, location: object) -> list[Node]:
    """The example judged under each value of its option, side by side."""
    if not example.compare:
        return []
    try:
        under = judge_under(example)
    except Exception as error:
        logger.warning(
            "example of %s (%s) cannot be judged under %s: %s",
            example.rule,
            example.where,
            example.compare,
            error,
            location=location,
            type="cardrules",
            subtype="example",
        )
        return []
    box = nodes.container(classes=["rule-compare"])
    lead = nodes.paragraph()
    lead += nodes.Text("The same position and action under each value of ")
    lead += nodes.literal(example.compare, example.compare)
    lead += nodes.Text(":")
    box += lead
    row = nodes.container(classes=["rule-compare-row"])
    for one in under:
        column = nodes.container(classes=["rule-compare-column"])
        head = nodes.paragraph(classes=["rule-compare-head"])
        head += nodes.literal(one.option, one.option)
        column += head
        column += _picture(one, "rule-compare-picture")
        column += _verdict_paragraph(one)
        alternatives = nodes.paragraph()
        alternatives += nodes.Text("Legal here: ")
        alternatives.extend(_alternatives(one.legal_actions, limit=4))
        column += alternatives
        row += column
    box += row
    return [box]


def _rule_content(app: Sphinx, rule_id: str, content: nodes.Element, directive: SphinxDirective) -> None:
    """Put a rule's examples under its statement (before the entry's fields)."""
    found = _examples(directive.env).get(rule_id, [])
    if not found:
        return
    where = (directive.env.docname, directive.lineno)
    shown: list[Node] = []
    for example in found:
        shown.extend(example_nodes(example, where))
    # After the statement's paragraphs, before the first field list or details block.
    position = len(content.children)
    for n, child in enumerate(content.children):
        if not isinstance(child, nodes.paragraph):
            position = n
            break
    content[position:position] = shown


class RuleExampleDirective(SphinxDirective):
    """``.. rule-example:: <rule id>``: the rule's examples, or with ``:compare:`` its option comparisons."""

    has_content = False
    required_arguments = 1
    option_spec: ClassVar[OptionSpec] = {"compare": directives.flag, "index": directives.positive_int}

    def run(self) -> list[Node]:
        rule_id = self.arguments[0].strip()
        found = _examples(self.env).get(rule_id, [])
        if "compare" in self.options:
            found = [e for e in found if e.compare]
        if "index" in self.options:
            index = int(self.options["index"])
            found = found[index - 1 : index]
        if not found:
            logger.warning(
                "no example of %s to show here", rule_id, location=self.get_location(), type="cardrules"
            )
            return []
        where = (self.env.docname, self.lineno)
        shown: list[Node] = []
        for example in found:
            if "compare" in self.options:
                shown.extend(_comparison_nodes(example, where))
            else:
                shown.extend(example_nodes(example, where))
        return shown


def _option_pairs(argument: str | None) -> dict[str, str]:
    pairs: dict[str, str] = {}
    for word in (argument or "").split():
        name, sep, value = word.partition("=")
        if not sep:
            raise ValueError(f"{word!r} is not NAME=VALUE")
        pairs[name] = value
    return pairs


def _picture_box(picture: str, caption: str = "", css: str = "table-picture") -> list[Node]:
    box = nodes.container(classes=[f"{css}-box"])
    box += nodes.raw("", f'<div class="{css}">{picture}</div>', format="html")
    if caption:
        box += nodes.paragraph(caption, caption, classes=["picture-caption"])
    return [box]


class _SeededGameDirective(SphinxDirective):
    """The options every picture of a seeded game takes (see :class:`TablePictureDirective`)."""

    has_content = False
    required_arguments = 1
    option_spec: ClassVar[OptionSpec] = {
        "seed": directives.nonnegative_int,
        "options": _option_pairs,
        "random": directives.flag,
        "four-colours": directives.flag,
    }

    def new_game(self) -> tuple[AnyState, Callable[[AnyState], Action]]:
        """The seeded game's first state, and how the next action is chosen."""
        game = cardrules.get_game(self.arguments[0], **self.options.get("options", {}))
        seed = int(self.options.get("seed", 1))
        if "random" in self.options:
            rng = Random(seed)
            return game.new_game(seed=seed), lambda state: rng.choice(state.legal_actions())
        return game.new_game(seed=seed), lambda state: state.legal_actions()[0]


class TablePictureDirective(_SeededGameDirective):
    """``.. table-picture:: <game>``: a table drawn at build time from a seeded game, or from a record.

    Options: ``:seed:`` (default 1), ``:options:`` (``name=value`` words),
    ``:steps:`` (legal actions taken first: the first legal one each time, or
    with ``:random:`` one drawn by a random number generator seeded with the
    seed), ``:record:`` (a game record, relative to the repository, replayed
    instead, up to ``:steps:`` steps), ``:seat:`` (draw that seat's
    observation instead of the whole table), ``:mark-legal:`` (mark the legal
    actions green, the first one red), ``:four-colours:`` (the four-colour
    pack) and ``:caption:`` (a line under the picture).
    """

    option_spec: ClassVar[OptionSpec] = {
        **_SeededGameDirective.option_spec,
        "steps": directives.nonnegative_int,
        "record": directives.unchanged_required,
        "seat": directives.nonnegative_int,
        "mark-legal": directives.flag,
        "caption": directives.unchanged,
    }

    def _state(self) -> AnyState:
        steps = int(self.options.get("steps", 0))
        if "record" in self.options:
            path = Path(self.env.srcdir).parent / self.options["record"]
            for n, state in enumerate(records.replay(records.load(path))):
                if n == steps:
                    return state
            raise ValueError(f"{self.options['record']} has fewer than {steps} steps")
        state, choose = self.new_game()
        for _ in range(steps):
            state = state.apply(choose(state))
        return state

    def run(self) -> list[Node]:
        four = "four-colours" in self.options
        try:
            state = self._state()
            if "mark-legal" in self.options and state.legal_actions():
                seat = self.options.get("seat")
                picture = judged(
                    state,
                    state.legal_actions()[0],
                    seat=None if seat is None else int(seat),
                    four_colours=four,
                )
            elif "seat" in self.options:
                picture = table(state.observation(int(self.options["seat"])), four_colours=four)
            else:
                picture = table(state, four_colours=four)
        except Exception as error:  # one warning naming the directive's arguments
            logger.warning("cannot draw %s: %s", self.arguments[0], error, location=self.get_location())
            return []
        return _picture_box(picture, self.options.get("caption", ""))


class TrickPictureDirective(_SeededGameDirective):
    """``.. trick-picture:: <game>``: a finished trick of a seeded game, each card over its player.

    Options as :class:`TablePictureDirective` (``:seed:``, ``:options:``,
    ``:random:``, ``:four-colours:``), and ``:trick:``: which trick of the
    first deal (default 1). The game is played until that trick is complete;
    the picture shows its cards in play order, the winner's outlined in blue,
    and the caption says who led and who won.
    """

    option_spec: ClassVar[OptionSpec] = {**_SeededGameDirective.option_spec, "trick": directives.positive_int}

    def run(self) -> list[Node]:
        try:
            picture, caption = self._finished_trick()
        except Exception as error:  # one warning naming the directive's arguments
            logger.warning(
                "cannot draw a trick of %s: %s", self.arguments[0], error, location=self.get_location()
            )
            return []
        return _picture_box(picture, caption, css="trick-picture")

    def _finished_trick(self) -> tuple[str, str]:
        state, choose = self.new_game()
        seats = len(state.scores())
        wanted = int(self.options.get("trick", 1))
        while True:
            seen: Any = state.observation(0)
            if not seen.trick and len(seen.plays) == wanted * seats:
                break
            if len(seen.plays) > wanted * seats or not state.legal_actions():
                raise ValueError(
                    f"the first deal of seed {self.options.get('seed', 1)} has no trick {wanted}"
                )
            state = state.apply(choose(state))
        plays: tuple[tuple[int, Card], ...] = tuple(seen.plays[-seats:])
        names = cardrules.get_game(self.arguments[0]).info.seat_names or tuple(f"p{n}" for n in range(seats))
        winner = state.current_player
        won = [card for seat, card in plays if seat == winner]
        picture = trick(
            plays,
            marks={won[0]: "blue"} if won else None,
            seat_names=names,
            title=f"trick {wanted}",
            four_colours="four-colours" in self.options,
        )
        (lead_seat, lead), *_ = plays
        caption = f"Trick {wanted}: {names[lead_seat]} led the {lead.pretty()}"
        if won and winner == lead_seat:
            caption += " and won the trick with it (outlined)."
        elif won:
            caption += f"; {names[winner]} won it with the {won[0].pretty()} (outlined)."
        else:
            caption += "."
        return picture, caption


def setup(app: Sphinx) -> ExtensionMetadata:
    """Register ``rule-example`` and put each rule's examples into its entry."""
    app.setup_extension("cardrules_rules")
    app.add_config_value("cardrules_examples_dir", "", "env", types=frozenset({str}))
    app.add_directive("rule-example", RuleExampleDirective)
    app.add_directive("table-picture", TablePictureDirective)
    app.add_directive("trick-picture", TrickPictureDirective)
    app.connect("cardrules-rule-content", _rule_content)
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True, "env_version": 1}
