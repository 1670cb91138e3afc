"""The exact solver on Calabresella's play agrees with a plain brute-force search over the engine.

Play positions come from the toolkit's :func:`~cardrules.testing.positions`
under every value of the options that change the play (``follow_suit``,
``direction``, ``opening_lead``), and are played on at random to one to three
tricks from the end. The brute force walks the engine's ``legal_actions()``
and ``apply()`` and reads each side's thirds from the engine's settlement.

The score (``unit="score"``, the hand's payment to a seat) is checked the same
way under every value of ``reverse_cappotto`` and ``stramazzo_basis``, with
the payment worked out in this file from the specification's own statement
of calabresella.scoring.success, .cappotto, .stramazzo and .payment. Random
play seldom comes near cappotto or stramazzo, so most of those positions
come from stacked deals: the bidder, in Solissimo, holds the strongest cards
(or the weakest), and the play on leans towards one side taking the tricks.
"""

from __future__ import annotations

import random
from functools import cache

import pytest
from hypothesis import given
from hypothesis import strategies as st

import cardrules
from cardrules.cards import Card
from cardrules.errors import InvalidArgumentError, NotSolvableError
from cardrules.game import Action
from cardrules.games.calabresella import CalabresellaState
from cardrules.games.calabresella.actions import PlayCard
from cardrules.games.calabresella.cards import DECK, STRENGTH, mask_thirds
from cardrules.games.calabresella.ending import CalabresellaEnding
from cardrules.solve import Solver, analyse, claim
from cardrules.solve.adapter import ending_of
from cardrules.testing import positions
from tests.calabresella.test_position import choose


def taken(at: CalabresellaState, bidder_side: bool) -> int:
    """The thirds a side holds: its settled thirds once the hand is over, else the cards it has won."""
    if at.settlement is not None:
        return at.settlement.thirds_bidder if bidder_side else at.settlement.thirds_opponents
    return mask_thirds(at.tally.won_bidder if bidder_side else at.tally.won_opponents)


def brute_force(state: CalabresellaState, seat: int, *, everyone_minimises: bool = False) -> int:
    """The thirds ``seat``'s side takes from here, with best play by all (the two opponents as one side)."""
    bidder = state.setup.bidder
    ours = seat == bidder
    start = taken(state, ours)

    @cache
    def walk(at: CalabresellaState) -> int:
        if at.is_terminal:
            return taken(at, ours) - start
        results = [walk(at.apply(action)) for action in at.legal_actions()]
        on_our_side = (at.current_player == bidder) == ours
        return max(results) if on_our_side and not everyone_minimises else min(results)

    return walk(state)


@st.composite
def endings(draw: st.DrawFn) -> CalabresellaState:
    """A Calabresella hand in its play, one to three tricks from its end."""
    options = {
        "follow_suit": draw(st.sampled_from(("required", "free"))),
        "direction": draw(st.sampled_from(("counterclockwise", "clockwise"))),
        "opening_lead": draw(st.sampled_from(("eldest", "bidder"))),
    }
    game = cardrules.get_game("calabresella", **options)
    state = draw(positions(game, phase="play")).state
    assert isinstance(state, CalabresellaState)
    left = draw(st.integers(min_value=1, max_value=3), label="tricks left")
    into = draw(st.integers(min_value=0, max_value=2), label="cards into the trick")
    rng = random.Random(draw(st.integers(min_value=0, max_value=2**16), label="play on"))
    while (done := len(state.tally.winners)) < 12 - left or (done == 12 - left and len(state.trick) < into):
        state = state.apply(rng.choice(state.legal_actions()))
    return state


