"""Calabresella's deck: its cards and values, and the Italian pack.

calabresella/deck-values proves calabresella.deck.composition,
calabresella.deck.rank-order and calabresella.scoring.card-thirds;
calabresella/suit-renaming proves calabresella.deck.italian (renaming the
suits changes no legal set, no trick winner and no card value).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from cardrules.cards import Rank, Suit, card_at
from proofs.calabresella.model import (
    DECK,
    DECK_CARDS,
    DECK_INDICES,
    HAND_BITS,
    NO_LEAD,
    RANK_STRENGTH,
    RANK_THIRDS,
    TrickVars,
    card_thirds,
    follow_vars,
    legal_set,
    show_card,
    trick_vars,
    trick_wins,
)
from proofs.calabresella.play import describe_trick
from proofs.claims import Family
from proofs.z3facade import (
    BitVec,
    Bool,
    Int,
    Model,
    all_of,
    any_of,
    bool_val,
    bv_from_bits,
    bv_val,
    bv_var,
    distinct,
    int_val,
    ite,
    sum_of,
)

__all__ = ["DECK_VALUES", "ITALIAN_PACK"]


# -- the deck claim --------------------------------------------------------------------


_RANK_ORDER_AS_WRITTEN: Final = (
    Rank.THREE,
    Rank.TWO,
    Rank.ACE,
    Rank.KING,
    Rank.QUEEN,
    Rank.JACK,
    Rank.SEVEN,
    Rank.SIX,
    Rank.FIVE,
    Rank.FOUR,
)
"""calabresella.deck.rank-order, strongest first, as the specification lists it (not the model's table)."""


def _deck_formula(*, ace_thirds: int | None = None) -> Bool:
    """Each suit holds 10 cards worth 8 thirds; the deck 40 cards, 32 thirds, 4 of each rank.

    Stated for a symbolic suit, so it covers every suit, and for two symbolic
    cards of one suit, whose strengths differ, with the 3 on top and the 4 at
    the bottom. The values are the model's (:data:`~proofs.calabresella.model.RANK_THIRDS`)
    and the totals the specification's numbers, so a wrong value in the model is refuted;
    ``ace_thirds`` is the wrong companion's value of an ace, in place of the model's.
    """
    suit, first, second = bv_var("deck suit", 2), bv_var("deck card a", 6), bv_var("deck card b", 6)

    def value(index: int) -> int:
        if ace_thirds is not None and card_at(index).rank is Rank.ACE:
            return ace_thirds
        return card_thirds(index)

    def of_suit(s: Suit, per_card: Callable[[int], int]) -> Int:
        return sum_of(int_val(per_card(i)) for i in DECK_INDICES if card_at(i).suit is s)

    count_by_suit, value_by_suit = int_val(0), int_val(0)
    for s in Suit:
        count_by_suit = ite(suit.eq(int(s)), of_suit(s, lambda _i: 1), count_by_suit)
        value_by_suit = ite(suit.eq(int(s)), of_suit(s, value), value_by_suit)
    per_rank = all_of(
        int_val(sum(1 for i in DECK_INDICES if card_at(i).rank is rank)).eq(4 if rank in RANK_STRENGTH else 0)
        for rank in Rank
    )
    deck_value = sum(value(i) for i in DECK_INDICES)

    def strength(card: BitVec) -> BitVec:
        term = bv_val(0, 4)
        for i in DECK_INDICES:
            term = ite(card.eq(i), bv_val(RANK_STRENGTH[card_at(i).rank], 4), term)
        return term

    def suit_of(card: BitVec) -> BitVec:
        term = bv_val(0, 2)
        for i in DECK_INDICES:
            term = ite(card.eq(i), bv_val(int(card_at(i).suit), 2), term)
        return term

    def is_deck_card(card: BitVec) -> Bool:
        return any_of(card.eq(i) for i in DECK_INDICES)

    same_suit = is_deck_card(first) & is_deck_card(second) & suit_of(first).eq(suit_of(second))
    ordered = (same_suit & first.ne(second)).implies(strength(first).ne(strength(second)))
    three = is_deck_card(first).implies(
        (strength(first).eq(9)).iff(any_of(first.eq(c.index) for c in DECK_CARDS if c.rank is Rank.THREE))
        & (strength(first).eq(0)).iff(any_of(first.eq(c.index) for c in DECK_CARDS if c.rank is Rank.FOUR))
    )

    def place_as_written(card: BitVec) -> BitVec:
        term = bv_val(0, 4)
        for i in DECK_INDICES:
            term = ite(card.eq(i), bv_val(_RANK_ORDER_AS_WRITTEN.index(card_at(i).rank), 4), term)
        return term

    # calabresella.deck.rank-order as the specification writes it: of two cards of a suit the
    # one written first is the stronger, so two ranks swapped in the model are refuted.
    as_written = (same_suit & first.ne(second)).implies(
        strength(first).ugt(strength(second)).iff(place_as_written(first).ult(place_as_written(second)))
    )
    return all_of(
        (
            as_written,
            count_by_suit.eq(10),
            value_by_suit.eq(8),
            int_val(len(DECK_INDICES)).eq(40),
            int_val(deck_value).eq(32),
            per_rank,
            ordered,
            three,
        )
    )


def _describe_deck(model: Model) -> str:
    suit = Suit(model.bv_value(bv_var("deck suit", 2)))
    cards = [card_at(i) for i in DECK_INDICES if card_at(i).suit is suit]
    values = ", ".join(f"{card}={RANK_THIRDS.get(card.rank, 0)}" for card in cards)
    aces_as_one = sum(1 if card.rank is Rank.ACE else RANK_THIRDS.get(card.rank, 0) for card in cards)
    return (
        f"suit {suit.letter}: {len(cards)} cards; thirds by the specification: {values} "
        f"(total {sum(RANK_THIRDS.get(card.rank, 0) for card in cards)}; {aces_as_one} with the ace "
        "counted as one third)"
    )


_DECK: Final = Family(
    ("calabresella.deck.composition", "calabresella.deck.rank-order", "calabresella.scoring.card-thirds"),
    _describe_deck,
)

DECK_VALUES: Final = _DECK.claim(
    "calabresella/deck-values",
    "The deck has 40 cards, 10 per suit and 4 per rank with no 8, 9 or 10; within a suit every "
    "two cards differ in strength, the 3 highest and the 4 lowest; each suit is worth 8 thirds and the "
    "deck 32.",
    _deck_formula,
    wrong=_DECK.claim(
        "calabresella/deck-values-ace-one-third",
        "The same, counting an ace as one third like the court cards.",
        lambda: _deck_formula(ace_thirds=1),
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
    return next(c.index for c in DECK_CARDS if c.suit is card.suit and c.rank is other)


def _index_of(suit: int, rank: Rank) -> int:
    return next(c.index for c in DECK_CARDS if int(c.suit) == suit and c.rank is rank)


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
    for i in DECK_INDICES:
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
    values = all_of(int_val(card_thirds(c.index)).eq(RANK_THIRDS.get(c.rank, 0)) for c in DECK_CARDS)
    return legal & winner & values


def _describe_italian(model: Model, *, swap: bool = False) -> str:
    perm = [model.bv_value(p) for p in _perm_vars()]
    names = ", ".join(f"{Suit(s).letter}->{Suit(p).letter if 0 <= p < 4 else p}" for s, p in enumerate(perm))
    cards = [model.bv_value(card) for card in trick_vars().cards]

    def renamed(index: int) -> str:
        if not DECK >> index & 1 or not 0 <= perm[int(card_at(index).suit)] < 4:
            return show_card(index)
        return show_card(_rank_swap(_index_of(perm[int(card_at(index).suit)], card_at(index).rank), swap))

    return (
        f"suits renamed {names}; {describe_trick(model)}; the renamed trick: "
        f"{', '.join(renamed(card) for card in cards)}"
    )


_ITALIAN: Final = Family(("calabresella.deck.italian",), _describe_italian)

ITALIAN_PACK: Final = _ITALIAN.claim(
    "calabresella/suit-renaming",
    "For every renaming of the four suits (every permutation), every hand, suit led and "
    "follow_suit option, and every trick: the legal set of the renamed hand is the renamed legal set, the "
    "same position wins the renamed trick, and a card's thirds depend on its rank alone.",
    _italian_formula,
    wrong=_ITALIAN.claim(
        "calabresella/renaming-three-and-ace",
        "The same when the renaming also swaps the 3 and the ace of every suit.",
        lambda: _italian_formula(swap=True),
        describe=lambda model: _describe_italian(model, swap=True),
    ),
)
