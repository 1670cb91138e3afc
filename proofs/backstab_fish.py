"""Backstab Fish in Z3: card conservation, the legal asks, the end count, termination and a loop.

Every claim here holds for *all* values of its variables, not a sample:

- **A turn in counts.** :data:`TURN_SYSTEM` is one turn of the game
  (backstab_fish.turn.sequence: the ask, the answer, the lay-down, the refills,
  the end check and the next player) over card counts, for every number of
  players from 4 to 10 (seats at or past ``players`` stay empty), every deck,
  every option and every choice. Only ranks matter in this game, so it follows
  one *tracked* rank through the hands (``hand<j>``), the stock (``stock_r``)
  and the laid sets (``laid<j>``, in cards), next to the totals (``size<j>``,
  ``stock``, ``sets<j>``). Any rank can be the tracked one, so what is proved
  for it holds for every rank. The other ranks are lumped together and the
  model lets them move in any way the counts allow (it may hand over any
  number of them, say): it allows more than the rules do, which is sound for
  every claim proved over it. The inductive claims over it prove card
  conservation, rank multiples and a legal ask in every state of play.
- **Termination over abstract counts.** :data:`TERMINATION_SYSTEM` keeps only the
  stock size, the sets not yet laid, the stall count and the turn count. A turn
  of the game is a turn of that system (claim ``backstab_fish/turn-abstraction``
  over :data:`TURN_SYSTEM`), the ranking ``(stock, D/4 - laid sets, K - stall)``
  falls on every turn, and the number of turns is at most ``(S0 + D/4 + 1) x K``.
- **The end count.** Per rank of every deck, the final lay-down after an
  all-empty or sole-holder end lays every card, so the scores add up to ``D/4``.
- **The literal game need not end.** :data:`LITERAL_GAME_ENDS` says that, without
  the stall limit, no position ever comes back within two turns of the deal.
  It is *expected to be refuted*: z3 finds a deal and two asks after which the
  position is the same again, so the literal game can repeat them for ever. Its
  companion, the same search with the stall count in the position, is proved.

The model does not import the engine. The refinement tests
(``tests/test_backstab_fish_proofs.py``) read engine states as the model's
variables and check that every turn the engine plays is a move of the model.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from cardrules.cards import Rank
from proofs.claims import Claim
from proofs.induction import Move, Part, SymState, TransitionSystem, Var, inductive_claim, ints
from proofs.z3facade import (
    Bool,
    Int,
    Model,
    all_of,
    any_of,
    bool_val,
    count,
    int_val,
    int_var,
    ite,
    product,
    sum_of,
)

__all__ = [
    "CLAIMS",
    "CONSERVATION",
    "DECKS",
    "END_TOTAL",
    "INPUTS",
    "LASSO_COPIES",
    "LASSO_HAND",
    "LASSO_PLAYERS",
    "LASSO_RANKS",
    "LASSO_TURNS",
    "LEGAL_ASK",
    "LITERAL_GAME_ENDS",
    "MAX_COPIES",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "OPTION_VARS",
    "RANKING",
    "RANK_MULTIPLES",
    "REFILL",
    "SEAT_VARS",
    "SET",
    "TERMINATION_BOUND",
    "TERMINATION_SYSTEM",
    "TURN_ABSTRACTION",
    "TURN_SYSTEM",
    "DeckShape",
    "LassoModel",
    "ask_is_legal",
    "describe_lasso",
    "lasso_model",
    "seat_var",
    "turn_system",
]

MIN_PLAYERS: Final = 4
"""The fewest players (backstab_fish.setup.players)."""
MAX_PLAYERS: Final = 10
"""The most players; the turn model has this many seats, those past ``players`` empty."""
REFILL: Final = 7
"""backstab_fish.refill.seven: an emptied hand draws this many cards (or what is left)."""
SET: Final = 4
"""The cards of one rank in a set."""
MAX_COPIES: Final = 8
"""The most copies any rank has in any deck, so the largest count an ask can name."""


@dataclass(frozen=True, slots=True)
class DeckShape:
    """A deck option as counts: its size, its ranks and the copies of each (backstab_fish.setup.deck)."""

    option: str
    size: int
    copies: tuple[int, ...]

    @property
    def sets(self) -> int:
        """``D/4``: the number of sets the deck holds."""
        return self.size // SET


DECKS: Final[tuple[DeckShape, ...]] = (
    DeckShape("double", 104, (8,) * 13),
    DeckShape("double-jokers", 108, (*(8,) * 13, 4)),
    DeckShape("single", 52, (4,) * 13),
)
"""The three decks of backstab_fish.setup.deck; the jokers are a fourteenth rank of four."""


def _plural(number: int, noun: str) -> str:
    return f"{number} {noun}" if number == 1 else f"{number} {noun}s"


# -- one turn over card counts --------------------------------------------------------

OPTION_VARS: Final = ("players", "deck", "copies", "give_all", "empty_ok", "compulsory", "limit")
"""The options as variables: ``copies`` is the tracked rank's C_r, ``limit`` is K (0 for none)."""
SEAT_VARS: Final = ("hand", "size", "laid", "sets")
"""Per seat: tracked cards in hand, all cards in hand, tracked cards laid, sets laid."""
_GLOBAL_VARS: Final = ("stock", "stock_r", "turn", "stall", "over")
INPUTS: Final = (
    "target",
    "tracked",
    "count",
    "moved",
    "drawn_r",
    "refill_t",
    "lay_r",
    "lay_o",
    "refill_p",
    "next",
)
"""A turn's choices: the ask (target, whether the tracked rank is asked, count), the cards handed
over, the tracked cards among those drawn (on go fish, in T's refill, in P's refill), the sets laid
(of the tracked rank, of other ranks) and the next player (backstab_fish.turn.skip-empty)."""


def seat_var(name: str, seat: int) -> str:
    """The name of a per-seat variable (``hand3``)."""
    return f"{name}{seat}"


_SEATS: Final = range(MAX_PLAYERS)


def _at(s: SymState, name: str, seat: Int) -> Int:
    """The per-seat variable ``name`` of the seat ``seat`` (a term)."""
    value: Int = s[seat_var(name, MAX_PLAYERS - 1)]
    for j in reversed(range(MAX_PLAYERS - 1)):
        value = ite(seat.eq(j), s[seat_var(name, j)], value)
    return value


def _total(s: SymState, name: str) -> Int:
    return sum_of(s[seat_var(name, j)] for j in _SEATS)


def _holders(sizes: Sequence[Int]) -> Int:
    return count(size > 0 for size in sizes)


def _draw_ok(tracked: Int, drawn: Int, stock: Int, stock_r: Int) -> Bool:
    """``drawn`` cards come off the stock, ``tracked`` of them of the tracked rank: any the stock allows."""
    return all_of((tracked.between(0, drawn), tracked <= stock_r, drawn - tracked <= stock - stock_r))


