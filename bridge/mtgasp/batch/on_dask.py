"""A batch on a Dask distributed cluster (``mtgasp batch --dask ADDRESS``, or ``local``).

Dask is optional: ``pip install 'mtgasp[dask]'``. Each chunk of boards (one board, or several
for a query asked of many boards in one grounding) is one task, ``batch.answer_chunk``, run in a
worker's thread (a chunk of several whose task failed is asked again board by board): the time
limit bounds every grounding and solve there (``budget.run``), but no alarm interrupts Python
work between them and no ``--memory-limit`` applies (the cluster manages its workers' memory).
The workers need mtgasp installed (or importable) at the same version. ``local`` starts a
cluster of ``--jobs`` worker processes on this machine for the run.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence
from typing import Any

from .._text import reason
from ..commands._answer import EXIT_INTERNAL, Answer
from ..errors import QueryError
from .run import Events, answer_chunk, record

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
    template: argparse.Namespace,
    boards: Sequence[str],
    address: str,
    jobs: int,
    chunk: int = 1,
) -> Events:
    """Answer ``boards`` on the Dask cluster at ``address`` (``local``: a cluster of ``jobs``
    processes made for the run), ``chunk`` boards per task, yielding each finished board's index
    and record (None every tick while none finishes). Closing the generator cancels the tasks
    left."""
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
        raise QueryError(f"cannot reach the Dask scheduler at {address}: {reason(exc)}") from None
    left: dict[Any, list[int]] = {}

    def submit(chunks: list[list[int]]) -> None:
        named = [[boards[index] for index in indexes] for indexes in chunks]
        futures = client.map(answer_chunk, [template] * len(named), named, pure=False)
        left.update(zip(futures, chunks, strict=True))

    submit([list(range(i, min(i + chunk, len(boards)))) for i in range(0, len(boards), chunk)])
    try:
        while left:
            done = [future for future in left if future.done()]
            if not done:
                time.sleep(_TICK)
                yield None
            for future in done:
                indexes = left.pop(future)
                if future.status != "finished" and len(indexes) > 1:
                    submit([[index] for index in indexes])  # board by board
                    continue
                yield from zip(indexes, _records([boards[i] for i in indexes], future), strict=True)
    finally:
        if left:
            client.cancel(list(left))
        client.close()
        if cluster is not None:
            cluster.close()


def _records(boards: list[str], future: Any) -> list[dict[str, Any]]:
    """The task's records, or an error record for its one board when the task itself failed (a
    worker lost, mtgasp missing on a worker)."""
    if future.status == "finished":
        records: list[dict[str, Any]] = future.result()
        return records
    (board,) = boards
    why = repr(future.exception()) if future.status == "error" else future.status
    message = (
        f"internal error: the Dask task for {board} failed: {why} "
        "(is mtgasp installed on every worker?)"
    )
    return [record(board, Answer(EXIT_INTERNAL, None, message))]
