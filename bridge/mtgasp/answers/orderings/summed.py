"""A replacement graph whose distinct "plus" effects are summarised (616.1, 616-ordering.lp's
``grouped/1``): the bridge's counting, witnesses and commuting pairs for it.

A node's key is (the pivots' counts in the mixed radix, (value, state)); the state of the summed
effects is ``o`` (none applied), ``f(J, S)`` (the first run: the last one applied candidate number
J, the run summing to S) or ``c(S)`` (a pivot came after a first run summing to S). An edge
applies a pivot kind, one summed effect (the first run is built in index order: its N-th effect
stands for N places among the run's orders) or every summed effect not applied yet
(:data:`REST`: r effects, r! orders). A node does not say how many summed effects were applied
(runs of one sum and different sizes share it): the counts follow that number along the paths.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterator, Sequence
from math import factorial

from clingo import Function, Symbol

from ...board.values import Value
from ...solve._raw_symbols import symbol_of
from ...solve.control import SolveStats
from .atoms import REST, Node, ReplacementGraphs
from .graph import EventGraph

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
        self._sums: dict[int, int] = {}
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

    def _sum(self, node: Node) -> int:
        """What the summed effects applied on the way to ``node`` add up to: S of its state
        ``f(J, S)`` or ``c(S)``, 0 in ``o``."""
        found = self._sums.get(node[1])
        if found is None:
            raw = self.table.raw
            state = raw.arguments(self._pair(node)[1])
            found = self._sums[node[1]] = raw.number(state[-1]) if state else 0
        return found

    def _order(self) -> list[Node]:
        """The nodes with edges in a topological order: every edge adds a pivot (its mask grows)
        or summed effects (their sum grows, each adding at least 1)."""
        if self._ordered is None:
            self._ordered = sorted(self.edges, key=lambda node: node[0] + self._sum(node))
        return self._ordered

    def _pivots(self, node: Node) -> int:
        """How many pivots were applied on the way to ``node``."""
        return sum(self.applied(node[0], kind) for kind in self.kind_weight)

    def _reaching_by_applied(self) -> dict[Node, Counter[int]]:
        """For every node, the orderings that lead to it from the start, by how many summed
        effects they applied (an edge of the first run applies the N-th: N places among the run's
        orders; :data:`REST` the r not applied yet: r! orders; a pivot kind's edge each of its
        members not applied yet)."""
        assert self.start is not None
        total = len(self.summed)
        ways: dict[Node, Counter[int]] = defaultdict(Counter)
        ways[self.start][0] = 1
        for node in self._order():
            here = ways[node]
            for label, target in self.edges[node]:
                found = ways[target]
                if label == REST:
                    for applied, n in here.items():
                        found[total] += n * factorial(total - applied)
                elif label in self.summed:
                    for applied, n in here.items():
                        found[applied + 1] += n * (applied + 1)
                else:
                    left = self.kind_size[label] - self.applied(node[0], label)
                    for applied, n in here.items():
                        found[applied] += n * left
        return dict(ways)

    def insertions_at(self, node: Node) -> int:
        raise NotImplementedError("a summarised node's insertions depend on the path: count_paths")

    def reaching(self) -> dict[Node, int]:
        return {node: sum(by.values()) for node, by in self._reaching_by_applied().items()}

    def count_paths(self) -> dict[Value, int]:
        """:meth:`EventGraph.count_paths`, the independent effects' places counted by how many
        effects each ordering reaching a final node applied."""
        assert self.start is not None
        if self._counted is None:
            reaching = self._reaching_by_applied()
            counts: dict[Value, int] = defaultdict(int)
            for node, value in self.results.items():
                pivots = self._pivots(node)
                for applied, n in reaching.get(node, Counter()).items():
                    counts[value] += n * self.ways_to_insert(pivots + applied)
            self._counted = dict(counts)
        return self._counted

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
        of :meth:`EventGraph._witnesses` then gives each outcome's first ordering: a run of
        summed effects in index order is the smallest of its orders (sorting a run keeps its
        result), and the walk enters a node first by the smallest of the paths to it. Two of them
        may apply different numbers of effects (runs of one sum), but neither is the start of
        the other (every edge adds to the mask or the sum), so the smaller is decided within
        them: whatever follows the node, the first to reach it is the smaller ordering."""
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
