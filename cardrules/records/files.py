"""Reading and writing records: text and files, TOML or JSON, with a size limit.

:func:`loads` and :func:`load` read either form (a document whose first
non-blank character is ``{`` is JSON, anything else TOML, unless the form is
given; a file's name does not matter) and return the record in canonical form. :func:`dumps` and
:func:`dump` check the record against its game first and write only the
canonical form, so ``dumps(loads(text)) == text`` for every canonical text.
:func:`dump` writes atomically: to a temporary file in the same directory,
then renamed over the target, so no reader ever sees half a record.

Input larger than :data:`MAX_RECORD_SIZE` is refused before it is parsed.
"""

from __future__ import annotations

import os
import secrets
from pathlib import Path
from typing import Final, Literal, Protocol

from cardrules.records.errors import RecordError
from cardrules.records.json_form import dumps_json, loads_json
from cardrules.records.model import Record
from cardrules.records.toml_form import dumps_toml, loads_toml
from cardrules.records.validate import prepare

__all__ = [
    "MAX_RECORD_SIZE",
    "FilePath",
    "Form",
    "dump",
    "dumps",
    "form_of",
    "load",
    "loads",
    "write_atomically",
]

MAX_RECORD_SIZE: Final = 16 * 1024 * 1024
"""The largest record read, in bytes of a file (or characters of a string): 16 MiB.

A complete Félagsvist game of 624 steps takes about 16 KiB, so the limit
leaves room for long comments and long games while refusing runaway input.
"""

Form = Literal["toml", "json"]
"""A record's written form."""


class FilePath(Protocol):
    """A file name that is not a plain string, such as a ``pathlib.Path``: anything ``os.fspath`` reads."""

    def __fspath__(self) -> str: ...


def _where(text: str, offset: int) -> str:
    line = text.count("\n", 0, offset) + 1
    column = offset - (text.rfind("\n", 0, offset) + 1) + 1
    return f"line {line}, column {column}"


def _text(data: str | bytes, source: str | None) -> str:
    """The text of a record: size-checked, decoded as UTF-8, without a byte-order mark."""
    if len(data) > MAX_RECORD_SIZE:
        unit = "bytes" if isinstance(data, bytes) else "characters"
        raise RecordError(
            [("document", f"the record is larger than the limit of {MAX_RECORD_SIZE} {unit} (16 MiB)")],
            source,
        )
    if isinstance(data, bytes):
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as error:
            where = _where(data[: error.start].decode("utf-8", "replace"), error.start)
            raise RecordError([(where, "the record is not UTF-8 text")], source) from None
    else:
        text = data
        try:
            text.encode("utf-8")
        except UnicodeEncodeError as error:
            raise RecordError(
                [(_where(text, error.start), "the text holds a lone surrogate, which is not Unicode text")],
                source,
            ) from None
    return text.removeprefix("\ufeff")


def form_of(name: str | FilePath) -> Form | None:
    """The form a file name says (``.json`` or ``.toml``), or ``None``."""
    suffix = Path(name).suffix.lower()
    if suffix == ".json":
        return "json"
    if suffix == ".toml":
        return "toml"
    return None


def loads(data: str | bytes, *, form: Form | None = None, source: str | None = None) -> Record:
    """Read a record from text (or UTF-8 bytes), TOML or JSON.

    Args:
        data: the record's text.
        form: ``"toml"`` or ``"json"``; by default a text whose first
            non-blank character is ``{`` is JSON, any other TOML.
        source: where the text came from, for messages.

    Returns:
        The record in canonical form.

    Raises:
        RecordError: too large, not text, not TOML or JSON, or problems with
            the record, each with its location.
    """
    text = _text(data, source)
    chosen = form if form is not None else ("json" if text.lstrip().startswith("{") else "toml")
    if chosen == "json":
        return loads_json(text, source=source)
    return loads_toml(text, source=source)


def load(path: str | FilePath, *, form: Form | None = None) -> Record:
    """Read a record from a file; the form is ``form``, or else the content says (as for :func:`loads`).

    Raises:
        RecordError: as :func:`loads`, with the file name as the source.
        OSError: the file cannot be read.
    """
    name = os.fspath(path)
    with open(name, "rb") as handle:
        data = handle.read(MAX_RECORD_SIZE + 1)
    return loads(data, form=form, source=name)


def dumps(record: Record, *, form: Form = "toml") -> str:
    """The canonical text of ``record`` in the given form, after checking it against its game.

    Raises:
        RecordError: the record does not fit its game (nothing is written).
    """
    canonical = prepare(record).record
    return dumps_json(canonical) if form == "json" else dumps_toml(canonical)


def write_atomically(path: str | FilePath, text: str) -> None:
    """Write ``text`` (UTF-8) to ``path`` so that no reader ever sees a partial file.

    The text goes to a new temporary file in the same directory (created with
    the usual permissions), which then replaces ``path`` in one step; on
    failure the temporary file is removed and ``path`` is left as it was.
    """
    target = Path(path)
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)
    while True:
        temporary = target.with_name(f".{target.name}.{secrets.token_hex(6)}.tmp")
        try:
            handle = os.open(temporary, flags, 0o666)
        except FileExistsError:  # pragma: no cover - a 48-bit name collision
            continue
        break
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(text.encode("utf-8"))
            out.flush()
            os.fsync(out.fileno())
        os.replace(temporary, target)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise


def dump(record: Record, path: str | FilePath, *, form: Form | None = None) -> None:
    """Write ``record`` to a file in canonical form, atomically.

    The form is ``form``, else the one the suffix says, else TOML.

    Raises:
        RecordError: the record does not fit its game (no file is touched).
        OSError: the file cannot be written.
    """
    chosen = form if form is not None else (form_of(path) or "toml")
    write_atomically(path, dumps(record, form=chosen))
