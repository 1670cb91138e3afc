"""The protocols every game satisfies, and the action base class.

The vocabulary follows the usual game-engine shape: a :class:`Game` holds the
validated options and makes initial states; a :class:`State` is an immutable
value that knows who is to act, which actions are legal, how to adjudicate an
action (:meth:`State.check`, which never raises) and how to apply one
(:meth:`State.apply`, which returns a new state or raises
:class:`~cardrules.errors.IllegalActionError`).

Seats are ints ``0..n-1``. :data:`TERMINAL` is the value of
:attr:`State.current_player` once the game is over.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Final, Protocol, runtime_checkable

from cardrules.cards import Card
from cardrules.rules import RuleBook
from cardrules.verdict import Verdict

__all__ = ["TERMINAL", "Action", "Game", "State"]

TERMINAL: Final[int] = -4
"""The :attr:`State.current_player` of a finished game (no seat acts)."""


@dataclass(frozen=True, slots=True)
class Action:
    """Base class of every game's actions: something a seat does.

    Each game's actions are frozen subclasses with one canonical text form,
    ``str(action)``, which starts with the actor (``"p2 play QS"``) and which
    :meth:`State.parse_action` reads back to an equal action.

    Attributes:
        seat: the seat taking the action.
    """

    seat: int


@runtime_checkable
class State(Protocol):
    """An immutable state of one game: everything needed to go on from here."""

    @property
    def current_player(self) -> int:
        """The seat to act, or :data:`TERMINAL` once the game is over."""
        ...

    @property
    def is_terminal(self) -> bool:
        """Whether the game is over (then :meth:`legal_actions` is empty)."""
        ...

    def legal_actions(self) -> tuple[Action, ...]:
        """Every legal action in canonical order; empty exactly when terminal."""
        ...

    def check(self, action: Action) -> Verdict:
        """Adjudicate ``action`` here without applying it. Never raises."""
        ...

    def apply(self, action: Action) -> State:
        """The state after ``action``; raises ``IllegalActionError`` if it is illegal."""
        ...

    def parse_action(self, text: str) -> Action:
        """Read an action from text (the actor may be left out: the player to act)."""
        ...

    def scores(self) -> tuple[int, ...]:
        """The current game score of every seat, in seat order."""
        ...

    def observation(self, seat: int) -> object:
        """What ``seat`` may know in this state, and nothing more."""
        ...

    @property
    def first_dealer(self) -> int:
        """The seat that dealt the first deal of the game."""
        ...

    def dealt_decks(self) -> tuple[tuple[Card, ...], ...]:
        """The deck order (top first) of every deal dealt so far, the current one last."""
        ...

    def compact(self) -> str:
        """A one-line text form of the whole state, for messages and logs."""
        ...


@runtime_checkable
class Game(Protocol):
    """A game with fixed, validated options: a factory of initial states."""

    @property
    def name(self) -> str:
        """The game's registry name (``"felagsvist"``)."""
        ...

    @property
    def num_players(self) -> int:
        """How many seats the game has under its options."""
        ...

    @property
    def rules(self) -> RuleBook:
        """The game's rule book (its own rules, then the common ones)."""
        ...

    def options_dict(self) -> Mapping[str, str | int]:
        """The options as plain values, every option present (defaults included)."""
        ...

    def new_game(self, seed: int) -> State:
        """The initial state, every chance outcome drawn from ``seed``."""
        ...

    def from_deal(
        self,
        deck_order: Sequence[Card | str],
        *,
        dealer: int | str | None = None,
        later_deals: Sequence[Sequence[Card | str]] = (),
        seed: int = 0,
    ) -> State:
        """The initial state for an explicit deck order (top card first).

        ``later_deals`` gives the deck orders of the following deals; any deal
        beyond them is shuffled from ``seed``. ``dealer`` deals the first deal.
        """
        ...
