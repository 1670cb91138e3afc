"""Verdicts: the answer to "is this action legal here, and which rule says so?"."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final, cast

from cardrules.errors import InvalidArgumentError
from cardrules.frozen import fast_constructor
from cardrules.rules import RuleId

__all__ = ["Verdict", "make_verdict", "verdict_later"]


class _Wording:
    """The slot a :class:`Verdict` keeps its unwritten reason in: how to write it, until it is read."""

    __slots__ = ("_wording",)

    _wording: tuple[Callable[..., str], tuple[object, ...]]


@dataclass(frozen=True, slots=True)
class Verdict(_Wording):
    """The adjudication of one action in one state.

    Attributes:
        legal: whether the action may be taken.
        rule_ids: for an illegal action, every rule it breaks, most specific
            first; for a legal one, the rules that permit it.
        reason: one sentence a player would understand.

    >>> v = Verdict.illegal(("common.game.over",), "the game is over")
    >>> bool(v), v.rule_ids
    (False, ('common.game.over',))

    An engine may build a verdict whose reason is written only when it is first
    read (:func:`verdict_later`): the text, equality, hash, repr and pickle are
    those of the verdict built with that reason, which is the only thing kept
    once it is written.
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

    if not TYPE_CHECKING:  # hidden from the type checker, which would otherwise accept any attribute name

        def __getattr__(self, name):
            """The reason of a verdict from :func:`verdict_later`: written when first read (slot empty)."""
            if name != "reason":
                raise AttributeError(f"'Verdict' object has no attribute {name!r}")
            write, details = self._wording
            reason = write(*details)
            object.__setattr__(self, "reason", reason)  # the one write of the frozen slot, done once
            return reason


make_verdict: Final[Callable[[bool, tuple[RuleId, ...], str], Verdict]] = fast_constructor(Verdict)
"""``Verdict(legal, rule_ids, reason)`` built without ``__init__``, for the engines' hot paths.

The caller passes a tuple of rule ids (and, for an illegal verdict, at least one).
"""


class _Draft(Verdict):
    """A verdict being built: a :class:`Verdict` whose attributes may be set (see :mod:`cardrules.frozen`).

    It adds no slot and sets attributes as ``object`` does, so its instances
    have :class:`Verdict`'s very layout, and a finished one becomes a
    ``Verdict`` by a change of class that need not compare the two classes'
    slots (it would, were the two siblings). No draft leaves
    :func:`verdict_later`.
    """

    __slots__ = ()
    __setattr__ = object.__setattr__
    __delattr__ = object.__delattr__


_new: Final = object.__new__


def verdict_later(
    legal: bool, rule_ids: tuple[RuleId, ...], write: Callable[..., str], details: tuple[object, ...]
) -> Verdict:
    """``Verdict(legal, rule_ids, write(*details))``, with the reason written only when it is first read.

    For an engine's hot path, where most verdicts are asked whether they are
    legal and which rules they name, and their sentence is seldom read. The
    caller passes a tuple of rule ids (and, for an illegal verdict, at least
    one); ``write`` must give the same text every time, from ``details`` alone
    (immutable values, so that the text does not depend on when it is read).

    >>> later = verdict_later(False, (RuleId("common.game.over"),), "the game is {}".format, ("over",))
    >>> later == Verdict.illegal(("common.game.over",), "the game is over"), later.reason
    (True, 'the game is over')
    """
    draft: Any = _new(_Draft)  # Any: the type checker holds a Verdict's fields read-only, a draft's too
    draft.legal = legal
    draft.rule_ids = rule_ids
    draft._wording = (write, details)
    draft.__class__ = Verdict  # the same layout, now frozen
    built: Verdict = draft
    return built
