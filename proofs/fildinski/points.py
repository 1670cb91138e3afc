"""Fildinski's card points over a deal, as an inductive invariant.

fildinski/card-points proves fildinski.score.brisques,
fildinski.score.trump-seven and fildinski.score.last-trick over every order of
play, every trick winner and both values of ``trump_seven_points`` and
``last_trick_bonus``, with and without a ``from_trick`` exchange.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Final

from proofs.claims import Family
from proofs.fildinski.model import (
    ALL_CARDS,
    BRISQUE,
    DEAL_TRICKS,
    DECK,
    ID_BITS,
    LAST_TRICK,
    SEVEN,
    SEVEN_IDS,
    STOCK_TRICKS,
    SUIT_NAMES,
    TEN,
    TRUMP_SEVEN,
    is_brisque,
    plural,
    show_card,
    show_cards,
    strength_of,
    strength_of_id,
    suit_of_id,
)
from proofs.induction import Move, Part, SymState, TransitionSystem, Var, inductive_member, ints
from proofs.z3facade import BitVec, Bool, Engine, Int, all_of, bv_val, int_val, ite, onehot, popcount, sum_of

__all__ = ["CARD_POINTS", "POINTS_SYSTEM"]


_SPEC_LAST_TRICK: Final = 10
"""The last-trick bonus as fildinski.score.last-trick writes it: the goal reads this number,
not the model's :data:`~proofs.fildinski.model.LAST_TRICK`, so a wrong bonus in the model is refuted."""

_GHOST: Final = DECK
"""Id 64 of the points model: the second play of the trump 7 a ``from_trick`` dix returns to the stock."""
_PLAYS: Final = DECK + 1
_NOT_SEVENS: Final = tuple(card for card in range(DECK) if strength_of_id(card) != SEVEN)


def _brisque_sum(cards: BitVec) -> Int:
    return sum_of(ite(cards.bit(i), int_val(BRISQUE), int_val(0)) for i in range(DECK) if is_brisque(i))


def _seven_sum(cards: BitVec, trump: BitVec) -> Int:
    sevens = [
        ite(cards.bit(i) & trump.eq(suit_of_id(i)), int_val(TRUMP_SEVEN), int_val(0)) for i in SEVEN_IDS
    ]
    return sum_of((*sevens, ite(cards.bit(_GHOST), int_val(TRUMP_SEVEN), int_val(0))))


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
        (played < 2) & (tricks < DEAL_TRICKS) & choice.bv("card").ule(_GHOST) & (unplayed & card).ne(0),
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
    bonus_trick = ite(before["final"].eq(1), int_val(DEAL_TRICKS), int_val(STOCK_TRICKS))
    bonus = ite((tricks + 1).eq(bonus_trick), int_val(LAST_TRICK), int_val(0))
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
        & tricks.between(1, STOCK_TRICKS)
        & turnup.ult(DECK)
        & strength_of(turnup.resize(ID_BITS)).ne(SEVEN)
        & (unplayed & card).ne(0),
        before.updated(
            {
                "unplayed": (unplayed | bv_val(1 << _GHOST, _PLAYS)) & ~card,
                "exchanged": int_val(1),
                "lost": ite(strength_of(turnup.resize(ID_BITS)).uge(TEN), int_val(BRISQUE), int_val(0)),
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
            tricks.between(0, DEAL_TRICKS),
            played.between(0, 2),
            tricks.eq(DEAL_TRICKS).implies(played.eq(0)),
            s["leader"].between(0, 1),
            s["captured"].between(0, 1),
            s["final"].between(0, 1),
            s["exchanged"].between(0, 1),
            s["lost"].eq(0) | (s["exchanged"].eq(1) & s["lost"].eq(BRISQUE)),
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
    bonus_trick = ite(s["final"].eq(1), int_val(DEAL_TRICKS), int_val(STOCK_TRICKS))
    return all_of(
        (
            (s["brisques"] + _brisque_sum(trick) + _brisque_sum(unplayed)).eq(160 - s["lost"]),
            (s["sevens"] + pending_sevens + _seven_sum(unplayed, trump)).eq(20 + 10 * s["exchanged"]),
            (s["points0"] + s["points1"]).eq(s["brisques"] + s["sevens"]),
            s["bonus"].eq(ite(s["tricks"] >= bonus_trick, int_val(LAST_TRICK), int_val(0))),
        )
    )


def _points_goal(s: SymState) -> Bool:
    total = s["points0"] + s["points1"]
    return (
        s["tricks"]
        .eq(DEAL_TRICKS)
        .implies(
            all_of(
                (
                    s.bv("unplayed").eq(0),
                    s["brisques"].eq(160 - s["lost"]),
                    s["sevens"].eq(20 + 10 * s["exchanged"]),
                    s["exchanged"].eq(0).implies(total.eq(180) & s["brisques"].eq(160) & s["sevens"].eq(20)),
                    total.eq(180) | total.eq(190),
                    s["bonus"].eq(_SPEC_LAST_TRICK),
                )
            )
        )
    )


def _show_points(state: Mapping[str, int]) -> str:
    unplayed = state["unplayed"]
    ghost = " and the exchanged 7's second play" if unplayed >> _GHOST & 1 else ""
    return (
        f"[{state['tricks']} tricks won, {state['played']} on the trick, "
        f"trump {SUIT_NAMES[state['trump']]}, "
        f"trump_seven_points {'captured' if state['captured'] else 'played'}, last_trick_bonus "
        f"{'final' if state['final'] else 'stock_end'}, {state['exchanged']} from_trick dix (turn-up worth "
        f"{state['lost']}); points p0 {state['points0']}, p1 {state['points1']} "
        f"(brisques {state['brisques']}, trump 7s {state['sevens']}, last trick {state['bonus']}); "
        f"trick: {show_cards(state['trick'] & ALL_CARDS)}; "
        f"still to be played: {plural((unplayed & ALL_CARDS).bit_count(), 'card')}{ghost}]"
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

_POINTS: Final = Family(_POINTS_IDS, engine=Engine.SMT_CORE)

CARD_POINTS: Final = inductive_member(
    _POINTS,
    "fildinski/card-points",
    "Over every order of play, every trick winner, every trump and both values of "
    "trump_seven_points and last_trick_bonus, the card points of a deal (both players together) are "
    "brisques 160 + trump 7s 20 = 180, plus exactly one last-trick bonus of 10 (on trick 32, or 24 under "
    "stock_end), so 190 in all; after a from_trick dix they are 190, or 180 when the former turn-up "
    "was an A or a 10.",
    POINTS_SYSTEM,
    wrong=inductive_member(
        _POINTS,
        "fildinski/card-points-seven-both-ways",
        "The same, when a trump 7 scores for its player and again for the trick's winner.",
        _points_system(both_ways=True),
    ),
)
