"""The drawing primitives of every picture: card faces and backs, rows, piles, text, the document.

Each function returns a fragment of SVG text (or, :func:`document`, a whole
document), placed by explicit coordinates in picture units (about pixels; a
card is :data:`CARD_WIDTH` by :data:`CARD_HEIGHT` at scale 1). The games'
``picture`` modules lay their tables out with them. The suit pips, the
joker's star and the card backs are shapes, not font glyphs; text uses
:data:`FONT`, a sans-serif stack every system has. Every text is escaped (control
characters too, so the SVG is well-formed XML), and
numbers are written with at most two decimals, so the same input always gives
the same bytes.

>>> from cardrules.cards import parse_card
>>> fragment = draw_card(face_of(parse_card("TH")), 10, 20, seat=1, zone="hand")
>>> fragment.startswith('<g class="card" data-card="TH" data-seat="1" data-zone="hand"')
True
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Final, TypeAlias

from cardrules.cards import Card, Joker, Suit
from cardrules.svg.marks import COLOURS, NO_MARKS, MarkLookup
from cardrules.text import markup_text

__all__ = [
    "CARD_HEIGHT",
    "CARD_WIDTH",
    "FONT",
    "FOUR_COLOURS",
    "INK",
    "LABEL_DROP",
    "LIFT",
    "STEP",
    "Face",
    "Shown",
    "document",
    "draw_box",
    "draw_card",
    "draw_pile",
    "draw_row",
    "draw_text",
    "face_of",
    "fit_size",
    "four_colour",
    "rank_face",
    "row_width",
    "text_width",
]

CARD_WIDTH: Final = 50
"""The width of a card at scale 1, in the picture's units (about pixels)."""
CARD_HEIGHT: Final = 70
"""The height of a card at scale 1."""
STEP: Final = 24
"""How far apart the cards of a hand stand at scale 1 (the visible strip of each)."""
LIFT: Final = 9
"""How much higher a marked card of a hand stands, at scale 1."""
LABEL_DROP: Final = 13
"""Where a card's label (who played it) stands: its baseline this far under the card, at any scale."""

FONT: Final = "DejaVu Sans, Verdana, Arial, Helvetica, sans-serif"
"""The font stack of every picture: sans-serif faces found on every system."""
INK: Final = "#1d2a1d"
"""The colour of text on the table."""

_RED: Final = "#c8102e"
_BLACK: Final = "#111111"
_JOKER_INK: Final = "#6a1b9a"
_RANK_INK: Final = "#1b3a5c"
_BACK: Final = "#2b4c8c"
_CARD_RECT: Final = '<rect x="0.5" y="0.5" width="49" height="69" rx="5" fill="#ffffff" stroke="#555555"/>'

# The suit pips and the joker's star, as shapes in a 100 x 100 box.
_PIPS: Final[Mapping[Suit, str]] = MappingProxyType(
    {
        Suit.HEARTS: '<path d="M50 95C22 72 2 52 2 30C2 12 15 3 28 3C39 3 46 10 50 20C54 10 61 3 72 3'
        'C85 3 98 12 98 30C98 52 78 72 50 95Z"/>',
        Suit.DIAMONDS: '<path d="M50 2L88 50L50 98L12 50Z"/>',
        Suit.SPADES: '<path d="M50 3C70 25 97 42 97 63C97 78 86 86 74 86C64 86 57 81 54 74C55 85 59 92 67 98'
        'L33 98C41 92 45 85 46 74C43 81 36 86 26 86C14 86 3 78 3 63C3 42 30 25 50 3Z"/>',
        Suit.CLUBS: '<circle cx="50" cy="24" r="20"/><circle cx="23" cy="58" r="20"/>'
        '<circle cx="77" cy="58" r="20"/><circle cx="50" cy="50" r="12"/>'
        '<path d="M45 55C45 78 41 90 32 98L68 98C59 90 55 78 55 55Z"/>',
    }
)
_STAR: Final = (
    '<path d="M50 4L61.8 35.8L95.7 37.2L69 58.2L78.2 90.8L50 72L21.8 90.8L31 58.2L4.3 37.2L38.2 35.8Z"/>'
)


