"""The Calabresella position: one line that says everything deciding the rest of a hand.

:func:`write_position` writes a state's position (``state.position()``) and
:func:`read_position` reads one back (``game.from_position(text)``), in the
shared grammar of :mod:`cardrules.position`. A position holds the zones as they
lie now, and the public history of the hand (the calls, the exchange, the
tricks); the reader takes the zones and the history back to the deal, deals it
again and replays the history with the engine's own check, so every action of
the history is judged again and everything the history decides (the contract,
the won piles, the trick winners, what each seat saw in the exchange, the
settlement) is derived from it. A section that states something the history
also decides must agree with it.

The sections, in the order the writer puts them (the reader takes any order):

===============  ===================================  ===============================================
section          tokens                               meaning (the rules it reflects)
===============  ===================================  ===============================================
``options``      ``name=value`` for all 11 options    the options; one left out keeps the game's
                                                      (each option's rule)
``deal``         ``N dealer pD``                      hand N of the session, dealt by pD
                                                      (calabresella.procedure.session)
``balances``     three whole numbers                  the session balances before this hand, summing
                                                      to zero (calabresella.procedure.session)
``seed``         a whole number                       the seed of the later hands' shuffles
``decks``        40 cards ``/`` 40 cards ...          deck orders of the next hands, written only when
                                                      given (common.deal.permutation)
``phase``        a phase and the seat to act, or      where the hand stands, as ``play p1``
                 ``over``                             (calabresella.procedure.phases)
``hands``        cards ``/`` cards ``/`` cards        H0, H1, H2 (calabresella.deck.composition)
``monte``        cards, in order                      the monte M now; once settled, the final monte
                                                      that went to the last trick's side
                                                      (calabresella.scoring.monte)
``dealt-monte``  4 cards, in order                    the monte as dealt, the deck's last four
                                                      (calabresella.deal.monte)
``calls``        ``pS call`` ..., a call being        the auction, in order (calabresella.bidding.order,
                 pass, chiamo, solo or solissimo      calabresella.bidding.overcall)
``contract``     ``pB chiamo`` (solo, solissimo)      the bidder and contract (calabresella.bidding.end)
``called``       ``CARD pG`` or ``CARD monte``        the called card and who handed it over
                                                      (calabresella.exchange.handover)
``returned``     a card                               B's return (calabresella.exchange.return)
``raise``        none, dividete or scegliete          the Solissimo raise
                                                      (calabresella.exchange.solissimo-raise)
``laid``         ``pS`` cards ``/`` ...               every lay-away, in order
                                                      (calabresella.exchange.discard, .dividete,
                                                      .scegliete)
``tricks``       ``pL`` 3 cards ``/`` ...             the completed tricks, each its leader and cards
                                                      in order (calabresella.play.turn)
``trick``        ``pL`` and 0 to 2 cards              the trick being played; ``-`` outside play
``score``        ``thirds B O payments a b c``        once settled: the bidder's and the opponents'
                                                      thirds, each seat's payment
                                                      (calabresella.scoring.rounding,
                                                      calabresella.scoring.payment)
===============  ===================================  ===============================================

``-`` is an empty list (``trick -``, ``returned -``), ``/`` separates groups
and seats are ``p0``-``p2``. The reader requires ``deal``, ``hands``, ``monte``
and ``dealt-monte``; a history section left out is empty (no calls, no
exchange, no trick); ``balances`` defaults to ``0 0 0``, ``seed`` to the seed
given to the reader (``from_position(text, seed=N)``, 0 by default) and
``decks`` to none (``seed`` and ``decks`` are the future, which the short form,
``state.position(future=False)``, leaves out); ``phase``, ``contract`` and ``score``, which the history
decides, are checked when given and derived when left out.

What the reader refuses, and the rule it names: a card outside the 40-card
pack, or not in exactly one zone of ``hands``, ``monte``, ``tricks`` and
``trick`` (calabresella.deck.composition); a ``dealt-monte`` that is not 4
distinct cards, or a monte card that was neither dealt there nor laid away
(calabresella.deal.monte); hands that, with the cards played and passed in
the exchange, do not come to the 12 cards each seat was dealt
(calabresella.deal.packets); a trick led by the wrong seat
(calabresella.play.opening-lead, calabresella.play.next-lead), of the wrong
size (calabresella.play.turn) or past the twelfth (calabresella.play.tricks);
balances that do not sum to zero (calabresella.procedure.session); a
history action the engine finds illegal in the replay (the rules of its
verdict: calabresella.play.follow for a revoke, common.turn.player-to-act for
the wrong seat, ...); history the hand never reaches
(calabresella.procedure.phases); and a section that disagrees with the
history: the phase or the seat to act (calabresella.procedure.phases,
common.turn.player-to-act), the contract (calabresella.bidding.end), the
giver (calabresella.exchange.handover, calabresella.exchange.called-in-monte),
a hand or the monte (the exchange rule that moves the card), the score
(calabresella.scoring.rounding, calabresella.scoring.payment).

>>> import cardrules
>>> game = cardrules.get_game("calabresella")
>>> state = game.new_game(seed=4).apply("p0 bid solissimo").apply("p0 raise none").apply("p0 play 3S")
>>> text = state.position()
>>> parts = text.split(" ; ")
>>> parts[5]
'phase play p1'
>>> for hand in parts[6].removeprefix("hands ").split(" / "):
...     print(hand)
4C 5C JC 6D QD 2H 3H 4H 7H 7S AS
6C KC AC 7D JD AD 5H 6H JH KH QS KS
3C 7C QC 2D 3D 4D 5D KD AH 4S 5S 6S
>>> for part in parts[7:]:
...     print(part)
monte QH 2C JS 2S
dealt-monte QH 2C JS 2S
calls p0 solissimo
contract p0 solissimo
called -
returned -
raise none
laid -
tricks -
trick p0 3S
score -
>>> game.from_position(text).position() == text
True
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING, Final, TypeVar

from cardrules.cards import card_at, cards_in, parse_card
from cardrules.errors import InvalidOptionError
from cardrules.game import TERMINAL
from cardrules.games.calabresella.cards import DECK_MASK
from cardrules.games.calabresella.deal import LEVEL_NAMES, Phase
from cardrules.games.calabresella.options import CalabresellaOptions, options_from
from cardrules.games.calabresella.position_check import Written, build_state, check_balances, check_later_deck
from cardrules.games.calabresella.scoring import Contract, Raise
from cardrules.options import options_as_dict
from cardrules.position import PositionReader, PositionWriter, groups

if TYPE_CHECKING:
    from cardrules.games.calabresella.game import CalabresellaGame
    from cardrules.games.calabresella.state import CalabresellaState

__all__ = ["SECTIONS", "read_position", "write_position"]

T = TypeVar("T")
A = TypeVar("A")

SECTIONS: Final = (
    "options",
    "deal",
    "balances",
    "seed",
    "decks",
    "phase",
    "hands",
    "monte",
    "dealt-monte",
    "calls",
    "contract",
    "called",
    "returned",
    "raise",
    "laid",
    "tricks",
    "trick",
    "score",
)
"""The sections of a Calabresella position, in the writer's order (``decks`` only when there are any)."""

