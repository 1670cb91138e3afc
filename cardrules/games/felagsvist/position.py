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
                                  deals; optional (0 when left out)
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
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from cardrules.cards import Card, card_at, cards_in, parse_card
from cardrules.errors import InvalidNotationError, InvalidOptionError
from cardrules.game import TERMINAL
from cardrules.games.felagsvist.actions import PLAYS, SEAT_NAMES
from cardrules.games.felagsvist.deal import DEAL_TRICKS, MAX_DEALS, DealPlan, round_kind
from cardrules.games.felagsvist.options import FelagsvistOptions, FirstDealer, RoundKind, Scoring, Tiebreak
from cardrules.games.felagsvist.play import game_ends, trick_winner
from cardrules.games.felagsvist.scoring import deal_scores
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
_OVER: Final = "over"
_MAX_SEED_DIGITS: Final = 4000
"""The longest seed read, in digits (Python turns no longer text into an int by default)."""
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


def write_position(state: FelagsvistState) -> str:
    """The position of ``state`` as one canonical line (see the module's description).

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
    writer.section("turn", _OVER if state.current_player == TERMINAL else format_seat(state.current_player))
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
    plan = state.plan
    writer.section("seed", plan.seed)
    later = _later_decks(plan, state.deal_number)
    if later:
        writer.section("decks", *_with_slashes([[str(card_at(c)) for c in deck] for deck in later]))
    return str(writer)


# -- the reader: the sections -----------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Trick:
    """One trick group of the ``plays`` section: its leader and its cards (indices), clockwise."""

    leader: int
    cards: tuple[int, ...]

    def seat(self, position: int) -> int:
        """The seat that played the card at ``position`` (0 = the lead)."""
        return (self.leader + position) % 4


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


@dataclass(frozen=True, slots=True)
class _Deal:
    """What the ``deal`` section gives; a part is ``None`` when absent or unreadable."""

    number: int | None
    dealer: int | None
    kind: RoundKind | None


_KINDS: Final = {kind.value: kind for kind in RoundKind} | {"nóló": RoundKind.NOLO}


def _read_deal(reader: PositionReader) -> _Deal | None:
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
    return _Deal(number, dealer, kind)


_NOT_READ: Final = -1
"""The ``turn`` of a position whose ``turn`` section is absent or unreadable."""


def _read_turn(reader: PositionReader) -> int:
    tokens = reader.take("turn", required=False)
    if tokens is None:
        return _NOT_READ
    if len(tokens) != 1:
        reader.problem("turn", "the turn is one seat (p0 to p3) or over")
        return _NOT_READ
    if tokens[0].lower() == _OVER:
        return TERMINAL
    seat = _seat(reader, "turn", tokens[0], "the seat to act")
    return _NOT_READ if seat is None else seat


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


def _read_plays(reader: PositionReader) -> tuple[_Trick, ...] | None:
    tokens = reader.take("plays")
    if tokens is None:
        return None
    tricks: list[_Trick] = []
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
        tricks.append(_Trick(leader, tuple(card for card in cards if card is not None)))
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


def _read_seed(reader: PositionReader) -> int | None:
    tokens = reader.take("seed", required=False)
    if tokens is None:
        return 0
    digits = tokens[0].removeprefix("-") if len(tokens) == 1 else ""
    if not (digits.isascii() and digits.isdigit() and len(digits) <= _MAX_SEED_DIGITS):
        shown = " ".join(tokens)[:40]
        reader.problem(
            "seed", f"the seed is one whole number of at most {_MAX_SEED_DIGITS} digits, not {shown!r}"
        )
        return None
    return int(tokens[0])


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
                f"missing {_listed(missing)}; twice {_listed(extra)})",
                "common.deal.permutation",
            )
            bad = True
            continue
        decks.append(deck)
    return None if bad else tuple(decks)


def _listed(names: Sequence[str], most: int = 8) -> str:
    if not names:
        return "none"
    shown = " ".join(names[:most])
    return shown + (f" and {len(names) - most} more" if len(names) > most else "")


# -- the reader: what cannot arise ------------------------------------------------


def _check_deal(reader: PositionReader, options: FelagsvistOptions | None, deal: _Deal) -> int | None:
    """The deal number when it is one a game can reach; a problem for each part that is not."""
    number = deal.number
    if number is not None and not 1 <= number <= MAX_DEALS:
        reader.problem(
            "deal",
            f"a game has deals 1 to 12, and a deal 13 only when play-on breaks a tie; not deal {number}",
            "felagsvist.game.twelve-deals",
        )
        number = None
    if options is None or number is None:
        return number
    if number == MAX_DEALS and options.tiebreak is Tiebreak.NONE:
        reader.problem(
            "deal",
            "deal 13 is played only under tiebreak=play-on; under tiebreak=none deal 12 is the last",
            "felagsvist.game.twelve-deals",
        )
    kind = round_kind(number, options.first_round)
    if deal.kind is not None and deal.kind is not kind:
        reader.problem(
            "deal",
            f"deal {number} is a {kind.label} deal when the cycle starts with {options.first_round.label}, "
            f"not {deal.kind.label}",
            "felagsvist.round.cycle",
        )
    fixed = options.first_dealer
    if deal.dealer is not None and fixed is not FirstDealer.RANDOM:
        expected = (SEAT_NAMES.index(fixed.value) + number - 1) % 4
        if deal.dealer != expected:
            rule = "felagsvist.deal.first-dealer" if number == 1 else "felagsvist.deal.rotation"
            reader.problem(
                "deal",
                f"under first_dealer={fixed.value}, and the deal passing left, {format_seat(expected)} deals "
                f"deal {number}, not {format_seat(deal.dealer)}",
                rule,
            )
    return number


def _possible_scores(kind: RoundKind, scoring: Scoring) -> frozenset[tuple[int, int]]:
    return frozenset(deal_scores(kind, tricks, scoring) for tricks in range(DEAL_TRICKS + 1))


def _check_scores(
    reader: PositionReader,
    options: FelagsvistOptions | None,
    number: int | None,
    scores: tuple[tuple[int, int], ...],
) -> bool:
    """Whether the scores of the earlier deals are possible; a problem for each one that is not."""
    ok = True
    if number is not None and len(scores) != number - 1:
        reader.problem(
            "scores",
            f"deal {number} follows {number - 1} scored deal{'' if number == 2 else 's'}, "
            f"so the scores give {number - 1} pairs, not {len(scores)}",
            "felagsvist.score.totals",
        )
        ok = False
    if options is None:
        return False
    for deal_number, pair in enumerate(scores, start=1):
        kind = round_kind(deal_number, options.first_round)
        if pair not in _possible_scores(kind, options.scoring):
            if options.scoring is Scoring.PER_TRICK:
                why = "under per-trick scoring a deal's two scores add up to 13"
            else:
                why = "under odd-tricks scoring exactly one side scores, 1 to 7"
            reader.problem(
                "scores",
                f"deal {deal_number} cannot score {pair[0]} to {pair[1]}: {why}",
                "felagsvist.invariant.deal-score-sum",
            )
            ok = False
    if ok and number == MAX_DEALS:
        ns = sum(pair[0] for pair in scores)
        ew = sum(pair[1] for pair in scores)
        if ns != ew:
            reader.problem(
                "scores",
                f"deal 13 is played only after a tie, but the totals after deal 12 are {ns} to {ew}",
                "felagsvist.game.tie",
            )
            ok = False
    return ok


def _check_cards(
    reader: PositionReader, hands: tuple[tuple[int, ...], ...], tricks: tuple[_Trick, ...]
) -> bool:
    """Whether the hands and the plays hold every card of the pack exactly once (a problem if not)."""
    counts = [0] * 52
    for hand in hands:
        for card in hand:
            counts[card] += 1
    for trick in tricks:
        for card in trick.cards:
            counts[card] += 1
    if all(count == 1 for count in counts):
        return True
    twice = [str(card_at(c)) for c in range(52) if counts[c] > 1]
    missing = [str(card_at(c)) for c in range(52) if counts[c] == 0]
    reader.problem(
        "hands",
        "every card of the pack is in exactly one place, a hand or the plays; "
        f"here {_listed(twice)} {'are' if len(twice) != 1 else 'is'} in more than one and "
        f"{_listed(missing)} in none",
        "felagsvist.invariant.card-conservation",
    )
    return False


def _check_trick_shapes(reader: PositionReader, tricks: tuple[_Trick, ...]) -> bool:
    """Whether each trick has four cards (the last one 1 to 4) and a deal at most 13 tricks."""
    ok = True
    if len(tricks) > DEAL_TRICKS:
        reader.problem("plays", f"a deal is 13 tricks, not {len(tricks)}", "felagsvist.play.trick-order")
        ok = False
    for number, trick in enumerate(tricks, start=1):
        size = len(trick.cards)
        if size > 4 or (size < 4 and number < len(tricks)):
            reader.problem(
                "plays",
                f"trick {number} has {size} card{'' if size == 1 else 's'}: a trick is one card from each "
                "seat, and only the last trick may be short",
                "felagsvist.play.trick-order",
            )
            ok = False
    return ok


def _played_by(tricks: tuple[_Trick, ...]) -> tuple[tuple[int, ...], ...]:
    """The cards each seat has played, by the leaders the plays name."""
    played: list[list[int]] = [[], [], [], []]
    for trick in tricks:
        for position, card in enumerate(trick.cards):
            played[trick.seat(position)].append(card)
    return tuple(tuple(cards) for cards in played)


def _check_hand_sizes(
    reader: PositionReader, hands: tuple[tuple[int, ...], ...], played: tuple[tuple[int, ...], ...]
) -> bool:
    """Whether every seat holds 13 cards less those it has played (a problem for each that does not)."""
    ok = True
    for seat in range(4):
        held, gone = len(hands[seat]), len(played[seat])
        if held + gone != DEAL_TRICKS:
            reader.problem(
                "hands",
                f"{format_seat(seat)} holds {held} card{'' if held == 1 else 's'} and has played {gone} "
                f"this deal, {held + gone} in all: every seat is dealt 13, so it should hold "
                f"{max(DEAL_TRICKS - gone, 0)}",
                "felagsvist.invariant.hand-sizes",
            )
            ok = False
    return ok


def _check_leaders(
    reader: PositionReader, options: FelagsvistOptions, number: int, dealer: int, tricks: tuple[_Trick, ...]
) -> tuple[bool, int, int]:
    """Whether each trick is led by the seat the rules say; the seat to act after the plays; NS's tricks.

    The winner of each trick is found with the engine's own
    :func:`~cardrules.games.felagsvist.play.trick_winner`, from the cards as
    written. The seat to act is :data:`~cardrules.game.TERMINAL` after a
    thirteenth complete trick.
    """
    trump, strength = DealPlan(options, 0).trick_tables[number]
    expected = (dealer + 1) % 4
    ok = True
    ns_tricks = 0
    for index, trick in enumerate(tricks):
        if trick.leader != expected:
            if index == 0:
                why = f"the seat left of the dealer {format_seat(dealer)} leads to the first trick"
                rule = "felagsvist.play.first-lead"
            else:
                why = f"{format_seat(expected)} won trick {index} and leads the next"
                rule = "felagsvist.trick.winner-leads"
            reader.problem(
                "plays", f"trick {index + 1} is led by {format_seat(trick.leader)}, but {why}", rule
            )
            ok = False
        if len(trick.cards) < 4:
            return ok, trick.seat(len(trick.cards)), ns_tricks
        expected = trick.seat(trick_winner(trick.cards, trump, strength))
        ns_tricks += expected % 2 == 0
    return ok, TERMINAL if len(tricks) >= DEAL_TRICKS else expected, ns_tricks


def _check_turn(reader: PositionReader, turn: int, expected: int, tricks: tuple[_Trick, ...]) -> None:
    """A problem when the ``turn`` section names another seat than the plays give."""
    if turn in (_NOT_READ, expected):
        return
    written = _OVER if turn == TERMINAL else format_seat(turn)
    if expected == TERMINAL:
        rule, why = (
            "felagsvist.game.twelve-deals",
            "the last deal's thirteen tricks are played, so the game is over",
        )
    elif turn == TERMINAL:
        rule, why = (
            "felagsvist.game.twelve-deals",
            f"the deal is not over, and {format_seat(expected)} is to act",
        )
    elif not tricks:
        rule, why = "felagsvist.play.first-lead", f"{format_seat(expected)}, left of the dealer, leads first"
    elif len(tricks[-1].cards) < 4:
        rule, why = (
            "felagsvist.play.trick-order",
            f"play goes clockwise, so {format_seat(expected)} plays next",
        )
    else:
        rule, why = "felagsvist.trick.winner-leads", f"{format_seat(expected)} won the last trick and leads"
    reader.problem("turn", f"the turn is not {written}: {why}", rule)


def _check_game_ends(
    reader: PositionReader,
    options: FelagsvistOptions,
    number: int,
    scores: tuple[tuple[int, int], ...],
    ns_tricks: int,
) -> None:
    """A problem when deal ``number`` is over (NS won ``ns_tricks``) but the game is not."""
    ns, ew = deal_scores(round_kind(number, options.first_round), ns_tricks, options.scoring)
    totals = (sum(p[0] for p in scores) + ns, sum(p[1] for p in scores) + ew)
    if game_ends(number, totals, options.tiebreak):
        return
    following = "deal 13 breaks the tie" if number == 12 else f"deal {number + 1} follows"
    reader.problem(
        "plays",
        f"all 13 tricks of deal {number} are played, but the game goes on ({following}), "
        "so the next deal would have been dealt",
        "felagsvist.game.tie" if number == 12 else "felagsvist.game.twelve-deals",
    )


def _start_deck(
    hands: tuple[tuple[int, ...], ...], played: tuple[tuple[int, ...], ...], dealer: int
) -> tuple[int, ...]:
    """The canonical deck order that deals the hands the deal started with.

    felagsvist.deal.distribution gives card ``k`` to seat ``dealer + 1 + k``;
    each seat's cards go in index order, so the ``j``-th lowest card of a seat
    ``o`` places left of the dealer's left sits at ``4 * j + o``.
    """
    deck = [0] * 52
    for seat in range(4):
        offset = (seat - dealer - 1) % 4
        for j, card in enumerate(sorted((*hands[seat], *played[seat]))):
            deck[4 * j + offset] = card
    return tuple(deck)


def _replay(
    reader: PositionReader, start: FelagsvistState, tricks: tuple[_Trick, ...]
) -> FelagsvistState | None:
    """Every play judged and applied from the deal's start; ``None`` (and a problem) at an illegal one."""
    state = start
    for number, trick in enumerate(tricks, start=1):
        for position, card in enumerate(trick.cards):
            seat = trick.seat(position)
            verdict, after = state.attempt(PLAYS[seat][card])
            if after is None:
                for rule in verdict.rule_ids:
                    reader.problem(
                        "plays",
                        f"trick {number}: {format_seat(seat)} plays {card_at(card)}, which is illegal: "
                        f"{verdict.reason}",
                        rule,
                    )
                return None
            state = after
    return state


