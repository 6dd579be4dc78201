"""The one reader of the replacement graphs the encodings derive (616.1, ``rules/616-ordering.lp``):
``event_value/2`` (the start), ``edge/6`` and ``result/4``, per event. The orderings query reads
one event's graph (``orderings.EventGraph``); could-produce reads one per defined mana event
(``mana.could_produce`` with ``why``).

A node is (counts of applied effects per kind in a mixed radix, current value); an edge applies one
more effect of a kind, named ``source#ability`` by its kind's first effect.
"""

from __future__ import annotations

from collections import defaultdict

from clingo import Symbol

from ._symbols import as_int, as_str

__all__ = ["GRAPH_SIGNATURES", "Node", "ReplacementGraphs", "effect_id"]

Node = tuple[int, Symbol]

#: The atoms a replacement graph is read from.
GRAPH_SIGNATURES = frozenset({"event_value", "edge", "result"})


def effect_id(symbol: Symbol) -> str:
    """``effect("mr", 1)`` -> ``"mr#1"``: the source's id and the ability's number."""
    source, number = symbol.arguments
    return f"{as_str(source)}#{as_int(number)}"


class ReplacementGraphs:
    """The replacement graphs of a model, by event (its request term, e.g. ``tap(O, N, Ch)``)."""

    def __init__(self) -> None:
        self.start: dict[Symbol, Node] = {}
        self.edges: dict[Symbol, dict[Node, list[tuple[str, Node]]]] = defaultdict(
            lambda: defaultdict(list)
        )
        self.results: dict[Symbol, dict[Node, Symbol]] = defaultdict(dict)
        self._kinds: dict[Symbol, str] = {}

    def read(self, symbol: Symbol) -> None:
        """Read one ``event_value/2``, ``edge/6`` or ``result/4`` atom (see GRAPH_SIGNATURES)."""
        name, args = symbol.name, symbol.arguments
        if name == "edge":
            # The bulk of a large answer: read the numbers directly, name each kind once.
            kind = self._kinds.get(args[3])
            if kind is None:
                kind = self._kinds[args[3]] = effect_id(args[3])
            self.edges[args[0]][(args[1].number, args[2])].append((kind, (args[4].number, args[5])))
        elif name == "result":
            self.results[args[0]][(as_int(args[1]), args[2])] = args[3]
        elif name == "event_value":
            self.start[args[0]] = (0, args[1])
        else:
            raise ValueError(f"not a replacement graph atom: {symbol}")
