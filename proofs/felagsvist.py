"""Félagsvist in Z3: the legal set, the trick winner, the cycle of deals, the scores and the cards.

Every claim here holds for *all* values of its variables, not a sample:

- a hand is a 52-bit vector over :attr:`cardrules.cards.Card.index` and the
  suit led a 3-bit value (0-3 a suit, :data:`NO_LEAD` when nobody has led);
- a trick is four distinct 6-bit card indices in a deal of any round kind,
  under either ``nolo_ace`` option;
- the cycle of deals, the dealers and the scores are integers;
- a deal in progress is its places (the hands, the pile or the trick, the two
  won piles) as 52-bit vectors with integer counters, and the card conservation
  claims are inductive invariants of the deal and of the play, proved for every
  order of the pack, every card played and every trick winner.

The model reads the library's own constants (:data:`cardrules.trick.SUIT_MASKS`,
:data:`~cardrules.games.felagsvist.scoring.CYCLE`, the strength tables,
:data:`~cardrules.games.felagsvist.scoring.DEAL_TRICKS`), so a change there is a
change to what is proved. The refinement tests compare the model with the
engine on concrete states.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Final

from cardrules.cards import Suit, card_at, cards_in, format_cards
from cardrules.games.felagsvist.actions import SEAT_NAMES
from cardrules.games.felagsvist.options import NoloAce, RoundKind
from cardrules.games.felagsvist.scoring import CYCLE, DEAL_TRICKS, strength_table, trump_suit
from cardrules.notation import format_seat
from cardrules.trick import SUIT_MASKS
from proofs.claims import Claim
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
    count,
    distinct,
    exactly_one,
    int_val,
    int_var,
    ite,
    onehot,
    popcount,
)

__all__ = [
    "CARD_CONSERVATION",
    "CLAIMS",
    "DEAL_DISTRIBUTION",
    "DEAL_HANDS",
    "DEAL_ROTATION",
    "DEAL_SCORE_SUM",
    "DEAL_SYSTEM",
    "GAME_TOTAL",
    "KINDS",
    "LEAD_ANY",
    "LEGAL_SET_DEFINITION",
    "LEGAL_SET_NONEMPTY",
    "MUST_FOLLOW",
    "NO_LEAD",
    "NO_TRUMP",
    "PACK",
    "PLAY_HANDS",
    "PLAY_SYSTEM",
    "PLAY_ZONES",
    "POSITIONS",
    "ROUND_BALANCE",
    "ROUND_CYCLE",
    "STRENGTH_TABLES",
    "THIRTEEN_TRICKS",
    "TIE_DECIDED",
    "TRICK_WINNER",
    "VOID_ANY",
    "FollowVars",
    "TrickVars",
    "deal_scores_model",
    "dealt",
    "follow_vars",
    "kind_index",
    "led_mask",
    "legal_set",
    "legal_set_spec",
    "per_trick_scores",
    "trick_vars",
    "trick_wins",
]

# -- the legal set ------------------------------------------------------------------

HAND_BITS: Final = 52
LED_BITS: Final = 3
NO_LEAD: Final = 4
"""The value of the suit led when nothing has been led: the player to act leads."""
_FULL: Final = (1 << HAND_BITS) - 1
_SUIT_NAMES: Final = {
    Suit.CLUBS: "clubs",
    Suit.DIAMONDS: "diamonds",
    Suit.HEARTS: "hearts",
    Suit.SPADES: "spades",
}


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
        """The legal set as the engine computes it."""
        return legal_set(self.hand, self.led)


def follow_vars() -> FollowVars:
    """The hand and suit-led variables (the same z3 constants on every call)."""
    return FollowVars(bv_var("hand", HAND_BITS), bv_var("led", LED_BITS))


def led_mask(led: BitVec) -> BitVec:
    """The cards of the suit led, from the engine's :data:`~cardrules.trick.SUIT_MASKS` (0 if none)."""
    mask = bv_val(0, HAND_BITS)
    for suit in reversed(range(len(SUIT_MASKS))):
        mask = ite(led.eq(suit), bv_val(SUIT_MASKS[suit], HAND_BITS), mask)
    return mask


