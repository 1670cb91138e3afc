"""The Fildinski position: one line holding everything that decides the rest of the game.

``state.position()`` writes it (:func:`write_position`) and
``game.from_position(text)`` reads it (:func:`read_position`); the shared
grammar is :mod:`cardrules.position`. The writer puts the sections in the
order below; the reader takes them in any order.

=======  ============================  =======================================  ===========================
section  tokens                        meaning                                  rule it reflects
=======  ============================  =======================================  ===========================
options  name=value ...                every option (a missing one: the game's)  the rules' options
seed     N                             the seed later deals are shuffled from   fildinski.deal.hands
deal     N dealer pX                   the deal (1-based) and its dealer        game.dealer-alternation
totals   A B                           p0's and p1's totals before this deal    game.score-sheet
past     S p0 cat=N .. p1 cat=N .. /   each earlier deal: trump, points         game.score-sheet
decks    64 cards / ...                later deals' given deck orders, if any   deck.composition
trump    S                             the trump suit                           deal.turn-up
turn     pX play, pX meld or over      who acts, in a trick or a meld step      play.trick-cycle
hands    p0 cards / p1 cards           both hands                               deal.hands
trick    pX card, or -                 the lead of the trick in progress        deal.first-lead
stock    cards                         the stock, top first, turn-up last       deal.turn-up
won      p0 cards / p1 cards           the won piles                            play.won-cards
retired  p0 cards / p1 cards           melded cards out of play (``removed``)   meld.after-scoring
tricks   pX card card / ...            the deal's tricks, leader's card first   play.trick-winner
melds    pX N kind cards / ...         melder, trick, kind and cards of each    meld.same-kind-once
dix      pX N seven card, or -         who, after which trick, given, taken     dix.once
points   p0 cat=N .. / p1 cat=N ..     this deal's points by category           game.deal-end
=======  ============================  =======================================  ===========================

The rules are named without their ``fildinski.`` prefix. The categories are
``turned-seven``, ``brisques``, ``trump-sevens``, ``last-trick``, ``melds``
and ``dix``; a category left out scored 0. ``decks`` is written only when the
game was given deck orders beyond the current deal. Cards are written as
actions write them (``QS``, ``TH``); ``-`` is an empty list.

What is written twice is checked: the won piles, the retired cards, the
points and the player to act all follow from the history (the tricks, the
melds and the dix), and the reader refuses a position whose sections
disagree, naming the rule. It also re-judges what the history lets it judge:
the leader of every trick, every meld (from the won pile at that time, with a
fresh card, same kind once, class order, two a step), the dix, and every card
followed in the last eight tricks, whose hands are known
(fildinski.info.endgame-known). Earlier deals keep only their trump and
points: their melds decide nothing later.

Copies. The pack holds every card twice and positions write cards by kind;
the reader counts kinds, each exactly twice over the hands, the trick, the
stock, the won piles and the retired cards (fildinski.deck.composition).
Which copy is which shows only where a meld action must name it
(fildinski.meld.copy-choice), so a position names a copy (``QS#2``, ``QS#1``)
only where the reader could not tell it otherwise, and only for cards some
meld can use whose two copies may yet meet in one won pile. By default a card
reaching a won pile is the lowest copy not yet in one, a melded card the copy
the rules let the melder use (one of the trick just won first), and the
copies still unplayed go in the order hands, trick, turn-up, stock (so copy 1
is, as in a deck order, the copy nearer the top).

>>> import cardrules
>>> game = cardrules.get_game("fildinski")
>>> state = game.new_game(seed=4)
>>> state = state.apply("p0 play 9H").apply("p1 play 9H").apply("p0 meld none")
>>> text = state.position()
>>> game.from_position(text).position() == text
True
>>> for section in text.split(" ; ")[3:]:
...     print(section if not section.startswith("stock") else " ".join(section.split()[:9]) + " ...")
deal 1 dealer p1
totals 0 0
past -
trump D
turn p0 play
hands p0 9C JC KC 7D KD JH AH QS / p1 8C QC AC 9D QD 8H TH 7S
trick -
stock JH AS KH 8D 9S AD TS KD ...
won p0 9H 9H / p1 -
retired p0 - / p1 -
tricks p0 9H 9H
melds -
dix -
points p0 - / p1 -
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import pairwise, product
from typing import TYPE_CHECKING, Final, TypeAlias

from cardrules.cards import Suit, parse_card
from cardrules.errors import InvalidNotationError, InvalidOptionError
from cardrules.game import TERMINAL
from cardrules.games.fildinski import state as st
from cardrules.games.fildinski.cards import (
    DEAL_TRICKS,
    DRAWS,
    STOCK_TRICKS,
    card_kind,
    ids_in,
    kind_card,
    label_deck,
)
from cardrules.games.fildinski.deal import STOCK_TOP, DealContext, DealPlan
from cardrules.games.fildinski.melds import MeldKind, meld_fits, parse_meld_kind, reach_table
from cardrules.games.fildinski.options import BeziquePair, DixExchange, FildinskiOptions, MeldedCards
from cardrules.games.fildinski.scoring import (
    NO_POINTS,
    Category,
    DealSummary,
    DixEvent,
    MeldEvent,
    game_ends,
    opening_points,
    score_trick,
    seat_totals,
)
from cardrules.games.fildinski.tricks import follow_duty, follower_wins, legal_follow
from cardrules.options import options_as_dict
from cardrules.plays import PlayChain
from cardrules.position import (
    EMPTY,
    InvalidPositionError,
    PositionProblem,
    PositionReader,
    PositionWriter,
    groups,
)

if TYPE_CHECKING:
    from cardrules.games.fildinski.game import FildinskiGame

__all__ = ["CATEGORY_NAMES", "read_position", "write_position"]

CATEGORY_NAMES: Final[tuple[str, ...]] = tuple(c.name.lower().replace("_", "-") for c in Category)
"""The point categories as positions name them, in :class:`~.scoring.Category` order."""

_CATEGORY: Final[Mapping[str, Category]] = dict(zip(CATEGORY_NAMES, Category, strict=True))
_CATEGORY_RULE: Final[tuple[str, ...]] = (
    "fildinski.deal.turned-seven",
    "fildinski.score.brisques",
    "fildinski.score.trump-seven",
    "fildinski.score.last-trick",
    "fildinski.meld.kinds",
    "fildinski.dix.exchange",
)
_SUITS: Final[Mapping[str, Suit]] = {
    **{s.letter: s for s in Suit},
    **{s.symbol: s for s in Suit},
}

_COMPOSITION: Final = "fildinski.deck.composition"
_IDENTITY: Final = "fildinski.deck.card-identity"
_WON_CARDS: Final = "fildinski.play.won-cards"
_AFTER_SCORING: Final = "fildinski.meld.after-scoring"
_WHO_AND_WHEN: Final = "fildinski.meld.who-and-when"
_NO_MELDING: Final = "fildinski.endgame.no-melding"
_EXCHANGE: Final = "fildinski.dix.exchange"
_ONCE: Final = "fildinski.dix.once"
_TURN_UP: Final = "fildinski.deal.turn-up"
_FIRST_LEAD: Final = "fildinski.deal.first-lead"
_TRICK_CYCLE: Final = "fildinski.play.trick-cycle"
_TO_ACT: Final = "common.turn.player-to-act"

_MAX_GROUPS: Final = 200
"""The most groups a history section may hold (a deal has 32 tricks and far fewer melds)."""

# The zones, in the order copies are labelled (the face-down stock last, as in a deck order).
_H0, _H1, _TRICK, _TURNUP, _W0, _W1, _R0, _R1, _STOCK = range(9)
_ZONE_NAMES: Final = ("hands", "hands", "trick", "stock", "won", "won", "retired", "retired", "stock")
_LABELLED: Final = (_H0, _H1, _TRICK, _TURNUP, _STOCK)
"""The zones whose copies the position's own marks label (those of the piles come from the history)."""
_RETIRED: Final = frozenset({_R0, _R1})
_OUTRANKED_BY: Final[Mapping[MeldKind, MeldKind]] = {
    MeldKind.ROYAL_MARRIAGE: MeldKind.SEQUENCE,
    MeldKind.BEZIQUE: MeldKind.DOUBLE_BEZIQUE,
}


