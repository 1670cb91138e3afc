"""Félagsvist for agents: 52 decisions, one per card, and a 487-number observation.

Every action is one decision: decision ``i`` plays the card with
:attr:`~cardrules.cards.Card.index` ``i`` (``play 2C`` is 0, ``play AS`` 51).

The observation vector of a seat, in blocks (seats counted from the observer,
so its own block comes first, then its left-hand opponent, its partner, its
right-hand opponent):

======  =====  ===============================================================
offset  size   what
======  =====  ===============================================================
0       52     the seat's hand (1 per card held)
52      208    every card played this deal, one block of 52 per seat
260     208    the trick in progress, one block of 52 per seat
468     6      the kind of the deal (hearts, spades, grand, diamonds, clubs, nolo)
474     4      the dealer, counted from the seat
478     4      the seat to act, counted from the seat (all 0 once the game is over)
482     2      tricks of this deal: the seat's side, the other side (/13)
484     2      game totals: the seat's side, the other side (/100)
486     1      the deal's number (/13)
======  =====  ===============================================================

>>> import cardrules
>>> encoding = cardrules.get_game("felagsvist").encoding()
>>> encoding.size, encoding.observation_size, encoding.decision_name(51)
(52, 487, 'play AS')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Final

from cardrules.cards import STANDARD_DECK, card_at
from cardrules.errors import InvalidArgumentError
from cardrules.features import card_counts, card_slots, cards_by_seat, one_hot, relative_seat
from cardrules.game import Action
from cardrules.games.felagsvist.actions import PlayCard
from cardrules.games.felagsvist.deal import MAX_DEALS
from cardrules.games.felagsvist.observation import FelagsvistObservation
from cardrules.games.felagsvist.options import FelagsvistOptions, RoundKind

__all__ = ["FelagsvistEncoding"]

_SLOTS: Final = card_slots(STANDARD_DECK)
_KINDS: Final = tuple(RoundKind)


@dataclass(frozen=True, slots=True)
class FelagsvistEncoding:
    """Félagsvist's :class:`~cardrules.agents.Encoding` (see the module for the layout)."""

    options: FelagsvistOptions = field(default_factory=FelagsvistOptions)

    @property
    def size(self) -> int:
        """52: one decision per card."""
        return 52

    def decision_name(self, decision: int) -> str:
        """``play QS`` for the card of that index."""
        return f"play {card_at(decision)}"

    def encode(self, action: Action) -> tuple[int, ...]:
        """A card play as its card's index."""
        if not isinstance(action, PlayCard):
            raise InvalidArgumentError(f"{action!r} is not a Félagsvist action")
        return (action.card.index,)

    def branches(self, actions: Sequence[Action], chosen: tuple[int, ...]) -> dict[int, Action | None]:
        """Each legal play under its card's index (every action is one decision)."""
        found: dict[int, Action | None] = {}
        for action in actions:
            (decision,) = self.encode(action)
            found[decision] = action
        return dict(sorted(found.items())) if not chosen else {}

    @property
    def observation_size(self) -> int:
        """487 (see the module's table)."""
        return 487

    def observe(self, observation: object) -> tuple[float, ...]:
        """The vector of the module's table."""
        if not isinstance(observation, FelagsvistObservation):
            raise InvalidArgumentError(f"{type(observation).__name__} is not a Félagsvist observation")
        seat = observation.seat
        side = seat % 2
        return (
            *card_counts(observation.hand, _SLOTS),
            *cards_by_seat(observation.plays, seat, 4, _SLOTS),
            *cards_by_seat(observation.trick, seat, 4, _SLOTS),
            *one_hot(_KINDS.index(observation.round_kind), len(_KINDS)),
            *one_hot(relative_seat(observation.dealer, seat, 4), 4),
            *one_hot(relative_seat(observation.current_player, seat, 4), 4),
            observation.tricks[side] / 13,
            observation.tricks[1 - side] / 13,
            observation.totals[side] / 100,
            observation.totals[1 - side] / 100,
            observation.deal_number / 13,
        )

    @property
    def zero_sum(self) -> bool:
        """Two sides of two: partners win or lose together."""
        return True

    @property
    def max_decisions(self) -> int:
        """Every card of at most 13 deals (the last only under ``tiebreak=play-on``)."""
        return 52 * MAX_DEALS
