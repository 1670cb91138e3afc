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
exchange, no trick); ``balances`` defaults to ``0 0 0``, ``seed`` to 0 and
``decks`` to none; ``phase``, ``contract`` and ``score``, which the history
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
from typing import TYPE_CHECKING, Final, TypeVar

from cardrules.cards import card_at, cards_in, parse_card
from cardrules.errors import InvalidOptionError
from cardrules.game import TERMINAL, Action
from cardrules.games.calabresella import auction as _auction
from cardrules.games.calabresella import play as _play
from cardrules.games.calabresella import state as _state
from cardrules.games.calabresella.actions import (
    Bid,
    CallCard,
    ChooseRaise,
    Discard,
    Pass,
    PlayCard,
    ReturnCard,
)
from cardrules.games.calabresella.cards import DECK_INDICES, DECK_MASK, mask_of
from cardrules.games.calabresella.deal import LEVEL_NAMES, DealPlan, Phase
from cardrules.games.calabresella.options import Auction, CalabresellaOptions, OpeningLead, options_from
from cardrules.games.calabresella.scoring import CONTRACTS, Contract, Raise
from cardrules.options import options_as_dict
from cardrules.position import PositionReader, PositionWriter, groups

if TYPE_CHECKING:
    from cardrules.games.calabresella.game import CalabresellaGame

__all__ = ["SECTIONS", "read_position", "write_position"]

T = TypeVar("T")

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
_PHASES: Final = {phase.name.lower(): phase for phase in Phase}
_RAISES: Final = {choice.value: choice for choice in Raise}
_INTEGER: Final = re.compile(r"-?[0-9]+", re.ASCII)

_MAX_HAND_NUMBER: Final = 10**9
_MAX_BALANCE: Final = 10**11 - 1
_MAX_SEED_DIGITS: Final = 4300
"""Python's own limit on the digits of an int read from text: every seed a game can use reads back."""
_MAX_OPTION_CHARS: Final = 64
_MAX_LATER_DECKS: Final = 100

# The rules a refused position names.
_COMPOSITION: Final = "calabresella.deck.composition"
_MONTE: Final = "calabresella.deal.monte"
_PACKETS: Final = "calabresella.deal.packets"
_PHASES_RULE: Final = "calabresella.procedure.phases"
_SESSION: Final = "calabresella.procedure.session"
_END: Final = "calabresella.bidding.end"
_HANDOVER: Final = "calabresella.exchange.handover"
_CALLED_IN_MONTE: Final = "calabresella.exchange.called-in-monte"
_RETURN: Final = "calabresella.exchange.return"
_TAKE_MONTE: Final = "calabresella.exchange.take-monte"
_DISCARD: Final = "calabresella.exchange.discard"
_SOLISSIMO: Final = "calabresella.exchange.solissimo"
_DIVIDETE: Final = "calabresella.exchange.dividete"
_SCEGLIETE: Final = "calabresella.exchange.scegliete"
_OPENING_LEAD: Final = "calabresella.play.opening-lead"
_NEXT_LEAD: Final = "calabresella.play.next-lead"
_TURN: Final = "calabresella.play.turn"
_TRICKS: Final = "calabresella.play.tricks"
_ROUNDING: Final = "calabresella.scoring.rounding"
_PAYMENT: Final = "calabresella.scoring.payment"
_SCORING_MONTE: Final = "calabresella.scoring.monte"
_PERMUTATION: Final = "common.deal.permutation"
_PLAYER_TO_ACT: Final = "common.turn.player-to-act"


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


def write_position(state: _state.CalabresellaState) -> str:
    """The position of ``state`` as canonical text (the sections of the module's table, in order)."""
    context = state.context
    plan = context.plan
    setup = state.setup
    tally = state.tally
    text = _TEXT
    writer = PositionWriter(_GAME)
    writer.options(options_as_dict(plan.options))
    writer.section("deal", context.hand_number, "dealer", _seat(context.dealer))
    writer.section("balances", *context.balances)
    writer.section("seed", plan.seed)
    later = plan.later_decks(context.hand_number)
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


def _listing(cards: Sequence[int] | set[int]) -> str:
    return " ".join(_TEXT[c] for c in sorted(cards)) or "nothing"


