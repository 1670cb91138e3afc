"""``apply`` and ``check`` never disagree, in any game, whatever they are given.

On reachable states, for legal actions, for the illegal probes, for action
objects of every game's classes with fields of the wrong types (seats ``True``
or ``1.0``, a joker for a card, a number for a rank, parts missing), and for
other games' actions: ``check`` refuses exactly when ``apply`` raises
:class:`~cardrules.errors.IllegalActionError`, whose verdict is ``check``'s;
``attempt`` agrees with both; nothing but the library's error escapes, and the
state is unchanged. Then the fast paths: a revoke (a card of another suit while
the led suit is held, found from the cards' own suits) is refused by ``apply``,
and a finished game refuses everything under common.game.over.
"""

from __future__ import annotations

import copy
import dataclasses
import functools
import os
import random
from collections.abc import Iterator
from typing import Final

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cardrules
from cardrules.cards import JOKER, STANDARD_DECK, Card, cards_in
from cardrules.errors import IllegalActionError
from cardrules.game import TERMINAL, Action, AnyState
from cardrules.testing.probing import illegal_probes
from cardrules.testing.strategies import positions

GAMES: Final = ("felagsvist", "fildinski", "calabresella", "backstab_fish")

NIGHTLY_POSITIONS: Final = 2_500
"""Positions per game under ``HYPOTHESIS_PROFILE=nightly``: with about a hundred actions tried on
each, the four games see more than a million actions."""

_NIGHTLY: Final = os.environ.get("HYPOTHESIS_PROFILE", "").strip() == "nightly"

BAD_VALUES: Final[tuple[object, ...]] = (True, False, 1.0, 0.0, "1", None, -1, 10**30, (), JOKER, b"x", [1])
"""Field values of the wrong type (or, for a seat or a card, of no game's range)."""

_MISSING: Final = object()


def built_around(cls: type[object], fields: dict[str, object]) -> object:
    """A value of ``cls`` with ``fields`` set past its constructor (a field set to _MISSING is left out)."""
    value = object.__new__(cls)
    for name, part in fields.items():
        if part is not _MISSING:
            object.__setattr__(value, name, part)
    return value


def ill_typed(action: object, depth: int = 0) -> Iterator[object]:
    """Copies of ``action`` with one part of the wrong type: each field, and each item of a tuple field."""
    if not dataclasses.is_dataclass(action) or isinstance(action, (type, Card)):
        return
    fields = {item.name: getattr(action, item.name) for item in dataclasses.fields(action)}
    cls = type(action)
    for name, part in fields.items():
        for bad in (*BAD_VALUES, _MISSING):
            yield built_around(cls, {**fields, name: bad})
        if isinstance(part, tuple) and depth < 2:
            yield built_around(cls, {**fields, name: list(part)})
            for n, item in enumerate(part[:2]):
                for bad in (True, None, 5, JOKER):
                    yield built_around(cls, {**fields, name: (*part[:n], bad, *part[n + 1 :])})
                for inner in ill_typed(item, depth + 1):
                    yield built_around(cls, {**fields, name: (*part[:n], inner, *part[n + 1 :])})
        elif dataclasses.is_dataclass(part) and not isinstance(part, Card) and depth < 2:
            for inner in ill_typed(part, depth + 1):
                yield built_around(cls, {**fields, name: inner})


@functools.cache
def sample_actions(name: str) -> tuple[Action, ...]:
    """Actions of every kind a game has, from a few of its states (one of each text)."""
    out: dict[str, Action] = {}
    for seed in range(3):
        state = cardrules.get_game(name).new_game(seed=seed)
        rng = random.Random(seed)
        for _ in range(80):
            if state.is_terminal:
                break
            for action in state.legal_actions()[:4]:
                out.setdefault(type(action).__name__ + str(len(out) % 3), action)
            state = state.apply(rng.choice(state.legal_actions()))
    return tuple(out.values())


def agree(state: AnyState, action: object) -> bool:
    """``check``, ``attempt`` and ``apply`` agree on ``action`` and leave ``state`` as it was.

    Returns whether the action is legal.
    """
    before = copy.deepcopy(state)
    verdict = state.check(action)  # type: ignore[arg-type]
    judged, following = state.attempt(action)  # type: ignore[arg-type]
    assert judged == verdict
    try:
        after = state.apply(action)  # type: ignore[arg-type]
    except IllegalActionError as error:
        assert not verdict.legal, (action, verdict)
        assert error.verdict == verdict, (action, verdict, error.verdict)
        assert following is None
    else:
        assert verdict.legal, (action, verdict)
        assert after == following
    assert state == before
    return verdict.legal


