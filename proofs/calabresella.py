"""Calabresella in Z3: the deck and its thirds, the trick, the count, the payments and the cards.

Every claim here holds for *all* values of its variables, not a sample:

- a set of cards (a hand, a won pile, the monte) is a 52-bit vector over
  :attr:`cardrules.cards.Card.index`, limited to the 40 cards of the game
  (:data:`DECK`); a trick is three distinct 6-bit card indices;
- card values are integers in thirds, and a side's points are
  ``floor(thirds / 3)``: nothing in the model is a float;
- the stakes are three symbolic positive integers, so the payment claims hold
  for every ``stakes`` option, not only the default ``1,2,3``;
- the auction is a small transition system of integers, under either
  ``auction`` option;
- a suit renaming is four distinct symbolic suits, one image per suit;
- a whole hand (the deal in packets of four, the auction's outcome, every
  exchange of every contract and raise, the twelve tricks and the settlement)
  is one transition system whose places are 52-bit vectors with integer
  counters, and card conservation is an inductive invariant of it, proved for
  every deck order, every card moved and every trick winner.

Sums of card values over symbolic piles are proved in two steps (each valued
card counted once, then the sum), since z3 cannot pair up the terms of two
such sums on its own.

The model is written from the specification, not from the engine: the rank
order and the card values below are the specification's own tables (only the
card numbering of :mod:`cardrules.cards` is shared). The refinement tests
(``tests/test_calabresella_proofs.py``) evaluate the model's terms on states
the engine reaches and check that both agree.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Final

from cardrules.cards import STANDARD_DECK, Rank, Suit, card_at, cards_in, format_cards
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
    bool_var,
    bv_from_bits,
    bv_val,
    bv_var,
    distinct,
    exactly_one,
    int_val,
    int_var,
    ite,
    onehot,
    popcount,
    substitute,
    sum_of,
)

__all__ = [
    "AUCTION",
    "AUCTION_SYSTEM",
    "CARD_CONSERVATION",
    "CLAIMS",
    "DECK",
    "DECK_VALUES",
    "FOLLOW_SUIT",
    "HAND_SYSTEM",
    "HAND_TOTAL",
    "ITALIAN_PACK",
    "MULTIPLIER",
    "NO_LEAD",
    "PAYMENT_ZERO_SUM",
    "PHASES",
    "POOLED_ROUNDING",
    "RAISE_FACTORS",
    "RANK_STRENGTH",
    "RANK_THIRDS",
    "SESSION_BALANCE",
    "STAKE_LADDER",
    "SUCCESS",
    "TRICK_WINNER",
    "ZONES",
    "FollowVars",
    "Settlement",
    "TrickVars",
    "auction_step",
    "card_thirds",
    "follow_vars",
    "legal_set",
    "multiplier",
    "nets",
    "points",
    "settled",
    "settlement",
    "stake_value",
    "thirds_of",
    "trick_vars",
    "trick_wins",
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

_DECK_CARDS: Final = tuple(card for card in STANDARD_DECK if card.rank in RANK_STRENGTH)
DECK: Final[int] = sum(1 << card.index for card in _DECK_CARDS)
"""calabresella.deck.composition: the 40 cards (no 8, 9 or 10) as a 52-bit mask."""
_DECK_INDICES: Final = tuple(card.index for card in _DECK_CARDS)
_FULL: Final = (1 << HAND_BITS) - 1
_HAND_TOTAL: Final = 35
"""Thirds in a hand: 32 in the cards and 3 for the last trick."""
_BONUS: Final = 3
_TRICKS: Final = 12


def card_thirds(index: int) -> int:
    """The value in thirds of the card with this index (0 for a card outside the deck)."""
    card = card_at(index)
    return RANK_THIRDS.get(card.rank, 0) if DECK >> index & 1 else 0


def thirds_of(cards: BitVec) -> Int:
    """The value in thirds of a set of cards (only the 40 cards of the deck count)."""
    return sum_of(
        ite(cards.bit(i), int_val(card_thirds(i)), int_val(0)) for i in _DECK_INDICES if card_thirds(i)
    )


def points(thirds: Int) -> Int:
    """calabresella.scoring.rounding: whole points, the remainder dropped (``floor(thirds / 3)``)."""
    return thirds.floordiv(3)


def _suit_mask(suit: Suit) -> int:
    return sum(1 << card.index for card in _DECK_CARDS if card.suit is suit)


def _show_cards(mask: int) -> str:
    return format_cards(cards_in(mask & _FULL)) or "(none)"


def _show_card(index: int) -> str:
    return str(card_at(index)) if 0 <= index < HAND_BITS else f"card #{index}"


def _show_pile(mask: int) -> str:
    cards = list(cards_in(mask & _FULL))
    if len(cards) <= 17:
        return f"{len(cards)} ({format_cards(cards) or '-'})"
    return f"{len(cards)} ({format_cards(cards[:6])} ... {format_cards(cards[-3:])})"


def _in_deck(cards: BitVec) -> Bool:
    return (cards & ~bv_val(DECK, HAND_BITS)).eq(0)


# -- the deck claim --------------------------------------------------------------------


def _deck_formula(*, ace_thirds: int = 3) -> Bool:
    """Each suit holds 10 cards worth 8 thirds; the deck 40 cards, 32 thirds, 4 of each rank.

    Stated for a symbolic suit, so it covers every suit, and for two symbolic
    cards of one suit, whose strengths differ, with the 3 on top and the 4 at
    the bottom. ``ace_thirds`` is the wrong companion's value of an ace.
    """
    suit, first, second = bv_var("deck suit", 2), bv_var("deck card a", 6), bv_var("deck card b", 6)

    def value(index: int) -> int:
        return ace_thirds if card_at(index).rank is Rank.ACE else card_thirds(index)

    def of_suit(s: Suit, per_card: Callable[[int], int]) -> Int:
        return sum_of(int_val(per_card(i)) for i in _DECK_INDICES if card_at(i).suit is s)

    count_by_suit, value_by_suit = int_val(0), int_val(0)
    for s in Suit:
        count_by_suit = ite(suit.eq(int(s)), of_suit(s, lambda _i: 1), count_by_suit)
        value_by_suit = ite(suit.eq(int(s)), of_suit(s, value), value_by_suit)
    per_rank = all_of(
        int_val(sum(1 for i in _DECK_INDICES if card_at(i).rank is rank)).eq(
            4 if rank in RANK_STRENGTH else 0
        )
        for rank in Rank
    )
    deck_value = sum(value(i) for i in _DECK_INDICES)

    def strength(card: BitVec) -> BitVec:
        term = bv_val(0, 4)
        for i in _DECK_INDICES:
            term = ite(card.eq(i), bv_val(RANK_STRENGTH[card_at(i).rank], 4), term)
        return term

    def suit_of(card: BitVec) -> BitVec:
        term = bv_val(0, 2)
        for i in _DECK_INDICES:
            term = ite(card.eq(i), bv_val(int(card_at(i).suit), 2), term)
        return term

    def is_deck_card(card: BitVec) -> Bool:
        return any_of(card.eq(i) for i in _DECK_INDICES)

    same_suit = is_deck_card(first) & is_deck_card(second) & suit_of(first).eq(suit_of(second))
    ordered = (same_suit & first.ne(second)).implies(strength(first).ne(strength(second)))
    three = is_deck_card(first).implies(
        (strength(first).eq(9)).iff(any_of(first.eq(c.index) for c in _DECK_CARDS if c.rank is Rank.THREE))
        & (strength(first).eq(0)).iff(any_of(first.eq(c.index) for c in _DECK_CARDS if c.rank is Rank.FOUR))
    )
    return all_of(
        (
            count_by_suit.eq(10),
            value_by_suit.eq(8),
            int_val(len(_DECK_INDICES)).eq(40),
            int_val(deck_value).eq(32),
            per_rank,
            ordered,
            three,
        )
    )


def _describe_deck(model: Model) -> str:
    suit = Suit(model.bv_value(bv_var("deck suit", 2)))
    cards = [card_at(i) for i in _DECK_INDICES if card_at(i).suit is suit]
    values = ", ".join(f"{card}={RANK_THIRDS.get(card.rank, 0)}" for card in cards)
    aces_as_one = sum(1 if card.rank is Rank.ACE else RANK_THIRDS.get(card.rank, 0) for card in cards)
    return (
        f"suit {suit.letter}: {len(cards)} cards; thirds by the specification: {values} "
        f"(total {sum(RANK_THIRDS.get(card.rank, 0) for card in cards)}; {aces_as_one} with the ace "
        "counted as one third)"
    )


DECK_VALUES: Final = Claim(
    "calabresella/deck-values",
    ("calabresella.deck.composition", "calabresella.deck.rank-order", "calabresella.scoring.card-thirds"),
    _deck_formula,
    _describe_deck,
    statement="The deck has 40 cards, 10 per suit and 4 per rank with no 8, 9 or 10; within a suit every "
    "two cards differ in strength, the 3 highest and the 4 lowest; each suit is worth 8 thirds and the "
    "deck 32.",
    wrong=Claim(
        "calabresella/deck-values-ace-one-third",
        ("calabresella.deck.composition", "calabresella.deck.rank-order", "calabresella.scoring.card-thirds"),
        lambda: _deck_formula(ace_thirds=1),
        _describe_deck,
        statement="The same, counting an ace as one third like the court cards.",
    ),
)

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
        return _in_deck(self.hand) & self.led.ule(NO_LEAD)

    @property
    def of_led(self) -> BitVec:
        """The hand's cards of the suit led (none when nobody has led)."""
        return self.hand & _led_mask(self.led)

    @property
    def legal(self) -> BitVec:
        """The legal set (calabresella.play.lead, calabresella.play.follow)."""
        return legal_set(self.hand, self.led, self.free)


def follow_vars() -> FollowVars:
    """The legal-set variables (the same z3 constants on every call)."""
    return FollowVars(bv_var("cal hand", HAND_BITS), bv_var("cal led", 3), bool_var("cal follow free"))


def _led_mask(led: BitVec) -> BitVec:
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
    holds_led = any_of(hand.bit(i) & led.eq(suits[i]) for i in _DECK_INDICES)
    return bv_from_bits(
        [hand.bit(i) & (leading | free | led.eq(suits[i]) | ~holds_led) for i in range(HAND_BITS)]
    )


def _describe_follow(model: Model) -> str:
    v = follow_vars()
    led = model.bv_value(v.led)
    led_text = (
        "nothing (the player to act leads)" if led == NO_LEAD else Suit(led).letter if led < 4 else str(led)
    )
    free = model.bool_value(v.free)
    return "\n".join(
        (
            f"hand of the player to act: {_show_cards(model.bv_value(v.hand))}",
            f"suit led: {led_text}; follow_suit={'free' if free else 'required'}",
            f"cards of the suit led in the hand: {_show_cards(model.bv_value(v.of_led))}",
            f"legal set: {_show_cards(model.bv_value(v.legal))}",
        )
    )


