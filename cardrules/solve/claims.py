"""Claims: "the rest are mine", settled exactly.

A claim names the claimer (a seat, or a side where the game has them) and
how many of the tricks (or card points) still to play for that side will
take: :func:`claim` answers whether it holds when the claimer's side plays
well and the others play any legal card, and the stricter question whether
it holds whatever anyone plays. When it fails, the answer carries a
refutation: a line of legal play, as the engine's own action texts, from the
position to the point where the claimer can no longer make the claim even by
taking everything left. Counting starts at the position: cards already
won before it do not count towards the claim.

The claimer's side plays its best along the refutation (the move that keeps
the most for it; of equal ones, the first in the engine's order); the others
play a move that keeps the claim failing and, of those, the one that leaves
the claimer least (the first in the engine's order on ties), so the line is
short and each step of it is forced for the claim to fail.

What a claim counts is each game's (see its ``ending`` module): tricks in
Félagsvist (in Nóló, a claim of ``tricks=N`` says the side takes at most N),
card points in Fildinski's last eight tricks and in Calabresella's play. A
Calabresella claim may also be of ``score=S``: the hand's settlement for the
claiming seat, cappotto and stramazzo included.
"""

from __future__ import annotations

from dataclasses import dataclass

from cardrules.errors import InvalidArgumentError, SolveBudgetExceeded
from cardrules.game import AnyState
from cardrules.solve.adapter import TableEnding, ending_of
from cardrules.solve.search import DEFAULT_MAX_NODES, Solver

__all__ = ["ClaimResult", "claim", "read_state"]


@dataclass(frozen=True, slots=True)
class ClaimResult:
    """The answer to a claim.

    Attributes:
        holds: whether the claim holds when the claimer's side plays well,
            whatever legal cards the others play.
        holds_always: whether it holds whatever anyone plays, the claimer's
            side included (then any play makes it good; it implies ``holds``);
            ``None`` when the budget ran out on this stricter question after
            the claim itself was settled.
        by: the seats of the claimer's side.
        unit: ``"tricks"``, ``"points"`` or ``"score"``.
        claimed: the amount claimed, in ``unit``, from the position on (a
            score: the payment for the whole hand).
        best: what the claimer's side makes from here with best play on both
            sides, in ``unit`` (in a Nóló deal, the fewest tricks it can be held to).
        refutation: when the claim fails, the line of play that defeats it, as
            action texts; empty when it holds.
        nodes: how many positions the solver searched for the answer.
    """

    holds: bool
    holds_always: bool | None
    by: tuple[int, ...]
    unit: str
    claimed: int
    best: int
    refutation: tuple[str, ...]
    nodes: int


def read_state(state_or_position: AnyState | str) -> AnyState:
    """A state as given, or the state a position text gives (read by :func:`~cardrules.games.from_position`).

    Raises:
        InvalidPositionError: the text is not a valid position.
    """
    if isinstance(state_or_position, str):
        from cardrules.games import from_position  # the game table loads games lazily

        return from_position(state_or_position)
    return state_or_position


def _amount(tricks: int | None, points: int | None, score: int | None) -> tuple[str, int]:
    """The unit a claim names and its amount: exactly one of ``tricks``, ``points`` and ``score``."""
    named = (("tricks", tricks), ("points", points), ("score", score))
    given = [(unit, amount) for unit, amount in named if amount is not None]
    if len(given) != 1:
        raise InvalidArgumentError(
            "a claim names either tricks or points (or score, where the game counts it), not several or none"
        )
    unit, amount = given[0]
    assert amount is not None
    return unit, amount


def claim(
    state_or_position: AnyState | str,
    *,
    by: int | str,
    tricks: int | None = None,
    points: int | None = None,
    score: int | None = None,
    max_nodes: int = DEFAULT_MAX_NODES,
    deadline: float | None = None,
) -> ClaimResult:
    """Whether ``by``'s side takes at least ``tricks`` (or ``points``) of what is still to play.

    ``state_or_position`` is a state or a position text. ``by`` is a seat
    (``0``, ``"p1"``, a seat name) or, in Félagsvist, a side (``"NS"``).
    ``score`` claims, where a game counts it (Calabresella), that the hand's
    settlement pays the seat ``by`` names at least ``score`` (a negative
    score: that it pays at most so much), cappotto and stramazzo included;
    unlike tricks and points it counts the whole hand.

    >>> import cardrules
    >>> state = cardrules.get_game("felagsvist", first_dealer="N").new_game(seed=1)
    >>> late = state
    >>> for _ in range(44):
    ...     late = late.apply(late.legal_actions()[0])
    >>> result = claim(late, by="NS", tricks=2)
    >>> result.holds, result.best, result.refutation
    (True, 2, ())

    Raises:
        InvalidArgumentError: ``by`` names no seat, or the amount is not one
            this game's claims count (tricks, points or score) or is out of range.
        NotSolvableError: the game or the phase has no play the solver models.
        SolveBudgetExceeded: the budget (``max_nodes``, ``deadline`` seconds) ran out
            before the claim was settled (a budget that runs out on the stricter
            question only leaves ``holds_always`` as ``None``).
        InvalidPositionError: a position text that is not valid.
    """
    state = read_state(state_or_position)
    unit, amount = _amount(tricks, points, score)
    root = ending_of(state, by, unit)
    needed = root.needed(amount)
    solver = Solver(max_nodes=max_nodes, deadline=deadline)
    holds = solver.at_least(root, needed)
    best = solver.value(root)
    always: bool | None = False
    if holds:
        try:
            always = solver.always_at_least(root, needed)
        except SolveBudgetExceeded:  # the claim is settled; only the stricter question is left open
            always = None
    line: tuple[str, ...] = ()
    if not holds:
        line = _refute(solver, root, state, needed)
    return ClaimResult(
        holds, always, root.counted, root.unit, amount, root.in_units(best), line, solver.nodes
    )


def _refute(solver: Solver, root: TableEnding, state: AnyState, needed: int) -> tuple[str, ...]:
    """The line defeating a failing claim: played out, through the engine, until it is lost outright."""
    node = root
    line: list[str] = []
    while not node.over and node.most() >= needed:
        legal = node.legal()
        chosen: int | None = None
        chosen_value = 0
        for move in node.moves():
            child = node.play(move)
            if node.side == 1 and solver.at_least(child, needed):
                continue  # the claim would hold after this move
            value = solver.value(child)
            first = min(node.group(move), key=legal.index)
            better = value > chosen_value if node.side == 0 else value < chosen_value
            if (
                chosen is None
                or better
                or (value == chosen_value and legal.index(first) < legal.index(chosen))
            ):
                chosen, chosen_value = first, value
        assert chosen is not None  # a failing claim has a move that keeps it failing
        action = node.action(chosen)
        state = state.apply(action)  # the engine judges every step of the line
        line.append(str(action))
        node = node.play(chosen)
    return tuple(line)
