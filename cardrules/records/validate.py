"""Checking a record against its game, collecting every problem with its location.

Reading a record happens in two passes. The first (:mod:`cardrules.records.tree`)
checks the shape of the document: which fields are there and what type each
value has. The second, here, checks what the values mean for the game: the
game and its options exist, every seat is one of the game's seats, every card
can be read, every deal is a permutation of the game's deck, and every action
names an existing seat as its actor and can be read as an action of the game.
Both passes collect problems rather than stop at the first, and the reader
raises one :class:`~cardrules.records.errors.RecordError` with all of them.

The result is the record in canonical form (every option written out, card
and action text canonical) together with its game and initial state:
:func:`prepare` gives the same for a record built in Python.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Final

from cardrules.cards import Card, Joker, parse_card
from cardrules.errors import (
    AmbiguousActionError,
    CardRulesError,
    InvalidArgumentError,
    InvalidDealError,
    InvalidOptionError,
)
from cardrules.game import Action, AnyGame, AnyState
from cardrules.games import get_game
from cardrules.notation import read_seat
from cardrules.options import option_key, value_key
from cardrules.position import InvalidPositionError, PositionReader
from cardrules.records.errors import RecordError
from cardrules.records.limits import (
    MAX_ACTIONS,
    MAX_DEALS,
    MAX_DECK_CARDS,
    MAX_KEY_CHARS,
    MAX_OPTIONS,
    count_problem,
    integer_problem,
    text_problem,
)
from cardrules.records.model import FORMAT_VERSION, Record, RecordedAction, seat_token
from cardrules.text import echo

__all__ = ["Prepared", "prepare"]

_DEAL_NUMBER: Final = re.compile(r"^deal \d+ ")
_PERMUTATION: Final = "common.deal.permutation"
_KNOWN_ACTION: Final = "common.action.known"


@dataclass(frozen=True, slots=True)
class Prepared:
    """A record checked against its game: ready to replay.

    Attributes:
        record: the record in canonical form (every option written out,
            canonical card and action text, a name or ``""`` for every seat).
        game: the game with the record's options.
        start: the initial state: the first deal dealt by the first dealer,
            with the later deals' deck orders fixed.
        parsed: each action as read, so that the replay need not read it again (``None``
            where the text is ambiguous out of context and is read in its state).
    """

    record: Record
    game: AnyGame
    start: AnyState
    parsed: tuple[Action | None, ...] = ()


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


def _bounded(draft: Draft, problems: Problems) -> bool:
    """Note every value of ``draft`` past a limit of :mod:`~cardrules.records.limits`; whether none is.

    The reader and the writer both call it (through :func:`settle`), so the
    writer refuses what the reader would refuse.
    """
    before = len(problems.items)

    def note(location: str, message: str | None) -> None:
        if message is not None:
            problems.add(location, message)

    note("options", count_problem("options", len(draft.options), MAX_OPTIONS))
    note("seats", count_problem("seats", len(draft.seats), MAX_OPTIONS))
    note("claimed_scores", count_problem("claims", len(draft.claims), MAX_OPTIONS))
    note("deals", count_problem("deck orders", len(draft.deals or ()), MAX_DEALS))
    note("actions", count_problem("actions", len(draft.actions or ()), MAX_ACTIONS))
    if len(problems.items) > before:
        return False
    if draft.format_version is not None:
        note("format", integer_problem(draft.format_version))
    for location, token in (("game", draft.game), ("dealer", draft.dealer)):
        if token is not None:
            note(location, text_problem(token, MAX_KEY_CHARS))
    for name, option in draft.options:
        where = f"options.{name[:MAX_KEY_CHARS]}"
        note(where, text_problem(name, MAX_KEY_CHARS))
        note(
            where, text_problem(option, MAX_KEY_CHARS) if isinstance(option, str) else integer_problem(option)
        )
    for token, name in draft.seats:
        note(f"seats.{token[:MAX_KEY_CHARS]}", text_problem(token, MAX_KEY_CHARS) or text_problem(name))
    for token, score in draft.claims:
        where = f"claimed_scores.{token[:MAX_KEY_CHARS]}"
        note(where, text_problem(token, MAX_KEY_CHARS) or integer_problem(score))
    for k, deck in enumerate(draft.deals or ()):
        if deck is not None:
            note(f"deals[{k}]", count_problem("cards", len(deck), MAX_DECK_CARDS))
    for index, entry in enumerate(draft.actions or ()):
        if entry is not None:  # the location is written out only for a problem: records are long
            text, comment = entry
            long = text_problem(text)
            if long is not None:
                problems.add(step_location(index), long)
            if comment is not None and (long := text_problem(comment)) is not None:
                problems.add(f"{step_location(index)}.comment", long)
    return len(problems.items) == before


def settle(draft: Draft, problems: Problems) -> Prepared | None:
    """Check ``draft`` against its game; ``None`` if any problem was found (internal)."""
    if not _bounded(draft, problems):
        return None
    if draft.format_version is not None and draft.format_version != FORMAT_VERSION:
        problems.add(
            "format",
            f"this library reads record format {FORMAT_VERSION}, not {draft.format_version}",
        )
    game = _game(draft, problems)
    if draft.from_position:
        return _settle_position(draft, game, problems)
    seats = game.num_players if game is not None else None
    seat_names = game.info.seat_names if game is not None else ()
    names = _names(draft, seats, problems, seat_names)
    dealer = _seat("dealer", draft.dealer, seats, problems, seat_names) if draft.dealer is not None else None
    decks = _decks(draft, game, problems)
    start: AnyState | None = None
    if game is not None and dealer is not None and decks is not None:
        try:
            start = game.from_deal(decks[0], dealer=dealer, later_deals=decks[1:])
        except InvalidOptionError as error:  # a dealer the options rule out
            problems.add("dealer", f"{error}")
        except CardRulesError as error:  # more deals than the game has, say
            problems.add("deals", f"{error}")
    reader = start
    if reader is None and game is not None:  # still read the actions, to report their problems too
        reader = game.new_game(seed=0)
    return _finish(draft, game, start, reader, names, problems, dealer=dealer, deals=decks)


def _finish(
    draft: Draft,
    game: AnyGame | None,
    start: AnyState | None,
    reader: AnyState | None,
    names: tuple[str, ...],
    problems: Problems,
    *,
    dealer: int | None,
    deals: tuple[tuple[Card, ...], ...] | None,
    position: str | None = None,
) -> Prepared | None:
    """Read the actions (in ``reader``) and the claims, then the prepared record, or ``None`` (internal).

    The last part of :func:`settle` for either start, the deals (``dealer``
    and ``deals``) or a ``position``.
    """
    seats = game.num_players if game is not None else None
    seat_names = game.info.seat_names if game is not None else ()
    read = _actions(draft, seats, reader, problems, seat_names)
    claims = _claims(draft, seats, problems, seat_names)
    if problems or game is None or start is None or read is None or deals is None or dealer is None:
        if not problems:  # pragma: no cover - every None above notes a problem
            problems.add("document", "the record is incomplete")
        return None
    actions, parsed = read
    record = Record(
        game=game.name,
        options=tuple(game.options_dict().items()),
        seats=names,
        dealer=dealer,
        deals=deals,
        actions=actions,
        claimed_scores=claims,
        position=position,
    )
    return Prepared(record, game, start, parsed)


def _settle_position(draft: Draft, game: AnyGame | None, problems: Problems) -> Prepared | None:
    """:func:`settle` for a record that starts from a position (internal).

    The position's options must agree with the record's (the record may
    leave them out); the position is read by the game, and each of its
    problems is reported at ``position``.
    """
    start: AnyState | None = None
    if game is not None and draft.position is not None:
        game = _position_game(draft.position, game, draft.options, problems)
    if game is not None and draft.position is not None:
        try:
            start = game.from_position(draft.position)
        except InvalidPositionError as error:
            for problem in error.problems:
                problems.add("position", str(problem))
    seats = game.num_players if game is not None else None
    names = _names(draft, seats, problems, game.info.seat_names if game is not None else ())
    if start is None or draft.position is None:
        return _finish(draft, game, start, start, names, problems, dealer=None, deals=None)
    return _finish(
        draft,
        game,
        start,
        start,
        names,
        problems,
        dealer=start.first_dealer,
        deals=(),
        position=start.position(),
    )


def _position_game(
    position: str, game: AnyGame, written: tuple[tuple[str, str | int], ...], problems: Problems
) -> AnyGame | None:
    """The game with the position's options, checked against the options the record writes (internal)."""
    reader = PositionReader(position, game.name)
    given = reader.options({})
    if given is None or not reader.ok:
        for problem in reader.problems:
            problems.add("position", str(problem))
        return None
    record_options = {option_key(name): value for name, value in written}
    for name, value in given.items():
        if name in record_options and value_key(str(record_options[name])) != value_key(str(value)):
            problems.add(
                f"options.{name}",
                f"the record says {name}={record_options[name]} but its position says {name}={value}",
            )
    if problems:
        return None
    try:
        return get_game(game.name, **{**record_options, **given})
    except CardRulesError as error:
        problems.add("position", f"options: {error}")
        return None


