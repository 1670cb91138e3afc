"""Actions worth trying in a state: a game-independent source of illegal actions.

A tester who wants to see an engine refuse something needs actions that are
*plausible* but wrong: a card another player holds, a legal action taken by the
wrong seat, an action that was legal a moment ago. :func:`candidate_actions`
collects them from the state itself and from states near it (earlier states of
the same game, and the states one legal action away), then lets the reference
judge each one; :func:`illegal_probes` keeps the illegal ones, one per distinct
verdict, so that each broken rule is represented.

Nothing here knows any game: it works on the :class:`~cardrules.game.State`
protocol alone, so it serves every game in the registry.

>>> import cardrules
>>> state = cardrules.get_game("felagsvist", first_dealer="N").new_game(seed=1)
>>> probes = illegal_probes(state)
>>> sorted({rule for _, verdict in probes for rule in verdict.rule_ids})
['common.cards.held', 'common.turn.player-to-act']
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence

from cardrules.game import Action, AnyState
from cardrules.verdict import Verdict

__all__ = ["candidate_actions", "illegal_probes"]


def _with_seat(action: Action, seat: int) -> Action | None:
    try:
        return dataclasses.replace(action, seat=seat)
    except (TypeError, ValueError):  # an action type whose fields cannot all be given again
        return None


def candidate_actions(
    state: AnyState, nearby: Iterable[AnyState] = (), *, successors: int = 4
) -> tuple[Action, ...]:
    """Plausible actions for ``state``, legal or not, without repeats, in text order.

    The pool is: the legal actions of ``state``, of every state in ``nearby``
    and of up to ``successors`` states one legal action after ``state``; then
    each of those actions taken by every seat that appears in the pool.
    """
    legal = state.legal_actions()
    sources: list[Sequence[Action]] = [legal]
    sources.extend(other.legal_actions() for other in nearby)
    sources.extend(state.apply(action).legal_actions() for action in legal[:successors])
    # Nearby states offer mostly the same actions, and actions that differ only
    # in their seat give the same ones once taken by every seat: so the pool
    # keeps one action of each kind (its type and its fields but the seat).
    distinct: dict[Action, None] = {}
    for source in sources:
        distinct.update(dict.fromkeys(source))  # equal actions once, the first of them kept
    fields: dict[type, tuple[str, ...]] = {}
    pool: dict[tuple[object, ...], Action] = {}
    seats = {max(state.current_player, 0)}
    for action in distinct:
        kind = type(action)
        if kind not in fields:
            fields[kind] = tuple(f.name for f in dataclasses.fields(action) if f.name != "seat")
        pool.setdefault((kind, *(getattr(action, name) for name in fields[kind])), action)
        seats.add(action.seat)
    unique: dict[str, Action] = {}
    for action in pool.values():
        for seat in sorted(seats):
            moved = action if seat == action.seat else _with_seat(action, seat)
            if moved is not None:
                unique.setdefault(str(moved), moved)
    return tuple(unique[text] for text in sorted(unique))


def illegal_probes(
    state: AnyState, nearby: Iterable[AnyState] = (), *, limit: int = 8
) -> tuple[tuple[Action, Verdict], ...]:
    """Illegal actions in ``state`` with their verdicts: the first of each distinct set of rule ids.

    At most ``limit`` are returned, in the text order of the actions.
    """
    chosen: dict[tuple[str, ...], tuple[Action, Verdict]] = {}
    for action in candidate_actions(state, nearby):
        verdict = state.check(action)
        if not verdict.legal and verdict.rule_ids not in chosen:
            chosen[verdict.rule_ids] = (action, verdict)
    ordered = sorted(chosen.values(), key=lambda pair: str(pair[0]))
    return tuple(ordered[:limit])
