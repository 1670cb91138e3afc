"""Verdicts: the answer to "is this action legal here, and which rule says so?"."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Final, cast

from cardrules.errors import InvalidArgumentError
from cardrules.frozen import fast_constructor
from cardrules.rules import RuleId

__all__ = ["Verdict", "make_verdict"]


@dataclass(frozen=True, slots=True)
class Verdict:
    """The adjudication of one action in one state.

    Attributes:
        legal: whether the action may be taken.
        rule_ids: for an illegal action, every rule it breaks, most specific
            first; for a legal one, the rules that permit it.
        reason: one sentence a player would understand.

    >>> v = Verdict.illegal(("common.game.over",), "the game is over")
    >>> bool(v), v.rule_ids
    (False, ('common.game.over',))
    """

    legal: bool
    rule_ids: tuple[RuleId, ...]
    reason: str

    @classmethod
    def allowed(cls, rule_ids: tuple[str, ...], reason: str) -> Verdict:
        """A verdict for a legal action, naming the rules that permit it."""
        # RuleId is a NewType: at run time the ids are the strings themselves.
        return cls(True, cast("tuple[RuleId, ...]", tuple(rule_ids)), reason)

    @classmethod
    def illegal(cls, rule_ids: tuple[str, ...], reason: str) -> Verdict:
        """A verdict for an illegal action, naming every rule it breaks."""
        if not rule_ids:
            raise InvalidArgumentError("an illegal verdict must name at least one rule")
        return cls(False, cast("tuple[RuleId, ...]", tuple(rule_ids)), reason)

    def __bool__(self) -> bool:
        return self.legal

    def __str__(self) -> str:
        head = "legal" if self.legal else "illegal"
        return f"{head}: {self.reason} [{', '.join(self.rule_ids)}]"


make_verdict: Final[Callable[[bool, tuple[RuleId, ...], str], Verdict]] = fast_constructor(Verdict)
"""``Verdict(legal, rule_ids, reason)`` built without ``__init__``, for the engines' hot paths.

The caller passes a tuple of rule ids (and, for an illegal verdict, at least one).
"""
