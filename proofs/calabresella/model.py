"""The Calabresella model: the specification's tables and the symbolic terms the claims use.

Written from the rules (``calabresella.md``), not from the engine; only the
card numbering of :mod:`cardrules.cards` is shared. It holds the rank order
and the card values in thirds (calabresella.deck.rank-order,
calabresella.scoring.card-thirds), the 40-card deck, the legal set
(calabresella.play.follow), the trick winner (calabresella.play.trick-winner), and the zones, phases and
size tables of the whole-hand model; the settlement and the payments are in
:mod:`proofs.calabresella.settlement`. Sums of card values over symbolic
piles are proved in two steps (each valued card counted once, then the sum),
since z3 cannot pair up the terms of two such sums on its own.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Final

from cardrules.cards import STANDARD_DECK, Rank, Suit, card_at, cards_in, format_cards
from proofs.z3facade import (
    BitVec,
    Bool,
    Int,
    all_of,
    any_of,
    bool_var,
    bv_from_bits,
    bv_val,
    bv_var,
    distinct,
    int_val,
    ite,
    sum_of,
)

__all__ = [
    "ABANDONED",
    "BONUS",
    "CALL",
    "CHOOSE",
    "CHOOSE_STEPS",
    "CONTRACT",
    "DEAL",
    "DEALT_CARDS",
    "DEAL_SIZES",
    "DECK",
    "DECK_CARDS",
    "DECK_INDICES",
    "DIVIDE",
    "DIVIDE_STEPS",
    "HAND0",
    "HAND1",
    "HAND2",
    "HANDED",
    "HAND_BITS",
    "HAND_THIRDS",
    "LAY",
    "LEAD",
    "MONTE",
    "NO_LEAD",
    "PHASES",
    "PILE",
    "PLAYING",
    "RAISE",
    "RANK_STRENGTH",
    "RANK_THIRDS",
    "SETTLE",
    "TAKE",
    "TRICK",
    "TRICKS",
    "WON_B",
    "WON_O",
    "ZONES",
    "FollowVars",
    "TrickVars",
    "card_thirds",
    "deal_receiver",
    "follow_vars",
    "led_mask",
    "legal_set",
    "pile_var",
    "points",
    "show_card",
    "show_cards",
    "show_pile",
    "side_seat",
    "step_sizes",
    "strength_of",
    "suit_number",
    "thirds_of",
    "trick_vars",
    "trick_wins",
    "within_deck",
]


# -- the deck, its order and its values (the specification's tables) ----------------

HAND_BITS: Final = 52
"""Sets of cards are 52-bit vectors over the standard card indices; the game uses 40 of them."""

RANK_STRENGTH: Final[Mapping[Rank, int]] = MappingProxyType(
    {
        Rank.THREE: 9,
        Rank.TWO: 8,
        Rank.ACE: 7,
        Rank.KING: 6,
        Rank.QUEEN: 5,
        Rank.JACK: 4,
        Rank.SEVEN: 3,
        Rank.SIX: 2,
        Rank.FIVE: 1,
        Rank.FOUR: 0,
    }
)
"""calabresella.deck.rank-order: strength within a suit, 9 (the 3) down to 0 (the 4)."""

RANK_THIRDS: Final[Mapping[Rank, int]] = MappingProxyType(
    {Rank.ACE: 3, Rank.THREE: 1, Rank.TWO: 1, Rank.KING: 1, Rank.QUEEN: 1, Rank.JACK: 1}
)
"""calabresella.scoring.card-thirds: an ace is 3 thirds, a 3, 2, K, Q or J one third, the rest 0."""

DECK_CARDS: Final = tuple(card for card in STANDARD_DECK if card.rank in RANK_STRENGTH)
"""The 40 cards of the game, in index order (the standard pack without 8s, 9s and 10s)."""
DECK: Final[int] = sum(1 << card.index for card in DECK_CARDS)
"""calabresella.deck.composition: the 40 cards (no 8, 9 or 10) as a 52-bit mask."""
DECK_INDICES: Final = tuple(card.index for card in DECK_CARDS)
"""The card indices of the 40 cards."""
_FULL: Final = (1 << HAND_BITS) - 1
HAND_THIRDS: Final = 35
"""Thirds in a hand: 32 in the cards and 3 for the last trick."""
BONUS: Final = 3
"""Thirds for the last trick (calabresella.scoring.last-trick)."""
TRICKS: Final = 12
"""Tricks in a hand."""


def card_thirds(index: int) -> int:
    """The value in thirds of the card with this index (0 for a card outside the deck)."""
    card = card_at(index)
    return RANK_THIRDS.get(card.rank, 0) if DECK >> index & 1 else 0


def thirds_of(cards: BitVec) -> Int:
    """The value in thirds of a set of cards (only the 40 cards of the deck count)."""
    return sum_of(
        ite(cards.bit(i), int_val(card_thirds(i)), int_val(0)) for i in DECK_INDICES if card_thirds(i)
    )


def points(thirds: Int) -> Int:
    """calabresella.scoring.rounding: whole points, the remainder dropped (``floor(thirds / 3)``)."""
    return thirds.floordiv(3)


def _suit_mask(suit: Suit) -> int:
    return sum(1 << card.index for card in DECK_CARDS if card.suit is suit)


def show_cards(mask: int) -> str:
    """A set of cards as text, in index order, or ``(none)``."""
    return format_cards(cards_in(mask & _FULL)) or "(none)"


def show_card(index: int) -> str:
    """A card index as text (``3S``), or ``card #i`` outside the pack."""
    return str(card_at(index)) if 0 <= index < HAND_BITS else f"card #{index}"