def legal_set(hand: BitVec, led: BitVec) -> BitVec:
    """The legal set as :func:`cardrules.trick.follow_set` computes it, for symbolic values.

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


def _show_cards(mask: int) -> str:
    return format_cards(cards_in(mask & _FULL)) or "(none)"


def _show_led(led: int) -> str:
    if led == NO_LEAD:
        return "nothing (the player to act leads)"
    if 0 <= led < 4:
        suit = Suit(led)
        return f"{_SUIT_NAMES[suit]} ({suit.letter})"
    return f"{led} (not a suit)"


def _plural(number: int, noun: str) -> str:
    return f"{number} {noun}" if number == 1 else f"{number} {noun}s"


def _describe_follow(model: Model, claimed: tuple[str, Callable[[FollowVars], BitVec]] | None = None) -> str:
    v = follow_vars()
    hand, led = model.bv_value(v.hand), model.bv_value(v.led)
    spec = legal_set_spec(v.hand, v.led)
    extra = (
        () if claimed is None else (f"legal set {claimed[0]}: {_show_cards(model.bv_value(claimed[1](v)))}",)
    )
    return "\n".join(
        (
            f"hand of the player to act: {_show_cards(hand)} ({_plural(hand.bit_count(), 'card')})",
            f"suit led: {_show_led(led)}",
            f"cards of the suit led in the hand: {_show_cards(model.bv_value(v.hand & led_mask(v.led)))}",
            f"legal set (engine): {_show_cards(model.bv_value(v.legal))}",
            f"legal set (specification, card by card): {_show_cards(model.bv_value(spec))}",
            *extra,
        )
    )


def _legal_claim(
    name: str,
    rule_ids: tuple[str, ...],
    statement: str,
    formula: Callable[[FollowVars], Bool],
    *,
    wrong: Claim | None = None,
    real_hands: bool = False,
    claimed: tuple[str, Callable[[FollowVars], BitVec]] | None = None,
) -> Claim:
    """A claim about every hand and every suit led (or none).

    With ``real_hands`` (used by wrong companions) only hands of 1 to 13 cards
    count, so the counterexample is a hand a player could hold. ``claimed``
    names the legal set a wrong companion asserts, for its counterexample.
    """

    def build() -> Bool:
        v = follow_vars()
        assumptions = v.domain
        if real_hands:
            size = count(v.hand.bit(i) for i in range(HAND_BITS))
            assumptions = assumptions & size.between(1, DEAL_TRICKS)
        return assumptions.implies(formula(v))

    def describe(model: Model) -> str:
        return _describe_follow(model, claimed)

    return Claim(name, rule_ids, build, describe, statement=statement, wrong=wrong)


LEGAL_SET_NONEMPTY: Final = _legal_claim(
    "felagsvist/legal-set-nonempty",
    ("felagsvist.invariant.legal-set-nonempty",),
    "For every hand and suit led, a non-empty hand has a non-empty legal set, and every legal card is held.",
    lambda v: v.hand.ne(0).implies(v.legal.ne(0)) & (v.legal & ~v.hand).eq(0),
    wrong=_legal_claim(
        "felagsvist/legal-set-nonempty-without-cards",
        ("felagsvist.invariant.legal-set-nonempty",),
        "The legal set is non-empty even when the hand is empty.",
        lambda v: v.legal.ne(0),
    ),
)

LEAD_ANY: Final = _legal_claim(
    "felagsvist/lead-any",
    ("felagsvist.play.lead-any",),
    "When leading, the legal set is the whole hand.",
    lambda v: v.leading.implies(v.legal.eq(v.hand)),
    wrong=_legal_claim(
        "felagsvist/anyone-plays-any-card",
        ("felagsvist.play.lead-any",),
        "Not only the leader: every player may play any card of the hand.",
        lambda v: v.legal.eq(v.hand),
        real_hands=True,
        claimed=("claimed (the whole hand)", lambda v: v.hand),
    ),
)

MUST_FOLLOW: Final = _legal_claim(
    "felagsvist/must-follow",
    ("felagsvist.play.must-follow",),
    "A follower holding the suit led has exactly the hand's cards of that suit as the legal set.",
    lambda v: (~v.leading & ~v.void).implies(v.legal.eq(v.hand & led_mask(v.led))),
    wrong=_legal_claim(
        "felagsvist/must-follow-even-when-void",
        ("felagsvist.play.must-follow",),
        "A follower's legal set is always the hand's cards of the suit led, even when void in it.",
        lambda v: (~v.leading).implies(v.legal.eq(v.hand & led_mask(v.led))),
        real_hands=True,
        claimed=("claimed (the hand's cards of the suit led)", lambda v: v.hand & led_mask(v.led)),
    ),
)

VOID_ANY: Final = _legal_claim(
    "felagsvist/void-any",
    ("felagsvist.play.void-any",),
    "A follower void in the suit led has the whole hand as the legal set.",
    lambda v: (~v.leading & v.void).implies(v.legal.eq(v.hand)),
    wrong=_legal_claim(
        "felagsvist/void-plays-any-card-of-the-pack",
        ("felagsvist.play.void-any",),
        "A follower void in the suit led may play any card of the pack, held or not.",
        lambda v: (~v.leading & v.void).implies(v.legal.eq(_FULL)),
        real_hands=True,
        claimed=("claimed (the whole pack)", lambda _v: bv_val(_FULL, HAND_BITS)),
    ),
)

_INTERLEAVED: Final = tuple(i % 4 for i in range(HAND_BITS))

LEGAL_SET_DEFINITION: Final = _legal_claim(
    "felagsvist/legal-set-definition",
    (
        "felagsvist.invariant.legal-set-nonempty",
        "felagsvist.play.lead-any",
        "felagsvist.play.must-follow",
        "felagsvist.play.void-any",
    ),
    "For every hand and suit led, the engine's legal set (follow_set over SUIT_MASKS) equals "
    "the specification's card-by-card definition.",
    lambda v: v.legal.eq(legal_set_spec(v.hand, v.led)),
    wrong=_legal_claim(
        "felagsvist/legal-set-with-interleaved-suits",
        (
            "felagsvist.invariant.legal-set-nonempty",
            "felagsvist.play.lead-any",
            "felagsvist.play.must-follow",
            "felagsvist.play.void-any",
        ),
        "The same, with cards numbered rank-major (the suit of card i taken as i mod 4).",
        lambda v: v.legal.eq(legal_set_spec(v.hand, v.led, suit_of=_INTERLEAVED)),
        real_hands=True,
        claimed=(
            "claimed (suit of card i = i mod 4)",
            lambda v: legal_set_spec(v.hand, v.led, suit_of=_INTERLEAVED),
        ),
    ),
)

# -- the trick winner ---------------------------------------------------------------

CARD_BITS: Final = 6
TRUMP_BITS: Final = 3
NO_TRUMP: Final = 4
"""The trump value of Grand and Nóló deals."""

KINDS: Final[tuple[RoundKind, ...]] = tuple(RoundKind)
"""The round kinds, numbered for the ``kind`` variable of the trick claims."""
_KIND_BITS: Final = 3

STRENGTH_TABLES: Final[tuple[tuple[int, ...], ...]] = tuple(
    sorted({strength_table(kind, ace) for kind in KINDS for ace in NoloAce})
)
"""Every rank order the engine uses (ace high; ace low in Nóló under ``nolo_ace=low``)."""
_TABLE_BITS: Final = max(1, (len(STRENGTH_TABLES) - 1).bit_length())


def _trump_number(kind: RoundKind) -> int:
    suit = trump_suit(kind)
    return NO_TRUMP if suit is None else int(suit)


@dataclass(frozen=True, slots=True)
class TrickVars:
    """The variables of the trick claims.

    Four cards (leader first), the deal's round kind (an index into
    :data:`KINDS`), the ``nolo_ace`` option and the leader's seat. The trump
    and the rank order follow from the kind and the option as the engine's
    :func:`~cardrules.games.felagsvist.scoring.trump_suit` and
    :func:`~cardrules.games.felagsvist.scoring.strength_table` say.
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
            low = STRENGTH_TABLES.index(strength_table(kind, NoloAce.LOW))
            high = STRENGTH_TABLES.index(strength_table(kind, NoloAce.HIGH))
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

    Read from the engine's strength tables, shifted to start at 0, so that
    unsigned bit-vector comparison orders cards as the engine does.
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


