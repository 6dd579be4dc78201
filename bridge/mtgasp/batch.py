"""Many boards, one query: a process pool over every core by default, a Dask cluster on request.

Each board gets what ``mtgasp QUERY BOARD ... --json`` gives it, as one JSON Lines record::

    {"board": "boards/a.yaml", "exit_code": 0, "result": {...the --json output...}, "error": null}

``exit_code`` and ``error`` are the single run's exit code and its message on stderr (without
``mtgasp: `` and ``error: ``): 2 bad input, 4 the time limit (``result`` is then the mark the
single run prints), 5 the memory limit, 3 an internal error. A board never stops the run. Records
come out in the order of the boards, whichever worker finishes first.

The boards run in worker processes (``_batch_pool.py``) or on a Dask cluster
(``_batch_dask.py``); both yield ``(index, record)`` pairs as boards finish, and ``None`` now and
then while nothing has finished, so that this module can watch for Ctrl-C and draw progress.
"""

from __future__ import annotations

import argparse
import copy
import glob
import json
import os
import signal
import sys
import threading
from collections.abc import Callable, Generator, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TextIO

from ._answer import EXIT_INTERNAL, Answer, answer
from ._progress import Progress
from ._text import quote
from .errors import QueryError

__all__ = ["BOARD_SUFFIXES", "Events", "answer_board", "default_jobs", "expand", "run_batch"]

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
    other name itself (a missing file becomes that board's error record). Each file once."""
    boards: list[str] = []
    for pattern in patterns:
        if Path(pattern).is_dir():
            found = sorted(
                str(p)
                for p in Path(pattern).rglob("*")
                if p.suffix in BOARD_SUFFIXES and p.is_file()
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


def answer_board(template: argparse.Namespace, board: str) -> dict[str, Any]:
    """The record of one board: the query of ``template`` (parsed arguments, ``--json``) asked
    of ``board``, as ``mtgasp QUERY BOARD ...`` would answer it."""
    args = copy.copy(template)
    args.board = board
    try:
        return record(board, answer(args))
    except Exception as exc:  # a bug in mtgasp: this board's record says so, the run goes on
        message = f"internal error (please report it): {type(exc).__name__}: {exc}"
        return record(board, Answer(EXIT_INTERNAL, None, message))


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
    KeyboardInterrupt; a reader that stops early (a closed pipe) ends the run quietly."""
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
        raise KeyboardInterrupt
    return failed


@contextmanager
def _interrupt_flag() -> Iterator[Callable[[], bool]]:
    """Ctrl-C sets a flag instead of raising at once (so no line is cut in half); the flag stays
    readable after the block. Outside the main thread Ctrl-C never arrives: no flag is set."""
    seen = threading.Event()
    if threading.current_thread() is not threading.main_thread():
        yield seen.is_set
        return

    def handler(signum: int, frame: Any) -> None:
        seen.set()

    previous = signal.signal(signal.SIGINT, handler)
    try:
        yield seen.is_set
    finally:
        signal.signal(signal.SIGINT, previous)
