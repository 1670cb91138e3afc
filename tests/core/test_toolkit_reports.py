"""What the toolkit's comparison says when another engine is wrong: grouped, counted, without our frames.

The engine under test here is a small fake written for these tests (it knows
only the hand, the trick and the trump it is shown), with a bug planted in it,
as a user's engine would carry one; the reference is the real library.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from cardrules import get_game
from cardrules.cards import STANDARD_DECK
from cardrules.game import AnyState
from cardrules.games.felagsvist import FelagsvistObservation
from cardrules.testing import assert_same_legal_actions, compare_legal_actions


def fake_legal_cards(hand: list[str], led: str | None, unseen: list[str], *, forgetful: bool) -> list[str]:
    """A fake whist engine's legal cards: follow the suit led if you can, else anything in hand.

    With ``forgetful`` the planted bug is on: the engine loses track of the
    hand and offers every card it has not seen played (``unseen``) instead.
    """
    cards = unseen if forgetful else hand
    following = [card for card in cards if led is not None and card[1] == led]
    return following or list(cards)


def fake_actions(state: AnyState, *, forgetful: bool = True, drop_first: bool = False) -> list[str]:
    """The fake engine's legal set in the reference's position, as action texts."""
    seat = state.current_player
    seen = state.observation(seat)
    assert isinstance(seen, FelagsvistObservation)
    hand = [str(card) for card in seen.hand]
    played = {str(card) for _, card in seen.trick}
    unseen = [str(card) for card in STANDARD_DECK if str(card) not in played]
    led = str(seen.trick[0][1].suit) if seen.trick else None
    cards = fake_legal_cards(hand, led, unseen, forgetful=forgetful)
    if drop_first:  # a second planted bug: the first card of the hand is never offered
        cards = [card for card in cards if card != hand[0]]
    return [f"p{seat} play {card}" for card in cards]


def _first_lead() -> AnyState:
    return get_game("felagsvist", first_dealer="N").new_game(seed=1)


def test_the_fake_engine_without_its_bug_agrees() -> None:
    """The fake is a fair engine: with the bug off, the comparison finds nothing."""
    state = _first_lead()
    for _ in range(30):
        assert compare_legal_actions(state, fake_actions(state, forgetful=False)).agrees
        state = state.apply(state.legal_actions()[-1])


@pytest.mark.rule("common.cards.held")
def test_one_planted_bug_gives_one_group_counted_not_39_lines() -> None:
    state = _first_lead()
    diff = compare_legal_actions(state, fake_actions(state))
    assert len(diff.extra) == 39 and diff.missing == ()
    ((kind, rules, items),) = diff.groups()
    assert (kind, rules, len(items)) == ("extra", ("common.cards.held",), 39)
    lines = str(diff).splitlines()
    assert len(lines) == 2, lines
    first = str(diff.extra[0][0])
    assert lines[0].startswith(f"extra (illegal in the reference): {first} [common.cards.held]: ")
    assert lines[1].startswith("  ... and 38 more like this (extra, the same rules): ")
    assert lines[1].endswith(", ...") and str(diff.extra[1][0]) in lines[1]


@pytest.mark.rule("common.cards.held")
def test_each_kind_of_difference_is_its_own_group() -> None:
    state = _first_lead()
    theirs = [*fake_actions(state, drop_first=True), "p1 play ZZ"]
    diff = compare_legal_actions(state, theirs)
    kinds = [(kind, rules, len(items)) for kind, rules, items in diff.groups()]
    assert kinds == [
        ("missing", ("felagsvist.play.lead-any",), 1),
        ("extra", ("common.cards.held",), 39),
        ("unreadable", (), 1),
    ]
    text = str(diff)
    assert text.count("more like this") == 1
    assert "unreadable: 'p1 play ZZ'" in text


def test_a_small_group_is_shown_line_by_line() -> None:
    state = _first_lead()
    reference = [str(action) for action in state.legal_actions()]
    held = set(reference)
    others = [f"p1 play {card}" for card in STANDARD_DECK if f"p1 play {card}" not in held][:3]
    diff = compare_legal_actions(state, [*reference, *others])
    assert "more like this" not in str(diff)
    assert str(diff).splitlines() == [
        f"extra (illegal in the reference): {action} [common.cards.held]: {verdict.reason}"
        for action, verdict in diff.extra
    ]


def test_a_failing_test_shows_the_grouped_difference_and_no_frame_inside_cardrules(tmp_path: Path) -> None:
    test_file = tmp_path / "test_fake_engine.py"
    test_file.write_text(
        textwrap.dedent(
            f"""
            import sys
            sys.path.insert(0, {str(Path(__file__).parent)!r})
            from test_toolkit_reports import _first_lead, fake_actions
            from cardrules.testing import assert_same_legal_actions

            def test_fake_engine():
                state = _first_lead()
                assert_same_legal_actions(state, fake_actions(state))
            """
        ),
        encoding="utf-8",
    )
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--tb=long", str(test_file)],
        capture_output=True,
        text=True,
        check=False,
        cwd=tmp_path,
    )
    assert done.returncode == 1, done.stdout + done.stderr
    assert "the legal sets differ" in done.stdout and "38 more like this" in done.stdout
    frames = [line for line in done.stdout.splitlines() if line.endswith(": AssertionError")]
    assert frames and all("cardrules" not in line for line in frames), frames
    assert "assertions.py" not in done.stdout


def test_the_assertion_itself_still_raises_outside_pytest() -> None:
    state = _first_lead()
    with pytest.raises(AssertionError, match="38 more like this"):
        assert_same_legal_actions(state, fake_actions(state))
