"""The deal of a Calabresella hand, and the parts of a state that belong to one hand.

Where every hand's deck comes from and how it is dealt (calabresella.deal.packets,
calabresella.deal.monte), and the parts a :class:`~cardrules.games.calabresella.state.CalabresellaState`
is made of, from the most to the least lasting:

- :class:`DealPlan`: fixed for a whole session (the options, the seed, the given
  decks, the turn order under the ``direction`` option);
- :class:`DealContext`: fixed for one hand (its number, dealer, deck and the
  balances before it);
- :class:`Setup`: what the auction and the exchange decide, then fixed for the
  rest of the hand (the calls, the contract, the called card, the raise, the
  lay-aways);
- :class:`Tally`: what changes once a trick (the leader, tricks and won piles).

The :class:`Phase` says which part of the hand is being played.

>>> plan = DealPlan(CalabresellaOptions(), seed=0)
>>> hands = deal_hands(plan.deck(1), 0, plan.nxt)
>>> [hand.bit_count() for hand in hands], dealt_monte(plan.deck(1)) == plan.deck(1)[36:]
([12, 12, 12], True)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from enum import IntEnum
from operator import itemgetter
from types import MappingProxyType
from typing import Final

from cardrules.frozen import fast_constructor, reduce_to_init_fields
from cardrules.games.calabresella.cards import DECK_INDICES
from cardrules.games.calabresella.options import CalabresellaOptions, Direction, FollowSuit, RedealDealer
from cardrules.games.calabresella.scoring import Contract, Raise
from cardrules.shuffling import seeded_bits, shuffle_in_place, shuffle_steps

__all__ = [
    "LEVEL_NAMES",
    "NO_SETUP",
    "NO_TALLY",
    "DealContext",
    "DealPlan",
    "Phase",
    "Setup",
    "Tally",
    "deal_hands",
    "dealt_monte",
    "make_context",
    "make_setup",
    "make_tally",
    "next_dealer",
]


class Phase(IntEnum):
    """The phase of a hand (calabresella.procedure.phases); :attr:`CalabresellaState.phase
    <cardrules.games.calabresella.state.CalabresellaState.phase>`."""

    AUCTION = 0
    """Auction calls (pass or bid)."""
    CALL = 1
    """The Chiamo bidder names the called card."""
    RETURN = 2
    """The bidder repays the giver of the called card."""
    DISCARD = 3
    """The bidder lays 4 cards away."""
    RAISE = 4
    """The Solissimo bidder chooses no raise, dividete or scegliete."""
    LAY = 5
    """An opponent lays 2 (dividete) or 4 (scegliete) cards away."""
    PLAY = 6
    """The twelve tricks."""
    OVER = 7
    """The hand is settled, or abandoned after an all-pass."""

    @property
    def task(self) -> str:
        """What the player to act does in this phase, as verdicts word it: ``to play a card``."""
        return _TASKS[self]


_TASKS: Final = MappingProxyType(
    {
        Phase.AUCTION: "to call (pass or bid)",
        Phase.CALL: "to name the called card",
        Phase.RETURN: "to return a card to the giver of the called card",
        Phase.DISCARD: "to lay 4 cards away",
        Phase.RAISE: "to choose the Solissimo raise (none, dividete or scegliete)",
        Phase.LAY: "to lay cards away",
        Phase.PLAY: "to play a card",
        Phase.OVER: "to act no more: the hand is over",
    }
)


_SHUFFLE_STEPS: Final = shuffle_steps(len(DECK_INDICES))
"""The places of the shuffle's walk over the deck, last first, each with the bits of its draw."""