_GAME: Final = "calabresella"
_TEXT: Final = tuple(str(card_at(index)) for index in range(52))
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


# -- the writer -------------------------------------------------------------------


def _seat(seat: int) -> str:
    return f"p{seat}"


def _grouped(parts: Sequence[Sequence[str]]) -> list[str]:
    """Token lists joined with ``/``; an empty list is written ``-``."""
    out: list[str] = []
    for i, part in enumerate(parts):
        if i:
            out.append("/")
        out.extend(part if part else ("-",))
    return out


def _mask_text(mask: int) -> list[str]:
    return [str(card) for card in cards_in(mask)]


def write_position(state: CalabresellaState, *, future: bool = True) -> str:
    """The position of ``state`` as canonical text (the sections of the module's table, in order).

    Without ``future``, the short form: no ``seed`` and no ``decks``.
    """
    context = state.context
    plan = context.plan
    setup = state.setup
    tally = state.tally
    text = _TEXT
    writer = PositionWriter(_GAME)
    writer.options(options_as_dict(plan.options))
    writer.section("deal", context.hand_number, "dealer", _seat(context.dealer))
    writer.section("balances", *context.balances)
    later = plan.later_decks(context.hand_number) if future else ()
    if future:
        writer.section("seed", plan.seed)
    if later:
        writer.section("decks", *_grouped([[text[c] for c in deck] for deck in later]))
    phase = state.phase
    if phase is Phase.OVER:
        writer.section("phase", "over")
    else:
        writer.section("phase", phase.name.lower(), _seat(state.current_player))
    writer.section("hands", *_grouped([_mask_text(hand) for hand in state.hands]))
    settlement = state.settlement
    monte = state.final_monte if settlement is not None else state.monte
    writer.section("monte", *(text[c] for c in monte))
    writer.section("dealt-monte", *(text[c] for c in state.dealt_monte))
    writer.section("calls", *(word for s, level in setup.calls for word in (_seat(s), _LEVEL_WORDS[level])))
    if setup.contract is None:
        writer.section("contract")
    else:
        writer.section("contract", _seat(setup.bidder), setup.contract.value)
    if setup.called < 0:
        writer.section("called")
    else:
        writer.section("called", text[setup.called], _seat(setup.giver) if setup.giver >= 0 else "monte")
    writer.section("returned", *((text[setup.returned],) if setup.returned >= 0 else ()))
    writer.section("raise", *((setup.raised.value,) if setup.raised is not None else ()))
    writer.section("laid", *_grouped([[_seat(s), *(text[c] for c in cards)] for s, cards in setup.laid]))
    plays = state.plays
    done = len(tally.winners)
    writer.section(
        "tricks",
        *_grouped(
            [[_seat(plays[3 * t][0]), *(text[c] for _, c in plays[3 * t : 3 * t + 3])] for t in range(done)]
        ),
    )
    if phase is Phase.PLAY:
        writer.section("trick", _seat(tally.leader), *(text[c] for c in state.trick))
    else:
        writer.section("trick")
    if settlement is None:
        writer.section("score")
    else:
        writer.section(
            "score",
            "thirds",
            settlement.thirds_bidder,
            settlement.thirds_opponents,
            "payments",
            *settlement.payments,
        )
    return str(writer)


