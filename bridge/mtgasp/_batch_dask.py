"""A batch on a Dask distributed cluster (``mtgasp batch --dask ADDRESS``, or ``local``).

Dask is optional: ``pip install 'mtgasp[dask]'``. Each board is one task,
``batch.answer_board``, run in a worker's thread: the time limit bounds every grounding and
solve there (``budget.run``), but no alarm interrupts Python work between them and no
``--memory-limit`` applies (the cluster manages its workers' memory). The workers need mtgasp
installed (or importable) at the same version. ``local`` starts a cluster of ``--jobs`` worker
processes on this machine for the run.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence
from typing import Any

from ._answer import EXIT_INTERNAL, Answer
from .batch import Events, answer_board, record
from .errors import QueryError

__all__ = ["dask_events"]

#: How long the run waits for tasks before it looks at Ctrl-C again (seconds).
_TICK = 0.1
#: How long connecting to a scheduler may take (seconds).
_CONNECT = 30

_MISSING = (
    "--dask needs Dask's distributed scheduler, which is not installed: "
    "pip install 'mtgasp[dask]' (or pip install 'dask[distributed]')"
)


def dask_events(
    template: argparse.Namespace, boards: Sequence[str], address: str, jobs: int
) -> Events:
    """Answer ``boards`` on the Dask cluster at ``address`` (``local``: a cluster of ``jobs``
    processes made for the run), yielding each finished board's index and record (None every
    tick while none finishes). Closing the generator cancels the tasks left."""
    try:
        import importlib

        # Untyped where installed: typed as Any, so mypy agrees with and without Dask.
        distributed: Any = importlib.import_module("distributed")
    except ImportError:
        raise QueryError(_MISSING) from None
    cluster: Any = None
    if address == "local":
        cluster = distributed.LocalCluster(
            n_workers=jobs, threads_per_worker=1, dashboard_address=None
        )
    try:
        client = distributed.Client(cluster if cluster is not None else address, timeout=_CONNECT)
    except (OSError, TimeoutError, ValueError) as exc:
        raise QueryError(f"cannot reach the Dask scheduler at {address}: {exc}") from None
    futures = client.map(answer_board, [template] * len(boards), list(boards), pure=False)
    left = dict(enumerate(futures))
    try:
        while left:
            done = [index for index, future in left.items() if future.done()]
            if not done:
                time.sleep(_TICK)
                yield None
            for index in done:
                yield index, _record(boards[index], left.pop(index))
    finally:
        if left:
            client.cancel(list(left.values()))
        client.close()
        if cluster is not None:
            cluster.close()


def _record(board: str, future: Any) -> dict[str, Any]:
    """The task's record, or an error record when the task itself failed (a worker lost, mtgasp
    missing on a worker)."""
    if future.status == "finished":
        rec: dict[str, Any] = future.result()
        return rec
    why = repr(future.exception()) if future.status == "error" else future.status
    message = (
        f"internal error: the Dask task for {board} failed: {why} "
        "(is mtgasp installed on every worker?)"
    )
    return record(board, Answer(EXIT_INTERNAL, None, message))
