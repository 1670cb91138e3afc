"""Explaining one step of a record: what the actor saw, what was allowed, what the rules say.

:func:`explain` replays a record up to step ``n`` (counted from 0, so step
``n`` is ``record.actions[n]``) and returns
the state before it as the acting player saw it, the legal actions there and
the verdict for the action the record says was taken. The walk to it follows
the game as it was played, as a lenient check does: an earlier illegal step
the engine can carry out as recorded (a revoke) is played, and one it cannot
is skipped; both are listed.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from cardrules.errors import InvalidArgumentError
from cardrules.records.model import Record, RecordedAction, seat_token
from cardrules.records.replay import check_deals_reached, steps
from cardrules.records.report import statements
from cardrules.records.validate import prepare
from cardrules.text import echo, short_int
from cardrules.verdict import Verdict

__all__ = ["Explanation", "explain", "format_explanation", "legal_summary", "steps_range"]


def steps_range(total: int) -> str:
    """The words that say which steps a record of ``total`` actions has (counted from 0).

    >>> from cardrules.records.explain import steps_range
    >>> steps_range(624), steps_range(0)
    ('its steps are 0 to 623', 'it has no steps')
    """
    return f"its steps are 0 to {total - 1}" if total else "it has no steps"


@dataclass(frozen=True, slots=True)
class Explanation:
    """One step of a record, explained.

    Attributes:
        step: the step, counted from 0 (``record.actions[step]``).
        steps: how many steps the record holds.
        entry: the record's action (its text and comment).
        actor: the seat that took the action.
        action: the action's canonical text.
        observation: the state before the step as the actor saw it (the text
            of ``state.observation(actor)``).
        legal_actions: the canonical text of every legal action before the
            step, in canonical order (empty once the game is over).
        to_act: the seat whose turn it was, or ``None`` when the game was over.
        verdict: the verdict for the action taken.
        skipped: the earlier illegal steps that could not be played as recorded,
            and so were skipped on the way.
        position: the position before the step in its short form
            (``state.position(future=False)``: no seed, no later deals; see
            :mod:`cardrules.position`), to pose the dispute again with
            ``cardrules judge``.
        statements: each rule id the verdict names, with the rule's statement.
        played_illegal: the earlier illegal steps played as recorded on the
            way (a revoke: a card held, played in turn).
        full_position: the position before the step in its full form
            (``state.position()``), the later deals included.
    """

    step: int
    steps: int
    entry: RecordedAction
    actor: int
    action: str
    observation: str
    legal_actions: tuple[str, ...]
    to_act: int | None
    verdict: Verdict
    skipped: tuple[int, ...]
    position: str = ""
    statements: tuple[tuple[str, str], ...] = ()
    played_illegal: tuple[int, ...] = ()
    full_position: str = ""

    def position_text(self, *, future: bool = False) -> str:
        """The position before the step: the short form, or with ``future`` the full one.

        An explanation made without a full position gives its short one.
        """
        return (self.full_position or self.position) if future else self.position


def explain(record: Record, step: int) -> Explanation:
    """Explain step ``step`` (counted from 0: ``record.actions[step]``) of ``record``.

    The state shown is the one before the step: for step 0, the initial state.

    Raises:
        ValueError: ``step`` is not a step of the record.
        RecordError: the record is malformed.
    """
    if not isinstance(step, int) or isinstance(step, bool):
        raise InvalidArgumentError(f"a step is an int counted from 0, not {echo(step)}")
    prepared = prepare(record)
    total = len(prepared.record.actions)
    if not 0 <= step < total:
        raise InvalidArgumentError(f"step {short_int(step)} is not in the record: {steps_range(total)}")
    skipped: list[int] = []
    played: list[int] = []
    for taken in steps(prepared, lenient=True):
        if taken.number < step:
            if not taken.legal:
                (played if taken.as_played else skipped).append(taken.number)
            continue
        before = taken.before
        check_deals_reached(prepared.record, before, ended=False)
        return Explanation(
            step=step,
            steps=total,
            entry=taken.entry,
            actor=taken.actor,
            action=str(taken.action),
            observation=str(before.observation(taken.actor)),
            legal_actions=tuple(str(action) for action in before.legal_actions()),
            to_act=None if before.is_terminal else before.current_player,
            verdict=taken.verdict,
            skipped=tuple(skipped),
            position=before.position(future=False),
            statements=statements(prepared.record.game, taken.verdict.rule_ids),
            played_illegal=tuple(played),
            full_position=before.position(),
        )
    raise AssertionError("unreachable: the walk yields every step")  # pragma: no cover


_LISTED: Final = 20
"""How many legal actions an explanation lists before it summarises the rest."""


def legal_summary(actions: tuple[str, ...]) -> str:
    """The legal actions as one line: all of a short list; the first 20 of a long one and a count of the rest.

    >>> legal_summary(("p0 play AS", "p0 play KS")), legal_summary(())
    ('p0 play AS, p0 play KS', 'none (the game is over)')
    >>> asks = tuple(f"p1 ask p{n % 3} for 1 {n}" for n in range(144))
    >>> legal_summary(asks).endswith("and 124 more (144 in all)")
    True
    """
    if not actions:
        return "none (the game is over)"
    if len(actions) <= _LISTED + 4:
        return ", ".join(actions)
    return f"{', '.join(actions[:_LISTED])}, ... and {len(actions) - _LISTED} more ({len(actions)} in all)"


def format_explanation(explanation: Explanation, *, future: bool = False) -> str:
    """The explanation as the lines ``cardrules explain`` prints (no final newline).

    The position is the short form; with ``future``, the full one (``cardrules explain --full``).
    """
    e = explanation
    lines = [f"step {e.step} (steps 0 to {e.steps - 1}): {e.action}"]
    if e.entry.comment is not None:
        lines.append(f"comment: {' '.join(e.entry.comment.split())}")
    if e.played_illegal:
        listed = ", ".join(str(n) for n in e.played_illegal)
        lines.append(f"note: earlier illegal steps were played as recorded on the way: {listed}")
    if e.skipped:
        listed = ", ".join(str(n) for n in e.skipped)
        lines.append(f"note: earlier illegal steps were skipped on the way: {listed}")
    turn = "the game was over" if e.to_act is None else f"{seat_token(e.to_act)} was to act"
    lines.append(f"before step {e.step}, as {seat_token(e.actor)} saw it ({turn}):")
    lines += [f"  {line}" for line in e.observation.splitlines()]
    lines.append(f"legal actions: {legal_summary(e.legal_actions)}")
    lines.append(f"verdict: {e.verdict}")
    lines += [f"  {rule}: {statement}" for rule, statement in e.statements]
    if e.position:
        lines.append(f"position: {e.position_text(future=future)}")
    return "\n".join(lines)
