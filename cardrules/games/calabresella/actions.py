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

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Final

from cardrules.cards import STANDARD_DECK, Card, parse_card
from cardrules.errors import InvalidNotationError
from cardrules.game import Action
from cardrules.games.calabresella.cards import DECK_MASK
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
    "canonical_action",
    "malformed",
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
CALLS: Final[tuple[tuple[CallCard, ...], ...]] = tuple(
    tuple(CallCard(seat, card) for card in STANDARD_DECK) for seat in range(3)
)
RETURNS: Final[tuple[tuple[ReturnCard, ...], ...]] = tuple(
    tuple(ReturnCard(seat, card) for card in STANDARD_DECK) for seat in range(3)
)

_CANONICAL: Final[Mapping[str, Action]] = MappingProxyType(
    {
        str(action): action
        for action in (
            *PASSES,
            *(bid for row in BIDS for bid in row),
            *(choice for row in RAISES for choice in row),
            *(play for row in PLAYS for play in row),
            *(action for row in CALLS for action in row),
            *(action for row in RETURNS for action in row),
        )
    }
)
"""The shared action of each canonical text with one card or none (``p1 play 3S``, ``p0 pass``):
what :func:`parse_action` reads from that text, found at once."""

_CONTRACTS: Final = MappingProxyType({contract.value: contract for contract in Contract})
_RAISES: Final = MappingProxyType({choice.value: choice for choice in Raise})
_FORMS: Final = (
    "write [actor] and one of: pass; bid chiamo|solo|solissimo; call CARD; return CARD; "
    "discard CARD CARD ...; raise none|dividete|scegliete; play CARD (as in 'p1 play 3S')"
)


_KINDS: Final = (Pass, Bid, CallCard, ReturnCard, Discard, ChooseRaise, PlayCard)
_EXACT: Final[frozenset[type[Action]]] = frozenset((Pass, Bid, CallCard, ReturnCard, ChooseRaise, PlayCard))


def canonical_action(text: str) -> Action | None:
    """The shared action whose canonical text is exactly ``text`` (a call, a raise or a one-card action),
    as :func:`parse_action` reads it; ``None`` for any other text.

    >>> canonical_action("p1 play 3S") is parse_action("p1 play 3S", None), canonical_action("p1 play 3s")
    (True, None)
    """
    return _CANONICAL.get(text)


def malformed(action: Action) -> str | None:
    """Why ``action`` is no Calabresella action (common.action.known), or ``None`` if it is one.

    An action is one of this module's kinds, by a seat p0-p2, naming cards of
    the 40-card deck, a contract or a raise; values built around the
    constructors with missing or mistyped fields are refused here too.

    >>> malformed(PlayCard(3, parse_card("3S")))
    'Calabresella has seats p0-p2, not 3'
    """
    try:
        if _well_formed(action):
            return None
        return _malformed_fields(action)
    except (AttributeError, TypeError):  # a value built around the constructor, missing its fields
        return f"{type(action).__name__} value with missing or malformed fields is no Calabresella action"


def _well_formed(action: Action) -> bool:
    """The common case decided at once: an action of one of the exact kinds, by a seat, with its values.

    ``False`` leaves the question to :func:`_malformed_fields`, which finds the reason.
    """
    kind = type(action)
    if kind not in _EXACT:
        return False
    seat = action.seat
    if type(seat) is not int or not 0 <= seat < 3:
        return False
    if kind is PlayCard or kind is CallCard or kind is ReturnCard:
        card = action.card  # type: ignore[attr-defined]
        return type(card) is Card and bool(DECK_MASK >> card.index & 1)
    if kind is Bid:
        return type(action.contract) is Contract  # type: ignore[attr-defined]
    if kind is ChooseRaise:
        return type(action.choice) is Raise  # type: ignore[attr-defined]
    return kind is Pass


def _malformed_fields(action: Action) -> str | None:
    if not isinstance(action, _KINDS):
        return f"{action!r} is not a Calabresella action"
    seat = action.seat
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < 3:
        return f"Calabresella has seats p0-p2, not {seat!r}"
    cards: tuple[object, ...] = ()
    if isinstance(action, (PlayCard, CallCard, ReturnCard)):
        cards = (action.card,)
    elif isinstance(action, Discard):
        if type(action.cards) is not tuple:  # built around the constructor, which keeps a tuple
            return f"a discard's cards are a tuple of cards, not {type(action.cards).__name__}"
        cards = action.cards
    for card in cards:
        if not isinstance(card, Card):
            return f"{card!r} is not a card"
        if not DECK_MASK >> card.index & 1:
            return f"{card.pretty()} is not in the Calabresella deck (it has no 8, 9 or 10)"
    if isinstance(action, Bid) and not isinstance(action.contract, Contract):
        return f"{action.contract!r} is not a bid (chiamo, solo or solissimo)"
    if isinstance(action, ChooseRaise) and not isinstance(action.choice, Raise):
        return f"{action.choice!r} is not a raise (none, dividete or scegliete)"
    return None


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
    if type(text) is str:
        known = _CANONICAL.get(text)
        if known is not None:  # the canonical text of a call, a raise or a one-card action
            return known
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
