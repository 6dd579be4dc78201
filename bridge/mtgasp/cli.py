"""The ``mtgasp`` command. Run ``mtgasp --help`` or ``mtgasp COMMAND --help``.

Every command reads one board file (YAML or JSON, see docs/board-format.md). Bad input or a bad
question prints one paragraph to stderr and exits with code 2; nothing is printed on stdout then.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

from ._text import escape
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
from .errors import EncodingError, MtgaspError

__all__ = ["main"]

EXIT_USAGE = 2
EXIT_INTERNAL = 3

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
3 internal error (please report it)."""


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
        p.set_defaults(run=command.run)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``mtgasp`` command; returns the exit code."""
    args = _parser().parse_args(argv)
    try:
        text = args.run(args)
    except EncodingError as exc:
        print(f"mtgasp: {escape(str(exc))}", file=sys.stderr)
        return EXIT_INTERNAL
    except MtgaspError as exc:
        print(f"mtgasp: error: {escape(str(exc))}", file=sys.stderr)
        return EXIT_USAGE
    try:
        # Text goes to a terminal: control characters are escaped (JSON escapes its own).
        print(text if getattr(args, "json", False) else escape(text), flush=True)
    except BrokenPipeError:
        # The reader stopped early (`mtgasp facts b.yaml | head`): not an error. Point stdout at
        # devnull so that Python's flush at exit does not fail again.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return int(getattr(args, "exit_code", 0))  # prove: 1 when a counterexample was found


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
