"""Every game as agents see it: integer actions, observation vectors, chance as a deal, returns.

Frameworks for game-playing agents (OpenSpiel, PettingZoo) want a fixed set of
integer actions, a mask of the legal ones, a vector per observation and a
number per player at the end. This module gives those for every game, from
the public API only (``legal_actions``, ``apply``, ``observation``,
``outcome``, ``position``) and from each game's :class:`Encoding`; the adapters
:mod:`cardrules.openspiel` and :mod:`cardrules.pettingzoo` are thin layers over
it, and it imports neither framework.

**Decisions.** A game's :class:`Encoding` gives each action a short tuple of
*decisions*, small ints below :attr:`Encoding.size`. Most actions are one
decision (Félagsvist's ``play QS``); a compound one is a few decisions by the
same player in a row (a Calabresella lay-away is its four cards, lowest first).
An :class:`Episode` walks the choice: :meth:`Episode.choices` lists the
decisions that can follow those already taken, and the action is applied when
its last decision is taken. Within one state the encoded tuples are
prefix-free, so a decision sequence names exactly one legal action.

**Chance.** :meth:`Episode.deal` starts a game before its first deal: each
chance outcome puts the next card on the deck (top first), drawn uniformly
from the cards not yet placed, so every deck order of the pack is reachable
with its true probability. When the deck is complete the game starts from it
with :meth:`~cardrules.game.Game.from_deal`; what the engine draws for itself
later (a first dealer that the options leave open, the deck orders of later
deals) comes from a seed derived from that first deck order
(:func:`deal_seed`), so a game is a function of its chance outcomes.
:meth:`Episode.start` starts from ``new_game(seed)`` instead, for frameworks
that seed a game rather than enumerate its chance.

**Returns.** :func:`win_loss`: at the end of the game each seat scores +1 if
it is among the winners, -1 if not, and 0 when nobody wins or the best
result is shared (partners share their side's result).

>>> import cardrules
>>> game = cardrules.get_game("felagsvist")
>>> episode = Episode.start(game, seed=1)
>>> episode.current_player, len(episode.choices())
(3, 13)
>>> episode.decision_text(episode.choices()[0])
'p3 play 7C'
>>> episode = episode.choose(episode.choices()[0])
>>> episode.current_player
0
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Final, Protocol, runtime_checkable

from cardrules.cards import Card
from cardrules.errors import CardRulesError, IllegalActionError, InvalidArgumentError
from cardrules.features import card_slots, distinct_cards
from cardrules.game import TERMINAL, Action, AnyGame, AnyState, Outcome
from cardrules.notation import format_seat
from cardrules.verdict import Verdict

__all__ = [
    "CHANCE",
    "TERMINAL",
    "Encoding",
    "Episode",
    "Shuffle",
    "branches",
    "deal_seed",
    "win_loss",
]

CHANCE: Final[int] = -1
"""The :attr:`Episode.current_player` while chance deals the first deck (as OpenSpiel's chance player)."""


@runtime_checkable
class Encoding(Protocol):
    """A game's integer interface under one set of options (``game.encoding()``).

    Each game documents its decisions in its ``encoding`` module.
    """

    @property
    def size(self) -> int:
        """How many distinct decisions there are: every decision is an int in ``range(size)``."""
        ...

    def decision_name(self, decision: int) -> str:
        """The text of one decision, without the actor (``play QS``, ``discard 4C``, ``done``)."""
        ...

    def encode(self, action: Action) -> tuple[int, ...]:
        """The decisions that make ``action``, in the order they are taken (at least one)."""
        ...

    def branches(self, actions: Sequence[Action], chosen: tuple[int, ...]) -> Mapping[int, Action | None]:
        """The decisions open after ``chosen``, in increasing order, each with the action it completes.

        ``actions`` is a state's legal set; a decision that does not complete an
        action maps to ``None``. :func:`branches` does it for any encoding, from
        :meth:`encode`; a game may answer faster from the structure of its legal set.
        """
        ...

    @property
    def observation_size(self) -> int:
        """The length of :meth:`observe`'s vector."""
        ...

    def observe(self, observation: object) -> tuple[float, ...]:
        """The observation of one seat (what ``state.observation(seat)`` returns) as numbers.

        Built from the observation alone, so it shows nothing that seat may not see.
        """
        ...

    @property
    def max_decisions(self) -> int:
        """An upper bound on the decisions of one whole game under these options."""
        ...

    @property
    def zero_sum(self) -> bool:
        """Whether :func:`win_loss` returns always add up to 0: two seats, or two sides of equal size."""
        ...


_SEED_MODULUS: Final = (1 << 61) - 1


def deal_seed(deck: Sequence[Card]) -> int:
    """The seed a game dealt by chance draws its later chance from: a fixed function of the first deck.

    >>> import cardrules
    >>> pack = cardrules.get_game("felagsvist").pack()
    >>> deal_seed(pack) == deal_seed(tuple(pack)), deal_seed(pack) != deal_seed(pack[::-1])
    (True, True)
    """
    seed = 0
    for card in deck:
        seed = (seed * 53 + card.index + 1) % _SEED_MODULUS
    return seed


def win_loss(outcome: Outcome, players: int) -> tuple[float, ...]:
    """Every seat's return at the end of a game: +1 a winner, -1 not, 0 for all when none wins outright.

    A shared best result (``outcome.tie``) or a game nobody won gives every
    seat 0. Partners are both winners or both not, so they share their side's
    return.

    >>> from cardrules.rules import RuleId
    >>> win_loss(Outcome((0, 2), (80, 76, 80, 76), RuleId("felagsvist.game.twelve-deals"), "", 0), 4)
    (1.0, -1.0, 1.0, -1.0)
    """
    if outcome.tie or not outcome.winners:
        return (0.0,) * players
    return tuple(1.0 if seat in outcome.winners else -1.0 for seat in range(players))


def branches(
    encoding: Encoding, actions: Sequence[Action], chosen: tuple[int, ...]
) -> dict[int, Action | None]:
    """The decisions open after ``chosen`` among ``actions``, each with the action it completes, or ``None``.

    The general way, from :meth:`Encoding.encode` of every action; an encoding's
    :meth:`~Encoding.branches` uses it unless it knows a faster one.
    """
    depth = len(chosen)
    found: dict[int, Action | None] = {}
    encode = encoding.encode
    for action in actions:
        decisions = encode(action)
        if len(decisions) <= depth or (depth and decisions[:depth] != chosen):
            continue
        if len(decisions) == depth + 1:
            found[decisions[depth]] = action
        else:
            found.setdefault(decisions[depth], None)
    return dict(sorted(found.items()))


@dataclass(frozen=True, slots=True)
class Shuffle:
    """The first deck while chance deals it: the cards placed so far and how many of each are left.

    Attributes:
        cards: the different cards of the pack (:func:`~cardrules.features.distinct_cards`), by slot.
        left: how many copies of each are still to be placed, by slot.
        dealt: the cards placed so far, top of the deck first.
    """

    cards: tuple[Card, ...]
    left: tuple[int, ...]
    dealt: tuple[Card, ...] = ()

    @classmethod
    def of(cls, pack: Sequence[Card]) -> Shuffle:
        """Nothing placed yet of ``pack``."""
        cards = distinct_cards(pack)
        slots = card_slots(pack)
        left = [0] * len(cards)
        for card in pack:
            left[slots[card]] += 1
        return cls(cards, tuple(left))

    def outcomes(self) -> tuple[tuple[int, float], ...]:
        """Each card left (its slot), with the chance that it is placed next."""
        total = sum(self.left)
        return tuple((slot, count / total) for slot, count in enumerate(self.left) if count)

    def place(self, slot: object) -> Shuffle:
        """The deck with the card of ``slot`` placed next.

        Raises:
            InvalidArgumentError: no card of that slot is left.
        """
        if type(slot) is not int or not 0 <= slot < len(self.left) or not self.left[slot]:
            shown = [slot for slot, count in enumerate(self.left) if count]
            raise InvalidArgumentError(f"{slot!r} is not a card left to deal (slots {shown})")
        left = list(self.left)
        left[slot] -= 1
        return Shuffle(self.cards, tuple(left), (*self.dealt, self.cards[slot]))

    @property
    def complete(self) -> bool:
        """Whether every card is placed."""
        return not any(self.left)


@dataclass(frozen=True, slots=True)
class Episode:
    """One game as agents play it: the state, and the decisions taken so far towards its next action.

    A frozen value: :meth:`choose` and :meth:`deal_card` return new episodes.
    While chance deals the first deck, :attr:`state` is ``None`` and
    :attr:`shuffle` holds the cards placed so far.

    Attributes:
        game: the game, with its options.
        encoding: its :class:`Encoding` (``game.encoding()``).
        state: the game state, or ``None`` while the first deck is being dealt.
        chosen: the decisions already taken towards the next action.
        shuffle: while chance deals the first deck, the deck so far; else ``None``.
    """

    game: AnyGame
    encoding: Encoding
    state: AnyState | None
    chosen: tuple[int, ...] = ()
    shuffle: Shuffle | None = None
    _open: Mapping[int, Action | None] | None = field(default=None, init=False, repr=False, compare=False)

    @classmethod
    def start(cls, game: AnyGame, seed: int) -> Episode:
        """The game started with ``game.new_game(seed)``: every chance outcome drawn from ``seed``."""
        return cls(game, game.encoding(), game.new_game(seed))

    @classmethod
    def deal(cls, game: AnyGame) -> Episode:
        """The game before its first deal: chance places the cards of the first deck one by one."""
        return cls(game, game.encoding(), None, (), Shuffle.of(game.pack()))

    @classmethod
    def of(cls, state: AnyState, game: AnyGame) -> Episode:
        """The episode at ``state`` (a state of ``game``), no decision taken."""
        return cls(game, game.encoding(), state)

    # -- copies and pickles -----------------------------------------------------

    def __copy__(self) -> Episode:
        return self  # a frozen value

    def __deepcopy__(self, memo: dict[int, object]) -> Episode:
        return self  # a frozen value: frameworks that clone states by deep copy get it at no cost

    def __reduce__(self) -> tuple[object, ...]:
        """Pickled as the game's name and options, its position text, the decisions taken, the cards dealt."""
        position = None if self.state is None else self.state.position()
        options = dict(self.game.options_dict())
        dealt = () if self.shuffle is None else tuple(str(card) for card in self.shuffle.dealt)
        return (_restore, (self.game.name, options, position, self.chosen, dealt))

    # -- who acts -------------------------------------------------------------

    @property
    def is_chance(self) -> bool:
        """Whether chance acts: the first deck is still being dealt."""
        return self.state is None

    @property
    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self.state is not None and self.state.is_terminal

    @property
    def current_player(self) -> int:
        """The seat to decide, :data:`CHANCE` while dealing, or :data:`~cardrules.game.TERMINAL`."""
        if self.state is None:
            return CHANCE
        return self.state.current_player

    # -- chance ----------------------------------------------------------------

    def _shuffle(self) -> Shuffle:
        if self.shuffle is None:
            raise InvalidArgumentError("chance acts only while the first deck is dealt")
        return self.shuffle

    def chance_outcomes(self) -> tuple[tuple[int, float], ...]:
        """The next card of the deck: each different card left (its slot) with its probability.

        Raises:
            InvalidArgumentError: chance does not act here.
        """
        return self._shuffle().outcomes()

    def deal_card(self, slot: int) -> Episode:
        """The episode with the card in ``slot`` placed next on the deck; the game starts with the last one.

        Raises:
            InvalidArgumentError: chance does not act here, or no such card is left.
        """
        shuffle = self._shuffle().place(slot)
        if not shuffle.complete:
            return Episode(self.game, self.encoding, None, (), shuffle)
        state = self.game.from_deal(shuffle.dealt, seed=deal_seed(shuffle.dealt))
        return Episode(self.game, self.encoding, state)

    def chance_text(self, slot: int) -> str:
        """How a chance outcome reads: ``deal QS`` (the card put next on the deck)."""
        return f"deal {self._shuffle().cards[slot]}"

    # -- decisions -------------------------------------------------------------

    def _state(self) -> AnyState:
        if self.state is None:
            raise InvalidArgumentError("no player decides while the first deck is dealt")
        return self.state

    def _branches(self) -> Mapping[int, Action | None]:
        """The decisions open here with the actions they complete, worked out once per episode."""
        found = self._open
        if found is None:
            found = self.encoding.branches(self._state().legal_actions(), self.chosen)
            object.__setattr__(self, "_open", found)  # a cache of a pure function of the fields
        return found

    def choices(self) -> tuple[int, ...]:
        """The decisions the player to act can take next, in increasing order; empty when the game is over."""
        return tuple(self._branches())

    def choose(self, decision: int) -> Episode:
        """The episode after the player to act takes ``decision``; the action is applied when it is complete.

        Raises:
            IllegalActionError: ``decision`` is not one of :meth:`choices`
                (the verdict names what was wrong).
        """
        state = self._state()
        found = self._branches()
        if decision not in found:
            raise self._illegal(state, decision)
        action = found[decision]
        if action is None:
            return Episode(self.game, self.encoding, state, (*self.chosen, decision))
        return Episode(self.game, self.encoding, state.apply(action))

    def _illegal(self, state: AnyState, decision: object) -> IllegalActionError:
        """Why ``decision`` cannot be taken: the engine's verdict where the decisions read as an action."""
        if state.is_terminal:
            verdict = Verdict.illegal(("common.game.over",), "the game is over: nobody acts")
            return IllegalActionError(verdict, repr(decision), state.compact())
        if type(decision) is not int or not 0 <= decision < self.encoding.size:
            reason = (
                f"{decision!r} is no decision of {self.game.name} (they run 0 to {self.encoding.size - 1})"
            )
            return IllegalActionError(
                Verdict.illegal(("common.action.known",), reason), repr(decision), state.compact()
            )
        names = (self.encoding.decision_name(d) for d in (*self.chosen, decision))
        text = " ".join((format_seat(state.current_player), *names))
        judged = self._judged(state, text, decision) if not self.chosen else None
        if judged is not None and not judged.legal:
            verdict = judged
        else:
            open_ = [self.encoding.decision_name(d) for d in self.choices()]
            shown = ", ".join(open_[:8]) + (f" and {len(open_) - 8} more" if len(open_) > 8 else "")
            then = (
                f"after {', '.join(self.encoding.decision_name(d) for d in self.chosen)} "
                if self.chosen
                else ""
            )
            reason = f"{self.encoding.decision_name(decision)} cannot be chosen {then}here; open: {shown}"
            verdict = Verdict.illegal(("common.action.known",), reason)
        return IllegalActionError(verdict, text, state.compact())

    def _judged(self, state: AnyState, text: str, decision: int) -> Verdict | None:
        """The engine's verdict on ``text`` when it reads as the action that ``decision`` alone makes."""
        try:
            action = state.parse_action(text)
            whole = self.encoding.encode(action) == (decision,)
        except CardRulesError:
            return None
        return state.check(action) if whole else None

    def decision_text(self, decision: int) -> str:
        """The decision as the player to act would take it: ``p3 play 7C``, ``p1 discard 4C``."""
        return f"{format_seat(self._state().current_player)} {self.encoding.decision_name(decision)}"

    def action_of(self, decisions: Sequence[int]) -> Action:
        """The legal action that ``decisions``, taken from here, make (without applying it).

        Raises:
            IllegalActionError: they are not decisions open here, or not a whole action.
        """
        state = self._state()
        episode = self
        for taken, decision in enumerate(decisions, start=1):
            found = episode._branches()
            if decision not in found:
                raise episode._illegal(state, decision)
            action = found[decision]
            if action is not None:
                if taken == len(decisions):
                    return action
                break  # a whole action before the last decision
            episode = Episode(self.game, self.encoding, state, (*episode.chosen, decision))
        reason = f"the decisions {list(decisions)} make no whole action of {self.game.name} here"
        verdict = Verdict.illegal(("common.action.known",), reason)
        raise IllegalActionError(verdict, repr(list(decisions)), state.compact())

    # -- what each seat sees, and the end ------------------------------------

    def observe(self, seat: int) -> tuple[float, ...]:
        """What ``seat`` sees as numbers (all zeros while dealing: nobody has a card yet)."""
        if self.state is None:
            return (0.0,) * self.encoding.observation_size
        return self.encoding.observe(self.state.observation(seat))

    def observation_text(self, seat: int) -> str:
        """What ``seat`` sees as text, with the decisions it has taken towards its next action."""
        if self.state is None:
            placed = len(self._shuffle().dealt)
            return f"{self.game.name}: dealing, {placed} of {len(self.game.pack())} cards placed"
        text = str(self.state.observation(seat))
        if self.chosen and seat == self.state.current_player:
            taken = " | ".join(self.encoding.decision_name(d) for d in self.chosen)
            text += f"\nchosen so far: {taken}"
        return text

    def returns(self) -> tuple[float, ...]:
        """Every seat's return: 0 until the game is over, then :func:`win_loss` of its outcome."""
        players = self.game.num_players
        outcome = None if self.state is None else self.state.outcome()
        return (0.0,) * players if outcome is None else win_loss(outcome, players)


def _restore(
    name: str,
    options: Mapping[str, object],
    position: str | None,
    chosen: tuple[int, ...],
    dealt: tuple[str, ...],
) -> Episode:
    """The episode :meth:`Episode.__reduce__` wrote: the state read back from its position text."""
    from cardrules.cards import parse_card
    from cardrules.games import get_game

    game = get_game(name, **options)
    if position is not None:
        return Episode(game, game.encoding(), game.from_position(position), chosen)
    episode = Episode.deal(game)
    slots = card_slots(game.pack())
    for card in dealt:
        episode = episode.deal_card(slots[parse_card(card, jokers=True)])
    return episode
