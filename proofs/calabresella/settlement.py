"""The Calabresella model's settlement: cappotto, stramazzo, the multiplier, the stakes and the payments.

Written from the rules (calabresella.scoring.cappotto,
calabresella.scoring.stramazzo, calabresella.scoring.payment,
calabresella.bidding.ladder), like :mod:`proofs.calabresella.model`, and never
from the engine. The conditions are stated twice over: on a settled hand's
won pile (:class:`Settlement`, for the claims over the whole hand) and on its
counts alone (:func:`is_cappotto`, :func:`is_stramazzo`, for the proofs over
the engine's scoring code); the first reads the second.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from proofs.calabresella.model import (
    BONUS,
    HAND_THIRDS,
    TRICKS,
    pile_var,
    points,
    thirds_of,
    within_deck,
)
from proofs.z3facade import (
    BitVec,
    Bool,
    Int,
    all_of,
    any_of,
    bool_val,
    bool_var,
    int_val,
    int_var,
    ite,
    popcount,
    sum_of,
)

__all__ = [
    "DEFAULT_STAKES",
    "LADDER",
    "RAISE_FACTORS",
    "Settlement",
    "hand_valid",
    "hand_vars",
    "is_cappotto",
    "is_stramazzo",
    "multiplier",
    "nets",
    "overcalls",
    "passed_seats",
    "settlement",
    "stake_value",
    "stake_vars",
    "stakes_valid",
]


def is_cappotto(tricks_b: Int, reverse: Bool) -> Bool:
    """calabresella.scoring.cappotto: B took every trick, or (reverse on) none."""
    return tricks_b.eq(TRICKS) | (reverse & tricks_b.eq(0))


def is_stramazzo(tricks_b: Int, thirds_b: Int, by_thirds: Bool, *, trick_condition: bool = True) -> Bool:
    """calabresella.scoring.stramazzo under either basis, from B's tricks and thirds.

    All the points although a trick was lost, or none although a trick was
    won. ``trick_condition=False`` is a wrong companion's misreading that
    drops the "although".
    """
    lost_one = tricks_b < TRICKS if trick_condition else bool_val(True)
    won_one = tricks_b >= 1 if trick_condition else bool_val(True)
    rounded = (points(thirds_b).eq(11) & lost_one) | (points(thirds_b).eq(0) & won_one)
    raw = (thirds_b.eq(HAND_THIRDS) & lost_one) | (thirds_b.eq(0) & won_one)
    return ite(by_thirds, raw, rounded)


# -- cappotto and stramazzo -------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Settlement:
    """The end of a hand as the multiplier sees it.

    Attributes:
        won_b: the bidder's won pile, monte included when the bidder won trick 12.
        tricks_b: the tricks the bidder won.
        last_b: whether the bidder won trick 12.
        reverse: the ``reverse_cappotto`` option is ``on``.
        by_thirds: the ``stramazzo_basis`` option is ``thirds``.
    """

    won_b: BitVec
    tricks_b: Int
    last_b: Bool
    reverse: Bool
    by_thirds: Bool

    @property
    def thirds(self) -> Int:
        """thirds(B): the pile's value plus the last-trick bonus."""
        return thirds_of(self.won_b) + ite(self.last_b, int_val(BONUS), int_val(0))

    @property
    def played(self) -> Bool:
        """What the play leaves at settlement (the conservation claim's goal).

        The pile holds 3 cards per trick won plus the four monte cards when
        the bidder won trick 12; winning every trick includes the last, and
        winning none excludes it.
        """
        size = self.tricks_b * 3 + ite(self.last_b, int_val(4), int_val(0))
        return all_of(
            (
                within_deck(self.won_b),
                self.tricks_b.between(0, TRICKS),
                popcount(self.won_b).eq(size),
                self.tricks_b.eq(TRICKS).implies(self.last_b),
                self.tricks_b.eq(0).implies(~self.last_b),
            )
        )

    @property
    def cappotto(self) -> Bool:
        """calabresella.scoring.cappotto: B took every trick, or (reverse on) none."""
        return is_cappotto(self.tricks_b, self.reverse)

    def stramazzo(self, *, trick_condition: bool = True) -> Bool:
        """calabresella.scoring.stramazzo under either basis (:func:`is_stramazzo` of the pile's counts)."""
        return is_stramazzo(self.tricks_b, self.thirds, self.by_thirds, trick_condition=trick_condition)

    def success(self) -> Bool:
        """calabresella.scoring.success."""
        return points(self.thirds) >= 6


