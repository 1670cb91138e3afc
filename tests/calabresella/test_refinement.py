"""The Calabresella model refines the engine.

These tests evaluate the model's z3 terms on concrete values, by substitution
and without a solver: on the engine's tables, and on every state that random
legal play reaches under random options. There they compare the model with
the engine:

- the zones: each state, read as the hand model's variables (phase, counters,
  the eight places), satisfies every part of the conservation invariant and
  its goal, and each card played that does not end a trick takes the model to
  the engine's next state;
- the legal set of the player to act, and the winner of every trick;
- at settlement: the bidder's thirds and points, success, cappotto, stramazzo,
  the multiplier, the value V and every seat's payment.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Final

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cardrules
from cardrules.cards import STANDARD_DECK, Rank, card_at, parse_card
from cardrules.games.calabresella import (
    DECK,
    STRENGTH,
    THIRDS,
    CalabresellaState,
    CallCard,
    Contract,
    Phase,
    PlayCard,
    Raise,
    ReverseCappotto,
    StramazzoBasis,
    auction_status,
    mask_thirds,
    multiplier,
)
from cardrules.games.calabresella.cards import DECK_MASK
from proofs.calabresella import bidding, hand, model
from proofs.calabresella import settlement as settlement_model
from proofs.induction import Move, SymState
from proofs.z3facade import (
    Binding,
    Bool,
    Int,
    all_of,
    bool_var,
    evaluate_bool,
    evaluate_bv,
    evaluate_int,
    int_var,
)
from tests.support.proofs import NO_SHRINKING, SEEDS, value_of

# -- refinement on the tables --------------------------------------------------------


def _check_tables(thirds: Sequence[int], strength: Sequence[int]) -> None:
    """The engine's tables ``thirds`` and ``strength`` are the model's, card by card."""
    assert sum(1 << card.index for card in DECK) == model.DECK
    for index, card in enumerate(STANDARD_DECK):
        assert model.card_thirds(index) == thirds[index], card
        if model.DECK >> index & 1:
            assert model.RANK_STRENGTH[card.rank] == strength[index], card
        else:
            assert strength[index] == -1 and card.rank not in model.RANK_STRENGTH


def test_model_tables_equal_the_engine_tables() -> None:
    """The model's deck, values and strengths are the engine's, card by card."""
    _check_tables(THIRDS, STRENGTH)


def test_the_breaks_the_proofs_refute_are_caught_in_the_engine_tables() -> None:
    """The model breaks of ``test_proofs_breaks.py`` made in the engine's tables fail the comparison.

    An ace worth 2 thirds (calabresella/deck-values) and the king and the
    queen swapped (calabresella/deck-values, calabresella/trick-winner).
    """
    ace = next(card.index for card in DECK if card.rank is Rank.ACE)
    thirds = list(THIRDS)
    thirds[ace] = 2
    with pytest.raises(AssertionError):
        _check_tables(thirds, STRENGTH)
    king = next(card.index for card in DECK if card.rank is Rank.KING)
    queen = next(card.index for card in DECK if card.rank is Rank.QUEEN and card.suit is card_at(king).suit)
    strength = list(STRENGTH)
    strength[king], strength[queen] = strength[queen], strength[king]
    with pytest.raises(AssertionError):
        _check_tables(THIRDS, strength)


# -- refinement on played hands ------------------------------------------------------

_OPTIONS: Final = st.fixed_dictionaries(
    {
        "direction": st.sampled_from(("counterclockwise", "clockwise")),
        "auction": st.sampled_from(("open", "single-round")),
        "stakes": st.sampled_from(("1,2,3", "1,3,4", "2,5,7")),
        "follow_suit": st.sampled_from(("required", "free")),
        "opening_lead": st.sampled_from(("eldest", "bidder")),
        "return_timing": st.sampled_from(("after-monte", "before-monte")),
        "solo_monte": st.sampled_from(("exposed", "hidden")),
        "solissimo_raises": st.sampled_from(("on", "off")),
        "reverse_cappotto": st.sampled_from(("on", "off")),
        "stramazzo_basis": st.sampled_from(("rounded", "thirds")),
        "redeal_dealer": st.sampled_from(("next", "same")),
    }
)
_EXAMPLES: Final = max(5, settings().max_examples // 4)
_PHASE: Final = {name: number for number, name in enumerate(model.PHASES)}
_CONTRACT_NUMBER: Final = {Contract.CHIAMO: 0, Contract.SOLO: 1, Contract.SOLISSIMO: 2}
_RAISE_NUMBER: Final = {None: 0, Raise.NONE: 0, Raise.DIVIDETE: 1, Raise.SCEGLIETE: 2}


@dataclass(frozen=True, slots=True)
class _Terms:
    """Every z3 term the refinement checks evaluate, built once per module."""

    follow: model.FollowVars
    trick: model.TrickVars
    wins: tuple[Bool, Bool, Bool]
    settlement: settlement_model.Settlement
    multiplier: Int
    stakes: tuple[Int, Int, Int]
    contract: Int
    raised: Int
    m: Int
    success: Bool
    value: Int
    nets: tuple[Int, Int, Int]
    before: SymState
    choice: SymState
    card_move: Move
    auction_before: SymState
    auction_choice: SymState
    auction_move: Move
    auction_checks: Bool
    parts: tuple[Bool, ...]
    goal: Bool
    everything: Bool

    def legal(self, hand: int, led: int | None, free: bool) -> int:
        bindings: list[Binding] = [
            (self.follow.hand, hand),
            (self.follow.led, model.NO_LEAD if led is None else led),
            (self.follow.free, free),
        ]
        return evaluate_bv(self.follow.legal, bindings)

    def winner(self, cards: tuple[int, ...]) -> int:
        bindings: list[Binding] = [(var, card) for var, card in zip(self.trick.cards, cards, strict=True)]
        winners = [i for i, win in enumerate(self.wins) if evaluate_bool(win, bindings)]
        assert len(winners) == 1, f"the model picks {winners} in {cards}"
        return winners[0]

    def holds(self, values: Mapping[str, int]) -> list[bool]:
        """The truth of each invariant part, then of the goal, in a state (one evaluation when all hold)."""
        bindings = self.before.bindings(values)
        if evaluate_bool(self.everything, bindings):
            return [True] * (len(self.parts) + 1)
        return [evaluate_bool(formula, bindings) for formula in (*self.parts, self.goal)]

    def moves_to(self, values: Mapping[str, int], card: int, expected: Mapping[str, int]) -> bool:
        """Whether the model may move ``card`` from ``values`` and then reaches ``expected``."""
        bindings = [*self.before.bindings(values), *self.choice.bindings({"card": card, "choice": 0})]
        return evaluate_bool(self.card_move.guard & self.card_move.after.matches(expected), bindings)

    def after_card(self, values: Mapping[str, int], card: int) -> dict[str, int]:
        """The state the model's card move leads to (for messages)."""
        bindings = [*self.before.bindings(values), *self.choice.bindings({"card": card, "choice": 0})]
        return {name: value_of(term, bindings) for name, term in self.card_move.after.terms.items()}


