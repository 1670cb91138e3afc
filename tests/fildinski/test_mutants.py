"""Fildinski tests written to fail on changed lines the other tests let through.

Each test checks a rule on the legal set itself (what ``legal_actions`` offers),
on ``check`` and on ``apply``, so that a dropped condition or a flipped
operator in the engine (found by ``python -m tests.support.mutation``) fails it.
"""

from __future__ import annotations

import dataclasses
import random
import re
from collections import Counter

import pytest

import cardrules
from cardrules import InvalidPositionError, get_game
from cardrules.cards import parse_card
from cardrules.games.fildinski import Category, DeclareMelds, FildinskiState, procedure
from cardrules.games.fildinski.cards import (
    card_id,
    card_kind,
    card_of,
    copy_of,
    ids_in,
    kind_card,
    kind_of,
    strength_of,
    suit_of,
)
from cardrules.games.fildinski.melds import MeldKind, candidate_melds, required_kinds
from cardrules.games.fildinski.options import BeziquePair
from cardrules.games.fildinski.scoring import is_brisque
from tests.fildinski.test_position import DISPUTE, MELD_STEP, refused
from tests.fildinski.test_rules import _won_meld_step, act, illegal, mask_of, texts


@pytest.mark.rule("fildinski.meld.kinds")
def test_a_double_bezique_is_offered_when_both_pairs_are_won() -> None:
    state = _won_meld_step("QS JD", "QS", meld_needs_trick_card=False)
    pile = state.won[0] | mask_of("QS JD", 2)
    state = dataclasses.replace(state, won=(pile, 0), hands=(state.hands[0] & ~pile, state.hands[1] & ~pile))
    offered = texts(state)
    assert "p0 meld double-bezique JD JD QS QS" in offered
    after = act(state, "meld double-bezique JD JD QS QS")
    assert after.category_points(Category.MELDS) == (500, 0)
    both = mask_of("QS JD") | mask_of("QS JD", 2)
    assert list(candidate_melds(MeldKind.DOUBLE_BEZIQUE, both, 2, BeziquePair.STANDARD)) == [both]
    assert list(candidate_melds(MeldKind.DOUBLE_BEZIQUE, mask_of("QS JD"), 2, BeziquePair.STANDARD)) == []


@pytest.mark.rule("fildinski.meld.class-order")
def test_no_royal_marriage_is_offered_from_a_scored_sequence() -> None:
    state = _won_meld_step("AH TH KH QH JH", "AH", meld_needs_trick_card=False)
    after = act(state, "meld sequence AH TH KH QH JH")
    again = dataclasses.replace(after, in_meld_step=True, current_player=0)
    assert not [text for text in texts(again) if "royal-marriage" in text]
    illegal(again, "meld royal-marriage KH QH")
    # The upward order stays open: a royal marriage, then the sequence over its cards.
    upward = dataclasses.replace(act(state, "meld royal-marriage KH QH"), in_meld_step=True, current_player=0)
    assert "p0 meld sequence AH TH KH QH JH" in texts(upward)


@pytest.mark.rule("fildinski.deck.card-identity")
def test_an_ids_suit_strength_and_copy_are_those_of_its_card() -> None:
    ranks = "789JQKTA"
    for card in range(64):
        plain = card_of(card)
        assert suit_of(card) == int(plain.suit)
        assert strength_of(card) == ranks.index(plain.rank.letter)
        assert card_id(plain, card % 2 + 1) == card
        assert (kind_of(card), copy_of(card)) == (card_kind(plain), card % 2 + 1)


@pytest.mark.parametrize(("text", "copy"), [("6S", 1), ("2C", 2), ("QS", 0), ("QS", 3)])
def test_an_id_is_refused_for_a_card_outside_the_deck_or_a_copy_other_than_one_or_two(
    text: str, copy: int
) -> None:
    with pytest.raises(ValueError, match="is not a card of the Fildinski deck"):
        card_id(parse_card(text), copy)


@pytest.mark.rule("fildinski.score.brisques")
def test_the_brisques_are_the_aces_and_the_tens() -> None:
    assert [card for card in range(64) if is_brisque(card)] == [
        card for card in range(64) if card_of(card).rank.letter in "AT"
    ]


