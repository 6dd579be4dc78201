"""The exceptions mtgasp raises.

Every error a user can cause is an :class:`MtgaspError`; the CLI turns it into one paragraph on
stderr and exit code 2, never a traceback::

    MtgaspError
    ├── BoardError      the board file is missing, unreadable, malformed or inconsistent
    ├── QueryError      the question is malformed (unknown permanent, event, bound ...)
    └── EncodingError   clingo reported a problem in our own encodings (a bug in mtgasp)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .limits import MAX_PROBLEMS

__all__ = ["BoardError", "BoardProblem", "EncodingError", "MtgaspError", "QueryError"]


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
