"""The Backstab Fish model: the specification's numbers and one turn of the game over card counts.

Written from the rules (``backstab_fish.md``), not from the engine.
:data:`TURN_SYSTEM` is one turn (backstab_fish.turn.sequence: the ask, the
answer, the lay-down, the refills, the end check and the next player) over
card counts, for every number of players from 4 to 10 (seats at or past
``players`` stay empty), every deck, every option and every choice. Only
ranks matter in this game, so it follows one *tracked* rank through the hands
(``hand<j>``), the stock (``stock_r``) and the laid sets (``laid<j>``, in
cards), next to the totals (``size<j>``, ``stock``, ``sets<j>``). Any rank can
be the tracked one, so what is proved for it holds for every rank. The other
ranks are lumped together and may move in any way the counts allow (any number
of them handed over, say): the model allows more than the rules do, which is
sound for every claim proved over it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from proofs.induction import Move, Part, SymState, TransitionSystem, Var, ints
from proofs.z3facade import Bool, Int, all_of, any_of, bool_val, count, int_val, ite, sum_of

__all__ = [
    "CONSERVATION_PARTS",
    "DECKS",
    "INPUTS",
    "MAX_COPIES",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "MULTIPLE_PARTS",
    "OPTION_VARS",
    "PLAY_PARTS",
    "REFILL",
    "SEATS",
    "SEAT_VARS",
    "SET",
    "TURN_SYSTEM",
    "DeckShape",
    "ask_is_legal",
    "clockwise_before",
    "holder_count",
    "plural",
    "seat_total",
    "seat_var",
    "show_turn_inputs",
    "turn_system",
    "up_to_refill",
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


def plural(number: int, noun: str) -> str:
    """A count and a noun, the noun in the plural unless the count is 1."""
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


SEATS: Final = range(MAX_PLAYERS)
"""The seat numbers of the model, 0 to 9 (seats at or past ``players`` stay empty)."""


def _at(s: SymState, name: str, seat: Int) -> Int:
    """The per-seat variable ``name`` of the seat ``seat`` (a term)."""
    value: Int = s[seat_var(name, MAX_PLAYERS - 1)]
    for j in reversed(range(MAX_PLAYERS - 1)):
        value = ite(seat.eq(j), s[seat_var(name, j)], value)
    return value


def seat_total(s: SymState, name: str) -> Int:
    """The sum of the per-seat variable ``name`` over every seat."""
    return sum_of(s[seat_var(name, j)] for j in SEATS)


def holder_count(sizes: Sequence[Int]) -> Int:
    """How many of the sizes are not zero: the players still holding cards."""
    return count(size > 0 for size in sizes)


def _draw_ok(tracked: Int, drawn: Int, stock: Int, stock_r: Int) -> Bool:
    """``drawn`` cards come off the stock, ``tracked`` of them of the tracked rank: any the stock allows."""
    return all_of((tracked.between(0, drawn), tracked <= stock_r, drawn - tracked <= stock - stock_r))


def up_to_refill(stock: Int) -> Int:
    """The cards a refill draws from ``stock``: seven, or what is left (backstab_fish.refill.seven)."""
    return ite(stock < REFILL, stock, int_val(REFILL))


def clockwise_before(start: Int, stop: Int, seat: int) -> Bool:
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


def _answer(b: SymState, c: SymState, *, granted: bool, bug: str) -> tuple[list[Bool], tuple[Int, ...]]:
    """Step 2, the answer (answer.give / go-fish) and T's refill: its conditions, then the counts after it."""
    player, target = b["turn"], c["target"]
    tracked = c["tracked"].eq(1)
    asked, moved = c["count"], c["moved"]
    h_p, s_p = _at(b, "hand", player), _at(b, "size", player)
    h_t, s_t = _at(b, "hand", target), _at(b, "size", target)
    stock, stock_r = b["stock"], b["stock_r"]
    zero = int_val(0)
    guard: list[Bool] = []
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
        refill_t = ite(s_t2.eq(0) & (stock > 0), up_to_refill(stock), zero)
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
    return guard, (h_p2, s_p2, h_t2, s_t2, stock2, stock_r2)