class _Reading:
    """One reading of a position text: the sections as read, then the checks, then the replay.

    Not a value: it is used once, by :func:`read_position`.
    """

    def __init__(self, game: CalabresellaGame, text: object) -> None:
        self.game = game
        self.reader = PositionReader(text, _GAME)
        self.options: CalabresellaOptions | None = None
        self.hand_number: int | None = None
        self.dealer: int | None = None
        self.balances: tuple[int, int, int] | None = (0, 0, 0)
        self.seed: int | None = 0
        self.later: tuple[tuple[int, ...], ...] | None = ()
        self.phase: tuple[Phase, int] | None = None
        self.hands: tuple[tuple[int, ...], ...] | None = None
        self.monte: tuple[int, ...] | None = None
        self.dealt: tuple[int, ...] | None = None
        self.calls: tuple[tuple[int, int], ...] | None = ()
        self.contract: tuple[int, Contract] | None = None
        self.called: tuple[int, int] | None = None
        self.returned: int | None = None
        self.raised: Raise | None = None
        self.laid: tuple[tuple[int, tuple[int, ...]], ...] | None = ()
        self.tricks: tuple[tuple[int, tuple[int, ...]], ...] | None = ()
        self.trick: tuple[int, tuple[int, ...]] | None = None
        self.score: tuple[int, int, tuple[int, int, int]] | None = None
        self.given: set[str] = set()
        """The optional sections the text has (read well or not)."""
        self.bad: set[str] = set()
        """The sections that could not be read."""

    # -- small readers ----------------------------------------------------------

    def problem(self, section: str, message: str, rule: str | None = None) -> None:
        self.reader.problem(section, message, rule)

    def fail(self, section: str, message: str, rule: str | None = None) -> None:
        """A problem that leaves ``section`` unread."""
        self.bad.add(section.split()[0])
        self.problem(section, message, rule)

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
        out: list[int] = []
        bad = False
        for token in tokens:
            card = self.card(section, token)
            if card is None:
                bad = True
            else:
                out.append(card)
        return None if bad else tuple(out)

    def take(self, keyword: str, required: bool = False) -> tuple[str, ...] | None:
        tokens = self.reader.take(keyword, required=required)
        if tokens is None:
            if required:
                self.bad.add(keyword)
        else:
            self.given.add(keyword)
        return tokens

    # -- the sections -----------------------------------------------------------

    def read_sections(self) -> None:
        self.read_options()
        self.read_deal()
        self.read_balances()
        self.read_seed()
        self.read_decks()
        self.read_phase()
        self.read_hands()
        self.monte = self.read_cards("monte", required=True)
        self.dealt = self.read_cards("dealt-monte", required=True)
        self.read_calls()
        self.read_contract()
        self.read_called()
        returned = self.read_cards("returned")
        if returned is not None and len(returned) > 1:
            self.fail("returned", f"one card is returned, not {len(returned)}", _RETURN)
        else:
            self.returned = returned[0] if returned else None
        self.read_raise()
        self.read_laid()
        self.read_tricks()
        self.read_trick()
        self.read_score()

    def read_options(self) -> None:
        given = self.reader.options(options_as_dict(self.game.options))
        if given is None:
            self.bad.add("options")
            return
        for name, value in given.items():
            if len(name) > _MAX_OPTION_CHARS or (isinstance(value, str) and len(value) > _MAX_OPTION_CHARS):
                self.fail("options", f"option {name[:40]!r} is too long to be an option of Calabresella")
                return
        try:
            self.options = options_from(given)
        except InvalidOptionError as error:
            self.bad.add("options")
            self.reader.option_error(error)

    def read_deal(self) -> None:
        tokens = self.take("deal", required=True)
        if tokens is None:
            return
        if len(tokens) != 3 or tokens[1].lower() != "dealer":
            self.fail("deal", "write the hand number and its dealer, as in 'deal 1 dealer p0'")
            return
        self.hand_number = self.integer("deal", tokens[0], 1, _MAX_HAND_NUMBER, "the hand number")
        self.dealer = self.seat("deal", tokens[2])

    def read_balances(self) -> None:
        tokens = self.take("balances")
        if tokens is None:
            return
        if len(tokens) != 3:
            self.fail("balances", f"write the three seats' balances, not {len(tokens)} numbers")
            self.balances = None
            return
        values = [self.integer("balances", t, -_MAX_BALANCE, _MAX_BALANCE, "a balance") for t in tokens]
        a, b, c = values
        if a is None or b is None or c is None:
            self.balances = None
            return
        self.balances = (a, b, c)
        if a + b + c != 0:
            self.problem(
                "balances",
                f"the balances {a} {b} {c} sum to {a + b + c}: every payment is matched by the others, "
                "so they always sum to zero",
                _SESSION,
            )

    def read_seed(self) -> None:
        tokens = self.take("seed")
        if tokens is None:
            return
        self.seed = None
        if len(tokens) != 1 or not _INTEGER.fullmatch(tokens[0]):
            self.fail("seed", "the seed is one whole number")
        elif len(tokens[0].lstrip("-")) > _MAX_SEED_DIGITS:
            self.fail("seed", f"a seed has at most {_MAX_SEED_DIGITS} digits")
        else:
            self.seed = int(tokens[0])

    def read_decks(self) -> None:
        tokens = self.take("decks")
        if tokens is None:
            return
        self.later = None
        decks = groups(tokens)
        if len(decks) > _MAX_LATER_DECKS:
            self.fail("decks", f"at most {_MAX_LATER_DECKS} later deck orders, not {len(decks)}")
            return
        out: list[tuple[int, ...]] = []
        for number, deck_tokens in enumerate(decks, start=1):
            section = f"decks {number}"
            deck = self.cards(section, deck_tokens)
            if deck is None:
                continue
            if sorted(deck) != sorted(DECK_INDICES):
                missing = set(DECK_INDICES) - set(deck)
                extra = sorted({c for c in deck if deck.count(c) > 1})
                self.fail(
                    section,
                    f"later deck {number} is not an order of the 40-card pack ({len(deck)} cards; missing "
                    f"{_listing(missing)}; twice {_listing(extra)})",
                    _PERMUTATION,
                )
                continue
            out.append(deck)
        if "decks" not in self.bad:
            self.later = tuple(out)

    def read_phase(self) -> None:
        tokens = self.take("phase")
        if tokens is None:
            return
        names = ", ".join(_PHASES)
        phase = _PHASES.get(tokens[0].lower()) if tokens else None
        if phase is None:
            shown = repr(tokens[0][:40]) if tokens else "nothing"
            self.fail("phase", f"the phase is one of {names}, not {shown}")
            return
        if phase is Phase.OVER:
            if len(tokens) != 1:
                self.fail("phase", "nobody acts once the hand is over: write 'phase over'")
                return
            self.phase = (phase, TERMINAL)
            return
        if len(tokens) != 2:
            self.fail("phase", f"write the phase and the seat to act, as in 'phase {phase.name.lower()} p0'")
            return
        seat = self.seat("phase", tokens[1])
        if seat is not None:
            self.phase = (phase, seat)

    def read_hands(self) -> None:
        tokens = self.take("hands", required=True)
        if tokens is None:
            return
        parts = groups(tokens)
        if len(parts) != 3:
            self.fail("hands", f"write the three hands p0 / p1 / p2, not {len(parts)} groups")
            return
        hands = [self.cards(f"hands p{seat}", part) for seat, part in enumerate(parts)]
        if all(hand is not None for hand in hands):
            self.hands = tuple(hand for hand in hands if hand is not None)

    def read_cards(self, keyword: str, required: bool = False) -> tuple[int, ...] | None:
        tokens = self.take(keyword, required=required)
        if tokens is None:
            return None if required else ()
        return self.cards(keyword, tokens)

    def read_calls(self) -> None:
        tokens = self.take("calls")
        if tokens is None:
            return
        self.calls = None
        if len(tokens) % 2:
            self.fail("calls", "write each call as a seat and its call, as in 'calls p1 pass p2 solo'")
            return
        out: list[tuple[int, int]] = []
        for i in range(0, len(tokens), 2):
            seat = self.seat("calls", tokens[i])
            word = tokens[i + 1].lower()
            if word not in _LEVEL_WORDS:
                self.fail("calls", f"a call is pass, chiamo, solo or solissimo, not {tokens[i + 1][:40]!r}")
                continue
            if seat is not None:
                out.append((seat, _LEVEL_WORDS.index(word)))
        if "calls" not in self.bad:
            self.calls = tuple(out)

    def read_contract(self) -> None:
        tokens = self.take("contract")
        if not tokens:
            return
        contract = {c.value: c for c in Contract}.get(tokens[1].lower()) if len(tokens) == 2 else None
        if contract is None:
            self.fail("contract", "write the bidder and the contract, as in 'contract p1 solo', or '-'")
            return
        seat = self.seat("contract", tokens[0])
        if seat is not None:
            self.contract = (seat, contract)

    def read_called(self) -> None:
        tokens = self.take("called")
        if not tokens:
            return
        if len(tokens) != 2:
            self.fail(
                "called", "write the called card and who gave it, as in 'called 3S p0' or 'called 3S monte'"
            )
            return
        card = self.card("called", tokens[0])
        giver = -1 if tokens[1].lower() == "monte" else self.seat("called", tokens[1])
        if card is not None and giver is not None:
            self.called = (card, giver)

    def read_raise(self) -> None:
        tokens = self.take("raise")
        if not tokens:
            return
        choice = _RAISES.get(tokens[0].lower()) if len(tokens) == 1 else None
        if choice is None:
            self.fail("raise", "the raise is none, dividete or scegliete")
            return
        self.raised = choice

    def read_laid(self) -> None:
        tokens = self.take("laid")
        if tokens is None:
            return
        self.laid = None
        out: list[tuple[int, tuple[int, ...]]] = []
        for number, part in enumerate(groups(tokens), start=1):
            section = f"laid {number}"
            if len(part) < 2:
                self.fail(section, "write each lay-away as its seat and the cards laid, as in 'p1 4C 5C'")
                continue
            seat = self.seat(section, part[0])
            cards = self.cards(section, part[1:])
            if seat is not None and cards is not None:
                out.append((seat, cards))
        if "laid" not in self.bad:
            self.laid = tuple(out)

    def read_tricks(self) -> None:
        tokens = self.take("tricks")
        if tokens is None:
            return
        self.tricks = None
        parts = groups(tokens)
        if len(parts) > 12:
            self.fail("tricks", f"a hand has 12 tricks, not {len(parts)}", _TRICKS)
            return
        out: list[tuple[int, tuple[int, ...]]] = []
        for number, part in enumerate(parts, start=1):
            section = f"tricks {number}"
            if len(part) != 4:
                self.fail(
                    section,
                    "a completed trick is its leader and one card from each of the three seats, "
                    "as in 'p1 3S 4S 5S'",
                    _TURN if len(part) > 1 else None,
                )
                continue
            seat = self.seat(section, part[0])
            cards = self.cards(section, part[1:])
            if seat is not None and cards is not None:
                out.append((seat, cards))
        if "tricks" not in self.bad:
            self.tricks = tuple(out)

    def read_trick(self) -> None:
        tokens = self.take("trick")
        if not tokens:
            return
        if len(tokens) > 3:
            self.fail(
                "trick",
                f"the trick being played holds at most 2 cards, not {len(tokens) - 1}: "
                "a complete trick is written in tricks",
                _TURN,
            )
            return
        seat = self.seat("trick", tokens[0])
        cards = self.cards("trick", tokens[1:])
        if seat is not None and cards is not None:
            self.trick = (seat, cards)

    def read_score(self) -> None:
        tokens = self.take("score")
        if not tokens:
            return
        if len(tokens) != 7 or tokens[0].lower() != "thirds" or tokens[3].lower() != "payments":
            self.fail("score", "write 'score thirds B O payments a b c' (the settlement), or '-'")
            return
        thirds = [self.integer("score", t, 0, 35, "a side's thirds") for t in tokens[1:3]]
        paid = [self.integer("score", t, -_MAX_BALANCE, _MAX_BALANCE, "a payment") for t in tokens[4:7]]
        tb, to = thirds
        a, b, c = paid
        if tb is not None and to is not None and a is not None and b is not None and c is not None:
            self.score = (tb, to, (a, b, c))

    # -- the checks of the position as written ------------------------------------

    def ok(self, *sections: str) -> bool:
        """Whether every one of ``sections`` was read (given or defaulted) without a problem."""
        return not self.bad.intersection(sections)

    def check_conservation(self) -> bool:
        """calabresella.deck.composition: every card of the pack in exactly one zone."""
        if not self.ok("hands", "monte", "tricks", "trick") or self.hands is None or self.monte is None:
            return False
        tricks = self.tricks or ()
        where: dict[int, str] = {}
        fine = True
        zones: list[tuple[str, Sequence[int]]] = [(f"hands p{s}", hand) for s, hand in enumerate(self.hands)]
        zones.append(("monte", self.monte))
        zones.extend((f"tricks {n}", cards) for n, (_, cards) in enumerate(tricks, start=1))
        if self.trick is not None:
            zones.append(("trick", self.trick[1]))
        for section, cards in zones:
            for card in cards:
                first = where.get(card)
                if first is not None:
                    fine = False
                    place = "once more there" if first == section else f"also in {first}"
                    self.problem(
                        section,
                        f"{_TEXT[card]} is {place}: every card lies in exactly one zone",
                        _COMPOSITION,
                    )
                else:
                    where[card] = section
        missing = [c for c in DECK_INDICES if c not in where]
        if missing:
            fine = False
            self.problem(
                "position",
                f"{len(missing)} cards of the 40-card pack lie in no zone: {_listing(missing)}",
                _COMPOSITION,
            )
        return fine

    def check_dealt_monte(self) -> bool:
        """calabresella.deal.monte: the monte is dealt 4 distinct cards."""
        dealt = self.dealt
        if dealt is None:
            return False
        if len(dealt) != 4 or len(set(dealt)) != 4:
            self.problem(
                "dealt-monte", f"the monte is dealt 4 different cards, not {_listing(dealt)}", _MONTE
            )
            return False
        return True

    def contract_status(self) -> tuple[int, Contract] | None:
        """The bidder and contract the written calls end with, if they end with a bid."""
        if self.calls is None or self.options is None or self.dealer is None:
            return None
        nxt = DealPlan(self.options, 0).nxt
        single = self.options.auction is Auction.SINGLE_ROUND
        over, _, bidder, level = _auction.auction_status(self.calls, nxt[self.dealer], nxt, single)
        if not over or bidder < 0:
            return None
        return bidder, CONTRACTS[level - 1]

    def check_leaders(self, status: tuple[int, Contract] | None) -> None:
        """calabresella.play.opening-lead and calabresella.play.next-lead: who leads each trick written."""
        options, dealer = self.options, self.dealer
        if status is None or options is None or dealer is None or self.tricks is None:
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
        for number, (written, cards) in enumerate(self.tricks, start=1):
            if written != leader:
                self.problem(f"tricks {number}", f"trick {number} is led by p{written}, but {why}", rule)
            position = _play.trick_winner(cards[0], cards[1], cards[2])
            winner = written if position == 0 else nxt[written] if position == 1 else nxt[nxt[written]]
            leader, why, rule = winner, f"p{winner} won trick {number} and leads the next", _NEXT_LEAD
        if self.trick is not None:
            if len(self.tricks) == 12:
                self.problem("trick", "all 12 tricks have been played: no trick is being played", _TRICKS)
            elif self.trick[0] != leader:
                self.problem("trick", f"the trick being played is led by p{self.trick[0]}, but {why}", rule)

    def check_contract(self, status: tuple[int, Contract] | None) -> bool:
        """calabresella.bidding.end: an exchange or play needs an auction that ended with a bid."""
        if status is not None or self.calls is None or self.options is None or self.dealer is None:
            return True
        after = [
            name
            for name, present in (
                ("called", self.called is not None),
                ("returned", self.returned is not None),
                ("raise", self.raised is not None),
                ("laid", bool(self.laid)),
                ("tricks", bool(self.tricks)),
                ("trick", self.trick is not None and bool(self.trick[1])),
            )
            if present
        ]
        if after:
            self.problem(
                "calls",
                f"the calls do not end the auction with a bid, yet the position has {', '.join(after)}",
                _END,
            )
        return not after

    def owners(self, status: tuple[int, Contract] | None) -> dict[int, int] | None:
        """Who was dealt each card (-1: the monte), taking the zones and the history back to the deal.

        A dealt monte card belongs to the monte; the called card to its giver;
        the returned card to the bidder; a card laid away to the first seat that
        laid it; any other card to the seat that holds or played it.
        """
        hands, monte, dealt = self.hands, self.monte, self.dealt
        if hands is None or monte is None or dealt is None or self.laid is None or self.tricks is None:
            return None
        options = self.options
        owner: dict[int, int] = dict.fromkeys(dealt, -1)
        if self.called is not None and self.called[1] >= 0:
            owner.setdefault(self.called[0], self.called[1])
        if self.returned is not None and status is not None:
            owner.setdefault(self.returned, status[0])
        for seat, cards in self.laid:
            for card in cards:
                owner.setdefault(card, seat)
        for seat, hand in enumerate(hands):
            for card in hand:
                owner.setdefault(card, seat)
        if options is not None:
            for seat, card in _plays(self.tricks, self.trick, DealPlan(options, 0).nxt):
                owner.setdefault(card, seat)
        for card in monte:
            if card not in owner:
                self.problem(
                    "monte",
                    f"{_TEXT[card]} lies in the monte, but it was not dealt there and nobody laid it away",
                    _MONTE,
                )
        return owner

    def check_packets(self, owner: dict[int, int]) -> bool:
        """calabresella.deal.packets: each seat was dealt 12 cards."""
        fine = True
        for seat in range(3):
            count = sum(1 for s in owner.values() if s == seat)
            if count != 12:
                fine = False
                self.problem(
                    f"hands p{seat}",
                    f"p{seat}'s cards, with those p{seat} played, laid away and passed in the exchange, "
                    f"come to {count}, but each seat is dealt 12",
                    _PACKETS,
                )
        return fine

    # -- the replay ---------------------------------------------------------------

    def deal_state(self, owner: dict[int, int]) -> _state.CalabresellaState:
        """The state right after the deal the position goes back to (its deck canonical)."""
        options, dealer, hand_number, dealt = self.options, self.dealer, self.hand_number, self.dealt
        assert options is not None and dealer is not None and hand_number is not None and dealt is not None
        nxt = DealPlan(options, 0).nxt
        deck = [0] * 40
        seat = nxt[dealer]
        for k in range(3):
            cards = sorted(c for c, s in owner.items() if s == seat)
            for r in range(3):
                deck[12 * r + 4 * k : 12 * r + 4 * k + 4] = cards[4 * r : 4 * r + 4]
            seat = nxt[seat]
        deck[36:40] = dealt
        assert self.seed is not None and self.later is not None and self.balances is not None
        plan = DealPlan(options, self.seed, (tuple(deck), *self.later), hand_number)
        return _state.CalabresellaState.deal(plan, dealer, hand_number, self.balances)

    def replay(self, state: _state.CalabresellaState) -> _state.CalabresellaState | None:
        """``state`` after the history, each action judged by the engine; ``None`` when one is illegal."""
        assert self.calls is not None and self.laid is not None and self.tricks is not None
        queues: dict[str, list[tuple[str, str, Callable[[int], Action]]]] = {
            "calls": [],
            "called": [],
            "returned": [],
            "raise": [],
            "laid": [],
            "plays": [],
        }
        for number, (seat, level) in enumerate(self.calls, start=1):
            call: Action = Pass(seat) if level == 0 else Bid(seat, CONTRACTS[level - 1])
            queues["calls"].append(("calls", f"call {number}", _fixed(call)))
        if self.called is not None:
            queues["called"].append(("called", "the call", _by_actor(CallCard, card_at(self.called[0]))))
        if self.returned is not None:
            queues["returned"].append(
                ("returned", "the return", _by_actor(ReturnCard, card_at(self.returned)))
            )
        if self.raised is not None:
            queues["raise"].append(("raise", "the raise", _by_actor(ChooseRaise, self.raised)))
        for number, (seat, cards) in enumerate(self.laid, start=1):
            lay = Discard(seat, tuple(card_at(c) for c in cards))
            queues["laid"].append((f"laid {number}", f"lay-away {number}", _fixed(lay)))
        nxt = state.context.plan.nxt
        for index, (seat, card) in enumerate(_plays(self.tricks, self.trick, nxt)):
            number = index // 3 + 1
            section = f"tricks {number}" if number <= len(self.tricks) else "trick"
            queues["plays"].append((section, f"trick {number}", _fixed(PlayCard(seat, card_at(card)))))
        while state.phase is not Phase.OVER:
            queue = queues[_QUEUE_OF[state.phase]]
            if not queue:
                break
            section, label, build = queue.pop(0)
            action = build(state.current_player)
            verdict, after = state.attempt(action)
            if after is None:
                self.illegal(section, f"{label}: {action} is illegal", verdict.rule_ids, verdict.reason)
                return None
            state = after
        for name in _QUEUE_ORDER:
            if queues[name]:
                self.beyond(state, name, *queues[name][0])
                return None
        return state

    def beyond(
        self,
        state: _state.CalabresellaState,
        queue: str,
        section: str,
        label: str,
        build: Callable[[int], Action],
    ) -> None:
        """History the hand never reaches: ``queue``'s next action, where the replay stopped."""
        where = "the hand is over" if state.is_terminal else f"p{state.current_player} is {state.phase.task}"
        if queue == "calls":
            self.problem(section, f"{label} comes after the auction has ended; now {where}", _END)
            return
        seat = state.current_player if state.current_player >= 0 else max(state.setup.bidder, 0)
        action = build(seat)
        verdict = state.check(action)
        rules = [rule for rule in verdict.rule_ids if rule != _PLAYER_TO_ACT] if not verdict.legal else []
        self.problem(
            section,
            f"{label} ({action}) never comes: the history stops where {where}",
            rules[0] if rules else _PHASES_RULE,
        )

    def illegal(self, section: str, head: str, rules: Sequence[str], reason: str) -> None:
        for i, rule in enumerate(rules):
            self.problem(section, f"{head}: {reason}" if i == 0 else f"{head}: it breaks this rule too", rule)

    # -- what the history decides, against what the text says --------------------------

    def compare(self, state: _state.CalabresellaState) -> None:
        """Every section the history also decides must agree with it."""
        setup = state.setup
        if self.phase is not None:
            phase, seat = self.phase
            if phase is not state.phase:
                where = "is over" if state.is_terminal else f"is in the {state.phase.name.lower()} phase"
                self.problem(
                    "phase", f"after its history the hand {where}, not in {phase.name.lower()}", _PHASES_RULE
                )
            elif seat != state.current_player:
                self.problem(
                    "phase",
                    f"after its history p{state.current_player} is {state.phase.task}, not p{seat}",
                    _PLAYER_TO_ACT,
                )
        assert self.hands is not None and self.monte is not None
        for seat, hand in enumerate(self.hands):
            derived = state.hands[seat]
            written = mask_of(hand)
            if written != derived:
                lacking = set(cards_in_mask(derived & ~written))
                extra = set(cards_in_mask(written & ~derived))
                self.problem(
                    f"hands p{seat}",
                    f"its history leaves p{seat} holding {_listing(lacking)} and not {_listing(extra)}",
                    self.role(state, min(lacking | extra)),
                )
        monte = state.final_monte if state.settlement is not None else state.monte
        if tuple(self.monte) != monte:
            if state.settlement is not None:
                rule = _SCORING_MONTE
            elif monte == state.dealt_monte:
                rule = _MONTE
            else:
                rule = self.lay_rule(state)
            shown = " ".join(_TEXT[c] for c in monte) or "empty"
            listed = " ".join(_TEXT[c] for c in self.monte) or "empty"
            self.problem("monte", f"its history leaves the monte {shown}, not {listed}", rule)
        if "contract" in self.given:
            derived_contract = None if setup.contract is None else (setup.bidder, setup.contract)
            if self.contract != derived_contract:
                said = "no contract" if setup.contract is None else f"p{setup.bidder} {setup.contract.value}"
                self.problem("contract", f"the calls end with {said}", _END)
        if self.called is not None and self.called[1] != setup.giver:
            if setup.giver < 0:
                self.problem(
                    "called",
                    f"{_TEXT[setup.called]} lay in the monte, so nobody handed it over",
                    _CALLED_IN_MONTE,
                )
            else:
                self.problem(
                    "called", f"p{setup.giver} held {_TEXT[setup.called]} and handed it over", _HANDOVER
                )
        if self.trick is not None and not self.trick[1]:
            if state.phase is not Phase.PLAY:
                self.problem("trick", f"no trick is being played: the hand {_where(state)}", _PHASES_RULE)
            elif self.trick[0] != state.tally.leader:
                rule = _NEXT_LEAD if state.tally.winners else _OPENING_LEAD
                self.problem("trick", f"p{state.tally.leader} leads the trick being played", rule)
        self.compare_score(state)

    def compare_score(self, state: _state.CalabresellaState) -> None:
        settlement = state.settlement
        if "score" not in self.given or "score" in self.bad:
            return
        if settlement is None:
            if self.score is not None:
                self.problem("score", f"the hand has no settlement: it {_where(state)}", _PHASES_RULE)
            return
        if self.score is None:
            self.problem(
                "score",
                f"the hand is settled: the bidder has {settlement.thirds_bidder} thirds and the payments are "
                + " ".join(str(p) for p in settlement.payments),
                _PAYMENT,
            )
            return
        tb, to, paid = self.score
        if (tb, to) != (settlement.thirds_bidder, settlement.thirds_opponents):
            self.problem(
                "score",
                f"the cards won and the last trick give the bidder {settlement.thirds_bidder} thirds and the "
                f"opponents {settlement.thirds_opponents}, not {tb} and {to}",
                _ROUNDING,
            )
        if paid != settlement.payments:
            self.problem(
                "score",
                "the settlement pays "
                + " ".join(str(p) for p in settlement.payments)
                + ", not "
                + " ".join(str(p) for p in paid),
                _PAYMENT,
            )

    def role(self, state: _state.CalabresellaState, card: int) -> str:
        """The rule that moves ``card`` in the exchange, for a hand that disagrees with its history."""
        setup = state.setup
        if card == setup.returned:
            return _RETURN
        if card == setup.called:
            return _HANDOVER
        if card in state.dealt_monte:
            if setup.contract is Contract.SOLISSIMO:
                return _SOLISSIMO if setup.raised in (None, Raise.NONE) else self.lay_rule(state)
            return _TAKE_MONTE
        if any(card in cards for _, cards in setup.laid):
            return self.lay_rule(state)
        return _COMPOSITION

    @staticmethod
    def lay_rule(state: _state.CalabresellaState) -> str:
        raised = state.setup.raised
        if raised is Raise.DIVIDETE:
            return _DIVIDETE
        if raised is Raise.SCEGLIETE:
            return _SCEGLIETE
        return _DISCARD

    # -- all of it ----------------------------------------------------------------

    def run(self) -> _state.CalabresellaState:
        self.read_sections()
        fine = self.check_conservation()
        fine = self.check_dealt_monte() and fine
        status = self.contract_status()
        fine = self.check_contract(status) and fine
        self.check_leaders(status)
        owner = self.owners(status) if fine else None
        if owner is not None:
            self.check_packets(owner)
        result: _state.CalabresellaState | None = None
        if self.reader.ok and owner is not None:
            after = self.replay(self.deal_state(owner))
            if after is not None:
                self.compare(after)
                result = after
        self.reader.finish()
        assert result is not None, "a position with no problem has been replayed"
        return result


