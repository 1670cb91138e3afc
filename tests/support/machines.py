"""What every game's state machine checks alike: a refused action, and a legal step.

Each game's ``RuleBasedStateMachine`` (``tests/<game>/test_stateful.py``)
has its own rules and invariants; these two checks are the ones they share.
"""

from __future__ import annotations

import dataclasses

import pytest

from cardrules import IllegalActionError
from cardrules.game import Action, AnyState
from cardrules.verdict import Verdict

__all__ = ["assert_legal_step", "assert_refused"]


def assert_refused(
    state: AnyState, action: Action, rule_ids: tuple[str, ...] | None = None, *, first: str | None = None
) -> Verdict:
    """``action`` is refused in ``state`` by ``check``, ``attempt`` and ``apply`` alike, which change nothing.

    ``rule_ids`` is the whole tuple the verdict must name; ``first`` only the
    rule it must name first. Returns the verdict.
    """
    fields = dataclasses.fields(state)  # type: ignore[arg-type]
    identities = [id(getattr(state, field.name)) for field in fields]
    twin = dataclasses.replace(state)  # type: ignore[type-var]
    verdict = state.check(action)
    assert not verdict.legal, (str(action), verdict)
    if rule_ids is not None:
        assert verdict.rule_ids == rule_ids, (str(action), verdict)
    if first is not None:
        assert verdict.rule_ids[0] == first, (str(action), verdict)
    assert state.attempt(action) == (verdict, None)
    with pytest.raises(IllegalActionError) as info:
        state.apply(action)
    assert info.value.verdict == verdict and info.value.action == str(action)
    assert state == twin
    assert [id(getattr(state, field.name)) for field in fields] == identities
    return verdict


def assert_legal_step(state: AnyState, action: Action) -> AnyState:
    """``action`` is legal in ``state``: ``check`` allows it, its text reads back, and
    ``attempt`` and ``apply`` give equal next states. Returns the next state.
    """
    verdict = state.check(action)
    assert verdict.legal, (str(action), verdict)
    assert state.parse_action(str(action)) == action
    after = state.apply(action)
    assert state.attempt(action) == (verdict, after)
    return after
