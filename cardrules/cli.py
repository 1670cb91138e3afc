"""The ``cardrules`` command.

``cardrules rules GAME [RULE_ID]`` prints a rule book or one rule;
``cardrules options GAME`` lists a game's options;
``cardrules simulate GAME`` plays random legal games, summarizes them and, with
``--record-dir``, writes the record of each; ``cardrules check RECORD``
adjudicates a recorded game; ``cardrules explain RECORD --step N`` explains one
step of it (steps are numbered from 0: step N is the record's actions[N], and
the state shown is the one before it); ``cardrules position RECORD --step N``
prints the position before step N; ``cardrules judge POSITION ACTION`` judges
one action in a position given on the command line; ``cardrules
export-conformance GAME DIR`` writes a conformance kit and ``cardrules check-conformance DIR`` replays one.

Exit status: 0 success (for check: every step legal and every claimed score
right), 1 a finding (an illegal step or a wrong claimed score; for explain and
judge: the action is illegal), 2 bad input (one clear line on stderr, never a
traceback).
"""

from __future__ import annotations

import argparse
import dataclasses
import enum
import json
import os
import random
import statistics
import sys
import time
import typing
from collections.abc import Sequence
from pathlib import Path

from cardrules import __version__
from cardrules.errors import CardRulesError, InvalidOptionError
from cardrules.game import Action, AnyGame, Outcome
from cardrules.games import GAMES, from_position, get_game
from cardrules.options import did_you_mean
from cardrules.records import (
    MAX_RECORD_SIZE,
    Record,
    RecordError,
    check,
    dumps,
    explain,
    format_explanation,
    format_report,
    load,
    loads,
    record_of,
    report_to_data,
    write_atomically,
)
from cardrules.records.explain import steps_range
from cardrules.records.replay import initial_state, steps
from cardrules.records.report import statements
from cardrules.records.validate import prepare
from cardrules.rules import Rule
from cardrules.testing.conformance import export_kit, replay_kit

__all__ = ["main"]


def _parse_options(pairs: Sequence[str]) -> dict[str, object]:
    options: dict[str, object] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name.strip():
            raise InvalidOptionError(pair, f"--option takes NAME=VALUE, not {pair!r}")
        options[name.strip()] = value.strip()
    return options


def _format_rule(rule: Rule) -> str:
    options = ", ".join(rule.options) if rule.options else "none"
    return (
        f"{rule.id}\n  {rule.statement}\n  kind: {rule.kind.value}\n  source: {rule.source}\n"
        f"  options: {options}"
    )


def _cmd_rules(args: argparse.Namespace) -> int:
    game = get_game(args.game)
    if args.rule_id:
        if args.rule_id not in game.rules:
            hint = did_you_mean(args.rule_id, [str(rule.id) for rule in game.rules])
            raise CardRulesError(
                f"{args.game} has no rule {args.rule_id!r}{hint}; see `cardrules rules {args.game}`"
            )
        print(_format_rule(game.rules[args.rule_id]))
        return 0
    for rule in game.rules:
        print(f"{rule.id:45} {rule.kind.value:12} {rule.statement}")
    return 0


def _option_rows(game: AnyGame) -> list[tuple[str, str, str, str]]:
    """Each option of ``game``: its name, default, the values it takes and the rules it changes."""
    kinds = typing.get_type_hints(game.info.options_type)
    defaults = get_game(game.name).options_dict()
    rows = []
    for field in dataclasses.fields(game.info.options_type):
        kind = kinds[field.name]
        if isinstance(kind, type) and issubclass(kind, enum.Enum):
            values = " | ".join(str(member.value) for member in kind)
        elif kind is bool:
            values = "true | false"
        else:
            values = "a whole number"
        rules = ", ".join(str(rule.id) for rule in game.rules if field.name in rule.options) or "-"
        default = defaults[field.name]
        shown = str(default).lower() if isinstance(default, bool) else str(default)
        rows.append((field.name, shown, values, rules))
    return rows


def _cmd_options(args: argparse.Namespace) -> int:
    game = get_game(args.game)
    rows = _option_rows(game)
    if args.json:
        keys = ("name", "default", "values", "rules")
        print(json.dumps([dict(zip(keys, row, strict=True)) for row in rows], indent=2, ensure_ascii=False))
        return 0
    for name, default, values, rules in rows:
        print(f"{name}  (default {default})\n  values: {values}\n  rules: {rules}")
    return 0


def _play_random(
    game: AnyGame, seed: int, rng: random.Random, keep: bool
) -> tuple[Outcome, int, Record | None]:
    state = game.new_game(seed=seed)
    steps = 0
    played: list[Action] = []
    while not state.is_terminal:
        action = rng.choice(state.legal_actions())
        if keep:
            played.append(action)
        state = state.apply(action)
        steps += 1
    if state.legal_actions():
        raise AssertionError(f"game {seed}: a terminal state still has legal actions")
    record = record_of(game, state, played, claimed_scores=state.scores()) if keep else None
    outcome = state.outcome()
    if outcome is None:
        raise AssertionError(f"game {seed}: a terminal state has no outcome")
    return outcome, steps, record


