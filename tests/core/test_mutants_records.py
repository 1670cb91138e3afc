"""Record-reader tests written to fail on changed lines the other tests let through.

A record with several problems must have every one reported (a reader that
stopped at the first, ``break`` for ``continue``, or that dropped a report,
fails here), and text that is ambiguous where the reader reads it is kept as
written for the replay to read again, without stopping the reading of the
steps after it.
"""

from __future__ import annotations

import dataclasses
from typing import cast

import pytest

from cardrules import AmbiguousActionError, get_game
from cardrules.game import Action, AnyState
from cardrules.records import (
    Prepared,
    RecordedAction,
    RecordError,
    check,
    dumps,
    load,
    loads,
    prepare,
    record_of,
    steps,
)
from cardrules.records.draft import Problems, actions_of, draft_of
from cardrules.records.replay import Step
from cardrules.records.tree import from_tree
from tests.core.test_records import DISPUTED, _problems, _small, _with


def test_two_bad_options_are_both_reported() -> None:
    text = _with('scoring = "per-trick"', 'scoring = "double"')
    text = _with('nolo_ace = "high"', 'nolo_ace = "middle"', text)
    problems = _problems(text)
    assert {"options.scoring", "options.nolo_ace"} <= set(problems)


def test_an_option_given_twice_is_reported_and_the_next_still_checked() -> None:
    text = _with('scoring = "per-trick"', 'scoring = "per-trick", first-round = "spades", colour = "x"')
    problems = _problems(text)
    assert "options.first-round" in problems and "twice" in problems["options.first-round"]
    assert "options.colour" in problems


def test_every_bad_step_is_reported() -> None:
    text = _with('"p0 play 3D",  # step 1', '"x0 play 3D",  # step 1')
    text = _with('"p2 play 4D",  # step 3', '"p9 play 4D",  # step 3', text)
    text = _with('"p1 play 9S",  # step 7', '"p1 fly 9S",  # step 7', text)
    problems = _problems(text)
    assert {"actions[1]", "actions[3]", "actions[7]"} <= set(problems)
    assert "actor" in problems["actions[1]"] and "p0-p3" in problems["actions[3]"]


def test_every_bad_deal_is_reported() -> None:
    base = _small()
    start = base.index("deals = [")
    end = base.index("]", start)
    deck = base[start:end].split('"')[1]
    broken = deck.replace("QC", "XX", 1)
    doubled = deck.replace("9D", "QC", 1)
    text = base[:start] + f'deals = [ "{broken}", "{doubled}" ' + base[end:]
    problems = _problems(text)
    assert {"deals[0]", "deals[1]"} <= set(problems)


def test_a_deal_of_the_wrong_kind_and_a_bad_deal_after_it_are_both_reported() -> None:
    """A deal that is no deck order at all is reported, and the deals after it are still read."""
    base = _small()
    start = base.index("deals = [")
    end = base.index("]", start)
    deck = base[start:end].split('"')[1]
    text = base[:start] + f'deals = [ 3, "{deck.replace("QC", "XX", 1)}" ' + base[end:]
    problems = _problems(text)
    assert problems["deals[0]"] == "must be a string of cards, top card first, not a whole number"
    assert problems["deals[1]"].startswith("card ") and "'XX'" in problems["deals[1]"]


class _Ambiguous:
    """A reader for which one text is ambiguous; it reads every other text as the game does."""

    def __init__(self, state: AnyState, ambiguous: str) -> None:
        self.state, self.ambiguous = state, ambiguous

    def parse_action(self, text: str) -> Action:
        if text == self.ambiguous:
            raise AmbiguousActionError(f"{text!r} could mean two actions")
        return self.state.parse_action(text)


@pytest.mark.parametrize("step", [1, 4])
def test_ambiguous_text_is_kept_as_written_and_the_next_steps_read(step: int) -> None:
    record = load(DISPUTED / "out-of-turn.toml")
    draft = draft_of(record)
    assert draft.actions is not None
    entries = list(draft.actions)
    text = entries[step]
    assert text is not None
    tolerant = text[0].replace(" play ", " ").upper().replace("P", "p", 1)
    entries[step] = (tolerant, text[1])
    draft = dataclasses.replace(draft, actions=tuple(entries))
    state = get_game("felagsvist").new_game(seed=1)
    problems = Problems()
    read = actions_of(draft, 4, cast(AnyState, _Ambiguous(state, tolerant)), problems)
    assert not problems
    assert read is not None
    actions, parsed = read
    assert len(actions) == len(parsed) == len(record.actions)
    assert actions[step] == RecordedAction(tolerant, record.actions[step].comment)
    assert parsed[step] is None  # read again, in the state it is taken in, by the replay
    others = [entry for i, entry in enumerate(actions) if i != step]
    assert others == [entry for i, entry in enumerate(record.actions) if i != step]
    assert all(str(action) == entry.text for action, entry in zip(parsed, actions, strict=True) if action)


