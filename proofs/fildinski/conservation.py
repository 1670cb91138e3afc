"""Fildinski's cards over a deal: every card in exactly one zone, and how many each zone holds.

Both claims are inductive invariants of a deal under every option value.
fildinski/conservation proves fildinski.deck.composition, fildinski.deal.hands,
fildinski.deal.turn-up, fildinski.play.trick-cycle, fildinski.play.won-cards,
fildinski.play.draw-order, fildinski.meld.after-scoring, fildinski.dix.exchange,
fildinski.endgame.last-draw and fildinski.game.deal-end; fildinski/zone-sizes
proves fildinski.deal.hands, fildinski.play.trick-cycle,
fildinski.play.draw-order, fildinski.endgame.last-draw,
fildinski.endgame.trick-cycle and fildinski.game.deal-end.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Final

from proofs.claims import Family
from proofs.fildinski.model import (
    DEAL_TRICKS,
    DECK,
    HAND,
    ID_BITS,
    SEVEN,
    STOCK_TRICKS,
    SUIT_NAMES,
    ZONES,
    bit_of,
    is_trump_seven,
    partition,
    plural,
    show_card,
    show_cards,
    strength_of,
)
from proofs.induction import Move, Part, SymState, TransitionSystem, Var, inductive_member, ints
from proofs.z3facade import BitVec, Bool, Int, all_of, bv_val, int_val, ite

__all__ = ["CONSERVATION", "DEAL_SYSTEM", "SIZES_SYSTEM", "ZONE_SIZES", "indicator"]


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
    moves: list[Move] = []
    for p in (0, 1):
        moves += _trick_moves(before, choice, p)
        moves += _pile_moves(before, choice, p, leave_seven=leave_seven)
    phase, tricks, drawn = before.bv("phase"), before.bv("tricks"), before.bv("drawn")
    moves.append(
        Move(
            "the next trick begins",
            phase.eq(1) & tricks.ult(DEAL_TRICKS) & (drawn.eq(2) | tricks.ugt(STOCK_TRICKS)),
            before.updated({"phase": bv_val(0, 1), "drawn": bv_val(0, 2)}),
        )
    )
    return tuple(moves)


def _trick_moves(before: SymState, choice: SymState, p: int) -> tuple[Move, ...]:
    """Player ``p`` plays a card, wins the trick, or draws from the stock."""
    tricks, played, phase, drawn = (before.bv(name) for name in ("tricks", "played", "phase", "drawn"))
    card, up, stock = bit_of(choice.bv("card")), bit_of(before.bv("turnup")), before.bv("stock")
    hand, won = before.bv(f"hand{p}"), before.bv(f"won{p}")
    top = (card & stock).ne(0) & (card.ne(up) | stock.eq(up))
    held, trick = (hand & card).ne(0), before.bv("trick")
    return (
        Move(
            f"p{p} plays a card (fildinski.play.trick-cycle)",
            phase.eq(0) & played.ult(2) & tricks.ult(DEAL_TRICKS) & _to_act(before).eq(p) & held,
            before.updated(
                {f"hand{p}": hand & ~card, "trick": before.bv("trick") | card, "played": played + 1}
            ),
            show_inputs=_show_card_choice(f"p{p} plays"),
        ),
        Move(
            f"p{p} wins the trick (fildinski.play.won-cards)",
            phase.eq(0) & played.eq(2),
            before.updated(
                {
                    f"won{p}": won | trick,
                    "trick": bv_val(0, DECK),
                    "played": bv_val(0, 2),
                    "tricks": tricks + 1,
                    "phase": bv_val(1, 1),
                    "drawn": bv_val(0, 2),
                    "leader": bv_val(p, 1),
                }
            ),
        ),
        Move(
            f"p{p} draws (fildinski.play.draw-order)",
            _stock_phase_step(before) & drawn.ult(2) & _drawer(before).eq(p) & top,
            before.updated({f"hand{p}": hand | card, "stock": stock & ~card, "drawn": drawn + 1}),
            show_inputs=_show_card_choice(f"p{p} draws"),
        ),
    )


def _stock_phase_step(before: SymState) -> Bool:
    """Between the tricks of the stock phase (where draws, the dix and melds happen)."""
    return before.bv("phase").eq(1) & before.bv("tricks").ule(STOCK_TRICKS)


def _pile_moves(before: SymState, choice: SymState, p: int, *, leave_seven: bool) -> tuple[Move, ...]:
    """Player ``p`` exchanges a trump 7 for the turn-up (the dix) or retires a meld from the won pile."""
    leader, trump, turnup, stock = (before.bv(name) for name in ("leader", "trump", "turnup", "stock"))
    card, up = bit_of(choice.bv("card")), bit_of(turnup)
    hand, won, retired = before.bv(f"hand{p}"), before.bv(f"won{p}"), before.bv(f"retired{p}")
    # The dix needs a turn-up, which exists only while the stock is not empty.
    exchange = _stock_phase_step(before) & before.bv("drawn").eq(0) & stock.ne(0)
    exchange = exchange & leader.eq(p) & is_trump_seven(choice.bv("card"), trump)
    exchange = exchange & strength_of(turnup).ne(SEVEN)
    swapped = {"stock": (stock & ~up) | card, "turnup": choice.bv("card"), "exchanges": bv_val(1, 1)}
    meld = choice.bv("meld")
    return (
        Move(
            f"p{p} exchanges a trump 7 from hand (fildinski.dix.exchange, from_hand)",
            exchange & (hand & card).ne(0),
            before.updated({f"hand{p}": (hand & ~card) | up, **swapped}),
            show_inputs=_show_card_choice(f"p{p} exchanges"),
        ),
        Move(
            f"p{p} exchanges a trump 7 from the won pile (fildinski.dix.exchange, from_trick)",
            exchange & before.bv("exchanges").eq(0) & (won & card).ne(0),
            before.updated({f"won{p}": (won if leave_seven else won & ~card) | up, **swapped}),
            show_inputs=_show_card_choice(f"p{p} exchanges"),
        ),
        Move(
            f"p{p} retires a meld (fildinski.meld.after-scoring, removed)",
            before.bv("phase").eq(1) & leader.eq(p) & meld.ne(0) & (meld & ~won).eq(0),
            before.updated({f"won{p}": won & ~meld, f"retired{p}": retired | meld}),
            show_inputs=_show_meld_choice(p),
        ),
    )


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
    turnup = (s.bv("stock") & bit_of(s.bv("turnup"))).ne(0)
    return partition(zones) & empty & counters & turnup


def _deal_counters(s: SymState) -> Bool:
    tricks, played, phase, drawn = (s.bv(name) for name in ("tricks", "played", "phase", "drawn"))
    return all_of(
        (
            tricks.ule(DEAL_TRICKS),
            played.ule(2),
            phase.eq(0).implies(drawn.eq(0) & tricks.ult(DEAL_TRICKS)),
            phase.eq(1).implies(played.eq(0) & tricks.uge(1)),
            drawn.ule(2),
            tricks.ugt(STOCK_TRICKS).implies(drawn.eq(0)),
        )
    )


def _deal_places(s: SymState) -> Bool:
    return partition([s.bv(zone) for zone in ZONES])


def _deal_turnup(s: SymState) -> Bool:
    return s.bv("stock").ne(0).implies((s.bv("stock") & bit_of(s.bv("turnup"))).ne(0))


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
        f"turn-up {show_card(state['turnup'])}, trump {SUIT_NAMES[state['trump']]}, "
        f"{state['exchanges']} dix; {zones}; stock: {plural(state['stock'].bit_count(), 'card')}]"
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

_CONSERVATION: Final = Family(_CONSERVATION_IDS)

CONSERVATION: Final = inductive_member(
    _CONSERVATION,
    "fildinski/conservation",
    "From any deal of 8 + 8 cards and a 48-card stock holding the turn-up, every play of a held "
    "card, every trick won by either player, every draw (the turn-up last), every dix of either reading and "
    "every meld retired under melded_cards = removed keep each of the 64 ids in exactly one of the eight "
    "zones (so each kind has exactly two physical cards across them), keep the turn-up in a non-empty "
    "stock, and keep the zone sizes of Invariant 2: a player holds 8 cards at every stock-phase lead, "
    "32 - k after endgame trick k, and after trick 32 all 64 ids lie in won or retired zones.",
    DEAL_SYSTEM,
    wrong=inductive_member(
        _CONSERVATION,
        "fildinski/conservation-dix-seven-stays-won",
        "The same, when a from_trick dix puts the trump 7 under the stock but also leaves it in "
        "the won pile.",
        _deal_system(leave_seven=True),
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


def indicator(condition: Bool) -> Int:
    """1 when ``condition`` holds, else 0."""
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
    last_draw = STOCK_TRICKS - 1 if last_draw_early else STOCK_TRICKS
    moves: list[Move] = []
    for p in (0, 1):
        hand = f"hand{p}"
        actor = ite(played.eq(0), leader, 1 - leader)
        drawer = ite(drawn.eq(0), leader, 1 - leader)
        moves.append(
            Move(
                f"p{p} plays a card",
                phase.eq(0) & (played < 2) & (tricks < DEAL_TRICKS) & actor.eq(p) & (before[hand] >= 1),
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
            phase.eq(1) & (tricks < DEAL_TRICKS) & (drawn.eq(2) | (tricks > last_draw)),
            before.updated({"phase": int_val(0), "drawn": int_val(0)}),
        )
    )
    return tuple(moves)


def _sizes_init(s: SymState) -> Bool:
    start = {"hand0": HAND, "hand1": HAND, "stock": 48, "trick": 0, "table": 0}
    counters = all_of(s[name].eq(0) for name in ("tricks", "played", "phase", "drawn"))
    return all_of(s[name].eq(size) for name, size in start.items()) & counters & s["leader"].between(0, 1)


def _sizes_counters(s: SymState) -> Bool:
    tricks, played, phase, drawn = s["tricks"], s["played"], s["phase"], s["drawn"]
    return all_of(
        (
            tricks.between(0, DEAL_TRICKS),
            played.between(0, 2),
            phase.between(0, 1),
            drawn.between(0, 2),
            s["leader"].between(0, 1),
            phase.eq(0).implies(drawn.eq(0) & (tricks < DEAL_TRICKS)),
            phase.eq(1).implies(played.eq(0) & (tricks >= 1)),
            (tricks > STOCK_TRICKS).implies(drawn.eq(0)),
        )
    )


def _sizes_hold(s: SymState) -> Bool:
    """Invariant 2 of the specification, phase by phase."""
    tricks, played, phase, drawn, leader = (
        s[name] for name in ("tricks", "played", "phase", "drawn", "leader")
    )
    lead, other = _n_hand(s, leader), _n_hand(s, 1 - leader)
    stock_phase = tricks <= STOCK_TRICKS
    endgame_hand = DEAL_TRICKS - tricks
    at_lead = ite(tricks < STOCK_TRICKS, int_val(HAND), endgame_hand)
    playing = all_of(
        (
            s["stock"].eq(ite(stock_phase, 48 - 2 * tricks, int_val(0))),
            lead.eq(at_lead - indicator(played >= 1)),
            other.eq(at_lead - indicator(played >= 2)),
        )
    )
    between = all_of(
        (
            s["stock"].eq(ite(stock_phase, 50 - 2 * tricks - drawn, int_val(0))),
            lead.eq(ite(stock_phase, 7 + indicator(drawn >= 1), endgame_hand)),
            other.eq(ite(stock_phase, 7 + indicator(drawn >= 2), endgame_hand)),
        )
    )
    return s["trick"].eq(played) & s["table"].eq(2 * tricks) & ite(phase.eq(0), playing, between)


def _sizes_goal(s: SymState) -> Bool:
    tricks, played, phase = s["tricks"], s["played"], s["phase"]
    hands = s["hand0"], s["hand1"]
    lead = phase.eq(0) & played.eq(0)
    at_lead = lead.implies(
        hands[0].eq(hands[1]) & ((tricks < STOCK_TRICKS) | tricks.eq(STOCK_TRICKS)).implies(hands[0].eq(HAND))
    )
    endgame = (lead & (tricks >= STOCK_TRICKS)).implies(s["stock"].eq(0) & hands[0].eq(DEAL_TRICKS - tricks))
    over = (phase.eq(1) & tricks.eq(DEAL_TRICKS)).implies(
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

_SIZES: Final = Family(_SIZES_IDS)

ZONE_SIZES: Final = inductive_member(
    _SIZES,
    "fildinski/zone-sizes",
    "Counting the ids each move takes from one zone to another: after the draws of trick k <= 24 "
    "each hand holds 8 and the stock 48 - 2k; both hands are equal at every lead; the stock is empty from "
    "trick 25 on, when endgame trick k begins with 33 - k cards in each hand; after trick 32 hands, stock "
    "and trick are empty and all 64 ids lie in won or retired zones.",
    SIZES_SYSTEM,
    wrong=inductive_member(
        _SIZES,
        "fildinski/zone-sizes-draws-stop-after-trick-23",
        "The same, when the last draws come after trick 23 (the endgame checked one trick early).",
        _sizes_system(last_draw_early=True),
    ),
)