def _up_to_refill(stock: Int) -> Int:
    return ite(stock < REFILL, stock, int_val(REFILL))


def _clockwise_before(start: Int, stop: Int, seat: int) -> Bool:
    """Seat ``seat`` lies in ``start, start + 1, ...`` strictly before ``stop`` (going round once)."""
    return ite(stop >= start, (start <= seat) & (stop > seat), (start <= seat) | (stop > seat))


def ask_is_legal(s: SymState, target: Int, tracked: Int, asked: Int) -> Bool:
    """backstab_fish.ask.target, ask.rank and ask.count for the player to act, over counts.

    ``tracked`` is 1 when the tracked rank is asked, 0 when another rank is
    (which P must hold some card of). The count of another rank is bounded by 8,
    the most copies any rank has.
    """
    player = s["turn"]
    hand, size = _at(s, "hand", player), _at(s, "size", player)
    is_tracked = tracked.eq(1)
    return all_of(
        (
            target.between(0, s["players"] - 1),
            target.ne(player),
            s["empty_ok"].eq(1) | (_at(s, "size", target) > 0),
            tracked.between(0, 1),
            is_tracked.implies(hand >= 1),
            (~is_tracked).implies(size - hand >= 1),
            asked.between(1, MAX_COPIES),
            is_tracked.implies(asked <= s["copies"]),
        )
    )


_BUGS: Final = frozenset(
    {"", "draw-keeps-stock", "no-sole-holder", "lay-whole-rank", "all-granted-productive"}
)


def _turn(before: SymState, choice: SymState, *, granted: bool, bug: str) -> Move:
    """One whole turn in which the ask is granted (``granted``) or answered "go fish"."""
    b, c = before, choice
    player, target = b["turn"], c["target"]
    tracked = c["tracked"].eq(1)
    asked, moved = c["count"], c["moved"]
    h_p, s_p = _at(b, "hand", player), _at(b, "size", player)
    h_t, s_t = _at(b, "hand", target), _at(b, "size", target)
    stock, stock_r = b["stock"], b["stock_r"]
    zero = int_val(0)
    guard: list[Bool] = [b["over"].eq(0), ask_is_legal(b, target, c["tracked"], asked)]

    # Step 2, the answer (backstab_fish.answer.give / answer.go-fish), and T's refill.
    if granted:
        give_all = b["give_all"].eq(1)
        guard += [
            tracked.implies((h_t >= asked) & moved.eq(ite(give_all, h_t, asked))),
            (~tracked).implies(moved.between(1, s_t - h_t) & ite(give_all, moved >= asked, moved.eq(asked))),
            c["drawn_r"].eq(0),
        ]
        moved_r = ite(tracked, moved, zero)
        h_p2, s_p2 = h_p + moved_r, s_p + moved
        h_t2, s_t2 = h_t - moved_r, s_t - moved
        refill_t = ite(s_t2.eq(0) & (stock > 0), _up_to_refill(stock), zero)
        guard.append(_draw_ok(c["refill_t"], refill_t, stock, stock_r))
        h_t2, s_t2 = h_t2 + c["refill_t"], s_t2 + refill_t
        stock2, stock_r2 = stock - refill_t, stock_r - c["refill_t"]
    else:
        guard += [tracked.implies(h_t < asked), moved.eq(0), c["refill_t"].eq(0)]
        drawn = ite(stock > 0, int_val(1), zero)
        guard.append(_draw_ok(c["drawn_r"], drawn, stock, stock_r))
        h_p2, s_p2 = h_p + c["drawn_r"], s_p + drawn
        h_t2, s_t2 = h_t, s_t
        if bug == "draw-keeps-stock":
            stock2, stock_r2 = stock, stock_r
        else:
            stock2, stock_r2 = stock - drawn, stock_r - c["drawn_r"]

    # Step 3, the lay-down (backstab_fish.sets.lay-down), and P's refill.
    lay_r, lay_o = c["lay_r"], c["lay_o"]
    guard += [
        lay_r >= 0,
        lay_o >= 0,
        SET * lay_o <= s_p2 - h_p2,
        b["compulsory"].eq(1).implies(h_p2 - SET * lay_r < SET),
    ]
    if bug == "lay-whole-rank":
        # The misreading: a "set" is every card of the rank held, once there are four or more.
        guard += [lay_r.between(0, 1), (lay_r > 0).implies(h_p2 >= SET)]
        laid_r = ite(lay_r > 0, h_p2, zero)
    else:
        guard.append(SET * lay_r <= h_p2)
        laid_r = SET * lay_r
    h_p3, s_p3 = h_p2 - laid_r, s_p2 - laid_r - SET * lay_o
    refill_p = ite(s_p3.eq(0) & (stock2 > 0), _up_to_refill(stock2), zero)
    guard.append(_draw_ok(c["refill_p"], refill_p, stock2, stock_r2))
    h_p3, s_p3 = h_p3 + c["refill_p"], s_p3 + refill_p
    stock3, stock_r3 = stock2 - refill_p, stock_r2 - c["refill_p"]

    changes: dict[str, Int] = {"stock": stock3, "stock_r": stock_r3}
    sizes: list[Int] = []
    for j in _SEATS:
        is_p, is_t = player.eq(j), target.eq(j)
        for name, mine, theirs in (("hand", h_p3, h_t2), ("size", s_p3, s_t2)):
            changes[seat_var(name, j)] = ite(is_p, mine, ite(is_t, theirs, b[seat_var(name, j)]))
        changes[seat_var("laid", j)] = ite(is_p, b[seat_var("laid", j)] + laid_r, b[seat_var("laid", j)])
        changes[seat_var("sets", j)] = ite(
            is_p, b[seat_var("sets", j)] + lay_r + lay_o, b[seat_var("sets", j)]
        )
        sizes.append(changes[seat_var("size", j)])

    # Step 4, the end check (backstab_fish.end.*), and step 5, the next turn.
    productive = (stock3 < stock) | (lay_r + lay_o > 0)
    if bug == "all-granted-productive" and granted:
        productive = bool_val(True)
    stall = ite(productive, zero, b["stall"] + 1)
    holders = _holders(sizes)
    over_holders = holders.eq(0) if bug == "no-sole-holder" else holders <= 1
    ends = (stock3.eq(0) & over_holders) | ((b["limit"] > 0) & (stall >= b["limit"]))
    after_next = c["next"]
    size_next = sizes[MAX_PLAYERS - 1]
    for j in reversed(range(MAX_PLAYERS - 1)):
        size_next = ite(after_next.eq(j), sizes[j], size_next)
    skipped_empty = all_of(_clockwise_before(target, after_next, j).implies(sizes[j].eq(0)) for j in _SEATS)
    guard.append(ends | (after_next.between(0, b["players"] - 1) & (size_next > 0) & skipped_empty))
    changes["stall"] = stall
    changes["over"] = ite(ends, int_val(1), zero)
    changes["turn"] = ite(ends, player, after_next)
    label = "a granted ask" if granted else "a go-fish turn"
    return Move(label, all_of(guard), before.updated(changes), show_inputs=_show_turn_inputs)


