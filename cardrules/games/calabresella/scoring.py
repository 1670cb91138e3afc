"""Calabresella contracts, stakes, the count and the settlement of a hand.

Pure functions of small ints, shared by the engine, the tests and the proofs.
Card values are integers in thirds of a point (never floats); rounding happens
once, at the end of the hand (calabresella.scoring.rounding).

>>> settle(bidder=0, contract=Contract.SOLO, raised=Raise.NONE, tricks_bidder=7,
...        thirds_bidder=20, stakes=(1, 2, 3)).payments
(4, -2, -2)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from types import MappingProxyType
from typing import Final

from cardrules.frozen import fast_constructor
from cardrules.games.calabresella.cards import mask_thirds
from cardrules.games.calabresella.options import ReverseCappotto, StramazzoBasis

__all__ = [
    "HAND_THIRDS",
    "HAND_TRICKS",
    "LAST_TRICK_THIRDS",
    "TARGET_THIRDS",
    "Contract",
    "Raise",
    "Settlement",
    "bidder_thirds",
    "is_cappotto",
    "is_stramazzo",
    "multiplier",
    "payments",
    "points",
    "settle",
    "stake",
    "succeeds",
]

HAND_TRICKS: Final = 12
"""calabresella.play.tricks: tricks in a hand."""

LAST_TRICK_THIRDS: Final = 3
"""calabresella.scoring.last-trick: the bonus for the twelfth trick, in thirds."""

HAND_THIRDS: Final = 35
"""calabresella.scoring.hand-total: the 32 thirds of the cards plus the bonus."""

TARGET_THIRDS: Final = 18
"""calabresella.scoring.success: the bidder needs 6 points, that is 18 thirds."""


class Contract(Enum):
    """The three bids of calabresella.bidding.ladder, lowest first (:attr:`level` 1 to 3)."""

    CHIAMO = "chiamo"
    SOLO = "solo"
    SOLISSIMO = "solissimo"

    @property
    def level(self) -> int:
        """The bid's place on the ladder: 1 (Chiamo), 2 (Solo), 3 (Solissimo)."""
        return _LEVELS[self._value_]  # by the value, a str: an Enum member hashes in Python, slowly

    @property
    def label(self) -> str:
        """The name a player reads: ``Chiamo``, ``Solo``, ``Solissimo``."""
        return self.value.capitalize()


_LEVELS: Final = MappingProxyType(
    {Contract.CHIAMO.value: 1, Contract.SOLO.value: 2, Contract.SOLISSIMO.value: 3}
)
CONTRACTS: Final[tuple[Contract, ...]] = (Contract.CHIAMO, Contract.SOLO, Contract.SOLISSIMO)
"""The contracts by level: ``CONTRACTS[level - 1]`` is the bid of that level."""


class Raise(Enum):
    """The Solissimo bidder's choice (calabresella.exchange.solissimo-raise), with its :attr:`factor`."""

    NONE = "none"
    DIVIDETE = "dividete"
    SCEGLIETE = "scegliete"

    @property
    def factor(self) -> int:
        """1 for no raise, 2 for dividete, 4 for scegliete."""
        return _FACTORS[self._value_]  # by the value, as Contract.level


# The members the settlement compares with, read once (reading an enum member off its class is slow).
_NO_RAISE: Final = Raise.NONE
_SOLISSIMO: Final = Contract.SOLISSIMO
_REVERSE: Final = ReverseCappotto.ON
_ROUNDED: Final = StramazzoBasis.ROUNDED

_FACTORS: Final = MappingProxyType({Raise.NONE.value: 1, Raise.DIVIDETE.value: 2, Raise.SCEGLIETE.value: 4})


def stake(contract: Contract, raised: Raise, stakes: tuple[int, int, int]) -> int:
    """calabresella.bidding.ladder: the contract's stake in units, after any raise.

    >>> stake(Contract.SOLISSIMO, Raise.SCEGLIETE, (1, 2, 3))
    12
    """
    if raised is not _NO_RAISE and contract is not _SOLISSIMO:
        raise ValueError(f"only Solissimo can be raised, not {contract.label}")
    return stakes[contract.level - 1] * raised.factor


def bidder_thirds(won_bidder: int, last_trick: bool) -> int:
    """calabresella.scoring.rounding: the bidder's thirds, the cards of W_B (a bitmask, the monte
    included when it went there) plus the 3 of calabresella.scoring.last-trick if B won trick 12.

    >>> bidder_thirds(0, True)
    3
    """
    return mask_thirds(won_bidder) + (LAST_TRICK_THIRDS if last_trick else 0)


def points(thirds: int) -> int:
    """calabresella.scoring.rounding: whole points, the remainder dropped."""
    return thirds // 3


