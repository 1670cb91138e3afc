"""Félagsvist's cards: where each of the 52 is during the deal and the play.

Both claims are inductive invariants over sets of cards. felagsvist/deal-distribution
proves felagsvist.deal.distribution (and felagsvist.invariant.card-conservation
while dealing) for every order of the pack; felagsvist/card-conservation proves
felagsvist.invariant.card-conservation, felagsvist.invariant.hand-sizes,
felagsvist.invariant.legal-set-nonempty and felagsvist.play.trick-order for
every card played and every trick winner.

Where the cards are is a handful of 52-bit sets; how many a hand holds is an
integer (popcount). Hands are numbered by position: in the deal from the
dealer's left (receiver 0 gets the first card), in the play from the leader of
the current trick (position 0 leads). The first leader is the dealer's left
(felagsvist.play.first-lead), so at the first trick the two numberings agree,
and the deal claim's goal is word for word the play claim's starting point.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Final

from cardrules.cards import cards_in, format_cards
from proofs.claims import Family
from proofs.felagsvist.model import DEAL_TRICKS, HAND_BITS, PACK, plural, show_card
from proofs.induction import Move, Part, SymState, TransitionSystem, Var, inductive_member, ints
from proofs.z3facade import BitVec, Bool, Engine, Int, all_of, bv_val, int_val, ite, onehot, popcount

__all__ = [
    "CARD_CONSERVATION",
    "DEAL_DISTRIBUTION",
    "DEAL_HANDS",
    "DEAL_SYSTEM",
    "PLAY_HANDS",
    "PLAY_SYSTEM",
    "PLAY_ZONES",
    "POSITIONS",
    "dealt",
]


POSITIONS: Final = 4
"""Players, and so hands, in a deal."""
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
    cards = list(cards_in(mask & PACK))
    if len(cards) <= DEAL_TRICKS:
        return f"{len(cards)} ({format_cards(cards) or '-'})"
    return f"{len(cards)} ({format_cards(cards[:6])} ... {format_cards(cards[-3:])})"


def _show_card_choice(choice: Mapping[str, int]) -> str:
    return show_card(choice["card"])


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
    return f"[{plural(done, 'card')} dealt, receiver {state['next']} next; {hands}; pile: {pile}]"


def _show_deal_choice(choice: Mapping[str, int]) -> str:
    return f"dealing {show_card(choice['card'])} from the pile"


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

_DISTRIBUTION: Final = Family(
    ("felagsvist.deal.distribution", "felagsvist.invariant.card-conservation"), engine=Engine.SMT_CORE
)

DEAL_DISTRIBUTION: Final = inductive_member(
    _DISTRIBUTION,
    "felagsvist/deal-distribution",
    "Dealing a shuffled pack one card at a time clockwise from the dealer's left, in any of "
    "the 52! orders, keeps every card in exactly one hand or the pile, and ends with four disjoint "
    "13-card hands that make up the pack.",
    DEAL_SYSTEM,
    wrong=inductive_member(
        _DISTRIBUTION,
        "felagsvist/deal-leaves-the-card-in-the-pile",
        "The same, when a dealt card also stays in the pile.",
        _deal_system(copy=True),
    ),
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
        f"[{plural(state['tricks'], 'trick')} gathered, {plural(state['played'], 'card')} on trick "
        f"{state['tricks'] + 1}, led by {side}; {hands}; trick: {_show_zone(state['trick'])}; "
        f"won by NS: {_show_zone(state['won_ns'])}; won by EW: {_show_zone(state['won_ew'])}]"
    )


def _show_play_choice(choice: Mapping[str, int]) -> str:
    return f"the player to act playing {show_card(choice['card'])}"


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

_CONSERVATION: Final = Family(
    (
        "felagsvist.invariant.card-conservation",
        "felagsvist.invariant.hand-sizes",
        "felagsvist.invariant.legal-set-nonempty",
        "felagsvist.play.trick-order",
    ),
    engine=Engine.SMT_CORE,
)

CARD_CONSERVATION: Final = inductive_member(
    _CONSERVATION,
    "felagsvist/card-conservation",
    "From four dealt hands, every play of a held card (every legal play among them) and every "
    "trick gathered keep each card in exactly one of the four hands, the trick and the two won piles, "
    "and every hand at 14 - t cards before trick t (one fewer once it has played to the trick). So the "
    "player to act always holds a card, a complete trick has one card from each player, and after the "
    "13th trick every card is in a won pile.",
    PLAY_SYSTEM,
    wrong=inductive_member(
        _CONSERVATION,
        "felagsvist/card-conservation-played-card-stays-in-hand",
        "The same, when a played card stays in the hand until its trick is gathered.",
        _play_system(keep_in_hand=True),
    ),
)