def _follow_claim(
    name: str, statement: str, formula: Callable[[FollowVars], Bool], wrong: Claim | None
) -> Claim:
    def build() -> Bool:
        v = follow_vars()
        return v.domain.implies(formula(v))

    return Claim(
        name,
        ("calabresella.play.lead", "calabresella.play.follow"),
        build,
        _describe_follow,
        statement=statement,
        wrong=wrong,
    )


def _follow_holds(v: FollowVars) -> Bool:
    legal, hand = v.legal, v.hand
    off_suit = legal & ~_led_mask(v.led)
    return all_of(
        (
            (legal & ~hand).eq(0),
            hand.ne(0).implies(legal.ne(0)),
            v.led.eq(NO_LEAD).implies(legal.eq(hand)),
            v.free.implies(legal.eq(hand)),
            (~v.free & v.led.ne(NO_LEAD) & v.of_led.ne(0)).implies(legal.eq(v.of_led)),
            (~v.free & v.led.ne(NO_LEAD) & off_suit.ne(0)).implies(v.of_led.eq(0)),
        )
    )


FOLLOW_SUIT: Final = _follow_claim(
    "calabresella/follow-suit",
    "For every hand and suit led, under either follow_suit option: the legal set lies in the hand and is "
    "not empty when the hand is not; a leader may lead anything; under required a player holding the suit "
    "led may play only that suit, so a card off the suit led is played only by a player void in it.",
    _follow_holds,
    _follow_claim(
        "calabresella/follow-suit-even-when-void",
        "Under required, a follower may only ever play the suit led, void or not.",
        lambda v: (~v.free & v.led.ne(NO_LEAD) & v.hand.ne(0)).implies(v.legal.eq(v.of_led)),
        None,
    ),
)

# -- the trick winner -----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TrickVars:
    """Three cards of a trick, the leader's first."""

    cards: tuple[BitVec, BitVec, BitVec]

    @property
    def domain(self) -> Bool:
        """Three distinct cards of the deck."""
        in_deck = all_of(any_of(card.eq(i) for i in _DECK_INDICES) for card in self.cards)
        return in_deck & distinct(self.cards)


def trick_vars() -> TrickVars:
    """The trick variables (the same z3 constants on every call)."""
    a, b, c = (bv_var(f"cal trick card{i}", 6) for i in range(3))
    return TrickVars((a, b, c))


def _card_table(card: BitVec, table: Callable[[int], int], width: int) -> BitVec:
    term = bv_val(0, width)
    for i in _DECK_INDICES:
        term = ite(card.eq(i), bv_val(table(i), width), term)
    return term


def _suit_of(card: BitVec) -> BitVec:
    return _card_table(card, lambda i: int(card_at(i).suit), 2)


def _strength_of(card: BitVec) -> BitVec:
    return _card_table(card, lambda i: RANK_STRENGTH[card_at(i).rank], 4)


def trick_wins(v: TrickVars, *, ignore_suit: bool = False) -> tuple[Bool, Bool, Bool]:
    """For each position (0 = the lead), whether that card wins (calabresella.play.trick-winner).

    The highest card of the suit led wins; there are no trumps. With
    ``ignore_suit`` (a wrong companion) the highest card of any suit wins.
    """
    suits = [_suit_of(card) for card in v.cards]
    strengths = [_strength_of(card) for card in v.cards]
    led = [suits[i].eq(suits[0]) | ignore_suit for i in range(3)]

    def highest(i: int) -> Bool:
        return led[i] & all_of(led[j].implies(strengths[i].ugt(strengths[j])) for j in range(3) if j != i)

    return highest(0), highest(1), highest(2)


def _describe_trick(model: Model) -> str:
    v = trick_vars()
    cards = [model.bv_value(card) for card in v.cards]
    wins = [i for i, win in enumerate(trick_wins(v)) if model.bool_value(win)]
    names = ("the leader", "the second player", "the third player")
    shown = ", ".join(_show_card(card) for card in cards)
    winner = "; ".join(f"{names[i]} with {_show_card(cards[i])}" for i in wins) or "no card"
    return f"trick, in order of play: {shown}; winner by the specification: {winner}"


def _winner_formula(v: TrickVars) -> Bool:
    wins = trick_wins(v)
    suits = [_suit_of(card) for card in v.cards]
    strengths = [_strength_of(card) for card in v.cards]
    led_suit = all_of(wins[i].implies(suits[i].eq(suits[0])) for i in range(3))
    beats = all_of(
        wins[i].implies(suits[j].ne(suits[0]) | strengths[i].ugt(strengths[j]))
        for i in range(3)
        for j in range(3)
        if i != j
    )
    return exactly_one(wins) & led_suit & beats


def _strongest_wins(v: TrickVars) -> Bool:
    wins, loose = trick_wins(v), trick_wins(v, ignore_suit=True)
    return all_of(wins[i].iff(loose[i]) for i in range(3))


TRICK_WINNER: Final = Claim(
    "calabresella/trick-winner",
    ("calabresella.play.trick-winner",),
    lambda: trick_vars().domain.implies(_winner_formula(trick_vars())),
    _describe_trick,
    statement="For any three distinct cards, exactly one wins the trick: it is of the suit led and no other "
    "card of that suit in the trick outranks it.",
    wrong=Claim(
        "calabresella/strongest-card-wins",
        ("calabresella.play.trick-winner",),
        lambda: trick_vars().domain.implies(_strongest_wins(trick_vars())),
        _describe_trick,
        statement="The strongest card of the trick wins, whatever its suit.",
    ),
)

# -- the Italian pack: renaming the suits changes nothing ---------------------------------


def _perm_vars() -> tuple[BitVec, BitVec, BitVec, BitVec]:
    a, b, c, d = (bv_var(f"cal suit image {s.letter}", 2) for s in Suit)
    return a, b, c, d


def _rank_swap(index: int, swap: bool) -> int:
    """The index of the same-suit card whose rank a wrong companion's renaming gives (3 and ace swapped)."""
    card = card_at(index)
    if not swap or card.rank not in (Rank.THREE, Rank.ACE):
        return index
    other = Rank.ACE if card.rank is Rank.THREE else Rank.THREE
    return next(c.index for c in _DECK_CARDS if c.suit is card.suit and c.rank is other)


def _index_of(suit: int, rank: Rank) -> int:
    return next(c.index for c in _DECK_CARDS if int(c.suit) == suit and c.rank is rank)


def _rename_set(cards: BitVec, perm: tuple[BitVec, ...], *, swap: bool = False) -> BitVec:
    """The set of cards after renaming suit s to ``perm[s]`` (and, in the wrong companion, 3 to ace)."""
    bits = []
    for i in range(HAND_BITS):
        card = card_at(i)
        if not DECK >> i & 1:
            bits.append(bool_val(False))
            continue
        sources = [_rank_swap(_index_of(s, card.rank), swap) for s in range(4)]
        bits.append(any_of(perm[s].eq(int(card.suit)) & cards.bit(sources[s]) for s in range(4)))
    return bv_from_bits(bits)


def _rename_card(card: BitVec, perm: tuple[BitVec, ...], *, swap: bool = False) -> BitVec:
    term = bv_val(0, 6)
    for i in _DECK_INDICES:
        source = card_at(i)
        for target in range(4):
            image = _rank_swap(_index_of(target, source.rank), swap)
            term = ite(card.eq(i) & perm[int(source.suit)].eq(target), bv_val(image, 6), term)
    return term


def _italian_formula(*, swap: bool = False) -> Bool:
    """For every renaming of the suits: the legal set and the trick winner are renamed with it.

    ``swap`` (the wrong companion) also swaps the 3 and the ace: a renaming of
    ranks is not harmless.
    """
    perm = _perm_vars()
    is_perm = distinct(perm)
    v = follow_vars()
    led_image = ite(v.led.eq(NO_LEAD), bv_val(NO_LEAD, 3), bv_val(0, 3))
    for s in range(4):
        led_image = ite(v.led.eq(s), perm[s].resize(3), led_image)
    renamed_legal = legal_set(_rename_set(v.hand, perm, swap=swap), led_image, v.free)
    legal = (v.domain & is_perm).implies(renamed_legal.eq(_rename_set(v.legal, perm, swap=swap)))
    t = trick_vars()
    renamed = TrickVars(
        (
            _rename_card(t.cards[0], perm, swap=swap),
            _rename_card(t.cards[1], perm, swap=swap),
            _rename_card(t.cards[2], perm, swap=swap),
        )
    )
    wins, renamed_wins = trick_wins(t), trick_wins(renamed)
    winner = (t.domain & is_perm).implies(all_of(wins[i].iff(renamed_wins[i]) for i in range(3)))
    values = all_of(int_val(card_thirds(c.index)).eq(RANK_THIRDS.get(c.rank, 0)) for c in _DECK_CARDS)
    return legal & winner & values


def _describe_italian(model: Model, *, swap: bool = False) -> str:
    perm = [model.bv_value(p) for p in _perm_vars()]
    names = ", ".join(f"{Suit(s).letter}->{Suit(p).letter if 0 <= p < 4 else p}" for s, p in enumerate(perm))
    cards = [model.bv_value(card) for card in trick_vars().cards]

    def renamed(index: int) -> str:
        if not DECK >> index & 1 or not 0 <= perm[int(card_at(index).suit)] < 4:
            return _show_card(index)
        return _show_card(_rank_swap(_index_of(perm[int(card_at(index).suit)], card_at(index).rank), swap))

    return (
        f"suits renamed {names}; {_describe_trick(model)}; the renamed trick: "
        f"{', '.join(renamed(card) for card in cards)}"
    )


ITALIAN_PACK: Final = Claim(
    "calabresella/suit-renaming",
    ("calabresella.deck.italian",),
    _italian_formula,
    _describe_italian,
    statement="For every renaming of the four suits (every permutation), every hand, suit led and "
    "follow_suit option, and every trick: the legal set of the renamed hand is the renamed legal set, the "
    "same position wins the renamed trick, and a card's thirds depend on its rank alone.",
    wrong=Claim(
        "calabresella/renaming-three-and-ace",
        ("calabresella.deck.italian",),
        lambda: _italian_formula(swap=True),
        lambda model: _describe_italian(model, swap=True),
        statement="The same when the renaming also swaps the 3 and the ace of every suit.",
    ),
)


# -- the count: thirds, points, success -------------------------------------------------


def _pile_var(name: str) -> BitVec:
    return bv_var(f"cal {name}", HAND_BITS)


def _card_lemmas(piles: tuple[BitVec, ...]) -> Bool:
    """Each valued card of the deck is counted in exactly one of the piles' thirds.

    Proved on its own (a case split per card) and then assumed by the sum: z3
    adds up the per-card equations as linear arithmetic, which it cannot do
    when it has to find the pairing itself.
    """
    return all_of(
        sum_of(ite(pile.bit(i), int_val(card_thirds(i)), int_val(0)) for pile in piles).eq(card_thirds(i))
        for i in _DECK_INDICES
        if card_thirds(i)
    )


