"""``cardrules check``, ``explain``, ``position`` and ``judge``: adjudicating records and positions."""

from __future__ import annotations

import argparse
import json
import sys
import typing
from collections.abc import Iterator
from pathlib import Path

from cardrules.games import from_position
from cardrules.records import (
    MAX_RECORD_SIZE,
    CorpusResult,
    CorpusSummary,
    Explanation,
    RecordError,
    RecordText,
    check,
    check_corpus,
    explain,
    format_explanation,
    format_report,
    load_prepared,
    loads_prepared,
    read_jsonl,
    report_to_data,
    write_atomically,
)
from cardrules.records.corpus import Source
from cardrules.records.explain import steps_range
from cardrules.records.files import open_regular_file
from cardrules.records.model import seat_token
from cardrules.records.report import statements
from cardrules.verdict import Verdict

from .common import (
    RECORD_HELP,
    Progress,
    Subcommands,
    jobs_option,
    json_option,
    print_json,
    progress_option,
    read_record,
    record_names,
    record_state,
    say,
    skipped_line,
    step_option,
    workers,
)

__all__ = ["register"]


def _is_json_line(line: bytes) -> bool:
    """Whether ``line`` is a whole JSON object on its own line (so its stream is JSON Lines)."""
    if not line.lstrip().startswith(b"{"):
        return False
    try:
        return isinstance(json.loads(line), dict)
    except ValueError:
        return False


def _stdin() -> tuple[bool, Iterator[RecordText]]:
    """The records of standard input: JSON Lines (``True``, read as they come) or one document.

    Raises:
        RecordError: more blank space than a record may hold comes before the first record.
    """
    stream = sys.stdin.buffer
    first = b""
    number = 0
    blank = 0
    while not first.strip():  # blank lines before the first record, as much as one record may hold
        blank += len(first)
        if blank > MAX_RECORD_SIZE:
            raise RecordError(
                [("document", f"more than {MAX_RECORD_SIZE} bytes (4 MiB) of blank space and no record")],
                "<stdin>",
            )
        first = stream.readline(MAX_RECORD_SIZE + 1)
        number += 1
        if not first:
            return False, iter([RecordText(b"", "<stdin>")])
    if _is_json_line(first):

        def lines() -> Iterator[RecordText]:
            yield RecordText(first, f"<stdin>:{number}")
            yield from read_jsonl(stream, "<stdin>", first_line=number + 1)

        return True, lines()
    rest = stream.read(MAX_RECORD_SIZE + 1 - len(first))
    return False, iter([RecordText(first + rest, "<stdin>")])


def _jsonl_file(name: str) -> Iterator[Source]:
    """The records of the JSON Lines file ``name``, read as needed.

    Only a regular file is opened (a FIFO or a device is refused unread, as
    for any record file): for anything else, and for a file that cannot be
    opened, the name alone is passed on, and checking it says why.
    """
    try:
        stream = open_regular_file(name)
    except (OSError, RecordError):
        yield name  # checking the name says why it cannot be read
        return
    with stream:
        yield from read_jsonl(stream, name)


def _sources(names: list[str], stdin: Iterator[RecordText] | None) -> Iterator[Source]:
    for name in names:
        if name == "-":
            yield from stdin if stdin is not None else _stdin()[1]
        elif name.endswith(".jsonl"):
            yield from _jsonl_file(name)
        else:
            yield name


def _result_data(result: CorpusResult) -> dict[str, object]:
    if result.report is None:
        return {"record": result.source, "error": result.reason}
    return report_to_data(result.report, result.source)


def _cmd_check(args: argparse.Namespace) -> int:
    mode: typing.Literal["lenient", "strict"] = "lenient" if args.lenient else "strict"
    names, skipped = record_names(args.record)
    stdin: Iterator[RecordText] | None = None
    streamed = "-" in names and names.count("-") == 1
    if streamed:
        streamed, stdin = _stdin()
    one = len(args.record) == 1 and names == args.record and not names[0].endswith(".jsonl")
    if one and not streamed:  # one record: its whole report, as always
        # read and checked against its game once (check takes what reading found)
        if stdin is not None:
            prepared = loads_prepared(next(stdin).text, source="<stdin>")
        elif names[0] == "-":
            prepared = loads_prepared(sys.stdin.buffer.read(MAX_RECORD_SIZE + 1), source="<stdin>")
        else:
            prepared = load_prepared(names[0])
        report = check(prepared, mode=mode)
        if args.json:
            print_json(report_to_data(report, names[0]))
        else:
            say(format_report(report, names[0]), lines=True)
        return 0 if report.ok else 1
    # many records: one line each (a JSON Lines object with --json), an unreadable one is a line
    # too and the others go on; progress on standard error; the summary closes the run
    counted = not streamed and not any(name.endswith(".jsonl") for name in names)
    progress = Progress("check", "records", len(names) if counted else None, args.progress)
    summary = CorpusSummary()
    interrupted = False
    with workers(args.jobs) as executor:
        try:
            for result in check_corpus(_sources(names, stdin), mode=mode, executor=executor):
                summary = summary.add(result)
                if args.json:
                    print_json(_result_data(result), lines=True)
                else:
                    say(str(result))
                progress.advance(summary.records)
        except KeyboardInterrupt:  # Ctrl-C: the summary of the records checked so far, then exit 130
            interrupted = True
    progress.close()
    if interrupted:
        print(f"cardrules check: interrupted after {summary.records} records", file=sys.stderr)
    print(summary, file=sys.stderr if args.json else sys.stdout)
    if skipped:
        say(skipped_line(skipped), file=sys.stderr if args.json else sys.stdout)
    return 130 if interrupted else summary.exit_status