def _options(s: SymState) -> Bool:
    """The options in range; ``deck`` is D and ``copies`` the C_r of some rank of that deck."""
    deck, copies = s["deck"], s["copies"]
    return all_of(
        (
            s["players"].between(MIN_PLAYERS, MAX_PLAYERS),
            any_of(deck.eq(shape.size) for shape in DECKS),
            *(
                deck.eq(shape.size).implies(any_of(copies.eq(c) for c in sorted(set(shape.copies))))
                for shape in DECKS
            ),
            *(s[name].between(0, 1) for name in ("give_all", "empty_ok", "compulsory")),
            s["limit"] >= 0,
        )
    )


def _seats(s: SymState) -> Bool:
    players = s["players"]
    absent = [
        (players <= j).implies(all_of(s[seat_var(name, j)].eq(0) for name in SEAT_VARS))
        for j in range(MIN_PLAYERS, MAX_PLAYERS)
    ]
    return all_of(
        (
            s["turn"].between(0, players - 1),
            *absent,
            s["stall"] >= 0,
            s["over"].between(0, 1),
            (s["over"].eq(0) & (s["limit"] > 0)).implies(s["stall"] < s["limit"]),
        )
    )


def _counts(s: SymState) -> Bool:
    per_seat = [
        s[seat_var("hand", j)].between(0, s[seat_var("size", j)])
        & s[seat_var("laid", j)].between(0, SET * s[seat_var("sets", j)])
        for j in _SEATS
    ]
    return all_of((*per_seat, s["stock_r"].between(0, s["stock"])))


def _conserved(s: SymState) -> Bool:
    """backstab_fish.invariant.card-conservation, counted: all cards, and the tracked rank's."""
    cards = _total(s, "size") + s["stock"] + SET * _total(s, "sets")
    tracked = _total(s, "hand") + s["stock_r"] + _total(s, "laid")
    return cards.eq(s["deck"]) & tracked.eq(s["copies"])


def _fours(s: SymState) -> Bool:
    return all_of(s[seat_var("laid", j)].mod(SET).eq(0) for j in _SEATS)


def _empty_hand_empty_stock(s: SymState) -> Bool:
    """backstab_fish.invariant.empty-hand-empty-stock (while the game goes on)."""
    seated = [(s["players"] > j) & s[seat_var("size", j)].eq(0) for j in _SEATS]
    return s["over"].eq(0).implies(any_of(seated).implies(s["stock"].eq(0)))


def _someone_to_act(s: SymState) -> Bool:
    sizes = [s[seat_var("size", j)] for j in _SEATS]
    return (
        s["over"].eq(0).implies((_at(s, "size", s["turn"]) > 0) & ((s["stock"] > 0) | (_holders(sizes) >= 2)))
    )


def _init(s: SymState) -> Bool:
    """backstab_fish.setup.*: any deal of any deck to 4..10 players, the first turn to any seat."""
    players, deck = s["players"], s["deck"]
    small = deck.eq(52) & (players >= 8)
    hand_size = ite(small, int_val(5), int_val(REFILL))
    dealt = ite(small, 5 * players, REFILL * players)
    seats = [
        ite(players > j, s[seat_var("size", j)].eq(hand_size), s[seat_var("size", j)].eq(0))
        & s[seat_var("hand", j)].between(0, s[seat_var("size", j)])
        & s[seat_var("laid", j)].eq(0)
        & s[seat_var("sets", j)].eq(0)
        for j in _SEATS
    ]
    return all_of(
        (
            _options(s),
            *seats,
            s["stock"].eq(deck - dealt),
            s["stock_r"].between(0, s["stock"]),
            (_total(s, "hand") + s["stock_r"]).eq(s["copies"]),
            s["turn"].between(0, players - 1),
            s["stall"].eq(0),
            s["over"].eq(0),
        )
    )


def _show_turn_state(v: Mapping[str, int]) -> str:
    players = v["players"]
    limit = "none" if v["limit"] == 0 else str(v["limit"])
    seats = "; ".join(
        f"p{j}: {_plural(v[seat_var('size', j)], 'card')} ({v[seat_var('hand', j)]} tracked), "
        f"{_plural(v[seat_var('sets', j)], 'set')} laid ({v[seat_var('laid', j)]} tracked cards)"
        for j in range(max(0, min(players, MAX_PLAYERS)))
    )
    options = (
        f"{players} players, deck of {v['deck']} ({v['copies']} copies of the tracked rank), "
        f"give={'all-of-rank' if v['give_all'] else 'exact'}, "
        f"empty_target={'allowed' if v['empty_ok'] else 'forbidden'}, "
        f"lay_down={'compulsory' if v['compulsory'] else 'optional'}, stall limit {limit}"
    )
    state = "over" if v["over"] else f"p{v['turn']} to act"
    return (
        f"[{options}; {seats}; stock {v['stock']} ({v['stock_r']} tracked); "
        f"{_plural(v['stall'], 'unproductive turn')} in a row; {state}]"
    )


def _show_turn_inputs(v: Mapping[str, int]) -> str:
    rank = "the tracked rank" if v["tracked"] == 1 else "another rank"
    parts = [f"the player to act asking p{v['target']} for {v['count']} of {rank}"]
    parts.append(f"receiving {v['moved']}" if v["moved"] else "hearing go fish")
    if v["drawn_r"]:
        parts.append(f"drawing {v['drawn_r']} tracked card")
    if v["refill_t"]:
        parts.append(f"the target refilling with {v['refill_t']} tracked cards")
    parts.append(f"laying {v['lay_r']} tracked and {v['lay_o']} other sets")
    if v["refill_p"]:
        parts.append(f"refilling with {v['refill_p']} tracked cards")
    parts.append(f"p{v['next']} next")
    return ", ".join(parts)


_OPTIONS: Final = "options in range"
_SEATS_PART: Final = "seats and counters in range"
_COUNTS: Final = "counts within their totals"
_CONSERVED: Final = "card conservation (all cards, the tracked rank)"
_FOURS: Final = "laid cards come in fours"
_EMPTY: Final = "an empty hand only with an empty stock"
_TO_ACT: Final = "the player to act holds cards, and so does someone else or the stock"
_CONSERVATION_PARTS: Final = (_OPTIONS, _SEATS_PART, _COUNTS, _CONSERVED)
_MULTIPLE_PARTS: Final = (*_CONSERVATION_PARTS, _FOURS)
_PLAY_PARTS: Final = (_OPTIONS, _SEATS_PART, _COUNTS, _EMPTY, _TO_ACT)


