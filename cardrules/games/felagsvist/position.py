"""The Félagsvist position: one line of text that says everything deciding the rest of a game.

The grammar is the shared one of :mod:`cardrules.position`; these are
Félagsvist's sections, in the order the writer puts them:

========  ======================  ==================================  ======================================
section   tokens                  meaning                             rules it reflects
========  ======================  ==================================  ======================================
options   ``name=value`` ...      every option; one left out keeps    the options table of the rules
                                  the game's value
deal      ``K dealer SEAT``       the deal number (1-13), its dealer  felagsvist.game.twelve-deals,
          ``[round KIND]``        and its round kind (which may be    felagsvist.deal.first-dealer,
                                  left out: the cycle sets it)        felagsvist.deal.rotation,
                                                                      felagsvist.round.cycle
turn      ``SEAT`` or ``over``    the seat to act, or ``over`` once   felagsvist.play.first-lead,
                                  the game is over; optional (the     felagsvist.play.trick-order,
                                  plays decide it; checked if given)  felagsvist.trick.winner-leads,
                                                                      felagsvist.game.twelve-deals
hands     four groups of cards,   what each seat holds now, p0 (N)    felagsvist.invariant.card-conservation,
          ``/`` between           to p3 (W); ``-`` for an empty hand  felagsvist.invariant.hand-sizes
plays     groups ``LEADER CARD    this deal's tricks in order, each   felagsvist.play.trick-order,
          CARD CARD CARD``        its leader then its cards           felagsvist.play.first-lead,
                                  clockwise; the last group is the    felagsvist.trick.winner-leads,
                                  trick in progress (1 to 3 cards)    felagsvist.play.must-follow,
                                  unless it is complete; ``-``        felagsvist.game.twelve-deals,
                                  before the first card               felagsvist.game.tie
scores    groups ``NS EW``,       the scores of every earlier deal,   felagsvist.invariant.deal-score-sum,
          ``/`` between           deal 1 first; ``-`` in deal 1       felagsvist.score.totals,
                                                                      felagsvist.game.tie
seed      ``N``                   the seed that shuffles the later    felagsvist.deal.distribution
                                  deals; optional (left out: the
                                  seed given to the reader, 0 by
                                  default)
decks     groups of 52 cards,     the explicit deck orders (top       common.deal.permutation
          ``/`` between           first) of the deals after this
                                  one; written only when there are
                                  any (deals past them come from the
                                  seed)
========  ======================  ==================================  ======================================

Cards are written as :func:`~cardrules.cards.parse_card` reads them (the
writer uses the canonical ``QS``, ``TH``); seats as ``p0``-``p3`` (the reader
also takes ``N``, ``E``, ``S``, ``W``). What the plays decide is not written
again: the cards each side has won, the tricks won this deal, the trick in
progress and the seat to act all follow from them (the ``turn`` section is a
check, for a reader's eye). The hands a deal started with are the hands now
plus the cards each seat has played; the reader re-judges every play from that
start with the engine's own check, so a history holding a revoke is refused
naming ``felagsvist.play.must-follow``.

``seed`` and ``decks`` are the future; the short form
(``state.position(future=False)``) leaves them out.

The game totals are the sums of the scores. A finished game is written with
``turn over``, empty hands and its last deal's thirteen tricks; its last deal's
score follows from them.

>>> import cardrules
>>> game = cardrules.get_game("felagsvist", first_dealer="N")
>>> state = game.new_game(seed=1)
>>> for _ in range(6):
...     state = state.apply(state.legal_actions()[-1])
>>> text = state.position()
>>> print(text.replace(" ; ", "\\n"))
felagsvist
options first_round=hearts first_dealer=N nolo_ace=high scoring=per-trick tiebreak=none session=single-table
deal 1 dealer p0 round hearts
turn p1
hands 5C QC KC 5D 7D JD 4H 6H 9H 2S 4S / 7C 9C AC 4D 6D 9D 7H 8H QH KH 6S 8S /
    2C 3C 4C 6C JC 3D 8D TD 2H 3H JH AH / 8C TC 2D QD KD AD 5H TH 3S 9S QS
plays p1 JS 5S AS TS / p3 KS 7S
scores -
seed 1
>>> game.from_position(text).position() == text
True
"""

