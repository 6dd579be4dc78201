"""Reading replacement graphs (616.1, ``rules/616-ordering.lp``) out of an answer: the one reader
of ``event_value/2`` (the start), ``edge/6`` and ``result/4``, per event
(:class:`ReplacementGraphs`; could-produce reads one per defined mana event; an orderings query's
:class:`~mtgasp.answers.orderings.graph.EventGraph` one).

Atoms are read by their handles (:mod:`mtgasp.solve._raw_symbols`), not through ``clingo.Symbol``: a
graph's bulk is its edges, thousands of them, each read with two calls into clingo.
"""

from __future__ import annotations

from collections import defaultdict
from functools import cmp_to_key
from itertools import pairwise

from clingo import Function, Symbol, SymbolType

from ...solve._raw_symbols import RawSymbols, symbol_of
from ...solve._symbols import as_int, as_str

__all__ = [
    "EDGE_ARITY",
    "GRAPH_SIGNATURES",
    "REST",
    "EffectIds",
    "Node",
    "ReplacementGraphs",
    "effect_id",
    "ranks",
    "sort_edges",
]

Node = tuple[int, int]
"""A node: the counts of applied effects (a mixed-radix number) and the number of its value in
the graph's table of values (:attr:`ReplacementGraphs.handles`)."""

#: The atoms a replacement graph is read from.
GRAPH_SIGNATURES = frozenset({"event_value", "edge", "result"})
#: ``edge/6``'s arity: no other atom an orderings query shows has six arguments
#: (``asp/queries/_orderings_show.lp``; tests/test_encodings.py checks it), so that its thousands
#: of edges are told apart without asking clingo for each one's name.
EDGE_ARITY = 6


def effect_id(symbol: Symbol) -> str:
    """``effect("mr", 1)`` -> ``"mr#1"``: the source's id and the ability's number."""
    source, number = symbol.arguments
    return f"{as_str(source)}#{as_int(number)}"


#: The label of an edge that applies every summed "plus" effect not applied yet at once
#: (616-ordering.lp's grouped/1, :mod:`mtgasp.answers.orderings.summed`).
REST = "rest"


def _label(symbol: Symbol) -> str:
    """An edge's label: the effect id of its kind, or :data:`REST`."""
    return REST if symbol.type == SymbolType.Function and symbol.name == REST else effect_id(symbol)