def _n(value: float) -> str:
    """A coordinate as short, fixed text: at most two decimals, no trailing zeros."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def _escape(text: str) -> str:
    """``text`` for an SVG text node: ``&<>`` as entities, control characters as visible escapes."""
    return markup_text(text, quote=False)


def _attr(value: str) -> str:
    """``value`` escaped for a double-quoted attribute."""
    return _escape(value).replace('"', "&quot;")


@dataclass(frozen=True, slots=True)
class Face:
    """What a face-up card shows, and the name marks and tests know it by.

    Attributes:
        label: the rank as printed in the corner (``Q``, ``10``, ``JK``).
        suit: the suit whose pip and colour it shows, or ``None`` (a joker, or
            a rank alone in a game where suits do not matter).
        key: the card's name in ``data-card`` and for marks (``QS``; ``Q`` for a rank alone).
        title: what a screen reader says (``Q♠``).
        joker: whether it is a joker (drawn with a star).
    """

    label: str
    suit: Suit | None
    key: str
    title: str
    joker: bool = False


Shown: TypeAlias = "Face | None"
"""A card as a picture shows it: its face, or ``None`` for a card lying face down."""


def face_of(card: Card) -> Face:
    """The face of ``card`` (the joker included)."""
    if isinstance(card, Joker):
        return Face("JK", None, "JK", "joker", joker=True)
    return Face(card.rank.label, card.suit, str(card), card.pretty())


def rank_face(label: str, key: str | None = None, title: str | None = None) -> Face:
    """The face of a card known only by its rank (``label``, such as ``K``; ``JK`` is a joker)."""
    return Face(label, None, key or label, title or label, joker=label == "JK")


def text_width(text: str, size: float) -> float:
    """About how wide ``text`` is at font size ``size`` (for layout; generous for sans-serif)."""
    return 0.62 * size * len(text)


def fit_size(text: str, width: float, size: float, smallest: float = 9) -> float:
    """The font size, at most ``size`` and at least ``smallest``, at which ``text`` fits in ``width``."""
    if text_width(text, size) <= width:
        return size
    return max(smallest, math.floor(10 * width / (0.62 * max(1, len(text)))) / 10)


def draw_text(
    x: float,
    y: float,
    text: str,
    *,
    size: float = 13,
    anchor: str = "start",
    weight: str = "normal",
    fill: str = INK,
    css: str = "label",
) -> str:
    """A line of text with its baseline at ``y``; ``anchor`` is ``start``, ``middle`` or ``end``."""
    bold = ' font-weight="bold"' if weight == "bold" else ""
    return (
        f'<text class="{css}" x="{_n(x)}" y="{_n(y)}" font-size="{_n(size)}" text-anchor="{anchor}" '
        f'fill="{fill}"{bold}>{_escape(text)}</text>'
    )


def draw_box(
    x: float,
    y: float,
    width: float,
    height: float,
    *,
    fill: str = "none",
    stroke: str = "none",
    rx: float = 8,
) -> str:
    """A rounded rectangle (a zone of the table, a panel)."""
    line = "" if stroke == "none" else f' stroke="{stroke}" stroke-width="1.2"'
    return (
        f'<rect x="{_n(x)}" y="{_n(y)}" width="{_n(width)}" height="{_n(height)}" rx="{_n(rx)}" '
        f'fill="{fill}"{line}/>'
    )


def _suit_tag(suit: Suit | None) -> str:
    """The ``data-suit`` attribute written right after an ink's ``fill`` (see :func:`four_colour`)."""
    return "" if suit is None else f' data-suit="{suit.letter}"'


def _pip(suit: Suit | None, x: float, y: float, size: float, fill: str) -> str:
    shape = _STAR if suit is None else _PIPS[suit]
    return (
        f'<g transform="translate({_n(x)} {_n(y)}) scale({_n(size / 100)})" fill="{fill}"{_suit_tag(suit)}>'
        f"{shape}</g>"
    )


def _ink(face: Face) -> str:
    if face.joker:
        return _JOKER_INK
    if face.suit is None:
        return _RANK_INK
    return _RED if face.suit in (Suit.HEARTS, Suit.DIAMONDS) else _BLACK


