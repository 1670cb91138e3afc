"""Adjudicating a whole record: every illegal step, the final scores, the claimed scores.

:func:`check` replays a record and returns a :class:`CheckReport`. Two modes:

``strict`` (the default)
    stops at the first illegal step; the report names that one step.
``lenient``
    notes every illegal step and judges the rest of the game as it was
    actually played. An illegal step that the engine can still carry out as
    recorded, because it breaks only a rule about which of the actor's own
    cards may be played (a revoke in Félagsvist or Calabresella, a failure to
    head, follow or trump in Fildinski's last eight tricks), is played as
    recorded and the check goes on from there: a record with one revoke gives
    one finding. A step it cannot carry out (a card the actor does not hold, a
    card played out of turn, an action after the end, any illegal step of
    Backstab Fish or of an auction) is set aside, as a table takes back a card
    played out of turn, when the record goes on without it (the next step is
    legal in the state before it); when it does not, the check stops there with
    that one finding and says why (:attr:`CheckReport.stop_reason`), instead of
    reporting every later step as out of turn. No penalty is applied: the
    rules reference has no penalty rules.

Each :class:`Violation` says what the check did with the step
(:attr:`Violation.handling`).

Claimed scores are compared with the scores of the state reached after the
last step (the final scores when the game is over). In strict mode they are
compared only when every step was legal, since an early stop reaches no
meaningful final state. A claim that differs is a finding, like an illegal
step: :attr:`CheckReport.ok` is false and the report says which seats differ.

Steps are numbered from 0 (:attr:`Violation.step` ``n`` is ``record.actions[n]``);
:attr:`CheckReport.checked` is a count, so a strict check that stops at step
``n`` has checked ``n + 1`` steps.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Literal

from cardrules.errors import InvalidArgumentError
from cardrules.records.model import Record
from cardrules.records.replay import walk
from cardrules.records.validate import Prepared, prepare
from cardrules.verdict import Verdict

__all__ = ["CheckReport", "Handling", "Mode", "Violation", "check"]

Mode = Literal["strict", "lenient"]
"""How :func:`check` treats an illegal step: stop there, or note it and carry on."""

Handling = Literal["stop", "played", "set-aside"]
"""What :func:`check` did after an illegal step: stopped there; played it as recorded and went on
(lenient); or went on without it, the record going on as if it were taken back (lenient)."""


@dataclass(frozen=True, slots=True)
class Violation:
    """An illegal step of a record.

    Attributes:
        step: the step, counted from 0 (``record.actions[step]``).
        actor: the seat that took the action.
        action: the action's canonical text (``"p2 play 3S"``).
        verdict: the verdict: every rule id the action breaks and why, in a sentence.
        comment: the record's comment on the action, or ``None``.
        state: a compact text form of the state the action was taken in.
        handling: what the check did next: ``"stop"`` (strict mode, or a
            lenient check that could not go on), ``"played"`` (played as
            recorded, lenient) or ``"set-aside"`` (skipped, lenient).
    """

    step: int
    actor: int
    action: str
    verdict: Verdict
    comment: str | None
    state: str
    handling: Handling = "stop"

    def __str__(self) -> str:
        rules = ", ".join(self.verdict.rule_ids)
        return f"step {self.step}: {self.action} is illegal: {self.verdict.reason} [{rules}]"


@dataclass(frozen=True, slots=True)
class CheckReport:
    """What :func:`check` found in a record.

    Attributes:
        game: the game's name.
        mode: ``"strict"`` or ``"lenient"``.
        steps: how many steps the record holds.
        checked: how many steps were judged, a count (fewer than :attr:`steps`
            when strict mode stopped early: stopping at step ``n`` judges
            steps 0 to ``n``, so ``n + 1`` of them).
        violations: every illegal step found, in order (at most one in strict mode).
        finished: whether the game reached its end.
        scores: every seat's score in the state reached, in seat order.
        claimed_scores: the record's ``(seat, score)`` claims.
        claims_compared: whether the claims were compared with :attr:`scores`
            (false when there are none, or when strict mode stopped early).
        mismatched_seats: the seats whose claimed score differs from their score.
        stop_reason: why the check stopped before the end of the record, as a
            clause (``""`` when it did not).
    """

    game: str
    mode: Mode
    steps: int
    checked: int
    violations: tuple[Violation, ...]
    finished: bool
    scores: tuple[int, ...]
    claimed_scores: tuple[tuple[int, int], ...]
    claims_compared: bool
    mismatched_seats: tuple[int, ...]
    stop_reason: str = ""

    @property
    def ok(self) -> bool:
        """No illegal step and no wrong claimed score."""
        return not self.violations and not self.mismatched_seats

    @property
    def first_violation(self) -> Violation | None:
        """The first illegal step, or ``None``."""
        return self.violations[0] if self.violations else None

    @property
    def claims_match(self) -> bool | None:
        """Whether every claimed score is right; ``None`` when the claims were not compared."""
        return not self.mismatched_seats if self.claims_compared else None


def check(record: Record | Prepared, mode: Mode = "strict") -> CheckReport:
    """Adjudicate every step of ``record`` and compare its claimed scores.

    Args:
        record: the record (as read by :func:`~cardrules.records.files.load`, or built in Python),
            or a record already checked against its game
            (:func:`~cardrules.records.files.loads_prepared`, :func:`~cardrules.records.validate.prepare`),
            which is not checked again.
        mode: ``"strict"`` stops at the first illegal step; ``"lenient"`` notes
            it and goes on from the game as it was played (see the module's description).

    Raises:
        RecordError: the record is malformed (an unreadable action, a seat the
            game does not have, a deal that is not a permutation, actions that
            run past the recorded deals, ...).
        ValueError: ``mode`` is neither ``"strict"`` nor ``"lenient"``.
    """
    if mode not in ("strict", "lenient"):
        raise InvalidArgumentError(f"mode must be 'strict' or 'lenient', not {mode!r}")
    prepared = record if isinstance(record, Prepared) else prepare(record)
    canonical = prepared.record
    lenient = mode == "lenient"
    state = prepared.start
    violations: list[Violation] = []
    checked = 0
    stopped = False
    stop_reason = ""
    for number, entry, action, before, verdict, after, played in walk(
        prepared, lenient=lenient, verdicts=False
    ):
        if verdict.legal:  # the usual step, and the only kind a sound record has
            checked = number + 1
            state = after
            continue
        last = violations[-1] if violations else None
        if last and last.handling == "set-aside" and last.step == number - 1:
            # the record does not go on without the step set aside: stop there, with that one finding
            violations[-1] = replace(last, handling="stop")
            stopped = True
            stop_reason = (
                f"lenient mode cannot play step {last.step} as recorded, and the record does not go "
                f"on without it: step {number} is illegal then too"
            )
            break
        checked = number + 1  # a count: steps 0 to number were judged
        state = after
        handling: Handling = ("played" if played else "set-aside") if lenient else "stop"
        violations.append(
            Violation(
                step=number,
                actor=action.seat,
                action=str(action),
                verdict=verdict,
                comment=entry.comment,
                state=before.compact(),
                handling=handling,
            )
        )
        if not lenient:
            stopped = True
            stop_reason = "strict mode stops at the first illegal step"
            break
    scores = tuple(state.scores())
    compared = bool(canonical.claimed_scores) and not stopped
    mismatched = tuple(
        seat for seat, claimed in canonical.claimed_scores if compared and scores[seat] != claimed
    )
    return CheckReport(
        game=canonical.game,
        mode=mode,
        steps=len(canonical.actions),
        checked=checked,
        violations=tuple(violations),
        finished=state.is_terminal,
        scores=scores,
        claimed_scores=canonical.claimed_scores,
        claims_compared=compared,
        mismatched_seats=mismatched,
        stop_reason=stop_reason,
    )