def _two_piles() -> tuple[BitVec, BitVec, Bool]:
    won_b = _pile_var("won by B")
    return won_b, bv_val(DECK, HAND_BITS) & ~won_b, bool_var("cal B won trick 12")


def _sides_formula(*, bonus: bool = True, lemmas: bool = False) -> Bool:
    """Whatever cards the bidder's pile holds and whoever won trick 12, the two sides' thirds make 35.

    The opponents hold the rest of the deck, the monte included. ``bonus=False``
    drops the last-trick bonus (the wrong companion's reading), and the total
    is then 32. ``lemmas`` states only the per-card lemmas (:func:`_card_lemmas`).
    """
    won_b, won_o, last_b = _two_piles()
    if lemmas:
        return _in_deck(won_b).implies(_card_lemmas((won_b, won_o)))
    extra = _BONUS if bonus else 0
    thirds_b = thirds_of(won_b) + ite(last_b, int_val(extra), int_val(0))
    thirds_o = thirds_of(won_o) + ite(last_b, int_val(0), int_val(extra))
    total = _HAND_TOTAL if bonus else _HAND_TOTAL - _BONUS
    sums = (thirds_b + thirds_o).eq(total) & thirds_b.between(0, total)
    return (_in_deck(won_b) & _card_lemmas((won_b, won_o))).implies(sums)


def _points_formula(*, total: int = _HAND_TOTAL) -> Bool:
    """For every split b + (total - b) of the thirds: the points make 11, each 0 to 11, one side 6 or more.

    With the specification's total of 35 this is its own check,
    floor(b/3) + floor((35 - b)/3) = 11 for b in [0, 35].
    """
    b = int_var("cal thirds of B")
    o = int_val(total) - b
    claim = all_of(
        (
            (points(b) + points(o)).eq(11),
            points(b).between(0, 11),
            points(o).between(0, 11),
            exactly_one((points(b) >= 6, points(o) >= 6)),
        )
    )
    return b.between(0, total).implies(claim)


def _describe_sides(model: Model, *, bonus: bool = True) -> str:
    won_b = model.bv_value(_pile_var("won by B"))
    last_b = model.bool_value(_two_piles()[2])
    won_o = DECK & ~won_b
    extra = _BONUS if bonus else 0
    tb = sum(card_thirds(c.index) for c in cards_in(won_b)) + (extra if last_b else 0)
    to = sum(card_thirds(c.index) for c in cards_in(won_o)) + (0 if last_b else extra)
    return (
        f"bidder's pile {_show_pile(won_b)}, opponents' pile {_show_pile(won_o)}; trick 12 won by "
        f"{'the bidder' if last_b else 'the opponents'}; thirds {tb} + {to} = {tb + to}"
    )


def _describe_points(model: Model, *, total: int = _HAND_TOTAL) -> str:
    b = model.int_value(int_var("cal thirds of B"))
    o = total - b
    return f"thirds {b} + {o} = {total}: points {b // 3} + {o // 3} = {b // 3 + o // 3}"


def _describe_total(model: Model) -> str:
    b = model.int_value(int_var("cal thirds of B"))
    verdict = "succeeds" if b // 3 >= 6 else "fails"
    return f"{_describe_points(model)}; with {b} thirds the bidder has {b // 3} points and {verdict}"


_TOTAL_IDS: Final = (
    "calabresella.scoring.hand-total",
    "calabresella.scoring.last-trick",
    "calabresella.scoring.card-thirds",
    "calabresella.scoring.monte",
)


def _total_obligations(*, bonus: bool = True) -> tuple[Obligation, ...]:
    total = _HAND_TOTAL if bonus else _HAND_TOTAL - _BONUS
    return (
        Obligation("each card counted on one side", _sides_formula(lemmas=True), _describe_sides),
        Obligation(
            "the thirds of every split of the deck",
            _sides_formula(bonus=bonus),
            lambda model: _describe_sides(model, bonus=bonus),
        ),
        Obligation(
            f"the points of every split of {total} thirds",
            _points_formula(total=total),
            lambda model: _describe_points(model, total=total),
        ),
    )


HAND_TOTAL: Final = Claim(
    "calabresella/hand-total",
    _TOTAL_IDS,
    _total_obligations,
    _describe_total,
    statement="For every split of the 40 cards between the bidder's pile and the opponents' (the monte "
    "included) and either winner of trick 12, the sides' thirds, bonus included, add up to 35; and for "
    "every split of 35 thirds the rounded points add up to 11, each from 0 to 11, with exactly one side "
    "on 6 or more.",
    wrong=Claim(
        "calabresella/hand-total-without-last-trick",
        _TOTAL_IDS,
        lambda: _total_obligations(bonus=False),
        _describe_total,
        statement="The same without the last-trick bonus: the 32 thirds of the cards alone still make "
        "11 points.",
        engine=Engine.SMT_CORE,
    ),
    engine=Engine.SMT_CORE,
)


def _three_piles() -> tuple[BitVec, BitVec, BitVec, Int]:
    return (
        _pile_var("won by B"),
        _pile_var("won by O1"),
        _pile_var("won by O2"),
        int_var("cal trick 12 winner"),
    )


def _three_thirds() -> tuple[Int, Int, Int]:
    return int_var("cal thirds B"), int_var("cal thirds O1"), int_var("cal thirds O2")


def _three_way_formula(*, lemmas: bool = False) -> Bool:
    """Three piles that partition the deck, and the bonus to one of them: 35 thirds, none negative."""
    won_b, won_1, won_2, last = _three_piles()
    deck = bv_val(DECK, HAND_BITS)
    partition = all_of(
        (
            (won_b & won_1).eq(0),
            (won_b & won_2).eq(0),
            (won_1 & won_2).eq(0),
            (won_b | won_1 | won_2).eq(deck),
            last.between(0, 2),
        )
    )
    card_lemmas = _card_lemmas((won_b, won_1, won_2))
    if lemmas:
        return partition.implies(card_lemmas)
    thirds = [
        thirds_of(pile) + ite(last.eq(seat), int_val(_BONUS), int_val(0))
        for seat, pile in enumerate((won_b, won_1, won_2))
    ]
    return (partition & card_lemmas).implies(sum_of(thirds).eq(_HAND_TOTAL) & all_of(t >= 0 for t in thirds))


def _pooled_formula(*, pooled: bool = True) -> Bool:
    """Thirds of B, O1 and O2 (none negative, 35 in all): B's points plus the opponents' make 11.

    The opponents' thirds are added before rounding; ``pooled=False`` (the
    wrong companion) rounds each opponent's separately.
    """
    b, one, two = _three_thirds()
    split = (b >= 0) & (one >= 0) & (two >= 0) & (b + one + two).eq(_HAND_TOTAL)
    opponents = points(one + two) if pooled else points(one) + points(two)
    return split.implies((points(b) + opponents).eq(11))


def _describe_three(model: Model) -> str:
    won_b, won_1, won_2, last = _three_piles()
    piles = [model.bv_value(p) for p in (won_b, won_1, won_2)]
    winner = model.int_value(last)
    thirds = [
        sum(card_thirds(c.index) for c in cards_in(p)) + (3 if winner == i else 0)
        for i, p in enumerate(piles)
    ]
    return (
        f"bidder {_show_pile(piles[0])}, O1 {_show_pile(piles[1])}, O2 {_show_pile(piles[2])}; "
        f"trick 12 won by {_side_seat(winner)}; thirds {thirds[0]}, {thirds[1]}, {thirds[2]}"
    )


def _describe_pooled(model: Model) -> str:
    b, one, two = (model.int_value(t) for t in _three_thirds())
    return (
        f"thirds: bidder {b}, O1 {one}, O2 {two}; pooled points {b // 3} + {(one + two) // 3} = "
        f"{b // 3 + (one + two) // 3}; rounded separately {b // 3} + {one // 3} + {two // 3} = "
        f"{b // 3 + one // 3 + two // 3}"
    )


def _pooled_obligations(*, pooled: bool = True) -> tuple[Obligation, ...]:
    return (
        Obligation("each card counted in one pile", _three_way_formula(lemmas=True), _describe_three),
        Obligation("the thirds of every three-way split of the deck", _three_way_formula(), _describe_three),
        Obligation("the points of every three-way split of 35 thirds", _pooled_formula(pooled=pooled)),
    )


POOLED_ROUNDING: Final = Claim(
    "calabresella/pooled-rounding",
    ("calabresella.scoring.rounding",),
    _pooled_obligations,
    _describe_pooled,
    statement="For every split of the deck among the bidder and the two opponents and any winner of trick "
    "12 the thirds make 35; and for any such thirds the bidder's points plus the opponents' points, "
    "counted once on their pooled thirds, make 11.",
    wrong=Claim(
        "calabresella/rounding-each-opponent",
        ("calabresella.scoring.rounding",),
        lambda: _pooled_obligations(pooled=False),
        _describe_pooled,
        statement="The same when each opponent's thirds are rounded separately and then added.",
        engine=Engine.SMT_CORE,
    ),
    engine=Engine.SMT_CORE,
)


def _success_formula(*, target: int = 18) -> Bool:
    b = int_var("cal thirds of B")
    o = int_val(_HAND_TOTAL) - b
    claim = (points(b) >= 6).iff(b >= target) & exactly_one((points(b) >= 6, points(o) >= 6))
    return b.between(0, _HAND_TOTAL).implies(claim)


SUCCESS: Final = Claim(
    "calabresella/success",
    ("calabresella.scoring.success", "calabresella.scoring.hand-total"),
    _success_formula,
    _describe_total,
    statement="For b in [0, 35]: the bidder has 6 points exactly when b >= 18 thirds, and exactly one side "
    "has 6 points or more, so there is no tie.",
    wrong=Claim(
        "calabresella/success-at-seventeen-thirds",
        ("calabresella.scoring.success", "calabresella.scoring.hand-total"),
        lambda: _success_formula(target=17),
        _describe_total,
        statement="The bidder reaches 6 points from 17 thirds (the remainder rounded up).",
    ),
)

