"""Calabresella for agents: 167 decisions, a discard taken card by card, and a 525-number observation.

The 40 cards of the Italian-suited pack have slots 0-39 in index order. The
decisions:

=========  ==================  ===============================================
decisions  text                meaning
=========  ==================  ===============================================
0          ``pass``            pass in the auction
1-3        ``bid chiamo``      bid chiamo, solo or solissimo
4-43       ``call 3S``         name the called card
44-83      ``return 7H``       repay the called card's giver with a card
84-123     ``discard 4C``      one card of a discard (the monte laid away)
124-126    ``raise none``      the Solissimo raise: none, dividete, scegliete
127-166    ``play 3S``         play a card to the trick
=========  ==================  ===============================================

A discard of four (or two) cards is that many decisions by the same player,
lowest card first: the bidder's 1,820 possible lay-aways become four choices
of at most 16 cards each, and at every point only the cards that can still
complete a legal discard are open. Every other action is one decision.

The observation vector of a seat (three-seat blocks are counted from the
seat: itself, the next seat in slot order, the one after; cards by slot):

======  =====  ==========================================================
offset  size   what
======  =====  ==========================================================
0       40     the seat's hand
40      120    every card played this hand, by seat
160     120    the trick in progress, by seat
280     12     the auction: each seat's passes and bids, by kind
292     3      the bidder, counted from the seat; 295, 3: the contract
298     40     the called card; 338, 3: its giver; 341, 1: called from the monte
342     40     the monte turned up for all, once it is
382     40     the card returned to the giver; 422, 3: the raise
425     40     monte cards this seat took unseen; 465, 40: cards it laid away
505     2      tricks of the bidder and of the opponents (/12)
507     8      the phase (auction, call, return, discard, raise, lay, play, over)
515     3      the dealer; 518, 3: the seat to act (0 once the hand is over)
521     1      the monte's size (/4); 522, 3: the session balances (/10)
======  =====  ==========================================================

>>> import cardrules
>>> encoding = cardrules.get_game("calabresella").encoding()
>>> encoding.size, encoding.observation_size, encoding.decision_name(84)
(167, 525, 'discard 2C')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Final

from cardrules.agents import branches
from cardrules.cards import Card
from cardrules.errors import InvalidArgumentError
from cardrules.features import card_counts, card_slots, cards_by_seat, distinct_cards, one_hot, relative_seat
from cardrules.game import Action
from cardrules.games.calabresella.actions import (
    Bid,
    CallCard,
    ChooseRaise,
    Discard,
    Pass,
    PlayCard,
    ReturnCard,
)
from cardrules.games.calabresella.cards import DECK
from cardrules.games.calabresella.lay_aways import LayAways
from cardrules.games.calabresella.observation import CalabresellaObservation
from cardrules.games.calabresella.options import CalabresellaOptions
from cardrules.games.calabresella.scoring import Contract, Raise

__all__ = ["CalabresellaEncoding"]

_CARDS: Final = distinct_cards(DECK)
_SLOTS: Final = card_slots(DECK)
_CONTRACTS: Final = tuple(Contract)
_RAISES: Final = tuple(Raise)
_CALL_WORDS: Final = ("pass", *(contract.value for contract in _CONTRACTS))
_PHASES: Final = ("auction", "call", "return", "discard", "raise", "lay", "play", "over")
_PASS, _BID, _CALL, _RETURN, _DISCARD, _RAISE, _PLAY, _SIZE = 0, 1, 4, 44, 84, 124, 127, 167
_CARD_GROUPS: Final = ((_CALL, "call"), (_RETURN, "return"), (_DISCARD, "discard"), (_PLAY, "play"))
_MAX_CALLS, _MAX_EXCHANGE_DECISIONS, _PLAYS = 4, 3 * 4, 36
"""calabresella.procedure.phases: at most 4 calls, 3 exchange actions (each at most 4 cards), 36 plays."""


def _card_decision(base: int, card: Card) -> int:
    return base + _SLOTS[card]


@dataclass(frozen=True, slots=True)
class CalabresellaEncoding:
    """Calabresella's :class:`~cardrules.agents.Encoding` (the module gives the decisions and the layout)."""

    options: CalabresellaOptions = field(default_factory=CalabresellaOptions)

    @property
    def size(self) -> int:
        """167 (see the module's table)."""
        return _SIZE

    def decision_name(self, decision: int) -> str:
        """The text of the module's table."""
        if decision == _PASS:
            return "pass"
        if decision < _CALL:
            return f"bid {_CONTRACTS[decision - _BID].value}"
        if _RAISE <= decision < _PLAY:
            return f"raise {_RAISES[decision - _RAISE].value}"
        base, word = next((b, w) for b, w in reversed(_CARD_GROUPS) if decision >= b)
        return f"{word} {_CARDS[decision - base]}"

    def encode(self, action: Action) -> tuple[int, ...]:
        """An action as its decisions."""
        if isinstance(action, Pass):
            return (_PASS,)
        if isinstance(action, Bid):
            return (_BID + _CONTRACTS.index(action.contract),)
        if isinstance(action, CallCard):
            return (_card_decision(_CALL, action.card),)
        if isinstance(action, ReturnCard):
            return (_card_decision(_RETURN, action.card),)
        if isinstance(action, Discard):
            return tuple(_card_decision(_DISCARD, card) for card in action.cards)
        if isinstance(action, ChooseRaise):
            return (_RAISE + _RAISES.index(action.choice),)
        if isinstance(action, PlayCard):
            return (_card_decision(_PLAY, action.card),)
        raise InvalidArgumentError(f"{action!r} is not a Calabresella action")

    def branches(self, actions: Sequence[Action], chosen: tuple[int, ...]) -> dict[int, Action | None]:
        """A lay-away's next cards from its legal set's own rule (no walk over 1,820 choices)."""
        if not isinstance(actions, LayAways):
            return branches(self, actions, chosen)
        taken = tuple(_CARDS[decision - _DISCARD] for decision in chosen)
        complete = len(taken) + 1 == actions.size
        return {
            _card_decision(_DISCARD, card): Discard(actions.seat, (*taken, card)) if complete else None
            for card in actions.following(taken)
        }

    @property
    def observation_size(self) -> int:
        """525 (see the module's table)."""
        return 525

    def observe(self, observation: object) -> tuple[float, ...]:
        """The vector of the module's table."""
        if not isinstance(observation, CalabresellaObservation):
            raise InvalidArgumentError(f"{type(observation).__name__} is not a Calabresella observation")
        o = observation
        seat = o.seat
        calls = [0.0] * 12
        for player, word in o.calls:
            calls[(player - seat) % 3 * 4 + _CALL_WORDS.index(word)] += 1.0

        def seat_of(player: int | None) -> list[float]:
            return one_hot(None if player is None else relative_seat(player, seat, 3), 3)

        def cards(held: tuple[Card, ...] | None) -> list[float]:
            return card_counts(held or (), _SLOTS)

        return (
            *cards(o.hand),
            *cards_by_seat(o.plays, seat, 3, _SLOTS),
            *cards_by_seat(o.trick, seat, 3, _SLOTS),
            *calls,
            *seat_of(o.bidder),
            *one_hot(None if o.contract is None else _CONTRACTS.index(o.contract), 3),
            *cards(None if o.called is None else (o.called,)),
            *seat_of(o.giver),
            float(o.called_in_monte),
            *cards(o.exposed_monte),
            *cards(None if o.returned is None else (o.returned,)),
            *one_hot(None if o.raised is None else _RAISES.index(o.raised), 3),
            *cards(o.received),
            *cards(o.laid),
            o.tricks[0] / 12,
            o.tricks[1] / 12,
            *one_hot(_PHASES.index(o.phase) if o.phase in _PHASES else None, len(_PHASES)),
            *seat_of(o.dealer),
            *seat_of(o.current_player),
            o.monte_size / 4,
            *(o.balances[(seat + step) % 3] / 10 for step in range(3)),
        )

    @property
    def zero_sum(self) -> bool:
        """The bidder plays against two: a win pays one seat, a loss two."""
        return False

    @property
    def max_decisions(self) -> int:
        """A hand's most decisions: 4 calls, 3 exchange actions of at most 4 cards each, 36 plays."""
        return _MAX_CALLS + _MAX_EXCHANGE_DECISIONS + _PLAYS
