"""Each game's encoding is a bijection between decision sequences and the legal actions, in every phase.

For sampled positions of every phase of every game: every legal action encodes
to a different tuple of decisions in range, no tuple is a proper prefix of
another (so a sequence of decisions names one action), the first decisions
the episode offers are exactly the first decisions of the legal actions, and
walking an action's decisions through :class:`~cardrules.agents.Episode`
applies exactly that action.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cardrules
from cardrules.agents import CHANCE, Episode, deal_seed, win_loss
from cardrules.cards import parse_card
from cardrules.errors import IllegalActionError, InvalidArgumentError
from cardrules.features import distinct_cards
from cardrules.game import AnyGame
from cardrules.games.fildinski.actions import CardRef, DeclareMelds, MeldDecl
from cardrules.games.fildinski.melds import MeldKind
from cardrules.testing.strategies import positions
from tests.backstab_fish.test_mutants_widened import DISPUTE_HEAD, DISPUTE_HISTORY
from tests.fildinski.test_mutants import DIX_FROM_THE_TRICK

GAMES = tuple(cardrules.GAMES)
PHASES = tuple(
    (name, phase) for name in GAMES for phase in cardrules.get_game(name).info.phases if phase != "over"
)


def _check_bijection(game: AnyGame, state: cardrules.State[object], rng: random.Random) -> None:
    encoding = game.encoding()
    legal = tuple(state.legal_actions())
    codes = [encoding.encode(action) for action in legal]
    assert len(set(codes)) == len(legal), "two legal actions share their decisions"
    assert all(code and all(0 <= d < encoding.size for d in code) for code in codes)
    prefixes = {code[:cut] for code in codes for cut in range(1, len(code))}
    assert not prefixes & set(codes), "a legal action's decisions begin another's"
    episode = Episode.of(state, game)
    assert episode.choices() == tuple(sorted({code[0] for code in codes}))
    for action, code in zip(legal, codes, strict=True):  # decoding: every action back from its decisions
        assert episode.action_of(code) == action
    for index in rng.sample(range(len(legal)), min(len(legal), 12)):
        walk = episode
        for decision in codes[index][:-1]:
            assert decision in walk.choices()
            walk = walk.choose(decision)
            assert walk.state is state and walk.current_player == state.current_player
        after = walk.choose(codes[index][-1])
        assert not after.chosen
        assert after.state is not None and after.state.position() == state.apply(legal[index]).position()


@pytest.mark.parametrize(("name", "phase"), PHASES)
@settings(max_examples=4)
@given(data=st.data())
def test_every_legal_action_has_its_own_decisions(name: str, phase: str, data: st.DataObject) -> None:
    game = cardrules.get_game(name)
    played = data.draw(positions(game, phase=phase))
    _check_bijection(game, played.state, random.Random(played.seed))


@pytest.mark.parametrize("name", GAMES)
def test_a_decision_that_is_not_open_is_refused_with_the_rule(name: str) -> None:
    game = cardrules.get_game(name)
    episode = Episode.start(game, seed=5)
    closed = next(d for d in range(game.encoding().size) if d not in episode.choices())
    with pytest.raises(IllegalActionError) as caught:
        episode.choose(closed)
    assert caught.value.verdict.rule_ids, "the refusal names a rule"
    with pytest.raises(IllegalActionError, match="no decision"):
        episode.choose(game.encoding().size)


def test_a_refused_play_names_the_rule_it_breaks() -> None:
    game = cardrules.get_game("felagsvist", first_dealer="N")
    episode = Episode.start(game, seed=1)
    episode = episode.choose(episode.choices()[0])  # a lead: the next seat must follow it
    state = episode.state
    assert state is not None
    hand = state.observation(state.current_player).hand  # type: ignore[attr-defined]
    led = state.observation(0).trick[0][1]  # type: ignore[attr-defined]
    if not any(card.suit == led.suit for card in hand):
        pytest.skip("the follower is void in the led suit with this seed")
    revoke = next(card for card in hand if card.suit != led.suit)
    with pytest.raises(IllegalActionError) as caught:
        episode.choose(revoke.index)
    assert "felagsvist.play.must-follow" in caught.value.verdict.rule_ids


@pytest.mark.parametrize("name", GAMES)
def test_chance_deals_every_card_of_the_pack_with_its_true_odds(name: str) -> None:
    game = cardrules.get_game(name)
    episode = Episode.deal(game)
    assert episode.current_player == CHANCE
    outcomes = episode.chance_outcomes()
    pack = game.pack()
    assert abs(sum(p for _, p in outcomes) - 1) < 1e-12
    for slot, probability in outcomes:
        card = distinct_cards(pack)[slot]
        assert probability == pytest.approx(pack.count(card) / len(pack))
    rng = random.Random(7)
    while episode.is_chance:
        episode = episode.deal_card(rng.choice(episode.chance_outcomes())[0])
    assert episode.state is not None
    deck = episode.state.dealt_decks()[0]
    assert sorted(card.index for card in deck) == sorted(card.index for card in pack)
    assert episode.state.position() == game.from_deal(deck, seed=deal_seed(deck)).position()


def test_returns_are_win_loss_and_partners_share_them() -> None:
    game = cardrules.get_game("felagsvist")
    episode = Episode.start(game, seed=3)
    rng = random.Random(3)
    while not episode.is_terminal:
        assert episode.returns() == (0.0, 0.0, 0.0, 0.0)
        episode = episode.choose(rng.choice(episode.choices()))
    assert episode.state is not None
    outcome = episode.state.outcome()
    assert outcome is not None
    returns = episode.returns()
    assert returns == win_loss(outcome, 4)
    assert returns[0] == returns[2] and returns[1] == returns[3] and sum(returns) == 0
    assert game.encoding().zero_sum  # and the encoding says so, for agents that rely on it
    totals = episode.state.scores()
    if totals[0] != totals[1]:
        assert returns[0] == (1.0 if totals[0] > totals[1] else -1.0)


@pytest.mark.parametrize("name", GAMES)
def test_observation_vectors_have_the_stated_size_and_come_from_the_observation(name: str) -> None:
    game = cardrules.get_game(name)
    encoding = game.encoding()
    episode = Episode.start(game, seed=11)
    rng = random.Random(11)
    for _ in range(60):
        if episode.is_terminal:
            break
        state = episode.state
        assert state is not None
        for seat in range(game.num_players):
            vector = episode.observe(seat)
            assert len(vector) == encoding.observation_size
            assert vector == encoding.observe(state.observation(seat))
        episode = episode.choose(rng.choice(episode.choices()))


def test_the_bound_on_decisions_and_zero_sum_hold_for_whole_games() -> None:
    for name in GAMES:
        options = {"stall_limit": 40} if name == "backstab_fish" else {}
        game = cardrules.get_game(name, **options)
        episode, taken = Episode.start(game, seed=2), 0
        rng = random.Random(2)
        while not episode.is_terminal:
            episode = episode.choose(rng.choice(episode.choices()))
            taken += 1
        assert taken <= game.encoding().max_decisions, name
        if game.encoding().zero_sum:
            assert sum(episode.returns()) == 0, name


@pytest.mark.parametrize("name", GAMES)
def test_every_decision_has_a_name_of_its_own(name: str) -> None:
    """``decision_name`` names each decision below ``size``, and no two alike (an agent's log reads them)."""
    encoding = cardrules.get_game(name).encoding()
    names = [encoding.decision_name(decision) for decision in range(encoding.size)]
    assert len(set(names)) == encoding.size


def test_felagsvists_counts_are_scaled_as_its_table_says() -> None:
    """The last five numbers: tricks of this deal /13 and game totals /100, the seat's side first, then
    the deal's number /13. Seeded random play to the fifth trick of deal 2, where every count differs."""
    game = cardrules.get_game("felagsvist")
    state = game.new_game(seed=0)
    rng = random.Random(0)
    for _ in range(64):
        state = state.apply(rng.choice(state.legal_actions()))
    north, east = state.observation(0), state.observation(1)
    assert (north.deal_number, north.tricks, north.totals) == (2, (2, 1), (5, 8))
    encoding = game.encoding()
    assert encoding.observe(north)[482:] == (2 / 13, 1 / 13, 5 / 100, 8 / 100, 2 / 13)
    assert encoding.observe(east)[482:] == (1 / 13, 2 / 13, 8 / 100, 5 / 100, 2 / 13)


def test_fildinskis_decisions_are_named_as_its_table_says() -> None:
    """The table of the Fildinski encoding's module: plays, dixes, meld none, kinds, cards, done."""
    encoding = cardrules.get_game("fildinski").encoding()
    names = [encoding.decision_name(decision) for decision in range(encoding.size)]
    assert len(names) == 143
    assert (names[0], names[31]) == ("play 7C", "play AS")
    assert names[32:37] == ["dix 7C", "dix 7D", "dix 7H", "dix 7S", "meld none"]
    assert names[37:46] == [f"meld {kind.value}" for kind in MeldKind]
    assert names[46:49] == ["7C", "7C#1", "7C#2"] and names[139:] == ["AS", "AS#1", "AS#2", "done"]


def test_fildinskis_bound_on_decisions_counts_its_longest_game() -> None:
    """At target 500 a game lasts at most 2 * 500 // 190 + 1 = 6 deals (each gives out 190 points or
    more); a deal has 64 card plays and 24 meld steps (the stock's tricks), each step a dix and a
    declaration of two five-card melds at most: 1 + 2 * (1 + 5) + 1 = 14 decisions."""
    game = cardrules.get_game("fildinski")
    assert game.encoding().max_decisions == 6 * (64 + 24 * 14)
    sequence = MeldDecl(
        MeldKind.SEQUENCE, tuple(CardRef(parse_card(c), None) for c in ("TD", "AD", "KD", "QD", "JD"))
    )
    assert len(game.encoding().encode(DeclareMelds(0, (sequence, sequence)))) == 2 * (1 + 5) + 1


def test_fildinskis_observation_is_seen_from_the_seat() -> None:
    """The meld and seat blocks are relative: p0's royal marriage is the seat's own for p0 and the
    opponent's for p1; the dealer (p0) and the seat to act (p1) likewise."""
    state = cardrules.from_position(DIX_FROM_THE_TRICK)
    encoding = cardrules.get_game("fildinski").encoding()
    royal = MeldKind.ROYAL_MARRIAGE.order
    own, other = encoding.observe(state.observation(0)), encoding.observe(state.observation(1))
    assert [i for i, x in enumerate(own[288:306]) if x] == [royal]
    assert [i for i, x in enumerate(other[288:306]) if x] == [9 + royal]
    assert (own[342:346], other[342:346]) == ((1.0, 0.0, 0.0, 1.0), (0.0, 1.0, 1.0, 0.0))


BF_DISPUTE = DISPUTE_HEAD + DISPUTE_HISTORY
"""The Backstab Fish dispute position of the records folder, its history included."""


def test_backstab_fishs_known_cards_come_from_the_public_events() -> None:
    """The records folder's dispute, seen by p0 (blocks from p0 on): p0 asked for tens and nines and
    handed its one eight to p3, who had asked for eights (so p3 is known to hold two); p2 asked for
    queens and nines. Nobody else is known to hold anything."""
    state = cardrules.from_position(BF_DISPUTE)
    vector = cardrules.get_game("backstab_fish").encoding().observe(state.observation(0))
    known = vector[13 + 4 : 13 + 4 + 4 * 13]
    eight, nine, ten, queen = 6, 7, 8, 10
    expected = [0.0] * 52
    for seat, rank, count in ((0, nine, 1), (0, ten, 1), (2, nine, 1), (2, queen, 1), (3, eight, 2)):
        expected[13 * seat + rank] = count
    assert list(known) == expected


def test_backstab_fishs_stall_count_is_read_against_its_limit_or_not_at_all() -> None:
    """After an unproductive ask the stall count is 1: 1/400 of the default limit, and 0.0 with no limit."""
    for limit, seen in (("400", 1 / 400), ("none", 0.0)):
        state = cardrules.from_position(BF_DISPUTE.replace("stall_limit=400", f"stall_limit={limit}"))
        after = state.apply(state.parse_action("p0 ask p1 for 1 T"))
        encoding = cardrules.get_game("backstab_fish", stall_limit=limit).encoding()
        assert after.observation(0).stall == 1  # type: ignore[attr-defined]
        assert encoding.observe(after.observation(0))[-1] == seen


def test_backstab_fishs_bound_on_decisions_counts_the_longest_game() -> None:
    """Two packs, four players of seven cards: a stock of 76, 26 sets; at most (76 + 26 + 1) x 400 turns
    of two decisions and 26 set decisions. With no stall limit the game need not end: 2**31 - 1."""
    assert cardrules.get_game("backstab_fish").encoding().max_decisions == (76 + 26 + 1) * 400 * 2 + 26
    assert cardrules.get_game("backstab_fish", stall_limit="none").encoding().max_decisions == 2**31 - 1


def test_calabresellas_decisions_are_named_as_its_table_says() -> None:
    """The table of the Calabresella encoding's module: pass and bids, then calls, returns and discards
    of each card, the three raises, and the plays."""
    encoding = cardrules.get_game("calabresella").encoding()
    names = [encoding.decision_name(decision) for decision in range(encoding.size)]
    assert len(names) == 167
    assert names[:5] == ["pass", "bid chiamo", "bid solo", "bid solissimo", "call 2C"]
    assert (names[43], names[44], names[83], names[84], names[123]) == (
        "call AS", "return 2C", "return AS", "discard 2C", "discard AS",
    )  # fmt: skip
    assert names[124:128] == ["raise none", "raise dividete", "raise scegliete", "play 2C"]
    assert names[166] == "play AS"


def test_calabresellas_calls_and_tricks_are_seen_from_the_seat() -> None:
    """Seeded play (seed 8) to its play phase, where p1 called chiamo, p2 solo and p0 solissimo, and the
    tricks stand 3 to 1: p1 sees its own call first, then p2's, then p0's; the bidder p0 two seats on;
    and the tricks as twelfths."""
    game = cardrules.get_game("calabresella")
    state = game.new_game(seed=8)
    rng = random.Random(8)
    while state.phase_name != "play":
        state = state.apply(rng.choice(state.legal_actions()))
    for _ in range(13):
        state = state.apply(rng.choice(state.legal_actions()))
    seen = state.observation(1)
    assert seen.calls == ((1, "chiamo"), (2, "solo"), (0, "solissimo")) and seen.tricks == (3, 1)
    vector = game.encoding().observe(seen)
    calls = vector[
        280:292
    ]  # after the hand, the plays and the trick: 40 card slots each, per seat for the two
    own, next_seat, last_seat = calls[0:4], calls[4:8], calls[8:12]  # pass, chiamo, solo, solissimo
    assert (own, next_seat, last_seat) == ((0, 1, 0, 0), (0, 0, 1, 0), (0, 0, 0, 1))
    assert seen.bidder == 0 and vector[292:295] == (0, 0, 1)  # the bidder, two seats on from p1
    assert vector[505:507] == (3 / 12, 1 / 12)
    dealt = game.new_game(seed=8).observation(1)  # the monte's four cards, before anyone takes one
    assert dealt.monte_size == 4 and game.encoding().observe(dealt)[-4] == 1.0


def test_an_encoding_refuses_another_games_observation() -> None:
    fildinski = cardrules.get_game("fildinski").new_game(seed=1).observation(0)
    with pytest.raises(InvalidArgumentError, match="FildinskiObservation is not a Calabresella observation"):
        cardrules.get_game("calabresella").encoding().observe(fildinski)
