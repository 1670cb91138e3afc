"""Fildinski's play: the endgame legal set, free play while the stock lasts, and what is known at the end.

The endgame claims hold for every hand (any subset of the 64 ids), led card
and trump suit. They prove fildinski.endgame.legal-set,
fildinski.endgame.must-follow, fildinski.endgame.must-head,
fildinski.endgame.must-trump and fildinski.endgame.free-discard, and that the
follower's legal choice never changes the trick winner
(fildinski.play.trick-winner). fildinski/stock-phase-free-play proves
fildinski.play.free-play and fildinski/endgame-known proves
fildinski.info.endgame-known.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from proofs.claims import Family
from proofs.fildinski.model import (
    ALL_CARDS,
    DECK,
    ID_BITS,
    SUIT_NAMES,
    ZONES,
    FollowVars,
    bit_of,
    endgame_legal_spec,
    follow_vars,
    follower_wins,
    holds_card,
    mask_of_suit,
    partition,
    plural,
    show_card,
    show_cards,
    suit_of,
)
from proofs.z3facade import BitVec, Bool, Model, bool_val, bv_val, bv_var, ite

__all__ = [
    "ENDGAME_KNOWN",
    "ENDGAME_LEGAL_SET",
    "ENDGAME_WINNER_FIXED",
    "FREE_DISCARD",
    "FREE_PLAY",
    "LEGAL_NONEMPTY",
    "MUST_FOLLOW",
    "MUST_HEAD",
    "MUST_TRUMP",
    "describe_follow",
]


def describe_follow(model: Model, claimed: tuple[str, Callable[[FollowVars], BitVec]] | None = None) -> str:
    """A counterexample of the endgame legal-set claims: the hand, the led card, F, F+, R and the legal set.

    ``claimed`` adds the set a wrong companion asserts, under its label.
    """
    v = follow_vars()
    hand = model.bv_value(v.hand)
    extra = (
        () if claimed is None else (f"legal set {claimed[0]}: {show_cards(model.bv_value(claimed[1](v)))}",)
    )
    return "\n".join(
        (
            f"follower's hand: {show_cards(hand)} ({plural(hand.bit_count(), 'card')})",
            f"led card: {show_card(model.bv_value(v.led))}; trump: {SUIT_NAMES[model.bv_value(v.trump)]}",
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


def _every_hand(formula: Callable[[FollowVars], Bool], *, real: bool = False) -> Bool:
    """``formula`` for every hand, led card and trump (only real hands with ``real``, for companions)."""
    v = follow_vars()
    return v.real.implies(formula(v)) if real else formula(v)


_LEGAL_SET: Final = Family(_LEGAL_IDS, describe_follow)

ENDGAME_LEGAL_SET: Final = _LEGAL_SET.claim(
    "fildinski/endgame-legal-set",
    "For every hand (any set of the 64 ids, so every hand of 1 to 8 cards with both copies of a kind "
    "allowed), every led card and every trump suit, the priority chain F+, else F, else R, else H equals "
    "the card-by-card reading of must-follow, must-head, must-trump and free-discard.",
    lambda: _every_hand(lambda v: v.legal.eq(endgame_legal_spec(v.hand, v.led, v.trump))),
    wrong=_LEGAL_SET.claim(
        "fildinski/endgame-legal-set-twin-heads",
        "The same, when the twin of the led card counts as heading the trick (str at least, not above).",
        lambda: _every_hand(lambda v: v.legal.eq(_legal_twin_heads(v)), real=True),
        describe=lambda model: describe_follow(
            model, ("claimed (twin heads the trick)", lambda v: _legal_twin_heads(v))
        ),
    ),
)


def _legal_twin_heads(v: FollowVars) -> BitVec:
    at_least = (
        v.hand & mask_of_suit(suit_of(v.led)) & bv_val(ALL_CARDS, DECK).shl((v.led & 0b111110).resize(DECK))
    )
    at_least = at_least & ~bit_of(v.led)
    return ite(at_least.ne(0), at_least, ite(v.of_led.ne(0), v.of_led, ite(v.trumps.ne(0), v.trumps, v.hand)))


def _without_free_discard(v: FollowVars) -> BitVec:
    return ite(v.higher.ne(0), v.higher, ite(v.of_led.ne(0), v.of_led, v.trumps))


_NONEMPTY: Final = Family(
    ("fildinski.endgame.legal-set", "fildinski.endgame.free-discard"),
    describe_follow,
)

LEGAL_NONEMPTY: Final = _NONEMPTY.claim(
    "fildinski/endgame-legal-nonempty",
    "For every hand, led card and trump, the legal set is a subset of the hand, and non-empty whenever the "
    "hand is (so for every hand of 1 to 8 cards).",
    lambda: _every_hand(lambda v: (v.legal & ~v.hand).eq(0) & v.hand.ne(0).implies(v.legal.ne(0))),
    wrong=_NONEMPTY.claim(
        "fildinski/endgame-legal-nonempty-without-free-discard",
        "The legal set F+, else F, else R is never empty, without the free discard.",
        lambda: _every_hand(lambda v: _without_free_discard(v).ne(0), real=True),
        describe=lambda model: describe_follow(model, ("claimed (no free discard)", _without_free_discard)),
    ),
)

_FOLLOW: Final = Family(("fildinski.endgame.must-follow",), describe_follow)

MUST_FOLLOW: Final = _FOLLOW.claim(
    "fildinski/endgame-must-follow",
    "A follower holding the suit led has only cards of that suit in the legal set.",
    lambda: _every_hand(lambda v: v.of_led.ne(0).implies((v.legal & ~v.of_led).eq(0))),
    wrong=_FOLLOW.claim(
        "fildinski/endgame-trump-instead-of-following-low",
        "A follower who cannot head the trick may trump instead of following (legal = F and R).",
        lambda: _every_hand(
            lambda v: (v.of_led.ne(0) & v.higher.eq(0)).implies(v.legal.eq(v.of_led | v.trumps)), real=True
        ),
        describe=lambda model: describe_follow(model, ("claimed (F and R)", lambda v: v.of_led | v.trumps)),
    ),
)

_HEAD: Final = Family(("fildinski.endgame.must-head",), describe_follow)

MUST_HEAD: Final = _HEAD.claim(
    "fildinski/endgame-must-head",
    "A follower holding a card of the suit led that beats the led card, in a plain suit or in trumps, has "
    "exactly those cards as the legal set; the led card's twin is not one of them.",
    lambda: _every_hand(
        lambda v: v.higher.ne(0).implies(v.legal.eq(v.higher) & ~holds_card(v.legal, v.led ^ 1))
    ),
    wrong=_HEAD.claim(
        "fildinski/endgame-must-head-only-in-trumps",
        "Heading is due only in trumps: on a plain-suit lead any card of the suit led is legal.",
        lambda: _every_hand(
            lambda v: (v.of_led.ne(0) & suit_of(v.led).ne(v.trump)).implies(v.legal.eq(v.of_led)), real=True
        ),
        describe=lambda model: describe_follow(model, ("claimed (all of F)", lambda v: v.of_led)),
    ),
)

_TRUMP: Final = Family(("fildinski.endgame.must-trump",), describe_follow)

MUST_TRUMP: Final = _TRUMP.claim(
    "fildinski/endgame-must-trump",
    "A follower with no card of the suit led and a trump has exactly the trumps as the legal set, and every "
    "one of them wins the trick (so no duty to overtrump can arise).",
    lambda: _every_hand(
        lambda v: (v.of_led.eq(0) & v.trumps.ne(0)).implies(v.legal.eq(v.trumps) & suit_of(v.led).ne(v.trump))
    ),
    wrong=_TRUMP.claim(
        "fildinski/endgame-discard-instead-of-trumping",
        "A follower with no card of the suit led may discard anything, trumps or not.",
        lambda: _every_hand(lambda v: v.of_led.eq(0).implies(v.legal.eq(v.hand)), real=True),
        describe=lambda model: describe_follow(model, ("claimed (the whole hand)", lambda v: v.hand)),
    ),
)

_DISCARD: Final = Family(("fildinski.endgame.free-discard",), describe_follow)

FREE_DISCARD: Final = _DISCARD.claim(
    "fildinski/endgame-free-discard",
    "A follower holding neither the suit led nor a trump may play any card of the hand.",
    lambda: _every_hand(lambda v: (v.of_led.eq(0) & v.trumps.eq(0)).implies(v.legal.eq(v.hand))),
    wrong=_DISCARD.claim(
        "fildinski/endgame-free-discard-when-unable-to-head",
        "A follower who holds the suit led but cannot head the trick may play any card of the hand.",
        lambda: _every_hand(
            lambda v: (v.of_led.ne(0) & v.higher.eq(0)).implies(v.legal.eq(v.hand)), real=True
        ),
        describe=lambda model: describe_follow(model, ("claimed (the whole hand)", lambda v: v.hand)),
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
            f"led card: {show_card(led)}; trump: {SUIT_NAMES[trump]}",
            f"legal set: {show_cards(model.bv_value(legal(v)))}",
            f"playing {show_card(a)}: {who(a)}; playing {show_card(b)}: {who(b)}",
        )
    )


def _winner_formula(legal: Callable[[FollowVars], BitVec], *, real: bool = False) -> Bool:
    """``real`` (for the companion): hands of 1 to 8 cards, and only the claim that the winner is the same."""
    v = follow_vars()
    a, b = _choice_vars()
    allowed = ~holds_card(v.hand, v.led) & holds_card(legal(v), a) & holds_card(legal(v), b)
    wins_a = follower_wins(v.led, a, v.trump)
    same = wins_a.iff(follower_wins(v.led, b, v.trump))
    if real:
        return (allowed & v.real).implies(same)
    follower_takes = v.higher.ne(0) | (v.of_led.eq(0) & v.trumps.ne(0))
    return allowed.implies(same & wins_a.iff(follower_takes))


_WINNER_FIXED: Final = Family(
    ("fildinski.endgame.legal-set", "fildinski.play.trick-winner"),
    lambda model: _describe_choice(model, lambda v: v.legal),
)

ENDGAME_WINNER_FIXED: Final = _WINNER_FIXED.claim(
    "fildinski/endgame-winner-fixed",
    "Once the led card is down, every card of the follower's endgame legal set gives the same trick winner: "
    "the follower when F+ is non-empty or (F is empty and R is not), the leader otherwise. (Which card the "
    "leader leads, and which legal card the follower picks, still change the card points.)",
    lambda: _winner_formula(lambda v: v.legal),
    wrong=_WINNER_FIXED.claim(
        "fildinski/stock-phase-winner-fixed",
        "The same in the stock phase, where the follower may play any card of the hand.",
        lambda: _winner_formula(lambda v: v.hand, real=True),
        describe=lambda model: _describe_choice(model, lambda v: v.hand),
    ),
)


# -- free play, the bezique pair and the known endgame --------------------------------


def _free_play_formula(legal: Callable[[FollowVars], BitVec], *, real: bool = False) -> Bool:
    """``legal(v)`` is claimed to be the whole hand and to contain the endgame legal set."""
    v = follow_vars()
    claimed = legal(v)
    within = (v.legal & ~claimed).eq(0)
    return (v.real if real else bool_val(True)).implies(claimed.eq(v.hand) & within)


def _stock_legal(v: FollowVars) -> BitVec:
    """fildinski.play.free-play: in the stock phase the follower's legal set is the hand."""
    return v.hand


