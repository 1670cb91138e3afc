"""The Fildinski position: one line holding everything that decides the rest of the game.

``state.position()`` writes it (:func:`write_position`) and
``game.from_position(text)`` reads it (:func:`read_position`); the shared
grammar is :mod:`cardrules.position`. The writer puts the sections in the
order below; the reader takes them in any order.

=======  ===========================  ========================================  =======================
section  tokens                       meaning                                   rule it reflects
=======  ===========================  ========================================  =======================
options  name=value ...               every option (a missing one: the game's)  the rules' options
seed     N                            the seed later deals are shuffled from    fildinski.deal.hands
deal     N dealer pX                  the deal (1-based) and its dealer         game.dealer-alternation
totals   A B                          p0's and p1's totals before this deal     game.score-sheet
past     S p0 cat=N .. p1 cat=N .. /  each earlier deal: trump, points          game.score-sheet
decks    64 cards / ...               later deals' given deck orders, if any    deck.composition
trump    S                            the trump suit                            deal.turn-up
turn     pX play, pX meld or over     who acts, in a trick or a meld step       play.trick-cycle
hands    p0 cards / p1 cards          both hands                                deal.hands
trick    pX card, or -                the lead of the trick in progress         deal.first-lead
stock    cards                        the stock, top first, turn-up last        deal.turn-up
won      p0 cards / p1 cards          the won piles                             play.won-cards
retired  p0 cards / p1 cards          melded cards out of play (``removed``)    meld.after-scoring
tricks   pX card card / ...           the deal's tricks, leader's card first    play.trick-winner
melds    pX N kind cards / ...        melder, trick, kind and cards of each     meld.same-kind-once
dix      pX N seven card, or -        who, after which trick, given, taken      dix.once
points   p0 cat=N .. / p1 cat=N ..    this deal's points by category            game.deal-end
=======  ===========================  ========================================  =======================

The rules are named without their ``fildinski.`` prefix. The categories are
``turned-seven``, ``brisques``, ``trump-sevens``, ``last-trick``, ``melds``
and ``dix``; a category left out scored 0. ``decks`` is written only when the
game was given deck orders beyond the current deal. ``seed`` and ``decks`` are
the future: the short form (``state.position(future=False)``) leaves both out,
and the reader then shuffles the later deals from the seed it is given
(``from_position(text, seed=N)``, 0 by default). Cards are written as
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

from collections.abc import Iterable, Mapping, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING, Final

from cardrules.cards import Suit, parse_card
from cardrules.errors import InvalidNotationError, InvalidOptionError
from cardrules.game import TERMINAL
from cardrules.games.fildinski.cards import DEAL_TRICKS, card_kind, label_deck
from cardrules.games.fildinski.melds import MeldKind, parse_meld_kind
from cardrules.games.fildinski.options import FildinskiOptions
from cardrules.games.fildinski.position_check import CATEGORY_NAMES, CATEGORY_RULES, Sections, checked_state
from cardrules.games.fildinski.position_copies import Tok, card_text, written_cards
from cardrules.games.fildinski.scoring import NO_POINTS, Category, DealSummary
from cardrules.options import options_as_dict
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
    from cardrules.games.fildinski.state import FildinskiState

__all__ = ["CATEGORY_NAMES", "read_position", "write_position"]

_CATEGORY: Final[Mapping[str, Category]] = MappingProxyType(dict(zip(CATEGORY_NAMES, Category, strict=True)))
_SUITS: Final[Mapping[str, Suit]] = MappingProxyType(
    {**{s.letter: s for s in Suit}, **{s.symbol: s for s in Suit}}
)

_MAX_GROUPS: Final = 200
"""The most groups a history section may hold (a deal has 32 tricks and far fewer melds)."""


# -- the writer -----------------------------------------------------------------------------------


def write_position(s: FildinskiState, *, future: bool = True) -> str:
    """The position of ``s`` as text: canonical, and read back by :func:`read_position`.

    Without ``future``, the short form: no ``seed`` and no ``decks``.
    """
    context = s.deal
    plan = context.plan
    cards = written_cards(s)
    history = cards.history
    out = PositionWriter("fildinski").options(options_as_dict(plan.options))
    if future:
        out.section("seed", plan.seed)
    out.section("deal", context.deal_number, "dealer", f"p{context.dealer}")
    out.section("totals", *context.totals)
    out.section("past", *_joined(_past_group(d) for d in context.finished))
    later = range(context.deal_number + 1, plan.first_deal + len(plan.decks))
    if future and later:
        out.section("decks", *_joined([card_text(i >> 1) for i in plan.deck(k)] for k in later))
    out.section("trump", Suit(context.trump).letter)
    if s.is_terminal:
        out.section("turn", "over")
    else:
        out.section("turn", f"p{s.current_player}", "meld" if s.in_meld_step else "play")
    out.section("hands", *_per_seat_text(cards.hands))
    out.section("trick", *((f"p{s.leader}", *cards.trick) if s.trick else ()))
    out.section("stock", *cards.stock)
    out.section("won", *_per_seat_text(cards.won))
    out.section("retired", *_per_seat_text(cards.retired))
    out.section(
        "tricks",
        *_joined(
            [f"p{leader}", history["play", n, 0], history["play", n, 1]]
            for n, (leader, _) in enumerate(cards.winners, start=1)
        ),
    )
    out.section(
        "melds",
        *_joined(
            [
                f"p{m.seat}",
                str(m.trick),
                m.kind.value,
                *(history["meld", n, k] for k in range(m.cards.bit_count())),
            ]
            for n, m in enumerate(s.melds)
        ),
    )
    if s.dix is None:
        out.section("dix")
    else:
        out.section("dix", f"p{s.dix.seat}", s.dix.trick, card_text(s.dix.seven >> 1), history["dix", 0, 0])
    out.section("points", "p0", *_categories(s.points, 0), "/", "p1", *_categories(s.points, 1))
    return str(out)


def _per_seat_text(cards: tuple[Sequence[str], Sequence[str]]) -> list[str]:
    return ["p0", *(cards[0] or [EMPTY]), "/", "p1", *(cards[1] or [EMPTY])]


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


def read_position(game: FildinskiGame, text: object, *, seed: int = 0) -> FildinskiState:
    """The state the position ``text`` describes, under ``game``'s options as the text overrides them.

    ``seed`` shuffles the later deals when the text leaves its seed out (a short position).

    Raises:
        InvalidPositionError: the text is malformed or the position cannot
            arise; every problem is listed, each with its section and rule.
    """
    r = PositionReader(text, "fildinski")
    options = _read_options(r, game)
    known = _read_seed(r, seed)
    deal = _read_deal(r)
    totals = _read_totals(r)
    past = _read_past(r)
    later = _read_decks(r)
    trump = _read_trump(r)
    turn = _read_turn(r)
    hands = _per_seat_cards(r, "hands")
    trick = _read_trick(r)
    stock = _read_stock(r)
    won = _per_seat_cards(r, "won")
    retired = _per_seat_cards(r, "retired")
    tricks = _read_tricks(r)
    melds = _read_melds(r)
    dix = _read_dix(r)
    points = _read_deal_points(r)
    if (
        known is None or deal is None or totals is None or past is None or later is None or trump is None
        or turn is None or hands is None or trick is False or stock is None or won is None
        or retired is None or tricks is None or melds is None or dix is False or points is None
    ):  # fmt: skip
        return _refuse(r)
    assert not isinstance(trick, bool) and not isinstance(dix, bool)
    read = Sections(
        options=options, seed=known, number=deal[0], dealer=deal[1], totals=totals, past=past, later=later,
        trump=trump, to_act=turn[0], in_step=turn[1], hands=hands, trick=trick, stock=stock, won=won,
        retired=retired, tricks=tricks, melds=melds, dix=dix, points=points,
    )  # fmt: skip
    built = checked_state(r, read)
    if built is None or not r.ok:
        return _refuse(r)
    r.finish()
    return built


def _refuse(r: PositionReader) -> FildinskiState:
    """Raise the reader's problems (there always is one when a state cannot be built)."""
    r.finish()
    raise InvalidPositionError([PositionProblem("position", "the position cannot be set up")])


