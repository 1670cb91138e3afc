"""The search over a :class:`~cardrules.solve.endings.RankedEnding`, with its rank-pattern table.

:class:`PatternSearch` is the part of :class:`~cardrules.solve.search.Solver`
that searches endings offering the rank-pattern methods. It is the solver's
``_search`` (fail-soft alpha-beta with a transposition table) in named steps:

- ``_ranked`` sends a position to the step for where it stands, and each
  step counts the positions it searches;
- inside a trick, ``_inside`` asks the ending's bounds only where they could
  decide the window, puts first the move the search's earlier cuts point to
  (``_learn``), reads the table entries of the next trick boundaries before
  searching any of them (``_read_ahead``), and searches the moves
  (``_inside_moves``);
- at a trick boundary, ``_boundary`` reads the table (``_recall``), the
  ending's bounds (kept under its key, worked out once), orders the moves,
  searches them (``_boundary_moves``) and writes what it proved
  (``_store``).

Every step returns the value (as ``_search`` does), the cards whose ranks
that answer relied on, and, inside a trick, the cards of the groups of
equivalent cards searched through one of them in this trick (settled at the
trick's start by :meth:`~cardrules.solve.endings.RankedEnding.settle`), as
the ending's bitmasks.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Final

from cardrules.solve.endings import RankedEnding

__all__ = ["INFINITY", "PatternSearch"]

INFINITY: Final = 1 << 40
"""Beyond any value an ending can have."""

Answer = tuple[int, int, int]
"""A step's answer: the value, the cards it relied on, the tied cards (see the module)."""

Bucket = dict[int, dict[int, tuple[int, int, int]]]
"""The table entries of one shape: by depth mask, then by the ladder's bits under it."""


