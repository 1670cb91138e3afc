"""The Backstab Fish position: one line holding everything that decides the rest of a game.

``state.position()`` writes it (:func:`write_position`) and
``game.from_position(text)`` reads it back (:func:`read_position`), in the
shared grammar of :mod:`cardrules.position`. Only ranks matter
(backstab_fish.setup.deck), so every zone is written as rank tokens, the ones
actions use: ``2``-``9``, ``T``, ``J``, ``Q``, ``K``, ``A`` and ``JK``. The
sections, in their canonical order:

=========  =====================================================  =========================================
section    tokens and meaning                                     rule it reflects
=========  =====================================================  =========================================
options    ``name=value`` for every option; one left out keeps    each option's rule
           the game's value
dealer     the seat that dealt (its left asked first)             backstab_fish.setup.deal
hands      ``p0 RANK ... / p1 RANK ... / ...``: every hand, one   backstab_fish.invariant.card-conservation
           group per seat in seat order, ranks in rank order,
           ``-`` for an empty hand
stock      ``RANK ...``: the stock, top card first, or ``-``      backstab_fish.setup.deal
laid       ``p0 RANK ... / ...``: the sets laid in front of       backstab_fish.sets.lay-down
           each seat, one rank per set (``K K``: two sets)
scores     one number per seat                                    backstab_fish.score.per-set
phase      ``ask pP`` (P is to ask); ``lay-down pP asked pT       backstab_fish.turn.sequence
           productive`` (or ``unproductive``: whether the turn
           has taken a card from the stock yet); ``over RULE``
           (the end rule that ended the game)
turns      the number of turns completed (a skip is no turn)      backstab_fish.turn.sequence
stall      unproductive turns in a row                            backstab_fish.end.stall-limit
history    every turn so far, oldest first, separated by ``/``:   backstab_fish.info.public
           ``pP ask pT COUNT RANK``, then the answer, ``give``
           (``give N`` when N cards, not COUNT, change hands
           under give=all-of-rank) or ``fish``, then the
           lay-down decision if P had one: ``lay RANK ...``
           (one rank per set) or ``end`` (laid nothing);
           ``-`` before the first turn
=========  =====================================================  =========================================

A game has one deal, drawn once, so no seed and no later deck orders are
written: the stock in order is all the chance left. What the history implies
is not written again (refills, skips, the end and the final lay-down, and so
the events the observations show); what the history and the other sections
both say is checked to agree. The reader also takes ``ask pT for COUNT RANK``,
``lay down``, ``end turn``, ``gives`` and ``go-fish`` in the history, and hands
or laid sets with their ``p0`` labels left out.

A position that cannot arise is refused with the rule it breaks: the cards
(every card of the deck in exactly one place, counted as a multiset:
backstab_fish.invariant.card-conservation), the hand and stock sizes the
history leaves (backstab_fish.setup.deal before the first turn), the scores
(backstab_fish.score.per-set), the laid sets (backstab_fish.sets.lay-down,
backstab_fish.end.final-lay-down), whose turn it is
(common.turn.player-to-act), the phase and the counters
(backstab_fish.turn.sequence, backstab_fish.end.stall-limit), and every turn
of the history: its ask (backstab_fish.ask.target, backstab_fish.ask.rank,
backstab_fish.ask.count), its answer (backstab_fish.answer.give,
backstab_fish.answer.go-fish) and its lay-down decision. Cards drawn from the
stock are hidden, so what a hand held at an earlier turn is known exactly
only back to the last draw into it; before that, a play is refused only when
no rank the hidden draws could have brought makes it legal. When the history
has no hidden draw, the deal is rebuilt and the history re-judged by the
engine's own checks.

A position's text may be long: the history grows by a turn at a time, so
this reader takes positions of up to :data:`MAX_TEXT_CHARS` characters, of
which the history section may hold all but the shared reader's limit.

>>> import cardrules
>>> game = cardrules.get_game("backstab_fish", players=5)
>>> state = game.new_game(seed=3)
>>> state = state.apply("p2 ask p0 for 1 K")
>>> text = state.position()
>>> [section.split()[0] for section in text.split(" ; ")][1:]
['options', 'dealer', 'hands', 'stock', 'laid', 'scores', 'phase', 'turns', 'stall', 'history']
>>> text.split(" ; ")[-4:]
['phase ask p0', 'turns 1', 'stall 1', 'history p2 ask p0 1 K give']
>>> game.from_position(text).position() == text
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final, TypeAlias

from cardrules.cards import Card
from cardrules.errors import InvalidOptionError
from cardrules.game import TERMINAL

# state.py imports this module, so the names of these two are read at call time.
from cardrules.games.backstab_fish import state as _state
from cardrules.games.backstab_fish import turn
from cardrules.games.backstab_fish.actions import (
    ASK,
    LAY_DOWN,
    MAX_COUNT,
    MAX_SEATS,
    SEAT_TEXT,
    Ask,
    EndTurn,
    LayDown,
)
from cardrules.games.backstab_fish.cards import DECKS, PLURALS, FishRank, parse_rank, rank_of_card
from cardrules.games.backstab_fish.deal import DealContext
from cardrules.games.backstab_fish.observation import END_RULES, EventChain
from cardrules.games.backstab_fish.options import (
    BackstabFishOptions,
    Deck,
    EmptyTarget,
    FinalLayDown,
    Give,
    LayDownRule,
    parse_options,
)
from cardrules.notation import read_seat_token
from cardrules.position import (
    EMPTY,
    InvalidPositionError,
    PositionProblem,
    PositionReader,
    PositionWriter,
    groups,
)

if TYPE_CHECKING:
    from cardrules.games.backstab_fish.game import BackstabFishGame
    from cardrules.games.backstab_fish.state import BackstabFishState

__all__ = ["MAX_TEXT_CHARS", "SECTIONS", "canonical_deck", "history_text", "read_position", "write_position"]

GAME: Final = "backstab_fish"

MAX_TEXT_CHARS: Final = 1_000_000
"""The longest Backstab Fish position read (about 45,000 turns of history).