def _beats(v: TrickVars, i: int, j: int) -> Bool:
    """Card ``i`` beats card ``j`` of the trick, comparing just the two."""
    suit_i, suit_j = _suit(v.cards[i]), _suit(v.cards[j])
    led = _suit(v.cards[0])
    has_trump = v.trump.ne(NO_TRUMP)
    trumps_it = has_trump & suit_i.eq(v.trump) & suit_j.ne(v.trump)
    same_suit_higher = suit_i.eq(suit_j) & _strength(v.cards[i], v.table).ugt(_strength(v.cards[j], v.table))
    led_beats_discard = suit_i.eq(led) & suit_j.ne(led) & (~has_trump | suit_j.ne(v.trump))
    return trumps_it | same_suit_higher | led_beats_discard


def _order_label(table: int) -> str:
    strengths = STRENGTH_TABLES[table][:13]
    return "ace high" if strengths[12] == max(strengths) else "ace low"


def _show_card(index: int) -> str:
    return str(card_at(index)) if 0 <= index < HAND_BITS else f"card #{index}"


def _describe_trick(model: Model) -> str:
    v = trick_vars()
    leader = model.bv_value(v.leader)
    cards = [model.bv_value(card) for card in v.cards]
    trump = model.bv_value(v.trump)
    kind = KINDS[model.bv_value(v.kind)]
    ace = "low" if model.bool_value(v.ace_low) else "high"
    plays = [f"{format_seat((leader + i) % 4)} {_show_card(card)}" for i, card in enumerate(cards)]
    trump_text = "none" if trump == NO_TRUMP else _show_led(trump)
    winners = [
        f"{format_seat((leader + i) % 4)} ({SEAT_NAMES[(leader + i) % 4]}) with {_show_card(cards[i])}"
        for i, wins in enumerate(trick_wins(v))
        if model.bool_value(wins)
    ]
    return "\n".join(
        (
            f"trick, in order of play: {', '.join(plays)} (led by {format_seat(leader)})",
            f"a {kind.label} deal with nolo_ace={ace}: trump {trump_text}, "
            f"rank order {_order_label(model.bv_value(v.table))}",
            f"winner by the specification: {'; '.join(winners) or 'no card'}",
        )
    )


def _trick_claim(
    name: str, statement: str, formula: Callable[[TrickVars], Bool], *, wrong: Claim | None = None
) -> Claim:
    def build() -> Bool:
        v = trick_vars()
        return v.domain.implies(formula(v))

    return Claim(name, ("felagsvist.trick.winner",), build, _describe_trick, statement=statement, wrong=wrong)


def _unique_winner(v: TrickVars) -> Bool:
    wins = trick_wins(v)
    beats_all = all_of(wins[i].implies(all_of(_beats(v, i, j) for j in range(4) if j != i)) for i in range(4))
    return exactly_one(wins) & beats_all


TRICK_WINNER: Final = _trick_claim(
    "felagsvist/trick-winner",
    "For any four distinct cards, any trump (or none) and either rank order, exactly one card "
    "wins the trick, and it beats each of the other three.",
    _unique_winner,
    wrong=_trick_claim(
        "felagsvist/leader-always-wins",
        "The card led always wins the trick.",
        lambda v: trick_wins(v)[0],
    ),
)

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


def _odd_trick_scores(tricks_ns: Int, tricks_ew: Int, nolo: Bool) -> tuple[Int, Int]:
    ns, ew = ite(nolo, tricks_ew, tricks_ns), ite(nolo, tricks_ns, tricks_ew)
    return _odd(ns), _odd(ew)


def deal_scores_model(tricks_ns: Int, nolo: Bool, odd_tricks: Bool) -> tuple[Int, Int]:
    """The (NS, EW) scores of a finished deal in which NS won ``tricks_ns`` tricks, under either scoring.

    Per trick (felagsvist.score.trick-rounds, felagsvist.score.nolo) as
    :func:`per_trick_scores`; with ``odd_tricks``, only each score's part
    beyond a book of six.
    """
    per_ns, per_ew = per_trick_scores(tricks_ns, nolo)
    odd_ns, odd_ew = _odd_trick_scores(tricks_ns, DEAL_TRICKS - tricks_ns, nolo)
    return ite(odd_tricks, odd_ns, per_ns), ite(odd_tricks, odd_ew, per_ew)


def _deal_vars() -> tuple[Int, Int]:
    return int_var("tricks_ns"), int_var("tricks_ew")


def _deal_played(ns: Int, ew: Int) -> Bool:
    return (ns >= 0) & (ew >= 0) & (ns + ew).eq(DEAL_TRICKS)


def _score_checks(ns: Int, ew: Int, check: Callable[[Int, Int, Int, Int], Bool]) -> Bool:
    """``check(per-trick NS, per-trick EW, odd-tricks NS, odd-tricks EW)`` in trick rounds and in Nóló."""
    parts = []
    for nolo in (bool_val(False), bool_val(True)):
        per_ns, per_ew = ite(nolo, ew, ns), ite(nolo, ns, ew)
        odd_ns, odd_ew = _odd_trick_scores(ns, ew, nolo)
        parts.append(check(per_ns, per_ew, odd_ns, odd_ew))
    return all_of(parts)


def _describe_deal(model: Model) -> str:
    ns_var, ew_var = _deal_vars()
    ns, ew = model.int_value(ns_var), model.int_value(ew_var)

    def odd(tricks: int) -> int:
        return max(0, tricks - 6)

    return "\n".join(
        (
            f"tricks won: NS {ns}, EW {ew}",
            f"per-trick scores: trick round NS {ns} EW {ew}; Nóló NS {ew} EW {ns}",
            f"odd-tricks scores: trick round NS {odd(ns)} EW {odd(ew)}; Nóló NS {odd(ew)} EW {odd(ns)}",
        )
    )


def _deal_claim(
    name: str,
    rule_ids: tuple[str, ...],
    statement: str,
    formula: Callable[[Int, Int], Bool],
    *,
    wrong: Claim | None = None,
) -> Claim:
    def build() -> Bool:
        return formula(*_deal_vars())

    return Claim(name, rule_ids, build, _describe_deal, statement=statement, wrong=wrong)


def _sum_and_single_scorer(ns: Int, ew: Int) -> Bool:
    def each(per_ns: Int, per_ew: Int, odd_ns: Int, odd_ew: Int) -> Bool:
        one_scores = (odd_ns.between(1, 7) & odd_ew.eq(0)) | (odd_ew.between(1, 7) & odd_ns.eq(0))
        return (per_ns + per_ew).eq(DEAL_TRICKS) & one_scores

    return _deal_played(ns, ew).implies(_score_checks(ns, ew, each))


