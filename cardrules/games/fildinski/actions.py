"""Fildinski actions and their canonical text.

Three kinds of action, each starting with its actor:

``p0 play QS``
    play a card to the trick (:class:`PlayCard`). When the hand holds both
    copies of a kind they are interchangeable and the lower copy is played.
``p0 dix 7H``
    the dix (:class:`Dix`): exchange the trump 7 with the turn-up, in a
    stock-phase meld step, before the step's melds are declared.
``p0 meld none``, ``p0 meld bezique JD QS``, ``p0 meld royal-marriage KH QH + four-kings KC KD KH KS``
    the meld declaration that ends a meld step (:class:`DeclareMelds`): no meld
    (``none``), one meld, or two melds joined by ``+``. Each meld is its kind
    (:class:`~cardrules.games.fildinski.melds.MeldKind` text) and its cards,
    each card in the canonical two-character form. When the won pile holds
    both copies of a kind and they differ for some rule (one fresh, or one
    already in a meld), a card names its copy: ``QS#1`` or ``QS#2``, copy 1
    being the copy nearer the top of the deal's deck order
    (fildinski.meld.copy-choice); otherwise the plain form is used.

Cards within a meld are written by suit (clubs first) and, within a suit,
from the strongest down; the melds of one declaration in table order.

>>> from cardrules.games.fildinski.actions import parse_action_text
>>> str(parse_action_text("p1 meld bezique qs jd", None))
'p1 meld bezique JD QS'
>>> str(parse_action_text("meld none", 0)), str(parse_action_text("10h", 1))
('p0 meld none', 'p1 play TH')
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Final

from cardrules.cards import Card, is_card, parse_card
from cardrules.errors import InvalidNotationError
from cardrules.frozen import fast_constructor
from cardrules.game import Action
from cardrules.games.fildinski.cards import card_kind, card_of, ids_in, kind_card
from cardrules.games.fildinski.melds import MeldKind, parse_meld_kind
from cardrules.judging import action_text, value_text
from cardrules.notation import format_seat, split_actor

__all__ = [
    "PLAYS",
    "CardRef",
    "DeclareMelds",
    "Dix",
    "MeldDecl",
    "PlayCard",
    "make_declare",
    "malformed",
    "meld_decl",
    "meld_refs",
    "name_copies",
    "parse_action_text",
]


@dataclass(frozen=True, slots=True)
class PlayCard(Action):
    """``seat`` plays ``card`` to the current trick. Text: ``p0 play QS``."""

    card: Card

    def __str__(self) -> str:
        return f"{format_seat(self.seat)} play {self.card}"


@dataclass(frozen=True, slots=True)
class Dix(Action):
    """``seat`` exchanges the trump 7 ``card`` with the turn-up (fildinski.dix.exchange).

    Text: ``p0 dix 7H``.
    """

    card: Card

    def __str__(self) -> str:
        return f"{format_seat(self.seat)} dix {self.card}"


@dataclass(frozen=True, slots=True)
class CardRef:
    """A card of a meld: a plain card, and the copy (1 or 2) when the action must say which.

    Text: ``QS`` or ``QS#2``.
    """

    card: Card
    copy: int | None = None

    def __str__(self) -> str:
        return str(self.card) if self.copy is None else f"{self.card}#{self.copy}"


def _sort_key(ref: CardRef) -> tuple[int, int, int]:
    kind = card_kind(ref.card)
    return int(ref.card.suit), -(kind if kind is not None else -1), ref.copy or 0


def meld_refs(cards: Iterable[int], pool: int = 0) -> tuple[CardRef, ...]:
    """The ids ``cards`` as a meld writes them, in canonical order, naming a copy where ``pool`` holds both.

    >>> from cardrules.games.fildinski.cards import card_id
    >>> from cardrules.cards import parse_card
    >>> qs, jd = card_id(parse_card("QS"), 2), card_id(parse_card("JD"), 1)
    >>> " ".join(str(r) for r in meld_refs((qs, jd), pool=1 << qs | 1 << (qs ^ 1)))
    'JD QS#2'
    """
    refs = [CardRef(card_of(i), (i & 1) + 1 if pool >> (i ^ 1) & 1 else None) for i in cards]
    return tuple(sorted(refs, key=_sort_key))


@dataclass(frozen=True, slots=True)
class MeldDecl:
    """One declared meld: its kind and its cards. Text: ``bezique JD QS``."""

    kind: MeldKind
    cards: tuple[CardRef, ...]

    def __str__(self) -> str:
        return f"{self.kind.value} {' '.join(str(c) for c in self.cards)}"

    @classmethod
    def of(cls, kind: MeldKind, cards: tuple[CardRef, ...]) -> MeldDecl:
        """The declaration with its cards in canonical order."""
        return cls(kind, tuple(sorted(cards, key=_sort_key)))


_REFS: Final[tuple[tuple[CardRef, CardRef, CardRef], ...]] = tuple(
    (CardRef(kind_card(k)), CardRef(kind_card(k), 1), CardRef(kind_card(k), 2)) for k in range(32)
)
"""Each kind's card references: plain, copy 1, copy 2 (values, built once)."""
_PLAIN_REFS: Final[tuple[CardRef, ...]] = tuple(_REFS[i >> 1][0] for i in range(64))
"""Each id's plain card reference (the copy not named)."""
_PLACE: Final[tuple[int, ...]] = tuple(64 * (i >> 4) - 2 * (i >> 1) + (i & 1) for i in range(64))
"""Where each id goes in a meld's canonical order: by suit, the strongest first (as ``_sort_key``)."""


