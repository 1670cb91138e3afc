"""The State code every game shares: the door every action passes, and the wiring of the views.

The state's counterpart of :class:`~cardrules.base.GameBase`. A game's state
is a frozen, slotted dataclass (``eq=False, repr=False``) that inherits
:class:`StateBase` and sets, as class variables:

- ``INFO``, the game's :class:`~cardrules.game.GameInfo`: what game the state
  belongs to, by name and by title (messages name the game by it);
- ``ACTIONS``, its :class:`ActionTable`: for each kind of action, the phase
  module's judge and transition side by side (PokerKit's ``verify_*`` and the
  move itself), and optionally a fast path (:class:`Step`);
- its readers, as static methods: ``_read_action(text, default_seat)``,
  ``_malformed(action)``, ``_observe(state, seat)`` and ``_cards_of(mask)`` (how a
  hand prints).

The state then has from here, written once: :meth:`~StateBase.check`,
:meth:`~StateBase.attempt` and :meth:`~StateBase.apply`, which all pass the same
door (the game over, text read into an action, an action that is no action of
the game, then the judge of the action's kind), ``hand``, ``observation``,
``parse_action``, ``position``, ``ending``, the picture, ``repr`` and
``is_terminal``. A game writes only its fields and views, its legal set, its
outcome and why a finished game is over (:meth:`~StateBase.end_reason`).

``position``, ``ending`` and the picture are the game's modules of those names
(``position.write_position``, ``ending.ending`` and ``picture.draw_state``, the
same file set in every game), found through the game table
(:data:`~cardrules.games.GAMES`) by the game's name, when they are first
asked for: they read and build states themselves, so the state module cannot
import them.
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Callable
from dataclasses import dataclass, field
from types import ModuleType
from typing import TYPE_CHECKING, Any, ClassVar, Generic, NoReturn, Protocol, Self, TypeVar, cast

from cardrules.base import check_seat
from cardrules.errors import IllegalActionError, NotSolvableError
from cardrules.frozen import fast_constructor, pretty_as_repr
from cardrules.game import TERMINAL, Action, AnyState, GameInfo
from cardrules.games import GAMES
from cardrules.judging import action_text, as_played, game_over, read_text, unknown_action
from cardrules.position import PositionEquality
from cardrules.rules import RuleId
from cardrules.svg import SvgPicture
from cardrules.verdict import Verdict

if TYPE_CHECKING:
    from collections.abc import Sequence

    from cardrules.svg.marks import Marks

__all__ = ["ActionTable", "Maker", "StateBase", "Step", "action_table", "step", "with_maker"]

S = TypeVar("S", bound="StateBase[Any, Any, Any, Any]")
A = TypeVar("A", bound=Action)
R = TypeVar("R")
ObsT = TypeVar("ObsT")
HandT = TypeVar("HandT")
EndT = TypeVar("EndT")
ActT = TypeVar("ActT", bound=Action)
T_co = TypeVar("T_co", covariant=True)


class Maker(Protocol[T_co]):
    """How a phase module builds the next state: ``state.make(*fields)``, the class's fast constructor.

    A game's state class declares ``make: ClassVar[Maker[TheState]]`` and sets
    it, below the class, with :func:`with_maker` (the class's
    :func:`~cardrules.frozen.fast_constructor`: every field, in field order,
    already valid). The phase modules build states through the state they are
    given, so they need not import the state module, which imports them.
    """

    def __call__(self, *fields: object) -> T_co:
        """A state from all its fields, in field order."""
        ...


@dataclass(frozen=True, slots=True)
class Step(Generic[S]):
    """One kind of action: its judge, its transition, and what may be carried out as played.

    Build one with :func:`step`, which keeps the parts typed together.

    Attributes:
        judge: ``judge(state, action)``, the verdict on an action of this kind
            that passed the door, with what judging resolved (the card id
            played, the melds' cards; ``None`` where nothing is), so that the
            transition never judges again.
        take: ``take(state, action, resolved)``, the state after the action,
            from what its legal verdict resolved; given ``None``, it works that
            out itself (an action carried out as played, see ``lenient``).
        lenient: the rules an action of this kind may break and still be
            carried out as it was made (``attempt(..., lenient=True)``).
        fast: ``fast(state, action)``, optional: the state after the action
            when it is a legal one the fast path recognises at once (a shared
            action value, a card the legal set holds), else ``None``; ``apply``
            tries it before the door.
    """

    judge: Callable[[S, Any], tuple[Verdict, Any]]
    take: Callable[[S, Any, Any], S]
    lenient: frozenset[RuleId] = frozenset()
    fast: Callable[[S, Any], S | None] | None = field(default=None)


def step(
    kind: type[A],
    judge: Callable[[S, A], tuple[Verdict, R]],
    take: Callable[[S, A, R | None], S],
    *,
    lenient: frozenset[RuleId] = frozenset(),
    fast: Callable[[S, Any], S | None] | None = None,
) -> tuple[type[Action], Step[S]]:
    """One row of an :class:`ActionTable`: actions of ``kind`` with their judge, transition and fast path."""
    return kind, Step(judge, take, lenient, fast)


class ActionTable(dict[type[object], Step[S]]):
    """A game's kinds of action, each with its :class:`Step`: a read-only dict, built by :func:`action_table`.

    A dict (its ``get`` is the door's one lookup per action, at C speed) that
    refuses every change after it is built.
    """

    __slots__ = ()

    def _refuse(self, *args: object, **kwargs: object) -> NoReturn:
        """Refused: an action table is read-only."""
        raise TypeError("an action table is read-only")

    __setitem__ = __delitem__ = clear = pop = popitem = setdefault = update = __ior__ = _refuse

    def __reduce__(self) -> tuple[type[ActionTable[S]], tuple[tuple[tuple[type[object], Step[S]], ...]]]:
        return type(self), (tuple(self.items()),)

    def __copy__(self) -> Self:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> Self:
        return self


def action_table(*rows: tuple[type[Action], Step[S]]) -> ActionTable[S]:
    """The read-only table of ``rows`` (each made by :func:`step`)."""
    return ActionTable(rows)


def with_maker(cls: type[S]) -> Callable[..., S]:
    """Give the state class ``cls`` its :class:`Maker` (``cls.make``), its fast constructor, and return it.

    A game's state module calls it once, below the class, and keeps the result
    with its fields typed (``make_state: Final[Callable[[...], TheState]] = with_maker(TheState)``).
    """
    build = fast_constructor(cls)
    cls.make = staticmethod(build)
    return build


class StateBase(SvgPicture, PositionEquality, Generic[ObsT, HandT, EndT, ActT]):
    """The shared part of every game's state (see the module's docstring).

    Its type parameters are the game's observation (what :meth:`observation`
    gives), printable hand (:meth:`hand`), solver ending (:meth:`ending`;
    ``NoReturn`` for a game the solver does not take) and the actions its text
    reader gives (:meth:`parse_action`).
    """

    __slots__ = ()

    INFO: ClassVar[GameInfo]
    ACTIONS: ClassVar[ActionTable[Any]]
    make: ClassVar[Maker[Any]]

    if TYPE_CHECKING:
        current_player: int
        hands: Sequence[int]

    # -- what each game supplies ------------------------------------------------

    @staticmethod
    def _read_action(text: str, default_seat: int | None, /) -> ActT:
        """The action ``text`` names (with no actor, ``default_seat`` acts): the game's reader."""
        raise NotImplementedError

    @staticmethod
    def _canonical_action(text: str, /) -> ActT | None:
        """The action whose canonical text is exactly ``text``, from a table the game keeps; else ``None``.

        A game whose reader looks its canonical texts up in a table overrides this with that table's
        lookup; ``None`` leaves the text to :meth:`read_canonical`'s reading.
        """
        return None

    @staticmethod
    def _malformed(action: Action, /) -> str | None:
        """Why ``action`` is no action of the game (common.action.known), or ``None``: the door's check."""
        raise NotImplementedError

    @staticmethod
    def _observe(state: Any, seat: int, /) -> ObsT:
        """What ``seat`` may know in ``state``: the game's ``observation`` module."""
        raise NotImplementedError

    @staticmethod
    def _cards_of(mask: int, /) -> HandT:
        """A hand's mask as the cards (or ranks) that print."""
        raise NotImplementedError

    def compact(self) -> str:
        """A one-line form of the whole state, enough to reproduce a failure."""
        raise NotImplementedError

    def end_reason(self) -> str:
        """Why the game is over, as a clause (``deal 12 was the last``); what common.game.over says."""
        raise NotImplementedError

    @property
    def phase_name(self) -> str:
        """The phase the game is in, one of its :attr:`~cardrules.game.GameInfo.phases`."""
        raise NotImplementedError

    # -- the door ---------------------------------------------------------------

    def check(self, action: Action | str) -> Verdict:
        """Adjudicate ``action`` here, naming every rule it breaks. Never raises.

        The door: a finished game refuses every action (common.game.over); text
        is read in this state's context; an action that is not one of the
        game's, or has parts of the wrong types, is refused under
        common.action.known; any other goes to the judge of its kind.
        """
        # The common case first, the door's questions in one line: an action of a kind in the table (so
        # not text), in a game not over, well formed. Anything else asks them one by one, in order.
        found = self.ACTIONS.get(type(action))
        if found is not None and self.current_player != TERMINAL and self._malformed(action) is None:  # type: ignore[arg-type]
            return found.judge(self, action)[0]
        return self._check_at_door(action)

    def _check_at_door(self, action: Action | str) -> Verdict:
        """:meth:`check`, asking the door's questions one by one, in order."""
        if self.current_player == TERMINAL:
            return game_over(self.end_reason())
        if isinstance(action, str):
            read = read_text(cast("AnyState", self), action)
            return read if isinstance(read, Verdict) else self.check(read)
        return self.judge(action)[0]

    def judge(self, action: Action) -> tuple[Verdict, object]:
        """The verdict :meth:`check` gives ``action`` (an action, not text), with what judging resolved."""
        if self.current_player == TERMINAL:
            return game_over(self.end_reason()), None
        why = self._malformed(action)
        if why is not None:
            return unknown_action(why), None
        found = self.ACTIONS.get(type(action))
        return (found or self._step(action)).judge(self, action)

    def _step(self, action: Action) -> Step[Any]:
        """The table's row for ``action``, a well-formed action of a subclass of one of its kinds."""
        for kind in type(action).__mro__:
            found = self.ACTIONS.get(kind)
            if found is not None:
                return found
        raise AssertionError(f"{type(action).__name__} passed the door but has no row in the action table")

    def attempt(self, action: Action | str, *, lenient: bool = False) -> tuple[Verdict, Self | None]:
        """Judge ``action`` once and, when it is legal, apply it: the verdict and the next state or ``None``.

        With ``lenient``, an action that breaks only the rules its kind may
        break and still be carried out (:attr:`~cardrules.state_base.Step.lenient`: a revoke, say)
        is carried out as it was made: its verdict stays illegal, and the next
        state is the one after it.
        """
        if isinstance(action, str):
            read = read_text(cast("AnyState", self), action)
            if isinstance(read, Verdict):
                return read, None
            action = read
        verdict, resolved = self.judge(action)
        if verdict.legal:
            after: Self = (self.ACTIONS.get(type(action)) or self._step(action)).take(self, action, resolved)
            return verdict, after
        if lenient and self.current_player != TERMINAL and self._malformed(action) is None:
            row = self._step(action)  # an action of the game, judged illegal by its own rules
            if as_played(verdict, row.lenient):
                played: Self = row.take(self, action, None)
                return verdict, played
        return verdict, None

    def apply_known(self, action: Action) -> Self | None:
        """The state after ``action`` when its kind's fast path knows at once that it is legal, else ``None``.

        What :meth:`apply` tries first (:attr:`~cardrules.state_base.Step.fast`): ``None`` says nothing
        about the action, which :meth:`attempt` then judges. A record's check takes its sound steps this
        way, without wording a verdict it does not read.
        """
        found = self.ACTIONS.get(type(action))
        if found is not None and found.fast is not None:
            known: Self | None = found.fast(self, action)
            return known
        return None

    def apply(self, action: Action | str) -> Self:
        """The state after ``action``.

        A legal action that its kind's fast path recognises (:attr:`~cardrules.state_base.Step.fast`)
        is carried out at once; any other is judged once, at the door.

        Raises:
            IllegalActionError: the action is illegal here; its verdict names the rules.
        """
        found = self.ACTIONS.get(type(action))
        if found is not None and found.fast is not None:
            fast: Self | None = found.fast(self, action)
            if fast is not None:
                return fast
        if isinstance(action, str):
            read = read_text(cast("AnyState", self), action)
            if isinstance(read, Verdict):
                raise IllegalActionError(read, action, self.compact())
            action = read
        verdict, resolved = self.judge(action)
        if not verdict.legal:
            raise IllegalActionError(verdict, action_text(action), self.compact())
        after: Self = (found or self._step(action)).take(self, action, resolved)
        return after

    # -- the views every game wires alike -----------------------------------------

    @property
    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self.current_player == TERMINAL

    def parse_action(self, text: str) -> ActT:
        """Read an action from text; with no actor, the actor is the player to act.

        Raises:
            InvalidNotationError: the text is not an action of the game.
        """
        return self._read_action(text, None if self.current_player == TERMINAL else self.current_player)

    def read_canonical(self, text: str) -> ActT | None:
        """The action :meth:`parse_action` reads from ``text`` when ``text`` is that action's canonical text
        (what ``str`` gives it), else ``None``: a record's usual action, read without writing its text again.
        """
        known = self._canonical_action(text)
        if known is not None:
            return known
        try:
            action = self.parse_action(text)
        except ValueError:  # no action here: the caller reads the text its careful way
            return None
        return action if str(action) == text else None

    def seat(self, seat: object) -> int:
        """``seat`` when it is one of this game's seats.

        Raises:
            InvalidArgumentError: it is not (the message names the game by its title).
        """
        info = self.INFO
        title = info.title if info.players is not None else f"This {info.title} game"
        return check_seat(seat, len(self.hands), title)

    def hand(self, seat: int) -> HandT:
        """``seat``'s hand as cards (or ranks) that print; ``hands`` keeps the masks.

        Raises:
            InvalidArgumentError: ``seat`` is not a seat of the game.
        """
        return self._cards_of(self.hands[self.seat(seat)])

    def observation(self, seat: int) -> ObsT:
        """What ``seat`` may know here, and nothing more (the game's ``observation`` module).

        Raises:
            InvalidArgumentError: ``seat`` is not a seat of the game.
        """
        return self._observe(self, self.seat(seat))

    def _part(self, name: str) -> ModuleType:
        """The game's module ``name`` (``position``, ``picture``, ``ending``), through the game table."""
        return importlib.import_module(f"{GAMES[self.INFO.name][0]}.{name}")

    def position(self, *, future: bool = True) -> str:
        """The position as one line of text, canonical; ``game.from_position`` reads it back.

        Written by the game's ``position`` module (its ``write_position``). With
        ``future=False``, the short form: the seed and the later deals' deck
        orders are left out (see :mod:`cardrules.position`).
        """
        return cast("str", self._part("position").write_position(self, future=future))

    def _svg_table(self, marks: Marks) -> str:
        """The table as an adjudicator sees it, for :func:`cardrules.svg.table`, ``svg()`` and notebooks."""
        return cast("str", self._part("picture").draw_state(self, marks))

    def ending(self, by: int | str) -> EndT:
        """The rest of the play as a solver ending, counted for the side of the seat ``by`` names.

        Built by the game's ``ending`` module (its ``ending``).

        Raises:
            NotSolvableError: the game has no trick play the solver models
                (the message names the game by its title), or the state is not in it.
        """
        name = f"{GAMES[self.INFO.name][0]}.ending"
        if importlib.util.find_spec(name) is None:
            raise NotSolvableError(
                self.INFO.title, self.phase_name, "the game has no trick-taking play for the solver to search"
            )
        return cast("EndT", importlib.import_module(name).ending(self, by))

    _repr_pretty_ = pretty_as_repr  # printed by its one-line repr, not field by field

    def __repr__(self) -> str:
        return f"{type(self).__name__}{self.compact()}"