# -- tokens ---------------------------------------------------------------------------------------

_A_CARD: Final = "a card of the Fildinski deck (7 to ace, QS#2 for a copy)"


def _read_tok(text: str) -> Tok:
    base, sep, copy = text.partition("#")
    kind = card_kind(parse_card(base))
    if kind is None:
        raise InvalidNotationError(f"{text!r} is not a card of the Fildinski deck (7 to ace only)")
    if sep and copy not in ("1", "2"):
        raise InvalidNotationError(f"{text!r}: a copy is written #1 or #2 after the card")
    return Tok(kind, int(copy) if sep else None)


def _card(r: PositionReader, section: str, token: str) -> Tok | None:
    return r.item(section, token, _read_tok, _A_CARD)


def _cards(r: PositionReader, section: str, tokens: Sequence[str]) -> list[Tok] | None:
    found = r.items(section, tokens, _read_tok, _A_CARD)
    return None if found is None else list(found)


def _per_seat(
    r: PositionReader, section: str, tokens: Sequence[str] | None
) -> tuple[list[str], list[str]] | None:
    """A section of two groups ``p0 ... / p1 ...`` (either order): the tokens of each seat."""
    if tokens is None:
        return None
    found: dict[int, list[str]] = {}
    ok = True
    for part in groups(tokens):
        if not part:
            r.problem(section, "each group starts with its seat, as in p0 AS TH / p1 -")
            ok = False
            continue
        seat = r.seat(section, part[0], 2)
        if seat is None:
            ok = False
        elif seat in found:
            r.problem(section, f"p{seat} is given twice")
            ok = False
        else:
            found[seat] = list(part[1:])
    if ok and len(found) != 2:
        r.problem(section, "the section gives p0's group and p1's, separated by /")
        ok = False
    return (found[0], found[1]) if ok else None