def meld_decl(kind: MeldKind, cards: int, named: int) -> MeldDecl:
    """A ``kind`` meld of the ids ``cards`` (a bitmask) declared, naming the copy of the ids in ``named``.

    The cards come in canonical order, as :meth:`MeldDecl.of` puts them.

    >>> from cardrules.games.fildinski.cards import card_id
    >>> from cardrules.cards import parse_card
    >>> qs, jd = card_id(parse_card("QS"), 2), card_id(parse_card("JD"), 1)
    >>> str(meld_decl(MeldKind.BEZIQUE, 1 << qs | 1 << jd, 1 << qs))
    'bezique JD QS#2'
    """
    ids = sorted(ids_in(cards), key=_PLACE.__getitem__)
    if not named:  # the common case: every card plain, each id's reference read off a table
        return _make_decl(kind, tuple(map(_PLAIN_REFS.__getitem__, ids)))
    return _make_decl(kind, tuple([_REFS[i >> 1][(i & 1) + 1 if named >> i & 1 else 0] for i in ids]))


def name_copies(plain: MeldDecl, cards: int, named: int) -> MeldDecl:
    """:func:`meld_decl` of ``plain``'s kind, the ids ``cards`` and the copies ``named``, from ``plain``,
    the declaration of those ids naming no copy.

    Each named id's plain reference gives way to its copy's: it stands where
    as many of the meld's ids come before it in canonical order (a property
    test holds the result to :func:`meld_decl`'s).
    """
    refs = list(plain.cards)
    while named:
        low = named & -named
        card = low.bit_length() - 1
        refs[(cards & _BEFORE[card]).bit_count()] = _NAMED_REFS[card]
        named ^= low
    return _make_decl(plain.kind, tuple(refs))


_NAMED_REFS: Final[tuple[CardRef, ...]] = tuple(_REFS[i >> 1][(i & 1) + 1] for i in range(64))
"""Each id's card reference naming its copy."""
_BEFORE: Final[tuple[int, ...]] = tuple(
    sum(1 << other for other in range(64) if _PLACE[other] < _PLACE[card]) for card in range(64)
)
"""For each id, the ids that come before it in a meld's canonical order (an id bitmask)."""