def _face_body(face: Face, badge: str | None, small: bool) -> str:
    """The inside of a face-up card in card coordinates; ``small``: a bigger corner, for small cards."""
    ink = _ink(face)
    wide = len(face.label) > 1
    size: float
    if small:
        size, base, pip, spacing = (17 if wide else 22), 22, (4.0, 27.0, 17.0), -2.0
    else:
        size, base, pip, spacing = (12.5 if wide else 14), 16, (3.5, 19.0, 15.0), -0.5
    parts = [
        _CARD_RECT,
        f'<text x="3.5" y="{base}" font-size="{_n(size)}" font-weight="bold" '
        f'fill="{ink}"{_suit_tag(face.suit)} letter-spacing="{_n(spacing)}">{_escape(face.label)}</text>',
    ]
    if face.suit is not None or face.joker:
        parts.append(_pip(face.suit, *pip, ink))
        centre = (27.0, 44.0, 19.0) if small else (21.0, 37.0, 24.0)
        parts.append(_pip(face.suit, *centre, ink))
    elif not small:
        parts.append(
            f'<text x="45" y="62" font-size="24" font-weight="bold" text-anchor="end" '
            f'fill="{ink}">{_escape(face.label)}</text>'
        )
    if badge:
        y, size = (62, 15) if small else ((36 if face.suit is None else 44), 11)
        parts.append(
            f'<text x="4" y="{y}" font-size="{size}" font-weight="bold" fill="{INK}">{_escape(badge)}</text>'
        )
    return "".join(parts)


_BACK_BODY: Final = (
    f'<rect x="0.5" y="0.5" width="49" height="69" rx="5" fill="{_BACK}" stroke="#555555" stroke-width="1"/>'
    '<rect x="4" y="4" width="42" height="62" rx="3" fill="none" stroke="#ffffff" stroke-opacity="0.65"/>'
    '<path d="M25 14L40 35L25 56L10 35Z M25 22L34 35L25 48L16 35Z" fill="none" stroke="#ffffff" '
    'stroke-opacity="0.5"/>'
)


def draw_card(
    shown: Shown,
    x: float,
    y: float,
    *,
    scale: float = 1.0,
    seat: int | None = None,
    mark: str | None = None,
    badge: str | None = None,
    order: int | None = None,
    zone: str | None = None,
    label: str | None = None,
) -> str:
    """One card with its top-left corner at ``(x, y)``: face up, or face down for ``None``.

    ``seat`` is whose card it is (``data-seat``); ``mark`` a colour to outline
    it in (ignored for a face-down card); ``badge`` a short text under the
    corner (a count, ``×3``); ``order`` a small number in the corner (its place
    in a trick); ``zone`` where it lies (``data-zone``: ``hand``, ``trick``, ...);
    ``label`` a name written under the card, in its group (who played a trick
    card: ``N``, ``p1``), as large at every ``scale``, :data:`LABEL_DROP` below it.
    """
    where = ("" if seat is None else f' data-seat="{seat}"') + (
        "" if zone is None else f' data-zone="{zone}"'
    )
    at = f'transform="translate({_n(x)} {_n(y)})' + ("" if scale == 1 else f" scale({_n(scale)})") + '"'
    if shown is None:
        badge_text = (
            ""
            if not badge
            else f'<text x="25" y="40" font-size="14" font-weight="bold" text-anchor="middle" '
            f'fill="#ffffff">{_escape(badge)}</text>'
        )
        return f'<g class="card back"{where} {at}><title>a face-down card</title>{_BACK_BODY}{badge_text}</g>'
    marked = "" if mark is None else f' data-mark="{mark}"'
    parts = [
        f'<g class="card" data-card="{_attr(shown.key)}"{where}{marked} {at}>',
        f"<title>{_escape(shown.title)}</title>",
        _face_body(shown, badge, scale < 0.75),
    ]
    if order is not None:
        parts.append(
            f'<circle cx="11" cy="59" r="7" fill="{INK}"/><text x="11" y="62.5" font-size="10" '
            f'text-anchor="middle" fill="#ffffff">{order}</text>'
        )
    if mark is not None:
        parts.append(
            f'<rect x="1" y="1" width="48" height="68" rx="5" fill="none" stroke="{mark}" '
            'stroke-width="3.5"/>'
        )
    if label:
        parts.append(
            f'<text class="seat-label" x="{CARD_WIDTH / 2:g}" y="{_n(CARD_HEIGHT + LABEL_DROP / scale)}" '
            f'font-size="{_n(11 / scale)}" font-weight="bold" text-anchor="middle" fill="{INK}">'
            f"{_escape(label)}</text>"
        )
    parts.append("</g>")
    return "".join(parts)


def row_width(count: int, *, scale: float = 1.0, step: float = STEP) -> float:
    """How wide a row of ``count`` overlapping cards is (0 for none)."""
    return 0 if count <= 0 else scale * ((count - 1) * step + CARD_WIDTH)


