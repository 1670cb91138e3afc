"""Fildinski's melds: how many points they can give in a deal, and the bezique pair.

fildinski/meld-bound proves fildinski.meld.kinds and
fildinski.meld.same-kind-once (at most 1840 meld points);
fildinski/meld-bound-fresh-card proves fildinski.meld.fresh-card,
fildinski.meld.per-step and fildinski.meld.class-order (at most 1780 under the
fresh-card rule); fildinski/meld-per-step proves fildinski.meld.per-step and
fildinski.meld.fresh-card; fildinski/bezique-pair proves
fildinski.meld.bezique-pair.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from proofs.claims import Family, Obligation
from proofs.fildinski.model import (
    CLUBS,
    DEAL_TRICKS,
    DECK,
    DIAMONDS,
    HEARTS,
    ID_BITS,
    JACK,
    MELD_VALUES,
    QUEEN,
    SPADES,
    SUIT_LETTERS,
    SUIT_NAMES,
    bit_of,
    holds_card,
    rank_mask,
    show_card,
    suit_mask,
)
from proofs.z3facade import (
    BitVec,
    Bool,
    Int,
    Model,
    all_of,
    any_of,
    bool_val,
    bv_val,
    bv_var,
    int_var,
    ite,
    sum_of,
)

__all__ = [
    "BEZIQUE_PAIR",
    "MELD_BOUND",
    "MELD_BOUND_FRESH",
    "MELD_PER_STEP",
    "bezique_masks",
    "describe_marriages",
    "marriage_lemma",
]


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


def _bound_formula(*, skip: str = "") -> Bool:
    counts = _meld_counts()
    return _capacities(counts, skip=skip).implies(_meld_total(counts) <= 1840)


_BOUND: Final = Family(("fildinski.meld.kinds", "fildinski.meld.same-kind-once"), _describe_counts)

MELD_BOUND: Final = _BOUND.claim(
    "fildinski/meld-bound",
    "Since melds of one kind never share a card, a deal has at most 2 trump sequences, 2 of each four of a "
    "rank, 2 royal marriages, 6 common marriages, 2 beziques and 1 double bezique, so the meld points of "
    "both players together are at most 1840 (the bound under meld_needs_trick_card = false).",
    lambda: _bound_formula(),
    wrong=_BOUND.claim(
        "fildinski/meld-bound-reusing-aces",
        "The same bound, if the cards of a four-aces meld could score that kind again "
        "(same-kind-once not applied to it).",
        lambda: _bound_formula(skip="four aces"),
    ),
)


# The fresh-card rule: a meld is made in the step in which the last of its cards reaches the won pile.

_ARRIVAL_LOW, _ARRIVAL_HIGH = 1, DEAL_TRICKS


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


_KINGS: Final = tuple(f"K{SUIT_LETTERS[s]}#{c}" for s in range(4) for c in (1, 2))
_QUEENS: Final = tuple(f"Q{SUIT_LETTERS[s]}#{c}" for s in range(4) for c in (1, 2))


def _pairing(suit: int) -> Bool:
    return int_var(f"pairing in {SUIT_NAMES[suit]}").eq(1)


def _latest(name: str, cards: Sequence[str]) -> tuple[Int, Bool]:
    """A variable for the latest arrival among ``cards``, and the constraint that makes it so."""
    latest = int_var(name)
    arrivals = [_arrival(card) for card in cards]
    return latest, all_of(latest >= a for a in arrivals) & any_of(latest.eq(a) for a in arrivals)


def marriage_lemma(*, per_step: bool = True) -> Bool:
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
    facts.extend(int_var(f"pairing in {SUIT_NAMES[s]}").between(0, 1) for s in range(4))
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


def describe_marriages(model: Model) -> str:
    """The counterexample of the marriage lemma: the trick after which each king and queen arrives."""
    arrivals = ", ".join(f"{card} {model.int_value(_arrival(card))}" for card in (*_KINGS, *_QUEENS))
    return f"arrival tricks: {arrivals}"


def _fresh_bound(counts: Mapping[str, Int]) -> Bool:
    not_all_bezique = ~(counts["bezique"].eq(2) & counts["double bezique"].eq(1))
    not_all_marriages = ~all_of(
        counts[kind].eq(n)
        for kind, n in (("common marriage", 6), ("royal marriage", 2), ("four kings", 2), ("four queens", 2))
    )
    return (_capacities(counts) & not_all_bezique & not_all_marriages).implies(_meld_total(counts) <= 1780)


def _fresh_obligations(*, per_step: bool) -> tuple[Obligation, ...]:
    return (
        Obligation("(a) beziques", _bezique_lemma(per_step=per_step), _describe_bezique),
        Obligation("(b) marriages", marriage_lemma(per_step=per_step), describe_marriages),
        Obligation("(c) the bound", _fresh_bound(_meld_counts()), _describe_counts),
    )


_FRESH: Final = Family(
    ("fildinski.meld.fresh-card", "fildinski.meld.per-step", "fildinski.meld.class-order"), _describe_counts
)

MELD_BOUND_FRESH: Final = _FRESH.claim(
    "fildinski/meld-bound-fresh-card",
    "Under meld_needs_trick_card = true a meld is made in the step in which the last of its cards reaches "
    "the won pile, and melds of one step share no card; so (a) both beziques and the double bezique never "
    "all score, (b) the 8 marriages, both four-kings and both four-queens melds never all score, for every "
    "order in which the cards arrive; and (c) with the same-kind limits the meld points of a deal are at "
    "most 1840 - 40 - 20 = 1780, whatever the other options.",
    lambda: _fresh_obligations(per_step=True),
    wrong=_FRESH.claim(
        "fildinski/meld-bound-fresh-card-shared-step",
        "The same, if the melds of one step could share a card.",
        lambda: _fresh_obligations(per_step=False),
    ),
)


def _describe_step(model: Model, melds: int) -> str:
    fresh = [model.bv_value(bv_var(f"fresh {i}", ID_BITS)) for i in (1, 2)]
    used = [
        show_card(model.bv_value(bv_var(f"fresh card of meld {i}", ID_BITS))) for i in range(1, melds + 1)
    ]
    shown = "; ".join(f"meld {i + 1} holds {card}" for i, card in enumerate(used))
    return f"fresh cards (the trick just won): {show_card(fresh[0])} and {show_card(fresh[1])}; {shown}"


def _per_step_formula(*, melds: int) -> Bool:
    """Melds as sets of ids, each holding a fresh card it names, pairwise disjoint."""
    fresh = [bv_var(f"fresh {i}", ID_BITS) for i in (1, 2)]
    sets = [bv_var(f"meld {i}", DECK) for i in range(1, melds + 1)]
    held = [bv_var(f"fresh card of meld {i}", ID_BITS) for i in range(1, melds + 1)]
    disjoint = all_of((sets[i] & sets[j]).eq(0) for i in range(melds) for j in range(i + 1, melds))
    each_fresh = all_of(
        (held[i].eq(fresh[0]) | held[i].eq(fresh[1])) & holds_card(sets[i], held[i]) for i in range(melds)
    )
    return ~(fresh[0].ne(fresh[1]) & disjoint & each_fresh)


_PER_STEP: Final = Family(
    ("fildinski.meld.per-step", "fildinski.meld.fresh-card"), lambda model: _describe_step(model, 3)
)

MELD_PER_STEP: Final = _PER_STEP.claim(
    "fildinski/meld-per-step",
    "Under the fresh-card rule no step holds three melds: three pairwise disjoint sets of ids cannot each "
    "contain one of the trick's two cards.",
    lambda: _per_step_formula(melds=3),
    wrong=_PER_STEP.claim(
        "fildinski/meld-per-step-one",
        "The same for two melds (as if the fresh-card rule allowed only one meld a step).",
        lambda: _per_step_formula(melds=2),
        describe=lambda model: _describe_step(model, 2),
    ),
)


# -- the bezique pair ---------------------------------------------------------------

_QUEEN_KIND_STANDARD, _JACK_KIND_STANDARD = 8 * SPADES + QUEEN, 8 * DIAMONDS + JACK
_QUEEN_KIND_VARIANT, _JACK_KIND_VARIANT = 8 * HEARTS + QUEEN, 8 * CLUBS + JACK


def bezique_masks(trump: BitVec, variant: Bool, *, every_trump: bool = False) -> tuple[BitVec, BitVec]:
    """The ids of the bezique queens and jacks, from the suit masks (fildinski.meld.bezique-pair)."""
    switched = variant if every_trump else variant & (trump.eq(DIAMONDS) | trump.eq(SPADES))
    queens = ite(
        switched,
        bv_val(rank_mask(QUEEN) & suit_mask(HEARTS), DECK),
        bv_val(rank_mask(QUEEN) & suit_mask(SPADES), DECK),
    )
    jacks = ite(
        switched,
        bv_val(rank_mask(JACK) & suit_mask(CLUBS), DECK),
        bv_val(rank_mask(JACK) & suit_mask(DIAMONDS), DECK),
    )
    return queens, jacks


def _is_bezique(cards: BitVec, queens: BitVec, jacks: BitVec) -> Bool:
    """One queen and one jack of the pair, nothing else: the bezique row of the meld table."""

    def one_of(mask: BitVec) -> Bool:
        part = cards & mask
        return part.ne(0) & (part & (part - 1)).eq(0)

    return (cards & ~(queens | jacks)).eq(0) & one_of(queens) & one_of(jacks)


def _describe_bezique_pair(model: Model) -> str:
    a, b = (model.bv_value(bv_var(n, ID_BITS)) for n in ("id_a", "id_b"))
    trump = model.bv_value(bv_var("trump", 2))
    variant = model.bool_value(bv_var("klaverjas_hartendame", 1).eq(1))
    option = "klaverjas_hartendame" if variant else "standard"
    return f"bezique_pair = {option}, trump {SUIT_NAMES[trump]}: cards {show_card(a)} and {show_card(b)}"


def _bezique_formula(*, every_trump: bool) -> Bool:
    a, b = bv_var("id_a", ID_BITS), bv_var("id_b", ID_BITS)
    trump, variant = bv_var("trump", 2), bv_var("klaverjas_hartendame", 1).eq(1)
    queens, jacks = bezique_masks(trump, variant, every_trump=every_trump)
    switched = variant & (trump.eq(DIAMONDS) | trump.eq(SPADES))
    queen = ite(switched, bv_val(_QUEEN_KIND_VARIANT, 5), bv_val(_QUEEN_KIND_STANDARD, 5))
    jack = ite(switched, bv_val(_JACK_KIND_VARIANT, 5), bv_val(_JACK_KIND_STANDARD, 5))
    kind_a, kind_b = a.lshr(1).resize(5), b.lshr(1).resize(5)
    stated = (kind_a.eq(queen) & kind_b.eq(jack)) | (kind_a.eq(jack) & kind_b.eq(queen))
    double = bit_of(a) | bit_of(b)
    return a.ne(b).implies(_is_bezique(double, queens, jacks).iff(stated))


_BEZIQUE: Final = Family(("fildinski.meld.bezique-pair",), _describe_bezique_pair)

BEZIQUE_PAIR: Final = _BEZIQUE.claim(
    "fildinski/bezique-pair",
    "For both bezique_pair values and every trump, two distinct cards make a bezique exactly when they are "
    "one card of each stated kind: QS and JD, or QH and JC under klaverjas_hartendame with diamonds or "
    "spades trump.",
    lambda: _bezique_formula(every_trump=False),
    wrong=_BEZIQUE.claim(
        "fildinski/bezique-pair-under-every-trump",
        "The same, if klaverjas_hartendame switched the pair under every trump.",
        lambda: _bezique_formula(every_trump=True),
    ),
)
