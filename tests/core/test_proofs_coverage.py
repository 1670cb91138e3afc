"""Every legality and scoring rule has its engine code proved over all inputs, or its gap written down."""

from __future__ import annotations

import importlib
import re

from cardrules.rules import RuleKind
from proofs import GAMES, claims_for
from proofs.coverage import GAPS, code_claims, code_coverage


def _legality_and_scoring() -> list[str]:
    found: dict[str, None] = {}
    for game in GAMES:
        book = importlib.import_module(f"cardrules.games.{game}.rules").RULES
        for rule in book:
            if rule.kind in (RuleKind.LEGALITY, RuleKind.SCORING):
                found[rule.id] = None
    return list(found)


def test_every_legality_and_scoring_rule_is_proved_over_its_code_or_says_why_not() -> None:
    rules = _legality_and_scoring()
    missing = [
        item.rule_id for item in code_coverage(rules, claims_for()) if not item.claims and not item.gap
    ]
    assert not missing, f"no code proof and no gap written down for {missing}"


def test_no_gap_is_stale() -> None:
    rules = set(_legality_and_scoring())
    assert set(GAPS) <= rules, f"gaps for rules that are not legality or scoring rules: {set(GAPS) - rules}"


def test_code_claims_all_read_the_engine() -> None:
    for claim in code_claims(claims_for()):
        module = claim.build.__module__ if hasattr(claim.build, "__module__") else ""
        assert module.startswith("proofs.") and ".code" in module, f"{claim.name} is built in {module}"


def test_statuses() -> None:
    items = {item.rule_id: item for item in code_coverage(_legality_and_scoring(), claims_for())}
    assert items["felagsvist.play.must-follow"].status == "proved"
    assert items["backstab_fish.score.winners"].status == "partly proved"
    assert items["common.cards.held"].status == "not proved"


_CLAIM_NAME = r"\b(?:felagsvist|fildinski|calabresella|backstab_fish)/[a-z-]+"


def test_the_claims_a_gap_names_exist() -> None:
    names = {claim.name for claim in claims_for()}
    for rule, gap in GAPS.items():
        for named in re.findall(
            r"\b(?:felagsvist|fildinski|calabresella|backstab_fish)/[a-z-]+", gap.bounded
        ):
            assert named in names, f"the gap of {rule} names {named}, which is no claim"