@pytest.mark.rule("fildinski.meld.kinds")
def test_fours_of_a_kind_are_offered_alone_and_together() -> None:
    state = _won_meld_step("KS KH KD KC AS AH AD AC", "KS", meld_needs_trick_card=False)
    assert texts(state) == [
        "p0 meld none",
        "p0 meld four-aces AC AD AH AS",
        "p0 meld four-kings KC KD KH KS",
        "p0 meld four-aces AC AD AH AS + four-kings KC KD KH KS",
    ]
    after = act(state, "meld four-aces AC AD AH AS + four-kings KC KD KH KS")
    assert after.category_points(Category.MELDS) == (180, 0)
    fresh_only = _won_meld_step("KS KH KD KC AS AH AD AC", "KS")
    assert texts(fresh_only) == ["p0 meld none", "p0 meld four-kings KC KD KH KS"]


def test_each_seats_won_and_retired_piles_are_its_own_in_every_observation() -> None:
    game = get_game("fildinski")
    for seed in range(6):
        state = game.new_game(seed=seed)
        while not state.is_terminal and not (state.won[0] and state.won[1] and state.won[0] != state.won[1]):
            state = state.apply(state.legal_actions()[0])
        assert state.won[0] != state.won[1], seed
        for seat in (0, 1):
            seen = state.observation(seat)
            for player in (0, 1):
                assert Counter(seen.won[player]) == Counter(card_of(i) for i in ids_in(state.won[player]))
                assert Counter(seen.retired[player]) == Counter(
                    card_of(i) for i in ids_in(state.retired[player])
                )


def _both_queens_of_spades(won0: str, fresh: str) -> FildinskiState:
    """p0 in a meld step (trick-card rule off) with ``won0`` won and both Q♠ in the pile; ``fresh``
    (``QS``, ``QS#2``, both or neither) the Q♠ copies just won."""
    state = _won_meld_step(won0, "", meld_needs_trick_card=False)
    pile = state.won[0] | mask_of("QS", 2)
    hands = (state.hands[0] & ~pile, state.hands[1] & ~pile)
    just_won = (mask_of("QS") if "QS" in fresh.split() else 0) | (mask_of("QS", 2) if "QS#2" in fresh else 0)
    return dataclasses.replace(state, won=(pile, 0), hands=hands, fresh=just_won)


@pytest.mark.rule("fildinski.meld.per-step")
def test_two_melds_of_one_step_that_need_the_same_kind_take_its_two_copies() -> None:
    """A marriage and a bezique declared together each take one Q♠ when both are won and alike."""
    state = _both_queens_of_spades("QS JD KS", "QS QS#2")
    assert texts(state) == [
        "p0 meld none",
        "p0 meld marriage KS QS",
        "p0 meld bezique JD QS",
        "p0 meld marriage KS QS + bezique JD QS",
    ]
    # Written anew (not the legal set's own object), in either order, the declaration is judged in full.
    for text in ("p0 meld marriage KS QS + bezique JD QS", "p0 meld bezique JD QS + marriage KS QS"):
        verdict = state.check(state.parse_action(text))
        assert verdict.legal, verdict
        after = act(state, text)
        assert after.category_points(Category.MELDS) == (60, 0)
        queens = sorted(meld.cards & mask_of("QS") | meld.cards & mask_of("QS", 2) for meld in after.melds)
        assert queens == [mask_of("QS"), mask_of("QS", 2)]
        assert sorted(str(meld) for meld in after.melds) == [
            "p0 bezique JD QS (trick 1)",
            "p0 marriage QS KS (trick 1)",
        ]
    # Only one Q♠ won: the two melds would share it.
    single = _won_meld_step("QS JD KS", "", meld_needs_trick_card=False)
    verdict = illegal(single, "p0 meld marriage KS QS + bezique JD QS")
    assert verdict.rule_ids[0] in ("fildinski.meld.per-step", "fildinski.meld.from-won-cards"), verdict


