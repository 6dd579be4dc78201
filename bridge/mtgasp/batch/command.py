"""``mtgasp batch``: one query over many boards, on every core or a Dask cluster, as JSON Lines."""

from __future__ import annotations

import argparse
import io
import shlex
import sys
from contextlib import redirect_stderr, redirect_stdout

from .._progress import progress_bar
from .._text import quote
from ..commands import _limits
from ..errors import QueryError
from .run import (
    chunk_size,
    default_jobs,
    expand,
    pipe_records,
    run_batch,
    with_refused,
)

#: The queries a batch can ask: those that take one board.
QUERIES = (
    "check",
    "activations",
    "could-produce",
    "tap",
    "castable",
    "orderings",
    "step",
    "resolve",
    "event",
    "cast",
)


def configure(parser: argparse.ArgumentParser) -> None:
    parser.description = f"""\
Ask one query of many boards and write one JSON line per board, in the order the boards are
named: {{"board": PATH, "exit_code": N, "result": ..., "error": ...}}. "result" is exactly what
`mtgasp QUERY BOARD ... --json` prints; "exit_code" and "error" are what that single run would
exit with and say on stderr (2 bad input, 4 the time limit, 5 the memory limit, 3 an internal
error): a bad board is a record, never the end of the run. A directory stands for its board
files (.yaml, .yml, .json, recursively), a quoted glob for its matches (** recurses); each
in sorted order. The boards run in worker processes, one per core (--jobs), or on a Dask
cluster (--dask, needs `pip install 'mtgasp[dask]'`). A progress bar is drawn on stderr when it
is a terminal. Ctrl-C stops the workers after the last complete line, exit code 130 (SIGTERM:
the same, exit code 143).

QUERY is one of {", ".join(QUERIES)}, with its own arguments and
options after it, as `mtgasp QUERY BOARD ...` takes them, in quotes.

examples:
  mtgasp batch examples/ > results.jsonl
  mtgasp batch 'boards/**/*.yaml' --query 'activations --no-mana-check' --jobs 4
  mtgasp batch boards/ --query 'orderings gain:alice:1' --time-limit 5
  mtgasp batch boards/ --query 'step upkeep' --dask tcp://scheduler:8786

exit codes: 0 every board answered, 1 some board was not (its record says why), 2 a bad
question (no board found, a bad --query), 130 interrupted, 143 terminated."""
    parser.add_argument(
        "boards",
        nargs="+",
        metavar="BOARD",
        help="board files, directories (searched recursively) or quoted globs",
    )
    parser.add_argument(
        "--query",
        default="check",
        metavar="'QUERY ...'",
        help="the query and its arguments, as after `mtgasp` without the board (default: check)",
    )
    parser.add_argument(
        "--jobs",
        type=_jobs,
        default=None,
        metavar="N",
        help=f"N worker processes (default: one per core, {default_jobs()} here); with "
        "--dask local, the local cluster's workers",
    )
    parser.add_argument(
        "--dask",
        metavar="ADDRESS",
        help="run on the Dask cluster whose scheduler is at ADDRESS (tcp://host:8786), or on a "
        "cluster of --jobs processes started for the run (local)",
    )
    _limits.add_limits(parser, per=" on each board", prefix="board_")


def _jobs(text: str) -> int:
    if not (text.isascii() and text.isdigit()) or not 1 <= int(text) <= 4096:
        raise argparse.ArgumentTypeError(
            f"expected a number of workers from 1 to 4096, got {quote(text)}"
        )
    return int(text)


def run(args: argparse.Namespace) -> None:
    template = _template(args.query, args.queries)
    template.time_limit = args.board_time_limit
    template.memory_limit = args.board_memory_limit
    boards = expand(args.boards)
    refused = pipe_records(boards)
    asked = [index for index in range(len(boards)) if index not in refused]
    jobs = args.jobs or default_jobs()
    chunk = chunk_size(template, len(asked), jobs)
    # Imported here: the other commands need not pay for multiprocessing at start-up.
    if args.dask:
        from .on_dask import dask_events

        events = dask_events(template, [boards[i] for i in asked], args.dask, jobs, chunk)
    else:
        from .pool import pool_events

        events = pool_events(
            template, [boards[i] for i in asked], jobs, args.board_memory_limit, chunk
        )
    events = with_refused(refused, events, asked)
    failed = run_batch(events, boards, sys.stdout, progress_bar(len(boards)))
    args.exit_code = 1 if failed else 0


#: The options by which a query writes a file besides its answer.
_OUTPUTS = ("write_board", "html", "graph")


def _template(query: str, parsers: dict[str, argparse.ArgumentParser]) -> argparse.Namespace:
    """The query's arguments, parsed as its own command parses them (for a placeholder board)."""
    try:
        words = shlex.split(query)
    except ValueError as exc:
        raise QueryError(f"--query {quote(query)}: {exc}") from None
    if not words or words[0] not in QUERIES:
        raise QueryError(
            f"--query {quote(query)}: the query must be one of {', '.join(QUERIES)}, "
            "followed by its arguments (e.g. --query 'step upkeep')"
        )
    name, rest = words[0], words[1:]
    said = io.StringIO()
    try:
        with redirect_stderr(said), redirect_stdout(said):
            template = parsers[name].parse_args(["BOARD", *rest])
    except SystemExit:
        lines = said.getvalue().strip().splitlines() or [""]
        why = lines[-1].split("error: ", 1)[-1]
        raise QueryError(f"--query {quote(query)}: {why} (see mtgasp {name} --help)") from None
    limits = (template.time_limit, template.memory_limit)
    if limits != _limits.DEFAULTS:
        raise QueryError(
            f"--query {quote(query)}: give --time-limit and --memory-limit to batch itself, "
            "outside --query (they apply to each board)"
        )
    # An output file of the query would be written once for every board, each over the last.
    written = [option for option in _OUTPUTS if getattr(template, option, None)]
    if written:
        options = ", ".join(f"--{option.replace('_', '-')}" for option in written)
        raise QueryError(
            f"--query {quote(query)}: {options} does not apply in a batch (every board would "
            "write the same file); ask the boards you want it of one at a time"
        )
    template.command = name
    template.json = True
    return template
