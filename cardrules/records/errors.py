"""The errors of the record format: a malformed record, and an illegal step met by replay.

A :class:`RecordError` is about the record as a document: text that is not
TOML or JSON, a field of the wrong type, an unknown game or option, a card or
an action that cannot be read, a seat the game does not have, a deal that is
not a permutation of the game's deck, a file that is too large. It carries
every problem the reader found, each with its location, so that one run
shows everything to fix.

An :class:`IllegalStepError` is about the play: the record is well formed,
but one of its actions breaks a rule. :func:`~cardrules.records.replay.replay`
raises it; :func:`~cardrules.records.check.check` reports such steps instead.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from cardrules.errors import CardRulesError, IllegalActionError, InvalidArgumentError
from cardrules.verdict import Verdict

__all__ = ["MAX_PROBLEMS_SHOWN", "IllegalStepError", "RecordError"]

MAX_PROBLEMS_SHOWN: Final = 10
"""How many problems the message of a :class:`RecordError` spells out (all are kept)."""


class RecordError(CardRulesError, ValueError):
    """A record that cannot be read or does not fit its game.

    The message is one line: the source (when known), then each problem as
    ``location: message``, separated by semicolons. A location names a field
    (``game``, ``options.scoring``, ``seats.p7``, ``deals[3]``,
    ``actions[37]``; indices count from 0, as in the file's arrays), or a
    place in the text (``line 12, column 3``). A problem with an action also
    says its step, and steps count from 0 too: ``actions[37]`` is step 37.

    Attributes:
        problems: every ``(location, message)`` found, in the order found.
        source: where the record came from (a file name), or ``None``.

    >>> from cardrules.records import RecordError
    >>> error = RecordError([("game", "no game called 'chess'")], source="x.toml")
    >>> str(error)
    "x.toml: game: no game called 'chess'"
    >>> error.problems
    (('game', "no game called 'chess'"),)
    """

    def __init__(self, problems: Sequence[tuple[str, str]], source: str | None = None) -> None:
        if not problems:
            raise InvalidArgumentError("a RecordError needs at least one problem")
        self.problems: tuple[tuple[str, str], ...] = tuple((str(loc), str(msg)) for loc, msg in problems)
        self.source = source
        super().__init__(self._message())

    def __reduce__(self) -> tuple[type[RecordError], tuple[tuple[tuple[str, str], ...], str | None]]:
        """Pickle as the problems and the source, so the error can come back from a worker process."""
        return (type(self), (self.problems, self.source))

    @property
    def locations(self) -> tuple[str, ...]:
        """The location of every problem, in order."""
        return tuple(location for location, _ in self.problems)

    def _message(self) -> str:
        shown = [
            _one_line(f"{loc}: {msg}" if loc else msg) for loc, msg in self.problems[:MAX_PROBLEMS_SHOWN]
        ]
        hidden = len(self.problems) - len(shown)
        if hidden:
            shown.append(f"and {hidden} more problem{'s' if hidden > 1 else ''}")
        body = "; ".join(shown)
        if len(self.problems) > 1:
            body = f"{len(self.problems)} problems: {body}"
        return f"{self.source}: {body}" if self.source else body


def _one_line(text: str) -> str:
    """The text with every line break turned into a space (messages stay one line)."""
    return " ".join(text.split("\n")).replace("\r", " ")


class IllegalStepError(IllegalActionError):
    """A step of a record whose action breaks a rule (raised by replay, not by check).

    Attributes:
        step: the step, counted from 0 (``record.actions[step]`` is its action).
        verdict: the :class:`~cardrules.verdict.Verdict` of the action, naming every rule it breaks.
    """

    def __init__(self, step: int, verdict: Verdict, action: str, state: str) -> None:
        super().__init__(verdict, action, state)
        self.step = step
        self.args = (f"step {step}: {self.args[0]}",)
