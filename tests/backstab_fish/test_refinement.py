"""The Backstab Fish model refines the engine.

These tests read engine states, reached by random legal play under random
options, as the z3 model's variables: the model's invariant holds in each of
them, the model's legal asks are the engine's, and every turn the engine plays
(ask, answer, lay-down, refills, end check, next player) is a move of the model
that leads to the engine's next state. The loop z3 finds in the literal game is
replayed in the engine, where it repeats for ever without the stall limit and
ends at the stall limit with it.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cardrules
from cardrules.cards import STANDARD_DECK, Card
from cardrules.game import TERMINAL
from cardrules.games.backstab_fish import (
    ASK,
    LAY_DOWN,
    STALL_LIMIT,
    Ask,
    BackstabFishGame,
    BackstabFishState,
    Deck,
    EmptyTarget,
    EndTurn,
    FishRank,
    Give,
    LayDown,
    LayDownRule,
    parse_rank,
)
from proofs.backstab_fish import lasso, model
from proofs.claims import Report
from proofs.induction import SymState
from proofs.z3facade import (
    Binding,
    Bool,
    all_of,
    evaluate_bool,
    partial,
)
from tests.support.proofs import NO_SHRINKING, SEEDS, report_of

# -- the model on concrete values -------------------------------------------------------------

_ALL_PARTS: Final = model.TURN_SYSTEM


@dataclass(frozen=True, slots=True)
class _Terms:
    """The model's terms, built once: a turn as a formula over before, inputs and after variables."""

    before: SymState
    choice: SymState
    after: SymState
    parts: tuple[tuple[str, Bool], ...]
    granted: Bool
    go_fish: Bool
    ask: Bool


def _turn_formula(move_guard: Bool, move_after: SymState, after: SymState) -> Bool:
    return move_guard & all_of(move_after[name].eq(after[name]) for name in after.terms)


@pytest.fixture(scope="module")
def terms() -> _Terms:
    system = model.TURN_SYSTEM
    before = SymState.fresh("refine", system.variables)
    choice = SymState.fresh("refine input", system.inputs)
    after = SymState.fresh("refine after", system.variables)
    granted, go_fish = system.step(before, choice)
    return _Terms(
        before=before,
        choice=choice,
        after=after,
        parts=tuple((part.name, part.holds(before)) for part in system.invariant),
        granted=_turn_formula(granted.guard, granted.after, after),
        go_fish=_turn_formula(go_fish.guard, go_fish.after, after),
        ask=model.ask_is_legal(before, choice["target"], choice["tracked"], choice["count"]),
    )


def _bindings(terms: _Terms, before: Mapping[str, int], **others: Mapping[str, int]) -> list[Binding]:
    pairs = terms.before.bindings(before)
    if "choice" in others:
        pairs += terms.choice.bindings(others["choice"])
    if "after" in others:
        pairs += terms.after.bindings(others["after"])
    return pairs


def _values(state: BackstabFishState, rank: int, *, undo_final: bool = False) -> dict[str, int]:
    """The state as the turn model's variables, following ``rank``.

    With ``undo_final``, a finished game is read as it stood before the final
    lay-down, which the turn model leaves out (it is in claim backstab_fish/end-total).
    """
    options = state.options
    players = state.players
    hands = [list(state.hand_counts(seat)) for seat in range(players)]
    sizes = list(state.sizes)
    laid = [list(state.laid_counts(seat)) for seat in range(players)]
    points = list(state.points)
    if undo_final and state.is_terminal:
        for event in state.events:
            if event.kind == "final-lay-down":
                for set_rank in event.sets:
                    hands[event.seat][set_rank] += model.SET
                    laid[event.seat][set_rank] -= 1
                sizes[event.seat] += model.SET * len(event.sets)
                points[event.seat] -= len(event.sets)
    values = {
        "players": players,
        "deck": state.deal.size,
        "copies": options.copies[rank],
        "give_all": int(options.give is Give.ALL_OF_RANK),
        "empty_ok": int(options.empty_target is EmptyTarget.ALLOWED),
        "compulsory": int(options.lay_down is LayDownRule.COMPULSORY),
        "limit": 0 if options.stall_limit is None else options.stall_limit,
        "stock": state.stock_size,
        "stock_r": sum(1 for r in state.deal.ranks[state.stock :] if r == rank),
        "turn": state.current_player,
        "stall": state.stall,
        "over": int(state.is_terminal),
    }
    for seat in range(model.MAX_PLAYERS):
        seated = seat < players
        values[model.seat_var("hand", seat)] = hands[seat][rank] if seated else 0
        values[model.seat_var("size", seat)] = sizes[seat] if seated else 0
        values[model.seat_var("laid", seat)] = model.SET * laid[seat][rank] if seated else 0
        values[model.seat_var("sets", seat)] = points[seat] if seated else 0
    return values


