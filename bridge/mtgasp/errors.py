"""The exceptions mtgasp raises.

Every error a user can cause is an :class:`MtgaspError`; the CLI turns it into one paragraph on
stderr and exit code 2, never a traceback::

    MtgaspError
    ├── BoardError      the board file is missing, unreadable, malformed or inconsistent
    ├── QueryError      the question is malformed (unknown permanent, event, bound ...)
    ├── EncodingError   clingo reported a problem in our own encodings (a bug in mtgasp)
    ├── TimeLimitError  the question was stopped at its time limit (``mtgasp.time_limit``)
    └── MemoryLimitError  clingo ran out of memory (the command line's ``--memory-limit``)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .limits import MAX_PROBLEMS

__all__ = [
    "BoardError",
    "BoardProblem",
    "EncodingError",
    "MemoryLimitError",
    "MtgaspError",
    "QueryError",
    "TimeLimitError",
]


class MtgaspError(Exception):
    """Base class of every error mtgasp reports to its user."""


@dataclass(frozen=True)
class BoardProblem:
    """One thing wrong with a board file, at a location such as ``battlefield[2].card``."""

    location: str
    message: str

    def __str__(self) -> str:
        return f"{self.location}: {self.message}" if self.location else self.message


class BoardError(MtgaspError):
    """A board file that cannot be used; lists every problem found, each with its location."""

    def __init__(self, source: str, problems: Sequence[BoardProblem]) -> None:
        self.source = source
        self.problems = tuple(problems)
        lines = [f"{source}: {problem}" for problem in self.problems[:MAX_PROBLEMS]]
        if len(self.problems) > MAX_PROBLEMS:
            lines.append(f"{source}: ... and {len(self.problems) - MAX_PROBLEMS} more problems")
        super().__init__("\n".join(lines))


class QueryError(MtgaspError):
    """A question about a valid board that cannot be asked as stated."""


class EncodingError(MtgaspError):
    """Clingo reported an error, warning or info for our encodings: a bug in mtgasp."""


class TimeLimitError(MtgaspError):
    """The question was stopped at its time limit before it was answered."""

    def __init__(self, seconds: float | TimeLimitError) -> None:
        # clingo re-raises an exception from a callback as ``type(exc)(exc)``.
        self.seconds: float = seconds.seconds if isinstance(seconds, TimeLimitError) else seconds
        super().__init__(
            f"stopped at the time limit ({self.seconds:g} s) before the answer was complete"
        )


class MemoryLimitError(MtgaspError):
    """Grounding or solving ran out of memory (e.g. the address-space limit of the command line)."""

    def __init__(self, *_: object) -> None:  # clingo re-raises as ``type(exc)(exc)``
        super().__init__("stopped at the memory limit: clingo ran out of memory")