class PatternSearch:
    """The rank-pattern search steps of :class:`~cardrules.solve.search.Solver`, and the tables they keep.

    The tables are ``_patterns`` (entries by shape), ``_known`` (the
    ending's bounds by key), ``_killers`` (the move that last cut at a boundary of
    each shape) and ``_replies`` (the scores of the moves that cut inside a
    trick, by lengths, for one zero-window search); the solver makes them,
    counts the positions searched (``nodes``, against ``_limit``) and ends a
    search over budget (``_count``).
    """

    __slots__ = ("_killers", "_known", "_limit", "_patterns", "_replies", "nodes")

    nodes: int
    _limit: int
    _patterns: dict[Hashable, Bucket]
    _known: dict[Hashable, tuple[int, int, int]]
    _killers: dict[Hashable, int]
    _replies: dict[int, dict[int, int]]

    def _count(self) -> None:
        raise NotImplementedError  # the solver's

    def _ranked(self, node: RankedEnding, alpha: int, beta: int) -> Answer:
        """Fail-soft alpha-beta over ``node``: the exact value strictly inside (alpha, beta), else a bound.

        The steps call ``_inside`` or ``_boundary`` for a child themselves
        (one call a position, as the search's innermost loop needs); each of
        those counts the position.
        """
        shape = node.shape()
        if shape is None:
            return self._inside(node, alpha, beta)
        return self._boundary(node, shape, alpha, beta)

    def _inside(self, node: RankedEnding, alpha: int, beta: int) -> Answer:
        """A position inside a trick (so not over, and ``won`` is 0): no table entry of its own."""
        self.nodes += 1
        if self.nodes > self._limit:
            self._count()
        # Only the ending's own bounds. A seat with one move (one card, or one group of equivalent
        # cards) skips them: its value is the next position's, which reads its own bounds, so the
        # answer is the same, and it relies on what the next position's relied on alone, and on
        # that group's cards unless it cuts (as _inside_moves adds them).
        moves, groups = node.ranked_moves()
        if len(moves) == 1:
            move = moves[0]
            child = node.play(move)
            shape = child.shape()
            if shape is None:
                found, cards, tied = self._inside(child, alpha, beta)
            else:
                found, cards, tied = self._boundary(child, shape, alpha, beta)
            if groups and (found < beta if node.side == 0 else found > alpha):
                tied |= groups[move]
            return found, cards, tied
        # The bounds are asked for only where they could decide the window (reach() says how far
        # they can go). Bounds that decide nothing play no part in the answer below (as at a trick
        # boundary): it is worked out from the moves alone, and relies only on what they did.
        floor, ceiling = node.reach()
        if floor >= beta or ceiling <= alpha:
            low, high, relevant = node.ranked_bounds()
            if low >= beta:
                return low, relevant, 0
            if high <= alpha:
                return high, relevant, 0
        # The move order learnt from the cuts of this search inside tricks (see _learn).
        scores = self._replies.get(node.lengths)
        if scores is not None:
            moves = _by_scores(moves, scores)
        opening = node.play(moves[0])
        opened = opening.shape()
        if opened is None:
            return self._inside_moves(node, moves, groups, None, opening, alpha, beta)
        ahead = self._read_ahead(node, moves, opening, opened, alpha, beta)
        if isinstance(ahead, tuple):
            return ahead
        return self._inside_moves(node, moves, groups, ahead, None, alpha, beta)

    def _read_ahead(
        self,
        node: RankedEnding,
        moves: tuple[int, ...],
        opening: RankedEnding,
        opened: Hashable,
        alpha: int,
        beta: int,
    ) -> Answer | list[RankedEnding]:
        """At the last card of a trick: a cut the table already knows, else every child, built in order.

        The children are trick boundaries, whose table entries are read
        before any of them is searched, so that a move the table already
        knows to cut answers at once (what its search would answer first):
        the first entry of the child's pattern, in the bucket's order, that
        reaches past the window on the side of the seat to play. Each child
        is built only once the ones before it are read and do not cut.
        """
        patterns = self._patterns
        play = node.play
        side = node.side
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
        return built

    def _inside_moves(
        self,
        node: RankedEnding,
        moves: tuple[int, ...],
        groups: dict[int, int],
        children: list[RankedEnding] | None,
        child: RankedEnding | None,
        alpha: int,
        beta: int,
    ) -> Answer:
        """Search the moves inside a trick: ``children`` when built, else ``child`` and then the rest.

        A cut answers on its move alone (see ``_boundary_moves``); else
        the answer relies on every move's cards and groups.
        """
        play = node.play
        relevant = 0
        ties = 0
        if node.side == 0:
            best = -INFINITY
            for number, move in enumerate(moves):
                if children is not None:
                    child = children[number]
                elif child is None:
                    child = play(move)
                shape = child.shape()
                if shape is None:
                    found, cards, tied = self._inside(child, alpha, beta)
                else:
                    found, cards, tied = self._boundary(child, shape, alpha, beta)
                child = None
                if found >= beta:
                    if number:
                        self._learn(node.lengths, moves, number)
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
            best = INFINITY
            for number, move in enumerate(moves):
                if children is not None:
                    child = children[number]
                elif child is None:
                    child = play(move)
                shape = child.shape()
                if shape is None:
                    found, cards, tied = self._inside(child, alpha, beta)
                else:
                    found, cards, tied = self._boundary(child, shape, alpha, beta)
                child = None
                if found <= alpha:
                    if number:
                        self._learn(node.lengths, moves, number)
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

    def _learn(self, lengths: int, moves: tuple[int, ...], number: int) -> None:
        """Inside a trick, ``moves[number]`` cut where the order had it later: learn from it.

        Each move's score, kept by the :attr:`~cardrules.solve.endings.RankedEnding.lengths`
        of the positions it was tried in, goes one up when it cuts after
        others were tried, and one down for each of those that did not cut.
        :meth:`_inside` tries first the move with the best score above 0
        (a history of cuts, as the boundaries' killer moves are per shape):
        the lengths tell the trick's place and the suits played to it, so
        the same cut tends to work again in positions with the same lengths.
        The scores last one zero-window search (see the solver's
        ``_zero``): a move that cuts below one target often does not at the
        next. On a Nóló deal after its first two tricks, 2,158,292 positions
        fell to 1,831,533 (1,858,704 with the last cutting move alone first,
        1,943,884 keyed by the cards of the trick too).
        """
        scores = self._replies.get(lengths)
        if scores is None:
            scores = self._replies[lengths] = {}
        move = moves[number]
        scores[move] = scores.get(move, 0) + 1
        for tried in moves[:number]:
            scores[tried] = scores.get(tried, 0) - 1

    def _boundary(self, node: RankedEnding, shape: Hashable, alpha: int, beta: int) -> Answer:
        """A position at a trick boundary: the table, the bounds, then the moves; what it proved is kept."""
        self.nodes += 1
        if self.nodes > self._limit:
            self._count()
        won = node.won
        if node.over:
            return node.value, won, 0
        base = node.value
        ladder = node.ladder()
        bucket = self._patterns.get(shape)
        first = -1
        if bucket is not None:
            first_or_answer = self._recall(node, bucket, ladder, base, alpha, beta)
            if isinstance(first_or_answer, tuple):
                return first_or_answer
            first = first_or_answer
        # The bounds, worked out once per key and kept under it: equal keys have the same value
        # still to come, and the bounds read only what the key holds (the order of the cards left
        # in the hands, the lengths, the leader), so they are the same above the value. They
        # relied on the ranks of the cards in some places of the ladder, the same under an equal
        # key: kept as a depth mask, they are read back as every card in hand down to the weakest
        # of them in each suit, which is all a pattern keeps of them (depth() reads the weakest
        # only). A bounds search costs more than reading them back: about a third of the
        # boundaries searched meet a key met before.
        key = node.key()
        known = self._known.get(key) if key is not None else None
        if known is None:
            bound_low, bound_high, cards = node.ranked_bounds()
            if key is not None:
                self._known[key] = (bound_low - base, bound_high - base, node.depth(cards))
            if bound_low >= beta:
                return bound_low, cards | won, 0
            if bound_high <= alpha:
                return bound_high, cards | won, 0
        else:
            bound_low = known[0] + base
            if bound_low >= beta:
                return bound_low, node.top(known[2]) | won, 0
            bound_high = known[1] + base
            if bound_high <= alpha:
                return bound_high, node.top(known[2]) | won, 0
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
        best, chosen, relevant, ties = self._boundary_moves(node, shape, moves, groups, alpha, beta)
        if ties:
            relevant = node.settle(relevant, ties)
        self._store(node, shape, bucket, ladder, base, best, chosen, relevant, alpha, beta)
        return best, relevant | won, 0

    @staticmethod
    def _recall(
        node: RankedEnding, bucket: Bucket, ladder: int, base: int, alpha: int, beta: int
    ) -> Answer | int:
        """The answer a table entry of the node's pattern gives, else the last entry's move (-1: none)."""
        first = -1
        for depths, table in bucket.items():
            entry = table.get(ladder & depths)
            if entry is None:
                continue
            known_low = entry[0] + base
            known_high = entry[1] + base
            if known_low >= beta or known_low == known_high:
                return known_low, node.won | node.top(depths), 0
            if known_high <= alpha:
                return known_high, node.won | node.top(depths), 0
            first = entry[2]
        return first

    def _boundary_moves(
        self,
        node: RankedEnding,
        shape: Hashable,
        moves: tuple[int, ...],
        groups: dict[int, int],
        alpha: int,
        beta: int,
    ) -> tuple[int, int, int, int]:
        """Search a boundary's moves: the best value, its move, the cards relied on and the ties.

        A cut (a move reaching past the window) answers for its side on that
        move alone: in any ending of the same pattern the same hand holds
        that card, or, when it lies below every card relied on in its suit,
        another of its suit that plays alike, and its answer relied on no
        other card. So the cards the moves tried before it relied on, and
        the groups of equivalent cards it and they stood for, play no part in
        it. An answer that no move reaches past the window is the best over
        every move, and relies on what each of them relied on, their groups
        included.
        """
        play = node.play
        chosen = moves[0]
        relevant = 0
        ties = 0
        if node.side == 0:
            best = -INFINITY
            floor = alpha
            for move in moves:
                child = play(move)
                child_shape = child.shape()
                if child_shape is None:
                    found, cards, tied = self._inside(child, floor, beta)
                else:
                    found, cards, tied = self._boundary(child, child_shape, floor, beta)
                if found >= beta:
                    if move != moves[0]:
                        self._killers[shape] = move
                    return found, move, cards, tied
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
            best = INFINITY
            ceiling = beta
            for move in moves:
                child = play(move)
                child_shape = child.shape()
                if child_shape is None:
                    found, cards, tied = self._inside(child, alpha, ceiling)
                else:
                    found, cards, tied = self._boundary(child, child_shape, alpha, ceiling)
                if found <= alpha:
                    if move != moves[0]:
                        self._killers[shape] = move
                    return found, move, cards, tied
                relevant |= cards
                ties |= tied
                if groups and move in groups:
                    ties |= groups[move]
                if found < best:
                    best = found
                    chosen = move
                    if found < ceiling:
                        ceiling = found
        return best, chosen, relevant, ties

    def _store(
        self,
        node: RankedEnding,
        shape: Hashable,
        bucket: Bucket | None,
        ladder: int,
        base: int,
        best: int,
        chosen: int,
        relevant: int,
        alpha: int,
        beta: int,
    ) -> None:
        """Keep what a boundary's search proved under its pattern: the cards ``relevant`` in their hands.

        The ending's descendants hold fewer cards, so none of them has its
        shape: the bucket read before the search is still the one to write
        to. An entry already in the same slot holds for the same pattern, so
        its bounds join the new ones.
        """
        if best <= alpha:
            proven_low, proven_high = -INFINITY, best
        elif best >= beta:
            proven_low, proven_high = best, INFINITY
        else:
            proven_low = proven_high = best
        depths = node.depth(relevant)
        slot = ladder & depths
        if bucket is None:
            self._patterns[shape] = {depths: {slot: (proven_low - base, proven_high - base, chosen)}}
            return
        stored = bucket.get(depths)
        if stored is None:
            bucket[depths] = {slot: (proven_low - base, proven_high - base, chosen)}
            return
        old = stored.get(slot)
        if old is not None:
            if old[0] + base > proven_low:
                proven_low = old[0] + base
            if old[1] + base < proven_high:
                proven_high = old[1] + base
        stored[slot] = (proven_low - base, proven_high - base, chosen)


def _by_scores(moves: tuple[int, ...], scores: dict[int, int]) -> tuple[int, ...]:
    """``moves`` with the one of the best score above 0 first (the first in a tie), else as they are."""
    best = -1
    top = 0
    for move in moves:
        score = scores.get(move, 0)
        if score > top:
            top = score
            best = move
    if best < 0 or best == moves[0]:
        return moves
    return (best, *[move for move in moves if move != best])
