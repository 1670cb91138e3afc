"""Input text as messages and terminals may show it: cut short, and without control characters.

Small helpers every reader and the command line share:

- :func:`echo` quotes a piece of input for an error message, cut to a few
  dozen characters, so a message never repeats a long input in full;
- :func:`safe_text` replaces the control characters of input text (C0, DEL
  and C1, U+009B included, and the bidirectional controls such as U+202E) by
  visible escapes, so that printing a record's comment or a player's name
  cannot move the cursor, clear the screen, set a window title or turn the
  rest of the line around;
- :func:`markup_text` does the same for SVG and HTML, and escapes the
  markup characters too, so the document stays well-formed XML.

>>> echo("x" * 100, limit=5)
"'xxxxx'... (100 characters)"
>>> safe_text("a\\x1b[2Jb\\u009b")
'a\\\\x1b[2Jb\\\\x9b'
>>> safe_text("two\\nlines", keep_newlines=True)
'two\\nlines'
>>> safe_text("abc\\u202edef")
'abc\\\\u202edef'
>>> markup_text("<b>\\x1b</b>")
'&lt;b&gt;\\\\x1b&lt;/b&gt;'
"""

from __future__ import annotations

import html
import re
from typing import Final

__all__ = ["BIDI_CONTROLS", "MAX_ECHO", "echo", "markup_text", "safe_text", "short_int"]

MAX_ECHO: Final = 40
"""How many characters of a bad input a message repeats by default."""

BIDI_CONTROLS: Final = "\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069"
"""The bidirectional formatting characters, as the body of a regular expression's character class.

The Arabic letter mark, the left-to-right and right-to-left marks, the
embeddings and overrides (U+202A to U+202E) and the isolates (U+2066 to
U+2069): each reorders what a terminal shows after it.
"""
_CONTROL: Final = re.compile(f"[\x00-\x1f\x7f-\x9f{BIDI_CONTROLS}]")
_CONTROL_BUT_NEWLINE: Final = re.compile(f"[\x00-\x09\x0b-\x1f\x7f-\x9f{BIDI_CONTROLS}]")


_NOT_XML: Final = re.compile("[\ud800-\udfff\ufffe\uffff]")
"""Code points that are no characters of XML 1.0, besides the controls."""


def _escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code <= 0xFF else f"\\u{code:04x}"


def safe_text(text: str, *, keep_newlines: bool = False) -> str:
    """``text`` with every control character written as a visible escape.

    The C0 and C1 control characters and DEL become ``\\xNN``; the
    bidirectional formatting characters (U+061C, U+200E, U+200F, U+202A to
    U+202E, U+2066 to U+2069), which reorder what a terminal shows after
    them, become ``\\uNNNN``.

    Args:
        text: text that came from input (a record, a position, a file name).
        keep_newlines: keep line feeds as they are, for output that is several
            lines by design; every other control character is still escaped.
    """
    pattern = _CONTROL_BUT_NEWLINE if keep_newlines else _CONTROL
    return pattern.sub(_escape, text)


def markup_text(text: str, *, quote: bool = True) -> str:
    """``text`` for SVG or HTML: control characters as :func:`safe_text` writes them, ``<&>`` as entities.

    XML 1.0 has no way to hold most control characters, even as character
    references, so they are written as visible escapes, and so are the other
    code points XML refuses (U+FFFE, U+FFFF and lone surrogates); the result
    is well-formed wherever text or a double- or single-quoted attribute may go.

    Args:
        text: text that came from input (a record's comment, a player's name).
        quote: escape ``"`` and ``'`` too, for an attribute value.
    """
    return html.escape(_NOT_XML.sub(_escape, safe_text(text)), quote=quote)


def echo(value: object, *, limit: int = MAX_ECHO) -> str:
    """``value`` quoted for a message (its ``repr``), cut to ``limit`` characters when longer.

    A long text is cut before it is quoted, so the cost does not grow with
    the input; an int with more digits than Python prints is described by
    its digit count instead (:func:`short_int`).
    """
    if isinstance(value, str):
        if len(value) <= limit:
            return repr(value)
        return f"{value[:limit]!r}... ({len(value)} characters)"
    if isinstance(value, int) and not isinstance(value, bool):
        return short_int(value, limit=limit)
    if isinstance(value, bytes):
        if len(value) <= limit:
            return repr(value)
        return f"{value[:limit]!r}... ({len(value)} bytes)"
    if isinstance(value, (float, bool)) or value is None:
        return repr(value)
    return f"a {type(value).__name__}"


def short_int(value: int, *, limit: int = MAX_ECHO) -> str:
    """``value`` in digits when it has at most ``limit`` of them, else a description of its size.

    Never fails, however large the int (Python refuses to print ints of more
    than 4,300 digits).

    >>> short_int(-12), short_int(10**50, limit=10)
    ('-12', 'a whole number of 51 digits')
    """
    bits = abs(value).bit_length()
    if bits <= 3 * limit:  # at most ~0.9 * limit digits: safe and short to print
        return str(value)
    digits = len(str(abs(value))) if bits <= 14_000 else int(bits * 0.30103) + 1
    if digits <= limit:
        return str(value)
    sign = "a negative " if value < 0 else "a "
    about = "" if bits <= 14_000 else "about "
    return f"{sign}whole number of {about}{digits} digits"
