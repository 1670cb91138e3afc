"""Backstab Fish's end count: every card is laid in the end, so the scores add up to ``D/4``.

backstab_fish/end-total proves backstab_fish.invariant.end-state,
backstab_fish.end.final-lay-down, backstab_fish.score.per-set and
backstab_fish.end.all-empty, per rank of every deck, after an all-empty or
sole-holder end.
"""

from __future__ import annotations

from typing import Final

from cardrules.cards import Rank
from proofs.backstab_fish.model import DECKS, SET, plural
from proofs.claims import Claim, Family
from proofs.z3facade import Bool, Int, Model, all_of, int_val, int_var, ite, sum_of

__all__ = ["END_TOTAL"]


# -- the end count ----------------------------------------------------------------------------

_RANKS: Final = 14
"""Thirteen ranks, and the jokers as a fourteenth (with no copies outside deck=double-jokers)."""


_END_TOTAL: Final = Family(
    (
        "backstab_fish.invariant.end-state",
        "backstab_fish.end.final-lay-down",
        "backstab_fish.score.per-set",
        "backstab_fish.end.all-empty",
    )
)


def _end_variables(name: str) -> tuple[Int, Int, list[Int], list[Int], list[Int], list[Int]]:
    """The end-count claim ``name``'s variables: deck, stock, and per rank held, laid, final and stalled."""
    deck = int_var(f"{name}:deck")
    stock = int_var(f"{name}:stock")
    held = [int_var(f"{name}:held{r}") for r in range(_RANKS)]
    laid = [int_var(f"{name}:laid{r}") for r in range(_RANKS)]
    final = [int_var(f"{name}:final{r}") for r in range(_RANKS)]
    spread = [int_var(f"{name}:stalled{r}") for r in range(_RANKS)]
    return deck, stock, held, laid, final, spread


def _copies(deck: Int, rank: int) -> Int:
    """C_r: the copies of ``rank`` in the deck numbered ``deck``."""
    value = int_val(0)
    for number, shape in enumerate(DECKS):
        here = shape.copies[rank] if rank < len(shape.copies) else 0
        value = ite(deck.eq(number), int_val(here), value)
    return value


def _end_total_claim(name: str, statement: str, *, final_lay_down: bool, wrong: Claim | None = None) -> Claim:
    """Per rank, after an all-empty or sole-holder end, and after a stall end.

    The variables are the deck (a number into :data:`DECKS`), for each rank
    the cards outside laid sets (``held``, in the stock and the hands) and the
    sets laid before the end, and the sets the final lay-down lays. Their
    premise is what :data:`CONSERVATION` and :data:`RANK_MULTIPLES` prove for
    every rank: held + 4 x laid sets = C_r.
    """

    def build() -> Bool:
        deck, stock, held, laid, final, spread = _end_variables(name)
        sets = int_val(0)
        for number, shape in enumerate(DECKS):
            sets = ite(deck.eq(number), int_val(shape.sets), sets)
        premise = all_of(
            (
                deck.between(0, len(DECKS) - 1),
                *(
                    held[r].between(0, _copies(deck, r))
                    & (laid[r] >= 0)
                    & (held[r] + SET * laid[r]).eq(_copies(deck, r))
                    for r in range(_RANKS)
                ),
            )
        )
        # An all-empty or sole-holder end: the stock is empty and one hand (or none) holds the
        # held cards; the final lay-down lays count div 4 sets of each rank, or none when off.
        if final_lay_down:
            lays = all_of(SET * final[r] <= held[r] for r in range(_RANKS)) & all_of(
                held[r] < SET * final[r] + SET for r in range(_RANKS)
            )
        else:
            lays = all_of(final[r].eq(0) for r in range(_RANKS))
        total = sum_of(laid[r] + final[r] for r in range(_RANKS))
        everything_laid = all_of((held[r] - SET * final[r]).eq(0) for r in range(_RANKS))
        sole_holder = (premise & stock.eq(0) & lays).implies(total.eq(sets) & everything_laid)
        # A stall end: the held cards are spread over hands and stock; a player lays at most
        # what their own hand holds, so at most count div 4 sets of each rank are laid in all.
        spread_lay = all_of((spread[r] >= 0) & (SET * spread[r] <= held[r]) for r in range(_RANKS))
        stall_total = sum_of(laid[r] + spread[r] for r in range(_RANKS))
        stalled = (premise & spread_lay).implies(stall_total <= sets)
        return sole_holder & stalled

    def describe(model: Model) -> str:
        deck, stock, held, laid, final, spread = _end_variables(name)
        number = model.int_value(deck)
        shape = DECKS[number] if 0 <= number < len(DECKS) else None
        names = [Rank(r + 2).label for r in range(13)] + ["joker"]
        rows = []
        for r in range(_RANKS):
            h, lr, f = model.int_value(held[r]), model.int_value(laid[r]), model.int_value(final[r])
            if h or lr or f:
                rows.append(f"{names[r]}: {h} in hand, {plural(lr, 'set')} laid, {f} laid at the end")
        total = sum(model.int_value(laid[r]) + model.int_value(final[r]) for r in range(_RANKS))
        deck_name = shape.option if shape else str(number)
        sets = shape.sets if shape else "?"
        spread_total = sum(model.int_value(laid[r]) + model.int_value(spread[r]) for r in range(_RANKS))
        return (
            f"deck={deck_name} ({sets} sets), stock {model.int_value(stock)}; "
            + "; ".join(rows)
            + f"; total score {total} after a sole-holder end ({spread_total} after a stall end)"
        )

    return _END_TOTAL.claim(name, statement, build, wrong=wrong, describe=describe)


END_TOTAL: Final = _end_total_claim(
    "backstab_fish/end-total",
    "For every deck, after an all-empty or sole-holder end and the final lay-down every card lies in "
    "a laid set and the scores add up to D/4 (26, 27 or 13); after a stall end they add up to at most D/4.",
    final_lay_down=True,
    wrong=_end_total_claim(
        "backstab_fish/end-total-without-final-lay-down",
        "The same under final_lay_down=off.",
        final_lay_down=False,
    ),
)
