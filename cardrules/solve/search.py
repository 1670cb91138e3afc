"""The exact search: alpha-beta over an ending, with a transposition table and a budget.

The core knows no game. A game's play phase reaches it as an
:class:`~cardrules.solve.endings.Ending` (see :mod:`cardrules.solve.endings`):
a small immutable model of the cards left, whose value counts for one side
(the *counted side*, side 0, which maximises; the others, side 1, minimise).

:class:`Solver` answers three questions about an ending, exactly:

- :meth:`Solver.value`: the value with best play by both sides (zero-window
  searches, halving the range the bounds leave except where an answer points
  next to the value, each reusing what the others learnt);
- :meth:`Solver.at_least`: whether the counted side can make at least a
  given value (one zero-window search, the question a claim asks);
- :meth:`Solver.worst`: the least value the counted side can end with,
  whatever anyone plays, and :meth:`Solver.always_at_least`, whether that
  least reaches a target (the stricter question a claim can ask).

The transposition table holds, for each key an ending gives (at trick
boundaries), bounds on the value still to come, so two orders of play that
reach the same cards share one search. A budget (``max_nodes``, and
optionally ``deadline`` seconds from when the solver is made) ends a search
that runs too long with :class:`~cardrules.errors.SolveBudgetExceeded`;
the solver never guesses.

>>> from cardrules.solve.endings import Race
>>> solver = Solver()
>>> solver.value(Race(3, 0)), solver.at_least(Race(3, 0), 3), solver.worst(Race(3, 0))
(2, False, 1)
"""

from __future__ import annotations

import time
from collections.abc import Hashable
from typing import Final

from cardrules.errors import InvalidArgumentError, SolveBudgetExceeded
from cardrules.solve.endings import Ending, RankedEnding

__all__ = ["DEFAULT_MAX_NODES", "Solver"]

DEFAULT_MAX_NODES: Final = 20_000_000
"""How many positions a :class:`Solver` searches at most unless told otherwise."""

_TIME_CHECK: Final = 2048
"""How many positions the solver searches between two looks at the clock."""

_INFINITY: Final = 1 << 40


