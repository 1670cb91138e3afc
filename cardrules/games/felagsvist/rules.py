"""The Félagsvist rule book: every rule id of the specification, in our words."""

from __future__ import annotations

from typing import Final

from cardrules.rules import COMMON_RULES, RuleBook, RuleKind, make_rules, rule

__all__ = ["RULES"]

_SEED = "001_eb07f1e65d815eee.txt"

_OWN: Final[RuleBook] = make_rules(
    "felagsvist",
    [
        rule(
            "felagsvist.cards.pack",
            kind=RuleKind.CONSERVATION,
            statement="Every deal uses one standard 52-card pack without jokers.",
            source=f"{_SEED} (Bermain & skor)",
        ),
        rule(
            "felagsvist.cards.rank-order",
            kind=RuleKind.PROCEDURE,
            statement="Within a suit the ace is highest and the 2 lowest; cards of different suits "
            "are never compared by rank.",
            source=f"{_SEED} (Bermain & skor); whist practice",
            options=("nolo_ace",),
        ),
        rule(
            "felagsvist.seating.partnerships",
            kind=RuleKind.PROCEDURE,
            statement="Four players at N, E, S, W; N-S play against E-W for the whole game, and "
            "everything goes clockwise.",
            source=f"{_SEED} (Tujuan; opening paragraph)",
            options=("session",),
        ),
        rule(
            "felagsvist.game.twelve-deals",
            kind=RuleKind.PROCEDURE,
            statement="A game is twelve deals by the same four players, with one extra deal only "
            "when play-on breaks a tie.",
            source=f"{_SEED} (opening and closing paragraphs)",
            options=("tiebreak",),
        ),
        rule(
            "felagsvist.round.cycle",
            kind=RuleKind.PROCEDURE,
            statement="Each deal's kind follows the fixed cycle Hearts, Spades, Grand, Diamonds, "
            "Clubs, Nóló from the first round, so every kind comes twice in twelve deals.",
            source=f"{_SEED} (Urutan babak)",
            options=("first_round",),
        ),
        rule(
            "felagsvist.round.trump",
            kind=RuleKind.PROCEDURE,
            statement="In a suit round that suit is trump for the whole deal; Grand and Nóló have no trump.",
            source=f"{_SEED} (Urutan babak)",
        ),
        rule(
            "felagsvist.deal.first-dealer",
            kind=RuleKind.PROCEDURE,
            statement="The first dealer is one of the four seats at random (cutting for the deal) "
            "unless an option fixes it.",
            source="whist convention (the seed is silent)",
            options=("first_dealer",),
        ),
        rule(
            "felagsvist.deal.rotation",
            kind=RuleKind.PROCEDURE,
            statement="The deal passes to the left after every deal.",
            source="whist convention (the seed is silent)",
        ),
        rule(
            "felagsvist.deal.distribution",
            kind=RuleKind.CONSERVATION,
            statement="The shuffled pack is dealt one card at a time clockwise from the dealer's "
            "left, thirteen each, nothing turned up or left over.",
            source=f"{_SEED} (Bermain & skor); whist practice",
        ),
        rule(
            "felagsvist.play.first-lead",
            kind=RuleKind.PROCEDURE,
            statement="The player on the dealer's left leads to the first trick.",
            source=f"{_SEED} (Bermain & skor)",
        ),
        rule(
            "felagsvist.play.trick-order",
            kind=RuleKind.PROCEDURE,
            statement="A trick is one card from each player clockwise from the leader; a deal is "
            "thirteen tricks, then it is scored and the next dealer shuffles.",
            source=f"{_SEED} (Bermain & skor); whist practice",
        ),
        rule(
            "felagsvist.play.lead-any",
            kind=RuleKind.LEGALITY,
            statement="The leader may lead any card, trumps included, in every kind of round.",
            source=f"{_SEED} (Bermain & skor); whist practice",
        ),
        rule(
            "felagsvist.play.must-follow",
            kind=RuleKind.LEGALITY,
            statement="A player holding a card of the suit led must play a card of that suit.",
            source=f"{_SEED} (Bermain & skor)",
        ),
        rule(
            "felagsvist.play.void-any",
            kind=RuleKind.LEGALITY,
            statement="A player without the suit led may play any card; nobody has to trump.",
            source=f"{_SEED} (Bermain & skor)",
        ),
        rule(
            "felagsvist.trick.winner",
            kind=RuleKind.PROCEDURE,
            statement="The highest trump wins the trick if any was played, otherwise the highest card of the suit led.",
            source=f"{_SEED} (Bermain & skor)",
            options=("nolo_ace",),
        ),
        rule(
            "felagsvist.trick.winner-leads",
            kind=RuleKind.PROCEDURE,
            statement="The winner's side takes the trick and the winner leads the next one.",
            source=f"{_SEED} (Bermain & skor)",
        ),
        rule(
            "felagsvist.score.trick-rounds",
            kind=RuleKind.SCORING,
            statement="In a trump or Grand deal each side scores a point per trick it won.",
            source=f"{_SEED} (Tujuan; Bermain & skor)",
            options=("scoring",),
        ),
        rule(
            "felagsvist.score.nolo",
            kind=RuleKind.SCORING,
            statement="In a Nóló deal each side scores a point per trick its opponents won.",
            source=f"{_SEED} (Urutan babak; Bermain & skor)",
            options=("scoring",),
        ),
        rule(
            "felagsvist.score.totals",
            kind=RuleKind.SCORING,
            statement="A side's game total is the sum of its deal scores; partners share it.",
            source=f"{_SEED} (Tujuan; Bermain & skor)",
        ),
        rule(
            "felagsvist.game.winner",
            kind=RuleKind.SCORING,
            statement="After the last deal the side with the higher total wins.",
            source=f"{_SEED} (closing paragraph)",
            options=("tiebreak",),
        ),
        rule(
            "felagsvist.game.tie",
            kind=RuleKind.SCORING,
            statement="Equal totals after deal twelve are a tie, or under play-on one more deal decides.",
            source="the seed is silent",
            options=("tiebreak",),
        ),
        rule(
            "felagsvist.info.hidden-hands",
            kind=RuleKind.INFORMATION,
            statement="Each player sees only their own hand; partners share nothing but the cards they play.",
            source=f"{_SEED} (closing paragraph; Catatan)",
        ),
        rule(
            "felagsvist.info.public-play",
            kind=RuleKind.INFORMATION,
            statement="Every card played and its player, the round kind, trump, dealer, tricks and totals are public.",
            source=f"{_SEED} (Urutan babak)",
        ),
        rule(
            "felagsvist.invariant.card-conservation",
            kind=RuleKind.CONSERVATION,
            statement="Every card is always in exactly one place: a hand, the trick or a side's won tricks.",
            source="derived",
        ),
        rule(
            "felagsvist.invariant.hand-sizes",
            kind=RuleKind.CONSERVATION,
            statement="Before trick t every hand holds 14 - t cards.",
            source="derived",
        ),
        rule(
            "felagsvist.invariant.thirteen-tricks",
            kind=RuleKind.PROCEDURE,
            statement="Every deal has thirteen tricks, shared between the two sides.",
            source="derived",
        ),
        rule(
            "felagsvist.invariant.legal-set-nonempty",
            kind=RuleKind.LEGALITY,
            statement="The player to act always has at least one legal card.",
            source="derived",
        ),
        rule(
            "felagsvist.invariant.deal-score-sum",
            kind=RuleKind.SCORING,
            statement="Per trick, the two deal scores add up to 13; with odd tricks exactly one side scores, 1 to 7.",
            source="derived",
            options=("scoring",),
        ),
        rule(
            "felagsvist.invariant.game-total",
            kind=RuleKind.SCORING,
            statement="Per trick, the totals add up to 156 after twelve deals (169 after a thirteenth).",
            source="derived",
            options=("scoring", "tiebreak"),
        ),
        rule(
            "felagsvist.invariant.round-balance",
            kind=RuleKind.PROCEDURE,
            statement="In twelve deals each kind comes twice and each seat deals three times; deals k "
            "and k + 6 share a kind and are dealt by partners.",
            source="derived",
        ),
    ],
)

RULES: Final[RuleBook] = _OWN.merged(COMMON_RULES)
"""Félagsvist's own rules followed by the common rules of the core."""
