"""The Félagsvist model: the specification's tables and the symbolic terms every claim uses.

The tables are written here from the rules (``felagsvist.md``), not read from
the engine, so a wrong engine table fails the refinement tests instead of
being proved consistent with itself:

- the card numbering is :attr:`cardrules.cards.Card.index`: card ``i`` is of
  suit ``i // 13`` (clubs, diamonds, hearts, spades) and rank ``i % 13 + 2``,
  so :data:`SUIT_MASKS` holds 13 consecutive indices per suit;
- :data:`KINDS` and :data:`CYCLE` are the round kinds and their fixed cycle
  (felagsvist.round.cycle), :data:`TRUMPS` the trump of each trump round
  (felagsvist.round.trump), :data:`STRENGTH_TABLES` the two rank orders
  (felagsvist.cards.rank-order), :data:`DEAL_TRICKS` the tricks of a deal
  (felagsvist.play.trick-order) and :data:`SEATS` the seat letters;
- a hand is a 52-bit vector over the card numbering and the suit led a 3-bit
  value (0-3 a suit, :data:`NO_LEAD` when nobody has led); a trick is four
  distinct 6-bit card indices with the round kind and the ``nolo_ace`` option;
  the cycle of deals, the dealers and the scores are integers.

The claims built on these terms are in the other modules of the package.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Final

from cardrules.cards import Suit, card_at, cards_in, format_cards
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
)

__all__ = [
    "ACE_HIGH",
    "ACE_LOW",
    "CARD_BITS",
    "CYCLE",
    "DEAL_TRICKS",
    "GAME_DEALS",
    "HAND_BITS",
    "KINDS",
    "KIND_LABELS",
    "LED_BITS",
    "NO_LEAD",
    "NO_TRUMP",
    "PACK",
    "PLAY_ON_DEALS",
    "SEATS",
    "SEAT_COUNT",
    "STRENGTH_TABLES",
    "SUIT_MASKS",
    "TRUMPS",
    "TRUMP_BITS",
    "FollowVars",
    "TrickVars",
    "card_beats",
    "deal_scores_model",
    "dealer_of",
    "first_leader",
    "follow_vars",
    "game_over",
    "is_kind",
    "kind_index",
    "leading_side",
    "led_mask",
    "legal_set",
    "legal_set_spec",
    "odd_trick_scores",
    "order_label",
    "partner",
    "per_trick_scores",
    "plural",
    "show_card",
    "show_cards",
    "show_led",
    "strength_table",
    "trick_vars",
    "trick_wins",
]

# -- the specification's tables -------------------------------------------------------

SEATS: Final = ("N", "E", "S", "W")
"""The seats in clockwise order, numbered 0-3 (Terms: seats N, E, S, W)."""

KINDS: Final = ("hearts", "spades", "grand", "diamonds", "clubs", "nolo")
"""The round kinds as the ``first_round`` option names them, numbered for the ``kind`` variable."""

KIND_LABELS: Final[Mapping[str, str]] = MappingProxyType(
    {
        "hearts": "Hearts",
        "spades": "Spades",
        "grand": "Grand",
        "diamonds": "Diamonds",
        "clubs": "Clubs",
        "nolo": "Nóló",
    }
)
"""The name a player reads for each round kind."""

CYCLE: Final = ("hearts", "spades", "grand", "diamonds", "clubs", "nolo")
"""The fixed cycle of round kinds, indices 0-5 (felagsvist.round.cycle)."""

TRUMPS: Final[Mapping[str, int]] = MappingProxyType(
    {
        "hearts": int(Suit.HEARTS),
        "spades": int(Suit.SPADES),
        "diamonds": int(Suit.DIAMONDS),
        "clubs": int(Suit.CLUBS),
    }
)
"""The trump suit of each trump round; Grand and Nóló have none (felagsvist.round.trump)."""

DEAL_TRICKS: Final = 13
"""Tricks in a deal, and so cards in a dealt hand (felagsvist.play.trick-order)."""

HAND_BITS: Final = 52
"""Cards in the pack (felagsvist.cards.pack), one bit each in a set of cards."""

SUIT_MASKS: Final = tuple(0x1FFF << (13 * suit) for suit in range(4))
"""The cards of each suit, by suit number: 13 consecutive card indices per suit."""

_ACE: Final = 12
"""The place of the ace among a suit's 13 indices (the 2 is at 0)."""