# -- cappotto and stramazzo -------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Settlement:
    """The end of a hand as the multiplier sees it.

    Attributes:
        won_b: the bidder's won pile, monte included when the bidder won trick 12.
        tricks_b: the tricks the bidder won.
        last_b: whether the bidder won trick 12.
        reverse: the ``reverse_cappotto`` option is ``on``.
        by_thirds: the ``stramazzo_basis`` option is ``thirds``.
    """

    won_b: BitVec
    tricks_b: Int
    last_b: Bool
    reverse: Bool
    by_thirds: Bool

    @property
    def thirds(self) -> Int:
        """thirds(B): the pile's value plus the last-trick bonus."""
        return thirds_of(self.won_b) + ite(self.last_b, int_val(_BONUS), int_val(0))

    @property
    def played(self) -> Bool:
        """What the play leaves at settlement (the conservation claim's goal).

        The pile holds 3 cards per trick won plus the four monte cards when
        the bidder won trick 12; winning every trick includes the last, and
        winning none excludes it.
        """
        size = self.tricks_b * 3 + ite(self.last_b, int_val(4), int_val(0))
        return all_of(
            (
                _in_deck(self.won_b),
                self.tricks_b.between(0, _TRICKS),
                popcount(self.won_b).eq(size),
                self.tricks_b.eq(_TRICKS).implies(self.last_b),
                self.tricks_b.eq(0).implies(~self.last_b),
            )
        )

    @property
    def cappotto(self) -> Bool:
        """calabresella.scoring.cappotto: B took every trick, or (reverse on) none."""
        return self.tricks_b.eq(_TRICKS) | (self.reverse & self.tricks_b.eq(0))

    def stramazzo(self, *, trick_condition: bool = True) -> Bool:
        """calabresella.scoring.stramazzo under either basis.

        All the points although a trick was lost, or none although a trick was
        won. ``trick_condition=False`` is a wrong companion's misreading that
        drops the "although".
        """
        lost_one = self.tricks_b < _TRICKS if trick_condition else bool_val(True)
        won_one = self.tricks_b >= 1 if trick_condition else bool_val(True)
        b = self.thirds
        rounded = (points(b).eq(11) & lost_one) | (points(b).eq(0) & won_one)
        raw = (b.eq(_HAND_TOTAL) & lost_one) | (b.eq(0) & won_one)
        return ite(self.by_thirds, raw, rounded)

    def success(self) -> Bool:
        """calabresella.scoring.success."""
        return points(self.thirds) >= 6


def settlement() -> Settlement:
    """The settlement variables (the same z3 constants on every call)."""
    return Settlement(
        _pile_var("won by B"),
        int_var("cal tricks of B"),
        bool_var("cal B won trick 12"),
        bool_var("cal reverse_cappotto on"),
        bool_var("cal stramazzo_basis thirds"),
    )


def multiplier(s: Settlement, *, trick_condition: bool = True) -> Int:
    """m of calabresella.scoring.payment: 2 for cappotto, 3 for stramazzo, else 1."""
    return ite(
        s.cappotto, int_val(2), ite(s.stramazzo(trick_condition=trick_condition), int_val(3), int_val(1))
    )


def _multiplier_formula(*, trick_condition: bool = True) -> Bool:
    s = settlement()
    m = multiplier(s, trick_condition=trick_condition)
    both = s.cappotto & s.stramazzo(trick_condition=trick_condition)
    sweep = s.tricks_b.eq(_TRICKS).implies(points(s.thirds).eq(11) & s.success() & m.eq(2))
    swept = (s.reverse & s.tricks_b.eq(0)).implies(points(s.thirds).eq(0) & ~s.success() & m.eq(2))
    return s.played.implies(all_of((~both, m.between(1, 3), sweep, swept)))


def _describe_settlement(model: Model, *, trick_condition: bool = True) -> str:
    s = settlement()
    won_b, tricks = model.bv_value(s.won_b), model.int_value(s.tricks_b)
    return (
        f"bidder won {tricks} tricks{' including trick 12' if model.bool_value(s.last_b) else ''}; pile "
        f"{_show_pile(won_b)}; thirds(B) {model.int_value(s.thirds)}; reverse_cappotto="
        f"{'on' if model.bool_value(s.reverse) else 'off'}, stramazzo_basis="
        f"{'thirds' if model.bool_value(s.by_thirds) else 'rounded'}; cappotto "
        f"{model.bool_value(s.cappotto)}, stramazzo "
        f"{model.bool_value(s.stramazzo(trick_condition=trick_condition))}"
    )


MULTIPLIER: Final = Claim(
    "calabresella/cappotto-or-stramazzo",
    ("calabresella.scoring.cappotto", "calabresella.scoring.stramazzo", "calabresella.scoring.success"),
    _multiplier_formula,
    _describe_settlement,
    statement="For every pile the bidder can end with (3 cards per trick won, plus the monte with trick "
    "12), under both reverse_cappotto and both stramazzo_basis values: cappotto and stramazzo never both "
    "apply, m is 1, 2 or 3, and taking all 12 tricks gives 11 points, success and m = 2 (taking none, "
    "with reverse cappotto, 0 points, failure and m = 2).",
    wrong=Claim(
        "calabresella/stramazzo-without-the-lost-trick",
        ("calabresella.scoring.cappotto", "calabresella.scoring.stramazzo", "calabresella.scoring.success"),
        lambda: _multiplier_formula(trick_condition=False),
        lambda model: _describe_settlement(model, trick_condition=False),
        statement="The same, reading stramazzo as all or none of the points whatever the tricks.",
        engine=Engine.SMT_CORE,
    ),
    engine=Engine.SMT_CORE,
)

# -- stakes and payments ---------------------------------------------------------------

RAISE_FACTORS: Final = (1, 2, 4)
"""The raise choices none, dividete and scegliete and their factor on the Solissimo stake."""
_MULTIPLIERS: Final = (1, 2, 3)
_DEFAULT_STAKES: Final = (1, 2, 3)


def _stake_vars() -> tuple[Int, Int, Int]:
    return int_var("cal stake Chiamo"), int_var("cal stake Solo"), int_var("cal stake Solissimo")


def _hand_vars() -> tuple[Int, Int, Int, Bool]:
    return int_var("cal contract"), int_var("cal raise"), int_var("cal m"), bool_var("cal B succeeds")


def _stakes_valid(stakes: tuple[Int, Int, Int]) -> Bool:
    chiamo, solo, solissimo = stakes
    return (chiamo >= 1) & (chiamo < solo) & (solo < solissimo)


def _hand_valid(contract: Int, raised: Int, m: Int) -> Bool:
    return all_of(
        (contract.between(0, 2), raised.between(0, 2), raised.ne(0).implies(contract.eq(2)), m.between(1, 3))
    )


def stake_value(stakes: tuple[Int, Int, Int], contract: Int, raised: Int, m: Int) -> Int:
    """V of calabresella.scoring.payment: the contract's stake, times the raise's factor, times m.

    Written as a sum of cases with constant factors, so it stays linear for
    symbolic stakes.
    """
    parts = []
    for c, stake in enumerate(stakes):
        for r, factor in enumerate(RAISE_FACTORS):
            for mm in _MULTIPLIERS:
                chosen = contract.eq(c) & raised.eq(r) & m.eq(mm)
                parts.append(ite(chosen, stake * (factor * mm), int_val(0)))
    return sum_of(parts)


def nets(value: Int, success: Bool, *, bidder_share: int = 2) -> tuple[Int, Int, Int]:
    """(net of B, net of O1, net of O2): each opponent pays V to a successful bidder, or is paid V.

    ``bidder_share`` is how many stakes the bidder collects; 2 (one from each
    opponent) by the specification, 1 in a wrong companion.
    """
    net_b = ite(success, value * bidder_share, value * -bidder_share)
    net_o = ite(success, -value, value)
    return net_b, net_o, net_o


def _payment_formula(*, bidder_share: int = 2) -> Bool:
    stakes = _stake_vars()
    contract, raised, m, success = _hand_vars()
    value = stake_value(stakes, contract, raised, m)
    net_b, net_1, net_2 = nets(value, success, bidder_share=bidder_share)
    claim = all_of(
        (
            (net_b + net_1 + net_2).eq(0),
            value >= 1,
            net_b.eq(value * 2) | net_b.eq(value * -2),
            net_1.eq(net_2),
            (net_1 * 2).eq(-net_b),
        )
    )
    return (_stakes_valid(stakes) & _hand_valid(contract, raised, m)).implies(claim)


_CONTRACTS: Final = ("Chiamo", "Solo", "Solissimo")
_RAISES: Final = ("no raise", "dividete", "scegliete")


def _describe_payment(model: Model, *, bidder_share: int = 2) -> str:
    stakes = [model.int_value(s) for s in _stake_vars()]
    contract, raised, m, success = _hand_vars()
    c, r, mm = model.int_value(contract), model.int_value(raised), model.int_value(m)
    won = model.bool_value(success)
    value = stakes[c] * RAISE_FACTORS[r] * mm if 0 <= c < 3 and 0 <= r < 3 else 0
    b = value * bidder_share * (1 if won else -1)
    o = -value if won else value
    return (
        f"stakes {stakes[0]},{stakes[1]},{stakes[2]}; {_CONTRACTS[c] if 0 <= c < 3 else c}, "
        f"{_RAISES[r] if 0 <= r < 3 else r}, m = {mm}, the bidder {'succeeds' if won else 'fails'}: "
        f"V = {value}; "
        f"nets B {b}, O1 {o}, O2 {o} (sum {b + 2 * o})"
    )


PAYMENT_ZERO_SUM: Final = Claim(
    "calabresella/payments-zero-sum",
    ("calabresella.scoring.payment", "calabresella.bidding.ladder", "calabresella.exchange.solissimo-raise"),
    _payment_formula,
    _describe_payment,
    statement="For every strictly increasing triple of positive stakes, every contract, raise and "
    "multiplier and either outcome: V >= 1, the bidder's net is +2V or -2V, each opponent's is minus half "
    "of it, and the three nets sum to 0.",
    wrong=Claim(
        "calabresella/payments-bidder-collects-one-stake",
        (
            "calabresella.scoring.payment",
            "calabresella.bidding.ladder",
            "calabresella.exchange.solissimo-raise",
        ),
        lambda: _payment_formula(bidder_share=1),
        lambda model: _describe_payment(model, bidder_share=1),
        statement="The same when the bidder collects (or pays) V once while each opponent pays (or "
        "collects) V.",
    ),
)

_DEFAULT_VALUES: Final = (1, 2, 3, 4, 6, 9, 12, 18, 24, 36)


def _ladder_formula(*, cap: int | None = None) -> Bool:
    """The ladder with raises is strictly increasing for any stakes; V takes the listed values by default.

    ``cap`` is the wrong companion: V never exceeds it under the default stakes.
    """
    stakes = _stake_vars()
    chiamo, solo, solissimo = stakes
    contract, raised, m, _success = _hand_vars()
    zero, one, two = int_val(0), int_val(1), int_val(2)
    dividete = stake_value(stakes, two, one, one)
    scegliete = stake_value(stakes, two, two, one)
    ladder = all_of(
        (
            stake_value(stakes, zero, zero, one).eq(chiamo),
            stake_value(stakes, one, zero, one).eq(solo),
            stake_value(stakes, two, zero, one).eq(solissimo),
            dividete.eq(solissimo * 2),
            scegliete.eq(solissimo * 4),
            chiamo < solo,
            solo < solissimo,
            solissimo < dividete,
            dividete < scegliete,
        )
    )
    defaults = (int_val(_DEFAULT_STAKES[0]), int_val(_DEFAULT_STAKES[1]), int_val(_DEFAULT_STAKES[2]))
    value = stake_value(defaults, contract, raised, m)
    listed = any_of(value.eq(v) for v in _DEFAULT_VALUES) if cap is None else value <= cap
    return _stakes_valid(stakes).implies(ladder) & _hand_valid(contract, raised, m).implies(listed)


