"""The ``mtgasp`` command. Run ``mtgasp --help`` or ``mtgasp COMMAND --help``.

Every command reads one board file (YAML or JSON, see docs/board-format.md). Bad input or a bad
question prints one paragraph to stderr and exits with code 2; nothing is printed on stdout then.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import NoReturn

from . import budget, completion, progress, terminal
from ._output import dumps
from ._text import error_text, escape
from ._version import __version__
from .commands import (
    activations,
    asp_path,
    cards,
    cast,
    castable,
    check,
    could_produce,
    coverage,
    event,
    facts,
    orderings,
    prove,
    resolve,
    step,
    tap,
)
from .errors import EncodingError, MemoryLimitError, MtgaspError, TimeLimitError

__all__ = ["main", "run"]

EXIT_USAGE = 2
EXIT_INTERNAL = 3
EXIT_TIME_LIMIT = 4
EXIT_MEMORY_LIMIT = 5
EXIT_INTERRUPTED = 130

#: The default --time-limit (seconds) and --memory-limit (MiB) of the commands that can run long.
DEFAULT_TIME_LIMIT = 60.0
DEFAULT_MEMORY_LIMIT = 4096
#: The commands that answer at once (no clingo search): no limits to set.
_QUICK = ("facts", "asp-path", "cards", "coverage")

#: Every subcommand, in the order ``mtgasp --help`` lists them.
COMMANDS = (
    check,
    activations,
    could_produce,
    tap,
    castable,
    orderings,
    step,
    resolve,
    event,
    cast,
    prove,
    facts,
    asp_path,
    cards,
    coverage,
)

_DESCRIPTION = """\
The Magic: The Gathering Comprehensive Rules as answer-set programs.

Describe a board in a YAML or JSON file (docs/board-format.md); mtgasp computes, exhaustively,
what the rules allow. Every verdict names the CR rule behind it. `mtgasp prove` searches every
board within bounds for one where a property of the rules fails."""

_EPILOG = """\
examples:
  mtgasp check examples/summoning-sickness.yaml
  mtgasp activations examples/summoning-sickness.yaml --player bob --json
  mtgasp facts examples/summoning-sickness.yaml \\
    | python -m clingo $(mtgasp asp-path)/queries/activations.lp -

exit codes: 0 answered, 1 `prove` found a counterexample, 2 bad input or question,
3 internal error (please report it), 4 stopped at the time limit (--time-limit), 5 out of memory
(--memory-limit), 130 interrupted (Ctrl-C)."""


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="mtgasp",
        description=_DESCRIPTION,
        epilog=_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"mtgasp {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for command in COMMANDS:
        p = sub.add_parser(
            command.NAME, help=command.HELP, formatter_class=argparse.RawDescriptionHelpFormatter
        )
        command.configure(p)
        if command.NAME not in _QUICK:
            _add_limits(p)
        p.set_defaults(run=command.run)
    return parser


def _add_limits(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--time-limit",
        type=_seconds,
        default=DEFAULT_TIME_LIMIT,
        metavar="SECONDS",
        help=f"stop after SECONDS (default {DEFAULT_TIME_LIMIT:g}; 0: no limit), saying so, "
        f"exit code {EXIT_TIME_LIMIT}",
    )
    parser.add_argument(
        "--memory-limit",
        type=_mebibytes,
        default=DEFAULT_MEMORY_LIMIT,
        metavar="MIB",
        help=f"stop when the process needs more than MIB MiB of address space (default "
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
    if not text.isdigit() or not (int(text) == 0 or 64 <= int(text) <= 1 << 30):
        raise argparse.ArgumentTypeError(
            f"'{text}': the memory limit is a whole number of MiB, 0 (none) or at least 64"
        )
    return int(text)


@contextmanager
def _memory_limit(mib: int) -> Iterator[None]:
    """An address-space limit for the duration of the command (restored after it; none where
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


def main(argv: Sequence[str] | None = None, *, whole_process: bool = False) -> int:
    """Entry point of the ``mtgasp`` command; returns the exit code.

    The address-space limit (--memory-limit) is set only when the command is the whole process
    (``whole_process``, as :func:`run` does): a caller's own process may already be larger."""
    parser = _parser()
    if completion.wanted():  # the shell asks for completions: print them and exit
        completion.complete(parser)
    args = parser.parse_args(argv)
    code = 0
    try:
        limit = getattr(args, "time_limit", 0.0) or None
        memory = getattr(args, "memory_limit", 0) if whole_process else 0
        as_json = getattr(args, "json", False)
        with (
            _memory_limit(memory),
            budget.time_limit(limit),
            progress.shown(sys.stderr.isatty() and not as_json),
        ):
            text = args.run(args)
    except KeyboardInterrupt:
        print("mtgasp: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    except TimeLimitError as exc:
        print(f"mtgasp: {exc}", file=sys.stderr)
        text, code = _stopped(args, exc), EXIT_TIME_LIMIT
    except MemoryLimitError as exc:
        print(f"mtgasp: {exc} (--memory-limit {args.memory_limit} MiB)", file=sys.stderr)
        return EXIT_MEMORY_LIMIT
    except MemoryError:
        print("mtgasp: stopped at the memory limit (--memory-limit)", file=sys.stderr)
        return EXIT_MEMORY_LIMIT
    except EncodingError as exc:
        print(f"mtgasp: {error_text(str(exc))}", file=sys.stderr)
        return EXIT_INTERNAL
    except MtgaspError as exc:
        print(f"mtgasp: error: {error_text(str(exc))}", file=sys.stderr)
        return EXIT_USAGE
    try:
        # Text goes to a terminal: control characters are escaped (JSON escapes its own). On a
        # terminal itself, long lines are wrapped and verdicts coloured (piped: plain text).
        if not getattr(args, "json", False):
            text = escape(text)
            if sys.stdout.isatty():
                width = shutil.get_terminal_size().columns
                text = terminal.render(text, width, terminal.colour_wanted(dict(os.environ)))
        print(text, flush=True)
    except BrokenPipeError:
        # The reader stopped early (`mtgasp facts b.yaml | head`): not an error. Point stdout at
        # devnull so that Python's flush at exit does not fail again.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    # prove: 1 when a counterexample was found
    return code or int(getattr(args, "exit_code", 0))


def run() -> NoReturn:
    """The ``mtgasp`` program: :func:`main`, then exit. If a grounding cut short (time limit,
    Ctrl-C) is still running in its thread, exit at once rather than wait for it: a grounding
    cannot be interrupted (budget.py)."""
    try:
        budget.catch_interrupts()
        code = main(whole_process=True)
    except KeyboardInterrupt:  # outside a command's run (reading arguments, printing)
        print("mtgasp: interrupted", file=sys.stderr)
        code = EXIT_INTERRUPTED
    if budget.abandoned():
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(code)
    sys.exit(code)


if __name__ == "__main__":  # pragma: no cover
    run()
