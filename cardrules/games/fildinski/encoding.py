"""Fildinski for agents: 143 decisions, a meld declaration as a short sequence, a 353-number observation.

The 32 different cards of the piquet deck have slots 0-31 in index order
(7♣ 8♣ 9♣ 10♣ J♣ Q♣ K♣ A♣, then ♦, ♥, ♠). The decisions:

=========  ==================  ==================================================
decisions  text                meaning
=========  ==================  ==================================================
0-31       ``play QS``         play a card (of a kind held twice, the lower copy)
32-35      ``dix 7H``          the dix with the seven of ♣, ♦, ♥ or ♠
36         ``meld none``       end the meld step declaring no meld
37-45      ``meld bezique``    start a meld of that kind (the table's order)
46-141     ``QS``, ``QS#1``    one card of the meld being declared: slot x 3 +
                               copy (plain, copy 1, copy 2)
142        ``done``            end the declaration after its last meld
=========  ==================  ==================================================

A declaration is one sequence of decisions by the same player: each meld's
kind, then its cards in canonical order, then ``done``; for example
``meld bezique``, ``JD``, ``QS``, ``done``. A kind fixes how many cards follow,
so the sequence names exactly one declaration, and the player's choices at
each point are only those that lead to a legal one.

The observation vector of a seat, in blocks (two-seat blocks: the seat's
own first, then the opponent's; cards as counts 0-2 by slot):

======  =====  ==========================================================
offset  size   what
======  =====  ==========================================================
0       32     the seat's hand
32      64     the cards each seat played to tricks this deal
96      64     the trick in progress, by seat
160     64     each seat's won pile
224     64     each seat's retired cards
288     18     the melds declared this deal: count by seat and kind
306     32     the turn-up while it lies under the stock
338     4      the trump suit
342     2      the dealer; 344, 2: the seat to act (0 once the game is over)
346     1      whether the player to act is in a meld step
347     1      the stock's size (/48); 348, 1: the trick's number (/32)
349     2      this deal's points, the seat's and the opponent's (/1000)
351     2      the game totals, the seat's and the opponent's (/target_score)
======  =====  ==========================================================

>>> import cardrules
>>> encoding = cardrules.get_game("fildinski").encoding()
>>> encoding.size, encoding.observation_size, encoding.decision_name(46 + 3 * 13 + 1)
(143, 353, 'QD#1')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Final

from cardrules.agents import branches
from cardrules.errors import InvalidArgumentError
from cardrules.features import card_counts, card_slots, cards_by_seat, distinct_cards, one_hot, relative_seat
from cardrules.game import Action
from cardrules.games.fildinski.actions import DeclareMelds, Dix, PlayCard
from cardrules.games.fildinski.cards import DEAL_TRICKS, PACK, STOCK_TRICKS
from cardrules.games.fildinski.melds import MeldKind
from cardrules.games.fildinski.observation import FildinskiObservation
from cardrules.games.fildinski.options import FildinskiOptions

__all__ = ["FildinskiEncoding"]

_CARDS: Final = distinct_cards(PACK)
_SLOTS: Final = card_slots(PACK)
_KINDS: Final = tuple(MeldKind)
_PLAY: Final = 0
_DIX: Final = 32
_NONE: Final = 36
_KIND: Final = 37
_REF: Final = 46
_DONE: Final = 142
_MIN_DEAL_POINTS: Final = 190
"""Points every deal gives out at least, both players together: brisques 160, trump 7s 20, last trick 10."""
_LONGEST_DECLARATION: Final = 2 * (1 + 5) + 1
"""A declaration's most decisions: two melds of at most five cards, each with its kind, then ``done``."""


