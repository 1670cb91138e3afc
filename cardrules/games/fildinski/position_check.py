"""Whether a Fildinski position read from its text can arise, and the state built from it.

:mod:`~cardrules.games.fildinski.position` reads each section's tokens into
plain values (:class:`Sections`); :func:`checked_state` checks what cannot
arise (the earlier deals and the totals, the leaders and the turn, the stock
and the hand sizes, the pack's conservation, the dix, the points, the piles,
the follows of the last eight tricks, the melds), each problem naming its
rule, then replays the history, which gives every card its copy and re-judges
each meld as it was made (:mod:`~cardrules.games.fildinski.position_copies`),
and builds the state. The grammar is in :mod:`~cardrules.games.fildinski.position`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import Final

from cardrules.cards import Suit
from cardrules.game import TERMINAL
from cardrules.games.fildinski import state as st
from cardrules.games.fildinski.cards import DEAL_TRICKS, DRAWS, STOCK_TRICKS, ids_in
from cardrules.games.fildinski.deal import DealContext, DealPlan
from cardrules.games.fildinski.dix import EXCHANGE, ONCE, dix_seven, turned_seven
from cardrules.games.fildinski.meld_conditions import NO_MELDING, WHO_AND_WHEN
from cardrules.games.fildinski.melds import MeldKind
from cardrules.games.fildinski.options import DixExchange, FildinskiOptions, MeldedCards
from cardrules.games.fildinski.play import follow_duty, legal_follow
from cardrules.games.fildinski.position_copies import ZONE_NAMES, Tok, card_places, labelled
from cardrules.games.fildinski.position_history import Dix, Meld, card_text, keyed, trick_winners
from cardrules.games.fildinski.position_points import check_past, check_points, check_turned_seven
from cardrules.games.fildinski.scoring import (
    Category,
    DealSummary,
    DixEvent,
    game_ends,
    seat_totals,
)
from cardrules.plays import PlayChain
from cardrules.position import PositionReader

__all__ = ["Sections", "checked_state"]

_COMPOSITION: Final = "fildinski.deck.composition"
_WON_CARDS: Final = "fildinski.play.won-cards"
_AFTER_SCORING: Final = "fildinski.meld.after-scoring"
_TURN_UP: Final = "fildinski.deal.turn-up"
_FIRST_LEAD: Final = "fildinski.deal.first-lead"
_TRICK_CYCLE: Final = "fildinski.play.trick-cycle"
_TO_ACT: Final = "common.turn.player-to-act"


@dataclass(frozen=True, slots=True)
class Sections:
    """What the sections of a position give, each read on its own (cards as written, ids not yet chosen)."""

    options: FildinskiOptions
    seed: int
    number: int
    dealer: int
    totals: tuple[int, int]
    past: list[DealSummary]
    later: list[tuple[int, ...]]
    trump: int
    to_act: int
    in_step: bool
    hands: tuple[list[Tok], list[Tok]]
    trick: tuple[int, Tok] | None
    stock: list[Tok]
    won: tuple[list[Tok], list[Tok]]
    retired: tuple[list[Tok], list[Tok]]
    tricks: list[tuple[int, Tok, Tok]]
    melds: list[tuple[int, int, MeldKind, list[Tok]]]
    dix: tuple[int, int, Tok, Tok] | None
    points: list[int]


def checked_state(reader: PositionReader, read: Sections) -> st.FildinskiState | None:
    """The state the sections describe, each problem of a position that cannot arise reported.

    ``None`` when the sections make no state (the problems say why).
    """
    check_past(reader, read)
    stock = read.stock
    drawn = DRAWS - len(stock)
    turnup = stock[-1] if stock else None
    kinds = [(a.kind, b.kind) for _, a, b in read.tricks]
    winners = trick_winners(kinds, 1 - read.dealer, read.trump)
    _check_leaders(reader, read, winners)
    _check_turn(reader, read, winners[-1][1] if winners else 1 - read.dealer)
    sizes_ok = _check_sizes(reader, read, winners)
    if turnup is not None and turnup.kind >> 3 != read.trump:
        reader.problem(
            "stock",
            f"the turn-up {card_text(turnup.kind)} is not of the trump suit {Suit(read.trump).letter}",
            _TURN_UP,
        )
    zones: list[list[Tok]] = [
        read.hands[0], read.hands[1], [read.trick[1]] if read.trick else [], [turnup] if turnup else [],
        read.won[0], read.won[1], read.retired[0], read.retired[1], stock[:-1],
    ]  # fmt: skip
    conserved = _conserved(reader, zones)
    dix = None
    if read.dix is not None:
        seat, trick_number, seven, taken = read.dix
        dix = Dix(seat, trick_number, seven.kind, taken.kind)
        _check_dix(reader, read, dix, winners, kinds, turnup)
    check_turned_seven(reader, read, turnup)
    check_points(reader, read, kinds, winners)
    piles_ok = _check_piles(reader, read, kinds, winners, dix)
    if sizes_ok:
        _check_endgame(reader, read, kinds, winners)
    _check_end(reader, read)
    if read.options.melded_cards is MeldedCards.STAY and (read.retired[0] or read.retired[1]):
        reader.problem(
            "retired", "with melded_cards = stay melded cards stay in the won pile", _AFTER_SCORING
        )
    history = _check_melds(reader, read)
    if history is None or not conserved or not piles_ok:
        return None
    return _build(reader, read, zones, history, dix, winners, kinds, drawn)


# -- the checks -------------------------------------------------------------------------------------


def _check_leaders(reader: PositionReader, read: Sections, winners: Sequence[tuple[int, int]]) -> None:
    """Each trick led by the winner of the one before, the first by the non-dealer (the first fault only)."""
    for number, ((written, _, _), (leader, _)) in enumerate(zip(read.tricks, winners, strict=True), start=1):
        if written != leader:
            why = "the non-dealer leads trick 1" if number == 1 else f"p{leader} won trick {number - 1}"
            reader.problem("tricks", f"trick {number} is led by p{written}, but {why}", _FIRST_LEAD)
            break


def _check_turn(reader: PositionReader, read: Sections, leader: int) -> None:
    """The seat to act, the meld step and the trick in progress, against the tricks played."""
    n = len(read.tricks)
    trick, to_act = read.trick, read.to_act
    step_follows = n >= 1 and (n <= STOCK_TRICKS or read.options.meld_in_endgame)
    if trick is not None and trick[0] != leader:
        why = "the non-dealer leads trick 1" if n == 0 else f"p{leader} won trick {n}"
        reader.problem("trick", f"the trick in progress is led by p{trick[0]}, but {why}", _FIRST_LEAD)
    if to_act == TERMINAL:
        if n != DEAL_TRICKS or trick is not None:
            reader.problem(
                "turn",
                f"the game ends only after trick {DEAL_TRICKS} of a deal, not after trick {n}",
                "fildinski.game.deal-end",
            )
    elif read.in_step:
        if trick is not None:
            reader.problem("trick", "no card is led during a meld step", _TRICK_CYCLE)
        if n == 0:
            reader.problem(
                "turn", "a meld step follows a won trick, and no trick has been played", WHO_AND_WHEN
            )
        elif not step_follows:
            reader.problem("turn", f"no meld step follows trick {n} (meld_in_endgame = false)", NO_MELDING)
        elif to_act != leader:
            reader.problem(
                "turn", f"the meld step of trick {n} is p{leader}'s, who won it, not p{to_act}'s", _TO_ACT
            )
    else:
        if n == DEAL_TRICKS:
            reader.problem(
                "turn", f"after trick {DEAL_TRICKS} the deal is over: nobody plays", "fildinski.game.deal-end"
            )
        expected = leader if trick is None else 1 - trick[0]
        if to_act != expected:
            what = "lead" if trick is None else "follow"
            reader.problem("turn", f"it is p{expected}'s turn to {what}, not p{to_act}'s", _TO_ACT)


def _check_sizes(reader: PositionReader, read: Sections, winners: Sequence[tuple[int, int]]) -> bool:
    """Whether the stock and the hands hold as many cards as fit the tricks played (each problem reported)."""
    n = len(read.tricks)
    stock = read.stock
    drawn = DRAWS - len(stock)
    expected_drawn = min(2 * (n - 1) if read.in_step and n >= 1 else 2 * n, DRAWS)
    if drawn != expected_drawn:
        reader.problem(
            "stock",
            f"after {n} tricks{' (in the meld step)' if read.in_step else ''} the stock holds "
            f"{DRAWS - expected_drawn} cards, not {len(stock)}",
            "fildinski.play.draw-order",
        )
        return False
    played = [0, 0]
    for leader, _ in winners:
        played[leader] += 1
        played[1 - leader] += 1
    if read.trick is not None:
        played[read.trick[0]] += 1
    ok = True
    for seat in (0, 1):
        size = 8 + drawn // 2 - played[seat]
        if len(read.hands[seat]) != size:
            ok = False
            rule = "fildinski.endgame.last-draw" if not stock else _TRICK_CYCLE
            reader.problem(
                "hands",
                f"p{seat} holds {len(read.hands[seat])} cards, but {size} fit this point of the deal",
                rule,
            )
    return ok


def _conserved(reader: PositionReader, zones: Sequence[Sequence[Tok]]) -> bool:
    """Whether every card of the pack lies in the zones exactly twice (fildinski.deck.composition)."""
    places = card_places([[t.kind for t in zone] for zone in zones])
    ok = True
    for kind in range(32):
        found = places.get(kind, [])
        if len(found) != 2:
            where = ", ".join(dict.fromkeys(ZONE_NAMES[z] for z, _ in found)) or "nowhere"
            times = "once" if len(found) == 1 else f"{len(found)} times"
            reader.problem(
                ZONE_NAMES[found[0][0]] if found else "position",
                f"{card_text(kind)} is {times} in the zones ({where}); the pack holds it twice",
                _COMPOSITION,
            )
            ok = False
    return ok


def _check_dix(
    reader: PositionReader,
    read: Sections,
    dix: Dix,
    winners: Sequence[tuple[int, int]],
    kinds: Sequence[tuple[int, int]],
    turnup: Tok | None,
) -> None:
    trump = read.trump
    n = len(kinds)
    seven = dix_seven(trump)
    if dix.seven != seven:
        reader.problem(
            "dix",
            f"the dix gives the trump 7, {card_text(seven)}, not {card_text(dix.seven)}",
            EXCHANGE,
        )
    if dix.taken >> 3 != trump or turned_seven(2 * dix.taken):
        reader.problem(
            "dix", f"the card taken, {card_text(dix.taken)}, was the turn-up: a trump, and no 7", ONCE
        )
    if dix.trick > n:
        reader.problem(
            "dix", f"the dix follows trick {dix.trick}, but {n} tricks have been played", WHO_AND_WHEN
        )
        return
    if dix.trick > STOCK_TRICKS:
        reader.problem("dix", "no dix after the last draw", NO_MELDING)
    if winners[dix.trick - 1][1] != dix.seat:
        reader.problem(
            "dix",
            f"p{dix.seat} made the dix, but p{winners[dix.trick - 1][1]} won trick {dix.trick}",
            WHO_AND_WHEN,
        )
    if read.options.dix_exchange is DixExchange.FROM_TRICK and seven not in kinds[dix.trick - 1]:
        reader.problem(
            "dix", f"trick {dix.trick} holds no trump 7 to exchange (dix_exchange = from_trick)", EXCHANGE
        )
    if turnup is not None and turnup.kind != seven:
        reader.problem(
            "stock",
            f"after the dix the turn-up is the trump 7, not {card_text(turnup.kind)}",
            EXCHANGE,
        )
    if read.points[2 * Category.TURNED_SEVEN] or read.points[2 * Category.TURNED_SEVEN + 1]:
        reader.problem("points", "a deal whose turn-up was a 7 has no dix", ONCE)


def _check_piles(
    reader: PositionReader,
    read: Sections,
    kinds: Sequence[tuple[int, int]],
    winners: Sequence[tuple[int, int]],
    dix: Dix | None,
) -> bool:
    """The won and retired cards, kind by kind, against what the tricks and the dix gave each seat."""
    counts = [[0] * 32, [0] * 32]
    for (led, follow), (_, winner) in zip(kinds, winners, strict=True):
        counts[winner][led] += 1
        counts[winner][follow] += 1
    if dix is not None and read.options.dix_exchange is DixExchange.FROM_TRICK and dix.trick <= len(kinds):
        counts[dix.seat][dix.seven] -= 1
        counts[dix.seat][dix.taken] += 1
    ok = True
    for seat in (0, 1):
        have = [0] * 32
        for tok in (*read.won[seat], *read.retired[seat]):
            have[tok.kind] += 1
        extra = [k for k in range(32) for _ in range(max(0, have[k] - counts[seat][k]))]
        short = [k for k in range(32) for _ in range(max(0, counts[seat][k] - have[k]))]
        if extra or short:
            parts = []
            if short:
                parts.append(f"lack {' '.join(card_text(k) for k in short)}, which the tricks gave p{seat}")
            if extra:
                parts.append(f"hold {' '.join(card_text(k) for k in extra)}, which no trick gave p{seat}")
            reader.problem("won", f"p{seat}'s won and retired cards {' and '.join(parts)}", _WON_CARDS)
            ok = False
    return ok


def _check_endgame(
    reader: PositionReader,
    read: Sections,
    kinds: Sequence[tuple[int, int]],
    winners: Sequence[tuple[int, int]],
) -> None:
    """Re-judge each card followed after the last draw, when the hands are known (info.endgame-known)."""
    n = len(kinds)
    if n <= STOCK_TRICKS:
        return
    held = [[t.kind for t in read.hands[0]], [t.kind for t in read.hands[1]]]
    if read.trick is not None:
        held[read.trick[0]].append(read.trick[1].kind)
    for number in range(n, STOCK_TRICKS, -1):
        led, follow = kinds[number - 1]
        leader = winners[number - 1][0]
        held[leader].append(led)
        held[1 - leader].append(follow)
        hand = 0
        for kind in held[1 - leader]:
            hand |= 1 << (2 * kind + (hand >> (2 * kind) & 1))
        legal = legal_follow(hand, 2 * led, read.trump)
        if not legal >> (2 * follow) & 3:
            duty = follow_duty(legal, 2 * led, read.trump)
            reader.problem(
                "tricks",
                f"trick {number}: p{1 - leader} followed {card_text(led)} with {card_text(follow)} "
                f"while holding {' '.join(dict.fromkeys(card_text(i >> 1) for i in ids_in(legal)))}",
                duty,
            )


def _check_end(reader: PositionReader, read: Sections) -> None:
    """A finished game: the totals after its last deal end it (fildinski.game.target)."""
    if read.to_act != TERMINAL:
        return
    a, b = seat_totals(tuple(read.points))
    after = (read.totals[0] + a, read.totals[1] + b)
    target = read.options.target_score
    if len(read.tricks) == DEAL_TRICKS and not game_ends(after, target):
        reader.problem(
            "turn",
            f"the totals {after[0]}-{after[1]} end no game to {target}: the next deal begins",
            "fildinski.game.target",
        )


def _check_melds(reader: PositionReader, read: Sections) -> list[Meld] | None:
    """The melds as kinds, each made in a meld step that has ended; ``None`` when listed out of order."""
    history = [
        Meld(seat, number, kind, tuple(t.kind for t in toks)) for seat, number, kind, toks in read.melds
    ]
    if any(later.trick < earlier.trick for earlier, later in pairwise(history)):
        reader.problem("melds", "the melds are listed in the order they were made")
        return None
    n = len(read.tricks)
    for made in history:
        if made.trick > n or (made.trick == n and read.in_step):
            reader.problem(
                "melds",
                f"the {made.kind.label} of trick {made.trick} is declared, but that step has not ended",
                WHO_AND_WHEN,
            )
    return history


# -- the state ----------------------------------------------------------------------------------------


def _build(
    reader: PositionReader,
    read: Sections,
    zones: list[list[Tok]],
    melds: list[Meld],
    dix: Dix | None,
    winners: list[tuple[int, int]],
    kinds: list[tuple[int, int]],
    drawn: int,
) -> st.FildinskiState | None:
    """The state, once the history has given the piles their ids and the marks the other copies theirs."""
    options, trump = read.options, read.trump
    refs = keyed(
        ((a, b) for _, a, b in read.tricks),
        (toks for _, _, _, toks in read.melds),
        None if read.dix is None else read.dix[3],
    )
    cards = labelled(reader, zones, refs, melds, dix, winners, kinds, options, trump)
    if cards is None:
        return None
    linked, hands, won, turnup = cards.linked, cards.hands, cards.won, cards.turnup
    dix_event = linked.dix
    if dix_event is not None and turnup is not None and options.dix_exchange is DixExchange.FROM_HAND:
        dix_event = DixEvent(dix_event.seat, turnup, dix_event.taken, dix_event.trick)
    n = len(kinds)
    leader = winners[-1][1] if winners else 1 - read.dealer
    in_step = read.in_step and read.to_act != TERMINAL
    fresh = linked.fresh & won[leader] if in_step else 0
    original = dix_event.taken if dix_event is not None else turnup
    if original is None:
        sevens = read.points[2 * Category.TURNED_SEVEN + read.dealer]
        original = 16 * trump if sevens else 16 * trump + 2
    if turnup is None:
        turnup = dix_event.seven if dix_event is not None else original
    deck = _rebuild_deck(hands, read.dealer, cards.stock, original)
    plan = DealPlan(options, read.seed, (deck, *read.later), read.number)
    context = DealContext(plan, read.number, read.dealer, deck, trump, tuple(read.past), read.totals)
    history: PlayChain = None
    for (led, followed), (lead_seat, _) in zip(linked.plays, winners, strict=True):
        history = ((history, lead_seat, led), 1 - lead_seat, followed)
    if read.trick is not None:
        history = (history, read.trick[0], cards.trick[0])
    return st.make_state(
        context, hands, won, cards.retired, drawn, turnup, cards.trick, leader, n, in_step, fresh,
        dix_event is not None, tuple(read.points), tuple(linked.used), tuple(linked.melds), dix_event,
        history, read.to_act,
    )  # fmt: skip


def _rebuild_deck(
    hands: tuple[int, int], dealer: int, face_down: Sequence[int], original: int
) -> tuple[int, ...]:
    """A deck order for the current deal: the cards out of the stock, the deal's turn-up 17th, the stock.

    The cards no longer in the stock come first: the non-dealer's hand, the
    dealer's hand, then the rest, each in id order, with the original turn-up
    moved to the 17th place. At the start of a deal this is the deal itself
    (fildinski.deal.hands), each hand sorted.
    """
    stock = set(face_down)
    rest = [i for i in range(64) if i not in stock and not (hands[0] | hands[1]) >> i & 1 and i != original]
    out = [i for i in ids_in(hands[1 - dealer]) if i != original]
    out += [i for i in ids_in(hands[dealer]) if i != original]
    out += rest
    out.insert(16, original)
    return (*out, *face_down)