def cards_in_mask(mask: int) -> list[int]:
    """The card indices of a bitmask, in index order."""
    return [card.index for card in cards_in(mask)]


def _where(state: _state.CalabresellaState) -> str:
    return "is over" if state.is_terminal else f"is in the {state.phase.name.lower()} phase"


def _fixed(action: Action) -> Callable[[int], Action]:
    """A builder of ``action`` whatever the seat to act (the history names its actor)."""
    return lambda _seat: action


def _by_actor(kind: Callable[[int, T], Action], value: T) -> Callable[[int], Action]:
    """A builder of ``kind(seat, value)`` for the seat to act (the call, the return and the raise are B's)."""
    return lambda seat: kind(seat, value)


def _plays(
    tricks: Sequence[tuple[int, tuple[int, ...]]],
    trick: tuple[int, tuple[int, ...]] | None,
    nxt: tuple[int, int, int],
) -> list[tuple[int, int]]:
    """The ``(seat, card)`` plays of the written tricks, each trick's seats in turn from its leader."""
    out: list[tuple[int, int]] = []
    for leader, cards in (*tricks, *((trick,) if trick is not None else ())):
        seat = leader
        for card in cards:
            out.append((seat, card))
            seat = nxt[seat]
    return out


_QUEUE_OF: Final = {
    Phase.AUCTION: "calls",
    Phase.CALL: "called",
    Phase.RETURN: "returned",
    Phase.DISCARD: "laid",
    Phase.RAISE: "raise",
    Phase.LAY: "laid",
    Phase.PLAY: "plays",
}
"""calabresella.procedure.phases: the history section each phase takes its next decision from."""

_QUEUE_ORDER: Final = ("calls", "called", "returned", "raise", "laid", "plays")


def read_position(game: CalabresellaGame, text: str) -> _state.CalabresellaState:
    """The state the position ``text`` describes, with ``game``'s options where the text leaves one out.

    The state is dealt again from the deck the zones and the history go back
    to (each seat's 12 cards in index order, dealt in packets of four, then
    the dealt monte) and the history is replayed on it with the engine's own
    check, so it is an ordinary state of the game and draws no randomness.

    Raises:
        InvalidPositionError: the text is malformed or the position cannot
            arise; every problem is listed, with its section and rule.
    """
    return _Reading(game, text).run()
