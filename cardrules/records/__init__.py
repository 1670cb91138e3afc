"""Game records: one format for any game of the library, replay, and adjudication.

A record holds a whole game (or the part of it in dispute): the game and its
options, the seats, the first dealer, each deal's deck order and every action
with its actor. It is written as canonical TOML or as JSON with the same
fields; :mod:`cardrules.records.toml_form` shows the layout.

>>> import cardrules
>>> from cardrules import records
>>> game = cardrules.get_game("felagsvist", first_dealer="N")
>>> state, played = game.new_game(seed=5), []
>>> for _ in range(8):
...     action = state.legal_actions()[0]
...     played.append(action)
...     state = state.apply(action)
>>> record = records.record_of(game, state, played)
>>> text = records.dumps(record)
>>> records.loads(text) == record
True
>>> report = records.check(record)
>>> report.ok, report.checked, report.finished
(True, 8, False)

Steps are numbered from 0 everywhere, like the indices of the actions
array: step ``n`` is ``record.actions[n]``, and an error located at
``actions[n]`` is about step ``n``.
"""

from cardrules.records.check import CheckReport, Handling, Mode, Violation, check
from cardrules.records.corpus import (
    CorpusResult,
    CorpusSummary,
    RecordText,
    check_corpus,
    jsonl_line,
    read_jsonl,
    summarize,
)
from cardrules.records.errors import IllegalStepError, RecordError
from cardrules.records.explain import Explanation, explain, format_explanation
from cardrules.records.files import (
    MAX_RECORD_SIZE,
    Form,
    dump,
    dumps,
    load,
    load_prepared,
    loads,
    loads_prepared,
    write_atomically,
)
from cardrules.records.json_form import json_schema
from cardrules.records.model import FORMAT_VERSION, Record, RecordedAction, record_of
from cardrules.records.replay import Step, initial_state, replay, steps
from cardrules.records.report import format_report, report_to_data
from cardrules.records.tree import from_tree, to_tree
from cardrules.records.validate import Prepared, prepare

__all__ = [
    "FORMAT_VERSION",
    "MAX_RECORD_SIZE",
    "CheckReport",
    "CorpusResult",
    "CorpusSummary",
    "Explanation",
    "Form",
    "Handling",
    "IllegalStepError",
    "Mode",
    "Prepared",
    "Record",
    "RecordError",
    "RecordText",
    "RecordedAction",
    "Step",
    "Violation",
    "check",
    "check_corpus",
    "dump",
    "dumps",
    "explain",
    "format_explanation",
    "format_report",
    "from_tree",
    "initial_state",
    "json_schema",
    "jsonl_line",
    "load",
    "load_prepared",
    "loads",
    "loads_prepared",
    "prepare",
    "read_jsonl",
    "record_of",
    "replay",
    "report_to_data",
    "steps",
    "summarize",
    "to_tree",
    "write_atomically",
]
