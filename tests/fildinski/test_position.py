"""Fildinski positions: every reachable state round-trips, and impossible or malformed ones are refused.

The states come from random legal play to any depth of a whole game, under
every option (the toolkit's ``plays()`` stops long before the last eight
tricks): deal starts, tricks and meld steps while the stock lasts, the last
eight tricks, meld steps after the last draw (``meld_in_endgame``), later
deals and finished games. A position read back must write the same text and
have the same future (:func:`cardrules.testing.assert_same_future`).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from itertools import product
from typing import Final

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import cardrules
from cardrules import InvalidPositionError
from cardrules.games.fildinski import FildinskiGame, FildinskiState
from cardrules.games.fildinski.actions import DeclareMelds
from cardrules.games.fildinski.cards import card_of, ids_in, kind_card
from cardrules.games.fildinski.melds import MeldKind
from cardrules.games.fildinski.position import CATEGORY_NAMES
from cardrules.testing import assert_same_future
from cardrules.testing.strategies import game_options, option_values

OPTION_VALUES: Final = option_values("fildinski")

DISPUTE: Final = (
    "fildinski ; options target_score=500 trump_seven_points=played last_trick_bonus=final "
    "dix_exchange=from_hand melded_cards=stay meld_needs_trick_card=true meld_in_endgame=false "
    "bezique_pair=standard ; seed 4 ; deal 1 dealer p1 ; totals 0 0 ; past - ; trump D ; turn p1 play ; "
    "hands p0 7C 8D 8D TD 7H / p1 8C AC 7D QH AH AS ; trick p0 JC ; stock - ; "
    "won p0 8C 9C QC KC KC TC 7D 9D 9D JD JD QD KD TD AD 7H 8H KH KH TH AH 7S 9S 9S JS JS QS QS TS AS "
    "/ p1 7C 9C JC QC TC AC QD KD AD 8H 9H 9H JH JH QH TH 7S 8S 8S KS KS TS ; retired p0 - / p1 - ; "
    "tricks p0 7D 8H / p0 AH 7S / p0 9C QC / p1 TH 9H / p1 8C KC / p0 KD QD / p0 JD 9D / p0 TS 9S / "
    "p0 AD 9C / p0 JH KD / p1 7C KS#2 / p1 KS JH / p1 AC TC / p1 9H JC / p1 TC JD / p0 JS 7H / p0 7S TS / "
    "p1 8S 8S / p1 QD QH / p1 QC KC / p0 TH AS / p0 JS KH / p0 QS KH / p0 8H AD / p1 9S QS / p0 TD 9D ; "
    "melds p1 19 royal-marriage KD QD / p0 22 four-kings KC KC KD KH / p0 22 four-jacks JD JD JS#1 JS ; "
    "dix - ; points p0 brisques=70 trump-sevens=10 melds=120 / p1 brisques=50 melds=40"
)
"""A real endgame position (trick 27, the stock empty): p0 has led J♣ and p1 holds A♣ and 8♣."""


def play_out(options: dict[str, object], seed: int) -> tuple[FildinskiGame, list[FildinskiState]]:
    """A whole game under ``options``, every action a random legal one drawn from ``seed``: all its states."""
    game = cardrules.get_game("fildinski", **options)
    assert isinstance(game, FildinskiGame)
    rng = random.Random(seed)
    state = game.new_game(seed=rng.randrange(2**32))
    states = [state]
    while not state.is_terminal:
        state = state.apply(rng.choice(state.legal_actions()))
        states.append(state)
    return game, states


def reached(options: dict[str, object], seed: int, per_mille: int) -> tuple[FildinskiGame, FildinskiState]:
    """The state ``per_mille`` thousandths of the way through :func:`play_out`'s game (1000: its end)."""
    game, states = play_out(options, seed)
    return game, states[per_mille * (len(states) - 1) // 1000]


def phases(state: FildinskiState) -> set[str]:
    """The phases ``state`` is in, as the phase-coverage test counts them."""
    found = set()
    if state.is_terminal:
        return {"game over"}
    if state.deal_number > 1:
        found.add("a later deal")
    if state.tricks_done == 0 and not state.trick:
        found.add("deal start")
    stage = "endgame" if state.in_endgame else "stock"
    found.add(f"{stage} {'meld step' if state.in_meld_step else 'trick'}")
    if state.melds:
        found.add("melds made")
    if state.dix is not None:
        found.add("dix made")
    if state.in_meld_step and any(str(a).split()[1] == "dix" for a in state.legal_actions()):
        found.add("dix possible")
    if state.retired[0] | state.retired[1]:
        found.add("cards retired")
    return found


def fixed_draw(n: int) -> tuple[dict[str, object], int, int]:
    """Options, a seed and a depth from the number ``n`` alone (the phase-coverage list)."""
    rng = random.Random(f"positions/{n}")
    options = {name: rng.choice(values) for name, values in OPTION_VALUES.items()}
    return options, rng.randrange(2**32), rng.choice([0, 1000, rng.randrange(1001)])


def assert_round_trip(game: FildinskiGame, state: FildinskiState, steps: int = 20) -> None:
    text = state.position()
    again = game.from_position(text)
    assert isinstance(again, FildinskiState)
    assert again.position() == text
    for name in FildinskiState.__dataclass_fields__:  # a valid value of the class: the same field types
        mine, read = getattr(state, name), getattr(again, name)
        assert mine is None or read is None or type(mine) is type(read), name
    assert_same_future(state, again, steps=steps)
    # The default game reads it too: the position's options apply.
    assert cardrules.from_position(text).position() == text


# -- the round trip -------------------------------------------------------------------------------


@settings(suppress_health_check=[HealthCheck.too_slow])
@given(options=game_options("fildinski"), seed=st.integers(0, 2**32 - 1), per_mille=st.integers(0, 1000))
def test_every_reached_state_round_trips_with_the_same_future(
    options: dict[str, object], seed: int, per_mille: int
) -> None:
    game, state = reached(options, seed, per_mille)
    assert_round_trip(game, state)


@settings(suppress_health_check=[HealthCheck.too_slow])
@given(
    options=game_options("fildinski").map(lambda o: {**o, "meld_in_endgame": True}),
    seed=st.integers(0, 2**32 - 1),
    trick=st.integers(25, 32),
)
def test_the_last_eight_tricks_and_their_meld_steps_round_trip(
    options: dict[str, object], seed: int, trick: int
) -> None:
    game, states = play_out(options, seed)
    late = [s for s in states if not s.is_terminal and s.tricks_done >= trick - 1 and s.in_endgame]
    assume(late)
    for state in late[:3]:
        assert_round_trip(game, state, steps=6)


def test_the_fixed_draws_reach_every_phase_and_round_trip() -> None:
    seen: Counter[str] = Counter()
    for n in range(48):
        options, seed, per_mille = fixed_draw(n)
        game, state = reached(options, seed, per_mille)
        seen.update(phases(state))
        assert_round_trip(game, state, steps=4)
    # The full games behind a few draws: one state in each phase they pass through.
    for n in range(6):
        options, seed, _ = fixed_draw(n)
        game, states = play_out({**options, "meld_in_endgame": n % 2 == 0}, seed)
        firsts: dict[frozenset[str], FildinskiState] = {}
        for state in states:
            firsts.setdefault(frozenset(phases(state)), state)
            seen.update(phases(state))
        for state in firsts.values():
            assert_round_trip(game, state, steps=2)
    wanted = {
        "deal start",
        "stock trick",
        "stock meld step",
        "endgame trick",
        "endgame meld step",
        "a later deal",
        "game over",
        "melds made",
        "dix made",
        "dix possible",
        "cards retired",
    }
    assert wanted <= set(seen), f"phases never reached: {wanted - set(seen)}"


def test_a_position_at_a_deal_start_redeals_the_same_deal() -> None:
    options, seed, _ = fixed_draw(3)
    game, states = play_out(options, seed)
    start = next(s for s in states if s.deal_number == 2)
    read = game.from_position(start.position())
    assert len(read.dealt_decks()) == 1 and read.first_dealer == start.first_dealer
    again = game.from_deal(read.dealt_decks()[0], dealer=start.dealer)
    cut = start.position().split(" ; ")[6:]  # from the trump on: the deal itself
    assert again.position().split(" ; ")[6:] == cut
    # Playing on into the next deal adds its deck, drawn from the seed as before.
    state = read
    rng = random.Random(1)
    while state.deal_number == 2 and not state.is_terminal:
        state = state.apply(rng.choice(state.legal_actions()))
    if not state.is_terminal:
        assert len(state.dealt_decks()) == 2
        assert state.dealt_decks()[1] == next(s for s in states if s.deal_number == 3).dealt_decks()[2]


def test_explicit_later_decks_are_part_of_the_position() -> None:
    game = cardrules.get_game("fildinski", target_score=2000)
    first = game.new_game(seed=11).dealt_decks()[0]
    second = game.new_game(seed=12).dealt_decks()[0]
    state = game.from_deal(first, dealer=0, later_deals=[second], seed=5)
    text = state.position()
    assert " ; decks " in text
    read = game.from_position(text)
    assert read.position() == text
    assert_same_future(state, read, steps=3)
    rng = random.Random(2)
    for start in (state, read):
        later = start
        while later.deal_number == 1:
            later = later.apply(rng.choice(later.legal_actions()))
        assert later.dealt_decks()[-1] == second
        assert " ; decks " not in later.position()


# -- copy marks in meld texts ----------------------------------------------------------------------


def copy_spellings(action: DeclareMelds) -> list[str]:
    """Every way to write ``action`` with each card plain, ``#1`` or ``#2`` (``KD``, ``KD#1``, ``KD#2``)."""
    per_meld = []
    for decl in action.melds:
        cards = [[str(ref.card), f"{ref.card}#1", f"{ref.card}#2"] for ref in decl.cards]
        per_meld.append([" ".join((decl.kind.value, *spelt)) for spelt in product(*cards)])
    return [f"p{action.seat} meld " + " + ".join(melds) for melds in product(*per_meld)]


def meld_text(seat: int, data: st.DataObject, pile: list[str]) -> str:
    """A meld declaration that is mostly illegal: kinds and cards (most from ``pile``) drawn at random."""
    cards = st.sampled_from(pile) | st.sampled_from([str(kind_card(k)) for k in range(32)])
    card = st.tuples(cards, st.sampled_from(["", "#1", "#2"])).map("".join)
    meld = st.tuples(
        st.sampled_from([kind.value for kind in MeldKind]), st.lists(card, min_size=1, max_size=5)
    ).map(lambda km: " ".join((km[0], *km[1])))
    return f"p{seat} meld " + " + ".join(data.draw(st.lists(meld, min_size=1, max_size=2)))


_MAX_SPELLINGS: Final = 300
"""The spellings tried per legal declaration at most (two four-card melds have 3**8)."""


@pytest.mark.rule("fildinski.meld.copy-choice")
@pytest.mark.rule("fildinski.deck.card-identity")
@settings(suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(options=game_options("fildinski"), seed=st.integers(0, 2**32 - 1), data=st.data())
def test_copy_marks_in_meld_texts_are_judged_the_same_after_a_position_round_trip(
    options: dict[str, object], seed: int, data: st.DataObject
) -> None:
    _, states = play_out(options, seed)
    steps = [s for s in states if any(isinstance(a, DeclareMelds) and a.melds for a in s.legal_actions())]
    assume(steps)
    for state in data.draw(st.lists(st.sampled_from(steps), min_size=1, max_size=3, unique_by=id)):
        again = cardrules.from_position(state.position())
        texts = []
        for action in state.legal_actions():
            if isinstance(action, DeclareMelds) and action.melds:
                spellings = copy_spellings(action)
                if len(spellings) > _MAX_SPELLINGS:
                    spellings = random.Random(seed).sample(spellings, _MAX_SPELLINGS)
                texts += spellings
        pile = [str(card_of(i)) for i in ids_in(state.won[state.current_player])]
        texts += [meld_text(state.current_player, data, pile) for _ in range(20)]
        for text in texts:
            mine, read = state.check(text), again.check(text)
            assert (mine.legal, mine.rule_ids, mine.reason) == (read.legal, read.rule_ids, read.reason), text


# -- the dispute example --------------------------------------------------------------------------


@pytest.mark.rule("fildinski.endgame.must-head")
def test_the_dispute_example_refuses_a_card_that_does_not_head_the_trick() -> None:
    state = cardrules.from_position(DISPUTE)
    assert state.position() == DISPUTE
    verdict = state.check("p1 play 8C")
    assert not verdict.legal
    assert verdict.rule_ids == ("fildinski.endgame.must-head", "fildinski.endgame.legal-set")
    assert (
        verdict.reason
        == "J♣ was led and p1 holds A♣, a higher club, so must head the trick with A♣ instead of 8♣"
    )
    assert state.check("p1 play AC").legal


# -- refusals -------------------------------------------------------------------------------------


def sections(text: str) -> dict[str, list[str]]:
    """A position's sections by keyword (the game's name under ``""``), in order."""
    parts = text.split(" ; ")
    out: dict[str, list[str]] = {"": [parts[0]]}
    for part in parts[1:]:
        words = part.split(" ")
        out[words[0]] = words[1:]
    return out


def joined(parts: dict[str, list[str]]) -> str:
    return " ; ".join([parts[""][0], *(" ".join([k, *v]) for k, v in parts.items() if k)])


def seat_group(tokens: list[str], seat: int) -> list[int]:
    """The indices of ``tokens`` holding seat ``seat``'s cards in a ``p0 ... / p1 ...`` section."""
    out = []
    current = None
    for n, token in enumerate(tokens):
        if token in ("p0", "p1"):
            current = int(token[1])
        elif token not in ("/", "-") and current == seat:
            out.append(n)
    return out


Break = Callable[[dict[str, list[str]], st.DataObject], str | None]
"""Breaks a position's sections in place; returns the rule the reader must name, or ``None`` if it cannot."""


def drop_card(parts: dict[str, list[str]], data: st.DataObject) -> str | None:
    where = [
        (k, n)
        for k in ("hands", "won", "stock")
        for n, t in enumerate(parts[k])
        if t not in ("p0", "p1", "/", "-")
    ]
    if not where:
        return None
    key, n = data.draw(st.sampled_from(where))
    del parts[key][n]
    return "fildinski.deck.composition"


def duplicate_card(parts: dict[str, list[str]], data: st.DataObject) -> str | None:
    where = [
        (k, n)
        for k in ("hands", "won", "stock")
        for n, t in enumerate(parts[k])
        if t not in ("p0", "p1", "/", "-")
    ]
    if not where:
        return None
    key, n = data.draw(st.sampled_from(where))
    parts[key].insert(n, parts[key][n].split("#")[0])
    return "fildinski.deck.composition"


def hand_one_too_many(parts: dict[str, list[str]], data: st.DataObject) -> str | None:
    """Move a card from one hand to the other: the pack is whole, but a hand is one card too big."""
    giver = data.draw(st.sampled_from([0, 1]))
    cards = seat_group(parts["hands"], giver)
    if not cards or parts["turn"] == ["over"]:
        return None
    card = parts["hands"].pop(data.draw(st.sampled_from(cards)))
    target = parts["hands"].index(f"p{1 - giver}")
    parts["hands"].insert(target + 1, card.split("#")[0])
    endgame = parts["stock"] == ["-"]
    return "fildinski.endgame.last-draw" if endgame else "fildinski.play.trick-cycle"


def move_won_card(parts: dict[str, list[str]], data: st.DataObject) -> str | None:
    cards = seat_group(parts["won"], 0)
    if not cards:
        return None
    card = parts["won"].pop(data.draw(st.sampled_from(cards)))
    parts["won"].append(card.split("#")[0])
    if parts["won"][-2] == "-":
        del parts["won"][-2]
    return "fildinski.play.won-cards"


def wrong_seat(parts: dict[str, list[str]], data: st.DataObject) -> str | None:
    if parts["turn"] == ["over"]:
        return None
    parts["turn"][0] = "p1" if parts["turn"][0] == "p0" else "p0"
    return "common.turn.player-to-act"


def more_brisques(parts: dict[str, list[str]], data: st.DataObject) -> str | None:
    tokens = parts["points"]
    for n, token in enumerate(tokens):
        if token.startswith("brisques=") and n < tokens.index("/"):
            tokens[n] = f"brisques={int(token.split('=')[1]) + 10}"
            break
    else:
        tokens.insert(1, "brisques=10")
        if tokens[2] == "-":
            del tokens[2]
    return "fildinski.score.brisques"


def wrong_totals(parts: dict[str, list[str]], data: st.DataObject) -> str | None:
    parts["totals"][1] = str(int(parts["totals"][1]) + data.draw(st.sampled_from([10, 100])))
    return "fildinski.game.score-sheet"


def wrong_trump(parts: dict[str, list[str]], data: st.DataObject) -> str | None:
    if parts["stock"] == ["-"]:
        return None
    parts["trump"] = [data.draw(st.sampled_from([s for s in "CDHS" if s != parts["trump"][0]]))]
    return "fildinski.deal.turn-up"


def wrong_leader(parts: dict[str, list[str]], data: st.DataObject) -> str | None:
    if parts["tricks"] == ["-"]:
        return None
    parts["tricks"][0] = "p1" if parts["tricks"][0] == "p0" else "p0"
    return "fildinski.deal.first-lead"


BREAKS: Final[tuple[Break, ...]] = (
    drop_card,
    duplicate_card,
    hand_one_too_many,
    move_won_card,
    wrong_seat,
    more_brisques,
    wrong_totals,
    wrong_trump,
    wrong_leader,
)


def refused(text: str) -> InvalidPositionError:
    with pytest.raises(InvalidPositionError) as caught:
        cardrules.from_position(text)
    return caught.value


@pytest.mark.rule("fildinski.deck.composition")
@pytest.mark.rule("common.turn.player-to-act")
@settings(suppress_health_check=[HealthCheck.too_slow])
@given(
    options=game_options("fildinski"),
    seed=st.integers(0, 2**32 - 1),
    per_mille=st.integers(0, 1000),
    which=st.sampled_from(BREAKS),
    data=st.data(),
)
def test_a_broken_position_is_refused_naming_the_rule_it_breaks(
    options: dict[str, object], seed: int, per_mille: int, which: Break, data: st.DataObject
) -> None:
    _, state = reached(options, seed, per_mille)
    parts = sections(state.position())
    rule = which(parts, data)
    assume(rule is not None)
    error = refused(joined(parts))
    assert rule in error.rules, str(error)


@settings(suppress_health_check=[HealthCheck.too_slow])
@given(
    options=game_options("fildinski"),
    seed=st.integers(0, 2**32 - 1),
    per_mille=st.integers(0, 999),
    data=st.data(),
)
def test_independent_breaks_are_all_reported(
    options: dict[str, object], seed: int, per_mille: int, data: st.DataObject
) -> None:
    _, state = reached(options, seed, per_mille)
    assume(not state.is_terminal)
    parts = sections(state.position())
    rules = [b(parts, data) for b in (drop_card, wrong_seat, more_brisques, wrong_totals)]
    error = refused(joined(parts))
    assert all(rule in error.rules for rule in rules), str(error)
    sections_named = {p.section for p in error.problems}
    assert {"turn", "points", "totals"} <= sections_named


# -- fuzz -----------------------------------------------------------------------------------------

ODD_TOKENS: Final = (
    "p2", "-", "/", ";", "#", "QS#3", "QS#", "2C", "JK", "p0", "AH", "over", "meld", "play", "=",
    "brisques=", "brisques=5", "melds=-10", "options", "totals", "dealer", "9" * 30, "9" * 5000,
    "-1", "٥٠٠", "²", "\x00", "🃏", "Q♠", "10h", "target_score=²", "target_score=" + "9" * 5000,
    "meld_in_endgame=maybe", "nosuch=1", "TRUMP", "sequence", "four-aces",
)  # fmt: skip


@settings(suppress_health_check=[HealthCheck.too_slow])
@given(
    options=game_options("fildinski"),
    seed=st.integers(0, 2**32 - 1),
    per_mille=st.integers(0, 1000),
    edits=st.lists(
        st.tuples(
            st.sampled_from(["delete", "insert", "swap", "replace"]),
            st.integers(0, 10**6),
            st.integers(0, 10**6),
            st.one_of(st.sampled_from(ODD_TOKENS), st.text(max_size=8)),
        ),
        min_size=1,
        max_size=4,
    ),
)
def test_mutated_positions_are_refused_or_read_to_a_valid_state(
    options: dict[str, object], seed: int, per_mille: int, edits: list[tuple[str, int, int, str]]
) -> None:
    _, state = reached(options, seed, per_mille)
    tokens = state.position().split(" ")
    for kind, i, j, new in edits:
        i %= len(tokens) + 1
        if kind == "insert":
            tokens.insert(i, new)
        elif tokens:
            i %= len(tokens)
            if kind == "delete":
                del tokens[i]
            elif kind == "swap":
                j %= len(tokens)
                tokens[i], tokens[j] = tokens[j], tokens[i]
            else:
                tokens[i] = new
    text = " ".join(tokens)
    try:
        read = cardrules.from_position(text)
    except InvalidPositionError as error:
        assert error.problems and all(p.section and p.message for p in error.problems)
        return
    assert isinstance(read, FildinskiState)
    again = read.position()
    assert cardrules.from_position(again).position() == again
    assert read.legal_actions() or read.is_terminal


@pytest.mark.parametrize(
    "text",
    [
        "",
        "fildinski",
        "fildinski ;",
        ";;;",
        "fildinski ; seed",
        "fildinski ; seed 1 ; seed 2",
        "fildinski ; deal 1 dealer p7",
        "fildinski ; deal 999999999999999999999 dealer p0",
        "fildinski ; hands p0 ZZ / p1 -",
        "fildinski ; totals 0 0 0",
        "fildinski ; stock " + "AS " * 4000,
        "x" * 30_000,
    ],
)
def test_malformed_text_raises_only_invalid_position_error(text: str) -> None:
    refused(text)


def test_a_non_string_is_refused_too() -> None:
    game = cardrules.get_game("fildinski")
    with pytest.raises(InvalidPositionError):
        game.from_position(42)  # type: ignore[arg-type]


# -- the grammar and its messages -----------------------------------------------------------------


def test_a_deal_start_position_reads_section_by_section() -> None:
    game = cardrules.get_game("fildinski")
    text = game.new_game(seed=4).position()
    parts = sections(text)
    assert list(parts)[1:] == [
        "options", "seed", "deal", "totals", "past", "trump", "turn", "hands", "trick", "stock", "won",
        "retired", "tricks", "melds", "dix", "points",
    ]  # fmt: skip
    assert parts["deal"] == ["1", "dealer", "p1"] and parts["turn"] == ["p0", "play"]
    assert len(parts["stock"]) == 48 and parts["stock"][-1][1] == parts["trump"][0]
    assert parts["points"] == ["p0", "-", "/", "p1", "-"]


def test_sections_may_come_in_any_order_and_options_left_out_keep_the_games() -> None:
    game = cardrules.get_game("fildinski", target_score=2000)
    state = game.new_game(seed=9)
    parts = sections(state.position())
    del parts["options"]
    shuffled = " ; ".join(["fildinski", *reversed([" ".join([k, *v]) for k, v in parts.items() if k])])
    assert game.from_position(shuffled).position() == state.position()
    assert cardrules.get_game("fildinski").from_position(shuffled).options.target_score == 500
    # The position's own options win over the game's.
    assert game.from_position(state.position().replace("=2000", "=1000")).options.target_score == 1000


def test_a_refusal_names_the_section_and_the_rule() -> None:
    text = DISPUTE.replace("trick p0 JC", "trick p0 JC JC")
    error = refused(text)
    assert [p.section for p in error.problems] == ["trick"]
    text = DISPUTE.replace("hands p0 7C 8D", "hands p0 7C 7C 8D")
    error = refused(text)
    assert "fildinski.deck.composition" in error.rules
    assert (
        "hands: 7C is 3 times in the zones (hands, won); the pack holds it twice [fildinski.deck.composition]"
        in str(error)
    )


def test_unknown_duplicate_and_missing_sections_are_each_reported() -> None:
    text = DISPUTE.replace(" ; dix - ;", " ; colour blue ; seed 5 ;")
    error = refused(text)
    found = {(p.section, p.message.split(" (")[0]) for p in error.problems}
    assert ("seed", "the section is given twice") in found
    assert ("dix", "the section is missing") in found
    assert ("colour", "no such section in this game's positions") in found


@pytest.mark.rule("fildinski.endgame.must-head")
def test_a_history_whose_endgame_follow_was_illegal_is_refused() -> None:
    after = cardrules.from_position(DISPUTE).apply("p1 play AC").position()
    assert "/ p0 JC AC ;" in after and "hands p0 7C 8D 8D TD 7H / p1 8C 7D QH AH AS" in after
    # Rewrite trick 27 as if p1 had followed J♣ with 8♣ and kept A♣, a higher club.
    text = after.replace("/ p0 JC AC ;", "/ p0 JC 8C ;").replace("/ p1 8C 7D QH", "/ p1 AC 7D QH")
    error = refused(text)
    assert "fildinski.endgame.must-head" in error.rules, str(error)
    assert "tricks: trick 27: p1 followed JC with 8C while holding AC [fildinski.endgame.must-head]" in str(
        error
    )


@pytest.mark.rule("fildinski.meld.who-and-when")
def test_a_meld_credited_to_the_loser_of_its_trick_is_refused() -> None:
    error = refused(DISPUTE.replace("melds p1 19 royal-marriage", "melds p0 19 royal-marriage"))
    assert "fildinski.meld.who-and-when" in error.rules


@pytest.mark.rule("fildinski.meld.kinds")
def test_points_must_match_the_meld_history() -> None:
    error = refused(
        DISPUTE.replace(
            "p0 brisques=70 trump-sevens=10 melds=120", "p0 brisques=70 trump-sevens=10 melds=100"
        )
    )
    assert error.rules == ("fildinski.meld.kinds",)
    assert "points: p0's melds points are 100, but the deal's history gives 120" in str(error)


def test_category_names_are_the_scoring_categories() -> None:
    assert CATEGORY_NAMES == ("turned-seven", "brisques", "trump-sevens", "last-trick", "melds", "dix")


@pytest.mark.rule("fildinski.game.target")
def test_a_finished_game_needs_a_total_at_the_target() -> None:
    """A game written as over after its last trick is refused when neither total reaches the target."""
    _, states = play_out({}, 1)
    end = states[-1]
    assert end.is_terminal
    text = end.position()
    parts = sections(text)
    points = [
        sum(int(item.split("=")[1]) for item in group.split() if "=" in item)
        for group in " ".join(parts["points"]).split("/")
    ]
    totals = [int(t) for t in parts["totals"]]
    after = (totals[0] + points[0], totals[1] + points[1])
    assert after[0] != after[1] and max(after) >= 500
    reached_at = max(after) // 10 * 10  # the highest target the game reaches
    assert cardrules.from_position(text.replace("target_score=500", f"target_score={reached_at}")).is_terminal
    error = refused(text.replace("target_score=500", f"target_score={reached_at + 10}"))
    assert error.rules == ("fildinski.game.target",)
    (problem,) = error.problems
    assert problem.section == "turn"
    assert problem.message == (
        f"the totals {after[0]}-{after[1]} end no game to {reached_at + 10}: the next deal begins"
    )


MELD_STEP: Final = (
    "fildinski ; options target_score=500 trump_seven_points=played last_trick_bonus=final "
    "dix_exchange=from_hand melded_cards=stay meld_needs_trick_card=true meld_in_endgame=false "
    "bezique_pair=standard ; seed 0 ; deal 1 dealer p1 ; totals 0 0 ; past - ; trump H ; turn p1 meld ; "
    "hands p0 QC#2 JD AD TH AH JS QS / p1 7C QC KC AC 8D 9H KH ; trick - ; "
    "stock QH TS JD KD AS 7C JC 7H AC 8S AH TC 7S JH KS QD 7D 8C 8C 8D 8H JS 7S JH AD JC TS AS 9S TC 7H "
    "QH QD 9H ; won p0 9C 9C KC 7D 9D 9D KD TD TD 8H KH 8S / p1 TH 9S QS KS ; retired p0 - / p1 - ; "
    "tricks p0 QS TH / p1 9C 8H / p0 KH 9D / p0 TD KD / p0 TD KC / p0 9D 7D / p0 8S 9C / p0 9S KS ; "
    "melds - ; dix - ; points p0 brisques=20 / p1 brisques=10"
)
"""A real position (seed 0): p1 won trick 8 with K♠ over 9♠ and may meld the marriage K♠ Q♠ in its step."""


@pytest.mark.rule("fildinski.meld.who-and-when")
def test_a_meld_of_a_step_still_under_way_is_refused() -> None:
    state = cardrules.from_position(MELD_STEP)
    assert "p1 meld marriage KS QS" in [str(action) for action in state.legal_actions()]
    made = state.apply("p1 meld marriage KS QS").position()
    assert "melds p1 8 marriage KS QS" in made and "turn p1 play" in made  # the step ends with the meld
    assert cardrules.from_position(made).position() == made  # a meld of a step that has ended reads back
    # The same meld written while the step is still p1's to take
    text = MELD_STEP.replace("melds -", "melds p1 8 marriage KS QS").replace(
        "p1 brisques=10", "p1 brisques=10 melds=20"
    )
    error = refused(text)
    assert error.rules == ("fildinski.meld.who-and-when",)
    (problem,) = error.problems
    assert (problem.section, problem.message) == (
        "melds",
        "the marriage of trick 8 is declared, but that step has not ended",
    )
    later = MELD_STEP.replace("melds -", "melds p1 9 marriage KS QS").replace(
        "p1 brisques=10", "p1 brisques=10 melds=20"
    )
    assert "fildinski.meld.who-and-when" in refused(later).rules
