"""The time a question may take, and stopping clingo cleanly (at the time limit or on Ctrl-C).

Grounding and solving run in C, where Python's signal handlers cannot act. So every grounding and
solve runs in a worker thread (:func:`run`; one per calling thread, kept for its later
groundings and solves) while the calling thread waits in short slices: at
the deadline of the enclosing :func:`time_limit` block it interrupts clingo
(``Control.interrupt``) and raises :class:`~mtgasp.errors.TimeLimitError`; on Ctrl-C it
interrupts clingo and lets ``KeyboardInterrupt`` go on. In the main thread an alarm (SIGALRM)
also stops the Python work between solves (decoding, building reports) at the deadline. A solve
stops at once when interrupted; a grounding cannot be interrupted, so it is left to finish in its
(daemon) thread: :func:`abandoned` says so, and the command line then exits without waiting.

clingo reports running out of memory (an address-space limit, ``mtgasp --memory-limit``) as a
``RuntimeError`` naming ``std::bad_alloc``: that, and Python's own ``MemoryError``, become
:class:`~mtgasp.errors.MemoryLimitError`.
"""

from __future__ import annotations

import _thread
import gc
import queue
import signal
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any, Protocol, TypeVar

from .._startup import Terminated
from ..errors import MemoryLimitError, TimeLimitError
from ._ast_cache import retire

__all__ = ["abandoned", "catch_interrupts", "remaining", "run", "shielded", "time_limit"]

T = TypeVar("T")
#: A job for a clingo worker: the work, and the event set once the work and its references are gone.
_Job = tuple[Callable[[], None], threading.Event]

#: How often the waiting thread looks at the clock and lets signal handlers run (seconds).
_TICK = 0.05
#: How long an interrupted solve may take to stop before it is left behind (seconds).
_GRACE = 0.5

_DEADLINE: ContextVar[tuple[float, float] | None] = ContextVar("mtgasp_deadline", default=None)
_ABANDONED = threading.Event()
#: How many :func:`shielded` blocks are running.
_SHIELDS = 0


class Interruptible(Protocol):
    """What :func:`run` needs of a ``clingo.Control``."""

    def interrupt(self) -> None: ...


@contextmanager
def time_limit(seconds: float | None) -> Iterator[None]:
    """Every grounding and solve inside the block stops when ``seconds`` have passed since the
    block began, raising TimeLimitError. None: no limit (an enclosing limit still applies)."""
    if seconds is None:
        yield
        return
    if seconds <= 0:
        raise ValueError("a time limit must be positive")
    deadline = time.monotonic() + seconds
    outer = _DEADLINE.get()
    if outer is not None and outer[0] <= deadline:
        yield
        return
    token = _DEADLINE.set((deadline, seconds))
    alarm = _alarm(seconds)
    try:
        yield
    finally:
        # Shielded: an alarm ringing now (the block is over) must not cut the clean-up short,
        # which would leave this block's handler or deadline to the next block (seen in tests).
        with shielded():
            if alarm is not None:
                signal.setitimer(signal.ITIMER_REAL, 0)
                signal.signal(signal.SIGALRM, alarm)
            _DEADLINE.reset(token)


def _alarm(seconds: float) -> Any:
    """In the main thread, an alarm that raises TimeLimitError at the deadline wherever Python
    is (decoding models, building a report); returns the SIGALRM handler it replaced. Elsewhere
    (a thread of the caller's) None: only groundings and solves are bounded there."""
    if threading.current_thread() is not threading.main_thread() or not hasattr(signal, "SIGALRM"):
        return None  # (no SIGALRM on Windows)

    def ring(signum: int, frame: Any) -> None:
        # Raised where Python would drop it, the limit would be lost: ring again a moment later.
        if _dropping(frame):
            signal.setitimer(signal.ITIMER_REAL, _TICK)
            return
        raise TimeLimitError(seconds)

    previous = signal.signal(signal.SIGALRM, ring)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    return previous


@contextmanager
def shielded() -> Iterator[None]:
    """The block runs whole: the time limit and Ctrl-C wait until it ends. For building an object
    that must not be left half-made, e.g. a ``clingo.Control`` (whose finalizer fails when its
    ``__init__`` was stopped halfway, seen in a test run with a tiny time limit)."""
    global _SHIELDS
    _SHIELDS += 1
    try:
        yield
    finally:
        _SHIELDS -= 1


def catch_interrupts() -> None:
    """Ctrl-C raises KeyboardInterrupt where Python is, as by default, and SIGTERM its
    :class:`~mtgasp._startup.Terminated` (unless the program was started ignoring it), but never
    where Python would drop it: there it is raised again a moment later (see :func:`_dropping`).
    Call it from the main thread of a program (the ``mtgasp`` command does)."""
    signal.signal(signal.SIGINT, _interrupt)
    if signal.getsignal(signal.SIGTERM) is not signal.SIG_IGN:
        signal.signal(signal.SIGTERM, _interrupt)


def _interrupt(signum: int, frame: Any) -> None:
    if _dropping(frame):
        threading.Timer(_TICK, _thread.interrupt_main, args=(signum,)).start()
        return
    raise Terminated if signum == signal.SIGTERM else KeyboardInterrupt


