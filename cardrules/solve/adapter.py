"""The engine adapter: how a game's play phase reaches the solver, and how a claimer is read.

A game that can be solved gives its states a method ``ending(by)`` returning a
:class:`TableEnding`: an :class:`~cardrules.solve.endings.Ending` that also maps
its moves to and from the engine's actions and says what a claim of so many
tricks or points means for its value. The core finds that method on the
state (:func:`ending_of`) and never imports a game; a state of a game without
such an ending says so itself, naming its game
(:meth:`cardrules.state_base.StateBase.ending`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Protocol, runtime_checkable

from cardrules.errors import InvalidArgumentError, NotSolvableError
from cardrules.game import Action, AnyState, GameInfo
from cardrules.notation import parse_seat
from cardrules.solve.endings import Ending
from cardrules.text import echo

__all__ = ["Recountable", "Solvable", "TableEnding", "claimed_amount", "ending_of", "read_claimer"]


class TableEnding(Ending, Protocol):
    """An :class:`~cardrules.solve.endings.Ending` built from an engine state, tied back to the engine.

    Its counted side is the claimer's (the seat ``by`` names, with its
    partner where the game has partnerships, or the bidder's side against the
    two others).
    """

    @property
    def unit(self) -> str:
        """What a claim counts: ``"tricks"`` or ``"points"``."""
        ...

    @property
    def counted(self) -> tuple[int, ...]:
        """The seats of the counted side, in seat order."""
        ...

    def most(self) -> int:
        """The final value the counted side would end with if it took everything still to play for.

        A claim with a larger :meth:`needed` value than this is lost outright.
        """
        ...

    def play(self, move: int) -> TableEnding:
        """The ending after ``move``, a legal move."""
        ...

    def action(self, move: int) -> Action:
        """The engine's action for ``move``, a legal move here."""
        ...

    def move(self, action: Action) -> int:
        """The move for ``action``, a legal action of the engine state this ending models."""
        ...

    def needed(self, amount: int) -> int:
        """The least final value that makes a claim of ``amount`` (tricks or points from here) hold.

        Raises:
            InvalidArgumentError: an amount the ending cannot be claimed in (out of range).
        """
        ...

    def in_units(self, value: int) -> int:
        """A final value as the claim's unit reads it (the inverse of :meth:`needed`)."""
        ...


@runtime_checkable
class Recountable(Protocol):
    """A :class:`TableEnding` that can count in other units too (Calabresella: thirds, or the hand's score).

    :func:`ending_of` asks for another unit through it; an ending that is not
    one counts only in its :attr:`~TableEnding.unit`.
    """

    @property
    def units(self) -> tuple[str, ...]:
        """Every unit the ending can count in, its own :attr:`~TableEnding.unit` among them."""
        ...

    def counted_in(self, unit: str) -> TableEnding:
        """The same position counted in ``unit``, one of :attr:`units`."""
        ...


@runtime_checkable
class Solvable(Protocol):
    """A state that can give the solver an ending."""

    def ending(self, by: int | str) -> TableEnding:
        """This state's play phase as an ending counted for the seat ``by`` names (and its side)."""
        ...


def ending_of(state: AnyState, by: int | str, unit: str | None = None) -> TableEnding:
    """The ending of ``state`` counted for the claimer ``by``, through the state's own ``ending`` method.

    ``unit`` asks for a unit other than the game's own claim unit (``"score"``
    in Calabresella, through :class:`Recountable`); ``None`` takes the game's own.

    Raises:
        NotSolvableError: the game has no trick play the solver models (Backstab Fish),
            or the state is not in it.
        InvalidArgumentError: the game's endings do not count in ``unit``.
    """
    if not isinstance(state, Solvable):  # a game's state says so itself: this is a state from elsewhere
        info = getattr(state, "INFO", None)
        game = info.title if isinstance(info, GameInfo) else type(state).__name__
        raise NotSolvableError(
            game, state.phase_name, "the game has no trick-taking play for the solver to search"
        )
    root = state.ending(by)
    if unit is None or unit == root.unit:
        return root
    units = root.units if isinstance(root, Recountable) else (root.unit,)
    if unit not in units:
        raise InvalidArgumentError(f"a claim here counts {' or '.join(units)}, not {str(unit)[:40]}")
    assert isinstance(root, Recountable)
    return root.counted_in(unit)


def read_claimer(
    by: object, seats: int, names: Sequence[str] = (), sides: Mapping[str, int] | None = None
) -> int:
    """The seat a claimer names: a seat number, ``p<n>``, one of the seat ``names``, or one of the ``sides``.

    ``sides`` maps a side's name (``"NS"``) to one of its seats.

    Raises:
        InvalidArgumentError: ``by`` is no seat of the game.
    """
    if isinstance(by, bool) or not isinstance(by, int | str):
        raise InvalidArgumentError(f"a claimer is a seat number or name, not {type(by).__name__}")
    if isinstance(by, str):
        text = by.strip()
        for name, seat in (sides or {}).items():
            if text.upper() == name.upper():
                return seat
        try:
            by = parse_seat(text, names)
        except ValueError:
            known = ", ".join([*(f"p{s}" for s in range(seats)), *names, *(sides or {})])
            raise InvalidArgumentError(f"{echo(text)} is not a claimer here: name one of {known}") from None
    if not 0 <= by < seats:
        raise InvalidArgumentError(f"seat {by} is not a seat of this game, which has seats 0 to {seats - 1}")
    return by


def claimed_amount(amount: object, most: int, refusal: str, *, least: int = 0) -> int:
    """``amount`` as a claim of ``least`` (0 unless told) to ``most`` (tricks, points, thirds or a score).

    Raises:
        InvalidArgumentError: anything else; the message is ``refusal``, then ``not`` and the amount.
    """
    if isinstance(amount, bool) or not isinstance(amount, int) or not least <= amount <= most:
        raise InvalidArgumentError(f"{refusal}, not {amount!r}")
    return amount