A game runs to a few hundred turns with four players and a few thousand with
ten, and under ``stall_limit=none`` it need not end, so the history may pass
the shared reader's limit (:data:`cardrules.position.MAX_POSITION_CHARS`),
which the other sections together stay well within.
"""

SECTIONS: Final = (
    "options",
    "dealer",
    "hands",
    "stock",
    "laid",
    "scores",
    "phase",
    "turns",
    "stall",
    "history",
)
"""The sections of a position, in the order the writer puts them."""

HISTORY: Final = "history"

# The rules a position can break, by id.
CONSERVATION: Final = "backstab_fish.invariant.card-conservation"
DEAL: Final = "backstab_fish.setup.deal"
PER_SET: Final = "backstab_fish.score.per-set"
LAY: Final = "backstab_fish.sets.lay-down"
FINAL: Final = "backstab_fish.end.final-lay-down"
STALL: Final = "backstab_fish.end.stall-limit"
SEQUENCE: Final = "backstab_fish.turn.sequence"
TARGET: Final = "backstab_fish.ask.target"
RANK: Final = "backstab_fish.ask.rank"
COUNT: Final = "backstab_fish.ask.count"
GIVE: Final = "backstab_fish.answer.give"
FISH: Final = "backstab_fish.answer.go-fish"
TO_ACT: Final = "common.turn.player-to-act"
OVER: Final = "common.game.over"
KNOWN: Final = "common.action.known"

_TOKENS: Final = tuple(rank.token for rank in FishRank)
_RANK_WHAT: Final = "a rank (2-9, T, J, Q, K, A, or JK for a joker)"
_MAX_NUMBER: Final = 999_999
_MAX_ECHO: Final = 40

Event: TypeAlias = tuple[str, int, int, int, int, int]
"""A public event as the state's history keeps it (see :mod:`~cardrules.games.backstab_fish.observation`)."""

Counts: TypeAlias = list[int]
"""How many cards (or sets) of each rank code, 0 to 13."""


def _quote(text: str) -> str:
    """``text`` quoted for a message, cut short when long."""
    return repr(text) if len(text) <= _MAX_ECHO else repr(text[:_MAX_ECHO]) + "..."


def _units(packed: int) -> list[str]:
    """A packed vector (a hand, or laid sets) as rank tokens, one per unit, in rank order."""
    out: list[str] = []
    for rank in range(14):
        out.extend((_TOKENS[rank],) * (packed >> (rank << 2) & 15))
    return out


def _packed(counts: Sequence[int]) -> int:
    """Counts of at most 15 per rank as a packed vector."""
    out = 0
    for rank, count in enumerate(counts):
        out += count << (rank << 2)
    return out


def _text_of(counts: Sequence[int]) -> str:
    return " ".join(_TOKENS[rank] for rank in range(14) for _ in range(counts[rank])) or EMPTY


# -- the writer ---------------------------------------------------------------


def _seat_groups(packed: Sequence[int]) -> list[str]:
    """One group per seat, ``p0 R ... / p1 ...``, ``-`` for an empty one."""
    out: list[str] = []
    for seat, vector in enumerate(packed):
        if seat:
            out.append("/")
        out.append(SEAT_TEXT[seat])
        out.extend(_units(vector) or (EMPTY,))
    return out


def _phase_tokens(state: BackstabFishState) -> tuple[str, ...]:
    if state.current_player == TERMINAL:
        return ("over", str(state.end_rule))
    seat = SEAT_TEXT[state.current_player]
    if state.phase == ASK:
        return ("ask", seat)
    return (
        "lay-down",
        seat,
        "asked",
        SEAT_TEXT[state.target],
        "productive" if state.productive else "unproductive",
    )


_ASKS: Final = tuple(
    tuple(f"{SEAT_TEXT[seat]} ask {SEAT_TEXT[target]} " for target in range(MAX_SEATS))
    for seat in range(MAX_SEATS)
)
_WANTED: Final = tuple(tuple(f"{count} {token}" for token in _TOKENS) for count in range(MAX_COUNT + 1))


def history_text(history: EventChain) -> str:
    """The turns of an event chain as the ``history`` section writes them (``-`` before the first turn).

    Only what a turn decides or answers is written; the events that follow
    by rule (refills, skips, the end, the final lay-down) are left out.
    """
    events: list[Event] = []
    link = history
    while link is not None:
        link, event = link
        events.append(event)
    pieces: list[str] = []
    asked = 0
    for kind, seat, other, rank, count, sets in reversed(events):
        if kind == "ask":
            if pieces:
                pieces.append(" / ")
            pieces.append(_ASKS[seat][other])
            pieces.append(_WANTED[count][rank])
            asked = count
        elif kind == "give":
            pieces.append(" give" if count == asked else f" give {count}")
        elif kind == "go-fish":
            pieces.append(" fish")
        elif kind == "lay-down":
            pieces.append(" lay " + " ".join(_units(sets)))
        elif kind == "end-turn":
            pieces.append(" end")
    return "".join(pieces) or EMPTY


def write_position(state: BackstabFishState) -> str:
    """The canonical position text of ``state`` (see the module's description)."""
    deal = state.deal
    writer = PositionWriter(GAME)
    writer.options(deal.options.as_dict())
    writer.section("dealer", SEAT_TEXT[deal.dealer])
    writer.section("hands", *_seat_groups(state.hands))
    writer.section("stock", *(_TOKENS[rank] for rank in deal.ranks[state.stock :]))
    writer.section("laid", *_seat_groups(state.laid))
    writer.section("scores", *state.points)
    writer.section("phase", *_phase_tokens(state))
    writer.section("turns", state.turns)
    writer.section("stall", state.stall)
    writer.section(HISTORY, history_text(state.history))
    return str(writer)


