"""Whether a Backstab Fish position read can arise, and the state it describes.

:mod:`~cardrules.games.backstab_fish.position` reads the sections of a position text into plain values
(its description gives the grammar) and hands them here. This module refuses a position that cannot
arise, each problem naming the rule it breaks, and builds the state of one that can; the checks of
the history are those of :mod:`~cardrules.games.backstab_fish.position_history` and
:mod:`~cardrules.games.backstab_fish.position_cards`.
"""

from __future__ import annotations

from collections.abc import Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING, Final

from cardrules.cards import Card

# state.py imports position, which imports this module, so the names of this one are read at call time.
from cardrules.games.backstab_fish import state as _state
from cardrules.games.backstab_fish.actions import SEAT_TEXT
from cardrules.games.backstab_fish.cards import DECKS, FishRank, rank_of_card
from cardrules.games.backstab_fish.deal import DealContext
from cardrules.games.backstab_fish.observation import EventChain, event_log
from cardrules.games.backstab_fish.options import BackstabFishOptions, Deck
from cardrules.games.backstab_fish.position_cards import CardJudge
from cardrules.games.backstab_fish.position_history import (
    CONSERVATION,
    HISTORY,
    SEQUENCE,
    Counts,
    Replay,
    Turn,
    pack,
)

if TYPE_CHECKING:
    from cardrules.games.backstab_fish import position_history
    from cardrules.games.backstab_fish.state import BackstabFishState

__all__ = ["Judge", "canonical_deck"]

PER_SET: Final = "backstab_fish.score.per-set"

# -- the deck a position's state keeps ------------------------------------------


def _cards_by_rank(deck: Deck) -> tuple[tuple[Card, ...], ...]:
    return tuple(tuple(card for card in DECKS[deck] if rank_of_card(card) == rank) for rank in range(14))


_CARDS: Final = MappingProxyType({deck: _cards_by_rank(deck) for deck in Deck})


def canonical_deck(
    options: BackstabFishOptions,
    dealer: int,
    hands: Sequence[Sequence[int]],
    laid: Sequence[Sequence[int]],
    stock: Sequence[int],
) -> tuple[tuple[Card, ...], tuple[int, ...]]:
    """The deck order a state read from a position keeps, as cards and as rank codes.

    The cards outside the stock come first, as a deal order would give them:
    one card at a time from each hand in turn (rank order within a hand),
    from the dealer's left on, passing over a hand once it is used up; then
    the cards of the laid sets, seat by seat in rank order; then the stock,
    top card first. Before the first turn this is a deal order that deals the
    hands. Only ranks matter, so the k-th card of a rank is that rank's k-th
    card in the deck's fixed order (:data:`~cardrules.games.backstab_fish.cards.DECKS`).
    ``hands``, ``laid`` (sets) and ``stock`` are rank counts, set counts and
    rank codes that account for the deck exactly.
    """
    players = len(hands)
    queues = [[rank for rank in range(14) for _ in range(hand[rank])] for hand in hands]
    ranks: list[int] = []
    place = [0] * players
    seat = (dealer + 1) % players
    left = sum(len(queue) for queue in queues)
    while left:
        queue = queues[seat]
        if place[seat] < len(queue):
            ranks.append(queue[place[seat]])
            place[seat] += 1
            left -= 1
        seat = (seat + 1) % players
    for sets in laid:
        for rank in range(14):
            ranks.extend((rank,) * (4 * sets[rank]))
    ranks.extend(stock)
    pool = _CARDS[options.deck]
    used = [0] * 14
    cards: list[Card] = []
    for rank in ranks:
        cards.append(pool[rank][used[rank]])
        used[rank] += 1
    return tuple(cards), tuple(ranks)


# -- the checks ---------------------------------------------------------------------------


