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

from cardrules.cards import Card, parse_card
from cardrules.errors import InvalidDealError

__all__ = ["read_deck"]


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
    pack_cards = [card if isinstance(card, Card) else parse_card(card, jokers=True) for card in pack]
    # Equal cards have equal indices and unequal ones unequal (every joker is 52), so equal
    # sorted indices are the same multiset, found without hashing a card.
    if sorted([card.index for card in cards]) == sorted([card.index for card in pack_cards]):
        return cards
    want = Counter(pack_cards)
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