ACE_HIGH: Final = tuple(index % 13 for index in range(HAND_BITS))
"""Each card's strength within its suit: A high down to 2 low (felagsvist.cards.rank-order)."""

ACE_LOW: Final = tuple(-1 if index % 13 == _ACE else index % 13 for index in range(HAND_BITS))
"""The same with the ace below the 2, the order of Nóló deals under ``nolo_ace=low``."""

STRENGTH_TABLES: Final = (ACE_LOW, ACE_HIGH)
"""The two rank orders, numbered for the model's choice of order."""


def strength_table(kind: str, ace_low: bool) -> int:
    """The number in :data:`STRENGTH_TABLES` of a deal's rank order.

    The ace is low only in a Nóló deal under ``nolo_ace=low``
    (felagsvist.cards.rank-order); every other deal ranks it high.
    """
    return STRENGTH_TABLES.index(ACE_LOW if kind == "nolo" and ace_low else ACE_HIGH)


# -- the legal set ------------------------------------------------------------------

LED_BITS: Final = 3
"""Bits of the suit-led variable."""
NO_LEAD: Final = 4
"""The value of the suit led when nothing has been led: the player to act leads."""
PACK: Final = (1 << HAND_BITS) - 1
"""The whole pack as a set of cards."""
_SUIT_NAMES: Final = ("clubs", "diamonds", "hearts", "spades")


@dataclass(frozen=True, slots=True)
class FollowVars:
    """The variables of the legal-set claims: the hand of the player to act and the suit led."""

    hand: BitVec
    led: BitVec

    @property
    def domain(self) -> Bool:
        """The suit led is a suit or :data:`NO_LEAD`."""
        return self.led.ule(NO_LEAD)

    @property
    def leading(self) -> Bool:
        """Nothing has been led: the player to act leads."""
        return self.led.eq(NO_LEAD)

    @property
    def void(self) -> Bool:
        """The hand holds no card of the suit led (true when leading)."""
        return (self.hand & led_mask(self.led)).eq(0)

    @property
    def legal(self) -> BitVec:
        """The legal set by the suit masks, as the engine computes it (:func:`legal_set`)."""
        return legal_set(self.hand, self.led)


def follow_vars() -> FollowVars:
    """The hand and suit-led variables (the same z3 constants on every call)."""
    return FollowVars(bv_var("hand", HAND_BITS), bv_var("led", LED_BITS))


def led_mask(led: BitVec) -> BitVec:
    """The cards of the suit led, from :data:`SUIT_MASKS` (0 if none)."""
    mask = bv_val(0, HAND_BITS)
    for suit in reversed(range(len(SUIT_MASKS))):
        mask = ite(led.eq(suit), bv_val(SUIT_MASKS[suit], HAND_BITS), mask)
    return mask


def legal_set(hand: BitVec, led: BitVec) -> BitVec:
    """The legal set by the suit masks, the way the engine computes it, for symbolic values.

    The whole hand when leading; else the hand's cards of the suit led, or the
    whole hand when there are none.
    """
    same = hand & led_mask(led)
    return ite(led.eq(NO_LEAD), hand, ite(same.ne(0), same, hand))