class ReplacementGraphs:
    """The replacement graphs of a model, by event (its request term, e.g. ``tap(O, N, Ch)``).

    Atoms are read by their handles (:mod:`mtgasp.solve._raw_symbols`): a graph's bulk is its edges,
    and each is read with two calls into clingo. A node's value is kept once, in :attr:`handles`;
    a node holds its number there. A summarised node ``g(Mp, G)`` with value V is (Mp, the
    number of the pair ``(V, G)``)."""

    def __init__(self, raw: RawSymbols | None = None) -> None:
        self.raw = raw if raw is not None else RawSymbols()
        self.start: dict[Symbol, Node] = {}
        self.edges: dict[Symbol, dict[Node, list[tuple[str, Node]]]] = defaultdict(
            lambda: defaultdict(list)
        )
        self.results: dict[Symbol, dict[Node, Symbol]] = defaultdict(dict)
        self.handles: list[int | tuple[int, int]] = []
        """The distinct values of the nodes by number, as handles (or, in a summarised graph,
        the handles of (value, state) pairs)."""
        self._numbers: dict[int | tuple[int, int], int] = {}
        self._symbols: dict[int, Symbol] = {}
        self._events: dict[int, Symbol] = {}
        self._edge_maps: dict[int, dict[Node, list[tuple[str, Node]]]] = {}
        self._kinds: dict[int, str] = {}
        self._keys: dict[tuple[int, int], Node] = {}

    def read(self, symbol: Symbol) -> None:
        """Read one ``event_value/2``, ``edge/6`` or ``result/4`` atom (see GRAPH_SIGNATURES)."""
        self.read_handle(symbol.name, symbol._rep)

    def read_handle(self, name: str, handle: int) -> None:
        """:meth:`read`, of the atom with this name and handle."""
        args = self.raw.arguments(handle)
        if name == "edge":
            self.read_edge(args)
        elif name == "result":
            self.results[self._event(args[0])][self._key(args[1], args[2])] = symbol_of(args[3])
        elif name == "event_value":
            self.start[self._event(args[0])] = (0, self.value_number(args[1]))
        else:
            raise ValueError(f"not a replacement graph atom: {symbol_of(handle)}")

    def read_edge(self, arguments: list[int]) -> None:
        """Read one ``edge/6`` atom given by the handles of its arguments (:meth:`read_handle`'s
        case, on its own: the bulk of a graph)."""
        event, mask, value, kind, mask2, value2 = arguments
        edges = self._edge_maps.get(event)
        if edges is None:
            edges = self._edge_maps[event] = self.edges[self._event(event)]
        label = self._kinds.get(kind)
        if label is None:
            label = self._kinds[kind] = _label(symbol_of(kind))
        keys = self._keys
        source = keys.get((mask, value)) or self._key(mask, value)
        target = keys.get((mask2, value2)) or self._key(mask2, value2)
        edges[source].append((label, target))

    def value_number(self, value: int, state: int | None = None) -> int:
        """The number of a value (by its handle) in :attr:`handles`, or of the pair of a value
        and a summarised node's state."""
        key: int | tuple[int, int] = value if state is None else (value, state)
        found = self._numbers.get(key)
        if found is None:
            found = self._numbers[key] = len(self.handles)
            self.handles.append(key)
        return found

    def symbol(self, number: int) -> Symbol:
        """The value of this number (a pair ``(V, G)`` in a summarised graph), as a symbol."""
        found = self._symbols.get(number)
        if found is None:
            key = self.handles[number]
            if isinstance(key, tuple):
                found = Function("", [symbol_of(key[0]), symbol_of(key[1])])
            else:
                found = symbol_of(key)
            self._symbols[number] = found
        return found

    def _event(self, handle: int) -> Symbol:
        found = self._events.get(handle)
        if found is None:
            found = self._events[handle] = symbol_of(handle)
        return found

    def _key(self, mask: int, value: int) -> Node:
        """A node's key, once per (mask, value): (mask, value's number), or for a summarised
        node ``g(Mp, G)``, (Mp, the number of (value, G))."""
        found = self._keys.get((mask, value))
        if found is None:
            raw = self.raw
            if raw.is_number(mask):
                found = (raw.number(mask), self.value_number(value))
            else:
                pivots, state = raw.arguments(mask)
                found = (raw.number(pivots), self.value_number(value, state))
            self._keys[(mask, value)] = found
        return found


class EffectIds:
    """:func:`effect_id` of handles, once per handle."""

    def __init__(self, raw: RawSymbols) -> None:
        self._raw = raw
        self._found: dict[int, str] = {}

    def __call__(self, handle: int) -> str:
        found = self._found.get(handle)
        if found is None:
            source, number = self._raw.arguments(handle)
            found = self._found[handle] = f"{self._raw.text(source)}#{self._raw.number(number)}"
        return found


def ranks(values: list[Symbol]) -> list[int]:
    """Each value's place among ``values`` in clingo's order of symbols."""

    def compare(a: int, b: int) -> int:
        return -1 if values[a] < values[b] else 1 if values[b] < values[a] else 0

    order = sorted(range(len(values)), key=cmp_to_key(compare))
    ranks = [0] * len(values)
    for place, number in enumerate(order):
        ranks[number] = place
    return ranks


def sort_edges(
    edges: dict[Node, list[tuple[str, Node]]], index: dict[str, int], table: ReplacementGraphs
) -> None:
    """Each node's edges by kind (``index``, the effects' order), then target: mask, then value in
    clingo's order of symbols (compared only where a node has two edges of one kind to one mask).
    (The edges of one kind from one node all lead to one mask, its weight added, so the kind alone
    orders the rest.)"""
    tied = False
    for out in edges.values():
        if len(out) > 1:  # (most nodes of a large graph have one or two edges)
            out.sort(key=lambda edge: index.get(edge[0], -1))
            tied = tied or any(a[0] == b[0] and a[1][0] == b[1][0] for a, b in pairwise(out))
    if tied:
        rank = ranks([table.symbol(n) for n in range(len(table.handles))])
        for out in edges.values():
            out.sort(key=lambda edge: (index.get(edge[0], -1), edge[1][0], rank[edge[1][1]]))
