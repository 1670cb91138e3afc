"""Whether two states have the same future: what a position must keep.

A position read back from ``state.position()`` equals the state (states
compare by position, :class:`~cardrules.position.PositionEquality`), though it
does not know the deck orders of deals already over; it must also be the same
game from here on: the same player to act, legal
actions, verdicts, observations, scores and outcome, now and after any line of
play. :func:`assert_same_future` checks that along one line of play, and one
step down every branch of it.

>>> import cardrules
>>> state = cardrules.get_game("felagsvist", first_dealer="N").new_game(seed=3)
>>> assert_same_future(state, state.apply(state.legal_actions()[0]))
Traceback (most recent call last):
...
AssertionError: the states differ at step 0 (no action yet) in the position: ...
"""

from __future__ import annotations

import random

from cardrules.game import Action, AnyState
from cardrules.testing.probing import illegal_probes

__all__ = ["assert_same_future", "future_difference"]


def _short(value: object, limit: int = 300) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[:limit] + "..."


def _differ_now(a: AnyState, b: AnyState) -> str | None:
    """What differs between ``a`` and ``b`` in this state alone, or ``None``."""
    if a.position() != b.position():
        return f"the position: {_short(a.position(), 160)} against {_short(b.position(), 160)}"
    pairs: list[tuple[str, object, object]] = [
        ("the player to act", a.current_player, b.current_player),
        ("is_terminal", a.is_terminal, b.is_terminal),
        ("the scores", a.scores(), b.scores()),
        ("the outcome", a.outcome(), b.outcome()),
        ("the legal actions", a.legal_actions(), b.legal_actions()),
    ]
    for seat in range(len(a.scores())):
        pairs.append((f"the observation of p{seat}", a.observation(seat), b.observation(seat)))
    for name, x, y in pairs:
        if x != y:
            return f"{name}: {_short(x)} against {_short(y)}"
    probes: list[Action] = list(a.legal_actions())
    probes.extend(action for action, _ in illegal_probes(a))
    for action in probes:
        va, vb = a.check(action), b.check(action)
        if va != vb:
            return f"the verdict on {action}: {va} against {vb}"
        if va.legal:
            after_a, after_b = a.apply(action), b.apply(action)
            if after_a.position() != after_b.position():
                pa, pb = _short(after_a.position(), 160), _short(after_b.position(), 160)
                return f"the position after {action}: {pa} against {pb}"
    return None


def future_difference(a: AnyState, b: AnyState, *, steps: int = 20, seed: int = 0) -> str | None:
    """The first difference between the futures of ``a`` and ``b``, or ``None`` when there is none.

    Compares the two states, then both after the same random legal action
    (drawn from ``seed``), for up to ``steps`` actions or the end of the game.
    """
    rng = random.Random(seed)
    taken = "no action yet"
    for step in range(steps + 1):
        found = _differ_now(a, b)
        if found is not None:
            return f"at step {step} ({taken}) in {found}"
        legal = a.legal_actions()
        if not legal:
            return None
        action = rng.choice(legal)
        taken = f"after {action}"
        a, b = a.apply(action), b.apply(action)
    return None


def assert_same_future(a: AnyState, b: AnyState, *, steps: int = 20, seed: int = 0) -> None:
    """Assert that ``a`` and ``b`` have the same future (see :func:`future_difference`).

    Raises:
        AssertionError: naming the first difference and the step it appears at.
    """
    __tracebackhide__ = True  # pytest leaves this frame out of a failure's report
    found = future_difference(a, b, steps=steps, seed=seed)
    if found is not None:
        raise AssertionError(f"the states differ {found}")