@dataclass(frozen=True, slots=True)
class _Tok:
    """A card as a position writes it: a kind (0-31) and the copy (1 or 2) when the text names it."""

    kind: int
    copy: int | None = None


def _text(kind: int, copy: int | None = None) -> str:
    return str(kind_card(kind)) + (f"#{copy}" if copy else "")


def _read_tok(text: str) -> _Tok:
    base, sep, copy = text.partition("#")
    kind = card_kind(parse_card(base))
    if kind is None:
        raise InvalidNotationError(f"{text!r} is not a card of the Fildinski deck (7 to ace only)")
    if sep and copy not in ("1", "2"):
        raise InvalidNotationError(f"{text!r}: a copy is written #1 or #2 after the card")
    return _Tok(kind, int(copy) if sep else None)


def _meld_ids(trump: int, pair: BeziquePair) -> int:
    """The ids some meld can use at all under this trump (the aces, kings, queens, jacks, trump ten)."""
    mask = 0
    for reach in reach_table(trump, pair):
        mask |= reach
    return mask


def _slots(zones: Sequence[Sequence[int]]) -> dict[int, list[tuple[int, int]]]:
    """For each kind, where its cards lie: (zone, index) in labelling order."""
    out: dict[int, list[tuple[int, int]]] = {}
    for zone, kinds in enumerate(zones):
        for index, kind in enumerate(kinds):
            out.setdefault(kind, []).append((zone, index))
    return out


# -- the history, linked to the cards -------------------------------------------------------------

Key: TypeAlias = tuple[str, int, int]
"""A card of the history: ``("play", trick, 0 or 1)``, ``("meld", meld, card)`` or ``("dix", 0, 0)``."""

Given: TypeAlias = Callable[[Key], "int | None"]
"""The id the text fixes for a history card (the writer: the true id), or ``None``."""

Note: TypeAlias = Callable[[Key, int, int], None]
"""Hears the default id of a history card: ``(key, kind, default)``."""

Report: TypeAlias = Callable[[str, str, "str | None"], None]


@dataclass(frozen=True, slots=True)
class _Meld:
    seat: int
    trick: int
    kind: MeldKind
    cards: tuple[int, ...]  # kinds


@dataclass(frozen=True, slots=True)
class _Dix:
    seat: int
    trick: int
    seven: int  # kind
    taken: int  # kind


@dataclass(slots=True)
class _Linked:
    """What the history says once each of its cards is an id."""

    plays: list[tuple[int, int]] = field(default_factory=list)
    piles: list[int] = field(default_factory=lambda: [0, 0])
    retired: list[int] = field(default_factory=lambda: [0, 0])
    used: list[int] = field(default_factory=lambda: [0] * len(MeldKind))
    melds: list[MeldEvent] = field(default_factory=list)
    dix: DixEvent | None = None
    fresh: int = 0


def _winners(tricks: Sequence[tuple[int, int]], first: int, trump: int) -> list[tuple[int, int]]:
    """The (leader, winner) of each trick: fildinski.play.trick-winner and fildinski.deal.first-lead."""
    out = []
    leader = first
    for led, follow in tricks:
        winner = 1 - leader if follower_wins(2 * led, 2 * follow, trump) else leader
        out.append((leader, winner))
        leader = winner
    return out


def _link(
    tricks: Sequence[tuple[int, int]],
    winners: Sequence[tuple[int, int]],
    melds: Sequence[_Meld],
    dix: _Dix | None,
    options: FildinskiOptions,
    trump: int,
    turnup: int | None,
    visible: frozenset[int],
    given: Given,
    note: Note,
    report: Report,
) -> _Linked:
    """Replay the deal's public history, choosing each card's id, and re-judge its melds and dix.

    The ids of the cards in the won and retired piles come from here. A card
    the text does not fix (``given``) takes a default: a card reaching a pile
    (a trick's, or the card a ``from_trick`` dix takes) the lowest copy not in
    a pile yet; a melded card of a ``visible`` kind the melder's copy the
    rules let it use, a card of the trick just won first, then the lowest;
    the melded cards of other kinds, the first choice that makes the meld
    step legal (those copies are never told apart again). ``note`` hears each
    default of a visible kind: the writer marks the cards whose copy differs.
    """
    removed = options.melded_cards is MeldedCards.REMOVED
    from_trick = options.dix_exchange is DixExchange.FROM_TRICK
    out = _Linked()
    by_trick: dict[int, list[int]] = {}
    for index, meld in enumerate(melds):
        by_trick.setdefault(meld.trick, []).append(index)

    def arrival(key: Key, kind: int) -> int:
        placed = out.piles[0] | out.piles[1] | out.retired[0] | out.retired[1]
        free = [i for i in (2 * kind, 2 * kind + 1) if not placed >> i & 1] or [2 * kind]
        note(key, kind, free[0])
        card = given(key)
        return free[0] if card is None else card

    for number, ((led, follow), (_, winner)) in enumerate(zip(tricks, winners, strict=True), start=1):
        first = arrival(("play", number, 0), led)
        out.piles[winner] |= 1 << first
        second = arrival(("play", number, 1), follow)
        out.piles[winner] |= 1 << second
        out.plays.append((first, second))
        fresh = (1 << first) | (1 << second)
        if dix is not None and dix.trick == number and dix.seat == winner:
            sevens = [i for i in (first, second) if i >> 1 == dix.seven]
            if from_trick:
                seven = sevens[0] if sevens else 2 * dix.seven
                out.piles[winner] &= ~(1 << seven)
                got = arrival(("dix", 0, 0), dix.taken)
                out.piles[winner] |= 1 << got
                fresh &= ~(1 << seven)
            else:  # the card taken went to a hand: which copy it was never matters
                seven = turnup if turnup is not None and turnup >> 1 == dix.seven else 2 * dix.seven
                placed = out.piles[0] | out.piles[1] | out.retired[0] | out.retired[1]
                chosen = given(("dix", 0, 0))
                got = chosen if chosen is not None else 2 * dix.taken + (placed >> (2 * dix.taken) & 1)
            out.dix = DixEvent(winner, seven, got, number)
        step_melds: list[int] = []
        for index in by_trick.get(number, ()):
            meld = melds[index]
            where = f"the {meld.kind.label} of trick {number}"
            if meld.seat != winner:
                report("melds", f"{where} is p{meld.seat}'s, but p{winner} won that trick", _WHO_AND_WHEN)
            elif number > STOCK_TRICKS and not options.meld_in_endgame:
                report("melds", f"{where} follows the last draw (meld_in_endgame = false)", _NO_MELDING)
            else:
                step_melds.append(index)
        if len(step_melds) > 2:
            report("melds", f"trick {number} has more than two melds", "fildinski.meld.per-step")
        masks = _step_cards(step_melds, melds, out, winner, fresh, visible, options, trump, given, note)
        step = 0
        for index, mask in zip(step_melds, masks, strict=True):
            meld = melds[index]
            where = f"the {meld.kind.label} of trick {number}"
            if mask.bit_count() != len(meld.cards):
                report(
                    "melds",
                    f"{where} names a card more often than p{winner}'s won pile holds it",
                    "fildinski.meld.from-won-cards",
                )
            _judge_meld(meld, mask, out, winner, fresh, step, options, trump, where, report)
            step |= mask
        for index, mask in zip(step_melds, masks, strict=True):
            meld = melds[index]
            out.used[meld.kind.order] |= mask
            out.melds.append(MeldEvent(winner, meld.kind, mask, number))
            if removed:
                out.piles[winner] &= ~mask
                out.retired[winner] |= mask
        out.fresh = fresh
    return out


