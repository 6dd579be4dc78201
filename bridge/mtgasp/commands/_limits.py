"""The limits of a command that can run long: ``--time-limit`` and ``--memory-limit``."""

from __future__ import annotations

import argparse
from collections.abc import Iterator
from contextlib import contextmanager

from ._answer import EXIT_MEMORY_LIMIT, EXIT_TIME_LIMIT

__all__ = [
    "DEFAULTS",
    "DEFAULT_MEMORY_LIMIT",
    "DEFAULT_TIME_LIMIT",
    "add_limits",
    "memory_limit",
]

#: The default --time-limit (seconds) and --memory-limit (MiB) of the commands that can run long.
DEFAULT_TIME_LIMIT = 60.0
DEFAULT_MEMORY_LIMIT = 4096
DEFAULTS = (DEFAULT_TIME_LIMIT, DEFAULT_MEMORY_LIMIT)


def add_limits(parser: argparse.ArgumentParser, *, per: str = "", prefix: str = "") -> None:
    """The two options, stored as ``PREFIXtime_limit`` and ``PREFIXmemory_limit``; ``per`` says
    what each limit applies to in the help (``" per board"``)."""
    parser.add_argument(
        "--time-limit",
        dest=f"{prefix}time_limit",
        type=_seconds,
        default=DEFAULT_TIME_LIMIT,
        metavar="SECONDS",
        help=f"stop after SECONDS{per} (default {DEFAULT_TIME_LIMIT:g}; 0: no limit), saying so, "
        f"exit code {EXIT_TIME_LIMIT}",
    )
    parser.add_argument(
        "--memory-limit",
        dest=f"{prefix}memory_limit",
        type=_mebibytes,
        default=DEFAULT_MEMORY_LIMIT,
        metavar="MIB",
        help=f"stop when the process{per} needs more than MIB MiB of address space (default "
        f"{DEFAULT_MEMORY_LIMIT}; 0: no limit), exit code {EXIT_MEMORY_LIMIT}",
    )


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not a number of seconds") from None
    if not 0 <= value <= 1e6:
        raise argparse.ArgumentTypeError("the time limit must be between 0 and 1000000 seconds")
    return value


def _mebibytes(text: str) -> int:
    digits = text.isascii() and text.isdigit()
    if not digits or not (int(text) == 0 or 64 <= int(text) <= 1 << 30):
        raise argparse.ArgumentTypeError(
            f"'{text}': the memory limit is a whole number of MiB, 0 (none) or at least 64"
        )
    return int(text)


@contextmanager
def memory_limit(mib: int) -> Iterator[None]:
    """An address-space limit for the duration of the block (restored after it; none where
    the platform has no such limit)."""
    try:
        import resource
    except ImportError:  # Windows
        yield
        return
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    wanted = mib << 20
    if mib == 0 or (hard != resource.RLIM_INFINITY and hard < wanted):
        yield
        return
    resource.setrlimit(resource.RLIMIT_AS, (wanted, hard))
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_AS, (soft, hard))
