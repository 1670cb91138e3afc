"""Assertions for pytest users: is this action legal, and does another engine agree?

Each failure is an :class:`AssertionError` whose message gives the verdict's
rule ids, its reason and the state in one line (:meth:`State.compact
<cardrules.game.State.compact>`), so a failing test says which rule was at
stake without a debugger. A legal-set comparison groups its differences by
kind and rules (one planted bug usually gives many near-identical ones) and
shows a large group as its first difference and a count, "and 38 more like
this". The assertions hide their own frames from pytest's failure report
(``__tracebackhide__``), so the report ends at the user's own line.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from cardrules.game import Action, AnyState
from cardrules.verdict import Verdict

__all__ = [
    "LegalSetDiff",
    "assert_illegal",
    "assert_legal",
    "assert_same_legal_actions",
    "compare_legal_actions",
]


def _read(state: AnyState, action: Action | str) -> Action | str:
    """The reference's action for ``action``; text is read in ``state`` (no actor: the player to act).

    Once the game is over the text is kept as it is: nobody is to act, so a
    text without an actor has none to read it for, and ``check`` judges the
    text itself (common.game.over, before any reading).
    """
    __tracebackhide__ = True  # pytest leaves this frame out of a failure's report
    if isinstance(action, Action) or state.is_terminal:
        return action
    try:
        return state.parse_action(action)
    except ValueError as error:
        raise AssertionError(
            f"the reference cannot read {action!r}: {error}\n  state: {state.compact()}"
        ) from None


def _rules(verdict: Verdict) -> str:
    return ", ".join(verdict.rule_ids)


def assert_legal(state: AnyState, action: Action | str) -> Verdict:
    """Fail unless the reference finds ``action`` legal in ``state``; return the verdict.

    >>> import cardrules
    >>> state = cardrules.get_game("felagsvist", first_dealer="N").new_game(seed=1)
    >>> assert_legal(state, "p1 play 7C").rule_ids
    ('felagsvist.play.lead-any',)
    >>> assert_legal(state, "p2 play 7C")
    Traceback (most recent call last):
    ...
    AssertionError: expected p2 play 7C to be legal, but the reference refuses it [common.turn...
    """
    __tracebackhide__ = True  # pytest leaves this frame out of a failure's report
    chosen = _read(state, action)
    verdict = state.check(chosen)
    if not verdict.legal:
        raise AssertionError(
            f"expected {chosen} to be legal, but the reference refuses it [{_rules(verdict)}]: "
            f"{verdict.reason}\n  position: {state.position()}"
        )
    return verdict


def assert_illegal(state: AnyState, action: Action | str, rule: str | Sequence[str] | None = None) -> Verdict:
    """Fail unless the reference refuses ``action`` in ``state`` (naming ``rule``, when given).

    ``rule`` is one rule id or several; every one must be among the verdict's
    rule ids. Returns the verdict.
    """
    __tracebackhide__ = True  # pytest leaves this frame out of a failure's report
    chosen = _read(state, action)
    verdict = state.check(chosen)
    if verdict.legal:
        raise AssertionError(
            f"expected {chosen} to be illegal, but the reference allows it [{_rules(verdict)}]: "
            f"{verdict.reason}\n  position: {state.position()}"
        )
    wanted = (rule,) if isinstance(rule, str) else tuple(rule or ())
    missing = [rule_id for rule_id in wanted if rule_id not in verdict.rule_ids]
    if missing:
        raise AssertionError(
            f"{chosen} is illegal by [{_rules(verdict)}], not by {', '.join(missing)}: "
            f"{verdict.reason}\n  position: {state.position()}"
        )
    return verdict


@dataclass(frozen=True, slots=True)
class LegalSetDiff:
    """How another engine's legal set differs from the reference's in one state.

    Attributes:
        missing: actions the reference finds legal and the other engine lacks,
            with the reference's verdict (which rule permits each).
        extra: actions the other engine offers that the reference refuses, with
            the reference's verdict (which rule each breaks, and why).
        unreadable: texts the reference cannot read as actions of the game.
    """

    missing: tuple[tuple[Action, Verdict], ...]
    extra: tuple[tuple[Action, Verdict], ...]
    unreadable: tuple[str, ...]

    @property
    def agrees(self) -> bool:
        """Whether the two legal sets are the same."""
        return not (self.missing or self.extra or self.unreadable)

    def groups(self) -> tuple[tuple[str, tuple[str, ...], tuple[Action | str, ...]], ...]:
        """The differences grouped by what they are and the rules they involve, in the order shown.

        Each group is ``(kind, rule_ids, items)``: ``kind`` is ``"missing"``,
        ``"extra"`` or ``"unreadable"`` (whose rule ids are empty), and the
        items are the actions (or texts) of the group, in the order of the
        fields. One planted bug usually gives one group of many near-identical
        actions: the message shows the first in full and counts the others.
        """
        found: dict[tuple[str, tuple[str, ...]], list[Action | str]] = {}
        for kind, pairs in (("missing", self.missing), ("extra", self.extra)):
            for action, verdict in pairs:
                found.setdefault((kind, verdict.rule_ids), []).append(action)
        if self.unreadable:
            found[("unreadable", ())] = list(self.unreadable)
        return tuple((kind, rules, tuple(items)) for (kind, rules), items in found.items())

    def __str__(self) -> str:
        if self.agrees:
            return "the legal sets agree"
        verdicts = {str(action): verdict for action, verdict in (*self.missing, *self.extra)}
        lines: list[str] = []
        for kind, _, items in self.groups():
            shown = items if len(items) <= _GROUP_IN_FULL else items[:1]
            for item in shown:
                if kind == "unreadable":
                    lines.append(f"unreadable: {item!r}")
                    continue
                verdict = verdicts[str(item)]
                if kind == "missing":
                    lines.append(f"missing (legal in the reference): {item} [{_rules(verdict)}]")
                else:
                    lines.append(
                        f"extra (illegal in the reference): {item} [{_rules(verdict)}]: {verdict.reason}"
                    )
            rest = items[len(shown) :]
            if rest:
                named = ", ".join(repr(item) if kind == "unreadable" else str(item) for item in rest[:_NAMED])
                more = ", ..." if len(rest) > _NAMED else ""
                lines.append(f"  ... and {len(rest)} more like this ({kind}, the same rules): {named}{more}")
        return "\n".join(lines)


_GROUP_IN_FULL = 3
"""A group of differences up to this size is shown line by line; a larger one as its first and a count."""

_NAMED = 8
"""How many of the others of a large group are named after its count."""


def compare_legal_actions(state: AnyState, theirs: Iterable[Action | str]) -> LegalSetDiff:
    """Compare another engine's legal actions in ``state`` with the reference's.

    ``theirs`` are the other engine's legal actions, as reference actions or as
    text in the reference's notation (the actor may be left out). The result
    lists each difference in the reference's canonical text.

    >>> import cardrules
    >>> state = cardrules.get_game("felagsvist", first_dealer="N").new_game(seed=1)
    >>> theirs = [str(action) for action in state.legal_actions()][1:] + ["p2 play AS", "play ZZ"]
    >>> print(compare_legal_actions(state, theirs))
    missing (legal in the reference): p1 play 7C [felagsvist.play.lead-any]
    extra (illegal in the reference): p2 play AS [common.turn.player-to-act, common.cards.held]: it is ...
    unreadable: 'play ZZ'
    """
    reference = {str(action): action for action in state.legal_actions()}
    offered: dict[str, Action] = {}
    unreadable: list[str] = []
    for item in theirs:
        try:
            action = _read(state, item)
        except AssertionError:
            action = str(item)
        if isinstance(action, str):  # not read (or, after the end, text kept as it is): no action
            unreadable.append(action)
            continue
        offered[str(action)] = action
    missing = tuple(
        (action, state.check(action)) for text, action in reference.items() if text not in offered
    )
    extra = tuple(
        (action, state.check(action)) for text, action in sorted(offered.items()) if text not in reference
    )
    return LegalSetDiff(missing, extra, tuple(unreadable))


def assert_same_legal_actions(state: AnyState, theirs: Iterable[Action | str]) -> None:
    """Fail unless another engine's legal actions in ``state`` are exactly the reference's.

    The message lists every difference with its rule ids (see :class:`LegalSetDiff`)
    and the position, which sets the state up again (``cardrules.from_position``).
    """
    __tracebackhide__ = True  # pytest leaves this frame out of a failure's report
    diff = compare_legal_actions(state, theirs)
    if not diff.agrees:
        raise AssertionError(f"the legal sets differ:\n{diff}\n  position: {state.position()}")
