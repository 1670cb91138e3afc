"""Backstab Fish's fast paths give the answers of the judged path they stand in for.

- The verdict on an ask, assembled without Findings, keeps the verdict policy
  and the legal set's test: for every ask a state could be given (every seat,
  target, rank and count, and targets and counts out of range), the verdict is
  legal exactly when the legal set's own test
  (:func:`~cardrules.games.backstab_fish.turn.ask_allowed`) lets it through,
  and a refusal names each rule once: the first found first, the others in the
  rule book's order.
- ``apply``'s fast path (:mod:`~cardrules.games.backstab_fish.quick_ask`)
  takes every legal ask, shared or built anew, and nothing else, and ends, field by field, in
  the state the judged path (``attempt``: the check, then
  :func:`~cardrules.games.backstab_fish.turn.ask`) ends in, under every option
  that changes a turn; ``apply`` refuses what the check refuses.
- ``check``'s fast path (:mod:`~cardrules.games.backstab_fish.quick_check`)
  gives every ask, well formed or not, legal or not, by any seat, in any phase
  and once the game is over, the verdict the door gives, word for word, under
  every option the ask rules read; text and the other actions go to the door.
"""

from __future__ import annotations

import dataclasses
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules import IllegalActionError, get_game
from cardrules.game import Action
from cardrules.games.backstab_fish import BackstabFishState, quick_ask, quick_check, turn
from cardrules.games.backstab_fish.actions import ASKS, MAX_COUNT, MAX_SEATS, Ask, EndTurn, LayDown
from cardrules.games.backstab_fish.cards import FishRank
from cardrules.games.backstab_fish.rules import RULES
from cardrules.judging import rule_order
from cardrules.state_base import StateBase
from cardrules.verdict import Verdict

_ORDER = rule_order(RULES)


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from([4, 6, 10]), st.integers(0, 400))
def test_ask_verdicts_follow_the_legal_test_and_the_policy(seed: int, players: int, steps: int) -> None:
    game = get_game("backstab_fish", players=players)
    rng = random.Random(seed)
    state = game.new_game(seed=seed)
    for _ in range(steps):
        if state.is_terminal:
            return
        state = state.apply(rng.choice(state.legal_actions()))
    if state.is_terminal:
        return
    legal = set(state.legal_actions())
    for seat in range(players):
        for target in (-1, *range(players), players):
            for rank in FishRank:
                for count in (0, 1, 4, 9):
                    action = Ask(seat, target, rank, count)
                    verdict = state.check(action)
                    assert verdict.legal == turn.ask_allowed(state, action) == (action in legal)
                    rules = verdict.rule_ids
                    assert len(set(rules)) == len(rules)
                    if not verdict.legal:
                        rest = [_ORDER.get(rule, len(_ORDER)) for rule in rules[1:]]
                        assert rest == sorted(rest), str(verdict)


def _fields(state: BackstabFishState) -> list[object]:
    """Every field of ``state``, the derived asks and legal actions included."""
    return [getattr(state, item.name) for item in dataclasses.fields(state)]


def _asks_to_try(state: BackstabFishState, rng: random.Random) -> list[Action]:
    """A few legal actions of ``state``, and asks of every kind, shared or built anew, legal or not."""
    players = state.players
    legal = state.legal_actions()
    tried: list[Action] = [rng.choice(legal) for _ in range(3)]
    tried += [Ask(a.seat, a.target, a.rank, a.count) for a in tried if isinstance(a, Ask)]
    for _ in range(3):
        seat = rng.choice([state.current_player, rng.randrange(-1, players + 1)])
        target, count = rng.randrange(-1, players + 1), rng.randrange(-1, MAX_COUNT + 2)
        ask = Ask(seat, target, rng.choice(list(FishRank)), count)
        tried.append(ask)
        if 0 <= seat < MAX_SEATS and 0 <= target < MAX_SEATS and 0 <= count <= MAX_COUNT:
            tried.append(ASKS[seat][target][ask.rank][count])
    return tried


_OPTIONS = st.fixed_dictionaries(
    {
        "players": st.integers(4, 10),
        "deck": st.sampled_from(["double", "double-jokers", "single"]),
        "give": st.sampled_from(["exact", "all-of-rank"]),
        "empty_target": st.sampled_from(["forbidden", "allowed"]),
        "lay_down": st.sampled_from(["optional", "compulsory"]),
        "stall_limit": st.sampled_from([1, 3, 40, "none"]),
        "final_lay_down": st.sampled_from(["on", "off"]),
    }
)


def _seeded_start(options: dict[str, object], seed: int) -> tuple[BackstabFishState, random.Random]:
    """A new game under ``options`` dealt from ``seed``, and a generator of the same seed for the choices."""
    state = get_game("backstab_fish", **options).new_game(seed=seed)
    assert isinstance(state, BackstabFishState)
    return state, random.Random(seed)


