"""Calabresella actions: auction calls, the exchange decisions and card plays.

Each action is a frozen value with one canonical text, its actor first:

=================  ===============================================================
``p1 pass``        an auction pass (calabresella.bidding.overcall)
``p1 bid solo``    a bid: ``chiamo``, ``solo`` or ``solissimo``
``p1 call 3S``     the Chiamo bidder names the called card (calabresella.exchange.call)
``p1 return 7H``   the bidder repays the called card's giver (calabresella.exchange.return)
``p1 discard ..``  cards laid face down as the monte: the bidder's 4, or an opponent's
                   2 (dividete) or 4 (scegliete); cards in index order
``p1 raise none``  the Solissimo bidder's raise: ``none``, ``dividete`` or ``scegliete``
``p1 play 3S``     a card played to the trick
=================  ===============================================================

>>> str(parse_action("p2 discard kd 4c AS 5c", None))
'p2 discard 4C 5C KD AS'
>>> str(parse_action("bid solissimo", 0))
'p0 bid solissimo'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from cardrules.cards import STANDARD_DECK, Card, parse_card
from cardrules.errors import InvalidNotationError
from cardrules.game import Action
from cardrules.games.calabresella.scoring import Contract, Raise
from cardrules.notation import format_seat, split_actor

__all__ = [
    "Bid",
    "CallCard",
    "ChooseRaise",
    "Discard",
    "Pass",
    "PlayCard",
    "ReturnCard",
    "parse_action",
]


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """``seat`` passes in the auction. Text: ``p1 pass``."""

    def __str__(self) -> str:
        return f"{format_seat(self.seat)} pass"


@dataclass(frozen=True, slots=True)
class Bid(Action):
    """``seat`` bids ``contract`` in the auction. Text: ``p1 bid solo``."""

    contract: Contract

    def __str__(self) -> str:
        return f"{format_seat(self.seat)} bid {_word(self.contract)}"


@dataclass(frozen=True, slots=True)
class CallCard(Action):
    """The Chiamo bidder names the called card. Text: ``p1 call 3S``."""

    card: Card

    def __str__(self) -> str:
        return f"{format_seat(self.seat)} call {self.card}"


@dataclass(frozen=True, slots=True)
class ReturnCard(Action):
    """The bidder gives ``card`` to the player who handed over the called card. Text: ``p1 return 7H``."""

    card: Card

    def __str__(self) -> str:
        return f"{format_seat(self.seat)} return {self.card}"


@dataclass(frozen=True, slots=True)
class Discard(Action):
    """``seat`` lays ``cards`` face down as the monte. Text: ``p1 discard 4C 5C KD AS``.

    The cards are kept in card-index order, so equal discards are equal values
    whatever order they were written in. A card named twice stays twice (and
    is refused by adjudication).
    """

    cards: tuple[Card, ...]

    def __post_init__(self) -> None:
        cards = tuple(self.cards)
        if any(not isinstance(card, Card) for card in cards):
            raise TypeError(f"Discard takes cards, not {cards!r}")
        object.__setattr__(self, "cards", tuple(sorted(cards, key=_index)))

    def __str__(self) -> str:
        return f"{format_seat(self.seat)} discard " + " ".join(str(card) for card in self.cards)


@dataclass(frozen=True, slots=True)
class ChooseRaise(Action):
    """The Solissimo bidder's raise decision. Text: ``p1 raise dividete`` (or ``none``, ``scegliete``)."""

    choice: Raise

    def __str__(self) -> str:
        return f"{format_seat(self.seat)} raise {_word(self.choice)}"


@dataclass(frozen=True, slots=True)
class PlayCard(Action):
    """``seat`` plays ``card`` to the current trick. Text: ``p1 play 3S``."""

    card: Card

    def __str__(self) -> str:
        return f"{format_seat(self.seat)} play {self.card}"


def _word(value: object) -> str:
    """An enum member's text value (or, for a malformed action, the value as it is)."""
    return str(getattr(value, "value", value))


def _index(card: Card) -> int:
    return card.index


# Shared action values, so that the engine allocates none for plays and auction calls.
PLAYS: Final[tuple[tuple[PlayCard, ...], ...]] = tuple(
    tuple(PlayCard(seat, card) for card in STANDARD_DECK) for seat in range(3)
)
PASSES: Final[tuple[Pass, ...]] = tuple(Pass(seat) for seat in range(3))
BIDS: Final[tuple[tuple[Bid, ...], ...]] = tuple(
    tuple(Bid(seat, contract) for contract in Contract) for seat in range(3)
)
RAISES: Final[tuple[tuple[ChooseRaise, ...], ...]] = tuple(
    tuple(ChooseRaise(seat, choice) for choice in Raise) for seat in range(3)
)

_CONTRACTS: Final = {contract.value: contract for contract in Contract}
_RAISES: Final = {choice.value: choice for choice in Raise}
_FORMS: Final = (
    "write [actor] and one of: pass; bid chiamo|solo|solissimo; call CARD; return CARD; "
    "discard CARD CARD ...; raise none|dividete|scegliete; play CARD (as in 'p1 play 3S')"
)


def _one_card(text: str, words: list[str]) -> Card:
    if len(words) != 1:
        raise InvalidNotationError(f"{text!r} is not a Calabresella action: name exactly one card; {_FORMS}")
    return parse_card(words[0])


def parse_action(text: str, default_seat: int | None) -> Action:
    """Read one action; with no actor the actor is ``default_seat``.

    Raises:
        InvalidNotationError: the text is no Calabresella action, or it names no
            actor where there is no player to act.
    """
    seat, words = split_actor(text)
    if not words:
        raise InvalidNotationError(f"{text!r} names an actor but no action; {_FORMS}")
    if seat is None:
        if default_seat is None:
            raise InvalidNotationError(f"{text!r} names no actor and nobody is to act")
        seat = default_seat
    verb, args = words[0].lower(), words[1:]
    action: Action
    if verb == "pass" and not args:
        action = Pass(seat)
    elif verb == "bid" and len(args) == 1 and args[0].lower() in _CONTRACTS:
        action = Bid(seat, _CONTRACTS[args[0].lower()])
    elif verb in _CONTRACTS and not args:
        action = Bid(seat, _CONTRACTS[verb])
    elif verb == "call":
        action = CallCard(seat, _one_card(text, args))
    elif verb == "return":
        action = ReturnCard(seat, _one_card(text, args))
    elif verb == "discard" and args:
        action = Discard(seat, tuple(parse_card(word) for word in args))
    elif verb == "raise" and len(args) == 1 and args[0].lower() in _RAISES:
        action = ChooseRaise(seat, _RAISES[args[0].lower()])
    elif verb == "play":
        action = PlayCard(seat, _one_card(text, args))
    elif not args and verb not in ("bid", "call", "return", "discard", "raise"):
        try:
            card = parse_card(verb)
        except InvalidNotationError:
            raise InvalidNotationError(f"{text!r} is not a Calabresella action; {_FORMS}") from None
        action = PlayCard(seat, card)
    else:
        raise InvalidNotationError(f"{text!r} is not a Calabresella action; {_FORMS}")
    return action