DEAL_SCORE_SUM: Final = _deal_claim(
    "felagsvist/deal-score-sum",
    ("felagsvist.invariant.deal-score-sum",),
    "For tricks a, b >= 0 with a + b = 13, per-trick scores sum to 13 in trick rounds and in Nóló; "
    "under odd-tricks exactly one side scores, between 1 and 7.",
    _sum_and_single_scorer,
    wrong=_deal_claim(
        "felagsvist/odd-tricks-sum-to-thirteen",
        ("felagsvist.invariant.deal-score-sum",),
        "Odd-tricks scores also sum to 13.",
        lambda ns, ew: _deal_played(ns, ew).implies(
            _score_checks(ns, ew, lambda _pn, _pe, odd_ns, odd_ew: (odd_ns + odd_ew).eq(DEAL_TRICKS))
        ),
    ),
)


def _scores_differ(ns: Int, ew: Int) -> Bool:
    return _score_checks(ns, ew, lambda per_ns, per_ew, odd_ns, odd_ew: per_ns.ne(per_ew) & odd_ns.ne(odd_ew))


TIE_DECIDED: Final = _deal_claim(
    "felagsvist/deal-thirteen-decides",
    ("felagsvist.game.tie",),
    "A played-out deal never gives both sides the same score, under either scoring, so the deal 13 "
    "of tiebreak=play-on always decides a tied game.",
    lambda ns, ew: _deal_played(ns, ew).implies(_scores_differ(ns, ew)),
    wrong=_deal_claim(
        "felagsvist/deal-decides-with-a-trick-missing",
        ("felagsvist.game.tie",),
        "Scores also differ when the sides' tricks add up to 13 or fewer.",
        lambda ns, ew: ((ns >= 0) & (ew >= 0) & (ns + ew <= DEAL_TRICKS)).implies(_scores_differ(ns, ew)),
    ),
)

# -- the cycle of deals and the dealers ---------------------------------------------

_GAME_DEALS: Final = 12
"""Deals in a game (felagsvist.game.twelve-deals)."""
_PLAY_ON_DEALS: Final = _GAME_DEALS + 1
"""Deals in a game that tiebreak=play-on extends after a tie (felagsvist.game.tie)."""
_SEATS: Final = 4


def kind_index(first_round: Int, deal: Int | int) -> Int:
    """felagsvist.round.cycle: deal k has kind ``CYCLE[(s + k - 1) mod 6]``."""
    return (first_round + deal - 1).mod(len(CYCLE))


def _is_kind(index: Int, kind: RoundKind) -> Bool:
    return any_of(index.eq(i) for i, entry in enumerate(CYCLE) if entry is kind)


def _dealer(first_dealer: Int, deal: Int | int) -> Int:
    """felagsvist.deal.rotation: the deal passes left, so deal k is dealt by ``d + k - 1``."""
    return (first_dealer + deal - 1).mod(_SEATS)


def _partner(seat: Int) -> Int:
    return (seat + 2).mod(_SEATS)


def _first_leader(first_dealer: Int, deal: Int | int) -> Int:
    """felagsvist.play.first-lead: the dealer's left-hand neighbour leads first."""
    return (_dealer(first_dealer, deal) + 1).mod(_SEATS)


def _schedule_vars() -> tuple[Int, Int, Int]:
    return int_var("first_round"), int_var("first_dealer"), int_var("deal")


def _schedule_domain(s: Int, d: Int, k: Int) -> Bool:
    return s.between(0, len(CYCLE) - 1) & d.between(0, _SEATS - 1) & (k >= 1)


def _each_kind_twice(s: Int) -> Bool:
    deals = range(1, _GAME_DEALS + 1)
    return all_of(count(_is_kind(kind_index(s, k), kind) for k in deals).eq(2) for kind in RoundKind)


def _each_seat_deals_three_times(d: Int) -> Bool:
    deals = range(1, _GAME_DEALS + 1)
    return all_of(count(_dealer(d, k).eq(seat) for k in deals).eq(3) for seat in range(_SEATS))


def _describe_schedule(model: Model) -> str:
    s_var, d_var, k_var = _schedule_vars()
    s, d, k = model.int_value(s_var), model.int_value(d_var), model.int_value(k_var)
    first = CYCLE[s].value if 0 <= s < len(CYCLE) else f"index {s}"
    kinds = " ".join(CYCLE[(s + j - 1) % len(CYCLE)].label for j in range(1, _GAME_DEALS + 1))
    dealers = " ".join(format_seat((d + j - 1) % _SEATS) for j in range(1, _GAME_DEALS + 1))

    def deal_text(deal: int) -> str:
        kind = CYCLE[(s + deal - 1) % len(CYCLE)].label
        return f"deal {deal} is {kind}, dealt by {format_seat((d + deal - 1) % _SEATS)}"

    return "\n".join(
        (
            f"first_round = {first} (s = {s}), first dealer {format_seat(d % _SEATS)}",
            f"kinds of deals 1-12: {kinds}",
            f"dealers of deals 1-12: {dealers}",
            f"{deal_text(k)}; {deal_text(k + 6)}",
        )
    )


def _schedule_claim(
    name: str,
    rule_ids: tuple[str, ...],
    statement: str,
    formula: Callable[[Int, Int, Int], Bool],
    *,
    wrong: Claim | None = None,
) -> Claim:
    def build() -> Bool:
        s, d, k = _schedule_vars()
        return _schedule_domain(s, d, k).implies(formula(s, d, k))

    return Claim(name, rule_ids, build, _describe_schedule, statement=statement, wrong=wrong)


ROUND_CYCLE: Final = _schedule_claim(
    "felagsvist/round-cycle",
    ("felagsvist.round.cycle",),
    "For every first_round, kind(k + 6) = kind(k) for every deal k, and each kind comes twice in deals 1-12.",
    lambda s, _d, k: kind_index(s, k + 6).eq(kind_index(s, k)) & _each_kind_twice(s),
    wrong=_schedule_claim(
        "felagsvist/deal-one-is-hearts",
        ("felagsvist.round.cycle",),
        "Deal 1 is a Hearts deal whatever first_round says.",
        lambda s, _d, _k: _is_kind(kind_index(s, 1), RoundKind.HEARTS),
    ),
)

