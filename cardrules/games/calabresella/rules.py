"""The Calabresella rule book: every rule id of the specification, in our words."""

from __future__ import annotations

from typing import Final

from cardrules.rules import COMMON_RULES, RuleBook, RuleKind, make_rules

__all__ = ["RULES"]

_L = RuleKind.LEGALITY
_C = RuleKind.CONSERVATION
_S = RuleKind.SCORING
_P = RuleKind.PROCEDURE
_I = RuleKind.INFORMATION
_SEED = "004_1e8cff621a5a98b3.txt"

_OWN: Final[RuleBook] = make_rules(
    "calabresella",
    [
        (
            "calabresella.deck.composition",
            _C,
            "The deck is the 40 cards left when every 8, 9 and 10 is taken out of a 52-card pack: "
            "ranks 3, 2, A, K, Q, J, 7, 6, 5, 4 in each of the four suits.",
            f"{_SEED} (Persiapan Deck Kartu); pagat (The Cards)",
            (),
        ),
        (
            "calabresella.deck.italian",
            _C,
            "An Italian 40-card pack is the same deck under other names; no suit is special, "
            "so renaming the suits changes nothing in play or scoring.",
            f"{_SEED} (introduction); pagat (The Cards); wikipedia",
            (),
        ),
        (
            "calabresella.deck.rank-order",
            _P,
            "In every suit the cards rank 3 highest, then 2, A, K, Q, J, 7, 6, 5 and 4 lowest; "
            "the order only decides tricks, and different suits never compare.",
            f"{_SEED} (Sistem Ranking dan Nilai Kartu); gamerules, pagat",
            (),
        ),
        (
            "calabresella.scoring.card-thirds",
            _S,
            "Card values are counted in thirds: an ace is 3, a 3, 2, K, Q or J is 1, and 7, 6, 5, 4 "
            "are nothing; 8 thirds a suit, 32 in the deck.",
            f"{_SEED} (Sistem Ranking dan Nilai Kartu); pagat",
            (),
        ),
        (
            "calabresella.scoring.last-trick",
            _S,
            "The side that takes the twelfth trick gains 3 thirds (one point); exactly one side gets it.",
            f"{_SEED} (Konsep Dasar Permainan; Sistem Ranking dan Nilai Kartu); pagat",
            (),
        ),
        (
            "calabresella.scoring.hand-total",
            _S,
            "Cards and bonus make 35 thirds a hand, all scored by one side or the other; after "
            "rounding the two sides have 11 points between them and the bidder needs 6.",
            f"{_SEED} (Perhitungan Poin Akhir); wikipedia",
            (),
        ),
        (
            "calabresella.scoring.rounding",
            _S,
            "Each side adds up its thirds (the opponents pooling theirs first) and scores the whole "
            "points, thirds divided by 3 rounded down; leftover thirds are lost.",
            f"{_SEED} (Perhitungan Poin Akhir); digitaladvisorygroup",
            (),
        ),
        (
            "calabresella.scoring.success",
            _S,
            "The bidder succeeds with 6 points or more, that is 18 thirds or more; otherwise the "
            "opponents have 6 or more. There is no tie.",
            f"{_SEED} (Perhitungan Poin Akhir)",
            (),
        ),
        (
            "calabresella.deal.first-dealer",
            _P,
            "The first dealer is drawn at random, each of the three players equally likely.",
            f"{_SEED} (Penentuan Dealer dan Pembagian Kartu)",
            (),
        ),
        (
            "calabresella.deal.direction",
            _P,
            "Dealing, calling, play and the passing of the deal go counter-clockwise by default: "
            "the next player is on the right, the eldest hand sits right of the dealer.",
            f"{_SEED} (Sistem Bidding yang Menarik); gamerules; pagat; disputed point D1",
            ("direction",),
        ),
        (
            "calabresella.deal.rotation",
            _P,
            "After every hand, an all-pass hand included, the next player in turn deals.",
            f"{_SEED} (Penentuan Dealer dan Pembagian Kartu); pagat; disputed point D11",
            ("redeal_dealer",),
        ),
        (
            "calabresella.deal.packets",
            _P,
            "The shuffled 40 cards are dealt in three rounds of packets of four, eldest hand first, "
            "so each player holds 12.",
            f"{_SEED} (Penentuan Dealer dan Pembagian Kartu); pagat",
            (),
        ),
        (
            "calabresella.deal.monte",
            _C,
            "The last four cards of the deck are the monte, face down in the middle, unseen unless "
            "a rule shows it.",
            f"{_SEED} (Penentuan Dealer dan Pembagian Kartu; Proses Pertukaran Kartu)",
            (),
        ),
        (
            "calabresella.procedure.phases",
            _P,
            "A hand goes deal, auction, exchange (by contract), twelve tricks, settlement; only the "
            "named player acts at each step, and each decision is a single action.",
            f"{_SEED} (several sections); collects the rules of the specification",
            ("auction", "return_timing", "solo_monte", "solissimo_raises", "opening_lead"),
        ),
        (
            "calabresella.bidding.ladder",
            _S,
            "A call is a pass or a bid; the bids, lowest first, are Chiamo, Solo and Solissimo, "
            "worth 1, 2 and 3 units, and a raised Solissimo is worth twice (dividete) or four "
            "times (scegliete) as much.",
            f"{_SEED} (Sistem Bidding yang Menarik; Varian Solissimo Khusus); pagat; wikipedia; "
            "digitaladvisorygroup; disputed points D3, D8",
            ("stakes", "solissimo_raises"),
        ),
        (
            "calabresella.bidding.order",
            _P,
            "The eldest hand calls first and the turn goes round, skipping players who have passed; "
            "in a single-round auction each player calls once.",
            f"{_SEED} (Sistem Bidding yang Menarik); pagat",
            ("auction",),
        ),
        (
            "calabresella.bidding.overcall",
            _L,
            "The player to call may pass or bid, and a bid must be higher on the ladder than the "
            "highest bid so far.",
            f"{_SEED} (Sistem Bidding yang Menarik); pagat",
            (),
        ),
        (
            "calabresella.bidding.pass-final",
            _L,
            "Once a player has passed they make no further call in that auction.",
            "wikipedia; seed silent",
            (),
        ),
        (
            "calabresella.bidding.end",
            _P,
            "The auction ends on a Solissimo, when a bid stands and both others have passed, or when "
            "all three have passed; the highest bidder is then the bidder and the bid the contract.",
            f"{_SEED} (Sistem Bidding yang Menarik); pagat; treccani; disputed point D2",
            ("auction",),
        ),
        (
            "calabresella.bidding.all-pass",
            _P,
            "When all three pass the hand is abandoned without payment and the cards are dealt anew.",
            f"{_SEED} (Sistem Bidding yang Menarik); pagat",
            ("redeal_dealer",),
        ),
        (
            "calabresella.exchange.call",
            _L,
            "In Chiamo the bidder names one card they do not hold; any of the 28 missing cards may be "
            "named. Solo and Solissimo have no call.",
            f"{_SEED} (Proses Pertukaran Kartu); pagat; lotoflaughs",
            (),
        ),
        (
            "calabresella.exchange.handover",
            _C,
            "An opponent holding the called card must give it to the bidder at once, and is owed a "
            "card in return.",
            f"{_SEED} (Proses Pertukaran Kartu); pagat; treccani",
            (),
        ),
        (
            "calabresella.exchange.called-in-monte",
            _L,
            "If the called card lies in the monte nothing is handed over or returned, no second card "
            "may be called, and the bidder gets it with the monte.",
            "treccani; gelli; digitaladvisorygroup; seed silent",
            (),
        ),
        (
            "calabresella.exchange.take-monte",
            _C,
            "In Chiamo and Solo the four monte cards are shown and added to the bidder's hand; the "
            "bidder cannot refuse them.",
            f"{_SEED} (Proses Pertukaran Kartu); lotoflaughs; treccani; disputed point D7",
            ("solo_monte", "return_timing"),
        ),
        (
            "calabresella.exchange.return",
            _L,
            "After a handover the bidder gives the giver back one card of choice, face up, never the "
            "called card; by default this comes after taking the monte.",
            f"{_SEED} (Proses Pertukaran Kartu); sapere; gelli; lotoflaughs; disputed point D6",
            ("return_timing",),
        ),
        (
            "calabresella.exchange.discard",
            _L,
            "The bidder then lays exactly 4 cards of choice face down as the new monte and keeps 12.",
            f"{_SEED} (Proses Pertukaran Kartu); treccani; lotoflaughs",
            (),
        ),
        (
            "calabresella.exchange.solissimo",
            _L,
            "In Solissimo the bidder calls nothing, never takes or sees the monte and plays the 12 "
            "cards dealt.",
            f"{_SEED} (Varian Solissimo Khusus); pagat; mms; disputed point D12",
            (),
        ),
        (
            "calabresella.exchange.solissimo-raise",
            _S,
            "Before the first lead the Solissimo bidder chooses no raise, dividete (stake doubled) or "
            "scegliete (stake quadrupled); that is one decision, taken once.",
            f"{_SEED} (Varian Solissimo Khusus); wikipedia; digitaladvisorygroup; gelli; disputed point D8",
            ("solissimo_raises",),
        ),
        (
            "calabresella.exchange.dividete",
            _L,
            "In dividete the first opponent takes the first two monte cards and the second the last "
            "two; each then lays two cards away, the first opponent first.",
            "wikipedia; digitaladvisorygroup; gelli",
            (),
        ),
        (
            "calabresella.exchange.scegliete",
            _L,
            "In scegliete the first opponent takes the whole monte and lays any four away, then the "
            "second opponent does the same with what the first left.",
            "wikipedia; digitaladvisorygroup",
            (),
        ),
        (
            "calabresella.play.opening-lead",
            _P,
            "The eldest hand leads to the first trick, except that the bidder leads in Solissimo.",
            f"{_SEED} (Alur Permainan dan Scoring); disputed point D5",
            ("opening_lead",),
        ),
        (
            "calabresella.play.turn",
            _P,
            "The leader plays first and the others follow in turn order, one card each from hand.",
            f"{_SEED} (Alur Permainan dan Scoring); pagat",
            (),
        ),
        (
            "calabresella.play.lead",
            _L,
            "The leader may lead any card held.",
            f"{_SEED} (Alur Permainan dan Scoring)",
            (),
        ),
        (
            "calabresella.play.follow",
            _L,
            "A player holding a card of the suit led must play one; a player without may play any card.",
            "digitaladvisorygroup; cavallore; sapere; the seed says otherwise; disputed point D4",
            ("follow_suit",),
        ),
        (
            "calabresella.play.trick-winner",
            _P,
            "No trumps: the highest card of the suit led takes the trick for its player's side.",
            f"{_SEED} (introduction; Alur Permainan dan Scoring); digitaladvisorygroup",
            (),
        ),
        (
            "calabresella.play.next-lead",
            _P,
            "Whoever takes a trick leads to the next one.",
            f"{_SEED} (Alur Permainan dan Scoring)",
            (),
        ),
        (
            "calabresella.play.tricks",
            _P,
            "Exactly twelve tricks are played, and then every hand is empty.",
            f"{_SEED} (Perhitungan Poin Akhir)",
            (),
        ),
        (
            "calabresella.scoring.monte",
            _S,
            "After the last trick the four cards of the monte go to the side that took that trick "
            "and count for it.",
            f"{_SEED} (Perhitungan Poin Akhir); treccani; digitaladvisorygroup",
            (),
        ),
        (
            "calabresella.scoring.payment",
            _S,
            "The value is the contract's stake times 2 for cappotto, 3 for stramazzo, else 1; each "
            "opponent pays it to a successful bidder, or the failed bidder pays it to each opponent.",
            f"{_SEED} (Perhitungan Poin Akhir; Kondisi Khusus)",
            ("stakes",),
        ),
        (
            "calabresella.scoring.cappotto",
            _S,
            "Cappotto, doubling the payment, is one side taking all twelve tricks (by default either side).",
            f"{_SEED} (Kondisi Khusus); gelli; disputed point D9",
            ("reverse_cappotto",),
        ),
        (
            "calabresella.scoring.stramazzo",
            _S,
            "Stramazzo, tripling the payment, is the bidder scoring 11 points despite losing a trick, "
            "or 0 points despite winning one; it never coincides with cappotto.",
            f"{_SEED} (Kondisi Khusus); disputed point D10",
            ("stramazzo_basis",),
        ),
        (
            "calabresella.procedure.session",
            _P,
            "Each hand is settled on its own and ends the game; a session is a run of hands, and a "
            "player's balance is the sum of their payments over it.",
            f"{_SEED} (Konsep Dasar Permainan)",
            ("redeal_dealer",),
        ),
        (
            "calabresella.info.hands",
            _I,
            "Each player sees only their own hand; how many cards each holds is public.",
            "general card-play convention; seed silent",
            (),
        ),
        (
            "calabresella.info.public-events",
            _I,
            "The calls, contract, called card and its holder, the exposed monte, the returned card, "
            "any raise, every card played and every trick's winner are seen by all.",
            f"{_SEED} (Proses Pertukaran Kartu); lotoflaughs; digitaladvisorygroup; treccani; "
            "disputed point D7",
            ("solo_monte",),
        ),
        (
            "calabresella.info.monte",
            _I,
            "Nobody sees the dealt monte until it is shown or taken; laid-away cards are known only "
            "to whoever laid them, and the Solissimo bidder never sees the monte before the end.",
            f"{_SEED} (Proses Pertukaran Kartu); treccani; mms; digitaladvisorygroup; "
            "disputed points D7, D12",
            ("solo_monte",),
        ),
        (
            "calabresella.info.end",
            _I,
            "At the end of the hand the monte and both won piles are shown so the count can be checked.",
            f"{_SEED} (Perhitungan Poin Akhir)",
            (),
        ),
    ],
)

RULES: Final[RuleBook] = _OWN.merged(COMMON_RULES)
"""Every Calabresella rule in the specification's order, then the common rules."""
