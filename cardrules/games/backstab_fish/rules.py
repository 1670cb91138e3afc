"""The Backstab Fish rule book: every rule id of the specification, in our words."""

from __future__ import annotations

from typing import Final

from cardrules.rules import COMMON_RULES, RuleBook, RuleKind, make_rules

__all__ = ["RULES"]

_L = RuleKind.LEGALITY
_C = RuleKind.CONSERVATION
_S = RuleKind.SCORING
_P = RuleKind.PROCEDURE
_I = RuleKind.INFORMATION
_SEED = "003_2463ec5744ddca0f.txt"

_OWN: Final[RuleBook] = make_rules(
    "backstab_fish",
    [
        (
            "backstab_fish.setup.players",
            _P,
            "Four to ten players (the option players, 4 by default) each play for themselves, "
            "seated clockwise in seats 0 to N-1.",
            f"{_SEED} (opening paragraph)",
            ("players",),
        ),
        (
            "backstab_fish.setup.deck",
            _C,
            "The deck is two 52-card packs without jokers by default (104 cards, eight of each "
            "of 13 ranks); with jokers the four jokers are a fourteenth rank (108 cards); a "
            "single pack has 52 cards. Only ranks matter.",
            "the seed is silent; the published rules use two packs",
            ("deck",),
        ),
        (
            "backstab_fish.setup.deal",
            _C,
            "A random dealer deals the shuffled deck one card at a time clockwise from their "
            "left until everyone holds 7 cards (5 with a single pack and eight or more players); "
            "the rest, in order, is the stock.",
            f"{_SEED} (Pembagian Kartu Awal); one-at-a-time dealing is convention",
            ("deck", "players"),
        ),
        (
            "backstab_fish.turn.first",
            _P,
            "The player on the dealer's left takes the first turn.",
            f"{_SEED} (Memulai Giliran)",
            (),
        ),
        (
            "backstab_fish.turn.sequence",
            _P,
            "A turn is: one ask (the only choice, no passing), the answer by rule, the asker's "
            "optional lay-down, the end check, then the turn passes on; never a second ask.",
            f"{_SEED} (Memulai Giliran; Menempatkan Set Kartu; Perpindahan Giliran)",
            (),
        ),
        (
            "backstab_fish.turn.next",
            _P,
            "The next turn belongs to the player who was asked, whether they handed cards over or "
            "said go fish.",
            f"{_SEED} (Perpindahan Giliran)",
            (),
        ),
        (
            "backstab_fish.turn.skip-empty",
            _P,
            "A player due a turn with no cards is passed over; the turn goes clockwise to the "
            "next player who holds a card, possibly the asker.",
            "common Go Fish practice (the seed is silent)",
            (),
        ),
        (
            "backstab_fish.ask.target",
            _L,
            "The asker names another player, never themselves, who by default must hold at least one card.",
            f"{_SEED} (Memulai Giliran); library reading for empty hands",
            ("empty_target",),
        ),
        (
            "backstab_fish.ask.rank",
            _L,
            "The asker names a rank of which they hold at least one card (holding four or more is no bar).",
            f"{_SEED} (Syarat Permintaan Kartu)",
            (),
        ),
        (
            "backstab_fish.ask.count",
            _L,
            "The asker names a count from 1 to the number of copies of that rank in the deck.",
            f"{_SEED} (Memulai Giliran); the upper bound is a library rule",
            (),
        ),
        (
            "backstab_fish.answer.give",
            _C,
            "A target holding at least the count asked hands over exactly that many cards of the "
            "rank (or, as a variant, every card of the rank they hold).",
            f"{_SEED} (Respon terhadap Permintaan); the published rules",
            ("give",),
        ),
        (
            "backstab_fish.answer.go-fish",
            _C,
            "A target holding fewer than the count asked says go fish and gives nothing; the "
            "asker draws the top card of the stock, or nothing if it is empty.",
            f"{_SEED} (Respon terhadap Permintaan; Konsekuensi Pergi Memancing)",
            (),
        ),
        (
            "backstab_fish.sets.lay-down",
            _L,
            "After the answer the asker may lay down, in one decision, any number of sets of four "
            "of one rank from their hand; laid sets stay theirs for good, sets kept in hand can be taken.",
            f"{_SEED} (Menempatkan Set Kartu)",
            ("lay_down",),
        ),
        (
            "backstab_fish.refill.seven",
            _C,
            "A hand that becomes empty while the stock is not at once draws seven cards from the "
            "stock, or all that is left; never after the game has ended.",
            f"{_SEED} (Kondisi Khusus)",
            (),
        ),
        (
            "backstab_fish.end.all-empty",
            _P,
            "The game ends when the stock and every hand are empty.",
            f"{_SEED} (Kondisi Berakhirnya Permainan)",
            (),
        ),
        (
            "backstab_fish.end.sole-holder",
            _P,
            "The game also ends when the stock is empty and only one player holds cards.",
            "library rule completing the seed's end condition",
            (),
        ),
        (
            "backstab_fish.end.stall-limit",
            _P,
            "The game ends after K unproductive turns in a row (no card from the stock, no set "
            "laid); K is 100 times the number of players unless the option sets it or removes it.",
            "library rule (termination guard)",
            ("stall_limit",),
        ),
        (
            "backstab_fish.end.final-lay-down",
            _S,
            "When the game ends every player lays down every set they can form from their hand, "
            "with no refill; other cards score nothing.",
            "library rule; the published rules count every set made",
            ("final_lay_down",),
        ),
        (
            "backstab_fish.score.per-set",
            _S,
            "Each laid set scores one point for the player in front of whom it lies; nothing else scores.",
            f"{_SEED} (Sistem Penilaian)",
            (),
        ),
        (
            "backstab_fish.score.winners",
            _S,
            "Every player with the highest score wins; ties share the win.",
            f"{_SEED} (Sistem Penilaian); the published rules",
            (),
        ),
        (
            "backstab_fish.info.hidden",
            _I,
            "Each player sees only their own hand; the stock and every card drawn from it stay "
            "hidden from the others.",
            f"{_SEED} (Pembagian Kartu Awal); Go Fish convention",
            (),
        ),
        (
            "backstab_fish.info.public",
            _I,
            "Laid sets, hand and stock sizes, dealer, turn, scores, the stall count, every ask "
            "and its answer (with the cards handed over) and the size of every draw are public.",
            f"{_SEED} (Menempatkan Set Kartu; Respon terhadap Permintaan)",
            (),
        ),
        (
            "backstab_fish.invariant.card-conservation",
            _C,
            "Hands, stock and laid sets together always hold exactly the deck, each copy once.",
            "derived",
            (),
        ),
        (
            "backstab_fish.invariant.rank-multiples",
            _C,
            "For every rank the cards in laid sets are a multiple of four, and so are the cards "
            "outside them.",
            "derived",
            (),
        ),
        (
            "backstab_fish.invariant.empty-hand-empty-stock",
            _P,
            "While play goes on a hand is empty only if the stock is, and the player to act holds a card.",
            "derived",
            (),
        ),
        (
            "backstab_fish.invariant.monotone",
            _P,
            "The stock never grows, laid sets and scores never shrink, and a productive turn "
            "shrinks the stock or adds a set.",
            "derived",
            (),
        ),
        (
            "backstab_fish.invariant.legal-set-nonempty",
            _L,
            "Until the game ends the player to act always has a legal ask, and laying nothing is "
            "always a legal lay-down.",
            "derived",
            (),
        ),
        (
            "backstab_fish.invariant.end-state",
            _S,
            "After an all-empty end, or a sole-holder end with the final lay-down, every card is in "
            "a laid set and the scores add up to D/4; after a stall end to at most D/4.",
            "derived",
            ("final_lay_down",),
        ),
        (
            "backstab_fish.invariant.termination",
            _P,
            "With a finite stall limit K every game ends within (S0 + D/4 + 1) x K turns.",
            "derived",
            ("stall_limit",),
        ),
    ],
)

RULES: Final[RuleBook] = _OWN.merged(COMMON_RULES)
"""Backstab Fish's own rules followed by the common rules of the core."""
