"""A Backstab Fish position's history, played again: what it leaves, and whether each turn could be played.

:class:`~cardrules.games.backstab_fish.position_check.Judge` builds on
:class:`HistoryJudge`. Played forward in public (:meth:`HistoryJudge.replay`),
the history gives the hand sizes, the stock, the counters and the public events
it leaves, to compare with the sections that state them; worked back from the
hands of the position (:meth:`HistoryJudge.hidden_plays`), it shows whether
each ask, answer and lay-down decision could have been legal; with no hidden
draw, the engine plays it once more from its rebuilt deal
(:meth:`HistoryJudge.rejudge`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final, TypeAlias

from cardrules.game import TERMINAL

# state.py imports position, which imports this module, so the names of these two are read at call time.
from cardrules.games.backstab_fish import state as _state
from cardrules.games.backstab_fish import turn
from cardrules.games.backstab_fish.actions import ASK, LAY_DOWN, SEAT_TEXT, Ask, EndTurn, LayDown
from cardrules.games.backstab_fish.cards import PLURALS, FishRank
from cardrules.games.backstab_fish.deal import DealContext
from cardrules.games.backstab_fish.observation import END_RULES
from cardrules.games.backstab_fish.options import (
    BackstabFishOptions,
    EmptyTarget,
    FinalLayDown,
    Give,
    LayDownRule,
)
from cardrules.position import EMPTY, PositionReader

__all__ = ["HISTORY", "Counts", "HistoryJudge", "Phase", "Turn", "at_turn", "pack", "quote"]

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
    return " ".join(FishRank(rank).token for rank in range(14) for _ in range(counts[rank])) or EMPTY


# -- the values read, and what the history leaves -------------------------------------------

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
class _Replay:
    """What the history leaves, played from the deal on in public (built once by the judge)."""

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

    def replay(self, dealer: int, turns: list[Turn], pending: bool) -> _Replay | None:
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
            where = at_turn(index + 1, entry.text)
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
                packed = pack(sets)
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

    def compare_phase(self, replay: _Replay, phase: Phase) -> None:
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
        self, replay: _Replay, hands: list[Counts], final: list[Counts], turns: list[Turn]
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
        self, entry: Turn, index: int, seat: int, choice: int, sets: int, hand: Counts, drawn: int
    ) -> None:
        """backstab_fish.sets.lay-down at step 3 of a turn: whether the decision was due, and its choice."""
        actor = SEAT_TEXT[seat]
        where = at_turn(index + 1, entry.text)
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

    def rejudge(self, deal: DealContext, turns: list[Turn]) -> str | None:
        """Replay a history with no hidden draw with the engine, from its rebuilt deal ``deal``.

        Answers the position the engine reaches, or ``None`` (and the
        problems, with the engine's rules) when a turn is illegal.
        """
        state = _state.BackstabFishState.start(deal)
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
                        self.problem(HISTORY, f"{at_turn(index + 1, entry.text)}: {verdict.reason}", rule)
                    return None
                state = after
        return state.position()