DEAL_ROTATION: Final = _schedule_claim(
    "felagsvist/deal-rotation",
    ("felagsvist.deal.rotation",),
    "With the deal passing left, for every first dealer each seat deals exactly three of deals 1-12.",
    lambda _s, d, _k: _each_seat_deals_three_times(d),
    wrong=_schedule_claim(
        "felagsvist/first-dealer-deals-last",
        ("felagsvist.deal.rotation",),
        "The first dealer also deals deal 12.",
        lambda _s, d, _k: _dealer(d, _GAME_DEALS).eq(d),
    ),
)


def _balanced(s: Int, d: Int, k: Int) -> Bool:
    return all_of(
        (
            kind_index(s, k + 6).eq(kind_index(s, k)),
            _dealer(d, k + 6).eq(_partner(_dealer(d, k))),
            _first_leader(d, k + 6).mod(2).eq(_first_leader(d, k).mod(2)),
            _each_kind_twice(s),
            _each_seat_deals_three_times(d),
        )
    )


ROUND_BALANCE: Final = _schedule_claim(
    "felagsvist/round-balance",
    ("felagsvist.invariant.round-balance",),
    "For every first_round and first dealer: deals k and k + 6 share a kind and are dealt by "
    "partners (so one side leads first in both), each kind comes twice and each seat deals three times.",
    _balanced,
    wrong=_schedule_claim(
        "felagsvist/same-dealer-six-deals-later",
        ("felagsvist.invariant.round-balance",),
        "Deal k + 6 is dealt by the dealer of deal k.",
        lambda _s, d, k: _dealer(d, k + 6).eq(_dealer(d, k)),
    ),
)

# -- trick counters and game totals (inductive) -------------------------------------


def _show_tricks(state: Mapping[str, int]) -> str:
    return f"[{_plural(state['t'], 'trick')} played: NS {state['ns']}, EW {state['ew']}]"


def _show_trick_winner(choice: Mapping[str, int]) -> str:
    side = choice["winner"]
    return f"{'NS' if side == 0 else 'EW' if side == 1 else f'side {side}'} winning the next trick"


def _tricks_init(s: SymState) -> Bool:
    return s["t"].eq(0) & s["ns"].eq(0) & s["ew"].eq(0)


def _tricks_step(before: SymState, choice: SymState) -> tuple[Move, ...]:
    """felagsvist.trick.winner-leads: each trick adds one to the winning side, and only to it."""
    winner = choice["winner"]
    after = before.updated(
        {"t": before["t"] + 1, "ns": before["ns"] + 1 - winner, "ew": before["ew"] + winner}
    )
    return (Move("a trick is won", (before["t"] < DEAL_TRICKS) & winner.between(0, 1), after),)


def _tricks_invariant(s: SymState) -> Bool:
    return s["t"].between(0, DEAL_TRICKS) & (s["ns"] >= 0) & (s["ew"] >= 0) & (s["ns"] + s["ew"]).eq(s["t"])


def _tricks_goal(s: SymState) -> Bool:
    # The engine ends the deal when the counters add up to 13; that is exactly the 13th trick.
    done = (s["ns"] + s["ew"]).eq(DEAL_TRICKS)
    return done.iff(s["t"].eq(DEAL_TRICKS)) & s["t"].eq(DEAL_TRICKS).implies(s["ns"].between(0, DEAL_TRICKS))


def _trick_system(name: str, invariant: Callable[[SymState], Bool]) -> TransitionSystem:
    return TransitionSystem(
        variables=ints("t", "ns", "ew"),
        inputs=ints("winner"),
        init=_tricks_init,
        step=_tricks_step,
        invariant=(Part(name, invariant),),
        goal=_tricks_goal,
        show_state=_show_tricks,
        show_inputs=_show_trick_winner,
    )


def _never_more_than_one_apart(s: SymState) -> Bool:
    gap = s["ns"] - s["ew"]
    return _tricks_invariant(s) & gap.between(-1, 1)


THIRTEEN_TRICKS: Final = inductive_claim(
    "felagsvist/thirteen-tricks",
    ("felagsvist.invariant.thirteen-tricks",),
    _trick_system("NS + EW = tricks played", _tricks_invariant),
    statement="From 0-0, each trick adding 1 to exactly one side keeps NS + EW = tricks played; "
    "the counters reach 13 exactly after the 13th trick.",
    wrong=inductive_claim(
        "felagsvist/sides-never-two-tricks-apart",
        ("felagsvist.invariant.thirteen-tricks",),
        _trick_system("the sides are at most one trick apart", _never_more_than_one_apart),
        statement="The two sides' trick counts never differ by more than one.",
    ),
)


def _show_totals(state: Mapping[str, int]) -> str:
    return f"[{_plural(state['k'], 'deal')} scored: totals NS {state['ns']}, EW {state['ew']}]"


def _show_deal(choice: Mapping[str, int]) -> str:
    kind = "a Nóló deal" if choice["nolo"] == 1 else "a trick-round deal" if choice["nolo"] == 0 else "?"
    return f"{kind} in which NS win {choice['tricks_ns']} tricks"


def _totals_init(s: SymState) -> Bool:
    return s["k"].eq(0) & s["ns"].eq(0) & s["ew"].eq(0)


def _totals_step(before: SymState, choice: SymState) -> tuple[Move, ...]:
    """One more deal scored per trick (felagsvist.score.totals); deal 13 only after a 12-deal tie."""
    tricks, nolo = choice["tricks_ns"], choice["nolo"]
    score_ns, score_ew = per_trick_scores(tricks, nolo.eq(1))
    guard = all_of(
        (
            before["k"] < _PLAY_ON_DEALS,
            before["k"].eq(_GAME_DEALS).implies(before["ns"].eq(before["ew"])),
            tricks.between(0, DEAL_TRICKS),
            nolo.between(0, 1),
        )
    )
    after = before.updated(
        {"k": before["k"] + 1, "ns": before["ns"] + score_ns, "ew": before["ew"] + score_ew}
    )
    return (Move("a deal is scored", guard, after),)


def _totals_invariant(s: SymState) -> Bool:
    k, ns, ew = s["k"], s["ns"], s["ew"]
    return all_of(
        (
            k.between(0, _PLAY_ON_DEALS),
            ns >= 0,
            ew >= 0,
            (ns + ew).eq(k * DEAL_TRICKS),
            k.eq(_PLAY_ON_DEALS).implies((ns >= 78) & (ew >= 78)),
        )
    )