@pytest.mark.rule("fildinski.meld.copy-choice")
def test_a_plain_card_whose_copies_differ_is_refused_naming_how_they_differ() -> None:
    """Both Q♠ won but one of them fresh, or one already melded: the meld must name the copy."""
    for fresh, which in (("QS", "#1"), ("QS#2", "#2")):
        state = _both_queens_of_spades("QS JD", fresh)
        verdict = illegal(state, "p0 meld bezique JD QS")
        assert verdict.rule_ids == ("fildinski.meld.copy-choice",)
        assert verdict.reason == (
            f"p0's won pile holds both QS and they differ ({which} was won in the trick just won): "
            "write QS#1 or QS#2"
        )
        assert f"p0 meld bezique JD QS{which}" in texts(state)
    # Neither fresh, but Q♠#1 already served in a marriage.
    married = act(_won_meld_step("QS KS JD", "", meld_needs_trick_card=False), "p0 meld marriage KS QS")
    again = dataclasses.replace(
        married,
        won=(married.won[0] | mask_of("QS", 2), 0),
        hands=(married.hands[0] & ~mask_of("QS", 2), married.hands[1] & ~mask_of("QS", 2)),
        in_meld_step=True,
        current_player=0,
        fresh=0,
    )
    verdict = illegal(again, "p0 meld bezique JD QS")
    assert verdict.reason == (
        "p0's won pile holds both QS and they differ (one of them has already been in a meld): "
        "write QS#1 or QS#2"
    )


@pytest.mark.rule("fildinski.meld.kinds")
def test_the_cards_a_meld_needs_are_its_rows_kinds_and_a_marriage_needs_its_suit() -> None:
    def needs(kind: MeldKind, trump: str, suit: int | None = None) -> list[str]:
        hearts = "CDHS".index(trump)
        return [str(kind_card(k)) for k in required_kinds(kind, hearts, BeziquePair.STANDARD, suit)]

    assert needs(MeldKind.SEQUENCE, "H") == ["AH", "TH", "KH", "QH", "JH"]
    assert needs(MeldKind.ROYAL_MARRIAGE, "S") == ["KS", "QS"]
    assert needs(MeldKind.MARRIAGE, "H", 0) == ["KC", "QC"]
    assert needs(MeldKind.MARRIAGE, "H") == []  # no suit: a common marriage's cards are not fixed
    assert needs(MeldKind.DOUBLE_BEZIQUE, "H") == ["QS", "QS", "JD", "JD"]
    assert needs(MeldKind.FOUR_ACES, "H") == []


def _meld_steps(seed: int) -> dict[int, FildinskiState]:
    """The first deal's meld steps of a random game under meld_in_endgame=true, by the trick they follow."""
    game = get_game("fildinski", meld_in_endgame=True)
    rng = random.Random(seed)
    state = game.new_game(seed=seed)
    steps: dict[int, FildinskiState] = {}
    while state.deal_number == 1 and not state.is_terminal:
        if state.in_meld_step:
            steps.setdefault(state.tricks_done, state)
        state = state.apply(rng.choice(state.legal_actions()))
    return steps


@pytest.mark.rule("fildinski.endgame.no-melding")
def test_a_position_in_a_meld_step_after_the_last_draw_needs_meld_in_endgame() -> None:
    steps = _meld_steps(0)
    assert {24, 25} <= set(steps)
    for number in (24, 25):
        state = steps[number]
        text = state.position()
        assert cardrules.from_position(text).position() == text
        off = text.replace("meld_in_endgame=true", "meld_in_endgame=false")
        if number <= 24:  # the step of the last trick with a draw is open under either value
            back = cardrules.from_position(off)
            assert isinstance(back, FildinskiState) and back.in_meld_step
            continue
        error = refused(off)
        assert [(p.section, p.message, p.rule) for p in error.problems] == [
            (
                "turn",
                f"no meld step follows trick {number} (meld_in_endgame = false)",
                "fildinski.endgame.no-melding",
            )
        ]