def turn_system(
    *,
    bug: str = "",
    goal: Callable[[SymState], Bool] | None = None,
    parts: tuple[str, ...] | None = None,
) -> TransitionSystem:
    """A whole turn over card counts (see the module's docstring), with an optional deliberate bug.

    ``parts`` names the parts of the invariant to keep (all of them when
    ``None``): a claim that needs fewer is proved faster.

    ``bug`` is one of ``draw-keeps-stock`` (a card drawn on go fish stays in
    the stock too), ``no-sole-holder`` (the game ends only when every hand and
    the stock are empty), ``lay-whole-rank`` (a set is every card of its rank
    held), ``all-granted-productive`` (a granted ask counts as productive), or
    empty for the rules as specified.
    """
    if bug not in _BUGS:
        raise ValueError(f"unknown bug {bug!r}")
    variables = (
        *ints(*OPTION_VARS),
        *(Var(seat_var(name, j)) for j in _SEATS for name in SEAT_VARS),
        *ints(*_GLOBAL_VARS),
    )

    def step(before: SymState, choice: SymState) -> tuple[Move, ...]:
        return (_turn(before, choice, granted=True, bug=bug), _turn(before, choice, granted=False, bug=bug))

    everything = (
        Part(_OPTIONS, _options, assumes=(_OPTIONS,)),
        Part(_SEATS_PART, _seats, assumes=(_OPTIONS, _SEATS_PART)),
        Part(_COUNTS, _counts),
        Part(_CONSERVED, _conserved, assumes=(_OPTIONS, _SEATS_PART, _COUNTS, _CONSERVED)),
        Part(_FOURS, _fours, assumes=(_OPTIONS, _SEATS_PART, _COUNTS, _FOURS)),
        Part(_EMPTY, _empty_hand_empty_stock, assumes=(_OPTIONS, _SEATS_PART, _COUNTS, _EMPTY)),
        Part(_TO_ACT, _someone_to_act),
    )
    kept = everything if parts is None else tuple(part for part in everything if part.name in parts)
    names = {part.name for part in kept}
    if parts is not None and names != set(parts):
        raise ValueError(f"unknown parts: {sorted(set(parts) - names)}")
    invariant = tuple(
        Part(
            part.name,
            part.holds,
            None if part.assumes is None else tuple(a for a in part.assumes if a in names),
        )
        for part in kept
    )
    return TransitionSystem(
        variables=variables,
        inputs=ints(*INPUTS),
        init=_init,
        step=step,
        invariant=invariant,
        goal=goal if goal is not None else _conserved,
        show_state=_show_turn_state,
        show_inputs=_show_turn_inputs,
    )


TURN_SYSTEM: Final = turn_system()
"""One turn of Backstab Fish over card counts, as the rules say."""


def _legal_ask_exists(s: SymState) -> Bool:
    """backstab_fish.invariant.legal-set-nonempty: while play goes on, (T, r, 1) is legal for some T."""
    asks = [ask_is_legal(s, int_val(j), int_val(tracked), int_val(1)) for j in _SEATS for tracked in (0, 1)]
    return s["over"].eq(0).implies(any_of(asks))


def _multiples(s: SymState) -> Bool:
    """backstab_fish.invariant.rank-multiples, and the sole holder's hand splitting into sets."""
    outside = _total(s, "hand") + s["stock_r"]
    sole = [
        (s["stock"].eq(0) & all_of(s[seat_var("size", i)].eq(0) for i in _SEATS if i != j)).implies(
            s[seat_var("hand", j)].mod(SET).eq(0)
        )
        for j in _SEATS
    ]
    return all_of((outside.mod(SET).eq(0), *sole))


CONSERVATION: Final = inductive_claim(
    "backstab_fish/card-conservation",
    (
        "backstab_fish.invariant.card-conservation",
        "backstab_fish.answer.give",
        "backstab_fish.answer.go-fish",
        "backstab_fish.refill.seven",
        "backstab_fish.setup.deal",
    ),
    turn_system(parts=_CONSERVATION_PARTS),
    statement="From any deal of any deck to 4-10 players, under every option, every turn (ask, answer, "
    "lay-down, refills, end check) keeps the hands, the stock and the laid sets at D cards together, "
    "and the copies of each rank at C_r.",
    wrong=inductive_claim(
        "backstab_fish/card-conservation-draw-stays-in-stock",
        (
            "backstab_fish.invariant.card-conservation",
            "backstab_fish.answer.give",
            "backstab_fish.answer.go-fish",
            "backstab_fish.refill.seven",
            "backstab_fish.setup.deal",
        ),
        turn_system(bug="draw-keeps-stock", parts=_CONSERVATION_PARTS),
        statement="The same, when the card drawn on go fish is not taken off the stock.",
    ),
)

RANK_MULTIPLES: Final = inductive_claim(
    "backstab_fish/rank-multiples",
    (
        "backstab_fish.invariant.rank-multiples",
        "backstab_fish.sets.lay-down",
        "backstab_fish.end.sole-holder",
    ),
    turn_system(goal=_multiples, parts=_MULTIPLE_PARTS),
    statement="In every reachable state the cards of a rank outside laid sets number a multiple of 4, "
    "and with an empty stock a sole holder's count of every rank is a multiple of 4.",
    wrong=inductive_claim(
        "backstab_fish/rank-multiples-whole-rank-sets",
        (
            "backstab_fish.invariant.rank-multiples",
            "backstab_fish.sets.lay-down",
            "backstab_fish.end.sole-holder",
        ),
        turn_system(bug="lay-whole-rank", goal=_multiples, parts=_MULTIPLE_PARTS),
        statement="The same, when a laid 'set' takes every card of its rank the player holds (five or more).",
    ),
)

LEGAL_ASK: Final = inductive_claim(
    "backstab_fish/legal-set-nonempty",
    (
        "backstab_fish.invariant.legal-set-nonempty",
        "backstab_fish.invariant.empty-hand-empty-stock",
        "backstab_fish.turn.skip-empty",
        "backstab_fish.ask.target",
    ),
    turn_system(goal=_legal_ask_exists, parts=_PLAY_PARTS),
    statement="In every reachable state where the game is not over, the player to act holds a card and "
    "some other player can be asked for one card of a rank they hold.",
    wrong=inductive_claim(
        "backstab_fish/legal-set-nonempty-without-sole-holder-end",
        (
            "backstab_fish.invariant.legal-set-nonempty",
            "backstab_fish.invariant.empty-hand-empty-stock",
            "backstab_fish.turn.skip-empty",
            "backstab_fish.ask.target",
        ),
        turn_system(bug="no-sole-holder", goal=_legal_ask_exists, parts=_PLAY_PARTS),
        statement="The same, when the game ends only once every hand and the stock are empty "
        "(no sole-holder end).",
    ),
)