from __future__ import annotations

from collections.abc import Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING, Final

from cardrules.cards import Card, card_at, cards_in, parse_card
from cardrules.errors import InvalidNotationError, InvalidOptionError
from cardrules.game import TERMINAL
from cardrules.games.felagsvist.actions import SEAT_NAMES
from cardrules.games.felagsvist.deal import DealPlan
from cardrules.games.felagsvist.options import FelagsvistOptions, RoundKind
from cardrules.games.felagsvist.position_check import (
    NOT_READ,
    OVER,
    DealSection,
    Sections,
    Trick,
    checked_state,
    listed,
)
from cardrules.games.felagsvist.state import FelagsvistState
from cardrules.notation import format_seat, parse_seat
from cardrules.options import options_as_dict
from cardrules.position import EMPTY, PositionReader, PositionWriter, groups

if TYPE_CHECKING:
    from cardrules.games.felagsvist.game import FelagsvistGame

__all__ = ["SECTIONS", "read_position", "write_position"]

SECTIONS: Final[tuple[str, ...]] = ("options", "deal", "turn", "hands", "plays", "scores", "seed", "decks")
"""The sections of a Félagsvist position, in the order the writer puts them."""

_NAME: Final = "felagsvist"
_MAX_NUMBER: Final = 10**12 - 1


# -- the writer -------------------------------------------------------------------


def _with_slashes(parts: Sequence[Sequence[str]]) -> list[str]:
    """Groups of tokens joined with ``/``; an empty group is written ``-``."""
    out: list[str] = []
    for index, part in enumerate(parts):
        if index:
            out.append("/")
        out.extend(part if part else (EMPTY,))
    return out


def _later_decks(plan: DealPlan, deal_number: int) -> tuple[tuple[int, ...], ...]:
    """The explicit deck orders the plan holds for the deals after ``deal_number``."""
    start = deal_number + 1 - plan.first_deal
    return plan.decks[max(start, 0) :]


def write_position(state: FelagsvistState, *, future: bool = True) -> str:
    """The position of ``state`` as one canonical line (see the module's description).

    Without ``future``, the short form: no ``seed`` and no ``decks``.

    >>> import cardrules
    >>> start = cardrules.get_game("felagsvist", first_dealer="E").new_game(seed=4)
    >>> write_position(start).split(" ; ")[2:4]
    ['deal 1 dealer p1 round hearts', 'turn p2']
    """
    writer = PositionWriter(_NAME)
    writer.options(options_as_dict(state.options))
    writer.section(
        "deal", state.deal_number, "dealer", format_seat(state.dealer), "round", state.round_kind.value
    )
    writer.section("turn", OVER if state.current_player == TERMINAL else format_seat(state.current_player))
    writer.section("hands", *_with_slashes([[str(card) for card in cards_in(hand)] for hand in state.hands]))
    plays = state.plays
    tricks = [plays[start : start + 4] for start in range(0, len(plays), 4)]
    writer.section(
        "plays",
        *_with_slashes(
            [[format_seat(trick[0][0]), *(str(card_at(c)) for _, c in trick)] for trick in tricks]
        ),
    )
    writer.section("scores", *_with_slashes([[str(ns), str(ew)] for ns, ew in state.deal.deal_scores]))
    if not future:
        return str(writer)
    plan = state.plan
    writer.section("seed", plan.seed)
    later = _later_decks(plan, state.deal_number)
    if later:
        writer.section("decks", *_with_slashes([[str(card_at(c)) for c in deck] for deck in later]))
    return str(writer)


# -- the reader: the sections -----------------------------------------------------


