"""Fildinski's proofs depend on what they name: each claim fails on a model broken like a rules bug.

Every claim of :data:`proofs.fildinski.CLAIMS` has at least one break here: a
table entry changed or a condition dropped in the model (monkeypatched, as a
wrong line would be), after which the claim must be refuted with a
counterexample. The wrong companions in ``test_proofs.py`` stay as they are.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from types import MappingProxyType
from typing import Final

import pytest

import cardrules.games.fildinski.play as engine_tricks
import proofs.fildinski.code as code
import proofs.fildinski.conservation as conservation
import proofs.fildinski.deck as deck
import proofs.fildinski.endgame as endgame
import proofs.fildinski.game as game
import proofs.fildinski.melds as melds
import proofs.fildinski.model as model
import proofs.fildinski.points as points
import proofs.fildinski.tricks as tricks
from cardrules.games.fildinski.cards import SUIT_IDS
from proofs.fildinski import CLAIMS
from proofs.z3facade import BitVec, Bool, Int, bool_val, bv_val, ite, onehot
from tests.fildinski.test_proofs_code import BREAKS as CODE_BREAKS
from tests.support.proofs import Break, Patch, assert_refuted


def _endgame_legal(rule: Callable[[model.FollowVars], BitVec]) -> Patch:
    """The follower's endgame legal set computed by ``rule`` instead of the model's chain."""

    def legal(hand: BitVec, led: BitVec, trump: BitVec) -> BitVec:
        return rule(model.FollowVars(hand, led, trump))

    return lambda mp: mp.setattr(model, "endgame_legal", legal)


def _without_head(v: model.FollowVars) -> BitVec:
    """fildinski.endgame.must-head dropped: F, else R, else H."""
    return ite(v.of_led.ne(0), v.of_led, ite(v.trumps.ne(0), v.trumps, v.hand))


def _without_follow(v: model.FollowVars) -> BitVec:
    """fildinski.endgame.must-follow dropped: F+, else R, else H."""
    return ite(v.higher.ne(0), v.higher, ite(v.trumps.ne(0), v.trumps, v.hand))


def _without_trump(v: model.FollowVars) -> BitVec:
    """fildinski.endgame.must-trump dropped: F+, else F, else H."""
    return ite(v.higher.ne(0), v.higher, ite(v.of_led.ne(0), v.of_led, v.hand))


def _without_discard(v: model.FollowVars) -> BitVec:
    """fildinski.endgame.free-discard dropped: F+, else F, else R, else nothing."""
    return ite(v.higher.ne(0), v.higher, ite(v.of_led.ne(0), v.of_led, v.trumps))


def _trumps_of_the_pack(v: model.FollowVars) -> BitVec:
    """The trumps taken from the pack, not from the hand, when void in the suit led."""
    pack_trumps = model.mask_of_suit(v.trump)
    return ite(
        v.higher.ne(0), v.higher, ite(v.of_led.ne(0), v.of_led, ite(v.trumps.ne(0), pack_trumps, v.hand))
    )


def _twin_goes_to_follower(led: BitVec, follower: BitVec, trump: BitVec) -> Bool:
    """fildinski.play.trick-winner with ties to the follower: an identical card beats the led one."""
    same_suit = model.suit_of(follower).eq(model.suit_of(led))
    trumps_it = model.suit_of(follower).eq(trump) & model.suit_of(led).ne(trump)
    return (same_suit & model.strength_of(follower).uge(model.strength_of(led))) | trumps_it


def _strength_from_wrong_bits(card: BitVec) -> BitVec:
    """The strength read two bits up, the copy bit kept in."""
    return card.resize(3)


def _meld_value(kind: str, value: int) -> Patch:
    def apply(mp: pytest.MonkeyPatch) -> None:
        values = dict(model.MELD_VALUES)
        values[kind] = value
        mp.setattr(melds, "MELD_VALUES", MappingProxyType(values))

    return apply


def _any_card_is_fresh(cards: BitVec, card: BitVec) -> Bool:
    """The fresh-card condition dropped: every meld counts as holding a card of the trick."""
    return bool_val(True)


def _bezique_with_the_jack_of_clubs(
    trump: BitVec, variant: Bool, *, every_trump: bool = False
) -> tuple[BitVec, BitVec]:
    """The standard bezique pair with the jack of clubs for the jack of diamonds."""
    queens, jacks = _BEZIQUE_MASKS(trump, variant, every_trump=every_trump)
    clubs = bv_val(model.rank_mask(model.JACK) & model.suit_mask(model.CLUBS), model.DECK)
    standard = bv_val(model.rank_mask(model.JACK) & model.suit_mask(model.DIAMONDS), model.DECK)
    return queens, ite(jacks.eq(standard), clubs, jacks)


_BEZIQUE_MASKS: Final = melds.bezique_masks


def _first_dealer_deals_every_deal(first: Int, deal: Int) -> Int:
    """The deal never passes."""
    return first.mod(2)


def _ends_past_target(t0: Int, t1: Int, target: Int) -> Bool:
    """fildinski.game.target read as strictly past the target."""
    return ((t0 > target) | (t1 > target)) & t0.ne(t1)


def _dix_leaves_no_seven(turned: Bool, dix: Bool) -> Bool:
    """A dix that does not leave the trump 7 as the turn-up."""
    return turned


def _with_twin(card: BitVec) -> BitVec:
    """A card as the set of both copies of its kind (fildinski.deck.card-identity lost)."""
    return onehot(card, model.DECK) | onehot(card ^ 1, model.DECK)


def _zones_may_overlap(sets: Sequence[BitVec]) -> Bool:
    """Zones that need not be disjoint: every id somewhere, maybe twice."""
    union = sets[0]
    for part in sets[1:]:
        union = union | part
    return union.eq(model.ALL_CARDS)


# The code proof is broken in the engine itself: the table of the cards that beat each kind,
# rebuilt so that a card of the led card's own kind heads the trick too (`>=` for `>`).
_HIGHER_OR_TWIN: Final = tuple(
    ((0xFFFF << (2 * strength)) & 0xFFFF) << (16 * suit) for suit in range(4) for strength in range(8)
)


def _legal_follow_without_trump(hand: int, led: int, trump: int) -> int:
    """The engine's legal_follow with its must-trump line dropped: void in the suit led, any card."""
    same = hand & SUIT_IDS[led >> 4]
    if same:
        higher = same & engine_tricks._HIGHER[led >> 1]
        return higher if higher else same
    return hand