# -- the turn, abstracted: monotone counts and the stall counter -----------------------


def _abstraction_claim(name: str, statement: str, *, bug: str = "", wrong: Claim | None = None) -> Claim:
    """Every turn from a reachable state changes (stock, laid sets, stall count) as the abstract turn does.

    The stock never grows, the laid sets never shrink, a productive turn sets
    the stall count to 0 and any other turn adds one, and play goes on only
    while the count is below K. ``bug`` picks a system with a deliberate bug.
    """
    system = turn_system(bug=bug)

    def abstract_step(before: SymState, after: SymState) -> Bool:
        stock, stock2 = before["stock"], after["stock"]
        laid, laid2 = _total(before, "sets"), _total(after, "sets")
        productive = (stock2 < stock) | (laid2 > laid)
        return all_of(
            (
                stock2.between(0, stock),
                laid2 >= laid,
                *(after[seat_var("sets", j)] >= before[seat_var("sets", j)] for j in _SEATS),
                SET * laid2 <= before["deck"],
                ite(productive, after["stall"].eq(0), after["stall"].eq(before["stall"] + 1)),
                (after["over"].eq(0) & (before["limit"] > 0)).implies(after["stall"] < before["limit"]),
                (after["stall"] >= before["limit"]).implies(after["over"].eq(1) | before["limit"].eq(0)),
            )
        )

    def build() -> Bool:
        before = SymState.fresh(f"{name}:before", system.variables)
        choice = SymState.fresh(f"{name}:input", system.inputs)
        holds = all_of(part.holds(before) for part in system.invariant)
        moves = system.step(before, choice)
        return all_of((holds & move.guard).implies(abstract_step(before, move.after)) for move in moves)

    def describe(model: Model) -> str:
        before = SymState.fresh(f"{name}:before", system.variables)
        choice = SymState.fresh(f"{name}:input", system.inputs)
        lines = [f"from {system.show_state(before.values(model))}"]
        for move in system.step(before, choice):
            if model.bool_value(move.guard):
                lines.append(
                    f"{move.label}: {_show_turn_inputs(choice.values(model))} leads to "
                    f"{system.show_state(move.after.values(model))}"
                )
        return "\n".join(lines)

    return Claim(
        name,
        (
            "backstab_fish.invariant.monotone",
            "backstab_fish.end.stall-limit",
            "backstab_fish.invariant.termination",
        ),
        build,
        describe,
        statement=statement,
        wrong=wrong,
    )


TURN_ABSTRACTION: Final = _abstraction_claim(
    "backstab_fish/turn-abstraction",
    "Every turn from a reachable state takes cards from the stock or lays sets (a productive turn, "
    "which resets the stall count) or leaves both alone and adds one to the count; play goes on "
    "only while the count is below K.",
    wrong=_abstraction_claim(
        "backstab_fish/turn-abstraction-granted-ask-productive",
        "The same, when a granted ask also counts as productive.",
        bug="all-granted-productive",
    ),
)


# -- termination over abstract counts ------------------------------------------------------


def _term_init(s: SymState) -> Bool:
    return all_of(
        (
            s["S0"] >= 0,
            s["Q"] >= 1,
            s["K"] >= 1,
            s["stock"].eq(s["S0"]),
            s["unlaid"].eq(s["Q"]),
            s["stall"].eq(0),
            s["turns"].eq(0),
            s["over"].eq(0),
        )
    )


def _term_step(before: SymState, choice: SymState) -> tuple[Move, ...]:
    """A turn: it draws ``drawn`` cards from the stock and lays ``laid`` sets; another end may fire."""
    drawn, laid, other_end = choice["drawn"], choice["laid"], choice["other_end"]
    productive = (drawn + laid) > 0
    stall = ite(productive, int_val(0), before["stall"] + 1)
    guard = all_of(
        (
            before["over"].eq(0),
            drawn.between(0, before["stock"]),
            laid.between(0, before["unlaid"]),
            other_end.between(0, 1),
        )
    )
    ends = other_end.eq(1) | (stall >= before["K"])
    after = before.updated(
        {
            "stock": before["stock"] - drawn,
            "unlaid": before["unlaid"] - laid,
            "stall": stall,
            "turns": before["turns"] + 1,
            "over": ite(ends, int_val(1), int_val(0)),
        }
    )
    return (Move("a turn", guard, after),)


def _term_ranges(s: SymState) -> Bool:
    return all_of(
        (
            s["S0"] >= 0,
            s["Q"] >= 1,
            s["K"] >= 1,
            s["stock"].between(0, s["S0"]),
            s["unlaid"].between(0, s["Q"]),
            s["stall"].between(0, s["K"]),
            s["over"].between(0, 1),
            s["over"].eq(0).implies(s["stall"] < s["K"]),
        )
    )


def _term_count(s: SymState) -> Bool:
    """Turns so far: at most K per productive turn so far (each draws or lays), plus the current run."""
    productive = (s["S0"] - s["stock"]) + (s["Q"] - s["unlaid"])
    return s["turns"] <= product(productive, s["K"]) + s["stall"]


def _bound(s: SymState, *, extra: int = 1) -> Int:
    """``(S0 + D/4 + extra) x K``; the spec's bound has ``extra`` = 1."""
    return product(s["S0"] + s["Q"] + extra, s["K"])


def _term_system(*, extra: int = 1) -> TransitionSystem:
    def show(v: Mapping[str, int]) -> str:
        return (
            f"[S0 = {v['S0']}, D/4 = {v['Q']}, K = {v['K']}; stock {v['stock']}, "
            f"{v['unlaid']} sets not laid, {_plural(v['stall'], 'unproductive turn')} in a row, "
            f"{_plural(v['turns'], 'turn')} played, {'over' if v['over'] else 'in play'}; "
            f"bound {(v['S0'] + v['Q'] + extra) * v['K']}]"
        )

    def show_inputs(v: Mapping[str, int]) -> str:
        end = ", another end rule firing" if v["other_end"] else ""
        return f"a turn drawing {v['drawn']} cards from the stock and laying {v['laid']} sets{end}"

    return TransitionSystem(
        variables=ints("S0", "Q", "K", "stock", "unlaid", "stall", "turns", "over"),
        inputs=ints("drawn", "laid", "other_end"),
        init=_term_init,
        step=_term_step,
        invariant=(Part("ranges", _term_ranges), Part("turns counted", _term_count)),
        goal=lambda s: s["turns"] <= _bound(s, extra=extra),
        show_state=show,
        show_inputs=show_inputs,
    )


TERMINATION_SYSTEM: Final = _term_system()
"""The game as abstract counts: stock size, sets not yet laid, stall count and turns played."""

_TERMINATION_IDS: Final = ("backstab_fish.invariant.termination", "backstab_fish.end.stall-limit")