def _per_seat_cards(r: PositionReader, section: str) -> tuple[list[Tok], list[Tok]] | None:
    parts = _per_seat(r, section, r.take(section))
    if parts is None:
        return None
    a, b = _cards(r, section, parts[0]), _cards(r, section, parts[1])
    return None if a is None or b is None else (a, b)


def _points(r: PositionReader, section: str, tokens: Sequence[str], seat: int, into: list[int]) -> bool:
    ok = True
    for token in tokens:
        name, sep, value = token.partition("=")
        category = _CATEGORY.get(name.lower())
        if not sep or category is None:
            known = ", ".join(CATEGORY_NAMES)
            r.problem(
                section, f"points are written category=N with a category of {known}, not {token[:40]!r}"
            )
            ok = False
            continue
        amount = r.integer(section, value, 0, 100_000, f"the {name} points")
        if amount is None:
            ok = False
        elif amount % 10:
            r.problem(
                section, f"p{seat}'s {name} points, {amount}, are no multiple of 10", CATEGORY_RULES[category]
            )
            ok = False
        else:
            into[2 * category + seat] += amount
    return ok


# -- sections -------------------------------------------------------------------------------------


def _read_options(r: PositionReader, game: FildinskiGame) -> FildinskiOptions:
    given = r.options(game.options_dict())
    if given is not None:
        try:
            return type(game).with_options(given).options
        except InvalidOptionError as error:
            r.option_error(error)
        except ValueError as error:  # a number Python will not read (too long, or odd digits)
            r.problem("options", f"an option value cannot be read: {str(error)[:80]}")
    return game.options


