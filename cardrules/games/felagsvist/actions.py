"""Félagsvist actions: the only action is playing a card."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from operator import itemgetter
from typing import Final, TypeAlias, cast

from cardrules.cards import STANDARD_DECK, Card, is_card, parse_card
from cardrules.errors import InvalidNotationError
from cardrules.game import Action
from cardrules.judging import action_text, value_text
from cardrules.notation import format_seat, split_actor

__all__ = ["PLAYS", "RANK_PICKS", "SEAT_NAMES", "SUIT_PLAYS", "Pick", "PlayCard", "malformed", "parse_play"]

SEAT_NAMES: Final[tuple[str, str, str, str]] = ("N", "E", "S", "W")
"""The seat names, in seat order: N is seat 0 (``p0``), E 1, S 2, W 3."""


@dataclass(frozen=True, slots=True)
class PlayCard(Action):
    """``seat`` plays ``card`` to the current trick. Text: ``p2 play QS``."""

    card: Card

    def __str__(self) -> str:
        return f"{format_seat(self.seat)} play {self.card}"


# One shared action value per seat and card, so the engine allocates none.
PLAYS: Final[tuple[tuple[PlayCard, ...], ...]] = tuple(
    tuple(PlayCard(seat, card) for card in STANDARD_DECK) for seat in range(4)
)

SUIT_PLAYS: Final[tuple[tuple[tuple[PlayCard, ...], ...], ...]] = tuple(
    tuple(row[13 * suit : 13 * suit + 13] for suit in range(4)) for row in PLAYS
)
"""The shared plays by seat and suit: ``SUIT_PLAYS[seat][suit][r]`` is ``PLAYS[seat][13 * suit + r]``."""

Pick: TypeAlias = Callable[[Sequence[PlayCard]], tuple[PlayCard, ...]]
"""Takes the items of a sequence that a 13-bit mask names, as a tuple in index order."""


def _picks() -> tuple[Pick, ...]:
    """For every 13-bit mask, what takes the items at its set bits; a slice for a run of bits."""
    places: list[tuple[int, ...]] = [()]  # the set bits of each mask, lowest first
    for mask in range(1, 1 << 13):
        top = mask.bit_length() - 1
        places.append((*places[mask ^ 1 << top], top))
    picks: list[Pick] = []
    for at in places:
        if not at or at[-1] - at[0] + 1 == len(at):
            picks.append(cast("Pick", itemgetter(slice(at[0], at[-1] + 1) if at else slice(0))))
        else:
            picks.append(cast("Pick", itemgetter(*at)))
    return tuple(picks)


RANK_PICKS: Final[tuple[Pick, ...]] = _picks()
"""For each 13-bit mask of one suit's cards, what takes those cards' plays from a row of :data:`SUIT_PLAYS`.

``RANK_PICKS[mask](SUIT_PLAYS[seat][suit])`` is the tuple of ``seat``'s plays of
the cards of ``suit`` whose bits are set in ``mask``, lowest first; the legal
set is built from it without a loop over the cards.
"""


def malformed(action: object) -> str | None:
    """Why ``action`` is no Félagsvist action (common.action.known), or ``None`` when it is one.

    The one door check of an action's parts, which ``check`` makes first and
    ``apply``'s fast path never bypasses: a :class:`PlayCard` by a seat p0-p3
    (an ``int``, not a bool or a float) of a card of the 52-card pack (a
    :class:`~cardrules.cards.Card`, not a joker). Values built around the
    constructor, with fields missing or of other types, are refused here too.

    >>> malformed(PlayCard(True, STANDARD_DECK[0])), malformed(PLAYS[1][0])
    ('True is not a seat of Félagsvist: its seats are p0-p3', None)
    """
    try:  # the common case at once: exact types (a field missing raises, and is looked into below)
        if type(action) is PlayCard and type(action.seat) is int and 0 <= action.seat < 4:
            played = action.card
            if type(played) is Card and type(played.index) is int and 0 <= played.index < 52:
                return None
    except AttributeError:
        pass
    if not isinstance(action, PlayCard):
        return f"{action_text(action)} is not a Félagsvist action: the only action is a card play by p0-p3"
    seat = getattr(action, "seat", None)
    if type(seat) is not int or not 0 <= seat < 4:
        return f"{value_text(seat)} is not a seat of Félagsvist: its seats are p0-p3"
    card = getattr(action, "card", None)
    if not is_card(card):
        return f"{value_text(card)} is not a card of the 52-card pack"
    return None


def parse_play(text: str, default_seat: int | None) -> PlayCard:
    """Read ``[actor] [play] CARD``; the actor defaults to ``default_seat``.

    The actor is ``p0``-``p3`` or a seat name (``N``, ``E``, ``S``, ``W``).

    Raises:
        InvalidNotationError: the text is not a card play, or it names no actor
            where there is no player to act.
    """
    seat, words = split_actor(text, SEAT_NAMES)
    if words and words[0].lower() == "play":
        words = words[1:]
    if len(words) != 1:
        raise InvalidNotationError(
            f"{text!r} is not a Félagsvist action: write [actor] play CARD, as in 'p2 play QS'"
        )
    card = parse_card(words[0])
    if seat is None:
        if default_seat is None:
            raise InvalidNotationError(f"{text!r} names no actor and nobody is to act")
        seat = default_seat
    if 0 <= seat < 4:
        return PLAYS[seat][card.index]
    return PlayCard(seat, card)
