"""Reading a Fildinski position: each section's tokens into plain values.

:func:`read_sections` reads every section of a position text
(:mod:`cardrules.games.fildinski.position` lists them) into a
:class:`~cardrules.games.fildinski.position_check.Sections`, reporting each
malformed token to the :class:`~cardrules.position.PositionReader` with its
section; whether the values describe a position that can arise is
:mod:`~cardrules.games.fildinski.position_check`'s to judge.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Final

from cardrules.cards import Suit, parse_card
from cardrules.errors import InvalidNotationError
from cardrules.game import TERMINAL
from cardrules.games.fildinski.cards import DEAL_TRICKS, card_kind, label_deck
from cardrules.games.fildinski.melds import MeldKind, parse_meld_kind
from cardrules.games.fildinski.options import FildinskiOptions
from cardrules.games.fildinski.position_check import Sections
from cardrules.games.fildinski.position_copies import Tok
from cardrules.games.fildinski.position_points import CATEGORY_NAMES, CATEGORY_RULES
from cardrules.games.fildinski.scoring import NO_POINTS, Category, DealSummary
from cardrules.position import PositionReader, groups

__all__ = ["read_sections"]

_CATEGORY: Final[Mapping[str, Category]] = MappingProxyType(dict(zip(CATEGORY_NAMES, Category, strict=True)))
_SUITS: Final[Mapping[str, Suit]] = MappingProxyType(
    {**{s.letter: s for s in Suit}, **{s.symbol: s for s in Suit}}
)

_MAX_GROUPS: Final = 200
"""The most groups a history section may hold (a deal has 32 tricks and far fewer melds)."""


def read_sections(r: PositionReader, options: FildinskiOptions, seed: int) -> Sections | None:
    """Every section but the options (read first, into ``options``) of the text ``r`` reads.

    ``None`` when a section cannot be read (``r`` says why). A text that leaves
    its seed out takes ``seed``.
    """
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
        return None
    assert not isinstance(trick, bool) and not isinstance(dix, bool)
    return Sections(
        options=options, seed=known, number=deal[0], dealer=deal[1], totals=totals, past=past, later=later,
        trump=trump, to_act=turn[0], in_step=turn[1], hands=hands, trick=trick, stock=stock, won=won,
        retired=retired, tricks=tricks, melds=melds, dix=dix, points=points,
    )  # fmt: skip


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