@pytest.mark.rule("fildinski.play.won-cards")
def test_won_cards_the_tricks_do_not_account_for_are_named_both_ways() -> None:
    """A won card taken from p0's pile is what p0 lacks; given to p1, also what p1 holds unearned."""
    lost = DISPUTE.replace("won p0 8C 9C", "won p0 9C")
    error = refused(lost)
    assert "won: p0's won and retired cards lack 8C, which the tricks gave p0 [fildinski.play.won-cards]" in [
        str(p) for p in error.problems
    ]
    moved = lost.replace("/ p1 7C 9C", "/ p1 8C 7C 9C")
    assert [str(p) for p in refused(moved).problems] == [
        "won: p0's won and retired cards lack 8C, which the tricks gave p0 [fildinski.play.won-cards]",
        "won: p1's won and retired cards hold 8C, which no trick gave p1 [fildinski.play.won-cards]",
    ]
    swapped = DISPUTE.replace("won p0 8C 9C", "won p0 7C 9C").replace("/ p1 7C 9C", "/ p1 8C 9C")
    assert [str(p) for p in refused(swapped).problems] == [
        "won: p0's won and retired cards lack 8C, which the tricks gave p0 "
        "and hold 7C, which no trick gave p0 [fildinski.play.won-cards]",
        "won: p1's won and retired cards lack 7C, which the tricks gave p1 "
        "and hold 8C, which no trick gave p1 [fildinski.play.won-cards]",
    ]


@pytest.mark.rule("fildinski.meld.kinds")
def test_a_meld_history_whose_cards_do_not_form_its_kind_is_refused() -> None:
    """The royal marriage K♦ Q♦ of trick 19 (diamonds trump) rewritten as other kinds, or with J♦."""

    def melds_problems(written: str) -> list[str]:
        text = DISPUTE.replace("melds p1 19 royal-marriage KD QD", f"melds p1 19 {written}")
        return [str(p) for p in refused(text).problems if p.section == "melds"]

    assert melds_problems("marriage KD QD") == [
        "melds: the marriage of trick 19, QD KD, is not a marriage [fildinski.meld.kinds]"
    ]
    assert melds_problems("bezique KD QD") == [
        "melds: the bezique of trick 19, QD KD, is not a bezique [fildinski.meld.kinds]"
    ]
    assert melds_problems("royal-marriage KD JD") == [
        "melds: the royal marriage of trick 19, JD KD, is not a royal marriage [fildinski.meld.kinds]"
    ]


@pytest.mark.rule("fildinski.deal.turned-seven")
def test_the_dealers_turned_seven_points_are_read_against_the_turn_up() -> None:
    """MELD_STEP's turn-up is 9♥ (the dealer p1 scores none); a deal turning up a seven gives p1 10."""

    def points_problems(text: str) -> list[str]:
        return [str(p) for p in refused(text).problems]

    rule = "[fildinski.deal.turned-seven]"
    not_a_seven = f"points: the turn-up 9H is not a 7: the dealer's turned-seven points are 0 {rule}"
    assert points_problems(MELD_STEP.replace("p1 brisques=10", "p1 turned-seven=10 brisques=10")) == [
        not_a_seven
    ]
    assert points_problems(MELD_STEP.replace("p1 brisques=10", "p1 turned-seven=20 brisques=10")) == [
        f"points: a turned seven scores 10 {rule}",
        not_a_seven,
    ]
    assert points_problems(MELD_STEP.replace("p0 brisques=20", "p0 turned-seven=10 brisques=20")) == [
        f"points: only the dealer, p1, scores a turned seven {rule}"
    ]
    game = get_game("fildinski")
    seven = next(
        state
        for seed in range(200)
        if (state := game.new_game(seed=seed)).category_points(Category.TURNED_SEVEN) != (0, 0)
    )
    text = seven.position()
    assert cardrules.from_position(text).position() == text
    assert seven.dealer == 0 and "; points p0 turned-seven=10 / p1 -" in text  # the deal has just begun
    (problem,) = refused(text.replace("points p0 turned-seven=10 /", "points p0 - /")).problems
    assert str(problem).endswith(f"is a 7: the dealer's turned-seven points are 10 {rule}")


