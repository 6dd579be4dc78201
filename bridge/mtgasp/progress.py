"""Progress on stderr for long runs, when stderr is a terminal (never piped, never with --json).

The command line turns it on (:func:`shown`); ``solve/control.py`` says what is being ground and
solved and how many answer sets (courses, boards, orderings graphs) were found so far. One line,
rewritten in place, cleared when the command ends. Off by default: the API prints nothing.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TextIO

__all__ = ["models", "say", "shown"]

#: At most this often (seconds) is the line rewritten while models are counted.
_EVERY = 0.2

_stream: TextIO | None = None
_last = 0.0


@contextmanager
def shown(on: bool) -> Iterator[None]:
    """Show progress on stderr while the block runs, if ``on``; clear the line after it."""
    global _stream
    previous, _stream = _stream, (sys.stderr if on else None)
    try:
        yield
    finally:
        if _stream is not None:
            _stream.write("\r\x1b[K")
            _stream.flush()
        _stream = previous


def say(text: str) -> None:
    """Replace the progress line with ``text`` (nothing when progress is off)."""
    global _last
    if _stream is None:
        return
    _last = time.monotonic()
    _stream.write(f"\r\x1b[Kmtgasp: {text}")
    _stream.flush()


def models(what: str, count: int) -> None:
    """``count`` answer sets of ``what`` found so far (rewritten at most every 0.2 s)."""
    if _stream is not None and time.monotonic() - _last >= _EVERY:
        say(f"solving {what}: {count} answer set{'' if count == 1 else 's'} so far")
