"""The Calabresella position: one line that says everything deciding the rest of a hand.

:func:`write_position` writes a state's position (``state.position()``) and
:func:`read_position` reads one back (``game.from_position(text)``), in the
shared grammar of :mod:`cardrules.position`; reading each section's tokens is
:mod:`~cardrules.games.calabresella.position_tokens`'s part of it. A position holds the zones as they
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

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from cardrules.cards import card_at, cards_in
from cardrules.games.calabresella.deal import LEVEL_NAMES, Phase
from cardrules.games.calabresella.position_check import build_state
from cardrules.games.calabresella.position_tokens import read_sections
from cardrules.options import options_as_dict
from cardrules.position import PositionReader, PositionWriter

if TYPE_CHECKING:
    from cardrules.games.calabresella.game import CalabresellaGame
    from cardrules.games.calabresella.state import CalabresellaState

__all__ = ["SECTIONS", "read_position", "write_position"]

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
    writer.section(
        "calls", *(word for s, level in setup.calls for word in (_seat(s), LEVEL_NAMES[level].lower()))
    )
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
    reader = PositionReader(text, _GAME)
    state = build_state(read_sections(reader, game.options, seed), reader)
    reader.finish()
    assert state is not None, "a position with no problem has been replayed"
    return state
