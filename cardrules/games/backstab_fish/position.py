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

A position's text may be long: the history grows by a turn at a time, some
20 characters a turn; positions are read up to the shared reader's limit,
:data:`cardrules.position.MAX_POSITION_CHARS` characters.

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
from typing import TYPE_CHECKING, Final

from cardrules.errors import InvalidOptionError
from cardrules.game import TERMINAL
from cardrules.games.backstab_fish.actions import ASK, MAX_COUNT, MAX_SEATS, SEAT_TEXT
from cardrules.games.backstab_fish.cards import FishRank, parse_rank
from cardrules.games.backstab_fish.observation import END_RULES, EventLog
from cardrules.games.backstab_fish.options import BackstabFishOptions, parse_options
from cardrules.games.backstab_fish.position_check import Judge, canonical_deck
from cardrules.games.backstab_fish.position_history import HISTORY, Counts, Phase, Turn, at_turn, quote
from cardrules.notation import read_seat_token
from cardrules.position import EMPTY, PositionReader, PositionWriter, groups

if TYPE_CHECKING:
    from cardrules.games.backstab_fish.game import BackstabFishGame
    from cardrules.games.backstab_fish.state import BackstabFishState

__all__ = ["SECTIONS", "canonical_deck", "history_text", "read_position", "write_position"]

GAME: Final = "backstab_fish"

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

_TOKENS: Final = tuple(rank.token for rank in FishRank)
_RANK_WHAT: Final = "a rank (2-9, T, J, Q, K, A, or JK for a joker)"
_MAX_NUMBER: Final = 999_999


def _units(packed: int) -> list[str]:
    """A packed vector (a hand, or laid sets) as rank tokens, one per unit, in rank order."""
    out: list[str] = []
    for rank in range(14):
        out.extend((_TOKENS[rank],) * (packed >> (rank << 2) & 15))
    return out


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


def history_text(history: EventLog) -> str:
    """The turns of an event log as the ``history`` section writes them (``-`` before the first turn).

    Only what a turn decides or answers is written; the events that follow
    by rule (refills, skips, the end, the final lay-down) are left out.
    """
    pieces: list[str] = []
    asked = 0
    for kind, seat, other, rank, count, sets in history:
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


def write_position(state: BackstabFishState, *, future: bool = True) -> str:
    """The canonical position text of ``state`` (see the module's description).

    ``future`` changes nothing: a game has one deal, so the short form is the full one.
    """
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


# -- reading ----------------------------------------------------------------------


_TURN_FORM: Final = (
    "write a turn as pP ask pT COUNT RANK, then give (or give N) or fish, "
    "then lay RANK ... or end when P had the lay-down decision"
)


class _Reader:
    """Reads the sections of one position text (not a value: used once by :func:`read_position`)."""

    def __init__(self, game: BackstabFishGame, text: object) -> None:
        self.game = game
        self.reader = PositionReader(text, GAME)

    def problem(self, section: str, message: str, rule: str | None = None) -> None:
        self.reader.problem(section, message, rule)

    # -- tokens ---------------------------------------------------------------------

    def number(self, section: str, token: str, what: str) -> int | None:
        if not (token.isascii() and token.isdigit()):
            self.problem(section, f"{what} is a whole number, not {quote(token)}")
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
                    self.problem(section, f"group {seat + 1} is labelled {quote(words[0])}, not p{seat}")
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

    def phase(self, players: int) -> Phase | None:
        tokens = self.reader.take("phase")
        if tokens is None:
            return None
        words = [token.lower() for token in tokens]
        kind = words[0] if words else ""
        if kind == "ask" and len(words) == 2:
            seat = self.seat("phase", tokens[1], players)
            return None if seat is None else Phase("ask", seat, -1, False, None)
        if kind == "lay-down" and len(words) in (4, 5) and (len(words) == 4 or words[2] == "asked"):
            flag = words[-1]
            if flag in ("productive", "unproductive"):
                seat = self.seat("phase", tokens[1], players)
                target = self.seat("phase", tokens[-2], players)
                if seat is None or target is None:
                    return None
                return Phase("lay-down", seat, target, flag == "productive", None)
        if kind == "over" and len(words) == 2:
            for rule in END_RULES:
                if words[1] in (rule, rule.rsplit(".", 1)[1]):
                    return Phase("over", TERMINAL, -1, False, rule)
            self.problem("phase", f"{quote(tokens[1])} is no end rule: they are {', '.join(END_RULES)}")
            return None
        self.problem(
            "phase",
            f"{quote(' '.join(tokens))} is no phase: write ask p0, lay-down p0 asked p1 productive "
            "(or unproductive), or over and the end rule",
        )
        return None

    def turn(self, number: int, group: Sequence[str], players: int) -> Turn | None:
        """One turn of the history (``group``, its tokens), or ``None`` and the problems."""
        text = " ".join(group)
        where = at_turn(number, text)
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
            self.problem(HISTORY, f"{where}: the answer is give or fish, not {quote(group[at - 1])}")
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
                HISTORY, f"{where}: after the answer comes lay RANK ... or end, not {quote(group[at])}"
            )
            return None
        if asker is None or target is None or count is None or rank is None or not fine:
            return None
        return Turn(asker, target, count, int(rank), given, decision, text)

    def history(self, players: int) -> list[Turn] | None:
        tokens = self.reader.take(HISTORY)
        if tokens is None:
            return None
        split = groups(tokens)
        if len(split) == 1 and not split[0]:
            return []  # "history -": no turn yet
        out: list[Turn] = []
        for number, group in enumerate(split, start=1):
            read = self.turn(number, group, players)
            if read is not None:
                out.append(read)
        return out if len(out) == len(split) else None

    # -- the whole position -------------------------------------------------------------

    def state(self) -> BackstabFishState:
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
        return Judge(self.reader, options).state(
            dealer, hands, stock, laid, scores, phase, turns, stall, history
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
