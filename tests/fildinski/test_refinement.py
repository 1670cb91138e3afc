"""The Fildinski model refines the engine.

Hypothesis plays random legal deals of the engine under random options and,
on every state reached, evaluates the z3 model's terms on the engine's
concrete values:

- the legal set: the engine's legal cards are the whole hand for a leader and
  in the stock phase, and the model's endgame legal set (both its mask chain
  and its card-by-card reading) for the endgame follower;
- the trick winner: the seat that wins each trick is the one
  :func:`proofs.fildinski.model.follower_wins` picks, and the trick's card
  points are :func:`proofs.fildinski.model.trick_points`;
- conservation: each state, read as the model's eight zones and counters,
  satisfies every part of the conservation invariant and its goal, each
  engine action is a move (or a short sequence of moves) the model allows,
  and the model's move leads to the engine's next state; the zone sizes
  satisfy the size invariant;
- card points: at each deal's end the engine's brisque, trump-7 and last-trick
  points satisfy the points model's invariant and goal (180, plus 10 for the
  last trick; 190 or 180 after a from_trick dix).

A last test feeds the engine's trick functions arbitrary hands (1 to 8 ids,
twins allowed), led cards and trumps, beyond the states play reaches.

The model's terms are built once per module and evaluated by substitution.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Final

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cardrules
from cardrules.game import Action
from cardrules.games.fildinski import (
    Category,
    DeclareMelds,
    Dix,
    FildinskiState,
    PlayCard,
    follower_wins,
    legal_follow,
)
from cardrules.games.fildinski.cards import card_id
from proofs.fildinski import conservation, model, points
from proofs.induction import Move, SymState
from proofs.z3facade import (
    Binding,
    BitVec,
    Bool,
    Int,
    bv_var,
    evaluate_bool,
    evaluate_bv,
    evaluate_int,
)
from tests.support.proofs import NO_SHRINKING, SEEDS, value_of

# -- the refinement test ------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Terms:
    """Every z3 term the refinement checks evaluate, built once."""

    follow: model.FollowVars
    legal: BitVec
    legal_spec: BitVec
    led: BitVec
    played: BitVec
    trump: BitVec
    captured: Bool
    wins: Bool
    points: tuple[Int, Int]
    deal: SymState
    deal_choice: SymState
    moves: Mapping[str, Move]
    deal_parts: tuple[Bool, ...]
    deal_goal: Bool
    sizes: SymState
    sizes_parts: tuple[Bool, ...]
    sizes_goal: Bool
    points_state: SymState
    points_parts: tuple[Bool, ...]
    points_goal: Bool

    def endgame_legal(self, hand: int, led: int, trump: int) -> tuple[int, int]:
        bindings: list[Binding] = [
            (self.follow.hand, hand),
            (self.follow.led, led),
            (self.follow.trump, trump),
        ]
        return evaluate_bv(self.legal, bindings), evaluate_bv(self.legal_spec, bindings)

    def trick(self, led: int, played: int, trump: int, captured: bool) -> tuple[bool, int, int]:
        """Whether the follower wins, and the (leader, follower) card points."""
        bindings: list[Binding] = [
            (self.led, led),
            (self.played, played),
            (self.trump, trump),
            (self.captured, captured),
        ]
        wins = evaluate_bool(self.wins, bindings)
        return wins, evaluate_int(self.points[0], bindings), evaluate_int(self.points[1], bindings)

    def move(self, label: str, values: Mapping[str, int], choice: Mapping[str, int]) -> dict[str, int]:
        """The model's state after the move ``label`` from ``values``; the move must be allowed there."""
        move = self.moves[label]
        bindings = [*self.deal.bindings(values), *self.deal_choice.bindings(choice)]
        assert evaluate_bool(move.guard, bindings), f"the model does not allow {label} {dict(choice)} here"
        unchanged = self.deal.terms
        return {
            name: values[name] if term is unchanged[name] else value_of(term, bindings)
            for name, term in move.after.terms.items()
        }

    def holds(self, formulas: tuple[Bool, ...], state: SymState, values: Mapping[str, int]) -> bool:
        bindings = state.bindings(values)
        return all(evaluate_bool(formula, bindings) for formula in formulas)


def _move_key(label: str) -> str:
    """``p0 plays``, ``p1 draws``, ``p0 exchanges from hand``, ``next`` ... from a move's label."""
    if label.startswith("the next trick"):
        return "next"
    words = label.split(" (")[0].split()
    if "exchanges" in words:
        return f"{words[0]} exchanges {'from hand' if 'hand' in words else 'from the won pile'}"
    return f"{words[0]} {words[1]}"


