"""The Félagsvist deal: the round cycle, each deal's deck and trump, how it is dealt, its state parts.

A game is a run of deals. What each deal is follows from its number alone: its
round kind comes from the fixed cycle (felagsvist.round.cycle), its trump from
the kind (felagsvist.round.trump), its deck from the given decks or the seed. The
round cycle lives here, not with the scores, because it is what makes deal ``k``
a Hearts or a Nóló deal; scoring only reads the kind.

A state is split in three parts by how often they change:

- :class:`DealPlan`, fixed for the whole game: the options, the seed, the given
  decks and the per-deal trump and strength tables;
- :class:`DealContext`, fixed for one deal: its number, dealer, deck and the
  scores before it;
- :class:`Tally`, changed once a trick: the leader and each side's tricks and
  won cards.

>>> [round_kind(k, RoundKind.HEARTS).value for k in (1, 3, 6, 7)]
['hearts', 'grand', 'nolo', 'hearts']
>>> trump_suit(RoundKind.SPADES), trump_suit(RoundKind.GRAND)
(<Suit.SPADES: 3>, None)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from operator import itemgetter
from types import MappingProxyType
from typing import Final, TypeAlias

from cardrules.cards import Suit
from cardrules.frozen import fast_constructor, reduce_to_init_fields
from cardrules.games.felagsvist.cards import strength_table
from cardrules.games.felagsvist.options import FelagsvistOptions, NoloAce, RoundKind
from cardrules.shuffling import seeded_bits, shuffle_in_place, shuffle_steps

__all__ = [
    "CYCLE",
    "DEAL_TRICKS",
    "MAX_DEALS",
    "Beats",
    "DealContext",
    "DealPlan",
    "Tally",
    "beats_table",
    "deal_hands",
    "new_tally",
    "open_deal",
    "round_kind",
    "shuffled_pack",
    "trump_suit",
]

MAX_DEALS: Final = 13
"""The most deals a game can have: twelve, and a thirteenth when play-on breaks a tie."""

DEAL_TRICKS: Final = 13
"""Tricks in one deal."""

CYCLE: Final[tuple[RoundKind, ...]] = (
    RoundKind.HEARTS,
    RoundKind.SPADES,
    RoundKind.GRAND,
    RoundKind.DIAMONDS,
    RoundKind.CLUBS,
    RoundKind.NOLO,
)
"""The fixed cycle of round kinds (felagsvist.round.cycle)."""

_TRUMPS: Final = MappingProxyType(
    {
        RoundKind.HEARTS: Suit.HEARTS,
        RoundKind.SPADES: Suit.SPADES,
        RoundKind.DIAMONDS: Suit.DIAMONDS,
        RoundKind.CLUBS: Suit.CLUBS,
    }
)


def round_kind(deal_number: int, first_round: RoundKind) -> RoundKind:
    """The kind of deal ``deal_number`` (1-based): ``cycle[(s + k - 1) mod 6]`` (felagsvist.round.cycle)."""
    return CYCLE[(CYCLE.index(first_round) + deal_number - 1) % 6]


def trump_suit(kind: RoundKind) -> Suit | None:
    """The trump suit of a round kind; ``None`` in Grand and Nóló (felagsvist.round.trump)."""
    return _TRUMPS.get(kind)


_PACK: Final = tuple(range(52))
"""The card indices in pack order, before a shuffle."""
_SHUFFLE_STEPS: Final = shuffle_steps(52)
"""The places of the shuffle's walk over the pack, last first, each with the bits of its draw."""


def shuffled_pack(stream: str) -> tuple[int, ...]:
    """The card indices 0..51 shuffled by ``random.Random(stream)``: the order ``Random.shuffle`` gives.

    The standard library's shuffle with its random draws written out
    (:func:`cardrules.shuffling.shuffle_in_place`), so a new deal costs a third
    of the time. A test holds it to ``Random.shuffle`` itself.
    """
    order = list(_PACK)
    shuffle_in_place(order, _SHUFFLE_STEPS, seeded_bits(stream))
    return tuple(order)