@pytest.fixture(scope="module")
def terms() -> _Terms:
    follow, trick, settlement = model.follow_vars(), model.trick_vars(), settlement_model.settlement()
    stakes = (int_var("refine chiamo"), int_var("refine solo"), int_var("refine solissimo"))
    contract, raised, m = int_var("refine contract"), int_var("refine raise"), int_var("refine m")
    success = bool_var("refine success")
    value = settlement_model.stake_value(stakes, contract, raised, m)
    system = hand.HAND_SYSTEM
    before = SymState.fresh("refine", system.variables)
    choice = SymState.fresh("refine input", system.inputs)
    card_move = system.step(before, choice)[0]
    assert card_move.label == "a card moves"
    auction = bidding.AUCTION_SYSTEM
    auction_before = SymState.fresh("refine auction", auction.variables)
    auction_choice = SymState.fresh("refine auction input", auction.inputs)
    (auction_move,) = auction.step(auction_before, auction_choice)
    return _Terms(
        follow=follow,
        trick=trick,
        wins=model.trick_wins(trick),
        settlement=settlement,
        multiplier=settlement_model.multiplier(settlement),
        stakes=stakes,
        contract=contract,
        raised=raised,
        m=m,
        success=success,
        value=value,
        nets=settlement_model.nets(value, success),
        before=before,
        choice=choice,
        card_move=card_move,
        auction_before=auction_before,
        auction_choice=auction_choice,
        auction_move=auction_move,
        auction_checks=all_of(
            (*(part.holds(auction_before) for part in auction.invariant), auction.goal(auction_before))
        ),
        parts=tuple(part.holds(before) for part in system.invariant),
        goal=system.goal(before),
        everything=all_of((*(part.holds(before) for part in system.invariant), system.goal(before))),
    )