_FREE_PLAY: Final = Family(
    ("fildinski.play.free-play",),
    lambda model: describe_follow(model, ("claimed (the whole hand)", lambda v: v.hand)),
)

FREE_PLAY: Final = _FREE_PLAY.claim(
    "fildinski/stock-phase-free-play",
    "In the stock phase the follower's legal set is the whole hand, and the endgame legal set for the same "
    "hand and led card lies inside it: the endgame only ever removes cards.",
    lambda: _free_play_formula(_stock_legal),
    wrong=_FREE_PLAY.claim(
        "fildinski/endgame-free-play",
        "The endgame legal set is the whole hand too.",
        lambda: _free_play_formula(lambda v: v.legal, real=True),
    ),
)


def _describe_known(model: Model) -> str:
    hand = model.bv_value(bv_var("zone hand1", DECK))
    stock = model.bv_value(bv_var("zone stock", DECK))
    return (
        f"the opponent holds {plural(hand.bit_count(), 'card')} and the stock {show_cards(stock)}: "
        f"the ids the player cannot place are the opponent's hand plus the stock"
    )


def _known_formula(*, stock_phase: bool) -> Bool:
    """p0 observes its hand, both won and retired piles and the trick; the stock is empty in the endgame."""
    zones = {zone: bv_var(f"zone {zone}", DECK) for zone in ZONES}
    seen = zones["hand0"] | zones["won0"] | zones["won1"] | zones["retired0"] | zones["retired1"]
    seen = seen | zones["trick"]
    deduced = bv_val(ALL_CARDS, DECK) & ~seen
    empty = bool_val(True) if stock_phase else zones["stock"].eq(0)
    return (partition(list(zones.values())) & empty).implies(zones["hand1"].eq(deduced))


_KNOWN: Final = Family(("fildinski.info.endgame-known",), _describe_known)

ENDGAME_KNOWN: Final = _KNOWN.claim(
    "fildinski/endgame-known",
    "When the stock is empty, every state whose zones hold each id once gives the opponent's hand as "
    "exactly the ids outside the player's own hand, both won and retired piles and the trick.",
    lambda: _known_formula(stock_phase=False),
    wrong=_KNOWN.claim(
        "fildinski/stock-phase-known",
        "The same while the stock still has cards.",
        lambda: _known_formula(stock_phase=True),
    ),
)
