"""The dix: the trump 7 exchanged for the turn-up, in the meld step, before its melds.

The winner of a trick may, in its meld step (:func:`~cardrules.games.fildinski.meld_conditions.in_step`,
fildinski.meld.who-and-when) and before the last draw (fildinski.endgame.no-melding),
give a trump 7 for the turn-up (``p0 dix 7H``, fildinski.dix.exchange), once a deal
and never when the turn-up is a 7 itself (fildinski.dix.once). Each condition is one
function that the legal set (:func:`dix_card`, asked by
:func:`~cardrules.games.fildinski.meld_step.legal_actions`), the verdict
(:func:`judge_dix`), the transition (:func:`exchange`), the position reader and
the solver all ask: :func:`dix_seven`, :func:`dix_zone`, :func:`dix_sevens`,
:func:`turned_seven` and :func:`dix_spent`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from cardrules.cards import Card
from cardrules.games.fildinski.actions import Dix
from cardrules.games.fildinski.cards import DRAWS, card_kind, card_of, kind_card
from cardrules.games.fildinski.meld_conditions import NO_MELDING, WHO_AND_WHEN, in_step
from cardrules.games.fildinski.options import DixExchange
from cardrules.games.fildinski.rules import RULES
from cardrules.games.fildinski.scoring import DIX_POINTS, Category, DixEvent, add_points
from cardrules.judging import CARDS_HELD, Findings, not_held, out_of_turn, rule_order, unknown_action
from cardrules.notation import format_seat
from cardrules.rules import RuleId
from cardrules.verdict import Verdict

if TYPE_CHECKING:
    from cardrules.games.fildinski.state import FildinskiState

__all__ = [
    "EXCHANGE",
    "ONCE",
    "dix_card",
    "dix_seven",
    "dix_sevens",
    "dix_spent",
    "dix_zone",
    "exchange",
    "judge_dix",
    "turned_seven",
]

EXCHANGE: Final = "fildinski.dix.exchange"
"""The dix's rule: the trump 7 for the turn-up."""
ONCE: Final = "fildinski.dix.once"
"""The rule of one dix a deal, none when the turn-up is a 7."""

_NO_SEVEN: Final = -1
_DIX: Final = (RuleId(EXCHANGE),)
_ORDER: Final = rule_order(RULES)
_FROM_HAND: Final = DixExchange.FROM_HAND  # read once: an enum member read off its class costs more


def dix_sevens(s: FildinskiState, seat: int) -> int:
    """fildinski.dix.exchange: the trump 7s ``seat`` may give for the turn-up (an id bitmask).

    Under ``from_hand`` those in its hand; under ``from_trick`` the one of the
    trick just won, still in its won pile.
    """
    return dix_zone(s, seat) & 3 << (2 * dix_seven(s.deal.trump))


def dix_seven(trump: int) -> int:
    """fildinski.dix.exchange: the card kind (0-31) the dix gives, the 7 of ``trump``."""
    return 8 * trump


def turned_seven(turnup: int) -> bool:
    """fildinski.dix.once: whether the turn-up (an id) is a 7, which leaves no dix to make."""
    return turnup >> 1 & 7 == 0  # strength_of(turnup): the 7s are strength 0


def dix_zone(s: FildinskiState, seat: int) -> int:
    """fildinski.dix.exchange: the cards the dix takes its seven from (an id bitmask).

    ``seat``'s hand under ``from_hand``; under ``from_trick`` the cards of the
    trick just won still in its won pile.
    """
    if s.deal.plan.options.dix_exchange is _FROM_HAND:
        return s.hands[seat]
    return s.fresh & s.won[seat]


def dix_spent(s: FildinskiState) -> bool:
    """fildinski.dix.once: whether the deal's one dix has been made, or the turn-up is a 7 already."""
    return s.dix_done or turned_seven(s.turnup)


def dix_card(s: FildinskiState, seat: int) -> int | None:
    """The trump 7 the winner may exchange in this meld step, or ``None``.

    Never after the last draw (fildinski.endgame.no-melding), nor once spent
    (:func:`dix_spent`); otherwise the lower of :func:`dix_sevens`. The legal
    set asks it in every meld step, so those two (and the one-line functions
    they ask) are written out here; a property test holds it to them.
    """
    if s.drawn >= DRAWS or s.dix_done or not s.turnup & 14:  # dix_spent: done, or turned_seven (strength 0)
        return None
    deal = s.deal
    from_hand = deal.plan.options.dix_exchange is _FROM_HAND
    zone = s.hands[seat] if from_hand else s.fresh & s.won[seat]  # dix_zone
    sevens = zone & 3 << (16 * deal.trump)  # dix_sevens: the ids of dix_seven(trump)
    if not sevens:
        return None
    return (sevens & -sevens).bit_length() - 1