def _inputs(before: BackstabFishState, ask: Ask, after: BackstabFishState, rank: int) -> dict[str, int]:
    """The turn's choices, read from the public events and the dealt deck order."""
    events = after.events[len(before.events) :]
    ranks = before.deal.ranks
    position = before.stock
    moved = drawn_r = refill_t = refill_p = lay_r = lay_o = 0
    for event in events:
        if event.kind == "give":
            moved = event.count
        elif event.kind == "go-fish" and position < len(ranks):
            drawn_r = int(ranks[position] == rank)
            position += 1
        elif event.kind == "refill":
            taken = ranks[position : position + event.count]
            position += event.count
            if event.seat == ask.target:
                refill_t = taken.count(rank)
            else:
                refill_p = taken.count(rank)
        elif event.kind == "lay-down":
            lay_r = sum(1 for r in event.sets if r == rank)
            lay_o = len(event.sets) - lay_r
    assert position == after.stock, "the events account for every card taken from the stock"
    return {
        "target": ask.target,
        "tracked": int(ask.rank == rank),
        "count": ask.count,
        "moved": moved,
        "drawn_r": drawn_r,
        "refill_t": refill_t,
        "lay_r": lay_r,
        "lay_o": lay_o,
        "refill_p": refill_p,
        "next": before.current_player if after.is_terminal else after.current_player,
    }


def _check_invariant(terms: _Terms, values: Mapping[str, int], state: BackstabFishState) -> None:
    bindings = _bindings(terms, values)
    broken = [name for name, holds in terms.parts if not evaluate_bool(holds, bindings)]
    assert not broken, f"{state.compact()} breaks the model's invariant: {broken}"


def _check_legal_asks(terms: _Terms, state: BackstabFishState) -> None:
    """backstab_fish.ask.*: the engine's legal asks are exactly those the model allows."""
    engine = {(a.target, int(a.rank), a.count) for a in state.legal_actions() if isinstance(a, Ask)}
    assert len(engine) == len(state.legal_actions())
    modelled: set[tuple[int, int, int]] = set()
    counts = state.hand_counts(state.current_player)
    for rank, copies in enumerate(state.options.copies):
        if not copies:
            continue
        # The state's values once per rank; then each (target, count) on the small formula left.
        ask = partial(terms.ask, [*_bindings(terms, _values(state, rank)), (terms.choice["tracked"], 1)])
        for target in range(model.MAX_PLAYERS):
            for asked in range(model.MAX_COPIES + 2):
                choice: list[Binding] = [(terms.choice["target"], target), (terms.choice["count"], asked)]
                if evaluate_bool(ask, choice):
                    modelled.add((target, rank, asked))
        assert bool(counts[rank]) == any(key[1] == rank for key in modelled), (
            f"rank {rank} of {state.compact()}"
        )
    missing, extra = sorted(engine - modelled), sorted(modelled - engine)
    assert engine == modelled, f"{state.compact()}: the model lacks {missing} and adds {extra}"


def _check_turn(
    terms: _Terms, before: BackstabFishState, ask: Ask, after: BackstabFishState, rank: int
) -> None:
    """The turn the engine played is a move of the model from ``before`` to ``after``, following ``rank``."""
    values = _values(before, rank)
    _check_invariant(terms, values, before)
    choice = _inputs(before, ask, after, rank)
    following = _values(after, rank, undo_final=True)
    if after.is_terminal:
        following["turn"] = before.current_player
    formula = terms.granted if choice["moved"] else terms.go_fish
    bindings = _bindings(terms, values, choice=choice, after=following)
    assert evaluate_bool(formula, bindings), (
        f"the model has no turn {choice} from {before.compact()} to {after.compact()} (rank {rank})"
    )


def _play_turn(state: BackstabFishState, rng: random.Random) -> tuple[Ask, BackstabFishState]:
    """One whole turn by random legal choices: the ask and any lay-down decision."""
    assert state.phase == ASK
    ask = rng.choice(state.legal_actions())
    assert isinstance(ask, Ask)
    after = state.apply(ask)
    if not after.is_terminal and after.phase == LAY_DOWN:
        # backstab_fish.invariant.legal-set-nonempty: laying nothing is always a choice.
        assert EndTurn(ask.seat) in after.legal_actions()
        choice = rng.choice(after.legal_actions())
        assert isinstance(choice, LayDown | EndTurn)
        after = after.apply(choice)
    return ask, after


