"""The library as its users meet it: card sets that print as cards, one way to read options and seats,
rank words in either number, and a typed user script that ``mypy --strict`` accepts."""

from __future__ import annotations

import copy
import dataclasses
import importlib.util
import pickle
import subprocess
import sys
from pathlib import Path

import pytest

import cardrules
from cardrules import Cards, InvalidNotationError, InvalidOptionError, get_game, records
from cardrules.cards import JOKER, Card, card_at, mask_of, parse_card, parse_cards
from cardrules.errors import InvalidArgumentError
from cardrules.games import GAMES
from cardrules.games.backstab_fish import FishRank, LayDown, Ranks, pack
from cardrules.games.backstab_fish.actions import Ask
from cardrules.notation import parse_seat, read_dealer, read_seat
from cardrules.options import option_key, value_key
from tests.support.cli import run_cardrules

# -- card sets ----------------------------------------------------------------


def test_a_card_set_prints_as_cards_and_its_repr_reads_back() -> None:
    hand = Cards.from_mask(mask_of(parse_cards("7C QC 7H TH")))
    assert str(hand) == "7♣ Q♣ 7♥ 10♥"
    assert repr(hand) == "Cards('7♣ Q♣ 7♥ 10♥')"
    assert eval(repr(hand), {"Cards": Cards}) == hand
    assert hand.text == "7C QC 7H TH"
    assert f"{hand}" == "7♣ Q♣ 7♥ 10♥"
    assert str(Cards()) == "" and repr(Cards()) == "Cards('')"


def test_a_card_set_is_still_the_tuple_of_its_cards() -> None:
    cards = parse_cards("QS 2C AH")
    hand = Cards(cards)
    assert hand == cards and cards == hand and hash(hand) == hash(cards)
    assert len(hand) == 3 and list(hand) == list(cards) and hand[0] == parse_card("QS")
    assert parse_card("AH") in hand and parse_card("AS") not in hand
    assert isinstance(hand, tuple)
    table: dict[tuple[Card, ...], int] = {hand: 1}
    assert table[cards] == 1  # usable as a key, as the same key as the tuple
    assert Cards("qs 2♣ ah") == hand  # text reads as parse_cards reads it
    assert hand != Cards("QS 2C")


def test_a_card_set_is_frozen() -> None:
    hand = Cards("QS 2C")
    with pytest.raises(TypeError):
        hand[0] = parse_card("AH")  # type: ignore[index]
    with pytest.raises(AttributeError):
        hand.extra = 1  # type: ignore[attr-defined]


def test_a_card_set_gives_back_its_bitmask_and_survives_pickle_and_copy() -> None:
    mask = parse_card("7C").bit | parse_card("AS").bit
    hand = Cards.from_mask(mask)
    assert hand.mask == mask and Cards.from_mask(hand.mask) == hand
    again = pickle.loads(pickle.dumps(hand))
    assert type(again) is Cards and again == hand
    assert type(copy.deepcopy(hand)) is Cards and copy.copy(hand) == hand


def test_a_card_set_with_a_repeated_card_or_a_joker_has_no_bitmask() -> None:
    with pytest.raises(InvalidArgumentError, match="7♣ twice"):
        _ = Cards("7C 7C").mask
    with pytest.raises(InvalidArgumentError, match="a joker"):
        _ = Cards((JOKER,)).mask
    assert str(Cards("JK 7C")) == "🃏 7♣"


def test_a_card_set_holds_cards_only() -> None:
    with pytest.raises(InvalidArgumentError, match="Cards holds cards"):
        Cards([parse_card("7C"), "QS"])  # type: ignore[list-item]
    with pytest.raises(InvalidNotationError):
        Cards("7C ZZ")


@pytest.mark.parametrize("name", ["felagsvist", "fildinski", "calabresella"])
def test_every_hand_view_of_a_card_game_is_a_card_set(name: str) -> None:
    state = get_game(name).new_game(seed=3)
    for seat in range(get_game(name).num_players):
        observed = state.observation(seat).hand  # type: ignore[attr-defined]
        assert type(observed) is Cards
        assert type(state.hand(seat)) is Cards  # type: ignore[attr-defined]
        assert state.hand(seat) == observed  # type: ignore[attr-defined]
        assert str(observed) == " ".join(card.pretty() for card in observed)
    with pytest.raises(InvalidArgumentError):
        state.hand(-1)  # type: ignore[attr-defined]


