"""Ctrl-C while the ``mtgasp`` program starts: Python imports mtgasp and clingo before any of the
command's code runs (``python -m mtgasp`` and the ``mtgasp`` script import the package first), so
a KeyboardInterrupt there would end in a traceback. Imported first by the package: when the
import is the program starting, Ctrl-C until the command takes over (``budget.catch_interrupts``)
ends it with "mtgasp: interrupted" and exit code 130 (SIGTERM: "mtgasp: terminated", 143); a
library user's import is left alone.

SIGTERM (``kill``, a service manager, ``timeout``) stops the program as Ctrl-C does, cleanly and
without a traceback, with its own message and exit code: :class:`Terminated` is the
KeyboardInterrupt it raises (``budget.catch_interrupts``), so that every place that stops
cleanly on Ctrl-C stops so on SIGTERM too."""

from __future__ import annotations

import contextlib
import os
import signal
import sys
from types import FrameType

__all__ = ["EXIT_INTERRUPTED", "EXIT_TERMINATED", "Terminated", "stopped"]

#: The exit code of a program ended by Ctrl-C (128 + SIGINT).
EXIT_INTERRUPTED = 130
#: The exit code of a program ended by SIGTERM (128 + SIGTERM).
EXIT_TERMINATED = 143


class Terminated(KeyboardInterrupt):
    """SIGTERM arrived: stop as on Ctrl-C."""


def stopped(exc: KeyboardInterrupt) -> tuple[str, int]:
    """What the program says on stderr, and its exit code, when ``exc`` stopped it."""
    if isinstance(exc, Terminated):
        return "mtgasp: terminated", EXIT_TERMINATED
    return "mtgasp: interrupted", EXIT_INTERRUPTED


def _program_starting() -> bool:
    """``python -m mtgasp`` (while Python finds the module, ``sys.argv[0]`` is ``-m``) or the
    ``mtgasp`` script, in the main thread."""
    first = sys.argv[0] if sys.argv else ""
    return first == "-m" or os.path.splitext(os.path.basename(first))[0] == "mtgasp"


def _interrupted(signum: int, frame: FrameType | None) -> None:
    message, code = stopped(Terminated() if signum == signal.SIGTERM else KeyboardInterrupt())
    sys.stderr.write(message + "\n")
    raise SystemExit(code)


# A program started with Ctrl-C ignored (a shell's background job) keeps ignoring it.
if _program_starting():
    for _signal in (signal.SIGINT, signal.SIGTERM):
        if signal.getsignal(_signal) is not signal.SIG_IGN:
            with contextlib.suppress(ValueError):  # not the main thread: nothing to catch
                signal.signal(_signal, _interrupted)
