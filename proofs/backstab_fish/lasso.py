"""The literal Backstab Fish need not end: without the stall limit a position can come back.

backstab_fish/literal-game-ends (backstab_fish.end.stall-limit,
backstab_fish.invariant.termination) says that, without the stall limit, no
position ever comes back within two turns of the deal. It is *expected to be
refuted*: z3 finds a deal and two asks after which the position is the same
again, so the literal game can repeat them for ever. Its companion, the same
search with the stall count in the position, is proved.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from cardrules.cards import Rank
from proofs.backstab_fish.model import SET, clockwise_before, holder_count, plural, up_to_refill
from proofs.claims import Claim, Family
from proofs.z3facade import Bool, Int, Model, all_of, any_of, int_val, int_var, ite, sum_of

__all__ = [
    "LASSO_COPIES",
    "LASSO_HAND",
    "LASSO_PLAYERS",
    "LASSO_RANKS",
    "LASSO_TURNS",
    "LITERAL_GAME_ENDS",
    "LassoModel",
    "describe_lasso",
    "is_productive",
    "lasso_model",
]


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


def is_productive(stock_before: Int, stock_after: Int, sets_laid: Int) -> Bool:
    """backstab_fish.end.stall-limit: a turn is productive when it takes cards from the stock or lays sets."""
    return (stock_after < stock_before) | (sets_laid > 0)


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
    t_draws = ite(sum_of(theirs2).eq(0) & (sum_of(stock2) > 0), up_to_refill(sum_of(stock2)), zero)
    guard += [refill_t[k].between(0, stock2[k]) for k in ranks]
    guard.append(sum_of(refill_t).eq(t_draws))
    theirs3 = [theirs2[k] + refill_t[k] for k in ranks]
    stock3 = [stock2[k] - refill_t[k] for k in ranks]
    # Step 3: any number of sets of each rank; then P's refill.
    lay = m.lay[i]
    guard += [(lay[k] >= 0) & (SET * lay[k] <= mine2[k]) for k in ranks]
    mine3 = [mine2[k] - SET * lay[k] for k in ranks]
    refill_p = m.refill_p[i]
    p_draws = ite(sum_of(mine3).eq(0) & (sum_of(stock3) > 0), up_to_refill(sum_of(stock3)), zero)
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
    productive = is_productive(stock_size, sum_of(stock4), sum_of(lay))
    stall = ite(productive, zero, m.stall[i] + 1)
    guard.append(m.stall[i + 1].eq(stall))
    ends = sum_of(stock4).eq(0) & (holder_count(sizes2) <= 1)
    if limited:
        ends = ends | (stall >= m.limit)
    guard.append(m.over[i + 1].eq(ite(ends, int_val(1), zero)))
    # Step 5: the turn goes to T, or to the first holder clockwise from T.
    nxt = m.turn[i + 1]
    skipped = all_of(clockwise_before(target, nxt, j).implies(sizes2[j].eq(0)) for j in players)
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


_LASSO: Final = Family(("backstab_fish.end.stall-limit", "backstab_fish.invariant.termination"))


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

    return _LASSO.claim(
        name, statement, build, wrong=wrong, describe=describe, expect_counterexample=not limited
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
        answer = f"is handed {plural(asked, 'card')}" if before >= asked else "hears go fish"
        drawn = [k for k in ranks if value(m.drawn[i][k])]
        if drawn:
            answer += f" and draws a {_rank_name(drawn[0])}"
        laid = sum(value(x) for x in m.lay[i])
        lays = f", lays {plural(laid, 'set')}" if laid else ", lays nothing"
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