def test_felagsvist_and_calabresella_hands_give_the_states_bitmask_back() -> None:
    for name in ("felagsvist", "calabresella"):
        state = get_game(name).new_game(seed=5)
        seat = state.current_player
        assert state.observation(seat).hand.mask == state.hands[seat]  # type: ignore[attr-defined]


def test_fildinski_card_sets_are_card_sets_with_copies_repeated() -> None:
    game = get_game("fildinski")
    state = game.new_game(seed=8)
    while not state.observation(0).won[0] or not state.observation(0).won[1]:
        state = state.apply(state.legal_actions()[0])
    seen = state.observation(0)
    assert all(type(pile) is Cards for pile in (*seen.won, *seen.retired, seen.hand))
    assert len(seen.hand) == state.hands[0].bit_count()


def test_calabresella_settled_piles_and_the_monte_are_card_sets() -> None:
    state = get_game("calabresella").new_game(seed=2)
    while not state.is_terminal:
        state = state.apply(state.legal_actions()[0])
    seen = state.observation(0)
    piles = [seen.final_monte, seen.won_bidder, seen.won_opponents]
    if seen.contract is not None:  # a hand everybody passed is settled with no piles
        assert all(type(pile) is Cards for pile in piles)
        assert sum(len(pile or ()) for pile in piles) == 32
    assert type(seen.received) is Cards and type(seen.laid) is Cards


def test_backstab_fish_hands_and_sets_print_as_ranks() -> None:
    ranks = Ranks.from_packed(pack({FishRank.KING: 2, FishRank.SEVEN: 1, FishRank.TEN: 1}))
    assert str(ranks) == "7 T K K" and repr(ranks) == "Ranks('7 T K K')"
    assert eval(repr(ranks), {"Ranks": Ranks}) == ranks == Ranks("7 10 kings king")
    assert ranks.packed == pack({FishRank.KING: 2, FishRank.SEVEN: 1, FishRank.TEN: 1})
    assert ranks == (FishRank.SEVEN, FishRank.TEN, FishRank.KING, FishRank.KING)
    assert type(pickle.loads(pickle.dumps(ranks))) is Ranks
    state = get_game("backstab_fish").new_game(seed=4)
    seen = state.observation(1)
    assert type(seen.hand) is Ranks and seen.hand == state.hand(1)
    assert seen.hand.packed == state.hands[1]
    assert all(type(sets) is Ranks for sets in seen.laid)
    assert type(state.stock_cards()) is Cards and type(state.stock_ranks()) is Ranks
    assert len(state.stock_cards()) == state.stock_size


def test_an_observation_prints_its_hand_as_cards() -> None:
    state = get_game("felagsvist").new_game(seed=1)
    seen = state.observation(0)
    assert f"hand: {seen.hand}" in str(seen)
    assert repr(seen.hand) in repr(seen)


# -- one spelling for options, read alike -------------------------------------


@pytest.mark.parametrize(
    ("name", "given", "option", "canonical"),
    [
        ("fildinski", {"dix_exchange": "from-hand"}, "dix_exchange", "from_hand"),
        ("fildinski", {"Dix-Exchange": "FROM_TRICK"}, "dix_exchange", "from_trick"),
        ("fildinski", {"last-trick-bonus": "Stock-End"}, "last_trick_bonus", "stock_end"),
        ("felagsvist", {"SCORING": "odd_tricks"}, "scoring", "odd-tricks"),
        ("calabresella", {"return_timing": "Before_Monte"}, "return_timing", "before-monte"),
        ("backstab_fish", {"deck": "DOUBLE_JOKERS", "Stall-Limit": "None"}, "deck", "double-jokers"),
        ("felagsvist", {"first_dealer": "e"}, "first_dealer", "E"),
        ("felagsvist", {"first_dealer": "p2"}, "first_dealer", "S"),
        ("felagsvist", {"first_dealer": "3"}, "first_dealer", "W"),
        ("felagsvist", {"first-dealer": 1}, "first_dealer", "E"),
    ],
)
def test_python_options_read_dashes_underscores_and_case_alike(
    name: str, given: dict[str, object], option: str, canonical: str
) -> None:
    assert get_game(name, **given).options_dict()[option] == canonical


