"""The Fildinski rule book: every rule id of the specification, in our words."""

from __future__ import annotations

from typing import Final

from cardrules.rules import COMMON_RULES, RuleBook, RuleKind, make_rules, rule

__all__ = ["RULES"]

_ID = "000_18fd6b87590c8e2b.txt"
_NL = "002_56cd3db6ba8e169f.txt"
_WK = "[WK] whiteknucklecards.com, Rules for Polish Bezique"
_BZ = "[BZ] published two-handed Bezique rules"

_OWN: Final[RuleBook] = make_rules(
    "fildinski",
    [
        rule(
            "fildinski.deck.composition",
            kind=RuleKind.CONSERVATION,
            statement="The deck is two 32-card piquet packs: every suit and every rank from 7 to ace, "
            "each kind exactly twice, 64 physical cards and nothing else.",
            source=f"{_ID} (Dek Kartu yang Digunakan); {_NL} (Kaarten); {_WK}",
        ),
        rule(
            "fildinski.deck.ranking",
            kind=RuleKind.LEGALITY,
            statement="In every suit and both phases the order is A, 10, K, Q, J, 9, 8, 7 (the ten beats the "
            "king); the two cards of one kind rank equal.",
            source=f"{_NL} (Kaarten; Spel); {_WK}",
        ),
        rule(
            "fildinski.deck.card-identity",
            kind=RuleKind.CONSERVATION,
            statement="A physical card is a kind plus a copy number 1 or 2; every card is in exactly one "
            "zone, and no rule of play, trick-taking or scoring reads the copy number.",
            source="Library (both seeds: two of every card)",
        ),
        rule(
            "fildinski.deal.first-dealer",
            kind=RuleKind.PROCEDURE,
            statement="Chance picks the first dealer (the players cut); later deals alternate.",
            source=f"{_NL} (Delen)",
        ),
        rule(
            "fildinski.deal.hands",
            kind=RuleKind.PROCEDURE,
            statement="Each player gets 8 cards: the non-dealer the top 8 of the shuffled deck, the dealer "
            "the next 8; the 17th card is the turn-up and the remaining 47 form the stock above it.",
            source=f"{_ID} (Pembagian Kartu Awal); {_NL} (Delen); {_WK}",
        ),
        rule(
            "fildinski.deal.turn-up",
            kind=RuleKind.PROCEDURE,
            statement="The turn-up lies face up at the bottom of the stock, fixes the trump suit for the "
            "whole deal (a dix does not change it) and is always the last card drawn.",
            source=f"{_ID} (Pembagian Kartu Awal); {_NL} (Delen); {_WK}",
        ),
        rule(
            "fildinski.deal.turned-seven",
            kind=RuleKind.SCORING,
            statement="When the turn-up is a 7 the dealer scores 10 before the first lead.",
            source=f"{_NL} (Delen); {_BZ}; {_ID} is silent",
        ),
        rule(
            "fildinski.deal.first-lead",
            kind=RuleKind.PROCEDURE,
            statement="The non-dealer leads the first trick; each trick's winner leads the next one.",
            source=f"{_ID} (Memulai Trik Pertama); {_NL} (Spel)",
        ),
        rule(
            "fildinski.play.trick-cycle",
            kind=RuleKind.PROCEDURE,
            statement="A trick while the stock lasts: lead, follow, decide the winner and score card points, "
            "the cards go to the winner's won pile, the winner's meld step, then the winner draws "
            "and the loser draws.",
            source=f"{_ID} (Proses Pengambilan Kartu); {_NL} (Spel); {_WK}",
        ),
        rule(
            "fildinski.play.free-play",
            kind=RuleKind.LEGALITY,
            statement="While the stock lasts both players may play any card of their hand: no duty to follow, "
            "trump or win.",
            source=f"{_ID} (Memulai Trik Pertama); {_NL} (Spel); {_WK}",
        ),
        rule(
            "fildinski.play.trick-winner",
            kind=RuleKind.PROCEDURE,
            statement="The follower wins only with a higher card of the suit led or with a trump on a "
            "non-trump lead; otherwise the leader wins, so of two identical cards the first played wins.",
            source=f"{_ID} (Memulai Trik Pertama; Fase Akhir Permainan); {_NL} (Spel); {_BZ}",
        ),
        rule(
            "fildinski.play.won-cards",
            kind=RuleKind.CONSERVATION,
            statement="Won tricks lie face up in front of their winner and are the only source of melds; a won "
            "card never returns to play, except the trump 7 of a from_trick dix, and leaves the pile "
            "only for the retired zone under melded_cards = removed.",
            source=f"{_ID} (Pembentukan Kombinasi Kartu); {_NL} (Spel); {_WK}",
            options=("melded_cards", "dix_exchange"),
        ),
        rule(
            "fildinski.play.draw-order",
            kind=RuleKind.PROCEDURE,
            statement="After the meld step the winner draws the top card of the stock and the loser the next; "
            "after trick 24 the loser takes the turn-up.",
            source=f"{_ID} (Proses Pengambilan Kartu); {_NL} (Spel); {_WK}",
        ),
        rule(
            "fildinski.score.brisques",
            kind=RuleKind.SCORING,
            statement="The winner of a trick scores 10 at once for each ace and each ten in it.",
            source=f"{_ID} (Poin dari Trik); {_NL} (Spel); {_WK}",
        ),
        rule(
            "fildinski.score.trump-seven",
            kind=RuleKind.SCORING,
            statement="A trump 7 scores 10 in the trick it is played to: for the player who played it "
            "(played, the default) or for the trick's winner (captured).",
            source=f"{_NL} (Spel); {_ID} (Poin dari Trik)",
            options=("trump_seven_points",),
        ),
        rule(
            "fildinski.score.last-trick",
            kind=RuleKind.SCORING,
            statement="The winner of trick 32 scores 10 (final, the default); with stock_end the winner of "
            "trick 24 scores it instead.",
            source=f"{_NL} (end of stock); {_ID} (Poin dari Trik); {_BZ}",
            options=("last_trick_bonus",),
        ),
        rule(
            "fildinski.meld.kinds",
            kind=RuleKind.SCORING,
            statement="The melds and their values: trump sequence 250, four aces 100, four kings 80, four "
            "queens 60, four jacks 40, royal marriage 40, common marriage 20, bezique 40, double "
            "bezique 500; a meld's cards fit its row exactly.",
            source=f"{_ID} (Poin dari Kombinasi Kartu); {_NL} (Toegestane combinaties); {_BZ}",
            options=("bezique_pair",),
        ),
        rule(
            "fildinski.meld.who-and-when",
            kind=RuleKind.LEGALITY,
            statement="Only a trick's winner melds, and only in that trick's meld step, which by default "
            "follows tricks 1-24 only; ending the step is always allowed.",
            source=f"{_ID} (Proses Pengambilan Kartu); {_NL} (Spel)",
            options=("meld_in_endgame",),
        ),
        rule(
            "fildinski.meld.from-won-cards",
            kind=RuleKind.LEGALITY,
            statement="Every card of a meld must lie in the melder's own won pile.",
            source=f"{_ID} (Pembentukan Kombinasi Kartu); {_NL} (Spel)",
        ),
        rule(
            "fildinski.meld.fresh-card",
            kind=RuleKind.LEGALITY,
            statement="Each meld must include a card of the trick just won, unless meld_needs_trick_card is false.",
            source=f"{_NL} (Spel); {_ID} sets no such condition",
            options=("meld_needs_trick_card",),
        ),
        rule(
            "fildinski.meld.per-step",
            kind=RuleKind.LEGALITY,
            statement="At most two melds in one meld step, and no physical card in both.",
            source=f"{_ID} (Pembentukan Kombinasi Kartu); {_NL} (Spel)",
        ),
        rule(
            "fildinski.meld.same-kind-once",
            kind=RuleKind.LEGALITY,
            statement="No card may serve in two melds of the same kind in a deal; melds of one kind from "
            "disjoint cards all score.",
            source=f"{_NL} (Spel); {_ID} (Pembentukan Kombinasi Kartu); {_BZ}",
            options=("melded_cards",),
        ),
        rule(
            "fildinski.meld.copy-choice",
            kind=RuleKind.LEGALITY,
            statement="A meld names physical cards; where the two copies of a kind differ for some rule the "
            "action says which copy, where they do not it need not and the lower copy is used.",
            source="Library",
        ),
        rule(
            "fildinski.meld.class-order",
            kind=RuleKind.LEGALITY,
            statement="A card once in a trump sequence may not later be in a royal marriage, nor one once in "
            "a double bezique later in a bezique; the upward order is allowed.",
            source=f"{_BZ}; both seeds silent",
        ),
        rule(
            "fildinski.meld.after-scoring",
            kind=RuleKind.CONSERVATION,
            statement="Melded cards stay in the won pile (stay, the default) or are retired from play at once "
            "(removed); scored points are never withdrawn.",
            source=f"{_NL} (Spel); {_ID} (Pembentukan Kombinasi Kartu)",
            options=("melded_cards",),
        ),
        rule(
            "fildinski.meld.bezique-pair",
            kind=RuleKind.SCORING,
            statement="The bezique is Q♠ and J♦; with klaverjas_hartendame and diamonds or spades trump it is "
            "Q♥ and J♣ instead.",
            source=f"{_NL} (Variant: Klaverjas & Hartendame)",
            options=("bezique_pair",),
        ),
        rule(
            "fildinski.dix.exchange",
            kind=RuleKind.LEGALITY,
            statement="In a stock-phase meld step the winner may exchange a trump 7 for a turn-up that is not "
            "a 7: from hand for 10 points (from_hand), or the 7 of the trick just won, scoring "
            "nothing (from_trick).",
            source=f"{_NL} (Toegestane combinaties); {_ID} (Pertukaran Kartu Deece); {_BZ}",
            options=("dix_exchange",),
        ),
        rule(
            "fildinski.dix.once",
            kind=RuleKind.LEGALITY,
            statement="At most one dix per deal, and none when the dealt turn-up is a 7.",
            source=f"{_ID} (Pertukaran Kartu Deece); {_NL} (Delen; Dix)",
            options=("dix_exchange",),
        ),
        rule(
            "fildinski.endgame.last-draw",
            kind=RuleKind.PROCEDURE,
            statement="The stock phase ends with the draws after trick 24, the loser taking the turn-up; the "
            "winner of trick 24 leads trick 25 and nothing more is drawn.",
            source=f"{_ID} (Fase Akhir Permainan); {_NL} (end of stock)",
        ),
        rule(
            "fildinski.endgame.trick-cycle",
            kind=RuleKind.PROCEDURE,
            statement="Tricks 25-32: lead, a legal follow, winner and card points, cards to the winner, a meld "
            "step only under meld_in_endgame = true, and no drawing.",
            source=f"{_ID} (Fase Akhir Permainan); {_NL} (end of stock); Library",
            options=("meld_in_endgame", "last_trick_bonus"),
        ),
        rule(
            "fildinski.endgame.no-melding",
            kind=RuleKind.LEGALITY,
            statement="After the last draw no meld and no dix may be made, unless meld_in_endgame is true, "
            "which allows melds (never the dix) after tricks 25-32.",
            source=f"{_NL} (end of stock); {_ID} (Fase Akhir Permainan)",
            options=("meld_in_endgame",),
        ),
        rule(
            "fildinski.endgame.won-face-down",
            kind=RuleKind.INFORMATION,
            statement="At the last draw the won piles are turned face down, a physical gesture only: their "
            "contents stay public knowledge.",
            source=f"{_NL} (end of stock); {_ID} is silent",
            options=("meld_in_endgame",),
        ),
        rule(
            "fildinski.endgame.must-follow",
            kind=RuleKind.LEGALITY,
            statement="Once the stock is empty the follower must play the suit led when holding it.",
            source=f"{_NL} (last eight tricks); {_ID} (Fase Akhir Permainan)",
        ),
        rule(
            "fildinski.endgame.must-head",
            kind=RuleKind.LEGALITY,
            statement="Once the stock is empty a follower holding a higher card of the suit led must play one, "
            "in trumps and plain suits alike.",
            source=f"{_NL} (last eight tricks); {_ID} (Fase Akhir Permainan)",
        ),
        rule(
            "fildinski.endgame.must-trump",
            kind=RuleKind.LEGALITY,
            statement="Once the stock is empty a follower void in the suit led must trump when holding a trump.",
            source=f"{_NL} (last eight tricks); {_ID} (Fase Akhir Permainan)",
        ),
        rule(
            "fildinski.endgame.free-discard",
            kind=RuleKind.LEGALITY,
            statement="Once the stock is empty a follower with neither the suit led nor a trump may play any "
            "card, and a leader may always lead any card.",
            source=f"{_ID} (Fase Akhir Permainan); {_NL} (implied)",
        ),
        rule(
            "fildinski.endgame.legal-set",
            kind=RuleKind.LEGALITY,
            statement="The endgame follower's legal cards are the higher cards of the suit led, else the "
            "cards of that suit, else the trumps, else the whole hand; everyone else may play any card.",
            source="the four rules above; fildinski.play.free-play",
        ),
        rule(
            "fildinski.game.deal-end",
            kind=RuleKind.SCORING,
            statement="A deal ends after trick 32 (and its meld step under meld_in_endgame = true); a deal "
            "score is the sum of the points scored during it, never negative.",
            source=f"{_ID} (Penentuan Pemenang); {_NL} (Spel)",
        ),
        rule(
            "fildinski.game.score-sheet",
            kind=RuleKind.SCORING,
            statement="Each player's game total is the sum of their deal scores.",
            source=f"{_ID} (Penentuan Pemenang); {_NL} (Spel)",
        ),
        rule(
            "fildinski.game.dealer-alternation",
            kind=RuleKind.PROCEDURE,
            statement="The non-dealer of one deal deals the next.",
            source=f"{_ID} (Penentuan Pemenang)",
        ),
        rule(
            "fildinski.game.target",
            kind=RuleKind.PROCEDURE,
            statement="The game is to 500 points, checked only at the end of a deal: once a total reaches the "
            "target and the totals differ, the higher total wins.",
            source=f"{_NL} (Spel); {_ID} (Penentuan Pemenang: 2000)",
            options=("target_score",),
        ),
        rule(
            "fildinski.game.both-past-target",
            kind=RuleKind.PROCEDURE,
            statement="With both totals past the target the higher wins; equal totals play further deals "
            "until a deal ends with unequal totals.",
            source=f"{_ID} (Penentuan Pemenang); tie: Library",
            options=("target_score",),
        ),
        rule(
            "fildinski.info.public",
            kind=RuleKind.INFORMATION,
            statement="Public: the trump and turn-up, zone sizes, every card played and who won it, both won "
            "and retired piles, every meld and dix, every score.",
            source=f"{_NL} (Delen; Spel); {_ID} (Pembentukan Kombinasi Kartu); {_WK}",
        ),
        rule(
            "fildinski.info.hidden",
            kind=RuleKind.INFORMATION,
            statement="Hidden: each hand from the opponent (apart from cards made public) and the order and "
            "identity of the face-down stock from both.",
            source=f"{_ID} (Pembagian Kartu Awal); {_NL} (Delen); {_WK}",
        ),
        rule(
            "fildinski.info.endgame-known",
            kind=RuleKind.INFORMATION,
            statement="From trick 25 each player can work out the opponent's hand exactly: the endgame is a "
            "game of perfect information.",
            source="Library (follows from the rules above)",
        ),
    ],
)

RULES: Final[RuleBook] = _OWN.merged(COMMON_RULES)
"""Fildinski's own rules followed by the common rules of the core."""