TERMINATION_BOUND: Final = inductive_claim(
    "backstab_fish/termination-bound",
    _TERMINATION_IDS,
    TERMINATION_SYSTEM,
    statement="With a stall limit K, every game ends within (S0 + D/4 + 1) x K turns: at most K turns "
    "per productive turn (there are at most S0 + D/4), plus the run of K that ends the game.",
    wrong=inductive_claim(
        "backstab_fish/termination-bound-one-run-short",
        _TERMINATION_IDS,
        _term_system(extra=0),
        statement="Every game ends within (S0 + D/4) x K turns (forgetting the final run of K).",
    ),
)


def _ranking_claim(name: str, statement: str, *, with_stall: bool, wrong: Claim | None = None) -> Claim:
    """The ranking falls on every turn: lexicographically, and as ``(stock + unlaid) K + K - stall``."""

    def terms() -> tuple[SymState, SymState, Move]:
        before = SymState.fresh(f"{name}:before", TERMINATION_SYSTEM.variables)
        choice = SymState.fresh(f"{name}:input", TERMINATION_SYSTEM.inputs)
        (move,) = TERMINATION_SYSTEM.step(before, choice)
        return before, choice, move

    def build() -> Bool:
        before, _choice, move = terms()
        after = move.after
        s, u, k = before["stock"], before["unlaid"], before["stall"]
        s2, u2, k2 = after["stock"], after["unlaid"], after["stall"]
        falls = (s2 < s) | (s2.eq(s) & (u2 < u))
        if with_stall:
            big_k = before["K"]
            falls = falls | (s2.eq(s) & u2.eq(u) & (big_k - k2 < big_k - k))
            measure = product(s + u, big_k) + (big_k - k)
            measure2 = product(s2 + u2, big_k) + (big_k - k2)
            falls = falls & (measure2 < measure) & (measure2 >= 0)
        return (_term_ranges(before) & move.guard).implies(falls)

    def describe(model: Model) -> str:
        before, choice, move = terms()
        show, show_inputs = TERMINATION_SYSTEM.show_state, TERMINATION_SYSTEM.show_inputs
        return (
            f"from {show(before.values(model))}, {show_inputs(choice.values(model))} leads to "
            f"{show(move.after.values(model))}"
        )

    return Claim(name, _TERMINATION_IDS, build, describe, statement=statement, wrong=wrong)


RANKING: Final = _ranking_claim(
    "backstab_fish/ranking-decreases",
    "On every turn of a game in play, (stock size, D/4 - laid sets, K - stall count) falls "
    "lexicographically, and (stock + D/4 - laid sets) x K + K - stall count falls and stays >= 0.",
    with_stall=True,
    wrong=_ranking_claim(
        "backstab_fish/ranking-without-stall-count",
        "(stock size, D/4 - laid sets) alone falls on every turn.",
        with_stall=False,
    ),
)


# -- the end count ----------------------------------------------------------------------------

_RANKS: Final = 14
"""Thirteen ranks, and the jokers as a fourteenth (with no copies outside deck=double-jokers)."""