def _describe_ladder(model: Model) -> str:
    contract, raised, m, _success = _hand_vars()
    c, r, mm = model.int_value(contract), model.int_value(raised), model.int_value(m)
    value = _DEFAULT_STAKES[c] * RAISE_FACTORS[r] * mm if 0 <= c < 3 and 0 <= r < 3 else 0
    return (
        f"default stakes 1,2,3; {_CONTRACTS[c] if 0 <= c < 3 else c}, "
        f"{_RAISES[r] if 0 <= r < 3 else r}, m = {mm}: V = {value}"
    )


STAKE_LADDER: Final = Claim(
    "calabresella/stake-ladder",
    ("calabresella.bidding.ladder", "calabresella.exchange.solissimo-raise"),
    _ladder_formula,
    _describe_ladder,
    statement="For every strictly increasing triple of positive stakes, Chiamo < Solo < Solissimo < "
    "dividete (2x) < scegliete (4x); with the default stakes V is one of 1, 2, 3, 4, 6, 9, 12, 18, 24, 36.",
    wrong=Claim(
        "calabresella/stake-multipliers-do-not-stack",
        ("calabresella.bidding.ladder", "calabresella.exchange.solissimo-raise"),
        lambda: _ladder_formula(cap=12),
        _describe_ladder,
        statement="With the default stakes V never exceeds 12, the scegliete value (as if cappotto and "
        "stramazzo did not apply on top of a raise).",
    ),
)

# -- the session ---------------------------------------------------------------------


def _session_step(before: SymState, choice: SymState, *, ante: int = 0) -> tuple[Move, ...]:
    """A hand is settled (the bidder, V and the outcome chosen freely) or abandoned after an all-pass.

    ``ante`` is the wrong companion's rule: each player puts that much in a
    pool nobody wins after an all-pass.
    """
    bidder, value, won = choice["bidder"], choice["value"], choice["won"]
    success = won.eq(1)
    net_b, net_o, _ = nets(value, success)
    changes: dict[str, Int | BitVec] = {}
    for seat in range(3):
        balance = before[f"balance{seat}"]
        changes[f"balance{seat}"] = balance + ite(bidder.eq(seat), net_b, net_o)
    changes["hands"] = before["hands"] + 1
    settled = Move(
        "a hand is settled",
        (value >= 1) & won.between(0, 1) & bidder.between(0, 2),
        before.updated(changes),
        tuple(MappingProxyType({"bidder": seat}) for seat in range(3)),
    )
    abandoned_changes: dict[str, Int | BitVec] = {
        f"balance{seat}": before[f"balance{seat}"] - ante for seat in range(3)
    }
    abandoned_changes["hands"] = before["hands"] + 1
    abandoned = Move("all three pass", bool_val(True), before.updated(abandoned_changes))
    return settled, abandoned


def _balances(s: SymState) -> Int:
    return s["balance0"] + s["balance1"] + s["balance2"]


def _session_system(*, ante: int = 0) -> TransitionSystem:
    def show_state(v: Mapping[str, int]) -> str:
        return f"[after {v['hands']} hands: balances {v['balance0']}, {v['balance1']}, {v['balance2']}]"

    def show_inputs(v: Mapping[str, int]) -> str:
        outcome = "succeeding" if v["won"] == 1 else "failing"
        return f"seat {v['bidder']} bidding for V = {v['value']} and {outcome} (or an all-pass)"

    return TransitionSystem(
        variables=ints("balance0", "balance1", "balance2", "hands"),
        inputs=ints("bidder", "value", "won"),
        init=lambda s: all_of(s[name].eq(0) for name in ("balance0", "balance1", "balance2", "hands")),
        step=lambda before, choice: _session_step(before, choice, ante=ante),
        invariant=(Part("the balances sum to 0", lambda s: _balances(s).eq(0)),),
        goal=lambda s: _balances(s).eq(0),
        show_state=show_state,
        show_inputs=show_inputs,
    )


SESSION_BALANCE: Final = inductive_claim(
    "calabresella/session-balances",
    ("calabresella.procedure.session", "calabresella.bidding.all-pass", "calabresella.scoring.payment"),
    _session_system(),
    statement="Over any session, whoever bids, for any V and either outcome, and with any number of "
    "abandoned hands, the three balances sum to 0 after every hand.",
    wrong=inductive_claim(
        "calabresella/session-ante-after-all-pass",
        ("calabresella.procedure.session", "calabresella.bidding.all-pass", "calabresella.scoring.payment"),
        _session_system(ante=1),
        statement="The same when an all-pass costs each player one unit into a pool nobody wins.",
    ),
)

# -- the auction ------------------------------------------------------------------------

_AUCTION_VARS: Final = ("passed0", "passed1", "passed2", "level", "high", "caller", "calls", "over", "single")
"""Seats are positions from E in turn order (0 = E, 2 = the dealer). ``passedJ`` is 1 once J passed;
``level`` the highest bid (0 none, 1 Chiamo, 2 Solo, 3 Solissimo) and ``high`` its maker (-1 none);
``caller`` the position to call; ``calls`` how many calls were made; ``over`` 1 once the auction has
ended; ``single`` 1 under ``auction = single-round``."""
_SOLISSIMO: Final = 3


def _passed(s: SymState, position: Int) -> Int:
    return ite(position.eq(0), s["passed0"], ite(position.eq(1), s["passed1"], s["passed2"]))


def _passes(s: SymState) -> Int:
    return s["passed0"] + s["passed1"] + s["passed2"]


def auction_step(s: SymState, call: Int, *, rejoin: bool = False) -> tuple[Bool, dict[str, Int | BitVec]]:
    """A call by the player to call: the guard (calabresella.bidding.overcall) and the state after it.

    ``call`` is 0 for a pass, else the level bid. The next caller is the next
    player in turn order who has not passed (calabresella.bidding.order), or
    simply the next player under ``single-round``; the auction ends on a
    Solissimo, on an all-pass, when a bid stands and both others have passed,
    or after the third call under ``single-round`` (calabresella.bidding.end).
    ``rejoin`` is a wrong companion's bug: passed players are not skipped.
    """
    caller, level, high, single = s["caller"], s["level"], s["high"], s["single"].eq(1)
    is_pass = call.eq(0)
    guard = s["over"].eq(0) & call.between(0, _SOLISSIMO) & (is_pass | (call > level))
    passed = {f"passed{j}": ite(is_pass & caller.eq(j), int_val(1), s[f"passed{j}"]) for j in range(3)}
    after_passes = passed["passed0"] + passed["passed1"] + passed["passed2"]
    new_high = ite(is_pass, high, caller)
    new_level = ite(is_pass, level, call)
    calls = s["calls"] + 1
    first = (caller + 1).mod(3)
    first_passed = ite(first.eq(0), passed["passed0"], ite(first.eq(1), passed["passed1"], passed["passed2"]))
    skip = first_passed.eq(1) if not rejoin else bool_val(False)
    nxt = ite(single | ~skip, first, (caller + 2).mod(3))
    ended = ite(
        single,
        call.eq(_SOLISSIMO) | calls.eq(3),
        call.eq(_SOLISSIMO) | after_passes.eq(3) | ((new_high >= 0) & after_passes.eq(2)),
    )
    after: dict[str, Int | BitVec] = {
        **passed,
        "level": new_level,
        "high": new_high,
        "calls": calls,
        "over": ite(ended, int_val(1), int_val(0)),
        "caller": nxt,
    }
    return guard, after


def _auction_parts(s: SymState) -> Bool:
    """The counts and positions that make the auction's properties inductive."""
    passed = [s[f"passed{j}"] for j in range(3)]
    level, high, caller, calls, over = s["level"], s["high"], s["caller"], s["calls"], s["over"]
    single, live = s["single"].eq(1), over.eq(0)
    after_high = (high + 1).mod(3)
    return all_of(
        (
            *(p.between(0, 1) for p in passed),
            level.between(0, _SOLISSIMO),
            high.between(-1, 2),
            caller.between(0, 2),
            over.between(0, 1),
            s["single"].between(0, 1),
            level.eq(0).iff(high.eq(-1)),
            (high >= 0).implies(_passed(s, high).eq(0)),
            # every call is a pass or a bid, and each bid raised the level
            (calls >= _passes(s)) & (calls <= _passes(s) + level),
            live.implies(level < _SOLISSIMO),
            (live & ~single).implies(
                _passed(s, caller).eq(0)
                & caller.ne(high)
                & (_passes(s) <= 2)
                & _passes(s).eq(2).implies(level.eq(0))
                & ((high >= 0) & caller.eq((high + 2).mod(3))).implies(_passed(s, after_high).eq(1))
            ),
            calls <= 4,
            single.implies(calls <= 3),
            (single & live).implies(
                caller.eq(calls)
                & (calls <= 2)
                & (high < caller)
                & all_of((calls <= j).implies(passed[j].eq(0)) for j in range(3))
            ),
            (~single & over.eq(1) & level.eq(0)).implies(_passes(s).eq(3)),
        )
    )


def _auction_goal(s: SymState) -> Bool:
    """Invariant 10 and the rules' checks, in every reachable auction state."""
    level, high, caller, calls, over = s["level"], s["high"], s["caller"], s["calls"], s["over"]
    single, live, done = s["single"].eq(1), over.eq(0), over.eq(1)
    return all_of(
        (
            calls <= 4,
            (done & level.eq(0) & ~single).implies(calls.eq(3)),
            single.implies(calls <= 3),
            (live & ~single).implies(caller.ne(high) & _passed(s, caller).eq(0)),
            (live & single).implies(caller.eq(calls)),
            level.eq(_SOLISSIMO).implies(done),
        )
    )


