"""The Calabresella rule book: every rule id of the specification, in our words."""

from __future__ import annotations

from typing import Final

from cardrules.rules import COMMON_RULES, RuleBook, RuleKind, make_rules, rule

__all__ = ["RULES"]

_SEED = "004_1e8cff621a5a98b3.txt"

_OWN: Final[RuleBook] = make_rules(
    "calabresella",
    [
        rule(
            "calabresella.deck.composition",
            kind=RuleKind.CONSERVATION,
            statement="The deck is the 40 cards left when every 8, 9 and 10 is taken out of a 52-card pack: "
            "ranks 3, 2, A, K, Q, J, 7, 6, 5, 4 in each of the four suits.",
            source=f"{_SEED} (Persiapan Deck Kartu); pagat (The Cards)",
        ),
        rule(
            "calabresella.deck.italian",
            kind=RuleKind.CONSERVATION,
            statement="An Italian 40-card pack is the same deck under other names; no suit is special, "
            "so renaming the suits changes nothing in play or scoring.",
            source=f"{_SEED} (introduction); pagat (The Cards); wikipedia",
        ),
        rule(
            "calabresella.deck.rank-order",
            kind=RuleKind.PROCEDURE,
            statement="In every suit the cards rank 3 highest, then 2, A, K, Q, J, 7, 6, 5 and 4 lowest; "
            "the order only decides tricks, and different suits never compare.",
            source=f"{_SEED} (Sistem Ranking dan Nilai Kartu); gamerules, pagat",
        ),
        rule(
            "calabresella.scoring.card-thirds",
            kind=RuleKind.SCORING,
            statement="Card values are counted in thirds: an ace is 3, a 3, 2, K, Q or J is 1, and 7, 6, 5, 4 "
            "are nothing; 8 thirds a suit, 32 in the deck.",
            source=f"{_SEED} (Sistem Ranking dan Nilai Kartu); pagat",
        ),
        rule(
            "calabresella.scoring.last-trick",
            kind=RuleKind.SCORING,
            statement="The side that takes the twelfth trick gains 3 thirds (one point); exactly one side gets it.",
            source=f"{_SEED} (Konsep Dasar Permainan; Sistem Ranking dan Nilai Kartu); pagat",
        ),
        rule(
            "calabresella.scoring.hand-total",
            kind=RuleKind.SCORING,
            statement="Cards and bonus make 35 thirds a hand, all scored by one side or the other; after "
            "rounding the two sides have 11 points between them and the bidder needs 6.",
            source=f"{_SEED} (Perhitungan Poin Akhir); wikipedia",
        ),
        rule(
            "calabresella.scoring.rounding",
            kind=RuleKind.SCORING,
            statement="Each side adds up its thirds (the opponents pooling theirs first) and scores the whole "
            "points, thirds divided by 3 rounded down; leftover thirds are lost.",
            source=f"{_SEED} (Perhitungan Poin Akhir); digitaladvisorygroup",
        ),
        rule(
            "calabresella.scoring.success",
            kind=RuleKind.SCORING,
            statement="The bidder succeeds with 6 points or more, that is 18 thirds or more; otherwise the "
            "opponents have 6 or more. There is no tie.",
            source=f"{_SEED} (Perhitungan Poin Akhir)",
        ),
        rule(
            "calabresella.deal.first-dealer",
            kind=RuleKind.PROCEDURE,
            statement="The first dealer is drawn at random, each of the three players equally likely.",
            source=f"{_SEED} (Penentuan Dealer dan Pembagian Kartu)",
        ),
        rule(
            "calabresella.deal.direction",
            kind=RuleKind.PROCEDURE,
            statement="Dealing, calling, play and the passing of the deal go counter-clockwise by default: "
            "the next player is on the right, the eldest hand sits right of the dealer.",
            source=f"{_SEED} (Sistem Bidding yang Menarik); gamerules; pagat; disputed point D1",
            options=("direction",),
        ),
        rule(
            "calabresella.deal.rotation",
            kind=RuleKind.PROCEDURE,
            statement="After every hand, an all-pass hand included, the next player in turn deals.",
            source=f"{_SEED} (Penentuan Dealer dan Pembagian Kartu); pagat; disputed point D11",
            options=("redeal_dealer",),
        ),
        rule(
            "calabresella.deal.packets",
            kind=RuleKind.PROCEDURE,
            statement="The shuffled 40 cards are dealt in three rounds of packets of four, eldest hand first, "
            "so each player holds 12.",
            source=f"{_SEED} (Penentuan Dealer dan Pembagian Kartu); pagat",
        ),
        rule(
            "calabresella.deal.monte",
            kind=RuleKind.CONSERVATION,
            statement="The last four cards of the deck are the monte, face down in the middle, unseen unless "
            "a rule shows it.",
            source=f"{_SEED} (Penentuan Dealer dan Pembagian Kartu; Proses Pertukaran Kartu)",
        ),
        rule(
            "calabresella.procedure.phases",
            kind=RuleKind.PROCEDURE,
            statement="A hand goes deal, auction, exchange (by contract), twelve tricks, settlement; only the "
            "named player acts at each step, and each decision is a single action.",
            source=f"{_SEED} (several sections); collects the rules of the specification",
            options=("auction", "return_timing", "solo_monte", "solissimo_raises", "opening_lead"),
        ),
        rule(
            "calabresella.bidding.ladder",
            kind=RuleKind.SCORING,
            statement="A call is a pass or a bid; the bids, lowest first, are Chiamo, Solo and Solissimo, "
            "worth 1, 2 and 3 units, and a raised Solissimo is worth twice (dividete) or four "
            "times (scegliete) as much.",
            source=f"{_SEED} (Sistem Bidding yang Menarik; Varian Solissimo Khusus); pagat; wikipedia; "
            "digitaladvisorygroup; disputed points D3, D8",
            options=("stakes", "solissimo_raises"),
        ),
        rule(
            "calabresella.bidding.order",
            kind=RuleKind.PROCEDURE,
            statement="The eldest hand calls first and the turn goes round, skipping players who have passed; "
            "in a single-round auction each player calls once.",
            source=f"{_SEED} (Sistem Bidding yang Menarik); pagat",
            options=("auction",),
        ),
        rule(
            "calabresella.bidding.overcall",
            kind=RuleKind.LEGALITY,
            statement="The player to call may pass or bid, and a bid must be higher on the ladder than the "
            "highest bid so far.",
            source=f"{_SEED} (Sistem Bidding yang Menarik); pagat",
        ),
        rule(
            "calabresella.bidding.pass-final",
            kind=RuleKind.LEGALITY,
            statement="Once a player has passed they make no further call in that auction.",
            source="wikipedia; seed silent",
        ),
        rule(
            "calabresella.bidding.end",
            kind=RuleKind.PROCEDURE,
            statement="The auction ends on a Solissimo, when a bid stands and both others have passed, or when "
            "all three have passed; the highest bidder is then the bidder and the bid the contract.",
            source=f"{_SEED} (Sistem Bidding yang Menarik); pagat; treccani; disputed point D2",
            options=("auction",),
        ),
        rule(
            "calabresella.bidding.all-pass",
            kind=RuleKind.PROCEDURE,
            statement="When all three pass the hand is abandoned without payment and the cards are dealt anew.",
            source=f"{_SEED} (Sistem Bidding yang Menarik); pagat",
            options=("redeal_dealer",),
        ),
        rule(
            "calabresella.exchange.call",
            kind=RuleKind.LEGALITY,
            statement="In Chiamo the bidder names one card they do not hold; any of the 28 missing cards may be "
            "named. Solo and Solissimo have no call.",
            source=f"{_SEED} (Proses Pertukaran Kartu); pagat; lotoflaughs",
        ),
        rule(
            "calabresella.exchange.handover",
            kind=RuleKind.CONSERVATION,
            statement="An opponent holding the called card must give it to the bidder at once, and is owed a "
            "card in return.",
            source=f"{_SEED} (Proses Pertukaran Kartu); pagat; treccani",
        ),
        rule(
            "calabresella.exchange.called-in-monte",
            kind=RuleKind.LEGALITY,
            statement="If the called card lies in the monte nothing is handed over or returned, no second card "
            "may be called, and the bidder gets it with the monte.",
            source="treccani; gelli; digitaladvisorygroup; seed silent",
        ),
        rule(
            "calabresella.exchange.take-monte",
            kind=RuleKind.CONSERVATION,
            statement="In Chiamo and Solo the four monte cards are shown and added to the bidder's hand; the "
            "bidder cannot refuse them.",
            source=f"{_SEED} (Proses Pertukaran Kartu); lotoflaughs; treccani; disputed point D7",
            options=("solo_monte", "return_timing"),
        ),
        rule(
            "calabresella.exchange.return",
            kind=RuleKind.LEGALITY,
            statement="After a handover the bidder gives the giver back one card of choice, face up, never the "
            "called card; by default this comes after taking the monte.",
            source=f"{_SEED} (Proses Pertukaran Kartu); sapere; gelli; lotoflaughs; disputed point D6",
            options=("return_timing",),
        ),
        rule(
            "calabresella.exchange.discard",
            kind=RuleKind.LEGALITY,
            statement="The bidder then lays exactly 4 cards of choice face down as the new monte and keeps 12.",
            source=f"{_SEED} (Proses Pertukaran Kartu); treccani; lotoflaughs",
        ),
        rule(
            "calabresella.exchange.solissimo",
            kind=RuleKind.LEGALITY,
            statement="In Solissimo the bidder calls nothing, never takes or sees the monte and plays the 12 "
            "cards dealt.",
            source=f"{_SEED} (Varian Solissimo Khusus); pagat; mms; disputed point D12",
        ),
        rule(
            "calabresella.exchange.solissimo-raise",
            kind=RuleKind.SCORING,
            statement="Before the first lead the Solissimo bidder chooses no raise, dividete (stake doubled) or "
            "scegliete (stake quadrupled); that is one decision, taken once.",
            source=f"{_SEED} (Varian Solissimo Khusus); wikipedia; digitaladvisorygroup; gelli; disputed point D8",
            options=("solissimo_raises",),
        ),
        rule(
            "calabresella.exchange.dividete",
            kind=RuleKind.LEGALITY,
            statement="In dividete the first opponent takes the first two monte cards and the second the last "
            "two; each then lays two cards away, the first opponent first.",
            source="wikipedia; digitaladvisorygroup; gelli",
        ),
        rule(
            "calabresella.exchange.scegliete",
            kind=RuleKind.LEGALITY,
            statement="In scegliete the first opponent takes the whole monte and lays any four away, then the "
            "second opponent does the same with what the first left.",
            source="wikipedia; digitaladvisorygroup",
        ),
        rule(
            "calabresella.play.opening-lead",
            kind=RuleKind.PROCEDURE,
            statement="The eldest hand leads to the first trick, except that the bidder leads in Solissimo.",
            source=f"{_SEED} (Alur Permainan dan Scoring); disputed point D5",
            options=("opening_lead",),
        ),
        rule(
            "calabresella.play.turn",
            kind=RuleKind.PROCEDURE,
            statement="The leader plays first and the others follow in turn order, one card each from hand.",
            source=f"{_SEED} (Alur Permainan dan Scoring); pagat",
        ),
        rule(
            "calabresella.play.lead",
            kind=RuleKind.LEGALITY,
            statement="The leader may lead any card held.",
            source=f"{_SEED} (Alur Permainan dan Scoring)",
        ),
        rule(
            "calabresella.play.follow",
            kind=RuleKind.LEGALITY,
            statement="A player holding a card of the suit led must play one; a player without may play any card.",
            source="digitaladvisorygroup; cavallore; sapere; the seed says otherwise; disputed point D4",
            options=("follow_suit",),
        ),
        rule(
            "calabresella.play.trick-winner",
            kind=RuleKind.PROCEDURE,
            statement="No trumps: the highest card of the suit led takes the trick for its player's side.",
            source=f"{_SEED} (introduction; Alur Permainan dan Scoring); digitaladvisorygroup",
        ),
        rule(
            "calabresella.play.next-lead",
            kind=RuleKind.PROCEDURE,
            statement="Whoever takes a trick leads to the next one.",
            source=f"{_SEED} (Alur Permainan dan Scoring)",
        ),
        rule(
            "calabresella.play.tricks",
            kind=RuleKind.PROCEDURE,
            statement="Exactly twelve tricks are played, and then every hand is empty.",
            source=f"{_SEED} (Perhitungan Poin Akhir)",
        ),
        rule(
            "calabresella.scoring.monte",
            kind=RuleKind.SCORING,
            statement="After the last trick the four cards of the monte go to the side that took that trick "
            "and count for it.",
            source=f"{_SEED} (Perhitungan Poin Akhir); treccani; digitaladvisorygroup",
        ),
        rule(
            "calabresella.scoring.payment",
            kind=RuleKind.SCORING,
            statement="The value is the contract's stake times 2 for cappotto, 3 for stramazzo, else 1; each "
            "opponent pays it to a successful bidder, or the failed bidder pays it to each opponent.",
            source=f"{_SEED} (Perhitungan Poin Akhir; Kondisi Khusus)",
            options=("stakes",),
        ),
        rule(
            "calabresella.scoring.cappotto",
            kind=RuleKind.SCORING,
            statement="Cappotto, doubling the payment, is one side taking all twelve tricks (by default either side).",
            source=f"{_SEED} (Kondisi Khusus); gelli; disputed point D9",
            options=("reverse_cappotto",),
        ),
        rule(
            "calabresella.scoring.stramazzo",
            kind=RuleKind.SCORING,
            statement="Stramazzo, tripling the payment, is the bidder scoring 11 points despite losing a trick, "
            "or 0 points despite winning one; it never coincides with cappotto.",
            source=f"{_SEED} (Kondisi Khusus); disputed point D10",
            options=("stramazzo_basis",),
        ),
        rule(
            "calabresella.procedure.session",
            kind=RuleKind.PROCEDURE,
            statement="Each hand is settled on its own and ends the game; a session is a run of hands, and a "
            "player's balance is the sum of their payments over it.",
            source=f"{_SEED} (Konsep Dasar Permainan)",
            options=("redeal_dealer",),
        ),
        rule(
            "calabresella.info.hands",
            kind=RuleKind.INFORMATION,
            statement="Each player sees only their own hand; how many cards each holds is public.",
            source="general card-play convention; seed silent",
        ),
        rule(
            "calabresella.info.public-events",
            kind=RuleKind.INFORMATION,
            statement="The calls, contract, called card and its holder, the exposed monte, the returned card, "
            "any raise, every card played and every trick's winner are seen by all.",
            source=f"{_SEED} (Proses Pertukaran Kartu); lotoflaughs; digitaladvisorygroup; treccani; "
            "disputed point D7",
            options=("solo_monte",),
        ),
        rule(
            "calabresella.info.monte",
            kind=RuleKind.INFORMATION,
            statement="Nobody sees the dealt monte until it is shown or taken; laid-away cards are known only "
            "to whoever laid them, and the Solissimo bidder never sees the monte before the end.",
            source=f"{_SEED} (Proses Pertukaran Kartu); treccani; mms; digitaladvisorygroup; "
            "disputed points D7, D12",
            options=("solo_monte",),
        ),
        rule(
            "calabresella.info.end",
            kind=RuleKind.INFORMATION,
            statement="At the end of the hand the monte and both won piles are shown so the count can be checked.",
            source=f"{_SEED} (Perhitungan Poin Akhir)",
        ),
    ],
)

RULES: Final[RuleBook] = _OWN.merged(COMMON_RULES)
"""Every Calabresella rule in the specification's order, then the common rules."""