def _totals_goal(s: SymState) -> Bool:
    k, ns, ew = s["k"], s["ns"], s["ew"]
    after_twelve = all_of(
        (
            (ns + ew).eq(156),
            ns.between(0, 156),
            ew.between(0, 156),
            ns.eq(ew).implies(ns.eq(78)),
        )
    )
    after_thirteen = (ns + ew).eq(169) & ns.between(78, 91) & ew.between(78, 91)
    return k.eq(_GAME_DEALS).implies(after_twelve) & k.eq(_PLAY_ON_DEALS).implies(after_thirteen)


def _totals_system(goal: Callable[[SymState], Bool]) -> TransitionSystem:
    return TransitionSystem(
        variables=ints("k", "ns", "ew"),
        inputs=ints("tricks_ns", "nolo"),
        init=_totals_init,
        step=_totals_step,
        invariant=(Part("totals add up to 13 per deal", _totals_invariant),),
        goal=goal,
        show_state=_show_totals,
        show_inputs=_show_deal,
    )


GAME_TOTAL: Final = inductive_claim(
    "felagsvist/game-total",
    ("felagsvist.invariant.game-total",),
    _totals_system(_totals_goal),
    statement="Under per-trick scoring the totals add up to 156 after deal 12 (a tie is 78-78) and to "
    "169 after a deal 13, each then between 78 and 91.",
    wrong=inductive_claim(
        "felagsvist/game-total-156-after-deal-13",
        ("felagsvist.invariant.game-total",),
        _totals_system(lambda s: s["k"].eq(_PLAY_ON_DEALS).implies((s["ns"] + s["ew"]).eq(156))),
        statement="The totals still add up to 156 after a deal 13.",
    ),
)

# -- card conservation: the deal, then the play (inductive, over card sets) ----------
#
# Where the cards are is a handful of 52-bit sets; how many a hand holds is an
# integer (popcount). Hands are numbered by position: in the deal from the
# dealer's left (receiver 0 gets the first card), in the play from the leader of
# the current trick (position 0 leads). The first leader is the dealer's left
# (felagsvist.play.first-lead), so at the first trick the two numberings agree,
# and the deal claim's goal is word for word the play claim's starting point.

PACK: Final = _FULL
"""The whole pack as a 52-bit set."""
POSITIONS: Final = 4
_CARD_INDEX_BITS: Final = 6
_DEAL_CARDS: Final = HAND_BITS
_ROUNDS: Final = HAND_BITS // POSITIONS
"""Rounds of dealing, one card to each player per round: 13, the size of a hand."""

DEAL_HANDS: Final = tuple(f"receiver{j}" for j in range(POSITIONS))
"""The deal's hand variables: receiver ``j`` sits ``j + 1`` seats left of the dealer."""
PLAY_HANDS: Final = tuple(f"position{j}" for j in range(POSITIONS))
"""The play's hand variables: position ``j`` sits ``j`` seats left of the leader of the trick."""
PLAY_ZONES: Final = (*PLAY_HANDS, "trick", "won_ns", "won_ew")
"""The seven places a card can be during the play (felagsvist.invariant.card-conservation)."""


def _mask_if(condition: Bool) -> BitVec:
    """All 52 bits when ``condition`` holds, else none: a set taken or left whole."""
    return ite(condition, bv_val(PACK, HAND_BITS), bv_val(0, HAND_BITS))


def _partition(sets: tuple[BitVec, ...]) -> Bool:
    """Every card of the pack is in exactly one of ``sets``: pairwise disjoint, together the pack."""
    disjoint = [(sets[i] & sets[j]).eq(0) for i in range(len(sets)) for j in range(i + 1, len(sets))]
    union = sets[0]
    for part in sets[1:]:
        union = union | part
    return all_of((*disjoint, union.eq(PACK)))


def dealt(hands: tuple[BitVec, ...]) -> Bool:
    """Four hands as felagsvist.deal.distribution leaves them: 13 cards each, together the pack once."""
    return _partition(hands) & all_of(popcount(hand).eq(_ROUNDS) for hand in hands)


def _cases_by_card() -> tuple[Mapping[str, int], ...]:
    return tuple(MappingProxyType({"card": card}) for card in range(HAND_BITS))


def _show_zone(mask: int) -> str:
    cards = list(cards_in(mask & _FULL))
    if len(cards) <= DEAL_TRICKS:
        return f"{len(cards)} ({format_cards(cards) or '-'})"
    return f"{len(cards)} ({format_cards(cards[:6])} ... {format_cards(cards[-3:])})"


def _show_card_choice(choice: Mapping[str, int]) -> str:
    return _show_card(choice["card"])


# -- the deal --


def _deal_init(s: SymState) -> Bool:
    empty = all_of(s.bv(hand).eq(0) for hand in DEAL_HANDS)
    return empty & s.bv("pile").eq(PACK) & s["rounds"].eq(0) & s["next"].eq(0)


def _deal_step(before: SymState, choice: SymState, *, copy: bool = False) -> tuple[Move, ...]:
    """The top card of the pile goes to the next receiver, clockwise from the dealer's left.

    The top card can be any card still in the pile, so the steps cover every
    order of the shuffled pack. After the fourth receiver a new round starts.
    ``copy`` is the wrong companion's bug: the card is dealt but stays in the pile.
    """
    card = onehot(choice.bv("card"), HAND_BITS)
    pile, rounds, receiver = before.bv("pile"), before["rounds"], before["next"]
    guard = (rounds < _ROUNDS) & choice.bv("card").ult(HAND_BITS) & (pile & card).ne(0)
    last = receiver.eq(POSITIONS - 1)
    changes: dict[str, Int | BitVec] = {
        hand: before.bv(hand) | (card & _mask_if(receiver.eq(j))) for j, hand in enumerate(DEAL_HANDS)
    }
    changes["pile"] = pile if copy else pile & ~card
    changes["rounds"] = ite(last, rounds + 1, rounds)
    changes["next"] = ite(last, int_val(0), receiver + 1)
    return (Move("a card is dealt", guard, before.updated(changes), _cases_by_card(), _show_deal_choice),)


def _deal_places(s: SymState) -> Bool:
    return _partition((*(s.bv(hand) for hand in DEAL_HANDS), s.bv("pile")))


def _deal_counts(s: SymState) -> Bool:
    rounds, receiver = s["rounds"], s["next"]
    sizes = [
        popcount(s.bv(hand)).eq(rounds + ite(receiver > j, int_val(1), int_val(0)))
        for j, hand in enumerate(DEAL_HANDS)
    ]
    dealt_so_far = rounds * POSITIONS + receiver
    return all_of((*sizes, popcount(s.bv("pile")).eq(_DEAL_CARDS - dealt_so_far)))


