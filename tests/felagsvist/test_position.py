"""Félagsvist positions: the text round-trips, refuses what cannot arise and never breaks.

The round trip is checked on states reached by random legal play to a random
depth up to the whole game (a driver of its own: the toolkit's ``plays()``
stops early), under every option, with :func:`cardrules.testing.assert_same_future`.
The refusal properties break a valid position in one way (or several at once)
and expect the rule chosen for that break; the fuzz test mutates the text
at random and expects only :class:`~cardrules.InvalidPositionError`.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Mapping
from typing import Final, cast

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules import InvalidPositionError, from_position, get_game
from cardrules.cards import STANDARD_DECK, card_at, cards_in
from cardrules.game import TERMINAL
from cardrules.games.felagsvist import FelagsvistGame, FelagsvistState, RoundKind
from cardrules.games.felagsvist.position import SECTIONS
from cardrules.position import MAX_POSITION_CHARS, groups
from cardrules.testing import assert_same_future
from cardrules.testing.strategies import game_options

ALL_PLAYS: Final = 52 * 13
"""Plays in a game that goes to a deal 13."""

OPTIONS: Final = game_options("felagsvist")
SEEDS: Final = st.integers(min_value=0, max_value=2**32 - 1)


def drawn_depth(form: int, value: int) -> int:
    """A depth of play: anywhere in the game (form 0), at a deal boundary (1) or past the end (2)."""
    if form == 0:
        return value
    if form == 1:
        return 52 * (value % 13)
    return 10 * ALL_PLAYS


DEPTHS: Final = st.builds(
    drawn_depth, st.integers(min_value=0, max_value=2), st.integers(min_value=0, max_value=ALL_PLAYS)
)
"""A depth anywhere in the game, at a deal boundary, or past its end (a finished game)."""


def felagsvist(**options: object) -> FelagsvistGame:
    game = get_game("felagsvist", **options)
    assert isinstance(game, FelagsvistGame)
    return game


GAME: Final = felagsvist()


def play_line(options: Mapping[str, object], seed: int, depth: int) -> list[FelagsvistState]:
    """The states of one game under ``options`` from ``seed``: random legal plays, up to ``depth`` of them."""
    state = felagsvist(**options).new_game(seed=seed)
    rng = random.Random(seed)
    line = [state]
    for _ in range(depth):
        if state.is_terminal:
            break
        state = state.apply(rng.choice(state.legal_actions()))
        line.append(state)
    return line


def phase(state: FelagsvistState) -> str:
    """Where in the game ``state`` is, for the coverage count."""
    if state.is_terminal:
        return "game over"
    if not state.plays:
        return "game start" if state.deal_number == 1 else "deal start"
    if len(state.plays) >= 48:
        return "last trick"
    return "trick in progress" if state.trick else "between tricks"


PHASES: Final = ("game start", "deal start", "between tricks", "trick in progress", "last trick", "game over")


def round_trip(state: FelagsvistState, game: FelagsvistGame = GAME) -> FelagsvistState:
    """The state read back from ``state``'s position, checked to be the same game from here on."""
    text = state.position()
    back = game.from_position(text)
    assert isinstance(back, FelagsvistState)
    assert back.position() == text
    assert_same_future(state, back)
    return back


def refused(text: str) -> InvalidPositionError:
    with pytest.raises(InvalidPositionError) as info:
        GAME.from_position(text)
    return info.value


# -- editing a position's sections ----------------------------------------------------


def split(text: str) -> dict[str, list[str]]:
    """The sections of a position text by keyword (the game's name dropped)."""
    return {words[0]: words[1:] for words in (part.split() for part in text.split(" ; ")[1:])}


def join(sections: dict[str, list[str]]) -> str:
    return " ; ".join(["felagsvist", *(" ".join([key, *tokens]) for key, tokens in sections.items())])


def slashed(parts: list[list[str]]) -> list[str]:
    out: list[str] = []
    for index, part in enumerate(parts):
        out.extend((["/"] if index else []) + (part or ["-"]))
    return out


def hands_of(sections: dict[str, list[str]]) -> list[list[str]]:
    return [list(part) for part in groups(sections["hands"])]