def test_a_missing_or_malformed_melds_section_is_named_meld_by_meld_and_nothing_else() -> None:
    """No melds section is one problem (no points problem for melds read as none); each bad meld is named."""
    missing = re.sub(r" ; melds [^;]*", "", DISPUTE)
    assert [str(p) for p in refused(missing).problems] == ["melds: the section is missing"]
    shape = "melds: each meld is its melder, trick, kind and cards, as in p0 4 bezique JD QS"
    bad = DISPUTE.replace(
        "melds p1 19 royal-marriage KD QD /", "melds p1 19 royal-wedding KD QD / p0 / p1 20 /"
    )
    assert [str(p) for p in refused(bad).problems] == [
        "melds: 'royal-wedding' is not a kind of meld",
        shape,
        shape,
    ]


DIX_FROM_THE_TRICK = (
    "fildinski ; options target_score=500 trump_seven_points=played last_trick_bonus=final "
    "dix_exchange=from_trick melded_cards=stay meld_needs_trick_card=true meld_in_endgame=false "
    "bezique_pair=standard ; seed 144 ; deal 1 dealer p0 ; totals 0 0 ; past - ; trump D ; turn p1 "
    "meld ; hands p0 9D AD 8H 8S 8S KS AS / p1 KC 7D TD KH AH JS KS ; trick - ; stock 7H 7S TH 9D TS "
    "JH 8D 7C QH 9H TC 7S JC JD 9S AC JH TH 7H 9C 8C QS AD 8C 7C AH AC QH QD JC QC TD TC 7D ; won p0 "
    "9C KC JD QD KD 8H KH 9S QS AS / p1 QC 8D KD 9H JS TS ; retired p0 - / p1 - ; tricks p1 AS JD / "
    "p0 QD QS / p0 TS 8D / p1 JS 9H / p1 8H KD / p0 9S KC / p0 KH#2 9C / p0 QC 7D ; melds p0 5 "
    "royal-marriage KD QD ; dix p1 8 7D KD ; points p0 brisques=10 melds=40 / p1 brisques=10 "
    "trump-sevens=10"
)
"""Seeded play under dix_exchange=from_trick, just after p1's dix: the trump seven taken back from the
trick p1 won is the second copy of 7D."""


@pytest.mark.rule("fildinski.dix.exchange")
def test_a_dix_from_the_trick_takes_the_copy_of_the_seven_that_was_played() -> None:
    """The won piles after a dix from the trick lose the seven the trick held (here 7D's second copy),
    and gain the turn-up: the position reads back as written, won piles included."""
    assert cardrules.from_position(DIX_FROM_THE_TRICK).position() == DIX_FROM_THE_TRICK


def test_an_observation_reads_as_the_table_its_seat_sees() -> None:
    """``str()`` of an observation: who is to act and how (meld step, trick play, game over), the
    hand, the trick, the won piles ("(none)" while empty), the melds and the counts."""
    state = cardrules.from_position(DIX_FROM_THE_TRICK)
    assert str(state.observation(1)).splitlines() == [
        "seen by p1; deal 1, dealer p0, diamonds trump, turn-up 7♦ (34 in stock); "
        "p1 in the meld step of trick 8",
        "hand: K♣ 7♦ 10♦ K♥ A♥ J♠ K♠",
        "trick: no card yet",
        "won by p0: 9♣ K♣ J♦ Q♦ K♦ 8♥ K♥ 9♠ Q♠ A♠",
        "won by p1: Q♣ 8♦ K♦ 9♥ J♠ 10♠",
        "melds: p0 royal marriage K♦ Q♦ (trick 5)",
        "cards held: p0:7 p1:7; deal points p0 50, p1 20; totals p0 0, p1 0",
    ]
    after = state.apply(state.legal_actions()[0])
    assert str(after.observation(0)).splitlines()[0].endswith("(32 in stock); p1 to play to trick 9")
    start = get_game("fildinski", target_score=100).new_game(seed=3)
    assert str(start.observation(0)).splitlines()[3:5] == ["won by p0: (none)", "won by p1: (none)"]
    rng = random.Random(3)
    while not start.is_terminal:
        start = start.apply(rng.choice(start.legal_actions()))
    assert str(start.observation(0)).splitlines()[0].endswith("stock exhausted (0 in stock); game over")
    assert start.totals == (120, 270) and start.end_reason() == "p1 passed 100 after deal 1"