# -- the reader -------------------------------------------------------------------


class _Tokens:
    """The token readers of one text, each problem in its section (used once, by :func:`read_position`)."""

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


def _read_sections(t: _Tokens, game: CalabresellaGame, seed: int) -> Written:
    """Every section, in the writer's order (the order of the problems), with the value of one left out."""
    return Written(
        _options(t, game),
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


def _options(t: _Tokens, game: CalabresellaGame) -> CalabresellaOptions | None:
    given = t.reader.options(options_as_dict(game.options))
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


def read_position(game: CalabresellaGame, text: str, *, seed: int = 0) -> CalabresellaState:
    """The state the position ``text`` describes, with ``game``'s options where the text leaves one out.

    ``seed`` shuffles the later hands when the text leaves its seed out (a short position).

    The state is dealt again from the deck the zones and the history go back
    to (each seat's 12 cards in index order, dealt in packets of four, then
    the dealt monte) and the history is replayed on it with the engine's own
    check, so it is an ordinary state of the game and draws no randomness.

    Raises:
        InvalidPositionError: the text is malformed or the position cannot
            arise; every problem is listed, with its section and rule.
    """
    tokens = _Tokens(PositionReader(text, _GAME))
    state = build_state(_read_sections(tokens, game, seed), tokens.reader)
    tokens.reader.finish()
    assert state is not None, "a position with no problem has been replayed"
    return state