def _end_total_claim(name: str, statement: str, *, final_lay_down: bool, wrong: Claim | None = None) -> Claim:
    """Per rank, after an all-empty or sole-holder end, and after a stall end.

    The variables are the deck (a number into :data:`DECKS`), for each rank
    the cards outside laid sets (``held``, in the stock and the hands) and the
    sets laid before the end, and the sets the final lay-down lays. Their
    premise is what :data:`CONSERVATION` and :data:`RANK_MULTIPLES` prove for
    every rank: held + 4 x laid sets = C_r.
    """

    def variables() -> tuple[Int, Int, list[Int], list[Int], list[Int], list[Int]]:
        deck = int_var(f"{name}:deck")
        stock = int_var(f"{name}:stock")
        held = [int_var(f"{name}:held{r}") for r in range(_RANKS)]
        laid = [int_var(f"{name}:laid{r}") for r in range(_RANKS)]
        final = [int_var(f"{name}:final{r}") for r in range(_RANKS)]
        spread = [int_var(f"{name}:stalled{r}") for r in range(_RANKS)]
        return deck, stock, held, laid, final, spread

    def copies(deck: Int, rank: int) -> Int:
        value = int_val(0)
        for number, shape in enumerate(DECKS):
            here = shape.copies[rank] if rank < len(shape.copies) else 0
            value = ite(deck.eq(number), int_val(here), value)
        return value

    def build() -> Bool:
        deck, stock, held, laid, final, spread = variables()
        sets = int_val(0)
        for number, shape in enumerate(DECKS):
            sets = ite(deck.eq(number), int_val(shape.sets), sets)
        premise = all_of(
            (
                deck.between(0, len(DECKS) - 1),
                *(
                    held[r].between(0, copies(deck, r))
                    & (laid[r] >= 0)
                    & (held[r] + SET * laid[r]).eq(copies(deck, r))
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
        deck, stock, held, laid, final, spread = variables()
        number = model.int_value(deck)
        shape = DECKS[number] if 0 <= number < len(DECKS) else None
        names = [Rank(r + 2).label for r in range(13)] + ["joker"]
        rows = []
        for r in range(_RANKS):
            h, lr, f = model.int_value(held[r]), model.int_value(laid[r]), model.int_value(final[r])
            if h or lr or f:
                rows.append(f"{names[r]}: {h} in hand, {_plural(lr, 'set')} laid, {f} laid at the end")
        total = sum(model.int_value(laid[r]) + model.int_value(final[r]) for r in range(_RANKS))
        deck_name = shape.option if shape else str(number)
        sets = shape.sets if shape else "?"
        spread_total = sum(model.int_value(laid[r]) + model.int_value(spread[r]) for r in range(_RANKS))
        return (
            f"deck={deck_name} ({sets} sets), stock {model.int_value(stock)}; "
            + "; ".join(rows)
            + f"; total score {total} after a sole-holder end ({spread_total} after a stall end)"
        )

    return Claim(
        name,
        (
            "backstab_fish.invariant.end-state",
            "backstab_fish.end.final-lay-down",
            "backstab_fish.score.per-set",
            "backstab_fish.end.all-empty",
        ),
        build,
        describe,
        statement=statement,
        wrong=wrong,
    )


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


# -- the literal game need not end ---------------------------------------------------------

LASSO_PLAYERS: Final = 4
"""The loop search deals to four players ..."""
LASSO_RANKS: Final = 13
"""... from two packs without jokers: thirteen ranks ..."""
LASSO_COPIES: Final = 8
"""... of eight copies each ..."""
LASSO_HAND: Final = 7
"""... seven cards each (the defaults of the options)."""
LASSO_TURNS: Final = 2
"""The search looks for a position that comes back within this many turns of the deal."""


@dataclass(frozen=True, slots=True)
class LassoModel:
    """The variables of the loop search: positions 0..L (0 is the deal) and each turn's choices.

    A position is every hand and the stock as counts per rank, the sets laid per
    player and rank, the player to act, the stall count and whether play is over.
    Each turn is one ask by the player to act under the default options
    (backstab_fish.ask.*, answer.give exact, answer.go-fish drawing any card the
    stock holds, which covers every shuffle), an optional lay-down, the refills,
    the end check and the next player, as in :func:`turn_system` but card by card.
    """

    hands: tuple[tuple[tuple[Int, ...], ...], ...]
    stock: tuple[tuple[Int, ...], ...]
    laid: tuple[tuple[tuple[Int, ...], ...], ...]
    turn: tuple[Int, ...]
    stall: tuple[Int, ...]
    over: tuple[Int, ...]
    target: tuple[Int, ...]
    rank: tuple[Int, ...]
    asked: tuple[Int, ...]
    drawn: tuple[tuple[Int, ...], ...]
    lay: tuple[tuple[Int, ...], ...]
    refill_t: tuple[tuple[Int, ...], ...]
    refill_p: tuple[tuple[Int, ...], ...]
    limit: Int


def lasso_model(prefix: str) -> LassoModel:
    """The loop search's variables, named ``<prefix>:...`` (the same constants on every call)."""
    p, r, t = range(LASSO_PLAYERS), range(LASSO_RANKS), range(LASSO_TURNS + 1)

    def grid(name: str, i: int) -> tuple[tuple[Int, ...], ...]:
        return tuple(tuple(int_var(f"{prefix}:{name}{i}.p{j}.r{k}") for k in r) for j in p)

    def row(name: str, i: int) -> tuple[Int, ...]:
        return tuple(int_var(f"{prefix}:{name}{i}.r{k}") for k in r)

    def one(name: str, i: int) -> Int:
        return int_var(f"{prefix}:{name}{i}")

    steps = range(LASSO_TURNS)
    return LassoModel(
        hands=tuple(grid("hand", i) for i in t),
        stock=tuple(row("stock", i) for i in t),
        laid=tuple(grid("laid", i) for i in t),
        turn=tuple(one("turn", i) for i in t),
        stall=tuple(one("stall", i) for i in t),
        over=tuple(one("over", i) for i in t),
        target=tuple(one("target", i) for i in steps),
        rank=tuple(one("rank", i) for i in steps),
        asked=tuple(one("count", i) for i in steps),
        drawn=tuple(row("drawn", i) for i in steps),
        lay=tuple(row("lay", i) for i in steps),
        refill_t=tuple(row("refill_t", i) for i in steps),
        refill_p=tuple(row("refill_p", i) for i in steps),
        limit=int_var(f"{prefix}:limit"),
    )


def _pick(values: Sequence[Int], index: Int) -> Int:
    value = values[-1]
    for j in reversed(range(len(values) - 1)):
        value = ite(index.eq(j), values[j], value)
    return value


def _lasso_step(m: LassoModel, i: int, *, limited: bool) -> Bool:
    """Turn ``i + 1``: from position ``i`` to position ``i + 1``."""
    players, ranks = range(LASSO_PLAYERS), range(LASSO_RANKS)
    hands, stock = m.hands[i], m.stock[i]
    player, target, rank, asked = m.turn[i], m.target[i], m.rank[i], m.asked[i]
    sizes = [sum_of(hands[j]) for j in players]
    stock_size = sum_of(stock)
    mine = [_pick([hands[j][k] for j in players], player) for k in ranks]
    theirs = [_pick([hands[j][k] for j in players], target) for k in ranks]
    is_rank = [rank.eq(k) for k in ranks]
    held_by_target = _pick(list(theirs), rank)
    guard: list[Bool] = [
        m.over[i].eq(0),
        target.between(0, LASSO_PLAYERS - 1),
        target.ne(player),
        _pick(sizes, target) > 0,
        rank.between(0, LASSO_RANKS - 1),
        _pick(list(mine), rank) >= 1,
        asked.between(1, LASSO_COPIES),
    ]
    granted = held_by_target >= asked
    zero = int_val(0)
    # Step 2: exactly c cards of the rank change hands, or P draws one card (any the stock holds).
    given = [ite(granted & is_rank[k], asked, zero) for k in ranks]
    drawn = m.drawn[i]
    can_draw = ~granted & (stock_size > 0)
    guard += [d.between(0, 1) for d in drawn]
    guard.append(sum_of(drawn).eq(ite(can_draw, int_val(1), zero)))
    guard += [drawn[k] <= stock[k] for k in ranks]
    mine2 = [mine[k] + given[k] + drawn[k] for k in ranks]
    theirs2 = [theirs[k] - given[k] for k in ranks]
    stock2 = [stock[k] - drawn[k] for k in ranks]
    # T's refill when the hand-over emptied it.
    refill_t = m.refill_t[i]
    t_draws = ite(sum_of(theirs2).eq(0) & (sum_of(stock2) > 0), _up_to_refill(sum_of(stock2)), zero)
    guard += [refill_t[k].between(0, stock2[k]) for k in ranks]
    guard.append(sum_of(refill_t).eq(t_draws))
    theirs3 = [theirs2[k] + refill_t[k] for k in ranks]
    stock3 = [stock2[k] - refill_t[k] for k in ranks]
    # Step 3: any number of sets of each rank; then P's refill.
    lay = m.lay[i]
    guard += [(lay[k] >= 0) & (SET * lay[k] <= mine2[k]) for k in ranks]
    mine3 = [mine2[k] - SET * lay[k] for k in ranks]
    refill_p = m.refill_p[i]
    p_draws = ite(sum_of(mine3).eq(0) & (sum_of(stock3) > 0), _up_to_refill(sum_of(stock3)), zero)
    guard += [refill_p[k].between(0, stock3[k]) for k in ranks]
    guard.append(sum_of(refill_p).eq(p_draws))
    mine4 = [mine3[k] + refill_p[k] for k in ranks]
    stock4 = [stock3[k] - refill_p[k] for k in ranks]
    # The next position.
    after = m.hands[i + 1]
    for j in players:
        for k in ranks:
            value = ite(player.eq(j), mine4[k], ite(target.eq(j), theirs3[k], hands[j][k]))
            guard.append(after[j][k].eq(value))
            laid = ite(player.eq(j), m.laid[i][j][k] + lay[k], m.laid[i][j][k])
            guard.append(m.laid[i + 1][j][k].eq(laid))
    guard += [m.stock[i + 1][k].eq(stock4[k]) for k in ranks]
    sizes2 = [sum_of(after[j]) for j in players]
    productive = (sum_of(stock4) < stock_size) | (sum_of(lay) > 0)
    stall = ite(productive, zero, m.stall[i] + 1)
    guard.append(m.stall[i + 1].eq(stall))
    ends = sum_of(stock4).eq(0) & (_holders(sizes2) <= 1)
    if limited:
        ends = ends | (stall >= m.limit)
    guard.append(m.over[i + 1].eq(ite(ends, int_val(1), zero)))
    # Step 5: the turn goes to T, or to the first holder clockwise from T.
    nxt = m.turn[i + 1]
    skipped = all_of(_clockwise_before(target, nxt, j).implies(sizes2[j].eq(0)) for j in players)
    guard.append(ends | (nxt.between(0, LASSO_PLAYERS - 1) & (_pick(sizes2, nxt) > 0) & skipped))
    guard.append(ends.implies(nxt.eq(player)))
    return all_of(guard)


def _lasso_deal(m: LassoModel) -> Bool:
    players, ranks = range(LASSO_PLAYERS), range(LASSO_RANKS)
    hands = m.hands[0]
    facts: list[Bool] = []
    for k in ranks:
        facts.append((sum_of(hands[j][k] for j in players) + m.stock[0][k]).eq(LASSO_COPIES))
        facts.append(m.stock[0][k] >= 0)
        facts += [hands[j][k] >= 0 for j in players]
        facts += [m.laid[0][j][k].eq(0) for j in players]
    facts += [sum_of(hands[j]).eq(LASSO_HAND) for j in players]
    facts += [m.turn[0].between(0, LASSO_PLAYERS - 1), m.stall[0].eq(0), m.over[0].eq(0), m.limit >= 1]
    return all_of(facts)


def _same_position(m: LassoModel, i: int, j: int, *, limited: bool) -> Bool:
    players, ranks = range(LASSO_PLAYERS), range(LASSO_RANKS)
    same = [m.turn[i].eq(m.turn[j]), m.over[i].eq(0), m.over[j].eq(0)]
    same += [m.stock[i][k].eq(m.stock[j][k]) for k in ranks]
    for p in players:
        same += [m.hands[i][p][k].eq(m.hands[j][p][k]) for k in ranks]
        same += [m.laid[i][p][k].eq(m.laid[j][p][k]) for k in ranks]
    if limited:
        same.append(m.stall[i].eq(m.stall[j]))
    return all_of(same)


def _lasso_claim(name: str, statement: str, *, limited: bool, wrong: Claim | None = None) -> Claim:
    prefix = name

    def build() -> Bool:
        m = lasso_model(prefix)
        play = all_of((_lasso_deal(m), *(_lasso_step(m, i, limited=limited) for i in range(LASSO_TURNS))))
        repeats = any_of(
            _same_position(m, i, j, limited=limited)
            for i in range(LASSO_TURNS + 1)
            for j in range(i + 1, LASSO_TURNS + 1)
        )
        return play.implies(~repeats)

    def describe(model: Model) -> str:
        return describe_lasso(lasso_model(prefix), model, limited=limited)

    return Claim(
        name,
        ("backstab_fish.end.stall-limit", "backstab_fish.invariant.termination"),
        build,
        describe,
        statement=statement,
        wrong=wrong,
        expect_counterexample=not limited,
    )


def _rank_name(rank: int) -> str:
    return Rank(rank + 2).label if 0 <= rank < LASSO_RANKS else f"rank {rank}"


def _show_hand(counts: Sequence[int]) -> str:
    """A hand as its ranks, one per card, in rank order (``2 2 7 K``)."""
    text = " ".join(_rank_name(k) for k, n in enumerate(counts) for _ in range(max(0, n)))
    return text or "-"


def describe_lasso(m: LassoModel, model: Model, *, limited: bool) -> str:
    """The loop z3 found, as a deal and the turns that bring a position back."""

    def value(term: Int) -> int:
        return model.int_value(term)

    players, ranks = range(LASSO_PLAYERS), range(LASSO_RANKS)
    lines = [
        f"deal ({LASSO_PLAYERS} players, two packs, stock {sum(value(x) for x in m.stock[0])}), "
        f"p{value(m.turn[0])} first: "
        + "; ".join(f"p{j}: {_show_hand([value(m.hands[0][j][k]) for k in ranks])}" for j in players)
    ]
    first_repeat: tuple[int, int] | None = None
    for i in range(LASSO_TURNS + 1):
        for j in range(i + 1, LASSO_TURNS + 1):
            if first_repeat is None and model.bool_value(_same_position(m, i, j, limited=limited)):
                first_repeat = (i, j)
    last = first_repeat[1] if first_repeat else LASSO_TURNS
    for i in range(last):
        player, target = value(m.turn[i]), value(m.target[i])
        rank, asked = _rank_name(value(m.rank[i])), value(m.asked[i])
        before = value(m.hands[i][target][value(m.rank[i])]) if 0 <= value(m.rank[i]) < LASSO_RANKS else 0
        answer = f"is handed {_plural(asked, 'card')}" if before >= asked else "hears go fish"
        drawn = [k for k in ranks if value(m.drawn[i][k])]
        if drawn:
            answer += f" and draws a {_rank_name(drawn[0])}"
        laid = sum(value(x) for x in m.lay[i])
        lays = f", lays {_plural(laid, 'set')}" if laid else ", lays nothing"
        hands = "; ".join(
            f"p{j}: {_show_hand([value(m.hands[i + 1][j][k]) for k in ranks])}" for j in players
        )
        lines.append(
            f"turn {i + 1}: p{player} asks p{target} for {asked} of rank {rank}, {answer}{lays} "
            f"(stall count {value(m.stall[i + 1])}); p{value(m.turn[i + 1])} to act; {hands}"
        )
    if first_repeat is not None:
        i, j = first_repeat
        lines.append(
            f"the position after turn {j} (hands, stock, laid sets, player to act) is the one after "
            f"{'the deal' if i == 0 else f'turn {i}'}: turns {i + 1}-{j} can be repeated for ever"
        )
    return "\n".join(lines)


LITERAL_GAME_ENDS: Final = _lasso_claim(
    "backstab_fish/literal-game-ends",
    "Expected to be refuted: in the literal game (stall_limit=none) no position comes back within "
    f"{LASSO_TURNS} turns of the deal, so no play of it repeats for ever.",
    limited=False,
    wrong=_lasso_claim(
        "backstab_fish/stall-limited-game-repeats",
        "Expected to be proved: with a stall limit, counting the stall count as part of the position, "
        f"no position comes back within {LASSO_TURNS} turns of the deal.",
        limited=True,
    ),
)


CLAIMS: Final[tuple[Claim, ...]] = (
    CONSERVATION,
    RANK_MULTIPLES,
    LEGAL_ASK,
    TURN_ABSTRACTION,
    RANKING,
    TERMINATION_BOUND,
    END_TOTAL,
    LITERAL_GAME_ENDS,
)
"""Every Backstab Fish claim, in the order of the table."""
