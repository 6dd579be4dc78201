"""The ``mtgasp`` command. Run ``mtgasp --help`` or ``mtgasp COMMAND --help``.

Every command reads one board file (YAML or JSON, see docs/board-format.md). Bad input or a bad
question prints one paragraph to stderr and exits with code 2; nothing is printed on stdout then.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
from collections.abc import Sequence
from typing import NoReturn

from . import progress
from ._startup import EXIT_TERMINATED, stopped
from ._text import error_text, escape, is_text
from ._version import version
from .batch import command as batch
from .commands import (
    _limits,
    activations,
    asp_path,
    attackers,
    cards,
    cast,
    castable,
    check,
    completion,
    could_produce,
    coverage,
    event,
    facts,
    orderings,
    resolve,
    step,
    tap,
)
from .commands._answer import (
    EXIT_INTERNAL,
    EXIT_INTERRUPTED,
    EXIT_MEMORY_LIMIT,
    EXIT_TIME_LIMIT,
    EXIT_USAGE,
    answer,
)
from .output import terminal
from .prove import command as prove
from .solve import budget

__all__ = [
    "EXIT_INTERNAL",
    "EXIT_INTERRUPTED",
    "EXIT_MEMORY_LIMIT",
    "EXIT_TERMINATED",
    "EXIT_TIME_LIMIT",
    "EXIT_USAGE",
    "main",
    "run",
]

#: The commands that answer at once (no clingo search): no limits to set.
_QUICK = ("facts", "asp-path", "cards", "coverage")
#: The commands that set limits for each board of theirs.
_OWN_LIMITS = ("batch",)

#: Every subcommand, in the order ``mtgasp --help`` lists them.
COMMANDS = (
    check,
    activations,
    attackers,
    could_produce,
    tap,
    castable,
    orderings,
    step,
    resolve,
    event,
    cast,
    prove,
    batch,
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
  mtgasp batch examples/ --query activations > results.jsonl

exit codes: 0 answered, 1 `prove` found a counterexample (`batch`: a board was not answered),
2 bad input or question, 3 internal error (please report it), 4 stopped at the time limit
(--time-limit), 5 out of memory (--memory-limit), 130 interrupted (Ctrl-C), 143 terminated
(SIGTERM)."""


class _Version(argparse.Action):
    """``--version``: the version is read only when asked (reading it costs start-up time)."""

    def __call__(self, parser: argparse.ArgumentParser, *_: object) -> None:
        print(f"mtgasp {version()}")
        parser.exit()


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="mtgasp",
        description=_DESCRIPTION,
        epilog=_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "--version", action=_Version, nargs=0, help="show program's version number and exit"
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for command in COMMANDS:
        p = sub.add_parser(
            command.NAME, help=command.HELP, formatter_class=argparse.RawDescriptionHelpFormatter
        )
        command.configure(p)
        if command.NAME not in (*_QUICK, *_OWN_LIMITS):
            _limits.add_limits(p)
        p.set_defaults(run=command.run)
    # A batch parses its --query as that query's own command line.
    sub.choices[batch.NAME].set_defaults(queries={q: sub.choices[q] for q in batch.QUERIES})
    return parser


def main(argv: Sequence[str] | None = None, *, whole_process: bool = False) -> int:
    """Entry point of the ``mtgasp`` command; returns the exit code.

    The address-space limit (--memory-limit) is set only when the command is the whole process
    (``whole_process``, as :func:`run` does): a caller's own process may already be larger."""
    parser = _parser()
    if completion.wanted():  # the shell asks for completions: print them and exit
        completion.complete(parser)
    words = list(sys.argv[1:] if argv is None else argv)
    wrong = next((word for word in words if not is_text(word)), None)
    if wrong is not None:
        print(
            f"mtgasp: error: the argument '{error_text(wrong)}' is not text: its bytes are not "
            "UTF-8 (names, ids and events are read as UTF-8 text)",
            file=sys.stderr,
        )
        return EXIT_USAGE
    args = parser.parse_args(words)
    as_json = getattr(args, "json", False)
    try:
        with (
            _limits.memory_limit(getattr(args, "memory_limit", 0) if whole_process else 0),
            progress.shown(sys.stderr.isatty() and not as_json),
        ):
            result = answer(args)
    except KeyboardInterrupt as exc:  # Ctrl-C, or SIGTERM (Terminated)
        message, code = stopped(exc)
        print(message, file=sys.stderr)
        return code
    if result.message is not None:
        prefix = "error: " if result.code == EXIT_USAGE else ""
        print(f"mtgasp: {prefix}{result.message}", file=sys.stderr)
    if result.output is None:
        return result.code
    try:
        # Text goes to a terminal: control characters are escaped (JSON escapes its own). On a
        # terminal itself, long lines are wrapped and verdicts coloured (piped: plain text).
        text = result.output
        if not as_json:
            text = escape(text)
            if sys.stdout.isatty():
                width = shutil.get_terminal_size().columns
                text = terminal.render(text, width, terminal.colour_wanted(dict(os.environ)))
        print(text, flush=True)
    except BrokenPipeError:
        # The reader stopped early (`mtgasp facts b.yaml | head`): not an error. Point stdout at
        # devnull so that Python's flush at exit does not fail again.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return result.code


def run() -> NoReturn:
    """The ``mtgasp`` program: :func:`main`, then exit. If a grounding cut short (time limit,
    Ctrl-C) is still running in its thread, exit at once rather than wait for it: a grounding
    cannot be interrupted (solve/budget.py)."""
    try:
        budget.catch_interrupts()
        code = main(whole_process=True)
    except KeyboardInterrupt as exc:  # outside a command's run (reading arguments, printing)
        message, code = stopped(exc)
        print(message, file=sys.stderr)
    if budget.abandoned():
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(code)
    sys.exit(code)


if __name__ == "__main__":  # pragma: no cover
    run()
