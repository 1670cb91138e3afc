"""Analysis: the exact value of every legal action, so a play can be judged a mistake and by how much.

:func:`analyse` takes a position (a state or a position text) in a play phase
the solver models and gives, for each legal action of the player to act, in
the state's canonical order, what the acting player's side makes from here
with best play afterwards, and how much less that is than the best action.
Values are in the game's claim unit (tricks or card points) and count from
the position on. In a Nóló deal of Félagsvist, where a side wants few tricks,
the value is the tricks the side takes and the best is the fewest. With
``unit="score"`` a Calabresella analysis values each action by the hand's
settlement for the acting seat instead, cappotto and stramazzo included.
"""

from __future__ import annotations

from dataclasses import dataclass

from cardrules.game import Action, AnyState
from cardrules.solve.adapter import ending_of
from cardrules.solve.claims import read_state
from cardrules.solve.search import DEFAULT_MAX_NODES, Solver

__all__ = ["ActionValue", "Analysis", "analyse"]


@dataclass(frozen=True, slots=True)
class ActionValue:
    """One legal action and what it is worth.

    Attributes:
        action: the action, as the engine gives it.
        value: what the acting side makes from here after it, with best play
            on both sides afterwards, in the analysis's unit.
        loss: how much worse that is than the best action (0 for a best action).
    """

    action: Action
    value: int
    loss: int


@dataclass(frozen=True, slots=True)
class Analysis:
    """The value of a position and of each legal action in it, for the player to act.

    Attributes:
        seat: the player to act.
        side: the seats whose result the values count (the acting seat, its partner where it has one).
        unit: ``"tricks"``, ``"points"`` or ``"score"``.
        value: what the acting side makes from here with best play by all.
        actions: every legal action, in the state's canonical order, with its value.
        nodes: how many positions the solver searched.
    """

    seat: int
    side: tuple[int, ...]
    unit: str
    value: int
    actions: tuple[ActionValue, ...]
    nodes: int

    @property
    def best(self) -> tuple[Action, ...]:
        """The actions that keep the best result."""
        return tuple(item.action for item in self.actions if item.loss == 0)


def analyse(
    state_or_position: AnyState | str,
    *,
    unit: str | None = None,
    max_nodes: int = DEFAULT_MAX_NODES,
    deadline: float | None = None,
) -> Analysis:
    """The exact value of every legal action of the player to act, and the loss of each against the best.

    ``unit`` is the game's claim unit by default (``None``); ``"score"`` values
    a Calabresella play by the hand's settlement for the acting seat.

    >>> import cardrules
    >>> state = cardrules.get_game("felagsvist", first_dealer="N").new_game(seed=1)
    >>> for _ in range(44):
    ...     state = state.apply(state.legal_actions()[0])
    >>> result = analyse(state)
    >>> result.unit, len(result.actions) == len(state.legal_actions())
    ('tricks', True)

    Raises:
        NotSolvableError: the game or the phase has no play the solver models.
        InvalidArgumentError: the game's solver does not count in ``unit``.
        SolveBudgetExceeded: the budget ran out.
        InvalidPositionError: a position text that is not valid.
    """
    state = read_state(state_or_position)
    seat = state.current_player
    root = ending_of(state, seat, unit)
    solver = Solver(max_nodes=max_nodes, deadline=deadline)
    values: dict[int, int] = {}
    for move in root.moves():
        value = solver.value(root.play(move))
        for same in root.group(move):
            values[same] = value
    best = solver.value(root)
    rows = []
    for action in state.legal_actions():
        value = values[root.move(action)]
        rows.append(ActionValue(action, root.in_units(value), best - value))
    return Analysis(seat, root.counted, root.unit, root.in_units(best), tuple(rows), solver.nodes)