@cache
def _terms() -> _Terms:
    follow = model.follow_vars()
    led, played, trump = bv_var("refine led", 6), bv_var("refine played", 6), bv_var("refine trump", 2)
    captured = bv_var("refine captured", 1).eq(1)
    wins = model.follower_wins(led, played, trump)
    deal = SymState.fresh("refine deal", conservation.DEAL_SYSTEM.variables)
    deal_choice = SymState.fresh("refine deal input", conservation.DEAL_SYSTEM.inputs)
    moves = {_move_key(move.label): move for move in conservation.DEAL_SYSTEM.step(deal, deal_choice)}
    sizes = SymState.fresh("refine sizes", conservation.SIZES_SYSTEM.variables)
    points_state = SymState.fresh("refine points", points.POINTS_SYSTEM.variables)
    return _Terms(
        follow=follow,
        legal=follow.legal,
        legal_spec=model.endgame_legal_spec(follow.hand, follow.led, follow.trump),
        led=led,
        played=played,
        trump=trump,
        captured=captured,
        wins=wins,
        points=model.trick_points(led, played, trump, wins, captured),
        deal=deal,
        deal_choice=deal_choice,
        moves=moves,
        deal_parts=tuple(part.holds(deal) for part in conservation.DEAL_SYSTEM.invariant),
        deal_goal=conservation.DEAL_SYSTEM.goal(deal),
        sizes=sizes,
        sizes_parts=tuple(part.holds(sizes) for part in conservation.SIZES_SYSTEM.invariant),
        sizes_goal=conservation.SIZES_SYSTEM.goal(sizes),
        points_state=points_state,
        points_parts=tuple(part.holds(points_state) for part in points.POINTS_SYSTEM.invariant),
        points_goal=points.POINTS_SYSTEM.goal(points_state),
    )


DEAL_END: Final = 32
"""Tricks in a deal: a state with all of them won is the deal's end, the model's last meld phase."""


def _zones(state: FildinskiState) -> dict[str, int]:
    """The engine's state as the conservation model's variables (the draws of a step are never half done)."""
    return {
        "hand0": state.hands[0],
        "hand1": state.hands[1],
        "stock": state.stock_mask,
        "trick": state.trick_mask,
        "won0": state.won[0],
        "won1": state.won[1],
        "retired0": state.retired[0],
        "retired1": state.retired[1],
        "turnup": state.turnup,
        "trump": state.deal.trump,
        "tricks": state.tricks_done,
        "played": len(state.trick),
        # the deal's end (trick 32 won, its meld step over if there was one) is the model's last meld phase
        "phase": int(state.in_meld_step or state.tricks_done == DEAL_END),
        "drawn": 0,
        "leader": state.leader,
        "exchanges": int(state.dix_done),
    }


def _sizes(state: FildinskiState) -> dict[str, int]:
    return {
        "hand0": state.hands[0].bit_count(),
        "hand1": state.hands[1].bit_count(),
        "stock": state.stock_mask.bit_count(),
        "trick": len(state.trick),
        "table": (state.won[0] | state.won[1] | state.retired[0] | state.retired[1]).bit_count(),
        "tricks": state.tricks_done,
        "played": len(state.trick),
        # the deal's end (trick 32 won, its meld step over if there was one) is the model's last meld phase
        "phase": int(state.in_meld_step or state.tricks_done == DEAL_END),
        "drawn": 0,
        "leader": state.leader,
    }


def _check_state(terms: _Terms, state: FildinskiState) -> None:
    """Every part of the conservation and size invariants, and their goals, hold on the engine's state."""
    zones, sizes = _zones(state), _sizes(state)
    assert terms.holds((*terms.deal_parts, terms.deal_goal), terms.deal, zones), state.compact()
    assert terms.holds((*terms.sizes_parts, terms.sizes_goal), terms.sizes, sizes), (sizes, state.compact())


def _check_legal(terms: _Terms, state: FildinskiState) -> None:
    """fildinski.play.free-play and fildinski.endgame.legal-set: the engine's legal cards are the model's."""
    seat = state.current_player
    hand = state.hands[seat]
    if state.trick and state.in_endgame:
        legal, spec = terms.endgame_legal(hand, state.trick[0], state.deal.trump)
        assert legal == spec
    else:
        legal = hand
    assert state.legal_mask() == legal, (
        f"engine {state.legal_mask():x} != model {legal:x} in {state.compact()}"
    )
    kinds = {card_id(action.card, 1) >> 1 for action in state.legal_actions() if isinstance(action, PlayCard)}
    assert kinds == {card >> 1 for card in range(64) if legal >> card & 1}
    assert len(kinds) == len(state.legal_actions()), "a kind is listed twice"


def _card_points(points: tuple[int, ...]) -> tuple[int, int]:
    return (
        points[2 * Category.BRISQUES] + points[2 * Category.TRUMP_SEVENS],
        points[2 * Category.BRISQUES + 1] + points[2 * Category.TRUMP_SEVENS + 1],
    )


