"""One event's replacement graph, as the encodings derive it (616.1, ``rules/616-ordering.lp``;
read by ``graph_atoms.ReplacementGraphs``), with what the orderings query says about its effects,
counted with big integers (:class:`EventGraph`).

A node is (counts of applied effects per kind in a mixed radix, current value); an edge applies one
more effect of a kind, named ``source#ability`` by its kind's first effect.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator, Sequence
from typing import Self

from clingo import Symbol

from ...board.values import Value, decode_value
from ...solve._raw_symbols import symbol_of
from ...solve.control import SolveStats
from .atoms import EDGE_ARITY, GRAPH_SIGNATURES, EffectIds, Node, ReplacementGraphs, sort_edges
from .effect import Effect

__all__ = ["EventGraph"]


_Node = Node


class EventGraph:
    """The replacement graph of one event, as the encodings derived it (616.1).

    A node is (counts of applied effects per kind in a mixed radix, current value); an edge
    applies one more effect of a kind. Effects of one kind are interchangeable, so an edge of a
    kind with ``S`` members of which ``A`` are applied stands for ``S - A`` distinct effects.
    """

    def __init__(self, stats: SolveStats) -> None:
        self.stats = stats
        self.start: _Node | None = None
        self.chooser = ""
        self.too_many = False
        self.edges: dict[_Node, list[tuple[str, _Node]]] = defaultdict(list)
        self.results: dict[_Node, Value] = {}
        self.index: dict[str, int] = {}
        self.kind_of: dict[str, str] = {}
        self.kind_size: dict[str, int] = {}
        self.kind_weight: dict[str, int] = {}
        self.cards: dict[str, str] = {}
        self.controllers: dict[str, str] = {}
        self.classes: dict[str, int] = {}
        self.reasons: dict[str, str] = {}
        self.now: set[str] = set()
        self.independent: set[str] = set()
        self.anyway: set[str] = set()
        self.cant: list[tuple[str, str, str, str]] = []  # rule, player, gain_life/lose_life, source
        self.prohibited = False
        self._counted: dict[Value, int] | None = None
        self._first: dict[Value, tuple[str, ...]] | None = None
        self._members: dict[str, list[str]] | None = None
        self._free: list[str] | None = None
        self.table = ReplacementGraphs()
        """Where the nodes' values are, by number."""
        self.summed: set[str] = set()
        """The summed "plus" effects present (616-ordering.lp's grouped/1): their edges apply one
        effect each, or every one not applied yet at once (:data:`REST`)."""

    #: Whether this class reads a graph with summed "plus" effects (``summed_member/2``).
    SUMMED = False

    @classmethod
    def read(cls, model: Sequence[int], stats: SolveStats) -> Self:
        """The graph of the one event of ``model``, its shown atoms as handles (``Symbol._rep``,
        ``solve(..., handles=True)``; one with summed "plus" effects only as a
        :class:`~mtgasp.answers.orderings.summed.SummedGraph`:
        ``summed_graph.read_summed_graph``)."""
        graph = cls(stats)
        graphs = graph.table
        raw = graphs.raw
        effect = EffectIds(raw)
        arguments, read_edge = raw.arguments, graphs.read_edge
        for handle in model:
            args = arguments(handle)
            if len(args) == EDGE_ARITY:
                read_edge(args)  # the bulk, told by its arity alone
                continue
            name = raw.name(handle)
            if name in GRAPH_SIGNATURES:
                graphs.read_handle(name, handle)
                continue
            if name == "event_player":
                graph.chooser = raw.text(args[1])
            elif name == "candidate_index":
                graph.index[effect(args[1])] = raw.number(args[2])
            elif name == "effect_kind":
                graph.kind_of[effect(args[1])] = effect(args[2])
            elif name == "kind_size":
                graph.kind_size[effect(args[1])] = raw.number(args[2])
            elif name == "kind_weight":
                graph.kind_weight[effect(args[1])] = raw.number(args[2])
            elif name == "effect_card":
                graph.cards[effect(args[0])] = raw.text(args[1])
            elif name == "effect_controller":
                graph.controllers[effect(args[0])] = raw.text(args[1])
            elif name == "effect_class":
                graph.classes[effect(args[0])] = raw.number(args[1])
            elif name == "effect_reason":
                graph.reasons[effect(args[0])] = raw.text(args[1])
            elif name == "applicable_now":
                graph.now.add(effect(args[1]))
            elif name == "life_prohibition":
                what = raw.name(args[3])
                graph.cant.append((raw.text(args[1]), raw.text(args[2]), what, raw.text(args[4])))
            elif name == "event_prohibited":
                graph.prohibited = True
            elif name == "independent":
                graph.independent.add(effect(args[1]))
            elif name == "applied_anyway":
                graph.anyway.add(effect(args[1]))
            elif name == "too_many_effects":
                graph.too_many = True
            elif name == "summed_member" and cls.SUMMED:
                graph.summed.add(effect(args[1]))
            elif name not in ("event", "outcome", "cant_happen"):
                raise ValueError(f"unexpected atom in the orderings answer: {symbol_of(handle)}")
        # One event was requested: its graph is the only one.
        for event, start in graphs.start.items():
            graph.edges = graphs.edges[event]
            graph.results = {node: decode_value(v) for node, v in graphs.results[event].items()}
            if not graph.too_many:
                graph.start = graph.start_node(graphs, start[1])
        sort_edges(graph.edges, graph.index, graph.table)
        return graph

    def start_node(self, graphs: ReplacementGraphs, value: int) -> _Node:
        """The start's key, from the number of the event's unmodified value in ``graphs``."""
        return (0, value)

    def value_at(self, node: _Node) -> Symbol:
        """The event's value at ``node``."""
        return self.table.symbol(node[1])

    def members(self, kind: str) -> list[str]:
        """The effects of ``kind``, by index: a path uses them in this order (its witness)."""
        if self._members is None:
            by_kind: dict[str, list[str]] = defaultdict(list)
            for effect in sorted(self.kind_of, key=self.index.__getitem__):
                by_kind[self.kind_of[effect]].append(effect)
            self._members = dict(by_kind)
        return self._members.get(kind, [])

    def applied(self, mask: int, kind: str) -> int:
        return (mask // self.kind_weight[kind]) % (self.kind_size[kind] + 1)

    def free_effects(self) -> list[str]:
        """The effects of independent kinds that apply, by index: in every ordering, anywhere."""
        if self._free is None:
            self._free = sorted(
                (e for e, k in self.kind_of.items() if k in self.anyway),
                key=self.index.__getitem__,
            )
        return self._free

    def insertions(self, mask: int) -> int:
        """In how many ways the independent effects can join an ordering that ends at ``mask``:
        placing s distinct effects among L others give (L+1)(L+2)...(L+s) orderings."""
        placed = sum(self.applied(mask, k) for k in self.kind_size if k not in self.independent)
        return self.ways_to_insert(placed)

    def ways_to_insert(self, placed: int) -> int:
        """In how many ways the independent effects can join an ordering of ``placed`` others."""
        ways = 1
        for extra in range(1, len(self.free_effects()) + 1):
            ways *= placed + extra
        return ways

    def insertions_at(self, node: _Node) -> int:
        """:meth:`insertions` at ``node``."""
        return self.insertions(node[0])

    def nodes(self) -> list[_Node]:
        """Every node, breadth first from the start (by effects applied, then mask, value)."""
        assert self.start is not None
        found = {self.start} | set(self.edges) | set(self.results)
        for edges in self.edges.values():
            found.update(target for _, target in edges)
        depth = {self.start: 0}
        order = [self.start]
        for node in order:
            for _, target in self.edges.get(node, ()):
                if target not in depth:
                    depth[target] = depth[node] + 1
                    order.append(target)
        text = {n[1]: str(self.table.symbol(n[1])) for n in found}
        return sorted(found, key=lambda n: (depth.get(n, len(found)), n[0], text[n[1]]))

    def reaching(self) -> dict[_Node, int]:
        """For every node, the orderings of the effects applied so far that lead to it from the
        start (exact integers; an edge of a kind stands for each of its effects not applied yet).
        Masks only grow along edges, so ascending masks are a topological order."""
        assert self.start is not None
        ways: dict[_Node, int] = defaultdict(int)
        ways[self.start] = 1
        size, weight = self.kind_size, self.kind_weight
        for node in sorted(self.edges):  # (by mask first)
            here, mask = ways[node], node[0]
            for kind, target in self.edges[node]:
                left = size[kind] - (mask // weight[kind]) % (size[kind] + 1)
                ways[target] += here * left
        return dict(ways)

    def node_count(self) -> int:
        nodes = set(self.edges) | set(self.results)
        for edges in self.edges.values():
            nodes.update(target for _, target in edges)
        return len(nodes)

    def edge_count(self) -> int:
        return sum(len(edges) for edges in self.edges.values())

    def count_paths(self) -> dict[Value, int]:
        """Orderings of distinct effects per outcome (exact integers).

        A path of kinds stands for the product, over its edges, of the effects of that kind not
        yet applied: each of them could be the one chosen there, and each leads to the same node.
        The orderings that reach each final node (one pass over the edges, :meth:`reaching`),
        times the ways the independent effects join them, summed by the node's outcome.
        """
        assert self.start is not None
        if self._counted is None:
            reaching = self.reaching()
            counts: dict[Value, int] = defaultdict(int)
            for node, value in self.results.items():
                if node in reaching:
                    counts[value] += reaching[node] * self.insertions_at(node)
            self._counted = dict(counts)
        return self._counted

    def _outcome_sets(self) -> dict[_Node, int]:
        """For every node, the outcomes reachable from it, as a bit set over the outcomes (one
        pass over the edges, descending masks)."""
        bit = {value: 1 << i for i, value in enumerate(sorted(set(self.results.values()), key=str))}
        reach: dict[_Node, int] = {node: bit[value] for node, value in self.results.items()}
        for node in sorted(self.edges, key=lambda n: n[0], reverse=True):
            found = reach.get(node, 0)
            for _, target in self.edges[node]:
                found |= reach.get(target, 0)
            reach[node] = found
        return reach

    def witness(self, value: Value) -> tuple[str, ...]:
        """The first ordering, effects compared by their index, that gives ``value``."""
        return self._witnesses()[value]

    def _witnesses(self) -> dict[Value, tuple[str, ...]]:
        """The first ordering of every outcome, found in one depth-first walk over the edges in
        index order (:meth:`_edges_in_order`) that enters each node once. Two paths to one node
        apply as many effects, so the first to reach a node is the smallest prefix of every
        ordering through it: the first final node of an outcome reached ends that outcome's
        first ordering (linear in the graph, not once per outcome)."""
        assert self.start is not None
        if self._first is not None:
            return self._first
        first: dict[Value, tuple[str, ...]] = {}
        if self.start in self.results:
            first[self.results[self.start]] = ()
        outcomes = len(set(self.results.values()))
        seen = {self.start}
        path: list[str] = []  # the effects applied along the stack
        # Each entry: the node's edges left to try, and the length of the path on entering it.
        stack = [(self._edges_in_order(self.start, path), 0)]
        while stack and len(first) < outcomes:  # (done once every outcome has its first)
            edges, entered = stack[-1]
            step = next(edges, None)
            if step is None:
                stack.pop()
                del path[entered:]
                continue
            label, target = step
            if target in seen:
                continue
            seen.add(target)
            start = len(path)
            path.extend(self._effects(label, target, path))
            if target in self.results:
                first.setdefault(self.results[target], tuple(path))
            stack.append((self._edges_in_order(target, path), start))
        free = tuple(self.free_effects())
        self._first = {value: (*found, *free) for value, found in first.items()}
        return self._first

    def _edges_in_order(self, node: _Node, path: list[str]) -> Iterator[tuple[str, _Node]]:
        """The edges of ``node`` in the order of the first effect each applies (``path``: the
        effects applied before): the graph's own order, by kind."""
        return iter(self.edges.get(node, ()))

    def _effects(self, label: str, target: _Node, path: list[str]) -> list[str]:
        """The effects an edge applies, given those applied before it (``path``): the next
        member of its kind."""
        return [self.members(label)[self.applied(target[0], label) - 1]]

    def paths(self, limit: int) -> Iterator[tuple[str, ...]]:
        """Every ordering of distinct effects, in the order of effect indices, at most ``limit``.

        The effects of independent kinds may be chosen at any point (each once); the others
        follow the graph's edges.
        """
        assert self.start is not None
        members = {kind: self.members(kind) for kind in self.kind_size}
        free = self.free_effects()
        count = 0
        stack: list[tuple[_Node, tuple[str, ...]]] = [(self.start, ())]
        while stack and count < limit:
            node, path = stack.pop()
            used = set(path)
            steps = [
                (effect, target)
                for kind, target in self.edges[node]
                for effect in members[kind]
                if effect not in used
            ]
            steps += [(effect, node) for effect in free if effect not in used]
            if not steps:
                count += 1
                yield path
                continue
            steps.sort(key=lambda step: self.index[step[0]])
            for effect, target in reversed(steps):
                stack.append((target, (*path, effect)))

    def noncommuting(self) -> tuple[tuple[str, str], ...]:
        """Pairs of effects whose relative order changes the result.

        Two effects A and B, both choosable at some node, do not commute there when applying A
        then B and B then A do not reach the same node (one of the orders may not even be
        possible, 616.1f) and choosing A first and choosing B first can lead to different sets
        of outcomes. Effects of one kind always commute.
        """
        assert self.start is not None
        reach = self._outcome_sets()
        step = {node: dict(edges) for node, edges in self.edges.items()}
        pairs: set[tuple[str, str]] = set()
        for choices in step.values():
            kinds = sorted(choices, key=self.index.__getitem__)
            for i, first in enumerate(kinds):
                for second in kinds[i + 1 :]:
                    if (first, second) in pairs:
                        continue
                    one = step.get(choices[first], {}).get(second)
                    other = step.get(choices[second], {}).get(first)
                    if (one is None or one != other) and (
                        reach[choices[first]] != reach[choices[second]]
                    ):
                        pairs.add((first, second))
        return self._member_pairs(pairs)

    def _member_pairs(self, pairs: set[tuple[str, str]]) -> tuple[tuple[str, str], ...]:
        """The effects of each pair of labels (a kind stands for its members), each pair in
        index order, sorted."""
        expanded = {
            (a, b) if self.index[a] < self.index[b] else (b, a)
            for first, second in pairs
            for a in self.members(first)
            for b in self.members(second)
        }
        return tuple(sorted(expanded, key=lambda p: (self.index[p[0]], self.index[p[1]])))

    def effects(self) -> tuple[Effect, ...]:
        result = []
        for name in sorted(self.index, key=self.index.__getitem__):
            source, _, ability = name.rpartition("#")
            result.append(
                Effect(
                    id=name,
                    source=source,
                    card=self.cards[name],
                    ability=int(ability),
                    controller=self.controllers[name],
                    reason=self.reasons.get(name, ""),
                    rule_class=self.classes[name],
                    applies_now=name in self.now,
                    kind=self.kind_of[name],
                    independent=self.kind_of[name] in self.independent,
                )
            )
        return tuple(result)

    def prohibitions(self) -> tuple[str, ...]:
        """The 119.7 and 119.8 prohibitions on the event's player (``life_prohibition/5``)."""
        return tuple(
            f"{rule}: {player} can't {what.removesuffix('_life')} life (because of {source})"
            for rule, player, what, source in sorted(set(self.cant))
        )
