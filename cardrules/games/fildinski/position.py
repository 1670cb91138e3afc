"""The Fildinski position: one line holding everything that decides the rest of the game.

``state.position()`` writes it (:func:`write_position`) and
``game.from_position(text)`` reads it (:func:`read_position`); the shared
grammar is :mod:`cardrules.position`. The writer puts the sections in the
order below; the reader takes them in any order
(:mod:`~cardrules.games.fildinski.position_tokens` reads each section's tokens).

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

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from cardrules.cards import Suit
from cardrules.errors import InvalidOptionError
from cardrules.games.fildinski.options import FildinskiOptions
from cardrules.games.fildinski.position_check import checked_state
from cardrules.games.fildinski.position_copies import written_cards
from cardrules.games.fildinski.position_history import card_text
from cardrules.games.fildinski.position_points import CATEGORY_NAMES
from cardrules.games.fildinski.position_tokens import read_sections
from cardrules.games.fildinski.scoring import DealSummary
from cardrules.options import options_as_dict
from cardrules.position import (
    EMPTY,
    InvalidPositionError,
    PositionProblem,
    PositionReader,
    PositionWriter,
)

if TYPE_CHECKING:
    from cardrules.games.fildinski.game import FildinskiGame
    from cardrules.games.fildinski.state import FildinskiState

__all__ = ["CATEGORY_NAMES", "read_position", "write_position"]

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
    read = read_sections(r, _read_options(r, game), seed)
    if read is None:
        return _refuse(r)
    built = checked_state(r, read)
    if built is None or not r.ok:
        return _refuse(r)
    r.finish()
    return built


def _read_options(r: PositionReader, game: FildinskiGame) -> FildinskiOptions:
    """The options section over ``game``'s options; ``game``'s own when it cannot be read."""
    given = r.options(game.options_dict())
    if given is not None:
        try:
            return type(game).with_options(given).options
        except InvalidOptionError as error:
            r.option_error(error)
        except ValueError as error:  # a number Python will not read (too long, or odd digits)
            r.problem("options", f"an option value cannot be read: {str(error)[:80]}")
    return game.options


def _refuse(r: PositionReader) -> FildinskiState:
    """Raise the reader's problems (there always is one when a state cannot be built)."""
    r.finish()
    raise InvalidPositionError([PositionProblem("position", "the position cannot be set up")])