MELDED_AWAY = (
    "fildinski ; options target_score=500 trump_seven_points=played last_trick_bonus=final "
    "dix_exchange=from_hand melded_cards=removed meld_needs_trick_card=true meld_in_endgame=false "
    "bezique_pair=standard ; seed 2 ; deal 1 dealer p1 ; totals 0 0 ; past - ; trump S ; turn p0 play "
    "; hands p0 JC KC 8D TD TH AH 9S QS / p1 7C 9C AC 7D 9D KD AH TS ; trick - ; stock JD AD 9H QH 9H "
    "QH 7H QC AD KH TH AC KD 8H 8H 9D 8S KC 8C KS JH QD 7S TC 8C 7H 9S 8D 7S TD KS 7C 8S JS ; won p0 "
    "9C QC TC 7D QD KH QS TS AS AS / p1 - ; retired p0 JC JD JH JS / p1 - ; tricks p0 AS QD / p0 JC "
    "9C / p0 AS TC / p0 KH 7D / p0 JS QC / p0 QS JH / p0 TS JD ; melds p0 7 four-jacks JC JD JH JS ; "
    "dix - ; points p0 brisques=40 melds=40 / p1 -"
)
"""Seeded play under melded_cards=removed, just after p0 melded four jacks: the jacks are retired."""


@pytest.mark.rule("fildinski.meld.after-scoring")
def test_a_melded_card_left_in_the_won_pile_is_refused_for_both_piles() -> None:
    """Under melded_cards=removed a melded jack written among the won cards, not the retired ones,
    leaves both piles other than the history makes them (the cards are all there, in the wrong pile)."""
    text = MELDED_AWAY.replace(
        "AS AS / p1 - ; retired p0 JC JD JH JS", "AS AS JS / p1 - ; retired p0 JC JD JH"
    )
    assert _problems(text) == [
        (
            "won",
            "fildinski.play.won-cards",
            "p0's won cards are not those the tricks, the dix and the melds leave there",
        ),
        (
            "retired",
            "fildinski.meld.after-scoring",
            "p0's retired cards are not those the tricks, the dix and the melds leave there",
        ),
    ]


@pytest.mark.rule("fildinski.deck.card-identity")
def test_a_copy_written_where_the_history_puts_the_other_copy_is_refused() -> None:
    """p0 won the second king of hearts (trick 7 says KH#2): its won pile cannot hold KH#1."""
    text = DIX_FROM_THE_TRICK.replace("8H KH 9S QS AS /", "8H KH#1 9S QS AS /")
    assert _problems(text) == [
        ("won", "fildinski.deck.card-identity", "KH#1 is not the copy the history puts here")
    ]


@pytest.mark.rule("fildinski.deck.card-identity")
def test_one_copy_written_in_two_places_is_refused() -> None:
    """Both players' king of spades written as the first copy: one card cannot be in two hands."""
    text = DIX_FROM_THE_TRICK.replace(
        "8S 8S KS AS / p1 KC 7D TD KH AH JS KS ;", "8S 8S KS#1 AS / p1 KC 7D TD KH AH JS KS#1 ;"
    )
    assert _problems(text) == [("hands", "fildinski.deck.card-identity", "KS#1 is in two places")]


def _problems(text: str) -> list[tuple[str, str | None, str]]:
    """The section, rule and message of each problem the reader finds in ``text`` (it must refuse it)."""
    with pytest.raises(InvalidPositionError) as refused:
        cardrules.from_position(text)
    return [(problem.section, problem.rule, problem.message) for problem in refused.value.problems]


