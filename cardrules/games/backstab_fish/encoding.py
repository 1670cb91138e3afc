"""Backstab Fish for agents: an ask as one decision, a lay-down as its sets then ``done``.

With ``P`` players, ``R`` ranks (13, or 14 with the jokers' rank) and ``C``
the most copies of a rank the deck holds (8 with two packs, 4 with one), the
decisions are:

=====================  ===================  ========================================
decisions              text                 meaning
=====================  ===================  ========================================
0 to P x R x C - 1     ``ask p3 for 2 K``   ask: ``(target x R + rank) x C + count - 1``
then R more            ``lay K``            one set of that rank in a lay-down
then 1                 ``done``             end the lay-down after its last set
then 1                 ``end turn``         lay nothing down and end the turn
=====================  ===================  ========================================

So 4 players with two packs have 416 + 13 + 2 = 431 decisions, and 10 players
with the jokers 1,120 + 14 + 2 = 1,136. A lay-down is its sets in rank order,
one decision each, then ``done``.

The observation vector of a seat (seat blocks counted from the seat, its own
first, then the next seats in turn):

==========  ===============================================================
size        what
==========  ===============================================================
R           the seat's hand: cards of each rank
P           each seat's hand size (/10)
P x R       cards each seat is known to hold, from the public events alone:
            a rank it asked for, cards handed to it, less the sets it laid
P x R       the sets each seat has laid, by rank
P           each seat's score (/13)
1           the stock's size (/ the deck's size)
P, P        the dealer; the seat to act (0 once the game is over)
3           the phase: ask, lay-down, over
1           unproductive turns in a row (/ the stall limit)
==========  ===============================================================

>>> import cardrules
>>> encoding = cardrules.get_game("backstab_fish").encoding()
>>> encoding.size, encoding.observation_size, encoding.decision_name(13 * 8 + 11 * 8 + 1)
(431, 138, 'ask p1 for 2 K')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Final

from cardrules.agents import branches
from cardrules.errors import InvalidArgumentError
from cardrules.features import one_hot, relative_seat
from cardrules.game import Action
from cardrules.games.backstab_fish.actions import Ask, EndTurn, LayDown
from cardrules.games.backstab_fish.cards import ALL_RANKS
from cardrules.games.backstab_fish.observation import BackstabFishObservation
from cardrules.games.backstab_fish.options import BackstabFishOptions
from cardrules.notation import format_seat

__all__ = ["BackstabFishEncoding"]

_PHASES: Final = ("ask", "lay-down", "over")
_SET: Final = 4
"""Cards of one rank in a set (backstab_fish.sets.lay-down)."""
_UNBOUNDED: Final = 2**31 - 1


@dataclass(frozen=True, slots=True)
class BackstabFishEncoding:
    """Backstab Fish's :class:`~cardrules.agents.Encoding` (the module gives the decisions and the layout)."""

    options: BackstabFishOptions = field(default_factory=BackstabFishOptions)
    ranks: int = field(init=False)
    """R: the ranks the deck holds (13, or 14 with jokers)."""
    counts: int = field(init=False)
    """C: the most cards of one rank the deck holds, so the largest count an ask names."""
    _asks: int = field(init=False, repr=False)

    def __post_init__(self) -> None:
        copies = self.options.copies
        object.__setattr__(self, "ranks", sum(1 for count in copies if count))
        object.__setattr__(self, "counts", max(copies))
        object.__setattr__(self, "_asks", self.options.players * self.ranks * self.counts)

    @property
    def size(self) -> int:
        """P x R x C asks, R sets, ``done`` and ``end turn``."""
        return self._asks + self.ranks + 2

    def decision_name(self, decision: int) -> str:
        """The text of the module's table."""
        if decision < self._asks:
            place, count = divmod(decision, self.counts)
            target, rank = divmod(place, self.ranks)
            return f"ask {format_seat(target)} for {count + 1} {ALL_RANKS[rank].token}"
        if decision < self._asks + self.ranks:
            return f"lay {ALL_RANKS[decision - self._asks].token}"
        return "done" if decision == self._asks + self.ranks else "end turn"

    def encode(self, action: Action) -> tuple[int, ...]:
        """An action as its decisions."""
        if isinstance(action, Ask):
            return (((action.target * self.ranks) + action.rank) * self.counts + action.count - 1,)
        done = self._asks + self.ranks
        if isinstance(action, LayDown):
            return (*(self._asks + rank for rank in action.sets), done)
        if isinstance(action, EndTurn):
            return (done + 1,)
        raise InvalidArgumentError(f"{action!r} is not a Backstab Fish action")

    def branches(self, actions: Sequence[Action], chosen: tuple[int, ...]) -> dict[int, Action | None]:
        """An ask phase's asks (one decision each) at once; a lay-down the general way."""
        if chosen or not actions or type(actions[0]) is not Ask:
            return branches(self, actions, chosen)
        ranks, counts = self.ranks, self.counts
        found: dict[int, Action | None] = {
            (action.target * ranks + action.rank) * counts + action.count - 1: action  # type: ignore[attr-defined]
            for action in actions
        }
        return found if list(found) == sorted(found) else dict(sorted(found.items()))

    @property
    def observation_size(self) -> int:
        """R + 4P + 2PR + 5 (see the module's table)."""
        players, ranks = self.options.players, self.ranks
        return ranks + 4 * players + 2 * players * ranks + 5

    def observe(self, observation: object) -> tuple[float, ...]:
        """The vector of the module's table."""
        if not isinstance(observation, BackstabFishObservation):
            raise InvalidArgumentError(f"{type(observation).__name__} is not a Backstab Fish observation")
        o = observation
        players, ranks, seat = self.options.players, self.ranks, o.seat
        order = [(seat + step) % players for step in range(players)]
        known = [[0] * ranks for _ in range(players)]
        for event in o.events:
            if event.rank is not None and event.kind == "ask":
                known[event.seat][event.rank] = max(known[event.seat][event.rank], 1)
            elif event.rank is not None and event.kind == "give":
                known[event.seat][event.rank] = 0
                known[event.other][event.rank] += event.count
            elif event.kind in ("lay-down", "final-lay-down"):
                for rank in event.sets:
                    known[event.seat][rank] = max(known[event.seat][rank] - _SET, 0)
        hand = [0.0] * ranks
        for rank in o.hand:
            hand[rank] += 1.0
        laid = [[0.0] * ranks for _ in range(players)]
        for player, sets in enumerate(o.laid):
            for rank in sets:
                laid[player][rank] += 1.0
        limit = o.stall_limit or 0
        return (
            *hand,
            *(o.hand_sizes[player] / 10 for player in order),
            *(float(count) for player in order for count in known[player]),
            *(count for player in order for count in laid[player]),
            *(o.scores[player] / 13 for player in order),
            o.stock_size / self.options.deck_size,
            *one_hot(relative_seat(o.dealer, seat, players), players),
            *one_hot(relative_seat(o.current_player, seat, players), players),
            *one_hot(_PHASES.index(o.phase) if o.phase in _PHASES else None, len(_PHASES)),
            o.stall / limit if limit else 0.0,
        )

    @property
    def zero_sum(self) -> bool:
        """One winner among four to ten seats (or several sharing the best score)."""
        return False

    @property
    def max_decisions(self) -> int:
        """backstab_fish.invariant.termination: at most (S0 + D/4 + 1) x K turns of two decisions, D/4 sets.

        With no stall limit the game need not end; the bound is then 2**31 - 1.
        """
        options = self.options
        if options.stall_limit is None:
            return _UNBOUNDED
        sets = options.deck_size // _SET
        stock = options.deck_size - options.players * options.hand_size
        return min((stock + sets + 1) * options.stall_limit * 2 + sets, _UNBOUNDED)
