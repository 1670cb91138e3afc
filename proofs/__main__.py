"""``python -m proofs``: prove every claim and print a table.

Exits with status 0 when every claim is proved and every wrong companion
refuted, 1 when any is not, and 2 on bad arguments.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence

from proofs import GAMES, claims_for
from proofs.claims import DEFAULT_TIMEOUT_MS, check_all
from proofs.report import render_json, render_table


def main(argv: Sequence[str] | None = None) -> int:
    """Run the proofs; return the exit status."""
    parser = argparse.ArgumentParser(
        prog="python -m proofs",
        description="Prove the rules' invariants with Z3 and refute each claim's wrong companion.",
    )
    parser.add_argument("--game", choices=sorted(GAMES), help="only this game's claims")
    parser.add_argument(
        "--claim",
        action="append",
        metavar="NAME",
        help="only this claim (a name from the table, such as felagsvist/must-follow); may be repeated",
    )
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    parser.add_argument(
        "-v",
        "--verbose",
        action="store_true",
        help="also print the counterexample refuting each wrong companion",
    )
    parser.add_argument(
        "--timeout-ms", type=int, default=DEFAULT_TIMEOUT_MS, help="z3's time limit per claim (milliseconds)"
    )
    args = parser.parse_args(argv)
    claims = claims_for(args.game)
    if args.claim:
        known = {claim.name: claim for claim in claims}
        unknown = [name for name in args.claim if name not in known]
        if unknown:
            parser.error(f"no claim called {', '.join(unknown)}; the claims are {', '.join(known)}")
        claims = tuple(claim for claim in claims if claim.name in args.claim)
    start = time.perf_counter()
    reports = check_all(claims, timeout_ms=args.timeout_ms)
    total = time.perf_counter() - start
    if args.json:
        print(render_json(reports, total_seconds=total))
    else:
        print(render_table(reports, total_seconds=total, verbose=args.verbose))
    return 0 if all(report.passed for report in reports) else 1


if __name__ == "__main__":
    sys.exit(main())
