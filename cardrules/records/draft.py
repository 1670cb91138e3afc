"""A record's values before they are checked against the game, and the checks of each field.

Reading a record has two passes (see :mod:`cardrules.records.validate`); between
them the record is a :class:`Draft`: the values the shape check found, each
``None`` where it was missing or of the wrong type. This module holds the
draft, the :class:`Problems` found so far, and the check of each field that
names seats, cards or actions against the game: the seats and their names
(:func:`names_of`), the deck orders (:func:`decks_of`), the actions
(:func:`actions_of`) and the claimed scores (:func:`claims_of`). Each notes
every problem it finds with its location and goes on.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Final

from cardrules.cards import Card, Joker, parse_card
from cardrules.errors import AmbiguousActionError, CardRulesError, InvalidDealError
from cardrules.game import Action, AnyGame, AnyState
from cardrules.notation import read_seat
from cardrules.records.model import Record, RecordedAction, new_entry, seat_token
from cardrules.state_base import StateBase

__all__ = [
    "Draft",
    "Problems",
    "actions_of",
    "claims_of",
    "dealt_at_once",
    "decks_of",
    "draft_of",
    "names_of",
    "seat_of",
    "step_location",
]

_DEAL_NUMBER: Final = re.compile(r"^deal \d+ ")
_PERMUTATION: Final = "common.deal.permutation"
_KNOWN_ACTION: Final = "common.action.known"


@dataclass(slots=True)
class Problems:
    """The problems found so far, each a ``(location, message)`` pair (internal)."""

    items: list[tuple[str, str]] = field(default_factory=list)

    def add(self, location: str, message: str) -> None:
        """Note one problem."""
        self.items.append((location, message))

    def __bool__(self) -> bool:
        return bool(self.items)


@dataclass(frozen=True, slots=True)
class Draft:
    """A record's values after the shape check, before the game check (internal).

    ``None`` marks a value that is missing or had the wrong type (its problem
    is already noted); lists keep their positions so that locations stay right.
    """

    format_version: int | None
    game: str | None
    options: tuple[tuple[str, str | int], ...]
    seats: tuple[tuple[str, str], ...]
    dealer: str | None
    deals: tuple[tuple[str, ...] | None, ...] | None
    actions: tuple[tuple[str, str | None] | None, ...] | None
    claims: tuple[tuple[str, int], ...]
    position: str | None = None
    from_position: bool = False
    """Whether the record starts from a position (its text may still be missing or ill-typed)."""


def step_location(index: int) -> str:
    """The location of ``actions[index]``, which is step ``index`` (internal)."""
    return f"actions[{index}]"


def _encodable(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def seat_of(
    location: str, token: str, seats: int | None, problems: Problems, names: Sequence[str] = ()
) -> int | None:
    """The seat ``token`` names: ``p0``, ``p1``, ... (or ``0``, ``1``, ...) or one of the game's ``names``."""
    seat = read_seat(token, names)
    if seat is None:
        named = f" (or {', '.join(names)})" if names else ""
        problems.add(location, f"{token!r} is not a seat: write p0, p1, ...{named}")
        return None
    if seats is not None and seat >= seats:
        problems.add(location, f"{token} is not a seat of this game: its seats are p0-p{seats - 1}")
        return None
    return seat


def names_of(
    draft: Draft, seats: int | None, problems: Problems, seat_names: Sequence[str] = ()
) -> tuple[str, ...]:
    """The player name of each seat (``""`` when none is given); a seat named twice is refused."""
    names = [""] * (seats or 0)
    seen: set[int] = set()
    for token, name in draft.seats:
        location = f"seats.{token}"
        seat = seat_of(location, token, seats, problems, seat_names)
        if not _encodable(name):
            problems.add(location, "the name is not valid Unicode text (it holds a lone surrogate)")
        elif seat in seen:
            problems.add(location, f"{seat_token(seat)} is named twice")
        elif seat is not None and seat < len(names):
            seen.add(seat)
            names[seat] = name
    return tuple(names)


