"""Backstab Fish positions: the round trip over reachable states, the refusals, the grammar and a fuzz."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable
from typing import Final

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import cardrules
from cardrules import InvalidPositionError
from cardrules.game import TERMINAL
from cardrules.games.backstab_fish import LAY_DOWN, BackstabFishGame, BackstabFishState
from cardrules.games.backstab_fish.observation import ALL_EMPTY, SOLE_HOLDER, STALL_LIMIT, EventLog
from cardrules.games.backstab_fish.position import SECTIONS
from cardrules.position import MAX_POSITION_CHARS
from cardrules.testing import assert_same_future
from cardrules.testing.strategies import game_options

GAME: Final = "backstab_fish"

CONSERVATION: Final = "backstab_fish.invariant.card-conservation"
DEAL: Final = "backstab_fish.setup.deal"
PER_SET: Final = "backstab_fish.score.per-set"
STALL: Final = "backstab_fish.end.stall-limit"
SEQUENCE: Final = "backstab_fish.turn.sequence"
TO_ACT: Final = "common.turn.player-to-act"
RANK: Final = "backstab_fish.ask.rank"
LAY: Final = "backstab_fish.sets.lay-down"
FINAL: Final = "backstab_fish.end.final-lay-down"

_TOKENS: Final = ("2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A", "JK")

# Options that between them reach every phase and end of the game.
SPREAD: Final[tuple[dict[str, object], ...]] = (
    {},
    {"players": 10, "stall_limit": 400},
    {"deck": "single", "players": 8},
    {"deck": "double-jokers", "players": 6, "give": "all-of-rank"},
    {"lay_down": "compulsory", "stall_limit": 40},
    {"empty_target": "allowed", "final_lay_down": "off", "stall_limit": 3},
    {"players": 5, "stall_limit": 1},
)


def game_of(**options: object) -> BackstabFishGame:
    """The game with these options."""
    chosen = cardrules.get_game(GAME, **options)
    assert isinstance(chosen, BackstabFishGame)
    return chosen


def line_of_play(game: BackstabFishGame, seed: int) -> list[BackstabFishState]:
    """A whole game of random legal actions drawn with ``random.Random(seed)``: every state, in order."""
    rng = random.Random(seed)
    state = game.new_game(seed)
    states = [state]
    while not state.is_terminal:
        state = state.apply(rng.choice(state.legal_actions()))
        states.append(state)
    return states


def drawn_state(options: dict[str, object], seed: int, depth: float) -> BackstabFishState:
    """The state ``depth`` (0 to 1) of the way through a random game: 0 the deal, 1 the end."""
    states = line_of_play(game_of(**options), seed)
    return states[round(depth * (len(states) - 1))]


def depth_of(history: EventLog) -> int:
    """How many links a history chain has."""
    links = 0
    chain = history.chain
    while chain is not None:
        chain = chain[0]
        links += 1
    return links


def sections(text: str) -> dict[str, list[str]]:
    """A position's sections by keyword, each as its tokens (the game's name under its own name)."""
    out: dict[str, list[str]] = {}
    for part in text.split(" ; "):
        words = part.split()
        out[words[0]] = words[1:]
    return out


def joined(parts: dict[str, list[str]]) -> str:
    """A position text from sections (as :func:`sections` gives them), in their order."""
    return " ; ".join(" ".join([keyword, *tokens]) for keyword, tokens in parts.items())


def seat_groups(tokens: list[str]) -> list[list[str]]:
    """A hands or laid section's tokens as one list of ranks per seat (labels and ``-`` dropped)."""
    out: list[list[str]] = [[]]
    for token in tokens:
        if token == "/":
            out.append([])
        elif token != "-" and not token.startswith("p"):
            out[-1].append(token)
    return out


def seat_tokens(groups: list[list[str]]) -> list[str]:
    """Seat groups back as a section's tokens."""
    out: list[str] = []
    for seat, ranks in enumerate(groups):
        if seat:
            out.append("/")
        out += [f"p{seat}", *(ranks or ["-"])]
    return out


