"""Félagsvist actions: the only action is playing a card."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from cardrules.cards import STANDARD_DECK, Card, is_card, parse_card
from cardrules.errors import InvalidNotationError
from cardrules.game import Action
from cardrules.judging import action_text, value_text
from cardrules.notation import format_seat, split_actor

__all__ = ["SEAT_NAMES", "PlayCard", "malformed", "parse_play"]

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
            if type(played) is Card and type(played.index) is int:
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
