"""The move ordering of the Félagsvist ending: which cards the search tries, and which first.

The search's values never depend on the order it tries moves in, only on
trying one card of every group of equivalent cards; the brute-force tests in
``test_ending.py`` check the values. These check the order itself: that
:meth:`~cardrules.games.felagsvist.ending.FelagsvistEnding.moves` stands for
every legal card exactly once, and that the orderings outside Nóló try first
what their docstrings say, played out on the model.
"""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from cardrules.cards import mask_of, parse_cards
from cardrules.games.felagsvist import NoloAce, RoundKind
from cardrules.games.felagsvist.cards import SUIT_MASKS
from cardrules.games.felagsvist.ending import FelagsvistEnding
from cardrules.games.felagsvist.ending.bits import ONES, SUIT
from cardrules.games.felagsvist.ending.groups import follow
from cardrules.games.felagsvist.play import playable
from tests.felagsvist.ending_support import endings_in_play, hand_ending
from tests.felagsvist.test_ending import nolo_ending


def _trumps(ending: FelagsvistEnding) -> int:
    trump = ending.rules.trump
    return 0 if trump is None else 0x1FFF << 13 * trump


def _takes(ending: FelagsvistEnding, card: int) -> bool:
    """Whether ``card`` would be winning the trick once played (read off the model's own play)."""
    after = ending.play(card)
    if not after.trick:  # the trick is complete: its winner leads the next one
        return after.leader == ending.seat
    return after.best == card


@given(ending=endings_in_play())
def test_moves_stand_for_every_legal_card_exactly_once(ending: FelagsvistEnding) -> None:
    moves = ending.moves()
    assert len(set(moves)) == len(moves)
    assert ending.ranked_moves()[0] == moves
    covered: set[int] = set()
    for move in moves:
        group = set(ending.group(move))
        assert move in group and not group & covered
        covered |= group
    assert covered == set(ending.legal())


@given(
    hand=st.integers(0, (1 << 52) - 1),
    trick=st.lists(st.integers(0, 51), max_size=3, unique=True).map(tuple),
)
def test_follow_is_the_engine_rule(hand: int, trick: tuple[int, ...]) -> None:
    # the search's restatement of the follow rule, held to the engine's
    assert follow(hand, trick) == playable(hand, trick)