def _barred(out: _Linked, kind: MeldKind) -> int:
    """The cards no meld of ``kind`` may use: fildinski.meld.same-kind-once and fildinski.meld.class-order."""
    higher = _OUTRANKED_BY.get(kind)
    return out.used[kind.order] | (out.used[higher.order] if higher is not None else 0)


def _step_cards(
    step_melds: Sequence[int],
    melds: Sequence[_Meld],
    out: _Linked,
    seat: int,
    fresh: int,
    visible: frozenset[int],
    options: FildinskiOptions,
    trump: int,
    given: Given,
    note: Note,
) -> list[int]:
    """The cards (id bitmasks) of the melds of one step, each card's copy chosen (see :func:`_link`)."""
    pile = out.piles[seat]
    chosen: dict[Key, int] = {}
    open_keys: list[tuple[Key, list[int]]] = []
    taken = 0
    for index in step_melds:
        meld = melds[index]
        barred = _barred(out, meld.kind)
        mask = 0
        for position, kind in enumerate(meld.cards):
            key: Key = ("meld", index, position)
            held = [i for i in (2 * kind, 2 * kind + 1) if pile >> i & 1] or [2 * kind]
            avail = pile & ~barred & ~taken & ~mask

            def preference(i: int, avail: int = avail) -> tuple[bool, bool, int]:
                return (not avail >> i & 1, not fresh >> i & 1, i)

            held.sort(key=preference)
            card = given(key)
            if kind in visible:
                note(key, kind, held[0])
                card = held[0] if card is None else card
            if card is None:
                open_keys.append((key, held))
                continue
            chosen[key] = card
            mask |= 1 << card
        taken |= mask
    if open_keys:
        chosen.update(_search(open_keys, chosen, step_melds, melds, out, pile, fresh, options, trump))
    masks = []
    for index in step_melds:
        mask = 0
        for position in range(len(melds[index].cards)):
            mask |= 1 << chosen["meld", index, position]
        masks.append(mask)
    return masks


_MAX_TRIES: Final = 4096


def _search(
    open_keys: Sequence[tuple[Key, list[int]]],
    chosen: Mapping[Key, int],
    step_melds: Sequence[int],
    melds: Sequence[_Meld],
    out: _Linked,
    pile: int,
    fresh: int,
    options: FildinskiOptions,
    trump: int,
) -> dict[Key, int]:
    """The first copies for ``open_keys`` (in their order of preference) that make the step's melds legal."""
    first = {key: choices[0] for key, choices in open_keys}
    for tries, pick in enumerate(product(*(choices for _, choices in open_keys))):
        if tries >= _MAX_TRIES:
            break
        trial = {**chosen, **dict(zip((key for key, _ in open_keys), pick, strict=True))}
        step = 0
        ok = True
        for index in step_melds:
            meld = melds[index]
            mask = 0
            for position in range(len(meld.cards)):
                mask |= 1 << trial["meld", index, position]
            if (
                mask.bit_count() != len(meld.cards)
                or mask & ~pile
                or mask & step
                or mask & _barred(out, meld.kind)
                or (options.meld_needs_trick_card and not mask & fresh)
                or not meld_fits(meld.kind, mask, trump, options.bezique_pair)
            ):
                ok = False
                break
            step |= mask
        if ok:
            return {key: trial[key] for key, _ in open_keys}
    return first


def _invisible(kind: int, places: Sequence[int], meld_ids: int) -> bool:
    """Whether no action, verdict or position will ever tell the two copies of ``kind`` apart.

    True for a card no meld uses, when a copy is retired (never melded
    again), when one copy lies in each seat's won pile (they never meet), and
    when both are in one hand (interchangeable). For such a card the writer
    marks no copy and the reader may label the copies as it likes.
    """
    if not meld_ids >> (2 * kind) & 1:
        return True
    a, b = places
    if a in _RETIRED or b in _RETIRED:
        return True
    if {a, b} == {_W0, _W1}:
        return True
    return a == b and a in (_H0, _H1)


def _judge_meld(
    meld: _Meld,
    mask: int,
    out: _Linked,
    seat: int,
    fresh: int,
    step: int,
    options: FildinskiOptions,
    trump: int,
    where: str,
    report: Report,
) -> None:
    """Re-judge one meld of the history as the meld step would have."""
    kind = meld.kind
    cards = " ".join(_text(i >> 1) for i in ids_in(mask))
    if not meld_fits(kind, mask, trump, options.bezique_pair):
        report("melds", f"{where}, {cards}, is not a {kind.label}", "fildinski.meld.kinds")
        return
    missing = mask & ~out.piles[seat]
    if missing:
        names = " ".join(_text(i >> 1) for i in ids_in(missing))
        report(
            "melds", f"{where} uses {names}, not in p{seat}'s won pile then", "fildinski.meld.from-won-cards"
        )
    if options.meld_needs_trick_card and not mask & fresh:
        report("melds", f"{where} holds no card of that trick", "fildinski.meld.fresh-card")
    if mask & out.used[kind.order]:
        report("melds", f"{where} reuses a card of an earlier {kind.label}", "fildinski.meld.same-kind-once")
    higher = _OUTRANKED_BY.get(kind)
    if higher is not None and mask & out.used[higher.order]:
        report("melds", f"{where} uses a card of a scored {higher.label}", "fildinski.meld.class-order")
    if mask & step:
        report("melds", f"{where} shares a card with the other meld of its step", "fildinski.meld.per-step")


# -- the writer -----------------------------------------------------------------------------------


def write_position(s: st.FildinskiState) -> str:
    """The position of ``s`` as text: canonical, and read back by :func:`read_position`."""
    context = s.deal
    plan = context.plan
    options = plan.options
    trump = context.trump
    meld_ids = _meld_ids(trump, options.bezique_pair)
    endgame = s.drawn >= DRAWS
    face_down = () if endgame else context.deck[STOCK_TOP + s.drawn :]
    zones: list[list[int]] = [
        ids_in(s.hands[0]),
        ids_in(s.hands[1]),
        list(s.trick),
        [] if endgame else [s.turnup],
        ids_in(s.won[0]),
        ids_in(s.won[1]),
        ids_in(s.retired[0]),
        ids_in(s.retired[1]),
        list(face_down),
    ]
    slots = _slots([[i >> 1 for i in zone] for zone in zones])
    visible = {kind for kind, found in slots.items() if not _invisible(kind, [z for z, _ in found], meld_ids)}
    placed = s.won[0] | s.won[1] | s.retired[0] | s.retired[1]
    marked: set[tuple[int, int]] = set()
    for kind in visible:
        unplayed = [(z, i) for z, i in slots[kind] if z in _LABELLED]
        free = [c for c in (2 * kind, 2 * kind + 1) if not placed >> c & 1]
        if [zones[z][i] for z, i in unplayed] != free[: len(unplayed)]:
            marked.add(unplayed[0])

    def cards(zone: int) -> list[str]:
        out = [_text(i >> 1, (i & 1) + 1 if (zone, n) in marked else None) for n, i in enumerate(zones[zone])]
        return out or [EMPTY]

    plays = s.plays
    done = s.tricks_done
    finished = [(plays[2 * n][1], plays[2 * n + 1][1]) for n in range(done)]
    melds = [_Meld(m.seat, m.trick, m.kind, tuple(i >> 1 for i in _meld_order(m.cards))) for m in s.melds]
    dix = None if s.dix is None else _Dix(s.dix.seat, s.dix.trick, s.dix.seven >> 1, s.dix.taken >> 1)
    truth: dict[Key, int] = {}
    for n, (a, b) in enumerate(finished, start=1):
        truth["play", n, 0] = a
        truth["play", n, 1] = b
    for n, m in enumerate(s.melds):
        for k, card in enumerate(_meld_order(m.cards)):
            truth["meld", n, k] = card
    if s.dix is not None:
        truth["dix", 0, 0] = s.dix.taken
    marks: set[Key] = set()

    def note(key: Key, kind: int, default: int) -> None:
        if kind in visible and truth[key] != default:
            marks.add(key)

    winners = _winners([(a >> 1, b >> 1) for a, b in finished], 1 - context.dealer, trump)
    turnup = None if endgame else s.turnup
    _link(
        [(a >> 1, b >> 1) for a, b in finished], winners, melds, dix, options, trump, turnup,
        frozenset(visible), truth.get, note, lambda section, message, rule: None,
    )  # fmt: skip

    def ref(key: Key) -> str:
        card = truth[key]
        return _text(card >> 1, (card & 1) + 1 if key in marks else None)

    out = PositionWriter("fildinski").options(options_as_dict(options))
    out.section("seed", plan.seed)
    out.section("deal", context.deal_number, "dealer", f"p{context.dealer}")
    out.section("totals", *context.totals)
    out.section("past", *_joined(_past_group(d) for d in context.finished))
    later = range(context.deal_number + 1, plan.first_deck + len(plan.decks))
    if later:
        out.section("decks", *_joined([_text(i >> 1) for i in plan.deck(k)] for k in later))
    out.section("trump", Suit(trump).letter)
    if s.is_terminal:
        out.section("turn", "over")
    else:
        out.section("turn", f"p{s.current_player}", "meld" if s.in_meld_step else "play")
    out.section("hands", "p0", *cards(_H0), "/", "p1", *cards(_H1))
    out.section("trick", *((f"p{s.leader}", *cards(_TRICK)) if s.trick else ()))
    out.section("stock", *(() if endgame else (*cards(_STOCK)[: len(face_down)], *cards(_TURNUP))))
    out.section("won", "p0", *cards(_W0), "/", "p1", *cards(_W1))
    out.section("retired", "p0", *cards(_R0), "/", "p1", *cards(_R1))
    out.section(
        "tricks",
        *_joined(
            [f"p{leader}", ref(("play", n, 0)), ref(("play", n, 1))]
            for n, (leader, _) in enumerate(winners, start=1)
        ),
    )
    out.section(
        "melds",
        *_joined(
            [f"p{m.seat}", str(m.trick), m.kind.value, *(ref(("meld", n, k)) for k in range(len(m.cards)))]
            for n, m in enumerate(melds)
        ),
    )
    if s.dix is None:
        out.section("dix")
    else:
        out.section("dix", f"p{s.dix.seat}", s.dix.trick, _text(s.dix.seven >> 1), ref(("dix", 0, 0)))
    out.section("points", "p0", *_categories(s.points, 0), "/", "p1", *_categories(s.points, 1))
    return str(out)


