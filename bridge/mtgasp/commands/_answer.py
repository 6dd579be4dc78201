"""Running one command on its parsed arguments: what it prints and its exit code.

The command line (``cli.main``) prints an :class:`Answer`; a batch run (``batch/run.py``) turns one
into a JSON Lines record. Both therefore give a board the same exit code and the same message:
bad input, a time limit, a memory limit are told apart exactly alike.
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass

from .._startup import EXIT_INTERRUPTED
from .._text import error_text
from ..errors import EncodingError, MemoryLimitError, MtgaspError, TimeLimitError
from ..output.files import outputs_of, refuse_overwrites
from ..output.format import dumps
from ..solve import budget

__all__ = [
    "EXIT_INTERNAL",
    "EXIT_INTERRUPTED",
    "EXIT_MEMORY_LIMIT",
    "EXIT_TIME_LIMIT",
    "EXIT_USAGE",
    "Answer",
    "answer",
]

EXIT_USAGE = 2
EXIT_INTERNAL = 3
EXIT_TIME_LIMIT = 4
EXIT_MEMORY_LIMIT = 5


@dataclass(frozen=True)
class Answer:
    """What a command gives: its exit code, what it prints on stdout (None: nothing) and its
    message on stderr (None: none; printed after ``mtgasp: ``, and ``error: `` for code 2)."""

    code: int
    output: str | None
    message: str | None = None


def answer(args: argparse.Namespace) -> Answer:
    """Run the command of ``args`` (``args.run``) under its time limit (``args.time_limit``, if
    it has one). Ctrl-C (KeyboardInterrupt) goes on to the caller."""
    try:
        # Before any work: an output file that would be overwritten without --force.
        refuse_overwrites(outputs_of(args), getattr(args, "force", False))
        with budget.time_limit(getattr(args, "time_limit", 0.0) or None):
            text = args.run(args)
    except TimeLimitError as exc:
        return Answer(EXIT_TIME_LIMIT, _stopped(args, exc), str(exc))
    except MemoryLimitError as exc:
        return Answer(EXIT_MEMORY_LIMIT, None, f"{exc} (--memory-limit {args.memory_limit} MiB)")
    except MemoryError:
        return Answer(EXIT_MEMORY_LIMIT, None, "stopped at the memory limit (--memory-limit)")
    except EncodingError as exc:
        return Answer(EXIT_INTERNAL, None, error_text(str(exc)))
    except MtgaspError as exc:
        return Answer(EXIT_USAGE, None, error_text(str(exc)))
    # prove: 1 when a counterexample was found
    return Answer(int(getattr(args, "exit_code", 0)), text)


def _stopped(args: argparse.Namespace, exc: TimeLimitError) -> str:
    """What a command stopped at its time limit prints: the mark, in text or JSON."""
    if getattr(args, "json", False):
        return dumps(
            {
                "query": args.command,
                "schema": 1,
                "truncated": True,
                "stopped_at_time_limit": True,
                "time_limit": exc.seconds,
            }
        )
    return (
        f"stopped at the time limit ({exc.seconds:g} s) before the answer was complete; "
        "nothing to show. Run again with a larger --time-limit (0: none)."
    )