def legal_set_spec(hand: BitVec, led: BitVec, *, suit_of: tuple[int, ...] | None = None) -> BitVec:
    """The legal set as the specification words it, card by card.

    Card ``i`` is legal when it is in the hand and the player leads
    (felagsvist.play.lead-any), or it is of the suit led
    (felagsvist.play.must-follow), or the hand has no card of the suit led
    (felagsvist.play.void-any). A card's suit comes from
    :func:`cardrules.cards.card_at`, not from the suit masks; ``suit_of`` swaps
    in another card numbering (used by a wrong companion).
    """
    suits = suit_of if suit_of is not None else tuple(int(card_at(i).suit) for i in range(HAND_BITS))
    leading = led.eq(NO_LEAD)
    of_led = [led.eq(suits[i]) for i in range(HAND_BITS)]
    holds_led = any_of(hand.bit(i) & of_led[i] for i in range(HAND_BITS))
    return bv_from_bits([hand.bit(i) & (leading | of_led[i] | ~holds_led) for i in range(HAND_BITS)])


def show_cards(mask: int) -> str:
    """A set of cards as text, in index order, or (none)."""
    return format_cards(cards_in(mask & PACK)) or "(none)"


def show_led(led: int) -> str:
    """The suit led as text: a suit's name and letter, or that the player to act leads."""
    if led == NO_LEAD:
        return "nothing (the player to act leads)"
    if 0 <= led < 4:
        suit = Suit(led)
        return f"{_SUIT_NAMES[led]} ({suit.letter})"
    return f"{led} (not a suit)"


def plural(number: int, noun: str) -> str:
    """A count and a noun, the noun in the plural unless the count is 1."""
    return f"{number} {noun}" if number == 1 else f"{number} {noun}s"


# -- the trick winner ---------------------------------------------------------------

CARD_BITS: Final = 6
"""Bits of a card index in a trick."""
TRUMP_BITS: Final = 3
"""Bits of a suit or of :data:`NO_TRUMP`."""
NO_TRUMP: Final = 4
"""The trump value of Grand and Nóló deals."""

_KIND_BITS: Final = 3
_TABLE_BITS: Final = max(1, (len(STRENGTH_TABLES) - 1).bit_length())


def _trump_number(kind: str) -> int:
    return TRUMPS.get(kind, NO_TRUMP)


@dataclass(frozen=True, slots=True)
class TrickVars:
    """The variables of the trick claims.

    Four cards (leader first), the deal's round kind (an index into
    :data:`KINDS`), the ``nolo_ace`` option and the leader's seat. The trump
    and the rank order follow from the kind and the option as :data:`TRUMPS`
    and :func:`strength_table` say.
    """

    cards: tuple[BitVec, BitVec, BitVec, BitVec]
    kind: BitVec
    ace_low: Bool
    leader: BitVec

    @property
    def domain(self) -> Bool:
        """Four distinct cards of the pack and a round kind that exists."""
        return all_of(
            (
                *(card.ult(HAND_BITS) for card in self.cards),
                distinct(self.cards),
                self.kind.ult(len(KINDS)),
            )
        )

    @property
    def trump(self) -> BitVec:
        """The trump suit of the deal, or :data:`NO_TRUMP` (felagsvist.round.trump)."""
        trump = bv_val(NO_TRUMP, TRUMP_BITS)
        for number, kind in enumerate(KINDS):
            trump = ite(self.kind.eq(number), bv_val(_trump_number(kind), TRUMP_BITS), trump)
        return trump

    @property
    def table(self) -> BitVec:
        """The number of the rank order in :data:`STRENGTH_TABLES` (felagsvist.cards.rank-order)."""
        table = bv_val(0, _TABLE_BITS)
        for number, kind in enumerate(KINDS):
            low = strength_table(kind, ace_low=True)
            high = strength_table(kind, ace_low=False)
            chosen = ite(self.ace_low, bv_val(low, _TABLE_BITS), bv_val(high, _TABLE_BITS))
            table = ite(self.kind.eq(number), chosen, table)
        return table


def trick_vars() -> TrickVars:
    """The trick variables (the same z3 constants on every call)."""
    cards = tuple(bv_var(f"card{i}", CARD_BITS) for i in range(4))
    return TrickVars(
        (cards[0], cards[1], cards[2], cards[3]),
        bv_var("kind", _KIND_BITS),
        bool_var("nolo_ace_low"),
        bv_var("leader", 2),
    )