def test_an_option_given_twice_in_two_spellings_is_refused() -> None:
    cases: list[tuple[str, dict[str, object]]] = [
        ("felagsvist", {"scoring": "per-trick", "Scoring": "odd-tricks"}),
        ("fildinski", {"dix_exchange": "from_hand", "dix-exchange": "from_trick"}),
        ("backstab_fish", {"players": 4, "PLAYERS": 5}),
        ("calabresella", {"stakes": "1,2,3", "Stakes": "2,4,6"}),
    ]
    for name, given in cases:
        with pytest.raises(InvalidOptionError, match="given twice"):
            get_game(name, **given)


def test_the_option_readers_share_one_reading_of_names_and_values() -> None:
    assert option_key(" Dix-Exchange ") == "dix_exchange"
    assert value_key("From-Hand") == value_key("from_hand") == value_key(" FROM_HAND ")


def test_options_and_records_write_the_canonical_spelling() -> None:
    done = run_cardrules("options", "fildinski")
    assert done.returncode == 0
    assert "from_hand | from_trick" in done.stdout and "final | stock_end" in done.stdout
    done = run_cardrules("options", "calabresella")
    assert "after-monte | before-monte" in done.stdout


def test_the_command_line_reads_option_values_in_any_spelling() -> None:
    done = run_cardrules(
        "simulate", "fildinski", "--games", "2", "--seed", "1", "--option", "Dix-Exchange=FROM-TRICK"
    )
    assert done.returncode == 0, done.stderr
    done = run_cardrules("simulate", "felagsvist", "--games", "1", "--option", "first-dealer=p2")
    assert done.returncode == 0, done.stderr


def _fildinski_record_text() -> tuple[records.Record, str]:
    game = get_game("fildinski", dix_exchange="from_trick")
    state = start = game.new_game(seed=11)
    actions = []
    for _ in range(3):
        action = state.legal_actions()[0]
        actions.append(action)
        state = state.apply(action)
    record = records.record_of(game, state, actions)
    assert record.dealer == start.dealer
    return record, records.dumps(record)


def test_a_record_reads_option_names_values_and_seats_in_any_spelling() -> None:
    record, text = _fildinski_record_text()
    dealer = f"p{record.dealer}"
    assert f'dealer = "{dealer}"' in text and 'dix_exchange = "from_trick"' in text
    first = record.actions[0].text
    assert first.startswith("p")
    spelled = (
        text.replace('dix_exchange = "from_trick"', '"Dix-Exchange" = "FROM-TRICK"')
        .replace(f'dealer = "{dealer}"', f'dealer = "{record.dealer}"')
        .replace(f'"{first}"', f'"{first[1:]}"')  # the actor as a bare number
    )
    assert spelled != text
    assert records.loads(spelled) == record


def test_a_felagsvist_record_reads_seat_names_in_its_dealer_and_actions() -> None:
    game = get_game("felagsvist", first_dealer="E")
    state = game.new_game(seed=3)
    action = state.legal_actions()[0]
    record = records.record_of(game, state.apply(action), [action])
    text = records.dumps(record)
    names = "NESW"
    spelled = (
        text.replace('dealer = "p1"', 'dealer = "e"')
        .replace('first_dealer = "E"', 'first_dealer = "p1"')
        .replace(f'"{action}"', f'"{names[action.seat]} {str(action).split(" ", 1)[1]}"')
    )
    assert spelled != text and records.loads(spelled) == record


def test_a_position_reads_option_names_values_and_seats_in_any_spelling() -> None:
    state = get_game("fildinski", last_trick_bonus="stock_end").new_game(seed=6)
    text = state.position()
    assert "last_trick_bonus=stock_end" in text and f"dealer p{state.dealer}" in text
    spelled = text.replace("last_trick_bonus=stock_end", "Last-Trick-Bonus=STOCK-END").replace(
        f"dealer p{state.dealer}", f"dealer {state.dealer}"
    )
    assert spelled != text
    assert cardrules.from_position(spelled).position() == text


