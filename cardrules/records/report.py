"""A check report as text for people and as a JSON object for programs.

:func:`format_report` gives the lines ``cardrules check`` prints;
:func:`report_to_data` gives the object ``cardrules check --json`` prints.
Seats appear as their tokens (``p2``) and steps count from 0 in both (step
``n`` is ``record.actions[n]``); ``checked`` and ``steps`` are counts.

The JSON object has these fields:

``record``
    the file checked (a string), or ``null``.
``game``, ``mode``
    the game's name; ``"strict"`` or ``"lenient"``.
``ok``
    true when no step is illegal and every claimed score is right.
``steps``, ``checked``
    how many steps the record holds, and how many were judged (counts: a
    strict check that stops at step ``n`` has judged ``n + 1``).
``finished``
    whether the game reached its end.
``violations``
    one object per illegal step, in order, with ``step`` (from 0), ``actor``
    (a seat token), ``action`` (canonical text), ``comment`` (string or
    ``null``), ``verdict`` (an object with ``legal``, always false here,
    ``rule_ids``, every rule the action breaks, ``reason``, a sentence, and
    ``statements``, an object from each of those rule ids to the rule's
    statement),
    ``state`` (the compact state it was taken in) and ``message`` (the line
    the text report prints for it), and ``handling``, what the check did next:
    ``"stop"``, ``"played"`` (played as recorded, lenient) or ``"set-aside"``
    (skipped, lenient).
``scores``
    an object from seat token to the score reached.
``claimed_scores``
    an object from seat token to the claimed score (empty when none).
``claims_compared``, ``claims_match``
    whether the claims were compared; whether they all match (``null`` when
    not compared).
``mismatched_seats``
    the seat tokens whose claimed score differs.
``stop_reason``
    why the check stopped before the last step, a clause (``null`` when it did not).
"""

from __future__ import annotations

from collections.abc import Iterable
from types import MappingProxyType
from typing import Final

from cardrules.games import get_game
from cardrules.records.check import CheckReport, Violation
from cardrules.records.model import seat_token

__all__ = ["findings", "format_report", "report_to_data", "statements"]


def statements(game: str, rule_ids: Iterable[str]) -> tuple[tuple[str, str], ...]:
    """Each rule id with its statement from ``game``'s rule book, so a reader need not look it up.

    >>> statements("felagsvist", ["felagsvist.play.must-follow"])[0][1]
    'A player holding a card of the suit led must play a card of that suit.'
    """
    book = get_game(game).rules
    return tuple(
        (rule, book[rule].statement if rule in book else "(not in the rule book)") for rule in rule_ids
    )


def findings(report: CheckReport) -> int:
    """How many findings the report holds: each illegal step, plus one for wrong claimed scores."""
    return len(report.violations) + (1 if report.mismatched_seats else 0)


def _seats(pairs: list[tuple[int, int]] | tuple[tuple[int, int], ...]) -> str:
    return ", ".join(f"{seat_token(seat)} {score}" for seat, score in pairs)


def _one_line(text: str) -> str:
    return " ".join(text.split())


_HANDLING: Final = MappingProxyType(
    {
        "played": "  played as recorded: the check goes on from the game as it was played",
        "set-aside": "  cannot be played as recorded: set aside, as the record goes on without it",
    }
)
"""The line a lenient report adds under a step it played on from, or set aside."""


def format_report(report: CheckReport, source: str | None = None) -> str:
    """The report as the lines ``cardrules check`` prints (no final newline).

    Each illegal step is one line that names the step, the action (with its
    actor and card) and every rule id it breaks, followed by one indented line
    per rule id with the rule's statement, the record's comment, and in a
    lenient check what the check did with the step (played it as recorded,
    or set it aside).
    """
    name = f"{source}: " if source else ""
    plural = "" if report.steps == 1 else "s"
    lines = [f"{name}{report.game}, {report.steps} step{plural}, {report.mode} check"]
    for violation in report.violations:
        lines.append(str(violation))
        lines += [
            f"  {rule}: {statement}"
            for rule, statement in statements(report.game, violation.verdict.rule_ids)
        ]
        if violation.comment is not None:
            lines.append(f"  comment: {_one_line(violation.comment)}")
        if violation.handling != "stop":
            lines.append(_HANDLING[violation.handling])
    if not report.violations:
        lines.append("its one step is legal" if report.steps == 1 else f"all {report.steps} steps are legal")
    elif report.checked < report.steps:
        lines.append(
            f"stopped at step {report.checked - 1}: {report.checked} of {report.steps} steps checked "
            f"({report.stop_reason})"
        )
    scores = _seats(list(enumerate(report.scores)))
    if report.finished:
        lines.append(f"the game reached its end; final scores: {scores}")
    else:
        lines.append(f"the game did not reach its end; scores so far: {scores}")
    if report.claimed_scores:
        if not report.claims_compared:
            lines.append("claimed scores not compared: the check stopped early")
        elif report.mismatched_seats:
            claims = report.claimed_scores
            wrong = "; ".join(
                f"{seat_token(seat)} claimed {claimed} but scored {report.scores[seat]}"
                for seat, claimed in claims
                if seat in report.mismatched_seats
            )
            lines.append(f"claimed scores differ: {wrong}")
        else:
            lines.append(f"claimed scores match: {_seats(report.claimed_scores)}")
    count = findings(report)
    lines.append("result: ok" if report.ok else f"result: {count} finding{'' if count == 1 else 's'}")
    return "\n".join(lines)


def _violation_data(game: str, violation: Violation) -> dict[str, object]:
    return {
        "step": violation.step,
        "actor": seat_token(violation.actor),
        "action": violation.action,
        "comment": violation.comment,
        "verdict": {
            "legal": violation.verdict.legal,
            "rule_ids": list(violation.verdict.rule_ids),
            "reason": violation.verdict.reason,
            "statements": dict(statements(game, violation.verdict.rule_ids)),
        },
        "state": violation.state,
        "message": str(violation),
        "handling": violation.handling,
    }


def report_to_data(report: CheckReport, source: str | None = None) -> dict[str, object]:
    """The report as the JSON object ``cardrules check --json`` prints (see the module's description)."""
    return {
        "record": source,
        "game": report.game,
        "mode": report.mode,
        "ok": report.ok,
        "steps": report.steps,
        "checked": report.checked,
        "finished": report.finished,
        "violations": [_violation_data(report.game, v) for v in report.violations],
        "scores": {seat_token(seat): score for seat, score in enumerate(report.scores)},
        "claimed_scores": {seat_token(seat): score for seat, score in report.claimed_scores},
        "claims_compared": report.claims_compared,
        "claims_match": report.claims_match,
        "mismatched_seats": [seat_token(seat) for seat in report.mismatched_seats],
        "stop_reason": report.stop_reason or None,
    }