@dataclass(frozen=True, slots=True)
class FildinskiEncoding:
    """Fildinski's :class:`~cardrules.agents.Encoding` (see the module for the decisions and the layout)."""

    options: FildinskiOptions = field(default_factory=FildinskiOptions)

    @property
    def size(self) -> int:
        """143 (see the module's table)."""
        return _DONE + 1

    def decision_name(self, decision: int) -> str:
        """The text of the module's table."""
        if decision < _DIX:
            return f"play {_CARDS[decision]}"
        if decision < _NONE:
            return f"dix 7{'CDHS'[decision - _DIX]}"
        if decision == _NONE:
            return "meld none"
        if decision < _REF:
            return f"meld {_KINDS[decision - _KIND].value}"
        if decision < _DONE:
            slot, copy = divmod(decision - _REF, 3)
            return f"{_CARDS[slot]}{f'#{copy}' if copy else ''}"
        return "done"

    def encode(self, action: Action) -> tuple[int, ...]:
        """An action as its decisions."""
        if isinstance(action, PlayCard):
            return (_PLAY + _SLOTS[action.card],)
        if isinstance(action, Dix):
            return (_DIX + int(action.card.suit),)
        if isinstance(action, DeclareMelds):
            if not action.melds:
                return (_NONE,)
            decisions: list[int] = []
            for meld in action.melds:
                decisions.append(_KIND + meld.kind.order)
                decisions.extend(_REF + 3 * _SLOTS[ref.card] + (ref.copy or 0) for ref in meld.cards)
            return (*decisions, _DONE)
        raise InvalidArgumentError(f"{action!r} is not a Fildinski action")

    def branches(self, actions: Sequence[Action], chosen: tuple[int, ...]) -> dict[int, Action | None]:
        """The general way (:func:`cardrules.agents.branches`): a meld step has a few dozen actions."""
        return branches(self, actions, chosen)

    @property
    def observation_size(self) -> int:
        """353 (see the module's table)."""
        return 353

    def observe(self, observation: object) -> tuple[float, ...]:
        """The vector of the module's table."""
        if not isinstance(observation, FildinskiObservation):
            raise InvalidArgumentError(f"{type(observation).__name__} is not a Fildinski observation")
        seat, other = observation.seat, 1 - observation.seat
        melds = [0.0] * (2 * len(_KINDS))
        for player, kind, _cards, _trick in observation.melds:
            melds[(0 if player == seat else len(_KINDS)) + kind.order] += 1.0
        turnup = () if observation.turnup is None else (observation.turnup,)
        return (
            *card_counts(observation.hand, _SLOTS),
            *cards_by_seat(observation.plays, seat, 2, _SLOTS),
            *cards_by_seat(observation.trick, seat, 2, _SLOTS),
            *card_counts(observation.won[seat], _SLOTS),
            *card_counts(observation.won[other], _SLOTS),
            *card_counts(observation.retired[seat], _SLOTS),
            *card_counts(observation.retired[other], _SLOTS),
            *melds,
            *card_counts(turnup, _SLOTS),
            *one_hot(int(observation.trump), 4),
            *one_hot(relative_seat(observation.dealer, seat, 2), 2),
            *one_hot(relative_seat(observation.current_player, seat, 2), 2),
            float(observation.in_meld_step),
            observation.stock_size / 48,
            observation.trick_number / DEAL_TRICKS,
            observation.deal_points[seat] / 1000,
            observation.deal_points[other] / 1000,
            observation.totals[seat] / self.options.target_score,
            observation.totals[other] / self.options.target_score,
        )

    @property
    def zero_sum(self) -> bool:
        """Two seats: one wins, or neither."""
        return True

    @property
    def max_decisions(self) -> int:
        """Every card play and the longest meld steps of the most deals a game can last.

        Before its last deal both totals are under ``target_score``, and every
        deal gives out at least 190 points, so a game has at most
        ``2 * target_score // 190 + 1`` deals.
        """
        steps = DEAL_TRICKS if self.options.meld_in_endgame else STOCK_TRICKS
        per_deal = 2 * DEAL_TRICKS + steps * (1 + _LONGEST_DECLARATION)
        return (2 * self.options.target_score // _MIN_DEAL_POINTS + 1) * per_deal
