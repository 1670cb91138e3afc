"""The fast paths of the Fildinski engine agree with the reference they stand in for.

- The meld step's legal set remembered on the state (``meld_step.StepMemo``)
  never shows in equality, hash, pickle, copy, repr or position, and a
  declaration judged through it gets the verdict and melds the full judge gives
  an equal declaration that is not the remembered value.
- ``copies_compared`` (bit arithmetic over every card) compares each card's copies
  as ``copy_class`` does card by card.
- A trick the card play's transition does not score (no id of ``SCORING_IDS``,
  neither the 24th nor the 32nd trick) is one ``score_trick`` scores nothing,
  under every option that changes the trick's points.
- The card play's fast path takes a shared play and an equal play built anew alike.
- The meld search (``single_melds``, from reach tables and ``barred_at``) finds exactly
  the card sets of the meld table that keep the step conditions, and each declaration
  it writes (read off a table of plain declarations, or with copies named) is the one
  ``meld_decl`` writes, naming a copy exactly where ``copy_matters`` says so (and
  ``name_copies``, which names copies in a plain declaration, writes what ``meld_decl``
  writes for any ids); its ranking key for melds of one group ranks them by their ids.
- The state's ``legal_actions`` and the follow transition read ``legal_mask`` and
  ``meld_step_follows`` as those functions do, and the transition's table of trick
  winners is ``follower_wins`` on every trump, led id and following id.
"""

from __future__ import annotations

import copy
import itertools
import pickle
import random
from collections.abc import Callable, Iterator

import pytest
from hypothesis import given
from hypothesis import strategies as st

import cardrules
from cardrules.games.fildinski import DeclareMelds, FildinskiState, MeldDecl, PlayCard
from cardrules.games.fildinski.actions import PLAYS, meld_decl, name_copies
from cardrules.games.fildinski.cards import card_kind, ids_in, kind_card
from cardrules.games.fildinski.meld_conditions import (
    alike_copies,
    barred_at,
    copies_compared,
    copy_class,
    copy_matters,
    meld_pool,
    outranked_at,
    reused_at,
    step_conditions,
)
from cardrules.games.fildinski.meld_search import _ids_key, declarations, single_melds
from cardrules.games.fildinski.meld_step import remembered_melds
from cardrules.games.fildinski.melds import MeldKind, candidate_melds
from cardrules.games.fildinski.options import FildinskiOptions, LastTrickBonus, TrumpSevenPoints
from cardrules.games.fildinski.play import (
    _FOLLOWER_WINS,
    fast_play,
    follower_wins,
    legal_mask,
    meld_step_follows,
)
from cardrules.games.fildinski.scoring import NO_POINTS, SCORING_IDS, score_trick

_OPTIONS: tuple[dict[str, object], ...] = (
    {},
    {"melded_cards": "removed"},
    {"meld_needs_trick_card": False},
    {"dix_exchange": "from_trick"},
)


def _meld_play(
    games: int, options: dict[str, object], wanted: Callable[[FildinskiState, list[DeclareMelds]], bool]
) -> Iterator[FildinskiState]:
    """The states ``wanted`` picks (given the melds on offer) in seeded games that meld whenever they can."""
    engine = cardrules.get_game("fildinski", **options)
    for seed in range(games):
        rng = random.Random(seed)
        state: FildinskiState = engine.new_game(seed=seed)
        while not state.is_terminal:
            legal = state.legal_actions()
            melds = [a for a in legal if isinstance(a, DeclareMelds) and a.melds]
            if wanted(state, melds):
                yield state
            state = state.apply(rng.choice(melds) if melds and rng.random() < 0.8 else rng.choice(legal))


def meld_states(games: int, options: dict[str, object]) -> Iterator[FildinskiState]:
    """Every meld step with a meld to make in seeded games that meld whenever they can."""
    return _meld_play(games, options, lambda state, melds: bool(melds))


def every_meld_step(games: int, options: dict[str, object]) -> Iterator[FildinskiState]:
    """Every meld step, with a meld to make or not, in seeded games that meld whenever they can."""
    return _meld_play(games, options, lambda state, melds: state.in_meld_step)


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
def test_the_copies_compared_by_bits_are_compared_as_their_classes_card_by_card(
    options: dict[str, object],
) -> None:
    compared = greater_seen = 0
    for state in meld_states(2, options):
        alike, greater = copies_compared(state)
        assert alike_copies(state) == alike
        for card in range(0, 64, 2):
            lower, upper = copy_class(state, card), copy_class(state, card + 1)
            assert bool(alike >> card & 1) == bool(alike >> (card + 1) & 1) == (lower == upper)
            assert bool(greater >> card & 1) == (lower > upper)
            assert not greater >> (card + 1) & 1
            compared += 1
            greater_seen += lower > upper
    assert compared > 500 and greater_seen > 20


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


def test_the_table_of_trick_winners_is_follower_wins_on_every_id() -> None:
    """Worked out once per kind and copied to both ids of each kind: every entry is checked, not a sample."""
    for trump, led, follow in itertools.product(range(4), range(64), range(64)):
        assert _FOLLOWER_WINS[trump][led][follow] is follower_wins(led, follow, trump), (trump, led, follow)


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