def refusal(game: BackstabFishGame, text: str) -> InvalidPositionError:
    """The error reading ``text`` raises (failing the test if it reads)."""
    with pytest.raises(InvalidPositionError) as info:
        game.from_position(text)
    return info.value


def round_trip(state: BackstabFishState, steps: int = 4) -> BackstabFishState:
    """Read ``state``'s position back and check the copy: same text, same future, a sound value."""
    text = state.position()
    game = game_of(**state.options.as_dict())
    copy = game.from_position(text)
    assert copy.position() == text
    assert_same_future(state, copy, steps=steps)
    assert depth_of(copy.history) == depth_of(state.history)
    for field in dataclasses.fields(BackstabFishState):
        mine, theirs = getattr(copy, field.name), getattr(state, field.name)
        assert type(mine) is type(theirs) or None in (mine, theirs), field.name
    with pytest.raises(dataclasses.FrozenInstanceError):
        copy.stall = 1  # type: ignore[misc]
    return copy


# -- the round trip -------------------------------------------------------------------


@pytest.mark.rule("backstab_fish.info.public")
@pytest.mark.rule(CONSERVATION)
@settings(deadline=None)
@given(
    options=game_options(GAME),
    seed=st.integers(min_value=0, max_value=10_000),
    depth=st.one_of(st.sampled_from([0.0, 1.0]), st.floats(min_value=0.0, max_value=1.0)),
)
def test_every_reachable_state_reads_back_to_the_same_future(
    options: dict[str, object], seed: int, depth: float
) -> None:
    round_trip(drawn_state(options, seed, depth))


def _phase(state: BackstabFishState) -> str:
    if state.is_terminal:
        return f"over {state.end_rule}"
    if state.phase == LAY_DOWN:
        return "lay-down"
    if state.stock_size == 0:
        return "ask, empty stock"
    return "deal" if state.turns == 0 else "ask"


def test_the_drawn_states_reach_every_phase_and_every_end() -> None:
    """The way the round trip draws states reaches each phase and end, over a fixed list of seeds."""
    seen: dict[str, int] = {}
    for seed in range(42):
        rng = random.Random(seed)
        depth = rng.choice([0.0, 1.0, rng.random(), rng.random(), rng.random()])
        state = drawn_state(SPREAD[seed % len(SPREAD)], seed, depth)
        seen[_phase(state)] = seen.get(_phase(state), 0) + 1
        round_trip(state, steps=2)
    wanted = {
        "deal",
        "ask",
        "ask, empty stock",
        "lay-down",
        *(f"over {rule}" for rule in (ALL_EMPTY, SOLE_HOLDER, STALL_LIMIT)),
    }
    assert wanted <= set(seen), seen