def _order_from(state: CalabresellaState, first: int) -> tuple[int, int, int]:
    second = state.next_seat(first)
    return first, second, state.next_seat(second)


def _model_state(state: CalabresellaState) -> dict[str, int]:
    """The engine's state as the hand model's variables (see proofs.calabresella.ZONES and PHASES)."""
    zones = state.zones()
    bidder = state.bidder
    order = _order_from(state, state.eldest if bidder is None else bidder)
    relative = {seat: j for j, seat in enumerate(order)}
    values = dict.fromkeys((*model.ZONES, *(f"n_{zone}" for zone in model.ZONES)), 0)
    values |= {
        "k": 0,
        "giver": 0,
        "turn": 0,
        "lead": 0,
        "tricks": 0,
        "played": 0,
        "gathered": 0,
        "winner": -1,
        "tricks_b": 0,
        "last_b": 0,
    }
    for j, seat in enumerate(order):
        values[f"hand{j}"] = state.hands[seat]
    values["monte"], values["trick"] = zones["M"], zones["T"]
    values["won_b"], values["won_o"] = zones["W_B"], zones["W_O"]
    phase = state.phase
    setup = state.setup
    if bidder is None:
        name, values["k"] = ("abandoned" if state.is_terminal else "deal"), 40
    elif phase is Phase.CALL:
        name = "call"
    elif phase is Phase.RETURN:
        name, values["giver"] = "handed", relative[setup.giver]
        values["k"] = 0 if state.monte else 4
    elif phase is Phase.DISCARD:
        name = "lay"
    elif phase is Phase.RAISE:
        name = "raise"
    elif phase is Phase.LAY:
        name = "dividete" if setup.raised is Raise.DIVIDETE else "scegliete"
        second = relative[state.current_player] == 2
        values["k"] = (6 if name == "dividete" else 12) if second else 4
    else:
        tally = state.tally
        won_last = bool(tally.winners) and tally.winners[-1] == bidder
        values["tricks_b"], values["last_b"] = tally.tricks_bidder, int(won_last)
        if phase is Phase.PLAY:
            name = "play"
            values["tricks"], values["played"] = len(tally.winners), len(state.trick)
            values["lead"] = relative[tally.leader]
            values["turn"] = relative[state.current_player]
        else:
            name, values["k"] = "settle", 4
    values["phase"] = _PHASE[name]
    for zone in model.ZONES:
        values[f"n_{zone}"] = values[zone].bit_count()
    return values


def _check_state(terms: _Terms, state: CalabresellaState) -> dict[str, int]:
    values = _model_state(state)
    holds = terms.holds(values)
    assert all(holds), f"parts/goal {holds} in {state.compact()}: {values}"
    return values


def _check_legal(terms: _Terms, state: CalabresellaState) -> None:
    """calabresella.play.lead and play.follow: the engine's legal plays are the model's legal set."""
    seat = state.current_player
    led = card_at(state.trick[0]).suit if state.trick else None
    free = state.options.follow_suit.value == "free"
    modelled = terms.legal(state.hands[seat], None if led is None else int(led), free)
    plays = {action.card.index for action in state.legal_actions() if isinstance(action, PlayCard)}
    assert plays == {i for i in range(52) if modelled >> i & 1}, state.compact()
    assert state.legal_mask() == modelled