def read_position(game: FelagsvistGame, text: object) -> FelagsvistState:
    """The state ``text`` describes, with ``game``'s options where the text leaves them out.

    Every section is read even after a problem, and every problem is
    reported: malformed text, and positions that cannot arise, each naming the
    rule it breaks (see the module's description).

    Raises:
        InvalidPositionError: listing every problem, each with its section.
    """
    reader = PositionReader(text, _NAME)
    options = _read_options(reader, game)
    deal = _read_deal(reader)
    turn = _read_turn(reader)
    hands = _read_hands(reader)
    tricks = _read_plays(reader)
    scores = _read_scores(reader)
    seed = _read_seed(reader)
    later = _read_decks(reader)

    number = None if deal is None else _check_deal(reader, options, deal)
    dealer = None if deal is None else deal.dealer
    scores_ok = scores is not None and _check_scores(reader, options, number, scores)
    cards_ok = hands is not None and tricks is not None and _check_cards(reader, hands, tricks)
    shapes_ok = tricks is not None and _check_trick_shapes(reader, tricks)
    played = None if tricks is None else _played_by(tricks)
    sizes_ok = hands is not None and played is not None and _check_hand_sizes(reader, hands, played)
    leaders_ok = False
    if options is not None and number is not None and dealer is not None and tricks is not None and shapes_ok:
        leaders_ok, expected, ns_tricks = _check_leaders(reader, options, number, dealer, tricks)
        if leaders_ok:
            _check_turn(reader, turn, expected, tricks)
        if leaders_ok and expected == TERMINAL and scores is not None and scores_ok:
            _check_game_ends(reader, options, number, scores, ns_tricks)
    if number is not None and later is not None and len(later) > MAX_DEALS - number:
        reader.problem(
            "decks",
            f"deal {number} is followed by at most {MAX_DEALS - number} deals, not {len(later)} deck orders",
            "common.deal.permutation",
        )
    state: FelagsvistState | None = None
    if (
        options is not None
        and number is not None
        and dealer is not None
        and hands is not None
        and tricks is not None
        and played is not None
        and cards_ok
        and shapes_ok
        and sizes_ok
        and leaders_ok
    ):
        deck = _start_deck(hands, played, dealer)
        plan = DealPlan(options, seed or 0, (deck, *(later or ())), number)
        earlier = scores if scores is not None and scores_ok else ()
        totals = (sum(p[0] for p in earlier), sum(p[1] for p in earlier))
        state = _replay(reader, FelagsvistState.start(plan, dealer, number, earlier, totals), tricks)
    reader.finish()
    assert state is not None, "a position without problems has been replayed"
    return state
