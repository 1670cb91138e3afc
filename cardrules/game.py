"""The contract every game keeps: actions, the State, Game and factory protocols, metadata, outcomes.

The vocabulary follows the usual game-engine shape: a :class:`Game` holds the
validated options and makes initial states; a :class:`State` is an immutable
value that knows who is to act, which actions are legal, how to adjudicate an
action (:meth:`State.check`, which never raises) and how to apply one
(:meth:`State.apply`, which returns a new state or raises
:class:`~cardrules.errors.IllegalActionError`). A :class:`GameFactory` (a
game's class) builds the game from options given by name.

What a game is, as data (its name, title, seats, pack, options type and the
values tests try for each option), is its :class:`GameInfo`; how a finished
game ended is one :class:`Outcome` in every game.

Seats are ints ``0..n-1``. :data:`TERMINAL` is the value of
:attr:`State.current_player` once the game is over.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING, Final, Protocol, TypeAlias, TypeVar, runtime_checkable

from cardrules.cards import Card
from cardrules.options import OptionsDataclass, field_types
from cardrules.rules import RuleBook, RuleId
from cardrules.verdict import Verdict

if TYPE_CHECKING:  # the agents module imports this one
    from cardrules.agents import Encoding

__all__ = [
    "TERMINAL",
    "Action",
    "AnyGame",
    "AnyState",
    "Game",
    "GameFactory",
    "GameInfo",
    "Outcome",
    "State",
]

TERMINAL: Final[int] = -4
"""The :attr:`State.current_player` of a finished game (no seat acts)."""

ObsT_co = TypeVar("ObsT_co", covariant=True)
StateT_co = TypeVar("StateT_co", bound="State[object]", covariant=True)


@dataclass(frozen=True, slots=True)
class Action:
    """Base class of every game's actions: something a seat does.

    Each game's actions are frozen subclasses with one canonical text form,
    ``str(action)``, which starts with the actor (``"p2 play QS"``) and which
    :meth:`State.parse_action` reads back to an equal action.

    Equality is strict about the kind of each field: two actions are equal
    when they are of the same class and their fields are equal and of the
    same kind, where a ``bool`` or a ``float`` is never the same kind as an
    ``int`` (an int and a member of an ``IntEnum`` are; so are a tuple and a
    tuple subclass). So an action built
    with ``seat=True``, ``seat=1.0`` or a rank of ``False`` equals no legal
    action, just as :meth:`State.check` finds it malformed; the hash is the
    dataclass's, which equal actions share.

    Attributes:
        seat: the seat taking the action.
    """

    seat: int

    def __init_subclass__(cls) -> None:
        # no super() call: a slots dataclass is a new class, which a zero-argument super() does not see;
        # object.__init_subclass__ does nothing
        if "__eq__" not in cls.__dict__:  # the dataclass decorator keeps an __eq__ already there
            cls.__eq__ = _strict_equal  # type: ignore[method-assign,assignment]


def _same_kind(mine: object, theirs: object) -> bool:
    """Whether two field values are of one kind: neither or both ints, and neither or both bools.

    An ``IntEnum`` member is an int here, and a tuple and a tuple subclass are of one kind.
    """
    if type(mine) is type(theirs):
        return True
    return isinstance(mine, bool) == isinstance(theirs, bool) and isinstance(mine, int) == isinstance(
        theirs, int
    )


def _strict_equal(self: Action, other: object) -> bool:
    """``self == other`` for actions (see :class:`Action`): same class, fields equal and of one kind."""
    if self is other:
        return True
    if other.__class__ is not self.__class__:
        return NotImplemented  # type: ignore[no-any-return]
    for name in self.__match_args__:
        mine, theirs = getattr(self, name), getattr(other, name)
        if not (mine == theirs and _same_kind(mine, theirs)):
            return False
    return True


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a finished game ended, in the same shape for every game.

    Attributes:
        winners: the seats that won, in seat order: one seat, both partners of
            a side, every seat tied for first place, or none at all (nobody
            wins an abandoned hand or a drawn partnership game).
        scores: every seat's final score, as :meth:`State.scores` gives it.
        rule: the rule that ended the game (``felagsvist.game.twelve-deals``).
        reason: why it ended, in a few words (``deal 12 was the last``).
        side: in a partnership game, the winning side (``0`` for N-S in
            Félagsvist); ``None`` for a draw or in a game without sides.
        tie: whether the best result is shared by rivals (two sides level, or
            several seats level on the top score).

    >>> Outcome((0, 2), (80, 76, 80, 76), RuleId("felagsvist.game.twelve-deals"), "deal 12 was the last", 0)
    Outcome(winners=(0, 2), scores=(80, 76, 80, 76), rule='felagsvist.game.twelve-deals', \
reason='deal 12 was the last', side=0, tie=False)
    """

    winners: tuple[int, ...]
    scores: tuple[int, ...]
    rule: RuleId
    reason: str
    side: int | None = None
    tie: bool = False


