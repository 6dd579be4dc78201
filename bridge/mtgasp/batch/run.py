"""Many boards, one query: a process pool over every core by default, a Dask cluster on request.

Each board gets what ``mtgasp QUERY BOARD ... --json`` gives it, as one JSON Lines record::

    {"board": "boards/a.yaml", "exit_code": 0, "result": {...the --json output...}, "error": null}

``exit_code`` and ``error`` are the single run's exit code and its message on stderr (without
``mtgasp: `` and ``error: ``): 2 bad input, 4 the time limit (``result`` is then the mark the
single run prints), 5 the memory limit, 3 an internal error. A board never stops the run. Records
come out in the order of the boards, whichever worker finishes first.

The boards run in worker processes (``batch/pool.py``) or on a Dask cluster
(``batch/on_dask.py``); both yield ``(index, record)`` pairs as boards finish, and ``None`` now and
then while nothing has finished, so that this module can watch for Ctrl-C and draw progress.
"""

from __future__ import annotations

import argparse
import copy
import glob
import json
import os
import signal
import stat
import sys
import threading
from collections.abc import Callable, Generator, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TextIO

from .._progress import Progress
from .._startup import Terminated
from .._text import error_text, quote
from ..board.model import Board
from ..commands._answer import EXIT_INTERNAL, EXIT_USAGE, Answer, answer
from ..errors import QueryError

__all__ = [
    "BOARD_SUFFIXES",
    "Events",
    "answer_board",
    "answer_chunk",
    "chunk_size",
    "default_jobs",
    "expand",
    "pipe_records",
    "run_batch",
    "with_refused",
]

#: What a directory's board files end with (a directory is searched recursively).
BOARD_SUFFIXES = (".yaml", ".yml", ".json")

#: What a backend yields: a finished board (its index and record), or None while none has.
Events = Generator[tuple[int, dict[str, Any]] | None, None, None]


def default_jobs() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def expand(patterns: Sequence[str]) -> list[str]:
    """The board files named by ``patterns``, in their order: a directory gives its board files
    (recursively, sorted), a glob (``*``, ``?``, ``[``) its matches (sorted; ``**`` recurses), any
    other name itself (a missing file becomes that board's error record). Each file once.

    Every entry of a directory whose name ends in a board suffix is a board, whatever it is
    (a dangling symbolic link, a link loop, a named pipe, a device), but a directory: each gets
    its record, so that no entry is silently left out (see :func:`pipe_records`)."""
    boards: list[str] = []
    for pattern in patterns:
        if Path(pattern).is_dir():
            found = sorted(
                str(p)
                for p in Path(pattern).rglob("*")
                if p.suffix in BOARD_SUFFIXES and not p.is_dir()
            )
            if not found:
                raise QueryError(
                    f"the directory {quote(pattern)} holds no board file "
                    f"({', '.join(BOARD_SUFFIXES)})"
                )
        elif any(c in pattern for c in "*?["):
            found = sorted(glob.glob(pattern, recursive=True))
            if not found:
                raise QueryError(f"{quote(pattern)} matches no file")
        else:
            found = [pattern]
        boards.extend(found)
    return list(dict.fromkeys(boards))


def pipe_records(boards: Sequence[str]) -> dict[int, dict[str, Any]]:
    """The error record of each board (by index) that is a named pipe. A single run reads a
    pipe (``mtgasp check <(generate)``), waiting for its writer; a batch's worker would wait
    for ever on a pipe found in a directory, so the batch refuses it before any worker runs."""
    refused = {}
    for index, board in enumerate(boards):
        try:
            is_pipe = stat.S_ISFIFO(os.stat(board).st_mode)
        except (OSError, ValueError):  # missing, a loop, a bad name: the worker's record says so
            continue
        if is_pipe:
            message = f"{board}: is a named pipe, not a board file; a batch reads regular files"
            refused[index] = record(board, Answer(EXIT_USAGE, None, error_text(message)))
    return refused


def with_refused(refused: dict[int, dict[str, Any]], events: Events, asked: list[int]) -> Events:
    """The ``refused`` records, then the backend's ``events`` for the boards it was given
    (``asked``: their indices among all the boards), renumbered as indices of all the boards."""
    try:
        yield from refused.items()
        for event in events:
            yield None if event is None else (asked[event[0]], event[1])
    finally:
        events.close()


def answer_board(
    template: argparse.Namespace, board: str, run: Callable[[argparse.Namespace], str] | None = None
) -> dict[str, Any]:
    """The record of one board: the query of ``template`` (parsed arguments, ``--json``) asked
    of ``board``, as ``mtgasp QUERY BOARD ...`` would answer it (``run``: instead of the
    command's own ``run``, for ``answer_chunk``'s steps)."""
    args = copy.copy(template)
    args.board = board
    if run is not None:
        args.run = run
    try:
        return record(board, answer(args))
    except Exception as exc:  # a bug in mtgasp: this board's record says so, the run goes on
        message = f"internal error (please report it): {type(exc).__name__}: {exc}"
        return record(board, Answer(EXIT_INTERNAL, None, message))


#: The queries asked of many boards in one grounding (``batch/worlds.py``), and the most boards
#: one grounding holds.
CHUNKED = frozenset({"activations"})
MAX_CHUNK = 50