def _card(reader: PositionReader, section: str, token: str) -> int | None:
    card: Card | None = reader.item(section, token, parse_card, "a card (such as QS or TH)")
    return None if card is None else card.index


def _seat(reader: PositionReader, section: str, token: str, what: str) -> int | None:
    """``token`` as a seat, or ``None`` and a problem saying that ``what`` is a seat."""
    try:
        seat = parse_seat(token, SEAT_NAMES)
    except InvalidNotationError:
        seat = None
    if seat is None or not 0 <= seat < 4:
        reader.problem(section, f"{what} is a seat, p0 to p3 (or N, E, S, W), not {token[:40]!r}")
        return None
    return seat


def _read_options(reader: PositionReader, game: FelagsvistGame) -> FelagsvistOptions | None:
    """The options: the position's over the game's; each refused one reported."""
    current = game.options_dict()
    given = reader.options(current)
    if given is None:
        return None
    factory = type(game)
    bad = False
    for name, value in given.items():
        if name in current and value == current[name]:
            continue
        try:
            factory.with_options({name: value})
        except InvalidOptionError as error:
            reader.option_error(error)
            bad = True
    if bad:
        return None
    try:
        return factory.with_options(given).options
    except InvalidOptionError as error:  # pragma: no cover - each option was accepted alone
        reader.option_error(error)
        return None


_KINDS: Final = MappingProxyType({kind.value: kind for kind in RoundKind} | {"nóló": RoundKind.NOLO})


def _read_deal(reader: PositionReader) -> DealSection | None:
    tokens = reader.take("deal")
    if tokens is None:
        return None
    if not tokens:
        reader.problem(
            "deal", "write the deal as: deal NUMBER dealer SEAT [round KIND], as in deal 3 dealer p1"
        )
        return None
    number = reader.integer("deal", tokens[0], 0, _MAX_NUMBER, "the deal number")
    dealer: int | None = None
    kind: RoundKind | None = None
    seen: set[str] = set()
    rest = tokens[1:]
    for at in range(0, len(rest), 2):
        key = rest[at].lower()
        if at + 1 >= len(rest):
            reader.problem("deal", f"{rest[at][:40]!r} needs a value after it (dealer SEAT, round KIND)")
            break
        value = rest[at + 1]
        if key in seen:
            reader.problem("deal", f"{key} is given twice")
        elif key == "dealer":
            dealer = _seat(reader, "deal", value, "the dealer")
        elif key == "round":
            kind = _KINDS.get(value.lower())
            if kind is None:
                reader.problem(
                    "deal", f"the round is one of {', '.join(k.value for k in RoundKind)}, not {value[:40]!r}"
                )
        else:
            reader.problem(
                "deal", f"the deal says its number, dealer SEAT and round KIND, not {rest[at][:40]!r}"
            )
        seen.add(key)
    if "dealer" not in seen:
        reader.problem("deal", "the dealer is missing (deal NUMBER dealer SEAT)")
    return DealSection(number, dealer, kind)


def _read_turn(reader: PositionReader) -> int:
    tokens = reader.take("turn", required=False)
    if tokens is None:
        return NOT_READ
    if len(tokens) != 1:
        reader.problem("turn", "the turn is one seat (p0 to p3) or over")
        return NOT_READ
    if tokens[0].lower() == OVER:
        return TERMINAL
    seat = _seat(reader, "turn", tokens[0], "the seat to act")
    return NOT_READ if seat is None else seat


def _read_hands(reader: PositionReader) -> tuple[tuple[int, ...], ...] | None:
    tokens = reader.take("hands")
    if tokens is None:
        return None
    parts = groups(tokens)
    if len(parts) != 4:
        reader.problem(
            "hands", f"the hands are four groups of cards, p0 to p3, with / between; not {len(parts)}"
        )
    hands: list[tuple[int, ...]] = []
    bad = False
    for part in parts:
        cards = [_card(reader, "hands", token) for token in part]
        if any(card is None for card in cards):
            bad = True
        hands.append(tuple(card for card in cards if card is not None))
    return None if bad or len(hands) != 4 else tuple(hands)