def _deal_counters(s: SymState) -> Bool:
    rounds, receiver = s["rounds"], s["next"]
    return all_of(
        (
            rounds.between(0, _ROUNDS),
            receiver.between(0, POSITIONS - 1),
            rounds.eq(_ROUNDS).implies(receiver.eq(0)),
        )
    )


def _deal_goal(s: SymState) -> Bool:
    done = s["rounds"].eq(_ROUNDS)
    return done.implies(s.bv("pile").eq(0) & dealt(tuple(s.bv(hand) for hand in DEAL_HANDS)))


def _show_deal_state(state: Mapping[str, int]) -> str:
    names = ("left of the dealer", "second", "third", "the dealer")
    done = state["rounds"] * POSITIONS + state["next"]
    hands = "; ".join(
        f"{name}: {_show_zone(state[hand])}" for name, hand in zip(names, DEAL_HANDS, strict=True)
    )
    pile = _show_zone(state["pile"])
    return f"[{_plural(done, 'card')} dealt, receiver {state['next']} next; {hands}; pile: {pile}]"


def _show_deal_choice(choice: Mapping[str, int]) -> str:
    return f"dealing {_show_card(choice['card'])} from the pile"


_DEAL_COUNTERS: Final = "counters in range"
_DEAL_PLACES: Final = "each card in exactly one hand or the pile"


def _deal_system(*, copy: bool = False) -> TransitionSystem:
    """The deal as a transition system.

    Counting needs the whole invariant and a case per card; which place a card
    is in needs only the counters, so its obligations assume no more.
    """
    return TransitionSystem(
        variables=(
            *(Var(hand, HAND_BITS) for hand in DEAL_HANDS),
            Var("pile", HAND_BITS),
            *ints("rounds", "next"),
        ),
        inputs=(Var("card", _CARD_INDEX_BITS),),
        init=_deal_init,
        step=lambda before, choice: _deal_step(before, choice, copy=copy),
        invariant=(
            Part(_DEAL_COUNTERS, _deal_counters, assumes=(_DEAL_COUNTERS,)),
            Part("hand and pile sizes", _deal_counts),
            Part(_DEAL_PLACES, _deal_places, assumes=(_DEAL_COUNTERS, _DEAL_PLACES)),
        ),
        goal=_deal_goal,
        show_state=_show_deal_state,
        show_inputs=_show_deal_choice,
    )


DEAL_SYSTEM: Final = _deal_system()
"""The deal: receiver ``j`` (variable ``receiver<j>``) sits ``j + 1`` seats left of the dealer."""

DEAL_DISTRIBUTION: Final = inductive_claim(
    "felagsvist/deal-distribution",
    ("felagsvist.deal.distribution", "felagsvist.invariant.card-conservation"),
    DEAL_SYSTEM,
    statement="Dealing a shuffled pack one card at a time clockwise from the dealer's left, in any of "
    "the 52! orders, keeps every card in exactly one hand or the pile, and ends with four disjoint "
    "13-card hands that make up the pack.",
    wrong=inductive_claim(
        "felagsvist/deal-leaves-the-card-in-the-pile",
        ("felagsvist.deal.distribution", "felagsvist.invariant.card-conservation"),
        _deal_system(copy=True),
        statement="The same, when a dealt card also stays in the pile.",
        engine=Engine.SMT_CORE,
    ),
    engine=Engine.SMT_CORE,
)

# -- the play --


def _to_act(s: SymState) -> BitVec:
    """The hand of the player to act: position ``played`` (the cards on the trick so far)."""
    hand = bv_val(0, HAND_BITS)
    for j, name in enumerate(PLAY_HANDS):
        hand = hand | (s.bv(name) & _mask_if(s["played"].eq(j)))
    return hand


def _play_init(s: SymState) -> Bool:
    """A deal just dealt: the deal claim's goal, nothing on the table, the dealer's left to lead."""
    table = all_of(s.bv(zone).eq(0) for zone in ("trick", "won_ns", "won_ew"))
    counters = s["played"].eq(0) & s["tricks"].eq(0) & s["side"].between(0, 1)
    return dealt(tuple(s.bv(hand) for hand in PLAY_HANDS)) & table & counters


def _play_step(before: SymState, choice: SymState, *, keep_in_hand: bool = False) -> tuple[Move, ...]:
    """A card played to the trick, or a complete trick gathered by the winner's side.

    A play (felagsvist.play.trick-order): the player at position ``played``
    moves a card it holds from the hand to the trick. Every legal play is one
    of these, since the legal set lies within the hand (claim
    felagsvist/legal-set-nonempty). A gathering (felagsvist.trick.winner-leads):
    the four cards go to the pile of the winner's side, and the winner, at any
    position, leads next, so the positions turn to start from it.
    ``keep_in_hand`` is the wrong companion's bug: a played card stays in the
    hand until its trick is gathered.
    """
    played, tricks, side = before["played"], before["tricks"], before["side"]
    card = onehot(choice.bv("card"), HAND_BITS)
    trick = before.bv("trick")
    play_guard = all_of(
        (
            played < POSITIONS,
            tricks < DEAL_TRICKS,
            choice.bv("card").ult(HAND_BITS),
            (_to_act(before) & card).ne(0),
        )
    )
    hands: dict[str, Int | BitVec] = {
        name: before.bv(name) if keep_in_hand else before.bv(name) & ~(card & _mask_if(played.eq(j)))
        for j, name in enumerate(PLAY_HANDS)
    }
    play = before.updated({**hands, "trick": trick | card, "played": played + 1})

    winner = choice["winner"]
    winner_side = (side + winner).mod(2)
    turned: dict[str, Int | BitVec] = {}
    for j, name in enumerate(PLAY_HANDS):
        hand = bv_val(0, HAND_BITS)
        for w in range(POSITIONS):
            source = before.bv(PLAY_HANDS[(j + w) % POSITIONS])
            hand = hand | ((source & ~trick if keep_in_hand else source) & _mask_if(winner.eq(w)))
        turned[name] = hand
    gather = before.updated(
        {
            **turned,
            "trick": bv_val(0, HAND_BITS),
            "won_ns": before.bv("won_ns") | (trick & _mask_if(winner_side.eq(0))),
            "won_ew": before.bv("won_ew") | (trick & _mask_if(winner_side.eq(1))),
            "played": int_val(0),
            "tricks": tricks + 1,
            "side": winner_side,
        }
    )
    gather_guard = played.eq(POSITIONS) & winner.between(0, POSITIONS - 1)
    by_winner = tuple(MappingProxyType({"winner": w}) for w in range(POSITIONS))
    return (
        Move("a card is played", play_guard, play, _cases_by_card(), _show_play_choice),
        Move("a trick is gathered", gather_guard, gather, by_winner, _show_gather_choice),
    )