def _auction_system(*, rejoin: bool = False) -> TransitionSystem:
    def step(before: SymState, choice: SymState) -> tuple[Move, ...]:
        guard, after = auction_step(before, choice["call"], rejoin=rejoin)
        cases = tuple(MappingProxyType({"call": c}) for c in range(_SOLISSIMO + 1))
        return (Move("a call", guard, before.updated(after), cases),)

    def init(s: SymState) -> Bool:
        zero = all_of(
            s[name].eq(0) for name in ("passed0", "passed1", "passed2", "level", "caller", "calls", "over")
        )
        return zero & s["high"].eq(-1) & s["single"].between(0, 1)

    def show_state(v: Mapping[str, int]) -> str:
        level = ("no bid", "Chiamo", "Solo", "Solissimo")[v["level"]] if 0 <= v["level"] <= 3 else v["level"]
        passed = [j for j in range(3) if v[f"passed{j}"] == 1]
        return (
            f"[{'single-round' if v['single'] == 1 else 'open'} auction after {v['calls']} calls: highest "
            f"{level} by position {v['high']}, passed {passed}, position {v['caller']} to call"
            f"{', over' if v['over'] == 1 else ''}]"
        )

    def show_inputs(v: Mapping[str, int]) -> str:
        return "a pass" if v["call"] == 0 else f"a bid of level {v['call']}"

    return TransitionSystem(
        variables=ints(*_AUCTION_VARS),
        inputs=ints("call"),
        init=init,
        step=step,
        invariant=(Part("auction counts and positions", _auction_parts),),
        goal=_auction_goal,
        show_state=show_state,
        show_inputs=show_inputs,
    )


AUCTION_SYSTEM: Final = _auction_system()
"""The auction, under either ``auction`` option (positions from E)."""

_AUCTION_IDS: Final = (
    "calabresella.bidding.order",
    "calabresella.bidding.overcall",
    "calabresella.bidding.pass-final",
    "calabresella.bidding.end",
)

AUCTION: Final = inductive_claim(
    "calabresella/auction",
    _AUCTION_IDS,
    AUCTION_SYSTEM,
    statement="In every auction, open or single-round, with legal calls only: the player asked to call has "
    "not passed and does not hold the highest bid, a Solissimo ends it, it ends after at most 4 calls, "
    "after exactly 3 when all pass (open), and after at most 3 under single-round, E, next(E) and D calling "
    "in that order.",
    wrong=inductive_claim(
        "calabresella/auction-without-skipping-passed-players",
        _AUCTION_IDS,
        _auction_system(rejoin=True),
        statement="The same when the turn passes to the next player even if that player has passed.",
    ),
)


# -- the whole hand as a transition system ------------------------------------------------

ZONES: Final = ("pile", "hand0", "hand1", "hand2", "monte", "trick", "won_b", "won_o")
"""The places a card can be: the undealt pile, three hands, the monte, the trick, the two won piles.

During the deal (and after an all-pass) ``hand<j>`` belongs to the player ``j``
places after E in turn order: E, next(E), then the dealer. From the end of the
auction on, ``hand0`` is the bidder's, ``hand1`` O1's and ``hand2`` O2's.
"""
_PILE, _HAND0, _HAND1, _HAND2, _MONTE, _TRICK, _WON_B, _WON_O = range(len(ZONES))

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
    _DEAL,
    _CONTRACT,
    _CALL,
    _HANDED,
    _TAKE,
    _LAY,
    _RAISE,
    _DIVIDE,
    _CHOOSE,
    _LEAD,
    _PLAY,
    _SETTLE,
    _ABANDONED,
) = range(len(PHASES))

_DEALT_CARDS: Final = 40
_MONTE_START: Final = 36


