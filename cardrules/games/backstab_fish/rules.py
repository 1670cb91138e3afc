"""The Backstab Fish rule book: every rule id of the specification, in our words."""

from __future__ import annotations

from typing import Final

from cardrules.rules import COMMON_RULES, RuleBook, RuleKind, make_rules, rule

__all__ = ["RULES"]

_SEED = "003_2463ec5744ddca0f.txt"

_OWN: Final[RuleBook] = make_rules(
    "backstab_fish",
    [
        rule(
            "backstab_fish.setup.players",
            kind=RuleKind.PROCEDURE,
            statement="Four to ten players (the option players, 4 by default) each play for themselves, "
            "seated clockwise in seats 0 to N-1.",
            source=f"{_SEED} (opening paragraph)",
            options=("players",),
        ),
        rule(
            "backstab_fish.setup.deck",
            kind=RuleKind.CONSERVATION,
            statement="The deck is two 52-card packs without jokers by default (104 cards, eight of each "
            "of 13 ranks); with jokers the four jokers are a fourteenth rank (108 cards); a "
            "single pack has 52 cards. Only ranks matter.",
            source="the seed is silent; the published rules use two packs",
            options=("deck",),
        ),
        rule(
            "backstab_fish.setup.deal",
            kind=RuleKind.CONSERVATION,
            statement="A random dealer deals the shuffled deck one card at a time clockwise from their "
            "left until everyone holds 7 cards (5 with a single pack and eight or more players); "
            "the rest, in order, is the stock.",
            source=f"{_SEED} (Pembagian Kartu Awal); one-at-a-time dealing is convention",
            options=("deck", "players"),
        ),
        rule(
            "backstab_fish.turn.first",
            kind=RuleKind.PROCEDURE,
            statement="The player on the dealer's left takes the first turn.",
            source=f"{_SEED} (Memulai Giliran)",
        ),
        rule(
            "backstab_fish.turn.sequence",
            kind=RuleKind.PROCEDURE,
            statement="A turn is: one ask (the only choice, no passing), the answer by rule, the asker's "
            "optional lay-down, the end check, then the turn passes on; never a second ask.",
            source=f"{_SEED} (Memulai Giliran; Menempatkan Set Kartu; Perpindahan Giliran)",
        ),
        rule(
            "backstab_fish.turn.next",
            kind=RuleKind.PROCEDURE,
            statement="The next turn belongs to the player who was asked, whether they handed cards over or "
            "said go fish.",
            source=f"{_SEED} (Perpindahan Giliran)",
        ),
        rule(
            "backstab_fish.turn.skip-empty",
            kind=RuleKind.PROCEDURE,
            statement="A player due a turn with no cards is passed over; the turn goes clockwise to the "
            "next player who holds a card, possibly the asker.",
            source="common Go Fish practice (the seed is silent)",
        ),
        rule(
            "backstab_fish.ask.target",
            kind=RuleKind.LEGALITY,
            statement="The asker names another player, never themselves, who by default must hold at least one card.",
            source=f"{_SEED} (Memulai Giliran); library reading for empty hands",
            options=("empty_target",),
        ),
        rule(
            "backstab_fish.ask.rank",
            kind=RuleKind.LEGALITY,
            statement="The asker names a rank of which they hold at least one card (holding four or more is no bar).",
            source=f"{_SEED} (Syarat Permintaan Kartu)",
        ),
        rule(
            "backstab_fish.ask.count",
            kind=RuleKind.LEGALITY,
            statement="The asker names a count from 1 to the number of copies of that rank in the deck.",
            source=f"{_SEED} (Memulai Giliran); the upper bound is a library rule",
        ),
        rule(
            "backstab_fish.answer.give",
            kind=RuleKind.CONSERVATION,
            statement="A target holding at least the count asked hands over exactly that many cards of the "
            "rank (or, as a variant, every card of the rank they hold).",
            source=f"{_SEED} (Respon terhadap Permintaan); the published rules",
            options=("give",),
        ),
        rule(
            "backstab_fish.answer.go-fish",
            kind=RuleKind.CONSERVATION,
            statement="A target holding fewer than the count asked says go fish and gives nothing; the "
            "asker draws the top card of the stock, or nothing if it is empty.",
            source=f"{_SEED} (Respon terhadap Permintaan; Konsekuensi Pergi Memancing)",
        ),
        rule(
            "backstab_fish.sets.lay-down",
            kind=RuleKind.LEGALITY,
            statement="After the answer the asker may lay down, in one decision, any number of sets of four "
            "of one rank from their hand; laid sets stay theirs for good, sets kept in hand can be taken.",
            source=f"{_SEED} (Menempatkan Set Kartu)",
            options=("lay_down",),
        ),
        rule(
            "backstab_fish.refill.seven",
            kind=RuleKind.CONSERVATION,
            statement="A hand that becomes empty while the stock is not at once draws seven cards from the "
            "stock, or all that is left; never after the game has ended.",
            source=f"{_SEED} (Kondisi Khusus)",
        ),
        rule(
            "backstab_fish.end.all-empty",
            kind=RuleKind.PROCEDURE,
            statement="The game ends when the stock and every hand are empty.",
            source=f"{_SEED} (Kondisi Berakhirnya Permainan)",
        ),
        rule(
            "backstab_fish.end.sole-holder",
            kind=RuleKind.PROCEDURE,
            statement="The game also ends when the stock is empty and only one player holds cards.",
            source="library rule completing the seed's end condition",
        ),
        rule(
            "backstab_fish.end.stall-limit",
            kind=RuleKind.PROCEDURE,
            statement="The game ends after K unproductive turns in a row (no card from the stock, no set "
            "laid); K is 100 times the number of players unless the option sets it or removes it.",
            source="library rule (termination guard)",
            options=("stall_limit",),
        ),
        rule(
            "backstab_fish.end.final-lay-down",
            kind=RuleKind.SCORING,
            statement="When the game ends every player lays down every set they can form from their hand, "
            "with no refill; other cards score nothing.",
            source="library rule; the published rules count every set made",
            options=("final_lay_down",),
        ),
        rule(
            "backstab_fish.score.per-set",
            kind=RuleKind.SCORING,
            statement="Each laid set scores one point for the player in front of whom it lies; nothing else scores.",
            source=f"{_SEED} (Sistem Penilaian)",
        ),
        rule(
            "backstab_fish.score.winners",
            kind=RuleKind.SCORING,
            statement="Every player with the highest score wins; ties share the win.",
            source=f"{_SEED} (Sistem Penilaian); the published rules",
        ),
        rule(
            "backstab_fish.info.hidden",
            kind=RuleKind.INFORMATION,
            statement="Each player sees only their own hand; the stock and every card drawn from it stay "
            "hidden from the others.",
            source=f"{_SEED} (Pembagian Kartu Awal); Go Fish convention",
        ),
        rule(
            "backstab_fish.info.public",
            kind=RuleKind.INFORMATION,
            statement="Laid sets, hand and stock sizes, dealer, turn, scores, the stall count, every ask "
            "and its answer (with the cards handed over) and the size of every draw are public.",
            source=f"{_SEED} (Menempatkan Set Kartu; Respon terhadap Permintaan)",
        ),
        rule(
            "backstab_fish.invariant.card-conservation",
            kind=RuleKind.CONSERVATION,
            statement="Hands, stock and laid sets together always hold exactly the deck, each copy once.",
            source="derived",
        ),
        rule(
            "backstab_fish.invariant.rank-multiples",
            kind=RuleKind.CONSERVATION,
            statement="For every rank the cards in laid sets are a multiple of four, and so are the cards "
            "outside them.",
            source="derived",
        ),
        rule(
            "backstab_fish.invariant.empty-hand-empty-stock",
            kind=RuleKind.PROCEDURE,
            statement="While play goes on a hand is empty only if the stock is, and the player to act holds a card.",
            source="derived",
        ),
        rule(
            "backstab_fish.invariant.monotone",
            kind=RuleKind.PROCEDURE,
            statement="The stock never grows, laid sets and scores never shrink, and a productive turn "
            "shrinks the stock or adds a set.",
            source="derived",
        ),
        rule(
            "backstab_fish.invariant.legal-set-nonempty",
            kind=RuleKind.LEGALITY,
            statement="Until the game ends the player to act always has a legal ask, and laying nothing is "
            "always a legal lay-down.",
            source="derived",
        ),
        rule(
            "backstab_fish.invariant.end-state",
            kind=RuleKind.SCORING,
            statement="After an all-empty end, or a sole-holder end with the final lay-down, every card is in "
            "a laid set and the scores add up to D/4; after a stall end to at most D/4.",
            source="derived",
            options=("final_lay_down",),
        ),
        rule(
            "backstab_fish.invariant.termination",
            kind=RuleKind.PROCEDURE,
            statement="With a finite stall limit K every game ends within (S0 + D/4 + 1) x K turns.",
            source="derived",
            options=("stall_limit",),
        ),
    ],
)

RULES: Final[RuleBook] = _OWN.merged(COMMON_RULES)
"""Backstab Fish's own rules followed by the common rules of the core."""