@pytest.mark.rule("fildinski.deck.card-identity")
def test_copies_written_where_the_history_agrees_are_read() -> None:
    """The won king of hearts written as the copy trick 7 gave (KH#2), and one king of spades in a hand
    written as the first copy: the position is read, and written back without the copies it need not name."""
    text = DIX_FROM_THE_TRICK.replace("8H KH 9S QS AS /", "8H KH#2 9S QS AS /").replace(
        "8S 8S KS AS / p1", "8S 8S KS#1 AS / p1"
    )
    state = cardrules.from_position(text)
    assert state.position() == DIX_FROM_THE_TRICK


@pytest.mark.rule("fildinski.deck.composition")
def test_a_card_written_once_is_counted_in_words() -> None:
    """p1's won king of diamonds (the dix's turn-up) written as a 7: the king is in the zones once."""
    problems = _problems(DIX_FROM_THE_TRICK.replace("/ p1 QC 8D KD 9H JS TS ;", "/ p1 QC 8D 7D 9H JS TS ;"))
    assert (
        "won",
        "fildinski.deck.composition",
        "KD is once in the zones (won); the pack holds it twice",
    ) in problems
    assert (
        "hands",
        "fildinski.deck.composition",
        "7D is 3 times in the zones (hands, stock, won); the pack holds it twice",
    ) in problems


SECOND_DEAL = (
    "fildinski ; options target_score=500 trump_seven_points=played last_trick_bonus=final "
    "dix_exchange=from_hand melded_cards=stay meld_needs_trick_card=true meld_in_endgame=false "
    "bezique_pair=standard ; seed 4 ; deal 2 dealer p0 ; totals 230 120 ; past D p0 brisques=90 "
    "trump-sevens=10 last-trick=10 melds=120 p1 brisques=70 trump-sevens=10 melds=40 ; trump D ; turn "
    "p1 play ; hands p0 7C QC 9D 9H KH 7S KS AS / p1 8C 9C AC 8D 9D QD 8S TS ; trick - ; stock QS AH "
    "JS 8H KD JD KH KS JC QH 7H KC AH QD AD QS 9C 7S 9S TD QC TH QH TC 8H 7H 7C JH 9H 7D TD TC AC 8S "
    "TH AS TS 9S JD 7D KD JC KC JS JH 8C AD 8D ; won p0 - / p1 - ; retired p0 - / p1 - ; tricks - ; "
    "melds - ; dix - ; points p0 - / p1 -"
)
"""Seeded play (seed 4) to the start of deal 2: the past section holds deal 1's points by category."""

DEAL_ONE = (
    "past D p0 brisques=90 trump-sevens=10 last-trick=10 melds=120 p1 brisques=70 trump-sevens=10 melds=40"
)
"""Deal 1's points as the past section writes them (p1 dealt it)."""


def test_the_second_deal_is_read_as_written() -> None:
    assert cardrules.from_position(SECOND_DEAL).position() == SECOND_DEAL


@pytest.mark.parametrize(
    ("past", "problems"),
    [
        (  # the dealer, p1, scores a turned seven and a dix in one deal
            DEAL_ONE.replace("p1 brisques=70", "p1 brisques=70 turned-seven=10 dix=10"),
            [
                ("past", "fildinski.dix.once", "deal 1: a deal has one turned seven or one dix, worth 10"),
                (
                    "totals",
                    "fildinski.game.score-sheet",
                    "the totals are 230-120, but the earlier deals add up to 230-140",
                ),
            ],
        ),
        (  # 150 points of aces and tens
            DEAL_ONE.replace("p1 brisques=70", "p1 brisques=60"),
            [
                ("past", "fildinski.score.brisques", "deal 1: the aces and tens of a deal are worth 160"),
                (
                    "totals",
                    "fildinski.game.score-sheet",
                    "the totals are 230-120, but the earlier deals add up to 230-110",
                ),
            ],
        ),
        (  # points come in tens
            DEAL_ONE.replace("p1 brisques=70", "p1 brisques=75"),
            [("past", "fildinski.score.brisques", "p1's brisques points, 75, are no multiple of 10")],
        ),
    ],
)
def test_a_past_deal_whose_points_no_deal_gives_is_refused(
    past: str, problems: list[tuple[str, str | None, str]]
) -> None:
    assert _problems(SECOND_DEAL.replace(DEAL_ONE, past)) == problems