def _check_play(terms: _Terms, before: CalabresellaState, card: int, after: CalabresellaState) -> None:
    """One card play: a model step to the engine's next state, or the model's winner of the trick."""
    if len(before.trick) < 2:
        values, expected = _model_state(before), _model_state(after)
        if not terms.moves_to(values, card, expected):
            moved = terms.after_card(values, card)
            differ = {
                name: (moved[name], expected[name]) for name in expected if moved[name] != expected[name]
            }
            raise AssertionError(
                f"the model's play of {card_at(card)} differs in {before.compact()}: {differ}"
            )
        return
    cards = (*before.trick, card)
    position = terms.winner(cards)
    leader = before.tally.leader
    winner = _order_from(before, leader)[position]
    assert after.tally.winners[-1] == winner, f"model: {winner} wins {cards}; engine: {after.tally.winners}"


def _check_settlement(terms: _Terms, state: CalabresellaState) -> None:
    """The model's count, multiplier, V and payments at the end of a played hand are the engine's."""
    settlement = state.settlement
    assert settlement is not None
    bidder = settlement.bidder
    s = terms.settlement
    options = state.options
    last_b = state.tally.winners[-1] == bidder
    bindings: list[Binding] = [
        (s.won_b, state.won_bidder),
        (s.tricks_b, settlement.tricks_bidder),
        (s.last_b, last_b),
        (s.reverse, options.reverse_cappotto.value == "on"),
        (s.by_thirds, options.stramazzo_basis.value == "thirds"),
    ]
    assert evaluate_bool(s.played, bindings)
    thirds = evaluate_int(s.thirds, bindings)
    assert thirds == settlement.thirds_bidder == mask_thirds(state.won_bidder) + (3 if last_b else 0)
    assert evaluate_int(model.points(s.thirds), bindings) == settlement.points_bidder
    assert evaluate_bool(s.success(), bindings) == settlement.success
    assert evaluate_bool(s.cappotto, bindings) == settlement.cappotto
    m = evaluate_int(terms.multiplier, bindings)
    assert m == settlement.multiplier
    assert evaluate_bool(s.stramazzo(), bindings) == settlement.stramazzo
    assert state.contract is not None
    chiamo, solo, solissimo = options.stake_values
    pay: list[Binding] = [
        (terms.stakes[0], chiamo),
        (terms.stakes[1], solo),
        (terms.stakes[2], solissimo),
        (terms.contract, _CONTRACT_NUMBER[state.contract]),
        (terms.raised, _RAISE_NUMBER[state.setup.raised]),
        (terms.m, m),
        (terms.success, settlement.success),
    ]
    assert evaluate_int(terms.value, pay) == settlement.value
    net_b, net_1, net_2 = (evaluate_int(net, pay) for net in terms.nets)
    o1, o2 = _order_from(state, bidder)[1:]
    assert (settlement.payments[bidder], settlement.payments[o1], settlement.payments[o2]) == (
        net_b,
        net_1,
        net_2,
    )


def _check_auction(terms: _Terms, state: CalabresellaState) -> None:
    """calabresella.bidding.*: the model's auction, fed the engine's calls, is where the engine's is."""
    calls = state.calls
    nxt = state.context.plan.nxt
    order = _order_from(state, state.eldest)
    position = {seat: j for j, seat in enumerate(order)}
    single = state.options.auction.value == "single-round"
    values = dict.fromkeys(("passed0", "passed1", "passed2", "level", "caller", "calls", "over"), 0)
    values |= {"high": -1, "single": int(single)}
    move, before = terms.auction_move, terms.auction_before
    for number, (seat, level) in enumerate(calls):
        assert values["over"] == 0 and values["caller"] == position[seat], (calls, values)
        bindings = [*before.bindings(values), *terms.auction_choice.bindings({"call": level})]
        assert evaluate_bool(move.guard, bindings), f"the model refuses call {number} of {calls}"
        values = {
            name: evaluate_int(term, bindings)
            for name, term in move.after.terms.items()
            if isinstance(term, Int)
        }
        assert evaluate_bool(terms.auction_checks, before.bindings(values)), values
        over, caller, bidder, top = auction_status(calls[: number + 1], state.eldest, nxt, single)
        assert (values["over"], values["level"]) == (int(over), top), (calls, values)
        assert values["high"] == (-1 if bidder < 0 else position[bidder]), (calls, values)
        if not over:
            assert values["caller"] == position[caller], (calls, values)
    assert values["over"] == 1, f"the model's auction is not over after {calls}"