# -- the deck a position's state keeps ------------------------------------------


def _cards_by_rank(deck: Deck) -> tuple[tuple[Card, ...], ...]:
    return tuple(tuple(card for card in DECKS[deck] if rank_of_card(card) == rank) for rank in range(14))


_CARDS: Final = {deck: _cards_by_rank(deck) for deck in Deck}


def canonical_deck(
    options: BackstabFishOptions,
    dealer: int,
    hands: Sequence[Sequence[int]],
    laid: Sequence[Sequence[int]],
    stock: Sequence[int],
) -> tuple[tuple[Card, ...], tuple[int, ...]]:
    """The deck order a state read from a position keeps, as cards and as rank codes.

    The cards outside the stock come first, as a deal order would give them:
    one card at a time from each hand in turn (rank order within a hand),
    from the dealer's left on, passing over a hand once it is used up; then
    the cards of the laid sets, seat by seat in rank order; then the stock,
    top card first. Before the first turn this is a deal order that deals the
    hands. Only ranks matter, so the k-th card of a rank is that rank's k-th
    card in the deck's fixed order (:data:`~cardrules.games.backstab_fish.cards.DECKS`).
    ``hands``, ``laid`` (sets) and ``stock`` are rank counts, set counts and
    rank codes that account for the deck exactly.
    """
    players = len(hands)
    queues = [[rank for rank in range(14) for _ in range(hand[rank])] for hand in hands]
    ranks: list[int] = []
    place = [0] * players
    seat = (dealer + 1) % players
    left = sum(len(queue) for queue in queues)
    while left:
        queue = queues[seat]
        if place[seat] < len(queue):
            ranks.append(queue[place[seat]])
            place[seat] += 1
            left -= 1
        seat = (seat + 1) % players
    for sets in laid:
        for rank in range(14):
            ranks.extend((rank,) * (4 * sets[rank]))
    ranks.extend(stock)
    pool = _CARDS[options.deck]
    used = [0] * 14
    cards: list[Card] = []
    for rank in ranks:
        cards.append(pool[rank][used[rank]])
        used[rank] += 1
    return tuple(cards), tuple(ranks)


# -- reading ----------------------------------------------------------------------

Mark: TypeAlias = tuple[str, int, int, int, int, int, int]
"""A step of the history that moves cards or judges a hand, for the backward pass:

- ``("ask", turn, asker, target, rank, count, 0)``;
- ``("give", turn, target, asker, rank, given, count)``;
- ``("fish", turn, target, asker, rank, count, drawn)``;
- ``("refill", turn, seat, 0, 0, 0, 0)``;
- ``("decide", turn, asker, choice, sets, 0, 0)``: step 3, where ``choice`` is
  0 (no decision), 1 (laid nothing) or 2 (laid ``sets``, packed);
- ``("lay", turn, asker, sets, 0, 0, 0)``.
"""

_NONE: Final = 0
_END: Final = 1
_LAID: Final = 2


@dataclass(frozen=True, slots=True)
class _Turn:
    """One turn of the history as written.

    Attributes:
        asker, target, count, rank: the ask.
        given: the number of cards handed over, or ``None`` for go fish.
        decision: ``None`` for no lay-down decision, ``()`` for laying
            nothing, or the rank of each set laid, in rank order.
        text: the turn's text, for messages.
    """

    asker: int
    target: int
    count: int
    rank: int
    given: int | None
    decision: tuple[int, ...] | None
    text: str


@dataclass(frozen=True, slots=True)
class _Phase:
    """The ``phase`` section: ``kind`` is ``ask``, ``lay-down`` or ``over``."""

    kind: str
    seat: int
    target: int
    productive: bool
    rule: str | None


@dataclass(slots=True)
class _Replay:
    """What the history leaves, played from the deal on in public (built once by the reader)."""

    sizes: list[int]
    stock: int
    step_three: list[Counts]
    current: int
    phase: int
    target: int
    productive: bool
    stall: int
    turns: int
    end: str | None
    events: list[Event]
    marks: list[Mark]
    hidden_draws: int


def _where(number: int, text: str) -> str:
    return f"turn {number} ({_quote(text)})"


_TURN_FORM: Final = (
    "write a turn as pP ask pT COUNT RANK, then give (or give N) or fish, "
    "then lay RANK ... or end when P had the lay-down decision"
)