def test_the_card_play_fast_path_takes_exactly_the_plays_the_judge_finds_legal() -> None:
    """Every card kind by either seat, on states of every phase and the game's end: ``fast_play`` (which
    writes out ``legal_mask``) carries a play out exactly when the judge finds it legal, as the judge does."""
    engine = cardrules.get_game("fildinski", meld_in_endgame=True)
    rng = random.Random(6)
    state: FildinskiState = engine.new_game(seed=6)
    seen = {"legal": 0, "illegal": 0}
    while True:
        for seat, kind in itertools.product((0, 1), range(32)):
            for action in (PLAYS[seat][kind], PlayCard(seat, kind_card(kind))):
                fast = fast_play(state, action)
                verdict, after = state.attempt(action)
                assert (fast is not None) == verdict.legal, (state.compact(), str(action))
                if fast is not None:
                    assert after is not None and fast.position() == after.position()
                seen["legal" if verdict.legal else "illegal"] += 1
        if state.is_terminal:
            break
        state = state.apply(rng.choice(state.legal_actions()))
    assert seen["legal"] > 1000 and seen["illegal"] > 1000


@pytest.mark.parametrize("options", _OPTIONS)
def test_the_meld_search_finds_exactly_the_melds_the_meld_table_and_the_step_conditions_allow(
    options: dict[str, object],
) -> None:
    """``single_melds`` (reach tables, ``barred_at``) against every card set of the meld table in the pool."""
    compared = 0
    for state in every_meld_step(3, options):
        seat = state.current_player
        pool = meld_pool(state, seat)
        pair = state.options.bezique_pair
        expected = {
            (kind.order, mask)
            for kind in MeldKind
            for mask in candidate_melds(kind, pool, state.deal.trump, pair)
            if all(step_conditions(state, kind, mask))
        }
        found = single_melds(state, seat)
        assert len(found) == len(set(found)) and set(found) == expected, state.compact()
        compared += bool(expected)
    assert compared > 20


@pytest.mark.parametrize("options", _OPTIONS)
def test_each_declaration_of_the_legal_set_is_written_as_meld_decl_writes_it(
    options: dict[str, object],
) -> None:
    """The declarations read off the table of plain ones, or written with named copies, are ``meld_decl``'s:
    each card's copy named exactly where ``copy_matters`` says so."""
    written = named = 0
    for state in meld_states(3, options):
        seat = state.current_player
        pool = meld_pool(state, seat)
        by_id = {id(a): a for a in state.legal_actions()}
        for decls, melds in zip(*declarations(state, seat, single_melds(state, seat)), strict=True):
            assert len(decls) == len(melds)
            for decl, (kind, mask) in zip(decls, melds, strict=True):
                copies = sum(
                    1 << i for i in range(64) if mask >> i & 1 and copy_matters(state, i, pool & ~mask)
                )
                assert decl == meld_decl(kind, mask, copies), state.compact()
                written += 1
                named += bool(copies)
        assert (
            by_id
        )  # the legal set was asked as well, and agrees with the search (the digest pins its order)
    assert written > 50 and named > 0


@given(
    cards=st.integers(1, (1 << 64) - 1), named=st.integers(0, (1 << 64) - 1), kind=st.sampled_from(MeldKind)
)
def test_copies_named_in_a_plain_declaration_are_those_meld_decl_names(
    cards: int, named: int, kind: MeldKind
) -> None:
    """``name_copies`` puts each named copy where ``meld_decl`` puts it, for any ids, of one meld or not."""
    cards &= cards >> 7 & cards >> 13  # a few ids, as a meld holds
    named &= cards
    assert name_copies(meld_decl(kind, cards, 0), cards, named) == meld_decl(kind, cards, named)


def test_the_member_key_ranks_card_sets_of_one_size_by_their_ids() -> None:
    rng = random.Random(3)
    for _ in range(2000):
        size = rng.randint(1, 5)
        a, b = (sum(1 << i for i in rng.sample(range(64), size)) for _ in range(2))
        by_ids = tuple(ids_in(a)) < tuple(ids_in(b))
        assert by_ids == (_ids_key(a) > _ids_key(b)), (a, b)


def test_barred_at_is_the_same_kind_once_and_class_order_bars_together() -> None:
    rng = random.Random(4)
    for _ in range(500):
        used = tuple(rng.getrandbits(64) if rng.random() < 0.5 else 0 for _ in MeldKind)
        for kind in MeldKind:
            assert barred_at(used, kind.order) == reused_at(used, kind.order) | outranked_at(used, kind.order)


@pytest.mark.parametrize("options", [{}, {"meld_in_endgame": True}])
def test_the_legal_plays_and_the_follow_transition_read_the_rules_as_their_functions_do(
    options: dict[str, object],
) -> None:
    """``legal_actions`` holds the kinds of ``legal_mask``; a completed trick opens a meld step exactly when
    ``meld_step_follows`` says so (both written out on the hot path)."""
    engine = cardrules.get_game("fildinski", **options)
    checked = 0
    for seed in range(3):
        rng = random.Random(seed)
        state: FildinskiState = engine.new_game(seed=seed)
        while not state.is_terminal:
            legal = state.legal_actions()
            if not state.in_meld_step:
                kinds = {i >> 1 for i in ids_in(legal_mask(state))}
                assert {card_kind(a.card) for a in legal if isinstance(a, PlayCard)} == kinds
            action = rng.choice(legal)
            after = state.apply(action)
            if state.trick and after.tricks_done == state.tricks_done + 1 and not after.is_terminal:
                assert after.in_meld_step == meld_step_follows(state)
                checked += 1
            state = after
    assert checked > 50