def settlement() -> Settlement:
    """The settlement variables (the same z3 constants on every call)."""
    return Settlement(
        pile_var("won by B"),
        int_var("cal tricks of B"),
        bool_var("cal B won trick 12"),
        bool_var("cal reverse_cappotto on"),
        bool_var("cal stramazzo_basis thirds"),
    )


def multiplier(s: Settlement, *, trick_condition: bool = True) -> Int:
    """m of calabresella.scoring.payment: 2 for cappotto, 3 for stramazzo, else 1."""
    return ite(
        s.cappotto, int_val(2), ite(s.stramazzo(trick_condition=trick_condition), int_val(3), int_val(1))
    )


# -- stakes and payments ---------------------------------------------------------------

RAISE_FACTORS: Final = (1, 2, 4)
"""The raise choices none, dividete and scegliete and their factor on the Solissimo stake."""
_MULTIPLIERS: Final = (1, 2, 3)
DEFAULT_STAKES: Final = (1, 2, 3)
"""The default ``stakes`` option: Chiamo 1, Solo 2, Solissimo 3."""


def stake_vars() -> tuple[Int, Int, Int]:
    """The three symbolic stakes (Chiamo, Solo, Solissimo)."""
    return int_var("cal stake Chiamo"), int_var("cal stake Solo"), int_var("cal stake Solissimo")


def hand_vars() -> tuple[Int, Int, Int, Bool]:
    """The variables of a settled hand: the contract, the raise, the multiplier and success."""
    return int_var("cal contract"), int_var("cal raise"), int_var("cal m"), bool_var("cal B succeeds")


def stakes_valid(stakes: tuple[Int, Int, Int]) -> Bool:
    """Stakes as the ``stakes`` option allows them: positive and increasing."""
    chiamo, solo, solissimo = stakes
    return (chiamo >= 1) & (chiamo < solo) & (solo < solissimo)


def hand_valid(contract: Int, raised: Int, m: Int) -> Bool:
    """A contract, raise and multiplier that a hand can have (a raise only on Solissimo)."""
    return all_of(
        (contract.between(0, 2), raised.between(0, 2), raised.ne(0).implies(contract.eq(2)), m.between(1, 3))
    )


def stake_value(stakes: tuple[Int, Int, Int], contract: Int, raised: Int, m: Int) -> Int:
    """V of calabresella.scoring.payment: the contract's stake, times the raise's factor, times m.

    Written as a sum of cases with constant factors, so it stays linear for
    symbolic stakes.
    """
    parts = []
    for c, stake in enumerate(stakes):
        for r, factor in enumerate(RAISE_FACTORS):
            for mm in _MULTIPLIERS:
                chosen = contract.eq(c) & raised.eq(r) & m.eq(mm)
                parts.append(ite(chosen, stake * (factor * mm), int_val(0)))
    return sum_of(parts)


def nets(value: Int, success: Bool, *, bidder_share: int = 2) -> tuple[Int, Int, Int]:
    """(net of B, net of O1, net of O2): each opponent pays V to a successful bidder, or is paid V.

    ``bidder_share`` is how many stakes the bidder collects; 2 (one from each
    opponent) by the specification, 1 in a wrong companion.
    """
    net_b = ite(success, value * bidder_share, value * -bidder_share)
    net_o = ite(success, -value, value)
    return net_b, net_o, net_o


# -- the auction's two conditions --------------------------------------------------------

LADDER: Final = ("chiamo", "solo", "solissimo")
"""calabresella.bidding.ladder: the bids, lowest first; a bid's level is its place, 1 to 3 (0: no bid yet)."""


def overcalls(level: int, highest: Int) -> Bool:
    """calabresella.bidding.overcall: a bid of ``level`` stands above the highest bid so far."""
    return highest < level


def passed_seats(calls: tuple[tuple[int, Int], ...]) -> Int:
    """calabresella.bidding.pass-final: the seats that have passed, as a sum of ``2**seat``.

    ``calls`` are the auction's calls in order, (seat, level) with level 0 a pass.
    """
    return sum_of(
        ite(any_of(level.eq(0) for who, level in calls if who == seat), int_val(1 << seat), int_val(0))
        for seat in range(3)
    )
