"""Ctrl-C while the ``mtgasp`` program starts: Python imports mtgasp and clingo before any of the
command's code runs (``python -m mtgasp`` and the ``mtgasp`` script import the package first), so
a KeyboardInterrupt there would end in a traceback. Imported first by the package: when the
import is the program starting, Ctrl-C until the command takes over (``budget.catch_interrupts``)
ends it with "mtgasp: interrupted" and exit code 130; a library user's import is left alone."""

from __future__ import annotations

import contextlib
import os
import signal
import sys
from types import FrameType

__all__ = ["EXIT_INTERRUPTED"]

#: The exit code of a program ended by Ctrl-C (128 + SIGINT).
EXIT_INTERRUPTED = 130


def _program_starting() -> bool:
    """``python -m mtgasp`` (while Python finds the module, ``sys.argv[0]`` is ``-m``) or the
    ``mtgasp`` script, in the main thread."""
    first = sys.argv[0] if sys.argv else ""
    return first == "-m" or os.path.splitext(os.path.basename(first))[0] == "mtgasp"


def _interrupted(signum: int, frame: FrameType | None) -> None:
    sys.stderr.write("mtgasp: interrupted\n")
    raise SystemExit(EXIT_INTERRUPTED)


# A program started with Ctrl-C ignored (a shell's background job) keeps ignoring it.
if _program_starting() and signal.getsignal(signal.SIGINT) is not signal.SIG_IGN:
    with contextlib.suppress(ValueError):  # not the main thread: nothing to catch
        signal.signal(signal.SIGINT, _interrupted)