class Solver:
    """Exact answers about endings, within a budget; its transposition tables live as long as it does.

    Use one solver for questions about one position and the positions after
    it (a claim and its refutation, an analysis of every move): what one
    search learns, the next reuses. A solver is a working tool, not a value:
    it is not shared between threads.

    Args:
        max_nodes: the most positions it searches, over all its questions.
        deadline: the most seconds its questions may take, counted from now
            (``None``: no time limit).

    Raises:
        InvalidArgumentError: a budget that is not a positive number.
    """

    __slots__ = (
        "_below_seen",
        "_bounds",
        "_deadline",
        "_ends_at",
        "_exact",
        "_killers",
        "_limit",
        "_max_nodes",
        "_patterns",
        "_worst",
        "nodes",
    )

    def __init__(self, *, max_nodes: int = DEFAULT_MAX_NODES, deadline: float | None = None) -> None:
        if isinstance(max_nodes, bool) or not isinstance(max_nodes, int) or max_nodes < 1:
            raise InvalidArgumentError(f"max_nodes must be a positive int, not {max_nodes!r}")
        if deadline is not None and (
            isinstance(deadline, bool) or not isinstance(deadline, int | float) or not deadline > 0
        ):
            raise InvalidArgumentError(
                f"deadline must be a positive number of seconds or None, not {deadline!r}"
            )
        self.nodes = 0
        """How many positions this solver has searched so far."""
        self._max_nodes = max_nodes
        self._deadline = deadline
        self._ends_at = None if deadline is None else time.monotonic() + deadline
        self._limit = max_nodes if deadline is None else min(max_nodes, _TIME_CHECK)
        self._bounds: dict[Hashable, tuple[int, int, int]] = {}
        self._worst: dict[Hashable, int] = {}
        self._below_seen: dict[tuple[Hashable, int], bool] = {}
        self._patterns: dict[Hashable, dict[int, dict[int, tuple[int, int, int]]]] = {}
        self._exact: dict[Hashable, tuple[int, int]] = {}
        self._killers: dict[Hashable, int] = {}

    # -- the questions -------------------------------------------------------------

    def value(self, ending: Ending) -> int:
        """The final value with best play by both sides.

        Raises:
            SolveBudgetExceeded: the budget ran out first.
        """
        low, high = ending.bounds()
        if low >= high:
            return low
        # The value lies between low and high throughout, and each zero-window search at a target
        # between them moves one of them past the target (its fail-soft answer is a bound on the
        # value). The first target halves the range; _next_target picks the others (halving unless
        # an answer points next to the value: a Hearts deal whose first-ordered line makes 8 and
        # whose value is 10 spent 965,345 positions proving 8 and 9 when the driver stepped from
        # the guess, and takes 132,533 in all halving).
        guess = self._guess(ending)
        target = (low + high + 1) // 2
        while True:
            found = self._zero(ending, target)
            if found >= target:
                low = min(found, high)
            else:
                high = max(found, low)
            if low >= high:
                return low
            target = self._next_target(low, high, target, found, guess)

    @staticmethod
    def _next_target(low: int, high: int, target: int, found: int, guess: int) -> int:
        """The next target of :meth:`value`, strictly above ``low`` and at most ``high``.

        ``low`` and ``high`` are the bounds on the value once the search at
        ``target`` answered ``found``, and ``low < high``. The costly searches
        are those at the value and just above it; a target further away
        mostly answers cheaply, but not always, so the driver aims next to
        the value only when an answer points there and halves otherwise:

        - an answer beyond the window (fail-soft: a search at 7 that proves
          at least 9, or at most 5) is often the value itself: the next
          target tests next to it (10, or 5);
        - an answer that lands on the guess (the line of first-ordered
          moves) confirms it: the next target tests next to it;
        - else the next target halves what is left: a wrong guess costs no
          search of its own (stepping from it can cost many near the value).
          After an answer below its target the halving rounds down, so that
          near the value "at least v" tends to be proven before "below v+1":
          the table the first leaves makes the second cheaper than the other
          way round (a Nóló deal of value 5: 5,871,977 then 192,642
          positions; 1,158,609 then 5,587,111 the other way). After an answer
          at or above it the halving rounds up (measured better on the trump
          and Grand deals).

        Each rule gives a target in ``(low, high]``: an answer at or past the
        target made it ``low``, and ``low < high``; one below it made it
        ``high``, and ``high > low``.
        """
        if found >= target:
            if found > target or low == guess:
                return low + 1
            return (low + high + 1) // 2
        if found < target - 1 or high == guess:
            return high
        return max(low + 1, (low + high) // 2)

    def _guess(self, ending: Ending) -> int:
        """The final value of the line where every side plays its first-ordered move (a cheap estimate)."""
        node = ending
        while not node.over:
            self.nodes += 1
            if self.nodes > self._limit:
                self._count()
            node = node.play(node.moves()[0])
        return node.value

    def at_least(self, ending: Ending, target: int) -> bool:
        """Whether the counted side, playing well, ends with at least ``target`` whatever the others play.

        Raises:
            SolveBudgetExceeded: the budget ran out first.
        """
        return self._zero(ending, target) >= target

    def worst(self, ending: Ending) -> int:
        """The least final value the counted side can end with, whoever plays what (every side minimising).

        Raises:
            SolveBudgetExceeded: the budget ran out first.
        """
        return self._least(ending)

    def always_at_least(self, ending: Ending, target: int) -> bool:
        """Whether every line of play, whoever plays what, ends with at least ``target`` for the counted side.

        The same question as ``worst(ending) >= target``, answered as soon as
        one line below ``target`` is found.

        Raises:
            SolveBudgetExceeded: the budget ran out first.
        """
        return not self._below(ending, target)

    # -- the searches --------------------------------------------------------------

    def _zero(self, ending: Ending, target: int) -> int:
        """One zero-window search at ``target``: a value at least ``target`` if reachable, else below it."""
        if isinstance(ending, RankedEnding):
            return self._ranked(ending, target - 1, target)[0]
        return self._search(ending, target - 1, target)

    def _below(self, node: Ending, target: int) -> bool:
        """Whether some line of play from ``node`` ends below ``target`` (values never fall)."""
        self.nodes += 1
        if self.nodes > self._limit:
            self._count()
        base = node.value
        if base >= target:
            return False
        if node.over:
            return True
        key = node.key()
        if key is not None:
            known = self._worst.get(key)
            if known is not None:
                return known + base < target
            found = self._below_seen.get((key, target - base))
            if found is not None:
                return found
        below = any(self._below(node.play(move), target) for move in node.moves())
        if key is not None:
            self._below_seen[(key, target - base)] = below
        return below

    def _count(self) -> None:
        """Called when :attr:`nodes` passes the current limit: raise, or set the next limit."""
        if self.nodes > self._max_nodes:
            raise SolveBudgetExceeded(f"max_nodes={self._max_nodes}", self.nodes)
        if self._ends_at is not None:
            if time.monotonic() > self._ends_at:
                raise SolveBudgetExceeded(f"deadline={self._deadline}s", self.nodes)
            self._limit = min(self._max_nodes, self.nodes + _TIME_CHECK)

    def _search(self, node: Ending, alpha: int, beta: int) -> int:
        """Fail-soft alpha-beta: the exact value if strictly inside (alpha, beta), else a bound beyond it."""
        self.nodes += 1
        if self.nodes > self._limit:
            self._count()
        if node.over:
            return node.value
        key = node.key()
        first = -1
        if key is not None:
            base = node.value
            entry = self._bounds.get(key)
            if entry is not None:
                known_low = entry[0] + base
                known_high = entry[1] + base
                if known_low >= beta or known_low == known_high:
                    return known_low
                if known_high <= alpha:
                    return known_high
                first = entry[2]
            low, high = node.bounds()
            if entry is not None:
                if known_low > low:
                    low = known_low
                if known_high < high:
                    high = known_high
        else:
            low, high = node.bounds()
        if low >= beta:
            return low
        if high <= alpha:
            return high
        moves = node.moves()
        if first >= 0 and first != moves[0] and first in moves:
            moves = (first, *[move for move in moves if move != first])
        search = self._search
        chosen = moves[0]
        if node.side == 0:
            best = -_INFINITY
            floor = alpha
            for move in moves:
                found = search(node.play(move), floor, beta)
                if found > best:
                    best = found
                    chosen = move
                    if found > floor:
                        floor = found
                        if floor >= beta:
                            break
        else:
            best = _INFINITY
            ceiling = beta
            for move in moves:
                found = search(node.play(move), alpha, ceiling)
                if found < best:
                    best = found
                    chosen = move
                    if found < ceiling:
                        ceiling = found
                        if ceiling <= alpha:
                            break
        if key is not None:
            if best <= alpha:
                high = min(high, best)
            elif best >= beta:
                low = max(low, best)
            else:
                low = high = best
            self._bounds[key] = (low - base, high - base, chosen)
        return best

    def _ranked(self, node: RankedEnding, alpha: int, beta: int) -> tuple[int, int, int]:
        """:meth:`_search` over a :class:`~cardrules.solve.endings.RankedEnding`, with its rank-pattern table.

        Returns the value (as :meth:`_search` does), the cards whose ranks
        that answer relied on, and, inside a trick, the cards of the groups of
        equivalent cards searched through one of them in this trick (settled
        at the trick's start by
        :meth:`~cardrules.solve.endings.RankedEnding.settle`), as the
        ending's bitmasks.
        """
        self.nodes += 1
        if self.nodes > self._limit:
            self._count()
        shape = node.shape()
        search = self._ranked
        ties = 0
        if shape is None:
            # Inside a trick (so not over, and won is 0): no table entry to read or write, only
            # the ending's own bounds. A seat with one move (one card, or one group of equivalent
            # cards) skips them: its value is the next position's, which reads its own bounds, so
            # the answer is the same, and it relies on what the next position's relied on alone,
            # and on that group's cards unless it cuts (as the loops below add them).
            moves, groups = node.ranked_moves()
            if len(moves) == 1:
                move = moves[0]
                found, cards, tied = search(node.play(move), alpha, beta)
                if groups and (found < beta if node.side == 0 else found > alpha):
                    tied |= groups[move]
                return found, cards, tied
            # The bounds are asked for only where they could decide the window (reach() says how
            # far they can go). Bounds that decide nothing play no part in the answer below (as at
            # a trick boundary): it is worked out from the moves alone, and relies only on what
            # they did.
            floor, ceiling = node.reach()
            if floor >= beta or ceiling <= alpha:
                low, high, relevant = node.ranked_bounds()
                if low >= beta:
                    return low, relevant, 0
                if high <= alpha:
                    return high, relevant, 0
            relevant = 0
            play = node.play
            opening = play(moves[0])
            child: RankedEnding | None = opening
            children: list[RankedEnding] | None = None
            opened = opening.shape()
            side = node.side
            if opened is not None:
                # The last card of the trick: its children are trick boundaries, whose table
                # entries are read before any of them is searched, so that a move the table
                # already knows to cut answers at once (what its search would answer first): the
                # first entry of the child's pattern, in the bucket's order, that reaches past the
                # window on the side of the seat to play. Each child is built only once the ones
                # before it are read and do not cut.
                patterns = self._patterns
                built: list[RankedEnding] = []
                later = opening
                for move in moves:
                    if built:
                        later = play(move)
                        opened = later.shape()
                    bucket = patterns.get(opened)
                    if bucket is not None:
                        ladder = later.ladder()
                        base = later.value
                        for depths, table in bucket.items():
                            entry = table.get(ladder & depths)
                            if entry is None:
                                continue
                            if side == 0:
                                reach = entry[0] + base
                                if reach >= beta:
                                    return reach, later.won | later.top(depths), 0
                            else:
                                reach = entry[1] + base
                                if reach <= alpha:
                                    return reach, later.won | later.top(depths), 0
                    built.append(later)
                children = built
            if side == 0:
                best = -_INFINITY
                for number, move in enumerate(moves):
                    if children is not None:
                        child = children[number]
                    elif child is None:
                        child = play(move)
                    found, cards, tied = search(child, alpha, beta)
                    child = None
                    if found >= beta:
                        # a cut: the answer stands on this move alone (see the trick boundary's)
                        return found, cards, tied
                    relevant |= cards
                    ties |= tied
                    if groups and move in groups:
                        ties |= groups[move]
                    if found > best:
                        best = found
                        if found > alpha:
                            alpha = found
            else:
                best = _INFINITY
                for number, move in enumerate(moves):
                    if children is not None:
                        child = children[number]
                    elif child is None:
                        child = play(move)
                    found, cards, tied = search(child, alpha, beta)
                    child = None
                    if found <= alpha:
                        return found, cards, tied
                    relevant |= cards
                    ties |= tied
                    if groups and move in groups:
                        ties |= groups[move]
                    if found < best:
                        best = found
                        if found < beta:
                            beta = found
            return best, relevant, ties
        won = node.won
        if node.over:
            return node.value, won, 0
        first = -1
        base = node.value
        ladder = node.ladder()
        bucket = self._patterns.get(shape)
        if bucket is not None:
            for depths, table in bucket.items():
                entry = table.get(ladder & depths)
                if entry is None:
                    continue
                known_low = entry[0] + base
                known_high = entry[1] + base
                if known_low >= beta or known_low == known_high:
                    return known_low, won | node.top(depths), 0
                if known_high <= alpha:
                    return known_high, won | node.top(depths), 0
                first = entry[2]
        # Where the bounds meet (near the end, where an ending may try every line), the value is
        # kept under the key: equal keys have the same value still to come. It relied on the
        # ranks of the cards in some places of the ladder, the same under an equal key: kept as
        # a depth mask, they are read back as every card in hand down to the weakest of them in
        # each suit, which is all a pattern keeps of them (depth() reads the weakest only).
        key = node.key()
        known = self._exact.get(key) if key is not None else None
        if known is None:
            bound_low, bound_high, cards = node.ranked_bounds()
            if bound_low == bound_high and key is not None:
                self._exact[key] = (bound_low - base, node.depth(cards))
        else:
            bound_low = bound_high = known[0] + base
            cards = node.top(known[1])
        if bound_low >= beta:
            return bound_low, cards | won, 0
        if bound_high <= alpha:
            return bound_high, cards | won, 0
        # The entries and bounds above that decide nothing play no part in the answer below: it
        # is worked out from the moves alone, so it relies only on the cards its moves relied on.
        moves, groups = node.ranked_moves()
        # First the move that last cut at a boundary of this shape where the order had it later
        # (a lead the order misjudges in one ending it often misjudges in the others of the
        # shape, in this search and the next ones of value()), else the move of the entry.
        killer = self._killers.get(shape, -1)
        if killer >= 0 and killer in moves:
            first = killer
        if first >= 0 and first != moves[0] and first in moves:
            moves = (first, *[move for move in moves if move != first])
        # A cut (a move reaching past the window) answers for its side on that move alone: in
        # any ending of the same pattern the same hand holds that card, or, when it lies below
        # every card relied on in its suit, another of its suit that plays alike, and its
        # answer relied on no other card. So the cards the moves tried before it relied on,
        # and the groups of equivalent cards it and they stood for, play no part in it. An
        # answer that no move reaches past the window is the best over every move, and relies
        # on what each of them relied on, their groups included.
        chosen = moves[0]
        relevant = 0
        if node.side == 0:
            best = -_INFINITY
            floor = alpha
            for move in moves:
                found, cards, tied = search(node.play(move), floor, beta)
                if found >= beta:
                    best, chosen, relevant, ties = found, move, cards, tied
                    if move != moves[0]:
                        self._killers[shape] = move
                    break
                relevant |= cards
                ties |= tied
                if groups and move in groups:
                    ties |= groups[move]
                if found > best:
                    best = found
                    chosen = move
                    if found > floor:
                        floor = found
        else:
            best = _INFINITY
            ceiling = beta
            for move in moves:
                found, cards, tied = search(node.play(move), alpha, ceiling)
                if found <= alpha:
                    best, chosen, relevant, ties = found, move, cards, tied
                    if move != moves[0]:
                        self._killers[shape] = move
                    break
                relevant |= cards
                ties |= tied
                if groups and move in groups:
                    ties |= groups[move]
                if found < best:
                    best = found
                    chosen = move
                    if found < ceiling:
                        ceiling = found
        if ties:
            relevant = node.settle(relevant, ties)
        if best <= alpha:
            proven_low, proven_high = -_INFINITY, best
        elif best >= beta:
            proven_low, proven_high = best, _INFINITY
        else:
            proven_low = proven_high = best
        depths = node.depth(relevant)
        slot = ladder & depths
        # The ending's descendants hold fewer cards, so none of them has its shape: the bucket
        # read above is still the one to write to. An entry already in the same slot holds for
        # the same pattern, so its bounds join the new ones.
        if bucket is None:
            self._patterns[shape] = {depths: {slot: (proven_low - base, proven_high - base, chosen)}}
        else:
            stored = bucket.get(depths)
            if stored is None:
                bucket[depths] = {slot: (proven_low - base, proven_high - base, chosen)}
            else:
                old = stored.get(slot)
                if old is not None:
                    if old[0] + base > proven_low:
                        proven_low = old[0] + base
                    if old[1] + base < proven_high:
                        proven_high = old[1] + base
                stored[slot] = (proven_low - base, proven_high - base, chosen)
        return best, relevant | won, 0

    def _least(self, node: Ending) -> int:
        """The least final value over every line of play."""
        self.nodes += 1
        if self.nodes > self._limit:
            self._count()
        if node.over:
            return node.value
        key = node.key()
        base = node.value
        if key is not None:
            known = self._worst.get(key)
            if known is not None:
                return known + base
        least = _INFINITY
        for move in node.moves():
            found = self._least(node.play(move))
            if found < least:
                least = found
                if least == base:  # nothing more gained: no line can end lower (values never fall)
                    break
        if key is not None:
            self._worst[key] = least - base
        return least
