"""A Backstab Fish position's history, played again in public: what it leaves.

:class:`~cardrules.games.backstab_fish.position_check.Judge` builds on
:class:`HistoryJudge`, through
:class:`~cardrules.games.backstab_fish.position_cards.CardJudge`. Played
forward in public (:meth:`HistoryJudge.replay`), the history gives the hand
sizes, the stock, the counters and the public events it leaves
(:class:`Replay`), to compare with the sections that state them
(:meth:`HistoryJudge.compare`). Worked back from the hands of the position, it
shows whether each ask, answer and lay-down decision could have been legal:
that is :mod:`~cardrules.games.backstab_fish.position_cards`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final, TypeAlias

from cardrules.game import TERMINAL

# state.py imports position, which imports this module, so turn's names are read at call time.
from cardrules.games.backstab_fish import turn
from cardrules.games.backstab_fish.actions import ASK, LAY_DOWN, SEAT_TEXT
from cardrules.games.backstab_fish.cards import PLURALS, FishRank
from cardrules.games.backstab_fish.observation import END_RULES
from cardrules.games.backstab_fish.options import (
    BackstabFishOptions,
    EmptyTarget,
    FinalLayDown,
    Give,
    LayDownRule,
)
from cardrules.position import PositionReader

__all__ = [
    "HISTORY", "LAID_NOTHING", "LAID_SETS", "NO_DECISION", "Counts", "HistoryJudge", "Mark", "Phase",
    "Replay", "Turn", "at_turn", "pack", "quote",
]  # fmt: skip

HISTORY: Final = "history"

# The rules a history can break, by id.
CONSERVATION: Final = "backstab_fish.invariant.card-conservation"
DEAL: Final = "backstab_fish.setup.deal"
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

_MAX_ECHO: Final = 40

Event: TypeAlias = tuple[str, int, int, int, int, int]
"""A public event as the state's history keeps it (see :mod:`~cardrules.games.backstab_fish.observation`)."""

Counts: TypeAlias = list[int]
"""How many cards (or sets) of each rank code, 0 to 13."""


def quote(text: str) -> str:
    """``text`` quoted for a message, cut short when long."""
    return repr(text) if len(text) <= _MAX_ECHO else repr(text[:_MAX_ECHO]) + "..."


def pack(counts: Sequence[int]) -> int:
    """Counts of at most 15 per rank as a packed vector."""
    out = 0
    for rank, count in enumerate(counts):
        out += count << (rank << 2)
    return out


def _text_of(counts: Sequence[int]) -> str:
    """The sets ``counts`` holds, one rank token a set (``K K 5``), or ``no set``."""
    return " ".join(FishRank(rank).token for rank in range(14) for _ in range(counts[rank])) or "no set"


# -- the values read, and what the history leaves -------------------------------------------

Mark: TypeAlias = tuple[str, int, int, int, int, int, int]
"""A step of the history that moves cards or judges a hand, for the backward pass:

- ``("ask", turn, asker, target, rank, count, 0)``;
- ``("give", turn, target, asker, rank, given, count)``;
- ``("fish", turn, target, asker, rank, count, drawn)``;
- ``("refill", turn, seat, 0, 0, 0, 0)``;
- ``("decide", turn, asker, choice, sets, 0, 0)``: step 3, where ``choice`` is
  :data:`NO_DECISION`, :data:`LAID_NOTHING` or :data:`LAID_SETS` (``sets``, packed);
- ``("lay", turn, asker, sets, 0, 0, 0)``.
"""

NO_DECISION: Final = 0
"""A ``decide`` mark's choice: the turn had no lay-down decision."""
LAID_NOTHING: Final = 1
"""A ``decide`` mark's choice: the asker laid nothing and ended the turn."""
LAID_SETS: Final = 2
"""A ``decide`` mark's choice: the asker laid the sets the mark holds."""


@dataclass(frozen=True, slots=True)
class Turn:
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
class Phase:
    """The ``phase`` section: ``kind`` is ``ask``, ``lay-down`` or ``over``."""

    kind: str
    seat: int
    target: int
    productive: bool
    rule: str | None


