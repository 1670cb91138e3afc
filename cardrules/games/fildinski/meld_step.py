"""The meld step after a won trick: the dix and the meld declaration that ends the step.

Only the trick's winner acts (:func:`in_step`, fildinski.meld.who-and-when):
first the dix (``p0 dix 7H``) where it is possible, then exactly one
declaration (``p0 meld none``, or one or two melds), after which both players
draw (:func:`~cardrules.games.fildinski.deal.draw`). The dix has a module of
its own (:mod:`~cardrules.games.fildinski.dix`); here the declaration's legal
set, verdict and transition are side by side, and each rule's condition is one
function that all of them use: the conditions of a meld, which live in
:mod:`~cardrules.games.fildinski.meld_conditions` and are offered here too
(``in_step``, ``meld_pool``, ``fresh_cards``, ``reused``, ``outranked``,
``copy_matters``, ``copy_named``, ``MAX_MELDS``, ``shared_cards``, and the
``MeldView`` they read). The search of
the legal declarations is :mod:`~cardrules.games.fildinski.meld_search`
(``step_choices``, for the solver, is offered here too)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, TypeAlias

from cardrules.cards import Card
from cardrules.game import Action
from cardrules.games.fildinski import play
from cardrules.games.fildinski.actions import DeclareMelds, Dix, MeldDecl, make_declare, meld_refs
from cardrules.games.fildinski.cards import DEAL_TRICKS, card_kind, card_of, ids_in, kind_card
from cardrules.games.fildinski.deal import DealContext, draw
from cardrules.games.fildinski.dix import dix_card
from cardrules.games.fildinski.meld_conditions import (
    MAX_MELDS,
    NO_MELDING,
    WHO_AND_WHEN,
    Melds,
    MeldView,
    copy_matters,
    copy_named,
    fresh_cards,
    in_step,
    meld_pool,
    outranked,
    outranking,
    reused,
    shared_cards,
    step_conditions,
)
from cardrules.games.fildinski.meld_search import declarations, single_declaration, single_melds, step_choices
from cardrules.games.fildinski.melds import MeldKind, bezique_kinds, meld_fits, meld_ids
from cardrules.games.fildinski.options import MeldedCards
from cardrules.games.fildinski.rules import RULES
from cardrules.games.fildinski.scoring import MeldEvent, make_meld_event, score_melds
from cardrules.judging import (
    ACTION_KNOWN,
    CARDS_HELD,
    Findings,
    out_of_turn,
    rule_order,
)
from cardrules.notation import format_seat
from cardrules.rules import RuleId
from cardrules.verdict import Verdict, make_verdict

if TYPE_CHECKING:
    from cardrules.games.fildinski.state import FildinskiState

__all__ = [
    "CLASS_ORDER",
    "FRESH_CARD",
    "FROM_WON",
    "KINDS",
    "MAX_MELDS",
    "NO_MELDING",
    "PER_STEP",
    "SAME_KIND_ONCE",
    "WHO_AND_WHEN",
    "MeldView",
    "Melds",
    "StepMemo",
    "copy_matters",
    "copy_named",
    "declare",
    "fresh_cards",
    "in_step",
    "judge_melds",
    "legal_actions",
    "marked",
    "meld_pool",
    "outranked",
    "outranking",
    "remembered_melds",
    "reused",
    "shared_cards",
    "step_choices",
    "step_conditions",
]

FROM_WON: Final = "fildinski.meld.from-won-cards"
"""The rule that melds are made from the melder's won cards."""
FRESH_CARD: Final = "fildinski.meld.fresh-card"
"""The rule that a meld holds a card of the trick just won."""
SAME_KIND_ONCE: Final = "fildinski.meld.same-kind-once"
"""The rule that a card serves in one meld of each kind."""
CLASS_ORDER: Final = "fildinski.meld.class-order"
"""The rule that a higher meld's cards never form the lower meld of its class."""
PER_STEP: Final = "fildinski.meld.per-step"
"""The rule of at most two melds a step, sharing no card."""
KINDS: Final = "fildinski.meld.kinds"
"""The meld table's rule."""