@settings(max_examples=30, deadline=None)
@given(_OPTIONS, st.integers(0, 10**6))
def test_the_fast_ask_ends_where_the_judged_path_does(options: dict[str, object], seed: int) -> None:
    state, rng = _seeded_start(options, seed)
    quick_taken = 0
    while not state.is_terminal:
        for action in _asks_to_try(state, rng):
            verdict, judged = state.attempt(action)
            quick = quick_ask.fast_ask(state, action) if isinstance(action, Ask) else None
            assert (quick is not None) == (isinstance(action, Ask) and verdict.legal), str(action)
            if not verdict.legal:
                with pytest.raises(IllegalActionError):
                    state.apply(action)
                continue
            assert judged is not None
            assert _fields(state.apply(action)) == _fields(judged), (str(action), state.compact())
            if quick is not None:
                assert _fields(quick) == _fields(judged), (str(action), state.compact())
                quick_taken += 1
        state = state.apply(rng.choice(state.legal_actions()))
    assert quick_taken


def test_the_common_ask_takes_the_fast_path_unchanged() -> None:
    """Go fish from an empty stock by a hand that forms no set: the one case built straight from the state."""
    game = get_game("backstab_fish", players=10)
    rng = random.Random(3)
    state = game.new_game(seed=3)
    quiet = 0
    while not state.is_terminal:
        action = rng.choice(state.legal_actions())
        after = state.apply(action)
        if isinstance(action, Ask) and after.hands is state.hands:  # the hands were kept, not rebuilt
            quiet += 1
            assert state.stock == state.deal.size and after.asks is state.asks
            assert after.legal_actions() is state.asks[action.target]
            (earlier, asked), answered = after.history.chain  # type: ignore[misc]
            assert earlier is state.history.chain and asked[:3] == ("ask", action.seat, action.target)
            assert answered[:2] == ("go-fish", action.target) and answered[4] == 0
            assert after.stall == state.stall + 1 and after.turns == state.turns + 1
        state = after
    assert quiet > 100


def _checks_to_try(state: BackstabFishState, rng: random.Random) -> list[Action | str]:
    """What ``check`` may be given: asks of every kind (:func:`_asks_to_try` and more), asks with a part of
    the wrong type, the other actions, and text."""
    players, to_act = state.players, max(state.current_player, 0)
    tried: list[Action | str] = list(_asks_to_try(state, rng)) if not state.is_terminal else []
    for _ in range(12):
        seat = rng.choice([to_act, rng.randrange(-1, players + 1)])
        target, count = rng.randrange(-1, players + 1), rng.randrange(-1, MAX_COUNT + 2)
        tried.append(Ask(seat, target, rng.choice(list(FishRank)), count))
    rank = rng.choice(list(FishRank))
    target = rng.randrange(players)
    tried += [
        Ask(True, target, rank, 1),
        Ask(to_act, True, rank, 1),
        Ask(to_act, float(target), rank, 1),  # type: ignore[arg-type]
        Ask(to_act, target, int(rank), 1),  # type: ignore[arg-type]
        Ask(to_act, target, rank, True),
        EndTurn(to_act),
        LayDown(to_act, (rank,)),
        f"p{to_act} ask p{target} for 1 {rank.token}",
    ]
    return tried


def _said(verdict: Verdict) -> tuple[bool, tuple[str, ...], str]:
    return verdict.legal, verdict.rule_ids, verdict.reason


@settings(max_examples=30, deadline=None)
@given(_OPTIONS, st.integers(0, 10**6))
def test_the_quick_check_gives_the_doors_verdict_word_for_word(options: dict[str, object], seed: int) -> None:
    state, rng = _seeded_start(options, seed)
    step = 0
    while True:
        if step % 5 == 0 or state.is_terminal:
            for action in _checks_to_try(state, rng):
                door = _said(StateBase.check(state, action))
                assert _said(quick_check.check_action(state, action)) == door, (str(action), state.compact())
                assert _said(state.check(action)) == door
        if state.is_terminal:
            break
        state = state.apply(rng.choice(state.legal_actions()))
        step += 1


@pytest.mark.parametrize("deck", ["double", "double-jokers", "single"])
@given(seed=st.integers(-(10**12), 10**12))
def test_a_new_game_deals_the_deck_random_shuffle_gives(deck: str, seed: int) -> None:
    # backstab_fish.setup.deck: new_game shuffles with cardrules.shuffling, which must keep the order
    # random.Random(stream).shuffle gives, or every seeded game would deal other cards
    game = get_game("backstab_fish", deck=deck, players=4)
    state = game.new_game(seed=seed)
    assert isinstance(state, BackstabFishState)
    order = list(game.pack())
    random.Random(f"backstab_fish/{seed}/deck").shuffle(order)
    assert state.deal.deck == tuple(order)