@dataclass(frozen=True, slots=True)
class DealPlan:
    """The options and where every hand's deck order comes from, fixed when a session starts.

    Hand ``k`` of the session (1-based) uses ``decks[k - first_hand]`` when given,
    otherwise a shuffle drawn from ``seed`` and ``k`` alone.

    Attributes:
        options: the game's options.
        seed: the seed of the shuffles not given explicitly.
        decks: explicit deck orders (card indices, top first) of hands
            ``first_hand``, ``first_hand + 1``, ...
        first_hand: the hand number of ``decks[0]``: 1 for a session dealt from
            its start, the position's hand for a state read from a position.
        nxt: ``nxt[s]`` is next(s) under the ``direction`` option.
        free: whether ``follow_suit = free`` (any card may always be played), read once for the play.
    """

    options: CalabresellaOptions
    seed: int
    decks: tuple[tuple[int, ...], ...] = ()
    first_hand: int = 1
    nxt: tuple[int, int, int] = field(
        init=False,
        repr=False,
        compare=False,  # derived from the options, which are compared
    )
    free: bool = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        # calabresella.deal.direction: next(s) is s + 1 (counter-clockwise) or s + 2 (clockwise), mod 3.
        step = 1 if self.options.direction is Direction.COUNTERCLOCKWISE else 2
        object.__setattr__(self, "nxt", ((0 + step) % 3, (1 + step) % 3, (2 + step) % 3))
        object.__setattr__(self, "free", self.options.follow_suit is FollowSuit.FREE)

    __reduce__ = reduce_to_init_fields  # the derived tables are rebuilt on loading, never pickled

    def deck(self, hand_number: int) -> tuple[int, ...]:
        """The deck order (card indices, top first) of hand ``hand_number`` of the session."""
        given = hand_number - self.first_hand
        if 0 <= given < len(self.decks):
            return self.decks[given]
        order = list(DECK_INDICES)
        # Random.shuffle's own draws, written out (a test holds the two to the same order).
        shuffle_in_place(order, _SHUFFLE_STEPS, seeded_bits(f"calabresella/{self.seed}/hand/{hand_number}"))
        return tuple(order)

    def later_decks(self, hand_number: int) -> tuple[tuple[int, ...], ...]:
        """The explicit deck orders of the hands after ``hand_number`` (empty when they are all shuffled)."""
        return self.decks[max(hand_number + 1 - self.first_hand, 0) :]


_PACKETS: Final[tuple[Callable[[tuple[int, ...]], tuple[int, ...]], ...]] = tuple(
    itemgetter(*(i for r in range(3) for i in range(12 * r + 4 * k, 12 * r + 4 * k + 4))) for k in range(3)
)
"""calabresella.deal.packets: per k, the k-th player's 12 cards counted from E, read off a deck by their
deck positions."""

_BITS: Final[tuple[int, ...]] = tuple(1 << index for index in range(52))
"""Per card index, its bit in a hand's mask."""


def deal_hands(deck: tuple[int, ...], dealer: int, nxt: tuple[int, int, int]) -> tuple[int, int, int]:
    """The three hands (bitmasks) dealt from ``deck`` (calabresella.deal.packets).

    In round r (0..2) the k-th player from the eldest hand E = next(dealer)
    receives ``deck[12r + 4k]`` to ``deck[12r + 4k + 3]``; the last four cards
    are the monte (:func:`dealt_monte`).
    """
    hands = [0, 0, 0]
    seat = nxt[dealer]
    for packets in _PACKETS:
        # The bits of distinct cards: their sum is their union (the loops run in C).
        hands[seat] = sum(map(_BITS.__getitem__, packets(deck)))
        seat = nxt[seat]
    return hands[0], hands[1], hands[2]


def dealt_monte(deck: tuple[int, ...]) -> tuple[int, ...]:
    """calabresella.deal.monte: the monte is the last four cards of the deck, ``deck[36:40]``, face down."""
    return deck[36:40]


def next_dealer(plan: DealPlan, dealer: int, abandoned: bool) -> int:
    """calabresella.deal.rotation: who deals after ``dealer``'s hand, next(D); after an all-pass
    (``abandoned``) D deals again under ``redeal_dealer = same``."""
    if abandoned and plan.options.redeal_dealer is RedealDealer.SAME:
        return dealer
    return plan.nxt[dealer]