_WHO_AND_WHEN: Final = WHO_AND_WHEN
_NO_MELDING: Final = NO_MELDING
_FROM_WON: Final = FROM_WON
_PER_STEP: Final = PER_STEP
_ENDS_STEP: Final = (RuleId(_WHO_AND_WHEN),)
_MELDS: Final = (RuleId(_WHO_AND_WHEN), RuleId(KINDS))
_ORDER: Final = rule_order(RULES)
_KINDS: Final[tuple[MeldKind, ...]] = tuple(MeldKind)
"""The meld kinds by table order."""
_REMOVED: Final = MeldedCards.REMOVED  # read once: an enum member read off its class costs more
_NONE: Final[tuple[tuple[Action, ...], ...]] = tuple((DeclareMelds(seat, ()),) for seat in (0, 1))
"""Each seat's legal set of declarations when no meld can be made: ``meld none`` alone."""
_DIX: Final[tuple[tuple[Dix, ...], ...]] = tuple(
    tuple(Dix(seat, kind_card(k)) for k in range(32)) for seat in (0, 1)
)
"""Each seat's dix of each card kind (``_DIX[seat][kind]``), built once for the legal sets."""
_ENDS_WITHOUT_MELD: Final[tuple[Verdict, ...]] = tuple(
    make_verdict(True, _ENDS_STEP, f"{format_seat(seat)} ends the meld step without a meld")
    for seat in (0, 1)
)
"""Each seat's verdict on its legal ``meld none`` (the same value every time)."""


class StepMemo:
    """The one value a Fildinski state works out lazily: its meld step's legal declarations.

    A base of :class:`~cardrules.games.fildinski.state.FildinskiState` with a
    slot of its own, outside the dataclass's fields: :func:`legal_actions`
    fills it the first time a meld step's legal set with a meld in it is
    asked, and the judge (:func:`judge_melds`) and ``apply``'s fast path
    (:func:`remembered_melds`) read a declaration of that very set from it
    without judging it again (which costs a search's worth). It is derived
    from the fields alone, so it never shows in equality, hash, pickle, repr
    or position (a test holds this).
    """

    __slots__ = ("_step_memo",)


_Memo: TypeAlias = tuple[tuple[DeclareMelds, ...], tuple[Melds, ...]]
"""A meld step's declarations with a meld, the very values of its legal set, and their melds in the same
order (a few: a search along them costs less than building a mapping)."""
_read_memo: Final = StepMemo._step_memo.__get__  # type: ignore[attr-defined]
_write_memo: Final = StepMemo._step_memo.__set__  # type: ignore[attr-defined]


def legal_actions(s: FildinskiState, seat: int) -> tuple[Action, ...]:
    """The legal actions of ``seat`` in its meld step, in canonical order.

    The dix when possible (:func:`~cardrules.games.fildinski.dix.dix_card`), then ``meld none``, then every
    single meld, then every pair of disjoint melds, one declaration for each
    distinct outcome (fildinski.meld.copy-choice). A set with a meld in it is
    remembered on the state (:class:`StepMemo`) for the judge, not for another
    call: a state that has not been asked has no memo, and finding that out
    costs more than the search of the common meld step.
    """
    singles = single_melds(s, seat)
    dix = dix_card(s, seat)
    if not singles:  # the common case: no meld can be made, only the declaration of none
        return _NONE[seat] if dix is None else (_DIX[seat][dix >> 1], *_NONE[seat])
    none = _NONE[seat]
    if len(singles) == 1:  # the common case with a meld: declarations gives none and this meld
        order, mask = singles[0]
        action = make_declare(seat, (single_declaration(s, seat, order, mask),))
        actions = (*none, action) if dix is None else (_DIX[seat][dix >> 1], *none, action)
        _write_memo(s, ((action,), (((_KINDS[order], mask),),)))
        return actions
    written, resolved = declarations(s, seat, singles)
    del written[0], resolved[0]  # the declaration of none: the shared value
    made = [make_declare(seat, decls) for decls in written]
    actions = (*none, *made) if dix is None else (_DIX[seat][dix >> 1], *none, *made)
    _write_memo(s, (tuple(made), tuple(resolved)))
    return actions


