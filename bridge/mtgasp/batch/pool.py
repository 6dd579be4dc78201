"""A batch on this machine: worker processes, each answering one chunk of boards at a time.

A chunk is one board, or for a query asked of many boards in one grounding several
(``batch.answer_chunk``). Each worker is a fresh process under its own address-space limit
(``--memory-limit``), ignoring Ctrl-C and SIGTERM, which the parent handles (a terminal's Ctrl-C,
and ``kill`` of the process group, reach every worker too): the parent kills its workers and
writes no more. (A worker starts with both blocked, so that one arriving while it starts can't
end it before it ignores it.) A worker whose parent is gone (killed with SIGKILL) ends quietly
when it finds its connection closed. A worker answers boards until told to stop; after a board
that hit the memory limit, or whose grounding
was left running at the time limit (``budget.abandoned``), it leaves and a fresh one takes its
place. A worker that dies (killed, crashed) costs one error record, for the board it was
answering, never the run: the boards of a chunk it was answering are asked again one by one, so
that only the board that ends a worker gets that record.

A worker is forked from a server process that has imported the commands once (``forkserver``,
where the platform has it; ``spawn`` elsewhere): no state of the caller's is copied, and a worker
pays no import of its own (issue 29: each spawned worker imported mtgasp before its first board).
The fork server ignores Ctrl-C and SIGTERM before it forks, so a worker does from its start.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import signal
from collections import deque
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from multiprocessing import resource_tracker
from multiprocessing.connection import Connection, wait
from typing import Any

from ..commands._answer import EXIT_INTERNAL, EXIT_MEMORY_LIMIT, Answer
from ..commands._limits import memory_limit
from ..solve import budget
from .run import Events, answer_chunk, record

__all__ = ["pool_events"]

#: How long the parent waits for a worker before it looks at Ctrl-C again (seconds).
_TICK = 0.1
#: How long a worker told to stop may take before it is killed (seconds).
_GRACE = 2.0


_Task = list[tuple[int, str]]


#: The signals the parent handles for its workers (Ctrl-C, SIGTERM).
_PARENTS = {signal.SIGINT, signal.SIGTERM}


def _serve(conn: Connection, template: argparse.Namespace, memory: int) -> None:
    """A worker: receive a chunk ``[(index, board), ...]``, send ``([(index, record), ...],
    leaving)``; None: stop. Ctrl-C and SIGTERM are the parent's to handle: the worker started
    with them blocked (:class:`_Worker`), ignores them, and only then unblocks them (one that
    came while it started is dropped). A closed connection (the parent is gone) ends it."""
    for number in _PARENTS:
        signal.signal(number, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):  # (POSIX)
        signal.pthread_sigmask(signal.SIG_UNBLOCK, _PARENTS)
    with memory_limit(memory):
        while True:
            try:
                task = conn.recv()
            except (EOFError, ConnectionResetError):
                return
            if task is None:
                return
            records = answer_chunk(template, [board for _, board in task])
            leaving = budget.abandoned() or any(
                rec["exit_code"] == EXIT_MEMORY_LIMIT for rec in records
            )
            answered = [(index, rec) for (index, _), rec in zip(task, records, strict=True)]
            try:
                conn.send((answered, leaving))
            except (BrokenPipeError, ConnectionResetError):  # the parent is gone: no one asks
                leaving = True
            if leaving:
                conn.close()
                os._exit(0)  # a grounding may still run in a daemon thread: do not wait for it


@contextmanager
def _signals_blocked() -> Iterator[None]:
    """Ctrl-C and SIGTERM blocked in the calling thread inside the block (POSIX; elsewhere
    nothing)."""
    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    blocked = signal.pthread_sigmask(signal.SIG_BLOCK, _PARENTS)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, blocked)


#: What the fork server imports before it forks a worker (and Ctrl-C and SIGTERM ignored:
#: ``_preload``).
PRELOAD = ["mtgasp.batch._preload"]


def _context() -> Any:
    """The workers' start method: forked from a server that imported PRELOAD (POSIX), else a
    fresh interpreter each (``spawn``)."""
    if "forkserver" not in multiprocessing.get_all_start_methods():
        return multiprocessing.get_context("spawn")
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(PRELOAD)
    return context


class _Worker:
    def __init__(self, template: argparse.Namespace, memory: int) -> None:
        context = _context()
        self.conn, child = context.Pipe()
        self.process = context.Process(
            target=_serve, args=(child, template, memory), name="mtgasp-batch", daemon=True
        )
        # Started with SIGINT and SIGTERM blocked (a process inherits the mask of signals it
        # blocks, through exec too): Ctrl-C while a spawned worker starts (Python importing
        # mtgasp, before _serve ignores it) would end it with a KeyboardInterrupt traceback (a
        # forked one ignores both from its start: _preload). The parent's own signal waits while
        # the worker starts, and arrives as soon as the mask is restored. multiprocessing's
        # resource tracker, started with the first worker, unblocks both in the calling thread
        # once it runs: started first, outside the block (a SIGINT then ended the first spawned
        # worker in Python's start-up: "Fatal Python error").
        resource_tracker.ensure_running()
        with _signals_blocked():
            self.process.start()
        child.close()
        self.task: _Task | None = None

    def give(self, task: _Task) -> None:
        self.task = task
        self.conn.send(task)

    def end(self, *, at_once: bool) -> None:
        """Stop the worker: ask it (or, ``at_once``, kill it: it ignores SIGTERM), then make
        sure it is gone."""
        if self.process.is_alive():
            if at_once:
                self.process.kill()
            else:
                try:
                    self.conn.send(None)
                except OSError:
                    self.process.kill()
            self.process.join(_GRACE)
            if self.process.is_alive():
                self.process.kill()
                self.process.join()
        self.conn.close()


def pool_events(
    template: argparse.Namespace,
    boards: Sequence[str],
    jobs: int,
    memory: int = 0,
    chunk: int = 1,
) -> Events:
    """Answer ``boards`` on ``jobs`` worker processes, ``chunk`` boards at a time, yielding each
    finished board's index and record (None every tick while none finishes). Closing the
    generator ends the workers."""
    numbered = list(enumerate(boards))
    tasks = deque(numbered[i : i + chunk] for i in range(0, len(numbered), chunk))
    workers: list[_Worker] = []
    finished = False
    try:
        for _ in range(min(jobs, len(tasks))):
            worker = _Worker(template, memory)
            workers.append(worker)
            worker.give(tasks.popleft())
        while any(w.task is not None for w in workers):
            busy = [w for w in workers if w.task is not None]
            ready = wait([w.conn for w in busy] + [w.process.sentinel for w in busy], _TICK)
            if not ready:
                yield None
                continue
            for worker in busy:
                event = _collect(worker, ready)
                if event is None:
                    continue
                answered, leaving = event
                if not answered and worker.task is not None:  # it died in a chunk of several
                    tasks.extendleft([pair] for pair in reversed(worker.task))  # one by one
                worker.task = None
                if leaving:
                    worker.end(at_once=True)
                    workers[workers.index(worker)] = worker = _Worker(template, memory)
                if tasks:
                    worker.give(tasks.popleft())
                yield from answered
        finished = True
    finally:
        for worker in workers:
            worker.end(at_once=not finished)


def _collect(
    worker: _Worker, ready: list[Any]
) -> tuple[list[tuple[int, dict[str, Any]]], bool] | None:
    """The worker's answers and whether it leaves, if it has them; if it died, an error record
    for its one board, or none for a chunk of several (to be asked again one by one); None if
    still busy."""
    assert worker.task is not None
    if worker.conn in ready or worker.conn.poll():
        try:
            answered, leaving = worker.conn.recv()
            return answered, leaving
        except (EOFError, ConnectionResetError):  # it died (while it answered)
            pass
    elif worker.process.sentinel not in ready:
        return None
    worker.process.join(_GRACE)
    if len(worker.task) > 1:
        return [], True
    ((index, board),) = worker.task
    message = (
        f"internal error (please report it): the worker process answering {board} ended "
        f"unexpectedly (exit code {worker.process.exitcode})"
    )
    return [(index, record(board, Answer(EXIT_INTERNAL, None, message)))], True