@pytest.mark.rule("fildinski.play.won-cards")
def test_an_empty_group_in_a_seat_section_is_refused_and_the_next_group_still_read() -> None:
    """``won p0 - / / p0 -``: the empty group is a problem of its own, and the group after it is still
    read (p0 given a second time is one more problem)."""
    assert _problems(SECOND_DEAL.replace("won p0 - / p1 -", "won p0 - / / p0 -")) == [
        ("won", None, "each group starts with its seat, as in p0 AS TH / p1 -"),
        ("won", None, "p0 is given twice"),
    ]


@pytest.mark.parametrize(
    ("old", "new", "problem"),
    [
        (" ; past -", "", ("past", None, "the section is missing")),
        ("dix p1 8 7D KD", "dix p7 8 7D KD", ("dix", None, "the seats are p0 to p1, not 'p7'")),
        ("dix p1 8 7D KD", "dix p1 99 7D KD", ("dix", None, "the dix's trick is 1 to 32, not 99")),
    ],
)
def test_a_missing_or_unreadable_section_is_the_one_problem(
    old: str, new: str, problem: tuple[str, None, str]
) -> None:
    """The past section left out, or a dix naming no seat or no trick: one problem, no crash."""
    assert _problems(DIX_FROM_THE_TRICK.replace(old, new)) == [problem]


def test_a_second_deal_without_its_past_section_is_refused_for_that_alone() -> None:
    """Deal 2 with no past section: the section is missing, and no count of earlier deals is checked
    against a past read as empty."""
    assert _problems(SECOND_DEAL.replace(" ; " + DEAL_ONE, "")) == [("past", None, "the section is missing")]


def test_meld_none_in_the_actors_meld_step_takes_the_shortcut() -> None:
    """``apply``'s shortcut (the hot path of every meld step) takes ``meld none`` by the actor itself."""
    state = cardrules.from_position(DIX_FROM_THE_TRICK)
    assert isinstance(state, FildinskiState) and state.in_meld_step and state.current_player == 1
    after = procedure.fast_melds(state, DeclareMelds(1, ()))
    assert after is not None and after == state.apply(DeclareMelds(1, ()))
    assert procedure.fast_melds(state, DeclareMelds(0, ())) is None


FOUR_JACKS = (
    "fildinski ; options target_score=500 trump_seven_points=played last_trick_bonus=final "
    "dix_exchange=from_hand melded_cards=removed meld_needs_trick_card=true meld_in_endgame=false "
    "bezique_pair=standard ; seed 2 ; deal 1 dealer p1 ; totals 0 0 ; past - ; trump S ; turn p0 meld "
    "; hands p0 JC KC TD TH AH 9S QS / p1 7C 9C AC 9D KD AH TS ; trick - ; stock 8D 7D JD AD 9H QH 9H "
    "QH 7H QC AD KH TH AC KD 8H 8H 9D 8S KC 8C KS JH QD 7S TC 8C 7H 9S 8D 7S TD KS 7C 8S JS ; won p0 "
    "9C JC QC TC 7D JD QD JH KH JS QS TS AS AS / p1 - ; retired p0 - / p1 - ; tricks p0 AS QD / p0 JC "
    "9C / p0 AS TC / p0 KH 7D / p0 JS#2 QC / p0 QS JH / p0 TS JD ; melds - ; dix - ; points p0 "
    "brisques=40 / p1 -"
)
"""Seeded play under melded_cards=removed: p0's meld step, four jacks or the bezique to declare."""


def test_a_declaration_of_the_listed_legal_set_takes_the_shortcut() -> None:
    """Once the legal set is listed, ``apply``'s shortcut takes a declaration that is one of its values
    (the door would give the same state, so only this test tells that the shortcut runs)."""
    state = cardrules.from_position(FOUR_JACKS)
    assert isinstance(state, FildinskiState)
    wanted = state.parse_action("p0 meld four-jacks JC JD JH JS")
    jacks = next(action for action in state.legal_actions() if action == wanted)  # the listed value itself
    after = procedure.fast_melds(state, jacks)
    assert after is not None and after == state.apply(jacks)