def _deal_receiver(k: int) -> int:
    """calabresella.deal.packets: the zone of card c[k]: packets of four from E, the last four the monte."""
    return _HAND0 + (k // 4) % 3 if k < _MONTE_START else _MONTE


_DEAL_SIZES: Final = tuple(
    tuple(sum(1 for i in range(k) if _deal_receiver(i) == zone) for zone in (_HAND0, _HAND1, _HAND2, _MONTE))
    for k in range(_DEALT_CARDS + 1)
)
"""After k cards dealt: the sizes of hand0, hand1, hand2 and the monte."""

_DIVIDE_STEPS: Final = (
    *((_MONTE, _HAND1),) * 2,
    *((_MONTE, _HAND2),) * 2,
    *((_HAND1, _MONTE),) * 2,
    *((_HAND2, _MONTE),) * 2,
)
"""calabresella.exchange.dividete, a card per step: O1 takes two, O2 two, O1 lays two, O2 two."""
_CHOOSE_STEPS: Final = (
    *((_MONTE, _HAND1),) * 4,
    *((_HAND1, _MONTE),) * 4,
    *((_MONTE, _HAND2),) * 4,
    *((_HAND2, _MONTE),) * 4,
)
"""calabresella.exchange.scegliete, a card per step: O1 takes the monte and lays 4, then O2 does."""


def _step_sizes(steps: tuple[tuple[int, int], ...]) -> tuple[tuple[int, int, int], ...]:
    """The sizes of O1, O2 and the monte after each number of steps, from 12, 12 and 4."""
    rows = []
    for k in range(len(steps) + 1):
        sizes = {_HAND1: 12, _HAND2: 12, _MONTE: 4}
        for src, dst in steps[:k]:
            sizes[src] -= 1
            sizes[dst] += 1
        rows.append((sizes[_HAND1], sizes[_HAND2], sizes[_MONTE]))
    return tuple(rows)


_COUNTERS: Final = (
    "phase",
    "k",
    "giver",
    "turn",
    "lead",
    "tricks",
    "played",
    "gathered",
    "winner",
    "tricks_b",
    "last_b",
)
_SIZE_NAMES: Final = tuple(f"n_{zone}" for zone in ZONES)
_NO_WINNER: Final = -1


def _table(index: Int, values: tuple[int, ...]) -> Int:
    """``values[index]`` for an index in range (the last value beyond it)."""
    term = int_val(values[-1])
    for i in reversed(range(len(values) - 1)):
        term = ite(index.eq(i), int_val(values[i]), term)
    return term


def _zone(s: SymState, code: Int) -> BitVec:
    """The set of the zone with this code (empty for a code out of range)."""
    term = bv_val(0, HAND_BITS)
    for i, name in enumerate(ZONES):
        term = ite(code.eq(i), s.bv(name), term)
    return term


def _hand_code(relative: Int) -> Int:
    return relative + _HAND0


def _sizes_are(s: SymState, sizes: Mapping[int, Int | int]) -> Bool:
    """Each zone's counter has the given size (0 for a zone not listed)."""
    return all_of(s[_SIZE_NAMES[zone]].eq(sizes.get(zone, 0)) for zone in range(len(ZONES)))


def _dealt_shape(s: SymState) -> Bool:
    return _sizes_are(s, {_HAND0: 12, _HAND1: 12, _HAND2: 12, _MONTE: 4})


def _handed_sizes(s: SymState) -> Bool:
    """The called card handed over by the giver (1 or 2) and ``k`` monte cards taken since."""
    giver, k = s["giver"], s["k"]
    bidder, monte = int_val(13) + k, int_val(4) - k
    return (
        giver.between(1, 2)
        & k.between(0, 4)
        & ite(
            giver.eq(1),
            _sizes_are(s, {_HAND0: bidder, _HAND1: 11, _HAND2: 12, _MONTE: monte}),
            _sizes_are(s, {_HAND0: bidder, _HAND1: 12, _HAND2: 11, _MONTE: monte}),
        )
    )


def _by_steps(s: SymState, steps: tuple[tuple[int, int], ...]) -> Bool:
    rows = _step_sizes(steps)
    k = s["k"]
    sizes = {
        zone: _table(k, tuple(row[j] for row in rows)) for j, zone in enumerate((_HAND1, _HAND2, _MONTE))
    }
    return k.between(0, len(steps)) & _sizes_are(s, {_HAND0: 12, **sizes})


def _one_if(condition: Bool) -> Int:
    return ite(condition, int_val(1), int_val(0))


def _play_sizes(s: SymState) -> Bool:
    """calabresella.play.turn and play.tricks: after t tricks a hand holds 12 - t, one fewer once played."""
    tricks, played, gathered, winner = s["tricks"], s["played"], s["gathered"], s["winner"]
    lead, turn, tricks_b, last_b = s["lead"], s["turn"], s["tricks_b"], s["last_b"]
    hands = [
        s[_SIZE_NAMES[_HAND0 + x]].eq(
            int_val(_TRICKS) - tricks - _one_if((int_val(x) - lead).mod(3) < played)
        )
        for x in range(3)
    ]
    return all_of(
        (
            tricks.between(0, _TRICKS),
            played.between(0, 3),
            gathered.between(0, 2),
            winner.between(_NO_WINNER, 2),
            winner.eq(_NO_WINNER).implies(gathered.eq(0)),
            (winner >= 0).implies(played.eq(3)),
            tricks.eq(_TRICKS).implies(played.eq(0)),
            lead.between(0, 2),
            turn.eq((lead + played).mod(3)),
            *hands,
            s["n_trick"].eq(played - gathered),
            s["n_monte"].eq(4),
            s["n_pile"].eq(0),
            tricks_b.between(0, tricks),
            s["n_won_b"].eq(tricks_b * 3 + ite(winner.eq(0), gathered, int_val(0))),
            s["n_won_o"].eq((tricks - tricks_b) * 3 + ite(winner >= 1, gathered, int_val(0))),
            last_b.between(0, 1),
            ((tricks >= 1) & tricks_b.eq(tricks)).implies(last_b.eq(1)),
            ((tricks >= 1) & tricks_b.eq(0)).implies(last_b.eq(0)),
        )
    )


def _settle_sizes(s: SymState) -> Bool:
    """calabresella.scoring.monte: ``k`` of the monte's cards moved to the last trick's winner."""
    k, tricks_b, last_b = s["k"], s["tricks_b"], s["last_b"]
    return all_of(
        (
            k.between(0, 4),
            tricks_b.between(0, _TRICKS),
            last_b.between(0, 1),
            tricks_b.eq(_TRICKS).implies(last_b.eq(1)),
            tricks_b.eq(0).implies(last_b.eq(0)),
            _sizes_are(
                s,
                {
                    _MONTE: int_val(4) - k,
                    _WON_B: tricks_b * 3 + ite(last_b.eq(1), k, int_val(0)),
                    _WON_O: (int_val(_TRICKS) - tricks_b) * 3 + ite(last_b.eq(0), k, int_val(0)),
                },
            ),
        )
    )


def _counters(s: SymState) -> Bool:
    """The phase's counters and the size every zone must have in it (integers only)."""
    phase, k = s["phase"], s["k"]
    dealt = {
        zone: _table(k, tuple(row[j] for row in _DEAL_SIZES))
        for j, zone in enumerate((_HAND0, _HAND1, _HAND2, _MONTE))
    }
    by_phase = {
        _DEAL: k.between(0, _DEALT_CARDS) & _sizes_are(s, {_PILE: int_val(_DEALT_CARDS) - k, **dealt}),
        _CONTRACT: _dealt_shape(s),
        _CALL: _dealt_shape(s),
        _HANDED: _handed_sizes(s),
        _TAKE: k.between(0, 4)
        & _sizes_are(s, {_HAND0: int_val(12) + k, _HAND1: 12, _HAND2: 12, _MONTE: int_val(4) - k}),
        _LAY: k.between(0, 4) & _sizes_are(s, {_HAND0: int_val(16) - k, _HAND1: 12, _HAND2: 12, _MONTE: k}),
        _RAISE: _dealt_shape(s),
        _DIVIDE: _by_steps(s, _DIVIDE_STEPS),
        _CHOOSE: _by_steps(s, _CHOOSE_STEPS),
        _LEAD: _dealt_shape(s),
        _PLAY: _play_sizes(s),
        _SETTLE: _settle_sizes(s),
        _ABANDONED: _dealt_shape(s),
    }
    total = sum_of(s[name] for name in _SIZE_NAMES).eq(_DEALT_CARDS)
    return (
        phase.between(0, len(PHASES) - 1)
        & total
        & all_of(phase.eq(p).implies(f) for p, f in by_phase.items())
    )


def _sizes(s: SymState) -> Bool:
    """Every zone holds as many cards as its counter says."""
    return all_of(popcount(s.bv(zone)).eq(s[size]) for zone, size in zip(ZONES, _SIZE_NAMES, strict=True))


def _places(s: SymState) -> Bool:
    """Invariant 1 of the specification: each of the 40 cards is in exactly one zone."""
    sets = [s.bv(zone) for zone in ZONES]
    disjoint = [(sets[i] & sets[j]).eq(0) for i in range(len(sets)) for j in range(i + 1, len(sets))]
    union = sets[0]
    for part in sets[1:]:
        union = union | part
    return all_of((*disjoint, union.eq(DECK)))


def _moved(
    before: SymState, src: Int, dst: Int, card: BitVec, *, keep: Bool | None = None
) -> dict[str, Int | BitVec]:
    """The zones and counters after ``card`` goes from zone ``src`` to zone ``dst``.

    ``keep`` (a wrong companion's bug) leaves the card in its source too where it holds.
    """
    changes: dict[str, Int | BitVec] = {}
    empty = bv_val(0, HAND_BITS)
    for i, (zone, size) in enumerate(zip(ZONES, _SIZE_NAMES, strict=True)):
        leaves = src.eq(i) if keep is None else src.eq(i) & ~keep
        changes[zone] = (before.bv(zone) & ~ite(leaves, card, empty)) | ite(dst.eq(i), card, empty)
        changes[size] = before[size] - _one_if(src.eq(i)) + _one_if(dst.eq(i))
    return changes


@dataclass(frozen=True, slots=True)
class _CardStep:
    """What the one card-moving move does in one situation."""

    when: Bool
    src: Int
    dst: Int
    updates: Mapping[str, Int]


def _card_steps(s: SymState, card: BitVec, choice: Int) -> tuple[_CardStep, ...]:
    """The one-card steps, pairwise exclusive; ``choice = 1`` picks the early return over the monte."""
    phase, k = s["phase"], s["k"]
    returning = choice.eq(1)
    one, zero = int_val(1), int_val(0)
    in_o1 = (s.bv("hand1") & card).ne(0)
    deal_dst = _table(k, tuple(_deal_receiver(i) for i in range(_DEALT_CARDS)))
    divide_src = _table(k, tuple(src for src, _ in _DIVIDE_STEPS))
    divide_dst = _table(k, tuple(dst for _, dst in _DIVIDE_STEPS))
    choose_src = _table(k, tuple(src for src, _ in _CHOOSE_STEPS))
    choose_dst = _table(k, tuple(dst for _, dst in _CHOOSE_STEPS))
    winner, gathered = s["winner"], s["gathered"]
    complete = gathered.eq(2)
    side_pile = ite(winner.eq(0), int_val(_WON_B), int_val(_WON_O))
    last_pile = ite(s["last_b"].eq(1), int_val(_WON_B), int_val(_WON_O))
    b_won = _one_if(winner.eq(0))
    return (
        # calabresella.deal.packets and deal.monte: the next card of the deck to its receiver.
        _CardStep(phase.eq(_DEAL) & (k < _DEALT_CARDS), int_val(_PILE), deal_dst, {"k": k + 1}),
        # calabresella.exchange.handover: the holder, whichever opponent it is, gives the called card.
        _CardStep(
            phase.eq(_CALL) & (in_o1 | (s.bv("hand2") & card).ne(0)),
            ite(in_o1, int_val(_HAND1), int_val(_HAND2)),
            int_val(_HAND0),
            {"phase": int_val(_HANDED), "giver": ite(in_o1, one, int_val(2)), "k": zero},
        ),
        # calabresella.exchange.take-monte: a monte card into the bidder's hand.
        _CardStep(
            (phase.eq(_HANDED) & (k < 4) & ~(k.eq(0) & returning)) | (phase.eq(_TAKE) & (k < 4)),
            int_val(_MONTE),
            int_val(_HAND0),
            {"k": k + 1},
        ),
        # calabresella.exchange.return: before the monte (k = 0, choice 1) or after it (k = 4).
        _CardStep(
            phase.eq(_HANDED) & ((k.eq(0) & returning) | k.eq(4)),
            int_val(_HAND0),
            ite(s["giver"].eq(1), int_val(_HAND1), int_val(_HAND2)),
            {"phase": ite(k.eq(0), int_val(_TAKE), int_val(_LAY)), "k": zero},
        ),
        # calabresella.exchange.discard: one of the four cards laid away.
        _CardStep(phase.eq(_LAY) & (k < 4), int_val(_HAND0), int_val(_MONTE), {"k": k + 1}),
        # calabresella.exchange.dividete and scegliete.
        _CardStep(phase.eq(_DIVIDE) & (k < len(_DIVIDE_STEPS)), divide_src, divide_dst, {"k": k + 1}),
        _CardStep(phase.eq(_CHOOSE) & (k < len(_CHOOSE_STEPS)), choose_src, choose_dst, {"k": k + 1}),
        # calabresella.play.turn: the player to act plays a card to the trick.
        _CardStep(
            phase.eq(_PLAY) & (s["played"] < 3) & (s["tricks"] < _TRICKS),
            _hand_code(s["turn"]),
            int_val(_TRICK),
            {"played": s["played"] + one, "turn": (s["turn"] + one).mod(3)},
        ),
        # calabresella.play.trick-winner and next-lead: a card of the won trick to the winner's side.
        _CardStep(
            phase.eq(_PLAY) & (winner >= 0) & s["played"].eq(3),
            int_val(_TRICK),
            side_pile,
            {
                "gathered": ite(complete, zero, gathered + one),
                "tricks": ite(complete, s["tricks"] + one, s["tricks"]),
                "played": ite(complete, zero, s["played"]),
                "lead": ite(complete, winner, s["lead"]),
                "turn": ite(complete, winner, s["turn"]),
                "tricks_b": ite(complete, s["tricks_b"] + b_won, s["tricks_b"]),
                "last_b": ite(complete, b_won, s["last_b"]),
                "winner": ite(complete, int_val(_NO_WINNER), winner),
            },
        ),
        # calabresella.scoring.monte: a monte card to the pile of the winner of trick 12.
        _CardStep(phase.eq(_SETTLE) & (k < 4), int_val(_MONTE), last_pile, {"k": k + 1}),
    )


def _select(steps: tuple[_CardStep, ...], pick: Callable[[_CardStep], Int], default: Int) -> Int:
    term = default
    for step in reversed(steps):
        term = ite(step.when, pick(step), term)
    return term


def _card_move(before: SymState, choice: SymState, *, copy_called: bool) -> Move:
    index = choice.bv("card")
    card = onehot(index, HAND_BITS)
    steps = _card_steps(before, card, choice["choice"])
    nowhere = int_val(-1)
    src = _select(steps, lambda step: step.src, nowhere)
    dst = _select(steps, lambda step: step.dst, nowhere)
    guard = any_of(step.when for step in steps) & (card & bv_val(DECK, HAND_BITS)).ne(0)
    guard = guard & (_zone(before, src) & card).ne(0)
    keep = before["phase"].eq(_CALL) if copy_called else None
    changes = _moved(before, src, dst, card, keep=keep)
    for name in _COUNTERS:
        updated = [step for step in steps if name in step.updates]
        if updated:
            term = before[name]
            for step in reversed(updated):
                term = ite(step.when, step.updates[name], term)
            changes[name] = term
    cases = tuple(MappingProxyType({"card": i}) for i in _DECK_INDICES)
    return Move("a card moves", guard, before.updated(changes), cases, _show_card_choice)


def _decisions(before: SymState, choice: SymState) -> tuple[Move, ...]:
    """The steps that move no card: the auction's outcome, the contract, the raise, leads and winners."""
    phase, k, pick = before["phase"], before["k"], choice["choice"]
    dealt = phase.eq(_DEAL) & k.eq(_DEALT_CARDS)
    by_choice = tuple(MappingProxyType({"choice": c}) for c in range(3))
    # calabresella.bidding.end: the bidder (position ``pick`` from E) holds hand0 from now on.
    relabel: dict[str, Int | BitVec] = {"phase": int_val(_CONTRACT)}
    for j in range(3):
        hand = bv_val(0, HAND_BITS)
        size = int_val(0)
        for bidder in range(3):
            source = (bidder + j) % 3
            hand = ite(pick.eq(bidder), before.bv(f"hand{source}"), hand)
            size = ite(pick.eq(bidder), before[f"n_hand{source}"], size)
        relabel[f"hand{j}"] = hand
        relabel[f"n_hand{j}"] = size
    done = (
        (phase.eq(_LAY) & k.eq(4))
        | (phase.eq(_DIVIDE) & k.eq(len(_DIVIDE_STEPS)))
        | (phase.eq(_CHOOSE) & k.eq(len(_CHOOSE_STEPS)))
    )
    opening = {
        "phase": int_val(_PLAY),
        "lead": pick,
        "turn": pick,
        "tricks": int_val(0),
        "played": int_val(0),
        "gathered": int_val(0),
        "winner": int_val(_NO_WINNER),
        "tricks_b": int_val(0),
        "last_b": int_val(0),
    }
    playing = phase.eq(_PLAY)
    return (
        Move("all three pass", dealt, before.updated({"phase": int_val(_ABANDONED)})),
        Move(
            "a bid wins the auction",
            dealt & pick.between(0, 2),
            before.updated(relabel),
            by_choice,
            _show_bidder,
        ),
        Move(
            "the contract is settled",
            phase.eq(_CONTRACT) & pick.between(0, 2),
            before.updated({"phase": _table(pick, (_CALL, _TAKE, _RAISE)), "k": int_val(0)}),
            by_choice,
            _show_contract,
        ),
        Move(
            "the called card lies in the monte",
            phase.eq(_CALL),
            before.updated({"phase": int_val(_TAKE), "k": int_val(0)}),
        ),
        Move(
            "the monte is in the bidder's hand",
            phase.eq(_TAKE) & k.eq(4),
            before.updated({"phase": int_val(_LAY), "k": int_val(0)}),
        ),
        Move(
            "the raise is chosen",
            phase.eq(_RAISE) & pick.between(0, 2),
            before.updated({"phase": _table(pick, (_LEAD, _DIVIDE, _CHOOSE)), "k": int_val(0)}),
            by_choice,
            _show_raise,
        ),
        Move("the exchange ends", done, before.updated({"phase": int_val(_LEAD)})),
        Move(
            "the opening lead is given",
            phase.eq(_LEAD) & pick.between(0, 2),
            before.updated(opening),
            by_choice,
            _show_leader,
        ),
        Move(
            "a trick is won",
            playing & before["played"].eq(3) & before["winner"].eq(_NO_WINNER) & pick.between(0, 2),
            before.updated({"winner": pick}),
            by_choice,
            _show_winner,
        ),
        Move(
            "the twelfth trick is over",
            playing & before["tricks"].eq(_TRICKS),
            before.updated({"phase": int_val(_SETTLE), "k": int_val(0)}),
        ),
    )


def _show_card_choice(choice: Mapping[str, int]) -> str:
    return f"moving {_show_card(choice['card'])}"


def _side_seat(number: int) -> str:
    return ("the bidder", "O1", "O2")[number] if 0 <= number < 3 else f"seat #{number}"


def _show_winner(choice: Mapping[str, int]) -> str:
    return f"{_side_seat(choice['choice'])} winning the trick"


def _show_bidder(choice: Mapping[str, int]) -> str:
    return f"the player {choice['choice']} places after E winning the auction"


def _show_contract(choice: Mapping[str, int]) -> str:
    return f"the contract {_CONTRACTS[choice['choice']] if 0 <= choice['choice'] < 3 else choice['choice']}"


def _show_raise(choice: Mapping[str, int]) -> str:
    return f"the raise {_RAISES[choice['choice']] if 0 <= choice['choice'] < 3 else choice['choice']}"


def _show_leader(choice: Mapping[str, int]) -> str:
    return f"{_side_seat(choice['choice'])} leading"


def _show_inputs(choice: Mapping[str, int]) -> str:
    return f"card {_show_card(choice['card'])}, choice {choice['choice']}"


def _show_hand_state(v: Mapping[str, int]) -> str:
    phase = PHASES[v["phase"]] if 0 <= v["phase"] < len(PHASES) else str(v["phase"])
    zones = "; ".join(
        f"{zone} {_show_pile(v[zone])}, counted {v[size]}"
        for zone, size in zip(ZONES, _SIZE_NAMES, strict=True)
    )
    counters = ", ".join(f"{name} {v[name]}" for name in _COUNTERS[1:])
    return f"[{phase}: {counters}; {zones}]"


def _init(s: SymState) -> Bool:
    """A shuffled deck, nothing dealt."""
    empty = all_of(s.bv(zone).eq(0) for zone in ZONES[1:])
    zero = all_of(s[name].eq(0) for name in (*_COUNTERS, *_SIZE_NAMES[1:]))
    return empty & s.bv("pile").eq(DECK) & s["n_pile"].eq(_DEALT_CARDS) & zero


def settled(s: SymState) -> Bool:
    """The hand is settled: all four monte cards are in the winner of trick 12's pile."""
    return s["phase"].eq(_SETTLE) & s["k"].eq(4)


def _goal(s: SymState) -> Bool:
    """What the claim asserts in every reachable state."""
    phase = s["phase"]
    sizes = [popcount(s.bv(zone)) for zone in ZONES]
    hands = (sizes[_HAND0], sizes[_HAND1], sizes[_HAND2])
    ready = phase.eq(_LEAD).implies(all_of((*(h.eq(12) for h in hands), sizes[_MONTE].eq(4))))
    playing = phase.eq(_PLAY) & (s["tricks"] < _TRICKS) & (s["played"] < 3)
    to_act = playing.implies(_zone(s, _hand_code(s["turn"])).ne(0))
    emptied = all_of(s.bv(ZONES[z]).eq(0) for z in (_PILE, _HAND0, _HAND1, _HAND2, _MONTE, _TRICK))
    over = settled(s).implies(
        emptied
        & (s.bv("won_b") | s.bv("won_o")).eq(DECK)
        & sizes[_WON_B].eq(s["tricks_b"] * 3 + s["last_b"] * 4)
    )
    return all_of((_places(s), sum_of(sizes).eq(_DEALT_CARDS), ready, to_act, over))


_PART_COUNTERS: Final = "phase counters and zone sizes by phase"
_PART_SIZES: Final = "each zone's cards counted"
_PART_PLACES: Final = "each card in exactly one zone"


def _hand_system(*, copy_called: bool = False) -> TransitionSystem:
    """The hand from the shuffle to the settlement; ``copy_called`` is the wrong companion's bug."""

    def step(before: SymState, choice: SymState) -> tuple[Move, ...]:
        return (_card_move(before, choice, copy_called=copy_called), *_decisions(before, choice))

    return TransitionSystem(
        variables=(*(Var(zone, HAND_BITS) for zone in ZONES), *ints(*_COUNTERS, *_SIZE_NAMES)),
        inputs=(Var("card", 6), *ints("choice")),
        init=_init,
        step=step,
        invariant=(
            Part(_PART_COUNTERS, _counters, assumes=(_PART_COUNTERS,)),
            Part(_PART_SIZES, _sizes),
            Part(_PART_PLACES, _places, assumes=(_PART_PLACES,)),
        ),
        goal=_goal,
        show_state=_show_hand_state,
        show_inputs=_show_inputs,
    )


HAND_SYSTEM: Final = _hand_system()
"""The whole hand as a transition system (hands by position from E while dealing, then B, O1, O2)."""

_CONSERVATION_IDS: Final = (
    "calabresella.deck.composition",
    "calabresella.deal.packets",
    "calabresella.deal.monte",
    "calabresella.procedure.phases",
    "calabresella.exchange.handover",
    "calabresella.exchange.called-in-monte",
    "calabresella.exchange.take-monte",
    "calabresella.exchange.return",
    "calabresella.exchange.discard",
    "calabresella.exchange.solissimo",
    "calabresella.exchange.dividete",
    "calabresella.exchange.scegliete",
    "calabresella.play.turn",
    "calabresella.play.tricks",
    "calabresella.scoring.monte",
)


def _hand_obligations(name: str, system: TransitionSystem) -> tuple[Obligation, ...]:
    """The obligations of :func:`proofs.claims.inductive_claim`, with cases only where counting needs them.

    The same four kinds (base case, each move's cases cover its guard, each
    part preserved by each move, the goal), but a move's cases are used only
    for the part that counts cards (:data:`_PART_SIZES`): the other parts are
    proved once for a symbolic card, which z3 does faster than forty times
    for a constant one.
    """
    parts, show = system.invariant, system.show_state
    initial = SymState.fresh(f"{name}:init", system.variables)
    before = SymState.fresh(f"{name}:before", system.variables)
    choice = SymState.fresh(f"{name}:input", system.inputs)
    anywhere = SymState.fresh(f"{name}:state", system.variables)

    def holds(chosen: tuple[Part, ...], state: SymState) -> Bool:
        return all_of(part.holds(state) for part in chosen)

    def broken(state: SymState, model: Model) -> str:
        names = [part.name for part in parts if not model.bool_value(part.holds(state))]
        return f"the invariant ({'; '.join(names)})" if names else "the invariant"

    def describe_base(model: Model) -> str:
        return f"the initial state {show(initial.values(model))} breaks {broken(initial, model)}"

    duties = [Obligation("base case", system.init(initial).implies(holds(parts, initial)), describe_base)]
    for move in system.step(before, choice):
        show_inputs = move.show_inputs or system.show_inputs
        label = f"inductive step ({move.label})"

        def describe_gap(model: Model, show_inputs: Callable[[Mapping[str, int]], str] = show_inputs) -> str:
            return f"no case covers {show_inputs(choice.values(model))} from {show(before.values(model))}"

        if move.cases:
            covered = move.guard.implies(any_of(choice.matches(case) for case in move.cases))
            duties.append(Obligation(f"{label}, its cases", covered, describe_gap))
        for part in parts:
            assumed = tuple(p for p in parts if part.assumes is None or p.name in part.assumes)
            formula = (holds(assumed, before) & move.guard).implies(part.holds(move.after))

            def describe_step(
                model: Model,
                move: Move = move,
                show_inputs: Callable[[Mapping[str, int]], str] = show_inputs,
            ) -> str:
                return (
                    f"from {show(before.values(model))}, which satisfies the parts assumed, "
                    f"{show_inputs(choice.values(model))} leads to {show(move.after.values(model))}, "
                    f"which breaks {broken(move.after, model)}"
                )

            cases = move.cases if part.name == _PART_SIZES else ()
            for case in cases or (MappingProxyType({}),):
                fixed = choice.matches(case).implies(substitute(formula, choice.bindings(case)))
                duties.append(Obligation(label, fixed, describe_step))

    def describe_goal(model: Model) -> str:
        return f"{show(anywhere.values(model))} satisfies the invariant but not the claim"

    duties.append(Obligation("goal", holds(parts, anywhere).implies(system.goal(anywhere)), describe_goal))
    return tuple(duties)


def _hand_claim(name: str, statement: str, system: TransitionSystem, wrong: Claim | None) -> Claim:
    def describe(model: Model) -> str:  # every obligation has its own printer
        return "the claim does not hold"

    return Claim(
        name,
        _CONSERVATION_IDS,
        lambda: _hand_obligations(name, system),
        describe,
        statement=statement,
        wrong=wrong,
        engine=Engine.SMT_CORE,
    )


CARD_CONSERVATION: Final = _hand_claim(
    "calabresella/card-conservation",
    "From any order of the 40 cards, through the deal in packets, any auction outcome, every "
    "exchange of every contract and raise (both return timings), every card played, every trick winner and "
    "the settlement: each card is in exactly one of the pile, the three hands, the monte, the trick and the "
    "two won piles, the sizes sum to 40, each zone has the size its phase gives it (12, 12, 12 and a monte "
    "of 4 before the opening lead), the player to act holds a card, and at settlement the two won piles "
    "are the deck, the bidder's holding 3 cards per trick plus the monte if it won trick 12.",
    HAND_SYSTEM,
    _hand_claim(
        "calabresella/card-conservation-called-card-copied",
        "The same when the called card, handed to the bidder, also stays in the giver's hand.",
        _hand_system(copy_called=True),
        None,
    ),
)

CLAIMS: Final[tuple[Claim, ...]] = (
    DECK_VALUES,
    AUCTION,
    FOLLOW_SUIT,
    TRICK_WINNER,
    ITALIAN_PACK,
    HAND_TOTAL,
    POOLED_ROUNDING,
    SUCCESS,
    MULTIPLIER,
    PAYMENT_ZERO_SUM,
    STAKE_LADDER,
    SESSION_BALANCE,
    CARD_CONSERVATION,
)
"""Every Calabresella claim, in the order of the table."""
