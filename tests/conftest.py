"""Shared test set-up: Hypothesis profiles, the rules directory and small deal builders.

Hypothesis profiles (pick one with the ``HYPOTHESIS_PROFILE`` environment variable):

- ``dev``: the default on a workstation, a moderate number of examples;
- ``ci``: chosen automatically when ``CI`` is set; few examples, derandomized, so
  the whole suite stays well under two minutes on two cores;
- ``nightly``: many examples and long stateful runs, for scheduled deep runs.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from pathlib import Path
from types import MappingProxyType
from typing import Final

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from cardrules.cards import STANDARD_DECK, Card, Suit, parse_cards
from cardrules.games.felagsvist import FirstDealer, NoloAce, RoundKind, Scoring, Session, Tiebreak

REPO_ROOT = Path(__file__).resolve().parents[1]
"""The repository root (the directory holding ``pyproject.toml``)."""

RULES_DIR = REPO_ROOT / ".." / "shared" / "rules"
"""Where the normative rules live: ``../shared/rules`` next to the repository."""

settings.register_profile(
    "dev",
    max_examples=40,
    stateful_step_count=30,
    deadline=None,
)
settings.register_profile(
    "ci",
    max_examples=15,
    stateful_step_count=25,
    deadline=None,
    derandomize=True,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "nightly",
    max_examples=2000,
    stateful_step_count=120,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)


def _profile_name() -> str:
    chosen = os.environ.get("HYPOTHESIS_PROFILE", "").strip()
    if chosen:
        return chosen
    return "ci" if os.environ.get("CI") else "dev"


settings.load_profile(_profile_name())


def rules_dir_or_skip() -> Path:
    """The ``../shared/rules`` directory, or skip the calling test when it is absent."""
    path = RULES_DIR.resolve()
    if not path.is_dir():
        pytest.skip(f"the normative rules directory {path} is absent (expected at ../shared/rules)")
    return path


@pytest.fixture
def rules_dir() -> Path:
    """The normative rules directory ``../shared/rules``; skips the test when it is absent."""
    return rules_dir_or_skip()


def deck_from_hands(hands: Sequence[str], dealer: int) -> list[Card]:
    """A deck order (top first) that deals ``hands[seat]`` to each seat.

    ``hands`` holds four strings of 13 cards each, in seat order (N, E, S, W).
    felagsvist.deal.distribution gives the k-th card of the deck to seat
    ``dealer + 1 + k`` (mod 4), so a seat's j-th card sits at ``4 * j + offset``.
    """
    parsed = [parse_cards(text) for text in hands]
    if len(parsed) != 4 or any(len(hand) != 13 for hand in parsed):
        raise ValueError("deck_from_hands needs four hands of 13 cards")
    deck: list[Card | None] = [None] * 52
    for seat, hand in enumerate(parsed):
        offset = (seat - dealer - 1) % 4
        for j, card in enumerate(hand):
            deck[4 * j + offset] = card
    return [card for card in deck if card is not None]


def complete_hands(partial: Sequence[str]) -> tuple[str, str, str, str]:
    """Four full hands from four partial ones: the cards not named go round in pack order.

    Each seat keeps the cards given for it; the remaining cards, in index order
    (clubs 2 first), fill the hands of seats holding fewer than 13, seat order.
    """
    hands = [list(parse_cards(text)) for text in partial]
    if len(hands) != 4:
        raise ValueError("complete_hands needs four (possibly empty) hands")
    named = [card for hand in hands for card in hand]
    if len(set(named)) != len(named) or any(len(hand) > 13 for hand in hands):
        raise ValueError("complete_hands: a card is named twice or a hand is too long")
    rest = iter(card for card in STANDARD_DECK if card not in set(named))
    for hand in hands:
        while len(hand) < 13:
            hand.append(next(rest))
    texts = [" ".join(str(card) for card in hand) for hand in hands]
    return texts[0], texts[1], texts[2], texts[3]


# -- an oracle for Félagsvist tricks and scores, written from the specification's words ----

_TRUMPS: Final[Mapping[RoundKind, Suit]] = MappingProxyType(
    {
        RoundKind.HEARTS: Suit.HEARTS,
        RoundKind.SPADES: Suit.SPADES,
        RoundKind.DIAMONDS: Suit.DIAMONDS,
        RoundKind.CLUBS: Suit.CLUBS,
    }
)


def oracle_winner(cards: list[Card], leader: int, kind: RoundKind, nolo_ace: NoloAce) -> int:
    """The seat that wins a complete trick, read straight from the specification."""
    order = "23456789TJQKA"
    if kind is RoundKind.NOLO and nolo_ace is NoloAce.LOW:
        order = "A23456789TJQK"
    trump = _TRUMPS.get(kind)
    trumps = [i for i, card in enumerate(cards) if card.suit == trump]
    candidates = trumps or [i for i, card in enumerate(cards) if card.suit == cards[0].suit]
    best = max(candidates, key=lambda i: order.index(cards[i].rank.letter))
    return (leader + best) % 4


def oracle_score(kind: RoundKind, tricks: tuple[int, int], scoring: Scoring) -> tuple[int, int]:
    """A deal's (NS, EW) score, read straight from the specification."""
    ns, ew = (tricks[1], tricks[0]) if kind is RoundKind.NOLO else tricks
    if scoring is Scoring.ODD_TRICKS:
        return max(0, ns - 6), max(0, ew - 6)
    return ns, ew


FELAGSVIST_OPTIONS: Final[st.SearchStrategy[dict[str, str]]] = st.fixed_dictionaries(
    {
        "first_round": st.sampled_from([kind.value for kind in RoundKind]),
        "first_dealer": st.sampled_from([dealer.value for dealer in FirstDealer]),
        "nolo_ace": st.sampled_from([ace.value for ace in NoloAce]),
        "scoring": st.sampled_from([scoring.value for scoring in Scoring]),
        "tiebreak": st.sampled_from([tiebreak.value for tiebreak in Tiebreak]),
        "session": st.sampled_from([s.value for s in Session if s is not Session.PROGRESSIVE]),
    }
)
"""Every Félagsvist option with a value drawn from all it takes (but the refused ``progressive``)."""