def test_the_bit_tables_count_and_mask_as_the_ints_do() -> None:
    assert [ONES[mask] for mask in range(1 << 13)] == [mask.bit_count() for mask in range(1 << 13)]
    assert [SUIT[card] for card in range(52)] == [SUIT_MASKS[card // 13] for card in range(52)]


@given(ending=endings_in_play())
def test_a_follower_tries_first_to_take_the_trick_or_to_leave_it_to_its_partner(
    ending: FelagsvistEnding,
) -> None:
    if ending.rules.nolo or not ending.trick:
        return
    moves = ending.moves()
    first = moves[0]
    partner_winning = (len(ending.trick) - ending.ahead) % 2 == 0
    strength = ending.rules.strength
    if len(ending.trick) == 3 and partner_winning:
        # the fourth hand leaves the trick to its partner when it can, with its cheapest card
        leaving = [move for move in moves if not _takes(ending, move)]
        if leaving:
            assert first == leaving[0]
            led = ending.trick[0] // 13
            same = [move for move in leaving if move // 13 == first // 13]
            assert strength[first] == min(strength[move] for move in same)
            assert first // 13 == led or all(move // 13 != led for move in moves)
    elif not partner_winning:
        # a follower whose side is not winning the trick tries a card that takes it first, if it has one
        taking = [move for move in moves if _takes(ending, move)]
        if taking:
            assert _takes(ending, first)
            same = [move for move in taking if move // 13 == first // 13]
            if len(ending.trick) == 3:
                assert strength[first] == min(strength[move] for move in same)


@given(ending=endings_in_play())
def test_a_leader_tries_a_lead_for_its_partners_ruff_first(ending: FelagsvistEnding) -> None:
    if ending.rules.nolo or ending.trick or ending.rules.trump is None:
        return
    trumps = _trumps(ending)
    seat = ending.seat
    partner = ending.hands[(seat + 2) % 4]
    opponents = ending.hands[(seat + 1) % 4], ending.hands[(seat + 3) % 4]

    everyone = ending.hands[0] | ending.hands[1] | ending.hands[2] | ending.hands[3]

    def for_the_ruff(card: int) -> bool:
        """A low card of a side suit the partner is void in while holding trumps, no opponent can ruff."""
        suit = 0x1FFF << 13 * (card // 13)
        if suit == trumps or partner & suit or not partner & trumps:
            return False
        if not everyone & ending.rules.above[card]:
            return False  # the top card of its suit: a cash
        return not any(not hand & suit and hand & trumps for hand in opponents)

    moves = ending.moves()
    if any(map(for_the_ruff, moves)):
        assert for_the_ruff(moves[0])
        # and the lowest such card of its suit
        strength = ending.rules.strength
        same = [move for move in moves if move // 13 == moves[0] // 13 and for_the_ruff(move)]
        assert strength[moves[0]] == min(strength[move] for move in same)


@given(ending=endings_in_play())
def test_moves_group_exactly_the_cards_no_other_card_in_play_lies_between(ending: FelagsvistEnding) -> None:
    # Two legal cards are in one group exactly when they are of one suit and
    # no card of another hand or of the trick lies between them in strength
    # (read off the engine's strength table, under either nolo_ace value).
    strength = ending.rules.strength
    hand = ending.hands[ending.seat]
    elsewhere = [
        card
        for card in range(52)
        if (ending.hands[0] | ending.hands[1] | ending.hands[2] | ending.hands[3]) >> card & 1
    ]
    elsewhere = [card for card in elsewhere if not hand >> card & 1] + list(ending.trick)
    legal = ending.legal()
    for card in legal:
        group = set(ending.group(card))
        for other in legal:
            low, high = sorted((strength[card], strength[other]))
            together = card // 13 == other // 13 and not any(
                between // 13 == card // 13 and low < strength[between] < high for between in elsewhere
            )
            assert (other in group) == together, (card, other)


def test_the_ace_and_the_two_are_one_group_when_the_ace_ranks_low() -> None:
    # North holds AC 2C and the other clubs lie elsewhere: under nolo_ace=low the ace sits just
    # under the 2, so the two are searched as one move; with the ace high the other clubs lie
    # between them and each is a move of its own.
    hands = "AC 2C 5D / 3C 4C 6D / 5C 6C 7D / 7C 8C 8D"
    low = nolo_ending(hands, leader=0, counted=0, ace=NoloAce.LOW)
    high = nolo_ending(hands, leader=0, counted=0, ace=NoloAce.HIGH)
    ace, two, five = (mask_of(parse_cards(card)).bit_length() - 1 for card in ("AC", "2C", "5D"))
    assert sorted(low.moves()) == [ace, five] and sorted(low.group(ace)) == [two, ace]
    assert sorted(high.moves()) == [two, ace, five] and high.group(ace) == (ace,)


def _cards(text: str) -> tuple[int, ...]:
    """The card indices of the cards written as ``"AC 5D"``, in that order."""
    return tuple(mask_of(parse_cards(card)).bit_length() - 1 for card in text.split())


def test_a_nolo_leader_tries_the_suits_both_opponents_hold_before_those_one_holds() -> None:
    # North leads. Both opponents hold clubs and hearts, only East holds diamonds. The two of
    # clubs loses the trick (under both opponents' lowest clubs, South's lowest club under them
    # too), so it comes first; then the nine of hearts, the other lead of a suit both
    # opponents hold; the king of diamonds, where West would shed a card, comes last.
    ending = nolo_ending("2C KD 9H / 5C 2D 3H / 3C 4C 4H / 6C 8C 5H", leader=0, counted=0)
    assert ending.moves() == _cards("2C 9H KD")


def test_a_nolo_follower_whose_side_has_the_trick_whatever_it_plays_tries_its_highest_card_first() -> None:
    # North leads the nine of clubs and East follows with the eight, the card just below it;
    # West holds only a club below the nine: North-South take the trick, and South tries its
    # king before its two (the five of clubs between them keeps them apart).
    ending = nolo_ending("9C 2D / 8C 3D / KC 2C / 5C 4D", leader=0, counted=0)
    third = ending.play(_cards("9C")[0]).play(_cards("8C")[0])
    assert third.moves() == _cards("KC 2C")


def test_a_fourth_hand_discarding_under_its_partners_trick_keeps_its_top_cards_for_last() -> None:
    # Grand: West leads the two of diamonds, North wins with the nine, East follows. South has
    # no diamond: it tries the king of hearts (West's ace stands above it) before the three of
    # clubs, the top of its suit, although the king ranks higher.
    ending = hand_ending("9D 5S / 3D 6S / 3C KH / 2D AH", 3, 0, kind=RoundKind.GRAND)
    fourth = ending.play(_cards("2D")[0]).play(_cards("9D")[0]).play(_cards("3D")[0])
    assert fourth.moves() == _cards("KH 3C")


def test_a_leader_cashes_first_and_leads_where_an_opponent_could_ruff_last() -> None:
    # Hearts are trumps; North leads. The ace of clubs tops its suit: cash it first. East's only
    # diamond is the two, so no one can ruff a diamond: the five of diamonds and the three of
    # spades are other leads, the higher first.
    ending = hand_ending("AC 5D 3S / 2D 2H 4S / 2C 9D 5S / AD 3C 6S", 0, 0, kind=RoundKind.HEARTS)
    assert ending.moves() == _cards("AC 5D 3S")
    # with East's two of diamonds in West's hand instead, East could ruff a diamond: it goes last
    ruffed = hand_ending("AC 5D 3S / 3C 2H 4S / 2C 9D 5S / AD 2D 6S", 0, 0, kind=RoundKind.HEARTS)
    assert ruffed.moves() == _cards("AC 3S 5D")
