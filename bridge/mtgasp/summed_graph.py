"""A replacement graph whose distinct "plus" effects are summarised (616.1, 616-ordering.lp's
``grouped/1``): the bridge's counting, witnesses and commuting pairs for it.

A node's key is (the pivots' counts in the mixed radix, (value, state)); the state of the summed
effects is ``o`` (none applied), ``f(J, N, S)`` (the first run: N applied, the last one candidate
number J, summing to S) or ``c(N, S)`` (a pivot came after the first run). An edge applies a pivot
kind, one summed effect (the first run is built in index order: its N-th effect stands for N
places among the run's orders) or every summed effect not applied yet (:data:`REST`: r effects,
r! orders).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator, Sequence
from math import factorial

from clingo import Function, Symbol

from ._raw_symbols import symbol_of
from .graph_atoms import REST, Node, ReplacementGraphs
from .replacement_graph import EventGraph
from .solve import SolveStats

__all__ = ["SummedGraph", "read_summed_graph"]

#: A summarised node's state before any summed effect applies (616-summed.lp's ``o``).
_NONE_APPLIED = Function("o")


def read_summed_graph(model: Sequence[int], stats: SolveStats) -> SummedGraph | None:
    """The graph of the one event of ``model``, the answer of ``orderings-summed.lp``: None when
    its context sums no "plus" effects (616-summed.lp's grouped/1), so that the program had no
    graph for it to give."""
    graph = SummedGraph.read(model, stats)
    return graph if graph.summed else None


class SummedGraph(EventGraph):
    """:class:`EventGraph` for a context that summarises its "plus" effects."""

    SUMMED = True

    def __init__(self, stats: SolveStats) -> None:
        super().__init__(stats)
        self._summed_counts: dict[int, int] = {}
        self._placed: dict[Node, int] = {}
        self._ordered: list[Node] | None = None
        self._by_index: list[str] | None = None

    def start_node(self, graphs: ReplacementGraphs, value: int) -> Node:
        start = graphs.handles[value]
        assert isinstance(start, int)
        return (0, graphs.value_number(start, _NONE_APPLIED._rep))

    def _pair(self, node: Node) -> tuple[int, int]:
        """The handles of the value and of the summed effects' state of ``node``."""
        pair = self.table.handles[node[1]]
        assert isinstance(pair, tuple)
        return pair

    def value_at(self, node: Node) -> Symbol:
        return symbol_of(self._pair(node)[0])

    def _applied_summed(self, node: Node) -> int:
        """How many summed effects were applied on the way to ``node``: N of its state
        ``f(J, N, S)`` or ``c(N, S)``, none in ``o``."""
        found = self._summed_counts.get(node[1])
        if found is None:
            raw = self.table.raw
            state = raw.arguments(self._pair(node)[1])
            found = self._summed_counts[node[1]] = raw.number(state[-2]) if state else 0
        return found

    def placed(self, node: Node) -> int:
        """How many effects were applied on the way to ``node``."""
        found = self._placed.get(node)
        if found is None:
            pivots = sum(self.applied(node[0], kind) for kind in self.kind_weight)
            found = self._placed[node] = pivots + self._applied_summed(node)
        return found

    def insertions_at(self, node: Node) -> int:
        ways = 1
        for extra in range(1, len(self.free_effects()) + 1):
            ways *= self.placed(node) + extra
        return ways

    def _order(self) -> list[Node]:
        """The nodes with edges, fewest effects applied first (a topological order)."""
        if self._ordered is None:
            self._ordered = sorted(self.edges, key=self.placed)
        return self._ordered

    def _weight(self, node: Node, label: str, target: Node) -> int:
        """How many orderings of distinct effects one edge stands for."""
        if label == REST:
            return factorial(len(self.summed) - self._applied_summed(node))
        if label in self.summed:
            return self._applied_summed(target)
        return self.kind_size[label] - self.applied(node[0], label)

    def reaching(self) -> dict[Node, int]:
        assert self.start is not None
        ways: dict[Node, int] = defaultdict(int)
        ways[self.start] = 1
        for node in self._order():
            here = ways[node]
            for label, target in self.edges[node]:
                ways[target] += here * self._weight(node, label, target)
        return dict(ways)

    def _outcome_sets(self) -> dict[Node, int]:
        bit = {value: 1 << i for i, value in enumerate(sorted(set(self.results.values()), key=str))}
        reach: dict[Node, int] = {node: bit[value] for node, value in self.results.items()}
        for node in reversed(self._order()):
            found = reach.get(node, 0)
            for _, target in self.edges[node]:
                found |= reach.get(target, 0)
            reach[node] = found
        return reach

    def _effects(self, label: str, target: Node, path: list[str]) -> list[str]:
        """The effects an edge applies, given those applied before it (``path``)."""
        if label == REST:
            used = set(path)
            return [e for e in self._summed_by_index() if e not in used]
        if label in self.summed:
            return [label]
        return [self.members(label)[self.applied(target[0], label) - 1]]

    def _summed_by_index(self) -> list[str]:
        if self._by_index is None:
            self._by_index = sorted(self.summed, key=self.index.__getitem__)
        return self._by_index

    def _edges_in_order(self, node: Node, path: list[str]) -> Iterator[tuple[str, Node]]:
        """The edges of ``node`` by the index of the first effect each applies (a pivot kind's
        by its kind, as :class:`EventGraph`'s walk; :data:`REST` by the lowest left). The walk
        of :meth:`EventGraph._witnesses` then gives each outcome's first ordering: two paths to
        one node apply as many effects, and a run of summed effects in index order is the
        smallest of its orders (sorting a run keeps its result)."""
        edges = self.edges.get(node, ())
        if not edges or edges[0][0] != REST:  # (REST sorts first: EventGraph._sort_edges)
            return iter(edges)  # in index order already (EventGraph._sort_edges)
        index = self.index
        used = set(path)
        rest = next((index[e] for e in self._summed_by_index() if e not in used), len(index))
        return iter(sorted(edges, key=lambda edge: rest if edge[0] == REST else index[edge[0]]))

    def paths(self, limit: int) -> Iterator[tuple[str, ...]]:
        raise NotImplementedError("a summarised graph lists no orderings: ask without summing")

    def noncommuting(self) -> tuple[tuple[str, str], ...]:
        """Pairs of effects whose relative order changes the result, as :class:`EventGraph`
        judges them: both choosable at a node, the two orders do not give the same value (or one
        is not possible: a summed effect never follows a pivot alone) and choosing either first
        can lead to different sets of outcomes. Summed effects always commute."""
        assert self.start is not None
        reach = self._outcome_sets()
        step = {node: dict(edges) for node, edges in self.edges.items()}
        pairs: set[tuple[str, str]] = set()
        for choices in step.values():
            labels = sorted((k for k in choices if k != REST), key=self.index.__getitem__)
            for i, first in enumerate(labels):
                for second in labels[i + 1 :]:
                    if (first in self.summed and second in self.summed) or (
                        first,
                        second,
                    ) in pairs:
                        continue
                    one = step.get(choices[first], {}).get(second)
                    other = step.get(choices[second], {}).get(first)
                    if (
                        one is None or other is None or self.value_at(one) != self.value_at(other)
                    ) and reach.get(choices[first], 0) != reach.get(choices[second], 0):
                        pairs.add((first, second))
        return self._member_pairs(pairs)