def with_hands(text: str, edit: Callable[[list[list[str]]], None]) -> str:
    sections = split(text)
    hands = hands_of(sections)
    edit(hands)
    sections["hands"] = slashed(hands)
    return join(sections)


def expected_turn_rule(state: FelagsvistState) -> str:
    """The rule a wrong ``turn`` breaks in ``state``."""
    if state.is_terminal:
        return "felagsvist.game.twelve-deals"
    if not state.plays:
        return "felagsvist.play.first-lead"
    return "felagsvist.play.trick-order" if state.trick else "felagsvist.trick.winner-leads"


def wrong_turn(text: str, state: FelagsvistState, shift: int) -> str:
    sections = split(text)
    seat = 0 if state.is_terminal else (state.current_player + 1 + shift % 3) % 4
    sections["turn"] = [f"p{seat}"]
    return join(sections)


def impossible_score(text: str, state: FelagsvistState, which: int) -> str:
    """``text`` with one earlier deal's score changed to one no deal can score."""
    sections = split(text)
    pairs = [list(part) for part in groups(sections["scores"])]
    pair = pairs[which % len(pairs)]
    ns, ew = int(pair[0]), int(pair[1])
    if state.options.scoring.value == "per-trick":
        pair[0] = str(ns + 1)
    elif ns == 0:
        pair[0] = "1" if ew else "0"
        pair[1] = pair[1] if ew else "0"
    else:
        pair[1] = "1"
    sections["scores"] = slashed(pairs)
    return join(sections)


# -- the round trip -------------------------------------------------------------------


@given(options=OPTIONS, seed=SEEDS, depth=DEPTHS, earlier=st.integers(min_value=0))
@settings()
def test_every_reachable_state_reads_back_to_the_same_game(
    options: dict[str, object], seed: int, depth: int, earlier: int
) -> None:
    line = play_line(options, seed, depth)
    round_trip(line[-1])
    round_trip(line[earlier % len(line)])


def test_the_drawn_states_reach_every_phase_and_every_round_kind() -> None:
    """The driver above, its depths drawn over a fixed list of seeds, reaches each phase, kind and deal."""
    rng = random.Random(2024)
    phases: Counter[str] = Counter()
    kinds: set[RoundKind] = set()
    deals: set[int] = set()
    for seed in range(80):
        depth = drawn_depth(rng.randrange(3), rng.randrange(ALL_PLAYS + 1))
        options = {
            "first_round": rng.choice(list(RoundKind)).value,
            "tiebreak": rng.choice(["none", "play-on"]),
        }
        state = play_line(options, seed, depth)[-1]
        phases[phase(state)] += 1
        kinds.add(state.round_kind)
        deals.add(state.deal_number)
    assert set(PHASES) <= set(phases), phases
    assert kinds == set(RoundKind)
    assert len(deals) >= 10, deals


def test_a_deal_boundary_and_a_finished_game_read_back() -> None:
    line = play_line({"first_dealer": "S"}, 11, 10 * ALL_PLAYS)
    boundary = line[52]
    assert boundary.deal_number == 2 and not boundary.plays
    back = round_trip(boundary)
    assert back.deal_scores == boundary.deal_scores and back.totals == boundary.totals
    end = line[-1]
    assert end.is_terminal
    back = round_trip(end)
    assert back.is_terminal and back.outcome() == end.outcome() and back.deal_scores == end.deal_scores
    assert "turn over" in end.position() and "hands - / - / - / -" in end.position()


def _tie_seed() -> int:
    """The first seed whose game, played by the first legal action, ties after deal 12."""
    game = felagsvist(tiebreak="none")
    for seed in range(300):
        state = game.new_game(seed=seed)
        while not state.is_terminal:
            state = state.apply(state.legal_actions()[0])
        if state.totals[0] == state.totals[1]:
            return seed
    pytest.fail("no tie among seeds 0-299")


@pytest.mark.rule("felagsvist.game.tie")
def test_deal_13_reads_back_and_needs_a_tie_under_play_on() -> None:
    game = felagsvist(tiebreak="play-on")
    state = game.new_game(seed=_tie_seed())
    while state.deal_number < 13:
        state = state.apply(state.legal_actions()[0])
    for _ in range(7):
        state = state.apply(state.legal_actions()[0])
    round_trip(state)
    text = state.position()
    assert "felagsvist.game.twelve-deals" in refused(text.replace("tiebreak=play-on", "tiebreak=none")).rules
    assert "felagsvist.game.tie" in refused(impossible_tie(text)).rules
    while not state.is_terminal:
        state = state.apply(state.legal_actions()[0])
    round_trip(state)