_PROGRESS_SECONDS = 10.0
"""How often ``simulate`` writes a progress line to a standard error that is not a terminal (a CI log)."""


def _cmd_simulate(args: argparse.Namespace) -> int:
    if args.games < 1:
        raise CardRulesError(f"--games takes a positive number, not {args.games}")
    game = get_game(args.game, **_parse_options(args.option))
    rng = random.Random(args.seed)
    record_dir: Path | None = args.record_dir
    if record_dir is not None:
        record_dir.mkdir(parents=True, exist_ok=True)
    bar = sys.stderr.isatty() and args.games >= 50
    outcomes: list[Outcome] = []
    steps = 0
    writing = 0.0  # time spent writing records, left out of the throughput
    start = time.perf_counter()
    next_line = start + _PROGRESS_SECONDS  # without a terminal: a progress line every so often
    interrupted = False
    try:
        for i in range(args.games):
            result, taken, record = _play_random(game, args.seed + i, rng, record_dir is not None)
            outcomes.append(result)
            steps += taken
            if record is not None and record_dir is not None:
                began = time.perf_counter()
                write_atomically(record_dir / f"{game.name}-seed{args.seed + i}.toml", dumps(record))
                writing += time.perf_counter() - began
            if bar and (i + 1) % max(1, args.games // 50) == 0:
                done = (i + 1) * 40 // args.games
                print(f"\r[{'#' * done}{'.' * (40 - done)}] {i + 1}/{args.games}", end="", file=sys.stderr)
            elif not bar and time.perf_counter() >= next_line:
                next_line += _PROGRESS_SECONDS
                print(f"cardrules simulate: {i + 1}/{args.games} games", file=sys.stderr, flush=True)
    except KeyboardInterrupt:  # Ctrl-C: the summary of the games played so far, then exit 130
        interrupted = True
    elapsed = max(time.perf_counter() - start - writing, 1e-9)
    if bar:
        print(file=sys.stderr)
    played = len(outcomes)
    if interrupted:
        print(f"cardrules simulate: interrupted after {played} of {args.games} games", file=sys.stderr)
        if not played:
            return 130
    options = " ".join(f"{k}={v}" for k, v in game.options_dict().items())
    print(f"{played} random legal games of {game.name} (seed {args.seed}; {options})")
    # wins: games the seat won outright (alone, or with its partner); ties: games whose
    # best result it shared with a rival (Outcome.tie), counted apart from the wins
    print(f"{'seat':6} {'mean':>8} {'min':>6} {'max':>6} {'wins':>6} {'ties':>6}")
    for seat in range(game.num_players):
        column = [outcome.scores[seat] for outcome in outcomes]
        wins = sum(1 for o in outcomes if seat in o.winners and not o.tie)
        ties = sum(1 for o in outcomes if o.tie and (seat in o.winners or not o.winners))
        mean = statistics.fmean(column)
        print(f"p{seat:<5} {mean:8.2f} {min(column):6d} {max(column):6d} {wins:6d} {ties:6d}")
    print(
        f"{steps} actions in {elapsed:.2f} s: {played / elapsed:.1f} games/s, "
        f"{steps / elapsed:.0f} actions/s; every game ended with no legal action left"
    )
    if record_dir is not None:
        print(f"{played} records written to {record_dir} in {writing:.2f} s")
    return 130 if interrupted else 0


def _read_record(name: str) -> Record:
    """The record in file ``name`` (``-`` reads standard input)."""
    if name == "-":
        return loads(sys.stdin.buffer.read(MAX_RECORD_SIZE + 1), source="<stdin>")
    return load(name)


_RECORD_SUFFIXES = (".toml", ".json")


def _record_names(given: Sequence[str]) -> list[str]:
    """The record files named: each file as given, and the `.toml` and `.json` files of each directory."""
    names: list[str] = []
    for name in given:
        path = Path(name)
        if name != "-" and path.is_dir():
            names += sorted(str(p) for p in path.iterdir() if p.suffix in _RECORD_SUFFIXES and p.is_file())
        else:
            names.append(name)
    return names


def _cmd_check(args: argparse.Namespace) -> int:
    mode: typing.Literal["lenient", "strict"] = "lenient" if args.lenient else "strict"
    names = _record_names(args.record)
    if len(args.record) == 1 and names == args.record:  # one file: its report, as always
        report = check(_read_record(args.record[0]), mode=mode)
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
            report = check(_read_record(name), mode=mode)
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
    record = _read_record(args.record)
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
    record = _read_record(args.record)
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


def _cmd_export_conformance(args: argparse.Namespace) -> int:
    if args.cases < 1:
        raise CardRulesError(f"--cases takes a positive number, not {args.cases}")
    written = export_kit(
        args.game, args.directory, cases=args.cases, seed=args.seed, options=_parse_options(args.option)
    )
    print(f"{len(written)} {args.game} conformance cases and manifest.json written to {args.directory}")
    return 0


def _cmd_check_conformance(args: argparse.Namespace) -> int:
    problems = replay_kit(args.directory)
    for problem in problems:
        print(problem)
    print("the kit agrees with the reference" if not problems else f"{len(problems)} differences")
    return 0 if not problems else 1


class _Parser(argparse.ArgumentParser):
    """An argument parser whose usage errors are one line on stderr and exit status 2."""

    def error(self, message: str) -> typing.NoReturn:
        self.exit(2, f"{self.prog}: error: {message} (see {self.prog} --help)\n")


_RECORD_HELP = "the record file, TOML or JSON (- reads standard input)"


def _step_option(parser: argparse.ArgumentParser, explained: str) -> None:
    parser.add_argument("--step", type=int, required=True, metavar="N", help=explained)


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="cardrules", description="Rules reference and adjudication for card games.")
    parser.add_argument(
        "--version", action="version", version=f"cardrules {__version__}", help="print the version and exit"
    )
    sub = parser.add_subparsers(dest="command", required=True)
    rules = sub.add_parser("rules", help="print a game's rule book, or one rule")
    rules.add_argument("game", choices=sorted(GAMES))
    rules.add_argument("rule_id", nargs="?")
    rules.set_defaults(run=_cmd_rules)
    opts = sub.add_parser("options", help="list a game's options: default, values, the rules each changes")
    opts.add_argument("game", choices=sorted(GAMES))
    opts.add_argument("--json", action="store_true", help="print the options as a JSON array")
    opts.set_defaults(run=_cmd_options)
    sim = sub.add_parser("simulate", help="play random legal games and summarize them")
    sim.add_argument("game", choices=sorted(GAMES))
    sim.add_argument("--games", type=int, default=100, help="how many games (default 100)")
    sim.add_argument("--seed", type=int, default=0, help="seed of the deals and the random players")
    sim.add_argument("--option", action="append", default=[], metavar="NAME=VALUE", help="a game option")
    sim.add_argument(
        "--record-dir",
        type=Path,
        metavar="DIR",
        help="write each game's record to DIR as GAME-seedS.toml (created if missing)",
    )
    sim.set_defaults(run=_cmd_simulate)
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
    exp.add_argument("record", metavar="RECORD", help=_RECORD_HELP)
    _step_option(exp, "the step, counted from 0 like the actions array (step 0 is the first action)")
    exp.add_argument("--svg", type=Path, metavar="FILE", help="write the dispute report as SVG")
    exp.add_argument("--html", type=Path, metavar="FILE", help="write the dispute report as HTML")
    exp.set_defaults(run=_cmd_explain)
    pos = sub.add_parser(
        "position", help="print the position before one step of a record (to pose a dispute)"
    )
    pos.add_argument("record", metavar="RECORD", help=_RECORD_HELP)
    _step_option(pos, "the step, counted from 0 (the position before it); the number of steps: the last")
    pos.set_defaults(run=_cmd_position)
    judge = sub.add_parser(
        "judge", help="judge one action in a position: exit 0 legal, 1 illegal, 2 unreadable input"
    )
    judge.add_argument("position", metavar="POSITION", help="the position text (- reads standard input)")
    judge.add_argument("action", metavar="ACTION", help="the action, such as 'p1 play 9H'")
    judge.set_defaults(run=_cmd_judge)
    kit = sub.add_parser(
        "export-conformance",
        help="write a conformance kit: golden cases as JSON for testing another engine",
    )
    kit.add_argument("game", choices=sorted(GAMES))
    kit.add_argument("directory", type=Path, metavar="DIR", help="the kit's directory (created if missing)")
    kit.add_argument("--cases", type=int, default=40, help="how many cases (default 40)")
    kit.add_argument("--seed", type=int, default=0, help="seed of the games the cases come from")
    kit.add_argument("--option", action="append", default=[], metavar="NAME=VALUE", help="a game option")
    kit.set_defaults(run=_cmd_export_conformance)
    replay_kit_cmd = sub.add_parser(
        "check-conformance", help="replay a conformance kit against this version of the reference"
    )
    replay_kit_cmd.add_argument("directory", type=Path, metavar="DIR", help="the kit's directory")
    replay_kit_cmd.set_defaults(run=_cmd_check_conformance)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command with ``argv`` (default: the process arguments); return the exit status."""
    parser = _parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as stop:  # argparse has printed its one-line usage error
        return 2 if stop.code else 0
    try:
        status: int = args.run(args)
    except CardRulesError as error:
        print(f"cardrules: error: {error}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # the reader (say, `head`) stopped reading: not an error
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0
    except OSError as error:  # a record that cannot be read, a directory that cannot be written
        where = f"{error.filename}: " if error.filename else ""
        print(f"cardrules: error: {where}{error.strerror or error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("cardrules: interrupted", file=sys.stderr)
        return 130
    return status


if __name__ == "__main__":
    sys.exit(main())