def _check_deal_points(terms: _Terms, points: tuple[int, ...], trump: int, state: FildinskiState) -> None:
    """At a deal's end the engine's card points satisfy the points model's invariant and goal."""
    exchange = state.dix if state.options.dix_exchange.value == "from_trick" else None
    lost = 10 if exchange is not None and (exchange.taken >> 1) & 7 >= 6 else 0
    seats = _card_points(points)
    values = {
        "unplayed": 0,
        "trick": 0,
        "trump": trump,
        "tricks": 32,
        "played": 0,
        "leader": 0,
        "captured": int(state.options.trump_seven_points.value == "captured"),
        "final": int(state.options.last_trick_bonus.value == "final"),
        "exchanged": int(exchange is not None),
        "lost": lost,
        "brisques": points[2 * Category.BRISQUES] + points[2 * Category.BRISQUES + 1],
        "sevens": points[2 * Category.TRUMP_SEVENS] + points[2 * Category.TRUMP_SEVENS + 1],
        "bonus": points[2 * Category.LAST_TRICK] + points[2 * Category.LAST_TRICK + 1],
        "points0": seats[0],
        "points1": seats[1],
    }
    assert terms.holds((*terms.points_parts, terms.points_goal), terms.points_state, values), values


def _check_play(terms: _Terms, before: FildinskiState, action: PlayCard, after: FildinskiState) -> None:
    """A card play against the model: the move, the trick's winner, its points, and the next state."""
    seat = action.seat
    same_deal = after.deal_number == before.deal_number and not after.is_terminal
    hand = before.hands[seat]
    if same_deal:
        card = after.plays[-1][1]
    else:
        assert hand.bit_count() == 1, "a deal ends only with the last card of a hand"
        card = hand.bit_length() - 1
    values = terms.move(f"p{seat} plays", _zones(before), {"card": card, "meld": 0})
    if not before.trick:
        assert values == _zones(after), f"the model's play of {action.card} differs in {before.compact()}"
        return
    led = before.trick[0]
    captured = before.options.trump_seven_points.value == "captured"
    follower_won, lead_points, follow_points = terms.trick(led, card, before.deal.trump, captured)
    winner = seat if follower_won else before.leader
    values = terms.move(f"p{winner} wins", values, {"card": 0, "meld": 0})
    assert terms.holds((*terms.deal_parts, terms.deal_goal), terms.deal, values)
    points_after = after.points if same_deal else after.finished_deals[-1].points
    # The engine scores a trick's card points when its second card is played.
    gained = [a - b for a, b in zip(_card_points(points_after), _card_points(before.points), strict=True)]
    expected = [0, 0]
    expected[before.leader] += lead_points
    expected[seat] += follow_points
    assert gained == expected, f"trick {before.tricks_done + 1}: engine {gained}, model {expected}"
    if not same_deal:
        _check_deal_points(terms, points_after, before.deal.trump, before)
        return
    assert after.leader == winner, f"engine: p{after.leader} won; model: p{winner}"
    if not after.in_meld_step:
        values = terms.move("next", values, {"card": 0, "meld": 0})
    assert values == _zones(after), f"the model's trick differs after {before.compact()}"


def _check_meld_step(terms: _Terms, before: FildinskiState, action: Action, after: FildinskiState) -> None:
    """A dix or the end of a meld step (melds retired, then the draws) against the model's moves."""
    seat = action.seat
    values = _zones(before)
    if isinstance(action, Dix):
        assert after.dix is not None
        source = "from hand" if before.options.dix_exchange.value == "from_hand" else "from the won pile"
        values = terms.move(f"p{seat} exchanges {source}", values, {"card": after.dix.seven, "meld": 0})
        assert values == _zones(after), f"the model's dix differs in {before.compact()}"
        return
    assert isinstance(action, DeclareMelds)
    if before.options.melded_cards.value == "removed":
        for event in after.melds[len(before.melds) :] if after.deal_number == before.deal_number else ():
            values = terms.move(f"p{seat} retires", values, {"card": 0, "meld": event.cards})
    stock = before.stock
    if stock:
        values = terms.move(f"p{seat} draws", values, {"card": stock[0], "meld": 0})
        values = terms.move(f"p{1 - seat} draws", values, {"card": stock[1], "meld": 0})
    assert terms.holds((*terms.deal_parts, terms.deal_goal), terms.deal, values)
    if after.deal_number != before.deal_number or after.is_terminal:
        _check_deal_points(terms, after.finished_deals[-1].points, before.deal.trump, before)
        return
    values = terms.move("next", values, {"card": 0, "meld": 0})
    assert values == _zones(after), f"the model's meld step differs after {before.compact()}"