def _meld_order(mask: int) -> list[int]:
    """A meld's ids in the order a meld action writes its cards: by suit, the strongest first."""
    return sorted(ids_in(mask), key=lambda i: (i >> 4, -(i >> 1), i))


def _joined(parts: Iterable[Sequence[str]]) -> list[str]:
    out: list[str] = []
    for part in parts:
        if out:
            out.append("/")
        out.extend(part or [EMPTY])
    return out


def _categories(points: Sequence[int], seat: int) -> list[str]:
    found = [
        f"{name}={points[2 * c + seat]}" for c, name in enumerate(CATEGORY_NAMES) if points[2 * c + seat]
    ]
    return found or [EMPTY]


def _past_group(summary: DealSummary) -> list[str]:
    return [
        Suit(summary.trump).letter,
        "p0",
        *_categories(summary.points, 0),
        "p1",
        *_categories(summary.points, 1),
    ]


# -- the reader -----------------------------------------------------------------------------------


def read_position(game: FildinskiGame, text: object) -> st.FildinskiState:
    """The state the position ``text`` describes, under ``game``'s options as the text overrides them.

    Raises:
        InvalidPositionError: the text is malformed or the position cannot
            arise; every problem is listed, each with its section and rule.
    """
    return _Reader(game, text).state()