def impossible_tie(text: str) -> str:
    """``text`` (a deal 13) with deal 1's score changed so that deal 12 ends untied (per-trick scoring)."""
    sections = split(text)
    pairs = [list(part) for part in groups(sections["scores"])]
    ns, ew = int(pairs[0][0]), int(pairs[0][1])
    pairs[0] = [str(ns + 1), str(ew - 1)] if ew else [str(ns - 1), str(ew + 1)]
    sections["scores"] = slashed(pairs)
    return join(sections)


def test_later_explicit_decks_are_written_and_read_back() -> None:
    rng = random.Random(5)
    decks = [rng.sample(STANDARD_DECK, 52) for _ in range(3)]
    state = felagsvist(first_dealer="W").from_deal(decks[0], later_deals=decks[1:], seed=8)
    for _ in range(60):
        state = state.apply(rng.choice(state.legal_actions()))
    assert state.deal_number == 2
    text = state.position()
    assert split(text)["decks"] == [str(card) for card in decks[2]]
    back = round_trip(state)
    assert back.dealt_decks()[1:] == () and len(back.dealt_decks()) == 1
    assert back.apply(back.legal_actions()[0]).dealt_decks() == back.dealt_decks()
    finished_deal = back
    while finished_deal.deal_number == 2:
        finished_deal = finished_deal.apply(finished_deal.legal_actions()[0])
    assert finished_deal.dealt_decks()[-1] == tuple(decks[2])
    assert finished_deal.first_dealer == state.first_dealer == 3


def test_the_deck_of_a_position_deal_is_the_canonical_one_and_deals_its_start_hands() -> None:
    state = play_line({"first_dealer": "E"}, 3, 70)[-1]
    back = GAME.from_position(state.position())
    (deck,) = back.dealt_decks()
    start = felagsvist().from_deal(deck, dealer=back.dealer)
    for seat in range(4):
        played = {card for s, card in state.plays if s == seat}
        assert {c.index for c in cards_in(start.hands[seat])} == {
            c.index for c in cards_in(state.hands[seat])
        } | played
    assert back.first_dealer == state.first_dealer == 1


def test_options_in_the_position_override_the_game_and_those_left_out_keep_it() -> None:
    state = play_line({"scoring": "odd-tricks", "first_dealer": "N"}, 4, 30)[-1]
    text = state.position()
    assert felagsvist(scoring="per-trick").from_position(text).options == state.options
    sections = split(text)
    sections["options"] = ["first_dealer=N"]
    back = felagsvist(scoring="odd-tricks", nolo_ace="low").from_position(join(sections))
    assert back.options.scoring.value == "odd-tricks" and back.options.nolo_ace.value == "low"
    del sections["options"]
    assert felagsvist(scoring="odd-tricks", first_dealer="N").from_position(join(sections)).position() == text


# -- refusals: one break, the rule it breaks ---------------------------------------------


STATES: Final = st.builds(play_line, OPTIONS, SEEDS, DEPTHS).map(lambda line: line[-1])
"""A state reached by random legal play, anywhere in the game."""


@given(state=STATES, data=st.data())
@settings()
@pytest.mark.rule("felagsvist.invariant.hand-sizes")
def test_a_card_moved_from_one_hand_to_another_breaks_the_hand_sizes(
    state: FelagsvistState, data: st.DataObject
) -> None:
    holders = [seat for seat in range(4) if state.hands[seat]]
    if not holders:
        state = play_line({}, 0, 3)[-1]
        holders = [seat for seat in range(4) if state.hands[seat]]
    giver = data.draw(st.sampled_from(holders))
    taker = data.draw(st.sampled_from([seat for seat in range(4) if seat != giver]))

    def move(hands: list[list[str]]) -> None:
        card = data.draw(st.sampled_from(hands[giver]))
        hands[giver].remove(card)
        hands[taker].append(card)

    error = refused(with_hands(state.position(), move))
    assert "felagsvist.invariant.hand-sizes" in error.rules
    assert "felagsvist.invariant.card-conservation" not in error.rules
    assert all(problem.section == "hands" for problem in error.problems)