def decks_of(draft: Draft, game: AnyGame | None, problems: Problems) -> tuple[tuple[Card, ...], ...] | None:
    """Each deal's deck order as cards, each a permutation of ``game``'s pack; ``None`` if any is not."""
    if draft.deals is None:
        return None
    if not draft.deals:
        problems.add("deals", "a record needs the deck order of at least the first deal")
        return None
    decks: list[tuple[Card, ...]] = []
    readable = True
    read: dict[str, Card] = {}  # each card text read once (every deck repeats the pack's texts)
    for k, texts in enumerate(draft.deals):
        if texts is None:
            readable = False
            continue
        cards, bad = [], []
        for position, text in enumerate(texts, start=1):
            card = read.get(text)
            if card is not None:
                cards.append(card)
                continue
            try:
                card = parse_card(text, jokers=True)
            except CardRulesError:
                bad.append(f"card {position} {text!r}")
                continue
            read[text] = card
            cards.append(card)
        if bad:
            more = f" and {len(bad) - 3} more" if len(bad) > 3 else ""
            problems.add(
                f"deals[{k}]",
                f"{', '.join(bad[:3])}{more}: not a card "
                "(write a rank 2-9, T, J, Q, K, A, then C, D, H or S)",
            )
            readable = False
            continue
        deck = tuple(cards)
        jokers = [position for position, card in enumerate(deck, start=1) if isinstance(card, Joker)]
        if jokers and game is not None and not game.jokers:
            # Only a game that says its deck holds jokers is handed one.
            problems.add(
                f"deals[{k}]",
                f"card {jokers[0]} 'JK' is a joker, and {game.name} is played without jokers "
                f"under these options [{_PERMUTATION}]",
            )
            readable = False
            continue
        if game is not None:
            try:
                game.read_deck(deck, k + 1)  # the deck alone; the dealer is checked with all the deals
            except InvalidDealError as error:
                message = _DEAL_NUMBER.sub(f"deal {k + 1} ", str(error), count=1)
                if _PERMUTATION not in message:
                    message += f" [{_PERMUTATION}]"
                problems.add(f"deals[{k}]", message)
                readable = False
                continue
        decks.append(deck)
    return tuple(decks) if readable else None


def dealt_at_once(
    draft: Draft, game: AnyGame | None, dealer: int
) -> tuple[tuple[tuple[Card, ...], ...], AnyState] | None:
    """The deck orders and the first deal dealt by ``dealer``, when the deals have no problem; else ``None``.

    The usual record's deals are sound, and dealing them (``game.from_deal``)
    checks every deck order as :func:`decks_of` does: this reads them once and
    deals at once. On any problem it gives ``None``, and the caller reads the
    deals with :func:`decks_of`, which finds and words every problem.
    """
    if game is None or not draft.deals:
        return None
    read: dict[str, Card] = {}  # each card text read once (every deck repeats the pack's texts)
    decks: list[tuple[Card, ...]] = []
    try:
        for texts in draft.deals:
            if texts is None:
                return None
            for text in texts:
                if text not in read:
                    read[text] = parse_card(text, jokers=True)
            decks.append(tuple([read[text] for text in texts]))
        if not game.jokers and any(isinstance(card, Joker) for card in read.values()):
            return None
        start = game.from_deal(decks[0], dealer=dealer, later_deals=decks[1:])
    except CardRulesError:
        return None
    return tuple(decks), start


def actions_of(
    draft: Draft,
    seats: int | None,
    reader: AnyState | None,
    problems: Problems,
    seat_names: Sequence[str] = (),
) -> tuple[tuple[RecordedAction, ...], tuple[Action | None, ...]] | None:
    """Check every action's actor and read its text in ``reader`` (a state of the game).

    Reading is a check of the notation, so any state of the game will do;
    text that is ambiguous there is kept as it is and read again, in the
    state it is taken in, by the replay. Returns the recorded actions and
    each action as read (``None`` for the ambiguous ones).

    What a text reads as depends on the text alone (the reader is the same
    state throughout), and a record repeats its texts (a 52-card game has
    208 plays in all), so each text that reads well is read once, and its
    later steps take the same canonical entry and action.
    """
    if draft.actions is None:
        return None
    out: list[RecordedAction] = []
    parsed: list[Action | None] = []
    read: dict[str, tuple[RecordedAction, Action | None]] = {}  # text -> its entry (no comment) and action
    complete = True
    for index, entry in enumerate(draft.actions):
        if entry is None:
            complete = False
            continue
        text, comment = entry
        if comment and not _encodable(comment):
            problems.add(f"{step_location(index)}.comment", "the comment is not valid Unicode text")
            complete = False
            continue
        known = read.get(text)
        if known is None:
            known = _read_canonical(text, seats, reader) or _read_action(
                index, text, seats, reader, problems, seat_names
            )
            if known is None:
                complete = False
                continue
            read[text] = known
        out.append(new_entry(known[0].text, comment) if comment else known[0])
        parsed.append(known[1])
    return (tuple(out), tuple(parsed)) if complete else None