def chunk_size(template: argparse.Namespace, boards: int, jobs: int) -> int:
    """How many boards a worker answers at once: one, but for a query asked of many boards in
    one grounding up to MAX_CHUNK, with four chunks per worker where there are boards enough."""
    if template.command not in CHUNKED:
        return 1
    return max(1, min(MAX_CHUNK, boards // (4 * jobs)))


def answer_chunk(template: argparse.Namespace, boards: Sequence[str]) -> list[dict[str, Any]]:
    """The record of each of ``boards``, each the one ``answer_board`` gives it. A query in
    CHUNKED asks them in one grounding; should that fail as a whole (clingo's messages, the time
    or memory limit, which bound the chunk as they bound one board), each board is asked alone,
    so that what one board does never changes another's record."""
    if len(boards) > 1 and template.command in CHUNKED:
        try:
            return _activations_chunk(template, boards)
        except Exception:  # the chunk as a whole failed: every board alone
            pass
    return [answer_board(template, board) for board in boards]


def _activations_chunk(template: argparse.Namespace, boards: Sequence[str]) -> list[dict[str, Any]]:
    """``answer_chunk`` for the activations query: each board loaded as the command loads it
    (a bad board is its own record), the loaded ones answered in one grounding."""
    from ..commands import _common
    from ..commands.activations import show
    from ..solve import budget
    from .worlds import activations_many

    loaded: dict[int, Board] = {}

    def load(index: int) -> Callable[[argparse.Namespace], str]:
        def run(args: argparse.Namespace) -> str:
            loaded[index] = _common.board(args)
            return ""

        return run

    records = [answer_board(template, board, load(i)) for i, board in enumerate(boards)]
    done: list[int] = []
    reports: list[Any] = []
    for part in _parts(loaded):
        with budget.time_limit(getattr(template, "time_limit", 0.0) or None):
            reports += activations_many(
                [loaded[i] for i in part], player=template.player, check_mana=template.check_mana
            )
        done += part
    for index, report in zip(done, reports, strict=True):

        def answered(args: argparse.Namespace, report: Any = report) -> str:
            if isinstance(report, Exception):
                raise report
            return show(args, report)

        records[index] = answer_board(template, boards[index], answered)
    return records


#: The most permanents one grounding of a chunk holds: small boards go together, a large one
#: alone (as big a grounding as its own query's, never bigger).
MAX_CHUNK_PERMANENTS = 2000


def _parts(loaded: dict[int, Board]) -> list[list[int]]:
    """The loaded boards (by index, in order) in groups of at most MAX_CHUNK_PERMANENTS
    permanents, or one board."""
    parts: list[list[int]] = []
    size = 0
    for index in sorted(loaded):
        permanents = len(loaded[index].battlefield)
        if not parts or size + permanents > MAX_CHUNK_PERMANENTS:
            parts.append([])
            size = 0
        parts[-1].append(index)
        size += permanents
    return parts


def record(board: str, result: Answer) -> dict[str, Any]:
    """A board's JSON Lines record."""
    return {
        "board": board,
        "exit_code": result.code,
        "result": None if result.output is None else json.loads(result.output),
        "error": result.message,
    }


def run_batch(
    events: Events, boards: Sequence[str], out: TextIO, progress: Progress | None = None
) -> int:
    """Write each board's record to ``out`` as one line, in the order of ``boards``, as the
    ``events`` of a backend come in. Returns how many boards were not answered (exit code not
    0). Ctrl-C stops the backend (its workers end) after the last complete line and raises
    KeyboardInterrupt (SIGTERM: Terminated); a reader that stops early (a closed pipe) ends the
    run quietly."""
    waiting: dict[int, dict[str, Any]] = {}
    written = finished = failed = 0
    try:
        with _interrupt_flag() as interrupted:
            for event in events:
                if interrupted():
                    break
                if event is not None:
                    index, rec = event
                    waiting[index] = rec
                    finished += 1
                    failed += rec["exit_code"] != 0
                    while written in waiting:
                        line = json.dumps(waiting.pop(written), ensure_ascii=False)
                        out.write(line + "\n")
                        out.flush()
                        written += 1
                if progress is not None:
                    progress.show(finished, failed)
    except BrokenPipeError:
        # Point stdout at devnull so that Python's flush at exit does not fail again.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    finally:
        events.close()
        if progress is not None:
            progress.close()
    if interrupted():
        raise Terminated if interrupted() == signal.SIGTERM else KeyboardInterrupt
    return failed


#: The signals that stop a batch cleanly: Ctrl-C, and SIGTERM unless the program ignores it.
_STOPPING = (signal.SIGINT, signal.SIGTERM)


@contextmanager
def _interrupt_flag() -> Iterator[Callable[[], int]]:
    """Ctrl-C (or SIGTERM) sets a flag, the signal's number, instead of raising at once (so no
    line is cut in half); the flag stays readable after the block (0: no signal). Outside the
    main thread no signal arrives: no flag is set."""
    seen: list[int] = []
    if threading.current_thread() is not threading.main_thread():
        yield lambda: 0
        return

    def handler(signum: int, frame: Any) -> None:
        seen.append(signum)

    previous = {
        number: signal.getsignal(number)
        for number in _STOPPING
        if signal.getsignal(number) is not signal.SIG_IGN
    }
    for number in previous:
        signal.signal(number, handler)
    try:
        yield lambda: seen[0] if seen else 0
    finally:
        for number, before in previous.items():
            signal.signal(number, before)
