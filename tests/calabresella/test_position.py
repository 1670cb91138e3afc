"""Calabresella positions: the round trip, the refusals, the tolerant reader and the grammar.

States are reached by random legal play driven here (not by the toolkit's
``plays()``, which stops early): a session with drawn options and seed, some
whole hands, then a drawn number of actions of the last hand, which covers
every phase from the auction to the settlement, the all-pass hand included.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from dataclasses import FrozenInstanceError, fields
from typing import Final

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import cardrules
from cardrules import InvalidPositionError, get_game
from cardrules.cards import card_at
from cardrules.games.calabresella import (
    CalabresellaGame,
    CalabresellaOptions,
    CalabresellaState,
    FollowSuit,
    Phase,
)
from cardrules.games.calabresella.deal import DealPlan, deal_hands
from cardrules.games.calabresella.position import SECTIONS
from cardrules.testing import assert_same_future
from cardrules.testing.strategies import game_options, option_values

GAME: Final = "calabresella"

OPTIONS: Final = game_options(GAME)
DEPTHS: Final = st.one_of(st.integers(0, 8), st.integers(0, 48))
"""Actions into the last hand: often inside the auction and the exchange, often to the end."""

DISPUTE: Final = (
    "calabresella ; options direction=counterclockwise auction=open stakes=1,2,3 follow_suit=required "
    "opening_lead=eldest return_timing=after-monte solo_monte=exposed solissimo_raises=on "
    "reverse_cappotto=on stramazzo_basis=rounded redeal_dealer=next ; deal 1 dealer p0 ; "
    "balances 0 0 0 ; seed 8 ; phase play p2 ; hands 2C 6C QC KC AC 6D KD 2H JH / "
    "7C JC 7D 6H 7H QH 6S AS / 4C 5C 2D 4D 5D QD AD KH 4S ; monte 3C 3D AH 2S ; "
    "dealt-monte QD 5D 2D KH ; calls p1 pass p2 chiamo p0 pass ; contract p2 chiamo ; "
    "called 3C p1 ; returned JC ; raise - ; laid p2 3C 3D AH 2S ; "
    "tricks p1 4H 5H 3H / p0 JS 3S 5S / p1 QS 7S JD ; trick p1 KS ; score -"
)
"""A real play-phase position (seed 8): p1 led K♠ and p2, holding 4♠, is to play."""


# -- driving play ---------------------------------------------------------------------


def choose(rng: random.Random, state: CalabresellaState) -> cardrules.Action:
    """A random legal action; in the auction a pass half the time, so that every contract is reached."""
    legal = state.legal_actions()
    if state.phase is Phase.AUCTION and rng.random() < 0.5:
        return legal[0]
    return rng.choice(legal)


def reach(
    options: Mapping[str, object], seed: int, depth: int, hands: int = 1, explicit: int = 0
) -> CalabresellaState:
    """The state ``depth`` random legal actions into hand ``hands`` of a session.

    The session starts from ``new_game(seed)``, or with ``explicit`` > 0 from
    explicit deck orders (``explicit`` of them, the first hand's included);
    earlier hands are played to their end.
    """
    game = get_game(GAME, **options)
    assert isinstance(game, CalabresellaGame)
    rng = random.Random(seed)
    state: CalabresellaState
    if explicit:
        decks = []
        for _ in range(explicit):
            deck = list(game.pack())
            rng.shuffle(deck)
            decks.append(deck)
        state = game.from_deal(decks[0], dealer=rng.randrange(3), later_deals=decks[1:], seed=seed)
    else:
        state = game.new_game(seed)
    for hand in range(hands):
        if hand:
            state = state.next_hand()
        steps = depth if hand == hands - 1 else 1000
        while steps > 0 and not state.is_terminal:
            state = state.apply(choose(rng, state))
            steps -= 1
    return state


def read(state: CalabresellaState, text: str | None = None) -> CalabresellaState:
    """The state read back from ``text`` (``state``'s position by default) with a default game."""
    game = get_game(GAME)
    assert isinstance(game, CalabresellaGame)
    return game.from_position(state.position() if text is None else text)


@st.composite
def states(draw: st.DrawFn) -> CalabresellaState:
    """A reachable state: drawn options, seed, session length, deck source and depth."""
    return reach(
        draw(OPTIONS),
        draw(st.integers(0, 2**32)),
        draw(DEPTHS),
        hands=draw(st.integers(1, 3)),
        explicit=draw(st.sampled_from((0, 0, 1, 3))),
    )


def kind(state: CalabresellaState) -> str:
    """The phase of ``state``, with the two ends of a hand told apart."""
    if state.phase is Phase.OVER:
        return "over (all passed)" if state.abandoned else "over (settled)"
    return state.phase.name.lower()


# -- editing a position's text ----------------------------------------------------------


def split(text: str) -> list[list[str]]:
    """The sections of a position as ``[keyword, *tokens]`` lists (the game's name first)."""
    return [part.split() for part in text.split(" ; ")]


def join(parts: list[list[str]]) -> str:
    return " ; ".join(" ".join(part) for part in parts)


def section(parts: list[list[str]], keyword: str) -> list[str]:
    """The ``[keyword, *tokens]`` list of ``keyword`` (edit it in place)."""
    return next(part for part in parts if part[0] == keyword)


def is_card(token: str) -> bool:
    return len(token) == 2 and token[0] in "234567JQKA" and token[1] in "CDHS"


def refused(text: str) -> InvalidPositionError:
    """The error reading ``text`` raises (the test fails if it reads)."""
    with pytest.raises(InvalidPositionError) as info:
        read_text(text)
    return info.value


def read_text(text: str) -> CalabresellaState:
    game = get_game(GAME)
    assert isinstance(game, CalabresellaGame)
    return game.from_position(text)


# -- the round trip -----------------------------------------------------------------


@given(states())
@settings()
def test_every_reachable_state_round_trips_with_the_same_future(state: CalabresellaState) -> None:
    back = read(state)
    assert back.position() == state.position()
    assert_same_future(state, back)


def test_the_drawn_states_reach_every_phase_and_both_ends() -> None:
    """The distribution the round trip draws from (fixed seeds here) reaches every phase."""
    rng = random.Random(2024)
    values = option_values(GAME)
    seen: Counter[str] = Counter()
    contracts: Counter[str] = Counter()
    for number in range(400):
        options = {name: rng.choice(list(choices)) for name, choices in values.items()}
        depth = rng.randrange(9) if rng.random() < 0.5 else rng.randrange(49)
        state = reach(options, number, depth, hands=rng.randrange(1, 4), explicit=rng.choice((0, 0, 1, 3)))
        seen[kind(state)] += 1
        if state.contract is not None:
            raised = state.setup.raised
            contracts[state.contract.value + ("" if raised is None else f" {raised.value}")] += 1
        assert read(state).position() == state.position()
    phases = {phase.name.lower() for phase in Phase if phase is not Phase.OVER}
    assert phases | {"over (all passed)", "over (settled)"} <= set(seen), seen
    assert {"chiamo", "solo", "solissimo none", "solissimo dividete", "solissimo scegliete"} <= set(contracts)


@pytest.mark.parametrize(
    ("options", "seed", "depth"),
    [
        ({}, 3, 0),
        ({"auction": "single-round"}, 5, 3),
        ({"return_timing": "before-monte"}, 8, 5),
        ({"solo_monte": "hidden"}, 11, 2),
        ({"direction": "clockwise", "opening_lead": "bidder"}, 13, 20),
    ],
)
def test_chosen_states_round_trip(options: dict[str, object], seed: int, depth: int) -> None:
    state = reach(options, seed, depth)
    back = read(state, state.position())
    assert back.position() == state.position()
    assert_same_future(state, back)


def test_an_all_pass_hand_and_a_settled_hand_round_trip() -> None:
    game = get_game(GAME)
    abandoned = game.new_game(seed=1).apply("pass").apply("pass").apply("pass")
    assert abandoned.is_terminal and "phase over" in abandoned.position()
    assert read(abandoned).position() == abandoned.position()
    assert_same_future(abandoned, read(abandoned))
    settled = reach({}, 8, 100)
    assert settled.settlement is not None
    text = settled.position()
    assert " ; score thirds " in text and " ; trick - ;" in text
    back = read(settled)
    assert back.position() == text and back.outcome() == settled.outcome()
    assert back.observation(0) == settled.observation(0)


def test_the_next_hand_of_a_read_state_is_the_same_hand() -> None:
    """The seed and the later deck orders carry the session on from a position."""
    game = get_game(GAME)
    decks = [list(game.pack()) for _ in range(3)]
    for number, deck in enumerate(decks):
        random.Random(number).shuffle(deck)
    state = game.from_deal(decks[0], dealer="p1", later_deals=decks[1:], seed=9)
    for _ in range(4):
        while not state.is_terminal:
            state = state.apply(state.legal_actions()[-1])
        back = read(state)
        assert back.position() == state.position()
        later = state.position().count(" ; decks ")
        assert later == (1 if state.hand_number < 3 else 0)
        state, back = state.next_hand(), back.next_hand()
        assert back.position() == state.position()
        assert back.dealt_decks() == state.dealt_decks()


def test_a_read_state_is_dealt_from_a_canonical_deck() -> None:
    state = reach({}, 4, 30)
    back = read(state)
    (deck,) = back.dealt_decks()
    assert sorted(card.index for card in deck) == sorted(card.index for card in state.dealt_decks()[0])
    assert tuple(card.index for card in deck[36:]) == state.dealt_monte
    hands = deal_hands(tuple(card.index for card in deck), back.dealer, back.context.plan.nxt)
    for packet in range(9):  # every packet of four is in index order
        cards = [card.index for card in deck[4 * packet : 4 * packet + 4]]
        assert cards == sorted(cards)
    assert sum(hand.bit_count() for hand in hands) == 36
    assert back.first_dealer == state.first_dealer


def test_a_read_state_is_a_valid_frozen_state() -> None:
    state = reach({"stakes": "1,3,9"}, 12, 25)
    back = read(state)
    assert type(back) is CalabresellaState
    for field in fields(CalabresellaState):
        assert type(getattr(back, field.name)) is type(getattr(state, field.name)), field.name
    with pytest.raises(FrozenInstanceError):
        back.phase = Phase.OVER  # type: ignore[misc]
    assert isinstance(back.context.plan, DealPlan)


def test_a_huge_seed_round_trips() -> None:
    state = get_game(GAME).new_game(seed=10**60).apply("p1 pass")
    back = read(state)
    assert back.position() == state.position()
    assert back.context.plan.seed == 10**60


# -- the grammar, the dispute and the tolerant reader -------------------------------------


@pytest.mark.rule("calabresella.play.follow")
def test_the_dispute_example_reads_and_judges_the_revoke() -> None:
    state = read_text(DISPUTE)
    assert state.position() == DISPUTE
    verdict = state.check("p2 play AD")
    assert not verdict.legal
    assert verdict.rule_ids == ("calabresella.play.follow",)
    assert verdict.reason == "spades were led and p2 holds 4♠, so A♦ fails to follow suit"
    assert state.check("p2 play 4S").legal
    assert cardrules.from_position(DISPUTE).position() == DISPUTE


def test_the_writer_puts_every_section_in_order() -> None:
    keywords = [part[0] for part in split(DISPUTE)]
    assert keywords == [GAME, *(name for name in SECTIONS if name != "decks")]
    options = section(split(DISPUTE), "options")[1:]
    assert [token.split("=")[0] for token in options] == list(get_game(GAME).options_dict())


def test_the_reader_is_tolerant_of_order_spacing_case_and_derived_sections() -> None:
    parts = split(DISPUTE)
    for keyword in ("phase", "contract", "score", "balances", "raise", "seed"):
        parts.remove(section(parts, keyword))
    parts[1:] = reversed(parts[1:])
    text = "  ;  ".join(
        "  ".join(token.lower() if is_card(token) else token for token in part) for part in parts
    )
    assert read_text(text).position() == DISPUTE.replace("seed 8", "seed 0")  # no seed: seed 0
    assert read_text(text + " ; seed 8").position() == DISPUTE


def test_options_override_the_game_and_options_left_out_keep_its_values() -> None:
    free = get_game(GAME, follow_suit="free", stakes="2,3,4")
    assert isinstance(free, CalabresellaGame)
    assert free.from_position(DISPUTE).options == CalabresellaOptions()
    assert not free.from_position(DISPUTE).check("p2 play AD").legal
    parts = split(DISPUTE)
    parts.remove(section(parts, "options"))
    back = free.from_position(join(parts))
    assert back.options == free.options
    assert back.check("p2 play AD").legal
    assert "follow_suit=free stakes" not in back.position() and "stakes=2,3,4" in back.position()
    hyphens = DISPUTE.replace("follow_suit=required", "follow-suit=free")
    assert read_text(hyphens).options == CalabresellaOptions(follow_suit=FollowSuit.FREE)


@pytest.mark.rule("calabresella.deal.packets")
def test_a_message_names_the_section_and_the_rule() -> None:
    error = refused(DISPUTE.replace("hands 2C 6C", "hands 6C").replace("/ 7C JC", "/ 2C 7C JC"))
    assert error.rules == ("calabresella.deal.packets",)
    assert [problem.section for problem in error.problems] == ["hands p0", "hands p1"]
    assert str(error).startswith("position refused (2 problems): hands p0: p0's cards")
    assert "[calabresella.deal.packets]" in str(error)


@pytest.mark.rule("calabresella.play.follow")
def test_a_revoke_in_the_history_is_refused_with_the_engines_verdict() -> None:
    error = refused(DISPUTE.replace("p1 QS 7S JD", "p1 QS JD 7S"))
    assert error.rules == ("calabresella.play.follow",)
    (problem,) = error.problems
    assert problem.section == "tricks 3"
    assert "p2 play JD is illegal: spades were led and p2 holds 4♠" in problem.message


@pytest.mark.rule("calabresella.bidding.overcall")
@pytest.mark.rule("calabresella.bidding.end")
def test_an_auction_that_could_not_be_is_refused() -> None:
    error = refused(
        DISPUTE.replace("calls p1 pass p2 chiamo p0 pass", "calls p1 solo p2 chiamo p0 pass p1 pass")
    )
    assert "calabresella.bidding.overcall" in error.rules
    error = refused(
        DISPUTE.replace("calls p1 pass p2 chiamo p0 pass", "calls p1 pass p2 chiamo p0 pass p1 pass")
    )
    assert error.rules == ("calabresella.bidding.end",)


@pytest.mark.rule("calabresella.bidding.end")
@pytest.mark.rule("calabresella.bidding.all-pass")
def test_an_auction_without_a_standing_bid_cannot_be_followed_by_an_exchange_or_play() -> None:
    """Three passes abandon the hand, and an auction still under way has no contract yet."""
    for calls in ("p1 pass p2 pass p0 pass", "p1 pass p2 chiamo"):
        error = refused(DISPUTE.replace("calls p1 pass p2 chiamo p0 pass", f"calls {calls}"))
        assert error.rules == ("calabresella.bidding.end",), calls
        (problem,) = error.problems
        assert problem.section == "calls"
        assert problem.message == (
            "the calls do not end the auction with a bid, "
            "yet the position has called, returned, laid, tricks, trick"
        )


@pytest.mark.rule("calabresella.procedure.phases")
def test_a_phase_that_disagrees_with_the_history_is_named_in_the_message() -> None:
    (problem,) = refused(DISPUTE.replace("phase play p2", "phase discard p2")).problems
    assert problem.message == "after its history the hand is in the play phase, not in discard"
    settled = read_text(DISPUTE)
    while not settled.is_terminal:
        settled = settled.apply(settled.legal_actions()[0])
    text = settled.position()
    (problem,) = refused(text.replace("phase over", "phase play p0")).problems
    assert problem.message == "after its history the hand is over, not in play"


def test_an_unreadable_lay_away_is_refused_as_a_position_problem() -> None:
    """A section that cannot be read is reported as such, and nothing later trips over its absence."""
    for laid in ("laid p2 3C 3D AH ZZ", "laid q2 3C 3D AH 2S"):
        error = refused(DISPUTE.replace("laid p2 3C 3D AH 2S", laid))
        assert [problem.section for problem in error.problems] == ["laid 1"], laid


@pytest.mark.rule("calabresella.exchange.solissimo-raise")
@pytest.mark.rule("calabresella.procedure.phases")
def test_an_exchange_that_disagrees_with_the_contract_is_refused() -> None:
    error = refused(DISPUTE.replace("raise -", "raise dividete"))
    assert error.rules == ("calabresella.exchange.solissimo-raise",)
    error = refused(DISPUTE.replace("phase play p2", "phase discard p2"))
    assert error.rules == ("calabresella.procedure.phases",)


@pytest.mark.rule("calabresella.play.next-lead")
@pytest.mark.rule("calabresella.play.opening-lead")
def test_a_trick_led_by_the_wrong_seat_is_refused() -> None:
    assert "calabresella.play.next-lead" in refused(DISPUTE.replace("trick p1 KS", "trick p0 KS")).rules
    error = refused(DISPUTE.replace("tricks p1 4H", "tricks p2 4H"))
    assert error.problems[0].section == "tricks 1"
    assert error.problems[0].rule == "calabresella.play.opening-lead"


def test_later_decks_must_be_orders_of_the_pack() -> None:
    deck = " ".join(str(card) for card in get_game(GAME).pack())
    assert "decks" in read_text(DISPUTE.replace(" ; phase", f" ; decks {deck} ; phase")).position()
    error = refused(DISPUTE.replace(" ; phase", f" ; decks {deck.replace('3S', '2S')} ; phase"))
    assert error.rules == ("common.deal.permutation",)
    assert error.problems[0].section == "decks 1"


def test_malformed_text_is_reported_section_by_section() -> None:
    error = refused(
        "calabresella ; deal 0 dealer p3 ; hands 3S / 8S ; monte - ; dealt-monte 3S 3S ; seed x ; "
        "trick p1 1 ; score thirds 40 ; nonsense 1 ; deal 2 dealer p0"
    )
    sections = [problem.section for problem in error.problems]
    for name in ("deal", "hands", "dealt-monte", "seed", "trick", "score", "nonsense"):
        assert name in sections, (name, sections)
    assert "calabresella.deal.monte" in error.rules
    for bad in (5, None, "", "fildinski ; deal 1", "calabresella", "x" * 30_000):
        with pytest.raises(InvalidPositionError):
            read_text(bad)  # type: ignore[arg-type]


# -- refusals of impossible positions ------------------------------------------------------


def zone_cards(parts: list[list[str]]) -> list[list[str]]:
    """The cards of the hands p0, p1, p2 and of the monte, as four lists."""
    hands = [
        [t for t in group.split() if t != "-"] for group in " ".join(section(parts, "hands")[1:]).split("/")
    ]
    monte = [t for t in section(parts, "monte")[1:] if t != "-"]
    return [*hands, monte]


def set_zone_cards(parts: list[list[str]], zones: list[list[str]]) -> None:
    hands = section(parts, "hands")
    hands[1:] = [t for s in range(3) for t in ((["/"] if s else []) + (zones[s] or ["-"]))]
    section(parts, "monte")[1:] = zones[3] or ["-"]


def played_cards(parts: list[list[str]]) -> set[str]:
    return {t for p in parts if p[0] in ("tricks", "trick") for t in p if is_card(t)}


@given(states(), st.randoms(use_true_random=False), st.booleans())
@settings()
@pytest.mark.rule("calabresella.deck.composition")
def test_a_card_written_twice_or_not_at_all_breaks_conservation(
    state: CalabresellaState, rng: random.Random, drop: bool
) -> None:
    parts = split(state.position())
    zones = zone_cards(parts)
    zone, i = rng.choice([(z, i) for z in range(4) for i in range(len(zones[z]))])
    if drop:
        del zones[zone][i]
    else:
        everywhere = {c for z in zones for c in z} | played_cards(parts)
        zones[zone][i] = rng.choice(sorted(everywhere - {zones[zone][i]}))
    set_zone_cards(parts, zones)
    error = refused(join(parts))
    assert "calabresella.deck.composition" in error.rules
    assert any(
        problem.section in ("position", "monte") or problem.section.startswith(("hands", "trick"))
        for problem in error.problems
    )


@given(states(), st.randoms(use_true_random=False))
@settings()
@pytest.mark.rule("calabresella.deal.packets")
def test_a_card_moved_between_hands_gives_a_hand_too_many(
    state: CalabresellaState, rng: random.Random
) -> None:
    setup = state.setup
    moved = {*state.dealt_monte, setup.called, setup.returned, *(c for _, cards in setup.laid for c in cards)}
    plain = [
        (seat, c) for seat in range(3) for c in range(52) if state.hands[seat] >> c & 1 and c not in moved
    ]
    assume(plain)
    seat, card = rng.choice(plain)
    to = rng.choice([s for s in range(3) if s != seat])
    parts = split(state.position())
    zones = zone_cards(parts)
    zones[seat].remove(str(card_at(card)))
    zones[to].append(str(card_at(card)))
    set_zone_cards(parts, zones)
    assert "calabresella.deal.packets" in refused(join(parts)).rules


@given(states(), st.integers(1, 2))
@settings()
@pytest.mark.rule("common.turn.player-to-act")
def test_the_wrong_seat_to_act_is_refused(state: CalabresellaState, shift: int) -> None:
    assume(not state.is_terminal)
    parts = split(state.position())
    section(parts, "phase")[2] = f"p{(state.current_player + shift) % 3}"
    assert refused(join(parts)).rules == ("common.turn.player-to-act",)


@given(states(), st.integers(1, 17))
@settings()
@pytest.mark.rule("calabresella.scoring.rounding")
@pytest.mark.rule("calabresella.scoring.payment")
def test_a_score_that_contradicts_the_cards_won_is_refused(state: CalabresellaState, change: int) -> None:
    while not state.is_terminal:
        state = state.apply(state.legal_actions()[0])
    assume(state.settlement is not None)
    assert state.settlement is not None
    thirds = state.settlement.thirds_bidder
    claimed = thirds + change if thirds + change <= 35 else thirds - change
    parts = split(state.position())
    section(parts, "score")[2:4] = [str(claimed), str(35 - claimed)]
    assert refused(join(parts)).rules == ("calabresella.scoring.rounding",)
    parts = split(state.position())
    score = section(parts, "score")
    score[5] = str(int(score[5]) + change)
    assert refused(join(parts)).rules == ("calabresella.scoring.payment",)


@given(states(), st.integers(1, 10**6))
@settings()
@pytest.mark.rule("calabresella.procedure.session")
def test_balances_that_do_not_sum_to_zero_are_refused(state: CalabresellaState, change: int) -> None:
    parts = split(state.position())
    section(parts, "balances")[1] = str(int(section(parts, "balances")[1]) + change)
    assert refused(join(parts)).rules == ("calabresella.procedure.session",)


@given(states(), st.randoms(use_true_random=False))
@settings()
def test_a_played_card_swapped_with_a_held_one_reads_or_breaks_a_rule_of_play(
    state: CalabresellaState, rng: random.Random
) -> None:
    """The history is judged again: a different history is another legal game, or refused by a play rule."""
    assume(state.phase is Phase.PLAY and state.plays)
    seat, played = rng.choice(state.plays)
    held = list(_cards(state.hands[seat]))
    assume(held)
    other = rng.choice(held)
    text = state.position()
    a, b = str(card_at(played)), str(other)
    swapped = join([[{a: b, b: a}.get(t, t) for t in part] for part in split(text)])
    try:
        read_text(swapped)
    except InvalidPositionError as error:
        allowed = {
            "calabresella.play.follow",
            "calabresella.play.next-lead",
            "calabresella.play.opening-lead",
            "calabresella.deal.packets",
            "common.turn.player-to-act",
            "common.cards.held",
        }
        assert set(error.rules) <= allowed and error.rules, error


@given(states())
@settings()
def test_several_independent_breaks_are_all_reported(state: CalabresellaState) -> None:
    parts = split(state.position())
    section(parts, "balances")[1:] = ["5", "0", "0"]
    section(parts, "options")[1] = "direction=sideways"
    parts.append(["bogus", "1"])
    zone = (
        section(parts, "monte")
        if len(section(parts, "monte")) > 1 and is_card(section(parts, "monte")[1])
        else None
    )
    if zone is None:
        zone = section(parts, "hands")
    first = next(i for i in range(1, len(zone)) if is_card(zone[i]))
    others = {t for p in parts if p[0] in ("hands", "monte", "tricks", "trick") for t in p if is_card(t)}
    zone[first] = sorted(others - {zone[first]})[0]
    error = refused(join(parts))
    assert {"calabresella.procedure.session", "calabresella.deck.composition"} <= set(error.rules)
    sections = {problem.section for problem in error.problems}
    assert {"options", "balances", "bogus"} <= sections


# -- fuzzing ---------------------------------------------------------------------------------

TOKENS: Final = st.one_of(
    st.sampled_from(
        ["/", "-", ";", "p0", "p3", "p-1", "monte", "over", "play", "thirds", "payments", "dealer"]
    ),
    st.sampled_from([str(card) for card in get_game(GAME).pack()] + ["8S", "TH", "JK", "10C"]),
    st.sampled_from(["9" * 30, "-" + "9" * 5000, "--5", "1e9", "0x10", "٣", "²", "stakes=" + "9" * 5000]),
    st.text(min_size=1, max_size=8),
    st.integers(-(10**40), 10**40).map(str),
)


@st.composite
def mutated(draw: st.DrawFn) -> str:
    """A valid position's text with a few random token edits."""
    state = draw(states())
    tokens = state.position().split(" ")
    for _ in range(draw(st.integers(1, 4))):
        where = draw(st.integers(0, len(tokens) - 1))
        edit = draw(st.sampled_from(("delete", "insert", "swap", "replace", "duplicate")))
        if edit == "delete" and len(tokens) > 1:
            del tokens[where]
        elif edit == "insert":
            tokens.insert(where, draw(TOKENS))
        elif edit == "swap":
            other = draw(st.integers(0, len(tokens) - 1))
            tokens[where], tokens[other] = tokens[other], tokens[where]
        elif edit == "replace":
            tokens[where] = draw(TOKENS)
        else:
            end = draw(st.integers(where, min(len(tokens), where + 40)))
            tokens[where:where] = tokens[where:end]
    return " ".join(tokens)


@given(mutated())
@settings()
def test_mutated_text_is_refused_cleanly_or_reads_a_valid_state(text: str) -> None:
    try:
        state = read_text(text)
    except InvalidPositionError as error:
        assert error.problems
        assert all(problem.section for problem in error.problems)
        return
    assert read_text(state.position()).position() == state.position()


@given(st.text(max_size=200))
@settings()
def test_random_text_is_refused_cleanly(text: str) -> None:
    with pytest.raises(InvalidPositionError):
        read_text("calabresella ; " + text)


def _cards(mask: int) -> list[cardrules.Card]:
    return [card_at(c) for c in range(52) if mask >> c & 1]