def show_pile(mask: int) -> str:
    """A pile as its size and cards, shortened when long."""
    cards = list(cards_in(mask & _FULL))
    if len(cards) <= 17:
        return f"{len(cards)} ({format_cards(cards) or '-'})"
    return f"{len(cards)} ({format_cards(cards[:6])} ... {format_cards(cards[-3:])})"


def within_deck(cards: BitVec) -> Bool:
    """Every card of ``cards`` is one of the 40."""
    return (cards & ~bv_val(DECK, HAND_BITS)).eq(0)


# -- the legal set ------------------------------------------------------------------

NO_LEAD: Final = 4
"""The value of the suit led when nobody has led: the player to act leads."""


@dataclass(frozen=True, slots=True)
class FollowVars:
    """The hand of the player to act, the suit led (or :data:`NO_LEAD`) and the ``follow_suit`` option."""

    hand: BitVec
    led: BitVec
    free: Bool

    @property
    def domain(self) -> Bool:
        """A hand of the game's cards and a suit led that exists (or none)."""
        return within_deck(self.hand) & self.led.ule(NO_LEAD)

    @property
    def of_led(self) -> BitVec:
        """The hand's cards of the suit led (none when nobody has led)."""
        return self.hand & led_mask(self.led)

    @property
    def legal(self) -> BitVec:
        """The legal set (calabresella.play.lead, calabresella.play.follow)."""
        return legal_set(self.hand, self.led, self.free)


def follow_vars() -> FollowVars:
    """The legal-set variables (the same z3 constants on every call)."""
    return FollowVars(bv_var("cal hand", HAND_BITS), bv_var("cal led", 3), bool_var("cal follow free"))


def led_mask(led: BitVec) -> BitVec:
    """The cards of the suit led (0 when nothing is led)."""
    mask = bv_val(0, HAND_BITS)
    for suit in reversed(Suit):
        mask = ite(led.eq(int(suit)), bv_val(_suit_mask(suit), HAND_BITS), mask)
    return mask


def legal_set(hand: BitVec, led: BitVec, free: Bool) -> BitVec:
    """The cards the player to act may play, card by card as the specification words it.

    Card ``i`` is legal when it is held and the player leads
    (calabresella.play.lead), or ``follow_suit = free``, or it is of the suit
    led, or the hand holds no card of the suit led
    (calabresella.play.follow).
    """
    leading = led.eq(NO_LEAD)
    suits = {i: int(card_at(i).suit) for i in range(HAND_BITS)}
    holds_led = any_of(hand.bit(i) & led.eq(suits[i]) for i in DECK_INDICES)
    return bv_from_bits(
        [hand.bit(i) & (leading | free | led.eq(suits[i]) | ~holds_led) for i in range(HAND_BITS)]
    )


# -- the trick winner -----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TrickVars:
    """Three cards of a trick, the leader's first."""

    cards: tuple[BitVec, BitVec, BitVec]

    @property
    def domain(self) -> Bool:
        """Three distinct cards of the deck."""
        in_deck = all_of(any_of(card.eq(i) for i in DECK_INDICES) for card in self.cards)
        return in_deck & distinct(self.cards)


def trick_vars() -> TrickVars:
    """The trick variables (the same z3 constants on every call)."""
    a, b, c = (bv_var(f"cal trick card{i}", 6) for i in range(3))
    return TrickVars((a, b, c))


def _card_table(card: BitVec, table: Callable[[int], int], width: int) -> BitVec:
    term = bv_val(0, width)
    for i in DECK_INDICES:
        term = ite(card.eq(i), bv_val(table(i), width), term)
    return term


def suit_number(card: BitVec) -> BitVec:
    """The suit of a symbolic card index, as a 2-bit value."""
    return _card_table(card, lambda i: int(card_at(i).suit), 2)


def strength_of(card: BitVec) -> BitVec:
    """The strength of a symbolic card within its suit (calabresella.deck.rank-order)."""
    return _card_table(card, lambda i: RANK_STRENGTH[card_at(i).rank], 4)