@given(state=STATES, data=st.data(), drop=st.booleans())
@settings()
@pytest.mark.rule("felagsvist.invariant.card-conservation")
def test_a_card_duplicated_or_dropped_breaks_conservation(
    state: FelagsvistState, data: st.DataObject, drop: bool
) -> None:
    if not any(state.hands):
        state = play_line({}, 1, 9)[-1]
    holder = data.draw(st.sampled_from([seat for seat in range(4) if state.hands[seat]]))
    other = data.draw(st.integers(min_value=0, max_value=3))

    def edit(hands: list[list[str]]) -> None:
        card = data.draw(st.sampled_from(hands[holder]))
        if drop:
            hands[holder].remove(card)
        else:
            hands[other].append(card)

    error = refused(with_hands(state.position(), edit))
    assert "felagsvist.invariant.card-conservation" in error.rules


@given(state=STATES, shift=st.integers(min_value=0, max_value=2))
@settings()
@pytest.mark.rule("felagsvist.play.trick-order")
def test_the_wrong_seat_to_act_is_refused_with_the_rule_that_picks_the_seat(
    state: FelagsvistState, shift: int
) -> None:
    error = refused(wrong_turn(state.position(), state, shift))
    assert error.rules == (expected_turn_rule(state),)
    assert [problem.section for problem in error.problems] == ["turn"]


@given(state=STATES.filter(lambda s: s.deal_number > 1), which=st.integers(min_value=0, max_value=11))
@settings()
@pytest.mark.rule("felagsvist.invariant.deal-score-sum")
def test_an_earlier_deal_score_the_scoring_cannot_give_is_refused(state: FelagsvistState, which: int) -> None:
    error = refused(impossible_score(state.position(), state, which))
    assert "felagsvist.invariant.deal-score-sum" in error.rules


@given(state=STATES.filter(lambda s: s.deal_number > 1))
@settings()
@pytest.mark.rule("felagsvist.score.totals")
def test_a_missing_deal_score_is_refused(state: FelagsvistState) -> None:
    sections = split(state.position())
    sections["scores"] = slashed([list(part) for part in groups(sections["scores"])][1:])
    assert refused(join(sections)).rules == ("felagsvist.score.totals",)


@given(state=STATES.filter(lambda s: len(s.plays) > 0), data=st.data())
@settings()
@pytest.mark.rule("felagsvist.trick.winner-leads")
def test_a_trick_led_by_the_wrong_seat_is_refused(state: FelagsvistState, data: st.DataObject) -> None:
    sections = split(state.position())
    tricks = [list(part) for part in groups(sections["plays"])]
    number = data.draw(st.integers(min_value=0, max_value=len(tricks) - 1))
    leader = int(tricks[number][0][1:])
    tricks[number][0] = f"p{(leader + data.draw(st.integers(min_value=1, max_value=3))) % 4}"
    sections["plays"] = slashed(tricks)
    rule = "felagsvist.play.first-lead" if number == 0 else "felagsvist.trick.winner-leads"
    assert rule in refused(join(sections)).rules