def pool(name: str, state: AnyState, nearby: tuple[AnyState, ...]) -> list[object]:
    """Everything tried on ``state``: legal actions, probes, ill-typed and foreign actions."""
    legal = state.legal_actions()
    tried: list[object] = list(legal[:8])
    tried += [action for action, _ in illegal_probes(state, nearby)]
    one_of_each = {type(action): action for action in (*legal, *sample_actions(name))}
    for action in one_of_each.values():
        tried += list(ill_typed(action))
    for other in GAMES:
        if other != name:
            tried += list(sample_actions(other))
            tried += list(ill_typed(sample_actions(other)[0]))[:12]
    tried += [5, None, Action(state.current_player), "p0 castle long"]
    return tried


@pytest.mark.rule("common.action.known")
@pytest.mark.parametrize("name", GAMES)
@settings(max_examples=NIGHTLY_POSITIONS if _NIGHTLY else settings().max_examples)
@given(data=st.data())
def test_apply_refuses_exactly_what_check_refuses_with_the_same_verdict(
    name: str, data: st.DataObject
) -> None:
    played = data.draw(positions(name), label="position")
    state = played.state
    listed = {_spelled(action) for action in state.legal_actions()}
    for action in pool(name, state, played.states[-6:]):
        # each listed action is legal, and anything else judged legal is one of them, field for
        # field (an "ill-typed" variant can come out well-typed, such as a declaration of no melds;
        # a seat True equals 1 but is no seat)
        assert agree(state, action) == (_spelled(action) in listed), action


def _spelled(action: object) -> str | None:
    """The action's class and fields exactly (``None`` for an object its class cannot show)."""
    try:
        return f"{type(action).__module__}.{type(action).__qualname__}:{action!r}"
    except AttributeError:  # built around its constructor, a field missing
        return None


@pytest.mark.rule("common.action.known")
@pytest.mark.parametrize("name", GAMES)
def test_a_seat_that_is_a_bool_or_a_float_is_refused_by_check_and_apply(name: str) -> None:
    state = cardrules.get_game(name).new_game(seed=1)
    rng = random.Random(1)
    while state.current_player != 1:
        state = state.apply(rng.choice(state.legal_actions()))
    for action in state.legal_actions():
        fields = {item.name: getattr(action, item.name) for item in dataclasses.fields(action)}
        for seat in (True, 1.0):
            forged = built_around(type(action), {**fields, "seat": seat})
            verdict = state.check(forged)  # type: ignore[arg-type]
            assert verdict.rule_ids == ("common.action.known",), verdict
            assert not agree(state, forged)


@pytest.mark.rule("common.action.known")
def test_a_malformed_action_of_one_game_is_refused_by_another_without_writing_it() -> None:
    from cardrules.games.fildinski import PlayCard as FildinskiPlay

    broken = built_around(FildinskiPlay, {"seat": 0})  # no card: its text cannot be written
    for name in GAMES:
        state = cardrules.get_game(name).new_game(seed=2)
        verdict = state.check(broken)  # type: ignore[arg-type]
        assert verdict.rule_ids == ("common.action.known",)
        assert ("None is not a card" if name == "fildinski" else "PlayCard") in verdict.reason
        assert not agree(state, broken)


# -- the fast paths ------------------------------------------------------------------------------


def held_and_led(name: str, state: AnyState) -> tuple[tuple[Card, ...], Card | None]:
    """The cards the player to act holds and the card led to the trick (``None`` with no lead), as cards."""
    seat = state.current_player
    if name == "fildinski":
        from cardrules.games.fildinski.cards import card_of, cards_of

        trick = state.trick  # type: ignore[attr-defined]
        return cards_of(state.hands[seat]), (card_of(trick[0]) if trick else None)  # type: ignore[attr-defined]
    trick = state.trick  # type: ignore[attr-defined]
    return tuple(cards_in(state.hands[seat])), (STANDARD_DECK[trick[0]] if trick else None)  # type: ignore[attr-defined]


FOLLOW: Final = {
    "felagsvist": "felagsvist.play.must-follow",
    "calabresella": "calabresella.play.follow",
    "fildinski": "fildinski.endgame.must-follow",
}


def revokes(name: str, state: AnyState) -> list[Action]:
    """The plays by the player to act of a held card of another suit than the led one, the led suit held."""
    if state.is_terminal or state.phase_name not in ("play", "endgame", "nolo", "trumps", "grand"):
        return []
    if name == "felagsvist":
        from cardrules.games.felagsvist import PlayCard
    elif name == "calabresella":
        from cardrules.games.calabresella import PlayCard  # type: ignore[assignment]
    else:
        from cardrules.games.fildinski import PlayCard  # type: ignore[assignment]
    held, led = held_and_led(name, state)
    if led is None or all(card.suit != led.suit for card in held):
        return []
    return [PlayCard(state.current_player, card) for card in held if card.suit != led.suit]


