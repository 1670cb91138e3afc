"""Fildinski's deck: the card ids and the symmetry of the two copies of a kind.

fildinski/card-ids proves fildinski.deck.composition and
fildinski.deck.card-identity (the id map is a bijection and each kind has two
ids); fildinski/copy-symmetry proves fildinski.deck.card-identity (exchanging
the copies of a kind changes no legal set, trick winner or card value).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from proofs.claims import Family
from proofs.fildinski.endgame import describe_follow
from proofs.fildinski.model import (
    DECK,
    ID_BITS,
    card_value,
    endgame_legal,
    follow_vars,
    follower_wins,
    show_card,
    show_cards,
    strength_of,
    suit_of,
)
from proofs.z3facade import BitVec, Bool, Model, bool_val, bv_val, bv_var, ite, onehot

__all__ = ["CARD_IDS", "COPY_SYMMETRY"]


# -- the card ids ---------------------------------------------------------------------


def _describe_ids(model: Model) -> str:
    a, b = (model.bv_value(bv_var(name, ID_BITS)) for name in ("id_a", "id_b"))
    return f"ids {a} ({show_card(a)}) and {b} ({show_card(b)})"


def _ids_formula(same_kind: Callable[[BitVec, BitVec], Bool]) -> Bool:
    a, b = bv_var("id_a", ID_BITS), bv_var("id_b", ID_BITS)
    s, r, c = bv_var("suit", 2), bv_var("strength", 3), bv_var("copy", 1)
    composed = s.resize(ID_BITS).shl(4) | r.resize(ID_BITS).shl(1) | c.resize(ID_BITS)
    round_trip = suit_of(composed).eq(s) & strength_of(composed).eq(r) & composed.resize(1).eq(c)
    decomposed = suit_of(a).resize(ID_BITS).shl(4) | strength_of(a).resize(ID_BITS).shl(1) | (a & 1)
    kind_a = suit_of(a).eq(suit_of(b)) & strength_of(a).eq(strength_of(b))
    twins = a.ne(b) & kind_a
    return round_trip & decomposed.eq(a) & twins.iff(a.ne(b) & same_kind(a, b))


_IDS: Final = Family(("fildinski.deck.composition", "fildinski.deck.card-identity"), _describe_ids)

CARD_IDS: Final = _IDS.claim(
    "fildinski/card-ids",
    "The id map (suit, str, copy) -> 16*s + 2*str + copy - 1 is a bijection onto 0..63, and two distinct "
    "ids are of one kind exactly when they differ only in the lowest bit: each of the 32 kinds has exactly "
    "two physical cards.",
    lambda: _ids_formula(lambda a, b: (a ^ b).eq(1)),
    wrong=_IDS.claim(
        "fildinski/card-ids-two-packs-in-a-row",
        "The same, reading the deck as two 32-card packs one after the other (the kind of id i is i mod 32).",
        lambda: _ids_formula(lambda a, b: a.resize(5).eq(b.resize(5))),
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


def _describe_symmetry(
    model: Model, swap_set: Callable[[BitVec, BitVec], BitVec], swap_card: Callable[[BitVec, BitVec], BitVec]
) -> str:
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
            describe_follow(model),
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


def _symmetry_formula(
    swap_set: Callable[[BitVec, BitVec], BitVec],
    swap_card: Callable[[BitVec, BitVec], BitVec],
    *,
    real: bool = False,
) -> Bool:
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


_SYMMETRY: Final = Family(
    ("fildinski.deck.card-identity",), lambda model: _describe_symmetry(model, _swap_kind, _swap_id)
)

COPY_SYMMETRY: Final = _SYMMETRY.claim(
    "fildinski/copy-symmetry",
    "Exchanging the copy labels of the two cards of any kind, in the hand and in the led card, maps the "
    "endgame legal set onto itself, and changes no trick winner and no card value.",
    lambda: _symmetry_formula(_swap_kind, _swap_id),
    wrong=_SYMMETRY.claim(
        "fildinski/copy-symmetry-across-ranks",
        "The same when a card trades labels with a card of the next rank instead.",
        lambda: _symmetry_formula(_swap_rank, _swap_rank_id, real=True),
        describe=lambda model: _describe_symmetry(model, _swap_rank, _swap_rank_id),
    ),
)