class _Reader:
    """Reads one position text into a state, gathering every problem (used once)."""

    def __init__(self, game: FildinskiGame, text: object) -> None:
        self.r = PositionReader(text, "fildinski")
        self.game = game

    def problem(self, section: str, message: str, rule: str | None = None) -> None:
        self.r.problem(section, message, rule)

    # -- tokens ---------------------------------------------------------------

    def card(self, section: str, token: str) -> _Tok | None:
        return self.r.item(
            section, token, _read_tok, "a card of the Fildinski deck (7 to ace, QS#2 for a copy)"
        )

    def cards(self, section: str, tokens: Sequence[str]) -> list[_Tok] | None:
        found = self.r.items(
            section, tokens, _read_tok, "a card of the Fildinski deck (7 to ace, QS#2 for a copy)"
        )
        return None if found is None else list(found)

    def seat(self, section: str, token: str) -> int | None:
        return self.r.seat(section, token, 2)

    def per_seat(self, section: str, tokens: Sequence[str] | None) -> tuple[list[str], list[str]] | None:
        """A section of two groups ``p0 ... / p1 ...`` (either order): the tokens of each seat."""
        if tokens is None:
            return None
        parts = groups(tokens)
        found: dict[int, list[str]] = {}
        ok = True
        for part in parts:
            if not part:
                self.problem(section, "each group starts with its seat, as in p0 AS TH / p1 -")
                ok = False
                continue
            seat = self.seat(section, part[0])
            if seat is None:
                ok = False
            elif seat in found:
                self.problem(section, f"p{seat} is given twice")
                ok = False
            else:
                found[seat] = list(part[1:])
        if ok and len(found) != 2:
            self.problem(section, "the section gives p0's group and p1's, separated by /")
            ok = False
        return (found[0], found[1]) if ok else None

    def per_seat_cards(self, section: str) -> tuple[list[_Tok], list[_Tok]] | None:
        parts = self.per_seat(section, self.r.take(section))
        if parts is None:
            return None
        a, b = self.cards(section, parts[0]), self.cards(section, parts[1])
        return None if a is None or b is None else (a, b)

    def number(self, section: str, token: str, low: int, high: int, what: str) -> int | None:
        return self.r.integer(section, token, low, high, what)

    def points(self, section: str, tokens: Sequence[str], seat: int, into: list[int]) -> bool:
        ok = True
        for token in tokens:
            name, sep, value = token.partition("=")
            category = _CATEGORY.get(name.lower())
            if not sep or category is None:
                known = ", ".join(CATEGORY_NAMES)
                self.problem(
                    section, f"points are written category=N with a category of {known}, not {token[:40]!r}"
                )
                ok = False
                continue
            amount = self.number(section, value, 0, 100_000, f"the {name} points")
            if amount is None:
                ok = False
            elif amount % 10:
                self.problem(
                    section,
                    f"p{seat}'s {name} points, {amount}, are no multiple of 10",
                    _CATEGORY_RULE[category],
                )
                ok = False
            else:
                into[2 * category + seat] += amount
        return ok

    # -- sections -------------------------------------------------------------

    def options(self) -> FildinskiOptions:
        given = self.r.options(self.game.options_dict())
        if given is not None:
            try:
                return type(self.game).with_options(given).options
            except InvalidOptionError as error:
                self.r.option_error(error)
            except ValueError as error:  # a number Python will not read (too long, or odd digits)
                self.problem("options", f"an option value cannot be read: {str(error)[:80]}")
        return self.game.options

    def seed(self) -> int | None:
        tokens = self.r.take("seed")
        if tokens is None:
            return None
        if len(tokens) != 1:
            self.problem("seed", "the seed is one whole number")
            return None
        token = tokens[0]
        digits = token[1:] if token.startswith("-") else token
        if not (digits.isascii() and digits.isdigit() and len(digits) <= 100):
            self.problem("seed", f"the seed is a whole number, not {token[:40]!r}")
            return None
        return int(token)

    def deal(self) -> tuple[int, int] | None:
        tokens = self.r.take("deal")
        if tokens is None:
            return None
        if len(tokens) != 3 or tokens[1].lower() != "dealer":
            self.problem("deal", "the deal is written N dealer pX, as in deal 1 dealer p0")
            return None
        number = self.number("deal", tokens[0], 1, 99_999, "the deal number")
        dealer = self.seat("deal", tokens[2])
        return None if number is None or dealer is None else (number, dealer)

    def totals(self) -> tuple[int, int] | None:
        tokens = self.r.take("totals")
        if tokens is None:
            return None
        if len(tokens) != 2:
            self.problem("totals", "the totals are two numbers, p0's then p1's")
            return None
        first = self.number("totals", tokens[0], 0, 10**9, "a total")
        second = self.number("totals", tokens[1], 0, 10**9, "a total")
        if first is None or second is None:
            return None
        for seat, value in enumerate((first, second)):
            if value % 10:
                self.problem(
                    "totals", f"p{seat}'s total {value} is no multiple of 10", "fildinski.game.score-sheet"
                )
        return first, second

    def past(self) -> list[DealSummary] | None:
        tokens = self.r.take("past")
        if tokens is None:
            return None
        parts = groups(tokens)
        if len(parts) > 100_000:
            self.problem("past", "too many deals")
            return None
        out: list[DealSummary] = []
        ok = True
        for number, part in enumerate(parts, start=1):
            section = "past"
            suit = _SUITS.get(part[0].upper()) if part else None
            if suit is None:
                self.problem(section, f"deal {number} starts with its trump suit (C, D, H or S)")
                ok = False
                continue
            seats = self.per_seat(section, _split_seats(part[1:]))
            if seats is None:
                ok = False
                continue
            points = list(NO_POINTS)
            if not (self.points(section, seats[0], 0, points) and self.points(section, seats[1], 1, points)):
                ok = False
                continue
            out.append(DealSummary(tuple(points), (), None, int(suit)))
        return out if ok else None

    def decks(self) -> list[tuple[int, ...]] | None:
        tokens = self.r.take("decks", required=False)
        if tokens is None:
            return []
        out = []
        for number, part in enumerate(groups(tokens), start=1):
            cards = self.cards("decks", part)
            if cards is None:
                return None
            kinds = [c.kind for c in cards]
            if len(kinds) != 64 or any(kinds.count(k) != 2 for k in set(kinds)):
                self.problem(
                    "decks",
                    f"later deck {number} is not the 64 cards of the pack, each twice ({len(kinds)} cards)",
                    "common.deal.permutation",
                )
                return None
            out.append(label_deck(kinds))
        return out

    def trump(self) -> int | None:
        tokens = self.r.take("trump")
        if tokens is None:
            return None
        suit = _SUITS.get(tokens[0].upper()) if len(tokens) == 1 else None
        if suit is None:
            self.problem("trump", "the trump is one suit: C, D, H or S")
            return None
        return int(suit)

    def turn(self) -> tuple[int, bool] | None:
        tokens = self.r.take("turn")
        if tokens is None:
            return None
        if len(tokens) == 1 and tokens[0].lower() == "over":
            return TERMINAL, False
        if len(tokens) == 2 and tokens[1].lower() in ("play", "meld"):
            seat = self.seat("turn", tokens[0])
            return None if seat is None else (seat, tokens[1].lower() == "meld")
        self.problem("turn", "the turn is pX play, pX meld (in a meld step) or over")
        return None

    def trick(self) -> tuple[int, _Tok] | bool | None:
        """The trick in progress: ``(leader, card)``, ``None`` when empty, ``False`` when unreadable."""
        tokens = self.r.take("trick")
        if tokens is None:
            return False
        if not tokens:
            return None
        if len(tokens) != 2:
            self.problem("trick", "the trick in progress is its leader and the card led, as in p0 QS, or -")
            return False
        seat, card = self.seat("trick", tokens[0]), self.card("trick", tokens[1])
        return False if seat is None or card is None else (seat, card)

    def stock(self) -> list[_Tok] | None:
        tokens = self.r.take("stock")
        return None if tokens is None else self.cards("stock", tokens)

    def tricks(self) -> list[tuple[int, _Tok, _Tok]] | None:
        tokens = self.r.take("tricks")
        if tokens is None:
            return None
        parts = groups(tokens)
        if len(parts) > DEAL_TRICKS:
            self.problem(
                "tricks",
                f"a deal has {DEAL_TRICKS} tricks, not {len(parts)}",
                "fildinski.endgame.trick-cycle",
            )
            return None
        out = []
        ok = True
        for number, part in enumerate(parts, start=1):
            if len(part) != 3:
                self.problem("tricks", f"trick {number} is its leader and two cards, as in p0 QS JD")
                ok = False
                continue
            seat = self.seat("tricks", part[0])
            a, b = self.card("tricks", part[1]), self.card("tricks", part[2])
            if seat is None or a is None or b is None:
                ok = False
                continue
            out.append((seat, a, b))
        return out if ok else None

    def melds(self) -> list[tuple[int, int, MeldKind, list[_Tok]]] | None:
        tokens = self.r.take("melds")
        if tokens is None:
            return None
        parts = groups(tokens)
        if len(parts) > _MAX_GROUPS:
            self.problem("melds", f"more than {_MAX_GROUPS} melds")
            return None
        out = []
        ok = True
        for part in parts:
            if len(part) < 4:
                self.problem(
                    "melds", "each meld is its melder, trick, kind and cards, as in p0 4 bezique JD QS"
                )
                ok = False
                continue
            seat = self.seat("melds", part[0])
            number = self.number("melds", part[1], 1, DEAL_TRICKS, "a meld's trick")
            kind = self.r.item("melds", part[2], parse_meld_kind, "a kind of meld")
            cards = self.cards("melds", part[3:])
            if seat is None or number is None or kind is None or cards is None:
                ok = False
                continue
            out.append((seat, number, kind, cards))
        return out if ok else None

    def dix(self) -> tuple[int, int, _Tok, _Tok] | bool | None:
        """The dix ``(seat, trick, seven, taken)``, ``None`` when none, ``False`` when unreadable."""
        tokens = self.r.take("dix")
        if tokens is None:
            return False
        if not tokens:
            return None
        if len(tokens) != 4:
            self.problem(
                "dix", "the dix is its seat, trick, the seven given and the card taken, as in p0 3 7H KH"
            )
            return False
        seat = self.seat("dix", tokens[0])
        number = self.number("dix", tokens[1], 1, DEAL_TRICKS, "the dix's trick")
        seven, taken = self.card("dix", tokens[2]), self.card("dix", tokens[3])
        if seat is None or number is None or seven is None or taken is None:
            return False
        return seat, number, seven, taken

    def deal_points(self) -> list[int] | None:
        parts = self.per_seat("points", self.r.take("points"))
        if parts is None:
            return None
        points = list(NO_POINTS)
        ok = self.points("points", parts[0], 0, points) & self.points("points", parts[1], 1, points)
        return points if ok else None

    # -- the state ------------------------------------------------------------

    def state(self) -> st.FildinskiState:
        options = self.options()
        seed = self.seed()
        deal = self.deal()
        totals = self.totals()
        past = self.past()
        later = self.decks()
        trump = self.trump()
        turn = self.turn()
        hands = self.per_seat_cards("hands")
        trick = self.trick()
        stock = self.stock()
        won = self.per_seat_cards("won")
        retired = self.per_seat_cards("retired")
        tricks = self.tricks()
        melds = self.melds()
        dix = self.dix()
        points = self.deal_points()
        if (
            seed is None or deal is None or totals is None or past is None or later is None or trump is None
            or turn is None or hands is None or trick is False or stock is None or won is None
            or retired is None or tricks is None or melds is None or dix is False or points is None
        ):  # fmt: skip
            return self.refuse()
        assert not isinstance(trick, bool) and not isinstance(dix, bool)
        built = _Build(self, options, seed, deal, totals, past, later, trump, turn, hands, trick, stock, won,
                       retired, tricks, melds, dix, points).state()  # fmt: skip
        if built is None or not self.r.ok:
            return self.refuse()
        self.r.finish()
        return built

    def refuse(self) -> st.FildinskiState:
        """Raise the reader's problems (there always is one when a state cannot be built)."""
        self.r.finish()
        raise InvalidPositionError([PositionProblem("position", "the position cannot be set up")])