def revoke_of(state: FelagsvistState) -> str | None:
    """``state``'s position with a follower's card in the trick in progress swapped for an off-suit one.

    The seat then started the deal with the card of the suit led it did not
    play: its play is a revoke. ``None`` when no follower can be made to revoke.
    """
    trick = state.trick
    for position in range(1, len(trick)):
        seat = (state.leader + position) % 4
        followed = trick[position]
        if followed // 13 != trick[0] // 13:
            continue
        off_suit = [c for c in cards_in(state.hands[seat]) if c.index // 13 != trick[0] // 13]
        if not off_suit:
            continue
        sections = split(state.position())
        tricks = [list(part) for part in groups(sections["plays"])]
        tricks[-1][1 + position] = str(off_suit[0])
        sections["plays"] = slashed(tricks)
        hands = hands_of(sections)
        hands[seat].remove(str(off_suit[0]))
        hands[seat].append(str(card_at(followed)))
        sections["hands"] = slashed(hands)
        return join(sections)
    return None


@given(options=OPTIONS, seed=SEEDS, depth=st.integers(min_value=0, max_value=ALL_PLAYS))
@settings()
@pytest.mark.rule("felagsvist.play.must-follow")
def test_a_revoke_in_the_history_is_refused(options: dict[str, object], seed: int, depth: int) -> None:
    line = play_line(options, seed, 10 * ALL_PLAYS)
    texts = (revoke_of(state) for state in line[depth % len(line) :] + line)
    text = next(text for text in texts if text is not None)
    error = refused(text)
    assert error.rules == ("felagsvist.play.must-follow",)
    assert "fails to follow suit" in str(error)


@given(state=STATES.filter(lambda s: s.deal_number > 1 and not s.is_terminal), data=st.data())
@settings()
def test_several_independent_breaks_are_all_reported(state: FelagsvistState, data: st.DataObject) -> None:
    text = impossible_score(state.position(), state, data.draw(st.integers(min_value=0, max_value=11)))
    text = wrong_turn(text, state, data.draw(st.integers(min_value=0, max_value=2)))
    giver = next(seat for seat in range(4) if state.hands[seat])

    def move(hands: list[list[str]]) -> None:
        hands[(giver + 1) % 4].append(hands[giver].pop())

    text = with_hands(text, move).replace("; seed ", "; seed x").replace(" round ", " round bogus ")
    text += " ; stock -"
    error = refused(text)
    sections = {problem.section for problem in error.problems}
    assert {"scores", "turn", "hands", "seed", "deal", "stock"} <= sections
    assert {
        "felagsvist.invariant.deal-score-sum",
        expected_turn_rule(state),
        "felagsvist.invariant.hand-sizes",
    } <= set(error.rules)


# -- fuzz: only InvalidPositionError, or a valid state -------------------------------------

NOISE: Final = st.one_of(
    st.text(max_size=12),
    st.sampled_from(
        ["/", "-", ";", "p4", "p-1", "over", "99999999999999999999999", "9" * 5000, "AS", "JK", "10H"]
    ),
    st.integers().map(str),
)


@given(state=STATES, data=st.data())
@settings()
def test_mutated_positions_raise_only_the_position_error(state: FelagsvistState, data: st.DataObject) -> None:
    tokens = state.position().split(" ")
    for _ in range(data.draw(st.integers(min_value=1, max_value=4))):
        at = data.draw(st.integers(min_value=0, max_value=len(tokens) - 1))
        how = data.draw(st.sampled_from(["delete", "insert", "swap", "replace", "duplicate"]))
        if how == "delete" and len(tokens) > 1:
            del tokens[at]
        elif how == "insert":
            tokens.insert(at, data.draw(NOISE))
        elif how == "swap":
            other = data.draw(st.integers(min_value=0, max_value=len(tokens) - 1))
            tokens[at], tokens[other] = tokens[other], tokens[at]
        elif how == "replace":
            tokens[at] = data.draw(NOISE)
        else:
            tokens.insert(at, tokens[at])
    text = " ".join(tokens)
    try:
        back = GAME.from_position(text)
    except InvalidPositionError as error:
        assert error.problems and all(problem.section for problem in error.problems)
        return
    assert GAME.from_position(back.position()).position() == back.position()


@given(text=st.text(max_size=300))
@settings()
def test_any_text_raises_only_the_position_error(text: str) -> None:
    for candidate in (text, "felagsvist ; " + text):
        with pytest.raises(InvalidPositionError):
            GAME.from_position(candidate)


def test_text_that_is_not_text_or_too_long_is_refused() -> None:
    assert refused(cast(str, None)).problems[0].section == "position"
    assert "past the limit" in str(refused("felagsvist ; hands " + "AS " * (MAX_POSITION_CHARS // 3)))
    assert "seed" in {p.section for p in refused("felagsvist ; seed " + "9" * 5000).problems}


# -- the grammar and the messages, by example -----------------------------------------------

DISPUTE: Final = (
    "felagsvist ; options first_round=hearts first_dealer=N nolo_ace=high scoring=per-trick "
    "tiebreak=none session=single-table ; deal 1 dealer p0 round hearts ; turn p0 ; "
    "hands 4C 7C 8C 9C TC JC 6H 9H AH 6S 7S 8S / 3C 5C 3D 7D AD 8H TH JH QH 3S 4S QS / "
    "2C AC 2D 4D 5D 8D TD KD 7H TS KS AS / 6C KC 6D 9D JD QD 2H 2S 5S 9S JS ; "
    "plays p1 3H 4H KH 5H / p3 QC ; scores - ; seed 7"
)
"""A dispute for the records: p3 led the queen of clubs; p0, holding six clubs, trumps with the ace."""


@pytest.mark.rule("felagsvist.play.must-follow")
def test_the_revoke_dispute_is_refused_with_must_follow() -> None:
    state = GAME.from_position(DISPUTE)
    assert state.position() == DISPUTE
    verdict = state.check("p0 play AH")
    assert not verdict.legal and verdict.rule_ids == ("felagsvist.play.must-follow",)
    assert verdict.reason == "clubs were led and p0 holds 4♣ 7♣ 8♣ 9♣ 10♣ J♣, so A♥ fails to follow suit"
    assert from_position(DISPUTE).position() == DISPUTE


def test_the_writer_puts_the_sections_in_one_order_and_every_option() -> None:
    text = play_line({}, 2, 200)[-1].position()
    assert text.startswith("felagsvist ; options first_round=hearts first_dealer=random nolo_ace=high ")
    assert [part.split()[0] for part in text.split(" ; ")[1:]] == [s for s in SECTIONS if s != "decks"]
    later = play_line({}, 2, 2 * 52 + 5)[-1]
    first, second = later.deal_scores
    assert f"; scores {first[0]} {first[1]} / {second[0]} {second[1]} ;" in later.position()


def test_the_reader_takes_sections_in_any_order_seat_names_and_the_optional_sections() -> None:
    state = GAME.from_position(DISPUTE)
    sections = split(DISPUTE)
    del sections["turn"], sections["seed"], sections["options"]
    sections["deal"] = ["1", "dealer", "N"]
    reordered = dict(reversed(list(sections.items())))
    loose = felagsvist(first_dealer="N").from_position(join(reordered).replace("p1 3H", "E 3h"))
    assert loose.legal_actions() == state.legal_actions()
    assert loose.position() == DISPUTE.replace("seed 7", "seed 0")


def test_missing_duplicate_and_unknown_sections_are_named() -> None:
    error = refused("felagsvist ; deal 1 dealer p0 ; deal 2 dealer p1 ; tricks 3")
    shown = [(p.section, p.message) for p in error.problems]
    assert ("deal", "the section is given twice") in shown
    assert ("hands", "the section is missing") in shown and ("plays", "the section is missing") in shown
    assert any(section == "tricks" and "no such section" in message for section, message in shown)
    assert "position refused (" in str(error)
    assert refused("fildinski ; deal 1").problems[0].section == "position"


def test_bad_cards_seats_numbers_and_options_are_each_reported() -> None:
    text = (
        DISPUTE.replace("4C 7C", "4C ZZ")
        .replace("plays p1", "plays p7")
        .replace("deal 1 dealer p0", "deal x dealer q")
        .replace("scoring=per-trick", "scoring=most")
        .replace("tiebreak=none", "tiebreak=flip")
    )
    error = refused(text)
    messages = str(error)
    assert {p.section for p in error.problems} >= {"hands", "plays", "deal", "options"}
    assert "'ZZ' is not a card" in messages and "'p7'" in messages and "'x'" in messages
    assert "most" in messages and "flip" in messages
    assert error.rules == ()


@pytest.mark.rule("felagsvist.seating.partnerships")
def test_the_progressive_session_is_refused_as_an_option() -> None:
    error = refused(DISPUTE.replace("session=single-table", "session=progressive"))
    assert [p.section for p in error.problems] == ["options"]
    assert "felagsvist.seating.partnerships" in str(error)


@pytest.mark.rule("felagsvist.round.cycle")
def test_a_round_kind_the_cycle_does_not_give_is_refused() -> None:
    error = refused(DISPUTE.replace("round hearts", "round nolo"))
    assert error.rules == ("felagsvist.round.cycle",)
    assert "deal 1 is a Hearts deal" in str(error)


@pytest.mark.rule("felagsvist.deal.rotation")
def test_a_dealer_that_the_first_dealer_option_rules_out_is_refused() -> None:
    assert refused(DISPUTE.replace("dealer p0", "dealer p2")).rules[0] == "felagsvist.deal.first-dealer"
    later = play_line({"first_dealer": "N"}, 7, 60)[-1].position()
    assert "deal 2 dealer p1" in later
    assert refused(later.replace("dealer p1", "dealer p0")).rules[0] == "felagsvist.deal.rotation"
    assert GAME.from_position(later.replace("first_dealer=N", "first_dealer=random")).first_dealer == 0


@pytest.mark.rule("felagsvist.game.twelve-deals")
def test_deal_numbers_past_the_game_and_deals_that_should_have_ended_are_refused() -> None:
    assert refused(DISPUTE.replace("deal 1 ", "deal 14 ")).rules == ("felagsvist.game.twelve-deals",)
    assert refused(DISPUTE.replace("deal 1 ", "deal 0 ")).rules == ("felagsvist.game.twelve-deals",)
    last_card = play_line({"first_dealer": "N"}, 2, 3 * 52 - 1)[-1]
    assert last_card.deal_number == 3 and len(last_card.plays) == 51
    (action,) = last_card.legal_actions()
    sections = split(last_card.position())
    card = str(action).split()[-1]
    sections["hands"] = ["-", "/", "-", "/", "-", "/", "-"]
    sections["plays"] = [*sections["plays"], card]
    sections["turn"] = ["over"]
    error = refused(join(sections))
    assert error.rules == ("felagsvist.game.twelve-deals",)
    assert "all 13 tricks of deal 3 are played, but the game goes on (deal 4 follows)" in str(error)


@pytest.mark.rule("felagsvist.play.first-lead")
def test_tricks_of_the_wrong_shape_are_refused() -> None:
    assert refused(DISPUTE.replace("3H 4H KH 5H / p3 QC", "3H 4H KH / p3 5H QC")).rules[0] == (
        "felagsvist.play.trick-order"
    )
    assert "felagsvist.play.first-lead" in refused(DISPUTE.replace("plays p1", "plays p2")).rules
    error = refused(DISPUTE.replace("turn p0", "turn over"))
    assert error.rules == ("felagsvist.game.twelve-deals",) and "the deal is not over" in str(error)


@pytest.mark.rule("common.deal.permutation")
def test_later_decks_that_are_not_the_pack_are_refused() -> None:
    pack = " ".join(str(card) for card in STANDARD_DECK)
    assert GAME.from_position(DISPUTE + f" ; decks {pack}").dealt_decks()[0] != STANDARD_DECK
    error = refused(DISPUTE + f" ; decks {pack.replace('2C', '3C')}")
    assert error.rules == ("common.deal.permutation",) and "missing 2C; twice 3C" in str(error)
    too_many = " / ".join([pack] * 13)
    assert refused(DISPUTE + f" ; decks {too_many}").rules == ("common.deal.permutation",)


def test_a_state_read_from_a_position_is_a_frozen_value_of_the_state_class() -> None:
    state = GAME.from_position(DISPUTE)
    assert type(state) is FelagsvistState and type(state.hands) is tuple and type(state.trick) is tuple
    with pytest.raises(AttributeError):
        state.current_player = 1  # type: ignore[misc]
    assert state.current_player == 0 and state.observation(2).plays[-1][0] == 3
    assert state.observation(2).tricks == (0, 1) and state.won[1].bit_count() == 4
    assert state.current_player != TERMINAL


@pytest.mark.rule("felagsvist.score.totals")
def test_unreadable_options_still_leave_the_deal_number_to_check_the_scores() -> None:
    """The scores are checked against the deal number even when the options cannot be read."""
    state = GAME.new_game(seed=1)
    while state.deal_number < 2:
        state = state.apply(state.legal_actions()[0])
    text = state.position()
    unreadable = text.replace("scoring=per-trick", "scoring=zzz")
    assert [problem.section for problem in refused(unreadable).problems] == ["options"]
    scores = split(text)["scores"]
    error = refused(unreadable.replace(f"scores {' '.join(scores)}", f"scores 1 2 / {' '.join(scores)}"))
    assert [(problem.section, problem.rule) for problem in error.problems] == [
        ("options", None),
        ("scores", "felagsvist.score.totals"),
    ]
    assert error.problems[1].message.startswith("deal 2 follows 1 scored deal")