class _Reader:
    """Reads the sections of one position text (not a value: used once by :func:`read_position`)."""

    def __init__(self, game: BackstabFishGame, text: object) -> None:
        self.game = game
        self.too_long = isinstance(text, str) and len(text) > MAX_TEXT_CHARS
        self.history_parts: list[str] = []
        rest: object = text
        if isinstance(text, str):
            rest = ""
            if not self.too_long:
                # The history is read here, the rest by the shared reader (whose limit it may pass).
                parts = text.split(";")
                kept = parts[:1]
                for part in parts[1:]:
                    words = part.split(maxsplit=1)
                    if words and words[0].lower() == HISTORY:
                        self.history_parts.append(part)
                    else:
                        kept.append(part)
                rest = ";".join(kept)
        self.reader = PositionReader(rest, GAME)

    def problem(self, section: str, message: str, rule: str | None = None) -> None:
        self.reader.problem(section, message, rule)

    # -- tokens ---------------------------------------------------------------------

    def number(self, section: str, token: str, what: str) -> int | None:
        if not (token.isascii() and token.isdigit()):
            self.problem(section, f"{what} is a whole number, not {_quote(token)}")
            return None
        return self.reader.integer(section, token, 0, _MAX_NUMBER, what)

    def seat(self, section: str, token: str, players: int) -> int | None:
        return self.reader.seat(section, token, players)

    def ranks(self, section: str, tokens: Sequence[str]) -> list[int] | None:
        read = self.reader.items(section, tokens, parse_rank, _RANK_WHAT)
        return None if read is None else [int(rank) for rank in read]

    # -- sections ---------------------------------------------------------------------

    def options(self) -> tuple[BackstabFishOptions | None, int]:
        """The options, or ``None`` when refused; and the number of seats to read the other sections with.

        When the options are refused, the seats are the position's ``players``
        if that option alone is sound, else the game's.
        """
        own = self.game.options
        given = self.reader.options(self.game.options_dict())
        if given is None:
            return None, own.players
        try:
            return parse_options(given), 0
        except InvalidOptionError as error:
            self.reader.option_error(error)
        except ValueError:  # a numeral of non-ASCII digits, which the core's int() refuses
            self.problem("options", "write option values in ASCII: a word the option takes, or digits")
        try:
            return None, parse_options({"players": given.get("players", own.players)}).players
        except ValueError:
            return None, own.players

    def dealer(self, players: int) -> int | None:
        tokens = self.reader.take("dealer")
        if tokens is None:
            return None
        if len(tokens) != 1:
            self.problem("dealer", "write the dealer's seat, such as p0")
            return None
        return self.seat("dealer", tokens[0], players)

    def seat_groups(self, section: str, players: int, what: str) -> list[Counts] | None:
        """A section of one group of ranks per seat, as counts per rank."""
        tokens = self.reader.take(section)
        if tokens is None:
            return None
        split = groups(tokens)
        if len(split) != players:
            self.problem(
                section,
                f"{len(split)} group{'s' * (len(split) != 1)} for {players} players: "
                f"write {what} of each seat, p0 first, separated by /",
            )
            return None
        out: list[Counts] = []
        before = len(self.reader.problems)
        for seat, group in enumerate(split):
            words = list(group)
            if words and read_seat_token(words[0]) is not None:
                if read_seat_token(words[0]) != seat:
                    self.problem(section, f"group {seat + 1} is labelled {_quote(words[0])}, not p{seat}")
                words = words[1:]
            ranks = self.ranks(section, words)
            if ranks is not None:
                counts = [0] * 14
                for rank in ranks:
                    counts[rank] += 1
                out.append(counts)
        return out if len(self.reader.problems) == before else None

    def stock(self) -> list[int] | None:
        tokens = self.reader.take("stock")
        return None if tokens is None else self.ranks("stock", tokens)

    def scores(self, players: int) -> list[int] | None:
        tokens = self.reader.take("scores")
        if tokens is None:
            return None
        if len(tokens) != players:
            self.problem("scores", f"{len(tokens)} scores for {players} players: write one per seat")
            return None
        out: list[int] = []
        for token in tokens:
            score = self.number("scores", token, "a score")
            if score is not None:
                out.append(score)
        return out if len(out) == players else None

    def one_number(self, section: str, what: str) -> int | None:
        tokens = self.reader.take(section)
        if tokens is None:
            return None
        if len(tokens) != 1:
            self.problem(section, f"write one number, {what}")
            return None
        return self.number(section, tokens[0], what)

    def phase(self, players: int) -> _Phase | None:
        tokens = self.reader.take("phase")
        if tokens is None:
            return None
        words = [token.lower() for token in tokens]
        kind = words[0] if words else ""
        if kind == "ask" and len(words) == 2:
            seat = self.seat("phase", tokens[1], players)
            return None if seat is None else _Phase("ask", seat, -1, False, None)
        if kind == "lay-down" and len(words) in (4, 5) and (len(words) == 4 or words[2] == "asked"):
            flag = words[-1]
            if flag in ("productive", "unproductive"):
                seat = self.seat("phase", tokens[1], players)
                target = self.seat("phase", tokens[-2], players)
                if seat is None or target is None:
                    return None
                return _Phase("lay-down", seat, target, flag == "productive", None)
        if kind == "over" and len(words) == 2:
            for rule in END_RULES:
                if words[1] in (rule, rule.rsplit(".", 1)[1]):
                    return _Phase("over", TERMINAL, -1, False, rule)
            self.problem("phase", f"{_quote(tokens[1])} is no end rule: they are {', '.join(END_RULES)}")
            return None
        self.problem(
            "phase",
            f"{_quote(' '.join(tokens))} is no phase: write ask p0, lay-down p0 asked p1 productive "
            "(or unproductive), or over and the end rule",
        )
        return None

    def turn(self, number: int, group: Sequence[str], players: int) -> _Turn | None:
        """One turn of the history (``group``, its tokens), or ``None`` and the problems."""
        text = " ".join(group)
        where = _where(number, text)
        words = [word.lower() for word in group]
        at = 4 if len(words) > 3 and words[3] == "for" else 3
        if len(words) < at + 3 or words[1] != "ask":
            self.problem(HISTORY, f"{where}: {_TURN_FORM}")
            return None
        asker = self.seat(HISTORY, group[0], players)
        target = self.seat(HISTORY, group[2], players)
        count = self.number(HISTORY, group[at], f"the count asked for in turn {number}")
        rank = self.reader.item(HISTORY, group[at + 1], parse_rank, _RANK_WHAT)
        answer = words[at + 2]
        at += 3
        given: int | None = None
        fine = True
        if answer in ("give", "gives"):
            given = count
            if at < len(words) and words[at].isascii() and words[at].isdigit():
                given = self.number(HISTORY, group[at], f"the number handed over in turn {number}")
                fine = given is not None
                at += 1
        elif answer not in ("fish", "go-fish"):
            self.problem(HISTORY, f"{where}: the answer is give or fish, not {_quote(group[at - 1])}")
            return None
        decision: tuple[int, ...] | None = None
        rest = words[at:]
        if rest and rest[0] == "lay":
            skip = 2 if rest[1:2] == ["down"] else 1
            sets = self.ranks(HISTORY, group[at + skip :])
            if sets == []:
                self.problem(HISTORY, f"{where}: lay names the rank of each set laid; end lays none")
            fine = fine and bool(sets)
            decision = tuple(sorted(sets or ()))
        elif rest in (["end"], ["end", "turn"]):
            decision = ()
        elif rest:
            self.problem(
                HISTORY, f"{where}: after the answer comes lay RANK ... or end, not {_quote(group[at])}"
            )
            return None
        if asker is None or target is None or count is None or rank is None or not fine:
            return None
        return _Turn(asker, target, count, int(rank), given, decision, text)

    def history(self, players: int) -> list[_Turn] | None:
        # Its text is read here, not by the shared reader; taking it makes it a known section.
        self.reader.take(HISTORY, required=False)
        if not self.history_parts:
            if not any(problem.section == "position" for problem in self.reader.problems):
                self.problem(HISTORY, "the section is missing")
            return None
        if len(self.history_parts) > 1:
            self.problem(HISTORY, "the section is given twice")
            return None
        split = groups(self.history_parts[0].split()[1:])
        if len(split) == 1 and not split[0]:
            return []  # "history -": no turn yet
        out: list[_Turn] = []
        for number, group in enumerate(split, start=1):
            read = self.turn(number, group, players)
            if read is not None:
                out.append(read)
        return out if len(out) == len(split) else None

    # -- the whole position -------------------------------------------------------------

    def state(self) -> BackstabFishState:
        if self.too_long:
            raise InvalidPositionError(
                [PositionProblem("position", f"the text is past the limit of {MAX_TEXT_CHARS} characters")]
            )
        options, players = self.options()
        players = players if options is None else options.players
        dealer = self.dealer(players)
        hands = self.seat_groups("hands", players, "the hand")
        stock = self.stock()
        laid = self.seat_groups("laid", players, "the sets laid")
        scores = self.scores(players)
        phase = self.phase(players)
        turns = self.one_number("turns", "the turns completed")
        stall = self.one_number("stall", "the unproductive turns in a row")
        history = self.history(players)
        if options is None:
            self.reader.finish()
            raise AssertionError("unreachable: a refused option is a problem, which finish raises")
        return _Judge(self, options).state(dealer, hands, stock, laid, scores, phase, turns, stall, history)


