"""Explicit deck orders: common.deal.permutation for every game's pack.

A game dealt from a given deck order (``from_deal``, or a record's ``deals``)
must be given its own pack, each card as many times as the pack holds it (once
in a single pack, twice in Fildinski's or Backstab Fish's double deck), and
nothing else. :func:`read_deck` reads the order and refuses any other with an
:class:`~cardrules.errors.InvalidDealError` that names what is missing and what
is extra.

>>> read_deck(["QS", "TH"], ["TH", "QS"], deal_number=1, pack_name="toy pack")
(Card(rank=Rank.QUEEN, suit=Suit.SPADES), Card(rank=Rank.TEN, suit=Suit.HEARTS))
>>> from cardrules.errors import InvalidDealError
>>> try:
...     read_deck(["QS", "QS"], ["TH", "QS"], deal_number=2, pack_name="toy pack")
... except InvalidDealError as error:
...     print(error)
deal 2 is not a permutation of the toy pack (2 cards; missing TH; extra QS) [common.deal.permutation]
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from operator import is_
from typing import Final

from cardrules.cards import JOKER, STANDARD_DECK, Card, parse_card
from cardrules.errors import InvalidDealError

__all__ = ["read_deck"]

_SHARED: Final[tuple[Card, ...]] = (*STANDARD_DECK, JOKER)
"""The shared card values, each at its own index (the joker's is 52)."""


_STANDARD_INDICES: Final[tuple[int, ...]] = tuple(range(52))
"""The sorted indices of :data:`~cardrules.cards.STANDARD_DECK`, the pack most games deal."""


def _shared_indices(cards: Sequence[object]) -> tuple[int, ...] | None:
    """The indices of ``cards``, sorted, when every one is a shared card value; otherwise ``None``.

    Cards read from text and the packs are the shared values of
    :data:`~cardrules.cards.STANDARD_DECK` (and :data:`~cardrules.cards.JOKER`), whose
    indices stand for them exactly, so two such lists are the same multiset of
    cards exactly when their sorted indices are equal. Anything else (text, a
    card built anew) is left to the general comparison.
    """
    try:
        indices = [card.index for card in cards]  # type: ignore[attr-defined]
        if all(map(is_, map(_SHARED.__getitem__, indices), cards)):
            indices.sort()
            return tuple(indices)
    except (AttributeError, IndexError, TypeError):
        pass
    return None


def _listing(counts: Counter[Card]) -> str:
    return " ".join(str(card) for card, times in counts.items() for _ in range(times))


def read_deck(
    deck: Sequence[Card | str],
    pack: Sequence[Card | str],
    *,
    deal_number: int,
    pack_name: str,
    jokers: bool = False,
) -> tuple[Card, ...]:
    """``deck`` as cards, when it holds exactly the cards of ``pack`` (in any order).

    Cards may be given as text (read with :func:`~cardrules.cards.parse_card`,
    jokers too when ``jokers`` is true).

    Raises:
        InvalidDealError: ``deck`` is one string, or not a permutation of
            ``pack``; the message names the deal, the pack, the missing cards
            (in pack order) and the extra ones (in deck order).
        InvalidNotationError: a card cannot be read.
    """
    if isinstance(deck, str):
        raise InvalidDealError(
            f"deal {deal_number} must be a sequence of cards, not one string [common.deal.permutation]"
        )
    cards = tuple(card if isinstance(card, Card) else parse_card(card, jokers=jokers) for card in deck)
    have_indices = _shared_indices(cards)
    if have_indices is not None and have_indices == (
        _STANDARD_INDICES if pack is STANDARD_DECK else _shared_indices(pack)
    ):
        return cards  # the same multiset, told by the indices without hashing a card
    want = Counter(card if isinstance(card, Card) else parse_card(card, jokers=True) for card in pack)
    have = Counter(cards)
    if have == want:
        return cards
    parts = [f"{len(cards)} cards"]
    if missing := want - have:
        parts.append("missing " + _listing(missing))
    if extra := have - want:
        parts.append("extra " + _listing(extra))
    raise InvalidDealError(
        f"deal {deal_number} is not a permutation of the {pack_name} ({'; '.join(parts)}) "
        "[common.deal.permutation]"
    )
