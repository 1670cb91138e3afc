"""The words of the verdicts on the endgame follower's card (fildinski.endgame.legal-set).

:func:`~cardrules.games.fildinski.play.judge_play` finds the follower's legal set
(:func:`~cardrules.games.fildinski.play.legal_follow`) and the duty it answers
(:func:`~cardrules.games.fildinski.play.follow_duty`); here a card of that set
(:func:`allowed_follow`) and a held card outside it (:func:`refused_follow`) get
their rule ids and reasons.
"""

from __future__ import annotations

from typing import Final

from cardrules.games.fildinski.cards import SUIT_NAMES, SUIT_SINGULAR, ids_in, kind_card
from cardrules.notation import format_seat
from cardrules.rules import RuleId
from cardrules.verdict import Verdict, make_verdict

__all__ = [
    "FREE_DISCARD",
    "LEGAL_SET",
    "MUST_FOLLOW",
    "MUST_HEAD",
    "MUST_TRUMP",
    "PRETTY",
    "allowed_follow",
    "refused_follow",
]

PRETTY: Final[tuple[str, ...]] = tuple(kind_card(k).pretty() for k in range(32))
"""Each card kind as the verdicts write it."""
MUST_HEAD: Final = "fildinski.endgame.must-head"
"""The rule id of the follower's first duty: head the trick (the ids below name the others)."""
MUST_FOLLOW: Final = "fildinski.endgame.must-follow"
MUST_TRUMP: Final = "fildinski.endgame.must-trump"
FREE_DISCARD: Final = "fildinski.endgame.free-discard"
LEGAL_SET: Final = "fildinski.endgame.legal-set"


def allowed_follow(led: int, duty: str, actor: str, name: str) -> Verdict:
    """The verdict on the endgame follower's card ``name``, of a legal set that answers ``duty`` (the
    rule id :func:`~cardrules.games.fildinski.play.follow_duty` names) to the led id ``led``."""
    if duty == MUST_HEAD:
        reason = f"{actor} heads {PRETTY[led >> 1]} with {name}"
    elif duty == MUST_FOLLOW:
        reason = f"{actor} cannot beat {PRETTY[led >> 1]} and follows suit with {name}"
    elif duty == MUST_TRUMP:
        reason = f"{actor} has no {SUIT_NAMES[led >> 4]} and trumps with {name}"
    else:
        reason = f"{actor} has neither the suit led nor a trump and may discard {name}"
    return make_verdict(True, (RuleId(duty), RuleId(LEGAL_SET)), reason)


def refused_follow(led: int, duty: str, seat: int, kind: int, mask: int) -> Verdict:
    """The verdict on ``seat``'s held card of ``kind`` outside the endgame follower's legal set ``mask``,
    which answers ``duty`` (as :func:`allowed_follow` takes it) to the led id ``led``."""
    actor = format_seat(seat)
    card = PRETTY[kind]
    led_suit = SUIT_NAMES[led >> 4]
    should = _pretty_kinds(mask)
    one = _count_kinds(mask) == 1
    which = should if one else "one of them"
    if duty == MUST_HEAD:
        rules = (MUST_HEAD, MUST_FOLLOW, LEGAL_SET) if kind >> 3 != led >> 4 else (MUST_HEAD, LEGAL_SET)
        word = "a higher " + SUIT_SINGULAR[led >> 4] if one else f"higher {led_suit}"
        return Verdict.illegal(
            rules,
            f"{PRETTY[led >> 1]} was led and {actor} holds {should}, {word}, so must head the trick "
            f"with {which} instead of {card}",
        )
    if duty == MUST_FOLLOW:
        return Verdict.illegal(
            (MUST_FOLLOW, LEGAL_SET),
            f"{led_suit} were led and {actor} holds {should}, so must follow suit with {which} "
            f"instead of {card}",
        )
    return Verdict.illegal(
        (MUST_TRUMP, LEGAL_SET),
        f"{actor} has no {led_suit} but holds the trump{'' if one else 's'} {should}, "
        f"so must trump with {which} instead of {card}",
    )


def _pretty_kinds(mask: int) -> str:
    kinds = sorted({i >> 1 for i in ids_in(mask)})
    return " ".join(PRETTY[k] for k in kinds)


def _count_kinds(mask: int) -> int:
    return len({i >> 1 for i in ids_in(mask)})