@dataclass(slots=True)
class Replay:
    """What the history leaves, played from the deal on in public (built once by the judge).

    Attributes:
        sizes: each seat's hand size.
        stock: the cards left in the stock.
        step_three: per seat, the sets (by rank) laid in the turns' step 3.
        current: the seat to act, or ``TERMINAL``.
        phase: ``ASK`` or ``LAY_DOWN``.
        target: the seat asked this turn, when a lay-down decision waits.
        productive: whether this turn took a card from the stock.
        stall: the unproductive turns in a row.
        turns: the turns completed.
        end: the end rule that applied, or ``None``.
        events: the public events, as the state's history keeps them.
        marks: the steps that move cards or judge a hand, for the backward pass.
        hidden_draws: how many cards were drawn unseen (go fish).
    """

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


def at_turn(number: int, text: str) -> str:
    """How a message names turn ``number`` of the history, whose text is ``text``."""
    return f"turn {number} ({quote(text)})"


class HistoryJudge:
    """The checks of a position's history, for :class:`~cardrules.games.backstab_fish.position_check.Judge`.

    ``reader`` collects the problems found, each naming the rule it breaks.
    Not a value: used once, for one position read.
    """

    def __init__(self, reader: PositionReader, options: BackstabFishOptions) -> None:
        self.reader = reader
        self.options = options
        self.players = options.players
        self.copies = options.copies
        self.exact = options.give is Give.EXACT
        self.compulsory = options.lay_down is LayDownRule.COMPULSORY

    def problem(self, section: str, message: str, rule: str | None = None) -> None:
        self.reader.problem(section, message, rule)

    def turn_problem(self, entry: Turn, index: int, message: str, rule: str) -> None:
        """A problem with the history's turn ``index`` (``entry``), which the message names first."""
        self.reader.problem(HISTORY, f"{at_turn(index + 1, entry.text)}: {message}", rule)

    # -- the history, in public --------------------------------------------------------------

    def replay(self, dealer: int, turns: list[Turn], pending: bool) -> Replay | None:
        """Play the history's turns from the deal on, as everyone sees them: sizes, counters, events.

        ``pending`` says that the last turn waits for its lay-down decision.
        Stops at the first turn that could not have been played, and records why.
        """
        options = self.options
        players = self.players
        done = Replay(
            sizes=[options.hand_size] * players,
            stock=options.deck_size - options.hand_size * players,
            step_three=[[0] * 14 for _ in range(players)],
            current=(dealer + 1) % players,  # backstab_fish.turn.first
            phase=ASK,
            target=-1,
            productive=False,
            stall=0,
            turns=0,
            end=None,
            events=[],
            marks=[],
            hidden_draws=0,
        )
        for index, entry in enumerate(turns):
            where = at_turn(index + 1, entry.text)
            if not self._ask(done, index, entry, where) or not self._answer(done, index, entry, where):
                return None
            if self.compulsory and entry.decision == ():
                self.problem(
                    HISTORY,
                    f"{where}: under lay_down=compulsory there is no decision: every set is laid by rule",
                    LAY,
                )
                return None
            if pending and index == len(turns) - 1:
                done.phase, done.target = LAY_DOWN, entry.target
                break
            if not self._decide(done, index, entry, where):
                return None
            self._close_turn(done, index, entry)
        return done

    def _ask(self, done: Replay, index: int, entry: Turn, where: str) -> bool:
        """Step 1 of a turn, the ask: whether it could be made (each fault reported), then its event."""
        options = self.options
        seat, target, rank, count = entry.asker, entry.target, entry.rank, entry.count
        copies = self.copies[rank]
        if done.end is not None:
            self.problem(HISTORY, f"{where}: the game was over already [{done.end}]", OVER)
            return False
        if seat != done.current:
            self.problem(HISTORY, f"{where}: it was {SEAT_TEXT[done.current]}'s turn to ask", TO_ACT)
            return False
        if not copies:
            self.problem(HISTORY, f"{where}: the {options.deck.value} deck has no {PLURALS[rank]}", KNOWN)
            return False
        if not turn.may_ask(seat, target, tuple(done.sizes), options.empty_target is EmptyTarget.ALLOWED):
            why = "themselves" if target == seat else f"{SEAT_TEXT[target]}, who held no card"
            self.problem(HISTORY, f"{where}: {SEAT_TEXT[seat]} cannot ask {why}", TARGET)
            return False
        if not turn.count_allowed(count, copies):
            self.problem(HISTORY, f"{where}: ask for 1 to {copies} {PLURALS[rank]}, not {count}", COUNT)
            return False
        done.events.append(("ask", seat, target, rank, count, 0))
        done.marks.append(("ask", index, seat, target, rank, count, 0))
        done.productive = False
        return True

    def _answer(self, done: Replay, index: int, entry: Turn, where: str) -> bool:
        """Step 2, the answer: cards handed over (and the target's refill), or go fish."""
        seat, target, rank, count = entry.asker, entry.target, entry.rank, entry.count
        sizes = done.sizes
        if entry.given is None:
            drawn = 1 if done.stock else 0  # backstab_fish.answer.go-fish
            sizes[seat] += drawn
            done.stock -= drawn
            done.hidden_draws += drawn
            done.productive = bool(drawn)
            done.events.append(("go-fish", target, seat, rank, drawn, 0))
            done.marks.append(("fish", index, target, seat, rank, count, drawn))
            return True
        given = entry.given
        if self.exact and given != count:
            change = "card changes" if count == 1 else "cards change"
            self.problem(HISTORY, f"{where}: under give=exact, exactly {count} {change} hands", GIVE)
            return False
        if not count <= given <= min(self.copies[rank], sizes[target]):
            self.problem(
                HISTORY,
                f"{where}: {SEAT_TEXT[target]} held {sizes[target]} cards and cannot hand "
                f"over {given} for an ask of {count}",
                GIVE,
            )
            return False
        sizes[target] -= given
        sizes[seat] += given
        done.events.append(("give", target, seat, rank, given, 0))
        done.marks.append(("give", index, target, seat, rank, given, count))
        self._refill(done, index, target)  # backstab_fish.refill.seven, at step 2
        return True

    def _refill(self, done: Replay, index: int, seat: int) -> None:
        """backstab_fish.refill.seven: a seat left with no card draws up to seven from the stock."""
        if not done.sizes[seat] and done.stock:
            taken = min(turn.REFILL, done.stock)
            done.sizes[seat], done.stock, done.productive = taken, done.stock - taken, True
            done.events.append(("refill", seat, -1, -1, taken, 0))
            done.marks.append(("refill", index, seat, 0, 0, 0, 0))

    def _decide(self, done: Replay, index: int, entry: Turn, where: str) -> bool:
        """Step 3, the lay-down decision: the sets laid (whether they could be), laying nothing, or none."""
        seat, decision = entry.asker, entry.decision
        if decision is None:
            done.marks.append(("decide", index, seat, NO_DECISION, 0, 0, 0))
            return True
        if not decision:
            done.marks.append(("decide", index, seat, LAID_NOTHING, 0, 0, 0))
            done.events.append(("end-turn", seat, -1, -1, 0, 0))
            return True
        sets = [0] * 14
        for laid_rank in decision:
            sets[laid_rank] += 1
        if done.sizes[seat] < 4 * len(decision) or any(sets[r] > self.copies[r] // 4 for r in range(14)):
            self.problem(
                HISTORY,
                f"{where}: {len(decision)} set{'s' * (len(decision) > 1)} take {4 * len(decision)} "
                f"cards of the ranks laid, and {SEAT_TEXT[seat]} held {done.sizes[seat]} cards",
                LAY,
            )
            return False
        packed = pack(sets)
        done.marks.append(("decide", index, seat, LAID_SETS, packed, 0, 0))
        done.marks.append(("lay", index, seat, packed, 0, 0, 0))
        done.sizes[seat] -= 4 * len(decision)
        for r in range(14):
            done.step_three[seat][r] += sets[r]
        done.events.append(("lay-down", seat, -1, -1, len(decision), packed))
        done.productive = True
        return True

    def _close_turn(self, done: Replay, index: int, entry: Turn) -> None:
        """The turn's end: the asker's refill, the stall count, the end rules, and who asks next."""
        seat = entry.asker
        self._refill(done, index, seat)  # backstab_fish.refill.seven, at step 3
        done.stall = 0 if done.productive else done.stall + 1
        done.productive = False
        done.turns += 1
        sizes = done.sizes
        done.end = turn.end_rule(not done.stock, sizes, done.stall, self.options.stall_limit)
        if done.end is not None:
            done.events.append(("end", -1, -1, -1, END_RULES.index(done.end), 0))
            done.current = TERMINAL
            return
        current = entry.target  # backstab_fish.turn.next, backstab_fish.turn.skip-empty
        for _ in range(self.players):
            if sizes[current]:
                break
            done.events.append(("skip", current, -1, -1, 0, 0))
            current = (current + 1) % self.players
        done.current = current

    def compare(
        self,
        replay: Replay,
        hands: list[Counts] | None,
        stock: list[int] | None,
        laid: list[Counts] | None,
        phase: Phase | None,
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

    def compare_phase(self, replay: Replay, phase: Phase) -> None:
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
