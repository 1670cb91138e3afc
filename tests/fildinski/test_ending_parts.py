"""Parts of the Fildinski solver's endings that the brute-force comparisons reach only now and then.

``test_ending.py`` compares the solver with a brute force on one to three
tricks, with a fresh solver each time. These tests hold what such samples
seldom touch: the count of disjoint melds behind the meld bound, the tag that
keeps endings under other rules apart in one solver's table, the seat an
ending counts for, and the refusal of moves an ending does not have.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence
from itertools import combinations

import pytest

import cardrules
from cardrules.cards import Card, Rank
from cardrules.errors import InvalidArgumentError
from cardrules.games.fildinski import FildinskiState, PlayCard
from cardrules.games.fildinski.ending import MELD_MOVES, FildinskiEnding
from cardrules.games.fildinski.ending.melding import _most_melds
from cardrules.games.fildinski.melds import MeldKind, candidate_melds
from cardrules.games.fildinski.options import BeziquePair
from cardrules.records import load
from cardrules.solve import Solver
from tests.fildinski.test_ending import MELDS_RECORD, brute_force

PAIRS = (BeziquePair.STANDARD, BeziquePair.KLAVERJAS_HARTENDAME)
"""The bezique options by the code the meld rows give them (0 standard, 1 the klaverjas pair)."""


def _most_disjoint(melds: Sequence[int]) -> int:
    """The size of the largest family of pairwise disjoint card sets among ``melds``, by trying families
    of one set, two sets and so on (a family of disjoint sets stays one when a set leaves it)."""
    best = 0
    for size in range(1, len(melds) + 1):
        if not any(_disjoint(family) for family in combinations(melds, size)):
            break
        best = size
    return best


def _disjoint(family: Sequence[int]) -> bool:
    union = 0
    for cards in family:
        if union & cards:
            return False
        union |= cards
    return True


def test_the_most_disjoint_melds_of_a_kind_are_counted_exactly() -> None:
    """The meld bound counts, per kind, the most disjoint melds each holding a card still needed.

    400 seeded questions: a few whole melds of the kind and some stray cards, under every trump and
    bezique option, each against the count of the largest disjoint family of its candidate melds.
    """
    rng = random.Random(33)
    kinds = tuple(MeldKind)
    for _ in range(400):
        kind, trump, pair = rng.choice(kinds), rng.randrange(4), rng.randrange(2)
        every = list(candidate_melds(kind, (1 << 64) - 1, trump, PAIRS[pair]))
        cards = rng.getrandbits(64) & rng.getrandbits(64) & rng.getrandbits(64)
        for meld in rng.sample(every, min(len(every), rng.randint(1, 4))):
            cards |= meld
        needs = cards if rng.random() < 0.3 else cards & rng.getrandbits(64)
        found = [meld for meld in candidate_melds(kind, cards, trump, PAIRS[pair]) if meld & needs]
        code = kinds.index(kind) << 3 | trump << 1 | pair
        assert _most_melds(code << 128 | cards << 64 | needs) == _most_disjoint(found), (kind, trump, pair)


def _meld_step() -> FildinskiState:
    """The endgame record's position played on (seeded) to its next meld step: p1 to meld, 4 tricks left."""
    state = cardrules.from_position(load(MELDS_RECORD).position or "")
    assert isinstance(state, FildinskiState)
    rng = random.Random(1)
    while not state.in_meld_step:
        state = state.apply(rng.choice(state.legal_actions()))
    return state


def test_an_ending_counts_the_seat_it_was_made_for() -> None:
    state = _meld_step()
    assert [state.ending(seat).counted for seat in (0, 1)] == [(0,), (1,)]
    assert state.ending(1).rules.counted == 1


def test_an_ending_refuses_a_move_it_does_not_have() -> None:
    """A meld step past its last declaration, and a card the player to act does not hold, are refused
    with InvalidArgumentError (not an IndexError, and not a silent answer)."""
    state = _meld_step()
    meld_step = state.ending(1)
    declarations = [move for move in meld_step.legal() if move >= MELD_MOVES]
    assert declarations == [MELD_MOVES]  # meld none only
    with pytest.raises(InvalidArgumentError, match="not a declaration of this meld step"):
        meld_step.action(MELD_MOVES + 1)
    play = state.apply(state.legal_actions()[0]).ending(0)
    assert isinstance(play, FildinskiEnding)
    held = play.hands[0] | play.hands[1]
    nobody = next(card for card in range(64) if not (held >> card | held >> (card ^ 1)) & 1)
    with pytest.raises(InvalidArgumentError, match="is not a legal play here"):
        play.group(nobody)


def _endgame(options: dict[str, object], seed: int) -> FildinskiState:
    """A deal of ``options`` played at random (seeded) until the stock is out: the last eight tricks."""
    state = cardrules.get_game("fildinski", **options).new_game(seed=seed)
    assert isinstance(state, FildinskiState)
    rng = random.Random(seed)
    while state.tricks_done < 24 or state.in_meld_step:
        state = state.apply(rng.choice(state.legal_actions()))
    return state


