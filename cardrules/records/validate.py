"""Checking a record against its game, collecting every problem with its location.

Reading a record happens in two passes. The first (:mod:`cardrules.records.tree`)
checks the shape of the document: which fields are there and what type each
value has. The second, here, checks what the values mean for the game: the
game and its options exist, every seat is one of the game's seats, every card
can be read, every deal is a permutation of the game's deck, and every action
names an existing seat as its actor and can be read as an action of the game.
Both passes collect problems rather than stop at the first, and the reader
raises one :class:`~cardrules.records.errors.RecordError` with all of them.
The checks of the fields that name seats, cards and actions are in
:mod:`cardrules.records.draft`; this module settles the game, its options and
the start (the first deal, or a position) and puts the parts together.

The result is the record in canonical form (every option written out, card
and action text canonical) together with its game and initial state:
:func:`prepare` gives the same for a record built in Python.
"""

from __future__ import annotations

from dataclasses import dataclass

from cardrules.cards import Card
from cardrules.errors import (
    CardRulesError,
    InvalidArgumentError,
    InvalidOptionError,
)
from cardrules.game import Action, AnyGame, AnyState
from cardrules.games import get_game
from cardrules.options import option_key, value_key
from cardrules.position import InvalidPositionError, PositionReader
from cardrules.records.draft import (
    Draft,
    Problems,
    actions_of,
    claims_of,
    dealt_at_once,
    decks_of,
    draft_of,
    names_of,
    seat_of,
    step_location,
)
from cardrules.records.errors import RecordError
from cardrules.records.limits import (
    MAX_ACTIONS,
    MAX_DEALS,
    MAX_DECK_CARDS,
    MAX_KEY_CHARS,
    MAX_OPTIONS,
    MAX_TEXT_CHARS,
    count_problem,
    integer_problem,
    text_problem,
)
from cardrules.records.model import FORMAT_VERSION, Record, new_record
from cardrules.text import echo

__all__ = ["Prepared", "prepare"]


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
    # Each location and problem is worded only when there is one: records are checked by the thousand.
    for name, option in draft.options:
        if len(name) > MAX_KEY_CHARS or not isinstance(option, str) or len(option) > MAX_KEY_CHARS:
            where = f"options.{name[:MAX_KEY_CHARS]}"
            note(where, text_problem(name, MAX_KEY_CHARS))
            note(
                where,
                text_problem(option, MAX_KEY_CHARS) if isinstance(option, str) else integer_problem(option),
            )
    for token, name in draft.seats:
        if len(token) > MAX_KEY_CHARS or len(name) > MAX_TEXT_CHARS:
            note(f"seats.{token[:MAX_KEY_CHARS]}", text_problem(token, MAX_KEY_CHARS) or text_problem(name))
    for token, score in draft.claims:
        if (long := text_problem(token, MAX_KEY_CHARS) or integer_problem(score)) is not None:
            note(f"claimed_scores.{token[:MAX_KEY_CHARS]}", long)
    for k, deck in enumerate(draft.deals or ()):
        if deck is not None and len(deck) > MAX_DECK_CARDS:
            note(f"deals[{k}]", count_problem("cards", len(deck), MAX_DECK_CARDS))
    for index, entry in enumerate(draft.actions or ()):
        if entry is None:
            continue
        text, comment = entry  # the problem is worded only when there is one: records are long
        if len(text) > MAX_TEXT_CHARS and (long := text_problem(text)) is not None:
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
    names = names_of(draft, seats, problems, seat_names)
    dealer = (
        seat_of("dealer", draft.dealer, seats, problems, seat_names) if draft.dealer is not None else None
    )
    decks: tuple[tuple[Card, ...], ...] | None
    start: AnyState | None
    dealt = dealt_at_once(draft, game, dealer) if dealer is not None else None
    if dealt is not None:
        decks, start = dealt
    else:  # the careful way, which finds and words every problem of the deals
        decks = decks_of(draft, game, problems)
        start = None
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
    read = actions_of(draft, seats, reader, problems, seat_names)
    claims = claims_of(draft, seats, problems, seat_names)
    if problems or game is None or start is None or read is None or deals is None or dealer is None:
        if not problems:  # pragma: no cover - every None above notes a problem
            problems.add("document", "the record is incomplete")
        return None
    actions, parsed = read
    options = tuple(game.options_dict().items())
    record = new_record(game.name, options, names, dealer, deals, actions, claims, FORMAT_VERSION, position)
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
    names = names_of(draft, seats, problems, game.info.seat_names if game is not None else ())
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