@dataclass(frozen=True, slots=True)
class GameInfo:
    """What a game is, as data: fixed for the game whatever its options.

    Attributes:
        name: the name the game is looked up by (``"felagsvist"``).
        title: the name a player reads (``"Félagsvist"``).
        rules: its rule book (its own rules, then the common ones).
        options_type: the frozen dataclass of its options.
        players: how many seats it has, or ``None`` where an option decides.
        seat_names: names a reader accepts for the seats besides ``p0``..
            (``("N", "E", "S", "W")``), in seat order; empty if none.
        pack: the cards of one deal in a fixed order (a multiset where the
            pack is doubled), or ``()`` where an option decides.
        pack_name: how messages name the pack (``"52-card pack"``).
        max_deals: how many deck orders one game may be given (``None``: no limit).
        dealer_stream: the name of the seeded draw of the first dealer.
        phases: the names of the phases a state can be in, in the order play
            meets them, ``"over"`` last (what :attr:`State.phase_name` says;
            the testing toolkit draws positions per phase).
        sample_values: for whole-number options, the values tests try (every
            value of an enum or bool option is tried anyway).
        option_types: the type of each field of :attr:`options_type`, by
            name (:func:`cardrules.options.field_types`), worked out once.
    """

    name: str
    title: str
    rules: RuleBook
    options_type: type[OptionsDataclass]
    players: int | None
    seat_names: tuple[str, ...] = ()
    pack: tuple[Card, ...] = ()
    pack_name: str = ""
    max_deals: int | None = None
    dealer_stream: str = "first-dealer"
    sample_values: Mapping[str, tuple[object, ...]] = field(default_factory=dict)
    phases: tuple[str, ...] = ("play", "over")
    option_types: Mapping[str, object] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        # Kept read-only whatever mapping was given: GameInfo values are module-level tables.
        object.__setattr__(self, "sample_values", MappingProxyType(dict(self.sample_values)))
        object.__setattr__(self, "option_types", field_types(self.options_type))


@runtime_checkable
class State(Protocol[ObsT_co]):
    """An immutable state of one game: everything needed to go on from here.

    ``ObsT_co`` is the game's observation type, what :meth:`observation` returns.
    Two states are equal, and hash alike, exactly when they write the same
    :meth:`position` (:class:`~cardrules.position.PositionEquality`).
    """

    @property
    def current_player(self) -> int:
        """The seat to act, or :data:`TERMINAL` once the game is over."""
        ...

    @property
    def is_terminal(self) -> bool:
        """Whether the game is over (then :meth:`legal_actions` is empty)."""
        ...

    @property
    def phase_name(self) -> str:
        """The phase the game is in, one of its :attr:`GameInfo.phases` (``"over"`` once it is over)."""
        ...

    def legal_actions(self) -> Sequence[Action]:
        """Every legal action in canonical order, as an immutable sequence; empty exactly when terminal.

        The sequence is a tuple, except where a game says otherwise: Calabresella's
        lay-away, whose up to 1820 actions are built one at a time as they are asked for.
        """
        ...

    def check(self, action: Action | str) -> Verdict:
        """Adjudicate ``action`` here without applying it. Never raises.

        ``action`` may be text, read in this state's context; text that is no
        action of the game gets a refusal naming ``common.action.known``.
        """
        ...

    def apply(self, action: Action | str) -> State[ObsT_co]:
        """The state after ``action`` (an action, or text read here); ``IllegalActionError`` if illegal.

        ``apply`` accepts exactly what :meth:`check` finds legal.
        """
        ...

    def attempt(
        self, action: Action | str, *, lenient: bool = False
    ) -> tuple[Verdict, State[ObsT_co] | None]:
        """Judge ``action`` once and, when it is legal, apply it: the verdict and the next state.

        The next state is ``None`` for an illegal action. Equal to
        ``(check(action), apply(action))`` but judging only once, which is what
        replaying a record wants. Never raises.

        With ``lenient``, an illegal action that the engine can still carry out
        as it was made, because it breaks only a rule about which of the actor's
        own cards may be played (a revoke: a card held, played in turn, that
        fails to follow suit), is carried out: the verdict stays illegal and the
        next state is the one after the action as played. An action that breaks
        a rule the transition needs (a card not held, a play out of turn, an
        action after the end) still gives ``None``, and so does every illegal
        action of a game or phase that has no such rule. ``check --lenient``
        replays records this way.
        """
        ...

    def parse_action(self, text: str) -> Action:
        """Read an action from text (the actor may be left out: the player to act)."""
        ...

    def scores(self) -> tuple[int, ...]:
        """The current game score of every seat, in seat order."""
        ...

    def outcome(self) -> Outcome | None:
        """``None`` until the game is over; then who won, the final scores and why it ended."""
        ...

    def observation(self, seat: int) -> ObsT_co:
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

    def position(self, *, future: bool = True) -> str:
        """The position as canonical text, which ``Game.from_position`` reads back.

        With ``future=False``, the short form: the seed and the later deals' deck
        orders are left out, which no step of the current deal depends on
        (see :mod:`cardrules.position`).
        """
        ...