def _turn(before: SymState, choice: SymState, *, granted: bool, bug: str) -> Move:
    """One whole turn in which the ask is granted (``granted``) or answered "go fish"."""
    b, c = before, choice
    player, target = b["turn"], c["target"]
    stock = b["stock"]
    zero = int_val(0)
    guard: list[Bool] = [b["over"].eq(0), ask_is_legal(b, target, c["tracked"], c["count"])]

    # Step 2, the answer (backstab_fish.answer.give / answer.go-fish), and T's refill.
    answered, (h_p2, s_p2, h_t2, s_t2, stock2, stock_r2) = _answer(b, c, granted=granted, bug=bug)
    guard += answered

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
    refill_p = ite(s_p3.eq(0) & (stock2 > 0), up_to_refill(stock2), zero)
    guard.append(_draw_ok(c["refill_p"], refill_p, stock2, stock_r2))
    h_p3, s_p3 = h_p3 + c["refill_p"], s_p3 + refill_p
    stock3, stock_r3 = stock2 - refill_p, stock_r2 - c["refill_p"]

    changes: dict[str, Int] = {"stock": stock3, "stock_r": stock_r3}
    sizes: list[Int] = []
    for j in SEATS:
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
    holders = holder_count(sizes)
    over_holders = holders.eq(0) if bug == "no-sole-holder" else holders <= 1
    ends = (stock3.eq(0) & over_holders) | ((b["limit"] > 0) & (stall >= b["limit"]))
    after_next = c["next"]
    size_next = sizes[MAX_PLAYERS - 1]
    for j in reversed(range(MAX_PLAYERS - 1)):
        size_next = ite(after_next.eq(j), sizes[j], size_next)
    skipped_empty = all_of(clockwise_before(target, after_next, j).implies(sizes[j].eq(0)) for j in SEATS)
    guard.append(ends | (after_next.between(0, b["players"] - 1) & (size_next > 0) & skipped_empty))
    changes["stall"] = stall
    changes["over"] = ite(ends, int_val(1), zero)
    changes["turn"] = ite(ends, player, after_next)
    label = "a granted ask" if granted else "a go-fish turn"
    return Move(label, all_of(guard), before.updated(changes), show_inputs=show_turn_inputs)


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
        for j in SEATS
    ]
    return all_of((*per_seat, s["stock_r"].between(0, s["stock"])))


def _conserved(s: SymState) -> Bool:
    """backstab_fish.invariant.card-conservation, counted: all cards, and the tracked rank's."""
    cards = seat_total(s, "size") + s["stock"] + SET * seat_total(s, "sets")
    tracked = seat_total(s, "hand") + s["stock_r"] + seat_total(s, "laid")
    return cards.eq(s["deck"]) & tracked.eq(s["copies"])


def _fours(s: SymState) -> Bool:
    return all_of(s[seat_var("laid", j)].mod(SET).eq(0) for j in SEATS)


def _empty_hand_empty_stock(s: SymState) -> Bool:
    """backstab_fish.invariant.empty-hand-empty-stock (while the game goes on)."""
    seated = [(s["players"] > j) & s[seat_var("size", j)].eq(0) for j in SEATS]
    return s["over"].eq(0).implies(any_of(seated).implies(s["stock"].eq(0)))


def _someone_to_act(s: SymState) -> Bool:
    sizes = [s[seat_var("size", j)] for j in SEATS]
    return (
        s["over"]
        .eq(0)
        .implies((_at(s, "size", s["turn"]) > 0) & ((s["stock"] > 0) | (holder_count(sizes) >= 2)))
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
        for j in SEATS
    ]
    return all_of(
        (
            _options(s),
            *seats,
            s["stock"].eq(deck - dealt),
            s["stock_r"].between(0, s["stock"]),
            (seat_total(s, "hand") + s["stock_r"]).eq(s["copies"]),
            s["turn"].between(0, players - 1),
            s["stall"].eq(0),
            s["over"].eq(0),
        )
    )


def _show_turn_state(v: Mapping[str, int]) -> str:
    players = v["players"]
    limit = "none" if v["limit"] == 0 else str(v["limit"])
    seats = "; ".join(
        f"p{j}: {plural(v[seat_var('size', j)], 'card')} ({v[seat_var('hand', j)]} tracked), "
        f"{plural(v[seat_var('sets', j)], 'set')} laid ({v[seat_var('laid', j)]} tracked cards)"
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
        f"{plural(v['stall'], 'unproductive turn')} in a row; {state}]"
    )


def show_turn_inputs(v: Mapping[str, int]) -> str:
    """A turn's choices as text, for counterexamples."""
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
CONSERVATION_PARTS: Final = (_OPTIONS, _SEATS_PART, _COUNTS, _CONSERVED)
MULTIPLE_PARTS: Final = (*CONSERVATION_PARTS, _FOURS)
PLAY_PARTS: Final = (_OPTIONS, _SEATS_PART, _COUNTS, _EMPTY, _TO_ACT)
"""The parts of the turn invariant that conservation, rank multiples and the legal ask each need."""


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
        *(Var(seat_var(name, j)) for j in SEATS for name in SEAT_VARS),
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
        show_inputs=show_turn_inputs,
    )


TURN_SYSTEM: Final = turn_system()
"""One turn of Backstab Fish over card counts, as the rules say."""