def judge_dix(s: FildinskiState, action: Dix) -> tuple[Verdict, int]:
    """The verdict on a dix (the game not over), and the id of the seven it gives (-1 if illegal).

    Every rule it breaks is named: the turn, the card (fildinski.dix.exchange),
    the time (fildinski.endgame.no-melding, fildinski.meld.who-and-when), the
    deal's one dix (fildinski.dix.once), and, for the winner in its meld step,
    a trump 7 missing from the zone the dix takes it from
    (fildinski.dix.exchange, then common.cards.held). The first rule found
    comes first, the rest in the rule book's order.
    """
    seat, card = action.seat, action.card
    actor = format_seat(seat)
    kind = card_kind(card) if isinstance(card, Card) else None
    if kind is None:
        return unknown_action(f"{card} is not a card of the Fildinski deck (7 to ace only)"), _NO_SEVEN
    trump = s.deal.trump
    seven = kind_card(dix_seven(trump)).pretty()
    found = Findings()
    out_of_turn(found, seat, s.current_player)
    if kind != dix_seven(trump):
        found.add(EXCHANGE, f"the dix exchanges the trump 7 ({seven}), not {card.pretty()}")
    if s.in_endgame:
        found.add(NO_MELDING, "the stock is exhausted: no dix after the last draw")
    elif not in_step(s, seat):
        if not s.in_meld_step:
            reason = "the dix is made only in the meld step of the trick just won, before its melds"
        else:
            reason = f"only the winner of trick {s.tricks_done}, {format_seat(s.leader)}, may exchange"
        found.add(WHO_AND_WHEN, reason)
    if dix_spent(s) and (s.dix_done or not s.in_endgame):
        if s.dix_done:
            found.add(ONCE, "the dix has already been made in this deal")
        else:
            turnup = card_of(s.turnup).pretty()
            found.add(ONCE, f"the turn-up is already a 7 ({turnup}): no exchange is possible")
    from_hand = s.deal.plan.options.dix_exchange is _FROM_HAND
    if in_step(s, seat) and not s.in_endgame and not dix_zone(s, seat) >> (2 * kind) & 3:
        # The card missing from its zone: for the trump 7 the dix rule first; then common.cards.held.
        if kind == dix_seven(trump) and from_hand:
            found.add(EXCHANGE, f"the dix gives a trump 7 from hand, and {actor} holds no {seven}")
        elif kind == dix_seven(trump):
            found.add(
                EXCHANGE,
                f"with dix_exchange = from_trick only the trump 7 of the trick just won may be exchanged, "
                f"and trick {s.tricks_done} holds no {seven}",
            )
        if from_hand and kind != dix_seven(trump):
            not_held(found, seat, card.pretty())
        else:  # the reason is given already
            found.also(CARDS_HELD)
    if found:
        return found.verdict(_ORDER), _NO_SEVEN
    given = dix_card(s, seat)
    assert given is not None
    turnup = card_of(s.turnup).pretty()
    if from_hand:
        return Verdict(
            True, _DIX, f"{actor} exchanges {seven} from hand for the turn-up {turnup}, scoring {DIX_POINTS}"
        ), given
    return Verdict(
        True, _DIX, f"{actor} exchanges the won {seven} for the turn-up {turnup}, which joins the won pile"
    ), given


def exchange(s: FildinskiState, seat: int, seven: int) -> FildinskiState:
    """fildinski.dix.exchange: the state after ``seat`` gives the trump 7 ``seven`` for the turn-up.

    Under ``from_hand`` the turn-up goes to the hand and the dix scores 10;
    under ``from_trick`` it takes the seven's place in the won pile.
    """
    old = s.turnup
    event = DixEvent(seat, seven, old, s.tricks_done)
    swap = (1 << seven) | (1 << old)
    if s.deal.plan.options.dix_exchange is _FROM_HAND:
        hands = (s.hands[0] ^ swap, s.hands[1]) if seat == 0 else (s.hands[0], s.hands[1] ^ swap)
        points = add_points(s.points, Category.DIX, seat, DIX_POINTS)
        return s.make(
            s.deal, hands, s.won, s.retired, s.drawn, seven, s.trick, s.leader, s.tricks_done,
            s.in_meld_step, s.fresh, True, points, s.used, s.melds, event, s.history, s.current_player,
        )  # fmt: skip
    won = (s.won[0] ^ swap, s.won[1]) if seat == 0 else (s.won[0], s.won[1] ^ swap)
    return s.make(
        s.deal, s.hands, won, s.retired, s.drawn, seven, s.trick, s.leader, s.tricks_done,
        s.in_meld_step, s.fresh & ~(1 << seven), True, s.points, s.used, s.melds, event, s.history,
        s.current_player,
    )  # fmt: skip
