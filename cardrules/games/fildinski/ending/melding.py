"""Fildinski's last tricks with meld steps: :class:`~cardrules.games.fildinski.ending.FildinskiMeldEnding`.

Under ``meld_in_endgame = true`` the ending also holds both won piles, the
trick's fresh cards and the cards each kind of meld has used; ``meld_room``
bounds the meld points the counted seat can still score.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass
from functools import lru_cache
from typing import Final

from cardrules.errors import InvalidArgumentError
from cardrules.frozen import fast_constructor
from cardrules.game import Action
from cardrules.games.fildinski.actions import DeclareMelds, MeldDecl
from cardrules.games.fildinski.cards import DEAL_TRICKS
from cardrules.games.fildinski.ending.model import (
    KINDS,
    MELD_MOVES,
    NO_MELDS,
    Choices,
    EndingRules,
    FildinskiEnding,
    Piles,
)
from cardrules.games.fildinski.meld_step import (
    MAX_MELDS,
    Melds,
    marked,
    step_choices,
)
from cardrules.games.fildinski.melds import candidate_melds
from cardrules.games.fildinski.options import BeziquePair
from cardrules.games.fildinski.scoring import score_melds

__all__ = ["FildinskiMeldEnding", "meld_room", "new_meld_ending"]


@dataclass(frozen=True, slots=True)
class FildinskiMeldEnding(FildinskiEnding):
    """The last tricks under ``meld_in_endgame = true``: a :class:`FildinskiEnding` with meld steps.

    After each trick the winner has its meld step: its moves are its
    declarations (``MELD_MOVES`` and up, in the engine's order), the counted
    seat's melds count in the value, and the other seat's declarations form
    one group searched as ``meld none``.

    Attributes:
        piles: both won piles, as id bitmasks.
        used: per meld kind, the ids that have been in a meld of that kind this deal.
        fresh: in a meld step, the cards of the trick just won (else 0).
        stepping: whether the trick's winner (``seat`` and ``leader``) is in its meld step.
        room: an upper bound on the meld points the counted seat can still score.
        choices: in the counted seat's meld step, its declarations (else empty; found when asked).
    """

    piles: tuple[int, int]
    used: tuple[int, ...]
    fresh: int
    stepping: bool
    room: int
    choices: Choices

    @property
    def over(self) -> bool:
        """Whether trick 32 and its meld step are complete."""
        return self.done == DEAL_TRICKS and not self.stepping

    def _choices(self) -> Choices:
        """The declarations of this meld step, as the engine lists them."""
        if self.choices:
            return self.choices
        return step_choices(Piles(self.rules.deal, self.piles, self.fresh, self.used), self.seat)

    def _declaration(self, move: int) -> tuple[tuple[MeldDecl, ...], Melds]:
        choices = self._choices()
        index = move - MELD_MOVES
        if not 0 <= index < len(choices):
            raise InvalidArgumentError(f"move {move} is not a declaration of this meld step")
        return choices[index]

    def _gain(self, melds: Melds) -> int:
        """The meld points the counted seat scores when the seat to act makes ``melds``."""
        rules = self.rules
        if self.seat != rules.counted or not melds:
            return 0
        return sum(score_melds(rules.zero, self.seat, tuple(kind for kind, _ in melds))[rules.counted :: 2])

    def legal(self) -> tuple[int, ...]:
        """The legal cards (as :meth:`FildinskiEnding.legal`), or in a meld step its declarations."""
        if self.stepping:
            return tuple(range(MELD_MOVES, MELD_MOVES + len(self._choices())))
        return FildinskiEnding.legal(self)

    def moves(self) -> tuple[int, ...]:
        """As :meth:`FildinskiEnding.moves`; in a meld step, its declarations to search.

        The counted seat's highest-scoring first; in the other seat's meld
        step, ``meld none`` alone (its melds count for nothing here).
        """
        if not self.stepping:
            return FildinskiEnding.moves(self)
        if self.side:
            return (MELD_MOVES,)
        choices = self.choices
        order = sorted(range(len(choices)), key=lambda n: -self._gain(choices[n][1]))
        return tuple(MELD_MOVES + n for n in order)

    def group(self, move: int) -> tuple[int, ...]:
        """As :meth:`FildinskiEnding.group`; in the other seat's meld step, every declaration."""
        if not self.stepping:
            return FildinskiEnding.group(self, move)
        self._declaration(move)
        return self.legal() if self.side else (move,)

    def play(self, move: int) -> FildinskiMeldEnding:
        """The ending after the seat to play plays id ``move`` (a legal card), or declares ``move``."""
        rules = self.rules
        if self.stepping:
            seat = self.seat
            piles, used, room, gained = self.piles, self.used, self.room, 0
            if move != MELD_MOVES or self.choices:
                _, melds = self._declaration(move)
                if melds:
                    gained = self._gain(melds)
                    used, pile = marked(rules.deal, used, piles[seat], melds)
                    piles = (pile, piles[1]) if seat == 0 else (piles[0], pile)
            if seat == rules.counted:
                room = meld_room(rules, self.hands, 0, piles, used, 0, self.left)
            return new_meld_ending(
                rules, self.hands, (), seat, seat, self.side, self.value + gained, self.done,
                piles, used, 0, False, room, (),
            )  # fmt: skip
        after = FildinskiEnding.play(self, move)
        if after.trick:  # a lead: nothing is won yet
            return new_meld_ending(
                rules, after.hands, after.trick, after.leader, after.seat, after.side, after.value,
                after.done, self.piles, self.used, 0, False, self.room, (),
            )  # fmt: skip
        winner = after.seat
        taken = 1 << self.trick[0] | 1 << move
        piles = (
            (self.piles[0] | taken, self.piles[1]) if winner == 0 else (self.piles[0], self.piles[1] | taken)
        )
        mine = after.side == 0
        steps = DEAL_TRICKS - after.done + (1 if mine else 0)
        room = meld_room(rules, after.hands, 0, piles, self.used, taken if mine else 0, steps)
        choices: Choices = ()
        if mine:  # with no meld points possible, meld none is the one declaration
            choices = step_choices(Piles(rules.deal, piles, taken, self.used), winner) if room else NO_MELDS
        return new_meld_ending(
            rules, after.hands, (), winner, winner, after.side, after.value, after.done,
            piles, self.used, taken, True, room, choices,
        )  # fmt: skip

    def key(self) -> Hashable | None:
        """As :meth:`FildinskiEnding.key`, with the counted seat's meldable won cards and their melds.

        Those decide what it can still meld; the other seat's piles and melds
        never touch the counted seat's points. No key inside a meld step.
        """
        if self.stepping:
            return None
        code = FildinskiEnding.key(self)
        if code is None:
            return None
        pile = self.piles[self.rules.counted] & self.rules.meldable
        return code, pile, tuple(mask & pile for mask in self.used)

    def bounds(self) -> tuple[int, int]:
        """As :meth:`FildinskiEnding.bounds`, the melds still possible added to the most."""
        sure, contested = self._pools()
        return self.value + sure, self.value + sure + contested + self.room

    def most(self) -> int:
        """The value if the counted seat took every point still to come and made every meld it still might."""
        return self.bounds()[1]

    def action(self, move: int) -> Action:
        """The engine's play of the kind of id ``move``, or in a meld step the declaration ``move``."""
        if self.stepping:
            return DeclareMelds(self.seat, self._declaration(move)[0])
        return FildinskiEnding.action(self, move)

    def move(self, action: Action) -> int:
        """The id the engine plays for a legal play, or a legal declaration's number.

        Raises:
            InvalidArgumentError: ``action`` is not a legal play (or declaration) here.
        """
        if not self.stepping:
            return FildinskiEnding.move(self, action)
        if isinstance(action, DeclareMelds) and action.seat == self.seat:
            for n, (decls, _) in enumerate(self._choices()):
                if decls == action.melds:
                    return MELD_MOVES + n
        raise InvalidArgumentError(f"{action} is not a legal declaration in this meld step")


new_meld_ending: Final[
    Callable[
        [
            EndingRules, tuple[int, int], tuple[int, ...], int, int, int, int, int,
            tuple[int, int], tuple[int, ...], int, bool, int, Choices,
        ],
        FildinskiMeldEnding,
    ]
] = fast_constructor(FildinskiMeldEnding)  # fmt: skip
"""Builds a :class:`FildinskiMeldEnding` from its fields (no checks)."""


# -- how many meld points are still possible ---------------------------------------------------------


def meld_room(
    rules: EndingRules,
    hands: tuple[int, int],
    trick: int,
    piles: tuple[int, int],
    used: tuple[int, ...],
    fresh: int,
    steps: int,
) -> int:
    """An upper bound on the meld points the counted seat can still score, in ``steps`` meld steps of its own.

    The melds it can still make lie in its won pile and the cards still to be
    won (the hands and the trick); each kind's melds avoid the cards already
    used by that kind (fildinski.meld.same-kind-once) and by the higher kind
    of its class (fildinski.meld.class-order), and each needs a card still to
    be won or ``fresh`` (a card of the trick it has just won) when the
    fresh-card rule holds. Each step makes at most :data:`MAX_MELDS` melds.
    """
    if not rules.melding or steps <= 0:
        return 0
    to_come = hands[0] | hands[1] | trick
    within = piles[rules.counted] | to_come
    needs = to_come | fresh if rules.fresh_rule else -1
    values: list[int] = []
    for points, reach, bars, code in rules.meld_rows:
        avail = within & reach
        if avail:
            for slot in bars:
                avail &= ~used[slot]
            if avail:
                count = _most_melds(code << 128 | avail << 64 | (needs & avail))
                values.extend([points] * count)
    values.sort(reverse=True)
    return sum(values[: MAX_MELDS * steps])


@lru_cache(maxsize=1 << 14)
def _most_melds(key: int) -> int:
    """The most pairwise disjoint melds of one kind inside a set of cards, each holding a needed card.

    ``key`` packs the question into one int (quick to hash): from bit 128 the
    kind's table order, the trump and the bezique option; from bit 64 the
    cards; below, the cards of which each meld needs one.
    """
    code, avail, needs = key >> 128, key >> 64 & _IDS, key & _IDS
    kind, trump, pair = KINDS[code >> 3], code >> 1 & 3, _PAIRS[code & 1]
    found = tuple(mask for mask in candidate_melds(kind, avail, trump, pair) if mask & needs)

    def most(start: int, taken: int) -> int:
        best = 0
        for n in range(start, len(found)):
            if not found[n] & taken:
                best = max(best, 1 + most(n + 1, taken | found[n]))
        return best

    return most(0, 0)


_IDS: Final = (1 << 64) - 1
_PAIRS: Final = (BeziquePair.STANDARD, BeziquePair.KLAVERJAS_HARTENDAME)