def remembered_melds(s: FildinskiState, action: object) -> Melds | None:
    """The melds of ``action`` when it is one of the declarations of ``s``'s remembered legal set
    (the very value :func:`legal_actions` gave), else ``None``: such a declaration is legal."""
    try:
        memo: _Memo = _read_memo(s)
    except AttributeError:
        return None
    for index, made in enumerate(memo[0]):
        if made is action:
            return memo[1][index]
    return None


# -- the verdict on a declaration -----------------------------------------------------------------


def judge_melds(s: FildinskiState, action: DeclareMelds) -> tuple[Verdict, Melds | None]:
    """The verdict on a meld declaration (the game not over), and its melds resolved to card sets.

    A declaration is judged in all its parts: the time (common.turn.player-to-act,
    fildinski.meld.who-and-when, fildinski.endgame.no-melding) and the number of
    melds (fildinski.meld.per-step); then, in the winner's meld step, every
    meld for every condition, none stopping the others: its cards
    (``_resolve``), the table (fildinski.meld.kinds), the fresh card, the
    same kind once, the class order, and the two melds' shared cards. The
    first rule found comes first, the rest in the rule book's order. A
    declaration outside the meld step is not judged meld by meld: the step's
    conditions (its fresh cards) have no meaning then.
    """
    seat = action.seat
    melds = action.melds
    to_act = s.current_player
    if not melds and seat == to_act and s.in_meld_step:  # in_step: the declaration of none is legal
        return _ENDS_WITHOUT_MELD[seat], ()
    if seat == to_act and s.in_meld_step:  # a declaration that may be legal: perhaps one of the legal set
        known = remembered_melds(s, action)
        if known is not None:
            return _declared(seat, melds), known
    found = Findings()
    out_of_turn(found, seat, to_act)
    if not s.in_meld_step:
        if not play.meld_step_follows(s):
            found.add(_NO_MELDING, "after the last draw no meld may be made (meld_in_endgame = false)")
        else:
            found.add(_WHO_AND_WHEN, "melds are declared only in the meld step right after winning a trick")
    elif seat != to_act:
        found.add(
            _WHO_AND_WHEN, f"only the winner of trick {s.tricks_done}, {format_seat(s.leader)}, may meld"
        )
    if len(melds) > MAX_MELDS:
        found.add(_PER_STEP, f"{len(melds)} melds declared; at most two melds may be made in one meld step")
    if not in_step(s, seat):
        return found.verdict(_ORDER), None
    if not melds:
        return _ENDS_WITHOUT_MELD[seat], ()
    masks = _resolve(s, seat, melds, found)
    shown = meld_pool(s, seat) & meld_ids(s.deal.trump, s.deal.plan.options.bezique_pair)  # copies to name
    for decl, mask in zip(melds, masks, strict=True):
        if mask is not None:  # else a card that cannot be placed: its meld has no card set to judge
            _judge_meld(s, decl.kind, mask, shown, found)
    placed = [mask for mask in masks if mask is not None]
    for n, first in enumerate(placed):
        for second in placed[n + 1 :]:
            shared = shared_cards(first, second)
            if shared:
                found.add(_PER_STEP, f"the two melds share {_names(shared, shown)}")
    if found:
        return found.verdict(_ORDER), None
    resolved_masks = [mask for mask in masks if mask is not None]
    resolved = tuple(zip((d.kind for d in melds), resolved_masks, strict=True))
    return _declared(seat, melds), resolved


def _declared(seat: int, melds: tuple[MeldDecl, ...]) -> Verdict:
    """The verdict on a legal declaration of ``melds`` by ``seat``."""
    named = " and ".join(f"{d.kind.label} ({d.kind.points})" for d in melds)
    return make_verdict(True, _MELDS, f"{format_seat(seat)} melds {named}")