def test_endings_under_other_rules_carry_other_tags() -> None:
    """One solver keeps the values of many endings in one table, so an ending's tag must tell apart every
    rule its values depend on: the trump, the counted seat, the trump-seven and last-trick options,
    whether there are meld steps, and then the three meld options.

    Every combination of those options, on deals with each trump, with both seats counted: no tag is
    shared by endings under other rules.
    """
    seen: dict[int, tuple[object, ...]] = {}
    choices = {
        "trump_seven_points": ("played", "captured"),
        "last_trick_bonus": ("final", "stock_end"),
        "meld_in_endgame": (False, True),
        "meld_needs_trick_card": (True, False),
        "melded_cards": ("stay", "removed"),
        "bezique_pair": ("standard", "klaverjas_hartendame"),
    }
    trumps: set[int] = set()
    for values in itertools.product(*choices.values()):
        options = dict(zip(choices, values, strict=True))
        matters = values if options["meld_in_endgame"] else values[:3]  # no meld steps: no meld rules
        for seed in (3, 4, 6, 14):  # trumps 0, 1, 3 and 2
            state = _endgame(options, seed)
            trumps.add(state.deal.trump)
            for seat in (0, 1):
                rules = state.ending(seat).rules
                what = (state.deal.trump, seat, *matters)
                assert seen.setdefault(rules.tag, what) == what, (rules.tag, what)
    assert trumps == {0, 1, 2, 3}


def _points_left(state: FildinskiState, seat: int, led: Sequence[Card] = ()) -> int:
    """Counted from the cards: every point the last tricks can still bring ``seat``.

    10 for each ace and ten in the hands or ``led`` (the trick's cards); 10 for
    each trump seven that can still score for ``seat`` (any, when sevens count
    for the trick's winner; only its own, when they count for whoever plays
    them); and the last trick's 10.
    """
    captured = state.options.trump_seven_points.value == "captured"
    held = [(holder, card) for holder in (0, 1) for card in state.hand(holder)]
    left = 0
    for holder, card in [*held, *((state.leader, card) for card in led)]:
        brisque = card.rank in (Rank.ACE, Rank.TEN)
        scoring_seven = card.rank is Rank.SEVEN and card.suit is state.trump and (captured or holder == seat)
        left += 10 if brisque or scoring_seven else 0
    final = state.options.last_trick_bonus.value == "final"
    return left + (10 if final else 0)


@pytest.mark.parametrize("sevens", ["played", "captured"])
@pytest.mark.parametrize("bonus", ["final", "stock_end"])
def test_an_ending_at_most_brings_the_points_left(sevens: str, bonus: str) -> None:
    """The most an ending can still bring its seat (the top of a claim) is every point left: 10 for each
    ace and ten still held, the trump sevens that may score for the seat, and the last trick's bonus."""
    for seed in (3, 4, 6, 14):
        start = _endgame({"trump_seven_points": sevens, "last_trick_bonus": bonus}, seed)
        plays = [action for action in start.legal_actions() if isinstance(action, PlayCard)]
        led = [(start.apply(play), (play.card,)) for play in plays]  # a card in the trick, too
        for (state, trick), seat in itertools.product([(start, ()), *led], (0, 1)):
            ending, left = state.ending(seat), _points_left(state, seat, trick)
            assert ending.most() - ending.value == left, (seed, trick, seat)
            with pytest.raises(InvalidArgumentError, match=f"of 0 to {left} points"):
                ending.needed(left + 1)


def _seeded_meld_ending(seed: int, tricks_done: int) -> FildinskiState:
    """A deal under ``meld_in_endgame``, its meld options and play drawn from one seeded generator,
    played on to ``tricks_done`` tricks (it may stop in a meld step)."""
    rng = random.Random(seed)
    needs, melded = rng.choice([True, False]), rng.choice(["stay", "removed"])
    sevens = rng.choice(["played", "captured"])
    game = cardrules.get_game(
        "fildinski",
        meld_in_endgame=True,
        meld_needs_trick_card=needs,
        melded_cards=melded,
        trump_seven_points=sevens,
    )
    state = game.new_game(seed=seed)
    assert isinstance(state, FildinskiState)
    while state.tricks_done < tricks_done:
        state = state.apply(rng.choice(state.legal_actions()))
    return state


@pytest.mark.rule("fildinski.endgame.no-melding")
@pytest.mark.parametrize(("seed", "tricks_done"), [(16, 29), (32, 29), (100, 29), (177, 29)])
def test_endings_whose_keys_a_careless_encoding_would_merge_are_solved_exactly(
    seed: int, tricks_done: int
) -> None:
    """The solver's table keys an ending by each rank's value class and the count each seat holds of it;
    these endgame-meld endings (found by mutation testing) come out wrong when that key loses a field,
    when a meldable rank's class runs into another class, or when the fields overlap."""
    state = _seeded_meld_ending(seed, tricks_done)
    for seat in (0, 1):
        assert Solver().value(state.ending(seat)) == brute_force(state, seat), seat