def _suit(card: BitVec) -> BitVec:
    """The suit of a card index, as a 3-bit value comparable with the trump.

    Read from :func:`cardrules.cards.card_at` over the 52 cards (indices past
    the pack, which the domain excludes, read as spades).
    """
    suit = bv_val(int(card_at(HAND_BITS - 1).suit), TRUMP_BITS)
    for index in reversed(range(HAND_BITS - 1)):
        suit = ite(card.eq(index), bv_val(int(card_at(index).suit), TRUMP_BITS), suit)
    return suit


_STRENGTH_LOW: Final = min(min(table) for table in STRENGTH_TABLES)
_STRENGTH_BITS: Final = max(1, (max(max(table) for table in STRENGTH_TABLES) - _STRENGTH_LOW).bit_length())


def _strength(card: BitVec, table: BitVec) -> BitVec:
    """The card's strength within its suit under the selected rank order.

    Read from :data:`STRENGTH_TABLES`, shifted to start at 0, so that
    unsigned bit-vector comparison orders cards as the rank order does.
    """
    by_table = []
    for strengths in STRENGTH_TABLES:
        shifted = [value - _STRENGTH_LOW for value in strengths]
        value = bv_val(shifted[HAND_BITS - 1], _STRENGTH_BITS)
        for index in reversed(range(HAND_BITS - 1)):
            value = ite(card.eq(index), bv_val(shifted[index], _STRENGTH_BITS), value)
        by_table.append(value)
    chosen = by_table[-1]
    for number in reversed(range(len(by_table) - 1)):
        chosen = ite(table.eq(number), by_table[number], chosen)
    return chosen


def trick_wins(v: TrickVars) -> tuple[Bool, Bool, Bool, Bool]:
    """For each position (0 = the lead), whether that card wins by felagsvist.trick.winner.

    In a trump round with a trump in the trick, the highest trump wins;
    otherwise, always in Grand and Nóló, the highest card of the suit led.
    """
    suits = [_suit(card) for card in v.cards]
    strengths = [_strength(card, v.table) for card in v.cards]
    is_trump = [v.trump.ne(NO_TRUMP) & suit.eq(v.trump) for suit in suits]
    of_led = [suit.eq(suits[0]) for suit in suits]
    trumped = any_of(is_trump)

    def highest(i: int, among: list[Bool]) -> Bool:
        return among[i] & all_of(among[j].implies(strengths[i].ugt(strengths[j])) for j in range(4) if j != i)

    wins = [ite(trumped, highest(i, is_trump), highest(i, of_led)) for i in range(4)]
    return wins[0], wins[1], wins[2], wins[3]


def card_beats(v: TrickVars, i: int, j: int) -> Bool:
    """Card ``i`` beats card ``j`` of the trick, comparing just the two."""
    suit_i, suit_j = _suit(v.cards[i]), _suit(v.cards[j])
    led = _suit(v.cards[0])
    has_trump = v.trump.ne(NO_TRUMP)
    trumps_it = has_trump & suit_i.eq(v.trump) & suit_j.ne(v.trump)
    same_suit_higher = suit_i.eq(suit_j) & _strength(v.cards[i], v.table).ugt(_strength(v.cards[j], v.table))
    led_beats_discard = suit_i.eq(led) & suit_j.ne(led) & (~has_trump | suit_j.ne(v.trump))
    return trumps_it | same_suit_higher | led_beats_discard


def order_label(table: int) -> str:
    """Which rank order a number of :data:`STRENGTH_TABLES` is: ``ace high`` or ``ace low``."""
    strengths = STRENGTH_TABLES[table][:13]
    return "ace high" if strengths[12] == max(strengths) else "ace low"


def show_card(index: int) -> str:
    """A card index as text (``QS``), or ``card #i`` outside the pack."""
    return str(card_at(index)) if 0 <= index < HAND_BITS else f"card #{index}"


# -- deal scores --------------------------------------------------------------------


