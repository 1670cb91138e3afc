"""A Calabresella position is written section by section, and a refused one names exactly its problems.

Each refusal below is one edit of a real play-phase position
(:data:`~tests.calabresella.test_position.DISPUTE`), and the test asserts the
whole list of problems: the section, the rule (``None`` for text that cannot
be read) and the message. A check dropped, a section read past its malformed
token, or one problem that drags in others about sections that are fine,
changes the list.
"""

from __future__ import annotations

from typing import Final

import pytest

from cardrules import get_game
from cardrules.games.calabresella import CalabresellaState
from tests.calabresella.test_position import DISPUTE, read_text, refused

PACK: Final = " ".join(str(card) for card in get_game("calabresella").pack())
OPTION_NAMES: Final = (
    "auction, direction, follow_suit, opening_lead, redeal_dealer, return_timing, reverse_cappotto, "
    "solissimo_raises, solo_monte, stakes, stramazzo_basis"
)
LONG: Final = "x" * 64
"""An option name of the longest length read as a name (64 characters)."""


def test_a_new_game_s_position_has_every_section_in_order_the_empty_ones_as_a_dash() -> None:
    state = get_game("calabresella").new_game(seed=1)
    assert isinstance(state, CalabresellaState)
    assert state.position() == (
        "calabresella ; options direction=counterclockwise auction=open stakes=1,2,3 follow_suit=required "
        "opening_lead=eldest return_timing=after-monte solo_monte=exposed solissimo_raises=on "
        "reverse_cappotto=on stramazzo_basis=rounded redeal_dealer=next ; deal 1 dealer p2 ; "
        "balances 0 0 0 ; seed 1 ; phase auction p0 ; "
        "hands 5C JC QC AC 3D 4H JH QH KH AH 7S QS / KC 2D 5D 6D JD KD 2H 3H 5H 7H 5S KS / "
        "2C 3C 4C 6C 7C 4D 7D QD 6H 3S 4S 6S ; monte 2S AS AD JS ; dealt-monte 2S AS AD JS ; "
        "calls - ; contract - ; called - ; returned - ; raise - ; laid - ; tricks - ; trick - ; score -"
    )
    assert read_text(state.position()) == state


_SYNTAX: Final = (
    ("balances 0 0 0", "balances 0 x 0", "balances", "a balance is a whole number, not 'x'"),
    ("balances 0 0 0", "balances 0 1.5 0", "balances", "a balance is a whole number, not '1.5'"),
    (
        " ; phase",
        f" ; decks {' / '.join([PACK] * 100 + [PACK.replace('3S', '2S')])} ; phase",
        "decks",
        "at most 100 later deck orders, not 101",
    ),
    (
        "phase play p2",
        "phase bidding p2",
        "phase",
        "the phase is one of auction, call, return, discard, raise, lay, play, over, not 'bidding'",
    ),
    ("phase play p2", "phase play", "phase", "write the phase and the seat to act, as in 'phase play p0'"),
    (
        "phase play p2",
        "phase play p2 p1",
        "phase",
        "write the phase and the seat to act, as in 'phase play p0'",
    ),
    ("phase play p2", "phase over p2", "phase", "nobody acts once the hand is over: write 'phase over'"),
    (
        "calls p1 pass p2 chiamo p0 pass",
        "calls p1 pass p2 chiamo p0",
        "calls",
        "write each call as a seat and its call, as in 'calls p1 pass p2 solo'",
    ),
    (
        "direction=counterclockwise",
        f"{LONG}=1",
        "options",
        f"calabresella has no option '{LONG[:40]}'... (64 characters); its options are {OPTION_NAMES}",
    ),
    (
        "direction=counterclockwise",
        f"{LONG}x=1",
        "options",
        f"option '{LONG[:40]}' is too long to be an option of Calabresella",
    ),
    (
        "direction=counterclockwise",
        f"direction={LONG}",
        "options",
        "calabresella option direction takes counterclockwise, clockwise; "
        f"not '{LONG[:40]}'... (64 characters)",
    ),
    (
        "direction=counterclockwise",
        f"direction={LONG}x",
        "options",
        "option 'direction' is too long to be an option of Calabresella",
    ),
)


@pytest.mark.parametrize(("old", "new", "section", "message"), _SYNTAX)
def test_a_section_that_cannot_be_read_is_the_one_problem(
    old: str, new: str, section: str, message: str
) -> None:
    """The unreadable section alone is reported: nothing read after its bad token, and no other
    section blamed for what the unreadable one hides (who bid, who played a card written)."""
    assert old in DISPUTE
    problems = refused(DISPUTE.replace(old, new, 1)).problems
    assert [(p.section, p.rule, p.message) for p in problems] == [(section, None, message)]