def _read_plays(reader: PositionReader) -> tuple[Trick, ...] | None:
    tokens = reader.take("plays")
    if tokens is None:
        return None
    tricks: list[Trick] = []
    bad = False
    for number, part in enumerate(groups(tokens), start=1):
        if not part:
            reader.problem("plays", f"trick {number} is empty: a trick is its leader then its cards")
            bad = True
            continue
        leader = _seat(reader, "plays", part[0], f"trick {number} starts with the seat that led it, which")
        cards = [_card(reader, "plays", token) for token in part[1:]]
        if not cards:
            reader.problem(
                "plays", f"trick {number} has a leader and no card: write a trick once it has a card"
            )
        if leader is None or not cards or any(card is None for card in cards):
            bad = True
            continue
        tricks.append(Trick(leader, tuple(card for card in cards if card is not None)))
    return None if bad else tuple(tricks)


def _read_scores(reader: PositionReader) -> tuple[tuple[int, int], ...] | None:
    tokens = reader.take("scores")
    if tokens is None:
        return None
    scores: list[tuple[int, int]] = []
    bad = False
    for number, part in enumerate(groups(tokens), start=1):
        if len(part) != 2:
            reader.problem("scores", f"deal {number}'s score is two numbers, NS then EW, not {len(part)}")
            bad = True
            continue
        ns = reader.integer("scores", part[0], 0, _MAX_NUMBER, f"deal {number}'s NS score")
        ew = reader.integer("scores", part[1], 0, _MAX_NUMBER, f"deal {number}'s EW score")
        if ns is None or ew is None:
            bad = True
            continue
        scores.append((ns, ew))
    return None if bad else tuple(scores)


def _read_seed(reader: PositionReader, default: int) -> int | None:
    tokens = reader.take("seed", required=False)
    if tokens is None:
        return default
    return reader.seed("seed", tokens)


def _read_decks(reader: PositionReader) -> tuple[tuple[int, ...], ...] | None:
    tokens = reader.take("decks", required=False)
    if tokens is None:
        return ()
    decks: list[tuple[int, ...]] = []
    bad = False
    for number, part in enumerate(groups(tokens), start=1):
        cards = [_card(reader, "decks", token) for token in part]
        if any(card is None for card in cards):
            bad = True
            continue
        deck = tuple(card for card in cards if card is not None)
        if sorted(deck) != list(range(52)):
            missing = [str(card_at(c)) for c in range(52) if c not in deck]
            extra = sorted({str(card_at(c)) for c in deck if deck.count(c) > 1})
            reader.problem(
                "decks",
                f"later deck {number} is not the 52-card pack in some order ({len(deck)} cards; "
                f"missing {listed(missing)}; twice {listed(extra)})",
                "common.deal.permutation",
            )
            bad = True
            continue
        decks.append(deck)
    return None if bad else tuple(decks)


def read_position(game: FelagsvistGame, text: object, *, seed: int = 0) -> FelagsvistState:
    """The state ``text`` describes, with ``game``'s options where the text leaves them out.

    ``seed`` shuffles the later deals when the text leaves its seed out (a short position).

    Every section is read even after a problem, and every problem is
    reported: malformed text, and positions that cannot arise, each naming the
    rule it breaks (see the module's description).

    Raises:
        InvalidPositionError: listing every problem, each with its section.
    """
    reader = PositionReader(text, _NAME)
    sections = Sections(
        options=_read_options(reader, game),
        deal=_read_deal(reader),
        turn=_read_turn(reader),
        hands=_read_hands(reader),
        tricks=_read_plays(reader),
        scores=_read_scores(reader),
        seed=_read_seed(reader, seed),
        later=_read_decks(reader),
    )
    state = checked_state(reader, sections)
    reader.finish()
    assert state is not None, "a position without problems has been replayed"
    return state