def draw_row(
    cards: Sequence[Shown],
    x: float,
    y: float,
    *,
    seat: int | None = None,
    marks: MarkLookup = NO_MARKS,
    scale: float = 1.0,
    step: float = STEP,
    badges: Sequence[str | None] = (),
    zone: str | None = "hand",
) -> str:
    """Cards overlapping left to right from ``(x, y)``, as a hand is held; a marked card stands higher.

    The row is :func:`row_width` wide and ``LIFT * scale`` taller than a card
    above ``y``: a card marked ``disputed`` rises that far, a card with any
    other mark half as far, so the disputed card stands out of a row of legal
    alternatives.
    """
    parts = []
    for n, shown in enumerate(cards):
        mark = None if shown is None else marks.colour(shown.key, seat)
        lift = 0 if mark is None else LIFT * scale * (1 if mark == COLOURS["disputed"] else 0.5)
        badge = badges[n] if n < len(badges) else None
        parts.append(
            draw_card(
                shown,
                x + n * step * scale,
                y - lift,
                scale=scale,
                seat=seat,
                mark=mark,
                badge=badge,
                zone=zone,
            )
        )
    return "".join(parts)


def draw_pile(
    count: int,
    x: float,
    y: float,
    *,
    scale: float = 1.0,
    caption: str | None = None,
    seat: int | None = None,
    zone: str = "stock",
) -> str:
    """A face-down pile of ``count`` cards (drawn as a short stack) with the count on it; empty: an outline.

    ``caption`` is written under it (``stock``). The pile is one card element
    of ``zone`` (whose, ``seat``), with the class ``back``.
    """
    parts = []
    if count <= 0:
        parts.append(
            f'<rect x="{_n(x)}" y="{_n(y)}" width="{_n(CARD_WIDTH * scale)}" '
            f'height="{_n(CARD_HEIGHT * scale)}" rx="5" fill="none" stroke="#8a9a8a" stroke-dasharray="4 3"/>'
        )
    else:
        depth = min(3, count)
        for k in range(depth - 1):
            offset = (depth - 1 - k) * 2.5 * scale
            parts.append(
                f'<rect class="pile" x="{_n(x + offset)}" y="{_n(y - offset)}" '
                f'width="{_n(CARD_WIDTH * scale)}" height="{_n(CARD_HEIGHT * scale)}" rx="5" fill="{_BACK}" '
                'stroke="#555555"/>'
            )
        parts.append(draw_card(None, x, y, scale=scale, seat=seat, badge=str(count), zone=zone))
    if caption:
        parts.append(
            draw_text(
                x + CARD_WIDTH * scale / 2, y + CARD_HEIGHT * scale + 14, caption, size=11, anchor="middle"
            )
        )
    return "".join(parts)


FOUR_COLOURS: Final[Mapping[Suit, str]] = MappingProxyType(
    {Suit.SPADES: _BLACK, Suit.HEARTS: _RED, Suit.DIAMONDS: "#1f5fbf", Suit.CLUBS: "#15803d"}
)
"""The inks of the four-colour pack: spades black, hearts red, diamonds blue, clubs green."""


def four_colour(picture: str) -> str:
    """``picture`` (a document or fragment of this module) drawn in the four-colour pack.

    Every suit ink is written ``fill="..." data-suit="X"``, so the two black
    suits (and the two red ones) can be told apart by colour as well as by
    shape: clubs turn green and diamonds blue (:data:`~cardrules.svg.draw.FOUR_COLOURS`). Nothing
    else changes; a face-down card has no ink and stays as it was.
    """
    for suit, ink in FOUR_COLOURS.items():
        usual = _BLACK if suit in (Suit.SPADES, Suit.CLUBS) else _RED
        picture = picture.replace(f'fill="{usual}"{_suit_tag(suit)}', f'fill="{ink}"{_suit_tag(suit)}')
    return picture


def document(width: float, height: float, title: str, body: str, *, background: str = "#f4f7f2") -> str:
    """A whole SVG document of ``width`` by ``height`` units holding ``body``, titled ``title``."""
    w, h = _n(width), _n(height)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}" width="{w}" height="{h}" '
        f'font-family="{FONT}">'
        f"<title>{_escape(title)}</title>"
        f'<rect width="{w}" height="{h}" fill="{background}"/>{body}</svg>'
    )