@pytest.mark.rule("calabresella.play.trick-winner")
@pytest.mark.rule("calabresella.scoring.last-trick")
@pytest.mark.rule("calabresella.scoring.monte")
@given(state=endings(), seat=st.integers(min_value=0, max_value=2))
def test_solver_value_equals_brute_force(state: CalabresellaState, seat: int) -> None:
    ending = state.ending(seat)
    solver = Solver()
    assert solver.value(ending) == brute_force(state, seat)
    least = brute_force(state, seat, everyone_minimises=True)
    assert solver.worst(ending) == least
    assert solver.always_at_least(ending, least) and not solver.always_at_least(ending, least + 1)


@given(state=endings())
def test_analysis_values_are_the_children_values(state: CalabresellaState) -> None:
    seat = state.current_player
    ours = seat == state.setup.bidder
    result = analyse(state)
    assert [item.action for item in result.actions] == list(state.legal_actions())
    for item in result.actions:
        child = state.apply(item.action)
        gained = taken(child, ours) - taken(state, ours)
        assert item.value == gained + (0 if child.is_terminal else brute_force(child, seat))
    assert result.value == brute_force(state, seat) == max(item.value for item in result.actions)


@given(
    state=endings(), seat=st.integers(min_value=0, max_value=2), more=st.integers(min_value=1, max_value=10)
)
def test_claims_hold_up_to_the_best_and_refutations_defeat_them(
    state: CalabresellaState, seat: int, more: int
) -> None:
    best = brute_force(state, seat)
    assert claim(state, by=seat, points=best).holds
    asked = best + more
    if asked > state.ending(seat).most():
        return
    result = claim(state, by=seat, points=asked)
    assert not result.holds and result.best == best and result.refutation
    ours = seat == state.setup.bidder
    end = state
    for text in result.refutation:
        end = end.apply(end.parse_action(text))  # every step is legal in the engine
    scored = taken(end, ours) - taken(state, ours)
    if not end.is_terminal:
        scored += end.ending(seat).most()
    assert scored < asked


def test_only_the_play_is_solved() -> None:
    state = cardrules.get_game("calabresella").new_game(seed=1)
    with pytest.raises(NotSolvableError, match="'auction'"):
        claim(state, by=0, points=10)
    with pytest.raises(NotSolvableError, match="'auction'"):
        analyse(state)


def test_a_calabresella_claim_counts_thirds_as_points() -> None:
    state = cardrules.get_game("calabresella").new_game(seed=4)
    while state.phase_name != "play":
        state = state.apply(state.legal_actions()[-1])
    with pytest.raises(InvalidArgumentError, match="counts points or score, not tricks"):
        claim(state, by=0, tricks=3)
    with pytest.raises(InvalidArgumentError, match="0 to 35 points"):
        claim(state, by=0, points=36)


# -- the score: the hand's settlement, cappotto and stramazzo included ---------------------------

RAISE_FACTORS = {"none": 1, "dividete": 2, "scegliete": 4}
"""calabresella.bidding.ladder: a Solissimo raise doubles or quadruples the stake."""


def spec_payment(end: CalabresellaState, seat: int) -> int:
    """What ``seat`` receives (negative: pays) at the end of a settled hand, from the spec's statements."""
    assert end.settlement is not None and end.setup.contract is not None
    options = end.options
    tricks, thirds = end.tally.tricks_bidder, end.settlement.thirds_bidder
    raised = end.setup.raised.value if end.setup.raised is not None else "none"
    stake = options.stake_values[end.setup.contract.level - 1] * RAISE_FACTORS[raised]
    cappotto = tricks == 12 or (tricks == 0 and options.reverse_cappotto.value == "on")
    if options.stramazzo_basis.value == "rounded":
        everything, nothing = thirds // 3 == 11, thirds // 3 == 0
    else:
        everything, nothing = thirds == 35, thirds == 0
    stramazzo = not cappotto and ((everything and tricks < 12) or (nothing and tricks > 0))
    value = stake * (2 if cappotto else 3 if stramazzo else 1)
    bidder_net = 2 * value if thirds >= 18 else -2 * value
    return bidder_net if seat == end.setup.bidder else -bidder_net // 2


