"""Reading and writing records: text and files, TOML or JSON, with a size limit.

:func:`loads` and :func:`load` read either form (a document whose first
non-blank character is ``{`` is JSON, anything else TOML, unless the form is
given; a file's name does not matter) and return the record in canonical form. :func:`dumps` and
:func:`dump` check the record against its game first and write only the
canonical form, so ``dumps(loads(text)) == text`` for every canonical text.
:func:`dump` writes atomically: to a temporary file in the same directory,
then renamed over the target, so no reader ever sees half a record.

Input past a limit of :mod:`cardrules.records.limits` (its size, its
count of lines and commas, its nesting, a key's length or dotted parts) is
refused before it is parsed. :func:`load` reads regular files only: a FIFO,
a device or a directory is refused without being read.
"""

from __future__ import annotations

import os
import secrets
import stat
from pathlib import Path
from typing import BinaryIO, Final, Literal, Protocol

from cardrules.errors import InvalidArgumentError
from cardrules.records.errors import RecordError
from cardrules.records.json_form import dumps_json, json_tree
from cardrules.records.limits import MAX_RECORD_SIZE, scan_text
from cardrules.records.limits import where as _where
from cardrules.records.model import Record
from cardrules.records.toml_form import dumps_toml, toml_tree
from cardrules.records.tree import prepared_from_tree
from cardrules.records.validate import Prepared, prepare
from cardrules.text import echo

__all__ = [
    "MAX_RECORD_SIZE",
    "FilePath",
    "Form",
    "dump",
    "dumps",
    "file_kind",
    "form_of",
    "load",
    "load_prepared",
    "loads",
    "loads_prepared",
    "open_regular_file",
    "read_regular_file",
    "write_atomically",
]

Form = Literal["toml", "json"]
"""A record's written form."""


class FilePath(Protocol):
    """A file name that is not a plain string, such as a ``pathlib.Path``: anything ``os.fspath`` reads."""

    def __fspath__(self) -> str: ...


def _text(data: str | bytes, source: str | None) -> str:
    """The text of a record: size-checked, decoded as UTF-8, without a byte-order mark."""
    if not isinstance(data, (str, bytes)):
        raise InvalidArgumentError(f"a record's text must be a str or bytes, not {echo(data)}")
    if len(data) > MAX_RECORD_SIZE:
        unit = "bytes" if isinstance(data, bytes) else "characters"
        raise RecordError(
            [("document", f"the record is larger than the limit of {MAX_RECORD_SIZE} {unit} (4 MiB)")],
            source,
        )
    if isinstance(data, bytes):
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as error:
            before = data[: error.start].decode("utf-8", "replace")
            where = _where(before, len(before))
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
    text = text.removeprefix("\ufeff")
    scan_text(text, source)
    return text


def _file_name(path: object) -> str:
    """``path`` as a file name (a string, or anything ``os.fspath`` reads that gives one)."""
    try:
        name = os.fspath(path)  # type: ignore[call-overload]
    except TypeError:
        raise InvalidArgumentError(f"a record file is named by a str or a path, not {echo(path)}") from None
    if not isinstance(name, str):
        raise InvalidArgumentError(f"a record file is named by a str or a path, not {echo(name)}")
    return name


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
        InvalidArgumentError: ``data`` is neither a str nor bytes, or ``form``
            is not one of the forms.
    """
    return loads_prepared(data, form=form, source=source).record


def loads_prepared(data: str | bytes, *, form: Form | None = None, source: str | None = None) -> Prepared:
    """Read a record as :func:`loads` does, and keep what checking it against its game found.

    :func:`~cardrules.records.check.check` takes the result (``Prepared``) as it
    takes a record, without checking the record against its game a second
    time: reading and checking a record text this way settles it once.

    Raises:
        RecordError: as :func:`loads`.
    """
    if form not in (None, "toml", "json"):
        raise InvalidArgumentError(f"a record's form is 'toml' or 'json', not {echo(form)}")
    text = _text(data, source)
    chosen = form if form is not None else ("json" if text.lstrip().startswith("{") else "toml")
    tree = json_tree(text, source=source) if chosen == "json" else toml_tree(text, source=source)
    return prepared_from_tree(tree, source=source)


def load_prepared(path: str | FilePath, *, form: Form | None = None) -> Prepared:
    """Read a record file as :func:`load` does, and keep what checking it found (see :func:`loads_prepared`).

    Raises:
        RecordError: as :func:`load`.
        OSError: the file cannot be read.
    """
    name = _file_name(path)
    return loads_prepared(read_regular_file(name, MAX_RECORD_SIZE + 1), form=form, source=name)


def load(path: str | FilePath, *, form: Form | None = None) -> Record:
    """Read a record from a file; the form is ``form``, or else the content says (as for :func:`loads`).

    Raises:
        RecordError: as :func:`loads`, with the file name as the source.
        InvalidArgumentError: ``path`` is not a file name.
        OSError: the file cannot be read.
    """
    name = _file_name(path)
    return loads(read_regular_file(name, MAX_RECORD_SIZE + 1), form=form, source=name)


_KINDS: Final = (
    (stat.S_ISDIR, "a directory"),
    (stat.S_ISFIFO, "a FIFO (named pipe)"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISSOCK, "a socket"),
)


def file_kind(mode: int) -> str:
    """What a file of ``st_mode`` ``mode`` is that is not a regular file: ``"a FIFO (named pipe)"``, ...

    >>> import stat
    >>> file_kind(stat.S_IFCHR)
    'a character device'
    """
    return next((what for test, what in _KINDS if test(mode)), "not a regular file")


_kind = file_kind


def open_regular_file(name: str) -> BinaryIO:
    """The regular file ``name`` opened for reading bytes; anything else is refused unopened (internal).

    The file is opened without blocking (a FIFO put in its place after the
    check cannot hang the reader) and checked again once open. The caller
    closes the stream.

    Raises:
        RecordError: ``name`` is a FIFO, a device, a directory or a socket
            (or a link to one).
        OSError: the file cannot be opened (missing, no permission, a loop of links).
    """
    mode = os.stat(name).st_mode
    if not stat.S_ISREG(mode):
        raise RecordError([("document", f"{_kind(mode)}, not a regular file: not read")], name)
    handle = os.open(name, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    try:
        mode = os.fstat(handle).st_mode
        if not stat.S_ISREG(mode):
            raise RecordError([("document", f"{_kind(mode)}, not a regular file: not read")], name)
        return os.fdopen(handle, "rb")
    except BaseException:
        os.close(handle)
        raise


def read_regular_file(name: str, most: int) -> bytes:
    """At most ``most`` bytes of the regular file ``name``; anything else is refused unread (internal).

    Raises:
        RecordError: ``name`` is a FIFO, a device, a directory or a socket
            (see :func:`open_regular_file`).
        OSError: the file cannot be read (missing, no permission, a loop of links).
    """
    with open_regular_file(name) as stream:
        chunks: list[bytes] = []
        size = 0
        while size < most:
            chunk = stream.read(min(most - size, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        return b"".join(chunks)


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
    data = text.encode("utf-8")
    temporary: Path | None = None
    try:
        while True:
            temporary = target.with_name(f".{target.name}.{secrets.token_hex(6)}.tmp")
            try:
                handle = os.open(temporary, flags, 0o666)
            except FileExistsError:  # pragma: no cover - a 48-bit name collision
                continue
            break
        with os.fdopen(handle, "wb") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temporary, target)
    except BaseException:
        # also on KeyboardInterrupt (Ctrl-C, or SIGTERM in the command line), however early it comes
        if temporary is not None:
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
