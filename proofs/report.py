"""The results of the proofs as a text table or as JSON.

:func:`render_table` is what ``python -m proofs`` prints; :func:`render_json`
is its ``--json`` output.
"""

from __future__ import annotations

import json
from collections.abc import Sequence

from proofs.claims import Report, Result

__all__ = ["render_json", "render_table"]


def _verdict(report: Report) -> str:
    return "PASS" if report.passed else "FAIL"


def _wrong_outcome(report: Report) -> str:
    if report.wrong is None:
        return "missing"
    if report.expect_counterexample:
        return f"{report.wrong.outcome} (expected proved)"
    return report.wrong.outcome


def _claim_outcome(report: Report) -> str:
    if report.expect_counterexample:
        return f"{report.claim.outcome} (expected refuted)"
    return report.claim.outcome


def render_table(reports: Sequence[Report], *, total_seconds: float, verbose: bool = False) -> str:
    """The results as a text table, with the counterexample of every failure.

    With ``verbose``, also the counterexample that refutes each wrong companion.
    """
    header = ("claim", "rule ids", "claim", "wrong companion", "seconds", "")
    rows: list[tuple[str, str, str, str, str, str]] = [header]
    for report in reports:
        ids = report.claim.rule_ids
        rows.append(
            (
                report.claim.name,
                ids[0],
                _claim_outcome(report),
                _wrong_outcome(report),
                f"{report.seconds:.3f}",
                _verdict(report),
            )
        )
        rows.extend(("", extra, "", "", "", "") for extra in ids[1:])
    widths = [max(len(row[i]) for row in rows) for i in range(len(header))]

    def line(row: tuple[str, str, str, str, str, str]) -> str:
        cells = [cell.ljust(width) for cell, width in zip(row, widths, strict=True)]
        cells[4] = row[4].rjust(widths[4])
        return "  ".join(cells).rstrip()

    out = [line(rows[0]), "  ".join("-" * width for width in widths)]
    out.extend(line(row) for row in rows[1:])
    failed = [report for report in reports if not report.passed]
    out.append("")
    out.append(
        f"{len(reports)} claims: {len(reports) - len(failed)} passed, {len(failed)} failed, "
        f"in {total_seconds:.2f} s"
    )
    for report in reports:
        details = _details(report, verbose=verbose)
        if details:
            out.append("")
            out.extend(details)
    return "\n".join(out)


def _details(report: Report, *, verbose: bool) -> list[str]:
    if report.expect_counterexample:
        return _witness_details(report)
    lines: list[str] = []
    claim, wrong = report.claim, report.wrong
    if not claim.proved:
        lines.append(f"FAIL {claim.name}: the claim is {claim.outcome}")
        if report.statement:
            lines.append(f"  claim: {report.statement}")
        if claim.counterexample:
            lines.extend(_indent("counterexample: ", claim.counterexample))
        elif claim.reason:
            lines.append(f"  z3 gave up: {claim.reason}")
    if wrong is None:
        lines.append(f"FAIL {claim.name}: no wrong companion, so the proof is not shown able to fail")
    elif not wrong.refuted:
        lines.append(f"FAIL {claim.name}: its wrong companion {wrong.name} was {wrong.outcome}, not refuted")
        if report.wrong_statement:
            lines.append(f"  wrong companion: {report.wrong_statement}")
    elif verbose:
        lines.append(f"{claim.name}: wrong companion {wrong.name} refuted")
        if report.wrong_statement:
            lines.append(f"  wrong claim: {report.wrong_statement}")
        lines.extend(_indent("counterexample: ", wrong.counterexample or ""))
    return lines


def _witness_details(report: Report) -> list[str]:
    """A claim expected to be refuted: its counterexample is always shown, since it is the result."""
    claim, wrong = report.claim, report.wrong
    lines: list[str] = []
    if claim.refuted:
        lines.append(f"{claim.name}: refuted, as expected (the counterexample is the result)")
    else:
        lines.append(f"FAIL {claim.name}: expected to be refuted, but it was {claim.outcome}")
        if claim.reason:
            lines.append(f"  z3 gave up: {claim.reason}")
    if report.statement:
        lines.append(f"  claim: {report.statement}")
    if claim.counterexample:
        lines.extend(_indent("counterexample: ", claim.counterexample))
    if wrong is None:
        lines.append(f"FAIL {claim.name}: no companion, so the search is not shown able to come up empty")
    elif not wrong.proved:
        lines.append(f"FAIL {claim.name}: its companion {wrong.name} was {wrong.outcome}, not proved")
        if report.wrong_statement:
            lines.append(f"  companion: {report.wrong_statement}")
        if wrong.counterexample:
            lines.extend(_indent("counterexample: ", wrong.counterexample))
    return lines


def _indent(label: str, text: str) -> list[str]:
    first, *rest = text.splitlines() or [""]
    pad = " " * (2 + len(label))
    return [f"  {label}{first}", *(pad + line for line in rest)]


def _result_json(result: Result) -> dict[str, object]:
    return {
        "name": result.name,
        "rule_ids": list(result.rule_ids),
        "outcome": result.outcome,
        "proved": result.proved,
        "seconds": round(result.seconds, 4),
        "counterexample": result.counterexample,
        "reason": result.reason or None,
    }


def render_json(reports: Sequence[Report], *, total_seconds: float) -> str:
    """The results as a JSON document (one object per claim, with its wrong companion)."""
    claims = []
    for report in reports:
        entry = _result_json(report.claim)
        entry["statement"] = report.statement
        entry["passed"] = report.passed
        entry["expected"] = "refuted" if report.expect_counterexample else "proved"
        wrong = None
        if report.wrong is not None:
            wrong = _result_json(report.wrong)
            wrong["statement"] = report.wrong_statement
        entry["wrong"] = wrong
        claims.append(entry)
    document = {
        "passed": all(report.passed for report in reports),
        "seconds": round(total_seconds, 3),
        "claims": claims,
    }
    return json.dumps(document, indent=2, ensure_ascii=False)