def brute_force_score(state: CalabresellaState, seat: int, *, everyone: str = "") -> int:
    """The hand's payment to ``seat`` with best play by all (``everyone="min"`` or ``"max"``: all alike)."""
    bidder = state.setup.bidder
    ours = seat == bidder

    @cache
    def walk(at: CalabresellaState) -> int:
        if at.is_terminal:
            paid = spec_payment(at, seat)
            assert at.settlement is not None and at.settlement.payments[seat] == paid
            return paid
        results = [walk(at.apply(action)) for action in at.legal_actions()]
        if everyone:
            return min(results) if everyone == "min" else max(results)
        return max(results) if (at.current_player == bidder) == ours else min(results)

    return walk(state)


def _lean(state: CalabresellaState, towards_bidder: bool, rng: random.Random) -> Action:
    """A legal card that helps the side leant towards take the trick (now and then any card)."""
    legal = state.legal_actions()
    if rng.random() < 0.1:
        return rng.choice(legal)
    seat = state.current_player
    helping = (seat == state.setup.bidder) == towards_bidder

    def strength(action: Action) -> int:
        assert isinstance(action, PlayCard)
        return STRENGTH[action.card.index]

    if not state.trick:
        return max(legal, key=strength) if helping else min(legal, key=strength)
    led = state.trick[0] // 13
    top = max(STRENGTH[card] for card in state.trick if card // 13 == led)
    if helping:
        winners = [
            action
            for action in legal
            if isinstance(action, PlayCard)
            and action.card.index // 13 == led
            and STRENGTH[action.card.index] > top
        ]
        if winners:
            return min(winners, key=strength)
    return min(legal, key=strength)


@st.composite
def scored_endings(draw: st.DrawFn) -> CalabresellaState:
    """A hand in its play one to three tricks from the end, often near cappotto or stramazzo."""
    options = {
        "reverse_cappotto": draw(st.sampled_from(("on", "off"))),
        "stramazzo_basis": draw(st.sampled_from(("rounded", "thirds"))),
        "follow_suit": draw(st.sampled_from(("required", "free"))),
        "stakes": draw(st.sampled_from(("1,2,3", "2,3,5"))),
    }
    game = cardrules.get_game("calabresella", **options)
    rng = random.Random(draw(st.integers(min_value=0, max_value=2**16), label="shuffle and play"))
    lean = draw(st.sampled_from(("bidder", "opponents", "none")))
    if lean == "none":
        state = draw(positions(game, phase="play")).state
        assert isinstance(state, CalabresellaState)
    else:
        # p0 (eldest, dealer p2) bids Solissimo holding the strongest or the weakest cards, give or take.
        noise = draw(st.integers(min_value=0, max_value=12), label="noise")
        ranked = sorted(DECK, key=lambda card: STRENGTH[card.index] + rng.uniform(0, noise))
        if lean == "bidder":
            ranked.reverse()
        mine, rest = ranked[:12], ranked[12:]
        rng.shuffle(rest)
        deck: list[Card] = []
        for packet in range(3):
            deck += mine[4 * packet : 4 * packet + 4] + rest[8 * packet : 8 * packet + 8]
        deck += rest[24:]
        state = game.from_deal(deck, dealer=2).apply("p0 bid solissimo")
        while state.phase_name != "play":
            state = state.apply(rng.choice(state.legal_actions()))
    left = draw(st.integers(min_value=1, max_value=3), label="tricks left")
    into = draw(st.integers(min_value=0, max_value=2), label="cards into the trick")
    while (done := len(state.tally.winners)) < 12 - left or (done == 12 - left and len(state.trick) < into):
        if lean == "none":
            state = state.apply(rng.choice(state.legal_actions()))
        else:
            state = state.apply(_lean(state, lean == "bidder", rng))
    return state


@pytest.mark.rule("calabresella.scoring.success")
@pytest.mark.rule("calabresella.scoring.cappotto")
@pytest.mark.rule("calabresella.scoring.stramazzo")
@pytest.mark.rule("calabresella.scoring.payment")
@given(state=scored_endings(), seat=st.integers(min_value=0, max_value=2))
def test_score_value_equals_brute_force(state: CalabresellaState, seat: int) -> None:
    ending = ending_of(state, seat, "score")
    solver = Solver()
    assert ending.unit == "score"
    assert ending.in_units(solver.value(ending)) == brute_force_score(state, seat)
    least = brute_force_score(state, seat, everyone="min")
    assert ending.in_units(solver.worst(ending)) == least
    low, high = ending.bounds()
    assert ending.in_units(low) <= least and brute_force_score(
        state, seat, everyone="max"
    ) <= ending.in_units(high)


@pytest.mark.rule("calabresella.scoring.success")
@pytest.mark.rule("calabresella.scoring.cappotto")
@pytest.mark.rule("calabresella.scoring.stramazzo")
@pytest.mark.rule("calabresella.scoring.payment")
@given(state=scored_endings())
def test_score_analysis_values_are_the_children_values(state: CalabresellaState) -> None:
    seat = state.current_player
    result = analyse(state, unit="score")
    assert result.unit == "score"
    assert [item.action for item in result.actions] == list(state.legal_actions())
    for item in result.actions:
        child = state.apply(item.action)
        assert item.value == (
            spec_payment(child, seat) if child.is_terminal else brute_force_score(child, seat)
        )
        assert item.loss == result.value - item.value
    assert result.value == brute_force_score(state, seat) == max(item.value for item in result.actions)


@pytest.mark.rule("calabresella.scoring.success")
@pytest.mark.rule("calabresella.scoring.cappotto")
@pytest.mark.rule("calabresella.scoring.stramazzo")
@pytest.mark.rule("calabresella.scoring.payment")
@given(state=scored_endings(), seat=st.integers(min_value=0, max_value=2), more=st.integers(1, 40))
def test_score_claims_hold_up_to_the_best_and_refutations_defeat_them(
    state: CalabresellaState, seat: int, more: int
) -> None:
    best = brute_force_score(state, seat)
    held = claim(state, by=seat, score=best)
    assert held.holds and held.unit == "score" and held.best == best and held.claimed == best
    asked = best + more
    if asked > brute_force_score(state, seat, everyone="max"):
        with pytest.raises(InvalidArgumentError, match="score claim here is of"):
            claim(state, by=seat, score=asked + 10_000)
        return
    result = claim(state, by=seat, score=asked)
    assert not result.holds and result.best == best and result.refutation
    end = state
    for text in result.refutation:
        end = end.apply(end.parse_action(text))  # every step is legal in the engine
    # where the line stops, no play by anyone brings the seat up to the claim
    assert brute_force_score(end, seat, everyone="max") < asked


@pytest.mark.rule("calabresella.scoring.payment")
@given(state=scored_endings(), seat=st.integers(min_value=0, max_value=2), data=st.data())
def test_an_ending_counted_in_either_unit_follows_the_engine(
    state: CalabresellaState, seat: int, data: st.DataObject
) -> None:
    thirds = state.ending(seat)
    scored = ending_of(state, seat, "score")
    assert thirds.counted_in("score") == scored and scored.counted_in("points") == thirds
    ours = seat == state.setup.bidder
    at = state
    while not at.is_terminal:
        action = data.draw(st.sampled_from(at.legal_actions()), label="play")
        at = at.apply(action)
        thirds, scored = thirds.play(thirds.move(action)), scored.play(scored.move(action))
        assert scored.counted_in("points") == thirds  # the same position, whichever unit it was played in
        assert thirds.value == taken(at, ours) - taken(state, ours)
    assert scored.over and scored.in_units(scored.value) == spec_payment(at, seat)
    assert thirds.counted_in("score") == scored
    with pytest.raises(InvalidArgumentError, match="points or score, not 'tricks'"):
        thirds.counted_in("tricks")


# Two positions where the best play for the score is not the best for the thirds, found by search
# and kept. In the first the bidder, p0 in Solissimo with every trick so far, may lead the JD into
# p1's lone QD: the opponents take 2 thirds, the bidder ends with 33, and under the default
# stramazzo_basis = rounded that is stramazzo (3 times the stake) where taking every trick is
# cappotto (2 times). In the second the defence, with every trick so far, lets the bidder take a
# trick worth at most 2 thirds: stramazzo against the bidder pays 3 times, cappotto in reverse 2.

BIDDER_GIVES_A_TRICK = (
    ("p0", "3S 2S AS KS QS 3H 2H AH KH JD 3D 3C"),
    ("p1", "JS 7S 6S QH JH 7H 2C AC KC QD 4C 5C"),
    ("p2", "5S 4S 6H 5H 4H QC JC 2D AD 7C 6C 4D"),
)
"""The 12 cards dealt to each seat; the monte is KD 7D 6D 5D."""

BIDDER_GIVES_A_TRICK_PLAY = "3S JS 5S 2S 7S 4S AS 6S QC KS 2C JC QS AC 2D 3H QH 6H 2H JH 5H AH 7H 4H KH KC AD"
"""Nine tricks, each led by p0 and won by p0 from the top of spades and hearts."""

DEFENCE_GIVES_A_TRICK = (
    "calabresella ; options direction=counterclockwise auction=open stakes=1,2,3 follow_suit=required "
    "opening_lead=eldest return_timing=after-monte solo_monte=exposed solissimo_raises=on "
    "reverse_cappotto=on stramazzo_basis=rounded redeal_dealer=next ; deal 1 dealer p2 ; "
    "balances 0 0 0 ; seed 0 ; phase play p2 ; hands 7D 5S 7S / 5D 6D KS / KH QS AS ; "
    "monte 3S QD 2S QH ; dealt-monte 3S QD 2S QH ; calls p0 solissimo ; contract p0 solissimo ; "
    "called - ; returned - ; raise none ; laid - ; tricks p0 4C JC 2C / p2 2D JD 3D / p1 3C QC 5C / "
    "p1 3H 7H 5H / p1 AC 6S 6C / p1 KC JS 7C / p1 KD AD 4D / p2 2H JH 4H / p2 AH 4S 6H ; trick p2 ; "
    "score -"
)
"""Nine tricks all won by the opponents; p2 leads to the tenth."""


def bidder_gives_a_trick(basis: str) -> CalabresellaState:
    """The first position: p0 to lead to the tenth trick, holding 3C, 3D and JD."""
    cards = {seat: text.split() for seat, text in BIDDER_GIVES_A_TRICK}
    deck: list[str] = []
    for packet in range(3):
        for seat in ("p0", "p1", "p2"):
            deck += cards[seat][4 * packet : 4 * packet + 4]
    deck += ["KD", "7D", "6D", "5D"]  # the monte
    game = cardrules.get_game("calabresella", stramazzo_basis=basis)
    state = game.from_deal(deck, dealer=2).apply("p0 bid solissimo").apply("p0 raise none")
    for text in BIDDER_GIVES_A_TRICK_PLAY.split():
        state = state.apply(state.parse_action(text))
    assert isinstance(state, CalabresellaState)
    return state


def best_texts(state: CalabresellaState, unit: str | None) -> set[str]:
    """The best actions of the player to act, as texts, in ``unit``."""
    return {str(action) for action in analyse(state, unit=unit).best}


@pytest.mark.rule("calabresella.scoring.stramazzo")
@pytest.mark.rule("calabresella.scoring.cappotto")
def test_the_bidder_gives_up_a_trick_for_stramazzo() -> None:
    state = bidder_gives_a_trick("rounded")
    assert best_texts(state, None) == {"p0 play 3C", "p0 play 3D"}  # every trick: 35 thirds
    assert best_texts(state, "score") == {"p0 play JD"}  # 33 thirds and a trick lost
    scores = {str(item.action): item.value for item in analyse(state, unit="score").actions}
    assert scores == {"p0 play 3C": 12, "p0 play 3D": 12, "p0 play JD": 18}  # Solissimo 3: 2x3x2, 3x3x2
    for text, value in scores.items():
        assert brute_force_score(state.apply(state.parse_action(text)), 0) == value
    assert claim(state, by=0, score=18).holds and claim(state, by=0, points=8).holds  # 8 thirds still to come
    refuted = claim(state, by="p1", score=-6)  # the defence cannot hold the bidder to cappotto
    assert not refuted.holds and refuted.best == -9 and refuted.refutation[0] == "p0 play JD"


@pytest.mark.rule("calabresella.scoring.stramazzo")
def test_under_stramazzo_in_thirds_the_bidder_takes_every_trick() -> None:
    state = bidder_gives_a_trick("thirds")  # 33 thirds are no longer all the points
    assert best_texts(state, None) == best_texts(state, "score") == {"p0 play 3C", "p0 play 3D"}


@pytest.mark.rule("calabresella.scoring.stramazzo")
@pytest.mark.rule("calabresella.scoring.cappotto")
def test_the_defence_gives_up_a_worthless_trick_for_stramazzo() -> None:
    state = cardrules.get_game("calabresella").from_position(DEFENCE_GIVES_A_TRICK)
    assert isinstance(state, CalabresellaState)
    assert state.tally.tricks_bidder == 0 and state.current_player == 2
    assert best_texts(state, None) == {"p2 play KH", "p2 play AS"}  # the bidder takes nothing
    assert best_texts(state, "score") == {"p2 play QS"}  # the bidder takes a trick, and 2 thirds at most
    result = analyse(state, unit="score")
    for item in result.actions:
        assert brute_force_score(state.apply(item.action), 2) == item.value
    assert result.value == 9 and claim(state, by=2, score=9).holds  # 3 x the Solissimo stake of 3


@pytest.mark.rule("calabresella.scoring.stramazzo")
@pytest.mark.rule("calabresella.scoring.cappotto")
def test_one_solver_tells_apart_positions_whose_score_depends_on_the_tricks_before() -> None:
    start = bidder_gives_a_trick("rounded")
    taken_all = start
    for text in ("3C", "4C", "6C", "3D", "QD", "4D"):  # p0 takes both tricks: JD, 5C and 7C left
        taken_all = taken_all.apply(taken_all.parse_action(text))
    lost_one = start
    for text in ("JD", "QD", "4D", "4C", "6C", "3C"):  # p1 takes the JD: 3D, 5C and 7C left
        lost_one = lost_one.apply(lost_one.parse_action(text))
    assert isinstance(taken_all, CalabresellaState) and isinstance(lost_one, CalabresellaState)
    solver = Solver()  # the two look alike to the search (one diamond worth a third, p0 to lead)
    for state, paid in ((taken_all, 12), (lost_one, 18)):  # cappotto, then stramazzo
        ending = ending_of(state, 0, "score")
        assert ending.in_units(solver.value(ending)) == brute_force_score(state, 0) == paid


@pytest.mark.rule("calabresella.scoring.cappotto")
@pytest.mark.rule("calabresella.scoring.stramazzo")
@pytest.mark.rule("calabresella.scoring.payment")
def test_a_finished_points_ending_counted_in_score_pays_what_the_engine_settles() -> None:
    """Every line of the last three tricks, played in points and counted in score once over.

    The opponents have won the first nine tricks, so the lines end with the
    bidder taking no trick (cappotto in reverse), exactly one, two or three:
    the payment depends on the bidder's trick count, read back from the tally.
    """
    start = cardrules.get_game("calabresella").from_position(DEFENCE_GIVES_A_TRICK)
    assert isinstance(start, CalabresellaState)
    seen: set[int] = set()

    def walk(state: CalabresellaState, endings: dict[int, CalabresellaEnding]) -> None:
        if state.is_terminal:
            assert state.settlement is not None
            seen.add(state.settlement.tricks_bidder)
            for seat, ending in endings.items():
                assert ending.over
                scored = ending.counted_in("score")
                paid = scored.in_units(scored.value)
                assert paid == state.settlement.payments[seat] == spec_payment(state, seat)
            return
        for action in state.legal_actions():
            walk(state.apply(action), {seat: e.play(e.move(action)) for seat, e in endings.items()})

    walk(start, {seat: start.ending(seat) for seat in range(3)})
    assert 1 in seen and 0 in seen


@pytest.mark.rule("calabresella.scoring.payment")
@given(state=scored_endings())
def test_one_solver_asked_in_both_units_for_every_seat_answers_as_fresh_solvers_do(
    state: CalabresellaState,
) -> None:
    """A solver keeps what it learns between questions: the thirds a seat takes and the payment it
    receives from the very same cards, under these stakes or others, are different questions, and no
    answer may stand for another (the endings' tags keep their table entries apart)."""
    text = state.position()
    stakes = "stakes=" + ",".join(map(str, state.options.stake_values))
    other = "stakes=1,2,3" if stakes != "stakes=1,2,3" else "stakes=2,3,5"
    restaked = cardrules.get_game("calabresella").from_position(text.replace(stakes, other))
    assert (
        isinstance(restaked, CalabresellaState)
        and restaked.options.stake_values != state.options.stake_values
    )
    shared = Solver()
    for seat in range(3):
        for at, unit in ((state, "points"), (state, "score"), (restaked, "score"), (state, "points")):
            ending = ending_of(at, seat, unit)
            assert shared.value(ending) == Solver().value(ending), (seat, unit)
            assert shared.worst(ending) == Solver().worst(ending), (seat, unit)
            if unit == "score" and not ending.over:
                assert ending.value == 0  # a payment only once the hand ends


def test_endings_under_one_tag_are_played_under_the_same_rules() -> None:
    """An ending's tag keeps apart, in one transposition table, endings whose same cards are worth
    different amounts: those of another bidder, another monte, the other side, the other follow rule."""
    by_tag: dict[int, tuple[int, int, bool, str]] = {}
    for seed in range(60):
        follow = ("required", "free")[seed % 2]
        state = cardrules.get_game("calabresella", follow_suit=follow).new_game(seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal and state.phase_name != "play":
            state = state.apply(choose(rng, state))
        if state.is_terminal:
            continue
        assert isinstance(state, CalabresellaState)
        for seat in range(3):
            ending = state.ending(seat)
            assert isinstance(ending, CalabresellaEnding)
            rules = ending.rules
            played = (mask_thirds(rules.monte), rules.bidder, seat == rules.bidder, follow)
            assert by_tag.setdefault(rules.tag, played) == played, (seed, seat)
    assert len({played[1] for played in by_tag.values()}) == 3 and len(by_tag) > 40


def test_two_positions_under_one_key_are_worth_the_same() -> None:
    """The transposition table trusts a key: positions at trick boundaries with the same key (the leader
    and, per suit, who holds each card left in rank order, with its thirds) have the same value."""
    values: dict[object, int] = {}
    for seed in range(16):
        state = cardrules.get_game("calabresella").new_game(seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal and (state.phase_name != "play" or len(state.tally.winners) < 8):
            state = state.apply(choose(rng, state))
        if state.is_terminal:
            continue
        assert isinstance(state, CalabresellaState)
        for _ in range(12):  # random lines of play over the last four tricks
            ending = state.ending(0)
            while not ending.over:
                ending = ending.play(rng.choice(ending.moves()))
                key = ending.key()
                if key is not None:
                    value = Solver().value(ending) - ending.value
                    assert values.setdefault(key, value) == value, seed
    assert len(values) > 100
