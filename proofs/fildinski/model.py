"""The Fildinski model: the specification's cards, ids, ranks, masks, tables and symbolic rules.

Written from the rules (``fildinski.md``), not from the engine. A physical
card is the id ``16*s + 2*str + (copy - 1)`` (fildinski.deck.card-identity):
suit ``s`` 0-3 (clubs, diamonds, hearts, spades), strength ``str`` 0-7 in the
order 7, 8, 9, J, Q, K, 10, A (fildinski.deck.ranking) and copy 1 or 2, so the
two cards of a kind are the ids ``2k`` and ``2k + 1`` and a set of cards is a
64-bit vector. The module holds the trick winner (fildinski.play.trick-winner),
the endgame legal set (fildinski.endgame.legal-set), the card values
(fildinski.score.brisques, fildinski.score.trump-seven), the zones of a deal
and the meld table (fildinski.meld.kinds); the claims are in the other modules.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Final

from proofs.z3facade import (
    BitVec,
    Bool,
    Int,
    all_of,
    any_of,
    bv_from_bits,
    bv_val,
    bv_var,
    count,
    int_val,
    ite,
    onehot,
)

__all__ = [
    "ALL_CARDS",
    "BRISQUE",
    "CLUBS",
    "DEAL_TRICKS",
    "DECK",
    "DIAMONDS",
    "HAND",
    "HEARTS",
    "ID_BITS",
    "JACK",
    "LAST_TRICK",
    "MELD_VALUES",
    "QUEEN",
    "RANK_LETTERS",
    "SEVEN",
    "SEVEN_IDS",
    "SPADES",
    "STOCK_TRICKS",
    "SUIT_LETTERS",
    "SUIT_NAMES",
    "TEN",
    "TRUMP_SEVEN",
    "ZONES",
    "FollowVars",
    "TrickVars",
    "bit_of",
    "card_id",
    "card_value",
    "endgame_legal",
    "endgame_legal_spec",
    "follow_vars",
    "follower_wins",
    "follower_wins_by_ids",
    "holds_card",
    "is_brisque",
    "is_trump_seven",
    "mask_of_suit",
    "partition",
    "plural",
    "rank_mask",
    "show_card",
    "show_cards",
    "strength_of",
    "strength_of_id",
    "suit_mask",
    "suit_of",
    "suit_of_id",
    "trick_key",
    "trick_points",
    "trick_vars",
]


# -- cards --------------------------------------------------------------------------

DECK: Final = 64
"""Physical cards in the deck (fildinski.deck.composition): two of each of 32 kinds."""
ID_BITS: Final = 6
"""Bits of a card id (0..63)."""
ALL_CARDS: Final = (1 << DECK) - 1
"""The whole deck as a 64-bit set."""
RANK_LETTERS: Final = ("7", "8", "9", "J", "Q", "K", "T", "A")
"""The rank letter of each strength 0..7 (fildinski.deck.ranking: 7 lowest, A highest, the 10 above the K)."""
SUIT_LETTERS: Final = ("C", "D", "H", "S")
"""The letter of each suit number, clubs 0 to spades 3."""
SUIT_NAMES: Final = ("clubs", "diamonds", "hearts", "spades")
"""The name of each suit number."""
SEVEN, JACK, QUEEN, TEN, _ACE = 0, 3, 4, 6, 7
"""The strengths of the 7, J, Q, 10 and A."""
SPADES, DIAMONDS, HEARTS, CLUBS = 3, 1, 2, 0
"""The suit numbers of the ids."""


def card_id(suit: int, strength: int, copy: int) -> int:
    """The id of a physical card (fildinski.deck.card-identity): ``16*suit + 2*strength + copy - 1``.

    >>> card_id(3, 4, 1), card_id(3, 4, 2)  # the two queens of spades
    (56, 57)
    """
    if not (0 <= suit < 4 and 0 <= strength < 8 and copy in (1, 2)):
        raise ValueError(f"no card has suit {suit}, strength {strength}, copy {copy}")
    return 16 * suit + 2 * strength + copy - 1


def suit_of_id(card: int) -> int:
    """The suit of a card id."""
    return card >> 4


def strength_of_id(card: int) -> int:
    """The strength of a card id (0 for the 7 up to 7 for the ace)."""
    return (card >> 1) & 7


def show_card(card: int) -> str:
    """A card id as text: rank, suit and copy (``QS#2``); ids outside 0..63 as ``#id``."""
    if not 0 <= card < DECK:
        return f"#{card}"
    return f"{RANK_LETTERS[strength_of_id(card)]}{SUIT_LETTERS[suit_of_id(card)]}#{(card & 1) + 1}"


def plural(number: int, noun: str) -> str:
    """A count and a noun, the noun in the plural unless the count is 1."""
    return f"{number} {noun}" if number == 1 else f"{number} {noun}s"


def show_cards(mask: int) -> str:
    """The ids of a 64-bit set as text, in id order, or ``-`` when empty."""
    cards = [show_card(i) for i in range(DECK) if mask >> i & 1]
    return " ".join(cards) if cards else "-"


def suit_mask(suit: int) -> int:
    """The 16 ids of a suit."""
    return 0xFFFF << (16 * suit)


def rank_mask(strength: int) -> int:
    """The 8 ids of a strength, two in each suit."""
    return sum(0b11 << (16 * suit + 2 * strength) for suit in range(4))


def suit_of(card: BitVec) -> BitVec:
    """The suit (0-3: clubs, diamonds, hearts, spades) of a 6-bit id."""
    return card.lshr(4).resize(2)


def strength_of(card: BitVec) -> BitVec:
    """The strength ``str`` (0-7) of a 6-bit id."""
    return card.lshr(1).resize(3)


def mask_of_suit(suit: BitVec) -> BitVec:
    """The ids of a symbolic suit."""
    mask = bv_val(suit_mask(3), DECK)
    for s in reversed(range(3)):
        mask = ite(suit.eq(s), bv_val(suit_mask(s), DECK), mask)
    return mask


def _above(card: BitVec) -> BitVec:
    """The ids of the card's suit with a strictly higher strength (its twin excluded)."""
    start = (card | 1).resize(DECK) + 1
    return mask_of_suit(suit_of(card)) & bv_val(ALL_CARDS, DECK).shl(start)


def bit_of(card: BitVec) -> BitVec:
    """A card id as a one-card 64-bit set."""
    return onehot(card, DECK)


def holds_card(cards: BitVec, card: BitVec) -> Bool:
    """Whether the set ``cards`` holds the card ``card``."""
    return (cards & bit_of(card)).ne(0)


# -- the trick winner -----------------------------------------------------------------


def follower_wins(led: BitVec, follower: BitVec, trump: BitVec) -> Bool:
    """fildinski.play.trick-winner, word for word: the follower wins iff it beats the led card.

    It beats it with a higher card of the suit led, or with a trump on a
    plain-suit lead; otherwise (an identical card included) the leader wins.
    """
    same_suit = suit_of(follower).eq(suit_of(led))
    higher = strength_of(follower).ugt(strength_of(led))
    trumps_it = suit_of(follower).eq(trump) & suit_of(led).ne(trump)
    return (same_suit & higher) | trumps_it


def follower_wins_by_ids(led: BitVec, follower: BitVec, trump: BitVec) -> Bool:
    """A plausible bug: comparing ids within a suit, so the second copy beats the first."""
    same_suit = suit_of(follower).eq(suit_of(led))
    trumps_it = suit_of(follower).eq(trump) & suit_of(led).ne(trump)
    return (same_suit & follower.ugt(led)) | trumps_it


def trick_key(card: BitVec, led: BitVec, trump: BitVec) -> BitVec:
    """The card's place in the trick: trump first, then the suit led, then strength (5 bits)."""
    is_trump = ite(suit_of(card).eq(trump), bv_val(1, 5), bv_val(0, 5)).shl(4)
    of_led = ite(suit_of(card).eq(suit_of(led)), bv_val(1, 5), bv_val(0, 5)).shl(3)
    return is_trump | of_led | strength_of(card).resize(5)


@dataclass(frozen=True, slots=True)
class TrickVars:
    """The variables of the trick claims: the led card, the follower's card and the trump suit."""

    led: BitVec
    follower: BitVec
    trump: BitVec


def trick_vars() -> TrickVars:
    """The trick variables (the same z3 constants on every call)."""
    return TrickVars(bv_var("led", ID_BITS), bv_var("follower", ID_BITS), bv_var("trump", 2))


# -- the endgame legal set --------------------------------------------------------------

_ENDGAME_HAND: Final = 8
"""The most cards a hand holds (at the lead of trick 25)."""


@dataclass(frozen=True, slots=True)
class FollowVars:
    """The variables of the legal-set claims: the follower's hand, the led card and the trump suit."""

    hand: BitVec
    led: BitVec
    trump: BitVec

    @property
    def of_led(self) -> BitVec:
        """F: the hand's cards of the suit led."""
        return self.hand & mask_of_suit(suit_of(self.led))

    @property
    def higher(self) -> BitVec:
        """F+: the hand's cards of the suit led that beat the led card."""
        return self.hand & _above(self.led)

    @property
    def trumps(self) -> BitVec:
        """R: the hand's trumps."""
        return self.hand & mask_of_suit(self.trump)

    @property
    def legal(self) -> BitVec:
        """The endgame legal set as a priority chain of masks (:func:`endgame_legal`)."""
        return endgame_legal(self.hand, self.led, self.trump)

    @property
    def real(self) -> Bool:
        """A hand a follower can hold: 1 to 8 cards, the led card not among them."""
        size = count(self.hand.bit(i) for i in range(DECK))
        return size.between(1, _ENDGAME_HAND) & ~holds_card(self.hand, self.led)


def follow_vars() -> FollowVars:
    """The hand, led-card and trump variables (the same z3 constants on every call)."""
    return FollowVars(bv_var("hand", DECK), bv_var("led", ID_BITS), bv_var("trump", 2))


def endgame_legal(hand: BitVec, led: BitVec, trump: BitVec) -> BitVec:
    """fildinski.endgame.legal-set for the follower: F+ if any, else F if any, else R if any, else H."""
    v = FollowVars(hand, led, trump)
    higher, of_led, trumps = v.higher, v.of_led, v.trumps
    return ite(higher.ne(0), higher, ite(of_led.ne(0), of_led, ite(trumps.ne(0), trumps, hand)))


def endgame_legal_spec(hand: BitVec, led: BitVec, trump: BitVec) -> BitVec:
    """The follower's endgame legal set card by card, as the four duties word it.

    Card ``i`` is legal when it is held and breaks no duty:
    fildinski.endgame.must-follow (holding the suit led, play it),
    fildinski.endgame.must-head (holding a card of that suit that beats the led
    card, play such a card), fildinski.endgame.must-trump (holding no card of
    that suit but a trump, play a trump); fildinski.endgame.free-discard lets
    anything else through. Suits and strengths come from the id arithmetic,
    not from the masks :func:`endgame_legal` uses.
    """
    led_suit, led_strength = suit_of(led), strength_of(led)
    same = [led_suit.eq(suit_of_id(i)) for i in range(DECK)]
    beats = [same[i] & led_strength.ult(strength_of_id(i)) for i in range(DECK)]
    is_trump = [trump.eq(suit_of_id(i)) for i in range(DECK)]
    holds_led = any_of(hand.bit(i) & same[i] for i in range(DECK))
    holds_higher = any_of(hand.bit(i) & beats[i] for i in range(DECK))
    holds_trump = any_of(hand.bit(i) & is_trump[i] for i in range(DECK))
    return bv_from_bits(
        [
            hand.bit(i)
            & holds_led.implies(same[i])
            & holds_higher.implies(beats[i])
            & (~holds_led & holds_trump).implies(is_trump[i])
            for i in range(DECK)
        ]
    )


# -- conservation and zone sizes over a deal --------------------------------------------

ZONES: Final = ("hand0", "hand1", "stock", "trick", "won0", "won1", "retired0", "retired1")
"""The places a physical card can be (fildinski.deck.composition; Invariant 1)."""
STOCK_TRICKS: Final = 24
"""Tricks of the stock phase: the stock is empty after trick 24."""
DEAL_TRICKS: Final = 32
"""Tricks in a deal."""
HAND: Final = 8
"""Cards in a full hand."""
SEVEN_IDS: Final = tuple(card_id(s, SEVEN, c) for s in range(4) for c in (1, 2))
"""The ids of the eight 7s."""


def partition(sets: Sequence[BitVec]) -> Bool:
    """Every card of the deck is in exactly one of ``sets``: pairwise disjoint, together the deck."""
    disjoint = [(sets[i] & sets[j]).eq(0) for i in range(len(sets)) for j in range(i + 1, len(sets))]
    union = sets[0]
    for part in sets[1:]:
        union = union | part
    return all_of((*disjoint, union.eq(ALL_CARDS)))


def is_trump_seven(card: BitVec, trump: BitVec) -> Bool:
    """Whether a card is the 7 of the trump suit."""
    return suit_of(card).eq(trump) & strength_of(card).eq(SEVEN)


# -- card points ------------------------------------------------------------------------

BRISQUE: Final = 10
"""Points of a brisque (an A or a 10) won in a trick (fildinski.score.brisques)."""
TRUMP_SEVEN: Final = 10
"""Points of a trump 7 (fildinski.score.trump-seven)."""
LAST_TRICK: Final = 10
"""The last-trick bonus."""


def is_brisque(card: int) -> bool:
    """Whether a card id is an A or a 10."""
    return strength_of_id(card) in (TEN, _ACE)


def card_value(card: BitVec, trump: BitVec) -> Int:
    """The card points one physical card carries: 10 for an A or a 10, 10 for a trump 7, else 0."""
    brisque = strength_of(card).uge(TEN)
    return ite(brisque, int_val(BRISQUE), ite(is_trump_seven(card, trump), int_val(TRUMP_SEVEN), int_val(0)))


def trick_points(
    led: BitVec,
    follower: BitVec,
    trump: BitVec,
    follower_won: Bool,
    captured: Bool,
    *,
    both_ways: bool = False,
) -> tuple[Int, Int]:
    """The card points a trick gives (leader, follower), last-trick bonus apart.

    fildinski.score.brisques: the winner scores 10 per A and 10 in the trick.
    fildinski.score.trump-seven: 10 per trump 7 to the player who played it
    (``played``) or to the trick's winner (``captured``). ``both_ways`` is a
    wrong companion's bug: a trump 7 scores for its player and for the winner.
    """

    def brisque(card: BitVec) -> Int:
        return ite(strength_of(card).uge(TEN), int_val(BRISQUE), int_val(0))

    def seven(card: BitVec) -> Int:
        return ite(is_trump_seven(card, trump), int_val(TRUMP_SEVEN), int_val(0))

    to_winner = brisque(led) + brisque(follower)
    sevens = seven(led) + seven(follower)
    winner_sevens = sevens if both_ways else ite(captured, sevens, int_val(0))
    own_led = ite(captured, int_val(0), seven(led)) if not both_ways else seven(led)
    own_follower = ite(captured, int_val(0), seven(follower)) if not both_ways else seven(follower)
    won = to_winner + winner_sevens
    return (
        own_led + ite(follower_won, int_val(0), won),
        own_follower + ite(follower_won, won, int_val(0)),
    )


# -- meld points ------------------------------------------------------------------------

MELD_VALUES: Final[Mapping[str, int]] = MappingProxyType(
    {
        "trump sequence": 250,
        "four aces": 100,
        "four kings": 80,
        "four queens": 60,
        "four jacks": 40,
        "royal marriage": 40,
        "common marriage": 20,
        "bezique": 40,
        "double bezique": 500,
    }
)
"""The meld table of the specification: each kind and its points."""
