"""The Fildinski rule book: every rule id of the specification, in our words."""

from __future__ import annotations

from typing import Final

from cardrules.rules import COMMON_RULES, RuleBook, RuleKind, make_rules

__all__ = ["RULES"]

_L = RuleKind.LEGALITY
_C = RuleKind.CONSERVATION
_S = RuleKind.SCORING
_P = RuleKind.PROCEDURE
_I = RuleKind.INFORMATION
_ID = "000_18fd6b87590c8e2b.txt"
_NL = "002_56cd3db6ba8e169f.txt"
_WK = "[WK] whiteknucklecards.com, Rules for Polish Bezique"
_BZ = "[BZ] published two-handed Bezique rules"

_OWN: Final[RuleBook] = make_rules(
    "fildinski",
    [
        (
            "fildinski.deck.composition",
            _C,
            "The deck is two 32-card piquet packs: every suit and every rank from 7 to ace, "
            "each kind exactly twice, 64 physical cards and nothing else.",
            f"{_ID} (Dek Kartu yang Digunakan); {_NL} (Kaarten); {_WK}",
            (),
        ),
        (
            "fildinski.deck.ranking",
            _L,
            "In every suit and both phases the order is A, 10, K, Q, J, 9, 8, 7 (the ten beats the "
            "king); the two cards of one kind rank equal.",
            f"{_NL} (Kaarten; Spel); {_WK}",
            (),
        ),
        (
            "fildinski.deck.card-identity",
            _C,
            "A physical card is a kind plus a copy number 1 or 2; every card is in exactly one "
            "zone, and no rule of play, trick-taking or scoring reads the copy number.",
            "Library (both seeds: two of every card)",
            (),
        ),
        (
            "fildinski.deal.first-dealer",
            _P,
            "Chance picks the first dealer (the players cut); later deals alternate.",
            f"{_NL} (Delen)",
            (),
        ),
        (
            "fildinski.deal.hands",
            _P,
            "Each player gets 8 cards: the non-dealer the top 8 of the shuffled deck, the dealer "
            "the next 8; the 17th card is the turn-up and the remaining 47 form the stock above it.",
            f"{_ID} (Pembagian Kartu Awal); {_NL} (Delen); {_WK}",
            (),
        ),
        (
            "fildinski.deal.turn-up",
            _P,
            "The turn-up lies face up at the bottom of the stock, fixes the trump suit for the "
            "whole deal (a dix does not change it) and is always the last card drawn.",
            f"{_ID} (Pembagian Kartu Awal); {_NL} (Delen); {_WK}",
            (),
        ),
        (
            "fildinski.deal.turned-seven",
            _S,
            "When the turn-up is a 7 the dealer scores 10 before the first lead.",
            f"{_NL} (Delen); {_BZ}; {_ID} is silent",
            (),
        ),
        (
            "fildinski.deal.first-lead",
            _P,
            "The non-dealer leads the first trick; each trick's winner leads the next one.",
            f"{_ID} (Memulai Trik Pertama); {_NL} (Spel)",
            (),
        ),
        (
            "fildinski.play.trick-cycle",
            _P,
            "A trick while the stock lasts: lead, follow, decide the winner and score card points, "
            "the cards go to the winner's won pile, the winner's meld step, then the winner draws "
            "and the loser draws.",
            f"{_ID} (Proses Pengambilan Kartu); {_NL} (Spel); {_WK}",
            (),
        ),
        (
            "fildinski.play.free-play",
            _L,
            "While the stock lasts both players may play any card of their hand: no duty to follow, "
            "trump or win.",
            f"{_ID} (Memulai Trik Pertama); {_NL} (Spel); {_WK}",
            (),
        ),
        (
            "fildinski.play.trick-winner",
            _P,
            "The follower wins only with a higher card of the suit led or with a trump on a "
            "non-trump lead; otherwise the leader wins, so of two identical cards the first played wins.",
            f"{_ID} (Memulai Trik Pertama; Fase Akhir Permainan); {_NL} (Spel); {_BZ}",
            (),
        ),
        (
            "fildinski.play.won-cards",
            _C,
            "Won tricks lie face up in front of their winner and are the only source of melds; a won "
            "card never returns to play, except the trump 7 of a from_trick dix, and leaves the pile "
            "only for the retired zone under melded_cards = removed.",
            f"{_ID} (Pembentukan Kombinasi Kartu); {_NL} (Spel); {_WK}",
            ("melded_cards", "dix_exchange"),
        ),
        (
            "fildinski.play.draw-order",
            _P,
            "After the meld step the winner draws the top card of the stock and the loser the next; "
            "after trick 24 the loser takes the turn-up.",
            f"{_ID} (Proses Pengambilan Kartu); {_NL} (Spel); {_WK}",
            (),
        ),
        (
            "fildinski.score.brisques",
            _S,
            "The winner of a trick scores 10 at once for each ace and each ten in it.",
            f"{_ID} (Poin dari Trik); {_NL} (Spel); {_WK}",
            (),
        ),
        (
            "fildinski.score.trump-seven",
            _S,
            "A trump 7 scores 10 in the trick it is played to: for the player who played it "
            "(played, the default) or for the trick's winner (captured).",
            f"{_NL} (Spel); {_ID} (Poin dari Trik)",
            ("trump_seven_points",),
        ),
        (
            "fildinski.score.last-trick",
            _S,
            "The winner of trick 32 scores 10 (final, the default); with stock_end the winner of "
            "trick 24 scores it instead.",
            f"{_NL} (end of stock); {_ID} (Poin dari Trik); {_BZ}",
            ("last_trick_bonus",),
        ),
        (
            "fildinski.meld.kinds",
            _S,
            "The melds and their values: trump sequence 250, four aces 100, four kings 80, four "
            "queens 60, four jacks 40, royal marriage 40, common marriage 20, bezique 40, double "
            "bezique 500; a meld's cards fit its row exactly.",
            f"{_ID} (Poin dari Kombinasi Kartu); {_NL} (Toegestane combinaties); {_BZ}",
            ("bezique_pair",),
        ),
        (
            "fildinski.meld.who-and-when",
            _L,
            "Only a trick's winner melds, and only in that trick's meld step, which by default "
            "follows tricks 1-24 only; ending the step is always allowed.",
            f"{_ID} (Proses Pengambilan Kartu); {_NL} (Spel)",
            ("meld_in_endgame",),
        ),
        (
            "fildinski.meld.from-won-cards",
            _L,
            "Every card of a meld must lie in the melder's own won pile.",
            f"{_ID} (Pembentukan Kombinasi Kartu); {_NL} (Spel)",
            (),
        ),
        (
            "fildinski.meld.fresh-card",
            _L,
            "Each meld must include a card of the trick just won, unless meld_needs_trick_card is false.",
            f"{_NL} (Spel); {_ID} sets no such condition",
            ("meld_needs_trick_card",),
        ),
        (
            "fildinski.meld.per-step",
            _L,
            "At most two melds in one meld step, and no physical card in both.",
            f"{_ID} (Pembentukan Kombinasi Kartu); {_NL} (Spel)",
            (),
        ),
        (
            "fildinski.meld.same-kind-once",
            _L,
            "No card may serve in two melds of the same kind in a deal; melds of one kind from "
            "disjoint cards all score.",
            f"{_NL} (Spel); {_ID} (Pembentukan Kombinasi Kartu); {_BZ}",
            ("melded_cards",),
        ),
        (
            "fildinski.meld.copy-choice",
            _L,
            "A meld names physical cards; where the two copies of a kind differ for some rule the "
            "action says which copy, where they do not it need not and the lower copy is used.",
            "Library",
            (),
        ),
        (
            "fildinski.meld.class-order",
            _L,
            "A card once in a trump sequence may not later be in a royal marriage, nor one once in "
            "a double bezique later in a bezique; the upward order is allowed.",
            f"{_BZ}; both seeds silent",
            (),
        ),
        (
            "fildinski.meld.after-scoring",
            _C,
            "Melded cards stay in the won pile (stay, the default) or are retired from play at once "
            "(removed); scored points are never withdrawn.",
            f"{_NL} (Spel); {_ID} (Pembentukan Kombinasi Kartu)",
            ("melded_cards",),
        ),
        (
            "fildinski.meld.bezique-pair",
            _S,
            "The bezique is Q♠ and J♦; with klaverjas_hartendame and diamonds or spades trump it is "
            "Q♥ and J♣ instead.",
            f"{_NL} (Variant: Klaverjas & Hartendame)",
            ("bezique_pair",),
        ),
        (
            "fildinski.dix.exchange",
            _L,
            "In a stock-phase meld step the winner may exchange a trump 7 for a turn-up that is not "
            "a 7: from hand for 10 points (from_hand), or the 7 of the trick just won, scoring "
            "nothing (from_trick).",
            f"{_NL} (Toegestane combinaties); {_ID} (Pertukaran Kartu Deece); {_BZ}",
            ("dix_exchange",),
        ),
        (
            "fildinski.dix.once",
            _L,
            "At most one dix per deal, and none when the dealt turn-up is a 7.",
            f"{_ID} (Pertukaran Kartu Deece); {_NL} (Delen; Dix)",
            ("dix_exchange",),
        ),
        (
            "fildinski.endgame.last-draw",
            _P,
            "The stock phase ends with the draws after trick 24, the loser taking the turn-up; the "
            "winner of trick 24 leads trick 25 and nothing more is drawn.",
            f"{_ID} (Fase Akhir Permainan); {_NL} (end of stock)",
            (),
        ),
        (
            "fildinski.endgame.trick-cycle",
            _P,
            "Tricks 25-32: lead, a legal follow, winner and card points, cards to the winner, a meld "
            "step only under meld_in_endgame = true, and no drawing.",
            f"{_ID} (Fase Akhir Permainan); {_NL} (end of stock); Library",
            ("meld_in_endgame", "last_trick_bonus"),
        ),
        (
            "fildinski.endgame.no-melding",
            _L,
            "After the last draw no meld and no dix may be made, unless meld_in_endgame is true, "
            "which allows melds (never the dix) after tricks 25-32.",
            f"{_NL} (end of stock); {_ID} (Fase Akhir Permainan)",
            ("meld_in_endgame",),
        ),
        (
            "fildinski.endgame.won-face-down",
            _I,
            "At the last draw the won piles are turned face down, a physical gesture only: their "
            "contents stay public knowledge.",
            f"{_NL} (end of stock); {_ID} is silent",
            ("meld_in_endgame",),
        ),
        (
            "fildinski.endgame.must-follow",
            _L,
            "Once the stock is empty the follower must play the suit led when holding it.",
            f"{_NL} (last eight tricks); {_ID} (Fase Akhir Permainan)",
            (),
        ),
        (
            "fildinski.endgame.must-head",
            _L,
            "Once the stock is empty a follower holding a higher card of the suit led must play one, "
            "in trumps and plain suits alike.",
            f"{_NL} (last eight tricks); {_ID} (Fase Akhir Permainan)",
            (),
        ),
        (
            "fildinski.endgame.must-trump",
            _L,
            "Once the stock is empty a follower void in the suit led must trump when holding a trump.",
            f"{_NL} (last eight tricks); {_ID} (Fase Akhir Permainan)",
            (),
        ),
        (
            "fildinski.endgame.free-discard",
            _L,
            "Once the stock is empty a follower with neither the suit led nor a trump may play any "
            "card, and a leader may always lead any card.",
            f"{_ID} (Fase Akhir Permainan); {_NL} (implied)",
            (),
        ),
        (
            "fildinski.endgame.legal-set",
            _L,
            "The endgame follower's legal cards are the higher cards of the suit led, else the "
            "cards of that suit, else the trumps, else the whole hand; everyone else may play any card.",
            "the four rules above; fildinski.play.free-play",
            (),
        ),
        (
            "fildinski.game.deal-end",
            _S,
            "A deal ends after trick 32 (and its meld step under meld_in_endgame = true); a deal "
            "score is the sum of the points scored during it, never negative.",
            f"{_ID} (Penentuan Pemenang); {_NL} (Spel)",
            (),
        ),
        (
            "fildinski.game.score-sheet",
            _S,
            "Each player's game total is the sum of their deal scores.",
            f"{_ID} (Penentuan Pemenang); {_NL} (Spel)",
            (),
        ),
        (
            "fildinski.game.dealer-alternation",
            _P,
            "The non-dealer of one deal deals the next.",
            f"{_ID} (Penentuan Pemenang)",
            (),
        ),
        (
            "fildinski.game.target",
            _P,
            "The game is to 500 points, checked only at the end of a deal: once a total reaches the "
            "target and the totals differ, the higher total wins.",
            f"{_NL} (Spel); {_ID} (Penentuan Pemenang: 2000)",
            ("target_score",),
        ),
        (
            "fildinski.game.both-past-target",
            _P,
            "With both totals past the target the higher wins; equal totals play further deals "
            "until a deal ends with unequal totals.",
            f"{_ID} (Penentuan Pemenang); tie: Library",
            ("target_score",),
        ),
        (
            "fildinski.info.public",
            _I,
            "Public: the trump and turn-up, zone sizes, every card played and who won it, both won "
            "and retired piles, every meld and dix, every score.",
            f"{_NL} (Delen; Spel); {_ID} (Pembentukan Kombinasi Kartu); {_WK}",
            (),
        ),
        (
            "fildinski.info.hidden",
            _I,
            "Hidden: each hand from the opponent (apart from cards made public) and the order and "
            "identity of the face-down stock from both.",
            f"{_ID} (Pembagian Kartu Awal); {_NL} (Delen); {_WK}",
            (),
        ),
        (
            "fildinski.info.endgame-known",
            _I,
            "From trick 25 each player can work out the opponent's hand exactly: the endgame is a "
            "game of perfect information.",
            "Library (follows from the rules above)",
            (),
        ),
    ],
)

RULES: Final[RuleBook] = _OWN.merged(COMMON_RULES)
"""Fildinski's own rules followed by the common rules of the core."""