def _play_hand(terms: _Terms, state: CalabresellaState, rng: random.Random) -> CalabresellaState:
    """Play random legal actions to the end of the hand, checking the model at every state.

    calabresella.procedure.phases: the hand ends within 43 decisions, or after exactly 3 calls when all pass.
    """
    for decisions in range(60):
        _check_state(terms, state)
        if state.is_terminal:
            assert state.legal_actions() == ()
            assert decisions == 3 if state.abandoned else decisions <= 43, (decisions, state.compact())
            return state
        if state.phase is Phase.PLAY:
            _check_legal(terms, state)
        action = rng.choice(state.legal_actions())
        after = state.apply(action)
        if isinstance(action, PlayCard):
            _check_play(terms, state, action.card.index, after)
        state = after
    raise AssertionError(f"the hand did not end within 60 decisions: {state.compact()}")


@pytest.mark.rule("calabresella.bidding.order")
@pytest.mark.rule("calabresella.bidding.end")
@pytest.mark.rule("calabresella.play.lead")
@pytest.mark.rule("calabresella.play.follow")
@pytest.mark.rule("calabresella.play.trick-winner")
@pytest.mark.rule("calabresella.play.turn")
@pytest.mark.rule("calabresella.deal.packets")
@pytest.mark.rule("calabresella.procedure.phases")
@pytest.mark.rule("calabresella.exchange.take-monte")
@pytest.mark.rule("calabresella.exchange.dividete")
@pytest.mark.rule("calabresella.exchange.scegliete")
@pytest.mark.rule("calabresella.scoring.monte")
@pytest.mark.rule("calabresella.scoring.hand-total")
@pytest.mark.rule("calabresella.scoring.payment")
@pytest.mark.rule("calabresella.scoring.cappotto")
@pytest.mark.rule("calabresella.scoring.stramazzo")
@settings(max_examples=_EXAMPLES, phases=NO_SHRINKING, deadline=None)
@given(options=_OPTIONS, seed=SEEDS, policy=SEEDS)
def test_a_random_hand_refines_the_model(
    terms: _Terms, options: dict[str, str], seed: int, policy: int
) -> None:
    """Every state of a random hand, under random options, satisfies the model and agrees with it."""
    state = cardrules.get_game("calabresella", **options).new_game(seed=seed)
    assert isinstance(state, CalabresellaState)
    final = _play_hand(terms, state, random.Random(policy))
    _check_auction(terms, final)
    if final.settlement is not None:
        _check_settlement(terms, final)
        values = _model_state(final)
        assert values["n_won_b"] + values["n_won_o"] == 40


def test_the_refinement_checks_can_fail(terms: _Terms) -> None:
    """The evaluated model tells states apart, so the checks above can fail."""
    state = cardrules.get_game("calabresella").new_game(seed=3)
    assert isinstance(state, CalabresellaState)
    values = _model_state(state)
    assert all(terms.holds(values))
    # A card copied into the monte breaks the invariant; a miscounted hand too.
    held = values["hand0"] & -values["hand0"]
    assert not all(terms.holds(dict(values, monte=values["monte"] | held)))
    assert not all(terms.holds(dict(values, n_hand1=values["n_hand1"] - 1)))
    # The model's winner and legal set answer differently for different tricks and hands.
    three, two = card_at(0).index + 1, card_at(0).index  # 3C and 2C
    assert terms.winner((two, three, 13)) == 1
    assert terms.winner((13, three, two)) == 0
    hand = (1 << two) | (1 << 13)
    assert terms.legal(hand, 0, False) == 1 << two
    assert terms.legal(hand, 0, True) == hand
    assert terms.legal(hand, 2, False) == hand


_PATHS: Final = (
    ("chiamo", "none", "after-monte"),
    ("chiamo", "none", "before-monte"),
    ("chiamo", "monte", "after-monte"),
    ("solo", "none", "after-monte"),
    ("solissimo", "none", "after-monte"),
    ("solissimo", "dividete", "after-monte"),
    ("solissimo", "scegliete", "after-monte"),
)


