"""The Fildinski proofs: every claim proved, every wrong companion refuted, and the model refines the engine.

The first half runs each claim of ``proofs/fildinski.py`` (marked with the rule
ids it proves). The second half is the refinement test: Hypothesis plays
random legal deals of the engine under random options and, on every state
reached, evaluates the z3 model's terms on the engine's concrete values:

- the legal set: the engine's legal cards are the whole hand for a leader and
  in the stock phase, and the model's endgame legal set (both its mask chain
  and its card-by-card reading) for the endgame follower;
- the trick winner: the seat that wins each trick is the one
  :func:`proofs.fildinski.follower_wins` picks, and the trick's card points
  are :func:`proofs.fildinski.trick_points`;
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
from hypothesis import Phase, given, settings
from hypothesis import strategies as st

import cardrules
from cardrules.game import Action
from cardrules.games.fildinski import (
    BeziquePair,
    Category,
    DeclareMelds,
    Dix,
    FildinskiState,
    PlayCard,
    bezique_kinds,
    follower_wins,
    legal_follow,
)
from cardrules.games.fildinski.cards import card_id
from cardrules.games.fildinski.rules import RULES
from proofs import claims_for
from proofs import fildinski as model
from proofs.claims import Claim, Move, SymState, check, prove
from proofs.z3facade import (
    Binding,
    BitVec,
    Bool,
    Int,
    Status,
    bv_var,
    evaluate_bool,
    evaluate_bv,
    evaluate_int,
)

# -- every claim proved, every wrong companion refuted ------------------------------


def _assert_passes(claim: Claim, request: pytest.FixtureRequest) -> None:
    marked = {mark.args[0] for mark in request.node.iter_markers("rule")}
    assert marked == set(claim.rule_ids), "the test's rule marks must be the ids the claim proves"
    report = check(claim)
    assert report.claim.proved, report.claim.counterexample or report.claim.reason
    assert report.wrong is not None, f"{claim.name} has no wrong companion"
    assert report.wrong.status is Status.INVALID, f"the wrong companion of {claim.name} was not refuted"
    assert report.wrong.counterexample and report.wrong.counterexample.strip()
    assert report.passed


@pytest.mark.rule("fildinski.deck.composition")
@pytest.mark.rule("fildinski.deck.card-identity")
def test_card_ids_are_a_bijection_with_two_cards_per_kind(request: pytest.FixtureRequest) -> None:
    _assert_passes(model.CARD_IDS, request)


@pytest.mark.rule("fildinski.deck.card-identity")
def test_copy_labels_change_no_legal_set_winner_or_value(request: pytest.FixtureRequest) -> None:
    _assert_passes(model.COPY_SYMMETRY, request)


@pytest.mark.rule("fildinski.play.trick-winner")
@pytest.mark.rule("fildinski.deck.ranking")
def test_highest_trump_or_card_of_the_suit_led_wins_and_the_first_twin(
    request: pytest.FixtureRequest,
) -> None:
    _assert_passes(model.TRICK_WINNER, request)


@pytest.mark.rule("fildinski.endgame.legal-set")
@pytest.mark.rule("fildinski.endgame.must-follow")
@pytest.mark.rule("fildinski.endgame.must-head")
@pytest.mark.rule("fildinski.endgame.must-trump")
@pytest.mark.rule("fildinski.endgame.free-discard")
def test_endgame_legal_set_equals_the_four_duties_for_every_hand(request: pytest.FixtureRequest) -> None:
    _assert_passes(model.ENDGAME_LEGAL_SET, request)


@pytest.mark.rule("fildinski.endgame.legal-set")
@pytest.mark.rule("fildinski.endgame.free-discard")
def test_endgame_legal_set_is_never_empty(request: pytest.FixtureRequest) -> None:
    _assert_passes(model.LEGAL_NONEMPTY, request)


@pytest.mark.rule("fildinski.endgame.must-follow")
def test_endgame_follower_holding_the_suit_led_follows(request: pytest.FixtureRequest) -> None:
    _assert_passes(model.MUST_FOLLOW, request)


@pytest.mark.rule("fildinski.endgame.must-head")
def test_endgame_follower_who_can_beat_the_led_card_must(request: pytest.FixtureRequest) -> None:
    _assert_passes(model.MUST_HEAD, request)


@pytest.mark.rule("fildinski.endgame.must-trump")
def test_endgame_follower_void_in_the_suit_led_must_trump(request: pytest.FixtureRequest) -> None:
    _assert_passes(model.MUST_TRUMP, request)


@pytest.mark.rule("fildinski.endgame.free-discard")
def test_endgame_follower_with_neither_suit_nor_trump_plays_anything(request: pytest.FixtureRequest) -> None:
    _assert_passes(model.FREE_DISCARD, request)


@pytest.mark.rule("fildinski.endgame.legal-set")
@pytest.mark.rule("fildinski.play.trick-winner")
def test_endgame_winner_is_the_same_for_every_legal_card(request: pytest.FixtureRequest) -> None:
    _assert_passes(model.ENDGAME_WINNER_FIXED, request)


@pytest.mark.rule("fildinski.deck.composition")
@pytest.mark.rule("fildinski.deal.hands")
@pytest.mark.rule("fildinski.deal.turn-up")
@pytest.mark.rule("fildinski.play.trick-cycle")
@pytest.mark.rule("fildinski.play.won-cards")
@pytest.mark.rule("fildinski.play.draw-order")
@pytest.mark.rule("fildinski.meld.after-scoring")
@pytest.mark.rule("fildinski.dix.exchange")
@pytest.mark.rule("fildinski.endgame.last-draw")
@pytest.mark.rule("fildinski.game.deal-end")
def test_every_card_stays_in_exactly_one_zone(request: pytest.FixtureRequest) -> None:
    _assert_passes(model.CONSERVATION, request)


@pytest.mark.rule("fildinski.deal.hands")
@pytest.mark.rule("fildinski.play.trick-cycle")
@pytest.mark.rule("fildinski.play.draw-order")
@pytest.mark.rule("fildinski.endgame.last-draw")
@pytest.mark.rule("fildinski.endgame.trick-cycle")
@pytest.mark.rule("fildinski.game.deal-end")
def test_zone_sizes_follow_the_trick_count(request: pytest.FixtureRequest) -> None:
    _assert_passes(model.ZONE_SIZES, request)


@pytest.mark.rule("fildinski.score.brisques")
@pytest.mark.rule("fildinski.score.trump-seven")
def test_a_trick_scores_exactly_its_cards_values(request: pytest.FixtureRequest) -> None:
    _assert_passes(model.TRICK_POINTS, request)


@pytest.mark.rule("fildinski.score.brisques")
@pytest.mark.rule("fildinski.score.trump-seven")
@pytest.mark.rule("fildinski.score.last-trick")
def test_card_points_of_a_deal_are_180_plus_the_last_trick(request: pytest.FixtureRequest) -> None:
    _assert_passes(model.CARD_POINTS, request)


@pytest.mark.rule("fildinski.meld.kinds")
@pytest.mark.rule("fildinski.meld.same-kind-once")
def test_meld_points_are_at_most_1840(request: pytest.FixtureRequest) -> None:
    _assert_passes(model.MELD_BOUND, request)


@pytest.mark.rule("fildinski.meld.fresh-card")
@pytest.mark.rule("fildinski.meld.per-step")
@pytest.mark.rule("fildinski.meld.class-order")
def test_meld_points_are_at_most_1780_under_the_fresh_card_rule(request: pytest.FixtureRequest) -> None:
    _assert_passes(model.MELD_BOUND_FRESH, request)


@pytest.mark.rule("fildinski.meld.per-step")
@pytest.mark.rule("fildinski.meld.fresh-card")
def test_no_step_holds_three_melds_under_the_fresh_card_rule(request: pytest.FixtureRequest) -> None:
    _assert_passes(model.MELD_PER_STEP, request)


@pytest.mark.rule("fildinski.dix.once")
@pytest.mark.rule("fildinski.deal.turned-seven")
def test_at_most_one_dix_and_never_with_a_turned_seven(request: pytest.FixtureRequest) -> None:
    _assert_passes(model.FIXED_BONUSES, request)


@pytest.mark.rule("fildinski.game.dealer-alternation")
@pytest.mark.rule("fildinski.deal.first-lead")
def test_the_deal_alternates(request: pytest.FixtureRequest) -> None:
    _assert_passes(model.DEALER_ALTERNATION, request)


@pytest.mark.rule("fildinski.game.target")
@pytest.mark.rule("fildinski.game.both-past-target")
@pytest.mark.rule("fildinski.game.score-sheet")
def test_a_game_ends_only_with_a_strictly_higher_total(request: pytest.FixtureRequest) -> None:
    _assert_passes(model.GAME_END, request)


@pytest.mark.rule("fildinski.play.free-play")
def test_stock_phase_follower_may_play_the_whole_hand(request: pytest.FixtureRequest) -> None:
    _assert_passes(model.FREE_PLAY, request)


@pytest.mark.rule("fildinski.info.endgame-known")
def test_the_endgame_is_a_game_of_perfect_information(request: pytest.FixtureRequest) -> None:
    _assert_passes(model.ENDGAME_KNOWN, request)


@pytest.mark.rule("fildinski.meld.bezique-pair")
def test_the_bezique_pair_follows_the_option_and_the_trump(request: pytest.FixtureRequest) -> None:
    _assert_passes(model.BEZIQUE_PAIR, request)


@pytest.mark.rule("fildinski.meld.bezique-pair")
@pytest.mark.parametrize("pair", list(BeziquePair))
@pytest.mark.parametrize("trump", range(4))
def test_engine_bezique_cards_are_the_models(pair: BeziquePair, trump: int) -> None:
    variant = bv_var("refine variant", 1)
    trump_var = bv_var("refine trump", 2)
    queens, jacks = model._bezique_masks(trump_var, variant.eq(1))
    bindings: list[Binding] = [(variant, int(pair is BeziquePair.KLAVERJAS_HARTENDAME)), (trump_var, trump)]
    queen, jack = bezique_kinds(trump, pair)
    assert evaluate_bv(queens, bindings) == 0b11 << (2 * queen)
    assert evaluate_bv(jacks, bindings) == 0b11 << (2 * jack)


_TESTED: Final = (
    model.CARD_IDS,
    model.COPY_SYMMETRY,
    model.TRICK_WINNER,
    model.ENDGAME_LEGAL_SET,
    model.LEGAL_NONEMPTY,
    model.MUST_FOLLOW,
    model.MUST_HEAD,
    model.MUST_TRUMP,
    model.FREE_DISCARD,
    model.ENDGAME_WINNER_FIXED,
    model.FREE_PLAY,
    model.ENDGAME_KNOWN,
    model.CONSERVATION,
    model.ZONE_SIZES,
    model.TRICK_POINTS,
    model.CARD_POINTS,
    model.MELD_BOUND,
    model.MELD_BOUND_FRESH,
    model.MELD_PER_STEP,
    model.BEZIQUE_PAIR,
    model.FIXED_BONUSES,
    model.DEALER_ALTERNATION,
    model.GAME_END,
)


def test_every_fildinski_claim_has_a_test_above() -> None:
    assert {claim.name for claim in _TESTED} == {claim.name for claim in claims_for("fildinski")}


def test_fildinski_claims_name_only_fildinski_rule_ids() -> None:
    for claim in claims_for("fildinski"):
        assert claim.game == "fildinski"
        assert claim.wrong is not None and claim.wrong.game == "fildinski"
        for rule in (*claim.rule_ids, *claim.wrong.rule_ids):
            assert rule in RULES and rule.startswith("fildinski."), f"{claim.name} names {rule}"


def test_the_marriage_lemma_needs_the_per_step_rule() -> None:
    """Part (b) of the 1780 bound is not vacuous: without per-step disjointness its melds can all score."""
    assert prove(
        Claim("fildinski/lemma-b", ("fildinski.meld.per-step",), model._marriage_lemma, lambda _m: "x")
    ).proved
    loose = Claim(
        "fildinski/lemma-b-loose",
        ("fildinski.meld.per-step",),
        lambda: model._marriage_lemma(per_step=False),
        model._describe_marriages,
    )
    result = prove(loose)
    assert result.refuted and result.counterexample is not None
    assert result.counterexample.startswith("arrival tricks: KC#1 ")


def test_a_refuted_companion_shows_the_disputed_endgame_play() -> None:
    """The must-head companion's counterexample names a hand, the led card and a lower card it would allow."""
    report = check(model.MUST_HEAD)
    assert report.wrong is not None and report.wrong.counterexample is not None
    text = report.wrong.counterexample
    assert "follower's hand:" in text and "led card:" in text and "legal set claimed (all of F):" in text
    lines = dict(line.split(": ", 1) for line in text.splitlines() if line.startswith("legal set"))
    assert lines["legal set (fildinski.endgame.legal-set)"] != lines["legal set claimed (all of F)"]