def succeeds(thirds_bidder: int) -> bool:
    """calabresella.scoring.success: the bidder has 6 points or more (18 thirds or more)."""
    return thirds_bidder >= TARGET_THIRDS


def is_cappotto(tricks_bidder: int, reverse: ReverseCappotto) -> bool:
    """calabresella.scoring.cappotto: the bidder took all 12 tricks (or, with ``reverse``, none)."""
    return tricks_bidder == HAND_TRICKS or (tricks_bidder == 0 and reverse is _REVERSE)


def is_stramazzo(tricks_bidder: int, thirds_bidder: int, basis: StramazzoBasis) -> bool:
    """calabresella.scoring.stramazzo: all the points despite losing a trick, or none despite winning one."""
    if basis is _ROUNDED:
        everything, nothing = points(thirds_bidder) == 11, points(thirds_bidder) == 0
    else:
        everything, nothing = thirds_bidder == HAND_THIRDS, thirds_bidder == 0
    return (everything and tricks_bidder < HAND_TRICKS) or (nothing and tricks_bidder > 0)


def multiplier(
    tricks_bidder: int, thirds_bidder: int, reverse: ReverseCappotto, basis: StramazzoBasis
) -> int:
    """calabresella.scoring.payment: 2 for cappotto, 3 for stramazzo, otherwise 1."""
    if is_cappotto(tricks_bidder, reverse):
        return 2
    if is_stramazzo(tricks_bidder, thirds_bidder, basis):
        return 3
    return 1


def payments(bidder: int, success: bool, value: int) -> tuple[int, int, int]:
    """calabresella.scoring.payment: each seat's net; the opponents pay or receive ``value`` each."""
    net = value if success else -value
    out = [-net, -net, -net]
    out[bidder] = 2 * net
    return out[0], out[1], out[2]


@dataclass(frozen=True, slots=True)
class Settlement:
    """The count and payment of a played hand.

    Attributes:
        bidder: the bidder's seat.
        contract: the contract.
        raised: the Solissimo raise (``Raise.NONE`` otherwise).
        tricks_bidder: tricks the bidder won (0..12).
        thirds_bidder: the bidder's thirds, monte and last-trick bonus included.
        thirds_opponents: the opponents' pooled thirds (``35 - thirds_bidder``).
        points_bidder: ``thirds_bidder // 3``.
        points_opponents: ``thirds_opponents // 3``.
        success: whether the bidder made 18 thirds or more.
        cappotto: whether cappotto applies.
        stramazzo: whether stramazzo applies.
        multiplier: 2, 3 or 1.
        value: V, the stake after any raise times the multiplier.
        payments: each seat's net, in seat order (they sum to zero).
    """

    bidder: int
    contract: Contract
    raised: Raise
    tricks_bidder: int
    thirds_bidder: int
    thirds_opponents: int
    points_bidder: int
    points_opponents: int
    success: bool
    cappotto: bool
    stramazzo: bool
    multiplier: int
    value: int
    payments: tuple[int, int, int]


_make_settlement: Final[
    Callable[
        [int, Contract, Raise, int, int, int, int, int, bool, bool, bool, int, int, tuple[int, int, int]],
        Settlement,
    ]
] = fast_constructor(Settlement)
"""Build a :class:`Settlement` from all its fields, in order, fast (what :func:`settle` builds)."""


def settle(
    *,
    bidder: int,
    contract: Contract,
    raised: Raise,
    tricks_bidder: int,
    thirds_bidder: int,
    stakes: tuple[int, int, int],
    reverse: ReverseCappotto = ReverseCappotto.ON,
    basis: StramazzoBasis = StramazzoBasis.ROUNDED,
) -> Settlement:
    """Count and pay a hand from the bidder's tricks and thirds (bonus and monte included).

    Raises:
        ValueError: counts out of range (tricks 0..12, thirds 0..35).
    """
    if not 0 <= tricks_bidder <= HAND_TRICKS or not 0 <= thirds_bidder <= HAND_THIRDS:
        raise ValueError(f"tricks 0..12 and thirds 0..35, not {tricks_bidder} and {thirds_bidder}")
    success = succeeds(thirds_bidder)
    cappotto = is_cappotto(tricks_bidder, reverse)
    stramazzo = not cappotto and is_stramazzo(tricks_bidder, thirds_bidder, basis)
    m = 2 if cappotto else 3 if stramazzo else 1
    value = stake(contract, raised, stakes) * m
    thirds_opponents = HAND_THIRDS - thirds_bidder
    return _make_settlement(
        bidder,
        contract,
        raised,
        tricks_bidder,
        thirds_bidder,
        thirds_opponents,
        points(thirds_bidder),
        points(thirds_opponents),
        success,
        cappotto,
        stramazzo,
        m,
        value,
        payments(bidder, success, value),
    )
