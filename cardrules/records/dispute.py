"""A dispute report: one step of a record as a page a person can send to the other players.

The page shows the table as the actor saw it when they acted (their
observation, drawn by :mod:`cardrules.svg`: the other hands face down), the
action marked red and the legal alternatives marked green, then the verdict,
the statement of every rule it names with its id, the legal alternatives and
the position (to pose the dispute again with ``cardrules judge``), in its short
form unless asked for the full one (``future=True``, ``--full``): the seed and
the later deals' deck orders decide nothing in the deal in dispute.
:func:`dispute_svg` writes it as one SVG document and :func:`dispute_html` as
one self-contained HTML page; ``cardrules explain RECORD --step N --svg FILE``
and ``--html FILE`` write them.

>>> import cardrules
>>> from cardrules.records import explain, record_of
>>> game = cardrules.get_game("felagsvist", first_dealer="N")
>>> start = game.new_game(seed=3)
>>> record = record_of(game, start, ["p2 play 7C"])   # out of turn: p1 leads
>>> page = dispute_html(explain(record, 0))
>>> "common.turn.player-to-act" in page and page.count("<svg") == 1
True
"""

from __future__ import annotations

import re
from typing import Final

from cardrules.games import from_position
from cardrules.records.explain import Explanation
from cardrules.records.model import seat_token
from cardrules.svg import judged
from cardrules.text import markup_text as escape

__all__ = ["dispute_html", "dispute_svg", "report_lines"]

_SIZE: Final = re.compile(r'viewBox="0 0 ([0-9.]+) ([0-9.]+)"')
_LINE: Final = 20
"""The height of one line of text under the picture, in SVG units."""
_WRAP: Final = 130
"""Characters to a line of text under the picture."""


def _picture(explanation: Explanation) -> str:
    """The table as the actor saw it, the action red and its legal alternatives green."""
    return judged(from_position(explanation.position), explanation.action, seat=explanation.actor)


def report_lines(explanation: Explanation) -> tuple[str, ...]:
    """The report's text, a line each: the step, the action, the verdict, the rules, the alternatives.

    >>> import cardrules
    >>> from cardrules.records import explain, record_of
    >>> game = cardrules.get_game("felagsvist", first_dealer="N")
    >>> report_lines(explain(record_of(game, game.new_game(seed=3), ["p1 play 7C"]), 0))[1]
    'p1 play 7C: legal'
    """
    e = explanation
    verdict = "legal" if e.verdict.legal else "illegal"
    where = f"of steps 0 to {e.steps - 1}" if e.steps > 1 else "the record's only step"
    lines = [f"The dispute at step {e.step} ({where}), as {seat_token(e.actor)} saw it"]
    lines.append(f"{e.action}: {verdict}")
    reason = e.verdict.reason
    lines.append(reason[:1].upper() + reason[1:])  # the verdict's reason, as a sentence
    if e.entry.comment:
        lines.append(f"comment: {' '.join(e.entry.comment.split())}")
    lines += [f"{rule}: {statement}" for rule, statement in e.statements]
    alternatives = ", ".join(e.legal_actions) if e.legal_actions else "none (the game was over)"
    lines.append(f"legal here: {alternatives}")
    return tuple(lines)


def _wrapped(line: str) -> list[str]:
    words, out, current = line.split(), [], ""
    for word in words:
        if current and len(current) + 1 + len(word) > _WRAP:
            out.append(current)
            current = word
        else:
            current = f"{current} {word}" if current else word
    out.append(current)
    return out


def dispute_svg(explanation: Explanation, *, future: bool = False) -> str:
    """The report as one SVG document: the picture, then the text (the full position with ``future``)."""
    picture = _picture(explanation)
    size = _SIZE.search(picture)
    width, height = (float(size.group(1)), float(size.group(2))) if size else (960.0, 600.0)
    lines = [part for line in report_lines(explanation) for part in _wrapped(line)]
    lines.append("position:")
    lines += _wrapped(explanation.position_text(future=future))
    text_height = _LINE * (len(lines) + 1)
    total = height + text_height
    texts = []
    for n, line in enumerate(lines):
        weight = ' font-weight="bold"' if n == 1 else ""
        colour = "#a32020" if n == 1 and not explanation.verdict.legal else "#1d2a1d"
        texts.append(
            f'<text x="16" y="{height + _LINE * (n + 1):.0f}" font-size="13" fill="{colour}"{weight}>'
            f"{escape(line, quote=False)}</text>"
        )
    title = f"cardrules dispute: step {explanation.step}, {explanation.action}"
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:.0f} {total:.0f}" '
        f'width="{width:.0f}" height="{total:.0f}" font-family="DejaVu Sans, Verdana, sans-serif">'
        f"<title>{escape(title, quote=False)}</title>"
        f'<rect width="100%" height="100%" fill="#ffffff"/>'
        f"{picture}{''.join(texts)}</svg>"
    )


def dispute_html(explanation: Explanation, *, future: bool = False) -> str:
    """The report as one self-contained HTML page (the picture inline, no file or script beside it).

    The position is the short form; with ``future``, the full one.
    """
    lines = report_lines(explanation)
    verdict_class = "legal" if explanation.verdict.legal else "illegal"
    rules = "".join(f"<li><code>{escape(r)}</code>: {escape(s)}</li>" for r, s in explanation.statements)
    comment = f"<p>{escape(lines[3])}</p>" if explanation.entry.comment else ""
    alternatives = escape(lines[-1].removeprefix("legal here: "))
    return f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>{escape(f"Dispute: step {explanation.step}, {explanation.action}")}</title>
<style>
body {{ font-family: "DejaVu Sans", Verdana, sans-serif; max-width: 1000px; margin: 1.5em auto; }}
body {{ color: #1d2a1d; }}
.illegal {{ color: #a32020; }} .legal {{ color: #1f7a2e; }}
code, .position {{ font-family: "DejaVu Sans Mono", monospace; font-size: 0.85em; }}
.position {{ word-break: break-all; background: #f4f7f2; padding: 0.6em; }}
svg {{ max-width: 100%; height: auto; }}
</style>
</head>
<body>
<h1>{escape(lines[0])}</h1>
{_picture(explanation)}
<h2 class="{verdict_class}">{escape(lines[1])}</h2>
<p>{escape(explanation.verdict.reason)}</p>
{comment}
<ul>{rules}</ul>
<p>Legal here: {alternatives}</p>
<p>Position (pose it again with <code>cardrules judge POSITION ACTION</code>):</p>
<p class="position">{escape(explanation.position_text(future=future))}</p>
</body>
</html>
"""
