"""Whether a Calabresella position can arise, and the state it describes.

:func:`build_state` checks the sections as :mod:`cardrules.games.calabresella.position`
read them (:class:`Written`; the grammar is documented there): conservation, the
deal, the leaders; it deals the hand again, replays the history with the engine's
own check (:mod:`~cardrules.games.calabresella.position_history`) and compares
every section the history also decides. Each problem names
its rule; the reader applies the checks of one section (:func:`check_balances`,
:func:`check_later_deck`) as it reads it, so that the problems keep the text's order.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final, TypeVar

from cardrules.cards import card_at, cards_in
from cardrules.games.calabresella import auction as _auction
from cardrules.games.calabresella import exchange as _exchange
from cardrules.games.calabresella import play as _play
from cardrules.games.calabresella.cards import DECK_INDICES, mask_of
from cardrules.games.calabresella.deal import DealPlan, Phase
from cardrules.games.calabresella.options import Auction, CalabresellaOptions, OpeningLead
from cardrules.games.calabresella.position_history import (
    END,
    PHASES_RULE,
    PLAYER_TO_ACT,
    deal_state,
    replay,
    written_plays,
)
from cardrules.games.calabresella.scoring import CONTRACTS, Contract, Raise
from cardrules.position import PositionReader

if TYPE_CHECKING:
    from cardrules.games.calabresella.state import CalabresellaState

__all__ = ["Written", "build_state", "check_balances", "check_later_deck"]

T = TypeVar("T")

_TEXT: Final = tuple(str(card_at(index)) for index in range(52))

# The rules a refused position names.
_COMPOSITION: Final = "calabresella.deck.composition"
_MONTE: Final = "calabresella.deal.monte"
_PACKETS: Final = "calabresella.deal.packets"
_HANDOVER: Final = "calabresella.exchange.handover"
_TAKE_MONTE: Final = "calabresella.exchange.take-monte"
_OPENING_LEAD: Final = "calabresella.play.opening-lead"
_NEXT_LEAD: Final = "calabresella.play.next-lead"
_TRICKS: Final = "calabresella.play.tricks"
_ROUNDING: Final = "calabresella.scoring.rounding"
_PAYMENT: Final = "calabresella.scoring.payment"
_SESSION: Final = "calabresella.procedure.session"
_PERMUTATION: Final = "common.deal.permutation"
_SCORING_MONTE: Final = "calabresella.scoring.monte"


def _listing(cards: Sequence[int] | set[int]) -> str:
    return " ".join(_TEXT[c] for c in sorted(cards)) or "nothing"


@dataclass(frozen=True, slots=True)
class Written:
    """The sections of a position as read, in plain values; ``None`` where a section could not be read.

    A section left out has its default (the history sections empty,
    ``balances`` ``(0, 0, 0)``, ``seed`` 0), or ``None`` where the history
    decides it (``phase``, ``contract``, ``score``). Cards are indices, seats
    0 to 2, and a called card's giver -1 when it lay in the monte.
    """

    options: CalabresellaOptions | None
    hand_number: int | None
    dealer: int | None
    balances: tuple[int, int, int] | None
    seed: int | None
    later: tuple[tuple[int, ...], ...] | None
    phase: tuple[Phase, int] | None
    hands: tuple[tuple[int, ...], ...] | None
    monte: tuple[int, ...] | None
    dealt: tuple[int, ...] | None
    calls: tuple[tuple[int, int], ...] | None
    contract: tuple[int, Contract] | None
    called: tuple[int, int] | None
    returned: int | None
    raised: Raise | None
    laid: tuple[tuple[int, tuple[int, ...]], ...] | None
    tricks: tuple[tuple[int, tuple[int, ...]], ...] | None
    trick: tuple[int, tuple[int, ...]] | None
    score: tuple[int, int, tuple[int, int, int]] | None
    given: frozenset[str]
    """The optional sections the text has (read well or not)."""
    bad: frozenset[str]
    """The sections that could not be read."""


def build_state(written: Written, reader: PositionReader) -> CalabresellaState | None:
    """The state ``written`` describes, its history replayed; ``None`` when ``reader`` has a problem.

    Every problem found is added to ``reader``; the replay runs only on a
    position with none so far.
    """
    fine = _check_conservation(written, reader)
    fine = _check_dealt_monte(written, reader) and fine
    status = _contract_status(written)
    fine = _check_contract(written, status, reader) and fine
    _check_leaders(written, status, reader)
    owner = _owners(written, status, reader) if fine else None
    if owner is not None:
        _check_packets(owner, reader)
    if not reader.ok or owner is None:
        return None
    after = replay(written, deal_state(written, owner), reader)
    if after is not None:
        _compare(written, after, reader)
    return after


# -- the checks of a section, as it is read -----------------------------------------


def check_balances(balances: tuple[int, int, int], reader: PositionReader) -> None:
    """calabresella.procedure.session: the balances sum to zero (applied as the section is read)."""
    a, b, c = balances
    if a + b + c != 0:
        reader.problem(
            "balances",
            f"the balances {a} {b} {c} sum to {a + b + c}: every payment is matched by the others, "
            "so they always sum to zero",
            _SESSION,
        )


def check_later_deck(section: str, number: int, deck: tuple[int, ...], reader: PositionReader) -> bool:
    """common.deal.permutation: a later deck is an order of the 40-card pack (applied as it is read)."""
    if sorted(deck) == sorted(DECK_INDICES):
        return True
    missing = set(DECK_INDICES) - set(deck)
    extra = sorted({c for c in deck if deck.count(c) > 1})
    reader.problem(
        section,
        f"later deck {number} is not an order of the 40-card pack ({len(deck)} cards; missing "
        f"{_listing(missing)}; twice {_listing(extra)})",
        _PERMUTATION,
    )
    return False


# -- the checks of the position as written ------------------------------------------


def _check_conservation(w: Written, reader: PositionReader) -> bool:
    """calabresella.deck.composition: every card of the pack in exactly one zone."""
    if w.bad.intersection(("hands", "monte", "tricks", "trick")) or w.hands is None or w.monte is None:
        return False
    tricks = w.tricks or ()
    where: dict[int, str] = {}
    fine = True
    zones: list[tuple[str, Sequence[int]]] = [(f"hands p{s}", hand) for s, hand in enumerate(w.hands)]
    zones.append(("monte", w.monte))
    zones.extend((f"tricks {n}", cards) for n, (_, cards) in enumerate(tricks, start=1))
    if w.trick is not None:
        zones.append(("trick", w.trick[1]))
    for section, cards in zones:
        for card in cards:
            first = where.get(card)
            if first is not None:
                fine = False
                place = "once more there" if first == section else f"also in {first}"
                reader.problem(
                    section, f"{_TEXT[card]} is {place}: every card lies in exactly one zone", _COMPOSITION
                )
            else:
                where[card] = section
    missing = [c for c in DECK_INDICES if c not in where]
    if missing:
        fine = False
        reader.problem(
            "position",
            f"{len(missing)} cards of the 40-card pack lie in no zone: {_listing(missing)}",
            _COMPOSITION,
        )
    return fine


def _check_dealt_monte(w: Written, reader: PositionReader) -> bool:
    """calabresella.deal.monte: the monte is dealt 4 distinct cards."""
    dealt = w.dealt
    if dealt is None:
        return False
    if len(dealt) != 4 or len(set(dealt)) != 4:
        reader.problem("dealt-monte", f"the monte is dealt 4 different cards, not {_listing(dealt)}", _MONTE)
        return False
    return True


def _contract_status(w: Written) -> tuple[int, Contract] | None:
    """The bidder and contract the written calls end with, if they end with a bid."""
    if w.calls is None or w.options is None or w.dealer is None:
        return None
    nxt = DealPlan(w.options, 0).nxt
    single = w.options.auction is Auction.SINGLE_ROUND
    over, _, bidder, level = _auction.auction_status(w.calls, nxt[w.dealer], nxt, single)
    if not over or bidder < 0:
        return None
    return bidder, CONTRACTS[level - 1]


def _check_leaders(w: Written, status: tuple[int, Contract] | None, reader: PositionReader) -> None:
    """calabresella.play.opening-lead and calabresella.play.next-lead: who leads each trick written."""
    options, dealer = w.options, w.dealer
    if status is None or options is None or dealer is None or w.tricks is None:
        return
    nxt = DealPlan(options, 0).nxt
    bidder, contract = status
    if contract is Contract.SOLISSIMO:
        leader, why, rule = bidder, f"the Solissimo bidder p{bidder} leads the first trick", _OPENING_LEAD
    elif options.opening_lead is OpeningLead.BIDDER:
        leader, why, rule = (
            bidder,
            f"under opening_lead=bidder p{bidder} leads the first trick",
            _OPENING_LEAD,
        )
    else:
        eldest = nxt[dealer]
        leader, why, rule = eldest, f"the eldest hand p{eldest} leads the first trick", _OPENING_LEAD
    for number, (written, cards) in enumerate(w.tricks, start=1):
        if written != leader:
            reader.problem(f"tricks {number}", f"trick {number} is led by p{written}, but {why}", rule)
        position = _play.trick_winner(cards[0], cards[1], cards[2])
        winner = written if position == 0 else nxt[written] if position == 1 else nxt[nxt[written]]
        leader, why, rule = winner, f"p{winner} won trick {number} and leads the next", _NEXT_LEAD
    if w.trick is not None:
        if len(w.tricks) == 12:
            reader.problem("trick", "all 12 tricks have been played: no trick is being played", _TRICKS)
        elif w.trick[0] != leader:
            reader.problem("trick", f"the trick being played is led by p{w.trick[0]}, but {why}", rule)


def _check_contract(w: Written, status: tuple[int, Contract] | None, reader: PositionReader) -> bool:
    """calabresella.bidding.end: an exchange or play needs an auction that ended with a bid."""
    if status is not None or w.calls is None or w.options is None or w.dealer is None:
        return True
    after = [
        name
        for name, present in (
            ("called", w.called is not None),
            ("returned", w.returned is not None),
            ("raise", w.raised is not None),
            ("laid", bool(w.laid)),
            ("tricks", bool(w.tricks)),
            ("trick", w.trick is not None and bool(w.trick[1])),
        )
        if present
    ]
    if after:
        reader.problem(
            "calls",
            f"the calls do not end the auction with a bid, yet the position has {', '.join(after)}",
            END,
        )
    return not after


def _owners(w: Written, status: tuple[int, Contract] | None, reader: PositionReader) -> dict[int, int] | None:
    """Who was dealt each card (-1: the monte), taking the zones and the history back to the deal.

    A dealt monte card belongs to the monte; the called card to its giver;
    the returned card to the bidder; a card laid away to the first seat that
    laid it; any other card to the seat that holds or played it. ``None`` when
    an unreadable section hides who that is: the zones, the rules (who played
    each card written in a trick), or the calls (who the bidder is, for a
    returned card); the unreadable section is the problem then, and no seat is
    blamed for a count it cannot be shown to have.
    """
    hands, monte, dealt = w.hands, w.monte, w.dealt
    if hands is None or monte is None or dealt is None or w.laid is None or w.tricks is None:
        return None
    if w.options is None or (w.returned is not None and status is None):
        return None
    owner: dict[int, int] = dict.fromkeys(dealt, -1)
    if w.called is not None and w.called[1] >= 0:
        owner.setdefault(w.called[0], w.called[1])
    if w.returned is not None and status is not None:
        owner.setdefault(w.returned, status[0])
    for seat, cards in w.laid:
        for card in cards:
            owner.setdefault(card, seat)
    for seat, hand in enumerate(hands):
        for card in hand:
            owner.setdefault(card, seat)
    if w.options is not None:
        for seat, card in written_plays(w.tricks, w.trick, DealPlan(w.options, 0).nxt):
            owner.setdefault(card, seat)
    for card in monte:
        if card not in owner:
            reader.problem(
                "monte",
                f"{_TEXT[card]} lies in the monte, but it was not dealt there and nobody laid it away",
                _MONTE,
            )
    return owner


def _check_packets(owner: dict[int, int], reader: PositionReader) -> None:
    """calabresella.deal.packets: each seat was dealt 12 cards."""
    for seat in range(3):
        count = sum(1 for s in owner.values() if s == seat)
        if count != 12:
            reader.problem(
                f"hands p{seat}",
                f"p{seat}'s cards, with those p{seat} played, laid away and passed in the exchange, "
                f"come to {count}, but each seat is dealt 12",
                _PACKETS,
            )


# -- what the history decides, against what the text says ---------------------------


def _compare(w: Written, state: CalabresellaState, reader: PositionReader) -> None:
    """Every section the history also decides must agree with it."""
    setup = state.setup
    if w.phase is not None:
        phase, seat = w.phase
        if phase is not state.phase:
            reader.problem(
                "phase",
                f"after its history the hand {_where(state)}, not in {phase.name.lower()}",
                PHASES_RULE,
            )
        elif seat != state.current_player:
            reader.problem(
                "phase",
                f"after its history p{state.current_player} is {state.phase.task}, not p{seat}",
                PLAYER_TO_ACT,
            )
    assert w.hands is not None and w.monte is not None
    for seat, hand in enumerate(w.hands):
        derived = state.hands[seat]
        written = mask_of(hand)
        if written != derived:
            lacking = set(_cards_in_mask(derived & ~written))
            extra = set(_cards_in_mask(written & ~derived))
            if not lacking:
                said = f"the hand lists {_listing(extra)}, which its history does not leave p{seat} holding"
            elif not extra:
                said = f"its history leaves p{seat} holding {_listing(lacking)} too, missing from the hand"
            else:
                said = f"its history leaves p{seat} holding {_listing(lacking)} and not {_listing(extra)}"
            reader.problem(f"hands p{seat}", said, _role(state, min(lacking | extra)))
    monte = state.final_monte if state.settlement is not None else state.monte
    if tuple(w.monte) != monte:
        if state.settlement is not None:
            rule = _SCORING_MONTE
        elif monte == state.dealt_monte:
            rule = _MONTE
        else:
            rule = _exchange.lay_away_rule(setup.raised)
        shown = " ".join(_TEXT[c] for c in monte) or "empty"
        listed = " ".join(_TEXT[c] for c in w.monte) or "empty"
        reader.problem("monte", f"its history leaves the monte {shown}, not {listed}", rule)
    if "contract" in w.given:
        derived_contract = None if setup.contract is None else (setup.bidder, setup.contract)
        if w.contract != derived_contract:
            said = "no contract" if setup.contract is None else f"p{setup.bidder} {setup.contract.value}"
            reader.problem("contract", f"the calls end with {said}", END)
    if w.called is not None and w.called[1] != setup.giver:
        if setup.giver < 0:
            reader.problem(
                "called",
                f"{_TEXT[setup.called]} lay in the monte, so nobody handed it over",
                _exchange.CALLED_IN_MONTE,
            )
        else:
            reader.problem(
                "called", f"p{setup.giver} held {_TEXT[setup.called]} and handed it over", _HANDOVER
            )
    if w.trick is not None and not w.trick[1]:
        if state.phase is not Phase.PLAY:
            reader.problem("trick", f"no trick is being played: the hand {_where(state)}", PHASES_RULE)
        elif w.trick[0] != state.tally.leader:
            rule = _NEXT_LEAD if state.tally.winners else _OPENING_LEAD
            reader.problem("trick", f"p{state.tally.leader} leads the trick being played", rule)
    _compare_score(w, state, reader)


def _compare_score(w: Written, state: CalabresellaState, reader: PositionReader) -> None:
    """calabresella.scoring.rounding and calabresella.scoring.payment: the score the history settles."""
    settlement = state.settlement
    if "score" not in w.given or "score" in w.bad:
        return
    if settlement is None:
        if w.score is not None:
            reader.problem("score", f"the hand has no settlement: it {_where(state)}", PHASES_RULE)
        return
    if w.score is None:
        reader.problem(
            "score",
            f"the hand is settled: the bidder has {settlement.thirds_bidder} thirds and the payments are "
            + " ".join(str(p) for p in settlement.payments),
            _PAYMENT,
        )
        return
    tb, to, paid = w.score
    if (tb, to) != (settlement.thirds_bidder, settlement.thirds_opponents):
        reader.problem(
            "score",
            f"the cards won and the last trick give the bidder {settlement.thirds_bidder} thirds and the "
            f"opponents {settlement.thirds_opponents}, not {tb} and {to}",
            _ROUNDING,
        )
    if paid != settlement.payments:
        reader.problem(
            "score",
            "the settlement pays "
            + " ".join(str(p) for p in settlement.payments)
            + ", not "
            + " ".join(str(p) for p in paid),
            _PAYMENT,
        )


def _role(state: CalabresellaState, card: int) -> str:
    """The rule that moves ``card`` in the exchange, for a hand that disagrees with its history."""
    setup = state.setup
    if card == setup.returned:
        return _exchange.RETURN
    if card == setup.called:
        return _HANDOVER
    if card in state.dealt_monte:
        if setup.contract is Contract.SOLISSIMO:
            return (
                _exchange.SOLISSIMO
                if setup.raised in (None, Raise.NONE)
                else _exchange.lay_away_rule(setup.raised)
            )
        return _TAKE_MONTE
    if any(card in cards for _, cards in setup.laid):
        return _exchange.lay_away_rule(setup.raised)
    return _COMPOSITION


def _cards_in_mask(mask: int) -> list[int]:
    """The card indices of a bitmask, in index order."""
    return [card.index for card in cards_in(mask)]


def _where(state: CalabresellaState) -> str:
    return "is over" if state.is_terminal else f"is in the {state.phase.name.lower()} phase"
