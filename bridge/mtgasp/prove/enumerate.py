"""The enumerate engine of ``mtgasp prove``: the normal queries on every canonical board.

Boards come by size (``prove/boards.py``: permanents and lasting effects, up to symmetry); on each,
the queries whose vocabulary the property reads give their outputs (``prove/outputs.py``), and
the property is evaluated on a chunk of boards at once, one world per board
(``prove/worlds.py``). The first size with a failing board ends the search: its first failing
board in the canonical order is a smallest counterexample. Chunks run in worker processes, one
per core, through the batch layer (``batch/pool.py``), or on a Dask cluster
(``batch/on_dask.py``); a small search runs in this process (starting workers costs more).
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Iterator
from dataclasses import asdict, dataclass, replace
from functools import cache
from pathlib import Path
from typing import Any

import yaml

from ..batch.run import default_jobs
from ..board.model import Board
from ..board.write import board_to_data
from ..commands._answer import EXIT_MEMORY_LIMIT, EXIT_TIME_LIMIT, EXIT_USAGE
from ..errors import EncodingError, MemoryLimitError, QueryError, TimeLimitError
from ..solve import budget
from ..solve._ast_cache import ThreadCache
from ..solve.control import SolveStats
from .boards import BoardSpace, board_space
from .bounds import Bounds, ProveReport
from .outputs import chunk_outputs, fused_models, fused_query
from .vocabulary import Property, check_property
from .worlds import Worlds, verdicts

__all__ = ["CHUNK", "evaluate_chunk", "prove_board", "prove_enumerate"]

#: Boards per chunk (one grounding of the property; one task of a worker).
CHUNK = 200
#: The first boards of a search, up to this many, run in this process (a search of no more
#: runs there whole).
_IN_PROCESS = 2 * CHUNK

_NO_STATS = SolveStats(0, 0, 0.0, 0.0, 0, 0, 0)


@dataclass(frozen=True)
class _Failure:
    size: int
    index: int  # within its size, in the canonical order
    reasons: tuple[str, ...]


def prove_enumerate(
    property_file: str | Path,
    bounds: Bounds = Bounds(),
    *,
    jobs: int | None = None,
    dask: str | None = None,
    memory: int = 0,
) -> ProveReport:
    """Ask the normal queries of every board within ``bounds``, smallest first, until one is a
    counterexample to the property; ``jobs`` worker processes (default: one per core), each
    under an address-space limit of ``memory`` MiB (0: none) and the time left of the search."""
    start = time.process_time()
    prop = check_property(Path(property_file))
    space = board_space(bounds)
    failure = _search(prop, space, jobs or default_jobs(), dask, memory)
    report = ProveReport(
        str(property_file),
        bounds,
        True,
        (),
        None,
        _NO_STATS,
        engine="enumerate",
        boards=sum(space.count(size) for size in space.sizes),
        queries=prop.queries,
    )
    if failure is not None:
        before = sum(space.count(size) for size in space.sizes if size < failure.size)
        (board,) = space.boards(failure.size, failure.index, failure.index + 1)
        report = replace(
            report,
            holds=False,
            reasons=failure.reasons,
            counterexample=_board_text(board),
            boards=before + failure.index + 1,
        )
    return replace(report, cpu_seconds=time.process_time() - start)


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


def _chunks(space: BoardSpace) -> Iterator[tuple[int, int, int]]:
    """Every chunk of the search, in order: its size, first board and end."""
    for size in space.sizes:
        count = space.count(size)
        for begin in range(0, count, CHUNK):
            yield size, begin, min(begin + CHUNK, count)


def _search(
    prop: Property, space: BoardSpace, jobs: int, dask: str | None, memory: int
) -> _Failure | None:
    """The first failing board of the smallest size with one, if any: the first sizes, while
    they are small, in this process (starting workers costs more), the rest on one pool."""
    chunks = list(_chunks(space))
    alone = jobs == 1 and dask is None
    here = covered = 0
    while here < len(chunks):
        size, begin, end = chunks[here]
        covered += end - begin
        if not alone and covered > _IN_PROCESS:
            break
        failure = _evaluate(prop, space, size, begin, end)
        if failure is not None:
            return failure
        here += 1
    if here == len(chunks):
        return None
    return _search_in_workers(prop, space, chunks[here:], jobs, dask, memory)


def _search_in_workers(
    prop: Property,
    space: BoardSpace,
    chunks: list[tuple[int, int, int]],
    jobs: int,
    dask: str | None,
    memory: int,
) -> _Failure | None:
    """Every chunk of every size on one pool of workers (started once for the search); the
    first failure in the search's order, once every chunk before it is done."""
    left = budget.remaining()
    template = argparse.Namespace(
        run=_run_chunk,
        command="prove",
        json=True,
        time_limit=0.0 if left is None else max(left, 0.001),
        memory_limit=memory,
        property=str(prop.path),
        bounds=asdict(space.bounds),
    )
    tasks = [f"{size}:{begin}:{end}" for size, begin, end in chunks]
    if dask:
        from ..batch.on_dask import dask_events

        events = dask_events(template, tasks, dask, jobs)
    else:
        from ..batch.pool import pool_events

        events = pool_events(template, tasks, jobs, memory)
    done: set[int] = set()
    found: dict[int, _Failure] = {}
    try:
        for event in events:
            if event is None:
                continue
            index, record = event
            _raise_for(record)
            done.add(index)
            failure = record["result"]["failure"]
            if failure is not None:
                size, at, reasons = failure
                found[index] = _Failure(size, at, tuple(reasons))
            if found:
                first = min(found)
                if all(i in done for i in range(first)):
                    return found[first]
    finally:
        events.close()
    return None