def test_model_ids_and_values_agree_with_the_engine_deck() -> None:
    from cardrules.games.fildinski.cards import card_of

    for card in range(model.DECK):
        assert model.show_card(card).split("#")[0] == str(card_of(card))
        assert card_id(card_of(card), card % 2 + 1) == card


# -- the refinement test ------------------------------------------------------------


def _value(term: Int | BitVec, bindings: list[Binding]) -> int:
    return evaluate_int(term, bindings) if isinstance(term, Int) else evaluate_bv(term, bindings)


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
            name: values[name] if term is unchanged[name] else _value(term, bindings)
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
    deal = SymState.fresh("refine deal", model.DEAL_SYSTEM.variables)
    deal_choice = SymState.fresh("refine deal input", model.DEAL_SYSTEM.inputs)
    moves = {_move_key(move.label): move for move in model.DEAL_SYSTEM.step(deal, deal_choice)}
    sizes = SymState.fresh("refine sizes", model.SIZES_SYSTEM.variables)
    points_state = SymState.fresh("refine points", model.POINTS_SYSTEM.variables)
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
        deal_parts=tuple(part.holds(deal) for part in model.DEAL_SYSTEM.invariant),
        deal_goal=model.DEAL_SYSTEM.goal(deal),
        sizes=sizes,
        sizes_parts=tuple(part.holds(sizes) for part in model.SIZES_SYSTEM.invariant),
        sizes_goal=model.SIZES_SYSTEM.goal(sizes),
        points_state=points_state,
        points_parts=tuple(part.holds(points_state) for part in model.POINTS_SYSTEM.invariant),
        points_goal=model.POINTS_SYSTEM.goal(points_state),
    )


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
        "phase": int(state.in_meld_step),
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
        "phase": int(state.in_meld_step),
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
_SEEDS: Final = st.integers(min_value=0, max_value=2**32 - 1)
_EXAMPLES: Final = max(3, settings().max_examples // 4)
"""One example plays a whole deal, so a quarter of the profile's examples (at least three)."""
_NO_SHRINKING: Final = (Phase.explicit, Phase.reuse, Phase.generate)


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
@settings(max_examples=_EXAMPLES, phases=_NO_SHRINKING)
@given(options=_OPTIONS, seed=_SEEDS, choices=_SEEDS)
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