def _game(draft: Draft, problems: Problems) -> AnyGame | None:
    if draft.game is None:
        return None
    keys = [option_key(name) for name, _ in draft.options]
    if len(set(keys)) == len(keys):  # the usual record: the game and all its options at once
        try:
            return get_game(draft.game, **dict(draft.options))
        except CardRulesError:
            pass  # below, each problem is named on its own
    try:
        get_game(draft.game)
    except CardRulesError as error:
        problems.add("game", str(error))
        return None
    good: dict[str, str | int] = {}
    seen: dict[str, str] = {}
    for name, value in draft.options:
        key = option_key(name)
        if key in seen:
            problems.add(f"options.{name}", f"the option is given twice (also as {seen[key]!r})")
            continue
        seen[key] = name
        try:
            get_game(draft.game, **{name: value})
        except CardRulesError as error:
            problems.add(f"options.{name}", str(error))
            continue
        good[name] = value
    try:
        return get_game(draft.game, **good)
    except CardRulesError as error:
        problems.add("options", str(error))
        return None


def _seat(
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


def _names(
    draft: Draft, seats: int | None, problems: Problems, seat_names: Sequence[str] = ()
) -> tuple[str, ...]:
    names = [""] * (seats or 0)
    seen: set[int] = set()
    for token, name in draft.seats:
        location = f"seats.{token}"
        seat = _seat(location, token, seats, problems, seat_names)
        if not _encodable(name):
            problems.add(location, "the name is not valid Unicode text (it holds a lone surrogate)")
        elif seat in seen:
            problems.add(location, f"{seat_token(seat)} is named twice")
        elif seat is not None and seat < len(names):
            seen.add(seat)
            names[seat] = name
    return tuple(names)


def _decks(draft: Draft, game: AnyGame | None, problems: Problems) -> tuple[tuple[Card, ...], ...] | None:
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


def _actions(
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
        if comment is not None and not _encodable(comment):
            problems.add(f"{step_location(index)}.comment", "the comment is not valid Unicode text")
            complete = False
            continue
        known = read.get(text)
        if known is not None:
            recorded, action_read = known
            out.append(recorded if comment is None else RecordedAction(recorded.text, comment))
            parsed.append(action_read)
            continue
        location = step_location(index)
        step = f"step {index}: "
        words = text.split(maxsplit=1)
        actor = read_seat(words[0], seat_names) if words else None
        if actor is None:
            problems.add(location, f"{step}{text!r} does not start with its actor (p0, p1, ...)")
            complete = False
            continue
        if seats is not None and actor >= seats:
            problems.add(
                location,
                f"{step}{text!r} names {seat_token(actor)}, but the game's seats are "
                f"p0-p{seats - 1} [{_KNOWN_ACTION}]",
            )
            complete = False
            continue
        if reader is None:
            complete = False
            continue
        try:
            action = reader.parse_action(text)
        except AmbiguousActionError:
            read[text] = (RecordedAction(text), None)
            out.append(RecordedAction(text, comment))
            parsed.append(None)
            continue
        except ValueError as error:
            problems.add(location, f"{step}{error} [{_KNOWN_ACTION}]")
            complete = False
            continue
        if action.seat != actor:  # pragma: no cover - a game whose parser moves the actor
            problems.add(location, f"{step}{text!r} reads as an action of {seat_token(action.seat)}")
            complete = False
            continue
        canonical = RecordedAction(str(action))
        read[text] = (canonical, action)
        out.append(canonical if comment is None else RecordedAction(canonical.text, comment))
        parsed.append(action)
    return (tuple(out), tuple(parsed)) if complete else None


def _claims(
    draft: Draft, seats: int | None, problems: Problems, seat_names: Sequence[str] = ()
) -> tuple[tuple[int, int], ...]:
    claims: dict[int, int] = {}
    for token, score in draft.claims:
        seat = _seat(f"claimed_scores.{token}", token, seats, problems, seat_names)
        if seat is not None:
            if seat in claims:
                problems.add(f"claimed_scores.{token}", f"{seat_token(seat)} is claimed for twice")
            claims[seat] = score
    return tuple(sorted(claims.items()))


def draft_of(record: Record) -> Draft:
    """The draft of a record built in Python, for :func:`settle` (internal)."""
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


def prepare(record: Record, *, source: str | None = None) -> Prepared:
    """Check ``record`` against its game and return it canonical, with the game and initial state.

    Records read by :func:`~cardrules.records.files.loads` are already
    checked; this is for records built in Python (and is what replay and
    check call first).

    Raises:
        RecordError: with every problem found, each with its location.
        InvalidArgumentError: ``record`` is not a :class:`~cardrules.records.model.Record`.
    """
    if not isinstance(record, Record):
        raise InvalidArgumentError(f"a record must be a Record value, not {echo(record)}")
    problems = Problems()
    prepared = settle(draft_of(record), problems)
    if prepared is None:
        raise RecordError(problems.items, source)
    return prepared