def trick_wins(v: TrickVars, *, ignore_suit: bool = False) -> tuple[Bool, Bool, Bool]:
    """For each position (0 = the lead), whether that card wins (calabresella.play.trick-winner).

    The highest card of the suit led wins; there are no trumps. With
    ``ignore_suit`` (a wrong companion) the highest card of any suit wins.
    """
    suits = [suit_number(card) for card in v.cards]
    strengths = [strength_of(card) for card in v.cards]
    led = [suits[i].eq(suits[0]) | ignore_suit for i in range(3)]

    def highest(i: int) -> Bool:
        return led[i] & all_of(led[j].implies(strengths[i].ugt(strengths[j])) for j in range(3) if j != i)

    return highest(0), highest(1), highest(2)


def pile_var(name: str) -> BitVec:
    """A 52-bit pile variable named after what it holds."""
    return bv_var(f"cal {name}", HAND_BITS)


# -- the whole hand as a transition system ------------------------------------------------

ZONES: Final = ("pile", "hand0", "hand1", "hand2", "monte", "trick", "won_b", "won_o")
"""The places a card can be: the undealt pile, three hands, the monte, the trick, the two won piles.

During the deal (and after an all-pass) ``hand<j>`` belongs to the player ``j``
places after E in turn order: E, next(E), then the dealer. From the end of the
auction on, ``hand0`` is the bidder's, ``hand1`` O1's and ``hand2`` O2's.
"""
PILE, HAND0, HAND1, HAND2, MONTE, TRICK, WON_B, WON_O = range(len(ZONES))
"""The number of each zone, as the ``zone`` codes of the hand model use it."""

PHASES: Final = (
    "deal",
    "contract",
    "call",
    "handed",
    "take",
    "lay",
    "raise",
    "dividete",
    "scegliete",
    "lead",
    "play",
    "settle",
    "abandoned",
)
"""The model's phases, in the order of calabresella.procedure.phases.

``deal``: cards dealt one by one (``k`` so far). ``contract``: the auction won,
the contract to name. ``call``: Chiamo's called card to hand over (or found in
the monte). ``handed``: the called card handed over, ``k`` monte cards taken;
the return is made at ``k = 0`` (before-monte) or ``k = 4`` (after-monte).
``take``: the monte taken card by card (Solo, the called card in the monte, or
after an early return). ``lay``: ``k`` cards laid away. ``raise``: Solissimo's
raise choice. ``dividete`` and ``scegliete``: the opponents' exchange, one card
per step. ``lead``: the opening lead to give. ``play``: the tricks, each
gathered card by card by the winner's side. ``settle``: ``k`` monte cards moved
to the pile of the winner of trick 12 (settled at ``k = 4``). ``abandoned``:
all three passed.

The engine moves the monte and a won trick in one step; the model moves them a
card at a time, which proves more (the invariant holds in between) and keeps
every step a one-card change that z3 can count.
"""
(
    DEAL,
    CONTRACT,
    CALL,
    HANDED,
    TAKE,
    LAY,
    RAISE,
    DIVIDE,
    CHOOSE,
    LEAD,
    PLAYING,
    SETTLE,
    ABANDONED,
) = range(len(PHASES))
"""The number of each phase, in the order of :data:`PHASES`."""

DEALT_CARDS: Final = 40
"""Cards dealt in a hand."""
_MONTE_START: Final = 36


def deal_receiver(k: int) -> int:
    """calabresella.deal.packets: the zone of card c[k]: packets of four from E, the last four the monte."""
    return HAND0 + (k // 4) % 3 if k < _MONTE_START else MONTE


DEAL_SIZES: Final = tuple(
    tuple(sum(1 for i in range(k) if deal_receiver(i) == zone) for zone in (HAND0, HAND1, HAND2, MONTE))
    for k in range(DEALT_CARDS + 1)
)
"""After k cards dealt: the sizes of hand0, hand1, hand2 and the monte."""

DIVIDE_STEPS: Final = (
    *((MONTE, HAND1),) * 2,
    *((MONTE, HAND2),) * 2,
    *((HAND1, MONTE),) * 2,
    *((HAND2, MONTE),) * 2,
)
"""calabresella.exchange.dividete, a card per step: O1 takes two, O2 two, O1 lays two, O2 two."""
CHOOSE_STEPS: Final = (
    *((MONTE, HAND1),) * 4,
    *((HAND1, MONTE),) * 4,
    *((MONTE, HAND2),) * 4,
    *((HAND2, MONTE),) * 4,
)
"""calabresella.exchange.scegliete, a card per step: O1 takes the monte and lays 4, then O2 does."""


def step_sizes(steps: tuple[tuple[int, int], ...]) -> tuple[tuple[int, int, int], ...]:
    """The sizes of O1, O2 and the monte after each number of steps, from 12, 12 and 4."""
    rows = []
    for k in range(len(steps) + 1):
        sizes = {HAND1: 12, HAND2: 12, MONTE: 4}
        for src, dst in steps[:k]:
            sizes[src] -= 1
            sizes[dst] += 1
        rows.append((sizes[HAND1], sizes[HAND2], sizes[MONTE]))
    return tuple(rows)


def side_seat(number: int) -> str:
    """A seat of the hand model as text: the bidder, O1 or O2."""
    return ("the bidder", "O1", "O2")[number] if 0 <= number < 3 else f"seat #{number}"