# -- seats ----------------------------------------------------------------------


def test_a_seat_reads_as_p_and_a_number_the_number_alone_or_the_games_seat_name() -> None:
    names = ("N", "E", "S", "W")
    for token in ("p2", "P2", "2", " 2 ", "S", "s"):
        assert read_seat(token, names) == 2, token
        assert parse_seat(token, names) == 2, token
    assert read_seat("south", names) is None and read_seat("-1") is None and read_seat("p") is None
    assert read_dealer("1", 2, "Fildinski") == 1 and read_dealer("e", 4, "Félagsvist", names) == 1
    with pytest.raises(InvalidNotationError, match="not a seat"):
        parse_seat("x2")


@pytest.mark.parametrize("name", sorted(GAMES))
def test_action_text_reads_the_actor_as_p_and_a_number_or_the_number_alone(name: str) -> None:
    state = get_game(name).new_game(seed=9)
    action = state.legal_actions()[0]
    text = str(action)
    assert text.startswith(f"p{action.seat} ")
    bare = text[1:]
    assert state.parse_action(bare) == action
    assert state.check(bare) == state.check(action)
    assert state.apply(bare) == state.apply(action)


def test_felagsvist_action_text_reads_seat_names_in_any_case() -> None:
    state = get_game("felagsvist").new_game(seed=1)
    action = state.legal_actions()[0]
    card = str(action).split()[-1]
    for actor in ("NESW"[action.seat], "nesw"[action.seat], str(action.seat), f"p{action.seat}"):
        assert state.parse_action(f"{actor} play {card}") == action


def test_a_backstab_fish_ask_reads_its_target_as_any_seat() -> None:
    state = get_game("backstab_fish").new_game(seed=4)
    ask = next(a for a in state.legal_actions() if isinstance(a, Ask))
    word = ask.rank.named(ask.count)
    assert state.parse_action(f"{ask.seat} ask {ask.target} for {ask.count} {word}") == ask


def test_felagsvist_from_deal_reads_the_dealer_as_any_seat() -> None:
    game = get_game("felagsvist")
    deck = tuple(card_at(i) for i in range(52))
    dealers = {game.from_deal(deck, dealer=given).dealer for given in ("w", "p3", "3", 3)}
    assert dealers == {3}


def test_the_judge_command_reads_a_bare_seat_number() -> None:
    state = get_game("calabresella").new_game(seed=1)
    action = state.legal_actions()[0]
    done = run_cardrules("judge", state.position(), str(action)[1:])
    assert done.returncode == 0, done.stderr
    assert "legal" in done.stdout


# -- rank words -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("word", "rank"),
    [
        ("ace", FishRank.ACE),
        ("aces", FishRank.ACE),
        ("Seven", FishRank.SEVEN),
        ("sevens", FishRank.SEVEN),
        ("six", FishRank.SIX),
        ("sixes", FishRank.SIX),
        ("joker", FishRank.JOKER),
        ("jokers", FishRank.JOKER),
        ("10", FishRank.TEN),
        ("tens", FishRank.TEN),
    ],
)
def test_backstab_fish_reads_rank_words_singular_or_plural(word: str, rank: FishRank) -> None:
    state = get_game("backstab_fish").new_game(seed=4)
    ask = state.parse_action(f"p0 ask p1 for 1 {word}")
    assert isinstance(ask, Ask) and ask.rank is rank
    lay = state.parse_action(f"p0 lay down {word} {word}")
    assert isinstance(lay, LayDown) and lay.sets == (rank, rank)


# -- a typed user script --------------------------------------------------------

