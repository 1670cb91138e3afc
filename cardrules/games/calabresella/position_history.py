"""A Calabresella position's history, played again by the engine from the deal it goes back to.

:func:`~cardrules.games.calabresella.position_check.build_state` deals the hand
again (:func:`deal_state`, the deck canonical) and hands the history here:
:func:`replay` plays each decision of the history sections in the order the
phases take them (calabresella.procedure.phases), each judged by the engine's
own ``attempt``, and reports the first one that is illegal, or history the hand
never reaches, naming the engine's rules.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING, Final, TypeVar

from cardrules.cards import card_at
from cardrules.game import Action

# state.py imports position, which imports this module, so the names of this one are read at call time.
from cardrules.games.calabresella import state as _state
from cardrules.games.calabresella.actions import (
    Bid,
    CallCard,
    ChooseRaise,
    Discard,
    Pass,
    PlayCard,
    ReturnCard,
)
from cardrules.games.calabresella.deal import DealPlan, Phase
from cardrules.games.calabresella.scoring import CONTRACTS
from cardrules.position import PositionReader

if TYPE_CHECKING:
    from cardrules.games.calabresella import position_check  # its Written, named by its module (two exist)
    from cardrules.games.calabresella.state import CalabresellaState

__all__ = ["END", "PHASES_RULE", "PLAYER_TO_ACT", "deal_state", "replay", "written_plays"]

T = TypeVar("T")

END: Final = "calabresella.bidding.end"
"""The rule that ends the auction (a call after it is history the hand never reaches)."""
PHASES_RULE: Final = "calabresella.procedure.phases"
"""The rule of the phases' order."""
PLAYER_TO_ACT: Final = "common.turn.player-to-act"
"""The rule of the seat to act."""


def deal_state(w: position_check.Written, owner: dict[int, int]) -> CalabresellaState:
    """The state right after the deal the position goes back to (its deck canonical)."""
    options, dealer, hand_number, dealt = w.options, w.dealer, w.hand_number, w.dealt
    assert options is not None and dealer is not None and hand_number is not None and dealt is not None
    nxt = DealPlan(options, 0).nxt
    deck = [0] * 40
    seat = nxt[dealer]
    for k in range(3):
        cards = sorted(c for c, s in owner.items() if s == seat)
        for r in range(3):
            deck[12 * r + 4 * k : 12 * r + 4 * k + 4] = cards[4 * r : 4 * r + 4]
        seat = nxt[seat]
    deck[36:40] = dealt
    assert w.seed is not None and w.later is not None and w.balances is not None
    plan = DealPlan(options, w.seed, (tuple(deck), *w.later), hand_number)
    return _state.CalabresellaState.deal(plan, dealer, hand_number, w.balances)


_QUEUE_OF: Final = MappingProxyType(
    {
        Phase.AUCTION: "calls",
        Phase.CALL: "called",
        Phase.RETURN: "returned",
        Phase.DISCARD: "laid",
        Phase.RAISE: "raise",
        Phase.LAY: "laid",
        Phase.PLAY: "plays",
    }
)
"""calabresella.procedure.phases: the history section each phase takes its next decision from."""

_QUEUE_ORDER: Final = ("calls", "called", "returned", "raise", "laid", "plays")

_Queue = list[tuple[str, str, Callable[[int], Action]]]
"""The actions of one history section: the section and label a problem names, and the action's builder."""


def replay(
    w: position_check.Written, state: CalabresellaState, reader: PositionReader
) -> CalabresellaState | None:
    """``state`` after the history, each action judged by the engine; ``None`` when one is illegal."""
    assert w.calls is not None and w.laid is not None and w.tricks is not None
    queues: dict[str, _Queue] = {name: [] for name in _QUEUE_ORDER}
    for number, (seat, level) in enumerate(w.calls, start=1):
        call: Action = Pass(seat) if level == 0 else Bid(seat, CONTRACTS[level - 1])
        queues["calls"].append(("calls", f"call {number}", _fixed(call)))
    if w.called is not None:
        queues["called"].append(("called", "the call", _by_actor(CallCard, card_at(w.called[0]))))
    if w.returned is not None:
        queues["returned"].append(("returned", "the return", _by_actor(ReturnCard, card_at(w.returned))))
    if w.raised is not None:
        queues["raise"].append(("raise", "the raise", _by_actor(ChooseRaise, w.raised)))
    for number, (seat, cards) in enumerate(w.laid, start=1):
        lay = Discard(seat, tuple(card_at(c) for c in cards))
        queues["laid"].append((f"laid {number}", f"lay-away {number}", _fixed(lay)))
    nxt = state.context.plan.nxt
    for index, (seat, card) in enumerate(written_plays(w.tricks, w.trick, nxt)):
        number = index // 3 + 1
        section = f"tricks {number}" if number <= len(w.tricks) else "trick"
        queues["plays"].append((section, f"trick {number}", _fixed(PlayCard(seat, card_at(card)))))
    while state.phase is not Phase.OVER:
        queue = queues[_QUEUE_OF[state.phase]]
        if not queue:
            break
        section, label, build = queue.pop(0)
        action = build(state.current_player)
        verdict, after = state.attempt(action)
        if after is None:
            _illegal(reader, section, f"{label}: {action} is illegal", verdict.rule_ids, verdict.reason)
            return None
        state = after
    for name in _QUEUE_ORDER:
        if queues[name]:
            _beyond(reader, state, name, *queues[name][0])
            return None
    return state


def _beyond(
    reader: PositionReader,
    state: CalabresellaState,
    queue: str,
    section: str,
    label: str,
    build: Callable[[int], Action],
) -> None:
    """History the hand never reaches: ``queue``'s next action, where the replay stopped."""
    where = "the hand is over" if state.is_terminal else f"p{state.current_player} is {state.phase.task}"
    if queue == "calls":
        reader.problem(section, f"{label} comes after the auction has ended; now {where}", END)
        return
    seat = state.current_player if state.current_player >= 0 else max(state.setup.bidder, 0)
    action = build(seat)
    verdict = state.check(action)
    rules = [rule for rule in verdict.rule_ids if rule != PLAYER_TO_ACT] if not verdict.legal else []
    reader.problem(
        section,
        f"{label} ({action}) never comes: the history stops where {where}",
        rules[0] if rules else PHASES_RULE,
    )


def _illegal(reader: PositionReader, section: str, head: str, rules: Sequence[str], reason: str) -> None:
    for i, rule in enumerate(rules):
        reader.problem(section, f"{head}: {reason}" if i == 0 else f"{head}: it breaks this rule too", rule)


def _fixed(action: Action) -> Callable[[int], Action]:
    """A builder of ``action`` whatever the seat to act (the history names its actor)."""
    return lambda _seat: action


def _by_actor(kind: Callable[[int, T], Action], value: T) -> Callable[[int], Action]:
    """A builder of ``kind(seat, value)`` for the seat to act (the call, the return and the raise are B's)."""
    return lambda seat: kind(seat, value)


def written_plays(
    tricks: Sequence[tuple[int, tuple[int, ...]]],
    trick: tuple[int, tuple[int, ...]] | None,
    nxt: tuple[int, int, int],
) -> list[tuple[int, int]]:
    """The ``(seat, card)`` plays of the written tricks, each trick's seats in turn from its leader."""
    out: list[tuple[int, int]] = []
    for leader, cards in (*tricks, *((trick,) if trick is not None else ())):
        seat = leader
        for card in cards:
            out.append((seat, card))
            seat = nxt[seat]
    return out