class _Judge:
    """Whether the sections read describe a position that can arise, and the state they describe."""

    def __init__(self, reader: _Reader, options: BackstabFishOptions) -> None:
        self.reader = reader
        self.options = options
        self.players = options.players
        self.copies = options.copies
        self.exact = options.give is Give.EXACT
        self.compulsory = options.lay_down is LayDownRule.COMPULSORY

    def problem(self, section: str, message: str, rule: str | None = None) -> None:
        self.reader.problem(section, message, rule)

    def turn_problem(self, entry: _Turn, index: int, message: str, rule: str) -> None:
        """A problem with the history's turn ``index`` (``entry``), which the message names first."""
        self.reader.problem(HISTORY, f"{_where(index + 1, entry.text)}: {message}", rule)

    # -- the cards and the scores --------------------------------------------------------

    def conservation(self, hands: list[Counts], stock: list[int], laid: list[Counts]) -> bool:
        """backstab_fish.invariant.card-conservation: every card of the deck in exactly one place."""
        total = [0] * 14
        for hand in hands:
            for rank in range(14):
                total[rank] += hand[rank]
        for rank in stock:
            total[rank] += 1
        for sets in laid:
            for rank in range(14):
                total[rank] += 4 * sets[rank]
        fine = True
        for rank in range(14):
            if total[rank] != self.copies[rank]:
                fine = False
                self.problem(
                    "hands",
                    f"the hands, the stock and the laid sets hold {total[rank]} {PLURALS[rank]}; "
                    f"the {self.options.deck.value} deck has {self.copies[rank]}",
                    CONSERVATION,
                )
        return fine

    def scores(self, scores: list[int], laid: list[Counts]) -> None:
        """backstab_fish.score.per-set: a seat's score is its number of laid sets."""
        for seat in range(self.players):
            sets = sum(laid[seat])
            if scores[seat] != sets:
                self.problem(
                    "scores",
                    f"{SEAT_TEXT[seat]} has {sets} set{'s' * (sets != 1)} laid, so scores {sets}, "
                    f"not {scores[seat]}",
                    PER_SET,
                )

    # -- the history, in public --------------------------------------------------------------

    def replay(self, dealer: int, turns: list[_Turn], pending: bool) -> _Replay | None:
        """Play the history's turns from the deal on, as everyone sees them: sizes, counters, events.

        ``pending`` says that the last turn waits for its lay-down decision.
        Stops at the first turn that could not have been played, and records why.
        """
        options = self.options
        players = self.players
        open_targets = options.empty_target is EmptyTarget.ALLOWED
        sizes = [options.hand_size] * players
        stock = options.deck_size - options.hand_size * players
        step_three = [[0] * 14 for _ in range(players)]
        current = (dealer + 1) % players  # backstab_fish.turn.first
        stall = done = hidden = 0
        end: str | None = None
        events: list[Event] = []
        marks: list[Mark] = []
        phase, asked, productive = ASK, -1, False
        for index, entry in enumerate(turns):
            where = _where(index + 1, entry.text)
            seat, target, rank, count = entry.asker, entry.target, entry.rank, entry.count
            copies = self.copies[rank]
            if end is not None:
                self.problem(HISTORY, f"{where}: the game was over already [{end}]", OVER)
                return None
            if seat != current:
                self.problem(HISTORY, f"{where}: it was {SEAT_TEXT[current]}'s turn to ask", TO_ACT)
                return None
            if not copies:
                self.problem(HISTORY, f"{where}: the {options.deck.value} deck has no {PLURALS[rank]}", KNOWN)
                return None
            if not turn.may_ask(seat, target, tuple(sizes), open_targets):
                why = "themselves" if target == seat else f"{SEAT_TEXT[target]}, who held no card"
                self.problem(HISTORY, f"{where}: {SEAT_TEXT[seat]} cannot ask {why}", TARGET)
                return None
            if not turn.count_allowed(count, copies):
                self.problem(HISTORY, f"{where}: ask for 1 to {copies} {PLURALS[rank]}, not {count}", COUNT)
                return None
            events.append(("ask", seat, target, rank, count, 0))
            marks.append(("ask", index, seat, target, rank, count, 0))
            productive = False
            if entry.given is not None:
                given = entry.given
                if self.exact and given != count:
                    self.problem(
                        HISTORY, f"{where}: under give=exact, exactly {count} cards change hands", GIVE
                    )
                    return None
                if not count <= given <= min(copies, sizes[target]):
                    self.problem(
                        HISTORY,
                        f"{where}: {SEAT_TEXT[target]} held {sizes[target]} cards and cannot hand "
                        f"over {given} for an ask of {count}",
                        GIVE,
                    )
                    return None
                sizes[target] -= given
                sizes[seat] += given
                events.append(("give", target, seat, rank, given, 0))
                marks.append(("give", index, target, seat, rank, given, count))
                if not sizes[target] and stock:  # backstab_fish.refill.seven, at step 2
                    taken = min(turn.REFILL, stock)
                    sizes[target], stock, productive = taken, stock - taken, True
                    events.append(("refill", target, -1, -1, taken, 0))
                    marks.append(("refill", index, target, 0, 0, 0, 0))
            else:
                drawn = 1 if stock else 0  # backstab_fish.answer.go-fish
                sizes[seat] += drawn
                stock -= drawn
                hidden += drawn
                productive = bool(drawn)
                events.append(("go-fish", target, seat, rank, drawn, 0))
                marks.append(("fish", index, target, seat, rank, count, drawn))
            decision = entry.decision
            if self.compulsory and decision == ():
                self.problem(
                    HISTORY,
                    f"{where}: under lay_down=compulsory there is no decision: every set is laid by rule",
                    LAY,
                )
                return None
            if pending and index == len(turns) - 1:
                phase, asked = LAY_DOWN, target
                break
            if decision:
                sets = [0] * 14
                for laid_rank in decision:
                    sets[laid_rank] += 1
                if sizes[seat] < 4 * len(decision) or any(sets[r] > self.copies[r] // 4 for r in range(14)):
                    self.problem(
                        HISTORY,
                        f"{where}: {len(decision)} set{'s' * (len(decision) > 1)} take {4 * len(decision)} "
                        f"cards of the ranks laid, and {SEAT_TEXT[seat]} held {sizes[seat]} cards",
                        LAY,
                    )
                    return None
                packed = _packed(sets)
                marks.append(("decide", index, seat, _LAID, packed, 0, 0))
                marks.append(("lay", index, seat, packed, 0, 0, 0))
                sizes[seat] -= 4 * len(decision)
                for r in range(14):
                    step_three[seat][r] += sets[r]
                events.append(("lay-down", seat, -1, -1, len(decision), packed))
                productive = True
            elif decision == ():
                marks.append(("decide", index, seat, _END, 0, 0, 0))
                events.append(("end-turn", seat, -1, -1, 0, 0))
            else:
                marks.append(("decide", index, seat, _NONE, 0, 0, 0))
            if not sizes[seat] and stock:  # backstab_fish.refill.seven, at step 3
                taken = min(turn.REFILL, stock)
                sizes[seat], stock, productive = taken, stock - taken, True
                events.append(("refill", seat, -1, -1, taken, 0))
                marks.append(("refill", index, seat, 0, 0, 0, 0))
            stall = 0 if productive else stall + 1
            productive = False
            done += 1
            end = turn.end_rule(not stock, sizes, stall, options.stall_limit)
            if end is not None:
                events.append(("end", -1, -1, -1, END_RULES.index(end), 0))
                current = TERMINAL
            else:  # backstab_fish.turn.next, backstab_fish.turn.skip-empty
                current = target
                for _ in range(players):
                    if sizes[current]:
                        break
                    events.append(("skip", current, -1, -1, 0, 0))
                    current = (current + 1) % players
        return _Replay(
            sizes,
            stock,
            step_three,
            current,
            phase,
            asked,
            productive,
            stall,
            done,
            end,
            events,
            marks,
            hidden,
        )

    def compare(
        self,
        replay: _Replay,
        hands: list[Counts] | None,
        stock: list[int] | None,
        laid: list[Counts] | None,
        phase: _Phase | None,
        turns: int | None,
        stall: int | None,
        played: bool,
    ) -> list[Counts] | None:
        """Check the other sections against what the history leaves.

        Answers the sets of the final lay-down (the laid sets no turn of the
        history lays) when the sizes and the laid sets agree, else ``None``.
        """
        players = self.players
        fine = True
        at_end = replay.end is not None and self.options.final_lay_down is FinalLayDown.ON
        final = [[0] * 14 for _ in range(players)]
        if laid is not None:
            for seat in range(players):
                during = replay.step_three[seat]
                extra = [laid[seat][r] - during[r] for r in range(14)]
                if any(e < 0 for e in extra) or (any(extra) and not at_end):
                    fine = False
                    when = "in its turns (and every set left at the end)" if at_end else "in its turns"
                    self.problem(
                        "laid",
                        f"{SEAT_TEXT[seat]} has {_text_of(laid[seat])} laid; the history lays "
                        f"{_text_of(during)} {when}",
                        LAY,
                    )
                else:
                    final[seat] = extra
        size_rule = CONSERVATION if played else DEAL
        if hands is not None:
            for seat in range(players):
                size = sum(hands[seat])
                left = replay.sizes[seat] - 4 * sum(final[seat])
                if size != left:
                    fine = False
                    self.problem(
                        "hands",
                        f"{SEAT_TEXT[seat]} holds {size} cards; the history leaves them {left}",
                        size_rule,
                    )
        if stock is not None and len(stock) != replay.stock:
            fine = False
            self.problem(
                "stock", f"the stock holds {len(stock)} cards; the history leaves {replay.stock}", size_rule
            )
        if at_end and hands is not None:
            for seat in range(players):
                fours = [PLURALS[r] for r in range(14) if hands[seat][r] >= 4]
                if fours:
                    fine = False
                    self.problem(
                        "hands",
                        f"the game is over and {SEAT_TEXT[seat]} still holds four {fours[0]}, "
                        "though every set is laid down at the end",
                        FINAL,
                    )
        if phase is not None:
            self.compare_phase(replay, phase)
        if turns is not None and turns != replay.turns:
            self.problem("turns", f"the history holds {replay.turns} completed turns, not {turns}", SEQUENCE)
        if stall is not None and stall != replay.stall:
            self.problem(
                "stall", f"the history ends {replay.stall} unproductive turns in a row, not {stall}", STALL
            )
        return final if fine else None

    def compare_phase(self, replay: _Replay, phase: _Phase) -> None:
        """The ``phase`` section against the history: who acts, at which step."""
        if replay.end is not None:
            if phase.rule != replay.end:
                self.problem("phase", f"the game ended under {replay.end} after the last turn", replay.end)
            return
        if phase.kind == "over":
            self.problem("phase", "no end rule applied after the last turn, so the game goes on", SEQUENCE)
            return
        seat = SEAT_TEXT[replay.current]
        if phase.seat != replay.current:
            self.problem("phase", f"the history leaves {seat} to act, not {SEAT_TEXT[phase.seat]}", TO_ACT)
            return
        derived = "ask" if replay.phase == ASK else "lay-down"
        if phase.kind != derived:
            if derived == "ask":
                why = f"{seat} has not asked yet this turn"
            else:
                why = f"{seat} has asked, holds four of a rank and has the lay-down decision to make"
            self.problem("phase", f"{why}, so the phase is {derived}, not {phase.kind}", SEQUENCE)
            return
        if derived == "lay-down":
            if phase.target != replay.target:
                self.problem(
                    "phase",
                    f"{seat} asked {SEAT_TEXT[replay.target]} this turn, not {SEAT_TEXT[phase.target]}",
                    SEQUENCE,
                )
            if phase.productive != replay.productive:
                took = "took a card" if replay.productive else "took no card"
                self.problem(
                    "phase",
                    f"this turn {took} from the stock, so it is not {'un' * phase.productive}productive",
                    STALL,
                )

    # -- the history, against the cards ------------------------------------------------------

    def hidden_plays(
        self, replay: _Replay, hands: list[Counts], final: list[Counts], turns: list[_Turn]
    ) -> tuple[list[Counts], list[Counts]] | None:
        """Judge each turn's ask, answer and decision against what the hands could have held then.

        Works back from the hands of the position. At each moment ``held`` is
        what a seat's hand holds if the cards it has drawn from the stock
        since (``drawn`` of them, back to its last refill) are put back: it
        held ``held`` less some ``drawn`` cards. A play is refused when no
        such cards make it legal; with none drawn, that is the engine's own
        condition. Answers the dealt hands and the cards of each refill when
        no draw was hidden (``drawn`` is 0 throughout), else ``None``.
        """
        players = self.players
        held = [[hands[s][r] + 4 * final[s][r] for r in range(14)] for s in range(players)]
        drawn = [0] * players
        refills: list[Counts] = []
        for kind, index, a, b, rank, n, c in reversed(replay.marks):
            if kind == "refill":
                refills.append(held[a])
                held[a], drawn[a] = [0] * 14, 0
            elif kind == "lay":
                for r in range(14):
                    held[a][r] += 4 * (b >> (r << 2) & 15)
            elif kind == "decide":
                self.decision(turns[index], index, a, b, rank, held[a], drawn[a])
            elif kind == "fish":
                target, seat, count = a, b, n
                drawn[seat] += c
                least = held[target][rank] - drawn[target]
                if least >= count:  # backstab_fish.answer.go-fish: T held fewer than asked
                    self.turn_problem(
                        turns[index],
                        index,
                        f"{SEAT_TEXT[target]} held {least} {PLURALS[rank]} or more, "
                        f"so had to hand {count} over",
                        FISH,
                    )
            elif kind == "give":
                target, seat, given = a, b, n
                if not self.exact and held[target][rank] > drawn[target]:
                    self.turn_problem(
                        turns[index],
                        index,
                        f"under give=all-of-rank {SEAT_TEXT[target]} hands over every card of the "
                        f"rank, yet kept {held[target][rank] - drawn[target]} {PLURALS[rank]} or more",
                        GIVE,
                    )
                held[target][rank] += given
                held[seat][rank] -= given
                if held[seat][rank] < 0:
                    self.turn_problem(
                        turns[index],
                        index,
                        f"{SEAT_TEXT[seat]} was handed {given} {PLURALS[rank]} that the position "
                        "does not account for",
                        CONSERVATION,
                    )
                    return None
            elif kind == "ask" and not held[a][rank]:  # backstab_fish.ask.rank
                self.turn_problem(
                    turns[index],
                    index,
                    f"{SEAT_TEXT[a]} held no {PLURALS[rank]}, so could not ask for them",
                    RANK,
                )
        if replay.hidden_draws:
            return None
        refills.reverse()
        return held, refills

    def decision(
        self, entry: _Turn, index: int, seat: int, choice: int, sets: int, hand: Counts, drawn: int
    ) -> None:
        """backstab_fish.sets.lay-down at step 3 of a turn: whether the decision was due, and its choice."""
        actor = SEAT_TEXT[seat]
        where = _where(index + 1, entry.text)
        if self.compulsory:
            laid = [sets >> (r << 2) & 15 for r in range(14)]
            if sum(max(0, hand[r] - 4 * laid[r] - 3) for r in range(14)) > drawn:
                self.problem(
                    HISTORY,
                    f"{where}: under lay_down=compulsory {actor} lays down every set held after the answer, "
                    "and held more than that",
                    LAY,
                )
        elif choice == _NONE:
            if sum(max(0, count - 3) for count in hand) > drawn:
                self.problem(
                    HISTORY,
                    f"{where}: {actor} held four cards of a rank after the answer, so had the lay-down "
                    "decision to make (lay or end)",
                    LAY,
                )
        elif choice == _END and not any(count >= 4 for count in hand):
            self.problem(
                HISTORY,
                f"{where}: {actor} held no four cards of a rank after the answer, so had no lay-down "
                "decision to make",
                LAY,
            )

    def rejudge(
        self, dealer: int, turns: list[_Turn], dealt: list[Counts], refills: list[Counts], stock: list[int]
    ) -> str | None:
        """Replay a history with no hidden draw with the engine, from its rebuilt deal.

        ``dealt`` are the hands dealt and ``refills`` the cards of each refill
        in order. Answers the position the engine reaches, or ``None`` (and the
        problems, with the engine's rules) when a turn is illegal.
        """
        ranks = [rank for cards in refills for rank in range(14) for _ in range(cards[rank])]
        none = [[0] * 14 for _ in range(self.players)]
        deck, codes = canonical_deck(self.options, dealer, dealt, none, [*ranks, *stock])
        state = _state.BackstabFishState.start(DealContext(self.options, dealer, deck, codes))
        for index, entry in enumerate(turns):
            actions: list[Ask | LayDown | EndTurn] = [
                Ask(entry.asker, entry.target, FishRank(entry.rank), entry.count)
            ]
            if entry.decision and not self.compulsory:
                actions.append(LayDown(entry.asker, tuple(FishRank(r) for r in entry.decision)))
            elif entry.decision == () and not self.compulsory:
                actions.append(EndTurn(entry.asker))
            for action in actions:
                verdict, after = state.attempt(action)
                if after is None:
                    for rule in verdict.rule_ids:
                        self.problem(HISTORY, f"{_where(index + 1, entry.text)}: {verdict.reason}", rule)
                    return None
                state = after
        return write_position(state)

    # -- everything -----------------------------------------------------------------------------

    def state(
        self,
        dealer: int | None,
        hands: list[Counts] | None,
        stock: list[int] | None,
        laid: list[Counts] | None,
        scores: list[int] | None,
        phase: _Phase | None,
        turns: int | None,
        stall: int | None,
        history: list[_Turn] | None,
    ) -> BackstabFishState:
        """Check everything the sections must agree on; the state, or raise naming every problem."""
        reader = self.reader.reader
        cards_fine = hands is not None and stock is not None and laid is not None
        if hands is not None and stock is not None and laid is not None:
            cards_fine = self.conservation(hands, stock, laid)
        if scores is not None and laid is not None:
            self.scores(scores, laid)
        replay: _Replay | None = None
        final: list[Counts] | None = None
        if dealer is not None and history is not None:
            pending = False
            if history and history[-1].decision is None and not self.compulsory:
                if hands is not None:  # the last asker holds four of a rank, and has not decided
                    pending = any(count >= 4 for count in hands[history[-1].asker])
                else:
                    pending = phase is not None and phase.kind == "lay-down"
            replay = self.replay(dealer, history, pending)
            if replay is not None:
                final = self.compare(replay, hands, stock, laid, phase, turns, stall, bool(history))
        reached: str | None = None
        if reader.ok and cards_fine and replay is not None and final is not None:
            assert hands is not None and history is not None and stock is not None and dealer is not None
            start = self.hidden_plays(replay, hands, final, history)
            if start is not None and reader.ok:
                reached = self.rejudge(dealer, history, start[0], start[1], stock)
        reader.finish()
        assert dealer is not None and hands is not None and stock is not None and laid is not None
        assert replay is not None and final is not None
        built = self.build(dealer, hands, stock, laid, replay, final)
        if reached is not None and reached != write_position(built):
            self.problem(
                HISTORY, "replayed from its deal by the engine, the history leads elsewhere", SEQUENCE
            )
            reader.finish()
        return built

    def build(
        self,
        dealer: int,
        hands: list[Counts],
        stock: list[int],
        laid: list[Counts],
        replay: _Replay,
        final: list[Counts],
    ) -> BackstabFishState:
        """The state of a sound position: the zones as read, the rest as the history leaves it."""
        options = self.options
        deck, ranks = canonical_deck(options, dealer, hands, laid, stock)
        history: EventChain = None
        for event in replay.events:  # one link per event, as play builds it
            history = (history, event)
        if replay.end is not None:  # backstab_fish.end.final-lay-down, seat by seat
            for seat in range(self.players):
                if any(final[seat]):
                    history = (
                        history,
                        ("final-lay-down", seat, -1, -1, sum(final[seat]), _packed(final[seat])),
                    )
        return _state.BackstabFishState(
            DealContext(options, dealer, deck, ranks),
            tuple(_packed(hand) for hand in hands),
            tuple(sum(hand) for hand in hands),
            len(ranks) - len(stock),
            tuple(_packed(sets) for sets in laid),
            tuple(sum(sets) for sets in laid),
            replay.current,
            replay.phase,
            replay.target,
            replay.productive,
            replay.stall,
            replay.turns,
            replay.end,
            history,
        )


def read_position(game: BackstabFishGame, text: object) -> BackstabFishState:
    """The state a Backstab Fish position text describes (see the module's description).

    The position's options override ``game``'s; an option it leaves out keeps
    ``game``'s value.

    Raises:
        InvalidPositionError: the text is malformed or the position cannot
            arise; every problem found is listed, each with its section and,
            for a position that cannot arise, the rule it breaks.
    """
    return _Reader(game, text).state()