_OPTIONS: Final = st.fixed_dictionaries(
    {
        "players": st.integers(model.MIN_PLAYERS, model.MAX_PLAYERS),
        "deck": st.sampled_from([deck.value for deck in Deck]),
        "give": st.sampled_from(["exact", "all-of-rank"]),
        "empty_target": st.sampled_from(["forbidden", "allowed"]),
        "lay_down": st.sampled_from(["optional", "compulsory"]),
        "stall_limit": st.sampled_from(["1", "3", "40", "none"]),
        "final_lay_down": st.sampled_from(["on", "off"]),
    }
)
_EXAMPLES: Final = max(3, settings().max_examples // 5)
_TURNS: Final = 40
"""Turns checked per game: z3 evaluates the model on each, which takes tens of milliseconds."""


@pytest.mark.rule("backstab_fish.invariant.card-conservation")
@pytest.mark.rule("backstab_fish.invariant.rank-multiples")
@pytest.mark.rule("backstab_fish.invariant.empty-hand-empty-stock")
@pytest.mark.rule("backstab_fish.invariant.legal-set-nonempty")
@pytest.mark.rule("backstab_fish.invariant.monotone")
@pytest.mark.rule("backstab_fish.turn.sequence")
@pytest.mark.rule("backstab_fish.turn.next")
@pytest.mark.rule("backstab_fish.turn.skip-empty")
@pytest.mark.rule("backstab_fish.ask.target")
@pytest.mark.rule("backstab_fish.ask.rank")
@pytest.mark.rule("backstab_fish.ask.count")
@pytest.mark.rule("backstab_fish.answer.give")
@pytest.mark.rule("backstab_fish.answer.go-fish")
@pytest.mark.rule("backstab_fish.sets.lay-down")
@pytest.mark.rule("backstab_fish.refill.seven")
@pytest.mark.rule("backstab_fish.end.all-empty")
@pytest.mark.rule("backstab_fish.end.sole-holder")
@pytest.mark.rule("backstab_fish.end.stall-limit")
@settings(max_examples=_EXAMPLES, phases=NO_SHRINKING)
@given(options=_OPTIONS, seed=SEEDS, policy=SEEDS, later=st.sampled_from([0, 0, 60, 300]))
def test_random_play_refines_the_turn_model(
    terms: _Terms, options: dict[str, str], seed: int, policy: int, later: int
) -> None:
    """Every turn of a random game is a move of the model, and the model's legal asks are the engine's.

    ``later`` turns are played unchecked first, so that games are also
    checked late, once the stock is empty and players are skipped.
    """
    state = cardrules.get_game("backstab_fish", **options).new_game(seed=seed)
    assert isinstance(state, BackstabFishState)
    rng = random.Random(policy)
    ranks = [rank for rank, copies in enumerate(state.options.copies) if copies]
    for _ in range(later):
        if state.is_terminal:
            break
        _ask, state = _play_turn(state, rng)
    for turn in range(_TURNS):
        if state.is_terminal:
            break
        if turn % 8 == 0:
            _check_legal_asks(terms, state)
        ask, after = _play_turn(state, rng)
        # Follow the rank asked on even turns, any rank on odd ones (often one nobody asked for).
        _check_turn(terms, state, ask, after, int(ask.rank) if turn % 2 == 0 else rng.choice(ranks))
        state = after
    if state.is_terminal:
        assert state.legal_actions() == ()


@pytest.mark.rule("backstab_fish.invariant.termination")
@pytest.mark.rule("backstab_fish.end.stall-limit")
@pytest.mark.rule("backstab_fish.invariant.end-state")
@settings(max_examples=_EXAMPLES, phases=NO_SHRINKING)
@given(options=_OPTIONS, seed=SEEDS, policy=SEEDS)
def test_random_games_end_within_the_proved_bound(options: dict[str, str], seed: int, policy: int) -> None:
    """A whole random game under a finite stall limit ends within (S0 + D/4 + 1) x K turns."""
    if options["stall_limit"] == "none":
        options = dict(options, stall_limit="3")
    state = cardrules.get_game("backstab_fish", **options).new_game(seed=seed)
    assert isinstance(state, BackstabFishState)
    limit = state.options.stall_limit
    assert limit is not None
    start = state.stock_size
    sets = state.deal.size // model.SET
    bound = (start + sets + 1) * limit
    rng = random.Random(policy)
    while not state.is_terminal:
        assert state.turns < bound
        _ask, state = _play_turn(state, rng)
    assert state.turns <= bound
    total = sum(state.scores())
    assert total <= sets
    if state.end_rule != STALL_LIMIT and state.options.final_lay_down.value == "on":
        assert total == sets


def test_the_bound_with_the_defaults_is_41200_turns() -> None:
    state = cardrules.get_game("backstab_fish").new_game(seed=1)
    assert isinstance(state, BackstabFishState)
    limit = state.options.stall_limit
    assert limit == 400
    assert (state.stock_size + state.deal.size // model.SET + 1) * limit == 41_200


def test_the_model_decks_are_the_engine_decks() -> None:
    for shape in model.DECKS:
        game = cardrules.get_game("backstab_fish", deck=shape.option)
        assert isinstance(game, BackstabFishGame)
        assert len(game.pack()) == shape.size
        copies = tuple(c for c in game.options.copies if c)
        assert copies == shape.copies
    assert model.REFILL == 7


def test_the_refinement_checks_can_fail(terms: _Terms) -> None:
    """The evaluated model tells turns apart, so the checks above can fail."""
    state = cardrules.get_game("backstab_fish", players=5).new_game(seed=3)
    assert isinstance(state, BackstabFishState)
    rng = random.Random(0)
    ask, after = _play_turn(state, rng)
    rank = int(ask.rank)
    _check_turn(terms, state, ask, after, rank)
    # The same turn with one card fewer in the asker's hand afterwards is no move of the model.
    values, choice = _values(state, rank), _inputs(state, ask, after, rank)
    following = _values(after, rank)
    formula = terms.granted if choice["moved"] else terms.go_fish
    assert evaluate_bool(formula, _bindings(terms, values, choice=choice, after=following))
    seat = model.seat_var("size", state.current_player)
    broken = dict(following, **{seat: following[seat] - 1})
    assert not evaluate_bool(formula, _bindings(terms, values, choice=choice, after=broken))
    # A state with a card too many breaks conservation.
    assert not evaluate_bool(
        all_of(holds for _name, holds in terms.parts),
        _bindings(terms, dict(values, stock=values["stock"] + 1)),
    )
    # Asking oneself is never legal in the model.
    me = {"target": state.current_player, "tracked": 1, "count": 1}
    assert not evaluate_bool(terms.ask, _bindings(terms, _values(state, rank), choice=me))


# -- the loop of the literal game, replayed in the engine ---------------------------------------


@pytest.fixture(scope="module")
def literal_report() -> Report:
    """The loop search, run once per test run (the proof tests check the same report)."""
    return report_of(lasso.LITERAL_GAME_ENDS)


@dataclass(frozen=True, slots=True)
class _Loop:
    """The loop z3 found: the deal's hands (counts per rank), the first player, the asks up to and in it."""

    hands: tuple[tuple[int, ...], ...]
    first: int
    lead_in: tuple[tuple[int, int, int, int], ...]
    asks: tuple[tuple[int, int, int, int], ...]
    """(asker, target, rank, count) of each turn of the loop."""


_DEAL_LINE: Final = re.compile(r"^deal \(.*\), p(\d+) first: (.*)$")
_TURN_LINE: Final = re.compile(r"^turn (\d+): p(\d+) asks p(\d+) for (\d+) of rank (\S+), ")
_REPEAT_LINE: Final = re.compile(
    r"^the position after turn (\d+) .* is the one after (?:the deal|turn (\d+)):"
)


def _read_loop(text: str) -> _Loop:
    """The loop as the proofs table prints it (so what the table shows is what the engine replays)."""
    lines = [line.strip() for line in text.splitlines()]
    deal = _DEAL_LINE.match(lines[0])
    assert deal is not None, lines[0]
    hands: list[tuple[int, ...]] = []
    for part in deal.group(2).split("; "):
        _seat, cards = part.split(": ")
        counts = [0] * lasso.LASSO_RANKS
        for token in cards.split():
            if token != "-":
                counts[int(parse_rank(token))] += 1
        hands.append(tuple(counts))
    turns: list[tuple[int, int, int, int]] = []
    for line in lines[1:]:
        turn = _TURN_LINE.match(line)
        if turn is not None:
            asker, target, asked = int(turn.group(2)), int(turn.group(3)), int(turn.group(4))
            turns.append((asker, target, int(parse_rank(turn.group(5))), asked))
    repeat = _REPEAT_LINE.match(lines[-1])
    assert repeat is not None, lines[-1]
    end, start = int(repeat.group(1)), int(repeat.group(2) or 0)
    assert len(turns) == end
    return _Loop(tuple(hands), int(deal.group(1)), tuple(turns[:start]), tuple(turns[start:end]))


def _deck_for(loop: _Loop) -> list[Card]:
    """A deck order (two packs) that deals the loop's hands, the first player being ``loop.first``."""
    pool: dict[int, list[Card]] = {}
    for card in STANDARD_DECK * 2:
        pool.setdefault(int(card.rank) - 2, []).append(card)
    hands = [[pool[rank].pop() for rank, n in enumerate(counts) for _ in range(n)] for counts in loop.hands]
    players = len(loop.hands)
    order: list[Card] = []
    for k in range(lasso.LASSO_HAND * players):
        seat = (loop.first + k) % players
        order.append(hands[seat][k // players])
    order += [card for cards in pool.values() for card in cards]
    return order


def _position(state: BackstabFishState) -> tuple[object, ...]:
    return (state.hands, state.sizes, state.stock, state.laid, state.current_player, state.phase)


def _run_loop(state: BackstabFishState, loop: _Loop) -> BackstabFishState:
    for asker, target, rank, asked in loop.asks:
        assert state.current_player == asker
        state = state.apply(state.parse_action(f"p{asker} ask p{target} for {asked} {FishRank(rank).token}"))
        if not state.is_terminal and state.phase == LAY_DOWN:
            state = state.apply(EndTurn(asker))
    return state


@pytest.mark.rule("backstab_fish.end.stall-limit")
@pytest.mark.rule("backstab_fish.invariant.termination")
@pytest.mark.rule("backstab_fish.turn.next")
def test_the_loop_found_by_z3_repeats_in_the_engine_until_the_stall_limit(literal_report: Report) -> None:
    loop = _read_loop(literal_report.claim.counterexample or "")
    assert all(sum(hand) == lasso.LASSO_HAND for hand in loop.hands)
    assert (
        Counter(rank for hand in loop.hands for rank, n in enumerate(hand) for _ in range(n)).most_common(1)[
            0
        ][1]
        <= 8
    )
    deck = _deck_for(loop)
    dealer = (loop.first - 1) % lasso.LASSO_PLAYERS
    literal = cardrules.get_game("backstab_fish", stall_limit="none").from_deal(deck, dealer=dealer)
    assert isinstance(literal, BackstabFishState)
    assert tuple(literal.hand_counts(seat)[:13] for seat in range(4)) == loop.hands
    state = _run_loop(literal, _Loop(loop.hands, loop.first, (), loop.lead_in))
    start = _position(state)
    for _ in range(50):
        state = _run_loop(state, loop)
        assert _position(state) == start, "the loop brings the position back"
        assert not state.is_terminal
    assert state.turns == len(loop.lead_in) + 50 * len(loop.asks) and state.stall == 50 * len(loop.asks)
    # The library's default stall limit cuts the same loop after exactly K unproductive turns.
    limited = cardrules.get_game("backstab_fish").from_deal(deck, dealer=dealer)
    assert isinstance(limited, BackstabFishState)
    limit = limited.options.stall_limit
    assert limit == 400
    state = _run_loop(limited, _Loop(loop.hands, loop.first, (), loop.lead_in))
    start = _position(state)
    while not state.is_terminal:
        state = _run_loop(state, loop)
        assert state.current_player == TERMINAL or _position(state) == start
    assert state.end_rule == STALL_LIMIT
    assert state.turns == limit


def test_an_engine_that_lets_a_player_ask_for_a_rank_not_held_fails_the_refinement(
    terms: _Terms, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The break backstab_fish/legal-set-nonempty refutes in the model, made in the engine, is caught.

    With backstab_fish.ask.rank dropped from the engine (every rank askable),
    the engine's legal asks are no longer the model's.
    """
    import cardrules.games.backstab_fish.turn as engine_turn

    state = cardrules.get_game("backstab_fish", players=4).new_game(seed=3)
    assert isinstance(state, BackstabFishState)
    _check_legal_asks(terms, state)
    monkeypatch.setattr(engine_turn, "askable_ranks", lambda hand: int("1" * 14, 16))
    broken = cardrules.get_game("backstab_fish", players=4).new_game(
        seed=3
    )  # the asks are worked out as built
    assert isinstance(broken, BackstabFishState)
    with pytest.raises(AssertionError, match="the model lacks"):
        _check_legal_asks(terms, broken)
