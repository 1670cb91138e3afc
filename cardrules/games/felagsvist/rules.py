"""The Félagsvist rule book: every rule id of the specification, in our words."""

from __future__ import annotations

from typing import Final

from cardrules.rules import COMMON_RULES, RuleBook, RuleKind, make_rules

__all__ = ["RULES"]

_L = RuleKind.LEGALITY
_C = RuleKind.CONSERVATION
_S = RuleKind.SCORING
_P = RuleKind.PROCEDURE
_I = RuleKind.INFORMATION
_SEED = "001_eb07f1e65d815eee.txt"

_OWN: Final[RuleBook] = make_rules(
    "felagsvist",
    [
        (
            "felagsvist.cards.pack",
            _C,
            "Every deal uses one standard 52-card pack without jokers.",
            f"{_SEED} (Bermain & skor)",
            (),
        ),
        (
            "felagsvist.cards.rank-order",
            _P,
            "Within a suit the ace is highest and the 2 lowest; cards of different suits "
            "are never compared by rank.",
            f"{_SEED} (Bermain & skor); whist practice",
            ("nolo_ace",),
        ),
        (
            "felagsvist.seating.partnerships",
            _P,
            "Four players at N, E, S, W; N-S play against E-W for the whole game, and "
            "everything goes clockwise.",
            f"{_SEED} (Tujuan; opening paragraph)",
            ("session",),
        ),
        (
            "felagsvist.game.twelve-deals",
            _P,
            "A game is twelve deals by the same four players, with one extra deal only "
            "when play-on breaks a tie.",
            f"{_SEED} (opening and closing paragraphs)",
            ("tiebreak",),
        ),
        (
            "felagsvist.round.cycle",
            _P,
            "Each deal's kind follows the fixed cycle Hearts, Spades, Grand, Diamonds, "
            "Clubs, Nóló from the first round, so every kind comes twice in twelve deals.",
            f"{_SEED} (Urutan babak)",
            ("first_round",),
        ),
        (
            "felagsvist.round.trump",
            _P,
            "In a suit round that suit is trump for the whole deal; Grand and Nóló have no trump.",
            f"{_SEED} (Urutan babak)",
            (),
        ),
        (
            "felagsvist.deal.first-dealer",
            _P,
            "The first dealer is one of the four seats at random (cutting for the deal) "
            "unless an option fixes it.",
            "whist convention (the seed is silent)",
            ("first_dealer",),
        ),
        (
            "felagsvist.deal.rotation",
            _P,
            "The deal passes to the left after every deal.",
            "whist convention (the seed is silent)",
            (),
        ),
        (
            "felagsvist.deal.distribution",
            _C,
            "The shuffled pack is dealt one card at a time clockwise from the dealer's "
            "left, thirteen each, nothing turned up or left over.",
            f"{_SEED} (Bermain & skor); whist practice",
            (),
        ),
        (
            "felagsvist.play.first-lead",
            _P,
            "The player on the dealer's left leads to the first trick.",
            f"{_SEED} (Bermain & skor)",
            (),
        ),
        (
            "felagsvist.play.trick-order",
            _P,
            "A trick is one card from each player clockwise from the leader; a deal is "
            "thirteen tricks, then it is scored and the next dealer shuffles.",
            f"{_SEED} (Bermain & skor); whist practice",
            (),
        ),
        (
            "felagsvist.play.lead-any",
            _L,
            "The leader may lead any card, trumps included, in every kind of round.",
            f"{_SEED} (Bermain & skor); whist practice",
            (),
        ),
        (
            "felagsvist.play.must-follow",
            _L,
            "A player holding a card of the suit led must play a card of that suit.",
            f"{_SEED} (Bermain & skor)",
            (),
        ),
        (
            "felagsvist.play.void-any",
            _L,
            "A player without the suit led may play any card; nobody has to trump.",
            f"{_SEED} (Bermain & skor)",
            (),
        ),
        (
            "felagsvist.trick.winner",
            _P,
            "The highest trump wins the trick if any was played, otherwise the highest card of the suit led.",
            f"{_SEED} (Bermain & skor)",
            ("nolo_ace",),
        ),
        (
            "felagsvist.trick.winner-leads",
            _P,
            "The winner's side takes the trick and the winner leads the next one.",
            f"{_SEED} (Bermain & skor)",
            (),
        ),
        (
            "felagsvist.score.trick-rounds",
            _S,
            "In a trump or Grand deal each side scores a point per trick it won.",
            f"{_SEED} (Tujuan; Bermain & skor)",
            ("scoring",),
        ),
        (
            "felagsvist.score.nolo",
            _S,
            "In a Nóló deal each side scores a point per trick its opponents won.",
            f"{_SEED} (Urutan babak; Bermain & skor)",
            ("scoring",),
        ),
        (
            "felagsvist.score.totals",
            _S,
            "A side's game total is the sum of its deal scores; partners share it.",
            f"{_SEED} (Tujuan; Bermain & skor)",
            (),
        ),
        (
            "felagsvist.game.winner",
            _S,
            "After the last deal the side with the higher total wins.",
            f"{_SEED} (closing paragraph)",
            ("tiebreak",),
        ),
        (
            "felagsvist.game.tie",
            _S,
            "Equal totals after deal twelve are a tie, or under play-on one more deal decides.",
            "the seed is silent",
            ("tiebreak",),
        ),
        (
            "felagsvist.info.hidden-hands",
            _I,
            "Each player sees only their own hand; partners share nothing but the cards they play.",
            f"{_SEED} (closing paragraph; Catatan)",
            (),
        ),
        (
            "felagsvist.info.public-play",
            _I,
            "Every card played and its player, the round kind, trump, dealer, tricks and totals are public.",
            f"{_SEED} (Urutan babak)",
            (),
        ),
        (
            "felagsvist.invariant.card-conservation",
            _C,
            "Every card is always in exactly one place: a hand, the trick or a side's won tricks.",
            "derived",
            (),
        ),
        (
            "felagsvist.invariant.hand-sizes",
            _C,
            "Before trick t every hand holds 14 - t cards.",
            "derived",
            (),
        ),
        (
            "felagsvist.invariant.thirteen-tricks",
            _P,
            "Every deal has thirteen tricks, shared between the two sides.",
            "derived",
            (),
        ),
        (
            "felagsvist.invariant.legal-set-nonempty",
            _L,
            "The player to act always has at least one legal card.",
            "derived",
            (),
        ),
        (
            "felagsvist.invariant.deal-score-sum",
            _S,
            "Per trick, the two deal scores add up to 13; with odd tricks exactly one side scores, 1 to 7.",
            "derived",
            ("scoring",),
        ),
        (
            "felagsvist.invariant.game-total",
            _S,
            "Per trick, the totals add up to 156 after twelve deals (169 after a thirteenth).",
            "derived",
            ("scoring", "tiebreak"),
        ),
        (
            "felagsvist.invariant.round-balance",
            _P,
            "In twelve deals each kind comes twice and each seat deals three times; deals k "
            "and k + 6 share a kind and are dealt by partners.",
            "derived",
            (),
        ),
    ],
)

RULES: Final[RuleBook] = _OWN.merged(COMMON_RULES)
"""Félagsvist's own rules followed by the common rules of the core."""
