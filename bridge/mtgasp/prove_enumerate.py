"""The enumerate engine of ``mtgasp prove``: the normal queries on every canonical board.

Boards come by size (``prove_boards.py``: permanents and lasting effects, up to symmetry); on each,
the queries whose vocabulary the property reads give their outputs (``prove_outputs.py``), and
the property is evaluated on a chunk of boards at once, one world per board
(``_prove_worlds.py``). The first size with a failing board ends the search: its first failing
board in the canonical order is a smallest counterexample. Chunks run in worker processes, one
per core, through the batch layer (``_batch_pool.py``), or on a Dask cluster
(``_batch_dask.py``); a small search runs in this process (starting workers costs more).
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Iterator
from dataclasses import asdict, dataclass
from functools import cache
from pathlib import Path

import yaml

from ._prove_worlds import Worlds
from .batch import default_jobs
from .board import Board
from .board_write import board_to_data
from .prove_boards import BoardSpace, board_space
from .prove_outputs import chunk_outputs
from .prove_types import Bounds, ProveReport
from .solve import SolveStats
from .vocabulary import Property, check_property

__all__ = ["CHUNK", "evaluate_chunk", "prove_board", "prove_enumerate"]

#: Boards per chunk (one grounding of the property; one task of a worker).
CHUNK = 200
#: Searches of fewer boards than this run in this process.
_IN_PROCESS = 2 * CHUNK

_NO_STATS = SolveStats(0, 0, 0.0, 0.0, 0, 0, 0)


@dataclass(frozen=True)
class _Failure:
    index: int  # within its size, in the canonical order
    reasons: tuple[str, ...]


def prove_enumerate(
    property_file: str | Path,
    bounds: Bounds = Bounds(),
    *,
    jobs: int | None = None,
    dask: str | None = None,
) -> ProveReport:
    """Ask the normal queries of every board within ``bounds``, smallest first, until one is a
    counterexample to the property; ``jobs`` worker processes (default: one per core)."""
    start = time.process_time()
    prop = check_property(Path(property_file))
    space = board_space(bounds)
    covered = 0
    for size in space.sizes:
        count = space.count(size)
        failure = _search(prop, space, size, count, jobs or default_jobs(), dask)
        if failure is not None:
            covered += failure.index + 1
            (board,) = space.boards(size, failure.index, failure.index + 1)
            return ProveReport(
                str(property_file),
                bounds,
                False,
                failure.reasons,
                _board_text(board),
                _NO_STATS,
                engine="enumerate",
                boards=covered,
                queries=prop.queries,
                cpu_seconds=time.process_time() - start,
            )
        covered += count
    return ProveReport(
        str(property_file),
        bounds,
        True,
        (),
        None,
        _NO_STATS,
        engine="enumerate",
        boards=covered,
        queries=prop.queries,
        cpu_seconds=time.process_time() - start,
    )


def prove_board(property_file: str | Path, board: Board, bounds: Bounds = Bounds()) -> ProveReport:
    """The property on one board (a counterexample saved earlier): the same queries and the
    same evaluation as the search; ``bounds`` gives the amounts of the events asked about."""
    start = time.process_time()
    prop = check_property(Path(property_file))
    reasons = evaluate_chunk(prop, [board], bounds.amounts).get(0, ())
    return ProveReport(
        str(property_file),
        bounds,
        not reasons,
        reasons,
        None if not reasons else _board_text(board),
        _NO_STATS,
        engine="enumerate",
        boards=1,
        queries=prop.queries,
        cpu_seconds=time.process_time() - start,
        board_file=board.source,
    )


def _board_text(board: Board) -> str:
    return yaml.safe_dump(board_to_data(board), sort_keys=False, allow_unicode=True)


def _chunks(count: int) -> Iterator[tuple[int, int]]:
    for begin in range(0, count, CHUNK):
        yield begin, min(begin + CHUNK, count)


def _search(
    prop: Property, space: BoardSpace, size: int, count: int, jobs: int, dask: str | None
) -> _Failure | None:
    """The first failing board of this size, if any."""
    if (jobs == 1 and dask is None) or count < _IN_PROCESS:
        for begin, end in _chunks(count):
            failure = _evaluate(prop, space, size, begin, end)
            if failure is not None:
                return failure
        return None
    return _search_in_workers(prop, space, size, count, jobs, dask)


def _search_in_workers(
    prop: Property, space: BoardSpace, size: int, count: int, jobs: int, dask: str | None
) -> _Failure | None:
    chunks = list(_chunks(count))
    template = argparse.Namespace(
        run=_run_chunk,
        command="prove",
        json=True,
        time_limit=0.0,
        memory_limit=0,
        property=str(prop.path),
        bounds=asdict(space.bounds),
        size=size,
    )
    tasks = [f"{begin}:{end}" for begin, end in chunks]
    if dask:
        from ._batch_dask import dask_events

        events = dask_events(template, tasks, dask, jobs)
    else:
        from ._batch_pool import pool_events

        events = pool_events(template, tasks, jobs)
    done: set[int] = set()
    found: dict[int, _Failure] = {}
    try:
        for event in events:
            if event is None:
                continue
            index, record = event
            if record["exit_code"] != 0:
                raise _ChunkError(record["error"])
            done.add(index)
            failure = record["result"]["failure"]
            if failure is not None:
                found[index] = _Failure(failure[0], tuple(failure[1]))
            if found:
                first = min(found)
                if all(i in done for i in range(first)):
                    return found[first]
    finally:
        events.close()
    return None


class _ChunkError(Exception):
    pass


def _run_chunk(args: argparse.Namespace) -> str:
    """A worker's task: the first failing board of one chunk (``args.board``: ``BEGIN:END``)."""
    begin, end = (int(n) for n in args.board.split(":"))
    bounds = _bounds(json.dumps(args.bounds, sort_keys=True))
    prop = _property(args.property)
    failure = _evaluate(prop, board_space(bounds), args.size, begin, end)
    result = None if failure is None else [failure.index, list(failure.reasons)]
    return json.dumps({"failure": result})


@cache
def _bounds(text: str) -> Bounds:
    data = json.loads(text)
    tuples = {k: tuple(v) for k, v in data.items() if isinstance(v, list)}
    return Bounds(**{**data, **tuples})


@cache
def _property(path: str) -> Property:
    return check_property(Path(path))


_WORLDS: dict[Path, Worlds] = {}


def evaluate_chunk(
    prop: Property, boards: list[Board], amounts: tuple[int, ...]
) -> dict[int, tuple[str, ...]]:
    """The failing boards among ``boards`` (by position), with the property's reasons."""
    worlds = _WORLDS.get(prop.path)
    if worlds is None or worlds.property != prop:
        worlds = _WORLDS[prop.path] = Worlds(prop)
    outputs = chunk_outputs(boards, prop.queries, amounts)
    return worlds.failures(outputs)


def _evaluate(
    prop: Property, space: BoardSpace, size: int, begin: int, end: int
) -> _Failure | None:
    boards = list(space.boards(size, begin, end))
    failures = evaluate_chunk(prop, boards, space.bounds.amounts)
    if not failures:
        return None
    first = min(failures)
    return _Failure(begin + first, failures[first])
