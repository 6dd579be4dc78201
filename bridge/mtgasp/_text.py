"""Text safety: which strings clingo can carry, control characters escaped, long values shortened.

A clingo ``String`` is a C string: a NUL byte ends it early, and a lone surrogate cannot be
encoded. Control characters in a name could forge lines or colours on a terminal; mtgasp refuses
them as input and escapes any that reach its text output.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence

__all__ = [
    "error_text",
    "escape",
    "invisible_note",
    "is_text",
    "name_problem",
    "nearest",
    "quote",
    "reason",
]

#: The longest line of an error message printed whole (a list of a board's names may be long).
_MAX_ERROR_LINE = 1000

#: C0 controls except tab and newline, DEL, C1 controls, lone surrogates: escaped in text output.
_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\ud800-\udfff]")
#: Every control character, and lone surrogates: refused in names.
_BAD_IN_NAME = re.compile("[\x00-\x1f\x7f-\x9f\ud800-\udfff]")
#: The Unicode categories of characters that show nothing: format characters (a zero-width
#: space, a right-to-left override) and line and paragraph separators.
_INVISIBLE = ("Cf", "Zl", "Zp")


def escape(text: str) -> str:
    """``text`` with each control character (tab and newline excepted) and lone surrogate as
    ``\\xNN`` or ``\\uNNNN``, so that printing it can neither fail nor drive the terminal."""
    return _CONTROL.sub(_escaped, text)


def _escaped(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code <= 0xFF else f"\\u{code:04x}"


def is_text(text: str) -> bool:
    """Whether ``text`` is text UTF-8 can carry: bytes that are not UTF-8 reach Python as lone
    surrogates (a command-line argument, PEP 383), which no name, id or file of a board can hold
    and SQLite can't be asked for."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def error_text(message: str) -> str:
    """An error message for stderr: escaped, each line cut to _MAX_ERROR_LINE characters (with
    its length said), so that no error echoes a whole file or a megabyte-long name."""
    lines = []
    for line in escape(message).split("\n"):
        if len(line) > _MAX_ERROR_LINE:
            line = f"{line[:_MAX_ERROR_LINE]}... (line cut: {len(line)} characters)"
        lines.append(line)
    return "\n".join(lines)


def name_problem(name: str) -> str | None:
    """Why ``name`` cannot be a name (player, id, card, team, counter), or None if it can."""
    bad = _BAD_IN_NAME.search(name)
    if bad is None:
        return None
    char = bad.group()
    if char == "\x00":
        what = "a NUL byte"
    elif "\ud800" <= char <= "\udfff":
        what = f"a lone surrogate (U+{ord(char):04X}, not a character)"
    else:
        what = f"the control character U+{ord(char):04X}"
    return f"contains {what} at position {bad.start()}; names must be printable text"


def reason(exc: BaseException) -> str:
    """Why an exception happened, in words: a system error's own sentence ("No such file or
    directory"), never Python's ``[Errno 2] ...: 'path'``."""
    if isinstance(exc, OSError) and exc.strerror:
        return exc.strerror
    return str(exc)


def quote(value: object, limit: int = 60) -> str:
    """``value`` quoted for an error message (strings in quotes, other values as Python writes
    them): control characters escaped, at most ``limit`` characters of it, with the full length
    said when it is cut."""
    text = value if isinstance(value, str) else repr(value)
    shown = escape(text[:limit]).replace("\n", "\\n").replace("\t", "\\t")
    shown = "".join(
        f"\\u{ord(c):04x}" if unicodedata.category(c) in _INVISIBLE else c for c in shown
    )
    mark = "'" if isinstance(value, str) else ""
    if len(text) > limit:
        return f"{mark}{shown}...{mark} ({len(text)} characters)"
    return f"{mark}{shown}{mark}"


def invisible_note(text: str) -> str:
    """ " (it holds the invisible character U+200B ZERO WIDTH SPACE at position 7)" for the
    first character of ``text`` that shows nothing (:func:`quote` writes it as ``\\u200b``),
    or nothing."""
    for position, char in enumerate(text):
        if unicodedata.category(char) in _INVISIBLE:
            name = unicodedata.name(char, "unnamed")
            return (
                f" (it holds the invisible character U+{ord(char):04X} {name} at position "
                f"{position})"
            )
    return ""


def nearest(word: str, candidates: Sequence[str]) -> str:
    """ " (did you mean 'x'?)" for the candidates closest to ``word``, or nothing."""
    if len(word) > 100:
        return ""
    by_folded = {c.casefold(): c for c in candidates}
    import difflib  # (here: ``mtgasp --version`` needs no difflib)

    close = difflib.get_close_matches(word.casefold(), list(by_folded), n=3, cutoff=0.6)
    if not close:
        return ""
    names = " or ".join(f"'{by_folded[c]}'" for c in close)
    return f" (did you mean {names}?)"