def _dropping(frame: Any) -> bool:
    """Whether an exception raised in ``frame`` must wait: inside a :func:`shielded` block, or
    where Python would print and drop it rather than pass it on: inside a finalizer
    (``__del__``, e.g. of an object the garbage collector frees while a command runs) or a
    garbage-collector callback (a library's, e.g. a test framework's). A signal handler that
    raised there would lose the time limit or the Ctrl-C."""
    if _SHIELDS:
        return True
    codes = {getattr(callback, "__code__", None) for callback in gc.callbacks}
    while frame is not None:
        if frame.f_code in codes or frame.f_code.co_name == "__del__":
            return True
        frame = frame.f_back
    return False


def remaining() -> float | None:
    """Seconds left before the deadline (None: no limit)."""
    limit = _DEADLINE.get()
    return None if limit is None else limit[0] - time.monotonic()


def abandoned() -> bool:
    """True once a grounding cut by the limit or by Ctrl-C was left running in its thread."""
    return _ABANDONED.is_set()


def run(ctl: Interruptible, work: Callable[[], T]) -> T:
    """``work()`` (a grounding or solve of ``ctl``), stopped at the deadline or on Ctrl-C."""
    limit = _DEADLINE.get()
    if limit is not None and time.monotonic() >= limit[0]:
        _silence_alarm()
        raise TimeLimitError(limit[1])
    done = threading.Event()
    result: list[T] = []
    error: list[BaseException] = []

    def job() -> None:
        try:
            result.append(work())
        except BaseException as exc:  # handed to the waiting thread
            error.append(exc)

    _worker().put((job, done))
    try:
        while not done.wait(_TICK):
            if limit is not None and time.monotonic() >= limit[0]:
                _silence_alarm()
                _stop(ctl, done)
                raise TimeLimitError(limit[1])
    except (KeyboardInterrupt, TimeLimitError):
        _stop(ctl, done)
        raise
    if error:
        exc = error[0]
        if isinstance(exc, MemoryError) or (
            isinstance(exc, RuntimeError) and "bad_alloc" in str(exc)
        ):
            raise MemoryLimitError() from None
        raise exc
    return result[0]


def dispose(holder: list[Any]) -> None:
    """Let go of the Control in ``holder`` (its only reference) in the calling thread's worker,
    the thread that ground it, and wait until it is gone. Freed from another thread, a Control
    costs several times as much (about 1.3 ms instead of 0.35 for a small orderings query: its
    many small allocations are returned to another thread's arena). Waited for, never left to
    run alongside the caller: freeing a Control touches the parsed statements it shares with the
    caller's next Control (_serve)."""
    done = threading.Event()
    _worker().put((holder.clear, done))
    done.wait()


#: Each calling thread's worker: the thread its groundings and solves run in, one after another.
_WORKERS = threading.local()


def _worker() -> queue.SimpleQueue[_Job | None]:
    """The calling thread's worker (its job queue), started on first use. One long-lived thread,
    not one per job: clingo grounds several milliseconds slower in a thread it has not run in
    before (about a third of a small query). The worker ends with its caller; a worker left
    running an interrupted grounding (:func:`_stop`) is replaced."""
    jobs: queue.SimpleQueue[_Job | None] | None = getattr(_WORKERS, "jobs", None)
    if jobs is None:
        jobs = _WORKERS.jobs = queue.SimpleQueue()
        caller = threading.current_thread()
        threading.Thread(
            target=_serve, args=(jobs, caller), name="mtgasp-clingo", daemon=True
        ).start()
    return jobs


def _serve(jobs: queue.SimpleQueue[_Job | None], caller: threading.Thread) -> None:
    """Run the caller's jobs until it ends (or a None job says this worker was replaced)."""
    while caller.is_alive():
        try:
            job = jobs.get(timeout=_IDLE)
        except queue.Empty:
            continue
        if job is None:
            return
        work, done = job
        try:
            work()
        finally:
            # The job's closure holds the Control: it is let go of before the caller goes on, so
            # that clingo never frees a Control here while the caller's next grounding runs (the
            # two share parsed statements: a race inside clingo, seen as "invalid ast" and crashes).
            del job, work
            done.set()


#: How often an idle worker looks whether its caller has ended (seconds).
_IDLE = 1.0


def _silence_alarm() -> None:
    """The deadline has passed and TimeLimitError is on its way: the alarm must not ring too,
    while that error unwinds (a second TimeLimitError raised inside ``time_limit``'s cleanup
    would skip it)."""
    if threading.current_thread() is threading.main_thread() and hasattr(signal, "SIGALRM"):
        signal.setitimer(signal.ITIMER_REAL, 0)


def _stop(ctl: Interruptible, done: threading.Event) -> None:
    ctl.interrupt()
    if not done.wait(_GRACE):
        _ABANDONED.set()
        # The worker is busy with a grounding that cannot be stopped: it ends when that is done,
        # and the next job goes to a new worker, with parsed statements the abandoned grounding
        # does not share (_ast_cache).
        retire()
        jobs = _WORKERS.jobs
        _WORKERS.jobs = None
        jobs.put(None)