def _judge_meld(s: FildinskiState, kind: MeldKind, mask: int, shown: int, found: Findings) -> None:
    """Every condition one meld of ``kind`` on the cards ``mask`` breaks, added to ``found``.

    The table (fildinski.meld.kinds, with fildinski.meld.bezique-pair for a
    bezique), the fresh card, the same kind once and the class order;
    messages name the copies of ``shown`` only.
    """
    options = s.deal.plan.options
    trump = s.deal.trump
    if not meld_fits(kind, mask, trump, options.bezique_pair):
        if kind in (MeldKind.BEZIQUE, MeldKind.DOUBLE_BEZIQUE):  # the pair's rule too, for the same reason
            queen, jack = bezique_kinds(trump, options.bezique_pair)
            hint = f" (the bezique cards this deal are {kind_card(queen)} and {kind_card(jack)})"
            found.add(KINDS, f"{_names(mask, shown)} is not a {kind.label}{hint}")
            found.also("fildinski.meld.bezique-pair")
        else:
            found.add(KINDS, f"{_names(mask, shown)} is not a {kind.label}")
    fresh, once, in_order = step_conditions(s, kind, mask)
    if not fresh:
        found.add(
            FRESH_CARD,
            f"the {kind.label} {_names(mask, shown)} holds neither card of trick {s.tricks_done} "
            f"({_names(s.fresh, shown) or 'none left'})",
        )
    if not once:
        again = mask & reused(s, kind)
        found.add(SAME_KIND_ONCE, f"{_names(again, shown)} already served in a {kind.label} this deal")
    higher = outranking(kind)
    if not in_order and higher is not None:  # only a kind with a higher meld can break the class order
        found.add(CLASS_ORDER, f"a card of a scored {higher.label} cannot later form a {kind.label}")


def _resolve(s: FildinskiState, seat: int, melds: tuple[MeldDecl, ...], found: Findings) -> list[int | None]:
    """The id bitmask of each declared meld, ``None`` for one with a card that cannot be placed.

    Every meld and every card is judged, one failure stopping none of the
    others (``found`` says why): common.action.known for a card outside the
    Fildinski deck; fildinski.meld.from-won-cards with common.cards.held for a
    card missing from the melder's won pile (or named more often than it holds
    it); fildinski.meld.copy-choice for a copy left unnamed where it matters
    (:func:`copy_matters`).
    """
    pool = meld_pool(s, seat)
    taken = 0
    out: list[int | None] = []
    for decl in melds:
        mask = 0
        ok = True
        kinds = [card_kind(ref.card) if isinstance(ref.card, Card) else None for ref in decl.cards]
        for ref, kind in zip(decl.cards, kinds, strict=True):
            if kind is None:
                ok = False
                found.add(ACTION_KNOWN, f"{ref} is not a card of the Fildinski deck (7 to ace only)")
                continue
            copy = ref.copy
            if copy is not None and not copy_named(s, 2 * kind, pool):
                copy = None  # fildinski.meld.copy-choice: no choice here, the mark reads as the plain card
            if copy is not None:
                card = 2 * kind + copy - 1
                if not (pool & ~mask) >> card & 1:
                    ok = False
                    found.add(_FROM_WON, _not_in_pile(s, seat, card, mask))
                    found.also(CARDS_HELD)
                    continue
            else:
                here = pool >> (2 * kind) & 3
                avail = here & ~(mask >> (2 * kind)) & 3
                if not avail:
                    ok = False
                    found.add(_FROM_WON, _not_in_pile(s, seat, 2 * kind, mask))
                    found.also(CARDS_HELD)
                    continue
                if here == 3 and _plain_count(decl, kinds, kind) < 2 and copy_named(s, 2 * kind, pool):
                    ok = False
                    found.add(
                        "fildinski.meld.copy-choice",
                        f"{format_seat(seat)}'s won pile holds both {kind_card(kind)} and they differ "
                        f"({_copy_difference(s, 2 * kind)}): write {kind_card(kind)}#1 or "
                        f"{kind_card(kind)}#2",
                    )
                    continue
                free = avail & ~(taken >> (2 * kind))
                pick = free if free else avail  # a card another meld took: per-step reports it
                pick = pick & s.fresh >> (2 * kind) or pick  # copies no meld holds: the fresh one first
                card = 2 * kind + (0 if pick & 1 else 1)
            mask |= 1 << card
        taken |= mask
        out.append(mask if ok else None)
    return out


