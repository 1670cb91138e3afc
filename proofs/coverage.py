"""Which legality and scoring rules have their engine code proved over all inputs, and what stands in if not.

A *code claim* is a claim whose name has ``/code-`` in it: it calls or runs
the engine's own function (never a model of it) and proves it equal to the
model's statement for every input of its domain. :data:`GAPS` lists, for each
rule of kind legality or scoring that no code claim covers, or covers only in
part, why not and which bounded check stands in. :func:`code_coverage` joins
the two for every rule; the traceability page prints it, and a test checks
that every legality and scoring rule of the four rule books is either proved
or has its gap written down here (and that no gap is stale).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Final

from proofs.claims import Claim

__all__ = ["GAPS", "CodeCoverage", "Gap", "code_claims", "code_coverage"]


@dataclass(frozen=True, slots=True)
class Gap:
    """Why a rule's code is not (or not wholly) proved over all inputs, and what checks it instead.

    Attributes:
        reason: why there is no proof over the code (or what part it leaves out).
        bounded: the checks that stand in (model claims, refinement and marked tests).
    """

    reason: str
    bounded: str


@dataclass(frozen=True, slots=True)
class CodeCoverage:
    """One rule's code proofs: the code claims naming it, and its gap if any."""

    rule_id: str
    claims: tuple[str, ...]
    gap: Gap | None

    @property
    def status(self) -> str:
        """``proved`` (code claims, no gap), ``partly proved`` (both) or ``not proved`` (a gap only)."""
        if self.claims and self.gap is None:
            return "proved"
        return "partly proved" if self.claims else "not proved"


_DOOR: Final = Gap(
    "Decided at the state's door, StateBase.check in cardrules/state_base.py (whether the game is over, "
    "whose turn it is, whether the action text reads and names held cards): a dispatch on the state and "
    "the action's type, not a pure function of small values.",
    "Marked tests on every game (tests/core/test_apply_agrees_with_check.py, the lenient and hostile "
    "input tests) and the behaviour digest over seeded games under every option.",
)

_COMPOSED: Final = (
    "An invariant of the whole game, not one function: it follows from the code claims of the functions "
    "it is made of together with the model claim that proves it over the model's state machine."
)

_MELD_STEP: Final = Gap(
    "Judged by the meld step (fildinski/meld_step.py, meld_conditions.py, meld_search.py, dix.py) on a "
    "MeldView of the state: the won piles, the meld history and which copy each meld used, sets of up to "
    "64 physical cards with the history of earlier steps; not small values a runner can take symbolically.",
    "The model claims fildinski/meld-bound, meld-bound-fresh-card, meld-per-step, dix-once and "
    "bezique-pair; the stateful and refinement tests on sampled games; the meld tests of tests/fildinski.",
)

_EXCHANGE: Final = Gap(
    "Judged on the state by the exchange phase (auction outcome, monte, hands, lay-aways) through its "
    "row of the state's action table, not by a pure function of small values.",
    "The model claim calabresella/card-conservation over every exchange of every contract and raise; "
    "the refinement tests and the exchange tests of tests/calabresella on sampled hands.",
)