@pytest.mark.rule("calabresella.procedure.phases")
@pytest.mark.rule("calabresella.exchange.handover")
@pytest.mark.rule("calabresella.exchange.called-in-monte")
@pytest.mark.rule("calabresella.exchange.return")
@pytest.mark.rule("calabresella.exchange.discard")
@pytest.mark.rule("calabresella.exchange.solissimo")
@pytest.mark.rule("calabresella.exchange.dividete")
@pytest.mark.rule("calabresella.exchange.scegliete")
@pytest.mark.parametrize(("contract", "raised", "timing"), _PATHS)
def test_every_contract_and_raise_refines_the_model(
    terms: _Terms, contract: str, raised: str, timing: str
) -> None:
    """E bids the contract, the others pass, and the rest is random: each exchange path meets the model.

    In Chiamo the called card is held by an opponent, or (``raised = monte``) lies in the monte.
    """
    state = cardrules.get_game("calabresella", return_timing=timing).new_game(
        seed=len(contract) + len(raised)
    )
    assert isinstance(state, CalabresellaState)
    rng = random.Random(f"{contract}/{raised}/{timing}")
    seen: set[Phase] = set()
    for _ in range(60):
        _check_state(terms, state)
        if state.is_terminal:
            break
        seen.add(state.phase)
        actions = state.legal_actions()
        if state.phase is Phase.AUCTION:
            wanted = f"bid {contract}" if state.current_player == state.eldest else "pass"
            action = next(a for a in actions if str(a).endswith(wanted))
        elif state.phase is Phase.RAISE:
            action = next(a for a in actions if str(a).endswith(raised))
        elif state.phase is Phase.CALL:
            where = state.zones()["M"] if raised == "monte" else DECK_MASK & ~state.zones()["M"]
            action = next(a for a in actions if isinstance(a, CallCard) and where >> a.card.index & 1)
        else:
            action = rng.choice(actions)
        after = state.apply(action)
        if isinstance(action, PlayCard):
            _check_play(terms, state, action.card.index, after)
        state = after
    assert state.is_terminal and state.settlement is not None
    _check_auction(terms, state)
    _check_settlement(terms, state)
    assert (Phase.LAY in seen) == (raised in ("dividete", "scegliete"))
    assert (Phase.RETURN in seen) == (contract == "chiamo" and raised == "none")
    assert (Phase.RAISE in seen) == (contract == "solissimo")


def _mask_of(text: str) -> int:
    return sum(1 << parse_card(word).index for word in text.split())


_NOTHING_WORTH: Final = "4C 5C 6C"
_ALL_BUT_ZEROS: Final = DECK_MASK & ~_mask_of(_NOTHING_WORTH)

_EXTREMES: Final = (
    (DECK_MASK, 12, True),  # cappotto: every trick, so every card
    (0, 0, False),  # reverse cappotto: no trick
    (_ALL_BUT_ZEROS, 11, True),  # every point although a trick was lost: stramazzo
    (_mask_of(_NOTHING_WORTH), 1, False),  # no point although a trick was won: stramazzo
    (_mask_of("4C 5C 6C AD 4D 5D"), 2, False),  # 3 thirds: a point, so no stramazzo
)


@pytest.mark.rule("calabresella.scoring.cappotto")
@pytest.mark.rule("calabresella.scoring.stramazzo")
@pytest.mark.parametrize(("pile", "tricks", "last"), _EXTREMES)
def test_model_multiplier_equals_the_engine_on_extreme_hands(
    terms: _Terms, pile: int, tricks: int, last: bool
) -> None:
    """The rare hands random play seldom reaches: the model's m is the engine's under every option."""
    s = terms.settlement
    for reverse, basis in itertools.product(ReverseCappotto, StramazzoBasis):
        bindings: list[Binding] = [
            (s.won_b, pile),
            (s.tricks_b, tricks),
            (s.last_b, last),
            (s.reverse, reverse is ReverseCappotto.ON),
            (s.by_thirds, basis is StramazzoBasis.THIRDS),
        ]
        assert evaluate_bool(s.played, bindings)
        thirds = evaluate_int(s.thirds, bindings)
        assert thirds == mask_thirds(pile) + (3 if last else 0)
        assert evaluate_int(terms.multiplier, bindings) == multiplier(tricks, thirds, reverse, basis)
        assert not (evaluate_bool(s.cappotto, bindings) and evaluate_bool(s.stramazzo(), bindings))