def _plain_count(decl: MeldDecl, kinds: list[int | None], kind: int) -> int:
    """How many cards of ``kind`` the meld names without a copy (two name both copies).

    ``kinds`` are the kinds of the meld's cards (``None`` for a card outside the deck).
    """
    return sum(1 for r, k in zip(decl.cards, kinds, strict=True) if r.copy is None and k == kind)


def _not_in_pile(s: FildinskiState, seat: int, card: int, used: int) -> str:
    """Why ``card`` cannot join a meld holding ``used``, read by kind (no copy label decides it)."""
    actor = format_seat(seat)
    name = card_of(card).pretty()
    if used >> (card & ~1) & 3:
        return f"{actor} names {name} twice in one meld"
    if s.retired[seat] >> card & 1 or s.retired[seat] >> (card ^ 1) & 1:
        return f"{name} was retired after an earlier meld and cannot be melded again"
    if s.hands[seat] >> (card & ~1) & 3:
        return f"{name} is in {actor}'s hand, and melds are made only from won cards"
    return f"{name} is not in {actor}'s won pile"


def _copy_difference(s: FildinskiState, card: int) -> str:
    fresh = s.fresh >> card & 1, s.fresh >> (card ^ 1) & 1
    if fresh[0] != fresh[1]:
        return f"#{1 if fresh[0] else 2} was won in the trick just won"
    return "one of them has already been in a meld"


def _names(mask: int, pool: int) -> str:
    """Cards in canonical meld order, naming the copy (``QS#2``) when ``pool`` holds both."""
    return " ".join(str(r) for r in meld_refs(ids_in(mask), pool))


# -- the declaration's transition -----------------------------------------------------------------


def marked(deal: DealContext, used: tuple[int, ...], pile: int, melds: Melds) -> tuple[tuple[int, ...], int]:
    """The used cards per kind and the melder's won pile once ``melds`` are scored.

    Each meld's cards join its kind's used cards (fildinski.meld.same-kind-once);
    under ``melded_cards = removed`` they leave the won pile (fildinski.meld.after-scoring).
    """
    marks = list(used)
    removed = deal.plan.options.melded_cards is _REMOVED
    for kind, mask in melds:
        marks[kind.order] |= mask
        if removed:
            pile &= ~mask
    return tuple(marks), pile


def declare(s: FildinskiState, seat: int, melds: Melds) -> FildinskiState:
    """The state after ``seat`` ends its meld step with ``melds`` (resolved by :func:`judge_melds`).

    Each meld scores (fildinski.meld.kinds) and joins the meld history; under
    ``melded_cards = removed`` its cards leave the won pile
    (fildinski.meld.after-scoring). Then both players draw while the stock
    lasts (:func:`~cardrules.games.fildinski.deal.draw`); after trick 32 the deal ends.
    """
    if not melds:  # the common declaration: nothing scores, nothing moves, both draw
        hands, drawn = draw(s, seat)
        after = s.make(
            s.deal, hands, s.won, s.retired, drawn, s.turnup, s.trick, s.leader, s.tricks_done,
            False, 0, s.dix_done, s.points, s.used, s.melds, s.dix, s.history, s.current_player,
        )  # fmt: skip
        return play.end_deal(after) if s.tricks_done == DEAL_TRICKS else after
    points, used, events, won, retired = s.points, s.used, s.melds, s.won, s.retired
    kinds: list[MeldKind] = []
    made: list[MeldEvent] = []
    for kind, mask in melds:
        kinds.append(kind)
        made.append(make_meld_event(seat, kind, mask, s.tricks_done))
    points = score_melds(points, seat, kinds)
    events = (*events, *made)
    used, pile = marked(s.deal, used, won[seat], melds)
    gone = retired[seat] | (won[seat] & ~pile)
    won = (pile, won[1]) if seat == 0 else (won[0], pile)
    retired = (gone, retired[1]) if seat == 0 else (retired[0], gone)
    hands, drawn = draw(s, seat)
    after = s.make(
        s.deal, hands, won, retired, drawn, s.turnup, s.trick, s.leader, s.tricks_done,
        False, 0, s.dix_done, points, used, events, s.dix, s.history, s.current_player,
    )  # fmt: skip
    if s.tricks_done == DEAL_TRICKS:
        return play.end_deal(after)
    return after