def _split_seats(tokens: Sequence[str]) -> list[str]:
    """``p0 a b p1 c`` as ``p0 a b / p1 c`` (the seats of a past deal are not separated by ``/``)."""
    out: list[str] = []
    for token in tokens:
        if token.lower() in ("p0", "p1") and out:
            out.append("/")
        out.append(token)
    return out


class _Build:
    """Checks a read position for what cannot arise and builds its state (only when nothing is wrong)."""

    def __init__(
        self,
        reader: _Reader,
        options: FildinskiOptions,
        seed: int,
        deal: tuple[int, int],
        totals: tuple[int, int],
        past: list[DealSummary],
        later: list[tuple[int, ...]],
        trump: int,
        turn: tuple[int, bool],
        hands: tuple[list[_Tok], list[_Tok]],
        trick: tuple[int, _Tok] | None,
        stock: list[_Tok],
        won: tuple[list[_Tok], list[_Tok]],
        retired: tuple[list[_Tok], list[_Tok]],
        tricks: list[tuple[int, _Tok, _Tok]],
        melds: list[tuple[int, int, MeldKind, list[_Tok]]],
        dix: tuple[int, int, _Tok, _Tok] | None,
        points: list[int],
    ) -> None:
        self.reader = reader
        self.options = options
        self.seed = seed
        self.number, self.dealer = deal
        self.totals = totals
        self.past = past
        self.later = later
        self.trump = trump
        self.to_act, self.in_step = turn
        self.hands = hands
        self.trick = trick
        self.stock = stock
        self.won = won
        self.retired = retired
        self.tricks = tricks
        self.melds = melds
        self.dix = dix
        self.points = points
        self.sizes_ok = False

    def problem(self, section: str, message: str, rule: str | None = None) -> None:
        self.reader.problem(section, message, rule)

    def state(self) -> st.FildinskiState | None:
        options, trump = self.options, self.trump
        terminal = self.to_act == TERMINAL
        self.check_past()
        n = len(self.tricks)
        stock = self.stock
        endgame = not stock
        drawn = DRAWS - len(stock)
        turnup_tok = stock[-1] if stock else None
        # -- the tricks, their leaders and winners --
        first = 1 - self.dealer
        kinds = [(a.kind, b.kind) for _, a, b in self.tricks]
        winners = _winners(kinds, first, trump)
        for number, ((written, _, _), (leader, _)) in enumerate(
            zip(self.tricks, winners, strict=True), start=1
        ):
            if written != leader:
                why = "the non-dealer leads trick 1" if number == 1 else f"p{leader} won trick {number - 1}"
                self.problem("tricks", f"trick {number} is led by p{written}, but {why}", _FIRST_LEAD)
                break
        leader = winners[-1][1] if winners else first
        # -- the seat to act, the meld step, the trick in progress --
        step_follows = n >= 1 and (n <= STOCK_TRICKS or options.meld_in_endgame)
        if self.trick is not None and self.trick[0] != leader:
            why = "the non-dealer leads trick 1" if n == 0 else f"p{leader} won trick {n}"
            self.problem("trick", f"the trick in progress is led by p{self.trick[0]}, but {why}", _FIRST_LEAD)
        if terminal:
            if n != DEAL_TRICKS or self.trick is not None:
                self.problem(
                    "turn",
                    f"the game ends only after trick {DEAL_TRICKS} of a deal, not after trick {n}",
                    "fildinski.game.deal-end",
                )
        elif self.in_step:
            if self.trick is not None:
                self.problem("trick", "no card is led during a meld step", _TRICK_CYCLE)
            if n == 0:
                self.problem(
                    "turn", "a meld step follows a won trick, and no trick has been played", _WHO_AND_WHEN
                )
            elif not step_follows:
                self.problem("turn", f"no meld step follows trick {n} (meld_in_endgame = false)", _NO_MELDING)
            elif self.to_act != leader:
                self.problem(
                    "turn",
                    f"the meld step of trick {n} is p{leader}'s, who won it, not p{self.to_act}'s",
                    _TO_ACT,
                )
        else:
            if n == DEAL_TRICKS:
                self.problem(
                    "turn",
                    f"after trick {DEAL_TRICKS} the deal is over: nobody plays",
                    "fildinski.game.deal-end",
                )
            expected = leader if self.trick is None else 1 - self.trick[0]
            if self.to_act != expected:
                what = "lead" if self.trick is None else "follow"
                self.problem("turn", f"it is p{expected}'s turn to {what}, not p{self.to_act}'s", _TO_ACT)
        # -- the stock and the hands --
        expected_drawn = min(2 * (n - 1) if self.in_step and n >= 1 else 2 * n, DRAWS)
        if drawn != expected_drawn:
            self.problem(
                "stock",
                f"after {n} tricks{' (in the meld step)' if self.in_step else ''} the stock holds "
                f"{DRAWS - expected_drawn} cards, not {len(stock)}",
                "fildinski.play.draw-order",
            )
        played = [0, 0]
        for (leader_j, _), _ in zip(winners, kinds, strict=True):
            played[leader_j] += 1
            played[1 - leader_j] += 1
        if self.trick is not None:
            played[self.trick[0]] += 1
        self.sizes_ok = drawn == expected_drawn
        if drawn == expected_drawn:
            for seat in (0, 1):
                size = 8 + drawn // 2 - played[seat]
                if len(self.hands[seat]) != size:
                    self.sizes_ok = False
                    rule = "fildinski.endgame.last-draw" if endgame else _TRICK_CYCLE
                    self.problem(
                        "hands",
                        f"p{seat} holds {len(self.hands[seat])} cards, but {size} fit this point of the deal",
                        rule,
                    )
        # -- the turn-up and the trump --
        if turnup_tok is not None and turnup_tok.kind >> 3 != trump:
            self.problem(
                "stock",
                f"the turn-up {_text(turnup_tok.kind)} is not of the trump suit {Suit(trump).letter}",
                _TURN_UP,
            )
        # -- conservation of the pack --
        zone_toks: list[list[_Tok]] = [
            self.hands[0], self.hands[1], [self.trick[1]] if self.trick else [],
            [turnup_tok] if turnup_tok else [],
            self.won[0], self.won[1], self.retired[0], self.retired[1], stock[:-1],
        ]  # fmt: skip
        conserved = self.conserved(zone_toks)
        # -- the dix, the turned seven --
        dix = None
        if self.dix is not None:
            seat, trick_number, seven, taken = self.dix
            dix = _Dix(seat, trick_number, seven.kind, taken.kind)
            self.check_dix(dix, winners, kinds, turnup_tok)
        self.check_turned_seven(turnup_tok)
        # -- card points, and the piles the tricks make --
        derived = list(NO_POINTS)
        for number, ((led, follow), (lead_seat, winner)) in enumerate(
            zip(kinds, winners, strict=True), start=1
        ):
            derived = list(
                score_trick(tuple(derived), (2 * led, 2 * follow), lead_seat, winner, trump, options, number)
            )
        for meld in self.melds:
            derived[2 * Category.MELDS + meld[0]] += meld[2].points
        if self.dix is not None and options.dix_exchange is DixExchange.FROM_HAND:
            derived[2 * Category.DIX + self.dix[0]] += 10
        for category in Category:
            if category is Category.TURNED_SEVEN:
                continue
            for seat in (0, 1):
                slot = 2 * category + seat
                if derived[slot] != self.points[slot]:
                    name = CATEGORY_NAMES[category]
                    self.problem(
                        "points",
                        f"p{seat}'s {name} points are {self.points[slot]}, "
                        f"but the deal's history gives {derived[slot]}",
                        _CATEGORY_RULE[category],
                    )
        piles_ok = self.check_piles(kinds, winners, dix)
        self.check_endgame(kinds, winners)
        if terminal:
            a, b = seat_totals(tuple(self.points))
            after = (self.totals[0] + a, self.totals[1] + b)
            if n == DEAL_TRICKS and not game_ends(after, options.target_score):
                self.problem(
                    "turn",
                    f"the totals {after[0]}-{after[1]} end no game to {options.target_score}: "
                    "the next deal begins",
                    "fildinski.game.target",
                )
        if options.melded_cards is MeldedCards.STAY and (self.retired[0] or self.retired[1]):
            self.problem(
                "retired", "with melded_cards = stay melded cards stay in the won pile", _AFTER_SCORING
            )
        history = [
            _Meld(seat, number, kind, tuple(t.kind for t in toks)) for seat, number, kind, toks in self.melds
        ]
        if any(later.trick < earlier.trick for earlier, later in pairwise(history)):
            self.problem("melds", "the melds are listed in the order they were made")
            return None
        for made in history:
            if made.trick > n or (made.trick == n and self.in_step):
                self.problem(
                    "melds",
                    f"the {made.kind.label} of trick {made.trick} is declared, but that step has not ended",
                    _WHO_AND_WHEN,
                )
        if not conserved or not piles_ok:
            return None
        return self.build(zone_toks, history, dix, winners, kinds, drawn)

    # -- checks -----------------------------------------------------------------

    def check_past(self) -> None:
        if len(self.past) != self.number - 1:
            self.problem(
                "past", f"deal {self.number} follows {self.number - 1} earlier deals, not {len(self.past)}"
            )
            return
        options = self.options
        from_trick = options.dix_exchange is DixExchange.FROM_TRICK
        running = (0, 0)
        for number, summary in enumerate(self.past, start=1):
            where = f"deal {number}"
            p = summary.points
            dealer = (self.dealer + self.number - number) % 2

            def both(category: Category, p: tuple[int, ...] = p) -> int:
                return p[2 * category] + p[2 * category + 1]

            if p[2 * Category.TURNED_SEVEN + 1 - dealer]:
                self.problem(
                    "past",
                    f"{where}: only its dealer, p{dealer}, scores a turned seven",
                    "fildinski.deal.turned-seven",
                )
            if (
                both(Category.TURNED_SEVEN) > 10
                or both(Category.DIX) > 10
                or both(Category.TURNED_SEVEN) + both(Category.DIX) > 10
            ):
                self.problem("past", f"{where}: a deal has one turned seven or one dix, worth 10", _ONCE)
            if from_trick and both(Category.DIX):
                self.problem(
                    "past", f"{where}: with dix_exchange = from_trick the dix scores nothing", _EXCHANGE
                )
            if both(Category.LAST_TRICK) != 10:
                self.problem(
                    "past", f"{where}: the last trick is worth 10 once a deal", "fildinski.score.last-trick"
                )
            if both(Category.BRISQUES) not in ((150, 160) if from_trick else (160,)):
                self.problem(
                    "past", f"{where}: the aces and tens of a deal are worth 160", "fildinski.score.brisques"
                )
            if both(Category.TRUMP_SEVENS) not in ((20, 30) if from_trick else (20,)):
                self.problem(
                    "past", f"{where}: the trump sevens of a deal are worth 20", "fildinski.score.trump-seven"
                )
            a, b = summary.scores
            running = (running[0] + a, running[1] + b)
            if game_ends(running, options.target_score):
                self.problem(
                    "past",
                    f"the game ended after {where} ({running[0]}-{running[1]})",
                    "fildinski.game.target",
                )
        if running != self.totals:
            self.problem(
                "totals",
                f"the totals are {self.totals[0]}-{self.totals[1]}, "
                f"but the earlier deals add up to {running[0]}-{running[1]}",
                "fildinski.game.score-sheet",
            )

    def conserved(self, zones: Sequence[Sequence[_Tok]]) -> bool:
        """Whether every card of the pack lies in the zones exactly twice (fildinski.deck.composition)."""
        slots = _slots([[t.kind for t in zone] for zone in zones])
        ok = True
        for kind in range(32):
            found = slots.get(kind, [])
            if len(found) != 2:
                where = ", ".join(dict.fromkeys(_ZONE_NAMES[z] for z, _ in found)) or "nowhere"
                self.problem(
                    _ZONE_NAMES[found[0][0]] if found else "position",
                    f"{_text(kind)} is {len(found)} times in the zones ({where}); the pack holds it twice",
                    _COMPOSITION,
                )
                ok = False
        return ok

    def check_dix(
        self, dix: _Dix, winners: list[tuple[int, int]], kinds: list[tuple[int, int]], turnup: _Tok | None
    ) -> None:
        options, trump = self.options, self.trump
        n = len(kinds)
        if dix.seven != 8 * trump:
            self.problem(
                "dix", f"the dix gives the trump 7, {_text(8 * trump)}, not {_text(dix.seven)}", _EXCHANGE
            )
        if dix.taken >> 3 != trump or dix.taken & 7 == 0:
            self.problem(
                "dix", f"the card taken, {_text(dix.taken)}, was the turn-up: a trump, and no 7", _ONCE
            )
        if dix.trick > n:
            self.problem(
                "dix", f"the dix follows trick {dix.trick}, but {n} tricks have been played", _WHO_AND_WHEN
            )
            return
        if dix.trick > STOCK_TRICKS:
            self.problem("dix", "no dix after the last draw", _NO_MELDING)
        if winners[dix.trick - 1][1] != dix.seat:
            self.problem(
                "dix",
                f"p{dix.seat} made the dix, but p{winners[dix.trick - 1][1]} won trick {dix.trick}",
                _WHO_AND_WHEN,
            )
        if options.dix_exchange is DixExchange.FROM_TRICK and 8 * trump not in kinds[dix.trick - 1]:
            self.problem(
                "dix",
                f"trick {dix.trick} holds no trump 7 to exchange (dix_exchange = from_trick)",
                _EXCHANGE,
            )
        if turnup is not None and turnup.kind != 8 * trump:
            self.problem(
                "stock", f"after the dix the turn-up is the trump 7, not {_text(turnup.kind)}", _EXCHANGE
            )
        if self.points[2 * Category.TURNED_SEVEN] or self.points[2 * Category.TURNED_SEVEN + 1]:
            self.problem("points", "a deal whose turn-up was a 7 has no dix", _ONCE)

    def check_turned_seven(self, turnup: _Tok | None) -> None:
        slot = 2 * Category.TURNED_SEVEN
        given = self.points[slot : slot + 2]
        dealer = self.dealer
        if given[1 - dealer]:
            self.problem(
                "points", f"only the dealer, p{dealer}, scores a turned seven", "fildinski.deal.turned-seven"
            )
        if given[dealer] not in (0, 10):
            self.problem("points", "a turned seven scores 10", "fildinski.deal.turned-seven")
        if self.dix is not None:
            original: int | None = self.dix[3].kind
        else:
            original = turnup.kind if turnup is not None else None
        if original is not None:
            expected = opening_points(2 * original, dealer)[slot + dealer]
            if given[dealer] != expected and given[1 - dealer] == 0:
                self.problem(
                    "points",
                    f"the turn-up {_text(original)} {'is' if expected else 'is not'} a 7: "
                    f"the dealer's turned-seven points are {expected}",
                    "fildinski.deal.turned-seven",
                )

    def check_piles(
        self, kinds: list[tuple[int, int]], winners: list[tuple[int, int]], dix: _Dix | None
    ) -> bool:
        """The won and retired cards, kind by kind, against what the tricks and the dix gave each seat."""
        counts = [[0] * 32, [0] * 32]
        for (led, follow), (_, winner) in zip(kinds, winners, strict=True):
            counts[winner][led] += 1
            counts[winner][follow] += 1
        if (
            dix is not None
            and self.options.dix_exchange is DixExchange.FROM_TRICK
            and dix.trick <= len(kinds)
        ):
            counts[dix.seat][dix.seven] -= 1
            counts[dix.seat][dix.taken] += 1
        ok = True
        for seat in (0, 1):
            have = [0] * 32
            for tok in (*self.won[seat], *self.retired[seat]):
                have[tok.kind] += 1
            extra = [k for k in range(32) for _ in range(max(0, have[k] - counts[seat][k]))]
            short = [k for k in range(32) for _ in range(max(0, counts[seat][k] - have[k]))]
            if extra or short:
                parts = []
                if short:
                    parts.append(f"lack {' '.join(_text(k) for k in short)}, which the tricks gave p{seat}")
                if extra:
                    parts.append(f"hold {' '.join(_text(k) for k in extra)}, which no trick gave p{seat}")
                self.problem("won", f"p{seat}'s won and retired cards {' and '.join(parts)}", _WON_CARDS)
                ok = False
        return ok

    def check_endgame(self, kinds: list[tuple[int, int]], winners: list[tuple[int, int]]) -> None:
        """Re-judge each card followed after the last draw, when the hands are known (info.endgame-known)."""
        n = len(kinds)
        if n <= STOCK_TRICKS or not self.sizes_ok:
            return
        held = [[t.kind for t in self.hands[0]], [t.kind for t in self.hands[1]]]
        if self.trick is not None:
            held[self.trick[0]].append(self.trick[1].kind)
        for number in range(n, STOCK_TRICKS, -1):
            led, follow = kinds[number - 1]
            leader = winners[number - 1][0]
            held[leader].append(led)
            held[1 - leader].append(follow)
            hand = 0
            for kind in held[1 - leader]:
                hand |= 1 << (2 * kind + (hand >> (2 * kind) & 1))
            legal = legal_follow(hand, 2 * led, self.trump)
            if not legal >> (2 * follow) & 3:
                duty = follow_duty(legal, 2 * led, self.trump)
                self.problem(
                    "tricks",
                    f"trick {number}: p{1 - leader} followed {_text(led)} with {_text(follow)} while holding "
                    f"{' '.join(dict.fromkeys(_text(i >> 1) for i in ids_in(legal)))}",
                    duty,
                )

    # -- the state --------------------------------------------------------------

    def build(
        self,
        zones: list[list[_Tok]],
        melds: list[_Meld],
        dix: _Dix | None,
        winners: list[tuple[int, int]],
        kinds: list[tuple[int, int]],
        drawn: int,
    ) -> st.FildinskiState | None:
        """The state, once the history has given the piles their ids and the marks the other copies theirs."""
        options, trump = self.options, self.trump
        refs: dict[Key, _Tok] = {}
        for number, (_, a, b) in enumerate(self.tricks, start=1):
            refs["play", number, 0] = a
            refs["play", number, 1] = b
        for index, (_, _, _, toks) in enumerate(self.melds):
            for position, tok in enumerate(toks):
                refs["meld", index, position] = tok
        if self.dix is not None:
            refs["dix", 0, 0] = self.dix[3]

        def given(key: Key) -> int | None:
            tok = refs[key]
            return None if tok.copy is None else 2 * tok.kind + tok.copy - 1

        turnup_tok = zones[_TURNUP][0] if zones[_TURNUP] else None
        known_turnup = None if turnup_tok is None else 2 * turnup_tok.kind
        meld_ids = _meld_ids(trump, options.bezique_pair)
        places = _slots([[t.kind for t in zone] for zone in zones])
        visible = frozenset(
            k for k, found in places.items() if not _invisible(k, [z for z, _ in found], meld_ids)
        )
        linked = _link(
            kinds, winners, melds, dix, options, trump, known_turnup, visible, given,
            lambda key, kind, default: None, self.problem,
        )  # fmt: skip
        ids: list[list[int]] = [[-1] * len(zone) for zone in zones]
        for zone, pile in (
            (_W0, linked.piles[0]),
            (_W1, linked.piles[1]),
            (_R0, linked.retired[0]),
            (_R1, linked.retired[1]),
        ):
            if sorted(t.kind for t in zones[zone]) != [i >> 1 for i in ids_in(pile)]:
                rule = _AFTER_SCORING if zone in _RETIRED else _WON_CARDS
                self.problem(
                    _ZONE_NAMES[zone],
                    f"p{zone % 2}'s {_ZONE_NAMES[zone]} cards are not those the tricks, "
                    "the dix and the melds leave there",
                    rule,
                )
                continue
            left = pile
            for n, tok in sorted(enumerate(zones[zone]), key=lambda item: item[1].copy is None):
                if tok.copy:
                    card = 2 * tok.kind + tok.copy - 1
                    if not left >> card & 1:
                        self.problem(
                            _ZONE_NAMES[zone],
                            f"{_text(tok.kind, tok.copy)} is not the copy the history puts here",
                            _IDENTITY,
                        )
                else:
                    card = 2 * tok.kind if left >> (2 * tok.kind) & 1 else 2 * tok.kind + 1
                left &= ~(1 << card)
                ids[zone][n] = card
        if not self.reader.r.ok:
            return None
        placed = linked.piles[0] | linked.piles[1] | linked.retired[0] | linked.retired[1]
        slots = _slots([[t.kind for t in zone] if z in _LABELLED else [] for z, zone in enumerate(zones)])
        for kind, found in slots.items():
            free = [c for c in (2 * kind, 2 * kind + 1) if not placed >> c & 1]
            if len(free) != len(found):
                self.problem(
                    "position",
                    f"{_text(kind)}: the history and the zones disagree on where its copies are",
                    _IDENTITY,
                )
                continue
            for z, i in found:
                copy = zones[z][i].copy
                if copy is not None:
                    card = 2 * kind + copy - 1
                    if card not in free:
                        self.problem(_ZONE_NAMES[z], f"{_text(kind, copy)} is in two places", _IDENTITY)
                        break
                    free.remove(card)
                    ids[z][i] = card
            for z, i in found:
                if ids[z][i] < 0 and free:
                    ids[z][i] = free.pop(0)
        if not self.reader.r.ok:
            return None

        def mask(zone: int) -> int:
            out = 0
            for card in ids[zone]:
                out |= 1 << card
            return out

        hands = (mask(_H0), mask(_H1))
        won = (mask(_W0), mask(_W1))
        retired = (mask(_R0), mask(_R1))
        turnup = ids[_TURNUP][0] if ids[_TURNUP] else None
        dix_event = linked.dix
        if dix_event is not None and turnup is not None and options.dix_exchange is DixExchange.FROM_HAND:
            dix_event = DixEvent(dix_event.seat, turnup, dix_event.taken, dix_event.trick)
        n = len(kinds)
        leader = winners[-1][1] if winners else 1 - self.dealer
        terminal = self.to_act == TERMINAL
        fresh = linked.fresh & won[leader] if self.in_step and not terminal else 0
        face_down = ids[_STOCK]
        original = dix_event.taken if dix_event is not None else turnup
        if original is None:
            sevens = self.points[2 * Category.TURNED_SEVEN + self.dealer]
            original = 16 * trump if sevens else 16 * trump + 2
        if turnup is None:
            turnup = dix_event.seven if dix_event is not None else original
        deck = _rebuild_deck(hands, self.dealer, face_down, original)
        plan = DealPlan(options, self.seed, (deck, *self.later), self.number)
        context = DealContext(plan, self.number, self.dealer, deck, trump, tuple(self.past), self.totals)
        history: PlayChain = None
        for (led, followed), (lead_seat, _) in zip(linked.plays, winners, strict=True):
            history = ((history, lead_seat, led), 1 - lead_seat, followed)
        trick: tuple[int, ...] = ()
        if self.trick is not None:
            trick = (ids[_TRICK][0],)
            history = (history, self.trick[0], trick[0])
        return st.make_state(
            context, hands, won, retired, drawn, turnup, trick, leader, n, self.in_step and not terminal,
            fresh, dix_event is not None, tuple(self.points), tuple(linked.used), tuple(linked.melds),
            dix_event, history, self.to_act,
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