def per_trick_scores(tricks_ns: Int, nolo: Bool) -> tuple[Int, Int]:
    """The (NS, EW) per-trick deal scores when NS won ``tricks_ns`` of the deal's tricks.

    felagsvist.score.trick-rounds: a side scores its tricks;
    felagsvist.score.nolo: in Nóló, its opponents' tricks.
    """
    tricks_ew = DEAL_TRICKS - tricks_ns
    return ite(nolo, tricks_ew, tricks_ns), ite(nolo, tricks_ns, tricks_ew)


def _odd(tricks: Int) -> Int:
    """A side's odd-tricks score: the tricks beyond a book of six, never negative."""
    return ite(tricks > 6, tricks - 6, int_val(0))


def odd_trick_scores(tricks_ns: Int, tricks_ew: Int, nolo: Bool) -> tuple[Int, Int]:
    """The (NS, EW) odd-tricks scores of a deal: each side's score beyond a book of six."""
    ns, ew = ite(nolo, tricks_ew, tricks_ns), ite(nolo, tricks_ns, tricks_ew)
    return _odd(ns), _odd(ew)


def deal_scores_model(tricks_ns: Int, nolo: Bool, odd_tricks: Bool) -> tuple[Int, Int]:
    """The (NS, EW) scores of a finished deal in which NS won ``tricks_ns`` tricks, under either scoring.

    Per trick (felagsvist.score.trick-rounds, felagsvist.score.nolo) as
    :func:`per_trick_scores`; with ``odd_tricks``, only each score's part
    beyond a book of six.
    """
    per_ns, per_ew = per_trick_scores(tricks_ns, nolo)
    odd_ns, odd_ew = odd_trick_scores(tricks_ns, DEAL_TRICKS - tricks_ns, nolo)
    return ite(odd_tricks, odd_ns, per_ns), ite(odd_tricks, odd_ew, per_ew)


# -- the cycle of deals and the dealers ---------------------------------------------

GAME_DEALS: Final = 12
"""Deals in a game (felagsvist.game.twelve-deals)."""
PLAY_ON_DEALS: Final = GAME_DEALS + 1
"""Deals in a game that tiebreak=play-on extends after a tie (felagsvist.game.tie)."""
SEAT_COUNT: Final = 4
"""Seats at the table."""


def kind_index(first_round: Int, deal: Int | int) -> Int:
    """felagsvist.round.cycle: deal k has kind ``CYCLE[(s + k - 1) mod 6]``."""
    return (first_round + deal - 1).mod(len(CYCLE))


def is_kind(index: Int, kind: str) -> Bool:
    """Whether cycle index ``index`` is of round kind ``kind``."""
    return any_of(index.eq(i) for i, entry in enumerate(CYCLE) if entry == kind)


def dealer_of(first_dealer: Int, deal: Int | int) -> Int:
    """felagsvist.deal.rotation: the deal passes left, so deal k is dealt by ``d + k - 1``."""
    return (first_dealer + deal - 1).mod(SEAT_COUNT)


def partner(seat: Int) -> Int:
    """The seat opposite ``seat`` (felagsvist.seating.partnerships)."""
    return (seat + 2).mod(SEAT_COUNT)


def first_leader(first_dealer: Int, deal: Int | int) -> Int:
    """felagsvist.play.first-lead: the dealer's left-hand neighbour leads first."""
    return (dealer_of(first_dealer, deal) + 1).mod(SEAT_COUNT)


def game_over(deal: Int, ns: Int, ew: Int, play_on: Bool) -> Bool:
    """felagsvist.game.twelve-deals, felagsvist.game.tie: the game ends after deal 12 unless play-on
    meets level totals, and after deal 13 in any case."""
    return (deal >= PLAY_ON_DEALS) | (deal.eq(GAME_DEALS) & (~play_on | ns.ne(ew)))


def leading_side(ns: Int, ew: Int) -> Int:
    """felagsvist.game.winner: the side with the higher total (0 NS, 1 EW), or -1 when they are level."""
    return ite(ns.eq(ew), int_val(-1), ite(ns > ew, int_val(0), int_val(1)))
