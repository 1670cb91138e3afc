"""``cardrules check``, ``explain``, ``position`` and ``judge``: adjudicating records and positions."""

from __future__ import annotations

import argparse
import json
import sys
import typing
from pathlib import Path

from cardrules.errors import CardRulesError
from cardrules.games import from_position
from cardrules.records import (
    MAX_RECORD_SIZE,
    RecordError,
    check,
    explain,
    format_explanation,
    format_report,
    report_to_data,
    write_atomically,
)
from cardrules.records.explain import steps_range
from cardrules.records.replay import initial_state, steps
from cardrules.records.report import statements
from cardrules.records.validate import prepare

from .common import RECORD_HELP, Subcommands, read_record, record_names, step_option

__all__ = ["register"]


def _cmd_check(args: argparse.Namespace) -> int:
    mode: typing.Literal["lenient", "strict"] = "lenient" if args.lenient else "strict"
    names = record_names(args.record)
    if len(args.record) == 1 and names == args.record:  # one file: its report, as always
        report = check(read_record(args.record[0]), mode=mode)
        if args.json:
            print(json.dumps(report_to_data(report, args.record[0]), indent=2, ensure_ascii=False))
        else:
            print(format_report(report, args.record[0]))
        return 0 if report.ok else 1
    # several records: each report in turn (JSON Lines with --json), a record that cannot be
    # read is one line and the others go on, and a summary closes the run
    ok = findings = unreadable = 0
    for name in names:
        try:
            report = check(read_record(name), mode=mode)
        except (CardRulesError, OSError) as error:
            unreadable += 1
            reason = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
            if args.json:
                print(json.dumps({"record": name, "error": reason}, ensure_ascii=False))
            else:
                print(f"{name}: unreadable: {reason}")
            continue
        if report.ok:
            ok += 1
        else:
            findings += 1
        if args.json:
            print(json.dumps(report_to_data(report, name), ensure_ascii=False))
        else:
            print(format_report(report, name))
    summary = f"{len(names)} records: {ok} ok, {findings} with findings, {unreadable} unreadable"
    print(summary, file=sys.stderr if args.json else sys.stdout)
    if unreadable or not names:
        return 2
    return 1 if findings else 0


def _cmd_explain(args: argparse.Namespace) -> int:
    record = read_record(args.record)
    if not 0 <= args.step < len(record.actions):
        raise RecordError(
            [("--step", f"{args.step} is not a step of the record: {steps_range(record.steps)}")],
            args.record,
        )
    explanation = explain(record, args.step)
    print(format_explanation(explanation))
    if args.svg is not None or args.html is not None:
        from cardrules.records.dispute import dispute_html, dispute_svg  # draws: loaded only when asked

        for path, page in ((args.svg, dispute_svg), (args.html, dispute_html)):
            if path is not None:
                write_atomically(path, page(explanation))
                print(f"dispute report written to {path}", file=sys.stderr)
    return 0 if explanation.verdict.legal else 1


def _cmd_position(args: argparse.Namespace) -> int:
    record = read_record(args.record)
    total = len(record.actions)
    if not 0 <= args.step <= total:
        raise RecordError(
            [
                (
                    "--step",
                    f"{args.step} is not a step of the record: {steps_range(total)} (or {total}: the end)",
                )
            ],
            args.record,
        )
    prepared = prepare(record)
    state = initial_state(prepared)
    for taken in steps(prepared):
        if taken.number == args.step:
            break
        state = taken.after
    print(state.position())
    return 0


def _cmd_judge(args: argparse.Namespace) -> int:
    text = sys.stdin.read(MAX_RECORD_SIZE + 1) if args.position == "-" else args.position
    state = from_position(text.strip())
    verdict = state.check(args.action)
    print(f"{args.action}: {verdict}")
    game = text.split(maxsplit=1)[0].rstrip(";").lower()
    for rule, statement in statements(game, verdict.rule_ids):
        print(f"  {rule}: {statement}")
    return 0 if verdict.legal else 1


def register(sub: Subcommands) -> None:
    """Add the ``check``, ``explain``, ``position`` and ``judge`` subcommands to ``sub``."""
    chk = sub.add_parser(
        "check",
        help="adjudicate a recorded game: exit 0 all legal, 1 a finding, 2 unreadable input",
    )
    chk.add_argument(
        "record",
        metavar="RECORD",
        nargs="+",
        help="record files, TOML or JSON (- reads standard input), or directories of them",
    )
    chk.add_argument(
        "--json",
        action="store_true",
        help="print the report as a JSON object (one object a line for several records)",
    )
    chk.add_argument(
        "--lenient",
        action="store_true",
        help="note every illegal step and go on (default: stop at the first)",
    )
    chk.set_defaults(run=_cmd_check)
    exp = sub.add_parser("explain", help="explain one step of a record: what the actor saw, what was legal")
    exp.add_argument("record", metavar="RECORD", help=RECORD_HELP)
    step_option(exp, "the step, counted from 0 like the actions array (step 0 is the first action)")
    exp.add_argument("--svg", type=Path, metavar="FILE", help="write the dispute report as SVG")
    exp.add_argument("--html", type=Path, metavar="FILE", help="write the dispute report as HTML")
    exp.set_defaults(run=_cmd_explain)
    pos = sub.add_parser(
        "position", help="print the position before one step of a record (to pose a dispute)"
    )
    pos.add_argument("record", metavar="RECORD", help=RECORD_HELP)
    step_option(pos, "the step, counted from 0 (the position before it); the number of steps: the last")
    pos.set_defaults(run=_cmd_position)
    judge = sub.add_parser(
        "judge", help="judge one action in a position: exit 0 legal, 1 illegal, 2 unreadable input"
    )
    judge.add_argument("position", metavar="POSITION", help="the position text (- reads standard input)")
    judge.add_argument("action", metavar="ACTION", help="the action, such as 'p1 play 9H'")
    judge.set_defaults(run=_cmd_judge)