@pytest.mark.parametrize("name", ["felagsvist", "calabresella", "fildinski"])
def test_apply_refuses_a_revoke_as_check_does(name: str) -> None:
    """A held card of another suit, the led suit held: ``apply`` refuses it, whichever path it takes."""
    rule = FOLLOW[name]
    tried = 0
    for seed in range(6):
        state = cardrules.get_game(name).new_game(seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal:
            for action in revokes(name, state):
                with pytest.raises(IllegalActionError) as info:
                    state.apply(action)
                assert rule in info.value.verdict.rule_ids, info.value.verdict
                assert info.value.verdict == state.check(action)
                tried += 1
            state = state.apply(rng.choice(state.legal_actions()))
    assert tried > 20


@pytest.mark.rule("backstab_fish.ask.rank")
def test_apply_refuses_an_ask_for_a_rank_the_asker_does_not_hold() -> None:
    from cardrules.games.backstab_fish import Ask, FishRank

    tried = 0
    for seed in range(4):
        state = cardrules.get_game("backstab_fish").new_game(seed=seed)
        rng = random.Random(seed)
        for _ in range(60):
            if state.is_terminal:
                break
            if state.phase_name != "over" and isinstance(state.legal_actions()[0], Ask):
                seat = state.current_player
                for rank in FishRank:
                    if not state.hand_counts(seat)[rank]:
                        ask = Ask(seat, (seat + 1) % state.players, rank, 1)
                        with pytest.raises(IllegalActionError) as info:
                            state.apply(ask)
                        assert info.value.verdict == state.check(ask)
                        tried += 1
            state = state.apply(rng.choice(state.legal_actions()))
    assert tried > 20


def finished(name: str, seed: int, **options: object) -> tuple[AnyState, AnyState]:
    """The last state before the end of a random game, and the finished state."""
    state = cardrules.get_game(name, **options).new_game(seed=seed)
    rng = random.Random(seed)
    last = state
    while not state.is_terminal:
        last, state = state, state.apply(rng.choice(state.legal_actions()))
    return last, state


@pytest.mark.rule("common.game.over")
@pytest.mark.parametrize(
    ("name", "options"),
    [("felagsvist", {}), ("fildinski", {}), ("calabresella", {}), ("backstab_fish", {"stall_limit": 2})],
)
def test_acting_in_a_finished_game_names_game_over_through_every_path(
    name: str, options: dict[str, object]
) -> None:
    last, end = finished(name, 4, **options)
    tried: list[object] = [*last.legal_actions(), *sample_actions(name), "nonsense", "p0 end turn", 5]
    for action in [*last.legal_actions(), *sample_actions(name)]:
        fields = {item.name: getattr(action, item.name) for item in dataclasses.fields(action)}
        tried.append(dataclasses.replace(action, seat=TERMINAL))  # the seat a fast path compares with
        tried.append(built_around(type(action), {**fields, "seat": True}))
    for value in tried:
        verdict = end.check(value)  # type: ignore[arg-type]
        assert verdict.rule_ids == ("common.game.over",), (value, verdict)
        assert not agree(end, value)


def test_a_stalled_backstab_fish_game_refuses_an_ask_by_the_terminal_marker() -> None:
    """A game ended by the stall limit leaves cards in hands: the ask fast path must still refuse."""
    from cardrules.games.backstab_fish import Ask

    for seed in range(10):
        _, end = finished("backstab_fish", seed, stall_limit=1)
        holder = next((seat for seat, size in enumerate(end.sizes) if size), None)  # type: ignore[attr-defined]
        if holder is None:
            continue
        rank = end.hand(holder)[0]  # type: ignore[attr-defined]
        for target in range(end.players):  # type: ignore[attr-defined]
            ask = Ask(TERMINAL, target, rank, 1)
            with pytest.raises(IllegalActionError) as info:
                end.apply(ask)
            assert info.value.verdict.rule_ids == ("common.game.over",)
        return
    raise AssertionError("no stalled game left a card in a hand")


@pytest.mark.rule("common.action.known")
def test_a_discard_built_around_its_constructor_with_a_list_of_cards_is_refused() -> None:
    # found by the nightly profile: a lay-away whose cards are a list (unhashable, no value)
    from cardrules.games.calabresella.actions import Discard

    def lay_away(seed: int) -> AnyState | None:
        state = cardrules.get_game("calabresella").new_game(seed=seed)
        while not state.is_terminal:
            legal = state.legal_actions()
            if any(isinstance(action, Discard) for action in legal):
                return state
            state = state.apply(legal[1] if len(legal) > 1 else legal[0])  # the lowest bid: a contract
        return None

    state = next(found for seed in range(50) if (found := lay_away(seed)) is not None)
    legal = next(action for action in state.legal_actions() if isinstance(action, Discard))
    broken = object.__new__(Discard)
    object.__setattr__(broken, "seat", legal.seat)
    object.__setattr__(broken, "cards", list(legal.cards))
    verdict = state.check(broken)
    assert not verdict.legal and verdict.rule_ids == ("common.action.known",)
    with pytest.raises(IllegalActionError):
        state.apply(broken)