def _raise_for(record: dict[str, Any]) -> None:
    """A worker's error as this process's own: its time limit, memory limit or a bug."""
    code = record["exit_code"]
    if code == 0:
        return
    if code == EXIT_TIME_LIMIT:
        raise TimeLimitError(record["result"]["time_limit"])
    if code == EXIT_MEMORY_LIMIT:
        raise MemoryLimitError()
    if code == EXIT_USAGE:
        raise QueryError(record["error"])
    raise EncodingError(record["error"])


def _run_chunk(args: argparse.Namespace) -> str:
    """A worker's task: the first failing board of one chunk (``args.board``:
    ``SIZE:BEGIN:END``)."""
    size, begin, end = (int(n) for n in args.board.split(":"))
    bounds = _bounds(json.dumps(args.bounds, sort_keys=True))
    prop = _property(args.property)
    failure = _evaluate(prop, board_space(bounds), size, begin, end)
    result = None if failure is None else [failure.size, failure.index, list(failure.reasons)]
    return json.dumps({"failure": result})


@cache
def _bounds(text: str) -> Bounds:
    data = json.loads(text)
    tuples = {k: tuple(v) for k, v in data.items() if isinstance(v, list)}
    return Bounds(**{**data, **tuples})


def _property(path: str) -> Property:
    return _PROPERTIES.get(path, lambda: check_property(Path(path)))


#: Each thread's parsed properties and their world programs (parsed statements: _ast_cache).
_PROPERTIES: ThreadCache[str, Property] = ThreadCache()
_WORLDS: ThreadCache[Path, Worlds] = ThreadCache()


def evaluate_chunk(
    prop: Property, boards: list[Board], amounts: tuple[int, ...]
) -> dict[int, tuple[str, ...]]:
    """The failing boards among ``boards`` (by position), with the property's reasons: in the
    world program of the one query it reads if it reads one (one grounding), else in its own
    world program over the outputs of every query it reads."""
    known = _WORLDS.mine()
    worlds = known.get(prop.path)
    if worlds is None or worlds.property != prop:
        worlds = known[prop.path] = Worlds(prop)
    query = fused_query(prop.queries)
    if query is not None and worlds.fused is not None:
        return verdicts(prop, fused_models(boards, query, prop.reads, worlds.fused))
    outputs = chunk_outputs(boards, prop.queries, amounts, prop.courses)
    return worlds.failures(outputs)


def _evaluate(
    prop: Property, space: BoardSpace, size: int, begin: int, end: int
) -> _Failure | None:
    boards = list(space.boards(size, begin, end))
    failures = evaluate_chunk(prop, boards, space.bounds.amounts)
    if not failures:
        return None
    first = min(failures)
    return _Failure(size, begin + first, failures[first])