def _twin_wins_for_the_follower(led: int, follow: int, trump: int) -> bool:
    """The engine's follower_wins with `>=` for `>`: an identical card wins for the follower."""
    if follow >> 4 == led >> 4:
        return (follow >> 1) & 7 >= (led >> 1) & 7
    return follow >> 4 == trump


BREAKS: Final[tuple[Break, ...]] = (
    Break(
        deck.CARD_IDS,
        "the strength read from the wrong bits",
        lambda mp: mp.setattr(deck, "strength_of", _strength_from_wrong_bits),
    ),
    Break(
        deck.COPY_SYMMETRY,
        "the second copy beats the first",
        lambda mp: mp.setattr(deck, "follower_wins", model.follower_wins_by_ids),
    ),
    Break(
        tricks.TRICK_WINNER,
        "an identical card wins for the follower",
        lambda mp: mp.setattr(tricks, "follower_wins", _twin_goes_to_follower),
    ),
    Break(endgame.ENDGAME_LEGAL_SET, "must-head dropped", _endgame_legal(_without_head)),
    Break(
        code.TRICK_WINNER_CODE,
        "the engine gives an identical card to the follower",
        lambda mp: mp.setattr(engine_tricks, "follower_wins", _twin_wins_for_the_follower),
    ),
    Break(
        code.LEGAL_FOLLOW_CODE,
        "the engine lets a twin of the led card head the trick",
        lambda mp: mp.setattr(engine_tricks, "_HIGHER", _HIGHER_OR_TWIN),
    ),
    Break(
        code.LEGAL_FOLLOW_CODE,
        "the engine's must-trump line dropped",
        lambda mp: mp.setattr(engine_tricks, "legal_follow", _legal_follow_without_trump),
    ),
    Break(endgame.LEGAL_NONEMPTY, "free-discard dropped", _endgame_legal(_without_discard)),
    Break(endgame.MUST_FOLLOW, "must-follow dropped", _endgame_legal(_without_follow)),
    Break(endgame.MUST_HEAD, "must-head dropped", _endgame_legal(_without_head)),
    Break(endgame.MUST_TRUMP, "must-trump dropped", _endgame_legal(_without_trump)),
    Break(endgame.FREE_DISCARD, "free-discard dropped", _endgame_legal(_without_discard)),
    Break(endgame.ENDGAME_WINNER_FIXED, "must-head dropped", _endgame_legal(_without_head)),
    Break(endgame.FREE_PLAY, "trumps taken from the pack", _endgame_legal(_trumps_of_the_pack)),
    Break(
        endgame.ENDGAME_KNOWN,
        "zones that may overlap",
        lambda mp: mp.setattr(endgame, "partition", _zones_may_overlap),
    ),
    Break(
        conservation.CONSERVATION,
        "a card moved with its twin",
        lambda mp: mp.setattr(conservation, "bit_of", _with_twin),
    ),
    Break(
        conservation.ZONE_SIZES,
        "the stock phase one trick short",
        lambda mp: mp.setattr(conservation, "STOCK_TRICKS", 23),
    ),
    Break(tricks.TRICK_POINTS, "a brisque worth 11", lambda mp: mp.setattr(model, "BRISQUE", 11)),
    Break(points.CARD_POINTS, "a last-trick bonus of 20", lambda mp: mp.setattr(points, "LAST_TRICK", 20)),
    Break(melds.MELD_BOUND, "four aces worth 1000", _meld_value("four aces", 1000)),
    Break(melds.MELD_BOUND_FRESH, "a trump sequence worth 300", _meld_value("trump sequence", 300)),
    Break(
        melds.MELD_PER_STEP,
        "the fresh-card condition dropped",
        lambda mp: mp.setattr(melds, "holds_card", _any_card_is_fresh),
    ),
    Break(
        melds.BEZIQUE_PAIR,
        "the jack of clubs in the standard pair",
        lambda mp: mp.setattr(melds, "bezique_masks", _bezique_with_the_jack_of_clubs),
    ),
    Break(
        game.FIXED_BONUSES,
        "a dix leaves no 7 turned up",
        lambda mp: mp.setattr(game, "seven_after_dix", _dix_leaves_no_seven),
    ),
    Break(
        game.DEALER_ALTERNATION,
        "the deal never passes",
        lambda mp: mp.setattr(game, "_dealer", _first_dealer_deals_every_deal),
    ),
    Break(
        game.GAME_END,
        "the target must be passed, not reached",
        lambda mp: mp.setattr(game, "_game_ends", _ends_past_target),
    ),
)
"""At least one break for every claim."""


def test_every_claim_has_a_break() -> None:
    """The breaks here and those of the engine in ``test_proofs_code.py`` together."""
    assert {b.claim.name for b in (*BREAKS, *CODE_BREAKS)} == {claim.name for claim in CLAIMS}


@pytest.mark.parametrize("broken", BREAKS, ids=lambda b: f"{b.claim.name}: {b.bug}")
def test_the_claim_fails_on_a_broken_model(broken: Break, monkeypatch: pytest.MonkeyPatch) -> None:
    broken.apply(monkeypatch)
    assert_refuted(broken.claim)