@dataclass(frozen=True, slots=True)
class DeclareMelds(Action):
    """``seat`` ends its meld step declaring ``melds`` (possibly none).

    Text: ``p0 meld none`` or ``p0 meld KIND CARDS [+ KIND CARDS]``.
    """

    melds: tuple[MeldDecl, ...]

    def __str__(self) -> str:
        body = " + ".join(str(m) for m in self.melds) if self.melds else "none"
        return f"{format_seat(self.seat)} meld {body}"


def malformed(action: object) -> str | None:
    """Why ``action`` is no Fildinski action (common.action.known), or ``None`` when it is one.

    The one door check of an action's parts, which ``check`` makes first and
    ``apply``'s fast path never bypasses. An action is a :class:`PlayCard`, a
    :class:`Dix` or a :class:`DeclareMelds` by seat 0 or 1 (an ``int``, not a
    bool); its card is a :class:`~cardrules.cards.Card` (a joker is none); a
    declaration's melds are a tuple of :class:`MeldDecl`, each of a
    :class:`~cardrules.games.fildinski.melds.MeldKind` with a tuple of
    :class:`CardRef`, each a card with copy ``None``, 1 or 2. Whether a card is
    of the piquet deck, or a declaration has too many melds, is for the rules.

    >>> from cardrules.cards import JOKER
    >>> malformed(PlayCard(0, JOKER)), malformed(PlayCard(1, parse_card("QS")))
    ('Joker() is not a card', None)
    """
    try:  # the common case at once: exact types (a field missing raises, and is looked into below)
        if type(action) is PlayCard or type(action) is Dix:
            played = action.card
            if type(action.seat) is int and 0 <= action.seat <= 1 and type(played) is Card:
                return None if type(played.index) is int else "a card value built past its constructor"
        elif type(action) is DeclareMelds and type(action.seat) is int and 0 <= action.seat <= 1:
            declared = action.melds
            if declared == () or (type(declared) is tuple and _plain_melds(declared)):
                return None
    except AttributeError:
        pass
    if not isinstance(action, _KINDS):
        return (
            f"{action_text(action)} is not a Fildinski action: "
            "a card play, a dix or a meld declaration by p0 or p1"
        )
    seat = getattr(action, "seat", None)
    if type(seat) is not int or seat not in (0, 1):
        return f"{value_text(seat)} is not a seat of Fildinski: its seats are p0 and p1"
    if not isinstance(action, DeclareMelds):
        card = getattr(action, "card", None)
        return None if is_card(card) else f"{value_text(card)} is not a card"
    melds = getattr(action, "melds", None)
    if type(melds) is not tuple:
        return f"the melds of a declaration are a tuple of MeldDecl, not {value_text(melds)}"
    for meld in melds:
        if type(meld) is not MeldDecl:
            return f"{value_text(meld)} is not a meld (a MeldDecl)"
        kind, refs = getattr(meld, "kind", None), getattr(meld, "cards", None)
        if type(kind) is not MeldKind:
            return f"{value_text(kind)} is not a kind of meld"
        if type(refs) is not tuple:
            return f"the cards of a meld are a tuple of CardRef, not {value_text(refs)}"
        for ref in refs:
            if type(ref) is not CardRef:
                return f"{value_text(ref)} is not a card of a meld (a CardRef)"
            card, copy = getattr(ref, "card", None), getattr(ref, "copy", 0)
            if not is_card(card):
                return f"{value_text(card)} is not a card"
            if copy is not None and (type(copy) is not int or copy not in (1, 2)):
                return f"{value_text(copy)} is not a copy of a card: a copy is None, 1 or 2"
    return None


def _plain_melds(melds: tuple[MeldDecl, ...]) -> bool:
    """Whether ``melds`` are MeldDecl values with exact types all through (the door's common case)."""
    for meld in melds:
        if type(meld) is not MeldDecl or type(meld.kind) is not MeldKind or type(meld.cards) is not tuple:
            return False
        for ref in meld.cards:
            if type(ref) is not CardRef or type(ref.card) is not Card:
                return False
            copy = ref.copy
            if copy is not None and (type(copy) is not int or not 1 <= copy <= 2):
                return False
    return True