USER_SCRIPT = """\
from __future__ import annotations

import cardrules
from cardrules import Cards, Verdict
from cardrules.games.backstab_fish import BackstabFishObservation, BackstabFishState, Ranks
from cardrules.games.calabresella import CalabresellaObservation, CalabresellaState
from cardrules.games.felagsvist import FelagsvistObservation, FelagsvistState, PlayCard
from cardrules.games.fildinski import FildinskiObservation, FildinskiState

hand: Cards = cardrules.get_game("fildinski").new_game(seed=1).observation(0).hand
shown: str = str(hand)

fildinski: FildinskiState = cardrules.get_game("fildinski", dix_exchange="from-trick").new_game(seed=1)
seen_f: FildinskiObservation = fildinski.observation(1)
won: tuple[Cards, Cards] = seen_f.won
legal: tuple[cardrules.Action, ...] = fildinski.legal_actions()
fildinski = fildinski.apply(legal[0])

felagsvist: FelagsvistState = cardrules.get_game("felagsvist").new_game(seed=1)
seen_v: FelagsvistObservation = felagsvist.observation(0)
mask: int = seen_v.hand.mask | felagsvist.hand(1).mask
first = felagsvist.legal_actions()[0]
seat: int = first.seat
verdict: Verdict = felagsvist.check(str(first))
felagsvist = felagsvist.apply(first)
play: PlayCard = felagsvist.parse_action("p0 play 7C")

calabresella: CalabresellaState = cardrules.get_game("calabresella").new_game(seed=1)
seen_c: CalabresellaObservation = calabresella.observation(0)
monte: Cards | None = seen_c.exposed_monte
calabresella = calabresella.apply(calabresella.legal_actions()[0])

fish: BackstabFishState = cardrules.get_game("backstab_fish", players=5).new_game(seed=1)
seen_b: BackstabFishObservation = fish.observation(0)
ranks: Ranks = seen_b.hand
packed: int = ranks.packed
fish = fish.apply(fish.legal_actions()[0])
dashed: BackstabFishState = cardrules.get_game("backstab-fish").new_game(seed=1)

print(shown, won[0], mask, seat, verdict.legal, monte, ranks, packed, play)
print(fildinski, felagsvist, calabresella, fish, dashed)
"""

_MYPY = importlib.util.find_spec("mypy") is not None


def _mypy(folder: Path, script: str) -> subprocess.CompletedProcess[str]:
    path = folder / "user_script.py"
    path.write_text(script, encoding="utf-8")
    source_root = Path(cardrules.__file__).resolve().parent.parent
    return subprocess.run(
        [
            sys.executable,
            "-m",
            "mypy",
            "--strict",
            "--no-incremental",
            "--cache-dir",
            str(folder / "cache"),
            "--config-file",
            str(folder / "none.ini"),  # a user's own (empty) configuration, not this repository's
            str(path),
        ],
        capture_output=True,
        text=True,
        cwd=folder,
        env={"MYPYPATH": str(source_root), "PATH": "", "PYTHONUTF8": "1"},
        timeout=300,
        check=False,
    )


@pytest.mark.skipif(not _MYPY, reason="mypy is not installed (it is in the dev group)")
def test_a_typed_user_script_passes_mypy_strict_and_a_type_error_in_it_is_reported(
    tmp_path: Path,
) -> None:
    (tmp_path / "none.ini").write_text("[mypy]\n", encoding="utf-8")
    good = _mypy(tmp_path, USER_SCRIPT)
    assert good.returncode == 0, good.stdout + good.stderr
    assert "Success: no issues found" in good.stdout
    bad_script = USER_SCRIPT.replace("hand: Cards = ", "hand: int = ")
    assert bad_script != USER_SCRIPT
    bad = _mypy(tmp_path, bad_script)
    assert bad.returncode == 1
    assert "user_script.py:10: error: Incompatible types in assignment" in bad.stdout, bad.stdout
    assert '"Cards"' in bad.stdout


def test_the_typed_user_script_runs(tmp_path: Path) -> None:
    path = tmp_path / "user_script.py"
    path.write_text(USER_SCRIPT, encoding="utf-8")
    source_root = Path(cardrules.__file__).resolve().parent.parent
    done = subprocess.run(
        [sys.executable, str(path)],
        capture_output=True,
        text=True,
        env={"PYTHONPATH": str(source_root), "PYTHONUTF8": "1"},
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split()[0] == cardrules.get_game("fildinski").new_game(seed=1).hand(0)[0].pretty()


def test_observations_are_frozen_values_holding_card_sets() -> None:
    seen = get_game("felagsvist").new_game(seed=1).observation(0)
    with pytest.raises(dataclasses.FrozenInstanceError):
        seen.hand = Cards()  # type: ignore[misc]
    assert hash(seen.hand) == hash(tuple(seen.hand))