def _read_seed(r: PositionReader, default: int) -> int | None:
    tokens = r.take("seed", required=False)
    if tokens is None:
        return default
    return r.seed("seed", tokens)


def _read_deal(r: PositionReader) -> tuple[int, int] | None:
    tokens = r.take("deal")
    if tokens is None:
        return None
    if len(tokens) != 3 or tokens[1].lower() != "dealer":
        r.problem("deal", "the deal is written N dealer pX, as in deal 1 dealer p0")
        return None
    number = r.integer("deal", tokens[0], 1, 99_999, "the deal number")
    dealer = r.seat("deal", tokens[2], 2)
    return None if number is None or dealer is None else (number, dealer)


def _read_totals(r: PositionReader) -> tuple[int, int] | None:
    tokens = r.take("totals")
    if tokens is None:
        return None
    if len(tokens) != 2:
        r.problem("totals", "the totals are two numbers, p0's then p1's")
        return None
    first = r.integer("totals", tokens[0], 0, 10**9, "a total")
    second = r.integer("totals", tokens[1], 0, 10**9, "a total")
    if first is None or second is None:
        return None
    for seat, value in enumerate((first, second)):
        if value % 10:
            r.problem("totals", f"p{seat}'s total {value} is no multiple of 10", "fildinski.game.score-sheet")
    return first, second


def _read_past(r: PositionReader) -> list[DealSummary] | None:
    tokens = r.take("past")
    if tokens is None:
        return None
    parts = groups(tokens)
    if len(parts) > 100_000:
        r.problem("past", "too many deals")
        return None
    out: list[DealSummary] = []
    ok = True
    for number, part in enumerate(parts, start=1):
        suit = _SUITS.get(part[0].upper()) if part else None
        if suit is None:
            r.problem("past", f"deal {number} starts with its trump suit (C, D, H or S)")
            ok = False
            continue
        seats = _per_seat(r, "past", _split_seats(part[1:]))
        if seats is None:
            ok = False
            continue
        points = list(NO_POINTS)
        if not (_points(r, "past", seats[0], 0, points) and _points(r, "past", seats[1], 1, points)):
            ok = False
            continue
        out.append(DealSummary(tuple(points), (), None, int(suit)))
    return out if ok else None


def _split_seats(tokens: Sequence[str]) -> list[str]:
    """``p0 a b p1 c`` as ``p0 a b / p1 c`` (the seats of a past deal are not separated by ``/``)."""
    out: list[str] = []
    for token in tokens:
        if token.lower() in ("p0", "p1") and out:
            out.append("/")
        out.append(token)
    return out


def _read_decks(r: PositionReader) -> list[tuple[int, ...]] | None:
    tokens = r.take("decks", required=False)
    if tokens is None:
        return []
    out = []
    for number, part in enumerate(groups(tokens), start=1):
        cards = _cards(r, "decks", part)
        if cards is None:
            return None
        kinds = [c.kind for c in cards]
        if len(kinds) != 64 or any(kinds.count(k) != 2 for k in set(kinds)):
            r.problem(
                "decks",
                f"later deck {number} is not the 64 cards of the pack, each twice ({len(kinds)} cards)",
                "common.deal.permutation",
            )
            return None
        out.append(label_deck(kinds))
    return out


def _read_trump(r: PositionReader) -> int | None:
    tokens = r.take("trump")
    if tokens is None:
        return None
    suit = _SUITS.get(tokens[0].upper()) if len(tokens) == 1 else None
    if suit is None:
        r.problem("trump", "the trump is one suit: C, D, H or S")
        return None
    return int(suit)


def _read_turn(r: PositionReader) -> tuple[int, bool] | None:
    tokens = r.take("turn")
    if tokens is None:
        return None
    if len(tokens) == 1 and tokens[0].lower() == "over":
        return TERMINAL, False
    if len(tokens) == 2 and tokens[1].lower() in ("play", "meld"):
        seat = r.seat("turn", tokens[0], 2)
        return None if seat is None else (seat, tokens[1].lower() == "meld")
    r.problem("turn", "the turn is pX play, pX meld (in a meld step) or over")
    return None