@runtime_checkable
class Game(Protocol[StateT_co]):
    """A game with fixed, validated options: a factory of initial states of type ``StateT_co``."""

    @property
    def info(self) -> GameInfo:
        """What the game is, as data."""
        ...

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

    @property
    def jokers(self) -> bool:
        """Whether the game's pack holds jokers under its options (record readers ask this)."""
        ...

    def pack(self) -> tuple[Card, ...]:
        """The cards of one deal under the game's options, in a fixed order."""
        ...

    def options_dict(self) -> Mapping[str, str | int]:
        """The options as plain values, every option present (defaults included)."""
        ...

    def read_deck(self, deck_order: Sequence[Card | str], deal_number: int = 1) -> tuple[Card, ...]:
        """One deck order as cards, when it is a permutation of the pack (common.deal.permutation).

        The check :meth:`from_deal` makes of each deck order, without starting a game.
        """
        ...

    def new_game(self, seed: int | None = None) -> StateT_co:
        """The initial state, every chance outcome drawn from ``seed``.

        Without a seed the game draws one from the operating system (never from
        the global ``random`` generator) and keeps it in the state, as it keeps
        a given one: the position text writes it, so the game can be replayed.
        """
        ...

    def from_deal(
        self,
        deck_order: Sequence[Card | str],
        *,
        dealer: int | str | None = None,
        later_deals: Sequence[Sequence[Card | str]] = (),
        seed: int = 0,
    ) -> StateT_co:
        """The initial state for an explicit deck order (top card first).

        ``later_deals`` gives the deck orders of the following deals; any deal
        beyond them is shuffled from ``seed``. ``dealer`` deals the first deal.
        """
        ...

    def encoding(self) -> Encoding:
        """The game's integer interface for agents under its options (see :mod:`cardrules.agents`)."""
        ...

    def from_position(self, text: str, *, seed: int = 0) -> StateT_co:
        """The state a position text describes (see :mod:`cardrules.position`).

        The position's options apply; an option it leaves out keeps this game's value.
        Likewise its seed: a short position, which leaves its future out, has its
        later deals shuffled from ``seed`` (written in the state's full position).

        Raises:
            InvalidPositionError: the text is malformed or the position cannot
                arise; the error lists every problem, each with its section
                and the rule it breaks.
        """
        ...


class GameFactory(Protocol):
    """A game's class: what the game table loads, and builds games from options given by name."""

    def with_options(self, given: Mapping[str, object]) -> Game[State[object]]:
        """The game with ``given`` options (the rest take their defaults).

        Raises:
            InvalidOptionError: an option the game does not have, or a value it does not take.
        """
        ...


AnyState: TypeAlias = State[object]
"""A state of any game (its observation type left open)."""

AnyGame: TypeAlias = Game[AnyState]
"""Any game, whatever its state type."""
