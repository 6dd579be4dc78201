"""A progress bar on stderr, drawn only when stderr is a terminal (never in a pipe or a file)."""

from __future__ import annotations

import sys
import time
from typing import TextIO

__all__ = ["Progress", "progress_bar"]

#: How often the bar is redrawn at most (seconds), and its width in characters.
_EVERY = 0.1
_WIDTH = 30


class Progress:
    """``mtgasp batch: [#######.......]  40/100 boards, 2 not answered, 12 s`` on one line."""

    def __init__(self, total: int, stream: TextIO) -> None:
        self.total = total
        self.stream = stream
        self.start = time.monotonic()
        self._drawn = 0.0
        self._line = ""

    def show(self, done: int, failed: int, *, force: bool = False) -> None:
        now = time.monotonic()
        if not force and now - self._drawn < _EVERY:
            return
        self._drawn = now
        filled = _WIDTH * done // max(self.total, 1)
        bar = "#" * filled + "." * (_WIDTH - filled)
        line = (
            f"mtgasp batch: [{bar}] {done}/{self.total} boards, {failed} not answered, "
            f"{now - self.start:.0f} s"
        )
        self._line = line
        self.stream.write("\r" + line)
        self.stream.flush()

    def close(self) -> None:
        """End the bar's line (the last state drawn stays on the terminal)."""
        if self._line:
            self.stream.write("\n")
            self.stream.flush()


def progress_bar(total: int, stream: TextIO | None = None) -> Progress | None:
    """A bar on ``stream`` (stderr) if it is a terminal, else None."""
    stream = sys.stderr if stream is None else stream
    return Progress(total, stream) if stream.isatty() else None
