"""The ``mtgasp`` command. Run ``mtgasp --help`` or ``mtgasp COMMAND --help``.

Every command reads one board file (YAML or JSON, see docs/board-format.md). Bad input or a bad
question prints one paragraph to stderr and exits with code 2; nothing is printed on stdout then.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Collection, Sequence
from types import ModuleType

from ._startup import stopped
from ._text import is_text
from ._version import version
from .commands import completion

#: ``typing.TYPE_CHECKING`` without importing typing (start-up: issue 29).
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import NoReturn

# Imported where they are used (a command's run, not --help or --version: issue 29, start-up):
# .commands._answer, .commands._limits, .output.terminal, .progress, .solve.budget.

__all__ = ["COMMANDS", "Command", "main", "run"]

#: The commands that answer at once (no clingo search): no limits to set.
_QUICK = ("facts", "asp-path", "cards", "coverage")
#: The commands that set limits for each board of theirs.
_OWN_LIMITS = ("batch",)


class Command:
    """A subcommand as ``mtgasp --help`` lists it: its word, its one-line summary and its module
    (``configure``, ``run``: ``commands/__init__.py``), imported only when the command line names
    it, so that ``--help`` and ``--version`` load neither clingo nor jsonschema."""

    __slots__ = ("module", "name", "summary")

    def __init__(self, name: str, summary: str, module: str) -> None:
        self.name = name
        self.summary = summary
        self.module = module

    def load(self) -> ModuleType:
        return importlib.import_module(self.module)


#: Every subcommand, in the order ``mtgasp --help`` lists them.
COMMANDS = (
    Command(
        "check",
        "run every query on a board and print one report (the main job)",
        "mtgasp.commands.check",
    ),
    Command(
        "activations",
        "list every activated ability: legal, or illegal with each CR reason",
        "mtgasp.commands.activations",
    ),
    Command(
        "attackers",
        "list every creature: could it attack now, or why not (each CR reason)",
        "mtgasp.commands.attackers",
    ),
    Command(
        "could-produce",
        "the types of mana each permanent could produce now (106.7), with witnesses",
        "mtgasp.commands.could_produce",
    ),
    Command(
        "tap",
        "activate a mana ability now: every result, replacement orderings and triggers (106.12)",
        "mtgasp.commands.tap",
    ),
    Command(
        "castable",
        "can each card in hand and each ability with a mana cost be paid now? (exact, with a plan)",
        "mtgasp.commands.castable",
    ),
    Command(
        "orderings",
        "every order in which replacement effects apply to an event, and the distinct outcomes",
        "mtgasp.commands.orderings",
    ),
    Command(
        "step",
        "begin a step: what triggers, every course until the stack is empty, distinct outcomes",
        "mtgasp.commands.step",
    ),
    Command(
        "resolve",
        "resolve the board's stack: every course until it is empty, distinct outcomes",
        "mtgasp.commands.resolve",
    ),
    Command(
        "event",
        "apply a life event, damage, a draw, destroy/exile/sacrifice/bounce or counters",
        "mtgasp.commands.event",
    ),
    Command(
        "cast",
        "cast a spell with X, targets and mode and resolve it: its effect, triggers, outcomes",
        "mtgasp.commands.cast",
    ),
    Command(
        "prove",
        "search every board within bounds for a counterexample to a property of the rules",
        "mtgasp.prove.command",
    ),
    Command(
        "batch",
        "run one query over many boards (every core, or a Dask cluster) and write JSON Lines",
        "mtgasp.batch.command",
    ),
    Command(
        "facts",
        "print the board as ASP facts, for running the encodings with plain clingo",
        "mtgasp.commands.facts",
    ),
    Command(
        "asp-path", "print the directory of the installed encodings", "mtgasp.commands.asp_path"
    ),
    Command(
        "cards",
        "list or search the cards mtgasp knows; import current card data (MTGJSON)",
        "mtgasp.commands.cards",
    ),
    Command(
        "coverage",
        "of every numbered CR rule, which are encoded and which fired in the scenario cases",
        "mtgasp.commands.coverage",
    ),
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


def _parser(named: Collection[str] | None = None) -> argparse.ArgumentParser:
    """The command line's parser: every command listed, those ``named`` (every one for None)
    configured; a batch's queries with it (it parses its --query as that query's command line)."""
    parser = argparse.ArgumentParser(
        prog="mtgasp",
        description=_DESCRIPTION,
        epilog=_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "--version", action=_Version, nargs=0, help="show program's version number and exit"
    )
    # prog given: argparse would make a help formatter to work it out (importing shutil).
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND", prog="mtgasp")
    for command in COMMANDS:
        sub.add_parser(
            command.name, help=command.summary, formatter_class=argparse.RawDescriptionHelpFormatter
        )
    modules = {c.name: c.load() for c in COMMANDS if named is None or c.name in named}
    if "batch" in modules:
        queries = modules["batch"].QUERIES
        modules.update({c.name: c.load() for c in COMMANDS if c.name in queries})
        sub.choices["batch"].set_defaults(queries={q: sub.choices[q] for q in queries})
    if modules:
        from .commands import _limits
    for name, module in modules.items():
        p = sub.choices[name]
        module.configure(p)
        p.add_argument(
            "--color",
            choices=("auto", "always", "never"),  # output/terminal.py's colour_wanted reads it
            default="auto",
            metavar="WHEN",
            help="colour the verdicts of text output: auto (on a terminal, unless NO_COLOR is "
            "set; FORCE_COLOR colours piped output too), always or never",
        )
        if name not in (*_QUICK, *_OWN_LIMITS):
            _limits.add_limits(p)
        p.set_defaults(run=module.run)
    return parser


def _named(words: Sequence[str]) -> set[str]:
    """The command the words name: the first that is no option (``mtgasp --help``: none)."""
    return {next((word for word in words if not word.startswith("-")), "")}


def main(argv: Sequence[str] | None = None, *, whole_process: bool = False) -> int:
    """Entry point of the ``mtgasp`` command; returns the exit code.

    The address-space limit (--memory-limit) is set only when the command is the whole process
    (``whole_process``, as :func:`run` does): a caller's own process may already be larger."""
    words = list(sys.argv[1:] if argv is None else argv)
    if completion.wanted():  # the shell asks for completions: print them and exit
        completion.complete(_parser())
    wrong = next((word for word in words if not is_text(word)), None)
    if wrong is not None:
        from ._text import error_text
        from .commands._answer import EXIT_USAGE

        print(
            f"mtgasp: error: the argument '{error_text(wrong)}' is not text: its bytes are not "
            "UTF-8 (names, ids and events are read as UTF-8 text)",
            file=sys.stderr,
        )
        return EXIT_USAGE
    args = _parser(_named(words)).parse_args(words)
    from . import progress
    from ._text import escape
    from .commands import _limits
    from .commands._answer import EXIT_USAGE, answer
    from .output import terminal
    from .solve import budget

    if whole_process:  # Ctrl-C until now: _startup's handler (exit 130, as here)
        budget.catch_interrupts()
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
            tty = sys.stdout.isatty()
            choice = getattr(args, "color", "auto")
            colour = terminal.colour_wanted(dict(os.environ), choice=choice, tty=tty)
            if tty:
                import shutil

                text = terminal.render(text, shutil.get_terminal_size().columns, colour)
            elif colour:  # piped, with --color always or FORCE_COLOR: coloured, not wrapped
                text = terminal.coloured(text)
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
        code = main(whole_process=True)
    except KeyboardInterrupt as exc:  # outside a command's run (reading arguments, printing)
        message, code = stopped(exc)
        print(message, file=sys.stderr)
    from .solve import budget

    if budget.abandoned():
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(code)
    sys.exit(code)


if __name__ == "__main__":  # pragma: no cover
    run()