_KINDS = (PlayCard, Dix, DeclareMelds)
_make_decl: Final[Callable[[MeldKind, tuple[CardRef, ...]], MeldDecl]] = fast_constructor(MeldDecl)
make_declare: Final[Callable[[int, tuple[MeldDecl, ...]], DeclareMelds]] = fast_constructor(DeclareMelds)
"""Build a :class:`DeclareMelds` from a seat and valid melds, skipping ``__init__`` (for the legal sets)."""


def _parse_ref(token: str) -> CardRef:
    text, sep, copy = token.partition("#")
    card = parse_card(text)
    if not sep:
        return CardRef(card)
    if copy.strip() not in ("1", "2"):
        raise InvalidNotationError(f"{token!r}: a copy is written #1 or #2 after the card, as in QS#2")
    return CardRef(card, int(copy))


def _parse_melds(text: str, words: list[str]) -> tuple[MeldDecl, ...]:
    body = " ".join(words)
    if body.strip().lower() == "none":
        return ()
    melds = []
    for part in body.split("+"):
        tokens = part.replace(",", " ").split()
        if len(tokens) < 2:
            raise InvalidNotationError(
                f"{text!r}: each meld is a kind and its cards, as in 'p0 meld bezique JD QS'; "
                "write 'p0 meld none' to declare no meld"
            )
        kind = parse_meld_kind(tokens[0])
        melds.append(MeldDecl.of(kind, tuple(_parse_ref(t) for t in tokens[1:])))
    return tuple(melds)


def parse_action_text(text: str, default_seat: int | None) -> Action:
    """Read ``[actor] play CARD``, ``[actor] dix CARD`` or ``[actor] meld ...`` (a bare card is a play).

    The actor defaults to ``default_seat``. Cards within a meld are put in
    canonical order; the melds keep the order given.

    Raises:
        InvalidNotationError: the text is not a Fildinski action, or it names no
            actor where nobody is to act.
    """
    if type(text) is str:
        known = _CANONICAL.get(text)
        if known is not None:  # the canonical text of a card play, a dix or 'meld none' (records hold it)
            return known
    seat, words = split_actor(text)
    verb = words[0].lower() if words else ""
    if verb in ("play", "dix", "meld"):
        words = words[1:]
    else:
        verb = "play"
    if not words:
        raise InvalidNotationError(
            f"{text!r} is not a Fildinski action: write [actor] play CARD, [actor] dix CARD, "
            "or [actor] meld none / KIND CARDS [+ KIND CARDS]"
        )
    if seat is None:
        if default_seat is None:
            raise InvalidNotationError(f"{text!r} names no actor and nobody is to act")
        seat = default_seat
    if verb == "meld":
        return DeclareMelds(seat, _parse_melds(text, words))
    if len(words) != 1:
        raise InvalidNotationError(
            f"{text!r} is not a Fildinski action: write [actor] {verb} CARD, as in 'p0 {verb} QS'"
        )
    card = parse_card(words[0])
    return Dix(seat, card) if verb == "dix" else PlayCard(seat, card)


PLAYS: Final[tuple[tuple[PlayCard, ...], ...]] = tuple(
    tuple(PlayCard(seat, kind_card(k)) for k in range(32)) for seat in (0, 1)
)
"""Each seat's play of each card kind (``PLAYS[seat][kind]``), built once: the values the legal sets hand
out and the reader gives for a play's canonical text, so that ``apply``'s fast path tells them by identity."""
_CANONICAL: Final[Mapping[str, Action]] = MappingProxyType(
    {
        str(action): action
        for seat in (0, 1)
        for action in (
            *PLAYS[seat],
            *(Dix(seat, kind_card(k)) for k in range(32)),
            DeclareMelds(seat, ()),
        )
    }
)
"""The actions with one text each and no cards of a meld, by their canonical text (built once)."""
