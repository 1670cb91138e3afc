"""A Backstab Fish position's history against its cards: whether each turn could have been played.

:class:`CardJudge` adds to :class:`~cardrules.games.backstab_fish.position_history.HistoryJudge`
(the history played forward in public) the checks that need the hands of the
position: worked back from them (:meth:`CardJudge.hidden_plays`), the history
shows whether each ask, answer and lay-down decision could have been legal;
with no hidden draw, the engine plays it once more from its rebuilt deal
(:meth:`CardJudge.rejudge`).
"""

from __future__ import annotations

# state.py imports position, which imports this module, so the names of this one are read at call time.
from cardrules.games.backstab_fish import state as _state
from cardrules.games.backstab_fish.actions import SEAT_TEXT, Ask, EndTurn, LayDown
from cardrules.games.backstab_fish.cards import PLURALS, FishRank
from cardrules.games.backstab_fish.deal import DealContext
from cardrules.games.backstab_fish.position_history import (
    CONSERVATION,
    FISH,
    GIVE,
    HISTORY,
    LAID_NOTHING,
    LAY,
    NO_DECISION,
    RANK,
    Counts,
    HistoryJudge,
    Replay,
    Turn,
    at_turn,
)

__all__ = ["CardJudge"]


class CardJudge(HistoryJudge):
    """The checks of a position's history against its cards (see the module).

    Not a value: used once, for one position read.
    """

    def hidden_plays(
        self, replay: Replay, hands: list[Counts], final: list[Counts], turns: list[Turn]
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
                        f"{SEAT_TEXT[target]} held {least} {FishRank(rank).named(least)} or more, "
                        f"so had to hand {count} over",
                        FISH,
                    )
            elif kind == "give":
                target, seat, given = a, b, n
                kept = held[target][rank] - drawn[target]
                if not self.exact and kept > 0:
                    self.turn_problem(
                        turns[index],
                        index,
                        f"under give=all-of-rank {SEAT_TEXT[target]} hands over every card of the "
                        f"rank, yet kept {kept} {FishRank(rank).named(kept)} or more",
                        GIVE,
                    )
                held[target][rank] += given
                held[seat][rank] -= given
                if held[seat][rank] < 0:
                    self.turn_problem(
                        turns[index],
                        index,
                        f"{SEAT_TEXT[seat]} was handed {given} {FishRank(rank).named(given)} that the "
                        "position does not account for",
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
        elif choice == NO_DECISION:
            if sum(max(0, count - 3) for count in hand) > drawn:
                self.problem(
                    HISTORY,
                    f"{where}: {actor} held four cards of a rank after the answer, so had the lay-down "
                    "decision to make (lay or end)",
                    LAY,
                )
        elif choice == LAID_NOTHING and not any(count >= 4 for count in hand):
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
