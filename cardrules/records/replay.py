"""Replaying a record: every step judged, every intermediate state.

:func:`steps` walks a record step by step and yields, for each action, the
state before it, the action read in that state, its
:class:`~cardrules.verdict.Verdict` and the state after it. By default an
illegal action is not applied, so its state after is the state before: the
walk skips it and judges the next action against the same state. With
``lenient=True`` the walk follows the game as it was played instead: an
illegal action that the engine can still carry out as it was made (a revoke,
see :meth:`State.attempt <cardrules.game.State.attempt>`) is carried out, and
:attr:`Step.as_played` says so; one that it cannot carry out (a card not held,
a play out of turn) is still skipped. :func:`replay` is the strict form: it
yields the states and stops with an
:class:`~cardrules.records.errors.IllegalStepError` at the first illegal step.

Steps are numbered from 0: :attr:`Step.number` ``n`` is ``record.actions[n]``.

A record that starts from a position (:attr:`Record.position
<cardrules.records.model.Record.position>`) starts its walk there. Any other
record must give the deck order of every deal its actions reach. When
the actions run into a deal the record does not give, or the game ends
before a deal the record gives, the record is malformed: a
:class:`~cardrules.records.errors.RecordError` is raised at the first illegal
step after that point or at the end of the walk, whichever comes first.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from itertools import chain, repeat
from typing import Final, cast

from cardrules.frozen import fast_constructor
from cardrules.game import Action, AnyState
from cardrules.records.draft import step_location
from cardrules.records.errors import IllegalStepError, RecordError
from cardrules.records.model import Record, RecordedAction
from cardrules.records.validate import Prepared, prepare
from cardrules.state_base import StateBase
from cardrules.verdict import Verdict

__all__ = ["Step", "initial_state", "replay", "steps"]


@dataclass(frozen=True, slots=True)
class Step:
    """One step of a record, judged.

    Attributes:
        number: the step, counted from 0 (its index in ``record.actions``).
        entry: the record's action (its text and comment).
        action: the action as read in :attr:`before`.
        before: the state the action was taken in.
        verdict: whether the action was legal there, and which rules say so.
        after: the state after the action; :attr:`before` itself when it was
            illegal and not carried out.
        as_played: whether the action was illegal and yet carried out as it was
            made (a lenient walk only, see :func:`steps`).
    """

    number: int
    entry: RecordedAction
    action: Action
    before: AnyState
    verdict: Verdict
    after: AnyState
    as_played: bool = False

    @property
    def legal(self) -> bool:
        """Whether the action was legal."""
        return self.verdict.legal

    @property
    def actor(self) -> int:
        """The seat that took the action."""
        return self.action.seat


_new_step: Final[Callable[[int, RecordedAction, Action, AnyState, Verdict, AnyState, bool], Step]] = (
    fast_constructor(Step)
)
"""``Step(number, entry, action, before, verdict, after, as_played)`` for the walk.

See :mod:`cardrules.frozen`.
"""


def _prepared(record: Record | Prepared) -> Prepared:
    return record if isinstance(record, Prepared) else prepare(record)


def initial_state(record: Record | Prepared) -> AnyState:
    """The state before step 0: the record's position, or the first deal dealt by its first dealer.

    Raises:
        RecordError: the record does not fit its game.
    """
    return _prepared(record).start


def check_deals_reached(record: Record, state: AnyState, *, ended: bool) -> None:
    """Refuse a walk that went past the record's deals, or ended before using them (internal).

    Raises:
        RecordError: at ``deals``, saying which deal is missing or unused.
    """
    if record.position is not None:
        return  # the position says where every later deal comes from
    dealt = len(state.dealt_decks())
    given = len(record.deals)
    if dealt > given:
        raise RecordError(
            [
                (
                    "deals",
                    f"the actions reach deal {dealt}, but the record gives the deck order of "
                    f"{given} deal{'s' if given > 1 else ''} only",
                )
            ]
        )
    if ended and state.is_terminal and dealt < given:
        raise RecordError(
            [(f"deals[{dealt}]", f"the game ended after deal {dealt}, so deal {dealt + 1} is never dealt")]
        )


def steps(record: Record | Prepared, *, lenient: bool = False) -> Iterator[Step]:
    """Every step of ``record``, judged in order; an illegal action is skipped.

    With ``lenient``, an illegal action the engine can carry out as it was made
    is carried out instead (:attr:`Step.as_played`); see the module's description.

    Raises:
        RecordError: the record does not fit its game, an action cannot be read
            in the state it is taken in, or the actions and the deals disagree
            (see the module's description).
    """
    for judged in walk(_prepared(record), lenient=lenient):
        yield _new_step(*judged)


Judged = tuple[int, RecordedAction, Action, AnyState, Verdict, AnyState, bool]
"""One step of :func:`walk`: the fields of a :class:`Step`, in order (internal)."""


KNOWN_LEGAL: Final = Verdict.allowed((), "a legal step, taken at once by its kind's fast path")
"""The verdict :func:`walk` gives, when asked for no verdicts of legal steps, to a step it took at once
(internal): it is legal, and its own verdict is never worded."""


def walk(prepared: Prepared, *, lenient: bool = False, verdicts: bool = True) -> Iterator[Judged]:
    """The walk of :func:`steps`, each step as a plain tuple of its :class:`Step`'s fields (internal).

    :func:`~cardrules.records.check.check` walks a record this way, without
    building a :class:`Step` for every step, and with ``verdicts=False``: a step
    that its kind's fast path knows to be legal
    (:meth:`~cardrules.state_base.StateBase.apply_known`, what ``apply`` tries
    first) is taken at once, with the verdict :data:`KNOWN_LEGAL`; every other
    step is judged as :func:`steps` judges it.

    Raises:
        RecordError: as :func:`steps`.
    """
    state = prepared.start
    # The fast path, where the state has one (every game's state does) and no verdict of a legal step is read.
    known: Callable[[AnyState, Action], AnyState | None] | None = None
    if not verdicts and isinstance(state, StateBase):
        known = cast("Callable[[AnyState, Action], AnyState | None]", StateBase.apply_known)
    # Each action as read once when the record was prepared: ``None`` where the text needs the state,
    # and for every step past those read (a Prepared built without them).
    parsed = chain(prepared.parsed, repeat(None))
    for number, (entry, read) in enumerate(zip(prepared.record.actions, parsed, strict=False)):
        if read is None:
            try:
                read = state.parse_action(entry.text)
            except ValueError as error:
                raise RecordError(
                    [(step_location(number), f"step {number}: {error} [common.action.known]")]
                ) from None
        if known is not None and (taken := known(state, read)) is not None:
            yield number, entry, read, state, KNOWN_LEGAL, taken, False
            state = taken
            continue
        verdict, after = state.attempt(read, lenient=lenient)
        if after is None:
            check_deals_reached(prepared.record, state, ended=False)
            after = state
        played = after is not state and not verdict.legal  # carried out as it was made
        yield number, entry, read, state, verdict, after, played
        state = after
    check_deals_reached(prepared.record, state, ended=True)


def replay(record: Record | Prepared) -> Iterator[AnyState]:
    """The initial state, then the state after every step, in order.

    Raises:
        IllegalStepError: at the first illegal step, with its number and verdict.
        RecordError: the record is malformed (see :func:`steps`).
    """
    prepared = _prepared(record)
    yield prepared.start
    for step in steps(prepared):
        if not step.legal:
            raise IllegalStepError(step.number, step.verdict, step.entry.text, step.before.compact())
        yield step.after