GAPS: Final[Mapping[str, Gap]] = MappingProxyType(
    {
        # -- Félagsvist
        "felagsvist.invariant.legal-set-nonempty": Gap(
            _COMPOSED,
            "felagsvist/code-legal-set (playable is the stated legal set for every hand and trick) with the "
            "model claim felagsvist/legal-set-nonempty; the refinement tests on sampled games.",
        ),
        "felagsvist.invariant.deal-score-sum": Gap(
            _COMPOSED,
            "felagsvist/code-deal-scores (every input) with the model claim felagsvist/deal-score-sum.",
        ),
        "felagsvist.invariant.game-total": Gap(
            _COMPOSED,
            "felagsvist/code-deal-scores and felagsvist/code-totals (every input) with the model claim "
            "felagsvist/game-total.",
        ),
        # -- Fildinski
        "fildinski.play.free-play": Gap(
            "No condition to prove: while the stock lasts legal_mask returns the hand as it is, inside a "
            "function of the whole state.",
            "The model claim fildinski/stock-phase-free-play; the refinement tests compare the engine's "
            "legal set with the model's on every sampled state.",
        ),
        "fildinski.meld.who-and-when": _MELD_STEP,
        "fildinski.meld.from-won-cards": _MELD_STEP,
        "fildinski.meld.per-step": _MELD_STEP,
        "fildinski.meld.copy-choice": _MELD_STEP,
        "fildinski.dix.exchange": _MELD_STEP,
        "fildinski.dix.once": _MELD_STEP,
        "fildinski.endgame.no-melding": _MELD_STEP,
        "fildinski.game.score-sheet": Gap(
            "The totals are added inside the end-of-deal transition of the state, not by a function of "
            "their own (seat_totals, the deal score, is proved).",
            "The position reader's score-sheet checks and the golden records' totals.",
        ),
        # -- Calabresella
        "calabresella.scoring.last-trick": Gap(
            "bidder_thirds adds the bonus to mask_thirds, whose loop over the 24 valued cards branches "
            "2^24 ways on a symbolic pile; mask_thirds of each single card is proved.",
            "The model claim calabresella/hand-total over every split of the deck; the refinement tests.",
        ),
        "calabresella.scoring.hand-total": Gap(
            "A fact about the whole deck and the settlement; the pile sums go through mask_thirds (see "
            "calabresella.scoring.last-trick).",
            "The model claim calabresella/hand-total; calabresella/code-count proves the opponents' points "
            "are those of 35 minus the bidder's thirds.",
        ),
        "calabresella.scoring.monte": Gap(
            "The monte is handed to the last trick's side inside the play's last transition, on the state.",
            "The model claims calabresella/hand-total and card-conservation; the refinement tests.",
        ),
        "calabresella.exchange.called-in-monte": _EXCHANGE,
        "calabresella.exchange.discard": _EXCHANGE,
        "calabresella.exchange.solissimo": _EXCHANGE,
        "calabresella.exchange.dividete": _EXCHANGE,
        "calabresella.exchange.scegliete": _EXCHANGE,
        # -- Backstab Fish
        "backstab_fish.score.winners": Gap(
            "winners is proved for 4 and 5 players; its lines do not depend on the number of players, but "
            "its paths double with each comparison (2^19 for 10 players).",
            "The model claim backstab_fish/end-total; the scoring tests and whole sampled games for 6 to 10 "
            "players.",
        ),
        "backstab_fish.end.final-lay-down": Gap(
            "The final lay-down runs inside the end of the game on every seat's hand (a state transition); "
            "the sets it lays are sets_in's, proved in backstab_fish/code-lay-down.",
            "The model claim backstab_fish/end-total; the end-of-game tests.",
        ),
        "backstab_fish.invariant.legal-set-nonempty": Gap(
            _COMPOSED,
            "backstab_fish/code-ask (every ask condition) with the model claim "
            "backstab_fish/legal-set-nonempty.",
        ),
        "backstab_fish.invariant.end-state": Gap(
            _COMPOSED,
            "backstab_fish/code-scores and code-lay-down with the model claim backstab_fish/end-total.",
        ),
        # -- every game
        "common.turn.player-to-act": _DOOR,
        "common.cards.held": _DOOR,
        "common.action.known": _DOOR,
    }
)
"""The legality and scoring rules whose code is not wholly proved over all inputs, with the reason."""


def code_claims(claims: Iterable[Claim]) -> tuple[Claim, ...]:
    """The claims about the engine's own code (``/code-`` in the name)."""
    return tuple(claim for claim in claims if "/code-" in claim.name)


def code_coverage(rule_ids: Iterable[str], claims: Iterable[Claim]) -> tuple[CodeCoverage, ...]:
    """For each rule id, the code claims that prove it and its gap, in the order given."""
    by_rule: dict[str, list[str]] = {}
    for claim in code_claims(claims):
        for rule in claim.rule_ids:
            by_rule.setdefault(rule, []).append(claim.name)
    return tuple(CodeCoverage(rule, tuple(by_rule.get(rule, ())), GAPS.get(rule)) for rule in rule_ids)