def test_a_missing_required_section_is_named() -> None:
    hands = DISPUTE[DISPUTE.index(" ; hands") : DISPUTE.index(" ; monte")]
    problems = refused(DISPUTE.replace(hands, "")).problems
    assert [(p.section, p.rule, p.message) for p in problems] == [("hands", None, "the section is missing")]


_RULES: Final = (
    (
        "p0 JS 3S 5S",
        "p0 JS 3S",
        [
            (
                "tricks 2",
                "calabresella.play.turn",
                "a completed trick is its leader and one card from each of the three seats, "
                "as in 'p1 3S 4S 5S'",
            )
        ],
    ),
    (
        "dealt-monte QD 5D 2D KH",
        "dealt-monte QD 5D 2D",
        [("dealt-monte", "calabresella.deal.monte", "the monte is dealt 4 different cards, not 2D 5D QD")],
    ),
    (
        "dealt-monte QD 5D 2D KH",
        "dealt-monte QD 5D 2D 2D",
        [("dealt-monte", "calabresella.deal.monte", "the monte is dealt 4 different cards, not 2D 2D 5D QD")],
    ),
    (
        "contract p2 chiamo",
        "contract p1 chiamo",
        [("contract", "calabresella.bidding.end", "the calls end with p2 chiamo")],
    ),
    (
        "contract p2 chiamo",
        "contract p2 solo",
        [("contract", "calabresella.bidding.end", "the calls end with p2 chiamo")],
    ),
    (
        "contract p2 chiamo",
        "contract -",
        [("contract", "calabresella.bidding.end", "the calls end with p2 chiamo")],
    ),
    (
        # the returned J♣ written in the bidder's hand, not in p1's, who was handed it
        "/ 7C JC 7D 6H 7H QH 6S AS / 4C 5C",
        "/ 7C 7D 6H 7H QH 6S AS / JC 4C 5C",
        [
            (
                "hands p1",
                "calabresella.exchange.return",
                "its history leaves p1 holding JC too, missing from the hand",
            ),
            (
                "hands p2",
                "calabresella.exchange.return",
                "the hand lists JC, which its history does not leave p2 holding",
            ),
        ],
    ),
)


@pytest.mark.rule("calabresella.play.turn")
@pytest.mark.rule("calabresella.deal.monte")
@pytest.mark.rule("calabresella.bidding.end")
@pytest.mark.rule("calabresella.exchange.return")
@pytest.mark.parametrize(("old", "new", "expected"), _RULES)
def test_a_position_that_cannot_arise_names_the_rule_it_breaks(
    old: str, new: str, expected: list[tuple[str, str, str]]
) -> None:
    assert old in DISPUTE
    problems = refused(DISPUTE.replace(old, new, 1)).problems
    assert [(p.section, p.rule, p.message) for p in problems] == expected


def test_the_contract_the_calls_end_with_may_be_written_or_left_out() -> None:
    state = read_text(DISPUTE)
    assert read_text(DISPUTE.replace(" ; contract p2 chiamo", "")) == state
    assert read_text(DISPUTE.replace("contract p2 chiamo", "contract P2 CHIAMO")) == state


@pytest.mark.rule("calabresella.deal.monte")
@pytest.mark.rule("calabresella.exchange.discard")
@pytest.mark.rule("calabresella.scoring.monte")
def test_a_monte_in_another_order_than_its_history_leaves_it_names_the_rule_that_placed_it() -> None:
    """Dealt (in the auction), laid away (in play) or settled (once over): each monte has its order."""
    fresh = get_game("calabresella").new_game(seed=1).position()
    settled = read_text(DISPUTE)
    while not settled.is_terminal:
        settled = settled.apply(settled.legal_actions()[0])
    for text, old, new, rule in (
        (fresh, "monte 2S AS AD JS ; dealt", "monte AS 2S AD JS ; dealt", "calabresella.deal.monte"),
        (DISPUTE, "monte 3C 3D AH 2S", "monte 3D 3C AH 2S", "calabresella.exchange.discard"),
        (settled.position(), "monte 3C 3D AH 2S", "monte 3D 3C AH 2S", "calabresella.scoring.monte"),
    ):
        assert old in text
        shown, listed = old.split(" ; ")[0][6:], new.split(" ; ")[0][6:]
        problems = refused(text.replace(old, new)).problems
        assert [(p.section, p.rule, p.message) for p in problems] == [
            ("monte", rule, f"its history leaves the monte {shown}, not {listed}")
        ]
