"""The fast paths of the Fildinski engine agree with the reference they stand in for.

- The meld step's legal set remembered on the state (``meld_step.StepMemo``)
  never shows in equality, hash, pickle, copy, repr or position, and a
  declaration judged through it gets the verdict and melds the full judge gives
  an equal declaration that is not the remembered value.
- ``alike_copies`` and ``copy_classes`` (bit arithmetic over many cards) give
  what ``copy_class`` gives card by card.
- A trick the card play's transition does not score (no id of ``SCORING_IDS``,
  neither the 24th nor the 32nd trick) is one ``score_trick`` scores nothing,
  under every option that changes the trick's points.
- The card play's fast path takes a shared play and an equal play built anew alike.
"""

from __future__ import annotations

import copy
import itertools
import pickle
import random
from collections.abc import Iterator

import pytest

import cardrules
from cardrules.games.fildinski import DeclareMelds, FildinskiState, MeldDecl, PlayCard
from cardrules.games.fildinski.meld_conditions import alike_copies, copy_class, copy_classes
from cardrules.games.fildinski.meld_step import remembered_melds
from cardrules.games.fildinski.options import FildinskiOptions, LastTrickBonus, TrumpSevenPoints
from cardrules.games.fildinski.play import fast_play
from cardrules.games.fildinski.scoring import NO_POINTS, SCORING_IDS, score_trick

_OPTIONS: tuple[dict[str, object], ...] = (
    {},
    {"melded_cards": "removed"},
    {"meld_needs_trick_card": False},
    {"dix_exchange": "from_trick"},
)


def meld_states(games: int, options: dict[str, object]) -> Iterator[FildinskiState]:
    """Every meld step with a meld to make in seeded games that meld whenever they can."""
    engine = cardrules.get_game("fildinski", **options)
    for seed in range(games):
        rng = random.Random(seed)
        state: FildinskiState = engine.new_game(seed=seed)
        while not state.is_terminal:
            legal = state.legal_actions()
            melds = [a for a in legal if isinstance(a, DeclareMelds) and a.melds]
            if melds:
                yield state
            state = state.apply(rng.choice(melds) if melds and rng.random() < 0.8 else rng.choice(legal))


def fresh_copy(action: DeclareMelds) -> DeclareMelds:
    """An equal declaration built anew (not the remembered value)."""
    return DeclareMelds(action.seat, tuple(MeldDecl(m.kind, tuple(m.cards)) for m in action.melds))


@pytest.mark.parametrize("options", _OPTIONS)
def test_a_remembered_declaration_is_judged_as_the_full_judge_judges_it(options: dict[str, object]) -> None:
    judged = 0
    for state in meld_states(3, options):
        for action in state.legal_actions():
            if isinstance(action, DeclareMelds) and action.melds:
                assert remembered_melds(state, action) is not None
                again = fresh_copy(action)
                assert again is not action and remembered_melds(state, again) is None
                assert state.judge(action) == state.judge(again), str(action)
                assert state.apply(action).position() == state.apply(again).position()
                judged += 1
    assert judged > 20


def test_the_remembered_legal_set_never_shows() -> None:
    state = next(meld_states(2, {}))
    bare = pickle.loads(pickle.dumps(state))  # the same state, with nothing remembered
    assert not hasattr(bare, "_step_memo")
    before = (bare.position(), repr(bare), hash(bare), pickle.dumps(bare))
    bare.legal_actions()
    assert hasattr(bare, "_step_memo")
    assert (bare.position(), repr(bare), hash(bare), pickle.dumps(bare)) == before
    assert state == bare and hash(state) == hash(bare)
    for twin in (pickle.loads(pickle.dumps(state)), copy.copy(state), copy.deepcopy(state)):
        assert not hasattr(twin, "_step_memo")  # a copy starts with nothing remembered
        assert twin == state and twin.legal_actions() == state.legal_actions()


def test_a_declaration_of_another_state_is_not_taken_for_a_remembered_one() -> None:
    states = iter(meld_states(3, {}))
    first, second = next(states), next(states)
    for action in first.legal_actions():
        if isinstance(action, DeclareMelds) and action.melds:
            assert remembered_melds(second, action) is None
            assert second.judge(action) == second.judge(fresh_copy(action))


@pytest.mark.parametrize("options", _OPTIONS)
def test_copy_classes_by_bits_are_the_classes_card_by_card(options: dict[str, object]) -> None:
    compared = 0
    for state in meld_states(2, options):
        classes = copy_classes(state, (1 << 64) - 1)
        alike = alike_copies(state)
        for card in range(64):
            assert classes[card] == copy_class(state, card)
            assert bool(alike >> card & 1) == (copy_class(state, card) == copy_class(state, card ^ 1))
            compared += 1
    assert compared > 1000


@pytest.mark.rule("common.turn.player-to-act")
def test_a_card_played_out_of_turn_names_the_seat_that_played_it_whoever_holds_it() -> None:
    """The out-of-turn verdicts are tables built at import, one row a seat: each seat's row is its own."""
    game = cardrules.get_game("fildinski")
    for seed in (1, 2):
        state = game.new_game(seed=seed)
        for _ in range(seed):  # p0 to act, then p1
            state = state.apply(state.legal_actions()[0])
        to_act = state.current_player
        other = 1 - to_act
        held = state.hand(other)[0]
        lacked = next(card for card in state.hand(to_act) if card not in state.hand(other))
        assert str(state.check(f"p{other} {held}")) == (
            f"illegal: it is p{to_act}'s turn, not p{other}'s [common.turn.player-to-act]"
        )
        refused = str(state.check(f"p{other} {lacked}"))
        assert refused.startswith(f"illegal: it is p{to_act}'s turn, not p{other}'s; p{other} does not hold ")
        assert refused.endswith(" [common.turn.player-to-act, common.cards.held]")


def test_a_trick_without_a_scoring_id_scores_nothing_unless_a_last_trick_bonus_can_fall_to_it() -> None:
    points = tuple(range(len(NO_POINTS)))
    skipped = scored = 0
    for trump, bonus, sevens in itertools.product(range(4), LastTrickBonus, TrumpSevenPoints):
        options = FildinskiOptions(last_trick_bonus=bonus, trump_seven_points=sevens)
        numbers = (1, 23, 24, 25, 31, 32)  # around the last tricks of the stock and of the deal
        for led, follow, number, leader in itertools.product(range(64), range(64), numbers, (0, 1)):
            after = score_trick(points, (led, follow), leader, 1, trump, options, number)
            if not (1 << led | 1 << follow) & SCORING_IDS[trump] and number not in (24, 32):
                skipped += 1
                assert after is points
            elif after != points:
                scored += 1
    assert skipped and scored  # both kinds of trick were met


def test_the_card_play_fast_path_takes_a_shared_play_and_an_equal_one_built_anew_alike() -> None:
    engine = cardrules.get_game("fildinski")
    rng = random.Random(5)
    state: FildinskiState = engine.new_game(seed=5)
    plays = 0
    while not state.is_terminal and plays < 300:
        legal = state.legal_actions()
        for action in legal:
            if isinstance(action, PlayCard):
                shared = fast_play(state, action)
                anew = fast_play(state, PlayCard(action.seat, action.card))
                assert shared is not None and anew is not None
                assert shared.position() == anew.position() == state.apply(action).position()
                plays += 1
        state = state.apply(rng.choice(legal))
    assert plays >= 300