TrickTables: TypeAlias = tuple[tuple[int | None, tuple[int, ...]], ...]
"""Per deal number: the trump suit number (or ``None``) and the card strengths."""


def _trick_tables(first_round: RoundKind, nolo_ace: NoloAce) -> TrickTables:
    """The trump suit number (or ``None``) and the card strengths of every deal number (index 0 unused)."""
    tables = []
    for deal_number in range(MAX_DEALS + 1):
        kind = round_kind(max(deal_number, 1), first_round)
        trump = trump_suit(kind)
        tables.append((None if trump is None else int(trump), strength_table(kind, nolo_ace)))
    return tuple(tables)


Beats: TypeAlias = tuple[tuple[bool, ...], ...]
"""``beats[best][card]``: whether ``card``, played to a trick that ``best`` is winning, takes it over."""


def beats_table(trump: int | None, strength: tuple[int, ...]) -> Beats:
    """Which card takes a trick over which (felagsvist.trick.winner), for one deal's trump and strengths.

    A card takes the trick over the card winning it when it is of the same suit
    and stronger, or a trump played over a card that is not. Folding a trick's
    cards through this table from its lead gives
    :func:`~cardrules.games.felagsvist.play.trick_winner`'s answer (the card
    winning a trick is always of the suit led or a trump), which the engine's
    transition reads at the end of every trick; a test holds the two to each
    other for every deal's table.
    """
    return tuple(
        tuple(
            (card // 13 == best // 13 and strength[card] > strength[best])
            or (card // 13 == trump and best // 13 != trump)
            for card in range(52)
        )
        for best in range(52)
    )


def _every_trick_tables() -> MappingProxyType[
    tuple[RoundKind, NoloAce], tuple[TrickTables, tuple[Beats, ...]]
]:
    """:func:`_trick_tables` of every first round and Nóló ace, each with every deal's :func:`beats_table`."""
    every = {}
    made: dict[tuple[int | None, tuple[int, ...]], Beats] = {}  # one table per trump and strengths met
    for first in RoundKind:
        for ace in NoloAce:
            tables = _trick_tables(first, ace)
            for table in tables:
                if table not in made:
                    made[table] = beats_table(*table)
            every[first, ace] = (tables, tuple(made[table] for table in tables))
    return MappingProxyType(every)


_TRICK_TABLES: Final = _every_trick_tables()
"""The tables of every first round and Nóló ace, worked out once: a game's plan looks its own up."""


@dataclass(frozen=True, slots=True)
class DealPlan:
    """Where each deal's deck order comes from, fixed when the game starts.

    The given ``decks`` are those of deals ``first_deal``, ``first_deal + 1``,
    ...: deal ``k`` uses ``decks[k - first_deal]`` when given, otherwise a
    shuffle drawn from ``seed`` and ``k`` alone (so the same seed always gives
    the same game). ``first_deal`` is 1 for a game started with ``new_game`` or
    ``from_deal``, and the position's deal for a game read from a position
    (whose earlier decks are not known). Also holds per-deal tables the engine
    looks up on every trick.
    """

    options: FelagsvistOptions
    seed: int
    decks: tuple[tuple[int, ...], ...] = ()
    first_deal: int = 1
    trick_tables: TrickTables = field(init=False, repr=False, compare=False)
    """Per deal number (index 0 unused): the trump suit number and the card strengths."""
    trick_beats: tuple[Beats, ...] = field(init=False, repr=False, compare=False)
    """Per deal number (index 0 unused): the :func:`beats_table` of its trump and strengths."""

    def __post_init__(self) -> None:
        options = self.options
        tables, beats = _TRICK_TABLES[options.first_round, options.nolo_ace]
        object.__setattr__(self, "trick_tables", tables)
        object.__setattr__(self, "trick_beats", beats)

    __reduce__ = reduce_to_init_fields  # the derived tables are rebuilt on loading, never pickled

    def deck(self, deal_number: int) -> tuple[int, ...]:
        """The deck order (card indices, top first) of deal ``deal_number``."""
        given = deal_number - self.first_deal
        if 0 <= given < len(self.decks):
            return self.decks[given]
        return shuffled_pack(f"felagsvist/{self.seed}/deal/{deal_number}")

    def kind(self, deal_number: int) -> RoundKind:
        """The round kind of deal ``deal_number`` (felagsvist.round.cycle)."""
        return round_kind(deal_number, self.options.first_round)


@dataclass(frozen=True, slots=True)
class DealContext:
    """The part of a state that stays fixed for a whole deal.

    Attributes:
        plan: the options and where every deal's deck comes from.
        deal_number: the deal, 1-based.
        dealer: the seat that dealt it.
        deck: its deck order (card indices, top first).
        deal_scores: the (NS, EW) scores of every earlier deal.
        totals: the (NS, EW) game totals before this deal.
    """

    plan: DealPlan
    deal_number: int
    dealer: int
    deck: tuple[int, ...]
    deal_scores: tuple[tuple[int, int], ...]
    totals: tuple[int, int]


@dataclass(frozen=True, slots=True)
class Tally:
    """The part of a state that changes once a trick: who leads, and what each side won.

    Attributes:
        leader: the seat that leads (or led) the current trick.
        tricks: the (NS, EW) tricks won in this deal.
        won: the (NS, EW) cards won in this deal, as bitmasks.
    """

    leader: int
    tricks: tuple[int, int]
    won: tuple[int, int]


new_tally: Final[Callable[[int, tuple[int, int], tuple[int, int]], Tally]] = fast_constructor(Tally)
"""``Tally(leader, tricks, won)`` for the engine's hot path (see :mod:`cardrules.frozen`)."""

_new_context: Final[
    Callable[[DealPlan, int, int, tuple[int, ...], tuple[tuple[int, int], ...], tuple[int, int]], DealContext]
] = fast_constructor(DealContext)

_NONE: Final = (0, 0)
_BITS: Final = tuple(1 << card for card in range(52))


def deal_hands(deck: tuple[int, ...], dealer: int) -> tuple[int, int, int, int]:
    """The four hands (bitmasks) dealt from ``deck`` one card at a time from the dealer's left.

    felagsvist.deal.distribution: card k goes to seat ``dealer + 1 + k`` (mod 4).
    """
    # bits[k]: the deck's card k as a bitmask, all read in one call; seat s gets the cards k with
    # k % 4 == (s - dealer - 1) % 4, whose bits are distinct, so their sum is their union
    bits = itemgetter(*deck)(_BITS)
    first = dealer + 1
    return (
        sum(bits[-first % 4 :: 4]),
        sum(bits[(1 - first) % 4 :: 4]),
        sum(bits[(2 - first) % 4 :: 4]),
        sum(bits[(3 - first) % 4 :: 4]),
    )


def open_deal(
    plan: DealPlan,
    deal_number: int,
    dealer: int,
    deal_scores: tuple[tuple[int, int], ...],
    totals: tuple[int, int],
) -> tuple[DealContext, tuple[int, int, int, int], Tally]:
    """The parts of the state before the first card of deal ``deal_number``, dealt by ``dealer``.

    ``deal_scores`` and ``totals`` are those of the deals before it. The seat on
    the dealer's left leads the first trick (felagsvist.play.first-lead), so
    the tally's leader is also the player to act.
    """
    deck = plan.deck(deal_number)
    first = (dealer + 1) % 4
    context = _new_context(plan, deal_number, dealer, deck, deal_scores, totals)
    return context, deal_hands(deck, dealer), new_tally(first, _NONE, _NONE)