_OPTIONS: Final = st.fixed_dictionaries(
    {
        "trump_seven_points": st.sampled_from(["played", "captured"]),
        "last_trick_bonus": st.sampled_from(["final", "stock_end"]),
        "dix_exchange": st.sampled_from(["from_hand", "from_trick"]),
        "melded_cards": st.sampled_from(["stay", "removed"]),
        "meld_needs_trick_card": st.booleans(),
        "meld_in_endgame": st.booleans(),
        "bezique_pair": st.sampled_from(["standard", "klaverjas_hartendame"]),
    }
)
_EXAMPLES: Final = max(3, settings().max_examples // 4)
"""One example plays a whole deal, so a quarter of the profile's examples (at least three)."""


def _prefer(actions: tuple[Action, ...], rng: random.Random) -> Action:
    """A random legal action, melding and exchanging more often than a uniform pick would."""
    special = [a for a in actions if isinstance(a, Dix) or (isinstance(a, DeclareMelds) and a.melds)]
    if special and rng.random() < 0.7:
        return rng.choice(special)
    return rng.choice(actions)


@pytest.mark.rule("fildinski.endgame.legal-set")
@pytest.mark.rule("fildinski.play.free-play")
@pytest.mark.rule("fildinski.play.trick-winner")
@pytest.mark.rule("fildinski.score.brisques")
@pytest.mark.rule("fildinski.score.trump-seven")
@pytest.mark.rule("fildinski.score.last-trick")
@pytest.mark.rule("fildinski.deck.composition")
@pytest.mark.rule("fildinski.play.won-cards")
@pytest.mark.rule("fildinski.dix.exchange")
@settings(max_examples=_EXAMPLES, phases=NO_SHRINKING)
@given(options=_OPTIONS, seed=SEEDS, choices=SEEDS)
def test_engine_refines_the_model_over_a_whole_deal(
    options: dict[str, object], seed: int, choices: int
) -> None:
    """Random legal play of one whole deal: every state and every step is what the model says."""
    terms = _terms()
    state = cardrules.get_game("fildinski", **options).new_game(seed=seed)
    assert isinstance(state, FildinskiState)
    rng = random.Random(choices)
    tricks = 0
    while not state.is_terminal and state.deal_number == 1:
        _check_state(terms, state)
        actions = state.legal_actions()
        assert actions, "a live state has a legal action"
        action = _prefer(actions, rng)
        assert isinstance(action, Action)
        after = state.apply(action)
        if isinstance(action, PlayCard):
            _check_legal(terms, state)
            _check_play(terms, state, action, after)
            tricks += len(state.trick)
        else:
            assert isinstance(action, Dix | DeclareMelds)
            _check_meld_step(terms, state, action, after)
        state = after
    assert tricks == 32, "the deal had 32 tricks"
    _check_state(terms, state)


_HANDS: Final = st.sets(st.integers(min_value=0, max_value=63), min_size=1, max_size=8)


@pytest.mark.rule("fildinski.endgame.legal-set")
@pytest.mark.rule("fildinski.play.trick-winner")
@given(hand=_HANDS, led=st.integers(min_value=0, max_value=63), trump=st.integers(min_value=0, max_value=3))
def test_engine_trick_functions_agree_with_the_model_on_any_hand(
    hand: set[int], led: int, trump: int
) -> None:
    """Beyond reached states: any hand of 1 to 8 ids (twins allowed), any other led card, any trump."""
    hand.discard(led)
    mask = sum(1 << card for card in hand)
    terms = _terms()
    legal, spec = terms.endgame_legal(mask, led, trump)
    assert legal_follow(mask, led, trump) == legal == spec
    for card in hand:
        wins, _lead, _follow = terms.trick(led, card, trump, False)
        assert follower_wins(led, card, trump) == wins, (model.show_card(led), model.show_card(card), trump)


def test_a_last_trick_bonus_of_20_in_the_engine_fails_the_points_check() -> None:
    """The break fildinski/card-points refutes in the model, as engine points, fails the refinement check.

    A deal's points as the engine records them (per category and seat), once
    with the specification's last-trick bonus of 10 and once with 20.
    """
    terms = _terms()
    state = cardrules.get_game("fildinski").new_game(seed=1)
    assert isinstance(state, FildinskiState)
    points = [0] * (2 * len(Category))
    points[2 * Category.BRISQUES] = 90
    points[2 * Category.BRISQUES + 1] = 70
    points[2 * Category.TRUMP_SEVENS] = 20
    points[2 * Category.LAST_TRICK + 1] = 10
    _check_deal_points(terms, tuple(points), state.deal.trump, state)
    points[2 * Category.LAST_TRICK + 1] = 20
    with pytest.raises(AssertionError):
        _check_deal_points(terms, tuple(points), state.deal.trump, state)
