"""Counting the models of a query by which atoms of some signatures are true in them, without
copying a symbol out per model (``count_models``): the grounding is ``control``'s."""

from __future__ import annotations

import time
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path

import clingo
from clingo import Symbol

from .. import progress
from .._resources import query_path
from ..errors import EncodingError
from . import budget
from ._parse import encoding_report
from .control import SolveStats, _arguments, _grounded, _stats

__all__ = ["Counts", "count_models"]


@dataclass(frozen=True)
class Counts:
    """How many models have each set of true atoms of some signatures (sorted symbols)."""

    counts: dict[tuple[Symbol, ...], int]
    exhausted: bool
    stats: SolveStats

    @property
    def total(self) -> int:
        """The number of models counted."""
        return sum(self.counts.values())


#: Atoms per cost level in :func:`count_models`: the weights 1, 2, ..., 2**29 sum below 2**30.
_BITS = 30


def count_models(
    query: str | Path,
    facts: Iterable[Symbol],
    signatures: Sequence[tuple[str, int]],
    *,
    consts: Mapping[str, int] | None = None,
    max_models: int = 0,
    extra: Sequence[Symbol] = (),
) -> Counts:
    """Count the models of ``query`` on ``facts`` by which atoms of ``signatures`` are true in them.

    The same counts as grouping every model's true atoms of ``signatures`` (as ``solve`` would show
    them), but no symbol is copied out per model: the program is ground once, then a minimize
    statement gives each of those atoms its own bit of the cost (:data:`_BITS` atoms per priority
    level), and clasp enumerates every model (``--opt-mode=enum`` with a bound no model reaches:
    nothing is optimized or cut). Each model's cost is its set of atoms; only the distinct sets
    are decoded into symbols. ``max_models`` 0 means all models (the order of enumeration differs
    from ``solve``'s, so counts cut by ``max_models`` are not those of ``solve``'s first models).
    The program must not optimize (no ``#minimize`` or weak constraints of its own).
    """
    path = query if isinstance(query, Path) else query_path(query)
    ctl, messages, ground_seconds = _grounded(path, facts, extra, _arguments(max_models, consts))
    start = time.perf_counter()
    atoms = sorted(
        (atom.symbol, atom.literal)
        for name, arity in signatures
        for atom in ctl.symbolic_atoms.by_signature(name, arity)
    )
    levels = [atoms[i : i + _BITS] for i in range(0, len(atoms), _BITS)]
    if levels:
        with ctl.backend() as backend:
            for priority, level in enumerate(levels):
                backend.add_minimize(
                    priority, [(literal, 1 << bit) for bit, (_, literal) in enumerate(level)]
                )
        bound = ",".join([str(1 << _BITS)] * len(levels))  # above every level's cost
        ctl.configuration.solve.opt_mode = f"enum,{bound}"  # type: ignore[union-attr]
    ground_seconds += time.perf_counter() - start
    by_cost: dict[tuple[int, ...], int] = {}
    found: list[None] = []  # one entry per model, for progress
    priorities: list[int] = []

    def on_model(model: clingo.Model) -> None:
        cost = tuple(model.cost)
        by_cost[cost] = by_cost.get(cost, 0) + 1
        found.append(None)
        progress.models(path.stem, len(found))
        if not priorities:
            priorities.extend(model.priority)

    start = time.perf_counter()
    result = budget.run(ctl, partial(ctl.solve, on_model=on_model))
    solve_seconds = time.perf_counter() - start
    if messages.lines:
        raise EncodingError(encoding_report(path, messages, "clingo reported problems"))
    if not set(priorities) <= set(range(len(levels))):
        raise EncodingError(
            encoding_report(path, messages, "the program optimizes: cannot count by cost")
        )
    counts: dict[tuple[Symbol, ...], int] = {}
    for cost, n in by_cost.items():
        true = []
        for priority, weight in zip(priorities, cost, strict=True):
            level = levels[priority]
            while weight:  # each bit set: one true atom of this level
                low = weight & -weight
                true.append(level[low.bit_length() - 1][0])
                weight ^= low
        counts[tuple(sorted(true))] = n
    answer = Counts(
        counts=counts,
        exhausted=bool(result.exhausted),
        stats=_stats(ctl, ground_seconds, solve_seconds, sum(by_cost.values())),
    )
    holder = [ctl]
    del ctl, result
    budget.dispose(holder)  # freed where it was ground (see solve)
    return answer