@dataclass(frozen=True, slots=True)
class DealContext:
    """The part of a state that stays fixed for a whole hand.

    Attributes:
        plan: the options and where every hand's deck comes from.
        hand_number: the hand's place in the session, 1-based.
        dealer: the seat that dealt it.
        deck: its deck order (card indices, top first).
        balances: each seat's session balance before this hand.
    """

    plan: DealPlan
    hand_number: int
    dealer: int
    deck: tuple[int, ...]
    balances: tuple[int, int, int]


LEVEL_NAMES: Final = ("pass", "Chiamo", "Solo", "Solissimo")
"""The name of each auction level of :attr:`Setup.calls`: 0 a pass, 1-3 the bids."""


@dataclass(frozen=True, slots=True)
class Setup:
    """What the auction and the exchange have decided so far; fixed once play begins.

    Attributes:
        calls: the auction calls in order, as ``(seat, level)``; level 0 is a
            pass, 1 Chiamo, 2 Solo, 3 Solissimo (:data:`LEVEL_NAMES`).
        bidder: the bidder B, or -1 while the auction lasts (and after an all-pass).
        contract: the contract, or ``None``.
        called: the called card's index, or -1.
        giver: the opponent who handed the called card over, or -1 (no call
            yet, not Chiamo, or the called card lay in the monte).
        returned: the index of the card B returned to the giver, or -1.
        raised: the Solissimo raise once chosen, else ``None``.
        laid: every lay-away in order, as ``(seat, card indices)``: B's 4 in
            Chiamo and Solo, the opponents' 2 or 4 after a raise.
        received: cards taken from the monte unseen by the others, as
            ``(seat, card indices)``: B's monte in Solo under ``solo_monte =
            hidden``, the opponents' monte cards after a raise.
    """

    calls: tuple[tuple[int, int], ...] = ()
    bidder: int = -1
    contract: Contract | None = None
    called: int = -1
    giver: int = -1
    returned: int = -1
    raised: Raise | None = None
    laid: tuple[tuple[int, tuple[int, ...]], ...] = ()
    received: tuple[tuple[int, tuple[int, ...]], ...] = ()

    @property
    def called_in_monte(self) -> bool:
        """Whether a card was called and it lay in the monte (calabresella.exchange.called-in-monte)."""
        return self.called >= 0 and self.giver < 0


@dataclass(frozen=True, slots=True)
class Tally:
    """The part of a state that changes once a trick.

    Attributes:
        leader: the seat that leads (or led) the current trick, -1 before play.
        tricks_bidder: tricks won by the bidder.
        tricks_opponents: tricks won by the opponents together.
        won_bidder: the bidder's won pile W_B, as a bitmask.
        won_opponents: the opponents' pooled won pile W_O, as a bitmask.
        winners: the winner of each completed trick, in order.
    """

    leader: int
    tricks_bidder: int = 0
    tricks_opponents: int = 0
    won_bidder: int = 0
    won_opponents: int = 0
    winners: tuple[int, ...] = ()


make_setup: Final[
    Callable[
        [
            tuple[tuple[int, int], ...],
            int,
            Contract | None,
            int,
            int,
            int,
            Raise | None,
            tuple[tuple[int, tuple[int, ...]], ...],
            tuple[tuple[int, tuple[int, ...]], ...],
        ],
        Setup,
    ]
] = fast_constructor(Setup)
"""Build a :class:`Setup` from all its fields, in order, fast (the auction's and exchange's constructor)."""

make_context: Final[Callable[[DealPlan, int, int, tuple[int, ...], tuple[int, int, int]], DealContext]] = (
    fast_constructor(DealContext)
)
"""Build a :class:`DealContext` from all its fields, in order, fast (each new hand's)."""

make_tally: Final[Callable[[int, int, int, int, int, tuple[int, ...]], Tally]] = fast_constructor(Tally)
"""Build a :class:`Tally` from all its fields, in order, fast (the play's constructor)."""

NO_SETUP: Final = Setup()
"""The setup of a hand whose auction has not begun."""

NO_TALLY: Final = Tally(-1)
"""The tally before play: no leader, no tricks."""