def _read_trick(r: PositionReader) -> tuple[int, Tok] | bool | None:
    """The trick in progress: ``(leader, card)``, ``None`` when empty, ``False`` when unreadable."""
    tokens = r.take("trick")
    if tokens is None:
        return False
    if not tokens:
        return None
    if len(tokens) != 2:
        r.problem("trick", "the trick in progress is its leader and the card led, as in p0 QS, or -")
        return False
    seat, card = r.seat("trick", tokens[0], 2), _card(r, "trick", tokens[1])
    return False if seat is None or card is None else (seat, card)


def _read_stock(r: PositionReader) -> list[Tok] | None:
    tokens = r.take("stock")
    return None if tokens is None else _cards(r, "stock", tokens)


def _read_tricks(r: PositionReader) -> list[tuple[int, Tok, Tok]] | None:
    tokens = r.take("tricks")
    if tokens is None:
        return None
    parts = groups(tokens)
    if len(parts) > DEAL_TRICKS:
        r.problem(
            "tricks", f"a deal has {DEAL_TRICKS} tricks, not {len(parts)}", "fildinski.endgame.trick-cycle"
        )
        return None
    out = []
    ok = True
    for number, part in enumerate(parts, start=1):
        if len(part) != 3:
            r.problem("tricks", f"trick {number} is its leader and two cards, as in p0 QS JD")
            ok = False
            continue
        seat = r.seat("tricks", part[0], 2)
        a, b = _card(r, "tricks", part[1]), _card(r, "tricks", part[2])
        if seat is None or a is None or b is None:
            ok = False
            continue
        out.append((seat, a, b))
    return out if ok else None


def _read_melds(r: PositionReader) -> list[tuple[int, int, MeldKind, list[Tok]]] | None:
    tokens = r.take("melds")
    if tokens is None:
        return None
    parts = groups(tokens)
    if len(parts) > _MAX_GROUPS:
        r.problem("melds", f"more than {_MAX_GROUPS} melds")
        return None
    out = []
    ok = True
    for part in parts:
        if len(part) < 4:
            r.problem("melds", "each meld is its melder, trick, kind and cards, as in p0 4 bezique JD QS")
            ok = False
            continue
        seat = r.seat("melds", part[0], 2)
        number = r.integer("melds", part[1], 1, DEAL_TRICKS, "a meld's trick")
        kind = r.item("melds", part[2], parse_meld_kind, "a kind of meld")
        cards = _cards(r, "melds", part[3:])
        if seat is None or number is None or kind is None or cards is None:
            ok = False
            continue
        out.append((seat, number, kind, cards))
    return out if ok else None


def _read_dix(r: PositionReader) -> tuple[int, int, Tok, Tok] | bool | None:
    """The dix ``(seat, trick, seven, taken)``, ``None`` when none, ``False`` when unreadable."""
    tokens = r.take("dix")
    if tokens is None:
        return False
    if not tokens:
        return None
    if len(tokens) != 4:
        r.problem("dix", "the dix is its seat, trick, the seven given and the card taken, as in p0 3 7H KH")
        return False
    seat = r.seat("dix", tokens[0], 2)
    number = r.integer("dix", tokens[1], 1, DEAL_TRICKS, "the dix's trick")
    seven, taken = _card(r, "dix", tokens[2]), _card(r, "dix", tokens[3])
    if seat is None or number is None or seven is None or taken is None:
        return False
    return seat, number, seven, taken


def _read_deal_points(r: PositionReader) -> list[int] | None:
    parts = _per_seat(r, "points", r.take("points"))
    if parts is None:
        return None
    points = list(NO_POINTS)
    ok = _points(r, "points", parts[0], 0, points) & _points(r, "points", parts[1], 1, points)
    return points if ok else None
