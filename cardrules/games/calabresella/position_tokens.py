"""Reading a Calabresella position: each section's tokens into plain values.

:func:`read_sections` reads every section of a position text
(:mod:`cardrules.games.calabresella.position` lists them) into a
:class:`~cardrules.games.calabresella.position_check.Written`, reporting each
malformed token to the :class:`~cardrules.position.PositionReader` with its
section and, where a token alone breaks one, the rule;
:mod:`~cardrules.games.calabresella.position_check` builds the state from the
values and judges whether the position can arise.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from types import MappingProxyType
from typing import Final, TypeVar

from cardrules.cards import parse_card
from cardrules.errors import InvalidOptionError
from cardrules.game import TERMINAL
from cardrules.games.calabresella.cards import DECK_MASK
from cardrules.games.calabresella.deal import LEVEL_NAMES, Phase
from cardrules.games.calabresella.options import CalabresellaOptions, options_from
from cardrules.games.calabresella.position_check import Written, check_balances, check_later_deck
from cardrules.games.calabresella.scoring import Contract, Raise
from cardrules.options import options_as_dict
from cardrules.position import PositionReader, groups

__all__ = ["read_sections"]

T = TypeVar("T")
A = TypeVar("A")

_LEVEL_WORDS: Final = tuple(name.lower() for name in LEVEL_NAMES)
_PHASES: Final = MappingProxyType({phase.name.lower(): phase for phase in Phase})
_RAISES: Final = MappingProxyType({choice.value: choice for choice in Raise})
_INTEGER: Final = re.compile(r"-?[0-9]+", re.ASCII)

_MAX_HAND_NUMBER: Final = 10**9
_MAX_BALANCE: Final = 10**11 - 1
_MAX_OPTION_CHARS: Final = 64
_MAX_LATER_DECKS: Final = 100

# The rules a section's tokens can break (position_check names the others).
_COMPOSITION: Final = "calabresella.deck.composition"
_RETURN: Final = "calabresella.exchange.return"
_TURN: Final = "calabresella.play.turn"
_TRICKS: Final = "calabresella.play.tricks"


class _Tokens:
    """The token readers of one text, each problem in its section (used once, by :func:`read_sections`)."""

    def __init__(self, reader: PositionReader) -> None:
        self.reader = reader
        self.given: set[str] = set()
        self.bad: set[str] = set()

    def section(
        self, keyword: str, read: Callable[[_Tokens, tuple[str, ...]], T], absent: A, required: bool = False
    ) -> T | A:
        """Section ``keyword`` read from its tokens by ``read``; ``absent`` when the text leaves it out."""
        tokens = self.take(keyword, required)
        return absent if tokens is None else read(self, tokens)

    def take(self, keyword: str, required: bool = False) -> tuple[str, ...] | None:
        tokens = self.reader.take(keyword, required=required)
        if tokens is not None:
            self.given.add(keyword)
        elif required:
            self.bad.add(keyword)
        return tokens

    def take_cards(self, keyword: str, required: bool = False) -> tuple[int, ...] | None:
        """The cards of section ``keyword``; ``()`` when an optional one is left out."""
        tokens = self.take(keyword, required=required)
        if tokens is None:
            return None if required else ()
        return self.cards(keyword, tokens)

    def fail(self, section: str, message: str, rule: str | None = None) -> None:
        """A problem that leaves ``section`` unread."""
        self.bad.add(section.split()[0])
        self.reader.problem(section, message, rule)

    def integer(self, section: str, token: str, low: int, high: int, what: str) -> int | None:
        if not _INTEGER.fullmatch(token):
            self.fail(section, f"{what} is a whole number, not {token[:40]!r}")
            return None
        if len(token) > 12:
            self.fail(section, f"{what} is {low} to {high}, not a number of {len(token.lstrip('-'))} digits")
            return None
        value = self.reader.integer(section, token, low, high, what)
        if value is None:
            self.bad.add(section.split()[0])
        return value

    def seat(self, section: str, token: str) -> int | None:
        seat = self.reader.seat(section, token, 3)
        if seat is None:
            self.bad.add(section.split()[0])
        return seat

    def card(self, section: str, token: str) -> int | None:
        card = self.reader.item(section, token, parse_card, "a card")
        if card is None:
            self.bad.add(section.split()[0])
            return None
        if not DECK_MASK >> card.index & 1:
            self.fail(section, f"{card} is not in the 40-card pack (it has no 8, 9 or 10)", _COMPOSITION)
            return None
        return card.index

    def cards(self, section: str, tokens: Sequence[str]) -> tuple[int, ...] | None:
        cards = [self.card(section, token) for token in tokens]
        return None if None in cards else tuple(card for card in cards if card is not None)


# -- the sections, each read from its tokens into plain values ----------------------------


def read_sections(reader: PositionReader, options: CalabresellaOptions, seed: int) -> Written:
    """Every section of the text ``reader`` reads, in the writer's order (the order of the problems).

    A section the text leaves out takes its default: an option its value in ``options``, the seed ``seed``.
    """
    t = _Tokens(reader)
    return Written(
        _options(t, options),
        *t.section("deal", _deal, (None, None), required=True),
        balances=t.section("balances", _balances, (0, 0, 0)),
        seed=t.section("seed", _seed, seed),
        later=t.section("decks", _decks, ()),
        phase=t.section("phase", _phase, None),
        hands=t.section("hands", _hands, None, required=True),
        monte=t.take_cards("monte", required=True),
        dealt=t.take_cards("dealt-monte", required=True),
        calls=t.section("calls", _calls, ()),
        contract=t.section("contract", _contract, None),
        called=t.section("called", _called, None),
        returned=_returned(t),
        raised=t.section("raise", _raise, None),
        laid=t.section("laid", _laid, ()),
        tricks=t.section("tricks", _tricks, ()),
        trick=t.section("trick", _trick, None),
        score=t.section("score", _score, None),
        given=frozenset(t.given),
        bad=frozenset(t.bad),
    )


def _options(t: _Tokens, current: CalabresellaOptions) -> CalabresellaOptions | None:
    given = t.reader.options(options_as_dict(current))
    if given is None:
        t.bad.add("options")
        return None
    for name, value in given.items():
        if len(name) > _MAX_OPTION_CHARS or (isinstance(value, str) and len(value) > _MAX_OPTION_CHARS):
            t.fail("options", f"option {name[:40]!r} is too long to be an option of Calabresella")
            return None
    try:
        return options_from(given)
    except InvalidOptionError as error:
        t.bad.add("options")
        t.reader.option_error(error)
        return None


def _deal(t: _Tokens, tokens: tuple[str, ...]) -> tuple[int | None, int | None]:
    """The hand number and the dealer."""
    if len(tokens) != 3 or tokens[1].lower() != "dealer":
        t.fail("deal", "write the hand number and its dealer, as in 'deal 1 dealer p0'")
        return None, None
    hand_number = t.integer("deal", tokens[0], 1, _MAX_HAND_NUMBER, "the hand number")
    return hand_number, t.seat("deal", tokens[2])


def _balances(t: _Tokens, tokens: tuple[str, ...]) -> tuple[int, int, int] | None:
    if len(tokens) != 3:
        t.fail("balances", f"write the three seats' balances, not {len(tokens)} numbers")
        return None
    a, b, c = [t.integer("balances", token, -_MAX_BALANCE, _MAX_BALANCE, "a balance") for token in tokens]
    if a is None or b is None or c is None:
        return None
    check_balances((a, b, c), t.reader)
    return (a, b, c)


def _seed(t: _Tokens, tokens: tuple[str, ...]) -> int | None:
    seed = t.reader.seed("seed", tokens)
    if seed is None:
        t.bad.add("seed")  # as fail() marks it: the section is left unread
    return seed


def _decks(t: _Tokens, tokens: tuple[str, ...]) -> tuple[tuple[int, ...], ...] | None:
    decks = groups(tokens)
    if len(decks) > _MAX_LATER_DECKS:
        t.fail("decks", f"at most {_MAX_LATER_DECKS} later deck orders, not {len(decks)}")
        return None
    out: list[tuple[int, ...]] = []
    for number, deck_tokens in enumerate(decks, start=1):
        section = f"decks {number}"
        deck = t.cards(section, deck_tokens)
        if deck is None:
            continue
        if not check_later_deck(section, number, deck, t.reader):
            t.bad.add("decks")
            continue
        out.append(deck)
    return None if "decks" in t.bad else tuple(out)


def _phase(t: _Tokens, tokens: tuple[str, ...]) -> tuple[Phase, int] | None:
    """The phase and the seat to act (``TERMINAL`` once over)."""
    phase = _PHASES.get(tokens[0].lower()) if tokens else None
    if phase is None:
        shown = repr(tokens[0][:40]) if tokens else "nothing"
        t.fail("phase", f"the phase is one of {', '.join(_PHASES)}, not {shown}")
        return None
    if phase is Phase.OVER:
        if len(tokens) != 1:
            t.fail("phase", "nobody acts once the hand is over: write 'phase over'")
            return None
        return (phase, TERMINAL)
    if len(tokens) != 2:
        t.fail("phase", f"write the phase and the seat to act, as in 'phase {phase.name.lower()} p0'")
        return None
    seat = t.seat("phase", tokens[1])
    return None if seat is None else (phase, seat)


def _hands(t: _Tokens, tokens: tuple[str, ...]) -> tuple[tuple[int, ...], ...] | None:
    parts = groups(tokens)
    if len(parts) != 3:
        t.fail("hands", f"write the three hands p0 / p1 / p2, not {len(parts)} groups")
        return None
    hands = [t.cards(f"hands p{seat}", part) for seat, part in enumerate(parts)]
    return None if None in hands else tuple(hand for hand in hands if hand is not None)


def _calls(t: _Tokens, tokens: tuple[str, ...]) -> tuple[tuple[int, int], ...] | None:
    """Each call as its seat and level (0 a pass, then the contracts in order)."""
    if len(tokens) % 2:
        t.fail("calls", "write each call as a seat and its call, as in 'calls p1 pass p2 solo'")
        return None
    out: list[tuple[int, int]] = []
    for i in range(0, len(tokens), 2):
        seat = t.seat("calls", tokens[i])
        word = tokens[i + 1].lower()
        if word not in _LEVEL_WORDS:
            t.fail("calls", f"a call is pass, chiamo, solo or solissimo, not {tokens[i + 1][:40]!r}")
            continue
        if seat is not None:
            out.append((seat, _LEVEL_WORDS.index(word)))
    return None if "calls" in t.bad else tuple(out)


def _contract(t: _Tokens, tokens: tuple[str, ...]) -> tuple[int, Contract] | None:
    if not tokens:
        return None
    contract = {c.value: c for c in Contract}.get(tokens[1].lower()) if len(tokens) == 2 else None
    if contract is None:
        t.fail("contract", "write the bidder and the contract, as in 'contract p1 solo', or '-'")
        return None
    seat = t.seat("contract", tokens[0])
    return None if seat is None else (seat, contract)


def _called(t: _Tokens, tokens: tuple[str, ...]) -> tuple[int, int] | None:
    """The called card and its giver (-1: the monte)."""
    if not tokens:
        return None
    if len(tokens) != 2:
        t.fail("called", "write the called card and who gave it, as in 'called 3S p0' or 'called 3S monte'")
        return None
    card = t.card("called", tokens[0])
    giver = -1 if tokens[1].lower() == "monte" else t.seat("called", tokens[1])
    return (card, giver) if card is not None and giver is not None else None


def _returned(t: _Tokens) -> int | None:
    returned = t.take_cards("returned")
    if returned is not None and len(returned) > 1:
        t.fail("returned", f"one card is returned, not {len(returned)}", _RETURN)
        return None
    return returned[0] if returned else None


def _raise(t: _Tokens, tokens: tuple[str, ...]) -> Raise | None:
    if not tokens:
        return None
    choice = _RAISES.get(tokens[0].lower()) if len(tokens) == 1 else None
    if choice is None:
        t.fail("raise", "the raise is none, dividete or scegliete")
    return choice


def _laid(t: _Tokens, tokens: tuple[str, ...]) -> tuple[tuple[int, tuple[int, ...]], ...] | None:
    out: list[tuple[int, tuple[int, ...]]] = []
    for number, part in enumerate(groups(tokens), start=1):
        section = f"laid {number}"
        if len(part) < 2:
            t.fail(section, "write each lay-away as its seat and the cards laid, as in 'p1 4C 5C'")
            continue
        seat = t.seat(section, part[0])
        cards = t.cards(section, part[1:])
        if seat is not None and cards is not None:
            out.append((seat, cards))
    return None if "laid" in t.bad else tuple(out)


def _tricks(t: _Tokens, tokens: tuple[str, ...]) -> tuple[tuple[int, tuple[int, ...]], ...] | None:
    parts = groups(tokens)
    if len(parts) > 12:
        t.fail("tricks", f"a hand has 12 tricks, not {len(parts)}", _TRICKS)
        return None
    out: list[tuple[int, tuple[int, ...]]] = []
    for number, part in enumerate(parts, start=1):
        section = f"tricks {number}"
        if len(part) != 4:
            t.fail(
                section,
                "a completed trick is its leader and one card from each of the three seats, "
                "as in 'p1 3S 4S 5S'",
                _TURN if len(part) > 1 else None,
            )
            continue
        seat = t.seat(section, part[0])
        cards = t.cards(section, part[1:])
        if seat is not None and cards is not None:
            out.append((seat, cards))
    return None if "tricks" in t.bad else tuple(out)


def _trick(t: _Tokens, tokens: tuple[str, ...]) -> tuple[int, tuple[int, ...]] | None:
    if not tokens:
        return None
    if len(tokens) > 3:
        t.fail(
            "trick",
            f"the trick being played holds at most 2 cards, not {len(tokens) - 1}: "
            "a complete trick is written in tricks",
            _TURN,
        )
        return None
    seat = t.seat("trick", tokens[0])
    cards = t.cards("trick", tokens[1:])
    return (seat, cards) if seat is not None and cards is not None else None


def _score(t: _Tokens, tokens: tuple[str, ...]) -> tuple[int, int, tuple[int, int, int]] | None:
    """The bidder's and the opponents' thirds and the three payments."""
    if not tokens:
        return None
    if len(tokens) != 7 or tokens[0].lower() != "thirds" or tokens[3].lower() != "payments":
        t.fail("score", "write 'score thirds B O payments a b c' (the settlement), or '-'")
        return None
    tb, to = [t.integer("score", token, 0, 35, "a side's thirds") for token in tokens[1:3]]
    a, b, c = [t.integer("score", token, -_MAX_BALANCE, _MAX_BALANCE, "a payment") for token in tokens[4:7]]
    if tb is not None and to is not None and a is not None and b is not None and c is not None:
        return (tb, to, (a, b, c))
    return None