@pytest.mark.rule("backstab_fish.end.all-empty")
@pytest.mark.rule("backstab_fish.end.sole-holder")
@pytest.mark.rule(STALL)
@pytest.mark.parametrize("options", SPREAD)
def test_each_state_of_a_game_reads_back(options: dict[str, object]) -> None:
    """Every state of one game (a sample for the long ones), from the deal to the end."""
    states = line_of_play(game_of(**options), 7)
    step = max(1, len(states) // 60)
    for state in [*states[::step], states[-1]]:
        text = state.position()
        copy = game_of(**options).from_position(text)
        assert copy.position() == text
        assert copy.observation(0) == state.observation(0)
    round_trip(states[-1])
    empty = [state for state in states if state.stock_size == 0 and not state.is_terminal]
    if empty:
        round_trip(empty[0])


@pytest.mark.rule(LAY)
def test_a_state_waiting_for_the_lay_down_decision_reads_back() -> None:
    states = line_of_play(game_of(), 3)
    waiting = [state for state in states if state.phase == LAY_DOWN]
    assert waiting
    copy = round_trip(waiting[0], steps=8)
    assert copy.phase == LAY_DOWN and copy.target == waiting[0].target
    assert copy.productive == waiting[0].productive
    assert " ; phase lay-down p" in copy.position()


@pytest.mark.rule(DEAL)
def test_the_deck_of_a_position_before_the_first_turn_deals_its_hands() -> None:
    game = game_of(players=6, deck="double-jokers")
    state = game.new_game(seed=11)
    copy = game.from_position(state.position())
    (deck,) = copy.dealt_decks()
    assert len(deck) == 108 and copy.first_dealer == state.first_dealer
    again = game.from_deal(deck, dealer=copy.dealer)
    assert again.position() == state.position()


def test_the_deck_of_a_later_position_keeps_the_stock_in_order() -> None:
    state = line_of_play(game_of(), 5)[40]
    (deck,) = game_of().from_position(state.position()).dealt_decks()
    assert sorted(map(str, deck)) == sorted(map(str, state.dealt_decks()[0]))
    ranks = [card.rank for card in deck[len(deck) - state.stock_size :]]
    assert ranks == [card.rank for card in state.stock_cards()]


def test_a_history_with_no_hidden_draw_is_rejudged_from_its_deal() -> None:
    """Positions whose draws are all refills (none hidden) go through the engine's replay and read back."""
    found = 0
    for seed in range(30):
        states = line_of_play(game_of(give="all-of-rank"), seed)
        for state in states[1:6]:
            if all(event.kind != "go-fish" or event.count == 0 for event in state.events):
                round_trip(state, steps=2)
                found += 1
    assert found


# -- refusals ----------------------------------------------------------------------------

_PLAYED: Final = st.builds(
    drawn_state,
    options=st.sampled_from(SPREAD),
    seed=st.integers(min_value=0, max_value=500),
    depth=st.floats(min_value=0.0, max_value=0.9),
)


def _move_card(parts: dict[str, list[str]], rng: random.Random) -> str:
    """Move one card from a hand to another hand: the sizes no longer fit the history."""
    hands = seat_groups(parts["hands"])
    givers = [seat for seat, hand in enumerate(hands) if hand]
    giver = rng.choice(givers)
    taker = rng.choice([seat for seat in range(len(hands)) if seat != giver])
    hands[taker].append(hands[giver].pop(rng.randrange(len(hands[giver]))))
    parts["hands"] = seat_tokens(hands)
    return DEAL if parts["history"] == ["-"] else CONSERVATION


def _duplicate_card(parts: dict[str, list[str]], rng: random.Random) -> str:
    hands = seat_groups(parts["hands"])
    seat = rng.choice([seat for seat, hand in enumerate(hands) if hand])
    hands[seat].append(rng.choice(hands[seat]))
    parts["hands"] = seat_tokens(hands)
    return CONSERVATION


def _drop_card(parts: dict[str, list[str]], rng: random.Random) -> str:
    if parts["stock"] != ["-"]:
        parts["stock"].pop(rng.randrange(len(parts["stock"])))
        parts["stock"] = parts["stock"] or ["-"]
        return CONSERVATION
    hands = seat_groups(parts["hands"])
    seat = rng.choice([seat for seat, hand in enumerate(hands) if hand])
    hands[seat].pop()
    parts["hands"] = seat_tokens(hands)
    return CONSERVATION


def _change_score(parts: dict[str, list[str]], rng: random.Random) -> str:
    seat = rng.randrange(len(parts["scores"]))
    parts["scores"][seat] = str(int(parts["scores"][seat]) + rng.randint(1, 3))
    return PER_SET


def _change_stall(parts: dict[str, list[str]], rng: random.Random) -> str:
    parts["stall"] = [str(int(parts["stall"][0]) + rng.randint(1, 5))]
    return STALL


def _change_turns(parts: dict[str, list[str]], rng: random.Random) -> str:
    parts["turns"] = [str(int(parts["turns"][0]) + rng.choice([1, 2, 7]))]
    return SEQUENCE


BREAKS: Final[tuple[Callable[[dict[str, list[str]], random.Random], str], ...]] = (
    _move_card,
    _duplicate_card,
    _drop_card,
    _change_score,
    _change_stall,
    _change_turns,
)


@pytest.mark.rule(CONSERVATION)
@pytest.mark.rule(DEAL)
@pytest.mark.rule(PER_SET)
@pytest.mark.rule(STALL)
@pytest.mark.rule(SEQUENCE)
@settings(deadline=None)
@given(state=_PLAYED, which=st.integers(min_value=0, max_value=len(BREAKS) - 1), salt=st.integers(0, 99))
def test_a_broken_position_is_refused_naming_the_rule_it_breaks(
    state: BackstabFishState, which: int, salt: int
) -> None:
    parts = sections(state.position())
    rule = BREAKS[which](parts, random.Random(salt))
    error = refusal(game_of(), joined(parts))
    assert rule in error.rules, error


@pytest.mark.rule(TO_ACT)
@settings(deadline=None)
@given(state=_PLAYED, salt=st.integers(1, 9))
def test_the_wrong_seat_to_act_is_refused(state: BackstabFishState, salt: int) -> None:
    if state.is_terminal:
        return
    parts = sections(state.position())
    seat = (state.current_player + salt) % state.players
    if seat == state.current_player:
        seat = (seat + 1) % state.players
    parts["phase"][1] = f"p{seat}"
    error = refusal(game_of(), joined(parts))
    assert TO_ACT in error.rules, error


@pytest.mark.rule(RANK)
@settings(deadline=None)
@given(options=st.sampled_from(SPREAD), seed=st.integers(0, 500), depth=st.floats(0.0, 0.9))
def test_a_history_asking_for_a_rank_not_held_is_refused(
    options: dict[str, object], seed: int, depth: float
) -> None:
    """The last turn's ask, a go fish, changed to a rank its asker held none of (nor holds now)."""
    states = line_of_play(game_of(**options), seed)
    found: tuple[BackstabFishState, int] | None = None
    for state in reversed(states[1 : round(depth * (len(states) - 1)) + 2]):
        if state.is_terminal or state.events[-1].kind != "go-fish":
            continue
        ask = next(event for event in reversed(state.events) if event.kind == "ask")
        copies = state.options.copies
        absent = [r for r in range(14) if copies[r] >= ask.count and not state.hand_counts(ask.seat)[r]]
        if absent:
            found = (state, absent[0])
            break
    assume(found is not None)
    assert found is not None
    state, rank = found
    parts = sections(state.position())
    turns = " ".join(parts["history"]).split(" / ")
    words = turns[-1].split()
    words[4] = _TOKENS[rank]
    parts["history"] = " / ".join([*turns[:-1], " ".join(words)]).split()
    error = refusal(game_of(), joined(parts))
    assert RANK in error.rules, error


@pytest.mark.rule(CONSERVATION)
@pytest.mark.rule(PER_SET)
@pytest.mark.rule(STALL)
@settings(deadline=None)
@given(state=_PLAYED, salt=st.integers(0, 99))
def test_independent_breaks_are_all_reported(state: BackstabFishState, salt: int) -> None:
    parts = sections(state.position())
    rng = random.Random(salt)
    rules = {_duplicate_card(parts, rng), _change_score(parts, rng), _change_stall(parts, rng)}
    error = refusal(game_of(), joined(parts))
    assert rules <= set(error.rules), error
    sections_named = {problem.section for problem in error.problems}
    assert {"hands", "scores", "stall"} <= sections_named


@pytest.mark.rule(FINAL)
def test_a_finished_game_with_a_set_still_in_hand_is_refused() -> None:
    """A set of the final lay-down put back into its hand: every set is laid down at the end."""
    ended = (line_of_play(game_of(stall_limit=40), seed)[-1] for seed in range(40))
    state = next(s for s in ended if any(event.kind == "final-lay-down" for event in s.events))
    last = next(event for event in state.events if event.kind == "final-lay-down")
    parts = sections(state.position())
    hands, laid = seat_groups(parts["hands"]), seat_groups(parts["laid"])
    rank = str(last.sets[0])
    hands[last.seat] += [rank] * 4
    laid[last.seat].remove(rank)
    parts["hands"], parts["laid"] = seat_tokens(hands), seat_tokens(laid)
    parts["scores"][last.seat] = str(int(parts["scores"][last.seat]) - 1)
    error = refusal(game_of(), joined(parts))
    assert error.rules == (FINAL,), error


# -- the fuzz -------------------------------------------------------------------------------

_JUNK: Final = st.one_of(
    st.sampled_from(
        ["/", "-", ";", "p0", "p11", "K", "JK", "ask", "give", "fish", "lay", "end", "over", "="]
    ),
    st.integers(min_value=-(10**30), max_value=10**30).map(str),
    st.text(min_size=1, max_size=8),
)


@settings(deadline=None)
@given(
    state=_PLAYED,
    edits=st.lists(
        st.tuples(st.sampled_from(["delete", "insert", "swap", "replace"]), st.integers(0, 10**6), _JUNK),
        min_size=1,
        max_size=5,
    ),
)
def test_a_mangled_position_raises_only_invalid_position_error(
    state: BackstabFishState, edits: list[tuple[str, int, str]]
) -> None:
    tokens = state.position().split(" ")
    for kind, where, junk in edits:
        at = where % len(tokens)
        if kind == "delete" and len(tokens) > 1:
            del tokens[at]
        elif kind == "insert":
            tokens.insert(at, junk)
        elif kind == "swap":
            other = (at * 7 + 3) % len(tokens)
            tokens[at], tokens[other] = tokens[other], tokens[at]
        else:
            tokens[at] = junk
    text = " ".join(tokens)
    try:
        read = game_of().from_position(text)
    except InvalidPositionError as error:
        assert error.problems and all(problem.section for problem in error.problems)
        return
    assert game_of(**read.options.as_dict()).from_position(read.position()).position() == read.position()


@pytest.mark.parametrize(
    "text",
    [
        "",
        " ; ; ",
        "backstab_fish",
        "fildinski ; hands -",
        "backstab_fish ; options players=99999999999999999999 ; history -",
        "backstab_fish ; options players=²",
        "backstab_fish ; options deck ; history -",
        "backstab_fish ; stall --5 ; turns -1 ; scores 1e9",
        "backstab_fish ; history p0 ask p1 999999999999999 K give 99999999999999",
        "backstab_fish ; history " + " / ".join(["p0 ask p1 1 K fish"] * 3000),
        "backstab_fish ; hands " + "K " * 50_000,
        "x" * (MAX_POSITION_CHARS + 1),
    ],
)
def test_malformed_text_raises_only_invalid_position_error(text: str) -> None:
    with pytest.raises(InvalidPositionError):
        game_of().from_position(text)


@pytest.mark.parametrize("text", [None, 12, b"backstab_fish", ["backstab_fish"]])
def test_a_position_that_is_not_text_is_refused(text: object) -> None:
    with pytest.raises(InvalidPositionError, match="a position is text"):
        game_of().from_position(text)  # type: ignore[arg-type]


# -- the grammar and the messages ----------------------------------------------------------


def test_the_sections_come_in_canonical_order_with_every_option() -> None:
    state = game_of(players=5).new_game(seed=3)
    text = state.position()
    parts = sections(text)
    assert list(parts) == [GAME, *SECTIONS]
    assert parts["options"] == [
        f"{name}={value}" for name, value in game_of(players=5).options_dict().items()
    ]
    assert parts["dealer"] == [f"p{state.dealer}"]
    assert parts["laid"] == ["p0", "-", "/", "p1", "-", "/", "p2", "-", "/", "p3", "-", "/", "p4", "-"]
    assert parts["phase"] == ["ask", f"p{state.current_player}"] and parts["history"] == ["-"]
    assert parts["hands"][0] == "p0" and parts["hands"][8] == "/"
    assert len(text) < MAX_POSITION_CHARS


def test_a_finished_game_writes_its_end_rule_and_an_empty_stock() -> None:
    state = line_of_play(game_of(deck="single"), 2)[-1]
    parts = sections(state.position())
    assert parts["phase"] == ["over", str(state.end_rule)]
    assert parts["stock"] == ["-"] or state.end_rule == STALL_LIMIT
    assert state.current_player == TERMINAL


def test_a_history_turn_writes_the_ask_the_answer_and_the_decision() -> None:
    states = line_of_play(game_of(give="all-of-rank"), 1)
    texts = " ".join(sections(states[-1].position())["history"]).split(" / ")
    asks = [event for event in states[-1].events if event.kind == "ask"]
    assert len(texts) == len(asks) == states[-1].turns
    first = asks[0]
    assert texts[0].startswith(f"p{first.seat} ask p{first.other} {first.count} {first.rank}")
    assert all(text.split()[5] in ("give", "fish") for text in texts)
    assert any(" lay " in text for text in texts) and any(text.endswith(" end") for text in texts)
    assert any(text.split()[5:7][-1].isdigit() for text in texts if len(text.split()) > 6)


def test_the_reader_takes_the_longer_forms_and_leaves_out_labels() -> None:
    game = game_of()
    state = line_of_play(game, 4)[12]
    text = state.position()
    parts = sections(text)
    turns = " ".join(parts["history"]).split(" / ")
    longer = []
    for turn in turns:
        words = turn.split()
        words.insert(3, "for")
        words = [{"fish": "go-fish", "end": "end turn", "lay": "lay down"}.get(word, word) for word in words]
        longer.append(" ".join(words))
    parts["history"] = " / ".join(longer).split()
    parts["hands"] = [token for token in parts["hands"] if not token.startswith("p")]
    parts["options"] = [option.replace("_", "-") for option in parts["options"] if "deck" not in option]
    assert game.from_position(joined(parts).replace(" ; ", " ;  ")).position() == text


def test_options_in_the_position_override_the_games_and_those_left_out_keep_its() -> None:
    state = game_of(players=6, give="all-of-rank").new_game(seed=5)
    parts = sections(state.position())
    parts["options"] = ["players=6"]
    read = game_of(give="all-of-rank", stall_limit=77).from_position(joined(parts))
    assert read.options.as_dict() == {**state.options.as_dict(), "stall_limit": 77}
    with pytest.raises(InvalidPositionError, match="players takes a whole number from 4 to 10"):
        game_of().from_position(joined({**parts, "options": ["players=2"]}))


def test_the_messages_name_the_section_and_the_rule() -> None:
    state = line_of_play(game_of(), 6)[30]
    parts = sections(state.position())
    parts["scores"][0] = str(int(parts["scores"][0]) + 1)
    message = str(refusal(game_of(), joined(parts)))
    assert message.startswith("position refused (1 problem): scores: p0 has ")
    assert message.endswith(f"[{PER_SET}]")
    parts = sections(state.position())
    parts["color"] = ["red"]
    parts["stock"] = parts["stock"] + ["XX"]
    error = refusal(game_of(), joined(parts))
    assert [problem.section for problem in error.problems] == ["stock", "color"]
    assert "'XX' is not a rank" in str(error) and "no such section" in str(error)


def test_a_duplicate_or_missing_history_is_refused() -> None:
    text = game_of().new_game(seed=1).position()
    assert "history: the section is given twice" in str(refusal(game_of(), text + " ; history -"))
    assert "history: the section is missing" in str(refusal(game_of(), text.rsplit(" ; ", 1)[0]))


def test_a_long_history_passes_the_shared_readers_limit() -> None:
    state = line_of_play(game_of(players=10, stall_limit=400), 0)[-1]
    text = state.position()
    assert 20_000 < len(text) <= MAX_POSITION_CHARS
    assert game_of(players=10).from_position(text).position() == text
    history = text.rsplit(" ; history ", 1)[1]
    longer = text + " / " + " / ".join([history] * (MAX_POSITION_CHARS // len(history)))
    assert len(longer) > MAX_POSITION_CHARS
    error = refusal(game_of(players=10), longer)
    assert str(error) == (
        f"position refused (1 problem): position: {len(longer)} characters is past the limit of "
        f"{MAX_POSITION_CHARS}"
    )


def test_cardrules_from_position_reads_a_backstab_fish_position() -> None:
    state = line_of_play(game_of(players=4), 9)[25]
    assert cardrules.from_position(state.position()).position() == state.position()


# -- the dispute example of the records folder ----------------------------------------------

DISPUTE: Final = (
    "backstab_fish ; options players=4 deck=double give=exact empty_target=forbidden "
    "lay_down=optional stall_limit=400 final_lay_down=on ; dealer p1 ; hands p0 3 5 7 9 T T J "
    "K / p1 2 2 4 T J K K / p2 2 4 4 7 7 9 Q A A / p3 4 6 8 8 8 9 T K ; stock 9 6 J 7 2 4 5 Q "
    "6 4 7 J 6 3 3 Q 3 5 3 7 8 8 Q J 6 J A 7 Q 9 J 5 K 9 T 8 K A 5 5 Q 7 5 J 2 6 5 A 6 A 2 T "
    "A 6 T 8 3 Q Q 9 2 K T 2 4 9 4 3 8 A K 3 ; laid p0 - / p1 - / p2 - / p3 - ; scores 0 0 0 "
    "0 ; phase ask p0 ; turns 5 ; stall 0 ; history p2 ask p0 3 Q fish / p0 ask p3 2 T fish / "
    "p3 ask p0 1 8 give / p0 ask p2 2 9 fish / p2 ask p0 7 9 fish"
)
"""The dispute of the records folder: p0 is to ask, holding no queen."""


@pytest.mark.rule(RANK)
def test_the_dispute_example_an_ask_for_a_rank_not_held() -> None:
    read = cardrules.from_position(DISPUTE)
    assert read.position() == DISPUTE
    verdict = read.check("p0 ask p2 for 2 Q")
    assert not verdict.legal and verdict.rule_ids == (RANK,)
    assert verdict.reason == "p0 holds no queens, so cannot ask for them"


WAITING: Final = (
    "backstab_fish ; options players=4 deck=double give=exact empty_target=forbidden lay_down=optional "
    "stall_limit=400 final_lay_down=on ; dealer p1 ; hands p0 2 3 4 7 / p1 2 3 8 Q Q K K / "
    "p2 2 2 4 4 4 4 5 8 T J A / p3 2 3 3 4 5 9 Q K ; stock T J Q 8 3 6 A J Q 9 2 Q T 9 5 7 9 7 6 J A "
    "K 9 2 7 J 5 8 A Q T A 9 K 3 8 T K A A J 6 6 K 3 7 A 2 5 T J 8 3 4 6 Q T 9 8 4 5 7 7 K 6 5 6 8 5 6 "
    "T J 7 9 ; laid p0 - / p1 - / p2 - / p3 - ; scores 0 0 0 0 ; phase lay-down p2 asked p0 unproductive "
    "; turns 2 ; stall 0 ; history p2 ask p3 3 2 fish / p3 ask p2 4 3 fish / p2 ask p0 3 4 give"
)
"""A real position: p2 has been given the fourth 4 and has the lay-down decision to make."""


@pytest.mark.rule(LAY)
def test_unreadable_hands_leave_the_lay_down_decision_to_the_phase_section() -> None:
    """With the hands unreadable, the phase says whether the last asker is deciding on a lay-down.

    Only the unreadable sections are reported: the history is replayed as the
    phase has it, and an unreadable phase too is a problem, never a crash.
    """
    game = game_of()
    assert game.from_position(WAITING).position() == WAITING
    hands = WAITING.replace("hands p0 2 3 4 7", "hands p0 2 3 4 Z")
    assert [problem.section for problem in refusal(game, hands).problems] == ["hands"]
    both = refusal(game, hands.replace("phase lay-down p2", "phase zz p2"))
    assert [problem.section for problem in both.problems][:2] == ["hands", "phase"]
    # a phase that says the decision is made: the replay ends the turn, so p0 would be asking
    asking = refusal(game, hands.replace("phase lay-down p2 asked p0 unproductive", "phase ask p2"))
    assert [(problem.section, problem.rule) for problem in asking.problems] == [
        ("hands", None),
        ("phase", TO_ACT),
        ("turns", SEQUENCE),
        ("stall", STALL),
    ]
