"""Pictures as SVG text, written by the library itself: cards, hands, tricks and whole tables.

Every function here returns a plain ``str``, an SVG document: valid XML with
a ``viewBox`` and a ``<title>``, no dependency, nothing random and nothing
read from outside, so the same input always gives the same bytes. The
primitives the games' ``picture`` modules draw with are in
:mod:`cardrules.svg.draw`; marks (which cards to highlight) in
:mod:`cardrules.svg.marks`.

The documents:

- :func:`card`: one card, face up or (``None``) face down;
- :func:`hand`: cards in an overlapping row;
- :func:`trick`: the cards of a trick in play order, each with its seat's name under it;
- :func:`table`: a whole state (the table as an adjudicator sees it) or an
  observation (as one seat sees it: the cards it may not see are face down);
- :func:`judged`: the table as an action's actor saw it, the action marked
  red and the legal alternatives green (the dispute report and the rules
  reference's worked examples);
- :func:`four_colour`: any of these in the four-colour pack (clubs green,
  diamonds blue), which each of them also draws when given ``four_colours=True``.

Every card of a trick, in progress or the last one, carries the name of the
seat that played it, written under it in its own group.

>>> import cardrules, cardrules.svg
>>> state = cardrules.get_game("felagsvist").new_game(seed=1)
>>> text = cardrules.svg.table(state, marks={state.legal_actions()[0]: "disputed"})
>>> text.startswith("<svg") and text.count('class="card"') == 52 and text.count("data-mark=") == 1
True

How a table is drawn, the protocol: :func:`table` calls ``x._svg_table(marks)``
with the marks read into a :class:`~cardrules.svg.marks.Marks` value (see :class:`Pictured`). Every
game's states and observations have that method, which hands the value to the
game's own ``picture`` module; they inherit :class:`SvgPicture`, which adds
``svg(marks=...)`` (the same as :func:`table`) and ``_repr_svg_()``, so a
notebook shows a state or an observation as its table.

Marks highlight cards, as ``{target: colour}`` or a list of targets (each then
``"disputed"``). A target is a card (``Card`` or its text, ``"QS"``), marked
wherever it lies face up, or an action, whose cards are marked where its actor
holds or played them. A colour is a name of :data:`~cardrules.svg.marks.COLOURS` (``"disputed"``
is red, ``"legal"`` green) or ``#rgb``/``#rrggbb``. A marked card gets an
outline of its colour and, in a hand, stands a little higher (a ``"disputed"``
card twice as high as the others). A face-down card is never marked, so a
mark cannot tell a seat where a hidden card lies.

In the document, each card is a ``<g class="card">`` group; a face-up card
carries ``data-card`` (its text, ``QS``; a rank alone in Backstab Fish), a
face-down one the class ``back`` and no name (a face-down pile is one such
group, its size written on it); ``data-seat`` says whose it is, ``data-zone``
where it lies (``hand``, ``trick``, ``last-trick``, ``stock``, ``turn-up``,
``won``, ``meld``, ``monte``, ``laid``, ...) and ``data-mark`` gives its
mark's colour. A suit's ink (the rank and the pips of a face-up card) carries
``data-suit``, the suit's letter.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Protocol, runtime_checkable

from cardrules.cards import Card
from cardrules.errors import InvalidArgumentError
from cardrules.game import Action, AnyState
from cardrules.judging import read_text
from cardrules.svg.draw import (
    CARD_HEIGHT,
    CARD_WIDTH,
    LIFT,
    document,
    draw_card,
    draw_row,
    face_of,
    four_colour,
    row_width,
)
from cardrules.svg.marks import Marks, MarkSpec, read_colour, read_marks

__all__ = ["Pictured", "SvgPicture", "card", "four_colour", "hand", "judged", "table", "trick"]


def _pack(picture: str, four: bool) -> str:
    return four_colour(picture) if four else picture


def card(card: Card | None = None, *, mark: str | None = None, four_colours: bool = False) -> str:
    """One card as an SVG document: ``card`` face up, or a face-down card for ``None``.

    ``mark`` is a colour (see :data:`~cardrules.svg.marks.COLOURS`) to outline
    it in; ``four_colours`` draws it from the four-colour pack (clubs green,
    diamonds blue: :func:`four_colour`).

    >>> from cardrules.cards import parse_card
    >>> 'data-card="QS"' in card(parse_card("QS")), 'class="card back"' in card()
    (True, True)
    """
    colour = None if mark is None else read_colour(mark)
    shown = None if card is None else face_of(card)
    title = "a face-down card" if shown is None else shown.title
    return _pack(
        document(CARD_WIDTH + 8, CARD_HEIGHT + 8, title, draw_card(shown, 4, 4, mark=colour)), four_colours
    )


def hand(
    cards: Iterable[Card | None], *, marks: MarkSpec = None, title: str = "a hand", four_colours: bool = False
) -> str:
    """Cards in an overlapping row, as a hand is held (``None`` for a face-down card).

    >>> from cardrules.cards import parse_cards
    >>> hand(parse_cards("AS KH 7C"), marks={"KH": "legal"}).count("data-mark")
    1
    """
    shown = [None if c is None else face_of(c) for c in cards]
    lookup = read_marks(marks).lookup()
    width = max(row_width(len(shown)), CARD_WIDTH) + 16
    body = draw_row(shown, 8, 8 + LIFT, marks=lookup)
    return _pack(document(width, CARD_HEIGHT + LIFT + 16, title, body), four_colours)


def trick(
    plays: Iterable[tuple[int, Card]],
    *,
    marks: MarkSpec = None,
    seat_names: Sequence[str] = (),
    title: str = "a trick",
    four_colours: bool = False,
) -> str:
    """The cards of a trick in play order, leader first, each over its seat (``p0``, or ``seat_names``).

    Each card is numbered in play order and carries its seat's name under it.

    >>> from cardrules.cards import parse_card
    >>> trick([(1, parse_card("QS")), (2, parse_card("AS"))]).count('class="card"')
    2
    """
    played = list(plays)
    lookup = read_marks(marks).lookup()
    parts = []
    for n, (seat, c) in enumerate(played):
        x = 8 + n * (CARD_WIDTH + 10)
        shown = face_of(c)
        name = seat_names[seat] if seat < len(seat_names) else f"p{seat}"
        mark = lookup.colour(shown.key, seat)
        parts.append(draw_card(shown, x, 8, seat=seat, mark=mark, order=n + 1, zone="trick", label=name))
    width = max(1, len(played)) * (CARD_WIDTH + 10) + 6
    return _pack(document(width, CARD_HEIGHT + 28, title, "".join(parts)), four_colours)


@runtime_checkable
class Pictured(Protocol):
    """What :func:`table` draws: a value with a ``_svg_table`` method (a game's states and observations)."""

    def _svg_table(self, marks: Marks) -> str:
        """The whole table as an SVG document, with ``marks``."""
        ...


def table(x: object, *, marks: MarkSpec = None, four_colours: bool = False) -> str:
    """A whole table as an SVG document: a state as an adjudicator sees it, an observation as its seat does.

    ``marks`` highlights cards (see the module's docstring); ``four_colours``
    draws the cards from the four-colour pack (:func:`four_colour`).

    Raises:
        InvalidArgumentError: ``x`` is not a state or an observation of a game
            (it has no ``_svg_table`` method), or the marks are malformed.
        InvalidNotationError: a mark's text is not a card.
    """
    if not isinstance(x, Pictured):
        raise InvalidArgumentError(f"cannot draw {type(x).__name__}: give a game's state or observation")
    return _pack(x._svg_table(read_marks(marks)), four_colours)


def judged(
    state: AnyState, action: Action | str, *, seat: int | None = None, four_colours: bool = False
) -> str:
    """The table as the actor saw it when they acted: ``action`` marked red, the legal alternatives green.

    The picture is ``seat``'s observation (by default the action's own seat, or
    the player to act when the text is no action of the game), so the other
    hands lie face down; every legal action of ``state`` is marked ``"legal"``
    and the judged one ``"disputed"``, which wins where both name a card. The
    dispute report and the rules reference's worked examples draw with it.

    >>> import cardrules
    >>> state = cardrules.get_game("felagsvist", first_dealer="N").new_game(seed=3)
    >>> picture = judged(state, "p1 play 7C")
    >>> picture.count('data-mark="#d62728"'), picture.count('data-mark="#2ca02c"')
    (1, 12)
    """
    read = read_text(state, action) if isinstance(action, str) else action
    marks: dict[Action | str, str] = {read: "disputed"} if isinstance(read, Action) else {}
    for legal in state.legal_actions():
        marks.setdefault(legal, "legal")  # the first mark of a card wins: the disputed one
    if seat is None:
        seat = read.seat if isinstance(read, Action) else max(state.current_player, 0)
    return table(state.observation(seat), marks=marks, four_colours=four_colours)


class SvgPicture:
    """The picture methods of a state or an observation: ``svg(marks=...)`` and notebook display.

    A class that inherits it writes ``_svg_table(marks)``, which calls its
    game's picture code.
    """

    __slots__ = ()

    def _svg_table(self, marks: Marks) -> str:
        """The whole table as an SVG document (each game's states and observations define it)."""
        raise NotImplementedError

    def svg(self, marks: MarkSpec = None, *, four_colours: bool = False) -> str:
        """This table as an SVG document, with ``marks`` (see :func:`cardrules.svg.table`)."""
        return table(self, marks=marks, four_colours=four_colours)

    def _repr_svg_(self) -> str:
        """The table, for notebooks (Jupyter shows it inline)."""
        return table(self)