def _play_places(s: SymState) -> Bool:
    return _partition(tuple(s.bv(zone) for zone in PLAY_ZONES))


def _play_counts(s: SymState) -> Bool:
    """felagsvist.invariant.hand-sizes: before trick t a hand holds 14 - t cards, one fewer once played."""
    played, tricks = s["played"], s["tricks"]
    sizes = [
        popcount(s.bv(name)).eq(DEAL_TRICKS - tricks - ite(played > j, int_val(1), int_val(0)))
        for j, name in enumerate(PLAY_HANDS)
    ]
    return all_of((popcount(s.bv("trick")).eq(played), *sizes))


def _play_counters(s: SymState) -> Bool:
    played, tricks = s["played"], s["tricks"]
    return all_of(
        (
            played.between(0, POSITIONS),
            tricks.between(0, DEAL_TRICKS),
            tricks.eq(DEAL_TRICKS).implies(played.eq(0)),
            s["side"].between(0, 1),
        )
    )


def _play_goal(s: SymState) -> Bool:
    played, tricks = s["played"], s["tricks"]
    hands = [s.bv(name) for name in PLAY_HANDS]
    over = all_of(
        (*(hand.eq(0) for hand in hands), s.bv("trick").eq(0), (s.bv("won_ns") | s.bv("won_ew")).eq(PACK))
    )
    complete_trick = popcount(s.bv("trick")).eq(POSITIONS) & all_of(
        popcount(hand).eq(DEAL_TRICKS - 1 - tricks) for hand in hands
    )
    return all_of(
        (
            tricks.eq(DEAL_TRICKS).implies(over),
            ((tricks < DEAL_TRICKS) & (played < POSITIONS)).implies(_to_act(s).ne(0)),
            played.eq(POSITIONS).implies(complete_trick),
        )
    )


def _show_play_state(state: Mapping[str, int]) -> str:
    names = ("leader", "second", "third", "fourth")
    side = {0: "NS", 1: "EW"}.get(state["side"], f"side {state['side']}")
    hands = "; ".join(
        f"{name}: {_show_zone(state[hand])}" for name, hand in zip(names, PLAY_HANDS, strict=True)
    )
    return (
        f"[{_plural(state['tricks'], 'trick')} gathered, {_plural(state['played'], 'card')} on trick "
        f"{state['tricks'] + 1}, led by {side}; {hands}; trick: {_show_zone(state['trick'])}; "
        f"won by NS: {_show_zone(state['won_ns'])}; won by EW: {_show_zone(state['won_ew'])}]"
    )


def _show_play_choice(choice: Mapping[str, int]) -> str:
    return f"the player to act playing {_show_card(choice['card'])}"


def _show_gather_choice(choice: Mapping[str, int]) -> str:
    names = {0: "the leader", 1: "the second player", 2: "the third player", 3: "the fourth player"}
    winner = choice["winner"]
    return f"{names.get(winner, f'position {winner}')} winning the trick"


_PLAY_COUNTERS: Final = "counters in range"
_PLAY_PLACES: Final = "each card in exactly one of the seven places"


def _play_system(*, keep_in_hand: bool = False) -> TransitionSystem:
    """The play of a deal as a transition system (parts as in :func:`_deal_system`)."""
    return TransitionSystem(
        variables=(
            *(Var(zone, HAND_BITS) for zone in PLAY_ZONES),
            *ints("played", "tricks", "side"),
        ),
        inputs=(Var("card", _CARD_INDEX_BITS), *ints("winner")),
        init=_play_init,
        step=lambda before, choice: _play_step(before, choice, keep_in_hand=keep_in_hand),
        invariant=(
            Part(_PLAY_COUNTERS, _play_counters, assumes=(_PLAY_COUNTERS,)),
            Part("hand and trick sizes", _play_counts),
            Part(_PLAY_PLACES, _play_places, assumes=(_PLAY_COUNTERS, _PLAY_PLACES)),
        ),
        goal=_play_goal,
        show_state=_show_play_state,
        show_inputs=_show_play_choice,
    )


PLAY_SYSTEM: Final = _play_system()
"""The play of a deal: position ``j`` (variable ``position<j>``) sits ``j`` seats left of the leader."""

CARD_CONSERVATION: Final = inductive_claim(
    "felagsvist/card-conservation",
    (
        "felagsvist.invariant.card-conservation",
        "felagsvist.invariant.hand-sizes",
        "felagsvist.invariant.legal-set-nonempty",
        "felagsvist.play.trick-order",
    ),
    PLAY_SYSTEM,
    statement="From four dealt hands, every play of a held card (every legal play among them) and every "
    "trick gathered keep each card in exactly one of the four hands, the trick and the two won piles, "
    "and every hand at 14 - t cards before trick t (one fewer once it has played to the trick). So the "
    "player to act always holds a card, a complete trick has one card from each player, and after the "
    "13th trick every card is in a won pile.",
    wrong=inductive_claim(
        "felagsvist/card-conservation-played-card-stays-in-hand",
        (
            "felagsvist.invariant.card-conservation",
            "felagsvist.invariant.hand-sizes",
            "felagsvist.invariant.legal-set-nonempty",
            "felagsvist.play.trick-order",
        ),
        _play_system(keep_in_hand=True),
        statement="The same, when a played card stays in the hand until its trick is gathered.",
        engine=Engine.SMT_CORE,
    ),
    engine=Engine.SMT_CORE,
)


CLAIMS: Final[tuple[Claim, ...]] = (
    LEGAL_SET_NONEMPTY,
    LEAD_ANY,
    MUST_FOLLOW,
    VOID_ANY,
    LEGAL_SET_DEFINITION,
    TRICK_WINNER,
    DEAL_SCORE_SUM,
    TIE_DECIDED,
    ROUND_CYCLE,
    DEAL_ROTATION,
    ROUND_BALANCE,
    THIRTEEN_TRICKS,
    GAME_TOTAL,
    DEAL_DISTRIBUTION,
    CARD_CONSERVATION,
)
"""Every Félagsvist claim, in the order of the table."""