def _verdict_data(verdict: Verdict, statements: tuple[tuple[str, str], ...]) -> dict[str, object]:
    return {
        "legal": verdict.legal,
        "rule_ids": list(verdict.rule_ids),
        "reason": verdict.reason,
        "statements": dict(statements),
    }


def _explanation_data(e: Explanation, source: str, future: bool) -> dict[str, object]:
    """``explain --json``: the explanation's fields, seats as tokens, the verdict as in ``check --json``."""
    return {
        "record": source,
        "step": e.step,
        "steps": e.steps,
        "action": e.action,
        "actor": seat_token(e.actor),
        "comment": e.entry.comment,
        "to_act": None if e.to_act is None else seat_token(e.to_act),
        "observation": e.observation,
        "legal_actions": list(e.legal_actions),
        "verdict": _verdict_data(e.verdict, e.statements),
        "skipped": list(e.skipped),
        "played_illegal": list(e.played_illegal),
        "position": e.position_text(future=future),
    }


def _cmd_explain(args: argparse.Namespace) -> int:
    record = read_record(args.record)
    if not 0 <= args.step < len(record.actions):
        raise RecordError(
            [("--step", f"{args.step} is not a step of the record: {steps_range(record.steps)}")],
            args.record,
        )
    explanation = explain(record, args.step)
    if args.json:
        print_json(_explanation_data(explanation, args.record, args.full))
    else:
        say(format_explanation(explanation, future=args.full), lines=True)
    if args.svg is not None or args.html is not None:
        from cardrules.records.dispute import dispute_html, dispute_svg  # draws: loaded only when asked

        for path, page in ((args.svg, dispute_svg), (args.html, dispute_html)):
            if path is not None:
                write_atomically(path, page(explanation, future=args.full))
                say(f"dispute report written to {path}", file=sys.stderr)
    return 0 if explanation.verdict.legal else 1


def _cmd_position(args: argparse.Namespace) -> int:
    state = record_state(args.record, args.step)
    text = state.position(future=args.full)
    if args.json:
        print_json({"record": args.record, "step": args.step, "position": text})
    else:
        say(text)
    return 0


def _cmd_judge(args: argparse.Namespace) -> int:
    text = sys.stdin.read(MAX_RECORD_SIZE + 1) if args.position == "-" else args.position
    state = from_position(text.strip())
    verdict = state.check(args.action)
    game = text.split(maxsplit=1)[0].rstrip(";").lower()
    named = statements(game, verdict.rule_ids)
    if args.json:
        print_json({"action": args.action, **_verdict_data(verdict, named)})
        return 0 if verdict.legal else 1
    say(f"{args.action}: {verdict}")
    for rule, statement in named:
        say(f"  {rule}: {statement}")
    return 0 if verdict.legal else 1


def full_option(parser: argparse.ArgumentParser) -> None:
    """Give ``parser`` the ``--full`` flag: the full position, with the seed and the later deals."""
    parser.add_argument(
        "--full",
        action="store_true",
        help="write the full position, with the seed and the later deals' deck orders (default: the short "
        "form, which leaves out what no step of the current deal depends on)",
    )


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
        help="record files, TOML or JSON, or JSON Lines (.jsonl: one record a line), or directories of "
        "them; - reads standard input (one record, or JSON Lines)",
    )
    json_option(chk, "the report as a JSON object (JSON Lines, one object a line, for several records)")
    chk.add_argument(
        "--lenient",
        action="store_true",
        help="note every illegal step and go on from the game as it was played: a revoke is played as "
        "recorded; a step that cannot be is set aside, or ends the check if the record does not go on "
        "without it (default: stop at the first illegal step)",
    )
    jobs_option(chk)
    progress_option(chk)
    chk.set_defaults(run=_cmd_check)
    exp = sub.add_parser("explain", help="explain one step of a record: what the actor saw, what was legal")
    exp.add_argument("record", metavar="RECORD", help=RECORD_HELP)
    step_option(exp, "the step, counted from 0 like the actions array (step 0 is the first action)")
    exp.add_argument("--svg", type=Path, metavar="FILE", help="write the dispute report as SVG")
    exp.add_argument("--html", type=Path, metavar="FILE", help="write the dispute report as HTML")
    json_option(exp, "the explanation as a JSON object")
    full_option(exp)
    exp.set_defaults(run=_cmd_explain)
    pos = sub.add_parser(
        "position", help="print the position before one step of a record (to pose a dispute)"
    )
    pos.add_argument("record", metavar="RECORD", help=RECORD_HELP)
    step_option(pos, "the step, counted from 0 (the position before it); the number of steps: the last")
    json_option(pos, "the position as a JSON object (with the record and the step)")
    full_option(pos)
    pos.set_defaults(run=_cmd_position)
    judge = sub.add_parser(
        "judge", help="judge one action in a position: exit 0 legal, 1 illegal, 2 unreadable input"
    )
    judge.add_argument("position", metavar="POSITION", help="the position text (- reads standard input)")
    judge.add_argument("action", metavar="ACTION", help="the action, such as 'p1 play 9H'")
    json_option(judge, "the verdict as a JSON object")
    judge.set_defaults(run=_cmd_judge)