def test_a_record_from_a_position_of_an_unknown_game_reports_the_game() -> None:
    game = get_game("felagsvist")
    start = game.new_game(seed=2)
    action = start.legal_actions()[0]
    record = record_of(game, start.apply(action), [action], position=start.position())
    text = dumps(record)
    assert loads(text) == record
    problems = _problems(text.replace('game = "felagsvist"', 'game = "chess"', 1))
    assert "game" in problems and "chess" in problems["game"]


def _unread(prepared: Prepared, kept: str) -> tuple[Action | None, ...]:
    """The prepared actions with some left unread: none, the first three, or all but step 4."""
    if kept == "none":
        return ()
    if kept == "first three":
        return prepared.parsed[:3]
    return tuple(None if number == 4 else action for number, action in enumerate(prepared.parsed))


@pytest.mark.parametrize("kept", ["none", "first three", "all but step 4"])
def test_a_step_not_read_when_the_record_was_prepared_is_read_in_its_state(kept: str) -> None:
    prepared = prepare(load(DISPUTED / "out-of-turn.toml"))
    assert len(prepared.parsed) == prepared.record.steps == 9
    unread = Prepared(prepared.record, prepared.game, prepared.start, _unread(prepared, kept))
    for lenient in (False, True):
        walked = [
            (s.number, s.action, s.verdict, s.after, s.as_played) for s in steps(unread, lenient=lenient)
        ]
        assert walked == [
            (s.number, s.action, s.verdict, s.after, s.as_played) for s in steps(prepared, lenient=lenient)
        ]
        assert len(walked) == 9
    assert check(unread, "lenient") == check(prepared, "lenient")
    assert check(unread) == check(prepared)


def test_a_step_read_in_its_state_that_is_no_action_is_a_record_error_at_its_step() -> None:
    prepared = prepare(load(DISPUTED / "out-of-turn.toml"))
    actions = list(prepared.record.actions)
    actions[7] = RecordedAction("p1 fly 9S")
    record = dataclasses.replace(prepared.record, actions=tuple(actions))
    with pytest.raises(RecordError) as info:
        list(steps(Prepared(record, prepared.game, prepared.start)))
    assert info.value.problems == (
        (
            "actions[7]",
            "step 7: 'p1 fly 9S' is not a Félagsvist action: write [actor] play CARD, as in 'p2 play QS' "
            "[common.action.known]",
        ),
    )


def test_a_step_built_without_saying_how_it_was_handled_was_not_played_as_made() -> None:
    first = next(steps(load(DISPUTED / "out-of-turn.toml")))
    step = Step(first.number, first.entry, first.action, first.before, first.verdict, first.after)
    assert step.as_played is False
    assert step == first


def test_a_value_of_the_wrong_kind_is_named_by_its_kind() -> None:
    with pytest.raises(RecordError) as info:
        from_tree("felagsvist")
    assert info.value.problems == (
        (
            "document",
            "a record is a table of fields (format, game, options, seats, position, dealer, claimed_scores, "
            "deals, actions), not a string",
        ),
    )
    with pytest.raises(RecordError) as info:
        from_tree(
            {
                "format": 1,
                "game": "felagsvist",
                "options": ["x"],
                "dealer": "p0",
                "deals": "AS",
                "actions": {},
            }
        )
    assert info.value.problems == (
        ("options", "must be a table of option names and values, not an array"),
        ("deals", "must be an array of deck orders, not a string"),
        ("actions", "must be an array of actions, not a table"),
    )


def test_a_record_from_a_position_with_a_dealer_or_deals_is_refused_naming_them() -> None:
    game = get_game("felagsvist")
    start = game.new_game(seed=2)
    action = start.legal_actions()[0]
    text = dumps(record_of(game, start.apply(action), [action], position=start.position()))
    with_dealer = text.replace("game = ", 'dealer = "p1"\ngame = ', 1)
    assert _problems(with_dealer) == {
        "dealer": "a record that starts from a position has no dealer or deals: the position says them"
    }
    with_deals = text.replace("game = ", "deals = []\ngame = ", 1)
    assert _problems(with_deals) == {
        "deals": "a record that starts from a position has no dealer or deals: the position says them"
    }
