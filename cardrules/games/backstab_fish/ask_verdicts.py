"""What an ask's verdict names: its rule ids, looked up by the parts found, and its reason.

:func:`~cardrules.games.backstab_fish.turn.check_ask` finds, in this order,
the turn (common.turn.player-to-act, or backstab_fish.turn.sequence), then
each of the three ask rules, each with common.action.known beside it when its
argument is out of range. It marks each part found with a bit (``*_BROKEN``,
``*_REFUSED``, ``*_KNOWN``) and looks up the refusal's rule ids in
:data:`RULES_FOUND`, which :class:`~cardrules.judging.Findings` itself orders
at import (each rule once, the first found first, the others in the rule
book's order); the reason of a play out of turn is
:func:`~cardrules.judging.out_of_turn`'s, written once per pair of seats.
The sentences of an ask's verdict (:func:`allowed_reason`,
:func:`refusal_reason`) are written from the parts found only when the
verdict's reason is first read (:func:`~cardrules.verdict.verdict_later`).

>>> RULES_FOUND[TURN_BROKEN | RANK_REFUSED | TARGET_REFUSED]
('common.turn.player-to-act', 'backstab_fish.ask.target', 'backstab_fish.ask.rank')
>>> TURN_REASONS[2][1]
"it is p2's turn, not p1's"
"""

from __future__ import annotations

from typing import Final

from cardrules.games.backstab_fish.actions import MAX_SEATS, SEAT_TEXT
from cardrules.games.backstab_fish.cards import ALL_RANKS, PLURALS
from cardrules.games.backstab_fish.options import Deck
from cardrules.games.backstab_fish.rules import RULES
from cardrules.judging import ACTION_KNOWN, PLAYER_TO_ACT, Findings, out_of_turn, rule_order
from cardrules.rules import RuleId

__all__ = [
    "ALLOWED_RULES",
    "COUNT",
    "COUNT_KNOWN",
    "COUNT_REFUSED",
    "RANK",
    "RANK_KNOWN",
    "RANK_REFUSED",
    "RULES_FOUND",
    "SEQUENCE",
    "SEQUENCE_BROKEN",
    "TARGET",
    "TARGET_KNOWN",
    "TARGET_REFUSED",
    "TURN_BROKEN",
    "TURN_REASONS",
    "allowed_reason",
    "refusal_reason",
]

SEQUENCE: Final = "backstab_fish.turn.sequence"
"""The rule of a turn's order: one ask, then the lay-down decision."""
TARGET: Final = "backstab_fish.ask.target"
"""The rule of whom P may ask."""
RANK: Final = "backstab_fish.ask.rank"
"""The rule of the ranks P may ask for."""
COUNT: Final = "backstab_fish.ask.count"
"""The rule of the counts P may ask for."""
ALLOWED_RULES: Final = (RuleId(TARGET), RuleId(RANK), RuleId(COUNT))
"""The rule ids of a legal ask's verdict: the three ask rules that permit it."""

TURN_BROKEN: Final = 1
"""Part found: the asker is not the player to act (common.turn.player-to-act)."""
SEQUENCE_BROKEN: Final = 2
"""Part found: the player to act has asked already (backstab_fish.turn.sequence)."""
TARGET_REFUSED: Final = 4
"""Part found: backstab_fish.ask.target."""
TARGET_KNOWN: Final = 8
"""Part found: the target is no seat of the game (common.action.known)."""
RANK_REFUSED: Final = 16
"""Part found: backstab_fish.ask.rank."""
RANK_KNOWN: Final = 32
"""Part found: the rank is not in the deck (common.action.known)."""
COUNT_REFUSED: Final = 64
"""Part found: backstab_fish.ask.count."""
COUNT_KNOWN: Final = 128
"""Part found: the count is out of range (common.action.known)."""

_PARTS: Final = (
    (TURN_BROKEN, PLAYER_TO_ACT),
    (SEQUENCE_BROKEN, SEQUENCE),
    (TARGET_REFUSED, TARGET),
    (TARGET_KNOWN, ACTION_KNOWN),
    (RANK_REFUSED, RANK),
    (RANK_KNOWN, ACTION_KNOWN),
    (COUNT_REFUSED, COUNT),
    (COUNT_KNOWN, ACTION_KNOWN),
)
"""Each part in the order check_ask finds it, with its rule id."""

_ORDER: Final = rule_order(RULES)


def _rules_found(found: int) -> tuple[RuleId, ...]:
    findings = Findings()
    for bit, rule in _PARTS:
        if found & bit:
            findings.add(rule, "")
    return findings.verdict(_ORDER).rule_ids if findings else ()


RULES_FOUND: Final[tuple[tuple[RuleId, ...], ...]] = tuple(
    _rules_found(found) for found in range(1 << len(_PARTS))
)
"""Per set of parts found (the sum of their bits), the rule ids of the refusal, in the verdict's order."""


def _turn_reason(seat: int, to_act: int) -> str:
    findings = Findings()
    out_of_turn(findings, seat, to_act)
    return findings.reasons[0] if findings else ""


TURN_REASONS: Final[tuple[tuple[str, ...], ...]] = tuple(
    tuple(_turn_reason(seat, to_act) for seat in range(MAX_SEATS)) for to_act in range(MAX_SEATS)
)
"""``TURN_REASONS[to_act][seat]``: why ``seat`` may not act now (common.turn.player-to-act)."""


def allowed_reason(seat: int, rank: int, target: int, count: int) -> str:
    """The reason of a legal ask's verdict: ``seat`` may ask ``target`` for ``count`` cards of ``rank``."""
    actor = SEAT_TEXT[seat]
    return f"{actor} holds {PLURALS[ALL_RANKS[rank]]} and may ask {SEAT_TEXT[target]} for {count} of them"


def refusal_reason(
    found: int,
    seat: int,
    to_act: int,
    target: int,
    players: int,
    rank: int,
    count: int,
    copies: int,
    deck: Deck,
) -> str:
    """The reason of a refused ask, one clause per part ``found`` (the ``*_BROKEN``, ``*_REFUSED`` and
    ``*_KNOWN`` bits), in the order they are found; written only when the verdict's reason is read."""
    actor = SEAT_TEXT[seat]
    reasons: list[str] = []
    if found & TURN_BROKEN:
        reasons.append(TURN_REASONS[to_act][seat])
    elif found & SEQUENCE_BROKEN:
        reasons.append(
            f"{actor} has already asked this turn and gets no second ask; lay down sets or end the turn"
        )
    if found & TARGET_KNOWN:
        reasons.append(f"{target!r} is not a seat of this game: its seats are p0-p{players - 1}")
    elif found & TARGET_REFUSED:
        if target == seat:
            reasons.append(f"{actor} cannot ask themselves: ask another player")
        else:
            reasons.append(f"{SEAT_TEXT[target]} holds no cards and cannot be asked")
    if found & RANK_KNOWN:
        if 0 <= rank < len(ALL_RANKS):
            reasons.append(
                f"this deck ({deck.value}) has no {PLURALS[ALL_RANKS[rank]]}, so nobody can ask for them"
            )
        else:
            reasons.append(f"{rank!r} is not a rank")
        return "; ".join(reasons)
    plural = PLURALS[ALL_RANKS[rank]]
    if found & RANK_REFUSED:
        reasons.append(f"{actor} holds no {plural}, so cannot ask for them")
    if found & COUNT_REFUSED:
        reasons.append(
            f"a count of {count} is out of range: ask for 1 to {copies} {plural}, as the deck holds {copies}"
        )
    return "; ".join(reasons)
