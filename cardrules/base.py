"""The Game code every game shares, written once on the game's :class:`~cardrules.game.GameInfo`.

A game's class is a frozen dataclass with one field, ``options``, that
inherits :class:`GameBase` and sets ``INFO``. It then has, from here: building
from options given by name (:meth:`GameBase.with_options`), the name, title,
seats, rule book, pack and options as plain values, the checks of a seed, of
explicit deck orders (``common.deal.permutation``) and of a dealer, the draw of a
fresh seed when none is given (:func:`~cardrules.base.draw_seed`), and the seeded draw of the
first dealer. It writes only what is its own: how a game starts
from a seed (``_new_game``) and from checked deck orders (``_from_decks``).
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, ClassVar, Final, Generic, Self, TypeVar, cast

from cardrules.cards import Card
from cardrules.deals import read_deck
from cardrules.errors import InvalidArgumentError, InvalidDealError
from cardrules.game import GameInfo
from cardrules.notation import read_dealer
from cardrules.options import build_options, options_as_dict
from cardrules.position import MAX_SEED_DIGITS
from cardrules.rules import RuleBook
from cardrules.shuffling import draw_below, seeded_bits
from cardrules.text import short_int

__all__ = ["DRAWN_SEED_BITS", "GameBase", "check_seat", "check_seed", "draw_seed"]

_SEED_LIMIT: Final = 10**MAX_SEED_DIGITS
"""The first seed too long to write (worked out once: the power is costly, and every new game checks it)."""

DRAWN_SEED_BITS: Final = 53
"""How many bits a seed drawn by :func:`draw_seed` has: at most 16 digits, exact as a JSON number."""


def draw_seed() -> int:
    """A fresh seed from the operating system's random source (``os.urandom``), 0 to 2**53 - 1.

    What ``new_game()`` uses when it is given no seed. It neither reads nor
    advances the ``random`` module's global generator, so a program that
    seeds that generator for its own purposes is not disturbed, and two games
    started without a seed differ even after ``random.seed(...)``.
    """
    return int.from_bytes(os.urandom(8), "big") >> (64 - DRAWN_SEED_BITS)


OptionsT = TypeVar("OptionsT")
StateT = TypeVar("StateT")


def check_seed(seed: object) -> int:
    """``seed`` when it is an int (not a bool) that a position can write.

    A position writes the seed of the deals still to come, so a seed has at
    most :data:`~cardrules.position.MAX_SEED_DIGITS` digits.

    Raises:
        InvalidArgumentError: it is not.
    """
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise InvalidArgumentError(f"seed must be an int, not {type(seed).__name__}")
    if abs(seed) >= _SEED_LIMIT:
        raise InvalidArgumentError(
            f"seed must have at most {MAX_SEED_DIGITS} digits (MAX_SEED_DIGITS), not {short_int(seed)}"
        )
    return seed


def check_seat(seat: object, seats: int, title: str) -> int:
    """``seat`` when it is one of the game's ``seats`` seat numbers (an int, not a bool).

    What ``state.observation(seat)`` asks of its argument, in every game.

    >>> check_seat(2, 4, "Félagsvist")
    2

    Raises:
        InvalidArgumentError: it is not (the message names the game, ``title``).
    """
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < seats:
        shown = repr(seat) if isinstance(seat, int | str) else f"a {type(seat).__name__}"
        hint = ""
        if isinstance(seat, str) and seat.strip().lower() in {f"p{number}" for number in range(seats)}:
            hint = f": pass the number {int(seat.strip()[1:])}"
        raise InvalidArgumentError(
            f"{title} has seats 0 to {seats - 1} (numbers; texts write them p0-p{seats - 1}); "
            f"{shown[:40]} is not one{hint}"
        )
    return seat


def _is_sequence(value: object) -> bool:
    """Whether ``value`` is a sequence of items (a list or tuple, say), not text or bytes."""
    return isinstance(value, Sequence) and not isinstance(value, str | bytes | bytearray | memoryview)


class GameBase(Generic[OptionsT, StateT]):
    """The shared part of every game's class (see the module's docstring).

    Subclasses are ``@dataclass(frozen=True, slots=True)`` with the field
    ``options`` and the class variable ``INFO``.
    """

    __slots__ = ()

    INFO: ClassVar[GameInfo]
    options: OptionsT

    if TYPE_CHECKING:

        def __init__(self, options: OptionsT) -> None: ...

    # -- building -------------------------------------------------------------

    @classmethod
    def with_options(cls, given: Mapping[str, object]) -> Self:
        """The game with options given by name (strings or typed values); the rest take their defaults.

        Raises:
            InvalidOptionError: an unknown option or a value it does not take.
        """
        return cls(cls._read_options(given))

    @classmethod
    def _read_options(cls, given: Mapping[str, object]) -> OptionsT:
        """The options dataclass from ``given`` (a game with options of its own kind overrides this)."""
        info = cls.INFO
        return cast("OptionsT", build_options(info.options_type, info.name, given, info.option_types))

    # -- what the game is -----------------------------------------------------

    @property
    def info(self) -> GameInfo:
        """What the game is, as data."""
        return self.INFO

    @property
    def name(self) -> str:
        """The game's name in the game table."""
        return self.INFO.name

    @property
    def title(self) -> str:
        """The game's name as a player reads it."""
        return self.INFO.title

    @property
    def rules(self) -> RuleBook:
        """The game's rule book (its own rules, then the common ones)."""
        return self.INFO.rules

    @property
    def num_players(self) -> int:
        """How many seats the game has (a game whose seats an option sets overrides this)."""
        players = self.INFO.players
        assert players is not None, f"{self.INFO.name} must say how many seats it has"
        return players

    @property
    def jokers(self) -> bool:
        """Whether the pack holds jokers under these options."""
        return False

    def pack(self) -> tuple[Card, ...]:
        """The cards of one deal, in a fixed order."""
        return self.INFO.pack

    def pack_name(self) -> str:
        """How messages name the pack."""
        return self.INFO.pack_name

    def options_dict(self) -> dict[str, str | int]:
        """Every option as a plain value (enum values as their strings), every option present."""
        return options_as_dict(self.options)

    # -- starting a game ------------------------------------------------------

    def new_game(self, seed: int | None = None) -> StateT:
        """A new game; every chance outcome (the first dealer, each deck) is drawn from ``seed``.

        Without a seed, one is drawn (:func:`~cardrules.base.draw_seed`, from the operating
        system, never from the global ``random`` generator) and kept in the
        state like a given one: the state's ``position()`` writes it in its
        ``seed`` section, with the deals so far, so
        ``from_position(state.position())`` goes on exactly as this game would,
        and ``new_game(seed=N)`` with the seed written there starts the same game
        again. (Backstab Fish has one deal, drawn at once, so its position holds
        the whole deal and no seed.)

        Raises:
            InvalidArgumentError: ``seed`` is neither ``None`` nor an int, or has
                more digits than a position writes.
        """
        return self._new_game(draw_seed() if seed is None else check_seed(seed))

    def from_deal(
        self,
        deck_order: Sequence[Card | str],
        *,
        dealer: int | str | None = None,
        later_deals: Sequence[Sequence[Card | str]] = (),
        seed: int = 0,
    ) -> StateT:
        """A new game whose first deal uses ``deck_order`` (top card first).

        ``later_deals`` gives the deck orders of the deals that follow; deals
        beyond them are shuffled from ``seed``. ``dealer`` (a seat number, a
        token such as ``p1`` or a seat name) deals the first deal; by default
        the game draws it from ``seed`` (or its options fix it).

        Raises:
            InvalidDealError: a deck order is not a permutation of the pack, or
                more are given than a game has deals (``common.deal.permutation``);
                the message names the missing and extra cards.
            InvalidNotationError: a card or the dealer cannot be read.
            InvalidOptionError: ``dealer`` contradicts an option that fixes it.
            InvalidArgumentError: ``seed`` is not an int, or ``later_deals`` is
                not a sequence.
        """
        seed = check_seed(seed)
        if not _is_sequence(later_deals):
            raise InvalidArgumentError(
                f"later_deals is a sequence of deck orders, not {type(later_deals).__name__}"
            )
        given = (deck_order, *later_deals)
        limit = self.INFO.max_deals
        if limit is not None and len(given) > limit:
            most = "one deal" if limit == 1 else f"at most {limit} deals"
            raise InvalidDealError(
                f"a game of {self.INFO.title} has {most}, not {len(given)} deck orders "
                "[common.deal.permutation]"
            )
        for number, deck in enumerate(given, start=1):
            if not isinstance(deck, str) and not _is_sequence(deck):  # one string: read_deck says so
                raise InvalidDealError(
                    f"deal {number} must be a sequence of cards, not {type(deck).__name__} "
                    "[common.deal.permutation]"
                )
        decks = tuple(self.read_deck(deck, number) for number, deck in enumerate(given, start=1))
        if dealer is None:
            first = self._first_dealer(seed)
        else:
            first = read_dealer(dealer, self.num_players, self._seats_title(), self.INFO.seat_names)
            self._check_dealer(first)
        return self._from_decks(decks, first, seed)

    def read_deck(self, deck_order: Sequence[Card | str], deal_number: int = 1) -> tuple[Card, ...]:
        """``deck_order`` as cards, when it holds exactly the cards of the pack (common.deal.permutation).

        The check :meth:`from_deal` makes of each deck order it is given (deal
        ``deal_number``), without starting a game: a record reader checks each
        of its decks with it.

        Raises:
            InvalidDealError: the deck order is one string, not a sequence, or
                not a permutation of the pack; the message names the missing
                and extra cards.
            InvalidNotationError: a card cannot be read.
        """
        if not isinstance(deck_order, str) and not _is_sequence(deck_order):  # one string: read_deck says so
            raise InvalidDealError(
                f"deal {deal_number} must be a sequence of cards, not {type(deck_order).__name__} "
                "[common.deal.permutation]"
            )
        return read_deck(
            deck_order, self.pack(), deal_number=deal_number, pack_name=self.pack_name(), jokers=self.jokers
        )

    def _first_dealer(self, seed: int) -> int:
        """The first dealer when none is given: a uniform draw from ``seed``.

        The draw ``random.Random(stream).randrange`` makes, made without the generator's Python layers.
        """
        stream = f"{self.INFO.name}/{seed}/{self.INFO.dealer_stream}"
        return draw_below(seeded_bits(stream), self.num_players)

    def _seats_title(self) -> str:
        """How a message about a seat the game does not have names the game."""
        return self.INFO.title

    def _check_dealer(self, dealer: int) -> None:
        """Refuse a given dealer that the options contradict (nothing to refuse by default)."""

    def _new_game(self, seed: int) -> StateT:
        """The game's start from a checked seed."""
        raise NotImplementedError

    def _from_decks(self, decks: tuple[tuple[Card, ...], ...], dealer: int, seed: int) -> StateT:
        """The game's start from checked deck orders and dealer."""
        raise NotImplementedError