class Judge(CardJudge):
    """Whether the sections read describe a position that can arise, and the state they describe.

    ``reader`` holds the problems found in reading the text; :meth:`state`
    adds those of a position that cannot arise. Not a value: used once by
    :func:`~cardrules.games.backstab_fish.position.read_position`.
    """

    # -- the cards and the scores --------------------------------------------------------

    def conservation(self, hands: list[Counts], stock: list[int], laid: list[Counts]) -> bool:
        """backstab_fish.invariant.card-conservation: every card of the deck in exactly one place."""
        total = [0] * 14
        for hand in hands:
            for rank in range(14):
                total[rank] += hand[rank]
        for rank in stock:
            total[rank] += 1
        for sets in laid:
            for rank in range(14):
                total[rank] += 4 * sets[rank]
        fine = True
        for rank in range(14):
            if total[rank] != self.copies[rank]:
                fine = False
                self.problem(
                    "hands",
                    f"the hands, the stock and the laid sets hold {total[rank]} "
                    f"{FishRank(rank).named(total[rank])}; "
                    f"the {self.options.deck.value} deck has {self.copies[rank]}",
                    CONSERVATION,
                )
        return fine

    def scores(self, scores: list[int], laid: list[Counts]) -> None:
        """backstab_fish.score.per-set: a seat's score is its number of laid sets."""
        for seat in range(self.players):
            sets = sum(laid[seat])
            if scores[seat] != sets:
                self.problem(
                    "scores",
                    f"{SEAT_TEXT[seat]} has {sets} set{'s' * (sets != 1)} laid, so scores {sets}, "
                    f"not {scores[seat]}",
                    PER_SET,
                )

    def dealt(self, dealer: int, hands: list[Counts], refills: list[Counts], stock: list[int]) -> DealContext:
        """The deal a history with no hidden draw starts from, for the engine to play it again.

        ``hands`` are the hands dealt and ``refills`` the cards of each refill
        in order; the stock after the last refill is ``stock``.
        """
        ranks = [rank for cards in refills for rank in range(14) for _ in range(cards[rank])]
        none = [[0] * 14 for _ in range(self.players)]
        deck, codes = canonical_deck(self.options, dealer, hands, none, [*ranks, *stock])
        return DealContext(self.options, dealer, deck, codes)

    # -- everything -----------------------------------------------------------------------------

    def state(
        self,
        dealer: int | None,
        hands: list[Counts] | None,
        stock: list[int] | None,
        laid: list[Counts] | None,
        scores: list[int] | None,
        phase: position_history.Phase | None,  # named by its module: the docs know two Phase classes
        turns: int | None,
        stall: int | None,
        history: list[Turn] | None,
    ) -> BackstabFishState:
        """Check everything the sections must agree on; the state, or raise naming every problem."""
        reader = self.reader
        cards_fine = (
            hands is not None
            and stock is not None
            and laid is not None
            and self.conservation(hands, stock, laid)
        )
        if scores is not None and laid is not None:
            self.scores(scores, laid)
        replay: Replay | None = None
        final: list[Counts] | None = None
        if dealer is not None and history is not None:
            pending = False
            if history and history[-1].decision is None and not self.compulsory:
                if hands is not None:  # the last asker holds four of a rank, and has not decided
                    pending = any(count >= 4 for count in hands[history[-1].asker])
                else:
                    pending = phase is not None and phase.kind == "lay-down"
            replay = self.replay(dealer, history, pending)
            if replay is not None:
                final = self.compare(replay, hands, stock, laid, phase, turns, stall, bool(history))
        reached: str | None = None
        if reader.ok and cards_fine and replay is not None and final is not None:
            assert hands is not None and history is not None and stock is not None and dealer is not None
            start = self.hidden_plays(replay, hands, final, history)
            if start is not None and reader.ok:
                reached = self.rejudge(self.dealt(dealer, start[0], start[1], stock), history)
        reader.finish()
        assert dealer is not None and hands is not None and stock is not None and laid is not None
        assert replay is not None and final is not None
        built = self.build(dealer, hands, stock, laid, replay, final)
        if reached is not None and reached != built.position():
            self.problem(
                HISTORY, "replayed from its deal by the engine, the history leads elsewhere", SEQUENCE
            )
            reader.finish()
        return built

    def build(
        self,
        dealer: int,
        hands: list[Counts],
        stock: list[int],
        laid: list[Counts],
        replay: Replay,
        final: list[Counts],
    ) -> BackstabFishState:
        """The state of a sound position: the zones as read, the rest as the history leaves it."""
        options = self.options
        deck, ranks = canonical_deck(options, dealer, hands, laid, stock)
        history: EventChain = None
        for event in replay.events:  # one link per event, as play builds it
            history = (history, event)
        if replay.end is not None:  # backstab_fish.end.final-lay-down, seat by seat
            for seat in range(self.players):
                if any(final[seat]):
                    history = (
                        history,
                        ("final-lay-down", seat, -1, -1, sum(final[seat]), pack(final[seat])),
                    )
        return _state.BackstabFishState(
            DealContext(options, dealer, deck, ranks),
            tuple(pack(hand) for hand in hands),
            tuple(sum(hand) for hand in hands),
            len(ranks) - len(stock),
            tuple(pack(sets) for sets in laid),
            tuple(sum(sets) for sets in laid),
            replay.current,
            replay.phase,
            replay.target,
            replay.productive,
            replay.stall,
            replay.turns,
            replay.end,
            event_log(history),
        )
