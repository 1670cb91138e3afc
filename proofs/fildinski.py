"""Fildinski (Polish Bezique) in Z3: cards, tricks, the endgame legal set, conservation, points and melds.

The model is written from the specification, not from the engine: a physical
card is an id ``16*s + 2*str + (copy - 1)`` (fildinski.deck.card-identity), so
the two cards of a kind are the ids ``2k`` and ``2k + 1`` and a set of physical
cards (a hand, the stock, a won pile) is a 64-bit vector. Every claim holds for
*all* values of its variables:

- the endgame legal set, for every subset of the 64 ids as the hand (every hand
  of 1 to 8 cards among them, both copies of a kind allowed), every led card and
  every trump suit;
- the trick winner, for every ordered pair of distinct ids and every trump;
- card conservation, as an inductive invariant of a deal over its eight zones:
  every play of a held card, every trick won by either player, every draw, every
  dix exchange of either reading and every meld retired under
  ``melded_cards = removed``; the zone sizes, as an inductive invariant of
  counters that each move changes by the number of ids it moves;
- the card points of a deal, as an inductive invariant over every order of
  play, every trick winner and both values of ``trump_seven_points`` and
  ``last_trick_bonus``, with and without a ``from_trick`` exchange;
- the meld bounds (1840 points, 1780 under the fresh-card rule), over every
  count of melds the same-kind rule allows and every order in which the cards
  reach the won piles.

Nothing here imports the engine: the model has its own ids, masks and rules.
The refinement test (``tests/test_fildinski_proofs.py``) evaluates these terms
on the engine's states and compares.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Final

from proofs.claims import Claim, Obligation
from proofs.induction import Move, Part, SymState, TransitionSystem, Var, inductive_claim, ints
from proofs.z3facade import (
    BitVec,
    Bool,
    Engine,
    Int,
    Model,
    all_of,
    any_of,
    bool_val,
    bv_from_bits,
    bv_val,
    bv_var,
    count,
    int_val,
    int_var,
    ite,
    onehot,
    popcount,
    sum_of,
)

__all__ = [
    "ALL_CARDS",
    "BEZIQUE_PAIR",
    "CARD_IDS",
    "CARD_POINTS",
    "CLAIMS",
    "CONSERVATION",
    "COPY_SYMMETRY",
    "DEALER_ALTERNATION",
    "DEAL_SYSTEM",
    "DECK",
    "ENDGAME_KNOWN",
    "ENDGAME_LEGAL_SET",
    "ENDGAME_WINNER_FIXED",
    "FIXED_BONUSES",
    "FREE_DISCARD",
    "FREE_PLAY",
    "GAME_END",
    "LEGAL_NONEMPTY",
    "MELD_BOUND",
    "MELD_BOUND_FRESH",
    "MELD_PER_STEP",
    "MELD_VALUES",
    "MUST_FOLLOW",
    "MUST_HEAD",
    "MUST_TRUMP",
    "POINTS_SYSTEM",
    "RANK_LETTERS",
    "SIZES_SYSTEM",
    "TRICK_POINTS",
    "TRICK_WINNER",
    "ZONES",
    "ZONE_SIZES",
    "FollowVars",
    "card_id",
    "card_value",
    "endgame_legal",
    "endgame_legal_spec",
    "follow_vars",
    "follower_wins",
    "show_card",
    "show_cards",
    "strength_of",
    "suit_of",
    "trick_points",
]

# -- cards --------------------------------------------------------------------------

DECK: Final = 64
"""Physical cards in the deck (fildinski.deck.composition): two of each of 32 kinds."""
ID_BITS: Final = 6
ALL_CARDS: Final = (1 << DECK) - 1
RANK_LETTERS: Final = ("7", "8", "9", "J", "Q", "K", "T", "A")
"""The rank letter of each strength 0..7 (fildinski.deck.ranking: 7 lowest, A highest, the 10 above the K)."""
_SUIT_LETTERS: Final = ("C", "D", "H", "S")
_SUIT_NAMES: Final = ("clubs", "diamonds", "hearts", "spades")
_SEVEN, _JACK, _QUEEN, _TEN, _ACE = 0, 3, 4, 6, 7
_SPADES, _DIAMONDS, _HEARTS, _CLUBS = 3, 1, 2, 0


def card_id(suit: int, strength: int, copy: int) -> int:
    """The id of a physical card (fildinski.deck.card-identity): ``16*suit + 2*strength + copy - 1``.

    >>> card_id(3, 4, 1), card_id(3, 4, 2)  # the two queens of spades
    (56, 57)
    """
    if not (0 <= suit < 4 and 0 <= strength < 8 and copy in (1, 2)):
        raise ValueError(f"no card has suit {suit}, strength {strength}, copy {copy}")
    return 16 * suit + 2 * strength + copy - 1


def _suit(card: int) -> int:
    return card >> 4


def _strength(card: int) -> int:
    return (card >> 1) & 7


def show_card(card: int) -> str:
    """A card id as text: rank, suit and copy (``QS#2``); ids outside 0..63 as ``#id``."""
    if not 0 <= card < DECK:
        return f"#{card}"
    return f"{RANK_LETTERS[_strength(card)]}{_SUIT_LETTERS[_suit(card)]}#{(card & 1) + 1}"


def _plural(number: int, noun: str) -> str:
    return f"{number} {noun}" if number == 1 else f"{number} {noun}s"


def show_cards(mask: int) -> str:
    """The ids of a 64-bit set as text, in id order, or ``-`` when empty."""
    cards = [show_card(i) for i in range(DECK) if mask >> i & 1]
    return " ".join(cards) if cards else "-"


def _suit_mask(suit: int) -> int:
    return 0xFFFF << (16 * suit)


def _rank_mask(strength: int) -> int:
    return sum(0b11 << (16 * suit + 2 * strength) for suit in range(4))


def suit_of(card: BitVec) -> BitVec:
    """The suit (0-3: clubs, diamonds, hearts, spades) of a 6-bit id."""
    return card.lshr(4).resize(2)


def strength_of(card: BitVec) -> BitVec:
    """The strength ``str`` (0-7) of a 6-bit id."""
    return card.lshr(1).resize(3)


def _mask_of_suit(suit: BitVec) -> BitVec:
    mask = bv_val(_suit_mask(3), DECK)
    for s in reversed(range(3)):
        mask = ite(suit.eq(s), bv_val(_suit_mask(s), DECK), mask)
    return mask


def _above(card: BitVec) -> BitVec:
    """The ids of the card's suit with a strictly higher strength (its twin excluded)."""
    start = (card | 1).resize(DECK) + 1
    return _mask_of_suit(suit_of(card)) & bv_val(ALL_CARDS, DECK).shl(start)


def _bit_of(card: BitVec) -> BitVec:
    return onehot(card, DECK)


def _holds(cards: BitVec, card: BitVec) -> Bool:
    return (cards & _bit_of(card)).ne(0)


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


def _follower_wins_by_ids(led: BitVec, follower: BitVec, trump: BitVec) -> Bool:
    """A plausible bug: comparing ids within a suit, so the second copy beats the first."""
    same_suit = suit_of(follower).eq(suit_of(led))
    trumps_it = suit_of(follower).eq(trump) & suit_of(led).ne(trump)
    return (same_suit & follower.ugt(led)) | trumps_it


def _key(card: BitVec, led: BitVec, trump: BitVec) -> BitVec:
    """The card's place in the trick: trump first, then the suit led, then strength (5 bits)."""
    is_trump = ite(suit_of(card).eq(trump), bv_val(1, 5), bv_val(0, 5)).shl(4)
    of_led = ite(suit_of(card).eq(suit_of(led)), bv_val(1, 5), bv_val(0, 5)).shl(3)
    return is_trump | of_led | strength_of(card).resize(5)


@dataclass(frozen=True, slots=True)
class _TrickVars:
    led: BitVec
    follower: BitVec
    trump: BitVec


def _trick_vars() -> _TrickVars:
    return _TrickVars(bv_var("led", ID_BITS), bv_var("follower", ID_BITS), bv_var("trump", 2))


def _describe_trick(model: Model) -> str:
    v = _trick_vars()
    led, follower, trump = (model.bv_value(x) for x in (v.led, v.follower, v.trump))
    spec = model.bool_value(follower_wins(v.led, v.follower, v.trump))
    return "\n".join(
        (
            f"trump: {_SUIT_NAMES[trump]}",
            f"led: {show_card(led)}; followed: {show_card(follower)}",
            f"winner by fildinski.play.trick-winner: {'the follower' if spec else 'the leader'}",
        )
    )


def _trick_claim(
    name: str, statement: str, formula: Callable[[_TrickVars], Bool], *, wrong: Claim | None = None
) -> Claim:
    def build() -> Bool:
        v = _trick_vars()
        return v.led.ne(v.follower).implies(formula(v))

    return Claim(
        name,
        ("fildinski.play.trick-winner", "fildinski.deck.ranking"),
        build,
        _describe_trick,
        statement=statement,
        wrong=wrong,
    )


def _highest_wins(v: _TrickVars) -> Bool:
    by_key = _key(v.follower, v.led, v.trump).ugt(_key(v.led, v.led, v.trump))
    twins = strength_of(v.led).eq(strength_of(v.follower)) & suit_of(v.led).eq(suit_of(v.follower))
    return follower_wins(v.led, v.follower, v.trump).iff(by_key) & twins.implies(
        ~follower_wins(v.led, v.follower, v.trump)
    )


TRICK_WINNER: Final = _trick_claim(
    "fildinski/trick-winner",
    "For every ordered pair of distinct ids and every trump suit, the rule's winner is the highest "
    "trump in the trick, or with no trump the highest card of the suit led (A, 10, K, Q, J, 9, 8, 7), "
    "and of two cards of one kind the leader's wins.",
    _highest_wins,
    wrong=_trick_claim(
        "fildinski/trick-winner-by-id",
        "The same winner, comparing ids instead of ranks within a suit (so copy 2 beats copy 1).",
        lambda v: follower_wins(v.led, v.follower, v.trump).iff(
            _follower_wins_by_ids(v.led, v.follower, v.trump)
        ),
    ),
)

# -- the card ids ---------------------------------------------------------------------


def _describe_ids(model: Model) -> str:
    a, b = (model.bv_value(bv_var(name, ID_BITS)) for name in ("id_a", "id_b"))
    return f"ids {a} ({show_card(a)}) and {b} ({show_card(b)})"


def _ids_claim(
    name: str, statement: str, same_kind: Callable[[BitVec, BitVec], Bool], *, wrong: Claim | None = None
) -> Claim:
    def build() -> Bool:
        a, b = bv_var("id_a", ID_BITS), bv_var("id_b", ID_BITS)
        s, r, c = bv_var("suit", 2), bv_var("strength", 3), bv_var("copy", 1)
        composed = s.resize(ID_BITS).shl(4) | r.resize(ID_BITS).shl(1) | c.resize(ID_BITS)
        round_trip = suit_of(composed).eq(s) & strength_of(composed).eq(r) & composed.resize(1).eq(c)
        decomposed = suit_of(a).resize(ID_BITS).shl(4) | strength_of(a).resize(ID_BITS).shl(1) | (a & 1)
        kind_a = suit_of(a).eq(suit_of(b)) & strength_of(a).eq(strength_of(b))
        twins = a.ne(b) & kind_a
        return round_trip & decomposed.eq(a) & twins.iff(a.ne(b) & same_kind(a, b))

    return Claim(
        name,
        ("fildinski.deck.composition", "fildinski.deck.card-identity"),
        build,
        _describe_ids,
        statement=statement,
        wrong=wrong,
    )


CARD_IDS: Final = _ids_claim(
    "fildinski/card-ids",
    "The id map (suit, str, copy) -> 16*s + 2*str + copy - 1 is a bijection onto 0..63, and two distinct "
    "ids are of one kind exactly when they differ only in the lowest bit: each of the 32 kinds has exactly "
    "two physical cards.",
    lambda a, b: (a ^ b).eq(1),
    wrong=_ids_claim(
        "fildinski/card-ids-two-packs-in-a-row",
        "The same, reading the deck as two 32-card packs one after the other (the kind of id i is i mod 32).",
        lambda a, b: a.resize(5).eq(b.resize(5)),
    ),
)

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
        return self.hand & _mask_of_suit(suit_of(self.led))

    @property
    def higher(self) -> BitVec:
        """F+: the hand's cards of the suit led that beat the led card."""
        return self.hand & _above(self.led)

    @property
    def trumps(self) -> BitVec:
        """R: the hand's trumps."""
        return self.hand & _mask_of_suit(self.trump)

    @property
    def legal(self) -> BitVec:
        """The endgame legal set as a priority chain of masks (:func:`endgame_legal`)."""
        return endgame_legal(self.hand, self.led, self.trump)

    @property
    def real(self) -> Bool:
        """A hand a follower can hold: 1 to 8 cards, the led card not among them."""
        size = count(self.hand.bit(i) for i in range(DECK))
        return size.between(1, _ENDGAME_HAND) & ~_holds(self.hand, self.led)


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
    same = [led_suit.eq(_suit(i)) for i in range(DECK)]
    beats = [same[i] & led_strength.ult(_strength(i)) for i in range(DECK)]
    is_trump = [trump.eq(_suit(i)) for i in range(DECK)]
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


def _describe_follow(model: Model, claimed: tuple[str, Callable[[FollowVars], BitVec]] | None = None) -> str:
    v = follow_vars()
    hand = model.bv_value(v.hand)
    extra = (
        () if claimed is None else (f"legal set {claimed[0]}: {show_cards(model.bv_value(claimed[1](v)))}",)
    )
    return "\n".join(
        (
            f"follower's hand: {show_cards(hand)} ({_plural(hand.bit_count(), 'card')})",
            f"led card: {show_card(model.bv_value(v.led))}; trump: {_SUIT_NAMES[model.bv_value(v.trump)]}",
            f"F (suit led): {show_cards(model.bv_value(v.of_led))}; F+ (beats it): "
            f"{show_cards(model.bv_value(v.higher))}; R (trumps): {show_cards(model.bv_value(v.trumps))}",
            f"legal set (fildinski.endgame.legal-set): {show_cards(model.bv_value(v.legal))}",
            *extra,
        )
    )


_LEGAL_IDS: Final = (
    "fildinski.endgame.legal-set",
    "fildinski.endgame.must-follow",
    "fildinski.endgame.must-head",
    "fildinski.endgame.must-trump",
    "fildinski.endgame.free-discard",
)


def _legal_claim(
    name: str,
    rule_ids: tuple[str, ...],
    statement: str,
    formula: Callable[[FollowVars], Bool],
    *,
    wrong: Claim | None = None,
    real: bool = False,
    claimed: tuple[str, Callable[[FollowVars], BitVec]] | None = None,
) -> Claim:
    """A claim about every hand, led card and trump (only real hands with ``real``, for companions)."""

    def build() -> Bool:
        v = follow_vars()
        return v.real.implies(formula(v)) if real else formula(v)

    def describe(model: Model) -> str:
        return _describe_follow(model, claimed)

    return Claim(name, rule_ids, build, describe, statement=statement, wrong=wrong)


ENDGAME_LEGAL_SET: Final = _legal_claim(
    "fildinski/endgame-legal-set",
    _LEGAL_IDS,
    "For every hand (any set of the 64 ids, so every hand of 1 to 8 cards with both copies of a kind "
    "allowed), every led card and every trump suit, the priority chain F+, else F, else R, else H equals "
    "the card-by-card reading of must-follow, must-head, must-trump and free-discard.",
    lambda v: v.legal.eq(endgame_legal_spec(v.hand, v.led, v.trump)),
    wrong=_legal_claim(
        "fildinski/endgame-legal-set-twin-heads",
        _LEGAL_IDS,
        "The same, when the twin of the led card counts as heading the trick (str at least, not above).",
        lambda v: v.legal.eq(_legal_twin_heads(v)),
        real=True,
        claimed=("claimed (twin heads the trick)", lambda v: _legal_twin_heads(v)),
    ),
)


def _legal_twin_heads(v: FollowVars) -> BitVec:
    at_least = (
        v.hand & _mask_of_suit(suit_of(v.led)) & bv_val(ALL_CARDS, DECK).shl((v.led & 0b111110).resize(DECK))
    )
    at_least = at_least & ~_bit_of(v.led)
    return ite(at_least.ne(0), at_least, ite(v.of_led.ne(0), v.of_led, ite(v.trumps.ne(0), v.trumps, v.hand)))


def _without_free_discard(v: FollowVars) -> BitVec:
    return ite(v.higher.ne(0), v.higher, ite(v.of_led.ne(0), v.of_led, v.trumps))


LEGAL_NONEMPTY: Final = _legal_claim(
    "fildinski/endgame-legal-nonempty",
    ("fildinski.endgame.legal-set", "fildinski.endgame.free-discard"),
    "For every hand, led card and trump, the legal set is a subset of the hand, and non-empty whenever the "
    "hand is (so for every hand of 1 to 8 cards).",
    lambda v: (v.legal & ~v.hand).eq(0) & v.hand.ne(0).implies(v.legal.ne(0)),
    wrong=_legal_claim(
        "fildinski/endgame-legal-nonempty-without-free-discard",
        ("fildinski.endgame.legal-set", "fildinski.endgame.free-discard"),
        "The legal set F+, else F, else R is never empty, without the free discard.",
        lambda v: _without_free_discard(v).ne(0),
        real=True,
        claimed=("claimed (no free discard)", _without_free_discard),
    ),
)

MUST_FOLLOW: Final = _legal_claim(
    "fildinski/endgame-must-follow",
    ("fildinski.endgame.must-follow",),
    "A follower holding the suit led has only cards of that suit in the legal set.",
    lambda v: v.of_led.ne(0).implies((v.legal & ~v.of_led).eq(0)),
    wrong=_legal_claim(
        "fildinski/endgame-trump-instead-of-following-low",
        ("fildinski.endgame.must-follow",),
        "A follower who cannot head the trick may trump instead of following (legal = F and R).",
        lambda v: (v.of_led.ne(0) & v.higher.eq(0)).implies(v.legal.eq(v.of_led | v.trumps)),
        real=True,
        claimed=("claimed (F and R)", lambda v: v.of_led | v.trumps),
    ),
)

MUST_HEAD: Final = _legal_claim(
    "fildinski/endgame-must-head",
    ("fildinski.endgame.must-head",),
    "A follower holding a card of the suit led that beats the led card, in a plain suit or in trumps, has "
    "exactly those cards as the legal set; the led card's twin is not one of them.",
    lambda v: v.higher.ne(0).implies(v.legal.eq(v.higher) & ~_holds(v.legal, v.led ^ 1)),
    wrong=_legal_claim(
        "fildinski/endgame-must-head-only-in-trumps",
        ("fildinski.endgame.must-head",),
        "Heading is due only in trumps: on a plain-suit lead any card of the suit led is legal.",
        lambda v: (v.of_led.ne(0) & suit_of(v.led).ne(v.trump)).implies(v.legal.eq(v.of_led)),
        real=True,
        claimed=("claimed (all of F)", lambda v: v.of_led),
    ),
)

MUST_TRUMP: Final = _legal_claim(
    "fildinski/endgame-must-trump",
    ("fildinski.endgame.must-trump",),
    "A follower with no card of the suit led and a trump has exactly the trumps as the legal set, and every "
    "one of them wins the trick (so no duty to overtrump can arise).",
    lambda v: (v.of_led.eq(0) & v.trumps.ne(0)).implies(v.legal.eq(v.trumps) & suit_of(v.led).ne(v.trump)),
    wrong=_legal_claim(
        "fildinski/endgame-discard-instead-of-trumping",
        ("fildinski.endgame.must-trump",),
        "A follower with no card of the suit led may discard anything, trumps or not.",
        lambda v: v.of_led.eq(0).implies(v.legal.eq(v.hand)),
        real=True,
        claimed=("claimed (the whole hand)", lambda v: v.hand),
    ),
)

FREE_DISCARD: Final = _legal_claim(
    "fildinski/endgame-free-discard",
    ("fildinski.endgame.free-discard",),
    "A follower holding neither the suit led nor a trump may play any card of the hand.",
    lambda v: (v.of_led.eq(0) & v.trumps.eq(0)).implies(v.legal.eq(v.hand)),
    wrong=_legal_claim(
        "fildinski/endgame-free-discard-when-unable-to-head",
        ("fildinski.endgame.free-discard",),
        "A follower who holds the suit led but cannot head the trick may play any card of the hand.",
        lambda v: (v.of_led.ne(0) & v.higher.eq(0)).implies(v.legal.eq(v.hand)),
        real=True,
        claimed=("claimed (the whole hand)", lambda v: v.hand),
    ),
)


# -- the endgame winner does not depend on the follower's legal choice -----------------


def _choice_vars() -> tuple[BitVec, BitVec]:
    return bv_var("choice_a", ID_BITS), bv_var("choice_b", ID_BITS)


def _describe_choice(model: Model, legal: Callable[[FollowVars], BitVec]) -> str:
    v = follow_vars()
    a, b = (model.bv_value(c) for c in _choice_vars())
    led = model.bv_value(v.led)
    trump = model.bv_value(v.trump)

    def who(card: int) -> str:
        wins = model.bool_value(follower_wins(bv_val(led, ID_BITS), bv_val(card, ID_BITS), bv_val(trump, 2)))
        return "the follower wins" if wins else "the leader wins"

    return "\n".join(
        (
            f"follower's hand: {show_cards(model.bv_value(v.hand))}",
            f"led card: {show_card(led)}; trump: {_SUIT_NAMES[trump]}",
            f"legal set: {show_cards(model.bv_value(legal(v)))}",
            f"playing {show_card(a)}: {who(a)}; playing {show_card(b)}: {who(b)}",
        )
    )


def _winner_claim(
    name: str,
    statement: str,
    legal: Callable[[FollowVars], BitVec],
    *,
    wrong: Claim | None = None,
    real: bool = False,
) -> Claim:
    """``real`` (for the companion): hands of 1 to 8 cards, and only the claim that the winner is the same."""

    def build() -> Bool:
        v = follow_vars()
        a, b = _choice_vars()
        allowed = ~_holds(v.hand, v.led) & _holds(legal(v), a) & _holds(legal(v), b)
        wins_a = follower_wins(v.led, a, v.trump)
        same = wins_a.iff(follower_wins(v.led, b, v.trump))
        if real:
            return (allowed & v.real).implies(same)
        follower_takes = v.higher.ne(0) | (v.of_led.eq(0) & v.trumps.ne(0))
        return allowed.implies(same & wins_a.iff(follower_takes))

    def describe(model: Model) -> str:
        return _describe_choice(model, legal)

    return Claim(
        name,
        ("fildinski.endgame.legal-set", "fildinski.play.trick-winner"),
        build,
        describe,
        statement=statement,
        wrong=wrong,
    )


ENDGAME_WINNER_FIXED: Final = _winner_claim(
    "fildinski/endgame-winner-fixed",
    "Once the led card is down, every card of the follower's endgame legal set gives the same trick winner: "
    "the follower when F+ is non-empty or (F is empty and R is not), the leader otherwise. (Which card the "
    "leader leads, and which legal card the follower picks, still change the card points.)",
    lambda v: v.legal,
    wrong=_winner_claim(
        "fildinski/stock-phase-winner-fixed",
        "The same in the stock phase, where the follower may play any card of the hand.",
        lambda v: v.hand,
        real=True,
    ),
)

# -- conservation and zone sizes over a deal --------------------------------------------

ZONES: Final = ("hand0", "hand1", "stock", "trick", "won0", "won1", "retired0", "retired1")
"""The places a physical card can be (fildinski.deck.composition; Invariant 1)."""
_STOCK_TRICKS: Final = 24
_DEAL_TRICKS: Final = 32
_HAND: Final = 8
_SEVEN_IDS: Final = tuple(card_id(s, _SEVEN, c) for s in range(4) for c in (1, 2))


def _partition(sets: Sequence[BitVec]) -> Bool:
    disjoint = [(sets[i] & sets[j]).eq(0) for i in range(len(sets)) for j in range(i + 1, len(sets))]
    union = sets[0]
    for part in sets[1:]:
        union = union | part
    return all_of((*disjoint, union.eq(ALL_CARDS)))


def _is_trump_seven(card: BitVec, trump: BitVec) -> Bool:
    return suit_of(card).eq(trump) & strength_of(card).eq(_SEVEN)


_COUNTERS: Final = (("tricks", 6), ("played", 2), ("phase", 1), ("drawn", 2), ("leader", 1), ("exchanges", 1))
"""The deal's counters, as bit-vectors: every query then stays in bit-vector logic, fast to bit-blast."""


def _to_act(s: SymState) -> BitVec:
    return ite(s.bv("played").eq(0), s.bv("leader"), ~s.bv("leader"))


def _drawer(s: SymState) -> BitVec:
    return ite(s.bv("drawn").eq(0), s.bv("leader"), ~s.bv("leader"))


def _deal_step(before: SymState, choice: SymState, *, leave_seven: bool = False) -> tuple[Move, ...]:
    """Every move of a deal, under every option value, one move per acting player.

    The moves are over-approximations where that is simpler (any held card may
    be played, any stock card but the turn-up drawn, any trump 7 of the won
    pile exchanged), so the invariant covers every legal line of play.
    ``leave_seven`` is the wrong companion's bug: a ``from_trick`` dix puts the
    trump 7 under the stock but leaves it in the won pile too.
    """
    tricks, played, phase, drawn = (before.bv(name) for name in ("tricks", "played", "phase", "drawn"))
    leader, trump, turnup = before.bv("leader"), before.bv("trump"), before.bv("turnup")
    card = _bit_of(choice.bv("card"))
    up = _bit_of(turnup)
    stock = before.bv("stock")
    stock_phase_step = phase.eq(1) & tricks.ule(_STOCK_TRICKS)
    # The dix needs a turn-up, which exists only while the stock is not empty.
    exchange_step = stock_phase_step & drawn.eq(0) & stock.ne(0)
    moves: list[Move] = []
    for p in (0, 1):
        hand, won, retired = before.bv(f"hand{p}"), before.bv(f"won{p}"), before.bv(f"retired{p}")
        moves.append(
            Move(
                f"p{p} plays a card (fildinski.play.trick-cycle)",
                phase.eq(0)
                & played.ult(2)
                & tricks.ult(_DEAL_TRICKS)
                & _to_act(before).eq(p)
                & (hand & card).ne(0),
                before.updated(
                    {f"hand{p}": hand & ~card, "trick": before.bv("trick") | card, "played": played + 1}
                ),
                show_inputs=_show_card_choice(f"p{p} plays"),
            )
        )
        moves.append(
            Move(
                f"p{p} wins the trick (fildinski.play.won-cards)",
                phase.eq(0) & played.eq(2),
                before.updated(
                    {
                        f"won{p}": won | before.bv("trick"),
                        "trick": bv_val(0, DECK),
                        "played": bv_val(0, 2),
                        "tricks": tricks + 1,
                        "phase": bv_val(1, 1),
                        "drawn": bv_val(0, 2),
                        "leader": bv_val(p, 1),
                    }
                ),
            )
        )
        top = (card & stock).ne(0) & (card.ne(up) | stock.eq(up))
        moves.append(
            Move(
                f"p{p} draws (fildinski.play.draw-order)",
                stock_phase_step & drawn.ult(2) & _drawer(before).eq(p) & top,
                before.updated({f"hand{p}": hand | card, "stock": stock & ~card, "drawn": drawn + 1}),
                show_inputs=_show_card_choice(f"p{p} draws"),
            )
        )
        exchange = exchange_step & leader.eq(p) & _is_trump_seven(choice.bv("card"), trump)
        exchange = exchange & strength_of(turnup).ne(_SEVEN)
        swapped = {"stock": (stock & ~up) | card, "turnup": choice.bv("card"), "exchanges": bv_val(1, 1)}
        moves.append(
            Move(
                f"p{p} exchanges a trump 7 from hand (fildinski.dix.exchange, from_hand)",
                exchange & (hand & card).ne(0),
                before.updated({f"hand{p}": (hand & ~card) | up, **swapped}),
                show_inputs=_show_card_choice(f"p{p} exchanges"),
            )
        )
        moves.append(
            Move(
                f"p{p} exchanges a trump 7 from the won pile (fildinski.dix.exchange, from_trick)",
                exchange & before.bv("exchanges").eq(0) & (won & card).ne(0),
                before.updated({f"won{p}": (won if leave_seven else won & ~card) | up, **swapped}),
                show_inputs=_show_card_choice(f"p{p} exchanges"),
            )
        )
        meld = choice.bv("meld")
        moves.append(
            Move(
                f"p{p} retires a meld (fildinski.meld.after-scoring, removed)",
                phase.eq(1) & leader.eq(p) & meld.ne(0) & (meld & ~won).eq(0),
                before.updated({f"won{p}": won & ~meld, f"retired{p}": retired | meld}),
                show_inputs=_show_meld_choice(p),
            )
        )
    moves.append(
        Move(
            "the next trick begins",
            phase.eq(1) & tricks.ult(_DEAL_TRICKS) & (drawn.eq(2) | tricks.ugt(_STOCK_TRICKS)),
            before.updated({"phase": bv_val(0, 1), "drawn": bv_val(0, 2)}),
        )
    )
    return tuple(moves)


def _show_meld_choice(player: int) -> Callable[[Mapping[str, int]], str]:
    def show(choice: Mapping[str, int]) -> str:
        return f"p{player} retiring the meld {show_cards(choice['meld'])}"

    return show


def _show_card_choice(verb: str) -> Callable[[Mapping[str, int]], str]:
    def show(choice: Mapping[str, int]) -> str:
        return f"{verb} {show_card(choice['card'])}"

    return show


def _deal_init(s: SymState) -> Bool:
    """fildinski.deal.hands: 8 cards each, 48 in the stock with the turn-up among them, nothing else."""
    zones = [s.bv(zone) for zone in ZONES]
    empty = all_of(s.bv(zone).eq(0) for zone in ("trick", "won0", "won1", "retired0", "retired1"))
    counters = all_of(s.bv(name).eq(0) for name, _ in _COUNTERS if name != "leader")
    turnup = (s.bv("stock") & _bit_of(s.bv("turnup"))).ne(0)
    return _partition(zones) & empty & counters & turnup


def _deal_counters(s: SymState) -> Bool:
    tricks, played, phase, drawn = (s.bv(name) for name in ("tricks", "played", "phase", "drawn"))
    return all_of(
        (
            tricks.ule(_DEAL_TRICKS),
            played.ule(2),
            phase.eq(0).implies(drawn.eq(0) & tricks.ult(_DEAL_TRICKS)),
            phase.eq(1).implies(played.eq(0) & tricks.uge(1)),
            drawn.ule(2),
            tricks.ugt(_STOCK_TRICKS).implies(drawn.eq(0)),
        )
    )


def _deal_places(s: SymState) -> Bool:
    return _partition([s.bv(zone) for zone in ZONES])


def _deal_turnup(s: SymState) -> Bool:
    return s.bv("stock").ne(0).implies((s.bv("stock") & _bit_of(s.bv("turnup"))).ne(0))


def _deal_goal(s: SymState) -> Bool:
    """Multiset conservation: both copies of each of the 32 kinds lie in the zones, each copy in one only.

    So across the zones every kind has exactly two physical cards, and no card is created, lost or doubled.
    """
    zones = [s.bv(zone) for zone in ZONES]
    union = zones[0]
    for zone in zones[1:]:
        union = union | zone
    both_copies = all_of((union & (0b11 << (2 * k))).eq(0b11 << (2 * k)) for k in range(DECK // 2))
    once = all_of((zones[i] & zones[j]).eq(0) for i in range(len(zones)) for j in range(i + 1, len(zones)))
    return both_copies & once


def _show_deal_state(state: Mapping[str, int]) -> str:
    zones = "; ".join(f"{zone}: {show_cards(state[zone])}" for zone in ZONES if zone != "stock")
    return (
        f"[{state['tricks']} tricks won, {'meld step/draws' if state['phase'] else 'play'}, "
        f"{state['played']} on the trick, {state['drawn']} drawn, leader p{state['leader']}, "
        f"turn-up {show_card(state['turnup'])}, trump {_SUIT_NAMES[state['trump']]}, "
        f"{state['exchanges']} dix; {zones}; stock: {_plural(state['stock'].bit_count(), 'card')}]"
    )


def _deal_system(*, leave_seven: bool = False) -> TransitionSystem:
    counters, places, turnup = (
        "counters in range",
        "each id in exactly one zone",
        "the turn-up lies in the stock",
    )
    return TransitionSystem(
        variables=(
            *(Var(zone, DECK) for zone in ZONES),
            Var("turnup", ID_BITS),
            Var("trump", 2),
            *(Var(name, width) for name, width in _COUNTERS),
        ),
        inputs=(Var("card", ID_BITS), Var("meld", DECK)),
        init=_deal_init,
        step=lambda before, choice: _deal_step(before, choice, leave_seven=leave_seven),
        invariant=(
            Part(counters, _deal_counters, assumes=(counters,)),
            Part(places, _deal_places, assumes=(counters, places, turnup)),
            Part(turnup, _deal_turnup, assumes=(counters, places, turnup)),
        ),
        goal=_deal_goal,
        show_state=_show_deal_state,
        show_inputs=lambda c: f"choice {c}",
    )


_CONSERVATION_IDS: Final = (
    "fildinski.deck.composition",
    "fildinski.deal.hands",
    "fildinski.deal.turn-up",
    "fildinski.play.trick-cycle",
    "fildinski.play.won-cards",
    "fildinski.play.draw-order",
    "fildinski.meld.after-scoring",
    "fildinski.dix.exchange",
    "fildinski.endgame.last-draw",
    "fildinski.game.deal-end",
)

DEAL_SYSTEM: Final = _deal_system()
"""The deal as a transition system over the eight zones (its moves are labelled ``p0 plays a card ...``)."""

CONSERVATION: Final = inductive_claim(
    "fildinski/conservation",
    _CONSERVATION_IDS,
    DEAL_SYSTEM,
    statement="From any deal of 8 + 8 cards and a 48-card stock holding the turn-up, every play of a held "
    "card, every trick won by either player, every draw (the turn-up last), every dix of either reading and "
    "every meld retired under melded_cards = removed keep each of the 64 ids in exactly one of the eight "
    "zones (so each kind has exactly two physical cards across them), keep the turn-up in a non-empty "
    "stock, and keep the zone sizes of Invariant 2: a player holds 8 cards at every stock-phase lead, "
    "32 - k after endgame trick k, and after trick 32 all 64 ids lie in won or retired zones.",
    wrong=inductive_claim(
        "fildinski/conservation-dix-seven-stays-won",
        _CONSERVATION_IDS,
        _deal_system(leave_seven=True),
        statement="The same, when a from_trick dix puts the trump 7 under the stock but also leaves it in "
        "the won pile.",
    ),
)

# -- zone sizes: the counts of the zones over a deal ------------------------------------

_SIZE_COUNTERS: Final = (
    "hand0",
    "hand1",
    "stock",
    "trick",
    "table",
    "tricks",
    "played",
    "phase",
    "drawn",
    "leader",
)


def _indicator(condition: Bool) -> Int:
    return ite(condition, int_val(1), int_val(0))


def _n_hand(s: SymState, player: Int) -> Int:
    return ite(player.eq(0), s["hand0"], s["hand1"])


def _sizes_step(before: SymState, choice: SymState, *, last_draw_early: bool = False) -> tuple[Move, ...]:
    """The size of every zone as a counter; each move changes it by the number of ids it moves.

    The counts are those of the moves of the conservation claim: a play moves
    one id from a hand to the trick, a won trick its two ids to a won pile, a
    draw one id from the stock to a hand; a dix and a retired meld move ids
    between zones whose sizes are counted together (a hand and the stock swap
    one id each way; won and retired piles are counted as ``table``), so they
    change no count and need no move here. ``last_draw_early`` is the wrong
    companion's bug: the draws stop after trick 23 instead of trick 24.
    """
    tricks, played, phase, drawn, leader = (
        before[name] for name in ("tricks", "played", "phase", "drawn", "leader")
    )
    last_draw = _STOCK_TRICKS - 1 if last_draw_early else _STOCK_TRICKS
    moves: list[Move] = []
    for p in (0, 1):
        hand = f"hand{p}"
        actor = ite(played.eq(0), leader, 1 - leader)
        drawer = ite(drawn.eq(0), leader, 1 - leader)
        moves.append(
            Move(
                f"p{p} plays a card",
                phase.eq(0) & (played < 2) & (tricks < _DEAL_TRICKS) & actor.eq(p) & (before[hand] >= 1),
                before.updated({hand: before[hand] - 1, "trick": before["trick"] + 1, "played": played + 1}),
            )
        )
        moves.append(
            Move(
                f"p{p} wins the trick",
                phase.eq(0) & played.eq(2),
                before.updated(
                    {
                        "table": before["table"] + before["trick"],
                        "trick": int_val(0),
                        "played": int_val(0),
                        "tricks": tricks + 1,
                        "phase": int_val(1),
                        "drawn": int_val(0),
                        "leader": int_val(p),
                    }
                ),
            )
        )
        moves.append(
            Move(
                f"p{p} draws",
                phase.eq(1) & (tricks <= last_draw) & (drawn < 2) & drawer.eq(p) & (before["stock"] >= 1),
                before.updated({hand: before[hand] + 1, "stock": before["stock"] - 1, "drawn": drawn + 1}),
            )
        )
    moves.append(
        Move(
            "the next trick begins",
            phase.eq(1) & (tricks < _DEAL_TRICKS) & (drawn.eq(2) | (tricks > last_draw)),
            before.updated({"phase": int_val(0), "drawn": int_val(0)}),
        )
    )
    return tuple(moves)


def _sizes_init(s: SymState) -> Bool:
    start = {"hand0": _HAND, "hand1": _HAND, "stock": 48, "trick": 0, "table": 0}
    counters = all_of(s[name].eq(0) for name in ("tricks", "played", "phase", "drawn"))
    return all_of(s[name].eq(size) for name, size in start.items()) & counters & s["leader"].between(0, 1)


def _sizes_counters(s: SymState) -> Bool:
    tricks, played, phase, drawn = s["tricks"], s["played"], s["phase"], s["drawn"]
    return all_of(
        (
            tricks.between(0, _DEAL_TRICKS),
            played.between(0, 2),
            phase.between(0, 1),
            drawn.between(0, 2),
            s["leader"].between(0, 1),
            phase.eq(0).implies(drawn.eq(0) & (tricks < _DEAL_TRICKS)),
            phase.eq(1).implies(played.eq(0) & (tricks >= 1)),
            (tricks > _STOCK_TRICKS).implies(drawn.eq(0)),
        )
    )


def _sizes_hold(s: SymState) -> Bool:
    """Invariant 2 of the specification, phase by phase."""
    tricks, played, phase, drawn, leader = (
        s[name] for name in ("tricks", "played", "phase", "drawn", "leader")
    )
    lead, other = _n_hand(s, leader), _n_hand(s, 1 - leader)
    stock_phase = tricks <= _STOCK_TRICKS
    endgame_hand = _DEAL_TRICKS - tricks
    at_lead = ite(tricks < _STOCK_TRICKS, int_val(_HAND), endgame_hand)
    playing = all_of(
        (
            s["stock"].eq(ite(stock_phase, 48 - 2 * tricks, int_val(0))),
            lead.eq(at_lead - _indicator(played >= 1)),
            other.eq(at_lead - _indicator(played >= 2)),
        )
    )
    between = all_of(
        (
            s["stock"].eq(ite(stock_phase, 50 - 2 * tricks - drawn, int_val(0))),
            lead.eq(ite(stock_phase, 7 + _indicator(drawn >= 1), endgame_hand)),
            other.eq(ite(stock_phase, 7 + _indicator(drawn >= 2), endgame_hand)),
        )
    )
    return s["trick"].eq(played) & s["table"].eq(2 * tricks) & ite(phase.eq(0), playing, between)


def _sizes_goal(s: SymState) -> Bool:
    tricks, played, phase = s["tricks"], s["played"], s["phase"]
    hands = s["hand0"], s["hand1"]
    lead = phase.eq(0) & played.eq(0)
    at_lead = lead.implies(
        hands[0].eq(hands[1])
        & ((tricks < _STOCK_TRICKS) | tricks.eq(_STOCK_TRICKS)).implies(hands[0].eq(_HAND))
    )
    endgame = (lead & (tricks >= _STOCK_TRICKS)).implies(
        s["stock"].eq(0) & hands[0].eq(_DEAL_TRICKS - tricks)
    )
    over = (phase.eq(1) & tricks.eq(_DEAL_TRICKS)).implies(
        all_of(x.eq(0) for x in (*hands, s["stock"], s["trick"])) & s["table"].eq(DECK)
    )
    actor = ite(played.eq(0), s["leader"], 1 - s["leader"])
    acts = (phase.eq(0) & (played < 2)).implies(_n_hand(s, actor) >= 1)
    return at_lead & endgame & over & acts


def _show_sizes(state: Mapping[str, int]) -> str:
    return (
        f"[{state['tricks']} tricks won, {'meld step/draws' if state['phase'] else 'play'}, "
        f"{state['played']} on the trick, {state['drawn']} drawn, leader p{state['leader']}; sizes: "
        f"hand0 {state['hand0']}, hand1 {state['hand1']}, stock {state['stock']}, trick {state['trick']}, "
        f"won and retired {state['table']}]"
    )


def _sizes_system(*, last_draw_early: bool = False) -> TransitionSystem:
    counters = "counters in range"
    return TransitionSystem(
        variables=ints(*_SIZE_COUNTERS),
        inputs=(),
        init=_sizes_init,
        step=lambda before, _choice: _sizes_step(before, _choice, last_draw_early=last_draw_early),
        invariant=(
            Part(counters, _sizes_counters, assumes=(counters,)),
            Part("zone sizes (Invariant 2)", _sizes_hold),
        ),
        goal=_sizes_goal,
        show_state=_show_sizes,
        show_inputs=lambda _c: "this move",
    )


_SIZES_IDS: Final = (
    "fildinski.deal.hands",
    "fildinski.play.trick-cycle",
    "fildinski.play.draw-order",
    "fildinski.endgame.last-draw",
    "fildinski.endgame.trick-cycle",
    "fildinski.game.deal-end",
)

SIZES_SYSTEM: Final = _sizes_system()
"""The zone sizes of a deal as counters."""

ZONE_SIZES: Final = inductive_claim(
    "fildinski/zone-sizes",
    _SIZES_IDS,
    SIZES_SYSTEM,
    statement="Counting the ids each move takes from one zone to another: after the draws of trick k <= 24 "
    "each hand holds 8 and the stock 48 - 2k; both hands are equal at every lead; the stock is empty from "
    "trick 25 on, when endgame trick k begins with 33 - k cards in each hand; after trick 32 hands, stock "
    "and trick are empty and all 64 ids lie in won or retired zones.",
    wrong=inductive_claim(
        "fildinski/zone-sizes-draws-stop-after-trick-23",
        _SIZES_IDS,
        _sizes_system(last_draw_early=True),
        statement="The same, when the last draws come after trick 23 (the endgame checked one trick early).",
    ),
)

# -- card points ------------------------------------------------------------------------

_BRISQUE: Final = 10
_TRUMP_SEVEN: Final = 10
_LAST_TRICK: Final = 10


def _is_brisque(card: int) -> bool:
    return _strength(card) in (_TEN, _ACE)


def card_value(card: BitVec, trump: BitVec) -> Int:
    """The card points one physical card carries: 10 for an A or a 10, 10 for a trump 7, else 0."""
    brisque = strength_of(card).uge(_TEN)
    return ite(
        brisque, int_val(_BRISQUE), ite(_is_trump_seven(card, trump), int_val(_TRUMP_SEVEN), int_val(0))
    )


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
        return ite(strength_of(card).uge(_TEN), int_val(_BRISQUE), int_val(0))

    def seven(card: BitVec) -> Int:
        return ite(_is_trump_seven(card, trump), int_val(_TRUMP_SEVEN), int_val(0))

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


def _describe_trick_points(model: Model) -> str:
    v = _trick_vars()
    led, follower, trump = (model.bv_value(x) for x in (v.led, v.follower, v.trump))
    captured = model.bool_value(_captured_var())
    won = model.bool_value(follower_wins(v.led, v.follower, v.trump))
    points = trick_points(
        v.led, v.follower, v.trump, follower_wins(v.led, v.follower, v.trump), _captured_var()
    )
    doubled = trick_points(
        v.led, v.follower, v.trump, follower_wins(v.led, v.follower, v.trump), _captured_var(), both_ways=True
    )
    values = [model.int_value(card_value(card, v.trump)) for card in (v.led, v.follower)]
    return "\n".join(
        (
            f"trump: {_SUIT_NAMES[trump]}; trump_seven_points = {'captured' if captured else 'played'}",
            f"led: {show_card(led)} (worth {values[0]}); "
            f"followed: {show_card(follower)} (worth {values[1]}); "
            f"won by the {'follower' if won else 'leader'}",
            f"points by the rules: leader {model.int_value(points[0])}, "
            f"follower {model.int_value(points[1])}",
            f"points if a trump 7 scored both ways: leader {model.int_value(doubled[0])}, "
            f"follower {model.int_value(doubled[1])}",
        )
    )


def _captured_var() -> Bool:
    return bv_var("captured", 1).eq(1)


def _trick_points_claim(name: str, statement: str, *, both_ways: bool, wrong: Claim | None = None) -> Claim:
    def build() -> Bool:
        v = _trick_vars()
        won = follower_wins(v.led, v.follower, v.trump)
        lead, follow = trick_points(v.led, v.follower, v.trump, won, _captured_var(), both_ways=both_ways)
        total = card_value(v.led, v.trump) + card_value(v.follower, v.trump)
        each = all_of((x >= 0) & x.mod(10).eq(0) for x in (lead, follow))
        return v.led.ne(v.follower).implies((lead + follow).eq(total) & each)

    return Claim(
        name,
        ("fildinski.score.brisques", "fildinski.score.trump-seven"),
        build,
        _describe_trick_points,
        statement=statement,
        wrong=wrong,
    )


TRICK_POINTS: Final = _trick_points_claim(
    "fildinski/trick-points",
    "For every trick of two distinct ids, every trump and either trump_seven_points value, the two players "
    "together score exactly the card values of its two cards (10 per A, 10 and trump 7), each in multiples "
    "of 10.",
    both_ways=False,
    wrong=_trick_points_claim(
        "fildinski/trick-points-seven-both-ways",
        "The same, when a trump 7 scores for the player who played it and again for the trick's winner.",
        both_ways=True,
    ),
)

_GHOST: Final = DECK
"""Id 64 of the points model: the second play of the trump 7 a ``from_trick`` dix returns to the stock."""
_PLAYS: Final = DECK + 1
_NOT_SEVENS: Final = tuple(card for card in range(DECK) if _strength(card) != _SEVEN)


def _brisque_sum(cards: BitVec) -> Int:
    return sum_of(ite(cards.bit(i), int_val(_BRISQUE), int_val(0)) for i in range(DECK) if _is_brisque(i))


def _seven_sum(cards: BitVec, trump: BitVec) -> Int:
    sevens = [ite(cards.bit(i) & trump.eq(_suit(i)), int_val(_TRUMP_SEVEN), int_val(0)) for i in _SEVEN_IDS]
    return sum_of((*sevens, ite(cards.bit(_GHOST), int_val(_TRUMP_SEVEN), int_val(0))))


def _points_step(before: SymState, choice: SymState, *, both_ways: bool = False) -> tuple[Move, ...]:
    """A card played, a trick won by either player, or a ``from_trick`` dix.

    A from_hand dix changes no card's fate (the 7 and the former turn-up are
    both drawn and played later), so it needs no move. A ``from_trick`` dix
    withdraws the former turn-up from play for good and gives the exchanged 7
    a second play, modelled as the extra id 64.
    """
    unplayed, trick, trump = before.bv("unplayed"), before.bv("trick"), before.bv("trump")
    tricks, played, leader = before["tricks"], before["played"], before["leader"]
    captured = before["captured"].eq(1)
    card = onehot(choice.bv("card"), _PLAYS)
    actor = ite(played.eq(0), leader, 1 - leader)
    seven = _seven_sum(card, trump)
    own_seven = seven if both_ways else ite(captured, int_val(0), seven)
    play = Move(
        "a card is played",
        (played < 2) & (tricks < _DEAL_TRICKS) & choice.bv("card").ule(_GHOST) & (unplayed & card).ne(0),
        before.updated(
            {
                "unplayed": unplayed & ~card,
                "trick": trick | card,
                "played": played + 1,
                "sevens": before["sevens"] + own_seven,
                "points0": before["points0"] + ite(actor.eq(0), own_seven, int_val(0)),
                "points1": before["points1"] + ite(actor.eq(1), own_seven, int_val(0)),
            }
        ),
        tuple(MappingProxyType({"card": c}) for c in range(_PLAYS)),
        lambda c: f"playing {'the exchanged 7 again' if c['card'] == _GHOST else show_card(c['card'])}",
    )
    bonus_trick = ite(before["final"].eq(1), int_val(_DEAL_TRICKS), int_val(_STOCK_TRICKS))
    bonus = ite((tricks + 1).eq(bonus_trick), int_val(_LAST_TRICK), int_val(0))
    brisques = _brisque_sum(trick)
    won_sevens = (
        _seven_sum(trick, trump) if both_ways else ite(captured, _seven_sum(trick, trump), int_val(0))
    )
    gathers = tuple(
        Move(
            f"p{p} wins the trick",
            played.eq(2),
            before.updated(
                {
                    "trick": bv_val(0, _PLAYS),
                    "played": int_val(0),
                    "tricks": tricks + 1,
                    "leader": int_val(p),
                    "brisques": before["brisques"] + brisques,
                    "sevens": before["sevens"] + won_sevens,
                    "bonus": before["bonus"] + bonus,
                    f"points{p}": before[f"points{p}"] + brisques + won_sevens,
                }
            ),
        )
        for p in (0, 1)
    )
    turnup = choice.bv("card")
    exchange = Move(
        "a from_trick dix",
        before["exchanged"].eq(0)
        & played.eq(0)
        & tricks.between(1, _STOCK_TRICKS)
        & turnup.ult(DECK)
        & strength_of(turnup.resize(ID_BITS)).ne(_SEVEN)
        & (unplayed & card).ne(0),
        before.updated(
            {
                "unplayed": (unplayed | bv_val(1 << _GHOST, _PLAYS)) & ~card,
                "exchanged": int_val(1),
                "lost": ite(strength_of(turnup.resize(ID_BITS)).uge(_TEN), int_val(_BRISQUE), int_val(0)),
            }
        ),
        tuple(MappingProxyType({"card": c}) for c in _NOT_SEVENS),
        lambda c: f"exchanging a played trump 7 for the turn-up {show_card(c['card'])}",
    )
    return (play, *gathers, exchange)


def _points_init(s: SymState) -> Bool:
    zero = ("tricks", "played", "brisques", "sevens", "points0", "points1", "bonus", "exchanged", "lost")
    options = s["captured"].between(0, 1) & s["final"].between(0, 1) & s["leader"].between(0, 1)
    return (
        all_of(s[name].eq(0) for name in zero)
        & s.bv("unplayed").eq(ALL_CARDS)
        & s.bv("trick").eq(0)
        & options
    )


def _points_counters(s: SymState) -> Bool:
    tricks, played = s["tricks"], s["played"]
    return all_of(
        (
            tricks.between(0, _DEAL_TRICKS),
            played.between(0, 2),
            tricks.eq(_DEAL_TRICKS).implies(played.eq(0)),
            s["leader"].between(0, 1),
            s["captured"].between(0, 1),
            s["final"].between(0, 1),
            s["exchanged"].between(0, 1),
            s["lost"].eq(0) | (s["exchanged"].eq(1) & s["lost"].eq(_BRISQUE)),
        )
    )


def _points_cards(s: SymState) -> Bool:
    unplayed, trick = s.bv("unplayed"), s.bv("trick")
    ghost = bv_val(1 << _GHOST, _PLAYS)
    return all_of(
        (
            (unplayed & trick).eq(0),
            s["exchanged"].eq(0).implies(((unplayed | trick) & ghost).eq(0)),
            popcount(trick).eq(s["played"]),
            (popcount(unplayed) + popcount(trick)).eq(DECK - 2 * s["tricks"]),
        )
    )


def _points_sums(s: SymState) -> Bool:
    unplayed, trick, trump = s.bv("unplayed"), s.bv("trick"), s.bv("trump")
    captured = s["captured"].eq(1)
    pending_sevens = ite(captured, _seven_sum(trick, trump), int_val(0))
    bonus_trick = ite(s["final"].eq(1), int_val(_DEAL_TRICKS), int_val(_STOCK_TRICKS))
    return all_of(
        (
            (s["brisques"] + _brisque_sum(trick) + _brisque_sum(unplayed)).eq(160 - s["lost"]),
            (s["sevens"] + pending_sevens + _seven_sum(unplayed, trump)).eq(20 + 10 * s["exchanged"]),
            (s["points0"] + s["points1"]).eq(s["brisques"] + s["sevens"]),
            s["bonus"].eq(ite(s["tricks"] >= bonus_trick, int_val(_LAST_TRICK), int_val(0))),
        )
    )


def _points_goal(s: SymState) -> Bool:
    total = s["points0"] + s["points1"]
    return (
        s["tricks"]
        .eq(_DEAL_TRICKS)
        .implies(
            all_of(
                (
                    s.bv("unplayed").eq(0),
                    s["brisques"].eq(160 - s["lost"]),
                    s["sevens"].eq(20 + 10 * s["exchanged"]),
                    s["exchanged"].eq(0).implies(total.eq(180) & s["brisques"].eq(160) & s["sevens"].eq(20)),
                    total.eq(180) | total.eq(190),
                    s["bonus"].eq(_LAST_TRICK),
                )
            )
        )
    )


def _show_points(state: Mapping[str, int]) -> str:
    unplayed = state["unplayed"]
    ghost = " and the exchanged 7's second play" if unplayed >> _GHOST & 1 else ""
    return (
        f"[{state['tricks']} tricks won, {state['played']} on the trick, "
        f"trump {_SUIT_NAMES[state['trump']]}, "
        f"trump_seven_points {'captured' if state['captured'] else 'played'}, last_trick_bonus "
        f"{'final' if state['final'] else 'stock_end'}, {state['exchanged']} from_trick dix (turn-up worth "
        f"{state['lost']}); points p0 {state['points0']}, p1 {state['points1']} "
        f"(brisques {state['brisques']}, trump 7s {state['sevens']}, last trick {state['bonus']}); "
        f"trick: {show_cards(state['trick'] & ALL_CARDS)}; "
        f"still to be played: {_plural((unplayed & ALL_CARDS).bit_count(), 'card')}{ghost}]"
    )


def _points_system(*, both_ways: bool = False) -> TransitionSystem:
    counters, cards = "counters in range", "the cards played and to play"
    return TransitionSystem(
        variables=(
            Var("unplayed", _PLAYS),
            Var("trick", _PLAYS),
            Var("trump", 2),
            *ints(
                "tricks",
                "played",
                "leader",
                "captured",
                "final",
                "exchanged",
                "lost",
                "brisques",
                "sevens",
                "bonus",
                "points0",
                "points1",
            ),
        ),
        inputs=(Var("card", 7),),
        init=_points_init,
        step=lambda before, choice: _points_step(before, choice, both_ways=both_ways),
        invariant=(
            Part(counters, _points_counters, assumes=(counters,)),
            Part(cards, _points_cards, assumes=(counters, cards)),
            Part("points scored plus points still to score", _points_sums),
        ),
        goal=_points_goal,
        show_state=_show_points,
        show_inputs=lambda c: f"card {c['card']}",
    )


_POINTS_IDS: Final = (
    "fildinski.score.brisques",
    "fildinski.score.trump-seven",
    "fildinski.score.last-trick",
)

POINTS_SYSTEM: Final = _points_system()
"""The card points of a deal: the cards still to be played and the points scored."""

CARD_POINTS: Final = inductive_claim(
    "fildinski/card-points",
    _POINTS_IDS,
    POINTS_SYSTEM,
    statement="Over every order of play, every trick winner, every trump and both values of "
    "trump_seven_points and last_trick_bonus, the card points of a deal (both players together) are "
    "brisques 160 + trump 7s 20 = 180, plus exactly one last-trick bonus of 10 (on trick 32, or 24 under "
    "stock_end), so 190 in all; after a from_trick dix they are 190, or 180 when the former turn-up "
    "was an A or a 10.",
    wrong=inductive_claim(
        "fildinski/card-points-seven-both-ways",
        _POINTS_IDS,
        _points_system(both_ways=True),
        statement="The same, when a trump 7 scores for its player and again for the trick's winner.",
        engine=Engine.SMT_CORE,
    ),
    engine=Engine.SMT_CORE,
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

_RESOURCES: Final[tuple[tuple[str, str, int, int], ...]] = (
    # (meld kind, the cards every meld of it needs, how many of them one meld uses, how many the deck has)
    ("trump sequence", "trump aces", 1, 2),
    ("four aces", "aces", 4, 8),
    ("four kings", "kings", 4, 8),
    ("four queens", "queens", 4, 8),
    ("four jacks", "jacks", 4, 8),
    ("royal marriage", "trump kings", 1, 2),
    ("common marriage", "kings of the three plain suits", 1, 6),
    ("bezique", "bezique queens", 1, 2),
    ("double bezique", "bezique queens", 2, 2),
)
"""Why the melds of each kind are few: melds of one kind share no card (fildinski.meld.same-kind-once),
so their number times the cards of a sort each needs cannot exceed the copies of that sort in the deck."""


def _meld_counts() -> dict[str, Int]:
    return {kind: int_var(f"melds of {kind}") for kind in MELD_VALUES}


def _meld_total(counts: Mapping[str, Int]) -> Int:
    return sum_of(counts[kind] * value for kind, value in MELD_VALUES.items())


def _capacities(counts: Mapping[str, Int], *, skip: str = "") -> Bool:
    return all_of(
        (counts[kind] >= 0) & ((counts[kind] * used) <= copies) if kind != skip else counts[kind] >= 0
        for kind, _cards, used, copies in _RESOURCES
    )


def _describe_counts(model: Model) -> str:
    counts = _meld_counts()
    shown = ", ".join(f"{model.int_value(n)} {kind}" for kind, n in counts.items() if model.int_value(n))
    return f"melds scored in one deal: {shown or 'none'}; total {model.int_value(_meld_total(counts))} points"


def _bound_claim(name: str, statement: str, *, skip: str = "", wrong: Claim | None = None) -> Claim:
    def build() -> Bool:
        counts = _meld_counts()
        return _capacities(counts, skip=skip).implies(_meld_total(counts) <= 1840)

    return Claim(
        name,
        ("fildinski.meld.kinds", "fildinski.meld.same-kind-once"),
        build,
        _describe_counts,
        statement=statement,
        wrong=wrong,
    )


MELD_BOUND: Final = _bound_claim(
    "fildinski/meld-bound",
    "Since melds of one kind never share a card, a deal has at most 2 trump sequences, 2 of each four of a "
    "rank, 2 royal marriages, 6 common marriages, 2 beziques and 1 double bezique, so the meld points of "
    "both players together are at most 1840 (the bound under meld_needs_trick_card = false).",
    wrong=_bound_claim(
        "fildinski/meld-bound-reusing-aces",
        "The same bound, if the cards of a four-aces meld could score that kind again "
        "(same-kind-once not applied to it).",
        skip="four aces",
    ),
)


# The fresh-card rule: a meld is made in the step in which the last of its cards reaches the won pile.

_ARRIVAL_LOW, _ARRIVAL_HIGH = 1, _DEAL_TRICKS


@dataclass(frozen=True, slots=True)
class _Meld:
    """A meld of the lemma models: its name, its cards (names of arrival variables) and its step variable."""

    name: str
    cards: tuple[str, ...]

    @property
    def step(self) -> Int:
        return int_var(f"step of {self.name}")


def _arrival(card: str) -> Int:
    return int_var(f"arrival of {card}")


def _made_when_last_card_arrives(meld: _Meld) -> Bool:
    """Under the fresh-card rule the meld's step is the latest arrival of its cards."""
    arrivals = [_arrival(card) for card in meld.cards]
    return all_of(meld.step >= a for a in arrivals) & any_of(meld.step.eq(a) for a in arrivals)


def _step_disjoint(melds: Sequence[_Meld], shared: Callable[[_Meld, _Meld], Bool]) -> Bool:
    """fildinski.meld.per-step: melds of one step share no card."""
    pairs = [(a, b) for i, a in enumerate(melds) for b in melds[i + 1 :]]
    return all_of(shared(a, b).implies(a.step.ne(b.step)) for a, b in pairs)


def _arrivals_in_range(cards: Sequence[str]) -> Bool:
    return all_of(_arrival(card).between(_ARRIVAL_LOW, _ARRIVAL_HIGH) for card in cards)


_BEZIQUE_CARDS: Final = ("QS#1", "QS#2", "JD#1", "JD#2")


def _bezique_melds() -> tuple[_Meld, _Meld, _Meld]:
    """Both beziques (disjoint, so Q#1 with one jack and Q#2 with the other) and the double bezique."""
    return (
        _Meld("the bezique of QS#1", ("QS#1", "JD#a")),
        _Meld("the bezique of QS#2", ("QS#2", "JD#b")),
        _Meld("the double bezique", _BEZIQUE_CARDS),
    )


def _bezique_lemma(*, per_step: bool) -> Bool:
    """Both beziques and the double bezique all made under the fresh-card rule: impossible.

    ``JD#a`` and ``JD#b`` are the two jacks in the order the beziques use them.
    """
    first, second, double = _bezique_melds()
    jack_a, jack_b = _arrival("JD#a"), _arrival("JD#b")
    jacks = (jack_a.eq(_arrival("JD#1")) & jack_b.eq(_arrival("JD#2"))) | (
        jack_a.eq(_arrival("JD#2")) & jack_b.eq(_arrival("JD#1"))
    )
    melds = (first, second, double)
    made = all_of(_made_when_last_card_arrives(m) for m in melds)
    disjoint = (
        _step_disjoint(melds, lambda a, b: bool_val(a is double or b is double))
        if per_step
        else bool_val(True)
    )
    return ~(_arrivals_in_range((*_BEZIQUE_CARDS, "JD#a", "JD#b")) & jacks & made & disjoint)


_KINGS: Final = tuple(f"K{_SUIT_LETTERS[s]}#{c}" for s in range(4) for c in (1, 2))
_QUEENS: Final = tuple(f"Q{_SUIT_LETTERS[s]}#{c}" for s in range(4) for c in (1, 2))


def _pairing(suit: int) -> Bool:
    return int_var(f"pairing in {_SUIT_NAMES[suit]}").eq(1)


def _latest(name: str, cards: Sequence[str]) -> tuple[Int, Bool]:
    """A variable for the latest arrival among ``cards``, and the constraint that makes it so."""
    latest = int_var(name)
    arrivals = [_arrival(card) for card in cards]
    return latest, all_of(latest >= a for a in arrivals) & any_of(latest.eq(a) for a in arrivals)


def _marriage_lemma(*, per_step: bool = True) -> Bool:
    """All 8 marriages, both four-kings and both four-queens melds made under the fresh-card rule: impossible.

    Eight disjoint marriages use every king and every queen once: in each suit K#1 marries Q#1 or Q#2
    (the suit's pairing), K#2 the other. Each king lies in one of the two four-kings melds, made when its
    last king arrives: so after the king's own arrival and no later than the latest king's. The model
    assumes only that much (which covers every way of splitting the kings 4 + 4), and the same of queens.
    A marriage and the four-kings (four-queens) meld holding its king (queen) must not share a step.
    """
    latest_king, king_max = _latest("latest king", _KINGS)
    latest_queen, queen_max = _latest("latest queen", _QUEENS)
    facts = [king_max, queen_max, _arrivals_in_range((*_KINGS, *_QUEENS))]
    for i, king in enumerate(_KINGS):
        kings_step = int_var(f"step of the four-kings meld of {king}")
        facts.append(kings_step.between(_arrival(king), latest_king))
        suit = i // 2
        for q in (2 * suit, 2 * suit + 1):
            queen = _QUEENS[q]
            meld = _Meld(f"the marriage of {king} and {queen}", (king, queen))
            married = _is_queen_of(i, q)
            queens_step = int_var(f"step of the four-queens meld of {queen}")
            apart = meld.step.ne(kings_step) & meld.step.ne(queens_step) if per_step else bool_val(True)
            facts.append(married.implies(_made_when_last_card_arrives(meld) & apart))
    for queen in _QUEENS:
        facts.append(
            int_var(f"step of the four-queens meld of {queen}").between(_arrival(queen), latest_queen)
        )
    facts.extend(int_var(f"pairing in {_SUIT_NAMES[s]}").between(0, 1) for s in range(4))
    return ~all_of(facts)


def _is_queen_of(king_index: int, queen_index: int) -> Bool:
    """Whether the marriage of king ``king_index`` uses queen ``queen_index`` (same suit, by the pairing)."""
    suit, king_copy, queen_copy = king_index // 2, king_index % 2, queen_index % 2
    if queen_index // 2 != suit:
        return bool_val(False)
    crossed = _pairing(suit)
    return crossed if king_copy != queen_copy else ~crossed


def _describe_bezique(model: Model) -> str:
    arrivals = ", ".join(f"{card} after trick {model.int_value(_arrival(card))}" for card in _BEZIQUE_CARDS)
    jack = 1 if model.int_value(_arrival("JD#a")) == model.int_value(_arrival("JD#1")) else 2
    steps = "; ".join(f"{m.name} made after trick {model.int_value(m.step)}" for m in _bezique_melds())
    return (
        f"cards reach the won pile: {arrivals}; the bezique of QS#1 uses JD#{jack}, that of QS#2 the other; "
        f"{steps}"
    )


def _describe_marriages(model: Model) -> str:
    arrivals = ", ".join(f"{card} {model.int_value(_arrival(card))}" for card in (*_KINGS, *_QUEENS))
    return f"arrival tricks: {arrivals}"


def _fresh_bound(counts: Mapping[str, Int]) -> Bool:
    not_all_bezique = ~(counts["bezique"].eq(2) & counts["double bezique"].eq(1))
    not_all_marriages = ~all_of(
        counts[kind].eq(n)
        for kind, n in (("common marriage", 6), ("royal marriage", 2), ("four kings", 2), ("four queens", 2))
    )
    return (_capacities(counts) & not_all_bezique & not_all_marriages).implies(_meld_total(counts) <= 1780)


def _fresh_claim(name: str, statement: str, *, per_step: bool, wrong: Claim | None = None) -> Claim:
    def build() -> tuple[Obligation, ...]:
        return (
            Obligation("(a) beziques", _bezique_lemma(per_step=per_step), _describe_bezique),
            Obligation("(b) marriages", _marriage_lemma(per_step=per_step), _describe_marriages),
            Obligation("(c) the bound", _fresh_bound(_meld_counts()), _describe_counts),
        )

    return Claim(
        name,
        ("fildinski.meld.fresh-card", "fildinski.meld.per-step", "fildinski.meld.class-order"),
        build,
        _describe_counts,
        statement=statement,
        wrong=wrong,
    )


MELD_BOUND_FRESH: Final = _fresh_claim(
    "fildinski/meld-bound-fresh-card",
    "Under meld_needs_trick_card = true a meld is made in the step in which the last of its cards reaches "
    "the won pile, and melds of one step share no card; so (a) both beziques and the double bezique never "
    "all score, (b) the 8 marriages, both four-kings and both four-queens melds never all score, for every "
    "order in which the cards arrive; and (c) with the same-kind limits the meld points of a deal are at "
    "most 1840 - 40 - 20 = 1780, whatever the other options.",
    per_step=True,
    wrong=_fresh_claim(
        "fildinski/meld-bound-fresh-card-shared-step",
        "The same, if the melds of one step could share a card.",
        per_step=False,
    ),
)


def _describe_step(model: Model, melds: int) -> str:
    fresh = [model.bv_value(bv_var(f"fresh {i}", ID_BITS)) for i in (1, 2)]
    used = [
        show_card(model.bv_value(bv_var(f"fresh card of meld {i}", ID_BITS))) for i in range(1, melds + 1)
    ]
    shown = "; ".join(f"meld {i + 1} holds {card}" for i, card in enumerate(used))
    return f"fresh cards (the trick just won): {show_card(fresh[0])} and {show_card(fresh[1])}; {shown}"


def _per_step_claim(name: str, statement: str, *, melds: int, wrong: Claim | None = None) -> Claim:
    """Melds as sets of ids, each holding a fresh card it names, pairwise disjoint."""

    def build() -> Bool:
        fresh = [bv_var(f"fresh {i}", ID_BITS) for i in (1, 2)]
        sets = [bv_var(f"meld {i}", DECK) for i in range(1, melds + 1)]
        held = [bv_var(f"fresh card of meld {i}", ID_BITS) for i in range(1, melds + 1)]
        disjoint = all_of((sets[i] & sets[j]).eq(0) for i in range(melds) for j in range(i + 1, melds))
        each_fresh = all_of(
            (held[i].eq(fresh[0]) | held[i].eq(fresh[1])) & _holds(sets[i], held[i]) for i in range(melds)
        )
        return ~(fresh[0].ne(fresh[1]) & disjoint & each_fresh)

    def describe(model: Model) -> str:
        return _describe_step(model, melds)

    return Claim(
        name,
        ("fildinski.meld.per-step", "fildinski.meld.fresh-card"),
        build,
        describe,
        statement=statement,
        wrong=wrong,
    )


MELD_PER_STEP: Final = _per_step_claim(
    "fildinski/meld-per-step",
    "Under the fresh-card rule no step holds three melds: three pairwise disjoint sets of ids cannot each "
    "contain one of the trick's two cards.",
    melds=3,
    wrong=_per_step_claim(
        "fildinski/meld-per-step-one",
        "The same for two melds (as if the fresh-card rule allowed only one meld a step).",
        melds=2,
    ),
)

# -- copy symmetry ----------------------------------------------------------------------


def _swap_kind(cards: BitVec, kind: BitVec) -> BitVec:
    """``cards`` with the two copies of ``kind`` (0-31) exchanged."""
    first = onehot(kind.resize(ID_BITS).shl(1), DECK)
    second = first.shl(1)
    keep = cards & ~(first | second)
    return (
        keep
        | ite((cards & first).ne(0), second, bv_val(0, DECK))
        | ite((cards & second).ne(0), first, bv_val(0, DECK))
    )


def _swap_id(card: BitVec, kind: BitVec) -> BitVec:
    return ite(card.lshr(1).eq(kind.resize(ID_BITS)), card ^ 1, card)


def _swap_rank_id(card: BitVec, kind: BitVec) -> BitVec:
    """A wrong relabelling: the kind's first copy and the next rank's first copy trade places."""
    low = kind.resize(ID_BITS).shl(1)
    return ite(card.eq(low), low ^ 2, ite(card.eq(low ^ 2), low, card))


def _swap_rank(cards: BitVec, kind: BitVec) -> BitVec:
    low = onehot(kind.resize(ID_BITS).shl(1), DECK)
    high = onehot(kind.resize(ID_BITS).shl(1) ^ 2, DECK)
    keep = cards & ~(low | high)
    return (
        keep
        | ite((cards & low).ne(0), high, bv_val(0, DECK))
        | ite((cards & high).ne(0), low, bv_val(0, DECK))
    )


def _symmetry_claim(
    name: str,
    statement: str,
    swap_set: Callable[[BitVec, BitVec], BitVec],
    swap_card: Callable[[BitVec, BitVec], BitVec],
    *,
    wrong: Claim | None = None,
    real: bool = False,
) -> Claim:
    def build() -> Bool:
        v = follow_vars()
        kind = bv_var("kind", 5)
        other = bv_var("follower", ID_BITS)
        legal_after = endgame_legal(swap_set(v.hand, kind), swap_card(v.led, kind), v.trump)
        same_legal = legal_after.eq(swap_set(v.legal, kind))
        winner = follower_wins(v.led, other, v.trump)
        same_winner = follower_wins(swap_card(v.led, kind), swap_card(other, kind), v.trump).iff(winner)
        value = card_value(other, v.trump).eq(card_value(swap_card(other, kind), v.trump))
        domain = v.led.ne(other) & (v.real if real else bool_val(True))
        return domain.implies(same_legal & same_winner & value)

    def describe(model: Model) -> str:
        v = follow_vars()
        second = bv_var("follower", ID_BITS)
        kind_var = bv_var("kind", 5)
        swapped = swap_card(second, kind_var)
        kind = model.bv_value(kind_var)
        hand = model.bv_value(swap_set(v.hand, kind_var))
        led = model.bv_value(swap_card(v.led, kind_var))
        legal = model.bv_value(endgame_legal(swap_set(v.hand, kind_var), swap_card(v.led, kind_var), v.trump))
        return "\n".join(
            (
                f"relabelling around {show_card(2 * kind)}",
                _describe_follow(model),
                f"after relabelling: hand {show_cards(hand)}; led {show_card(led)}; "
                f"legal set {show_cards(legal)}",
                f"the legal set relabelled: {show_cards(model.bv_value(swap_set(v.legal, kind_var)))}",
                f"a trick {show_card(model.bv_value(v.led))} then {show_card(model.bv_value(second))}: "
                f"follower wins {model.bool_value(follower_wins(v.led, second, v.trump))}; relabelled, "
                f"{model.bool_value(follower_wins(swap_card(v.led, kind_var), swapped, v.trump))}",
                f"value of {show_card(model.bv_value(second))}: "
                f"{model.int_value(card_value(second, v.trump))}; "
                f"relabelled, {model.int_value(card_value(swapped, v.trump))}",
            )
        )

    return Claim(name, ("fildinski.deck.card-identity",), build, describe, statement=statement, wrong=wrong)


COPY_SYMMETRY: Final = _symmetry_claim(
    "fildinski/copy-symmetry",
    "Exchanging the copy labels of the two cards of any kind, in the hand and in the led card, maps the "
    "endgame legal set onto itself, and changes no trick winner and no card value.",
    _swap_kind,
    _swap_id,
    wrong=_symmetry_claim(
        "fildinski/copy-symmetry-across-ranks",
        "The same when a card trades labels with a card of the next rank instead.",
        _swap_rank,
        _swap_rank_id,
        real=True,
    ),
)

# -- dealers, the end of the game and the one-off bonuses -------------------------------


def _dealer(first: Int, deal: Int) -> Int:
    """fildinski.game.dealer-alternation: the dealer of deal ``n`` (from 1) is ``first + n - 1`` mod 2."""
    return (first + deal - 1).mod(2)


def _describe_dealers(model: Model, gap: int) -> str:
    first, deal = int_var("first dealer"), int_var("deal")
    n = model.int_value(deal)
    return (
        f"first dealer p{model.int_value(first)}; "
        f"deal {n} dealt by p{model.int_value(_dealer(first, deal))}, "
        f"deal {n + gap} by p{model.int_value(_dealer(first, deal + gap))}"
    )


def _dealer_claim(name: str, statement: str, gap: int, *, wrong: Claim | None = None) -> Claim:
    def build() -> Bool:
        first, deal = int_var("first dealer"), int_var("deal")
        domain = first.between(0, 1) & (deal >= 1)
        leader = 1 - _dealer(first, deal)
        alternates = _dealer(first, deal + gap).ne(_dealer(first, deal))
        return domain.implies(alternates & leader.ne(_dealer(first, deal)) & leader.between(0, 1))

    def describe(model: Model) -> str:
        return _describe_dealers(model, gap)

    return Claim(
        name,
        ("fildinski.game.dealer-alternation", "fildinski.deal.first-lead"),
        build,
        describe,
        statement=statement,
        wrong=wrong,
    )


DEALER_ALTERNATION: Final = _dealer_claim(
    "fildinski/dealer-alternation",
    "For every first dealer and every deal n, deal n + 1 has the other dealer, and the non-dealer leads "
    "trick 1.",
    1,
    wrong=_dealer_claim(
        "fildinski/dealer-alternation-two-apart",
        "Deals two apart also have different dealers.",
        2,
    ),
)


def _game_vars() -> tuple[Int, Int, Int]:
    return int_var("total p0"), int_var("total p1"), int_var("target")


def _describe_game(model: Model) -> str:
    t0, t1, target = (model.int_value(x) for x in _game_vars())
    return f"totals at the end of a deal: p0 {t0}, p1 {t1}; target {target}"


def _game_claim(
    name: str, statement: str, ends: Callable[[Int, Int, Int], Bool], *, wrong: Claim | None = None
) -> Claim:
    def build() -> Bool:
        t0, t1, target = _game_vars()
        domain = all_of(
            (t0 >= 0, t1 >= 0, target >= 10, t0.mod(10).eq(0), t1.mod(10).eq(0), target.mod(10).eq(0))
        )
        over = ends(t0, t1, target)
        winner_higher = over.implies((t0 > t1) | (t1 > t0))
        winner_past = over.implies(((t0 > t1) & (t0 >= target)) | ((t1 > t0) & (t1 >= target)))
        goes_on = (~over & ((t0 >= target) | (t1 >= target))).implies(t0.eq(t1))
        # fildinski.game.score-sheet: a deal score (a sum of positive multiples of 10, or 0) is added.
        deal = int_var("deal score p0")
        added = ((deal >= 0) & deal.mod(10).eq(0)).implies((t0 + deal >= t0) & (t0 + deal).mod(10).eq(0))
        return domain.implies(winner_higher & winner_past & goes_on & added)

    return Claim(
        name,
        ("fildinski.game.target", "fildinski.game.both-past-target", "fildinski.game.score-sheet"),
        build,
        _describe_game,
        statement=statement,
        wrong=wrong,
    )


def _game_ends(t0: Int, t1: Int, target: Int) -> Bool:
    """fildinski.game.target, checked at the end of a deal: over once a total reaches it and they differ."""
    return ((t0 >= target) | (t1 >= target)) & t0.ne(t1)


GAME_END: Final = _game_claim(
    "fildinski/game-end",
    "For every pair of totals and every target (multiples of 10), a game that ends at the end of a deal "
    "ends with a strictly higher total at or past the target, whoever crossed it first; with a total past "
    "the target the game goes on only when the totals are equal; adding a deal score never lowers a total "
    "and keeps it a multiple of 10.",
    _game_ends,
    wrong=_game_claim(
        "fildinski/game-end-first-to-target",
        "The same, if the game ended as soon as a total reached the target.",
        lambda t0, t1, target: (t0 >= target) | (t1 >= target),
    ),
)


def _describe_bonuses(model: Model) -> str:
    turned = model.bool_value(bv_var("turn-up is a 7", 1).eq(1))
    first, second = (model.bool_value(bv_var(f"dix {i}", 1).eq(1)) for i in (1, 2))
    return f"dealt turn-up a 7: {turned}; first dix made: {first}; second dix made: {second}"


def _bonus_claim(name: str, statement: str, *, check_turnup: bool, wrong: Claim | None = None) -> Claim:
    """The turn-up through a deal: a 7 at the deal, then each dix makes it a 7."""

    def build() -> Bool:
        turned = bv_var("turn-up is a 7", 1).eq(1)
        first, second = (bv_var(f"dix {i}", 1).eq(1) for i in (1, 2))
        seven_now = turned | first
        allowed = (first.implies(~turned) & second.implies(~seven_now)) if check_turnup else bool_val(True)
        points = _indicator(turned) * 10 + _indicator(first) * 10 + _indicator(second) * 10
        return allowed.implies(~(first & second) & (points <= 10))

    return Claim(
        name,
        ("fildinski.dix.once", "fildinski.deal.turned-seven"),
        build,
        _describe_bonuses,
        statement=statement,
        wrong=wrong,
    )


FIXED_BONUSES: Final = _bonus_claim(
    "fildinski/dix-once",
    "Since a dix needs a turn-up that is not a 7 and leaves a 7 as the turn-up, a deal has at most one "
    "dix, never together with a turned 7: turned-seven bonus plus dix points are at most 10.",
    check_turnup=True,
    wrong=_bonus_claim(
        "fildinski/dix-once-without-turnup-check",
        "The same, if a dix did not need the turn-up to be other than a 7.",
        check_turnup=False,
    ),
)

# -- free play, the bezique pair and the known endgame --------------------------------


def _free_play_claim(
    name: str,
    statement: str,
    legal: Callable[[FollowVars], BitVec],
    *,
    real: bool = False,
    wrong: Claim | None = None,
) -> Claim:
    """``legal(v)`` is claimed to be the whole hand and to contain the endgame legal set."""

    def build() -> Bool:
        v = follow_vars()
        claimed = legal(v)
        within = (v.legal & ~claimed).eq(0)
        return (v.real if real else bool_val(True)).implies(claimed.eq(v.hand) & within)

    def describe(model: Model) -> str:
        return _describe_follow(model, ("claimed (the whole hand)", lambda v: v.hand))

    return Claim(name, ("fildinski.play.free-play",), build, describe, statement=statement, wrong=wrong)


def _stock_legal(v: FollowVars) -> BitVec:
    """fildinski.play.free-play: in the stock phase the follower's legal set is the hand."""
    return v.hand


FREE_PLAY: Final = _free_play_claim(
    "fildinski/stock-phase-free-play",
    "In the stock phase the follower's legal set is the whole hand, and the endgame legal set for the same "
    "hand and led card lies inside it: the endgame only ever removes cards.",
    _stock_legal,
    wrong=_free_play_claim(
        "fildinski/endgame-free-play",
        "The endgame legal set is the whole hand too.",
        lambda v: v.legal,
        real=True,
    ),
)

_QUEEN_KIND_STANDARD, _JACK_KIND_STANDARD = 8 * _SPADES + _QUEEN, 8 * _DIAMONDS + _JACK
_QUEEN_KIND_VARIANT, _JACK_KIND_VARIANT = 8 * _HEARTS + _QUEEN, 8 * _CLUBS + _JACK


def _bezique_masks(trump: BitVec, variant: Bool, *, every_trump: bool = False) -> tuple[BitVec, BitVec]:
    """The ids of the bezique queens and jacks, from the suit masks (fildinski.meld.bezique-pair)."""
    switched = variant if every_trump else variant & (trump.eq(_DIAMONDS) | trump.eq(_SPADES))
    queens = ite(
        switched,
        bv_val(_rank_mask(_QUEEN) & _suit_mask(_HEARTS), DECK),
        bv_val(_rank_mask(_QUEEN) & _suit_mask(_SPADES), DECK),
    )
    jacks = ite(
        switched,
        bv_val(_rank_mask(_JACK) & _suit_mask(_CLUBS), DECK),
        bv_val(_rank_mask(_JACK) & _suit_mask(_DIAMONDS), DECK),
    )
    return queens, jacks


def _is_bezique(cards: BitVec, queens: BitVec, jacks: BitVec) -> Bool:
    """One queen and one jack of the pair, nothing else: the bezique row of the meld table."""

    def one_of(mask: BitVec) -> Bool:
        part = cards & mask
        return part.ne(0) & (part & (part - 1)).eq(0)

    return (cards & ~(queens | jacks)).eq(0) & one_of(queens) & one_of(jacks)


def _bezique_claim(name: str, statement: str, *, every_trump: bool, wrong: Claim | None = None) -> Claim:
    def build() -> Bool:
        a, b = bv_var("id_a", ID_BITS), bv_var("id_b", ID_BITS)
        trump, variant = bv_var("trump", 2), bv_var("klaverjas_hartendame", 1).eq(1)
        queens, jacks = _bezique_masks(trump, variant, every_trump=every_trump)
        switched = variant & (trump.eq(_DIAMONDS) | trump.eq(_SPADES))
        queen = ite(switched, bv_val(_QUEEN_KIND_VARIANT, 5), bv_val(_QUEEN_KIND_STANDARD, 5))
        jack = ite(switched, bv_val(_JACK_KIND_VARIANT, 5), bv_val(_JACK_KIND_STANDARD, 5))
        kind_a, kind_b = a.lshr(1).resize(5), b.lshr(1).resize(5)
        stated = (kind_a.eq(queen) & kind_b.eq(jack)) | (kind_a.eq(jack) & kind_b.eq(queen))
        double = _bit_of(a) | _bit_of(b)
        return a.ne(b).implies(_is_bezique(double, queens, jacks).iff(stated))

    def describe(model: Model) -> str:
        a, b = (model.bv_value(bv_var(n, ID_BITS)) for n in ("id_a", "id_b"))
        trump = model.bv_value(bv_var("trump", 2))
        variant = model.bool_value(bv_var("klaverjas_hartendame", 1).eq(1))
        option = "klaverjas_hartendame" if variant else "standard"
        return f"bezique_pair = {option}, trump {_SUIT_NAMES[trump]}: cards {show_card(a)} and {show_card(b)}"

    return Claim(name, ("fildinski.meld.bezique-pair",), build, describe, statement=statement, wrong=wrong)


BEZIQUE_PAIR: Final = _bezique_claim(
    "fildinski/bezique-pair",
    "For both bezique_pair values and every trump, two distinct cards make a bezique exactly when they are "
    "one card of each stated kind: QS and JD, or QH and JC under klaverjas_hartendame with diamonds or "
    "spades trump.",
    every_trump=False,
    wrong=_bezique_claim(
        "fildinski/bezique-pair-under-every-trump",
        "The same, if klaverjas_hartendame switched the pair under every trump.",
        every_trump=True,
    ),
)


def _known_claim(name: str, statement: str, *, stock_phase: bool, wrong: Claim | None = None) -> Claim:
    """p0 observes its hand, both won and retired piles and the trick; the stock is empty in the endgame."""

    def build() -> Bool:
        zones = {zone: bv_var(f"zone {zone}", DECK) for zone in ZONES}
        seen = zones["hand0"] | zones["won0"] | zones["won1"] | zones["retired0"] | zones["retired1"]
        seen = seen | zones["trick"]
        deduced = bv_val(ALL_CARDS, DECK) & ~seen
        empty = bool_val(True) if stock_phase else zones["stock"].eq(0)
        return (_partition(list(zones.values())) & empty).implies(zones["hand1"].eq(deduced))

    def describe(model: Model) -> str:
        hand = model.bv_value(bv_var("zone hand1", DECK))
        stock = model.bv_value(bv_var("zone stock", DECK))
        return (
            f"the opponent holds {_plural(hand.bit_count(), 'card')} and the stock {show_cards(stock)}: "
            f"the ids the player cannot place are the opponent's hand plus the stock"
        )

    return Claim(name, ("fildinski.info.endgame-known",), build, describe, statement=statement, wrong=wrong)


ENDGAME_KNOWN: Final = _known_claim(
    "fildinski/endgame-known",
    "When the stock is empty, every state whose zones hold each id once gives the opponent's hand as "
    "exactly the ids outside the player's own hand, both won and retired piles and the trick.",
    stock_phase=False,
    wrong=_known_claim(
        "fildinski/stock-phase-known",
        "The same while the stock still has cards.",
        stock_phase=True,
    ),
)


CLAIMS: Final[tuple[Claim, ...]] = (
    CARD_IDS,
    COPY_SYMMETRY,
    TRICK_WINNER,
    ENDGAME_LEGAL_SET,
    LEGAL_NONEMPTY,
    MUST_FOLLOW,
    MUST_HEAD,
    MUST_TRUMP,
    FREE_DISCARD,
    ENDGAME_WINNER_FIXED,
    FREE_PLAY,
    ENDGAME_KNOWN,
    CONSERVATION,
    ZONE_SIZES,
    TRICK_POINTS,
    CARD_POINTS,
    MELD_BOUND,
    MELD_BOUND_FRESH,
    MELD_PER_STEP,
    BEZIQUE_PAIR,
    FIXED_BONUSES,
    DEALER_ALTERNATION,
    GAME_END,
)
"""Every Fildinski claim, in the order of the table."""