def _read_canonical(
    text: str, seats: int | None, reader: AnyState | None
) -> tuple[RecordedAction, Action] | None:
    """The entry and action of a ``text`` that is the canonical text of an action of a seat of the game.

    The usual record's every action; ``None`` for any other text, which :func:`_read_action` reads,
    checking it step by step and noting its problems. A canonical text starts with its actor's
    token, so the actor :func:`_read_action` would read first is the action's own seat.
    """
    if seats is None or not isinstance(reader, StateBase):
        return None
    action = reader.read_canonical(text)
    if action is None or not 0 <= action.seat < seats:
        return None
    return new_entry(text, None), action


def _read_action(
    index: int,
    text: str,
    seats: int | None,
    reader: AnyState | None,
    problems: Problems,
    seat_names: Sequence[str],
) -> tuple[RecordedAction, Action | None] | None:
    """The canonical entry (no comment) of step ``index``'s ``text``, and the action read; ``None`` if bad.

    The action is ``None`` when the text is ambiguous out of context: its
    entry is then the text as it is.
    """
    words = text.split(maxsplit=1)
    actor = read_seat(words[0], seat_names) if words else None
    if actor is None:
        problems.add(
            step_location(index), f"step {index}: {text!r} does not start with its actor (p0, p1, ...)"
        )
        return None
    if seats is not None and actor >= seats:
        problems.add(
            step_location(index),
            f"step {index}: {text!r} names {seat_token(actor)}, but the game's seats are "
            f"p0-p{seats - 1} [{_KNOWN_ACTION}]",
        )
        return None
    if reader is None:
        return None
    try:
        action = reader.parse_action(text)
    except AmbiguousActionError:
        return new_entry(text, None), None
    except ValueError as error:
        problems.add(step_location(index), f"step {index}: {error} [{_KNOWN_ACTION}]")
        return None
    if action.seat != actor:  # pragma: no cover - a game whose parser moves the actor
        problems.add(
            step_location(index), f"step {index}: {text!r} reads as an action of {seat_token(action.seat)}"
        )
        return None
    return new_entry(str(action), None), action


def claims_of(
    draft: Draft, seats: int | None, problems: Problems, seat_names: Sequence[str] = ()
) -> tuple[tuple[int, int], ...]:
    """The claimed scores as ``(seat, score)`` pairs in seat order; a seat claimed twice is a problem."""
    claims: dict[int, int] = {}
    for token, score in draft.claims:
        seat = seat_of(f"claimed_scores.{token}", token, seats, problems, seat_names)
        if seat is not None:
            if seat in claims:
                problems.add(f"claimed_scores.{token}", f"{seat_token(seat)} is claimed for twice")
            claims[seat] = score
    return tuple(sorted(claims.items()))


def draft_of(record: Record) -> Draft:
    """The draft of a record built in Python, for ``validate.settle`` (internal)."""
    dealer = record.dealer
    if record.position is not None:
        return Draft(
            format_version=record.format_version,
            game=record.game,
            options=record.options,
            seats=tuple((seat_token(seat), name) for seat, name in enumerate(record.seats)),
            dealer=None,
            deals=None,
            actions=tuple((entry.text, entry.comment) for entry in record.actions),
            claims=tuple((seat_token(seat), score) for seat, score in record.claimed_scores),
            position=record.position,
            from_position=True,
        )
    return Draft(
        format_version=record.format_version,
        game=record.game,
        options=record.options,
        seats=tuple((seat_token(seat), name) for seat, name in enumerate(record.seats)),
        dealer=seat_token(dealer) if isinstance(dealer, int) and dealer >= 0 else str(dealer),
        deals=tuple(tuple(str(card) for card in deck) for deck in record.deals),
        actions=tuple((entry.text, entry.comment) for entry in record.actions),
        claims=tuple((seat_token(seat), score) for seat, score in record.claimed_scores),
    )
